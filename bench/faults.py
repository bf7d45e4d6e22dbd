"""Every bad input and fault of issue 15, through the real command: one line, non-zero exit, nothing lost.

    .venv/bin/python bench/faults.py [--db BUILT.db]
    .venv/bin/python bench/faults.py --db BUILT.db --families-only   # ~60 bad corpora, ~200 bad command lines

Runs ``pasyans`` as a user would on each case (bad corpora, damaged and older knowledge bases,
bad options, a full disk, a read-only folder, two builds at once) and prints a table: the exit
status, how many lines the command wrote on standard error, whether a traceback or an «internal
error» (a bug caught at the edge) appeared, and whether the knowledge base the case could have
hurt is byte-for-byte unchanged. The full-disk and read-only cases mount small tmpfs file systems
and are skipped (and say so) when the user may not mount. ``--db`` reuses a knowledge base built
from the bundled corpus; by default one is built first. ``--families`` adds the generated
families of ``bench/fault_cases.py`` (bad corpora, each built into a new file; bad command lines).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASYANS = str(ROOT / ".venv" / "bin" / "pasyans")


def sha(p: Path) -> str | None:
    return hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else None


def run(args: list, timeout: float = 900) -> tuple[int, list[str]]:
    p = subprocess.run([PASYANS, *map(str, args)], capture_output=True, timeout=timeout)
    err = p.stderr.decode("utf-8", "replace").strip().splitlines()
    return p.returncode, err


def corpus(folder: Path, text: str | bytes | None, **entry) -> Path:
    folder.mkdir(parents=True)
    if text is not None:
        (folder / "t.txt").write_bytes(text.encode() if isinstance(text, str) else text)
    (folder / "manifest.json").write_text(json.dumps({"sources": [{"id": "t", "file": "t.txt", "language": "ru",
                                                                   **entry}]}), "utf-8")
    return folder


def mount(folder: Path, size: str) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True).returncode == 0


def umount(folder: Path) -> None:
    subprocess.run(["umount", str(folder)], capture_output=True)


ROWS: list[tuple] = []


def record(case: str, status: int, err: list[str], kept: bool | None, want_ok: bool = False) -> None:
    tb = any("Traceback" in line for line in err)
    internal = any("internal error" in line for line in err)
    good = (status == 0) if want_ok else (status != 0 and len(err) == 1 and not tb and not internal)
    ROWS.append((case, status, len(err), tb, internal, kept, good, err[-1][:150] if err else ""))


def run_case(argv: list[str], timeout: float) -> tuple[int | str, list[str]]:
    """``pasyans`` with ``argv``: (exit status, or ``"hung"`` after ``timeout`` s, or ``"os"`` when
    the system refuses to start it — an argument over its 128 KiB limit, which no shell can pass
    either; stderr lines)."""
    try:
        return run(argv, timeout)
    except subprocess.TimeoutExpired:
        return "hung", [f"no answer after {timeout:.0f} s"]
    except OSError as e:
        return "os", [f"the system refused to start it: {e.strerror}"]


def family_row(case: str, status, err: list[str], kept: bool, left: list[str]) -> tuple:
    """One row of the families' tables: a case is *good* when it ran to an end with no traceback
    and no internal error, left every guarded file as it was and no stray files, and — if it
    failed — said why in one line."""
    tb = any("Traceback" in line for line in err)
    internal = any("internal error" in line for line in err)
    good = status != "hung" and not tb and not internal and kept and not left and (status in (0, "os") or len(err) == 1)
    return (case, status, len(err), tb, internal, kept, good, (err[-1][:110] if err else "") +
            (f" [left: {', '.join(left)}]" if left else ""))


def families(base: Path, w: Path, jobs: int = 2, timeout: float = 300,
             parts: tuple[str, ...] = ("corpora", "commands")) -> dict[str, list[tuple]]:
    """Run every bad corpus (a build into a new file) and every bad command line of
    ``bench/fault_cases.py`` (``parts``: which of the two); return the rows of the tables, each
    table also printed as soon as it is done."""
    from concurrent.futures import ThreadPoolExecutor

    from fault_cases import bad_command_lines, bad_corpora, make_corpus

    def corpus_case(i: int, name: str, files: dict, manifest) -> tuple:
        d = make_corpus(w / f"bad-{i}" / "corpus", files, manifest)
        out = w / f"bad-{i}" / "kb"
        out.mkdir()
        before = {p.name: sha(p) for p in d.iterdir() if p.is_file() and not p.is_symlink()}
        s, e = run_case(["build", "--corpus", d, "--db", out / "k.db", "-q"], timeout)
        kept = before == {p.name: sha(p) for p in d.iterdir() if p.is_file() and not p.is_symlink()}
        left = sorted(p.name for p in out.iterdir() if p.name != "k.db" or s != 0)
        if s == 0:
            try:
                from pasyans.kb.query import connect

                connect(out / "k.db")
            except Exception as x:  # noqa: BLE001 - a built file that does not open is the finding
                e = e + [f"built a file that does not open: {x}"]
                kept = False
        return family_row(name, s, e, kept, left)

    def command_case(name: str, argv: list[str], guarded: list[Path]) -> tuple:
        before = [sha(p) for p in guarded]
        s, e = run_case(argv, timeout)
        left = sorted(p.name for g in guarded for p in g.parent.iterdir() if ".tmp-" in p.name or
                      p.name.endswith(".build-lock"))
        return family_row(name, s, e, before == [sha(p) for p in guarded], sorted(set(left)))

    corpus = w / "corpus-copy"
    shutil.copytree(ROOT / "corpus", corpus)
    (w / "cmd").mkdir()
    lines = bad_command_lines(base, corpus, w / "cmd")
    out = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        if "corpora" in parts:
            out["bad corpora"] = list(pool.map(lambda c: corpus_case(*c), [(i, *c) for i, c in enumerate(bad_corpora())]))
            print_table("bad corpora", out["bad corpora"])
        if "commands" in parts:
            out["bad command lines"] = list(pool.map(lambda c: command_case(*c), lines))
            print_table("bad command lines", out["bad command lines"])
    return out


def _not_wanted(rows: list[tuple]) -> int:
    return sum(1 for r in rows if r[6] is False or r[5] is False)


def print_table(title: str, rows: list[tuple]) -> int:
    """Print one table; return the number of rows not as wanted."""
    print(f"\n{title}\n{'case':48} {'exit':>4} {'lines':>5} {'traceback':>9} {'internal':>8} {'kept':>5} {'ok':>3}  last line")
    for case, st, n, tb, internal, kept, good, line in rows:
        print(f"{case[:48]:48} {st!s:>4} {n!s:>5} {str(tb):>9} {str(internal):>8} "
              f"{'-' if kept is None else str(kept):>5} {'yes' if good else 'NO':>3}  {line}")
    bad = [r for r in rows if r[6] is False or r[5] is False]
    print(f"{title}: {len(rows)} cases; tracebacks: {sum(1 for r in rows if r[3] is True)}; internal errors: "
          f"{sum(1 for r in rows if r[4] is True)}; files changed: {sum(1 for r in rows if r[5] is False)}; "
          f"hung: {sum(1 for r in rows if r[1] == 'hung')}; not as wanted: {len(bad)}")
    return len(bad)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", default=None, help="a knowledge base built from the bundled corpus")
    ap.add_argument("--families", action="store_true", help="also run bench/fault_cases.py's bad corpora "
                    "and bad command lines")
    ap.add_argument("--families-only", action="store_true", help="run only those")
    ap.add_argument("--jobs", type=int, default=2, help="cases run at once in the families (default 2)")
    ap.add_argument("--parts", default="corpora,commands", help="which families: corpora, commands or both")
    args = ap.parse_args(argv)
    w = Path(tempfile.mkdtemp(prefix="faults-"))
    base = w / "base.db"
    if args.db:
        shutil.copy(args.db, base)
    else:
        status, err = run(["build", "--db", base, "-q"])
        if status:
            print("building the knowledge base failed:", err[-1:])
            return 2
    base_sha = sha(base)
    if args.families or args.families_only:
        tables = families(base, w, args.jobs, parts=tuple(args.parts.split(",")))
        not_wanted = sum(_not_wanted(rows) for rows in tables.values())
        if args.families_only:
            shutil.rmtree(w, ignore_errors=True)
            return 0 if not not_wanted and sha(base) == base_sha else 1

    def kb(name: str) -> Path:
        p = w / name
        shutil.copy(base, p)
        return p

    # -- writing over what must not be written ------------------------------------------------
    k = kb("k1.db")
    s, e = run(["export", "--db", k, "--out", k])
    record("export --out onto the KB it reads", s, e, sha(k) == base_sha)
    k2 = kb("k2.db")
    s, e = run(["export", "--db", k, "--out", k2])
    record("export --out onto another KB", s, e, sha(k2) == base_sha)
    c = w / "c0"
    shutil.copytree(ROOT / "corpus", c)
    m = sha(c / "manifest.json")
    s, e = run(["export", "--db", k, "--out", c / "manifest.json"])
    record("export --out onto a corpus file", s, e, sha(c / "manifest.json") == m)
    s, e = run(["build", "--corpus", c, "--db", c / "manifest.json", "-q"])
    record("build --db onto its own manifest", s, e, sha(c / "manifest.json") == m)
    s, e = run(["export", "--db", k, "--format", "markdown", "--out", c])
    record("export markdown into the corpus folder", s, e, len(list(c.iterdir())) == 6)

    # -- valid text that crashed the build ----------------------------------------------------
    k = kb("k3.db")
    for name, text, entry in [
        ("superscript/circled digit tokens", "ПАСЬЯНС «ПРОБА»\n\nСноска ¹ здесь. Тузы ① кладут на базу.\n", {}),
        ("book-toc text without a TOC", "ПАСЬЯНС\n\nТузы кладут на базу.\n", {"segmenter": "book-toc"}),
        ("a game text over 1,000,000 chars", "ПАСЬЯНС\n" + "Карту кладут на карту. " * 48000, {}),
        ("a 50 MB article", "ПАСЬЯНС\n" + "Карту кладут на карту. " * 2_300_000, {}),
        ("a non-UTF-8 file", "Тузы\n".encode() + b"\xff\xfe\n", {}),
        ("manifest orthography 'old'", "Тузы.\n", {"orthography": "old"}),
        ("manifest kind 'x'", "Тузы.\n", {"kind": "x"}),
        ("manifest title 5", "Тузы.\n", {"title": 5}),
    ]:
        d = corpus(w / f"c-{len(ROWS)}", text, **entry)
        t = time.monotonic()
        s, e = run(["build", "--corpus", d, "--db", k, "-q"])
        record(f"{name} ({time.monotonic() - t:.0f} s)", s, e, sha(k) == base_sha)
    d = corpus(w / "c-link", None)
    (d / "t.txt").symlink_to("/etc/hostname")
    s, e = run(["build", "--corpus", d, "--db", k, "-q"])
    record("a manifest file linked out of the corpus", s, e, sha(k) == base_sha)
    d = corpus(w / "c-none", "просто текст без игр\n")
    s, e = run(["build", "--corpus", d, "--db", k, "-q"])
    record("a corpus of 1 game over a 131-game KB", s, e, sha(k) == base_sha)

    # -- damaged and older knowledge bases ----------------------------------------------------
    bad = kb("damaged.db")
    data = bytearray(bad.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for p in range(2, len(data) // page, 5):
        data[p * page + 8: p * page + 120] = b"\x00\xff" * 56
    bad.write_bytes(bytes(data))
    for cmd in (["show", "004-004"], ["verify"], ["export"], ["find", "Осада"], ["search", "тузы"]):
        s, e = run([*cmd, "--db", bad])
        record(f"damaged after page 1: {cmd[0]}", s, e, None)
    col = kb("nocol.db")
    conn = sqlite3.connect(col)
    conn.execute("ALTER TABLE moves DROP COLUMN verdict")
    conn.commit()
    conn.close()
    s, e = run(["verify", "--db", col])
    record("a missing column: verify", s, e, None)
    old = kb("old.db")
    conn = sqlite3.connect(old)
    conn.execute("DROP TABLE kb_meta")
    conn.commit()
    conn.close()
    s, e = run(["show", "004-004", "--db", old])
    record("an older schema: show", s, e, None)

    # -- bad command lines ----------------------------------------------------------------------
    for name, cmd in [("find --limit -1", ["find", "Осада", "--limit", "-1", "--db", base]),
                      ("show with a non-UTF-8 argument", ["show", b"\xff\xfe".decode("utf-8", "surrogateescape"),
                                                         "--db", base]),
                      ("serve --port 99999", ["serve", "--port", "99999", "--db", base]),
                      ("an unknown command", ["nosuch"])]:
        s, e = run(cmd)
        record(name, s, e, sha(base) == base_sha)

    # -- two builds of one file -------------------------------------------------------------------
    k = kb("race.db")
    first = subprocess.Popen([PASYANS, "build", "--db", k, "-q"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    time.sleep(3)
    s, e = run(["build", "--db", k, "-q", "--no-wait"])
    record("a second build of one file (--no-wait)", s, e, None)
    second = subprocess.Popen([PASYANS, "build", "--db", k], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    r1, r2 = first.wait(), second.wait()
    waited = b"waiting for another build" in second.stderr.read()
    record("two builds of one file: the second waits", max(r1, r2), [] if waited else ["did not wait"],
           None, want_ok=waited)

    # -- the file system --------------------------------------------------------------------------
    mnt = w / "mnt"
    if mount(mnt, "3m"):
        s, e = run(["build", "--db", mnt / "k.db", "-q"])
        record("a folder without room (3 MB tmpfs)", s, e, not (mnt / "k.db").exists())
        umount(mnt)
    else:
        ROWS.append(("a folder without room", "-", "-", "-", "-", None, None, "skipped: cannot mount"))
    if mount(mnt, "22m"):  # room for the old file and the estimate; then another program fills it
        shutil.copy(base, mnt / "k.db")
        before = sha(mnt / "k.db")
        proc = subprocess.Popen([PASYANS, "build", "--db", mnt / "k.db"], stderr=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, text=True)
        lines: list[str] = []

        def fill():
            for line in proc.stderr:
                lines.append(line.rstrip("\n"))
                if "writing the knowledge base" in line:  # another program takes the room meanwhile
                    subprocess.run(["dd", "if=/dev/zero", f"of={mnt / 'filler'}", "bs=1M", "count=22"],
                                   capture_output=True)

        th = threading.Thread(target=fill)
        th.start()
        proc.wait()
        th.join()
        errors = [x for x in lines if x.startswith("error") or "Traceback" in x]
        left = sorted(p.name for p in mnt.iterdir() if p.name not in ("k.db", "filler"))
        record(f"the disk fills while writing (left: {left or 'nothing'})", proc.returncode, errors,
               sha(mnt / "k.db") == before)
        umount(mnt)
    if mount(mnt, "20m"):
        shutil.copy(base, mnt / "k.db")
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], capture_output=True)
        s, e = run(["build", "--db", mnt / "k.db", "-q"])
        record("a read-only folder", s, e, sha(mnt / "k.db") == base_sha)
        s, e = run(["export", "--db", mnt / "k.db", "--out", mnt / "out.json"])
        record("export into a read-only folder", s, e, sha(mnt / "k.db") == base_sha)
        umount(mnt)
    else:
        ROWS.append(("a read-only folder", "-", "-", "-", "-", None, None, "skipped: cannot mount"))

    print(f"\n{'case':48} {'exit':>4} {'lines':>5} {'traceback':>9} {'internal':>8} {'KB kept':>7} {'ok':>3}  first line")
    for case, st, n, tb, internal, kept, good, line in ROWS:
        print(f"{case[:48]:48} {st!s:>4} {n!s:>5} {str(tb):>9} {str(internal):>8} "
              f"{'-' if kept is None else str(kept):>7} {'yes' if good else 'NO':>3}  {line}")
    bad_rows = [r for r in ROWS if r[6] is False or r[5] is False]
    tracebacks = sum(1 for r in ROWS if r[3] is True)
    print(f"\ncases: {len(ROWS)}; tracebacks: {tracebacks}; internal errors: {sum(1 for r in ROWS if r[4] is True)}; "
          f"knowledge bases changed: {sum(1 for r in ROWS if r[5] is False)}; not as wanted: {len(bad_rows)}")
    shutil.rmtree(w, ignore_errors=True)
    return 0 if not bad_rows else 1


if __name__ == "__main__":
    sys.exit(main())
