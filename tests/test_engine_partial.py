"""The partial-knowledge checker on real moves of the book 004 (examples printed without a layout)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pasyans.cards import Card
from pasyans.engine.partial import PartialState, RuleSpec, base_ranks, check_moves
from pasyans.engine.verify import verify_example
from pasyans.models import Example, GameText, Move

from . import engine_gold as eg

CASTLE = "Осажденная крепость"
PREPLACED = {"value": True, "status": "stated", "lines": [529, 531],
             "quote": "Из колоды изымаются четыре туза и помещаются колонкой в центре стола, формируя базовый ряд."}


@pytest.fixture(scope="module")
def castle(gold_004):
    return eg.moves_004(gold_004, CASTLE)


def _by_raw(moves, verdicts, raw):
    return next(v for m, v in zip(moves, verdicts) if m.raw == raw)


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
    assert v.rule == "tableau.space" and "любой игровой картой" in v.reason
    # ♦3, ♦4, ♦5 go up one after another once ♦3 has left ♦4 and ♦4 has left ♦5
    assert [v.verdict for m, v in zip(castle, verdicts) if m.raw == "♦3, ♦4, ♦5 — базовую"] == ["legal"] * 3
    v = verdicts[-1]   # «♣2 — базовую»: the clubs ace lies on its foundation from the deal
    assert v.rule == "foundations.preplaced"


def test_foundation_two_without_its_ace_is_unverifiable(castle):
    spec = eg.spec_from_gold(CASTLE)   # the gold spec does not say the aces start on the foundations
    verdicts = check_moves(castle, spec)
    first = verdicts[0]   # «♥2 и ♠2 могут покрыть базовые тузы»
    assert first.verdict == "unverifiable" and first.rule == "foundations: earlier play"
    assert "AH" in first.reason and "off the page" in first.reason
    # ♦3 follows ♦2, which went to the foundation earlier in this very example
    assert [v.verdict for v in verdicts[6:9]] == ["legal"] * 3
    assert "put on its foundation earlier in the example" in verdicts[6].reason


def test_unknown_build_suit_names_the_field(castle):
    spec = eg.spec_from_gold(CASTLE, **{"tableau.build_suit": None})
    v = _by_raw(castle, check_moves(castle, spec), "♦4 — ♦5")
    assert v.verdict == "unverifiable" and v.rule == "tableau.build_suit"
    assert "tableau.build_suit unknown" in v.reason
    assert "tableau.build_direction" in v.checked   # what could be checked still is


def test_accordion_unknown_building_is_unverifiable(gold_004):
    moves = eg.moves_004(gold_004, "Аккордеон")
    verdicts = check_moves(moves, eg.spec_from_gold("Аккордеон"))
    assert verdicts[0].verdict == "unverifiable" and verdicts[0].rule == "tableau.build_direction"
    assert verdicts[0].reason.startswith("hypothetical: ")   # «если следующей картой сдается ♣6…»
    assert verdicts[6].reason.startswith("restates move 3")  # «♥3 должна быть помещена на ♥8»


def test_built_up_instead_of_down_is_illegal(gold_004):
    """Агнесс, line 413: «Покройте ♥5 — ♥6» read literally (♥6 on ♥5) builds up; the game builds down."""
    spec = eg.spec_from_gold("Агнесс")
    literal = Move([Card(6, "H")], "5H", "Покройте ♥5 — ♥6", (413, 413), to_card=Card(5, "H"))
    v = check_moves([literal], spec)[0]
    assert v.verdict == "illegal" and v.rule == "tableau.build_direction"
    assert "одного цвета" in v.reason or "нисходящей" in v.reason   # the rule's evidence is quoted
    assert check_moves(eg.moves_004(gold_004, "Агнесс")[1:2], spec)[0].verdict == "legal"   # ♥5 on ♥6


def test_alternate_colour_broken_is_illegal():
    spec = eg.spec_from_gold("Король Альберт")
    ok = Move([Card(6, "S")], "7D", "♠6 покрывает ♦7", (1985, 1985), to_card=Card(7, "D"))
    bad = Move([Card(6, "H")], "7D", "♥6 — ♦7", (1985, 1985), to_card=Card(7, "D"))
    (v_ok,), (v_bad,) = check_moves([ok], spec), check_moves([bad], spec)
    assert v_ok.verdict == "legal"
    assert v_bad.verdict == "illegal" and v_bad.rule == "tableau.build_suit" and "разного цвета" in v_bad.reason
    v_both = check_moves([ok, bad], spec)[1]   # ♦7 is covered by ♠6 by then, too
    assert v_both.rule == "exposed" and "tableau.build_suit" in v_both.reason


def test_covered_card_cannot_move_alone(castle):
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    d4_d5, d3_d4 = castle[2], castle[4]   # ♦4 — ♦5, ♦3 — ♦4
    early = Move([Card(4, "D")], "foundation", "♦4 — базовую", (562, 562), kind="to_foundation")
    v = check_moves([d4_d5, d3_d4, early], spec)[2]
    assert v.verdict == "illegal" and v.rule == "tableau.move" and "covered by 3D" in v.reason
    onto_covered = Move([Card(4, "C")], "5D", "♣4 — ♦5", (562, 562), to_card=Card(5, "D"))
    v = check_moves([d4_d5, onto_covered], spec)[1]
    assert v.verdict == "illegal" and v.rule == "exposed"


def test_card_in_two_places_single_pack_only(castle):
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    again = Move([Card(3, "D")], "4C", "♦3 — ♣4", (563, 563), to_card=Card(4, "C"))
    moves = castle[:9] + [again]        # ♦3 went to its foundation at move 7
    v = check_moves(moves, spec)[-1]
    assert v.verdict == "illegal" and v.rule == "location" and "move 7" in v.reason
    two = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED, "deck.packs": 2})
    assert check_moves(moves, two)[-1].verdict == "legal"   # the other ♦3
    unknown = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED, "deck.packs": None})
    v = check_moves(moves, unknown)[-1]
    assert v.verdict == "unverifiable" and v.rule == "deck.packs"


def test_prohibited_move_comes_out_illegal(gold_004):
    """Легкие ходы, line 1414: «но ♦6 с ♦5 нельзя покрывать ♦7» — one card moves at a time."""
    moves = eg.moves_004(gold_004, "Легкие ходы")
    verdicts = check_moves(moves, eg.spec_from_gold("Легкие ходы"))
    assert [v.verdict for v in verdicts] == ["unverifiable", "legal", "legal", "legal", "illegal"]
    assert verdicts[4].rule == "tableau.move" and "not allowed, as the text says" in verdicts[4].reason
    assert "по одной карте" in verdicts[4].reason
    # if the rules were read as allowing sequences, the engine must not call the move legal
    wrong = eg.spec_from_gold("Легкие ходы", **{"tableau.move": "any-sequence"})
    v = check_moves(moves, wrong)[4]
    assert v.verdict == "unverifiable" and "not allowed" in v.reason and "rules as read allow it" in v.reason


def test_conditional_moves_do_not_change_the_known_state(castle):
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    hypo = Move([Card(4, "D")], "5D", "если ♦4 — ♦5", (560, 560), to_card=Card(5, "D"), flags={"conditional"})
    real = Move([Card(4, "C")], "5D", "♣4 — ♦5", (560, 560), to_card=Card(5, "D"))
    v1, v2 = check_moves([hypo, real], spec)
    assert v1.verdict == "legal" and v1.reason.startswith("hypothetical")
    assert v2.verdict == "legal"        # ♦5 is not covered in the known state


def test_alternatives_checked_against_the_same_state():
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    a = Move([Card(10, "S")], "space", "♠10 или", (1, 1), kind="to_space", flags={"conditional", "alternative"})
    b = Move([Card(2, "C")], "space", "♣2", (1, 1), kind="to_space", flags={"conditional", "alternative"})
    assert [v.verdict for v in check_moves([a, b], spec)] == ["legal", "legal"]


def test_space_rules():
    klondike = eg.spec_from_gold("Клондайк")
    king = Move([Card(13, "D")], "space", "♦К перемещается, чтобы занять место ♣В", (2080, 2081), kind="to_space")
    queen = Move([Card(12, "D")], "space", "♦Д — пробел", (2080, 2081), kind="to_space")
    v_k, v_q = check_moves([king, queen], klondike)
    assert v_k.verdict == "legal" and v_q.verdict == "illegal" and "только король" in v_q.reason


def test_round_the_corner_needs_the_wrap_rule(gold_004):
    """Часы дедушки, line 1890: «♣Т — ♣К» (an ace on the king foundation)."""
    moves = eg.moves_004(gold_004, "Часы дедушки")
    ace_on_king = moves[1]
    assert ace_on_king.card == Card(1, "C") and ace_on_king.to_card == Card(13, "C")
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
    assert verdicts[0].verdict == "unverifiable" and verdicts[0].rule == "foundations: earlier play"
    assert [v.verdict for v in verdicts[1:3]] == ["legal", "legal"]
    assert verdicts[5].verdict == "unverifiable" and verdicts[5].rule == "stock"   # unnamed cards dealt
    wrong = Move([Card(5, "C")], "foundation", "♣5 — ♣3", (1002, 1002), kind="to_foundation", to_card=Card(3, "C"))
    v = check_moves(moves[:3] + [wrong], eg.spec_from_gold("Ковер"))[-1]
    assert v.verdict == "illegal" and v.rule == "foundations.direction"


def test_spec_reading():
    spec = RuleSpec({"tableau": {"build_suit": {"value": "alternate-colour", "status": "inherited", "quote": "q", "lines": [1, 2]},
                                 "move": {"value": "single", "status": "unknown", "quote": None, "lines": None}},
                     "foundations": {"base": "A+K"}})
    f = spec.get("tableau.build_suit")
    assert f.value == "alternate-color" and f.evidence() == "tableau.build_suit = 'alternate-color' (inherited): «q» (lines 1–2)"
    assert spec.get("tableau.move") is None and spec.get("stock.redeals") is None
    assert base_ranks(spec.get("foundations.base").value) == [1, 13]
    assert base_ranks("any-first") == "any" and base_ranks("mixed") is None


def test_verify_example_uses_the_partial_checker(castle):
    game = GameText("004-012", "004", CASTLE, [(524, 574)])
    ex = Example((557, 574), "", moves=castle)
    spec = eg.spec_from_gold(CASTLE, **{"foundations.preplaced": PREPLACED})
    assert [v.verdict for v in verify_example(game, ex, spec)] == ["legal"] * 18


_cards = st.builds(Card, st.integers(1, 13), st.sampled_from("CDHS"))
_moves = st.builds(
    lambda c, t, to, flags: Move([c], to if to != "card" else t.format(), "gen", (1, 1),
                                 kind="to_foundation" if to == "foundation" else "build",
                                 to_card=t if to == "card" else None, flags=flags),
    _cards, _cards, st.sampled_from(["card", "foundation", "space", "reserve", "waste", None]),
    st.sets(st.sampled_from(["conditional", "alternative", "prohibited", "restated"]), max_size=2))


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
            assert v.rule and v.reason


def test_partial_state_copy_is_independent():
    s = PartialState(eg.spec_from_gold(CASTLE))
    s.apply(Move([Card(4, "D")], "5D", "♦4 — ♦5", (1, 1), to_card=Card(5, "D")), 1)
    t = s.copy()
    t.apply(Move([Card(4, "D")], "foundation", "♦4", (1, 1), kind="to_foundation"), 2)
    assert s.cover == {Card(5, "D"): Card(4, "D")} and t.cover == {}


def test_onto_a_base_card_in_foundation_order_is_a_foundation_move():
    """Ковер, line 1001: «♦2 кладем на ♦Т» — even when the move reader leaves it a plain build."""
    as_build = Move([Card(2, "D")], "AD", "♦2 кладем на ♦Т", (1001, 1001), to_card=Card(1, "D"))
    v = check_moves([as_build], eg.spec_from_gold("Ковер"))[0]
    assert v.verdict == "unverifiable" and v.rule == "foundations: earlier play"
    v = check_moves([as_build], eg.spec_from_gold("Ковер", **{"foundations.preplaced": True}))[0]
    assert v.verdict == "legal" and v.rule == "foundations.preplaced"


def test_paganini_example_without_layout_is_unverifiable(gold_000_003):
    ex = eg.example(gold_000_003, "000-2")
    moves = eg.printed_moves(ex)
    game = GameText("000-B", "000", "Паганіні", [(22, 28)])
    verdicts = verify_example(game, Example((25, 25), "", moves=moves), {})
    assert len(verdicts) == 14 and {v.rule for v in verdicts} == {"layout"}
    assert {v.verdict for v in verdicts} == {"unverifiable"}
