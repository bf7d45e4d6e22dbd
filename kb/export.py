"""Export the knowledge base as JSON (the contract in ``pasyans/data/export.schema.json``).

Shape (later versions add fields, never rename these)::

    {"sources": [{"id", "file", "language", "sha256", ...}],
     "games": [{"id", "name", "source", "lines": [[first, last], ...], "variant_of",
                "aliases": [{"name", "language", "lines", "kind", "sentence"}],
                "rules": {...},
                "examples": [{"lines": [first, last], "text", "layout",
                              "moves": [{"card", "to", "raw", "lines", "verdict", "reason", ...}]}]}]}

``source`` is a source ``id``; every ``lines`` holds 1-based lines of the raw corpus file.
"""

from __future__ import annotations

import json
import sqlite3
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=1)
def export_schema() -> dict:
    """The JSON Schema of the export (``pasyans/data/export.schema.json``)."""
    return json.loads(resources.files("pasyans").joinpath("data/export.schema.json").read_text("utf-8"))


def _rows(conn: sqlite3.Connection, sql: str, *args) -> list[dict]:
    cur = conn.execute(sql, args)
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


def export_json(conn: sqlite3.Connection, game_ids: list[str] | None = None) -> dict[str, Any]:
    """The whole knowledge base (or only ``game_ids``) as the export dict described above."""
    sources = _rows(conn, "SELECT id, file, language, orthography, kind, title, sha256 FROM sources ORDER BY id")
    games = _rows(conn, "SELECT * FROM games ORDER BY source, rowid")
    if game_ids is not None:
        wanted = set(game_ids)
        games = [g for g in games if g["id"] in wanted]
    aliases = _rows(conn, "SELECT * FROM aliases ORDER BY id")
    examples = _rows(conn, "SELECT * FROM examples ORDER BY game, n")
    moves = _rows(conn, "SELECT * FROM moves ORDER BY example, n")
    by_game: dict[str, list] = {}
    for a in aliases:
        by_game.setdefault(a["game"], []).append(
            {"name": a["name"], "language": a["language"], "lines": [a["first_line"], a["last_line"]],
             "kind": a["kind"], "sentence": a["sentence"]})
    moves_by_ex: dict[str, list] = {}
    for m in moves:
        moves_by_ex.setdefault(m["example"], []).append(
            {"card": m["card"], "cards": json.loads(m["cards"]), "to": m["to"], "raw": m["raw"],
             "lines": [m["first_line"], m["last_line"]], "kind": m["kind"],
             "flags": json.loads(m["flags"]), "verdict": m["verdict"], "reason": m["reason"],
             "rule": m["rule"]})
    ex_by_game: dict[str, list] = {}
    for e in examples:
        ex_by_game.setdefault(e["game"], []).append(
            {"lines": [e["first_line"], e["last_line"]], "marker": e["marker"], "text": e["text"],
             "layout": json.loads(e["layout"]) if e["layout"] else None,
             "mentions": json.loads(e["mentions"] or "[]"),
             "moves": moves_by_ex.get(e["id"], [])})
    out_games = []
    for g in games:
        out_games.append({
            "id": g["id"], "name": g["name"], "printed_name": g["printed_name"], "source": g["source"],
            "lines": json.loads(g["lines"]), "variant_of": g["variant_of"], "page": g["page"],
            "fragment": bool(g["fragment"]), "rules_used": json.loads(g["rules_used"] or "[]"),
            "aliases": by_game.get(g["id"], []),
            "rules": json.loads(g["rules"] or "{}"),
            "examples": ex_by_game.get(g["id"], []),
        })
    return {"sources": sources, "games": out_games}


def validate_export(data: dict) -> None:
    """Raise ``jsonschema.ValidationError`` when ``data`` breaks the export contract."""
    import jsonschema

    jsonschema.validate(data, export_schema())
