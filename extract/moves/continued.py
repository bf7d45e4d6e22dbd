"""Moves a text follows with «и так далее»: flag ``and-so-on`` (:func:`mark_and_so_on`).

«♥7 — под ♥8 и т. д.» (book 004, «Ханойская башня»), «а ♠8 — на ♦7. И т. д.», «на 2♦ — 3♦ и т. д.»,
Ukrainian «сімку пік — на вісімку чирв і так далі», pre-1918 «и такъ далѣе»: the text leaves moves out
after this one, so what it says of the position later may have changed in between (the engine reads
the flag). The phrases are the lexicon's ``and_so_on`` words (``pasyans/data/move_lexicon.json``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import _W


@lru_cache(maxsize=1)
def and_so_on_re() -> re.Pattern:
    """The lexicon's «и т. д.» phrases as one pattern: spaces optional after a full stop («и т.д.»), any
    run of spaces between words, word-bounded, case-insensitive («И т. д.» opening a sentence)."""
    alts = []
    for phrase in sorted(_W["and_so_on"], key=len, reverse=True):
        words = phrase.split()
        pat = re.escape(words[0])
        for prev, w in zip(words, words[1:]):
            pat += (r"\s*" if prev.endswith(".") else r"\s+") + re.escape(w)
        alts.append(pat if words[-1].endswith(".") else pat + r"(?!\w)")
    return re.compile(r"(?<!\w)(?:" + "|".join(alts) + ")", re.IGNORECASE)


def marker_spans(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` of every «и т. д.» phrase in ``text``."""
    return [m.span() for m in and_so_on_re().finditer(text)]


def mark_and_so_on(protos: list, text: str, token_starts: list[int]) -> None:
    """Flag ``and-so-on`` on the move each «и т. д.» of ``text`` follows: the last move ending before
    the phrase, when only spaces and punctuation lie between them (no card — ``token_starts`` are the
    offsets of every card token — and no word), so also when the phrase opens the next sentence («… на
    ♦7. И т. д.»). A phrase after a rule naming no card («потом трійку і так далі») flags nothing.
    ``protos`` (with ``flags`` and ``end``, an offset into ``text``) are changed in place."""
    for a, _ in marker_spans(text):
        before = [p for p in protos if p.end <= a]
        if not before:
            continue
        p = max(before, key=lambda q: q.end)
        if re.search(r"\w", text[p.end:a]) or any(p.end <= t < a for t in token_starts):
            continue
        p.flags.add("and-so-on")
