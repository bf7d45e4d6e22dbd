"""A stopped folder export and its retry (session 8, papercuts 1): the same command finishes it.

`export --format markdown|html|solvitaire --out DIR` marks DIR as its own before the first page
(``.pasyans-FMT-export.json``, :class:`pasyans.files.ExportFolder`); a Ctrl-C left pages without
``index.md``, and the retry was refused («holds no earlier markdown export») unless given --force.
Now the retry finishes the export; a file the mark does not list (the user's) is never touched,
and a folder of someone else's files without the mark is still refused."""

from __future__ import annotations

import errno
import json
import signal
import subprocess
import sys
import time

from typer.testing import CliRunner

from pasyans.cli import app
from pasyans.files import TEMP_MARK, ExportFolder

SLOW_PAGES = """
import sys, time
import pasyans.kb.pages as pages
page = pages.game_markdown
made = []
def held(*a, **k):
    if len(made) == 5:
        time.sleep(3600)  # the sixth page waits for the signal: the Ctrl-C lands mid-export however loaded the machine
    made.append(1)
    return page(*a, **k)
pages.game_markdown = held
from pasyans.cli import app
sys.argv[0] = "pasyans"
app()
"""
"""The real command held before its sixth page until a signal comes, so that the signal lands in the middle
(no timing: the test waits for five pages, not for a number of milliseconds)."""


def _mark(out):
    return json.loads(ExportFolder.mark_of(out, "markdown").read_text("utf-8"))


def _pages(out, ext="md"):
    return sorted(p.name for p in out.glob(f"*.{ext}"))


def test_a_markdown_export_stopped_by_ctrl_c_is_finished_by_the_same_command(built_kb, kb, tmp_path):
    db, out = str(built_kb[0]), tmp_path / "pages"
    games = kb.execute("SELECT count(*) FROM games").fetchone()[0]
    proc = subprocess.Popen([sys.executable, "-c", SLOW_PAGES, "export", "--format", "markdown", "--out", str(out),
                             "--db", db], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    while len(_pages(out)) < 5 and proc.poll() is None:  # five pages written, the sixth held (no clock read)
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)  # Ctrl-C
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.decode("utf-8").strip() == f"interrupted; {out} is incomplete: the same command finishes it"
    assert 5 <= len(_pages(out)) < games and not (out / "index.md").exists()
    assert _mark(out)["state"] == "unfinished" and set(_pages(out)) <= set(_mark(out)["files"])
    (out / "my-notes.md").write_text("my own notes\n", "utf-8")  # the user's file, put there meanwhile

    r = CliRunner().invoke(app, ["export", "--format", "markdown", "--out", str(out), "--db", db])
    assert r.exit_code == 0, r.output
    assert r.output.strip() == f"wrote {games} pages and index.md to {out}"
    assert len(_pages(out)) == games + 2  # every game, index.md, and the user's file
    assert (out / "my-notes.md").read_text("utf-8") == "my own notes\n"
    assert _mark(out) == {"format": "markdown", "state": "complete",
                          "files": sorted(set(_pages(out)) - {"my-notes.md"})}
    assert (out / "004-004.md").read_text("utf-8").startswith("# Осажденная крепость")
    assert not [p for p in out.iterdir() if TEMP_MARK in p.name or p.name.endswith(".build-lock")]


def test_an_html_export_stopped_by_a_full_disk_is_finished_and_its_stale_pages_removed(built_kb, tmp_path, monkeypatch):
    db, out = str(built_kb[0]), tmp_path / "html"
    out.mkdir()
    (out / "mine.html").write_text("<p>mine</p>", "utf-8")  # not the export's: never removed
    (out / "999-1.html").write_text("<p>a game gone</p>", "utf-8")  # an earlier export's page of a game now gone
    ExportFolder.mark_of(out, "html").write_text(json.dumps({"format": "html", "state": "complete",
                                                             "files": ["999-1.html", "index.html"]}), "utf-8")
    import builtins

    import pasyans.files as files

    calls = []

    def full_disk(path, *a, **k):  # the fourth page's temporary file finds the disk full
        calls.append(path)
        if len(calls) > 1 + 3:  # the mark, then three pages
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return builtins.open(path, *a, **k)

    monkeypatch.setattr(files, "open", full_disk, raising=False)
    r = CliRunner().invoke(app, ["export", "--format", "html", "--out", str(out), "--db", db])
    fourth = out / calls[1 + 3].name.split(TEMP_MARK)[0]  # (the mark, saved again on the way out, fails too)
    assert r.exit_code == 1 and r.output.strip() == (f"error: {fourth}: no space left on the device (nothing written; "
                                                     "the file is as it was); free some space, or write elsewhere")
    assert json.loads(ExportFolder.mark_of(out, "html").read_text("utf-8"))["state"] == "unfinished"
    assert len(_pages(out, "html")) == 2 + 3  # mine, the stale page, three new pages

    monkeypatch.undo()
    r = CliRunner().invoke(app, ["export", "--format", "html", "--out", str(out), "--db", db])
    assert r.exit_code == 0, r.output
    assert (out / "index.html").is_file() and not (out / "999-1.html").exists()
    assert (out / "mine.html").read_text("utf-8") == "<p>mine</p>"


def test_a_folder_of_someone_elses_files_is_still_refused(built_kb, tmp_path):
    out = tmp_path / "letters"
    out.mkdir()
    (out / "004-004.md").write_text("a letter", "utf-8")
    r = CliRunner().invoke(app, ["export", "--format", "markdown", "--out", str(out), "--db", str(built_kb[0])])
    assert r.exit_code == 1
    assert r.output.strip() == (f"error: {out}: is not empty and holds no earlier markdown export (index.md); not "
                                "writing into it; give another folder, or --force to write there")
    assert (out / "004-004.md").read_text("utf-8") == "a letter" and len(list(out.iterdir())) == 1
    # an html export's mark makes no markdown export of the folder
    ExportFolder.mark_of(out, "html").write_text('{"format": "html", "state": "complete", "files": []}', "utf-8")
    r = CliRunner().invoke(app, ["export", "--format", "markdown", "--out", str(out), "--db", str(built_kb[0])])
    assert r.exit_code == 1 and (out / "004-004.md").read_text("utf-8") == "a letter"
