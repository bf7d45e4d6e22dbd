"""A question about a move and the answer right after it: «Куди піде сімка пік? Відповідь: на вісімку
чирв.», «Кого он туда положит? Короля пик!», «Чи можна покласти даму чирв на короля бубон? Відповідь: ні».

The question's own moves are asked about, not made (:func:`asks`); the answer in the next sentence completes
the move the question asks about: it gives the place («куда / куди» asked: :func:`compose` puts the answer's
destination where the question word was), the card («кого», «какую карту», «яку карту» asked: the answer's
cards, those named with their suit first, stand for the question words) or says yes or no (:func:`yes_no`:
the moves asked about are made, or forbidden). Used by :func:`pasyans.extract.moves.parse_moves`.
"""

from __future__ import annotations

from .elements import El
from .lexicon import INTO, ON, PLACE_CUES, VERB_CUES

ASK = frozenset({"куда", "какую", "какой", "какая", "какие", "какое", "что", "почему", "зачем", "сколько", "ли",
                 "кого", "куди", "яку", "який", "яка", "які", "яке", "що", "чому", "навіщо", "скільки", "чи", "нащо"})
"""Question words: a sentence ending «?» with one of them asks, it does not move."""

_PLACE_ASKED = frozenset({"куда", "куди"})
_CARD_ASKED = frozenset({"кого", "какую", "какой", "яку", "який", "что", "що"})
"""«Кого он туда положит?», «Какую карту положить на ♠9?», «Яку карту туди можна перекласти?»: the card is asked."""
ANSWER_LABELS = frozenset({"ответ", "відповідь", "отв", "відп"})
"""«Ответ:», «Відповідь:» opening the answer (read past)."""
_YES = frozenset({"да", "так", "можно", "можна", "конечно", "звісно", "звичайно", "разумеется"})
_NO = frozenset({"нет", "ні", "нельзя", "не"})


def asks(sent: list[El]) -> bool:
    """Whether a sentence is a question («Куда положить ♠7?», «Яку карту можна перекласти на відбій?»,
    «Чому після 2♥ не можна покласти 4♠?»): it ends with «?» and has a question word — its moves are asked
    about, not made."""
    return ends_asking(sent) and any(el.kind == "word" and el.low in ASK for el in sent)


def ends_asking(sent: list[El]) -> bool:
    """Whether a sentence ends with «?» («♠3 на ♥4 нельзя?»): with no question word its move is kept, and a
    yes or no after it decides whether it is forbidden."""
    last = next((el for el in reversed(sent) if el.kind != "punct" or el.text in "?!."), None)
    return last is not None and last.kind == "punct" and last.text == "?"


def asked(cl: list[El]) -> tuple[str, int, int] | None:
    """What a question's clause asks of its move: ``("place", i, j)`` («куда», «куди» at ``cl[i:j]``),
    ``("card", i, j)`` («кого», «какую карту» — the noun after the question word taken with it) or
    ``("yes-no", 0, 0)`` («ли», «чи», «можно ли»); ``None`` when it asks none of these (nor has a move verb)."""
    if not any(el.cues & set(VERB_CUES) for el in cl):
        return None
    for i, el in enumerate(cl):
        if el.kind != "word":
            continue
        if el.low in _PLACE_ASKED:
            return "place", i, i + 1
        if el.low in _CARD_ASKED:
            j = i + 1
            if j < len(cl) and cl[j].kind == "word" and cl[j].lemma == "карта":
                j += 1
            return "card", i, j
    if any(el.kind == "word" and el.low in ("ли", "чи") for el in cl):
        return "yes-no", 0, 0
    return None


def answer_of(sent: list[El]) -> list[El]:
    """The answer sentence without its label and the punctuation after it («Відповідь: на вісімку чирв.»
    → «на вісімку чирв.», «— Ні.» → «Ні.»)."""
    k = 0
    if k < len(sent) and sent[k].kind == "word" and sent[k].low in ANSWER_LABELS:
        k += 1
    while k < len(sent) and (sent[k].kind == "dash" or sent[k].kind == "punct" and sent[k].text in ":.-—–"):
        k += 1
    return sent[k:]


def yes_no(answer: list[El]) -> bool | None:
    """``True`` for an answer opening on yes («Так.», «Да, можно»), ``False`` on no («Ні, бо обидві карти
    червоні», «Нет»), ``None`` for any other."""
    first = next((el for el in answer if el.kind != "punct"), None)
    if first is None or first.kind != "word":
        return None
    if first.low in _NO:
        return False
    return True if first.low in _YES else None


def _first_clause(els: list[El]) -> list[El]:
    """``els`` up to the first «,», «;» or end of sentence (the answer's own condition «якщо …» is read
    as the sentence's flag)."""
    out = []
    for el in els:
        if el.kind == "punct" and el.text in ",;.!?…":
            break
        out.append(el)
    return out


def compose(cl: list[El], what: str, i: int, j: int, answer: list[El]) -> list[El] | None:
    """The question's clause ``cl`` with the question words ``cl[i:j]`` replaced by what the answer gives:
    its destination from the first «на / в» or place word («на вісімку чирв» for «Куди піде сімка пік?»),
    or its cards («Короля пик!» for «Кого он туда положит?»; «лише короля, наприклад короля пік»: the card
    with its suit). ``None`` when the answer gives no such thing or is a move of its own (a verb in its first
    clause, or a card and where it goes: «♥8 на ♠9»)."""
    own = _first_clause(answer)
    if any(el.cues & set(VERB_CUES) for el in own):
        return None   # a move of its own («Правильно: кладём ♥8 на ♠9»): read as it is
    if what == "place":
        at = next((k for k, el in enumerate(answer) if el.kind == "word" and (el.low in ON | INTO or set(PLACE_CUES) & el.cues)),
                  None)
        if at is None or any(el.kind == "card" for el in answer[:at]):
            return None   # («♥8 на ♠9»: the answer names the card it moves)
        part = _first_clause(answer[at:])
        if not part:
            return None
    else:
        cards = [el for el in answer if el.kind == "card"]   # («лише короля, наприклад короля пік»: past the comma)
        suited = [el for el in cards if el.tok.card.suit is not None]
        part = (suited or cards)[:1]
        if not part or any(el.kind == "word" and el.low in ON | INTO for el in own):
            return None   # («♥8 на ♠9»: a move of its own)
        if sum(1 for el in answer if el.kind == "card" and el.tok.card.suit is not None) > 1:
            return None   # «а) 5♥ або 7♦; б) 9♠; в) К♣»: the options offered, not the answer
    return cl[:i] + part + cl[j:]
