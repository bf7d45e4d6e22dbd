"""Replaying a worked example of the Paganini family on its printed layout.

:func:`replay_full` plays the text's moves on a :class:`~pasyans.engine.variants.paganini.PaganiniState`:
it settles layout cells the print leaves open (:class:`Undecided`) and sources that fit two copies
of a card by what keeps the later moves legal (and the text's claims true: ``"stuck"`` after a move,
«Більше перекладати нічого»), and proposes readings of impossible printed moves with one or two
characters changed (:class:`MoveCorrection`). :func:`replay` returns the verdicts only.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field, replace

from pasyans.cards import SUITS, Card
from pasyans.models import Move, Verdict

from ..reasons import explain
from .paganini import Cell, PaganiniState, Step, Variant, VARIANT_A, _row_target, as_variant, card_000, move_000


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
        if hasattr(it, "cells") and hasattr(it, "options"):   # a joint group (extract.layout.Group)
            out.append(Undecided(tuple(it.cells), tuple(tuple(o) for o in it.options), getattr(it, "printed", None)))
            continue
        cands = getattr(it, "candidates", None) or getattr(it, "options", None) or []
        cards = tuple((x if isinstance(x, Card) else Card.parse(str(x)),) for x in cands)
        out.append(Undecided(((int(it.row), int(it.col)),), cards, getattr(it, "printed", None) or getattr(it, "original", None)))
    return out


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
                if corr.proposed:
                    verdict.context["proposed"] = corr.proposed
                verdict.reason = explain(verdict)
            verdicts.append(verdict)
        else:
            verdict = state.is_legal(step)
            readings, _ = state.readings(m)
            if len(readings) > 1:
                verdict.context["steps"] = [str(r) for r in readings]
                verdict.context["chosen-by"] = "later moves"
            if _is_played(m):
                state.apply(step)
            else:
                verdict.context["alternative"] = True
            verdict.reason = explain(verdict)
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
