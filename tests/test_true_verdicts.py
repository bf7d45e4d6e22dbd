"""Definite verdicts that must be true (issue 13; TESTER8 §5, TOP 10 #3): the false «illegal» verdicts an
editor would have printed, each on a short text of the genre written for this test, read the whole way
(segmentation, moves, rules, verdicts) as a text added with ``pasyans add``."""

from __future__ import annotations

import pytest

from pasyans.add import detect
from pasyans.corpus import Source
from pasyans.pipeline import read_examples, read_rules, segment, verify

KLONDIKE_RU = """Пасьянс «Косынка»

Играют одной колодой в 52 карты. Раскладывают семь стопок: в первую одну карту, во вторую две и так далее до семи. Тузы по мере появления кладут в базы и строят на них по масти вверх до короля. В стопках карту кладут на старшую на единицу другого цвета. Пустую стопку занимает только король.

Пример. Восьмерку треф из отбоя кладём на девятку бубен. Потом черную шестерку кладём на красную семерку. Даму бубен ставим на короля треф.
"""

KLONDIKE_UK = """Пасьянс «Косинка»

Грають однією колодою з 52 карт. Розкладають сім стовпчиків: у перший одну карту, у другий дві і так далі до семи. Тузи в міру появи кладуть на бази і будують на них за мастю вгору до короля. У стовпчиках карту кладуть на старшу на одиницю іншого кольору. Порожній стовпчик займає тільки король.

Приклад. Вісімку треф із відбою кладемо на дев'ятку бубон. Потім чорну шістку кладемо на червону сімку. Даму бубон ставимо на короля треф.
"""

PYRAMID = """Пасьянс «Пирамида»

Играют одной колодой в 52 карты. Двадцать восемь карт раскладывают пирамидой в семь рядов. Снимают пары открытых карт, дающие в сумме 13 очков: даму с тузом, валета с двойкой, десятку с тройкой. Короля снимают одного.

Пример. Снимаем даму пик и туза червей; затем короля треф. Потом убираем валета бубен с двойкой пик.
"""

ACES_AND_RUNS = """Пасьянс «Паучок»

Играют двумя колодами. Раскладывают десять стопок. Тузы по мере появления кладут в базы и строят на них по масти вверх. В стопках карту кладут на старшую на единицу любой масти. Полную последовательность от короля до туза одной масти убирают из игры.

Пример. Туза пик кладём в базу. Девятку червей кладём на десятку треф.
"""

VARIANT = """Пасьянс «Колонны»

Играют одной колодой в 52 карты. Раскладывают восемь рядов по шесть карт, все открыты. Базы строят от туза вверх по масти. В рядах карту кладут на старшую на единицу другого цвета. Пустой ряд занимает только король.

Например: ♣В на ♦Д.

Вариант. Играют двумя колодами; тогда раскладывают десять рядов по восемь карт, а пустой ряд занимает любая карта.

Например: ♠9 на ♥10, а ♦6 — в пустой ряд.
"""

SIXES = """Пасьянс «Шестёрочки»

Берут колоду в 36 карт. Раскладывают шесть рядов по шесть карт, все открыты. Шестёрки, как только освободятся, кладут в базы и строят на них по масти вверх до туза. В рядах карту кладут на старшую на единицу любой масти.

Например: шестёрку треф кладут в базу, на неё семёрку треф; ♥В на ♠Д.
"""


def _read(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, "utf-8")
    e = detect(path, text).entry
    src = Source(id="t01", file=name, language=e["language"], orthography=e["orthography"], kind=e["kind"],
                 title=e["title"], sha256="", path=path, text=text, segmenter=e["segmenter"], notation=e["notation"])
    seg = segment(src)
    read_examples(seg)
    read_rules(seg)
    verify(seg)
    return [(m.raw, m.cards[0].format() if m.cards else None, v.verdict, v.what, v.reason, m.kind, m.to_card)
            for g in seg.games for ex in g.examples for m, v in zip(ex.moves, ex.verdicts)]


@pytest.mark.parametrize("name,text", [("ru.txt", KLONDIKE_RU), ("uk.txt", KLONDIKE_UK)])
def test_a_colour_named_without_a_suit_is_never_the_card_of_that_rank_moved_before(tmp_path, name, text):
    rows = _read(tmp_path, name, text)
    colour_move = rows[1]
    assert colour_move[1] == "6" and colour_move[2] == "legal", rows   # 6 (black) onto a red 7, not onto 8C's pile
    assert "black on red" in colour_move[4]
    assert [r[2] for r in rows] == ["legal", "legal", "legal"]


def test_an_elliptic_card_after_a_removal_leaves_play_too(tmp_path):
    rows = _read(tmp_path, "p.txt", PYRAMID)
    king = next(r for r in rows if r[1] == "KC")
    assert (king[0], king[5], king[6]) == ("затем короля треф", "discard", None), rows   # alone, not onto QS
    assert "illegal" not in [r[2] for r in rows], rows   # was «KC → QS illegal: QS left play at move 1»


def test_ace_bases_beside_removed_runs_do_not_make_an_ace_illegal(tmp_path):
    rows = _read(tmp_path, "s.txt", ACES_AND_RUNS)
    assert rows[0][1:4] == ("AS", "unverifiable", "runs-and-bases"), rows
    assert "built card by card" in rows[0][4]
    assert rows[1][1:3] == ("9H", "legal")


def test_a_variants_example_is_not_judged_by_the_main_games_rule(tmp_path):
    rows = _read(tmp_path, "v.txt", VARIANT)
    assert [r[1:3] for r in rows] == [("JC", "legal"), ("9S", "legal"), ("6D", "unverifiable")], rows
    assert rows[2][3] == "in-variant"
    assert rows[2][4].startswith("the example is of the variant «Вариант» (lines 7–9); only the main game's rule")


def test_a_rule_read_from_the_example_itself_does_not_judge_it(tmp_path):
    rows = _read(tmp_path, "six.txt", SIXES)
    seven = next(r for r in rows if r[1] == "7C")
    assert seven[2] != "illegal", rows   # was «a foundation builds down by one», quoting the example's own sentence
    assert all(r[2] != "illegal" for r in rows)


SPIDER_UK = """Пасьянс «Павучок»

Грають двома колодами. На стіл викладають десять стовпчиків. Карту кладуть на карту, на одиницю старшу, будь-якої масті.

Приклад. Спершу 7♦ кладемо на 8♣, а потім 6♠ на 7♦.
"""

SPIDER_RU = """Пасьянс «Паучок»

Играют двумя колодами. На стол выкладывают десять столбцов. Карту кладут на карту, на единицу старшую, любой масти.

Пример. Сначала ♦7 кладём на ♣8, а потом ♠6 на ♦7.
"""


@pytest.mark.parametrize("name,text", [("uk.txt", SPIDER_UK), ("ru.txt", SPIDER_RU)])
def test_a_card_one_higher_after_a_comma_is_the_card_built_on(tmp_path, name, text):
    """«на карту, на одиницю старшу» (the comparative apposed to «карту» after a comma) builds down: the
    example's moves are legal (were «illegal: the tableau builds up by one»)."""
    rows = _read(tmp_path, name, text)
    assert [(r[1], r[2]) for r in rows] == [("7D", "legal"), ("6S", "legal")], rows


NUMBERED_HELP = """Помощь по игре

Свободная ячейка

Цель: разложить все карты по базам.

1. Колода одна, 52 карты.
2. Карты сдают открытыми в восемь рядов.
3. В ряду карты кладут по убыванию, красную на чёрную. Например, восьмёрку бубен кладут на девятку треф, но не на девятку червей.
4. За один ход переносят только одну карту.
5. В пустой ряд можно положить любую карту.
6. Тузы переносят в базы, когда они освобождаются; на них собирают по мастям вверх до короля.
"""


def test_a_rules_extent_after_an_example_is_no_move(tmp_path):
    """TESTER9 §2(1), §9: an example inside a numbered rule ran on over the later rules, and «на них … вверх до
    короля» became `K → foundation illegal` — the errata sheet's one erratum, of a correct text. A rule's
    «до короля» is no move: only the example's own two moves are judged."""
    rows = _read(tmp_path, "help.txt", NUMBERED_HELP)
    assert all(r[1] not in ("K", "A", "2") for r in rows), rows   # (nor «на них …»: the aces onto themselves)
    assert len(rows) == 2 and rows[0][1:3] == ("8D", "legal") and rows[1][1] == "8D" and rows[1][2] != "legal", rows
