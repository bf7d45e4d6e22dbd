"""The data tables of the plain-text segmenter: every row's example is read as the row says
(pasyans/data/segment_cues.json, section_labels.json, heading_shapes.json)."""

from __future__ import annotations

import pytest

from pasyans.extract import headings as hd
from pasyans.extract.article_text import cues, doc, matches

CUE_ROWS = [(row["name"], ex) for row in cues()["patterns"] for ex in row["examples"]]


@pytest.mark.parametrize("name, sentence", CUE_ROWS, ids=[f"{n}:{s[:30]}" for n, s in CUE_ROWS])
def test_every_cue_row_matches_its_example(name, sentence):
    assert any(matches(doc(sentence, lang), lang).get(name) for lang in ("ru", "uk")), (name, sentence)


@pytest.mark.parametrize("sentence", [
    "Их будем называть «стенами колодца».",                 # the walls, not the game
    "(его мы будем называть \"лесенкой\") 29 карт",          # a row of the layout
    "Описанную стадию раскладывания пасьянса называют «восходом солнца».",
])
def test_a_name_given_to_a_part_of_the_layout_is_no_alias(sentence):
    assert not matches(doc(sentence, "ru"), "ru").get("ALIAS")


LABEL_ROWS = [(row["kind"], row["language"], row["example"]) for row in hd.labels()["rows"]]


@pytest.mark.parametrize("kind, lang, line", LABEL_ROWS, ids=[r[2] for r in LABEL_ROWS])
def test_every_section_label_row_reads_its_example(kind, lang, line):
    lab = hd.section_label(line, lang)
    assert lab is not None and lab.kind == kind and lab.rest is None, (line, lab)
    assert hd.title_shape(line, lang) is None or hd.section_label(line, lang)  # a label, never a title


def test_inline_labels_open_a_section():
    lab = hd.section_label("Цель игры: собрать все карты на базу.", "ru")
    assert (lab.kind, lab.label, lab.rest) == ("goal", "Цель игры", 11)
    assert hd.section_label("Пример: ♠8 — ♣9.", "ru").kind == "example"
    assert hd.section_label("Игра начинается с туза.", "ru") is None
    assert hd.section_label("Колода\tВерхняя левая стопка.", "ru") is None  # a table row


@pytest.mark.parametrize("row", hd.shapes()["marks"], ids=lambda r: r["name"])
def test_every_heading_mark_reads_its_example(row):
    m = hd.marks(row["example"])
    assert m.mark == row["name"] and m.rest


@pytest.mark.parametrize("row", hd.shapes()["not_titles"], ids=lambda r: r["name"])
def test_lines_that_are_never_titles(row):
    assert hd.not_title(row["example"]) == row["name"]
    assert hd.title_shape(row["example"], "ru") is None


@pytest.mark.parametrize("line", hd.shapes()["byline_examples"])
def test_bylines(line):
    assert hd.is_byline(line)


@pytest.mark.parametrize("line, shape, names", [
    ("### Косынка (Клондайк)", "plain", [("Косынка", "ru", "title"), ("Клондайк", "ru", "alias")]),
    ("2. Павук (Spider)", "plain", [("Павук", "uk", "title"), ("Spider", "en", "alias")]),
    ("II. ПАСЬЯНСЪ «ЧЕТЫРЕ ВРЕМЕНИ ГОДА».", "caps", [("Четыре времени года", "ru", "title")]),
    ("4. Пасьянс «Марьяж», или «Свадьба»", "quoted", [("Марьяж", "ru", "title"), ("Свадьба", "ru", "alias")]),
    ("Пасьянс «Ручеёк» / Пасьянс «Струмок»", "quoted", [("Ручеёк", "ru", "title"), ("Струмок", "ru", "alias")]),
    ("Бисли", "plain", [("Бисли", "ru", "title")]),      # an unknown word is a name, not a verb
    ("Вегас", "plain", [("Вегас", "ru", "title")]),
    ("Паук (одна масть)", "plain", [("Паук (одна масть)", "ru", "title")]),  # lower case: part of the name
    # TESTER5: a parenthesis listing names gives each one (was one alias «Куранты, Кукушка»)
    ("4. Часы (Куранты, Кукушка)", "plain", [("Часы", "ru", "title"), ("Куранты", "ru", "alias"),
                                             ("Кукушка", "ru", "alias")]),
    ("Часы (Куранты или Кукушка)", "plain", [("Часы", "ru", "title"), ("Куранты", "ru", "alias"),
                                            ("Кукушка", "ru", "alias")]),
    ("Клондайк (Косынка, три карты)", "plain", [("Клондайк", "ru", "title"), ("Косынка, три карты", "ru", "alias")]),
])
def test_titles_and_the_names_they_give(line, shape, names):
    lang = "uk" if line.startswith("2.") else "ru"
    m = hd.marks(line)
    assert hd.title_shape(m.rest, lang) == shape
    assert [(t.name, t.language, t.kind) for t in hd.split_title(m.rest, lang, shape == "caps")] == names


@pytest.mark.parametrize("line", ["Пример: ♠8 — ♣9.", "Максимальное количество очков: 52", "Убрать все карты.",
                                  "Тип колоды\tСтандартная", "Сдавать по три карты"])
def test_lines_that_look_short_but_are_no_titles(line):
    assert hd.title_shape(hd.marks(line).rest, "ru") is None


@pytest.mark.parametrize("line", hd.shapes()["front_matter_examples"])
def test_front_matter_headings_are_no_games(line):
    lang = "uk" if any(c in line.lower() for c in "іїєґ") else "ru"
    assert hd.is_front_matter(hd.marks(line).rest, lang)
    assert not hd.is_front_matter("Косынка", "ru")


FRAME_ROWS = [(row["name"], line, name) for row in hd.shapes()["title_frames"] for line, name in row["examples"]]


@pytest.mark.parametrize("frame, line, name", FRAME_ROWS, ids=[r[1][:40] for r in FRAME_ROWS])
def test_every_title_frame_gives_its_name(frame, line, name):
    lang = "uk" if any(c in line.lower() for c in "іїєґ") else "ru"
    got = hd.title_frame(hd.marks(line).rest, lang)
    assert got is not None and got[0] == frame, (line, got)
    assert hd.split_title(got[1], lang)[0].name == name


@pytest.mark.parametrize("line", ["Ольга_К:", "Правила: тузы идут на базу.", "Пример: «Косынка» — ♠4 на ♥5",
                                  "# Рубрика «Вопрос — ответ»: пасьянсы"])
def test_lines_that_frame_no_title(line):
    assert hd.title_frame(hd.marks(line).rest) is None


def test_framed_titles_in_whole_texts():
    """Framed titles open their games, and the commented game under one is a section of it, not a game."""
    from pathlib import Path

    from pasyans.corpus import Source
    from pasyans.extract.articles import segment_article

    def games(name: str, text: str) -> list:
        src = Source(id="t", file=name, language="ru", orthography="modern", kind="article", title=name,
                     sha256="0", path=Path(name), text=text, segmenter="headings", notation="symbol")
        return segment_article(src)

    gs = games("a.txt", "# Пасьянс «Пирамида»: математика и удача\n\nПасьянс на одну колоду.\n\n## Правила\n\n"
                        "Снимаются пары карт, дающие 13 очков.\n\n## Партия с комментариями\n\n1. ♠Д снимаем с ♣Т.\n")
    assert [(g.name, g.lines) for g in gs] == [("Пирамида", [(1, 11)])]
    assert "Партия с комментариями" in [s.title for s in gs[0].sections]
    gs = games("b.txt", "Тема: «Косынка» — можно ли снимать карты с базы?\n\nОльга_К:\nИграю в «Косынку».\n")
    assert [g.name for g in gs] == ["Косынка"]
    gs = games("c.txt", "Пасьянс «Солитёр»\n\nХод игры:\n1) Тузы кладите над столбцами.\n\n"
                        "Пасьянс «Тринадцать»\n\nСнимайте пары карт, дающие 13.\n")
    assert [g.name for g in gs] == ["Солитёр", "Тринадцать"]
    gs = games("d.txt", "Мой вечерний пасьянс\n\n«Паук» на одну масть\n\nРаскладываю «Паука» каждый вечер.\n")
    assert [g.name for g in gs] == ["Паук"]
