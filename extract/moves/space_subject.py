"""The space as the subject of a clause, the card that fills it after the verb: «Окно справа от ♣7 может быть
занято только ♣8», «Освободившееся мѣсто занято валетомъ бубенъ», «Пустое место занимает ♣8», «Пробел после ♦2
тут же получает ♦3», uk «Порожню клітинку займає ♠5», and the space named in a clause of its own before the
predicate: «Окно, освободившееся от ♣8, | можно занять ♥6». A mixin of :class:`.reader.Reader`.

The mechanism is morphological, not a list of wordings: a *space noun* (the SPACE cue, or a noun of
``space_nouns`` in ``pasyans/data/move_lexicon.json``: пробел, место, окно, вікно, ячейка …) outside any
preposition, then a *filling predicate* — a verb, infinitive, short participle or short adjective whose lemma
is one of ``space_fillers`` (заполнить, занять, получить, заповнити, зайняти, отримати … in any person, voice
or aspect; «занят / занято», «заполнен», uk «зайнято», «заповнено») — and after it the cards: each goes to
that space (alternatives flagged when they are «либо ♣4, либо ♠2»); a space noun that names a cell or a reserve
(«вільну клітинку займає бубнова сімка») puts them there. The cards between the noun and the
predicate say which space it is («справа от ♣7», «оставленный ♥В», «после ♦2»): they move nowhere.
An attributive participle («занятое место») is no predicate.
"""

from __future__ import annotations

from .lexicon import FROM, INTO, ON, UNDER, _W
from .phrases import Group, place_at

SPACE_NOUNS = frozenset(_W["space_nouns"])
"""Lemmas of nouns that name a space a card may fill («пробел», «окно», uk «вікно», «клітинка» …)."""
SPACE_FILLERS = frozenset(_W["space_fillers"])
"""Lemmas of the predicates of filling a space («заполнить», «занять», «занятый», «получить», uk «зайняти» …)."""

_PLACES = frozenset({"space", "cell", "reserve"})
"""The places a space noun may name («вільну клітинку займає …»: a free cell); any other is a space."""
_PREDICATE_POS = frozenset({"VERB", "INFN", "PRTS", "ADJS"})
_GOVERNING = ON | INTO | FROM | UNDER | {"от", "від", "после", "після", "за", "до", "перед", "к", "возле", "біля"}


def _space_at(cl, lo: int = 0, hi: int | None = None) -> int | None:
    """Index of the first space noun in ``cl[lo:hi]`` that no preposition governs (adjectives and participles
    between allowed: «в пустое место» is governed, «Освободившееся место» is not), else ``None``."""
    hi = len(cl) if hi is None else hi
    for i in range(lo, hi):
        el = cl[i]
        if el.kind != "word" or not ("SPACE" in el.cues and el.tag is not None and el.tag.POS == "NOUN"
                                     or el.lemma in SPACE_NOUNS or "PLACE_NOUN" in el.cues):
            continue
        if el.tag is not None and el.tag.case not in (None, "nomn", "accs"):
            continue   # «от пробела», «пробелом»: not the subject
        k = i - 1
        while k >= 0 and cl[k].kind == "word" and cl[k].tag is not None and cl[k].tag.POS in ("ADJF", "PRTF", "NUMR"):
            k -= 1
        if k >= 0 and cl[k].kind == "word" and cl[k].low in _GOVERNING:
            continue
        return i
    return None


def _filler_at(cl, lo: int) -> int | None:
    """Index of the first filling predicate after ``cl[lo]`` (a verb form, not an attributive participle)."""
    for i in range(lo + 1, len(cl)):
        el = cl[i]
        if el.kind == "word" and el.lemma in SPACE_FILLERS and el.tag is not None and (
                el.tag.POS in _PREDICATE_POS or el.tag.POS is None):
            return i
    return None


class SpaceSubject:
    """``self`` is the :class:`~.reader.Reader`."""

    def _space_filled(self, cl, groups: list[Group], flags: set) -> bool:
        """Read a clause whose subject is a space filled by the cards after its predicate; ``True`` when it is one
        (moves made to ``space``). A clause naming a space and no predicate is remembered for the next clause of
        the same sentence («Окно, освободившееся от ♣8, можно занять ♥6»)."""
        s = _space_at(cl)
        if s is not None and _filler_at(cl, s) is None:
            self.ctx.space_subject = self.ctx.sentence if not any(
                el.kind == "word" and el.tag is not None and el.tag.POS in ("VERB", "INFN") for el in cl) else -1
            self.ctx.space_place = (place_at(cl, s, s + 1) or ("space",))[0]
            return False
        if s is None:
            if self.ctx.space_subject != self.ctx.sentence or _space_at(cl) is not None:
                return False
            s = -1   # the space is the subject of the clause before, in the same sentence
        self.ctx.space_subject = -1
        v = _filler_at(cl, s)
        if v is None:
            return False
        after = [g for g in groups if g.i > v and g.prep not in _GOVERNING]
        if not after:
            return False
        place = (place_at(cl, s, s + 1) or ("space",))[0] if s >= 0 else self.ctx.space_place
        if place not in _PLACES:
            place = "space"   # («место первого ряда»: a space of a row)
        self.to_each(cl, after[0], None, place, flags, ["the space is the subject; the card after the verb fills it"])
        return True
