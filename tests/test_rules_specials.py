"""Mechanics outside the spec's fields (``special``) and the rule readings the verdicts of issue 6
depend on, read from the real texts."""

from __future__ import annotations

import pytest

from pasyans.extract.rules import extract_rules, game_text, validate_spec


@pytest.fixture(scope="module")
def spec_of(corpus):
    def read(source: str, *spans: tuple[int, int]) -> dict:
        spec = extract_rules(game_text(corpus[source].lines, list(spans)), "ru")
        validate_spec(spec)
        return spec
    return read


def _special(spec: dict, name: str) -> dict:
    sp = [s for s in spec["special"] if s["name"] == name]
    assert sp, f"no special {name}: {[s['name'] for s in spec['special']]}"
    return sp[0]


def _value(spec: dict, path: str):
    sec, key = path.split(".")
    return spec[sec][key]["value"]


def test_pairs(spec_of):
    pyramid = _special(spec_of("004", (2702, 2708)), "pairs")   # «Пирамида»
    assert pyramid["params"] == {"total": 13, "singles": [13], "touching": False}
    assert pyramid["lines"] == [2703, 2707] and "составляет 13" in pyramid["quote"]
    monte = _special(spec_of("004", (2546, 2549)), "pairs")     # «Монте-Карло»
    assert monte["params"]["same_rank"] is True and monte["params"]["touching"] is True
    fourteen = _special(spec_of("004", (5396, 5401)), "pairs")  # «Четырнадцать»
    assert fourteen["params"]["total"] == 14


def test_cards_taken_out_of_play(spec_of):
    bertha = _special(spec_of("004", (3852, 3854)), "remove-rank")   # «Короли изымаются из игры …»
    assert bertha["params"] == {"ranks": [13]}
    procession = _special(spec_of("004", (7425, 7426)), "remove-rank")
    assert procession["params"] == {"ranks": [1]}                    # «Тузы участия в игре не принимают и удаляются»


def test_same_rank_onto(spec_of):
    prisoner = spec_of("003", (19, 19))   # «Узник»
    assert _special(prisoner, "same-rank-onto")["lines"] == [19, 19]


def test_named_base_cards_round_a_clock(spec_of):
    clock = spec_of("004", (1857, 1874))   # «Часы дедушки»
    bc = _special(clock, "base-cards")
    assert bc["params"]["cards"] == ["2H", "6H", "TH", "3S", "7S", "JS", "4D", "8D", "QD", "5C", "9C", "KC"]
    assert bc["params"]["wrap"] is True
    assert _value(clock, "foundations.preplaced") is True and _value(clock, "foundations.base") == "mixed"


def test_gaps(spec_of):
    gaps = _special(spec_of("004", (3420, 3422)), "gaps")          # «Пустоты»
    assert gaps["params"] == {"left_neighbour": 1, "suit": "same-suit"}
    two_sided = _special(spec_of("004", (2493, 2496)), "gaps")     # «Путаница»
    assert two_sided["params"]["right_neighbour"] == -1


def test_orders_listed_for_the_bases(spec_of):
    calc = spec_of("004", (830, 856))   # «Расчет»
    seqs = _special(calc, "sequences")["params"]
    assert seqs["suit"] == "any-suit" and len(seqs["sequences"]) == 4
    assert seqs["sequences"][2][:4] == [3, 6, 9, 12]
    assert _value(calc, "stock.deal_to") == "reserve"   # «… на любую из четырех резервных стопок»
    olympus = _special(spec_of("004", (6406, 6410)), "sequences")   # «Гора Олимп»: «Т, 3, 5 …», «2, 4, 6,8,10,Д»
    assert olympus["params"]["sequences"] == [[1, 3, 5, 7, 9, 11, 13], [2, 4, 6, 8, 10, 12]]


def test_one_cellar_place(spec_of):
    master = spec_of("003", (29, 29))   # «… Место для одной карты под рядом тузов называется "подвалом"»
    assert _value(master, "layout.cells") == 1


def test_bare_king_is_a_space(spec_of):
    salic = spec_of("004", (7787, 7794))   # «Салический закон»
    _special(salic, "bare-king-space")
    assert _value(salic, "tableau.space") == "any"


def test_readings_of_fields(spec_of):
    # «Фанданго»: «в нисходящей последовательности, которая обращается вспять по усмотрению игрока»
    assert _value(spec_of("004", (5232, 5237)), "tableau.build_direction") == "either"
    # «Скорпион»: «… следует брать вместе с ней все карты столбца ниже ее»: any face-up card with all on it
    assert _value(spec_of("004", (2846, 2854)), "tableau.move") == "any-face-up"
    # «Британская площадь»: «одна на другую сериями … в восходящей или нисходящей последовательности»
    assert _value(spec_of("004", (3933, 3938)), "tableau.build_direction") == "either"
    # «Дьявол»: «серии карт соответствующего цвета» on the aces
    assert _value(spec_of("004", (4618, 4626)), "foundations.suit") == "same-color"
    # «Путаница»: «пробелы от сброса королей» do not make spaces take kings only
    assert spec_of("004", (2473, 2479))["tableau"]["space"]["value"] != "kings"
