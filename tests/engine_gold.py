"""Test helper for the engine tests: the gold annotations of 000 turned into engine inputs.

The gold writes cards in the letter shorthand of source 000 (П spades, Ч hearts, Б diamonds,
Т clubs; А, 2…10, В, Д, К). This converter exists for the tests (and the replay bench) only,
until the extractors (``extract/moves.py``, ``extract/layout.py``) provide the same records.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pasyans.cards import Card
from pasyans.models import Move

GOLD = Path(__file__).resolve().parent / "fixtures" / "gold"

_SUIT = {"П": "S", "Ч": "H", "Б": "D", "Т": "C"}
_RANK = {"А": 1, "В": 11, "Д": 12, "К": 13}
_CARD = r"([ПЧБТ])(А|10|[2-9]|В|Д|К)"
_MOVE = re.compile(rf"^{_CARD}([1-8])\s*-\s*(?:{_CARD}([1-8])|([1-8])-й ряд)$")


def card(token: str | None) -> Card | None:
    """``"ТВ"`` → ``JC``; ``None`` stays ``None``."""
    if token is None:
        return None
    s, r = token[0], token[1:]
    return Card(_RANK.get(r) or int(r), _SUIT[s])


def move(text: str, line: int = 25) -> Move:
    """A :class:`Move` from one move in 000's shorthand: ``"Б53 - Б47"``, ``"ПА6 - 6-й ряд"``."""
    m = _MOVE.match(text.strip())
    if not m:
        raise ValueError(f"not a 000 move: {text!r}")
    s1, r1, row1, s2, r2, row2, start = m.groups()
    c = card(s1 + r1)
    if start:
        return Move([c], f"row:{start}", text, (line, line), kind="to_space", from_row=int(row1),
                    to_row=int(start), notation="000")
    to_card = card(s2 + r2)
    return Move([c], to_card.format(), text, (line, line), kind="build", to_card=to_card, from_row=int(row1),
                to_row=int(row2), notation="000")


def layout(rows: list[list[str | None]]) -> list[list[Card | None]]:
    """The gold's ``initial_layout`` (14 entries a row: ace column + 13 slots) as cards."""
    return [[card(t) for t in row] for row in rows]


def load() -> dict:
    return json.loads((GOLD / "000_003.json").read_text("utf-8"))


def example(gold: dict, game_id: str, idx: int = 0) -> dict:
    g = next(g for g in gold["games"] if g["id"] == game_id)
    return g["examples"][idx]


def printed_moves(ex: dict) -> list[Move]:
    """The moves as printed (``raw``, the spacing of «П38 -П22» normalised)."""
    return [move(re.sub(r"\s*-\s*", " - ", m["raw"], count=1), ex["line_range"][0]) for m in ex["moves"]]


def undecided_000() -> dict[tuple[int, int], list[Card]]:
    """The cells of the 000 table that the print leaves open, with their candidates as a layout
    reader would give them: the three Latin «T9» (Т9 after Latin→Cyrillic, or the Б9 that the card
    count misses)."""
    return {(1, 3): [Card(9, "C"), Card(9, "D")], (4, 13): [Card(9, "C"), Card(9, "D")],
            (8, 9): [Card(9, "C"), Card(9, "D")]}


ACES_B = {1: ["ПА"], 2: ["ТА"], 4: ["ЧА"], 5: ["ТА"], 6: ["ПА", "БА"], 7: ["БА"], 8: ["ЧА"]}
"""Line 25: «У 1-му ряду - ПА, у 2-му - ТА, в 4-му - ЧА, в 5-м - ТА, в 6-м - ПА і БА, в 7-м - БА і в 8-м - ЧА»."""


# -- the book 004 (suit symbols; Т = туз, the ace) -------------------------------------------------

_SYM = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_RANK_004 = {"Т": 1, "В": 11, "Д": 12, "К": 13}
_PLACES = ("foundation", "space", "reserve", "waste", "tableau", "cell")


def card_004(token: str | None) -> Card | None:
    """``"♦К"`` → ``KD``, ``"♠Т"`` → ``AS`` (Т is the ace in 004), ``"10"`` → rank-only ten."""
    if token is None:
        return None
    suit = _SYM.get(token[0])
    rank = token[1:] if suit else token
    return Card(_RANK_004.get(rank) or int(rank), suit)


def move_004(m: dict, line: int = 0) -> Move:
    """A :class:`Move` from one move of the 004 gold."""
    cards = [card_004(c) for c in (m.get("cards") or ([m["card"]] if m.get("card") else []))]
    to, to_card = m.get("to"), card_004(m.get("target_card"))
    if to and to[0] in _SYM:
        to_card = card_004(to)
        to = to_card.format()
    elif to not in _PLACES:
        to = None
    flags = {k for k in ("conditional", "alternative", "prohibited", "restated", "to_by_pronoun", "to_inferred") if m.get(k)}
    return Move(cards, to, m.get("raw", ""), (line, line), kind=m.get("kind", "build"), to_card=to_card, flags=flags)


def game_004(gold: dict, name: str) -> dict:
    return next(g for g in gold["games"] if g["name"] == name)


def moves_004(gold: dict, name: str) -> list[Move]:
    g = game_004(gold, name)
    ex = g["examples"][0]
    return [move_004(m, ex["line_range"][0]) for m in ex["moves"]]


def rules_gold() -> list[dict]:
    return json.loads((GOLD / "rules_000_003_and_004_part1.json").read_text("utf-8"))


def spec_from_gold(name: str, **extra) -> dict:
    """The thin rules spec of the engine from the gold rules entry of game ``name`` (fields the
    gold leaves ``null`` are left out, i.e. unknown). ``extra``: ``"section.key"`` → F or value."""
    entry = next(x for x in rules_gold() if x["name"] == name)
    ev = entry.get("evidence") or {}

    def f(key):
        v = entry.get(key)
        if v is None:
            return None
        return {"value": v, "status": "stated", "quote": ev.get(key), "lines": entry["line_ranges"][0]}

    spec = {
        "deck": {"packs": f("packs"), "cards_per_pack": f("cards_per_pack"), "jokers": f("jokers")},
        "foundations": {"base": f("foundation_base"), "direction": f("foundation_direction"),
                        "suit": f("foundation_suit"), "step": f("foundation_step"), "wrap": f("foundation_wrap")},
        "tableau": {"build_direction": f("build_direction"), "build_suit": f("build_suit"),
                    "move": f("move_unit"), "space": f("spaces")},
        "special": [],
    }
    for sec in ("deck", "foundations", "tableau"):
        spec[sec] = {k: v for k, v in spec[sec].items() if v is not None}
    for path, v in extra.items():
        sec, key = path.split(".")
        if v is None:
            spec[sec].pop(key, None)
        else:
            spec[sec][key] = v if isinstance(v, dict) else {"value": v, "status": "stated", "quote": None, "lines": None}
    return spec
