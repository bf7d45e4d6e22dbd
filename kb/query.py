"""Read the knowledge base: open it, resolve a game from an id or a name, and gather what
``show`` and ``verify`` print. Pure queries; printing is the CLI's job.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from . import names
from .schema import CORE, TABLES, DamagedValue, KBError, problem, rebuild_hint

KB_TABLES = CORE
"""Tables every pasyans knowledge base has, of any schema version; a file without them is not one."""

__all__ = ["AmbiguousName", "KBError", "KB_TABLES", "connect", "open_checked", "is_knowledge_base", "resolve_game",
           "game_report", "verdict_rows", "findings", "games", "game", "sources", "aliases",
           "examples", "moves", "meta", "records", "decoded", "has_table"]


def _uri(p: Path) -> str:
    return p.resolve().as_uri() + "?mode=ro"


def is_knowledge_base(db_path: Path | str) -> bool:
    """Whether ``db_path`` is an SQLite file holding every table of :data:`KB_TABLES` (a pasyans
    knowledge base of any version, damaged or not past its table list)."""
    from ..files import is_sqlite

    p = Path(db_path)
    if not is_sqlite(p):
        return False
    try:
        conn = sqlite3.connect(_uri(p), uri=True)
        try:
            have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return False
    return set(KB_TABLES) <= have


def open_checked(db_path: Path | str) -> sqlite3.Connection:
    """Open an existing knowledge base read-only, checked: a plain ``sqlite3`` connection (for
    callers that must start fast without sqlite-utils; everyone else uses :func:`connect`).

    Raises :class:`KBError` (one line: the file, what is wrong, what to do) when the file is
    missing, a folder, unreadable, not SQLite, damaged (``PRAGMA quick_check``), of an older or
    newer schema, or lacking a table or column of :data:`pasyans.kb.schema.TABLES`.
    """
    from ..files import SQLITE_HEADER, describe_os_error, os_remedy

    p = Path(db_path)
    if p.is_dir():
        raise KBError(f"{p}: is a folder, not a knowledge base file; give the file (`pasyans build --db FILE` makes one)")
    if not p.is_file():
        raise KBError(f"{p}: no knowledge base here; run `pasyans build --db {p}` first")
    try:
        with open(p, "rb") as fh:
            header = fh.read(100)
    except OSError as e:
        raise KBError(f"{describe_os_error(e, p)}; {os_remedy(e)}") from None
    if not header.startswith(SQLITE_HEADER):
        raise KBError(f"{p}: not a pasyans knowledge base (not an SQLite file); build one with "
                      f"`pasyans build --db FILE`")
    conn = sqlite3.connect(_uri(p), uri=True)
    try:
        why = problem(conn, p)
    except sqlite3.DatabaseError as e:
        conn.close()
        raise KBError(f"{p}: the knowledge base is damaged ({e}); {rebuild_hint(p)}") from None
    if why:
        conn.close()
        raise KBError(why)
    return conn


def connect(db_path: Path | str):
    """Open an existing knowledge base read-only as a sqlite-utils ``Database``, checked as
    :func:`open_checked` says (raises :class:`KBError`). ``db.execute(sql, args)`` returns a
    cursor as ``sqlite3.Connection.execute`` does; the records of a table are read with the
    functions below (JSON columns decoded by :data:`pasyans.kb.schema.TABLES`)."""
    sqlite_utils = import_sqlite_utils()
    return sqlite_utils.Database(open_checked(db_path), execute_plugins=False)


def import_sqlite_utils():
    """The ``sqlite_utils`` module, imported without numpy when numpy is not loaded yet.

    sqlite-utils imports numpy whenever it is installed (spaCy installs it), only to map numpy
    scalars to column types; the knowledge base never holds numpy values, and that import is
    0.1–0.2 s of every read command's cold start. A process that loaded numpy first (a build:
    spaCy) gets sqlite-utils as usual. Plugins are not loaded by :func:`connect` (no entry-point
    scan; a read-only knowledge base needs no SQL functions of theirs)."""
    import sys

    if "sqlite_utils" in sys.modules or "numpy" in sys.modules:
        import sqlite_utils

        return sqlite_utils
    sys.modules["numpy"] = None  # makes ``import numpy`` raise ImportError, for this import only
    try:
        import sqlite_utils
    finally:
        del sys.modules["numpy"]
    return sqlite_utils


def rows(conn, sql: str, *args) -> list[dict]:
    """Rows of ``sql`` as dicts (column name → value), not decoded."""
    cur = conn.execute(sql, args)
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


# -- records of each table (decoded by schema.TABLES) --------------------------------------------

def records(db, table: str, where: str | None = None, args: tuple = (), order_by: str | None = None,
            select: str = "*") -> list[dict]:
    """Records of any table of :data:`pasyans.kb.schema.TABLES` (JSON columns decoded by that
    table's one row↔record mapping): ``records(db, "crosswalk")``, ``records(db, "links",
    "game_a = ?", (gid,))``. ``db``: a sqlite-utils ``Database`` (:func:`connect`; read with its
    ``rows_where``) or a plain ``sqlite3`` connection (:func:`open_checked`, for fast start-up)."""
    if hasattr(db, "table_names"):  # a sqlite-utils Database
        return list(TABLES[table].rows(db, where, args, order_by=order_by, select=select))
    sql = f'SELECT {select} FROM "{table}"' + (f" WHERE {where}" if where else "") + \
        (f" ORDER BY {order_by}" if order_by else "")
    return decoded(db, table, sql, *args)


def decoded(conn, table: str, sql: str, *args) -> list[dict]:
    """Rows of ``sql`` (a query over ``table``, perhaps joined: other columns pass through as
    they are) decoded by ``table``'s mapping in :data:`pasyans.kb.schema.TABLES`."""
    return [TABLES[table].decode(r) for r in rows(conn, sql, *args)]


def has_table(conn, name: str) -> bool:
    """Whether the knowledge base holds table ``name`` (an older file may lack an optional one)."""
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None


def meta(db) -> dict[str, str]:
    """The ``kb_meta`` entries: ``schema_version``, ``tool_version``, ``built_at``, counts."""
    return {r["key"]: r["value"] for r in records(db, "kb_meta")}


def sources(db) -> list[dict]:
    """Every ``sources`` record, by id."""
    return records(db, "sources", order_by="id")


def games(db, ids: list[str] | None = None) -> list[dict]:
    """``games`` records (all, or those of ``ids``) in source and text order; ``lines``,
    ``rules_used`` and ``rules`` decoded, ``fragment`` a bool."""
    out = records(db, "games", order_by="source, rowid")
    if ids is not None:
        wanted = set(ids)
        out = [g for g in out if g["id"] in wanted]
    return out


def game(db, game_id: str) -> dict:
    """The ``games`` record of ``game_id``. Raises :class:`KBError` when there is none."""
    found = records(db, "games", "id = ?", (game_id,))
    if not found:
        raise KBError(f"no game with id {game_id!r}; see `pasyans list` for the ids")
    return found[0]


def aliases(db, game_id: str | None = None) -> list[dict]:
    """``aliases`` records (of one game, or all) in the order they were found."""
    if game_id is None:
        return records(db, "aliases", order_by="id")
    return records(db, "aliases", "game = ?", (game_id,), order_by="id")


def examples(db, game_id: str | None = None) -> list[dict]:
    """``examples`` records (of one game, or all) in text order; ``layout``, ``mentions`` decoded."""
    if game_id is None:
        return records(db, "examples", order_by="game, n")
    return records(db, "examples", "game = ?", (game_id,), order_by="n")


def moves(db, example_id: str | None = None) -> list[dict]:
    """``moves`` records (of one example, or all) in text order; ``cards``, ``flags``, ``checked`` decoded."""
    if example_id is None:
        return records(db, "moves", order_by="example, n")
    return records(db, "moves", "example = ?", (example_id,), order_by="n")


CONFIDENT = 0.7
"""The least :func:`pasyans.kb.names.find` score at which a name picks a game for ``show``/``verify``."""


def resolve_game(conn: sqlite3.Connection, name_or_id: str) -> str:
    """The id of the game named ``name_or_id``: a game id (``"004-004"``) or the single best match
    of :func:`pasyans.kb.names.find`. Raises :class:`KBError` when nothing matches with a score of
    at least :data:`CONFIDENT`, or when several games tie for the best score (the message lists
    them, so the user can pick an id)."""
    if conn.execute("SELECT 1 FROM games WHERE id = ?", (name_or_id,)).fetchone():
        return name_or_id
    at = SOURCE_LINE.match(name_or_id.strip())
    if at:
        return game_at(conn, at.group(1), int(at.group(2)))
    shaped = GAME_ID_SHAPE.match(name_or_id.strip())
    if shaped:  # an id of a source the knowledge base has, but no game of it: that source's ids, not names alike
        ids = [r[0] for r in conn.execute("SELECT id FROM games WHERE source = ? ORDER BY rowid", (shaped.group(1),))]
        if ids:
            shown = ", ".join(ids) if len(ids) <= 6 else f"{', '.join(ids[:3])} … {ids[-1]}"
            raise KBError(f"no game with id {name_or_id.strip()!r}: source {shaped.group(1)} has {len(ids)} games "
                          f"({shown}); give one of these ids, or see `pasyans list --source {shaped.group(1)}`")
    found = names.find(conn, name_or_id, limit=10)
    if not found or found[0].score < CONFIDENT:
        near = "; ".join(f"{m.game} {m.name}" for m in found[:5])
        raise KBError(f"no game matches {name_or_id!r}" + (f" closely (nearest: {near}); give one of these ids" if near
                                                            else "; try part of the name, or see `pasyans list`"))
    tied = [m for m in found if m.score == found[0].score]
    if len(tied) > 1:
        raise AmbiguousName(name_or_id, tied)
    return found[0].game


GAME_ID_SHAPE = re.compile(r"^(\w+?)-\d+(?:-v\d+)?$")
"""A string shaped as a game id (``005-9``, ``004-024-v1``): its source id first."""

SOURCE_LINE = re.compile(r"^(\w+):(\d+)$")
"""A game named by a raw line of its text, ``002:19``: stays when a new segmentation renumbers the ids."""


def game_at(conn: sqlite3.Connection, source: str, line: int) -> str:
    """The id of the game of ``source`` whose lines hold raw ``line`` (the narrowest: a variant printed
    inside its game, not the game). Raises :class:`KBError` naming the source's games when none does."""
    row = conn.execute("SELECT id FROM games WHERE source = ? AND first_line <= ? AND last_line >= ? "
                       "ORDER BY last_line - first_line, id LIMIT 1", (source, line, line)).fetchone()
    if row:
        return row[0]
    spans = ", ".join(f"{g} {a}-{b}" for g, a, b in conn.execute(
        "SELECT id, first_line, last_line FROM games WHERE source = ? ORDER BY first_line", (source,)))
    raise KBError(f"no game of source {source!r} holds line {line}" + (f" (its games: {spans}); give a line of one of them"
                                                                         if spans else f": there is no source {source!r}; "
                                                                         "see `pasyans list` for the sources"))


class AmbiguousName(KBError):
    """A name that several games hold equally (:func:`resolve_game`): ``candidates`` are their
    :class:`pasyans.kb.names.Match` answers, best first; the message names them all."""

    def __init__(self, name: str, candidates: list):
        self.name, self.candidates = name, list(candidates)
        super().__init__(f"{name!r} names {len(self.candidates)} games: "
                         + "; ".join(f"{m.game} {m.name} ({m.why})" for m in self.candidates) + " — give an id")

    def lines(self) -> list[str]:
        """What the command line prints: a header, then one line per candidate (as ``find`` does)."""
        return [f"error: {self.name!r} names {len(self.candidates)} games; give one of these ids:",
                *("  " + m.line() for m in self.candidates)]


@dataclass
class GameReport:
    """Everything ``pasyans show`` prints about one game."""

    game: dict
    source: dict
    aliases: list[dict]
    variants: list[dict]
    parent: dict | None
    sections: list[dict]
    examples: list[dict]
    raw_lines: list[tuple[int, str]]


def game_report(conn, game_id: str, source_text: str | None = None) -> GameReport:
    """The game ``game_id`` with its source, aliases, variants, sections and examples (moves with
    verdicts). ``raw_lines`` holds (line number, raw text) of the game's spans when
    ``source_text`` (the raw file's text) is given. Raises :class:`KBError` for an unknown id."""
    g = game(conn, game_id)
    src = records(conn, "sources", "id = ?", (g["source"],))
    if not src:
        raise DamagedValue(f"game {game_id!r} names the source {g['source']!r}, which the knowledge base lacks")
    parent = None
    if g["variant_of"]:
        parent = next(iter(records(conn, "games", "id = ?", (g["variant_of"],), select="id, name, printed_name")),
                      None)
    exs = examples(conn, game_id)
    for e in exs:
        e["moves"] = moves(conn, e["id"])
    raw: list[tuple[int, str]] = []
    if source_text is not None:
        lines = source_text.split("\n")
        for a, b in g["lines"] or []:
            raw.extend((n, lines[n - 1]) for n in range(a, b + 1) if 0 < n <= len(lines))
    return GameReport(
        game=g, source=src[0], aliases=aliases(conn, game_id),
        variants=records(conn, "games", "variant_of = ?", (game_id,), order_by="rowid",
                          select="id, name, printed_name"),
        parent=parent,
        sections=records(conn, "sections", "game = ?", (game_id,), order_by="first_line"),
        examples=exs, raw_lines=raw,
    )


def verdict_rows(conn, game_id: str | None = None) -> list[dict]:
    """Every example move (``moves`` record) with its verdict, plus ``game_name`` and ``source``
    (all games, or one), in source and text order."""
    sql = ("SELECT m.*, g.name AS game_name, g.source AS source FROM moves m "
           "JOIN games g ON g.id = m.game ")
    if game_id:
        return decoded(conn, "moves", sql + "WHERE m.game = ? ORDER BY m.example, m.n", game_id)
    return decoded(conn, "moves", sql + "ORDER BY g.source, g.rowid, m.example, m.n")


def findings(conn, kind: str | None = None, game_id: str | None = None) -> list[dict]:
    """Recorded findings (unparsed tokens, OCR repairs, …), optionally of one kind or game."""
    where, args = ["1=1"], []
    if kind:
        where.append("kind = ?")
        args.append(kind)
    if game_id:
        where.append("game = ?")
        args.append(game_id)
    return records(conn, "findings", " AND ".join(where), tuple(args), order_by="source, first_line")
