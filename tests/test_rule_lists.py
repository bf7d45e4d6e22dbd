"""Numbered rule lists, page headings, a forum title asking about a game (issue 11, TESTER9)."""

from __future__ import annotations

import pytest

from extract import headings as hd
from extract.furniture import furniture
from extract.rule_lists import rule_list_items

from .test_plain_texts import _source
from pasyans.pipeline import read_examples, segment

ROW = hd.shapes()["rule_lists"]


@pytest.mark.parametrize("items", ROW["examples"])
def test_every_numbered_rule_list_row_is_a_list(items):
    assert rule_list_items(items, "ru") == set(range(len(items)))


@pytest.mark.parametrize("items", ROW["not"])
def test_a_numbered_contents_list_of_games_stays_titles(items):
    assert rule_list_items(items, "ru") == set()


@pytest.mark.parametrize("line", ["Кто прав — я или программа?", "Короля — в пустую стопку?"])
def test_a_question_after_a_dash_needs_a_name_before_it(line):
    assert hd.title_frame(line, "ru") is None


def _games(tmp_path, text):
    path = tmp_path / "t.txt"
    path.write_text(text, encoding="utf-8")
    seg = segment(_source(path))
    read_examples(seg)
    return seg.games


APP_RU = """Справка

Пасьянс «Паук»

1. Пасьянс раскладывают двумя колодами.
2. На столе десять стопок: в первых четырёх по шесть карт, в остальных по пять.
3. Остальные 50 карт — колода.
4. Карту кладут на карту старше на единицу, масть не важна. Например, пятёрку треф можно положить на шестёрку бубен.
5. Полную последовательность от короля до туза одной масти убирают со стола.
6. В пустую стопку кладут любую карту.
"""

APP_UK = """Довідка

Косинка

1. Грають однією колодою.
2. На стіл кладуть сім стосів, у першому одна карта, в останньому сім.
3. Решта карт — прикуп.
4. На стосах карти кладуть за спаданням, чергуючи колір. Наприклад, чорну вісімку кладуть на червону дев'ятку.
5. Основи будують від туза до короля однієї масті.
"""

FORUM = """Тема: Свободная ячейка — почему не сходится?

Играю так, поправьте:
1) Тузы кладут в базы по мере освобождения.
2) В ячейку кладут одну любую карту.
3) Карты на столе кладут по убыванию, чередуя цвет. Например, красную девятку кладу на чёрную десятку.
4) За один ход переносят одну карту.
"""


@pytest.mark.parametrize("text, name, lines, example", [
    (APP_RU, "Паук", [(3, 10)], 8), (APP_UK, "Косинка", [(3, 9)], 8), (FORUM, "Свободная ячейка", [(1, 7)], 6)])
def test_an_app_help_and_a_forum_post_with_numbered_rules_are_one_game(tmp_path, text, name, lines, example):
    games = _games(tmp_path, text)
    assert [(g.name, g.lines) for g in games] == [(name, lines)]
    # the example inside a numbered rule ends with that rule: the next rules are no example
    assert [e.lines for e in games[0].examples] == [(example, example)]


@pytest.mark.parametrize("line", ["Справка", "Довідка", "Help", "О программе"])
def test_a_help_page_heading_is_furniture(line):
    assert furniture([line, "", "Косынка"], "ru") == {1: "page heading"}


@pytest.mark.parametrize("head", ["Правила игры", "Правила", "Как играть", "ПРАВИЛА ПАСЬЯНСОВ", "Правила гри"])
def test_a_page_heading_over_the_title_is_no_game(tmp_path, head):
    text = f"{head}\n\nГольф\n\nСемь рядов по пять карт. Карту с ряда кладут на отбой, если она на единицу старше или младше.\n"
    assert [(g.name, g.lines) for g in _games(tmp_path, text)] == [("Гольф", [(3, 5)])]


@pytest.mark.parametrize("line", hd.shapes()["genre_names"]["examples"])
def test_a_rules_frame_around_the_genre_word_names_no_game(line):
    assert hd.title_frame(line, "ru") is None
