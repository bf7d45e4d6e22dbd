"""Bench: the engine's verdicts on every example move of the corpus, and their agreement with the
hand-checked gold.

Run: ``python bench/verdicts.py [-v]`` (from the checkout, venv active). The whole path runs in
memory (segment → moves and layouts → rule specs → verdicts, as ``pasyans build`` does, without
writing the knowledge base). Prints:

* verdict counts per source and the **definite share** (legal or illegal, over all moves);
* **agreement with the hand-checked legality** of the gold:

  - ``tests/fixtures/gold/000_003.json``: ``legal_by_hand`` ``true``/``false`` (the 21 moves of
    000's two worked lines) must be ``legal``/``illegal``; ``"unknown"`` (001, 003: no layout
    printed) with a gold reason saying the move is consistent with the rules must not be
    ``illegal`` (counted as *not contradicted*);
  - ``tests/fixtures/gold/004_part1.json`` states legality only in its flags and notes: a move
    flagged ``prohibited`` («stated as NOT allowed») must be ``illegal``; a note that reads a move
    as interpreted («interpreted as ♥5 onto ♥6») means the move read so is ``legal``; the other
    gold moves carry no legality claim and are not compared.

  Gold moves are matched to ours per example by card, in order (longest common subsequence),
  within the gold example's raw lines.
* the **errata**: every ``illegal`` verdict that is not a move the text itself forbids, with the
  book's words, the rule and the reason (what ``pasyans verify --errata`` prints).

``-v`` also lists every unverifiable move with what is missing.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pasyans.cards import Card  # noqa: E402
from pasyans.corpus import load_corpus  # noqa: E402
from pasyans.pipeline import read_source  # noqa: E402

GOLD = ROOT / "tests" / "fixtures" / "gold"


def _grammar_bench():
    spec = importlib.util.spec_from_file_location("bench_grammar", ROOT / "bench" / "grammar.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


G = _grammar_bench()


def collect(read: dict | None = None) -> list[dict]:
    """Every example move of the corpus with its verdict: dicts with ``source``, ``game``, ``name``,
    ``example`` (its raw lines), ``move``, ``verdict``. ``read`` (source id →
    :class:`pasyans.pipeline.Segmented` already read, as the tests' session has it) is used
    instead of reading the corpus again."""
    rows = []
    for src in load_corpus(ROOT / "corpus"):
        seg = read[src.id] if read else read_source(src)
        for g in seg.games:
            for ex in g.examples:
                for m, v in zip(ex.moves, ex.verdicts):
                    rows.append({"source": src.id, "game": g.key, "name": g.name, "example": ex.lines,
                                 "move": m, "verdict": v, "spec": g.rules})
    return rows


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def _match(ours: list[dict], gold: list[tuple[Card | None, dict]]) -> list[tuple[dict, dict]]:
    """Pairs (our row, gold move) by card, in text order (LCS)."""
    a = [str(r["move"].card) for r in ours]
    b = [str(c) for c, _ in gold]
    return [(ours[i], gold[j][1]) for i, j in G._lcs(a, b)]


def gold_000_003(rows: list[dict]) -> list[tuple[str, dict, dict]]:
    """``(expectation, our row, gold move)``: expectation ``legal``, ``illegal`` or ``not-illegal``."""
    g = json.loads((GOLD / "000_003.json").read_text("utf-8"))
    out = []
    for game in g["games"]:
        sid = game["source"][:3]
        for ex in game["examples"]:
            moves = ex.get("moves") or []
            if not moves:
                continue
            span = tuple(ex.get("moves_line_range") or ex["line_range"])
            ours = [r for r in rows if r["source"] == sid and r["move"].card is not None
                    and _overlaps(r["move"].lines, span)]
            gold = [(G.gold_card(m["card"], "letter"), m) for m in moves]
            for r, m in _match(ours, [x for x in gold if x[0] is not None]):
                lb = m.get("legal_by_hand")
                if lb is True:
                    out.append(("legal", r, m))
                elif lb is False:
                    out.append(("illegal", r, m))
                elif "consistent" in (m.get("reason") or "") or "rank-adjacent" in (m.get("reason") or "") \
                        or "follows the rule" in (m.get("reason") or ""):
                    out.append(("not-illegal", r, m))
    return out


def gold_004(rows: list[dict]) -> list[tuple[str, dict, dict]]:
    """``(expectation, our row, gold move)`` for the 004 part-1 gold moves that state legality."""
    g = json.loads((GOLD / "004_part1.json").read_text("utf-8"))
    out = []
    for game in g["games"]:
        for ex in game["examples"]:
            moves = ex.get("moves") or []
            if not moves:
                continue
            span = tuple(ex["line_range"])
            ours = [r for r in rows if r["source"] == "004" and r["move"].card is not None
                    and _overlaps(r["move"].lines, span)]
            gold = [(G.gold_card(m["card"], "symbol"), m) for m in moves]
            for r, m in _match(ours, [x for x in gold if x[0] is not None]):
                note = (m.get("note") or "").lower()
                if m.get("prohibited"):
                    out.append(("illegal", r, m))
                elif "interpreted" in note or "read with the book's" in note:
                    out.append(("legal", r, m))
    return out


def agreement(checks: list[tuple[str, dict, dict]]) -> tuple[int, int, list]:
    """(compared, agreeing, disagreements)."""
    bad = []
    ok = 0
    for want, r, m in checks:
        got = r["verdict"].verdict
        hit = got != "illegal" if want == "not-illegal" else got == want
        ok += hit
        if not hit:
            bad.append((want, r, m))
    return len(checks), ok, bad


def main() -> None:
    t = time.perf_counter()
    rows = collect()
    dt = time.perf_counter() - t
    per = Counter((r["source"], r["verdict"].verdict) for r in rows)
    print(f"{'source':8} {'legal':>6} {'illegal':>8} {'unverif.':>9} {'moves':>6} {'definite':>9}")
    for sid in sorted({r["source"] for r in rows}):
        n = [per[(sid, k)] for k in ("legal", "illegal", "unverifiable")]
        tot = sum(n)
        print(f"{sid:8} {n[0]:6d} {n[1]:8d} {n[2]:9d} {tot:6d} {(n[0] + n[1]) / max(tot, 1):9.1%}")
    all_n = Counter(r["verdict"].verdict for r in rows)
    total = len(rows)
    print(f"{'all':8} {all_n['legal']:6d} {all_n['illegal']:8d} {all_n['unverifiable']:9d} {total:6d} "
          f"{(all_n['legal'] + all_n['illegal']) / max(total, 1):9.1%}")
    print(f"({total} moves judged in {dt:.1f} s, the whole path included)")

    print("\nagreement with the hand-checked gold:")
    for label, checks in (("000_003.json legal_by_hand true/false", [c for c in gold_000_003(rows) if c[0] != "not-illegal"]),
                          ("000_003.json unknown, consistent by the gold's reason (not illegal)",
                           [c for c in gold_000_003(rows) if c[0] == "not-illegal"]),
                          ("004_part1.json prohibited / interpreted", gold_004(rows))):
        n, ok, bad = agreement(checks)
        print(f"  {label:70s} {ok}/{n} = {ok / max(n, 1):.1%}")
        for want, r, m in bad:
            mv = r["move"]
            print(f"    DISAGREE {r['game']} L{mv.lines[0]} «{mv.raw}»: gold {want}, ours {r['verdict'].verdict} "
                  f"({r['verdict'].rule}: {r['verdict'].reason[:160]})")

    errata = [r for r in rows if r["verdict"].verdict == "illegal" and "prohibited" not in (r["move"].flags or ())]
    print(f"\nerrata ({len(errata)} moves the engine finds illegal; moves the text itself forbids are not errata):")
    for r in errata:
        mv, v = r["move"], r["verdict"]
        print(f"  {r['game']} {r['name'] or ''} lines {mv.lines[0]}-{mv.lines[1]} «{mv.raw}» [{v.rule}]: {v.reason}")
    forbidden = [r for r in rows if r["verdict"].verdict == "illegal" and "prohibited" in (r["move"].flags or ())]
    print(f"moves the text forbids, confirmed illegal: {len(forbidden)}")
    if "-v" in sys.argv:
        print("\nunverifiable:")
        for r in rows:
            if r["verdict"].verdict == "unverifiable":
                mv, v = r["move"], r["verdict"]
                print(f"  {r['game']} L{mv.lines[0]} «{mv.raw[:60]}» [{v.rule}]: {v.reason[:200]}")


if __name__ == "__main__":
    main()
