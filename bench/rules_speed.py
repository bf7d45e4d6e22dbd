"""Bench: how fast the rule reader reads, apart from segmentation (issue 12 item 6).

The five bundled sources are segmented once (not timed), as ``pasyans build`` does; then the rule
specs of every game (:func:`pasyans.extract.rules.spec_for_games`) and of every Aisleriot help page
of ``tests/fixtures/aisleriot/{ru,uk}`` (:func:`pasyans.extract.rules.extract_rules`, a page read
whole) are read ``--repeat`` times. Printed: CPU seconds of each round, their median, games read.
Only the two public functions are called, so the same script times any version of the reader
(run it from a checkout of that version).

Run: ``python bench/rules_speed.py [--repeat 3]`` from the repository root.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from pasyans.corpus import load_corpus
from pasyans.extract.rules import extract_rules, spec_for_games
from pasyans.extract.text import MappedText
from pasyans.pipeline import segment

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "tests" / "fixtures" / "aisleriot"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="rounds to time (median printed)")
    args = ap.parse_args()
    sources = load_corpus(ROOT / "corpus")
    segmented = [(src, segment(src)) for src in sources]
    pages = [(p.parent.name, p.read_text("utf-8").splitlines())
             for lang in ("ru", "uk") for p in sorted((PAGES / lang).glob("*.txt"))]
    rounds = []
    games = 0
    for _ in range(args.repeat):
        t0 = time.process_time()
        games = 0
        for src, seg in segmented:
            games += len(spec_for_games(seg.games, seg.game_texts, src.language, src.id, src))
        for lang, lines in pages:
            extract_rules(MappedText.from_lines(lines), lang)
            games += 1
        rounds.append(time.process_time() - t0)
    print(f"rule specs of {games} games (5 sources + {len(pages)} Aisleriot pages): "
          f"rounds {', '.join(f'{r:.2f}' for r in rounds)} s CPU; median {statistics.median(rounds):.2f} s")


if __name__ == "__main__":
    main()
