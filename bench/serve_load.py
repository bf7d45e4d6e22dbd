"""Benchmark of the server under bad requests (issue 15 item 1): how long a normal page takes
while 8 clients send bad requests at once, and what a heavy SQL request costs.

    python bench/serve_load.py [--db FILE] [--seconds S] [--clients N] [--allow-sql] [--flood find] [--burners N]

Starts ``pasyans serve`` on a free loopback port in a subprocess (``--allow-sql`` passes the flag
on, for servers that have it). While N threads (default 8) loop over bad requests — unknown
pages, made-up game names (a new one each time), POSTs, a name query of 1,400 words, an endless
SQL query; with ``--flood find`` only searches: made-up names on /find, /search and /game/NAME) — the main thread fetches ``/game/004-004`` again and again and records each wall
time. Then two heavy SQL requests are sent alone: ``select length(randomblob(1000000000))`` (with
the server's peak resident memory before and after) and an endless recursive count. Prints the
median, 95th percentile and maximum of the normal page, the status counts of the bad requests,
the heavy requests' statuses and times, and whether the server printed a traceback. Then two
checks of what a page shows: values escaped (a made-up name holding HTML comes back as text, never
as markup, on the game, find and search pages) and a rebuilt knowledge base served without a
restart (the served copy is replaced, as a build replaces it, by one with a game fewer: the same
server process shows the new count). Exits 1 when the normal page's maximum exceeds 0.5 s or a
check fails.

Without ``--db`` a knowledge base is built from the bundled corpus into a temporary folder.

``--burners N`` starts N CPU-bound processes (a busy loop each, nice 0) in the bench's own session
before the server, and stops them at the end: the load of issue 15 («a normal page under load»), as a
shell running other work beside the server gives it. The run then also prints what the server's event
loop thread waited for the CPU (its run-queue delay, ``/proc/<pid>/task/<tid>/schedstat``) beside the
CPU it used, and the load average at the start and at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_util import Server, knowledge_base  # noqa: E402


def request(port: int, method: str, path: str, timeout: float = 60.0) -> tuple[int, float]:
    """(status, seconds) of one request; status 0 when the connection failed or timed out."""
    status, dt, _body = fetch(port, method, path, timeout)
    return status, dt


def fetch(port: int, method: str, path: str, timeout: float = 60.0) -> tuple[int, float, str]:
    """(status, seconds, body) of one request; status 0 when the connection failed."""
    t0 = time.perf_counter()
    body = ""

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=b"x=1" if method == "POST" else None,
                     headers={"Content-Type": "application/x-www-form-urlencoded"} if method == "POST" else {})
        resp = conn.getresponse()
        body = resp.read().decode("utf-8", "replace")
        status = resp.status
    except OSError:
        status = 0
    finally:
        conn.close()
    return status, time.perf_counter() - t0, body


def bad_requests(dbname: str) -> list[tuple[str, str]]:
    """The bad requests the clients cycle through (method, path)."""
    words = urllib.parse.quote(" ".join(["осада"] * 1400))
    sql = urllib.parse.quote("with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c")
    return [
        ("GET", "/game/no-such-game-%7Bi%7D"),
        ("GET", "/no/such/page"),
        ("GET", f"/{dbname}/no_such_table"),
        ("POST", "/"),
        ("POST", f"/{dbname}/game_by_name"),
        ("GET", f"/{dbname}/game_by_name?name={words}"),
        ("GET", f"/{dbname}?sql={sql}"),
        ("GET", "/game/" + urllib.parse.quote('x"><script>alert({i})</script>')),
        ("GET", "/find?q=" + urllib.parse.quote("несуществующий пасьянс {i}", safe="")),
    ]


def search_requests() -> list[tuple[str, str]]:
    """The requests of ``--flood find``: made-up names and words (a new one each time), each a
    search in the server's search thread (name matching, full-text search, a name as a game)."""
    return [
        ("GET", "/find?q=" + urllib.parse.quote("несуществующий пасьянс {i}", safe="")),
        ("GET", "/find?q=" + urllib.parse.quote("Косынка Паук Солитер Косынка {i}", safe="")),
        ("GET", "/search?q=" + urllib.parse.quote("туз король дама валет {i}", safe="")),
        ("GET", "/game/" + urllib.parse.quote("Пасьянс без имени {i}", safe="")),
    ]


def peak_rss_kb(pid: int) -> int:
    """VmHWM (peak resident set) of a process in kB; 0 when /proc does not say."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--allow-sql", action="store_true")
    ap.add_argument("--flood", choices=("mixed", "find"), default="mixed",
                    help="the clients' requests: bad ones of every kind (default), or only searches (/find, /search)")
    ap.add_argument("--burners", type=int, default=0, metavar="N",
                    help="N CPU-bound processes beside the server, in this bench's session (see above)")
    ap.add_argument("--verbose", action="store_true", help="Also print the server's output.")
    args = ap.parse_args()

    with knowledge_base(args.db) as built, tempfile.TemporaryDirectory() as tmp, burners(args.burners):
        db = Path(tmp) / built.name  # a copy, so the reload check can replace it
        shutil.copyfile(built, db)
        with Server(db, *(["--allow-sql"] if args.allow_sql else [])) as srv:
            return measure(srv, db, args)


@contextlib.contextmanager
def burners(n: int):
    """``n`` busy-loop processes in this session while the block runs (none for 0)."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]
    try:
        if procs:
            print(f"{n} CPU burners beside the server; load average {os.getloadavg()[0]:.1f}", flush=True)
        yield
    finally:
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()


def loop_thread_times(pid: int) -> tuple[float, float]:
    """(CPU seconds used, seconds spent runnable but waiting for a CPU) of the main thread of
    process ``pid`` — the server's event loop — so far; (0, 0) when /proc does not say."""
    try:
        run_ns, wait_ns, _slices = (int(x) for x in Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split())
    except (OSError, ValueError):
        return 0.0, 0.0
    return run_ns / 1e9, wait_ns / 1e9


MARKUP = '"><script>alert(1)</script><b x=\''
"""A made-up name that is markup: shown escaped, it never appears raw in a page."""


def escaped(port: int) -> tuple[int, int, list[str]]:
    """(pages asked, pages showing :data:`MARKUP` escaped as text, pages where it came back raw)."""
    q = urllib.parse.quote(MARKUP, safe="")
    paths = [f"/game/{q}", f"/find?q={q}", f"/search?q={q}", f"/game/004-004?name={q}"]
    bodies = {p: fetch(port, "GET", p)[2] for p in paths}
    raw = [p for p, body in bodies.items() if "<script>alert(1)" in body]
    shown = sum("&lt;script&gt;alert(1)" in body for body in bodies.values())
    return len(paths), shown, raw


def games_count(port: int) -> int | None:
    """The number of games the list page ``/games`` links (distinct ``/game/<id>`` links)."""
    status, _dt, body = fetch(port, "GET", "/games")
    return len(set(re.findall(r'href="[^"]*/game/([^"?#/]+)"', body))) if status == 200 else None


def reloaded(srv: Server, db: Path) -> tuple[bool, str]:
    """Replace the served file by a copy with one game fewer (written aside, renamed over it, as a
    build does) and see whether the same server serves it: (ok, what was seen)."""
    before = games_count(srv.port)
    new = db.with_name(db.name + ".new")
    shutil.copyfile(db, new)
    with sqlite3.connect(new) as conn:
        gone = conn.execute("SELECT id FROM games WHERE variant_of IS NULL ORDER BY id DESC LIMIT 1").fetchone()[0]
        conn.execute("DELETE FROM games WHERE id = ?", (gone,))
    conn.close()
    os.replace(new, db)
    time.sleep(1.1)  # a new mtime even on coarse clocks
    after = games_count(srv.port)
    status, _dt, _b = fetch(srv.port, "GET", "/game/" + urllib.parse.quote(gone))
    alive = srv.proc.poll() is None and Path(f"/proc/{srv.server_pid}").exists()
    ok = alive and before is not None and after == before - 1 and status != 200
    return ok, (f"games listed {before} → {after} after replacing the file (game {gone} removed: its page "
                f"now {status}); same process: {alive}")


def measure(srv: Server, db: Path, args) -> int:
    """The measurement of the module docstring on a running server; the exit status."""
    port = srv.port
    times: list[float] = []
    checks = False
    try:
        for _ in range(3):  # warm up
            request(port, "GET", "/game/004-004")

        stop = threading.Event()
        statuses: Counter = Counter()
        lock = threading.Lock()
        bad = search_requests() if args.flood == "find" else bad_requests(Path(db).stem)

        def client(k: int) -> None:
            i = k
            while not stop.is_set():
                method, label = bad[i % len(bad)]
                path = label.replace("%7Bi%7D", str(i))  # a new made-up name each time: no cache helps
                status, _ = request(port, method, path, timeout=args.seconds + 30)
                with lock:
                    statuses[(method, urllib.parse.unquote(label.split("?")[0])[:40], status)] += 1
                i += 1

        threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(args.clients)]
        for t in threads:
            t.start()
        time.sleep(1.0)  # let the bad requests pile up
        times, failed, slow = [], 0, []
        loop0 = loop_thread_times(srv.server_pid)
        t_start = time.monotonic()
        end = t_start + args.seconds
        while time.monotonic() < end:
            at = time.monotonic() - t_start
            status, dt = request(port, "GET", "/game/004-004", timeout=args.seconds + 30)
            if status != 200:
                failed += 1
            times.append(dt)
            if dt > 0.5:
                slow.append(f"{dt:.2f} s at {at:.1f} s")
            time.sleep(0.1)
        stop.set()
        loop1 = loop_thread_times(srv.server_pid)
        wall = time.monotonic() - t_start
        for t in threads:
            t.join(timeout=args.seconds + 60)

        times.sort()
        p95 = times[max(0, int(len(times) * 0.95) - 1)]
        print(f"normal page /game/004-004 under {args.clients} clients of {'searches' if args.flood == 'find' else 'bad requests'}, {len(times)} fetches: "
              f"median {statistics.median(times):.3f} s, p95 {p95:.3f} s, max {times[-1]:.3f} s, "
              f"not 200: {failed}" + (f"; over 0.5 s: {', '.join(slow)}" if slow else ""))
        used, waited = loop1[0] - loop0[0], loop1[1] - loop0[1]
        print(f"server's event loop thread over the {wall:.0f} s: CPU used {used:.2f} s, waiting for a CPU {waited:.2f} s "
              f"({waited / wall:.0%} of the time); load average {os.getloadavg()[0]:.1f}; server in a session of its own: "
              f"{'yes' if os.getsid(srv.server_pid) == srv.server_pid else 'no'}")
        print("bad requests (method, path, status: count):")
        for (method, path, status), n in sorted(statuses.items()):
            print(f"  {method:4} {path:42} {status}: {n}")

        rss0 = peak_rss_kb(srv.server_pid)
        heavy = "/" + Path(db).stem + "?sql=" + urllib.parse.quote("select length(randomblob(1000000000))")
        status, dt = request(port, "GET", heavy, timeout=120)
        rss1 = peak_rss_kb(srv.server_pid)
        print(f"heavy SQL (randomblob of 1 GB): status {status} after {dt:.2f} s; "
              f"server peak memory {rss0 / 1024:.0f} MB → {rss1 / 1024:.0f} MB")
        endless = "/" + Path(db).stem + "?sql=" + urllib.parse.quote(
            "with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c")
        status, dt = request(port, "GET", endless, timeout=120)
        print(f"endless SQL (a recursive count): status {status} after {dt:.2f} s")
        asked, shown, raw = escaped(port)
        print(f"values escaped: a name holding markup came back raw on {len(raw)}/{asked} pages, "
              f"shown as text on {shown}" + (f"; raw on {raw}" if raw else ""))
        checks = not raw
        ok_reload, seen = reloaded(srv, db)
        print(f"rebuilt knowledge base served without a restart: {'yes' if ok_reload else 'NO'} ({seen})")
        checks &= ok_reload
    finally:
        out = srv.output()
        print(f"server output: {len(out.splitlines())} lines, {out.count('Traceback')} tracebacks")
        if args.verbose:
            print(out[-3000:])
    return 0 if times and times[-1] <= 0.5 and checks else 1


if __name__ == "__main__":
    raise SystemExit(main())
