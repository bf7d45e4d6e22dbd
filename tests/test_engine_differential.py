"""The differential test: the known-facts mode and the full mode of the one position model, on every
(spec, move) pair of the corpus and on generated pairs — where both decide, they agree
(tests/differential.py builds the situations both can be given)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pasyans.cards import Card
from pasyans.engine.judge import check_moves
from pasyans.engine.position import Position, Step
from pasyans.models import Move
from pasyans.spec import RuleSpec, allowed

from . import differential as dt

C = Card.parse


def test_both_modes_agree_on_every_corpus_move(kb):
    pairs = dt.corpus_pairs(kb)
    assert len(pairs) > 700
    outcomes = [(g, m, o) for g, spec, m in pairs for o in dt.compare(spec, m)]
    compared = [x for x in outcomes if x[2].compared]
    assert len(compared) > 900                     # most moves are decided by both
    bad = [(g, m.raw, o.case, o.known.verdict, o.known.rule, o.full.verdict, o.full.rule)
           for g, m, o in compared if not o.agree]
    assert bad == []


# -- the two drift cases of issue 10 ---------------------------------------------------------------

PIQUET = (RuleSpec()
          .with_field("deck.packs", 2, quote="две колоды", lines=(3, 3))
          .with_field("deck.cards_per_pack", 32, quote="от тузов до семерок", lines=(3, 3))
          .with_field("foundations.base", "A", quote="тузы", lines=(10, 10))
          .with_field("foundations.direction", "up", quote="вверх", lines=(10, 10))
          .with_field("foundations.suit", "same-suit", quote="той же масти", lines=(10, 10))
          .with_field("foundations.step", 1, quote="по порядку", lines=(10, 10)))


def test_a_seven_follows_the_ace_in_a_32_card_pack_in_both_modes():
    """7♥ onto the foundation A♥ of a piquet pack: legal for both (the pack's order, not 13 ranks)."""
    known = check_moves([Move([C("AH")], "foundation", "тузы — наверх", (10, 10), kind="to_foundation"),
                         Move([C("7H")], "foundation", "семерку на туза", (10, 10), kind="to_foundation",
                              to_card=C("AH"))], PIQUET)[1]
    full = Position.full(PIQUET, [[C("7H")]], [[C("AH")], [], [], []]).check(Step(("tableau", 0), ("foundation", 0)))
    assert (known.verdict, known.rule) == (full.verdict, full.rule) == ("legal", "foundations.direction")
    eight = Position.full(PIQUET, [[C("8H")]], [[C("AH")], [], [], []]).check(Step(("tableau", 0), ("foundation", 0)))
    assert (eight.verdict, eight.what) == ("illegal", "wrong-rank")


def test_nothing_built_on_the_tableau_is_illegal_in_both_modes():
    """``tableau.build_suit = none`` (and direction none): a card on a tableau card is illegal for both."""
    spec = (RuleSpec().with_field("deck.packs", 1, quote="одна колода", lines=(1, 1))
            .with_field("foundations.base", "none", quote="в пределах расклада", lines=(2, 2))
            .with_field("tableau.build_suit", "none", quote="Нельзя собирать карты", lines=(3, 3)))
    known = check_moves([Move([C("5H")], "6S", "♥5 — ♠6", (4, 4), to_card=C("6S"))], spec)[0]
    full = Position.full(spec, [[C("5H")], [C("6S")]]).check(Step(("tableau", 0), ("tableau", 1)))
    assert known.verdict == full.verdict == "illegal"
    assert known.rule == full.rule == "tableau.build_suit" and known.what == full.what == "no-building"


# -- generated pairs ---------------------------------------------------------------------------------

FIELDS = ["deck.packs", "deck.cards_per_pack", "layout.cells", "foundations.base", "foundations.direction",
          "foundations.suit", "foundations.step", "foundations.wrap", "tableau.build_direction", "tableau.build_suit",
          "tableau.move", "tableau.space", "tableau.wrap", "waste.build_direction", "waste.build_suit",
          "stock.deal", "stock.deal_to"]

VALUES = {"deck.packs": [1, 2], "deck.cards_per_pack": [52, 36, 32], "layout.cells": [0, 1, 4],
          "foundations.step": [1, 2], "stock.deal": ["1 at a time", "3 at a time"],
          "foundations.wrap": [True, False], "tableau.wrap": [True, False]}


def _values(path):
    return [v for v in (VALUES.get(path) or allowed(path) or []) if v is not None]


@st.composite
def specs(draw):
    spec = RuleSpec()
    for path in FIELDS:
        if draw(st.integers(0, 4)):          # most fields known
            spec = spec.with_field(path, draw(st.sampled_from(_values(path))), quote=f"«{path}»", lines=(1, 1))
    return spec


@st.composite
def moves(draw, spec):
    ranks = spec.pack.ranks
    card = st.builds(Card, st.sampled_from(ranks), st.sampled_from("CDHS"))
    x, y = draw(card), draw(card)
    if draw(st.booleans()):                  # a neighbour of x in the pack's order: the interesting case
        r = spec.pack.next_rank(x.rank, draw(st.sampled_from([1, -1, 2])), wrap=True)
        y = Card(r, draw(st.sampled_from([x.suit, *"CDHS"])))
    kind = draw(st.sampled_from(["build", "to_foundation", "to_space", "cell", "deal"]))
    if kind == "build":
        n = draw(st.integers(1, 3))
        run = [x]
        for _ in range(n - 1):
            nxt = spec.pack.next_rank(run[-1].rank, -1)
            if nxt is None:
                break
            run.append(Card(nxt, draw(st.sampled_from("CDHS"))))
        return Move(run, y.format(), "gen", (1, 1), kind="build", to_card=y)
    if kind == "to_foundation":
        return Move([x], "foundation", "gen", (1, 1), kind="to_foundation", to_card=y if draw(st.booleans()) else None)
    if kind == "to_space":
        return Move([x], "space", "gen", (1, 1), kind="to_space")
    if kind == "cell":
        return Move([x], "cell", "gen", (1, 1), kind="other")
    return Move([x], "waste", "gen", (1, 1), kind="deal")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_both_modes_agree_on_generated_pairs(data):
    spec = data.draw(specs(), label="spec")
    move = data.draw(moves(spec), label="move")
    for o in dt.compare(spec, move):
        assert o.agree, (o.case, o.known.verdict, o.known.rule, o.known.what, o.full.verdict, o.full.rule, o.full.what)
