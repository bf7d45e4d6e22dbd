"""«Ручеек»: of two cards of one suit side by side the one on the side ``adjacent`` leaves play, of
two one card apart the one on ``one_apart`` (special ``same-suit-neighbours``). The row is not
printed, so where the cards lie is assumed; a partner of another suit breaks the rule."""

from __future__ import annotations

from dataclasses import dataclass

from pasyans.models import Assumption
from pasyans.spec import Params, register_params

from ..reasons import card, register_phrases
from ..rules import ILLEGAL, LEGAL, UNKNOWN, Rules, Ruling, check
from . import register


@register_params("same-suit-neighbours")
@dataclass(frozen=True, repr=False)
class NeighboursParams(Params):
    adjacent: str | None = None
    one_apart: str | None = None


@register
class SameSuitNeighbours(Rules):
    names = ("same-suit-neighbours",)

    def discard(self, s) -> Ruling:
        sp = self.special("same-suit-neighbours")
        p = sp.params
        x, partner = s.card, s.partner
        rule = "special:same-suit-neighbours"
        other = {"right": "left", "left": "right"}
        sides = {k: other[v] for k, v in (("adjacent", p.adjacent), ("one_apart", p.one_apart)) if v in other}
        if not sides:
            return Ruling([check(UNKNOWN, rule, "no-side", (x,), sp)], rule)
        if partner is not None and x.suit and partner.suit and partner.suit != x.suit:
            return Ruling([check(ILLEGAL, rule, "not-one-suit", (x, partner), sp)], rule)
        mate = (partner,) if partner is not None else ()
        return Ruling([check(LEGAL, rule, "neighbour-leaves", (x, *mate), sp,
                             [Assumption("same-suit-beside", (x, *mate), tuple(sorted(sides.items())))])], rule)


register_phrases({
    ("special:same-suit-neighbours", "neighbour-leaves"): lambda c: "of two cards of one suit side by side, one leaves",
    ("special:same-suit-neighbours", "not-one-suit"): lambda c: "the two are not of one suit",
    ("special:same-suit-neighbours", "no-side"): lambda c: "the rule names no side",
}, {"same-suit-beside": lambda a: f"a card of its suit lies beside {card(a.cards[0])} on the side the rule names"})
