"""One game across texts: links between the games of the corpus, decided on evidence and kept as
links (each description stays a game of its own text, with its source and lines).

Evidence comes in three kinds:

* **names** — the titles and aliases of the two games are the same name (:func:`crosswalk.same_name`:
  inflection, ё, pre-1918 and Ukrainian spelling), or similar (one name's words inside the
  other's, a diminutive of the other: «Часы» / «Часы дедушки», «Паук» / «Паучок»), or one game's
  name is a catalogue's translation of the other's English name («килим» is Aisleriot's Ukrainian
  «Carpet»); a name the text disputes («Кэнфилд» in «Клондайк») never makes two games one;
* **catalogue** — both games are linked to the same PySolFC entry by the crosswalk;
* **name-translation** — a Russian and a Ukrainian name translate word for word by the table of
  :mod:`pasyans.kb.name_words` («Королевский двор» / «Королівський двір», «Мельник» / «Мірошник»):
  for games no catalogue knows; a lead only — ``same`` when the rules agree on
  :data:`TRANSLATION_AGREE` facts and none conflicts, else kept apart with that reason;
* **rules** — the facts of the rule specs (:mod:`pasyans.extract.rules`): packs, cards per pack,
  piles and cards per pile of the layout, foundations and building. A fact the spec leaves unknown
  may come from the book's contents part («ИГРЫ ОДНОЙ КОЛОДОЙ»: one full pack) or from the game's
  family in the same text (a variant sharing its deal rule); the source of every fact is kept.
  The texts' own statements count too: «не соответствует», «совсем другого свойства» → different;
  «напоминает», «схож», «вариант» → related.

A name spelt alike in two languages is no evidence when the catalogues give it different games
(Ukrainian «Косинка» = KPatience's Freecell, Russian «Косынка» = Klondike): the link says so
(``ambiguous-name``) and rests on the other evidence, or is not made.

Relations: ``same`` (same or catalogue-equal names, or one name the catalogues' translation of the
other's English name, and no conflicting fact), ``different`` (the
names meet but a structural fact conflicts, the text says so, the name is disputed, or both are
entries of one text), ``related`` (the text says one resembles or is a variant of the other),
``ambiguous-name`` (the names are spelt alike across languages but mean different games in the
catalogues, nothing else links them: kept apart), ``similar-name`` (similar names, nothing else
known: kept apart).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Iterable

from .crosswalk import (CATALOGUE_LABEL, CrosswalkRow, book_parts, english_names, fold, load_catalogues,
                        name_key, packs_of_part, same_name)
from .name_words import key as translation_key, translation

STRUCTURAL = ("packs", "cards_per_pack", "cards", "tableau_piles", "cards_per_pile")
"""Facts that tell two games apart when they differ."""

RULE_FIELDS = {"packs": ("deck", "packs"), "cards_per_pack": ("deck", "cards_per_pack"),
               "tableau_piles": ("layout", "tableau_piles"), "cards_per_pile": ("layout", "cards_per_pile"),
               "foundations.base": ("foundations", "base"), "foundations.direction": ("foundations", "direction"),
               "foundations.suit": ("foundations", "suit"), "tableau.build_suit": ("tableau", "build_suit"),
               "tableau.build_direction": ("tableau", "build_direction")}
"""Fact name → path in the rule spec (``pasyans/data/rules.schema.json``)."""

NAME_KINDS = ("title", "printed-title", "title-form", "alias", "gloss")
"""Alias kinds that name the game itself (``related`` names another game, ``disputed`` is doubted)."""

SIMILAR_KINDS = ("title", "title-form", "alias", "gloss")
"""Names compared for similarity (a printed title is the title with its decoration)."""

DIMINUTIVE = ("чок", "чек", "ок", "ек", "ик", "ка", "очка", "ечка", "ишка")
"""Endings that make a diminutive of a noun's stem («паук» → «паучок»)."""

TRANSLATION_AGREE = 2
"""Facts two games must agree on (and none conflict) for names that translate word for word to link them."""

_DIFFERENT_CUES = ("не соответств", "другого свойства", "неправильно", "не является", "не путать")
_RELATED_CUES = ("напомина", "схож", "подобно", "вариант", "похож")


@dataclass
class Fact:
    """One fact of a game used to compare games: ``field`` = ``value``, with where it comes from
    (``rules`` spec, ``book-part``, ``family``), the raw ``lines`` and the ``quote``."""

    game: str
    field: str
    value: object
    source: str
    lines: tuple[int, int] | None = None
    quote: str | None = None

    def as_record(self) -> dict:
        """The ``game_facts`` record (encoded to a row by :data:`pasyans.kb.schema.TABLES`)."""
        return {"game": self.game, "field": self.field, "value": self.value,
                "source": self.source, "first_line": self.lines[0] if self.lines else None,
                "last_line": self.lines[1] if self.lines else None, "quote": self.quote}

    def cite(self) -> str:
        where = f"line {self.lines[0]}" if self.lines and self.lines[0] == self.lines[1] else \
            f"lines {self.lines[0]}-{self.lines[1]}" if self.lines else ""
        return f"{self.value} ({self.source}{', ' + where if where else ''})"


@dataclass
class Link:
    """Two games and how they relate, with the evidence (readable strings, best first)."""

    game_a: str
    game_b: str
    relation: str
    evidence: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def as_record(self) -> dict:
        """The ``links`` record (encoded to a row by :data:`pasyans.kb.schema.TABLES`)."""
        return {"game_a": self.game_a, "game_b": self.game_b, "relation": self.relation,
                "names": "; ".join(self.names), "evidence": list(self.evidence),
                "summary": f"{self.relation}: " + "; ".join(self.evidence[:3])}


# -- facts ----------------------------------------------------------------------------------------

def _spec_value(rules: dict, path: tuple[str, str]):
    node = (rules or {}).get(path[0], {})
    node = node.get(path[1]) if isinstance(node, dict) else None
    if isinstance(node, dict) and node.get("status") not in (None, "unknown") and node.get("value") is not None:
        return node
    return None


def facts(games: list, sources: list) -> dict[str, dict[str, Fact]]:
    """game key → field → :class:`Fact`, for every game with a name or a parent.

    Order of sources: the game's own rule spec; for an unknown field, a game of the same family
    (same text, parent or variant) whose first numbered rule — the deal — is the game's own
    («Правило 1 (вар. А)»); for ``packs`` of the book, its contents part (one pack for «ИГРЫ ОДНОЙ
    КОЛОДОЙ», two for «ИГРЫ ДВУМЯ КОЛОДАМИ»), and then ``cards_per_pack`` 52 (a full pack: the
    book names removed cards when a game does not use one). ``cards`` = packs × cards per pack.
    """
    out: dict[str, dict[str, Fact]] = {}
    parts = {}
    for s in sources:
        if s.segmenter == "book-toc":
            try:
                parts[s.id] = book_parts(s)
            except ValueError:
                parts[s.id] = []
    for g in games:
        f: dict[str, Fact] = {}
        for name, path in RULE_FIELDS.items():
            node = _spec_value(g.rules, path)
            if node:
                lines = tuple(node["lines"]) if node.get("lines") else None
                f[name] = Fact(g.key, name, node["value"], "rules", lines, node.get("quote"))
        out[g.key] = f
    same_deal: dict[tuple[str, str], list] = {}  # (source, first numbered rule) → games, in order
    for g in games:
        if g.rules_used:
            same_deal.setdefault((g.source, g.rules_used[0]), []).append(g)
    for g in games:  # family: same deal rule
        f = out[g.key]
        if not g.rules_used:
            continue
        family = [h for h in same_deal[(g.source, g.rules_used[0])] if h.key != g.key
                  and (h.variant_of == g.key or g.variant_of == h.key or
                       (g.variant_of and h.variant_of == g.variant_of))]
        for name in RULE_FIELDS:
            if name in f:
                continue
            for h in family:
                src = out[h.key].get(name)
                if src and src.source == "rules":
                    f[name] = Fact(g.key, name, src.value, f"family: rule {g.rules_used[0]} as in {h.key}",
                                   src.lines, src.quote)
                    break
    for g in games:
        f = out[g.key]
        if g.source in parts and g.page is not None and "packs" not in f:
            num = re.match(r"\d{3}-(\d{3})", g.key)
            pos = int(num.group(1)) if num else None
            for heading, first, last in parts[g.source]:
                if pos is not None and first <= pos <= last and packs_of_part(heading):
                    f["packs"] = Fact(g.key, "packs", packs_of_part(heading), f"book part «{heading}»")
                    if "cards_per_pack" not in f:
                        f["cards_per_pack"] = Fact(g.key, "cards_per_pack", 52,
                                                   f"book part «{heading}»: a full pack")
        if "packs" in f and "cards_per_pack" in f:
            try:
                total = int(f["packs"].value) * int(f["cards_per_pack"].value)
            except (TypeError, ValueError):
                continue
            f["cards"] = Fact(g.key, "cards", total, "packs × cards_per_pack",
                              f["packs"].lines or f["cards_per_pack"].lines)
    return out


# -- names ----------------------------------------------------------------------------------------

def _names(g, lang: str) -> list[tuple[str, str, str, tuple | None, str | None]]:
    """(name, kind, language, lines, sentence) of a game: title, printed title, aliases."""
    out = []
    if g.name:
        out.append((g.name, "title", lang, None, None))
    if g.printed_name and fold(g.printed_name) != fold(g.name or ""):
        out.append((g.printed_name, "printed-title", lang, None, None))
    out += [(a.name, a.kind, a.language or lang, a.lines, a.sentence) for a in g.aliases]
    return out


@lru_cache(maxsize=20_000)
def _nouns(name: str, lang: str) -> tuple[str, ...]:
    """The significant words of a name: lemma skeletons, generic words («пасьянс», «игра») left out
    (remembered: every pair of games that may meet asks again)."""
    key = name_key(name, lang)
    return tuple(w for w in key.split() if w not in ("игра", "гра"))


def _similar(a: str, b: str, la: str, lb: str) -> bool:
    """One name's significant words are all words of the other («Часы» ⊂ «Часы дедушки»), or a
    one-word name begins a word of the other («Дипломат» → «дипломатический») or that word is its
    diminutive (:data:`DIMINUTIVE`: «Паук» → «Паучок»)."""
    wa, wb = _nouns(a, la), _nouns(b, lb)
    if not wa or not wb:
        return False
    short, long_ = (wa, wb) if (len(wa), len("".join(wa))) <= (len(wb), len("".join(wb))) else (wb, wa)
    if set(short) <= set(long_):
        return True
    if len(short) == 1 and len(short[0]) >= 4:
        w = short[0]
        return any(v != w and ((len(w) >= 5 and v.startswith(w)) or
                               (v.startswith(w[:-1]) and v[len(w) - 1:] in DIMINUTIVE)) for v in long_)
    return False


def _cue(sentence: str | None, cues: Iterable[str]) -> bool:
    s = (sentence or "").lower()
    return any(c in s for c in cues)


def _lines_text(lines) -> str:
    if not lines:
        return ""
    a, b = lines
    return f"line {a}" if a == b else f"lines {a}-{b}"


def translations_of(games: list, lang: dict[str, str], cats) -> dict[str, list[tuple[str, str, object]]]:
    """game → [(name, kind, catalogue name)]: the reviewed catalogue names (Russian, Ukrainian) that
    are the same name as one of the game's own names — i.e. the catalogue's translation of some
    English name into the game's name."""
    index: dict[str, list] = {}
    for c in cats:
        if c.language != "en" and not c.fuzzy:
            index.setdefault(name_key(c.name, c.language), []).append(c)
    out: dict[str, list] = {}
    for g in games:
        for name, kind, nl, _l, _s in _names(g, lang.get(g.source, "ru")):
            if kind in NAME_KINDS:
                out.setdefault(g.key, []).extend((name, kind, c) for c in index.get(name_key(name, nl), ()))
    return out


_BY_KEY: dict[int, tuple[tuple, dict]] = {}


def _names_by_key(cats) -> dict[tuple[str, str], list]:
    """The reviewed catalogue names by ``(language, name_key)``, in catalogue order; built once
    per catalogue tuple."""
    cats = tuple(cats)
    hit = _BY_KEY.get(id(cats))
    if hit is not None and hit[0] is cats:
        return hit[1]
    index: dict[tuple[str, str], list] = {}
    for c in cats:
        if not c.fuzzy:
            index.setdefault((c.language, name_key(c.name, c.language)), []).append(c)
    _BY_KEY.clear()
    _BY_KEY[id(cats)] = (cats, index)
    return index


def meanings_differ(x: str, lx: str, y: str, ly: str, cats) -> str | None:
    """Why two names of different languages that meet by spelling are no evidence of one game, or
    ``None``: the catalogues give ``x`` in ``lx`` and ``y`` in ``ly`` disjoint English games
    (Ukrainian «Косинка» is KPatience's Freecell, Russian «Косынка» is Klondike in Aisleriot and
    KPatience). Fuzzy PySolFC names do not count."""
    by_key = _names_by_key(cats)

    def meaning(name: str, lg: str) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for c in by_key.get((lg, name_key(name, lg)), ()):
            out.setdefault(c.english, set()).add(CATALOGUE_LABEL.get(c.catalogue, c.catalogue))
        return out
    mx, my = meaning(x, lx), meaning(y, ly)
    if not mx or not my or {fold(e) for e in mx} & {fold(e) for e in my}:
        return None
    say = lambda m, n, lg: "; ".join(f"{lg} «{n}» is {e} in {', '.join(sorted(c))}" for e, c in m.items())  # noqa: E731
    return f"{say(mx, x, lx)}; {say(my, y, ly)}"


def name_evidence(a, b, lang: dict[str, str], xw: dict[str, CrosswalkRow],
                  translations: dict[str, list], englishes: dict[str, set[str]],
                  cats=None) -> tuple[list[str], set[str]]:
    """Evidence strings that the names of games ``a`` and ``b`` meet, and the kinds of meeting:
    ``same-name``, ``disputed-name``, ``mention-different``, ``mention-related``, ``similar-name``,
    ``catalogue``, ``translation``, ``ambiguous-name`` (spelt alike across languages but the
    catalogues give the two names different games: :func:`meanings_differ`; no evidence of one
    game). ``translations``: :func:`translations_of`; ``englishes``: game → the folded English
    names the crosswalk links it to (:func:`crosswalk.english_names`); ``cats``: the catalogue
    names (for ``ambiguous-name``)."""
    ev, kinds = [], set()
    la, lb = lang.get(a.source, "ru"), lang.get(b.source, "ru")
    na, nb = _names(a, la), _names(b, lb)
    for (x, kx, lx, linx, sx), (y, ky, ly, liny, sy) in ((p, q) for p in na for q in nb):
        if kx == "related" or ky == "related":
            rel, other, sent, lines, owner = (x, y, sx, linx, a.key) if kx == "related" else (y, x, sy, liny, b.key)
            if (ky if kx == "related" else kx) in ("title", "printed-title") and same_name(rel, other):
                kind = ("mention-different" if _cue(sent, _DIFFERENT_CUES) else "mention-related")
                kinds.add(kind)
                ev.append(f"text of {owner} ({_lines_text(lines)}): «{(sent or rel).strip()}»")
            continue
        if not same_name(x, y, lx, ly):
            pairs = translation(x, lx, y, ly) if kx in NAME_KINDS and ky in NAME_KINDS else None
            if pairs:
                kinds.add("name-translation")
                ev.append(f"word-for-word translation: {kx} «{x}» ({lx}, {a.key}) / {ky} «{y}» ({ly}, {b.key}): "
                          + ", ".join(pairs))
                continue
            if kx in SIMILAR_KINDS and ky in SIMILAR_KINDS and _similar(x, y, lx, ly):
                kinds.add("similar-name")
                ev.append(f"similar names: {kx} «{x}» ({a.key}) / {ky} «{y}» ({b.key})")
            continue
        split = meanings_differ(x, lx, y, ly, cats) if cats is not None and lx != ly else None
        if split:
            kinds.add("ambiguous-name")
            ev.append(f"«{x}» ({lx}, {a.key}) and «{y}» ({ly}, {b.key}) are spelt alike but name different "
                      f"games: {split}")
            continue
        if "disputed" in (kx, ky):
            kinds.add("disputed-name")
            d_game, sent, lines = (a.key, sx, linx) if kx == "disputed" else (b.key, sy, liny)
            ev.append(f"shared name «{x}» is disputed in the text of {d_game} ({_lines_text(lines)}): "
                      f"«{(sent or '').strip()}»")
            if _cue(sent, _DIFFERENT_CUES):
                kinds.add("mention-different")
        else:
            kinds.add("same-name")
            ev.append(f"same name: {kx} «{x}» ({a.key}) = {ky} «{y}» ({b.key})")
    ra, rb = xw.get(a.key), xw.get(b.key)
    if ra and rb and ra.pysol_id is not None and ra.pysol_id == rb.pysol_id:
        kinds.add("catalogue")
        ev.append(f"crosswalk: both are PySolFC #{ra.pysol_id} ({ra.pysol_name} / {rb.pysol_name})")
    for (g, r), (h, other) in (((a, ra), (b, rb)), ((b, rb), (a, ra))):
        if not other:
            continue
        ens = englishes.get(h.key, set())
        mine = englishes.get(g.key, set())
        for name, kind, c in translations.get(g.key, ()):
            if fold(c.english) in ens and not (r and r.pysol_id is not None and r.pysol_id == c.pysol_id):
                if r and fold(c.english) not in mine and (mine or fold(c.english) in fold(r.conflict)):
                    # the catalogue gives g's name to another game than g is linked to: no evidence
                    kinds.add("ambiguous-name")
                    ev.append(f"{kind} «{name}» of {g.key} is the {c.catalogue} {c.language} name of "
                              f"«{c.english}», a name of {h.key} ({c.ref}), but {g.key} is "
                              + (f"linked to {r.english or r.pysol_name}" if mine else "not that game")
                              + (f" ({r.conflict})" if r.conflict else ""))
                    continue
                kinds.add("translation")
                ev.append(f"{kind} «{name}» of {g.key} is the {c.catalogue} {c.language} name of "
                          f"«{c.english}», a name of {h.key} ({c.ref})")
    if ra and rb and ra.english and rb.english and ra.english != rb.english:
        ea, eb = ra.english.lower().split(), rb.english.lower().split()
        short, long_ = (ea, eb) if len(ea) <= len(eb) else (eb, ea)
        if set(w.strip("'s") for w in short) <= set(w.strip("'s") for w in long_):
            kinds.add("similar-name")
            ev.append(f"similar English names: «{ra.english}» ({a.key}) / «{rb.english}» ({b.key})")
    return list(dict.fromkeys(ev)), kinds


# -- rules ----------------------------------------------------------------------------------------

def _mirrored(a: object, b: object) -> bool:
    """Whether two piles' card counts are the same row told from the other end: «7,6,5,4,3,2,1»
    (the book deals from the right) and «1,2,3,4,5,6,7» (a pamphlet from the left) are one layout."""
    seq = lambda v: [str(x).strip() for x in (v.split(",") if isinstance(v, str) else v)] \
        if isinstance(v, (str, list, tuple)) else None  # noqa: E731
    sa, sb = seq(a), seq(b)
    return bool(sa) and sa is not None and len(sa) > 1 and sa == list(reversed(sb or []))


def compare_facts(fa: dict[str, Fact], fb: dict[str, Fact]) -> tuple[list[str], list[str], list[str]]:
    """(agreements, structural conflicts, other differences) between two games' facts."""
    agree, conflict, differ = [], [], []
    for name in list(STRUCTURAL) + [k for k in RULE_FIELDS if k not in STRUCTURAL]:
        x, y = fa.get(name), fb.get(name)
        if not x or not y:
            continue
        if x.value == y.value or (name == "cards_per_pile" and _mirrored(x.value, y.value)):
            agree.append(f"{name} {x.value} = {y.value}")
        elif name in STRUCTURAL:
            conflict.append(f"{name} {x.cite()} ≠ {y.cite()}")
        else:
            differ.append(f"{name} {x.value} ≠ {y.value}")
    return agree, conflict, differ


CATALOGUE_CONFLICTS = 1
"""At most this many structural facts may differ between two texts' games that the crosswalk makes one
catalogue game and still be linked as the same game (each difference kept in the link's evidence)."""


def decide(a, b, kinds: set[str], agree: list[str], conflict: list[str]) -> str:
    """The relation of two games from the kinds of name evidence and the fact comparison."""
    if "mention-different" in kinds:
        return "different"
    if "disputed-name" in kinds and not kinds & {"same-name", "catalogue"}:
        return "different"
    if kinds & {"same-name", "catalogue", "translation"}:
        if a.source == b.source:
            return "different"
        if conflict and not ("catalogue" in kinds and len(conflict) <= CATALOGUE_CONFLICTS):
            return "different"
        return "same"  # one structural fact apart while the catalogue makes both one game: the same game, told
        # two ways (the book's Spider dealt 4 × 10, a uk manual's 6,6,6,6,5…: the conflict stays in the evidence)
    if "name-translation" in kinds and not conflict and a.source != b.source and len(agree) >= TRANSLATION_AGREE:
        return "same"  # «Королевский двор» / «Королівський двір»: the names translate and the rules agree
    if "mention-related" in kinds:
        return "related"
    if conflict or a.source == b.source:
        return "different"
    if "ambiguous-name" in kinds:
        return "ambiguous-name"
    return "similar-name"


def _english_words(english: str) -> frozenset[str]:
    """The words of a crosswalk English title as the similar-English-names check compares them."""
    return frozenset(w.strip("'s") for w in english.lower().split())


def blocking_keys(g, lang: dict[str, str], xw: dict[str, CrosswalkRow], translations: dict[str, list],
                  englishes: dict[str, set[str]]) -> set[tuple]:
    """Keys such that two games whose :func:`name_evidence` finds anything share at least one or
    meet by :data:`CONTAINED` keys: each name folded and its :func:`crosswalk.name_key` (in the
    name's language), a ``related`` name folded and its :func:`crosswalk.name_key` in Russian
    (``mentions``) and a title's (``titled``: the mention check compares the two), the PySolFC id, the English names of the catalogue translations and of the crosswalk;
    for :func:`_similar`, the set of each name's significant words (``words``: one set inside
    another) and a one-word name as a prefix (``prefix``: a word of another name beginning with it
    but its last letter — the prefix and the diminutive); for the similar English titles, the set
    of the crosswalk English title's words (``english-words``). A new kind of evidence must add its
    keys here."""
    keys: set[tuple] = set()
    for name, kind, nl, _l, _s in _names(g, lang.get(g.source, "ru")):
        keys.add(("fold", fold(name)))
        keys.add(("key", name_key(name, nl)))
        if kind in ("related", "title", "printed-title"):
            mention = "mentions" if kind == "related" else "titled"
            keys.add((mention, "fold " + fold(name)))
            keys.add((mention, "key " + name_key(name, "ru")))
        if kind in SIMILAR_KINDS:
            words = _nouns(name, nl)
            if words:
                keys.add(("words", frozenset(words)))
            if len(words) == 1 and len(words[0]) >= 4:
                keys.add(("prefix", words[0]))
    r = xw.get(g.key)
    if r is not None:
        if r.pysol_id is not None:
            keys.add(("pysol", r.pysol_id))
        if r.english and (words := _english_words(r.english)):
            keys.add(("english-words", words))
    keys.update(("en", fold(c.english)) for _n, _k, c in translations.get(g.key, ()))
    keys.update(("en", e) for e in englishes.get(g.key, ()))
    for name, kind, nl, _l, _s in _names(g, lang.get(g.source, "ru")):
        if kind in NAME_KINDS and (tk := translation_key(name, nl)) is not None:
            keys.add(("tr", tk))
    return keys


CONTAINED = ("words", "english-words")
"""Key kinds whose value is a set of words: two keys of a kind meet when one set is inside the other
(«Часы» ⊂ «Часы дедушки»), not only when equal — found through the rarest word of the smaller set,
so that a word many names share («замок», «royal») costs the names that hold all the words, not
every pair of names with that word."""


def _sharing(runs: Iterable[int], source: list) -> set[tuple[int, int]]:
    """Pairs of the runs that share one key (``source[r]``: run ``r``'s text): every pair of runs of
    different texts, and in one text each run with the next (see :func:`candidate_pairs`)."""
    texts: dict = {}
    for r in sorted(runs):
        texts.setdefault(source[r], []).append(r)
    out: set[tuple[int, int]] = set()
    for one in texts.values():
        out.update(zip(one, one[1:]))
    for one, other in combinations(texts.values(), 2):
        out.update((min(r, q), max(r, q)) for r in one for q in other)
    return out


def _contained_pairs(sets: dict[tuple, set[int]], source: list) -> set[tuple[int, int]]:
    """Pairs of runs ``(r, q)`` whose keys of one :data:`CONTAINED` kind meet: ``sets`` maps
    ``(kind, frozenset of words)`` to the runs holding it. The words of each set are looked up in
    an index of word → sets holding it; only the sets under its rarest word are compared. Runs
    holding the same set are paired as runs sharing a key are (:func:`_sharing`)."""
    out: set[tuple[int, int]] = set()
    by_word: dict[tuple[str, str], list[tuple]] = {}
    for key in sets:
        kind, words = key
        for w in words:
            by_word.setdefault((kind, w), []).append(key)
    for key, runs in sets.items():
        kind, words = key
        rarest = min(words, key=lambda w: len(by_word[(kind, w)]))
        for other in by_word[(kind, rarest)]:
            if other is key or not words <= other[1]:
                continue
            out.update((min(r, q), max(r, q)) for r in runs for q in sets[other] if r != q)
        if len(runs) > 1:  # the same set in several runs
            out |= _sharing(runs, source)
    return out


def _prefix_pairs(prefixes: dict[str, set[int]], sets: dict[tuple, set[int]]) -> set[tuple[int, int]]:
    """Pairs of runs ``(r, q)`` where a word of a ``words`` key of ``q`` other than the one-word
    name ``w`` of a ``prefix`` key of ``r`` begins with ``w`` but its last letter (found by
    bisection in the sorted words; the word itself is a ``words`` key's meeting)."""
    holders: dict[str, set[int]] = {}
    for (kind, words), runs in sets.items():
        if kind == "words":
            for w in words:
                holders.setdefault(w, set()).update(runs)
    vocab = sorted(holders)
    out: set[tuple[int, int]] = set()
    for word, runs in prefixes.items():
        prefix = word[:-1]
        i = bisect_left(vocab, prefix)
        while i < len(vocab) and vocab[i].startswith(prefix):
            if vocab[i] != word:
                out.update((min(r, q), max(r, q)) for r in runs for q in holders[vocab[i]] if r != q)
            i += 1
    return out


def candidate_pairs(items: list, keys: list[set]) -> list[tuple[int, int]]:
    """``(i, j)``, ``i < j``, of the items that share a key or whose :data:`CONTAINED`, ``prefix``
    and ``mentions``/``titled`` keys meet (``keys[i]`` are item ``i``'s), in ascending order:
    blocking, so that a library of G games costs the pairs that can meet, not G²/2. Entries of one
    text (``item.source``) with the same keys — the same names, a text of thousands of «ПАСЬЯНС»
    headings — are a *run*: each is paired with the next of its run. Runs that share a key are
    paired: every pair of runs of different texts, and in one text each run with the next that has
    the key (entries of one text are different games whatever their names: a text of a thousand
    entries sharing one alias costs a thousand pairs, not half a million, and each is still linked
    to the next sharing it); a ``mentions`` key (a game the text names as related) meets the
    ``titled`` key of the same name in any text. Cost: the sum over keys of (texts with the key)²,
    times the runs' sizes."""
    runs: dict[tuple, list[int]] = {}
    for i, ks in enumerate(keys):
        if ks:
            runs.setdefault((getattr(items[i], "source", None), frozenset(ks)), []).append(i)
    index: dict[tuple, list[int]] = {}
    sets: dict[tuple, set[int]] = {}
    prefixes: dict[str, set[int]] = {}
    mentions: dict[str, list[int]] = {}
    titled: dict[str, list[int]] = {}
    for r, (_src, ks) in enumerate(runs):
        for k in ks:
            if k[0] in CONTAINED:
                sets.setdefault(k, set()).add(r)
            elif k[0] == "prefix":
                prefixes.setdefault(k[1], set()).add(r)
            elif k[0] == "mentions":
                mentions.setdefault(k[1], []).append(r)
            elif k[0] == "titled":
                titled.setdefault(k[1], []).append(r)
            else:
                index.setdefault(k, []).append(r)
    source = [src for src, _ks in runs]
    members = list(runs.values())
    pairs: set[tuple[int, int]] = set()
    for run in members:
        pairs.update(zip(run, run[1:]))
    meeting: set[tuple[int, int]] = set()
    for rs in index.values():
        meeting |= _sharing(rs, source)
    meeting.update((min(r, q), max(r, q)) for key, rs in mentions.items() for r in rs
                   for q in titled.get(key, ()) if r != q)
    meeting |= _contained_pairs(sets, source) | _prefix_pairs(prefixes, sets)
    for r, q in meeting:
        pairs.update((min(i, j), max(i, j)) for i in members[r] for j in members[q])
    return sorted(pairs)


def find_links(games: list, sources: list, rows: Iterable[CrosswalkRow] = (), cats=None,
               all_facts: dict[str, dict[str, Fact]] | None = None) -> list[Link]:
    """Every pair of games whose names meet (see :func:`name_evidence`), with its relation and the
    evidence: the names, the catalogue, the facts that agree, conflict or differ. Pairs of a game and
    its own variant are left out (``games.variant_of`` already says how they relate). Only pairs
    that share a :func:`blocking_keys` key are compared (:func:`candidate_pairs`), in the order
    of ``games``."""
    cats = load_catalogues() if cats is None else tuple(cats)
    lang = {s.id: s.language for s in sources}
    xw = {r.game: r for r in rows}
    all_facts = facts(games, sources) if all_facts is None else all_facts
    named = [g for g in games if g.name and not g.fragment]
    trans = translations_of(named, lang, cats)
    englishes = {r.game: english_names(r, cats) for r in xw.values()}
    keys = [blocking_keys(g, lang, xw, trans, englishes) for g in named]
    out = []
    for i, j in candidate_pairs(named, keys):
        a, b = named[i], named[j]
        if a.variant_of == b.key or b.variant_of == a.key:
            continue
        ev, kinds = name_evidence(a, b, lang, xw, trans, englishes, cats)
        if not kinds:
            continue
        agree, conflict, differ = compare_facts(all_facts.get(a.key, {}), all_facts.get(b.key, {}))
        relation = decide(a, b, kinds, agree, conflict)
        if "name-translation" in kinds and relation != "same" and not kinds & {"same-name", "catalogue", "translation"}:
            ev.append(f"the names translate word for word, but the rules do not confirm one game (they agree on "
                      f"{len(agree)} fact(s), {TRANSLATION_AGREE} needed, {len(conflict)} conflict(s)): kept apart")
        if a.source == b.source and relation == "different" and not conflict and not kinds & {"mention-different"}:
            ev.append(f"both are entries of text {a.source}")
        ev += [f"rules conflict: {c}" for c in conflict]
        ev += [f"rules agree: {x}" for x in agree]
        ev += [f"rules differ: {x}" for x in differ]
        out.append(Link(a.key, b.key, relation, ev, sorted(kinds)))
    return out


def write(db, sources: list, games: list, rows: list[CrosswalkRow]) -> list[Link]:
    """Write ``game_facts`` (the facts compared, with their sources) and ``links`` (pairs of games,
    relation, evidence) into a sqlite-utils ``Database``; PySolFC entries linked by the crosswalk
    that deal another number of packs than the game, and whose row does not say so, become
    findings (``crosswalk-packs``). Returns the links."""
    from .crosswalk import pack_problems

    all_facts = facts(games, sources)
    from .schema import TABLES

    TABLES["game_facts"].create(db)
    TABLES["game_facts"].insert_all(db, (f.as_record() for fs in all_facts.values() for f in fs.values()))
    db["game_facts"].create_index(["game"])
    found = find_links(games, sources, rows, all_facts=all_facts)
    TABLES["links"].create(db)
    TABLES["links"].insert_all(db, (link.as_record() for link in found))
    packs = {k: f["packs"].value for k, f in all_facts.items()
             if "packs" in f and isinstance(f["packs"].value, int)}
    src = {g.key: g.source for g in games}
    problems = pack_problems(rows, packs)
    if problems:
        db["findings"].insert_all({"source": src.get(p.split(":")[0]), "game": p.split(":")[0],
                                   "kind": "crosswalk-packs", "message": p} for p in problems)
    return found
