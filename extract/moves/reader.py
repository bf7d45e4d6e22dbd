"""Reads the clauses of one example in order, keeping the pronoun and chain context, and turns each
clause into proto-moves by the phrase forms (:mod:`.forms`)."""

from __future__ import annotations

from dataclasses import replace

from ..notation import CardToken
from .elements import El, has_predicate
from .facts import SHOWN_NOTE
from .clicks import Clicks, pile_by_card
from .discards import _LEAVE, Discards
from .piles import PileSizes, whole_pile
from .forms import Forms
from .positions import Positions
from .proto import Context, Proto, ProtoList, made_so_far
from .referents import Referents
from .space_subject import SpaceSubject
from .taken import Taken
from .clause_words import (APPEAR, ONLY, directions_of, from_place, future_of_appearing, generic_rank, governed,
                           negated_card, negated_verb, own_object)
from .lexicon import ALT, DIRECTIONS, FROM, INTO, LEAD, LIST, ON, PLACE_CUES, PLAY, STRONG, UNDER, VERB_CUES, WITH
from .phrases import UNNAMED, Group, antecedents_in, card_groups, has_gram, instrumental, place_at, pronouns_of, state_described


_NOWHERE = frozenset({"некуда", "нікуди", "никуда"})
_DROP_ONTO = frozenset({"сбрасывать", "сбросить", "сбрасываться", "скидывать", "скинуть", "скидати", "скинути"})
"""Verbs of leaving play that, with a foundation named as where, put the card on it («сбросить на базу»)."""

_EMPTIED = frozenset({"опустеть", "опустевший", "опустелый", "освободиться", "освободившийся", "звільнитися", "спорожніти",
                      "опустіти"})
"""«стопка опустела», «колонка освободилась», uk «стовпчик звільнився»: a pile became empty; «туда» after it
in the same sentence is that space (:meth:`Reader._destination`)."""

_ALSO = frozenset({"и", "і", "й", "тоже", "також", "теж"})
"""The additive particle after «потом» / «затем» before the card («а потом и двойку пик»): «also», no list."""

_WHEN = frozenset({"когда", "коли", "когда-нибудь"})
"""A clause after a move opening on «когда» (and naming no move of its own) makes that move conditional."""


def _rule_by_ranks(cl, toks) -> bool:
    """Whether a clause that takes cards off says a rule by ranks: every card a rank with no suit (none the example
    named before, none counted: «две десятки … снимаются вместе» are cards of the example), no card with a suit in the
    clause, and the verb in the present of «they» or of «-ся» («убирают»,
    «снимают», «снимается», uk «знімають»): «Например, десятку убирают с тройкой», «Короля снимают один»."""
    cards = [t for t in toks if t is not None and t is not UNNAMED]
    if not cards or any(t.card.suit is not None or t.notation != "words" or t.count > 1 for t in cards) \
            or any(el.kind == "card" and el.tok.card.suit for el in cl):
        return False
    return any(el.kind == "word" and el.tag is not None and el.tag.POS == "VERB" and "pres" in el.tag.grammemes
               and "3per" in el.tag.grammemes and ("plur" in el.tag.grammemes or el.low.endswith(("ся", "ться")))
               for el in cl)


class Reader(Forms, Discards, Clicks, Referents, Positions, Taken, SpaceSubject):
    """Reads the clauses of one example in order, keeping the pronoun and chain context."""

    def __init__(self, game=None):
        self.game = game  # the game's layout facts (GameContext) or None
        self.ctx = Context()
        self.protos = []
        self.carried = False  # the last clause added cards to the move before it
        self.shown: list[str] = []  # «♥А и ♠К вынесены в базовый ряд»: cards a described position places
        self.playing = False  # the clause before played cards («сыграть ♦6, затем ♦8»)
        self.piles = PileSizes()  # how many cards each card heads, by the moves read so far
        self.ambiguous: list = []  # (token, cards): a rank alone that names one of several cards named before

    @property
    def protos(self) -> ProtoList:
        """The protos read so far, in text order (a :class:`ProtoList`; a list given is wrapped in one)."""
        return self._protos

    @protos.setter
    def protos(self, value) -> None:
        self._protos = ProtoList(value)

    def emit(self, p: Proto) -> None:
        if self.shown:
            p.notes.insert(0, SHOWN_NOTE + ", ".join(self.shown))
            self.shown = []
        self.protos.append(p)
        self.ctx.last_proto = p

    def move(self, cl, movers, target=None, place=None, kind=None, flags=(), notes=(), card_list=None):
        if target is UNNAMED:
            target, notes = None, list(notes) + ["onto a card the text does not name"]
        if movers and (all(generic_rank(t, cl) for t in movers) or target is not None and any(   # «Тузы кладут …; на них
                getattr(target, "start", None) == t.start for t in movers)):   # строят»: the aces onto themselves, a rule
            self.carried = True   # (the clause is read: no finding)
            return Proto([], 0, 0)   # «На пустое место кладут только короля»: a rule, not a move (not kept)
        resolved = [self.resolve_rank(t, cl) for t in movers]
        if target is not None and target is not UNNAMED:
            target_r = self.resolve_rank(target, cl)   # «даму кладут на короля» (the king named before)
        else:
            target_r = target
        if movers and kind == "discard" and _rule_by_ranks(cl, resolved + [target_r]):
            self.carried = True   # «десятку убирают с тройкой», «Короля снимают один»: a rule said by ranks (no finding)
            self.ctx.pairs_named = True   # (the cards of the sentence's list after it leave play so: «…: скажем, ♦Д с ♠Т»)
            return Proto([], 0, 0)
        if card_list is not None:
            swap = {id(a): b for a, b in zip(movers + [target], resolved + [target_r]) if a is not b and a is not None}
            if swap:   # «восьмёрку сбрасываем вместе с пятёркой»: the 8C and 5H named before, in the pair's cards too
                card_list = [next((swap[id(a)].card for a in movers + [target] if a is not None and id(a) in swap
                                   and a.card == c), c) for c in card_list]
        movers, target = resolved, target_r
        if target is not None and target is not UNNAMED:
            at = place_at(cl) if place is None else None
            if at is not None and at[0] == "foundation" and governed(cl, at[1]):
                place = "foundation"   # «кладут в основание на тройку пик»: onto that card, on a foundation
        p = Proto([t for t in movers if t is not UNNAMED], cl[0].start, cl[-1].end, target, place, kind,
                   set(flags), list(notes), card_list=card_list)
        p.from_place = from_place(cl)
        ends = p.movers if "range" in p.flags and len(p.movers) == 2 else None
        if ends is not None and ends[0].card.rank != ends[1].card.rank:
            p.count = p.count or abs(ends[0].card.rank - ends[1].card.rank) + 1   # «от ♦В до ♠6»: six cards
            if {ends[0].card.rank, ends[1].card.rank} == {13, 1} and p.place == "waste" \
                    and ends[0].card.suit and ends[0].card.suit == ends[1].card.suit:
                # «собрал полную масть пик от ♠К до ♠Т и снял её в отбой»: a whole suit leaves for a foundation
                p.place = "foundation"
                p.notes.append("a whole suit, king to ace, «в отбой»: onto a foundation")
        dirs = directions_of(cl) if target is None and place is None else []
        if dirs:
            p.direction = dirs[0]
        st = self.ctx.stock_turned
        if st is not None and st[0] is not p and st[1] == self.ctx.sentence and p.movers \
                and p.movers[0].card == st[0].movers[0].card and st[0] in self.protos:
            self.protos.remove(st[0])   # the stock's card moved on in the same sentence: one move, from the stock
            p.from_place, p.start = p.from_place or "stock", min(p.start, st[0].start)
        ck = self.ctx.clicked
        if ck is not None and ck[0] is not p and ck[1] == self.ctx.sentence and ck[0] in self.protos and (
                not p.movers or p.movers[0].card == ck[0].movers[0].card):
            # «Нажмите на ♠7, и она сама перейдёт на ♥8», «Щёлкните по 9♦: карта ляжет на 10♠»: one move
            self.protos.remove(ck[0])
            p.movers, p.start = p.movers or ck[0].movers, min(p.start, ck[0].start)
            p.notes = [n for n in p.notes if n != "the card moved is not named"] + ck[0].notes
            self.ctx.clicked = None
            movers = p.movers
        if p.movers and p.movers[0].card in self.ctx.taken:
            # «взять из верхнего ряда обе семерки и положить их …»: one move, from where it was taken
            src, start, *_ = self.ctx.taken.pop(p.movers[0].card)
            p.from_place, p.start = p.from_place or src, min(p.start, start)
        if any(t is UNNAMED for t in movers):
            p.notes.append("the card moved is not named")
        self.emit(p)
        if len(dirs) > 1 and any(el.kind == "word" and el.low in ALT for el in cl):
            p.flags.add("alternative")   # «можно передвинуть либо вверх, либо влево»: one move each way
            for d in dirs[1:]:
                self.emit(replace(p, direction=d, flags=set(p.flags), notes=list(p.notes)))
        return p

    def to_each(self, cl, group: Group, target=None, place=None, flags=(), notes=()):
        """One move per card of ``group`` (alternatives flagged), all to the same destination; a
        series («серию ♥7, ♥6») or «X с Y» moves as one."""
        fl = set(flags) | ({"alternative"} if group.alt else set()) | ({"range"} if group.range else set())
        if group.chain and len(group.toks) > 1:
            self.move(cl, group.toks[:1], target, place, flags=fl, notes=notes)
            side = fl & {"right_of", "left_of"}
            self.chain(cl, group.toks[1:], group.toks[0], (set(flags) - {"above", "under"}) | side, inferred=True)
            return
        if (group.series or group.with_) and len(group.cards) > 1:
            self.move(cl, group.toks, target, place, "sequence", fl, notes, card_list=group.cards)
            return
        for t in group.toks:
            for _ in range(t.count):
                p = self.move(cl, [t], target, place, flags=fl, notes=notes)
                p.from_row = group.rows.get(id(t))

    def to_group(self, cl, group: Group, target: CardToken, flags=(), notes=()):
        """A group onto one card: alternatives (or a rank-only target: «на тузы») one by one,
        otherwise one sequence move of all the cards («♠10 и ♦9 — на ♥В»)."""
        together = (group.series or group.with_) and not group.alt
        if group.alt or group.chain or len(group.cards) == 1 or target.card.suit is None and not together:
            # (a rank-only target takes each card alone — «двойки кладут на тузы» —, unless they go as one: «девятку
            # с восьмёркой — на десятку»)
            self.to_each(cl, Group(group.toks, group.i, group.j, group.alt, rows=group.rows, chain=group.chain),
                         target, None, flags, notes)
        else:
            fl = set(flags) | ({"range"} if group.range else set())
            self.move(cl, group.toks, target, None, "sequence", fl, notes, card_list=group.cards)

    def chain(self, cl, toks: list[CardToken], first_target: CardToken, flags=(), inferred=False) -> list[Proto]:
        """Each card onto the one before it, the first onto ``first_target``; returns the protos made (fewer
        than ``toks`` when a card is a rank said in general or its own target: :meth:`move` keeps none)."""
        prev, made = first_target, []
        for n, t in enumerate(toks):
            fl = set(flags) | ({"to_inferred"} if inferred or n else set())
            p = self.move(cl, [t], prev, flags=fl)
            if any(q is p for q in self.protos):
                made.append(p)
            prev = t
        return made

    def clause(self, cl: list[El], alone: bool, sent_flags: set, same_sentence: bool) -> list[Proto]:
        cl = pile_by_card(cl)
        clicked = self._click(cl, alone, sent_flags, same_sentence)
        if clicked is not None:
            return clicked
        # an aside in parentheses is read after its sentence: the move it stands right after
        lp = next((p for p in reversed(self.protos) if 0 <= cl[0].start - p.end <= 4), None) if alone else None
        if lp is not None and lp.movers and lp.from_place is None and not any(el.kind == "card" for el in cl) \
                and from_place(cl) is not None and len(cl) <= 4:
            lp.from_place = from_place(cl)   # «8. ♦9–♣10 (из ячейки)»: where the move just before takes its card
            self.carried = True
            return []
        words = [el.low for el in cl if el.kind == "word"]
        if lp is not None and len(lp.movers) == 1 and lp.target is not None and len(words) == 2 \
                and words[0] in ALT and words[1] in ("наоборот", "навпаки"):
            # «♠3 помещается на ♠4 (или наоборот)»: the reverse move, the other option
            lp.flags.add("alternative")
            rev = Proto([lp.target], cl[0].start, cl[-1].end, lp.movers[0], flags=set(lp.flags),
                        notes=["«или наоборот»: the reverse of the move before"])
            self.protos.insert(self.protos.index(lp) + 1, rev)
            self.carried = True
            return [rev]
        options = self._direction_options(cl)
        if options is not None:
            return options
        cl = self._verdict_on_last(cl)
        if not cl:
            return []
        cl = self._found_then_moved(cl)
        cl, pile_head = self._pile_named(cl)
        before = made_so_far()
        self.protos.low = len(self.protos)
        groups = card_groups(cl)
        prons = pronouns_of(cl)
        flags = set(sent_flags)
        if any("PROHIB" in el.cues for el in cl) or negated_card(cl) or negated_verb(cl):
            flags.add("prohibited")
        lead = cl[0] if cl[0].kind == "word" else None
        alt_lead = lead is not None and (lead.low in ALT or "ALT" in lead.cues)
        if alt_lead:
            flags.add("alternative")
        if not same_sentence:
            self.ctx.prev_named = []
            self.ctx.prev_verb = None
            self.ctx.pairs_named = False
            self.ctx.pending_list = []   # «Начальная позиция: открыты ♥5, ♣9, ♦В. 1. ♠4 — ♥5»: a list of another sentence
        if future_of_appearing(cl):
            flags.add("conditional")   # «выйдет валет бубен — на даму треф»: when it comes out
        prev_proto = self.ctx.last_proto
        if self.ctx.turn_pending == self.ctx.sentence and len(groups) == 1 and len(groups[0].toks) == 1 \
                and groups[0].toks[0].card.suit and all(el.kind in ("card", "punct") for el in cl):
            self.ctx.turn_pending = -1   # «Ходов нет — открываем карту колоды: 9♣»: the card turned onto the waste
            p = self.move(cl, groups[0].toks, place="waste", flags=flags, notes=["turned up from the stock onto the waste"])
            p.from_place = "stock"
            self.ctx.stock_turned = (p, self.ctx.sentence)
            return [p]
        self.ctx.took = False
        if any(el.kind == "word" and el.lemma in _EMPTIED for el in cl):
            self.ctx.emptied, self.ctx.emptied_made = self.ctx.sentence, len(self.protos)
        verb = self._read(cl, groups, prons, flags, alone)
        said = next(((PLACE_CUES[c], k) for k in range(1, len(cl)) for c in cl[k].cues & set(PLACE_CUES)
                     if cl[k - 1].kind == "word" and cl[k - 1].low in INTO | ON), None)
        if said is not None and said[0] in ("foundation", "waste", "cell", "reserve"):
            # («туз пік уже в домі»: where a card is, a place named, in any case; «туди ж» after it goes there)
            self.ctx.place_said = (self.ctx.sentence, said[0], cl[said[1]].start)
        if self.ctx.took:
            verb = "TAKE"   # (a list of cards taken goes on: «…, затем 7♥, затем 6♠»)
        if verb in ("REMOVE", "TAKE", "PAIR") and any(el.kind == "word" and el.lemma == "пара" for el in cl):
            self.ctx.pairs_named = True
        paired = [el.tok for el in cl if el.kind == "card" and el.tok.card.suit]
        pair_word = any(el.kind == "word" and el.lemma == "пара" for el in cl)
        if pair_word and not paired:
            self.ctx.pair_word = self.ctx.sentence   # «Открылась пара: восьмерка бубен и пятерка пик»
        if len(paired) == 2 and (pair_word or self.ctx.pair_word == self.ctx.sentence and not has_predicate(cl)) \
                and not any(p.movers for p in self.protos.made_since(before)):
            self.ctx.pair_seen = (paired, self.ctx.sentence)   # «открылась пара 8 и 5 (♦8 и ♠5)»: «её» next is it
        if not alone:
            self.ctx.prev_verb = verb
        made = self.protos.made_since(before)
        prev_made = self.ctx.prev_made if same_sentence else []
        if made and prev_made and cl[0].kind == "word" and cl[0].low in _WHEN and not alone and all(
                p.target is None and p.place is None and p.direction is None for p in made):
            # «4♠ тоже на 5♥ не забудь, когда 5♥ ляжет»: the card it waits for, no move of its own
            self.protos = [p for p in self.protos if p not in made]
            made = []
            self.carried = True
        if not made and prev_made and cl[0].kind == "word" and cl[0].low in _WHEN and not alone:
            for p in prev_made:   # «…, а ♥10 — на ♠В, когда тот откроется»: the move waits for it
                p.flags.add("conditional")
        if not alone:
            self.ctx.prev_made = made
        self._piles_after(made, pile_head)
        if alt_lead and same_sentence and made and prev_proto is not None and prev_proto.movers and \
                made[0].movers and made[0].movers[0].card == prev_proto.movers[0].card:
            prev_proto.flags.add("alternative")   # «на ♠5 | или на ♣5»: the first option is one too
        elif alt_lead and same_sentence and made and prev_made and all(
                (p.target is not None or p.place) and p.kind != "discard" for p in made + prev_made) \
                and any("alternative" in p.flags for p in made):
            for p in prev_made:   # «Можно переложить ♥9 на ♠10 | или ♦4 на ♣5»: two moves, one or the other
                p.flags.add("alternative")
        if not alone:
            subj = self.subject_of(cl, prons)
            if subj is not None and not generic_rank(subj, cl):
                self.ctx.subject, self.ctx.subject_sentence = subj, self.ctx.sentence
        if made and any(p.movers for p in made):
            self.ctx.last_movers = next(p.movers for p in reversed(made) if p.movers)
            self.ctx.prev_moved = True
        else:
            self.ctx.prev_moved = bool(made)
        named = antecedents_in(cl)
        suit_word = next((el for el in cl if el.kind == "word" and el.lemma == "масть"), None)
        if suit_word is not None and not any(el.kind == "card" for el in cl):
            self.ctx.whole_suit = (self.ctx.sentence, suit_word.start)
        self.ctx.history.extend(named)
        self.ctx.prev_named = [t for t in named if t is not UNNAMED]
        self.ctx.prev_alt = any(g.alt for g in groups)
        several = [g for g in groups if len(g.toks) > 1 and g.with_]
        if several:
            self.ctx.last_group = several[-1]
        bare = [el.tok for el in cl if el.kind == "card"]
        suited = [g for g in groups if all(t.card.suit for t in g.toks)]
        if len(groups) > 1 and len(suited) == 1 and len(suited[0].toks) >= 2:
            # «валет, дама и король любой масти, например валет бубен, дама пик и король червей»: the
            # ranks say the rule, the cards with their suit are the example's list
            bare, groups = suited[0].toks, suited
        if not made and not alone and len(bare) >= 2 and not has_predicate(cl) and len(groups) == 1:
            self.ctx.pending_list = bare
        elif (made or has_predicate(cl)) and not (cl[0].kind == "word" and cl[0].tag is not None
                                                  and cl[0].tag.POS in ("PRTF", "GRND")):
            self.ctx.pending_list = []   # (a participle beside the list keeps it: «…, лежащие одна на другой, …»)
        return made

    def _pile_named(self, cl: list[El]) -> tuple[list[El], object]:
        """«а потом всю стопку — на 10♣», uk «а потім усю купку — на K♠»: the pile named stands for the card
        the move just before went onto (it heads the pile just made) — the clause is read with that card in
        the pile's place; «K♠ з усією купкою — на порожнє місце»: the card before moves with its pile (the
        phrase is read past). Returns the clause to read and the card whose pile moves (None if no pile is
        named; its moves get the pile's ``count`` in :meth:`_piles_after`). :mod:`.piles`."""
        ph = whole_pile(cl)
        if ph is None:
            return cl, None
        s, e, with_ = ph
        if with_:
            head = next((el.tok for el in reversed(cl[:s]) if el.kind == "card"), None)
            if head is None or self.piles.size(head.card) <= 1:
                return cl, None   # (a pile the example did not build: its count is the text's, «(пять карт)»)
            return cl[:s] + cl[e:], head.card
        if any(el.kind == "card" for el in cl[:s]):
            return cl, None   # «♠10 и всю стопку …»: the cards are named
        lp = self.ctx.last_proto
        if lp is None or not self.ctx.prev_moved or lp.target is None or lp.target is UNNAMED \
                or lp.flags & {"prohibited", "conditional", "alternative"}:
            return cl, None
        head = self.piles.root(lp.target.card)   # the pile just made, from the card at its bottom
        tok = replace(lp.target, card=head, start=cl[s].start, end=cl[e - 1].end, raw=" ".join(el.text for el in cl[s:e]))
        el = El("card", tok.start, tok.end, tok.raw, tok=tok, lang=cl[s].lang)
        return cl[:s] + [el] + cl[e:], tok.card

    def _piles_after(self, made: list[Proto], head) -> None:
        """Count the piles the clause's moves build (:class:`.piles.PileSizes`); a move of the card whose pile a
        clause named (``head``) gets the pile's ``count``."""
        for p in made:
            if not p.movers or p.kind in ("discard", "play", "deal") or p.flags & {"prohibited", "conditional", "alternative"}:
                continue
            mover = p.movers[0].card
            if head is not None and mover == head and p.count is None and self.piles.size(mover) > 1:
                p.count = self.piles.size(mover)
                p.notes.append(f"the pile it heads moves with it: {p.count} cards")
            count = p.count or (len(p.movers) if p.kind == "sequence" else None)
            onto = p.target.card if p.target is not None and p.target is not UNNAMED else None
            self.piles.moved(mover, onto, count)

    def _lies_too(self, cl, groups) -> bool:
        """«В верхнем ряду лежали дама треф, …, а под дамой треф — дама червей»: after a clause of where cards lie
        (no move verb), a verbless «а под X — Y» / «и на X — Y» in the same sentence, X one of the cards it named and
        Y a new one, says where Y lies too — a position, not a move (recorded as shown)."""
        if self.ctx.state_sentence != self.ctx.sentence or len(groups) != 2 or not any(el.kind == "dash" for el in cl):
            return False
        k = 0
        while k < len(cl) and cl[k].kind == "word" and cl[k].low in LIST | STRONG:
            k += 1
        where, what = groups
        if not (k < len(cl) and cl[k].kind == "word" and cl[k].low in UNDER | ON and where.i == k + 1
                and cl[where.j].kind == "dash" and what.i == where.j + 1
                and where.toks[0].card in self.ctx.state_cards and what.toks[0].card not in self.ctx.state_cards):
            return False   # (X one of the cards just said to lie there, Y a new one)
        self.shown.extend(f"{t.card.format()} on:{where.toks[0].card.format()}" for t in what.toks if t.card.suit)
        self.carried = True
        return True

    _JUDGED = frozenset({"правильный", "верный", "ошибочный", "неправильный", "неверный", "законный", "допустимый",
                         "запрещённый", "запрещенный", "правильний", "вірний", "помилковий", "неправильний", "хибний",
                         "дозволений", "заборонений"})

    def _move_judged(self, cl, groups) -> bool:
        """«Ход ♥8 на ♠9 в начале партии правильный», uk «Хід 7♦ на 8♠ помилковий»: a move the text made before,
        cited by «ход» and judged — told again, no new move (read, no finding). Only when an earlier move of the
        example has that card and destination."""
        if not cl or cl[0].kind != "word" or cl[0].lemma not in ("ход", "хід") or not groups \
                or not any(el.kind == "word" and el.lemma in self._JUDGED for el in cl):
            return False
        mover = groups[0].toks[0].card
        onto = next((g.toks[0].card for g in groups[1:] if g.prep in ON), None)
        if not any(p.movers and p.movers[0].card == mover and (onto is None or p.target is not None and p.target.card == onto)
                   for p in self.protos):
            return False
        self.carried = True
        return True

    _THAT = frozenset({"так", "это", "этого", "це", "цього", "такое", "таке", "но", "але", "однако", "однак", "проте"})

    def _verdict_on_last(self, cl: list[El]) -> list[El]:
        """«класть 7♥ на 8♦. Так нельзя, …», «Це не можна»: a prohibition of the move just read, said
        after it («…, але не можна — однаковий колір»); the move before gets ``prohibited`` and the rest of the clause (after the comma) is
        read on its own («…, правильно 7♥ на 8♠ или 8♣»). Returns the clause left to read."""
        lp = self.ctx.last_proto
        if lp is None or not lp.movers or len(cl) < 2 or cl[0].kind != "word" or cl[0].low not in self._THAT:
            return cl
        k = 1
        while k < len(cl) and cl[k].kind == "word" and "PROHIB" not in cl[k].cues and k < 3:
            k += 1
        if k >= len(cl) or "PROHIB" not in cl[k].cues or any(el.kind == "card" for el in cl[:k + 1]):
            return cl
        if cl[0].low in STRONG and any(el.kind == "card" for el in cl):
            return cl   # «…, але не на ♣8»: another destination forbidden, read as a move of its own
        lp.flags.add("prohibited")
        lp.notes.append(f"«{cl[0].text} {cl[k].text}» after it: the move is forbidden")
        comma = next((i for i, el in enumerate(cl) if el.kind == "punct" and el.text == ","), None)
        return cl[comma + 1:] if comma is not None else []

    def _direction_options(self, cl: list[El]) -> list[Proto] | None:
        """«Далее ♦Д можно передвинуть | либо вверх, | либо влево»: the directions the move before may
        take, one move each, alternatives; ``None`` when the clause is not such an option."""
        dirs = directions_of(cl)
        lp = self.ctx.last_proto
        if not dirs or lp is None or not lp.movers or lp.target is not None or lp.place is not None or not all(
                el.kind == "word" and (el.low in ALT or el.low in DIRECTIONS) or el.kind == "punct" for el in cl):
            return None
        made = []
        if lp.direction is None:
            lp.direction = dirs.pop(0)
            lp.flags.add("alternative")
        for d in dirs:
            p = replace(lp, direction=d, flags=set(lp.flags) | {"alternative"}, notes=list(lp.notes),
                        start=cl[0].start, end=cl[-1].end)
            self.emit(p)
            made.append(p)
        return made

    def _read(self, cl, groups, prons, flags, alone) -> str | None:
        """Read one clause; returns its move verb class (``"COVER"``, ``"PLACE"`` …) or ``None``."""
        inside = {k for g in groups if g.chain for k in range(g.i, g.j)}   # «♠2 и вслед за ней ♠3»: no verb
        verb_i = next((i for i, el in enumerate(cl) if el.cues & set(VERB_CUES) and "PLACE_NOUN" not in el.cues
                       and i not in inside), None)
        verb = None
        if verb_i is not None:
            c = cl[verb_i].cues
            verb = next(v for v in ("REMOVE", "PAIR", "FOLLOW", "FILL", "COVER_PASS", "COVER", "PLACE", "TAKE") if v in c)
            if verb in ("TAKE", "PAIR"):
                # «♦9 и ♣9 составляют пару и снимаются»: a pair leaves play; «♦3 снимается с ♠4 и кладется
                # на базу»: the verb that places wins over the one that takes
                later = {v for el in cl if "PAIR" not in el.cues   # («идёт в пару с»: one verb of pairing)
                         for v in el.cues & set(VERB_CUES)} - {"TAKE", "PAIR"}
                together = any(el.kind == "word" and (el.low in ("вместе", "разом") or el.lemma == "пара")
                               for el in cl) and \
                    verb == "TAKE" and place_at(cl) is None and not any(g.prep in ON for g in groups)
                if (any("PAIR" in el.cues for el in cl) or together) and not later & {"PLACE", "FILL", "COVER", "COVER_PASS"}:
                    verb = "PAIR"   # («девятку и десятку пик … можно снять вместе»: a pair taken off)
                elif later:
                    verb_i = next(i for i, el in enumerate(cl) if el.cues & later and "PLACE_NOUN" not in el.cues)
                    c = cl[verb_i].cues
                    verb = next(v for v in ("REMOVE", "FOLLOW", "FILL", "COVER_PASS", "COVER", "PLACE") if v in c)
            seen = self.ctx.pair_seen
            if verb == "TAKE" and seen is not None and seen[1] >= self.ctx.sentence - 1 and not groups \
                    and any(p[3] == "femn" and p[2] in ("accs", "nomn") for p in prons) and place_at(cl) is None:
                verb = "PAIR"   # «открылась пара …; ее снимают тоже»: the pair taken off
            where = (place_at(cl) or (None,))[0] if verb in ("PLACE", "REMOVE") else None
            if verb == "PLACE" and cl[verb_i].lemma in _LEAVE and self.ctx.last_discard is not None \
                    and where is None and not any(g.prep in ON | INTO | UNDER for g in groups):
                verb = "REMOVE"   # «Так же уходят десятка пик и десятка бубен» after a pair: they leave play
            if verb == "PLACE" and cl[verb_i].lemma in _LEAVE and self.game is not None and self.game.pairs \
                    and (where == "waste" or where is None and any(g.with_ or g.prep in WITH for g in groups)):
                verb = "REMOVE"   # «6♠ и 7♥ уходят в сброс», «Сімка пішла разом із шісткою» in a game of pairs: they leave play together
            if verb == "REMOVE" and where == "waste" and any(
                    g.range and len(g.toks) == 2 and {t.card.rank for t in g.toks} == {13, 1}
                    and g.toks[0].card.suit and g.toks[0].card.suit == g.toks[1].card.suit for g in groups):
                verb = "PLACE"   # «собрал масть червей от ♥К до ♥Т и убрал её в отбой»: a whole suit, to a foundation
            if verb == "REMOVE" and where == "waste" and not (self.game is not None and self.game.pairs) \
                    and not any(g.prep in WITH for g in groups) and not any(el.kind == "word" and el.lemma == "пара" for el in cl):
                verb = "PLACE"   # «3♦ скидаємо у відбій», «♦3 сбрасываем в отбой» (Golf, Klondike): onto the waste pile
            if verb == "REMOVE" and cl[verb_i].lemma in _DROP_ONTO and not (self.game is not None and self.game.pairs) \
                    and any(g.prep in ON and g.i > verb_i for g in groups):
                verb = "PLACE"   # «скинь шістку пік на ту сімку», «сбрасываем ♥5 на ♠6»: dropped onto a card, still in play
            if verb == "REMOVE" and where in ("reserve", "cell"):
                verb = "PLACE"   # «откладывают в запас», «відкладаємо в комірку»: put aside into a place, still in play
            if verb == "REMOVE" and where == "foundation" and (cl[verb_i].lemma in _DROP_ONTO or not (
                    self.game is not None and self.game.pairs) and not any(g.prep in WITH for g in groups)):
                verb = "PLACE"   # «Сбрасываем 8♣ на базу», «скидаємо туза в дім»: dropped onto a foundation, still in play
            if verb == "TAKE" and any(g.prep in WITH and instrumental(g.toks[0], cl[verb_i].lang) for g in groups):
                verb = "PAIR"   # «валет чирв, який знімається з двійкою пік»: taken off *with* a card
            at = place_at(cl) if verb == "TAKE" else None
            if at is not None and governed(cl, at[1]) and at[0] in ("foundation", "space", "cell", "reserve", "waste"):
                verb = "PLACE"   # «снимаем туза треф на базу», uk «Туза треф знімаємо на базу»: taken off onto a place
            if verb == "TAKE" and any(g.prep in ON | INTO for g in groups) and from_place(cl) is not None \
                    and any(g.prep not in ON | INTO | FROM for g in groups):
                verb = "PLACE"   # «Снимаешь 5♥ с базы на 6♠»: taken from a place and put onto a card in one clause
            own = cl[max((i for i in range(verb_i) if cl[i].kind == "dash"), default=-1) + 1:]
            if verb == "TAKE" and self.game is not None and self.game.pairs and place_at(cl) is None \
                    and not any(g.prep in ON | INTO | UNDER for g in groups) and not from_place(own):
                # a game whose cards leave play in pairs: «♠Д снимается с ♣Т», «знімаю двох королів»; «Из колоды
                # приходит ♦8 — её можно снять с ♦5»: where it came from is the clause before the dash
                verb = "PAIR"
            if verb == "COVER" and has_gram(cl[verb_i].tag, "pssv"):
                verb = "COVER_PASS"
        if alone:
            return None  # an aside in parentheses explains, it does not move: its cards are mentions
        if any("STATE" in el.cues for el in cl) and verb_i is None:
            self.ctx.state_sentence = self.ctx.sentence
            self.ctx.state_cards = [t.card for g in groups for t in g.toks]
        if verb_i is None and self._lies_too(cl, groups):
            return None
        if verb_i is None and self._move_judged(cl, groups):
            return None
        if verb_i is not None and cl[verb_i].tag is not None and cl[verb_i].tag.POS == "INFN" and any(
                "INTENT" in el.cues for el in cl[:verb_i]):
            return None  # «игрок постарается сначала поместить девятку наверх колонки»: an aim, not a move
        if verb_i is not None and any("UNTIL" in el.cues for el in cl[:verb_i]):
            return None  # «подождать, пока не будет выложена другая ♠3»: what is waited for, not a move
        played = next((i for i, el in enumerate(cl) if el.kind == "word" and el.lemma in PLAY), None)
        lead = next((el for el in cl if not (el.kind == "word" and el.low in LIST | STRONG)), None)
        if played is None and verb_i is None and self.playing and lead is not None and lead.kind == "word" \
                and "NEXT" in lead.cues:
            played = cl.index(lead)   # «…, затем ♦8 с левого фланга», «…, а затем ♣5»: the play goes on
        self.playing = False
        if verb_i is None and played is not None and "prohibited" not in flags and "conditional" not in flags:
            # «Это позволит сыграть ♦6, затем ♦8 с левого фланга»: cards played, where to not said — moves of
            # kind ``play`` with no destination (the engine plays each on the one foundation that takes it)
            toks = [el.tok for k, el in enumerate(cl) if k > played and el.kind == "card" and el.tok.card.suit
                    and not (cl[k - 1].kind == "word" and cl[k - 1].low in ON | INTO | FROM)]
            if toks:
                for t in toks:
                    self.move(cl, [t], kind="play", flags=flags, notes=["played: the text does not say where"])
                self.playing = True
                return None
        if self._first_laid(cl, groups, flags):
            return verb
        if self._space_filled(cl, groups, flags):
            return "FILL"   # «Освободившееся место занято ♦В», «Окно … может быть занято только ♣8»
        if verb_i is not None and state_described(cl, verb_i):
            # «♠Т, ♣Т и ♦К помещены в базовый ряд»: moves the text reports as made (a card on a
            # foundation, the waste, a reserve or a cell got there by a move), flagged «described»;
            # «піковий туз (ПА) покладено в початок 6-го ряду», «Тузы вынесены»: the position
            # dealt, not a move; its named cards are passed on as shown (note of the next move)
            if verb == "PAIR" and sum(1 for g in groups for t in g.toks if t.card.suit) >= 2 \
                    and "conditional" not in flags and "prohibited" not in flags:
                # «также вѣрно сняты семерка пикъ вмѣстѣ съ шестеркою бубенъ»: a pair reported as taken off
                self._discard(cl, groups, prons, verb_i, flags | {"described"}, [])
                return verb
            at = place_at(cl, verb_i)
            named = [el.tok for el in cl[:verb_i] if el.kind == "card" and el.tok.card.suit and not el.tok.card.joker
                     and not (cl.index(el) and cl[cl.index(el) - 1].kind == "word" and cl[cl.index(el) - 1].low in FROM)]
            if at is not None and "prohibited" not in flags and "conditional" not in flags:
                if at[0] in ("foundation", "waste", "reserve", "cell") and named:
                    self.to_each(cl, Group(named, 0, verb_i), None, at[0], flags | {"described"},
                                 ["reported as made («" + cl[verb_i].text + "»)"])
                    return verb
                self.shown.extend(f"{t.card.format()} {at[0]}" for t in named)
            return None
        if verb_i is None and self._state(cl, groups, flags):
            return None
        if verb_i is None and self._turned_from_stock(cl, groups, flags):
            return None
        if verb_i is None and any("TURN" in el.cues or el.kind == "word" and el.lemma in APPEAR for el in cl) \
                and not any(el.kind == "dash" for el in cl):
            return None   # «Под дамой открылся ♥Т», «под ним окажется двойка»: a card found where it lies, not a move
        if verb_i is None and not any(el.kind == "dash" for el in cl) and any(
                el.kind == "word" and el.lemma in ("быть", "бути") for el in cl) and any(
                el.kind == "word" and el.low in UNDER | {"из-под", "з-під", "зпід"} for el in cl):
            return None   # uk «під дев'яткою був туз пік», «под ним была двойка»: where a card lay, not a move
        if any(el.kind == "word" and el.low in _NOWHERE for el in cl):
            self.carried = True   # (read: no finding)
            return None   # «10♦ переносить некуда», uk «нікуди»: no move the card can make
        if verb_i is None and any("ABSENT" in el.cues for el in cl) and not negated_card(cl):
            return None   # «пиковой дамы на короле пик еще нет»: what is not there, not a move
        self._forms(cl, groups, prons, flags, alone, verb_i, verb)
        return verb

    def _forms(self, cl, groups, prons, flags, alone, verb_i, verb):
        """Match the clause against the phrase forms, in order (see the module docstring)."""
        elided: list[CardToken] = []
        lead = next((el for el in cl if not (el.kind == "word" and el.low in LIST | STRONG | LEAD)), None)
        if not alone and lead is not None and lead.kind == "word" and lead.tag is not None and lead.tag.POS == "PRTF" \
                and "past" in lead.tag.grammemes and lead.cues & {"COVER", "PLACE"} and self.ctx.history \
                and 0 <= cl[0].start - self.ctx.history[-1].end <= 3:
            # «потому что ♣10, покрывшая ♣В, требует …», «♥9, помещенная на ♥8, требует …»: a past participle set off
            # after a card tells where it lies (or would lie), not a move of the example
            self.carried = True   # (read: no finding)
            return
        if not alone and lead is not None and lead.kind == "word" and lead.tag is not None and lead.tag.POS == "PRTF":
            # «♣10, покрывающая ♣В»: a participle tells about the card named just before it
            named = [t for t in self.ctx.history if t is not UNNAMED]
            elided = named[-1:]
        elif not alone and self._starts_with_predicate(cl, verb_i) and not own_object(cl):
            if self.ctx.subject is not None and self.ctx.subject_sentence == self.ctx.sentence:
                elided = [self.ctx.subject]
            elif self.ctx.prev_moved and self.ctx.last_movers:
                elided = list(self.ctx.last_movers)
            elif verb in ("PLACE", "COVER"):
                taken = [v[2] for v in self.ctx.taken.values() if v[4] == self.ctx.sentence]
                if len(taken) == 1:
                    elided = taken   # «беремо червову кралю і кладемо на короля пік»: the card taken up is put
        dashes = [i for i, el in enumerate(cl) if el.kind == "dash"]

        if verb in ("REMOVE", "PAIR"):  # «изъять», «сбрасывается», «берется вместе с»: the card leaves play
            return self._discard(cl, groups, prons, verb_i, flags, elided)
        if verb == "TAKE":  # «Из отбоя берём ♣6», «♦3 снимается с ♠4»: where the next move takes it from
            return self._take(cl, groups, prons, elided)
        if verb is None and self._discard_continued(cl, groups, flags):
            return
        if verb is None and self._pair_list(cl, groups, flags):
            return
        if verb is None and self._pair_named(cl, groups, flags):
            return
        if verb is None and self._instance(cl):
            return
        if self._carried(cl, groups, prons):
            return
        if (verb is None or verb == "FOLLOW" and not any(p[1] == "relative" for p in prons) and place_at(cl) is None) \
                and self._target_first(cl, groups, prons, flags):   # («За нею до відбою пішла …»: into the place)
            return
        if dashes and self._dash_moves(cl, groups, prons, dashes, flags, elided):
            return
        if verb == "COVER_PASS":
            return self._cover_passive(cl, groups, prons, verb_i, flags, elided)
        if verb == "COVER":
            return self._cover(cl, groups, prons, verb_i, flags, elided)
        if verb in ("PLACE", "FILL", "FOLLOW"):
            return self._place(cl, groups, prons, verb_i, verb, flags, elided)
        if any("NEXT_CARD" in el.cues for el in cl) and groups:
            g = groups[0]
            for t in g.toks:
                self.move(cl, [t], kind="deal", flags=flags | ({"alternative"} if g.alt else set()),
                          notes=["the next card dealt"])
            return
        if self._elliptic(cl, groups, prons, flags, elided):
            return
        # «♥2 не может»: the move before, forbidden for this card
        if groups and "prohibited" in flags and self.ctx.last_proto is not None and self.ctx.prev_moved:
            lp = self.ctx.last_proto
            if groups[0].prep in ON | INTO and lp.movers and len(groups) == 1:
                # «Даму пик на короля червей кладу, а на короля пик — нет»: the card before, not onto this one
                self.move(cl, lp.movers[:1], groups[0].toks[0], flags=flags,
                          notes=["the card of the move before (ellipsis), onto this card"])
                return
            for t in groups[0].toks:
                self.move(cl, [t], lp.target, lp.place, flags=flags, notes=["destination of the move before (ellipsis)"])
            return
        # a list continuing a chain: «в следующем порядке: ♠8, ♦9 …», «затем ♥9, ♠8 и ♠7»
        skip = 0
        while skip < len(cl) and cl[skip].kind == "word" and cl[skip].low in LIST | STRONG:
            skip += 1
        also = len(groups) == 1 and groups[0].i == skip + 2 and "NEXT" in cl[skip].cues and cl[skip + 1].kind == "word" \
            and cl[skip + 1].low in _ALSO   # «а потом и двойку пик», uk «а потім і двійку пік»: «и» is «also» here
        if len(groups) == 1 and (groups[0].i <= skip + 1 or also):
            lead = cl[skip]
            if self.ctx.pending_target is not None:
                self.chain(cl, groups[0].toks, self.ctx.pending_target, flags)
                self.ctx.pending_target = None
            elif self.ctx.prev_verb == "TAKE" and not self.ctx.prev_moved and verb is None and not groups[0].with_:
                for t in groups[0].toks:   # «знімаємо двійку бубон, потім трійку пік»: taken up too
                    self.ctx.taken[t.card] = (None, cl[0].start, t, cl[-1].end, self.ctx.sentence)
                self.ctx.took = True
            elif lead.kind == "word" and "NEXT" in lead.cues and self.ctx.prev_moved \
                    and self.ctx.last_proto is not None and self.ctx.last_proto.movers:
                lp = self.ctx.last_proto
                if lp.place == "waste" and lp.target is None:   # «у відбій пішла вісімка, а потім дев'ятка»: there too
                    self.to_each(cl, groups[0], None, "waste", flags | {"to_inferred"}, ["where the move before went"])
                else:
                    self.chain(cl, groups[0].toks, lp.movers[-1], flags, inferred=True)
        elif len(groups) > 1 and groups[0].i <= skip + 1 and verb is None and cl[skip].kind == "word" \
                and "NEXT" in cl[skip].cues and self.ctx.prev_moved and self.ctx.last_proto is not None \
                and self.ctx.last_proto.movers and not any(g.prep in ON | INTO | UNDER for g in groups) \
                and all(t.card.suit for g in groups for t in g.toks):
            # «…, следом 3♥ из второго столбца и 4♥ из ячейки»: the list goes on across where each comes from
            toks = [t for g in groups for t in g.toks]
            made = {id(p.movers[0]): p for p in self.chain(cl, toks, self.ctx.last_proto.movers[-1], flags, inferred=True)}
            for g, nxt in zip(groups, groups[1:] + [None]):
                src = from_place(cl[g.j:nxt.i if nxt is not None else len(cl)])   # each card's own source
                for t in g.toks:
                    if id(t) in made:
                        made[id(t)].from_place = src

    def _starts_with_predicate(self, cl, verb_i) -> bool:
        """Whether the clause opens with its predicate (its subject left out: «и покрывается ♥2»)."""
        k = 0
        while k < len(cl) and cl[k].kind == "word" and cl[k].low not in ON | UNDER and (
                cl[k].low in LIST | STRONG | LEAD or cl[k].cues & {"IMPERS", "PROHIB", "COND", "ALT"}
                or cl[k].lemma in ("мочь", "быть", "следовать", "должный", "лучше") or cl[k].low in ONLY):
            k += 1
        if k >= len(cl):
            return False
        el = cl[k]
        return (verb_i is not None and k == verb_i) or (el.kind == "word" and el.low in ON) or el.kind == "dash"

    # -- the forms ------------------------------------------------------------------------
