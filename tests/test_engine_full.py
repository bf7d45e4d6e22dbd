"""The full mode of the position model (engine/position.py) on the book's four solver games.

The specs here are written in the test from the book's sentences (004, raw lines quoted), so the
engine is tested independently of what extraction reads today; tests/test_oracles.py replays the
solvers' lines under the extracted specs.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pasyans.cards import Card
from pasyans.engine.oracles import read_board
from pasyans.engine.position import IllegalMove, Position, Step
from pasyans.engine.rules import full_run, supermove_ok
from pasyans.extract.rules import unknown_spec, validate_spec


def spec_of(fields: dict, special: list | None = None) -> dict:
    """A schema-valid spec: every field unknown except ``fields`` (path → (value, (first, last), quote))."""
    spec = unknown_spec()
    for path, (value, lines, quote) in fields.items():
        section, _, key = path.partition(".")
        spec[section][key] = {"value": value, "status": "stated", "quote": quote, "lines": list(lines), "ref": None}
    spec["special"] = special or []
    return spec


BC_BUILD = "Эти карты могут собираться прямо на базовых или покрывать игровые наличные карты, независимо от масти."
BC = spec_of({
    "foundations.base": ("A", (529, 531), "Из колоды изымаются четыре туза и помещаются колонкой в центре стола, "
                                          "формируя базовый ряд."),
    "foundations.direction": ("up", (542, 544), "Цель игры — собрать на базовые серии карт соответствующей масти "
                                                "вплоть до королей."),
    "foundations.suit": ("same-suit", (542, 544), "Цель игры — собрать на базовые серии карт соответствующей масти "
                                                  "вплоть до королей."),
    "foundations.step": (1, (542, 544), "Цель игры — собрать на базовые серии карт соответствующей масти вплоть до королей."),
    "tableau.build_direction": ("down", (550, 552), "То есть шестерка может покрыть любую семерку."),
    "tableau.build_suit": ("any-suit", (547, 550), BC_BUILD),
    "tableau.move": ("one-card", (544, 547), "Можно играть только картами на дальнем от туза конце ряда, то есть "
                                             "теми картами, чья лицевая сторона полностью открыта."),
    "tableau.space": ("any", (552, 554), "Когда один из рядов опустеет, его можно заполнить любой игровой картой."),
})

EIGHT_OFF = spec_of({
    "layout.cells": (8, (1455, 1458), "Название игры выводится из того факта, что у игрока есть в распоряжении "
                                      "восемь резервных карт (но не больше)."),
    "foundations.base": ("A", (1439, 1443), "…помещая тузы по мере их появления в базовый ряд."),
    "foundations.direction": ("up", (1446, 1449), "Целью игры является выстраивание на тузах серий карт "
                                                  "соответствующей масти до королей."),
    "foundations.suit": ("same-suit", (1446, 1449), "…серий карт соответствующей масти до королей."),
    "foundations.step": (1, (1446, 1449), "…серий карт соответствующей масти до королей."),
    "tableau.build_direction": ("down", (1481, 1484), "Игровые карты могут помещаться на базовые или на другие "
                                                      "игровые карты сериями соответствующей масти в нисходящей "
                                                      "последовательности."),
    "tableau.build_suit": ("same-suit", (1481, 1484), "…сериями соответствующей масти…"),
    "tableau.space": ("kings", (1485, 1487), "Пробелы от всех сыгранных карт колонки могут заполняться только королями."),
})

GOLF_WRAP = ("В резервную стопку можно помещать поочередно возможно больше карт, а серия карт может, по желанию, "
             "идти в восходящем или нисходящем порядке, при этом нельзя класть на короля туза, а на туза короля.")
GOLF = spec_of({
    "waste.build_direction": ("either", (1743, 1747), "Любая из карт в нижнем ряду звеньев пригодна для покрытия "
                                                      "верхней карты резервной стопки в восходящей или нисходящей "
                                                      "последовательности, независимо от масти."),
    "waste.build_suit": ("any-suit", (1743, 1747), "…независимо от масти."),
    "waste.wrap": (False, (1747, 1753), GOLF_WRAP),
    "stock.deal": ("1 at a time", (1741, 1743), "Оставшиеся карты сохраняются под рукой и помещаются поочередно в "
                                                "резервную стопку."),
    "stock.deal_to": ("waste", (1741, 1743), "…помещаются поочередно в резервную стопку."),
})

SIMON = spec_of({
    "foundations.base": ("none", (2943, 2946), "Цель игры — выстроить, в пределах расклада, серии карт "
                                               "соответствующей масти в нисходящей последовательности от королей до тузов."),
    "tableau.build_direction": ("down", (2947, 2950), "Нижнюю карту каждого столбца можно покрыть серией карт "
                                                      "нисходящей последовательности, независимо от масти и цвета."),
    "tableau.build_suit": ("any-suit", (2947, 2950), "…независимо от масти и цвета."),
    "tableau.move": ("same-suit-sequence", (2950, 2953), "За раз может перемещаться только одна карта. Исключение "
                                                         "составляет перемещение серии карт соответствующей масти."),
    "tableau.space": ("any", (2954, 2958), "Место, освободившееся в результате перемещения всех карт столбца, может "
                                           "быть заполнено любой игровой картой или серией карт соответствующей масти."),
})

SPECS = {"beleaguered_castle": (BC, "fcs"), "eight_off": (EIGHT_OFF, "fcs"), "golf": (GOLF, "bhs"),
         "simple_simon": (SIMON, "fcs")}


def C(*tokens: str) -> list[Card]:
    return [Card.parse(t) for t in tokens]


def deal(game: str, number: int) -> Position:
    """A fresh PySol deal of ``game`` (pysol_cards) as a state under the book's spec."""
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random import RandomBase

    spec, fmt = SPECS[game]
    text = Game(game, number, RandomBase.DEALS_PYSOL).calc_layout_string(CardRenderer(True))
    return Position.from_board(spec, read_board(text, fmt))


def test_specs_are_schema_valid():
    for spec, _ in SPECS.values():
        validate_spec(spec)


# -- the tableau ----------------------------------------------------------------------------------

def test_beleaguered_castle_builds_down_regardless_of_suit():
    s = Position.full(BC, [C("7S"), C("6D"), C("3D")], [C("AH"), C("AC"), C("AD"), C("AS")])
    v = s.check(Step(("tableau", 1), ("tableau", 0)))
    assert v.verdict == "legal" and v.rule == "tableau.build_suit"
    assert {"tableau.build_direction", "tableau.build_suit"} <= set(v.checked)
    bad = s.check(Step(("tableau", 2), ("tableau", 0)))
    assert bad.verdict == "illegal" and bad.rule == "tableau.build_direction"
    assert bad.what == "wrong-rank" and bad.decisive.cards == (C("3D")[0], C("7S")[0])
    assert bad.decisive.evidence.lines == (550, 552)
    assert s.check(Step(("tableau", 2), ("tableau", 1))).verdict == "illegal"  # 3D on 6D: not one lower


def test_eight_off_space_takes_only_a_king_and_cells_are_eight():
    s = Position.full(EIGHT_OFF, [C("5H", "KD"), [], C("9C")], cells=[None] * 8)
    assert s.check(Step(("tableau", 0), ("tableau", 1))).verdict == "legal"      # KD into the space
    v = s.check(Step(("tableau", 2), ("tableau", 1)))
    assert (v.verdict, v.rule, v.what) == ("illegal", "tableau.space", "kings-only")
    assert v.decisive.evidence.lines == (1485, 1487)
    full = Position.full(EIGHT_OFF, [C("5H")], cells=C("2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C") + [None])
    v = full.check(Step(("tableau", 0), ("cell", 8)))
    assert (v.verdict, v.rule, v.what) == ("illegal", "layout.cells", "cells-full")


def test_a_field_not_read_makes_the_move_unverifiable_and_names_it():
    spec = spec_of({"tableau.build_direction": ("down", (550, 552), "То есть шестерка может покрыть любую семерку.")})
    s = Position.full(spec, [C("7S"), C("6D"), []])
    v = s.check(Step(("tableau", 1), ("tableau", 0)))
    assert (v.verdict, v.rule) == ("unverifiable", "tableau.build_suit")
    assert s.check(Step(("tableau", 1), ("tableau", 2))).rule == "tableau.space"
    assert s.check(Step(("tableau", 1), ("cell", 0))).rule == "state"              # no cell on the board


def test_a_conflict_in_the_spec_is_named_in_the_reason():
    spec = spec_of({"tableau.build_direction": ("down", (2943, 2946), "…в нисходящей последовательности…"),
                    "tableau.build_suit": ("same-suit", (2943, 2946), "…серии карт соответствующей масти…")})
    spec["conflicts"] = [{"field": "tableau.build_suit", "quotes": ["…соответствующей масти…", "…независимо от масти и цвета."],
                          "lines": [[2943, 2946], [2947, 2950]]}]
    v = Position.full(spec, [C("8D"), C("7S")]).check(Step(("tableau", 1), ("tableau", 0)))
    assert v.verdict == "illegal" and v.rule == "tableau.build_suit"
    c = Position.full(spec, []).spec.conflict("tableau.build_suit")
    assert c is not None and c.lines[1] == (2947, 2950)


@pytest.mark.parametrize("cells,spaces", [(c, e) for c in range(0, 5) for e in range(0, 4)])
def test_supermove_capacity_is_the_classic_formula_for_single_cards(cells, spaces):
    limit = (cells + 1) * 2 ** spaces
    assert supermove_ok((1,) * limit, cells, spaces)
    assert not supermove_ok((1,) * (limit + 1), cells, spaces)


def test_sequence_moves_through_spaces_in_beleaguered_castle():
    seq = C("9S", "8D", "7C")
    s = Position.full(BC, [C("TH"), list(seq), [], C("KS")], [C("AH"), C("AC"), C("AD"), C("AS")])
    v = s.check(Step(("tableau", 1), ("tableau", 0), 3))      # 3 cards, 1 space, no cells: 2 at most
    assert (v.verdict, v.rule) == ("illegal", "tableau.move")
    s.tableau[3] = []                                            # a second space: 4 at most
    assert s.check(Step(("tableau", 1), ("tableau", 0), 3)).verdict == "legal"


def test_simple_simon_moves_runs_of_one_suit_as_units():
    s = Position.full(SIMON, [C("KC"), C("QC", "JC", "TC", "9S", "8S"), []], [])
    v = s.check(Step(("tableau", 1), ("tableau", 0), 5))       # two runs, one space to park the spades
    unit = next(c for c in v.checks if c.rule == "tableau.move")
    assert v.verdict == "legal" and unit.what == "unit-moves" and unit.detail["units"] == 2
    s.tableau[2] = C("5H")
    assert s.check(Step(("tableau", 1), ("tableau", 0), 5)).verdict == "illegal"


# -- foundations, the waste, the stock -------------------------------------------------------------

def test_foundation_needs_the_next_rank_of_the_suit():
    s = Position.full(BC, [C("2H", "3H"), C("2S")], [C("AH"), [], [], []])
    assert s.check(Step(("tableau", 1), ("foundation", 0))).rule == "foundations.suit"
    assert s.check(Step(("tableau", 0), ("foundation", 0))).rule == "foundations.direction"
    step = s.resolve(Step(("tableau", 1), ("foundation", -1)))   # no pile takes 2S: the first empty one is judged
    assert step.dst == ("foundation", 1) and s.check(step).rule == "foundations.base"
    s.apply(Step(("tableau", 0), ("tableau", 1)), force=True)       # 3H away: 2H is free
    assert s.resolve(Step(("tableau", 0), ("foundation", -1))).dst == ("foundation", 0)


def test_golf_waste_takes_one_rank_up_or_down_but_no_wrap():
    s = Position.full(GOLF, [C("QS"), C("AC"), C("5D")], [], waste=C("KH"), stock=C("9D"))
    assert s.check(Step(("tableau", 0), ("waste", 0))).verdict == "legal"            # a queen on a king
    v = s.check(Step(("tableau", 1), ("waste", 0)))
    assert (v.verdict, v.rule, v.what) == ("illegal", "waste.wrap", "no-wrap")
    assert "нельзя класть на короля туза" in v.decisive.evidence.quote
    assert s.check(Step(("tableau", 2), ("waste", 0))).rule == "waste.build_direction"
    assert s.check(Step(("tableau", 0), ("tableau", 2))).rule == "tableau.build_direction"  # unknown: not read
    s.apply(Step(("stock", 0), ("waste", 0)))
    assert s.waste == C("KH", "9D") and not s.stock and not s.is_won()


def test_dead_king_special_refuses_a_queen_on_a_king():
    dead = dict(GOLF, special=[{"name": "dead-king", "description": "nothing on a king", "quote": "Dead King Golf",
                                "lines": [1, 1]}])
    v = Position.full(dead, [C("QS")], [], waste=C("KH")).check(Step(("tableau", 0), ("waste", 0)))
    assert (v.verdict, v.rule) == ("illegal", "special:dead-king")


def test_simple_simon_run_set_aside_holds_its_pile_under_the_book():
    run = [Card(r, "H") for r in range(13, 0, -1)]
    s = Position.full(SIMON, [list(run), C("5C"), []], [[] for _ in range(4)])
    assert full_run(run)
    v = s.apply(Step(("tableau", 0), ("foundation", -1), 1))   # a solver's «sequence to the foundations»
    assert v.verdict == "legal" and v.rule == "goal" and s.foundations[0] == run and s.held == {0}
    refused = s.check(Step(("tableau", 1), ("tableau", 0)))
    assert (refused.verdict, refused.rule, refused.what) == ("illegal", "foundations.base", "held")
    assert refused.decisive.evidence.lines == (2943, 2946)
    assert s.check(Step(("tableau", 1), ("tableau", 2))).verdict == "legal"          # a real space
    s.undo()
    assert s.held == set() and s.tableau[0] == run


def test_deal_to_tableau_and_redeals():
    spec = spec_of({"stock.deal": ("3 at a time", (1, 1), "по три карты"), "stock.deal_to": ("waste", (1, 1), "в отбой"),
                    "stock.redeals": (1, (2, 2), "один раз")})
    s = Position.full(spec, [C("KS")], [], stock=C("2C", "3C", "4C", "5C"))
    s.apply(Step(("stock", 0), ("waste", 0)))
    assert s.waste == C("2C", "3C", "4C") and s.stock == C("5C")
    s.apply(Step(("stock", 0), ("waste", 0)))
    v = s.apply(Step(("waste", 0), ("stock", 0), 4))
    assert v.rule == "stock.redeals" and s.stock[-1] == Card.parse("2C") and not s.waste
    while s.stock:
        s.apply(Step(("stock", 0), ("waste", 0)))
    assert s.check(Step(("waste", 0), ("stock", 0), 4)).verdict == "illegal"        # no second redeal
    snap = s.snapshot()
    for _ in range(len(s.history)):
        s.undo()
    assert s.stock == list(reversed(C("2C", "3C", "4C", "5C"))) and s.redeals_used == 0 and snap != s.snapshot()
    wrong = Position.full(spec, [C("KS"), C("QS")], [], stock=C("2C", "3C"))
    assert wrong.check(Step(("stock", 0), ("tableau", -1))).rule == "stock.deal_to"


def test_apply_refuses_an_illegal_step_unless_forced_and_never_a_missing_card():
    s = Position.full(BC, [C("7S"), C("3D")], [C("AH"), C("AC"), C("AD"), C("AS")])
    with pytest.raises(IllegalMove) as e:
        s.apply(Step(("tableau", 1), ("tableau", 0)))
    assert e.value.verdict.rule == "tableau.build_direction"
    s.apply(Step(("tableau", 1), ("tableau", 0)), force=True)
    assert s.tableau == [C("7S", "3D"), []]
    with pytest.raises(IllegalMove):
        s.apply(Step(("tableau", 1), ("tableau", 0)), force=True)                  # nothing there


def test_fresh_deals_start_with_the_cards_the_book_deals():
    bc = deal("beleaguered_castle", 7)
    assert [len(p) for p in bc.tableau] == [6] * 8 and all(len(f) == 1 and f[0].is_ace for f in bc.foundations)
    golf = deal("golf", 7)
    assert [len(p) for p in golf.tableau] == [5] * 7 and len(golf.waste) == 1 and len(golf.stock) == 16
    simon = deal("simple_simon", 7)
    assert sorted(len(p) for p in simon.tableau) == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    for s in (bc, golf, simon, deal("eight_off", 7)):
        assert sum(s.cards().values()) == 52 and len(s.cards()) == 52


# -- properties -------------------------------------------------------------------------------------

@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(SPECS)), number=st.integers(1, 32000), data=st.data())
def test_legal_moves_keep_the_cards_and_undo_restores_the_state(game, number, data):
    s = deal(game, number)
    cards: Counter = s.cards()
    snaps = [s.snapshot()]
    for _ in range(data.draw(st.integers(1, 25), label="moves")):
        legal = s.legal_moves()
        if not legal:
            break
        step = data.draw(st.sampled_from(legal), label="step")
        verdict = s.apply(step)
        assert verdict.verdict == "legal"
        assert s.cards() == cards, f"{step} changed the cards"
        snaps.append(s.snapshot())
    while s.history:
        snaps.pop()
        s.undo()
        assert s.snapshot() == snaps[-1]
    assert len(snaps) == 1


KLONDIKE_FIELDS = {
    "tableau.build_direction": ("down", (2030, 2033), "…может покрываться сама сериями карт альтернативного цвета в "
                                                      "нисходящей последовательности."),
    "tableau.build_suit": ("alternate-color", (2030, 2033), "…сериями карт альтернативного цвета…"),
    "tableau.move": ("whole-sequence", (2033, 2037), "Серия может перемещаться от одного столбца к другому только "
                                                     "целиком и когда она может быть помещена именно как серия."),
}


def test_whole_sequence_refuses_part_of_a_face_up_run():
    """«Клондайк» 004, 2033–2037 (tableau.move whole-sequence): with every card face up, ♣В alone or
    ♥Д with it may not leave ♠К (they are one run); the same two cards on ♦5 are the whole run; with
    the face of ♠К not known it is assumed down."""
    up = spec_of({**KLONDIKE_FIELDS, "layout.face": ("up", (1, 1), "лицом вверх")})
    s = Position.full(up, [C("KS", "QH", "JC"), C("QD"), C("KC"), C("5D", "QH", "JC")])
    v = s.check(Step(("tableau", 0), ("tableau", 1)))
    assert (v.verdict, v.rule, v.what) == ("illegal", "tableau.move", "part-of-run")
    assert v.decisive.evidence.lines == (2033, 2037)
    assert s.check(Step(("tableau", 0), ("tableau", 2), 2, whole=True)).what == "part-of-run"
    v = s.check(Step(("tableau", 3), ("tableau", 2), 2, whole=True))
    assert v.verdict == "legal" and not v.assumed
    mixed = spec_of({**KLONDIKE_FIELDS, "layout.face": ("mixed", (1, 1), "лицом вниз и лицом вверх")})
    v = Position.full(mixed, [C("KS", "QH", "JC"), C("QD")]).check(Step(("tableau", 0), ("tableau", 1)))
    assert v.verdict == "legal" and [a.what for a in v.assumed] == ["face-down"]
    s = Position.full(mixed, [C("KS", "QH"), C("KD"), C("JC")])
    s.apply(Step(("tableau", 2), ("tableau", 0)))                       # ♣В played onto ♥Д: both face up
    assert s.check(Step(("tableau", 0), ("tableau", 1))).what == "part-of-run"


def test_any_face_up_moves_unbuilt_cards_with_the_one_that_fits():
    """«Скорпион» 004, 2848–2859 (tableau.move any-face-up): ♠5 carries ♠7 and ♥6 onto ♠6; the
    carried cards follow no build, and such steps are offered by :meth:`Position.legal_moves`."""
    fields = {"tableau.build_direction": ("down", (2845, 2848), "…в нисходящей последовательности."),
              "tableau.build_suit": ("same-suit", (2845, 2848), "…нижние карты соответствующей масти…"),
              "tableau.move": ("any-face-up", (2848, 2854), "…следует брать вместе с ней все карты столбца ниже ее.")}
    s = Position.full(spec_of(fields), [C("9C", "5S", "7S", "6H"), C("6S")])
    step = Step(("tableau", 0), ("tableau", 1), 3, whole=True)
    v = s.check(step)
    assert v.verdict == "legal" and "tableau.move" in v.checked
    assert Step(("tableau", 0), ("tableau", 1), 3) in s.legal_moves()
    fields["tableau.move"] = ("any-sequence", (2848, 2854), "—")
    assert Position.full(spec_of(fields), [C("9C", "5S", "7S", "6H"), C("6S")]).check(step).verdict == "illegal"


def test_deal_when_no_spaces_or_only_when_blocked():
    """``stock.deal_when``: no-spaces refuses a deal while a pile is empty; blocked refuses it while
    another move is legal (♥Д on ♠К)."""
    fields = {"stock.deal_to": ("tableau", (1, 1), "по одной карте на каждый столбец"),
              "stock.deal_when": ("no-spaces", (2, 2), "когда пробелов нет")}
    v = Position.full(spec_of(fields), [C("KS"), []], stock=C("2C", "3C")).check(Step(("stock", 0), ("tableau", -1)))
    assert (v.verdict, v.rule, v.what) == ("illegal", "stock.deal_when", "space-open")
    v = Position.full(spec_of(fields), [C("KS"), C("4H")], stock=C("2C", "3C")).check(Step(("stock", 0), ("tableau", -1)))
    assert v.verdict == "legal"
    blocked = spec_of({**KLONDIKE_FIELDS, "stock.deal_to": ("waste", (1, 1), "в отбой"), "stock.deal": ("1", (1, 1), "по одной"),
                       "stock.deal_when": ("blocked", (3, 3), "когда ходов больше нет")})
    v = Position.full(blocked, [C("KS"), C("QH")], stock=C("2C")).check(Step(("stock", 0), ("waste", 0)))
    assert (v.verdict, v.what) == ("illegal", "moves-left")
    v = Position.full(blocked, [C("KS"), C("5H")], stock=C("2C")).check(Step(("stock", 0), ("waste", 0)))
    assert v.verdict == "legal" and v.rule == "stock.deal_to"
