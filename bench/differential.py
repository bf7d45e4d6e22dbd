"""Bench: the two modes of the position model on every (spec, move) pair of the corpus.

Run: ``python bench/differential.py [-v]``. The whole path runs in memory (as ``bench/verdicts.py``);
each example move is judged in every situation both modes can be given exactly (target on the
tableau, on a foundation, a base to an empty foundation, a space, a cell, a deal: see
``tests/differential.py``), by the known-facts mode on the move and the full mode on the step.
Prints the cases compared (both definite, the known mode's assumptions made true by the
realisation) and every disagreement; ``-v`` also counts the cases per kind.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.differential import compare  # noqa: E402


def main() -> int:
    spec = importlib.util.spec_from_file_location("bench_verdicts", ROOT / "bench" / "verdicts.py")
    bv = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bv)
    rows = bv.collect()
    kinds: Counter = Counter()
    compared = agreed = 0
    bad = []
    for r in rows:
        for o in compare(r["spec"], r["move"]):
            kinds[(o.case, o.compared)] += 1
            if o.compared:
                compared += 1
                if o.agree:
                    agreed += 1
                else:
                    bad.append((r, o))
    print(f"moves {len(rows)}; cases {sum(kinds.values())}; compared (both definite) {compared}; "
          f"agree {agreed}; disagreements {len(bad)}")
    if "-v" in sys.argv:
        for (case, comp), n in sorted(kinds.items()):
            print(f"  case {case} {'compared' if comp else 'not decided by both'}: {n}")
    for r, o in bad:
        print(f"  DISAGREE {r['game']} L{r['move'].lines[0]} «{r['move'].raw[:60]}» case {o.case}: "
              f"known {o.known.verdict} [{o.known.rule}/{o.known.what}] vs full {o.full.verdict} "
              f"[{o.full.rule}/{o.full.what}]")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
