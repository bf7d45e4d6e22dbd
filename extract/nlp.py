"""One NLP set-up for the whole project: tokens, lemmas, parts of speech, numbers and sentences,
computed once per word form and once per text, shared by segmentation, aliases, rules and moves.

What it gives (``lang`` is ``"ru"`` or ``"uk"``; pre-1918 Russian is ``"ru"``):

* :func:`pipeline` — spaCy ``blank(lang)``, one per language and process (tokenizer only: spaCy's
  Russian and Ukrainian pretrained models are not installable; lemmas come from pymorphy3).
* :func:`fold` — a word as pymorphy3 should see it: pre-1918 letters folded (``ѣ``/``ђ`` → ``е``,
  ``і`` → ``и``, ``ѳ`` → ``ф``, ``ѵ`` → ``и``, final ``ъ`` dropped, old endings «-аго»/«-ыя» modernised
  as :mod:`pasyans.extract.orthography` does), apostrophes ``’``/``ʼ`` → ``'``.
* :func:`word` — one :class:`Word` per (form, lang), cached: ``lemma`` (pymorphy3's best parse of the
  folded form, lower case, ``ё`` → ``е``), coarse ``pos`` (``NOUN ADJ VERB NUM PRON ADP CCONJ PART
  ADV X``), pymorphy3's own part of speech ``tag`` (OpenCorpora: ``NOUN``, ``ADJF``, ``INFN``,
  ``NUMR`` …), grammatical ``case`` and the ``num``/``ordinal`` value of a number word.
* :func:`doc` — the annotated spaCy ``Doc`` of a text, cached per (text, lang) so that the same game
  text is tokenised and lemmatised once whoever asks first. Line ends are read as spaces (a pattern
  matches across the book's line breaks) and footnote marks «[6]» as blanks; both keep the length,
  so token offsets (``tok.idx``) index the text as given. Per token: ``lemma_``, ``pos_``, ``tag_``
  (``"NUM"`` for any token with a number value, else pymorphy3's part of speech, ``""`` for spaces
  and punctuation), ``lower_`` (spaCy's), and the extensions ``tok._.num`` (int or ``None``: «8»,
  «восемь», «обидва»), ``tok._.ordinal`` (int or ``None``: «третий», «сьомий»), ``tok._.case``
  (pymorphy3's case: ``"nomn"``, ``"gent"`` … or ``None``) and ``tok._.parse`` (the pymorphy3 parse
  or ``None``). ``doc.sents`` are the sentences of :func:`sentences`.
  **The Doc is shared: read it, never set attributes on it** (make your own arrays keyed by
  ``tok.i``). Extension values live on this Doc: take sentences as spans (``doc[a:b]``, or
  :func:`sents`), not ``Span.as_doc()`` copies, which lose them.
* :func:`sentences` — the project's one sentence splitter, on characters (rules in its docstring).
* :func:`new_matcher` — a :class:`Matcher` (spaCy's, skipping texts none of its patterns can match);
  :func:`load_spacy` — spaCy imported without its command line (reach spaCy through here first).
* :func:`forget` — drop the cached docs (the build calls it after each source; word forms stay).
* :func:`warm` — load the set-up (dictionaries, pipelines) now, before forking workers.

Costs (five bundled texts, 39k tokens): a word form is analysed once per process (pymorphy3[fast]
≈ 30 µs); a token costs one dict look-up; the Doc is filled with ``Doc.from_array``.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .text import tokenizable

if TYPE_CHECKING:  # spaCy is imported only when a Doc is asked for
    from spacy.language import Language
    from spacy.tokens import Doc, Span

LANGUAGES = ("ru", "uk")

NUMBERS = {
    "ru": {"один": 1, "два": 2, "оба": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7,
           "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12,
           "тринадцать": 13, "четырнадцать": 14, "пятнадцать": 15, "шестнадцать": 16,
           "семнадцать": 17, "восемнадцать": 18, "девятнадцать": 19, "двадцать": 20,
           "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60, "семьдесят": 70,
           "восемьдесят": 80, "девяносто": 90, "сто": 100},
    "uk": {"один": 1, "два": 2, "обидва": 2, "три": 3, "чотири": 4, "п'ять": 5, "шість": 6, "сім": 7,
           "вісім": 8, "дев'ять": 9, "десять": 10, "одинадцять": 11, "дванадцять": 12,
           "тринадцять": 13, "чотирнадцять": 14, "п'ятнадцять": 15, "шістнадцять": 16,
           "сімнадцять": 17, "вісімнадцять": 18, "дев'ятнадцять": 19, "двадцять": 20,
           "тридцять": 30, "сорок": 40, "п'ятдесят": 50, "шістдесят": 60, "сімдесят": 70,
           "вісімдесят": 80, "дев'яносто": 90, "сто": 100},
}
"""Cardinal numbers by lemma (``ё`` folded, apostrophes ``'``)."""

ORDINALS = {
    "ru": {"первый": 1, "второй": 2, "третий": 3, "четвертый": 4, "пятый": 5, "шестой": 6,
           "седьмой": 7, "восьмой": 8, "девятый": 9, "десятый": 10},
    "uk": {"перший": 1, "другий": 2, "третій": 3, "четвертий": 4, "п'ятий": 5, "шостий": 6,
           "сьомий": 7, "восьмий": 8, "дев'ятий": 9, "десятий": 10},
}
"""Ordinal numbers by lemma."""

POS = {"ADJF": "ADJ", "ADJS": "ADJ", "PRTF": "ADJ", "PRTS": "ADJ", "COMP": "ADJ", "NUMR": "NUM",
       "NOUN": "NOUN", "VERB": "VERB", "INFN": "VERB", "GRND": "VERB", "NPRO": "PRON",
       "PREP": "ADP", "CONJ": "CCONJ", "PRCL": "PART", "ADVB": "ADV", "PRED": "ADV"}
"""pymorphy3 (OpenCorpora) part of speech → the coarse (Universal Dependencies) one."""

_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'"})
_FOOTNOTE = re.compile(r"\[\d{1,3}\]")


@dataclass(frozen=True)
class Word:
    """What the project knows about one word form: see the module doc. ``parse`` is pymorphy3's
    best parse (``None`` for a form it cannot analyse)."""

    lemma: str
    pos: str
    tag: str
    case: str | None
    num: int | None
    ordinal: int | None
    parse: object = None


def fold(word: str, lang: str = "ru") -> str:
    """``word`` as pymorphy3 should read it: apostrophes made ``'``; for ``"ru"`` also pre-1918
    spelling modernised (letters, final ``ъ``, old endings; see :mod:`pasyans.extract.orthography`).
    Case is kept only where the orthography keeps it; the result is meant for analysis, not display."""
    w = word.translate(_APOSTROPHES)
    if lang == "ru" and _OLD.search(w):
        from .orthography import WORD_RE, modernize_word

        w = WORD_RE.sub(lambda m: modernize_word(m.group()), w)
    return w


_OLD = re.compile(r"[ѣђѢЂіІѳѲѵѴ]|[ъЪ]\b|(?:аго|яго|ыя|ія)\b", re.IGNORECASE)


@lru_cache(maxsize=400_000)
def word(form: str, lang: str = "ru") -> Word:
    """The :class:`Word` of one token form (cached per process). Digits read as their number;
    punctuation and spaces as themselves (``pos`` ``PUNCT``/``SPACE``)."""
    if not form.strip():
        return Word(form, "SPACE", "", None, None, None)
    if form.isdecimal():  # not isdigit(): «¹», «①» are digits int() cannot read
        return Word(form, "NUM", "NUM", None, int(form), None)
    if not any(c.isalnum() for c in form):
        return Word(form, "PUNCT", "", None, None, None)
    from pasyans import morph

    folded = fold(form, lang)
    p = morph.parse(folded, lang)
    if p is None:
        return Word(folded.lower(), "X", "", None, None, None)
    lemma = p.normal_form.replace("ё", "е").translate(_APOSTROPHES)
    tag = p.tag.POS or ""
    pos = POS.get(tag, "X")
    if form.lower().startswith(("полн", "повн")):
        pos = "ADJ"  # pymorphy3 (uk) reads «повні» as the noun «повня»
    num = NUMBERS.get(lang, {}).get(lemma)
    return Word(lemma, pos, "NUM" if num is not None else tag, p.tag.case, num,
                ORDINALS.get(lang, {}).get(lemma), p)


def lemma(form: str, lang: str = "ru") -> str:
    """The lemma of one word form (see :func:`word`)."""
    return word(form, lang).lemma


# --------------------------------------------------------------------------------------------
# Sentences
# --------------------------------------------------------------------------------------------

ABBREVIATIONS = frozenset({
    "см", "с", "т", "д", "п", "е", "г", "гг", "англ", "ред", "рис", "стр", "др", "пр", "напр",
    "примеч", "ул", "л", "вар", "им", "ст", "тд", "ин", "ін", "тис", "№"})
"""Words after which a full stop does not end a sentence («см.», «т. д.», «рис.», «вар.»)."""

_END = re.compile(r"[.!?…]+[»\"“”)’']*(?=\s+[«\"„“(\d♠♥♦♣A-ZА-ЯЁІЇЄҐЂѢѲѴ])")
_WORD_BEFORE = re.compile(r"[^\W\d_]*$")


def is_heading_line(line: str) -> bool:
    """A line that is a heading: all capitals («КАК ИГРАТЬ») or a title in «…» alone."""
    letters = [c for c in line if c.isalpha()]
    if len(letters) < 2:
        return False
    if all(c.isupper() for c in letters):
        return True
    s = line.strip()
    return s.startswith("«") and s.endswith("»")


def sentences(text: str, lang: str = "ru") -> list[tuple[int, int]]:
    """``[start, end)`` character spans of the sentences of ``text``, spaces trimmed.

    * ``.``, ``!``, ``?``, ``…`` (with closing quotes or brackets after them) end a sentence when
      space and a capital, an opening quote or bracket, a digit or a suit symbol follow — not after
      an abbreviation (:data:`ABBREVIATIONS`) or an initial («Э. Ф.»; but «♦Т.» is a card);
    * a line break ends a sentence (a paragraph or a heading), unless the next line starts in
      lower case and the line before is no heading: a sentence broken by a page or column break
      goes on.
    ``lang`` is accepted for symmetry with the rest of the module (the rules are the same).
    """
    cuts: list[int] = []
    for m in _END.finditer(text):
        if m.group()[0] == ".":
            head = text[max(0, m.start() - 12): m.start()]
            w = _WORD_BEFORE.search(head).group(0)
            before = head[-len(w) - 1] if len(head) > len(w) else ""
            if before not in ("♠", "♥", "♦", "♣") and (w.lower() in ABBREVIATIONS or (len(w) == 1 and w.isupper())):
                continue
        cuts.append(m.end())
    pos = 0
    for line in text.split("\n")[:-1]:
        end = pos + len(line)
        rest = text[end + 1:].lstrip()
        if not (rest[:1].islower() and line.strip() and not is_heading_line(line)):
            cuts.append(end)
        pos = end + 1
    out: list[tuple[int, int]] = []
    start = 0
    for cut in sorted(set(cuts)) + [len(text)]:
        a, b = start, cut
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            out.append((a, b))
        start = cut
    return out


# --------------------------------------------------------------------------------------------
# Docs
# --------------------------------------------------------------------------------------------

_EXTENSIONS = ("num", "ordinal", "case", "parse")


def load_spacy():
    """The ``spacy`` package, imported without its command line (call this before any other
    ``import spacy…`` of a process: every module of the project reaches spaCy through here).

    ``spacy/__init__`` imports ``spacy.cli`` (weasel, httpx, a typer app: ≈ 0.35 s CPU of its ≈ 1.2 s)
    only to offer ``spacy.info``, which the project never calls. While the package loads, two
    placeholder modules stand for ``spacy.cli`` and ``spacy.cli.info``; they are removed at once, so a
    later ``import spacy.cli`` loads the real one and ``spacy.info(...)`` still works (it imports it).
    Nothing else changes: the same tokenizer, vocabulary and Matcher classes."""
    import sys

    if "spacy" in sys.modules:
        return sys.modules["spacy"]
    import types

    def info(*args, **kwargs):
        from spacy.cli.info import info as real

        return real(*args, **kwargs)

    cli, cli_info = types.ModuleType("spacy.cli"), types.ModuleType("spacy.cli.info")
    cli_info.info = info
    placed = {"spacy.cli": cli, "spacy.cli.info": cli_info}
    for name, mod in placed.items():
        sys.modules.setdefault(name, mod)
    try:
        import spacy
    finally:
        for name, mod in placed.items():
            if sys.modules.get(name) is mod:
                del sys.modules[name]
    if getattr(spacy, "cli", None) is cli:
        del spacy.cli
    return spacy


def new_matcher(lang: str, any_order: bool = False) -> "Matcher":
    """An empty :class:`Matcher` on the vocabulary of :func:`pipeline` ``(lang)`` (``any_order``: see
    :class:`Matcher`)."""
    return Matcher(pipeline(lang).vocab, any_order)


_REQUIRED_ATTRS = ("ORTH", "LOWER", "LEMMA", "NORM")
"""Token attributes whose values a pattern element can require of some token of the text."""


class Matcher:
    """spaCy's ``Matcher`` (same ``add``, same call, same matches in the same order) that first checks
    whether any of its patterns can match the text at all, and returns ``[]`` at once when none can.

    A pattern can match only where, for each of its elements that must match one token (no ``OP``,
    or ``"+"``), some token of the text has the value the element asks of its ``ORTH``, ``LOWER``,
    ``LEMMA`` or ``NORM`` (a string, or one of an ``IN`` list; ``LOWER`` values are compared lower-cased
    too). Other attributes and predicates are not checked (the real Matcher then decides). The check is
    one ``to_array`` of those four attributes: most lines and clauses hold no cue word, and spaCy's
    ``IN`` predicates cost a Python call per token and pattern.

    ``any_order=True`` (for callers that do not read the order of the matches): a text is matched
    against only the patterns that can match it (a Matcher of them, kept per set of patterns), which
    finds the same matches, in an order that may differ from the whole Matcher's."""

    def __init__(self, vocab, any_order: bool = False):
        from spacy.matcher import Matcher as SpacyMatcher

        self.vocab = vocab
        self.any_order = any_order
        self._matcher = SpacyMatcher(vocab)
        self._needs: list[list[tuple[int, frozenset[int]]]] = []
        self._added: list[tuple[object, list[dict], dict]] = []
        self._subsets: dict[tuple[int, ...], object] = {}
        self._always: list[int] = []  # the patterns with no requirement (any: always run the Matcher)
        self._trigger: list[dict[int, list[int]]] = [{} for _ in _REQUIRED_ATTRS]
        """Per attribute, a value → the patterns whose first requirement it meets (each pattern
        is looked at only when the text has one of these values)."""

    def add(self, key, patterns, **kwargs) -> None:
        self._matcher.add(key, patterns, **kwargs)
        self._subsets.clear()
        for pattern in patterns:
            needs = self._requirements(pattern)
            i = len(self._needs)
            if not needs:
                self._always.append(i)
            else:
                k, values = needs[0]
                for v in values:
                    self._trigger[k].setdefault(v, []).append(i)
            self._needs.append(needs)
            self._added.append((key, pattern, kwargs))

    def _requirements(self, pattern: list[dict]) -> list[tuple[int, frozenset[int]]]:
        add = self.vocab.strings.add
        out = []
        for el in pattern:
            if el.get("OP", "1") not in ("1", "+"):
                continue
            for k, attr in enumerate(_REQUIRED_ATTRS):
                value = el.get(attr)
                if isinstance(value, dict):
                    if set(value) != {"IN"}:
                        continue
                    values = value["IN"]
                elif isinstance(value, str):
                    values = [value]
                else:
                    continue
                if not all(isinstance(v, str) for v in values):
                    continue
                words = set(values) | ({v.lower() for v in values} if attr == "LOWER" else set())
                out.append((k, frozenset(add(v) for v in words)))
        return out

    def can_match(self, doclike) -> bool:
        """Whether some pattern might match ``doclike`` (``False``: none can)."""
        return bool(self._always) or bool(self._viable(doclike))

    def _viable(self, doclike) -> tuple[int, ...]:
        """The indices of the patterns (in the order added) that might match ``doclike``."""
        if not len(doclike):
            return ()
        from spacy.attrs import LEMMA, LOWER, NORM, ORTH

        doc = getattr(doclike, "doc", doclike)
        if "pasyans.table" in doc.user_data:  # a shared Doc of doc(): never changed, its columns kept
            cols = doc.user_data.get("pasyans.columns")
            if cols is None:
                arr = doc.to_array([ORTH, LOWER, LEMMA, NORM])
                cols = doc.user_data["pasyans.columns"] = [arr[:, k].tolist() for k in range(len(_REQUIRED_ATTRS))]
            a, b = (doclike.start, doclike.end) if doc is not doclike else (0, len(doc))
            have = [set(col[a:b]) for col in cols]
        else:
            arr = doclike.to_array([ORTH, LOWER, LEMMA, NORM])
            have = [set(arr[:, k].tolist()) for k in range(len(_REQUIRED_ATTRS))]
        cands = set(self._always)
        for k, trigger in enumerate(self._trigger):
            for v in have[k].intersection(trigger):
                cands.update(trigger[v])
        needs = self._needs
        return tuple(i for i in sorted(cands) if all(not have[k].isdisjoint(vals) for k, vals in needs[i]))

    def __call__(self, doclike, **kwargs):
        if not self.any_order:
            return self._matcher(doclike, **kwargs) if self.can_match(doclike) else []
        viable = self._viable(doclike)
        if not viable:
            return []
        if len(viable) == len(self._needs):
            return self._matcher(doclike, **kwargs)
        sub = self._subsets.get(viable)
        if sub is None:
            from spacy.matcher import Matcher as SpacyMatcher

            sub = SpacyMatcher(self.vocab)
            for i in viable:
                key, pattern, kw = self._added[i]
                sub.add(key, [pattern], **kw)
            if len(self._subsets) < 1024:
                self._subsets[viable] = sub
        return sub(doclike, **kwargs)

    def __len__(self) -> int:
        return len(self._matcher)


@lru_cache(maxsize=2)
def pipeline(lang: str) -> "Language":
    """spaCy ``blank(lang)`` for ``"ru"`` or ``"uk"`` (one per process; ≈ 1 s to load spaCy the
    first time, through :func:`load_spacy`). Raises ``ValueError`` for another language."""
    if lang not in LANGUAGES:
        raise ValueError(f"no NLP set-up for language {lang!r}")
    spacy = load_spacy()
    from spacy.tokens import Token

    for name in _EXTENSIONS:
        if not Token.has_extension(name):
            Token.set_extension(name, getter=_getter(name))
    nlp = spacy.blank(lang)
    _set_lookup(nlp.vocab.lex_attr_getters)
    return nlp


def _set_lookup(getters: dict) -> None:
    """spaCy's ``like_num`` of Russian and Ukrainian tests a word against a *list* of ≈ 1,000 number
    words (≈ 45 µs a new word form, a fifth of the tokenizer's cost on new text): the same function
    (its code unchanged) is given a frozenset of the same words instead, so each test is one hash."""
    import types

    from spacy.attrs import LIKE_NUM

    f = getters.get(LIKE_NUM)
    code = getattr(f, "__code__", None)
    if code is None or "_num_words" not in code.co_names or not isinstance(f.__globals__.get("_num_words"), list):
        return
    env = dict(f.__globals__, _num_words=frozenset(f.__globals__["_num_words"]))
    getters[LIKE_NUM] = types.FunctionType(code, env, f.__name__, f.__defaults__, f.__closure__)


def warm(langs: tuple[str, ...] = LANGUAGES) -> None:
    """Load the set-up of ``langs`` now (pymorphy3's dictionaries, the spaCy pipelines: ≈ 0.5 s
    CPU for both languages), e.g. before forking worker processes that would each load it."""
    from pasyans import morph

    for lang in langs:
        morph.analyzer(lang)
        pipeline(lang)


def _getter(name: str):
    def get(tok):
        words = tok.doc.user_data.get("pasyans.words")
        return getattr(words[tok.i], name) if words is not None else None
    return get


_DOCS: "OrderedDict[tuple[str, str], Doc]" = OrderedDict()
_MAX_DOCS = 512


def doc(text: str, lang: str = "ru") -> "Doc":
    """The annotated, shared ``Doc`` of ``text`` (see the module doc), cached per (text, lang).
    Raises ``ValueError`` for a language other than ``"ru"``/``"uk"``."""
    key = (lang, text)
    d = _DOCS.get(key)
    if d is not None:
        _DOCS.move_to_end(key)
        return d
    d = _annotate(text, lang)
    _DOCS[key] = d
    if len(_DOCS) > _MAX_DOCS:
        _DOCS.popitem(last=False)
    return d


_NOT_START = 0xFFFFFFFFFFFFFFFF
"""``SENT_START`` −1 (not a sentence start) as the unsigned 64-bit value ``Doc.from_array`` reads."""


def _annotate(text: str, lang: str) -> "Doc":
    nlp = pipeline(lang)
    import numpy
    from spacy.attrs import IDX, LEMMA, ORTH, POS as POS_ATTR, SENT_START, TAG

    flat = _FOOTNOTE.sub(lambda m: " " * len(m.group()), tokenizable(text).replace("\n", " "))
    d = nlp.make_doc(flat)
    starts = {a for a, _b in sentences(text, lang)}
    known = _FORMS[lang]
    strings = nlp.vocab.strings
    forms, idxs, words, rows = [], [], [], []
    first = True
    # one pass over the token ids: each form's analysis and its three strings' ids, once per
    # process and form (:data:`_FORMS`); the sentence start
    for orth, idx in d.to_array([ORTH, IDX]).tolist() if len(d) else ():
        got = known.get(orth)
        if got is None:
            form = strings[orth]
            w = word(form, lang)
            got = known[orth] = (form, w, (strings.add(w.lemma), strings.add(w.pos), strings.add(w.tag)))
        form, w, row = got
        forms.append(form)
        idxs.append(idx)
        words.append(w)
        if first or idx in starts:
            rows.append((*row, 1))
            first = first and w.pos == "SPACE"
        else:
            rows.append((*row, _NOT_START))
    if rows:
        d.from_array([LEMMA, POS_ATTR, TAG, SENT_START], numpy.array(rows, dtype="uint64").reshape(len(rows), 4))
    d.user_data["pasyans.words"] = words
    d.user_data["pasyans.table"] = (forms, idxs, words)
    d.user_data["pasyans.text"] = text
    return d


_FORMS: dict[str, dict[int, tuple]] = {lang: {} for lang in LANGUAGES}
"""Per language: a token form's string id → the form, its :class:`Word` and the ids of its lemma,
part of speech and tag strings (the pipeline's string store keeps the ids for the process)."""


def token_table(d: "Doc") -> tuple[list[str], list[int], list[Word]]:
    """``(forms, starts, words)`` of a Doc from :func:`doc`: each token's text, its character
    offset (``tok.idx``) and its :class:`Word` (spaces are tokens too: ``pos`` ``"SPACE"``), as
    lists indexed by ``tok.i`` — the same values as reading the tokens, without making them.
    The lists are shared: read them, never change them."""
    return d.user_data["pasyans.table"]


def sents(d: "Doc") -> list["Span"]:
    """The sentences of a Doc from :func:`doc` as spans, spaces trimmed (same as :func:`sentences`)."""
    out = []
    for s in d.sents:
        a, b = s.start, s.end
        while a < b and d[a].is_space:
            a += 1
        while b > a and d[b - 1].is_space:
            b -= 1
        if b > a:
            out.append(d[a:b])
    return out


def forget() -> None:
    """Drop every cached Doc (word forms stay cached). Call between independent sources."""
    _DOCS.clear()
