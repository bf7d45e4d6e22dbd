"""Families of session 12 (issue 12), each told as a mechanism, not a wording: a count after «по» with
its noun left out («двумя колонками по шесть.»), a verb of placing known by its lemma in any form
(«положите», «покладіть», «поклали»), the clause a contrast denies («…, а не только верхняя карта»),
a pile moved whole, a deal repeated («так делается два раза», «повторить ещё раз»), the waste put back
«только один раз» (one redeal, not one pass), a space filled by a choice of a pile's card or one of the
layout's (``other``), a space rule «только до тех пор, пока …» (unknown, with the reason). Every
sentence is written for the test in the styles of other authors (ru, pre-1918, uk); none is one of
``tests/fixtures/annotations/rule_families12.json``'s."""

from __future__ import annotations

import pytest

from pasyans.extract.rules import get_field
from tests.test_rules_others_families import _spec


def _value(text: str, lang: str, path: str):
    return get_field(_spec(text, lang), path)["value"]


@pytest.mark.parametrize("text,lang,piles,per", [
    ("Сдайте девять стопок по четыре.", "ru", 9, 4),
    ("Выложите восемь открытых карт двумя колонками по четыре.", "ru", 8, 1),
    ("Розкладіть п'ятнадцять карт трьома рядами по п'ять, лицем догори.", "uk", 15, 1),
])
def test_a_count_after_po_with_its_noun_left_out(text, lang, piles, per):
    spec = _spec(text, lang)
    assert (get_field(spec, "layout.tableau_piles")["value"], get_field(spec, "layout.cards_per_pile")["value"]) == (piles, per)


def test_a_list_of_counts_after_po_is_no_grid():
    """«по 1, 2, 3 …»: piles growing one by one, not seven piles of one card."""
    assert _value("Сдайте семь стопок по 1, 2, 3, 4, 5, 6 и 7 карт.", "ru", "layout.cards_per_pile") != 1


@pytest.mark.parametrize("text,lang,face", [
    ("Положите на стол восемь карт рубашкой вверх.", "ru", "down"),
    ("Кладём шесть карт лицом вверх.", "ru", "up"),
    ("Покладіть сім карт сорочкою донизу.", "uk", "up"),
    ("Вісім карт поклали лицем донизу.", "uk", "down"),
])
def test_a_verb_of_placing_in_any_form_lays_the_cards_out(text, lang, face):
    assert _value(text, lang, "layout.face") == face, text


def test_closed_cards_counted_beside_open_ones_are_mixed():
    text = "На первое место кладут одну открытую карту, на прочие — по две, по три и так далее закрытых и по четыре открытых."
    assert _value(text, "ru", "layout.face") == "mixed"


@pytest.mark.parametrize("text,lang,move", [
    ("Перекладывается весь ряд целиком, а не одна верхняя карта.", "ru", "whole-pile"),
    ("Купку переносять повністю, а не лише верхню карту.", "uk", "whole-pile"),
    ("Переносят по одной карте, а не всю стопку.", "ru", "one-card"),
])
def test_the_clause_a_contrast_denies_gives_no_value(text, lang, move):
    assert _value(text, lang, "tableau.move") == move, text


def test_a_face_up_card_with_everything_on_it():
    assert _value("Можна брати відкриту карту з усім, що лежить на ній.", "uk", "tableau.move") == "any-face-up"


@pytest.mark.parametrize("text,lang,redeals", [
    ("Карты собирают и раскладывают снова. Так делается три раза.", "ru", 3),
    ("Відбій перевертають і роздають знову. Так робиться двічі.", "uk", 2),
    ("Колоду перетасовывают и раскладывают вновь; это можно повторить ещё раз.", "ru", 2),
    ("Карти збирають і знову розкладають; це дозволено повторити ще два рази.", "uk", 3),
    ("Отбой можно переложить в колоду только один раз.", "ru", 1),
    ("Колоду проходят только один раз, отбой не переворачивают.", "ru", 0),
])
def test_redeals_by_a_repetition_count(text, lang, redeals):
    assert _value(text, lang, "stock.redeals") == redeals, text


@pytest.mark.parametrize("text,lang,base", [
    ("Выньте из колоды четырёх королей и положите их в ряд: на них строят основания.", "ru", "K"),
    ("Вийміть з колоди чотири тузи й покладіть їх угорі.", "uk", "A"),
])
def test_bases_taken_out_before_the_deal(text, lang, base):
    spec = _spec(text, lang)
    assert get_field(spec, "foundations.base")["value"] == base
    assert get_field(spec, "foundations.preplaced")["value"] is True


def test_bases_put_nowhere_when_putting_is_forbidden():
    """«нельзя класть на короля туза»: a building rule, no bases put out."""
    spec = _spec("При этом нельзя класть на короля туза, а на туза короля.", "ru")
    assert get_field(spec, "foundations.base")["value"] is None


@pytest.mark.parametrize("text,lang,space", [
    ("Пустое место занимают либо картой из колоды, либо с конца любого другого столбца.", "ru", "other"),
    ("Порожнє місце заповнюють на вибір: з колоди або нижньою картою сусіднього ряду.", "uk", "other"),
    ("Пробел заполняется картой из прикупа.", "ru", "from-stock"),
    ("Стопку, ставшую пустой, занимают только королём.", "ru", "kings"),
])
def test_spaces_with_a_choice(text, lang, space):
    assert _value(text, lang, "tableau.space") == space, text


@pytest.mark.parametrize("text,lang", [
    ("Пробелы заполняют картами из колоды до тех пор, пока она не кончится.", "ru"),
    ("Порожні стоси заповнюють з відбою лише доти, доки в ньому є карти.", "uk"),
    ("Ряд остаётся пустым, пока не выйдет король.", "ru"),
])
def test_spaces_only_until_something_happens_are_unknown_with_the_reason(text, lang):
    f = get_field(_spec(text, lang), "tableau.space")
    assert f["status"] == "unknown" and "until" in (f["reason"] or ""), (text, f)
