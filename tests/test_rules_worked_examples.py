"""Sentences of a worked example told in words are no rules (TESTER5–7: «Пустое место занимаем королём
червей» read as «kings only», «Затем туза бубен кладут в базу» as bases put out before play), while a
rule shown on cards («можно», or an illustration after a colon) is still read; «Запаса нет» says the whole
pack is dealt; a 36-card pack's «вверх до туза» is up."""

from __future__ import annotations

import pytest

from pasyans.extract.rules import extract_rules, validate_spec
from pasyans.extract.rules.reader import read_text
from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.text import MappedText


def _read(text: str, lang: str = "ru") -> dict:
    mt = MappedText.from_lines(text.split("\n"), 1)
    if "ъ " in text or "ѣ" in text:
        mt = modernize_mapped(mt)       # pre-1918 text is read modernized, as a build reads it
    spec = extract_rules(mt, lang)
    validate_spec(spec)
    return spec


@pytest.mark.parametrize("text, lang, path", [
    ("Например: ♥Д кладут на ♠К. Пустое место занимаем королём червей.", "ru", ("tableau", "space")),
    ("Затем туза бубен кладут в базу, на него двойку бубен.", "ru", ("foundations", "preplaced")),
    ("Туза пік кладемо в основу.", "uk", ("foundations", "base")),
    ("Короля треф переносимо в порожній стовпчик.", "uk", ("tableau", "space")),
    ("Затѣмъ короля трефъ кладутъ на пустое мѣсто.", "ru", ("tableau", "space")),
])
def test_a_move_of_named_cards_is_no_rule(text, lang, path):
    spec = _read(text, lang)
    assert spec[path[0]][path[1]]["status"] == "unknown"


def test_a_rule_shown_on_cards_is_read():
    spec = _read("В стопках карты укладываются по убыванию: на девятку пик — только восьмёрка пик.")
    assert spec["tableau"]["build_direction"]["value"] == "down"
    spec = _read("На пиковую тройку можно положить либо пиковую двойку, либо пиковую четверку.")
    assert spec["tableau"]["build_direction"]["value"] == "either"


def test_a_game_named_for_a_card_is_no_example():
    spec = _read("Пасьянс «Пиковая дама» раскладывается двумя колодами.")
    assert spec["deck"]["packs"]["value"] == 2


def test_no_stock_is_the_whole_pack_dealt():
    _, _, facts = read_text(MappedText.from_lines(["Раскладывают восемь столбцов. Запаса нет."], 1), "ru")
    assert facts["whole_pack"][0] == "Запаса нет."
    _, _, facts = read_text(MappedText.from_lines(["Прикупу немає."], 1), "uk")
    assert facts["whole_pack"] is not None
    _, _, facts = read_text(MappedText.from_lines(["Если запаса нет, игра кончена."], 1), "ru")
    assert facts["whole_pack"] is None


def test_up_to_the_ace_in_a_36_card_pack_is_up():
    spec = _read("Играют колодой в 36 карт. Базы начинают с шестёрок и строят по масти вверх до туза.")
    assert (spec["foundations"]["base"]["value"], spec["foundations"]["direction"]["value"]) == ("6", "up")


def test_a_move_of_named_cards_is_a_finding_with_its_line():
    """The skipped sentence is never dropped silently: a «not-a-rule» finding quotes it at its line."""
    _, findings, _ = read_text(MappedText.from_lines(["Раскладывают восемь столбцов.",
                                                      "Пустое место занимаем королём червей."], 4), "ru")
    found = [f for f in findings if f.kind == "not-a-rule" and "worked example" in f.message]
    assert [(f.lines, f.token) for f in found] == [((5, 5), "Пустое место занимаем королём червей.")]
