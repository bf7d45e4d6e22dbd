"""Read the knowledge base: open it, resolve a game from an id or a name, and gather what
``show`` and ``verify`` print. Pure queries; printing is the CLI's job.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from . import names


class KBError(Exception):
    """The knowledge base is missing or a game cannot be resolved; the message says which."""


KB_TABLES = ("sources", "games", "aliases", "names", "examples", "moves", "findings")
"""Tables every pasyans knowledge base has; a file without them is not one."""


def is_knowledge_base(db_path: Path | str) -> bool:
    """Whether ``db_path`` is an SQLite file holding every table of :data:`KB_TABLES`."""
    try:
        conn = sqlite3.connect(f"file:{Path(db_path)}?mode=ro", uri=True)
        try:
            have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return False
    return set(KB_TABLES) <= have


def connect(db_path: Path | str) -> sqlite3.Connection:
    """Open an existing knowledge base read-only. Raises :class:`KBError` when the file is
    missing, is a folder, or is not a pasyans knowledge base (not SQLite, or lacking its tables)."""
    p = Path(db_path)
    if p.is_dir():
        raise KBError(f"{p}: is a folder, not a knowledge base file")
    if not p.is_file():
        raise KBError(f"{p}: no knowledge base here (run `pasyans build` first)")
    if not is_knowledge_base(p):
        raise KBError(f"{p}: not a pasyans knowledge base (build one with `pasyans build --db FILE`)")
    return sqlite3.connect(f"file:{p}?mode=ro", uri=True)


def rows(conn: sqlite3.Connection, sql: str, *args) -> list[dict]:
    """Rows of ``sql`` as dicts (column name → value)."""
    cur = conn.execute(sql, args)
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


CONFIDENT = 0.7
"""The least :func:`pasyans.kb.names.find` score at which a name picks a game for ``show``/``verify``."""


def resolve_game(conn: sqlite3.Connection, name_or_id: str) -> str:
    """The id of the game named ``name_or_id``: a game id (``"004-004"``) or the single best match
    of :func:`pasyans.kb.names.find`. Raises :class:`KBError` when nothing matches with a score of
    at least :data:`CONFIDENT`, or when several games tie for the best score (the message lists
    them, so the user can pick an id)."""
    if conn.execute("SELECT 1 FROM games WHERE id = ?", (name_or_id,)).fetchone():
        return name_or_id
    found = names.find(conn, name_or_id, limit=10)
    if not found or found[0].score < CONFIDENT:
        near = "; ".join(f"{m.game} {m.name}" for m in found[:5])
        raise KBError(f"no game matches {name_or_id!r}" + (f" closely (nearest: {near})" if near else ""))
    tied = [m for m in found if m.score == found[0].score]
    if len(tied) > 1:
        raise KBError(f"{name_or_id!r} names several games: " + "; ".join(f"{m.game} {m.name} ({m.why})" for m in tied)
                      + " — give an id")
    return found[0].game


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


def game_report(conn: sqlite3.Connection, game_id: str, source_text: str | None = None) -> GameReport:
    """The game ``game_id`` with its source, aliases, variants, sections and examples (moves with
    verdicts). ``raw_lines`` holds (line number, raw text) of the game's spans when
    ``source_text`` (the raw file's text) is given."""
    game = rows(conn, "SELECT * FROM games WHERE id = ?", game_id)
    if not game:
        raise KBError(f"no game with id {game_id!r}")
    g = game[0]
    g["lines"] = json.loads(g["lines"])
    g["rules"] = json.loads(g["rules"] or "{}")
    g["rules_used"] = json.loads(g["rules_used"] or "[]")
    src = rows(conn, "SELECT * FROM sources WHERE id = ?", g["source"])[0]
    parent = None
    if g["variant_of"]:
        parent = rows(conn, "SELECT id, name, printed_name FROM games WHERE id = ?", g["variant_of"])[0]
    examples = rows(conn, "SELECT * FROM examples WHERE game = ? ORDER BY n", game_id)
    for e in examples:
        e["layout"] = json.loads(e["layout"]) if e["layout"] else None
        e["mentions"] = json.loads(e["mentions"] or "[]")
        e["moves"] = rows(conn, "SELECT * FROM moves WHERE example = ? ORDER BY n", e["id"])
    raw: list[tuple[int, str]] = []
    if source_text is not None:
        lines = source_text.split("\n")
        for a, b in g["lines"]:
            raw.extend((n, lines[n - 1]) for n in range(a, b + 1))
    return GameReport(
        game=g, source=src,
        aliases=rows(conn, "SELECT * FROM aliases WHERE game = ? ORDER BY id", game_id),
        variants=rows(conn, "SELECT id, name, printed_name FROM games WHERE variant_of = ? ORDER BY rowid", game_id),
        parent=parent,
        sections=rows(conn, "SELECT * FROM sections WHERE game = ? ORDER BY first_line", game_id),
        examples=examples, raw_lines=raw,
    )


def verdict_rows(conn: sqlite3.Connection, game_id: str | None = None) -> list[dict]:
    """Every example move with its verdict (all games, or one), in source and text order."""
    sql = ("SELECT m.*, g.name AS game_name, g.source AS source FROM moves m "
           "JOIN games g ON g.id = m.game ")
    if game_id:
        return rows(conn, sql + "WHERE m.game = ? ORDER BY m.example, m.n", game_id)
    return rows(conn, sql + "ORDER BY g.source, g.rowid, m.example, m.n")


def findings(conn: sqlite3.Connection, kind: str | None = None, game_id: str | None = None) -> list[dict]:
    """Recorded findings (unparsed tokens, OCR repairs, …), optionally of one kind or game."""
    sql, args = "SELECT * FROM findings WHERE 1=1", []
    if kind:
        sql += " AND kind = ?"
        args.append(kind)
    if game_id:
        sql += " AND game = ?"
        args.append(game_id)
    return rows(conn, sql + " ORDER BY source, first_line", *args)
