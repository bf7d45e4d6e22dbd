"""A full-state patience engine driven by the rule spec (``pasyans/data/rules.schema.json``, 0.2).

The state holds every card: tableau piles, foundations, cells, stock and waste. A :class:`Step`
moves cards between two places; :meth:`State.check` judges it against the spec and returns a
:class:`~pasyans.models.Verdict` (``legal``; ``illegal`` with the rule broken and its quote and
raw lines; ``unverifiable`` naming the unknown field), :meth:`State.legal_moves` lists the legal
steps, :meth:`State.apply` plays one and :meth:`State.undo` takes it back exactly. Nothing
unknown is filled in: a step that depends on an unknown field is ``unverifiable`` and says which.

Places are ``(kind, index)``: ``("tableau", i)``, ``("foundation", i)``, ``("cell", i)``,
``("stock", 0)``, ``("waste", 0)``; indices from 0. Piles are lists, bottom card first, the
playable card last. The stock is kept with the next card to deal *last*.

Rules read (each through :class:`pasyans.engine.partial.RuleSpec`):

* tableau: ``tableau.build_direction``, ``build_suit``, ``wrap``; a space: ``tableau.space``;
  several cards: ``tableau.move``;
* foundations: ``foundations.base`` (the first card; ``none``: no foundations), ``direction``,
  ``step``, ``suit``, ``wrap``, ``removable`` (taking a card back), ``complete_sequences`` (only
  runs K…A of one suit leave the tableau, Simple Simon);
* the waste as a pile built on (Golf's «резервная стопка»): ``waste.build_direction``,
  ``build_suit``, ``wrap``;
* cells: ``layout.cells``; the stock: ``stock.deal`` (``"N at a time"``), ``stock.deal_to``
  (``waste``, or ``tableau``: one card on each pile), ``stock.redeals``;
* ``special`` rules the engine knows by name: ``dead-king`` (nothing goes on a king on the
  waste: Dead King Golf, a solver's rule).

Conventions, as in :mod:`pasyans.engine.partial`: a single card may move whatever
``tableau.move`` says (only ``whole-pile`` forbids it). Several cards move when they are a
sequence by the build rules and either the move rule lets them go as one unit, or the move can be
done as unit moves through free cells and spaces (the usual «supermove», :func:`supermove_ok`),
using cells or spaces only where their rule is known.

A game without foundations (``foundations.base = none``, e.g. Simple Simon, whose runs are built
«в пределах расклада»): a solver's step that sets a finished run K…A aside is the goal reached for
that suit; the pile it leaves stays *held* — under the book the run still lies there — and a
later step into it is illegal.

Games with mechanics outside the spec (accordion jumps, pairs, clock positions; the Paganini
family is :mod:`pasyans.engine.paganini`) subclass :class:`State` and override ``_judge``,
``candidate_steps`` and ``is_won``; the four games the solvers play need none.
"""


from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from pasyans.cards import Card
from pasyans.models import Verdict

from .outcome import Outcome
from .policy import ANY_SUIT, SUIT_POLICIES, suit_fits
from .partial import RuleField, RuleSpec, base_ranks

Place = tuple[str, int]
KINDS = ("tableau", "foundation", "cell", "stock", "waste")


class IllegalMove(ValueError):
    """A step that may not be applied; ``verdict`` says why."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.reason)
        self.verdict = verdict


@dataclass(frozen=True)
class Step:
    """A move of ``count`` cards from the top of ``src`` to ``dst`` (places as in the module text).

    ``dst`` index ``-1`` on a foundation or a cell means «whichever fits» and is settled by
    :meth:`State.resolve`.
    """

    src: Place
    dst: Place
    count: int = 1

    def __str__(self) -> str:
        def p(pl: Place) -> str:
            return pl[0] if pl[0] in ("stock", "waste") else f"{pl[0]} {pl[1]}"
        n = f"{self.count} cards " if self.count != 1 else ""
        return f"{n}{p(self.src)} → {p(self.dst)}"


# -- collecting a verdict ------------------------------------------------------------------------

def _direction_steps(direction: str, step: int) -> list[int]:
    return {"up": [step], "down": [-step], "both": [step, -step], "either": [step, -step]}.get(direction, [])


@lru_cache(maxsize=4096)
def supermove_ok(sizes: tuple[int, ...], cells: int, spaces: int) -> bool:
    """Whether units of ``sizes`` cards (bottom unit first; the bottom unit lands on the target)
    can be moved one unit at a time with ``cells`` free cells (one card each) and ``spaces``
    empty piles that take any unit. With single cards this is the classic ``(cells + 1) · 2^spaces``."""
    if len(sizes) <= 1:
        return True
    if all(s == 1 for s in sizes[1:]) and len(sizes) - 1 <= cells:
        return True
    if spaces == 0:
        return False
    return any(supermove_ok(sizes[j:], cells, spaces - 1) and supermove_ok(sizes[:j], cells, spaces - 1)
               for j in range(1, len(sizes)))


# -- the state -----------------------------------------------------------------------------------

class State:
    """The full state of one game, judged by ``spec`` (a rule-spec dict or a :class:`RuleSpec`).

    ``tableau``: piles, bottom first. ``foundations``: piles (default: 4 empty ones; a board may
    have none). ``cells``: one entry per cell position (``None`` empty; default: ``layout.cells``
    empty cells, or none). ``stock``: in dealing order (first card dealt first). ``waste``: bottom
    first. Raises ``ValueError`` for a tableau that is not a list of piles.
    """

    def __init__(self, spec: dict | RuleSpec | None, tableau: list[list[Card]],
                 foundations: list[list[Card]] | None = None, cells: list[Card | None] | None = None,
                 stock: list[Card] | None = None, waste: list[Card] | None = None) -> None:
        self.rules = spec if isinstance(spec, RuleSpec) else RuleSpec(spec)
        if not isinstance(tableau, list) or not all(isinstance(p, list) for p in tableau):
            raise ValueError("tableau must be a list of piles (lists of cards)")
        self.tableau = [list(p) for p in tableau]
        self.foundations = [list(p) for p in foundations] if foundations is not None else [[] for _ in range(4)]
        if cells is None:
            f = self.rules.get("layout.cells")
            cells = [None] * f.value if f is not None and isinstance(f.value, int) else []
        self.cells: list[Card | None] = list(cells)
        self.stock = list(reversed(stock or []))
        self.waste = list(waste or [])
        self.held: set[int] = set()
        """Tableau piles emptied by setting a finished run aside in a game without foundations."""
        self.redeals_used = 0
        self.history: list[tuple[Step, list[Card], dict]] = []
        self._conflicts = {c.get("field"): c for c in (self.rules.rules.get("conflicts") or []) if isinstance(c, dict)}
        self._fields: dict[str, RuleField | None] = {}

    @classmethod
    def from_board(cls, spec: dict | RuleSpec | None, board) -> "State":
        """A state from a :class:`pasyans.engine.oracles.Board` (``tableau``, ``foundations``,
        ``cells``, ``stock``, ``waste``)."""
        return cls(spec, board.tableau, board.foundations, board.cells, board.stock, board.waste)

    # -- reading --------------------------------------------------------------------------------
    def pile(self, place: Place) -> list[Card]:
        """The list behind a pile place (tableau, foundation, waste; the stock with its next card
        last). Raises ``IndexError`` for a pile the state does not have, ``ValueError`` for a cell."""
        kind, i = place
        if kind == "tableau":
            return self.tableau[self._index(self.tableau, i, place)]
        if kind == "foundation":
            return self.foundations[self._index(self.foundations, i, place)]
        if kind == "stock":
            return self.stock
        if kind == "waste":
            return self.waste
        raise ValueError(f"{place} is not a pile")

    @staticmethod
    def _index(seq: list, i: int, place: Place) -> int:
        if not 0 <= i < len(seq):
            raise IndexError(f"no {place[0]} {i} (there are {len(seq)})")
        return i

    def cards(self) -> Counter:
        """The multiset of every card in the state."""
        c: Counter = Counter()
        for group in (self.tableau, self.foundations):
            for p in group:
                c.update(p)
        c.update(x for x in self.cells if x is not None)
        c.update(self.stock)
        c.update(self.waste)
        return c

    def snapshot(self) -> tuple:
        """An immutable picture of the whole state (equal snapshots = equal states)."""
        return (tuple(map(tuple, self.tableau)), tuple(map(tuple, self.foundations)), tuple(self.cells),
                tuple(self.stock), tuple(self.waste), tuple(sorted(self.held)), self.redeals_used)

    def moving_cards(self, step: Step) -> list[Card]:
        """The cards ``step`` would move, bottom first (for a deal: in dealing order); empty when
        the source has too few."""
        kind, i = step.src
        if kind == "cell":
            if not 0 <= i < len(self.cells) or self.cells[i] is None:
                return []
            return [self.cells[i]]
        if kind == "stock":
            n = len(self._deal_places(step)) if step.dst == ("tableau", -1) else step.count
            return list(reversed(self.stock[-n:])) if self.stock else []
        try:
            pile = self.pile(step.src)
        except (IndexError, ValueError):
            return []
        return list(pile[-step.count:]) if 0 < step.count <= len(pile) else []

    def field(self, path: str) -> RuleField | None:
        """The known spec field at ``path``, or ``None`` when it is unknown (read once, then cached)."""
        try:
            return self._fields[path]
        except KeyError:
            f = self._fields[path] = self.rules.get(path)
            return f

    def value(self, path: str):
        """The value of the known field at ``path``, or ``None``."""
        f = self.field(path)
        return None if f is None else f.value

    def evidence(self, f: RuleField) -> str:
        """The field's value, quote and lines, and any conflict the spec records for it."""
        s = f.evidence()
        c = self._conflicts.get(f.path)
        if c:
            others = [f"«{q}» (lines {ln[0]}–{ln[1]})" for q, ln in zip(c.get("quotes", [])[1:], c.get("lines", [])[1:])]
            if others:
                s += "; the spec records a conflict: " + "; ".join(others)
        return s

    def free_cells(self) -> int:
        """Empty cell positions."""
        return sum(1 for c in self.cells if c is None)

    def spaces(self, exclude: tuple[int, ...] = ()) -> list[int]:
        """Indices of empty tableau piles (held piles and ``exclude`` left out)."""
        return [i for i, p in enumerate(self.tableau) if not p and i not in exclude and i not in self.held]

    def has_foundations(self) -> bool:
        """``False`` when the spec says the game has none (``foundations.base = none``) or the board
        has no foundation piles."""
        return bool(self.foundations) and self.value("foundations.base") != "none"

    # -- the rules -------------------------------------------------------------------------------
    def resolve(self, step: Step) -> Step:
        """``step`` with a «whichever fits» foundation or cell (index ``-1``) settled: the first
        foundation on which the step is legal (else unverifiable; else the pile of the card's suit
        or the first empty one), the first empty cell; a run of 13 cards is moved whole when a
        single card is asked onto a foundation from a pile topped by a finished run K…A."""
        kind, i = step.dst
        if kind == "foundation" and step.src[0] == "tableau" and step.count == 1:
            pile = self.tableau[step.src[1]] if 0 <= step.src[1] < len(self.tableau) else []
            if len(pile) >= 13 and full_run(pile[-13:]) and (
                    self.value("foundations.complete_sequences") is True or not self.has_foundations()):
                step = Step(step.src, step.dst, 13)
        if i != -1 or kind not in ("foundation", "cell"):
            return step
        if kind == "cell":
            free = [j for j, c in enumerate(self.cells) if c is None]
            return Step(step.src, ("cell", free[0] if free else 0), step.count)
        cands = [Step(step.src, ("foundation", j), step.count) for j in range(len(self.foundations))]
        if not cands:
            return Step(step.src, ("foundation", 0), step.count)
        verdicts = [self.check(s).verdict for s in cands]
        for want in ("legal", "unverifiable"):
            if want in verdicts:
                return cands[verdicts.index(want)]
        moving = self.moving_cards(step)
        suit = moving[-1].suit if moving else None
        for s in cands:
            p = self.foundations[s.dst[1]]
            if p and p[-1].suit == suit:
                return s
        return next((s for s in cands if not self.foundations[s.dst[1]]), cands[0])

    def check(self, step: Step) -> Verdict:
        """The verdict on ``step`` in this state (the state is not changed)."""
        c = Outcome()
        cards = self._physical(step, c)
        if cards is not None:
            self._judge(step, cards, c)
        c.primary = c.primary or (c.checked[0] if c.checked else None)  # the first rule checked decides
        return c.verdict()

    def _physical(self, step: Step, c: Outcome) -> list[Card] | None:
        """The moving cards, or ``None`` after a ``state`` failure (nothing there, no such place)."""
        for kind, _ in (step.src, step.dst):
            if kind not in KINDS:
                c.fail("state", f"unknown place kind {kind!r}")
                return None
        if step.count < 1:
            c.fail("state", f"a move of {step.count} cards")
            return None
        if step.src == step.dst:
            c.fail("state", "a move onto the same place")
            return None
        cards = self.moving_cards(step)
        if not cards or (len(cards) != step.count and step.src[0] not in ("stock", "waste")):
            have = "nothing" if not cards else f"only {len(cards)}"
            c.fail("state", f"{step.src[0]} {step.src[1]} has {have} to move ({step.count} wanted)")
            return None
        kind, i = step.dst
        if kind in ("tableau", "foundation") and not (kind == "tableau" and i == -1 and step.src[0] == "stock"):
            seq = self.tableau if kind == "tableau" else self.foundations
            if not 0 <= i < len(seq):
                c.fail("state", f"there is no {kind} {i} (there are {len(seq)})")
                return None
        if kind == "cell" and not 0 <= i < len(self.cells):
            c.fail("state", f"there is no cell {i} (the board has {len(self.cells)})")
            return None
        return cards

    def _judge(self, step: Step, cards: list[Card], c: Outcome) -> None:
        src, dst = step.src[0], step.dst[0]
        if src == "stock":
            self._check_deal(step, c)
        elif src == "waste" and dst == "stock":
            self._check_redeal(step, c)
        elif dst == "stock":
            c.fail("state", f"cards do not go from the {src} to the stock")
        else:
            if src == "foundation":
                self._check_from_foundation(cards[0], c)
            if step.count > 1 and src in ("waste", "cell"):
                c.fail("state", f"{step.count} cards at once from the {src}")
            elif dst == "tableau":
                self._check_to_tableau(step, cards, c)
            elif dst == "foundation":
                self._check_to_foundation(step, cards, c)
            elif dst == "cell":
                self._check_to_cell(step, cards, c)
            elif dst == "waste":
                self._check_to_waste(step, cards, c)

    # tableau ------------------------------------------------------------------------------------
    def _check_to_tableau(self, step: Step, cards: list[Card], c: Outcome) -> None:
        j = step.dst[1]
        target = self.tableau[j]
        if j in self.held:
            b = self.field("foundations.base")
            c.fail("foundations.base", f"tableau {j} is empty only because the solver set its finished run aside; "
                                       f"the game has no foundations, so under the book the run still lies there"
                                       + (f" — {self.evidence(b)}" if b is not None else ""))
            return
        if step.count > 1:
            self._check_several(step, cards, c)
        elif self.value("tableau.move") == "whole-pile" and step.src[0] == "tableau" \
                and len(self.tableau[step.src[1]]) > 1:
            c.fail("tableau.move", f"{cards[0]} moves alone but only whole piles move — "
                                   f"{self.evidence(self.field('tableau.move'))}")
        if target:
            self._check_build("tableau", cards[0], target[-1], c)
        else:
            self._check_space(cards[0], step, c)

    def _check_build(self, where: str, x: Card, y: Card, c: Outcome, tag: str = "") -> None:
        """Rank step and suit policy for ``x`` put on ``y`` in the ``where`` (``"tableau"`` or
        ``"waste"``): ``{where}.build_direction`` (one rank), ``{where}.wrap``, ``{where}.build_suit``."""
        d = self.field(f"{where}.build_direction")
        if d is None:
            c.missing(f"{where}.build_direction", f"{where}.build_direction unknown: cannot say whether {x} may go on {y}{tag}")
        elif d.value == "none":
            c.fail(d.path, f"{x} on {y}{tag}: the {where} takes no building — {self.evidence(d)}")
        elif d.value not in ("down", "up", "either"):
            c.missing(d.path, f"{d.path} value {d.value!r} is not one the engine knows")
        else:
            want = _direction_steps(d.value, 1)
            diff = x.rank - y.rank
            if diff in want:
                c.ok(d.path, f"{x} on {y}{tag}: {d.value}")
            elif diff % 13 in [w % 13 for w in want]:
                self._wrap(f"{where}.wrap", x, y, c, tag)
            else:
                word = {"down": "one rank lower", "up": "one rank higher", "either": "one rank higher or lower"}[d.value]
                c.fail(d.path, f"{x} on {y}{tag}: the card must be {word} — {self.evidence(d)}")
        s = self.field(f"{where}.build_suit")
        if s is None:
            c.missing(f"{where}.build_suit", f"{where}.build_suit unknown: cannot say whether {x} may go on {y}{tag}")
        else:
            self._suit(s, x, y, c, tag)

    def _wrap(self, path: str, x: Card, y: Card, c: Outcome, tag: str = "") -> None:
        w = self.field(path)
        if w is None:
            c.missing(path, f"{x} on {y}{tag} goes round the corner (king–ace): {path} unknown")
        elif w.value:
            c.ok(path, f"{x} on {y}{tag}: round the corner")
        else:
            c.fail(path, f"{x} on {y}{tag} would go round the corner (king–ace) — {self.evidence(w)}")

    def _suit(self, s: RuleField, x: Card, y: Card, c: Outcome, tag: str = "") -> None:
        policy = s.value
        if policy in ANY_SUIT:
            c.ok(s.path)
        elif policy in SUIT_POLICIES:
            if suit_fits(policy, x, y):
                c.ok(s.path)
            else:
                c.fail(s.path, f"{x} on {y}{tag} breaks the suit rule — {self.evidence(s)}")
        elif policy == "none":
            c.fail(s.path, f"{x} on {y}{tag}: nothing is built here — {self.evidence(s)}")
        else:
            c.missing(s.path, f"{s.path} value {policy!r} is not one the engine knows")

    def _check_space(self, card: Card, step: Step, c: Outcome) -> None:
        f = self.field("tableau.space")
        where = f"{card} into the empty tableau {step.dst[1]}"
        if f is None:
            c.missing("tableau.space", f"{where}: tableau.space unknown")
            return
        v, src = f.value, step.src[0]
        allowed = {"any": True, "any-or-reserve": True, "kings": card.rank == 13, "not-filled": False,
                   "from-stock": src == "stock", "from-waste": src == "waste",
                   "from-waste-or-stock": src in ("waste", "stock"), "from-reserve": src == "reserve"}
        if v not in allowed:
            c.missing("tableau.space", f"{where}: tableau.space = {v!r} (see special) is not one the engine decides")
        elif allowed[v]:
            c.ok("tableau.space", f"{where}: {v}")
        else:
            c.fail("tableau.space", f"{where}: the space rule does not allow it — {self.evidence(f)}")

    def _units(self, cards: list[Card], policy: str | None) -> list[int]:
        """Sizes of the units a sequence moves in, bottom first."""
        if policy == "any-sequence":
            return [len(cards)]
        if policy == "same-suit-sequence":
            sizes = [1]
            for a, b in zip(cards, cards[1:]):
                if a.suit == b.suit:
                    sizes[-1] += 1
                else:
                    sizes.append(1)
            return sizes
        return [1] * len(cards)

    def _check_several(self, step: Step, cards: list[Card], c: Outcome) -> None:
        """Several cards: built by the tableau rules, and movable (see the module text)."""
        for lower, upper in zip(cards, cards[1:]):
            self._check_build("tableau", upper, lower, c, tag=" (within the moved sequence)")
        if c.bad or c.unknown:
            return
        f = self.field("tableau.move")
        policy = f.value if f is not None else None
        if policy == "whole-pile":
            if step.src[0] == "tableau" and len(self.tableau[step.src[1]]) == step.count:
                c.ok("tableau.move", f"the whole pile moves — {self.evidence(f)}")
            else:
                c.fail("tableau.move", f"{step.count} cards move, not the whole pile — {self.evidence(f)}")
            return
        if policy not in (None, "one-card", "any-sequence", "same-suit-sequence"):
            c.missing("tableau.move", f"tableau.move value {policy!r} is not one the engine knows")
            return
        units = tuple(self._units(cards, policy))
        if len(units) == 1:
            c.ok("tableau.move", f"{step.count} cards move as one unit — {self.evidence(f)}")
            return
        exclude = tuple(i for kind, i in (step.src, step.dst) if kind == "tableau")
        positions = self.free_cells()
        cap = self.field("layout.cells")
        if cap is not None and isinstance(cap.value, int):
            free = max(0, min(positions, cap.value - sum(1 for x in self.cells if x is not None)))
        else:
            free = 0
        n_spaces = len(self.spaces(exclude))
        sp = self.field("tableau.space")
        usable = n_spaces if sp is not None and sp.value in ("any", "any-or-reserve") else 0
        how = "single cards" if policy in (None, "one-card") else "runs of one suit"
        base = f"{step.count} cards moved as {len(units)} unit moves ({how})"
        note = "; tableau.move unknown: single-card moves need no move rule" if policy is None else ""
        if supermove_ok(units, free, usable):
            c.ok("tableau.move", f"{base} through {free} free cells and {usable} spaces{note}")
            for rule, n in (("layout.cells", free), ("tableau.space", usable)):
                if n:
                    c.ok(rule)
            return
        wide_cells = positions if cap is None else free
        wide_spaces = n_spaces if sp is None else usable
        unknown = [r for r, f_, n in (("layout.cells", cap, positions), ("tableau.space", sp, n_spaces)) if f_ is None and n]
        if unknown and supermove_ok(units, wide_cells, wide_spaces):
            c.missing(unknown[0], f"{base} needs {wide_cells} free cells and {wide_spaces} spaces, but "
                                  f"{' and '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} unknown")
        elif policy is None:
            c.missing("tableau.move", f"{base} cannot be done with {free} free cells and {usable} spaces; "
                                      f"a rule moving sequences as a unit would allow it, but tableau.move is unknown")
        else:
            c.fail("tableau.move", f"{base} cannot be done with {free} free cells and {usable} spaces — {self.evidence(f)}")

    # foundations ----------------------------------------------------------------------------------
    def _check_from_foundation(self, x: Card, c: Outcome) -> None:
        f = self.field("foundations.removable")
        if f is None:
            c.missing("foundations.removable", f"{x} is taken back from a foundation: foundations.removable unknown")
        elif f.value:
            c.ok("foundations.removable", f"{x} taken back from a foundation")
        else:
            c.fail("foundations.removable", f"{x} may not be taken back from a foundation — {self.evidence(f)}")

    def _check_to_foundation(self, step: Step, cards: list[Card], c: Outcome) -> None:
        base = self.field("foundations.base")
        if base is not None and base.value == "none" and step.count == 1:
            c.fail("foundations.base", f"{cards[0]} onto a foundation: the game has none — {self.evidence(base)}")
            return
        if step.count > 1:
            self._check_run_off(step, cards, c)
            return
        cs = self.field("foundations.complete_sequences")
        if cs is not None and cs.value is True:
            c.fail(cs.path, f"{cards[0]} alone onto a foundation: only whole runs K…A leave the tableau — {self.evidence(cs)}")
            return
        self._foundation_rule(cards[0], self.foundations[step.dst[1]], c)

    def _check_run_off(self, step: Step, cards: list[Card], c: Outcome) -> None:
        """Several cards onto a foundation: only a finished run K…A of one suit, from the tableau."""
        if step.src[0] != "tableau" or not full_run(cards):
            c.fail("foundations.complete_sequences", f"{step.count} cards at once onto a foundation "
                                                     f"({' '.join(map(str, cards))}) are not a finished run K…A of one suit")
            return
        if self.foundations[step.dst[1]]:
            c.fail("state", f"foundation {step.dst[1]} already holds {self.foundations[step.dst[1]][-1]}")
            return
        run = f"the run {cards[0]}…{cards[-1]}"
        cs, base = self.field("foundations.complete_sequences"), self.field("foundations.base")
        if cs is not None and cs.value is True:
            c.ok(cs.path, f"{run} leaves the tableau — {self.evidence(cs)}")
        elif base is not None and base.value == "none":
            c.ok("goal", f"{run} is finished: the goal reached for its suit; the game has no foundations "
                         f"({self.evidence(base)}), so the solver's setting it aside is bookkeeping and the pile stays held")
        elif cs is not None:
            c.fail(cs.path, f"{run} leaves the tableau at once, but only single cards go to the foundations — {self.evidence(cs)}")
        else:
            c.missing("foundations.complete_sequences", f"{run} leaves the tableau at once: "
                                                        f"foundations.complete_sequences unknown")

    def _foundation_rule(self, x: Card, pile: list[Card], c: Outcome) -> None:
        """``x`` onto the foundation ``pile``: base, direction, step, suit, wrap."""
        if not pile:
            self._base_rule(x, c)
            return
        y = pile[-1]
        d, st, s = self.field("foundations.direction"), self.field("foundations.step"), self.field("foundations.suit")
        if d is None:
            c.missing("foundations.direction", f"{x} on the foundation {y}: foundations.direction unknown")
        if st is None:
            c.missing("foundations.step", f"{x} on the foundation {y}: foundations.step unknown")
        if d is not None and st is not None:
            self._foundation_step(x, y, d, st, c)
        if s is None:
            c.missing("foundations.suit", f"{x} on the foundation {y}: foundations.suit unknown")
        else:
            self._suit(s, x, y, c, " (foundation)")

    def _foundation_step(self, x: Card, y: Card, d: RuleField, st: RuleField, c: Outcome) -> None:
        """Direction, step and wrap for ``x`` on the foundation top ``y``."""
        if d.value not in ("up", "down", "both") or not isinstance(st.value, int):
            rule = "foundations.direction" if d.value not in ("up", "down", "both") else "foundations.step"
            if d.value == "none":
                c.fail(rule, f"{x} onto a foundation: the game has none — {self.evidence(d)}")
            else:
                c.missing(rule, f"foundations direction/step {d.value!r}/{st.value!r} not known to the engine")
            return
        want = _direction_steps(d.value, st.value)
        diff = x.rank - y.rank
        if diff in want:
            c.ok("foundations.direction", f"{x} on {y}: {d.value}, step {st.value}")
        elif diff % 13 in [w % 13 for w in want]:
            self._wrap("foundations.wrap", x, y, c, " (foundation)")
        else:
            c.fail("foundations.direction", f"{x} on the foundation {y}: not {d.value} by {st.value} — "
                                            f"{self.evidence(d)}; {self.evidence(st)}")

    def _base_rule(self, x: Card, c: Outcome) -> None:
        b = self.field("foundations.base")
        if b is None:
            c.missing("foundations.base", f"{x} starts a foundation: foundations.base unknown")
            return
        if b.value == "any-first":
            started = [p[0] for p in self.foundations if p]
            if not started or started[0].rank == x.rank:
                c.ok("foundations.base", f"{x} starts a foundation (the first card sets the base rank)")
            else:
                c.fail("foundations.base", f"{x} cannot start a foundation: the first one started with "
                                           f"{started[0]} — {self.evidence(b)}")
            return
        ranks = base_ranks(b.value)
        if ranks == "any":
            c.ok("foundations.base", f"{x} starts a foundation (any card)")
        elif not isinstance(ranks, list):
            c.missing("foundations.base", f"foundations.base value {b.value!r} is not one the engine decides")
        elif x.rank in ranks:
            c.ok("foundations.base", f"{x} starts a foundation — {b.value}")
        else:
            c.fail("foundations.base", f"{x} cannot start a foundation — {self.evidence(b)}")

    # the waste, cells and the stock -------------------------------------------------------------
    def _check_to_waste(self, step: Step, cards: list[Card], c: Outcome) -> None:
        """A card played onto the waste (Golf's «резервная стопка»): the ``waste.*`` build rules."""
        if not self.waste:
            c.missing("waste.build_direction", f"{cards[0]} onto an empty waste: no rule says what starts it")
            return
        top = self.waste[-1]
        dead = next((sp for sp in self.rules.special() if sp.get("name") == "dead-king"), None)
        if dead is not None and top.rank == 13:
            c.fail("special:dead-king", f"{cards[0]} on {top}: nothing goes on a king — «{dead.get('quote')}»")
            return
        self._check_build("waste", cards[0], top, c)

    def _check_to_cell(self, step: Step, cards: list[Card], c: Outcome) -> None:
        if step.count != 1:
            c.fail("layout.cells", f"{step.count} cards into one cell")
            return
        if self.cells[step.dst[1]] is not None:
            c.fail("state", f"cell {step.dst[1]} already holds {self.cells[step.dst[1]]}")
            return
        f = self.field("layout.cells")
        if f is None:
            c.missing("layout.cells", f"{cards[0]} into a cell: layout.cells unknown")
            return
        used = sum(1 for x in self.cells if x is not None) - (1 if step.src[0] == "cell" else 0)
        if not isinstance(f.value, int):
            c.missing("layout.cells", f"layout.cells value {f.value!r} is not a number")
        elif used < f.value:
            c.ok("layout.cells", f"{cards[0]} into a cell ({used + 1} of {f.value} in use)")
        else:
            c.fail("layout.cells", f"{cards[0]} into a cell: all {f.value} cells are in use — {self.evidence(f)}")

    def deal_count(self) -> int | None:
        """Cards per deal from ``stock.deal`` (``"1 at a time"`` → 1, ``"3"`` → 3), or ``None``."""
        m = re.search(r"\d+", str(self.value("stock.deal") or ""))
        return int(m.group()) if m else None

    def _deal_places(self, step: Step) -> list[int]:
        return list(range(len(self.tableau))) if step.dst == ("tableau", -1) else [0]

    def _check_deal(self, step: Step, c: Outcome) -> None:
        if not self.stock:
            c.fail("state", "the stock is empty")
            return
        to = self.field("stock.deal_to")
        want = {"waste": ("waste", 0), "tableau": ("tableau", -1)}
        if to is None:
            c.missing("stock.deal_to", f"a deal from the stock to the {step.dst[0]}: stock.deal_to unknown")
        elif to.value not in want:
            c.missing("stock.deal_to", f"stock.deal_to = {to.value!r}: a deal there is not modelled")
        elif want[to.value] != step.dst:
            c.fail("stock.deal_to", f"the stock is dealt to the {to.value}, not to {step.dst[0]} {step.dst[1]} — "
                                    f"{self.evidence(to)}")
        else:
            c.ok("stock.deal_to")
        if step.dst == ("tableau", -1):
            c.ok("stock.deal", f"one card on each of the {len(self.tableau)} piles")
            return
        n = self.deal_count()
        if n is None:
            f = self.field("stock.deal")
            c.missing("stock.deal", "a deal from the stock: stock.deal " +
                      ("unknown" if f is None else f"value {f.value!r} not understood"))
        else:
            c.ok("stock.deal", f"deal {min(n, len(self.stock))} card(s) — {self.evidence(self.field('stock.deal'))}")

    def _check_redeal(self, step: Step, c: Outcome) -> None:
        if self.stock:
            c.fail("state", "the waste is turned over only when the stock is empty")
            return
        f = self.field("stock.redeals")
        if f is None:
            c.missing("stock.redeals", "the waste is turned over for a new pass: stock.redeals unknown")
        elif f.value == "unlimited" or (isinstance(f.value, int) and self.redeals_used < f.value):
            c.ok("stock.redeals", f"redeal {self.redeals_used + 1} — {self.evidence(f)}")
        else:
            c.fail("stock.redeals", f"no redeal left ({self.redeals_used} used) — {self.evidence(f)}")

    # -- playing ------------------------------------------------------------------------------------
    def apply(self, step: Step, force: bool = False) -> Verdict:
        """Play ``step`` (after :meth:`resolve`) and return its verdict.

        Raises :class:`IllegalMove` when the verdict is not ``legal`` — unless ``force``, which
        plays any step the cards allow (to replay a solver's line past an unverifiable or illegal
        move); a step with nothing to move raises even then.
        """
        step = self.resolve(step)
        verdict = self.check(step)
        if verdict.verdict != "legal" and (not force or verdict.rule == "state"):
            raise IllegalMove(verdict)
        self.play(step)
        return verdict

    def play(self, step: Step) -> None:
        """Move the cards of a resolved ``step`` without judging it, and record how to undo it (for
        replaying a solver's line past a refused move). The caller makes sure the cards are there:
        :meth:`check` does not answer with rule ``state``."""
        kind, i = step.src
        extra: dict = {}
        if kind == "stock":
            places = self._deal_places(step)
            n = len(places) if step.dst == ("tableau", -1) else (self.deal_count() or 1)
            moved = [self.stock.pop() for _ in range(min(n, len(self.stock)))]
            if step.dst == ("tableau", -1):
                for j, card in zip(places, moved):
                    self.tableau[j].append(card)
                extra["places"] = places[:len(moved)]
            else:
                self.pile(step.dst).extend(moved)
            self.history.append((step, moved, extra))
            return
        if kind == "cell":
            moved = [self.cells[i]]
            self.cells[i] = None
        else:
            pile = self.pile(step.src)
            moved = pile[-step.count:]
            del pile[-step.count:]
        dkind, j = step.dst
        if dkind == "cell":
            self.cells[j] = moved[0]
        elif dkind == "stock":
            self.stock.extend(reversed(moved))
            self.redeals_used += 1
        else:
            self.pile(step.dst).extend(moved)
        if dkind == "foundation" and len(moved) > 1 and not self.has_foundations() and kind == "tableau":
            self.held.add(i)
            extra["held"] = i
        self.history.append((step, moved, extra))

    def undo(self) -> Step:
        """Take back the last step exactly; returns it. Raises ``IndexError`` when nothing was played."""
        step, moved, extra = self.history.pop()
        kind, i = step.src
        dkind, j = step.dst
        if kind == "stock":
            if "places" in extra:
                for p in extra["places"]:
                    self.tableau[p].pop()
            else:
                del self.pile(step.dst)[-len(moved):]
            self.stock.extend(reversed(moved))
            return step
        if dkind == "cell":
            self.cells[j] = None
        elif dkind == "stock":
            del self.stock[-len(moved):]
            self.redeals_used -= 1
        else:
            del self.pile(step.dst)[-len(moved):]
        if kind == "cell":
            self.cells[i] = moved[0]
        else:
            self.pile(step.src).extend(moved)
        if "held" in extra:
            self.held.discard(extra["held"])
        return step

    def candidate_steps(self) -> list[Step]:
        """Every step worth checking: tableau tops (of every length that steps by one rank) , cells
        and the waste top to each tableau pile, foundation, the first empty cell and the waste;
        finished runs off the tableau; a deal; a redeal when the stock is empty."""
        out: list[Step] = []
        dsts: list[Place] = [("tableau", j) for j in range(len(self.tableau))]
        dsts += [("foundation", j) for j in range(len(self.foundations))]
        free = [j for j, x in enumerate(self.cells) if x is None]
        if free:
            dsts.append(("cell", free[0]))
        if self.waste:
            dsts.append(("waste", 0))
        for i, pile in enumerate(self.tableau):
            for n in range(1, len(pile) + 1):
                if n > 1 and abs(pile[-n].rank - pile[-n + 1].rank) not in (1, 12):
                    break       # not a sequence by any rank rule: longer ones are not either
                for d in dsts:
                    if d != ("tableau", i) and (n == 1 or d[0] == "tableau"):
                        out.append(Step(("tableau", i), d, n))
            if len(pile) >= 13 and full_run(pile[-13:]):
                empty = [j for j, p in enumerate(self.foundations) if not p]
                if empty:
                    out.append(Step(("tableau", i), ("foundation", empty[0]), 13))
        for i, x in enumerate(self.cells):
            if x is not None:
                out += [Step(("cell", i), d) for d in dsts if d[0] != "cell" and d != ("waste", 0)]
        if self.waste:
            out += [Step(("waste", 0), d) for d in dsts if d[0] != "waste"]
        if self.stock:
            out += [Step(("stock", 0), ("waste", 0)), Step(("stock", 0), ("tableau", -1))]
        elif self.waste:
            out.append(Step(("waste", 0), ("stock", 0), len(self.waste)))
        return out

    def legal_moves(self) -> list[Step]:
        """The steps whose verdict is ``legal`` now."""
        return [s for s in self.candidate_steps() if self.check(s).verdict == "legal"]

    def is_won(self) -> bool:
        """Won: with foundations, every card on them; without (``foundations.base = none``, no
        foundation piles, or only whole runs leaving the tableau), every tableau pile empty or a
        finished run K…A and no card in a cell — the stock and waste may keep cards (Golf: «Иногда
        звенья освобождаются от карт до того, как все карты под рукой иссякнут»)."""
        if any(x is not None for x in self.cells):
            return False
        if self.has_foundations() and self.value("foundations.complete_sequences") is not True:
            return not any(self.tableau) and not self.stock and not self.waste
        return all(not p or full_run(p) for p in self.tableau)

    def copy(self) -> "State":
        """An independent copy (history included)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.tableau = [list(p) for p in self.tableau]
        new.foundations = [list(p) for p in self.foundations]
        new.cells, new.stock, new.waste = list(self.cells), list(self.stock), list(self.waste)
        new.held, new.history = set(self.held), list(self.history)
        return new


def full_run(cards: list[Card]) -> bool:
    """Whether ``cards`` (bottom first) are K, Q, …, A of one suit."""
    return len(cards) == 13 and len({c.suit for c in cards}) == 1 and [c.rank for c in cards] == list(range(13, 0, -1))
