"""A game's cleaned text with its raw line numbers in the margin, and the tables behind it.

The knowledge base stores a game's cleaned text (``games.text``); to show it against the raw
file it also needs the offset map of that text (:class:`pasyans.extract.text.MappedText`):

- ``text_map``: one row per run of cleaned characters that come from one raw line —
  ``game``, ``start``/``end`` (``[start, end)`` character offsets in ``games.text``), raw
  ``line`` (1-based) and the raw columns ``first_col``/``last_col`` (0-based, inclusive) of the
  run's characters. A character a cleaning layer inserted (a space put back, a paragraph
  newline) belongs to the run of the character before it, as in the MappedText.
- ``source_lines``: the raw lines of every source — ``source``, ``line`` (1-based), ``text`` as
  printed — so pages can show pre-1918 text as printed without the corpus
  (:mod:`pasyans.kb.printed`).
- ``terms``: the glossary of a book («Словарь») and its abbreviations — ``term``,
  ``definition``, ``kind`` (``term`` / ``abbreviation``), ``source``, ``first_line``,
  ``last_line``, ``printed`` (the term as printed when it differs).

:func:`write` is what :func:`pasyans.kb.store.write_kb` calls at the end of a build;
:func:`source_view` is what ``pasyans show GAME --source`` prints.
"""

from __future__ import annotations

import sqlite3
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Iterator, Protocol

from .query import KBError
from .schema import TABLES

if TYPE_CHECKING:  # the readers (kb/…) load no extraction module
    from ..extract.text import MappedText
    from ..models import GameText


class TermLike(Protocol):
    """What :func:`write_terms` reads of a term (:class:`pasyans.extract.book.Term`)."""

    term: str
    definition: str
    lines: tuple[int, int] | None
    kind: str
    source: str | None


# -- writing ---------------------------------------------------------------------------------

def text_map_rows(key: str, mt: MappedText) -> list[dict]:
    """The ``text_map`` rows of game ``key``: maximal runs of ``mt.text`` whose characters map
    to one raw line, in text order; the runs cover the text exactly (``[0, len(mt.text))``)."""
    rows: list[dict] = []
    i, n = 0, len(mt.text)
    while i < n:
        j = i
        while j < n and mt.line[j] == mt.line[i]:
            j += 1
        cols = [mt.col[k] for k in range(i, j) if k not in mt.inserted] or [mt.col[i]]
        rows.append({"game": key, "start": i, "end": j, "line": mt.line[i],
                     "first_col": min(cols), "last_col": max(cols)})
        i = j
    return rows


def text_map_records(games: Iterable[GameText], game_texts: dict[str, MappedText]) -> tuple[list[dict], list[dict]]:
    """The ``text_map`` records of ``games`` (:func:`text_map_rows` of each) and the finding rows
    (``findings`` table shape) of games whose map cannot be stored: no MappedText given
    (``no-text-map``), or its text differs from ``GameText.text`` (``text-map-mismatch``); those
    games get no rows rather than a wrong map."""
    problems: list[dict] = []
    rows: list[dict] = []
    for g in games:
        mt = game_texts.get(g.key)
        span = (min(a for a, _ in g.lines), max(b for _, b in g.lines)) if g.lines else (None, None)
        if mt is None:
            problems.append({"source": g.source, "game": g.key, "kind": "no-text-map",
                             "message": "the cleaned text's offset map was not passed to the store: "
                                        "`show --source` cannot give its raw lines",
                             "token": None, "first_line": span[0], "last_line": span[1]})
            continue
        if mt.text != g.text:
            problems.append({"source": g.source, "game": g.key, "kind": "text-map-mismatch",
                             "message": "the mapped text differs from the stored cleaned text; no map stored",
                             "token": None, "first_line": span[0], "last_line": span[1]})
            continue
        rows.extend(text_map_rows(g.key, mt))
    return rows, problems


def write_text_map(db, games: list[GameText], game_texts: dict[str, MappedText],
                   prepared: tuple[list[list], list[dict]] | None = None) -> list[dict]:
    """Create ``text_map`` in the sqlite-utils database ``db`` from each game's MappedText;
    return the finding rows of :func:`text_map_records`. ``prepared``: ``(rows, findings)`` made
    already (rows by ``TABLES["text_map"].prepare``); ``games`` and ``game_texts`` are then not read."""
    TABLES["text_map"].create(db, if_not_exists=True)
    if prepared is None:
        records, problems = text_map_records(games, game_texts)
        TABLES["text_map"].insert_all(db, records)
    else:
        rows, problems = prepared
        TABLES["text_map"].insert_prepared(db, rows)
    db["text_map"].create_index(["game", "start"], if_not_exists=True)
    return problems


def write_terms(db, terms: Iterable[TermLike]) -> int:
    """Create the ``terms`` table in ``db`` and fill it; return the number of rows."""
    TABLES["terms"].create(db, if_not_exists=True)
    rows = [{"term": t.term, "definition": t.definition, "kind": getattr(t, "kind", "term"),
             "source": getattr(t, "source", None),
             "first_line": t.lines[0] if t.lines else None, "last_line": t.lines[1] if t.lines else None,
             "printed": getattr(t, "printed", None)} for t in terms]
    TABLES["terms"].insert_all(db, rows)
    return len(rows)


def source_line_records(sources: Iterable) -> Iterator[dict]:
    """The ``source_lines`` records of the sources' raw lines (:class:`pasyans.corpus.Source`)."""
    return ({"source": s.id, "line": n, "text": t} for s in sources for n, t in enumerate(s.lines, 1))


def write_source_lines(db, sources: Iterable, prepared: Iterable[list] | None = None) -> int:
    """Create ``source_lines`` (``source``, ``line``, ``text``) in ``db`` from the sources' raw
    lines (:class:`pasyans.corpus.Source`), or from their rows made already (``prepared``, by
    ``TABLES["source_lines"].prepare``); return the number of rows."""
    TABLES["source_lines"].create(db, if_not_exists=True)
    if prepared is None:
        TABLES["source_lines"].insert_all(db, source_line_records(sources), batch_size=2000)
    else:
        TABLES["source_lines"].insert_prepared(db, prepared, batch_size=2000)
    return db["source_lines"].count


def write(db, games: list[GameText], game_texts: dict[str, MappedText] | None = None,
          terms: Iterable[TermLike] | None = None, sources: Iterable | None = None,
          prepared: dict | None = None) -> None:
    """Write ``text_map``, ``terms`` and (given the sources) ``source_lines`` into the
    sqlite-utils database ``db`` (the store's last step). Games without a MappedText get a
    finding row each in ``findings`` (which must exist). ``prepared``: rows made already —
    ``"text_map"`` → ``(rows, findings)``, ``"source_lines"`` → rows (see :func:`write_text_map`,
    :func:`write_source_lines`)."""
    prepared = prepared or {}
    problems = write_text_map(db, games, game_texts or {}, prepared.get("text_map"))
    if problems:
        db["findings"].insert_all(problems)
    write_terms(db, terms or [])
    if sources is not None:
        write_source_lines(db, sources, prepared.get("source_lines"))


# -- reading and rendering -------------------------------------------------------------------

@dataclass
class SectionMark:
    """A section of the game (``sections`` table): kind, title, raw ``(first, last)`` lines."""

    kind: str
    title: str | None
    first: int
    last: int

    def label(self) -> str:
        t = f" «{self.title}»" if self.title else ""
        return f"{self.kind}{t}, lines {self.first}–{self.last}"


def section_marks(conn: sqlite3.Connection, game_id: str, pr) -> list[SectionMark]:
    """The game's sections in stored order, each title as printed (``pr``: its
    :class:`~pasyans.kb.printed.Printed`; «ДВЂ ПОЛНЫХЪ КОЛОДЫ КАРТЪ», not the modern form)."""
    return [SectionMark(k, pr.as_printed(t, a) if t else t, a, b) for k, t, a, b in conn.execute(
        "SELECT kind, title, first_line, last_line FROM sections WHERE game = ? ORDER BY id", (game_id,))]


def line_of_chars(text: str, runs: Iterable[tuple[int, int, int]]) -> list[int]:
    """Raw line of every character of ``text`` from ``(start, end, line)`` runs.

    Raises ``ValueError`` when the runs leave a character unmapped or reach past the text."""
    out = [0] * len(text)
    for a, b, n in runs:
        if a < 0 or b > len(text):
            raise ValueError(f"text map run [{a}, {b}) outside a text of {len(text)} characters")
        for i in range(a, b):
            out[i] = n
    if any(n == 0 for n in out):
        raise ValueError(f"text map leaves character {out.index(0)} unmapped")
    return out


def text_pieces(text: str, line_at: list[int]) -> list[tuple[int, int, int]]:
    """``(raw line, start, end)`` of each output line of :func:`render_source`: ``text`` cut
    where a paragraph ends (newline) and where a word starts on another raw line; spaces at
    the edges left out, empty pieces dropped."""
    pieces: list[tuple[int, int, int]] = []
    start: int | None = None
    cur_line: int | None = None

    def flush(end: int) -> None:
        if cur_line is not None and start is not None:
            a, b = start, end
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            if a < b:
                pieces.append((cur_line, a, b))

    for i, ch in enumerate(text):
        if ch == "\n":
            flush(i)
            start, cur_line = None, None
            continue
        word_start = i == 0 or text[i - 1].isspace()
        if cur_line is None or (line_at[i] != cur_line and word_start and not ch.isspace()):
            flush(i)
            start, cur_line = i, line_at[i]
    flush(len(text))
    return pieces


def section_index(sections: list[SectionMark], n: int) -> int | None:
    """Index of the narrowest section of ``sections`` whose raw lines hold line ``n``."""
    hits = [k for k, s in enumerate(sections) if s.first <= n <= s.last]
    return min(hits, key=lambda k: sections[k].last - sections[k].first) if hits else None


def render_source(text: str, line_at: list[int], sections: list[SectionMark] = (), width: int = 6,
                  wrap: int | None = 100) -> str:
    """The cleaned ``text`` cut into output lines by the raw line each word starts on, each
    with that raw line number in a margin ``width`` wide; a paragraph (newline) starts a new
    output line; a ``── section ──`` line is printed where the section changes. An output line
    longer than ``wrap`` characters (the articles print a paragraph per raw line) goes on on
    lines marked ``┆`` instead of a number (``wrap=None``: no wrapping).

    The section of an output line is the narrowest section whose raw lines contain its line
    (sections may nest in the articles: a numbered rule inside its rules label).
    """
    return render_pieces([(n, text[a:b]) for n, a, b in text_pieces(text, line_at)], sections, width, wrap)


def render_pieces(pieces: list[tuple[int, str]], sections: list[SectionMark] = (), width: int = 6,
                  wrap: int | None = 100) -> str:
    """:func:`render_source` of ready pieces ``(raw line, text)``: the margin, the section
    lines and the wrapping."""
    sections = list(sections)

    def section_of(n: int) -> int | None:
        return section_index(sections, n)

    out: list[str] = []
    shown: int | None = -1
    for n, piece in pieces:
        k = section_of(n)
        if k != shown:
            label = sections[k].label() if k is not None else "text (no section)"
            out.append(f"{'':>{width}} ── {label} ──")
            shown = k
        parts = textwrap.wrap(piece, wrap, break_long_words=False, break_on_hyphens=False) if wrap else [piece]
        out.append(f"{n:>{width}} │ {parts[0] if parts else piece}")
        out.extend(f"{'':>{width}} ┆ {p}" for p in parts[1:])
    return "\n".join(out)


def source_view(conn: sqlite3.Connection, game_id: str) -> str:
    """``pasyans show GAME --source``: the stored cleaned text of ``game_id`` with raw line
    numbers in the margin and its sections marked (see :func:`render_source`), under a header
    line naming the game and its source file.

    Raises :class:`KBError` when the game is unknown or the knowledge base holds no text map
    for it (built before the map existed, or without the map: rebuild with ``pasyans build``).
    """
    row = conn.execute("SELECT g.text, g.name, g.printed_name, s.file FROM games g JOIN sources s ON s.id = g.source "
                       "WHERE g.id = ?", (game_id,)).fetchone()
    if row is None:
        raise KBError(f"no game with id {game_id!r}; see `pasyans list` for the ids")
    text, name, printed, file = row
    try:
        runs = conn.execute('SELECT start, "end", line FROM text_map WHERE game = ? ORDER BY start',
                            (game_id,)).fetchall()
    except sqlite3.OperationalError:
        runs = []
    if not runs and text:
        raise KBError(f"{game_id}: the knowledge base has no text map for this game; rebuild it with `pasyans build`")
    from .printed import Printed

    pr = Printed(conn, game_id)
    secs = section_marks(conn, game_id, pr)
    if pr.modern_source:
        shown = text or ""
        head = f"{game_id}  {name or printed or '(untitled)'}  — cleaned text, raw lines of {file}"
    else:  # pre-1918: each piece as printed (the map's runs keep the raw columns)
        line_at = line_of_chars(text or "", runs)
        pieces = text_pieces(text or "", line_at)
        spans = [pr.span(a, b) for _n, a, b in pieces]
        exact = all(sp.exact for sp in spans)
        head = (f"{game_id}  {printed or name or '(untitled)'}  — as printed" + ("" if exact else
                " (parts in modern spelling: not mapped to the raw lines)") + f", raw lines of {file}")
        return head + "\n" + render_pieces([(n, sp.text) for (n, _a, _b), sp in zip(pieces, spans)], secs)
    return head + "\n" + render_source(shown, line_of_chars(shown, runs), secs)


def source_view_of(game: GameText, mt: MappedText) -> str:
    """:func:`source_view` for a game in memory: ``game`` and the MappedText of its text.

    Raises ``ValueError`` when ``mt.text`` is not ``game.text``."""
    if mt.text != game.text:
        raise ValueError(f"{game.key}: the MappedText is not the game's text")
    secs = [SectionMark(s.kind, s.title, s.lines[0], s.lines[1]) for s in game.sections]
    head = f"{game.key}  {game.name or game.printed_name or '(untitled)'}  — cleaned text, raw lines of source {game.source}"
    return head + "\n" + render_source(mt.text, list(mt.line), secs)
