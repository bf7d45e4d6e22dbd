"""Reads the clauses of one example in order, keeping the pronoun and chain context, and turns each
clause into proto-moves by the phrase forms (:mod:`.forms`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pasyans import morph
from pasyans.cards import Card

from ..notation import CardToken
from .elements import El, has_predicate
from .facts import SHOWN_NOTE
from .clicks import Clicks, pile_by_card
from .discards import _LEAVE, Discards
from .forms import Forms
from .lexicon import (ALT, DIRECTIONS, FROM, INTO, LEAD, LIST, ON, PARENTHETICAL, PERSONAL, PLACE_ADVERBS, PLACE_CUES, PLAY, STRONG, UNDER,
                      VERB_CUES, WITH)
from .phrases import (UNNAMED, Group, agrees, antecedents_in, card_groups, has_gram, instrumental, place_at,
                      pronouns_of, state_described)


_NUMBER = {"обе": 2, "обидві": 2, "обі": 2, "оба": 2, "обидва": 2, "обое": 2, "два": 2, "две": 2, "дві": 2, "три": 3, "четыре": 4, "чотири": 4,
           "пять": 5, "п'ять": 5, "шесть": 6, "шість": 6, "семь": 7, "сім": 7, "восемь": 8, "вісім": 8,
           "десять": 10, "двенадцать": 12, "дванадцять": 12, "шестнадцать": 16, "шістнадцять": 16,
           "двадцать": 20, "двадцять": 20, "тройка": 3, "трійка": 3, "четверка": 4, "четвірка": 4}
# («эта тройка карт», «ця трійка карт»: a group noun, read as a count only before «карт»)
"""Numerals that count cards («три карты», «шестнадцать карт»), by lemma."""


_SOURCES = {"FOUNDATION": "foundation", "WASTE": "waste", "RESERVE": "reserve", "CELL": "cell", "STOCK": "stock"}


def from_place(cl: list[El]) -> str | None:
    """The place a clause takes its card from: «из колоды» → ``stock``, «с базового туза», «з бази»
    → ``foundation``, «из резерва», «из отбоя», «из ячейки»; ``None`` when it names none."""
    for i, el in enumerate(cl):
        for cue, place in _SOURCES.items():
            if cue in el.cues:
                k = i - 1
                while k >= 0 and cl[k].kind == "word" and cl[k].tag is not None and cl[k].tag.POS in ("ADJF", "PRTF"):
                    k -= 1
                if k >= 0 and cl[k].kind == "word" and cl[k].low in FROM - {"под", "от", "від"} | {"зі", "изо"}:
                    return place
    return None


_APPEAR = frozenset({"оказаться", "оказываться", "показаться", "появиться", "опинитися", "виявитися", "з'явитися",
                     "видный", "видно", "виднеться", "видніти", "видніється"})
"""Verbs of a card found where it lies («под ним окажется двойка»), read with TURN and STATE."""
_NOWHERE = frozenset({"некуда", "нікуди", "никуда"})
_COME_OUT = frozenset({"выйти", "прийти", "открыться", "появиться", "показаться", "вийти", "відкритися", "з'явитися",
                       "показатися"})


def _future_of_appearing(cl: list[El]) -> bool:
    """Whether the clause opens (after «а», «и», «если» …) on a future of coming out or turning up and
    names a card: «выйдет валет бубен — на даму треф», uk «вийде туз — на базу» (the move waits for it)."""
    k = 0
    while k < len(cl) and cl[k].kind == "word" and (cl[k].low in LIST | STRONG | LEAD or cl[k].low in ("же", "ж")):
        k += 1
    return k < len(cl) and cl[k].kind == "word" and cl[k].lemma in _COME_OUT and cl[k].tag is not None \
        and "futr" in cl[k].tag.grammemes and any(el.kind == "card" for el in cl[k + 1:])

_DROP_ONTO = frozenset({"сбрасывать", "сбросить", "сбрасываться", "скидывать", "скинуть", "скидати", "скинути"})
"""Verbs of leaving play that, with a foundation named as where, put the card on it («сбросить на базу»)."""

_DRAW = frozenset({"тянуть", "вытянуть", "вытягивать", "тягнути", "витягнути", "витягати", "витягувати", "тащить",
                   "вытащить", "тягти"})
"""Verbs of drawing a card from the stock («тянем из колоды … тройка треф», uk «тягнемо з колоди — 5♠»)."""

_OPEN = frozenset({"открытый", "открыть", "відкритий", "відкрити", "відкрито", "видный", "видний", "видно"})
"""«открыта / відкрита X», «видна / видно X»: a card shown open, the subject of what follows."""

_EMPTIED = frozenset({"опустеть", "опустевший", "опустелый", "освободиться", "освободившийся", "звільнитися", "спорожніти",
                      "опустіти"})
"""«стопка опустела», «колонка освободилась», uk «стовпчик звільнився»: a pile became empty; «туда» after it
in the same sentence is that space (:meth:`Reader._destination`)."""

_SUIT_STEMS = frozenset({"пик", "пік", "чер", "чир", "буб", "тре"})
"""First letters of suit adjectives («пікові», «червонные»), which pymorphy3 may read as nouns."""

_ONLY = frozenset({"только", "лишь", "лише", "тільки", "лиш"})


def _generic(t: CardToken, cl: list[El]) -> bool:
    """A rank named in general, as a rule says it, not a card of the example: «кладут только короля»,
    «Короли выходят на свою базу» (a plural rank word; «обе семерки» is two cards, counted)."""
    if t is UNNAMED or t.card.suit is not None or t.notation != "words" or t.count > 1:
        return False
    at = next((k for k, el in enumerate(cl) if el.kind == "card" and el.tok is t), None)
    if at is None:
        return False
    if at and cl[at - 1].kind == "word" and cl[at - 1].low in _ONLY:
        return True
    word = morph.parse(t.raw.split()[0], "ru")
    if word is not None and "ablt" in word.tag.grammemes and " " not in t.raw.strip() and not (
            at and cl[at - 1].kind == "word" and cl[at - 1].low in WITH | ON | UNDER | {"за", "перед", "над"}):
        return True   # «снимаются только тройкой»: a manner (in threes), not a card
    return word is not None and "plur" in word.tag.grammemes and "nomn" in word.tag.grammemes and not (
        at and cl[at - 1].kind == "word" and cl[at - 1].tag is not None and cl[at - 1].tag.POS == "NUMR")


def direction_of(cl: list[El]) -> str | None:
    """The direction a clause moves its card in, when it names one and no place: «сдвигаются влево» →
    ``left``, «передвигаются вверх» → ``up``, «к центру» → ``centre`` (a side of a card, «ліворуч від
    ♠9», is a place beside it, not a direction: ``None``)."""
    found = directions_of(cl)
    return found[0] if found else None


def directions_of(cl: list[El]) -> list[str]:
    """Every direction :func:`direction_of` would read in ``cl``, in order («либо вверх, либо влево»)."""
    out = []
    for i, el in enumerate(cl):
        if el.kind != "word" or el.low not in DIRECTIONS:
            continue
        nxt = cl[i + 1] if i + 1 < len(cl) else None
        if nxt is not None and nxt.kind == "word" and nxt.low in ("от", "від"):
            continue
        if el.low in ("центру", "центр") and not (i and cl[i - 1].kind == "word" and cl[i - 1].low in ("к", "ко", "до", "в", "у")):
            continue
        if DIRECTIONS[el.low] not in out:
            out.append(DIRECTIONS[el.low])
    return out


def _own_object(cl: list[El]) -> bool:
    """Whether the clause names what it moves itself, as a noun that is no card or place: «Можно
    переносить целые открытые последовательности» (then no card of the clause before is meant)."""
    return any(el.kind == "word" and el.tag is not None and el.tag.POS == "NOUN" and not el.cues - {"SERIES"}
               and any(p.tag.POS == "NOUN" and (has_gram(p.tag, "nomn") or has_gram(p.tag, "accs"))
                       for p in morph.analyzer("uk" if set(el.low) & set("іїєґ") else "ru").parse(el.low))
               and el.lemma not in ("карта", "ход", "хід")
               and not (i and cl[i - 1].kind == "word" and cl[i - 1].low in FROM | ON | INTO | UNDER)
               for i, el in enumerate(cl))


_NOT = frozenset({"не", "ни", "ні"})


def _negated_card(cl: list[El]) -> bool:
    """«…, но не 6♠», «але не сімку пік», «а 9♣ — нельзя» read by PROHIB; here: «не» right before a card
    (adjectives between: «но не бубновую»), or a clause ending «— нет» / «— ні» («а на короля пик — нет»)."""
    for i, el in enumerate(cl[:-1]):
        if el.kind == "word" and el.low in _NOT:
            k = i + 1
            while k < len(cl) and cl[k].kind == "word" and cl[k].tag is not None and cl[k].tag.POS in ("ADJF", "PRTF"):
                k += 1
            if k < len(cl) and cl[k].kind == "card":
                return True
    tail = [el for el in cl if el.kind != "punct"]
    return len(tail) >= 2 and tail[-1].kind == "word" and tail[-1].low in ("нет", "ні") and tail[-2].kind == "dash"


def _governed(cl: list[El], i: int) -> bool:
    """Whether «в / на» governs the place noun at ``cl[i]``, adjectives between («в свободной ячейке»)."""
    k = i - 1
    while k >= 0 and cl[k].kind == "word" and cl[k].tag is not None and cl[k].tag.POS in ("ADJF", "PRTF"):
        k -= 1
    return k >= 0 and cl[k].kind == "word" and cl[k].low in INTO | ON


@dataclass
class Proto:
    """A move as a clause gives it, before :func:`.finish.finish_moves` makes a ``Move`` of it:
    tokens (for lines and notes) instead of cards, the destination as read."""

    movers: list[CardToken]
    start: int
    end: int
    target: CardToken | None = None
    place: str | None = None
    kind: str | None = None
    flags: set = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    from_row: int | None = None
    to_row: int | None = None
    number: int | None = None
    notation: str | None = None
    card_list: list[Card] | None = None
    from_place: str | None = None
    turns_up: int = 0
    count: int | None = None
    claims: list[str] = field(default_factory=list)
    direction: str | None = None



_WHEN = frozenset({"когда", "коли", "когда-нибудь"})
"""A clause after a move opening on «когда» (and naming no move of its own) makes that move conditional."""


@dataclass
class Context:
    history: list = field(default_factory=list)  # CardToken or UNNAMED, in text order
    last_movers: list[CardToken] = field(default_factory=list)
    prev_moved: bool = False
    prev_named: list[CardToken] = field(default_factory=list)  # cards of the clause before
    subject: CardToken | None = None  # the card the last clause with a predicate was about
    subject_sentence: int = -1
    sentence: int = 0
    pending_target: CardToken | None = None
    pending_list: list = field(default_factory=list)  # cards of a bare list clause just before (no predicate)
    last_proto: Proto | None = None
    prev_verb: str | None = None  # the move verb of the clause before, in the same sentence
    prev_made: list = field(default_factory=list)  # the protos the clause before made, in the same sentence
    pairs_named: bool = False  # this sentence told to take cards off in pairs («Снимайте пары карт …:»)
    last_discard: tuple | None = None  # (cards, partners) of the last discard clause
    last_group: "Group | None" = None
    run: tuple | None = None  # (Group, sentence): a run named by its ends («последовательность от K до 8»)
    listed: list = field(default_factory=list)  # the cards a description listed last («лежат ♣К, ♥Д и ♠В»)
    prev_alt: bool = False  # the clause before named its cards as alternatives («♥3 или ♣3»)
    stock_turned: tuple | None = None  # (Proto, sentence) of a stock card turned onto the waste
    clicked: tuple | None = None  # (Proto, sentence) of a card clicked, its destination not yet said
    turn_pending: int = -1  # the sentence whose clause before turned a stock card naming none («… колоды: 9♣»)
    took: bool = False  # the clause before went on a list of cards taken up («Снимаем 6♣, затем 7♥, затем 6♠»)
    whole_suit: tuple | None = None  # (sentence, offset) of a clause naming a whole suit and no card («полная масть»)
    taken: dict = field(default_factory=dict)  # Card → (place or None, start, token, end, sentence) of the clause that took it up
    emptied: int = -1  # the sentence a clause of which told a pile became empty («Когда опустела первая стопка, …»)




class Reader(Forms, Discards, Clicks):
    """Reads the clauses of one example in order, keeping the pronoun and chain context."""

    def __init__(self, game=None):
        self.game = game  # the game's layout facts (GameContext) or None
        self.ctx = Context()
        self.protos: list[Proto] = []
        self.carried = False  # the last clause added cards to the move before it
        self.shown: list[str] = []  # «♥А и ♠К вынесены в базовый ряд»: cards a described position places
        self.playing = False  # the clause before played cards («сыграть ♦6, затем ♦8»)

    # -- context --------------------------------------------------------------------------
    def antecedent(self, pron: tuple, cl: list[El] | None = None) -> list[CardToken]:
        """The card(s) a pronoun stands for (see the module docstring); cards named earlier in the
        same clause (``cl``) come first: «если сдается ♦7, ею можно покрыть ♦8»."""
        idx, kind, _, gender = pron
        if cl is not None:
            for t in reversed(antecedents_in(cl[:idx])):
                if agrees(t, gender) and gender != "plur":
                    return [t]
        _, kind, _, gender = pron
        run = self.ctx.run
        if run is not None and run[1] >= self.ctx.sentence - 1 and gender in ("femn", None) and kind == "personal":
            # «послідовність від дами до дев'ятки пік лежить … Її переносять цілком …»: the run
            return list(run[0].toks)
        whole = self.ctx.whole_suit
        if kind == "personal" and gender in ("femn", None) and whole is not None and whole[0] == self.ctx.sentence \
                and not any(t is not UNNAMED and t.start > whole[1] for t in self.ctx.history):
            return []   # «пока не соберётся полная масть от короля до туза; она уходит с поля»: the suit, no card
        if gender == "plur":
            if self.ctx.prev_moved and len(self.ctx.last_movers) > 1:
                return list(self.ctx.last_movers)
            named = [t for t in self.ctx.history if t is not UNNAMED]
            return self.ctx.prev_named or named[-1:]
        if kind == "personal":
            subj = self.ctx.subject
            recent = self.ctx.prev_moved and self.ctx.last_movers and agrees(self.ctx.last_movers[0], gender)
            # a subject of an earlier sentence yields to the card just moved in this one: «Короля пік переносимо …;
            # на нього кладемо даму бубон, а на неї — …» (the queen, not «сімка пік» of the sentence before)
            if subj is not None and agrees(subj, gender) and not (recent and self.ctx.subject_sentence < self.ctx.sentence):
                return [subj]
            if recent:
                return [self.ctx.last_movers[0]]
        for t in reversed(self.ctx.history):
            if agrees(t, gender):
                return [t]
        if gender == "masc":
            # «Допустим, открыт ♦7: его можно положить на ♦8»: a card in shorthand, read as a masculine
            # word («открыт»), when no masculine card agrees
            shorthand = [t for t in self.ctx.history if t is not UNNAMED and t.notation != "words"]
            return shorthand[-1:]
        return []

    def emit(self, p: Proto) -> None:
        if self.shown:
            p.notes.insert(0, SHOWN_NOTE + ", ".join(self.shown))
            self.shown = []
        self.protos.append(p)
        self.ctx.last_proto = p

    def resolve_rank(self, t: CardToken, cl=()) -> CardToken:
        """A word-form card naming a rank only («и туз выносится на основание») that stands for the one
        card of that rank the example has named with its suit (♠Т before it); else ``t`` unchanged.
        A card named by rank and colour («красную восьмерку», «чорну сімку») stays a partial card: a colour is
        never a suit, and the eight named before may lie anywhere (TESTER8: «…кладём на красную восьмерку»
        is not the 8S moved two sentences before)."""
        if t is UNNAMED or t.card.suit is not None or t.notation != "words" or t.card.joker or t.count > 1 \
                or t.colour is not None:
            return t
        word = morph.parse(t.raw.split()[0], "ru")
        at = next((k for k, el in enumerate(cl) if el.kind == "card" and el.tok is t), None)
        prev = cl[at - 1] if at else None
        if word is None or "sing" not in word.tag.grammemes or (
                prev is not None and prev.kind == "word" and prev.tag is not None
                and (prev.tag.POS == "NUMR" or "plur" in prev.tag.grammemes)):
            return t   # «другие три десятки»: several cards of the rank
        same = {h.card for h in self.ctx.history if h is not UNNAMED and h.card.suit and h.card.rank == t.card.rank}
        if len(same) != 1:
            return t
        c = next(iter(same))
        return replace(t, card=c, reading_note=f"«{t.raw}»: the {c} the example named before")

    def move(self, cl, movers, target=None, place=None, kind=None, flags=(), notes=(), card_list=None):
        if target is UNNAMED:
            target, notes = None, list(notes) + ["onto a card the text does not name"]
        if movers and (all(_generic(t, cl) for t in movers) or target is not None and any(   # «Тузы кладут …; на них
                getattr(target, "start", None) == t.start for t in movers)):   # строят»: the aces onto themselves, a rule
            self.carried = True   # (the clause is read: no finding)
            return Proto([], 0, 0)   # «На пустое место кладут только короля»: a rule, not a move (not kept)
        movers = [self.resolve_rank(t, cl) for t in movers]
        if target is not None and target is not UNNAMED:
            target = self.resolve_rank(target, cl)   # «даму кладут на короля» (the king named before)
        p = Proto([t for t in movers if t is not UNNAMED], cl[0].start, cl[-1].end, target, place, kind,
                   set(flags), list(notes), card_list=card_list)
        p.from_place = from_place(cl)
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
        if group.alt or group.chain or len(group.cards) == 1 or target.card.suit is None:
            self.to_each(cl, Group(group.toks, group.i, group.j, group.alt, rows=group.rows, chain=group.chain),
                         target, None, flags, notes)
        else:
            fl = set(flags) | ({"range"} if group.range else set())
            self.move(cl, group.toks, target, None, "sequence", fl, notes, card_list=group.cards)

    def chain(self, cl, toks: list[CardToken], first_target: CardToken, flags=(), inferred=False):
        """Each card onto the one before it, the first onto ``first_target``."""
        prev = first_target
        for n, t in enumerate(toks):
            fl = set(flags) | ({"to_inferred"} if inferred or n else set())
            self.move(cl, [t], prev, flags=fl)
            prev = t

    # -- one clause -----------------------------------------------------------------------
    def subject_of(self, cl: list[El], prons) -> CardToken | None:
        """The card a clause is about: the first card (or unnamed «карта», or pronoun) before its
        predicate (a finite verb, a short participle, a dash, «на»), else the first card after a
        finite verb that no preposition governs; ``None`` when the clause has no predicate."""
        pred = next((i for i, el in enumerate(cl) if el.kind == "dash" or el.kind == "word" and (
            el.low in ON or el.low in PLACE_ADVERBS or el.tag is not None and el.tag.POS in ("VERB", "PRTS"))), None)
        if pred is None:
            for i, el in enumerate(cl[1:], 1):
                prev = cl[i - 1]
                if el.kind == "card" and prev.kind == "word" and prev.low in ("это", "це", "то"):
                    return el.tok   # «Если это семерка треф, она …»: the card the clause is about
            pred = next((i for i, el in enumerate(cl) if el.kind == "word" and el.lemma in _OPEN), None)
            # «а в розкладі відкрита трійка треф: її …»: «open» as the predicate
        if pred is None and any("IMPERS" in el.cues for el in cl):
            # «Далее ♦Д можно передвинуть …»: the card an impersonal clause speaks of
            pred = next((i for i, el in enumerate(cl) if el.kind == "word" and el.tag is not None
                         and el.tag.POS == "INFN"), None)
        if pred is None:
            return None
        for i, el in enumerate(cl[:pred]):
            if el.kind == "card" and not (i and cl[i - 1].kind == "word" and cl[i - 1].low in FROM | ON | INTO):
                return el.tok
            if el.kind == "word" and el.lemma == "карта" and has_gram(el.tag, "sing") and has_gram(el.tag, "nomn"):
                return UNNAMED
            pr = next((p for p in prons if p[0] == i and p[2] == "nomn"), None)
            if pr is not None:
                ante = self.antecedent(pr, cl)
                if ante:
                    return ante[0]
        if cl[pred].kind == "word" and cl[pred].low not in ON:
            for i in range(pred + 1, len(cl)):
                if cl[i].kind == "card":
                    prev = cl[i - 1]
                    if not (prev.kind == "word" and prev.low in FROM | ON | INTO | {"под", "над"}):
                        return cl[i].tok
                    break
        return None

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
        before = {id(p) for p in self.protos}
        groups = card_groups(cl)
        prons = pronouns_of(cl)
        flags = set(sent_flags)
        if any("PROHIB" in el.cues for el in cl) or _negated_card(cl):
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
        if _future_of_appearing(cl):
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
            self.ctx.emptied = self.ctx.sentence
        verb = self._read(cl, groups, prons, flags, alone)
        if self.ctx.took:
            verb = "TAKE"   # (a list of cards taken goes on: «…, затем 7♥, затем 6♠»)
        if verb in ("REMOVE", "TAKE", "PAIR") and any(el.kind == "word" and el.lemma == "пара" for el in cl):
            self.ctx.pairs_named = True
        if not alone:
            self.ctx.prev_verb = verb
        made = [p for p in self.protos if id(p) not in before]
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
        if alt_lead and same_sentence and made and prev_proto is not None and prev_proto.movers and \
                made[0].movers and made[0].movers[0].card == prev_proto.movers[0].card:
            prev_proto.flags.add("alternative")   # «на ♠5 | или на ♣5»: the first option is one too
        if not alone:
            subj = self.subject_of(cl, prons)
            if subj is not None and not _generic(subj, cl):
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

    def _found_then_moved(self, cl: list[El]) -> list[El]:
        """«под шестёркой лежала Д♥ — на короля червей», uk «Під двійкою відкрилась дама чирва — її на
        короля ♠️», pre-1918 «подъ нимъ окажется двойка — въ основаніе»: a card found (turned up, lying
        under another) and, after the dash, where it goes; read as «Д♥ — на короля червей» (the card
        it lay under is where it was, no destination; a pronoun after the dash is the card itself)."""
        d = next((i for i, el in enumerate(cl) if el.kind == "dash"), None)
        if d is None or d + 1 >= len(cl):
            return cl
        left, right = cl[:d], cl[d + 1:]
        # «под ней туз пик — сразу в дом»: «под X» opening the clause, no verb, says where the card lay
        lay_under = bool(left) and left[0].kind == "word" and left[0].low in UNDER
        # «під нею відкривається 8♣ — її теж кладемо на відбій»: the pronoun after the dash is the card found
        verb_right = any(el.cues & set(VERB_CUES) for el in right)
        if not (lay_under or any(el.kind == "word" and ({"TURN", "STATE"} & el.cues or el.lemma in _APPEAR) for el in left)) \
                or any(el.cues & set(VERB_CUES) for el in left) or verb_right and not (
                    right[0].kind == "word" and right[0].low in PERSONAL and PERSONAL[right[0].low] == "accs"):
            return cl
        found = [g for g in card_groups(left) if g.prep not in ON | INTO | UNDER | FROM | WITH]
        if len(found) != 1 or len(found[0].toks) != 1:
            return cl
        if verb_right:
            return left[found[0].i:found[0].j] + right[1:]
        if right[0].kind == "word" and right[0].low in PERSONAL and len(right) > 1:
            right = right[1:]
        if not any(el.kind == "card" or "SAME_PLACE" in el.cues or set(PLACE_CUES) & el.cues or
                   el.kind == "word" and el.low in ON | INTO for el in right):
            return cl
        return left[found[0].i:found[0].j] + [cl[d]] + right

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
            where = (place_at(cl) or (None,))[0] if verb in ("PLACE", "REMOVE") else None
            if verb == "PLACE" and cl[verb_i].lemma in _LEAVE and self.ctx.last_discard is not None \
                    and where is None and not any(g.prep in ON | INTO | UNDER for g in groups):
                verb = "REMOVE"   # «Так же уходят десятка пик и десятка бубен» after a pair: they leave play
            if verb == "PLACE" and cl[verb_i].lemma in _LEAVE and self.game is not None and self.game.pairs \
                    and where == "waste":
                verb = "REMOVE"   # «6♠ и 7♥ уходят в сброс» in a game of pairs: they leave play together
            if verb == "REMOVE" and where in ("reserve", "cell"):
                verb = "PLACE"   # «откладывают в запас», «відкладаємо в комірку»: put aside into a place, still in play
            if verb == "REMOVE" and where == "foundation" and cl[verb_i].lemma in _DROP_ONTO:
                verb = "PLACE"   # «Сбрасываем 8♣ на базу», «скидаємо туза в дім»: dropped onto a foundation, still in play
            if verb == "TAKE" and any(g.prep in WITH and instrumental(g.toks[0]) for g in groups):
                verb = "PAIR"   # «валет чирв, який знімається з двійкою пік»: taken off *with* a card
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
        if verb_i is not None and cl[verb_i].tag is not None and cl[verb_i].tag.POS == "INFN" and any(
                "INTENT" in el.cues for el in cl[:verb_i]):
            return None  # «игрок постарается сначала поместить девятку наверх колонки»: an aim, not a move
        if verb_i is not None and any("UNTIL" in el.cues for el in cl[:verb_i]):
            return None  # «подождать, пока не будет выложена другая ♠3»: what is waited for, not a move
        played = next((i for i, el in enumerate(cl) if el.kind == "word" and el.lemma in PLAY), None)
        if played is None and verb_i is None and self.playing and cl[0].kind == "word" and "NEXT" in cl[0].cues:
            played = 0   # «…, затем ♦8 с левого фланга»: the play goes on
        self.playing = False
        if verb_i is None and played is not None and "prohibited" not in flags and "conditional" not in flags:
            # «Это позволит сыграть ♦6, затем ♦8 с левого фланга»: cards played, where to not said;
            # passed on as shown (played) — not moves, which would need a destination
            cards = [el.tok.card for k, el in enumerate(cl) if k > played and el.kind == "card" and el.tok.card.suit
                     and not (cl[k - 1].kind == "word" and cl[k - 1].low in ON | INTO | FROM)]
            if cards:
                self.shown.extend(f"{c.format()} played" for c in cards)
                self.playing = True
                return None
        if self._first_laid(cl, groups, flags):
            return verb
        if verb_i is not None and state_described(cl, verb_i):
            # «♠Т, ♣Т и ♦К помещены в базовый ряд»: moves the text reports as made (a card on a
            # foundation, the waste, a reserve or a cell got there by a move), flagged «described»;
            # «піковий туз (ПА) покладено в початок 6-го ряду», «Тузы вынесены»: the position
            # dealt, not a move; its named cards are passed on as shown (note of the next move)
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
        if verb_i is None and any("TURN" in el.cues or el.kind == "word" and el.lemma in _APPEAR for el in cl) \
                and not any(el.kind == "dash" for el in cl):
            return None   # «Под дамой открылся ♥Т», «под ним окажется двойка»: a card found where it lies, not a move
        if any(el.kind == "word" and el.low in _NOWHERE for el in cl):
            self.carried = True   # (read: no finding)
            return None   # «10♦ переносить некуда», uk «нікуди»: no move the card can make
        if verb_i is None and any("ABSENT" in el.cues for el in cl) and not _negated_card(cl):
            return None   # «пиковой дамы на короле пик еще нет»: what is not there, not a move
        self._forms(cl, groups, prons, flags, alone, verb_i, verb)
        return verb

    def _turned_from_stock(self, cl, groups, flags) -> bool:
        """«перевертаємо верхню карту запасу, це 3♠», «Открываем следующую карту колоды — ♦3»: the stock's
        card turned onto the waste — a move to ``waste`` (Golf and the like), dropped when the same sentence
        moves that card on («… — 4♣, и она уходит на базу»: one move, from the stock)."""
        turn = next((i for i, el in enumerate(cl) if "TURN" in el.cues or el.lemma in ("открывать", "відкривати")
                     or el.lemma in _DRAW), None)
        # («… колоди на відбій, це 4♦»: the waste named as where it goes is no other destination)
        onto = [i for i, el in enumerate(cl) if el.kind == "word" and el.low in ON | INTO
                and not (i + 1 < len(cl) and "WASTE" in cl[i + 1].cues)]
        if turn is not None and not groups and not onto and any(el.kind == "word" and el.lemma == "карта" for el in cl[turn:]) \
                and any("STOCK" in el.cues or "RESERVE" in el.cues and el.lemma == "запас" for el in cl[turn:]):
            self.ctx.turn_pending = self.ctx.sentence   # «открываем карту колоды: 9♣»: the card is named next
            return False
        if turn is None or len(groups) != 1 or len(groups[0].toks) != 1 or groups[0].i < turn \
                or not groups[0].toks[0].card.suit or onto:
            return False
        draw = cl[turn].lemma in _DRAW   # «тянем из колоды... тройка треф»: a card drawn, «карта» unsaid
        if not (draw or any(el.kind == "word" and el.lemma == "карта" for el in cl[turn:groups[0].i])) or not any(
                "STOCK" in el.cues or "RESERVE" in el.cues and el.lemma == "запас" for el in cl[turn:groups[0].i]):
            return False
        p = self.move(cl, groups[0].toks, place="waste", flags=flags, notes=["turned up from the stock onto the waste"])
        self.ctx.stock_turned = (p, self.ctx.sentence)
        self.carried = True
        return True

    def _first_laid(self, cl, groups, flags) -> bool:
        """«первой выложенной картой будет ♥9», «першою викладеною картою буде ♦5»: the card the deal
        lays out first — a deal to the tableau (kind ``deal``), not a move with no destination."""
        if not groups or len(groups[0].toks) != 1 or len(groups) > 1:
            return False
        at = next((i for i, el in enumerate(cl) if el.kind == "word" and el.lemma in ("первый", "перший")
                   and i + 2 < len(cl) and cl[i + 2].kind == "word" and cl[i + 2].lemma == "карта"
                   and cl[i + 1].tag is not None and has_gram(cl[i + 1].tag, "pssv")), None)
        if at is None:
            return False
        self.move(cl, groups[0].toks, place="tableau", kind="deal", flags=flags, notes=["the first card laid out"])
        return True

    def _state(self, cl, groups, flags) -> bool:
        """«♥9 занимает нужную позицию», «в свободной ячейке лежит ♥4», «на ♠9 лежат ♥8 и ♣7»: where
        cards lie, not a move; recorded as shown (place ``cell`` / ``reserve`` / ``foundation`` /
        ``waste``, ``on:XX`` for a card it lies on, else ``tableau``). ``True`` when the clause is one."""
        st = next((i for i, el in enumerate(cl) if "STATE" in el.cues), None)
        if st is None or not groups or "prohibited" in flags:
            return False
        if cl[st].tag is not None and cl[st].tag.POS in ("PRTF", "GRND"):
            return False   # «♦3, лежащая под ♠4, …»: a participle beside a clause, read with it
        rng = next((g for g in groups if g.range), None)
        if rng is not None and any("SERIES" in el.cues for el in cl):
            self.ctx.run = (rng, self.ctx.sentence)
            return True
        at = next(((place, i) for i, el in enumerate(cl) for cue, place in PLACE_CUES.items()
                   if cue in el.cues and _governed(cl, i)), None)
        on = next((g for g in groups if g.prep in ON), None)
        under = next((g for g in groups if g.prep in UNDER), None)
        listed = [t for g in groups if g is not on and g is not under and g.prep not in FROM for t in g.toks]
        if len(listed) > 1 or (listed and on is not None):
            # «на K♠ лежат Q♦ и J♣»: the card they lie on first, the run «всю эту цепочку» then moves
            self.ctx.listed = (on.toks[:1] if on is not None else []) + listed
        for g in groups:
            if g is on or g is under or g.prep in FROM:
                continue
            for t in g.toks:
                if t.card.suit is None:
                    continue
                if on is not None:
                    place = f"on:{on.toks[0].card.format()}"
                else:
                    place = at[0] if at is not None and at[0] in ("foundation", "waste", "reserve", "cell") else "tableau"
                self.shown.append(f"{t.card.format()} {place}")
        return True

    def _forms(self, cl, groups, prons, flags, alone, verb_i, verb):
        """Match the clause against the phrase forms, in order (see the module docstring)."""
        elided: list[CardToken] = []
        lead = next((el for el in cl if not (el.kind == "word" and el.low in LIST | STRONG | LEAD)), None)
        if not alone and lead is not None and lead.kind == "word" and lead.tag is not None and lead.tag.POS == "PRTF":
            # «♣10, покрывшая ♣В»: a participle tells about the card named just before it
            named = [t for t in self.ctx.history if t is not UNNAMED]
            elided = named[-1:]
        elif not alone and self._starts_with_predicate(cl, verb_i) and not _own_object(cl):
            if self.ctx.subject is not None and self.ctx.subject_sentence == self.ctx.sentence:
                elided = [self.ctx.subject]
            elif self.ctx.prev_moved and self.ctx.last_movers:
                elided = list(self.ctx.last_movers)
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
        if (verb is None or verb == "FOLLOW" and not any(p[1] == "relative" for p in prons)) \
                and self._target_first(cl, groups, prons, flags):
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
        if len(groups) == 1 and groups[0].i <= skip + 1:
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
                self.chain(cl, groups[0].toks, lp.movers[-1], flags, inferred=True)
        elif len(groups) > 1 and groups[0].i <= skip + 1 and verb is None and cl[skip].kind == "word" \
                and "NEXT" in cl[skip].cues and self.ctx.prev_moved and self.ctx.last_proto is not None \
                and self.ctx.last_proto.movers and not any(g.prep in ON | INTO | UNDER for g in groups) \
                and all(t.card.suit for g in groups for t in g.toks):
            # «…, следом 3♥ из второго столбца и 4♥ из ячейки»: the list goes on across where each comes from
            toks = [t for g in groups for t in g.toks]
            self.chain(cl, toks, self.ctx.last_proto.movers[-1], flags, inferred=True)
            made, n = self.protos[-len(toks):], 0
            for g, nxt in zip(groups, groups[1:] + [None]):
                src = from_place(cl[g.j:nxt.i if nxt is not None else len(cl)])   # each card's own source
                for _ in g.toks:
                    made[n].from_place = src
                    n += 1

    # -- cards carried, counts --------------------------------------------------------

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
            if any(e.kind == "dash" for e in cl[i + 1:i + 3]):
                start = next(k for k in range(i + 1, len(cl)) if cl[k].kind == "dash") + 1
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
                and cl[g.i - 1].low not in FROM | ON | INTO and set(_SOURCES) & cl[g.i - 1].cues for t in g.toks]
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

    def _starts_with_predicate(self, cl, verb_i) -> bool:
        """Whether the clause opens with its predicate (its subject left out: «и покрывается ♥2»)."""
        k = 0
        while k < len(cl) and cl[k].kind == "word" and cl[k].low not in ON | UNDER and (
                cl[k].low in LIST | STRONG | LEAD or cl[k].cues & {"IMPERS", "PROHIB", "COND", "ALT"}
                or cl[k].lemma in ("мочь", "быть", "следовать", "должный", "лучше") or cl[k].low in _ONLY):
            k += 1
        if k >= len(cl):
            return False
        el = cl[k]
        return (verb_i is not None and k == verb_i) or (el.kind == "word" and el.low in ON) or el.kind == "dash"

    # -- the forms ------------------------------------------------------------------------
