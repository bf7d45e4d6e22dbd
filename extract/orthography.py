"""Pre-1918 Russian spelling → modern spelling, keeping the map back to raw (line, column).

The rules are those of the 1917–1918 spelling reform, applied word by word:

* letters: ``ѣ`` → ``е`` (the scans of source 002 print ѣ as ``ђ``, which is read the same way),
  ``і`` → ``и``, ``ѳ`` → ``ф``, ``ѵ`` → ``и``;
* ``ъ`` at the end of a word is dropped (also before punctuation: «законъ.» → «закон.»);
  a ``ъ`` inside a word (объ-, съ-) is kept;
* adjective endings ``-аго/-яго`` → ``-ого/-его`` and plural ``-ыя/-ія`` → ``-ые/-ие``, but only when
  pymorphy3 knows the modern form and does not know the old one (so the noun «линія» → «линия»
  keeps its ending, and «основанія» (genitive of основание) stays «основания»);
* a few whole words changed shape: «чрезъ» → «через», «онѣ» → «они», «однѣ» → «одни», «ея» → «ее»;
* the prefixes «без-/из-/раз-» before a voiceless consonant («разсматривать») stay as written:
  the reform changed them, but the brief asks not to over-correct.

A word printed in capitals («ДВђ ПОЛНЫХЪ») stays in capitals even though the scan used the
small letter ``ђ`` inside it.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from pasyans import morph

from .text import MappedText

PRE_REFORM_SIGN = re.compile(r"[бвгджзклмнпрстфхцчшщ]ъ(?![\w])|[ѣѳѵ]|(?<=[а-я])ђ|ђ(?=[а-я])", re.I)
"""One sign of pre-1918 spelling no modern Russian or Ukrainian word has: a word-final «ъ» after a
consonant, «ѣ», «ѳ», «ѵ», the scans' «ђ» inside a word (``pasyans add`` counts them; ``search`` reads a
query that has one in modern spelling)."""

_LETTERS = str.maketrans({"ђ": "е", "ѣ": "е", "Ђ": "Е", "Ѣ": "Е", "і": "и", "І": "И",
                          "ѳ": "ф", "Ѳ": "Ф", "ѵ": "и", "Ѵ": "И"})
"""One old letter → one modern letter (same length, so the map is kept character by character)."""

_CASELESS = set("ђѣ")
"""Letters the scan prints in small form even inside capitalised words."""

_WORDS = {"чрез": "через", "оне": "они", "одне": "одни", "однех": "одних", "однеми": "одними", "ея": "ее"}
"""Whole words whose modern form is not reached by the letter and ending rules (after those rules)."""

WORD_RE = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґЂђЃѓѢѣѲѳѴѵ]+")
"""A Cyrillic word, old letters included (a hyphen splits words: «тотчасъ-же» is two words)."""

_SIBILANTS = set("жшчщ")


def _case_like(model: str, word: str) -> str:
    """``word`` (lower case) cased like ``model``: all capitals, capitalised, or lower case."""
    cased = [c for c in model if c.isalpha() and c not in _CASELESS]
    if len(cased) >= 2 and all(c.isupper() for c in cased):
        return word.upper()
    if model[:1].isupper() or (model[:1] in _CASELESS and cased and cased[0].isupper()):
        return word[:1].upper() + word[1:]
    return word


def _modern_lower(w: str) -> str:
    """The modern spelling of the lower-case old word ``w`` (letters already mapped or not)."""
    w = w.translate(_LETTERS).lower()
    if len(w) > 1 and w.endswith("ъ"):
        w = w[:-1]
    if w in _WORDS:
        return _WORDS[w]
    if len(w) > 4 and w[-3:] in ("аго", "яго"):
        soft = w[-3] == "я" or w[-4] in _SIBILANTS
        cand = w[:-3] + ("его" if soft else "ого")
        if morph.is_known(cand) and not morph.is_known(w):
            return cand
    if len(w) > 3 and w[-2:] in ("ыя", "ия"):
        cand = w[:-2] + ("ые" if w[-2] == "ы" else "ие")
        if morph.is_known(cand) and not morph.is_known(w):
            return cand
    return w


def modernize_word(word: str) -> str:
    """One pre-1918 word in modern spelling, its case kept («Салическій» → «Салический», «КАРТЪ» → «КАРТ»).

    ``word`` is a run of Cyrillic letters (see :data:`WORD_RE`); anything else is returned as is.
    """
    if not WORD_RE.fullmatch(word):
        return word
    return _case_like(word, _modern_lower(word))


def modernize(text: str) -> str:
    """``text`` in modern spelling (see the module rules): «двђ колоды» → «две колоды».

    Punctuation, digits, spaces and line breaks are kept exactly.
    """
    return WORD_RE.sub(lambda m: modernize_word(m.group()), text)


def _align(old: str, new: str) -> list[tuple[int, bool]]:
    """For each character of ``new``: (index in ``old`` it comes from, whether it is inserted)."""
    out: list[tuple[int, bool]] = []
    sm = SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            out.extend((i1 + k, False) for k in range(j2 - j1))
        elif tag == "replace":
            out.extend((min(i1 + k, i2 - 1), k >= i2 - i1) for k in range(j2 - j1))
        elif tag == "insert":
            out.extend((max(i1 - 1, 0), True) for _ in range(j2 - j1))
    return out


def modernize_mapped(mt: MappedText) -> MappedText:
    """``mt`` in modern spelling with its offset map kept.

    A dropped letter (final ``ъ``) removes its map entry, so the text shrinks with its map;
    a replaced letter keeps the raw position of the letter it replaces; a letter added by a
    whole-word change («чрезъ» → «через») maps to its neighbour and is listed in ``inserted``.
    """
    text: list[str] = []
    line: list[int] = []
    col: list[int] = []
    inserted: set[int] = set()
    pos = 0

    def copy(i: int, ch: str, ins: bool = False) -> None:
        if ins or i in mt.inserted:
            inserted.add(len(text))
        text.append(ch)
        line.append(mt.line[i])
        col.append(mt.col[i])

    for m in WORD_RE.finditer(mt.text):
        for i in range(pos, m.start()):
            copy(i, mt.text[i])
        old = m.group()
        new = modernize_word(old)
        if new == old:
            for k, ch in enumerate(old):
                copy(m.start() + k, ch)
        else:
            for ch, (k, ins) in zip(new, _align(old.translate(_LETTERS).lower(), new.lower())):
                copy(m.start() + k, ch, ins)
        pos = m.end()
    for i in range(pos, len(mt.text)):
        copy(i, mt.text[i])
    return MappedText("".join(text), line, col, inserted)


def known_word_share(text: str, lang: str = "ru") -> tuple[int, int]:
    """(words pymorphy3's dictionary knows, all words) among the Cyrillic words of ``text``.

    Used as a quality figure: the share for a pre-1918 text before and after :func:`modernize`.
    """
    words = WORD_RE.findall(text)
    return sum(morph.is_known(w, lang) for w in words), len(words)
