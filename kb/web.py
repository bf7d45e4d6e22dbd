"""The pages of the web knowledge base: a landing page with one search box, the games by source
and family, name and full-text search, and a page per game by id or by any name.

:class:`Site` holds the served file: its own small thread pool and read-only connections for
these pages (so a flood of slow Datasette queries cannot starve them), the set of game ids
(to link every id the tables show), and the check that swaps in a rebuilt file while serving.
The handlers (:meth:`Site.routes`) read through :mod:`pasyans.kb.present` in a worker thread (the
name and text searches in a process of their own: :mod:`pasyans.kb.search_worker`) and render the templates of ``kb/templates`` with Datasette's environment; every value goes through
autoescaping and every link is percent-encoded.

Routes: ``/`` (landing), ``/games``, ``/find?q=`` (a name: a confident match redirects to its
game, else the matches with their ``why`` and the texts that hold the words), ``/search?q=``
(full text), ``/game/<id or name>`` (a name redirects to its game's id; an unknown name is a 404
page with the nearest names). ``?cards=en|ru`` picks the card convention (kept in a cookie).
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from . import present, search_worker
from .guard import ReloadableDatabase, log
from .search_worker import SEARCH_NICE
from .worker import WorkerProcess
from .query import CONFIDENT
from .pages import card_html, css, known_ids, web_game_url

COOKIE = "pasyans_cards"


def _stat(path: Path) -> tuple | None:
    try:
        s = path.stat()
    except OSError:
        return None
    return (s.st_dev, s.st_ino, s.st_size, s.st_mtime_ns)


class Site:
    """The knowledge base file being served (see the module docstring).

    ``name`` is the Datasette database name (the file's stem); ``generation`` counts the files
    served (1 at start, +1 per swap)."""

    def __init__(self, db_path: Path | str, threads: int = 4):
        self.path = Path(db_path).resolve()
        self.name = self.path.stem
        self.generation = 1
        self._stat = _stat(self.path)
        self.broken: str | None = None
        self._local = threading.local()
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="pasyans-pages")
        # name and text searches can cost 0.1–0.3 s of CPU for a made-up name: one at a time, in
        # a process of their own, so a flood of them neither queues in front of a page nor holds
        # the interpreter lock the pages need (kb/search_worker.py)
        self.searcher = WorkerProcess(SEARCH_NICE, search_worker.warm)
        self._searching: dict = {}  # event loop → its semaphore (a test runs several loops in turn)
        self._lock = asyncio.Lock()
        self.ids: set[str] = set()
        self.datasette = None

    # -- connections and reloading ----------------------------------------------------------------
    def conn(self) -> sqlite3.Connection:
        """This thread's read-only connection to the current file."""
        have = getattr(self._local, "conn", None)
        if have is not None and have[0] == self.generation:
            return have[1]
        if have is not None:
            have[1].close()
        uri = "file:" + urllib.parse.quote(str(self.path)) + "?immutable=1"
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        self._local.conn = (self.generation, conn)
        return conn

    async def run(self, fn, *args):
        """``fn(connection, *args)`` in a page thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: fn(self.conn(), *args))

    async def searched(self, fn, *args):
        """``fn(path, key, *args)`` — a function of :mod:`pasyans.kb.search_worker` — in the
        search process, one search at a time. A search that takes longer than
        :data:`~pasyans.kb.search_worker.TIMEOUT_S`, or a process that ended, raises
        ``RuntimeError`` (the process is started again for the next search)."""
        busy = self._searching.setdefault(asyncio.get_running_loop(), asyncio.Semaphore(1))
        async with busy:
            try:
                await self.searcher.ready()  # not timed
                fut = asyncio.wrap_future(self.searcher.pool().submit(fn, str(self.path),
                                                                      (self.generation, self._stat), *args))
                return await asyncio.wait_for(fut, search_worker.TIMEOUT_S)
            except (asyncio.TimeoutError, BrokenProcessPool):
                self.searcher.restart()
                raise RuntimeError("the search did not finish (its process was stopped); try again") from None

    def load_ids(self) -> None:
        """Read the set of game ids of the current file."""
        self.ids = known_ids(self.conn())

    async def check_reload(self) -> None:
        """Swap in the file at ``path`` when it was replaced (a rebuild renames a new file over
        it): new connections for these pages and for Datasette. A replacement that is not a
        knowledge base is not served: every request gets 503 with one line saying so (and one log
        line) until a knowledge base is there again."""
        now = _stat(self.path)
        if now == self._stat:
            return
        async with self._lock:
            now = _stat(self.path)
            if now == self._stat:
                return
            from .query import is_knowledge_base

            loop = asyncio.get_running_loop()
            self._stat = now
            if now is None or not await loop.run_in_executor(self._pool, is_knowledge_base, self.path):
                self.broken = (f"{self.path.name} was replaced by a file that is not a pasyans knowledge base; "
                               f"rebuild it with `pasyans build`")
                log(self.broken)
                return
            self.broken = None
            self.generation += 1
            ds = self.datasette
            if ds is not None:
                ds.remove_database(self.name)
                ds.add_database(ReloadableDatabase(ds, str(self.path)), name=self.name)
            await loop.run_in_executor(self._pool, self.load_ids)
            log(f"serving the rebuilt {self.path.name} ({len(self.ids)} games)")

    def redirect(self, path: str, qs: bytes) -> str | None:
        """Where a request should go instead: ``/game`` or ``/game/`` (no game named) goes to the
        games list; the HTML row page of a game in the games table goes to the game's page (its
        JSON stays)."""
        if path in ("/game", "/game/"):  # a game page without a game: the list of games
            return "/games" + ("?" + qs.decode("latin-1") if qs else "")
        prefix = f"/{self.name}/games/"
        if path.startswith(prefix) and not path.endswith(".json"):
            from datasette.utils import tilde_decode

            gid = tilde_decode(path[len(prefix):])
            if gid in self.ids:
                return web_game_url("/")(gid)
        return None

    # -- helpers for the handlers ------------------------------------------------------------------
    @staticmethod
    def convention(request) -> str:
        """The card convention of this reader: ``?cards=``, else the cookie, else ``en`` when the
        browser prefers English, else ``ru``."""
        asked = request.args.get("cards")
        if asked in present.CONVENTIONS:
            return asked
        cookie = request.cookies.get(COOKIE)
        if cookie in present.CONVENTIONS:
            return cookie
        lang = (request.headers.get("accept-language") or "").lower()
        return "en" if lang.startswith("en") else "ru"

    def context(self, request, **extra) -> dict:
        conv = self.convention(request)
        base = self.datasette.urls.path("/")
        here = request.path + ("?" + request.query_string if request.query_string else "")
        other = "en" if conv == "ru" else "ru"
        args = [(k, v) for k, v in urllib.parse.parse_qsl(request.query_string) if k != "cards"]
        toggle = request.path + "?" + urllib.parse.urlencode(args + [("cards", other)])
        ctx = {"game_url": web_game_url(base), "convention": conv, "card_html": lambda c: card_html(c, conv),
               "card_words": lambda c: present.card_text(c, conv), "known_ids": self.ids, "css": css(),
               "base": base, "dbname": self.name, "here": here, "cards_toggle_url": toggle,
               "cards_other": "♥Q" if other == "en" else "Д♥", "query": ""}
        ctx.update(extra)
        return ctx

    async def html(self, request, template: str, ctx: dict, status: int = 200):
        from datasette.utils.asgi import Response

        body = await self.datasette.render_template([template], ctx, request=request)
        resp = Response.html(body, status=status)
        asked = request.args.get("cards")
        if asked in present.CONVENTIONS:
            resp.set_cookie(COOKIE, asked, max_age=365 * 24 * 3600, samesite="lax")
        return resp

    @staticmethod
    def redirect_to(url: str):
        from datasette.utils.asgi import Response

        return Response.redirect(url)

    # -- the pages ---------------------------------------------------------------------------------
    def routes(self) -> list:
        """``(regex, handler)`` pairs for Datasette's ``register_routes``."""
        return [(r"^/$", self.landing), (r"^/games$", self.games), (r"^/find$", self.find),
                (r"^/search$", self.search), (r"^/game/(?P<game>.+)$", self.game)]

    async def landing(self, datasette, request):
        def read(conn):
            stats = dict(conn.execute("SELECT verdict, count(*) FROM moves GROUP BY verdict").fetchall())
            n = conn.execute("SELECT count(*), sum(variant_of IS NOT NULL) FROM games").fetchone()
            ex = conn.execute("SELECT count(*) FROM examples").fetchone()[0]
            return {"groups": present.game_list(conn), "stats": stats, "n_games": n[0], "n_variants": n[1] or 0,
                    "n_examples": ex}

        data = await self.run(read)
        return await self.html(request, "pasyans_index.html", self.context(request, **data))

    async def games(self, datasette, request):
        source = request.args.get("source") or None
        groups = await self.run(present.game_list, source)
        return await self.html(request, "pasyans_games.html", self.context(request, groups=groups, source=source))

    async def find(self, datasette, request):
        q = (request.args.get("q") or "").strip()
        if not q:
            return self.redirect_to(self.datasette.urls.path("/"))
        if request.args.get("go") == "text":
            return self.redirect_to(self.datasette.urls.path("/search") + "?" + urllib.parse.urlencode({"q": q}))

        gid, matches, hits = await self.searched(search_worker.find, q)
        if gid:
            return self.redirect_to(web_game_url(self.datasette.urls.path("/"))(gid))
        return await self.html(request, "pasyans_find.html", self.context(request, query=q, matches=matches, hits=hits))

    async def search(self, datasette, request):
        q = (request.args.get("q") or "").strip()
        hits, problem = await self.searched(search_worker.search, q)
        return await self.html(request, "pasyans_search.html",
                               self.context(request, query=q, hits=hits, problem=problem))

    async def game(self, datasette, request):
        asked = urllib.parse.unquote(request.url_vars["game"])  # Datasette matches the raw path

        named = (request.args.get("name") or "").strip()

        def read(conn):
            if asked in self.ids or conn.execute("SELECT 1 FROM games WHERE id = ?", (asked,)).fetchone():
                view = present.game_view(conn, asked)
                if named:
                    view["also_named"] = present.also_named(conn, named, asked)
                return asked, view, []
            return None, None, None

        gid, view, matches = await self.run(read)
        if view is None:  # a name, not an id: the search thread
            gid, matches = await self.searched(search_worker.resolve, asked)
        if view is None and gid:  # a name: to its game, saying which other games bear it
            return self.redirect_to(web_game_url(self.datasette.urls.path("/"))(gid) + "?"
                                    + urllib.parse.urlencode({"name": asked}))
        if view is None and matches and matches[0].score >= CONFIDENT:  # a name several games share
            tied = [m for m in matches if m.score == matches[0].score]
            return await self.html(request, "pasyans_error.html", self.context(
                request, status=200, title=f"Several games are called «{asked}»", query=asked, matches=tied,
                error="Pick one:"))
        if view is None:
            return await self.html(request, "pasyans_error.html", self.context(
                request, status=404, title="No such game", query=asked, matches=matches,
                error=f"No game is called «{asked}»" + (" — the nearest names:" if matches else ".")), status=404)
        name = urllib.parse.quote(self.name)
        qid = urllib.parse.quote(gid)
        links = [("the games row (JSON)", f"{self.datasette.urls.path('/')}{name}/games/{qid}.json"),
                 ("its moves", f"{self.datasette.urls.path('/')}{name}/moves?game={qid}"),
                 ("its findings", f"{self.datasette.urls.path('/')}{name}/findings?game={qid}")]
        if view["crosswalk"]:
            links.insert(1, ("crosswalk row", f"{self.datasette.urls.path('/')}{name}/crosswalk?game={qid}"))
            links.insert(2, ("catalogue matches", f"{self.datasette.urls.path('/')}{name}/catalogue_matches?game={qid}"))
        return await self.html(request, "pasyans_game.html", self.context(request, v=view, catalogue_links=links))

