"""Segmentation of the book 004 (Peter Arnold, PDF extraction) into games, sections and examples.

The book prints a table of contents (99 games with their printed pages, «Введение» and
«Словарь»), then every game from its TOC page on. The extraction lost the page layout: page
numbers and vertical side labels sit between the lines, figure captions float, and the
full-width title block («Title» + introduction) may come before, inside or after the two
columns of rules. So :func:`segment_book`

1. classifies raw lines (:func:`pasyans.extract.clean.classify_book_lines`) and reads the TOC;
2. gives every text line of printed page *P* to the TOC entry with the largest page ≤ *P*;
3. finds each game's title line on its pages and puts the title block (title, the full-width
   lines of its first page, an intro sentence that starts with the title) first;
4. moves a column block printed before «КАК ИГРАТЬ» after the page's other column when it
   provably belongs there (it starts in mid-sentence, ends in a hyphen, or is a whole column
   rather than a short intro) — a ``reading-order`` finding records each move;
5. splits sub-variants at capitalised headings («"СОСТЯЗАТЕЛЬНЫЙ ГОЛЬФ"»), labels sections
   (intro, rules, example, tactics, variant), finds worked examples (a marker «На примере…»,
   or a hypothetical walk-through «Положим, изъята десятка…», with the paragraphs that go on
   stating moves; see :func:`_examples`) and aliases sentence by sentence (spaCy blank ``ru`` +
   Matcher on pymorphy3 lemmas);
6. reads the glossary («Словарь») and its abbreviations (:meth:`BookSegmentation.glossary`),
   and attaches the names the introduction gives in another language («Le Cadran (Циферблат)»)
   to their games.

Raw 1-based line numbers of the source file are the provenance everywhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from statistics import quantiles

from spacy.matcher import Matcher

from pasyans import morph
from pasyans.corpus import SegmentationError, Source
from pasyans.models import Alias, Example, Finding, GameText, LineSpan, Section

from .clean import (
    WIDE_MIN,
    Repair,
    card_tokens,
    book_pages,
    classify_book_lines,
    is_heading,
    is_paragraph_break,
    is_toc_entry,
    join_lines,
    norm_title,
    restore_spaces,
    split_glued,
)
from .nlp import doc as shared_doc, pipeline
from .text import MappedText

RULES_HEADING = "КАК ИГРАТЬ"
TACTICS_HEADING = "ТАКТИКА"
BOOK_PARTS = frozenset({"введение", "словарь", "содержание", "оглавление", "предисловие", "приложение", "указатель"})
"""Lemmas of TOC entries that are parts of the book, not games."""


# -- records -------------------------------------------------------------------------------

@dataclass
class TocEntry:
    """One table-of-contents entry: ``title`` as printed (guillemets removed, a wrapped entry
    joined with a space), printed ``page``, raw ``lines``, the ``group`` header above it
    («ИГРЫ ОДНОЙ КОЛОДОЙ») and whether it is a game (``False`` for «Введение», «Словарь»)."""

    title: str
    page: int
    lines: LineSpan
    group: str | None = None
    is_game: bool = True


@dataclass
class Term:
    """A glossary («Словарь») entry: ``term — definition``, cleaned, with its raw lines.

    ``kind``: ``"term"`` (an entry «Пробел — не занятое место в раскладе.») or
    ``"abbreviation"`` (the book's key «Т—туз, К—король, …»: term ``"Т"``, definition
    ``"туз"``); ``source``: the source id; ``printed``: the term as printed when it differs
    («"Картинки"» → term «Картинки»)."""

    term: str
    definition: str
    lines: LineSpan
    kind: str = "term"
    source: str | None = None
    printed: str | None = None


@dataclass
class BookSegmentation:
    """What :func:`segment_book` finds in the book.

    ``findings``: what concerns the book as a whole (lines in no game, glossary entries not
    read, names matching no game); each game's own findings are in its ``GameText.findings``.
    ``games``: 99 TOC games (keys ``004-001`` … in TOC order) and their sub-variants
    (``004-021-v1``), in book order. ``pages``: printed page → raw ``(first, last)`` lines.
    ``toc``: the 99 game entries; ``parts``: the other TOC entries (Введение, Словарь).
    ``captions``: game key → raw caption lines on its pages. ``game_texts``: game key → the
    :class:`MappedText` whose ``text`` is the game's ``text``; ``example_texts``:
    ``(game key, index in game.examples)`` → the example's :class:`MappedText` (its ``text``
    is ``Example.text``). ``abbreviations``: letter → word from the book's own key
    («Т—туз, К—король, …», with ``abbreviations_lines``). ``unassigned``: raw spans of
    non-blank lines that are in no game (front matter, TOC, Введение, Словарь, back matter).
    ``line_classes``: class of every raw line (index 0 = line 1).
    """

    source: str
    games: list[GameText] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    pages: dict[int, LineSpan] = field(default_factory=dict)
    toc: list[TocEntry] = field(default_factory=list)
    parts: list[TocEntry] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    captions: dict[str, list[int]] = field(default_factory=dict)
    game_texts: dict[str, MappedText] = field(default_factory=dict)
    example_texts: dict[tuple[str, int], MappedText] = field(default_factory=dict)
    abbreviations: dict[str, str] = field(default_factory=dict)
    abbreviations_lines: LineSpan | None = None
    unassigned: list[LineSpan] = field(default_factory=list)
    line_classes: list[str] = field(default_factory=list)

    def glossary(self) -> list[Term]:
        """The glossary terms, then the abbreviations of the book's key as terms of kind
        ``"abbreviation"`` (what the knowledge base's ``terms`` table holds)."""
        abbr = [Term(k, v, self.abbreviations_lines, "abbreviation", self.source)
                for k, v in self.abbreviations.items()] if self.abbreviations_lines else []
        return list(self.terms) + abbr

    def game(self, key_or_name: str) -> GameText:
        """The game with this key or (modern) name. Raises ``KeyError``."""
        for g in self.games:
            if g.key == key_or_name or g.name == key_or_name:
                return g
        raise KeyError(key_or_name)


# -- small helpers -------------------------------------------------------------------------

def spans(numbers: list[int]) -> list[LineSpan]:
    """Sorted line numbers → runs of consecutive numbers ``[(first, last), …]``."""
    out: list[LineSpan] = []
    for n in sorted(set(numbers)):
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def _unquote(s: str) -> str:
    return s.strip().strip("«»\"").strip()


def _lemma_words(s: str) -> list[str]:
    return [morph.lemma(w) for w in re.findall(r"[^\W\d_]+|\d+", s)]


@lru_cache(maxsize=1)
def _nlp():
    """The project's Russian pipeline (:func:`pasyans.extract.nlp.pipeline`) and our Matcher patterns."""
    nlp = pipeline("ru")
    m = Matcher(nlp.vocab)
    m.add("EXAMPLE", [
        [{"LOWER": {"IN": ["на", "в"]}}, {"LEMMA": "пример"}],
        [{"LEMMA": "пример"}],
        [{"LOWER": {"IN": ["на", "в"]}}, {"LEMMA": "расклад"}, {"ORTH": ":"}],
    ])
    m.add("NAMING", [
        [{"LEMMA": {"IN": ["называть", "назвать", "называться", "именовать"]}}],
        [{"LEMMA": "другой"}, {"LEMMA": "название"}],
        [{"LOWER": "под"}, {"LEMMA": "название"}],
        [{"LEMMA": "известный"}, {"LOWER": "также"}, {"LOWER": {"IN": ["как", "под"]}}],
    ])
    m.add("GLOSS", [[{"ORTH": "("}, {"IS_ALPHA": True, "OP": "+"}, {"ORTH": "—"}, {"LOWER": "англ"}]])
    return nlp, m


def _doc(text: str):
    """The shared annotated Doc of ``text`` (:func:`pasyans.extract.nlp.doc`): read it, never set attributes."""
    return shared_doc(text, "ru")


_ABBREV = frozenset({"см", "с", "т", "д", "п", "е", "г", "гг", "англ", "ред", "рис", "стр", "др", "пр", "напр", "примеч", "ул", "л"})


def sentences(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` character spans of the sentences of cleaned ``text``.

    A sentence ends at ``.``/``!``/``?``/``…`` (with closing » or ) after it) followed by space
    and a capital, «, a card symbol or a digit, and at every newline (paragraph end); not after
    an abbreviation («см.», «т. д.», «с.», «англ.») or an initial («Э.», but «♦Т.» is a card).
    """
    out: list[tuple[int, int]] = []
    start = 0
    for m in re.finditer(r"[.!?…][»)]*(?=\s+[А-ЯЁA-Z«♠♥♦♣\d])|\n", text):
        end = m.end()
        if m.group(0) != "\n":
            head = text[max(0, m.start() - 12): m.start()]
            w = re.search(r"[^\W\d_]*$", head).group(0)
            before = head[-len(w) - 1] if len(head) > len(w) else ""
            card = before != "" and before in "♠♥♦♣"
            if not card and (w.lower() in _ABBREV or (len(w) == 1 and w.isupper())):
                continue
        if text[start:end].strip():
            out.append((start, end))
        start = end
    if text[start:].strip():
        out.append((start, len(text)))
    # trim spaces/newlines at both ends
    trimmed = []
    for a, b in out:
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            trimmed.append((a, b))
    return trimmed


# -- table of contents ---------------------------------------------------------------------

def parse_toc(lines: list[str], classes: list[str]) -> list[TocEntry]:
    """The TOC entries in order (games and book parts), from the lines classed ``toc``.

    A line without a page number is the first half of a wrapped entry; an all-capital line
    without a number is a group header. Entries before the first group header, and entries
    whose first word is a book-part word (:data:`BOOK_PARTS`), are not games.
    """
    out: list[TocEntry] = []
    group: str | None = None
    pending: tuple[int, str] | None = None
    for i, (s, c) in enumerate(zip(lines, classes), start=1):
        if c != "toc" or not s.strip():
            continue
        m = is_toc_entry(s)
        if m:
            title = m.group("title").strip()
            first = i
            if pending is not None:
                first, title = pending[0], pending[1] + " " + title
                pending = None
            title = _unquote(title)
            words = _lemma_words(title)
            is_game = group is not None and not (len(words) == 1 and words[0] in BOOK_PARTS)
            out.append(TocEntry(title, int(m.group("page")), (first, i), group, is_game))
            continue
        letters = [ch for ch in s if ch.isalpha()]
        if letters and all(ch.isupper() for ch in letters) and "«" not in s:
            group = s.strip()
        elif s.strip().lower() in ("содержание", "оглавление"):
            continue
        else:
            pending = (i, s.strip()) if pending is None else (pending[0], pending[1] + " " + s.strip())
    return out


def split_title(printed: str) -> str:
    """Put back spaces lost in a printed title by pymorphy3 word splitting: «Дюжинапекаря» →
    «Дюжина пекаря». A title that does not split into dictionary words comes back unchanged."""
    words = []
    for part in printed.split():
        if morph.is_known(part) or not part.isalpha():
            words.append(part)
            continue
        sp = split_glued(part)
        words.extend(sp if sp else [part])
    return " ".join(words)


# -- the segmentation ----------------------------------------------------------------------

@dataclass
class _Game:
    entry: TocEntry
    key: str
    source: str
    lines: list[int] = field(default_factory=list)  # owned text lines (raw order)
    captions: list[int] = field(default_factory=list)
    heading: int | None = None
    order: list[int] = field(default_factory=list)  # reading order
    title_block: list[int] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def segment_book(source: Source) -> BookSegmentation:
    """Segment the book ``source`` (004) into games, sections, examples and aliases.

    Returns a :class:`BookSegmentation`; nothing is dropped silently: lines in no game are in
    ``unassigned`` (and a ``not-a-game`` finding), moved column blocks give ``reading-order``
    findings, dictionary-guessed word splits ``ocr-repair`` findings, a TOC game whose title
    line is not found ``heading-not-found``. Raises :class:`pasyans.corpus.SegmentationError` (a
    ``ValueError``) when the source has no table of contents or no page numbers.
    """
    lines = source.lines
    pre = classify_book_lines(lines)
    toc_all = parse_toc(lines, pre)
    if not toc_all:
        raise SegmentationError(f"{source.path}: no table of contents found (the manifest's segmenter "
                                f"'book-toc' needs one; use 'headings' for a text without)")
    titles = [e.title for e in toc_all]
    classes = classify_book_lines(lines, titles)
    pages = book_pages(classes, lines)
    if not pages:
        raise SegmentationError(f"{source.path}: no page numbers found (the manifest's segmenter "
                                f"'book-toc' needs printed page numbers; use 'headings' for a text without)")
    seg = BookSegmentation(source=source.id, pages=pages, line_classes=classes)
    seg.toc = [e for e in toc_all if e.is_game]
    seg.parts = [e for e in toc_all if not e.is_game]

    page_of = [0] * (len(lines) + 1)
    for p, (a, b) in pages.items():
        for n in range(a, b + 1):
            page_of[n] = p

    games = [_Game(e, f"{source.id}-{k:03d}", source.id) for k, e in enumerate(seg.toc, start=1)]
    owners: list[tuple[int, object]] = sorted(
        [(g.entry.page, g) for g in games] + [(e.page, e) for e in seg.parts], key=lambda t: t[0]
    )
    part_lines: dict[str, list[int]] = {e.title: [] for e in seg.parts}

    def owner_of(page: int):
        best = None
        for p, o in owners:
            if p <= page:
                best = o
        return best

    page_owner = {p: owner_of(p) for p in pages}
    for n in range(1, len(lines) + 1):
        c = classes[n - 1]
        if c not in ("text", "caption") or not page_of[n]:
            continue
        o = page_owner[page_of[n]]
        if isinstance(o, _Game):
            (o.captions if c == "caption" else o.lines).append(n)
        elif isinstance(o, TocEntry):
            part_lines[o.title].append(n)

    _find_headings(games, lines, page_of, seg)
    for g in games:
        _reading_order(g, lines, page_of)
        seg.captions[g.key] = g.captions

    out: list[GameText] = []
    for g in games:
        out.extend(_build_game(g, source, lines, page_of, seg))
    seg.games = out

    seg.terms, seg.abbreviations, seg.abbreviations_lines, unread = _glossary(lines, part_lines, seg.parts)
    for t in seg.terms:
        t.source = source.id
    for span, text in unread:
        seg.findings.append(Finding(source.id, span, "unparsed-term",
                                    f"glossary entry not of the form «term — definition»: «{text[:80]}»"))
    _foreign_names(lines, part_lines, seg)
    assigned = {n for gt in out for a, b in gt.lines for n in range(a, b + 1)}
    captioned = {n for c in seg.captions.values() for n in c}
    rest = [n for n in range(1, len(lines) + 1)
            if classes[n - 1] not in ("blank", "page-number", "side-label") and n not in assigned and n not in captioned]
    seg.unassigned = spans(rest)
    for a, b in seg.unassigned:
        kinds = sorted({classes[n - 1] for n in range(a, b + 1)})
        part = next((e.title for e in seg.parts if any(n in part_lines[e.title] for n in range(a, b + 1))), None)
        what = f"book part «{part}»" if part else "/".join(kinds)
        seg.findings.append(Finding(source.id, (a, b), "not-a-game", f"lines {a}–{b} are not in any game ({what})"))
    return seg


def _find_headings(games: list[_Game], lines: list[str], page_of: list[int], seg: BookSegmentation) -> None:
    """Find each game's title line: a line equal to its TOC title (spaces and quotes aside) among
    its own lines, first on its TOC page. A title found on the page before, in the previous
    game's lines, moves the lines from it to that page's end into this game."""
    for k, g in enumerate(games):
        key = norm_title(g.entry.title)
        own = [n for n in g.lines if norm_title(lines[n - 1]) == key]
        on_page = [n for n in own if page_of[n] == g.entry.page]
        if on_page or own:
            g.heading = (on_page or own)[0]
            continue
        prev = games[k - 1] if k else None
        found = [n for n in (prev.lines if prev else []) if norm_title(lines[n - 1]) == key
                 and page_of[n] == g.entry.page - 1]
        if prev and found:
            h = found[0]
            moved = [n for n in prev.lines if n >= h and page_of[n] == page_of[h]]
            prev.lines = [n for n in prev.lines if n not in moved]
            g.lines = sorted(g.lines + moved)
            g.heading = h
            g.findings.append(Finding(seg.source, (h, moved[-1]), "toc-page-mismatch",
                                      f"title «{g.entry.title}» printed on page {page_of[h]}, TOC says {g.entry.page}",
                                      game=g.key))
            continue
        g.findings.append(Finding(seg.source, g.entry.lines, "heading-not-found",
                                  f"no title line «{g.entry.title}» on its pages; name from the TOC", game=g.key))


def _starts_with_title(s: str, title: str) -> bool:
    m = re.match(r"\s*«([^»]*)»", s)
    return bool(m) and norm_title(m.group(1)) == norm_title(title)


def _ends_sentence(s: str) -> bool:
    return bool(re.search(r"[.!?…:][»)]*\s*$", s))


def _wide_group(nums: list[int], k: int, lines: list[str], block: list[int]) -> int:
    """Append to ``block`` the full-width lines of ``nums`` from index ``k`` on, and the short
    last line of their paragraph when the last wide line does not end a sentence; return the
    index after them."""
    start = k
    while k < len(nums) and len(lines[nums[k] - 1].strip()) >= WIDE_MIN and (
            k == start or nums[k] == nums[k - 1] + 1):
        block.append(nums[k])
        k += 1
    if k > start and k < len(nums) and nums[k] == nums[k - 1] + 1 and not _ends_sentence(lines[nums[k - 1] - 1]):
        block.append(nums[k])
        k += 1
    return k


COLUMN_SHARE = 0.6
"""Column text printed before «КАК ИГРАТЬ» on its page is the page's *second* column (the
extraction put it first) when it has at least this share of the lines from the heading on."""


def _reading_order(g: _Game, lines: list[str], page_of: list[int]) -> None:
    """Title block first, then the column text with displaced blocks put back (see module doc).

    A column block printed before «КАК ИГРАТЬ» on the heading's page is read after the page's
    other column when it starts or ends in mid-sentence, or when it is a whole column
    (:data:`COLUMN_SHARE`) rather than a short intro (Аккордеон, Терраса).
    """
    first_page = page_of[g.heading] if g.heading else (page_of[g.lines[0]] if g.lines else 0)
    block: list[int] = []
    if g.heading:
        block = [g.heading]
        rest = [n for n in g.lines if n > g.heading]
        # the title's own intro: full-width lines (and the short last line of their paragraph),
        # or a column sentence that starts with «Title»
        k = _wide_group(rest, 0, lines, block)
        if k == 0 and k < len(rest) and _starts_with_title(lines[rest[k] - 1], g.entry.title):
            while k < len(rest):
                block.append(rest[k])
                k += 1
                if _ends_sentence(lines[block[-1] - 1]):
                    break
        firsts = [n for n in g.lines if page_of[n] == first_page and n not in block]
        i = 0
        while i < len(firsts):
            if len(lines[firsts[i] - 1].strip()) >= WIDE_MIN:
                i = _wide_group(firsts, i, lines, block)
            else:
                i += 1
    g.title_block = block
    in_block = set(block)
    flow = [n for n in g.lines if n not in in_block]
    # displaced column blocks before «КАК ИГРАТЬ»
    for h in [n for n in flow if lines[n - 1].strip() == RULES_HEADING]:
        i = flow.index(h)
        j = i
        while j > 0 and page_of[flow[j - 1]] == page_of[h]:
            j -= 1
        before = flow[j:i]
        if not before:
            continue
        first, last = lines[before[0] - 1].strip(), lines[before[-1] - 1].rstrip()
        k = i
        while k + 1 < len(flow) and page_of[flow[k + 1]] == page_of[h]:
            k += 1
        after = flow[i:k + 1]
        starts_mid = first[:1].islower()
        ends_open = last.endswith("-") or not _ends_sentence(last)
        # a whole column: as tall as the column under the heading, not a short column intro
        # («Это интересный, уникальный пасьянс…» of «Выставка»)
        whole_column = len(before) >= COLUMN_SHARE * len(after) and not _starts_with_title(first, g.entry.title)
        if not (starts_mid or ends_open or whole_column):
            continue
        flow = flow[:j] + after + before + flow[k + 1:]
        why = ("starts in mid-sentence" if starts_mid else "ends in mid-sentence" if ends_open else
               f"is a whole column ({len(before)} lines; {len(after)} from the heading on)")
        g.findings.append(Finding(g.source, (before[0], before[-1]), "reading-order",
                                  f"column block {before[0]}–{before[-1]} printed before «{RULES_HEADING}» ({h}) "
                                  f"{why}; read after line {after[-1]}", game=g.key))
    g.order = block + flow


# -- building one game ---------------------------------------------------------------------

@lru_cache(maxsize=20_000)
def _restored(s: str) -> str:
    """One raw line with its lost spaces put back (for measuring line lengths)."""
    return restore_spaces(MappedText.from_lines([s])).text.strip()


def _paragraph_starts(order: list[int], lines: list[str], block: set[int]) -> set[int]:
    """Lines of ``order`` (reading order) that begin a paragraph: headings and titles and the
    line after them, changes between full-width and column lines, jumps in raw order, and
    :func:`~pasyans.extract.clean.is_paragraph_break` between column lines."""
    col = [len(_restored(lines[n - 1])) for n in order if len(lines[n - 1].strip()) < WIDE_MIN]
    width = int(quantiles(col, n=10)[8]) if len(col) >= 10 else 36  # the column width: 90th percentile
    starts: set[int] = set()
    for k, n in enumerate(order):
        s = lines[n - 1].strip()
        if k == 0:
            starts.add(n)
            continue
        p = order[k - 1]
        ps = lines[p - 1].strip()
        wide, pwide = len(s) >= WIDE_MIN, len(ps) >= WIDE_MIN
        if is_heading(s) or is_heading(ps) or (n in block) != (p in block) or k == 1 and p in block:
            starts.add(n)
        elif wide != pwide and _ends_sentence(ps):
            starts.add(n)
        elif n < p and _ends_sentence(ps):
            starts.add(n)
        elif not wide and is_paragraph_break(_restored(ps), s, width):
            starts.add(n)
        elif wide and _ends_sentence(ps) and len(ps) < WIDE_MIN + 20 and (s[:1].isupper() or s[:1] == "«"):
            starts.add(n)
    return starts


def _name_from_heading(printed: str, text_mt: MappedText | None) -> str:
    """A capitalised sub-heading («СОСТЯЗАТЕЛЬНЫЙ ГОЛЬФ») in normal case: as the body writes it
    in «…» (case-insensitively), else first letter capital and the rest lower case."""
    want = norm_title(printed)
    if text_mt is not None:
        for m in re.finditer(r"«([^»]+)»", text_mt.text):
            if norm_title(m.group(1)) == want and not m.group(1).isupper():
                return m.group(1).strip()
    s = _unquote(printed).lower()
    return s[:1].upper() + s[1:]


def _build_game(g: _Game, source: Source, lines: list[str], page_of: list[int], seg: BookSegmentation) -> list[GameText]:
    """The GameText of ``g`` and of its sub-variants (their own GameText each)."""
    heads = [n for n in g.order if is_heading(lines[n - 1]) and lines[n - 1].strip().startswith("«")
             and n not in g.title_block and norm_title(lines[n - 1]) not in {norm_title(e.title) for e in seg.toc}]
    cuts = [g.order.index(h) for h in heads]
    pieces = [g.order[: cuts[0]] if cuts else g.order]
    for i, c in enumerate(cuts):
        pieces.append(g.order[c: cuts[i + 1] if i + 1 < len(cuts) else len(g.order)])

    name = _unquote(lines[g.heading - 1]) if g.heading else split_title(g.entry.title)
    results: list[GameText] = []
    for idx, order in enumerate(pieces):
        is_variant = idx > 0
        key = f"{g.key}-v{idx}" if is_variant else g.key
        repairs: list[Repair] = []
        block = set(g.title_block) if not is_variant else {order[0]}
        starts = _paragraph_starts(order, lines, block)
        mt = join_lines(lines, order, starts, repairs=repairs)
        gt = GameText(
            key=key, source=source.id, name=name, lines=spans(order), text=mt.text,
            printed_name=g.entry.title, page=g.entry.page,
        )
        if is_variant:
            printed = lines[order[0] - 1].strip()
            gt.variant_of = g.key
            gt.printed_name = _unquote(printed)
            gt.name = _name_from_heading(printed, mt)
            gt.page = page_of[order[0]]
        else:
            gt.findings.extend(g.findings)
        for r in repairs:
            gt.findings.append(Finding(source.id, r.lines, "ocr-repair",
                                       f"glued letters split with the dictionary: «{r.before}» → «{r.after}»",
                                       token=r.before, game=key))
        examples, no_examples = _examples(mt)
        for kind, note, span in no_examples:
            gt.findings.append(Finding(source.id, span, kind, note, game=key))
        ex_sets = [set(emt.line) for _, emt, _ in examples]
        for k, (ex, emt, notes) in enumerate(examples):
            gt.examples.append(ex)
            seg.example_texts[(key, k)] = emt
            for kind, note in notes:
                gt.findings.append(Finding(source.id, ex.lines, kind, note, game=key))
        gt.sections = _sections(order, lines, block, gt.examples, ex_sets, is_variant)
        parent = [name, g.entry.title] if is_variant else []
        gt.aliases = _aliases(mt, gt.name, [gt.name, g.entry.title] if not is_variant else [gt.name], parent)
        seg.game_texts[key] = mt
        results.append(gt)
    return results


# -- examples ------------------------------------------------------------------------------

_NOT_EXAMPLE_BEFORE = frozenset({"показать", "изобразить", "изображенный", "см", "видно", "показанный"})
_HYPOTHESIS = frozenset({"допустить", "положим", "предположим", "положить", "предположить"})
"""Lemmas of the words that open a hypothetical walk-through: «Допустим, …», «Положим, изъята десятка»."""
_MOVE_VERBS = frozenset({
    "помещать", "помещаться", "поместить", "покрывать", "покрываться", "покрыть", "класть",
    "положить", "положим", "выносить", "выноситься", "вынести", "перекладывать", "переложить",
    "перемещать", "перемещаться", "переместить", "сходить", "ходить", "заполнять", "заполняться",
    "заполнить", "сбрасывать", "сбрасываться", "сбросить", "удалять", "удаляться", "удалить",
    "занимать", "занять", "изымать", "изыматься", "изъять", "выкладывать", "выкладываться",
    "брать", "браться", "взять", "уходить", "уйти",
})
"""Lemmas of the verbs a move is stated with («♦5 помещается на ♦6», «Поместите ♠5 слева от ♠6»)."""
_CARD_DASH = re.compile(r"[♠♥♦♣]\s?(?:10|[2-9]|[ТВДКАA])\s*—\s*(?:на\s+)?[♠♥♦♣]")
"""The book's move shorthand «♦4 — ♦5» (♦4 onto ♦5), «♠9 — на ♥10»."""


@dataclass
class _Sent:
    """One sentence of a game's cleaned text, with what example finding needs to know of it."""

    start: int
    end: int
    para: int
    first: bool  # first sentence of its paragraph
    marker: str | None = None  # the example marker it opens with («На примере расклада:»)
    opener: str | None = None  # a hypothetical opener («Положим», «Допустим»)
    cards: int = 0  # card tokens named (symbol notation and words)
    move: bool = False  # states a move: a card and a move verb (not negated), or «♦4 — ♦5»
    closes: bool = False  # says play goes on to the end: «Игра продолжается, … пока не …»


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` of each paragraph (the text between newlines)."""
    out, a = [], 0
    for m in re.finditer("\n", text):
        out.append((a, m.start()))
        a = m.end()
    out.append((a, len(text)))
    return out


def _marker_of(sent, text: str, a: int) -> str | None:
    """The example marker the sentence ``sent`` (a spaCy doc starting at ``text[a]``) opens with:
    «На примере…», «Пример…», «В примере…», «На раскладе:» within its first eight words, not
    after «показано», «см.» or «(»; the marker runs over «расклада», a number and a colon."""
    nlp, matcher = _nlp()
    for mid, s, e in matcher(sent):
        if nlp.vocab.strings[mid] != "EXAMPLE" or s > 8:
            continue
        if (e - s == 1 or sent[e - 1].lemma_ == "расклад") and s != 0:
            continue  # a bare «Пример…» and «На раскладе:» count only as the first words
        before = sent[:s]
        if any(t.lemma_ in _NOT_EXAMPLE_BEFORE for t in before) or any(t.text == "(" for t in before):
            continue
        k = e
        while k < len(sent) and k < e + 3 and (sent[k].lower_ == "расклада" or sent[k].like_num or sent[k].text == ":"):
            k += 1
            if sent[k - 1].text == ":":
                break
        return text[a: a + sent[k - 1].idx + len(sent[k - 1].text)].strip()
    return None


def _opener_of(sent) -> str | None:
    """«Допустим, …», «Положим, …», «Предположим, что …» (after an optional «Итак,»): the word, else ``None``."""
    toks = [t for t in sent if not t.is_space]
    i = 2 if len(toks) > 2 and toks[0].lower_ == "итак" and toks[1].text == "," else 0
    if i + 1 < len(toks) and toks[i].lemma_ in _HYPOTHESIS and toks[i].text[:1].isupper() and (
            toks[i + 1].text == "," or toks[i + 1].lower_ == "что"):
        return toks[i].text
    return None


def _states_move(sent, text: str) -> bool:
    """Whether the sentence states a move: the shorthand «♦4 — ♦5», or a card token with a move
    verb that no «не» negates within the three words before it."""
    if _CARD_DASH.search(text):
        return True
    if not card_tokens(text):
        return False
    for t in sent:
        if t.lemma_ in _MOVE_VERBS and not any(x.lower_ == "не" for x in sent[max(0, t.i - 3): t.i]):
            return True
    return False


def _sentence_info(mt: MappedText, lang: str = "ru") -> list[_Sent]:
    """Every sentence of the game text with its paragraph, marker, opener, cards and move."""
    from .notation import find_cards

    text = mt.text
    doc = _doc(text)
    paras = _paragraphs(text)
    out: list[_Sent] = []
    pi = 0
    for a, b in sentences(text):
        while pi + 1 < len(paras) and a >= paras[pi][1] + 1:
            pi += 1
        span = doc.char_span(a, b, alignment_mode="expand")
        if span is None:
            continue
        sent = span.as_doc()
        st = _Sent(a, b, pi, not out or out[-1].para != pi)
        st.marker = _marker_of(sent, text, a)
        st.opener = _opener_of(sent)
        st.cards = len(find_cards(text[a:b], "symbol", lang))
        st.move = _states_move(sent, text[a:b])
        st.closes = any(t.lemma_ == "продолжаться" for t in sent) and any(t.lower_ in ("пока", "до") for t in sent)
        out.append(st)
    return out


def _continues(ss: list[_Sent]) -> bool:
    """Whether a paragraph (its sentences) goes on with the worked example before it: it opens
    with a hypothetical («Допустим, следующей картой будет ♥Т»), or at least two of its sentences,
    and at least half, state moves («Поместите ♦5 в верхний ряд слева от ♦6…»)."""
    if not ss or ss[0].marker:
        return False
    if ss[0].opener and (ss[0].cards or (len(ss) > 1 and ss[1].cards)):
        return True
    moves = sum(s.move for s in ss)
    return moves >= 2 and 2 * moves >= len(ss)


def _examples(mt: MappedText) -> tuple[list[tuple[Example, MappedText, list[tuple[str, str]]]],
                                        list[tuple[str, str, LineSpan]]]:
    """Worked examples of a game's cleaned text, each with notes for findings (``(kind, message)``),
    and notes about marker sentences that open no example (``(kind, message, lines)``).

    * A marker sentence (:func:`_marker_of`) that starts its paragraph (or a raw line) opens an
      example that runs to the paragraph's end.
    * A marker sentence inside a paragraph (a rules paragraph: «Карта … игровая. На примере
      такими картами являются ♠6 и ♦2 …») opens an example that takes the sentences after it
      that name cards or open a hypothetical; the rule text after them stays out. When it names
      no card and a sentence naming none follows («На примере расклада выложено восемь рядов.
      Любая карта, которую нельзя поместить…»), it only describes the figure: a
      ``figure-reference`` note, no example.
    * A hypothetical walk-through without a marker (:func:`_opener_of` — «Положим, изъята
      десятка.» — naming a card in it or the next sentence) opens an example that runs to its
      paragraph's end; the paragraph's first sentence comes with it when the opener is the
      second («Итак, из колоды изымаются по очереди карты. Положим, …»), and a sentence saying
      that play goes on to the end («Игра продолжается, таким образом, пока не …») closes it
      within its paragraph. An ``example-walkthrough`` note records it.
    * An example that ends its paragraph takes in the paragraphs after it that go on with it
      (:func:`_continues`), each recorded by an ``example-continued`` note.
    """
    text = mt.text
    info = _sentence_info(mt)
    paras = _paragraphs(text)
    by_para: dict[int, list[_Sent]] = {}
    for st in info:
        by_para.setdefault(st.para, []).append(st)
    found: list[list] = []  # [start, end, marker, notes, last paragraph]
    extra: list[tuple[str, str, LineSpan]] = []  # notes about no example: (kind, message, lines)

    def at_line_start(i: int) -> bool:
        """A sentence starting a raw line after a finished one starts a paragraph the column
        layout hid (the line before it was full)."""
        return i < len(text) and mt.col[i] == 0 and i not in mt.inserted

    for p in sorted(by_para):
        ss = by_para[p]
        k = 0
        while k < len(ss):
            st = ss[k]
            if st.marker and (st.first or k == 0 or at_line_start(st.start)):
                found.append([st.start, paras[p][1], st.marker, [], p])
                break
            if st.marker and not st.cards and k + 1 < len(ss) and not (ss[k + 1].cards or ss[k + 1].opener):
                extra.append(("figure-reference",
                              f"«{text[st.start:st.end]}» describes the figure inside a rules paragraph and names "
                              "no card; the rule text after it is not an example", mt.lines_of(st.start, st.end)))
                k += 1
                continue
            if st.marker:
                j = k + 1
                while j < len(ss) and (ss[j].cards or ss[j].opener) and not ss[j].marker:
                    j += 1
                notes = [("example-inside-rules",
                          f"example marker «{st.marker}» inside a paragraph: the example is the marker sentence "
                          f"and what follows it naming cards ({j - k} sentence(s)); the rule text around it stays "
                          "in the rules")]
                found.append([st.start, ss[j - 1].end, st.marker, notes, p if j == len(ss) else None])
                k = j
                continue
            if st.opener and (st.cards or (k + 1 < len(ss) and ss[k + 1].cards)):
                if found and found[-1][4] == p - 1 and k == 0:
                    break  # a paragraph going on with the example before it: see below
                a = ss[0].start if k == 1 else st.start
                j = next((j for j in range(k, len(ss) - 1) if ss[j].closes), len(ss) - 1)
                notes = [("example-walkthrough",
                          f"worked example without a marker: a hypothetical walk-through opening «{st.opener}, …» "
                          "that names cards" + (f"; it ends with «{text[ss[j].start:ss[j].end]}»"
                                                if j < len(ss) - 1 else ""))]
                found.append([a, ss[j].end, st.opener, notes, p if j == len(ss) - 1 else None])
                break
            k += 1
    # paragraphs that go on with an example ending at its paragraph's end
    for ex in found:
        p = ex[4]
        while p is not None and p + 1 in by_para and not any(f[0] >= paras[p + 1][0] and f[0] < paras[p + 1][1] for f in found):
            if not _continues(by_para[p + 1]):
                break
            p += 1
            ex[1] = paras[p][1]
            ex[3].append(("example-continued",
                          f"the paragraph «{text[paras[p][0]:paras[p][0] + 40]}…» goes on with the example "
                          f"«{ex[2]}» (it opens a hypothetical or states moves)"))
    out = []
    for a, end, marker, notes, _ in found:
        emt = mt.slice(a, end)
        runs: list[list[int]] = []  # contiguous raw-line runs in reading order
        for n in emt.line:
            if runs and runs[-1][1] <= n <= runs[-1][1] + 1:
                runs[-1][1] = n
            elif not runs or n != runs[-1][1]:
                runs.append([n, n])
        merged = [runs[0]]
        for r in runs[1:]:
            if r[0] >= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], r[1])  # a page break: same flow, later lines
            else:
                merged.append(r)
        first, last = merged[0]
        if len(merged) > 1:
            rest = ", ".join(f"{x}–{y}" for x, y in merged[1:])
            notes.append(("example-split",
                          f"example printed in {len(merged)} pieces: {first}–{last}, then {rest} (reading order)"))
        ex = Example(lines=(first, last), text=emt.text, marker=marker)
        out.append((ex, emt, notes))
    return out, extra


# -- sections ------------------------------------------------------------------------------

def _sections(order: list[int], lines: list[str], block: set[int], examples: list[Example],
              ex_sets: list[set[int]], is_variant: bool) -> list[Section]:
    """Sections in reading order: runs of lines with one label; a run also ends where raw order
    jumps back. Labels: ``intro`` (title block and text before «КАК ИГРАТЬ»), ``rules``,
    ``tactics``, ``example`` (lines of a worked example), ``variant`` (a variant's own text)."""
    ex_lines: dict[int, int] = {}
    for k, lines_k in enumerate(ex_sets):
        for n in lines_k:
            ex_lines.setdefault(n, k)
    in_order = set(order)
    labels: list[tuple[int, str, str | None]] = []
    kind, title = ("variant", _unquote(lines[order[0] - 1])) if is_variant else ("intro", None)
    for n in order:
        s = lines[n - 1].strip()
        if s == RULES_HEADING:
            kind, title = "rules", RULES_HEADING
        elif s == TACTICS_HEADING:
            kind, title = "tactics", TACTICS_HEADING
        elif n in block and not is_variant:
            title = _unquote(lines[order[0] - 1])
        lab = "example" if n in ex_lines and kind != "tactics" else kind
        labels.append((n, lab, examples[ex_lines[n]].marker if lab == "example" else title))
    out: list[Section] = []
    for n, lab, t in labels:
        if out and out[-1].kind == lab and n > out[-1].lines[1] and out[-1].title == t and not any(
                m in in_order for m in range(out[-1].lines[1] + 1, n)):
            out[-1] = Section(lab, (out[-1].lines[0], n), t)
        else:
            out.append(Section(lab, (n, n), t))
    return out


# -- aliases -------------------------------------------------------------------------------

_GAME_WORDS = frozenset({"игра", "пасьянс"})
_COMPARE = frozenset({"вариант", "схожий", "похожий", "подобно", "напоминать", "соответствовать", "путать", "отличаться"})
_DISPUTE = frozenset({"неправильно", "ошибочно", "неверно", "ошибочный", "неправильный"})
_STOP = frozenset({"потому", "поскольку", "хотя"})


def nominative(name: str) -> str:
    """A quoted name in the nominative case, as a dictionary form would print it.

    The leading nouns/adjectives that share the first word's case are put in the nominative
    (number kept): «Пробелами» → «Пробелы», «Императором Германии» → «Император Германии»,
    «Четырехугольника» → «Четырехугольник»; verbs and other words stay («Попытайся еще»).
    """
    words = name.split()
    if not words:
        return name
    first = morph.parse(words[0])
    if first is None or first.tag.case in (None, "nomn") or first.tag.POS not in ("NOUN", "ADJF"):
        return name
    if any(p.tag.case == "nomn" for p in morph.analyzer().parse(words[0].lower())):
        return name  # «Пустоты», «Синьора» may already be nominative: keep the printed form
    case = first.tag.case
    out = []
    for i, w in enumerate(words):
        p = morph.parse(w)
        if p is not None and p.tag.case == case and p.tag.POS in ("NOUN", "ADJF"):
            infl = p.inflect({"nomn"})
            nw = infl.word if infl else w
            if "ё" not in w.lower():
                nw = nw.replace("ё", "е")
            if w[:1].isupper():
                nw = nw[:1].upper() + nw[1:]
            out.append(nw)
        else:
            out.extend(words[i:])
            break
    return " ".join(out)


def _quotes(sent) -> list[tuple[int, int, str]]:
    """``(token start, token end, name)`` of every «…» in a spaCy span/doc."""
    out = []
    i = 0
    while i < len(sent):
        if sent[i].text == "«":
            j = i + 1
            while j < len(sent) and sent[j].text != "»":
                j += 1
            if j < len(sent):
                name = sent[i + 1: j].text.strip()
                if name:
                    out.append((i, j + 1, name))
            i = j + 1
        else:
            i += 1
    return out


def _aliases(mt: MappedText, name: str | None, own_names: list[str], skip: list[str] = ()) -> list[Alias]:
    """Names the text gives the game, sentence by sentence (see module doc): after a naming word
    («называют», «другое название», «известная также как») → ``alias``, or ``disputed`` when the
    sentence or the next says it is wrong («Это неправильно»); a chain «Title», или «X» →
    ``alias``; «(швабра — англ.)» → ``gloss``; a name in a sentence that compares
    («вариант», «подобно», «напоминает», «схож») or cross-references «(см. с. 27)» → ``related``;
    any other quoted name made of the title's own words in another order or form («Пекарская
    дюжина» in the text of «Дюжина пекаря», :func:`_stems`) → ``title-form``."""
    own = {norm_title(nominative(n)) for n in own_names if n} | {norm_title(n) for n in own_names if n}
    skipped = {norm_title(nominative(n)) for n in skip} | {norm_title(n) for n in skip}
    text = mt.text
    nlp, matcher = _nlp()
    doc = _doc(text)
    sents = sentences(text)
    out: list[Alias] = []
    seen: set[tuple[str, str]] = set()
    own_stems = [_stems(n) for n in own_names if n and len(n.split()) >= 2]

    def same_words(raw_name: str) -> bool:
        return len(raw_name.split()) >= 2 and _stems(raw_name) in own_stems

    def add(raw_name: str, kind: str, a: int, b: int) -> None:
        nm = nominative(raw_name) if kind != "gloss" else raw_name
        if kind != "gloss" and not nm[:1].isupper():
            return  # game names are capitalised; «звенья» is a term
        key = norm_title(nm)
        if key in own or norm_title(raw_name) in own or key in skipped or (key, kind) in seen:
            return
        if kind == "related" and any(k == key for k, _ in seen):
            return
        seen.add((key, kind))
        out.append(Alias(name=nm, language="ru", lines=mt.lines_of(a, b), kind=kind, sentence=text[a:b]))

    for si, (a, b) in enumerate(sents):
        span = doc.char_span(a, b, alignment_mode="expand")
        if span is None:
            continue
        sent = span.as_doc()
        quotes = _quotes(sent)
        if not quotes:
            continue
        lemmas = {t.lemma_ for t in sent}
        nxt = text[sents[si + 1][0]: sents[si + 1][1]] if si + 1 < len(sents) else ""
        disputed = bool(lemmas & _DISPUTE) or bool(re.match(r"Это\s+(неправильно|ошибочно|неверно)", nxt))
        compare = bool(lemmas & _COMPARE)
        matches = [(nlp.vocab.strings[m], s, e) for m, s, e in matcher(sent)]
        for label, s, e in matches:
            if label == "GLOSS":
                add(sent[s + 1: e - 2].text, "gloss", a, b)
        naming = [(s, e) for label, s, e in matches if label == "NAMING"]
        used: set[int] = set()
        for s, e in naming:
            # the named thing: a noun just before the verb that is not the game («Этот расклад называют»)
            quoted = {i for qs, qe, _ in quotes for i in range(qs, qe)}
            subj = next((t for t in reversed(sent[max(0, s - 3): s]) if t.is_alpha and t.i not in quoted
                         and (morph.parse(t.text).tag.POS == "NOUN")), None)
            if subj is not None and subj.lemma_ not in _GAME_WORDS and not compare:
                continue
            if s > 0 and sent[s - 1].lower_ == "так":
                continue  # «так называемый "алмаз"»: a term, not a name of the game
            stop = next((t.i for t in sent[e:] if t.lemma_ in _STOP), len(sent))
            after = [q for q in quotes if q[0] >= e and q[0] < stop]
            kind = "related" if compare else ("disputed" if disputed else "alias")
            names = [q for q in after if norm_title(nominative(q[2])) not in own]
            if not names and after:
                # «"X" иногда называют "Title"»: the other name comes before the verb
                names = [q for q in quotes if q[1] <= s and norm_title(nominative(q[2])) not in own]
            for q in names:
                used.add(q[0])
                add(q[2], kind, a, b)
        # «"Title", или "X"», «"Title", "X", "Y" или "Z"»: a chain of names joined by , / или / и
        for qi, (qs, qe, qn) in enumerate(quotes):
            if norm_title(nominative(qn)) not in own and norm_title(qn) not in own:
                continue
            chain, joiners, k = [], [], qe
            for q2 in quotes[qi + 1:]:
                between = [t.text.lower() for t in sent[k: q2[0]]]
                if not between or not all(w in (",", "или", "и") for w in between):
                    break
                chain.append(q2)
                joiners += between
                k = q2[1]
            if chain and "или" in joiners:
                for q2 in chain:
                    if q2[0] not in used:
                        used.add(q2[0])
                        add(q2[2], "related" if compare else ("disputed" if disputed else "alias"), a, b)
        # comparisons and cross-references to other games
        for qs, qe, qn in quotes:
            if qs in used:
                continue
            xref = bool(re.match(r"\s*\(см\.\s*с\.", sent[qe:].text if qe < len(sent) else "")) or (
                qe < len(sent) and sent[qe].text == "(" and qe + 1 < len(sent) and sent[qe + 1].text.startswith("см"))
            if compare or xref:
                add(qn, "related", a, b)
            elif same_words(qn):
                add(qn, "title-form", a, b)  # «Пекарская дюжина» for «Дюжина пекаря»
    return out


def _stems(name: str) -> list[str]:
    """The first five letters of the pymorphy3 lemma of each word, sorted: a name's words
    whatever their order, case or part of speech («Пекарская дюжина» ~ «Дюжина пекаря»)."""
    return sorted(morph.lemma(w)[:5] for w in re.findall(r"[^\W\d_]+", name))


# -- names in the book's other parts -------------------------------------------------------

_LATIN_TO_CYRILLIC = str.maketrans({
    "a": "а", "b": "б", "c": "к", "d": "д", "e": "е", "f": "ф", "g": "г", "h": "х", "i": "и",
    "j": "ж", "k": "к", "l": "л", "m": "м", "n": "н", "o": "о", "p": "п", "q": "к", "r": "р",
    "s": "с", "t": "т", "u": "у", "v": "в", "w": "в", "x": "кс", "y": "и", "z": "з",
})
_ARTICLES = frozenset({"le", "la", "les", "l", "the", "der", "die", "das"})
_FOREIGN_NAME = re.compile(r"(?P<name>[A-Z][A-Za-z']*(?:\s+[A-Z][A-Za-z']*)*)\s*\((?P<gloss>[А-ЯЁ][^()]*)\)")
"""A name in Latin letters with a Russian gloss in brackets: «Le Cadran (Циферблат)»."""


def transliterate(name: str) -> str:
    """A Latin-letter name in Cyrillic letters, articles dropped, letter by letter:
    «Le Cadran» → «кадран» (for comparing with the book's Russian titles)."""
    words = [w for w in re.split(r"[\s']+", name.lower()) if w and w not in _ARTICLES]
    return " ".join(w.translate(_LATIN_TO_CYRILLIC) for w in words)


def _foreign_names(lines: list[str], part_lines: dict[str, list[int]], seg: BookSegmentation) -> None:
    """Attach to their games the names the book's other parts give in another language with a
    gloss («Одна из таких игр, Le Cadran (Циферблат), включена в данную книгу» in «Введение»):
    the Latin name (``alias``, language ``fr`` when it has a French article, else ``en``) and the
    gloss (``gloss``) go to the game whose title its transliteration matches (rapidfuzz ratio ≥ 90).
    A name matching no game becomes an ``unmatched-name`` finding."""
    from rapidfuzz import fuzz

    tops = [g for g in seg.games if g.variant_of is None]
    for part, nums in part_lines.items():
        if not nums or _lemma_words(part)[:1] == ["словарь"]:
            continue
        mt = join_lines(lines, nums, [])
        for m in _FOREIGN_NAME.finditer(mt.text):
            name, gloss = m.group("name").strip(), m.group("gloss").strip()
            translit = transliterate(name)
            a, b = m.start(), m.end()
            sa = max(mt.text.rfind(".", 0, a) + 1, 0)
            se = mt.text.find(".", b)
            sentence = mt.text[sa: se + 1 if se >= 0 else len(mt.text)].strip()
            best = max(tops, key=lambda g: fuzz.ratio(translit, (g.name or "").lower()), default=None)
            span = mt.lines_of(a, b)
            if best is None or fuzz.ratio(translit, (best.name or "").lower()) < 90:
                seg.findings.append(Finding(seg.source, span, "unmatched-name",
                                            f"«{name} ({gloss})» in «{part}» matches no game title"))
                continue
            lang = "fr" if name.split()[0].lower() in ("le", "la", "les") or name.lower().startswith("l'") else "en"
            best.aliases.append(Alias(name, lang, mt.lines_of(m.start("name"), m.end("name")), "alias", sentence))
            best.aliases.append(Alias(gloss, "ru", mt.lines_of(m.start("gloss"), m.end("gloss")), "gloss", sentence))


# -- glossary ------------------------------------------------------------------------------

def _glossary(lines: list[str], part_lines: dict[str, list[int]], parts: list[TocEntry]):
    """Glossary entries «Term — definition» of the «Словарь» part, the abbreviation key
    («Т—туз,К —король,…») printed with it and its lines, and the entries that do not read as
    «Term — definition» (``(lines, text)``, for findings)."""
    gl = next((e for e in parts if _lemma_words(e.title)[:1] == ["словарь"]), None)
    if gl is None or not part_lines.get(gl.title):
        return [], {}, None, []
    nums = [n for n in part_lines[gl.title] if norm_title(lines[n - 1]) != norm_title(gl.title)]
    abbrev: dict[str, str] = {}
    abbrev_lines = None
    entries: list[list[int]] = []
    for n in nums:
        s = lines[n - 1].strip()
        pairs = re.findall(r"(?:^|,)\s*([А-ЯЁ])\s*—\s*([а-яё]+)", s)
        if len(pairs) >= 2:
            abbrev.update(dict(pairs))
            abbrev_lines = (n, n)
            continue
        letters = [c for c in s if c.isalpha()]
        if letters and all(c.isupper() for c in letters):
            continue  # a sub-heading («НАИБОЛЕЕ УПОТРЕБИТЕЛЬНЫЕ СОКРАЩЕНИЯ»)
        prev = lines[entries[-1][-1] - 1].rstrip() if entries else ""
        if not entries or (_ends_sentence(prev) and (s[:1].isupper() or s[:1] == "«")):
            entries.append([n])
        else:
            entries[-1].append(n)
    terms, unread = [], []
    for e in entries:
        mt = join_lines(lines, e, [])
        m = re.match(r"(.+?)\s+—\s+(.+)", mt.text, re.S)
        if m:
            printed = m.group(1).strip()
            term = _unquote(printed)
            terms.append(Term(term, m.group(2).strip(), (e[0], e[-1]), "term", None,
                              printed if printed != term else None))
        else:
            unread.append(((e[0], e[-1]), mt.text))
    return terms, abbrev, abbrev_lines, unread
