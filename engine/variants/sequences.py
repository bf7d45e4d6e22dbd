"""«Расчет», «Гора Олимп», «Королевский котильон»: each base is built in one of the orders of ranks the
text lists (``sequences``, e.g. 1, 3, 5, 7 …), in the suit rule ``suit`` — special ``sequences``. A
move the listed orders do not cover is judged by the foundation fields when the plain order (up by
one) is also a foundation order of the game (the top row of «Королевское рандеву»)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pasyans.cards import Card
from pasyans.spec import Field, Params, register_params

from ..reasons import register_phrases
from ..rules import ILLEGAL, LEGAL, Rules, Ruling, check
from . import register


@register_params("sequences")
@dataclass(frozen=True, repr=False)
class SequencesParams(Params):
    sequences: list = field(default_factory=list)
    suit: str | None = None


@register
class Sequences(Rules):
    names = ("sequences",)
    RULE = "special:sequences"

    @property
    def _sp(self):
        return self.special("sequences")

    def _orders(self) -> list[list[int]]:
        return [list(v) for v in self._sp.params.sequences if v]

    def _policy(self):
        su = super().field("foundations.suit")
        return self._sp.params.suit or (su.value if su is not None else None)

    def field(self, path):
        f = super().field(path)
        if f is None and path == "foundations.suit" and self._sp.params.suit:
            sp = self._sp
            return Field(sp.params.suit, "stated", sp.quote, sp.lines, None, None, path)
        return f

    def _fields_may(self) -> bool:
        d, st = super().field("foundations.direction"), super().field("foundations.step")
        return d is not None and st is not None and d.value == "up" and st.value == 1

    def is_base(self, c, started=None) -> bool:
        return c.rank in [v[0] for v in self._orders()] or super().is_base(c, started)

    def to_foundation(self, s) -> Ruling:
        r = super().to_foundation(s)
        if any(c.rule == self.RULE for c in r.checks):
            r.primary = self.RULE
        return r

    def start_foundation(self, x, started=None):
        starts = [v for v in self._orders() if v[0] == x.rank]
        inside = [v for v in self._orders() if x.rank in v[1:]]
        if starts and not inside:
            return [check(LEGAL, self.RULE, "starts", (x,), self._sp)]
        if inside:
            return [check(ILLEGAL, self.RULE, "inside", (x,), self._sp)]
        if self._fields_may():
            return super().start_foundation(x, started)
        return [check(ILLEGAL, self.RULE, "no-order", (x,), self._sp)]

    def predecessors(self, x, s=None):
        if self._policy() != "same-suit" or x.suit is None:
            return None
        prev = [v[i - 1] for v in self._orders() for i in range(1, len(v)) if v[i] == x.rank]
        if not prev:
            return super().predecessors(x, s) if self._fields_may() else []
        return [Card(r, x.suit) for r in dict.fromkeys(prev)]

    def onto_foundation(self, x, y):
        if self._policy() == "same-suit" and x.suit and y.suit and x.suit != y.suit:
            if not self._fields_may():
                return [check(ILLEGAL, self.RULE, "own-suit", (x, y), self._sp)]
            return super().onto_foundation(x, y)
        fits = [v for v in self._orders() for i in range(len(v) - 1) if v[i] == y.rank and v[i + 1] == x.rank]
        if fits:
            return [check(LEGAL, self.RULE, "order", (x, y), self._sp, order=fits[0])]
        if self._fields_may():
            return super().onto_foundation(x, y)
        return [check(ILLEGAL, self.RULE, "not-in-order", (x, y), self._sp)]


register_phrases({
    ("special:sequences", "order"): lambda c: "the order " + ", ".join(map(str, c.detail.get("order", []))),
    ("special:sequences", "starts"): lambda c: "it starts a base of the listed orders",
    ("special:sequences", "inside"): lambda c: "it does not start a listed order",
    ("special:sequences", "no-order"): lambda c: "no listed order has that rank",
    ("special:sequences", "not-in-order"): lambda c: "no listed order goes that way",
    ("special:sequences", "own-suit"): lambda c: "a base takes its own suit",
})
