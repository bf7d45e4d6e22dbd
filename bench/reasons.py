"""Bench: the verdict reasons a person reads (issue 13 item 4).

Run: ``python bench/reasons.py [--quotes [-v]]`` (the whole path in memory, as ``bench/verdicts.py``). Prints
the longest reason, how much of each reason comes before the book's quote (what a 100-column
``pasyans verify`` line shows whole),, how many exceed 240 characters and how many fit on one line of a 100-column
terminal after the 6-column indent ``pasyans verify`` gives them, the number of «no destination»
verdicts (rule ``to``, code ``no-destination``), and the count of reasons per (verdict, rule,
code). Figures only by default: the book's words (reasons quote rule sentences, «no destination»
moves quote example lines — some on the lead's kept-back pages) are printed only with ``--quotes``
(each «no destination» move with its line, and one sample reason per (verdict, rule, code));
``--quotes -v`` prints every reason.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    spec = importlib.util.spec_from_file_location("bench_verdicts", ROOT / "bench" / "verdicts.py")
    bv = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bv)
    rows = bv.collect()
    lengths = [len(r["verdict"].reason) for r in rows]
    print(f"reasons {len(rows)}; longest {max(lengths)}; over 240: {sum(n > 240 for n in lengths)}; "
          f"fit one 100-column line (94 after the indent): {sum(n <= 94 for n in lengths)}; "
          f"median {sorted(lengths)[len(lengths) // 2]}")
    head = [len(r["verdict"].reason.split(" — «")[0]) for r in rows]
    print(f"the part before the book's quote (rule in words, lines, assumptions) fits 94 columns: "
          f"{sum(n <= 94 for n in head)} of {len(rows)}; median {sorted(head)[len(head) // 2]}")
    nodest = [r for r in rows if r["verdict"].what == "no-destination"]
    print(f"«no destination» verdicts: {len(nodest)}")
    quotes = "--quotes" in sys.argv
    if quotes:
        for r in nodest:
            print(f"  {r['game']} L{r['move'].lines[0]} «{r['move'].raw[:70]}»")
    seen: Counter = Counter((r["verdict"].verdict, r["verdict"].rule, r["verdict"].what) for r in rows)
    print(f"reasons per (verdict, rule, code): {len(seen)} kinds")
    if not quotes:
        for (verdict, rule, what), n in sorted(seen.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {n:4d}  {verdict}/{rule}/{what}")
        return
    shown: set = set()
    print("samples:")
    for r in rows:
        v = r["verdict"]
        key = (v.verdict, v.rule, v.what)
        if key not in shown or "-v" in sys.argv:
            print(f"  [{v.verdict}/{v.rule}/{v.what}] {v.reason}")
        shown.add(key)


if __name__ == "__main__":
    main()
