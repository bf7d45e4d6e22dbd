"""Cue phrases found in a text: word classes and token patterns read from data, one small matcher.

Data (``phrasings/words.toml``, ``phrasings/cues.toml``):

* a **word class** is a name in capitals with ``lemmas`` (the token's lemma is one of them),
  ``forms`` (its lower-case form is one of them) and ``stems`` (its lower-case form starts with one
  of them), less ``not_forms``: ``[UP] stems = ["восходя", "висхідн"]``;
* a **cue** is a label with patterns, each a string of token elements separated by spaces:

  ====================  ===========================================================
  ``KOLODA``             a token of word class ``KOLODA`` (or a built-in class: ``NUM``
                         a number, ``ORD`` an ordinal, ``ADJ`` ``NOUN`` ``VERB`` ``ADV``
                         ``ADP`` ``PRON`` parts of speech, ``PUNCT``, ``ALPHA``, ``ANY``)
  ``по``                 a token whose lemma is «по»
  ``"масти"``            a token whose lower-case form is «масти»
  ``case:ablt``          a token in the instrumental case (pymorphy3's case names)
  ``a|B``  ``A&B``  ``~A``   either, both, not
  ``X?`` ``X*`` ``X+`` ``X{0,2}``   how many such tokens
  ====================  ===========================================================

Matching works on a text's tokens (spaces dropped) within one sentence: for every start where the
first element can match, the longest match of each pattern is kept, then spans inside a longer span
of the same label are dropped. A token's features (classes, lemma, form, part of speech, case) are
computed once per token; candidate starts come from an index of features, so a text costs one pass
plus the matches themselves (no Python predicate per token and pattern, as spaCy's ``REGEX``/``IN``
predicates cost). A pattern is tried only where every feature its matches need (a word, a lemma, a
class or a case of a required element) occurs, and only at starts that such a token follows within
the sentence: patterns that begin with «на», «в», «по» or a number are not run at each of them.

Errors: an unknown word class or a malformed element raises :class:`PhrasingError` naming the cue
and the element, when the data is loaded.
"""

from __future__ import annotations

import re
import tomllib
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Iterable

BUILTIN = ("NUM", "ORD", "CAP", "ADJ", "NOUN", "VERB", "ADV", "ADP", "PRON", "CCONJ", "PART", "PUNCT", "ALPHA", "ANY")


class PhrasingError(ValueError):
    """A phrasing data file that cannot be read (names the file, the row and what is wrong)."""


def _data(name: str) -> dict:
    text = resources.files("pasyans.extract.rules").joinpath("phrasings", name).read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PhrasingError(f"phrasings/{name}: {e}") from None


# --------------------------------------------------------------------------------------------
# Word classes
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WordClass:
    """One class of words: see the module doc."""

    name: str
    lemmas: frozenset[str]
    forms: frozenset[str]
    stems: tuple[str, ...]
    not_forms: frozenset[str]

    def has(self, lower: str, lemma: str) -> bool:
        if lower in self.not_forms:
            return False
        return lemma in self.lemmas or lower in self.forms or lower.startswith(self.stems)


@lru_cache(maxsize=1)
def word_classes() -> dict[str, WordClass]:
    """Every word class of ``phrasings/words.toml``, by name."""
    out = {}
    for name, row in _data("words.toml").items():
        if not re.fullmatch(r"[A-Z][A-Z0-9_]*", name) or name in BUILTIN:
            raise PhrasingError(f"phrasings/words.toml: bad class name {name!r}")
        bad = set(row) - {"lemmas", "forms", "stems", "not_forms", "note"}
        if bad:
            raise PhrasingError(f"phrasings/words.toml [{name}]: unknown keys {sorted(bad)}")
        spaced = [w for k in ("lemmas", "forms", "stems", "not_forms") for w in row.get(k, []) if " " in w]
        if spaced:
            raise PhrasingError(f"phrasings/words.toml [{name}]: one word per entry, not {spaced}")
        out[name] = WordClass(name, frozenset(row.get("lemmas", [])), frozenset(row.get("forms", [])),
                              tuple(row.get("stems", [])), frozenset(row.get("not_forms", [])))
    return out


@lru_cache(maxsize=1)
def _class_index() -> tuple[dict, dict, dict, dict, int]:
    """Lookup tables of the word classes: lemma → classes, form → classes, stem → classes,
    excluded form → classes, and the longest stem."""
    by_lemma: dict[str, set[str]] = {}
    by_form: dict[str, set[str]] = {}
    by_stem: dict[str, set[str]] = {}
    banned: dict[str, set[str]] = {}
    for c in word_classes().values():
        for w in c.lemmas:
            by_lemma.setdefault(w, set()).add(c.name)
        for w in c.forms:
            by_form.setdefault(w, set()).add(c.name)
        for w in c.stems:
            by_stem.setdefault(w, set()).add(c.name)
        for w in c.not_forms:
            banned.setdefault(w, set()).add(c.name)
    longest = max((len(w) for w in by_stem), default=0)
    return by_lemma, by_form, by_stem, banned, longest


_CLASS_CACHE: dict[tuple[str, str], frozenset[str]] = {}


def classes_of(lower: str, lemma: str) -> frozenset[str]:
    """Names of the word classes a token (lower-case form, lemma) belongs to (cached per pair; a
    form is looked up by its prefixes, not tested against every class)."""
    key = (lower, lemma)
    got = _CLASS_CACHE.get(key)
    if got is None:
        by_lemma, by_form, by_stem, banned, longest = _class_index()
        names = set(by_lemma.get(lemma, ())) | by_form.get(lower, set())
        for n in range(1, min(len(lower), longest) + 1):
            names |= by_stem.get(lower[:n], set())
        names -= banned.get(lower, set())
        got = frozenset(names)
        if len(_CLASS_CACHE) < 500_000:
            _CLASS_CACHE[key] = got
    return got


# --------------------------------------------------------------------------------------------
# Patterns
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Element:
    """One token element: ``alts`` — each a pair (features all required, features none allowed)."""

    alts: tuple[tuple[frozenset[str], frozenset[str]], ...]
    low: int
    high: int

    def match(self, feats: frozenset[str]) -> bool:
        for need, ban in self.alts:
            if need <= feats and not (ban & feats):
                return True
        return False


def _rarity(feature: str) -> tuple[int, str]:
    """Which feature of an element indexes fewest tokens: a form, a lemma, a class, then the rest."""
    order = {"W": 0, "L": 1, "C": 2}
    return order.get(feature[:1], 3) if feature[1:2] == ":" else (4 if feature not in ("ALPHA", "ANY") else 5), feature


@dataclass(frozen=True)
class Pattern:
    label: str
    elements: tuple[Element, ...]
    source: str

    @property
    def first_keys(self) -> tuple[str, ...] | None:
        """One required feature of each alternative of the first element (``None``: any token)."""
        keys = []
        for need, _ in self.elements[0].alts:
            if not need:
                return None
            keys.append(min(need, key=_rarity))
        return tuple(keys)

    @property
    def must(self) -> tuple[str, ...]:
        """Features some token of every match has: each required feature of a required element
        with one alternative (a form, a lemma, a class or a case; not a part of speech)."""
        out: list[str] = []
        for el in self.elements:
            if el.low >= 1 and len(el.alts) == 1:
                out.extend(f for f in sorted(el.alts[0][0]) if f[1:2] == ":" or f.startswith("case:"))
        return tuple(dict.fromkeys(out))


_QUANT = re.compile(r"^(.*?)(\?|\*|\+|\{(\d+)(?:,(\d+))?\})?$")


def _feature(atom: str, label: str, classes: dict[str, WordClass]) -> str:
    if atom.startswith('"') and atom.endswith('"') and len(atom) > 2:
        return "W:" + atom[1:-1]
    if '"' in atom:
        raise PhrasingError(f"phrasings/cues.toml [{label}]: unbalanced quote in {atom!r}")
    if atom.startswith("case:"):
        return atom
    if re.fullmatch(r"[A-Z][A-Z0-9_]*", atom):
        if atom in BUILTIN:
            return atom
        if atom not in classes:
            raise PhrasingError(f"phrasings/cues.toml [{label}]: unknown word class {atom!r}")
        return "C:" + atom
    if atom and atom == atom.lower() and not any(c in atom for c in " |&~{}"):
        return "L:" + atom
    raise PhrasingError(f"phrasings/cues.toml [{label}]: bad element {atom!r}")


def compile_pattern(label: str, text: str, classes: dict[str, WordClass] | None = None) -> Pattern:
    """One pattern string (module doc) as a :class:`Pattern`; ``PhrasingError`` if malformed."""
    classes = word_classes() if classes is None else classes
    elements = []
    for raw in text.split():
        m = _QUANT.match(raw)
        body, q = m.group(1), m.group(2)
        low, high = 1, 1
        if q == "?":
            low, high = 0, 1
        elif q == "*":
            low, high = 0, 99
        elif q == "+":
            low, high = 1, 99
        elif q:
            low = int(m.group(3))
            high = int(m.group(4)) if m.group(4) is not None else (low if "," not in q else 99)
        alts = []
        for alt in body.split("|"):
            need, ban = set(), set()
            for atom in alt.split("&"):
                if atom.startswith("~"):
                    ban.add(_feature(atom[1:], label, classes))
                else:
                    need.add(_feature(atom, label, classes))
            alts.append((frozenset(need), frozenset(ban)))
        if not alts:
            raise PhrasingError(f"phrasings/cues.toml [{label}]: empty element in {text!r}")
        elements.append(Element(tuple(alts), low, high))
    if not elements or elements[0].low == 0:
        raise PhrasingError(f"phrasings/cues.toml [{label}]: a pattern must start with a required element: {text!r}")
    return Pattern(label, tuple(elements), text)


@dataclass(frozen=True)
class Cue:
    """A cue label: its patterns and the example sentences that must contain it."""

    label: str
    patterns: tuple[Pattern, ...]
    examples: tuple[str, ...]
    note: str


@lru_cache(maxsize=1)
def cues() -> dict[str, Cue]:
    """Every cue of ``phrasings/cues.toml``, by label."""
    classes = word_classes()
    out = {}
    for label, row in _data("cues.toml").items():
        bad = set(row) - {"patterns", "examples", "note"}
        if bad:
            raise PhrasingError(f"phrasings/cues.toml [{label}]: unknown keys {sorted(bad)}")
        pats = tuple(compile_pattern(label, p, classes) for p in row.get("patterns", []))
        if not pats:
            raise PhrasingError(f"phrasings/cues.toml [{label}]: no patterns")
        out[label] = Cue(label, pats, tuple(row.get("examples", [])), row.get("note", ""))
    return out


class _Step:
    """One element of a pattern as :func:`find` runs it: how many tokens (``low``, ``high``) and
    whether a token's feature set matches, remembered per set in ``seen`` (tokens alike share one
    set: see :func:`pasyans.extract.rules.tokens.features`; equal elements of different patterns
    share one step, so one answer serves them all). :func:`_end` reads ``seen`` itself and calls
    :meth:`test` only for a set not seen yet."""

    __slots__ = ("low", "high", "_match", "seen")

    def __init__(self, el: Element):
        self.low, self.high, self._match = el.low, el.high, el.match
        self.seen: dict[frozenset[str], bool] = {}

    def test(self, feats: frozenset[str]) -> bool:
        r = self.seen[feats] = self._match(feats)
        return r

    def __call__(self, feats: frozenset[str]) -> bool:
        r = self.seen.get(feats)
        return self.test(feats) if r is None else r


@dataclass(frozen=True)
class _Plan:
    """The patterns of :func:`cues` laid out for :func:`find`, made once: ``rows`` in table order
    (label, steps, first keys, must features, fixed length or ``None``, longest match in tokens,
    the next keys: one required feature of each alternative of the second element when the first
    takes exactly one token and the second at least one, so that a match's second token has one
    of them — else ``None``),
    ``triggers`` a feature →
    the rows that can match only where it occurs (the rarest :attr:`~Pattern.must` feature, else
    each of the first keys), ``rank`` each label's place in the table."""

    rows: tuple[tuple[str, tuple[_Step, ...], tuple[str, ...], frozenset[str], int | None, int,
                      tuple[str, ...] | None], ...]
    triggers: dict[str, tuple[int, ...]]
    rank: dict[str, int]


@lru_cache(maxsize=1)
def _plan() -> _Plan:
    rows, triggers = [], {}
    steps: dict[Element, _Step] = {}   # equal elements share one step (and its answers)
    table = cues()
    for label, cue in table.items():
        for pat in cue.patterns:
            first, must = pat.first_keys or (), frozenset(pat.must)
            fixed = len(pat.elements) if all(el.low == el.high == 1 for el in pat.elements) else None
            keys = (min(must, key=_rarity),) if must else (first or ("ANY",))
            for key in dict.fromkeys(keys):
                triggers.setdefault(key, []).append(len(rows))
            longest_match = sum(el.high for el in pat.elements)
            row_steps = tuple(steps.setdefault(el, _Step(el)) for el in pat.elements)
            rows.append((label, row_steps, first, must, fixed, longest_match, _next_keys(pat)))
    return _Plan(tuple(rows), {k: tuple(v) for k, v in triggers.items()}, {label: k for k, label in enumerate(table)})


def _next_keys(pat: Pattern) -> tuple[str, ...] | None:
    """One required feature of each alternative of ``pat``'s second element, when its first element
    takes exactly one token and its second at least one (a match's second token then has one of
    them); ``None`` otherwise."""
    els = pat.elements
    if len(els) < 2 or els[0].low != 1 or els[0].high != 1 or els[1].low < 1:
        return None
    keys = []
    for need, _ in els[1].alts:
        if not need:
            return None
        keys.append(min(need, key=_rarity))
    return tuple(dict.fromkeys(keys))


def _starts(first: tuple[str, ...], must: frozenset[str], index: dict[str, list[int]], n: int, stops: list[int],
            reach: int = 1 << 30):
    """The tokens a match may start at: those having a feature of its first element (``first``:
    one per alternative; empty: any token), less those after which (within the sentence and
    ``reach`` tokens, the longest match) no token has the rarest of the ``must`` features — a match
    needs one, so the result is the same, the search much shorter."""
    anchor = min((index[f] for f in must), key=len) if must else None  # find() checked they occur
    if not first:
        starts = range(n)
    elif len(first) == 1:
        starts = index.get(first[0], ())
    else:
        starts = set()
        for key in first:
            starts.update(index.get(key, ()))
    if anchor is None:
        return starts
    out = []
    last = anchor[-1]
    for s in starts:
        if s > last:
            continue
        j = bisect_left(anchor, s)
        if anchor[j] < stops[s] and anchor[j] < s + reach:
            out.append(s)
    return out


def _end(steps: tuple[_Step, ...], feats: list[frozenset[str]], start: int, stop: int) -> int | None:
    """The largest end of a match of ``steps`` starting at ``start`` and ending by ``stop``, or
    ``None`` (a pattern whose every element matches exactly one token is matched inline by :func:`find`)."""
    here = [start]   # the ends reached so far (distinct)
    for step in steps:
        low, high, seen = step.low, step.high, step.seen
        nxt: list[int] = []
        for p in here:
            if low == 0:
                nxt.append(p)
            q = p
            while q - p < high and q < stop:
                fs = feats[q]
                r = seen.get(fs)
                if r is None:
                    r = step.test(fs)
                if not r:
                    break
                q += 1
                if q - p >= low:
                    nxt.append(q)
        if not nxt:
            return None
        here = nxt if len(here) == 1 else list(set(nxt))
    return max(here)


def find(feats: list[frozenset[str]], stops: list[int], labels: Iterable[str] | None = None
         ) -> dict[str, list[tuple[int, int]]]:
    """Cue spans of a token list: label → ``[(start, end), …]`` (token indices, end exclusive),
    the longest per start, spans inside a longer one of the same label dropped; labels in the
    order of ``phrasings/cues.toml``.

    ``feats``: each token's features (see :func:`pasyans.extract.rules.tokens.features`);
    ``stops``: for each token, the end of its sentence (a match never crosses it); ``labels``:
    only these cues (default all)."""
    by_set: dict[frozenset[str], list[int]] = {}
    for i, fs in enumerate(feats):  # tokens alike share one feature set: index each set once
        got = by_set.get(fs)
        if got is None:
            by_set[fs] = [i]
        else:
            got.append(i)
    index: dict[str, list[int]] = {}
    for fs, where in by_set.items():
        for f in fs:
            got = index.get(f)
            if got is None:
                index[f] = list(where)
            else:
                got.extend(where)
    for lst in index.values():
        lst.sort()
    plan = _plan()
    present = index.keys()
    labels = None if labels is None else [cues()[label].label for label in labels]  # KeyError: no such cue
    wanted = None if labels is None else set(labels)
    triggers = plan.triggers
    rows = sorted({r for f in (present & triggers.keys()) for r in triggers[f]})
    found: dict[str, list[tuple[int, int]]] = {}
    followers: dict[tuple[str, ...], set[int]] = {}   # next keys → the tokens followed by one with such a feature
    n = len(feats)
    for r in rows:
        label, elements, first, must, fixed, reach, nxt = plan.rows[r]
        if (wanted is not None and label not in wanted) or not present >= must:
            continue  # a feature every match needs occurs nowhere
        starts = _starts(first, must, index, n, stops, reach)
        if nxt is not None and starts:  # a match's second token has one of these features
            second = followers.get(nxt)
            if second is None:
                second = followers[nxt] = {i - 1 for k in nxt for i in index.get(k, ())}
            starts = [s for s in starts if s in second]
        if fixed is not None:  # every element one token: matched here, most starts fail at once
            for s in starts:
                if s + fixed > stops[s]:
                    continue
                q = s
                for step in elements:
                    fs = feats[q]
                    r = step.seen.get(fs)
                    if r is None:
                        r = step.test(fs)
                    if not r:
                        break
                    q += 1
                else:
                    found.setdefault(label, []).append((s, q))
            continue
        for s in starts:
            e = _end(elements, feats, s, stops[s])
            if e is not None and e > s:
                found.setdefault(label, []).append((s, e))
    order = plan.rank if labels is None else {label: k for k, label in enumerate(labels)}
    return {label: longest(found[label]) for label in sorted(found, key=order.__getitem__)}


def longest(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop spans inside a longer span (and the shorter of two overlapping ones), in text order."""
    spans = sorted(set(spans), key=lambda x: (x[0], -(x[1] - x[0])))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and s >= out[-1][0] and e <= out[-1][1]:
            continue
        if out and s < out[-1][1]:
            if e - s > out[-1][1] - out[-1][0]:
                out[-1] = (s, e)
            continue
        out.append((s, e))
    return out
