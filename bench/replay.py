"""Bench: full-state replay throughput of the 000 Paganini examples (variants А and Б).

The variant-А table is read from the corpus (raw lines 7–14 of 000) with
:func:`pasyans.extract.layout.read_paganini_layout`; the variant-Б table is derived from it with
:func:`pasyans.extract.layout.fill_windows_with_aces` (line 25: «У 1-му ряду - ПА, …»). The moves
come from the hand-checked gold (``tests/fixtures/gold/000_003.json``, moves as printed) through
the test helper, so the bench measures the engine, not the move parser.

Prints, for each example, the verdict counts and three figures:

* ``replay_full``: moves per second of the whole replay (undecided cells tried by replay,
  lookahead for ambiguous sources, corrections of impossible moves, claim checks);
* ``apply+undo``: resolved steps per second on the bare state (apply, then undo all);
* ``legal_moves``: full move generations per second on the starting state.

Run: ``python bench/replay.py [repetitions]`` (from the repository root; default 200).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pasyans.corpus import load_corpus  # noqa: E402
from pasyans.engine.variants import paganini_replay as pg  # noqa: E402
from pasyans.extract.claims import read_claims  # noqa: E402
from pasyans.extract.layout import fill_windows_with_aces, read_paganini_layout  # noqa: E402
from pasyans.models import Example  # noqa: E402
from tests import engine_gold as eg  # noqa: E402


def _inputs():
    src = next(s for s in load_corpus(ROOT / "corpus") if s.id == "000")
    reading = read_paganini_layout(src.lines[6:14], 7)
    gold = eg.load()
    moves_a = eg.printed_moves(eg.example(gold, "000-1"))
    moves_b = eg.printed_moves(eg.example(gold, "000-2"))
    und = pg.as_undecided(reading.undecided)
    rows_b, groups = fill_windows_with_aces(reading.rows, {r: [eg.card(a) for a in aces] for r, aces in eg.ACES_B.items()})
    groups = pg.as_undecided(groups)
    read_claims(Example((25, 25), src.line(25), moves=moves_b), "uk")
    claims_b = {i: c for i, m in enumerate(moves_b) for c in m.claims}
    return [("А «килим» (line 21)", reading.rows, moves_a, "А", und, {}),
            ("Б «Паганіні» (line 25)", rows_b, moves_b, "Б", groups + und, claims_b)]


def _rate(n: int, fn) -> float:
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return n / (time.perf_counter() - t)


def main(reps: int = 200) -> None:
    for name, rows, moves, variant, und, claims in _inputs():
        res = pg.replay_full(rows, moves, variant, undecided=und, claims=claims)
        counts = Counter(v.verdict for v in res.verdicts)
        full = _rate(reps, lambda: pg.replay_full(rows, moves, variant, undecided=und, claims=claims)) * len(moves)
        steps = [s for s in res.steps if s is not None]
        start = pg.PaganiniState(res.layout, variant)

        def play():
            for s in steps:
                start.apply(s)
            for _ in steps:
                start.undo()

        bare = _rate(reps * 20, play) * len(steps)
        gen = _rate(reps * 20, start.legal_moves)
        print(f"{name}: {len(moves)} moves, verdicts {dict(counts)}; "
              f"corrections {[c.proposed for c in res.corrections]}")
        print(f"  replay_full  {full:12,.0f} moves/s")
        print(f"  apply+undo   {bare:12,.0f} steps/s")
        print(f"  legal_moves  {gen:12,.0f} generations/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
