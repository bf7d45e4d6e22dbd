"""What the text of a worked example says about the position after a move, read as facts on the move.

«Більше перекладати нічого», «Знову утворилися глухі вікна» (Ukrainian), «больше перекладывать
нечего», «глухие окна» (Russian): after the move no window can be filled — the claim ``"stuck"``
in :attr:`pasyans.models.Move.claims` of the move the sentence follows. The engine checks the claim
on the full position; it never reads the text itself. Patterns are spaCy Matcher patterns on the
lemmas of :mod:`pasyans.extract.nlp` (data: :data:`STUCK_PATTERNS`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pasyans.models import Example

STUCK_PATTERNS = {
    "uk": [[{"LEMMA": "більше"}, {"LEMMA": "перекладати"}, {"LEMMA": "ніщо"}],
           [{"LEMMA": "глухий"}, {"LEMMA": "вікно"}]],
    "ru": [[{"LEMMA": {"IN": ["больше", "большой"]}}, {"LEMMA": "перекладывать"}, {"LEMMA": "нечего"}],
           [{"LEMMA": "глухой"}, {"LEMMA": "окно"}]],
}
"""Phrases saying no window can be filled (each with its language)."""


@lru_cache(maxsize=2)
def _matcher(lang: str):
    from spacy.matcher import Matcher

    from .nlp import pipeline

    m = Matcher(pipeline(lang).vocab)
    m.add("STUCK", STUCK_PATTERNS[lang])
    return m


def says_stuck(text: str, lang: str) -> bool:
    """Whether ``text`` says that no window can be filled (see the module text)."""
    from .nlp import doc

    if lang not in STUCK_PATTERNS or not text.strip():
        return False
    return bool(_matcher(lang)(doc(text, lang)))


def _raw_pattern(raw: str) -> re.Pattern:
    return re.compile(r"\s*".join(re.escape(ch) for ch in raw if not ch.isspace()))


def read_claims(example: Example, lang: str) -> None:
    """Add ``"stuck"`` to ``claims`` of every move of ``example`` whose following text (up to the
    next move) says no window can be filled. Moves whose printed words are not found are skipped."""
    text = example.text or ""
    spans: list[tuple[int, int] | None] = []
    pos = 0
    for m in example.moves:
        hit = _raw_pattern(m.raw).search(text, pos) if m.raw else None
        spans.append((hit.start(), hit.end()) if hit else None)
        if hit:
            pos = hit.end()
    for i, sp in enumerate(spans):
        if sp is None:
            continue
        nxt = next((s[0] for s in spans[i + 1:] if s is not None), len(text))
        if says_stuck(text[sp[1]:nxt], lang) and "stuck" not in example.moves[i].claims:
            example.moves[i].claims.append("stuck")
