"""«Часы дедушки»: the foundations are the cards ``cards``, laid out before play and built up in suit
by one, a king followed by the ace when ``wrap`` (round a clock face) — special ``base-cards``."""

from __future__ import annotations

from dataclasses import dataclass, field

from pasyans.cards import Card
from pasyans.spec import Params, register_params

from ..reasons import register_phrases
from ..rules import ILLEGAL, LEGAL, Rules, Ruling, check
from . import cards_of, register


@register_params("base-cards")
@dataclass(frozen=True, repr=False)
class BaseCardsParams(Params):
    cards: list = field(default_factory=list)
    direction: str = "up"
    wrap: bool = False

    @property
    def bases(self) -> set[Card]:
        return cards_of(self.cards)


@register
class BaseCards(Rules):
    names = ("base-cards",)
    RULE = "special:base-cards"

    @property
    def _sp(self):
        return self.special("base-cards")

    def is_base(self, c, started=None) -> bool:
        return c in self._sp.params.bases or super().is_base(c, started)

    def preplaced(self, c):
        return self._sp if c in self._sp.params.bases else super().preplaced(c)

    def start_foundation(self, x, started=None):
        if x in self._sp.params.bases:
            return [check(ILLEGAL, self.RULE, "preplaced-base", (x,), self._sp)]
        return [check(ILLEGAL, self.RULE, "not-a-base", (x,), self._sp)]

    def to_foundation(self, s) -> Ruling:
        r = super().to_foundation(s)
        r.primary = self.RULE
        return r

    def predecessors(self, x, s=None):
        if x in self._sp.params.bases or x.suit is None:
            return []
        return [Card((x.rank - 2) % 13 + 1, x.suit)]   # the card before it, a king before an ace

    def onto_foundation(self, x, y):
        sp = self._sp
        if x.suit != y.suit:
            return [check(ILLEGAL, self.RULE, "own-suit", (x, y), sp)]
        if (x.rank - y.rank) % 13 != 1:
            return [check(ILLEGAL, self.RULE, "up-by-one", (x, y), sp)]
        if y.is_king and not sp.params.wrap:
            return [check(ILLEGAL, self.RULE, "nothing-after-king", (x, y), sp)]
        return [check(LEGAL, self.RULE, "round-the-corner" if y.is_king else "up-by-one", (x, y), sp)]


register_phrases({
    ("special:base-cards", "up-by-one"): lambda c: "a base card's foundation goes up by one in its suit",
    ("special:base-cards", "round-the-corner"): lambda c: "an ace follows the king round the clock",
    ("special:base-cards", "own-suit"): lambda c: "a foundation takes its own suit",
    ("special:base-cards", "nothing-after-king"): lambda c: "nothing follows a king",
    ("special:base-cards", "preplaced-base"): lambda c: "a base card lies on its foundation from the start",
    ("special:base-cards", "not-a-base"): lambda c: "only the named cards start foundations",
})
