"""Benchmark of names (issue 7): query-set accuracy of `pasyans find`, aliases stated in the texts
found, links across texts, and the cold-process wall time of `pasyans find`.

    python bench/find.py [--db FILE] [--runs N]

Without ``--db`` a knowledge base is built from the bundled corpus into a temporary folder.
Prints the figures; exits 1 when a target is missed (right game first ≥ 95 %, aliases 100 %,
cold `pasyans find` ≤ 0.3 s for the fast path).
"""

from __future__ import annotations

import argparse
import csv
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def _tsv(name: str) -> list[dict]:
    with (FIXTURES / name).open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))


def query_accuracy(conn: sqlite3.Connection) -> float:
    from pasyans.kb.names import find

    rows = _tsv("name_queries.tsv")
    total, right = Counter(), Counter()
    wrong = []
    for r in rows:
        found = find(conn, r["query"], limit=5)
        total[r["kind"]] += 1
        if found and found[0].game in r["expected"].split("|"):
            right[r["kind"]] += 1
        else:
            wrong.append(f"  {r['kind']:12} {r['query']!r}: expected {r['expected']}, got "
                         + (", ".join(f"{m.game} {m.name} {m.score}" for m in found[:3]) or "nothing"))
    share = sum(right.values()) / len(rows)
    print(f"name queries: {sum(right.values())}/{len(rows)} right game first = {share:.1%}")
    for kind in total:
        print(f"  {kind:12} {right[kind]}/{total[kind]}")
    print("\n".join(wrong))
    return share


def alias_recall(conn: sqlite3.Connection) -> float:
    from pasyans.kb.crosswalk import same_name

    rows = _tsv("stated_aliases.tsv")
    have = conn.execute("SELECT game, name, kind, first_line, last_line FROM aliases").fetchall()
    found = Counter()
    total = Counter(r["kind"] for r in rows)
    for r in rows:
        line = int(r["line"])
        hit = [k for g, n, k, a, b in have if g == r["game"] and same_name(n, r["alias"]) and a - 1 <= line <= b + 1]
        if hit:
            found[r["kind"]] += 1
        else:
            print(f"  not found: {r['kind']:8} {r['game']} «{r['alias']}» (line {line})")
    named = found["alias"] + found["disputed"]
    n_named = total["alias"] + total["disputed"]
    print(f"aliases stated in the texts found: {named}/{n_named} = {named / n_named:.1%} "
          f"(alias {found['alias']}/{total['alias']}, disputed {found['disputed']}/{total['disputed']}); "
          f"related games named {found['related']}/{total['related']}, glosses {found['gloss']}/{total['gloss']}, "
          f"«not the same» statements {found['not-same']}/{total['not-same']}")
    known = {(r["game"], r["alias"]) for r in rows}
    extra = [(g, n, k) for g, n, k, _a, _b in have if k in ("alias", "disputed")
             and not any(g == kg and same_name(n, ka) for kg, ka in known)]
    print(f"aliases in the knowledge base not in the kept list: {len(extra)} {extra}")
    return named / n_named


def links_summary(conn: sqlite3.Connection) -> None:
    rel = Counter(r for (r,) in conn.execute("SELECT relation FROM links"))
    print("links: " + ", ".join(f"{k} {v}" for k, v in sorted(rel.items())))
    for a, b, r, na, nb in conn.execute("SELECT l.game_a, l.game_b, l.relation, x.name, y.name FROM links l "
                                        "JOIN games x ON x.id = l.game_a JOIN games y ON y.id = l.game_b "
                                        "ORDER BY l.relation, l.game_a"):
        print(f"  {r:13} {a} «{na}» — {b} «{nb}»")
    st = Counter(s for (s,) in conn.execute("SELECT status FROM catalogue_matches"))
    xw = conn.execute("SELECT count(*), count(english), count(pysol_id), count(aisleriot), count(kpat) "
                      "FROM crosswalk").fetchone()
    conf = Counter(c for (c,) in conn.execute("SELECT confidence FROM crosswalk WHERE english IS NOT NULL"))
    print(f"crosswalk: {xw[0]} games, English name {xw[1]} ({dict(conf)}), PySolFC id {xw[2]}, "
          f"Aisleriot {xw[3]}, KPatience {xw[4]}; catalogue name matches {dict(st)}")


def cold_times(db: Path, runs: int) -> dict[str, float]:
    exe = Path(sys.executable)
    cmds = {
        "pasyans find (console script)": [str(exe.parent / "pasyans"), "find", "Осада", "--db", str(db)],
        "pasyans find, a typo": [str(exe.parent / "pasyans"), "find", "Осажденая крепасть", "--db", str(db)],
        "fast path (python -m pasyans.kb.names)": [str(exe), "-m", "pasyans.kb.names", "Осада", "--db", str(db)],
        "fast path, a typo": [str(exe), "-m", "pasyans.kb.names", "Осажденая крепасть", "--db", str(db)],
        "pasyans --help (the CLI framework alone)": [str(exe.parent / "pasyans"), "--help"],
        "python -c pass (the interpreter alone)": [str(exe), "-c", "pass"],
    }
    out = {}
    for label, cmd in cmds.items():
        ts = []
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            ts.append(time.perf_counter() - t)
        out[label] = min(ts)
        print(f"  {label:44} min {min(ts):.3f} s  median {statistics.median(ts):.3f} s")
    mods = subprocess.run([str(exe), "-c", "import sys, runpy; sys.argv = ['x', 'Осада', '--db', sys.argv[1]]; "
                           "import pasyans.kb.names as n; n.main(sys.argv[1:]); "
                           "print('spacy' in sys.modules, 'pymorphy3' in sys.modules, file=sys.stderr)", str(db)],
                          capture_output=True, text=True)
    print(f"  modules on the find path: spacy loaded {mods.stderr.split()[0]}, pymorphy3 loaded {mods.stderr.split()[1]}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    tmp = None
    db = args.db
    if db is None:
        from pasyans.pipeline import build

        tmp = Path(tempfile.mkdtemp(prefix="bench-find-"))
        t = time.perf_counter()
        db = build(ROOT / "corpus", tmp / "pasyans.db").db
        print(f"built {db} in {time.perf_counter() - t:.1f} s")
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        share = query_accuracy(conn)
        recall = alias_recall(conn)
        links_summary(conn)
        print(f"cold process, best of {args.runs}:")
        times = cold_times(db, args.runs)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    fast = times["fast path (python -m pasyans.kb.names)"]
    cli = times["pasyans find (console script)"]
    print(f"targets: right game first {share:.1%} (≥ 95 %), aliases {recall:.1%} (100 %), "
          f"cold find {fast:.3f} s fast path / {cli:.3f} s console script (≤ 0.3 s)")
    return 0 if share >= 0.95 and recall == 1.0 and fast <= 0.3 else 1


if __name__ == "__main__":
    sys.exit(main())
