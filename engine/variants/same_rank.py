"""«Узник»: cards go onto a card of the same rank (special ``same-rank-onto``); which card the rule
names is not printed, so it is assumed."""

from __future__ import annotations

from pasyans.models import Assumption

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
