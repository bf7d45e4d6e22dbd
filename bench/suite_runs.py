"""The test suite N times in a row (issue 15: «passes 5 runs in a row on a loaded 2-core machine").

    python bench/suite_runs.py [-n 5] [-- PYTEST ARGS]

Prints one line a run: its exit status, wall seconds (monotonic clock) and the 1-minute load average
when it started; then how many passed. Load the machine yourself (other work, or a busy loop) to
measure the «loaded» case; the figure is the count of runs with status 0, never a time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=5, help="runs (default 5)")
    ap.add_argument("pytest_args", nargs="*", help="after --: passed to pytest")
    args = ap.parse_args()
    ok = 0
    for i in range(1, args.n + 1):
        load = os.getloadavg()[0]
        t0 = time.monotonic()
        rc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args.pytest_args],
                            cwd=ROOT, stdout=subprocess.DEVNULL).returncode
        ok += rc == 0
        print(f"run {i}: status {rc}, {time.monotonic() - t0:.0f} s wall, load {load:.2f} at start", flush=True)
    print(f"{ok} of {args.n} runs passed in a row" if ok == args.n else f"{ok} of {args.n} runs passed")
    return 0 if ok == args.n else 1


if __name__ == "__main__":
    sys.exit(main())
