"""Papercuts of session 12 (a new user's surprises), each with the real message and exit status."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pasyans.cli import app


@pytest.mark.parametrize("args, line", [
    (["find", "-Осада"], "error: No such option: -О; write `pasyans find -- -Осада` if «-Осада» is text, not an option"),
    (["search", "-5"], "error: No such option: -5; write `pasyans search -- -5` if «-5» is text, not an option"),
    (["show", "-Осада Козырная"],
     "error: No such option: -О; write `pasyans show -- '-Осада Козырная'` if «-Осада Козырная» is text, not an option"),
    (["find", "--Осада"], "error: No such option: --Осада; write `pasyans find -- --Осада` if «--Осада» is text, not an option"),
])
def test_text_that_starts_with_a_dash_is_told_how_to_give_it(args, line, tmp_path):
    r = CliRunner().invoke(app, [*args, "--db", str(tmp_path / "none.db")])
    assert r.exit_code == 2
    assert r.stderr.strip() == line


@pytest.mark.parametrize("args, line", [
    (["find", "--lmit", "3", "x"], "error: No such option: --lmit (Possible options: --limit); see `pasyans find --help`"),
    (["find", "-x", "y"], "error: No such option: -x; see `pasyans find --help`"),
    (["build", "-Осада"], "error: No such option: -О; see `pasyans build --help`"),  # build takes no text
])
def test_a_misspelt_option_keeps_the_help_hint(args, line):
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 2
    assert r.stderr.strip() == line


def test_text_after_a_double_dash_is_looked_up(tmp_path):
    r = CliRunner().invoke(app, ["find", "--db", str(tmp_path / "none.db"), "--", "-Осада"])
    assert r.exit_code == 1
    assert "No such option" not in r.stderr and "no knowledge base here" in r.stderr


@pytest.mark.parametrize("query, line", [
    ("Косынка", "003-4        Косынка  [003: lines 53-73]  1.00  title: exact title «Косынка»; a different game from 004-024 "
                "(Aisleriot ru, KPatience ru: «Косынка» is Klondike, as 004-024; KPatience uk: «Косинка» is Freecell; "
                "the rules differ: packs 2 in 003-4, 1 in 004-024)"),
    ("Кэнфилд", "004-024      Клондайк  [004: lines 2014-2049, 2068-2081]  0.85  disputed: exact disputed alias «Кэнфилд»; "
                "a different game from 004-014 (the rules differ: foundations.base any-first in 004-014, A in 004-024)"),
])
def test_find_says_why_two_answers_are_different_games(built_kb, query, line):
    """The catalogues disagree (Aisleriot and KPatience call Klondike «Косынка», the book's 003-4 is a game of
    two packs; KPatience's Ukrainian «Косинка» is FreeCell): each answer says which catalogue says what."""
    r = CliRunner().invoke(app, ["find", query, "--db", str(built_kb[0])])
    assert r.exit_code == 0
    assert line in r.stdout.splitlines()


@pytest.mark.parametrize("schema, said", [
    ("2", "a knowledge base of schema 2 (built by pasyans 0.0.9+old; this is pasyans {this}), newer than this pasyans reads (1)"),
    ("0", "a knowledge base of schema 0 (built by pasyans 0.0.9+old; this is pasyans {this}); this pasyans reads schema 1"),
])
def test_a_knowledge_base_of_another_version_names_both_versions(built_kb, tmp_path, schema, said):
    import shutil
    import sqlite3

    from pasyans.kb.store import tool_version

    db = tmp_path / "other.db"
    shutil.copy(built_kb[0], db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE kb_meta SET value = ? WHERE key = 'schema_version'", (schema,))
        conn.execute("UPDATE kb_meta SET value = '0.0.9+old' WHERE key = 'tool_version'")
    conn.close()
    r = CliRunner().invoke(app, ["show", "004-024", "--db", str(db)])
    assert r.exit_code == 1
    assert r.stderr.startswith("error: ") and ": " + said.format(this=tool_version()) + ";" in r.stderr
    assert len(r.stderr.splitlines()) == 1


def test_setup_installs_quietly_but_stops_on_an_error():
    """`bash scripts/setup` printed some fifty lines of warnings on a fresh clone (setuptools' note on an
    editable install, pip's «Location … is ignored»): pip runs with -qq, which keeps its errors, and the
    script stops at the first failing command."""
    from .conftest import ROOT

    text = (ROOT / "scripts" / "setup").read_text()
    installs = [line for line in text.splitlines() if "pip install" in line]
    assert installs and all(" -qq " in line for line in installs)
    assert "set -euo pipefail" in text


@pytest.mark.parametrize("args, line", [
    (["verify", "Сорок", "розбійників"], "error: Got unexpected extra argument(s) (розбійників); put a name of several "
                                         "words in quotes: `pasyans verify \"Сорок розбійників\"`"),
    (["show", "--db", "x.db", "Сорок", "розбійників", "--json"],
     "error: Got unexpected extra argument(s) (розбійників); put a name of several words in quotes: "
     "`pasyans show \"Сорок розбійників\"`"),
    (["export", "a", "b"], "error: Got unexpected extra argument(s) (a b); see `pasyans export --help`"),  # takes no text
])
def test_a_name_of_several_words_unquoted_is_told_to_quote_it(args, line):
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 2
    assert r.stderr.strip() == line


@pytest.mark.parametrize("stamp, said", [
    ("0.9.0", "a knowledge base built by a newer pasyans (0.9.0; this is pasyans {this}); upgrade pasyans, or rebuild it"),
    ("0.0.5+code.0123456789", "a knowledge base built by an older pasyans (0.0.5+code.0123456789; this is pasyans {this}); "
                              "rebuild it"),
])
def test_a_knowledge_base_of_another_release_is_refused_in_one_line(built_kb, tmp_path, stamp, said):
    """Same schema, another release of pasyans (the README: older or newer → one line to rebuild it); a
    knowledge base of this release by other code (another fingerprint after «+») is read."""
    import shutil
    import sqlite3

    from pasyans.kb.store import tool_version

    db = tmp_path / "other.db"
    shutil.copy(built_kb[0], db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE kb_meta SET value = ? WHERE key = 'tool_version'", (stamp,))
    conn.close()
    r = CliRunner().invoke(app, ["show", "004-024", "--db", str(db)])
    assert r.exit_code == 1 and len(r.stderr.splitlines()) == 1
    assert ": " + said.format(this=tool_version()) in r.stderr
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE kb_meta SET value = ? WHERE key = 'tool_version'", (tool_version().split("+")[0] + "+code.x",))
    conn.close()
    assert CliRunner().invoke(app, ["show", "004-024", "--db", str(db)]).exit_code == 0
