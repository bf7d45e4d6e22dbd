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

:mod:`pasyans.engine.variants.paganini_replay` replays an example, settles undecided layout cells
and ambiguous sources by looking ahead, and proposes the readings of impossible moves. The window
rule is the one of :mod:`pasyans.engine.variants.gaps` (:func:`~pasyans.engine.variants.gaps.window_fits`).
Without a layout the family's moves are unverifiable (:class:`Paganini`, the mechanic of the
``paganini-windows`` specials). The layout itself is read, and starting layouts derived, by
:mod:`pasyans.extract.layout`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pasyans.cards import Card, Pack
from pasyans.models import Check, Move, Verdict

from ..position import verdict_of
from ..reasons import card as show, clause, register_phrases
from ..rules import ILLEGAL, LEGAL, UNKNOWN, Rules, Ruling, check
from . import register
from .gaps import WindowParams, window_fits

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
    evidence: object = field(default=None, compare=False, repr=False)
    """The spec's ``paganini-windows`` special (its quote and lines), for the verdicts."""

    def __post_init__(self) -> None:
        if self.fill not in ("left-up", "left-up-or-right-down"):
            raise ValueError(f"unknown fill rule {self.fill!r}")

    @property
    def params(self) -> WindowParams:
        """The window rule: one rank above the left neighbour (rule 4), or below the right one (rule 9)."""
        return WindowParams(left_neighbour=1, right_neighbour=-1 if self.fill != "left-up" else None, suit="same-suit")

    @property
    def pack(self) -> Pack:
        """The pack of one row: 52 cards for 13 slots, 36 for 9."""
        return Pack.of(36 if self.slots == 9 else 52)


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
        """The cards that rule 4 (and rule 9 when in force) allow into the window at ``(row, col)``:
        the window rule of :func:`pasyans.engine.variants.gaps.window_fits`, in the pack's order."""
        g = self.grid[row - 1]
        p, pack = self.variant.params, self.variant.pack
        out: list[Card] = []
        for side, nb, delta in (("right_of", g[col - 1], p.left_neighbour),
                                ("left_of", g[col + 1] if col < self.slots else None, p.right_neighbour)):
            if nb is None or nb.suit is None or delta is None:
                continue
            r = pack.next_rank(nb.rank, delta)
            c = Card(r, nb.suit) if r is not None else None
            if c is not None and c not in out and window_fits(p, pack, c, nb, side) is None:
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
        """Rule 3: each row holds an ace in its ace column and then that suit up to the king, in the
        pack's order."""
        for row in self.grid:
            ace = row[0]
            if ace is None:
                return False
            for i, k in enumerate(self.variant.pack.ranks[1:], start=1):
                if i > self.slots or row[i] != Card(k, ace.suit):
                    return False
        return True

    def is_lost(self) -> bool:
        """Rule 6: no legal step is left (every window dead and, in variant Б, no ace left to bring in) and the game is not won."""
        return not self.legal_moves() and not self.is_won()

    # -- judging ------------------------------------------------------------------------------
    def check_step(self, step: Step) -> Check | None:
        """The check ``step`` breaks now, or ``None`` when it is legal."""
        return self._check(step)

    def _check(self, step: Step) -> Check | None:
        (r1, c1), (r2, c2) = step.src, step.dst
        x = step.card
        if not (1 <= r1 <= self.rows and 0 <= c1 <= self.slots and 1 <= r2 <= self.rows and 0 <= c2 <= self.slots):
            return check(ILLEGAL, "target", "outside-layout", (x,), rows=self.rows, slots=self.slots)
        if self.grid[r1 - 1][c1] != x:
            return check(ILLEGAL, "source", "not-there", (x, self.grid[r1 - 1][c1]), cell=(r1, c1))
        if c1 == 0:
            return check(ILLEGAL, "source", "ace-column", (x,), row=r1)
        if c2 == 0:
            if not x.is_ace:
                return check(ILLEGAL, "rule 5", "not-an-ace", (x,))
            if not self.variant.aces_in_layout:
                return check(ILLEGAL, "rule 2", "aces-placed", (x,), variant=self.variant.name)
            if self.grid[r2 - 1][0] is not None:
                return check(ILLEGAL, "rule 5", "row-has-ace", (x, self.grid[r2 - 1][0]), row=r2)
            live = self.window_moves()
            if live:
                return check(ILLEGAL, "rule 5", "windows-left", (x,), n=len(live), example=str(live[0]))
            return None
        if self.grid[r2 - 1][c2] is not None:
            return check(ILLEGAL, "target", "not-a-window", (x, self.grid[r2 - 1][c2]), cell=(r2, c2))
        fits = self.fillers(r2, c2)
        if x in fits:
            return None
        left = self.grid[r2 - 1][c2 - 1]
        ev = self.variant.evidence
        if left is None:
            return check(ILLEGAL, "rule 4", "dead-window", (x,), ev, cell=(r2, c2), why="row-start" if c2 == 1 else "after-window")
        if left.is_king and not fits:
            return check(ILLEGAL, "rule 4", "dead-window", (x, left), ev, cell=(r2, c2), why="after-king")
        return check(ILLEGAL, "rule 4", "takes-only", (x, left), ev, cell=(r2, c2), want=fits)

    def readings(self, move: Move) -> tuple[list[Step], Check | None]:
        """The legal steps that ``move`` may mean, and (when there are none) the check it breaks.

        The source is the named card in ``move.from_row`` (any row when ``None``); the target is a
        window right of ``move.to_card`` in ``move.to_row`` (any row/any window when ``None``), or
        the start of row N for ``to="row:N"``. Two copies of a card (two packs) give two readings
        unless the rows tell them apart.
        """
        card = move.card
        if card is None or card.suit is None:
            return [], check(ILLEGAL, "source", "no-card", ())
        srcs = self.positions(card, move.from_row)
        if not srcs:
            at = self.positions(card, slots_only=False)
            return [], check(ILLEGAL, "source", "not-in-row", (card,), row=move.from_row, at=at)
        target_row = _row_target(move)
        if target_row is not None:
            if not 1 <= target_row <= self.rows:
                return [], check(ILLEGAL, "target", "no-such-row", (card,), row=target_row)
            dsts: list[Cell] = [(target_row, 0)]
        else:
            rows = [move.to_row] if move.to_row is not None else list(range(1, self.rows + 1))
            if move.to_card is not None:
                anchors = [p for r in rows if 1 <= r <= self.rows
                           for p in self.positions(move.to_card, r, slots_only=False)]
                if not anchors:
                    return [], check(ILLEGAL, "target", "no-anchor", (card, move.to_card), row=move.to_row,
                                     at=self.positions(move.to_card, slots_only=False))
                dsts = [(r, c + 1) for r, c in anchors if c < self.slots and self.grid[r - 1][c + 1] is None]
                if not dsts:
                    right = [self.grid[r - 1][c + 1] if c < self.slots else None for r, c in anchors]
                    return [], check(ILLEGAL, "target", "no-window-right", (card, move.to_card), row=move.to_row,
                                     right=right)
            else:
                dsts = [(r, c) for r, c in self.windows() if r in rows]
                if not dsts:
                    return [], check(ILLEGAL, "target", "no-window", (card,), row=move.to_row)
        steps = [Step(card, s, d) for s in srcs for d in dsts]
        legal = [s for s in steps if self._check(s) is None]
        if legal:
            return legal, None
        return [], next(self._check(s) for s in steps)

    def is_legal(self, move: Move | Step) -> Verdict:
        """The verdict on ``move`` in the current state (the state is not changed). ``rule`` names
        the article's rule it rests on (``"rule 4"``, ``"rule 5"``, ``"rule 9"``, ``"rule 2"``) or
        the fact broken (``"source"``, ``"target"``)."""
        if isinstance(move, Step):
            bad = self._check(move)
            steps = [] if bad else [move]
            is_ace = move.dst[1] == 0
        else:
            steps, bad = self.readings(move)
            is_ace = _row_target(move) is not None
        checked = ["source", "rule 5"] if is_ace else ["source", "target", "rule 4"] + (
            ["rule 9"] if self.variant.fill != "left-up" else [])
        if not steps:
            return verdict_of(Ruling([bad]), checked=checked)
        s = steps[0]
        ev = self.variant.evidence
        if is_ace:
            c = check(LEGAL, "rule 5", "ace-to-row", (s.card,), src=s.src, row=s.dst[0])
        else:
            r, col = s.dst
            left = self.grid[r - 1][col - 1]
            right = self.grid[r - 1][col + 1] if col < self.slots else None
            by_left = left is not None and left.suit == s.card.suit and left.rank + 1 == s.card.rank
            if by_left or right is None:
                c = check(LEGAL, "rule 4", "fills-window", (s.card, left), ev, src=s.src, cell=s.dst)
            else:
                c = check(LEGAL, "rule 9", "fills-window-left-of", (s.card, right), ev, src=s.src, cell=s.dst)
        context = {"steps": [str(x) for x in steps]} if len(steps) > 1 else {}
        return verdict_of(Ruling([c], c.rule), checked=checked, **context)

    # -- changing -----------------------------------------------------------------------------
    def apply(self, move: Move | Step) -> Step:
        """Play ``move`` and return the step played. Raises :class:`IllegalMove` (state unchanged)
        or, for a :class:`Move` that fits several steps, :class:`AmbiguousMove`."""
        if isinstance(move, Step):
            bad = self.check_step(move)
            if bad:
                raise IllegalMove(clause(bad))
            step = move
        else:
            steps, bad = self.readings(move)
            if not steps:
                raise IllegalMove(clause(bad) if bad else "impossible")
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




# -- the family as a mechanic of the rule spec ----------------------------------------------------

@register
class Paganini(Rules):
    """The Paganini family without its layout: a move names rows and windows, so only the full
    position (:class:`PaganiniState`, replayed by :mod:`.paganini_replay`) can judge it."""

    names = ("paganini-windows", "paganini-windows-two-sided")

    def judge(self, s) -> Ruling:
        return Ruling([check(UNKNOWN, "layout", "needs-layout", tuple(s.cards[:1]))], "layout")

    def carry(self, x, above):
        return []       # which cards lie on which is the layout's business too


def is_paganini(game, spec) -> bool:
    """Whether ``game`` is of the Paganini family: a ``paganini…`` special in its spec (read from the
    text's window rule, or inherited through its numbered rules). Never decided by the source id: a
    user's own text may be source ``000`` too."""
    from pasyans.spec import RuleSpec

    return any(sp.name.startswith("paganini") for sp in RuleSpec.from_json(spec).special)


def variant_for(game, example, spec) -> Variant:
    """The :class:`Variant` of ``example``: rule 5 (``"5"`` in ``game.rules_used``, a move «ПА6 -
    6-й ряд» to a row start, or an ace column without aces) brings the aces in one at a time
    (variant Б); an ace column of aces is rule 2 (variant А); ``"9"`` in ``rules_used`` or the spec's
    ``paganini-windows-two-sided`` adds rule 9. Row length: 13 or 9 slots, with or without the ace
    column. Raises ``ValueError`` for rows of another length."""
    from pasyans.spec import RuleSpec

    spec = RuleSpec.from_json(spec)
    layout = example.layout or []
    lengths = {len(r) for r in layout}
    if len(lengths) != 1:
        raise ValueError(f"layout rows differ in length: {sorted(lengths)}")
    n = lengths.pop()
    per_pack = spec.value("deck.cards_per_pack")
    wanted = None if per_pack is None else 9 if per_pack == 36 else 13
    heads = [r[0] for r in layout]
    head_ok = all(h is None or h.is_ace for h in heads)
    if wanted is not None and n in (wanted, wanted + 1):
        slots = wanted
    elif n in (14, 10) and head_ok:
        slots = n - 1
    elif n in (13, 9):
        slots = n
    else:
        raise ValueError(f"layout rows of {n} cells fit no Paganini row length")
    has_column = n == slots + 1
    used = {str(r).strip() for r in (game.rules_used or [])}
    rule5 = ("5" in used or any(m.to and m.to.startswith("row:") for m in example.moves)
             or (has_column and all(h is None for h in heads)) or not has_column)
    if "2" in used and "5" not in used:
        rule5 = False
    two = spec.special_named("paganini-windows-two-sided")
    fill = "left-up-or-right-down" if "9" in used else "left-up"
    packs = spec.value("deck.packs")
    if not isinstance(packs, int):
        cards = sum(1 for r in layout for c in r if c is not None)
        packs = max(1, round(cards / (4 * slots)))
    return Variant("Б" if rule5 else "А", aces_in_layout=rule5, fill=fill, slots=slots, packs=packs,
                   evidence=two if fill != "left-up" and two else spec.special_named("paganini-windows", *Paganini.names))


def _cell(c) -> str:
    return f"r{c[0]}c{c[1]}" if c else "?"


register_phrases({
    ("rule 4", "fills-window"): lambda c: f"the window right of {show(c.cards[1])} takes the next card of its suit "
                                          f"({_cell(c.detail.get('src'))} → {_cell(c.detail.get('cell'))})",
    ("rule 9", "fills-window-left-of"): lambda c: f"the window left of {show(c.cards[1])} takes the card below it in its "
                                                  f"suit ({_cell(c.detail.get('src'))} → {_cell(c.detail.get('cell'))})",
    ("rule 5", "ace-to-row"): lambda c: f"no window can be filled, so an ace comes to the start of row {c.detail.get('row')}",
    ("rule 5", "not-an-ace"): lambda c: "only an ace goes to the start of a row",
    ("rule 5", "row-has-ace"): lambda c: f"row {c.detail.get('row')} already starts with {show(c.cards[1])}",
    ("rule 5", "windows-left"): lambda c: f"an ace comes in only when no window can be filled; {c.detail.get('n')} "
                                          f"window move(s) remain (e.g. {c.detail.get('example')})",
    ("rule 2", "aces-placed"): lambda c: f"in variant {c.detail.get('variant')} the aces are in the ace column already",
    ("rule 4", "dead-window"): lambda c: f"the window {_cell(c.detail.get('cell'))} is dead ("
                                         + {"row-start": "a row start without an ace", "after-window": "right of a window",
                                            "after-king": "right of a king"}.get(c.detail.get("why"), "") + ")",
    ("rule 4", "takes-only"): lambda c: f"the window {_cell(c.detail.get('cell'))} right of {show(c.cards[1])} takes only "
                                        f"{' or '.join(map(show, c.detail.get('want') or []))}",
    ("source", "not-in-row"): lambda c: (f"row {c.detail.get('row')}" if c.detail.get("row") else "the layout")
                                        + f" holds no {show(c.cards[0])} ({card_000(c.cards[0])}) that can move; it lies at "
                                        + (", ".join(map(_cell, c.detail.get("at") or [])) or "nowhere"),
    ("source", "not-there"): lambda c: f"{_cell(c.detail.get('cell'))} holds {show(c.cards[1])}",
    ("source", "ace-column"): lambda c: "aces in the ace column do not move",
    ("source", "no-card"): lambda c: "the move names no card with a suit",
    ("target", "no-anchor"): lambda c: (f"row {c.detail.get('row')}" if c.detail.get("row") else "the layout")
                                       + f" holds no {show(c.cards[1])} ({card_000(c.cards[1])}), so no window right of it; "
                                       + f"it lies at {', '.join(map(_cell, c.detail.get('at') or [])) or 'nowhere'}",
    ("target", "no-window-right"): lambda c: f"no window right of {show(c.cards[1])} ({card_000(c.cards[1])})",
    ("target", "no-window"): lambda c: "no window " + (f"in row {c.detail['row']}" if c.detail.get("row") else "in the layout"),
    ("target", "no-such-row"): lambda c: f"there is no row {c.detail.get('row')}",
    ("target", "not-a-window"): lambda c: f"{_cell(c.detail.get('cell'))} is not a window (it holds {show(c.cards[1])})",
    ("target", "outside-layout"): lambda c: "a cell outside the layout",
    ("layout", "needs-layout"): lambda c: "a Paganini move names rows and windows: it needs the example's layout, "
                                          "which is not printed or derived",
})
