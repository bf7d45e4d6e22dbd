"""Benchmark of the readable exports and `show` (issue 14): can an editor use the pages?

    python bench/export.py [--db FILE] [--verbose]

Runs ``pasyans export --format markdown`` (and ``--format html`` where the command has it) into
a temporary folder and ``pasyans show`` for every game of a pre-1918 source, then prints:

- example moves of the corpus that appear on their game's page with their verdict (a line of the
  page holding the move as printed and its verdict, compared after folding spelling);
- pages with more than 3 lines about unknown fields (lines of the page's rules holding «unknown»);
- pre-1918 spelling as printed: of the old-spelling words of a pre-1918 game's raw lines (words
  with ѣ/ђ, і, ѳ, ѵ or a final ъ), the share shown on its Markdown page, HTML page and in `show`;
- pre-1918 rule quotes as printed: the rule facts' quotes of pre-1918 games (the views' quote
  spans) that were found in the printed text, and of their old-spelling words the share shown in
  the rules part of the Markdown and HTML pages and in ``show --rules``.

Exits 1 when a target is missed (every move with its verdict; 0 pages over 3 unknown lines; every
old-spelling word shown). Without ``--db`` a knowledge base is built into a temporary folder.
"""

from __future__ import annotations

import argparse
import html
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_util import knowledge_base  # noqa: E402
OLD_WORD = re.compile(r"\b[А-Яа-яЁёІіЂђѢѣѲѳѴѵ]*(?:[ІіЂђѢѣѲѳѴѵ][А-Яа-яЁёІіЂђѢѣѲѳѴѵ]*|[А-Яа-я][ъЪ])\b")
"""A word in pre-1918 spelling: an old letter, or a final hard sign."""


def pasyans(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pasyans.cli", *args], capture_output=True, text=True)


def strip_tags(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def words_of(text: str) -> set[str]:
    """The words (letters only) of ``text``."""
    return set(re.findall(r"[^\W\d_]+", text))


def html_rules_part(page: str) -> str:
    """The rules section of an HTML page (from its ``<h2 id="rules">`` to the next ``<h2``)."""
    return page.split('<h2 id="rules"', 1)[1].split("<h2", 1)[0] if '<h2 id="rules"' in page else ""


def old_spelling_quotes(conn: sqlite3.Connection) -> dict[str, list]:
    """Per pre-1918 game, the quote spans (:class:`pasyans.kb.printed.Span`) of its rule facts,
    special rules and conflicts, as the game view gives them to every page."""
    from pasyans.kb.present import game_view

    out: dict[str, list] = {}
    for (gid,) in conn.execute("SELECT g.id FROM games g JOIN sources s ON s.id = g.source "
                               "WHERE s.orthography = 'pre-reform' ORDER BY g.id"):
        rules = game_view(conn, gid)["rules"]
        spans = [r["quote"] for r in rules["rows"] + rules["special"] if r.get("quote")]
        spans += [q for c in rules["conflicts"] for q, _ln in c.get("quotes") or [] if q]
        out[gid] = spans
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    with knowledge_base(args.db) as db, tempfile.TemporaryDirectory() as tmp:
        return measure(db, Path(tmp), args.verbose)


def measure(db: Path, tmp: Path, verbose: bool) -> int:
    """The figures of the module docstring for the knowledge base ``db`` (pages written under
    ``tmp``); the exit status."""
    from pasyans.corpus import load_corpus
    from pasyans.kb.names import fold

    conn = sqlite3.connect(db)
    md_dir, html_dir = tmp / "md", tmp / "html"
    r = pasyans("export", "--format", "markdown", "--out", str(md_dir), "--db", str(db))
    if r.returncode:
        print("markdown export failed:", r.stderr.strip()[-500:])
        return 2
    has_html = pasyans("export", "--format", "html", "--out", str(html_dir), "--db", str(db)).returncode == 0
    ok = True

    pages = {p.stem: p.read_text("utf-8") for p in md_dir.glob("*.md") if p.stem != "index"}
    folded = {g: [fold(line) for line in text.splitlines()] for g, text in pages.items()}
    moves = conn.execute("SELECT game, raw, verdict FROM moves ORDER BY game, example, n").fetchall()
    found = 0
    missing = []
    for game, raw, verdict in moves:
        want = fold(raw or "")
        if any(want in line and verdict in line for line in folded.get(game, [])):
            found += 1
        else:
            missing.append(f"{game}: {raw!r} {verdict}")
    print(f"markdown: example moves shown with their verdict: {found}/{len(moves)}")
    if verbose:
        for m in missing[:10]:
            print("  missing " + m)
    ok &= found == len(moves)

    def rules_part(text: str) -> str:  # the page's rules (a move's reason may say a rule is unknown)
        return text.split("\n## Rules")[1].split("\n## ")[0] if "\n## Rules" in text else text

    unknown = {g: sum("unknown" in line.lower() for line in rules_part(text).splitlines()) for g, text in pages.items()}
    over = sorted(g for g, n in unknown.items() if n > 3)
    print(f"markdown: pages with more than 3 lines about unknown fields: {len(over)}/{len(pages)}"
          + (f" (most: {max(unknown.values())} lines)" if unknown else ""))
    ok &= not over

    sources = {s.id: s for s in load_corpus(ROOT / "corpus")}
    old_games = [(gid, src, lines) for gid, src, lines in
                 conn.execute("SELECT g.id, g.source, g.lines FROM games g JOIN sources s ON s.id = g.source "
                              "WHERE s.orthography = 'pre-reform'")]
    import json

    totals = {"markdown": [0, 0], "html": [0, 0], "show": [0, 0]}
    for gid, sid, lines in old_games:
        raw = sources[sid].lines
        words = [w for a, b in json.loads(lines) for n in range(a, b + 1) for w in OLD_WORD.findall(raw[n - 1])]
        if not words:
            continue
        shown = {"markdown": pages.get(gid, ""),
                 "html": strip_tags((html_dir / f"{gid}.html").read_text("utf-8"))
                 if has_html and (html_dir / f"{gid}.html").exists() else "",
                 "show": pasyans("show", gid, "--db", str(db)).stdout}
        for kind, text in shown.items():
            have = set(re.findall(r"[^\W\d_]+", text))
            totals[kind][0] += sum(w in have for w in words)
            totals[kind][1] += len(words)
    for kind, (n, total) in totals.items():
        if kind == "html" and not has_html:
            print("html: no --format html")
            ok = False
            continue
        print(f"{kind}: pre-1918 words shown as printed: {n}/{total}" + (f" = {n / total:.1%}" if total else ""))
        ok &= n == total

    quotes = old_spelling_quotes(conn)
    spans = [q for qs in quotes.values() for q in qs]
    exact = sum(q.exact for q in spans)
    print(f"pre-1918 rule quotes found in the printed text: {exact}/{len(spans)} over {len(quotes)} games")
    ok &= exact == len(spans)
    shown_q = {"markdown": [0, 0], "html": [0, 0], "show --rules": [0, 0]}
    for gid, qs in quotes.items():
        words = [w for q in qs for w in OLD_WORD.findall(q.text)]
        if not words:
            continue
        texts = {"markdown": rules_part(pages.get(gid, "")),
                 "html": strip_tags(html_rules_part((html_dir / f"{gid}.html").read_text("utf-8")))
                 if has_html and (html_dir / f"{gid}.html").exists() else "",
                 "show --rules": pasyans("show", gid, "--rules", "--db", str(db)).stdout}
        for kind, text in texts.items():
            have = words_of(text)
            shown_q[kind][0] += sum(w in have for w in words)
            shown_q[kind][1] += len(words)
            if verbose and any(w not in have for w in words):
                print(f"  {gid} {kind}: not shown as printed: {sorted({w for w in words if w not in have})[:8]}")
    for kind, (n, total) in shown_q.items():
        print(f"{kind}: old-spelling words of the rule quotes shown as printed: {n}/{total}"
              + (f" = {n / total:.1%}" if total else ""))
        ok &= n == total
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
