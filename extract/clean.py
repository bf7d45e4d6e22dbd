"""Cleaning layers for PDF-extracted text (the book 004): line classes, hyphens, lost spaces, joining.

Every text layer takes a :class:`~pasyans.extract.text.MappedText` and returns a new one whose
characters still map to raw ``(line, col)``. Layers only *delete* characters (``-\\n`` of a
hyphenated word) or *insert* spaces (listed in ``inserted``, mapped to the character before); a
newline between two lines of a paragraph becomes a space that stays in ``inserted``. So no layer
can lose or invent a card token or a digit (see ``tests/test_clean.py``).

The line classifier :func:`classify_book_lines` knows the furniture of a two-column PDF
extraction: bare page numbers after an empty line, vertical side labels printed one letter a
line, figure captions, the table of contents and the front/back matter.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from pasyans import morph

from .text import MappedText

# -- card tokens ---------------------------------------------------------------------------

SUIT_SYMBOLS = "♠♥♦♣"
RANK_CHARS = "ТВДКА"  # Cyrillic: туз, валет, дама, король, and А (ace, as printed «♠А»)
CARD_RE = re.compile(r"[♠♥♦♣]\s?(?:10|[2-9]|[ТВДКАA])")
"""A card token of the book's notation: suit symbol, optional space (or line end), rank (10, 2–9, Т В Д К А)."""

LINE_CLASSES = (
    "text", "blank", "page-number", "side-label", "caption", "toc", "front-matter", "back-matter",
)


def card_tokens(text: str) -> list[str]:
    """Every card token in ``text`` (``"♦10"``, ``"♠Т"``, ``"♥ Т"``), in order, spaces removed."""
    return [re.sub(r"\s", "", m.group(0)) for m in CARD_RE.finditer(text)]


# -- edits on mapped text ------------------------------------------------------------------

@dataclass
class Repair:
    """One guessed repair a layer made (a glued run split into words), for the caller's findings.

    ``start``/``end`` index the *input* text of the layer; ``before``/``after`` are the strings;
    ``lines`` the raw ``(first, last)`` lines of the run.
    """

    start: int
    end: int
    before: str
    after: str
    kind: str
    lines: tuple[int, int] = (0, 0)


def _apply(mt: MappedText, edits: list[tuple[int, int, str]]) -> MappedText:
    """Apply non-overlapping edits ``(start, end, new)`` in one pass.

    ``new`` may only be spaces/newlines (inserted; mapped to the raw character before them) or
    empty (deletion). A replaced range keeps no characters of its own. Untouched runs are copied
    as slices (cost: the edits plus one copy of the text).
    """
    if not edits:
        return mt
    edits = sorted(edits, key=lambda e: (e[0], e[1]))
    text: list[str] = []
    line: list[int] = []
    col: list[int] = []
    inserted: set[int] = set()
    was_inserted = sorted(mt.inserted)

    def keep(a: int, b: int) -> None:
        """Copy ``mt[a:b]`` unchanged (its inserted characters stay inserted)."""
        shift = len(line) - a
        inserted.update(i + shift for i in was_inserted[bisect_left(was_inserted, a): bisect_left(was_inserted, b)])
        text.append(mt.text[a:b])
        line.extend(mt.line[a:b])
        col.extend(mt.col[a:b])

    pos = 0
    for start, end, new in edits:
        if start < pos:
            raise ValueError("overlapping edits")
        keep(pos, start)
        if new:
            anchor = start - 1 if start > 0 else start
            if anchor < len(mt.text):
                ln, cl = mt.line[anchor], mt.col[anchor]
            else:
                ln, cl = (mt.line[-1], mt.col[-1]) if mt.text else (1, 0)
            inserted.update(range(len(line), len(line) + len(new)))
            text.append(new)
            line.extend([ln] * len(new))
            col.extend([cl] * len(new))
        pos = end
    keep(pos, len(mt.text))
    return MappedText("".join(text), line, col, inserted)


def mapped_lines(lines: list[str], numbers: list[int], sep: str = "\n") -> MappedText:
    """Raw ``lines[n - 1]`` for each ``n`` of ``numbers`` (in that order), joined by ``sep``.

    Every character maps to its raw position; the separators are ``inserted``.
    """
    parts = [MappedText.from_lines([lines[n - 1]], first_line=n) for n in numbers]
    return MappedText.concat(parts, sep=sep)


# -- dehyphenation -------------------------------------------------------------------------

_PARTICLES = frozenset({"то", "либо", "нибудь", "таки", "ка", "де", "тка"})


def _join_hyphen(left_word: str, right_word: str, lang: str) -> bool:
    """Decide a line-end hyphen between the letters ``left_word`` and ``right_word``.

    ``False`` (keep the hyphen) when either side has no letters (``6-й``, ``♠Т-♠2``) or the
    right half starts upper case (``Монте-Карло``); ``True`` (join) when the joined word is a
    dictionary word; else ``False`` when the right half is a particle (``какой-нибудь``) or the
    hyphenated form is a dictionary word; else join when the right half starts lower case.
    """
    if not left_word or not right_word or right_word[0].isupper():
        return False
    if morph.is_known(left_word + right_word, lang):
        return True  # «стоп-/ка» → «стопка», before the particle test
    if right_word.lower() in _PARTICLES:
        return False
    if morph.is_known(f"{left_word}-{right_word}", lang):
        return False
    return right_word[0].islower()


def dehyphenate(mt: MappedText, lang: str = "ru", spaced: bool = True) -> MappedText:
    """Join words hyphenated at a line end: «вере-\\nница» → «вереница».

    Only a ``-`` (optionally after one space, «ко -») right before a newline is considered; the
    hyphen and newline are deleted when :func:`_join_hyphen` says join, otherwise only the
    newline is deleted and the real hyphen kept («Монте-\\nКарло» → «Монте-Карло»,
    «какой-\\nнибудь» → «какой-нибудь», «6-\\nй» → «6-й»). The halves are the letters next to
    the hyphen (a rank letter right after a suit symbol belongs to the card). Uses
    pymorphy3's dictionary (:func:`pasyans.morph.is_known`) for ``lang``. ``spaced=False``: a hyphen
    after a space is a dash, left alone (a typed text's «Косынка -» at a line end).
    """
    edits: list[tuple[int, int, str]] = []
    for m in re.finditer(r"([^\W\d_]*)( ?-\n)(?=([^\W\d_]*))" if spaced else r"([^\W\d_]+)(-\n)(?=([^\W\d_]+))",
                         mt.text):
        left, right = m.group(1), m.group(3)
        if left and m.start(1) > 0 and mt.text[m.start(1) - 1] in SUIT_SYMBOLS:
            left = left[1:]  # the rank letter belongs to the card: «♠Т-/♠2», «♥Тпоме-/щается»
        start, end = m.start(2), m.end(2)
        if _join_hyphen(left, right, lang):
            edits.append((start, end, ""))
        else:
            edits.append((end - 1, end, ""))  # keep the hyphen, drop the newline
    return _apply(mt, edits)


# -- lost spaces ---------------------------------------------------------------------------

_SINGLE_LETTER_WORDS = frozenset("аивксоуя")
_GLUE_BEFORE_SUIT = re.compile(r"(?<=[^\s(«/\-])(?=[♠♥♦♣])")
_CARD_THEN = re.compile(r"([♠♥♦♣])(10|[2-9]|[ТВДКАA])(?=([^\W_]|[♠♥♦♣—]))")


@lru_cache(maxsize=50_000)
def _known(word: str, lang: str) -> bool:
    if len(word) == 1:
        return word.lower() in _SINGLE_LETTER_WORDS
    return morph.is_known(word, lang)


_FUNCTION_POS = frozenset({"PREP", "CONJ", "PRCL", "INTJ"})


@lru_cache(maxsize=20_000)
def _pos(word: str, lang: str) -> str | None:
    p = morph.parse(word, lang)
    return p.tag.POS if p is not None else None


@lru_cache(maxsize=20_000)
def _parenthetical(word: str, lang: str) -> bool:
    """Whether every pymorphy3 parse of ``word`` is a parenthetical word («итак», «однако»).

    Print sets such a word off with commas, and commas survive the extraction, so inside a run
    of glued letters it cannot stand anywhere but at the run's end («итак» in «изсемиитакдо…»
    is «и так»).
    """
    if len(word) < 2:
        return False
    parses = morph.parses(word, lang)
    return bool(parses) and all("Prnt" in p.tag for p in parses)


@lru_cache(maxsize=20_000)
def split_glued(run: str, lang: str = "ru", before_card: bool = False) -> tuple[str, ...] | None:
    """Split a run of letters into dictionary words, or ``None`` when no split into ≥ 2 exists.

    «помещаетсяна» → ``("помещается", "на")``, «атакжена♠9» → ``("а", "также", "на")``. The
    split with the lowest cost wins: a content word costs 2, a function word (preposition,
    conjunction, particle) 1, and a preposition ending a run glued to a card costs nothing
    (cards follow prepositions); ties go to longer words (larger sum of squared lengths).
    Words must be known to pymorphy3 (one-letter words: а и в к с о у я); a parenthetical word
    («итак», «однако») may only end the run (see :func:`_parenthetical`), so «изсемиитакдо»
    → «из семи и так до».
    """
    n = len(run)
    if n < 3 or n > 60:
        return None
    best: list[tuple[int, int, int] | None] = [None] * (n + 1)  # (cost, -sumsq, prev)
    best[0] = (0, 0, -1)
    for i in range(n):
        if best[i] is None:
            continue
        w, negsq, _ = best[i]
        for j in range(i + 1, min(n, i + 25) + 1):
            piece = run[i:j]
            if _known(piece, lang) and not (j < n and _parenthetical(piece, lang)):
                pos = _pos(piece, lang)
                cost = 1 if pos in _FUNCTION_POS else 2
                if before_card and j == n and pos == "PREP":
                    cost = 0
                cand = (w + cost, negsq - (j - i) ** 2, i)
                if best[j] is None or cand[:2] < best[j][:2]:
                    best[j] = cand
    if best[n] is None:
        return None
    words = []
    j = n
    while j > 0:
        i = best[j][2]
        words.append(run[i:j])
        j = i
    return tuple(reversed(words)) if len(words) >= 2 else None


LONG_RUN = 14
"""An unknown letter run this long that splits into ≥ 3 dictionary words is a line that lost its spaces."""


def _glue_lines(mt: MappedText, lang: str) -> set[int]:
    """Raw lines that lost spaces: a card token touching a letter, digit, card or dash; a letter
    touching a digit («дает2очка»); or a long unknown run of several words («изсемиитак…»)."""
    lines: set[int] = set()
    text = mt.text
    for m in _CARD_THEN.finditer(text):
        lines.add(mt.line[m.start()])
    for m in _GLUE_BEFORE_SUIT.finditer(text):
        i = m.start()
        if i > 0 and (text[i - 1].isalnum() or text[i - 1] in "—,.;:"):
            lines.add(mt.line[i])
    for m in re.finditer(r"[^\W\d_](?=\d)|(?<![♠♥♦♣\d])\d+[а-яё]", text):
        lines.add(mt.line[m.start()])
    for m in re.finditer(r"[^\W\d_]{%d,}" % LONG_RUN, text):
        run = m.group(0)
        if not _known(run, lang):
            words = split_glued(run, lang)
            if words is not None and len(words) >= 3:
                lines.add(mt.line[m.start()])
    return lines


_MAY_LACK_SPACES = re.compile(r"[♠♥♦♣]|[^\W\d_]\d|\d[^\W\d_]|[^\W\d_]{%d,}|[иИ]т\.[дп]\." % LONG_RUN)
"""What every space :func:`restore_spaces` puts back needs in its text: a card's suit symbol, a letter
touching a digit or a long letter run (the evidence of a line that lost its spaces), or «ит.д.»."""


def restore_spaces(mt: MappedText, lang: str = "ru", repairs: list[Repair] | None = None) -> MappedText:
    """Put back spaces lost around card tokens and dashes.

    «♦В—♠Д.♣Д—♠К.» → «♦В — ♠Д. ♣Д — ♠К.»; «помещаетсяна♥Т,а♦Д—на♦К» → «помещается на ♥Т, а ♦Д — на ♦К».
    Around card tokens a space is always put back (a letter, digit, card or dash touching the
    token, except «♥Туз»-like dictionary words and «♠Т-♠2» hyphens). On lines with such evidence
    of lost spaces (and only there) also: spaces around «—», after «,;:» and after a sentence
    «.» before a capital or card, between letters and digits, and glued letter runs unknown to
    pymorphy3 are split into known words (:func:`split_glued`); each such split is appended to
    ``repairs`` when given. «Ит.д.» → «И т. д.» on any line. Only spaces are inserted.
    A text with no suit symbol, no letter touching a digit, no letter run of :data:`LONG_RUN` and no
    «ит.д.»/«ит.п.» has nothing to restore and comes back as it is, unread (most lines of the book).
    """
    if not _MAY_LACK_SPACES.search(mt.text):
        return mt
    glue = _glue_lines(mt, lang)
    text = mt.text
    ins: set[int] = set()  # insert a space before index i

    for m in _CARD_THEN.finditer(text):
        after = m.end()
        nxt = text[after]
        if nxt.isalpha() and m.group(2) in RANK_CHARS + "A":
            word = m.group(2) + re.match(r"[^\W\d_]*", text[after:]).group(0)
            if _known(word, lang) and len(word) > 2:
                continue  # «♥Туз»: the rank letter starts a real word
        ins.add(after)
    for m in _GLUE_BEFORE_SUIT.finditer(text):
        ins.add(m.start())

    def in_glue(i: int) -> bool:
        return 0 <= i < len(text) and mt.line[i] in glue

    for m in re.finditer("—", text):
        d = m.start()
        if in_glue(d):
            if d > 0 and not text[d - 1].isspace():
                ins.add(d)
            if d + 1 < len(text) and not text[d + 1].isspace():
                ins.add(d + 1)
    for m in re.finditer(r"[,;:](?=[^\s\d,.;:)»—-])|(?<=[^\d\s]),(?=\d)", text):
        if in_glue(m.start()):
            ins.add(m.end())
    for m in re.finditer(r"(?<=[^\s.])\.(?=[А-ЯЁ♠♥♦♣«])", text):
        if in_glue(m.start()):
            ins.add(m.end())
    for m in re.finditer(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])", text):
        i = m.start()
        if in_glue(i) and text[i - 1] not in SUIT_SYMBOLS and not (i >= 2 and text[i - 2] in SUIT_SYMBOLS):
            ins.add(i)
    for m in re.finditer(r"(?<![^\W\d_])([иИ])(т)\.(д|п)\.", text):
        ins.add(m.start(2))  # «Ит.д.» is never a word: on any line
        ins.add(m.start(3))
    for m in re.finditer(r"[^\W\d_]{3,}", text):
        start = m.start()
        if start > 0 and text[start - 1] in SUIT_SYMBOLS and text[start] in RANK_CHARS + "A":
            start += 1  # the rank letter belongs to the card («♥Тпомещается»)
        if not (in_glue(start) or in_glue(m.end() - 1)):
            continue
        run = text[start:m.end()]
        if len(run) < 3 or _known(run, lang):
            continue
        words = split_glued(run, lang, m.end() < len(text) and text[m.end()] in SUIT_SYMBOLS)
        if words is None:
            continue
        pos = start
        for w in words[:-1]:
            pos += len(w)
            ins.add(pos)
        if repairs is not None:
            repairs.append(Repair(start, m.end(), run, " ".join(words), "split-glued-words",
                                  (mt.line[start], mt.line[m.end() - 1])))
    ins = {i for i in ins if 0 < i < len(text) and not text[i - 1].isspace() and not text[i].isspace()}
    return _apply(mt, [(i, i, " ") for i in sorted(ins)])


# -- paragraphs and joining ----------------------------------------------------------------

_SENTENCE_END = re.compile(r"[.!?…:][»)]*$")


def is_paragraph_break(prev: str, nxt: str, width: int) -> bool:
    """Whether ``nxt`` starts a new paragraph after the column line ``prev``.

    True when ``prev`` ends a sentence, ``nxt`` starts with a capital, «, a digit or a card, and
    the first syllable of ``nxt`` (≤ 4 characters) would still have fit on ``prev`` in a column
    ``width`` characters wide — justified text breaks a line only when the next word does not
    fit, so a short last line ends its paragraph.
    """
    p, n = prev.rstrip(), nxt.lstrip()
    if not p or not n or not _SENTENCE_END.search(p):
        return False
    if not (n[0].isupper() or n[0] in "«" or n[0].isdigit()):
        return False
    first = re.match(r"\S*", n).group(0)
    return len(p) + 1 + min(len(first), 4) <= width


def clean_paragraph(mt: MappedText, lang: str = "ru", repairs: list[Repair] | None = None) -> MappedText:
    """Dehyphenate, restore spaces, and turn the remaining newlines into (inserted) spaces."""
    mt = restore_spaces(dehyphenate(mt, lang), lang, repairs)
    nl = [i for i, ch in enumerate(mt.text) if ch == "\n"]
    if not nl:
        return mt
    out = _apply(mt, [(i, i + 1, " ") for i in nl])
    return out


def join_lines(
    lines: list[str],
    numbers: list[int],
    paragraph_starts: Iterable[int] = (),
    lang: str = "ru",
    repairs: list[Repair] | None = None,
) -> MappedText:
    """Cleaned text of raw lines ``numbers`` (1-based, in reading order) as one :class:`MappedText`.

    Lines of one paragraph are joined with spaces (after :func:`dehyphenate` and
    :func:`restore_spaces`); a line in ``paragraph_starts`` begins a new paragraph, separated by
    ``"\\n"``. Every separator is ``inserted``. ``repairs`` collects guessed word splits.
    """
    starts = set(paragraph_starts)
    paras: list[list[int]] = []
    for n in numbers:
        if not paras or n in starts:
            paras.append([n])
        else:
            paras[-1].append(n)
    parts = [clean_paragraph(mapped_lines(lines, p), lang, repairs) for p in paras]
    if not parts:
        return MappedText("", [], [])
    return MappedText.concat(parts, sep="\n")


# -- line classes of a PDF-extracted book --------------------------------------------------

_PAGE_NUMBER = re.compile(r"\d{1,3}")
_TOC_ENTRY = re.compile(r"^(?P<title>.*?[^\s.])(?P<leader>[\s.]*[\s.])(?P<page>\d{1,3})\s*$")
_SINGLE_LETTER = re.compile(r"[А-ЯЁ]")
_HEADING_WORDS = ("КАК ИГРАТЬ", "ТАКТИКА")
_TOC_TITLES = frozenset({"содержание", "оглавление"})
CAPTION_MAX = 26
WIDE_MIN = 42
"""Lines at least this long are full-page-width text (title blocks, intros), not column text."""


def norm_title(s: str) -> str:
    """A title for comparison: no guillemets, no spaces, lower case, ё → е."""
    return re.sub(r"[\s«»\"]", "", s).lower().replace("ё", "е")


def is_heading(s: str) -> bool:
    """A section heading of the book: «КАК ИГРАТЬ», «ТАКТИКА», or a capitalised «…» sub-title."""
    t = s.strip()
    if t in _HEADING_WORDS:
        return True
    if not (t.startswith("«") and t.endswith("»")):
        return False
    letters = [c for c in t if c.isalpha()]
    return len(letters) >= 4 and all(c.isupper() for c in letters)


def is_toc_entry(s: str) -> re.Match | None:
    """A table-of-contents entry line «Title.....12» / «Title . . . 12» / «Title» 12, or ``None``."""
    m = _TOC_ENTRY.match(s.strip())
    if not m or not re.search(r"[^\W\d_]", m.group("title")):
        return None
    title = m.group("title")
    if not ("«" in title or "»" in title or m.group("leader").count(".") >= 2):
        return None
    return m


def _page_starts(lines: list[str]) -> list[int]:
    """0-based indices of page-number lines: a bare number after an empty line, counting up by one."""
    out: list[int] = []
    last: int | None = None
    for i, s in enumerate(lines):
        if i == 0 or lines[i - 1].strip() or not _PAGE_NUMBER.fullmatch(s.strip()):
            continue
        v = int(s.strip())
        if last is None or v == last + 1:
            out.append(i)
            last = v
    return out


def _side_labels(lines: list[str], starts: list[int]) -> dict[int, int]:
    """For each page start, how many following lines are its vertical side label.

    A side label is a run of one-letter capital lines; only the longest prefix that spells a
    label printed on at least three pages counts, so a figure caption «А» is not swallowed.
    """
    runs: dict[int, str] = {}
    for i in starts:
        j, s = i + 1, ""
        while j < len(lines) and _SINGLE_LETTER.fullmatch(lines[j].strip()):
            s += lines[j].strip()
            j += 1
        runs[i] = s
    freq = Counter(runs.values())
    labels = sorted((k for k, v in freq.items() if v >= 3 and k), key=len, reverse=True)
    out: dict[int, int] = {}
    for i, s in runs.items():
        out[i] = next((len(lab) for lab in labels if s.startswith(lab)), len(s) if len(s) >= 3 else 0)
    return out


def _caption_candidate(s: str) -> bool:
    t = s.strip()
    if not t or len(t) > CAPTION_MAX or is_heading(t):
        return False
    if re.search(r"[.,;:!?\-—–…]$", t) or re.search(f"[{SUIT_SYMBOLS}]", t):
        return False  # captions have no end punctuation and no card symbols (short lost-space lines do)
    return bool(re.search(r"[^\W_]", t))


def classify_book_lines(lines: list[str], titles: Iterable[str] = ()) -> list[str]:
    """One class per raw line (index 0 = raw line 1), from :data:`LINE_CLASSES`.

    ``blank``; ``page-number`` (a bare number after an empty line, counting up by one);
    ``side-label`` (the one-letter lines after a page number); ``toc`` (the table of contents:
    entries with dot leaders and page numbers, their wrapped lines, group headers and its
    «Содержание» title); ``front-matter`` (other lines before the first page) and
    ``back-matter`` (after the last page's text, from an empty line not followed by a page
    number); ``caption`` (figure captions: short lines with no end punctuation, alone or in runs,
    at the top or bottom of a page or between two paragraphs); ``text`` otherwise.

    ``titles`` are the book's titles (any spacing/quotes): a line equal to one is never a caption
    unless it sits between two captions (a figure label «"Терраса"» among «Базовые», «Колода»).
    """
    n = len(lines)
    cls = ["text"] * n
    title_keys = {norm_title(t) for t in titles}
    for i, s in enumerate(lines):
        if not s.strip():
            cls[i] = "blank"
    starts = _page_starts(lines)
    labels = _side_labels(lines, starts)
    for i in starts:
        cls[i] = "page-number"
        for j in range(i + 1, i + 1 + labels[i]):
            cls[j] = "side-label"
    first_page = starts[0] if starts else n
    # front matter and table of contents
    entry_idx = [i for i in range(first_page) if is_toc_entry(lines[i])]
    if entry_idx:
        a, b = entry_idx[0], entry_idx[-1]
        while b + 1 < first_page and lines[b + 1].strip().lower() in _TOC_TITLES:
            b += 1
        while a - 1 >= 0 and lines[a - 1].strip().lower() in _TOC_TITLES:
            a -= 1
    else:
        a, b = first_page, first_page - 1
    for i in range(first_page):
        if cls[i] == "blank":
            continue
        cls[i] = "toc" if a <= i <= b else "front-matter"
    # back matter: after the last page, an empty line not followed by a page number
    if starts:
        for i in range(starts[-1] + 1, n):
            if cls[i] == "blank" and not (i + 1 < n and cls[i + 1] == "page-number"):
                for j in range(i + 1, n):
                    if cls[j] != "blank":
                        cls[j] = "back-matter"
                break
    # captions, page by page
    bounds = starts + [n]
    for k, p in enumerate(starts):
        content = [i for i in range(p + 1, bounds[k + 1]) if cls[i] == "text"]
        _mark_captions(lines, content, cls, title_keys)
    return cls


def _mark_captions(lines: list[str], content: list[int], cls: list[str], title_keys: set[str]) -> None:
    """Mark caption runs among one page's text lines ``content`` (0-based indices, in order).

    A justified column line is full width unless it ends its paragraph, so a short line with no
    end punctuation (and no card symbols, which mark lost spaces) cannot be column text: it is a
    caption when its run of such lines tops or ends the page (titles and full-width lines
    aside) or sits between a finished sentence and a capitalised line.
    """
    def titleish(i: int) -> bool:
        return norm_title(lines[i]) in title_keys

    cand = [_caption_candidate(lines[i]) for i in content]
    if content and all(cand[k] or titleish(i) for k, i in enumerate(content)) and not all(
        titleish(i) for i in content
    ):
        for i in content:  # a figure page: only labels («Подвеска», «Базовый ряд»)
            cls[i] = "caption"
        return
    # a caption continues on a lower-case line only after another candidate («Резервная / стопка»)
    for k, i in enumerate(content):
        s = lines[i].strip()
        if cand[k] and s[:1].islower() and not (k > 0 and cand[k - 1]):
            cand[k] = False
    # titles are captions only between two other candidates
    for k, i in enumerate(content):
        if cand[k] and titleish(i):
            cand[k] = 0 < k < len(content) - 1 and cand[k - 1] and cand[k + 1] and not titleish(content[k - 1]) and not titleish(content[k + 1])
    k = 0
    while k < len(content):
        if not cand[k]:
            k += 1
            continue
        m = k
        while m + 1 < len(content) and cand[m + 1]:
            m += 1
        before = [content[j] for j in range(0, k)]
        after = [content[j] for j in range(m + 1, len(content))]

        def only_titles(idx: list[int]) -> bool:
            return all(titleish(i) or len(lines[i].strip()) >= WIDE_MIN for i in idx)

        top = only_titles(before)
        bottom = only_titles(after)
        between = bool(before) and bool(after) and _SENTENCE_END.search(lines[before[-1]].rstrip() or " ") is not None \
            and (lines[after[0]].strip()[:1].isupper() or lines[after[0]].strip()[:1] == "«")
        if top or bottom or between:
            for j in range(k, m + 1):
                cls[content[j]] = "caption"
        k = m + 1


def book_pages(classes: list[str], lines: list[str]) -> dict[int, tuple[int, int]]:
    """Printed page → raw ``(first, last)`` lines (1-based), from its page-number line to the
    line before the next page's empty line (or the last line before the back matter)."""
    starts = [i for i, c in enumerate(classes) if c == "page-number"]
    out: dict[int, tuple[int, int]] = {}
    for k, i in enumerate(starts):
        if k + 1 < len(starts):
            last = starts[k + 1] - 1
            while last > i and classes[last] == "blank":
                last -= 1
        else:
            last = len(classes) - 1
            while last > i and classes[last] in ("blank", "back-matter"):
                last -= 1
        out[int(lines[i].strip())] = (i + 1, last + 1)
    return out
