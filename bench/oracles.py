"""Bench: the solvers' solutions replayed in the full-state engine (engine/state.py, engine/replay.py).

Prints

* the **acceptance table**: every oracle solution of ``tests/fixtures/oracles/`` replayed under
  the spec extracted from the book 004 (``extract_rules`` on the game's text) and under that spec
  completed from the book's sentences (``tests/oracles_book_specs.py``): moves, verdict counts,
  won, accepted, and the first refused move's rule;
* **fresh deals** (when the ``fc-solve`` binary is installed): PySol deals from ``pysol_cards``
  solved by fc-solve and replayed under the completed specs;
* **throughput**: full-state replay in moves per second — the whole :func:`replay_solution` on
  parsed files (verdict under the book, verdict under the solver's rules, board comparison), and
  the bare engine (``check`` + apply of each resolved step).

Run: ``python bench/oracles.py [repetitions] [fresh deals per game]`` from the repository root
(defaults 20 and 10).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pasyans.engine.oracles import load_board, load_solution, solver_game_of  # noqa: E402
from pasyans.engine.replay import replay_solution  # noqa: E402
from pasyans.engine.position import Position  # noqa: E402
from tests.oracles_book_specs import completed_spec, extracted_spec, oracle_cases  # noqa: E402


def acceptance() -> None:
    print("acceptance: every oracle solution, under the extracted and the completed spec")
    print(f"{'solution':44} {'spec':9} {'moves':>5} {'legal':>5} {'illeg':>5} {'unver':>5} {'won':>4} {'ok':>4}  first refused")
    for game, board, sol, fmt in oracle_cases():
        for kind, spec in (("extracted", extracted_spec(game)), ("completed", completed_spec(game))):
            r = replay_solution(spec, board, sol, fmt)
            c = r.counts()
            first = r.first_refused
            why = (f"move {first.number}: {first.verdict.verdict} [{first.verdict.rule}]" if first else
                   ("solver: no solution" if not r.solved else ""))
            print(f"{game + '/' + sol.name:44} {kind:9} {len(r.moves):5} {c['legal']:5} {c['illegal']:5} "
                  f"{c['unverifiable']:5} {'yes' if r.won else 'no':>4} {'yes' if r.ok else 'no':>4}  {why}")


def fresh(per_game: int) -> None:
    exe = shutil.which("fc-solve")
    if exe is None:
        print("\nfresh deals: skipped (no fc-solve binary)")
        return
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random import RandomBase

    print(f"\nfresh deals 1…{per_game} (pysol_cards + fc-solve -mi 100000), completed specs")
    for game in ("eight_off", "beleaguered_castle", "simple_simon"):
        solved = ok = held = moves = 0
        for n in range(1, per_game + 1):
            board = Game(game, n, RandomBase.DEALS_PYSOL).calc_layout_string(CardRenderer(True))
            out = subprocess.run([exe, "--game", game, "-p", "-t", "-sam", "-sel", "-mi", "100000", "-"],
                                 input=board, capture_output=True, text=True, timeout=300).stdout
            r = replay_solution(completed_spec(game), board, out, "fcs", solver=game)
            solved += r.solved
            ok += r.ok
            moves += len(r.moves)
            held += any(m.verdict.what == "held" for m in r.moves)
        print(f"  {game:20} solved {solved:3}/{per_game}  accepted {ok:3}  moves {moves:5}  "
              f"refused for reusing a pile a finished run left (book: runs stay in the layout): {held}")


def throughput(reps: int) -> None:
    parsed = []
    for game, board, sol, fmt in oracle_cases():
        b = load_board(board, fmt)
        s = load_solution(sol, fmt, len(b.tableau))
        parsed.append((completed_spec(game), b, s, fmt, solver_game_of(sol)))
    n = 0
    t = time.perf_counter()
    for _ in range(reps):
        for spec, b, s, fmt, solver in parsed:
            n += len(replay_solution(spec, b, s, fmt, solver=solver).moves)
    dt = time.perf_counter() - t
    print(f"\nthroughput over {len(parsed)} solutions × {reps}:")
    print(f"  replay_solution (book + solver verdicts, board checks): {n / dt:9.0f} moves/s")
    steps = []
    for spec, b, s, fmt, solver in parsed:
        r = replay_solution(spec, b, s, fmt, solver=solver)
        steps.append((spec, b, [m.step for m in r.moves]))
    n = 0
    t = time.perf_counter()
    for _ in range(reps):
        for spec, b, ss in steps:
            st = Position.from_board(spec, b)
            for step in ss:
                st.apply(step)
            n += len(ss)
    dt = time.perf_counter() - t
    print(f"  Position.check + apply of resolved steps:                  {n / dt:9.0f} moves/s")


if __name__ == "__main__":
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    per_game = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    acceptance()
    fresh(per_game)
    throughput(reps)
