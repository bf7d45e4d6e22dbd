"""Cards taken up and carried: «Из отбоя берём ♣6» (kept for the card's next move), cards taken that no
clause puts anywhere, «вместе с ней идут ♠7, ♥6» (a sequence move), counted cards («обе карты», «три карты —
…»), «например К♦» naming the card of a rank. A mixin of :class:`.reader.Reader`."""

from __future__ import annotations

from ..notation import CardToken
from .lexicon import AT_ONCE, FROM, INTO, LIST, ON, PARENTHETICAL, PERSONAL, WITH
from .phrases import UNNAMED
from .proto import Proto
from .clause_words import SOURCES, from_place


_NUMBER = {"обе": 2, "обидві": 2, "обі": 2, "оба": 2, "обидва": 2, "обое": 2, "два": 2, "две": 2, "дві": 2, "три": 3, "четыре": 4, "чотири": 4,
           "пять": 5, "п'ять": 5, "шесть": 6, "шість": 6, "семь": 7, "сім": 7, "восемь": 8, "вісім": 8,
           "десять": 10, "двенадцать": 12, "дванадцять": 12, "шестнадцать": 16, "шістнадцять": 16,
           "двадцать": 20, "двадцять": 20, "тройка": 3, "трійка": 3, "четверка": 4, "четвірка": 4}
# («эта тройка карт», «ця трійка карт»: a group noun, read as a count only before «карт»)
"""Numerals that count cards («три карты», «шестнадцать карт»), by lemma."""


_SUIT_STEMS = frozenset({"пик", "пік", "чер", "чир", "буб", "тре"})
"""First letters of suit adjectives («пікові», «червонные»), which pymorphy3 may read as nouns."""


class Taken:
    """The take and carry readings; ``self`` is the :class:`~.reader.Reader`."""

    def counted(self, cl) -> tuple[int, list[CardToken]] | None:
        """«обе карты», «ці дві карти», «три карты», «шестнадцать карт»: ``(count, cards)`` — the
        cards the clause lists in apposition («три карты — восьмерку, семерку и шестерку пик —»), or
        those last named before it («на ♠9 лежат ♥8 и ♣7. Ці дві карти …»; only for «эти / обе»),
        else ``[]``; ``None`` when the clause counts no cards."""
        for i, el in enumerate(cl):
            if el.kind not in ("word", "num"):
                continue
            n = _NUMBER.get(el.low) or _NUMBER.get(el.lemma) or (
                int(el.text) if el.kind == "num" and el.text.isdecimal() else None)
            if n is None:
                continue
            nxt = next((e for e in cl[i + 1:i + 3] if e.kind == "word" and e.tag is not None and e.tag.POS != "ADJF"
                        and not (e.lemma != "карта" and e.low[:3] in _SUIT_STEMS)), None)   # «дві пікові карти»
            both = el.low in ("обе", "оба", "обидві", "обидва", "обі")
            if not both and (nxt is None or nxt.lemma != "карта"):
                continue
            apposition = []
            d = i + 1
            while d < len(cl) and (cl[d] is nxt or cl[d].kind == "word" and cl[d].low in AT_ONCE):
                d += 1   # «три карти разом — десятку, …»: an adverb of moving as one before the dash
            if d < len(cl) and cl[d].kind == "dash" or any(e.kind == "dash" for e in cl[i + 1:i + 3]):
                start = d + 1 if d < len(cl) and cl[d].kind == "dash" else \
                    next(k for k in range(i + 1, len(cl)) if cl[k].kind == "dash") + 1
                for e in cl[start:]:
                    if e.kind == "dash":
                        break
                    if e.kind == "card":
                        apposition.append(e.tok)
                    elif not (e.kind == "punct" and e.text == "," or e.kind == "word" and e.low in LIST):
                        break
            if apposition:
                return n, apposition
            demonstr = both or (i and cl[i - 1].kind == "word" and cl[i - 1].lemma in ("этот", "цей", "сей", "данный"))
            named = []
            for t in reversed(self.ctx.history):
                if t is not UNNAMED and t not in named:
                    named.insert(0, t)
                if len(named) == n:
                    break
            if demonstr and len(named) == n:
                return n, self._as_pile(named)
            return n, []
        return None
    def _as_pile(self, toks: list[CardToken]) -> list[CardToken]:
        """``toks`` in pile order, the card the others were put on first: «♠9 на ♥10, ♠8 на ♠9; ці
        дві карти …» are ♠9 and ♠8 (♠9 first), whatever order the text named them in."""
        out = list(toks)
        for p in self.protos:
            if p.target is None or not p.movers:
                continue
            a = next((k for k, t in enumerate(out) if t.card == p.movers[0].card), None)
            b = next((k for k, t in enumerate(out) if t.card == p.target.card), None)
            if a is not None and b is not None and a < b:
                out.insert(a, out.pop(b))
        return out

    def _take(self, cl, groups, prons, elided) -> None:
        """A card taken up, not yet put anywhere: the place it comes from («из отбоя», «с основания»,
        «з бази») is kept for its next move (``Move.from_place``)."""
        src = from_place(cl)
        # («Берем из резерва тройку червей»: the place between the preposition and the card is what it is taken from)
        toks = [t for g in groups if g.prep not in FROM | ON | INTO or src and g.i and cl[g.i - 1].kind == "word"
                and cl[g.i - 1].low not in FROM | ON | INTO and set(SOURCES) & cl[g.i - 1].cues for t in g.toks]
        if not toks:
            toks = next((self.antecedent(p, cl) for p in prons if p[2] in ("nomn", "accs")), None) or elided
        for t in toks:
            self.ctx.taken[t.card] = (src, cl[0].start, t, cl[-1].end, self.ctx.sentence)

    def taken_not_put(self) -> list[tuple[Proto, int]]:
        """The cards taken up that no later clause of the example puts anywhere («Беремо 7♦, під нею
        відкривається 8♣ …», «знімаємо двійку бубон, потім трійку пік» in Golf): each a move of its own with
        no destination (the text does not say where), placed among the others by its offset; returns
        ``(proto, sentence)`` pairs. The dict of cards taken is emptied."""
        out = []
        moved = {t.card for q in self.protos for t in q.movers}
        for card, (src, start, tok, end, sent) in self.ctx.taken.items():
            if card in moved or card.suit is None:
                continue   # «… кладется король бубен, снятый с колоды»: taken for the move before; «снимаются
                #            только тройкой»: a rank said in general
            p = Proto([tok], start, end, from_place=src, notes=["taken up; the text does not say where it goes"])
            at = next((k for k, q in enumerate(self.protos) if q.start > start), len(self.protos))
            self.protos.insert(at, p)
            out.append((p, sent))
        self.ctx.taken.clear()
        return out

    def _instance(self, cl) -> bool:
        """«Король уходит один, например К♦»: an aside naming one card of the rank the move before named
        alone is that move's card."""
        lp = self.ctx.last_proto
        if not (len(cl) == 2 and cl[0].kind == "word" and cl[0].low in PARENTHETICAL and cl[1].kind == "card"
                and lp is not None and len(lp.movers) == 1 and lp.card_list is None):
            return False
        old, new = lp.movers[0], cl[1].tok
        if old.card.suit is not None or new.card.suit is None or old.card.rank != new.card.rank:
            return False
        lp.movers = [new]
        lp.end = max(lp.end, new.end)
        lp.notes.append(f"«{old.raw}» is {new.raw}, named for instance")
        return True

    def _carried(self, cl, groups, prons) -> bool:
        """«… но вместе с ней идут ♠7, ♥6, ♣Т и ♦10», «вместе с ней должна пойти ♣2»: the cards go
        along with the card of the move before, which becomes a sequence move."""
        lp = self.ctx.last_proto
        if lp is None or not lp.movers or not groups or any(g.prep in ON for g in groups):
            return False
        for i in range(len(cl) - 2):
            if cl[i].low in ("вместе", "разом") and cl[i + 1].low in WITH and cl[i + 2].kind == "word" \
                    and cl[i + 2].low in PERSONAL:
                extra = [t for g in groups if g.i > i for t in g.toks]
                if not extra:
                    return False
                base = lp.card_list if lp.card_list is not None else [t.card for t in lp.movers]
                lp.card_list = base + [t.card for t in extra]
                lp.kind = "sequence"
                lp.end = max(lp.end, cl[-1].end)
                lp.notes.append("with the cards that go along with it («вместе с ней …»)")
                self.carried = True
                return True
        return False
