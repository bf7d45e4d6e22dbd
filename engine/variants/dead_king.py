"""Dead King Golf (a solver's rule, not the book's «Гольф»): nothing goes on a king on the waste
(special ``dead-king``)."""

from __future__ import annotations

from ..reasons import register_phrases
from ..rules import ILLEGAL, Rules, Ruling, check
from . import register


@register
class DeadKing(Rules):
    names = ("dead-king",)

    def onto_waste(self, s) -> Ruling:
        if s.onto is not None and s.onto.is_king:
            rule = "special:dead-king"
            return Ruling([check(ILLEGAL, rule, "dead-king", (s.card, s.onto), self.special("dead-king"))], rule)
        return super().onto_waste(s)


register_phrases({("special:dead-king", "dead-king"): lambda c: "nothing goes on a king (dead king)"})
