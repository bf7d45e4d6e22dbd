"""Bench: single rule sentences, each read alone, against the one field its annotation gives.

    python bench/rule_sentences.py [--file FILE] [-v] [--held-out]

``FILE`` (default ``tests/fixtures/annotations/rule_groups_sentences.json``): ``{"sentences": [{"split":
"tune"|"held", "lang": "ru"|"uk", "text": SENTENCE, "field": NAME, "value": VALUE}, ...]}``, ``NAME`` a
field of :data:`bench.rules.FIELDS` (``spaces`` → ``tableau.space``). Each sentence is read as a game's
whole text (:func:`pasyans.extract.rules.extract_rules`) and the field compared: **right** (equal),
**wrong** (another value), **unknown**. Printed per split, as counts and shares. ``-v`` lists the misses
of the tune split (those of the held split only with ``--held-out``: never read them while tuning).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from rules import FIELDS  # noqa: E402  (bench/rules.py, beside this file)

from pasyans.extract.rules import extract_rules, get_field  # noqa: E402
from pasyans.extract.text import MappedText  # noqa: E402

DEFAULT = ROOT / "tests" / "fixtures" / "annotations" / "rule_groups_sentences.json"


def read(row: dict):
    """The value the reader gives the row's field for its sentence read alone (``None``: unknown)."""
    spec = extract_rules(MappedText.from_lines([row["text"]]), row["lang"])
    return get_field(spec, FIELDS[row["field"]]).get("value")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, default=DEFAULT)
    ap.add_argument("-v", action="store_true", help="list the misses (tune split)")
    ap.add_argument("--held-out", action="store_true", help="with -v: the held split's misses too")
    args = ap.parse_args()
    rows = json.loads(args.file.read_text(encoding="utf-8"))["sentences"]
    by: dict[str, list[int]] = {}
    misses = []
    for row in rows:
        got = read(row)
        kind = 0 if got == row["value"] else (2 if got is None else 1)
        counts = by.setdefault(row["split"], [0, 0, 0])
        counts[kind] += 1
        if kind and (row["split"] == "tune" or args.held_out):
            misses.append((row, got))
    for split, (right, wrong, unknown) in by.items():
        n = right + wrong + unknown
        print(f"{split:5} {n:3} sentences: right {right} ({100 * right / n:.1f} %), wrong {wrong} "
              f"({100 * wrong / n:.1f} %), unknown {unknown}")
    if args.v:
        for row, got in misses:
            print(f"  [{row['split']}] {row['field']}: want {row['value']!r} got {got!r} — {row['text']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
