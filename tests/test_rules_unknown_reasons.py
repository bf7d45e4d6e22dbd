"""Every unknown field says why, truthfully: when a sentence of the game's text speaks of the field (it has
a cue of a row that sets it) and the field was not read from it, the reason names that line and quotes it
(:mod:`pasyans.extract.rules.unread`); «no sentence of the game's text states it» only when none does.
Real lines: the bundled corpus as the build reads it, and other authors' texts of ``tests/fixtures``."""

from __future__ import annotations

from pathlib import Path

from pasyans.extract.rules import get_field
from pasyans.extract.rules.unread import cue_fields_of, reason
from tests.test_rules_references import _read_source

FIXTURES = Path(__file__).parent / "fixtures"


def _game(path: str, lang: str):
    text = (FIXTURES / path).read_text("utf-8").rstrip("\n")
    return _read_source("u9", [text], lang)[0]


def test_a_variant_sentence_that_speaks_of_the_field_is_named(specs):
    # 003 «Часы»-like game, line 139: «Например, в некоторых версиях тузы выбираются из раскладки …»
    f = get_field(specs["003-11"][0], "foundations.preplaced")
    assert f["status"] == "unknown"
    assert f["reason"].startswith("line 139 has words for it («выбираются»)")
    assert "another version of the game" in f["reason"] and "«Например, в некоторых версиях тузы" in f["reason"]


def test_advice_that_speaks_of_spaces_is_named(specs):
    f = get_field(specs["002-2"][0], "tableau.space")
    assert f["status"] == "unknown"
    assert f["reason"].startswith("line 41 has words for it («освобождают») but was not read as a rule (advice")


def test_a_rule_sentence_read_for_other_fields_only_is_named():
    # forum answer (others5), line 6: the grid closes up and «пустые места в конце добираете из запаса»
    g = _game("other_authors5/ru/forum_monte_carlo.txt", "ru")
    f = get_field(g.rules, "tableau.space")
    assert f["status"] == "unknown"
    assert f["reason"].startswith("line 6 has words for it («пустые места») but gave other fields only: "
                                  "«Когда убрать больше нечего, сдвигаете")


def test_an_unparsed_rule_sentence_is_named_and_a_field_nobody_speaks_of_keeps_the_plain_reason():
    # blog post (others4), line 5: «Сначала выньте из колоды все четыре туза и положите их в ряд слева.»
    g = _game("other_authors4/ru/dosug_bisley.txt", "ru")
    f = get_field(g.rules, "foundations.preplaced")
    assert f["status"] == "unknown" and f["reason"].startswith("line 4 has words for it («выньте») but was not read: "
                                                              "«Сначала выньте из колоды все четыре туза")
    assert get_field(g.rules, "layout.cells")["reason"] == "no sentence of the game's text states it"


def test_the_reason_quotes_at_most_a_hundred_characters_and_spans_lines():
    hit = {"lines": [12, 14], "quote": "Пустые места " * 20, "words": "Пустые места", "how": "was not read"}
    text = reason(hit)
    assert text.startswith("lines 12–14 have words for it («Пустые места») but was not read: «Пустые места")
    assert text.endswith("…»") and len(text) < 200


def test_the_words_of_a_field_come_from_the_rows_that_set_it():
    assert "tableau.space" in cue_fields_of("SPACE")
    assert {"foundations.direction", "tableau.build_direction"} <= cue_fields_of("DIR_UP")
    assert cue_fields_of("RANK_CUE") == frozenset()     # a rank named is no field's word
