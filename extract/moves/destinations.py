"""Destinations people write that are not a card or a standard place, and how the game decides them.

* a pile by number or position: «в третью стопку» → ``pile:3``, «на п'ятий стос» → ``pile:5``,
  «под пятую стопку», «к седьмой стопке», «під дев'ятий стосик» → ``pile:5`` … (under the pile),
  «в середину колонки» → ``pile:middle`` (``Move.to`` ``"tableau"``, ``Move.to_pile`` ``"middle"``);
* «в угол креста»: a corner of the layout — the foundations where the game's text lays its bases in
  the corners («туза … помещаются внутри углов креста», «Мельница»), else unresolved;
* «под ♥9»: under a card on the page — onto it where piles grow downward (the game's text builds
  «под карту», or lays its piles as columns or overlapping, «внахлест»); where the text does not say,
  onto it as the genre writes it, recorded as assumed.

:func:`game_context` reads those facts from a game's text once; :func:`resolve` applies them to one
proto-destination. Both raise nothing: what cannot be decided is returned as unresolved with the
reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pasyans import morph

from .elements import El, has_gram
from .lexicon import FROM, INTO, ON, ORDINALS, UNDER

_POSITIONS = {"середина": "middle", "середина колонки": "middle", "центр": "middle", "середній": "middle",
              "средний": "middle", "левый": "left", "лівий": "left", "правый": "right", "правий": "right",
              "крайний": "end", "последний": "last", "останній": "last", "верхний": "top", "нижний": "bottom"}


def _accusative(tag) -> bool:
    """Accusative, or a nominative that is the same form (an inanimate masculine or neuter: «стосик»)."""
    return has_gram(tag, "accs") or has_gram(tag, "nomn") and has_gram(tag, "inan") and not has_gram(tag, "femn")


def pile_place(cl: list[El], i: int) -> str | None:
    """``pile:N`` / ``pile:<position>`` for a pile noun at ``cl[i]`` («стопку», «колонки») that a
    preposition of direction governs, with its ordinal, number or position word before it; else
    ``None`` («из стопки» is a source; «стопка» alone names no pile)."""
    k = i - 1
    word = None
    while k >= 0 and cl[k].kind in ("word", "num", "dash") and i - k <= 3:
        el = cl[k]
        if el.kind == "word" and (el.low in UNDER and _accusative(cl[i].tag)
                                  or el.low in ("к", "ко") and has_gram(cl[i].tag, "datv")):
            break   # «подкладывают под пятую стопку», «уходит к седьмой стопке» (the clock's piles)
        if el.kind == "word" and el.low in FROM:
            return None
        if el.kind == "word" and (el.low in INTO | ON or el.low == "до"):
            break
        if el.kind == "num":
            word = word or el.text
        elif el.kind == "word":
            lem = el.lemma.replace("’", "'")
            if lem in ORDINALS or lem in _POSITIONS:
                word = word or lem
        k -= 1
    else:
        return None
    if k < 0 or word is None:
        return None
    if word.isdecimal():
        return f"pile:{int(word)}"
    if word in ORDINALS:
        return f"pile:{ORDINALS[word]}"
    return f"pile:{_POSITIONS[word]}"


@dataclass
class GameContext:
    """What a game's own text says about its layout that the destinations need.

    ``corner``: the place a card laid «в угол» goes (``"foundation"``) or ``None``; ``under``:
    ``"onto"`` when the text shows that «под X» means onto X, ``None`` when it does not say;
    ``evidence``: key → the sentence that decided it.
    """

    corner: str | None = None
    under: str | None = None
    evidence: dict[str, str] = field(default_factory=dict)
    pairs: bool = False
    """Whether the game's cards leave play in pairs or groups («Снимаются пары открытых карт», «знімаємо
    дві карти однакового значення», «снимают по две карты»): «X снимается с Y» then pairs X with Y."""


_SENT = re.compile(r"[^.!?]+[.!?]?")
_WORD = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґ'’]+")
_CORNER = {"угол", "кут"}
_BASE = {"туз", "база", "базовый", "базовий", "основа", "основание"}
_COLUMN = {"колонка", "столбец", "стовпчик", "стовпець", "столбик"}
_OVERLAP = re.compile(r"внахл[её]ст|с перекрытием|внахлест|з перекриттям|уступом", re.I)
_MOVE = {"перемещаться", "помещать", "помещаться", "класть", "класться", "переміщатися", "класти", "кластися",
         "перекладывать", "перемещать"}

_TAKE_OFF = {"снимать", "сниматься", "снять", "убирать", "сбрасывать", "сбрасываться", "знімати", "зніматися", "зняти",
             "прибирати", "скидати", "удаляться", "удалять"}
_TWO = re.compile(r"\b(?:по\s+)?(?:две|дві|двѣ|два)\s+(?:открыт\w*\s+|відкрит\w*\s+)?карт", re.I)


def game_context(text: str | None, lang: str = "ru") -> GameContext:
    """The layout facts of one game's text (its rules, the example included); an empty
    :class:`GameContext` for ``None`` or a text that says nothing of them."""
    ctx = GameContext()
    if not text:
        return ctx
    lang = lang if lang in ("ru", "uk") else "ru"
    columns = None
    for m in _SENT.finditer(text):
        sent = m.group().strip()
        lemmas = [morph.lemma(w, lang) for w in _WORD.findall(sent)]
        lset = set(lemmas)
        if ctx.corner is None and lset & _CORNER and lset & _BASE:
            ctx.corner, ctx.evidence["corner"] = "foundation", sent
        if ctx.under is None and lset & _MOVE and re.search(r"\bпо[дд]\s+карт|\bпід\s+карт", sent.lower()):
            ctx.under, ctx.evidence["under"] = "onto", sent
        if not ctx.pairs and lset & _TAKE_OFF and (lset & {"пара", "парами"} or _TWO.search(sent)):
            ctx.pairs, ctx.evidence["pairs"] = True, sent
        if columns is None and (lset & _COLUMN or _OVERLAP.search(sent)):
            columns = sent
    if ctx.under is None and columns is not None:
        ctx.under, ctx.evidence["under"] = "onto", columns
    return ctx
