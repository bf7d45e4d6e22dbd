"""Clauses that tell where cards lie or turn up rather than move them: «на ♠9 лежат ♥8 и ♣7», «первой
выложенной картой будет ♥9», «открываем следующую карту колоды — ♦3», «под шестёркой лежала Д♥ — на короля».
A mixin of :class:`.reader.Reader` (``self`` keeps the context, ``move``, ``shown``)."""

from __future__ import annotations

from .elements import El
from .lexicon import FROM, INTO, ON, PERSONAL, PLACE_CUES, UNDER, VERB_CUES, WITH
from .phrases import card_groups, has_gram
from .clause_words import APPEAR, governed


_DRAW = frozenset({"тянуть", "вытянуть", "вытягивать", "тягнути", "витягнути", "витягати", "витягувати", "тащить",
                   "вытащить", "тягти"})
"""Verbs of drawing a card from the stock («тянем из колоды … тройка треф», uk «тягнемо з колоди — 5♠»)."""


_NOTHING = frozenset({"ничего", "ничто", "нічого", "ніщо", "ничего-то"})


def nothing_put(cl: list[El]) -> bool:
    """Whether a clause says that nothing goes somewhere: «На туза в «Гольфі» нічого не кладуть», «на короля ничего не
    кладётся», pre-1918 «на короля ничего не кладутъ» — a rule of the game, not a move of its card (``ничего`` /
    ``нічого`` right before «не» and a verb of moving)."""
    return any(el.kind == "word" and el.low in _NOTHING and n + 2 < len(cl) and cl[n + 1].low == "не"
               and cl[n + 2].cues & set(VERB_CUES) for n, el in enumerate(cl))


class Positions:
    """The position readings; ``self`` is the :class:`~.reader.Reader`."""

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
        # «під нею відкривається 8♣ — її теж кладемо на відбій», «под ней оказалась двойка червей — она тоже пошла
        # в дом»: the pronoun after the dash is the card found
        verb_right = any(el.cues & set(VERB_CUES) for el in right)
        if not (lay_under or any(el.kind == "word" and ({"TURN", "STATE"} & el.cues or el.lemma in APPEAR) for el in left)) \
                or any(el.cues & set(VERB_CUES) for el in left) or verb_right and not (
                    right[0].kind == "word" and right[0].low in PERSONAL and PERSONAL[right[0].low] in ("accs", "nomn")):
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
                   if cue in el.cues and governed(cl, i)), None)
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
