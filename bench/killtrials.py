"""kill -9 a build at random moments: no knowledge base lost or damaged, no orphan files (issue 15 item 2).

    .venv/bin/python bench/killtrials.py            # 30 trials on the bundled corpus
    .venv/bin/python bench/killtrials.py -n 40 --keep /tmp/trials
    .venv/bin/python bench/killtrials.py --sources 000,001,002,003   # a smaller corpus: shorter builds

A first build writes a good knowledge base K.db in a fresh folder. Each trial then starts
``pasyans build --db K.db`` and kills it with SIGKILL: half the trials at a uniformly random moment
of a whole build, half at a random moment of its last step (after it says «writing the knowledge
base», the window in which files are written and renamed). After each kill K.db must exist and
open cleanly (``pasyans.kb.query.connect``: ``PRAGMA quick_check``, version, tables) — either the
old file or a complete new one, never a mixture; the files a kill leaves (``*.tmp-*``,
``*.build-lock``) are counted. The kill is sent to the build's process alone (as ``kill -9 PID``),
and the reading workers of its process group still running 10 s later are counted (then killed). The next trial's build must remove them; after a last, unkilled
build the folder must hold K.db alone. Prints one line per trial and the totals.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASYANS = ROOT / ".venv" / "bin" / "pasyans"


def digest(p: Path) -> str | None:
    return hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else None


def intact(db: Path) -> tuple[bool, str]:
    """Whether ``db`` is a whole, current knowledge base, and its game count (or the error)."""
    from pasyans.kb.query import KBError, connect

    try:
        conn = connect(db)
        n = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        conn.close()
        return True, f"{n} games"
    except (KBError, Exception) as e:  # noqa: BLE001 - any failure to read is a damaged file
        return False, f"{type(e).__name__}: {e}"


def leftovers(folder: Path, db: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p != db)


CORPUS: list[str] = []
"""``--corpus DIR`` given to every build (empty: the bundled corpus)."""
SOURCES = [0]
"""How many sources a build reads (its step lines count them)."""


def sub_corpus(ids: list[str]) -> Path:
    """A corpus of the bundled sources ``ids`` only, in a new temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="killtrials-corpus-"))
    manifest = json.loads((ROOT / "corpus" / "manifest.json").read_text("utf-8"))
    manifest["sources"] = [s for s in manifest["sources"] if s["id"] in ids]
    for s in manifest["sources"]:
        shutil.copy(ROOT / "corpus" / s["file"], folder / s["file"])
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1), "utf-8")
    return folder


def build(db: Path, extra: list[str] = ()) -> subprocess.Popen:
    return subprocess.Popen([str(PASYANS), "build", *CORPUS, "--db", str(db), *extra], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def run_trial(db: Path, rng: random.Random, whole: float, writing: float, late: bool) -> dict:
    proc = build(db)
    seen_writing = threading.Event()
    started = time.monotonic()

    def watch():  # the writing starts after the last source's step line («[12 s, …] 003 read»)
        read = 0
        for line in proc.stderr:
            read += bool(re.search(r"\] \S+ read\s*$", line))
            if "writing the knowledge base" in line or read >= SOURCES[0]:
                seen_writing.set()

    threading.Thread(target=watch, daemon=True).start()
    if late:
        seen_writing.wait(timeout=whole * 3)
        delay = rng.uniform(0, writing * 1.2)
    else:
        delay = rng.uniform(0, whole * 1.05)
    time.sleep(delay)
    at = time.monotonic() - started
    finished = proc.poll() is not None
    if not finished:
        os.kill(proc.pid, signal.SIGKILL)  # the build alone, as `kill -9 PID` does: its workers must end with it
    proc.wait()
    return {"at": at, "late": late, "finished": finished, "workers": workers_left(proc.pid)}


def workers_left(pgid: int, wait_s: float = 10.0) -> int:
    """How many processes of the killed build's group (its reading workers) still run ``wait_s``
    seconds after it ended (they are killed then, so the next trial starts clean)."""
    from pasyans.lifetime import running_in_group

    deadline = time.monotonic() + wait_s
    while (alive := running_in_group(pgid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    for pid in alive:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return len(alive)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=30, help="trials (default 30)")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--keep", default=None, help="folder to work in (kept); default a temporary one")
    ap.add_argument("--sources", default="", help="build only these bundled sources (comma-separated ids)")
    args = ap.parse_args(argv)
    corpus = sub_corpus(args.sources.split(",")) if args.sources else None
    if corpus:
        CORPUS[:] = ["--corpus", str(corpus)]
    SOURCES[0] = len(json.loads(((corpus or ROOT / "corpus") / "manifest.json").read_text("utf-8"))["sources"])
    sys.path.insert(0, str(ROOT))
    rng = random.Random(args.seed)
    folder = Path(args.keep or tempfile.mkdtemp(prefix="killtrials-"))
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "K.db"

    t = time.monotonic()
    first = build(db)
    err = first.communicate()[1]
    whole = time.monotonic() - t
    if first.returncode != 0 or not intact(db)[0]:
        print(f"the first build failed: {err.strip()[-300:]}")
        return 2
    writing = max(1.0, whole * 0.3)
    what = f"sources {args.sources}" if args.sources else "the bundled corpus"
    print(f"first build ({what}): {whole:.0f} s; {intact(db)[1]}; killing {args.n} builds in {folder}")
    print(f"{'trial':>5} {'when':>8} {'window':>7} {'K.db':>10} {'workers':>7} {'left by the kill':<40}")
    lost = damaged = 0
    seen_orphans = 0
    workers = 0
    most = 0
    for i in range(1, args.n + 1):
        before = digest(db)
        r = run_trial(db, rng, whole, writing, late=i % 2 == 0)
        ok, what = intact(db)
        after = digest(db)
        left = leftovers(folder, db)
        most = max(most, len(left))
        if after is None:
            lost += 1
        elif not ok:
            damaged += 1
        seen_orphans += len(left)
        workers += r["workers"]
        state = "finished" if r["finished"] else ("same" if after == before else "replaced")
        print(f"{i:>5} {r['at']:7.1f}s {'write' if r['late'] else 'any':>7} {state:>10} {r['workers']:>7} "
              f"{', '.join(left) or '-':<40} {'' if ok else what}")
    final = build(db)
    final.communicate()
    ok, what = intact(db)
    orphans = leftovers(folder, db)
    print(f"\ntrials: {args.n}; knowledge bases lost: {lost}; damaged: {damaged}; "
          f"files left right after the kills: {seen_orphans}, at most {most} at once (each build removes "
          f"those of the kill before it); reading workers still running 10 s after their build was killed: {workers}")
    print(f"after a last build: K.db {what if ok else 'DAMAGED ' + what}; orphan files: {len(orphans)} {orphans or ''}")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    if corpus:
        shutil.rmtree(corpus, ignore_errors=True)
    return 0 if (lost == damaged == 0 and not orphans and ok and not workers) else 1


if __name__ == "__main__":
    raise SystemExit(main())
