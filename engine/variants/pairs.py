"""Cards that leave play in pairs («Пирамида», «Монте-Карло», «Четырнадцать», «Святой Георгий»):
two cards whose values add up to ``total`` (A = 1 … J = 11, Q = 12, K = 13), or, with ``same_rank``,
two of one rank; ``singles`` lists ranks that leave alone (the kings of «Пирамида»); ``touching``:
the two must lie next to each other."""

from __future__ import annotations

from dataclasses import dataclass, field

from pasyans.models import Assumption
from pasyans.spec import Params, register_params

from ..reasons import card, rank, register_phrases
from ..rules import ILLEGAL, LEGAL, UNKNOWN, Rules, Ruling, check
from . import register


@register_params("pairs")
@dataclass(frozen=True, repr=False)
class PairsParams(Params):
    total: int | None = None
    same_rank: bool = False
    singles: list = field(default_factory=list)
    touching: bool = False


@register
class Pairs(Rules):
    names = ("pairs",)

    def discard(self, s) -> Ruling:
        sp = self.special("pairs")
        p = sp.params
        x, partner = s.card, s.partner
        rule = "special:pairs"
        if partner is None:
            if x.rank in p.singles:
                return Ruling([check(LEGAL, rule, "single", (x,), sp)], rule)
            return Ruling([check(UNKNOWN, "partner", "no-partner", (x,), sp)], rule)
        if p.same_rank:
            if x.rank != partner.rank:
                return Ruling([check(ILLEGAL, rule, "not-one-rank", (x, partner), sp)], rule)
            found = check(LEGAL, rule, "one-rank", (x, partner), sp, [self._where(p, x, partner)])
        else:
            if not isinstance(p.total, int):
                return Ruling([check(UNKNOWN, rule, "no-total", (x, partner), sp)], rule)
            total = x.rank + partner.rank
            if total != p.total:
                return Ruling([check(ILLEGAL, rule, "wrong-total", (x, partner), sp, total=total, want=p.total)], rule)
            found = check(LEGAL, rule, "total", (x, partner), sp, [self._where(p, x, partner)], total=total)
        return Ruling([found], rule)

    @staticmethod
    def _where(p, x, partner) -> Assumption:
        return Assumption("adjacent" if p.touching else "free-to-play", (x, partner))


register_phrases({
    ("special:pairs", "single"): lambda c: f"{rank(c.cards[0], False)}s leave play alone",
    ("special:pairs", "total"): lambda c: f"{card(c.cards[0])} + {card(c.cards[1])} = {c.detail.get('total')}, a pair",
    ("special:pairs", "wrong-total"): lambda c: f"{card(c.cards[0])} + {card(c.cards[1])} = {c.detail.get('total')}, "
                                                f"not {c.detail.get('want')}",
    ("special:pairs", "one-rank"): lambda c: "a pair of one rank leaves play",
    ("special:pairs", "not-one-rank"): lambda c: "only two of one rank leave play",
    ("special:pairs", "no-total"): lambda c: "the pairing rule gives no total",
    ("partner", "no-partner"): lambda c: "the text names no card it pairs with",
})
