"""«Супружество»: the foundations are the cards ``cards`` (those in ``preplaced`` laid out before the
deal), each built up or down by one in its suit as ``directions`` says by card («QD») or rank («J»),
the ace between the king and the two — special ``base-list``."""

from __future__ import annotations

from dataclasses import dataclass, field

from pasyans.cards import Card
from pasyans.spec import Params, register_params

from ..reasons import card, register_phrases
from ..rules import ILLEGAL, LEGAL, Rules, Ruling, check
from . import cards_of as _cards
from . import register


@register_params("base-list")
@dataclass(frozen=True, repr=False)
class BaseListParams(Params):
    cards: list = field(default_factory=list)
    preplaced: list = field(default_factory=list)
    directions: dict = field(default_factory=dict)


@register
class BaseList(Rules):
    names = ("base-list",)
    RULE = "special:base-list"

    @property
    def _sp(self):
        return self.special("base-list")

    def _listed(self) -> set[Card]:
        return _cards(self._sp.params.cards)

    def _first(self) -> set[Card]:
        return _cards(self._sp.params.preplaced)

    def direction(self, y: Card) -> str | None:
        """The direction the base of ``y``'s card or rank is built in, or ``None``."""
        dirs = self._sp.params.directions or {}
        return dirs.get(y.format()) or dirs.get(y.format()[0])

    def _step(self, y: Card, x: Card) -> str | None:
        d = self.direction(y)
        if d is None or x.suit != y.suit or x.suit is None:
            return None
        nxt = y.rank % 13 + 1 if d == "up" else (y.rank - 2) % 13 + 1
        return d if x.rank == nxt else None

    def is_base(self, c, started=None) -> bool:
        return c in self._listed() or super().is_base(c, started)

    def preplaced(self, c):
        return self._sp if c in self._first() else super().preplaced(c)

    def to_foundation(self, s) -> Ruling:
        x = s.card
        if s.onto is None and len(s.cards) == 1:
            if x in self._first() and s.src is None:
                return Ruling([check(ILLEGAL, self.RULE, "preplaced-base", (x,), self._sp)], self.RULE)
            if x in self._listed() and x not in s.tops:
                return Ruling([check(LEGAL, self.RULE, "listed-base", (x,), self._sp)], self.RULE)
        return super().to_foundation(s)

    def predecessors(self, x, s=None):
        fits = [t for t in sorted(s.tops if s else (), key=str) if self._step(t, x)]
        return fits if len(fits) == 1 else super().predecessors(x, s)

    def onto_foundation(self, x, y):
        d = self._step(y, x)
        if d is None:
            if self.direction(y):
                return [check(ILLEGAL, self.RULE, "not-next", (x, y), self._sp)]
            return super().onto_foundation(x, y)
        return [check(LEGAL, self.RULE, "listed-order", (x, y), self._sp, direction=d)]


register_phrases({
    ("special:base-list", "listed-base"): lambda c: f"{card(c.cards[0])} is one of the bases the text lists",
    ("special:base-list", "listed-order"): lambda c: f"that base is built {c.detail.get('direction')} by one",
    ("special:base-list", "not-next"): lambda c: "not the next card of its suit in that base's direction",
    ("special:base-list", "preplaced-base"): lambda c: "it lies in the foundation row from before the deal",
})
