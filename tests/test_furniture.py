"""Page furniture (pasyans/data/page_furniture.json) and the title forms of other media: every
row reads its examples, and whole texts of the genre come out with their games and nothing
invented (tests/fixtures/texts/seg6_*: the session-5 sample, annotated before tuning)."""

from __future__ import annotations

import pytest

from pasyans.extract import furniture as fu
from pasyans.extract import headings as hd

LINE_ROWS = [(row["name"], ex) for row in fu.table()["lines"] for ex in row["examples"]]


@pytest.mark.parametrize("family, line", LINE_ROWS, ids=[f"{n}:{s[:25]}" for n, s in LINE_ROWS])
def test_every_furniture_line_row_reads_its_examples(family, line):
    assert fu.line_family(line) == family


NOT_ROWS = [(row["name"], ex) for row in fu.table()["lines"] for ex in row.get("not", [])]


@pytest.mark.parametrize("family, line", NOT_ROWS, ids=[f"{n}:{s[:25]}" for n, s in NOT_ROWS])
def test_a_row_leaves_alone_the_lines_it_must_not_take(family, line):
    row = next(r for r in fu.table()["lines"] if r["name"] == family)
    assert not row["re"].search(line)


BLOCK_ROWS = [(key, row["name"], ex) for key in ("blocks", "back_matter") for row in fu.table()[key]
              for ex in row["examples"]]


@pytest.mark.parametrize("key, family, line", BLOCK_ROWS, ids=[f"{n}:{s[:25]}" for _, n, s in BLOCK_ROWS])
def test_every_block_row_opens_its_block(key, family, line):
    # the line, then a line of its block; a blank line ends a block, a marked heading the back matter
    # (a quote marked «>» goes on by «>» lines: see test_a_quote_marked_by_angles_ends_at_the_reply; an unmarked
    # one while its lines repeat earlier ones; a contents list over its entries)
    second = {"quoted reply": "> Марко Петренко", "contents": "1 Марко Петренко"}.get(family, "Марко Петренко")
    text = [line, second, "", "Косынка, или Клондайк", "", "## Паук", "Раскладка."]
    got = fu.furniture(text, "ru")
    assert got[1] == family and got[2] == family
    assert (4 in got) == (key == "back_matter") and 6 not in got and 7 not in got


def test_a_quote_marked_by_angles_ends_at_the_reply():
    """E-mail and forum quoting: the «>» lines (and the «… писала:» line over them) are the quote; the reply's
    own lines right under it, with no blank line between, are the text — a quote not marked by «>» goes on while
    its lines repeat earlier lines of the text («Куда девать трефовую даму?»), and «Ответ ниже.» is the reply."""
    text = ["Олег писал:", "> Куда девать трефовую даму?", "> И что с тузом?", "Даму на червового короля.",
            "Туз сразу в базу.", "", "Цитата (Олег):", "Куда девать трефовую даму?", "Ответ ниже.", "",
            "> Пустой столбец?", "Туда только короля."]
    got = fu.furniture(text, "ru")
    assert [got.get(n) for n in range(1, 13)] == ["quoted reply"] * 3 + [None] * 3 + ["quoted reply"] * 2 + [
        None, None, "quoted reply", None]


@pytest.mark.parametrize("para", fu.table()["masthead_examples"])
def test_mastheads(para):
    got = fu.furniture(para + ["", "Пасьянс «Косынка»", "", "Сдают семь стопок."], "ru")
    assert all(got.get(n) for n in range(1, len(para) + 1)) and len(para) + 2 not in got


def test_a_title_over_page_meta_is_no_masthead():
    got = fu.furniture(["Павук (пасьянс)", "Матеріал з Вікіпедії — вільної енциклопедії."], "uk")
    assert got == {2: "page meta"}


@pytest.mark.parametrize("line", fu.table()["rubric_examples"])
def test_rubric_heads(line):
    from pasyans.extract.orthography import modernize

    assert fu.is_rubric(modernize(line), "ru")
    assert not fu.is_rubric("Пасьянс «Сборник»", "ru") and not fu.is_rubric("Пасьянсы одной колодой", "ru")


def test_a_line_repeated_by_page_numbers_is_a_running_head():
    text = ["— 24 —", "", "ИГРЫ И ДОСУГ В ДОМЕ", "", "Пасьянс № 7. Безконечный.", "— 25 —", "",
            "ИГРЫ И ДОСУГ В ДОМЕ", "Правила."]
    got = fu.furniture(text, "ru")
    assert got[3] == got[8] == "running head" and got[1] == got[6] == "page number" and 5 not in got


@pytest.mark.parametrize("line, names", [
    ("Павук (пасьянс)", ["Павук"]),
    ("СВОБОДНАЯ ЯЧЕЙКА (она же «Солитёр-ячейка»; в англоязычных источниках — FreeCell)",
     ["Свободная ячейка", "Солитёр-ячейка", "FreeCell"]),
    ("КОСЫНКА (в англоязычных источниках — Klondike, иначе «Солитёр»)", ["Косынка", "Klondike", "Солитёр"]),
    ("Паук (одна масть)", ["Паук (одна масть)"]),
    ("Часы (Куранты, Кукушка)", ["Часы", "Куранты", "Кукушка"]),
])
def test_a_title_parenthesis_that_disambiguates_or_gives_names(line, names):
    shape = hd.title_shape(line, "ru")
    assert shape is not None
    assert [t.name for t in hd.split_title(line, "ru", caps=shape == "caps")] == names


@pytest.mark.parametrize("line, label", [("2.1. Розклад", "setup"), ("4.1. Мета гри", "goal"), ("1. Історія", "history"),
                                         ("II. Правила", "rules")])
def test_a_numbered_section_label_is_a_label(line, label):
    assert hd.section_label(line, "uk").kind == label


@pytest.mark.parametrize("line, rest", [("Розділ 4. Гольф", "Гольф"), ("Глава II. Пасьянсы двумя колодами", "Пасьянсы двумя колодами"),
                                        ("§ 3. Наполеон на острове Святой Елены", "Наполеон на острове Святой Елены"),
                                        ("Пасьянсъ № 7. Безконечный.", "Безконечный."), ("Раздел 3: Косынка", "Косынка")])
def test_numbering_prefixes_are_no_part_of_the_name(line, rest):
    assert hd.marks(line).rest == rest


def _games(name: str):
    from pasyans.extract.articles import segment_source

    from .test_plain_texts import _source

    return segment_source(_source(f"texts/{name}"))


def test_a_magazine_page_keeps_its_masthead_and_page_furniture_out_of_its_games():
    seg = _games("seg6_ru_magazine.txt")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Паучок", [(12, 18)]), ("Часы", [(27, 33)])]
    kinds = {f.lines: f.message.split(",")[0] for f in seg.findings if f.kind == "not-a-game"}
    assert kinds[(1, 3)] == "masthead" and kinds[(5, 5)] == "page number" and kinds[(20, 20)] == "continuation"
    assert kinds[(22, 22)] == "issue line" and kinds[(23, 23)] == "meta line"


def test_a_pre1918_page_reads_numbered_titles_across_its_running_heads():
    seg = _games("seg6_ru_pre1918.txt")
    got = [(g.game.name, [a.name for a in g.game.aliases if a.kind != "title-form"]) for g in seg.games]
    assert got == [("Безконечный", ["Вечный"]), ("Пятнадцать", []), ("Генерал", ["Двенадцать"])]  # «называемый также «Вѣчнымъ»»: the adjective in the nominative, as the title «Безконечный»
    fifteen = seg.games[1]
    assert "снимаются\nчетверками" in fifteen.text.text  # the page break left out, the sentence whole
    assert not [f for f in fifteen.game.findings if f.kind == "truncated-line"]


def test_a_help_page_gives_its_variant_subtitles_as_variants_of_the_game():
    seg = _games("seg7_ru_helpsite.txt")
    games = [(g.game.key, g.game.name, g.game.variant_of) for g in seg.games]
    assert games == [("t01-1", "Паук", None), ("t01-2", "Паук (одна масть)", "t01-1"), ("t01-3", "Паук (две масти)", "t01-1")]
    kinds = {f.message.split(",")[0] for f in seg.findings if f.kind == "not-a-game"}
    assert "link or copyright" in kinds


def test_a_post_titled_by_two_games_and_a_lesson_plan():
    post = _games("seg7_ru_livejournal.txt")
    assert [(g.game.name, g.game.lines) for g in post.games] == [("Солитёр", [(10, 14)]), ("Гробница Наполеона", [(16, 18)])]
    assert any(f.lines == (20, 24) and f.message.startswith("comments") for f in post.findings)
    lesson = _games("seg7_uk_lesson.txt")
    assert [g.game.name for g in lesson.games] == ["Годинник", "Чотири королі"]
    assert [(s.kind, s.title) for s in lesson.games[1].game.sections] == [("goal", "Мета заняття"), ("rules", "Хід заняття")]


@pytest.mark.parametrize("line, name", [("🃏 Косынка", "Косынка"), ("Косынка ✨", "Косынка"), ("Пасьянс «Косынка»:", "Косынка")])
def test_ornaments_around_a_title_are_no_part_of_it(line, name):
    assert hd.title_shape(line, "ru") and hd.split_title(line, "ru")[0].name == name
    assert hd.title_shape("♠К", "ru") is None  # a suit symbol is a card, never an ornament


def test_a_wiki_edit_link_leaves_the_label():
    lab = hd.section_label("Історія[ред. | ред. код]", "uk")
    assert lab is not None and lab.kind == "history" and lab.rest is None


@pytest.mark.parametrize("text, name, lang, aliases", [
    ("Косынка, или Солитер, — самый известный пасьянс.", "Косынка", "ru", ["Солитер"]),
    ("Пасьянс Годинник, інакше Куранти, розкладають однією колодою.", "Годинник", "uk", ["Куранти"]),
    ("Косынка (она же Клондайк) раскладывается одной колодой.", "Косынка", "ru", ["Клондайк"]),
    ("Это «Сорок разбойников», в англоязычных источниках — Forty Thieves.", "Сорок разбойников", "ru", ["Forty Thieves"]),
    ("Английское название — Klondike.", "Косынка", "ru", ["Klondike"]),
    ("Косынка, или Паук — выбирайте сами.", "Паук", "ru", []),  # «или» before the game's own name: a choice
])
def test_aliases_as_the_genre_gives_them(text, name, lang, aliases):
    from pasyans.extract.article_aliases import dedupe, text_aliases
    from pasyans.extract.text import MappedText

    got = dedupe(text_aliases(MappedText.from_lines([text], 1), lang, name), name)
    assert [a.name for a in got] == aliases


@pytest.mark.parametrize("line", fu.table()["separators"][0]["examples"])
def test_a_separator_after_a_blank_line_is_furniture_an_underline_is_not(line):
    assert fu.furniture(["Косынка", "", line, "", "Паук"], "ru") == {3: "separator"}
    if set(line) - set("─━═ "):
        assert 2 not in fu.furniture(["Косынка", line, "", "Сдают семь стопок."], "ru")
    else:   # a box-drawing rule is never a setext underline: a card's rule right under its last line (seg18 cards)
        assert fu.furniture(["Приклад: на ♣10 — ♥9.", line, "Назва: Гольф"], "uk") == {2: "separator"}


INLINE_ROWS = [(row["name"], line, name, bool(row.get("units_only"))) for row in hd.shapes()["inline_titles"]
               for line, name in row["examples"]]


@pytest.mark.parametrize("row, line, name, units", INLINE_ROWS, ids=[r[1][:30] for r in INLINE_ROWS])
def test_every_inline_title_row_names_its_game(row, line, name, units):
    lang = "uk" if any(c in line for c in "іїєґ") else "ru"
    got = hd.inline_title(line, lang, units=True)
    assert got is not None and hd.split_title(got, lang)[0].name in (name, hd._nominative(name, lang))
    if units:
        assert hd.inline_title(line, lang) is None  # a quoted name asked about names a game only in a message


def test_a_question_and_answer_column_and_a_chat_name_their_games_in_their_messages():
    qa = _games("seg8_ru_qa_column.txt")
    assert [(g.game.name, g.game.lines) for g in qa.games] == [("Могила Наполеона", [(5, 10)]), ("Свинья", [(12, 15)])]
    assert [a.name for a in qa.games[1].game.aliases] == ["Дурак"]
    chat = _games("seg8_ru_chat.txt")
    assert [(g.game.name, g.game.lines) for g in chat.games] == [("Паук", [(3, 6)]), ("Косынка", [(7, 9)])]


def test_a_names_label_gives_each_name_of_its_list():
    seg = _games("seg8_uk_reference_table.txt")
    assert [(g.game.name, [a.name for a in g.game.aliases]) for g in seg.games] == [
        ("Косинка", ["Клондайк", "Солітер"]), ("Павук", ["Spider"])]


@pytest.mark.parametrize("line", fu.table()["affiliation_examples"])
def test_an_authors_affiliation_is_furniture(line):
    lang = "uk" if any(c in line for c in "іїєґ") else "ru"
    assert fu.is_affiliation(line, lang) and not fu.is_affiliation("Школа пасьянсов", "ru")


def test_a_paper_a_leaflet_and_a_problems_page_give_only_their_games():
    paper = _games("seg9_ru_paper.txt")
    assert [(g.game.name, g.game.lines) for g in paper.games] == [("Часы", [(15, 21)])]
    assert [s.kind for s in paper.games[0].game.sections] == ["notes"]  # «3. Вероятность схождения»
    leaflet = _games("seg9_ru_leaflet.txt")
    assert [g.game.name for g in leaflet.games] == ["Солитёр", "Сорока"]
    problems = _games("seg9_ru_pre1918_problems.txt")
    assert [g.game.name for g in problems.games] == ["Четыре короля"]


WIKI_PAGE = """Паук (пасьянс)
Материал из Википедии — свободной энциклопедии

Содержание
1\tПравила
2\tПример
3\tПримечания

Правила[править | править код]
Берут две колоды по 52 карты. Пустой ряд можно занять любой картой.

Пример[править | править код]
Например: ♥Д кладут на ♠К, затем ♦В — на ♥Д.

Примечания[править | править код]
↑ Парлетт Д. Энциклопедия пасьянсов. — М., 1999.
""".splitlines()


def test_a_contents_item_named_like_back_matter_starts_no_back_matter():
    """«3 Примечания» in a wiki's contents list names a section to come: the rules and the example after
    it are no furniture (they were swallowed as «see also» to the end of the text); the real
    «Примечания[править | править код]» at the end is back matter, edit link and all (a fresh user's page)."""
    out = fu.furniture([s.strip() for s in WIKI_PAGE], "ru")
    assert {n: out[n] for n in (4, 5, 6, 7)} == dict.fromkeys((4, 5, 6, 7), "contents")
    assert not {n for n in range(8, 15) if n in out}          # Правила … Пример: the game's own lines
    assert out[15] == "see also" and out[16] == "see also"
