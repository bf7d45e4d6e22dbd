"""Cleaning layers over MappedText (pasyans.extract.clean), checked on the real lines of the book 004."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pasyans.extract.clean import (
    book_pages,
    card_tokens,
    classify_book_lines,
    clean_paragraph,
    dehyphenate,
    is_toc_entry,
    join_lines,
    mapped_lines,
    restore_spaces,
    split_glued,
)
from pasyans.extract.text import MappedText


@pytest.fixture(scope="module")
def book(corpus):
    return corpus["004"]


@pytest.fixture(scope="module")
def classes(book):
    titles = [m.group("title") for s in book.lines[:160] if (m := is_toc_entry(s))]
    return classify_book_lines(book.lines, titles)


def _span(book, a, b):
    return mapped_lines(book.lines, list(range(a, b + 1)))


# -- line classes ----------------------------------------------------------------------------

def test_line_classes_of_page_7(book, classes):
    assert classes[265 - 1] == "blank"
    assert classes[266 - 1] == "page-number" and book.line(266) == "7"
    assert {classes[n - 1] for n in range(267, 283)} == {"side-label"}  # «ИГРЫОДНОЙКОЛОДОЙ»
    assert "".join(book.line(n) for n in range(267, 283)) == "ИГРЫОДНОЙКОЛОДОЙ"
    assert classes[283 - 1] == "text"  # «Аккордеон»
    assert classes[329 - 1] == "caption"  # «Карта из колоды» at the page end
    assert classes[348 - 1] == "caption"  # «Базовые карты» before «Агнесс»


def test_line_class_counts(classes):
    assert classes.count("page-number") == 170  # pages 6 … 175
    assert classes.count("side-label") == 70 * 16 + 100 * 17  # ИГРЫ ОДНОЙ КОЛОДОЙ / ИГРЫ ДВУМЯ КОЛОДАМИ
    assert classes[47 - 1] == "toc" and classes[155 - 1] == "toc" and classes[156 - 1] == "toc"  # … Словарь, Содержание
    assert classes[1 - 1] == "front-matter" and classes[45 - 1] == "front-matter"  # ISBN line
    assert classes[8545 - 1] == "back-matter" and classes[8579 - 1] == "back-matter"
    assert classes[8544 - 1] == "blank"


def test_captions_real(book, classes):
    # captions at the top of a page whose first text line continues the previous page
    assert classes[942 - 1] == "caption" and book.line(942) == "Пример 2"
    assert classes[4088 - 1] == "caption" and book.line(4089).startswith("двойка")
    # a two-line caption «Резервная / стопка», a mid-page caption pair «Базовые» «Стопа»
    assert classes[1522 - 1] == classes[1523 - 1] == "caption"
    assert classes[5000 - 1] == classes[5001 - 1] == "caption"
    # a figure label that spells a title, between two captions; the title line itself is text
    assert classes[8365 - 1] == "caption" and classes[8245 - 1] == "text"
    # «Криббедж» (a title without quotes) after the captions «Криб», «Партия А», «Старт»
    assert [classes[n - 1] for n in (1078, 1079, 1080, 1081)] == ["caption"] * 3 + ["text"]
    # a short line with lost spaces is text, not a caption
    assert book.line(1001) == "на♣Т,♣3—♣2и♣4—♣3.♦2" and classes[1001 - 1] == "text"


def test_book_pages(book, classes):
    pages = book_pages(classes, book.lines)
    assert len(pages) == 170
    assert pages[6] == (158, 264)
    assert pages[7] == (266, 329)
    assert pages[175] == (8432, 8543)  # the glossary; the imprint after it is back matter


def test_toc_entry_forms():
    assert is_toc_entry("«Аккордеон»..........7").group("page") == "7"
    assert is_toc_entry("«Блокирующие 11» . . . . 18").group("title") == "«Блокирующие 11»"
    assert is_toc_entry("«Три слепых мышонка» . 68").group("page") == "68"
    assert is_toc_entry("«Американские горки» 171").group("page") == "171"
    assert is_toc_entry("Криббедж...........24").group("title") == "Криббедж"
    assert is_toc_entry("«Осажденная") is None
    assert is_toc_entry("ББК 65.43") is None and is_toc_entry("ЗАО «Издательство Центрполиграф», 2012") is None


# -- dehyphenation ---------------------------------------------------------------------------

def test_dehyphenate_real_lines(book):
    assert dehyphenate(_span(book, 284, 285)).text.startswith("Если выстраивается длинная вереница карт")
    # a real hyphen split at the line end: «какой-\nнибудь» (1818–1819)
    assert "какой-нибудь" in dehyphenate(_span(book, 1818, 1819)).text
    # «ко -\nроль» (8262–8263) is one word
    assert "на туза — король." in dehyphenate(_span(book, 8262, 8263)).text
    # the rank letter belongs to the card: «♥Тпоме-\nщается»
    assert "♥Тпомещается" in dehyphenate(_span(book, 652, 653)).text


def test_dehyphenate_keeps_real_hyphens():
    def d(s):
        return dehyphenate(MappedText.from_lines(s.split("\n"))).text

    assert d("«Монте-\nКарло»") == "«Монте-Карло»"
    assert d("на 6-\nй ряд") == "на 6-й ряд"
    assert d("серия ♠Т-\n♠2") == "серия ♠Т-♠2"
    assert d("стоп-\nка") == "стопка"  # «ка» is a particle only when «стопка» were not a word
    assert d("что-\nто") == "что-то"


# -- lost spaces -----------------------------------------------------------------------------

def test_restore_spaces_examples_of_the_brief():
    assert restore_spaces(MappedText.from_lines(["♦В—♠Д.♣Д—♠К."])).text == "♦В — ♠Д. ♣Д — ♠К."
    assert restore_spaces(MappedText.from_lines(["помещаетсяна♥Т,а♦Д—на♦К"])).text == "помещается на ♥Т, а ♦Д — на ♦К"


def test_restore_spaces_real_lines(book):
    # 1858: «♠3,♠7и♠В,♦4,♦8и♦Д,атакже»
    assert restore_spaces(_span(book, 1858, 1858)).text == "♠3, ♠7 и ♠В, ♦4, ♦8 и ♦Д, а также"
    # 797 after dehyphenation: «восьме-/рокина♦3,атакжена♠9и♦2.»
    mt = clean_paragraph(_span(book, 796, 797))
    assert mt.text.endswith("из восьмерок и на ♦3, а также на ♠9 и ♦2.")
    # 1106: letters glued to digits «или8и7),дает2очка.»
    assert restore_spaces(_span(book, 1106, 1106)).text == "или 8 и 7), дает 2 очка."
    # 4614: a long glued run with no card
    assert "из семи" in restore_spaces(_span(book, 4614, 4614)).text


def test_restore_spaces_leaves_clean_lines_alone(book):
    for n in (6164, 3158, 1818, 2539):  # «тридцать—сорок», «♥ Туз», «какой-», «Монте-Карло»
        mt = _span(book, n, n)
        assert restore_spaces(mt).text == mt.text


def test_restore_spaces_skips_only_texts_it_would_leave_alone(book, monkeypatch):
    from pasyans.extract import clean

    lines = [_span(book, n, n) for n in range(1, len(book.lines) + 1)]
    paras = [_span(book, n, n + 2) for n in range(1, len(book.lines) - 2, 3)]
    fast = [(restore_spaces(mt).text, restore_spaces(mt).line) for mt in lines + paras]
    skipped = sum(not clean._MAY_LACK_SPACES.search(mt.text) for mt in lines)
    monkeypatch.setattr(clean, "_MAY_LACK_SPACES", re.compile(""))  # every text read in full
    assert [(restore_spaces(mt).text, restore_spaces(mt).line) for mt in lines + paras] == fast
    assert skipped > len(lines) // 2


def test_split_glued_prefers_function_words():
    assert split_glued("атакжена", "ru", True) == ("а", "также", "на")
    assert split_glued("помещаетсяна", "ru", True) == ("помещается", "на")
    assert split_glued("вереница") is None  # one word: nothing to split


def test_join_lines_paragraphs_and_map(book):
    mt = join_lines(book.lines, list(range(557, 575)), [557])
    assert mt.text.startswith("На примере расклада: ♥2 и ♠2 могут покрыть базовые тузы. ♦4 — ♦5. ♣5 — ♦6. ♦3 — ♦4. ♦2 — базовую.")
    i = mt.text.index("базовую.")
    assert (mt.line[i], mt.line[i + 4]) == (559, 560)  # «базо-» on 559, «вую.» on 560
    assert "\n" not in mt.text
    two = join_lines(book.lines, [492, 493], [493])
    assert two.text == "пока не останется больше ходов.\nОбратите особое внимание на две"
    assert 31 in two.inserted  # the paragraph separator


# -- properties ------------------------------------------------------------------------------

PIECES = ["вере", "ница", "помещается", "на", "а", "также", "ко", "Монте", "Карло", "стоп", "ка",
          "или", "и", "базо", "вую", "♦В", "♠10", "♥Т", "♣2", "♦7", "♠А", "♥ Т", "—", "-", ",", ".", " ",
          "12", "3", "«", "»", "(", ")", "Туз", "щается", "тпоме"]


@st.composite
def raw_lines(draw):
    n = draw(st.integers(1, 4))
    return ["".join(draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=12))) +
            draw(st.sampled_from(["", "-", " -", "—"])) for _ in range(n)]


def _digits(s: str) -> list[str]:
    return sorted(re.findall(r"\d", s))


def _check(raw: list[str], mt: MappedText) -> None:
    src = "\n".join(raw)
    assert sorted(card_tokens(mt.text)) == sorted(card_tokens(src))
    assert _digits(mt.text) == _digits(src)
    for i, ch in enumerate(mt.text):
        if i in mt.inserted:
            continue
        assert raw[mt.line[i] - 1][mt.col[i]] == ch


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw_lines())
def test_layers_keep_cards_digits_and_map(raw):
    base = mapped_lines(raw, list(range(1, len(raw) + 1)))
    _check(raw, dehyphenate(base))
    _check(raw, restore_spaces(base))
    _check(raw, restore_spaces(dehyphenate(base)))
    _check(raw, clean_paragraph(base))
    _check(raw, join_lines(raw, list(range(1, len(raw) + 1)), [len(raw)]))


def test_real_book_keeps_every_card_token(book, classes):
    lines = book.lines  # (a property that splits the file: read it once)
    nums = [n for n in range(283, 8431) if classes[n - 1] == "text"]
    mt = join_lines(lines, nums, [])
    raw = [t for n in nums for t in card_tokens(lines[n - 1])]
    assert len(raw) > 1200
    assert sorted(card_tokens(mt.text)) == sorted(raw)
    for i, ch in enumerate(mt.text):
        if i not in mt.inserted:
            assert lines[mt.line[i] - 1][mt.col[i]] == ch


# -- second round: glued «итак», «Ит.д.» -------------------------------------------------------

def test_parenthetical_word_only_ends_a_glued_run():
    # «тий—изсемиитакдорядаизодной» (line 4614): «итак» is set off by commas in print, so inside
    # a run of glued letters it is «и так»
    assert split_glued("изсемиитакдорядаизодной") == ("из", "семи", "и", "так", "до", "ряда", "из", "одной")
    assert split_glued("атакжена", before_card=True) == ("а", "также", "на")


def test_i_t_d_is_spaced_on_any_line(book):
    mt = restore_spaces(_span(book, 7825, 7825))  # «Салический закон», the example's last line
    assert book.line(7825) == "Ит.д." and mt.text == "И т. д."
    assert sorted(mt.inserted) == [1, 4]
