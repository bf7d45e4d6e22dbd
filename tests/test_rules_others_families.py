"""Phrasing families of other authors' rule texts that no single row's example shows (session 6):
the goal told as success («Пасьянс сошелся, если …»), a rule by reference to the game before
(«Тоже, что и предыдущій, съ тою разницею …»), counts of cards in words in every case, no stock.
Every sentence here is written for the test, in the styles of the genre (ru, pre-1918, uk)."""

from __future__ import annotations

import pytest

from pasyans.extract.rules import extract_rules_with_findings, get_field
from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.rules.interpret import PRE_1918
from pasyans.extract.text import MappedText
from tests.test_rules_references import _read_source


def _spec(text: str, lang: str) -> dict:
    mt = MappedText.from_lines(text.split("\n"))
    if PRE_1918.search(text):
        mt = modernize_mapped(mt)
    return extract_rules_with_findings(mt, lang)[0]


@pytest.mark.parametrize("text,lang", [
    ("Пасьянсъ сошелся, если всѣ карты лягутъ на тузы.", "ru"),
    ("Пасьянс вийшов, якщо всі карти зібрано на базах.", "uk"),
    ("Гру виграно, коли всі карти лежать на основах.", "uk"),
    ("Игра выиграна, когда все карты в домах.", "ru"),
    ("Пасьянс удался, если все карты на основаниях.", "ru"),
])
def test_success_told_as_a_condition_is_the_goal(text, lang):
    goal = get_field(_spec(text, lang), "goal")
    assert goal["status"] == "stated" and goal["lines"] == [1, 1]


def test_a_success_word_without_a_condition_is_no_goal():
    assert get_field(_spec("Если пасьянс не сошелся, карты собирают снова.", "ru"), "goal")["status"] == "unknown"


@pytest.mark.parametrize("text,lang", [
    ("Раскладываютъ восемь кучекъ по пяти картъ.", "ru"),
    ("Сдают шесть столбиков по семи карт в каждом.", "ru"),
    ("Розкладають вісім стосів по п'ять карт.", "uk"),
    ("Раскладывают восемь стопок по пяти карт.", "ru"),
])
def test_counts_in_words_in_any_case(text, lang):
    spec = _spec(text, lang)
    piles, per = (get_field(spec, p)["value"] for p in ("layout.tableau_piles", "layout.cards_per_pile"))
    assert (piles, per) in ((8, 5), (6, 7)), text


@pytest.mark.parametrize("text,lang,cards", [
    ("Прикупа в этой игре нет.", "ru", 0), ("Талона въ этомъ пасьянсѣ нѣтъ.", "ru", 0),
    ("Прикупу тут немає.", "uk", 0), ("Уся колода розкладається на столі одразу.", "uk", 0),
    ("Всю колоду сдают по одной карте в отбой.", "ru", None),
])
def test_no_stock_is_a_stated_fact(text, lang, cards):
    f = get_field(_spec(text, lang), "stock.cards")
    assert f["value"] == cards and f["status"] == ("stated" if cards is not None else "unknown")


@pytest.mark.parametrize("lang,first,second", [
    ("ru", "Пасьянсъ «Часовой»\nРаскладываютъ всѣ карты открытыми въ восемь кучекъ по шести картъ.\n"
           "Опустѣвшую кучку можно занять любою картою.",
     "Пасьянсъ «Караульный»\nТоже, что и предыдущій, съ тою разницею, что берутъ двѣ колоды."),
    ("ru", "Часовой\nВсе карты раскладывают открытыми в восемь стопок по шесть карт.\nПустую стопку можно занять любой картой.",
     "Караульный\nТо же, что и предыдущий, с той разницей, что колод две."),
    ("uk", "Вартовий\nУсі карти розкладають відкритими у вісім стосів по шість карт.\nПорожній стос можна зайняти будь-якою картою.",
     "Караульний\nТе саме, що й попередній, з тією різницею, що колод дві."),
])
def test_same_as_the_previous_game_with_a_difference(lang, first, second):
    one, two = _read_source("s6f", [first, second], lang)
    sa = next(s for s in two.rules["special"] if s["name"] == "same-as")
    assert sa["params"]["previous"] is True
    space = get_field(two.rules, "tableau.space")
    assert (space["value"], space["status"]) == ("any", "inherited") and one.key in space["ref"]
    assert get_field(two.rules, "deck.packs")["value"] == 2          # the difference is the text's own


@pytest.mark.parametrize("text,lang", [
    ("Вы выигрываете, когда все карты окажутся в домах.", "ru"),
    ("Пасьянс считается сошедшимся, когда все карты собраны в дома.", "ru"),
    ("Ви виграли, коли всі карти опинилися на основах.", "uk"),
])
def test_winning_told_to_the_player_is_the_goal(text, lang):
    assert get_field(_spec(text, lang), "goal")["status"] == "stated"


def test_the_piles_of_a_goal_are_not_the_layout():
    spec = _spec("Цель игры — разложить все карты по четырём стопкам в правом верхнем углу.", "ru")
    assert get_field(spec, "goal")["status"] == "stated"
    assert get_field(spec, "layout.tableau_piles")["status"] == "unknown"
