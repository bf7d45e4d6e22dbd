"""The known-facts mode of the position model on real moves of the book 004 (examples printed
without a layout), with the gold rule specs of ``rules_000_003_and_004_part1.json`` (so the engine
is tested apart from the rule reader). Verdicts are compared by kind, rule and code, never by words."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pasyans.cards import Card
from pasyans.engine.judge import Judge, check_moves
from pasyans.engine.position import Position
from pasyans.engine.rules import base_ranks
from pasyans.engine.verify import verify_example
from pasyans.models import Example, GameText, Move

from . import engine_gold as eg

C = Card.parse
CASTLE = "Осажденная крепость"
PREPLACED = {"value": True, "status": "stated", "lines": [529, 531],
             "quote": "Из колоды изымаются четыре туза и помещаются колонкой в центре стола, формируя базовый ряд."}


@pytest.fixture(scope="module")
def castle(gold_004):
    return eg.moves_004(gold_004, CASTLE)


def _by_raw(moves, verdicts, raw):
    return next(v for m, v in zip(moves, verdicts) if m.raw == raw)


def _f(value, quote=None, lines=None):
    return {"value": value, "status": "stated", "quote": quote, "lines": lines}


def test_castle_every_move_legal_under_its_rules(castle):
    """Lines 557–564: «♦4 — ♦5. ♣5—♦6. ♦3—♦4. ♦2—базовую. ♦3, ♦4, ♦5 — базовую …» — 18 moves."""
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    verdicts = check_moves(castle, spec)
    assert len(verdicts) == len(castle) == 18
    assert [v.verdict for v in verdicts] == ["legal"] * 18
    v = _by_raw(castle, verdicts, "♦4 — ♦5")
    assert v.rule == "tableau.build_suit"
    assert {"tableau.build_direction", "tableau.build_suit", "exposed"} <= set(v.checked)
    v = _by_raw(castle, verdicts, "♦К — пробел, образовавшийся рядах")
    assert (v.rule, v.what) == ("tableau.space", "any")
    assert "любой игровой картой" in v.decisive.evidence.quote       # the rule's own sentence is the evidence
    assert [v.verdict for m, v in zip(castle, verdicts) if m.raw == "♦3, ♦4, ♦5 — базовую"] == ["legal"] * 3
    assert verdicts[-1].rule == "foundations.preplaced"   # «♣2 — базовую»: the clubs ace lies there from the deal


def test_a_base_card_not_shown_on_its_foundation_is_an_assumption(castle):
    """«♥2 и ♠2 могут покрыть базовые тузы» with a spec that does not say the aces start on the
    foundations: the aces are bases, so the move is consistent — legal, naming what it assumes."""
    verdicts = check_moves(castle, eg.spec_from_gold(CASTLE))
    first = verdicts[0]
    assert first.verdict == "legal" and "foundations.suit" in first.checked
    assert [(a.what, a.cards) for a in first.assumed] == [("base-on-foundation", (C("AH"),))]
    shown = next(c for c in verdicts[6].checks if c.rule == "foundations: earlier play")   # ♦3 after ♦2, shown
    assert shown.what == "shown" and shown.cards == (C("3D"), C("2D")) and not verdicts[6].assumed


def test_a_predecessor_shown_elsewhere_contradicts_the_assumption(castle):
    """♦3 to the foundation needs ♦2 there; when the example put ♦2 on a tableau card, no
    assumption can save it (one pack): illegal."""
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    two_on_tableau = Move([C("2D")], "3C", "♦2 — ♣3", (1, 1), to_card=C("3C"))
    three_up = Move([C("3D")], "foundation", "♦3 — базовую", (1, 1), kind="to_foundation")
    v = check_moves([two_on_tableau, three_up], spec)[1]
    assert (v.verdict, v.rule, v.what) == ("illegal", "foundations.direction", "predecessor-elsewhere")
    assert v.decisive.detail == {"where": "tableau", "move": 1}


def test_unknown_build_suit_names_the_field(castle):
    spec = eg.spec_from_gold(CASTLE, **{"tableau.build_suit": None})
    v = _by_raw(castle, check_moves(castle, spec), "♦4 — ♦5")
    assert (v.verdict, v.rule, v.what) == ("unverifiable", "tableau.build_suit", "unknown")
    assert "tableau.build_direction" in v.checked   # what could be checked still is


def test_accordion_is_judged_by_its_plug_in(gold_004):
    """«Аккордеон» (lines 295–306): a pile goes onto a card of the same suit or rank (special
    ``accordion``); without it the spec's ``tableau.build_direction = none`` would refuse every move."""
    moves = eg.moves_004(gold_004, "Аккордеон")
    acc = {"name": "accordion", "quote": "… карте, расположенной на третьем слева месте", "lines": [311, 318],
           "description": "", "params": {"moves": ["L1", "L3"], "build policies": ["same-suit", "same-rank"]}}
    spec = eg.spec_from_gold("Аккордеон")
    spec["special"] = [acc]
    verdicts = check_moves(moves, spec)
    assert (verdicts[0].verdict, verdicts[0].rule, verdicts[0].what) == ("legal", "special:accordion", "same-rank")  # ♣6 on ♠6
    assert verdicts[0].context.get("hypothetical")
    assert verdicts[2].what == "same-suit"                                            # ♥3 on ♥8
    assert verdicts[6].context.get("restates") == 3
    bad = Move([C("3H")], "QC", "♥3 — ♣Д", (1, 1), to_card=C("QC"))
    v = check_moves([bad], spec)[0]
    assert (v.verdict, v.rule, v.what) == ("illegal", "special:accordion", "no-match")


def test_built_up_instead_of_down_is_illegal_when_no_foundation_takes_it(gold_004):
    """Агнесс, line 413: «Покройте ♥5 — ♥6» read literally (♥6 on ♥5) builds up; the game builds
    down. With the foundations ruled out, nothing else can take it."""
    spec = eg.spec_from_gold("Агнесс", **{"foundations.base": "none"})
    literal = Move([C("6H")], "5H", "Покройте ♥5 — ♥6", (413, 413), to_card=C("5H"))
    v = check_moves([literal], spec)[0]
    assert (v.verdict, v.rule, v.what) == ("illegal", "tableau.build_direction", "wrong-rank")
    assert v.decisive.evidence.lines is not None                   # the rule's evidence travels with it
    assert v.context["reverse"] == (C("5H"), C("6H"))
    assert check_moves(eg.moves_004(gold_004, "Агнесс")[1:2], spec)[0].verdict == "legal"   # ♥5 on ♥6


def test_a_build_the_tableau_refuses_is_read_onto_a_foundation():
    """«Лабиринт», line 2235: «♠3 покрывает ♠2» — nothing is built on the tableau, so ♠2 is a
    foundation card; the verdict says the reading it took."""
    spec = {"deck": {"packs": _f(1)},
            "foundations": {"base": _f("A"), "direction": _f("up"), "suit": _f("same-suit"), "step": _f(1)},
            "tableau": {"build_direction": _f("none", "… Карты из него перекладываются на базовые …", [2205, 2211]),
                        "build_suit": _f("none")}}
    v = check_moves([Move([C("3S")], "2S", "♠3 покрывает ♠2", (2235, 2236), to_card=C("2S"))], spec)[0]
    assert (v.verdict, v.rule) == ("legal", "foundations.direction")
    assert v.context["reading"] == "foundation" and v.context["other"]["rule"] == "tableau.build_direction"
    assert [(a.what, a.cards) for a in v.assumed] == [("on-foundation", (C("2S"),))]


def test_an_unknown_tableau_rule_is_not_hidden_by_a_foundation_guess():
    """When the tableau rule is unknown, a foundation reading that needs unshown cards decides
    nothing: the move stays unverifiable, and both readings are said."""
    spec = {"deck": {"packs": _f(1)},
            "foundations": {"base": _f("A"), "direction": _f("both"), "suit": _f("same-suit"), "step": _f(1)}}
    v = check_moves([Move([C("7C")], "8C", "а ♣7 — ♣8", (2150, 2150), to_card=C("8C"))], spec)[0]
    assert (v.verdict, v.rule, v.what) == ("unverifiable", "tableau.build_direction", "unknown")
    other = v.context["other"]
    assert other["reading"] == "foundation" and other["verdict"] == "legal"
    assert [(a.what, a.cards) for a in other["assumed"]] == [("on-foundation", (C("8C"),))]


def test_stripped_pack_rank_order():
    """«Персидский пасьянс» (001, line 10): 32-card packs «от тузов до семерок» — a seven follows
    the ace on a foundation; in a full pack it would not."""
    spec = {"deck": {"packs": _f(2), "cards_per_pack": _f(32, "от тузов до семерок", [3, 3])},
            "foundations": {"base": _f("A"), "direction": _f("up"), "suit": _f("same-suit"), "step": _f(1)}}
    ace = Move([C("AH")], "foundation", "тузы — наверх", (10, 10), kind="to_foundation")
    seven = Move([C("7H")], "foundation", "семерки червей и треф на тузы", (10, 10), kind="to_foundation",
                 to_card=Card(1, None))
    v = check_moves([ace, seven], spec)[1]
    assert v.verdict == "legal"
    full = {**spec, "deck": {"packs": _f(2), "cards_per_pack": _f(52)}}
    v = check_moves([ace, seven], full)[1]
    wrong = next(c for c in v.checks if c.what == "wrong-rank")
    assert v.verdict == "illegal" and wrong.detail["want"] == [Card(2, None)]      # a full pack: the two follows
    two = Move([C("2H")], "foundation", "двойку на туза", (10, 10), kind="to_foundation")
    v = check_moves([ace, two], spec)[1]
    assert v.verdict == "illegal" and v.rule == "deck.cards_per_pack"   # no twos in a 32-card pack


def test_alternate_colour_broken_is_illegal():
    spec = eg.spec_from_gold("Король Альберт")
    ok = Move([C("6S")], "7D", "♠6 покрывает ♦7", (1985, 1985), to_card=C("7D"))
    bad = Move([C("6H")], "7D", "♥6 — ♦7", (1985, 1985), to_card=C("7D"))
    (v_ok,), (v_bad,) = check_moves([ok], spec), check_moves([bad], spec)
    assert v_ok.verdict == "legal"
    assert (v_bad.verdict, v_bad.rule, v_bad.what) == ("illegal", "tableau.build_suit", "wrong-suit")
    v_both = check_moves([ok, bad], spec)[1]   # ♦7 is covered by ♠6 by then, too
    assert v_both.rule == "exposed" and {c.rule for c in v_both.checks if c.kind.value == "illegal"} == {
        "exposed", "tableau.build_suit"}


def test_covered_card_cannot_move_alone(castle):
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    d4_d5, d3_d4 = castle[2], castle[4]   # ♦4 — ♦5, ♦3 — ♦4
    early = Move([C("4D")], "foundation", "♦4 — базовую", (562, 562), kind="to_foundation")
    v = check_moves([d4_d5, d3_d4, early], spec)[2]
    assert (v.verdict, v.rule, v.what) == ("illegal", "tableau.move", "one-card")
    assert v.decisive.cards[1:] == (C("3D"),)
    onto_covered = Move([C("4C")], "5D", "♣4 — ♦5", (562, 562), to_card=C("5D"))
    v = check_moves([d4_d5, onto_covered], spec)[1]
    assert v.verdict == "illegal" and v.rule == "exposed"


def test_card_in_two_places_single_pack_only(castle):
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    again = Move([C("3D")], "4C", "♦3 — ♣4", (563, 563), to_card=C("4C"))
    moves = castle[:9] + [again]        # ♦3 went to its foundation at move 7
    v = check_moves(moves, spec)[-1]
    assert (v.verdict, v.rule, v.what) == ("illegal", "location", "on-foundation") and v.decisive.detail["move"] == 7
    two = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED, "deck.packs": 2})
    v = check_moves(moves, two)[-1]
    assert v.verdict == "legal" and [a.what for a in v.assumed] == ["other-copy"]
    unknown = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED, "deck.packs": None})
    v = check_moves(moves, unknown)[-1]
    assert v.verdict == "unverifiable" and v.rule == "deck.packs"


def test_prohibited_move_comes_out_illegal(gold_004):
    """Легкие ходы, line 1414: «но ♦6 с ♦5 нельзя покрывать ♦7» — one card moves at a time."""
    moves = eg.moves_004(gold_004, "Легкие ходы")
    verdicts = check_moves(moves, eg.spec_from_gold("Легкие ходы"))
    assert [v.verdict for v in verdicts] == ["legal", "legal", "legal", "legal", "illegal"]
    assert (verdicts[4].rule, verdicts[4].what) == ("tableau.move", "one-card") and verdicts[4].context["prohibited"]
    assert "по одной карте" in verdicts[4].decisive.evidence.quote
    # if the rules were read as allowing sequences, the engine must not call the move legal
    wrong = eg.spec_from_gold("Легкие ходы", **{"tableau.move": "any-sequence"})
    v = check_moves(moves, wrong)[4]
    assert v.verdict == "unverifiable" and v.context["prohibited"] and v.context["allowed-by"] == "rules"


def test_prohibited_move_allowed_only_by_assumptions_is_unverifiable():
    """«Краеугольные камни», line 4341: «♠Д и ♥2 нельзя поместить на базовые» — the rules allow it
    if ♠В (♠К) or ♥Т lies on top of a foundation, which the text does not show."""
    spec = {"deck": {"packs": _f(2)},
            "foundations": {"base": _f("A+K"), "direction": _f("both"), "suit": _f("same-suit"), "step": _f(1)}}
    m = Move([C("2H")], "foundation", "♠Д и ♥2 нельзя поместить на базовые", (4341, 4341), kind="to_foundation",
             flags={"prohibited"})
    v = check_moves([m], spec)[0]
    assert v.verdict == "unverifiable" and v.context["allowed-by"] == "assumptions"
    assert [(a.what, a.cards) for a in v.assumed] == [("base-on-foundation", (C("AH"),))]


def test_conditional_moves_do_not_change_the_known_state(castle):
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    hypo = Move([C("4D")], "5D", "если ♦4 — ♦5", (560, 560), to_card=C("5D"), flags={"conditional"})
    real = Move([C("4C")], "5D", "♣4 — ♦5", (560, 560), to_card=C("5D"))
    v1, v2 = check_moves([hypo, real], spec)
    assert v1.verdict == "legal" and v1.context["hypothetical"]
    assert v2.verdict == "legal"        # ♦5 is not covered in the known state


def test_alternatives_checked_against_the_same_state():
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    a = Move([C("TS")], "space", "♠10 или", (1, 1), kind="to_space", flags={"conditional", "alternative"})
    b = Move([C("2C")], "space", "♣2", (1, 1), kind="to_space", flags={"conditional", "alternative"})
    assert [v.verdict for v in check_moves([a, b], spec)] == ["legal", "legal"]


def test_an_alternative_way_of_the_move_before_is_judged_before_it():
    """«Каприз» 004, L4099: «а ♣2 — ♣3 или, если угодно, ♣3 покрывает ♣2» — the alternative is the same
    two cards the other way round, so it is judged on the position before «♣2 — ♣3» (after it ♣3 would
    carry ♣2, and moving a built card is a rule this text does not state)."""
    spec = {"deck": {"packs": _f(2)},
            "tableau": {"build_direction": _f("either", "в восходящей или нисходящей последовательности", [4058, 4064]),
                        "build_suit": _f("same-suit", "сериями карт соответствующей масти", [4058, 4064])}}
    first = Move([C("2C")], "3C", "а ♣2 — ♣3", (4099, 4099), to_card=C("3C"), flags={"conditional"})
    other = Move([C("3C")], "2C", "или, если угодно, ♣3 покрывает ♣2", (4099, 4100), to_card=C("2C"),
                 flags={"conditional", "alternative"})
    v1, v2 = check_moves([first, other], spec)
    assert v1.verdict == "legal"
    assert (v2.verdict, v2.context.get("instead-of")) == ("legal", 1)
    assert "another way of move 1" in v2.reason


def test_an_alternative_onto_the_card_just_moved_builds_on_it():
    """«♠9 помещается на ♦10. … покрыть ♠9 либо ♥8»: the alternative covers the card the move before put
    down, so it is judged after that move (no «instead-of»)."""
    spec = {"deck": {"packs": _f(1)},
            "tableau": {"build_direction": _f("down"), "build_suit": _f("alternate-color")}}
    nine = Move([C("9S")], "TD", "♠9 помещается на ♦10", (1, 1), to_card=C("TD"))
    eight = Move([C("8H")], "9S", "либо ♥8", (2, 2), to_card=C("9S"), flags={"alternative"})
    v1, v2 = check_moves([nine, eight], spec)
    assert v1.verdict == v2.verdict == "legal" and "instead-of" not in v2.context


def test_space_rules():
    klondike = eg.spec_from_gold("Клондайк")
    king = Move([C("KD")], "space", "♦К перемещается, чтобы занять место ♣В", (2080, 2081), kind="to_space")
    queen = Move([C("QD")], "space", "♦Д — пробел", (2080, 2081), kind="to_space")
    v_k, v_q = check_moves([king, queen], klondike)
    assert v_k.verdict == "legal" and (v_q.verdict, v_q.what) == ("illegal", "kings-only")


def test_space_from_the_stock_assumes_the_card_came_from_it():
    """«Святой Георгий», line 7585: «Пробел, оставленный ♥В, заполняется ♦9» — spaces are filled
    from the stock; ♦9 has not been seen elsewhere, so it is taken to come from there."""
    spec = {"deck": {"packs": _f(1)}, "tableau": {"space": _f("from-stock", "Пробелы заполняются из колоды.", [7596, 7597])}}
    v = check_moves([Move([C("9D")], "space", "заполняется ♦9", (7585, 7585), kind="to_space")], spec)[0]
    assert v.verdict == "legal" and [(a.what, a.detail) for a in v.assumed] == [("comes-from", "stock")]
    was_built = Move([C("9D")], "TC", "♦9 — ♣10", (1, 1), to_card=C("TC"))
    spec["tableau"].update(build_direction=_f("down"), build_suit=_f("any-suit"))
    v = check_moves([was_built, Move([C("9D")], "space", "заполняется ♦9", (2, 2), kind="to_space")], spec)[1]
    assert (v.verdict, v.rule, v.what) == ("illegal", "tableau.space", "from-elsewhere")
    assert v.decisive.detail == {"src": "tableau", "move": 1}


def test_cells_capacity():
    """«Мастерский» (003): one cellar place («Место для одной карты … называется подвалом»)."""
    spec = {"deck": {"packs": _f(1)}, "layout": {"cells": _f(1, "Место для одной карты под рядом тузов называется подвалом", [29, 29])}}
    qc = Move([C("QC")], "cell", 'ТД - "подвал"', (49, 49), kind="other")
    tc = Move([C("TC")], "cell", 'Т10 - "подвал"', (49, 49), kind="other")
    v1, v2 = check_moves([qc, tc], spec)
    assert v1.verdict == "legal" and v1.rule == "layout.cells"
    assert (v2.verdict, v2.what) == ("illegal", "cells-full")


def test_discards_by_pairs():
    pairs = {"name": "pairs", "quote": "… парами, общее число очков которых составляет 13 …", "lines": [2703, 2707],
             "description": "", "params": {"total": 13, "singles": [13], "touching": False}}
    spec = {"deck": {"packs": _f(1)}, "special": [pairs]}
    k = Move([C("KS")], None, "♠К сбрасывается", (2714, 2714), kind="discard")
    ok = Move([C("7C")], None, "Пара из ♣7 и ♣6 сбрасывается", (2715, 2715), kind="discard", to_card=C("6C"))
    bad = Move([C("8C")], None, "♣8 и ♣6", (2715, 2715), kind="discard", to_card=C("6C"))
    lone = Move([C("5C")], None, "♣5 сбрасывается", (1, 1), kind="discard")
    vk, vok, vbad, vlone = check_moves([k, ok, bad, lone], spec)
    assert (vk.verdict, vk.rule, vk.what) == ("legal", "special:pairs", "single")
    assert (vok.verdict, vok.what) == ("legal", "total") and vok.decisive.detail["total"] == 13
    assert (vbad.verdict, vbad.what) == ("illegal", "wrong-total") and vbad.decisive.detail == {"total": 14, "want": 13}
    assert vlone.verdict == "unverifiable" and vlone.rule == "partner"
    assert check_moves([ok], {"deck": {"packs": _f(1)}})[0].rule == "special"   # no rule for leaving play


def test_round_the_corner_needs_the_wrap_rule(gold_004):
    """Часы дедушки, line 1890: «♣Т — ♣К» (an ace on the king foundation)."""
    moves = eg.moves_004(gold_004, "Часы дедушки")
    ace_on_king = moves[1]
    assert ace_on_king.card == C("AC") and ace_on_king.to_card == C("KC")
    no_wrap = eg.spec_from_gold("Часы дедушки", **{"foundations.wrap": None})
    v = check_moves([ace_on_king], no_wrap)[0]
    assert v.verdict == "unverifiable" and v.rule == "foundations.wrap"
    v = check_moves([ace_on_king], eg.spec_from_gold("Часы дедушки"))[0]   # the gold says wrap: true
    assert v.verdict != "illegal" and "foundations.wrap" in v.checked
    forbid = eg.spec_from_gold("Часы дедушки", **{"foundations.wrap": False})
    assert check_moves([ace_on_king], forbid)[0].verdict == "illegal"


def test_foundation_with_named_target(gold_004):
    """Ковер, lines 1000–1005: «♣2 кладем на ♣Т. ♣3 — ♣2. ♣4 — ♣3 …»."""
    moves = eg.moves_004(gold_004, "Ковер")
    verdicts = check_moves(moves, eg.spec_from_gold("Ковер"))
    assert verdicts[0].verdict == "legal" and [(a.what, a.cards) for a in verdicts[0].assumed] == [
        ("base-on-foundation", (C("AC"),))]
    assert [v.verdict for v in verdicts[1:3]] == ["legal", "legal"]
    # «Пять пробелов расклада заполняются картами оставшейся колоды»: unnamed cards from the stock, which
    # the rule allows («…или из оставшейся колоды, если нет резервной стопки», line 987)
    complete = eg.spec_from_gold("Ковер", **{"tableau.space": "from-waste-then-stock"})
    v = check_moves(moves, complete)[5]
    assert (v.verdict, v.rule) == ("legal", "tableau.space") and [a.what for a in v.assumed] == ["waste-empty"]
    wrong = Move([C("5C")], "foundation", "♣5 — ♣3", (1002, 1002), kind="to_foundation", to_card=C("3C"))
    v = check_moves(moves[:3] + [wrong], eg.spec_from_gold("Ковер"))[-1]
    assert (v.verdict, v.rule, v.what) == ("illegal", "foundations.direction", "wrong-rank")
    assert v.decisive.detail["want"][0] == C("4C")


def test_base_ranks():
    assert base_ranks("A+K") == [1, 13] and base_ranks("7") == [7]
    assert base_ranks("any-first") == "any-first" and base_ranks("mixed") == "mixed" and base_ranks("x") is None


def test_verify_example_uses_the_partial_checker(castle):
    game = GameText("004-012", "004", CASTLE, [(524, 574)])
    ex = Example((557, 574), "", moves=castle)
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    assert [v.verdict for v in verify_example(game, ex, spec)] == ["legal"] * 18


_cards = st.builds(Card, st.integers(1, 13), st.sampled_from("CDHS"))
_moves = st.builds(
    lambda c, t, to, flags: Move([c], to if to != "card" else t.format(), "gen", (1, 1),
                                 kind="to_foundation" if to == "foundation" else "discard" if to == "discard" else "build",
                                 to_card=t if to in ("card", "discard") else None, flags=flags),
    _cards, _cards, st.sampled_from(["card", "foundation", "space", "reserve", "waste", "discard", None]),
    st.sets(st.sampled_from(["conditional", "alternative", "prohibited", "restated", "right_of"]), max_size=2))


@settings(max_examples=80, deadline=None)
@given(st.lists(_moves, max_size=15), st.sampled_from([CASTLE, "Агнесс", "Аккордеон", "Клондайк", "Часы дедушки"]))
def test_one_verdict_per_move_never_silently_legal_when_prohibited(moves, name):
    spec = eg.spec_from_gold(name)
    verdicts = check_moves(moves, spec)
    assert len(verdicts) == len(moves)
    for m, v in zip(moves, verdicts):
        if "prohibited" in m.flags and "restated" not in m.flags:
            assert v.verdict != "legal"
        if v.verdict == "illegal":
            assert v.rule and v.reason and len(v.reason) <= 240


def test_known_position_copy_is_independent():
    s = Judge(Position.known(eg.spec_from_gold(CASTLE)))
    s.play(Move([C("4D")], "5D", "♦4 — ♦5", (1, 1), to_card=C("5D")), 1)
    t = Judge(s.pos.copy())
    t.play(Move([C("4D")], "foundation", "♦4", (1, 1), kind="to_foundation"), 2)
    assert s.pos.above(C("5D")) == [C("4D")] and t.pos.above(C("5D")) == [] and t.pos.where(C("4D")) == "foundation"


def test_onto_a_base_card_in_foundation_order_is_a_foundation_move():
    """Ковер, line 1001: «♦2 кладем на ♦Т» — even when the move reader leaves it a plain build."""
    as_build = Move([C("2D")], "AD", "♦2 кладем на ♦Т", (1001, 1001), to_card=C("AD"))
    v = check_moves([as_build], eg.spec_from_gold("Ковер"))[0]
    assert v.verdict == "legal" and v.rule == "foundations.direction" and v.context["reading"] == "foundation"
    v = check_moves([as_build], eg.spec_from_gold("Ковер", **{"foundations.preplaced": True}))[0]
    assert v.verdict == "legal" and v.rule == "foundations.preplaced"


def test_paganini_example_without_layout_is_unverifiable(gold_000_003, specs):
    ex = eg.example(gold_000_003, "000-2")
    moves = eg.printed_moves(ex)
    game = GameText("000-B", "000", "Паганіні", [(22, 28)])
    verdicts = verify_example(game, Example((25, 25), "", moves=moves), specs["000-2"][0])
    assert len(verdicts) == 14 and {v.rule for v in verdicts} == {"layout"}
    assert {v.verdict for v in verdicts} == {"unverifiable"}


def test_a_pair_read_as_one_move_is_judged_together():
    """A discard of two named cards without a partner named apart («Пара из ♣7 и ♣6 сбрасывается»
    read as one move): the second card is the partner."""
    pairs = {"name": "pairs", "quote": "… парами, общее число очков которых составляет 13 …", "lines": [2703, 2707],
             "description": "", "params": {"total": 13, "singles": [13]}}
    spec = {"deck": {"packs": _f(1)}, "special": [pairs]}
    v = check_moves([Move([C("7C"), C("6C")], None, "Пара из ♣7 и ♣6 сбрасывается", (2715, 2715), kind="discard")], spec)[0]
    assert (v.verdict, v.rule, v.what) == ("legal", "special:pairs", "total")
    bad = check_moves([Move([C("8C"), C("6C")], None, "♣8 и ♣6", (2715, 2715), kind="discard")], spec)[0]
    assert (bad.verdict, bad.what) == ("illegal", "wrong-total")
    kings = {"name": "remove-rank", "quote": "Короли изымаются из игры", "lines": [3852, 3854], "description": "",
             "params": {"ranks": [13]}}
    two = Move([C("KH"), C("KD"), C("QD")], None, "♥К, ♦К и ♦Д изымаются", (1, 1), kind="discard", to_card=None)
    v = check_moves([two], {"deck": {"packs": _f(1)}, "special": [kings]})[0]
    assert (v.verdict, v.rule) == ("illegal", "special:remove-rank")      # the queen is no king


def test_a_run_given_by_its_ends_is_judged_by_its_bottom_card():
    """«серия карт от ♦В до ♠6 может покрыть ♠Д» (flag ``range``: the cards are the ends): the jack
    goes on the queen, and the move rule must let a built sequence move."""
    spec = {"deck": {"packs": _f(1)}, "foundations": {"base": _f("none")},
            "tableau": {"build_direction": _f("down"), "build_suit": _f("alternate-color"), "move": _f("any-sequence")}}
    m = Move([C("JD"), C("6S")], "QS", "серия карт от ♦В до ♠6 может покрыть ♠Д", (6319, 6319), kind="sequence",
             to_card=C("QS"), flags={"range"})
    v = check_moves([m], spec)[0]
    assert (v.verdict, v.rule) == ("legal", "tableau.build_suit") and "tableau.move" in v.checked
    spec["tableau"]["move"] = _f("one-card")
    assert check_moves([m], spec)[0].what == "one-card"


def test_unnamed_cards_dealt_into_spaces_are_judged_by_the_space_rule():
    """«Пробелы заполняются из колоды» (read as a deal of unnamed cards into the spaces): whatever the
    cards, the space rule decides — from the stock: legal; spaces not filled: illegal; kings only: the
    cards would have to be named."""
    deal = Move([], "space", "Пробелы заполняются из колоды", (7596, 7596), kind="deal")
    v = check_moves([deal], {"tableau": {"space": _f("from-stock", "Пробелы заполняются из колоды.", [7596, 7597])}})[0]
    assert (v.verdict, v.rule, v.what) == ("legal", "tableau.space", "from")
    v = check_moves([deal], {"tableau": {"space": _f("not-filled")}})[0]
    assert (v.verdict, v.what) == ("illegal", "not-filled")
    assert check_moves([deal], {"tableau": {"space": _f("kings")}})[0].verdict == "unverifiable"
    onto = Move([], "tableau", "выкладываются шестнадцать карт из колоды", (6269, 6269), kind="deal")
    v = check_moves([onto], {"stock": {"deal_to": _f("tableau")}})[0]
    assert (v.verdict, v.rule) == ("legal", "stock.deal_to")
    assert check_moves([onto], {})[0].rule == "stock.deal_to"          # where the stock goes is not read


SCORPION_MOVE = ("Для этого карты могут быть взяты из любого места расклада, но, если карта берется не снизу "
                 "столбца, следует брать вместе с ней все карты столбца ниже ее.")
KLONDIKE_MOVE = "Серия может перемещаться от одного столбца к другому только целиком"


def _unit_spec(move: str, quote: str, lines: list[int]) -> dict:
    return {"deck": {"packs": _f(1)},
            "foundations": {"base": _f("A"), "direction": _f("up"), "suit": _f("same-suit"), "step": _f(1)},
            "tableau": {"build_direction": _f("down"), "build_suit": _f("same-suit" if move == "any-face-up" else "alternate-color"),
                        "move": _f(move, quote, lines)}}


def test_any_face_up_card_carries_the_cards_on_it_unbuilt():
    """«Скорпион» 004, 2848–2859: «♠5 может покрыть ♠6, но вместе с ней идут ♠7, ♥6, ♣Т, и ♦10» —
    the carried cards follow no build; only ♠5 on ♠6 is judged. Read any-sequence, the same move
    breaks the build inside the carried cards."""
    m = Move([C("5S"), C("7S"), C("6H"), C("AC"), C("TD")], "6S", "♠5 может покрыть ♠6, но вместе с ней идут ♠7, ♥6, ♣Т, и ♦10",
             (2857, 2859), to_card=C("6S"))
    v = check_moves([m], _unit_spec("any-face-up", SCORPION_MOVE, [2850, 2854]))[0]
    assert (v.verdict, v.rule) == ("legal", "tableau.build_suit")
    assert any(c.rule == "tableau.move" and c.what == "any-face-up" for c in v.checks)
    v = check_moves([m], _unit_spec("any-sequence", SCORPION_MOVE, [2850, 2854]))[0]
    assert v.verdict == "illegal" and v.rule == "tableau.build_direction"


def test_a_card_carried_because_it_lies_on_the_mover():
    """A card shown lying on ♦3 («♦3 может покрыть ♦4, но вместе с ней должна пойти ♣2», 2855–2856):
    the move names ♦3 only; any-face-up carries ♣2, one-card refuses."""
    shown = Move([C("2C")], "3D", "♣2 на ♦3", (2855, 2855), to_card=C("3D"), flags={"described"})
    m = Move([C("3D")], "4D", "♦3 может покрыть ♦4", (2855, 2856), to_card=C("4D"))
    spec = _unit_spec("any-face-up", SCORPION_MOVE, [2850, 2854])
    spec["tableau"]["build_suit"] = _f("any-suit")        # so that the first move lays ♣2 on ♦3
    v = check_moves([shown, m], spec)[1]
    assert v.verdict == "legal" and any(c.what == "any-face-up" and c.detail.get("carried") for c in v.checks)
    spec["tableau"]["move"] = _f("one-card")
    assert check_moves([shown, m], spec)[1].what == "one-card"


def test_whole_sequence_moves_a_run_whole_but_never_a_part():
    """«Клондайк» 004, 2034–2037: «Серия может перемещаться … только целиком … серия из ♦10, ♠9, ♥8
    должна быть помещена на черного валета». The run moving whole is legal, assuming ♦10 is its
    lowest face-up card; ♠9 built on ♥10 by the example may not leave it alone; a card under which a
    card that does not take it is shown starts its run."""
    spec = _unit_spec("whole-sequence", KLONDIKE_MOVE, [2034, 2037])
    run = Move([C("TD"), C("9S"), C("8H")], "JC", "серия из ♦10, ♠9, ♥8 должна быть помещена на черного валета",
               (2037, 2039), kind="sequence", to_card=C("JC"))
    v = check_moves([run], spec)[0]
    assert v.verdict == "legal" and [a.what for a in v.assumed] == ["run-start"]
    build = Move([C("9S")], "TH", "♠9 — ♥10", (1, 1), to_card=C("TH"))
    again = Move([C("9S")], "TD", "♠9 — ♦10", (2, 2), to_card=C("TD"))
    v = check_moves([build, again], spec)[1]
    assert (v.verdict, v.rule, v.what) == ("illegal", "tableau.move", "part-of-run")
    assert v.decisive.evidence.lines == (2034, 2037)
    spec["tableau"]["move"] = _f("any-sequence")
    assert check_moves([build, again], spec)[1].verdict == "legal"
    spec["tableau"]["move"] = _f("whole-sequence")
    under = Move([C("9S")], "5C", "♠9 — ♣5", (1, 1), to_card=C("5C"), flags={"described"})
    v = check_moves([under, again], spec)[1]
    assert v.verdict == "legal" and not v.assumed


def test_a_move_in_a_direction_names_the_layout_not_a_missing_destination():
    """«Четырнадцать» 004, 5412: «а ♠5 и ♦8 сдвигаются влево» — the text gives a direction (the
    move reader's ``direction``), which only the layout turns into a place."""
    m = Move([C("5S")], None, "а ♠5 и ♦8 сдвигаются влево", (5412, 5412))
    assert check_moves([m], {})[0].what == "no-destination"
    m.direction = "left"
    v = check_moves([m], {})[0]
    assert (v.verdict, v.rule, v.what) == ("unverifiable", "layout", "direction-needs-layout")
    assert v.decisive.detail["direction"] == "left"


CLOSE_UP = {"name": "close-up", "description": "the cards left close up", "lines": [5401, 5404],
            "quote": "Когда две карты сброшены, те, что остаются на столе, передвигаются ближе к центру креста"}


def test_cards_close_up_only_into_places_emptied():
    """«Четырнадцать» 5411–5412: «в четвертой секции сбрасываются ♥В и ♠3, а ♠5 и ♦8 сдвигаются
    влево» — with ``close-up`` the shift is legal once a card has left play (assumed: the place left
    of ♠5 is one emptied), not before any has."""
    spec = {"special": [{"name": "pairs", "params": {"total": 14, "touching": True}, "quote": "14 очков", "lines": [5396, 5399]},
                        CLOSE_UP]}
    pair = Move([C("JH"), C("3S")], None, "сбрасываются ♥В и ♠3", (5411, 5411), kind="discard")
    shift = Move([C("5S")], None, "а ♠5 и ♦8 сдвигаются влево", (5412, 5412), direction="left")
    before = check_moves([shift], spec)[0]
    assert (before.verdict, before.rule, before.what) == ("unverifiable", "layout", "nothing-emptied")
    v = check_moves([pair, shift], spec)[1]
    assert (v.verdict, v.rule, v.what) == ("legal", "special:close-up", "closes-up")
    assert [(a.what, a.detail) for a in v.assumed] == [("emptied-toward", "left")]
    assert check_moves([pair, shift], {"special": spec["special"][:1]})[1].what == "direction-needs-layout"


GAPS = {"name": "gaps", "params": {"left_neighbour": 1, "suit": "same-suit"}, "lines": [6620, 6625],
        "quote": "пробел, который заполняется следующей картой, более высокого достоинства и той же масти, что и карта слева"}


def test_a_gap_whose_neighbours_are_not_named_and_the_left_edge_of_a_row():
    """«Паганини»-«Пустоты» 004, 6651–6659: «♥Т … передвинуть на левый край ряда. ♥Д … заполняет
    пробел слева … ♣9 … перемещается в пробел»: a space takes the card one above its left neighbour
    — unnamed here, so assumed (♥В left of it); the left edge takes only a row's first card, the
    base; an ace has no card below it, so it fills no gap but a row's edge."""
    spec = {"tableau": {"space": _f("other")}, "special": [GAPS]}
    edge = Move([C("AH")], "tableau", "♥Т … на левый край ряда", (6651, 6652), kind="other", to_pile="left")
    queen = Move([C("QH")], "space", "♥Д в пятом ряду заполняет пробел слева", (6653, 6654), kind="to_space")
    ace = Move([C("AC")], "space", "♣Т в пробел", (6656, 6656), kind="to_space")
    v, w, a = check_moves([edge, queen, ace], spec)
    assert (v.verdict, v.rule) == ("unverifiable", "foundations.base")
    assert (w.verdict, w.rule, w.what) == ("legal", "special:gaps", "fills-gap")
    assert [(x.what, x.cards, x.detail) for x in w.assumed] == [("beside-gap", (C("JH"),), "left_of")]
    assert (a.verdict, a.rule) == ("unverifiable", "foundations.base")
    spec["foundations"] = {"base": _f("A", "начиная с туза (слева)", [6609, 6610])}
    v, _, a = check_moves([edge, queen, ace], spec)
    assert (v.verdict, v.rule, v.what) == ("legal", "special:gaps", "starts-row") and not v.assumed
    assert (a.verdict, a.what, [x.what for x in a.assumed]) == ("legal", "starts-row", ["row-edge"])
    spec["foundations"] = {"base": _f("K")}
    assert check_moves([edge], spec)[0].verdict == "illegal"
    # «Пустоты» 3383–3388, 3443: rows start with a two (the aces are out): «поместив двойку … в пробел»
    # starts a row, it follows no ace
    spec["foundations"] = {"base": _f("2", "причем двойка должна находиться с левого края", [3383, 3388])}
    two = Move([C("2")], "space", "поместив двойку выбранной масти для этого ряда в пробел", (3443, 3447), kind="to_space")
    v = check_moves([two], spec)[0]
    assert (v.verdict, v.rule, v.what, [a.what for a in v.assumed]) == ("legal", "special:gaps", "starts-row", ["row-edge"])


ROYAL_WASTE = ("Их можно перекладывать на верхнюю карту резервной стопки серией карт чередующегося цвета. "
               "Последовательность соблюдается как восходящая, так и нисходящая.")


def test_a_card_the_text_does_not_place_may_be_the_waste_top_where_the_waste_is_built_on():
    """«Королевский путь» 004, 5845–5846: «♠9 помещается на ♦10. Игрок ставится перед выбором покрыть
    ♠9 либо ♥10, либо ♥8» — the tableau's cards go onto the waste's top (5814–5817): ♠9 on ♦10 is
    a waste move, and ♥8 then goes on ♠9 there; with no waste building read it stays a tableau
    question."""
    spec = {"deck": {"packs": _f(2)}, "foundations": {"base": _f("A"), "direction": _f("up"), "suit": _f("same-suit"),
                                                      "step": _f(1)},
            "waste": {"build_direction": _f("either", ROYAL_WASTE, [5814, 5817]),
                      "build_suit": _f("alternate-color", ROYAL_WASTE, [5814, 5817])}}
    first = Move([C("9S")], "TD", "♠9 помещается на ♦10", (5845, 5846), to_card=C("TD"))
    then = Move([C("8H")], "9S", "покрыть ♠9 … ♥8", (5846, 5848), to_card=C("9S"))
    v, w = check_moves([first, then], spec)
    assert (v.verdict, v.rule) == ("legal", "waste.build_direction") and v.context["reading"] == "waste"
    assert (w.verdict, w.rule) == ("legal", "waste.build_direction")
    del spec["waste"]
    assert check_moves([first], spec)[0].verdict == "unverifiable"


def test_moves_the_text_leaves_out_after_and_so_on_blur_what_it_showed():
    """«Ханойская башня» 004, 3316–3319: «поместить под нее ♥8, ♥7 — под ♥8 и т. д. Ходы продолжаются:
    … ♥2 — под ♥9» — after «и т. д.» (flag ``and-so-on``) ♥9 may no longer be covered by ♥8 as
    shown: not illegal but unverifiable; without the flag the covered ♥9 makes it illegal. (Here
    judged down by one, so a ♠8 stands for the book's ♥2: the game's own «any higher card» rule is a
    mechanic of the rules reader.)"""
    spec = {"deck": {"packs": _f(1)}, "foundations": {"base": _f("none")},
            "tableau": {"build_direction": _f("down"), "build_suit": _f("any-suit")}}
    moves = [Move([C("8H")], "9H", "поместить под нее ♥8", (3316, 3317), to_card=C("9H")),
             Move([C("7H")], "8H", "♥7 — под ♥8 и т. д.", (3317, 3318), to_card=C("8H")),
             Move([C("8S")], "9H", "♠8 — под ♥9", (3319, 3319), to_card=C("9H"))]
    assert check_moves(moves, spec)[2].verdict == "illegal"
    moves[1].flags = {"and-so-on"}
    v = check_moves(moves, spec)[2]
    assert (v.verdict, v.rule) == ("unverifiable", "exposed")


def test_cards_named_by_rank_and_colour_are_judged_on_their_colours():
    """«Чорну дев'ятку кладіть на червону десятку» (the move reader gives ``Move.colours``): under
    alternating colours the colours decide — black on red legal, red on red illegal; under one suit
    the suit stays unknown (an assumption)."""
    from pasyans.extract.moves import parse_moves

    spec = {"deck": {"packs": _f(1)}, "foundations": {"base": _f("none")},
            "tableau": {"build_direction": _f("down"), "build_suit": _f("alternate-color")}}
    ok, bad = parse_moves("Чорну дев'ятку кладіть на червону десятку, а червону вісімку — на червону дев'ятку.",
                          "x", "words", "uk").moves
    assert (ok.cards, ok.to_card, ok.colours) == ([C("9")], C("T"), ("black", "red"))
    v = check_moves([ok], spec)[0]
    assert (v.verdict, v.what) == ("legal", "colour") and not v.assumed
    v = check_moves([bad], spec)[0]
    assert (v.verdict, v.what) == ("illegal", "wrong-colour") and "red" in v.reason
    spec["tableau"]["build_suit"] = _f("same-suit")
    assert check_moves([ok], spec)[0].what == "suit"
