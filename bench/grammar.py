"""Measure the move reader against the gold moves, and its throughput.

Run: ``python bench/grammar.py`` (from the checkout, venv active). Prints, per gold file and in
total: move cards recall and precision (multiset of moved cards per example, moves whose card
the text does not name left out), order (LCS of the moved-card sequences / gold moves),
destination right among the LCS-aligned moves (strict: same standard card or same place;
lenient: also a foundation move whose ``to_card`` is the gold target card, or a rank-only
destination whose rank matches), and example lines read per second.

Beyond the bundled gold, the hand annotations of ``tests/fixtures/annotations/`` (made before the
reader was tuned to them) are measured the same way, each in two parts — the part tuned to and the
held-out part (a third, drawn at random, whose misses are not printed unless ``--held-out`` is
given): ``book_moves_sample.json`` (30 examples of the book beyond page 43) and
``book_moves_sample2.json`` (set ``book2 dev``: the examples of the games annotated for rules only), and
``other_moves.json`` (texts of other authors: the Aisleriot example and paragraphs written in the
genre's styles, Russian, Ukrainian and pre-1918), and the worked examples of the development texts
the "texts" developer wrote (``own_texts_segments.json``, their own tuned/held-out split); the
examples of the whole-text sets moves5/moves6/moves7 are also read alone, on their annotated lines
(:func:`reader_only`: the reader's share, segmentation aside). Per set: card recall, precision, order (LCS),
destination strict/lenient, and ``flags`` — among the LCS-aligned moves, the share whose
conditional / alternative / prohibited / and-so-on marks agree; in whole texts also ``from/count``
— among aligned gold moves that say where a card is taken from or how many move as one, the share read so.

Gold destinations are free text in ``000_003.json`` («window of row 7 right of Б4», «ЧА
(foundation)», «подвал (cellar)», «free main row»); :func:`gold_destination` maps them to the
``Move.to`` vocabulary.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pasyans.cards import Card  # noqa: E402
from pasyans.corpus import load_corpus  # noqa: E402
from pasyans.extract.moves import parse_moves  # noqa: E402
from pasyans.extract.notation import NotationError, parse_card  # noqa: E402
from pasyans.extract.text import MappedText  # noqa: E402

GOLD = ROOT / "tests" / "fixtures" / "gold"
ANNOTATIONS = ROOT / "tests" / "fixtures" / "annotations"
FLAGS = ("conditional", "alternative", "prohibited", "and-so-on")
_RANKS = {"А": 1, "Т": 1, "В": 11, "Д": 12, "К": 13}


def gold_card(s: str | None, notation: str) -> Card | None:
    """A gold card string («♣Д», «Б5», «10», «both sevens …») as a :class:`Card` (None if unnamed)."""
    if not s:
        return None
    s = s.strip()
    if s.startswith("both sevens"):
        return Card(7, None)
    if re.fullmatch(r"10|[2-9]|[АВДКТ]", s):
        return Card(int(s) if s.isdigit() else _RANKS[s], None)
    try:
        return parse_card(s, notation)
    except NotationError:
        return None


def gold_destination(to: str | None, target: str | None, notation: str) -> tuple[str | None, Card | None]:
    """``(to, to_card)`` in the ``Move.to`` vocabulary for a gold move's free-text destination."""
    if not to:
        return None, None
    t = to.strip()
    tc = gold_card(target, notation) if target else None
    if t in ("foundation", "space", "reserve", "waste", "tableau", "cell", "stock") or re.fullmatch(r"(row|pile):\w+", t):
        return t, tc
    if "(foundation)" in t or "foundation row" in t or "ряд тузов" in t:
        m = re.search(r"onto (\S+)|^(\S+) \(foundation\)", t)
        card = gold_card((m.group(1) or m.group(2)) if m else None, notation)
        return "foundation", card
    if "cellar" in t or "подвал" in t:
        return "cell", None
    if "free main row" in t:
        return "space", None
    if t.startswith("removed") or t.startswith("right end"):
        return None, None
    m = re.search(r"start of row (\d)", t)
    if m:
        return f"row:{m.group(1)}", None
    m = re.search(r"right of (\S+)", t)
    if m:
        c = gold_card(m.group(1), notation)
        return (c.format() if c else None), c
    head = t.split(" (")[0].split(" or ")[0].split(",")[0].strip()
    c = gold_card(head, notation)
    if c is not None:
        return c.format(), c
    return "other:" + t, None


def _lcs(a: list, b: list) -> list[tuple[int, int]]:
    n, m = len(a), len(b)
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            dp[i][j] = dp[i + 1][j + 1] + 1 if a[i] == b[j] else max(dp[i + 1][j], dp[i][j + 1])
    pairs, i, j = [], 0, 0
    while i < n and j < m:
        if a[i] == b[j]:
            pairs.append((i, j))
            i += 1
            j += 1
        elif dp[i + 1][j] >= dp[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def examples():
    """``(label, source, MappedText, notation, lang, gold moves as (card, to, to_card))`` of every gold example with moves."""
    src = {s.id: s for s in load_corpus(ROOT / "corpus")}
    g03 = json.loads((GOLD / "000_003.json").read_text("utf-8"))
    out = []
    for game in g03["games"]:
        sid = game["source"][:3]
        notation = {"000": "letter", "003": "letter"}.get(sid, "words")
        lang = "uk" if sid == "000" else "ru"
        for ex in game["examples"]:
            if not ex.get("moves"):
                continue
            a, b = ex.get("moves_line_range") or ex["line_range"]
            mt = MappedText.from_lines(src[sid].lines[a - 1:b], a, sep=" ")
            gold = [(gold_card(m["card"], "letter"),) + gold_destination(m["to"], None, "letter") for m in ex["moves"]]
            out.append((ex["example_id"], sid, mt, notation, lang, gold))
    g4 = json.loads((GOLD / "004_part1.json").read_text("utf-8"))
    for game in g4["games"]:
        for ex in game["examples"]:
            if not ex.get("moves"):
                continue
            ranges = ex.get("line_ranges") or [ex["line_range"]]
            mt = MappedText.concat([MappedText.from_lines(src["004"].lines[a - 1:b], a, sep=" ") for a, b in ranges], " ")
            gold = [(gold_card(m["card"], "symbol"),) + gold_destination(m["to"], m.get("target_card"), "symbol")
                    for m in ex["moves"]]
            out.append((f"004 {game['name']}", "004", mt, "symbol", "ru", gold))
    return out


def _annotation_card(s: str | None, notation: str) -> Card | None:
    """A card of an annotation file: as printed («♠3», «2») or in standard notation («QH», «10»)."""
    if s is None:
        return None
    if notation == "standard":
        if re.fullmatch(r"10|[2-9]|[AJQK]", s):
            return Card({"A": 1, "J": 11, "Q": 12, "K": 13}.get(s) or int(s), None)
        return Card.parse(s)
    return gold_card(s, notation)


def _annotation_move(m: dict, notation: str) -> tuple:
    """``(card, to, to_card, flags)`` of one annotated move; a discard's destination is ``None`` with
    its partner as ``to_card``."""
    card = _annotation_card(m["card"], notation)
    flags = frozenset(f for f in FLAGS if f in m.get("flags", ()) or m.get(f) is True)
    tc = m.get("target_card")
    if m["to"] is None:
        return card, None, _annotation_card(tc, notation), flags
    t = m["to"]
    if t in ("foundation", "space", "reserve", "waste", "tableau", "cell", "stock") or re.fullmatch(r"(row|pile):\w+", t):
        return card, t, _annotation_card(tc, notation) if tc else None, flags
    c = _annotation_card(t, notation)
    return card, c.format() if c else "other:" + t, c, flags


def annotated_examples() -> dict[str, list]:
    """The annotation sets by name (``"book tuned"``, ``"book held-out"``, ``"other tuned"``,
    ``"other held-out"``), each a list of items shaped as :func:`examples` gives them, the gold
    moves as ``(card, to, to_card, flags)``."""
    from pasyans.extract.orthography import modernize_mapped

    sets: dict[str, list] = {"book tuned": [], "book held-out": [], "other tuned": [], "other held-out": []}
    # + "texts tuned" / "texts held-out": see texts_examples
    sets.update(book_examples(ANNOTATIONS / "book_moves_sample.json"))
    sets.update({"book2 " + k[5:]: v for k, v in book_examples(ANNOTATIONS / "book_moves_sample2.json").items()})
    sets.update({"book3 " + k[5:]: v for k, v in book_examples(ANNOTATIONS / "book_moves_sample3.json").items()})
    other = json.loads((ANNOTATIONS / "other_moves.json").read_text("utf-8"))
    for ex in other["examples"]:
        if "file" in ex:
            a, b = ex["line_range"]
            mt = MappedText.from_lines((ROOT / ex["file"]).read_text("utf-8").split("\n")[a - 1:b], a, sep=" ")
        else:
            mt = MappedText.from_lines(ex["text"].split("\n"), 1)
        if ex["orthography"] == "pre-reform":
            mt = modernize_mapped(mt)
        gold = [_annotation_move(m, "standard") for m in ex["moves"]]
        sets["other " + ex["split"]].append((ex["id"], "x", mt, ex["notation"], ex["lang"], gold))
    sets.update(texts_examples())
    return sets


def book_examples(path: Path) -> dict[str, list]:
    """The worked examples of the book annotated in ``path`` (the format of ``book_moves_sample.json``:
    games, each with examples of ``line_ranges`` in the book 004, a ``split`` and moves as printed), by
    set ``"book <split>"``, each item shaped as :func:`examples` gives them."""
    src = {s.id: s for s in load_corpus(ROOT / "corpus")}
    sets: dict[str, list] = {}
    for game in json.loads(path.read_text("utf-8"))["games"]:
        for ex in game["examples"]:
            mt = MappedText.concat([MappedText.from_lines(src["004"].lines[a - 1:b], a, sep=" ")
                                    for a, b in ex["line_ranges"]], " ")
            gold = [_annotation_move(m, "symbol") for m in ex["moves"]]
            sets.setdefault("book " + ex["split"], []).append(
                (f"004 {game['name']} #{ex['index'] + 1}", "004", mt, "symbol", "ru", gold))
    return sets


def texts_examples() -> dict[str, list]:
    """The worked examples of the development texts another developer wrote (tests/fixtures/texts/,
    annotated in ``own_texts_segments.json``), read as ``pasyans add`` would enter them (notation,
    language, spelling detected): sets ``"texts tuned"`` and ``"texts held-out"``. Their ``to`` of a
    discarded card is its partner."""
    from pasyans.add import detect
    from pasyans.extract.orthography import modernize_mapped

    ann = json.loads((ANNOTATIONS / "own_texts_segments.json").read_text("utf-8"))
    sets: dict[str, list] = {"texts tuned": [], "texts held-out": []}
    for t in ann["texts"]:
        path = ROOT / "tests" / "fixtures" / t["file"]
        text = path.read_text("utf-8")
        entry = detect(path, text).entry
        lines = text.split("\n")
        for game in t["games"]:
            for n, ex in enumerate(game.get("examples", []), 1):
                if not ex.get("moves"):
                    continue
                a, b = ex["lines"]
                mt = MappedText.from_lines(lines[a - 1:b], a, sep=" ")
                if entry.get("orthography") == "pre-reform":
                    mt = modernize_mapped(mt)
                lang = next((sp["language"] for sp in entry.get("languages", []) if sp["lines"][0] <= a <= sp["lines"][1]),
                            entry["language"])
                gold = [(_annotation_card(m["card"], "standard"),) + _texts_destination(m["to"])
                        for m in ex["moves"]]
                split = "held-out" if t["split"] == "held_out" else "tuned"
                sets["texts " + split].append((f"{t['file'][6:]} {game['title']} #{n}", "x", mt, entry["notation"],
                                               lang if lang in ("ru", "uk") else "ru", gold))
    return sets


def _texts_destination(to: str | None) -> tuple[str | None, Card | None]:
    if to is None:
        return None, None
    if to in ("foundation", "space", "reserve", "waste", "tableau", "cell", "stock") or to.startswith("pile:"):
        return to, None
    c = _annotation_card(to, "standard")
    return (c.format() if c.suit else str(c)), c


def dest_right(ours, gold, lenient: bool) -> bool:
    to, to_card = ours.to, ours.to_card
    gto, gcard = gold[1], gold[2]
    if ours.kind == "discard" and (gto is None or gcard is not None):
        return to_card == gcard  # a card leaving play: right when the partner is
    if to == gto:
        return True
    if not lenient:
        return False
    if to_card is not None and gcard is not None and to_card == gcard:
        return True
    if to_card is not None and to_card.suit is None and gcard is not None and gcard.rank == to_card.rank:
        return True
    if gto and to_card is not None and to_card.suit is None and gto not in ("foundation", "space") and not gto.startswith("other"):
        try:
            return Card.parse(gto).rank == to_card.rank
        except ValueError:
            return False
    return False


_CONTEXTS: dict = {}


def context_for(label: str):
    """The layout facts of the book game an item's label names («004 Мельница #1»), as the pipeline
    passes them to the reader (:func:`pasyans.extract.moves.game_context` of the game's text)."""
    if not label.startswith("004 "):
        return None
    if not _CONTEXTS:
        from pasyans.extract.moves import game_context
        from pasyans.pipeline import segment

        src = {s.id: s for s in load_corpus(ROOT / "corpus")}["004"]
        for g in segment(src).games:
            _CONTEXTS.setdefault(g.name, game_context(g.text, "ru"))
    return _CONTEXTS.get(label[4:].split(" #")[0])


def measure(items) -> dict:
    tot = Counter()
    per = []
    for label, sid, mt, notation, lang, gold, *ctx in items:
        res = parse_moves(mt, sid, notation, lang, context=ctx[0] if ctx else context_for(label))
        ours = [m for m in res.moves if m.cards]
        g_named = [g for g in gold if g[0] is not None]
        oc = Counter(str(m.cards[0]) for m in ours)
        gc = Counter(str(g[0]) for g in g_named)
        hit = sum((oc & gc).values())
        pairs = _lcs([str(m.cards[0]) for m in ours], [str(g[0]) for g in g_named])
        strict = sum(dest_right(ours[i], g_named[j], False) for i, j in pairs)
        lenient = sum(dest_right(ours[i], g_named[j], True) for i, j in pairs)
        flagged = [(i, j) for i, j in pairs if len(g_named[j]) > 3]
        flags = sum(frozenset(f for f in FLAGS if f in ours[i].flags) == g_named[j][3] for i, j in flagged)
        row = Counter(gold=len(g_named), ours=len(ours), hit=hit, lcs=len(pairs), strict=strict, lenient=lenient,
                      unnamed=len(gold) - len(g_named), flagged=len(flagged), flags=flags)
        per.append((label, row))
        tot.update(row)
    return {"total": tot, "per": per}


def _fmt(c: Counter) -> str:
    g, o = c["gold"] or 1, c["ours"] or 1
    return (f"gold {c['gold']:4d} ours {c['ours']:4d}  card recall {c['hit'] / g:6.1%} precision {c['hit'] / o:6.1%}"
            f"  order(LCS) {c['lcs'] / g:6.1%}  dest strict {c['strict'] / max(c['lcs'], 1):6.1%}"
            f" lenient {c['lenient'] / max(c['lcs'], 1):6.1%}"
            + (f"  flags {c['flags'] / c['flagged']:6.1%}" if c["flagged"] else "")
            + (f"  from/count {c['places'] / c['placed']:6.1%}" if c["placed"] else ""))


WHOLE_TEXT_SETS = ("own_texts_segments.json", "aisleriot_segments.json", "moves_texts_segments.json", "moves5_segments.json",
                   "moves6_segments.json", "moves7_segments.json", "moves8_segments.json", "moves9_segments.json",
                   "moves10_segments.json", "moves11_segments.json", "moves12_segments.json",
                   "moves13_segments.json", "moves14_segments.json", "moves15_segments.json",
                   "moves16_segments.json", "moves17_segments.json")
"""Annotations of whole texts (segments, examples, moves): scored end to end by :func:`whole_texts`."""


def _gold_key(m: dict) -> tuple[str, str | None, frozenset, str | None, int | None]:
    """``(card, to, flags, from, count)`` of one annotated move (``from``: "foundation" for a card taken
    back off a foundation; ``count``: the cards of a run moved as one)."""
    return m["card"], m["to"], frozenset(m.get("flags", ())), m.get("from"), m.get("count")


def whole_texts(names: tuple[str, ...] = WHOLE_TEXT_SETS, texts: Path | None = None) -> dict[str, Counter]:
    """The example moves *found in the text*: each annotated text is entered as ``pasyans add`` would
    (:func:`bench.segmentation.annotated_source`), segmented and read by the pipeline
    (:func:`pasyans.pipeline.segment`, :func:`~pasyans.pipeline.read_examples`), and every move read
    in any example is compared with the gold moves of the game holding most of its lines, in text
    order. Returns ``"<set> <split>"`` → counts as :func:`measure` gives them (``gold``, ``ours``,
    ``hit`` by moved card, ``lcs``, ``strict`` = destination right among aligned moves — the gold
    ``to`` is the move's ``to`` or its ``to_card``, a gold ``null`` takes any —, ``flagged``/``flags``
    over aligned gold moves with flags, plus ``examples``/``examples_found``); the misses are kept under
    the key ``"misses"`` of each counter's ``.misses`` attribute (a list of lines). ``names``: files of
    ``tests/fixtures/annotations`` or paths of other files of that format; ``texts``: the folder their
    ``file`` paths are under (default ``tests/fixtures``)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from segmentation import annotated_source

    from pasyans.pipeline import read_examples, segment

    out: dict[str, Counter] = {}
    for name in names:
        data = json.loads((ANNOTATIONS / name).read_text("utf-8"))
        for i, entry in enumerate(data["texts"]):
            src, _ = annotated_source(entry, f"t{i:02d}", base=texts)
            seg = segment(src)
            read_examples(seg)
            key = f"{Path(name).name.split('_segments')[0]} {entry['split'].replace('_', '-')}"
            tot = out.setdefault(key, Counter())
            if not hasattr(tot, "misses"):
                tot.misses = []
            owner = {n: g for g in seg.games for a, b in g.lines for n in range(a, b + 1)}
            matched = set()
            for gg in entry["games"]:
                a, b = gg["lines"]
                counts = Counter(id(owner[n]) for n in range(a, b + 1) if n in owner)
                m = next((g for g in seg.games if counts and id(g) == counts.most_common(1)[0][0]), None)
                gold = [_gold_key(mv) for ex in gg["examples"] for mv in ex["moves"]]
                tot["examples"] += len(gg["examples"])
                if m is None:
                    tot.update(gold=len(gold), lost_segmentation=len(gold))
                    tot.misses.append(f"{entry['file']}: no game holds the lines of «{gg['title']}» ({len(gold)} moves)")
                    continue
                matched.add(id(m))
                seg_lost = 0
                for ex in gg["examples"]:
                    x, y = ex["lines"]
                    if any(owner.get(n) is not None and owner[n] is not m for n in range(x, y + 1)) and not any(
                            e.lines[0] <= y and e.lines[1] >= x for e in m.examples):
                        seg_lost += len(ex["moves"])   # its lines went to another game
                        tot.misses.append(f"{entry['file']}: example at lines {x}-{y} of «{gg['title']}» is in another game")
                    elif any(e.lines[0] <= y and e.lines[1] >= x for e in m.examples):
                        tot["examples_found"] += 1
                    else:
                        tot.misses.append(f"{entry['file']}: example at lines {x}-{y} of «{gg['title']}» not found")
                ours = [mv for e in m.examples for mv in e.moves if mv.cards]
                row = _compare(ours, gold, f"{entry['file']} «{gg['title']}»", tot.misses)
                tot.update(row)
                # the reader alone is asked only when some loss is not segmentation's
                alone = _alone_lost(src, gg) if row["gold"] - row["hit"] > seg_lost else 0
                tot.update(_lost(row, seg_lost, alone))
            for g in seg.games:  # moves read in games no gold game matches are all wrong
                if id(g) not in matched:
                    n = sum(1 for e in g.examples for mv in e.moves if mv.cards)
                    tot["ours"] += n
                    if n:
                        tot.misses.append(f"{entry['file']}: {n} moves read in {g.name!r}, which is no annotated game")
    return out


def _example_inputs(src, gg: dict):
    """``(example, MappedText, lang, context)`` of each annotated example of the game ``gg`` of ``src``, on
    its own annotated lines (modern spelling; the game's annotated lines as its layout context)."""
    from pasyans.extract.moves import game_context
    from pasyans.extract.orthography import modernize_mapped

    ctx_text = "\n".join(src.lines[gg["lines"][0] - 1:gg["lines"][1]])
    for ex in gg["examples"]:
        a, b = ex["lines"]
        mt = MappedText.from_lines(src.lines[a - 1:b], a, sep=" ")
        if src.orthography == "pre-reform":
            mt = modernize_mapped(mt)
        lang = src.language_at(a)
        yield ex, mt, lang, game_context(ctx_text, lang)


def _alone_lost(src, gg: dict) -> int:
    """Gold moves of the annotated game ``gg`` the move reader misses on the examples' own annotated lines
    (:func:`_example_inputs`): the reader's share of a whole text's losses."""
    lost = 0
    for ex, mt, lang, ctx in _example_inputs(src, gg):
        res = parse_moves(mt, "x", src.notation, lang, context=ctx)
        oc = Counter(m.cards[0].format() for m in res.moves if m.cards)
        lost += sum((Counter(mv["card"] for mv in ex["moves"]) - oc).values())
    return lost


def _lost(row: Counter, seg_lost: int, alone_lost: int) -> Counter:
    """Where one game's lost gold moves (``gold - hit`` of ``row``) got lost: ``lost_segmentation`` (its
    example's lines went to another game: ``seg_lost``), ``lost_reading`` (the reader misses them on the
    annotated lines too: ``alone_lost``), ``lost_passage`` the rest (the example passage not found, or found
    cut: moves the reader reads on the annotated lines but not in the passage found)."""
    lost = max(row["gold"] - row["hit"], 0)
    seg = min(seg_lost, lost)
    reading = min(alone_lost, lost - seg)
    return Counter(lost_segmentation=seg, lost_reading=reading, lost_passage=lost - seg - reading)


def lost_line(c: Counter) -> str:
    """«lost: segmentation N, passage N, reading N (of G gold moves)» for a set's counts."""
    return (f"lost at segmentation {c['lost_segmentation']}, at passage finding {c['lost_passage']}, "
            f"at reading {c['lost_reading']} (of {c['gold']} gold moves)")


def reader_only(names: tuple[str, ...] = ("moves5_segments.json", "moves6_segments.json",
                                         "moves7_segments.json", "moves8_segments.json",
                                         "moves9_segments.json", "moves10_segments.json",
                                         "moves11_segments.json", "moves12_segments.json",
                                         "moves13_segments.json", "moves14_segments.json",
                                         "moves15_segments.json", "moves16_segments.json",
                                         "moves17_segments.json")) -> dict[str, list]:
    """The annotated examples of whole texts read by the move reader *alone*, on the example's own
    annotated lines (entered as ``pasyans add`` would: notation, language, spelling; the game's
    annotated lines as its layout context) — what the reader gets right when segmentation finds the
    example. Returns ``"<set> reader-only"`` → items shaped as :func:`annotated_examples` gives them."""
    sys.path.insert(0, str(ROOT / "bench"))
    from segmentation import annotated_source

    out: dict[str, list] = {}
    for name in names:
        items = out.setdefault(f"{name.split('_segments')[0]} reader-only", [])
        for i, entry in enumerate(json.loads((ANNOTATIONS / name).read_text("utf-8"))["texts"]):
            src, _ = annotated_source(entry, f"t{i:02d}")
            for gg in entry["games"]:
                for ex, mt, lang, ctx in _example_inputs(src, gg):
                    a, b = ex["lines"]
                    gold = [_annotation_move(m, "standard") for m in ex["moves"]]
                    items.append((f"{entry['file'][6:]} {gg['title']} {a}-{b}", "x", mt, src.notation, lang, gold, ctx))
    return out


def _compare(ours: list, gold: list[tuple], label: str, misses: list[str]) -> Counter:
    """Counts of one game's moves read (``ours``, :class:`Move`) against its gold ``(card, to, flags)``."""
    oc, gc = Counter(m.cards[0].format() for m in ours), Counter(g[0] for g in gold)
    pairs = _lcs([m.cards[0].format() for m in ours], [g[0] for g in gold])
    row = Counter(gold=len(gold), ours=len(ours), hit=sum((oc & gc).values()), lcs=len(pairs))
    # one destination measure here (the gold ``to`` is a card or a place): strict = lenient
    aligned = {j for _, j in pairs}
    for i, j in pairs:
        m, (card, to, flags, source, count) = ours[i], gold[j]
        if source or count:  # where it is taken from / how many cards move as one, where the text says
            row["placed"] += 1
            right = (not source or m.from_place == source) and (not count or m.count == count or len(m.cards) == count)
            row["places"] += right
            if not right:
                misses.append(f"{label}: {card} from {source} count {count} read as from {m.from_place} "
                              f"count {m.count} ({len(m.cards)} cards)")
        targets = {x for x in (m.to, m.to_card.format() if m.to_card is not None else None) if x}
        ok = to is None or to in targets or (m.kind == "discard" and m.to_card is not None and m.to_card.format() == to)
        row["strict"] += ok
        row["lenient"] += ok
        if flags:
            row["flagged"] += 1
            row["flags"] += frozenset(f for f in FLAGS if f in m.flags) == flags
        if not ok or (flags and frozenset(f for f in FLAGS if f in m.flags) != flags):
            misses.append(f"{label}: {card}→{to} {sorted(flags)} read as {m.raw!r} → {m.to} / {m.to_card} "
                          f"{sorted(m.flags)}")
    for j, g in enumerate(gold):
        if j not in aligned:
            misses.append(f"{label}: {g[0]}→{g[1]} not read")
    extra = oc - gc
    if extra:
        misses.append(f"{label}: read but not in the gold: {sorted(extra.elements())}")
    return row


def measure_file(path: Path, texts: Path | None = None) -> dict[str, Counter]:
    """Set name → counts of one annotation file: whole texts (the format of ``moves5_segments.json``,
    its ``file`` paths under ``texts``: :func:`whole_texts`) or the book's examples (the format of
    ``book_moves_sample.json``: :func:`book_examples`, the counts of :func:`measure`)."""
    data = json.loads(path.read_text("utf-8"))
    if "texts" in data:
        if texts is None:
            sys.exit(f"{path.name} annotates whole texts: give --texts DIR (the folder its texts' paths are under)")
        return whole_texts((str(path),), texts)
    parse_moves("♠Д — ♥К.", "x", "symbol", "ru")
    return {name: measure(items)["total"] for name, items in book_examples(path).items()}


def main_file(path: Path, texts: Path | None) -> None:
    """``--annotations FILE [--texts DIR]``: the figures of that file alone (misses of a held-out split only
    with ``--held-out``)."""
    show_held = "--held-out" in sys.argv
    for name, c in measure_file(path, texts).items():
        if show_held or "held-out" not in name:
            for line in getattr(c, "misses", []):
                print(f"  {line}")
        found = f"  examples found {c['examples_found']}/{c['examples']}" if "examples" in c else ""
        print(f"{path.name} {name:18s} {_fmt(c)}{found}")
        if "examples" in c:
            print(f"{'':18s} {lost_line(c)}")


def main() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    from segmentation import _option

    annotations = _option("--annotations")
    if annotations is not None:
        main_file(annotations, _option("--texts"))
        return
    items = examples()
    parse_moves("♠Д — ♥К.", "x", "symbol", "ru")  # load grammar, spaCy and pymorphy once
    context_for("004 Аккордеон")  # segment the book once (for the games' layout facts), before timing
    t = time.perf_counter()
    res = measure(items)
    dt = time.perf_counter() - t
    lines = sum(len(set(mt.line)) for _, _, mt, *_ in items)
    verbose = "-v" in sys.argv
    for label, row in res["per"]:
        if verbose or row["hit"] < row["gold"] or row["hit"] < row["ours"] or row["strict"] < row["lcs"]:
            print(f"  {label:28s} {_fmt(row)}")
    by_file = {"000+001+003": Counter(), "004 part1": Counter()}
    for label, row in res["per"]:
        by_file["004 part1" if label.startswith("004") else "000+001+003"].update(row)
    for k, v in by_file.items():
        print(f"{k:14s} {_fmt(v)}  (+{v['unnamed']} gold moves with no card named)")
    print(f"{'all':14s} {_fmt(res['total'])}")
    show_held = "--held-out" in sys.argv
    for name, items_ in annotated_examples().items():
        r = measure(items_)
        if verbose or show_held or "held-out" not in name:
            for label, row in r["per"]:
                if (verbose and "held-out" not in name) or row["hit"] < row["gold"] or row["hit"] < row["ours"] \
                        or row["strict"] < row["lcs"] or row["flags"] < row["flagged"]:
                    if "held-out" not in name or show_held:
                        print(f"  {label:28s} {_fmt(row)}")
        print(f"{name:14s} {_fmt(r['total'])}")
    for name, items_ in reader_only().items():   # (misses of these sets are printed with -v only)
        r = measure(items_)
        if verbose:
            for label, row in r["per"]:
                if row["hit"] < row["gold"] or row["hit"] < row["ours"] or row["strict"] < row["lcs"] or row["flags"] < row["flagged"]:
                    print(f"  {label:28s} {_fmt(row)}")
        print(f"{name:14s} {_fmt(r['total'])}")
    print("== example moves found in whole texts (segmented and read as the pipeline does)")
    every = Counter()
    for name, c in whole_texts().items():
        if show_held or "held-out" not in name:
            for line in c.misses:
                print(f"  {line}")
        print(f"{name:24s} {_fmt(c)}  examples found {c['examples_found']}/{c['examples']}")
        print(f"{'':24s} {lost_line(c)}")
        every.update(c)
    print(f"{'every whole-text set':24s} {lost_line(every)}")
    print(f"throughput: {len(items)} examples, {lines} raw lines in {dt:.2f} s = {lines / dt:.0f} example lines/s")


if __name__ == "__main__":
    main()
