"""Card tokens in the texts, read into :class:`pasyans.cards.Card` values.

Three notations occur (the caller says which one is in force for a source or passage):

* ``"symbol"`` (book 004): suit symbol and rank, «♠Д», «♥10», «♣Т», «♥А», «♥ Туз», «Д♥».
  Cyrillic «Т» after a suit symbol is the ace (туз), as the book's own examples use it
  («♠Т туз выносится в базовый ряд»).
* ``"letter"`` (000 Ukrainian, 003 Russian): suit letter first — П spades, Ч hearts, Б diamonds,
  Т clubs (трефы) — then the rank А 2..10 В Д К: «ПА», «Ч10», «ТВ». In 000 a last digit is the
  row («Б53» = Б5 of row 3); in 003 a move target omits the suit («Б8-7») and a lone «Т» there is
  the ace («Т2-Т»).
* ``"words"`` (all sources): «даму червей», «бубнового туза», «семерки червей и треф»,
  Ukrainian «бубнову п'ятірку», read through pymorphy3 lemmas (:func:`find_word_cards`).

Shorthand is cut out of the text before any tokenizing: a candidate scanner (regular expressions
over the notation's alphabet, word-bounded) finds card-shaped spans and the LALR grammar
``grammar/cards.lark`` decides what each span is. A span the grammar rejects is returned as an
:class:`Unread` item so the caller can record a finding; nothing is dropped silently.

Every :class:`CardToken` records the notation used and, for every reading that was a choice
(Cyrillic «Т», OCR look-alikes «4»→Ч, «З»→3, «б»→6, Latin T/B/K/A/O), a ``reading_note``.
:class:`NotationError` (a ``ValueError``) is the only exception the parsers here raise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError

from pasyans import morph
from pasyans.cards import Card, CardError

from .rank_words import _RANK_LEMMAS, _lemmas, _word_rank  # noqa: F401  (cards in words: rank nouns)

NOTATIONS = ("symbol", "letter", "words")
"""Notations a caller may put in force; ``"words"`` means no shorthand, only word-form cards."""

GRAMMAR_PATH = Path(__file__).resolve().parent.parent / "grammar" / "cards.lark"


class NotationError(ValueError):
    """A string is not a card (or formal move) in the notation asked for."""


@dataclass(frozen=True)
class CardToken:
    """One card named in a text.

    ``start``/``end``: character offsets ``[start, end)`` in the text searched; ``raw`` the text
    there; ``notation``: ``"symbol"``, ``"letter"`` or ``"words"``; ``reading_note``: why an
    ambiguous or damaged spelling was read this way (``None`` for a plain canonical token);
    ``row``: the row digit of the 000 shorthand («Б53» → 3), else ``None``; ``count``: 2 for
    «обе семерки» (both sevens: one token, two cards).
    """

    start: int
    end: int
    raw: str
    card: Card
    notation: str
    reading_note: str | None = None
    row: int | None = None
    count: int = 1
    colour: str | None = None
    """``"red"`` / ``"black"`` for a card named by rank and colour only («красную девятку», «чорну
    десятку»: ``card`` is the rank alone), else ``None``."""


@dataclass(frozen=True)
class FormalMove:
    """A move written in the letter shorthand, as the grammar read it.

    ``form``: ``"000"`` (row-indexed «Б53 - Б47», «ПА6 - 6-й ряд») or ``"003"`` («Б8-7»,
    «ТД - "подвал"», «Т6 - свободный главный ряд»). ``target`` is the card moved onto (for 000:
    the card left of the window; for 003 the rank-only target with the mover's suit), or ``None``
    when the destination is a place: ``place`` is then ``"row:N"``, ``"cell"``, ``"space"``, or
    ``None`` for a quoted place the grammar does not know, with ``place_raw`` as printed.
    """

    start: int
    end: int
    raw: str
    form: str
    card: CardToken
    target: CardToken | None
    from_row: int | None = None
    to_row: int | None = None
    place: str | None = None
    place_raw: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Unread:
    """A card-shaped span that no reading accepts («ЧВК», «♠Х», «БС»): ``[start, end)``, raw, why."""

    start: int
    end: int
    raw: str
    reason: str


@dataclass(frozen=True)
class RankRow:
    """A row or range of ranks, not cards: «Т-2-3-…-К» (``kind="row"``), «от туза до короля»,
    «від двійки до короля» (``kind="range"``). ``ranks``: the ranks printed, in order (an
    ellipsis «…» stands for the ranks between its neighbours and is left out); ``first``/``last``
    the ends as printed (1 = ace, 11–13 = jack–king); ``note`` how an ambiguous letter was read."""

    start: int
    end: int
    raw: str
    kind: str
    ranks: tuple[int, ...]
    note: str | None = None

    @property
    def first(self) -> int:
        return self.ranks[0]

    @property
    def last(self) -> int:
        return self.ranks[-1]


@dataclass
class Scan:
    """Everything :func:`scan` found in a text, each list in text order."""

    tokens: list[CardToken] = field(default_factory=list)
    moves: list[FormalMove] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
    ranges: list[RankRow] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# the grammar and its reading
# ---------------------------------------------------------------------------------------------

_SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♣": "C", "♧": "C", "♥": "H", "♡": "H", "♦": "D", "♢": "D"}
_SUIT_LETTERS = {"П": "S", "Ч": "H", "Б": "D"}
_FACES = {"В": 11, "Д": 12, "К": 13}
_LATIN = {"B": (11, "Latin «B» read as Cyrillic «В» (jack)"),
          "K": (13, "Latin «K» read as Cyrillic «К» (king)"),
          "A": (1, "Latin «A» read as Cyrillic «А» (ace)"),
          "Q": (12, None), "J": (11, None)}
LATIN_T = ("ten", "ace")
"""Readings of a Latin «T» after a suit symbol: ``"ten"`` (fc-solve, PySolFC: ``TS``) or ``"ace"``
(a look-alike of the Cyrillic «Т» = туз of the book 004). See :func:`latin_t_usage`."""
_RANK_WORDS = {"туз": 1, "король": 13, "дама": 12, "валет": 11}


@lru_cache(maxsize=1)
def grammar() -> Lark:
    """The LALR parser of ``grammar/cards.lark`` (built once; start rules ``sym_token``,
    ``let_token``, ``cells``, ``move000``, ``move003``)."""
    return Lark(
        GRAMMAR_PATH.read_text("utf-8"),
        parser="lalr",
        lexer="contextual",
        start=["sym_token", "let_token", "cells", "move000", "move003"],
        propagate_positions=True,
    )


@dataclass
class _Piece:
    """A card read by the transformer, offsets relative to the parsed string."""

    card: Card
    start: int
    end: int
    notes: list[str]
    row: int | None = None


def _ten_note(tok: Token) -> str | None:
    if tok.value == "10":
        return None
    return f"«{tok.value}» read as 10 (letter O for the digit 0)"


class _Reader(Transformer):
    """Turns parse trees of ``cards.lark`` into :class:`_Piece` values and move records.

    The readings of ambiguous terminals are fixed by the rule they appear in (i.e. by the
    notation in force): ``CYR_T`` is the ace in ``sym_rank`` and ``rank_only`` (003 targets) and
    clubs in ``let_suit``.
    """

    def __init__(self, latin_t: tuple[str, str] = ("ten", "")) -> None:
        super().__init__()
        self.latin_t = latin_t  # (reading, why) of a Latin «T» after a suit symbol

    # -- ranks and suits -----------------------------------------------------------------
    def _rank(self, tok: Token, t_reading: str) -> tuple[int, str | None]:
        kind, v = tok.type, tok.value
        if kind == "TEN":
            return 10, _ten_note(tok)
        if kind == "DIGIT":
            return int(v), None
        if kind == "FACE":
            return _FACES[v], None
        if kind == "CYR_A":
            return 1, None
        if kind == "CYR_T":
            return 1, t_reading
        if kind == "LAT_T":
            return 1, "Latin «T» read as Cyrillic «Т»; " + t_reading
        if kind == "LAT_RANK":
            return _LATIN[v]
        if kind == "OCR_DIGIT":
            return (3, "OCR: Cyrillic «З» read as the digit 3") if v == "З" else (6, "OCR: «б» read as the digit 6")
        if kind == "RANK_WORD":
            return _RANK_WORDS[v.lower()], None
        raise NotationError(f"not a rank: {v!r}")  # pragma: no cover - the grammar admits no other

    def sym_rank(self, children):
        tok = children[0]
        if tok.type == "LAT_T":
            reading, why = self.latin_t
            if reading == "ten":
                return 10, "Latin «T» after a suit symbol read as ten (fc-solve, PySolFC)" + (f": {why}" if why else "")
            return 1, "Latin «T» read as Cyrillic «Т» = туз (ace), the book's convention" + (f": {why}" if why else "")
        if tok.type == "LAT_RANK" and tok.value in "AKQJ" and self.latin_t[1].startswith("the text writes Latin"):
            return _LATIN[tok.value][0], None  # a text that writes Latin ranks: canonical
        return self._rank(tok, "«Т» after a suit symbol read as туз (ace), the book's convention")

    def let_rank(self, children):
        return self._rank(children[0], "")

    def rank_only(self, children):
        return self._rank(children[0], "«Т» alone as a 003 move target read as туз (ace)")

    def let_suit(self, children):
        tok = children[0]
        if tok.type == "SUIT_LET":
            return _SUIT_LETTERS[tok.value], None
        if tok.type == "CYR_T":
            return "C", "«Т» as the suit letter read as трефы (clubs), letter shorthand"
        if tok.type == "LAT_T":
            return "C", "Latin «T» read as Cyrillic «Т» = трефы (clubs), letter shorthand"
        return "H", "OCR: «4» read as «Ч» (черви) before a rank"

    # -- cards ---------------------------------------------------------------------------
    @v_args(meta=True)
    def sym_suit_first(self, meta, children):
        suit_tok, (rank, note) = children[0], children[-1]
        notes = [n for n in (note,) if n]
        if suit_tok.value not in "♠♣♥♦":
            notes.append(f"outline suit symbol «{suit_tok.value}»")
        return _Piece(Card(rank, _SUIT_SYMBOLS[suit_tok.value]), meta.start_pos, meta.end_pos, notes)

    @v_args(meta=True)
    def sym_rank_first(self, meta, children):
        (rank, note), suit_tok = children[0], children[-1]
        notes = [n for n in (note,) if n] + ["rank written before the suit symbol"]
        return _Piece(Card(rank, _SUIT_SYMBOLS[suit_tok.value]), meta.start_pos, meta.end_pos, notes)

    @v_args(meta=True)
    def let_card(self, meta, children):
        (suit, snote), (rank, rnote) = children
        notes = [n for n in (snote, rnote) if n]
        return _Piece(Card(rank, suit), meta.start_pos, meta.end_pos, notes)

    def let_token(self, children):
        piece = children[0]
        if len(children) > 1:
            piece.row = int(children[1].value)
            piece.end = children[1].end_pos
            piece.notes.append(f"last digit read as the row number {piece.row} (000 row shorthand)")
        return piece

    def cells(self, children):
        return list(children)

    # -- moves ---------------------------------------------------------------------------
    def onto_card_in_row(self, children):
        piece, row = children
        piece.row = int(row.value)
        piece.end = row.end_pos
        return ("card", piece)

    def row_start(self, children):
        tok = children[0]
        return ("row", int(tok.value[0]), tok.value)

    def move000(self, children):
        piece, row, target = children
        piece.row = int(row.value)
        piece.end = row.end_pos
        return ("000", piece, target)

    @v_args(meta=True)
    def onto_rank(self, meta, children):
        return ("rank", children[0], (meta.start_pos, meta.end_pos))

    def quoted_place(self, children):
        return ("quoted", children[0].value, children[0])

    def free_row(self, children):
        return ("free_row", children[0].value, children[0])

    def move003(self, children):
        return ("003", children[0], children[1])


def _parse_tree(text: str, start: str):
    try:
        return grammar().parse(text, start=start)
    except LarkError as e:
        raise NotationError(f"{text!r} is not a {start} ({type(e).__name__})") from None


def _read(tree, latin_t: tuple[str, str] = ("ten", "")) -> object:
    try:
        return _Reader(latin_t).transform(tree)
    except CardError as e:  # pragma: no cover - the grammar admits only valid ranks and suits
        raise NotationError(str(e)) from None
    except LarkError as e:
        inner = getattr(e, "orig_exc", e)
        if isinstance(inner, NotationError):
            raise inner from None
        raise NotationError(str(e)) from None


def _note(notes: list[str]) -> str | None:
    return "; ".join(notes) if notes else None


def parse_card(token: str, notation: str) -> Card:
    """One card token in ``notation`` (``"symbol"`` or ``"letter"``) → :class:`Card`.

    ``parse_card("♠Д", "symbol") == Card(12, "S")``; ``parse_card("♣Т", "symbol")`` is the ace of
    clubs (004 convention); ``parse_card("♦Q", "symbol")`` the queen of diamonds and
    ``parse_card("♠T", "symbol")`` the ten of spades (Latin T, as fc-solve writes it; :func:`scan`
    decides it by the text's usage); ``parse_card("ТВ", "letter")`` the jack of clubs. A row digit («Б53»)
    is not part of a card: use :func:`scan`. Raises :class:`NotationError` for anything else,
    including an unknown notation.
    """
    if not isinstance(token, str):
        raise NotationError(f"not a string: {token!r}")
    t = token.strip()
    if notation == "symbol":
        return _read(_parse_tree(t, "sym_token")).card
    if notation == "letter":
        pieces = _read(_parse_tree(t, "cells"))
        if len(pieces) != 1:
            raise NotationError(f"{token!r} holds {len(pieces)} cards, not one")
        return pieces[0].card
    if notation == "words":
        found = find_word_cards(t, "ru") or find_word_cards(t, "uk")
        if len(found) == 1 and found[0].start == 0 and found[0].end == len(t):
            return found[0].card
        raise NotationError(f"{token!r} is not one card in words")
    raise NotationError(f"unknown notation {notation!r}")


def parse_cells(token: str) -> list[tuple[Card, int, int, str | None]]:
    """A printed 000 layout cell → its cards: ``[(card, start, end, reading_note), …]``.

    Glued cells give several cards («ЧДЧ10» → ЧД, Ч10). Raises :class:`NotationError` when the
    grammar does not accept the whole cell («БС»).
    """
    return [(p.card, p.start, p.end, _note(p.notes)) for p in _read(_parse_tree(token, "cells"))]


_SYM_RANK = {1: "Т", 11: "В", 12: "Д", 13: "К"}
_LET_RANK = {1: "А", 11: "В", 12: "Д", 13: "К"}
_SYM_OF = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}
_LET_OF = {"S": "П", "C": "Т", "H": "Ч", "D": "Б"}


def format_card(card: Card, notation: str) -> str:
    """``card`` written in ``notation``: ``"symbol"`` «♠Д» / «♣Т» (ace as Т, the book's usual
    form), ``"letter"`` «ПА» / «Ч10», or ``"standard"`` «QS». A rank-only card gives the rank
    alone («Д»). ``format_card(parse_card(x, n), n) == x`` for canonical tokens. Raises
    :class:`NotationError` for a joker or an unknown notation.
    """
    if card.joker:
        raise NotationError("a joker has no symbol or letter form")
    if notation == "standard":
        return card.format()
    if notation == "symbol":
        rank = _SYM_RANK.get(card.rank, str(card.rank))
        return (_SYM_OF[card.suit] if card.suit else "") + rank
    if notation == "letter":
        rank = _LET_RANK.get(card.rank, str(card.rank))
        return (_LET_OF[card.suit] if card.suit else "") + rank
    raise NotationError(f"unknown notation {notation!r}")


# ---------------------------------------------------------------------------------------------
# the candidate scanner
# ---------------------------------------------------------------------------------------------

_B = r"(?<![\w'’])"
_E = r"(?![\w'’])"
_SUIT_SYM_RE = "[♠♣♥♦♤♧♡♢]"
_SUIT_ANY_RE = re.compile(_SUIT_SYM_RE)
_SYM_RANK_RE = r"(?:10|1[OО]|[2-9]|[Тт]уз|[Кк]ороль|[Дд]ама|[Вв]алет|[ВДКАТ]|[TBKAQJ])"
_SYM_RE = re.compile(
    rf"(?P<sf>{_SUIT_SYM_RE} ?{_SYM_RANK_RE})"
    rf"|(?P<rf>{_B}(?:10|[2-9]|[ВДКАТ]|[AKQJT]){_SUIT_SYM_RE}(?! ?(?:10|[2-9]|[ВДКАТAKQJTB])(?![\w'’])))"
)
_SYM_RANK_FIRST_RE = re.compile(
    rf"(?P<rf>{_B}(?:10|[2-9]|[ВДКАТ]|[AKQJT]){_SUIT_SYM_RE})|(?P<sf>{_SUIT_SYM_RE}{_SYM_RANK_RE})"
)
"""The symbol tokens of a text that writes the rank before the suit («9♣ 8♣ 7♣»): there «♣ 8» is
no card (the 8 is the rank of the next one)."""
_RANK_FIRST_RE = re.compile(rf"{_B}(?:10|[2-9]|[ВДКАТ]|[AKQJT]){_SUIT_SYM_RE}")
_SUIT_FIRST_RE = re.compile(rf"{_SUIT_SYM_RE}{_SYM_RANK_RE}")
_LATIN_NEAR_RE = re.compile(rf"{_SUIT_SYM_RE} ?[QJ](?![\w'’])|{_B}[QJ]{_SUIT_SYM_RE}")
_CYRILLIC_NEAR_RE = re.compile(rf"{_SUIT_SYM_RE} ?[ДВ](?![\w'’])|{_SUIT_SYM_RE} ?10|{_B}(?:[ДВ]|10){_SUIT_SYM_RE}")
_LC = r"[ПЧБТT](?:10|1[OО]|[2-9]|[АВДКЗбABK])"
_LC4 = r"[ПЧБТT4](?:10|1[OО]|[2-9]|[АВДКЗбABK])"
_ROW_START = r"[1-8]\s*-?\s*(?:й|ий|го|му|м)?\s+ряд[а-яіїє]*"
_LET_RE = re.compile(
    rf"(?P<m000>{_B}{_LC}[1-8]\s*[-–—]\s*(?:{_LC}[1-8]|{_ROW_START}){_E})"
    rf"|(?P<m003>{_B}{_LC4}\s*[-–—]\s*(?:(?:10|[2-9]|[ВДКТЗбTBK]){_E}"
    r"|\"[^\"\n]{1,40}\"|«[^»\n]{1,40}»|свободн[а-я]*\s+главн[а-я]*\s+ряд[а-я]*))"
    rf"|(?P<bare>{_B}{_LC}[1-8]?{_E})"
)
_LET_LIKE_RE = re.compile(rf"{_B}[ПЧБТT4][A-ZА-ЯЁІЇЄ0-9]{{1,4}}{_E}")
"""Upper-case, suit-letter-first words («ЧВК», «БС»): reported when no reading takes them."""

_PLACES = {"подвал": ("cell", "«подвал» (cellar) holds one card: read as a cell"),
           "резерв": ("reserve", None), "сброс": ("waste", None), "отбой": ("waste", None)}


def _token(piece: _Piece, offset: int, text: str, notation: str) -> CardToken:
    s, e = offset + piece.start, offset + piece.end
    return CardToken(s, e, text[s:e], piece.card, notation, _note(piece.notes), piece.row)


def latin_t_usage(text: str) -> tuple[str, str]:
    """How a Latin «T» after a suit symbol reads in ``text``, by the text's own usage, and why:
    ``("ten", …)`` when it writes Latin queens and jacks (♦Q, J♣: the fc-solve/PySolFC ranks, where
    T is ten) and not Cyrillic ones; ``("ace", …)`` when it writes Cyrillic ranks (♦Д, ♠В) or «10»
    with the symbols, and no Latin Q/J (the T is then a look-alike of the book's «Т» = туз);
    ``("ten", "no other rank tells; …")`` when neither shows."""
    lat, cyr = len(_LATIN_NEAR_RE.findall(text)), len(_CYRILLIC_NEAR_RE.findall(text))
    if lat and lat >= cyr:
        return "ten", f"the text writes Latin ranks Q/J with the suit symbols ({lat}×)"
    if cyr:
        return "ace", f"the text writes Cyrillic ranks Д/В or 10 with the suit symbols ({cyr}×) and no Latin Q/J"
    return "ten", "no other rank tells; read as fc-solve and PySolFC write it"


@lru_cache(maxsize=50_000)
def _symbol_piece(raw: str, policy: tuple[str, str]) -> _Piece:
    """The card of one suit-symbol token («♦В», «10♠») read by the grammar with the Latin-T
    ``policy``, cached per (token, policy): a build meets the same few hundred tokens thousands of
    times (moves, full-text passages). Raises :class:`NotationError` (not cached). Read it only."""
    return _read(_parse_tree(raw, "sym_token"), policy)


def _scan_symbol(text: str, out: Scan, latin_t: str | None = None) -> None:
    covered: set[int] = set()
    policy = (latin_t, "as the manifest says") if latin_t in LATIN_T else latin_t_usage(text)
    # by the text's own usage: rank first («5♠ на 6♥») more often than suit first with no space
    rank_first = len(_RANK_FIRST_RE.findall(text)) > len(_SUIT_FIRST_RE.findall(text))
    for m in (_SYM_RANK_FIRST_RE if rank_first else _SYM_RE).finditer(text):
        s, e = m.span()
        try:
            piece = _symbol_piece(m.group(), policy)
        except NotationError as err:
            out.unread.append(Unread(s, e, m.group(), str(err)))
            continue
        tok = _token(piece, s, text, "symbol")
        # «♠Т туз»: a redundant rank word after the token names the same rank again
        tail = re.match(r" ([А-Яа-яЁё]+)", text[e:])
        if tail and _word_rank(tail.group(1), "ru") == tok.card.rank and re.match(r"[ТтВвДдКк]", tail.group(1)):
            e2 = e + tail.end()
            tok = replace(tok, end=e2, raw=text[s:e2],
                          reading_note=_note([n for n in (tok.reading_note,) if n]
                                             + [f"redundant word «{tail.group(1)}» after the token names the same rank"]))
        if m.group("sf") and re.match(r"[А-Яа-яЁё]", text[e:e + 1]) and len(m.group()) <= 3:
            tok = replace(tok, reading_note=_note([n for n in (tok.reading_note,) if n]
                                                  + ["text glued after the token (lost space)"]))
        out.tokens.append(tok)
        covered.update(range(tok.start, tok.end))
    for m in re.finditer(_SUIT_SYM_RE, text):
        if m.start() not in covered:
            out.unread.append(Unread(m.start(), m.end() + min(2, len(text) - m.end()),
                                     text[m.start():m.end() + 2], "suit symbol without a readable rank"))


_STD_RE = re.compile(r"(?<![\w'’\-])(10|[2-9TJQKA])([SHDC])(?![\w'’])")
_LATIN_WORD_RE = re.compile(r"[A-Za-z]{2,}")


def _scan_standard(text: str, out: Scan) -> None:
    """Cards in the standard notation of PySolFC and fc-solve inside Cyrillic text («Переместите QH на
    KS», «10S»): a translated manual's own notation. A token beside a Latin word («AS IS», «KC and»)
    is English text, not a card."""
    taken = [(t.start, t.end) for t in out.tokens]
    for m in _STD_RE.finditer(text):
        s, e = m.span()
        if any(a < e and s < b for a, b in taken):
            continue
        near = re.findall(r"[^\s,.;:()]+", text[max(0, s - 24):s])[-1:] + re.findall(r"[^\s,.;:()]+", text[e:e + 24])[:1]
        if any(_LATIN_WORD_RE.fullmatch(w) and not _STD_RE.fullmatch(w) for w in near):
            continue
        rank = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}.get(m.group(1)) or int(m.group(1))
        out.tokens.append(CardToken(s, e, m.group(), Card(rank, m.group(2)), "standard",
                                    "standard notation (rank and suit letter, as PySolFC and fc-solve write it)"))


def _scan_letter(text: str, out: Scan) -> None:
    covered: set[int] = set()
    for m in _LET_RE.finditer(text):
        s, e = m.span()
        raw = m.group()
        try:
            if m.group("m000"):
                kind, piece, target = _read(_parse_tree(raw, "move000"))
                card = _token(piece, s, text, "letter")
                if target[0] == "card":
                    tgt = _token(target[1], s, text, "letter")
                    out.moves.append(FormalMove(s, e, raw, "000", card, tgt, piece.row, tgt.row,
                                                note=f"into the window right of {raw_card(tgt)} in row {tgt.row}"))
                else:
                    _, row, row_raw = target
                    out.moves.append(FormalMove(s, e, raw, "000", card, None, piece.row, row, f"row:{row}", row_raw,
                                                note=f"to the start of row {row} (ace column)"))
                out.tokens.extend(t for t in (card, out.moves[-1].target) if t)
            elif m.group("m003"):
                _, piece, target = _read(_parse_tree(raw, "move003"))
                card = _token(piece, s, text, "letter")
                kind = target[0]
                if kind == "rank":
                    (rank, rnote), (ts, te) = target[1], target[2]
                    ts, te = s + ts, s + te
                    notes = [n for n in (rnote,) if n] + [
                        f"suit omitted in the target: that of the moved card «{card.raw}» ({piece.card.suit}), 003 convention"]
                    tgt = CardToken(ts, te, text[ts:te], Card(rank, piece.card.suit), "letter", _note(notes))
                    out.moves.append(FormalMove(s, e, raw, "003", card, tgt))
                    out.tokens.extend((card, tgt))
                else:
                    value = target[1]
                    if kind == "free_row":
                        place, note = "space", "«свободный главный ряд»: an empty main row, a tableau space"
                    else:
                        word = value.strip("\"«»„“").strip().lower()
                        lemma = morph.lemma(word, "ru") if re.fullmatch(f"[{LETTERS}]+", word) else word
                        place, note = _PLACES.get(lemma, (None, f"unknown place {value}"))
                    out.moves.append(FormalMove(s, e, raw, "003", card, None, place=place, place_raw=value, note=note))
                    out.tokens.append(card)
            else:
                piece = _read(_parse_tree(raw, "let_token"))
                out.tokens.append(_token(piece, s, text, "letter"))
        except NotationError as err:
            out.unread.append(Unread(s, e, raw, str(err)))
            continue
        covered.update(range(s, e))
    for m in _LET_LIKE_RE.finditer(text):
        if m.group().isdigit() or any(i in covered for i in range(*m.span())):
            continue
        out.unread.append(Unread(m.start(), m.end(), m.group(), "upper-case token shaped like a card shorthand, not a card"))


_LET_CODE = r"[ПЧБТ](?:10|[2-9]|[АВДК])"
_LET_IN_TEXT_RE = re.compile(rf"{_B}{_LET_CODE}{_E}")
_LET_FRAME_AFTER_RE = re.compile(
    r"\s*(?:на|—|–|-|→|>)\s*(?:[♠♣♥♦]|(?:10|[2-9]|[ВДКАТ]|[AKQJT])[♠♣♥♦]|" + _LET_CODE + r"(?![\w'’]))"
    r"|\s*(?:(?:—|–|-|→|>)\s*)?(?:в|у|на)\s+(?:дом|базу|основание|ячейку|пуст|свободн|резерв|отбой)")
"""What follows a suit-letter code in a move: «— ЧД», «на 10♥», «в дом», «— в пустую»."""
_LET_FRAME_BEFORE_RE = re.compile(r"(?:(?:[♠♣♥♦]\ufe0f?(?:10|[2-9]|[ВДКАТ]|[AKQJT])|(?:10|[2-9]|[ВДКАТ]|[AKQJT])[♠♣♥♦])"
                                  r"|" + _LET_CODE + r")\s*(?:на|—|–|-|→|>)\s*$")


def _scan_letter_moves(text: str, out: Scan) -> None:
    """Suit-letter codes («ПВ», «Ч10», «БД») in a text that otherwise writes suit symbols or words, read where they
    stand in a move: «ПВ на ЧД», «9♣ — Ч10», «БТ в дом» — a writer falling back on the book's shorthand. Elsewhere
    such a code is reported (an ``unread`` token) once the text has used the shorthand in a move, never read: alone,
    «ПК», «ТВ» are as likely abbreviations."""
    taken = [(t.start, t.end) for t in out.tokens]
    found, others = [], []
    for m in _LET_IN_TEXT_RE.finditer(text):
        s, e = m.span()
        if any(a < e and s < b for a, b in taken):
            continue
        framed = _LET_FRAME_AFTER_RE.match(text, e) or _LET_FRAME_BEFORE_RE.search(text[max(0, s - 12):s])
        (found if framed else others).append(m)
    for m in found:
        try:
            piece = _read(_parse_tree(m.group(), "let_token"))
        except NotationError as err:
            out.unread.append(Unread(m.start(), m.end(), m.group(), str(err)))
            continue
        tok = _token(piece, m.start(), text, "letter")
        out.tokens.append(replace(tok, reading_note=_note([n for n in (tok.reading_note,) if n] + [
            "a suit-letter code (suit, then rank) in a move of a text that writes symbols or words"])))
    if found:
        for m in others:
            out.unread.append(Unread(m.start(), m.end(), m.group(),
                                     "a suit-letter code outside a move: read only in one («ПВ на ЧД»)"))


def raw_card(tok: CardToken) -> str:
    """The token as printed, without a 000 row digit («Б47» → «Б4»)."""
    return tok.raw[:-1] if tok.row is not None and tok.raw[-1:].isdigit() else tok.raw


def scan(text: str, notation: str, lang: str = "ru", words: bool = True, latin_t: str | None = None) -> Scan:
    """Every card token, formal move, rank row and unread card-shaped span of ``text`` (the last
    64 answers are remembered; each call gets its own lists of the same frozen tokens).

    ``notation`` (``"symbol"``, ``"letter"`` or ``"words"``) picks the shorthand grammar; suit
    symbols are read in every notation (a symbol is never anything but a card). ``latin_t``
    (``"ten"``/``"ace"``) fixes a Latin «T» after a suit symbol; ``None`` decides it by the
    text's usage (:func:`latin_t_usage`), the reading note says which. Word-form cards
    (:func:`find_word_cards` in ``lang``) are added when ``words`` is true, except where they
    overlap shorthand; rank rows and ranges («Т-2-3-…-К», «от туза до короля»,
    :func:`find_rank_rows`) go to ``ranges`` and their ranks are no cards. Offsets are character
    offsets in ``text``. Raises :class:`NotationError` for an unknown notation; never for the
    text itself.
    """
    if notation not in NOTATIONS:
        raise NotationError(f"unknown notation {notation!r}")
    if not isinstance(text, str):
        raise NotationError(f"not a string: {text!r}")
    done = _scan(text, notation, lang, words, latin_t)
    return Scan(list(done.tokens), list(done.moves), list(done.unread), list(done.ranges))


@lru_cache(maxsize=64)
def _scan(text: str, notation: str, lang: str, words: bool, latin_t: str | None) -> Scan:
    """:func:`scan`'s work, remembered for its last 64 argument tuples (a build scans one text from several
    stages: examples, card names, full-text passages); the answer is never handed out itself."""
    out = Scan()
    out.ranges = find_rank_rows(text, lang)
    if notation == "symbol" or _SUIT_ANY_RE.search(text):
        _scan_symbol(text, out, latin_t)
    if notation == "letter":
        _scan_letter(text, out)
    else:
        _scan_standard(text, out)
        _scan_letter_moves(text, out)
    row_spans = [(r.start, r.end) for r in out.ranges]
    if words:
        taken = [(t.start, t.end) for t in out.tokens] + [(m.start, m.end) for m in out.moves] + row_spans
        for w in find_word_cards(text, lang):
            if not any(w.start < e and s < w.end for s, e in taken):
                out.tokens.append(w)
    if row_spans:
        inside = lambda a, b: any(s <= a and b <= e for s, e in row_spans)  # noqa: E731
        out.tokens = [t for t in out.tokens if not inside(t.start, t.end)]
        out.unread = [u for u in out.unread if not inside(u.start, u.end)]
    out.tokens.sort(key=lambda t: (t.start, t.end))
    out.moves.sort(key=lambda m: m.start)
    out.unread.sort(key=lambda u: u.start)
    return out


def find_cards(text: str, notation: str, lang: str = "ru", words: bool = True) -> list[CardToken]:
    """Every card token in ``text`` with its offsets, in text order (see :func:`scan`).

    ``find_cards("♦В—♠Д.", "symbol")`` gives ♦В at 0–2 and ♠Д at 3–5. Card-shaped spans that no
    reading accepts are not returned here (see :func:`scan`'s ``unread``). Raises
    :class:`NotationError` only for an unknown notation.
    """
    return scan(text, notation, lang, words).tokens


# ---------------------------------------------------------------------------------------------
# cards in words
# ---------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _card_words() -> dict:
    """``card_words.json``: suit and colour words by language and part of speech (see its ``about``)."""
    import json
    from importlib import resources

    return json.loads(resources.files("pasyans").joinpath("data/card_words.json").read_text("utf-8"))


def _suit_table(part: str) -> dict[str, dict[str, str | None]]:
    """``{lang: {word: suit}}`` of one part of speech (``"adj"``, ``"noun"``); colour words map to
    ``None`` (no suit: «червоний» is not «червовий»)."""
    data = _card_words()
    out: dict[str, dict[str, str | None]] = {"ru": {}, "uk": {}}
    for row in data["suits"]:
        if row["part"] == part:
            out[row["lang"]].update({w: row["suit"] for w in row["words"]})
    if part == "adj":
        for row in data["colours"]:
            out[row["lang"]].update({w: None for w in row["words"]})
    return out


def suit_words() -> frozenset[str]:
    """Every suit word of ``card_words.json`` (adjectives and nouns, both languages, as listed there)."""
    return frozenset(w for row in _card_words()["suits"] for w in row["words"])


_SUIT_ADJ = _suit_table("adj")
_SUIT_NOUN = _suit_table("noun")
COLOUR_WORDS: dict[str, dict[str, str]] = {}
"""``{lang: {word: "red" | "black"}}``: the colour adjectives of cards named by rank and colour."""
for _row in _card_words()["colours"]:
    COLOUR_WORDS.setdefault(_row["lang"], {}).update({w: _row["colour"] for w in _row["words"]})
_BOTH = {"обе", "оба", "обидві", "обидва", "две", "два", "дві"}
_LIST_WORDS = {"и", "і", "й", "та", "или", "либо", "або", "чи"}
LETTERS = "A-Za-zА-Яа-яЁёІіЇїЄєҐґ"
"""The letters words are made of here (pymorphy3 fails on letters Unicode has no name for)."""
_WORD_RE = re.compile(rf"[{LETTERS}]+(?:['’ʼ][{LETTERS}]+)*")


def _word_suit(word: str, lang: str, table: dict[str, dict]) -> str | None:
    t = table.get(lang, table["ru"])
    for f in _lemmas(word, lang):
        if t.get(f):
            return t[f]
    return None


def _forms_of(word: str, lang: str) -> set[tuple]:
    """(case, gender or plural) of every pymorphy3 parse of ``word``."""
    return {(p.tag.case, "plur" if p.tag.number == "plur" else p.tag.gender)
            for p in morph.parses(word.lower(), lang) if p.tag.case}


def _agree(noun: str, adj: str, lang: str) -> bool:
    """Whether a rank noun and a suit adjective after it agree in case, gender and number
    («туза пікового»; not «короля червовую»)."""
    return bool(_forms_of(noun, lang) & _forms_of(adj, lang))


@lru_cache(maxsize=100_000)
def _word_kind(w: str, lang: str) -> tuple[str, object]:
    """What one word is to :func:`find_word_cards`: ``("rank", n)``, ``("adj", suit)``,
    ``("noun", suit)`` or ``("other", lower-case word)`` (cached per word form)."""
    r = _word_rank(w, lang) if len(w) > 2 else None
    a = _word_suit(w, lang, _SUIT_ADJ) if r is None and len(w) > 4 else None
    n = _word_suit(w, lang, _SUIT_NOUN) if r is None and a is None and len(w) > 2 else None
    return ("rank", r) if r else ("adj", a) if a else ("noun", n) if n else ("other", w.lower())


_PARTICLES = frozenset({"же", "ж", "то"})
"""Particles that may stand between a rank word and its suit noun («пятерку же пик», uk «п'ятірку ж пік»)."""


def find_word_cards(text: str, lang: str = "ru") -> list[CardToken]:
    """Cards named in words, with offsets: «даму червей» (QH), «бубнового туза» (AD),
    «семерки червей и треф» (7H, 7C), «трефовый, червовый, пиковый тузы» (AC, AH, AS),
    «семерку и восьмерку бубен» (7D, 8D), «обе семерки» (two rank-only sevens, ``count=2``),
    «на десятку» (rank only: ``Card(10, None)``), Ukrainian «бубнову п'ятірку» (5D).

    Words are matched by pymorphy3 lemmas (every parse), so every case and number form counts;
    a suit adjective or a genitive suit noun distributes over a list of ranks joined by commas
    or «и/і/та», and the reading note says so. Not taken as cards: a rank noun followed by
    «карт» («тройка карт» = three cards) and «тузов» after «ряд» (the ace row = foundations).
    ``lang`` is ``"ru"`` or ``"uk"``; raises :class:`NotationError` for another language.
    """
    if lang not in _RANK_LEMMAS:
        raise NotationError(f"no word-form cards for language {lang!r}")
    words = [(m.start(), m.end(), m.group()) for m in _WORD_RE.finditer(text)]
    kinds = [_word_kind(w, lang) for _s, _e, w in words]

    def joined(i: int) -> bool:
        """Whether word i and word i+1 are separated only by spaces/commas (a list continues)."""
        return i + 1 < len(words) and re.fullmatch(r"[\s,]*", text[words[i][1]:words[i + 1][0]]) is not None

    def take_list(i: int, kind: str) -> tuple[list[int], int, bool]:
        """Indices of a list of words of ``kind`` starting at i (joined by commas and «и»), the
        next index, and whether a conjunction («и», «или») joined it."""
        got = [i]
        j = i
        conj = False
        while True:
            if joined(j) and kinds[j + 1][0] == kind:
                j += 1
                got.append(j)
            elif (joined(j) and kinds[j + 1][0] == "other" and kinds[j + 1][1] in _LIST_WORDS
                  and joined(j + 1) and kinds[j + 2][0] == kind):
                j += 2
                got.append(j)
                conj = True
            else:
                return got, j + 1, conj

    colours = COLOUR_WORDS.get(lang, {})

    def _colour_before(k: int) -> str | None:
        """The colour of a colour adjective right before rank word k («чорну дев'ятку»), agreeing with it."""
        if k == 0 or not joined(k - 1) or kinds[k - 1][0] != "other":
            return None
        w = words[k - 1][2]
        colour = next((colours[f] for f in _lemmas(w, lang) if f in colours), None)
        return colour if colour is not None and _agree(words[k][2], w, lang) else None

    out: list[CardToken] = []
    i = 0
    while i < len(words):
        kind = kinds[i][0]
        if kind not in ("adj", "rank"):
            i += 1
            continue
        adjs: list[int] = []
        if kind == "adj":
            adjs, i, adj_conj = take_list(i, "adj")
            if i >= len(words) or kinds[i][0] != "rank" or not joined(i - 1):
                continue
        ranks, i, rank_conj = take_list(i, "rank")
        nouns: list[int] = []
        if (not adjs and i + 1 < len(words) and words[i][2].lower() in _PARTICLES and joined(i - 1)
                and kinds[i + 1][0] == "noun" and joined(i)):
            i += 1  # «Пятерку же пик на шестерку червей класть нельзя»: a particle between rank and suit
        if not adjs and i < len(words) and kinds[i][0] == "noun" and joined(i - 1):
            nouns, i, _ = take_list(i, "noun")
        elif (not adjs and len(ranks) == 1 and i < len(words) and kinds[i][0] == "adj"
              and text[words[i - 1][1]:words[i][0]].isspace() and _agree(words[ranks[0]][2], words[i][2], lang)):
            adjs, i = [i], i + 1  # «туза пікового»: the suit adjective after the rank
        if len(ranks) > 1 and (adjs or nouns) and not rank_conj:
            # «на туза, девятки бубен»: a bare comma list does not share the suit word
            keep = ranks[-1:] if nouns else ranks[:1]
            for k in ranks:
                if k not in keep:
                    out.append(CardToken(words[k][0], words[k][1], words[k][2], Card(kinds[k][1], None), "words",
                                         "rank only: the text names no suit"))
            ranks = keep
        if len(adjs) > 1 and len(ranks) == 1 and not adj_conj and "plur" not in morph.parse(words[ranks[0]][2], lang).tag.grammemes:
            adjs = adjs[-1:]
        # exclusions
        nxt = words[i][2].lower() if i < len(words) else ""
        prev = words[ranks[0] - 1][2].lower() if ranks[0] > 0 and not adjs else ""
        if not adjs and not nouns and (nxt in ("карт", "карты", "карти") or (
                kinds[ranks[0]][1] == 1 and morph.lemma(prev, lang) == "ряд")):
            continue
        count = 2 if prev in _BOTH and len(ranks) == 1 else 1
        suits = [kinds[k][1] for k in (adjs or nouns)]
        span_of = lambda k: (words[k][0], words[k][1])  # noqa: E731
        if not suits:
            colour = _colour_before(ranks[0]) if count == 1 else None
            for k in ranks:
                s, e = span_of(k)
                note = "rank only: the text names no suit"
                if count == 2:
                    s = words[ranks[0] - 1][0]
                    note += f"; «{prev}» (both): two cards"
                if colour is not None and k == ranks[0]:
                    s = words[k - 1][0]
                    note = f"rank and colour ({colour}) only: the text names no suit"
                out.append(CardToken(s, e, text[s:e], Card(kinds[k][1], None), "words", note, count=count,
                                     colour=colour if k == ranks[0] else None))
            continue
        suit_words = adjs or nouns
        if len(suit_words) == 1:
            pairs = [(k, suit_words[0]) for k in ranks]
        elif len(ranks) == 1:
            pairs = [(ranks[0], k) for k in suit_words]
        else:
            pairs = list(zip(ranks, suit_words))
        for n, (rk, sk) in enumerate(pairs):
            rank, suit = kinds[rk][1], kinds[sk][1]
            # each card spans its own word; the card next to the shared word spans both
            if len(pairs) == 1:
                own = sorted({rk, sk})
            elif len(ranks) == 1:
                own = sorted({rk, sk}) if n == (len(pairs) - 1 if adjs else 0) else [sk]
            else:
                own = sorted({rk, sk}) if n == (0 if adjs else len(pairs) - 1) else [rk]
            s, e = words[own[0]][0], words[own[-1]][1]
            note = None
            if len(pairs) > 1:
                if len(ranks) == 1:
                    note = f"rank from «{words[rk][2]}» shared by the list of suits"
                elif len(suit_words) == 1:
                    note = f"suit from «{words[sk][2]}» shared by the list of ranks"
                else:
                    note = "ranks and suits paired in order"
            out.append(CardToken(s, e, text[s:e], Card(rank, suit), "words", note))
    out.sort(key=lambda t: (t.start, t.end))
    return out


# ---------------------------------------------------------------------------------------------
# rank rows and ranges
# ---------------------------------------------------------------------------------------------

_ROW_ITEM = r"(?:10|[2-9]|[ТВДКА]|[AKQJT])"
_ROW_SEP = r"\s?[-–—]\s?"
_ROW_RE = re.compile(rf"{_B}{_ROW_ITEM}(?:{_ROW_SEP}(?:…|\.\.\.|{_ROW_ITEM})){{2,}}{_E}")
_ROW_RANK = {"Т": 1, "А": 1, "A": 1, "В": 11, "J": 11, "Д": 12, "Q": 12, "К": 13, "K": 13}
_RANGE_RE = re.compile(rf"{_B}(?:от|с|из|від|з|із|од)\s+(?P<a>[{LETTERS}'’]+)\s+(?:до|по)\s+(?P<b>[{LETTERS}'’]+)")


def _is_sequence(ranks: list[int | None]) -> bool:
    """Whether ``ranks`` (``None`` = an ellipsis) run one way in steps of one, an ellipsis a gap."""
    known = [r for r in ranks if r is not None]
    direction = 1 if known[-1] > known[0] else -1
    for a, b in zip(ranks, ranks[1:]):
        if a is not None and b is not None and b - a != direction:
            return False
    for i, r in enumerate(ranks):
        if r is None and not (0 < i < len(ranks) - 1 and ranks[i - 1] is not None and ranks[i + 1] is not None
                              and (ranks[i + 1] - ranks[i - 1]) * direction > 1):
            return False
    return True


def find_rank_rows(text: str, lang: str = "ru") -> list[RankRow]:
    """Rows and ranges of ranks in ``text``, in text order (see :class:`RankRow`).

    A row is three or more ranks joined by dashes, an ellipsis standing for the ranks between
    («Т-2-3-…-К», «A-2-3-...-K», «К-Д-В-10»); the Cyrillic «Т» is the ace (туз), a Latin «T»
    between 9 and J/В the ten. A range is «от/с/из … до/по …» («від/з … до …») with two rank
    words: «от туза до короля» → (1, 13), «від двійки до короля» → (2, 13). A row must read
    as a sequence (each printed step ±1, an ellipsis a gap in one direction); otherwise it is
    no row («5-6-11» is not one).
    """
    out: list[RankRow] = []
    for m in _ROW_RE.finditer(text):
        items = re.split(_ROW_SEP, m.group())
        ranks, note = [], None
        for k, it in enumerate(items):
            if it in ("…", "..."):
                ranks.append(None)
                continue
            if it == "T":  # Latin T: ten between 9 and a jack, else the Cyrillic «Т» (ace)
                near = {items[j] for j in (k - 1, k + 1) if 0 <= j < len(items)}
                rank = 10 if near & {"9", "J", "В"} else 1
                note = "Latin «T» read as " + ("ten (between 9 and the jack)" if rank == 10 else "«Т» = туз (ace)")
                ranks.append(rank)
                continue
            ranks.append(int(it) if it.isdigit() else _ROW_RANK[it])
        known = [r for r in ranks if r is not None]
        ok = len(known) >= 2 and (_is_sequence(ranks) or _is_sequence([14 if r == 1 else r for r in ranks]))
        if ok and len(known) >= 2:
            out.append(RankRow(m.start(), m.end(), m.group(), "row", tuple(known), note))
    for m in _RANGE_RE.finditer(text):
        other = "uk" if lang == "ru" else "ru"
        a = _word_rank(m.group("a"), lang) or _word_rank(m.group("a"), other)
        b = _word_rank(m.group("b"), lang) or _word_rank(m.group("b"), other)
        if a and b and a != b and not any(r.start <= m.start() < r.end for r in out):
            out.append(RankRow(m.start(), m.end(), m.group(), "range", (a, b)))
    out.sort(key=lambda r: r.start)
    return out
