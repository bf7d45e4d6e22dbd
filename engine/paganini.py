"""Full-state model of the Paganini family (source 000: «килим», «Паганіні»): rows of cards with windows.

The rules modelled are the numbered rules of the 000 article:

* rule 1 (and 8, 10, 11): the pack(s) are dealt face up in rows (8 × 13 for two packs of 52);
* rule 2 (variant А): every ace is taken out and laid at the left of a row, in an *ace column*;
  the places the aces leave are windows (spaces);
* rule 4: a window may be filled only with the card of the same suit one rank higher than the
  card immediately left of it (the ace column is the left neighbour of slot 1); a window right of
  a king is dead, and so is a window right of another window or of an empty ace place;
* rule 5 (variant Б): the aces stay in the layout; when no window can be filled, one ace is taken
  out and put at the start of a row that has none (``«ПА6 - 6-й ряд»``), and play goes on;
* rule 9 (optional, ``fill="left-up-or-right-down"``): a window may also take the card one rank
  lower than, and of the same suit as, the card right of it.

Rules 6/7 (the end of the game, the redeal) are not modelled beyond :meth:`PaganiniState.is_lost`.

Coordinates: rows are 1-based; column 0 is the ace column and columns 1…S are the slots (S = 13
for packs of 52), as in the gold annotations. A move is a :class:`pasyans.models.Move` read from
the text («Б53 - Б47»: ``cards=[5D]``, ``from_row=3``, ``to_card=4D``, ``to_row=7``;
«ПА6 - 6-й ряд»: ``to="row:6"``) or a resolved :class:`Step` (card, source cell, target cell).

:func:`replay_full` replays an example, settles undecided layout cells and ambiguous sources by
looking ahead, and proposes the readings of impossible moves; :func:`replay` returns its verdicts.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field, replace

from pasyans.cards import Card, SUITS
from pasyans.models import Move, Verdict

Cell = tuple[int, int]
"""``(row, col)``: row 1-based, col 0 = ace column, 1…S = slots."""


class IllegalMove(ValueError):
    """A move that the rules forbid in the current state; the message says why."""


class AmbiguousMove(ValueError):
    """A move the text names in a way that fits more than one legal step in the current state."""


# -- variants ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Variant:
    """Which rules of the family are in force.

    ``aces_in_layout``: rule 5 (variant Б) — aces start in the layout and are brought to the row
    starts one at a time; ``False`` is rule 2 (variant А) — every ace already in the ace column.
    ``fill``: ``"left-up"`` (rule 4) or ``"left-up-or-right-down"`` (rule 9).
    ``slots``: cards per row (13 for packs of 52, 9 for packs of 36); ``packs``: copies of each card.
    """

    name: str
    aces_in_layout: bool
    fill: str = "left-up"
    slots: int = 13
    packs: int = 2

    def __post_init__(self) -> None:
        if self.fill not in ("left-up", "left-up-or-right-down"):
            raise ValueError(f"unknown fill rule {self.fill!r}")


VARIANT_A = Variant("А", aces_in_layout=False)
"""Variant А («килим»): rules 1, 2, 3, 4."""

VARIANT_B = Variant("Б", aces_in_layout=True)
"""Variant Б («Паганіні»): rules 1, 5, 3, 4."""


def as_variant(v: Variant | str) -> Variant:
    """A :class:`Variant` from itself or a letter: ``"А"``/``"A"`` → :data:`VARIANT_A`, ``"Б"``/``"B"`` → :data:`VARIANT_B`.

    Raises ``ValueError`` for anything else.
    """
    if isinstance(v, Variant):
        return v
    key = str(v).strip().upper()
    if key in ("А", "A"):
        return VARIANT_A
    if key in ("Б", "B"):
        return VARIANT_B
    raise ValueError(f"unknown Paganini variant {v!r}")


# -- notation of source 000, for readable reasons ------------------------------------------------

_SUIT_000 = {"S": "П", "H": "Ч", "D": "Б", "C": "Т"}
_RANK_000 = {1: "А", 11: "В", 12: "Д", 13: "К"}


def card_000(card: Card | None) -> str:
    """A card in the letter shorthand of source 000 (``JC`` → ``ТВ``, ``AS`` → ``ПА``); ``"?"`` for ``None``."""
    if card is None:
        return "?"
    return _SUIT_000.get(card.suit or "", "") + _RANK_000.get(card.rank, str(card.rank))


def move_000(move: Move) -> str:
    """A move in the shorthand of source 000: ``"ТД5 - ТВ3"``, ``"ПА6 - 6-й ряд"``."""
    src = f"{card_000(move.card)}{move.from_row if move.from_row is not None else ''}"
    row = _row_target(move)
    if row is not None:
        return f"{src} - {row}-й ряд"
    return f"{src} - {card_000(move.to_card)}{move.to_row if move.to_row is not None else ''}"


def _row_target(move: Move) -> int | None:
    if move.to and move.to.startswith("row:"):
        try:
            return int(move.to[4:])
        except ValueError:
            return None
    return None


# -- steps ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """A resolved move: ``card`` goes from cell ``src`` to cell ``dst`` (``dst`` col 0 = to the row start)."""

    card: Card
    src: Cell
    dst: Cell

    def __str__(self) -> str:
        (r1, c1), (r2, c2) = self.src, self.dst
        where = f"r{r2} start" if c2 == 0 else f"r{r2}c{c2}"
        return f"{self.card} r{r1}c{c1} -> {where}"


@dataclass(frozen=True)
class Window:
    """An empty slot and why nothing can fill it now (``reason`` is ``None`` for a live window)."""

    row: int
    col: int
    reason: str | None = None


# -- the state -----------------------------------------------------------------------------------

class PaganiniState:
    """The layout of a Paganini-family game: ``grid[r-1][c]``, ``c = 0`` the ace column.

    Built from ``layout``: rows of ``Card | None`` (``None`` = a window, or an empty ace place),
    each of length ``slots + 1`` (with the ace column first) or ``slots`` (no ace column yet).
    Raises ``ValueError`` when a row has another length or an ace column holds a non-ace.
    """

    def __init__(self, layout: list[list[Card | None]], variant: Variant | str = VARIANT_A) -> None:
        self.variant = as_variant(variant)
        s = self.variant.slots
        grid: list[list[Card | None]] = []
        for i, row in enumerate(layout, start=1):
            if len(row) == s + 1:
                cells = list(row)
            elif len(row) == s:
                cells = [None, *row]
            else:
                raise ValueError(f"row {i} has {len(row)} cells; expected {s} slots (+1 ace column)")
            if cells[0] is not None and not cells[0].is_ace:
                raise ValueError(f"row {i}: the ace column holds {cells[0]}, not an ace")
            grid.append(cells)
        self.grid = grid
        self.history: list[Step] = []
        self._pos: dict[Card, set[Cell]] = {}
        for r, row in enumerate(grid, start=1):
            for c, card in enumerate(row):
                if card is not None:
                    self._pos.setdefault(card, set()).add((r, c))

    # -- reading ------------------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def slots(self) -> int:
        return self.variant.slots

    def cell(self, row: int, col: int) -> Card | None:
        """The card at ``(row, col)`` or ``None``. Raises ``IndexError`` outside the grid."""
        if not (1 <= row <= self.rows and 0 <= col <= self.slots):
            raise IndexError((row, col))
        return self.grid[row - 1][col]

    def positions(self, card: Card, row: int | None = None, slots_only: bool = True) -> list[Cell]:
        """Cells holding ``card`` (in ``row`` when given), sorted; the ace column is left out unless ``slots_only=False``."""
        cells = sorted(self._pos.get(card, ()))
        return [p for p in cells if (row is None or p[0] == row) and (p[1] > 0 or not slots_only)]

    def cards(self) -> Counter:
        """The multiset of cards on the table (ace column included)."""
        return Counter({c: len(p) for c, p in self._pos.items() if p})

    def snapshot(self) -> tuple:
        """The grid as a hashable value (for comparing states)."""
        return tuple(tuple(row) for row in self.grid)

    def copy(self) -> "PaganiniState":
        """An independent copy (history included)."""
        new = PaganiniState.__new__(PaganiniState)
        new.variant = self.variant
        new.grid = [list(r) for r in self.grid]
        new.history = list(self.history)
        new._pos = {c: set(p) for c, p in self._pos.items()}
        return new

    def windows(self) -> list[Cell]:
        """Every empty slot (col ≥ 1), row by row."""
        return [(r, c) for r, row in enumerate(self.grid, start=1) for c in range(1, self.slots + 1) if row[c] is None]

    def fillers(self, row: int, col: int) -> list[Card]:
        """The cards that rule 4 (and rule 9 when in force) allow into the window at ``(row, col)``."""
        g = self.grid[row - 1]
        out: list[Card] = []
        left = g[col - 1]
        if left is not None and not left.is_king and left.suit is not None:
            out.append(Card(left.rank + 1, left.suit))
        if self.variant.fill == "left-up-or-right-down" and col < self.slots:
            right = g[col + 1]
            if right is not None and right.rank > 1 and right.suit is not None:
                c = Card(right.rank - 1, right.suit)
                if c not in out:
                    out.append(c)
        return out

    def window_state(self, row: int, col: int) -> Window:
        """The window at ``(row, col)`` with the reason it is dead, or ``reason=None`` when it is live."""
        left = self.grid[row - 1][col - 1]
        if self.fillers(row, col):
            if any(self.positions(f) for f in self.fillers(row, col)):
                return Window(row, col)
            return Window(row, col, "no card that fits is left in the layout")
        if left is None:
            why = "at the start of a row with no ace yet" if col == 1 else "right of another window"
        else:
            why = f"right of a king ({left})"
        return Window(row, col, why)

    def dead_windows(self) -> list[Window]:
        """Windows no card can fill now (rule 4: right of a king, right of another window, or at a row start without ace)."""
        return [w for w in (self.window_state(r, c) for r, c in self.windows()) if w.reason]

    def window_moves(self) -> list[Step]:
        """Every legal step that fills a window (rules 4/9), in row/column order."""
        out = []
        for r, c in self.windows():
            for f in self.fillers(r, c):
                for p in self.positions(f):
                    out.append(Step(f, p, (r, c)))
        return out

    def ace_moves(self) -> list[Step]:
        """Rule 5 steps (variant Б only): an ace from the layout to the start of a row with an empty ace place,
        allowed only when no window can be filled."""
        if not self.variant.aces_in_layout or self.window_moves():
            return []
        rows = [r for r in range(1, self.rows + 1) if self.grid[r - 1][0] is None]
        aces = [(card, p) for card, ps in self._pos.items() if card.is_ace for p in ps if p[1] > 0]
        return [Step(card, p, (r, 0)) for card, p in sorted(aces, key=lambda x: x[1]) for r in rows]

    def legal_moves(self) -> list[Step]:
        """Every legal step: window fillings, else (variant Б) aces to row starts."""
        return self.window_moves() or self.ace_moves()

    def is_stuck(self) -> bool:
        """``True`` when no window can be filled («Знову утворилися глухі вікна»)."""
        return not self.window_moves()

    def is_won(self) -> bool:
        """Rule 3: each row holds an ace in its ace column and then that suit from 2 up to the king."""
        for row in self.grid:
            ace = row[0]
            if ace is None:
                return False
            for k in range(2, 14):
                if k - 1 > self.slots or row[k - 1] != Card(k, ace.suit):
                    return False
        return True

    def is_lost(self) -> bool:
        """Rule 6: no legal step is left (every window dead and, in variant Б, no ace left to bring in) and the game is not won."""
        return not self.legal_moves() and not self.is_won()

    # -- judging ------------------------------------------------------------------------------
    def check_step(self, step: Step) -> str | None:
        """Why ``step`` is illegal now, or ``None`` when it is legal."""
        bad = self._check(step)
        return bad[0] if bad else None

    def _check(self, step: Step) -> tuple[str, str] | None:
        """``(reason, rule)`` when ``step`` is illegal now, else ``None``."""
        (r1, c1), (r2, c2) = step.src, step.dst
        if not (1 <= r1 <= self.rows and 0 <= c1 <= self.slots and 1 <= r2 <= self.rows and 0 <= c2 <= self.slots):
            return f"cell outside the {self.rows}×{self.slots} layout", "target"
        if self.grid[r1 - 1][c1] != step.card:
            return f"r{r1}c{c1} holds {self.grid[r1 - 1][c1]}, not {step.card}", "source"
        if c1 == 0:
            return f"{step.card} lies in the ace column of row {r1}; aces there do not move (rules 2/5)", "source"
        if c2 == 0:
            if not step.card.is_ace:
                return f"rule 5: only an ace goes to the start of a row, not {step.card}", "rule 5"
            if not self.variant.aces_in_layout:
                return f"rule 2 (variant {self.variant.name}): the aces are already in the ace column", "rule 2"
            if self.grid[r2 - 1][0] is not None:
                return f"rule 5: row {r2} already starts with {self.grid[r2 - 1][0]}", "rule 5"
            live = self.window_moves()
            if live:
                return (f"rule 5: a new ace comes in only when no window can be filled; "
                        f"{len(live)} window move(s) remain (e.g. {live[0]})"), "rule 5"
            return None
        if self.grid[r2 - 1][c2] is not None:
            return f"r{r2}c{c2} is not a window (it holds {self.grid[r2 - 1][c2]})", "target"
        fits = self.fillers(r2, c2)
        if step.card in fits:
            return None
        left = self.grid[r2 - 1][c2 - 1]
        if left is None:
            where = "at the start of a row with no ace" if c2 == 1 else "right of another window"
            return f"rule 4: the window r{r2}c{c2} is {where}; it is dead", "rule 4"
        if left.is_king and not fits:
            return f"rule 4: the window r{r2}c{c2} is right of a king ({left}); it is dead", "rule 4"
        return (f"rule 4: the window r{r2}c{c2} right of {left} takes only "
                f"{' or '.join(map(str, fits))}, not {step.card}"), "rule 4"

    def readings(self, move: Move) -> tuple[list[Step], str | None]:
        """The legal steps that ``move`` may mean, and (when there are none) why it is impossible.

        The source is the named card in ``move.from_row`` (any row when ``None``); the target is a
        window right of ``move.to_card`` in ``move.to_row`` (any row/any window when ``None``), or
        the start of row N for ``to="row:N"``. Two copies of a card (two packs) give two readings
        unless the rows tell them apart.
        """
        steps, why, _ = self._readings(move)
        return steps, why

    def _readings(self, move: Move) -> tuple[list[Step], str | None, str | None]:
        card = move.card
        if card is None or card.suit is None:
            return [], "the move names no card with a suit", "source"
        srcs = self.positions(card, move.from_row)
        if not srcs:
            where = ", ".join(f"r{r}c{c}" for r, c in self.positions(card, slots_only=False)) or "nowhere in the layout"
            row = f"row {move.from_row}" if move.from_row is not None else "the layout"
            return [], f"{row} holds no {card} ({card_000(card)}) that can move; {card} lies at {where}", "source"
        target_row = _row_target(move)
        if target_row is not None:
            if not 1 <= target_row <= self.rows:
                return [], f"there is no row {target_row}", "target"
            dsts: list[Cell] = [(target_row, 0)]
        else:
            rows = [move.to_row] if move.to_row is not None else list(range(1, self.rows + 1))
            in_row = f"row {move.to_row}" if move.to_row is not None else "the layout"
            if move.to_card is not None:
                anchors = [p for r in rows if 1 <= r <= self.rows
                           for p in self.positions(move.to_card, r, slots_only=False)]
                if not anchors:
                    where = ", ".join(f"r{r}c{c}" for r, c in self.positions(move.to_card, slots_only=False)) or "nowhere"
                    return [], (f"{in_row} holds no {move.to_card} ({card_000(move.to_card)}), so there is no window "
                                f"right of it; {move.to_card} lies at {where}"), "target"
                dsts = [(r, c + 1) for r, c in anchors if c < self.slots and self.grid[r - 1][c + 1] is None]
                if not dsts:
                    right = "; ".join(f"right of r{r}c{c} lies {self.grid[r - 1][c + 1] if c < self.slots else 'the row end'}"
                                      for r, c in anchors)
                    return [], f"no window right of {move.to_card} ({card_000(move.to_card)}) in {in_row}: {right}", "target"
            else:
                dsts = [(r, c) for r, c in self.windows() if r in rows]
                if not dsts:
                    return [], f"no window in {in_row}", "target"
        steps = [Step(card, s, d) for s in srcs for d in dsts]
        legal = [s for s in steps if self._check(s) is None]
        if legal:
            return legal, None, None
        bad = list(dict.fromkeys(self._check(s) for s in steps))
        return [], "; ".join(b[0] for b in bad if b), next((b[1] for b in bad if b), None)

    def is_legal(self, move: Move | Step) -> Verdict:
        """The verdict on ``move`` in the current state (the state is not changed).

        ``checked`` lists the rules looked at; ``rule`` names the one broken (``"rule 4"``,
        ``"rule 5"``, ``"rule 2"``, ``"source"``, ``"target"``) or, for a legal move, the one that allows it.
        """
        if isinstance(move, Step):
            bad = self._check(move)
            steps, why, rule = ([], *bad) if bad else ([move], None, None)
            is_ace = move.dst[1] == 0
        else:
            steps, why, rule = self._readings(move)
            is_ace = _row_target(move) is not None
        if is_ace:
            checked = ["source: the card lies in the named row", "rule 5: an ace to the start of a row without ace",
                       "rule 5: only when no window can be filled"]
        else:
            checked = ["source: the card lies in the named row", "target: a window right of the named card in the named row",
                       "rule 4: same suit, one rank above the left neighbour"
                       + (" (or rule 9: one below the right neighbour)" if self.variant.fill != "left-up" else "")]
        if not steps:
            return Verdict("illegal", why or "impossible", rule, checked)
        s = steps[0]
        if is_ace:
            reason = f"{s.card} from r{s.src[0]}c{s.src[1]} to the start of row {s.dst[0]}: no window could be filled (rule 5)"
        else:
            r, c = s.dst
            left = self.grid[r - 1][c - 1]
            right = self.grid[r - 1][c + 1] if c < self.slots else None
            by_left = left is not None and left.suit == s.card.suit and left.rank + 1 == s.card.rank
            if by_left or right is None:
                rule_used = "rule 4"
                reason = f"{s.card} from r{s.src[0]}c{s.src[1]} into the window r{r}c{c} right of {left} (rule 4)"
            else:
                rule_used = "rule 9"
                reason = (f"{s.card} from r{s.src[0]}c{s.src[1]} into the window r{r}c{c} left of {right}: "
                          f"one rank below the right neighbour (rule 9)")
        if len(steps) > 1:
            reason += (f"; {len(steps)} readings fit ({', '.join(map(str, steps))}): "
                       f"the rows do not tell the copies or windows apart")
        return Verdict("legal", reason, "rule 5" if is_ace else rule_used, checked)

    # -- changing -----------------------------------------------------------------------------
    def apply(self, move: Move | Step) -> Step:
        """Play ``move`` and return the step played. Raises :class:`IllegalMove` (state unchanged)
        or, for a :class:`Move` that fits several steps, :class:`AmbiguousMove`."""
        if isinstance(move, Step):
            why = self.check_step(move)
            if why:
                raise IllegalMove(why)
            step = move
        else:
            steps, why = self.readings(move)
            if not steps:
                raise IllegalMove(why or "impossible")
            if len(steps) > 1:
                raise AmbiguousMove(f"{move.raw!r} fits {len(steps)} steps: {', '.join(map(str, steps))}")
            step = steps[0]
        self._move(step.card, step.src, step.dst)
        self.history.append(step)
        return step

    def undo(self) -> Step:
        """Take back the last step played and return it. Raises ``IndexError`` when nothing was played."""
        step = self.history.pop()
        self._move(step.card, step.dst, step.src)
        return step

    def _move(self, card: Card, src: Cell, dst: Cell) -> None:
        self.grid[src[0] - 1][src[1]] = None
        self.grid[dst[0] - 1][dst[1]] = card
        ps = self._pos[card]
        ps.discard(src)
        ps.add(dst)


# -- layouts with undecided cells ------------------------------------------------------------------

@dataclass(frozen=True)
class Undecided:
    """Cells of a layout whose reading is not settled: ``options`` are the joint readings of ``cells``.

    One OCR cell printed «T9»: ``cells=((1, 3),)``, ``options=((9C,), (9D,))``. Two windows of one
    row filled with «ПА і БА»: ``cells=((6, 4), (6, 6))``, ``options=((AS, AD), (AD, AS))``.
    """

    cells: tuple[Cell, ...]
    options: tuple[tuple[Card, ...], ...]
    printed: str | None = None

    def __post_init__(self) -> None:
        if not self.options or any(len(o) != len(self.cells) for o in self.options):
            raise ValueError("every option must give one card per cell")


def as_undecided(items) -> list[Undecided]:
    """Normalise undecided cells: a list of :class:`Undecided`, a dict ``{(row, col): [cards]}``, or
    objects with ``row``, ``col`` and ``candidates`` (or ``options``) attributes (a layout reader's cells)."""
    if not items:
        return []
    if isinstance(items, dict):
        return [Undecided(((r, c),), tuple((x,) for x in cands)) for (r, c), cands in items.items()]
    out = []
    for it in items:
        if isinstance(it, Undecided):
            out.append(it)
            continue
        cands = getattr(it, "candidates", None) or getattr(it, "options", None) or []
        cards = tuple((x if isinstance(x, Card) else Card.parse(str(x)),) for x in cands)
        out.append(Undecided(((int(it.row), int(it.col)),), cards, getattr(it, "printed", None) or getattr(it, "original", None)))
    return out


def fill_windows_with_aces(layout: list[list[Card | None]], aces_by_row: dict[int, list[Card]],
                           slots: int = 13) -> tuple[list[list[Card | None]], list[Undecided]]:
    """The variant-Б starting layout from the variant-А table (line 25 of 000: «ту ж початкову
    розстановку … але заповнивши вікна тузами. У 1-му ряду - ПА …»).

    ``layout``: rows with the ace column first (length ``slots + 1``); ``aces_by_row``: row → the
    aces the text puts into that row's windows. Returns the new rows (ace column emptied) and the
    cells left undecided where a row has several windows and the text does not say which ace goes
    where. Raises ``ValueError`` when a row's windows and named aces differ in number.
    """
    rows = [list(r) for r in layout]
    undecided: list[Undecided] = []
    for i, row in enumerate(rows, start=1):
        if len(row) != slots + 1:
            raise ValueError(f"row {i}: expected the ace column and {slots} slots")
        row[0] = None
        holes = [c for c in range(1, slots + 1) if row[c] is None]
        aces = list(aces_by_row.get(i, []))
        if len(holes) != len(aces):
            raise ValueError(f"row {i} has {len(holes)} window(s) but the text names {len(aces)} ace(s)")
        perms = list(dict.fromkeys(itertools.permutations(aces)))
        if len(perms) == 1:
            for c, a in zip(holes, aces):
                row[c] = a
        elif perms:
            for c, a in zip(holes, perms[0]):
                row[c] = a
            undecided.append(Undecided(tuple((i, c) for c in holes), tuple(perms), " і ".join(card_000(a) for a in aces)))
    return rows, undecided


# -- replay ---------------------------------------------------------------------------------------

@dataclass
class CellResolution:
    """How replay settled (or could not settle) one group of undecided cells."""

    cells: tuple[Cell, ...]
    options: tuple[tuple[Card, ...], ...]
    chosen: tuple[Card, ...]
    decided: bool
    reason: str
    printed: str | None = None


@dataclass
class MoveCorrection:
    """A proposed reading of a printed move that is impossible: ``proposed`` in the move's own notation."""

    index: int
    printed: str
    proposed: str | None
    move: Move | None
    edits: int
    reason: str
    alternatives: list[str] = field(default_factory=list)


@dataclass
class ClaimCheck:
    """A statement of the text about the state after a move («Знову утворилися глухі вікна»), checked."""

    index: int
    claim: str
    holds: bool
    detail: str


@dataclass
class ReplayResult:
    """Everything a replay found: one verdict per move, the steps played (``None`` for an illegal
    move), the layout as settled, and the reasoning behind every choice."""

    verdicts: list[Verdict]
    steps: list[Step | None]
    layout: list[list[Card | None]]
    resolutions: list[CellResolution]
    corrections: list[MoveCorrection]
    claim_checks: list[ClaimCheck]
    choices: list[str]
    layout_notes: list[str]
    final: PaganiniState


CLAIMS = ("stuck",)
"""Claims the replay can check: ``"stuck"`` — after the move no window can be filled."""


@dataclass
class _Plan:
    legal: int
    claims: int
    steps: list[Step | None]
    whys: list[str | None]

    @property
    def score(self) -> tuple[int, int]:
        return (self.legal, self.claims)


class _Search:
    """Plays the moves from a state, choosing among readings by what keeps the later moves legal."""

    def __init__(self, moves: list[Move], claims: dict[int, str], budget: int = 20000) -> None:
        self.moves = moves
        self.claims = claims
        self.budget = budget
        self.choices: list[str] = []

    def claim_ok(self, state: PaganiniState, i: int) -> int:
        return 1 if self.claims.get(i) == "stuck" and state.is_stuck() else 0

    def play(self, state: PaganiniState, i: int = 0, record: bool = False) -> _Plan:
        if i >= len(self.moves):
            return _Plan(0, 0, [], [])
        self.budget -= 1
        steps, why = state.readings(self.moves[i])
        if not steps:
            sub = self.play(state, i + 1, record)
            return _Plan(sub.legal, sub.claims + self.claim_ok(state, i), [None, *sub.steps], [why, *sub.whys])
        options = steps if self.budget > 0 else steps[:1]
        best: _Plan | None = None
        tried: list[tuple[Step, _Plan]] = []
        played = _is_played(self.moves[i])
        for s in options:
            if played:
                state.apply(s)
            ok = self.claim_ok(state, i)
            sub = self.play(state, i + 1, False)
            if played:
                state.undo()
            plan = _Plan(1 + sub.legal, ok + sub.claims, [s, *sub.steps], [None, *sub.whys])
            tried.append((s, plan))
            if best is None or plan.score > best.score:
                best = plan
        assert best is not None
        if record:
            if len(tried) > 1:
                self.choices.append(self._explain(i, tried, best))
            if played:
                state.apply(best.steps[0])
            rest = self.play(state, i + 1, True)
            if played:
                state.undo()
            return _Plan(best.legal, best.claims, [best.steps[0], *rest.steps], [None, *rest.whys])
        return best

    def _explain(self, i: int, tried: list[tuple[Step, _Plan]], best: _Plan) -> str:
        m = self.moves[i]
        chosen = best.steps[0]
        ties = [s for s, p in tried if p.score == best.score and s != chosen]
        parts = []
        for s, p in tried:
            if s == chosen:
                continue
            fail = next((i + 1 + k for k, (a, b) in enumerate(zip(p.steps[1:], best.steps[1:])) if a is None and b is not None), None)
            if fail is not None:
                parts.append(f"{s} would make move {fail + 1} ({self.moves[fail].raw!r}) impossible")
            elif p.score < best.score:
                parts.append(f"{s} would contradict what the text says after a later move")
        head = f"move {i + 1} ({m.raw!r}) fits {len(tried)} steps; chose {chosen}"
        if ties:
            return head + f" (undecided: {', '.join(map(str, ties))} keep the later moves just as legal; first kept)"
        return head + (": " + "; ".join(parts) if parts else "")


def _is_played(move: Move) -> bool:
    """Whether a move changes the position for the moves after it: an alternative («Ч10 з 8-го
    ряду або Ч10 з 2-го ряду») is one of several options from the same position, so it is
    checked but not played."""
    return "alternative" not in getattr(move, "flags", ())


def _assignments(layout: list[list[Card | None]], groups: list[Undecided], packs: int, limit: int = 4096):
    """Joint readings of the undecided groups that keep no card above ``packs`` copies."""
    fixed = Counter(c for row in layout for c in row if c is not None)
    for g in groups:
        for r, col in g.cells:
            if layout[r - 1][col] is not None:
                fixed[layout[r - 1][col]] -= 1
    total = 1
    for g in groups:
        total *= len(g.options)
    if total > limit:
        # too many to try jointly: each group alone, the others at their first reading
        base = tuple(g.options[0] for g in groups)
        yield base
        for k, g in enumerate(groups):
            for o in g.options[1:]:
                yield base[:k] + (o,) + base[k + 1:]
        return
    for combo in itertools.product(*(g.options for g in groups)):
        cnt = fixed.copy()
        for o in combo:
            cnt.update(o)
        if all(v <= packs for v in cnt.values()):
            yield combo


def _with_ace_column(layout, slots: int) -> list[list[Card | None]]:
    """Rows of ``slots + 1`` entries (an empty ace column put in front of rows of ``slots``)."""
    out = []
    for i, r in enumerate(layout, start=1):
        if len(r) not in (slots, slots + 1):
            raise ValueError(f"row {i} has {len(r)} cells; expected {slots} slots (+1 ace column)")
        out.append(list(r) if len(r) == slots + 1 else [None, *r])
    return out


def _grid_with(layout, groups: list[Undecided], combo, slots: int) -> list[list[Card | None]]:
    rows = _with_ace_column(layout, slots)
    for g, o in zip(groups, combo):
        for (r, c), card in zip(g.cells, o):
            rows[r - 1][c] = card
    return rows


def replay_full(layout: list[list[Card | None]], moves: list[Move], variant: Variant | str = VARIANT_A, *,
                undecided=None, claims: dict[int, str] | None = None) -> ReplayResult:
    """Replay ``moves`` from ``layout`` under ``variant``; one :class:`Verdict` per move, in order.

    * An illegal move is reported with the reason and not played; play goes on.
    * ``undecided`` (see :func:`as_undecided`): every joint reading that keeps each card at most
      ``variant.packs`` times is replayed and the one under which most moves are legal (then most
      ``claims`` hold) is kept; each group's resolution says which moves decided it.
    * A move whose card or window is in two places (two packs) is played the way that keeps the
      later moves legal; the choice is recorded in ``choices``.
    * ``claims``: 0-based move index → ``"stuck"`` when the text says that after that move no
      window can be filled; each claim is checked and used to choose among readings.
    * For each illegal move, readings of the printed move with one (else two) characters changed
      (a row digit, a suit or rank letter) are tried; those that are legal, keep the later moves
      legal and agree with the claims are proposed (:class:`MoveCorrection`).

    Raises ``ValueError`` for a malformed layout or an unknown claim kind.
    """
    v = as_variant(variant)
    claims = dict(claims or {})
    for k, c in claims.items():
        if c not in CLAIMS:
            raise ValueError(f"unknown claim {c!r} after move {k + 1}")
    groups = as_undecided(undecided)
    layout = _with_ace_column(layout, v.slots)
    combos = list(_assignments(layout, groups, v.packs)) or [tuple(g.options[0] for g in groups)]
    runs = []
    for combo in combos:
        grid = _grid_with(layout, groups, combo, v.slots)
        plan = _Search(moves, claims).play(PaganiniState(grid, v))
        runs.append((combo, plan))
    best_combo, best_plan = max(runs, key=lambda cp: cp[1].score)  # first best on ties
    resolutions = _resolutions(groups, runs, best_combo, best_plan, moves)

    grid = _grid_with(layout, groups, best_combo, v.slots)
    start = PaganiniState(grid, v)
    search = _Search(moves, claims)
    plan = search.play(start.copy(), record=True)

    state = start.copy()
    verdicts: list[Verdict] = []
    corrections: list[MoveCorrection] = []
    checks: list[ClaimCheck] = []
    for i, (m, step) in enumerate(zip(moves, plan.steps)):
        if step is None:
            verdict = state.is_legal(m)  # no reading is legal: the plan leaves a move out only then
            corr = _correct(state, moves, i, claims, v)
            if corr is not None:
                corrections.append(corr)
                verdict.reason += f". {corr.reason}"
            verdicts.append(verdict)
        else:
            verdict = state.is_legal(step)
            readings, _ = state.readings(m)
            if len(readings) > 1:
                verdict.reason += f"; the text fits {len(readings)} steps ({', '.join(map(str, readings))}): chosen by the later moves"
            if _is_played(m):
                state.apply(step)
            else:
                verdict.reason += "; one of alternatives: checked from the same position, not played"
            verdicts.append(verdict)
        if i in claims:
            live = state.window_moves()
            checks.append(ClaimCheck(i, claims[i], not live,
                                     "no window can be filled" if not live else
                                     f"{len(live)} window move(s) remain: {', '.join(map(str, live[:4]))}"))
    notes = _layout_notes(grid, v)
    return ReplayResult(verdicts, plan.steps, grid, resolutions, corrections, checks, search.choices, notes, state)


def replay(layout: list[list[Card | None]], moves: list[Move], variant: Variant | str = VARIANT_A, *,
           undecided=None, claims: dict[int, str] | None = None) -> list[Verdict]:
    """The verdicts of :func:`replay_full` (one per move, same order)."""
    return replay_full(layout, moves, variant, undecided=undecided, claims=claims).verdicts


def _resolutions(groups, runs, best_combo, best_plan, moves) -> list[CellResolution]:
    out = []
    ties = [combo for combo, plan in runs if plan.score == best_plan.score]
    for k, g in enumerate(groups):
        chosen = best_combo[k]
        tied_values = {combo[k] for combo in ties}
        cells = _cells_text(g.cells)
        printed = f" printed {g.printed!r}" if g.printed else ""
        opts = " / ".join("+".join(map(str, o)) for o in g.options)
        if len(tied_values) > 1:
            out.append(CellResolution(g.cells, g.options, chosen, False,
                                      f"{cells}{printed}: readings {opts}; the moves do not tell them apart "
                                      f"(each keeps {best_plan.legal} of {len(moves)} moves legal); kept {'+'.join(map(str, chosen))}",
                                      g.printed))
            continue
        why = []
        for o in g.options:
            if o == chosen:
                continue
            alt = [(combo, plan) for combo, plan in runs if combo[k] == o]
            if not alt:
                why.append(f"{'+'.join(map(str, o))} would put a card in the layout more often than the packs hold")
                continue
            combo, p = max(alt, key=lambda cp: cp[1].score)
            forced = [f"{_cells_text(h.cells)} = {'+'.join(map(str, combo[j]))}" for j, h in enumerate(groups)
                      if j != k and combo[j] != best_combo[j] and all(c[j] == combo[j] for c, _ in alt)]
            via = f" (by the card count it forces {', '.join(forced)})" if forced else ""
            failed = [i for i, (a, b) in enumerate(zip(p.steps, best_plan.steps)) if a is None and b is not None]
            if failed:
                why.append(f"{'+'.join(map(str, o))}{via} makes "
                           + ", ".join(f"move {i + 1} ({moves[i].raw!r})" for i in failed) + " impossible")
            else:
                why.append(f"{'+'.join(map(str, o))}{via} contradicts what the text says after a move")
        out.append(CellResolution(g.cells, g.options, chosen, True,
                                  f"{cells}{printed}: read as {'+'.join(map(str, chosen))} — it keeps {best_plan.legal} of "
                                  f"{len(moves)} moves legal; " + "; ".join(why), g.printed))
    return out


def _cells_text(cells) -> str:
    return ", ".join(f"r{r}c{c}" for r, c in cells)


def _layout_notes(grid, v: Variant) -> list[str]:
    cnt = Counter(c for row in grid for c in row if c is not None)
    notes = [f"{c} appears {n} times (the packs hold {v.packs})" for c, n in sorted(cnt.items()) if n > v.packs]
    if sum(cnt.values()) == v.packs * 4 * v.slots:
        missing = [Card(r, s) for s in SUITS for r in range(1, v.slots + 1) if cnt[Card(r, s)] < v.packs]
        notes += [f"{c} appears {cnt[c]} times (the packs hold {v.packs})" for c in missing]
    return notes


# -- corrections of impossible printed moves --------------------------------------------------------

def _edits(move: Move, rows: int) -> list[tuple[Move, str, str]]:
    """Every reading of ``move`` with one character of its notation changed: a row digit, a suit
    letter or a rank. Each item is ``(move, field, description)``."""
    out: list[tuple[Move, str, str]] = []
    target_row = _row_target(move)
    for r in range(1, rows + 1):
        if move.from_row is not None and r != move.from_row:
            out.append((replace(move, from_row=r), "from_row", f"source row {move.from_row}→{r}"))
        if target_row is not None and r != target_row:
            out.append((replace(move, to=f"row:{r}", to_row=r), "to_row", f"target row {target_row}→{r}"))
        elif target_row is None and move.to_row is not None and r != move.to_row:
            out.append((replace(move, to_row=r), "to_row", f"target row {move.to_row}→{r}"))
    for attr in ("card", "to_card"):
        c = move.card if attr == "card" else move.to_card
        if c is None or c.suit is None:
            continue
        label = "card" if attr == "card" else "target card"
        changes = [(Card(c.rank, s), "suit") for s in SUITS if s != c.suit]
        changes += [(Card(k, c.suit), "rank") for k in range(1, 14) if k != c.rank]
        for nc, part in changes:
            m = replace(move, cards=[nc, *move.cards[1:]]) if attr == "card" else replace(move, to_card=nc)
            out.append((m, f"{attr}.{part}", f"{label} {card_000(c)}→{card_000(nc)}"))
    return out


def _correct(state: PaganiniState, moves: list[Move], i: int, claims: dict[int, str], v: Variant) -> MoveCorrection | None:
    """Readings of the impossible move ``moves[i]`` that are legal in ``state``, keep the later moves
    legal and agree with the text's claim after the move: one character changed first, else two."""
    move = moves[i]
    printed = move.raw or move_000(move)
    baseline = _Search(moves, claims).play(state.copy(), i + 1)
    needs_stuck = claims.get(i) == "stuck"

    def evaluate(cands):
        found = []
        for m, what in cands:
            for s in state.readings(m)[0]:
                st = state.copy()
                st.apply(s)
                rest = _Search(moves, claims).play(st, i + 1)
                ok = (st.is_stuck() or not needs_stuck) and rest.legal >= baseline.legal
                found.append((m, what, s, ok, st))
        return found

    singles = _edits(move, state.rows)
    one = evaluate([(m, what) for m, _, what in singles])
    good = [f for f in one if f[3]]
    edits = 1
    if not good:
        seen, pairs = set(), []
        for m1, f1, w1 in singles:
            for m2, f2, w2 in _edits(m1, state.rows):
                key = (m2.card, m2.from_row, m2.to_card, m2.to_row, m2.to)
                if f2 != f1 and key not in seen:
                    seen.add(key)
                    pairs.append((m2, f"{w1}, {w2}"))
        good = [f for f in evaluate(pairs) if f[3]]
        edits = 2
    alts = []
    for m, what, s, ok, st in one:
        if ok:
            continue
        live = st.window_moves()
        bad = (f"leaves {len(live)} window move(s) ({', '.join(map(str, live[:3]))}) while the text says no window "
               f"can be filled" if needs_stuck and live else "makes a later move impossible")
        alts.append(f"{move_000(m)} ({what}) is legal but {bad}")
    if not good:
        return MoveCorrection(i, printed, None, None, 0,
                              "No reading with one or two characters changed is legal and consistent with the text"
                              + (f"; rejected: {'; '.join(alts)}" if alts else ""), alts)
    names = list(dict.fromkeys(move_000(f[0]) for f in good))
    m, what, s, _, _ = good[0]
    basis = "legal, keeps the later moves legal" + (" and leaves every window dead, as the text says next" if needs_stuck else "")
    if len(names) > 1:
        reason = f"Readings with {edits} character(s) changed that are {basis}: {', '.join(names)}; undecided, first given"
    else:
        reason = f"Proposed reading {names[0]} ({what}; {s}): {basis}"
    if alts:
        reason += f". Rejected: {'; '.join(alts)}"
    return MoveCorrection(i, printed, names[0], m, edits, reason, alts)
