"""Layouts of the seg14 sample (issue 11): a dictionary's headwords and cross-references, a newspaper's
caps lead-ins, a shop page, an app-store listing with its changelog and reviews, a design document with
«Это вариант «X»», a diary's dated entries, editor's and translator's notes, aliases said in the body.
Each data row's examples are checked here, and each family on a whole text of ``tests/fixtures/seg14/``
(its tuned part) or of ``tests/fixtures/texts/seg13_*``, by the title, line, alias or parent it gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from pasyans.corpus import Source, read_text
from pasyans.extract import headings as hd
from pasyans.extract import messages
from pasyans.extract.article_aliases import text_aliases
from pasyans.extract.articles import segment_source
from pasyans.extract.text import MappedText

FIXTURES = Path(__file__).parent / "fixtures"


def _lang(s: str) -> str:
    return "uk" if any(c in s.lower() for c in "іїєґ") else "ru"


def segmented(path: str, lang: str = "ru"):
    p = FIXTURES / path
    text = read_text(p)
    src = Source(id="t", file=p.name, language=lang, orthography="modern", kind="article", title=p.name,
                 sha256="0", path=p, text=text, segmenter="headings", notation="symbol")
    return segment_source(src)


LEAD_ROWS = [(row["name"], line, name) for row in hd.shapes()["lead_ins"]["rows"] for line, name in row["examples"]]


@pytest.mark.parametrize("row, line, name", LEAD_ROWS, ids=[r[1][:30] for r in LEAD_ROWS])
def test_every_lead_in_row_gives_its_name(row, line, name):
    lead = hd.lead_in(line, _lang(line))
    assert lead is not None and lead.row == row and not lead.genre
    assert hd.split_title(lead.title, _lang(line), caps=row == "capitals")[0].name == name


@pytest.mark.parametrize("line", hd.shapes()["lead_ins"]["not_examples"])
def test_a_rubric_word_or_a_rule_number_opens_no_lead_in(line):
    assert hd.lead_in(line, "ru") is None


def test_the_genre_word_as_a_headword_heads_the_introduction():
    lead = hd.lead_in("ПАСЬЯНС (франц. patience — терпение), карточная игра для одного человека.", "ru")
    assert lead is not None and lead.genre


@pytest.mark.parametrize("line, name", hd.shapes()["variant_of"]["examples"])
def test_every_variant_of_row_gives_the_parent_name(line, name):
    assert hd.variant_of(line) == name


@pytest.mark.parametrize("line", messages.table()["dated_entries"]["examples"])
def test_dated_entries_open_a_message(line):
    assert messages.dated_entry(line)


@pytest.mark.parametrize("line", messages.table()["dated_entries"]["not"])
def test_a_bare_date_or_a_count_opens_no_entry(line):
    assert not messages.dated_entry(line)


def test_a_dictionary_gives_one_game_per_headword_and_cross_references_as_aliases():
    seg = segmented("seg14/ru_encyclopedia.txt")
    games = [g.game for g in seg.games]
    assert [(g.name, g.lines) for g in games] == [("Паук", [(5, 5)]), ("Пирамида", [(9, 9)]), ("Часы", [(13, 13)])]
    spider, pyramid, clock = games
    assert ("Паучок", (7, 7)) in [(a.name, a.lines) for a in spider.aliases]       # «ПАУЧОК — см. ПАУК.»
    assert ("Spider", "en") in [(a.name, a.language) for a in spider.aliases]      # «по-английски Spider»
    assert "Тринадцать" in [a.name for a in pyramid.aliases]                        # «в народе — «Тринадцать»»
    assert "Куранты" in [a.name for a in clock.aliases]                             # «у нас его зовут также …»
    assert [e.lines for e in pyramid.examples] == [(9, 9)]                           # «Напр., ♠8 снимают вместе с ♦5.»
    kinds = {f.lines: f.message for f in seg.findings if f.kind == "not-a-game"}
    assert "introduction" in kinds[(1, 3)]                                           # «ПАСЬЯНС (франц. …)»
    assert kinds[(11, 11)].startswith("cross-reference")                             # «СОЛИТЁР — то же, что ПАСЬЯНС.»
    assert kinds[(15, 15)].startswith("references")                                  # «Лит.: …»


def test_an_app_store_listing_is_one_game_without_its_changelog_and_reviews():
    seg = segmented("seg14/uk_appstore.txt", "uk")
    [g] = [x.game for x in seg.games]
    assert g.name == "Павук" and g.lines == [(1, 14)]
    assert [(s.kind, s.lines[0]) for s in g.sections if s.kind != "example"] == [("intro", 5), ("rules", 8), ("notes", 11)]
    assert {(a.name, a.language) for a in g.aliases} == {("Spider", "en"), ("Павучок", "uk")}
    kinds = {f.lines: f.message.split(",")[0] for f in seg.findings if f.kind == "not-a-game"}
    assert kinds[(16, 21)] == "changelog" and kinds[(23, 30)] == "comments"


def test_a_shop_page_names_its_game_in_the_product_title():
    seg = segmented("seg14/ru_shop.txt")
    [g] = [x.game for x in seg.games]
    assert g.name == "Гробница Наполеона" and g.lines[0][0] == 3
    assert {"Могила Наполеона", "Napoleon's Tomb"} <= {a.name for a in g.aliases}
    kinds = {f.lines: f.message.split(",")[0] for f in seg.findings if f.kind == "not-a-game"}
    assert kinds[(16, 18)] == "product details"


def test_a_design_document_keeps_its_numbered_labels_and_a_variant_it_names():
    seg = segmented("seg14/ru_gdd.txt")
    games = [x.game for x in seg.games]
    assert [(g.name, g.variant_of) for g in games] == [("Пирамида", None), ("Пирамида на время", games[0].key)]
    assert {"Обзор", "Стратегия", "Режимы"} <= {s.title for s in games[0].sections}
    assert any(f.message.startswith("changelog") and f.lines == (27, 29) for f in seg.findings)


def test_a_heading_whose_paragraph_says_it_is_a_variant_of_the_game_above():
    seg = segmented("texts/seg13_ru_translated_chapter.txt")
    games = [x.game for x in seg.games]
    assert [(g.name, g.variant_of) for g in games] == [("Клондайк", None), ("Вегас", games[0].key)]
    assert ("notes", 21) in [(s.kind, s.lines[0]) for s in games[0].sections]      # «Примечание переводчика.»


def test_a_diary_starts_a_game_at_each_dated_entry_that_tells_one():
    seg = segmented("seg14/ru_diary.txt")
    assert [(x.game.name, x.game.lines[0][0]) for x in seg.games] == [("Чёрная дама", 5), ("Солдатики", 11)]
    assert "Дама" in [a.name for a in seg.games[0].game.aliases]                    # «у нас его зовут просто «Дамой»»


@pytest.mark.parametrize("line", ["Прим. ред. В позднейших изданиях этот пасьянс называется также «Клондайк».",
                                  "Прим. пер. В оригинале — Spider."])
def test_an_abbreviated_note_label_opens_a_notes_section(line):
    lab = hd.section_label(line, "ru")
    assert lab is not None and lab.kind == "notes" and line[lab.rest:].startswith("В ")


def test_a_bare_name_right_after_the_cue_and_a_quoted_one_after_it_are_both_aliases():
    text = "«Павук» — відомий пасьянс на дві колоди. Англійською його назва Spider, а іноді кажуть просто «Павучок»."
    got = text_aliases(MappedText.from_lines([text], 1), "uk", "Павук")
    assert {(a.name, a.language) for a in got} == {("Spider", "en"), ("Павучок", "uk")}


@pytest.mark.parametrize("line, name", hd.shapes()["paragraph_titles"]["examples"])
def test_every_paragraph_title_row_gives_its_name(line, name):
    assert hd.paragraph_title(line) == name


@pytest.mark.parametrize("line", hd.shapes()["paragraph_titles"]["not"])
def test_a_game_named_in_passing_opens_no_paragraph_title(line):
    assert hd.paragraph_title(line) is None


def _source(text: str, lang: str = "ru", orthography: str = "modern") -> Source:
    return Source(id="t", file="t.txt", language=lang, orthography=orthography, kind="article", title="t",
                  sha256="0", path=Path("t.txt"), text=text, segmenter="headings", notation="words")


def test_a_text_without_headings_starts_a_game_at_each_paragraph_naming_another():
    text = ("Бабушка знала много пасьянсов, и я запомнила два.\n\n"
            "Пасьянс «Часы» раскладывают по кругу: двенадцать кучек и одну в середину. Открытую карту кладут "
            "под кучку с её номером.\n\n"
            "А пасьянс «Пирамида» складывают из двадцати восьми карт. Снимают пары карт, дающие тринадцать очков. "
            "Как и в пасьянсе «Часы», колоду открывают по одной карте.\n")
    seg = segment_source(_source(text))
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Часы", [(3, 3)]), ("Пирамида", [(5, 5)])]
    assert any(f.kind == "not-a-game" and f.lines == (1, 1) for f in seg.findings)


def test_a_pre1918_title_form_is_the_name_as_printed_without_the_genre_word():
    seg = segment_source(_source("ПАСЬЯНСЪ «ПЯТЬ ДОРОГЪ».\n\nБерутъ колоду въ 52 карты и раскладываютъ пять рядовъ.\n",
                                 orthography="pre-reform"))
    [g] = [x.game for x in seg.games]
    assert g.name == "Пять дорог" and g.printed_name == "ПАСЬЯНСЪ «ПЯТЬ ДОРОГЪ»"
    assert [(a.name, a.kind) for a in g.aliases] == [("Пять дорогъ", "title-form")]


@pytest.mark.parametrize("title, caps, want", [
    ("ПАСЬЯНС «МАРЬЯЖ», ИЛИ «СВАДЬБА»", True, ["Марьяж", "Свадьба"]),
    ("ЧАСЫ, ИЛИ КУРАНТЫ", True, ["Часы", "Куранты"]),
    ("Косынка — Klondike", False, ["Косынка", "Klondike"]),
    ("Павук: Spider Solitaire", False, ["Павук", "Spider Solitaire"]),
    ("Косынка — классика", False, ["Косынка — классика"]),
])
def test_a_title_gives_its_other_names_in_capitals_and_after_a_dash(title, caps, want):
    assert [t.name for t in hd.split_title(title, _lang(title), caps=caps)] == want


@pytest.mark.parametrize("line, kind", [("Расклад карт", "setup"), ("Розклад карт", "setup"), ("Правила вкратце:", "rules"),
                                        ("Штрафи", "scoring")])
def test_a_label_with_the_word_cards_after_it_is_a_label(line, kind):
    lab = hd.section_label(line, _lang(line) if line != "Розклад карт" else "uk")
    assert lab is not None and lab.kind == kind and lab.rest is None


@pytest.mark.parametrize("line", ["• На пустое место — только король", "- Тузы выкладывают на базу", "▪ Косынка"])
def test_a_bulleted_line_is_never_a_title(line):
    assert hd.title_shape(line, "ru") is None and hd.title_shape(line, "ru", layout=True) is None


def test_slides_give_a_game_per_slide_title_and_keep_its_bullets():
    seg = segmented("seg15/ru_slides.txt")
    games = [x.game for x in seg.games]
    assert [(g.name, g.lines[0]) for g in games] == [("Косынка", (12, 17)), ("Пирамида", (20, 27))]
    assert ("Klondike", "en", (17, 17)) in [(a.name, a.language, a.lines) for a in games[0].aliases]
    assert any(f.message.startswith("slide number") and f.lines == (11, 11) for f in seg.findings)


def test_a_puzzle_page_keeps_its_crossword_and_answers_out_of_games():
    seg = segmented("seg15/ru_puzzle_magazine.txt")
    assert [(x.game.name, x.game.lines) for x in seg.games] == [("Гольф", [(8, 9)])]
    kinds = {f.lines: f.message.split(",")[0] for f in seg.findings if f.kind == "not-a-game"}
    assert kinds[(3, 5)] == "other puzzles" and kinds[(11, 12)] == "other puzzles"


def test_an_abbreviated_word_of_a_name_is_found_by_the_whole_word():
    import sqlite3

    from pasyans.kb.names import find, form_rows, name_row

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE games (id TEXT PRIMARY KEY, name TEXT, source TEXT, lines TEXT)")
    conn.execute("CREATE TABLE names (id INTEGER PRIMARY KEY, game TEXT, name TEXT, kind TEXT, language TEXT, "
                 "folded TEXT, forms TEXT, source TEXT)")
    conn.execute("CREATE TABLE name_forms (form TEXT, name INTEGER, word INTEGER, how TEXT)")
    for i, (game, name) in enumerate([("006-3", "Наполеонъ на островѣ Св. Елены"), ("006-1", "Косынка")], 1):
        conn.execute("INSERT INTO games VALUES (?, ?, '006', '[[1, 5]]')", (game, name))
        r = name_row(game, name, "title", "ru")
        conn.execute("INSERT INTO names VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
                     (i, r["game"], r["name"], r["kind"], r["language"], r["folded"], r["forms"]))
    conn.executemany("INSERT INTO name_forms VALUES (?, ?, ?, ?)",
                     list(form_rows(conn.execute("SELECT id, forms FROM names").fetchall())))
    [hit] = find(conn, "Наполеон на острове Святой Елены")
    assert hit.game == "006-3" and not hit.guess and "Св. Елены" in hit.why


def test_the_genre_word_before_a_colon_is_no_speaker_and_a_page_title_over_the_game_heads_nothing():
    seg = segment_source(_source("Сборник\n\nПАСЬЯНСЪ: «МАРІЯ».\n\nОдна колода в 52 карты. Тузы выкладывают в ряд.\n\n"
                                 "Пасьянс «Гольф»\n\nОдна колода в 52 карты. На тузы кладут карты той же масти.\n"))
    assert [g.game.name for g in seg.games] == ["Марія", "Гольф"]
    uk = segment_source(_source("Вільна комірка: приклад гри\n\nВільна комірка (FreeCell)\n\nОдна колода в 52 карти. "
                                "Усі карти викладають відкритими у вісім стовпчиків.\n", "uk"))
    assert [(g.game.name, [a.name for a in g.game.aliases]) for g in uk.games] == [("Вільна комірка", ["FreeCell"])]
    assert any(f.lines == (1, 1) and f.message.startswith("document title") for f in uk.findings)


def test_a_plain_heading_whose_text_states_its_pack_is_a_game_not_a_topic_of_the_one_above():
    text = ("Три пасьянса\n\nГодинник\n\nПравила\n\nКарти викладають у тринадцять купок по чотири карти.\n\n"
            "Осада\n\nБерут одну колоду в 52 карты. Четыре туза выкладывают в середину.\n\n"
            "Правила из буклета\n\nИграют одной колодой. Тузы кладут в ряд.\n")
    seg = segment_source(_source(text))
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Годинник", [(3, 7)]), ("Осада", [(9, 15)])]
    assert ("topic", 13) in [(s.kind, s.lines[0]) for s in seg.games[1].game.sections]   # «Правила из …»: a topic


@pytest.mark.parametrize("line", hd.shapes()["game_openers"]["examples"])
def test_sentences_that_state_the_pack(line):
    assert hd.states_pack(line, _lang(line))


@pytest.mark.parametrize("line", hd.shapes()["game_openers"]["not"])
def test_sentences_that_state_no_pack(line):
    assert not hd.states_pack(line, "ru")


def test_a_bulleted_list_of_games_under_a_plural_heading_gives_a_game_per_item():
    seg = segmented("seg16/ru_wiki_list.txt")
    assert [(x.game.name, x.game.lines) for x in seg.games] == [("Косынка", [(7, 7)]), ("Гольф", [(8, 8)]), ("Часы", [(9, 9)])]
    assert [(a.name, a.language) for a in seg.games[0].game.aliases] == [("Klondike", "en")]
    assert any(f.message.startswith("page meta") and f.lines == (3, 3) for f in seg.findings)   # «Материал из …»


def test_a_quiz_tells_the_game_then_a_caller_names_it():
    seg = segmented("seg14/uk_radio_quiz.txt", "uk")
    games = [x.game for x in seg.games]
    assert [(g.name, g.lines[0][0]) for g in games][:2] == [("Косинка", 5), ("Годинник", 9)]
    assert "Клондайк" in [a.name for a in games[0].aliases] and "Куранти" in [a.name for a in games[1].aliases]
    assert messages.speech_start("СЛУХАЧ (Олена, Вінниця): Це «Косинка»!") == 25


@pytest.mark.parametrize("line, name", hd.shapes()["answer_titles"]["examples"])
def test_every_answer_row_gives_its_name(line, name):
    assert hd.answer_title(line) == name


@pytest.mark.parametrize("line", hd.shapes()["answer_titles"]["not"])
def test_a_question_or_a_comparison_answers_with_no_name(line):
    assert hd.answer_title(line) is None


@pytest.mark.parametrize("path, name, first, alias", [
    ("seg15/ru_letter1900.txt", "Наполеон", 7, "Святая Елена"),     # «Пасьянсъ этотъ зовется …», «P. S.»
    ("seg15/ru_museum_label.txt", "Косынка", 7, "Солитер"),         # «Экспонат № 12», «Из собрания …»
    ("seg16/ru_comic_script.txt", "Могила Наполеона", 6, "Гробница Наполеона"),   # «КАДР 2», speakers
    ("seg16/ru_exam_ticket.txt", "Паук", 5, None),                   # «Билет № 7», «Вопрос 1.»
])
def test_a_game_told_in_a_letter_a_label_a_script_or_a_ticket(path, name, first, alias):
    src = FIXTURES / path
    seg = segment_source(Source(id="t", file=src.name, language="ru", kind="article", title=src.name, sha256="0",
                                path=src, text=read_text(src), segmenter="headings", notation="symbol",
                                orthography="pre-reform" if "1900" in path else "modern"))
    [g] = [x.game for x in seg.games]
    assert g.name == name and g.lines[0][0] == first
    assert alias is None or alias in [a.name for a in g.aliases]
