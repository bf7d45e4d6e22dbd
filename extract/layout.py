"""The printed starting layout of «Паганіні» (source 000, raw lines 7–14), read with OCR repairs.

Each printed row is ``<row number> <ace column> <13 slots>``; a slot is a card in the letter
shorthand (П spades, Ч hearts, Б diamonds, Т clubs; А 2..10 В Д К) or «-» for a window. The
scan damaged some cells: «4» for «Ч», Cyrillic «З» for 3, «б» for 6, Latin «T» for «Т», cells
glued together («ЧДЧ10») and one cell that is no card («БС»).

Reading, in order:

1. every cell is parsed by the card grammar (``cells`` start rule of ``grammar/cards.lark``),
   which also splits glued cells; the grammar's reading notes become :class:`Repair` records;
2. the count check: two packs hold every card exactly twice. Cards printed too often and cards
   missing are set against the cells whose reading is uncertain (a look-alike or unreadable
   cell); every assignment of candidates to those cells that makes the count exact is kept;
3. optionally, the moves that follow (``moves``): a move that takes card X from row r, or puts a
   card right of X in row r, needs X in row r at the start unless an earlier move of the same
   example put an X there; assignments that break this are dropped.

A cell with one value left in every kept assignment is decided (a :class:`Repair` says why);
a cell with several is listed in :attr:`LayoutReading.undecided` with its candidates and the
reason «decided by the moves that follow» — the engine settles it by replay
(:meth:`LayoutReading.choose`).
"""

from __future__ import annotations

import itertools
import re
from typing import Callable
from collections import Counter
from dataclasses import dataclass, field, replace

from pasyans.cards import Card, full_pack
from pasyans.models import Finding, Move

from .notation import NotationError, format_card, parse_cells

ROW_WIDTH = 14
"""Entries per row: entry 0 is the ace column, 1..13 the slots."""

MAX_ASSIGNMENTS = 50_000
"""More candidate combinations than this are not enumerated (the cells stay undecided)."""

_WINDOW = {"-", "–", "—"}
_CERTAIN = ("OCR:",)


@dataclass(frozen=True)
class Repair:
    """One cell whose printed spelling was changed or split.

    ``row`` 1-based printed row, ``col`` 0 (ace column) … 13; ``original`` the printed token (the
    whole glued token for a split); ``repaired`` the reading in letter shorthand; ``certainty``:
    ``"certain"`` (one reading possible), ``"high"`` (forced by the count or by a move),
    ``"probable"`` (a look-alike the count does not contradict).
    """

    row: int
    col: int
    original: str
    repaired: str
    reason: str
    certainty: str


@dataclass(frozen=True)
class Undecided:
    """A cell the count (and the moves given) leave open: candidates in order of preference."""

    row: int
    col: int
    printed: str
    candidates: tuple[Card, ...]
    reason: str

    def __iter__(self):
        """Unpacks as ``(row, col, candidates)``."""
        return iter((self.row, self.col, list(self.candidates)))


@dataclass
class LayoutReading:
    """The layout as read.

    ``rows``: 8 × 14 entries (``None`` = window); an undecided cell holds its first candidate.
    ``repairs``: every changed or split cell; ``undecided``: cells still open; ``count``: how
    often each card occurs with the current reading; ``printed``: the printed tokens per row
    (after splitting glued cells); ``lines``: raw line number of each row; ``problems``:
    structural trouble (a row without 14 entries), each a sentence.
    """

    rows: list[list[Card | None]]
    repairs: list[Repair]
    undecided: list[Undecided]
    count: Counter
    printed: list[list[str]]
    lines: list[int]
    problems: list[str] = field(default_factory=list)
    _options: dict = field(default_factory=dict, repr=False)
    _assignments: list = field(default_factory=list, repr=False)
    _parsed: list = field(default_factory=list, repr=False)

    @property
    def count_ok(self) -> bool:
        """Whether every card of the two packs occurs exactly twice (and nothing else occurs)."""
        pack = set(full_pack())
        return set(self.count) == pack and all(v == 2 for v in self.count.values())

    def choose(self, row: int, col: int, card: Card) -> "LayoutReading":
        """A copy with cell (row, col) decided as ``card`` and the other open cells narrowed by
        the count. Raises ``ValueError`` when the cell is not open or ``card`` is not a candidate."""
        key = (row, col)
        if key not in self._options:
            raise ValueError(f"cell {key} is not undecided")
        if card not in self._options[key]:
            raise ValueError(f"{card} is not a candidate for cell {key}")
        if not self._assignments:  # the count was not checked: set this cell only
            rows = [list(r) for r in self.rows]
            rows[row - 1][col] = card
            return replace(self, rows=rows, undecided=[u for u in self.undecided if (u.row, u.col) != key],
                           count=Counter(c for r in rows for c in r if c is not None))
        idx = list(self._options).index(key)
        kept = [a for a in self._assignments if a[idx] == card]
        if not kept:
            raise ValueError(f"{card} for cell {key} leaves the card count inexact")
        return _settle(self, kept, f"chosen by the caller for cell {key}")


def _parse_row(line: str) -> tuple[int | None, list[tuple[str, str, Card | None, str | None]]]:
    """``(row number, [(printed token, glued original, card or None, note), …])``."""
    m = re.match(r"\s*(\d+)\s+(.*)$", line)
    if not m:
        return None, []
    cells = []
    for chunk in m.group(2).split():
        if chunk in _WINDOW:
            cells.append((chunk, chunk, None, None))
            continue
        try:
            parts = parse_cells(chunk)
        except NotationError:
            cells.append((chunk, chunk, None, "unreadable"))
            continue
        for card, s, e, note in parts:
            cells.append((chunk[s:e], chunk, card, note))
    return int(m.group(1)), cells


def _uncertain(note: str | None) -> bool:
    """A look-alike reading (Latin letter) is uncertain; OCR digit/letter fixes are certain."""
    return bool(note) and "Latin" in note


def read_paganini_layout(lines: list[str], first_line: int, moves: list | None = None) -> LayoutReading:
    """Read the printed 000 layout ``lines`` (raw lines ``first_line`` …, one row per line).

    ``moves``: optionally the moves of the examples that start from this layout, as a list of
    :class:`~pasyans.models.Move` lists (one list per example; a flat list is one example); only
    their ``from_row``/``to_row``/``to_card`` are used. Returns a :class:`LayoutReading`; never
    raises for damaged text (every problem is recorded), raises ``ValueError`` only when
    ``lines`` holds no row at all.
    """
    rows: list[list[Card | None]] = []
    printed: list[list[str]] = []
    repairs: list[Repair] = []
    problems: list[str] = []
    raw_lines: list[int] = []
    uncertain: dict[tuple[int, int], str] = {}
    unreadable: dict[tuple[int, int], str] = {}
    for i, line in enumerate(lines):
        number, cells = _parse_row(line)
        if number is None:
            continue
        r = len(rows) + 1
        if number != r:
            problems.append(f"line {first_line + i}: printed row number {number}, expected {r}")
        if len(cells) != ROW_WIDTH:
            problems.append(f"line {first_line + i}: row {r} has {len(cells)} entries, expected {ROW_WIDTH}")
        row: list[Card | None] = []
        for col, (tok, glued, card, note) in enumerate(cells):
            row.append(card)
            if note == "unreadable":
                unreadable[(r, col)] = tok
                continue
            if _uncertain(note):
                uncertain[(r, col)] = tok
            if glued != tok:
                repairs.append(Repair(r, col, glued, format_card(card, "letter"),
                                      f"glued cell «{glued}» split by the grammar; this part «{tok}»"
                                      + (f"; {note}" if note else ""), "certain" if not _uncertain(note) else "probable"))
            elif note and tok != format_card(card, "letter"):
                repairs.append(Repair(r, col, tok, format_card(card, "letter"), note,
                                      "probable" if _uncertain(note) else "certain"))
        rows.append(row)
        printed.append([c[0] for c in cells])
        raw_lines.append(first_line + i)
    if not rows:
        raise ValueError("no layout row found")

    count = Counter(c for row in rows for c in row if c is not None)
    pack = list(full_pack())
    surplus = {c: n - 2 for c, n in count.items() if n > 2}
    missing = Counter({c: 2 - count.get(c, 0) for c in pack if count.get(c, 0) < 2})

    # cells open to the count: unreadable ones, and uncertain ones holding a surplus card
    options: dict[tuple[int, int], list[Card]] = {}
    for (r, col), tok in unreadable.items():
        legible = _legible_suit(tok)
        cands = [c for c in missing if legible is None or c.suit == legible]
        options[(r, col)] = sorted(cands, key=lambda c: _similarity(tok, c))
    for card in surplus:
        cells = [(r, col) for r, row in enumerate(rows, 1) for col, c in enumerate(row) if c == card]
        suspects = [k for k in cells if k in uncertain] or cells
        for key in suspects:
            alts = [c for c in missing if c.rank == card.rank] or list(missing)
            options[key] = [card] + [c for c in alts if c != card]
    keys = list(options)
    fixed = count.copy()
    for k in keys:
        if rows[k[0] - 1][k[1]] is not None:
            fixed[rows[k[0] - 1][k[1]]] -= 1
    need = Counter({c: 2 - fixed.get(c, 0) for c in pack if fixed.get(c, 0) < 2})
    size = 1
    for k in keys:
        size *= max(len(options[k]), 1)
    if size > MAX_ASSIGNMENTS:
        problems.append(f"{len(keys)} cells are open to the count ({size} combinations): too many to check")
        undecided = [Undecided(r, col, printed[r - 1][col], tuple(options[(r, col)]),
                               "too many open cells for the count check: decided by the moves that follow")
                     for r, col in keys]
        return LayoutReading(rows, repairs, undecided, count, printed, raw_lines, problems, options, [],
                             [list(r) for r in rows])
    assignments = [a for a in itertools.product(*(options[k] for k in keys)) if Counter(a) == need] if keys else []
    reading = LayoutReading(rows, repairs, [], count, printed, raw_lines, problems, options, assignments,
                            [list(r) for r in rows])
    if not keys:
        return reading
    if not assignments:
        problems.append("the card count cannot be made exact with the candidate readings")
        return reading
    reading = _settle(reading, assignments, "the card count (two packs: every card exactly twice)")
    if moves:
        reading = _apply_moves(reading, moves)
    return reading


def _legible_suit(tok: str) -> str | None:
    return {"П": "S", "Ч": "H", "Б": "D", "Т": "C", "4": "H"}.get(tok[:1])


def _similarity(tok: str, card: Card) -> int:
    """Lower is closer: how unlike the printed rank part is to the card's rank letter."""
    shapes = {"С": "ВО0", "C": "ВО0", "О": "0ДВ", "З": "3В"}
    rank = format_card(card, "letter")[1:]
    printed = tok[1:]
    return 0 if rank in shapes.get(printed, "") else 1


def _settle(reading: LayoutReading, assignments: list, reason: str) -> LayoutReading:
    """Decide every cell that has one value in all ``assignments``; list the rest as undecided.
    A cell already decided by an earlier settling keeps its repair and reason."""
    keys = list(reading._options)
    earlier = {(rp.row, rp.col): rp for rp in reading.repairs if (rp.row, rp.col) in reading._options}
    decided_before = {k for k in keys if k in earlier and not any(u.row == k[0] and u.col == k[1] for u in reading.undecided)}
    rows = [list(r) for r in reading.rows]
    repairs = [rp for rp in reading.repairs if (rp.row, rp.col) not in reading._options]
    undecided = []
    for idx, (r, col) in enumerate(keys):
        seen = {a[idx] for a in assignments}
        values = [c for c in reading._options[(r, col)] if c in seen]
        tok = reading.printed[r - 1][col]
        if len(values) == 1 and (r, col) in decided_before and earlier[(r, col)].repaired == format_card(values[0], "letter"):
            rows[r - 1][col] = values[0]
            repairs.append(earlier[(r, col)])
        elif len(values) == 1:
            rows[r - 1][col] = values[0]
            printed_card = reading._parsed[r - 1][col]
            why = (f"{reason} leaves only {format_card(values[0], 'letter')} here"
                   + (f" (printed «{tok}»; other candidates {', '.join(format_card(c, 'letter') for c in reading._options[(r, col)] if c != values[0])})"
                      if len(reading._options[(r, col)]) > 1 else ""))
            if printed_card is not None and printed_card == values[0] and tok != format_card(values[0], "letter"):
                why = f"look-alike «{tok}» read as {format_card(values[0], 'letter')}; {why}"
            if tok != format_card(values[0], "letter"):
                repairs.append(Repair(r, col, tok, format_card(values[0], "letter"), why, "high"))
        else:
            rows[r - 1][col] = values[0]
            undecided.append(Undecided(r, col, tok, tuple(values),
                                       f"{reason} allows {', '.join(format_card(c, 'letter') for c in values)}: "
                                       "decided by the moves that follow"))
    repairs.sort(key=lambda rp: (rp.row, rp.col))
    count = Counter(c for row in rows for c in row if c is not None)
    return replace(reading, rows=rows, repairs=repairs, undecided=undecided, count=count,
                   _assignments=assignments)


def _requirements(moves: list) -> list[tuple[int, Card, str]]:
    """``(row, card, why)``: cards a row must hold at the start, by the moves of each example."""
    seqs = moves if moves and isinstance(moves[0], list) else [moves]
    out = []
    for seq in seqs:
        put: Counter = Counter()
        for mv in seq:
            if not isinstance(mv, Move) or not mv.cards:
                continue
            label = f"move {mv.number} «{mv.raw}»" if mv.number else f"move «{mv.raw}»"
            if mv.from_row and put[(mv.from_row, mv.cards[0])] == 0:
                out.append((mv.from_row, mv.cards[0], f"{label} takes {format_card(mv.cards[0], 'letter')} from row {mv.from_row}"))
            if mv.to_row and mv.to_card and put[(mv.to_row, mv.to_card)] == 0:
                out.append((mv.to_row, mv.to_card, f"{label} needs {format_card(mv.to_card, 'letter')} in row {mv.to_row}"))
            if mv.from_row:
                put[(mv.from_row, mv.cards[0])] -= 1
            if mv.to_row:
                put[(mv.to_row, mv.cards[0])] += 1
    return out


def _apply_moves(reading: LayoutReading, moves: list) -> LayoutReading:
    keys = list(reading._options)
    kept = list(reading._assignments)
    used = []
    for row, card, why in _requirements(moves):
        if row < 1 or row > len(reading.rows):
            continue
        fixed_here = any(c == card for col, c in enumerate(reading.rows[row - 1]) if (row, col) not in reading._options)
        if fixed_here:
            continue
        open_here = [i for i, k in enumerate(keys) if k[0] == row]
        narrowed = [a for a in kept if any(a[i] == card for i in open_here)]
        if narrowed and len(narrowed) < len(kept):
            kept = narrowed
            used.append(why)
    if not used:
        return reading
    return _settle(reading, kept, "the card count and " + "; ".join(used))


# ---------------------------------------------------------------------------------------------
# aces put into the windows of a printed layout (000 variant Б: «У 1-му ряду - ПА, у 2-му - ТА …»)
# ---------------------------------------------------------------------------------------------

_ROW_ORDINAL = re.compile(r"(?<![\w-])(\d{1,2})\s*-\s*(?:му|м|ому|ом|ім|ий|й)\b")


@dataclass(frozen=True)
class AcePlacement:
    """Which aces a text puts into which rows' windows, read from one sentence.

    ``aces``: row (1-based) → the aces named for it, in text order; ``start``/``end``: the
    sentence's offsets in the text read; ``sentence``: its text.
    """

    aces: dict[int, list[Card]]
    start: int
    end: int
    sentence: str


def read_ace_placement(text: str, notation: str = "letter", lang: str = "uk") -> AcePlacement | None:
    """The sentence of ``text`` that lists aces row by row («У 1-му ряду - ПА, у 2-му - ТА, …,
    в 6-м - ПА і БА»), or ``None`` when no sentence names aces for at least two rows.

    A sentence qualifies when it holds two or more row ordinals («1-му», «5-м») each followed
    by ace tokens only (read by :func:`pasyans.extract.notation.find_cards` in ``notation``);
    a sentence that also names another card is not a placement. Never raises for ordinary text.
    """
    from .notation import find_cards

    for m in re.finditer(r"[^.!?]+[.!?]?", text):
        sentence = m.group(0)
        ords = list(_ROW_ORDINAL.finditer(sentence))
        if len(ords) < 2:
            continue
        try:
            cards = find_cards(sentence, notation, lang, words=False)
        except NotationError:
            continue
        if not cards or any(not t.card.is_ace for t in cards):
            continue
        aces: dict[int, list[Card]] = {}
        for i, o in enumerate(ords):
            end = ords[i + 1].start() if i + 1 < len(ords) else len(sentence)
            named = [t.card for t in cards if o.end() <= t.start < end]
            if named:
                aces.setdefault(int(o.group(1)), []).extend(named)
        if len(aces) >= 2 and sum(map(len, aces.values())) == len(cards):
            lead = len(sentence) - len(sentence.lstrip())
            return AcePlacement(aces, m.start() + lead, m.end(), sentence.strip())
    return None


@dataclass(frozen=True)
class Group:
    """Cells of a starting layout filled jointly and not settled: ``options`` are the joint readings
    of ``cells`` (two windows of one row filled with «ПА і БА»: ``cells=((6, 4), (6, 6))``,
    ``options=((AS, AD), (AD, AS))``); the engine's replay settles them."""

    cells: tuple[tuple[int, int], ...]
    options: tuple[tuple[Card, ...], ...]
    printed: str | None = None


def fill_windows_with_aces(layout: list[list[Card | None]], aces_by_row: dict[int, list[Card]],
                           slots: int = 13) -> tuple[list[list[Card | None]], list[Group]]:
    """The variant-Б starting layout from the variant-А table (line 25 of 000: «ту ж початкову
    розстановку … але заповнивши вікна тузами. У 1-му ряду - ПА …»).

    ``layout``: rows with the ace column first (length ``slots + 1``); ``aces_by_row``: row → the
    aces the text puts into that row's windows. Returns the new rows (ace column emptied) and the
    cells left undecided where a row has several windows and the text does not say which ace goes
    where. Raises ``ValueError`` when a row's windows and named aces differ in number.
    """
    rows = [list(r) for r in layout]
    undecided: list[Group] = []
    for i, row in enumerate(rows, start=1):
        if len(row) != slots + 1:
            raise ValueError(f"row {i}: expected the ace column and {slots} slots")
        row[0] = None
        holes = [c for c in range(1, slots + 1) if row[c] is None]
        aces = list(aces_by_row.get(i, []))
        if len(holes) != len(aces):
            raise ValueError(f"row {i} has {len(holes)} window(s) but the text names {len(aces)} ace(s)")
        perms = list(dict.fromkeys(itertools.permutations(aces)))
        if len(perms) == 1:
            for c, a in zip(holes, aces):
                row[c] = a
        elif perms:
            for c, a in zip(holes, perms[0]):
                row[c] = a
            undecided.append(Group(tuple((i, c) for c in holes), tuple(perms), " і ".join(format_card(a, "letter") for a in aces)))
    return rows, undecided



# ---------------------------------------------------------------------------------------------
# starting positions of a source's examples
# ---------------------------------------------------------------------------------------------

def read_layouts(source, games, example_text: Callable, family: Callable) -> None:
    """Give every example of ``source`` that prints or implies a whole starting layout its
    ``layout`` (in place), each derivation a finding.

    ``games``: the source's :class:`~pasyans.models.GameText` list; ``example_text(game, i)`` the
    cleaned, mapped text of example ``i``; ``family(game)`` the key of the game's root ancestor.
    An example with ``layout_lines`` gets the printed layout read with OCR repairs
    (:func:`read_paganini_layout`; the moves of every example of the source are the evidence for
    cells the card count leaves open). An example without one whose text puts aces into the windows
    of the source's one printed layout («ту ж початкову розстановку … заповнивши вікна тузами. У
    1-му ряду - ПА, …») starts from that layout with the aces in its windows
    (:func:`fill_windows_with_aces`); another example of the same game family whose moves name rows
    («у вікно 5-го ряду … Ч10 з 8-го ряду») starts from the layout as printed.
    """
    src = source
    all_moves = [ex.moves for g in games for ex in g.examples if ex.moves]
    printed = []
    for g in games:
        for ex in g.examples:
            if not ex.layout_lines:
                continue
            a, b = ex.layout_lines
            reading = read_paganini_layout(src.lines[a - 1: b], a, moves=all_moves)
            ex.layout, ex.layout_reading = reading.rows, reading
            printed.append((g, ex))
            for r in reading.repairs:
                line = reading.lines[r.row - 1]
                ex.findings.append(Finding(src.id, (line, line), "ocr-repair",
                                           f"row {r.row} col {r.col}: «{r.original}» read as «{r.repaired}» "
                                           f"({r.certainty}): {r.reason}", token=r.original, game=g.key))
    if len(printed) != 1:
        return
    base_game, base = printed[0]
    where = f"lines {base.layout_lines[0]}-{base.layout_lines[1]}"
    for g in games:
        for i, ex in enumerate(g.examples):
            if ex.layout is not None:
                continue
            mt = example_text(g, i)
            placement = read_ace_placement(mt.text, src.notation, src.language)
            if placement is None:
                if family(g) == family(base_game) and any(m.from_row or m.to_row for m in ex.moves):
                    ex.layout, ex.layout_undecided = base.layout, list(base.layout_reading.undecided)
                    ex.findings.append(Finding(
                        src.id, ex.lines, "layout-derived",
                        f"the moves name rows and the game family prints one layout ({where}, {base_game.key}): "
                        f"they are checked against that layout as dealt", game=g.key))
                continue
            try:
                ex.layout, extra = fill_windows_with_aces(base.layout, placement.aces)
            except ValueError as e:
                ex.findings.append(Finding(src.id, mt.lines_of(placement.start, placement.end), "layout-mismatch",
                                           f"the aces the text names do not fit the windows of the layout "
                                           f"printed at {where}: {e}", game=g.key))
                continue
            ex.layout_lines = None
            ex.layout_undecided = list(extra) + list(base.layout_reading.undecided)
            ex.findings.append(Finding(
                src.id, mt.lines_of(placement.start, placement.end), "layout-derived",
                f"starting layout = the layout printed at {where} ({base_game.key}) with the aces of "
                f"«{placement.sentence}» in its windows", game=g.key))
