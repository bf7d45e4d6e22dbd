"""Papercuts at the command line's edge (issue 15, session 3), each with the real value:
a weak guess of `find` says it is one and exits 1; `show`/`verify` of a name several games hold
list the candidates; `show … | head` ends quietly with status 0; `build --db` into a folder
that does not exist is refused (no folder made); `add --id N --replace` of no source N is
refused (it added the text a second time)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from pasyans.add import AddError, add_texts
from pasyans.cli import app

from .conftest import FIXTURES


@pytest.fixture(scope="module")
def db(built_kb):
    return str(built_kb[0])


def test_a_weak_find_match_says_it_is_a_guess_and_exits_1(db):
    r = CliRunner().invoke(app, ["find", "Четыре времени года", "--db", db])
    assert r.exit_code == 1
    assert "no game is named 'Четыре времени года'; only similar spellings, as guesses" in r.output
    assert "002-2        Четыре угла" in r.output and "a guess: only a similar spelling" in r.output
    j = CliRunner().invoke(app, ["find", "Четыре времени года", "--json", "--db", db])
    assert j.exit_code == 1
    assert [(m["id"], m.get("guess")) for m in json.loads(j.stdout)] == [("002-2", True)]


def test_find_says_what_the_catalogues_call_the_query_when_no_game_found_is_it(db):
    """uk «Косинка» is KPatience's FreeCell: the games found (the book's «Косынка» and «Клондайк») are
    listed as before, and a note on standard error says the catalogue meaning; a query no game holds
    but a catalogue knows says so in its one error line. PySolFC's unreviewed translations (Паук =
    «Spiderwort») are no meaning."""
    r = CliRunner().invoke(app, ["find", "Косинка", "--db", db])
    assert r.exit_code == 0
    assert [line.split()[0] for line in r.stdout.splitlines()] == ["003-4", "004-024"]
    assert "note: KPatience (uk) «Косинка» is Freecell, none of 003-4, 004-024" in r.stderr
    r = CliRunner().invoke(app, ["find", "Вільна комірка", "--db", db])
    assert r.exit_code == 1
    assert r.output.strip() == (f"error: {db}: no game matches 'Вільна комірка' (in the catalogues: Aisleriot (uk) "
                                "«Вільна комірка» is Freecell, no game of this knowledge base); try part of the name, or "
                                "see `pasyans list`")
    r = CliRunner().invoke(app, ["find", "Паук", "--db", db])
    assert r.exit_code == 0 and "note:" not in r.output and r.stdout.startswith("004-095")


def test_find_by_pysolfc_number(db):
    """TESTER4/5: «PySolFC #737» found nothing. A PySolFC number («PySolFC #737», «#620», «№ 2») finds
    the games the crosswalk gives it; a number no game has names the catalogue's game in the error line."""
    r = CliRunner().invoke(app, ["find", "PySolFC #737", "--db", db])
    assert r.exit_code == 0 and r.stdout.startswith("004-011      Часы") and "catalogue: PySolFC #737 «Clock»" in r.stdout
    r = CliRunner().invoke(app, ["find", "#620", "--json", "--db", db])
    assert [m["id"] for m in json.loads(r.stdout)] == ["002-2", "004-052"]
    r = CliRunner().invoke(app, ["find", "PySolFC #1", "--db", db])
    assert r.exit_code == 1 and r.output.strip() == (
        f"error: {db}: no game matches 'PySolFC #1' (in the catalogues: PySolFC #1 is Gypsy, no game of this knowledge "
        "base); try part of the name, or see `pasyans list`")


def test_a_real_match_is_no_guess(db):
    r = CliRunner().invoke(app, ["find", "Осада", "--json", "--db", db])
    assert r.exit_code == 0
    first = json.loads(r.stdout)[0]
    assert first["id"] == "004-004" and "guess" not in first


@pytest.mark.parametrize("command", ["show", "verify"])
def test_a_name_several_games_hold_lists_the_candidates(db, command):
    r = CliRunner().invoke(app, [command, "Пирамида", "--db", db])
    assert r.exit_code == 1
    lines = r.output.strip().split("\n")
    assert lines[0] == "error: 'Пирамида' names 2 games; give one of these ids:"
    assert [ln.split()[0] for ln in lines[1:]] == ["003-6", "004-032"]
    assert "exact title «Пирамида»" in lines[1]


@pytest.mark.parametrize("args,first_line", [
    (["show", "004-004"], "004-004  Осажденная крепость"),
    # a rich table (show --rules, list): rich's own closed-pipe handling exited 1, silently (fresh user)
    (["show", "004-004", "--rules"], "004-004  Осажденная крепость"),
    (["list"], ""),
])
def test_show_into_a_closed_pipe_ends_quietly_with_status_0(db, args, first_line):
    proc = subprocess.Popen([sys.executable, "-m", "pasyans.cli", *args, "--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline().decode("utf-8")
    proc.stdout.close()  # as `| head -1` does after its line
    err = proc.stderr.read().decode("utf-8")
    assert proc.wait() == 0, err
    assert first.startswith(first_line) and err == ""


def test_build_into_a_missing_folder_is_refused_and_makes_no_folder(tmp_path):
    target = tmp_path / "no" / "such" / "x.db"
    r = CliRunner().invoke(app, ["build", "--db", str(target), "-q"])
    assert r.exit_code == 1
    assert r.output.strip() == f"error: {tmp_path / 'no' / 'such'}: no such folder; create it first, or give another --db"
    assert not (tmp_path / "no").exists()


def test_replace_of_no_such_source_is_refused_and_adds_nothing(tmp_path):
    corpus = tmp_path / "c"
    add_texts([FIXTURES / "texts" / "ru_caps.txt"], corpus, empty=True)
    before = (corpus / "manifest.json").read_text("utf-8")
    with pytest.raises(AddError, match=r"--replace: there is no source '999' to replace \(sources: 000\)"):
        add_texts([FIXTURES / "texts" / "ru_caps.txt"], corpus, id="999", replace=True)
    assert (corpus / "manifest.json").read_text("utf-8") == before
    assert sorted(p.name for p in corpus.iterdir()) == ["000_ru_caps.txt", "manifest.json"]


def test_a_ukrainian_query_without_i_yi_ye_is_read_as_ukrainian_too(kb):
    """«ретельно тасують» has none of і ї є ґ: read only as Russian it found nothing (pymorphy3's
    Russian lemma of «тасують» is the word itself); the Ukrainian lemmas find source 000, line 6."""
    from pasyans.kb.search import query_languages, search

    assert query_languages("ретельно тасують") == ("ru", "uk")
    assert query_languages("Дві колоди") == ("uk",) and query_languages("пасьянс Пасьянсы") == ("ru",)
    hits = search(kb, "ретельно тасують")
    assert [(h.game, h.lines) for h in hits] == [("000-1", [(6, 6)])]
    assert "[ретельно] [тасують]" in hits[0].snippet_text


def test_the_tool_version_tells_one_build_of_the_code_from_another(tmp_path):
    """TESTER8: `kb_meta.tool_version` was 0.1.0 for every knowledge base, whatever reader built it. It
    carries a fingerprint of the code and data now: the same files give the same, one changed byte another."""
    from pasyans.kb import store

    assert re.fullmatch(r"\S+\+code\.[0-9a-f]{10}", store.tool_version())
    (tmp_path / "extract").mkdir()
    row = tmp_path / "extract" / "rows.json"
    row.write_text('{"pattern": "кладут"}', "utf-8")
    first = store.code_fingerprint(tmp_path)
    assert store.code_fingerprint(tmp_path) == first
    row.write_text('{"pattern": "кладутъ"}', "utf-8")
    store.code_fingerprint.cache_clear()
    assert store.code_fingerprint(tmp_path) != first


def test_ctrl_c_of_a_reading_command_says_interrupted(kb, built_kb, monkeypatch):
    """TESTER8 §4: Ctrl-C of `list` (after start-up) ended with status 130 and not a word."""
    import pasyans.kb.present as present

    def stop(*_a, **_k):
        raise KeyboardInterrupt

    monkeypatch.setattr(present, "game_list", stop)
    r = CliRunner().invoke(app, ["list", "--db", str(built_kb[0])])
    assert r.exit_code == 130 and r.output.strip() == "error: interrupted", r.output


def test_a_game_named_by_a_raw_line_of_its_text(built_kb):
    """Game ids rest on the place of a game among its text's games (they shift when the segmentation
    finds one game more or fewer, TESTER8 §18); `SSS:LINE` names the game holding that raw line."""
    r = CliRunner().invoke(app, ["show", "004:530", "--db", str(built_kb[0])])
    assert r.exit_code == 0 and r.output.startswith("004-004 "), r.output
    r = CliRunner().invoke(app, ["show", "004:2", "--db", str(built_kb[0])])
    assert r.exit_code == 1 and "no game of source '004' holds line 2 (its games: 004-001 283-328" in r.output


def test_replay_names_both_missing_files(built_kb, tmp_path):
    """TESTER7/8: `replay Гольф --deal nosuch --solution nosuch2` named only the second file."""
    deal, sol = tmp_path / "nosuch", tmp_path / "nosuch2"
    r = CliRunner().invoke(app, ["replay", "Гольф", "--deal", str(deal), "--solution", str(sol), "--db", str(built_kb[0])])
    assert r.exit_code == 1 and r.output.strip() == (f"error: {deal}: file not found; check the path; {sol}: file not "
                                                     "found; check the path"), r.output


def test_replay_of_a_file_that_is_no_solver_file_says_so_once(built_kb, tmp_path):
    """A 5 MB file given as both --deal and --solution: one problem, said once, with what to do for a
    solver's file (it was said twice, with «pasyans reads corpus files …; split it into several files» and,
    for a file not in UTF-8, the `pasyans add --encoding` of a corpus text)."""
    db, big = built_kb[0], tmp_path / "big.board"
    big.write_bytes(b"KS QH\n" * 833_334)
    r = CliRunner().invoke(app, ["replay", "Гольф", "--deal", str(big), "--solution", str(big), "--db", str(db)])
    assert r.exit_code == 1 and r.output.strip() == (f"error: {big}: file is 5.0 MB; pasyans reads solver files of "
                                                     "at most 4 MB; give the solver's board or solution file"), r.output
    latin = tmp_path / "deal.txt"
    latin.write_bytes("Талон: ♠К".encode("cp1251", errors="replace"))
    r = CliRunner().invoke(app, ["replay", "Гольф", "--deal", str(latin), "--solution", str(latin), "--db", str(db)])
    assert r.output.strip() == f"error: {latin}:1: not UTF-8 text (bad byte at offset 0); save it as UTF-8 text"


def test_ctrl_c_of_export_says_what_it_left(built_kb, tmp_path, monkeypatch):
    """TESTER8 §13: Ctrl-C of `export --format markdown` ended with status 130 and not a word."""
    import pasyans.kb.export as export

    def stop(*_a, **_k):
        raise KeyboardInterrupt

    monkeypatch.setattr(export, "export_markdown", stop)
    out = tmp_path / "md"
    r = CliRunner().invoke(app, ["export", "--format", "markdown", "--out", str(out), "--db", str(built_kb[0])])
    assert r.exit_code == 130 and r.output.strip() == f"interrupted; {out} is incomplete: the same command finishes it"
    monkeypatch.setattr(export, "export_json", stop)
    r = CliRunner().invoke(app, ["export", "--out", str(tmp_path / "x.json"), "--db", str(built_kb[0])])
    assert r.exit_code == 130 and r.output.strip() == f"interrupted; {tmp_path / 'x.json'} not written"
    assert not (tmp_path / "x.json").exists()


def test_verify_unparsed_lists_a_worked_examples_card_that_gave_no_move(db):
    """`verify --unparsed` lists «card tokens … not read» (README): a card of a worked example that gave
    no move (``card-in-no-move``) is listed with its line, beside the unparsed sentences — 000-2's «БА»
    on raw line 25 of the bundled text 000."""
    r = CliRunner().invoke(app, ["verify", "000-2", "--unparsed", "--json", "--db", db])
    assert r.exit_code == 0
    got = [(f["kind"], f["first_line"]) for f in json.loads(r.stdout) if f["kind"] == "card-in-no-move"]
    assert ("card-in-no-move", 25) in got


def test_version_is_what_a_knowledge_base_it_builds_records(built_kb, kb):
    """TESTER10 T25: `pasyans --version` was an unknown option (exit 2); it prints the tool version the
    knowledge base records in kb_meta (the package version and the fingerprint of the code)."""
    r = CliRunner().invoke(app, ["--version"])
    (recorded,) = kb.execute("SELECT value FROM kb_meta WHERE key = 'tool_version'").fetchone()
    assert r.exit_code == 0 and r.output == f"pasyans {recorded}\n"


def test_a_missing_id_of_a_known_source_names_that_sources_games(db, kb):
    """TESTER10 T14: `show 005-9` suggested names spelt alike (000-4, 000-6); an id of a source the
    knowledge base has names that source's ids (source 002's games, 002-1 first)."""
    ids = [r[0] for r in kb.execute("SELECT id FROM games WHERE source = '002' ORDER BY rowid")]
    assert ids[:2] == ["002-1", "002-2"] and len(ids) < 7
    r = CliRunner().invoke(app, ["show", "002-9", "--db", db])
    assert r.exit_code == 1 and r.output.strip() == (
        f"error: {db}: no game with id '002-9': source 002 has {len(ids)} games ({', '.join(ids)}); give one of these "
        "ids, or see `pasyans list --source 002`")


@pytest.mark.parametrize("args,line", [
    (["show", "004-004", "--source", "--rules"], "error: --source and --rules show different things; give one of them"),
    (["show", "004-004", "--source", "--json"], "error: --source and --json show different things; give one of them"),
    (["verify", "--unparsed", "--errata"], "error: --unparsed and --errata list different things; give one of them"),
    (["export", "--format", "html", "--out", "-"], "error: --format html writes a folder, not standard output; give --out DIR")])
def test_options_that_do_not_go_together_are_a_bad_argument(db, args, line):
    """`show --source --rules` showed the rules and left --source out without a word; `verify --unparsed
    --errata` said so with the status of a bad file (1), not of a bad argument (2)."""
    r = CliRunner().invoke(app, [*args, "--db", db])
    assert (r.exit_code, r.output.strip()) == (2, line)


def test_export_out_dash_is_standard_output(db, tmp_path, monkeypatch):
    """`export --format json --out -` wrote a file named «-» in the current folder."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, ["export", "--format", "json", "--out", "-", "--db", db])
    assert r.exit_code == 0 and json.loads(r.stdout)["sources"][0]["id"] == "000"
    assert list(tmp_path.iterdir()) == []


def test_a_terminal_in_koi8_r_shows_what_it_cannot_write_as_a_question_mark(db):
    """On a KOI8-R (or Latin-1) terminal `show` and `verify` stopped with an internal error at the first
    «», ♥ or і; such a character is shown as «?» and the command runs to its end."""
    import os

    env = {**os.environ, "PYTHONIOENCODING": "koi8-r"}
    out = {}
    for cmd in ("show", "verify"):
        r = subprocess.run([sys.executable, "-m", "pasyans.cli", cmd, "004-004", "--db", db], capture_output=True, env=env)
        assert r.returncode == 0 and r.stderr == b"", r.stderr
        out[cmd] = r.stdout.decode("koi8-r")
        assert "Осажденная крепость" in out[cmd] and "♥" not in out[cmd]
    assert "   18. ?2 ? базовую" in out["show"]  # «♣2 — базовую», line 557
