"""The typed rule spec (pasyans/spec.py) and the pack's rank order (pasyans/cards.py Pack)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pasyans.cards import Card, Pack
from pasyans.spec import (Field, RuleSpec, SpecError, load_schema, normalise, schema_errors, stated,
                          validate_json)


def _schema_paths() -> set[str]:
    out = set()
    for name, node in load_schema()["properties"].items():
        if node.get("$ref") == "#/$defs/field":
            out.add(name)
        elif node.get("type") == "object":
            out |= {f"{name}.{k}" for k, v in node["properties"].items() if v.get("$ref") == "#/$defs/field"}
    return out


def test_every_schema_field_is_declared_once():
    """Adding a field to the schema is one line in its section class: this test names the missing one."""
    assert set(RuleSpec.paths()) == _schema_paths()
    assert len(RuleSpec.paths()) == len(set(RuleSpec.paths()))


def test_every_corpus_spec_round_trips_and_validates(kb):
    rows = kb.execute("select id, rules from games").fetchall()
    assert len(rows) > 100
    for gid, rules in rows:
        data = json.loads(rules)
        spec = RuleSpec.from_json(data)
        assert spec.to_json() == data, gid
        assert schema_errors(spec.to_json()) == [], gid


def test_castle_fields_read_typed(kb):
    """«Осажденная крепость» (004-004): «То есть шестерка может покрыть любую семерку» — building down."""
    spec = RuleSpec.from_json(json.loads(kb.execute("select rules from games where id = '004-004'").fetchone()[0]))
    f = spec.tableau.build_direction
    assert (f.value, f.status, f.path) == ("down", "stated", "tableau.build_direction")
    assert f.lines is not None and f.quote
    assert spec.field("tableau.build_direction") is f
    assert spec.pack.size == 52


def test_synonyms_are_normalised_once_where_the_enum_allows():
    assert normalise("tableau.build_suit", "alternate-colour") == "alternate-color"
    assert normalise("tableau.build_suit", "any") == "any-suit"
    assert normalise("foundations.base", "any") == "any"          # «any» is a base value of its own
    assert normalise("tableau.space", "any") == "any"
    assert normalise("tableau.move", "single") == "one-card"
    assert normalise("foundations.base", "10") == "T"
    assert normalise("deck.packs", 2) == 2
    spec = RuleSpec.from_json({"tableau": {"move": {"value": "sequence", "status": "stated", "quote": "q",
                                                    "lines": [3, 4]}}})
    assert spec.tableau.move.value == "any-sequence"


def test_a_bare_value_is_stated_and_a_missing_field_unknown():
    spec = RuleSpec.from_json({"tableau": {"build_suit": "same-suit"}})
    assert spec.tableau.build_suit.value == "same-suit" and spec.tableau.build_suit.status == "stated"
    assert spec.known("tableau.space") is None
    assert spec.field("stock.deal_to") == Field()
    assert spec.field("nothing.here").known is False


def test_validate_names_the_path():
    spec = RuleSpec().with_field("tableau.space", "sideways", quote="q", lines=(1, 1))
    with pytest.raises(SpecError, match=r"tableau\.space"):
        spec.validate()
    ok = RuleSpec().with_field("tableau.space", "kings", quote="Пробелы … только королями.", lines=(1485, 1487))
    assert ok.validate() is ok
    with pytest.raises(SpecError, match="schema_version"):
        validate_json({**ok.to_json(), "schema_version": "9.9"})


def test_with_field_and_unknown_paths():
    spec = RuleSpec().with_field("deck.cards_per_pack", 32, quote="от тузов до семерок", lines=(10, 10))
    assert spec.pack.ranks == (1, 7, 8, 9, 10, 11, 12, 13)
    assert spec.with_field("deck.cards_per_pack", None).pack.size == 52
    with pytest.raises(KeyError):
        spec.with_field("tableau.colour", "red")


def test_a_field_of_a_newer_schema_is_kept():
    data = RuleSpec().to_json()
    data["stock"]["deal_when"] = {"value": "no-space", "status": "stated", "quote": "q", "lines": [1, 1], "ref": None}
    spec = RuleSpec.from_json(data)
    assert spec.to_json()["stock"]["deal_when"]["value"] == "no-space"
    assert spec.field("stock.deal_when").value == "no-space"


def test_special_params_read_like_the_json():
    spec = RuleSpec.from_json({"special": [{"name": "accordion", "description": "", "quote": "слева",
                                            "lines": [313, 322],
                                            "params": {"moves": ["L1", "L3"], "build policies": ["same-suit"]}}]})
    sp = spec.special_named("accordion")
    assert sp.params.get("moves") == ["L1", "L3"]
    assert sp.params["build policies"] == ["same-suit"]
    assert sp.to_json()["params"] == {"moves": ["L1", "L3"], "build policies": ["same-suit"]}
    assert sp.lines == (313, 322)


def test_stated_helper_and_cite():
    f = stated("down", "То есть шестерка может покрыть любую семерку.", (550, 552), "tableau.build_direction")
    assert f.cite() == "lines 550–552"
    assert Field().cite() == "unknown"


# -- the pack ----------------------------------------------------------------------------------

def test_a_stripped_pack_keeps_its_ace_low():
    """«от тузов до семерок»: a 32-card pack runs A, 7, 8, … K — a seven follows the ace."""
    p = Pack.of(32)
    assert p.step(7, 1) == 1
    assert p.follows(7, 1, (1,)) == "straight"
    assert p.follows(2, 1, (1,)) is None and 2 not in p
    assert p.follows(1, 13, (1,)) == "wrap"
    assert p.next_rank(13, 1) is None and p.next_rank(13, 1, wrap=True) == 1
    assert len(list(p.cards())) == 32


@pytest.mark.parametrize("size,low", [(52, 2), (36, 6), (32, 7), (24, 9), (20, 10)])
def test_the_rank_after_the_ace(size, low):
    assert Pack.of(size).next_rank(1, 1) == low
    assert len(Pack.of(size)) * 4 == size


def test_an_unknown_pack_size_is_an_error():
    with pytest.raises(ValueError, match="40"):
        Pack.of(40)
    assert Pack.of(None).size == 52


def test_exports_find_and_the_engine_load_neither_spacy_nor_the_extractor(built_kb):
    """Exporting (json, markdown, Solvitaire), finding a game and judging moves read no prose:
    spaCy and the extractors are not loaded (checked in a fresh interpreter's ``sys.modules``)."""
    code = f"""
import sys, sqlite3, tempfile
from pasyans.kb.export import export_json, export_markdown, export_solvitaire
from pasyans.kb.names import find
conn = sqlite3.connect({str(built_kb[0])!r})
export_json(conn)
d = tempfile.mkdtemp()
export_markdown(conn, d)
export_solvitaire(conn, d)
find(conn, "Осада")
from pasyans.engine.verify import verify_example           # the engine reads no prose either
from pasyans.engine.judge import check_moves
from pasyans.models import Move
from pasyans.cards import Card
check_moves([Move([Card.parse("QH")], "KS", "♥Д — ♠К", (1, 1), to_card=Card.parse("KS"))], dict())
bad = sorted(m for m in sys.modules if m.split('.')[0] == 'spacy' or m.startswith('pasyans.extract'))
print(" ".join(bad))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
