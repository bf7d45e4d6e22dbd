"""The annotated text the readers share: :class:`Doc`, :class:`Span` and :class:`Token` — the part of
spaCy's interface the project uses, over one token table, with no spaCy behind it.

A :class:`Doc` is made by :func:`pasyans.extract.nlp.doc` from the tokens of
:mod:`pasyans.extract.tokenizer` (spaCy's cuts) and one :class:`~pasyans.extract.nlp.Word` per token
(pymorphy3's analysis, once per word form). Shapes:

* ``Doc``: ``text``, ``len(doc)``, ``doc[i]`` (a :class:`Token`), ``doc[a:b]`` (a :class:`Span`),
  iteration, ``sents`` (spans), ``char_span(a, b, alignment_mode="expand")`` (spaCy's rule: the tokens
  that hold characters ``a`` and ``b - 1``, a token's one trailing space counted as its own; ``None``
  outside the text), :meth:`Doc.column` (one attribute of every token);
* ``Span``: ``start``, ``end`` (token indices of the doc), ``start_char``, ``end_char``, ``text``,
  ``doc``, ``len``, indexing and slicing relative to its start, iteration;
* ``Token``: ``i``, ``idx``, ``text``, ``lower_``, ``lemma_``, ``pos_``, ``tag_``, ``norm_`` (the
  lower-case form unless :meth:`Doc.of_words` gave one; spaCy's own norms of abbreviations such as
  «ул.» → «улица» are not kept: no pattern reads them), ``is_alpha``, ``is_title``, ``is_space``, ``is_punct``, ``like_num``
  (spaCy's Russian or Ukrainian rule, its number words kept in ``pasyans/data/tokenizer.json``),
  ``whitespace_``, and ``tok._`` (the token's :class:`~pasyans.extract.nlp.Word`: ``num``,
  ``ordinal``, ``case``, ``parse`` …).

Values are spaCy's for the same text (``tests/test_tokenizer.py``). A Doc from ``nlp.doc`` is shared:
read it, never set attributes on it.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from functools import lru_cache


@lru_cache(maxsize=2)
def _num_words(lang: str) -> frozenset[str]:
    from .tokenizer import _data

    return frozenset(_data()["num_words"][lang])


def like_num(text: str, lang: str) -> bool:
    """spaCy's ``like_num`` of ``lang`` («12», «1,5», «3/4», «восемь»; Russian also «+5», «50%»)."""
    if lang == "ru":
        if text.startswith(("+", "-", "±", "~")):
            text = text[1:]
        if text.endswith("%"):
            text = text[:-1]
    text = text.replace(",", "").replace(".", "")
    if text.isdigit():
        return True
    if text.count("/") == 1:
        num, denom = text.split("/")
        if num.isdigit() and denom.isdigit():
            return True
    return (text.lower() if lang == "ru" else text) in _num_words(lang)


def is_punct(text: str) -> bool:
    """spaCy's ``is_punct``: every character is Unicode punctuation (category ``P…``)."""
    return all(unicodedata.category(c).startswith("P") for c in text)


class Doc:
    """The tokens of one text (see the module doc). ``forms``, ``starts``: each token's text and
    character offset; ``words``: each token's :class:`~pasyans.extract.nlp.Word`; ``sent_starts``:
    the token indices that begin a sentence, ascending (the first is 0)."""

    def __init__(self, text: str, lang: str, forms: list[str], starts: list[int], words: list,
                 sent_starts: list[int] | None = None):
        self.text, self.lang = text, lang
        self.forms, self.starts, self.words = forms, starts, words
        self.sent_starts = sent_starts if sent_starts is not None else ([0] if forms else [])
        self._columns: dict[str, list] = {}
        self._norms: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.forms)

    def __getitem__(self, i):
        if isinstance(i, slice):
            a, b, _ = i.indices(len(self.forms))
            return Span(self, a, max(a, b))
        n = len(self.forms)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"token {i} of a Doc of {n}")
        return Token(self, i)

    def __iter__(self):
        return (Token(self, i) for i in range(len(self.forms)))

    def end_of(self, i: int) -> int:
        """The character offset just after token ``i``."""
        return self.starts[i] + len(self.forms[i])

    def column(self, attr: str) -> list:
        """One attribute of every token, by spaCy's name: ``ORTH``, ``LOWER``, ``LEMMA``, ``NORM``,
        ``IS_ALPHA``, ``IS_TITLE`` (computed once a Doc)."""
        col = self._columns.get(attr)
        if col is None:
            forms = self.forms
            if attr == "ORTH":
                col = forms
            elif attr == "LOWER":
                col = [f.lower() for f in forms]
            elif attr == "LEMMA":
                col = [w.lemma for w in self.words]
            elif attr == "NORM":
                col = [self._norms.get(i, f) for i, f in enumerate(self.column("LOWER"))]
            elif attr == "IS_ALPHA":
                col = [f.isalpha() for f in forms]
            elif attr == "IS_TITLE":
                col = [f.istitle() for f in forms]
            else:
                raise ValueError(f"no token attribute {attr!r}")
            self._columns[attr] = col
        return col

    @classmethod
    def of_words(cls, forms: list[str], lemmas: list[str], norms: list[str], lang: str = "ru") -> "Doc":
        """A Doc of given tokens (spaCy's ``Doc(vocab, words=forms)`` with ``lemma_`` and ``norm_``
        set), for one matcher run over something that is not a text: ``lemmas``/``norms`` may be
        shorter than ``forms`` (the tokens after them keep the empty lemma and their lower-case
        form as norm, as spaCy's do)."""
        starts, at = [], 0
        for f in forms:
            starts.append(at)
            at += len(f) + 1
        d = cls(" ".join(forms), lang, list(forms), starts, [])
        d._columns["LEMMA"] = list(lemmas) + [""] * (len(forms) - len(lemmas))
        d._norms = dict(enumerate(norms))
        return d

    @property
    def sents(self):
        """The sentences as spans (each from one sentence start to the next)."""
        bounds = self.sent_starts + [len(self.forms)]
        return (Span(self, a, b) for a, b in zip(bounds, bounds[1:]))

    def char_span(self, start_idx: int, end_idx: int, alignment_mode: str = "expand") -> "Span | None":
        """The tokens covering characters ``[start_idx, end_idx)``, as spaCy's ``char_span`` with
        ``alignment_mode="expand"`` (the only mode the project uses; another raises ``ValueError``)."""
        if alignment_mode != "expand":
            raise ValueError(f"alignment mode {alignment_mode!r}: only 'expand' is implemented")
        a, b = self._token_by_char(start_idx), self._token_by_char(end_idx - 1)
        if a < 0 or b < 0:
            return None
        if start_idx == self.end_of(a):
            a += 1  # the trailing space of a token does not start the span
        return Span(self, a, b + 1)

    def _token_by_char(self, c: int) -> int:
        """The token whose characters, with its one trailing space, hold character ``c``; −1: none."""
        n = len(self.forms)
        if not n or c < 0:
            return -1
        i = bisect_right(self.starts, c) - 1
        if i < 0:
            return -1
        end = self.end_of(i)
        if c < end or (c == end and self._spacy(i)):
            return i
        return -1

    def _spacy(self, i: int) -> bool:
        """Whether one space follows token ``i`` as its whitespace (spaCy's ``whitespace_``)."""
        end = self.end_of(i)
        nxt = self.starts[i + 1] if i + 1 < len(self.forms) else len(self.text)
        return nxt > end and self.text[end] == " "


class Span:
    """Tokens ``[start, end)`` of a :class:`Doc` (see the module doc)."""

    __slots__ = ("doc", "start", "end")

    def __init__(self, doc: Doc, start: int, end: int):
        self.doc, self.start, self.end = doc, start, end

    def __len__(self) -> int:
        return self.end - self.start

    def __getitem__(self, i):
        n = self.end - self.start
        if isinstance(i, slice):
            a, b, _ = i.indices(n)
            return Span(self.doc, self.start + a, self.start + max(a, b))
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"token {i} of a Span of {n}")
        return Token(self.doc, self.start + i)

    def __iter__(self):
        doc = self.doc
        return (Token(doc, i) for i in range(self.start, self.end))

    @property
    def start_char(self) -> int:
        return self.doc.starts[self.start] if self.start < len(self.doc) else len(self.doc.text)

    @property
    def end_char(self) -> int:
        return self.doc.end_of(self.end - 1) if self.end > self.start else self.start_char

    @property
    def text(self) -> str:
        return self.doc.text[self.start_char: self.end_char]

    def __repr__(self) -> str:
        return self.text


class Token:
    """Token ``i`` of a :class:`Doc` (see the module doc)."""

    __slots__ = ("doc", "i")

    def __init__(self, doc: Doc, i: int):
        self.doc, self.i = doc, i

    @property
    def text(self) -> str:
        return self.doc.forms[self.i]

    @property
    def idx(self) -> int:
        return self.doc.starts[self.i]

    @property
    def lower_(self) -> str:
        return self.doc.forms[self.i].lower()

    @property
    def norm_(self) -> str:
        norm = self.doc._norms.get(self.i)
        return self.lower_ if norm is None else norm

    @property
    def lemma_(self) -> str:
        return self.doc.words[self.i].lemma

    @property
    def pos_(self) -> str:
        return self.doc.words[self.i].pos

    @property
    def tag_(self) -> str:
        return self.doc.words[self.i].tag

    @property
    def is_alpha(self) -> bool:
        return self.text.isalpha()

    @property
    def is_title(self) -> bool:
        return self.text.istitle()

    @property
    def is_space(self) -> bool:
        return self.text.isspace()

    @property
    def is_punct(self) -> bool:
        return is_punct(self.text)

    @property
    def like_num(self) -> bool:
        return like_num(self.text, self.doc.lang)

    @property
    def whitespace_(self) -> str:
        return " " if self.doc._spacy(self.i) else ""

    @property
    def _(self):
        """The token's :class:`~pasyans.extract.nlp.Word` (spaCy's extension namespace: ``tok._.num`` …)."""
        return self.doc.words[self.i]

    def __len__(self) -> int:
        return len(self.text)

    def __repr__(self) -> str:
        return self.text
