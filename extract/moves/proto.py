"""The state of :class:`.reader.Reader`: a proto-move as a clause gives it (:class:`Proto`) and the
context kept from clause to clause of one example (:class:`Context`: pronouns, chains, cards taken up)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pasyans.cards import Card

from ..notation import CardToken
from .phrases import Group

_MADE = [0]
"""How many :class:`Proto` objects were made (in this process): each takes the next number (``serial``)."""


def _serial() -> int:
    _MADE[0] += 1
    return _MADE[0]


def made_so_far() -> int:
    """The serial the next :class:`Proto` exceeds: the protos made after this call have a larger one."""
    return _MADE[0]


class ProtoList(list):
    """The reader's list of protos, remembering the lowest index changed since ``low`` was last set
    (an insertion, a removal; an append changes nothing below the old end): the protos a clause made
    all lie at ``low`` or after, so a clause finds them without scanning the whole example (a
    25,000-character example of 2,500 moves: 3 s when every clause scanned every proto, quadratic)."""

    def __init__(self, items=()):
        super().__init__(items)
        self.low = 0

    def _touch(self, i: int) -> None:
        self.low = min(self.low, max(0, i if i >= 0 else len(self) + i))

    def insert(self, i, x):
        self._touch(i if i <= len(self) else len(self))
        super().insert(i, x)

    def remove(self, x):
        self._touch(self.index(x))
        super().remove(x)

    def pop(self, i=-1):
        self._touch(i)
        return super().pop(i)

    def __setitem__(self, i, x):
        self.low = 0 if isinstance(i, slice) else min(self.low, i % len(self) if len(self) else 0)
        super().__setitem__(i, x)

    def __delitem__(self, i):
        self.low = 0 if isinstance(i, slice) else min(self.low, i % len(self) if len(self) else 0)
        super().__delitem__(i)

    def clear(self):
        self.low = 0
        super().clear()

    def sort(self, *a, **k):
        self.low = 0
        super().sort(*a, **k)

    def reverse(self):
        self.low = 0
        super().reverse()

    def made_since(self, mark: int) -> list:
        """The protos with a serial above ``mark`` (:func:`made_so_far`) in list order, reading only from ``low``."""
        return [p for p in self[self.low:] if p.serial > mark]


@dataclass
class Proto:
    """A move as a clause gives it, before :func:`.finish.finish_moves` makes a ``Move`` of it:
    tokens (for lines and notes) instead of cards, the destination as read."""

    movers: list[CardToken]
    start: int
    end: int
    target: CardToken | None = None
    place: str | None = None
    kind: str | None = None
    flags: set = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    from_row: int | None = None
    to_row: int | None = None
    number: int | None = None
    notation: str | None = None
    card_list: list[Card] | None = None
    from_place: str | None = None
    turns_up: int = 0
    count: int | None = None
    claims: list[str] = field(default_factory=list)
    direction: str | None = None
    serial: int = field(default_factory=_serial, init=False, compare=False, repr=False)



@dataclass
class Context:
    history: list = field(default_factory=list)  # CardToken or UNNAMED, in text order
    last_movers: list[CardToken] = field(default_factory=list)
    prev_moved: bool = False
    prev_named: list[CardToken] = field(default_factory=list)  # cards of the clause before
    subject: CardToken | None = None  # the card the last clause with a predicate was about
    subject_sentence: int = -1
    sentence: int = 0
    pending_target: CardToken | None = None
    pending_list: list = field(default_factory=list)  # cards of a bare list clause just before (no predicate)
    last_proto: Proto | None = None
    prev_verb: str | None = None  # the move verb of the clause before, in the same sentence
    prev_made: list = field(default_factory=list)  # the protos the clause before made, in the same sentence
    pairs_named: bool = False  # this sentence told to take cards off in pairs («Снимайте пары карт …:»)
    last_discard: tuple | None = None  # (cards, partners) of the last discard clause
    last_group: "Group | None" = None
    run: tuple | None = None  # (Group, sentence): a run named by its ends («последовательность от K до 8»)
    listed: list = field(default_factory=list)  # the cards a description listed last («лежат ♣К, ♥Д и ♠В»)
    prev_alt: bool = False  # the clause before named its cards as alternatives («♥3 или ♣3»)
    stock_turned: tuple | None = None  # (Proto, sentence) of a stock card turned onto the waste
    clicked: tuple | None = None  # (Proto, sentence) of a card clicked, its destination not yet said
    turn_pending: int = -1  # the sentence whose clause before turned a stock card naming none («… колоды: 9♣»)
    took: bool = False  # the clause before went on a list of cards taken up («Снимаем 6♣, затем 7♥, затем 6♠»)
    whole_suit: tuple | None = None  # (sentence, offset) of a clause naming a whole suit and no card («полная масть»)
    taken: dict = field(default_factory=dict)  # Card → (place or None, start, token, end, sentence) of the clause that took it up
    place_said: tuple | None = None  # (sentence, place, offset) of the last place a clause named («уже в домі»)
    emptied: int = -1  # the sentence a clause of which told a pile became empty («Когда опустела первая стопка, …»)
    state_sentence: int = -1  # the sentence a clause of which told where cards lie («лежали …»)
    state_cards: list = field(default_factory=list)  # the cards that clause named
    pair_word: int = -1  # the sentence a clause of which said «пара» naming no card
    pair_seen: tuple | None = None  # (two cards, sentence) a clause named as «пара» («открылась пара: ♦8 и ♠5»)
    space_subject: int = -1  # the sentence a clause of which named a space as subject, no predicate («Окно, освободившееся от ♣8, …»)
    space_place: str = "space"  # the place that space noun names (``space``, ``cell`` …)
    emptied_made: int = 0  # the protos made when it did (none since: «Освободилась стопка. Кого он туда положит?»)

