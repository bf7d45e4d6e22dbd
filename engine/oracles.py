"""Readers for the external solvers' files: boards and solutions, and the solvers' own rules.

Two solvers serve as oracles (``tests/fixtures/oracles/``):

* **black-hole-solver** (format ``"bhs"``), for Golf. Board::

      Talon: 3S TS 9H …          ← the stock, the left card dealt first
      Foundations: 2S            ← the pile cards are played to: the book's «резервная стопка»,
                                   in rule-spec terms the waste (``waste.build_*``)
      QD 5C 2D 4S 6S             ← 7 columns, bottom card first, the playable card last

  Solution: ``Solved!`` or ``Unsolved!``, then blocks «Move a card from stack N to the
  foundations» (N from 0) or «Deal talon», each followed by «Info: Card moved is XX».

* **fc-solve** (format ``"fcs"``), for Eight Off, Simple Simon and Beleaguered Castle. Board: one
  line per column, bottom card first, optionally ``Foundations: H-A C-0 …`` (the top rank per
  suit, ``0`` for none) and ``Freecells: 6S - 9C -`` (``-`` an empty cell). Solutions either in
  the full form (``-p -t -sam -sel``: every «Move …» line followed by the board after it; stacks
  and freecells numbered from 0) or in the short notation (``-m -snx``: ``8b`` stack 8 → freecell
  b, ``e8``, ``1h`` → foundation, ``26v2`` two cards from stack 2 to stack 6; stacks from 1).

Cards are in standard notation (rank ``A 2-9 T J Q K``, ``10`` accepted; suit ``C D H S``; Latin T
is ten) and read with :meth:`pasyans.cards.Card.parse`.

:data:`SOLVER_RULES` states each solver game's rules in the rule-spec format of
``pasyans/data/rules.schema.json`` (quotes from the solvers' documentation; no source lines, so
these dicts are not schema-valid and are never stored), so that a replay can say where the
book's rules and the solver's differ.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pasyans.cards import RANKS, Card, CardError

FORMATS = ("bhs", "fcs")


class OracleFormatError(ValueError):
    """A board or solution file that is not in the format asked for; the message says where."""


# -- boards --------------------------------------------------------------------------------------

@dataclass
class Board:
    """A deal as a solver reads it.

    ``tableau``: columns, bottom card first (the playable card last). ``foundations``: piles,
    bottom first (``H-5`` on an fc-solve board is ``AH … 5H``; a bhs board has none). ``cells``:
    ``None`` when the board prints no ``Freecells:`` line, else one entry per printed cell
    position (``None`` = empty). ``stock``: in dealing order, the first card dealt first.
    ``waste``: bottom first (a bhs board's ``Foundations:`` card: Golf's pile is the waste in
    rule-spec terms). ``fmt``: ``"bhs"`` or ``"fcs"``.
    """

    tableau: list[list[Card]]
    foundations: list[list[Card]] = field(default_factory=list)
    cells: list[Card | None] | None = None
    stock: list[Card] = field(default_factory=list)
    waste: list[Card] = field(default_factory=list)
    fmt: str = "fcs"

    def cards(self) -> list[Card]:
        """Every card on the board (tableau, foundations, cells, stock, waste)."""
        out = [c for col in self.tableau for c in col] + [c for p in self.foundations for c in p]
        out += [c for c in (self.cells or []) if c is not None] + list(self.stock) + list(self.waste)
        return out


def _card(token: str, where: str) -> Card:
    try:
        card = Card.parse(token)
    except CardError as e:
        raise OracleFormatError(f"{where}: {e}") from None
    if card.suit is None or card.joker:
        raise OracleFormatError(f"{where}: {token!r} is not a card with rank and suit")
    return card


_FOUND_FCS = re.compile(r"^([CDHS])-([0A2-9TJQK]|10)$")


def _fcs_foundation(token: str, where: str) -> list[Card]:
    m = _FOUND_FCS.match(token)
    if not m:
        raise OracleFormatError(f"{where}: {token!r} is not a foundation like 'H-5'")
    suit, rank = m.group(1), m.group(2)
    if rank == "0":
        return []
    top = RANKS.index("T" if rank == "10" else rank) + 1
    return [Card(r, suit) for r in range(1, top + 1)]


def read_board(text: str, fmt: str) -> Board:
    """A :class:`Board` from a board file's ``text`` in format ``fmt`` (``"bhs"`` or ``"fcs"``).

    Column lines may start with ``": "`` (as fc-solve prints them in a full solution). An fc-solve
    board without a ``Foundations:`` line has four empty foundations. Raises
    :class:`OracleFormatError` (with the 1-based line) for an unknown token or a card that occurs
    more often than its pack count allows, ``ValueError`` for an unknown format.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown oracle format {fmt!r} (known: {', '.join(FORMATS)})")
    board = Board([], fmt=fmt)
    found_line = False
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"board line {n}"
        if not line:
            continue
        head, _, rest = line.partition(":")
        key = head.strip().lower()
        if key == "talon" and ":" in line:
            board.stock = [_card(t, where) for t in rest.split()]
        elif key == "foundations" and ":" in line:
            found_line = True
            if fmt == "bhs":
                board.waste = [_card(t, where) for t in rest.split()]
            else:
                board.foundations = [_fcs_foundation(t, where) for t in rest.split()]
        elif key == "freecells" and ":" in line:
            board.cells = _cells(raw.split(":", 1)[1], where)
        else:
            body = line[1:] if line.startswith(":") else line
            board.tableau.append([_card(t, where) for t in body.split()])
    if not found_line and fmt == "fcs":
        board.foundations = [[] for _ in range(4)]
    _check_counts(board)
    return board


def _cells(rest: str, where: str) -> list[Card | None]:
    """Freecells as a board file writes them (``6S - 9C -``) or as fc-solve prints them after a
    move (a fixed 4-character column per cell, blank when empty)."""
    tokens = rest.split()
    if "-" in tokens or not rest.strip() or len(rest.rstrip("\n")) % 4:
        return [None if t == "-" else _card(t, where) for t in tokens]
    chunks = [rest[i:i + 4].strip() for i in range(0, len(rest), 4)]
    return [_card(t, where) if t else None for t in chunks]


def _check_counts(board: Board) -> None:
    cards = board.cards()
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    packs = max(1, round(len(cards) / 52))
    over = sorted(str(c) for c, k in counts.items() if k > packs)
    if over:
        raise OracleFormatError(f"board has cards more often than {packs} pack(s) allow: {', '.join(over)}")


def load_board(path: Path | str, fmt: str) -> Board:
    """:func:`read_board` of the file at ``path``."""
    return read_board(Path(path).read_text("utf-8"), fmt)


# -- solutions -----------------------------------------------------------------------------------

@dataclass
class SolverMove:
    """One move of a solver's solution.

    ``src``/``dst``: ``("tableau", i)``, ``("cell", i)``, ``("foundation", None)`` (a solver names
    no foundation pile), ``("stock", None)``, ``("waste", 0)`` (black-hole-solver's foundation, the
    pile Golf plays to); indices from 0. ``count``: cards moved (13 for Simple
    Simon's «Move the sequence … to the foundations»: the whole run, see ``sequence``); ``None``
    for a short-notation stack-to-stack move without ``v<count>``, where the count is implied:
    the cards down to the one that goes on the target's top card (see
    :func:`pasyans.engine.replay.implied_count`).
    ``card``: the card the solver says it moved («Info: Card moved is XX»), when it says.
    ``board_after``: the board the solver prints after the move (full fc-solve output).
    ``line``: 1-based line of the solution file; ``text``: the move as printed.
    """

    number: int
    text: str
    line: int
    src: tuple[str, int | None]
    dst: tuple[str, int | None]
    count: int | None = 1
    card: Card | None = None
    sequence: bool = False
    board_after: Board | None = None
    snx_home: bool = False
    """A short-notation move from a stack to ``h``. fc-solve writes the stack of Simple Simon's
    «sequence to the foundations» move from 0 (``9h`` for the full output's «Stack 9»), unlike
    every other short-notation stack (from 1); the replay, which knows the game, settles it."""


@dataclass
class Solution:
    """A solver's answer: ``solved`` (``False`` for «Unsolved!» / «I could not solve»), its moves,
    the format (``"bhs"``, ``"fcs"``: full, ``"fcs-snx"``: short notation) and the solver name."""

    solved: bool
    moves: list[SolverMove]
    fmt: str
    solver: str
    notes: list[str] = field(default_factory=list)


_BHS_MOVE = re.compile(r"^Move a card from stack (\d+) to the foundations$")
_BHS_INFO = re.compile(r"^Info: Card moved is (\S+)$")


def read_bhs_solution(text: str) -> Solution:
    """A black-hole-solver solution. Raises :class:`OracleFormatError` for a line in a move block
    that is neither a move, «Deal talon», nor an «Info: Card moved is» line, or for an
    «Info» line with no move before it."""
    lines = text.splitlines()
    solved = None
    moves: list[SolverMove] = []
    notes: list[str] = []
    for n, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or set(line) <= {"=", "-"}:
            continue
        if line in ("Solved!", "Unsolved!", "Intractable!"):
            solved = line == "Solved!"
            continue
        m = _BHS_MOVE.match(line)
        if m:
            moves.append(SolverMove(len(moves) + 1, line, n, ("tableau", int(m.group(1))), ("waste", 0)))
            continue
        if line == "Deal talon":
            moves.append(SolverMove(len(moves) + 1, line, n, ("stock", None), ("waste", 0)))
            continue
        m = _BHS_INFO.match(line)
        if m:
            if not moves or moves[-1].card is not None:
                raise OracleFormatError(f"solution line {n}: «{line}» follows no move")
            moves[-1].card = _card(m.group(1), f"solution line {n}")
            continue
        if line.startswith(("Total number", "This scan")):
            notes.append(line)
            continue
        raise OracleFormatError(f"solution line {n}: not a black-hole-solver line: {line!r}")
    if solved is None:
        raise OracleFormatError("no «Solved!» or «Unsolved!» line: not a black-hole-solver solution")
    return Solution(solved, moves, "bhs", "black-hole-solver", notes)


_FCS_MOVES = [
    (re.compile(r"^Move (\d+) cards from stack (\d+) to stack (\d+)$"),
     lambda m: (("tableau", int(m[2])), ("tableau", int(m[3])), int(m[1]), False)),
    (re.compile(r"^Move a card from stack (\d+) to the foundations$"),
     lambda m: (("tableau", int(m[1])), ("foundation", None), 1, False)),
    (re.compile(r"^Move a card from stack (\d+) to freecell (\d+)$"),
     lambda m: (("tableau", int(m[1])), ("cell", int(m[2])), 1, False)),
    (re.compile(r"^Move a card from freecell (\d+) to stack (\d+)$"),
     lambda m: (("cell", int(m[1])), ("tableau", int(m[2])), 1, False)),
    (re.compile(r"^Move a card from freecell (\d+) to the foundations$"),
     lambda m: (("cell", int(m[1])), ("foundation", None), 1, False)),
    (re.compile(r"^Move a card from freecell (\d+) to freecell (\d+)$"),
     lambda m: (("cell", int(m[1])), ("cell", int(m[2])), 1, False)),
    (re.compile(r"^Move the sequence on top of Stack (\d+) to the foundations$"),
     lambda m: (("tableau", int(m[1])), ("foundation", None), 13, True)),
]

FCS_CELL_LETTERS = "abcdefgklmnopqrstuvwxyz"
"""Freecells in fc-solve's short notation: ``a`` is freecell 0; ``h`` is the foundations (home),
so the eighth freecell is ``k`` (``8k`` in the Eight Off solutions is «stack 7 to freecell 7»)."""


def read_fcs_solution(text: str, stacks: int | None = None) -> Solution:
    """An fc-solve solution, full (``-p -t -sam -sel``) or short (``-m -snx``) notation.

    Full: each «Move …» line is read (stacks and freecells from 0) with the board printed after
    it. Short: tokens ``<from><to>[v<count>]``, stacks from 1, freecells :data:`FCS_CELL_LETTERS`,
    ``h`` the foundations; ``stacks`` (the number of columns) settles tokens like ``110`` (stack 1
    to stack 10); without it the longest valid split is not guessed and the token is an error.
    Raises :class:`OracleFormatError` for an unreadable move line.
    """
    if re.search(r"^Move ", text, re.M) or "-=-=-" in text and "Foundations:" in text:
        return _read_fcs_full(text)
    return _read_fcs_snx(text, stacks)


def _read_fcs_full(text: str) -> Solution:
    lines = text.splitlines()
    moves: list[SolverMove] = []
    solved = False
    notes: list[str] = []
    board_lines: list[str] = []

    def close_board() -> None:
        if moves and board_lines and moves[-1].board_after is None:
            moves[-1].board_after = read_board("\n".join(board_lines), "fcs")

    for n, raw in enumerate(lines, start=1):
        line = raw.strip()
        if line.startswith("====") or line.startswith("-=-="):
            close_board()
            board_lines = []
            continue
        if line.startswith("Move "):
            for rx, make in _FCS_MOVES:
                m = rx.match(line)
                if m:
                    src, dst, count, seq = make(m)
                    moves.append(SolverMove(len(moves) + 1, line, n, src, dst, count, sequence=seq))
                    board_lines = []
                    break
            else:
                raise OracleFormatError(f"solution line {n}: unknown fc-solve move {line!r}")
            continue
        if line.startswith("This game is solveable"):
            solved = True
            close_board()
            board_lines = []
            continue
        if line.startswith(("I could not solve", "Iterations count exceeded", "Unsolved")):
            solved = False
            notes.append(line)
            continue
        if line.startswith(("Total number", "This scan")):
            notes.append(line)
            continue
        if moves and (line.startswith(("Foundations:", "Freecells:", ":")) or raw.startswith(":")):
            board_lines.append(raw)
    close_board()
    return Solution(solved, moves, "fcs", "fc-solve", notes)


_SNX = re.compile(r"^([0-9]+|[a-gk-z])([0-9]+|[a-gk-z]|h)(?:v(\d+))?$")


def _snx_place(tok: str, stacks: int | None, where: str) -> tuple[str, int | None]:
    if tok == "h":
        return ("foundation", None)
    if tok.isdecimal():
        i = int(tok) - 1
        if i < 0 or (stacks is not None and i >= stacks):
            raise OracleFormatError(f"{where}: no stack {tok}")
        return ("tableau", i)
    return ("cell", FCS_CELL_LETTERS.index(tok))


def _split_digits(tok: str, stacks: int | None, where: str) -> tuple[str, str, str | None]:
    m = re.match(r"^(\d+)(h|[a-gk-z])?(?:v(\d+))?$", tok)
    if m and m.group(2):
        return m.group(1), m.group(2), m.group(3)
    m = re.match(r"^(\d+)(?:v(\d+))?$", tok)
    if not m:
        raise OracleFormatError(f"{where}: unreadable short-notation move {tok!r}")
    digits, count = m.group(1), m.group(2)
    splits = [(digits[:k], digits[k:]) for k in range(1, len(digits))]
    ok = [(a, b) for a, b in splits if not a.startswith("0") and not b.startswith("0")
          and (stacks is None or (1 <= int(a) <= stacks and 1 <= int(b) <= stacks))]
    if len(ok) != 1:
        raise OracleFormatError(f"{where}: stack numbers in {tok!r} cannot be told apart"
                                + ("" if stacks else " (the number of stacks is not given)"))
    return ok[0][0], ok[0][1], count


def _read_fcs_snx(text: str, stacks: int | None) -> Solution:
    moves: list[SolverMove] = []
    solved = False
    notes: list[str] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("-=-="):
            continue
        if line.startswith("This game is solveable"):
            solved = True
            continue
        if line.startswith(("Total number", "This scan", "I could not solve", "Iterations count")):
            notes.append(line)
            continue
        for tok in line.split():
            where = f"solution line {n}"
            if tok[0].isdigit():
                a, b, count = _split_digits(tok, stacks, where)
            else:
                m = _SNX.match(tok)
                if not m:
                    raise OracleFormatError(f"{where}: unreadable short-notation move {tok!r}")
                a, b, count = m.group(1), m.group(2), m.group(3)
            src, dst = _snx_place(a, stacks, where), _snx_place(b, stacks, where)
            implied = count is None and src[0] == "tableau" and dst[0] == "tableau"
            moves.append(SolverMove(len(moves) + 1, tok, n, src, dst, None if implied else int(count or 1),
                                    snx_home=src[0] == "tableau" and dst[0] == "foundation"))
    return Solution(solved, moves, "fcs-snx", "fc-solve", notes)


def read_solution(text: str, fmt: str, stacks: int | None = None) -> Solution:
    """:func:`read_bhs_solution` or :func:`read_fcs_solution` by ``fmt``; ``ValueError`` for another format.

    In short notation a move of a whole run to the foundations (Simple Simon) reads as one card;
    :mod:`pasyans.engine.replay` settles it from the state.
    """
    if fmt == "bhs":
        return read_bhs_solution(text)
    if fmt == "fcs":
        return read_fcs_solution(text, stacks)
    raise ValueError(f"unknown oracle format {fmt!r} (known: {', '.join(FORMATS)})")


def load_solution(path: Path | str, fmt: str, stacks: int | None = None) -> Solution:
    """:func:`read_solution` of the file at ``path``."""
    return read_solution(Path(path).read_text("utf-8"), fmt, stacks)


def guess_format(text: str) -> str:
    """``"bhs"`` for a black-hole-solver solution or board (``Talon:``, «Deal talon», «Info: Card
    moved is»), else ``"fcs"``."""
    if re.search(r"^(Talon:|Deal talon|Info: Card moved is)", text, re.M):
        return "bhs"
    return "fcs"


# -- the solvers' rules, in rule-spec terms --------------------------------------------------------

def _rule(value, quote: str) -> dict:
    return {"value": value, "status": "stated", "quote": quote, "lines": None, "ref": None}


def _spec(fields: dict[str, tuple], special: list[dict] | None = None) -> dict:
    spec: dict = {"schema_version": "0.1", "special": special or [], "conflicts": []}
    for path, (value, quote) in fields.items():
        section, _, key = path.partition(".")
        spec.setdefault(section, {})[key] = _rule(value, quote)
    return spec


_PYSOL_GOLF = "PySolFC Golf (black-hole-solver, golf, a queen may go on a king): "
_DEAD_KING = "Dead King Golf (black-hole-solver, golf, nothing on a king): "
_FCS = "fc-solve --game {}: "


def _golf(q: str) -> dict[str, tuple]:
    return {
        "layout.tableau_piles": (7, q + "7 columns"),
        "layout.cards_per_pile": (5, q + "5 cards each"),
        "foundations.base": ("none", q + "the cards are played to one pile (the waste in rule-spec terms)"),
        "tableau.build_direction": ("none", q + "nothing is built on the columns"),
        "waste.build_direction": ("either", q + "one rank up or down"),
        "waste.build_suit": ("any-suit", q + "regardless of suit"),
        "waste.wrap": (False, q + "no wrap-around between king and ace"),
        "stock.deal": ("1 at a time", q + "«Deal talon» turns one card onto the pile"),
        "stock.deal_to": ("waste", q + "the talon card goes onto the pile"),
        "stock.redeals": (0, q + "no redeal"),
    }


SOLVER_RULES: dict[str, dict] = {
    "golf_pysolfc": _spec(_golf(_PYSOL_GOLF)),
    "dead_king_golf": _spec(_golf(_DEAD_KING), special=[
        {"name": "dead-king", "description": "nothing may be played on a king",
         "quote": _DEAD_KING + "a king on the pile takes no card", "lines": None}]),
    "eight_off": _spec({
        "layout.tableau_piles": (8, _FCS.format("eight_off") + "8 stacks"),
        "layout.cards_per_pile": (6, _FCS.format("eight_off") + "PySol deals 6 cards to each stack"),
        "layout.cells": (8, _FCS.format("eight_off") + "8 freecells"),
        "foundations.base": ("A", _FCS.format("eight_off") + "foundations start with aces"),
        "foundations.preplaced": (False, _FCS.format("eight_off") + "PySol deals the aces into the stacks and four "
                                                                    "cards into the freecells"),
        "foundations.direction": ("up", _FCS.format("eight_off") + "foundations built up"),
        "foundations.suit": ("same-suit", _FCS.format("eight_off") + "foundations by suit"),
        "foundations.step": (1, _FCS.format("eight_off") + "one rank"),
        "tableau.build_direction": ("down", _FCS.format("eight_off") + "stacks built down"),
        "tableau.build_suit": ("same-suit", _FCS.format("eight_off") + "sequences are built by suit"),
        "tableau.move": ("one-card", _FCS.format("eight_off") + "sequence move limited (a sequence moves as "
                                                                  "single cards through freecells)"),
        "tableau.space": ("kings", _FCS.format("eight_off") + "empty stacks are filled by kings only"),
    }),
    "beleaguered_castle": _spec({
        "layout.tableau_piles": (8, _FCS.format("beleaguered_castle") + "8 stacks"),
        "layout.cards_per_pile": (6, _FCS.format("beleaguered_castle") + "PySol deals 6 cards to each stack"),
        "layout.cells": (0, _FCS.format("beleaguered_castle") + "no freecells"),
        "foundations.base": ("A", _FCS.format("beleaguered_castle") + "the aces start on the foundations"),
        "foundations.preplaced": (True, _FCS.format("beleaguered_castle") + "the aces are on the foundations before play"),
        "foundations.direction": ("up", _FCS.format("beleaguered_castle") + "foundations built up"),
        "foundations.suit": ("same-suit", _FCS.format("beleaguered_castle") + "foundations by suit"),
        "foundations.step": (1, _FCS.format("beleaguered_castle") + "one rank"),
        "tableau.build_direction": ("down", _FCS.format("beleaguered_castle") + "stacks built down"),
        "tableau.build_suit": ("any-suit", _FCS.format("beleaguered_castle") + "sequences are built by rank"),
        "tableau.move": ("one-card", _FCS.format("beleaguered_castle") + "sequence move limited (through empty stacks)"),
        "tableau.space": ("any", _FCS.format("beleaguered_castle") + "empty stacks are filled by any card"),
    }),
    "simple_simon": _spec({
        "layout.tableau_piles": (10, _FCS.format("simple_simon") + "10 stacks"),
        "layout.cells": (0, _FCS.format("simple_simon") + "no freecells"),
        "tableau.build_direction": ("down", _FCS.format("simple_simon") + "stacks built down"),
        "tableau.build_suit": ("any-suit", _FCS.format("simple_simon") + "a card goes on any card one rank higher"),
        "tableau.move": ("same-suit-sequence", _FCS.format("simple_simon") + "a run of one suit moves as a unit"),
        "tableau.space": ("any", _FCS.format("simple_simon") + "empty stacks are filled by any card or run"),
        "foundations.complete_sequences": (True, _FCS.format("simple_simon") + "a finished run K…A moves to a "
                                                 "foundation («Move the sequence on top of Stack N to the foundations»)"),
    }),
}
"""Rules the solver used, by solver game (the oracle folder or solution file name):
``golf_pysolfc``, ``dead_king_golf``, ``eight_off``, ``beleaguered_castle``, ``simple_simon``."""


def solver_game_of(path: Path | str) -> str | None:
    """The :data:`SOLVER_RULES` key a solution or board file belongs to, from its name or its folder
    (``pysol_10.dead_king_golf.sol.txt`` → ``"dead_king_golf"``, ``golf/…golf_pysolfc…`` →
    ``"golf_pysolfc"``, ``eight_off/pysol_1.board`` → ``"eight_off"``), else ``None``."""
    p = Path(path)
    name = p.name.lower()
    for key in SOLVER_RULES:
        if key in name:
            return key
    folder = p.parent.name.lower()
    if folder in SOLVER_RULES:
        return folder
    return "golf_pysolfc" if folder == "golf" else None
