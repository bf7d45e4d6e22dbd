"""Cards of some ranks are taken out of play («Большая Берта»: kings; «Королевское шествие»: aces):
special ``remove-rank`` with ``ranks``."""

from __future__ import annotations

from dataclasses import dataclass, field

from pasyans.spec import Params, register_params

from ..reasons import RANKS, rank, register_phrases
from ..rules import ILLEGAL, LEGAL, Rules, Ruling, check
from . import register


@register_params("remove-rank")
@dataclass(frozen=True, repr=False)
class RemoveRankParams(Params):
    ranks: list = field(default_factory=list)


@register
class RemoveRank(Rules):
    names = ("remove-rank",)

    def discard(self, s) -> Ruling:
        sp = self.special("remove-rank")
        rule = "special:remove-rank"
        if all(c.rank in sp.params.ranks for c in s.cards):
            return Ruling([check(LEGAL, rule, "removed", tuple(s.cards), sp)], rule)
        other = super().discard(s)
        if any(c.what == "no-discard-rule" for c in other.checks):
            return Ruling([check(ILLEGAL, rule, "other-rank", (s.card,), sp, ranks=list(sp.params.ranks))], rule)
        return other


register_phrases({
    ("special:remove-rank", "removed"): lambda c: f"{rank(c.cards[0], False)}s are taken out of play",
    ("special:remove-rank", "other-rank"): lambda c: "only the rank(s) " + ", ".join(RANKS.get(r, str(r)) for r in
                                                                              c.detail.get("ranks", [])) + " leave play",
})
