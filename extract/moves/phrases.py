"""The phrases of a clause the forms are built from: card groups («♦3, ♦4 и ♦5», «♣Д вместе с ♣В»),
pronouns and their agreement, destination places, rows, sides; and the grammeme helpers."""

from __future__ import annotations

from bisect import bisect_left, insort

import re
from functools import lru_cache
from dataclasses import dataclass, field, replace

from pasyans import morph
from pasyans.cards import Card

from ..notation import CardToken, find_word_cards
from .destinations import pile_place
from .elements import El, has_gram
from .lexicon import (ALT, FEMN, FROM, INTO, LIST, MASC, ON, ORDINALS, PERSONAL, PLACE_ADVERBS, PLACE_CUES, PLUR, RELATIVE,
                      RELATIVE_FORMS, SEVERAL, SIDES, UNDER, VERB_CUES, WITH)

@dataclass
class Group:
    """Cards joined by commas, «и», «или», «с» inside a clause."""

    toks: list[CardToken]
    i: int  # index of the first element in the clause
    j: int  # index after the last element
    alt: bool = False
    with_: bool = False
    prep: str = ""
    series: bool = False
    rows: dict = field(default_factory=dict)  # id(token) → row it is taken from («Ч10 з 8-го ряду»)
    range: bool = False  # «от ♦В до ♠6»: the toks are the two ends of a run
    chain: bool = False  # «♠2 и вслед за ней ♠3»: each card goes onto (or beside) the one before

    @property
    def cards(self) -> list[Card]:
        out = []
        for t in self.toks:
            out.extend([t.card] * t.count)
        return out



def instrumental(tok: CardToken, lang: str) -> bool:
    """Whether a card named in words is in the instrumental case: after «с / з» it is the card one
    goes *with* («знімається з двійкою пік», «съ тузомъ пикъ»), not the card taken *from* («с ♠4»,
    «з дами»; a card in symbols has no case: ``False``). ``lang``: the passage's language."""
    if tok.notation != "words" or not tok.raw:
        return False
    word = tok.raw.split()[0].lower()
    return any("ablt" in p.tag.grammemes for p in morph.analyzer(lang).parse(word)) and not any(
        "gent" in p.tag.grammemes for p in morph.analyzer(lang).parse(word)[:1])


def accusative(tok: CardToken, lang: str) -> bool:
    """Whether a card named in words is in the accusative (best parse): «на свободное место двойку червей»
    — the card moved, not whose place («на место ушедшего туза»). A card in symbols has no case: ``False``.
    ``lang``: the passage's language."""
    if tok.notation != "words" or not tok.raw:
        return False
    word = tok.raw.split()[0].lower()
    parses = morph.analyzer(lang).parse(word)
    return bool(parses) and "accs" in parses[0].tag.grammemes


UNNAMED = CardToken(0, 0, "", Card(1, None), "words", "a card the text does not name")
"""Stands for a card the text moves without naming it («она помещается в пробел» after «Карта в
магазине …»); a move of it has no cards."""


@lru_cache(maxsize=4096)
def _adjective(word: str) -> bool:
    """Whether some parse of ``word`` is an adjective («червону» is also a surname to pymorphy3)."""
    return any(p.tag.POS == "ADJF" for lang in ("ru", "uk") for p in morph.analyzer(lang).parse(word))


def _correlative(cl: list[El], k: int, word: str) -> bool:
    """Whether «, <word>» follows later in the clause: «либо ♥10, либо ♥8» pairs its «либо»s."""
    return any(cl[n].kind == "punct" and cl[n].text == "," and cl[n + 1].kind == "word" and cl[n + 1].low == word
               for n in range(k, len(cl) - 1))


def _chain_connector(cl: list[El], j: int) -> int | None:
    """The index after «и вслед за ней», «і слідом за нею», «, а за ним» at ``cl[j]``, else ``None``."""
    k = j
    if k < len(cl) and (cl[k].kind == "punct" and cl[k].text == "," or cl[k].kind == "word" and cl[k].low in LIST):
        k += 1
    if k < len(cl) and cl[k].kind == "word" and cl[k].low in ("вслед", "слідом", "следом"):
        k += 1
    if k + 1 < len(cl) and cl[k].kind == "word" and cl[k].low == "за" and cl[k + 1].kind == "word" \
            and cl[k + 1].low in PERSONAL and k > j:
        return k + 2
    return None


_CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2"})


@lru_cache(maxsize=4096)
def _word_cases(word: str, lang: str) -> frozenset:
    """Every grammatical case some parse of ``word`` has (empty when none names one)."""
    return frozenset(g for p in morph.analyzer(lang).parse(word) for g in p.tag.grammemes if g in _CASES)


def _cases_differ(a: CardToken, b: CardToken, lang: str | None) -> bool:
    """Whether two cards named in words one right after the other can share no case («дамою» ablt, «девятку»
    accs): then they are not one list. Cards in shorthand have no case: never."""
    if a.notation != "words" or b.notation != "words" or not a.raw or not b.raw:
        return False
    lang = lang if lang in ("ru", "uk") else "ru"
    ca, cb = _word_cases(a.raw.split()[0].lower(), lang), _word_cases(b.raw.split()[0].lower(), lang)
    return bool(ca) and bool(cb) and not ca & cb


def card_groups(cl: list[El]) -> list[Group]:
    """Runs of cards joined by «,», «и», «или», «либо», «с», «вместе с»."""
    out: list[Group] = []
    i = 0
    connectors = LIST | WITH | {"вместе", "разом"}
    while i < len(cl):
        if cl[i].kind != "card":
            i += 1
            continue
        g = Group([cl[i].tok], i, i + 1)
        k = i - 1
        while k >= 0 and cl[k].kind == "word" and cl[k].low in ("вместе", "обе", "оба", "разом"):
            k -= 1
        if k >= 1 and cl[k].kind == "word" and cl[k].low not in PERSONAL and _adjective(cl[k].low) \
                and not set(PLACE_CUES) & cl[k].cues and not cl[k].text[:1].isupper() \
                and cl[k - 1].kind == "word" and cl[k - 1].low in ON | INTO | UNDER | FROM:
            # (a place's noun is no colour, nor a name: «у відбій сімку чирв», «В Косынке даму пик …» — the card moved)
            k -= 1   # «на червону десятку»: a colour before a rank named alone
        if k >= 0 and cl[k].kind == "word":
            g.prep = cl[k].low if not (cl[k].low == "от" and cl[k].lang == "uk") else ""   # uk «а от вісімку»: a particle
            if cl[k].low in ALT:
                g.alt = True
                if k >= 1 and cl[k - 1].kind == "word" and cl[k - 1].low in (ON | INTO):
                    g.prep = cl[k - 1].low
            if "SERIES" in cl[k].cues or (cl[k].low == "из" and k >= 1 and "SERIES" in cl[k - 1].cues):
                g.series = True
        elif k >= 0 and cl[k].kind == "dash":
            g.prep = "—"
        j = i + 1
        if g.prep in ("от", "від") and j + 1 < len(cl) and cl[j].kind == "word" and cl[j].low == "до" \
                and cl[j + 1].kind == "card":
            # «серия карт от ♦В до ♠6»: a range, moved as one
            g.toks.append(cl[j + 1].tok)
            g.series, g.range, g.prep = True, True, (cl[k - 1].low if k >= 1 and cl[k - 1].kind == "word" else "")
            g.j = j = j + 2
        while j < len(cl):
            if cl[j].kind == "card" and len(g.toks) == 1 and (g.prep in UNDER | {"над", "из-под", "з-під"} and _cases_differ(
                    g.toks[-1], cl[j].tok, cl[j].lang) or g.prep in ON | INTO and g.toks[-1].notation == cl[j].tok.notation
                    == "words" and (g.toks[-1].card.suit and cl[j].tok.card.suit and len(g.toks[-1].raw.split()) > 1
                                    and len(cl[j].tok.raw.split()) > 1 or g.toks[-1].card.suit is None)
                    and cl[j - 1] is not None and cl[j].start > cl[j - 1].end):
                break   # «под дамою девятку пик перекладывают»: two cards side by side in other cases, two groups;
                #         uk «поклала на вісімку пік сімку чирв», «На тройку двойку пик не кладут»: the destination
                #         first (a rank alone, or a card with its suit), then the card moved
            if cl[j].kind == "card":
                g.toks.append(cl[j].tok)
                j += 1
                g.j = j
                continue
            run = hyphen_run(cl, j - 1)
            if run > j:   # «В♠-10♠-9♠ пачкой на Д♥», «К♠-Д♥-В♠»: a run written with hyphens, moved as one
                g.toks.extend(cl[k].tok for k in range(j + 1, run, 2))
                g.series = True
                g.j = j = run
                continue
            row = source_row(cl, j)
            if row is not None:  # «Ч10 з 8-го ряду або Ч10 з 2-го ряду»
                g.rows[id(g.toks[-1])] = row[0]
                j = row[1]
            follow = _chain_connector(cl, j)
            if follow is not None and follow < len(cl) and cl[follow].kind == "card":
                g.chain = True   # «♠2 и вслед за ней ♠3»
                j = follow
                continue
            k = j
            alt = with_ = False
            alt_word = None
            while k < len(cl) and (cl[k].kind == "punct" and cl[k].text == ","
                                   or cl[k].kind == "word" and cl[k].low in connectors):
                if cl[k].kind == "word" and cl[k].low in ALT:
                    alt, alt_word = True, cl[k].low
                with_ |= cl[k].kind == "word" and cl[k].low in WITH
                k += 1
            if alt_word is not None and g.prep != alt_word and _correlative(cl, k, alt_word):
                break   # «покрыть ♠9 либо ♥10, либо ♥8»: the alternatives start after ♠9
            if with_ and not alt and k < len(cl) and cl[k].kind == "card" and _off_card(cl, j, k):
                break   # «четверку пик с пятерки бубен кладут …», «ушёл с туза червей»: from on top of it, not with it
            if k > j and k < len(cl) and cl[k].kind == "card" and k - j <= 3:
                g.alt |= alt
                g.with_ |= with_
                j = k
                continue
            break
        out.append(g)
        i = g.j
    return out




def _off_card(cl: list[El], j: int, k: int) -> bool:
    """Whether «с / з / із» between ``cl[j:k]`` governs the card word ``cl[k]`` in the genitive («с пятерки
    бубен», «з дами чирв», pre-1918 «съ четверки»: off that card), not the instrumental («с пятеркой», «з
    дамою»: with it). Only a card named in words tells its case; «♠4 с ♦5» stays «with»."""
    if not (cl[j:k] and cl[k - 1].kind == "word" and cl[k - 1].low in WITH and cl[k].tok.notation == "words"):
        return False
    first = cl[k].tok.raw.split()[0].lower()
    parses = [p for p in morph.analyzer(cl[k].lang).parse(first)
              if p.tag.POS == "NOUN" and not {"Fixd", "Name", "Surn"} & p.tag.grammemes]
    return bool(parses) and not any("ablt" in p.tag.grammemes for p in parses) \
        and any("gent" in p.tag.grammemes for p in parses)


def hyphen_run(cl: list[El], i: int) -> int:
    """The end index (exclusive) of a run of cards joined by hyphens with no spaces that starts at the card
    ``cl[i]``, each card one rank below the one before («К♠-Д♥-В♠», «В♠-10♠-9♠»), three cards or more (two
    with a word of runs in the clause: «серию 8♦-7♣»); ``i`` when there is none. «♣7-♥8» (a rank up) is
    no run (a move, where a text writes its moves so)."""
    k = i
    while k + 2 < len(cl) and cl[k].kind == "card" and cl[k + 1].kind == "punct" and cl[k + 1].text == "-" \
            and cl[k + 2].kind == "card" and cl[k].end == cl[k + 1].start and cl[k + 1].end == cl[k + 2].start \
            and cl[k].tok.card.rank - cl[k + 2].tok.card.rank == 1:
        k += 2
    n = (k - i) // 2 + 1
    if n >= 3 or n == 2 and any("SERIES" in el.cues for el in cl):
        return k + 1
    return i


def _adverb(word: str, lang: str) -> bool:
    """Whether ``word`` can be an adverb («відразу», which pymorphy3 reads first as the noun «відраза»):
    then a pronoun before it is no possessive («Його відразу кладуть на базу»)."""
    return any(p.tag.POS == "ADVB" for p in morph.analyzer(lang).parse(word))


def _verb(el: El) -> bool:
    """Whether word ``el`` can be a finite verb or is a cue verb (uk «кладу», which pymorphy3 reads first as the
    noun «клад»): then a pronoun before it is its object, no possessive («Її кладу на дев'ятку пік»)."""
    return bool(el.cues & set(VERB_CUES)) or any(p.tag.POS == "VERB" for p in morph.analyzer(el.lang).parse(el.low))


def pronouns_of(cl: list[El]) -> list[tuple[int, str, str, str | None]]:
    """``(index, "personal"|"relative", case, gender)`` of the pronouns of a clause; gender is
    ``"masc"``, ``"femn"``, ``"plur"`` or ``None`` (unknown)."""
    out = []
    for i, el in enumerate(cl):
        if el.kind != "word":
            continue
        if el.low in PERSONAL:
            nxt = cl[i + 1] if i + 1 < len(cl) else None
            nxt2 = cl[i + 2] if i + 2 < len(cl) else None
            if (PERSONAL[el.low] in ("accs", "gent") and nxt is not None and nxt.kind == "word"
                    and nxt.tag is not None and nxt.low not in ("можна", "можно", "нельзя", "треба", "слід")
                    and not _adverb(nxt.low, nxt.lang) and not _verb(nxt)
                    and (nxt.tag.POS == "NOUN" or nxt.tag.POS == "ADJF" and (
                        nxt2 is None or nxt2.kind != "word" or nxt2.tag is None or nxt2.tag.POS in ("NOUN", "ADJF")))):
                continue  # possessive: «ее место», «на их базовую»
            g = "masc" if el.low in MASC else "femn" if el.low in FEMN else "plur" if el.low in PLUR else None
            out.append((i, "personal", PERSONAL[el.low], g))
        elif el.low in RELATIVE_FORMS:
            out.append((i, "relative", *RELATIVE_FORMS[el.low]))
        elif el.low in RELATIVE:
            tag = el.tag
            case = next((c for c in ("nomn", "gent", "accs", "ablt", "datv", "loct") if has_gram(tag, c)), "")
            g = next((x for x in ("masc", "femn", "plur") if has_gram(tag, x)), None)
            out.append((i, "relative", case, g))
    return out


def agrees(tok: CardToken, gender: str | None) -> bool:
    """Whether a pronoun of ``gender`` can stand for ``tok``: туз, король, валет are masculine;
    every card is also «карта» (feminine) in the symbol and letter notations."""
    if gender is None or gender == "plur":
        return True
    if tok is UNNAMED:
        return gender == "femn"
    masc = tok.card.rank in (1, 11, 13)
    if tok.notation == "words":
        return (gender == "masc") == masc
    return gender == "femn" or masc


_PLACE_ABBREVIATIONS = frozenset({"яч", "кл", "св", "пуст"})
"""Places a game record shortens («♦9–яч.» a cell, «♠К–св.» a free column): their cue patterns want the dot."""


def where_it_lies(el: El) -> bool:
    """Whether a place word after «в / на» can only be locative («в доме», «на базе», «в ячейке», uk «на базі»,
    «у відбої»): it says where a card lies; a destination is accusative («в дом», «на базу»)."""
    if el.kind != "word" or not re.fullmatch(r"[а-яёіїєґ']+", el.low):
        return False
    parses = morph.analyzer(el.lang).parse(el.low)
    known = [p for p in parses if p.tag.POS in ("NOUN", "ADJF")]
    # (after «в / на» a noun is accusative or locative: «базе», «ячейке» are dative too, which cannot be)
    return any(has_gram(p.tag, "loct") or has_gram(p.tag, "loc2") for p in known) \
        and not any(has_gram(p.tag, "accs") for p in known)


_ARROW = re.compile(r"->|=>|[→⇒⟶➔➜➡>]")
"""An arrow (not a dash): «X → Y» is a move in the notation, whatever the case of the place word after it."""


def acceptable_place(cl: list[El], i: int) -> bool:
    """A destination phrase at ``i`` names where a card goes: after «в/на», or in a form that can
    be accusative («базовую», «пробел»); «♦10 — первая базовая» (nominative) is a description,
    «из резерва» a source."""
    prev = cl[i - 1] if i else None
    if prev is not None and prev.kind == "word" and prev.low in FROM:
        return False
    if prev is not None and prev.kind == "dash" and _ARROW.search(prev.lemma or prev.text):
        return True    # «Т♥ → основа», «♠К -> пустая стопка»: an arrow is the notation's verb, its place in any case
    if prev is not None and prev.kind == "word" and prev.low in INTO | ON and where_it_lies(cl[i]):
        return False   # «первый туз в доме», «♥2 — на базе», uk «на базі»: where a card is, not where it goes
    if prev is not None and prev.kind == "word" and (prev.low in INTO | ON or prev.low in ("свою", "свой", "свої",
                                                                                         "качестве", "якості")):
        return True
    if prev is not None and prev.kind == "word" and prev.low == "до" and prev.lang == "uk" and any(
            has_gram(p.tag, "gent") for p in morph.analyzer("uk").parse(cl[i].low)):
        return True   # uk «відправляємо до дому», «до бази», «до відбою»: «до» + genitive is where it goes
    el = cl[i]
    nxt = cl[i + 1] if i + 1 < len(cl) else None
    if el.low == "наверх" and nxt is not None and nxt.kind == "word" and has_gram(nxt.tag, "gent") \
            and has_gram(nxt.tag, "NOUN"):
        return False  # «наверх колонки»: on top of a pile, not the foundations
    if el.low in PLACE_ADVERBS or el.tag is None or not re.fullmatch(r"[а-яё]+", el.low) or el.low in _PLACE_ABBREVIATIONS:
        return True
    return any(has_gram(p.tag, "accs") for p in morph.analyzer("ru").parse(el.low))


def place_at(cl: list[El], lo: int = 0, hi: int | None = None) -> tuple[str, int] | None:
    """The first destination place in ``cl[lo:hi]``: ``(place, index)``; ``place`` is a ``Move.to``
    place, or ``pile:N`` / ``pile:<position>`` («в третью стопку», «в середину колонки») or ``corner``
    («в угол креста»), which :mod:`.finish` resolves by the game's layout."""
    hi = len(cl) if hi is None else hi
    for i in range(lo, hi):
        for cue, place in PLACE_CUES.items():
            if cue in cl[i].cues and acceptable_place(cl, i):
                if place == "waste" and cl[i].lemma in ("резервный", "резервний") and one_of_several(cl, i):
                    place = "reserve"
                return place, i
        if "PILE" in cl[i].cues:
            pile = pile_place(cl, i)
            if pile is not None:
                return pile, i
        if "CORNER" in cl[i].cues and i and cl[i - 1].kind == "word" and cl[i - 1].low in INTO | ON:
            return "corner", i
    return None


def one_of_several(cl: list[El], i: int) -> bool:
    """«в вакантную / другую / любую резервную стопку», «в одну из резервных стопок»: one of
    several reserve piles (the four of «Расчет»), not the single waste pile the book also calls
    «резервная стопка»."""
    prev = cl[i - 1] if i else None
    return (prev is not None and prev.kind == "word" and prev.lemma in SEVERAL) or has_gram(cl[i].tag, "plur")


ORD_RE = r"(\d|[А-Яа-яЁёІіЇїЄє'’]+)"
ROW_FROM = re.compile(r"(?:\bз|\bіз|\bиз|\bс)\s+" + ORD_RE + r"\s*-?\s*(?:го|й|му|м)?\s+ряд", re.I)
WINDOW_WORD = re.compile(r"\b(?:вікн[оаі]|окн[оау])\b", re.I)
RIGHT_OF = re.compile(r"(?:праворуч|справа)\s+(?:від|от)\s+([^\s),.;]+)")
ROW_TO = re.compile(r"(?:\bв|\bу|\bдо|\bна)\s+(?:вікно\s+|окно\s+|початок\s+|начало\s+)?" + ORD_RE
                     + r"\s*-?\s*(?:го|й|му|м)?\s+ряд", re.I)


def row_number(word: str, lang: str) -> int | None:
    """«7» or an ordinal word («четвертого», «шостого») → the row number; ``None`` otherwise."""
    if word.isdecimal():
        return int(word)
    return ORDINALS.get(morph.lemma(word.replace("’", "'"), lang))


def source_row(cl: list[El], j: int) -> tuple[int, int] | None:
    """``(row, index after)`` for «з 8-го ряду» / «из 3-го ряда» / «из седьмого ряда» at ``cl[j]``, else ``None``."""
    if j + 2 < len(cl) and cl[j].kind == "word" and cl[j].low in FROM and cl[j + 1].kind == "word" \
            and cl[j + 1].lemma.replace("ё", "е") in ORDINALS and cl[j + 2].kind == "word" and cl[j + 2].lemma == "ряд":
        return ORDINALS[cl[j + 1].lemma.replace("ё", "е")], j + 3
    if not (j + 2 < len(cl) and cl[j].kind == "word" and cl[j].low in FROM and cl[j + 1].kind == "num"):
        return None
    k = j + 2
    while k < len(cl) and (cl[k].kind == "dash" or cl[k].text in ("-",) or cl[k].low in ("го", "й", "му", "м")):
        k += 1
    if k < len(cl) and cl[k].kind == "word" and cl[k].lemma == "ряд":
        return int(cl[j + 1].text), k + 1
    return None



def side_target(cl: list[El], groups: list[Group], lo: int = 0) -> tuple[str, CardToken, str] | None:
    """«справа от ♦10», «слева от ♦6» (at or after ``cl[lo]``): ``(flag, card, note)`` — the move
    puts its card next to that card, on its right (``right_of``) or left (``left_of``)."""
    for i in range(lo, len(cl)):
        if cl[i].kind == "word" and cl[i].low in SIDES:
            tg = next((g for g in groups if g.i > i), None)
            if tg is not None and tg.i <= i + 2:
                after = cl[i + 1].text if i + 1 < len(cl) else ""
                return SIDES[cl[i].low], tg.toks[0], f"«{cl[i].text} {after}»: next to that card"
    return None


def state_described(cl: list[El], verb_i: int) -> bool:
    """Whether the move verb is a bare past short participle («покладено», «вынесены»): the text
    describes the position shown, not a move to make («может быть помещена» still moves)."""
    tag = cl[verb_i].tag
    if not (tag is not None and tag.POS == "PRTS" and has_gram(tag, "past") or has_gram(tag, "Impe")):
        return False
    return not any(el.kind == "word" and el.lemma in ("быть", "бути", "мочь", "должный", "могти", "повинний")
                   for el in cl)


def antecedents_in(cl: list[El]) -> list[CardToken]:
    """Pronoun antecedents a clause offers, in text order: its cards (not those after «под», «от»:
    places, not cards spoken of) and a singular «карта» with no card right after it (UNNAMED)."""
    out = []
    for i, el in enumerate(cl):
        if el.kind == "card" and not (i and cl[i - 1].kind == "word" and cl[i - 1].low in ("под", "от", "від")):
            out.append(el.tok)
        elif el.kind == "word" and el.lemma == "карта" and has_gram(el.tag, "sing") and not any(
                e.kind == "card" for e in cl[i + 1:i + 4]):
            out.append(UNNAMED)
    return out


def is_plural(el: El) -> bool:
    return has_gram(el.tag, "plur")


def merge_groups(groups: list[Group]) -> Group:
    """Subject groups of a plural verb («♥ Туз из колоды и ♠Т … перемещаются»), as one group."""
    if len(groups) == 1:
        return groups[0]
    g = Group([t for x in groups for t in x.toks], groups[0].i, groups[-1].j)
    g.alt = any(x.alt for x in groups)
    return g


_JOIN = re.compile(r"\s*(?:,|и|і|й|та|или|либо|або|чи|до|а также)?\s*(?:,\s*)?", re.I)
_PREP_BEFORE = re.compile(r"(?<!\w)(?:на|в|во|у|под|під|до|к)\s+$", re.I)
"""A preposition right before a card (searched in the text up to the card's start)."""
_SAME_SUIT = re.compile(r"\s*(?:той\s+же|тієї\s+ж|тiєї\s+ж|той\s+самой|тієї\s+самої)\s+м[аа]ст[иі]", re.I)


def _case(tok: CardToken, lang: str) -> str | None:
    words = re.findall(r"[^\W\d_]+", tok.raw)
    p = morph.parse(words[0], lang) if words else None
    return p.tag.case if p is not None else None


def distribute_suits(text: str, tokens: list[CardToken], lang: str = "ru") -> list[CardToken]:
    """Word-form cards that name a rank only and share the suit named once for the list: «семерку и
    шестерку червей», «восьмерку, семерку и шестерку пик», «от короля до восьмерки червей» (each
    takes the suit of the next card of the list that names one); «двойку и тройку той же масти»
    (the suit of the card named before). The cards of a list stand in one case («на туза, девятки
    бубен» is two phrases). Returns the tokens, those changed replaced (with a
    ``reading_note``); shorthand tokens and ranks with no such suit are left as they are."""
    out = list(tokens)
    for n in range(len(out) - 2, -1, -1):
        t, nxt = out[n], out[n + 1]
        if t.notation != "words" or t.card.suit is not None or t.card.joker or nxt.notation != "words" \
                or nxt.card.suit is None:
            continue
        gap = text[t.end:nxt.start]
        cases = (_case(t, lang), _case(nxt, lang))
        if not gap.strip() and _PREP_BEFORE.search(text, max(0, t.start - 8), t.start):
            continue   # «На тройку двойку пик не кладут»: the preposition governs the first card alone, no list
        if _JOIN.fullmatch(gap) and len(gap) <= 12 and (gap.strip().lower() == "до" or None in cases
                                                        or cases[0] == cases[1]):
            out[n] = replace(t, card=Card(t.card.rank, nxt.card.suit),
                             reading_note=f"suit from «{nxt.raw}», named once for the list")
    n, before = 0, None  # before: the last card before n that names its suit
    while n < len(out):
        t = out[n]
        if t.notation != "words" or t.card.suit is not None or t.card.joker:
            if t.card.suit is not None:
                before = t
            n += 1
            continue
        k = n  # the list of suitless word cards n..k, each read once (a line of 100,000 «тузы» is linear)
        while k + 1 < len(out) and out[k + 1].notation == "words" and out[k + 1].card.suit is None \
                and _JOIN.fullmatch(text[out[k].end:out[k + 1].start]):
            k += 1
        if before is not None and _SAME_SUIT.match(text, out[k].end):
            for j in range(n, k + 1):
                out[j] = replace(out[j], card=Card(out[j].card.rank, before.card.suit),
                                 reading_note=f"«той же масти»: the suit of {before.raw}")
            before = out[k]
        n = k + 1
    return out


_NEXT_WORD = re.compile(r"\s+([^\W\d_]+(?:['’][^\W\d_]+)?)")


def range_cards(text: str, ranges, lang: str = "ru") -> list[CardToken]:
    """The two end cards of a rank range that a suit word follows: «от короля до восьмерки червей»,
    «від дами до дев'ятки пік» (a run of one suit named by its ends; the card notation reads the
    range as ranks). Each end is a word-form token over its rank word (the last also over the suit
    word), with a reading note; a range with no suit after it gives none."""
    out: list[CardToken] = []
    for r in ranges:
        if r.kind != "range":
            continue
        m = _NEXT_WORD.match(text, r.end)
        words = list(re.finditer(r"[^\W\d_]+(?:['’][^\W\d_]+)?", r.raw))
        if m is None or len(words) < 4:
            continue
        suit = m.group(1)
        first, last = words[1], words[-1]
        ends = []
        for w, end in ((first, r.start + first.end()), (last, m.end())):
            found = find_word_cards(f"{w.group()} {suit}", lang)
            if len(found) != 1 or found[0].card.suit is None:
                break
            ends.append(CardToken(r.start + w.start(), end, text[r.start + w.start():end], found[0].card, "words",
                                  f"an end of the run «{r.raw} {suit}», of one suit"))
        if len(ends) == 2:
            out.extend(ends)
    return out


_ELLIPSIS_GAP = re.compile(r"\s*,?\s*(?:—\s*)?(?:(?:или|либо|и|й|і|та|або|чи|а|но|але|а\s+также)\s+)?"
                           r"(?:(?:не|ні)\s+)?(?:(?:на|в|у|с|з|із)\s+)?", re.I)
_ADJ_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def elliptic_suits(text: str, tokens: list[CardToken], lang: str = "ru") -> list[CardToken]:
    """Cards named by a suit adjective alone after a card of the same rank: «трефовую девятку или
    пиковую, но не бубновую» (9C, 9S, 9D), «на червонного короля или на пикового»; after a rank the
    text names for the list, in the plural: «двох королів — червового й бубнового», «дві шістки — пікову
    й трефову» (the rank token becomes the first card, over the words up to its adjective). The
    adjective agrees with the rank word (case, gender or number); the new tokens carry a reading note.
    Returns the tokens in text order."""
    from ..notation import _SUIT_ADJ, _agree, _word_suit   # the notation's own word tables

    out = list(tokens)
    taken = sorted((t.start, t.end) for t in tokens)   # disjoint spans, by start (so by end too)

    def overlaps(a: int, b: int) -> bool:   # only the last span starting before b can meet [a, b)
        i = bisect_left(taken, (b,))
        return i > 0 and taken[i - 1][1] > a

    for t in list(tokens):
        if t.notation != "words" or t.card.joker:
            continue
        noun = next((w for w in _ADJ_WORD.findall(t.raw) if _word_suit(w, lang, _SUIT_ADJ) is None), None)
        if noun is None:
            continue
        at, found = t.end, []
        while True:
            g = _ELLIPSIS_GAP.match(text, at)
            w = _ADJ_WORD.match(text, g.end())
            if w is None or overlaps(w.start(), w.end()):
                break
            suit = _word_suit(w.group(), lang, _SUIT_ADJ) if len(w.group()) > 4 else None
            if suit is None or (t.card.suit is not None and not _agree(noun, w.group(), lang)):
                break
            found.append((w.start(), w.end(), suit))
            at = w.end()
        if not found or (t.card.suit is None and len(found) < 2):
            continue
        note = f"the rank of «{t.raw}», the suit of its adjective alone"
        new = [CardToken(a, b, text[a:b], Card(t.card.rank, suit), "words", note) for a, b, suit in found]
        if t.card.suit is None:   # «двох королів — червового й бубнового»: the plural rank is the list's
            first = new.pop(0)
            out[out.index(t)] = replace(t, end=first.end, raw=text[t.start:first.end], card=first.card, count=1,
                                        reading_note=note)
        out.extend(new)
        for x in new:
            insort(taken, (x.start, x.end))
    return sorted(out, key=lambda x: x.start)


_RESTATED = re.compile(r"\s*(?:\(|,\s*(?:тобто|то\s+есть|т\.\s*е\.|а\s+именно|а\s+саме|иначе\s+говоря)\s+"
                       r"(?:на\s+|в\s+|у\s+|под\s+|під\s+)?)\s*", re.I)


_RESTATED_DASH = re.compile(r"\s+[—–]\s+")
_CLAUSE_END = re.compile(r"\s*(?:[.;!?)]|$)")
"""«на червоного валета — валета чирв.»: a card by colour, restated in full after a dash at the clause's end."""


def restated_in_parentheses(text: str, tokens: list[CardToken]) -> list[CardToken]:
    """A card named by rank and colour, then in full in parentheses or after «тобто / то есть»: «червону
    вісімку (вісімку чирв)», «на червону десятку, тобто на десятку чирв», «на червоного валета — валета чирв.»
    (a dash before the full card at the clause's end) — the card is the one restated
    (its reading note says so); the restatement itself is no second move (after a dash its token is left out:
    its words are read as words, the dash no «X — Y»)."""
    out = list(tokens)
    dropped = set()
    for n, t in enumerate(out[:-1]):
        nxt = out[n + 1]
        if t.card.suit is None and nxt.card.suit is not None and nxt.card.rank == t.card.rank \
                and (t.colour is None or t.colour == nxt.card.color):
            if _RESTATED.fullmatch(text[t.end:nxt.start]):
                out[n] = replace(t, card=nxt.card, reading_note=f"the card restated in parentheses, «{nxt.raw}»")
            elif _RESTATED_DASH.fullmatch(text[t.end:nxt.start]) and _CLAUSE_END.match(text, nxt.end):
                out[n] = replace(t, card=nxt.card, reading_note=f"the card restated after a dash, «{nxt.raw}»")
                dropped.add(n + 1)   # (the dash and the card named again are no move «X — Y»)
    return [t for n, t in enumerate(out) if n not in dropped]


_SYMBOL_AFTER = re.compile(r" ?([♠♣♥♦])\ufe0f?")
_SUIT_OF_SYMBOL = {"♠": "S", "♣": "C", "♥": "H", "♦": "D"}


def symbol_after_rank(text: str, tokens: list[CardToken]) -> list[CardToken]:
    """A rank named in words and its suit as a symbol after it: «туза ♦️ — на базу», «на короля ♠️»,
    «дама ♥» (forum posts, emoji suits with or without the variation selector U+FE0F). The rank
    token takes the symbol; returns the tokens in text order."""
    out = []
    for t in tokens:
        m = _SYMBOL_AFTER.match(text, t.end) if t.notation == "words" and t.card.suit is None and not t.card.joker else None
        if m is not None and not any(u is not t and u.start < m.end() and m.start(1) < u.end for u in tokens):
            t = replace(t, end=m.end(), raw=text[t.start:m.end()], card=Card(t.card.rank, _SUIT_OF_SYMBOL[m.group(1)]),
                        reading_note="a rank in words, its suit as a symbol after it")
        out.append(t)
    return out
