"""Names and sections of the seg19 sample (issue 11): uk names kept in the nominative a catalogue gives,
an English gloss after another name in one parenthesis, inflected «відомого також як», labels in capitals,
numbered clause headings and bold Markdown labels, each checked on a whole text of
``tests/fixtures/seg19/`` (its tuned part) by the alias, language, line or section it gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from pasyans.corpus import Source, read_text
from pasyans.extract import headings as hd
from pasyans.extract.article_aliases import text_aliases
from pasyans.extract.articles import segment_source
from pasyans.extract.text import MappedText

FIXTURES = Path(__file__).parent / "fixtures"


def _games(path: str, lang: str, fragments: bool = False):
    p = FIXTURES / path
    src = Source(id="t", file=p.name, language=lang, orthography="modern", kind="article", title=p.name,
                 sha256="0", path=p, text=read_text(p), segmenter="headings", notation="symbol")
    return [g.game for g in segment_source(src).games if fragments or not g.game.fragment]


@pytest.mark.parametrize("printed, nominative", [
    ("Солітер", "Солітер"),        # the uk dictionary form has no case: was read as the plural «Солітери»
    ("Солітером", "Солітер"),      # no number in the tag: the dictionary form, not «Солітери»
    ("Павучком", "Павучок"),
    ("Курантами", "Куранти"),      # a plural stays plural
])
def test_a_ukrainian_alias_is_stored_in_the_nominative_singular(printed, nominative):
    assert hd.nominative(printed, "uk") == nominative


def test_ukrainian_aliases_after_a_verb_keep_their_own_form():
    text = "Пасьянс «Косинка» знають усі. Його ще називають «Солітером», а дехто кличе його «Пасьянсом»."
    got = text_aliases(MappedText.from_lines([text], 1), "uk", "Косинка")
    assert "Солітер" in [a.name for a in got] and "Солітери" not in [a.name for a in got]


def test_an_english_gloss_after_another_name_in_one_parenthesis():
    games = _games("seg19/ru_caps_leaflet.txt", "ru")
    assert [g.name for g in games] == ["Фриселл"]
    got = {(a.name, a.language, a.lines[0]) for a in games[0].aliases}
    assert {("Свободная ячейка", "ru", 5), ("FreeCell", "en", 5)} <= got


def test_an_inflected_known_as_and_an_english_sources_cue_in_one_sentence():
    games = _games("seg19/uk_tournament_rules.txt", "uk")
    [g] = [g for g in games if g.name == "Косинка"]
    got = {(a.name, a.language, a.lines[0]) for a in g.aliases}
    assert {("Солітер", "uk", 7), ("Klondike", "en", 7)} <= got


@pytest.mark.parametrize("path, lang, game, want", [
    # numbered clause headings: «1. Загальні положення» is a label too (was a part of the text)
    ("seg19/uk_tournament_rules.txt", "uk", "Косинка",
     {6: "intro", 9: "setup", 12: "setup", 15: "rules", 18: "scoring"}),
    # labels in capitals, whole-line and inline: «ЦЕЛЬ ИГРЫ: …», «ПОДГОТОВКА. …», «ХОД ИГРЫ», «СОВЕТ»
    ("seg19/ru_caps_leaflet.txt", "ru", "Фриселл", {7: "goal", 9: "setup", 11: "rules", 14: "tactics"}),
    # bold Markdown labels with their text on the line: «**Раскладка:** 28 карт …»
    ("seg19/ru_notes.md", "ru", "Пирамида", {6: "setup", 7: "setup", 8: "goal", 9: "rules"}),
    # FAQ question headings in uk, and «Мета гри — …» inline (the game named in a body sentence: its text
    # is read, its title not yet — None picks the part holding the lines)
    ("seg19/uk_blog.txt", "uk", None, {5: "goal", 7: "setup", 10: "rules", 13: "tactics"}),
])
def test_sections_of_the_sample_start_on_their_label_lines(path, lang, game, want):
    games = _games(path, lang, fragments=game is None)
    first = min(want)
    [g] = [g for g in games if g.name == game or (game is None and any(a <= first <= b for a, b in g.lines))]
    got = {s.lines[0]: s.kind for s in g.sections if s.kind != "example"}
    assert {n: got.get(n) for n in want} == want


@pytest.mark.parametrize("line, lang, kind, rest", [
    ("Правила игры в пасьянс", "ru", "rules", None),        # trailing suffix words
    ("Советы по игре", "ru", "tactics", None),
    ("Принцип пасьянса", "ru", "rules", None),             # the row «Принцип игры» with another suffix
    ("Раскладка и ход игры", "ru", "setup", None),         # a compound of two labels: the first one's kind
    ("Розклад та хід гри", "uk", "setup", None),
    ("Стратегия и советы", "ru", "tactics", None),
    ("Подсчёт очков (необязательно)", "ru", "scoring", None),   # a remark in parentheses
    ("🎯 Цель: собрать все карты на базы.", "ru", "goal", 8),     # an emoji before an inline label
])
def test_label_phrases_beyond_the_rows(line, lang, kind, rest):
    lab = hd.section_label(line, lang)
    assert lab is not None and (lab.kind, lab.rest) == (kind, rest)


@pytest.mark.parametrize("line, lang", [
    ("Правила пасьянса Косынка", "ru"),   # a game's name after the label: a title
    ("Гадание на картах", "ru"),
    ("Раскладка и Косынка", "ru"),        # one part no label
])
def test_a_label_word_with_a_name_is_no_label(line, lang):
    assert hd.section_label(line, lang) is None


@pytest.mark.parametrize("title, names", [
    ("Паук, он же Spider", [("Паук", "title"), ("Spider", "alias")]),              # was one name «Паук, он же Spider»
    ("ПАСЬЯНС «КОСЫНКА» (KLONDIKE)", [("Косынка", "title"), ("Klondike", "alias")]),  # was «KLONDIKE»
    ("Косынка (она же Klondike или Солитер)", [("Косынка", "title"), ("Klondike", "alias"), ("Солитер", "alias")]),
])
def test_names_a_title_line_gives(title, names):
    got = hd.split_title(title, "ru", caps=title.isupper())
    assert [(t.name, t.kind) for t in got] == names


def test_a_body_sentence_with_a_nickname_and_a_place_before_known_as():
    text = ("Этот пасьянс, известный в Англии как Klondike, раскладывают одной колодой. "
            "В народе его прозвали «Солитёром».")
    got = text_aliases(MappedText.from_lines([text], 1), "ru", "Косынка")
    assert [(a.name, a.language) for a in got] == [("Klondike", "en"), ("Солитёр", "ru")]


@pytest.mark.parametrize("line, lang, kind, after", [
    ("[b]Мета гри:[/b] зібрати всі карти на бази.", "uk", "goal", "зібрати"),   # BBCode around a label
    ("[B]Розклад[/B]", "uk", "setup", None),
    ("Раскладка (Layout)", "ru", "setup", None),                               # a translation's English gloss
    ("Игра (Play)", "ru", "rules", None),
])
def test_labels_in_forum_markup_and_with_an_english_gloss(line, lang, kind, after):
    lab = hd.section_label(line, lang)
    assert lab is not None and lab.kind == kind
    assert (line[lab.rest:].split()[0] if lab.rest is not None else None) == after


def test_a_translated_manual_keeps_its_labels_as_sections_and_reads_the_cue_after_a_names_list():
    [g] = _games("seg19/ru_translated_manual.txt", "ru")
    assert g.name == "Расчёт"
    assert {s.lines[0]: s.kind for s in g.sections if s.kind != "example"} == {5: "names", 7: "goal", 10: "setup", 13: "rules"}
    # «Другое название — «Калькуляция»; в английских книгах его также называют Broken Intervals.»
    assert {("Калькуляция", "ru"), ("Broken Intervals", "en"), ("Calculation", "en")} <= {(a.name, a.language) for a in g.aliases}


def test_a_heading_framing_the_game_s_own_name_is_a_section_of_it():
    # ru_seo_article.txt: «## Как играть в Паука» under «## Правила пасьянса Паук» (was a second game «Паук»)
    games = _games("seg19/ru_seo_article.txt", "ru")
    assert [g.name for g in games] == ["Паук"]
    got = {s.lines[0]: (s.kind, s.title) for s in games[0].sections if s.kind != "example"}
    assert got[9] == ("rules", "Как играть в Паука") and got[19][0] == "question" and got[23][0] == "question"


@pytest.mark.parametrize("title, lang, names", [
    ("Пірамідка (інша назва — Тринадцять)", "uk", [("Пірамідка", "title"), ("Тринадцять", "alias")]),   # was one name
    ("Часы (английское название — Clock)", "ru", [("Часы", "title"), ("Clock", "alias")]),
    ("Косынка (также известна как Солитер)", "ru", [("Косынка", "title"), ("Солитер", "alias")]),
    ("Косынка (в старых книгах — «Солитер»)", "ru", [("Косынка", "title"), ("Солитер", "alias")]),  # was titled «Солитер»
    ("Косынка (Солитер)", "ru", [("Косынка", "title"), ("Солитер", "alias")]),   # a capitalised Солитер is a name
    ("Косынка (солитер)", "ru", [("Косынка", "title")]),                        # lower case: only says what it is
    ("Павук (пасьянс)", "uk", [("Павук", "title")]),
])
def test_a_cued_parenthesis_in_a_title_gives_its_names(title, lang, names):
    assert [(t.name, t.kind) for t in hd.split_title(title, lang)] == names


@pytest.mark.parametrize("text, lang, want", [
    ("Английское название пасьянса — Klondike.", "ru", ("Klondike", "en")),   # the game in the genitive before the dash
    ("Другое название этого пасьянса — Солитер.", "ru", ("Солитер", "ru")),
    ("Інша назва цього пасьянсу — Солітер.", "uk", ("Солітер", "uk")),
])
def test_an_unquoted_name_after_the_game_in_the_genitive(text, lang, want):
    got = text_aliases(MappedText.from_lines([text], 1), lang, "Косынка")
    assert [(a.name, a.language) for a in got] == [want]


@pytest.mark.parametrize("line, kind", [
    ("Способъ раскладки.", "setup"), ("Предварительныя замѣчанія.", "intro"), ("Видоизмѣненія пасьянса.", "variants"),
])
def test_pre_1918_label_words_read_in_modern_spelling(line, kind):
    from pasyans.extract.orthography import modernize

    assert hd.section_label(modernize(line), "ru").kind == kind


@pytest.mark.parametrize("title, names", [
    ("ПАСЬЯНС «КОСЫНКА» • KLONDIKE", [("Косынка", "title"), ("Klondike", "alias")]),   # a box's bullet separator
    ("Паук | Spider", [("Паук", "title"), ("Spider", "alias")]),
])
def test_an_english_name_after_a_separator(title, names):
    assert [(t.name, t.kind) for t in hd.split_title(title, "ru", caps=title.isupper())] == names


@pytest.mark.parametrize("line, kind", [("Что это за игра?", "intro"), ("Как играть?", "rules"), ("🃏 Что это за пасьянс", "intro"),
                                        ("ЕСЛИ ХОДОВ НЕТ: открывайте по одной карте.", "rules")])
def test_a_label_row_asked_as_a_question_or_with_an_emoji(line, kind):
    assert hd.section_label(line, "ru").kind == kind


def test_the_book_reader_knows_the_plain_text_alias_cues():
    # extract/book_sentences.py NAMING takes segment_cues.json's ALIAS rows too («носит название», «иначе»)
    from pasyans.extract.book_aliases import aliases

    text = "Этот пасьянс носит также название «Королевский двор». Иначе его зовут «Двор»."
    got = aliases(MappedText.from_lines([text], 1), "Придворный", ["Придворный"])
    assert [(a.name, a.kind) for a in got] == [("Королевский двор", "alias"), ("Двор", "alias")]


@pytest.mark.parametrize("printed, lang, case, nominative", [
    ("Пары", "ru", "nomn", "Пары"),      # «называют «Свадьба» или «Пары»»: a nominative plural, not «Пара»
    ("Пари", "uk", "nomn", "Пари"),      # uk «ще називають «Весілля» або «Пари»»
    ("Паука", "ru", "nomn", "Паук"),     # no nominative reading: put in the nominative
    ("Пирамиды", "ru", None, "Пирамида"),  # «начни с «Пирамиды»»: no frame allows the nominative
    ("Косынки", "ru", "gent", "Косынка"),  # «правила «Косынки»»: the frame governs the genitive
])
def test_a_name_that_may_be_a_nominative_plural_is_kept_after_a_naming_verb(printed, lang, case, nominative):
    assert hd.nominative(printed, lang, case) == nominative


def test_aliases_in_a_paragraph_of_the_other_language_are_read_with_its_words():
    """A Ukrainian column inside a Russian newsletter (``pasyans add`` records lines 7–9 as uk): its
    «ще називають «Куранти» або «Циферблат»» gives both aliases, in Ukrainian, on line 9 (read with the
    Russian cues it gave none)."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    from segmentation import annotated_source

    src, _ = annotated_source({"file": "texts/lead10_ru_uk_newsletter.txt", "language": "ru"}, "t01")
    assert src.language == "ru" and src.languages == [((7, 9), "uk")]
    games = {g.game.name: g.game for g in segment_source(src).games}
    assert [(a.name, a.language, a.lines) for a in games["Годинник"].aliases] == [
        ("Куранти", "uk", (9, 9)), ("Циферблат", "uk", (9, 9))]
    assert games["Часы"].aliases == []


@pytest.mark.parametrize("line, lang", [(s, "uk" if s.split(",")[0].split()[0] in ("Дякую", "Вітаю") else "ru")
                                        for s in hd.shapes()["entry_leads"]["greeting_examples"]])
def test_a_reply_opening_with_a_greeting_names_no_game(line, lang):
    assert hd.entry_lead(line, lang) is None and hd.lead_in(line, lang) is None


_PAIRS = hd.shapes()["entry_leads"]["greeting_pairs"]


@pytest.mark.parametrize("line", _PAIRS["examples"])
def test_a_two_word_greeting_is_a_greeting(line):
    lang = "uk" if "і" in line else "ru"
    assert hd.greets(line, lang)
    assert hd.entry_lead(line + ". Дедушка раскладывал карты кругом.", lang) is None


@pytest.mark.parametrize("line", _PAIRS["not"])
def test_an_adjective_before_another_noun_is_no_greeting(line):
    assert not hd.greets(line, "ru")


@pytest.mark.parametrize("line, lang", [("Всем привет", "ru"), ("Доброго дня", "uk"), ("Всім привіт", "uk"), ("Добрый вечер!", "ru")])
def test_a_greeting_on_its_own_line_is_no_title(line, lang):
    assert hd.title_shape(line, lang) is None


def test_a_site_named_in_quotes_before_a_breadcrumb_is_no_headline():
    assert hd.title_frame("Спільнота «Настільні ігри Полтави» › Карти", "uk") is None
    assert hd.title_frame("Как я полюбила «Пирамиду»", "ru") == ("a headline naming one game", "«Пирамида»")
