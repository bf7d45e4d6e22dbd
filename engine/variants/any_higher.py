"""«Ханойская башня»: a card goes onto any card of higher rank, not only the next one (special
``onto-any-higher``; the rules reader writes it for «под карту более высокого достоинства», «на
любую старшую карту» without «следующую»). The suit rule, when the text states one, still applies."""

from __future__ import annotations

from ..reasons import register_phrases
from ..rules import ILLEGAL, LEGAL, UNKNOWN, Rules, Ruling, check
from . import register

RULE = "special:onto-any-higher"


@register
class OntoAnyHigher(Rules):
    names = ("onto-any-higher",)

    def onto_tableau(self, s) -> Ruling:
        sp = self.special("onto-any-higher")
        x, y = s.card, s.onto
        d = self.pack.step(x.rank, y.rank)
        if d is None:
            return Ruling([check(UNKNOWN, RULE, "rank-not-in-pack", (x, y), sp)], RULE)
        if d >= 0:
            return Ruling([check(ILLEGAL, RULE, "not-higher", (x, y), sp)], RULE)
        suit = self.suit("tableau.build_suit", x, y) if self.field("tableau.build_suit") is not None else []
        return Ruling([check(LEGAL, RULE, "higher", (x, y), sp)] + suit, RULE)


register_phrases({
    (RULE, "higher"): lambda c: "a card goes onto any higher card",
    (RULE, "not-higher"): lambda c: "a card goes only onto a higher card",
    (RULE, "rank-not-in-pack"): lambda c: "a rank the pack does not hold",
})
