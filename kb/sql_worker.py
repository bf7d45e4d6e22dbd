"""Arbitrary SQL of ``pasyans serve --allow-sql`` in a process of its own (issue 15 item 1).

A query a visitor writes (``/<db>?sql=…``, ``/<db>.json?sql=…``) runs in one worker process,
not in a thread of the server: a thread shares the interpreter lock with the event loop, and a
query thread (run at a lower CPU priority) that is preempted while it holds the lock stalls
every page — 2.2 s under 8 clients sending such queries. The worker has its own read-only
connection with the same limits as the server's (:func:`pasyans.kb.guard.limit_connection`,
SQLite's heap limit, the SQL functions with their input limits), stops a statement at the
time limit (``conn.interrupt()`` from a timer), runs at a lower CPU priority, and one query at
a time. A worker that does not answer within the time limit plus :data:`GRACE_S` is killed
and a new one started.

The middleware marks a request of arbitrary SQL with :data:`ARBITRARY` (a context variable);
:meth:`pasyans.kb.guard.ReloadableDatabase.execute` sends the statements of such a request
here. Datasette's own statements (table pages, canned queries) stay in its threads.
"""

from __future__ import annotations

import asyncio
import contextvars
import sqlite3
import urllib.parse
from concurrent.futures.process import BrokenProcessPool

from .worker import WorkerProcess

ARBITRARY: contextvars.ContextVar[bool] = contextvars.ContextVar("pasyans_arbitrary_sql", default=False)
"""True while the server answers a request that carries arbitrary SQL (``?sql=``)."""

GRACE_S = 5.0
"""Seconds past the time limit after which a worker that has not answered is killed."""

WORKER_NICE = 10
"""How much lower the worker's CPU priority is than the server's (Linux nice)."""


def is_arbitrary(path: str, query_string: bytes, dbname: str) -> bool:
    """Whether a request for ``path`` with ``query_string`` runs SQL the visitor wrote: the
    database page of ``dbname`` (``/kb``, ``/kb.json``, ``/kb.csv``) with a ``sql`` argument."""
    if path.rstrip("/") not in (f"/{dbname}", f"/{dbname}.json", f"/{dbname}.csv"):
        return False
    return "sql" in urllib.parse.parse_qs(query_string.decode("latin-1"), keep_blank_values=True)


# -- in the worker process ------------------------------------------------------------------------

_conns: dict[str, tuple[sqlite3.Connection, sqlite3.Connection]] = {}


def _start() -> None:
    """Worker initializer (after :func:`pasyans.kb.worker._start`): cap SQLite's heap, load what
    the SQL functions read (:func:`pasyans.kb.search_worker.warm`)."""
    from . import guard
    from .search_worker import warm

    guard.heap_limit(sqlite3.connect(":memory:"))
    warm()


def _connection(path: str, key: str) -> sqlite3.Connection:
    """The worker's connection to the file ``path`` served under ``key`` (a new key — a rebuilt
    file — opens a new one and closes the old), with the server's limits and SQL functions."""
    have = _conns.get(key)
    if have is not None:
        return have[0]
    for old in _conns.values():
        for c in old:
            c.close()
    _conns.clear()
    from . import guard
    from .names import fold
    from .present import find_games
    from .search import query_terms

    uri = "file:" + urllib.parse.quote(path) + "?immutable=1"
    conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
    side = sqlite3.connect(uri, uri=True, check_same_thread=False)  # what the SQL functions read
    guard.limit_connection(conn)

    def find_json(query):
        return guard.json_dumps([{"game": m.game, "name": m.name, "source": m.source, "score": m.score,
                                  "why": m.why} for m in find_games(side, query or "", limit=20)])

    def lemma_query(words):
        terms = query_terms(words or "")
        return "lemmas : (" + " AND ".join(t for _l, t in terms) + ")" if terms else '""'

    conn.create_function("fold", 1, guard.bounded(lambda s: fold(s) if s is not None else None, "fold", 1000))
    conn.create_function("find_games", 1, guard.bounded(find_json, "find_games", guard.MAX_PARAM_CHARS, 12))
    conn.create_function("lemma_query", 1, guard.bounded(lemma_query, "lemma_query", guard.MAX_PARAM_CHARS, 20))
    _conns[key] = (conn, side)
    return conn


def run_query(path: str, key: str, sql: str, params, limit_ms: int, max_rows: int | None,
              truncate: bool) -> tuple[list[tuple], bool, tuple | None]:
    """In the worker: ``(rows, truncated, description)`` of ``sql`` on the file ``path``, at most
    ``max_rows`` rows when ``truncate``, rows summing to at most
    :data:`pasyans.kb.guard.MAX_RESULT_BYTES`. SQLite's errors are raised as they are (the
    statement stopped at ``limit_ms`` milliseconds raises ``OperationalError("interrupted")``)."""
    from . import guard

    conn = _connection(path, key)
    with guard.time_limit(conn, limit_ms):
        cursor = conn.cursor()
        cursor.execute(sql, params if params is not None else {})
        got, truncated = guard.fetch_bounded(cursor, max_rows, truncate)
    return got, truncated, cursor.description


# -- in the server --------------------------------------------------------------------------------

class Row(tuple):
    """A row come back from the worker, read as Datasette reads ``sqlite3.Row``: by index, by
    column name, ``keys()``."""

    def __new__(cls, values, columns: tuple[str, ...]):
        row = super().__new__(cls, values)
        row._columns = columns
        return row

    def __getitem__(self, key):
        if isinstance(key, str):
            return super().__getitem__(self._columns.index(key))
        return super().__getitem__(key)

    def keys(self) -> list[str]:
        return list(self._columns)


class SQLWorker(WorkerProcess):
    """The worker process of one server (see the module docstring): started at once, restarted
    when it breaks or does not answer in time (:class:`pasyans.kb.worker.WorkerProcess`)."""

    def __init__(self):
        super().__init__(WORKER_NICE, _start)
        self._busy: dict = {}  # event loop → its semaphore (a test runs several loops in turn)

    async def execute(self, path: str, key: str, sql: str, params, limit_ms: int, max_rows: int | None,
                      truncate: bool):
        """:func:`run_query` in the worker, one query at a time: ``(rows, truncated, description)``
        with the rows as :class:`Row`; raises what it raised, or ``sqlite3.OperationalError``
        (``interrupted`` when the worker had to be killed)."""
        params = dict(params) if params is not None and not isinstance(params, (list, tuple)) else params
        busy = self._busy.setdefault(asyncio.get_running_loop(), asyncio.Semaphore(1))
        async with busy:
            try:
                await self.ready()  # not timed
                fut = asyncio.wrap_future(self.pool().submit(run_query, path, key, sql, params, limit_ms, max_rows,
                                                             truncate))
                rows, truncated, description = await asyncio.wait_for(fut, limit_ms / 1000 + GRACE_S)
            except asyncio.TimeoutError:
                self.restart()
                raise sqlite3.OperationalError("interrupted") from None
            except BrokenProcessPool:
                self.restart()
                raise sqlite3.OperationalError("the query's worker process ended (out of memory?); try a smaller query") from None
        columns = tuple(d[0] for d in description or ())
        return [Row(r, columns) for r in rows], truncated, description
