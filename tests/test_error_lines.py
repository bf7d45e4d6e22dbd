"""Every error line says what to do (session 8, papercuts 2): ``error: FILE[:LINE]: what is wrong; what to do``.

The cases are the real error paths of the command, not a list of today's messages: every bad command
line and every bad corpus of ``bench/fault_cases.py`` (the families ``bench/faults.py`` runs, some three
hundred: bad knowledge bases, names, option values, outputs, `add` inputs and options, manifests, texts)
run through the ``pasyans`` command. Each error line must

- end in what to do: after its last «; » (outside brackets and quotes) an instruction — a verb a
  person can follow («give …», «rebuild it …», «check …», «see `pasyans find --help`») — not only
  what is wrong;
- start with the file it is about when it names one of the command line's files or folders
  (``error: FILE: …``, ``error: FILE:LINE: …``), not bury it in the middle.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from pasyans.cli import app

from .bench_loader import load_bench
from .conftest import ROOT

INSTRUCTION = re.compile(
    r"(?:please )?(?:give|run|build|rebuild|free|check|use|make|remove|copy|split|save|leave|wait|stop|try|see|create|"
    r"write|add|upgrade|correct|set|list|install|rename|keep|choose|quote|report|fix|put|start|name)\b")
"""How a «what to do» starts: an instruction to the user (an imperative verb)."""

LOCATED = re.compile(r"error: (?P<file>.+?)(?::\d+(?:-\d+)?)?: ")


def last_clause(body: str) -> str | None:
    """The text after the last «; » of ``body`` outside brackets «( [ «» and quotes, or None."""
    depth, cut, quote = 0, None, None
    for i, ch in enumerate(body):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"" and (i == 0 or not body[i - 1].isalnum()):
            quote = ch
        elif ch in "([«":
            depth += 1
        elif ch in ")]»":
            depth = max(0, depth - 1)
        elif ch == ";" and depth == 0 and body[i + 1: i + 2] == " ":
            cut = i + 2
    return None if cut is None else body[cut:]


def problems(line: str, files: list[str]) -> list[str]:
    """What is wrong with the error line ``line`` of a command given the paths ``files``."""
    out = []
    todo = last_clause(line[len("error: "):])
    if todo is None or not INSTRUCTION.match(todo):
        out.append("no «; what to do» at its end")
    named = [f for f in files if f and f in line]
    m = LOCATED.match(line)
    if named and not (m and any(m.group("file") == f or m.group("file").startswith(f.rstrip("/") + "/")
                                for f in files if f)):  # the file itself, or a file in a folder given
        out.append(f"names {named[0]} but does not start with it")
    return out


def error_line(r) -> str | None:
    return next((ln for ln in r.output.splitlines() if ln.startswith("error: ")), None)


@pytest.fixture(scope="module")
def cases(built_kb, tmp_path_factory):
    """(name, argv, files named on the command line) of every bad command line and bad corpus."""
    fault_cases = load_bench("fault_cases")
    w = tmp_path_factory.mktemp("faults")
    base = w / "base.db"
    shutil.copy(built_kb[0], base)
    corpus = w / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    (w / "s").mkdir()
    out = [(name, argv) for name, argv, _guarded in fault_cases.bad_command_lines(base, corpus, w / "s")]
    for i, (name, files, manifest) in enumerate(fault_cases.bad_corpora()):
        c = fault_cases.make_corpus(w / f"c{i}", files, manifest)
        out.append((f"build of a corpus: {name}", ["build", "--corpus", str(c), "--db", str(w / f"c{i}.db"), "-q"]))
    return [(name, argv, [a for a in argv if a.startswith("/")]) for name, argv in out]  # the files: absolute paths


def test_every_error_line_of_the_bad_inputs_says_what_to_do(cases):
    bad, seen = [], 0
    for name, argv, files in cases:
        if argv[0] == "serve" and not any("--db" == a for a in argv[:-1]):
            continue
        if argv[0] == "serve":  # a server that may start: run as a user runs it, in its own process
            p = subprocess.run([sys.executable, "-m", "pasyans.cli", *argv], capture_output=True, timeout=60)
            line = next((ln for ln in p.stderr.decode("utf-8", "replace").splitlines() if ln.startswith("error: ")), None)
        else:
            line = error_line(CliRunner().invoke(app, argv))
        if line is None:
            continue
        seen += 1
        bad += [f"{name}: {p}: {line}" for p in problems(line, files)]
        if line.startswith("error: internal error"):  # a bug met at the edge, not a bad input told
            bad.append(f"{name}: a bug: {line}")
    assert seen > 250
    assert bad == []


@pytest.mark.parametrize("line,files,ok", [
    ("error: /tmp/k.db: no knowledge base here; run `pasyans build` first", ["/tmp/k.db"], True),
    ("error: /tmp/k.db: no knowledge base here (run `pasyans build` first)", ["/tmp/k.db"], False),
    ("error: /tmp/t.txt:3: binary file (NUL byte at offset 17); give a plain-text file", ["/tmp/t.txt"], True),
    ("error: binary file /tmp/t.txt; give a plain-text file", ["/tmp/t.txt"], False),
    ("error: /tmp/k.db: no game matches \"'; DROP TABLE games; --\"", ["/tmp/k.db"], False),
    ("error: No such command 'nosuch'; see `pasyans --help`", [], True),
])
def test_the_shape_check_itself(line, files, ok):
    assert (problems(line, files) == []) is ok
