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

Then the texts of other authors (``tests/fixtures/annotations/*_segments.json``: Aisleriot help
pages and this project's own development texts), tuned and held-out apart: games with the right
title, games invented from section labels or examples, sections marked, aliases stated found,
examples and example moves found (see :func:`score_text`).

Run: ``python bench/segmentation.py`` from the repository root (exit status 1 when a target is
missed); ``--texts`` prints only the annotated texts with the misses of the tuned split,
``--held-out`` also the held-out misses. Another annotation file of whole texts (the format of
``moves5_segments.json``): ``--annotations FILE --texts DIR`` (its ``file`` paths under DIR), the
same figures for it alone. The scoring functions are imported by ``tests/test_book.py``.
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
        # the gold writes a pre-1918 title as printed («Салическій законъ»): the printed name counts too
        sc.right_name += found and _norm(gg.get("name")) in (_norm(m.name), _norm(m.printed_name or ""))
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


# -- texts of other authors: the annotated development texts ------------------------------------

ANNOTATIONS = ROOT / "tests" / "fixtures" / "annotations"
ANNOTATED_SETS = ("aisleriot_segments.json", "own_texts_segments.json", "moves_texts_segments.json", "moves5_segments.json",
                  "seg6_segments.json", "moves6_segments.json", "seg7_segments.json",
                  "seg8_segments.json", "seg9_segments.json", "seg10_segments.json", "seg11_segments.json",
                  "seg12_segments.json", "seg13_segments.json", "seg14_segments.json",
                  "seg15_segments.json", "seg16_segments.json", "seg17_segments.json", "seg18_segments.json",
                  "seg19_segments.json", "seg20_segments.json", "seg21_segments.json", "seg22_segments.json",
                  "seg23_segments.json", "seg24_segments.json", "seg25_segments.json", "seg26_segments.json")
"""Hand annotations of the development texts (title, aliases, sections, examples with moves); the
move reader's whole texts (``moves_texts``: sessions 2–4, tuned and held-out; ``moves5``: the session-4
held-out set) are printed apart; ``seg6``: the texts developer's session-5 sample of new layouts
(tuned), ``seg7``: its second sample (measured once held out, tuned since), ``seg8``: its third (the same), ``seg9``: its fourth (the same),
``seg10``: its session-6 sample (held out: measured before tuning, misses not printed while tuning),
``seg11``: its second session-6 sample (measured once held out after the second landing, tuned since),
``seg12``: its third (measured once held out after the third landing, tuned since), ``seg13``: its session-7
sample in the kept-back set's public styles (tuned since session 7), ``seg14``: its session-8 sample of layouts not seen
before (files under ``tests/fixtures/seg14/``), ``seg15`` and ``seg16``: its second and third session-8 samples
(``tests/fixtures/seg15/``, ``seg16/``); each measured held out first, then tuned (their ``about`` gives the figures);
``seg17``: its session-9 sample (``tests/fixtures/seg17/``), held out until its before figure was committed, then tuned;
``seg18``: its second session-9 sample (``tests/fixtures/seg18/``), written after the seg17 tuning and measured held out, then tuned;
``seg20``: its third (``tests/fixtures/seg20/``), written after the seg18 tuning, held out (misses not read);
``seg21``: its fourth (``tests/fixtures/seg21/``: title shapes), measured held out once, then tuned;
``seg22``: its session-10 sample (``tests/fixtures/seg22/``: 14 authors and layouts), 7 tuned, 7 held out (misses not read);
``seg23``: its session-11 sample (``tests/fixtures/seg23/``: 12 authors and layouts the fixtures lacked), 6 tuned, 6 held out;
``seg24``: its session-12 sample (``tests/fixtures/seg24/``: aliases in oblique cases and coordination, phrase section labels,
titles that are common words, numbered titles with a difficulty remark, two games compared, titles in a paragraph's first sentence), 6 tuned, 6 held out;
``seg25``: its session-13 sample (``tests/fixtures/seg25/``: forum furniture around a game named only in a post, aliases in verbless
and oblique frames, a heading over a differently named game, bare first-line titles, numbered steps, captions and CAPS rule lines), 6 tuned, 6 held out;
``seg26``: its session-14 sample (``tests/fixtures/seg26/``: forum topics «Тема: Пасьянс «…»» that title a post, greetings, post headers
and buttons, hedged answers, elliptic aliases in the instrumental, uk neuter nouns in -ом, captions and CAPS rule sentences), 6 tuned, 6 held out;
``seg19``: the names-and-sections developer's session-9 sample (``tests/fixtures/seg19/``: aliases and section labels), 6 tuned, 3 held out."""


def annotated_source(entry: dict, sid: str = "t00", base: Path | None = None):
    """A :class:`~pasyans.corpus.Source` for one annotated text (``entry["file"]``, a path under ``base``,
    default ``tests/fixtures``), as ``pasyans add`` would enter it
    (:func:`pasyans.add.detect`); before ``add`` existed, as a user would hand-write the entry
    (the annotation's language and orthography, segmenter ``headings``, notation ``symbol`` when
    the text prints suit symbols, else ``words``). Returns ``(source, how)``."""
    import hashlib

    from pasyans.corpus import Source, read_text

    path = (base or ROOT / "tests" / "fixtures") / entry["file"]
    text = read_text(path)
    try:
        from pasyans.intake import html_text, is_html
    except ImportError:
        is_html = None
    if is_html is not None and is_html(text, path.suffix):
        text = html_text(text, path.suffix)  # an HTML page, as pasyans add stores it (its text, line for line)
    try:
        from pasyans.add import detect
    except ImportError:
        detect = None
    if detect is not None:
        d = detect(path, text)
        fields = dict(d.entry)
        fields.pop("decided", None)
        how = "pasyans add's detection"
    else:
        fields = {"language": entry["language"], "orthography": entry.get("orthography", "modern"),
                  "segmenter": "headings", "notation": "symbol" if re.search("[♠♣♥♦]", text) else "words"}
        how = "a hand-written manifest entry (headings, notation by suit symbols)"
    src = Source(id=sid, file=path.name, language=fields["language"], orthography=fields.get("orthography", "modern"),
                 kind=fields.get("kind", "article"), title=path.name, sha256=hashlib.sha256(path.read_bytes()).hexdigest(),
                 path=path, text=text, segmenter=fields.get("segmenter", "headings"),
                 notation=fields.get("notation", "words"),
                 languages=[(tuple(x["lines"]), x["language"]) for x in fields.get("languages", [])],
                 latin_t=fields.get("latin_t"))
    return src, how


@dataclass
class TextScore:
    """Figures of one annotated text set and split (see :func:`score_annotated`)."""

    games: int = 0
    right_title: int = 0
    invented_labels: int = 0
    invented_examples: int = 0
    invented_other: int = 0
    sections: int = 0
    sections_found: int = 0
    aliases: int = 0
    aliases_found: int = 0
    alias_languages: int = 0
    alias_languages_right: int = 0
    examples: int = 0
    examples_found: int = 0
    moves: int = 0
    moves_found: int = 0
    lost_examples: int = 0
    lost_moves: int = 0
    lines: int = 0
    lines_right: int = 0
    variants: int = 0
    variants_right: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, other: "TextScore") -> None:
        for k, v in other.__dict__.items():
            if isinstance(v, int):
                setattr(self, k, getattr(self, k) + v)
        self.misses += other.misses


def _move_key(m) -> tuple[str | None, set[str]]:
    card = m.card.format() if m.card is not None else None
    to = {x for x in (m.to, m.to_card.format() if m.to_card is not None else None) if x}
    return card, to


def one_to_one(best: list[tuple[object, int]]) -> list[bool]:
    """Which gold games keep their best predicted game: ``best[i]`` is gold game *i*'s
    ``(predicted game or None, lines of it there)``; a predicted game counts for one gold game
    only, the one with most lines in it (the first on a tie). Two games read as one: the other
    is lost (its lines, aliases, sections, examples, moves and facts missed)."""
    keep: dict[int, int] = {}
    for i, (m, n) in enumerate(best):
        if m is not None and (id(m) not in keep or n > best[keep[id(m)]][1]):
            keep[id(m)] = i
    return [m is not None and keep[id(m)] == i for i, (m, _) in enumerate(best)]


def _owner_of(best: list[tuple[object, int]], taken: list[bool], i: int) -> int:
    """The gold game that kept the predicted game gold game ``i`` was read into."""
    return next(j for j, (m, _) in enumerate(best) if taken[j] and m is best[i][0])


def score_text(entry: dict, seg) -> TextScore:
    """Score one segmented, move-read text against its annotation entry.

    Each gold game is matched to the predicted game holding most of its lines. *Right title*:
    the matched game's name (or printed name) is the same name as the gold title
    (:func:`pasyans.kb.crosswalk.same_name`: case, ё, quotes, inflection, the word «пасьянс»).
    *Invented*: a predicted game or variant matched to no gold game, counted by what its first
    line is in the gold: a section label, a line of an example, or anything else (a fragment
    lying inside the gold ``not_games`` spans is the introduction, not invented). A gold
    section is found when a section of the matched game starts on its line; an alias when the
    matched game has an alias (any kind) of the same name within one line (and, where the gold
    alias gives a ``language``, the alias found is counted right or wrong in that); an example when an
    example of the matched game overlaps it; a move when a move read in such an example has the
    gold card and the gold target (``to`` or ``to_card``; a gold target ``null`` takes any). The
    aliases, sections, examples and moves of a gold game matched to no predicted game (a lost game)
    count as missed (``lost_examples``, ``lost_moves``: in the denominators, never found).
    """
    from pasyans.kb.crosswalk import same_name

    sc = TextScore()
    lang = entry["language"]
    owner: dict[int, object] = {}
    for g in seg.games:
        for n in _lines(g.lines):
            owner[n] = g
    src_lines = seg.source.lines
    nonblank = lambda span: {n for n in range(span[0], span[1] + 1) if src_lines[n - 1].strip()}  # noqa: E731
    matched = set()
    label_lines = {s["line"] for gg in entry["games"] for s in gg["sections"]}
    example_lines = {n for gg in entry["games"] for e in gg["examples"] for n in range(e["lines"][0], e["lines"][1] + 1)}
    has_variants = any(gg.get("variant_of") for gg in entry["games"])
    match_of: dict[str, object] = {}
    parents: list[tuple[dict, object]] = []
    best = []
    for gg in entry["games"]:
        counts: dict[int, int] = {}
        for n in nonblank(gg["lines"]):
            if n in owner:
                counts[id(owner[n])] = counts.get(id(owner[n]), 0) + 1
        m = next((g for g in seg.games if counts and id(g) == max(counts, key=counts.get)), None)
        best.append((m, counts.get(id(m), 0)))
    taken = one_to_one(best)
    for i, gg in enumerate(entry["games"]):
        gl = nonblank(gg["lines"])
        m = best[i][0] if taken[i] else None
        sc.games += 1
        sc.lines += len(gl)
        if m is None:
            why = "not found" if best[i][0] is None else \
                f"read into the game of «{entry['games'][_owner_of(best, taken, i)]['title']}»"
            sc.misses.append(f"{entry['file']}: «{gg['title']}» (line {gg['title_line']}) {why}")
            # a lost game's aliases, sections, examples and moves are all missed: they stay in the denominators
            n_moves = sum(len(ge["moves"]) for ge in gg["examples"])
            sc.examples += len(gg["examples"])
            sc.lost_examples += len(gg["examples"])
            sc.moves += n_moves
            sc.lost_moves += n_moves
            sc.aliases += len(gg["aliases"])
            sc.sections += len(gg["sections"])
            sc.variants += has_variants
            continue
        matched.add(id(m))
        match_of.setdefault(gg["title"], m)
        if has_variants:
            parents.append((gg, m))
        sc.lines_right += sum(1 for n in gl if owner.get(n) is m)
        names = [x for x in (m.name, m.printed_name) if x]
        if any(same_name(x, gg["title"], lang, lang) for x in names):
            sc.right_title += 1
        else:
            sc.misses.append(f"{entry['file']}: «{gg['title']}» (line {gg['title_line']}) came out as {m.key} "
                             f"named {m.name!r}")
        starts = {s.lines[0] for s in m.sections}
        for s in gg["sections"]:
            sc.sections += 1
            if s["line"] in starts:
                sc.sections_found += 1
            else:
                sc.misses.append(f"{entry['file']}: section «{s['title']}» (line {s['line']}) of «{gg['title']}» not marked")
        for a in gg["aliases"]:
            sc.aliases += 1
            hit = next((x for x in m.aliases if same_name(x.name, a["name"], x.language or lang, a.get("language", lang))
                        and x.lines[0] - 1 <= a["line"] <= x.lines[1] + 1), None)
            if hit is not None:
                sc.aliases_found += 1
                if a.get("language"):   # the language the sentence gives the alias («в украинских изданиях» → uk)
                    sc.alias_languages += 1
                    right = (hit.language or lang) == a["language"]
                    sc.alias_languages_right += right
                    if not right:
                        sc.misses.append(f"{entry['file']}: alias «{a['name']}» (line {a['line']}) tagged "
                                         f"{hit.language or lang}, not {a['language']}")
            else:
                sc.misses.append(f"{entry['file']}: alias «{a['name']}» (line {a['line']}) of «{gg['title']}» not found")
        for ge in gg["examples"]:
            a, b = ge["lines"]
            sc.examples += 1
            hits = [e for e in m.examples if e.lines[0] <= b and e.lines[1] >= a]
            sc.examples_found += bool(hits)
            if not hits:
                sc.misses.append(f"{entry['file']}: example at lines {a}-{b} of «{gg['title']}» not found")
            read = [_move_key(mv) for e in hits for mv in e.moves]
            for gm in ge["moves"]:
                sc.moves += 1
                ok = any(card == gm["card"] and (gm["to"] is None or gm["to"] in to) for card, to in read)
                sc.moves_found += ok
                if not ok and hits:
                    sc.misses.append(f"{entry['file']}: move {gm['card']}→{gm['to']} (lines {a}-{b}) not read; "
                                     f"read {read}")
    for gg, m in parents:
        sc.variants += 1
        want = match_of.get(gg.get("variant_of")) if gg.get("variant_of") else None
        if (m.variant_of == want.key) if want is not None else (not gg.get("variant_of") and m.variant_of is None):
            sc.variants_right += 1
        else:
            sc.misses.append(f"{entry['file']}: «{gg['title']}» came out with variant_of {m.variant_of!r}, "
                             f"not {want.key if want is not None else None!r}")
    intro = {n for a, b in entry.get("not_games", []) for n in range(a, b + 1)}
    for g in seg.games:
        if id(g) in matched:
            continue
        first = min((a for a, _ in g.lines), default=0)
        if g.fragment and set(_lines(g.lines)) <= intro:
            continue
        if first in label_lines:
            sc.invented_labels += 1
        elif first in example_lines:
            sc.invented_examples += 1
        else:
            sc.invented_other += 1
        sc.misses.append(f"{entry['file']}: invented game {g.key} {g.name!r} at line {first}")
    return sc


def score_annotated(names: tuple[str, ...] = ANNOTATED_SETS, texts: Path | None = None) -> dict[tuple[str, str], TextScore]:
    """(annotation set, split) → :class:`TextScore` over its texts, each text segmented by the
    segmenter its entry names and its examples read (:func:`pasyans.pipeline.read_examples`).
    ``names``: files of ``tests/fixtures/annotations``, or paths of other annotation files of the
    same format; ``texts``: the folder their ``file`` paths are under (default ``tests/fixtures``)."""
    from pasyans.pipeline import read_examples, segment

    out: dict[tuple[str, str], TextScore] = {}
    for name in names:
        data = json.loads((ANNOTATIONS / name).read_text("utf-8"))   # an absolute path stays itself
        for i, entry in enumerate(data["texts"]):
            src, _how = annotated_source(entry, f"t{i:02d}", base=texts)
            seg = segment(src)
            read_examples(seg)
            out.setdefault((name, entry["split"]), TextScore()).add(score_text(entry, seg))
    return out


def report_annotated(scores: dict[tuple[str, str], TextScore], misses: str = "tuned") -> str:
    """The figures per annotation set and split; misses listed for the ``misses`` split only
    (``"all"`` for both; held-out misses stay unseen while tuning)."""
    pct = lambda a, b: f"{a}/{b} = {100.0 * a / b:.1f} %" if b else f"{a}/{b}"  # noqa: E731
    lines = []
    total: dict[str, TextScore] = {}
    for (name, split), sc in sorted(scores.items()):
        total.setdefault(split, TextScore()).add(sc)
    for (name, split), sc in sorted(scores.items()) + [(("all sets", k), v) for k, v in sorted(total.items())]:
        lines += [f"== {name} [{split}]",
                  f"games with the right title {pct(sc.right_title, sc.games)} (target ≥ 98 %); invented from section "
                  f"labels {sc.invented_labels}, from examples {sc.invented_examples}, other {sc.invented_other} (target 0)",
                  f"game lines attributed {pct(sc.lines_right, sc.lines)}; sections marked {pct(sc.sections_found, sc.sections)}",
                  f"aliases stated found {pct(sc.aliases_found, sc.aliases)} (target ≥ 95 %); examples found "
                  f"{pct(sc.examples_found, sc.examples)}; example moves found {pct(sc.moves_found, sc.moves)} (target ≥ 90 %)",
                  f"(examples and moves count every annotated one: {sc.lost_examples} examples, {sc.lost_moves} moves "
                  f"of games not found are counted missed)"]
        if sc.variants:
            lines.append(f"games and variants with the right parent {pct(sc.variants_right, sc.variants)}")
        if sc.alias_languages:
            lines.append(f"aliases found with the language their sentence gives {pct(sc.alias_languages_right, sc.alias_languages)}")
        if name != "all sets" and (misses == "all" or split == misses):
            lines += [f"    {m}" for m in sc.misses]
    return "\n".join(lines)


def _option(name: str) -> Path | None:
    """The path given after ``name`` on the command line (None when the option is absent)."""
    if name not in sys.argv:
        return None
    i = sys.argv.index(name)
    if i + 1 >= len(sys.argv) or sys.argv[i + 1].startswith("-"):
        sys.exit(f"{name} needs a path")
    return Path(sys.argv[i + 1]).resolve()


def main() -> int:
    sys.path.insert(0, str(ROOT))
    annotations = _option("--annotations")
    if annotations is not None:
        texts = _option("--texts")   # without --annotations, a bare --texts means «the annotated texts»
        # another annotation file of whole texts (the format of moves5_segments.json), its files under --texts DIR
        if texts is None:
            sys.exit("--annotations needs --texts DIR (the folder its texts' paths are under)")
        scores = score_annotated((str(annotations),), texts)
        print(report_annotated({(annotations.name, k[1]): v for k, v in scores.items()},
                               "all" if "--held-out" in sys.argv else "tuned"))
        return 0
    if "--texts" in sys.argv or "--held-out" in sys.argv:
        print(report_annotated(score_annotated(), "all" if "--held-out" in sys.argv else "tuned"))
        return 0
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
    print("== texts of other authors (tests/fixtures/annotations; held-out misses not listed: --held-out)")
    print(report_annotated(score_annotated(), "tuned"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
