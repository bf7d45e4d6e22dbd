"""Cards a text points at rather than names as movers: a card clicked in a game program («Кликаем дважды по 3♠»,
«Нажмите на ♠7», uk «Клацніть В♣») and a pile named by a card of it («колонку с ♠К»). A mixin of
:class:`.reader.Reader` and a clause rewrite it applies first."""

from __future__ import annotations

from .elements import El
from .lexicon import ALT, FROM, LIST, STRONG


_PILE_NOUNS = frozenset({"колонка", "столбец", "стопка", "стовпчик", "стовпець", "стос", "кучка", "купка", "колона"})
_HEADED = frozenset({"наверху", "нагорі", "зверху", "сверху", "во", "главе"})
_RUN_NOUNS = frozenset({"цепочка", "ланцюжок", "серия", "серія", "последовательность", "послідовність"})
"""«в цепочке 9♠ 8♠ 7♠»: the run a clicked card heads, named after it."""


def pile_by_card(cl: list[El]) -> list[El]:
    """«Переносим всю колонку с ♠К в пустую», «стопку с ♦9 наверху — на ♣10», uk «весь стовпчик із К♠»: a pile
    named by a card of it moves with that card — the card is the mover (the pile noun, «с / із» and «наверху»
    left out; how many cards go with it the text does not say)."""
    for i, el in enumerate(cl[:-2]):
        if el.kind == "word" and el.lemma in _PILE_NOUNS and cl[i + 1].kind == "word" \
                and not (i and cl[i - 1].kind == "word" and cl[i - 1].low in FROM) \
                and cl[i + 1].low in ("с", "со", "з", "із", "зі") and cl[i + 2].kind == "card":
            k = i + 3
            while k < len(cl) and cl[k].kind == "word" and cl[k].low in _HEADED:
                k += 1
            return cl[:i] + [cl[i + 2]] + cl[k:]
    return cl


class Clicks:
    """The click form of :class:`.reader.Reader` (it uses the reader's ``clause``, ``move`` and context)."""

    def _click(self, cl: list[El], alone: bool, sent_flags: set, same_sentence: bool) -> list | None:
        """«Кликаем дважды по 3♠ — карта сама уходит в дом», «Нажмите на ♠7», uk «Клацніть В♣»: a card
        clicked in a game program is the card moved (not a destination «на ♠7»); the clause is read without
        the click, and when it says no destination the move has none (the program puts it where it goes;
        a next clause of the sentence may say where: «…, и она перейдёт на ♥8»). ``None``: no click."""
        at = next((i for i, el in enumerate(cl) if "CLICK" in el.cues), None)
        if at is None:
            return self._second_click(cl, alone, sent_flags, same_sentence)
        k = at + 1
        while k < len(cl) and cl[k].kind == "word" and (cl[k].low in ("по", "на", "дважды", "двічі", "двiчi", "два", "раза",
                                                                       "рази", "мышкой", "мишкою", "карту", "карте")
                                                       or cl[k].tag is not None and cl[k].tag.POS == "ADVB"):
            k += 1
        if k >= len(cl) or cl[k].kind != "card":
            return None
        same = cl[k].tok.card.rank
        # «дважды коснитесь К♦, и король уйдёт в пустую стопку»: the rank named after it is the card clicked
        rest = cl[:at] + cl[k:k + 1] + [el for el in cl[k + 1:] if not (
            el.kind == "card" and el.tok.card.suit is None and el.tok.card.rank == same and el.tok.notation == "words")]
        chain = next((i for i in range(k + 1, len(cl) - 1) if cl[i].kind == "word" and cl[i].lemma in _RUN_NOUNS
                      and cl[i + 1].kind == "card" and cl[i + 1].tok.card == cl[k].tok.card), None)
        if chain is not None:
            # «коснитесь 9♠ в цепочке 9♠ 8♠ 7♠, и вся цепочка переместится на 10♠»: the run the card heads
            run = []
            for el in cl[chain + 1:]:
                if el.kind != "card":
                    break
                run.append(el.tok)
            self.ctx.listed = run
            rest = cl[:at] + cl[k:chain - 1 if cl[chain - 1].low in ("в", "у") else chain] \
                + cl[chain + 1 + len(run):]
        before = {id(p) for p in self.protos}
        made = self.clause(rest, alone, sent_flags, same_sentence)
        if made or any(id(p) not in before for p in self.protos):
            return made
        toks = [el.tok for el in cl[k:] if el.kind == "card"]
        p = self.move(cl, toks[:1], notes=["a card clicked: the text does not say where the program puts it"])
        if len(toks) > 1 and any(el.kind == "word" and el.low in ALT for el in cl[k:]):
            p.flags.add("alternative")   # «Клацніть В♣ або 9♠»
            for t in toks[1:]:
                self.move(cl, [t], flags={"alternative"}, notes=list(p.notes))
        self.ctx.clicked = (p, self.ctx.sentence)
        self.carried = True
        return [q for q in self.protos if id(q) not in before]

    def _second_click(self, cl: list[El], alone: bool, sent_flags: set, same_sentence: bool) -> list | None:
        """«Коснитесь 7♣, а затем 8♣ — семёрка треф переместится на восьмёрку треф»: after a card clicked in
        this sentence with no destination said, a clause opening («а затем», «потом», «і») on a bare card is
        the second click — where the card goes; what follows a dash is read on its own (the same move told
        again is dropped: :func:`.finish.drop_superseded`). ``None``: no such clause."""
        ck = self.ctx.clicked
        if alone or ck is None or ck[1] != self.ctx.sentence or ck[0] not in self.protos or ck[0].target is not None \
                or ck[0].place is not None or not ck[0].movers:
            return None
        k = 0
        while k < len(cl) and cl[k].kind == "word" and (cl[k].low in LIST | STRONG or "NEXT" in cl[k].cues):
            k += 1
        if k == 0 or k >= len(cl) or cl[k].kind != "card" or not (k + 1 == len(cl) or cl[k + 1].kind == "dash"):
            return None
        p = ck[0]
        self.protos.remove(p)
        self.ctx.clicked = None
        made = [self.move(cl[:k + 1], p.movers, cl[k].tok, notes=p.notes[1:] + ["the second card clicked: where it goes"])]
        made[0].start = min(made[0].start, p.start)
        if k + 2 < len(cl):
            made += self.clause(cl[k + 2:], alone, sent_flags, True)
        self.carried = True
        return made
