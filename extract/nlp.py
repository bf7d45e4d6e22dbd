"""One NLP set-up for the whole project: tokens, lemmas, parts of speech, numbers and sentences,
computed once per word form and once per text, shared by segmentation, aliases, rules and moves.

What it gives (``lang`` is ``"ru"`` or ``"uk"``; pre-1918 Russian is ``"ru"``):

* :func:`fold` — a word as pymorphy3 should see it: pre-1918 letters folded (``ѣ``/``ђ`` → ``е``,
  ``і`` → ``и``, ``ѳ`` → ``ф``, ``ѵ`` → ``и``, final ``ъ`` dropped, old endings «-аго»/«-ыя» modernised
  as :mod:`pasyans.extract.orthography` does), apostrophes ``’``/``ʼ`` → ``'``.
* :func:`word` — one :class:`Word` per (form, lang), cached: ``lemma`` (pymorphy3's best parse of the
  folded form, lower case, ``ё`` → ``е``), coarse ``pos`` (``NOUN ADJ VERB NUM PRON ADP CCONJ PART
  ADV X``), pymorphy3's own part of speech ``tag`` (OpenCorpora: ``NOUN``, ``ADJF``, ``INFN``,
  ``NUMR`` …), grammatical ``case`` and the ``num``/``ordinal`` value of a number word.
* :func:`doc` — the annotated :class:`~pasyans.extract.textdoc.Doc` of a text (spaCy's interface,
  the part the project uses, with no spaCy behind it: tokens cut by :mod:`pasyans.extract.tokenizer`
  exactly as spaCy's blank ``ru``/``uk`` tokenizers cut them), cached per (text, lang) so that the
  same game text is tokenised and lemmatised once whoever asks first. Line ends are read as spaces
  (a pattern matches across the book's line breaks) and footnote marks «[6]» as blanks; both keep
  the length, so token offsets (``tok.idx``) index the text as given. Per token: ``lemma_``,
  ``pos_``, ``tag_`` (``"NUM"`` for any token with a number value, else pymorphy3's part of speech,
  ``""`` for spaces and punctuation), ``lower_``, and ``tok._.num`` (int or ``None``: «8»,
  «восемь», «обидва»), ``tok._.ordinal`` (int or ``None``: «третий», «сьомий»), ``tok._.case``
  (pymorphy3's case: ``"nomn"``, ``"gent"`` … or ``None``) and ``tok._.parse`` (the pymorphy3 parse
  or ``None``). ``doc.sents`` are the sentences of :func:`sentences`.
  **The Doc is shared: read it, never change it** (make your own arrays keyed by ``tok.i``); take
  sentences as spans (``doc[a:b]``, or :func:`sents`).
* :func:`token_table` — the same tokens as three lists (forms, offsets, words), without token objects.
* :func:`sentences` — the project's one sentence splitter, on characters (rules in its docstring).
* :func:`new_matcher` — a :class:`pasyans.extract.matcher.Matcher` (spaCy's ``Matcher`` patterns).
* :func:`forget` — drop the cached docs (the build calls it after each source; word forms stay).
* :func:`warm` — load the set-up (dictionaries, tokenizer rules) now, before forking workers.

No spaCy is imported: a build reads every text without it (≈ 1 s of start-up less).

Costs (five bundled texts, 39k tokens): a word form is analysed once per process (pymorphy3[fast]
≈ 30 µs); a token costs one dict look-up (its form's :class:`Word`).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .text import tokenizable

if TYPE_CHECKING:
    from .matcher import Matcher
    from .textdoc import Doc, Span

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
           "седьмой": 7, "восьмой": 8, "девятый": 9, "десятый": 10, "одиннадцатый": 11, "двенадцатый": 12,
           "тринадцатый": 13, "четырнадцатый": 14, "пятнадцатый": 15, "шестнадцатый": 16, "семнадцатый": 17,
           "восемнадцатый": 18, "девятнадцатый": 19, "двадцатый": 20},
    "uk": {"перший": 1, "другий": 2, "третій": 3, "четвертий": 4, "п'ятий": 5, "шостий": 6,
           "сьомий": 7, "восьмий": 8, "дев'ятий": 9, "десятий": 10, "одинадцятий": 11, "дванадцятий": 12,
           "тринадцятий": 13, "чотирнадцятий": 14, "п'ятнадцятий": 15, "шістнадцятий": 16, "сімнадцятий": 17,
           "вісімнадцятий": 18, "дев'ятнадцятий": 19, "двадцятий": 20},
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

def new_matcher() -> "Matcher":
    """An empty :class:`pasyans.extract.matcher.Matcher` (spaCy's patterns, no spaCy)."""
    from .matcher import Matcher

    return Matcher()


def warm(langs: tuple[str, ...] = LANGUAGES) -> None:
    """Load the set-up of ``langs`` now (pymorphy3's dictionaries, the tokenizer's rules), e.g.
    before forking worker processes that would each load it."""
    from pasyans import morph

    from .tokenizer import rules

    for lang in langs:
        morph.analyzer(lang)
        rules(lang)


_DOCS: "OrderedDict[tuple[str, str], Doc]" = OrderedDict()
_MAX_DOC_CHARS = 4_000_000
"""The cached docs hold at most this many characters of text, the least recently used dropped first:
a source's whole reading (a file is at most 1,000,000 characters; its games, their sections and
examples are texts of their own) stays cached until :func:`forget`, however many games it has. A
bound by count (512 docs) dropped every game's doc of a source of a thousand games before the rules
read it, segmentation having made them all first: each was annotated again (tester T13)."""
_doc_chars = 0


def doc(text: str, lang: str = "ru") -> "Doc":
    """The annotated, shared :class:`~pasyans.extract.textdoc.Doc` of ``text`` (see the module doc),
    cached per (text, lang). Raises ``ValueError`` for a language other than ``"ru"``/``"uk"``."""
    global _doc_chars
    key = (lang, text)
    d = _DOCS.get(key)
    if d is not None:
        _DOCS.move_to_end(key)
        return d
    d = _annotate(text, lang)
    _DOCS[key] = d
    _doc_chars += len(text)
    while _doc_chars > _MAX_DOC_CHARS and len(_DOCS) > 1:
        (_lang, old), _d = _DOCS.popitem(last=False)
        _doc_chars -= len(old)
    return d


def _annotate(text: str, lang: str) -> "Doc":
    from .textdoc import Doc
    from .tokenizer import tokenize

    if lang not in LANGUAGES:
        raise ValueError(f"no NLP set-up for language {lang!r}")
    flat = _FOOTNOTE.sub(lambda m: " " * len(m.group()), tokenizable(text).replace("\n", " "))
    starts = {a for a, _b in sentences(text, lang)}
    known = _FORMS[lang]
    forms, idxs, words, sent_starts = [], [], [], []
    first = True
    # one pass over the tokens: each form's analysis once per process and form (:data:`_FORMS`);
    # the sentence starts (the first token, and those after leading spaces, start one)
    for i, (form, idx) in enumerate(tokenize(flat, lang)):
        w = known.get(form)
        if w is None:
            w = known[form] = word(form, lang)
        forms.append(form)
        idxs.append(idx)
        words.append(w)
        if first or idx in starts:
            sent_starts.append(i)
            first = first and w.pos == "SPACE"
    return Doc(flat, lang, forms, idxs, words, sent_starts)


_FORMS: dict[str, dict[str, Word]] = {lang: {} for lang in LANGUAGES}
"""Per language: a token form → its :class:`Word` (the same as :func:`word`, one dict look-up)."""


def token_table(d: "Doc") -> tuple[list[str], list[int], list[Word]]:
    """``(forms, starts, words)`` of a Doc from :func:`doc`: each token's text, its character
    offset (``tok.idx``) and its :class:`Word` (spaces are tokens too: ``pos`` ``"SPACE"``), as
    lists indexed by ``tok.i`` — the same values as reading the tokens, without making them.
    The lists are shared: read them, never change them."""
    return d.forms, d.starts, d.words


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
    global _doc_chars
    _DOCS.clear()
    _doc_chars = 0
