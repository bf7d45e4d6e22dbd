"""Fuzz every public reading entry point and print the crashes and slow inputs (issue 15 item 5).

    .venv/bin/python bench/fuzz.py                  # 10,000 inputs per entry point, 2 processes
    .venv/bin/python bench/fuzz.py -n 500 --only rules,parse_moves
    .venv/bin/python bench/fuzz.py --scaling-only   # the rules reader on 250 … 2,000 short lines

The entry points, what each may raise and the input strategy are ``tests/fuzz_targets.py`` (the
same ones the property tests of ``tests/test_fuzz.py`` run a few dozen times). A *crash* is an
exception the entry point does not document; crashes are grouped by type and the line of this
project where they were raised, each with its shortest input. *Slow* inputs took longer than
``--slow`` seconds (default 1). ``find`` and ``search`` read a three-game knowledge base written
for the run (or ``--db FILE``). The entry points of the genre-text strategy share one list of
inputs, drawn once by hypothesis (seeded) and kept in a file (``--inputs``): drawing costs ~10 ms
an input, far more than most entry points take. The table ends with the figures the issue asks for: the number
of inputs per entry point and of tracebacks over all of them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _site(e: BaseException) -> str:
    from pasyans.edge import where

    return where(e, skip=("tests",))


def generated(strategy, n: int, seed: int) -> list[str]:
    """The first ``n`` inputs hypothesis draws from ``strategy`` with ``seed`` (generation only, no
    shrinking): the inputs an entry point is given, drawn once."""
    out: list[str] = []
    _given(lambda text: out.append(text), strategy, n, seed)
    return out


def shared_inputs(path: str | None, n: int, seed: int) -> list[str]:
    """The genre-text inputs (``tests.fuzz_targets.genre_text``) every entry point of that
    strategy shares: read from ``path`` when it holds them for this ``n`` and ``seed``, else
    drawn (:func:`generated`; ~10 ms an input, most of a cheap entry point's time) and written
    there. ``path`` ``None``: drawn, not kept."""
    from tests.fuzz_targets import genre_text

    if path and Path(path).is_file():
        data = json.loads(Path(path).read_text("ascii"))
        if data.get("n") == n and data.get("seed") == seed:
            return data["inputs"]
    inputs = generated(genre_text(), n, seed)
    if path:  # ASCII JSON: the lone surrogates of the inputs written as their escapes
        Path(path).write_text(json.dumps({"n": n, "seed": seed, "inputs": inputs}), "ascii")
    return inputs


def fuzz_one(name: str, n: int, slow: float, seed: int, db: str | None, progress: int = 0,
             inputs_file: str | None = None) -> dict:
    """Run ``n`` generated inputs through the entry point ``name``; return its report. A new crash
    site is printed on standard error when found, and (``progress`` > 0) a count every
    ``progress`` inputs. ``inputs_file``: an entry point of the genre-text strategy runs the
    inputs kept there (:func:`shared_inputs`), drawn once for all of them."""
    from tests.fuzz_targets import BY_NAME, genre_text, small_kb

    target = BY_NAME[name]
    ctx: dict = {}
    if target.needs_kb:
        from pasyans.kb.query import connect

        ctx["path"] = db or small_kb(Path(tempfile.mkdtemp(prefix="fuzz-kb-")))
        ctx["db"] = connect(ctx["path"])
    try:  # warm up (models, dictionaries, grammars load on the first call): not timed
        target.call("Тузы кладут на базу.", ctx)
    except Exception:  # noqa: BLE001 - a crash here is found again below
        pass
    crashes: dict[tuple[str, str], dict] = {}
    times: list[float] = []
    slow_inputs: list[tuple[float, str]] = []

    def run(text):
        t = time.perf_counter()
        try:
            target.call(text, ctx)
        except Exception as e:  # noqa: BLE001 - recording every crash is the point
            if not target.is_allowed(e):
                key = (type(e).__name__, _site(e))
                if key not in crashes:  # said at once: a run stopped early still names what it found
                    print(f"  {name}: new crash {key[0]} at {key[1]} on {_short(text, 200)}: {str(e)[:120]}",
                          file=sys.stderr, flush=True)
                c = crashes.setdefault(key, {"count": 0, "input": text, "message": str(e)[:120]})
                c["count"] += 1
                if len(text) < len(c["input"]):
                    c["input"], c["message"] = text, str(e)[:120]
        dt = time.perf_counter() - t
        times.append(dt)
        if progress and len(times) % progress == 0:
            print(f"  {name}: {len(times)} inputs so far, {sum(c['count'] for c in crashes.values())} crashes",
                  file=sys.stderr, flush=True)
        if dt > slow:
            slow_inputs.append((dt, text))

    if inputs_file and target.strategy is genre_text:
        for text in shared_inputs(inputs_file, n, seed):
            run(text)
    else:
        _given(run, target.strategy(), n, seed)
    times.sort()
    slow_inputs.sort(reverse=True)
    return {"name": name, "area": target.area, "owner": target.owner, "inputs": len(times),
            "crashes": sum(c["count"] for c in crashes.values()),
            "sites": [{"type": t, "site": s, **c} for (t, s), c in sorted(crashes.items())],
            "median_ms": 1000 * times[len(times) // 2] if times else 0.0,
            "max_ms": 1000 * times[-1] if times else 0.0,
            "slow": len(slow_inputs), "slowest": [(round(dt, 2), txt[:200], len(txt)) for dt, txt in slow_inputs[:3]]}


def _given(run, strategy, n: int, seed: int) -> None:
    """``run(text)`` on ``n`` inputs hypothesis draws from ``strategy`` as they are drawn."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed

    hseed(seed)(settings(max_examples=n, deadline=None, database=None, phases=[Phase.generate],
                         suppress_health_check=list(HealthCheck))(given(text=strategy)(run)))()


SCALING = ("rules", "segment_article", "parse_moves")
"""The entry points timed on many short lines (issue 15: the rules reader slowed quadratically)."""


def scaling(sizes=(250, 500, 1000, 2000), names=SCALING, repeat: int = 3) -> list[tuple[str, int, float]]:
    """Seconds each entry point of ``names`` (the rules reader, the article segmenter and the
    move reader by default) takes on ``n`` one-letter lines, for each ``n`` of ``sizes``: the
    median of ``repeat`` runs (process CPU time, so other programs on the machine count less)."""
    from tests.fuzz_targets import BY_NAME

    out = []
    for name in names:
        BY_NAME[name].call("Тузы кладут на базу.", {})  # warm up: models and tables load once, untimed
        for n in sizes:
            text = "\n".join("абвгдежзиклмнопрстуфхцчшэюя"[i % 27] for i in range(n))
            BY_NAME[name].call(text[: len(text) // 4], {})  # caches of these letters' words, untimed
            runs = []
            for _ in range(max(1, repeat)):
                t = time.process_time()
                BY_NAME[name].call(text, {})
                runs.append(time.process_time() - t)
            out.append((name, n, sorted(runs)[len(runs) // 2]))
    return out


def json_text(data) -> str:
    """``data`` as JSON text that encodes to UTF-8: Cyrillic as printed, a lone surrogate (the
    fuzzer's inputs hold them; UTF-8 cannot) written as its ``\\udXXX`` escape."""
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return re.sub("[\ud800-\udfff]", lambda m: f"\\u{ord(m.group()):04x}", text)


def _short(text: str, width: int = 70) -> str:
    r = repr(text)
    return r if len(r) <= width else r[: width - 1] + "…"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=10_000, help="inputs per entry point (default 10,000)")
    ap.add_argument("--only", default="", help="comma-separated entry point names")
    ap.add_argument("--slow", type=float, default=1.0, help="seconds above which an input counts as slow")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--db", default=None, help="knowledge base for find/search (default: a small one)")
    ap.add_argument("--inputs", default=None, help="file of the genre-text inputs the entry points share, drawn "
                    "once (default: fuzz-inputs-N-SEED.json in the temporary folder)")
    ap.add_argument("--no-shared", action="store_true", help="draw each entry point's inputs as it runs")
    ap.add_argument("--json", default=None, help="also write the reports to this file")
    ap.add_argument("--progress", type=int, default=1000, help="print a count every N inputs of each entry point (0: none)")
    ap.add_argument("--scaling-only", action="store_true")
    ap.add_argument("--no-scaling", action="store_true")
    ap.add_argument("--sizes", default="250,500,1000,2000", help="line counts of the scaling table")
    ap.add_argument("--scaling-targets", default=",".join(SCALING), help="entry points of the scaling table")
    args = ap.parse_args(argv)

    from tests.fuzz_targets import BY_NAME, TARGETS, genre_text

    reports = []
    if not args.scaling_only:
        names = [t.name for t in TARGETS if not args.only or t.name in args.only.split(",")]
        t0 = time.perf_counter()
        inputs = None
        if not args.no_shared and any(BY_NAME[nm].strategy is genre_text for nm in names):
            inputs = args.inputs or str(Path(tempfile.gettempdir()) / f"fuzz-inputs-{args.n}-{args.seed}.json")
            shared_inputs(inputs, args.n, args.seed)  # drawn once, here, before the workers read it
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(fuzz_one, nm, args.n, args.slow, args.seed, args.db, args.progress, inputs)
                       for nm in names]
            for f in futures:
                r = f.result()
                reports.append(r)
                print(f"  {r['name']}: {r['inputs']} inputs, {r['crashes']} crashes", file=sys.stderr, flush=True)
        wall = time.perf_counter() - t0
        print(f"\n{'entry point':18} {'area':13} {'owner':7} {'inputs':>7} {'crashes':>7} {'sites':>5} "
              f"{'median ms':>9} {'max ms':>8} {'slow':>5}")
        for r in reports:
            print(f"{r['name']:18} {r['area']:13} {r['owner']:7} {r['inputs']:>7} {r['crashes']:>7} "
                  f"{len(r['sites']):>5} {r['median_ms']:>9.1f} {r['max_ms']:>8.0f} {r['slow']:>5}")
        total = sum(r["crashes"] for r in reports)
        print(f"{'all':18} {'':13} {'':7} {sum(r['inputs'] for r in reports):>7} {total:>7} "
              f"{sum(len(r['sites']) for r in reports):>5}   (wall {wall:.0f} s, seed {args.seed})")
        if total:
            print("\ncrashes (type, where, count, shortest input):")
            for r in reports:
                for s in r["sites"]:
                    print(f"  {r['name']:16} {s['type']:18} {s['site']:28} {s['count']:>5}  {_short(s['input'])}"
                          f"  — {s['message'][:60]}")
        slow = [(r["name"], *x) for r in reports for x in r["slowest"]]
        if slow:
            print(f"\nslow inputs (> {args.slow} s; the three slowest per entry point):")
            for name, dt, txt, n in sorted(slow, key=lambda x: -x[1]):
                print(f"  {name:16} {dt:6.2f} s  {n:>6} chars  {_short(txt)}")
    if not args.no_scaling:
        print("\nscaling on one-letter lines (CPU seconds, median of 3; last column: ms a line at the largest size over ms a "
              "line at the smallest — about 1 when linear):")
        rows = scaling(tuple(int(x) for x in args.sizes.split(",")), tuple(args.scaling_targets.split(",")))
        sizes = sorted({n for _nm, n, _s in rows})
        print(f"  {'entry point':16} " + " ".join(f"{n:>7}" for n in sizes) + "   per-line ratio")
        for name in dict.fromkeys(nm for nm, _n, _s in rows):
            secs = [s for nm, _n, s in rows if nm == name]
            ratio = (secs[-1] / sizes[-1]) / (secs[0] / sizes[0]) if secs[0] > 0 else float("nan")
            print(f"  {name:16} " + " ".join(f"{s:7.2f}" for s in secs) + f"   {ratio:6.2f}")
    if args.json:
        Path(args.json).write_text(json_text(reports), "utf-8")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
