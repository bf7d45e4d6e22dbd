"""Layouts of the seg17 sample (issue 11, session 9): a number-only heading over its game's name line, a
capitals name with a lower-case remark, a column's rubric over items between «* * *», a thread naming its game
after «раскладывать», a case told one card a sentence after «Наприклад», translator's front matter. Each data
row's examples are checked here, and each family on a whole text of ``tests/fixtures/seg17/`` (or an earlier
fixture with the same layout) by the title, line, alias or example it gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from pasyans.corpus import Source, read_text
from pasyans.extract import headings as hd
from pasyans.extract.articles import segment_source

FIXTURES = Path(__file__).parent / "fixtures"


def segmented(path: str, lang: str = "ru", pre: bool = False):
    p = FIXTURES / path
    src = Source(id="t", file=p.name, language=lang, orthography="pre-reform" if pre else "modern", kind="article",
                 title=p.name, sha256="0", path=p, text=read_text(p), segmenter="headings", notation="symbol")
    return segment_source(src)


@pytest.mark.parametrize("line", hd.shapes()["number_titles"]["examples"])
def test_a_heading_that_only_numbers_its_game(line):
    assert hd.number_title(line)


@pytest.mark.parametrize("line", hd.shapes()["number_titles"]["not"])
def test_a_heading_that_names_its_game_is_no_number_title(line):
    assert not hd.number_title(line)


@pytest.mark.parametrize("path, names", [
    ("seg17/ru_pre1918_translated.txt", ["Наполеон на острове Св. Елены", "Красавица Люси"]),   # «ПАСЬЯНСЪ ПЕРВЫЙ.»
    ("other_authors4/book_pre1918_sbornik.txt", ["Сорок разбойников", "Веер", "Демон", "Часы"]),   # «ПАСЬЯНСЪ № 7.»
])
def test_the_name_line_under_a_number_heading_names_the_game(path, names):
    seg = segmented(path, pre=True)
    assert [x.game.name for x in seg.games if not x.game.fragment] == names


def test_the_name_lines_english_name_is_an_alias_and_translators_note_no_game():
    games = [x.game for x in segmented("seg17/ru_pre1918_translated.txt", pre=True).games]
    assert games[0].lines == [(8, 15)]    # «Отъ переводчика.» (lines 5-6) is front matter, not a game
    assert ("Napoleon at St. Helena", "en", (9, 9)) in [(a.name, a.language, a.lines) for a in games[0].aliases]
    assert ("La Belle Lucie", "en", (18, 18)) in [(a.name, a.language, a.lines) for a in games[1].aliases]


def test_a_capitals_name_with_a_lower_case_remark_is_a_title_right_over_its_text():
    seg = segmented("seg17/ru_house_rules.txt")
    assert [(x.game.name, x.game.lines[0][0]) for x in seg.games if not x.game.fragment] == [
        ("Сорок разбойников", 5), ("Косынка", 13)]
    assert hd.title_frame("ПАУЧОК — см. ПАУК.") is None   # a dictionary's cross-reference is a sentence


def test_a_columns_rubric_over_items_between_separators_heads_no_game():
    seg = segmented("seg17/ru_pre1918_smes.txt", pre=True)
    games = [x.game for x in seg.games]
    assert [(g.name, g.lines[0][0]) for g in games] == [("Часы", 7), ("Косынка", 11)]   # «СМѢСЬ.» heads neither
    assert "Недотрога" in [a.name for a in games[1].aliases]
    assert any(f.kind == "not-a-game" and f.lines[0] == 1 for f in seg.findings)


def test_a_thread_names_its_game_after_an_infinitive_of_laying_out():
    [g] = [x.game for x in segmented("seg17/ru_thread.txt").games]
    assert g.name == "Клондайк" and g.lines[0][0] == 2
    assert hd.inline_title("Хочу навчитися грати в «Павука» без підказок.", "uk") == "Павук"


def test_a_case_told_one_card_a_sentence_after_for_example_is_an_example():
    [g] = [x.game for x in segmented("seg17/uk_worksheet.txt", "uk").games]
    assert g.name == "Годинник" and [e.lines for e in g.examples] == [(8, 8)]


def test_a_thread_of_posts_under_author_lines_gives_each_game_its_post():
    seg = segmented("seg18/uk_reddit.txt", "uk")
    games = [x.game for x in seg.games]
    assert [(g.name, g.lines[0][0]) for g in games] == [("Сорока розбійників", 2), ("Павук", 12)]
    assert hd.inline_title("Подскажите правила «Косынки», пожалуйста.", "ru") is None   # only in a message


def test_cards_between_box_rules_are_named_by_their_name_field():
    seg = segmented("seg18/uk_game_cards.txt", "uk")
    assert [(x.game.name, x.game.lines[0][0]) for x in seg.games] == [("Косинка", 5), ("Гольф", 11)]
    assert any(f.kind == "not-a-game" and f.lines == (2, 2) for f in seg.findings)   # «Пасьянси для одного гравця …»


def test_two_games_in_two_sentences_are_no_comparison():
    from pasyans.extract import messages
    assert not messages.compares("Научилась раскладывать «Клондайк». Это та самая «Косынка» из винды.", "ru")
    assert messages.compares("Чем «Паук» отличается от «Косынки»?", "ru")


def test_an_interview_in_dash_turns_gives_each_game_its_answer():
    seg = segmented("seg18/ru_interview.txt")
    assert [(x.game.name, x.game.lines[0][0]) for x in seg.games] == [("Паук", 7), ("Гробница Наполеона", 9)]
    assert any(f.kind == "not-a-game" and f.lines[0] == 1 for f in seg.findings)   # «ПАСЬЯНС — ЭТО …» heads none


def test_a_chat_export_with_speakers_on_their_own_lines_gives_each_question_its_game():
    seg = segmented("seg18/ru_chatbot.txt")
    assert [(x.game.name, x.game.lines[0][0]) for x in seg.games] == [("Пирамида", 4), ("Гольф", 23)]
    assert any(f.message.startswith("speaker, not a game") for f in seg.findings)


def test_an_alias_sentence_with_kak_is_no_unparsed_rule_sentence():
    from pasyans.extract.rules.reader import read_text
    from pasyans.extract.text import MappedText
    for text, lang in [("Паук также известен как «Паучок».", "ru"), ("Пасьянс відомий також як «Клондайк».", "uk")]:
        _spec, findings, _ = read_text(MappedText.from_lines([text], 1), lang)
        assert not [f for f in findings if f.kind == "unparsed-rule-sentence"], text


def test_notes_with_names_ending_in_a_colon_over_bullets_and_a_topic_line_over_them():
    seg = segmented("seg18/ru_lecture_notes.txt")
    assert [(x.game.name, x.game.lines[0][0]) for x in seg.games] == [("Часы", 7), ("Косынка", 13)]
    assert any(f.kind == "not-a-game" and f.lines == (2, 5) for f in seg.findings)   # «Тема: пасьянсы …» and its definition


def test_sister_headings_sharing_a_prefix_are_named_after_it():
    seg = segmented("seg18/ru_table_catalog.md")
    assert [(x.game.name, x.game.lines[0][0]) for x in seg.games] == [("Часы", 11), ("Косынка", 17)]


@pytest.mark.parametrize("remark", hd.shapes()["pack_remarks"]["examples"])
def test_a_parenthesis_stating_the_pack_is_no_part_of_the_name(remark):
    assert hd.pack_remark(remark) and hd.split_title(f"Паук ({remark})", "ru")[0].name == "Паук"


@pytest.mark.parametrize("remark", hd.shapes()["pack_remarks"]["not"])
def test_a_parenthesis_naming_a_variant_or_an_english_name_stays(remark):
    assert not hd.pack_remark(remark)


@pytest.mark.parametrize("path, names", [
    ("seg21/ru_app_games_list.txt", [("Паук", 3), ("Косынка", 6), ("Свободная ячейка", 9)]),   # «Паук (2 колоды)»
    ("seg21/ru_bbcode_forum.txt", [("Косынка", 1), ("Пирамида", 8)]),          # «[b]Пасьянс «Пирамида»[/b]»
    ("seg21/ru_wordpress_post.txt", [("Паук", 1)]),                              # «Как я полюбила «Паука»»
    ("seg21/uk_ocr_scan.txt", [("Нескінченний", 1), ("Годинник", 10)]),          # «ПАСЬЯНС «НЕСКІН-» / «ЧЕННИЙ»»
    ("seg21/ru_typographic_quotes.txt", [("Гольф", 1), ("Часы", 9)]),            # «“ГОЛЬФ”»
])
def test_title_shapes_of_seg21(path, names):
    seg = segmented(path, "uk" if path.split("/")[1].startswith("uk") else "ru")
    assert [(x.game.name, x.game.lines[0][0]) for x in seg.games] == names


def test_bbcode_tags_are_markup_and_a_chat_name_is_no_headline():
    [pyr] = [x.game for x in segmented("seg21/ru_bbcode_forum.txt").games if x.game.name == "Пирамида"]
    assert pyr.printed_name == "Пасьянс «Пирамида»"     # printed without «[b]»
    assert hd.title_frame("Чат «Картёжники», 3 марта") is None


def _colon_games(rows):
    from pasyans.corpus import Source
    text = "\n".join(line for block in rows for line in block + ["- раскладывают карты по убыванию, масть чередуется", ""])
    src = Source(id="t", file="x.txt", language="ru", orthography="modern", kind="article", title="x", sha256="0",
                 path=Path("x.txt"), text=text, segmenter="headings", notation="symbol")
    return [x.game.name for x in segment_source(src).games if not x.game.fragment]


def test_colon_titles_and_the_heads_of_other_lists():
    assert _colon_games(hd.shapes()["colon_titles"]["examples"]) == ["Часы", "Косынка"]
    assert _colon_games(hd.shapes()["colon_titles"]["not"]) == []


def test_a_number_heading_over_a_rule_sentence_keeps_no_name_from_it():
    from pasyans.corpus import Source
    text = "ПАСЬЯНСЪ ПЕРВЫЙ.\nБерутъ одну колоду.\nКладутъ карты въ четыре ряда по тринадцати.\n"
    src = Source(id="t", file="x.txt", language="ru", orthography="pre-reform", kind="article", title="x", sha256="0",
                 path=Path("x.txt"), text=text, segmenter="headings", notation="symbol")
    assert [x.game.name for x in segment_source(src).games] == ["Пасьянс первый"]


def test_sister_headings_of_one_games_variants_are_two_games_not_a_document_title():
    from pasyans.corpus import Source
    text = ("Пасьянс «Паук» (одна масть)\n\nРаскладывают десять стопок двумя колодами. Карты кладут по убыванию.\n\n"
            "Пасьянс «Паук» (две масти)\n\nРаскладывают десять стопок двумя колодами, масти две. Переносят только одну масть.\n")
    src = Source(id="t", file="x.txt", language="ru", orthography="modern", kind="article", title="x", sha256="0",
                 path=Path("x.txt"), text=text, segmenter="headings", notation="symbol")
    games = [x.game for x in segment_source(src).games]
    assert [(g.printed_name, g.lines) for g in games] == [("Пасьянс «Паук» (одна масть)", [(1, 3)]),
                                                          ("Пасьянс «Паук» (две масти)", [(5, 7)])]
