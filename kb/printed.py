"""A game's text as printed: pre-1918 spelling back from the cleaned (modern) text.

The knowledge base stores each game's cleaned text in modern spelling (``games.text``: what the
readers and the search work on) and, for every run of that text that comes from one raw line,
the raw line and columns (``text_map``, :mod:`pasyans.kb.source_view`), and the raw lines
themselves (``source_lines``). Modernization changes words only, one for one
(:func:`pasyans.extract.orthography.modernize`: letters, a final ъ, a few endings), so within a
run the words of the cleaned text and of the raw slice pair up in order. :class:`Printed` uses
that pairing to give any span of the cleaned text as printed, with each changed word's modern
form beside it.

Where a run does not pair up (a cleaning layer split or joined words) or the knowledge base
has no raw lines, the span is given in modern spelling and marked ``exact=False``, never
silently. Sources in modern spelling are returned as cleaned.
"""

from __future__ import annotations

import re
import sqlite3
from bisect import bisect_right
from dataclasses import dataclass, field

WORD = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґЂђЃѓѢѣѲѳѴѵA-Za-z]+")
"""A Cyrillic word, old letters included (as :data:`pasyans.extract.orthography.WORD_RE`), and Latin
letters (a printed «предыдущiй» with a Latin i pairs with the read «предыдущий»)."""

_SPACE = re.compile(r"\s+")


@dataclass
class Piece:
    """A stretch of printed text: ``text`` as printed, ``modern`` its modern form when it differs
    (``None`` otherwise)."""

    text: str
    modern: str | None = None


@dataclass
class Span:
    """A span of a game's text as printed: its pieces (words that changed spelling carry their
    modern form), whether the printed form is exact (``False``: shown in modern spelling)."""

    pieces: list[Piece] = field(default_factory=list)
    exact: bool = True

    @property
    def text(self) -> str:
        """The span as printed, one string."""
        return "".join(p.text for p in self.pieces)

    @property
    def modern(self) -> str:
        """The span in modern spelling."""
        return "".join(p.modern if p.modern is not None else p.text for p in self.pieces)

    @property
    def changed(self) -> bool:
        """Whether any word is printed in another spelling than the modern one."""
        return any(p.modern is not None for p in self.pieces)


def _tokens(s: str) -> list[str]:
    """``s`` cut into alternating non-word / word pieces (a non-word piece first, maybe empty)."""
    out, pos = [], 0
    for m in WORD.finditer(s):
        out.append(s[pos:m.start()])
        out.append(m.group())
        pos = m.end()
    out.append(s[pos:])
    return out


def _pairs(modern: str, raw: str) -> list[tuple[str, str]] | None:
    """The pieces of ``modern`` paired with those of ``raw`` (words one for one, the text
    between words equal up to spaces), or ``None`` when they do not pair up."""
    a, b = _tokens(modern), _tokens(raw)
    if len(a) != len(b):
        return None
    for i in range(0, len(a), 2):  # the non-word pieces
        if _SPACE.sub("", a[i]) != _SPACE.sub("", b[i]):
            return None
    return list(zip(a, b))


class Printed:
    """The printed form of one game's cleaned text, read from the knowledge base once.

    ``Printed(conn, game_id).span(start, end)`` gives ``games.text[start:end]`` as printed
    (a :class:`Span`). ``modern_source`` is true for a source in modern spelling (its cleaned
    text is what it prints). Raises ``KeyError`` for an unknown game.
    """

    def __init__(self, conn: sqlite3.Connection, game_id: str):
        row = conn.execute("SELECT g.text, g.source, s.orthography FROM games g JOIN sources s ON s.id = g.source "
                           "WHERE g.id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        self.text: str = row[0] or ""
        self.source: str = row[1]
        self.modern_source = row[2] != "pre-reform"
        self.runs: list[tuple[int, int, int, int, int]] = []
        self.raw: dict[int, str] = {}
        self.has_raw = False
        if self.modern_source:
            return
        try:
            self.runs = conn.execute('SELECT start, "end", line, first_col, last_col FROM text_map WHERE game = ? '
                                     "ORDER BY start", (game_id,)).fetchall()
            lines = sorted({r[2] for r in self.runs})
            if lines:
                q = ",".join("?" * len(lines))
                self.raw = dict(conn.execute(f"SELECT line, text FROM source_lines WHERE source = ? AND line IN ({q})",
                                             (self.source, *lines)))
            self.has_raw = bool(self.raw)
        except sqlite3.OperationalError:  # a knowledge base built before these tables
            self.runs, self.raw = [], {}
        self._starts = [r[0] for r in self.runs]
        self._run_pairs: dict[int, list[tuple[str, str]] | None] = {}

    def _pairs_of(self, k: int) -> list[tuple[str, str]] | None:
        if k not in self._run_pairs:
            start, end, line, a, b = self.runs[k]
            raw = self.raw.get(line)
            if raw is None:
                self._run_pairs[k] = None
            else:
                while b + 1 < len(raw) and raw[b + 1] in "ъЪ":  # a final ъ the modern text dropped
                    b += 1
                self._run_pairs[k] = _pairs(self.text[start:end], raw[a:b + 1])
        return self._run_pairs[k]

    def as_printed(self, modern: str, line: int | None = None) -> str:
        """``modern`` (a section title, a label of the cleaned text) as printed: its first occurrence
        at or after raw line ``line`` (anywhere when ``None``), given back exactly as the page prints
        it («ДВЕ ПОЛНЫХ КОЛОДЫ КАРТ» → «ДВЂ ПОЛНЫХЪ КОЛОДЫ КАРТЪ»). ``modern`` itself for a modern
        source, or when it is not in the text or its printed form is not exact."""
        if self.modern_source or not modern or not self.has_raw:
            return modern
        start = 0
        if line is not None:
            start = next((r[0] for r in self.runs if r[2] >= line), 0)
        at = self.text.find(modern, start)
        if at < 0:
            return modern
        sp = self.span(at, at + len(modern))
        return sp.text if sp.exact and sp.modern == modern else modern

    def span(self, start: int = 0, end: int | None = None) -> Span:
        """``games.text[start:end]`` as printed. A word cut by the span's edge is taken whole."""
        end = len(self.text) if end is None else end
        modern = self.text[start:end]
        if self.modern_source or not modern:
            return Span([Piece(modern)])
        if not self.has_raw:
            return Span([Piece(modern)], exact=False)
        out = Span()
        k = max(0, bisect_right(self._starts, start) - 1)
        while k < len(self.runs) and self.runs[k][0] < end:
            r_start, r_end = self.runs[k][0], self.runs[k][1]
            lo, hi = max(start, r_start), min(end, r_end)
            if lo < hi:
                pairs = self._pairs_of(k)
                if pairs is None:
                    out.pieces.append(Piece(self.text[lo:hi]))
                    out.exact = False
                else:
                    pos = r_start
                    for i, (m, p) in enumerate(pairs):
                        a, b = pos, pos + len(m)
                        pos = b
                        if b <= lo or a >= hi:
                            continue
                        if i % 2:  # a word: whole
                            out.pieces.append(Piece(p, m if m != p else None))
                        else:  # between words: the part inside the span, as the cleaned text has it
                            out.pieces.append(Piece(m[max(lo, a) - a:min(hi, b) - a]))
            k += 1
        return out

    def quote(self, quote: str | None) -> Span | None:
        """``quote`` (a sentence of this game's cleaned text) as printed; ``None`` for no quote.
        A quote the text does not hold comes back as given, marked not exact (unless the source
        is in modern spelling)."""
        if not quote:
            return None
        if self.modern_source:
            return Span([Piece(quote)])
        where = locate(self.text, quote)
        if where is None:
            return Span([Piece(quote)], exact=False)
        return self.span(*where)


def locate(text: str, quote: str) -> tuple[int, int] | None:
    """``(start, end)`` of the first occurrence of ``quote`` in ``text`` where any run of white
    space matches any other; ``None`` when absent."""
    words = quote.split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    m = re.search(pattern, text)
    return (m.start(), m.end()) if m else None


def printed_text(quote, text: str | None, lines) -> str | None:
    """``text`` (a sentence of a game's cleaned text, its raw ``lines``) as printed when its printed
    form is exact (``quote(text, lines)`` as for :func:`printed_ref`), else ``text`` itself."""
    if not text:
        return text
    sp = quote(text, tuple(lines) if lines else None)
    return sp.text if sp is not None and sp.exact else text


QUOTED = re.compile(r"«([^«»]{8,})»")
"""A quoted sentence inside a line of ours (a verdict's reason): «В рядах кладут карту на старшую …»."""


_LINES_TOLD = re.compile(r"\(lines? (\d+)(?:[–-](\d+))?\)")
"""The raw lines a reason gives for the rule it quotes («… of its suit (line 5) — «…»»): where an
inherited rule's sentence is looked up when the game's own text does not hold it."""


def printed_quotes(line: str | None, quote) -> str | None:
    """``line`` (a reason, a message) with each sentence it quotes from the game's text given as
    printed where that is exact (``quote(text, lines)``: the lines the reason names just before the
    quote, «(line 5)», else unknown — the game's own text only)."""
    if not line or "«" not in line:
        return line
    def one(m: re.Match) -> str:
        said = m.group(1)
        cut = said.endswith("…")  # a quote shortened by the reason: its beginning as printed
        told = list(_LINES_TOLD.finditer(line, 0, m.start()))   # «… (line 5) — «…»»: the rule's raw lines
        lines = (int(told[-1].group(1)), int(told[-1].group(2) or told[-1].group(1))) if told else None
        return f"«{printed_text(quote, said[:-1].rstrip() if cut else said, lines)}{'…' if cut else ''}»"

    return QUOTED.sub(one, line)


REF_QUOTE = re.compile(r"«([^«»]+)», (?:lines? )?(\d+)(?:[–-](\d+))?")
"""A quote inside a reference with its raw lines: «Как предыдущий, но …», line 21 (the reader writes
where an inherited value comes from so, :mod:`pasyans.extract.rules.sources`)."""


def printed_ref(ref: str | None, quote) -> str | None:
    """``ref`` (where an inherited value comes from) with each quote it holds given as printed;
    ``quote(text, lines)`` gives a :class:`Span` (:class:`pasyans.kb.present.Quotes`). A quote whose
    printed form is not exact stays as it is."""
    if not ref or "«" not in ref:
        return ref

    def one(m: re.Match) -> str:
        first = int(m.group(2))
        return m.group(0).replace(m.group(1), printed_text(quote, m.group(1), (first, int(m.group(3) or first))), 1)

    return REF_QUOTE.sub(one, ref)


def printed_spec(spec: dict, quote) -> dict:
    """A copy of the rule spec ``spec`` (``rules.schema.json``) whose quotes — each field's, each
    special rule's, each conflict's, and those inside ``ref`` — are as printed (pre-1918 spelling
    kept; ``quote(text, lines)`` as for :func:`printed_ref`). Values and lines are unchanged; a quote
    whose printed form is not exact stays modern."""
    import copy

    out = copy.deepcopy(spec)

    def fix(obj: dict) -> None:
        if isinstance(obj.get("quote"), str):
            obj["quote"] = printed_text(quote, obj["quote"], obj.get("lines"))
        if isinstance(obj.get("ref"), str):
            obj["ref"] = printed_ref(obj["ref"], quote)

    for part in out.values():
        if not isinstance(part, dict):
            continue
        if "status" in part:
            fix(part)
            continue
        for f in part.values():
            if isinstance(f, dict) and "status" in f:
                fix(f)
    for s in out.get("special") or []:
        if isinstance(s, dict):
            fix(s)
    for c in out.get("conflicts") or []:
        if isinstance(c, dict) and isinstance(c.get("quotes"), list):
            for i, (q, ln) in enumerate(zip(c["quotes"], c.get("lines") or [])):
                c["quotes"][i] = printed_text(quote, q, ln)
    return out
