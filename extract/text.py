"""Text with an offset map back to the raw file: every character knows its raw (line, column).

Each cleaning layer takes a :class:`MappedText` and returns a new one; the map is carried
character by character, so any span of cleaned text can be shown with its raw line numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


_SURROGATE = re.compile("[\ud800-\udfff]")


def tokenizable(text: str) -> str:
    """``text`` with each lone surrogate (a ``str`` that is not valid Unicode: never from a file
    decoded as UTF-8, only from a caller) replaced by U+FFFD, so tokenizers and dictionaries can
    read it; same length, so offsets into ``text`` stay valid."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


@dataclass
class MappedText:
    """``text`` plus, for each character, its 1-based raw ``line`` and 0-based ``col``.

    A character that a layer inserted (a space put back between «♦В» and «—») maps to the
    raw position of the character before it and is listed in ``inserted``.
    """

    text: str
    line: list[int]
    col: list[int]
    inserted: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not (len(self.text) == len(self.line) == len(self.col)):
            raise ValueError("text and offset map differ in length")

    @classmethod
    def from_lines(cls, lines: list[str], first_line: int = 1, sep: str = "\n") -> "MappedText":
        """Join raw ``lines`` (raw line numbers ``first_line`` …) with ``sep``; ``sep`` maps to the end of the line before it."""
        text: list[str] = []
        line: list[int] = []
        col: list[int] = []
        for i, s in enumerate(lines):
            n = first_line + i
            if i:
                text.append(sep)
                line.extend([n - 1] * len(sep))
                col.extend([len(lines[i - 1])] * len(sep))
            text.append(s)
            line.extend([n] * len(s))
            col.extend(range(len(s)))
        return cls("".join(text), line, col)

    @classmethod
    def concat(cls, parts: list["MappedText"], sep: str = "\n") -> "MappedText":
        """Join mapped texts with ``sep`` (marked inserted), mapped to the end of the text before
        it, or — before the first character — to the first character after it. Separators with no
        character on either side (every part empty) have nothing to map to and are left out:
        ``concat([empty, empty])`` is empty."""
        anchor_after = next(((p.line[0], p.col[0]) for p in parts if p.text), None)
        if anchor_after is None:
            return cls("", [], [])
        text, line, col, inserted = [], [], [], set()
        off = 0
        for i, p in enumerate(parts):
            if i and sep:
                ln, cl = (line[-1], col[-1] + 1) if line else anchor_after
                text.append(sep)
                line.extend([ln] * len(sep))
                col.extend([cl] * len(sep))
                inserted.update(range(off, off + len(sep)))
                off += len(sep)
            text.append(p.text)
            line.extend(p.line)
            col.extend(p.col)
            inserted.update(off + j for j in p.inserted)
            off += len(p.text)
        return cls("".join(text), line, col, inserted)

    def lines_of(self, start: int, end: int) -> tuple[int, int]:
        """Raw ``(first, last)`` lines of the cleaned span ``[start, end)``. Raises ``ValueError`` on an empty span."""
        if end <= start:
            raise ValueError("empty span")
        seg = self.line[start:end]
        return min(seg), max(seg)

    def slice(self, start: int, end: int) -> "MappedText":
        """The cleaned span ``[start, end)`` with its map."""
        return MappedText(
            self.text[start:end], self.line[start:end], self.col[start:end],
            {i - start for i in self.inserted if start <= i < end},
        )

    def edit(self, start: int, end: int, new: str) -> "MappedText":
        """Replace ``[start, end)`` by ``new``; new characters map to the first replaced one (or the one before)."""
        anchor = start if start < len(self.text) else max(start - 1, 0)
        ln, cl = (self.line[anchor], self.col[anchor]) if self.text else (1, 0)
        ins = {i for i in self.inserted if i < start} | {i + len(new) - (end - start) for i in self.inserted if i >= end}
        if len(new) > end - start:
            ins |= set(range(start + (end - start), start + len(new)))
        return MappedText(
            self.text[:start] + new + self.text[end:],
            self.line[:start] + [ln] * len(new) + self.line[end:],
            self.col[:start] + [cl] * len(new) + self.col[end:],
            ins,
        )


def language_parts(mt: MappedText, lang: str, source: Any = None) -> list[tuple[str, MappedText]]:
    """``mt`` cut where the language of its raw lines changes (``source.language_at``: a parallel ru+uk file,
    a paragraph in the other language), the pieces of one language joined: ``[(language, text)]``, the
    language with the most characters first. A source with one language (or none given) is ``[(lang, mt)]``."""
    if source is None or not getattr(source, "languages", None) or not mt.text:
        return [(lang, mt)]
    runs: list[tuple[str, int, int]] = []
    for i, n in enumerate(mt.line):
        here = source.language_at(n)
        if runs and runs[-1][0] == here:
            runs[-1] = (here, runs[-1][1], i + 1)
        else:
            runs.append((here, i, i + 1))
    if len(runs) == 1:
        return [(runs[0][0], mt)]
    by_lang: dict[str, list[MappedText]] = {}
    for here, a, b in runs:
        by_lang.setdefault(here, []).append(mt.slice(a, b))
    parts = [(here, MappedText.concat(pieces, "\n")) for here, pieces in by_lang.items()]
    return sorted(parts, key=lambda x: -len(x[1].text.strip()))
