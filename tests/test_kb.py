"""The knowledge base built from the real corpus: games, names, examples, verdicts, export."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pasyans.cli import app
from pasyans.kb.export import export_json, validate_export
from pasyans.kb.names import find, fold


def test_every_source_has_games_and_the_book_has_its_99_contents_entries(built_kb, kb):
    _db, summary = built_kb
    assert summary.games_per_source["004"] == 99
    n = kb.execute("SELECT count(*) FROM games WHERE source = '004' AND variant_of IS NULL").fetchone()[0]
    assert n == 99
    for sid in ("000", "001", "002", "003"):
        assert summary.games_per_source.get(sid, 0) + summary.variants_per_source.get(sid, 0) > 0


def test_variants_keep_their_parent(kb):
    rows = dict(kb.execute("SELECT g.name, p.name FROM games g JOIN games p ON p.id = g.variant_of").fetchall())
    assert rows["Джокерный Клондайк"] == "Клондайк"
    assert rows["килим"] == "Паганіні"


def test_fold_handles_case_yo_and_old_spelling():
    assert fold("Салическій законъ") == "салический закон"
    assert fold("«Осаждённая крепость»") == "осажденная крепость"


def test_find_osada_puts_the_besieged_fortress_first(kb):
    found = find(kb, "Осада")
    assert found[0].name == "Осажденная крепость" and found[0].source == "004"
    assert "alias" in found[0].why


def test_find_inflected_form(kb):
    found = find(kb, "осаждённой крепости")
    assert found[0].name == "Осажденная крепость"
    assert "inflected" in found[0].why


def test_find_cli_json_contract(built_kb):
    db, _ = built_kb
    r = CliRunner().invoke(app, ["find", "безик", "--json", "--db", str(db)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data[0]["name"] == "Персидский пасьянс" and data[0]["source"] == "001"
    assert {"id", "name", "source", "lines", "why"} <= set(data[0])


def test_kilim_example_replays_move_by_move_all_legal(kb):
    layout = kb.execute("SELECT e.layout, e.layout_first_line FROM examples e JOIN games g ON g.id = e.game "
                        "WHERE g.name = 'килим' AND e.layout_first_line IS NOT NULL").fetchone()
    rows = json.loads(layout[0])
    assert layout[1] == 7 and len(rows) == 8 and all(len(r) == 14 for r in rows)
    assert rows[0][3] == "9D"  # printed «T9»: the later moves «Б91 - Б82», «ЧК1 - ЧД1» need Б9 there
    moves = kb.execute(
        "SELECT m.raw, m.card, m.to_row, m.verdict, m.first_line FROM moves m JOIN examples e ON e.id = m.example "
        "JOIN games g ON g.id = m.game WHERE g.name = 'килим' AND e.layout_first_line = 7 ORDER BY m.n").fetchall()
    assert len(moves) == 7
    assert moves[0][:3] == ("Б53 - Б47", "5D", 7) and moves[0][4] == 21
    assert all(v == "legal" for *_rest, v, _line in moves)


def test_paganini_example_finds_the_misprinted_fourteenth_move(kb):
    moves = kb.execute("SELECT m.raw, m.verdict, m.detail FROM moves m JOIN games g ON g.id = m.game "
                       "WHERE g.name = 'Паганіні' ORDER BY m.n").fetchall()
    assert len(moves) == 14
    assert [v for _r, v, _w in moves[:13]] == ["legal"] * 13
    raw, verdict, detail = moves[13]
    assert (raw, verdict) == ("ТД2 - ТВ5", "illegal") and json.loads(detail)["context"]["proposed"] == "ТД5 - ТВ3"


def test_every_move_has_a_verdict_and_a_reason(kb):
    bad = kb.execute("SELECT id FROM moves WHERE verdict NOT IN ('legal','illegal','unverifiable') "
                     "OR reason IS NULL OR reason = ''").fetchall()
    assert bad == []


def test_export_validates_against_the_contract(kb):
    data = export_json(kb)
    validate_export(data)
    fortress = next(g for g in data["games"] if g["name"] == "Осажденная крепость")
    assert {a["name"] for a in fortress["aliases"]} >= {"Осада", "Условная битва"}
    assert fortress["examples"] and fortress["examples"][0]["lines"][0] == 557


def test_cli_show_and_verify(built_kb):
    db, _ = built_kb
    runner = CliRunner()
    r = runner.invoke(app, ["show", "Осада", "--db", str(db)])
    assert r.exit_code == 0, r.output
    assert "Осажденная крепость" in r.output and "Условная битва" in r.output
    r = runner.invoke(app, ["verify", "килим", "--db", str(db)])
    assert r.exit_code == 0, r.output
    assert "Б53 - Б47" in r.output and "legal" in r.output


def test_nonsense_finds_nothing_and_an_ambiguous_name_is_not_guessed(built_kb, kb):
    assert find(kb, "аааа") == [] and find(kb, "ыыыы") == []
    db, _ = built_kb
    r = CliRunner().invoke(app, ["show", "Пасьянс", "--db", str(db)])
    assert r.exit_code == 1 and "no game matches 'Пасьянс' closely" in r.output and "Персидский пасьянс" in r.output


def test_errata_leaves_out_moves_the_book_itself_forbids(built_kb, kb):
    db, _ = built_kb
    prohibited = kb.execute("SELECT raw FROM moves WHERE flags LIKE '%prohibited%' AND verdict = 'illegal'").fetchall()
    assert prohibited, "the book's «нельзя» moves come out illegal"
    r = CliRunner().invoke(app, ["verify", "--errata", "--db", str(db)])
    assert r.exit_code == 0
    for (raw,) in prohibited:
        assert raw[:40] not in r.output


def test_rule_nine_illustration_is_checked_against_the_printed_layout(kb):
    """000 line 34: «У вікно четвертого ряду можна перекласти або П8, або Т7» — П8 by rule 4
    (right of П7), Т7 by rule 9 (left of Т8), both from the layout printed at lines 7–14."""
    rows = kb.execute("SELECT m.card, m.\"to\", m.verdict, m.rule FROM moves m WHERE m.first_line = 34 "
                      "AND m.game LIKE '000-%' ORDER BY m.n").fetchall()
    assert rows == [("8S", "space", "legal", "rule 4"), ("7C", "space", "legal", "rule 9")]


def test_export_out_errors_are_one_line(built_kb, tmp_path):
    db, _ = built_kb
    runner = CliRunner()
    a_file = tmp_path / "a_file"
    a_file.write_text("x")
    cases = [
        (["export", "--format", "json", "--out", str(tmp_path)], "is a folder"),
        (["export", "--format", "json", "--out", str(tmp_path / "missing" / "x.json")], "no such folder"),
        (["export", "--format", "markdown", "--out", str(a_file)], "exists and is not a folder"),
        (["export", "--format", "solvitaire"], "give --out DIR"),
    ]
    for args, says in cases:
        r = runner.invoke(app, [*args, "--db", str(db)])
        assert r.exit_code == 1 and says in r.output and len(r.output.strip().splitlines()) == 1, r.output


def test_markdown_and_solvitaire_exports_write_real_pages(built_kb, tmp_path):
    db, _ = built_kb
    runner = CliRunner()
    r = runner.invoke(app, ["export", "--format", "markdown", "--out", str(tmp_path / "md"), "--db", str(db)])
    assert r.exit_code == 0, r.output
    page = (tmp_path / "md" / "004-004.md").read_text("utf-8")
    assert page.startswith("# Осажденная крепость (004-004)") and "lines 529–531" in page
    r = runner.invoke(app, ["export", "--format", "solvitaire", "--out", str(tmp_path / "sv"), "--db", str(db)])
    assert r.exit_code == 0, r.output
    castle = json.loads((tmp_path / "sv" / "004-004.json").read_text("utf-8"))
    assert castle["tableau piles"]["count"] == 8
    refused = json.loads((tmp_path / "sv" / "not-expressible.json").read_text("utf-8"))
    assert refused and all(reasons for reasons in refused.values())


def test_direction_pile_and_source_place_are_stored_exported_and_shown(built_kb, kb):
    """«а ♠5 и ♦8 сдвигаются влево» (004-064, line 5412) names a direction, not a place; «а ♥9 — в
    середину колонки» (004-040, line 3312) a pile by position: the KB keeps both, the export and
    ``verify`` show them."""
    rows = kb.execute("SELECT card, \"to\", direction FROM moves WHERE game = '004-064' AND first_line = 5412 "
                      "AND direction IS NOT NULL ORDER BY n").fetchall()
    assert rows == [("5S", None, "left"), ("8D", None, "left")]
    assert kb.execute("SELECT \"to\", to_pile FROM moves WHERE game = '004-040' AND first_line = 3312 "
                      "AND card = '9H'").fetchall() == [("tableau", "middle")]
    data = export_json(kb)
    validate_export(data)
    four = next(g for g in data["games"] if g["id"] == "004-064")
    moved = [m for e in four["examples"] for m in e["moves"] if m["lines"][0] == 5412 and m["direction"]]
    assert [(m["card"], m["direction"], m["to"]) for m in moved] == [("5S", "left", None), ("8D", "left", None)]
    db, _ = built_kb
    r = CliRunner().invoke(app, ["verify", "004-064", "--db", str(db), "--json"])
    assert r.exit_code == 0, r.output
    assert {(m["card"], m["direction"]) for m in json.loads(r.output) if m["lines"][0] == 5412} >= {("5S", "left")}
    r = CliRunner().invoke(app, ["verify", "004-040", "--db", str(db)])
    assert r.exit_code == 0 and "9H → pile middle" in r.output


def test_verify_into_a_pipe_writes_each_reason_whole(built_kb, kb):
    """Piped (not a terminal), ``verify`` writes each reason on one line with the book's quote whole:
    text 000's rule 4 (line 18), which the knowledge base's reason cuts to 60 characters, is quoted to
    its last word; the part before the quote is the knowledge base's reason. ``--json`` the same."""
    rule4 = "В вікно можна покласти карту, наступну по старшинству за картою, що лежить зліва від вікна."
    game, n, stored = kb.execute("SELECT m.game, m.n, m.reason FROM moves m JOIN games g ON g.id = m.game "
                                 "WHERE g.source = '000' AND m.reason LIKE '%(line 18) — «В вікно%' "
                                 "ORDER BY m.example, m.n LIMIT 1").fetchone()
    assert stored.endswith("по старшинству за…»")  # cut after a whole word
    db, _ = built_kb
    r = CliRunner().invoke(app, ["verify", game, "--db", str(db)])
    assert r.exit_code == 0
    assert f"      {stored[: stored.index(' — «')]} — «{rule4}»" in r.output.splitlines()
    assert "…»" not in r.output
    r = CliRunner().invoke(app, ["verify", game, "--json", "--db", str(db)])
    moved = next(m for m in json.loads(r.output) if m["n"] == n)
    assert moved["reason"].endswith(f"(line 18) — «{rule4}»")
