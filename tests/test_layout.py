"""The printed «Паганіні» layout of source 000 (raw lines 7–14), against the gold readings."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pasyans.cards import Card
from pasyans.extract.layout import read_paganini_layout
from pasyans.extract.moves import parse_moves
from pasyans.extract.notation import format_card, parse_card
from pasyans.extract.text import MappedText


def _letter(row):
    return [format_card(c, "letter") if c else None for c in row]


@pytest.fixture(scope="module")
def lines(corpus):
    return corpus["000"].lines[6:14]


@pytest.fixture(scope="module")
def example_moves(corpus):
    src = corpus["000"]
    return [parse_moves(MappedText.from_lines(src.lines[n - 1:n], n), "000", "letter", "uk").moves for n in (21, 25)]


@pytest.fixture(scope="module")
def gold_ex(gold_000_003):
    return next(e for g in gold_000_003["games"] for e in g["examples"] if e["example_id"] == "000-1-ex1")


def test_shape_windows_and_splits(lines, gold_ex):
    r = read_paganini_layout(lines, 7)
    assert r.problems == [] and r.lines == list(range(7, 15))
    assert [len(row) for row in r.rows] == [14] * 8
    windows = [{"row": i + 1, "col": j} for i, row in enumerate(r.rows) for j, c in enumerate(row) if c is None]
    assert windows == gold_ex["card_count_check"]["after_all_corrections"]["windows"]
    for split in gold_ex["layout_token_splits"]:
        got = [rp for rp in r.repairs if rp.row == split["row"] and rp.col in split["cols"]]
        assert [rp.repaired for rp in got] == [s.replace("З", "3") for s in split["reading"]]
        assert all(rp.original == split["original"] for rp in got)


def test_mechanical_repairs_match_gold(lines, gold_ex):
    r = read_paganini_layout(lines, 7)
    mine = {(rp.row, rp.col): (rp.original, rp.repaired, rp.certainty) for rp in r.repairs}
    for corr in gold_ex["layout_corrections"]:
        if corr["certainty"] != "certain":
            continue
        key = (corr["row"], corr["col"])
        assert key in mine, corr
        assert mine[key][1] == corr["reading"] and mine[key][2] == "certain"


def test_count_alone_leaves_the_t9_cells_open(lines):
    r = read_paganini_layout(lines, 7)
    open_cells = [(u.row, u.col, u.printed, [format_card(c, "letter") for c in u.candidates]) for u in r.undecided]
    assert open_cells == [(1, 3, "T9", ["Т9", "Б9"]), (4, 13, "T9", ["Т9", "Б9"]), (8, 9, "T9", ["Т9", "Б9"])]
    assert all("decided by the moves that follow" in u.reason for u in r.undecided)
    bs = next(rp for rp in r.repairs if rp.original == "БС")
    assert (bs.row, bs.col, bs.repaired, bs.certainty) == (5, 12, "БВ", "high") and "count" in bs.reason
    row, col, cands = r.undecided[0]  # unpacks as (row, col, candidates)
    assert (row, col) == (1, 3) and cands == [Card(9, "C"), Card(9, "D")]


def test_choose_settles_the_rest(lines):
    r = read_paganini_layout(lines, 7).choose(1, 3, Card(9, "D"))
    assert r.undecided == [] and r.count_ok
    assert r.rows[3][13] == Card(9, "C") and r.rows[7][9] == Card(9, "C")
    with pytest.raises(ValueError):
        read_paganini_layout(lines, 7).choose(2, 1, Card(2, "C"))


def test_moves_decide_and_reach_the_gold_layout(lines, example_moves, gold_ex):
    r = read_paganini_layout(lines, 7, moves=example_moves)
    assert r.undecided == [] and r.count_ok
    assert [_letter(row) for row in r.rows] == gold_ex["initial_layout"]
    b9 = next(rp for rp in r.repairs if (rp.row, rp.col) == (1, 3))
    assert b9.repaired == "Б9" and "Б91 - Б82" in b9.reason
    for corr in gold_ex["layout_corrections"]:
        assert r.rows[corr["row"] - 1][corr["col"]] == parse_card(corr["reading"], "letter")


def test_damaged_row_is_reported():
    lines = ["1 ПА ПВ ЧД", "2 ТА Т2 П6 - Ч2 Б7 ТД БД Б8 П2 Б2 ПД ЧДЧ10"]
    r = read_paganini_layout(lines, 100)
    assert r.problems == ["line 100: row 1 has 3 entries, expected 14"]
    assert not r.count_ok
    with pytest.raises(ValueError):
        read_paganini_layout(["no rows here"], 1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(alphabet="ПЧБТ4TAВДК0123456789ЗбС- ", max_size=40), min_size=1, max_size=8))
def test_fuzz_layout(rows):
    lines = [f"{i + 1} {r}" for i, r in enumerate(rows)]
    r = read_paganini_layout(lines, 1)
    assert len(r.rows) == len(lines)
