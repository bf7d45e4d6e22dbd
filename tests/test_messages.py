"""Texts cut into turns and messages, and the furniture of e-mails, calendars, wikis and old books
(issue 11, session 7): every row of pasyans/data/messages.json reads its examples; whole texts written
for these tests (not the seg13 dev sample) are cut as a reader would cut them."""

from __future__ import annotations

import json

import pytest

from pasyans.corpus import Source
from pasyans.extract import footnotes, messages
from pasyans.extract.article_aliases import said_language
from pasyans.extract.articles import segment_source
from pasyans.extract.furniture import furniture, line_family
from pasyans.extract.headings import section_label

from .conftest import ROOT

TABLE = messages.table()


@pytest.mark.parametrize("line,title", TABLE["subject"]["examples"])
def test_every_subject_example_gives_its_title(line, title):
    assert messages.subject_title(line) == title


@pytest.mark.parametrize("line,at", TABLE["speakers"]["examples"])
def test_every_speaker_example_gives_where_the_speech_starts(line, at):
    assert messages.speech_start(line) == at


@pytest.mark.parametrize("line", TABLE["speakers"]["not_speakers"])
def test_labels_that_are_no_speakers(line):
    assert messages.speech_start(line) is None


@pytest.mark.parametrize("line,want", TABLE["rule_text"]["examples"] + TABLE["rule_text"]["same_as"]["examples"])
def test_every_rule_text_example(line, want):
    lang = "uk" if any(c in line for c in "ієїґ") else "ru"
    assert messages.is_rule_text(line, lang) is want


CUES = json.loads((ROOT / "pasyans" / "data" / "segment_cues.json").read_text("utf-8"))


@pytest.mark.parametrize("sentence,lang,want", CUES["alias_languages"]["examples"])
def test_the_sentence_gives_the_alias_its_language(sentence, lang, want):
    assert said_language(sentence[: sentence.rfind("«")], lang) == want


def _segment(text: str, lang: str = "ru", orthography: str = "modern", languages=()):
    src = Source(id="m01", file="m.txt", language=lang, orthography=orthography, kind="article", title="m",
                 sha256="", path=None, text=text, segmenter="headings", notation="words", languages=list(languages))
    return segment_source(src)


def test_a_radio_talk_tells_its_game_in_a_turn_and_a_caller_naming_another_makes_no_game():
    text = "\n".join([
        "Программа «Утренний кофе», 5 мая. Стенограмма.",
        "",
        "ДИКТОР: Доброе утро! С нами в студии коллекционер карт.",
        "ГОСТЬ: Доброе утро.",
        "ДИКТОР: Сегодня говорим про пасьянс «Гробница Наполеона». С чего он начинается?",
        "ГОСТЬ: Берут одну колоду, четыре карты кладут крестом, четыре по углам.",
        "ДИКТОР: Звонок в студию.",
        "СЛУШАТЕЛЬ: А мы с женой любим «Паука»! Спасибо вам.",
        "ДИКТОР: Спасибо, до свидания."])
    seg = _segment(text)
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Гробница Наполеона", [(5, 9)])]
    assert not any(g.game.name == "Паук" for g in seg.games)


def test_an_email_subject_titles_the_game_and_its_headers_and_quote_are_furniture():
    text = "\n".join([
        "От: Олег Смирнов",
        "Кому: Вера",
        "Дата: 2 мая 2022 г., 9:05",
        "Тема: Re: Правила «Пирамиды»",
        "",
        "Вера, добрый день! Пирамиду раскладывают из двадцати восьми карт в семь рядов.",
        "",
        "С уважением,",
        "Олег",
        "",
        "> Олег, напомни правила «Пирамиды»."])
    seg = _segment(text)
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Пирамида", [(4, 6)])]
    assert {line_family(s) for s in text.split("\n")[:3]} == {"e-mail header"}


def test_calendar_lines_are_furniture():
    lines = ["23", "ФЕВРАЛЬ", "Понеділок", "Восход 8.01. Заход 17.36.", "Іменини: Тарас, Ганна.", "", "ПАСЬЯНС «ГОЛЬФ»",
             "Розкладають сім стовпчиків по п'ять карт."]
    got = furniture(lines, "uk")
    assert [got.get(n) for n in range(2, 6)] == ["calendar"] * 4 and 7 not in got and 8 not in got


def test_a_reply_under_a_quote_is_the_reply_not_the_quote():
    lines = ["Маша_87 » 01 фев 2020, 10:00", "Как раскладывать «Косынку»?", "",
             "Дед_Пихто » 01 фев 2020, 11:30", "Маша_87 писал(а):", "Как раскладывать «Косынку»?",
             "Её ещё зовут «Солитёр». Сдают семь стопок.", "_____", "Карты — не шутка."]
    got = furniture(lines, "ru")
    assert [got.get(n) for n in range(1, 10)] == ["post header", None, None, "post header", "quoted reply",
                                                  "quoted reply", None, "signature", "signature"]


def test_a_wiki_contents_list_ends_at_its_last_entry_and_an_infobox_caption_repeats_the_title():
    text = "\n".join([
        "Павук (пасьянс)", "Матеріал з Карткової вікі", "Павук", "Колод: 2", "Інші назви: Спайдер",
        "Павук — пасьянс на дві колоди.", "Зміст", "1 Правила", "2 Стратегія", "Правила",
        "Розкладають десять стовпчиків, карти кладуть на старшу на одиницю.", "Стратегія",
        "Спершу звільняйте стовпчики.", "Див. також", "Косинка"])
    seg = _segment(text, "uk")
    [g] = [x.game for x in seg.games]
    assert (g.name, g.lines) == ("Павук", [(1, 13)])
    assert [(s.kind, s.lines[0]) for s in g.sections if s.kind in ("rules", "tactics")] == [("rules", 10), ("tactics", 12)]
    assert [a.name for a in g.aliases] == ["Спайдер"]


def test_a_numbered_problem_and_its_solution_are_sections_of_the_game_above():
    assert section_label("ЗАДАЧА № 12.", "ru").kind == "example"
    assert section_label("Задача: собрать все карты", "ru").kind == "goal"
    text = "\n".join([
        "ПАСЬЯНСЪ «ЧАСЫ».", "", "Раскладываютъ двѣнадцать кучекъ кругомъ и одну въ середину.", "",
        "ЗАДАЧА № 3.", "", "Открыта дама червей. Куда ее положить?", "", "РѢШЕНІЕ.", "",
        "Даму червей кладутъ подъ двѣнадцатую кучку."])
    seg = _segment(text, orthography="pre-reform")
    [g] = [x.game for x in seg.games]
    assert g.lines == [(1, 11)]
    assert {s.lines[0] for s in g.sections} >= {5, 9}


def test_a_footnote_belongs_to_the_game_whose_line_carries_its_mark():
    assert footnotes.footnote_mark("**) Иначе — звѣздою.") == "**"
    assert footnotes.footnote_mark("1) Первое правило.") is None
    text = "\n".join([
        "1. ЧАСЫ.", "", "Раскладываютъ тринадцать кучекъ по четыре карты*).", "",
        "2. ВѢЕРЪ.", "", "Карты раскладываютъ вѣеромъ по три карты въ кучкѣ².", "",
        "² Въ иныхъ книгахъ — по пяти.",
        "*) Нѣкоторые кладутъ тринадцатую кучку въ середину."])
    seg = _segment(text, orthography="pre-reform")
    clock, fan = [x.game for x in seg.games]
    assert (clock.name, fan.name) == ("Часы", "Веер")
    assert fan.lines == [(5, 9)]   # its own footnote kept, the other game's taken out
    assert [(f.lines, "line 7" in f.message) for f in fan.findings if f.kind == "footnote"] == [((9, 9), True)]
    assert [(f.lines, "line 3" in f.message, "Нѣкоторые" in f.message) for f in clock.findings
            if f.kind == "footnote"] == [((10, 10), True, True)]


def test_a_bilingual_title_gives_its_second_name_the_other_language():
    text = "\n".join([
        "ПАСЬЯНС «ЧАСЫ» / ПАСЬЯНС «ГОДИННИК»", "RU: Тринадцать кучек по четыре карты.",
        "UA: Тринадцять купок по чотири карти."])
    seg = _segment(text, languages=[((3, 3), "uk")])
    [g] = [x.game for x in seg.games]
    assert [(a.name, a.language) for a in g.aliases] == [("Годинник", "uk")]


def test_a_title_with_no_rule_text_under_it_is_no_game():
    text = "\n".join(["НАБОР КАРТ «ЗИМНИЙ ВЕЧЕР»", "54 карты", "", "ПАСЬЯНС «КОЛОДЕЦ»",
                      "Раскладывают две колоды по кругу."])
    seg = _segment(text)
    assert [g.game.name for g in seg.games] == ["Колодец"]
    assert any(f.kind == "not-a-game" and f.lines == (1, 2) for f in seg.findings)   # the title and «54 карты» under it


def test_the_alias_sentence_names_the_language_of_the_alias():
    text = "Пасьянс «Сундучок»\n\nВ русских книгах он «Сундучок», а в украинских изданиях его называют «Скринька». " \
           "Раскладывают одной колодой."
    seg = _segment(text)
    [g] = [x.game for x in seg.games]
    assert [(a.name, a.language) for a in g.aliases] == [("Скринька", "uk")]


def test_a_forum_topic_named_in_its_breadcrumbs_titles_its_game():
    from pasyans.extract.headings import title_frame

    assert title_frame("Форум «Клуб» › Пасьянси › Павук: з чого почати", "uk") == ("breadcrumbs", "Павук")
    assert title_frame("Сайт › Пасьянсы › Правила «Королевы Марго»", "ru") == ("breadcrumbs", "«Королева Марго»")
    assert title_frame("Главная › Пасьянсы", "ru") is None
    assert title_frame("Главная › Пасьянсы › Правила: как играть", "ru") is None
    assert section_label("ЗАДАЧА № 7. Тот же пасьянс.", "ru").kind == "example"


def test_a_chapter_in_the_plural_over_a_story_gives_the_game_the_story_names():
    text = "\n".join([
        "ПАСЬЯНС «ЧАСЫ»", "Раскладывают тринадцать кучек по кругу.", "",
        "Глава 2. Дедушкины пасьянсы", "", "Вечером дедушка достал колоду.",
        "— Сегодня я научу тебя пасьянсу «Колодец».", "— Сдаём четыре стопки вокруг середины, тузы кладём на базы."])
    seg = _segment(text)
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Часы", [(1, 2)]), ("Колодец", [(7, 8)])]
    assert any(f.kind == "not-a-game" and f.lines[0] == 4 for f in seg.findings)


def test_a_scanned_page_s_line_end_hyphens_are_joined_in_the_game_text_and_a_typed_dash_is_kept():
    text = "\n".join(["ПАСЬЯНСЪ «КРЕПОСТЬ».", "", "Берутъ одну колоду и раскла-", "дываютъ восемь кучекъ; тузы кла-",
                      "дутъ въ основаніе. Крепость -", "это долгій пасьянсъ."])
    seg = _segment(text, orthography="pre-reform")
    [g] = seg.games
    assert "раскладывают восемь кучек; тузы кладут в основание" in g.text.text
    assert "Крепость -\nэто" in g.text.text
    at = g.text.text.index("раскладывают")
    assert g.text.line[at + len("раскла")] == 4   # «дывают» still maps to its raw line



def test_latin_i_in_an_old_contents_heading_and_a_game_told_by_reference():
    text = "ОГЛАВЛЕНiЕ.\n\nЧасы . . . . 3\n\nПАСЬЯНСЪ «ЧАСЫ».\n\nРаскладываютъ тринадцать кучекъ.\n\n" \
           "ПАСЬЯНСЪ «ВѢЕРЪ».\n\nКакъ предыдущiй, но съ одной колодой.\n"
    seg = _segment(text, orthography="pre-reform")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Часы", [(5, 7)]), ("Веер", [(9, 11)])]


def test_a_newsletter_rubric_in_capitals_titles_its_game_and_its_other_rubrics_make_none():
    text = "\n".join([
        "ЛИСТОК ГУРТКА «ВАЛЕТ»", "Число 3, травень 2023 року", "",
        "ВІД РЕДАКЦІЇ", "Вітаємо нових членів гуртка!", "",
        "ГРА ТИЖНЯ: «ЧОТИРИ КОРОЛІ»", "Беруть колоду з 36 карт і розкладають чотири купки.", "",
        "ОГОЛОШЕННЯ", "Зустріч у четвер о сьомій."])
    seg = _segment(text, "uk")
    assert [g.game.name for g in seg.games if not g.game.fragment] == ["Чотири королі"]


def test_a_question_comparing_two_games_tells_neither_and_textbook_boxes_are_sections():
    text = "\n".join([
        "Вопрос: Чем «Паук» отличается от «Паучка»?", "Ответ: В «Паучке» одна колода, а в «Пауке» две колоды и десять столбцов.",
        "", "Вопрос: Как разложить пасьянс «Колодец»?", "Ответ: Сдают четыре стопки вокруг середины."])
    seg = _segment(text)
    assert [g.game.name for g in seg.games] == ["Колодец"]
    assert section_label("Запомни!", "ru").kind == "notes" and section_label("Запитання і завдання", "uk").kind == "notes"


def test_told_span_reads_the_messages_of_a_game_in_the_texts_language():
    """A Ukrainian chat: the first message names «Чотири королі» (its sentence kept without rule verbs), the
    second tells its rules, the third names another game: the span of the first is the first two, and the
    third's naming sentence loses «розкладають» (a rule verb by its Ukrainian lemma)."""
    from types import SimpleNamespace

    from pasyans.extract.messages import told_span

    body = [SimpleNamespace(text=t, kind="prose") for t in (
        "Бабуся навчила мене пасьянсу «Чотири королі», а я забула, як далі.",
        "Кладуть карти на базу по мастях.", "Пасьянс «Павук» розкладають інакше.")]
    tolds = ["Чотири королі", "Павук"]
    assert told_span(body, [0, 2, 3], tolds, 0, "uk") == [
        "Бабуся навчила мене пасьянсу Чотири королі а я забула як далі", "Кладуть карти на базу по мастях."]
    assert told_span(body, [0, 2, 3], tolds, 1, "uk") == ["Пасьянс Павук інакше"]
