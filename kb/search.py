"""Full-text search over the rules texts by lemma: ``pasyans search "короли заполняют пробелы"``.

At build time each game's cleaned text (``games.text``: page furniture gone, hyphenation
joined, lost spaces restored, pre-1918 spelling modernized) is cut into sentences (and
paragraphs) that keep their offsets in that text, their raw lines and the section they belong
to (intro, rules, example, tactics), and every word is replaced by its lemma (pymorphy3,
Russian or Ukrainian; a verb's reflexive «-ся» dropped). Every card the sentence names — in
the source's shorthand («♠Д», «ПД») or in words («даму пик») — adds one key (``cardqs``), so a
card is found however it is written. The sentences go into the table ``passages`` with an
SQLite FTS5 index ``passages_fts`` over the text and the lemmas.

At query time the query's cards become card keys and its other words lemmas; a verb matches
any form of its stem, both aspects («заполняют» finds «заполнены», «заполнить»). Sentences
that hold every word come first; then sections that hold them all across sentences. Each hit
carries a snippet cut on word boundaries from its sentence, the words that matched marked;
a sentence shared by a game and its variant is one hit.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Iterator

from .names import fold

TOKENIZE = "unicode61 remove_diacritics 0 tokenchars '♠♥♦♣'"
"""The FTS5 tokenizer: Unicode words, suit symbols kept inside tokens (``♠д`` is one token)."""

_TOKEN = re.compile(r"[♠♥♦♣](?:10|[2-9ТВДКАтвдкаJQKATjqka])?|[^\W\d_]+|\d+")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[«\"(А-ЯЁІЇЄA-Z♠♥♦♣0-9])")
_VERB_SUFFIX = re.compile(r"(ить|ать|ять|еть|уть|ыть|оть|ти|чь)$")


def query_languages(text: str) -> tuple[str, ...]:
    """The languages a query is lemmatised in: Ukrainian when it has a letter only Ukrainian
    writes (і ї є ґ ʼ), Russian when it has one only Russian writes (ы э ъ ё), else both — «ретельно
    тасують» is Ukrainian without those letters, and Russian pymorphy3 reads «тасують» as itself."""
    if re.search(r"[іїєґІЇЄҐʼ]", text):
        return ("uk",)
    if re.search(r"[ыэъёЫЭЪЁ]", text):
        return ("ru",)
    return ("ru", "uk")


@lru_cache(maxsize=200_000)
def lemma_of(word: str, lang: str = "ru") -> tuple[str, bool]:
    """``(lemma, is_verb)`` of one token: folded pymorphy3 normal form, reflexive ``-ся``/``-сь``
    of a verb dropped; card tokens, numbers and one-letter words come back folded unchanged.
    Cached per (token, lang): a build asks for each word form once."""
    from ..morph import parse

    w = word.lower().replace("ё", "е")
    if w[:1] in "♠♥♦♣" or w.isdigit() or len(w) < 2:
        return w, False
    p = parse(w, lang)
    if p is None:
        return w, False
    lem = fold(p.normal_form) or w
    verb = p.tag.POS in ("INFN", "VERB", "PRTF", "PRTS", "GRND")
    if verb and re.search(r"(ться|тись|чься)$", lem):
        lem = lem[:-2]
    return lem, verb


def lemmas(text: str, lang: str = "ru") -> list[str]:
    """The lemmas of every token of ``text`` in order (see :func:`lemma_of`)."""
    return [lemma_of(t, lang)[0] for t in _TOKEN.findall(text)]


@dataclass
class Passage:
    """One sentence of a game's text: its raw lines, its section, its cleaned text (``start``,
    ``end``: offsets in ``games.text``) and lemmas (with card keys)."""

    game: str
    source: str
    section: str
    first_line: int
    last_line: int
    text: str
    lemmas: str
    start: int = 0
    end: int = 0


def card_key(code: str) -> str:
    """The search key of a card in standard notation: ``QS`` → ``cardqs``."""
    return "card" + code.lower()


def card_spans(text: str, notation: str = "words", lang: str = "ru") -> list[tuple[int, int, str]]:
    """``(start, end, code)`` of every card with a suit named in ``text``: in the shorthand of
    ``notation`` and in words (:func:`pasyans.extract.notation.find_cards`), and in standard
    notation (``QS``, ``10H``) as a whole word."""
    from ..extract.notation import NotationError, find_cards

    out = []
    try:
        toks = find_cards(text, notation if notation in ("symbol", "letter", "words") else "words",
                          lang if lang in ("ru", "uk") else "ru")
    except NotationError:
        toks = []
    for t in toks:
        if t.card.suit and not t.card.joker:
            out.append((t.start, t.end, t.card.format()))
    taken = [(a, b) for a, b, _c in out]
    for m in _STANDARD_CARD.finditer(text):
        if not any(m.start() < b and a < m.end() for a, b in taken):
            rank = "T" if m.group(1) == "10" else m.group(1).upper()
            out.append((m.start(), m.end(), rank + m.group(2).upper()))
    return sorted(out)


_STANDARD_CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[A2-9TJQK])([CDHS])(?![\w])")


def _numbers(spans: Iterable[tuple[int, int]]) -> list[int]:
    return [n for a, b in spans for n in range(a, b + 1)]


def passages(games: Iterable, sources: Iterable, game_texts: dict | None = None) -> Iterator[Passage]:
    """The sentences of every game's cleaned text (``GameText.text`` with its
    :class:`~pasyans.extract.text.MappedText` from ``game_texts``, game key → map), with raw
    lines, offsets, section kind, lemmas and card keys. A game without text or without a map
    gives nothing (the store records the missing map as a ``no-text-map`` finding). Uses
    pymorphy3 (build time)."""
    from ..extract.headings import labels

    one_sentence = labels()["one_sentence"]  # «Цель игры — …»: the label's sentence only, not the rest of its line
    by_id = {s.id: s for s in sources}
    for g in games:
        said: set[int] = set()  # the one-sentence sections whose sentence came already
        src = by_id.get(g.source)
        mt = (game_texts or {}).get(g.key)
        if src is None or not g.text or mt is None or mt.text != g.text:
            continue
        lang = src.language if src.language in ("ru", "uk") else "ru"
        notation = getattr(src, "notation", "words")
        text = mt.text
        start = 0
        bounds = sorted({m.start() for m in _SENTENCE_END.finditer(text)} |
                        {i for i, ch in enumerate(text) if ch == "\n"} | {len(text)})
        for end in bounds:
            chunk = text[start:end]
            s, e = start + len(chunk) - len(chunk.lstrip()), start + len(chunk.rstrip())
            start = end
            if s >= e:
                continue
            sent = text[s:e]
            lines = [mt.line[i] for i in range(s, e) if i not in mt.inserted] or [mt.line[s]]
            first, last = min(lines), max(lines)
            section = "text"
            for i, sec in enumerate(g.sections):
                if sec.lines[0] <= first <= sec.lines[1]:
                    if sec.kind in one_sentence:
                        if i in said:
                            continue  # a sentence after the one the inline label said
                        if fold(sent) != fold(sec.title or ""):  # the label alone («Цель игры.») says nothing yet
                            said.add(i)
                    section = sec.kind
                    break
            cards = " ".join(card_key(c) for _a, _b, c in card_spans(sent, notation, lang))
            words = " ".join(lemmas(sent, lang))
            yield Passage(g.key, g.source, section, first, last, sent, (words + " " + cards).strip(), s, e)


def passage_records(rows: Iterable[Passage]) -> Iterator[dict]:
    """The ``passages`` records of passages (no ``id``: the table numbers them in order)."""
    for p in rows:
        yield {"game": p.game, "source": p.source, "section": p.section, "first_line": p.first_line,
               "last_line": p.last_line, "text": p.text, "lemmas": p.lemmas, "start": p.start, "end": p.end}


def create(conn_or_db, rows: Iterable[Passage], *, prepared: Iterable[list] | None = None) -> int:
    """Create ``passages`` and its FTS5 index ``passages_fts`` in a sqlite-utils ``Database``;
    return the number of passages written. ``prepared``: the passages' rows already made by
    ``TABLES["passages"].prepare(passage_records(...))`` (``rows`` is then not read)."""
    db = conn_or_db
    from .schema import TABLES

    TABLES["passages"].create(db)
    if prepared is not None:
        TABLES["passages"].insert_prepared(db, prepared, batch_size=500)
    else:
        TABLES["passages"].insert_all(db, passage_records(rows), batch_size=500)
    db.execute(f'CREATE VIRTUAL TABLE passages_fts USING fts5(text, lemmas, content="passages", '
               f'content_rowid="id", tokenize="{TOKENIZE}")')
    db.execute("INSERT INTO passages_fts(rowid, text, lemmas) SELECT id, text, lemmas FROM passages")
    db["passages"].create_index(["game"])
    return db["passages"].count


@dataclass
class Hit:
    """One answer of :func:`search`: a sentence (or a section's sentences) of a game, with its raw
    lines, the section, the text (as printed), the query terms it holds and why it was chosen.

    ``snippet`` is the text cut on word boundaries around what matched: ``(piece, marked)``
    pairs, ``marked`` for a word or card the query asked for. ``also`` lists the other games
    the same sentence belongs to (a variant printed inside its parent's text)."""

    game: str
    name: str
    source: str
    section: str
    lines: list[tuple[int, int]]
    text: str
    score: float
    matched: list[str] = field(default_factory=list)
    why: str = ""
    snippet: list[tuple[str, bool]] = field(default_factory=list)
    also: list[str] = field(default_factory=list)

    @property
    def snippet_text(self) -> str:
        """The snippet as plain text, matched words in ``[brackets]``."""
        return "".join(f"[{t}]" if marked and t.strip() else t for t, marked in self.snippet)


@dataclass
class Term:
    """One query term: ``key`` (a lemma, a verb stem or a card key), the FTS5 expression
    ``fts``, and how to recognise it in a sentence (``stem`` true: a word whose lemma starts
    with ``key``; ``card``: a card key or, for a rank alone, its prefix)."""

    key: str
    fts: str
    stem: bool = False
    card: str | None = None
    also: tuple[tuple[str, bool], ...] = ()
    """Other ``(key, stem)`` readings of the same query word (its lemma in the other language of
    :func:`query_languages`): the term matches any of them."""

    def matches(self, lemma: str) -> bool:
        """Whether a sentence word of lemma ``lemma`` is this term (not used for cards)."""
        return any((stem and lemma.startswith(key)) or (not stem and lemma == key)
                   for key, stem in ((self.key, self.stem), *self.also))


def _word_term(tok: str, lang: str) -> Term:
    """The term of one query word lemmatised in ``lang``."""
    lem, verb = lemma_of(tok, lang)
    if verb:
        stem = _VERB_SUFFIX.sub("", lem)
        if len(stem) >= 3:
            return Term(stem, '"' + stem.replace('"', "") + '"*', stem=True)
    rank = _RANK_LEMMA.get(lem)
    if rank:  # a rank alone («дама»): the word, or a card of that rank in any notation
        return Term(lem, f'("{lem}" OR "card{rank}"*)', card="card" + rank)
    return Term(lem, '"' + lem.replace('"', "") + '"')


def _terms(query: str) -> list[Term]:
    """The terms of ``query``. A query in pre-1918 spelling is read in modern spelling, as the texts are
    indexed («двѣ колоды» → «две колоды», «Салическій законъ» → «Салический закон»); a word with «і» and
    no other sign (Ukrainian, or old Russian: «Салическій») is read both ways."""
    from ..extract.orthography import PRE_REFORM_SIGN, modernize, modernize_word

    if PRE_REFORM_SIGN.search(query):
        query = modernize(query)
        langs: tuple[str, ...] = ("ru",)
    else:
        langs = query_languages(query)
    old_i = not re.search(r"[їєґЇЄҐʼ]", query)  # «і» without a letter only Ukrainian writes: maybe old Russian
    lang = langs[0]
    out: list[Term] = []
    rest, pos = [], 0
    spans = max((card_spans(query, "symbol", lg) for lg in langs),  # «дами чирв» is Ukrainian only: either language's cards
                key=lambda sp: sum(b - a for a, b, _c in sp))
    for a, b, code in spans:
        out.append(Term(card_key(code), f'"{card_key(code)}"', card=card_key(code)))
        rest.append(query[pos:a])
        pos = b
    rest.append(query[pos:])
    for tok in _TOKEN.findall(" ".join(rest)):
        read = [(tok, lg) for lg in langs] + ([(modernize_word(tok), "ru")] if old_i and re.search("[іІ]", tok) else [])
        readings = list({t.fts: t for t in (_word_term(w, lg) for w, lg in read)}.values())
        first = readings[0]
        if len(readings) > 1:  # a word read differently in Russian and Ukrainian: either lemma
            first = Term(first.key, "(" + " OR ".join(t.fts for t in readings) + ")", first.stem, first.card,
                         tuple((t.key, t.stem) for t in readings[1:]))
        out.append(first)
    seen, uniq = set(), []
    for t in out:
        if t.fts not in seen:
            seen.add(t.fts)
            uniq.append(t)
    return uniq


_RANK_LEMMA = {"туз": "a", "король": "k", "дама": "q", "валет": "j", "десятка": "t"}
"""Rank words whose lemma alone stands for a card of any suit."""


def query_terms(query: str) -> list[tuple[str, str]]:
    """``(key, FTS5 term)`` for each word of ``query``: a card key for a card in symbols, words
    or standard notation («♠Д», «дама пик», ``QS`` → ``cardqs``), a quoted lemma, or a prefix
    term of the stem for a verb (both aspects, all forms). Generic words are kept."""
    return [(t.key, t.fts) for t in _terms(query)]


def _marks(text: str, terms: list[Term], lang: str, notation: str) -> list[tuple[int, int]]:
    """Character ranges of ``text`` that hold a query term (a word by lemma, a card)."""
    out = []
    cards = {t.card for t in terms if t.card}
    if cards:
        for a, b, code in card_spans(text, notation, lang):
            key = card_key(code)
            if key in cards or key[:5] in cards:
                out.append((a, b))
    plain = [t for t in terms if not (t.card and len(t.card) == 6)]  # not a card with its suit
    for m in _TOKEN.finditer(text):
        lem = lemma_of(m.group(), lang)[0]
        for t in plain:
            if t.matches(lem):
                out.append((m.start(), m.end()))
                break
    return sorted(out)


def _window(units: list[tuple[str, bool]], width: int) -> list[tuple[str, bool]]:
    """``units`` (text, marked) cut to about ``width`` characters around the first marked one,
    on word boundaries, with «…» where text was left out."""
    text = "".join(t for t, _m in units)
    if len(text) <= width:
        return units
    first = 0
    pos = 0
    for t, marked in units:
        if marked and t.strip():
            first = pos
            break
        pos += len(t)
    lo = max(0, first - width // 3)
    hi = min(len(text), lo + width)
    lo = max(0, hi - width) if hi == len(text) else lo
    while lo > 0 and not text[lo - 1].isspace():  # back to the start of a word
        lo -= 1
    while hi < len(text) and not text[hi].isspace():  # on to the end of a word
        hi += 1
    out, pos = [], 0
    for t, marked in units:
        a, b = pos, pos + len(t)
        pos = b
        if b <= lo or a >= hi:
            continue
        out.append((t[max(lo, a) - a:min(hi, b) - a], marked))
    if lo > 0:
        out.insert(0, ("… ", False))
    if hi < len(text):
        out.append((" …", False))
    return out


def snippet(text: str, terms: list[Term], lang: str = "ru", notation: str = "words", width: int = 240,
            printed=None) -> list[tuple[str, bool]]:
    """``text`` (a sentence) as ``(piece, marked)`` pairs cut on word boundaries around the first
    matched term, at most about ``width`` characters. ``printed`` (a
    :class:`pasyans.kb.printed.Span` of the same sentence) shows it as printed: a changed word is
    marked whole."""
    ranges = _marks(text, terms, lang, notation)
    units = [(text, text)]
    if printed is not None and printed.exact and printed.modern == text:
        units = [(p.text, p.modern if p.modern is not None else p.text) for p in printed.pieces]
    out: list[tuple[str, bool]] = []
    pos = 0
    for shown, modern in units:
        a, b = pos, pos + len(modern)
        pos = b
        if shown != modern:  # an old spelling: the word is marked whole
            out.append((shown, any(x < b and a < y for x, y in ranges)))
            continue
        cuts = sorted({a, b} | {x for r in ranges for x in r if a < x < b})
        for x, y in zip(cuts, cuts[1:]):
            out.append((shown[x - a:y - a], any(r0 <= x and y <= r1 for r0, r1 in ranges)))
    merged: list[tuple[str, bool]] = []
    for t, m in out:
        if merged and merged[-1][1] == m:
            merged[-1] = (merged[-1][0] + t, m)
        elif t:
            merged.append((t, m))
    return _window(merged, width)


SNIPPET_WIDTH = 240
"""About how many characters a hit's snippet shows (a section's hit shares them among its sentences)."""


def _covering(items: list[tuple[str, tuple]], keys: list[str]) -> list[tuple]:
    """Few of a section's sentences, in text order, that hold every query term between them
    (greedy set cover: the sentence holding most of the terms still missing, the earliest on a
    tie). ``items`` are ``(term key, passage row)`` pairs; rows sort by first line, then id."""
    holds: dict[int, set[str]] = {}
    rows: dict[int, tuple] = {}
    for k, r in items:
        holds.setdefault(r[0], set()).add(k)
        rows[r[0]] = r
    order = sorted(rows.values(), key=lambda r: (r[4], r[0]))
    missing, chosen = set(keys), []
    while missing:
        best = max(order, key=lambda r: len(holds[r[0]] & missing))  # max keeps the first of a tie
        if not holds[best[0]] & missing:
            break
        chosen.append(best)
        missing -= holds[best[0]]
    return sorted(chosen, key=lambda r: (r[4], r[0]))


def search(conn: sqlite3.Connection, query: str, limit: int = 10) -> list[Hit]:
    """Sentences of the rules texts that hold every term of ``query`` (lemmas and cards, see
    :func:`query_terms`), best first (FTS5 bm25), then sections that hold every term across
    their sentences; one hit per sentence (its other games in ``also``), each with a snippet.
    Reads ``passages`` and ``passages_fts``; raises ``sqlite3.OperationalError`` when the
    knowledge base has no index."""
    from .printed import Printed

    terms = _terms(query)
    if not terms:
        return []
    names = dict(conn.execute("SELECT id, coalesce(name, printed_name, id) FROM games"))
    src_of = {sid: (lang, notation) for sid, lang, notation in conn.execute(
        "SELECT id, language, " + ("notation" if _has_column(conn, "sources", "notation") else "'symbol'")
        + " FROM sources")}
    has_offsets = _has_column(conn, "passages", "start")
    printed: dict[str, Printed] = {}

    def shown(game: str, source: str, text: str, start: int | None, end: int | None, width: int = SNIPPET_WIDTH):
        """(text as printed, snippet of about ``width`` characters) of one sentence."""
        lang, notation = src_of.get(source, ("ru", "words"))
        span = None
        if has_offsets and start is not None:
            if game not in printed:
                printed[game] = Printed(conn, game)
            if not printed[game].modern_source:
                span = printed[game].span(start, end)
        return (span.text if span is not None and span.exact else text,
                snippet(text, terms, lang if lang in ("ru", "uk") else "ru", notation, max(80, width), printed=span))

    cols = "p.id, p.game, p.source, p.section, p.first_line, p.last_line, p.text, " + \
        ("p.start, p.\"end\"" if has_offsets else "NULL, NULL")
    hits: list[Hit] = []
    by_sentence: dict[tuple, Hit] = {}
    seen: set[int] = set()
    match = "lemmas : (" + " AND ".join(t.fts for t in terms) + ")"
    for pid, game, source, section, a, b, text, start, end, score in conn.execute(
            f"SELECT {cols}, bm25(passages_fts) FROM passages_fts JOIN passages p ON p.id = passages_fts.rowid "
            "WHERE passages_fts MATCH ? ORDER BY bm25(passages_fts) LIMIT ?", (match, limit * 3)):
        seen.add(pid)
        key = (source, a, b, text)
        if key in by_sentence:
            if game != by_sentence[key].game and game not in by_sentence[key].also:
                by_sentence[key].also.append(game)
            continue
        if len(hits) >= limit:
            continue
        as_printed, snip = shown(game, source, text, start, end)
        hit = Hit(game, names.get(game, game), source, section, [(a, b)], as_printed, round(-score, 3),
                  [t.key for t in terms], "every word in one sentence", snip)
        by_sentence[key] = hit
        hits.append(hit)
    if len(hits) < limit and len(terms) > 1:
        groups: dict[tuple[str, str], list] = {}
        for t in terms:
            for row in conn.execute(f"SELECT {cols} FROM passages_fts JOIN passages p ON p.id = passages_fts.rowid "
                                    "WHERE passages_fts MATCH ?", ("lemmas : " + t.fts,)):
                groups.setdefault((row[1], row[3]), []).append((t.key, row))
        ranked = []
        for (game, section), items in groups.items():
            have = {k for k, _r in items}
            if len(have) == len(terms) and not all(r[0] in seen for _k, r in items):
                rows = _covering(items, [t.key for t in terms])
                if not all(r[0] in seen for r in rows):  # else a sentence hit already shows them
                    ranked.append((len(rows), game, section, rows))
        ranked.sort(key=lambda r: (r[0], r[1]))
        sections_seen: dict[tuple, Hit] = {}
        for n, game, section, rows in ranked:
            source = rows[0][2]
            key = (source, tuple(r[6] for r in rows))
            if key in sections_seen:
                sections_seen[key].also.append(game)
                continue
            if len(hits) >= limit:
                continue
            parts = [shown(game, source, r[6], r[7], r[8], SNIPPET_WIDTH // len(rows)) for r in rows]
            snip: list[tuple[str, bool]] = []
            for k, (_t, sn) in enumerate(parts):  # one «…» between sentences, even where a window cut
                if k:
                    if snip and snip[-1] == (" …", False):
                        snip.pop()
                    snip.append((" … ", False))
                    if sn and sn[0] == ("… ", False):
                        sn = sn[1:]
                snip += sn
            hit = Hit(game, names.get(game, game), source, section, [(r[4], r[5]) for r in rows],
                      " … ".join(t for t, _s in parts), round(1.0 / n, 3), [t.key for t in terms],
                      f"every word in one {section} section ({n} sentences)", snip)
            sections_seen[key] = hit
            hits.append(hit)
    return hits


def _has_column(conn: sqlite3.Connection, table: str, column: str) -> bool:
    return any(r[1] == column for r in conn.execute(f"PRAGMA table_info({table})"))
