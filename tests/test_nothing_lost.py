"""Nothing lost, ever: guarded writes, the build lock, temporary files, free space, the shrink
guard, and a knowledge base that knows its schema (issue 15 items 2 and 4)."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pasyans import files
from pasyans.cli import app
from pasyans.corpus import Source
from pasyans.files import Lock, WriteError, guard_output, guard_output_folder
from pasyans.kb import query, store
from pasyans.kb.schema import SCHEMA_VERSION, TABLES, KBError
from pasyans.models import Alias, GameText

ROOT = Path(__file__).resolve().parent.parent


def _source(tmp_path: Path) -> Source:
    text = "ОСАЖДЕННАЯ КРЕПОСТЬ\nТузы выкладываются в середину стола.\n"
    path = tmp_path / "t.txt"
    path.write_text(text, "utf-8")
    return Source("t", "t.txt", "ru", "modern", "article", "test", hashlib.sha256(text.encode()).hexdigest(),
                  path, text)


def _games(n: int) -> list[GameText]:
    out = [GameText("t-1", "t", "Осажденная крепость", [(1, 2)], "Тузы выкладываются в середину стола.",
                    aliases=[Alias("Осада", "ru", (1, 1))], rules={"foundations": {"base": {"value": "A"}}})]
    out += [GameText(f"t-{i}", "t", f"Игра {i}", [(2, 2)], "Тузы.") for i in range(2, n + 1)]
    return out


@pytest.fixture(scope="module")
def small_kb(tmp_path_factory):
    d = tmp_path_factory.mktemp("small")
    db = d / "k.db"
    store.write_kb(db, [_source(d)], _games(3))
    return db


# -- the schema: one row↔record mapping per table, version stored, checked on open -------------------

def test_records_round_trip_through_the_table_mapping(small_kb):
    db = query.connect(small_kb)
    g = query.game(db, "t-1")
    assert g["lines"] == [[1, 2]] and g["rules"] == {"foundations": {"base": {"value": "A"}}}
    assert g["fragment"] is False
    row = TABLES["games"].encode(g)
    assert row["lines"] == "[[1, 2]]" and row["fragment"] == 0
    assert TABLES["games"].decode(row) == g
    assert [a["name"] for a in query.aliases(db, "t-1")] == ["Осада"]


def test_records_read_alike_through_sqlite_utils_and_a_plain_connection(small_kb):
    db, conn = query.connect(small_kb), query.open_checked(small_kb)
    for table in ("games", "aliases", "names", "sources", "kb_meta"):
        assert query.records(db, table) == query.records(conn, table), table
    assert query.records(db, "games", "id = ?", ("t-1",), select="id, lines") == [{"id": "t-1", "lines": [[1, 2]]}]


def _kb_readers() -> list[Path]:
    return [p for d in ("kb", "engine", "pasyans") for p in sorted((ROOT / d).rglob("*.py"))
            if p.name != "schema.py"]


def test_no_module_decodes_a_column_or_defines_a_table_beside_the_mapping():
    """Columns are decoded and tables created only by kb/schema.py's TABLES (json.loads is for
    data files read with read_text; ``db[t].create({...})`` for a table TABLES lists is a second
    definition of it)."""
    import ast

    found = []
    for path in _kb_readers():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            f = node.func
            if f.attr == "loads" and isinstance(f.value, ast.Name) and f.value.id == "json":
                arg = node.args[0] if node.args else None
                callee = arg.func if isinstance(arg, ast.Call) else None
                name = getattr(callee, "attr", getattr(callee, "id", ""))
                if name != "read_text":
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} json.loads")
            if f.attr == "create" and isinstance(f.value, ast.Subscript) and node.args \
                    and isinstance(node.args[0], ast.Dict) and isinstance(f.value.slice, ast.Constant) \
                    and f.value.slice.value in TABLES:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} creates {f.value.slice.value}")
    assert found == []


def test_knowledge_base_records_its_schema_and_tool_version(small_kb):
    meta = query.meta(query.connect(small_kb))
    assert meta["schema_version"] == str(SCHEMA_VERSION)
    assert meta["tool_version"] == store.tool_version() and meta["games"] == "3"


def _copy(src: Path, tmp_path: Path, name: str = "copy.db") -> Path:
    dst = tmp_path / name
    shutil.copy(src, dst)
    return dst


def _edit(db: Path, *sql: str) -> None:
    conn = sqlite3.connect(db)
    for s in sql:
        conn.execute(s)
    conn.commit()
    conn.close()


def test_an_older_knowledge_base_is_refused_with_rebuild(small_kb, tmp_path):
    old = _copy(small_kb, tmp_path)
    _edit(old, "DROP TABLE kb_meta")
    with pytest.raises(KBError, match=r"older pasyans \(schema 0.*rebuild it with `pasyans build --db"):
        query.connect(old)


def test_a_newer_schema_is_refused(small_kb, tmp_path):
    new = _copy(small_kb, tmp_path)
    _edit(new, "UPDATE kb_meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(KBError, match="schema 99.*newer than this pasyans reads"):
        query.connect(new)


def test_a_missing_column_or_table_is_named(small_kb, tmp_path):
    a = _copy(small_kb, tmp_path, "a.db")
    _edit(a, "ALTER TABLE moves DROP COLUMN verdict")
    with pytest.raises(KBError, match=r"lacks the column moves\.verdict"):
        query.connect(a)
    b = _copy(small_kb, tmp_path, "b.db")
    _edit(b, "DROP TABLE passages")
    with pytest.raises(KBError, match="lacks the table 'passages'"):
        query.connect(b)


def test_a_knowledge_base_damaged_after_page_one_is_refused(small_kb, tmp_path):
    bad = _copy(small_kb, tmp_path)
    data = bytearray(bad.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for p in range(2, len(data) // page, 3):  # garble every third page after the first
        data[p * page + 8: p * page + 200] = b"\xff" * 192
    bad.write_bytes(bytes(data))
    with pytest.raises(KBError, match="damaged.*rebuild") as e:
        query.connect(bad)
    # one plain line: no SQLite internals («*** in database main *** … btreeInitPage() …», TESTER5)
    assert "***" not in str(e.value) and "btree" not in str(e.value)


def test_a_json_column_that_is_not_json_is_a_damaged_file(small_kb, tmp_path):
    """The error line names the file, the column, the row and what to do (it named neither the file nor
    the row, and `show` printed it without them)."""
    from pasyans.kb.schema import DamagedValue

    bad = _copy(small_kb, tmp_path)
    _edit(bad, "UPDATE games SET rules = '{not json' WHERE id = 't-1'")
    with pytest.raises(DamagedValue, match=r"^games\.rules of t-1 holds '\{not json', not JSON$"):
        query.game(query.connect(bad), "t-1")
    for args in (["show", "t-1"], ["show", "t-1", "--rules"], ["export", "--format", "json"]):
        r = CliRunner().invoke(app, [*args, "--db", str(bad)])
        assert (r.exit_code, r.stderr.strip()) == (1, f"error: {bad}: the knowledge base is damaged (games.rules of t-1 "
                                                      f"holds '{{not json', not JSON); rebuild it with `pasyans build --db {bad}`")


def test_a_damaged_file_read_mid_command_is_named_with_the_command_to_rebuild_it(small_kb, tmp_path):
    """A game whose source row is gone and a missing full-text index: the line names the file and gives
    `pasyans build --db FILE` (they said «rebuild with `pasyans build`», which builds ./pasyans.db)."""
    bad = _copy(small_kb, tmp_path)
    _edit(bad, "PRAGMA foreign_keys = OFF", "UPDATE games SET source = 'zzz' WHERE id = 't-1'", "DROP TABLE passages_fts")
    r = CliRunner().invoke(app, ["show", "t-1", "--db", str(bad)])
    assert (r.exit_code, r.stderr.strip()) == (1, f"error: {bad}: the knowledge base is damaged (game 't-1' names the "
                                                  f"source 'zzz', which the knowledge base lacks); rebuild it with "
                                                  f"`pasyans build --db {bad}`")
    r = CliRunner().invoke(app, ["search", "карта", "--db", str(bad)])
    assert r.exit_code == 1 and r.stderr.strip().endswith(f"; rebuild it with `pasyans build --db {bad}`")


# -- writing the knowledge base: one transaction, temp files, shrink guard, full disk -------------------

def test_a_build_with_far_fewer_games_needs_force(small_kb, tmp_path):
    db = _copy(small_kb, tmp_path)
    before = db.read_bytes()
    with pytest.raises(KBError, match="found 1 games, the knowledge base it would replace has 3.*--force"):
        store.write_kb(db, [_source(tmp_path)], _games(1))
    assert db.read_bytes() == before
    store.write_kb(db, [_source(tmp_path)], _games(1), force=True)
    assert query.meta(query.connect(db))["games"] == "1"


def test_a_full_disk_while_writing_keeps_the_old_file_and_no_temp(small_kb, tmp_path, monkeypatch):
    db = _copy(small_kb, tmp_path)
    before = db.read_bytes()

    def full(*_a, **_k):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "_write", full)
    with pytest.raises(KBError, match=r"database or disk is full while writing.*copy\.db is unchanged"):
        store.write_kb(db, [_source(tmp_path)], _games(3))
    assert db.read_bytes() == before
    assert files.temp_files(db) == []


def test_stale_temp_files_of_a_killed_build_are_removed_by_the_next(tmp_path):
    db = tmp_path / "k.db"
    stale = [tmp_path / "k.db.tmp-4242-deadbeef", tmp_path / "k.db.tmp-4242-deadbeef-journal"]
    for p in stale:
        p.write_bytes(b"half a database")
    (tmp_path / "k.db.build-lock").write_text("4242\n")  # a killed build's lock file: no flock held
    said = []
    with store.build_target(db, ROOT / "corpus", say=said.append):
        assert not any(p.exists() for p in stale)
    assert said == [f"removed 2 temporary file(s) an interrupted build of {db} left"]
    assert not (tmp_path / "k.db.build-lock").exists()


def test_free_space_is_checked_before_the_pipeline(tmp_path, monkeypatch):
    import collections

    usage = collections.namedtuple("usage", "total used free")
    monkeypatch.setattr(files.shutil, "disk_usage", lambda _p: usage(10_000_000, 9_000_000, 1_000_000))
    with pytest.raises(KBError, match=r"1\.0 MB free, the knowledge base needs about 10 MB"):
        with store.build_target(tmp_path / "k.db", ROOT / "corpus"):
            pytest.fail("the build must not start")


def test_an_unwritable_folder_stops_the_build_before_it_runs(tmp_path, monkeypatch):
    real_open = files.os.open

    def refuse(path, flags, *a):
        if str(path).endswith(files.LOCK_SUFFIX):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *a)

    monkeypatch.setattr(files.os, "open", refuse)
    with pytest.raises(KBError, match=r"k\.db: cannot write in .* \(.*k\.db\.build-lock: permission denied\); write elsewhere"):
        with store.build_target(tmp_path / "k.db", ROOT / "corpus"):
            pytest.fail("the build must not start")


def test_the_build_never_writes_onto_a_corpus_file(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    target = corpus / "000_41465767069750c9.txt"
    with pytest.raises(KBError, match="is a file of the corpus this build reads"):
        store.check_target(target, corpus)


def test_a_read_only_knowledge_base_is_not_replaced(small_kb, tmp_path):
    db = _copy(small_kb, tmp_path)
    db.chmod(0o444)
    with pytest.raises(KBError, match="is read-only; not replacing it"):
        store.check_target(db, ROOT / "corpus")


# -- the build lock ------------------------------------------------------------------------------------

def test_a_second_build_of_one_file_waits_for_the_first(tmp_path):
    target = tmp_path / "k.db"
    order, said = [], []
    first = Lock(target).__enter__()

    def second():
        with Lock(target, say=said.append, poll=0.01):
            order.append("second")

    t = threading.Thread(target=second)
    t.start()
    while not said:
        time.sleep(0.01)
    order.append("first done")
    first.__exit__(None, None, None)
    t.join(300)
    assert order == ["first done", "second"]
    assert said[0].startswith(f"waiting for another build of {target} (pid ")


def test_without_wait_a_second_build_stops_with_one_line(tmp_path):
    target = tmp_path / "k.db"
    with Lock(target):
        with pytest.raises(WriteError, match=r"another build \(pid \d+\) is writing it"):
            with Lock(target, wait=False):
                pytest.fail("two holders")


# -- guarded outputs --------------------------------------------------------------------------------

def test_export_never_writes_onto_its_input_even_forced(small_kb):
    with pytest.raises(WriteError, match="which this command reads"):
        guard_output(small_kb, inputs=[small_kb], force=True)


def test_export_refuses_a_database_a_corpus_file_and_a_foreign_file_unless_forced(small_kb, tmp_path):
    other = _copy(small_kb, tmp_path, "other.db")
    with pytest.raises(WriteError, match="is a SQLite database"):
        guard_output(other, inputs=[small_kb])
    for forced in (False, True):  # a corpus text or manifest: never, not even with --force
        with pytest.raises(WriteError, match="is in a corpus folder .* never overwritten"):
            guard_output(ROOT / "corpus" / "manifest.json", inputs=[small_kb], force=forced)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", "utf-8")
    with pytest.raises(WriteError, match="exists and is not an earlier pasyans output"):
        guard_output(notes, inputs=[small_kb])
    guard_output(notes, inputs=[small_kb], force=True)
    guard_output(notes, inputs=[small_kb], earlier_output=lambda p: True)


def test_folder_exports_refuse_a_corpus_folder_and_a_foreign_folder(small_kb, tmp_path):
    with pytest.raises(WriteError, match="is a corpus folder"):
        guard_output_folder(ROOT / "corpus", inputs=[small_kb], marker="index.md")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "letter.md").write_text("…", "utf-8")
    with pytest.raises(WriteError, match=r"holds no earlier export \(index\.md\)"):
        guard_output_folder(mine, inputs=[small_kb], marker="index.md")
    (mine / "index.md").write_text("# Games\n", "utf-8")
    guard_output_folder(mine, inputs=[small_kb], marker="index.md")


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    out = tmp_path / "export.json"
    out.write_text('{"sources": []}', "utf-8")

    def no_space(_fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", no_space)
    with pytest.raises(WriteError, match=r"export\.json: no space left on the device \(nothing written; the file is as it was\)"):
        files.atomic_write_text(out, "new")
    assert out.read_text("utf-8") == '{"sources": []}'
    assert files.temp_files(out) == []


def test_a_file_that_is_no_knowledge_base_is_replaced_only_with_force(tmp_path):
    broken = tmp_path / "k.db"
    broken.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4080)  # a knowledge base whose first page is gone
    with pytest.raises(KBError, match="exists and is not a pasyans knowledge base; not overwriting it; give another --db, or --force"):
        store.check_target(broken, ROOT / "corpus")
    store.check_target(broken, ROOT / "corpus", force=True)
    with pytest.raises(KBError, match="is a file of the corpus"):
        store.check_target(ROOT / "corpus" / "manifest.json", ROOT / "corpus", force=True)


SLOW_WRITE = """
import sys, time
from pathlib import Path
sys.path.insert(0, {tests!r})
from pasyans.cli import _stop_cleanly_on_signals
from pasyans.kb import store
from test_nothing_lost import _games, _source

real = store._write
def slow(db, *a, **k):
    real(db, *a, **k)
    print("writing", flush=True)
    time.sleep(120)
store._write = slow
_stop_cleanly_on_signals()
folder = Path({folder!r})
with store.build_target(folder / "k.db", {corpus!r}):
    store.write_kb(folder / "k.db", [_source(folder)], _games(3))
"""


def test_sigterm_while_writing_removes_the_temporary_file_and_the_lock(tmp_path):
    import signal
    import subprocess
    import sys

    folder = tmp_path / "kb"
    folder.mkdir()
    script = SLOW_WRITE.format(tests=str(ROOT / "tests"), folder=str(folder), corpus=str(ROOT / "corpus"))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "writing"
    assert files.temp_files(folder / "k.db") and (folder / "k.db.build-lock").exists()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(300) == 128 + signal.SIGTERM
    assert sorted(p.name for p in folder.iterdir()) == ["t.txt"]
