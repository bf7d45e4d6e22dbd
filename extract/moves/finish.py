"""Proto-moves → :class:`~pasyans.models.Move` records: formal moves of the letter shorthand, moves a
later one supersedes, the foundation pass, kinds, ``restated``, rows named in words, raw lines."""

from __future__ import annotations

import re

from pasyans.cards import Card
from pasyans.models import Finding, Move

from ..notation import NotationError, parse_card
from ..text import MappedText
from .elements import El
from .lexicon import SIDES
from .phrases import RIGHT_OF, ROW_FROM, ROW_TO, WINDOW_WORD, row_number
from .destinations import GameContext
from .facts import shown_before
from .proto import Proto

def formal_protos(sent: list[El], prev_number: int | None, findings: list, src: str, mt: MappedText):
    """Proto-moves of the formal moves of a sentence, with move numbers («1. Б53 - Б47»); a
    stray letter before a number («Ч7. П84 - П74» after move 6) is read as the number, with a
    finding."""
    out = []
    for i, el in enumerate(sent):
        if el.kind != "formal":
            continue
        fm = el.fm
        number = None
        dot = i >= 2 and sent[i - 1].text == "."
        if dot and sent[i - 2].kind == "num":
            number = int(sent[i - 2].text)
        elif (dot and sent[i - 2].kind == "card" and prev_number is not None and sent[i - 2].tok.notation == "letter"
              and sent[i - 2].tok.card.rank == prev_number + 1 and re.fullmatch(r"\D\d", sent[i - 2].text)):
            number = prev_number + 1
            stray = sent[i - 2]
            findings.append(Finding(src, mt.lines_of(stray.start, stray.end), "ocr-repair",
                                    f"«{stray.text}.» before a move read as the move number {number}: a stray "
                                    f"«{stray.text[0]}» before it (move {prev_number} came before)", token=stray.text))
            stray.kind = "number"
        if number is not None:
            prev_number = number
        notes = [n for n in (fm.card.reading_note, fm.target.reading_note if fm.target else None, fm.note) if n]
        kind = None
        if fm.place == "space":
            kind = "to_space"
        elif fm.target is None:
            kind = "other"
        p = Proto([fm.card], fm.start, fm.end, fm.target, fm.place, kind, number=number, notes=notes,
                   from_row=fm.from_row, to_row=fm.to_row, notation="letter")
        # «ТД - свободный главный ряд (справа от туза пик)»: the bracket says where
        k = i + 1
        if fm.place and k < len(sent) and sent[k].text == "(":
            close = next((j for j in range(k, len(sent)) if sent[j].text == ")"), None)
            if close is not None:
                p.notes.append("position: " + " ".join(e.text for e in sent[k + 1:close]))
        out.append((el, p))
    return out, prev_number



def drop_superseded(protos: list[Proto], sentence_of: dict[int, int]) -> list[Proto]:
    """Drop a draw or deal («изъята десятка», «следующей картой сдается ♣6») or a move with no
    destination («♦К перемещается») when a later move moves the same token, or the same card in
    the same sentence («кладуть його …: ПА6 - 6-й ряд»); the later move keeps the earlier start."""
    out: list[Proto] = []
    placed: set = set()   # cards an earlier move of the example put somewhere
    for n, p in enumerate(protos):
        # a card «изъята» / «сбрасывается» with no partner and moved on later is a draw from the stock
        removal = p.kind in ("other", "discard") and p.target is None and p.place is None and p.to_row is None
        weak = p.kind == "deal" or (p.target is None and p.place is None and p.to_row is None)
        if weak and not removal and p.kind is None and p.movers and p.direction is None and p.card_list is None \
                and p.movers[0].card in placed and not p.flags & {"conditional", "prohibited", "alternative"}:
            continue   # «Ход 2 был ключевым: валет червей ушёл с туза червей»: the move told again, no new one
        if p.kind == "discard" and p.movers and all(t.card.suit is None for t in p.movers) and any(
                q.kind == "discard" and q.movers and q.movers[0].card.suit is not None
                and {t.card.rank for t in q.movers} <= {t.card.rank for t in p.movers}
                and sentence_of.get(id(q)) == sentence_of.get(id(p)) for q in protos[n + 1:n + 2]):
            continue   # «сняла пару девяток: девятку треф и девятку бубён»: the pair by rank, then its cards named
        if out and p.movers and not weak and _told_again(out[-1], p):
            continue   # «5. ♠К–св.! Король уходит на освободившийся столбец»: the move just made, told again
        if p.movers and not weak:
            placed.add(p.movers[0].card)
        if weak and p.movers:
            later = next((q for q in protos[n + 1:] if q.movers and (
                q.movers[0] is p.movers[0] or (not removal and q.movers[0].card == p.movers[0].card
                                               and sentence_of.get(id(q)) == sentence_of.get(id(p))))), None)
            if later is not None and not (later.kind == "deal" or later.target is None and later.place is None
                                          and later.to_row is None):
                if sentence_of.get(id(later)) == sentence_of.get(id(p)) and later.notation != "letter":
                    later.start = min(later.start, p.start)
                    later.count = later.count or p.count   # «♦7 вместе с тремя картами, лежащими на ней, на ♠8»
                continue
        out.append(p)
    return out


def _told_again(before: Proto, p: Proto) -> bool:
    """Whether ``p`` is the move ``before`` (the move kept just before it) told again: the same cards from the
    same place to the same card or place, with the same conditional / prohibited marks and no option — a card
    cannot be moved where it already lies, so the text restates it («коснитесь 7♣, а затем 8♣ — семёрка треф переместится
    на восьмёрку треф», «5. ♠К–св.! Король уходит на освободившийся столбец»)."""
    marks = {"conditional", "prohibited", "alternative"}
    if not before.movers or [t.card for t in before.movers] != [t.card for t in p.movers] \
            or before.card_list != p.card_list or before.flags & marks != p.flags & marks or "alternative" in p.flags \
            or (before.from_row, before.from_place) != (p.from_row, p.from_place):
        return False   # («♠3 из третьего ряда, либо ♠3 из седьмого ряда»: two cards of a double pack, options)
    if before.target is not None or p.target is not None:
        return before.target is not None and p.target is not None and before.target.card == p.target.card \
            and before.place == p.place
    return before.place is not None and before.place == p.place and before.direction == p.direction


def _resolve(p: Proto, to: str | None, to_card: Card | None, notes: list[str], context: GameContext | None,
             raw: str) -> tuple[str | None, Card | None, str | None, str | None]:
    """``(to, to_card, to_pile, unresolved)`` for the places the game's layout decides: a pile by
    number or position, a corner, a card «под» another; ``unresolved`` says why when it cannot be
    decided (``to`` is then ``None``)."""
    if to is not None and to.startswith("pile:"):
        where = to[5:]
        if where.isdigit():
            return to, to_card, where, None
        notes.append(f"the {where} pile of the tableau («{raw}»)")
        return "tableau", to_card, where, None
    if to == "under-pile":
        return None, to_card, None, f"«{raw}»: beneath a pile, which the text names by no card"
    if to == "own-place":
        return None, to_card, None, f"«{raw}»: the card's own place, which the text does not name"
    if to == "corner":
        if context is not None and context.corner:
            notes.append(f"«в угол»: the game lays its bases in the corners («{context.evidence['corner'][:120]}»)")
            return context.corner, to_card, None, None
        return None, to_card, None, f"«{raw}»: a corner of the layout, and the game's text does not say what lies there"
    if "under" in p.flags and to_card is not None:
        if context is not None and context.under == "onto":
            notes.append(f"«под {to_card}»: onto it, the piles grow downward («{context.evidence['under'][:120]}»)")
        else:
            notes.append(f"«под {to_card}»: onto it, assumed: piles grow downward on the page (the game's text "
                         "does not say how its piles lie)")
    return to, to_card, None, None


def finish_moves(protos: list[Proto], s: str, mt: MappedText, notation: str, lang: str,
                 context: GameContext | None = None, findings: list[Finding] | None = None,
                 source_id: str = "", printed: str | None = None) -> list[Move]:
    """Proto-moves → :class:`Move` records: the foundation pass (onto an ace, or onto a card put
    on a foundation earlier in the example → ``to="foundation"``), kinds, the ``restated`` flag,
    rows named in words («з 3-го ряду … в вікно 7-го ряду»), places the layout decides
    (:mod:`.destinations`, with ``context``), raw text and raw lines. A destination that cannot be
    resolved is ``to=None`` with an ``unresolved-destination`` finding appended to ``findings``.
    ``printed``: the text as printed where ``s`` was rewritten with the same offsets (a move table):
    the moves' raw text is taken from it."""
    moves: list[Move] = []
    on_foundation: list[Card] = []
    last_dest: dict[Card, tuple] = {}
    # one example uses «резервная стопка» for one kind of pile: when it speaks of several («в
    # другую резервную стопку»), every «резервная стопка» of it is one of the reserve piles
    several = any(p.place == "reserve" and "резервн" in s[p.start:p.end].lower() for p in protos)
    for p in protos:
        if several and p.place == "waste" and "резервн" in s[p.start:p.end].lower():
            p.place = "reserve"
        cards = p.card_list if p.card_list is not None else [t.card for t in p.movers for _ in range(t.count)]
        to_card = p.target.card if p.target else None
        to = p.place or (to_card.format() if to_card and p.kind != "discard" else None)
        notes = list(p.notes)
        on_foundation.extend(c for c, place in shown_before("; ".join(notes)) if place == "foundation")
        for t in p.movers + ([p.target] if p.target else []):
            if t.reading_note and t.reading_note not in notes:
                notes.append(t.reading_note)
        raw = (printed or s)[p.start:p.end].strip()
        from_row, to_row = p.from_row, p.to_row
        if p.notation is None and "ряд" in raw:
            m_from, m_to = ROW_FROM.search(raw), ROW_TO.search(raw)
            from_row = from_row or (row_number(m_from.group(1), lang) if m_from else None)
            to_row = row_number(m_to.group(1), lang) if m_to else None
            m_right = RIGHT_OF.search(raw)
            if to_card is None and to_row is not None and m_right:
                try:  # «у вікно 5-го ряду (праворуч від Ч9)»: the window right of that card
                    to_card = parse_card(m_right.group(1), notation)
                    to = to_card.format()
                    notes.append(f"the window right of {m_right.group(1)} in row {to_row}")
                except NotationError:
                    pass
            if to_card is None and to_row is not None and p.place is None:
                # «у вікно 4-го ряду»: a space (window) of that row; «в початок 6-го ряду»: the row start
                to = "space" if WINDOW_WORD.search(raw) else f"row:{to_row}"
        lines = mt.lines_of(p.start, p.end) if p.end > p.start else mt.lines_of(p.start, p.start + 1)
        to, to_card, to_pile, unresolved = _resolve(p, to, to_card, notes, context, raw)
        if unresolved is not None and findings is not None:
            findings.append(Finding(source_id, lines, "unresolved-destination", unresolved))
        beside = p.flags & (set(SIDES.values()) | {"above"})
        if "above" in beside and to_card is not None:
            to = "foundation"   # «♦К помещается над ♦Т»: a base laid above another, in the foundation row
        if to_card is not None and to_row is None and p.kind != "discard" and not beside:
            if to_card.rank == 1 and not _off_suit_onto_ace(cards, to_card):
                to = "foundation"
                notes.append("onto an ace: a foundation")
            elif to_card in on_foundation:
                to = "foundation"
                notes.append(f"onto {to_card}, put on a foundation earlier in this example")
        kind = p.kind
        if kind is None:
            if to == "foundation":
                kind = "to_foundation"
            elif to == "space":
                kind = "to_space"
            elif to_card is not None:
                kind = "sequence" if len(cards) > 1 else "build"
            else:
                kind = "other"
        flags = set(p.flags)
        key = (to, to_card, to_row, from_row)
        if cards and to is not None and last_dest.get(cards[0]) == key and "alternative" not in flags:
            flags.add("restated")
        if cards:
            last_dest[cards[0]] = key
        if to == "foundation":
            on_foundation.extend(cards)
        else:
            for c in cards:
                if c in on_foundation:
                    on_foundation.remove(c)
        moves.append(Move(cards=cards, to=to, raw=raw, lines=lines, kind=kind, to_card=to_card,
                          from_row=from_row, to_row=to_row, number=p.number, flags=flags,
                          notation=p.notation or (p.movers[0].notation if p.movers else notation),
                          note="; ".join(notes) if notes else None,
                          shown=shown_before("; ".join(notes)), from_place=p.from_place,
                          turns_up=p.turns_up, count=p.count, to_pile=to_pile, claims=list(p.claims),
                          direction=p.direction, colours=_colours(p, cards, to_card)))
    return moves


def _off_suit_onto_ace(cards: list[Card], ace: Card) -> bool:
    """Whether a card put onto an ace is of another suit and no two («Короля бубен на туза пик класть нельзя»,
    «дев'ятку треф на туза чирв»): no foundation of an ace takes it, so the ace is a card of the tableau (Golf's
    row, a pile's top) — the move is judged there, not read as a foundation move."""
    c = cards[0] if len(cards) == 1 else None
    return c is not None and c.suit is not None and ace.suit is not None and c.suit != ace.suit and c.rank not in (None, 2)


def _colours(p, cards: list[Card], to_card: Card | None) -> tuple[str | None, str | None]:
    """``Move.colours``: the colour words of a moved card and a target named by rank and colour only."""
    mover = p.movers[0].colour if p.movers and cards and cards[0].suit is None else None
    target = p.target.colour if p.target is not None and to_card is not None and to_card.suit is None else None
    return mover, target


_SENTENCE_END = re.compile(r"[.!?…]\s")


def named_before(protos: list[Proto], moves: list[Move], tokens, s: str) -> None:
    """In place: a card the move names by its rank alone is the card of that rank the same sentence
    named in full just before it, when it named one («бачу дев'ятку пік і десятку пік — кладу дев'ятку
    на десятку»: 9S onto TS; «Я кладу девятку пик на десятку, восьмёрку — на девятку»: onto 9S).
    Two cards of the rank named before, or one of another colour than the text gives: left as it is.
    ``protos`` and ``moves`` are :func:`finish_moves`' input and output (one move per proto);
    ``tokens`` the example's card tokens in text order, ``s`` its text."""
    for p, m in zip(protos, moves):
        if not m.cards and m.to_card is None:
            continue
        start = max((x.end() for x in _SENTENCE_END.finditer(s, 0, p.start)), default=0)
        full = [t for t in tokens if start <= t.start < p.start and t.card.suit is not None]

        def earlier(card: Card, colour: str | None) -> Card | None:
            same = {t.card for t in full if t.card.rank == card.rank and (colour is None or t.card.color == colour)}
            return next(iter(same)) if len(same) == 1 else None

        if m.cards and m.cards[0].suit is None and p.card_list is None and len(m.cards) == 1:
            c = earlier(m.cards[0], m.colours[0])
            if c is not None:
                m.cards = [c]
                m.note = "; ".join(x for x in (m.note, f"the rank alone: {c}, named just before") if x)
        if m.to_card is not None and m.to_card.suit is None and m.to == m.to_card.format():
            c = earlier(m.to_card, m.colours[1])
            if c is not None and c not in m.cards:
                m.to_card, m.to = c, c.format()
                m.note = "; ".join(x for x in (m.note, f"the target's rank alone: {c}, named just before") if x)
