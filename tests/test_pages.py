"""The readable views (kb/present.py, kb/printed.py) and the pages made from them: the Markdown
and HTML exports an editor uses, the JSON export's English and catalogue names."""

from __future__ import annotations

import re

from markupsafe import escape as html_escape

import pytest
from typer.testing import CliRunner

from pasyans.cli import app
from pasyans.kb import present
from pasyans.kb.export import export_json, validate_export
from pasyans.kb.names import fold
from pasyans.kb.pages import game_html, game_markdown
from pasyans.kb.printed import Printed, _pairs, locate


@pytest.fixture(scope="module")
def pages(built_kb, tmp_path_factory):
    """The Markdown and HTML exports of the knowledge base: (folder of .md, folder of .html)."""
    db, _ = built_kb
    out = tmp_path_factory.mktemp("pages")
    runner = CliRunner()
    for fmt in ("markdown", "html"):
        r = runner.invoke(app, ["export", "--format", fmt, "--out", str(out / fmt), "--db", str(db)])
        assert r.exit_code == 0, r.output
    return out / "markdown", out / "html"


# -- cards ----------------------------------------------------------------------------------------

def test_cards_in_the_readers_convention():
    assert present.card_text("QH", "ru") == "Д♥" and present.card_text("QH", "en") == "♥Q"
    assert present.card_text("AC", "ru") == "Т♣" and present.card_text("TD", "en") == "♦10"
    assert present.card_text("7", "ru") == "7" and present.card_text("foundation") == "foundation"
    assert present.card_text("row:6") == "row 6" and present.card_color("KD") == "red"
    assert present.card_color("KS") == "black" and present.card_color("K") is None


# -- pre-1918 spelling as printed -----------------------------------------------------------------

def test_words_of_a_run_pair_up_between_modern_and_printed():
    pairs = _pairs("Основные карты восемь тузов", "Основныя карты восемь тузовъ")
    assert [(m, p) for m, p in pairs if m != p] == [("Основные", "Основныя"), ("тузов", "тузовъ")]
    assert _pairs("две колоды", "двђ колоды карт") is None       # a word more: not the same run
    assert locate("a  b\nc d", "b c") == (3, 6) and locate("abc", "x") is None


def test_a_pre_1918_game_is_given_as_printed(kb, corpus):
    pr = Printed(kb, "002-1")
    assert not pr.modern_source and pr.has_raw
    whole = pr.span()
    assert whole.exact and whole.text.startswith("II. Основныя карты восемь тузовъ не должны быть выбираемы тотчасъ-же.")
    assert corpus["002"].line(3).strip() in whole.text and whole.modern == pr.text
    q = pr.quote("Масти не соблюдаются.")
    assert q.exact and q.text == "Масти не соблюдаются."
    part = pr.quote("Восемь тузов будут составлять основные карты")
    assert part.text == "Восемь тузовъ будутъ составлять основныя карты"
    assert ("тузовъ", "тузов") in [(p.text, p.modern) for p in part.pieces]


def test_a_modern_source_is_its_cleaned_text(kb):
    pr = Printed(kb, "004-004")
    assert pr.modern_source and pr.span(0, 21).text == pr.text[:21]


# -- the view -------------------------------------------------------------------------------------

def test_game_view_of_the_beleaguered_castle(kb):
    v = present.game_view(kb, "004-004")
    assert v["title"] == "Осажденная крепость" and v["english"] == ["Beleaguered Castle"]
    assert {a["name"] for a in v["aliases"]} == {"Осада", "Условная битва"}
    assert v["crosswalk"]["pysol_id"] == 34
    rows = {r["path"]: r for r in v["rules"]["rows"]}
    assert rows["layout.tableau_piles"]["value"] == "8" and rows["layout.tableau_piles"]["lines"] == [554, 556]
    assert rows["tableau.build_suit"]["value"] == "any suit"
    assert rows["foundations.suit"]["same"]              # the sentence of the row before, said once
    assert "layout.face" in [p for p, _l, _r in v["rules"]["unknown"]]
    assert v["unknown"].count("\n") == 0 and v["unknown"].startswith("Unknown — not stated in the text (14 fields)")
    moves = v["examples"][0]["moves"]
    assert len(moves) == 18 and moves[2]["raw_span"].text == "♦4 — ♦5" and moves[2]["verdict"] == "legal"
    assert v["text"][0] == {"line": 524, "span": v["text"][0]["span"], "section": "intro «Осажденная крепость», lines 524–527"}


def test_game_view_of_a_pre_1918_game_keeps_the_printed_title_and_quotes(kb):
    v = present.game_view(kb, "002-1")
    assert v["title"] == "Салическій законъ" and v["game"]["name"] == "Салический закон"
    quotes = [r["quote"].text for r in v["rules"]["rows"] if r["quote"]]
    assert quotes and any("тузовъ" in q for q in quotes)
    assert all(r["quote"].exact for r in v["rules"]["rows"] if r["quote"])


def test_find_takes_an_id_and_resolve_names_the_nearest(kb):
    first = present.find_games(kb, "004-004")[0]
    assert (first.game, first.why, first.score) == ("004-004", "game id", 1.0)
    assert present.resolve(kb, "Осада") == ("004-004", [])
    gid, near = present.resolve(kb, "Паганини")          # two texts' Paganini: a tie, both offered
    assert gid is None and {m.game for m in near[:2]} == {"000-2", "004-079"}


def test_game_list_by_source_and_family(kb):
    groups = present.game_list(kb)
    assert [g["source"]["id"] for g in groups] == ["000", "001", "002", "003", "004"]
    paganini = groups[0]["games"]
    assert paganini[0]["id"] == "000-2" and paganini[0]["depth"] == 0
    assert {g["id"] for g in paganini if g["depth"] == 1} == {"000-1", "000-3", "000-4", "000-5", "000-6", "000-7"}


# -- the exports ----------------------------------------------------------------------------------

def test_markdown_page_of_golf(kb):
    page = game_markdown(kb, "004-021")
    assert page.startswith("# Гольф (004-021)\n")
    assert "lines 1730–1781, 1800–1802, page 36" in page
    assert "- English: Golf" in page and "- PySolFC #36 «Golf»" in page
    assert ("| Waste | build direction | **up or down** | (the same sentence) | lines 1743–1747 |") in page
    assert "| Deck | packs | **1** | «ИГРЫ ОДНОЙ КОЛОДОЙ» — inherited from book section label" in page
    assert "### Special rules" in page and "\n  1734 │ Выкладываются в ряд семь открытых\n" in page
    unknown = [line for line in page.splitlines() if "unknown" in line.lower()]
    assert len(unknown) == 1 and "layout.cells" in unknown[0]


def test_markdown_shows_conflicts_and_numbered_rules(kb):
    page = game_markdown(kb, "004-087")       # spaces not filled, and filled from the reserve later on
    assert "### Conflicts in the text" in page and "- **tableau.space**: «Пробелы не заполняются." in page
    page0 = game_markdown(kb, "000-5")
    assert "Numbered rules used: 10, 2, 3, 4, 7." in page0
    assert "| Foundations | base card | **A** | «Мета пасьянсу" in page0 and "inherited from 000 Правило 3" in page0
    assert "- **paganini-windows**:" in page0


def test_every_move_of_the_corpus_is_on_its_page_with_its_verdict(kb, pages):
    md, _html = pages
    texts = {p.stem: [fold(line) for line in p.read_text("utf-8").splitlines()] for p in md.glob("*.md")}
    missing = [(g, raw) for g, raw, verdict in kb.execute("SELECT game, raw, verdict FROM moves")
               if not any(fold(raw) in line and f" {verdict} " in f" {line} " for line in texts[g])]
    assert missing == []
    rules = {g: p.read_text("utf-8").split("\n## Rules")[1].split("\n## ")[0] for p in md.glob("*.md")
             if (g := p.stem) != "index"}
    over = [g for g, part in rules.items() if sum("unknown" in line.lower() for line in part.splitlines()) > 3]
    assert over == []
    index = (md / "index.md").read_text("utf-8")
    assert "- [Осажденная крепость](004-004.md) (004-004) — Beleaguered Castle, 18 moves" in index


def test_pre_1918_text_as_printed_in_the_exports(pages, corpus):
    md, html = pages
    page = (md / "002-1.md").read_text("utf-8")
    assert page.startswith("# Салическій законъ (002-1)")
    assert "     3 │ II. Основныя карты восемь тузовъ не должны быть выбираемы тотчасъ-же." in page
    h = (html / "002-1.html").read_text("utf-8")
    assert '<span class="old" title="modern: тузов">тузовъ</span>' in h


def test_html_pages_stand_alone_and_print(pages, kb):
    _md, html = pages
    h = (html / "004-004.html").read_text("utf-8")
    assert h.startswith("<!DOCTYPE html>") and "<style>" in h and "@media print" in h
    assert 'href="/-/' not in h and 'src="' not in h           # no server needed
    assert '<a class="game" href="004-079.html">' in (html / "000-2.html").read_text("utf-8")
    reason, = kb.execute("SELECT reason FROM moves WHERE id = '004-004/ex1/m3'").fetchone()
    assert '<span class="card red">4♦</span>' in h and str(html_escape(reason)) in h
    assert (html / "index.html").read_text("utf-8").count('class="game"') >= 2 * 131


def test_json_export_has_english_and_catalogue_names(kb):
    data = export_json(kb)
    validate_export(data)
    castle = next(g for g in data["games"] if g["id"] == "004-004")
    assert castle["english"] == ["Beleaguered Castle"]
    assert castle["catalogue_entry"]["pysol_id"] == 34 and castle["catalogue_entry"]["kpat"] == "Beleaguered Castle"
    assert {"name": "Осаждённый замок", "kind": "catalogue", "language": "ru",
            "source": "PySolFC #34 Beleaguered Castle"} in castle["catalogue_entry"]["names"]


def test_html_page_escapes_what_it_shows(kb):
    html = game_html(kb, "004-004")
    assert re.search(r"<q class=\"quote\">.*«Осажденная крепость», игру также называют", html)
    assert "<script" not in html
