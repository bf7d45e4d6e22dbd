"""The differential test's helper: one move judged by both modes of the position model.

For a (spec, move) pair, :func:`cases` builds the situations the known-facts mode can be told
exactly — the target card shown on the tableau (``T``) or on top of a foundation (``F``), a base
card to an empty foundation (``E``), a card into a space (``S``), into a cell (``C``), a card dealt
from the stock to the waste (``D``) — and for each the full position that realises the same facts
(the moving cards alone on a tableau pile, the target alone on its pile, every other card out of
the way). :func:`compare` judges both: the known-facts mode with :class:`~pasyans.engine.judge.Judge`
on the move, the full mode with :meth:`~pasyans.engine.position.Position.check` on the step. Where
both decide (legal or illegal) they must agree; a known-facts verdict that rests on an assumption
the realisation does not make true (a card from the stock, the other copy of a card) is not compared.
"""

from __future__ import annotations

from dataclasses import dataclass

from pasyans.cards import Card
from pasyans.engine.judge import BESIDE, Judge
from pasyans.engine.position import Position, Step
from pasyans.engine.variants import rules_for
from pasyans.models import Move, Verdict
from pasyans.spec import RuleSpec

REALISED = {"on-foundation", "base-on-foundation", "whole-pile", "free-places", "neighbour", "free-to-play",
            "adjacent", "named-card", "bare", "empty-beside", "same-suit-beside", "fitting-top"}
"""Assumptions every realisation below makes true (the cards concerned lie where they are assumed)."""

TEXT_FLAGS = {"conditional", "alternative", "prohibited", "restated"}


@dataclass
class Outcome:
    case: str
    known: Verdict
    full: Verdict
    compared: bool

    @property
    def agree(self) -> bool:
        return not self.compared or self.known.verdict == self.full.verdict


def _known(spec: RuleSpec, move: Move, setup) -> Verdict:
    j = Judge(Position.known(spec))
    setup(j.pos)
    return j.check(move)


def _full(spec: RuleSpec, step: Step, tableau, foundations=None, waste=None, stock=None) -> Verdict:
    pos = Position.full(spec, tableau, foundations if foundations is not None else [[], [], [], []],
                        stock=stock, waste=waste)
    return pos.check(step)


def cases(spec, move: Move) -> list[tuple[str, Verdict, Verdict, set[str]]]:
    """``(case, known verdict, full verdict, assumptions allowed)`` for every situation of ``move``
    both modes can be given (see the module text); empty when none fits."""
    spec = RuleSpec.from_json(spec)
    cards = [c for c in move.cards if c is not None]
    if not cards or any(c.suit is None or c.joker for c in cards) or len(set(cards)) != len(cards):
        return []
    if BESIDE & set(move.flags or ()) or move.kind == "discard" or "range" in (move.flags or ()):
        return []       # a run given by its ends («серия карт от ♦В до ♠6»): its middle cards are not named
    flags = set(move.flags or ()) - TEXT_FLAGS
    x, n = cards[0], len(cards)
    rules = rules_for(spec)
    y = move.to_card
    out = []
    if y is not None and y.suit is not None and y not in cards and move.kind != "deal":
        build = Move(cards, y.format(), move.raw, move.lines, kind="build", to_card=y, flags=flags)
        out.append(("T", _known(spec, build, lambda p: p.put(y, "tableau")),
                    _full(spec, Step(("tableau", 0), ("tableau", 1), n, True), [list(cards), [y]]), REALISED))
        if rules.has_foundations() is not False and n == 1:
            up = Move(cards, "foundation", move.raw, move.lines, kind="to_foundation", to_card=y, flags=flags)
            known = _known(spec, up, lambda p: p.put(y, "foundation", floor=rules.is_base(y, y.rank)))
            beside = known.context.get("beside") is not None     # «another base of that rank»: a foundation of its own
            out.append(("F", known, _full(spec, Step(("tableau", 0), ("foundation", 1 if beside else 0), 1, True), [[x]],
                                          [[y], [], [], []]), REALISED))
    if (move.to == "foundation" or move.kind == "to_foundation") and y is None and n == 1 and rules.is_base(x):
        up = Move([x], "foundation", move.raw, move.lines, kind="to_foundation", flags=flags)
        out.append(("E", _known(spec, up, lambda p: None),
                    _full(spec, Step(("tableau", 0), ("foundation", 0), 1, True), [[x]]), REALISED))
    if move.to == "space" or move.kind == "to_space":
        space = Move(cards, "space", move.raw, move.lines, kind="to_space", flags=flags)
        policy = spec.value("tableau.space")
        if policy in ("from-waste", "from-waste-or-stock") and n == 1:
            out.append(("S", _known(spec, space, lambda p: None),
                        _full(spec, Step(("waste", 0), ("tableau", 0), 1, True), [[]], waste=[x]),
                        REALISED | {"comes-from"}))
        elif policy not in ("from-stock", "from-reserve"):
            out.append(("S", _known(spec, space, lambda p: None),
                        _full(spec, Step(("tableau", 0), ("tableau", 1), n, True), [list(cards), []]), REALISED))
    if move.to in ("cell", "reserve") and n == 1 and spec.value("stock.deal_to") != "reserve":
        cell = Move([x], "cell", move.raw, move.lines, kind="other", flags=flags)
        out.append(("C", _known(spec, cell, lambda p: None),
                    _full(spec, Step(("tableau", 0), ("cell", 0), 1, True), [[x]]), REALISED))
    if move.kind == "deal" and move.to == "waste" and n == 1:
        deal = Move([x], "waste", move.raw, move.lines, kind="deal", flags=flags)
        out.append(("D", _known(spec, deal, lambda p: None),
                    _full(spec, Step(("stock", 0), ("waste", 0), 1, True), [[]], stock=[x]), REALISED))
    return out


def compare(spec, move: Move) -> list[Outcome]:
    """Both modes on every case of ``move`` (see :func:`cases`)."""
    out = []
    for case, known, full, allowed in cases(spec, move):
        definite = known.verdict != "unverifiable" and full.verdict != "unverifiable"
        realised = all(a.what in allowed and (a.what != "comes-from" or a.detail == "waste") for a in known.assumed)
        out.append(Outcome(case, known, full, definite and realised))
    return out


def move_of_row(row) -> Move:
    """A :class:`Move` from a ``moves`` row of the knowledge base (card, cards, to, to_card, kind, flags)."""
    import json

    cards = [Card.parse(c) for c in json.loads(row["cards"])]
    to_card = Card.parse(row["to_card"]) if row["to_card"] else None
    return Move(cards, row["to"], row["raw"], (row["first_line"], row["last_line"]), kind=row["kind"],
                to_card=to_card, flags=set(json.loads(row["flags"])))


def corpus_pairs(conn) -> list[tuple[str, dict, Move]]:
    """Every (game, spec, move) of the knowledge base."""
    import json

    cur = conn.execute("SELECT g.id, g.rules, m.cards, m.[to], m.to_card, m.raw, m.first_line, m.last_line, m.kind, "
                       "m.flags FROM moves m JOIN games g ON g.id = m.game ORDER BY m.example, m.n")
    cols = [c[0] for c in cur.description]
    out = []
    for r in cur.fetchall():
        row = dict(zip(cols, r))
        out.append((row["id"], json.loads(row["rules"]), move_of_row(row)))
    return out
