"""Bench: the Solvitaire export over a knowledge base, and the hand check of which games Solvitaire
can express.

Run: ``python bench/solvitaire.py [--db FILE] [-v]`` (from the checkout, venv active; default
``./pasyans.db`` — build it with ``pasyans build``). Prints:

* **exported**: games written as Solvitaire files, of all games;
* **refusals**: how many obstacles name a stated rule with its quote (Solvitaire has no rule for
  it) and how many name a fact the text as read does not give (``not read``), and the fields most
  often behind either; the refused games counted under each stated rule Solvitaire has none for,
  and the games refused only for facts not read (the reader's gaps, not Solvitaire's); each stated
  rule's count is split by the value the text gives it («foundations.base (A+K 23, none 13, …)»);
* **presets**: exports compared with Solvitaire's own preset of the same game; differences, and how
  many rest on no book quote (the target is 0); keys taken from a preset where the book is silent;
* **hand check** against ``tests/fixtures/annotations/solvitaire_expressible.json``: of the games
  annotated expressible, how many are exported (and which are refused, with why); of the games
  annotated not expressible, how many refusals name the real obstacle (an obstacle on one of the
  annotated fields), and none may be exported.

``-v`` lists every refusal with its obstacles.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pasyans.kb.solvitaire import NotExpressible, export_game  # noqa: E402
from pasyans.kb.solvitaire_format import preset_for  # noqa: E402

HAND = ROOT / "tests" / "fixtures" / "annotations" / "solvitaire_expressible.json"
JUDGED = ROOT / "tests" / "fixtures" / "annotations" / "solvitaire_obstacles.json"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="pasyans.db")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    cross = {r["game"]: dict(r) for r in conn.execute("SELECT * FROM crosswalk")}
    games = [(r["id"], r["name"], json.loads(r["rules"] or "{}")) for r in conn.execute("SELECT id, name, rules FROM games")]
    done, refused = {}, {}
    for gid, name, rules in games:
        try:
            done[gid] = export_game(rules, preset_for(cross.get(gid)))
        except NotExpressible as e:
            refused[gid] = (name, e.obstacles)
    print(f"exported: {len(done)} of {len(games)} games")
    kinds, fields = Counter(), Counter()
    for _, obstacles in refused.values():
        for o in obstacles:
            kind = "not read" if " is not read from the text" in o.text else "stated rule"
            kinds[kind] += 1
            fields[(kind, o.fields[0])] += 1
    print(f"refusals: {len(refused)} games, {sum(kinds.values())} obstacles: "
          + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    for (kind, f), n in fields.most_common(12):
        print(f"    {n:3}  {kind:11}  {f}")
    by_rule, by_value, unread_only = Counter(), Counter(), []
    specs = {gid: rules for gid, _, rules in games}
    for gid, (name, obstacles) in refused.items():
        stated = {o.fields[0] for o in obstacles if " is not read from the text" not in o.text}
        by_rule.update(stated)
        by_value.update({f"{f} = {_value(specs[gid], f)}" for f in stated if not f.startswith("special:")})
        if not stated:
            unread_only.append(f"{gid} {name}")
    print(f"refused games by the stated rule Solvitaire has none for ({len(refused) - len(unread_only)} games; "
          f"a game counts under each of its rules):")
    for f, n in by_rule.most_common():
        values = ", ".join(f"{v.split(' = ', 1)[1]} {m}" for v, m in by_value.most_common() if v.startswith(f + " = "))
        print(f"    {n:3}  {f}" + (f"  ({values})" if values else ""))
    print(f"refused only for facts the text as read does not give: {len(unread_only)} games"
          + (": " + ", ".join(unread_only) if unread_only else ""))
    compared = [r for r in done.values() if r.preset]
    diffs = [d for r in compared for d in r.differences]
    filled = [n for r in done.values() for n in r.notes if n.basis == "preset"]
    print(f"presets: {len(compared)} exports compared with Solvitaire's preset of the same game; "
          f"{len(diffs)} differences, {sum(not d.note.quoted for d in diffs)} without a book quote; "
          f"{len(filled)} keys taken from a preset (book silent)")
    hand = json.loads(HAND.read_text("utf-8"))["games"]
    yes = [h for h in hand if h["expressible"]]
    no = [h for h in hand if not h["expressible"]]
    got = [h for h in yes if h["game"] in done]
    print(f"hand check, expressible: {len(got)} of {len(yes)} exported")
    for h in yes:
        if h["game"] in refused:
            why = "; ".join(sorted({o.fields[0] for o in refused[h['game']][1]}))
            print(f"    refused {h['game']} {h['name']}: {why}")
    named = [h for h in no if h["game"] in refused
             and any(set(o.fields) & set(h["obstacle_fields"]) or
                     ("special" in h["obstacle_fields"] and o.fields[0].startswith("special:"))
                     for o in refused[h["game"]][1])]
    print(f"hand check, not expressible: {len(named)} of {len(no)} refusals name the real obstacle; "
          f"{sum(h['game'] in done for h in no)} exported (must be 0)")
    for h in no:
        if h not in named:
            why = "exported" if h["game"] in done else "; ".join(sorted({o.fields[0] for o in refused[h['game']][1]}))
            print(f"    {h['game']} {h['name']}: wanted {', '.join(h['obstacle_fields'])}; got {why}")
    _first_obstacles(refused, specs)
    if args.v:
        for gid, (name, obstacles) in refused.items():
            print(f"{gid} {name}")
            for o in obstacles:
                print(f"    {o.text}")


def first_obstacle(spec: dict, obstacles) -> str:
    """The class of a refusal's first obstacle: «field = value» (or «special:name») of the first stated
    rule it names, in the export's order; with none stated, «field (not read)» of the first fact."""
    stated = [o for o in obstacles if " is not read from the text" not in o.text]
    f = (stated or obstacles)[0].fields[0]
    if not stated:
        return f"{f} (not read)"
    return f if f.startswith("special:") else f"{f} = {_value(spec, f)}"


def _first_obstacles(refused: dict, specs: dict) -> None:
    """Print each refused game's first obstacle, grouped by class, with the hand judgement of
    ``JUDGED`` (a limit of Solvitaire's rules, or a reading error) and what is not judged."""
    judged = json.loads(JUDGED.read_text("utf-8"))
    classes, games = judged["classes"], judged["games"]
    by_class: dict[str, list[str]] = {}
    for gid, (_name, obstacles) in refused.items():
        by_class.setdefault(first_obstacle(specs[gid], obstacles), []).append(gid)
    verdicts = Counter()
    print(f"first obstacle of each refused game ({len(refused)}), judged by hand in {JUDGED.relative_to(ROOT)}:")
    for cls, gids in sorted(by_class.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        own = [g for g in gids if g in games]
        rest = [g for g in gids if g not in games]
        if rest:
            c = classes.get(cls)
            label = f"{c['judged']}: {c['why']}" if c else "NOT JUDGED"
            verdicts[c["judged"] if c else "not judged"] += len(rest)
            print(f"    {len(rest):3}  {cls} — {label}")
            print("         " + ", ".join(f"{g} {refused[g][0]}" for g in rest))
        for g in own:
            j = games[g]
            verdicts[j["judged"]] += 1
            then = f"; read right: {j['then']}" if j.get("then") else ""
            print(f"      1  {cls} — {g} {refused[g][0]}: {j['judged']}: {j['why']}{then}")
    print("judged: " + ", ".join(f"{k} {v}" for k, v in verdicts.most_common())
          + f" (of {len(refused)} refused games)")


def _value(spec: dict, path: str):
    """The value a rule spec (JSON) gives the field ``path`` («foundations.base»), or None."""
    section, _, name = path.partition(".")
    f = (spec.get(section) or {}).get(name)
    return f.get("value") if isinstance(f, dict) else None


if __name__ == "__main__":
    main()
