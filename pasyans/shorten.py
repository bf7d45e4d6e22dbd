"""The one way a text is shortened to fit: cut after a whole word, with «…».

Every place that must fit a text into a width — a terminal line of ``verify``, the move column of
``show``, the book's quote in a verdict's reason, a sentence quoted in a finding or an error line —
calls :func:`shorten`, so a cut reads the same everywhere («… по старшинству за…», never «… за ка…»).
"""

from __future__ import annotations

ELLIPSIS = "…"

_TRAILING = " \t,;:—–-"
"""What a cut leaves off before the «…» (a space, a comma or a dash left dangling)."""


def shorten(text: str, width: int) -> str:
    """``text`` as it is when it has at most ``width`` characters, else cut after its last whole word
    that fits, with «…» (``width`` characters at most, the «…» included); when no word boundary lies in
    the second half of the room (one long word), it is cut inside the word. Whitespace is kept as it is
    (a caller that wants one line joins it first)."""
    if len(text) <= width:
        return text
    if width <= 1:
        return ELLIPSIS[:width]
    room = width - len(ELLIPSIS)
    head = text[:room]
    if not text[room].isspace():  # the cut falls inside a word: go back to its start
        space = max(head.rfind(" "), head.rfind("\t"), head.rfind("\n"))
        if space >= room // 2:
            head = head[:space]
    return (head.rstrip(_TRAILING) or head) + ELLIPSIS
