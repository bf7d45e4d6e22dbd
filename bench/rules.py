"""Bench: rule specs extracted from the gold games' raw lines against the hand-checked rules.

Gold: ``tests/fixtures/gold/rules_000_003_and_004_part1.json`` (56 games of 000–003 and the
book's pages 7–43). For each gold game the text is its raw line ranges (page numbers and the
book's single-letter side labels skipped, broken words joined; 002 modernized), read with
:func:`pasyans.extract.rules.extract_rules`. In the book, the chapter named by the vertical side
label («ИГРЫ ОДНОЙ КОЛОДОЙ», spelt letter by letter beside the text) is read as a parent spec and
inherited (its words are found among the book's capitalised heading lines).

Prints, per field group, accuracy over the games whose gold states the field: correct / stated,
and how many we answered (value not unknown) and how many of those were right.

Run: ``python bench/rules.py`` (from the repository root).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from pasyans.corpus import load_corpus
from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.rules import extract_rules, game_text, inherit, unknown_spec
from pasyans.extract.text import MappedText

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "fixtures" / "gold" / "rules_000_003_and_004_part1.json"

FIELDS = {
    "packs": "deck.packs",
    "cards_per_pack": "deck.cards_per_pack",
    "foundation_base": "foundations.base",
    "foundation_direction": "foundations.direction",
    "foundation_suit": "foundations.suit",
    "build_direction": "tableau.build_direction",
    "build_suit": "tableau.build_suit",
    "spaces": "tableau.space",
    "move_unit": "tableau.move",
    "redeals": "stock.redeals",
}
GROUPS = {
    "packs & pack size": ["packs", "cards_per_pack"],
    "foundations (base, direction, suit)": ["foundation_base", "foundation_direction", "foundation_suit"],
    "tableau (direction, suit)": ["build_direction", "build_suit"],
    "spaces": ["spaces"],
    "moves (extra)": ["move_unit"],
    "redeals (extra)": ["redeals"],
}
OUT_OF_SCHEMA = {"none", "other", "mixed", "any-first", "unlimited"}
"""Gold values the 0.1 schema cannot express (no foundations/building, mixed bases …)."""

GOLD_VALUE = {"alternate-colour": "alternate-color", "same-colour": "same-color",
              "single": "one-card", "sequence": "any-sequence"}
"""The gold file's spelling → the schema's."""


def _get(spec: dict, path: str) -> dict:
    node = spec
    for p in path.split("."):
        node = node[p]
    return node


def chapter_spec(source, first_line: int) -> tuple[dict, str] | None:
    """The parent spec of the book chapter whose side label stands before ``first_line``.

    The side label is a run of single-letter lines; its letters, spaces removed, are matched
    against the capitalised lines of the source (the table of contents prints the chapter titles).
    """
    lines = source.lines
    n = first_line - 1
    while n > 0 and len(lines[n - 1].strip()) != 1:
        n -= 1
        if first_line - n > 60:
            return None
    letters = []
    while n > 0 and len(lines[n - 1].strip()) == 1:
        if lines[n - 1].strip().isalpha():
            letters.append(lines[n - 1].strip())
        n -= 1
    label = "".join(reversed(letters))
    if len(label) < 4:
        return None
    for i, s in enumerate(lines, 1):
        if s.isupper() and s.replace(" ", "") == label:
            spec = extract_rules(MappedText.from_lines([s], i), source.language)
            return spec, f"chapter «{s}» (side label before line {first_line}; heading line {i})"
    return None


def run() -> dict:
    sources = {s.id: s for s in load_corpus(ROOT / "corpus")}
    gold = json.loads(GOLD.read_text("utf-8"))
    tally = {g: [0, 0, 0, 0, 0] for g in GROUPS}   # correct, gold-stated, answered, expressible, correct there
    misses: list[str] = []
    t0 = time.time()
    previous: dict[str, dict] = {}
    for game in gold:
        sid = game["source"][:3]
        src = sources[sid]
        mt = game_text(src.lines, [tuple(r) for r in game["line_ranges"]], src.language)
        if src.orthography == "pre-reform":
            mt = modernize_mapped(mt)
        spec = extract_rules(mt, src.language) if mt.text.strip() else unknown_spec()
        if any(x["name"] == "same-as" for x in spec["special"]) and sid in previous:
            # the text refers to another game: take the game before it in the source
            spec = inherit(spec, previous[sid], "the game before (text: same as another game)")
        previous[sid] = spec
        if src.kind == "book":
            parent = chapter_spec(src, game["line_ranges"][0][0])
            if parent:
                spec = inherit(spec, *parent)
        for group, keys in GROUPS.items():
            for key in keys:
                want = game[key]
                got = _get(spec, FIELDS[key])["value"]
                if want is None:
                    continue
                want = GOLD_VALUE.get(want, want)
                tally[group][1] += 1
                tally[group][2] += got is not None
                expressible = want not in OUT_OF_SCHEMA
                tally[group][3] += expressible
                if got == want:
                    tally[group][0] += 1
                    tally[group][4] += expressible
                else:
                    misses.append(f"{sid} {game['name']!s:24} {key:20} gold={want!r:18} got={got!r}")
    return {"tally": tally, "misses": misses, "games": len(gold), "seconds": time.time() - t0}


def main() -> None:
    res = run()
    print(f"rule extraction bench: {res['games']} gold games, {res['seconds']:.1f} s")
    print(f"{'group':38} {'correct/stated':>15} {'acc':>6} {'answered':>9} {'precision':>9}"
          f" {'in-schema acc':>15}")
    for group, (ok, n, answered, n_expr, ok_expr) in res["tally"].items():
        acc = ok / n if n else 0.0
        prec = ok / answered if answered else 0.0
        acc_expr = ok_expr / n_expr if n_expr else 0.0
        print(f"{group:38} {ok:>7}/{n:<7} {acc:6.1%} {answered:>9} {prec:9.1%}"
              f" {ok_expr:>4}/{n_expr:<4} {acc_expr:5.1%}")
    print("stated: games whose gold gives a value; answered: fields we did not leave unknown;"
          "\nin-schema: gold values the 0.1 enums can express (not none/other/mixed/any-first).")
    if "-v" in sys.argv:
        print("\nmisses:")
        print("\n".join(res["misses"]))


if __name__ == "__main__":
    main()
