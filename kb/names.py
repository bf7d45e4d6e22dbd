"""Finding a game by any of its names.

At build time every name of a game (title as printed, modern title, aliases stated in the texts,
and the catalogue names of :mod:`pasyans.kb.crosswalk`) is folded and each of its words expanded
into all its inflected forms (pymorphy3 lexemes, Russian or Ukrainian by the name's language).
Each form is stored three ways in the ``name_forms`` table: folded, as a looser *skeleton*
(Russian ↔ Ukrainian letters, pre-1918 endings) and as a Latin *key* (transliteration), so
«Paganini», «kosynka», «Персидський», «Салическаго закона» meet the names they stand for.

At query time the query is only folded and looked up — no morphology and no spaCy are loaded,
so ``pasyans find`` starts fast. Typos fall back to rapidfuzz (per word, then over whole names).

Folding: lower case; ё→е; pre-1918 letters ѣ (printed «ђ») → е, і → и, ѳ → ф, ѵ → и; a word-final
ъ dropped; Ukrainian є → е, ї → и, ґ → г, apostrophes dropped; quotes and punctuation become spaces.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Iterator

_FOLD = str.maketrans({"ё": "е", "ђ": "е", "ѣ": "е", "і": "и", "ѳ": "ф", "ѵ": "и",
                       "є": "е", "ї": "и", "ґ": "г", "'": "", "’": "", "ʼ": ""})
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CYR = re.compile(r"[а-яё]")

GENERIC = frozenset({"пасьянс", "пасьянса", "пасьянсу", "пасьянсом", "пасьянсе", "пасьянсы",
                     "игра", "игры", "игру", "игре", "игрой", "гра", "гри", "гру",
                     "patience", "solitaire", "game", "the"})
"""Query words that may stay unmatched («пасьянс Косынка», «Klondike solitaire»)."""


@lru_cache(maxsize=100_000)
def fold(text: str) -> str:
    """The folded form of a name: ``fold("Салическій законъ") == "салический закон"``."""
    t = text.lower().translate(_FOLD)
    words = [w[:-1] if w.endswith("ъ") and len(w) > 1 else w for w in _WORD.findall(t)]
    return " ".join(words)


_OLD_ENDINGS = (("аго", "ого"), ("яго", "его"), ("ыя", "ые"), ("кия", "кие"), ("гия", "гие"),
                ("хия", "хие"), ("ныя", "ные"))


def skeleton(word: str) -> str:
    """A looser key of one folded Cyrillic word, where spellings of the same word meet.

    Pre-1918 adjective endings become modern (``-аго`` → ``-ого``, ``-ыя`` → ``-ые``); then
    ``ы`` → ``и`` (Ukrainian «и» is Russian «ы»), ``э`` → ``е``, ``й`` → ``и``, soft and hard
    signs dropped, doubled letters single: «персидський» and «персидский» → ``персидски``,
    «салическаго» → ``салического``. Applied alike to stored forms and to queries.
    """
    w = word
    if len(w) > 4:
        for old, new in _OLD_ENDINGS:
            if w.endswith(old):
                w = w[: -len(old)] + new
                break
    w = w.replace("ы", "и").replace("э", "е").replace("й", "и").replace("ь", "").replace("ъ", "")
    single = re.sub(r"(.)\1+", r"\1", w)
    return single if len(single) >= 3 else w  # «аааа» must not become the conjunction «а»


_TRANSLIT = {"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z",
             "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p",
             "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch",
             "ш": "sh", "щ": "shch", "ы": "y", "э": "e", "ю": "yu", "я": "ya", "ь": "", "ъ": ""}


def latin_key(word: str) -> str:
    """A Latin key of one folded word: Cyrillic transliterated, then spelling variants merged.

    «Косынка» and ``kosynka`` → ``kosinka``; «Паганини» and ``Paganini`` → ``paganini``.
    (y, j → i; w → v; ph → f; ck, q, c → k except in ``ch``; x → ks; kh → h; doubles single.)
    """
    w = "".join(_TRANSLIT.get(c, c) for c in word)
    w = w.replace("yu", "iu").replace("ya", "ia").replace("yo", "io").replace("ye", "ie")
    w = w.replace("kh", "h").replace("ph", "f").replace("ck", "k").replace("x", "ks")
    w = w.replace("y", "i").replace("j", "i").replace("w", "v").replace("q", "k")
    w = re.sub(r"c(?!h)", "k", w)
    single = re.sub(r"(.)\1+", r"\1", w)
    return single if len(single) >= 3 or len(w) < 3 else w  # «аааа» must not become «a»


_VOWELS = re.compile(r"[аеёиоуыэюяіїєйьъ]")


def consonants(word: str) -> str:
    """The consonants of a folded Cyrillic word (``""`` for a Latin word): «четыре» and the
    Ukrainian «чотири» → ``чтр``. Only used to correct a query word no name form matches."""
    return _VOWELS.sub("", word) if _CYR.search(word) else ""


def variants(word: str) -> set[str]:
    """The keys one folded word is looked up by: itself, its skeleton (Cyrillic) and its Latin key."""
    out = {word}
    if _CYR.search(word):
        out.add(skeleton(word))
    out.add(latin_key(word))
    return out


@lru_cache(maxsize=50_000)
def _forms(word: str, lang: str) -> frozenset[str]:
    """Every inflected form of ``word`` by pymorphy3's best parse, with the word itself, all folded
    (cached: a name's words recur across titles, aliases and catalogue names).

    English words (``lang == "en"``) get their possessive/plural-less stem (``bakers`` → ``baker``).
    """
    return frozenset(_inflect(word, lang))


def _inflect(word: str, lang: str) -> set[str]:
    out = {fold(word)}
    if not word.isalpha() or len(word) < 2:
        return out
    if lang == "en" or not _CYR.search(fold(word)):
        if word.endswith("s") and len(word) > 3:
            out.add(word[:-1])
        return out
    from ..morph import analyzer  # build time only

    try:
        parses = analyzer(lang if lang in ("ru", "uk") else "ru").parse(word)
        if lang == "uk":  # its dictionary's first parse is often the rarer noun («вечірня», a service): the
            # adjective's forms too («Вечірньої зорі»), one parse a part of speech
            parses = [p for k, p in enumerate(parses) if p.tag.POS not in {q.tag.POS for q in parses[:k]}][:2]
        for p in parses[:1] if lang != "uk" else parses:
            out.update(fold(f.word) for f in p.lexeme)
    except ValueError:  # pymorphy3 looks up each letter's Unicode name: one without («𗀀к», Tangut) raises
        pass
    return out


@lru_cache(maxsize=1)
def _abbreviations() -> dict[str, dict]:
    """``abbreviations`` of ``pasyans/data/name_words.json``: folded abbreviation → its row."""
    from importlib import resources

    data = json.loads(resources.files("pasyans").joinpath("data/name_words.json").read_text("utf-8"))
    return {row["abbr"]: row for row in data.get("abbreviations", {}).get("rows", [])}


def _abbreviated(name: str) -> dict[str, dict]:
    """The abbreviations a name prints with their full stop («Св.» in «… Св. Елены»): folded word → row."""
    table = _abbreviations()
    return {fold(m.group(1)): table[fold(m.group(1))] for m in re.finditer(r"(?<![\w])([^\W\d_]{2,4})\.", name)
            if fold(m.group(1)) in table}


def name_row(game: str, name: str, kind: str, language: str, source: str | None = None) -> dict | None:
    """One row of the ``names`` table for ``name`` of ``game`` (``None`` when it folds to nothing).

    ``forms`` is a space-separated list of ``word_index:form`` entries (word index in the folded
    name): every inflected form of each word in ``language`` (``ru``, ``uk`` or ``en``).
    ``source`` says where a name that is not in the game's own text comes from (a catalogue
    row); the key is left out when ``None`` (names from the texts).
    """
    f = fold(name)
    if not f:
        return None
    forms = []
    words = f.split()
    if language == "uk":  # inflect the word as written: folded «білий» is «билий», a verb to pymorphy3
        written = _WORD.findall(name.lower().replace("'", "").replace("’", "").replace("ʼ", ""))
        if len(written) == len(words):
            words = written
    short = _abbreviated(name)
    for i, w in enumerate(words):
        forms.extend(f"{i}:{x}" for x in sorted(_forms(w, language)))
        if w in short:   # «Св.» is also «Святой» in every form: «… на острове Святой Елены» finds «… Св. Елены»
            whole = short[w]["uk" if language == "uk" else "ru"]
            forms.extend(f"{i}:{x}" for x in sorted(_forms(whole, language)))
    row = {"game": game, "name": name, "kind": kind, "language": language, "folded": f,
           "forms": " ".join(forms)}
    if source is not None:
        row["source"] = source
    return row


def rows_for(games: Iterable, source_language: dict[str, str]) -> Iterator[dict]:
    """Rows of the ``names`` table from the texts: one per distinct (game, folded name).

    Kinds: ``title``, ``printed-title``, and the alias kinds of :class:`pasyans.models.Alias`
    (``alias``, ``disputed``, ``title-form``, ``related``, ``gloss``). Language: the alias's, else
    the source's. The rows have no ``source`` key (the name is in the game's own text).
    """
    for g in games:
        lang = source_language.get(g.source, "ru")
        seen: set[str] = set()
        cands = [(g.name, "title", lang), (g.printed_name, "printed-title", lang)]
        cands += [(a.name, a.kind, a.language or lang) for a in g.aliases]
        for name, kind, nlang in cands:
            if not name or fold(name) in seen:
                continue
            row = name_row(g.key, name, kind, nlang)
            if row:
                seen.add(row["folded"])
                yield row


def form_rows(names: Iterable[tuple[int, str]]) -> Iterator[tuple[str, int, int, str]]:
    """Rows ``(form, name_id, word_index, how)`` of the ``name_forms`` lookup table from
    ``(names.id, names.forms)`` pairs: each stored form (``how = "form"``) with its skeleton
    (``"skeleton"``) and Latin key (``"latin"``) where these differ from it."""
    for name_id, forms in names:
        for key, i, how in form_keys(forms or ""):
            yield key, name_id, i, how


_FORM_KEYS: dict[str, tuple[tuple[str, int, str], ...]] = {}
""":func:`form_keys` per ``forms`` value, this process's (and those :func:`remember_form_keys` was given)."""


def form_keys(forms: str) -> tuple[tuple[str, int, str], ...]:
    """``(form, word_index, how)`` of one ``names.forms`` value, as :func:`form_rows` gives them
    (cached: the same name in many texts is worked out once)."""
    got = _FORM_KEYS.get(forms)
    if got is None:
        got = _FORM_KEYS[forms] = _form_keys(forms)
    return got


def remember_form_keys(known: dict[str, tuple[tuple[str, int, str], ...]]) -> None:
    """Take ``forms`` value → :func:`form_keys` pairs worked out in another process (a build's
    worker) into this one's cache, so that they are not worked out again."""
    _FORM_KEYS.update(known)


def _form_keys(forms: str) -> tuple[tuple[str, int, str], ...]:
    keys: dict[tuple[str, int], str] = {}
    for entry in forms.split():
        i, _, form = entry.partition(":")
        keys[(form, int(i))] = "form"
    for (form, i), _how in list(keys.items()):
        if _CYR.search(form):
            keys.setdefault((skeleton(form), i), "skeleton")
        keys.setdefault((latin_key(form), i), "latin")
    return tuple((key, i, how) for (key, i), how in keys.items())


@dataclass
class Match:
    """One answer of :func:`find`: the game, the name that matched, a score in [0, 1], and why.

    ``related`` lists other games the knowledge base links to this one (``links`` table) that
    are also among the answers: ``(game, relation)`` with relation ``same`` / ``different`` / …
    """

    game: str
    name: str
    matched: str
    score: float
    why: str
    source: str = ""
    lines: list = field(default_factory=list)
    kind: str = ""
    related: list = field(default_factory=list)
    guess: bool = False
    """True when no name holds every word of the query and the game is only spelt alike (the
    whole-name comparison): a guess, which ``pasyans find`` says and exits 1 on."""

    def line(self) -> str:
        """The line ``pasyans find`` prints for this answer: id, name, source lines, score, why."""
        spans = ", ".join(f"{a}-{b}" for a, b in self.lines)
        return f"{self.game:12} {self.name or '(untitled)'}  [{self.source}: lines {spans}]  {self.score:.2f}  {self.why}"

    def as_json(self) -> dict:
        """The object ``pasyans find --json`` prints for this answer (``guess`` only when true)."""
        out = {"id": self.game, "name": self.name, "matched": self.matched, "source": self.source,
               "lines": self.lines, "score": self.score, "why": self.why}
        if self.guess:
            out["guess"] = True
        return out


KIND_WEIGHT = {"title": 1.0, "printed-title": 1.0, "title-form": 0.99, "alias": 0.97,
               "english": 0.96, "gloss": 0.95, "catalogue": 0.93, "disputed": 0.85, "related": 0.5}
"""How much a match on a name of this kind says that the game is the one asked for."""

_LABEL = {"title": "title", "printed-title": "title as printed", "title-form": "title form",
          "alias": "alias", "disputed": "disputed alias", "related": "name of a related game",
          "gloss": "gloss", "english": "English name", "catalogue": "catalogue name"}


def _label(kind: str, source: str | None) -> str:
    lab = _LABEL.get(kind, kind)
    return f"{lab} ({source})" if source else lab


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)).fetchone() is not None


def _lookup(conn: sqlite3.Connection, keys: set[str]) -> dict[str, set[tuple[int, int, str]]]:
    """key → {(name_id, word_index, how)} for the lookup keys (``name_forms``, else ``names.forms``)."""
    out: dict[str, set[tuple[int, int, str]]] = {k: set() for k in keys}
    if not keys:
        return out
    if _has_table(conn, "name_forms"):
        q = ",".join("?" * len(keys))
        rows = conn.execute(f"SELECT form, name, word, how FROM name_forms WHERE form IN ({q})", tuple(keys))
    else:
        rows = form_rows(conn.execute("SELECT id, forms FROM names"))
    for form, nid, i, how in rows:
        if form in out:
            out[form].add((nid, i, how))
    return out


def _all_forms(conn: sqlite3.Connection) -> list[str]:
    if _has_table(conn, "name_forms"):
        return [r[0] for r in conn.execute("SELECT DISTINCT form FROM name_forms")]
    return sorted({f for f, _n, _i, _h in form_rows(conn.execute("SELECT id, forms FROM names"))})


def _correct(conn: sqlite3.Connection, words: list[str], keys: dict[str, set[str]]) -> None:
    """Add to ``keys`` of each word the stored forms it may be a misspelling of: rapidfuzz ratio
    ≥ 85 %, or the same consonants (:func:`consonants`) for words of five letters or more."""
    from rapidfuzz import fuzz, process

    pool = _all_forms(conn)
    by_consonants: dict[str, list[str]] = {}
    for w in words:
        if len(w) < 4:
            continue
        keys[w].update(form for form, _s, _ in process.extract(w, pool, scorer=fuzz.ratio,
                                                                score_cutoff=85, limit=5))
        cons = consonants(w)
        if len(w) >= 5 and len(cons) >= 3:  # Russian ↔ Ukrainian cognates: «четыре» / «чотири»
            if not by_consonants:
                for form in pool:
                    by_consonants.setdefault(consonants(form), []).append(form)
            keys[w].update(by_consonants.get(cons, [])[:20])


def _word_matches(names: dict, words: list[str], keys: dict[str, set[str]], hits: dict,
                  fixed: set[str]) -> Iterator[tuple[int, float, str]]:
    """``(name_id, quality, how)`` for every name that holds each (non-generic) query word."""
    per_name: dict[int, dict[str, set[int]]] = {}
    direct: dict[int, set[str]] = {}
    for w in words:
        for k in keys[w]:
            for nid, i, how in hits.get(k, ()):
                per_name.setdefault(nid, {}).setdefault(w, set()).add(i)
                if k == w and how == "form":
                    direct.setdefault(nid, set()).add(w)
    for nid, by_word in per_name.items():
        needed = [w for w in words if w not in GENERIC or w in by_word]
        if not needed or any(w not in by_word for w in needed):
            continue
        n_words = len(names[nid][4].split())
        covered = set().union(*(by_word[w] for w in needed))
        share = len(covered) / n_words
        typo = any(w in fixed and w not in direct.get(nid, set()) for w in needed)
        spelled = any(w not in direct.get(nid, set()) for w in needed)
        if share == 1:
            quality, how = ((0.85, "typo-corrected form of") if typo else
                            (0.9, "spelling variant of") if spelled else (0.92, "inflected form of"))
        else:
            quality, how = 0.4 + 0.4 * share - (0.05 if typo or spelled else 0), "words of"
        yield nid, quality, how


def find(conn: sqlite3.Connection, query: str, limit: int = 10) -> list[Match]:
    """Games whose names match ``query``, best first (at most ``limit``), one answer per game.

    Match quality: 1.0 the whole folded name equals the folded query; 0.92 every word of the
    query is an inflected form of a word of the name (any order) and the whole name is covered;
    0.9 the same through a spelling key (Russian ↔ Ukrainian letters, pre-1918 endings, Latin
    transliteration); 0.85 when a word needed a typo correction (rapidfuzz ≥ 85 %, or the same
    consonants: a Russian word for a Ukrainian one, «четыре» / «чотири»); 0.4 + 0.4 ×
    share for a part of the name; rapidfuzz WRatio × 0.8 over whole names (≥ 80 %, their lengths within a factor of 2) when no name
    holds every word of the query (``guess`` set: «Четыре времени года» is only spelt like
    «Четыре угла»). Generic words («пасьянс», «игра», «solitaire») may stay unmatched.
    The score is the quality × the weight of the name's kind (:data:`KIND_WEIGHT`: a title
    counts more than an alias, a catalogue name or the name of a related game). Ties keep
    every game: an ambiguous name gives several answers. ``why`` says which rule matched which
    name and, from the ``links`` table, whether other answers are the same game in another text
    or a different game with a similar name. Reads ``names``, ``name_forms``, ``games``, ``links``.
    """
    q = fold(query)
    if not q:
        return []
    names = {r[0]: r for r in conn.execute(
        "SELECT n.id, n.game, n.name, n.kind, n.folded, g.name, g.source"
        + (", n.source" if _has_column(conn, "names", "source") else ", NULL")
        + " FROM names n JOIN games g ON g.id = n.game")}
    words = q.split()
    best: dict[str, Match] = {}

    def offer(nid: int, quality: float, how: str, guess: bool = False) -> None:
        _id, game, name, kind, folded, gname, source, nsource = names[nid]
        score = round(quality * KIND_WEIGHT.get(kind, 0.9), 3)
        old = best.get(game)
        if old is None or score > old.score:
            best[game] = Match(game, gname or name, name, score, f"{kind}: {how} {_label(kind, nsource)} «{name}»",
                               source, kind=kind, guess=guess)

    for nid, row in names.items():
        if row[4] == q:
            offer(nid, 1.0, "exact")

    keys = {w: variants(w) for w in words}
    hits = _lookup(conn, set().union(*keys.values()))
    fixed: set[str] = set()
    missing = [w for w in words if not any(hits[k] for k in keys[w]) and w not in GENERIC]
    for attempt in (1, 2):
        if missing:
            _correct(conn, missing, keys)
            fixed.update(missing)
            hits = _lookup(conn, set().union(*keys.values()))
        for nid, quality, how in _word_matches(names, words, keys, hits, fixed):
            offer(nid, quality, how)
        if best or attempt == 2:
            break
        # no name holds every word: the words may be right one by one but not together
        # («Четыре дороги»: «четыре» is in other names) — correct them all and try once more
        missing = [w for w in words if w not in GENERIC and w not in fixed]

    if not best:  # no name holds every query word: compare whole names
        from rapidfuzz import fuzz, process

        for (_s, score, nid) in process.extract(q, {nid: r[4] for nid, r in names.items()}, scorer=fuzz.WRatio,
                                                limit=limit, score_cutoff=80):
            if not 0.5 <= len(q) / max(1, len(names[nid][4])) <= 2:
                continue  # WRatio's partial ratio: «Гольф'; drop table games;--» «contains» «Гольф» (90 %)
            offer(nid, 0.8 * score / 100, f"a guess: only a similar spelling ({score:.0f}%) to", guess=True)
    out = sorted(best.values(), key=lambda m: (-m.score, m.game))[:limit]
    out = (out + _same_elsewhere(conn, out))[:limit]
    for m in out:
        m.lines = [list(x) for x in _lines(conn, m.game)]
    _add_links(conn, out)
    return out


SAME_ELSEWHERE = 0.95
"""The score of a game linked ``same`` to an answer but not named by the query, × the answer's."""


def _same_elsewhere(conn: sqlite3.Connection, found: list[Match]) -> list[Match]:
    """The games the ``links`` table calls the same game as an answer (not a guess) that the query's
    words did not find («Бабушкин сундук» → its uk translation «Бабусина скриня»), just below it."""
    if not found or not _has_table(conn, "links"):
        return []
    have = {m.game for m in found}
    by_game = {m.game: m for m in found if not m.guess}
    q = ",".join("?" * len(by_game))
    extra: dict[str, Match] = {}
    rows = conn.execute(f"SELECT game_a, game_b FROM links WHERE relation = 'same' AND (game_a IN ({q}) OR game_b IN ({q}))",
                        tuple(by_game) * 2).fetchall() if by_game else []
    for a, b in rows:
        for x, y in ((a, b), (b, a)):
            if x in by_game and y not in have and y not in extra:
                g = conn.execute("SELECT name, source FROM games WHERE id = ?", (y,)).fetchone()
                if g is not None:
                    m = by_game[x]
                    extra[y] = Match(y, g[0] or y, g[0] or y, round(m.score * SAME_ELSEWHERE, 3),
                                     "not named by the query: linked to an answer (links table)", g[1], kind="link")
    return sorted(extra.values(), key=lambda m: (-m.score, m.game))


def _has_column(conn: sqlite3.Connection, table: str, column: str) -> bool:
    return any(r[1] == column for r in conn.execute(f"PRAGMA table_info({table})"))


_REL_TEXT = {"same": "the same game as", "different": "a different game from",
             "related": "related to", "similar-name": "a different game with a similar name:",
             "ambiguous-name": "a name spelt alike that the catalogues give another game:"}


def _add_links(conn: sqlite3.Connection, found: list[Match]) -> None:
    """Note in ``why`` how the answers relate (``links`` table): same game in another text, or not."""
    if len(found) < 2 or not _has_table(conn, "links"):
        return
    ids = {m.game: m for m in found}
    q = ",".join("?" * len(ids))
    reasons: dict[frozenset, str] = {}
    for a, b, rel, evidence in conn.execute(f"SELECT game_a, game_b, relation, evidence FROM links WHERE game_a IN ({q}) "
                                            f"AND game_b IN ({q})", tuple(ids) * 2):
        if rel == "different":
            reasons[frozenset((a, b))] = _why_different(conn, a, b, evidence)
        for x, y in ((a, b), (b, a)):
            ids[x].related.append((y, rel))
    for m in found:
        if m.related:
            m.why += "; " + "; ".join(f"{_REL_TEXT.get(rel, rel)} {g}" + reasons.get(frozenset((m.game, g)), "")
                                      for g, rel in sorted(m.related))


_CONFLICT = re.compile(r"rules (?:conflict|differ): (\S+) (.+?)(?: \([^()]*\))? ≠ (.+?)(?: \([^()]*\))?")
"""A rule two games disagree on, as the ``links`` evidence says it: field, game_a's value, game_b's
(«rules conflict: packs 2 (rules, line 57) ≠ 1 (rules, lines 2015-2016)»)."""


def _why_different(conn: sqlite3.Connection, a: str, b: str, evidence: str | None) -> str:
    """Why the games ``a`` and ``b`` are told apart though a query found both, as `` (…)`` or ``""``:
    what each catalogue says of a name one of them holds (``catalogue_matches``: a name a
    catalogue gives the other game, and the same name's other readings), then the first rule the
    two disagree on (the ``links`` row's ``evidence``) —
    ``(Aisleriot ru, KPatience ru: «Косынка» is Klondike, as 004-024; KPatience uk: «Косинка» is
    Freecell; the rules differ: packs 2 in 003-4, 1 in 004-024)``."""
    from .crosswalk import CATALOGUE_LABEL

    parts = []
    if _has_table(conn, "catalogue_matches"):
        linked = {}
        for g in (a, b):
            linked[g] = {r[0] for r in conn.execute("SELECT english FROM catalogue_matches WHERE game = ? "
                                                    "AND status = 'linked'", (g,))}
        for x, y in ((a, b), (b, a)):
            says: dict[tuple[str, str], list[str]] = {}
            for cat, lang, name, english in conn.execute(
                    "SELECT catalogue, language, catalogue_name, english FROM catalogue_matches "
                    "WHERE game = ? AND status = 'acknowledged' AND corpus_kind = 'title' "
                    "ORDER BY catalogue, language", (x,)):
                says.setdefault((name, english), []).append(f"{CATALOGUE_LABEL.get(cat, cat)} {lang}")
            if not any(english in linked[y] for _, english in says):
                continue
            for (name, english), who in sorted(says.items(), key=lambda kv: kv[0][1] not in linked[y]):
                parts.append(f"{', '.join(who)}: «{name}» is {english}" + (f", as {y}" if english in linked[y] else ""))
    from .schema import TABLES

    try:
        items = TABLES["links"].decode({"evidence": evidence})["evidence"] or []
    except (ValueError, TypeError):  # a damaged row: no reason, not an error
        items = []
    conflict = next((m for i in items if isinstance(i, str) and (m := _CONFLICT.fullmatch(i))), None)
    if conflict:  # the evidence gives game_a's value first
        field_, va, vb = conflict.groups()
        parts.append(f"the rules differ: {field_} {va} in {a}, {vb} in {b}")
    return f" ({'; '.join(parts)})" if parts else ""


def _lines(conn: sqlite3.Connection, game: str) -> list:
    from .schema import TABLES

    row = conn.execute("SELECT lines FROM games WHERE id = ?", (game,)).fetchone()
    return (TABLES["games"].decode({"lines": row[0]})["lines"] or []) if row else []


def write_forms(db) -> int:
    """Create the ``name_forms`` lookup table (``form``, ``name`` → names.id, ``word``, ``how``) from
    the ``names`` table of a sqlite-utils ``Database``, indexed on ``form``; return its row count."""
    from .schema import TABLES

    TABLES["name_forms"].create(db)
    TABLES["name_forms"].insert_prepared(db, form_rows(db.execute("SELECT id, forms FROM names").fetchall()),
                                         batch_size=2000)  # rows (form, name, word, how), the table's columns
    db["name_forms"].create_index(["form"])
    return db["name_forms"].count


def main(argv: list[str] | None = None) -> int:
    """``python -m pasyans.kb.names QUERY [--db FILE] [--json] [--limit N]``: what ``pasyans find``
    prints, without loading the command-line framework (a cold start well under 0.3 s). Returns the
    exit status: 0, or 1 when nothing matches or the knowledge base is missing."""
    import argparse
    import os
    import sys
    from pathlib import Path

    ap = argparse.ArgumentParser(prog="pasyans-find", description="Find games by any name.")
    ap.add_argument("name")
    ap.add_argument("--db", default=os.environ.get("PASYANS_DB", "pasyans.db"))
    ap.add_argument("--json", action="store_true", dest="as_json")
    ap.add_argument("--limit", type=int, default=10)
    args = ap.parse_args(argv)
    from .query import KBError, open_checked  # the same checks as every command: version, damage

    try:
        conn = open_checked(Path(args.db))
    except KBError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    found = find(conn, args.name, limit=args.limit)
    guessed = bool(found) and all(m.guess for m in found)
    if args.as_json:
        print(json.dumps([m.as_json() for m in found], ensure_ascii=False, indent=2))
        return 1 if guessed or not found else 0
    if not found:
        print(f"error: no game matches {args.name!r}", file=sys.stderr)
        return 1
    if guessed:
        print(guess_line(args.name), file=sys.stderr)
    for m in found:
        print(m.line())
    return 1 if guessed else 0


def guess_line(query: str) -> str:
    """The line ``find`` prints (on standard error) before answers that are all guesses."""
    return f"error: no game is named {query!r}; only similar spellings, as guesses:"


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
