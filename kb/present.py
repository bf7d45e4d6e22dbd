"""One readable view of the knowledge base, shared by the web pages, the Markdown and HTML
exports and ``pasyans show`` / ``list``.

:func:`game_view` gathers everything a page shows about one game, read from the knowledge base
only: its names (titles as printed, aliases with their sentences, the English and catalogue
names), the rule facts that are stated (a row per field: value in words, quote as printed, raw
lines, where an inherited value comes from) with the unknown fields summarised, special rules
and conflicts, variants and linked games, the text with raw line numbers as printed (pre-1918
words carry their modern form, :mod:`pasyans.kb.printed`), and every example with each move,
its verdict and its reason. :func:`game_list` gives the games by source and family (a game with
its rule variants). :func:`find_games` is :func:`pasyans.kb.names.find` that also takes a game
id. Cards are written by :func:`card_text` in the reader's convention: ``en`` ♥Q, ``ru`` Д♥.
"""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

from .printed import Piece, Printed, Span, printed_quotes, printed_ref
from .query import has_table, records, rows
from .schema import TABLES

# -- cards ------------------------------------------------------------------------------------

CONVENTIONS = ("ru", "en")
"""Card conventions: ``ru`` rank then suit with Russian letters (Д♥, Т♣ the ace, 10♦), ``en``
suit then rank (♥Q, ♣A, ♦10)."""

_SUIT = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}
_RANK = {"en": {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"},
         "ru": {"A": "Т", "T": "10", "J": "В", "Q": "Д", "K": "К"}}
CARD = re.compile(r"^(10|[A2-9TJQK])([CDHS])?$")
"""A card in standard notation (``QH``, ``TS``, a bare rank ``7``)."""


def card_text(code: str | None, convention: str = "ru") -> str:
    """``"QH"`` → ``"Д♥"`` (``ru``) or ``"♥Q"`` (``en``); a bare rank gives the rank alone; a
    value that is not a card (``foundation``, ``row:6``, ``None``) comes back in words."""
    if code is None:
        return "?"
    m = CARD.match(code)
    if not m:
        return PLACES.get(code, code.replace("row:", "row "))
    rank = m.group(1)
    r = _RANK.get(convention, _RANK["ru"]).get("T" if rank == "10" else rank, rank)
    s = _SUIT.get(m.group(2) or "", "")
    return f"{r}{s}" if convention == "ru" else f"{s}{r}"


def card_color(code: str | None) -> str | None:
    """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs, else ``None``."""
    m = CARD.match(code or "")
    if not m or not m.group(2):
        return None
    return "red" if m.group(2) in "HD" else "black"


PLACES = {"foundation": "foundation", "space": "a space", "cell": "a cell", "reserve": "the reserve",
          "waste": "the waste", "tableau": "the tableau", "stock": "the stock"}

# -- rule facts --------------------------------------------------------------------------------

SECTIONS = [
    ("Deck", "deck", {"packs": "packs", "cards_per_pack": "cards per pack", "jokers": "jokers"}),
    ("Layout", "layout", {"tableau_piles": "tableau piles", "cards_per_pile": "cards per pile",
                          "face": "cards face", "reserve": "reserve", "cells": "cells"}),
    ("Foundations", "foundations", {"base": "base card", "direction": "direction", "suit": "suit",
                                    "step": "rank step", "wrap": "king–ace wrap",
                                    "preplaced": "bases placed before play",
                                    "removable": "cards may leave a foundation",
                                    "complete_sequences": "only complete sequences leave the tableau"}),
    ("Tableau", "tableau", {"build_direction": "build direction", "build_suit": "build suit",
                            "move": "what moves", "space": "a space is filled with", "wrap": "king–ace wrap"}),
    ("Waste", "waste", {"build_direction": "build direction", "build_suit": "build suit", "wrap": "king–ace wrap"}),
    ("Stock", "stock", {"deal": "deal", "deal_to": "dealt to", "deal_when": "dealt when", "redeals": "redeals"}),
]
"""The sections of the rule spec in reading order: (title, spec key, {field: label})."""

VALUE_WORDS = {"alternate-color": "alternate colour", "same-color": "same colour", "any-suit": "any suit",
               "same-suit": "same suit", "rank-only": "rank only", "one-card": "one card at a time",
               "any-sequence": "any built sequence", "same-suit-sequence": "a same-suit sequence",
               "whole-pile": "the whole pile", "kings": "kings only", "not-filled": "not filled",
               "from-stock": "a stock card", "from-waste": "the waste's top card",
               "from-reserve": "the reserve's top card", "from-waste-or-stock": "the waste or the stock",
               "any-or-reserve": "any card or the reserve", "any": "any card",
               "any-or-stock": "any card, the stock's too",
               "any-first": "the rank of the first card played",
               "A+K": "aces and kings",
               "none": "none", "other": "see special rules", "either": "up or down", "both": "both ways",
               "whole-sequence": "a whole run only (from its lowest face-up card)",
               "any-face-up": "any face-up card, with the cards on it",
               "from-waste-then-stock": "the waste's top card, the stock's when the waste is empty",
               "no-spaces": "when no space is empty", "blocked": "when no move is left", "any-time": "at any time"}
"""Spec values in words (a value not listed is shown with its hyphens as spaces)."""

FIELD_VALUE_WORDS = {("layout.face", "mixed"): "the top cards face up, the others face down",
                     ("layout.face", "alternate"): "face-down and face-up cards in turn down each pile",
                     ("foundations.base", "mixed"): "a different rank per foundation (see special rules)",
                     ("foundations.direction", "both"): "some foundations up, some down"}
"""Words for a value that means something else in another field (``(path, value)`` → words); the
schema's enum ``mixed`` is «top cards up» in ``layout.face`` and «a rank per foundation» in
``foundations.base``."""


def value_text(value: Any, path: str | None = None) -> str:
    """A spec value in words: ``True`` → ``yes``, ``"alternate-color"`` → ``alternate colour``;
    ``path`` (``"layout.face"``) picks the field's own words where a value is shared by fields."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and (path, value) in FIELD_VALUE_WORDS:
        return FIELD_VALUE_WORDS[(path, value)]
    if isinstance(value, str) and value in VALUE_WORDS:
        return VALUE_WORDS[value]
    if isinstance(value, str) and re.fullmatch(r"[a-z]+(?:-[a-z]+)+", value):  # an enum value new to this table
        return value.replace("-", " ")
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def lines_text(lines) -> str:
    """``[5, 7]`` → ``lines 5–7``; ``[5, 5]`` → ``line 5``; nothing → ``""``."""
    if not lines:
        return ""
    a, b = lines[0], lines[-1]
    return f"line {a}" if a == b else f"lines {a}–{b}"


def _fields(spec: dict):
    """``(section title, path, label, field dict)`` of every field of ``spec`` in reading order;
    sections and fields the table above does not know come after, labelled by their keys."""
    known = set()
    for title, key, labels in SECTIONS:
        part = spec.get(key)
        if not isinstance(part, dict):
            continue
        known.add(key)
        for fk, label in labels.items():
            if isinstance(part.get(fk), dict):
                yield title, f"{key}.{fk}", label, part[fk]
        for fk, f in part.items():
            if fk not in labels and isinstance(f, dict) and "status" in f:
                yield title, f"{key}.{fk}", fk.replace("_", " "), f
    for key, part in spec.items():
        if key in known or not isinstance(part, dict):
            continue
        if "status" in part:
            yield key.replace("_", " ").capitalize(), key, key.replace("_", " "), part
        else:
            for fk, f in part.items():
                if isinstance(f, dict) and "status" in f:
                    yield key.replace("_", " ").capitalize(), f"{key}.{fk}", fk.replace("_", " "), f


def rule_facts(spec: dict, quote=lambda q, lines: None) -> dict:
    """The rule spec as people read it: ``{"rows": [...], "unknown": [...], "special": [...],
    "conflicts": [...]}``.

    A row (a field the text states or inherits): ``section``, ``path``, ``label``, ``value``
    (words), ``status``, ``quote`` (a :class:`~pasyans.kb.printed.Span` as printed, via
    ``quote(text, lines)``, or ``None``), ``lines``, ``ref``, ``same`` (true when the quote is
    the row before's). ``unknown``: ``(path, label, reason)`` of each field the text leaves open.
    """
    out: dict = {"rows": [], "unknown": [], "special": [], "conflicts": []}
    last = None
    for section, path, label, f in _fields(spec):
        if f.get("status") == "unknown":
            out["unknown"].append((path, label, f.get("reason") or "the text does not say"))
            continue
        said = (f.get("quote"), tuple(f.get("lines") or ()))
        value = f.get("value")
        out["rows"].append({
            "section": section, "path": path, "label": label,
            "value": "(the sentence quoted)" if value and value == f.get("quote") else value_text(value, path),
            "status": f.get("status") or "stated", "quote": quote(f.get("quote"), f.get("lines")),
            "lines": f.get("lines"), "ref": printed_ref(f.get("ref"), quote),
            "same": bool(f.get("quote")) and said == last})
        last = said if f.get("quote") else None
    for s in spec.get("special") or []:
        out["special"].append({"name": s.get("name"), "description": s.get("description"),
                               "quote": quote(s.get("quote"), s.get("lines")), "lines": s.get("lines"),
                               "ref": printed_ref(s.get("ref"), quote)})
    for c in spec.get("conflicts") or []:
        out["conflicts"].append({"field": c.get("field"),
                                 "quotes": [(quote(q, ln), ln) for q, ln in zip(c.get("quotes") or [],
                                                                               c.get("lines") or [])]})
    return out


def unknown_summary(unknown: list[tuple[str, str, str]]) -> str:
    """The fields the text leaves open, in one line: «Not stated (12 fields): cards face,
    reserve, … — no sentence of the game's text states them»; ``""`` when there are none."""
    if not unknown:
        return ""
    reasons: dict[str, list[str]] = {}
    for path, _label, why in unknown:
        reasons.setdefault(why, []).append(path)
    common = max(reasons, key=lambda r: len(reasons[r]))
    parts = [", ".join(reasons[common]) + f" ({common})"]
    parts += [", ".join(p) + f" ({why})" for why, p in reasons.items() if why != common]
    return f"Unknown — not stated in the text ({len(unknown)} fields): " + "; ".join(parts)


# -- names -------------------------------------------------------------------------------------

PYSOL_NUMBER = re.compile(r"(?i)(?:pysol(?:fc)?\s*)?(?:#|№)\s*(\d{1,5})")
"""A query naming a game by its PySolFC number: «PySolFC #737», «#737», «№ 737» (not a bare number)."""


def pysol_games(conn: sqlite3.Connection, number: int) -> list:
    """The games the crosswalk gives PySolFC number ``number`` (score 1.0, why «PySolFC #N Name»)."""
    from .names import Match

    if not has_table(conn, "crosswalk"):
        return []
    out = []
    for gid, name, source, lines, pname in conn.execute(
            "SELECT g.id, coalesce(g.name, g.printed_name, g.id), g.source, g.lines, c.pysol_name FROM crosswalk c "
            "JOIN games g ON g.id = c.game WHERE c.pysol_id = ? ORDER BY g.id", (number,)):
        spans = TABLES["games"].decode({"lines": lines})["lines"] or []
        out.append(Match(gid, name, f"#{number}", 1.0, f"catalogue: PySolFC #{number} «{pname}»", source,
                         [list(x) for x in spans], "catalogue"))
    return out


def find_games(conn: sqlite3.Connection, query: str, limit: int = 10) -> list:
    """:func:`pasyans.kb.names.find`, and a game id given as the query finds that game first
    (score 1.0, why «game id»)."""
    from .names import Match, find

    q = (query or "").strip()
    number = PYSOL_NUMBER.match(q)
    if number:
        return pysol_games(conn, int(number.group(1)))[:limit]
    row = conn.execute("SELECT id, coalesce(name, printed_name, id), source, lines FROM games WHERE id = ?",
                       (q,)).fetchone() if q else None
    found = find(conn, query, limit=limit) if q else []
    if row is None:
        return found
    gid, name, source, lines = row
    lines = TABLES["games"].decode({"lines": lines})["lines"] or []
    first = Match(gid, name, gid, 1.0, "game id", source, [list(x) for x in lines], "id")
    return [first] + [m for m in found if m.game != gid][: max(0, limit - 1)]


def nearest(conn: sqlite3.Connection, query: str, limit: int = 5) -> list:
    """The games whose names are spelt most like ``query`` (rapidfuzz WRatio over the folded
    names, no cut-off), best first, one per game: what a page offers when no name matches."""
    from rapidfuzz import fuzz, process

    from .names import Match, fold

    q = fold(query or "")
    if not q:
        return []
    names = conn.execute("SELECT n.game, n.name, n.folded, coalesce(g.name, g.printed_name, g.id), g.source "
                         "FROM names n JOIN games g ON g.id = n.game").fetchall()
    out, seen = [], set()
    for _f, score, i in process.extract(q, [r[2] for r in names], scorer=fuzz.WRatio, limit=limit * 6):
        game, name, _folded, title, source = names[i]
        if game in seen:
            continue
        seen.add(game)
        out.append(Match(game, title, name, round(score / 100 * 0.5, 3),
                         f"nearest spelling ({score:.0f}%): «{name}»", source))
        if len(out) == limit:
            break
    return out


def resolve(conn: sqlite3.Connection, name_or_id: str, limit: int = 10) -> tuple[str | None, list]:
    """``(game id, [])`` when ``name_or_id`` names one game confidently (as ``show`` takes it,
    :func:`pasyans.kb.query.resolve_game`); else ``(None, matches)``: the matches of
    :func:`find_games`, or when there are none the :func:`nearest` names."""
    from .query import KBError, resolve_game

    try:
        return resolve_game(conn, name_or_id), []
    except KBError:
        return None, find_games(conn, name_or_id, limit=limit) or nearest(conn, name_or_id)


def also_named(conn: sqlite3.Connection, name: str, game_id: str) -> dict:
    """``{"name", "games": [{"id", "name", "kind"}]}``: the other games a name (folded) belongs
    to — a title of one game may be an alias of another («Звезда»)."""
    from .names import fold

    f = fold(name)
    found = rows(conn, "SELECT DISTINCT n.game AS id, coalesce(g.name, g.printed_name, g.id) AS name, n.kind AS kind "
                       "FROM names n JOIN games g ON g.id = n.game WHERE n.folded = ? AND n.game != ? ORDER BY n.game",
                 f, game_id) if f else []
    return {"name": name, "games": found}


# -- the game ----------------------------------------------------------------------------------

class Quotes:
    """Quotes of a game's facts as printed: looked up in the game's own text, then in the texts
    of the other games of its source that hold the quote's lines (a parent, a numbered rule)."""

    def __init__(self, conn: sqlite3.Connection, game_id: str):
        self.conn, self.game_id = conn, game_id
        self._printed: dict[str, Printed] = {}

    def printed(self, gid: str) -> Printed:
        if gid not in self._printed:
            self._printed[gid] = Printed(self.conn, gid)
        return self._printed[gid]

    def __call__(self, quote: str | None, lines=None) -> Span | None:
        if not quote:
            return None
        if " … " in quote:  # sentences joined by the reader: each one as printed
            parts = [self(q, lines) for q in quote.split(" … ")]
            return Span([p for i, sp in enumerate(parts) for p in ([Piece(" … ")] if i else []) + sp.pieces],
                        exact=all(sp.exact for sp in parts))
        own = self.printed(self.game_id)
        span = own.quote(quote)
        if span.exact or own.modern_source or not lines:
            return span
        for (gid,) in self.conn.execute("SELECT id FROM games WHERE source = ? AND id != ? AND first_line <= ? "
                                        "AND last_line >= ?", (own.source, self.game_id, lines[0], lines[-1])):
            other = self.printed(gid).quote(quote)
            if other.exact:
                return other
        return span


def text_lines(conn: sqlite3.Connection, game_id: str, pr: Printed | None = None) -> list[dict]:
    """The game's text cut as ``show --source`` cuts it: ``{"line", "span", "section"}`` per
    piece (``section``: the label, only where the section changes), each piece as printed."""
    from .source_view import line_of_chars, section_index, section_marks, text_pieces

    pr = pr or Printed(conn, game_id)
    runs = conn.execute('SELECT start, "end", line FROM text_map WHERE game = ? ORDER BY start',
                        (game_id,)).fetchall() if has_table(conn, "text_map") else []
    secs = section_marks(conn, game_id, pr)
    if not pr.text:
        return []
    try:
        line_at = line_of_chars(pr.text, runs)
    except ValueError:  # no map (an older knowledge base): one paragraph per piece, no numbers
        return [{"line": None, "span": pr.span(0, len(pr.text)), "section": None}]
    out, shown = [], -1
    for n, a, b in text_pieces(pr.text, line_at):
        k = section_index(secs, n)
        out.append({"line": n, "span": pr.span(a, b),
                    "section": (secs[k].label() if k is not None else "text") if k != shown else None})
        shown = k
    return out


def _verdict_counts(moves: list[dict]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for m in moves:
        counts[m["verdict"]] = counts.get(m["verdict"], 0) + 1
    return counts


def game_view(conn: sqlite3.Connection, game_id: str) -> dict | None:
    """Everything a page shows about ``game_id`` (see the module docstring); ``None`` for an
    unknown id. Reads the knowledge base only (no corpus): ``games``, ``sources``, ``aliases``,
    ``names``, ``crosswalk``, ``links``, ``examples``, ``moves``, ``findings``, ``text_map``,
    ``source_lines`` (the tables an older file lacks are skipped)."""
    found = records(conn, "games", "id = ?", (game_id,))
    if not found:
        return None
    g = found[0]
    g["lines"] = g["lines"] or []
    g["rules_used"] = g["rules_used"] or []
    spec = g["rules"] or {}
    src = records(conn, "sources", "id = ?", (g["source"],))[0]
    pre = src.get("orthography") == "pre-reform"
    quotes = Quotes(conn, game_id)
    title = g["name"] or g["printed_name"]
    if pre and g["printed_name"] and g["name"] and g["printed_name"].lower() != g["name"].lower():
        title = g["printed_name"]  # «Салическій законъ» as printed; a heading in capitals keeps the cased name
    view: dict[str, Any] = {
        "game": g, "source": src, "pre_reform": pre, "title": title or "(untitled)",
        "spans": ", ".join(f"{a}–{b}" for a, b in g["lines"]),
        "parent": (rows(conn, "SELECT id, name, printed_name FROM games WHERE id = ?", g["variant_of"]) or [None])[0]
        if g["variant_of"] else None,
        "variants": rows(conn, "SELECT id, name, printed_name FROM games WHERE variant_of = ? ORDER BY rowid", game_id),
    }
    aliases = records(conn, "aliases", "game = ?", (game_id,), order_by="id")
    for a in aliases:
        a["sentence_span"] = quotes(a["sentence"], [a["first_line"], a["last_line"]])
    view["aliases"] = aliases
    view["crosswalk"] = (records(conn, "crosswalk", "game = ?", (game_id,)) or [None])[0]
    has_source = any(r[1] == "source" for r in conn.execute("PRAGMA table_info(names)"))
    view["catalogue_names"] = rows(conn, "SELECT name, kind, language, source FROM names WHERE game = ? "
                                         "AND source IS NOT NULL ORDER BY id", game_id) if has_source else []
    view["english"] = ([n["name"] for n in view["catalogue_names"] if n["kind"] == "english"]
                       or ([view["crosswalk"]["english"]] if view["crosswalk"] and view["crosswalk"]["english"] else []))
    links = []
    if has_table(conn, "links"):
        names = dict(conn.execute("SELECT id, name FROM games").fetchall())
        for l in records(conn, "links", "game_a = ? OR game_b = ?", (game_id, game_id), order_by="id"):
            l["name_a"], l["name_b"] = names.get(l["game_a"]), names.get(l["game_b"])
            other = l["game_b"] if l["game_a"] == game_id else l["game_a"]
            links.append({"relation": l["relation"], "other": other,
                          "other_name": l["name_b"] if other == l["game_b"] else l["name_a"],
                          "evidence": l["evidence"] or [], "summary": l["summary"]})
    view["links"] = links
    view["rules"] = rule_facts(spec, quotes)
    view["unknown"] = unknown_summary(view["rules"]["unknown"])
    view["has_rules"] = bool(spec)
    view["text"] = text_lines(conn, game_id, quotes.printed(game_id))
    examples = records(conn, "examples", "game = ?", (game_id,), order_by="n")
    for e in examples:
        e["layout"] = e["layout"] or None
        e["anchor"] = f"ex{e['n']}"
        if e["marker"]:  # «Напримѣръ» as printed, not the modern «Например»
            e["marker"] = quotes.printed(game_id).as_printed(e["marker"], e["first_line"])
        e["moves"] = records(conn, "moves", "example = ?", (e["id"],), order_by="n")
        for m in e["moves"]:
            m["flags"] = m["flags"] or []
            m["cards"] = m["cards"] or []
            m["raw_span"] = quotes(m["raw"], [m["first_line"], m["last_line"]])
            m["reason"] = printed_quotes(m["reason"], quotes)  # the sentence it quotes as printed («кладутъ»)
            m["anchor"] = f"ex{e['n']}-m{m['n']}"
        e["counts"] = _verdict_counts(e["moves"])
    view["examples"] = examples
    view["counts"] = _verdict_counts([m for e in examples for m in e["moves"]])
    view["findings"] = records(conn, "findings", "game = ?", (game_id,), order_by="first_line, id")
    return view


# -- the list of games -------------------------------------------------------------------------

def game_list(conn: sqlite3.Connection, source: str | None = None) -> list[dict]:
    """The games by source and family: ``[{"source": row, "games": [game, …]}]`` in source order,
    each game ``{"id", "name", "printed_name", "lines", "variant_of", "depth", "order", "examples",
    "moves", "english"}`` with its variants right after it (``depth`` 1, 2 …; ``order``: its place in
    the source). ``source`` keeps one source."""
    english = dict(conn.execute("SELECT game, english FROM crosswalk WHERE english IS NOT NULL").fetchall())
    counts = {g: (e, m) for g, e, m in conn.execute(
        "SELECT g.id, (SELECT count(*) FROM examples e WHERE e.game = g.id), "
        "(SELECT count(*) FROM moves m WHERE m.game = g.id) FROM games g")}
    out = []
    for s in records(conn, "sources", "id = ?" if source else None, (source,) if source else (), order_by="id"):
        games = records(conn, "games", "source = ?", (s["id"],), order_by="rowid",
                        select="id, name, printed_name, lines, variant_of, fragment")
        kids: dict[str | None, list[dict]] = {}
        ids = {g["id"] for g in games}
        for i, g in enumerate(games):
            g["order"] = i
            g["lines"] = g["lines"] or []
            g["examples"], g["moves"] = counts.get(g["id"], (0, 0))
            g["english"] = english.get(g["id"])
            kids.setdefault(g["variant_of"] if g["variant_of"] in ids else None, []).append(g)
        ordered: list[dict] = []

        def walk(parent: str | None, depth: int) -> None:
            for g in kids.get(parent, []):
                if any(x is g for x in ordered):
                    continue
                g["depth"] = depth
                ordered.append(g)
                walk(g["id"], depth + 1)

        walk(None, 0)
        ordered += [dict(g, depth=0) for g in games if not any(x is g for x in ordered)]  # a cycle: flat
        out.append({"source": s, "games": ordered})
    return out


def catalogue_meanings(conn: sqlite3.Connection, query: str, found: list, everything: bool = False) -> list[str]:
    """What the catalogues call ``query`` that none of the ``found`` games is: one phrase a meaning,
    «KPatience (uk) «Косинка» is FreeCell (not 003-4, 004-024)» — a name the catalogues give another
    game than the one this knowledge base gives it, said rather than left for ``show`` to reveal.

    Reads the knowledge base's ``catalogue_matches`` (the catalogue names its games matched); with
    ``everything`` (a query nothing matched) the whole catalogue copy in ``kb/catalogs`` too, and says
    which game of the knowledge base, if any, is that English game. Exact folded names only (no typos,
    no PySolFC's unreviewed translations). ``[]`` when the query is no catalogue name.
    """
    from .crosswalk import CATALOGUE_LABEL, load_catalogues
    from .names import fold

    number = PYSOL_NUMBER.match((query or "").strip())
    if number:
        if not everything:
            return []
        rows = [c for c in load_catalogues() if c.pysol_id == int(number.group(1)) and c.language == "en"]
        names = sorted({c.english for c in rows if c.role == "name"} or {c.english for c in rows})
        return [f"PySolFC #{number.group(1)} is {' / '.join(names)}, no game of this knowledge base"] if names else []
    q = fold(query or "")
    if not q:
        return []
    hits: dict[str, set[str]] = {}  # English name, lower case → «Catalogue (language)»
    spelt: dict[str, str] = {}  # lower case → the English name as a catalogue spells it
    if has_table(conn, "catalogue_matches"):
        for cat, lang, cname, en in conn.execute("SELECT DISTINCT catalogue, language, catalogue_name, english "
                                                 "FROM catalogue_matches WHERE status != 'fuzzy-ignored'"):
            if en and cname and fold(cname) == q:
                spelt.setdefault(en.lower(), en)
                hits.setdefault(en.lower(), set()).add(f"{CATALOGUE_LABEL.get(cat, cat)} ({lang})")
    if everything:
        for c in load_catalogues():
            if not c.fuzzy and fold(c.name) == q:
                spelt.setdefault(c.english.lower(), c.english)
                hits.setdefault(c.english.lower(), set()).add(f"{CATALOGUE_LABEL.get(c.catalogue, c.catalogue)} ({c.language})")
    if not hits:
        return []
    english_of: dict[str, list[str]] = {}
    if has_table(conn, "crosswalk"):
        for game, en in conn.execute("SELECT game, english FROM crosswalk WHERE english IS NOT NULL"):
            english_of.setdefault(en.lower(), []).append(game)
    ids = [m.game for m in found]
    out = []
    for en in sorted(hits):
        here = english_of.get(en, [])
        if any(g in ids for g in here):
            continue
        where = ", ".join(sorted(hits[en]))
        said = f"{where} «{query.strip()}» is {spelt[en]}"
        if here:
            said += f": {', '.join(here)} here"
        elif ids:
            said += f", none of {', '.join(ids[:5])}{' …' if len(ids) > 5 else ''}"
        else:
            said += ", no game of this knowledge base"
        out.append(said)
    return out
