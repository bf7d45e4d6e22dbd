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
   stating moves; see :func:`_examples`) and aliases sentence by sentence (the shared Doc of
   :func:`pasyans.extract.nlp.doc` + spaCy-style Matcher patterns on pymorphy3 lemmas);
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

from pasyans import morph
from pasyans.corpus import SegmentationError, Source
from pasyans.models import Alias, Example, Finding, GameText, LineSpan, Section

from .clean import (
    WIDE_MIN,
    Repair,
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
from .book_aliases import aliases as _aliases, nominative  # noqa: F401  (nominative: part of this module's API)
from .book_examples import examples as _examples
from .book_sentences import read as read_sentences
from .nlp import sentences  # noqa: F401  (the project's one splitter, also this module's ``sentences``)
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
                                f"'book-toc' needs one); set the segmenter to 'headings' for a text without")
    titles = [e.title for e in toc_all]
    classes = classify_book_lines(lines, titles)
    pages = book_pages(classes, lines)
    if not pages:
        raise SegmentationError(f"{source.path}: no page numbers found (the manifest's segmenter "
                                f"'book-toc' needs printed page numbers); set the segmenter to 'headings' for a text "
                                f"without")
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
        sents = read_sentences(mt.text)  # tokens, lemmas and cue matches once, for examples and aliases
        examples, no_examples = _examples(mt, sents)
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
        gt.aliases = _aliases(mt, gt.name, [gt.name, g.entry.title] if not is_variant else [gt.name], parent,
                              sents=sents)
        seg.game_texts[key] = mt
        results.append(gt)
    return results


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
