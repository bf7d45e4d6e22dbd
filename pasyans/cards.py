"""Card values: rank + suit, written as PySolFC and fc-solve write them (``QH``, ``TS``, ``AS``).

This module knows only the standard notation. The Russian and Ukrainian notations of the
texts («♠Д», «ПА», «даму червей») are read by :mod:`pasyans.extract.notation`, which
produces these values.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

RANKS = "A23456789TJQK"
"""Standard rank letters, index + 1 = rank value (A = 1 … K = 13)."""

SUITS = "CDHS"
"""Standard suit letters: clubs, diamonds, hearts, spades."""

RED_SUITS = frozenset("DH")


class CardError(ValueError):
    """A string is not a card in the notation asked for."""


@dataclass(frozen=True, order=True)
class Card:
    """One playing card.

    ``rank`` is 1 (ace) … 13 (king); ``suit`` is one of ``C D H S``, or ``None`` when the text
    names only a rank («на десятку»); ``joker`` cards have rank 0 and no suit.
    """

    rank: int
    suit: str | None = None
    joker: bool = False

    def __post_init__(self) -> None:
        if self.joker:
            if self.rank != 0 or self.suit is not None:
                raise CardError("a joker has no rank and no suit")
            return
        if not 1 <= self.rank <= 13:
            raise CardError(f"rank out of range: {self.rank}")
        if self.suit is not None and self.suit not in SUITS:
            raise CardError(f"unknown suit: {self.suit!r}")

    # -- standard notation -------------------------------------------------------------
    @classmethod
    def parse(cls, token: str) -> "Card":
        """Read a card in standard notation: ``QH``, ``TS``, ``10S``, ``AS``, ``Q`` (rank only), ``JOKER``.

        Raises :class:`CardError` for anything else. Latin ``T`` is ten here, as in fc-solve.
        """
        t = token.strip().upper()
        if t in ("JOKER", "JK", "*"):
            return cls(0, None, joker=True)
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) not in (1, 2) or t[0] not in RANKS:
            raise CardError(f"not a card in standard notation: {token!r}")
        suit = t[1] if len(t) == 2 else None
        if suit is not None and suit not in SUITS:
            raise CardError(f"not a card in standard notation: {token!r}")
        return cls(RANKS.index(t[0]) + 1, suit)

    def format(self) -> str:
        """Standard notation: ``QH``; a rank-only card gives ``Q``; a joker gives ``JOKER``."""
        if self.joker:
            return "JOKER"
        return RANKS[self.rank - 1] + (self.suit or "")

    def __str__(self) -> str:
        return self.format()

    # -- properties used by the rules ---------------------------------------------------
    @property
    def color(self) -> str | None:
        """``"red"`` for D/H, ``"black"`` for C/S, ``None`` when the suit is unknown or a joker."""
        if self.suit is None:
            return None
        return "red" if self.suit in RED_SUITS else "black"

    @property
    def is_ace(self) -> bool:
        return not self.joker and self.rank == 1

    @property
    def is_king(self) -> bool:
        return not self.joker and self.rank == 13


def full_pack(ranks: str = RANKS) -> Iterator[Card]:
    """Every card of one pack, suit by suit (C, D, H, S), for the given rank letters.

    A 36-card pack is ``full_pack("6789TJQKA")``; a 32-card pack ``full_pack("789TJQKA")``.
    """
    for suit in SUITS:
        for r in ranks:
            yield Card(RANKS.index(r) + 1, suit)


# -- the pack ----------------------------------------------------------------------------------

PACK_SIZES = (52, 36, 32, 24, 20)
"""Cards in one pack without jokers: full, and stripped to six, seven, nine or ten (and the aces)."""


@dataclass(frozen=True)
class Pack:
    """One pack's ranks in building order, the ace first: the one place rank arithmetic lives.

    A stripped pack keeps its aces low: a 32-card pack («от тузов до семерок», piquet) runs
    A, 7, 8, … K, so a seven follows the ace. ``size`` is 52, 36, 32, 24 or 20 (``deck.cards_per_pack``
    of the rule spec). Steps are counted in this order, never by rank value: with 32 cards 7 − A
    is one step. Going round the corner (king then ace, ``wrap``) is a step of ±1 modulo the length.
    """

    size: int
    ranks: tuple[int, ...]

    @classmethod
    def of(cls, size: int | None) -> "Pack":
        """The pack of ``size`` cards; a full pack for ``None`` (the text does not say it is stripped).
        Raises ``ValueError`` for a size not in :data:`PACK_SIZES`."""
        return _pack(52 if size is None else size)

    def __contains__(self, rank: object) -> bool:
        return rank in self._index

    def __len__(self) -> int:
        return len(self.ranks)

    @property
    def _index(self) -> dict[int, int]:
        return _positions(self.ranks)

    def index(self, rank: int) -> int | None:
        """0-based place of ``rank`` in building order, or ``None`` when the pack has no such rank."""
        return self._index.get(rank)

    def step(self, x: int, y: int, wrap: bool = False) -> int | None:
        """Steps from rank ``y`` to rank ``x`` in building order (+1: ``x`` is the next rank up), or
        ``None`` when a rank is not in the pack. With ``wrap`` the result is the shortest way
        round (king → ace is +1, ace → king −1)."""
        i, j = self.index(x), self.index(y)
        if i is None or j is None:
            return None
        d = i - j
        if wrap:
            n = len(self.ranks)
            d = (d + n // 2) % n - n // 2 if n > 2 else d
        return d

    def follows(self, x: int, y: int, deltas: tuple[int, ...] | list[int]) -> str | None:
        """How rank ``x`` follows ``y`` by one of ``deltas`` (steps, e.g. ``(-1,)`` building down):
        ``"straight"``, ``"wrap"`` (only round the corner, king–ace), or ``None`` (it does not, or a
        rank is not in the pack)."""
        d = self.step(x, y)
        if d is None:
            return None
        if d in deltas:
            return "straight"
        n = len(self.ranks)
        return "wrap" if d % n in {k % n for k in deltas} else None

    def next_rank(self, rank: int, delta: int, wrap: bool = False) -> int | None:
        """The rank ``delta`` steps from ``rank`` (``None`` past either end unless ``wrap``, or when
        ``rank`` is not in the pack)."""
        i = self.index(rank)
        if i is None:
            return None
        j = i + delta
        n = len(self.ranks)
        if 0 <= j < n:
            return self.ranks[j]
        return self.ranks[j % n] if wrap else None

    @property
    def lowest(self) -> int:
        """The first rank in building order (the ace)."""
        return self.ranks[0]

    @property
    def highest(self) -> int:
        """The last rank in building order (the king)."""
        return self.ranks[-1]

    def cards(self) -> Iterator[Card]:
        """Every card of the pack, suit by suit (C, D, H, S), in building order."""
        for suit in SUITS:
            for r in self.ranks:
                yield Card(r, suit)


_PACK_RANKS = {52: tuple(range(1, 14)), 36: (1, *range(6, 14)), 32: (1, *range(7, 14)),
               24: (1, *range(9, 14)), 20: (1, *range(10, 14))}


@lru_cache(maxsize=None)
def _pack(size: int) -> Pack:
    if size not in _PACK_RANKS:
        raise ValueError(f"no pack of {size} cards (known: {', '.join(map(str, PACK_SIZES))})")
    return Pack(size, _PACK_RANKS[size])


@lru_cache(maxsize=None)
def _positions(ranks: tuple[int, ...]) -> dict[int, int]:
    return {r: i for i, r in enumerate(ranks)}
