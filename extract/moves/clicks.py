"""Cards a text points at rather than names as movers: a card clicked in a game program («Кликаем дважды по 3♠»,
«Нажмите на ♠7», uk «Клацніть В♣») and a pile named by a card of it («колонку с ♠К»). A mixin of
:class:`.reader.Reader` and a clause rewrite it applies first."""

from __future__ import annotations

from .elements import El
from .lexicon import ALT, FROM


_PILE_NOUNS = frozenset({"колонка", "столбец", "стопка", "стовпчик", "стовпець", "стос", "кучка", "купка", "колона"})
_HEADED = frozenset({"наверху", "нагорі", "зверху", "сверху", "во", "главе"})


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
            return None
        k = at + 1
        while k < len(cl) and cl[k].kind == "word" and (cl[k].low in ("по", "на", "дважды", "двічі", "двiчi", "два", "раза",
                                                                       "рази", "мышкой", "мишкою", "карту", "карте")
                                                       or cl[k].tag is not None and cl[k].tag.POS == "ADVB"):
            k += 1
        if k >= len(cl) or cl[k].kind != "card":
            return None
        rest = cl[:at] + cl[k:]
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
