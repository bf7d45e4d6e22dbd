"""Card tokens: the grammar (grammar/cards.lark), the scanner and the word-form reader."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pasyans.cards import Card, full_pack
from pasyans.extract.notation import (
    NotationError,
    find_cards,
    find_rank_rows,
    find_word_cards,
    format_card,
    latin_t_usage,
    parse_card,
    parse_cells,
    scan,
)

C = Card.parse


@pytest.mark.parametrize("token,card", [
    ("♠Д", "QS"), ("♥10", "TH"), ("♣Т", "AC"), ("♥А", "AH"), ("Д♥", "QH"), ("♥ Туз", "AH"),
    ("♦В", "JD"), ("♠К", "KS"), ("♣2", "2C"), ("♤9", "9S"),
])
def test_parse_symbol(token, card):
    assert parse_card(token, "symbol") == C(card)


@pytest.mark.parametrize("token,card", [
    ("ПА", "AS"), ("Ч10", "TH"), ("ТВ", "JC"), ("БК", "KD"), ("ЧД", "QH"), ("Т2", "2C"),
    ("ПЗ", "3S"), ("Тб", "6C"), ("T9", "9C"),
])
def test_parse_letter(token, card):
    assert parse_card(token, "letter") == C(card)


@pytest.mark.parametrize("token,notation", [
    ("♠Х", "symbol"), ("ЧВК", "letter"), ("", "symbol"), ("П1", "letter"), ("ПА", "symbol"),
    ("♠Д", "letter"), ("Б53", "letter"), ("ПА", "runes"), ("♠Д♠Д", "symbol"),
])
def test_parse_rejects(token, notation):
    with pytest.raises(NotationError):
        parse_card(token, notation)


@pytest.mark.parametrize("notation", ["symbol", "letter", "standard"])
def test_format_is_symmetric(notation):
    for card in full_pack():
        text = format_card(card, notation)
        back = C(text) if notation == "standard" else parse_card(text, notation)
        assert back == card, text
    assert format_card(C("AC"), "symbol") == "♣Т"
    assert format_card(C("AS"), "letter") == "ПА"
    assert format_card(C("TH"), "letter") == "Ч10"
    with pytest.raises(NotationError):
        format_card(Card(0, None, joker=True), "symbol")


def test_cyrillic_t_readings_are_recorded():
    sym = find_cards("♣Т выносится в базовый ряд", "symbol")
    assert sym[0].card == C("AC") and "туз" in sym[0].reading_note
    sc = scan("Т4-3, Т2-Т (вот и первая карта положена в ряд тузов)", "letter", "ru")
    first, ace = sc.moves[1].card, sc.moves[1].target
    assert first.card == C("2C") and "трефы" in first.reading_note
    assert ace.raw == "Т" and ace.card == C("AC") and "туз" in ace.reading_note and "suit omitted" in ace.reading_note


def test_symbol_tokens_cut_before_tokenizing():
    toks = find_cards("♦В—♠Д.", "symbol")
    assert [(t.start, t.end, t.card) for t in toks] == [(0, 2, C("JD")), (3, 5, C("QS"))]
    glued = find_cards("крывает♦Д,а♣3—♣2.♦7и♦8", "symbol")
    assert [str(t.card) for t in glued] == ["QD", "3C", "2C", "7D", "8D"]


def test_symbol_tokens_of_a_raw_book_line(corpus):
    line = corpus["004"].line(559)  # «♣5—♦6.♦3—♦4.♦2—базо-»
    assert [str(t.card) for t in find_cards(line, "symbol")] == ["5C", "6D", "3D", "4D", "2D"]
    line = corpus["004"].line(485)  # «ется на ♣4, ♠Т туз выносится в базо-»
    toks = find_cards(line, "symbol")
    assert toks[1].raw == "♠Т туз" and toks[1].card == C("AS") and "redundant" in toks[1].reading_note


def test_letter_moves_of_003_with_ocr(corpus):
    sc = scan(corpus["003"].line(49), "letter", "ru")
    assert len(sc.moves) == 100
    ocr_ch = [t for t in sc.tokens if t.reading_note and "«4» read as «Ч»" in t.reading_note]
    assert len(ocr_ch) == 11  # the gold's text_cleanup: «'4' -> 'Ч' in 11 move tokens»
    assert any(t.raw == "БЗ" and t.card == C("3D") for t in sc.tokens)
    assert any(t.raw == "T9" and t.card == C("9C") and "Latin" in t.reading_note for t in sc.tokens)
    cellar = [m for m in sc.moves if m.place == "cell"]
    assert [m.card.card for m in cellar] == [C("QC"), C("TC"), C("KC")]
    free = [m for m in sc.moves if m.place == "space"]
    assert [str(m.card.card) for m in free] == ["QC", "6C", "4S", "3H", "TH", "7H", "8S", "QD"]


def test_letter_row_moves_of_000(corpus):
    sc = scan(corpus["000"].line(21), "letter", "uk")
    assert [(str(m.card.card), m.from_row, str(m.target.card), m.to_row) for m in sc.moves] == [
        ("5D", 3, "4D", 7), ("2D", 2, "AD", 3), ("JS", 1, "TS", 6), ("3S", 8, "2S", 2),
        ("2S", 2, "AS", 1), ("2H", 6, "AH", 8), ("8S", 4, "7S", 4)]
    sc = scan(corpus["000"].line(25), "letter", "uk")
    starts = [m for m in sc.moves if m.place]
    assert [(str(m.card.card), m.place) for m in starts] == [("AS", "row:6"), ("AS", "row:1")]


def test_glued_layout_cells():
    assert [(str(c), s, e) for c, s, e, _ in parse_cells("ЧДЧ10")] == [("QH", 0, 2), ("TH", 2, 5)]
    cells = parse_cells("Ч10ТЗ")
    assert [str(c) for c, *_ in cells] == ["TH", "3C"] and "«З»" in cells[1][3]
    with pytest.raises(NotationError):
        parse_cells("БС")


def test_unread_card_shapes_are_reported():
    sc = scan("ЧВК и ПК-версия, Д10, п.10", "letter", "ru")
    assert [u.raw for u in sc.unread] == ["ЧВК"]
    assert [str(t.card) for t in sc.tokens] == ["KS"]
    sc = scan("♠Х покрывает ♥Д", "symbol", "ru")
    assert sc.unread and sc.unread[0].raw.startswith("♠") and [str(t.card) for t in sc.tokens] == ["QH"]


@pytest.mark.parametrize("text,cards", [
    ("трефовый, червовый, пиковый тузы — наверх", ["AC", "AH", "AS"]),
    ("семерки червей и треф на тузы", ["7H", "7C", "A"]),
    ("даму червей на короля пик", ["QH", "KS"]),
    ("семерку и восьмерку бубен на базовую", ["7D", "8D"]),
    ("девятку бубен наверх или на десятку пик…", ["9D", "TS"]),
    ("укладки червовой двойки на туза, девятки бубен на десятку", ["2H", "A", "9D", "T"]),
    ("бубновые шестерка и дама", ["6D", "QD"]),
    ("эта тройка карт в ряд тузов", []),
])
def test_word_cards_ru(text, cards):
    assert [str(t.card) for t in find_word_cards(text, "ru")] == cards


def test_word_cards_uk_and_both():
    toks = find_word_cards("бубнову п'ятірку з 3-го ряду, праворуч від бубновою четвірки; піковий туз", "uk")
    assert [str(t.card) for t in toks] == ["5D", "4D", "AS"]
    both = find_word_cards("взять из верхнего ряда обе семерки", "ru")
    assert len(both) == 1 and both[0].card == Card(7, None) and both[0].count == 2


def test_unknown_notation_and_language():
    with pytest.raises(NotationError):
        find_cards("♠Д", "runes")
    with pytest.raises(NotationError):
        find_word_cards("даму", "de")


_NOISE = st.sampled_from(["п.10", "ЧВК", "ПК-версия", "Д10", "♠", "♥ ", "Т", "4", "-", "—", "10", "Б53 -", "ТД - \"",
                          "♦В—♠Д.", "T9", "БС", "ЧДЧ10", "туз", "даму", "червей", "(", "«", "Ч7.", " ", "\n", "O"])
_TEXT = st.lists(st.one_of(_NOISE, st.text(max_size=6)), max_size=12).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT, st.sampled_from(["symbol", "letter"]))
def test_fuzz_parse_card_only_notation_error(text, notation):
    try:
        card = parse_card(text, notation)
    except NotationError:
        return
    assert isinstance(card, Card)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT, st.sampled_from(["symbol", "letter", "words"]), st.sampled_from(["ru", "uk"]))
def test_fuzz_find_cards(text, notation, lang):
    sc = scan(text, notation, lang)
    for t in sc.tokens:
        assert 0 <= t.start < t.end <= len(text) and text[t.start:t.end] == t.raw
    for u in sc.unread:
        assert 0 <= u.start <= u.end <= len(text)


# -- every notation people write (issue 11) ----------------------------------------------------

def test_latin_ranks_either_order():
    toks = find_cards("Например, ♦Q можно положить на ♣K, а ♠J — на ♦Q; 10♠ на J♥, Q♠ — с A♦.", "symbol")
    assert [str(t.card) for t in toks] == ["QD", "KC", "JS", "QD", "TS", "JH", "QS", "AD"]
    assert toks[1].reading_note is None  # a text that writes Latin ranks: «K» is canonical


def test_latin_t_is_decided_by_the_texts_usage_and_recorded():
    ten = find_cards("♠T на ♥J", "symbol")[0]
    assert ten.card == C("TS") and "ten" in ten.reading_note and "Latin ranks" in ten.reading_note
    ace = find_cards("♣T выносится в базовый ряд, ♠Д на ♥К", "symbol")[0]
    assert ace.card == C("AC") and "туз" in ace.reading_note and "Cyrillic ranks" in ace.reading_note
    forced = scan("♣T выносится, ♠Д", "symbol", latin_t="ten").tokens[0]
    assert forced.card == C("TC") and "manifest" in forced.reading_note
    assert latin_t_usage("9♣ на T♥")[0] == "ten"


def test_suit_symbols_are_read_in_every_notation():
    sc = scan("Скажем, на 7♠ можно положить 6♠ или 8♠; ♠Х не карта.", "words", "ru")
    assert [str(t.card) for t in sc.tokens] == ["7S", "6S", "8S"]
    assert [u.raw[:2] for u in sc.unread] == ["♠Х"]


@pytest.mark.parametrize("text, ranks", [
    ("строят на них по мастям Т-2-3-…-К.", (1, 2, 3, 13)),
    ("A-2-3-...-K", (1, 2, 3, 13)),
    ("сверху вниз: К-Д-В-10-…-Т", (13, 12, 11, 10, 1)),
    ("6-7-8-9-T-J-Q-K-A", (6, 7, 8, 9, 10, 11, 12, 13, 1)),
    ("собираются от туза до короля", (1, 13)),
    ("збирають від двійки до короля", (2, 13)),
    ("от дамы до туза", (12, 1)),
])
def test_rank_rows_and_ranges_are_read_not_dropped(text, ranks):
    lang = "uk" if "від" in text else "ru"
    sc = scan(text, "symbol", lang)
    assert [r.ranks for r in sc.ranges] == [ranks]
    assert sc.tokens == [] and sc.unread == []


def test_no_rank_row_in_plain_numbers():
    assert find_rank_rows("с 10 до 12 карт, 5-6-11") == []


@pytest.mark.parametrize("text, lang, cards", [
    ("дами чирв", "uk", ["QH"]),
    ("червову даму на короля пік", "uk", ["QH", "KS"]),
    ("туза пікового", "uk", ["AS"]),
    ("дама пиковая", "ru", ["QS"]),
    ("на короля червовую даму", "ru", ["K", "QH"]),
    # TESTER6: a particle between rank and suit lost the suit («Пятерку же пикъ …» → «5»)
    ("Пятерку же пик на шестерку червей класть нельзя", "ru", ["5S", "6H"]),
    ("А п'ятірку ж пік на шістку чирв", "uk", ["5S", "6H"]),
    ("тройку же карт", "ru", ["3"]),
])
def test_word_cards_in_all_cases_and_orders(text, lang, cards):
    assert [str(t.card) for t in find_word_cards(text, lang)] == cards


def test_letter_codes_in_a_symbol_text_are_read_in_moves_only():
    """A writer of suit symbols who falls back on the suit-letter shorthand: «ПВ на ЧД» is the jack of spades onto
    the queen of hearts; a code standing in no move is reported once the text used one in a move, never read;
    a text that never moves a code («Играю на ПК») reads and reports none."""
    from pasyans.extract.notation import scan

    sc = scan("Кладём 7♠ на 8♥, потом ПВ на ЧД, а БА — в дом. ТВ выключен.", "symbol", "ru")
    assert [(t.raw, t.card.format(), t.notation) for t in sc.tokens] == [
        ("7♠", "7S", "symbol"), ("8♥", "8H", "symbol"), ("ПВ", "JS", "letter"), ("ЧД", "QH", "letter"),
        ("БА", "AD", "letter")]
    assert [u.raw for u in sc.unread] == ["ТВ"]
    plain = scan("Играю на ПК, ТВ выключен. Кладём 7♠ на 8♥.", "symbol", "ru")
    assert [t.raw for t in plain.tokens] == ["7♠", "8♥"] and plain.unread == []
