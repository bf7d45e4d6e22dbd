"""Benchmark of the commands as people use them (issue 14 item 4): does each do what it says?

    python bench/cli.py [--db FILE] [--no-build] [--verbose]

Runs the commands in-process (typer's test runner: the same code, output and exit codes as the
console script, without a process per call) on a knowledge base and prints:

- ``list``: games listed of the knowledge base's games; ``--source S``: for every source, only and
  all its games; ``--family``: every variant listed under its parent;
- ``show --rules``: games whose rules print as a table (not JSON) within 120 columns, and its
  median and largest line count; ``show --rules --json``: games whose output parses as JSON;
- English and catalogue names: of the games the knowledge base gives an English name or a
  catalogue entry, those whose ``show`` prints it and whose JSON export holds it;
- ``find <id>``: game ids that find their own game first;
- exit codes: 0 for an answer, 1 for none, for ``find``, ``search``, ``show``, ``verify`` with and
  without ``--json`` (each case named when it fails);
- ``build`` progress: the lines a build prints to a pipe, and how many carry an estimate of the
  time left (skipped with ``--no-build``);
- ``search`` snippets: over a set of queries, hits whose snippet is one piece of its sentence cut
  on word boundaries (no word cut in two, no text spliced from elsewhere), and duplicate hits
  (the same game and lines twice);
- cards in words and in symbols: of the sentences that write the queen of spades in a symbol
  notation («♠Д», «Д♠», «♠Q»), the share ``search "дама пик"`` finds, and the same for three
  other cards.

Exits 1 when a target is missed. Without ``--db`` a knowledge base is built into a temporary
folder.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_util import knowledge_base  # noqa: E402

QUERIES = ("короли заполняют пробелы", "туз", "дама пик", "пустое место", "колода", "основные карты",
           "валет червей", "раскладывают в ряд", "пасьянс не вышел", "король", "вільну клітинку", "вільне місце")
"""The search queries whose snippets are checked (Russian and Ukrainian, words and cards)."""

CARDS = {"дама пик": ("QS", r"♠\s?Д|Д\s?♠|♠\s?Q|Q\s?♠"), "король червей": ("KH", r"♥\s?К|К\s?♥|♥\s?K|K\s?♥"),
         "туз бубен": ("AD", r"♦\s?[ТA](?!\w)|A\s?♦"), "десятка треф": ("TC", r"♣\s?10|10\s?♣")}
"""Cards asked in words, with the symbol spellings that name them in the texts."""


class Runner:
    """``pasyans ARGS --db DB`` in-process: (exit code, output)."""

    def __init__(self, db: Path):
        from typer.testing import CliRunner

        from pasyans.cli import app

        self.app, self.runner, self.db = app, CliRunner(), str(db)

    def __call__(self, *args: str, db: bool = True) -> tuple[int, str]:
        r = self.runner.invoke(self.app, [*args, *(["--db", self.db] if db else [])], catch_exceptions=True)
        if r.exception is not None and not isinstance(r.exception, SystemExit):
            return 99, f"{type(r.exception).__name__}: {r.exception}"
        return r.exit_code, r.output


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path)
    ap.add_argument("--no-build", action="store_true", help="Leave out the build's progress lines.")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    with knowledge_base(args.db) as db:
        return measure(db, not args.no_build, args.verbose)


def say(ok: bool, line: str) -> bool:
    print(("" if ok else "MISSED  ") + line)
    return ok


def measure(db: Path, build: bool, verbose: bool) -> int:
    """The figures of the module docstring for the knowledge base ``db``; the exit status."""
    conn = sqlite3.connect(db)
    run = Runner(db)
    ok = True
    games = [r[0] for r in conn.execute("SELECT id FROM games ORDER BY id")]
    sources = [r[0] for r in conn.execute("SELECT id FROM sources ORDER BY id")]

    # list
    code, out = run("list", "--json")
    listed = {g["id"] for g in json.loads(out)} if code == 0 else set()
    ok &= say(listed == set(games), f"list: {len(listed & set(games))}/{len(games)} games listed (exit {code})")
    by_source_ok = 0
    for sid in sources:
        code, out = run("list", "--source", sid, "--json")
        got = {g["id"] for g in json.loads(out)} if code == 0 else set()
        want = {r[0] for r in conn.execute("SELECT id FROM games WHERE source = ?", (sid,))}
        by_source_ok += got == want
    ok &= say(by_source_ok == len(sources), f"list --source S: {by_source_ok}/{len(sources)} sources list only and all their games")
    code, out = run("list", "--family")
    lines = out.splitlines()
    variants = conn.execute("SELECT id, variant_of FROM games WHERE variant_of IS NOT NULL").fetchall()
    row_of = {}
    for i, line in enumerate(lines):
        for gid in re.findall(r"(?<![\w-])\d{3}-\d+(?:-v\d+)?(?![\w-])", line):
            row_of.setdefault(gid, i)
    under = sum(1 for v, p in variants if v in row_of and p in row_of and row_of[v] > row_of[p]
                and "↳" in lines[row_of[v]])
    ok &= say(under == len(variants), f"list --family: {under}/{len(variants)} variants listed under their parent, indented")

    # show --rules
    with_rules = [r[0] for r in conn.execute("SELECT id FROM games WHERE rules IS NOT NULL AND rules != '' ORDER BY id")]
    tables, counts, jsons, wide = 0, [], 0, []
    for gid in with_rules:
        code, out = run("show", gid, "--rules")
        rules_part = out.split("\n\n", 1)[-1]
        width = max((len(x) for x in out.splitlines() if x[:1] in "┏┃┡│└"), default=0)  # the table's lines
        if code == 0 and not rules_part.lstrip().startswith("{") and ("┃" in out or "│" in out) and width <= 120:
            tables += 1
        elif width > 120:
            wide.append(gid)
        counts.append(len(out.splitlines()))
        code, out = run("show", gid, "--rules", "--json")
        try:
            jsons += code == 0 and isinstance(json.loads(out), dict)
        except ValueError:
            pass
    ok &= say(tables == len(with_rules), f"show --rules: {tables}/{len(with_rules)} games print a table within 120 columns; "
              f"lines median {statistics.median(counts) if counts else 0:.0f}, most {max(counts, default=0)}"
              + (f"; wider: {wide[:5]}" if wide else ""))
    ok &= say(jsons == len(with_rules), f"show --rules --json: {jsons}/{len(with_rules)} games print the rule spec as JSON")

    # English and catalogue names
    from pasyans.kb.present import game_view

    named, shown, exported = [], 0, 0
    code, out = run("export", "--format", "json")
    entries = {g["id"]: g for g in json.loads(out)["games"]} if code == 0 else {}
    for gid in games:
        v = game_view(conn, gid)
        xw = v.get("crosswalk") or {}
        english = v.get("english") or []
        catalogue = [x for x in (xw.get("pysol_name"), xw.get("aisleriot"), xw.get("kpat")) if x]
        if not english and not catalogue:
            continue
        named.append(gid)
        code, text = run("show", gid)
        shown += all(n in text for n in english + catalogue)
        e = entries.get(gid, {})
        exported += set(english) <= set(e.get("english") or []) and (not catalogue or bool(e.get("catalogue_entry")))
    ok &= say(shown == len(named), f"English and catalogue names: shown by `show` for {shown}/{len(named)} games that have them")
    ok &= say(exported == len(named), f"English and catalogue names: in the JSON export for {exported}/{len(named)} games")

    # find takes ids
    found = 0
    for gid in games:
        code, out = run("find", gid, "--json")
        try:
            found += code == 0 and json.loads(out)[0]["id"] == gid
        except (ValueError, IndexError, KeyError):
            pass
    ok &= say(found == len(games), f"find <id>: {found}/{len(games)} ids find their own game first")

    # exit codes
    cases = [(("find", "Осада"), 0), (("find", "Осада", "--json"), 0), (("find", "zzzqqxx"), 1),
             (("find", "zzzqqxx", "--json"), 1), (("search", "короли"), 0), (("search", "короли", "--json"), 0),
             (("search", "zzzqqxx"), 1), (("search", "zzzqqxx", "--json"), 1), (("show", "004-004"), 0),
             (("show", "004-004", "--json"), 0), (("show", "zzzqqxx"), 1), (("show", "zzzqqxx", "--json"), 1),
             (("verify", "004-004"), 0), (("verify", "zzzqqxx"), 1), (("list", "--source", "999"), 1)]
    wrong = []
    for argv, want in cases:
        code, _out = run(*argv)
        if code != want:
            wrong.append(f"`pasyans {' '.join(argv)}` exits {code}, not {want}")
    ok &= say(not wrong, f"exit codes: {len(cases) - len(wrong)}/{len(cases)} cases as documented"
              + ("".join("\n    " + w for w in wrong)))

    # build progress
    if build:
        with tempfile.TemporaryDirectory() as tmp:
            code, out = run("build", "--db", str(Path(tmp) / "p.db"), db=False)
        steps = [x for x in out.splitlines() if re.match(r"^\[\d+ s", x)]
        estimated = [x for x in steps if "left]" in x]
        ok &= say(code == 0 and len(estimated) >= max(1, len(steps) - 2),
                  f"build progress: {len(steps)} step lines, {len(estimated)} with the time left (exit {code})"
                  + (f", e.g. «{estimated[len(estimated) // 2]}»" if estimated else ""))
    else:
        print("build progress: not measured (--no-build)")

    # search snippets
    from pasyans.kb.search import search

    checked, clean, dupes, sizes = 0, 0, 0, []
    bad = []
    for q in QUERIES:
        hits = search(conn, q, limit=50)
        seen = set()
        for h in hits:
            key = (h.source, tuple(map(tuple, h.lines)), h.text)  # the same sentence(s) twice
            dupes += key in seen
            seen.add(key)
            checked += 1
            shown = "".join(t for t, _m in h.snippet)
            sizes.append(len(shown))
            # a section's hit joins its sentences with « … »; each piece must be one run of its
            # sentence, starting and ending on a word boundary
            pieces = [p for p in shown.removeprefix("… ").removesuffix(" …").split(" … ") if p]
            good = bool(pieces)
            for piece in pieces:
                at = h.text.find(piece)
                before = h.text[at - 1] if at > 0 else " "
                after = h.text[at + len(piece)] if 0 <= at and at + len(piece) < len(h.text) else " "
                good &= at >= 0 and not before.isalnum() and not after.isalnum()
            if good:
                clean += 1
            else:
                bad.append(f"{q!r} {h.game}: «{shown[:60]}…»")
    ok &= say(clean == checked and dupes == 0,
              f"search snippets: {clean}/{checked} hits over {len(QUERIES)} queries cut from their sentence on word "
              f"boundaries; duplicate hits: {dupes}; snippet length median {statistics.median(sizes) if sizes else 0:.0f}, "
              f"most {max(sizes, default=0)} characters")
    if verbose:
        for b in bad[:10]:
            print("    " + b)

    # cards in words find cards in symbols
    for words, (code_, pattern) in CARDS.items():
        rx = re.compile(pattern)
        want = {(g, a, b) for g, a, b, t in conn.execute("SELECT game, first_line, last_line, text FROM passages")
                if rx.search(t)}
        got = {(h.game, a, b) for h in search(conn, words, limit=1000) for a, b in h.lines}
        hit = {w for w in want if any(w[0] == g and a <= w[2] and w[1] <= b for g, a, b in got)}
        good = len(hit) == len(want)
        ok &= say(good, f"search «{words}»: {len(hit)}/{len(want)} sentences writing {code_} in symbols found")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
