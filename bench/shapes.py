"""How a build grows with the shape of one text (issue 16: linear in the text, whatever its shape).

    python bench/shapes.py [--sizes 1000,2000,4000,8000] [--shapes lines,paragraph] [--runs R]

Two shapes of one game's text, each at N = ``--sizes`` sentences, added with ``pasyans add --empty``
into a corpus of their own and built with ``pasyans build --jobs 1`` (the console script, a fresh
process, as a user runs it):

* ``lines`` — one short sentence a line («Кладут.» × N under one title: an OCR or PDF dump);
* ``paragraph`` — one long paragraph of N sentences («Кладут карты. » × N).

For each N it prints the build's CPU and wall seconds (the whole process, by ``os.wait4``; the
median of ``--runs`` builds), the
ratio to the N before it (linear: ≈ 2 a doubling, start-up included, so a little less) and the
peak memory. The machine may be shared: compare the ratios of one run, not seconds across runs.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import _checked, run  # noqa: E402  (bench/build.py, beside this file)

SHAPES = {
    "lines": lambda n: "Косынка\n\n" + "Кладут.\n" * n,
    "paragraph": lambda n: "Косынка\n\n" + " ".join(["Кладут карты."] * n) + "\n",
}
"""Shape name → the text of N sentences."""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,2000,4000,8000", help="sentences per text (comma-separated)")
    ap.add_argument("--shapes", default=",".join(SHAPES), help="shapes to build: " + ", ".join(SHAPES))
    ap.add_argument("--runs", type=int, default=1, help="builds of each text (the median is printed)")
    a = ap.parse_args()
    sizes = [int(x) for x in a.sizes.split(",")]
    shapes = a.shapes.split(",")
    unknown = [s for s in shapes if s not in SHAPES]
    if unknown:
        sys.exit(f"unknown shape(s): {', '.join(unknown)} (known: {', '.join(SHAPES)})")
    pasyans = str(Path(sys.executable).with_name("pasyans"))
    tmp = Path(tempfile.mkdtemp(prefix="pasyans-bench-shapes-"))
    try:
        print(f"{'shape':10} {'N':>7} {'CPU s':>8} {'wall s':>8} {'CPU ×':>6} {'peak MB':>8}")
        for shape in shapes:
            prev = None
            for n in sizes:
                text = tmp / f"{shape}{n}.txt"
                text.write_text(SHAPES[shape](n), "utf-8")
                corpus, db = tmp / f"c-{shape}{n}", tmp / f"{shape}{n}.db"
                _checked(run([pasyans, "add", str(text), "--corpus", str(corpus), "--empty"]), f"add {text.name}")
                runs = [_checked(run([pasyans, "build", "--corpus", str(corpus), "--db", str(db), "--jobs", "1",
                                      "--force"]), f"build {shape} N={n}") for _ in range(max(1, a.runs))]
                res = {k: statistics.median(r[k] for r in runs) for k in ("cpu", "wall", "peak_mb")}
                grow = f"{res['cpu'] / prev:6.2f}" if prev else f"{'':6}"
                print(f"{shape:10} {n:7d} {res['cpu']:8.2f} {res['wall']:8.2f} {grow} {res['peak_mb']:8.0f}", flush=True)
                prev = res["cpu"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
