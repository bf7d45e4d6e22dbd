"""Card values: rank + suit, written as PySolFC and fc-solve write them (``QH``, ``TS``, ``AS``).

This module knows only the standard notation. The Russian and Ukrainian notations of the
texts («♠Д», «ПА», «даму червей») are read by :mod:`pasyans.extract.notation`, which
produces these values.
"""

from __future__ import annotations

from dataclasses import dataclass
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
