"""Facts an example states about the position, not moves: cards a described position puts in a place
(:data:`SHOWN_NOTE` notes, read back by :func:`shown_before`), face-down cards a move turns up
(:func:`note_turned_up`). Claims that nothing more can be moved are put on the move before them by
:func:`pasyans.extract.moves.parse_moves` (``Move.claims``)."""

from __future__ import annotations

from pasyans.cards import Card

SHOWN_NOTE = "shown before this move: "
"""Prefix of a :class:`~pasyans.models.Move` note listing cards a described position puts in a
place («♥А и ♠К вынесены … в базовый ряд»), as ``"AH foundation, KS foundation"`` (``played``: said to be
played, not where) — not moves,
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


_EACH = ("каждого", "каждый", "кожного", "кожний", "каждом")


def note_turned_up(cl, made, in_sentence, protos) -> None:
    """«♥2 покрывает ♥Т, и карта лицевой стороной вниз открывается», «и открывается карта выше»,
    «а верхняя карта запечатанного пакета над ♦7 открывается»: a face-down card the move turns up
    (``turns_up`` of the move just before, or of this clause's own move); «карты лицом вниз открываются
    после каждого хода»: one for every move of the sentence. A clause naming the card it turns up
    (a move of its own) is left alone. ``in_sentence``: a callable giving the moves of the sentence,
    called only for «после каждого хода» (the list made at every clause was quadratic in the example)."""
    if not any("TURN" in el.cues for el in cl) or not protos:
        return
    if not any(el.kind == "word" and el.lemma == "карта" for el in cl) or any(el.kind == "card" and any(
            e.kind == "word" and e.lemma == "карта" for e in cl[cl.index(el) + 1:cl.index(el) + 2]) for el in cl):
        return
    if any(el.kind == "word" and el.low in _EACH for el in cl):
        for p in in_sentence():
            p.turns_up = max(p.turns_up, 1)
        return
    (made[-1] if made else protos[-1]).turns_up += 1
