"""«Салический закон»: a king with nothing built on it counts as a space (special ``bare-king-space``):
a card put on a bare king fills a space, by ``tableau.space``."""

from __future__ import annotations

from pasyans.models import Assumption

from ..reasons import card, register_phrases
from ..rules import LEGAL, UNKNOWN, Rules, Ruling, check
from . import register


@register
class BareKingSpace(Rules):
    names = ("bare-king-space",)

    def stays_in_layout(self, move, y) -> bool:
        return y.is_king or super().stays_in_layout(move, y)

    def onto_tableau(self, s) -> Ruling:
        if not s.onto.is_king or s.bare is False:
            return super().onto_tableau(s)
        sp = self.special("bare-king-space")
        rule = "special:bare-king-space"
        x, y = s.card, s.onto
        f = self.field("tableau.space")
        if f is None:
            return Ruling([check(UNKNOWN, "tableau.space", "unknown", (x, y), bare_king=True)], rule)
        if f.value != "any":
            return Ruling([check(UNKNOWN, "tableau.space", "not-modelled", (x, y), f, bare_king=True)], rule)
        assumed = [] if s.bare else [Assumption("bare", (y,))]
        return Ruling([check(LEGAL, rule, "bare-king", (x, y), sp, assumed), check(LEGAL, "tableau.space", "any", (x,), f)], rule)


register_phrases({
    ("special:bare-king-space", "bare-king"): lambda c: "a bare king counts as a space",
}, {"bare": lambda a: f"nothing is built on {card(a.cards[0])} any more"})
