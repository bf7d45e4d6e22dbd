"""Bench: the rule specs the pipeline writes, against the hand-checked rules of the gold games.

Gold: ``tests/fixtures/gold/rules_000_003_and_004_part1.json`` (56 games of 000–003 and the
book's pages 7–43). Each source is segmented as ``pasyans build`` does it
(:func:`pasyans.pipeline.segment`) and read with :func:`pasyans.extract.rules.spec_for_games`
(numbered rules, same-as links, variants, the book's section labels and standard pack). A gold
game is matched to the segmented game of its source that shares most of its raw lines.

Prints, per field group, over the games whose gold states the field: correct / stated, how many
we answered (value not unknown) and the precision of those answers; then the same over the gold
values the schema can express («in-schema»). Gold «other» (a space policy outside the basic
list) counts as matched by our richer values ``from-reserve``, ``from-waste-or-stock``,
``any-or-reserve`` and ``other`` (the gold has no name for them).

Run: ``python bench/rules.py [-v]`` (from the repository root); ``-v`` lists the misses.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from pasyans.corpus import load_corpus
from pasyans.extract.rules import allowed_values, get_field, spec_for_games
from pasyans.pipeline import segment

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
    "foundation_step": "foundations.step",
    "tableau_piles": "layout.tableau_piles",
}
GROUPS = {
    "packs & pack size": ["packs", "cards_per_pack"],
    "foundations (base, direction, suit)": ["foundation_base", "foundation_direction", "foundation_suit"],
    "tableau (direction, suit)": ["build_direction", "build_suit"],
    "spaces": ["spaces"],
    "moves (extra)": ["move_unit"],
    "redeals (extra)": ["redeals"],
    "foundation step (extra)": ["foundation_step"],
    "tableau piles (extra)": ["tableau_piles"],
}

GOLD_VALUE = {"alternate-colour": "alternate-color", "same-colour": "same-color",
              "single": "one-card", "sequence": "any-sequence"}
"""The gold file's spelling → the schema's."""

WASTE = {"build_direction": "waste.build_direction", "build_suit": "waste.build_suit"}
"""The gold has no waste section: where a game builds only on the waste pile («Гольф»), its gold
build fields describe that rule (its doubts say so); they are compared with ``waste.*`` when our
tableau fields are unknown or ``none``."""

AS_GOLD = {"from-reserve": "other", "from-waste-or-stock": "other", "any-or-reserve": "other"}
"""Our space values the gold vocabulary calls «other»."""


def _in_schema(path: str, value) -> bool:
    enum = allowed_values(path)
    return enum is None or value in enum


def run() -> dict:
    sources = {s.id: s for s in load_corpus(ROOT / "corpus")}
    gold = json.loads(GOLD.read_text("utf-8"))
    t0 = time.time()
    specs: dict[str, dict] = {}
    games_of: dict[str, list] = {}
    for sid in sorted({g["source"][:3] for g in gold}):
        src = sources[sid]
        seg = segment(src)
        games_of[sid] = seg.games
        for key, (spec, _) in spec_for_games(seg.games, seg.game_texts, src.language, sid, src).items():
            specs[key] = spec
    # correct, gold-stated, answered, in-schema stated, in-schema correct
    tally = {g: [0, 0, 0, 0, 0] for g in GROUPS}
    misses: list[str] = []
    unmatched = 0
    for game in gold:
        sid = game["source"][:3]
        want_lines = {n for a, b in game["line_ranges"] for n in range(a, b + 1)}
        best, overlap = None, 0
        for g in games_of[sid]:
            have = {n for a, b in g.lines for n in range(a, b + 1)}
            if len(have & want_lines) > overlap:
                best, overlap = g, len(have & want_lines)
        if best is None:
            unmatched += 1
            continue
        spec = specs[best.key]
        for group, keys in GROUPS.items():
            for key in keys:
                want = game[key]
                if want is None:
                    continue
                want = GOLD_VALUE.get(want, want)
                got = get_field(spec, FIELDS[key])["value"]
                if key in WASTE and got in (None, "none") and get_field(spec, WASTE[key])["status"] != "unknown":
                    got = get_field(spec, WASTE[key])["value"]
                ok = got == want or AS_GOLD.get(got) == want
                expressible = _in_schema(FIELDS[key], want)
                t = tally[group]
                t[0] += ok
                t[1] += 1
                t[2] += got is not None
                t[3] += expressible
                t[4] += ok and expressible
                if not ok:
                    misses.append(f"{best.key:11} {game['name']!s:22} {key:20} gold={want!r:14} got={got!r}")
    return {"tally": tally, "misses": misses, "games": len(gold), "unmatched": unmatched,
            "seconds": time.time() - t0}


def main() -> None:
    res = run()
    print(f"rule spec bench: {res['games']} gold games ({res['unmatched']} not matched to a segmented game), "
          f"{res['seconds']:.1f} s")
    print(f"{'group':38} {'correct/stated':>15} {'acc':>6} {'answered':>9} {'precision':>9}"
          f" {'in-schema acc':>15}")
    for group, (ok, n, answered, n_expr, ok_expr) in res["tally"].items():
        acc = ok / n if n else 0.0
        prec = ok / answered if answered else 0.0
        acc_expr = ok_expr / n_expr if n_expr else 0.0
        print(f"{group:38} {ok:>7}/{n:<7} {acc:6.1%} {answered:>9} {prec:9.1%}"
              f" {ok_expr:>4}/{n_expr:<4} {acc_expr:5.1%}")
    print("stated: games whose gold gives a value; answered: fields we did not leave unknown;"
          "\nin-schema: gold values the schema's enums can express.")
    if "-v" in sys.argv:
        print("\nmisses:")
        print("\n".join(res["misses"]))


if __name__ == "__main__":
    main()
