"""Finding a game by any of its names.

At build time every name of a game (title as printed, modern title, aliases) is folded and each
of its words expanded into all its inflected forms (pymorphy3 lexemes, Russian or Ukrainian
by the name's language); the forms go into the ``names.forms`` column. At query time the
query is only folded and compared — no morphology and no spaCy are loaded, so ``pasyans find`` starts
fast. Typos fall back to rapidfuzz over the folded names.

Folding: lower case; ё→е; pre-1918 letters ѣ (printed «ђ») → е, і → и, ѳ → ф, ѵ → и; a word-final
ъ dropped; Ukrainian є → е, ї → и, ґ → г, apostrophes dropped; quotes and punctuation become spaces.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from typing import Iterable, Iterator

_FOLD = str.maketrans({"ё": "е", "ђ": "е", "ѣ": "е", "і": "и", "ѳ": "ф", "ѵ": "и",
                       "є": "е", "ї": "и", "ґ": "г", "'": "", "’": "", "ʼ": ""})
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def fold(text: str) -> str:
    """The folded form of a name: ``fold("Салическій законъ") == "салический закон"``."""
    t = text.lower().translate(_FOLD)
    words = [w[:-1] if w.endswith("ъ") and len(w) > 1 else w for w in _WORD.findall(t)]
    return " ".join(words)


def _forms(word: str, lang: str) -> set[str]:
    """Every inflected form of ``word`` (folded) by pymorphy3's best parse, with the word itself."""
    from ..morph import analyzer  # build time only

    out = {word}
    if not word.isalpha() or len(word) < 2:
        return out
    for p in analyzer(lang).parse(word)[:1]:
        out.update(fold(f.word) for f in p.lexeme)
    return out


def rows_for(games: Iterable, source_language: dict[str, str]) -> Iterator[dict]:
    """Rows of the ``names`` table: one per distinct (game, name form), with its word forms.

    ``forms`` is a space-separated list of ``word_index:form`` entries (word index in the
    folded name). Kinds: ``title``, ``printed-title``, and the
    alias kinds of :class:`pasyans.models.Alias`.
    """
    for g in games:
        lang = source_language.get(g.source, "ru")
        seen: set[str] = set()
        cands = [(g.name, "title", lang), (g.printed_name, "printed-title", lang)]
        cands += [(a.name, a.kind, a.language or lang) for a in g.aliases]
        for name, kind, nlang in cands:
            if not name:
                continue
            f = fold(name)
            if not f or f in seen:
                continue
            seen.add(f)
            forms = []
            for i, w in enumerate(f.split()):
                forms.extend(f"{i}:{x}" for x in sorted(_forms(w, nlang if nlang in ("ru", "uk") else "ru")))
            yield {"game": g.key, "name": name, "kind": kind, "language": nlang, "folded": f,
                   "forms": " ".join(forms)}


@dataclass
class Match:
    """One answer of :func:`find`: the game, the name that matched, a score in [0, 1], and why."""

    game: str
    name: str
    matched: str
    score: float
    why: str
    source: str = ""
    lines: list = field(default_factory=list)


_KIND_RANK = {"title": 0, "printed-title": 0, "title-form": 1, "alias": 2, "disputed": 3, "related": 4}


def find(conn: sqlite3.Connection, query: str, limit: int = 10) -> list[Match]:
    """Games whose names match ``query``, best first (at most ``limit``).

    Scores: 1.0 the whole folded name equals the folded query; 0.9 every word of the query is
    an inflected form of the name's words in order-free match covering the whole name; lower
    for partial word matches (share of the name's words covered); rapidfuzz similarity × 0.8
    for typos (only when it is at least 80). ``why`` says which rule matched and which name.
    Reads tables ``names`` and ``games`` of the knowledge base.
    """
    q = fold(query)
    if not q:
        return []
    rows = conn.execute("SELECT n.id, n.game, n.name, n.kind, n.folded, n.forms, g.name, g.source "
                        "FROM names n JOIN games g ON g.id = n.game").fetchall()
    qwords = q.split()
    best: dict[str, Match] = {}

    def offer(m: Match, kind: str) -> None:
        old = best.get(m.game)
        if old is None or (m.score, -_KIND_RANK.get(kind, 5)) > (old.score, -_KIND_RANK.get(old.why.split(":")[0], 5)):
            best[m.game] = m

    for _id, game, name, kind, folded, forms, gname, source in rows:
        label = {"title": "title", "printed-title": "title as printed", "title-form": "title form",
                 "alias": "alias", "disputed": "disputed alias", "related": "related game"}.get(kind, kind)
        if folded == q:
            offer(Match(game, gname or name, name, 1.0 - 0.01 * _KIND_RANK.get(kind, 5),
                        f"{kind}: exact {label} «{name}»", source), kind)
            continue
        per_word: dict[int, set[str]] = {}
        for entry in forms.split():
            i, _, form = entry.partition(":")
            per_word.setdefault(int(i), set()).add(form)
        covered = {i for i, fs in per_word.items() if any(w in fs for w in qwords)}
        used = [w for w in qwords if any(w in fs for fs in per_word.values())]
        if covered and len(used) == len(qwords):
            share = len(covered) / len(per_word)
            score = (0.9 if share == 1 else 0.4 + 0.4 * share) - 0.01 * _KIND_RANK.get(kind, 5)
            what = "inflected form of" if share == 1 else "words of"
            offer(Match(game, gname or name, name, round(score, 3),
                        f"{kind}: {what} {label} «{name}»", source), kind)
    if not best or max(m.score for m in best.values()) < 0.85:
        from rapidfuzz import fuzz, process

        names = {r[0]: r for r in rows}
        for (_s, score, rid) in process.extract(q, {r[0]: r[4] for r in rows}, scorer=fuzz.WRatio,
                                                limit=limit, score_cutoff=80):
            _id, game, name, kind, folded, forms, gname, source = names[rid]
            offer(Match(game, gname or name, name, round(0.8 * score / 100, 3),
                        f"{kind}: similar spelling ({score:.0f}%) to «{name}»", source), kind)
    out = sorted(best.values(), key=lambda m: (-m.score, m.game))[:limit]
    for m in out:
        m.lines = [list(x) for x in _lines(conn, m.game)]
    return out


def _lines(conn: sqlite3.Connection, game: str) -> list:
    import json

    row = conn.execute("SELECT lines FROM games WHERE id = ?", (game,)).fetchone()
    return json.loads(row[0]) if row and row[0] else []
