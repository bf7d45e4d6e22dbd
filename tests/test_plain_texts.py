"""Segmentation of texts of other shapes than the five bundled ones (issue 11): the development
texts in tests/fixtures/texts/ (written for this project) and the Aisleriot help pages, entered as
`pasyans add` would enter them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pasyans.add import detect
from pasyans.corpus import Source, read_text
from pasyans.pipeline import read_examples, segment

from .conftest import FIXTURES


def _source(rel: str | Path) -> Source:
    """The source of a fixture text (a path relative to tests/fixtures) or of any file (a Path), detected as
    ``pasyans add`` detects it."""
    path = FIXTURES / rel if isinstance(rel, str) else rel
    text = read_text(path)
    e = detect(path, text).entry
    return Source(id="t01", file=path.name, language=e["language"], orthography=e["orthography"], kind=e["kind"],
                  title=e["title"], sha256="", path=path, text=text, segmenter=e["segmenter"], notation=e["notation"],
                  languages=[(tuple(x["lines"]), x["language"]) for x in e.get("languages", [])],
                  latin_t=e.get("latin_t"))


@pytest.fixture(scope="module")
def manual():
    seg = segment(_source("texts/ru_manual_md.txt"))
    read_examples(seg)
    return seg


def test_markdown_titles_with_aliases_and_labels_give_six_games(manual):
    assert [(g.name, g.lines) for g in manual.games] == [
        ("Косынка", [(7, 29)]), ("Паук", [(31, 51)]), ("Свободная ячейка", [(53, 65)]), ("Бисли", [(67, 79)]),
        ("Вегас", [(81, 87)]), ("Пирамида", [(89, 97)])]
    assert {f.kind: f.lines for f in manual.findings} == {"not-a-game": (3, 5)} or \
        [(f.kind, f.lines) for f in manual.findings] == [("not-a-game", (1, 1)), ("not-a-game", (3, 5))]


def test_section_labels_mark_the_sections_of_the_game_above(manual):
    klondike = manual.games[0]
    assert [(s.kind, s.title, s.lines) for s in klondike.sections if s.kind != "example"] == [
        ("goal", "Цель игры", (11, 13)), ("setup", "Раскладка", (15, 17)), ("rules", "Правила", (19, 25)),
        ("tactics", "Стратегия", (27, 29))]


def test_aliases_in_the_title_and_in_the_body(manual):
    klondike, spider, freecell = manual.games[:3]
    assert [(a.name, a.language, a.kind, a.lines) for a in klondike.aliases] == [
        ("Клондайк", "ru", "alias", (7, 7)), ("Klondike", "en", "alias", (9, 9)), ("Солитёр", "ru", "alias", (9, 9))]
    assert [(a.name, a.kind) for a in spider.aliases] == [("Спайдер", "alias"), ("Spider", "gloss")]
    assert [(a.name, a.language) for a in freecell.aliases] == [("FreeCell", "en")]


def test_one_line_example_and_examples_inside_rules_paragraphs(manual):
    klondike = manual.games[0]
    assert [(e.lines, e.marker) for e in klondike.examples] == [((21, 21), "Например"), ((25, 25), "Пример")]
    inside = klondike.examples[0]
    assert inside.text == "Например, ♦Q можно положить на ♣K, а ♠J — на ♦Q."  # not the rules around it
    assert [(str(m.card), m.to) for m in inside.moves] == [("QD", "KC"), ("JS", "QD")]
    assert [(str(m.card), m.to) for m in klondike.examples[1].moves] == [("8S", "9H")]
    bisley = manual.games[3]
    assert bisley.examples[0].marker == "Скажем" and [str(m.card) for m in bisley.examples[0].moves] == ["6S", "8S"]


def test_latin_t_after_a_suit_is_ten_in_a_text_that_writes_latin_ranks(manual):
    spider = manual.games[1]
    (ex,) = spider.examples
    assert [(str(m.card), m.to) for m in ex.moves][:2] == [("9C", "TH"), ("4D", "5S")]


def test_capitals_titles_dotted_labels_and_suppositions():
    seg = segment(_source("texts/ru_caps.txt"))
    assert [g.name for g in seg.games] == ["Часы", "Косынка", "Четыре короля", "Мост"]
    assert [(a.name, a.lines) for a in seg.games[1].aliases] == [("Клондайк", (13, 13))]
    assert [(s.kind, s.lines[0]) for s in seg.games[1].sections if s.kind != "example"] == [
        ("setup", 14), ("rules", 16), ("tactics", 18)]
    assert [(e.marker, e.lines) for e in seg.games[0].examples] == [("Допустим", (9, 9))]
    assert [(e.marker, e.lines) for e in seg.games[2].examples] == [("примере", (24, 24))]
    assert seg.games[3].printed_name == "ПАСЬЯНС «МОСТ»" and seg.games[3].aliases[0].name == "Переправа"


def test_ukrainian_numbered_titles_and_labels():
    seg = segment(_source("texts/uk_manual.txt"))
    assert [(g.name, [a.name for a in g.aliases]) for g in seg.games] == [
        ("Косинка", ["Клондайк"]), ("Павук", ["Spider"]), ("Годинник", ["Годинникар"]), ("Королівський пасьянс", [])]
    assert [s.title for s in seg.games[0].sections if s.kind != "example"] == ["Опис", "Мета", "Розклад", "Гра", "Тактика"]
    assert [e.marker for g in seg.games for e in g.examples] == ["Наприклад", "Наприклад", "Скажімо", "Наприклад"]


def test_a_mixed_text_reads_each_paragraph_in_its_language():
    src = _source("texts/mixed_ru_uk.txt")
    assert src.languages == [((6, 7), "uk")]
    seg = segment(src)
    read_examples(seg)
    (g,) = seg.games
    assert (g.name, [(a.name, a.lines) for a in g.aliases]) == ("Ручеёк", [("Струмок", (1, 1))])
    assert [[(str(m.card), m.to) for m in e.moves] for e in g.examples] == [[("7S", "7D")], [("7S", "7D")]]


@pytest.mark.parametrize("page", ["klondike", "spider", "terrace", "giant"])
def test_options_under_parameters_are_sections_not_games(page):
    seg = segment(_source(f"aisleriot/ru/{page}.txt"))
    (g,) = seg.games
    options = [s.title for s in g.sections if s.kind == "option"]
    expected = {"klondike": ["Сдавать по три карты", "Сдавать по одной карте", "Без пересдач",
                             "Неограниченное количество пересдач"],
                "spider": ["Одна масть", "Две масти", "Четыре масти"],
                "terrace": ["Терраса", "Генеральский пасьянс", "Падающие звёзды", "Синьора", "Красноголовые",
                            "Блондинки и брюнетки", "Дерево"],
                "giant": ["Одинаковая масть", "Чередование цвета"]}[page]
    assert options == expected


def test_pages_concatenated_stay_one_game_each(tmp_path):
    pages = ["accordion", "klondike", "spider"]
    text = "\n".join(read_text(FIXTURES / "aisleriot" / "ru" / f"{p}.txt") for p in pages)
    (tmp_path / "three.txt").write_text(text, "utf-8")
    d = detect(tmp_path / "three.txt")
    src = Source(id="t02", file="three.txt", language=d.entry["language"], orthography="modern", kind="manual",
                 title="", sha256="", path=tmp_path / "three.txt", text=text)
    assert [g.name for g in segment(src).games] == ["Аккордион", "Клондайк", "Паук"]


def _title(stem: str, lang: str) -> str:
    rows = (FIXTURES / "aisleriot" / "manifest.tsv").read_text("utf-8").splitlines()
    cols = rows[0].split("\t")
    row = next(dict(zip(cols, r.split("\t"))) for r in rows[1:] if r.startswith(stem + "\t"))
    return row[f"{lang}_title"]


PAGES = sorted(f"{p.parent.name}/{p.stem}" for lang in ("ru", "uk") for p in (FIXTURES / "aisleriot" / lang).glob("*.txt"))


@pytest.mark.parametrize("page", PAGES)
def test_every_aisleriot_page_is_one_game_with_its_title_and_sections(page):
    from pasyans.kb.crosswalk import same_name

    lang, stem = page.split("/")
    seg = segment(_source(f"aisleriot/{page}.txt"))
    games = [g for g in seg.games if not g.fragment]
    assert len(games) == 1, [g.name for g in seg.games]
    g = games[0]
    src_lines = read_text(FIXTURES / "aisleriot" / f"{page}.txt").split("\n")
    assert same_name(g.name, src_lines[0], lang, lang) and same_name(src_lines[0], _title(stem, lang), lang, lang) \
        or same_name(g.name, _title(stem, lang), lang, lang), (g.name, _title(stem, lang))
    labels = {"Описание", "Задача", "Правила", "Подсчёт очков", "Стратегия", "Налаштування", "Мета", "Оцінювання",
              "Стратегія", "Параметры"}
    marked = {s.lines[0] for s in g.sections}
    assert all(n in marked for n, t in enumerate(src_lines, 1) if t in labels)


def test_an_inline_goal_label_is_one_paragraph_not_the_rest_of_the_game():
    """«Цель игры — собрать …» opens a goal section that ends with its sentence (or paragraph): the
    layout and building lines after it are not labelled goal (pasyans/data/section_labels.json
    «one_sentence»); a label on the next line («Колода: 52 карты.») ends it too."""
    from pasyans.kb.search import passages

    src = _source("texts/ru_inline_goal.txt")
    seg = segment(src)
    klondike, clock, ladder, steps = seg.games
    assert [(s.kind, s.lines) for s in klondike.sections if s.kind != "example"] == [("goal", (3, 3))]
    assert [(s.kind, s.lines) for s in clock.sections] == [("goal", (12, 12)), ("setup", (13, 15))]
    # one line a sentence, no blank line: the goal is its sentence (two lines), not the lines after it
    assert [(s.kind, s.lines) for s in ladder.sections] == [("goal", (19, 20))]
    # TESTER4/5: the sentences after the goal's on its own line are no goal in the full text either
    assert [s.kind for s in steps.sections] == ["goal"]
    said = [(p.section, p.text) for p in passages([steps], [src], seg.game_texts) if p.first_line == 26]
    assert said == [("goal", "Цель игры — собрать все карты в базы."), ("text", "Играют одной колодой."),
                    ("text", "Карты кладут в пять рядов.")]


def test_a_worked_game_as_a_list_and_cards_in_words_without_a_cue():
    """moves3_uk_manual.txt lines 11–16: the items under «### Приклад гри» are one example (line 14 names one
    card); moves3_uk_blog.txt line 5 opens an example with no cue: a first-person paragraph whose cards are
    all in words with their suits («Спочатку я переклав десятку бубон на валета пік, …»)."""
    seg = segment(_source("texts/moves3_uk_manual.txt"))
    read_examples(seg)
    ex = seg.games[0].examples
    assert [e.lines for e in ex] == [(11, 16)]
    assert [str(m.card) for m in ex[0].moves] == ["8H", "AD", "2D", "7S", "KS", "QD", "JC"]
    seg = segment(_source("texts/moves3_uk_blog.txt"))
    read_examples(seg)
    first = seg.games[0].examples[0]
    assert first.lines[0] == 5 and [str(m.card) for m in first.moves][:4] == ["TD", "9C", "8H", "7S"]


def test_a_supposition_takes_in_the_sentence_that_moves_what_it_showed():
    """moves_ru_help.txt line 15: «Допустим, на K♠ лежат Q♦ и J♣. Всю эту цепочку можно перенести в пустой
    столбец. Если потом откроется 10♥, ее кладут на J♣.» — one example; the run moves as one, base first."""
    seg = segment(_source("texts/moves_ru_help.txt"))
    read_examples(seg)
    klondike = next(g for g in seg.games if g.name == "Клондайк")
    moves = [m for e in klondike.examples for m in e.moves]
    assert [("+".join(c.format() for c in m.cards), m.to) for m in moves] == [("KS+QD+JC", "space"), ("TH", "JC")]


@pytest.mark.parametrize("title,rows,example", [("Ступеньки", (5, 6), (3, 6)), ("Драбинка", (14, 15), (12, 15))])
def test_a_printed_layout_in_rows_after_a_blank_line_is_the_display_announced(title, rows, example):
    """TESTER5: «… например так:», a blank line, then rows of cards («Ряд 1: ♠5 ♥9 ♦К …», or bare rows, uk
    «наприклад так:»): the rows are the example the sentence opened (not two examples of no moves), and
    neither a «missing-display» (it is there) nor a «truncated-line» for each row."""
    src = _source("texts/ru_layout_rows.txt")
    seg = segment(src)
    read_examples(seg)
    game = next(g for g in seg.games if g.name == title)
    assert [e.lines for e in game.examples] == [example]
    wrong = [(f.kind, f.lines) for f in seg.findings if f.kind in ("missing-display", "truncated-line")
             and f.lines[0] >= example[0] and f.lines[1] <= example[1]]
    assert wrong == [] and rows[1] <= example[1]


@pytest.mark.parametrize("title,name", [("Пасьянс «Восемь королей»", "Восемь королей"),
                                        ("I. ПАСЬЯНСЪ «ВОСЕМЬ ДАМЪ».", "Восемь дамъ"),
                                        ("Пасьянс «Четыре угла»", "Четыре угла")])
def test_a_number_inside_a_quoted_title_is_a_game_not_a_collection(tmp_path, title, name):
    """TESTER6's blocker: a one-game text titled «Пасьянс «Восемь королей»» gave no game at all (the number
    word made it a collection title «Сто пасьянсов», its body an introduction): the rules and the
    example were lost. A number inside the quoted name is the game's."""
    f = tmp_path / "one.txt"
    f.write_text(f"{title}\n\nИграют одной колодой. Карты раскладывают в восемь рядов по шесть карт.\n\n"
                 "Например: ♥Д кладут на ♠К.\n", "utf-8")
    seg = segment(_source(f))
    read_examples(seg)
    assert [g.name for g in seg.games] == [name]
    assert [str(m.card) for ex in seg.games[0].examples for m in ex.moves] == ["QH"]


@pytest.mark.parametrize("rule", ["Коли ходів немає, з прикупу кладуть по одній карті на кожен стовпчик.",
                                  "Когда ходов нет, из колоды кладут по одной карте на каждый ряд."])
def test_a_rule_about_no_moves_opens_no_example(tmp_path, rule):
    """TESTER6: «Коли ходів немає, …» in a rules paragraph that names cards («Вісім тузів …», «король») made the
    paragraph an example «ходів» (its rules read as moves); the cue «ходы» with «нет/немає» lists no moves."""
    f = tmp_path / "r.txt"
    f.write_text("### Мірошник\n\nВісім тузів викладають в основи. Порожнє місце займає лише король. " + rule +
                 "\n\nНаприклад: ♦7 кладемо на ♦8.\n", "utf-8")
    seg = segment(_source(f))
    read_examples(seg)
    assert [ex.lines for ex in seg.games[0].examples] == [(5, 5)]


def test_a_game_told_one_move_a_line_stays_one_example(tmp_path):
    """A transcript or a reply tells its game one move a line: a line right after an example's line that
    names a card with its suit, and a short line opening on a card, go on the same example («[02:10] Туз
    треф сразу в дом.», «К♦ в пустую»)."""
    assert _examples_read(tmp_path, "Косынка: разбор партии\n\nВ колонках кладут по убыванию, чередуя цвет.\n\n"
                          "[01:05] Смотрим: берём даму червей и кладём на короля пик.\n"
                          "[02:10] Туз треф сразу в дом.\n"
                          "[02:30] Ну, переходим дальше.\n\n"
                          "Ответ:\n5♣ на 6♥\n4♥ на 5♣\nК♦ в пустую\n") == [
        ((5, 6), ["QH", "AC"]), ((10, 12), ["5C", "4H", "KD"])]


def _examples_read(tmp_path, text: str) -> list[tuple]:
    """``(lines, cards moved)`` of every example of a text written to a file and read as ``pasyans add`` would."""
    f = tmp_path / "t.txt"
    f.write_text(text, "utf-8")
    seg = segment(_source(f))
    read_examples(seg)
    return [(ex.lines, [str(m.card) for m in ex.moves]) for g in seg.games for ex in g.examples]


def test_a_step_by_step_solution_with_captions_is_one_example(tmp_path):
    """A how-to's steps with figure captions between them («Рис. 2 — …») tell one game: a caption does not end
    the example, and a step that names one card («Шаг 3. ♣2 … в дом») is one of its moves."""
    assert _examples_read(tmp_path, "Косынка: решаем раздачу по шагам\n\nВ колонках кладут по убыванию, чередуя цвет.\n\n"
                          "Шаг 1. Кладём ♠9 на ♥10, а ♦8 — на ♠9.\n"
                          "Рис. 2 — вторая колонка открыта, туз в доме.\n"
                          "Шаг 2. ♣2 из четвёртой колонки — в дом.\n") == [((5, 7), ["9S", "8D", "2C"])]
