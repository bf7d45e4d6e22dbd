"""Entry point of the engine: a verdict for every move of a worked example.

:func:`verify_example` chooses the position the moves are judged on:

* **the full position** when the example has its starting layout (printed, or derived where the
  layouts are read: :func:`pasyans.extract.layout.read_layouts`) and the game is of the Paganini
  family (:func:`~pasyans.engine.variants.paganini.is_paganini`): the moves are replayed on it
  (:mod:`pasyans.engine.variants.paganini_replay`), the variant read from the game and the layout
  (:func:`~pasyans.engine.variants.paganini.variant_for`), the text's claims about the position after
  a move (:attr:`pasyans.models.Move.claims`, read on the extract side) checked;
* otherwise **the known-facts mode** (:func:`pasyans.engine.judge.check_moves`), with the mechanics
  the spec's ``special`` list names (:mod:`pasyans.engine.variants`; a Paganini move without a
  layout is unverifiable there, rule ``layout``).

No verdict is ever missing: an exception inside a check turns every move of the example into an
``unverifiable`` verdict (rule ``engine``) and an ``engine-error`` finding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pasyans.models import Check, Example, Finding, GameText, Kind, Verdict

from .judge import check_moves
from .position import Position
from .reasons import explain
from .scope import scope_verdicts
from .variants import paganini as pg
from .variants import paganini_replay as pr


@dataclass
class Verification:
    """The verdicts of one example (one per move, in order), the findings of the check, and the
    full replay when one was made."""

    verdicts: list[Verdict]
    findings: list[Finding] = field(default_factory=list)
    replay: pr.ReplayResult | None = None
    checker: str = "known-facts"


def _undecided_of(example: Example):
    """Undecided layout cells the layout reader left with the example (``example.layout_undecided``,
    or the ``undecided`` cells of ``example.layout_reading``), as the replay takes them."""
    direct = getattr(example, "layout_undecided", None)
    if direct:
        return pr.as_undecided(direct)
    reading = getattr(example, "layout_reading", None)
    items = getattr(reading, "undecided", None) if reading is not None else None
    return pr.as_undecided(items) if items else []


def _error(msg: str) -> Verdict:
    v = Verdict("unverifiable", "", "engine", [], "engine-error", [Check(Kind.UNVERIFIABLE, "engine", "engine-error",
                                                                       detail={"error": msg})])
    v.reason = explain(v)
    return v


def verify_example_full(game: GameText, example: Example, rules: dict | None) -> Verification:
    """Verdicts and findings for ``example`` (see the module text). Never raises for a bad example:
    an exception becomes ``unverifiable`` verdicts with the error text and an ``"engine-error"`` finding."""
    moves = list(example.moves)
    try:
        if example.layout and pg.is_paganini(game, rules):
            return _full(game, example, rules)
        if pg.is_paganini(game, rules):   # the family's mechanic, even where the spec does not name it
            position = Position.known(rules, pg.Paganini(rules))
            return Verification(check_moves(moves, rules, position), checker="paganini-no-layout")
        return Verification(check_moves(moves, rules), checker="known-facts")
    except Exception as e:  # noqa: BLE001 — any failure must still give one verdict per move
        msg = f"{type(e).__name__}: {e}"
        f = Finding(game.source, example.lines, "engine-error", f"engine error: {msg}", game=game.key)
        return Verification([_error(msg) for _ in moves], [f], checker="error")


def verify_example(game: GameText, example: Example, rules: dict | None) -> list[Verdict]:
    """One :class:`~pasyans.models.Verdict` per ``example.moves`` (same order).

    The findings of the check (layout cells settled by replay, proposed readings of impossible
    moves, claims of the text that fail, engine errors) are appended to ``example.findings``
    (each at most once, so calling twice adds nothing).
    """
    result = verify_example_full(game, example, rules)
    result.verdicts = scope_verdicts(game, example, result.verdicts)
    for f in result.findings:
        if f not in example.findings:
            example.findings.append(f)
    return result.verdicts


def _full(game: GameText, example: Example, rules: dict | None) -> Verification:
    moves = list(example.moves)
    variant = pg.variant_for(game, example, rules)
    claims = {i: c for i, m in enumerate(moves) for c in getattr(m, "claims", ()) if c in pr.CLAIMS}
    res = pr.replay_full(example.layout, moves, variant, undecided=_undecided_of(example), claims=claims)
    src, key = game.source, game.key
    layout_lines = example.layout_lines or example.lines
    findings: list[Finding] = []
    for r in res.resolutions:
        first = layout_lines[0] + r.cells[0][0] - 1 if example.layout_lines else layout_lines[0]
        findings.append(Finding(src, (first, first), "ocr-resolved" if r.decided else "ocr-undecided", r.reason,
                                token=r.printed, game=key))
    for c in res.corrections:
        findings.append(Finding(src, moves[c.index].lines, "move-correction", f"{c.printed}: {c.reason}",
                                token=c.printed, game=key))
    for ch in res.claim_checks:
        if not ch.holds:
            findings.append(Finding(src, moves[ch.index].lines, "claim-contradicted",
                                    f"after move {ch.index + 1} ({moves[ch.index].raw!r}) the text says no window can be "
                                    f"filled, but as printed {ch.detail}", game=key))
    for text in res.choices:
        findings.append(Finding(src, example.lines, "ambiguous-notation", text, game=key))
    for note in res.layout_notes:
        findings.append(Finding(src, layout_lines, "layout-count", note, game=key))
    return Verification(res.verdicts, findings, res, checker=f"paganini-{variant.name}")
