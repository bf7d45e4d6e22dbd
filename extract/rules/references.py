"""Rules by reference: the game a same-as sentence names, found by its name in the same source, in
the games already read (the knowledge base being built) or through a catalogue name.

«как «Клондайк», но …», «отличается от «Паука» тем, что …», «те же правила, что и в «Клондайке»»,
«Афина — тот же Клондайк»: the reader keeps the named game in the ``same-as`` special's ``ref``
(:mod:`.reader`). Names are compared as lemma sequences (:func:`name_key`: «Клондайке» and
«Клондайк», «Часам» and «Часы», «Салическій законъ» and «Салический закон» meet), ignoring quotes
and case. The sentence's scope decides what is inherited (:func:`scope`): the layout only when it
speaks of laying cards out («раскладывается подобно «Часам»»), the tableau only when it speaks of
moving them («Перекладывание осуществляется так же, как …»), else every field. The game's own
statements always win over what it inherits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .. import nlp
from .schema import field_paths

_WORD = re.compile(r"[\w'’ʼ-]+")


def name_key(name: str, lang: str = "ru") -> tuple[str, ...]:
    """A game name as its words' lemmas («Клондайке» → ``("клондайк",)``, «Часам» → ``("часы",)``)."""
    out = []
    for w in _WORD.findall(name or ""):
        lem = nlp.lemma(w, lang) or w.lower()
        out.append(lem.replace("ё", "е"))
    return tuple(out)


def _keys(name: str, lang: str) -> set[tuple[str, ...]]:
    keys = {name_key(name, lang)}
    low = tuple(w.lower().replace("ё", "е") for w in _WORD.findall(name or ""))
    keys.add(low)
    # pymorphy3 may give a plural noun its plural lemma («Часы» → «часы», «Часам» → «час»)
    keys.add(tuple(w[:-2] if len(w) > 5 else w[:4] for w in low))
    return {k for k in keys if k}


PREVIOUS_GAME = "\x00previous"
"""What :func:`unquoted_name` answers for «как предыдущий», «як у попередньому пасьянсі» (the game told before)."""

_ANCHORS = frozenset({"как", "як", "от", "від", "что", "що", "подобно", "подібно", "аналогично", "аналогічно"})
_SKIP = frozenset({"и", "і", "й", "в", "у", "во", "почти", "майже", "же", "ж", "и", "с", "з", "із", "со"})
_NAME_POS = frozenset({"NOUN", "ADJ", "X", "PROPN"})
_NOT_A_NAME = frozenset({"C:PILE", "C:ROW", "C:COLUMN", "C:STACK", "C:CARD", "C:KOLODA", "C:PLACE", "C:CELL",
                         "C:SUIT", "C:RANK", "C:TUZ", "C:KOROL", "C:STOCK", "C:RESERVE", "C:WASTE_PILE", "C:LAYOUT",
                         "C:FIRST", "C:ONE", "C:EACH", "C:OTHER_ADJ", "C:F_WORD", "C:SERIES", "C:GROUP", "C:ORDER",
                         "C:JACK", "C:JOKER", "C:GAP", "C:EMPTY", "C:DEAL_NOUN", "C:REDEAL_NOUN", "C:VARIANT_WORD"})
"""Word classes of the game's own things («как в первом ряду», «как на основаниях»): no game's name."""
_GENERIC = frozenset({"пасьянс", "игра", "гра", "правило", "случай", "випадок", "другой", "інший", "остальной",
                      "обычный", "звичайний", "всякий", "любой", "будь-який", "весь", "увесь", "описанный", "этот",
                      "тот", "цей", "той", "такой", "такий", "сказать", "сказано", "выше", "вище", "здесь", "тут",
                      "обычно", "зазвичай", "раз", "образ", "основной", "основний", "предыдущий", "попередній",
                      "начало", "початок", "время", "час", "порядок", "место", "місце", "сторона", "раньше"})


_SUIT_STEMS = ("черв", "чирв", "пик", "пік", "бубн", "бубен", "бубон", "треф", "крест", "хрест", "вин", "жир")
"""Suit names («бубны идут как черви, но …»): no game's name."""


def unquoted_name(toks: list, start: int, end: int) -> str | None:
    """The game a same-as sentence names without quotes, in tokens ``[start, end)`` of one sentence
    (``Tok`` of :mod:`.tokens`): the words after «как/як/от/від/что и в» up to the next punctuation,
    conjunction or preposition («почти как осада, но …» → «осада»; «як у косинці, але …» → «косинці»;
    «Как Spider, но …» → «Spider»); :data:`PREVIOUS_GAME` for «как предыдущий», «як у попередньому
    пасьянсі»; ``None`` when the words are the game's own things («как в первом ряду»), generic
    («как и в других пасьянсах», «как обычно») or absent."""
    i = next((j for j in range(start, end) if toks[j].lower in _ANCHORS), None)
    if i is None:
        return None
    j = i + 1
    while j < end and toks[j].lower in _SKIP:
        j += 1
    words = []
    while j < end and len(words) < 3 and toks[j].pos in _NAME_POS and not toks[j].is_punct:
        words.append(toks[j])
        j += 1
    if len(words) > 1 and j < end and not (toks[j].is_punct or toks[j].pos == "CCONJ"):
        words = words[:1]       # «как Паук пустые места …»: a name ends where the clause does, else it is one word
    if any("C:PREVIOUS" in t.feats for t in words):
        return PREVIOUS_GAME
    if not words or not any(t.pos in ("NOUN", "X", "PROPN") for t in words):
        return None
    if any(t.feats & _NOT_A_NAME or t.lemma in _GENERIC or t.lower.startswith(_SUIT_STEMS) for t in words):
        return None
    return " ".join(t.text for t in words)


_MOVING = ("перекладыван", "перекладк", "перекладан", "перемещени", "перекладанн")
_LAYING = ("раскладыва", "раскладк", "раскладывается", "выкладыва", "розкладк", "розклад", "сдаются", "расклад")


_ONLY_LAYOUT_DIFFERS = re.compile(
    r"(различ|разниц|отлич|відмін|різниц|різн|відрізня)\w*(\W+\w+){0,3}?\W+(лишь|только|лише|тільки)"
    r"(\W+\w+){0,2}?\W+(расклад|раздач|сдач|роздач|розклад|здач)"
    r"|(лишь|только|лише|тільки)(\W+\w+){0,2}?\W+(расклад|раздач|сдач|роздач|розклад|здач)\w*\W+(\w+\W+)?"
    r"(различ|разн|інш|відмін|різн)")
"""«Афина — тот же Клондайк, различие лишь в начальном раскладе», «те саме, що і «Клондайк», різною є лише
початкова роздача», «отличается только раскладом», «лише розклад інший»: the other game's rules but its layout."""


def scope(quote: str) -> list[str] | None:
    """The fields a same-as sentence covers: tableau fields when it speaks of moving cards, layout
    fields when it speaks of laying them out, every field but the layout when it says only the layout
    differs, else all (``None``)."""
    head = quote.lower()
    if _ONLY_LAYOUT_DIFFERS.search(head):
        return [p for p in field_paths() if not p.startswith("layout.")]    # «различие лишь в начальном раскладе»
    if re.search(r"отлич|відмін|різниц|разниц|отлича|відрізня", head):
        return None     # «раскладывается почти как осада, но с двумя отличиями»: the whole game, its differences told
    for cut in ("так", "подобно", "как", "як", "тот же", "те саме", "аналогично"):
        if cut in head:
            head = head.split(cut)[0]
            break
    if any(w in head for w in _MOVING):
        return [p for p in field_paths() if p.startswith("tableau.")]
    if any(w in head for w in _LAYING):
        return [p for p in field_paths() if p.startswith("layout.")]
    return None


@dataclass
class Library:
    """Games already read that a same-as sentence may name: their keys, names and specs, and the
    catalogue names (Russian or Ukrainian → English) with the English names of the games crosswalked
    to them. :meth:`find` answers a name with ``(key, display name, spec)`` or ``None``."""

    lang: str = "ru"
    games: list[tuple[str, str, dict]] = field(default_factory=list)
    catalogue: dict[tuple[str, ...], str] = field(default_factory=dict)
    english: dict[str, str] = field(default_factory=dict)          # game key -> English name
    listed_in: dict[str, set[str]] = field(default_factory=dict)   # English name -> catalogues naming it

    def add(self, key: str, names: Iterable[str], spec: dict, english: str | None = None) -> None:
        for n in names:
            if n:
                self.games.append((key, n, spec))
        if english:
            self.english[key] = english

    def add_catalogue(self, rows: Iterable[tuple[str, str]], catalogue: str | None = None) -> None:
        """Catalogue rows (English name, Russian or Ukrainian name) of the catalogue called ``catalogue``
        («PySolFC», «Aisleriot», «KPatience»)."""
        for en, local in rows:
            for k in _keys(local, self.lang):
                self.catalogue.setdefault(k, en)
            if catalogue:
                self.listed_in.setdefault(en, set()).add(catalogue)

    def catalogue_game(self, name: str) -> tuple[str, list[str]] | None:
        """(English name, the catalogues listing it) when ``name`` is a catalogue game's Russian,
        Ukrainian or English name («Паука», «Spider» → ``("Spider", ["Aisleriot", "KPatience", "PySolFC"])``),
        else ``None``."""
        en = self._english_name(name)
        if en is not None:
            return en, sorted(self.listed_in.get(en, ()))
        for k in _keys(name, self.lang):
            en = self.catalogue.get(k)
            if en is not None:
                return en, sorted(self.listed_in.get(en, ()))
        return None

    def _english_name(self, name: str) -> str | None:
        """The catalogue's English name when ``name`` is one («FreeCell», «spider»), else ``None``."""
        low = " ".join(_WORD.findall(name or "")).lower()
        if not low or not low.isascii():
            return None
        names = [en for en in set(self.catalogue.values()) | set(self.english.values()) if en.lower() == low]
        # one spelling whatever the set's order: the one most catalogues list («FreeCell» before «Freecell»)
        return min(names, key=lambda en: (-len(self.listed_in.get(en, ())), en), default=None)

    def find(self, name: str) -> tuple[str, str, dict, str] | None:
        """(game key, its name, its spec, how found) for the game called ``name`` (its name as written,
        inflected, in lower case or its catalogue name in English), or ``None``."""
        want = _keys(name, self.lang)
        named = [(key, n, spec) for key, n, spec in self.games if _keys(n, self.lang) & want]
        if named:
            # a name given twice (a title line and the heading under it): the game whose text states rules
            key, n, spec = max(named, key=lambda g: _stated(g[2]))
            return key, n, spec, "by name"
        english = self._english_name(name)
        if english is not None:
            for key, n, spec in self.games:
                if self.english.get(key, "").lower() == english.lower():
                    return key, n, spec, f"by its English catalogue name «{name}»"
        for k in want:
            en = self.catalogue.get(k)
            if en is None:
                continue
            for key, n, spec in self.games:
                if self.english.get(key, "").lower() == en.lower():
                    return key, n, spec, f"through the catalogue name «{name}» = {en}"
        return None


def _stated(spec: dict) -> int:
    """How many fields of ``spec`` its text states."""
    from .schema import get_field

    return sum(get_field(spec, p)["status"] == "stated" for p in field_paths()) if spec else 0


def matches(name: str, candidate: str, lang: str = "ru") -> bool:
    """Whether game name ``candidate`` is the game ``name`` refers to (lemmas or stems agree)."""
    return bool(_keys(name, lang) & _keys(candidate, lang))


Finder = Callable[[str], "tuple[str, str, dict, str] | None"]


_CATALOGUES = {"pysol": "PySolFC", "aisleriot": "Aisleriot", "kpat": "KPatience"}
"""``kb/catalogs/names_<x>_<lang>.tsv`` → the catalogue's name."""


def _catalogue_files() -> dict[str, list[tuple[str, str]]]:
    """Catalogue name → its (English, Russian or Ukrainian) names (``kb/catalogs/names_*.tsv``)."""
    from importlib import resources

    out: dict[str, list[tuple[str, str]]] = {}
    base = resources.files("pasyans.kb.catalogs")
    for entry in sorted(base.iterdir(), key=lambda e: e.name):
        if not entry.name.startswith("names_") or "fuzzy" in entry.name:
            continue
        name = _CATALOGUES.get(entry.name.split("_")[1], entry.name.split("_")[1])
        rows = out.setdefault(name, [])
        for line in entry.read_text("utf-8").splitlines()[1:]:
            parts = line.split("\t")
            if len(parts) >= 2 and parts[0] and parts[1]:
                rows.append((parts[0], parts[1]))
    return out


def _catalogue_rows() -> list[tuple[str, str]]:
    """(English, Russian or Ukrainian) names of the bundled catalogues (``kb/catalogs/names_*.tsv``)."""
    return [row for rows in _catalogue_files().values() for row in rows]


def _crosswalk_english() -> dict[str, str]:
    """Game id → its English catalogue name, from ``kb/crosswalk.tsv`` (column ``english``)."""
    from importlib import resources

    out = {}
    text = resources.files("pasyans.kb").joinpath("crosswalk.tsv").read_text("utf-8").splitlines()
    head = text[0].split("\t")
    if "game" in head and "english" in head:
        gi, ei = head.index("game"), head.index("english")
        for line in text[1:]:
            parts = line.split("\t")
            if len(parts) > max(gi, ei) and parts[ei]:
                out[parts[gi]] = parts[ei]
    return out


def library_of(games: Iterable, lang: str = "ru", catalogue: bool = True) -> Library:
    """A :class:`Library` of read games (:class:`~pasyans.models.GameText` with ``rules``): their
    titles, printed titles and aliases; with ``catalogue``, the bundled catalogue names and the
    crosswalk's English names too."""
    lib = Library(lang)
    english = _crosswalk_english() if catalogue else {}
    for g in games:
        if not getattr(g, "rules", None):
            continue
        names = [g.name, g.printed_name] + [a.name for a in getattr(g, "aliases", [])]
        lib.add(g.key, names, g.rules, english.get(g.key))
    if catalogue:
        for name, rows in _catalogue_files().items():
            lib.add_catalogue(rows, name)
    return lib


def resolve_across(games: list, lang_of: Callable[[object], str] | None = None) -> list:
    """Same-as references a source could not resolve by itself («тот же Клондайк» in a text without
    «Клондайк»), resolved among all the games read (``games``: :class:`~pasyans.models.GameText` with
    ``rules`` and ``findings``), by name or through a catalogue name. In place: the game inherits the
    fields it does not state (ref names the game and how it was found), the ``same-as-unresolved``
    finding is replaced by a ``reading-choice`` one. Returns the games changed (their verdicts are
    to be computed again)."""
    from .sources import _inherit_specials

    lib = library_of(games)
    changed = []
    for g in games:
        spec = getattr(g, "rules", None)
        if not spec:
            continue
        for sa in [s for s in spec.get("special", []) if s["name"] == "same-as" and s.get("ref")]:
            open_ = [f for f in g.findings if f.kind == "same-as-unresolved" and tuple(f.lines) == tuple(sa["lines"])]
            if not open_:
                continue
            found = lib.find(sa["ref"])
            if found is None:
                if _catalogue_only(lib, g, sa, open_) and g not in changed:
                    changed.append(g)
                continue
            if found[0] == g.key:
                continue
            key, name, parent, how = found
            ref = f"same as {key} «{name}» ({how}; «{sa['quote'][:80]}», lines {sa['lines'][0]}–{sa['lines'][1]})"
            from .schema import inherit

            fields = scope(sa["quote"])
            g.rules = inherit(spec, parent, ref, fields)
            if fields is None:
                _inherit_specials(g.rules, parent, ref)
            spec = g.rules
            for f in open_:
                g.findings.remove(f)
            from pasyans.models import Finding

            g.findings.append(Finding(open_[0].source, open_[0].lines, "reading-choice",
                                      f"the game referred to is {key} «{name}», found {how} among the games read",
                                      sa["quote"][:80], g.key))
            changed.append(g)
    return changed


def _catalogue_only(lib: Library, g, sa: dict, open_: list) -> bool:
    """A same-as naming a catalogue game that no text of the knowledge base describes («как «Паук»,
    но …» with no «Паук» read): the reference is kept with the catalogue game's name
    (``params.catalogue``, ``params.catalogues``) and its ``same-as-unresolved`` finding says so;
    nothing is inherited, the game's own statements (the sentences after «но») stand. Returns whether
    the name is a catalogue game's."""
    cat = lib.catalogue_game(sa["ref"])
    if cat is None:
        return False
    en, where = cat
    sa.setdefault("params", {}).update({"catalogue": en, "catalogues": where})
    from pasyans.models import Finding

    for f in open_:
        g.findings[g.findings.index(f)] = Finding(
            f.source, f.lines, f.kind,
            f"the text refers to «{sa['ref']}», the catalogue game {en} ({', '.join(where) or 'catalogue'}), "
            "which no text of the knowledge base describes: nothing inherited, the text's own rules stand",
            f.token, f.game)
    return True
