"""Every bad input is one line: the command line's edge (pasyans/edge.py) over the cases of issue 15."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pasyans.cli import app

from .test_nothing_lost import _copy, _edit, small_kb  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parent.parent


def one_line(args: list[str], status: int) -> str:
    """Run ``pasyans ARGS``; assert the exit status and a single ``error:`` line; return it."""
    r = CliRunner().invoke(app, args)
    assert r.exit_code == status, r.output
    assert "Traceback" not in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    return lines[0]


def test_export_onto_the_knowledge_base_it_reads_is_refused(small_kb, tmp_path):  # noqa: F811
    db = _copy(small_kb, tmp_path)
    before = db.read_bytes()
    line = one_line(["export", "--db", str(db), "--out", str(db)], 1)
    assert line == f"error: {db}: is {db}, which this command reads; give another file"
    line = one_line(["export", "--db", str(db), "--out", str(db), "--force"], 1)
    assert db.read_bytes() == before


def test_export_over_another_knowledge_base_needs_force(small_kb, tmp_path):  # noqa: F811
    other = _copy(small_kb, tmp_path, "other.db")
    assert "is a SQLite database (a knowledge base?); not overwriting it; give another --out, or --force" in one_line(
        ["export", "--db", str(small_kb), "--out", str(other)], 1)


def test_export_replaces_an_earlier_export(small_kb, tmp_path):  # noqa: F811
    out = tmp_path / "kb.json"
    for _ in range(2):
        r = CliRunner().invoke(app, ["export", "--db", str(small_kb), "--out", str(out)])
        assert r.exit_code == 0, r.output
    assert [g["id"] for g in json.loads(out.read_text("utf-8"))["games"]] == ["t-1", "t-2", "t-3"]


def test_bad_option_values_and_arguments(small_kb):  # noqa: F811
    assert "--limit" in one_line(["find", "Осада", "--db", str(small_kb), "--limit", "-1"], 2)
    assert "--limit" in one_line(["search", "тузы", "--db", str(small_kb), "--limit", "0"], 2)
    assert "--port" in one_line(["serve", "--db", str(small_kb), "--port", "99999"], 2)
    assert "is not valid UTF-8 text" in one_line(["show", "\udcff", "--db", str(small_kb)], 2)
    assert "No such command 'nosuch'" in one_line(["nosuch"], 2)


def test_damaged_older_and_foreign_files_get_one_line_saying_rebuild(small_kb, tmp_path):  # noqa: F811
    old = _copy(small_kb, tmp_path, "old.db")
    _edit(old, "DROP TABLE kb_meta")
    assert one_line(["verify", "--db", str(old)], 1).endswith(f"rebuild it with `pasyans build --db {old}`")
    gone = _copy(small_kb, tmp_path, "gone.db")
    _edit(gone, "ALTER TABLE games DROP COLUMN rules")
    assert "lacks the column games.rules" in one_line(["show", "t-1", "--db", str(gone)], 1)
    text = tmp_path / "notes.db"
    text.write_text("not a database", "utf-8")
    assert "not an SQLite file" in one_line(["export", "--db", str(text)], 1)


def test_a_database_error_past_the_checks_is_one_line(small_kb, tmp_path, monkeypatch):  # noqa: F811
    from pasyans.kb import query

    def broken(*_a, **_k):
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(query, "verdict_rows", broken)
    line = one_line(["verify", "--db", str(small_kb)], 1)
    assert line == (f"error: {small_kb}: the knowledge base is damaged or unreadable (database disk image is "
                    f"malformed); rebuild it with `pasyans build --db {small_kb}`")


def test_a_bug_is_one_line_with_where_it_happened(small_kb, monkeypatch):  # noqa: F811
    from pasyans.kb import query

    def bug(*_a, **_k):
        return [][0]

    monkeypatch.setattr(query, "verdict_rows", bug)
    line = one_line(["verify", "--db", str(small_kb)], 3)
    assert line.startswith("error: internal error in tests/test_one_line_errors.py:")
    assert "(IndexError: list index out of range); please report it" in line


def _corpus(tmp_path: Path, text: str | None, **entry) -> Path:
    d = tmp_path / "corpus"
    d.mkdir()
    if text is not None:
        (d / "t.txt").write_text(text, "utf-8")
    (d / "manifest.json").write_text(json.dumps({"sources": [{"id": "t", "file": "t.txt", "language": "ru",
                                                              **entry}]}), "utf-8")
    return d


def test_book_toc_without_a_table_of_contents_names_the_file(tmp_path):
    d = _corpus(tmp_path, "ПАСЬЯНС\n\nТузы кладут в середину.\n", segmenter="book-toc", notation="symbol")
    line = one_line(["build", "--corpus", str(d), "--db", str(tmp_path / "k.db"), "-q"], 1)
    assert line.startswith(f"error: {d / 't.txt'}: no table of contents found")
    assert not (tmp_path / "k.db").exists() and list(tmp_path.iterdir()) == [d]  # no temp file, no lock


def test_a_symlink_out_of_the_corpus_is_refused(tmp_path):
    outside = tmp_path / "secret.txt"
    outside.write_text("Тузы.\n", "utf-8")
    d = _corpus(tmp_path, None)
    (d / "t.txt").symlink_to(outside)
    assert "a symbolic link to" in one_line(["build", "--corpus", str(d), "--db", str(tmp_path / "k.db")], 1)


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path):
    from pasyans.corpus import MAX_FILE_BYTES

    d = _corpus(tmp_path, None)
    with open(d / "t.txt", "wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing read, the size alone decides
    line = one_line(["build", "--corpus", str(d), "--db", str(tmp_path / "k.db")], 1)
    assert line == (f"error: {d / 't.txt'}: file is 4.0 MB; pasyans reads corpus files of at most 4 MB; "
                    f"split it into several files")


def test_too_many_characters_for_one_text_are_refused(tmp_path):
    from pasyans.corpus import MAX_TEXT_CHARS

    d = _corpus(tmp_path, "Т" * (MAX_TEXT_CHARS + 1))
    assert "1,000,001 characters; pasyans reads at most 1,000,000 from one file" in one_line(
        ["build", "--corpus", str(d), "--db", str(tmp_path / "k.db")], 1)


def test_a_bad_byte_names_the_line(tmp_path):
    d = _corpus(tmp_path, None)
    (d / "t.txt").write_bytes("Тузы.\nДамы.\n".encode() + b"\xff\n")
    assert one_line(["build", "--corpus", str(d), "--db", str(tmp_path / "k.db")], 1) == (
        f"error: {d / 't.txt'}:3: not UTF-8 text (bad byte at offset 20); save it as UTF-8 (`pasyans add --encoding "
        f"cp1251` reads a Windows Cyrillic file)")


@pytest.mark.parametrize("field, value, says", [
    ("orthography", "old", "orthography 'old' is not one of modern, pre-reform"),
    ("kind", "x", "kind 'x' is not one of article, book, manual"),
    ("title", 5, "'title' is not a non-empty string; give it as text"),
])
def test_manifest_fields_are_validated_by_the_schema(tmp_path, field, value, says):
    d = _corpus(tmp_path, "Тузы.\n", **{field: value})
    assert says in one_line(["build", "--corpus", str(d), "--db", str(tmp_path / "k.db")], 1)


def test_a_corpus_with_few_games_does_not_replace_a_bigger_knowledge_base(small_kb, tmp_path):  # noqa: F811
    db = _copy(small_kb, tmp_path, "k.db")
    before = db.read_bytes()
    d = _corpus(tmp_path, "просто текст без игр\n")
    line = one_line(["build", "--corpus", str(d), "--db", str(db), "-q"], 1)
    assert "this build found 1 games, the knowledge base it would replace has 3 (kept the old one); check the corpus" in line
    assert db.read_bytes() == before


def test_the_build_refuses_to_write_onto_its_corpus(tmp_path):
    d = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", d)
    target = d / "manifest.json"
    assert "is a file of the corpus this build reads" in one_line(
        ["build", "--corpus", str(d), "--db", str(target)], 1)


def test_an_empty_query_is_a_bad_argument(small_kb):  # noqa: F811
    for cmd in ("find", "search"):
        for q in ("", "   "):
            assert one_line([cmd, q, "--db", str(small_kb)], 2) == "error: empty query; give a name or words"
            assert one_line([cmd, q, "--db", str(small_kb), "--json"], 2) == "error: empty query; give a name or words"
    for cmd in ("show", "verify"):  # a game named by nothing
        assert one_line([cmd, "  ", "--db", str(small_kb)], 2) == "error: empty query; give a name or words"


def test_a_bad_export_option_value_exits_2(small_kb, tmp_path):  # noqa: F811
    assert one_line(["export", "--format", "html", "--cards", "xx", "--out", str(tmp_path / "h"),
                     "--db", str(small_kb)], 2) == "error: --cards 'xx' is no card convention; give ru (Д♥) or en (♥Q)"
    assert "unknown export format 'pdf'" in one_line(["export", "--format", "pdf", "--db", str(small_kb)], 2)
    assert not (tmp_path / "h").exists()


def test_add_of_a_folder_says_it_is_a_folder(tmp_path):
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "a.txt").write_text("Пасьянс «Проба»\n\nКарты раскладывают в четыре ряда.\n", "utf-8")
    corpus = tmp_path / "corpus"
    assert one_line(["add", str(texts), "--corpus", str(corpus)], 1) == (
        f"error: {texts}: is a folder; give the text files in it")
    assert not corpus.exists()


def test_a_file_given_as_the_corpus_folder_is_named_so(tmp_path):
    """``--corpus notes.txt`` (a file): add and build say it is a file, not a folder, and the file is kept."""
    text = tmp_path / "notes.txt"
    text.write_text("Пасьянс «Проба»\n\nКарты раскладывают в четыре ряда.\n", "utf-8")
    says = f"error: {text}: is a file, not a corpus folder"
    assert one_line(["add", str(text), "--corpus", str(text)], 1).startswith(says)
    assert one_line(["build", "--corpus", str(text), "--db", str(tmp_path / "k.db")], 1).startswith(says)
    assert text.read_text("utf-8").startswith("Пасьянс «Проба»") and not (tmp_path / "k.db").exists()


def test_a_corpus_folder_that_is_not_there_is_named_so(tmp_path):
    """TESTER4: ``build --corpus nonexist`` said «nonexist/manifest.json: manifest not found»; it names the
    folder as missing and how to make one, and creates nothing."""
    missing, empty = tmp_path / "nonexist", tmp_path / "empty"
    empty.mkdir()
    says = one_line(["build", "--corpus", str(missing), "--db", str(tmp_path / "k.db")], 1)
    assert says.startswith(f"error: {missing}: no such corpus folder") and "pasyans add" in says
    says = one_line(["build", "--corpus", str(empty), "--db", str(tmp_path / "k.db")], 1)
    assert says.startswith(f"error: {empty / 'manifest.json'}: manifest not found") and "pasyans add" in says
    assert not missing.exists() and not (tmp_path / "k.db").exists()


def test_force_never_replaces_a_text_or_manifest_of_a_corpus(small_kb, tmp_path):  # noqa: F811
    """TESTER3's data loss: ``export --out CORPUS/manifest.json --force`` and ``build --db
    CORPUS/text.txt --force`` (another corpus than the one built) are refused; both files kept."""
    other = tmp_path / "other"
    other.mkdir()
    text, manifest = other / "a.txt", other / "manifest.json"
    text.write_text("Пасьянс «Проба»\n", "utf-8")
    manifest.write_text('{"sources": []}', "utf-8")
    for target in (text, manifest):
        before = target.read_bytes()
        says = one_line(["export", "--db", str(small_kb), "--out", str(target), "--force"], 1)
        assert says.startswith(f"error: {target}: is in a corpus folder") and "never" in says
        says = one_line(["build", "--db", str(target), "--force", "-q"], 1)
        assert says.startswith(f"error: {target}: is a file of a corpus folder") and "never" in says
        assert target.read_bytes() == before


def test_a_pipe_as_the_output_is_refused_not_waited_on_or_renamed_over(small_kb, tmp_path):  # noqa: F811
    """TESTER4: ``export --out FIFO`` hung and ``--out /dev/full`` (as root) was renamed over:
    a device or a pipe is refused by export and build, and left as it was."""
    import os
    import stat

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    says = one_line(["export", "--db", str(small_kb), "--out", str(fifo), "--force"], 1)
    assert says == f"error: {fifo}: is not a regular file (a device or a pipe); give a file name"
    says = one_line(["build", "--db", str(fifo), "--force", "-q"], 1)
    assert says.startswith(f"error: {fifo}: is not a regular file")
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def _sigint_default() -> None:
    """In the child before exec: SIGINT back to its default, so that Python turns it into
    KeyboardInterrupt even when the suite itself runs as a background job of a non-interactive
    shell (which starts with SIGINT ignored, and a child inherits that: the build then ran to the
    end and exited 0 — the flake of five runs in a row under `nohup … &`)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_the_command_starts_is_quiet():
    """A Ctrl-C in the first ~0.3 s of ``pasyans …`` (its modules loading) printed a
    KeyboardInterrupt traceback from the import (1 of 20 Ctrl-C trials): it ends the command with
    status 130 and «error: interrupted», as later; once pasyans.cli is loaded Ctrl-C is KeyboardInterrupt again
    (the edge's «interrupted»), and a program importing pasyans keeps its own handler."""
    import subprocess
    import sys

    def run(code: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                              preexec_fn=_sigint_default)

    kill = "import os, signal; os.kill(os.getpid(), signal.SIGINT); import time; time.sleep(60)"
    r = run(f"import sys; sys.argv[0] = '/usr/bin/pasyans'; import pasyans; {kill}")
    assert (r.returncode, r.stderr) == (130, "error: interrupted before the command began; nothing was done\n")  # (it said nothing)
    r = run(f"import sys; sys.argv[0] = '/usr/bin/pasyans'; import pasyans.cli\ntry:\n {kill}\n"
            f"except KeyboardInterrupt:\n print('KeyboardInterrupt')")
    assert r.stdout.strip() == "KeyboardInterrupt", r.stderr
    r = run(f"import pasyans\ntry:\n {kill}\nexcept KeyboardInterrupt:\n print('KeyboardInterrupt')")
    assert r.stdout.strip() == "KeyboardInterrupt", r.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_during_build_says_the_knowledge_base_is_kept(small_kb, tmp_path, jobs):  # noqa: F811
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) while the sources are read."""
    import os
    import signal
    import subprocess
    import sys
    import time

    db = _copy(small_kb, tmp_path)
    before = db.read_bytes()
    err = tmp_path / "stderr"
    with open(err, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "pasyans.cli", "build", "--db", str(db), "--jobs", jobs],
                                stdout=subprocess.DEVNULL, stderr=fh, start_new_session=True, cwd=tmp_path,
                                preexec_fn=_sigint_default)
    try:
        while " read" not in err.read_text("utf-8") and "reading" not in err.read_text("utf-8"):
            assert proc.poll() is None, err.read_text("utf-8")   # the build ended before reading: fail
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)
        status = proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    text = err.read_text("utf-8")
    # 130 as a shell reports it: exit(130), or — seen 2 times in 6 on a loaded machine, after the
    # line below was printed — the end by SIGINT itself, which a shell reports as 130 too
    assert status in (130, -signal.SIGINT), text
    assert "Traceback" not in text
    assert text.strip().splitlines()[-1] == f"interrupted; {db} kept as it was"
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [db.name, "stderr"]
    assert _running_in_group(proc.pid) == []  # no reading worker outlives the build (seen: 1 h 47 min later)


def test_sigterm_during_build_says_the_knowledge_base_is_kept(small_kb, tmp_path):  # noqa: F811
    """TESTER6: ``kill PID`` (SIGTERM) of a build ended it with status 143 and no word; it says, as a Ctrl-C
    does, that the knowledge base is kept (the signal's name), and exits 143."""
    import signal
    import subprocess
    import sys
    import time

    db = _copy(small_kb, tmp_path)
    before = db.read_bytes()
    err = tmp_path / "stderr"
    with open(err, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "pasyans.cli", "build", "--db", str(db), "--jobs", "1"],
                                stdout=subprocess.DEVNULL, stderr=fh, start_new_session=True, cwd=tmp_path)
    try:
        while " read" not in err.read_text("utf-8") and "reading" not in err.read_text("utf-8"):
            assert proc.poll() is None, err.read_text("utf-8")
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    text = err.read_text("utf-8")
    assert status == 143, text
    assert "Traceback" not in text
    assert text.strip().splitlines()[-1] == f"stopped by SIGTERM; {db} kept as it was"
    assert db.read_bytes() == before


def _running_in_group(pgid: int, polls: int = 300) -> list[int]:
    """The processes of process group ``pgid`` still running, after looking up to ``polls`` times
    (0.2 s apart; no clock is read) for none to be left."""
    import time

    from pasyans.lifetime import running_in_group

    alive = running_in_group(pgid)
    for _ in range(polls):
        if not alive:
            break
        time.sleep(0.2)
        alive = running_in_group(pgid)
    return alive


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="lists processes through Linux's /proc")
def test_the_reading_workers_end_with_a_build_killed_by_kill_9(small_kb, tmp_path):  # noqa: F811
    """kill -9 leaves the build no clean-up: its reading workers end because the kernel ends
    them with it (``pasyans.lifetime.end_with_parent``), not read on and then wait for ever."""
    import os
    import signal
    import subprocess
    import sys
    import time

    db = _copy(small_kb, tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "pasyans.cli", "build", "--db", str(db), "--jobs", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, cwd=tmp_path)
    try:
        while len(_running_in_group(proc.pid, polls=0)) < 3:  # the build and its two workers
            assert proc.poll() is None, "the build ended before its workers started"
            time.sleep(0.1)
        proc.kill()
        proc.wait(timeout=60)
        assert _running_in_group(proc.pid) == []
    finally:
        for pid in _running_in_group(proc.pid, polls=0):
            os.kill(pid, signal.SIGKILL)


def test_a_ctrl_c_python_wrapped_in_another_error_is_an_interrupt(tmp_path, monkeypatch):
    """A Ctrl-C while a dataclass is defined comes out as ``RuntimeError: Error calling
    __set_name__`` (seen in a suite run): the build still says «interrupted; … not written», exit 130."""
    import pasyans.pipeline as pipeline
    from pasyans.edge import describe

    def wrapped(*a, **k):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as ki:
            raise RuntimeError("Error calling __set_name__ on '_FieldInfo' instance 'x'") from ki

    monkeypatch.setattr(pipeline, "build", wrapped)
    db = tmp_path / "k.db"
    r = CliRunner().invoke(app, ["build", "--db", str(db), "-q"])
    assert r.exit_code == 130 and r.output.strip().splitlines()[-1] == f"interrupted; {db} not written"
    try:
        wrapped()
    except RuntimeError as e:
        assert describe(e) == ("interrupted", 130)
    assert describe(RuntimeError("plain"))[1] == 3


def test_a_link_as_out_is_written_through_and_judged_by_its_target(small_kb, tmp_path):  # noqa: F811
    """TESTER4/5: ``export --out lnk.json --force`` replaced the link itself by a regular file. A link is
    written through (its target replaced, the link kept); a link into a corpus folder is refused as the
    text it leads to; a link to a pipe or device is refused as one."""
    import os

    target, link = tmp_path / "tgt.json", tmp_path / "lnk.json"
    target.write_text("{}", "utf-8")
    link.symlink_to(target.name)
    r = CliRunner().invoke(app, ["export", "--db", str(small_kb), "--out", str(link), "--force"])
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and os.readlink(link) == "tgt.json"
    assert json.loads(target.read_text("utf-8"))["games"]
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "manifest.json").write_text('{"sources": []}', "utf-8")
    to_manifest = tmp_path / "m.json"
    to_manifest.symlink_to(corpus / "manifest.json")
    says = one_line(["export", "--db", str(small_kb), "--out", str(to_manifest), "--force"], 1)
    assert "is in a corpus folder" in says and "never" in says
    assert (corpus / "manifest.json").read_text("utf-8") == '{"sources": []}'
    fifo, to_fifo = tmp_path / "ff", tmp_path / "to_ff"
    os.mkfifo(fifo)
    to_fifo.symlink_to(fifo)
    assert one_line(["export", "--db", str(small_kb), "--out", str(to_fifo), "--force"], 1) == (
        f"error: {to_fifo}: is not a regular file (a device or a pipe); give a file name")


def test_a_long_name_is_cut_in_the_error_line(small_kb):  # noqa: F811
    """A 5,000-letter name was echoed whole (a 300-character cut of it): the name is cut in its
    middle, and the line, «error: » included, keeps to 300 characters and says the rest (what to do)."""
    from pasyans.edge import LINE_LIMIT

    name = "ж" * 5000
    line = one_line(["show", name, "--db", str(small_kb)], 1)
    assert len(line) <= LINE_LIMIT and line.startswith(f"error: {small_kb}: no game matches 'жжж") and "…" in line
    assert line.endswith("жж'; try part of the name, or see `pasyans list`")
    line = one_line(["list", "--source", name, "--db", str(small_kb)], 1)
    assert len(line) <= LINE_LIMIT and "…" in line
    assert len(one_line([name], 2)) <= LINE_LIMIT


@pytest.mark.parametrize("option, says", [
    (["--language", "fr"], "error: --language: language 'fr' is not one of ru, uk"),
    (["--notation", "latin"], "error: --notation: notation 'latin' is not one of symbol, letter, words"),
    (["--encoding", "nosuch"], "error: --encoding: unknown encoding 'nosuch'"),
])
def test_a_bad_value_of_an_add_option_is_a_usage_error_and_creates_nothing(tmp_path, option, says):
    """`add --language fr` exits 2 like every other bad option value (it exited 1), before the corpus
    folder is made."""
    (tmp_path / "t.txt").write_text("Пасьянс «Ёлка»\n\nТузы кладут в основание.\n", encoding="utf-8")
    corpus = tmp_path / "c"
    assert one_line(["add", str(tmp_path / "t.txt"), "--corpus", str(corpus), *option], 2).startswith(says)
    assert not corpus.exists()
