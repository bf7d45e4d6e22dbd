"""What the text of a worked example says about the position after a move, for moves read elsewhere.

The move reader (:func:`pasyans.extract.moves.parse_moves`) puts the claims on the moves it reads
(``Move.claims``: ``"stuck"`` after «Більше перекладати нічого», «глухі вікна», «Дальнейшие ходы
невозможны» — the ``STUCK`` cue of ``pasyans/data/move_lexicon.json``). :func:`read_claims` gives
the same claims to moves that came from somewhere else (a replay, a test's hand-made moves), by
reading the example's text and matching the moves by their printed words.
"""

from __future__ import annotations

from pasyans.models import Example


def _key(raw: str) -> str:
    return "".join(raw.split())


def read_claims(example: Example, lang: str, notation: str = "letter") -> None:
    """Add to ``claims`` of each move of ``example`` what the example's text claims after it (the
    reader's claims, matched in order by the printed words; a move not found is left alone)."""
    from .moves import parse_moves

    lang = lang if lang in ("ru", "uk") else "ru"
    read = [m for m in parse_moves(example.text or "", "claims", notation, lang).moves if m.raw]
    pos = 0
    for m in example.moves:
        hit = next((k for k in range(pos, len(read)) if _key(read[k].raw) == _key(m.raw or "")), None)
        if hit is None:
            continue
        pos = hit + 1
        for c in read[hit].claims:
            if c not in m.claims:
                m.claims.append(c)
