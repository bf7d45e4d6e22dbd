"""``pasyans add`` stopped at any moment leaves nothing or a complete corpus (TESTER8 §4, §7: a Ctrl-C
at 1–2 s left a folder of the five bundled texts without manifest.json that blocked the retry)."""

from __future__ import annotations

import os
import shutil

import pytest
from typer.testing import CliRunner

from pasyans.add import WORK_PREFIX, add_texts
from pasyans.cli import app
from pasyans.corpus import load_corpus

from .conftest import FIXTURES

TEXTS = FIXTURES / "texts"


class _StopAt:
    """Make the ``at``-th call of the file operations ``add`` writes with raise ``stop`` (a Ctrl-C)."""

    def __init__(self, monkeypatch, at: int, stop: BaseException):
        self.n, self.at, self.stop = 0, at, stop
        for mod, name in ((shutil, "copyfile"), (os, "replace"), (os, "rename"), (os, "fdopen")):
            real = getattr(mod, name)
            monkeypatch.setattr(mod, name, self._wrap(real))

    def _wrap(self, real):
        def call(*a, **kw):
            self.n += 1
            if self.n == self.at:
                raise self.stop
            return real(*a, **kw)
        return call


def _state(corpus):
    """``None`` for no corpus (or the empty folder given), else the ids its manifest lists."""
    if not corpus.exists() or not any(corpus.iterdir()):
        return None
    return [s.id for s in load_corpus(corpus)]


def test_a_new_corpus_is_made_whole_or_not_at_all(tmp_path, monkeypatch):
    """Stopped at each of its writes in turn (the five bundled copies, the text, the manifest, the
    rename), ``add`` into a new folder leaves no folder — or the corpus with all six sources — and
    no work folder beside it; the retry then succeeds."""
    outcomes = set()
    for at in range(1, 12):
        base = tmp_path / f"t{at}"
        base.mkdir()
        corpus = base / "shelf"
        with monkeypatch.context() as m:
            _StopAt(m, at, KeyboardInterrupt())
            try:
                add_texts([TEXTS / "ru_pre1918.txt"], corpus)
            except KeyboardInterrupt:
                pass
        state = _state(corpus)
        assert state in (None, ["000", "001", "002", "003", "004", "005"]), (at, state)
        assert not [p.name for p in base.iterdir() if p.name.startswith(WORK_PREFIX)], at
        outcomes.add(state is None)
        (done,) = add_texts([TEXTS / "ru_pre1918.txt"], corpus)
        assert done.status in ("added", "already") and done.entry["id"] == "005"
        assert _state(corpus) == ["000", "001", "002", "003", "004", "005"]
    assert outcomes == {True, False}  # both ends were reached: the stop fell before and after the rename


def test_an_existing_corpus_keeps_its_texts_and_manifest_when_stopped(tmp_path, monkeypatch):
    corpus = tmp_path / "c"
    add_texts([TEXTS / "ru_caps.txt"], corpus, empty=True)
    before = sorted(p.name for p in corpus.iterdir())
    for at in range(1, 5):
        with monkeypatch.context() as m:
            _StopAt(m, at, SystemExit(143))  # SIGTERM, as the command turns it
            with pytest.raises(SystemExit):
                add_texts([TEXTS / "uk_manual.txt"], corpus)
        assert sorted(p.name for p in corpus.iterdir()) == before, at  # no temporary or unlisted file left
        assert [s.id for s in load_corpus(corpus)] == ["000"]
    (done,) = add_texts([TEXTS / "uk_manual.txt"], corpus)
    assert done.entry["id"] == "001" and [s.id for s in load_corpus(corpus)] == ["000", "001"]


def test_the_command_says_what_an_interrupted_add_left(tmp_path, monkeypatch):
    runner = CliRunner()
    corpus = tmp_path / "ca"
    _StopAt(monkeypatch, 3, KeyboardInterrupt())
    r = runner.invoke(app, ["add", str(TEXTS / "ru_caps.txt"), "--corpus", str(corpus)])
    assert r.exit_code == 130 and f"interrupted; nothing added; {corpus} not made" in r.output
    assert not corpus.exists()
    monkeypatch.undo()
    _StopAt(monkeypatch, 2, SystemExit(143))
    r = runner.invoke(app, ["add", str(TEXTS / "ru_caps.txt"), "--corpus", str(corpus), "--empty"])
    assert r.exit_code == 143 and f"stopped by SIGTERM; nothing added; {corpus} not made" in r.output
    monkeypatch.undo()
    r = runner.invoke(app, ["add", str(TEXTS / "ru_caps.txt"), "--corpus", str(corpus), "--empty"])
    assert r.exit_code == 0, r.output


def test_a_work_folder_left_by_kill_9_is_removed_by_the_next_add(tmp_path):
    corpus = tmp_path / "c"
    dead = tmp_path / f"{WORK_PREFIX}c-999999999-x"  # no such process
    dead.mkdir()
    (dead / "000_a.txt").write_text("Пасьянс", "utf-8")
    add_texts([TEXTS / "ru_caps.txt"], corpus, empty=True)
    assert not dead.exists() and _state(corpus) == ["000"]


def test_an_empty_title_or_id_is_a_bad_option(tmp_path):
    """TESTER8 §4: `add … --title ""` was accepted (a source titled «»)."""
    from pasyans.add import AddOptionError

    for field in ("title", "id"):
        with pytest.raises(AddOptionError, match=f"--{field}: "):
            add_texts([TEXTS / "ru_caps.txt"], tmp_path / "c", empty=True, **{field: "  "})
    assert not (tmp_path / "c").exists()
