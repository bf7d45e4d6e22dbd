"""`pasyans show GAME --source`: cleaned text with raw line numbers (pasyans.kb.source_view),
the ``text_map`` and ``terms`` tables, on a knowledge base written from the real corpus."""

from __future__ import annotations

import itertools
import shutil
import sqlite3

import pytest
import sqlite_utils
from typer.testing import CliRunner

from pasyans.cli import app
from pasyans.extract.text import MappedText
from pasyans.kb.query import KBError
from pasyans.kb.source_view import (
    line_of_chars,
    render_source,
    source_view,
    source_view_of,
    text_map_rows,
    write_text_map,
)
from pasyans.kb.store import write_kb


@pytest.fixture(scope="module")
def segs(segmented):
    return segmented


@pytest.fixture(scope="module")
def book(book_seg):
    return book_seg


@pytest.fixture(scope="module")
def db(tmp_path_factory, corpus, segs, book):
    """A knowledge base written with every game's MappedText and the book's glossary."""
    path = tmp_path_factory.mktemp("kbmap") / "pasyans.db"
    games = [g for s in segs.values() for g in s.games]
    texts = {k: mt for s in segs.values() for k, mt in s.game_texts.items()}
    findings = [f for s in segs.values() for f in s.findings]
    write_kb(path, list(corpus.values()), games, findings, game_texts=texts, terms=book.glossary())
    return path


@pytest.fixture(scope="module")
def conn(db):
    c = sqlite3.connect(db)
    yield c
    c.close()


def _game(segs, sid, name):
    return next(g for g in segs[sid].games if g.name == name)


# -- the map rows ------------------------------------------------------------------------------

def test_map_rows_cover_the_text_and_point_at_their_raw_line(segs, corpus):
    g = _game(segs, "004", "Аккордеон")
    mt = segs["004"].game_texts[g.key]
    rows = text_map_rows(g.key, mt)
    assert rows[0]["start"] == 0 and rows[-1]["end"] == len(mt.text)
    assert all(a["end"] == b["start"] for a, b in zip(rows, rows[1:]))
    for r in rows:
        for i in range(r["start"], r["end"]):
            if i not in mt.inserted:
                assert corpus["004"].line(r["line"])[mt.col[i]] == mt.text[i]
    # the reading order: «КАК ИГРАТЬ» (307) is read before the column printed above it (284)
    lines = [r["line"] for r in rows]
    assert lines.index(307) < lines.index(284) < lines.index(295)
    assert line_of_chars(mt.text, [(r["start"], r["end"], r["line"]) for r in rows]) == mt.line
    with pytest.raises(ValueError):
        line_of_chars(mt.text, [(r["start"], r["end"], r["line"]) for r in rows[1:]])


def test_render_cuts_at_words_and_marks_sections():
    raw = ["«Игра»", "Если выстраивается длинная вере-", "ница карт."]
    mt = MappedText.concat([MappedText.from_lines([raw[0]], 10),
                            MappedText.from_lines(["Если выстраивается длинная вереница карт."], 11)])
    mt.line[mt.text.index("ница"):] = [12] * len(mt.text[mt.text.index("ница"):])
    from pasyans.kb.source_view import SectionMark

    out = render_source(mt.text, mt.line, [SectionMark("intro", None, 10, 10), SectionMark("rules", "КАК ИГРАТЬ", 11, 12)])
    assert out.splitlines() == [
        "       ── intro, lines 10–10 ──",
        "    10 │ «Игра»",
        "       ── rules «КАК ИГРАТЬ», lines 11–12 ──",
        "    11 │ Если выстраивается длинная вереница",  # the joined word stays on the line it starts on
        "    12 │ карт.",
    ]


# -- show --source on the knowledge base, one game of each text --------------------------------

def test_book_game_cleaned_with_raw_line_numbers(conn):
    out = source_view(conn, "004-001").splitlines()
    assert out[0] == "004-001  Аккордеон  — cleaned text, raw lines of 004_360953384efa1cd0.txt"
    assert [s.strip() for s in out if "──" in s] == [
        "── intro «Аккордеон», lines 283–283 ──", "── rules «КАК ИГРАТЬ», lines 307–328 ──",
        "── rules «КАК ИГРАТЬ», lines 284–294 ──", "── example «На примере расклада:», lines 295–306 ──"]
    assert "   284 │ Если выстраивается длинная вереница" in out  # «вере-/ница» joined
    assert out.index("   307 │ КАК ИГРАТЬ") < out.index("   284 │ Если выстраивается длинная вереница")
    assert "   297 │ быть помещена на ♠6, ее, в свою очередь," in out
    cards = [s for s in out if "♣Д" in s]
    assert [s.split("│")[0].strip() for s in cards] == ["298", "299", "305"]


def test_book_game_with_lost_spaces_and_page_break(conn):
    out = source_view(conn, "004-007").splitlines()  # «Блокирующие 11»: «восьмерокина», «атакжена»
    assert out[out.index("   796 │ карт из колоды на одну из восьмерок") + 1] == "   797 │ и на ♦3, а также на ♠9 и ♦2."
    out = source_view(conn, "004-021").splitlines()  # «Гольф»: its example goes on past page 36's furniture
    assert [s.strip() for s in out if "──" in s][-1] == "── example «На примере расклада:», lines 1775–1802 ──"
    assert out[-1].startswith("  1802 │")


def test_ukrainian_article(conn):
    out = source_view(conn, "000-2").splitlines()
    assert out[0].startswith("000-2  Паганіні")
    assert "       ── numbered-rule «5», lines 24–24 ──" in out
    assert any(s.startswith("    24 │ Правило 5. Вилучають з розкладки одного, довільно обраного туза") for s in out)


def test_russian_articles(conn):
    out = source_view(conn, "001-2").splitlines()
    assert out[0].startswith("001-2  Персидский пасьянс")
    assert any(s.startswith("     3 │ Называется также «безик».") for s in out)
    out = source_view(conn, "003-1").splitlines()
    assert "     7 │ Пасьянс \"Ручеек\"" in out
    assert "       ── example «пример», lines 9–13 ──" in out


def test_pre_reform_article_as_printed(conn, corpus):
    out = source_view(conn, "002-2").splitlines()  # «ЧЕТЫРЕ УГЛА»
    assert "as printed" in out[0] and "modern spelling" not in out[0]
    assert any(s.startswith("    21 │ ЧЕТЫРЕ УГЛА") for s in out)
    assert corpus["002"].line(23).startswith("ДВђ ПОЛНЫХЪ КОЛОДЫ")
    assert any(s.startswith("    23 │ ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.") for s in out)
    i = next(k for k, s in enumerate(out) if s.startswith("    27 │"))  # rule I, wrapped on ┆ lines
    block = [out[i][9:]] + [s[9:] for s in itertools.takewhile(lambda s: s.startswith("       ┆ "), out[i + 1:])]
    assert " ".join(block) == corpus["002"].line(27).strip()  # every word as the scan prints it


def test_unknown_game_and_missing_map(conn):
    with pytest.raises(KBError):
        source_view(conn, "004-999")


def test_cli_show_source(db, tmp_path):
    r = CliRunner().invoke(app, ["show", "004-001", "--source", "--db", str(db)])
    assert r.exit_code == 0, r.output
    assert "   284 │ Если выстраивается длинная вереница" in r.output
    assert "── example «На примере расклада:», lines 295–306 ──" in r.output
    # a knowledge base without the map for this game: the raw lines, said so
    old = tmp_path / "old.db"
    shutil.copy(db, old)
    c = sqlite3.connect(old)
    c.execute("DELETE FROM text_map WHERE game = '004-001'")
    c.commit()
    c.close()
    r = CliRunner().invoke(app, ["show", "004-001", "--source", "--db", str(old)])
    assert r.exit_code == 0, r.output
    assert "no text map for this game" in r.output
    assert "   284 | Если выстраивается длинная вере-" in r.output


# -- what the store writes ---------------------------------------------------------------------

def test_every_game_has_its_map(conn):
    games = conn.execute("SELECT id, length(text) FROM games").fetchall()
    ends = dict(conn.execute('SELECT game, max("end") FROM text_map GROUP BY game').fetchall())
    assert len(games) == 131
    assert all(ends.get(g) == n for g, n in games if n)
    assert conn.execute("SELECT count(*) FROM findings WHERE kind IN ('no-text-map', 'text-map-mismatch')").fetchone()[0] == 0


def test_terms_table(conn):
    assert conn.execute("SELECT count(*) FROM terms").fetchone()[0] == 32
    assert conn.execute("SELECT definition, source, first_line, last_line, kind FROM terms WHERE term = 'Пробел'").fetchone() == (
        "не занятое место в раскладе.", "004", 8539, 8539, "term")
    assert conn.execute("SELECT term, definition FROM terms WHERE kind = 'abbreviation' ORDER BY id").fetchall() == [
        ("Т", "туз"), ("К", "король"), ("Д", "дама"), ("В", "валет")]
    assert conn.execute("SELECT printed FROM terms WHERE term = 'Картинки'").fetchone() == ("«Картинки»",)


def test_games_without_a_good_map_become_findings(segs):
    db = sqlite_utils.Database(memory=True)
    db["games"].create({"id": str}, pk="id")
    g1, g2, g3 = segs["001"].games[:3]
    texts = {g1.key: segs["001"].game_texts[g1.key], g2.key: MappedText("другой текст", [1] * 12, list(range(12)))}
    problems = write_text_map(db, [g1, g2, g3], texts)
    assert [(p["game"], p["kind"]) for p in problems] == [(g2.key, "text-map-mismatch"), (g3.key, "no-text-map")]
    assert {r["game"] for r in db["text_map"].rows} == {g1.key}


def test_in_memory_view_equals_the_stored_one(conn, segs):
    g = _game(segs, "004", "Расчет")
    mine = source_view_of(g, segs["004"].game_texts[g.key]).splitlines()
    stored = source_view(conn, g.key).splitlines()
    assert mine[1:] == stored[1:]
    assert "       ── example «Положим», lines 864–883 ──" in stored
    with pytest.raises(ValueError):
        source_view_of(g, MappedText("x", [1], [0]))
