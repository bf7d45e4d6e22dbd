"""Cards that leave play, read by the move reader: a discard with its partner, pairs named or listed,
more partners after a discard. A mixin of :class:`.reader.Reader` (``self`` keeps the context, ``move``)."""

from __future__ import annotations

from ..notation import CardToken
from .lexicon import ALT, INTO, LIST, ON, PARENTHETICAL, STRONG, UNDER, WITH

_PAIR_WORDS = frozenset({"пара", "пару", "парой", "парою", "пари", "паре", "парі", "пар"})
_AND = frozenset({"и", "і", "й", "та"})


def pair_by_numbers(els: list) -> list:
    """«пара 8 и 5», «пару 10 і 3»: two ranks a pair is named by, written in digits — read as cards of those ranks
    (no suit), or, when a parenthesis right after names two cards of those ranks («пара 8 и 5 (восьмерка бубен и
    пятерка пик)»), as those cards. ``els``: a passage's elements (:func:`.elements.elements`); returns them with the
    two numbers made card elements."""
    from pasyans.cards import Card
    from .elements import El

    out = list(els)
    for i, el in enumerate(els):
        if not (el.kind == "word" and el.low in _PAIR_WORDS and i + 3 < len(els)):
            continue
        a, conj, b = els[i + 1], els[i + 2], els[i + 3]
        if not (a.kind == b.kind == "num" and conj.kind == "word" and conj.low in _AND
                and a.text.isdecimal() and b.text.isdecimal() and 1 <= int(a.text) <= 13 and 1 <= int(b.text) <= 13):
            continue
        ranks = (int(a.text), int(b.text))
        named = []
        if i + 4 < len(els) and els[i + 4].kind == "punct" and els[i + 4].text == "(":
            close = next((k for k in range(i + 5, min(i + 12, len(els))) if els[k].kind == "punct" and els[k].text == ")"), None)
            named = [e.tok for e in els[i + 5:close] if e.kind == "card"] if close is not None else []
            if len(named) != 2 or (named[0].card.rank, named[1].card.rank) != ranks:
                named = []
        for k, num, r in ((i + 1, a, ranks[0]), (i + 3, b, ranks[1])):
            tok = named[k == i + 3] if named else CardToken(num.start, num.end, num.text, Card(r, None), "words",
                                                                "a rank named by its number after «пара»")
            out[k] = El("card", num.start, num.end, num.text, tok=tok, lang=num.lang)
    return out


_ALONE = frozenset({"один", "одна", "одного", "одну", "сам", "сама", "отдельно", "окремо", "одним"})
"""«К♣ один» in a list of pairs: the card leaves play alone."""

_LEAVE = frozenset({"уходить", "уйти", "іти", "йти", "піти", "відходити", "відійти"})
"""Verbs of going that, with no destination and after cards left play, mean leaving play too."""


class Discards:
    """The discard forms; ``self`` is the :class:`~.reader.Reader`."""

    _PAIRING = {"сбрасывать", "сбрасываться", "сбросить", "удалять", "удаляться", "удалить"}

    def _discard(self, cl, groups, prons, vi, flags, elided):
        """«♠К сбрасывается», «Пара из ♣7 и ♣6 сбрасывается», «♦10 сбрасывается с ♥10», «♥В …
        удаляется вместе с ♦3», «♥К и ♦К изымаются из игры»: each card leaves play (kind
        ``discard``). The card it leaves play with (its partner) is the move's ``to_card``: the
        card after «с» / «вместе с», or, for two cards discarded by a verb of pairing («сбрасываются»,
        «удаляются», or «пара»), each other; alternatives («вместе с ♣3, либо с ♦Д») one move each."""
        movers: list[CardToken] = []
        partners: list[CardToken] = []
        alt = False
        for g in groups:
            if g.prep in WITH:
                partners += g.toks
                alt |= g.alt or len(g.toks) > 1
            elif g.prep not in ON | {"под", "от", "—"}:
                if g.with_ and len(g.toks) > 1:   # «♠4 вместе с ♦4»
                    movers.append(g.toks[0])
                    partners += g.toks[1:]
                else:
                    movers += g.toks
        from_pair = False
        if not movers:
            pron = next((p for p in prons if p[2] in ("nomn", "accs", "")), None)
            seen = self.ctx.pair_seen
            if pron is not None and pron[3] == "femn" and seen is not None and seen[1] >= self.ctx.sentence - 1:
                movers, from_pair = list(seen[0]), True   # «открылась пара: восьмерка бубен и пятерка пик; ее снимают»
            elif pron is not None:
                movers = self.antecedent(pron, cl)
        if not movers:
            counted = self.counted(cl)
            movers = counted[1] if counted is not None and counted[1] else (self.ctx.pending_list or elided)
        pairing = from_pair or cl[vi].lemma in self._PAIRING or any(el.kind == "word" and el.lemma == "пара" for el in cl) \
            or "PAIR" in cl[vi].cues or any(el.kind == "word" and el.low in ("вместе", "разом") for el in cl) \
            or cl[vi].lemma in _LEAVE and self.ctx.last_discard is not None and len(self.ctx.last_discard[0]) == 2 \
            and not self.ctx.last_discard[1] \
            or self.game is not None and self.game.pairs   # «так же уходят …» after a pair: another pair
        notes = ["leaves play («изъять», «сбросить»)"]
        if not partners and pairing and len(movers) == 2:
            a, b = movers   # «Пара из ♣7 и ♣6 сбрасывается», «♦9 и ♣9 составляют пару и снимаются»: one pair
            self.pair(cl, a, b, flags, notes + ["paired with the other card named"])
            self.ctx.last_discard = ([a, b], [])
            return
        if not partners and pairing and len(movers) > 2 and any(el.kind == "word" and el.low in ("вместе", "разом")
                                                                for el in cl):
            # «валет бубен, дама пик и король червей снимаются вместе»: a group leaves play as one move
            self.move(cl, movers, kind="discard", flags=flags, notes=notes + ["the group leaves play together"],
                      card_list=[t.card for t in movers])
            self.ctx.last_discard = (movers, [])
            return
        for t in movers:
            if not partners:
                self.move(cl, [t], kind="discard", flags=flags, notes=notes)
            for q in partners:
                self.pair(cl, t, q, flags | ({"alternative"} if alt else set()), notes + [f"with {q.raw}"])
        self.ctx.last_discard = (movers, partners)

    def _removal_continued(self, cl, groups, flags, lp) -> bool:
        """«Убираем даму пик и туза червей; затем короля треф», uk «знімаємо валета і четвірку, потім
        короля»: right after cards left play alone, a clause of only «затем / потом / а потом» and cards
        (no verb, no «на», no dash) goes on removing — each card leaves play alone, never onto the card
        before it (TESTER8: «затем короля треф» was read as KC onto QS, a false «illegal»)."""
        if len(groups) != 1 or groups[0].alt or groups[0].prep in ON | INTO | WITH | UNDER:
            return False
        lead = cl[:groups[0].i]
        if not lead or not any("NEXT" in el.cues for el in lead) or any(
                el.kind != "word" or not ("NEXT" in el.cues or el.low in STRONG | LIST) for el in lead) \
                or any(el.kind in ("dash", "card") or el.kind == "word" and el.low in ON | INTO | UNDER
                       for el in cl[groups[0].j:]):
            return False
        toks = groups[0].toks
        for t in toks:
            self.move(cl, [t], kind="discard", flags=flags, notes=["leaves play (the removal before goes on)"])
        self.ctx.last_discard = (toks, [])
        return True

    def pair(self, cl, a: CardToken, b: CardToken, flags, notes):
        """One move of kind ``discard``: ``a`` and ``b`` leave play together (``to_card`` ``b``)."""
        return self.move(cl, [a], b, kind="discard", flags=flags, notes=notes, card_list=[a.card, b.card])

    def _one_pair(self, cl, a: CardToken, b: CardToken, flags, note: str) -> None:
        """A pair ``a`` with ``b`` leaves play (:meth:`pair`), and is the discard a next clause goes on from."""
        self.pair(cl, a, b, flags, [note, f"with {b.raw}"])
        self.ctx.last_discard = ([a], [b])

    def _pair_list(self, cl, groups, flags) -> bool:
        """«Снимайте пары карт, дающие в сумме 13: 10♠ и 3♥, 9♦ и 4♣, Д♣ и А♠»: after a clause that takes
        cards off in pairs, a clause of nothing but «X и Y» pairs, comma by comma, is one pair each."""
        pairs_game = self.game is not None and self.game.pairs
        if not self.ctx.pairs_named and not pairs_game:
            return False
        dash = next((k for k, el in enumerate(cl) if el.kind == "dash"), None)
        if dash is not None and any(el.kind == "card" for el in cl[dash:]):
            return False
        parts: list[list] = [[]]
        for el in cl[:dash]:
            if el.kind == "punct" and el.text in (",", ";"):
                parts.append([])
            else:
                parts[-1].append(el)
        pairs = []
        for part in parts:
            while part and part[0].kind == "word" and part[0].low in STRONG | LIST | PARENTHETICAL - ALT:
                part = part[1:]   # «скажем, даму бубен с тузом пик, а девятку треф с четверкою червей»
            if not part:
                continue
            if len(part) == 3 and part[0].kind == part[2].kind == "card" and part[1].kind == "word" and (
                    part[1].low in (LIST - ALT if self.ctx.pairs_named else set()) | WITH):
                pairs.append((part[0].tok, part[2].tok))   # («9♠ с 4♦» in a game of pairs, with no verb: a pair taken off)
            elif pairs_game and len(part) == 2 and part[0].kind == "card" and part[1].kind == "word" \
                    and part[1].low in _ALONE:
                pairs.append((part[0].tok, None))   # «К♣ один»: a king taken off alone
            else:
                return False
        if len(pairs) < 2 and not self.ctx.pairs_named or any(
                a.card.suit is None or b is not None and b.card.suit is None for a, b in pairs):
            return False   # «дама и туз, восьмерка и пятерка»: ranks of a rule, no cards of a layout
        for a, b in pairs:
            if b is None:
                self.move(cl, [a], kind="discard", flags=flags, notes=["leaves play alone: «один»"])
                self.ctx.last_discard = ([a], [])
            else:
                self._one_pair(cl, a, b, flags, "leaves play: one of the pairs listed")
        return True

    def _pair_named(self, cl, groups, flags) -> bool:
        """«Затем пару 8♥ и 5♠», uk «потім пару 9♠ і 4♦»: a pair named with no verb (the verb of the
        sentence or the game's: the two cards leave play together)."""
        if len(groups) != 1 or len(groups[0].toks) != 2 or groups[0].alt or any(el.kind == "dash" for el in cl) \
                or not any(el.kind == "word" and el.lemma == "пара" for el in cl[:groups[0].i]) \
                or any(el.kind == "word" and el.low in ON | INTO | UNDER for el in cl):
            return False
        a, b = groups[0].toks
        self._one_pair(cl, a, b, flags, "leaves play: «пару X и Y»")
        return True

    def _discard_continued(self, cl, groups, flags) -> bool:
        """«…, либо вместе с ♣Д, либо с ♦Д» right after a discard: more partners. When the discard
        before listed two partners («вместе с ♣3, ♠Д»), its last one starts a new pair: «♠Д либо с
        ♣Д, либо с ♦Д» (the list «♣3, ♠Д, либо …» reads as ♦3 with ♣3; ♠Д with ♣Д or ♦Д)."""
        last = getattr(self.ctx, "last_discard", None)
        lp = self.ctx.last_proto
        if last is None or lp is None or lp.kind != "discard" or not groups:
            return False
        if len(groups) == 2 and len(groups[0].toks) == 1 and groups[1].prep in WITH and len(groups[1].toks) == 1 and (
                any(el.kind == "dash" for el in cl[groups[0].j:groups[1].i])
                or groups[1].i == groups[0].j + 1 and all(el.kind == "word" for el in cl[:groups[0].i])):
            # «…, Q♠ — с A♦», «Далее снимаем пару ♦9 и ♠4, затем ♣7 с ♥6»: another pair, its verb left out
            self._one_pair(cl, groups[0].toks[0], groups[1].toks[0], flags, "leaves play (as the pair before)")
            return True
        if len(groups) == 1 and len(groups[0].toks) == 2 and not groups[0].alt and cl[0].kind == "word" \
                and (cl[0].low in STRONG | {"и"} or "NEXT" in cl[0].cues) \
                and (groups[0].with_ or self.game is not None and self.game.pairs and len(last[0]) + len(last[1]) == 2):
            # «…, а ♠4 вместе с ♦4», «потім дві шістки — пікову й трефову»: another pair leaves play the same way
            self._one_pair(cl, *groups[0].toks, flags, "leaves play (as the pair before)")
            return True
        if self._removal_continued(cl, groups, flags, lp):
            return True
        k = 0
        while k < len(cl) and cl[k].kind == "word" and (cl[k].low in ALT or cl[k].low in ("вместе", "разом")):
            k += 1
        if not (k and cl[0].low in ALT and k < len(cl) and cl[k].kind == "word" and cl[k].low in WITH):
            return False
        new = [t for g in groups for t in g.toks]
        movers, partners = last
        if len(partners) > 1:
            lone = partners[-1]
            self.protos = [p for p in self.protos if not (p.kind == "discard" and p.target is lone)]
            rest = [p for p in self.protos if p.kind == "discard" and p.target in partners[:-1]]
            if len(rest) == 1:
                rest[0].flags.discard("alternative")
            movers, partners = [lone], []
            self.ctx.last_discard = (movers, partners)
        for t in movers:
            for q in new:
                self.pair(cl, t, q, flags | {"alternative"}, ["leaves play («изъять», «сбросить»)", f"with {q.raw}"])
        self.ctx.last_discard = (movers, partners + new)
        return True
