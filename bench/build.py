"""Benchmark of the build (issue 16): its cost beside the floor, where the time goes, and how it
grows with the library.

    python bench/build.py [--corpus DIR] [--sizes 1,2,4,8,16] [--jobs N] [--runs R] [--no-bytecode]

Prints, in one run:

1. **the build beside the floor**: CPU and wall seconds of ``pasyans build`` (the console script,
   a fresh process, as a user runs it) and of the floor — a bare pymorphy3 lemma pass over the words
   of the same corpus, cached per word form (a fresh process too: start-up and dictionaries
   included) — and their ratio (median of ``--runs`` pairs, run in turn);
2. **the share of each stage** (CPU seconds, exclusive: a stage's own time without the stages it
   calls): segmentation, examples (moves, layouts), rules, verdicts, the full-text passages (read
   with each source), and inside the writing of the knowledge base the crosswalk, the links across
   texts, the name forms, the full-text index, the text map, the rows made as each source is read
   (before the writing), and the rest (inserts); «start-up» is imports and corpus loading;
3. **the curve**: the build of N copies of the corpus (copies as distinct sources: ids ``000``,
   ``000c1`` …, each copy's text made distinct by :func:`perturb`: in every line of prose, about
   one pair of adjacent lower-case words in three changes places, chosen by a seeded generator per
   copy and line — the vocabulary and every line's length stay, the sentences are new, so no
   process gains from having read the same sentences before, as a library of different books
   shares words, not sentences), for each N its wall and CPU seconds, the ratio to N = 1, the
   links' share and the peak memory of the largest process (``--jobs`` is passed to the build when given; the stage
   shares then come from one more build at the first N with ``--jobs 1``, the stages of the
   sources running in worker processes otherwise);
4. **both cores**: ``pasyans build --jobs 1`` and ``--jobs 2`` of the ``--jobs-at`` copies (default
   8), run in turn (``--jobs-runs`` pairs, default 1), wall and CPU seconds and the ratio
   ``--jobs 2`` / ``--jobs 1`` (``--jobs-at 0``: not run).

The package's modules are compiled to bytecode first, as ``pip install`` does (``--no-bytecode``:
not; an editable checkout under ``PYTHONDONTWRITEBYTECODE=1`` then compiles them on every start).
Every figure is of a whole child process, measured by the operating system (``os.wait4``):
user + system CPU, peak resident memory; wall by a monotonic clock. The machine may be shared:
compare ratios measured in the same run, not seconds across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STAGES = [
    # (stage, module, function): each call's CPU time is the stage's, less the stages it calls
    ("segment", "pasyans.pipeline", "segment"),
    ("examples", "pasyans.pipeline", "read_examples"),
    ("rules", "pasyans.pipeline", "read_rules"),
    ("verdicts", "pasyans.pipeline", "verify"),
    ("full-text passages (lemmas, cards)", "pasyans.pipeline", "read_passages"),
    ("write: rows made with each source", "pasyans.pipeline", "prepare_rows"),
    ("write: inserts, other", "pasyans.kb.store", "write_kb"),
    ("write: crosswalk", "pasyans.kb.crosswalk", "write"),
    ("write: links", "pasyans.kb.links", "write"),
    ("write: name forms", "pasyans.kb.names", "write_forms"),
    ("write: full-text index", "pasyans.kb.search", "create"),
    ("write: text map", "pasyans.kb.source_view", "write"),
]


# -- measuring a child process ----------------------------------------------------------------

def run(cmd: list[str], env: dict | None = None) -> dict:
    """Run ``cmd``; ``{"wall", "cpu", "peak_mb", "rc", "out"}`` of the whole process (its waited-for
    children included), by ``os.wait4``."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    out = proc.stdout.read()
    _pid, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "peak_mb": ru.ru_maxrss / 1024,
            "rc": proc.returncode, "out": out.decode("utf-8", "replace")}


def _checked(res: dict, what: str) -> dict:
    if res["rc"] != 0:
        sys.exit(f"{what} failed (exit {res['rc']}):\n{res['out'][-2000:]}")
    return res


# -- the floor ------------------------------------------------------------------------------------

def floor_pass(corpus_dir: Path) -> dict:
    """The least a build must do: every word of every source lemmatised by pymorphy3's best
    parse, once per word form. Returns words, forms and the pass's own CPU seconds."""
    import pymorphy3

    manifest = json.loads((corpus_dir / "manifest.json").read_text("utf-8"))
    analyzers: dict = {}
    cache: dict = {}
    words = 0
    t = time.process_time()
    for entry in manifest["sources"]:
        lang = entry["language"] if entry["language"] in ("ru", "uk") else "ru"
        if lang not in analyzers:
            analyzers[lang] = pymorphy3.MorphAnalyzer(lang=lang)
        parse = analyzers[lang].parse
        text = (corpus_dir / entry["file"]).read_text("utf-8")
        for w in re.findall(r"[^\W\d_]+", text.lower()):
            words += 1
            key = (lang, w)
            if key not in cache:
                cache[key] = parse(w)[0].normal_form
    return {"words": words, "forms": len(cache), "pass_cpu": time.process_time() - t}


# -- the build, stage by stage (in a child process) ------------------------------------------------

def staged_build(corpus_dir: Path, db: Path, jobs: int | None) -> dict:
    """Run the build in this process with each stage's CPU time recorded (exclusive)."""
    import importlib

    t0 = time.process_time()
    spent: dict[str, float] = {name: 0.0 for name, _m, _f in STAGES}
    stack: list[list] = []

    def wrap(name, fn):
        def timed(*a, **k):
            frame = [time.process_time(), 0.0]
            stack.append(frame)
            try:
                return fn(*a, **k)
            finally:
                stack.pop()
                total = time.process_time() - frame[0]
                spent[name] += total - frame[1]
                if stack:
                    stack[-1][1] += total
        return timed

    missing = []
    for name, mod, fn in STAGES:
        m = importlib.import_module(mod)
        if not hasattr(m, fn):
            missing.append(f"{mod}.{fn}")
            continue
        setattr(m, fn, wrap(name, getattr(m, fn)))
    from pasyans.pipeline import build

    kwargs = {"jobs": jobs} if jobs is not None else {}
    build(corpus_dir, db, **kwargs)
    total = time.process_time() - t0
    return {"stages": spent, "missing": missing, "in_process_cpu": total}


_SWAPPABLE = re.compile(r"(?<![\w«\"„“(\-'’])([^\W\d_A-ZА-ЯЁІЇЄҐѢѲѴ]{3,}) ([^\W\d_A-ZА-ЯЁІЇЄҐѢѲѴ]{3,})(?![\w»\"“”)\-'’])")
"""Two adjacent words of three or more lower-case letters, one space between, no quote, bracket,
hyphen or apostrophe touching them (a name in «…», a hyphenated word, a card code stay whole)."""


def perturb(text: str, copy: int, rate: int = 3) -> str:
    """``text`` made distinct for copy number ``copy`` (0: unchanged): in each line of four or more
    words that is not in capitals (a heading), each pair :data:`_SWAPPABLE` finds changes places
    with probability ``1 / rate``, by a generator seeded with (copy, line number). Deterministic;
    the line count, every line's length and the words are kept."""
    import random

    if not copy:
        return text
    out = []
    for n, line in enumerate(text.split("\n")):
        if len(line.split()) >= 4 and not line.isupper():
            rng = random.Random(f"{copy}:{n}")
            line = _SWAPPABLE.sub(lambda m: f"{m.group(2)} {m.group(1)}" if rng.randrange(rate) == 0 else m.group(),
                                  line)
        out.append(line)
    return "\n".join(out)


def copies(corpus_dir: Path, n: int, into: Path) -> Path:
    """A corpus folder holding ``n`` copies of ``corpus_dir``'s sources as distinct sources: copy
    ``k`` of a source has the id ``<id>c<k>``, its text :func:`perturb`-ed for ``k`` and the sha256
    of that text in the manifest."""
    import hashlib

    manifest = json.loads((corpus_dir / "manifest.json").read_text("utf-8"))
    out = into / f"corpus_x{n}"
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for k in range(n):
        for e in manifest["sources"]:
            e2 = dict(e)
            if k:
                e2["id"], e2["file"] = f"{e['id']}c{k}", f"c{k}_{e['file']}"
            data = perturb((corpus_dir / e["file"]).read_text("utf-8"), k).encode("utf-8")
            (out / e2["file"]).write_bytes(data)
            e2["sha256"] = hashlib.sha256(data).hexdigest()
            entries.append(e2)
    (out / "manifest.json").write_text(json.dumps({**manifest, "sources": entries}, ensure_ascii=False, indent=1),
                                       "utf-8")
    return out


# -- the report -------------------------------------------------------------------------------------

def _child(args: list[str]) -> dict:
    res = _checked(run([sys.executable, __file__, *args]), " ".join(args))
    payload = json.loads(res["out"].strip().splitlines()[-1])
    return {**res, **payload}


def both_cores(pasyans: Path, corpus: Path, n: int, runs: int, tmp: Path) -> None:
    """Section 4: the console script's build of ``n`` copies with ``--jobs 1`` and ``--jobs 2``,
    ``runs`` pairs run in turn; prints the medians and the median of the pairs' ratios."""
    corpus_n = copies(corpus, n, tmp)
    print(f"\n4. both cores: pasyans build of N = {n} copies, --jobs 1 and --jobs 2 in turn (median of {runs})")
    got: dict[int, list[dict]] = {1: [], 2: []}
    for _ in range(runs):
        for jobs in (1, 2):
            db = tmp / f"j{jobs}.db"
            got[jobs].append(_checked(run([str(pasyans), "build", "--corpus", str(corpus_n), "--db", str(db),
                                           "--jobs", str(jobs)]), f"pasyans build --jobs {jobs}"))
            db.unlink(missing_ok=True)
    shutil.rmtree(corpus_n)
    med = statistics.median
    print(f"   {'':14}{'wall s':>8}{'CPU s':>8}{'peak MB':>9}")
    for jobs, rs in got.items():
        print(f"   --jobs {jobs:<7}{med([r['wall'] for r in rs]):8.2f}{med([r['cpu'] for r in rs]):8.2f}"
              f"{med([r['peak_mb'] for r in rs]):9.0f}")
    ratio = med([b["wall"] / a["wall"] for a, b in zip(got[1], got[2])])
    print(f"   wall --jobs 2 / --jobs 1: {ratio:.2f}× (target ≤ 0.65×)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=ROOT / "corpus")
    ap.add_argument("--sizes", default="1,2,4,8,16", help="copies of the corpus for the curve (comma-separated)")
    ap.add_argument("--jobs", type=int, default=None, help="passed to the build of the curve")
    ap.add_argument("--runs", type=int, default=3, help="pairs (build, floor) for the ratio")
    ap.add_argument("--jobs-at", type=int, default=8, help="copies of the corpus for --jobs 2 / --jobs 1 (0: not run)")
    ap.add_argument("--jobs-runs", type=int, default=1, help="pairs (--jobs 1, --jobs 2) at --jobs-at copies")
    ap.add_argument("--no-bytecode", action="store_true",
                    help="do not compile the package's modules to bytecode first (as an install does)")
    ap.add_argument("--child-floor", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--child-build", nargs=2, type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--child-jobs", type=int, default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child_floor:
        print(json.dumps(floor_pass(a.child_floor)))
        return 0
    if a.child_build:
        print(json.dumps(staged_build(a.child_build[0], a.child_build[1], a.child_jobs)))
        return 0

    if not a.no_bytecode:
        from startup import compile_package  # bench/startup.py, beside this file

        compile_package()
    pasyans = Path(sys.executable).with_name("pasyans")
    tmp = Path(tempfile.mkdtemp(prefix="pasyans-bench-build-"))
    try:
        print(f"1. the build beside the floor ({a.corpus}, median of {a.runs} pairs run in turn)")
        builds, floors, ratios = [], [], []
        for i in range(a.runs):
            b = _checked(run([str(pasyans), "build", "--corpus", str(a.corpus), "--db", str(tmp / f"b{i}.db")]),
                         "pasyans build")
            f = _child(["--child-floor", str(a.corpus)])
            builds.append(b)
            floors.append(f)
            ratios.append((b["cpu"] / f["cpu"], b["wall"] / f["wall"]))
        med = lambda xs: statistics.median(xs)  # noqa: E731
        words, forms = floors[0]["words"], floors[0]["forms"]
        print(f"   floor: {words} words, {forms} word forms; lemma pass alone {med([f['pass_cpu'] for f in floors]):.2f} s CPU")
        print(f"   {'':28}{'CPU s':>8}{'wall s':>8}{'peak MB':>9}")
        for name, rs in (("pasyans build", builds), ("floor (whole process)", floors)):
            print(f"   {name:28}{med([r['cpu'] for r in rs]):8.2f}{med([r['wall'] for r in rs]):8.2f}"
                  f"{med([r['peak_mb'] for r in rs]):9.0f}")
        print(f"   ratio build / floor: CPU {med([r[0] for r in ratios]):.1f}×, wall {med([r[1] for r in ratios]):.1f}× "
              f"(target: CPU ≤ 5×)")

        sizes = [int(x) for x in a.sizes.split(",") if x.strip()]
        print(f"\n2-3. stages and the curve (N copies of the corpus as distinct sources, each copy's sentences"
              f" made distinct: adjacent words swapped, ≈ 1 pair in 3"
              f"{'' if a.jobs is None else f', --jobs {a.jobs}'})")
        curve = []
        for n in sizes:
            corpus_n = copies(a.corpus, n, tmp)
            args = ["--child-build", str(corpus_n), str(tmp / f"x{n}.db")]
            if a.jobs is not None:
                args += ["--child-jobs", str(a.jobs)]
            r = _child(args)
            curve.append((n, r))
            shutil.rmtree(corpus_n)
            (tmp / f"x{n}.db").unlink(missing_ok=True)
        n1 = curve[0][1]
        print(f"   {'N':>3}{'wall s':>9}{'CPU s':>9}{'wall/N=1':>10}{'CPU/N=1':>9}{'links %':>9}{'peak MB':>9}")
        for n, r in curve:
            links = r["stages"].get("write: links", 0.0) / r["cpu"] * 100 if r["cpu"] else 0.0
            print(f"   {n:3d}{r['wall']:9.2f}{r['cpu']:9.2f}{r['wall'] / n1['wall']:10.2f}{r['cpu'] / n1['cpu']:9.2f}"
                  f"{links:9.1f}{r['peak_mb']:9.0f}")
        print("   targets: time at N = 16 ≤ 18× N = 1; links ≤ 5 % of the build at N = 16")
        shares = [curve[0], curve[-1]] if len(curve) > 1 else [curve[0]]
        if a.jobs != 1:  # the sources' stages run in worker processes: time them in one process
            corpus_1 = copies(a.corpus, shares[0][0], tmp)
            shares = [(shares[0][0], _child(["--child-build", str(corpus_1), str(tmp / "s1.db"), "--child-jobs", "1"]))]
            shutil.rmtree(corpus_1)
            print(f"\n   (stage shares from one more build at N = {shares[0][0]} with --jobs 1: with more jobs the"
                  " stages of the sources run in worker processes, not timed here)")
        for n, r in shares:
            print(f"\n   stage shares at N = {n} (CPU s, % of the whole process's {r['cpu']:.2f} s):")
            staged = sum(r["stages"].values())
            rows = list(r["stages"].items()) + [("start-up, imports, corpus, other", r["cpu"] - staged)]
            for name, s in rows:
                print(f"     {name:34}{s:8.2f}{100 * s / r['cpu']:7.1f} %")
            if r["missing"]:
                print(f"     (not found, not timed: {', '.join(r['missing'])})")
        if a.jobs_at:
            both_cores(pasyans, a.corpus, a.jobs_at, a.jobs_runs, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
