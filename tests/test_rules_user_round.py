"""Rule facts a user test found wrong, read again from the real sentences of the book 004 and
the article 003 (the knowledge base built from the bundled corpus, and single sentences)."""

from __future__ import annotations

import json

import pytest

from pasyans.extract.rules import extract_rules, validate_spec
from pasyans.extract.text import MappedText


def _rules(kb, game_id: str) -> dict:
    (text,) = kb.execute("SELECT rules FROM games WHERE id = ?", (game_id,)).fetchone()
    spec = json.loads(text)
    validate_spec(spec)
    return spec


def _field(spec: dict, path: str) -> dict:
    sec, key = path.split(".")
    return spec[sec][key]


def _read(text: str) -> dict:
    spec = extract_rules(MappedText.from_lines(text.split("\n"), 1), "ru")
    validate_spec(spec)
    return spec


def test_spider_builds_regardless_of_suit(kb):
    """«Паук» 8049–8051: «Нижние карты колонок могут покрываться в нисходящей последовательности
    независимо от масти и цвета»; the goal after the colon (8043–8046: «…: цель игры — выстроить на
    восьми королях … серии карт соответствующей масти») describes the finished piles."""
    spec = _rules(kb, "004-095")
    suit = _field(spec, "tableau.build_suit")
    assert suit["value"] == "any-suit" and suit["lines"] == [8049, 8051]
    assert _field(spec, "tableau.build_direction")["value"] == "down"


def test_spider_overlapping_rows_are_columns(kb):
    """8054–8056 «сорок карт четырьмя рядами по десять карт внахлест» in a text that plays columns
    («колонки»; 8095–8097: «по одной карте внизу каждой колонки»): 10 columns of 4."""
    spec = _rules(kb, "004-095")
    assert _field(spec, "layout.tableau_piles")["value"] == 10
    assert _field(spec, "layout.cards_per_pile")["value"] == 4
    assert _field(spec, "layout.tableau_piles")["lines"] == [8054, 8056]


def test_spider_space_takes_any_card_or_sequence(kb):
    """8089–8092 «свободное пространство может быть заполнено любой открытой картой или серией карт»;
    8093–8097 «… а все пробелы заполнены, из колоды сдается еще десять карт» is the next deal."""
    space = _field(_rules(kb, "004-095"), "tableau.space")
    assert space["value"] == "any" and space["lines"] == [8089, 8092]


def test_deal_after_spaces_filled_is_not_a_fill_source():
    spec = _read("После того как все возможные ходы сделаны, а все пробелы заполнены, из колоды "
                 "сдается еще десять карт лицом вверх, по одной карте внизу каждой колонки внахлест.")
    assert _field(spec, "tableau.space")["value"] is None


def test_heap_twenty_three_fans(kb):
    """«Куча» 5611–5613: «двадцатью двумя веерами по четыре карты и одним — по три карты»."""
    spec = _rules(kb, "004-067")
    assert _field(spec, "layout.tableau_piles")["value"] == 23
    assert _field(spec, "layout.cards_per_pile")["value"] == ",".join(["4"] * 22 + ["3"])


def test_heap_colour_per_foundation(kb):
    """5616–5618: «Серии карт одного цвета — на двенадцати первых картах и чередующихся цветов на
    тринадцатой»: two policies for the bases, kept in ``special``; no single field value."""
    spec = _rules(kb, "004-067")
    sp = [s for s in spec["special"] if s["name"] == "suit-by-pile"]
    assert sp and sp[0]["lines"] == [5616, 5618]
    assert [r["suit"] for r in sp[0]["params"]["rules"]] == ["same-color", "alternate-color"]
    assert sp[0]["params"]["rules"][1]["piles"] == "на тринадцатой"
    suit = _field(spec, "foundations.suit")
    assert suit["value"] is None and "suit-by-pile" in suit["reason"]
    # «выкладывается чередующимися цветами» (5606–5608) lays the bases out; no tableau building rule
    assert _field(spec, "tableau.build_suit")["value"] != "alternate-color"


def test_brook_neighbours_rule():
    """003 «Ручеек» line 9: the right card of two neighbours of one suit, the left of two one apart."""
    spec = _read("Если рядом окажутся карты одной масти, то правую карту такой пары следует немедленно "
                 "изъять из ряда и отложить в сторону. Если же карты одной масти оказались лежащими через "
                 "одну, то надо убрать карту этой масти, находящуюся слева.")
    sp = [s for s in spec["special"] if s["name"] == "same-suit-neighbours"]
    assert sp and sp[0]["params"] == {"adjacent": "right", "one_apart": "left"}


@pytest.mark.parametrize("text", [
    "Если рядом окажутся карты одной масти, то их можно сложить.",   # no removal
    "Правую карту следует изъять из ряда.",                          # no suit
])
def test_brook_neighbours_needs_its_words(text):
    assert not [s for s in _read(text)["special"] if s["name"] == "same-suit-neighbours"]


def test_marriage_bases_listed(kb):
    """«Супружество» 6201–6204: «♦Д и ♦В изымаются из колоды и выносятся в базовый ряд. После этого к
    ним прибавляются в базовом ряду два ♥В и четыре черные десятки»; directions from the goal
    (6210–6216: «на ♦Д … в восходящей …, на трех других валетах — … в нисходящей …, а на четырех же
    десятках — до валетов»)."""
    spec = _rules(kb, "004-074")
    assert _field(spec, "foundations.base")["value"] == "mixed"
    assert _field(spec, "foundations.preplaced")["value"] is True
    bl = [s for s in spec["special"] if s["name"] == "base-list"][0]
    assert bl["params"]["cards"] == ["QD", "JD", "JH", "JH", "TC", "TC", "TS", "TS"]
    assert bl["params"]["preplaced"] == ["QD", "JD"]
    assert bl["params"]["directions"] == {"QD": "up", "J": "down", "T": "down"}
    assert bl["lines"][0] == 6201


def test_base_list_needs_a_rule_sentence():
    """Advice or an example move («♦Т и ♠Т следует вынести в базовый ряд») lists no bases."""
    spec = _read("В раскладе: ♦Т и ♠Т следует вынести в базовый ряд, за ними следуют ♠2, ♠3, ♠4 и ♠5.")
    assert not [s for s in spec["special"] if s["name"] == "base-list"]
