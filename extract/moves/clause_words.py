"""What one clause of a worked example says by its own words, without the example's context: where it
takes its card from («из колоды» → ``stock``), the direction it moves in («влево»), a rank named in general
(«кладут только короля»), a card negated («но не 6♠»), a card that will come out («выйдет валет бубен»).
Used by :class:`.reader.Reader` and its mixins."""

from __future__ import annotations

import re

from pasyans import morph

from ..notation import CardToken
from .elements import El
from .lexicon import DIRECTIONS, FROM, INTO, LEAD, LIST, ON, STRONG, UNDER, VERB_CUES, WITH
from .phrases import UNNAMED, has_gram


SOURCES = {"FOUNDATION": "foundation", "WASTE": "waste", "RESERVE": "reserve", "CELL": "cell", "STOCK": "stock"}

def from_place(cl: list[El]) -> str | None:
    """The place a clause takes its card from: «из колоды» → ``stock``, «с базового туза», «з бази»
    → ``foundation``, «из резерва», «из отбоя», «из ячейки»; ``None`` when it names none."""
    for i, el in enumerate(cl):
        for cue, place in SOURCES.items():
            if cue in el.cues:
                k = i - 1
                while k >= 0 and cl[k].kind == "word" and cl[k].tag is not None and cl[k].tag.POS in ("ADJF", "PRTF"):
                    k -= 1
                if k >= 0 and cl[k].kind == "word" and cl[k].low in FROM - {"под", "от", "від"} | {"зі", "изо"}:
                    return place
    return None

APPEAR = frozenset({"оказаться", "оказываться", "показаться", "появиться", "опинитися", "виявитися", "з'явитися",
                     "видный", "видно", "виднеться", "видніти", "видніється"})
"""Verbs of a card found where it lies («под ним окажется двойка»), read with TURN and STATE."""

_COME_OUT = frozenset({"выйти", "прийти", "открыться", "появиться", "показаться", "вийти", "відкритися", "з'явитися",
                       "показатися"})

def future_of_appearing(cl: list[El]) -> bool:
    """Whether the clause opens (after «а», «и», «если» …) on a future of coming out or turning up and
    names a card: «выйдет валет бубен — на даму треф», uk «вийде туз — на базу» (the move waits for it)."""
    k = 0
    while k < len(cl) and cl[k].kind == "word" and (cl[k].low in LIST | STRONG | LEAD or cl[k].low in ("же", "ж")):
        k += 1
    return k < len(cl) and cl[k].kind == "word" and cl[k].lemma in _COME_OUT and cl[k].tag is not None \
        and "futr" in cl[k].tag.grammemes and any(el.kind == "card" for el in cl[k + 1:])

ONLY = frozenset({"только", "лишь", "лише", "тільки", "лиш"})

def generic_rank(t: CardToken, cl: list[El]) -> bool:
    """A rank named in general, as a rule says it, not a card of the example: «кладут только короля»,
    «Короли выходят на свою базу» (a plural rank word; «обе семерки» is two cards, counted)."""
    if t is UNNAMED or t.card.suit is not None or t.notation != "words" or t.count > 1:
        return False
    at = next((k for k, el in enumerate(cl) if el.kind == "card" and el.tok is t), None)
    if at is None:
        return False
    if at and cl[at - 1].kind == "word" and cl[at - 1].low in ONLY:
        return True
    word = morph.parse(t.raw.split()[0], "ru")
    if word is not None and "ablt" in word.tag.grammemes and " " not in t.raw.strip() and not (
            at and cl[at - 1].kind == "word" and cl[at - 1].low in WITH | ON | UNDER | {"за", "перед", "над"}):
        return True   # «снимаются только тройкой»: a manner (in threes), not a card
    if word is not None and "nomn" in word.tag.grammemes and "sing" in word.tag.grammemes \
            and not any(el.kind == "card" and el.tok.card.suit for el in cl) and any(
                el.kind == "word" and el.tag is not None and el.tag.POS == "VERB" and has_gram(el.tag, "pres")
                and has_gram(el.tag, "3per") and el.low.endswith(("ся", "ться")) and el.cues & _MOVING for el in cl) \
            and _ALONE_RE.search(" ".join(el.low for el in cl if el.kind == "word")):
        return True   # «король снимается без пары», uk «король знімається сам»: what a rank does alone, a rule
    return word is not None and "plur" in word.tag.grammemes and "nomn" in word.tag.grammemes and not (
        at and cl[at - 1].kind == "word" and cl[at - 1].tag is not None and cl[at - 1].tag.POS == "NUMR")


_MOVING = frozenset({"REMOVE", "TAKE", "PAIR"})
_ALONE_RE = re.compile(r"\b(?:без пары|без пари|один|одна|одним|сам|сама|самостоятельно|окремо)\b")


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


def own_object(cl: list[El]) -> bool:
    """Whether the clause names what it moves itself, as a noun that is no card or place: «Можно
    переносить целые открытые последовательности» (then no card of the clause before is meant)."""
    return any(el.kind == "word" and el.tag is not None and el.tag.POS == "NOUN" and not el.cues - {"SERIES"}
               and any(p.tag.POS == "NOUN" and (has_gram(p.tag, "nomn") or has_gram(p.tag, "accs"))
                       for p in morph.analyzer(el.lang).parse(el.low))
               and el.lemma not in ("карта", "ход", "хід")
               and not (i and cl[i - 1].kind == "word" and cl[i - 1].low in FROM | ON | INTO | UNDER)
               for i, el in enumerate(cl))


_NOT = frozenset({"не", "ни", "ні"})


def negated_card(cl: list[El]) -> bool:
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


_VERBS = frozenset(VERB_CUES)


def negated_verb(cl: list[El]) -> bool:
    """Whether the clause's verb of moving is negated: «не» right before it (an adverb between: «не сразу
    кладут»), in any person, aspect and voice — «2♦ на тройку не положишь», uk «3♣ на шістку треф не лягає»,
    «K♥ на десятку не ляже», pre-1918 «На тройку двойку пикъ не кладутъ» — a move the text refuses, read and
    flagged prohibited. Not «пока не ляжет …» (what is waited for), «не только», nor a negated verb that is no
    verb of moving («не забудьте положить», «не спешите класть»: the move is made)."""
    for i, el in enumerate(cl[:-1]):
        if el.kind != "word" or el.low != "не":
            continue
        if any("UNTIL" in e.cues for e in cl[:i]):
            return False
        k = i + 1
        while k < len(cl) - 1 and cl[k].kind == "word" and cl[k].tag is not None and cl[k].tag.POS == "ADVB" \
                and not cl[k].cues & _VERBS:
            k += 1
        if cl[k].kind == "word" and cl[k].cues & _VERBS and "PLACE_NOUN" not in cl[k].cues:
            return True
    return False


def governed(cl: list[El], i: int) -> bool:
    """Whether «в / на» governs the place noun at ``cl[i]``, adjectives between («в свободной ячейке»; uk «у
    вільну комірку», whose «вільну» pymorphy3 reads first as a noun: any adjective reading counts)."""
    k = i - 1
    while k >= 0 and cl[k].kind == "word" and cl[k].tag is not None and (cl[k].tag.POS in ("ADJF", "PRTF") or any(
            p.tag.POS == "ADJF" for p in morph.analyzer(cl[k].lang).parse(cl[k].low))):
        k -= 1
    return k >= 0 and cl[k].kind == "word" and cl[k].low in INTO | ON



_STILL = frozenset({"ещё", "еще", "ще", "также", "тоже", "теж", "також"})


def without_lead_dash(cl: list[El]) -> list[El]:
    """The clause without the dash that stands for its verb right after its lead words — conjunctions and
    adverbs of sequence, «ещё» (``NEXT`` cues: «потом», «далі», «затем») — «а потом ещё — на валета», uk «потім —
    на неї дев'ятку треф», «далі — на кралю»: the same clause as «потім на неї дев'ятку треф» (the dash and the
    «ещё» of the lead dropped); any other clause as it is. A lead with no sequence adverb («а — …») is kept."""
    k = 0
    while k < len(cl) and cl[k].kind == "word" and (cl[k].low in LIST | STRONG or "NEXT" in cl[k].cues):
        k += 1
    if not any("NEXT" in el.cues for el in cl[:k]):
        return cl
    j = k
    while j < len(cl) and cl[j].kind == "word" and cl[j].low in _STILL:
        j += 1
    if j < len(cl) and cl[j].kind == "dash":
        j += 1
    if j == k or j >= len(cl):
        return cl
    return cl[:k] + cl[j:]
