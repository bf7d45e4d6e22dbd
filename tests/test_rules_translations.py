"""The same rule told in Russian and in Ukrainian reads the same (session 7; ``bench/translations.py`` is the
oracle over whole texts). Each pair here is one rule in both languages, written for the test in the genre's
styles; then the oracle itself over the project's own translated pairs (``tests/fixtures/translations``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pasyans.extract.rules import extract_rules_with_findings, field_paths, get_field
from pasyans.extract.text import MappedText

ROOT = Path(__file__).resolve().parent.parent


def _spec(text: str, lang: str) -> dict:
    return extract_rules_with_findings(MappedText.from_lines(text.split("\n")), lang)[0]


def _read(spec: dict) -> dict:
    return {p: get_field(spec, p)["value"] for p in field_paths() if get_field(spec, p)["status"] != "unknown" and p != "goal"}


PAIRS = [
    # the bases go up as they become free: not before play (the annotations of others' texts say so)
    ("Короли по мере появления переносят в основания и кладут на них карты вниз по масти.",
     "Королів у міру появи переносять в основи й кладуть на них карти вниз за мастю.",
     {"foundations.preplaced": False, "foundations.base": "K"}),
    ("Туза, как только он освободится, кладут на базу.", "Туза, щойно він звільниться, кладуть на базу.",
     {"foundations.preplaced": False, "foundations.base": "A"}),
    # a complete suit leaving the table is no rank taken out of play
    ("Собранную от короля до туза масть снимают со стола.", "Зібрану від короля до туза масть знімають зі столу.",
     {"foundations.complete_sequences": True, "foundations.base": "K"}),
    # colour kept on the tableau
    ("На столе карту кладут на старшую на одну того же цвета.", "На столі карту кладуть на старшу на одиницю того ж кольору.",
     {"tableau.build_suit": "same-color", "tableau.build_direction": "down"}),
    # the waste pile («сброс») is no discarding: the suit rule of the sentence stands
    ("На верхнюю карту сброса кладут соседнюю по старшинству, масть не важна.",
     "На верхню карту скиду кладуть сусідню за старшинством, масть не важлива.",
     {"waste.build_suit": "any-suit"}),
    # «вгору за мастю» / «вверх по масти» on the foundations
    ("На основаниях строят по масти вверх.", "На основах будують за мастю вгору.",
     {"foundations.direction": "up", "foundations.suit": "same-suit"}),
    # a Ukrainian app's «будиночки» are the foundations, as «дома» / «домики»
    ("Тузы кладут в домики, на них — двойки той же масти.", "Тузи кладуть у будиночки, на них — двійки тієї ж масті.",
     {"foundations.base": "A"}),
    # the number of cells after the noun
    ("Резервных ячеек две.", "Резервних комірок дві.", {"layout.cells": 2}),
    # an app's help: the relative clause tells of the card built on; a click turns the stock
    ("Перетащите карту на другую, которая на единицу старше.", "Перетягніть карту на іншу, яка на одиницю старша.",
     {"tableau.build_direction": "down"}),
    ("Нажмите на колоду, и откроются три карты.", "Натисніть на колоду, і відкриються три карти.",
     {"stock.deal": "3 at a time"}),
    # only the top card open is no face-up layout
    ("Кладут пять кучек по четыре карты, открыта только верхняя.", "Кладуть п'ять купок по чотири карти, відкрита лише верхня.",
     {"layout.face": "mixed", "layout.tableau_piles": 5, "layout.cards_per_pile": 4}),
    # the four piles of the goal are the foundations
    ("Цель — сложить все карты по мастям в четыре стопки от туза до короля.",
     "Мета — скласти всі карти за мастями в чотири стоси від туза до короля.",
     {"foundations.direction": "up", "foundations.suit": "same-suit"}),
    # the stock turned over once more after it ran out
    ("Когда колода кончится, её разрешается перевернуть один раз.", "Коли колода скінчиться, її дозволено перевернути один раз.",
     {"stock.redeals": 1}),
]


@pytest.mark.parametrize("ru,uk", [
    ("Нельзя класть карту на карту той же масти.", "Не можна класти карту на карту тієї ж масті."),
    ("Класть карту на карту того же цвета нельзя.", "Класти карту на карту того ж кольору не можна."),
])
def test_a_prohibition_of_a_suit_or_colour_is_no_build_rule(ru, uk):
    for text, lang in ((ru, "ru"), (uk, "uk")):
        got = _read(_spec(text, lang))
        assert "tableau.build_suit" not in got and "tableau.build_direction" not in got, (text, got)


@pytest.mark.parametrize("ru,uk,want", PAIRS, ids=[w and next(iter(w)) for _r, _u, w in PAIRS])
def test_one_rule_told_in_two_languages_reads_the_same(ru, uk, want):
    got_ru, got_uk = _read(_spec(ru, "ru")), _read(_spec(uk, "uk"))
    for path, value in want.items():
        assert got_ru.get(path) == value, (path, got_ru)
        assert got_uk.get(path) == value, (path, got_uk)
    assert got_ru == got_uk


@pytest.mark.parametrize("text,lang", [
    ("Повну послідовність однієї масті від короля до туза прибирають з гри.", "uk"),
    ("Полную последовательность одной масти от короля до туза убирают из игры.", "ru"),
])
def test_a_complete_sequence_leaving_play_takes_no_rank_out(text, lang):
    spec = _spec(text, lang)
    assert [s["name"] for s in spec["special"] if s["name"] == "remove-rank"] == []
    assert get_field(spec, "foundations.complete_sequences")["value"] is True


def test_kings_taken_out_of_play_are_still_a_rank_removed():
    spec = _spec("Королі вилучаються з гри в міру звільнення.", "uk")
    assert [s["params"]["ranks"] for s in spec["special"] if s["name"] == "remove-rank"] == [[13]]


def test_the_translated_pairs_of_the_fixtures_read_alike():
    sys.path.insert(0, str(ROOT / "bench"))
    from translations import compare, own_pairs, _page

    pairs = own_pairs()
    assert len(pairs) >= 14
    apart = {label: compare(_page(a, la), _page(b, lb)) for label, a, la, b, lb in pairs}
    assert apart["ru/uk:spider"]["agree"] >= 18 and apart["ru/ru_old:royal_court"]["agree"] >= 12
    # the gap left (a lead): uk «карти того самого значення … йдуть в інші основи» is not read as the same-rank bases of Canfield
    assert {label: [row[0] for row in r["one"] + r["differ"]] for label, r in apart.items() if r["one"] or r["differ"]} == {
        "ru/uk:canfield": ["special:same-rank-onto"]}


def test_a_parallel_file_reads_each_language_with_its_own_words():
    """A translator's working copy (a ru paragraph, then its uk paragraph): each half read alone gives the
    same rules, and the whole file read as one game has them all — the ru half is not read as uk."""
    sys.path.insert(0, str(ROOT / "bench"))
    from segmentation import annotated_source
    from translations import OWN, compare, parallel_specs

    from pasyans.pipeline import read_rules, segment

    path = OWN / "parallel" / "spider_uk_ru.txt"
    [(la, sa, lb, sb)] = parallel_specs(path)
    assert (la, lb) == ("uk", "ru")
    res = compare(sa, sb)
    assert (res["one"], res["differ"]) == ([], []) and res["agree"] >= 10
    assert get_field(sb, "tableau.build_direction")["quote"] == "Карты в стопках кладут на старшую на одну, масть не важна."
    src, _how = annotated_source({"file": "translations/parallel/forty_thieves_ru_uk.txt"}, "p00")
    assert src.languages and src.language == "uk"
    seg = segment(src)
    read_rules(seg)
    [game] = seg.games
    read = _read(game.rules)
    assert read["deck.packs"] == 2 and read["layout.tableau_piles"] == 10 and read["layout.cards_per_pile"] == 4
    assert read["tableau.move"] == "one-card" and read["foundations.preplaced"] is False
