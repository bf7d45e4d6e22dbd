"""A line without a final stop is «cut off» (a ``truncated-line`` finding) only where a sentence really
stops: before the file's end or a line going on as prose. A blank line after it, a line opening an item of
its own (a bullet, a number, a table row, a message with its time or its writer, a move opening with its
card: ``item_starts`` of ``pasyans/data/heading_shapes.json``), or the line being such an item itself,
ends it — chats, move lists and tables without final stops got one finding a line (75 on the move
fixtures, 78 on the other authors' texts, all wrong)."""

from __future__ import annotations

import pytest

from pasyans.extract.headings import shapes, starts_item
from pasyans.pipeline import read_examples, segment

from .test_plain_texts import _source


@pytest.mark.parametrize("row", shapes()["item_starts"]["rows"], ids=lambda r: r["name"])
def test_every_item_shape_reads_its_examples(row):
    assert row["examples"] and all(row["re"].search(x) for x in row["examples"])
    assert not row["re"].search("и кладут их на короля той же масти")  # a wrapped line going on as prose


def _truncated(rel):
    seg = segment(_source(rel))
    read_examples(seg)
    return [f.lines for f in [*seg.findings, *(f for g in seg.games for f in g.findings)] if f.kind == "truncated-line"]


@pytest.mark.parametrize("rel", ["moves10/moves10_ru_messenger.txt", "moves10/moves10_ru_walkthrough.txt",
                                 "moves9/moves9_ru_bulletin.txt", "texts/moves6_ru_table.txt",
                                 "texts/moves7_ru_thread.txt", "texts/moves5_ru_telegram.txt"])
def test_move_lines_without_final_stops_are_not_cut_off(rel):
    assert _truncated(rel) == []


def test_a_line_stopping_mid_sentence_before_prose_or_the_end_is_cut_off(tmp_path):
    f = tmp_path / "cut.txt"
    f.write_text("Косынка\n\nБерут одну колоду в 52 карты. Раскладывают семь стопок, и\n"
                 "Короли кладут в пустые стопки. Тузы идут на базу.\n\n"
                 "Например: 8♥ на 9♠.\nДаму пик кладут на", encoding="utf-8")
    assert _truncated(f) == [(3, 3), (7, 7)]
    assert starts_item("[20:43] Ира: потом В♣ на Д♦") == "time of a message"


def test_a_move_line_before_a_prose_line_is_not_cut_off(tmp_path):
    f = tmp_path / "story.txt"
    f.write_text("Косынка\n\nСемь стопок, карты кладут по убыванию с чередованием цвета.\n"
                 "Сегодня такая партия. Сначала кладу 8♥ на 9♠\nПотом открываю колоду и вижу даму, и\n"
                 "В конце В♣ на Д♦\nПартия сошлась.\n", encoding="utf-8")
    assert _truncated(f) == [(5, 5)]


def test_a_very_long_line_is_not_read_for_a_move_and_a_long_list_of_ranks_is_read_in_linear_time():
    # the fault case «text one 600,000-char line» («Тузы » × 120,000) hung the build for hours: the move
    # reader ran on the whole line, and the suitless-rank lists were walked once per card (n²)
    from pasyans.extract.article_findings import MOVE_SENTENCE_CHARS, ends_on_move
    from pasyans.extract.moves.phrases import distribute_suits
    from pasyans.extract.notation import scan

    assert ends_on_move("Тузы " * 120_000, "words", "ru") is False
    assert ends_on_move("Сначала кладу 8♥ на 9♠", "words", "ru") is True
    long = "Сначала, " + "очень " * (MOVE_SENTENCE_CHARS // 6) + "долго подумав, кладу 8♥ на 9♠"
    assert len(long) > MOVE_SENTENCE_CHARS and ends_on_move(long, "words", "ru") is False
    text = "двойку и тройку той же масти, " * 10 + "десятка пик, " + "двойку и тройку той же масти"
    tokens = scan(text, "words", "ru").tokens
    read = distribute_suits(text, tokens, "ru")
    assert [t.card.suit for t in read][-2:] == ["S", "S"]
    assert all(t.card.suit is None for t in read[:20])
