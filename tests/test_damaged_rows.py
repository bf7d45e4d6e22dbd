"""A knowledge base whose rows lost a value (edited by hand, another tool): ``show`` and ``verify``
print ``?`` where the value was, never an internal error (exit 3)."""

from __future__ import annotations

import shutil
import sqlite3

import pytest
from typer.testing import CliRunner

from pasyans.cli import app


@pytest.mark.parametrize("table, column, command, shown", [
    ("games", "lines", "show", "lines 5-21"),  # the span of first_line-last_line instead
    ("moves", "first_line", "verify", "000:?  "),
    ("moves", "n", "verify", "  ?. "),
    ("moves", "verdict", "show", " → AS         ?    "),
    ("moves", "verdict", "verify", " → 4D           ?\n"),
])
def test_a_null_value_is_shown_as_a_question_mark(built_kb, tmp_path, table, column, command, shown):
    db = tmp_path / "damaged.db"
    shutil.copy(built_kb[0], db)
    conn = sqlite3.connect(db)
    conn.execute(f'UPDATE {table} SET "{column}" = NULL WHERE {"id" if table == "games" else "game"} = ?', ("000-1",))
    conn.commit()
    conn.close()
    r = CliRunner().invoke(app, [command, "000-1", "--db", str(db)])
    assert r.exit_code == 0, r.stderr
    assert shown in r.stdout
