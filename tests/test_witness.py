"""A second source, compared (kb/witness.py): PySolFC's catalogue and Solvitaire's presets beside the
rules read from the book, in the knowledge base built from the real corpus."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from pasyans.cli import app
from pasyans.kb.export import export_json, validate_export
from pasyans.kb.witness import KIND, game_facts, pysol_types


@pytest.fixture(scope="module")
def conn(built_kb):
    c = sqlite3.connect(built_kb[0])
    yield c
    c.close()


def facts(conn, gid, catalogue=None, field=None):
    return [f for f in game_facts(conn, gid)
            if (catalogue is None or f["catalogue"] == catalogue) and (field is None or f["field"] == field)]


def test_klondike_redeals_disagree_with_pysolfc_and_both_sides_are_kept(conn):
    [f] = facts(conn, "004-024", "PySolFC", "stock.redeals")
    assert (f["entry"], f["catalogue_value"], f["book_value"], f["status"]) == ("#2 Klondike", -1, 0, "disagrees")
    assert f["quote"] == "Допускается лишь одна раздача карт в расклад." and f["lines"] == [2068, 2069]
    assert f["ref"] == "pysol_games_altnames_ru.tsv:5" and f["said"] == "redeals unlimited"
    found = conn.execute("SELECT message, first_line FROM findings WHERE kind = ? AND game = ? AND token = ?",
                         (KIND, "004-024", "stock.redeals")).fetchall()
    assert len(found) == 2                                      # PySolFC and Solvitaire's «klondike» (redeal)
    assert all("«Допускается лишь одна раздача карт в расклад.»" in m and line == 2068 for m, line in found)
    # never settled: the book's rule stays in the spec
    rules = json.loads(conn.execute("SELECT rules FROM games WHERE id = '004-024'").fetchone()[0])
    assert rules["stock"]["redeals"]["value"] == 0


def test_packs_agree_and_game_types_are_compared_where_the_type_says_a_rule(conn):
    [packs] = facts(conn, "004-004", "PySolFC", "deck.packs")           # Beleaguered Castle, one pack
    assert (packs["catalogue_value"], packs["book_value"], packs["status"]) == (1, 1, "agrees")
    [golf] = facts(conn, "004-021", "PySolFC", "foundations.base")     # a Golf-type game: no suit foundations
    assert (golf["catalogue_value"], golf["book_value"], golf["status"]) == (11, "none", "agrees")
    [simon] = facts(conn, "004-035", "PySolFC", "special")             # a Spider-type game
    assert (simon["book_value"], simon["status"]) == ("sequences-in-layout", "agrees")
    assert pysol_types()[30] == "Spider" and "Spider-type" in simon["said"]


def test_what_the_book_does_not_state_is_not_a_disagreement(conn):
    # «Король Альберт»: whether a foundation card may come back is not said; Solvitaire's preset says it may
    [back] = facts(conn, "004-023", "Solvitaire", "foundations.removable")
    assert (back["entry"], back["catalogue_value"], back["status"]) == ("king-albert", True, "book-silent")
    assert back["book_value"] is None and back["quote"] is None
    assert not conn.execute("SELECT 1 FROM findings WHERE kind = ? AND game = '004-023' AND token = "
                            "'foundations.removable'", (KIND,)).fetchone()
    [piles] = facts(conn, "004-023", "Solvitaire", "layout.tableau_piles")   # «рядами в девять, восемь, …»
    assert (piles["catalogue_value"], piles["book_value"], piles["status"]) == (9, 9, "agrees")


def test_a_misread_layout_shows_against_the_preset(conn):
    # «Ограниченный»: «три ряда по двенадцать карт» are twelve columns (the rules reader once read 3 piles,
    # which this witness showed against the preset); both sides now agree
    [f] = facts(conn, "004-073", "Solvitaire", "layout.tableau_piles")
    assert (f["catalogue_value"], f["book_value"], f["status"]) == (12, 12, "agrees")
    assert f["quote"] == "Выкладываются три ряда по двенадцать карт лицом вверх."


def test_show_and_the_json_export_carry_the_second_source(built_kb, conn):
    r = CliRunner().invoke(app, ["show", "004-024", "--db", str(built_kb[0])])
    assert r.exit_code == 0, r.output
    assert ("catalogue disagrees: PySolFC #2 Klondike: stock.redeals: redeals unlimited "
            "[pysol_games_altnames_ru.tsv:5] — the book: 0 «Допускается лишь одна раздача карт в расклад.» "
            "(lines 2068–2069)") in r.output
    assert "catalogue says (not from the book): PySolFC #2 Klondike: type: a Klondike-type game" in r.output
    data = export_json(conn, ["004-024", "004-023"])
    validate_export(data)
    klondike = next(g for g in data["games"] if g["id"] == "004-024")
    assert {(f["catalogue"], f["field"], f["status"]) for f in klondike["catalogue"]} >= {
        ("PySolFC", "stock.redeals", "disagrees"), ("Solvitaire", "stock.deal", "disagrees"),
        ("PySolFC", "deck.packs", "agrees")}


def test_show_counts_each_agreed_fact_once_and_lists_every_one():
    """Two catalogues agreeing on one fact are one fact, said with both names (`show 004-004` said
    «agree on 9 fact(s)» and listed 8)."""
    from pasyans.kb.witness import show_lines

    row = {"status": "agrees", "book_value": 1, "lines": None, "quote": "", "ref": "", "said": "", "entry": ""}
    lines = show_lines([{**row, "catalogue": "PySolFC", "field": "deck.packs"},
                        {**row, "catalogue": "Solvitaire", "field": "deck.packs"},
                        {**row, "catalogue": "Solvitaire", "field": "tableau.move"}])
    assert lines == ["catalogues agree with the book on 2 fact(s): deck.packs (PySolFC, Solvitaire), tableau.move"]
