"""Facts an example states about the position, not moves: cards a described position puts in a place
(:data:`SHOWN_NOTE` notes, read back by :func:`shown_before`)."""

from __future__ import annotations

from pasyans.cards import Card

SHOWN_NOTE = "shown before this move: "
"""Prefix of a :class:`~pasyans.models.Move` note listing cards a described position puts in a
place («♥А и ♠К вынесены … в базовый ряд») or plays without a place («сыграть ♦6»: ``played``), as
``"AH foundation, KS foundation, 6D played"`` — not moves,
but what the engine may take as shown (see :func:`shown_before`)."""


def shown_before(note: str | None) -> list[tuple[Card, str]]:
    """The ``(card, place)`` pairs of a move note written with :data:`SHOWN_NOTE` («AH foundation»);
    ``[]`` when the note has none. Raises nothing: a part that does not read is skipped."""
    out: list[tuple[Card, str]] = []
    for part in (note or "").split("; "):
        if not part.startswith(SHOWN_NOTE):
            continue
        for item in part[len(SHOWN_NOTE):].split(", "):
            code, _, place = item.partition(" ")
            try:
                out.append((Card.parse(code), place))
            except ValueError:
                continue
    return out
