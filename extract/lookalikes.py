"""Latin letters that look like Cyrillic ones inside Cyrillic words (OCR and web transcriptions:
«Оглавленiе», «пикoвый», «Кoсынкa»): found per text, folded for reading.

A word (a run of letters) that mixes Cyrillic and Latin letters, every Latin one of which has a
Cyrillic look-alike (:data:`LOOK_ALIKES`: a c e o p x y i k and A B C E H I K M O P T X Y), is read with
those letters as the Cyrillic ones. A word of Latin letters only is never touched («Spider», «QH»,
«PySolFC», a Latin «T» after a suit), nor a mixed word with a Latin letter that has no look-alike
(«Windowsа» stays), nor a Roman numeral written in both scripts («ХIХ век»). The Latin «i» is the
Cyrillic «і» (pre-1918 Russian, Ukrainian).

:func:`fold` keeps the length of the text, character for character, so mapped texts
(:class:`pasyans.extract.text.MappedText`) and raw line numbers stay true; the raw text is never
changed (``pasyans add`` stores the file as it is and says how many words it folds,
:func:`mixed_words`). The line classifier, the readers and ``add`` all use this one function
(agreed with the segmentation side: NOTES 2026-12-02 03:25).
"""

from __future__ import annotations

import re

LOOK_ALIKES = {
    "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "i": "і", "k": "к",
    "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "I": "І", "K": "К", "M": "М", "O": "О",
    "P": "Р", "T": "Т", "X": "Х", "Y": "У",
}
"""A Latin letter → the Cyrillic letter it is taken for inside a Cyrillic word."""

_TABLE = str.maketrans(LOOK_ALIKES)
_WORD = re.compile(r"[^\W\d_]+")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN = re.compile(r"[A-Za-z]")
_MIXED = re.compile(r"[\u0400-\u04ff][A-Za-z]|[A-Za-z][\u0400-\u04ff]")
"""A Cyrillic letter next to a Latin one: a text without one has no mixed word (the quick test)."""


_ROMAN = frozenset("IVXLCDMХСМІ")
"""Letters of a Roman numeral in either script: «ХIХ» (век) is a number, not a word to fold."""


def _foldable(word: str) -> bool:
    return (bool(_CYRILLIC.search(word)) and bool(_LATIN.search(word)) and not set(word) <= _ROMAN
            and all(ch in LOOK_ALIKES for ch in _LATIN.findall(word)))


def fold(text: str) -> str:
    """``text`` with the Latin look-alikes of its mixed Cyrillic words as Cyrillic letters (see the
    module docstring); the same length, every other character unchanged."""
    if not text or not _MIXED.search(text):
        return text
    return _WORD.sub(lambda m: m.group().translate(_TABLE) if _foldable(m.group()) else m.group(), text)


def mixed_words(text: str) -> list[tuple[int, str]]:
    """``(line, word)`` of each word :func:`fold` changes, in order (lines 1-based, ``\\n``-separated)."""
    out = []
    if not text or not _MIXED.search(text):
        return out
    for n, line in enumerate(text.split("\n"), 1):
        if _MIXED.search(line):
            out.extend((n, m.group()) for m in _WORD.finditer(line) if _foldable(m.group()))
    return out


def said(text: str) -> str | None:
    """One line for ``pasyans add`` about the words :func:`fold` reads otherwise — how many, the
    first few with their lines — or ``None`` when there are none."""
    words = mixed_words(text)
    if not words:
        return None
    shown = ", ".join(f"«{w}» line {n}" for n, w in words[:3])
    return (f"{len(words)} word{'s' if len(words) != 1 else ''} mix Latin and Cyrillic letters ({shown}"
            f"{', …' if len(words) > 3 else ''}): read with the Latin look-alikes as Cyrillic letters; "
            "the file is stored as it is")
