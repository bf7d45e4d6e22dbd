"""Wrong facts stopped (session 6): each family a cue that misfired in two or more texts, here in
sentences written for the test (not the texts' own), Russian and Ukrainian."""

from __future__ import annotations

import pytest

from pasyans.extract.rules import extract_rules, get_field
from pasyans.extract.text import MappedText


def _read(text: str, lang: str = "ru") -> dict:
    return extract_rules(MappedText.from_lines(text.split("\n")), lang)


def _value(spec: dict, path: str):
    f = get_field(spec, path)
    return f["value"] if f["status"] != "unknown" else "unknown"


@pytest.mark.parametrize("text, lang", [
    ("Разложите карты восемью стопками по шесть карт лицом вверх. Две карты отложите в сторону рубашкой вверх.", "ru"),
    ("Карты сдают десятью стопками по четыре, все открытые. Когда колода иссякнет, отбой переворачивают лицом вниз.", "ru"),
    ("Карти розкладають сімома стосами по чотири відкритими. Дві карти кладуть убік сорочкою догори.", "uk"),
    ("Карты кладут шестью рядами по шесть, открыто. Лишняя карта идёт не в ряд, а в стопу лицом вниз.", "ru"),
])
def test_cards_set_aside_or_turned_after_the_stock_do_not_make_the_layout_mixed(text, lang):
    assert _value(_read(text, lang), "layout.face") == "up"


def test_the_face_of_the_layout_itself_is_still_read():
    assert _value(_read("Карты раскладывают рубашкой вверх, открывают только нижние карты."), "layout.face") == "mixed"


@pytest.mark.parametrize("text, want", [
    ("Выньте из колоды тузы и тройки и положите их в ряд: это базовые карты.", "mixed"),
    ("Из колоды изымают туза, двойку и тройку любой масти — это три основания.", "mixed"),
    ("Цель игры — собрать на тузах серии в последовательности: туз, двойка, тройка, четверка, пятерка.", "A"),
    ("Тузы кладут в ряд как основания. На тройках строят серии той же масти в восходящей последовательности.", "mixed"),
    ("Тузы выносятся в базовый ряд. На тузах строят серии той же масти до королей.", "A"),
])
def test_bases_of_several_ranks_and_a_printed_sequence(text, want):
    assert _value(_read(text), "foundations.base") == want


def test_a_printed_sequence_gives_the_step():
    spec = _read("Тузы выносятся в базовый ряд. На тузах выстраивают серии в последовательности: туз, тройка, пятерка, "
                 "семерка, девятка, валет, король.")
    assert _value(spec, "foundations.step") == 2


def test_a_redeal_sentence_tells_no_face_of_the_first_layout():
    spec = _read("Карты раскладывают в восемь стопок по пять, открыто. При пересдаче карты кладут рубашкой вверх.")
    assert _value(spec, "layout.face") == "up"


@pytest.mark.parametrize("text, lang", [
    ("Основи будують за мастю від туза до короля. Вільне місце можна зайняти лише королем або групою з королем внизу.", "uk"),
    ("Основания строят по масти от туза до короля. Пустое место занимают только королём.", "ru"),
])
def test_a_king_filling_a_space_is_no_base(text, lang):
    assert _value(_read(text, lang), "foundations.base") == "A"


def test_a_printed_sequence_gives_the_direction_over_a_sentence_of_both_piles():
    spec = _read("Тузы кладут в базовый ряд. На тузах строят в последовательности Т, 3, 5, 7, 9, В, К.")
    assert (_value(spec, "foundations.direction"), _value(spec, "foundations.step")) == ("up", 2)


def test_the_rest_face_down_is_mixed_but_not_the_stock():
    assert _value(_read("Последняя карта каждого ряда открыта, прочие лежат лицом вниз."), "layout.face") == "mixed"
    assert _value(_read("Карты ряда открыты, остальные карты колоды лежат лицом вниз в прикупе."), "layout.face") != "mixed"


def test_the_reserve_count_is_the_number_of_its_own_clause():
    spec = _read("Разложите колоду на восемь стопок по четыре карты, а оставшиеся двадцать карт — это резерв.")
    assert _value(spec, "layout.reserve") == 20


def test_a_game_with_another_pack_inherits_no_pile_counts():
    from pasyans.extract.rules import inherit, unknown_spec, set_field

    parent, child = unknown_spec(), unknown_spec()
    for path, value in (("deck.packs", 1), ("layout.tableau_piles", 8), ("layout.cards_per_pile", 6),
                        ("tableau.build_suit", "same-suit")):
        set_field(parent, path, {"value": value, "status": "stated", "quote": "q", "lines": [1, 1], "ref": None, "reason": None})
    set_field(child, "deck.packs", {"value": 2, "status": "stated", "quote": "двумя колодами", "lines": [2, 2],
                                    "ref": None, "reason": None})
    got = inherit(child, parent, "same as X")
    assert get_field(got, "tableau.build_suit")["status"] == "inherited"
    for path in ("layout.tableau_piles", "layout.cards_per_pile"):
        f = get_field(got, path)
        assert f["status"] == "unknown" and "deck.packs = 2" in f["reason"]
    assert get_field(inherit(unknown_spec(), parent, "same as X"), "layout.cards_per_pile")["value"] == 6


@pytest.mark.parametrize("text, lang", [
    ("Основаниями служат тузы и короли. Каждый король должен идти вниз по порядку до туза.", "ru"),
    ("Основами є тузи й королі. На королях карти йдуть униз до туза.", "uk"),
])
def test_aces_and_kings_as_bases_with_the_kings_going_down_go_both_ways(text, lang):
    spec = _read(text, lang)
    assert (_value(spec, "foundations.base"), _value(spec, "foundations.direction")) == ("A+K", "both")


def test_a_face_barred_by_a_set_aside_cue_says_why_it_is_unknown():
    face = get_field(_read("Выложите восемь стопок по четыре карты. Две карты кладут в сторону рубашкой вверх."), "layout.face")
    assert face["status"] == "unknown" and "set aside" in face["reason"] and "в сторону" in face["reason"]


def test_spaces_forbidden_only_until_something_happens_are_unknown_with_the_reason():
    f = get_field(_read("Выложите восемь стопок. Освободившиеся места не занимают, пока не опустеет весь ряд."), "tableau.space")
    assert f["status"] == "unknown" and "until" in f["reason"]
    assert _value(_read("Поскольку пробелы не заполняются, пасьянс сходится редко, пока не выйдет король."), "tableau.space") == "not-filled"


# -- session 7 (rules, second shift): fresh-user findings ------------------------------------------

@pytest.mark.parametrize("text, lang", [
    ("Паук\nЦель пасьянса: убрать со стола все карты.", "ru"),
    ("Цель игры — чтобы на столе не осталось ни одной карты.", "ru"),
    ("Павук\nМета гри: прибрати зі столу всі карти.", "uk"),
])
def test_a_goal_alone_states_no_missing_foundations_or_building(text, lang):
    spec = _read(text, lang)
    for path in ("foundations.base", "foundations.direction", "foundations.suit",
                 "tableau.build_direction", "tableau.build_suit"):
        assert _value(spec, path) == "unknown", path


def test_a_pairing_text_that_tells_its_play_still_has_no_foundations():
    spec = _read("Цель игры — убрать все карты со стола.\n"
                 "Снимают по две открытые карты, дающие вместе тринадцать очков; короля снимают одного.")
    assert _value(spec, "foundations.base") == "none"


@pytest.mark.parametrize("text, lang", [
    ("Тузы кладут в основания; на них собирают карты по масти вверх до короля.", "ru"),
    ("Освободившиеся тузы кладут на базы.", "ru"),
    ("Тузи кладуть в основи, на них будують за мастю вгору.", "uk"),
])
def test_aces_put_on_the_foundations_in_play_are_not_preplaced(text, lang):
    spec = _read(text, lang)
    assert _value(spec, "foundations.preplaced") == "unknown"
    assert _value(spec, "foundations.base") == "A"


@pytest.mark.parametrize("text", [
    "Четыре туза кладут на стол в базовый ряд.",
    "Из колоды вынимают четыре туза и кладут их в основания.",
])
def test_aces_put_out_on_the_table_or_from_the_pack_are_preplaced(text):
    assert _value(_read(text), "foundations.preplaced") is True


@pytest.mark.parametrize("text, lang", [
    ("Карты кладут на основания от туза по масти вверх.", "ru"),
    ("На базы идут по масти вверх от туза.", "ru"),
    ("На основи кладуть від туза за мастю вгору.", "uk"),
])
def test_from_the_ace_with_the_suit_between_reads_base_and_direction(text, lang):
    spec = _read(text, lang)
    assert (_value(spec, "foundations.base"), _value(spec, "foundations.direction"),
            _value(spec, "foundations.suit")) == ("A", "up", "same-suit")
