"""The server's name and text searches, in a process of their own (issue 15).

A search of a made-up name costs 0.1–0.3 s of Python (name matching, the nearest names, the
full-text index); in a thread of the server it made every page wait for the interpreter lock
(a normal page 1.0 s under 8 clients of /find). :class:`pasyans.kb.web.Site` sends them here
through a :class:`pasyans.kb.worker.WorkerProcess` (:data:`SEARCH_NICE` lower in priority).

Each function takes the served file's ``path`` and ``key`` (the file's identity: a rebuilt file
is a new key, read through a new connection) and returns plain picklable values.
"""

from __future__ import annotations

import sqlite3
import urllib.parse

SEARCH_NICE = 5
"""How much lower the search process's CPU priority is than the server's (Linux nice)."""

TIMEOUT_S = 30.0
"""Seconds a search may take before its process is killed and started again."""

def warm() -> None:
    """Load what a search reads (the modules, the morphology dictionaries), so that the first
    search does not pay for it (a worker initializer)."""
    from .names import fold
    from .present import resolve  # noqa: F401
    from .search import query_terms

    fold("Осада")
    query_terms("тузы кладут")


_conn: dict[tuple, sqlite3.Connection] = {}
_resolved: dict[tuple, tuple] = {}


def _connection(path: str, key: tuple) -> sqlite3.Connection:
    """The worker's read-only connection to ``path`` as ``key`` (the old one closed on a new key)."""
    have = _conn.get(key)
    if have is not None:
        return have
    for old in _conn.values():
        old.close()
    _conn.clear()
    _resolved.clear()
    uri = "file:" + urllib.parse.quote(path) + "?immutable=1"
    _conn[key] = conn = sqlite3.connect(uri, uri=True)
    return conn


def resolve(path: str, key: tuple, name: str) -> tuple:
    """:func:`pasyans.kb.present.resolve` of ``name``: ``(game id or None, matches)``,
    remembered for the file (512 names)."""
    from . import present

    conn = _connection(path, key)
    if name not in _resolved:
        if len(_resolved) >= 512:
            _resolved.clear()
        _resolved[name] = present.resolve(conn, name)
    return _resolved[name]


def find(path: str, key: tuple, q: str) -> tuple:
    """The /find page's answer: ``(game id, [], [])`` when ``q`` names one game, else
    ``(None, matches, hits)`` with up to 10 full-text hits (none without the index)."""
    from .search import search as text_search

    gid, matches = resolve(path, key, q)
    if gid:
        return gid, [], []
    try:
        hits = text_search(_connection(path, key), q, limit=10)
    except sqlite3.OperationalError:
        hits = []
    return None, matches, hits


def search(path: str, key: tuple, q: str) -> tuple:
    """The /search page's answer: ``(hits, problem)``, up to 30 hits; ``problem`` says when the
    knowledge base has no full-text index."""
    from .search import search as text_search

    try:
        return (text_search(_connection(path, key), q, limit=30) if q else []), None
    except sqlite3.OperationalError as e:
        return [], f"this knowledge base has no full-text index ({e}); rebuild it with `pasyans build`"
