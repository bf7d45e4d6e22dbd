"""Families of session 11 (issue 12), each told as a mechanism, not a wording: piles added to a
count («… плюс тринадцатая», «… и одну кучку из одной карты», uk «і ще один стос»), «в каждом из N
рядов». Every sentence is written for the test in the styles of other authors (ru, pre-1918, uk)."""

from __future__ import annotations

import pytest

from pasyans.extract.rules import get_field
from tests.test_rules_others_families import _spec


@pytest.mark.parametrize("text,lang,piles", [
    ("Выкладывают двенадцать стопок по четыре карты, плюс тринадцатая из оставшихся.", "ru", 13),
    ("Карты раскладывают на 17 кучек по три и одну кучку из одной карты.", "ru", 18),
    ("Розкладають десять стосів по п'ять карт і ще один стос з двох карт.", "uk", 11),
    ("Раскладываютъ пять кучекъ по восьми картъ да шестую изъ остальныхъ.", "ru", 6),
    ("Викладають дев'ять стосів по чотири карти і ще два стоси по дві карти.", "uk", 11),
    ("Сдают четыре ряда, в каждом из рядов по восемь карт.", "ru", 4),
])
def test_piles_added_to_a_count(text, lang, piles):
    assert get_field(_spec(text, lang), "layout.tableau_piles")["value"] == piles, text


@pytest.mark.parametrize("text,lang,piles,per", [
    ("Раскладывают семь стопок по пять карт и кладут их открыто.", "ru", 7, 5),
    ("Выкладывают восемь стопок по четыре карты, а девятую карту кладут в сторону.", "ru", 8, 4),
])
def test_no_pile_added_without_a_count_of_piles(text, lang, piles, per):
    spec = _spec(text, lang)
    assert (get_field(spec, "layout.tableau_piles")["value"], get_field(spec, "layout.cards_per_pile")["value"]) == (piles, per)


def test_the_added_pile_keeps_its_cards():
    spec = _spec("Розкладають десять стосів по п'ять карт і ще один стос з двох карт.", "uk")
    assert get_field(spec, "layout.cards_per_pile")["value"] == ",".join(["5"] * 10 + ["2"])
