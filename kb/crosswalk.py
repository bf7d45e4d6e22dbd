"""The catalogue crosswalk: each game of the corpus → its English name and, where one exists, its
PySolFC game id, Aisleriot name and KPatience name — with the source of every link.

The decisions are a hand-checked data file, ``kb/crosswalk.tsv`` (one row per corpus game, key as
the pipeline gives it). Its ``english_evidence`` column lists where the English name comes from:

``gold``            the hand-checked annotations (``tests/fixtures/gold``) give this English name;
``contents``        the book's table of contents is in the alphabetical order of Arnold's English
                    titles («Card Games for One»): the name fits between its neighbours (checked);
``pysol-ru`` …      the catalogue's Russian/Ukrainian name of that entry is the corpus name
                    (``pysol-ru``, ``aisleriot-ru``, ``aisleriot-uk``, ``kpat-ru``, ``kpat-uk``; checked);
``text-alias:X=E``  the text's alias «X» is the catalogue's name E of the same entry (checked);
``english-alias:E`` the text gives the English name E itself («(от англ. Spider)»);
``auto``            the row was computed from the names (:mod:`pasyans.kb.catalog_link`, for the
                    games of texts added by users), not reviewed;
``intro:N``         the book's introduction names it on raw line N;
``translation``, ``transliteration``  the English title is the title translated / transliterated.

The catalogues are the copies in ``kb/catalogs/*.tsv`` (PySolFC, Aisleriot and KPatience name lists
with their repository and commit). Russian names PySolFC marks *fuzzy* (unreviewed translations) are
never trusted: they are kept only as ``fuzzy-ignored`` matches. A catalogue name that equals a
corpus name but belongs to another English game is a *conflict*: it is recorded
(:func:`catalogue_matches`) and must be acknowledged in the row's ``conflict`` column — never
resolved by guessing (:func:`check`).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from .names import fold, skeleton

HERE = Path(__file__).resolve().parent
CATALOGS = HERE / "catalogs"
CROSSWALK = HERE / "crosswalk.tsv"
COLUMNS = ("game", "name", "english", "english_evidence", "confidence", "pysol_id", "pysol_name",
           "aisleriot", "kpat", "conflict", "note")

CATALOGUE_LABEL = {"pysol": "PySolFC", "aisleriot": "Aisleriot", "kpat": "KPatience"}


@dataclass(frozen=True)
class CatalogueName:
    """One name in one catalogue: ``name`` in ``language`` (``en``, ``ru``, ``uk``) for the game
    the catalogue calls ``english``. ``ref`` is ``file:line`` of the row in ``kb/catalogs``;
    ``fuzzy`` marks PySolFC's unreviewed Russian translations (never trusted); ``decks`` is the
    number of packs PySolFC deals (PySolFC rows only)."""

    catalogue: str
    language: str
    name: str
    english: str
    pysol_id: int | None
    role: str
    fuzzy: bool
    ref: str
    decks: int | None = None


@dataclass
class CrosswalkRow:
    """One row of ``kb/crosswalk.tsv`` (see the module docstring for ``evidence`` tokens)."""

    game: str
    name: str
    english: str
    evidence: list[str]
    confidence: str
    pysol_id: int | None
    pysol_name: str
    aisleriot: str
    kpat: str
    conflict: str
    note: str

    def as_row(self) -> dict:
        """The row for the ``crosswalk`` table of the knowledge base."""
        return {"game": self.game, "name": self.name or None, "english": self.english or None,
                "english_evidence": ";".join(self.evidence) or None, "confidence": self.confidence or None,
                "pysol_id": self.pysol_id, "pysol_name": self.pysol_name or None,
                "aisleriot": self.aisleriot or None, "kpat": self.kpat or None,
                "conflict": self.conflict or None, "note": self.note or None}


def _read_tsv(path: Path) -> Iterable[tuple[int, dict]]:
    with path.open(encoding="utf-8", newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE), start=2):
            yield n, row


@lru_cache(maxsize=4)
def load_catalogues(folder: Path = CATALOGS) -> tuple[CatalogueName, ...]:
    """Every name of the catalogue copies in ``folder``.

    PySolFC: ``pysol_games_altnames_ru.tsv`` (id, role name/altname, English, Russian with its
    fuzzy flag), ``names_pysol_ru.tsv`` (further English → Russian rows, id looked up by English),
    ``names_pysol_ru_fuzzy.tsv`` (unreviewed, all fuzzy). Aisleriot and KPatience:
    ``names_{aisleriot,kpat}_{ru,uk}.tsv`` (English → Russian/Ukrainian).
    Raises ``FileNotFoundError`` when a file is missing.
    """
    out: list[CatalogueName] = []
    ids: dict[str, int] = {}
    f = folder / "pysol_games_altnames_ru.tsv"
    for n, r in _read_tsv(f):
        pid = int(r["pysol_id"])
        ids.setdefault(r["english"], pid)
        ref = f"{f.name}:{n}"
        decks = int(r["decks"]) if r["decks"].isdigit() else None
        out.append(CatalogueName("pysol", "en", r["english"], r["english"], pid, r["role"], False, ref, decks))
        if r["russian"] and r["russian"] != r["english"]:
            out.append(CatalogueName("pysol", "ru", r["russian"], r["english"], pid, r["role"],
                                     r["ru_fuzzy"] == "fuzzy", ref, decks))
    seen = {(c.english, c.name) for c in out}
    for fname, fuzzy in (("names_pysol_ru.tsv", False), ("names_pysol_ru_fuzzy.tsv", True)):
        f = folder / fname
        for n, r in _read_tsv(f):
            en, ru = r["english"], r["russian_or_ukrainian"]
            if (en, ru) in seen and not fuzzy:
                continue
            out.append(CatalogueName("pysol", "ru", ru, en, ids.get(en), "name", fuzzy, f"{f.name}:{n}"))
    for cat in ("aisleriot", "kpat"):
        for lang in ("ru", "uk"):
            f = folder / f"names_{cat}_{lang}.tsv"
            for n, r in _read_tsv(f):
                ref = f"{f.name}:{n}"
                out.append(CatalogueName(cat, lang, r["russian_or_ukrainian"], r["english"], None, "name", False, ref))
                if lang == "ru":
                    out.append(CatalogueName(cat, "en", r["english"], r["english"], None, "name", False, ref))
    return tuple(out)


def load_crosswalk(path: Path = CROSSWALK) -> list[CrosswalkRow]:
    """The rows of the crosswalk data file. Raises ``ValueError`` naming the line of a malformed row."""
    rows = []
    for n, r in _read_tsv(path):
        if tuple(r) != COLUMNS or any(v is None for v in r.values()):
            raise ValueError(f"{path.name}:{n}: expected the {len(COLUMNS)} columns {COLUMNS}")
        try:
            pid = int(r["pysol_id"]) if r["pysol_id"] else None
        except ValueError:
            raise ValueError(f"{path.name}:{n}: pysol_id {r['pysol_id']!r} is not a number") from None
        rows.append(CrosswalkRow(r["game"], r["name"], r["english"],
                                 [e for e in r["english_evidence"].split(";") if e], r["confidence"], pid,
                                 r["pysol_name"], r["aisleriot"], r["kpat"], r["conflict"], r["note"]))
    return rows


# -- name comparison (build time: pymorphy3 lemmas) --------------------------------------------

_GENERIC = {"пасьянс", "пасянс"}  # the word, and its spelling skeleton (soft sign dropped)


@lru_cache(maxsize=20_000)
def name_key(name: str, lang: str = "ru") -> str:
    """An order-free key of a name: the skeletons of its words' lemmas, sorted («Крылья орла» and
    «Крыло орла» → the same key; «Пасьянс «Испанский»» → ``испанскии``). Uses pymorphy3."""
    from ..morph import lemma

    words = fold(name).split()
    lemmas = [skeleton(fold(lemma(w, lang if lang in ("ru", "uk") else "ru"))) if w.isalpha() else w
              for w in words]
    kept = [w for w in lemmas if w not in _GENERIC] or lemmas
    return " ".join(sorted(kept))


def same_name(a: str, b: str, lang_a: str = "ru", lang_b: str = "ru") -> bool:
    """Whether two names are the same name: folded equal, or equal word by word after lemmas and
    spelling skeletons (case, ё, pre-1918 and Ukrainian letters, inflection, word order)."""
    if fold(a) == fold(b):
        return True
    return name_key(a, lang_a) == name_key(b, lang_b)


# -- what the catalogues say about the corpus names ---------------------------------------------

_INDEXES: dict[int, tuple[tuple, dict]] = {}


def _index(cats: Iterable[CatalogueName]) -> tuple[tuple, dict[tuple, list[int]]]:
    """``(cats as a tuple, index)``: positions of the names by ``(catalogue, "id", pysol_id)`` and
    ``(catalogue, "en", folded English name)``, kept per catalogue tuple (built once: a look-up
    then costs the names it finds, not all of them)."""
    if not isinstance(cats, tuple):
        cats = tuple(cats)
    hit = _INDEXES.get(id(cats))
    if hit is not None and hit[0] is cats:
        return hit
    index: dict[tuple, list[int]] = {}
    for i, c in enumerate(cats):
        if c.pysol_id is not None:
            index.setdefault((c.catalogue, "id", c.pysol_id), []).append(i)
        index.setdefault((c.catalogue, "en", fold(c.english)), []).append(i)
    if len(_INDEXES) > 8:
        _INDEXES.clear()
    _INDEXES[id(cats)] = (cats, index)
    return cats, index


def english_names(row: CrosswalkRow, cats: Iterable[CatalogueName]) -> set[str]:
    """Every English name the crosswalk links ``row`` to: its English title, the PySolFC entry's
    names, the Aisleriot and KPatience names (folded)."""
    out = {fold(x) for x in (row.english, row.pysol_name, row.aisleriot, row.kpat) if x}
    if row.pysol_id is not None:
        cats, index = _index(cats)
        out |= {fold(cats[i].english) for i in index.get(("pysol", "id", row.pysol_id), ())}
    return out


def _links_to(row: CrosswalkRow, c: CatalogueName) -> bool:
    if c.catalogue == "pysol":
        return row.pysol_id is not None and (c.pysol_id == row.pysol_id or fold(c.english) == fold(row.pysol_name))
    if c.catalogue == "aisleriot":
        return bool(row.aisleriot) and fold(c.english) == fold(row.aisleriot)
    return bool(row.kpat) and fold(c.english) == fold(row.kpat)


def catalogue_names(row: CrosswalkRow, cats: Iterable[CatalogueName]) -> list[CatalogueName]:
    """The catalogue names of the entries ``row`` is linked to, fuzzy Russian names left out:
    every name and altname of the PySolFC id, the Aisleriot and KPatience rows of the linked
    English names (English, Russian and Ukrainian). In catalogue order."""
    cats, index = _index(cats)
    keys = []
    if row.pysol_id is not None:
        keys += [("pysol", "id", row.pysol_id), ("pysol", "en", fold(row.pysol_name or ""))]
    if row.aisleriot:
        keys.append(("aisleriot", "en", fold(row.aisleriot)))
    if row.kpat:
        keys.append(("kpat", "en", fold(row.kpat)))
    found = sorted({i for k in keys for i in index.get(k, ())})
    return [cats[i] for i in found if not cats[i].fuzzy and _links_to(row, cats[i])]


@dataclass
class CatalogueMatch:
    """A corpus name (title or alias) equal to a catalogue name, and what it means for the game.

    ``status``: ``linked`` (the catalogue entry is the one the crosswalk links), ``conflict``
    (the catalogue gives this name to another English game), ``fuzzy-ignored`` (only an
    unreviewed PySolFC translation matches), ``acknowledged`` (a conflict the crosswalk row states).
    """

    game: str
    corpus_name: str
    corpus_kind: str
    catalogue: str
    language: str
    catalogue_name: str
    english: str
    pysol_id: int | None
    ref: str
    status: str

    def as_row(self) -> dict:
        return dict(self.__dict__)


def catalogue_matches(games: Iterable, rows: Iterable[CrosswalkRow], source_language: dict[str, str],
                      cats: Iterable[CatalogueName] | None = None) -> list[CatalogueMatch]:
    """Every (corpus name, catalogue name) pair that are the same name (:func:`same_name`).

    ``games`` are :class:`pasyans.models.GameText` (their title, printed title and aliases are the
    corpus names; names of kind ``related`` name other games and are left out).
    """
    cats = load_catalogues() if cats is None else tuple(cats)
    by_game = {r.game: r for r in rows}
    index: dict[str, list[CatalogueName]] = {}
    for c in cats:
        if c.language == "en":
            continue
        index.setdefault(name_key(c.name, c.language), []).append(c)
    out = []
    for g in games:
        lang = source_language.get(g.source, "ru")
        names = [(g.name, "title", lang), (g.printed_name, "printed-title", lang)]
        names += [(a.name, a.kind, a.language or lang) for a in g.aliases if a.kind != "related"]
        seen: set[tuple] = set()
        row = by_game.get(g.key)
        for name, kind, nlang in names:
            if not name:
                continue
            for c in index.get(name_key(name, nlang), ()):
                if (c.catalogue, c.language, c.name, c.english) in seen:
                    continue
                seen.add((c.catalogue, c.language, c.name, c.english))
                linked = row is not None and (_links_to(row, c) or fold(c.english) in english_names(row, cats))
                if c.fuzzy:
                    status = "fuzzy-ignored"
                elif linked:
                    status = "linked"
                elif row is not None and _acknowledges(row, c):
                    status = "acknowledged"
                else:
                    status = "conflict"
                out.append(CatalogueMatch(g.key, name, kind, c.catalogue, c.language, c.name, c.english,
                                          c.pysol_id, c.ref, status))
    return out


def _acknowledges(row: CrosswalkRow, c: CatalogueName) -> bool:
    """Whether the row's ``conflict`` column names the catalogue entry (its English name or its id)."""
    text = fold(row.conflict)
    en = fold(c.english)
    return bool(text) and (en in text or (c.pysol_id is not None and f"{c.pysol_id}" in text.split()))


# -- checking the data file ---------------------------------------------------------------------

def sort_key(english: str) -> str:
    """The alphabetical key of an English title in Arnold's contents: case, apostrophes and full
    stops ignored, «St.» read as «Saint» («St. Helena» sorts as «saint helena»)."""
    t = english.lower().replace("'", "").replace("’", "").replace(".", "")
    t = re.sub(r"^st\b", "saint", t)
    return " ".join(t.split())


def contents_problems(rows: list[CrosswalkRow], parts: list[tuple[int, int]]) -> list[str]:
    """English titles with ``contents`` evidence that break the alphabetical order of the book's
    contents. ``parts``: ranges of contents positions ``(first, last)`` (1-based, e.g. one-pack
    and two-pack games) inside which the titles are sorted. Book games are rows ``004-NNN``."""
    pos = {int(r.game[4:]): r for r in rows if re.fullmatch(r"004-\d{3}", r.game)}
    problems = []
    for first, last in parts:
        known = [(p, sort_key(pos[p].english)) for p in range(first, last + 1) if p in pos and pos[p].english]
        for i, (p, key) in enumerate(known):
            if "contents" not in pos[p].evidence:
                continue
            if i and known[i - 1][1] > key:
                problems.append(f"{pos[p].game} «{pos[p].english}» sorts before its predecessor "
                                f"{pos[known[i - 1][0]].game} «{pos[known[i - 1][0]].english}»")
    return problems


def check(rows: list[CrosswalkRow], cats: Iterable[CatalogueName] | None = None,
          aliases: dict[str, list[str]] | None = None, gold: dict[str, str] | None = None) -> list[str]:
    """Problems of the crosswalk data: a linked catalogue entry that does not exist, evidence that
    does not hold (``pysol-ru``, ``aisleriot-ru`` …, ``text-alias``, ``gold``), a link resting on a
    fuzzy row. ``aliases``: game → alias names in the knowledge base (to check ``text-alias``);
    ``gold``: game → English name of the gold annotations. Empty list = consistent."""
    cats = load_catalogues() if cats is None else tuple(cats)
    problems = []
    seen = set()
    for r in rows:
        if r.game in seen:
            problems.append(f"{r.game}: listed twice")
        seen.add(r.game)
        linked = catalogue_names(r, cats)
        if r.pysol_id is not None and not any(c.catalogue == "pysol" and c.pysol_id == r.pysol_id
                                              and c.language == "en" and c.english == r.pysol_name for c in cats):
            problems.append(f"{r.game}: PySolFC #{r.pysol_id} has no name «{r.pysol_name}»")
        for cat, name in (("aisleriot", r.aisleriot), ("kpat", r.kpat)):
            if name and not any(c.catalogue == cat and c.english == name for c in cats):
                problems.append(f"{r.game}: {CATALOGUE_LABEL[cat]} has no game «{name}»")
        if r.english and r.confidence not in ("high", "medium", "low"):
            problems.append(f"{r.game}: confidence {r.confidence!r} is not high/medium/low")
        for ev in r.evidence:
            m = re.fullmatch(r"(pysol|aisleriot|kpat)-(ru|uk)", ev)
            if m:
                cat, lang = m.groups()
                if not any(c.catalogue == cat and c.language == lang and same_name(c.name, r.name, lang)
                           for c in linked):
                    problems.append(f"{r.game}: evidence {ev}: no {lang} name of the linked "
                                    f"{CATALOGUE_LABEL[cat]} entry is «{r.name}»")
            elif ev.startswith("text-alias:"):
                alias, _, en = ev[len("text-alias:"):].partition("=")
                if not any(fold(c.english) == fold(en) for c in linked):
                    problems.append(f"{r.game}: evidence {ev}: «{en}» is not a name of the linked entries")
                if aliases is not None and not any(same_name(alias, a) for a in aliases.get(r.game, [])):
                    problems.append(f"{r.game}: evidence {ev}: the knowledge base has no alias «{alias}»")
            elif ev == "gold" and gold is not None and fold(gold.get(r.game) or "") != fold(r.english):
                problems.append(f"{r.game}: evidence gold: the gold English name is {gold.get(r.game)!r}")
            elif ev not in ("gold", "contents", "translation", "transliteration", "auto") and not ev.startswith("intro:") \
                    and not m and not ev.startswith(("text-alias:", "english-alias:")):
                problems.append(f"{r.game}: unknown evidence {ev!r}")
    return problems


def pysol_decks(cats: Iterable[CatalogueName] | None = None) -> dict[int, int]:
    """PySolFC id → number of packs it deals (from ``pysol_games_altnames_ru.tsv``)."""
    cats = load_catalogues() if cats is None else cats
    return {c.pysol_id: c.decks for c in cats if c.catalogue == "pysol" and c.decks is not None}


def pack_problems(rows: Iterable[CrosswalkRow], packs: dict[str, int],
                  cats: Iterable[CatalogueName] | None = None) -> list[str]:
    """Linked PySolFC entries that deal another number of packs than the game (``packs``: game →
    packs, as :mod:`pasyans.kb.links` establishes them) and whose row does not state the conflict."""
    decks = pysol_decks(cats)
    out = []
    for r in rows:
        if r.pysol_id is None or r.game not in packs or decks.get(r.pysol_id) in (None, packs[r.game]):
            continue
        if f"#{r.pysol_id}" in r.conflict and ("pack" in r.conflict):
            continue
        out.append(f"{r.game}: PySolFC #{r.pysol_id} deals {decks[r.pysol_id]} pack(s), the game {packs[r.game]}")
    return out


def book_parts(source) -> list[tuple[str, int, int]]:
    """The parts of the book's contents, ``(heading, first_position, last_position)``, from the
    contents' part headings («ИГРЫ ОДНОЙ КОЛОДОЙ», «ИГРЫ ДВУМЯ КОЛОДАМИ») of a
    :class:`pasyans.corpus.Source`: the position of each game in the contents (1-based) is its
    key number (``004-017`` → 17). Entries are lines ending in a page number; the contents end at
    «Словарь» (glossary). Raises ``ValueError`` when no part heading is found."""
    parts: list[list] = []
    n = 0
    for line in source.lines[:400]:
        s = line.strip()
        if re.fullmatch(r"ИГРЫ\s+\S+\s+КОЛОД\S*", s):
            if parts and parts[-1][1] > n:
                break  # the part headings repeat as page furniture after the contents
            parts.append([s, n + 1, n])
        elif parts and re.search(r"[.…\s]\d+\s*$", s) and not s.startswith("Словарь"):
            n += 1
            parts[-1][2] = n
        elif parts and s.startswith("Словарь"):
            break
    if not parts:
        raise ValueError(f"{source.file}: no part headings in the contents")
    return [(h, a, b) for h, a, b in parts]


def packs_of_part(heading: str) -> int | None:
    """1 for «ИГРЫ ОДНОЙ КОЛОДОЙ», 2 for «ИГРЫ ДВУМЯ КОЛОДАМИ», else ``None``."""
    h = heading.lower()
    return 1 if "одной" in h else 2 if "двумя" in h else None


# -- the knowledge base ---------------------------------------------------------------------------

def name_rows(rows: Iterable[CrosswalkRow], cats: Iterable[CatalogueName], games: set[str]) -> list[dict]:
    """Rows for the ``names`` table: each linked game's English title (kind ``english``) and the
    names of its catalogue entries (kind ``catalogue``), with ``source`` saying which catalogue."""
    from .names import name_row

    out = []
    cats = tuple(cats)
    for r in rows:
        if r.game not in games:
            continue
        seen: set[str] = set()
        cands = []
        if r.english:
            cands.append((r.english, "en", "english", "crosswalk: " + ", ".join(r.evidence)))
        for c in catalogue_names(r, cats):
            label = CATALOGUE_LABEL[c.catalogue] + (f" #{c.pysol_id}" if c.pysol_id is not None else "")
            cands.append((c.name, c.language, "catalogue", f"{label} {c.english}"))
        for name, lang, kind, source in cands:
            f = fold(name)
            if not f or f in seen:
                continue
            seen.add(f)
            row = name_row(r.game, name, kind, lang, source)
            if row:
                out.append(row)
    return out


@lru_cache(maxsize=1)
def _bundled_ids() -> dict[str, str]:
    """Source id → file name of the bundled corpus (the texts ``crosswalk.tsv`` is about)."""
    import json

    manifest = HERE.parent / "corpus" / "manifest.json"
    if not manifest.is_file():
        return {}
    return {e["id"]: e["file"] for e in json.loads(manifest.read_text("utf-8"))["sources"]}


def _covered_sources(sources: list) -> set[str]:
    """Ids of the sources ``crosswalk.tsv`` is about: a bundled text under its bundled id and file
    name. A user's text that happens to get id 000 is not («000_mytext.txt»): its games are linked
    to the catalogues from their names (:mod:`pasyans.kb.catalog_link`)."""
    bundled = _bundled_ids()
    return {s.id for s in sources if not bundled or bundled.get(s.id) == s.file}


def write(db, sources: list, games: list, path: Path = CROSSWALK) -> list[CrosswalkRow]:
    """Write the ``crosswalk``, ``catalogue_matches`` tables and the catalogue names into ``names``
    (a sqlite-utils ``Database`` whose ``games``, ``names`` and ``findings`` tables exist).

    Rows of the data file for games the knowledge base does not have, named games without a row,
    and rows whose name is not the game's name become findings (``crosswalk-*``), not errors.
    Returns the rows used.
    """
    lang = {s.id: s.language for s in sources}
    covered = _covered_sources(sources)
    by_key = {g.key: g for g in games if g.source in covered}
    rows = [r for r in load_crosswalk(path) if r.game.split("-")[0] in covered or not _bundled_ids()]
    cats = load_catalogues()
    findings = []
    for r in rows:
        g = by_key.get(r.game)
        if g is None:
            findings.append({"source": r.game.split("-")[0], "game": None, "kind": "crosswalk-unknown-game",
                             "message": f"{path.name}: row for {r.game} «{r.name}», which the knowledge base does not have",
                             "token": r.game})
        elif r.name and not (g.name and same_name(r.name, g.name, lang.get(g.source, "ru"), lang.get(g.source, "ru"))):
            findings.append({"source": g.source, "game": g.key, "kind": "crosswalk-name-mismatch",
                             "message": f"{path.name}: row {r.game} names «{r.name}», the game is «{g.name}»",
                             "token": r.name})
    from .catalog_link import propose  # rows computed from the names for games the file lacks

    auto = propose(games, lang, rows, cats)
    listed = {r.game for r in rows} | {r.game for r in auto}
    for g in games:
        if g.name and not g.fragment and g.key not in listed:
            findings.append({"source": g.source, "game": g.key, "kind": "crosswalk-missing",
                             "message": f"{path.name}: no row for {g.key} «{g.name}», and no catalogue "
                                        f"(PySolFC, Aisleriot, KPatience) has its names", "token": g.name})
    used = [r for r in rows if r.game in by_key] + auto
    from .schema import TABLES

    TABLES["crosswalk"].create(db)
    TABLES["crosswalk"].insert_all(db, (r.as_row() for r in used))
    matches = catalogue_matches(games, used, lang, cats)
    TABLES["catalogue_matches"].create(db)
    TABLES["catalogue_matches"].insert_all(db, (m.as_row() for m in matches))
    db["catalogue_matches"].create_index(["game"])
    if "source" not in db["names"].columns_dict:
        db["names"].add_column("source", str)
    db["names"].insert_all(name_rows(used, cats, {g.key for g in games}))
    if findings:
        db["findings"].insert_all(findings)
    return used
