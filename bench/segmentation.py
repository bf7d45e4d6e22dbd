"""Bench: segmentation and cleaning against the hand-checked gold (``tests/fixtures/gold``).

For each gold file it prints: games found (and with the right parent), the share of gold lines
attributed to the right game, to a wrong game and to none, predicted lines the gold leaves out,
examples found / starting on the gold line / ending on the gold line. For every game of every
source (gold or not) it counts the card tokens of the raw lines that the cleaned text lacks,
with :func:`pasyans.extract.notation.find_cards` in the source's notation (symbol, letter or
words; card words too), and for the book also the symbol tokens as strings. Then the issue's
figures over everything annotated, with their targets:

* games and variants found with the right parent ≥ 98 %;
* a game's annotated lines attributed to it ≥ 97 %; lines attributed to a wrong game ≤ 2 %;
* worked examples found and attached to the right game: 100 %;
* card tokens of the raw text lost by cleaning: 0.

* ``004_part1.json`` (pages 7–43 of the book 004) is scored against
  :func:`pasyans.extract.book.segment_book`;
* ``000_003.json`` (the articles 000–003) against ``pasyans.extract.articles.segment_article``.

Run: ``python bench/segmentation.py`` from the repository root (exit status 1 when a target is
missed). The scoring functions are imported by ``tests/test_book.py``.
"""

from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "fixtures" / "gold"


@dataclass
class Score:
    """Agreement of predicted games with gold games of one source (see :func:`score_games`)."""

    gold_games: int = 0
    found: int = 0
    right_parent: int = 0
    right_name: int = 0
    gold_lines: int = 0
    right_lines: int = 0
    wrong_lines: int = 0
    missing_lines: int = 0
    extra_lines: int = 0
    gold_examples: int = 0
    examples_found: int = 0
    examples_start: int = 0
    examples_end: int = 0
    cards_raw: int = 0
    cards_lost: int = 0
    per_game: list[dict] = field(default_factory=list)

    @property
    def right_pct(self) -> float:
        return 100.0 * self.right_lines / self.gold_lines if self.gold_lines else 0.0

    @property
    def wrong_pct(self) -> float:
        return 100.0 * self.wrong_lines / self.gold_lines if self.gold_lines else 0.0


def _lines(ranges) -> set[int]:
    return {n for a, b in ranges for n in range(a, b + 1)}


def _norm(s: str | None) -> str:
    return (s or "").replace("ё", "е").replace("«", "").replace("»", "").replace(" ", "").lower()


def cards_lost_by_cleaning(games, game_texts: dict, source) -> tuple[int, int, list[tuple[str, str, int]]]:
    """``(card tokens read in the games' raw lines, how many the cleaning lost, [(game, token, line)])``.

    Card tokens are read with :func:`pasyans.extract.notation.find_cards` in the source's
    notation and language (card words included) in each game's raw lines, joined by newlines in
    raw order. A token is *kept* when every one of its raw characters (spaces aside) is still in
    the game's cleaned text — its :class:`~pasyans.extract.text.MappedText` maps a cleaned
    character back to that raw (line, column) — and the cleaned characters spell the token (in
    modern spelling for a pre-1918 source: «тузъ» is kept as «туз»). A game without a
    MappedText loses all its tokens.
    """
    from pasyans.extract.clean import mapped_lines
    from pasyans.extract.notation import find_cards
    from pasyans.extract.orthography import modernize

    raw_n = lost = 0
    where: list[tuple[str, str, int]] = []
    pre = source.orthography == "pre-reform"
    for g in games:
        nums = [n for a, b in g.lines for n in range(a, b + 1)]
        raw = mapped_lines(source.lines, nums)
        mt = game_texts.get(g.key)
        at = {} if mt is None else {(mt.line[i], mt.col[i]): i for i in range(len(mt.text)) if i not in mt.inserted}
        for tok in find_cards(raw.text, source.notation, source.language):
            raw_n += 1
            ks = [k for k in range(tok.start, tok.end) if k not in raw.inserted and not raw.text[k].isspace()]
            want = "".join(raw.text[k] for k in ks)
            want = modernize(want) if pre else want
            got = [at.get((raw.line[k], raw.col[k])) for k in ks]
            missing = any(i is None for i in got) and not pre  # old spelling may drop a final «ъ»
            if missing or "".join(mt.text[i] for i in got if i is not None) != want:
                lost += 1
                where.append((g.key, tok.raw, raw.line[tok.start]))
    return raw_n, lost, where


def card_tokens_lost(games, raw_lines: list[str]) -> tuple[int, int]:
    """``(card tokens in the games' raw lines, how many of them the cleaned texts lack)``."""
    from pasyans.extract.clean import card_tokens

    raw_n = lost = 0
    for g in games:
        raw = [t for a, b in g.lines for n in range(a, b + 1) for t in card_tokens(raw_lines[n - 1])]
        clean = card_tokens(g.text)
        raw_n += len(raw)
        for t in set(raw):
            lost += max(0, raw.count(t) - clean.count(t))
    return raw_n, lost


def score_games(pred, gold_games: list[dict], raw_lines: list[str]) -> Score:
    """Score predicted :class:`~pasyans.models.GameText` of one source against its gold games.

    Each gold game is matched to the predicted game holding most of its lines. A gold line is
    *right* when the predicted game holding it is the matched one, *wrong* when another game
    holds it, *missing* when none does; *extra* counts lines of matched predicted games that the
    gold leaves out. A game is *found* when most of its lines are right; its parent is right when
    the predicted ``variant_of`` is the game matched to the gold parent (or both are none). A gold
    example is found when an example of the matched game overlaps it.
    """
    sc = Score()
    owner: dict[int, object] = {}
    for g in pred:
        for n in _lines(g.lines):
            owner[n] = g
    gold_by_name = {gg["name"]: gg for gg in gold_games if gg.get("name")}
    match: dict[int, object] = {}
    for i, gg in enumerate(gold_games):
        gl = _lines(gg["line_ranges"])
        counts: dict[int, int] = {}
        for n in gl:
            if n in owner:
                counts[id(owner[n])] = counts.get(id(owner[n]), 0) + 1
        best = max(counts, key=counts.get) if counts else None
        match[i] = next((g for g in pred if id(g) == best), None)
    key_of_gold = {i: (m.key if m is not None else None) for i, m in match.items()}
    matched = [m for m in match.values() if m is not None]
    for i, gg in enumerate(gold_games):
        m = match[i]
        gl = _lines(gg["line_ranges"])
        right = sum(1 for n in gl if owner.get(n) is m and m is not None)
        wrong = sum(1 for n in gl if n in owner and owner[n] is not m)
        missing = sum(1 for n in gl if n not in owner)
        extra = len(_lines(m.lines) - gl) if m is not None else 0
        sc.gold_games += 1
        sc.gold_lines += len(gl)
        sc.right_lines += right
        sc.wrong_lines += wrong
        sc.missing_lines += missing
        sc.extra_lines += extra
        found = m is not None and right * 2 > len(gl)
        sc.found += found
        parent = gg.get("variant_of")
        if parent:
            # «Джокер-пасьянс (#1)»: the first of the gold games with that name
            m_k = re.fullmatch(r"(.*?)\s*\(#(\d+)\)", parent)
            nth = int(m_k.group(2)) if m_k else 1
            pname = m_k.group(1) if m_k else parent
            same = [j for j, x in enumerate(gold_games) if x.get("name") == pname or _norm(x.get("name")) == _norm(pname)]
            pi = same[nth - 1] if len(same) >= nth else None
            if pi is None and parent in gold_by_name:
                pi = gold_games.index(gold_by_name[parent])
            want = key_of_gold.get(pi) if pi is not None else None
            ok = found and want is not None and m.variant_of == want
        else:
            ok = found and m.variant_of is None
        sc.right_parent += ok
        sc.right_name += found and _norm(m.name) == _norm(gg.get("name"))
        ex_found = ex_start = ex_end = 0
        for ge in gg.get("examples", []):
            if not ge.get("line_range"):
                continue
            a, b = ge["line_range"]
            sc.gold_examples += 1
            hits = [e for e in (m.examples if m is not None else []) if e.lines[0] <= b and e.lines[1] >= a]
            if hits:
                ex_found += 1
                ex_start += any(e.lines[0] == a for e in hits)
                ex_end += any(e.lines[1] == b for e in hits)
        sc.examples_found += ex_found
        sc.examples_start += ex_start
        sc.examples_end += ex_end
        sc.per_game.append({"gold": gg.get("name") or gg.get("id"), "pred": m.key if m is not None else None,
                            "lines": len(gl), "right": right, "wrong": wrong, "missing": missing, "extra": extra,
                            "parent_ok": bool(ok), "examples": (ex_found, len(gg.get("examples", [])))})
    sc.cards_raw, sc.cards_lost = card_tokens_lost(matched, raw_lines)
    return sc


def report(title: str, sc: Score, seconds: float) -> str:
    """A few lines for a person."""
    return "\n".join([
        f"== {title}  ({seconds:.2f} s)",
        f"games found {sc.found}/{sc.gold_games}, right parent {sc.right_parent}/{sc.gold_games}, "
        f"right name {sc.right_name}/{sc.gold_games}",
        f"gold lines {sc.gold_lines}: right {sc.right_pct:.1f}%, wrong {sc.wrong_pct:.1f}%, "
        f"missing {100.0 * sc.missing_lines / max(sc.gold_lines, 1):.1f}%; extra predicted lines {sc.extra_lines}",
        f"examples found {sc.examples_found}/{sc.gold_examples}, start line right {sc.examples_start}, "
        f"end line right {sc.examples_end}",
    ] + ([f"symbol card tokens lost by cleaning (as strings): {sc.cards_lost} of {sc.cards_raw}"] if sc.cards_raw else []))


def score_book(corpus_dir: Path | None = None, segmented: dict | None = None) -> tuple[Score, float, object]:
    """Score :func:`segment_book` on the book 004 against ``004_part1.json``: (score, seconds, segmentation).

    ``segmented`` (source id → :class:`pasyans.pipeline.Segmented`, as the tests' session has it)
    is scored instead of segmenting again; the seconds are then 0."""
    from pasyans.corpus import load_corpus
    from pasyans.extract.book import segment_book

    src = next(s for s in load_corpus(corpus_dir or ROOT / "corpus") if s.id == "004")
    gold = json.loads((GOLD / "004_part1.json").read_text("utf-8"))
    t = time.perf_counter()
    seg = segmented["004"].detail if segmented else segment_book(src)
    dt = time.perf_counter() - t
    gold_lines = {n for gg in gold["games"] for n in _lines(gg["line_ranges"])}
    lo, hi = min(gold_lines), max(gold_lines)
    pred = [g for g in seg.games if any(lo <= n <= hi for n in _lines(g.lines))]
    return score_games(pred, gold["games"], src.lines), dt, seg


def score_articles(corpus_dir: Path | None = None, segmented: dict | None = None) -> list[tuple[str, Score | Exception, float]]:
    """Score ``segment_article`` per source 000–003 against ``000_003.json`` (empty if the module
    is absent; the exception instead of a score when it fails on a source). ``segmented``: as
    for :func:`score_book`."""
    try:
        from pasyans.extract.articles import segment_article
    except ImportError:
        return []
    from pasyans.corpus import load_corpus

    gold = json.loads((GOLD / "000_003.json").read_text("utf-8"))
    out = []
    for src in load_corpus(corpus_dir or ROOT / "corpus"):
        games = [g for g in gold["games"] if g["source"] == src.file]
        if not games:
            continue
        t = time.perf_counter()
        try:
            pred = segmented[src.id].games if segmented else segment_article(src)
        except Exception as e:  # another engineer's module: report, do not hide the book figures
            out.append((src.id, e, 0.0))
            continue
        dt = time.perf_counter() - t
        out.append((src.id, score_games(pred, games, src.lines), dt))
    return out


TARGETS = {"parent": 98.0, "lines": 97.0, "wrong": 2.0, "examples": 100.0, "cards_lost": 0}
"""The issue's figures to reach (per cent, except the number of card tokens lost)."""


def score_cards(corpus_dir: Path | None = None, segmented: dict | None = None) -> list[tuple[str, str, int, int, list]]:
    """Card tokens lost by cleaning in every game of every source: ``(source id, notation,
    cards read in raw, lost, where)`` (see :func:`cards_lost_by_cleaning`). ``segmented``: as
    for :func:`score_book`."""
    from pasyans.corpus import load_corpus
    from pasyans.pipeline import segment

    out = []
    for src in load_corpus(corpus_dir or ROOT / "corpus"):
        seg = segmented[src.id] if segmented else segment(src)
        raw_n, lost, where = cards_lost_by_cleaning(seg.games, seg.game_texts, src)
        out.append((src.id, src.notation, raw_n, lost, where))
    return out


def totals(scores: list[Score], cards: list[tuple]) -> dict[str, tuple[float, str, bool]]:
    """The issue's figures over all scored sources: name → (value, text, target met)."""
    g = sum(sc.gold_games for sc in scores)
    parent = sum(sc.right_parent for sc in scores)
    lines = sum(sc.gold_lines for sc in scores)
    right = sum(sc.right_lines for sc in scores)
    wrong = sum(sc.wrong_lines for sc in scores)
    ex = sum(sc.gold_examples for sc in scores)
    exf = sum(sc.examples_found for sc in scores)
    raw_n = sum(c[2] for c in cards)
    lost = sum(c[3] for c in cards)
    pct = lambda a, b: 100.0 * a / b if b else 100.0  # noqa: E731
    return {
        "parent": (pct(parent, g), f"games and variants found with the right parent: {parent}/{g}", pct(parent, g) >= TARGETS["parent"]),
        "lines": (pct(right, lines), f"a game's annotated lines attributed to it: {right}/{lines}", pct(right, lines) >= TARGETS["lines"]),
        "wrong": (pct(wrong, lines), f"lines attributed to a game they do not belong to: {wrong}/{lines}", pct(wrong, lines) <= TARGETS["wrong"]),
        "examples": (pct(exf, ex), f"worked examples found and attached to their game: {exf}/{ex}", pct(exf, ex) >= TARGETS["examples"]),
        "cards_lost": (lost, f"card tokens of the raw text lost by cleaning (all games, 5 sources): {lost} of {raw_n}", lost <= TARGETS["cards_lost"]),
    }


def main() -> int:
    sys.path.insert(0, str(ROOT))
    sc, dt, seg = score_book()
    print(report("004 pages 7–43 (004_part1.json) — segment_book", sc, dt))
    for row in sc.per_game:
        if row["wrong"] or row["missing"] or row["extra"] or not row["parent_ok"] or row["examples"][0] < row["examples"][1]:
            print("   ", row)
    n_lines = sum(b - a + 1 for g in seg.games for a, b in g.lines)
    print(f"whole book: {len([g for g in seg.games if not g.variant_of])} games, "
          f"{len([g for g in seg.games if g.variant_of])} variants, {n_lines} lines in games, "
          f"{sum(len(g.examples) for g in seg.games)} examples, {sum(len(g.aliases) for g in seg.games)} aliases, "
          f"{len(seg.terms)} glossary terms, {len(seg.findings)} book findings, "
          f"{sum(len(g.findings) for g in seg.games)} game findings")
    print(f"lines in no game: {sum(b - a + 1 for a, b in seg.unassigned)} in {len(seg.unassigned)} spans "
          f"{seg.unassigned}")
    scores = [sc]
    for sid, sc2, dt2 in score_articles():
        if isinstance(sc2, Exception):
            print(f"== {sid} (000_003.json) — segment_article failed: {type(sc2).__name__}: {sc2}")
            continue
        print(report(f"{sid} (000_003.json) — segment_article", sc2, dt2))
        for row in sc2.per_game:
            if row["wrong"] or row["missing"] or not row["parent_ok"] or row["examples"][0] < row["examples"][1]:
                print("   ", row)
        scores.append(sc2)
    print("== card tokens lost by cleaning, every game of every source (extract.notation.find_cards + offset maps)")
    cards = score_cards()
    for sid, notation, raw_n, lost, where in cards:
        print(f"{sid} ({notation} notation and words): {lost} lost of {raw_n}" + (f"  {where}" if where else ""))
    print("== the issue's figures, against the annotations we have")
    failed = 0
    for key, (value, text, ok) in totals(scores, cards).items():
        target = TARGETS[key]
        want = f"≤ {target}" if key in ("wrong", "cards_lost") else f"≥ {target}"
        shown = f"{value:.1f} %" if key != "cards_lost" else f"{value}"
        print(f"{'ok  ' if ok else 'MISS'} {text} = {shown}  (target {want})")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
