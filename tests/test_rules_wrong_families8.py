"""Wrong-fact families of session 8, each cut by one generic check (rows' own examples are in
``phrasings/rules.toml``): a pile of the text's own naming is not the pile spoken of before
(:meth:`Context.own_place`), a goal that gathers every card into one named place is no reading of
«no foundations» (``GOAL_INTO_PLACE``), rows said not to overlap are a grid, columns dealt face down and
up are piles. Sentences written for the test in the styles of the dev texts that showed the family
(a pre-1918 «Нива» page, an app help screen, a 1993 booklet; ru and uk)."""

from __future__ import annotations

import pytest

from pasyans.extract.rules import extract_rules_with_findings, get_field
from pasyans.extract.text import MappedText


def _spec(text: str, lang: str = "ru") -> dict:
    return extract_rules_with_findings(MappedText.from_lines(text.split("\n")), lang)[0]


@pytest.mark.parametrize("text,lang", [
    ("На основания кладут карты той же масти, старшую на одну.\nВ кресте же кладут карту на старшую на одну, не разбирая мастей.", "ru"),
    ("На основи кладуть карти тієї ж масті, старшу на одиницю.\nУ хресті ж кладуть карту на старшу на одиницю, не зважаючи на масть.", "uk"),
])
def test_a_pile_of_the_texts_own_naming_does_not_take_the_pile_spoken_of_before(text, lang):
    spec = _spec(text, lang)
    assert get_field(spec, "foundations.suit")["value"] == "same-suit"     # not «any-suit» from the second line
    assert get_field(spec, "foundations.direction")["value"] == "up"
    assert get_field(spec, "tableau.build_suit")["status"] == "unknown"


@pytest.mark.parametrize("text,lang", [
    ("Туз пик кладут в центр — это дыра.\nЦель — переместить все карты в дыру.\n"
     "Брать можно только верхнюю карту веера.", "ru"),
    ("Туза пік кладуть у центр — це скринька.\nМета — перенести всі карти до скриньки.\n"
     "Брати можна лише верхню карту віяла.", "uk"),
])
def test_a_goal_gathering_all_cards_into_a_named_place_is_no_reading_of_no_foundations(text, lang):
    spec = _spec(text, lang)
    assert get_field(spec, "goal")["status"] == "stated"
    for path in ("foundations.base", "foundations.direction", "foundations.suit"):
        assert get_field(spec, path)["value"] != "none", path


def test_a_goal_that_names_no_place_still_reads_no_foundations():
    spec = _spec("Цель — убрать все карты со стола парами.\nСнимают две карты одного достоинства, лежащие рядом.")
    assert get_field(spec, "foundations.base")["value"] == "none"
