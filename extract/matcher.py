"""Token patterns as data, matched over a :class:`pasyans.extract.textdoc.Doc` (or a span of one):
spaCy's ``Matcher`` patterns and matches, without spaCy.

A pattern is a list of token elements, as spaCy writes them: each a dict of requirements on one
token — ``ORTH``, ``LOWER``, ``LEMMA``, ``NORM`` equal to a string or ``{"IN": [...]}`` /
``{"NOT_IN": [...]}``; ``IS_ALPHA``, ``IS_TITLE`` true or false — and an optional ``OP``: ``"?"``
(zero or one such token), ``"+"`` (one or more), ``"*"`` (any number), ``"!"`` (one token that does
not match). Another key raises :class:`ValueError` when the pattern is added.

``matcher(doclike)`` returns ``(label, start, end)`` for every distinct way a pattern of the label
matches ``[start, end)`` (token indices of the Doc, or of the span when given a span, as spaCy
counts them; no empty match), as spaCy's does (greedy off):
every end, not only the longest. Order: by end, then start, then the order the patterns were added
— the order spaCy gives for patterns without optional elements; where a ``"?"``/``"*"`` pattern
matches, a caller must not rely on the order. Candidate starts come from an index of the first
element's values (a pattern whose first element is optional, or has no value to index, is tried
at every token), and a pattern is tried only in a text holding a value of each of its one-token
elements' ``ORTH``/``LOWER``/``LEMMA``/``NORM`` lists: a text costs one pass plus the patterns its
words can begin.
"""

from __future__ import annotations

ATTRS = ("ORTH", "LOWER", "LEMMA", "NORM", "IS_ALPHA", "IS_TITLE")
OPS = ("1", "?", "+", "*", "!")


class _Element:
    """One token element: ``(attr, kind, value)`` tests (kind ``"eq"``, ``"in"``, ``"not_in"``,
    ``"flag"``) and the operator."""

    __slots__ = ("tests", "op")

    def __init__(self, el: dict):
        tests = []
        for key, value in el.items():
            if key == "OP":
                continue
            if key not in ATTRS:
                raise ValueError(f"token attribute {key!r} in a pattern element: not one of {', '.join(ATTRS)}")
            if key.startswith("IS_"):
                tests.append((key, "flag", bool(value)))
            elif isinstance(value, str):
                tests.append((key, "eq", value))
            elif isinstance(value, dict) and len(value) == 1 and set(value) <= {"IN", "NOT_IN"}:
                (kind, values), = value.items()
                tests.append((key, kind.lower(), frozenset(values)))
            else:
                raise ValueError(f"{key}: {value!r} in a pattern element: a string, IN or NOT_IN list")
        self.tests = tuple(tests)
        self.op = el.get("OP", "1")
        if self.op not in OPS:
            raise ValueError(f"OP {self.op!r} in a pattern element: not one of {', '.join(OPS)}")

    def ok(self, cols: dict[str, list], i: int) -> bool:
        for attr, kind, value in self.tests:
            v = cols[attr][i]
            if kind == "eq" or kind == "flag":
                if v != value:
                    return False
            elif kind == "in":
                if v not in value:
                    return False
            elif v in value:  # not_in
                return False
        return True

    def needs(self) -> list[tuple[str, frozenset[str]]]:
        """``(attr, values)``: for each such pair some token of a text must have one of the values,
        or the element (one token it must match: no ``OP``, or ``+``) cannot match there."""
        if self.op not in ("1", "+"):
            return []
        return [(attr, frozenset([value]) if kind == "eq" else value)
                for attr, kind, value in self.tests if kind in ("eq", "in")]

    def keys(self) -> list[tuple[str, str]] | None:
        """The ``(attr, value)`` pairs one of which a matching token must have (``None``: no
        such list; the element cannot index its pattern's starts)."""
        if self.op not in ("1", "+"):
            return None
        for attr, kind, value in self.tests:
            if kind == "eq":
                return [(attr, value)]
            if kind == "in":
                return [(attr, v) for v in value]
        return None


class Matcher:
    """spaCy-style token patterns under labels (see the module doc)."""

    def __init__(self):
        self._patterns: list[tuple[str, tuple[_Element, ...]]] = []
        self._index: dict[tuple[str, str], list[int]] = {}
        self._everywhere: list[int] = []
        self._attrs: set[str] = set()
        self._needs: list[list[tuple[str, frozenset[str]]]] = []
        self._fixed: list[bool] = []  # every element one token (no OP): matched without recursion

    def add(self, label: str, patterns: list[list[dict]]) -> None:
        """Add ``patterns`` under ``label``. Raises ``ValueError`` for an element it cannot read."""
        for pattern in patterns:
            els = tuple(_Element(el) for el in pattern)
            if not els:
                raise ValueError(f"{label}: an empty pattern")
            k = len(self._patterns)
            self._patterns.append((label, els))
            self._needs.append([need for el in els for need in el.needs()])
            self._fixed.append(all(el.op == "1" for el in els))
            self._attrs.update(attr for el in els for attr, _, _ in el.tests)
            keys = els[0].keys()
            if keys is None:
                self._everywhere.append(k)
            else:
                for key in keys:
                    self._index.setdefault(key, []).append(k)
                    self._attrs.add(key[0])

    def __len__(self) -> int:
        return len({label for label, _ in self._patterns})

    def __call__(self, doclike) -> list[tuple[str, int, int]]:
        doc = getattr(doclike, "doc", doclike)
        lo, hi = (doclike.start, doclike.end) if doclike is not doc else (0, len(doc))
        if hi <= lo or not self._patterns:
            return []
        cols = {attr: doc.column(attr) for attr in self._attrs}
        index, everywhere = self._index, self._everywhere
        have: dict[str, set] = {}  # the values the text has, per attribute asked for
        viable = set()  # the patterns every one of whose needed words occurs in the text
        for k, needs in enumerate(self._needs):
            for attr, values in needs:
                got = have.get(attr)
                if got is None:
                    got = have[attr] = set(cols[attr][lo:hi])
                if got.isdisjoint(values):
                    break
            else:
                viable.add(k)
        if not viable:
            return []
        keyed = [(attr, cols[attr]) for attr in {a for a, _ in index}]
        found: list[tuple[int, int, int]] = []  # (end, start, pattern)
        always = viable.intersection(everywhere)
        starts: dict[int, set[int]] = {i: set(always) for i in range(lo, hi)} if always else {}
        for attr, col in keyed:  # the patterns each token can begin, from the index
            for i in range(lo, hi):
                got = index.get((attr, col[i]))
                if got:
                    got = viable.intersection(got)
                    if got:
                        starts.setdefault(i, set()).update(got)
        patterns, fixed = self._patterns, self._fixed
        for i in sorted(starts):
            for k in starts[i]:
                els = patterns[k][1]
                if fixed[k]:
                    e = i + len(els)
                    if e <= hi and all(el.ok(cols, j) for j, el in enumerate(els, i)):
                        found.append((e, i, k))
                    continue
                for e in self._ends(els, 0, i, cols, hi):
                    if e > i:
                        found.append((e, i, k))
        found.sort()
        out, seen = [], set()
        for e, s, k in found:
            label = self._patterns[k][0]
            if (label, s, e) not in seen:
                seen.add((label, s, e))
                out.append((label, s - lo, e - lo))
        return out

    def _ends(self, els: tuple[_Element, ...], k: int, i: int, cols: dict, hi: int) -> set[int]:
        """The token indices where elements ``els[k:]`` can end when they start at token ``i``."""
        if k == len(els):
            return {i}
        el = els[k]
        op = el.op
        if op == "1":
            return self._ends(els, k + 1, i + 1, cols, hi) if i < hi and el.ok(cols, i) else set()
        if op == "!":
            return self._ends(els, k + 1, i + 1, cols, hi) if i < hi and not el.ok(cols, i) else set()
        out = set() if op == "+" else self._ends(els, k + 1, i, cols, hi)
        j = i
        while j < hi and el.ok(cols, j):  # one, two … such tokens
            j += 1
            out |= self._ends(els, k + 1, j, cols, hi)
            if op == "?":
                break
        return out
