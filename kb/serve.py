"""The knowledge base in a browser: ``pasyans serve`` — Datasette with the pasyans pages.

A person lands on ``/``: one search box (a name through the resolver of ``pasyans find``, with
its ``why``; or words of the rules through the full-text search), the games by source and
family, and a page per game (``/game/<id>``, or ``/game/<any name>`` which redirects) with its
names, rules, text as printed and every example move with its verdict (:mod:`pasyans.kb.web`,
templates in ``kb/templates``). Datasette's own table and query pages stay for power users,
with titles and descriptions (:func:`metadata`), the internal tables hidden, canned queries,
and every game id in a cell a link to its page.

Safe to leave running (:mod:`pasyans.kb.guard`): no tracebacks, arbitrary SQL off unless
``allow_sql`` (then every query has a time limit and a memory limit), the file neither
downloadable nor its path shown (unless ``show_paths``), only GET and HEAD answered, a rebuilt
file served without a restart.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from datasette import hookimpl
from markupsafe import Markup, escape

from . import guard
from .web import Site

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
                       "name, typo, game id — ranked as pasyans find ranks them, with the reason.",
        "sql": "select json_extract(value, '$.game') as game, json_extract(value, '$.name') as name, "
               "json_extract(value, '$.source') as source, json_extract(value, '$.score') as score, "
               "json_extract(value, '$.why') as why "
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


HIDDEN = ("text_map", "name_forms", "names", "passages", "source_lines", "games_fts", "passages_fts")
"""Internal tables: kept off the database page (still reachable by URL)."""


def metadata(db_path: Path | str) -> dict:
    """Datasette metadata for the knowledge base at ``db_path``: title, table titles and
    descriptions, full-text search settings, canned queries, internal tables hidden."""
    name = Path(db_path).stem
    tables = {t: {"title": title, "description": desc} for t, (title, desc) in TABLES.items()}
    tables["source_lines"] = {"title": "Raw lines of the sources", "description": "Every line of every "
                              "corpus file as printed: what the pages show pre-1918 text from."}
    tables["passages"].update({"fts_table": "passages_fts", "fts_pk": "id", "searchmode": "raw"})
    tables["games"].update({"fts_table": "games_fts", "fts_pk": "rowid"})
    for t in HIDDEN:
        tables.setdefault(t, {})["hidden"] = True
    return {
        "title": "pasyans: patience rules knowledge base",
        "description": "Games of patience read from Russian, pre-1918 Russian and Ukrainian texts, with "
                       "their names, rules, worked examples checked by an engine, and the raw lines of "
                       "every fact. Start at the home page: one search box, and a page per game.",
        "databases": {name: {"tables": tables, "queries": QUERIES}},
    }


# -- the plugin -----------------------------------------------------------------------------------

TRUNCATE = 300
"""Table cells longer than this are cut (Datasette's ``truncate_cells_html``)."""

_EXAMPLE = re.compile(r"^(?P<game>.+?)/ex(?P<ex>\d+)(?:/m(?P<m>\d+))?$")


class Plugin:
    """Datasette hooks: SQL functions with input limits, the pasyans pages, links from every
    game id in a table or query cell to its page, the middleware of :mod:`pasyans.kb.guard`."""

    def __init__(self, site: Site, allow_sql: bool = False, show_paths: bool = False):
        self.site = site
        self.allow_sql = allow_sql
        self.show_paths = show_paths
        self.__name__ = "pasyans_serve"  # Datasette lists plugins by module name

    def find_json(self, query: str | None) -> str:
        from .present import find_games

        found = find_games(self.site.conn(), query or "", limit=20)
        return guard.json_dumps([{"game": m.game, "name": m.name, "source": m.source, "score": m.score,
                                  "why": m.why} for m in found])

    @staticmethod
    def lemma_query(words: str | None) -> str:
        from .search import query_terms

        terms = query_terms(words or "")
        return "lemmas : (" + " AND ".join(t for _l, t in terms) + ")" if terms else '""'

    # hooks
    @hookimpl
    def prepare_connection(self, conn, database, datasette):
        from .names import fold

        guard.limit_connection(conn)
        conn.create_function("fold", 1, guard.bounded(lambda s: fold(s) if s is not None else None, "fold", 1000))
        conn.create_function("find_games", 1, guard.bounded(self.find_json, "find_games", guard.MAX_PARAM_CHARS, 12))
        conn.create_function("lemma_query", 1, guard.bounded(self.lemma_query, "lemma_query", guard.MAX_PARAM_CHARS, 20))

    @hookimpl
    def register_routes(self, datasette):
        return self.site.routes()

    @hookimpl
    def prepare_jinja2_environment(self, env, datasette):
        from .pages import install_filters

        install_filters(env)

    @hookimpl
    def asgi_wrapper(self, datasette):
        return lambda app: guard.middleware(app, self.site, self.show_paths)

    @hookimpl
    def startup(self, datasette):
        async def inner():
            self.site.datasette = datasette
            await self.site.run(lambda _conn: self.site.load_ids())

        return inner

    @hookimpl
    def render_cell(self, row, value, column, table, database, datasette):
        return link_cell(value, self.site.ids, datasette.urls.path("/"))

    @hookimpl
    def extra_template_vars(self, template, database, table, columns, view_name, request, datasette):
        """A table page's filter description («3 rows where game = "004-044"») with its game ids
        as links (see :func:`linked_description`)."""
        if view_name != "table" or request is None:
            return {}
        desc = linked_description(request.args, self.site.ids, datasette.urls.path("/"))
        return {"human_description_en": desc} if desc is not None else {}


def link_cell(value, ids: set[str], base: str = "/"):
    """A table or query cell with its game ids as links to their pages (``Markup``), or ``None``
    to leave the cell to Datasette: an id (``004-004``), an example or move id
    (``004-004/ex1/m3`` → the game page's anchor), an expanded foreign key, or a short text
    that names ids («the same game as 004-079»). Every value is escaped."""
    from .pages import GAME_ID, web_game_url

    url = web_game_url(base)
    label = None
    if isinstance(value, dict) and "value" in value:  # an expanded foreign key
        value, label = value.get("value"), value.get("label")
    if not isinstance(value, str) or not value:
        return None
    if len(value) > TRUNCATE:  # Datasette would cut it; cut it the same way, then link
        value = value[:TRUNCATE] + "…"
    if value in ids:
        text = f"{label} ({value})" if label and label != value else value
        return Markup('<a class="game" href="{}">{}</a>').format(url(value), text)
    m = _EXAMPLE.match(value)
    if m and m.group("game") in ids:
        anchor = f"ex{m.group('ex')}" + (f"-m{m.group('m')}" if m.group("m") else "")
        return Markup('<a class="game" href="{}#{}">{}</a>').format(url(m.group("game")), anchor, value)
    found = [g for g in GAME_ID.findall(value) if g in ids]
    if not found:
        return None
    out, pos = [], 0
    for g in GAME_ID.finditer(value):
        if g.group() in ids:
            out += [escape(value[pos:g.start()]), Markup('<a class="game" href="{}">{}</a>').format(url(g.group()), g.group())]
            pos = g.end()
    out.append(escape(value[pos:]))
    return Markup("").join(out)


DESCRIBED_ARGS = ("_labels", "_size", "_facet", "_col", "_nocol", "_nofacet", "_nosuggest", "_trace", "cards")
"""Query-string arguments with a leading ``_`` that do not change Datasette's description of a
table page's rows (``_sort``, ``_search``, ``_where`` … do: those pages keep Datasette's)."""


def linked_description(args, ids: set[str], base: str = "/"):
    """Datasette's description of a filtered table page (the same :class:`datasette.filters.Filters`
    over the same arguments, the sort said after them) with the game ids in it as links
    (``Markup``); ``None`` when the page has arguments that add to the description otherwise
    (search, where, through) or it names no game id."""
    from datasette.filters import Filters

    pairs = []
    sort, sort_desc = args.get("_sort"), args.get("_sort_desc")
    for key in args:
        if key.startswith("_") and "__" not in key:
            if key not in DESCRIBED_ARGS + ("_sort", "_sort_desc"):
                return None
            continue
        if key == "cards":
            continue
        pairs.extend((key, v) for v in args.getlist(key))
    if not pairs:
        return None
    desc = Filters(sorted(pairs)).human_description_en()
    if sort or sort_desc:  # as Datasette's table view adds it
        desc = " ".join(b for b in [desc, f"sorted by {sort or sort_desc}{' descending' if sort_desc else ''}"] if b)
    linked = link_cell(desc, ids, base)
    return linked if isinstance(linked, Markup) else None


_registered: list = []


def datasette_app(db_path: Path | str, allow_sql: bool = False, show_paths: bool = False):
    """A :class:`datasette.app.Datasette` on ``db_path`` (read-only, reloaded when the file is
    replaced) with the metadata, the templates and the plugin registered (once per process; a
    later call re-targets it). ``allow_sql`` opens arbitrary SQL to every visitor (each query
    under the time limit :data:`pasyans.kb.guard.SQL_TIME_LIMIT_MS` and the size limits of
    :mod:`pasyans.kb.guard`, one query at a time, in a process of its own: :mod:`pasyans.kb.sql_worker`);
    ``show_paths`` shows ``/-/databases`` (the file's path)."""
    from datasette.app import Datasette
    from datasette.plugins import pm

    from .pages import TEMPLATES

    db_path = Path(db_path).resolve()
    site = Site(db_path)
    for old in _registered:
        pm.unregister(old)
    _registered.clear()
    guard.install_quiet_errors(pm)
    plugin = Plugin(site, allow_sql=allow_sql, show_paths=show_paths)
    pm.register(plugin, name=f"pasyans-serve-{id(plugin)}")
    _registered.append(plugin)
    meta = metadata(db_path)
    ds = Datasette(immutables=[str(db_path)], metadata=meta, template_dir=str(TEMPLATES),
                   settings={"sql_time_limit_ms": guard.SQL_TIME_LIMIT_MS, "default_allow_sql": allow_sql,
                             "allow_download": False, "max_returned_rows": 1000, "truncate_cells_html": TRUNCATE,
                             # arbitrary SQL runs in a process of its own (kb/sql_worker.py), one
                             # query at a time: these threads run Datasette's own statements
                             "num_sql_threads": 3, "facet_time_limit_ms": 200})
    if allow_sql:
        from .sql_worker import SQLWorker

        ds.pasyans_sql_worker = SQLWorker()
    ds.pasyans_search_worker = site.searcher  # name and text searches: kb/search_worker.py
    name = db_path.stem
    ds.remove_database(name)  # the same file, as a database that can be swapped for a rebuilt one
    ds.add_database(guard.ReloadableDatabase(ds, str(db_path)), name=name)
    site.datasette = ds
    return ds


class PortError(Exception):
    """The address ``pasyans serve`` was asked to listen on cannot be used (in use, not permitted,
    no such interface); the message names host and port."""


def listen(host: str, port: int):
    """A TCP socket bound to ``(host, port)``, so the port is known to be ours before anything is
    announced (uvicorn then serves on this very socket). Raises :class:`PortError`."""
    import errno
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise PortError(f"cannot listen on {host}: no such host or interface ({e.strerror}); give another --host") from None
    family, kind, proto, _name, addr = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: a closed server's port is reusable
    try:
        sock.bind(addr)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise PortError(f"port {port} on {host} is in use ({e.strerror}); stop the other server "
                            f"or give another --port") from None
        raise PortError(f"cannot listen on port {port} on {host} ({e.strerror}); give another --port "
                        f"or --host") from None
    sock.set_inheritable(True)
    return sock


def _utf8_target(data: bytes) -> bytes:
    """``data`` with each byte ≥ 0x80 before its first line end percent-encoded (``Осада`` →
    ``%D0%9E…``), as a browser sends a request line: raw UTF-8 in a path or query string is then
    read as UTF-8, not refused with 400 by the HTTP parser (which takes printable ASCII only)."""
    end = data.find(b"\n")
    line, rest = (data, b"") if end < 0 else (data[:end], data[end:])
    if max(line, default=0) < 0x80:
        return data
    return b"".join(b"%%%02X" % c if c >= 0x80 else bytes((c,)) for c in line) + rest


def http_protocol():
    """uvicorn's h11 protocol reading a request line's raw non-ASCII bytes as a browser would send
    them (:func:`_utf8_target`); a request line cut across reads is encoded piece by piece."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Utf8TargetProtocol(H11Protocol):
        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE and b"\n" not in self.conn.trailing_data[0]:
                data = _utf8_target(data)  # a request line begins or goes on in this read
            super().data_received(data)

    return Utf8TargetProtocol


def run(db_path: Path | str, host: str = "127.0.0.1", port: int = 8001, allow_sql: bool = False,
        show_paths: bool = False) -> None:
    """Serve the knowledge base at ``http://host:port/`` until interrupted (uvicorn, one worker).
    SQLite's heap is capped for the process (:data:`pasyans.kb.guard.HEAP_LIMIT_BYTES`). Raises
    :class:`PortError` (before printing anything) when the port cannot be bound."""
    import asyncio

    import uvicorn

    sock = listen(host, port)
    ds = datasette_app(db_path, allow_sql=allow_sql, show_paths=show_paths)
    guard.heap_limit(sqlite3.connect(":memory:"))
    asyncio.run(ds.invoke_startup())
    for worker in (getattr(ds, "pasyans_sql_worker", None), ds.pasyans_search_worker):
        if worker is not None:
            worker.start()  # now, not on the first query (the worker imports the readers it needs)
    shown = Path(db_path) if show_paths else Path(db_path).name
    print(f"pasyans: serving {shown} at http://{host}:{port}/" + ("  (arbitrary SQL allowed)" if allow_sql else ""),
          flush=True)
    config = uvicorn.Config(ds.app(), host=host, port=port, log_level="warning", lifespan="on", access_log=False,
                            http=http_protocol())
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:  # the workers' pools end with the server (a signal's exit left «leaked semaphore objects»)
        for worker in (getattr(ds, "pasyans_sql_worker", None), ds.pasyans_search_worker):
            if worker is not None:
                worker.close()
