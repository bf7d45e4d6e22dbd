"""Who a clause speaks of: the card a pronoun stands for («её можно положить …»), the one card a bare rank
means («и туз выносится …» after ♠Т), the subject of a clause. A mixin of :class:`.reader.Reader` (``self``
keeps the context)."""

from __future__ import annotations

from dataclasses import replace

from pasyans import morph

from ..notation import CardToken
from .elements import El
from .lexicon import FROM, INTO, ON, PLACE_ADVERBS, UNDER
from .phrases import UNNAMED, agrees, antecedents_in, has_gram


_OPEN = frozenset({"открытый", "открыть", "відкритий", "відкрити", "відкрито", "видный", "видний", "видно"})
"""«открыта / відкрита X», «видна / видно X»: a card shown open, the subject of what follows."""


class Referents:
    """The reference readings; ``self`` is the :class:`~.reader.Reader`."""

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
            # a card of this sentence in shorthand has no gender of its own: «Если под тузом окажется ♥2, клади его
            # туда же» (♥2 the writer reads as «двойку» or «его» as «the card»: the card found, not the ace)
            here = subj is not None and subj is not UNNAMED and subj.notation != "words" \
                and self.ctx.subject_sentence == self.ctx.sentence
            # nor does a subject already moved, when another card moved after it: «Открылся туз червей: его
            # выкладывают наверх, а на место туза кладут короля треф, на него же — червонную даму» (the king)
            moved_on = recent and self.ctx.last_movers[0] is not subj and any(
                subj in p.movers for p in self.protos)
            if subj is not None and (agrees(subj, gender) or here) \
                    and not (recent and self.ctx.subject_sentence < self.ctx.sentence) and not moved_on:
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
        if len(same) > 1:
            # «Лежали 8♠ и 8♥ … 7♦ я положила на восьмёрку»: which one the text does not say — left a rank, and said
            self.ambiguous.append((t, sorted(same, key=lambda c: c.format())))
        if len(same) != 1:
            return t
        c = next(iter(same))
        return replace(t, card=c, reading_note=f"«{t.raw}»: the {c} the example named before")

    def subject_of(self, cl: list[El], prons) -> CardToken | None:
        """The card a clause is about: the first card (or unnamed «карта», or pronoun) before its
        predicate (a finite verb, a short participle, a dash, «на»), else the first card after a
        finite verb that no preposition governs; ``None`` when the clause has no predicate."""
        pred = next((i for i, el in enumerate(cl) if el.kind == "dash" or el.kind == "word" and (
            el.low in ON or el.low in PLACE_ADVERBS or el.tag is not None and el.tag.POS in ("VERB", "PRTS"))), None)
        if pred is None:
            # «З колоди прийшла 2♣»: pymorphy3 reads «прийшла» first as the adjective «прийшлий»; a past verb too
            pred = next((i for i, el in enumerate(cl) if el.kind == "word" and el.tag is not None and el.tag.POS == "ADJF"
                         and any(p.tag.POS == "VERB" and "past" in p.tag.grammemes
                                 for p in morph.analyzer(el.lang).parse(el.low))), None)
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
            if el.kind == "card" and not (i and cl[i - 1].kind == "word" and cl[i - 1].low in FROM | ON | INTO | UNDER | {"над"}):
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
