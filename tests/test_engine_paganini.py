"""Full-state replay of the 000 Paganini examples (variants А and Б), checked against the gold."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pasyans.cards import Card, full_pack
from pasyans.engine.variants import paganini as pg
from pasyans.engine.variants import paganini_replay as pr
from pasyans.engine.verify import verify_example, verify_example_full
from pasyans.extract.claims import read_claims
from pasyans.extract.layout import fill_windows_with_aces
from pasyans.models import Example, GameText

from . import engine_gold as eg


# -- inputs from the gold ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def gold():
    return eg.load()


def _table_a(gold) -> list[list[Card | None]]:
    """The variant-А table with the three Latin «T9» cells left open (the reader cannot decide them)."""
    rows = eg.layout(eg.example(gold, "000-1")["initial_layout"])
    for r, c in eg.undecided_000():
        rows[r - 1][c] = None
    return rows


def _table_b(gold):
    rows, groups = fill_windows_with_aces(
        eg.layout(eg.example(gold, "000-1")["initial_layout"]),
        {r: [eg.card(a) for a in aces] for r, aces in eg.ACES_B.items()})
    for r, c in eg.undecided_000():
        rows[r - 1][c] = None
    return rows, pr.as_undecided(groups) + pr.as_undecided(eg.undecided_000())


@pytest.fixture(scope="module")
def run_a(gold):
    ex = eg.example(gold, "000-1")
    moves = eg.printed_moves(ex)
    return ex, moves, pr.replay_full(_table_a(gold), moves, "А", undecided=eg.undecided_000())


@pytest.fixture(scope="module")
def run_b(gold, corpus):
    ex = eg.example(gold, "000-2")
    moves = eg.printed_moves(ex)
    text = corpus["000"].line(25)
    read_claims(Example((25, 25), text, moves=moves), "uk")
    claims = {i: c for i, m in enumerate(moves) for c in m.claims}
    rows, groups = _table_b(gold)
    return ex, moves, claims, pr.replay_full(rows, moves, "Б", undecided=groups, claims=claims)


# -- variant А ---------------------------------------------------------------------------------

def test_variant_a_all_seven_moves_legal_as_the_gold(run_a):
    ex, moves, res = run_a
    assert [m.raw for m in moves][:2] == ["Б53 - Б47", "Б22 - БА3"]
    assert [v.verdict for v in res.verdicts] == ["legal"] * 7
    for gm, v, step in zip(ex["moves"], res.verdicts, res.steps):
        assert (v.verdict == "legal") is gm["legal_by_hand"]
        assert step.src == (gm["from_row"], gm["from_col"]), gm["raw"]
        assert step.dst == (gm["to_row"], gm["to_col"]), gm["raw"]
    second = res.verdicts[1].decisive
    assert (second.what, second.cards, second.detail["src"], second.detail["cell"]) == (
        "fills-window", (Card(2, "D"), Card(1, "D")), (2, 10), (3, 1))
    assert res.verdicts[0].rule == "rule 4"


def test_variant_a_cannot_decide_the_latin_t9_cells(run_a):
    # no move of variant А touches them: the replay says so instead of guessing silently
    assert [r.decided for r in run_a[2].resolutions] == [False, False, False]
    assert "do not tell them apart" in run_a[2].resolutions[0].reason
    chosen = Counter(r.chosen[0] for r in run_a[2].resolutions)
    assert chosen == Counter({Card(9, "C"): 2, Card(9, "D"): 1})  # the card count still holds
    assert run_a[2].layout_notes == []


def test_rule_4_example_two_tens_of_hearts_fit_the_window_of_row_5(gold):
    """Line 19: «у вікно 5-го ряду (праворуч від Ч9) можна покласти Ч10 з 8-го ряду або Ч10 з 2-го ряду»."""
    s = pg.PaganiniState(eg.layout(eg.example(gold, "000-1")["initial_layout"]), "А")
    assert s.fillers(5, 9) == [Card(10, "H")]
    into = sorted(m.src for m in s.window_moves() if m.dst == (5, 9))
    cands = eg.example(gold, "000-1", 1)["candidate_moves"]
    assert into == sorted((c["from_row"], c["from_col"]) for c in cands) == [(2, 13), (8, 12)]


def test_rule_9_example_window_of_row_4_takes_8s_or_7c(gold):
    """Line 34: «У вікно четвертого ряду можна перекласти або П8, або Т7» (rule 9)."""
    v = pg.Variant("Г", aces_in_layout=False, fill="left-up-or-right-down")
    s = pg.PaganiniState(eg.layout(eg.example(gold, "000-1")["initial_layout"]), v)
    assert s.fillers(4, 5) == [Card(8, "S"), Card(7, "C")]
    assert pg.PaganiniState(s.grid, "А").fillers(4, 5) == [Card(8, "S")]


# -- variant Б ---------------------------------------------------------------------------------

def test_text_claims_found_after_moves_5_and_14(run_b):
    assert run_b[2] == {4: "stuck", 13: "stuck"}


def test_variant_b_thirteen_legal_and_the_fourteenth_impossible(run_b):
    ex, moves, _, res = run_b
    assert len(moves) == 14
    assert [v.verdict for v in res.verdicts] == ["legal"] * 13 + ["illegal"]
    last = res.verdicts[13]
    assert (last.rule, last.what) == ("target", "no-anchor")
    assert last.decisive.cards[1] == Card(11, "C") and last.decisive.detail["row"] == 5
    for gm, v, step in zip(ex["moves"][:13], res.verdicts, res.steps):
        assert gm["legal_by_hand"] is True and v.verdict == "legal"
        assert step.src == (gm["from_row"], gm["from_col"]), gm["raw"]
        assert step.dst == (gm["to_row"], gm["to_col"]), gm["raw"]
    assert ex["moves"][13]["legal_by_hand"] is False
    assert res.steps[13] is None


def test_variant_b_proposes_the_reading_the_text_supports(run_b):
    ex, moves, _, res = run_b
    (corr,) = res.corrections
    gm = ex["moves"][13]
    assert corr.index == 13 and corr.printed == "ТД2 - ТВ5"
    assert corr.proposed == gm["normalized"] == "ТД5 - ТВ3"
    assert corr.edits == 2
    # the single-character reading is legal but leaves Б8 a window to go to
    assert any(a.startswith(gm["alternative_normalized"]) and "8D r2c8 -> r2c6" in a for a in corr.alternatives)
    assert res.verdicts[13].context["proposed"] == "ТД5 - ТВ3"
    # the proposed reading is legal and leaves every window dead, as the gold's state check says
    state = res.final.copy()
    step = state.apply(corr.move)
    assert (step.src, step.dst) == ((gm["from_row"], gm["from_col"]), (gm["to_row"], gm["to_col"]))
    assert [str(m) for m in state.window_moves()] == ex["state_checks"]["legal_window_moves_after_move_14"] == []


def test_variant_b_claims_checked(run_b):
    checks = {c.index: c for c in run_b[3].claim_checks}
    assert checks[4].holds is True          # «Більше перекладати нічого» after ПВ1 - П103
    assert checks[13].holds is False        # as printed, ТД can still go right of ТВ in row 3
    assert "QC r5c1 -> r3c5" in checks[13].detail


def test_variant_b_settles_undecided_cells_by_the_moves(run_b):
    res = run_b[3]
    by_cells = {r.cells: r for r in res.resolutions}
    aces = by_cells[((6, 4), (6, 6))]
    assert aces.decided and aces.chosen == (Card(1, "S"), Card(1, "D"))
    assert "'Б93 - Б86'" in aces.reason
    t9 = by_cells[((1, 3),)]
    assert t9.decided and t9.chosen == (Card(9, "D"),)
    assert "move 8 ('Б91 - Б82')" in t9.reason and "move 9 ('ЧК1 - ЧД1')" in t9.reason
    assert by_cells[((4, 13),)].chosen == by_cells[((8, 9),)].chosen == (Card(9, "C"),)
    assert "by the card count it forces r1c3 = 9C" in by_cells[((4, 13),)].reason
    assert res.layout[0][3] == Card(9, "D")


def test_variant_b_two_clubs_threes_in_row_8_told_apart_by_the_next_move(run_b):
    res = run_b[3]
    assert res.steps[2].src == (8, 13)
    assert any("'Т38 - Т23'" in c and "'ЧВ3 - Ч108'" in c for c in res.choices)
    assert len(res.verdicts[2].context["steps"]) == 2


def test_dead_windows_and_rule_5(run_b):
    _, moves, _, res = run_b
    s = pg.PaganiniState(res.layout, "Б")   # the layout as the replay settled it
    assert s.windows() == [] and s.window_moves() == []
    assert len(s.ace_moves()) == 8 * 8   # 8 aces in the rows × 8 empty row starts
    s.apply(moves[0])
    # with the window right of Б8 open, another ace may not come in yet (rule 5)
    v = s.is_legal(moves[5])
    assert v.verdict == "illegal" and v.rule == "rule 5"
    s.apply(moves[1])
    with pytest.raises(pg.AmbiguousMove):
        s.copy().apply(moves[2])   # «Т38»: row 8 holds two Т3
    for step in res.steps[2:5]:
        s.apply(step)
    assert s.dead_windows() == [pg.Window(1, 1, "at the start of a row with no ace yet")]
    assert s.is_stuck() and not s.is_lost()
    s.apply(moves[5])   # ПА1 - 1-й ряд
    assert pg.Window(1, 12, "right of a king (KS)") in s.dead_windows()


def test_a_move_from_the_wrong_row_is_illegal(gold):
    s = pg.PaganiniState(eg.layout(eg.example(gold, "000-1")["initial_layout"]), "А")
    v = s.is_legal(eg.move("Б54 - Б47"))
    assert (v.verdict, v.rule, v.what) == ("illegal", "source", "not-in-row") and v.decisive.detail["row"] == 4
    v = s.is_legal(eg.move("Б63 - Б47"))
    assert v.verdict == "illegal" and v.rule == "source"
    s2 = pg.PaganiniState(s.grid, "А")
    v = s2.is_legal(pg.Step(Card(12, "S"), (1, 10), (7, 9)))
    assert (v.verdict, v.rule, v.what) == ("illegal", "rule 4", "takes-only") and v.decisive.detail["want"] == [Card(5, "D")]


def test_won_layout():
    rows = [[Card(1, s)] + [Card(k, s) for k in range(2, 14)] + [None] for s in "CDHSCDHS"]
    assert pg.PaganiniState(rows, "А").is_won()
    rows[0][5], rows[0][6] = rows[0][6], rows[0][5]
    assert not pg.PaganiniState(rows, "А").is_won()


# -- the entry point on the same example ---------------------------------------------------------

def test_verify_example_full_replay_with_findings(gold, corpus, specs):
    ex = eg.example(gold, "000-2")
    moves = eg.printed_moves(ex)
    rows, groups = _table_b(gold)
    example = Example((25, 25), corpus["000"].line(25), layout=rows, moves=moves)
    example.layout_undecided = groups
    read_claims(example, "uk")
    game = GameText("000-B", "000", "Паганіні", [(22, 28)], rules_used=["1", "5", "3", "4", "6|7"])
    spec = specs["000-2"][0]          # as read: the window rule gives the special paganini-windows
    verdicts = verify_example(game, example, spec)
    assert [v.verdict for v in verdicts] == ["legal"] * 13 + ["illegal"]
    kinds = Counter(f.kind for f in example.findings)
    assert kinds["move-correction"] == 1 and kinds["claim-contradicted"] == 1
    assert kinds["ocr-resolved"] == 4
    verify_example(game, example, spec)
    assert Counter(f.kind for f in example.findings) == kinds   # no duplicates
    assert verify_example_full(game, example, spec).checker == "paganini-Б"


def test_verify_example_error_becomes_unverifiable(gold, specs):
    moves = eg.printed_moves(eg.example(gold, "000-1"))
    example = Example((21, 21), "", layout=[[None] * 5] * 8, moves=moves)
    game = GameText("000-A", "000", "килим", [(5, 21)])
    verdicts = verify_example(game, example, specs["000-1"][0])
    assert len(verdicts) == 7 and {v.verdict for v in verdicts} == {"unverifiable"}
    assert (verdicts[0].rule, verdicts[0].what) == ("engine", "engine-error")
    assert example.findings[0].kind == "engine-error"


def test_a_users_text_numbered_000_is_not_paganini(specs):
    """The family is known by its spec's window rule, never by the source id: a user's first text
    added to an empty corpus is source 000 too. «Косынка» of 003 as source 000 is judged by its rules."""
    from pasyans.extract.moves import parse_moves

    spec = specs["003-4"][0]
    assert not any(sp["name"].startswith("paganini") for sp in spec["special"])
    moves = parse_moves("♥Д — на ♠К.", "000", "symbol", "ru").moves
    example = Example((1, 1), "♥Д — на ♠К.", moves=moves)
    result = verify_example_full(GameText("000-1", "000", "Косынка", [(1, 3)]), example, spec)
    assert result.checker == "known-facts"
    assert [v.verdict for v in result.verdicts] == ["legal"]    # a red queen on a black king


# -- properties ------------------------------------------------------------------------------------

def _deal(seed_perm: list[int], b: bool) -> list[list[Card | None]]:
    pack = [c for _ in range(2) for c in full_pack()]
    cards = [pack[i] for i in seed_perm]
    if b:
        return [[None, *cards[r * 13:(r + 1) * 13]] for r in range(8)]
    aces = [c for c in cards if c.is_ace]
    rest = [c if not c.is_ace else None for c in cards]
    return [[aces[r], *rest[r * 13:(r + 1) * 13]] for r in range(8)]


@settings(max_examples=60, deadline=None)
@given(perm=st.permutations(range(104)), b=st.booleans(), picks=st.lists(st.integers(0, 10_000), max_size=25))
def test_apply_keeps_every_card_and_undo_restores(perm, b, picks):
    s = pg.PaganiniState(_deal(list(perm), b), "Б" if b else "А")
    start, cards = s.snapshot(), s.cards()
    assert sum(cards.values()) == 104
    played = 0
    for k in picks:
        legal = s.legal_moves()
        if not legal:
            break
        step = legal[k % len(legal)]
        assert s.is_legal(step).verdict == "legal"
        before = s.snapshot()
        s.apply(step)
        played += 1
        assert s.cards() == cards
        assert s.snapshot() != before
    for _ in range(played):
        s.undo()
    assert s.snapshot() == start and s.cards() == cards and s.history == []


@settings(max_examples=40, deadline=None)
@given(perm=st.permutations(range(104)), k=st.integers(0, 10_000))
def test_illegal_step_leaves_state_unchanged(perm, k):
    s = pg.PaganiniState(_deal(list(perm), False), "А")
    legal = set(s.legal_moves())
    wins = s.windows()
    r, c = wins[k % len(wins)]
    card = next(x for x in s.grid[(k // 7) % 8][1:] if x is not None)
    src = s.positions(card)[0]
    step = pg.Step(card, src, (r, c))
    before = s.snapshot()
    if step in legal:
        assert s.is_legal(step).verdict == "legal"
    else:
        assert s.is_legal(step).verdict == "illegal"
        with pytest.raises(pg.IllegalMove):
            s.apply(step)
        assert s.snapshot() == before


def test_verify_example_with_the_layout_reader(gold, corpus, specs):
    """The pipeline's path: the table of lines 7–14 read by the layout reader, its open cells kept."""
    from pasyans.extract.layout import read_paganini_layout

    reading = read_paganini_layout(corpus["000"].lines[6:14], 7)
    moves = eg.printed_moves(eg.example(gold, "000-1"))
    example = Example((7, 21), corpus["000"].span(7, 21), layout=reading.rows, layout_lines=(7, 14), moves=moves)
    example.layout_reading = reading
    game = GameText("000-A", "000", "килим", [(5, 21)], rules_used=["1", "2", "3", "4"])
    verdicts = verify_example(game, example, specs["000-1"][0])
    assert [v.verdict for v in verdicts] == ["legal"] * 7
    open_cells = [f for f in example.findings if f.kind == "ocr-undecided"]
    assert len(open_cells) == len(reading.undecided) == 3
    assert open_cells[0].lines == (7, 7) and open_cells[0].token == "T9"
