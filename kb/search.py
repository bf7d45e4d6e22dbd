"""Full-text search over the rules texts by lemma: ``pasyans search "короли заполняют пробелы"``.

At build time each game's text is read again from its raw lines (the book's PDF lines cleaned by
:func:`pasyans.extract.clean.join_lines`: hyphenation joined, lost spaces restored; pre-1918 spelling
modernized for the lemmas), cut into sentences (and paragraphs) that
keep their raw lines and the section they belong to (intro, rules, example, tactics), and every
word replaced by its lemma (pymorphy3, Russian or Ukrainian; a verb's reflexive «-ся» dropped).
Card tokens keep their suit symbol as one token (``♠д``, ``♥10``). The sentences go into the table
``passages`` with an SQLite FTS5 index ``passages_fts`` over the text and the lemmas.

At query time the query's words are lemmatized the same way; a verb matches any form of its
stem, both aspects («заполняют» finds «заполнены», «заполнить»). Sentences that hold every word
come first; then sections that hold them all across sentences.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from .names import fold

TOKENIZE = "unicode61 remove_diacritics 0 tokenchars '♠♥♦♣'"
"""The FTS5 tokenizer: Unicode words, suit symbols kept inside tokens (``♠д`` is one token)."""

_TOKEN = re.compile(r"[♠♥♦♣](?:10|[2-9ТВДКАтвдкаJQKATjqka])?|[^\W\d_]+|\d+")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[«\"(А-ЯЁІЇЄA-Z♠♥♦♣0-9])")
_VERB_SUFFIX = re.compile(r"(ить|ать|ять|еть|уть|ыть|оть|ти|чь)$")


def _lang_of(text: str) -> str:
    return "uk" if re.search(r"[іїєґІЇЄҐ]", text) else "ru"


def lemma_of(word: str, lang: str = "ru") -> tuple[str, bool]:
    """``(lemma, is_verb)`` of one token: folded pymorphy3 normal form, reflexive ``-ся``/``-сь``
    of a verb dropped; card tokens, numbers and one-letter words come back folded unchanged."""
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
    """One sentence of a game's text: its raw lines, its section, its cleaned text and lemmas."""

    game: str
    source: str
    section: str
    first_line: int
    last_line: int
    text: str
    lemmas: str


def _numbers(spans: Iterable[tuple[int, int]]) -> list[int]:
    return [n for a, b in spans for n in range(a, b + 1)]


def passages(games: Iterable, sources: Iterable) -> Iterator[Passage]:
    """The sentences of every game's text, read from the raw lines of its spans (furniture is
    already outside the spans; the book's lines are cleaned), with raw line numbers, section kind
    and lemmas. Games without lines give nothing. Uses pymorphy3 (build time)."""
    from ..extract.clean import join_lines, mapped_lines
    from ..extract.orthography import modernize

    by_id = {s.id: s for s in sources}
    for g in games:
        src = by_id.get(g.source)
        if src is None or not g.lines:
            continue
        lang = src.language if src.language in ("ru", "uk") else "ru"
        if src.segmenter == "book-toc":  # PDF lines: join hyphenated words, restore lost spaces
            mt = join_lines(src.lines, _numbers(g.lines), lang=lang)
        else:  # one paragraph a line: nothing to repair
            mt = mapped_lines(src.lines, _numbers(g.lines))
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
            modern = modernize(sent) if src.orthography == "pre-reform" else sent
            section = next((sec.kind for sec in g.sections if sec.lines[0] <= first <= sec.lines[1]), "text")
            yield Passage(g.key, g.source, section, first, last, sent, " ".join(lemmas(modern, lang)))


def create(conn_or_db, rows: Iterable[Passage]) -> int:
    """Create ``passages`` and its FTS5 index ``passages_fts`` in a sqlite-utils ``Database``;
    return the number of passages written."""
    db = conn_or_db
    db["passages"].create({"id": int, "game": str, "source": str, "section": str, "first_line": int,
                           "last_line": int, "text": str, "lemmas": str},
                          pk="id", foreign_keys=[("game", "games", "id")])
    db["passages"].insert_all(({"game": p.game, "source": p.source, "section": p.section,
                                "first_line": p.first_line, "last_line": p.last_line,
                                "text": p.text, "lemmas": p.lemmas} for p in rows), batch_size=500)
    db.execute(f'CREATE VIRTUAL TABLE passages_fts USING fts5(text, lemmas, content="passages", '
               f'content_rowid="id", tokenize="{TOKENIZE}")')
    db.execute("INSERT INTO passages_fts(rowid, text, lemmas) SELECT id, text, lemmas FROM passages")
    db["passages"].create_index(["game"])
    return db["passages"].count


@dataclass
class Hit:
    """One answer of :func:`search`: a sentence (or a section's sentences) of a game, with its raw
    lines, the section, the text, the query lemmas it holds and why it was chosen."""

    game: str
    name: str
    source: str
    section: str
    lines: list[tuple[int, int]]
    text: str
    score: float
    matched: list[str] = field(default_factory=list)
    why: str = ""


def query_terms(query: str) -> list[tuple[str, str]]:
    """``(lemma, FTS5 term)`` for each word of ``query``: a quoted lemma, or a prefix term of the
    stem for a verb (both aspects, all forms). Generic words are kept (they may matter)."""
    lang = _lang_of(query)
    out = []
    for tok in _TOKEN.findall(query):
        lem, verb = lemma_of(tok, lang)
        if verb:
            stem = _VERB_SUFFIX.sub("", lem)
            if len(stem) >= 3:
                out.append((lem, '"' + stem.replace('"', "") + '"*'))
                continue
        out.append((lem, '"' + lem.replace('"', "") + '"'))
    return list(dict.fromkeys(out))


def search(conn: sqlite3.Connection, query: str, limit: int = 10) -> list[Hit]:
    """Sentences of the rules texts that hold every word of ``query`` by lemma, best first (FTS5
    bm25), then sections that hold every word across their sentences. Reads ``passages`` and
    ``passages_fts``; raises ``sqlite3.OperationalError`` when the knowledge base has no index."""
    terms = query_terms(query)
    if not terms:
        return []
    names = dict(conn.execute("SELECT id, coalesce(name, printed_name, id) FROM games"))
    hits: list[Hit] = []
    seen: set[int] = set()
    match = "lemmas : (" + " AND ".join(t for _l, t in terms) + ")"
    for pid, game, source, section, a, b, text, score in conn.execute(
            "SELECT p.id, p.game, p.source, p.section, p.first_line, p.last_line, p.text, bm25(passages_fts) "
            "FROM passages_fts JOIN passages p ON p.id = passages_fts.rowid WHERE passages_fts MATCH ? "
            "ORDER BY bm25(passages_fts) LIMIT ?", (match, limit)):
        seen.add(pid)
        hits.append(Hit(game, names.get(game, game), source, section, [(a, b)], text, round(-score, 3),
                        [lem for lem, _t in terms], "every word in one sentence"))
    if len(hits) < limit and len(terms) > 1:
        groups: dict[tuple[str, str], list] = {}
        for lem, term in terms:
            for pid, game, section, a, b, text in conn.execute(
                    "SELECT p.id, p.game, p.section, p.first_line, p.last_line, p.text FROM passages_fts "
                    "JOIN passages p ON p.id = passages_fts.rowid WHERE passages_fts MATCH ?",
                    ("lemmas : " + term,)):
                groups.setdefault((game, section), []).append((lem, pid, a, b, text))
        ranked = []
        for (game, section), items in groups.items():
            have = {lem for lem, *_ in items}
            if len(have) == len(terms) and not all(pid in seen for _l, pid, *_ in items):
                spans = sorted({(a, b) for _l, _p, a, b, _t in items})
                ranked.append((len(spans), game, section, spans, items))
        ranked.sort(key=lambda r: (r[0], r[1]))
        for n, game, section, spans, items in ranked[: limit - len(hits)]:
            source = conn.execute("SELECT source FROM games WHERE id = ?", (game,)).fetchone()[0]
            texts = list(dict.fromkeys(t for *_x, t in sorted(items, key=lambda i: i[2])))
            hits.append(Hit(game, names.get(game, game), source, section, spans, " … ".join(texts),
                            round(1.0 / n, 3), [lem for lem, _t in terms],
                            f"every word in one {section} section ({n} sentences)"))
    return hits
