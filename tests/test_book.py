"""Segmentation of the book 004 (pasyans.extract.book) against the text and the hand-checked gold."""

from __future__ import annotations

from pathlib import Path

import pytest

from .bench_loader import load_bench
from pasyans.extract.book import nominative, sentences, split_title
from pasyans.extract.clean import card_tokens

ROOT = Path(__file__).resolve().parent.parent


def _bench():
    return load_bench("segmentation")


@pytest.fixture(scope="module")
def seg(book_seg):
    return book_seg


def aliases(game, kind=None):
    return [a.name for a in game.aliases if kind is None or a.kind == kind]


# -- games, TOC, pages -----------------------------------------------------------------------

def test_99_games_in_toc_order(seg):
    top = [g for g in seg.games if g.variant_of is None]
    assert len(top) == 99 and len(seg.toc) == 99
    assert [g.key for g in top] == [f"004-{k:03d}" for k in range(1, 100)]
    assert (top[0].name, top[0].page) == ("Аккордеон", 7)
    assert (top[-1].name, top[-1].page) == ("Мельница", 174)
    assert [e.title for e in seg.parts] == ["Введение", "Словарь"]
    assert [e.page for e in seg.parts] == [6, 175]


def test_names_from_body_headings(seg):
    g = seg.game("004-003")
    assert (g.name, g.printed_name, g.page) == ("Дюжина пекаря", "Дюжинапекаря", 10)
    assert seg.game("004-035").name == "Простой Симон"
    assert seg.game("004-012").name == "Криббедж"  # printed without quotes
    assert split_title("Дюжинапекаря") == "Дюжина пекаря"


def test_toc_entries(seg):
    e = seg.toc[3]
    assert (e.title, e.page, e.lines, e.group) == ("Осажденная крепость", 12, (52, 53), "ИГРЫ ОДНОЙ КОЛОДОЙ")
    assert seg.toc[42].title == "Наверхуивнизу" and seg.toc[42].group == "ИГРЫ ДВУМЯ КОЛОДАМИ"
    assert seg.toc[11].title == "Криббедж" and seg.toc[11].page == 24


def test_pages(seg):
    assert seg.pages[7] == (266, 329)
    assert seg.pages[12] == (507, 574)


def test_variants_and_parents(seg):
    golf, comp = seg.game("Гольф"), seg.game("Состязательный гольф")
    assert comp.key == "004-021-v1" and comp.variant_of == golf.key == "004-021"
    assert comp.lines == [(1803, 1834)] and comp.page == 37
    assert golf.lines == [(1730, 1781), (1800, 1802)]
    klon, joker = seg.game("Клондайк"), seg.game("Джокерный Клондайк")
    assert joker.key == "004-024-v1" and joker.variant_of == klon.key
    assert joker.printed_name == "ДЖОКЕРНЫЙ КЛОНДАЙК" and joker.lines == [(2082, 2102)]
    assert len([g for g in seg.games if g.variant_of]) == 2


def test_lines_exclude_furniture_and_captions(seg):
    agnes = seg.game("Агнесс")
    assert agnes.lines == [(349, 386), (405, 419)]  # caption 348 and page 9's furniture left out
    assert seg.captions["004-002"] == [348]
    assert seg.captions["004-012"] == [1078, 1079, 1080, 1128]  # Криббедж
    assert seg.captions["004-005"] == [675, 676, 677]  # Бельведер's figure page 15


# -- examples, sections ----------------------------------------------------------------------

def test_besieged_fortress_example(seg):
    g = seg.game("Осажденная крепость")
    ex = g.examples[0]
    assert ex.lines == (557, 574) and ex.marker == "На примере расклада:"
    assert ex.text.startswith("На примере расклада: ♥2 и ♠2 могут покрыть базовые тузы. ♦4 — ♦5. ♣5 — ♦6.")
    emt = seg.example_texts[(g.key, 0)]
    assert emt.text == ex.text
    i = ex.text.index("♣5")
    assert emt.line[i] == 559
    assert ex.moves == []


def test_whole_column_before_rules_is_read_after_them(seg):
    # «Аккордеон»: the extraction prints the page's second column (284–306: end of the rules,
    # then the example) between the title and «КАК ИГРАТЬ»; it is read after the first column
    g = seg.game("Аккордеон")
    assert [(s.kind, s.lines) for s in g.sections] == [
        ("intro", (283, 283)), ("rules", (307, 328)), ("rules", (284, 294)), ("example", (295, 306))]
    assert g.examples[0].lines == (295, 306)
    assert g.text.index("КАК ИГРАТЬ") < g.text.index("Если выстраивается длинная вереница карт") < g.text.index(
        "На примере расклада: если следующей картой сдается ♣6")
    assert ("reading-order", (284, 306)) in {(f.kind, f.lines) for f in g.findings}
    terrace = seg.game("Терраса")  # same on page 174: 8250–8286 after 8287–8322
    assert [(s.kind, s.lines) for s in terrace.sections][:4] == [
        ("intro", (8245, 8249)), ("rules", (8287, 8322)), ("rules", (8250, 8269)), ("example", (8270, 8286))]
    # a short column intro before «КАК ИГРАТЬ» stays first («Выставка», «Индийский ковер»)
    show = seg.game("Выставка")
    assert show.text.index("Это интересный, уникальный пасьянс") < show.text.index("КАК ИГРАТЬ")
    assert not [f for f in show.findings if f.kind == "reading-order"]


def test_example_ends_with_its_paragraph(seg):
    assert seg.game("Дюжина пекаря").examples[0].lines == (484, 492)  # «Обратите особое внимание…» is not the example
    assert seg.game("Демон").examples[0].lines == (1264, 1277)
    assert seg.game("Блокирующие 11").examples[0].lines == (792, 797)
    assert seg.game("Гольф").examples[0].lines == (1775, 1802)  # across the page break


def test_reading_order_repairs(seg):
    crom = seg.game("Кромвель")
    t = crom.text
    assert t.index("КАК ИГРАТЬ") < t.index("На примере иллюстрируется") < t.index("На этой стадии ♣4 покрывает ♣3") < t.index("ТАКТИКА")
    assert crom.examples[0].lines == (4456, 4458)
    kinds = {(f.kind, f.lines) for f in crom.findings}
    assert ("reading-order", (4398, 4426)) in kinds and ("example-split", (4456, 4458)) in kinds
    marta = seg.game("Марта").text
    assert "в нисходящей последовательности независимо от масти" in marta  # 2368 + page 51
    assert marta.index("Изъять из колоды тузы") < marta.index("Для удобства столбцы")
    mouse = seg.game("Три слепых мышонка").text  # title block printed inside the rules
    assert mouse.startswith("«Три слепых мышонка»\nЭто простой пасьянс")
    assert "в нисходящей последовательности (дама на короле" in mouse


def test_sections_kinds(seg):
    flower = seg.game("Цветник")
    assert [s.kind for s in flower.sections] == ["intro", "rules", "example", "tactics"]
    assert flower.sections[-1].lines == (1615, 1637)
    assert seg.game("Состязательный гольф").sections[0].kind == "variant"


# -- aliases ---------------------------------------------------------------------------------

def test_aliases_stated_in_text(seg):
    fort = seg.game("Осажденная крепость")
    assert aliases(fort, "alias") == ["Осада", "Условная битва"]
    assert fort.aliases[0].lines == (525, 527) and fort.aliases[0].language == "ru"
    assert "игру также называют" in fort.aliases[0].sentence
    assert aliases(seg.game("Расчет")) == ["Нарушенные интервалы"]
    assert aliases(seg.game("Цветник")) == ["Букет", "Сад"]
    assert aliases(seg.game("Король Альберт"), "alias") == ["Восторг идиота"]
    assert aliases(seg.game("Монте-Карло")) == ["Свадьбы", "Удвоение", "Выходы"]
    assert aliases(seg.game("Пустоты")) == ["Пробелы", "Промежутки"]  # printed «Пробелами», «Промежутками»
    assert aliases(seg.game("Краеугольные камни")) == ["Четырехугольник"]  # printed «Четырехугольника»
    assert aliases(seg.game("Терраса")) == ["Синьора", "Королева Италии"]
    assert aliases(seg.game("Королевское шествие")) == ["Финансист", "Гусары", "Тройка сверху"]


def test_related_disputed_gloss(seg):
    assert aliases(seg.game("Плененные дамы"), "related") == ["Кадриль"]
    assert aliases(seg.game("Парижанин"), "related") == ["Герцогиня де Люэн", "Великая герцогиня"]
    assert aliases(seg.game("Парижанин"), "alias") == ["Парижанка"]
    assert aliases(seg.game("Демон"), "alias") == ["Очарование", "Тринадцать", "Кэнфилд"]
    assert aliases(seg.game("Клондайк"), "disputed") == ["Кэнфилд"]
    assert "Кэнфилд" not in aliases(seg.game("Клондайк"), "alias")
    assert aliases(seg.game("Миссис Моп"), "gloss") == ["швабра"]
    assert aliases(seg.game("Часы дедушки"), "related") == ["Часы"]
    assert aliases(seg.game("Гольф")) == []  # «Этот расклад называют "звенья"» names the layout
    assert aliases(seg.game("Алмаз")) == []  # «так называемый "алмаз из семи рядов"»


def test_nominative():
    assert nominative("Императором Германии") == "Император Германии"
    assert nominative("Пустоты") == "Пустоты"
    assert nominative("Попытайся еще") == "Попытайся еще"


def test_sentences_skip_abbreviations():
    s = "Выложите карты (см. пример расклада). На примере: ♦2 — ♦Т. И т. д. Конец."
    parts = [s[a:b] for a, b in sentences(s)]
    assert parts == ["Выложите карты (см. пример расклада).", "На примере: ♦2 — ♦Т.", "И т. д. Конец."]


# -- completeness, glossary, findings --------------------------------------------------------

def test_every_line_accounted_for(seg, corpus):
    lines = corpus["004"].lines
    in_games = {n for g in seg.games for a, b in g.lines for n in range(a, b + 1)}
    captions = {n for c in seg.captions.values() for n in c}
    unassigned = {n for a, b in seg.unassigned for n in range(a, b + 1)}
    for n in range(1, len(lines) + 1):
        c = seg.line_classes[n - 1]
        if c in ("blank", "page-number", "side-label"):
            continue
        assert (n in in_games) + (n in captions) + (n in unassigned) == 1, n
    assert (175, 264) in seg.unassigned and (8450, 8543) in seg.unassigned  # Введение, Словарь
    assert sum(f.kind == "not-a-game" for f in seg.findings) == len(seg.unassigned)


def test_cleaning_keeps_card_tokens_of_every_game(seg, corpus):
    lines = corpus["004"].lines
    for g in seg.games:
        raw = sorted(t for a, b in g.lines for n in range(a, b + 1) for t in card_tokens(lines[n - 1]))
        assert sorted(card_tokens(g.text)) == raw, g.key


def test_glossary_and_abbreviations(seg):
    terms = {t.term: t for t in seg.terms}
    assert terms["Пробел"].definition == "не занятое место в раскладе." and terms["Пробел"].lines == (8539, 8539)
    assert terms["Серия карт в восходящей последовательности"].lines == (8469, 8473)
    assert (terms["Картинки"].printed, terms["Картинки"].definition) == ("«Картинки»", "см. Придворные карты.")
    assert len(seg.terms) == 28 and {t.source for t in seg.terms} == {"004"}
    assert seg.abbreviations == {"Т": "туз", "К": "король", "Д": "дама", "В": "валет"}
    assert seg.abbreviations_lines == (8496, 8496)
    table = seg.glossary()
    assert len(table) == 32
    assert [(t.term, t.definition, t.kind, t.lines) for t in table[-4:]] == [
        ("Т", "туз", "abbreviation", (8496, 8496)), ("К", "король", "abbreviation", (8496, 8496)),
        ("Д", "дама", "abbreviation", (8496, 8496)), ("В", "валет", "abbreviation", (8496, 8496))]


def test_ocr_repairs_are_findings(seg):
    f = [x for x in seg.game("Блокирующие 11").findings if x.kind == "ocr-repair"]
    assert [(x.token, x.lines) for x in f] == [("восьмерокина", (796, 797)), ("атакжена", (797, 797))]
    assert "а также на ♠9 и ♦2" in seg.game("Блокирующие 11").text


# -- against the gold ------------------------------------------------------------------------

def test_agreement_with_gold_pages_7_to_43(corpus, gold_004, segmented):
    bench = _bench()
    sc, _seconds, _ = bench.score_book(ROOT / "corpus", segmented)  # the time is bench/segmentation.py's to print
    assert sc.gold_games == 26 and sc.found == 26 and sc.right_parent == 26
    assert sc.right_pct >= 97.0
    assert sc.wrong_pct <= 2.0
    assert (sc.gold_examples, sc.examples_found, sc.examples_start, sc.examples_end) == (20, 20, 20, 20)
    assert sc.cards_lost == 0 and sc.cards_raw == 294


# -- worked examples the first round missed or over-took ----------------------------------

def test_walkthrough_without_marker(seg):
    # «Расчет»: «Итак, … Положим, изъята десятка. …» is the only worked illustration (gold 864–883);
    # «Игра продолжается, таким образом, пока не будут изъяты…» closes it, the tactics after it stay out
    g = seg.game("Расчет")
    [ex] = g.examples
    assert ex.lines == (864, 883) and ex.marker == "Положим"
    assert ex.text.startswith("Итак, из колоды изымаются по очереди карты. Положим, изъята десятка.")
    assert ex.text.endswith("пока не будут изъяты из колоды все 48 карт.")
    assert "Если ходы тщательно продуманы" not in ex.text
    assert [(f.kind, f.lines) for f in g.findings if f.kind == "example-walkthrough"] == [("example-walkthrough", (864, 883))]
    assert ("example", (864, 890)) not in [(s.kind, s.lines) for s in g.sections]


def test_marker_inside_a_rules_paragraph(seg):
    # «Робин Пост»: the marker sentence names cards; the rule after it («Картой, имеющей лишь один
    # свободный угол, играть нельзя…») stays in the rules
    robin = seg.game("Робин Пост")
    first = robin.examples[0]
    assert first.lines == (7237, 7240) and first.marker == "На примере"
    assert first.text == "На примере такими картами являются ♠6 и ♦2 на краях расклада, а также карты верхнего и нижнего рядов."
    assert robin.examples[1].lines == (7272, 7279)
    # «Выставка»: «На примере расклада выложено восемь рядов.» names no card and a rule follows:
    # a figure reference; the walk-through «Допустим, что первой выложенной картой будет ♥9» is the example
    show = seg.game("Выставка")
    [ex] = show.examples
    assert ex.lines == (4883, 4892) and ex.marker == "Допустим"
    assert "Любая карта, которую нельзя поместить в расклад" not in ex.text
    assert [(f.kind, f.lines) for f in show.findings if f.kind == "figure-reference"] == [("figure-reference", (4878, 4880))]
    # a marker ending its paragraph is an example even without cards («Султан»)
    assert seg.game("Султан").examples[0].lines == (8140, 8144)


def test_paragraphs_going_on_with_the_example(seg):
    muddle = seg.game("Путаница")  # the moves paragraph 2451–2467 after the example's own paragraph
    [ex] = muddle.examples
    assert ex.lines == (2437, 2467)
    assert ex.text.endswith("С образованием ряда ♠А, ♠2, ♠3 и ♠4 игра развивается вполне благоприятно.")
    tommy = seg.game("Сэр Томми")  # «Допустим, следующей картой из колоды будет ♥Т.»
    assert tommy.examples[0].lines == (3021, 3027)
    assert tommy.examples[0].text.endswith("Он помещается в базовый ряд и покрывается ♣2.")
    # the tactics paragraph after «Дюжина пекаря»'s example names cards but states no move
    assert seg.game("Дюжина пекаря").examples[0].lines == (484, 492)
    assert not [f for f in seg.game("Дюжина пекаря").findings if f.kind == "example-continued"]


def test_every_book_example_is_attached_once(seg):
    exs = [(g.key, e.lines) for g in seg.games for e in g.examples]
    assert len(exs) == 99
    for g in seg.games:  # an example's lines are the game's lines
        own = {n for a, b in g.lines for n in range(a, b + 1)}
        for e, emt in ((e, seg.example_texts[(g.key, k)]) for k, e in enumerate(g.examples)):
            assert set(emt.line) <= own and emt.text == e.text and emt.text in g.text


def test_itak_inside_glued_letters_is_i_tak(seg):
    devil = seg.game("Дьявол")
    assert "третий — из семи и так до ряда из одной только карты" in devil.text
    [f] = [f for f in devil.findings if f.kind == "ocr-repair" and f.lines == (4614, 4614)]
    assert f.message.endswith("«из семи и так до ряда из одной»")


def test_title_form_and_introduction_names(seg):
    bakers = seg.game("Дюжина пекаря")
    assert [(a.name, a.kind, a.lines) for a in bakers.aliases] == [("Пекарская дюжина", "title-form", (444, 445))]
    cadran = seg.game("Кадран")
    assert [(a.name, a.kind, a.language, a.lines) for a in cadran.aliases] == [
        ("Le Cadran", "alias", "fr", (242, 242)), ("Циферблат", "gloss", "ru", (242, 243))]
    assert cadran.aliases[0].sentence == "Одна из таких игр, Le Cadran (Циферблат), включена в данную книгу."


def test_book_findings_are_not_repeated_in_games(seg):
    kinds = {f.kind for f in seg.findings}
    assert kinds == {"not-a-game"}
    assert not {id(f) for f in seg.findings} & {id(f) for g in seg.games for f in g.findings}
