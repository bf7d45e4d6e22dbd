"""Text with an offset map back to the raw file: every character knows its raw (line, column).

Each cleaning layer takes a :class:`MappedText` and returns a new one; the map is carried
character by character, so any span of cleaned text can be shown with its raw line numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
        """Join mapped texts with ``sep`` (mapped to the end of the part before it)."""
        text, line, col, inserted = [], [], [], set()
        off = 0
        for i, p in enumerate(parts):
            if i and sep:
                text.append(sep)
                line.extend([line[-1] if line else p.line[0]] * len(sep))
                col.extend([col[-1] + 1 if col else 0] * len(sep))
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
