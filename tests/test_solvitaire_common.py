"""Solvitaire files for the common games (TESTER8 TOP 10 #8: «Паук» and «Сорок разбойников», both with a
Solvitaire preset, gave no file): the exporter's own modelling no longer blocks them, and `export --format
solvitaire` says in one line per game with a preset why no file is written."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from pasyans.add import add_texts
from pasyans.cli import app
from pasyans.kb.export import export_solvitaire
from pasyans.kb.solvitaire import NotExpressible, export_game
from pasyans.kb.solvitaire_format import preset_for
from pasyans.pipeline import build

from .conftest import FIXTURES

TEXT = FIXTURES / "texts" / "sv_common_ru.txt"


@pytest.fixture(scope="module")
def common_kb(tmp_path_factory):
    """A knowledge base of the two-game text sv_common_ru.txt (my own words: «Паук», «Сорок разбойников»)."""
    tmp = tmp_path_factory.mktemp("svc")
    add_texts([TEXT], tmp / "c", empty=True)
    build(tmp / "c", tmp / "c.db", jobs=1)
    conn = sqlite3.connect(tmp / "c.db")
    conn.row_factory = sqlite3.Row
    yield conn, tmp
    conn.close()


def _game(conn, name):
    row = conn.execute("SELECT id, rules FROM games WHERE name = ?", (name,)).fetchone()
    cross = conn.execute("SELECT * FROM crosswalk WHERE game = ?", (row["id"],)).fetchone()
    return json.loads(row["rules"]), preset_for(dict(cross) if cross else None)


def test_spider_whose_complete_runs_leave_play_is_solvitaires_spider(common_kb):
    """«Готовую последовательность от короля до туза одной масти убирают из игры» is read as foundations
    from the king built down taking complete runs only; such a run ends on Solvitaire's foundation from the
    ace up as the same cards, so the file is written, as the preset «spider» plays, key for key."""
    rules, preset = _game(common_kb[0], "Паук")
    assert (rules["foundations"]["base"]["value"], rules["foundations"]["direction"]["value"],
            rules["foundations"]["complete_sequences"]["value"]) == ("K", "down", True)
    result = export_game(rules, preset)
    assert preset.name == "spider" and result.differences == []
    assert result.rules["foundations"]["base card"] == "A"
    note = result.note("foundations.base card")
    assert note.basis == "book" and note.evidence[0].quote == ("Готовую последовательность от короля до туза одной "
                                                               "масти убирают из игры.")
    size = result.note("stock.size")  # «Оставшиеся 50 карт образуют прикуп» agrees with the deal: 104 − 54
    assert result.rules["stock"]["size"] == 50 and "stock.cards" in [e.path for e in size.evidence]


def test_forty_thieves_of_two_packs_takes_the_pack_from_its_preset(common_kb):
    """«Нужны две колоды» gives the packs, not the cards of one: the same game's preset plays 52 (a note
    says the value is the preset's, not the book's), so the stock is 104 − 40 = 64."""
    rules, preset = _game(common_kb[0], "Сорок разбойников")
    assert rules["deck"]["cards_per_pack"]["status"] == "unknown"
    result = export_game(rules, preset)
    assert preset.name == "forty-thieves" and result.differences == []
    assert result.rules["max rank"] == 13 and result.note("max rank").basis == "preset"
    assert result.rules["stock"]["size"] == 64
    with pytest.raises(NotExpressible) as e:  # without a preset the pack stays unknown: no guess
        export_game(rules, None)
    assert [o.fields for o in e.value.obstacles] == [("deck.cards_per_pack",)]


def test_a_stock_the_text_counts_otherwise_than_the_deal_blocks(common_kb):
    rules, preset = _game(common_kb[0], "Паук")
    rules["stock"]["cards"]["value"] = 40
    with pytest.raises(NotExpressible) as e:
        export_game(rules, preset)
    [o] = e.value.obstacles
    assert o.fields[0] == "stock.cards" and "leaves 40 cards in the stock, the deal as read 50" in o.text
    assert o.quote == "Оставшиеся 50 карт образуют прикуп."


def test_export_names_each_common_game_it_writes_no_file_for(built_kb, tmp_path):
    """One line per refused game with a Solvitaire preset: the first obstacle, its field, value and quote."""
    out = tmp_path / "sv"
    r = CliRunner().invoke(app, ["export", "--format", "solvitaire", "--out", str(out), "--db", str(built_kb[0])])
    assert r.exit_code == 0, r.output
    lines = [ln for ln in r.output.splitlines() if ln.startswith("no file for ")]
    spider = next(ln for ln in lines if ln.startswith("no file for 004-095 «Паук» (Solvitaire preset «spider»): "))
    assert "stock.deal_when = no-spaces («После того как все возможные ходы сделаны" in spider
    assert "lines 8093–8097" in spider and len(spider) < 400
    refused = json.loads((out / "not-expressible.json").read_text("utf-8"))
    assert len(lines) == sum("preset" in g for g in refused.values())
    assert refused["004-095"]["preset"] == "spider"


def test_the_two_common_games_are_written(common_kb):
    conn, tmp = common_kb
    written, refused = export_solvitaire(conn, tmp / "sv")
    assert len(written) == 2 and refused == {}
