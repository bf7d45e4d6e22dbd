"""One model of a patience position, in two modes: every card known, or only what the text shows.

A :class:`Position` holds piles — ``tableau``, ``foundations``, ``cells``, ``stock``, ``waste``,
``reserve`` and the cards that left play (``discard``) — bottom card first, the playable card last.
The stock is kept with the next card to deal *last*.

* **full** (:meth:`Position.full`): every card of the deal lies in a pile; a solver's line or a
  printed layout is replayed on it. :class:`Step` moves cards between two places and
  :meth:`Position.check` judges it.
* **known facts** (:meth:`Position.known`): a worked example printed without its deal. The piles
  are the fragments the text reveals — «♦4 — ♦5» makes a tableau fragment ``[5D, 4D]`` whose floor
  is unknown (``floors[i]`` false: unknown cards may lie below); a card shown on a foundation tops a
  foundation fragment; a card the text never names lies nowhere (:meth:`locate` gives ``None``).
  :mod:`pasyans.engine.judge` judges the text's moves in this mode, making an
  :class:`~pasyans.models.Assumption` where a fact the rules need is not shown.

Both modes judge through the same rule checks (:mod:`pasyans.engine.rules`, with the game's
mechanics from :mod:`pasyans.engine.variants`) and change the piles the same way (:meth:`move`).

Places are ``(kind, index)``: ``("tableau", i)``, ``("foundation", i)``, ``("cell", i)``,
``("stock", 0)``, ``("waste", 0)``, ``("reserve", i)``; indices from 0. A Simple Simon run set aside
by a solver (a game without foundations) leaves its pile *held*: under the book the run still lies
there, and a later step into it is illegal.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pasyans.cards import Card
from pasyans.models import Verdict
from pasyans.spec import RuleSpec

from . import reasons
from .rules import ANY_SPACE, ILLEGAL, LEGAL, UNKNOWN, Rules, Ruling, Situation, check, full_run

Place = tuple[str, int]
KINDS = ("tableau", "foundation", "cell", "stock", "waste", "reserve")


class IllegalMove(ValueError):
    """A step that may not be applied; ``verdict`` says why."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.reason)
        self.verdict = verdict


@dataclass(frozen=True)
class Step:
    """A move of ``count`` cards from the top of ``src`` to ``dst`` (places as in the module text).

    ``dst`` index ``-1`` on a foundation or a cell means «whichever fits» (:meth:`Position.resolve`);
    ``("tableau", -1)`` from the stock deals one card on each pile. ``whole``: the cards move as one
    unit (a book's move); otherwise a move of several cards is a solver's shorthand for unit moves
    through free cells and spaces.
    """

    src: Place
    dst: Place
    count: int = 1
    whole: bool = False

    def __str__(self) -> str:
        def p(pl: Place) -> str:
            return pl[0] if pl[0] in ("stock", "waste") else f"{pl[0]} {pl[1]}"
        n = f"{self.count} cards " if self.count != 1 else ""
        return f"{n}{p(self.src)} → {p(self.dst)}"


def verdict_of(ruling: Ruling, checked: list[str] | None = None, **context) -> Verdict:
    """The :class:`~pasyans.models.Verdict` of a ruling: illegal when a check failed, unverifiable
    when one could not be made (and none failed), else legal; the reason made by :mod:`reasons`.
    ``checked``: the rules looked at (default: those of the checks made)."""
    checks = ruling.checks
    kind = ruling.kind
    decisive = [c for c in checks if c.kind is kind] if kind is not LEGAL else []
    if decisive:
        primary = decisive[0].rule
    else:   # the mechanic or the fact that decided it, else the rule the move rests on
        ladder = [c.rule for c in checks if c.rule.startswith("special:")] + \
                 [c.rule for c in checks if c.rule == "foundations.preplaced"]
        primary = ladder[0] if ladder else (ruling.primary or (checks[-1].rule if checks else None))
    what = decisive[0].what if decisive else next((c.what for c in checks if c.rule == primary), None)
    checked = checked if checked is not None else list(dict.fromkeys(c.rule for c in checks if c.kind is not UNKNOWN))
    v = Verdict(kind.value, "", primary, checked, what, list(checks), ruling.assumed, dict(context))
    v.reason = reasons.explain(v)
    return v


class Position:
    """A position (see the module text). Build it with :meth:`full` or :meth:`known`."""

    def __init__(self, spec, rules: Rules | None = None, *, complete: bool = True) -> None:
        from .variants import rules_for

        self.spec = RuleSpec.from_json(spec)
        self.rules = rules if rules is not None else rules_for(self.spec)
        self.complete = complete
        self.tableau: list[list[Card]] = []
        self.foundations: list[list[Card]] = []
        self.floors: dict[tuple[str, int], bool] = {}
        self.cells: list[Card | None] = []
        self.stock: list[Card] = []
        self.waste: list[Card] = []
        self.reserve: list[list[Card]] = []
        self.discard: list[Card] = []
        self.held: set[int] = set()
        self.redeals_used = 0
        self.history: list[tuple[Step, list[Card], dict]] = []
        # known-facts mode: when and how cards came to where they are
        self.at: dict[Card, int] = {}
        self.how: dict[Card, str] = {}
        self.blurred = False

    # -- building --------------------------------------------------------------------------------
    @classmethod
    def full(cls, spec, tableau: list[list[Card]], foundations: list[list[Card]] | None = None,
             cells: list[Card | None] | None = None, stock: list[Card] | None = None,
             waste: list[Card] | None = None, rules: Rules | None = None) -> "Position":
        """A full position: ``tableau`` piles; ``foundations`` (default: four empty ones);
        ``cells`` (default: ``layout.cells`` empty cells, or none); ``stock`` in dealing order (first
        card dealt first); ``waste`` bottom first. Raises ``ValueError`` for a tableau that is not a
        list of piles."""
        if not isinstance(tableau, list) or not all(isinstance(p, list) for p in tableau):
            raise ValueError("tableau must be a list of piles (lists of cards)")
        pos = cls(spec, rules, complete=True)
        pos.tableau = [list(p) for p in tableau]
        pos.foundations = [list(p) for p in foundations] if foundations is not None else [[] for _ in range(4)]
        if cells is None:
            n = pos.spec.value("layout.cells")
            cells = [None] * n if isinstance(n, int) else []
        pos.cells = list(cells)
        pos.stock = list(reversed(stock or []))
        pos.waste = list(waste or [])
        return pos

    @classmethod
    def from_board(cls, spec, board) -> "Position":
        """A full position from a :class:`pasyans.engine.oracles.Board`."""
        return cls.full(spec, board.tableau, board.foundations, board.cells, board.stock, board.waste)

    @classmethod
    def known(cls, spec, rules: Rules | None = None) -> "Position":
        """An empty known-facts position: nothing shown yet."""
        return cls(spec, rules, complete=False)

    def copy(self) -> "Position":
        """An independent copy (history included)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.tableau = [list(p) for p in self.tableau]
        new.foundations = [list(p) for p in self.foundations]
        new.reserve = [list(p) for p in self.reserve]
        new.floors = dict(self.floors)
        new.cells, new.stock, new.waste, new.discard = list(self.cells), list(self.stock), list(self.waste), list(self.discard)
        new.held, new.history = set(self.held), list(self.history)
        new.at, new.how = dict(self.at), dict(self.how)
        return new

    # -- reading ---------------------------------------------------------------------------------
    def piles(self, kind: str) -> list[list[Card]]:
        """The piles of ``kind`` (``tableau``, ``foundation``, ``reserve``)."""
        return {"tableau": self.tableau, "foundation": self.foundations, "reserve": self.reserve}[kind]

    def pile(self, place: Place) -> list[Card]:
        """The list behind a pile place. Raises ``IndexError`` for a pile the position does not have,
        ``ValueError`` for a cell."""
        kind, i = place
        if kind in ("tableau", "foundation", "reserve"):
            seq = self.piles(kind)
            if not 0 <= i < len(seq):
                raise IndexError(f"no {kind} {i} (there are {len(seq)})")
            return seq[i]
        if kind == "stock":
            return self.stock
        if kind == "waste":
            return self.waste
        raise ValueError(f"{place} is not a pile")

    def locate(self, card: Card) -> tuple[Place, int] | None:
        """Where ``card`` lies: ``(place, depth)`` (depth 0 = on top), or ``None`` when it is not in
        the position (known-facts mode: not shown; a card named by rank only is never located)."""
        if card.suit is None:
            return None
        for kind, seq in (("tableau", self.tableau), ("foundation", self.foundations), ("reserve", self.reserve)):
            for i, p in enumerate(seq):
                if card in p:
                    j = len(p) - 1 - p[::-1].index(card)
                    return (kind, i), len(p) - 1 - j
        for i, c in enumerate(self.cells):
            if c == card:
                return ("cell", i), 0
        if card in self.waste:
            return ("waste", 0), len(self.waste) - 1 - self.waste[::-1].index(card)
        if card in self.stock:
            return ("stock", 0), self.stock.index(card)
        if card in self.discard:
            return ("discard", 0), 0
        return None

    def where(self, card: Card) -> str | None:
        """The kind of place ``card`` lies in, or ``None``."""
        spot = self.locate(card)
        return None if spot is None else spot[0][0]

    def above(self, card: Card) -> list[Card]:
        """The cards lying on ``card`` in its pile, bottom first (empty when it is on top or not located)."""
        spot = self.locate(card)
        if spot is None or spot[0][0] not in ("tableau", "foundation", "reserve", "waste"):
            return []
        p = self.pile(spot[0])
        i = len(p) - 1 - spot[1]
        return p[i + 1:]

    def tops(self, kind: str = "foundation") -> list[Card]:
        """The top cards of the piles of ``kind``."""
        return [p[-1] for p in self.piles(kind) if p]

    def started(self) -> int | None:
        """The base rank a foundation shows (its first card, where known): what an any-first game's
        other foundations must start with."""
        for i, p in enumerate(self.foundations):
            if p and self.floors.get(("foundation", i), self.complete):
                return p[0].rank
        return None

    def cards(self) -> Counter:
        """The multiset of every card in the position (left play included)."""
        c: Counter = Counter()
        for group in (self.tableau, self.foundations, self.reserve):
            for p in group:
                c.update(p)
        c.update(x for x in self.cells if x is not None)
        c.update(self.stock)
        c.update(self.waste)
        c.update(self.discard)
        return c

    def snapshot(self) -> tuple:
        """An immutable picture of the whole position (equal snapshots = equal positions)."""
        return (tuple(map(tuple, self.tableau)), tuple(map(tuple, self.foundations)), tuple(self.cells),
                tuple(self.stock), tuple(self.waste), tuple(sorted(self.held)), self.redeals_used)

    def free_cells(self) -> int:
        """Empty cell positions."""
        return sum(1 for c in self.cells if c is None)

    def spaces(self, exclude: tuple[int, ...] = ()) -> list[int]:
        """Indices of empty tableau piles (held piles and ``exclude`` left out)."""
        return [i for i, p in enumerate(self.tableau) if not p and i not in exclude and i not in self.held]

    def has_foundations(self) -> bool:
        """``False`` when the spec says the game has none or the board has no foundation piles."""
        return bool(self.foundations) and self.rules.has_foundations() is not False

    def moving_cards(self, step: Step) -> list[Card]:
        """The cards ``step`` would move, bottom first (for a deal: in dealing order); empty when the
        source has too few."""
        kind, i = step.src
        if kind == "cell":
            if not 0 <= i < len(self.cells) or self.cells[i] is None:
                return []
            return [self.cells[i]]
        if kind == "stock":
            n = len(self.tableau) if step.dst == ("tableau", -1) else step.count
            return list(reversed(self.stock[-n:])) if self.stock else []
        try:
            pile = self.pile(step.src)
        except (IndexError, ValueError):
            return []
        return list(pile[-step.count:]) if 0 < step.count <= len(pile) else []

    # -- judging a step (full mode) ---------------------------------------------------------------
    def situation(self, step: Step) -> Situation | Ruling:
        """What the rule checks need to know of ``step``, or a ruling of rule ``state`` when the cards
        or places are not there."""
        bad = self._physical(step)
        if bad is not None:
            return Ruling([check(ILLEGAL, "state", bad, ())])
        cards = self.moving_cards(step)
        (sk, si), (dk, di) = step.src, step.dst
        if sk == "stock":
            s = Situation(cards, "deal", src="stock", deal_to="tableau" if dk == "tableau" else dk, known=True,
                          spaces=len(self.spaces()))
            if self.spec.value("stock.deal_when") == "blocked":
                s.others = any(self.check(c).verdict == "legal" for c in self.candidate_steps() if c.src[0] != "stock")
            return s
        if sk == "waste" and dk == "stock":
            if self.stock:
                return Ruling([check(ILLEGAL, "state", "stock-not-empty", ())])
            return Situation(cards, "redeal", src="waste", redeals_used=self.redeals_used, known=True)
        if dk == "stock":
            return Ruling([check(ILLEGAL, "state", "not-to-stock", tuple(cards[:1]), src=sk)])
        if len(cards) > 1 and sk in ("waste", "cell"):
            return Ruling([check(ILLEGAL, "state", "one-at-a-time", tuple(cards[:1]), src=sk)])
        s = Situation(cards, dk, src=sk, whole=step.whole, known=True)
        if sk == "tableau":
            pile = self.tableau[si]
            s.whole_pile = len(pile) == step.count
            if not s.whole_pile and self.spec.value("tableau.move") == "whole-sequence":
                s.under = pile[-step.count - 1]
                s.under_up = True if self.spec.value("layout.face") == "up" or self._played(cards[0]) \
                    or self._played(s.under) else None
        if dk == "tableau":
            target = self.tableau[di]
            if di in self.held:
                return Ruling([check(ILLEGAL, "foundations.base", "held", tuple(cards[:1]), self.spec.foundations.base)])
            if target:
                s.onto = target[-1]
                s.bare = len(target) == 1          # alone on its pile: nothing built on it, nothing under it
            else:
                s.dst = "space"
            s.room = self._room(step)
        elif dk == "foundation":
            pile = self.foundations[di]
            s.onto = pile[-1] if pile else None
            s.started = self.started()
            if pile and len(cards) > 1:
                return Ruling([check(ILLEGAL, "state", "foundation-not-empty", tuple(cards[:1]))])
        elif dk == "cell":
            if self.cells[di] is not None:
                return Ruling([check(ILLEGAL, "state", "cell-taken", (cards[0], self.cells[di]))])
            s.cells_used = sum(1 for x in self.cells if x is not None) - (1 if sk == "cell" else 0)
        elif dk == "waste":
            s.onto = self.waste[-1] if self.waste else None
        return s

    def _played(self, card: Card) -> bool:
        """Whether ``card`` was moved by a step played here (it lies face up, on a face-up card)."""
        return any(card in moved for _step, moved, _extra in self.history)

    def _room(self, step: Step) -> tuple[int, int, bool, bool]:
        """Free cells and usable spaces for a compound move, and whether each rule is known."""
        exclude = tuple(i for kind, i in (step.src, step.dst) if kind == "tableau")
        cap = self.spec.known("layout.cells")
        used = sum(1 for x in self.cells if x is not None)
        free = max(0, min(self.free_cells(), cap.value - used)) if cap is not None and isinstance(cap.value, int) else 0
        n_spaces = len(self.spaces(exclude))
        sp = self.spec.known("tableau.space")
        usable = n_spaces if sp is not None and sp.value in ANY_SPACE else 0
        cells_known = cap is not None or self.free_cells() == 0
        spaces_known = sp is not None or n_spaces == 0
        if not (cells_known and spaces_known):
            # what a known rule would allow: the unknown ones counted at their widest
            return (free if cap is not None else self.free_cells(), usable if sp is not None else n_spaces,
                    cells_known, spaces_known)
        return free, usable, True, True

    def _physical(self, step: Step) -> str | None:
        """Why ``step`` cannot be made at all (a ``state`` failure code), or ``None``."""
        for kind, _ in (step.src, step.dst):
            if kind not in KINDS:
                return "unknown-place"
        if step.count < 1:
            return "no-cards"
        if step.src == step.dst:
            return "same-place"
        cards = self.moving_cards(step)
        if not cards or (len(cards) != step.count and step.src[0] not in ("stock", "waste")):
            return "nothing-to-move"
        kind, i = step.dst
        if kind in ("tableau", "foundation") and not (kind == "tableau" and i == -1 and step.src[0] == "stock"):
            if not 0 <= i < len(self.piles(kind)):
                return "no-such-pile"
        if kind == "cell" and not 0 <= i < len(self.cells):
            return "no-such-cell"
        return None

    def check(self, step: Step) -> Verdict:
        """The verdict on ``step`` in this position (the position is not changed)."""
        s = self.situation(step)
        ruling = s if isinstance(s, Ruling) else self.rules.judge(s)
        return verdict_of(ruling, step=str(step))

    def resolve(self, step: Step) -> Step:
        """``step`` with a «whichever fits» foundation or cell (index ``-1``) settled: the first
        foundation on which the step is legal (else unverifiable; else the pile of the card's suit or
        the first empty one), the first empty cell; a finished run K…A is moved whole when a single
        card is asked onto a foundation from a pile topped by one."""
        kind, i = step.dst
        if kind == "foundation" and step.src[0] == "tableau" and step.count == 1:
            pile = self.tableau[step.src[1]] if 0 <= step.src[1] < len(self.tableau) else []
            if len(pile) >= 13 and full_run(pile[-13:]) and (
                    self.spec.value("foundations.complete_sequences") is True or not self.has_foundations()):
                step = Step(step.src, step.dst, 13, step.whole)
        if i != -1 or kind not in ("foundation", "cell"):
            return step
        if kind == "cell":
            free = [j for j, c in enumerate(self.cells) if c is None]
            return Step(step.src, ("cell", free[0] if free else 0), step.count, step.whole)
        cands = [Step(step.src, ("foundation", j), step.count, step.whole) for j in range(len(self.foundations))]
        if not cands:
            return Step(step.src, ("foundation", 0), step.count, step.whole)
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

    # -- playing ---------------------------------------------------------------------------------
    def apply(self, step: Step, force: bool = False) -> Verdict:
        """Play ``step`` (after :meth:`resolve`) and return its verdict. Raises :class:`IllegalMove`
        when the verdict is not legal — unless ``force``, which plays any step the cards allow (to
        replay a solver's line past a refused move); a step with nothing to move raises even then."""
        step = self.resolve(step)
        verdict = self.check(step)
        if verdict.verdict != "legal" and (not force or verdict.rule == "state"):
            raise IllegalMove(verdict)
        self.play(step)
        return verdict

    def play(self, step: Step) -> None:
        """Move the cards of a resolved ``step`` without judging it, recording how to undo it."""
        kind, i = step.src
        extra: dict = {}
        if kind == "stock":
            n = len(self.tableau) if step.dst == ("tableau", -1) else (self.rules.deal_count() or 1)
            moved = [self.stock.pop() for _ in range(min(n, len(self.stock)))]
            if step.dst == ("tableau", -1):
                for j, card in zip(range(len(self.tableau)), moved):
                    self.tableau[j].append(card)
                extra["places"] = list(range(len(moved)))
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
        """Every step worth checking: tableau tops (of every length that steps by one rank), cells and
        the waste top to each tableau pile, foundation, the first empty cell and the waste; finished
        runs off the tableau; a deal; a redeal when the stock is empty."""
        out: list[Step] = []
        dsts: list[Place] = [("tableau", j) for j in range(len(self.tableau))]
        dsts += [("foundation", j) for j in range(len(self.foundations))]
        free = [j for j, x in enumerate(self.cells) if x is None]
        if free:
            dsts.append(("cell", free[0]))
        if self.waste:
            dsts.append(("waste", 0))
        loose = self.spec.value("tableau.move") == "any-face-up"     # any card moves with what lies on it
        for i, pile in enumerate(self.tableau):
            for n in range(1, len(pile) + 1):
                if n > 1 and not loose and abs(pile[-n].rank - pile[-n + 1].rank) not in (1, 12):
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
        """The steps whose verdict is legal now."""
        return [s for s in self.candidate_steps() if self.check(s).verdict == "legal"]

    def is_won(self) -> bool:
        """Won: with foundations, every card on them; without (``foundations.base = none``, no
        foundation piles, or only whole runs leaving the tableau), every tableau pile empty or a
        finished run K…A and no card in a cell — the stock and waste may keep cards (Golf)."""
        if any(x is not None for x in self.cells):
            return False
        if self.has_foundations() and self.spec.value("foundations.complete_sequences") is not True:
            return not any(self.tableau) and not self.stock and not self.waste
        return all(not p or full_run(p) for p in self.tableau)

    # -- known facts -------------------------------------------------------------------------------
    def put(self, card: Card, kind: str, onto: Card | None = None, n: int = 0, floor: bool = False) -> None:
        """Record that ``card`` lies in a pile of ``kind`` (on ``onto`` when given: a new fragment
        ``[onto, card]`` if ``onto`` is not located yet), at move ``n`` (0: before the moves)."""
        self.at[card] = n
        if kind in ("cell", "reserve-place"):
            self.cells.append(card)
            return
        if kind == "waste" and onto is None:
            self.waste.append(card)
            return
        if kind == "discard":
            self.discard.append(card)
            return
        if kind == "waste":
            if self.waste and self.waste[-1] == onto:
                self.waste.append(card)
            else:
                self.waste[:] = [onto, card]
            return
        seq = self.piles(kind)
        if onto is not None:
            spot = self.locate(onto)
            if spot is not None and spot[0][0] == kind:
                p = self.pile(spot[0])
                del p[len(p) - spot[1]:]          # anything shown on it before has moved on
                p.append(card)
                return
            seq.append([onto, card])
            self.floors[(kind, len(seq) - 1)] = False
            return
        seq.append([card])
        self.floors[(kind, len(seq) - 1)] = floor

    def lift(self, card: Card) -> list[Card]:
        """Take ``card`` and the cards lying on it out of their pile (known-facts mode); returns them,
        bottom first (``[card]`` alone when it is not located)."""
        spot = self.locate(card)
        if spot is None:
            return [card]
        place, depth = spot
        kind = place[0]
        if kind == "cell":
            self.cells.remove(card)
            return [card]
        if kind == "discard":
            self.discard.remove(card)
            return [card]
        p = self.pile(place)
        i = len(p) - 1 - depth
        moved = p[i:]
        del p[i:]
        return moved
