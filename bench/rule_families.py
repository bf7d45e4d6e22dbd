"""Bench: single rule sentences of other authors against the field each must give (session 11).

    python bench/rule_families.py [--file FILE] [--misses]

Reads ``FILE`` (default ``tests/fixtures/annotations/rule_families11.json``; session 12's is
``rule_families12.json``): a list of sentences, each with ``lang``
(ru / uk; pre-1918 spelling is modernised first), ``field`` (a dotted schema path), ``value`` (what
the field must hold; null: it must stay unknown), ``split`` (tune / held) and ``family``. Each sentence
is read alone as a one-line text. A sentence is *right* when the field holds the value, *wrong* when
it holds another value (or any value where null was expected), else *missed*.

Prints right % / wrong % per split and per family; ``--misses`` lists the tune half's misses only
(the held half's misses are never printed).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.rules import extract_rules_with_findings, get_field
from pasyans.extract.rules.interpret import PRE_1918
from pasyans.extract.text import MappedText

SAMPLE = Path(__file__).resolve().parent.parent / "tests/fixtures/annotations/rule_families11.json"


def read_value(text: str, lang: str, field: str):
    """The value (or None when not stated) the reader gives ``field`` for the one-line ``text``."""
    mt = MappedText.from_lines([text])
    if PRE_1918.search(text):
        mt = modernize_mapped(mt)
    f = get_field(extract_rules_with_findings(mt, lang)[0], field)
    return f["value"] if f["status"] == "stated" else None


def verdict(item: dict) -> tuple[str, object]:
    """``("right" | "wrong" | "missed", value read)`` for one sample item."""
    got = read_value(item["text"], item["lang"], item["field"])
    if got == item["value"]:
        return "right", got
    return ("missed" if got is None else "wrong"), got


def main(argv: list[str]) -> int:
    path = Path(argv[argv.index("--file") + 1]) if "--file" in argv else SAMPLE
    items = json.loads(path.read_text(encoding="utf-8"))["sentences"]
    tally: dict[str, Counter] = {}
    for item in items:
        v, got = verdict(item)
        for key in (item["split"], f"{item['split']}/{item['family']}"):
            tally.setdefault(key, Counter())[v] += 1
        if "--misses" in argv and item["split"] == "tune" and v != "right":
            print(f"  {v}: {item['text']}  {item['field']}={got!r} (want {item['value']!r})")
    for key in sorted(tally):
        c = tally[key]
        n = sum(c.values())
        print(f"{key:20s} {n:3d}  right {100 * c['right'] / n:5.1f} %  wrong {100 * c['wrong'] / n:5.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
