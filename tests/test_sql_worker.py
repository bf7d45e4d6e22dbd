"""`pasyans serve --allow-sql`: SQL a visitor writes runs in a process of its own, with the
server's limits and SQL functions; Datasette's own statements stay in the server (the timings —
a normal page under 8 clients of endless queries — are in bench/serve_load.py)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import urllib.parse

from pasyans.kb import sql_worker
from pasyans.kb.serve import datasette_app


def q(s: str) -> str:
    return urllib.parse.quote(s, safe="")


def test_which_requests_carry_arbitrary_sql():
    assert sql_worker.is_arbitrary("/kb", b"sql=select+1", "kb")
    assert sql_worker.is_arbitrary("/kb.json", b"sql=select+1&_shape=array", "kb")
    assert sql_worker.is_arbitrary("/kb.csv", b"sql=", "kb")
    assert not sql_worker.is_arbitrary("/kb/games", b"sql=select+1", "kb")      # a table page
    assert not sql_worker.is_arbitrary("/kb/game_by_name", b"name=x", "kb")    # a canned query
    assert not sql_worker.is_arbitrary("/kb", b"", "kb")


def test_a_row_from_the_worker_reads_like_a_sqlite_row():
    row = sql_worker.Row((3, "Осада"), ("n", "name"))
    assert row[1] == row["name"] == "Осада" and dict(zip(row.keys(), row)) == {"n": 3, "name": "Осада"}


def test_visitor_sql_runs_in_the_worker_with_the_limits_and_functions(built_kb):
    db, _ = built_kb
    n = db.stem
    ds = datasette_app(db, allow_sql=True)
    worker = ds.pasyans_sql_worker

    async def run():
        await ds.invoke_startup()
        return [await ds.client.get(p) for p in (
            f"/{n}.json?sql=" + q("select count(*) as games from games") + "&_shape=array",
            f"/{n}.json?sql=" + q("select json_extract(value, '$.game') as game from json_each(find_games('Осада'))")
            + "&_shape=array",
            f"/{n}.json?sql=" + q("select length(randomblob(1000000000)) as n"),
            f"/{n}/games.json?_shape=array&id=004-004")]

    try:
        count, found, blob, table = asyncio.run(run())
        pids = [p.pid for p in worker.pool()._processes.values()]
    finally:
        worker.close()
    games = sqlite3.connect(db).execute("select count(*) from games").fetchone()[0]
    assert count.status_code == 200 and count.json() == [{"games": games}]
    assert found.json()[0]["game"] == "004-004"                      # find_games, registered in the worker
    assert blob.status_code == 400 and "too big" in blob.text       # the value limit holds there too
    assert table.status_code == 200 and table.json()[0]["name"] == "Осажденная крепость"
    assert pids and os.getpid() not in pids                          # another process ran them


def test_the_workers_end_with_a_server_stopped_by_sigterm(built_kb):
    """SIGTERM (as `kill` or a service manager sends it) ends the server without its clean-up:
    the workers (visitor SQL's, the searches') notice their parent is gone and end too (the SQL
    worker was left running before)."""
    import time

    from tests.browser_util import Server

    db, _ = built_kb
    with Server(db, "--allow-sql") as srv:
        workers = [p for p in _children(srv.server_pid) if "spawn_main" in _cmdline(p)]
    assert len(workers) == 2
    for pid in workers:
        while os.path.exists(f"/proc/{pid}") and "zombie" not in _status(pid):
            time.sleep(0.2)  # no clock: the test fails only by hanging (the suite's timeout), never by a timing


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as fh:
        return [int(x) for x in fh.read().split()]


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def _status(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/status") as fh:
            return fh.read().lower()
    except OSError:
        return "zombie"
