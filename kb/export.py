"""Export the knowledge base as JSON (the contract in ``pasyans/data/export.schema.json``).

Shape (later versions add fields, never rename these)::

    {"sources": [{"id", "file", "language", "sha256", ...}],
     "games": [{"id", "name", "source", "lines": [[first, last], ...], "variant_of",
                "aliases": [{"name", "language", "lines", "kind", "sentence"}],
                "english": [names], "catalogue_entry": {"pysol_id", "aisleriot", "kpat", "names": [...], ...} | null,
                "rules": {...},
                "examples": [{"lines": [first, last], "text", "layout",
                              "moves": [{"card", "to", "raw", "lines", "verdict", "reason", ...}]}],
                "catalogue": [{"catalogue", "entry", "field", "catalogue_value", "said", "book_value",
                               "status", "quote", "lines", "ref"}]}]}

``catalogue``: what PySolFC's catalogue and Solvitaire's preset of the same game record, beside the
book (:mod:`pasyans.kb.witness`): ``status`` ``agrees``, ``disagrees`` (both sides kept, never
settled) or ``book-silent`` (the catalogue says it; not from the book).

``source`` is a source ``id``; every ``lines`` holds 1-based lines of the raw corpus file. Quotes are
as printed: for a pre-1918 source the rules' quotes (and those inside ``ref``), an example's ``text``
and a move's ``raw`` keep the old spelling (:mod:`pasyans.kb.printed`; modern only where the printed
form cannot be told exactly).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=1)
def export_schema() -> dict:
    """The JSON Schema of the export (``pasyans/data/export.schema.json``)."""
    return json.loads(resources.files("pasyans").joinpath("data/export.schema.json").read_text("utf-8"))


def export_json(conn, game_ids: list[str] | None = None) -> dict[str, Any]:
    """The whole knowledge base (or only ``game_ids``) as the export dict described above.
    ``conn`` is the knowledge base as :func:`pasyans.kb.query.connect` opens it; its records are
    read through :mod:`pasyans.kb.query` (JSON columns decoded there)."""
    from pasyans.engine.reasons import whole

    from . import query

    sources = [{k: s[k] for k in ("id", "file", "language", "orthography", "kind", "title", "sha256")}
               for s in query.sources(conn)]
    by_game: dict[str, list] = {}
    for a in query.aliases(conn):
        by_game.setdefault(a["game"], []).append(
            {"name": a["name"], "language": a["language"], "lines": [a["first_line"], a["last_line"]],
             "kind": a["kind"], "sentence": a["sentence"]})
    moves_by_ex: dict[str, list] = {}
    for m in query.moves(conn):
        moves_by_ex.setdefault(m["example"], []).append(
            {"card": m["card"], "cards": m["cards"], "to": m["to"], "to_card": m["to_card"], "raw": m["raw"],
             "lines": [m["first_line"], m["last_line"]], "kind": m["kind"],
             "flags": m["flags"], "verdict": m["verdict"], "reason": whole(m["reason"], m.get("detail")),
             "rule": m["rule"], "what": m.get("what"), "detail": m.get("detail"),
             **{k: m.get(k) for k in ("direction", "to_pile", "from_place")}})
    ex_by_game: dict[str, list] = {}
    for e in query.examples(conn):
        ex_by_game.setdefault(e["game"], []).append(
            {"lines": [e["first_line"], e["last_line"]], "marker": e["marker"], "text": e["text"],
             "layout": e["layout"], "mentions": e["mentions"] or [],
             "moves": moves_by_ex.get(e["id"], [])})
    from .witness import all_facts

    catalogue = all_facts(conn)
    names = _catalogue(conn)
    from .present import Quotes
    from .printed import printed_text

    old_spelling = {s["id"] for s in sources if s.get("orthography") == "pre-reform"}
    out_games = []
    for g in query.games(conn, game_ids):
        rules, examples = g["rules"] or {}, ex_by_game.get(g["id"], [])
        if g["source"] in old_spelling:  # as printed, never modernised (TESTER7/8: «кладутъ … пикъ»)
            quotes = Quotes(conn, g["id"])
            rules, examples = _as_printed(quotes, rules, examples)
            catalogue[g["id"]] = [{**f, "quote": printed_text(quotes, f.get("quote"), f.get("lines"))}
                                  for f in catalogue.get(g["id"], [])]
        out_games.append({
            "id": g["id"], "name": g["name"], "printed_name": g["printed_name"], "source": g["source"],
            "lines": g["lines"], "variant_of": g["variant_of"], "page": g["page"],
            "fragment": bool(g["fragment"]), "rules_used": g["rules_used"] or [],
            "aliases": by_game.get(g["id"], []),
            "english": names.get(g["id"], {}).get("english", []),
            "catalogue_entry": names.get(g["id"], {}).get("entry"),
            "rules": rules,
            "examples": examples,
            "catalogue": catalogue.get(g["id"], []),
        })
    return {"sources": sources, "games": out_games}


def _as_printed(quotes, rules: dict, examples: list[dict]) -> tuple[dict, list[dict]]:
    """``rules`` and ``examples`` of one game with their quotes, texts and moves' ``raw`` as printed
    (``quotes``: the game's :class:`~pasyans.kb.present.Quotes`); copies, the originals are kept."""
    from .printed import printed_quotes, printed_spec, printed_text

    out = []
    for e in examples:
        e = {**e, "text": printed_text(quotes, e.get("text"), e["lines"])}
        e["moves"] = [{**m, "raw": printed_text(quotes, m.get("raw"), m["lines"]),
                       "reason": printed_quotes(m.get("reason"), quotes)} for m in e["moves"]]
        out.append(e)
    return printed_spec(rules, quotes), out


def _catalogue(conn) -> dict[str, dict]:
    """game id → {"english": [names], "entry": the ``catalogue_entry`` object of the export or
    None}, from the ``crosswalk`` table and the catalogue rows of ``names`` (those with a
    ``source``), read through :func:`pasyans.kb.query.records`."""
    from . import query

    out: dict[str, dict] = {}
    for x in query.records(conn, "crosswalk"):
        entry = {"pysol_id": x["pysol_id"], "pysol_name": x["pysol_name"], "aisleriot": x["aisleriot"],
                 "kpat": x["kpat"], "confidence": x.get("confidence"), "evidence": x.get("english_evidence"),
                 "conflict": x.get("conflict"), "note": x.get("note"), "names": []}
        out[x["game"]] = {"english": [x["english"]] if x["english"] else [], "entry": entry}
    for n in query.records(conn, "names", "source IS NOT NULL", order_by="id"):
        got = out.setdefault(n["game"], {"english": [], "entry": None})
        if n["kind"] == "english" and n["name"] not in got["english"]:
            got["english"].append(n["name"])
        if got["entry"] is None:
            got["entry"] = {"pysol_id": None, "pysol_name": None, "aisleriot": None, "kpat": None,
                            "confidence": None, "evidence": None, "conflict": None, "note": None, "names": []}
        got["entry"]["names"].append({"name": n["name"], "kind": n["kind"], "language": n["language"],
                                      "source": n["source"]})
    return out


def validate_export(data: dict) -> None:
    """Raise ``jsonschema.ValidationError`` when ``data`` breaks the export contract."""
    import jsonschema

    jsonschema.validate(data, export_schema())


def _slug(game: dict) -> str:
    return game["id"]


def export_markdown(conn, out_dir, convention: str = "ru") -> list[str]:
    """Write one Markdown page per game into ``out_dir`` as ``<game id>.md``, plus ``index.md``
    (the games by source and family); return the game pages' file names. The pages are
    :func:`pasyans.kb.pages.game_markdown`: names, stated rule facts, the text as printed with
    its raw line numbers, every example move with its verdict and reason."""
    from .pages import export_pages

    return export_pages(conn, out_dir, "markdown", convention)


def export_html(conn, out_dir, convention: str = "ru") -> list[str]:
    """:func:`export_markdown` as standalone, printable HTML pages (``<game id>.html`` and
    ``index.html``), from the templates of the web pages."""
    from .pages import export_pages

    return export_pages(conn, out_dir, "html", convention)


def export_solvitaire(conn, out_dir, with_preset: dict | None = None) -> tuple[list[str], dict[str, list[str]]]:
    """Write Solvitaire rule files (:func:`pasyans.kb.solvitaire.export_game`) for the games its
    format can express, as ``<game id>.json`` in ``out_dir``; return (files written, {game id:
    reasons} for the games it cannot express).

    Beside them: ``notes.json`` — per game written, where every key's value comes from (the book's
    quote, the reading of the text's silence, or the same game's Solvitaire preset), the preset
    matched through the crosswalk and every key where the file plays differently from it;
    ``not-expressible.json`` — per game refused, its name and each obstacle (the rule with its
    quote Solvitaire has no rule for, or the fact it needs that the text as read does not give), and
    the name of the same game's Solvitaire preset when it has one (``preset``).

    ``with_preset``, when given, is filled with {game id: (name, preset name, obstacles)} for the
    refused games Solvitaire has a preset of (the common games an author expects a file for).
    """
    from pathlib import Path

    from ..files import ExportFolder
    from .solvitaire import NotExpressible, export_game, preset_for

    crosswalk = {}
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'crosswalk'").fetchone():
        from .query import records

        crosswalk = {r["game"]: r for r in records(conn, "crosswalk")}
    written, refused, notes, reasons = [], {}, {}, {}
    games = export_json(conn)["games"]
    with ExportFolder(Path(out_dir), "solvitaire") as folder:  # marked as this export's: a stopped one is resumed
        for g in games:
            preset = preset_for(crosswalk.get(g["id"]))
            try:
                result = export_game(g["rules"], preset)
            except NotExpressible as e:
                refused[g["id"]] = {"name": g["name"], "reasons": list(e.reasons),
                                    "obstacles": [o.as_dict() for o in e.obstacles]}
                reasons[g["id"]] = list(e.reasons)
                if preset is not None:
                    refused[g["id"]]["preset"] = preset.name
                    if with_preset is not None:
                        with_preset[g["id"]] = (g["name"], preset.name, list(e.obstacles))
                continue
            name = f"{_slug(g)}.json"
            folder.write(name, json.dumps(result.rules, ensure_ascii=False, indent=2) + "\n")
            written.append(name)
            notes[g["id"]] = {"name": g["name"], **result.as_dict()}
        folder.write("not-expressible.json", json.dumps(refused, ensure_ascii=False, indent=2) + "\n")
        folder.write("notes.json", json.dumps(notes, ensure_ascii=False, indent=2) + "\n")
    return written, reasons
