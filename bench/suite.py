"""The test suite's CPU (issue 16): user + system seconds of a whole pytest run and of every
process it starts, for one checkout or several side by side.

    python bench/suite.py [--checkout DIR ...] [--rounds 1] [-- PYTEST ARGS]

Each checkout (default: this one) runs ``DIR/.venv/bin/python -m pytest -p no:cacheprovider``
in ``DIR``; with several checkouts the runs alternate (A B A B …) so that each meets the same
load. Prints one line a run — checkout, exit status, CPU s (``os.wait4``'s rusage: the run and
all its children), wall s, the 1-minute load average at its start, peak memory of its largest
process — then each checkout's median CPU and, for two or more, the ratio of each to the first.
CPU is the figure: the machine is shared, wall time follows the load. A second checkout of main
is made with ``git worktree add DIR main``; it needs its own ``.venv`` (``bash scripts/setup``
there, or a copy of this one whose editable finder names DIR).

Errors: a checkout without ``.venv/bin/python`` → one line, exit 2.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_once(checkout: Path, pytest_args: list[str]) -> tuple[int, float, float, float, int]:
    """→ (exit status, CPU s user + sys of the run and its children, wall s, load at start,
    peak resident MB of the largest process)."""
    load = os.getloadavg()[0]
    t = time.monotonic()
    proc = subprocess.Popen([str(checkout / ".venv/bin/python"), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             *pytest_args], cwd=checkout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, ru = os.wait4(proc.pid, 0)
    wall = time.monotonic() - t
    return os.waitstatus_to_exitcode(status), ru.ru_utime + ru.ru_stime, wall, load, ru.ru_maxrss // 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checkout", action="append", type=Path, help="a checkout to run (repeatable; default: this one)")
    ap.add_argument("--rounds", type=int, default=1, help="runs of each checkout (default 1)")
    ap.add_argument("pytest_args", nargs="*", help="after --: passed to pytest")
    args = ap.parse_args()
    checkouts = [c.resolve() for c in (args.checkout or [ROOT])]
    for c in checkouts:
        if not (c / ".venv/bin/python").exists():
            print(f"error: {c} has no .venv/bin/python; run `bash scripts/setup` there", file=sys.stderr)
            return 2
    cpu: dict[Path, list[float]] = {c: [] for c in checkouts}
    for r in range(1, args.rounds + 1):
        for c in checkouts:
            rc, s, wall, load, peak = run_once(c, args.pytest_args)
            cpu[c].append(s)
            print(f"round {r} {c}: status {rc}, CPU {s:.1f} s, wall {wall:.0f} s, load {load:.2f} at start, "
                  f"peak {peak} MB", flush=True)
    first = statistics.median(cpu[checkouts[0]])
    for c in checkouts:
        m = statistics.median(cpu[c])
        print(f"{c}: median CPU {m:.1f} s" + (f" = {m / first:.2f}× {checkouts[0].name}" if len(checkouts) > 1 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
