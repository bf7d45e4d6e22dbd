"""The rule reader's phrasings as data (``extract/rules/phrasings/``): every row's example sentence,
read alone (no corpus), gives the fields the row says; every cue's example contains the cue; the
data files are well formed. Adding a phrasing is adding a row — and its example is its test."""

from __future__ import annotations

import pytest

from pasyans.extract.rules import extract_rules_with_findings, get_field, validate_spec
from pasyans.extract.rules.cues import PhrasingError, compile_pattern, cues, word_classes
from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.rules.interpret import PRE_1918, example_language, rows
from pasyans.extract.rules.tokens import sentences, tokens
from pasyans.extract.text import MappedText


def _read(text: str, lang: str):
    """A row's example read as a build reads its source: a pre-1918 text is modernized first."""
    mt = MappedText.from_lines(text.split("\n"))
    if PRE_1918.search(text):
        mt = modernize_mapped(mt)
    spec, findings = extract_rules_with_findings(mt, lang)
    validate_spec(spec)
    return spec, findings


ROW_EXAMPLES = [(row.id, i, ex) for row in rows() for i, ex in enumerate(row.examples)]
CUE_EXAMPLES = [(label, ex) for label, cue in cues().items() for ex in cue.examples]


@pytest.mark.parametrize("rid,i,example", ROW_EXAMPLES, ids=[f"{r}-{i}" for r, i, _ in ROW_EXAMPLES])
def test_row_example_gives_its_fields(rid, i, example):
    text = example["text"]
    spec, _ = _read(text, example.get("lang") or example_language(text))
    for path, want in example.get("expect", {}).items():
        got = get_field(spec, path)
        if want == "unknown":
            assert got["status"] == "unknown", (rid, path, got)
        else:
            assert got["value"] == want and got["status"] == "stated", (rid, path, got)
            assert got["quote"] and got["lines"], (rid, path, got)
    if "special" in example:
        assert any(s["name"] == example["special"] for s in spec["special"]), (rid, spec["special"])


@pytest.mark.parametrize("label,example", CUE_EXAMPLES, ids=[f"{lab}-{n}" for n, (lab, _) in enumerate(CUE_EXAMPLES)])
def test_cue_example_contains_its_cue(label, example):
    lang = example_language(example)
    mt = MappedText.from_lines(example.split("\n"))
    found = sentences(mt, tokens(mt.text, lang), lang)
    assert any(s.has(label) for s in found), (label, example)


def test_every_row_has_an_example_and_every_cue_is_used():
    assert all(row.examples for row in rows()), [r.id for r in rows() if not r.examples]
    used = {c for row in rows() for c in row.cues + row.with_any + row.with_all + row.without + row.not_inside}
    used = {c.lstrip("^") for c in used}
    from pasyans.extract.rules.interpret import NOT_FROM

    used |= {c for cs in NOT_FROM.values() for c in cs}      # cues that bar a field whatever the row
    # cues read by the mechanics, the anchors and the reader itself, not by a row
    internal = {"F_ANCHOR", "T_ANCHOR", "W_ANCHOR", "F_WEAK", "T_WEAK", "GOAL", "SUCCESS", "VARIANT", "ADVICE",
                "EXAMPLE", "SAME_AS", "SAME_AS_NAMED", "WRAP_PAIR", "PAIR", "POINTS", "SAME_RANK", "ONE_BY_ONE", "OUT_OF_PLAY",
                "REVERSIBLE", "DISCARD", "WHOLE_PACK", "AS_THEY_APPEAR", "PILES_EACH", "EXTRA_PILES", "PLUS_ONE",
                "IN_LAYOUT", "SUIT_BY_PILE_HINT", "ACES_TO_F", "PREPLACE_VERB", "KOROL_CUE", "WINDOW",
                "COLUMNS_COUNT", "LAST_ROW", "GROWING", "STACK_COUNT", "SPACE_ANY", "SPACE_KINGS", "SPACE_NOT",
                "SPACE_RESERVE", "SPACE_STOCK", "SPACE_WASTE", "SPACE_FROM_LAYOUT", "GOAL_INTO_PLACE", "OWN_PLACE", "WORKED_EXAMPLE", "ALIAS_CUE",
                "COLUMN_PLAY", "ROW_PLAY", "NO_STOCK", "ROW_AS_PILE", "SIDE_BY_SIDE", "PILE_BUILT_IN", "TAKE_OFF"}
    unused = set(cues()) - used - internal
    assert not unused, sorted(unused)


def test_every_word_class_is_used_by_a_cue():
    text = " ".join(p.source for c in cues().values() for p in c.patterns)
    atoms = {a.lstrip("~") for el in text.split() for alt in el.split("|") for a in alt.split("&")}
    atoms = {a.rstrip("?*+").split("{")[0] for a in atoms}
    # classes read by name in code (values, mechanics, tokens)
    by_code = {"CARD", "PILE", "ROW", "HIGHER", "LOWER", "EACH", "SUIT", "ONE", "REDEAL_NOUN", "SUIT_STEM"}
    unused = set(word_classes()) - atoms - by_code
    assert not unused, sorted(unused)


@pytest.mark.parametrize("pattern", ["KOLODA ADJ{0,2", "NOSUCHCLASS CARD", "ADJ? KOLODA", "по \"масти"])
def test_bad_patterns_are_refused_with_the_cue_named(pattern):
    with pytest.raises(PhrasingError, match=r"\[TEST\]"):
        compile_pattern("TEST", pattern)


def test_a_sentence_setting_nothing_is_kept_as_a_finding():
    """Item 4 of issue 12: a rule sentence read into no field is a finding with its quote."""
    spec, findings = _read("Короля, появившегося в веере, переложим в самый низ веера.", "ru")
    assert any(s["name"] == "kings-to-bottom" for s in spec["special"]) or any(
        f.kind == "unparsed-rule-sentence" and "Короля" in f.token for f in findings)
    _, findings = _read("Если карты сложились в пирамиду, их можно перемешать по-новому и убрать.", "ru")
    assert [f.kind for f in findings] == ["unparsed-rule-sentence"]


def test_cue_search_of_some_labels_is_the_search_of_all_restricted():
    from pasyans.extract.rules import cues
    from pasyans.extract.rules.tokens import tokens

    toks = tokens("Карты кладут в нисходящей последовательности, чередуя цвета; свободное место "
                  "занимают королём. Колоду раскладывают один раз.", "ru")
    feats, stops = [t.feats for t in toks], [len(toks)] * len(toks)
    every = cues.find(feats, stops)
    assert len(every) >= 3 and list(every) == [label for label in cues.cues() if label in every]
    some = list(every)[::-2]
    assert cues.find(feats, stops, iter(some)) == {label: every[label] for label in some}
    with pytest.raises(KeyError):
        cues.find(feats, stops, ["NO_SUCH_CUE"])
