"""What keeps ``pasyans serve`` safe to leave running on a network (issue 15 item 1).

- :class:`QuietErrors` replaces Datasette's exception handler, which prints a rich traceback
  with locals inside the event loop for every handled error (a 404 too) when rich is installed:
  errors get a page (or JSON) and at most one log line, never a traceback.
- :func:`limit_connection` caps what one SQL statement can build (strings and blobs, SQL text,
  LIKE patterns) and refuses ``ATTACH`` and the pragma that shows the file's path;
  :func:`bounded` wraps a Python SQL function with an input length limit.
- :class:`ReloadableDatabase` is Datasette's read-only database that keeps its per-thread
  connections under its own key (so a new file can be swapped in while serving), refuses
  result sets over :data:`MAX_RESULT_BYTES`, reports no attached databases (no path), and sends
  SQL a visitor wrote to a process of its own (:mod:`pasyans.kb.sql_worker`) when allowed.
- :func:`middleware` answers other methods than GET/HEAD with 405, refuses over-long URLs and
  parameters, hides Datasette's pages that show filesystem paths (unless asked), and checks
  before each request whether the knowledge base file was replaced (``Site.check_reload``).

Limits are module constants so the tests and the bench read the same numbers.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
import uuid
import urllib.parse
from typing import Callable

from datasette import hookimpl
from datasette.database import Database, QueryInterrupted, Results

from . import sql_worker

MAX_VALUE_BYTES = 1_000_000
"""The largest string or blob one SQL statement may build or read (SQLITE_LIMIT_LENGTH)."""

MAX_SQL_CHARS = 20_000
"""The longest SQL text accepted (SQLITE_LIMIT_SQL_LENGTH)."""

MAX_RESULT_BYTES = 32_000_000
"""The most a query's rows may hold (values summed) before the query is stopped."""

HEAP_LIMIT_BYTES = 512 * 1024 * 1024
"""SQLite's hard heap limit in the server process (``PRAGMA hard_heap_limit``)."""

MAX_PARAM_CHARS = 300
"""The longest value of a query-string parameter (``?name=``, ``?q=``) the server reads."""

MAX_URL_CHARS = 4000
"""The longest path plus query string the server reads."""

SQL_TIME_LIMIT_MS = 1000
"""The time limit of every SQL query Datasette runs (its ``sql_time_limit_ms``)."""


# -- errors ---------------------------------------------------------------------------------------

def log(message: str) -> None:
    """One line on standard error (the server's log)."""
    sys.stderr.write(f"pasyans serve: {' '.join(str(message).split())[:300]}\n")
    sys.stderr.flush()


class QuietErrors:
    """Datasette's exception handler without the tracebacks: the status and message of a
    Datasette error (404, 400, 403 …), 500 with one log line for anything else; an error page
    (template ``pasyans_error.html``, every value escaped) or JSON for a ``.json`` path."""

    __name__ = "pasyans_quiet_errors"

    @hookimpl(trylast=True)
    def handle_exception(self, datasette, request, exception):
        async def inner():
            from datasette.utils.asgi import Base400, Response
            from datasette.views.base import DatasetteError
            from markupsafe import Markup

            title = None
            if isinstance(exception, Base400):
                status, message = exception.status, exception.args[0] if exception.args else "error"
            elif isinstance(exception, DatasetteError):
                status, message, title = exception.status, exception.message, exception.title
                if exception.message_is_html:
                    message = Markup(message)
            else:
                status, message = 500, "internal error (logged)"
                log(f"error 500 at {request.path}: {type(exception).__name__}: {exception}")
            if request.path.split("?")[0].endswith(".json"):
                return Response.json({"ok": False, "error": str(message), "status": status, "title": title},
                                     status=status)
            from .pages import css, web_game_url

            base = datasette.urls.path("/")
            names = [n for n in datasette.databases if not n.startswith("_")]
            html = await datasette.render_template(["pasyans_error.html"], {
                "status": status, "error": message, "title": title, "query": "", "css": css(), "base": base,
                "dbname": names[0] if names else "", "game_url": web_game_url(base)}, request=request)
            return Response.html(html, status=status)

        return inner


def install_quiet_errors(pm) -> None:
    """Unregister Datasette's default exception handler from the plugin manager ``pm`` and
    register :class:`QuietErrors` instead (once per process)."""
    default = pm.get_plugin("datasette.handle_exception")
    if default is not None:
        pm.unregister(default)
    if pm.get_plugin(QuietErrors.__name__) is None:
        pm.register(QuietErrors(), name=QuietErrors.__name__)


# -- SQL ------------------------------------------------------------------------------------------

def _authorize(action, arg1, arg2, dbname, source):
    if action == sqlite3.SQLITE_ATTACH:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_PRAGMA and (arg1 or "").lower() == "database_list":
        return sqlite3.SQLITE_DENY  # it prints the file's absolute path
    return sqlite3.SQLITE_OK


def limit_connection(conn: sqlite3.Connection) -> None:
    """Cap one statement's strings and blobs (:data:`MAX_VALUE_BYTES`), its SQL text
    (:data:`MAX_SQL_CHARS`) and LIKE patterns; deny ``ATTACH`` and ``pragma database_list``."""
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    conn.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_SQL_CHARS)
    conn.setlimit(sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 1000)
    conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    conn.set_authorizer(_authorize)


def heap_limit(conn: sqlite3.Connection, limit: int = HEAP_LIMIT_BYTES) -> None:
    """Set SQLite's process-wide hard heap limit (the server process only: a build in the same
    process would share it)."""
    conn.execute(f"PRAGMA hard_heap_limit = {int(limit)}")


def bounded(fn: Callable[[str | None], object], name: str, max_chars: int = MAX_PARAM_CHARS,
            max_words: int | None = None) -> Callable[[str | None], object]:
    """``fn`` for ``create_function``, refusing an argument longer than ``max_chars`` characters
    or ``max_words`` words (``ValueError``, which SQLite reports as an error of the query)."""
    def wrapped(arg):
        if isinstance(arg, (str, bytes)) and len(arg) > max_chars:
            raise ValueError(f"{name}: argument longer than {max_chars} characters")
        if max_words and isinstance(arg, str) and len(arg.split()) > max_words:
            raise ValueError(f"{name}: argument of more than {max_words} words")
        return fn(arg)

    return wrapped


SQL_NICE = 10
"""How much lower the CPU priority of Datasette's query threads is than the pages' (Linux nice):
a flood of slow queries takes the CPU the pages leave, not the CPU the pages need."""


def lower_priority(nice: int) -> None:
    """Lower this thread's CPU priority by ``nice`` (Linux, where threads have their own; a no-op
    elsewhere or when not allowed)."""
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + nice))
    except (AttributeError, OSError):
        pass


class time_limit:
    """Stop the statement running on ``conn`` inside the block after ``ms`` milliseconds: a timer
    thread calls ``conn.interrupt()`` (the statement fails with ``interrupted``). No Python runs
    in the query's thread while SQLite works — a progress handler would take the interpreter lock
    every few milliseconds, and a query thread preempted holding it stalls the event loop."""

    def __init__(self, conn: sqlite3.Connection, ms: int):
        self.conn, self.seconds = conn, max(0.001, ms / 1000)
        self.timer: threading.Timer | None = None

    def __enter__(self):
        self.timer = threading.Timer(self.seconds, self.conn.interrupt)
        self.timer.daemon = True
        self.timer.start()
        return self

    def __exit__(self, *exc):
        if self.timer is not None:
            self.timer.cancel()
        return False


def fetch_bounded(cursor: sqlite3.Cursor, max_rows: int | None, truncate: bool) -> tuple[list[tuple], bool]:
    """``(rows, truncated)`` of an executed ``cursor``: at most ``max_rows`` rows when ``truncate``
    (``truncated`` says more were there); raises ``sqlite3.OperationalError`` when the rows
    hold more than :data:`MAX_RESULT_BYTES`."""
    got, size = [], 0
    want = max_rows + 1 if (max_rows and truncate) else None
    while want is None or len(got) < want:
        batch = cursor.fetchmany(100)
        if not batch:
            break
        for row in batch:
            size += sum(len(v) if isinstance(v, (str, bytes)) else 8 for v in row)
        if size > MAX_RESULT_BYTES:
            raise sqlite3.OperationalError(
                f"result too large: its rows hold more than {MAX_RESULT_BYTES // 1_000_000} MB")
        got.extend(batch)
    truncated = bool(want) and len(got) > max_rows
    return (got[:max_rows] if want else got), truncated


class ReloadableDatabase(Database):
    """A read-only (immutable) Datasette database whose thread connections are keyed by this
    object, not by the database name, so a replacement file gets fresh connections; queries
    stop when their rows pass :data:`MAX_RESULT_BYTES`; no attached databases are reported."""

    def __init__(self, ds, path: str):
        super().__init__(ds, path=path, is_mutable=False)
        self._key = f"pasyans_{uuid.uuid4().hex}"
        self._threads = threading.local()

    async def execute_fn(self, fn):
        import asyncio

        if self.ds.executor is None:
            return await super().execute_fn(fn)

        def in_thread():
            conns = getattr(self._threads, "conns", None)
            if conns is None:
                conns = self._threads.conns = {}
                lower_priority(SQL_NICE)
            conn = conns.get(self._key)
            if conn is None:
                conn = self.connect()
                self.ds._prepare_connection(conn, self.name)
                conns[self._key] = conn
            return fn(conn)

        return await asyncio.get_event_loop().run_in_executor(self.ds.executor, in_thread)

    async def execute(self, sql, params=None, truncate=False, custom_time_limit=None, page_size=None,
                      log_sql_errors=True):
        """Datasette's ``execute`` with the result size bounded (see the class docstring) and the
        time limit kept by :class:`time_limit` (Datasette's progress handler calls Python every
        1,000 SQLite steps, taking the interpreter lock thousands of times a second)."""
        page_size = page_size or self.ds.page_size

        limit = self.ds.sql_time_limit_ms
        if custom_time_limit and custom_time_limit < limit:
            limit = custom_time_limit
        max_rows = self.ds.max_returned_rows
        if max_rows == page_size:
            max_rows += 1
        worker = getattr(self.ds, "pasyans_sql_worker", None)
        if worker is not None and sql_worker.ARBITRARY.get():  # SQL a visitor wrote: in its own process
            try:
                got, truncated, description = await worker.execute(self.path, self._key, sql, params, limit,
                                                                    max_rows, truncate)
            except (sqlite3.OperationalError, sqlite3.DatabaseError) as e:
                if e.args == ("interrupted",):
                    raise QueryInterrupted(e, sql, params)
                raise
            return Results(got, truncated, description)

        def run(conn):
            with time_limit(conn, limit):
                try:
                    cursor = conn.cursor()
                    cursor.execute(sql, params if params is not None else {})
                    got, truncated = fetch_bounded(cursor, max_rows, truncate)
                except (sqlite3.OperationalError, sqlite3.DatabaseError) as e:
                    if e.args == ("interrupted",):
                        raise QueryInterrupted(e, sql, params)
                    raise
            return Results(got, truncated, cursor.description)

        return await self.execute_fn(run)

    async def attached_databases(self):
        return []


# -- the ASGI middleware --------------------------------------------------------------------------

PATH_PAGES = ("/-/databases",)
"""Datasette pages that show the database file's absolute path."""

DEBUG_PAGES = ("/-/threads", "/-/permissions", "/-/allow-debug", "/-/messages", "/-/patterns", "/-/actor",
               "/-/config", "/-/auth-token", "/-/logout")
"""Datasette's debugging pages, off on a served knowledge base."""


async def _send(send, status: int, body: str, headers: list[tuple[bytes, bytes]] = (),
                content_type: bytes = b"text/plain; charset=utf-8") -> None:
    data = body.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", content_type), (b"content-length", str(len(data)).encode()),
                            (b"x-content-type-options", b"nosniff"), *headers]})
    await send({"type": "http.response.body", "body": data})


def too_long(query_string: bytes) -> str | None:
    """The name of a query-string parameter longer than :data:`MAX_PARAM_CHARS` (``sql``
    excepted: :data:`MAX_SQL_CHARS`), or ``None``."""
    try:
        pairs = urllib.parse.parse_qsl(query_string.decode("utf-8", "replace"), keep_blank_values=True)
    except ValueError:
        return "?"
    for key, value in pairs:
        limit = MAX_SQL_CHARS if key == "sql" else MAX_PARAM_CHARS
        if len(value) > limit:
            return f"{key} (over {limit} characters)"
    return None


def middleware(app, site, show_paths: bool = False):
    """Wrap the Datasette ASGI ``app`` (see the module docstring); ``site`` is the
    :class:`pasyans.kb.web.Site` whose ``check_reload()`` runs before each request and whose
    ``redirect(path)`` may send a table row to its game page."""

    async def asgi(scope, receive, send):
        if scope.get("type") != "http":
            return await app(scope, receive, send)
        method = scope.get("method", "GET")
        if method not in ("GET", "HEAD"):
            return await _send(send, 405, "405 Method Not Allowed: this server only reads (GET, HEAD)\n",
                               [(b"allow", b"GET, HEAD")])
        path = scope.get("path", "")
        qs = scope.get("query_string", b"")
        if len(path) + len(qs) > MAX_URL_CHARS:
            return await _send(send, 414, f"414 URI Too Long: at most {MAX_URL_CHARS} characters\n")
        bad = too_long(qs)
        if bad:
            return await _send(send, 400, f"400 Bad Request: parameter {bad}\n")
        base = path.split(".json")[0].rstrip("/")
        if (base in DEBUG_PAGES or (base in PATH_PAGES and not show_paths)):
            return await _send(send, 404, "404 Not Found\n")
        await site.check_reload()
        if site.broken:
            return await _send(send, 503, f"503 Service Unavailable: {site.broken}\n")
        target = site.redirect(path, qs)
        if target:
            return await _send(send, 302, "", [(b"location", target.encode("utf-8"))])
        t0 = time.perf_counter()
        token = sql_worker.ARBITRARY.set(sql_worker.is_arbitrary(path, qs, site.name))
        try:
            await app(scope, receive, send)
        finally:
            sql_worker.ARBITRARY.reset(token)
        dt = time.perf_counter() - t0
        if dt > 5:
            log(f"slow request ({dt:.1f} s): {path[:120]}")

    return asgi


def json_dumps(value) -> str:
    """JSON for a SQL function's result (UTF-8 kept)."""
    return json.dumps(value, ensure_ascii=False)
