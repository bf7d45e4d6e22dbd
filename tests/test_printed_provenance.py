"""Provenance as printed (TESTER7 #10, TESTER8 TOP 10 #10): for a pre-1918 text the JSON export's quotes
and moves' ``raw``, `verify` (moves, reasons, --unparsed) and every «inherited from» row of `show --rules`
quote the text as printed, never modernised; a game's number on its title («II. ПАСЬЯНСЪ …») is no
numbered rule («missing-rule: the numbered rules begin at II» was said of it)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pasyans.add import add_texts
from pasyans.cli import app
from pasyans.pipeline import build

from .conftest import FIXTURES

TEXT = FIXTURES / "texts" / "ru_pre1918_numbered.txt"   # my own words: two numbered games, the second «Какъ предыдущій»


@pytest.fixture(scope="module")
def old_db(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("old")
    add_texts([TEXT], tmp / "c", empty=True)
    build(tmp / "c", tmp / "c.db", jobs=1)
    return str(tmp / "c.db")


def _run(*args):
    r = CliRunner().invoke(app, list(args))
    assert r.exit_code == 0, r.output
    return r.output


def test_json_export_quotes_and_moves_as_printed(old_db):
    games = {g["id"]: g for g in json.loads(_run("export", "--db", old_db))["games"]}
    fort, tower = games["000-1"], games["000-2"]
    assert fort["rules"]["deck"]["packs"]["quote"] == "Берутъ одну колоду въ пятьдесятъ двѣ карты."
    assert fort["rules"]["tableau"]["build_suit"]["quote"] == "Въ рядахъ кладутъ карту на старшую на единицу той же масти."
    [move] = fort["examples"][0]["moves"]
    assert move["raw"] == "даму пикъ кладутъ на короля пикъ" and move["lines"] == [7, 7]
    assert fort["examples"][0]["text"] == "Напримѣръ: даму пикъ кладутъ на короля пикъ."
    packs = tower["rules"]["deck"]["packs"]
    assert packs["status"] == "inherited" and packs["quote"] == "Берутъ одну колоду въ пятьдесятъ двѣ карты."
    assert "(«Какъ предыдущій, но ряды раскладываютъ по четыре карты.», line 11)" in packs["ref"]


def test_show_rules_inherited_rows_quote_the_reference_as_printed(old_db):
    out = " ".join(_run("show", "000-2", "--rules", "--db", old_db).split())
    assert "«Какъ предыдущій, но ряды раскладываютъ по четыре карты.», line 11)" in out.replace("│ ", "").replace(" │", "")
    assert "Как предыдущий" not in out


def test_verify_and_unparsed_quote_as_printed(old_db):
    out = _run("verify", "--db", old_db)
    assert "даму пикъ кладутъ на короля пикъ" in out
    assert "«Въ рядахъ кладутъ карту на старшую на единицу той же масти.»" in out and "В рядах" not in out
    unparsed = _run("verify", "--unparsed", "--db", old_db)
    assert "000:14-14  000-2" in unparsed and "«Карты изъ рядовъ перекладываютъ осторожно.»" in unparsed
    [f] = json.loads(_run("verify", "--unparsed", "--json", "--db", old_db))
    assert f["token"] == "Карты изъ рядовъ перекладываютъ осторожно."
    # «Въ пустой рядъ карты не кладутъ …» is read (spaces not filled), quoted as printed
    rules = " ".join(_run("show", "000-2", "--rules", "--db", old_db).split())
    assert "«Въ пустой рядъ карты не кладутъ до конца игры.»" in rules


def test_show_export_and_the_game_page_quote_a_reason_as_printed(old_db):
    """T11: `verify` quoted a reason's sentence as printed, but `show`, the JSON export and the game's page
    (the HTML and Markdown pages) quoted it modernised («В рядах кладут …»)."""
    from pasyans.kb.present import game_view
    from pasyans.kb.query import connect

    printed = "«Въ рядахъ кладутъ карту на старшую на единицу той же масти.»"
    shown = [ln for ln in _run("show", "000-1", "--db", old_db).splitlines() if "KS" in ln]
    assert len(shown) == 1 and shown[0].endswith(printed)
    [move] = json.loads(_run("export", "--db", old_db))["games"][0]["examples"][0]["moves"]
    assert move["reason"].endswith(printed)
    [move] = game_view(connect(old_db), "000-1")["examples"][0]["moves"]
    assert move["reason"].endswith(printed) and "В рядах" not in move["reason"]


def test_a_game_number_on_its_title_is_no_numbered_rule(old_db):
    import sqlite3

    conn = sqlite3.connect(old_db)
    assert conn.execute("SELECT count(*) FROM findings WHERE kind = 'missing-rule'").fetchone()[0] == 0
    assert [r[0] for r in conn.execute("SELECT name FROM games ORDER BY id")] == ["Крепость", "Башня"]


def test_a_footnote_mark_in_a_markdown_cell_starts_no_bold():
    """TESTER8: «Восемь тузовъ кладутъ звѣздою**) …» in a rules table broke the bold of the cells after it."""
    from pasyans.kb.pages import _md

    assert _md("Восемь тузовъ кладутъ звѣздою**) и строятъ") == "Восемь тузовъ кладутъ звѣздою\\*\\*) и строятъ"
    assert _md("a | b") == "a \\| b"
