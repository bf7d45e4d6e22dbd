"""Benchmark of the read commands' cold start (issue 16): ``pasyans find``, ``show``, ``verify``,
``search`` and ``--help`` through the console script, each a fresh process.

    python bench/startup.py [--db FILE] [--runs 10]

Prints, per command, the median (and min–max) wall and CPU seconds of the whole process, and the
heavy modules it loaded (spaCy, pymorphy3 and its dictionaries, pydantic, numpy), read from
``python -X importtime`` of one more run. Without ``--db`` a knowledge base is built from the
bundled corpus into a temporary folder first. The package's modules are compiled to bytecode
first, as ``pip install`` does (``--no-bytecode``: not). Target: cold ``pasyans find`` ≤ 0.3 s wall.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEAVY = ("spacy", "pymorphy3", "pymorphy3_dicts_ru", "pydantic", "numpy", "datasette", "jsonschema")

COMMANDS = [
    ("find", ["find", "Осада"]),
    ("show", ["show", "004-004"]),
    ("verify", ["verify", "004-004"]),
    ("search", ["search", "короли заполняют пробелы"]),
    ("--help", ["--help"]),
]


def _one(cmd: list[str]) -> tuple[float, float]:
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, _status, ru = os.wait4(proc.pid, 0)
    return time.perf_counter() - t, ru.ru_utime + ru.ru_stime


def _loaded(cmd: list[str]) -> tuple[list[str], dict[str, float]]:
    """The heavy modules a run imports and the import time (s) of each top-level package."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    err = subprocess.run(cmd, capture_output=True, text=True, env=env).stderr
    cumulative: dict[str, float] = {}
    for m in re.finditer(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", err):
        top = m.group(3).split(".")[0]
        if len(m.group(2)) <= 1:  # a top-level import
            cumulative[top] = cumulative.get(top, 0.0) + int(m.group(1)) / 1e6
    return [h for h in HEAVY if re.search(rf"\| +{h}(\.|$)", err, re.M)], cumulative


def compile_package() -> None:
    """What ``pip install`` does for a user: the package's modules compiled to bytecode once (an
    editable install under ``PYTHONDONTWRITEBYTECODE=1`` would compile every module on every start)."""
    import compileall

    root = Path(__file__).resolve().parent.parent
    for folder in ("pasyans", "kb", "extract", "engine", "grammar"):
        compileall.compile_dir(root / folder, quiet=1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--no-bytecode", action="store_true",
                    help="do not compile the package's modules to bytecode first (as an install does)")
    a = ap.parse_args()
    exe = str(Path(sys.executable).with_name("pasyans"))
    if not a.no_bytecode:
        compile_package()
    tmp = None
    db = a.db
    if db is None:
        tmp = Path(tempfile.mkdtemp(prefix="pasyans-bench-startup-"))
        db = tmp / "pasyans.db"
        subprocess.run([exe, "build", "--db", str(db), "--quiet"], check=True, stdout=subprocess.DEVNULL)
    try:
        print(f"cold start through the console script, {a.runs} runs each (median, min–max)")
        print(f"  {'command':10}{'wall s':>8}{'':>14}{'CPU s':>8}   heavy modules loaded; slowest imports")
        for name, args in COMMANDS:
            cmd = [exe, *args] + (["--db", str(db)] if name != "--help" else [])
            _one(cmd)  # warm the file cache
            runs = [_one(cmd) for _ in range(a.runs)]
            walls, cpus = [w for w, _c in runs], [c for _w, c in runs]
            heavy, tops = _loaded(cmd)
            slow = ", ".join(f"{k} {v:.2f}" for k, v in sorted(tops.items(), key=lambda kv: -kv[1])[:3])
            print(f"  {name:10}{statistics.median(walls):8.3f}  ({min(walls):.3f}–{max(walls):.3f})"
                  f"{statistics.median(cpus):8.3f}   {', '.join(heavy) or 'none'}; {slow}")
        print("  target: find ≤ 0.3 s wall")
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
