"""The layout closes up after cards leave play («Монте-Карло»: «Затем расклад уплотняется …»;
«Четырнадцать»: «те, что остаются на столе, передвигаются ближе к центру креста»): special
``close-up``. A card the text moves in a direction, not to a place («♠5 и ♦8 сдвигаются влево»), is
legal once a card has left play in the example (a place is empty), assuming the place that way is
an emptied one and lies the way the cards close up (the deal is not printed); before any card has
left play no place has been emptied, and the move cannot be judged."""

from __future__ import annotations

from pasyans.models import Assumption

from ..reasons import card, register_phrases
from ..rules import LEGAL, UNKNOWN, Rules, Ruling, check
from . import register


SIDE = {"left": "left of", "right": "right of", "up": "above", "down": "below", "centre": "toward the centre from"}
"""``Move.direction`` → the words of the place that way."""


@register
class CloseUp(Rules):
    names = ("close-up",)
    RULE = "special:close-up"

    def shift(self, s) -> Ruling:
        sp = self.special("close-up")
        x = s.card
        if not s.spaces:
            return Ruling([check(UNKNOWN, "layout", "nothing-emptied", (x,), sp, direction=s.where)], "layout")
        return Ruling([check(LEGAL, self.RULE, "closes-up", (x,), sp, [Assumption("emptied-toward", (x,), s.where)],
                             direction=s.where)], self.RULE)


register_phrases({
    (CloseUp.RULE, "closes-up"): lambda c: "the cards left close up after others leave play",
    ("layout", "nothing-emptied"): lambda c: "the cards close up only into places emptied, and no card has left play yet",
}, {"emptied-toward": lambda a: f"the place {SIDE.get(a.detail, 'next to')} {card(a.cards[0])} was emptied and lies the "
                                 "way the cards close up"})
