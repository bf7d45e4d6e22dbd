"""«Аккордеон»: a card, with the pile under it, goes onto the card left of it or the third to its left
when they match in suit or rank (special ``accordion``; Solvitaire's ``moves`` ``L1``/``L3`` and
``build policies``). The row is not printed, so where the cards lie is assumed; the match is checked."""

from __future__ import annotations

from dataclasses import dataclass, field

from pasyans.models import Assumption
from pasyans.spec import Params, register_params

from ..reasons import card, register_phrases
from ..rules import ILLEGAL, LEGAL, Rules, Ruling, check
from . import register


@register_params("accordion")
@dataclass(frozen=True, repr=False)
class AccordionParams(Params):
    moves: list = field(default_factory=lambda: ["L1", "L3"])
    build_policies: list = field(default_factory=lambda: ["same-suit", "same-rank"], metadata={"key": "build policies"})


@register
class Accordion(Rules):
    names = ("accordion",)

    def stays_in_layout(self, move, y) -> bool:
        return True

    def onto_tableau(self, s) -> Ruling:
        sp = self.special("accordion")
        p = sp.params
        x, y = s.card, s.onto
        suit = "same-suit" in p.build_policies and (x.suit is None or y.suit is None or x.suit == y.suit)
        rank = "same-rank" in p.build_policies and x.rank == y.rank
        rule = "special:accordion"
        if not (suit or rank):
            return Ruling([check(ILLEGAL, rule, "no-match", (x, y), sp)], rule)
        assumed = [Assumption("neighbour", (y,), tuple(p.moves))]
        if x.suit is None or y.suit is None:
            assumed.append(Assumption("suit-fits", (x if x.suit is None else y,), "same-suit"))
        return Ruling([check(LEGAL, rule, "same-rank" if rank else "same-suit", (x, y), sp, assumed)], rule)

    def sequence(self, s):
        return [check(LEGAL, "special:accordion", "pile-moves", tuple(s.cards), self.special("accordion"))]

    def carry(self, x, above):
        return [check(LEGAL, "special:accordion", "pile-moves", (x, *above), self.special("accordion"))]


register_phrases({
    ("special:accordion", "same-rank"): lambda c: "a card goes on a neighbour of its rank",
    ("special:accordion", "same-suit"): lambda c: "a card goes on a neighbour of its suit",
    ("special:accordion", "no-match"): lambda c: "a card goes only on a neighbour of its suit or rank",
    ("special:accordion", "pile-moves"): lambda c: "a pile moves whole",
}, {"neighbour": lambda a: f"{card(a.cards[0])} lies " + " or ".join(
    {"L1": "just left of it", "L3": "third to its left"}.get(m, m) for m in (a.detail or ()))})
