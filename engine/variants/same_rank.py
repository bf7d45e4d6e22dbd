"""«Узник»: cards go onto a card of the same rank (special ``same-rank-onto``); which card the rule
names is not printed, so it is assumed."""

from __future__ import annotations

from pasyans.models import Assumption

from ..reasons import card, register_phrases
from ..rules import ILLEGAL, LEGAL, Rules, Ruling, check
from . import register


@register
class SameRankOnto(Rules):
    names = ("same-rank-onto",)

    def stays_in_layout(self, move, y) -> bool:
        return True

    def sequence(self, s):
        return []   # the cards named go onto it one by one: each is judged by onto_tableau

    def onto_tableau(self, s) -> Ruling:
        sp = self.special("same-rank-onto")
        rule = "special:same-rank-onto"
        for c in s.cards:
            if c.rank != s.onto.rank:
                return Ruling([check(ILLEGAL, rule, "other-rank", (c, s.onto), sp)], rule)
        return Ruling([check(LEGAL, rule, "same-rank", (*s.cards, s.onto), sp, [Assumption("named-card", (s.onto,))])], rule)


register_phrases({
    ("special:same-rank-onto", "same-rank"): lambda c: "cards go onto the card of their rank",
    ("special:same-rank-onto", "other-rank"): lambda c: "only a card of its rank goes there",
}, {"named-card": lambda a: f"{card(a.cards[0])} is the card the rule names"})
