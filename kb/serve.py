"""The knowledge base in a browser: Datasette with titles, descriptions, canned queries, full-text
search and a readable page per game (``/game/<id>``).

``pasyans serve`` calls :func:`run`. The metadata (:func:`metadata`) describes every table;
the canned queries find a game by any name (the ranking of ``pasyans find``), list the moves the
engine found illegal, games by number of packs, the variants and linked games of a game, the same
game across texts, catalogue conflicts, and search the rules text by lemma. A small in-process
plugin (:class:`Plugin`) adds the SQL functions those queries use (``fold``, ``find_games``,
``lemma_query``), the game pages, and links from game ids to them.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

from datasette import hookimpl

TABLES = {
    "kb_meta": ("About this knowledge base", "schema_version (see kb/schema.py), tool_version (the pasyans that "
                "built it), built_at (UTC) and row counts."),
    "text_map": ("Cleaned text → raw lines", "Runs of each game's cleaned text (offsets into games.text) with the "
                 "raw line and columns they come from: the margin of `pasyans show --source`."),
    "terms": ("Glossary", "The book's «Словарь» and its abbreviations: term, definition, kind, source, raw lines."),
    "sources": ("Sources", "The corpus files: language, spelling (modern or pre-1918), kind, SHA-256."),
    "games": ("Games", "One row per game or rule variant of each text: raw line spans, cleaned text, "
              "the extracted rule spec (JSON) and the numbered rules it uses; variant_of → its parent. "
              "Open /game/<id> for a readable page."),
    "aliases": ("Aliases stated in the texts", "Other names a text gives a game, with the sentence and lines. "
                "kind: alias, disputed (the text doubts it), related (another game the text names), "
                "title-form, gloss."),
    "sections": ("Sections", "Parts of a game's text (intro, rules, example, tactics, variant) with lines."),
    "names": ("Search names", "Every name a game can be found by: titles, aliases, the English title and "
              "catalogue names (source says which catalogue), folded, with all inflected forms."),
    "name_forms": ("Name lookup", "Each inflected form of each name word, also as a spelling skeleton "
                   "(Russian/Ukrainian letters, pre-1918 endings) and a Latin key: what pasyans find looks up."),
    "examples": ("Worked examples", "Examples of play printed in the texts, with the printed layout."),
    "moves": ("Example moves", "Every move of every example with the engine's verdict (legal, illegal, "
              "unverifiable), the reason and the rule checked."),
    "findings": ("Findings", "Everything the pipeline could not read or decide, with its lines — nothing "
                 "is dropped silently."),
    "crosswalk": ("Catalogue crosswalk", "Each game → its English title (with evidence and confidence), "
                  "PySolFC id, Aisleriot and KPatience names; conflicts between catalogues are kept, not resolved."),
    "catalogue_matches": ("Catalogue name matches", "Corpus names equal to a catalogue name: linked, a "
                          "conflict the crosswalk acknowledges, or an unreviewed (fuzzy) translation ignored."),
    "catalogue_facts": ("Catalogues beside the book", "What PySolFC's catalogue and Solvitaire's preset of "
                        "the same game record (packs, redeals, game type, piles, building…) beside the book's "
                        "rule: agrees, disagrees (both sides and the book's quote kept, never settled) or "
                        "book-silent (the catalogue says it; not from the book)."),
    "game_facts": ("Facts compared across texts", "Packs, cards, layout and building of each game, with "
                   "where each fact comes from (rule spec, book part, family)."),
    "links": ("Games across texts", "Pairs of games whose names meet, with the relation (same, different, "
              "related, ambiguous-name, similar-name) and the evidence: names, catalogue, rules."),
    "passages": ("Sentences of the texts", "Every sentence of every game's text with its raw lines and "
                 "lemmas; full-text search works on words and on lemmas."),
}

QUERIES = {
    "game_by_name": {
        "title": "Find a game by any name",
        "description": "Title, alias, inflected form, old or Ukrainian spelling, English or catalogue "
                       "name, typo — ranked as pasyans find ranks them, with the reason.",
        "sql": "select json_extract(value, '$.game') as game, json_extract(value, '$.name') as name, "
               "json_extract(value, '$.source') as source, json_extract(value, '$.score') as score, "
               "json_extract(value, '$.why') as why, '/game/' || json_extract(value, '$.game') as page "
               "from json_each(find_games(:name))",
    },
    "illegal_moves": {
        "title": "Moves of the examples found illegal",
        "description": "The book's errata: every example move the engine rejects, with the reason and lines.",
        "sql": "select m.game, g.name, s.file, m.first_line, m.last_line, m.n, m.raw, m.card, m.\"to\", "
               "m.reason, m.rule from moves m join games g on g.id = m.game join sources s on s.id = g.source "
               "where m.verdict = 'illegal' order by g.source, m.first_line, m.n",
    },
    "games_by_packs": {
        "title": "Games by number of packs",
        "description": "Games dealing :packs packs (1 or 2), with where the number comes from.",
        "sql": "select g.id, g.name, g.source, f.value as packs, f.source as packs_from, "
               "f.first_line, f.quote from game_facts f join games g on g.id = f.game "
               "where f.field = 'packs' and f.value = :packs order by g.source, g.rowid",
    },
    "packs_summary": {
        "title": "How many games use one pack, two packs …",
        "sql": "select f.value as packs, count(*) as games, group_concat(coalesce(g.name, g.id), ', ') as names "
               "from game_facts f join games g on g.id = f.game where f.field = 'packs' group by f.value",
    },
    "variants_of": {
        "title": "Variants and linked games of a game",
        "description": "Rule variants of the game :game (id or title), and games of other texts linked to it.",
        "sql": "with target as (select id from games where id = :game or name = :game) "
               "select v.id, v.name, v.printed_name, v.source, 'variant' as relation, null as evidence "
               "from games v where v.variant_of in target "
               "union all select g.id, g.name, g.printed_name, g.source, l.relation, l.summary "
               "from links l join games g on g.id = l.game_b where l.game_a in target "
               "union all select g.id, g.name, g.printed_name, g.source, l.relation, l.summary "
               "from links l join games g on g.id = l.game_a where l.game_b in target",
    },
    "same_game_across_texts": {
        "title": "The same game in several texts",
        "sql": "select l.game_a, a.name as name_a, l.game_b, b.name as name_b, l.relation, l.summary "
               "from links l join games a on a.id = l.game_a join games b on b.id = l.game_b "
               "order by l.relation = 'same' desc, l.game_a",
    },
    "catalogue_conflicts": {
        "title": "Catalogue conflicts and untrusted entries",
        "sql": "select game, corpus_name, corpus_kind, catalogue, language, catalogue_name, english, pysol_id, "
               "ref, status from catalogue_matches where status != 'linked' order by game",
    },
    "search_rules": {
        "title": "Search the texts by lemma",
        "description": "Words in any form («короли заполняют пробелы»): sentences holding all of them.",
        "sql": "select p.game, g.name, p.section, p.first_line, p.last_line, "
               "snippet(passages_fts, 0, '[', ']', '…', 24) as text from passages_fts "
               "join passages p on p.id = passages_fts.rowid join games g on g.id = p.game "
               "where passages_fts match lemma_query(:words) order by bm25(passages_fts) limit 50",
    },
}


def metadata(db_path: Path | str) -> dict:
    """Datasette metadata for the knowledge base at ``db_path``: title, table titles and
    descriptions, full-text search settings, canned queries."""
    name = Path(db_path).stem
    tables = {t: {"title": title, "description": desc} for t, (title, desc) in TABLES.items()}
    tables["passages"].update({"fts_table": "passages_fts", "fts_pk": "id", "searchmode": "raw"})
    tables["games"].update({"fts_table": "games_fts", "fts_pk": "rowid"})
    tables["name_forms"]["hidden"] = True
    return {
        "title": "pasyans: patience rules knowledge base",
        "description": "Games of patience read from Russian, pre-1918 Russian and Ukrainian texts, with "
                       "their names, rules, worked examples checked by an engine, and the raw lines of "
                       "every fact. A page per game: /game/<id> (e.g. /game/004-004).",
        "databases": {name: {"tables": tables, "queries": QUERIES}},
    }


# -- the game page --------------------------------------------------------------------------------

GAME_TEMPLATE = """{% extends "base.html" %}
{% block title %}{{ g.name or g.printed_name or g.id }} — pasyans{% endblock %}
{% block content %}
<h1>{{ g.name or g.printed_name or "(untitled)" }} <small>{{ g.id }}</small></h1>
<p>{% if g.printed_name and g.printed_name != g.name %}Printed as «{{ g.printed_name }}». {% endif %}
Source {{ src.id }} <code>{{ src.file }}</code> ({{ src.language }}, {{ src.orthography }}),
lines {{ spans }}{% if g.page %}, page {{ g.page }}{% endif %}.
{% if parent %}Variant of <a href="{{ base }}game/{{ parent.id }}">{{ parent.name or parent.id }}</a>.{% endif %}</p>
{% if variants %}<p>Variants: {% for v in variants %}<a href="{{ base }}game/{{ v.id }}">{{ v.name or v.printed_name or v.id }}</a>{% if not loop.last %}, {% endif %}{% endfor %}</p>{% endif %}
{% if xw %}<h2>Names in the catalogues</h2>
<ul>{% if xw.english %}<li>English: <strong>{{ xw.english }}</strong> ({{ xw.confidence }}; evidence: {{ xw.english_evidence }})</li>{% endif %}
{% if xw.pysol_id %}<li>PySolFC #{{ xw.pysol_id }} «{{ xw.pysol_name }}»</li>{% endif %}
{% if xw.aisleriot %}<li>Aisleriot: {{ xw.aisleriot }}</li>{% endif %}{% if xw.kpat %}<li>KPatience: {{ xw.kpat }}</li>{% endif %}
{% if xw.conflict %}<li>Conflict (kept, not resolved): {{ xw.conflict }}</li>{% endif %}
{% if xw.note %}<li>{{ xw.note }}</li>{% endif %}</ul>{% endif %}
{% if aliases %}<h2>Other names in the text</h2><ul>{% for a in aliases %}
<li>«{{ a.name }}» — {{ a.kind }}, {{ a.language }}, line {{ a.first_line }}{% if a.last_line != a.first_line %}–{{ a.last_line }}{% endif %}{% if a.sentence %}: <q>{{ a.sentence }}</q>{% endif %}</li>{% endfor %}</ul>{% endif %}
{% if catalogue_names %}<p>Also found as: {% for n in catalogue_names %}«{{ n.name }}» <small>({{ n.source }})</small>{% if not loop.last %}, {% endif %}{% endfor %}</p>{% endif %}
{% if links %}<h2>In other texts and similar names</h2><ul>{% for l in links %}
<li><strong>{{ l.relation }}</strong>: <a href="{{ base }}game/{{ l.other }}">{{ l.other_name or l.other }}</a> ({{ l.other }})
<ul>{% for e in l.evidence %}<li>{{ e }}</li>{% endfor %}</ul></li>{% endfor %}</ul>{% endif %}
{% if facts %}<h2>Facts of the rules</h2><table><tr><th>fact</th><th>value</th><th>from</th><th>lines</th><th>quote</th></tr>
{% for f in facts %}<tr><td>{{ f.field }}</td><td>{{ f.value }}</td><td>{{ f.source }}</td><td>{{ f.first_line or "" }}</td><td>{{ f.quote or "" }}</td></tr>{% endfor %}</table>{% endif %}
{% if g.text %}<h2>Text</h2>{% for para in paragraphs %}<p>{{ para }}</p>{% endfor %}{% endif %}
{% for e in examples %}<h2>Example {{ e.n }} <small>lines {{ e.first_line }}–{{ e.last_line }}</small></h2>
{% if e.moves %}<table><tr><th>#</th><th>as printed</th><th>card</th><th>to</th><th>verdict</th><th>reason</th></tr>
{% for m in e.moves %}<tr><td>{{ m.n }}</td><td>{{ m.raw }}</td><td>{{ m.card or "?" }}</td><td>{{ m.to or "?" }}</td><td>{{ m.verdict }}</td><td>{{ m.reason }}</td></tr>{% endfor %}</table>{% endif %}{% endfor %}
{% if findings %}<h2>Not read or not decided</h2><ul>{% for f in findings %}<li>{{ f.kind }} (line {{ f.first_line }}): {{ f.message }}</li>{% endfor %}</ul>{% endif %}
<p><a href="{{ base }}{{ dbname }}/games/{{ g.id }}">The row in the games table</a> · <a href="{{ base }}{{ dbname }}">All tables</a></p>
{% endblock %}"""


def _rows(conn: sqlite3.Connection, sql: str, *args) -> list[dict]:
    cur = conn.execute(sql, args)
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


def game_context(conn: sqlite3.Connection, game_id: str) -> dict | None:
    """Everything the game page shows, read from the knowledge base; ``None`` for an unknown id."""
    g = _rows(conn, "SELECT * FROM games WHERE id = ?", game_id)
    if not g:
        return None
    g = g[0]
    lines = json.loads(g["lines"] or "[]")

    def has(table: str) -> bool:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone() is not None

    links = []
    if has("links"):
        for l in _rows(conn, "SELECT l.*, a.name AS name_a, b.name AS name_b FROM links l "
                             "JOIN games a ON a.id = l.game_a JOIN games b ON b.id = l.game_b "
                             "WHERE l.game_a = ? OR l.game_b = ?", game_id, game_id):
            other = l["game_b"] if l["game_a"] == game_id else l["game_a"]
            links.append({"relation": l["relation"], "other": other,
                          "other_name": l["name_b"] if other == l["game_b"] else l["name_a"],
                          "evidence": json.loads(l["evidence"] or "[]")})
    examples = _rows(conn, "SELECT * FROM examples WHERE game = ? ORDER BY n", game_id)
    for e in examples:
        e["moves"] = _rows(conn, "SELECT * FROM moves WHERE example = ? ORDER BY n", e["id"])
    names_source = "source" in {r[1] for r in conn.execute("PRAGMA table_info(names)")}
    return {
        "g": g,
        "src": _rows(conn, "SELECT * FROM sources WHERE id = ?", g["source"])[0],
        "spans": ", ".join(f"{a}–{b}" for a, b in lines),
        "parent": (_rows(conn, "SELECT id, name FROM games WHERE id = ?", g["variant_of"]) or [None])[0]
        if g["variant_of"] else None,
        "variants": _rows(conn, "SELECT id, name, printed_name FROM games WHERE variant_of = ? ORDER BY rowid", game_id),
        "xw": (_rows(conn, "SELECT * FROM crosswalk WHERE game = ?", game_id) or [None])[0] if has("crosswalk") else None,
        "aliases": _rows(conn, "SELECT * FROM aliases WHERE game = ? ORDER BY id", game_id),
        "catalogue_names": _rows(conn, "SELECT name, source FROM names WHERE game = ? AND source IS NOT NULL "
                                       "ORDER BY id", game_id) if names_source else [],
        "links": links,
        "facts": [dict(f, value=json.loads(f["value"])) for f in
                  _rows(conn, "SELECT * FROM game_facts WHERE game = ? ORDER BY rowid", game_id)] if has("game_facts") else [],
        "paragraphs": [p for p in (g["text"] or "").split("\n") if p.strip()],
        "examples": examples,
        "findings": _rows(conn, "SELECT * FROM findings WHERE game = ? ORDER BY first_line", game_id),
    }


# -- the plugin -----------------------------------------------------------------------------------

class Plugin:
    """Datasette hooks: SQL functions, the ``/game/<id>`` page, links from game ids to it."""

    _local = threading.local()

    def __init__(self, db_path: Path):
        self.db_path = Path(db_path)
        self.__name__ = "pasyans_serve"  # Datasette lists plugins by module name

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True,
                                                      check_same_thread=False)
        return conn

    def find_json(self, query: str | None) -> str:
        from .names import find

        found = find(self._conn(), query or "", limit=20)
        return json.dumps([{"game": m.game, "name": m.name, "source": m.source, "score": m.score,
                            "why": m.why} for m in found], ensure_ascii=False)

    @staticmethod
    def lemma_query(words: str | None) -> str:
        from .search import query_terms

        terms = query_terms(words or "")
        return "lemmas : (" + " AND ".join(t for _l, t in terms) + ")" if terms else '""'

    # hooks
    @hookimpl
    def prepare_connection(self, conn, database, datasette):
        from .names import fold

        conn.create_function("fold", 1, lambda s: fold(s) if s is not None else None)
        conn.create_function("find_games", 1, self.find_json)
        conn.create_function("lemma_query", 1, self.lemma_query)

    @hookimpl
    def register_routes(self, datasette):
        return [(r"^/game/(?P<game_id>[^/]+)$", self.game_page)]

    @hookimpl
    def render_cell(self, row, value, column, table, database, datasette):
        from markupsafe import Markup, escape

        if table == "games" and column == "id" and isinstance(value, str):
            return Markup(f'{escape(value)} <a href="{datasette.urls.path("/game/" + value)}">page</a>')
        return None

    async def game_page(self, datasette, request):
        from datasette.utils.asgi import Response

        game_id = request.url_vars["game_id"]
        ctx = game_context(self._conn(), game_id)
        if ctx is None:
            return Response.html(f"<p>No game {game_id!r}.</p>", status=404)
        ctx.update({"base": datasette.urls.path("/"), "dbname": self.db_path.stem})
        template = datasette.jinja_env.from_string(GAME_TEMPLATE)
        return Response.html(await datasette.render_template(template, ctx, request=request))


_registered: list = []


def datasette_app(db_path: Path | str):
    """A :class:`datasette.app.Datasette` on ``db_path`` (opened immutable, read-only) with the
    metadata and the plugin registered (once per process; a later call re-targets it)."""
    from datasette.app import Datasette
    from datasette.plugins import pm

    db_path = Path(db_path).resolve()
    for old in _registered:
        pm.unregister(old)
    _registered.clear()
    plugin = Plugin(db_path)
    pm.register(plugin, name=f"pasyans-serve-{id(plugin)}")
    _registered.append(plugin)
    return Datasette(immutables=[str(db_path)], metadata=metadata(db_path),
                     settings={"sql_time_limit_ms": 3000})


def run(db_path: Path | str, host: str = "127.0.0.1", port: int = 8001) -> None:
    """Serve the knowledge base at ``http://host:port/`` until interrupted (uvicorn, one worker)."""
    import asyncio

    import uvicorn

    ds = datasette_app(db_path)
    asyncio.run(ds.invoke_startup())
    print(f"pasyans: serving {db_path} at http://{host}:{port}/ (a game: /game/004-004)", flush=True)
    uvicorn.run(ds.app(), host=host, port=port, log_level="warning", lifespan="on")
