"""Web and reference layouts of whole patience texts (issue 11): title lines of web articles, how-to
steps, «Похожие пасьянсы: …» lists, named variants, lists of games with one paragraph each, titles
printed over two lines, aliases in the nominative. Each data row's examples are checked here, and
each family on a short text written for the test (never the seg10 sample's sentences)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pasyans.corpus import Source
from pasyans.extract import furniture as fu
from pasyans.extract import headings as hd
from pasyans.extract.articles import segment_article


def _lang(s: str) -> str:
    return "uk" if any(c in s.lower() for c in "іїєґ") else "ru"


def games(text: str, lang: str = "ru", orthography: str = "modern") -> list:
    src = Source(id="t", file="t.txt", language=lang, orthography=orthography, kind="article", title="t",
                 sha256="0", path=Path("t.txt"), text=text, segmenter="headings", notation="words")
    return segment_article(src)


@pytest.mark.parametrize("line, name", hd.shapes()["named_variants"]["examples"])
def test_every_named_variant_row_gives_its_name(line, name):
    assert hd.named_variant(line) == name


@pytest.mark.parametrize("line", ["Вариантов раскладки два.", "Вариант: играть без колоды.", "Разновидность этой игры — «Паук»."])
def test_lines_that_name_no_variant(line):
    assert hd.named_variant(line) is None


@pytest.mark.parametrize("title, second, name, aliases", hd.shapes()["title_continuations"]["examples"])
def test_a_title_printed_over_two_lines(title, second, name, aliases):
    lang = _lang(second)
    assert hd.title_continuation(second) == aliases
    text = f"{title}\n{second}\n\nКарты раскладывают в четыре ряда; тузы откладывают особо.\n"
    gs = games(text, lang)
    assert [g.name for g in gs] == [name]
    assert [a.name for a in gs[0].aliases if a.kind == "alias"] == aliases


@pytest.mark.parametrize("title, second, lang, name, aliases", [
    # seg24/ru_pre1918_aliases.txt: a CAPS title whose second line is an alias cue, the name in the instrumental
    ("ПАСЬЯНС «ЧЕТЫРЕ ВРЕМЕНИ ГОДА»,", "называемый также «Календарем».", "ru", "Четыре времени года", ["Календарь"]),
    ("Пасьянс «Вітряк»,", "відомий також як «Млин» або «Жорна».", "uk", "Вітряк", ["Млин", "Жорна"]),
    ("ПАСЬЯНС «ГОРБУН»,", "который в деревне зовут ещё «Верблюдом».", "ru", "Горбун", ["Верблюд"]),
])
def test_a_title_whose_second_line_opens_with_an_alias_cue(title, second, lang, name, aliases):
    assert hd.title_continuation(second, lang) == aliases
    text = f"{title}\n{second}\n\nКарты раскладывают в четыре ряда; тузы откладывают особо.\n"
    gs = games(text, lang)
    assert [g.name for g in gs] == [name]


@pytest.mark.parametrize("second", ["раскладывается «Косынкой» на столе.", "а карты кладут на «базу»."])
def test_a_second_line_with_no_alias_cue_gives_no_names(second):
    assert hd.title_continuation(second, "ru") is None


@pytest.mark.parametrize("line, name", hd.shapes()["entry_leads"]["examples"])
def test_every_entry_lead_row_gives_its_name(line, name):
    lead = hd.entry_lead(line, _lang(line))
    assert lead is not None and hd.split_title(lead[0], _lang(line))[0].name == name


@pytest.mark.parametrize("line", ["Раскладка. Карты кладут в ряд.", "Пример. Туз идёт на базу.",
                                  "Если ходов нет, пасьянс не сошёлся."])
def test_paragraphs_that_open_with_no_entry_name(line):
    assert hd.entry_lead(line, "ru") is None


@pytest.mark.parametrize("name, lang, want", [
    ("Паучком", "ru", "Паучок"), ("Свободную ячейку", "ru", "Свободная ячейка"),
    ("Могилой Наполеона", "ru", "Могила Наполеона"), ("Павука", "uk", "Павук"),
    ("Сорок разбойников", "ru", "Сорок разбойников"),  # a numeral: as printed
    ("Гробница Наполеона", "ru", "Гробница Наполеона"), ("Бисли", "ru", "Бисли"), ("Часы", "ru", "Часы"),
])
def test_names_are_given_in_the_nominative(name, lang, want):
    assert hd.nominative(name, lang) == want


def test_a_how_to_with_steps_is_one_game_with_sections():
    text = ("Как разложить пасьянс «Пирамида»\n\nПирамида — пасьянс, где снимают пары карт.\n\n"
            "Шаг 1. Раздача\nВыложите двадцать восемь карт треугольником.\n\n"
            "Шаг 2. Пары\nСнимайте две открытые карты, если вместе они дают тринадцать.\n\n"
            "Другие пасьянсы: Гольф · Косынка\n")
    gs = games(text)
    assert [(g.name, g.lines) for g in gs] == [("Пирамида", [(1, 9)])]
    assert {s.lines[0] for s in gs[0].sections} >= {5, 8}


def test_an_article_titled_name_and_stock_subtitle():
    text = ("Свободная ячейка: правила и советы\n\nСвободная ячейка (FreeCell) — пасьянс на одну колоду; "
            "её ещё называют Тюрьмой.\n\nПравила\nВсе карты раскладывают в восемь столбцов открытыми.\n")
    gs = games(text)
    assert [g.name for g in gs] == ["Свободная ячейка"]
    names = {a.name for a in gs[0].aliases}
    assert "FreeCell" in names and "Тюрьма" in names
    inflected = next(a for a in gs[0].aliases if a.name == "Тюрьма")
    assert "Тюрьмой" in inflected.sentence  # the printed form stays the quote


def test_related_games_are_furniture():
    got = fu.furniture(["Схожі пасьянси", "Павук", "Гольф"], "uk")
    assert got == {1: "see also", 2: "see also", 3: "see also"}
    # a section that goes on to describe other games is no list of links
    assert fu.furniture(["Другие пасьянсы", "", "Паук. Его раскладывают двумя колодами."], "ru") == {}
    text = "Пасьянс «Гольф»\n\nКарты снимают на отбой по одной.\n\nПохожие пасьянсы: Пирамида, Косынка\n"
    assert [g.name for g in games(text)] == ["Гольф"]


def test_a_named_variant_is_a_variant_and_an_unnamed_one_a_section():
    text = ("Правила пасьянсу «Годинник»\n\nТринадцять купок по чотири карти розкладають колом.\n\n"
            "Варіант. Дехто дозволяє ще одну спробу після четвертого короля.\n\n"
            "Різновид: «Швидкий годинник» — карти відкривають по дві.\n")
    gs = games(text, "uk")
    assert [(g.name, g.variant_of) for g in gs] == [("Годинник", None), ("Швидкий годинник", gs[0].key)]
    assert 5 in {s.lines[0] for s in gs[0].sections}
    assert gs[1].printed_name == "Швидкий годинник"


def test_a_list_of_games_under_a_plural_heading():
    text = ("Пасьянсы от А до Я\n\nАкадемия. Её раскладывают в шесть рядов одной колодой.\n\n"
            "Блоха — детская игра: карты снимают парами.\n\n"
            "Веер (он же «Павлиний хвост»). Восемнадцать веерков по три карты.\n")
    gs = games(text)
    assert [g.name for g in gs] == ["Академия", "Блоха", "Веер"]
    assert [a.name for a in gs[2].aliases] == ["Павлиний хвост"]


@pytest.mark.parametrize("text, names", [
    ("Словарь терминов\n\nБаза. Стопка, на которую собирают карты по масти.\n\n"
     "Талон. Карты колоды, которые ещё не сданы.\n\nОтбой. Карты, снятые с поля.\n", ("База", "Талон", "Отбой")),
    # paragraphs opening with cards under a plural heading
    ("Пасьянсы одной колодой\n\nТузы. Их откладывают в сторону по мере выхода.\n\n"
     "Короли. Их кладут на пустые места.\n\nДвойки. Их кладут на тузы той же масти.\n", ("Тузы", "Короли", "Двойки")),
])
def test_a_list_of_terms_or_cards_stays_no_list_of_games(text, names):
    assert not [g for g in games(text) if g.name in names]


def test_a_contents_heading_before_the_first_game_heads_no_game():
    text = ("СОДЕРЖАНІЕ.\n\nПасьянсъ «Ворота» . . . . . 3\n\n— 3 —\n\nПАСЬЯНСЪ «ВОРОТА»,\nиначе «Арка».\n\n"
            "Кладутъ двѣ колонны по пяти картъ.\n")
    gs = games(text, orthography="pre-reform")
    assert [(g.name, g.lines) for g in gs] == [("Ворота", [(7, 10)])]
    assert "Арка" in [a.name for a in gs[0].aliases]


def test_stress_marks_are_no_part_of_a_name():
    text = ("Свобо\u0301дная яче\u0301йка\n\nСвобо\u0301дная яче\u0301йка (англ. FreeCell) — пасьянс на одну колоду. "
            "Её ещё называют «Тюрьмо\u0301й».\n")
    (g,) = games(text)
    assert g.name == "Свободная ячейка" and "\u0301" not in g.text
    al = next(a for a in g.aliases if a.kind == "alias")
    assert al.name == "Тюрьма" and "Тюрьмо\u0301й" in al.sentence  # the quote as printed, stress mark and all


def test_a_pre1918_alias_is_modern_and_nominative_its_quote_as_printed():
    text = "ПАСЬЯНСЪ «ВѢЕРЪ».\n\nЭтотъ пасьянсъ называютъ также «Павлиньимъ хвостомъ».\n"
    (g,) = games(text, orthography="pre-reform")
    al = next(a for a in g.aliases if a.kind == "alias")
    assert al.name == "Павлиний хвост" and al.sentence == "Этотъ пасьянсъ называютъ также «Павлиньимъ хвостомъ»."


@pytest.mark.parametrize("line", ["Паук — советы новичкам просты: не спешите", "Гольф. Правила просты.",
                                  "Правила: как играть", "Стратегия — советы новичкам"])
def test_sentences_that_frame_no_title(line):
    assert hd.title_frame(line) is None


@pytest.mark.parametrize("title, name", [("Пасьянс Косынка", "Косынка"), ("Гра Павук", "Павук"),
                                         ("Пасьянс Наполеона", "Пасьянс Наполеона"), ("Пасьянс Медичи", "Пасьянс Медичи")])
def test_the_word_patience_before_a_name_in_apposition_is_no_part_of_it(title, name):
    assert hd.split_title(title, _lang(title) if "Гра" not in title else "uk")[0].name == name


@pytest.mark.parametrize("sentence, lang, want", [
    ("Його ще називають Павучком, Тарантулом і Скорпіоном.", "uk", ["Павучок", "Тарантул", "Скорпіон"]),
    ("Известен также как Паучок или Тарантул.", "ru", ["Паучок", "Тарантул"]),
    ("Его ещё называют Паучком, и его любят все.", "ru", ["Паучок"]),
])
def test_unquoted_names_listed_after_a_cue(sentence, lang, want):
    (g,) = games(f"Пасьянс «Паук»\n\n{sentence}\n", lang)
    assert [a.name for a in g.aliases] == want


@pytest.mark.parametrize("text, name", [
    ("Пасьянсов на свете много. Хочу рассказать о «Пирамиде».\n\nДвадцать восемь карт кладут треугольником.\n", "Пирамида"),
    ("Пасьянси бувають різні. Моя улюблена — «Косинка».\n\nСім стосів, верхні карти відкриті.\n", "Косинка"),
    ("Вечерние пасьянсы\n\nРазложим Паука: две колоды, десять колонок.\n", "Паук"),
])
def test_a_headingless_text_that_talks_of_patiences_then_names_one_gives_that_game(text, name):
    gs = games(text, _lang(text))
    assert [g.name for g in gs] == [name] and gs[0].lines[-1][1] == 3


@pytest.mark.parametrize("sentence, lang, want", [
    ("Бывалые игроки называют его «Крепостью».", "ru", ["Крепость"]),
    ("Британці називають цей пасьянс Fortress.", "uk", ["Fortress"]),
    ("В справочниках он значится как «Крепость».", "ru", ["Крепость"]),
    ("Там его знают как Fortress.", "ru", ["Fortress"]),
    ("В оригинале правила другие: карты кладут на «базу».", "ru", []),  # a weak cue takes only a capitalised name
    ("Называют его так за форму раскладки.", "ru", []),
])
def test_alias_cues_with_the_game_as_object_and_weaker_cues(sentence, lang, want):
    (g,) = games(f"Пасьянс «Фортеця»\n\n{sentence}\n", lang)
    assert [a.name for a in g.aliases] == want


def test_web_article_section_headings_are_sections_not_games():
    text = ("Пасьянс «Гольф»\n\nКарты снимают на отбой, если они на единицу старше или младше.\n\n"
            "Игровой процесс\nСемь столбцов по пять карт, остальные — в запас.\n\n"
            "Интересные факты\nВ Англии гольф раскладывают на скорость.\n\n"
            "Часто задаваемые вопросы\nМожно ли класть короля на туза? Нет.\n")
    gs = games(text)
    assert [g.name for g in gs] == ["Гольф"]
    assert {s.lines[0]: s.kind for s in gs[0].sections if s.kind != "example"} == {5: "rules", 8: "notes", 11: "notes"}


@pytest.mark.parametrize("lead, lang, want", [
    ("Фортеця (також «Кріпость») — пасьянс на одну колоду.", "uk", ["Кріпость"]),
    ("Крепость (иначе Бастион) — пасьянс на одну колоду.", "ru", ["Бастион"]),
    ("Крепость (см. рис. 2) — пасьянс на одну колоду.", "ru", []),
])
def test_a_cued_parenthesis_after_the_name_gives_aliases(lead, lang, want):
    title = "Фортеця" if lang == "uk" else "Крепость"
    (g,) = games(f"Пасьянс «{title}»\n\n{lead}\n", lang)
    assert [a.name for a in g.aliases] == want


def test_an_encyclopedia_source_text_with_a_bold_lead():
    text = ("'''Фортеця''' (також '''«Бастіон»''') — пасьянс на одну колоду.\n\n== Правила ==\n"
            "Тузи викладають у ряд.\n\n== Див. також ==\n* [[Годинник]]\n")
    (g,) = games(text, "uk")
    assert (g.name, [a.name for a in g.aliases], g.lines) == ("Фортеця", ["Бастіон"], [(1, 4)])


def test_a_variant_line_naming_the_game_itself_is_a_section_and_keycap_numbers_mark_titles():
    text = ("1️⃣ Пасьянс «Гольф»\n\nКарты снимают на отбой.\n\nВариант: «Гольф» с переходом через короля.\n\n"
            "2️⃣ Пасьянс «Пирамида»\n\nСнимают пары на тринадцать.\n")
    gs = games(text)
    assert [(g.name, g.variant_of) for g in gs] == [("Гольф", None), ("Пирамида", None)]
    assert 5 in {s.lines[0] for s in gs[0].sections}


def test_numbered_steps_under_a_how_to_title_are_its_sections():
    text = ("Как собрать пасьянс «Паучок»: три шага\n\n«Паучок» раскладывают двумя колодами.\n\n"
            "1. Начальный расклад\nДесять колонок, открыты верхние карты.\n\n"
            "2. Переносы\nКарту кладут на старшую на единицу.\n\n3. Последняя сдача\nПо карте на каждую колонку.\n")
    gs = games(text)
    assert [(g.name, g.lines) for g in gs] == [("Паучок", [(1, 12)])]
    assert {5, 8, 11} <= {s.lines[0] for s in gs[0].sections}


def test_a_channel_name_over_a_framed_title_and_key_bindings_head_no_game():
    text = ("Вечерний расклад 🌙\n\n🃏 Пасьянс дня: «Гольф»\n\nСемь столбцов, остальное — в запас.\n\n"
            "Горячие клавиши\nCtrl+N — новая игра\nF2 — подсказка\n\nКонтрольные вопросы\n1. Сколько столбцов?\n")
    gs = games(text)
    assert [g.name for g in gs] == ["Гольф"] and gs[0].lines[-1][1] == 12
    assert hd.not_title("Ctrl+Z — отменить ход") == "key binding" and hd.not_title("Косынка") is None


def test_fact_lines_and_sign_offs_are_no_titles():
    text = ("Пасьянс «Гольф»\n\nКолода — 52 карты\n\nСемь столбцов по пять карт открыто.\n\n"
            "Две колоды по 52 карты, если играть вдвоём\n\nУдачной игры!\n")
    gs = games(text)
    assert [g.name for g in gs] == ["Гольф"]
    assert fu.furniture(["Удачной игры!"], "ru") == {1: "sign-off"}


@pytest.mark.parametrize("line, lang, name", [
    ("Простіший за неї «Квітник»: шість віял по шість карт.", "uk", "Квітник"),   # seg24/uk_no_headings.txt:5
    ("Самый долгий пасьянс — «Солитер». Две колоды, восемь рядов.", "ru", "Солитер"),
    ("Ещё проще «Мельница»: восемь карт кругом.", "ru", "Мельница"),
])
def test_a_paragraph_naming_its_game_after_words_that_describe_it(line, lang, name):
    assert hd.opening_name(line, lang) == name


@pytest.mark.parametrize("line", ["Как и в «Косынке», колоду открывают по одной.", "Карты кладут в «Дом».",
                                  "Бабушка любила «Косынку».", "Потом идёт «Паук»: две колоды."])
def test_a_paragraph_with_a_verb_or_preposition_before_the_name_opens_no_game(line):
    assert hd.opening_name(line, "ru") is None


def test_paragraphs_without_headings_each_naming_a_game_in_its_first_clause():
    text = ("Бабусині пасьянси\n\nПасьянс «Зірка» бабуся розкладала щонеділі. Беруть колоду з тридцяти шести карт "
            "і викладають шість карт колом.\n\nПростіший за неї «Квітник»: шість віял по шість карт, з яких знімають "
            "верхні карти на тузів.\n")
    assert [g.name for g in games(text, "uk")] == ["Зірка", "Квітник"]
