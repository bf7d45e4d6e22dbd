"""Replay a solver's solution in the full-state engine under the book's rules.

:func:`replay_solution` plays a black-hole-solver or fc-solve solution (read by
:mod:`pasyans.engine.oracles`) move by move on the solver's board, in a
:class:`~pasyans.engine.position.Position` (full mode) driven by the game's rule spec (the one
``extract/rules.py`` reads from the book). Every move gets a verdict; an unverifiable or illegal
move is still played when the cards allow it, so that one replay lists every rule it needs. The
replay also

* plays the same line under the solver's own rules (:data:`~pasyans.engine.oracles.SOLVER_RULES`)
  and lists, as :class:`Difference` records, every rule where the book and the solver differ —
  the book's value with its quote and raw source lines, the solver's value, and the moves whose
  verdicts differ because of it (e.g. Dead King Golf refuses a queen on a king that the book's
  «Гольф» allows);
* checks the engine against the solver: the card the solver says it moved («Info: Card moved
  is 4H») and, for fc-solve's full output, the whole board printed after each move.

The report is ``ok`` only when the solver solved the deal, every move is legal under the book,
the engine agrees with the solver's boards, and the game ends won.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from pasyans.cards import Card
from pasyans.models import LineSpan, Verdict

from .oracles import SOLVER_RULES, Board, Solution, SolverMove, load_board, read_board, read_solution, solver_game_of
from pasyans.spec import RuleSpec

from .position import Position, Step
from .rules import full_run


@dataclass
class MoveReport:
    """One solver move: ``number`` (1-based), the move as printed and its ``line`` in the solution
    file, the engine ``step``, the ``cards`` it moved, the ``verdict`` under the book's spec, the
    ``solver_verdict`` under the solver's rules (``None`` when they are not known), ``notes``
    (disagreements between the engine and the solver's own account of the move) and
    ``readings`` (choices made to read the solver's move, with their reason)."""

    number: int
    text: str
    line: int
    step: Step | None
    cards: list[Card]
    verdict: Verdict
    solver_verdict: Verdict | None = None
    notes: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)

    @property
    def refused(self) -> bool:
        return self.verdict.verdict != "legal" or bool(self.notes)

    def describe(self) -> str:
        """«move 3 (line 12) «Move a card …» 4H: illegal [rule] — reason» for a person."""
        cards = " ".join(map(str, self.cards))
        s = (f"move {self.number} (solution line {self.line}) «{self.text}» {cards}: "
             f"{self.verdict.verdict} [{self.verdict.rule}] — {self.verdict.reason}")
        if self.notes:
            s += " | " + "; ".join(self.notes)
        if self.readings:
            s += " | read: " + "; ".join(self.readings)
        return s


@dataclass
class Difference:
    """A rule where the book and the solver differ (or the book's value was not read).

    ``rule``: a spec field (``"foundations.wrap"``) or ``"special:NAME"`` or ``"deal"``;
    ``book``: the book's value and quote, or ``"unknown"``; ``lines``: the book's raw source
    lines for it (``None`` when unknown); ``solver``: the solver's rule; ``moves``: numbers of the
    moves whose verdicts differ because of it."""

    rule: str
    book: str
    solver: str
    lines: LineSpan | None = None
    moves: list[int] = field(default_factory=list)

    def describe(self) -> str:
        where = f" (lines {self.lines[0]}–{self.lines[1]})" if self.lines else ""
        moves = f"; moves {', '.join(map(str, self.moves[:12]))}{' …' if len(self.moves) > 12 else ''}" if self.moves else ""
        return f"{self.rule}: book {self.book}{where} ≠ solver {self.solver}{moves}"


@dataclass
class ReplayReport:
    """The result of :func:`replay_solution` (see the module text)."""

    solver: str
    solver_game: str | None
    solved: bool
    moves: list[MoveReport]
    won: bool
    differences: list[Difference] = field(default_factory=list)
    stopped_at: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def first_refused(self) -> MoveReport | None:
        """The first move that is not legal under the book (or on which engine and solver disagree)."""
        return next((m for m in self.moves if m.refused), None)

    @property
    def ok(self) -> bool:
        """Solved by the solver, every move legal under the book, and won at the end."""
        return self.solved and self.first_refused is None and self.won and self.stopped_at is None

    def counts(self) -> dict[str, int]:
        """Verdict counts under the book's spec."""
        c = Counter(m.verdict.verdict for m in self.moves)
        return {k: c.get(k, 0) for k in ("legal", "illegal", "unverifiable")}

    def _won_text(self) -> str:
        if not self.won:
            return "no"
        if self.first_refused is not None or self.stopped_at is not None:
            return "no (the cards end on the foundations only because refused moves were played anyway)"
        return "yes"

    def summary(self) -> list[str]:
        """Lines for a person: counts, won or not, the first refused move, the differences."""
        c = self.counts()
        out = [f"{self.solver}{' (' + self.solver_game + ')' if self.solver_game else ''}: "
               f"{'solved' if self.solved else 'NOT solved'}, {len(self.moves)} moves",
               f"legal {c['legal']}, illegal {c['illegal']}, unverifiable {c['unverifiable']}; "
               f"won: {self._won_text()}"]
        out += self.notes
        first = self.first_refused
        if first is not None:
            out.append("first refused: " + first.describe())
        if self.stopped_at is not None:
            out.append(f"replay stopped at move {self.stopped_at}: the cards are not where the move needs them")
        if self.differences:
            out.append("book vs solver:")
            out += ["  " + d.describe() for d in self.differences]
        return out


# -- the replay ----------------------------------------------------------------------------------

def _as_board(board: Board | str | Path, fmt: str) -> Board:
    if isinstance(board, Board):
        return board
    if isinstance(board, Path):
        return load_board(board, fmt)
    return read_board(board, fmt)


def _as_solution(solution: Solution | str | Path, fmt: str, stacks: int) -> Solution:
    if isinstance(solution, Solution):
        return solution
    text = solution.read_text("utf-8") if isinstance(solution, Path) else solution
    return read_solution(text, fmt, stacks)


def _run_on_top(state: Position, i: int) -> bool:
    return 0 <= i < len(state.tableau) and len(state.tableau[i]) >= 13 and full_run(state.tableau[i][-13:])


def implied_count(state: Position, src: int, dst: int) -> int:
    """Cards moved by a short-notation stack-to-stack move without a count: fc-solve's games build
    down, so the run from the card one rank below the target's top card (the shortest such run);
    1 onto an empty pile or when no card fits."""
    pile, target = state.tableau[src], state.tableau[dst]
    if not target:
        return 1
    for n in range(1, len(pile) + 1):
        if pile[-n].rank + 1 == target[-1].rank:
            return n
    return 1


def _step_of(sm: SolverMove, state: Position, readings: list[str] | None = None) -> Step:
    skind, si = sm.src
    dkind, di = sm.dst
    src = (skind, si if si is not None else 0)
    dst = (dkind, di if di is not None else -1)
    count = sm.count
    if sm.snx_home and not _run_on_top(state, src[1]) and _run_on_top(state, src[1] + 1):
        # fc-solve writes the stack of a «sequence to the foundations» move from 0 (SolverMove.snx_home)
        src = (skind, src[1] + 1)
        if readings is not None:
            readings.append(f"«{sm.text}» read as stack {src[1]} counted from 0: only that stack has a finished "
                            f"run on top (fc-solve numbers this move's stack from 0)")
    if count is None:
        ok = skind == dkind == "tableau" and 0 <= src[1] < len(state.tableau) and 0 <= dst[1] < len(state.tableau)
        count = implied_count(state, src[1], dst[1]) if ok else 1
        if readings is not None:
            readings.append(f"«{sm.text}» gives no count: {count} card(s), down to the one a rank below the "
                            f"target's top card")
    return Step(src, dst, count)


def _compare(state: Position, board: Board) -> list[str]:
    """Where the engine's state differs from the board a solver printed after a move."""
    out = []
    if [list(p) for p in state.tableau] != board.tableau:
        for i, (a, b) in enumerate(zip(state.tableau, board.tableau)):
            if a != b:
                out.append(f"tableau {i}: engine {' '.join(map(str, a)) or '(empty)'}, solver {' '.join(map(str, b)) or '(empty)'}")
                break
        if len(state.tableau) != len(board.tableau):
            out.append(f"engine has {len(state.tableau)} piles, solver {len(board.tableau)}")
    if board.cells is not None:
        for i, x in enumerate(board.cells):
            mine = state.cells[i] if i < len(state.cells) else None
            if mine != x:
                out.append(f"cell {i}: engine {mine or '(empty)'}, solver {x or '(empty)'}")
                break
    mine_f = sorted((p[-1].suit, len(p)) for p in state.foundations if p)
    theirs_f = sorted((p[-1].suit, len(p)) for p in board.foundations if p)
    if mine_f != theirs_f:
        out.append(f"foundations: engine {mine_f}, solver {theirs_f}")
    return out


def _moved_card_note(sm: SolverMove, cards: list[Card], state: Position, step: Step) -> str | None:
    if sm.card is None:
        return None
    if step.src[0] == "stock":
        shown = state.stock[-1] if state.stock else None
    else:
        shown = cards[-1] if cards else None
    if shown != sm.card:
        return f"the solver says it moved {sm.card}, the engine moves {shown}"
    return None


def replay_solution(spec: dict | None, board: Board | str | Path, solution: Solution | str | Path, fmt: str,
                    *, solver: str | None = None) -> ReplayReport:
    """Replay ``solution`` on ``board`` under ``spec`` (the book's rule spec).

    ``board``/``solution``: parsed records, file text, or a ``Path``. ``fmt``: ``"bhs"`` or
    ``"fcs"``. ``solver``: a key of
    :data:`~pasyans.engine.oracles.SOLVER_RULES` (default: from the solution's or board's file
    name, when a ``Path`` is given; without it no book-vs-solver comparison is made). Raises
    :class:`~pasyans.engine.oracles.OracleFormatError` for unreadable files.
    """
    b = _as_board(board, fmt)
    solver_game = solver
    if solver_game is None:
        for p in (solution, board):
            if isinstance(p, Path):
                solver_game = solver_game_of(p)
                if solver_game:
                    break
    sol = _as_solution(solution, fmt, len(b.tableau))
    book = Position.from_board(spec, b)
    ref_spec = SOLVER_RULES.get(solver_game) if solver_game else None
    ref = Position.from_board(ref_spec, b) if ref_spec is not None else None
    report = ReplayReport(sol.solver, solver_game, sol.solved, [], False)
    if not sol.solved:
        report.notes.append(f"the solver found no solution under its rules ({solver_game or 'unknown rules'})")
    for sm in sol.moves:
        readings: list[str] = []
        step = book.resolve(_step_of(sm, book, readings))
        cards = book.moving_cards(step)
        verdict = book.check(step)
        mr = MoveReport(sm.number, sm.text, sm.line, step, cards, verdict, readings=readings)
        note = _moved_card_note(sm, cards, book, step)
        if ref is not None:
            rstep = ref.resolve(_step_of(sm, ref))
            mr.solver_verdict = ref.check(rstep)
        report.moves.append(mr)
        if verdict.rule == "state":
            report.stopped_at = sm.number
            break
        book.play(step)
        if note:
            mr.notes.append(note)
        if ref is not None and mr.solver_verdict.rule != "state":
            ref.play(rstep)
        if sm.board_after is not None:
            diff = _compare(book, sm.board_after)
            if diff:
                mr.notes.append("engine and solver boards differ after the move: " + "; ".join(diff))
    report.won = book.is_won()
    report.differences = differences(spec, ref_spec, report, b)
    return report


# -- book vs solver --------------------------------------------------------------------------------

_RELATED = {"dead-king": ("waste.build_direction", "waste.wrap")}
"""The book's fields that state what a solver's special rule is about."""


def _fmt(f) -> str:
    if f is None:
        return "unknown"
    s = repr(f.value)
    if f.quote:
        s += f" «{f.quote}»"
    return s


def differences(spec: dict | None, solver_spec: dict | None, report: ReplayReport | None = None,
                board: Board | None = None) -> list[Difference]:
    """Rules where ``spec`` (the book) and ``solver_spec`` differ, with the moves of ``report``
    whose verdicts differ because of them, and how the solver's deal (``board``) departs from the
    book's layout. Empty when ``solver_spec`` is ``None``."""
    if solver_spec is None:
        return []
    book, theirs = RuleSpec.from_json(spec), RuleSpec.from_json(solver_spec)
    out: dict[str, Difference] = {}
    paths = [f"{sec}.{key}" for sec, fields in solver_spec.items() if isinstance(fields, dict)
             for key, f in fields.items() if isinstance(f, dict) and "value" in f]
    for path in paths:
        s = theirs.known(path)
        if s is None:
            continue
        bf = book.known(path)
        if bf is None or bf.value != s.value:
            out[path] = Difference(path, _fmt(bf), _fmt(s), bf.lines if bf is not None else None)
    book_specials = {sp.name for sp in book.special}
    for sp in theirs.special:
        name = sp.name
        if name in book_specials:
            continue
        rel = [book.known(p) for p in _RELATED.get(name, ())]
        rel_known = [f for f in rel if f is not None]
        text = "; ".join(f"{f.path} = {_fmt(f)}" for f in rel_known) or "no such rule"
        lines = None
        if rel_known and all(f.lines for f in rel_known):
            lines = (min(f.lines[0] for f in rel_known), max(f.lines[1] for f in rel_known))
        out[f"special:{name}"] = Difference(f"special:{name}", text, f"«{sp.quote}»", lines)
    if report is not None:
        for m in report.moves:
            sv = m.solver_verdict
            if sv is None or sv.verdict == m.verdict.verdict:
                continue
            rule = m.verdict.rule if m.verdict.verdict != "legal" else sv.rule
            if rule in out:
                out[rule].moves.append(m.number)
            else:
                bf = book.known(rule) if rule and "." in rule else None
                d = Difference(rule or "?", _fmt(bf) if rule and "." in rule else m.verdict.reason,
                               sv.reason if sv.verdict != "legal" else f"legal ({sv.reason})",
                               bf.lines if bf is not None else None, [m.number])
                out[d.rule] = d
    if board is not None and board.cells and any(board.cells):
        held = [str(x) for x in board.cells if x is not None]
        lay = book.known("layout.cards_per_pile") or book.known("layout.tableau_piles")
        out["deal"] = Difference(
            "deal", f"layout {_fmt(lay)}" if lay else "unknown",
            f"the solver's deal starts with {len(held)} cards in cells ({' '.join(held)})",
            lay.lines if lay is not None else None)
    return list(out.values())
