"""The move reader's lexicon, loaded from ``pasyans/data/move_lexicon.json``: the cue words and phrases
(spaCy ``Matcher`` patterns over pymorphy3 lemmas) and the closed word classes the phrase forms use.

Every name here is a frozen set (or a dict) built once at import; :func:`cue_matcher` builds the
Matcher once per language. Raises ``OSError``/``ValueError`` at import when the data file is
missing or not JSON (a broken installation, not bad input).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

_LEX = json.loads(resources.files("pasyans").joinpath("data/move_lexicon.json").read_text("utf-8"))
_W = _LEX["words"]

CUES: dict[str, list[list[dict]]] = _LEX["cues"]
"""Cue label → Matcher patterns; the lemma is pymorphy3's best parse (``LOWER`` where it is unreliable)."""

PERSONAL: dict[str, str] = _W["personal_pronouns"]
"""Personal pronoun → its case («его» accusative, «ею» instrumental)."""
RELATIVE = frozenset(_W["relative_pronouns"])
RELATIVE_FORMS: dict[str, list[str]] = _W["relative_forms"]
"""Ukrainian relative pronoun → ``[case, gender]``: pymorphy3 reads «яку» as a noun «як» (dative)."""
MASC = frozenset(_W["masculine_pronouns"])
FEMN = frozenset(_W["feminine_pronouns"])
PLUR = frozenset(_W["plural_pronouns"])
AT_ONCE = frozenset({"вместе", "разом", "целиком", "цілком", "сразу", "одразу", "відразу"})
"""Adverbs of moving cards as one («разом», «целиком») that may stand between a count and the cards it lists
(«Три карти разом — десятку, дев'ятку і вісімку пік — переношу …»)."""
PLAY = frozenset(_W["play"])
"""«сыграть ♦6»: a card is played, the text does not say where (see ``SHOWN_NOTE``)."""
ON = frozenset(_W["on"])
PLACE_ADVERBS = frozenset(_W["place_adverbs"])
DASH_ADVERBS = frozenset(_W["dash_adverbs"])
"""Adverbs between a dash and its destination, read past: «♦Т — сразу в дом», «А♠ — одразу на базу»."""
"""A destination in one adverb, no preposition: «бубнового туза наверх», «туз уходит домой», «додому»."""
UNDER = frozenset(_W["under"])
DIRECTIONS: dict[str, str] = _W["directions"]
"""Direction adverb → ``Move.direction`` («влево» → ``left``; «к центру» by its noun)."""
"""«под ♥9»: a destination under a card (onto it where piles grow downward on the page)."""
INTO = frozenset(_W["into"])
FROM = frozenset(_W["from"])
LIST = frozenset(_W["list"])
ALT = frozenset(_W["alternative"])
WITH = frozenset(_W["with"])
STRONG = frozenset(_W["strong"])
PARENTHETICAL = frozenset(_W["parenthetical"])
LEAD = frozenset(_W["lead"])
ABBREV = frozenset(_W["abbreviations"])
FUNCTION = frozenset(_W["function"])
SEVERAL = frozenset(_W["several"])
SIDES: dict[str, str] = _W["sides"]
"""«справа» → ``right_of``, «слева» → ``left_of`` (and Ukrainian)."""
ORDINALS: dict[str, int] = _W["ordinals"]
VERB_CUES: tuple[str, ...] = tuple(_LEX["verb_cues"])
PLACE_CUES: dict[str, str] = _LEX["place_cues"]
"""Cue label → the ``Move.to`` place it names («FOUNDATION» → ``foundation``)."""


def _single(pattern: list[dict]) -> tuple[str, list[str]] | None:
    """``(attribute, values)`` of a one-token pattern on ``LEMMA`` or ``LOWER`` alone, else ``None``."""
    if len(pattern) != 1 or len(pattern[0]) != 1:
        return None
    (attr, value), = pattern[0].items()
    if attr not in ("LEMMA", "LOWER"):
        return None
    if isinstance(value, str):
        return attr, [value]
    if isinstance(value, dict) and set(value) == {"IN"}:
        return attr, list(value["IN"])
    return None


SINGLE: dict[tuple[str, str], frozenset[str]] = {}
"""``(attribute, value)`` → cue labels of the one-token patterns («покрывать» → ``COVER``): looked up
per word, one dict access each; the Matcher keeps only the patterns of several tokens."""
_MULTI: dict[str, list[list[dict]]] = {}
for _label, _patterns in CUES.items():
    for _pat in _patterns:
        _one = _single(_pat)
        if _one is None:
            _MULTI.setdefault(_label, []).append(_pat)
            continue
        for _v in _one[1]:
            SINGLE[(_one[0], _v)] = SINGLE.get((_one[0], _v), frozenset()) | {_label}


@lru_cache(maxsize=2)
def cue_matcher(lang: str):
    """The Matcher (:class:`pasyans.extract.matcher.Matcher`) of the cue patterns of several tokens
    (those of one token are :data:`SINGLE`); the same for both languages, ``lang`` kept for callers."""
    from ..matcher import Matcher

    m = Matcher()  # mark_cues adds labels to sets
    for label, patterns in _MULTI.items():
        m.add(label, patterns)
    return m
