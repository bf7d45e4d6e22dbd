"""``pasyans.spec.is_valid`` (the frame checked once, each field record once per distinct repr)
says what the whole schema's validator says: on every spec the corpus reads, and on those specs
broken one field at a time."""

from __future__ import annotations

import copy

import pytest

from extract.rules.schema import field_paths, get_field, set_field, unknown_spec
from pasyans.spec import _split_validators, is_valid, schema_errors, validator

BREAKS = [
    ("status not in the enum", lambda r: {**r, "status": "guessed"}),
    ("stated without lines", lambda r: {**r, "status": "stated", "value": 1, "quote": "q", "lines": None}),
    ("stated with one line", lambda r: {**r, "status": "stated", "value": 1, "quote": "q", "lines": [3]}),
    ("stated with line 0", lambda r: {**r, "status": "stated", "value": 1, "quote": "q", "lines": [0, 2]}),
    ("unknown with a value", lambda r: {**r, "status": "unknown", "value": 2, "quote": None, "lines": None}),
    ("inherited without ref", lambda r: {**r, "status": "inherited", "value": 1, "ref": None}),
    ("an extra key", lambda r: {**r, "colour": "red"}),
    ("no ref key", lambda r: {k: v for k, v in r.items() if k != "ref"}),
    ("not an object", lambda r: ["value", 1]),
    ("lines a tuple", lambda r: {**r, "status": "stated", "value": 1, "quote": "q", "lines": (1, 2)}),
]


def test_the_schema_splits_into_its_frame_and_thirty_field_records():
    frame, _field, paths = _split_validators()
    assert len(paths) == len(field_paths()) == 30 and ("goal",) in paths and ("deck", "packs") in paths


def test_is_valid_agrees_with_the_schema_on_every_spec_the_corpus_reads(specs):
    assert specs
    for key, (spec, _findings) in specs.items():
        assert is_valid(spec) is validator().is_valid(spec) is True, key


@pytest.mark.parametrize("name,brk", BREAKS, ids=[b[0] for b in BREAKS])
def test_is_valid_agrees_with_the_schema_on_a_broken_field(name, brk, specs):
    spec = next(iter(specs.values()))[0]
    for path in ("deck.packs", "tableau.build_suit", "goal"):
        broken = copy.deepcopy(spec)
        set_field(broken, path, brk(get_field(spec, path)))
        assert is_valid(broken) is validator().is_valid(broken) is False, (name, path)
        assert schema_errors(broken) and schema_errors(broken)[0].startswith(path), schema_errors(broken)


def test_is_valid_agrees_on_a_broken_frame():
    spec = unknown_spec()
    for broken in ({**spec, "schema_version": "9"}, {k: v for k, v in spec.items() if k != "deck"},
                   {**spec, "deck": []}, {**spec, "special": {}}, [], None, "spec"):
        assert is_valid(broken) is validator().is_valid(broken) is False
    assert is_valid(spec) and schema_errors(spec) == []
