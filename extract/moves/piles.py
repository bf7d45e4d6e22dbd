"""The piles an example builds, and a pile named instead of its card.

A worked example often moves a card onto another and then the two on together, naming the pile, not
its card: «8♠ сначала на 9♥, а потом всю стопку — на 10♣» (♥9 with ♠8 onto ♣10, two cards), uk «J♣
спершу на Q♥, а потім усю купку — на K♠», «♠5 сперва на ♦6, а потом всю пару — на ♣7»; or names the
card and the pile on it: uk «А K♠ з усією купкою — на порожнє місце», «♠К вместе со всей стопкой
переносим …». :func:`whole_pile` finds such a phrase in a clause (a determiner of wholeness or «этот»
before a noun of piles); :class:`PileSizes` counts the cards lying on each card after the moves read
so far (a card moved onto another brings its own pile), so that the pile's ``count`` is known.

Shapes: clauses are lists of :class:`~.elements.El`; a phrase is ``(start, end, with_)`` — the indices
``cl[start:end]`` it spans and whether it is the comitative «с/з …» (the card named beside it moves
with it) rather than the mover itself. No errors: a clause with no such phrase gives ``None``.
"""

from __future__ import annotations

from pasyans import morph
from pasyans.cards import Card

_WHOLE = frozenset({"весь", "увесь", "ввесь", "целый", "цілий", "этот", "цей"})
"""Lemmas (pymorphy3 reads «усю», «усією» as «увесь», uk «всією» as «ввесь») of «the whole / this» before a pile."""
_PILE = frozenset({"стопка", "стопочка", "купка", "кучка", "пачка", "стос", "стосик", "пара", "серия", "серія",
                   "последовательность", "послідовність", "цепочка", "ланцюжок", "колонка", "столбец", "стовпчик"})
"""Nouns that name a pile of cards moved as one («всю стопку», uk «усю купку», «эту пару»)."""
_WITH = frozenset({"с", "со", "з", "зі", "із", "вместе", "разом"})
"""«с / вместе со / з / разом з» before the pile: the card named before it moves with its pile."""


def _one_pile(el) -> bool:
    """Whether the pile noun can be one pile moved or moved with: singular accusative, nominative or instrumental
    in some parse (not «последовательности», which is singular only in other cases)."""
    return any("plur" not in p.tag.grammemes and p.tag.case in ("accs", "nomn", "ablt")
               for p in morph.analyzer(el.lang if el.lang in ("ru", "uk") else "ru").parse(el.low))


def whole_pile(cl) -> tuple[int, int, bool] | None:
    """``(start, end, with_)`` of the first «всю стопку» / «усю купку» / «эту пару» / «з усією купкою» of
    the clause ``cl`` (the determiner, any words between up to the noun), or ``None``. A pile after «на»,
    «в», «под» … is a destination (none here): «на всю стопку» is not the pile moved."""
    for i, el in enumerate(cl):
        if el.kind != "word" or el.lemma not in _PILE or not _one_pile(el):
            continue   # («Можно переносить целые открытые последовательности»: piles in general, a rule)
        k = i - 1
        while k >= 0 and cl[k].kind == "word" and cl[k].lemma not in _WHOLE and cl[k].tag is not None \
                and cl[k].tag.POS in ("ADJF", "PRTF") and i - k < 3:
            k -= 1   # «всю эту стопку», «усю отриману купку»
        if k < 0 or cl[k].kind != "word" or cl[k].lemma not in _WHOLE:
            continue
        while k > 0 and cl[k - 1].kind == "word" and cl[k - 1].lemma in _WHOLE:
            k -= 1   # «всю эту стопку»
        s = k
        with_ = False
        while s > 0 and cl[s - 1].kind == "word" and cl[s - 1].low in _WITH:
            s -= 1
            with_ = True
        if s > 0 and cl[s - 1].kind == "word" and not with_ and cl[s - 1].low in (
                "на", "в", "во", "у", "под", "під", "до", "из", "із", "з", "с", "от", "від"):
            continue   # «на всю стопку»: a destination or a source, not what moves
        return s, i + 1, with_
    return None


class PileSizes:
    """How many cards lie in the pile a card heads (the card itself and those on it), as the example's
    moves so far built it: a card ``n`` cards strong moved onto ``c`` makes ``c`` ``n + 1`` strong; a card
    never built on is 1. Cards are :class:`~pasyans.cards.Card` values."""

    def __init__(self) -> None:
        self._size: dict[Card, int] = {}
        self._under: dict[Card, Card] = {}

    def size(self, card: Card) -> int:
        return self._size.get(card, 1)

    def root(self, card: Card) -> Card:
        """The card at the bottom of the pile ``card`` lies in (``card`` itself when it lies on none the example
        moved it onto): «9♠ на десятку, восьмёрку — на девятку, а потом всю серию …» — the ten."""
        seen = {card}
        while card in self._under and self._under[card] not in seen:
            card = self._under[card]
            seen.add(card)
        return card

    def moved(self, mover: Card, onto: Card | None, count: int | None = None) -> None:
        """Record ``mover`` (``count`` cards as one, else its own pile) moved onto the card ``onto`` (None: onto a
        place, where it heads its pile still)."""
        n = count or self.size(mover)
        seen: set[Card] = {mover}
        c = self._under.pop(mover, None)
        while c is not None and c not in seen:   # it left the card it lay on: those piles are smaller again
            seen.add(c)
            self._size[c] = max(1, self.size(c) - n)
            c = self._under.get(c)
        self._size[mover] = n
        if onto is not None and onto != mover:
            self._under[mover] = onto
            seen = {mover}
            c = onto
            while c is not None and c not in seen:   # and the piles it now lies in are bigger
                seen.add(c)
                self._size[c] = self.size(c) + n
                c = self._under.get(c)
