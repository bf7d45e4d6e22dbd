"""`pasyans verify` on a 100-column terminal (session 8, papercuts 5): every line of the whole bundled
corpus fits, a long reason or quote cut with «…», never wrapped. Run in a real pseudo-terminal of 100
columns (the window size set on it), as a user's terminal runs it; piped, each line stays whole
(tests/test_kb.py::test_verify_into_a_pipe_writes_each_reason_whole)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios

import pytest
from rich.cells import cell_len

from pasyans.shorten import shorten

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def on_a_terminal(args: list[str], columns: int = 100) -> list[str]:
    """The lines ``pasyans ARGS`` shows on a terminal ``columns`` wide (colour codes left out)."""
    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.Popen([sys.executable, "-m", "pasyans.cli", *args], stdout=side, stderr=side,
                            stdin=subprocess.DEVNULL, env=env)
    os.close(side)
    chunks = []
    while True:
        try:
            data = os.read(main, 1 << 16)
        except OSError:  # the other side closed (Linux: EIO)
            break
        if not data:
            break
        chunks.append(data)
    os.close(main)
    assert proc.wait(timeout=120) == 0
    text = b"".join(chunks).decode("utf-8")
    return [ESCAPES.sub("", ln) for ln in text.replace("\r\n", "\n").split("\n")]


@pytest.mark.parametrize("args", [["verify"], ["verify", "--unparsed"], ["verify", "--errata"]])
def test_every_line_of_verify_fits_a_100_column_terminal(built_kb, args):
    lines = on_a_terminal([*args, "--db", str(built_kb[0])])
    assert len(lines) > 10
    assert [ln for ln in lines if cell_len(ln) > 100] == []


def test_the_longest_reason_is_cut_with_an_ellipsis_not_wrapped(built_kb, kb):
    game, reason = kb.execute("SELECT game, reason FROM moves ORDER BY length(reason) DESC LIMIT 1").fetchone()
    assert len(reason) > 100
    lines = on_a_terminal(["verify", game, "--db", str(built_kb[0])])
    shown = "      " + " ".join(reason.split())
    cut = shorten(shown, 100)  # after its last whole word that fits, with «…»
    assert cut.endswith("…") and len(cut) > 80 and cut in lines
    rest = shown[len(cut) - 1:].strip()
    assert not any(ln.strip() and rest.startswith(ln.strip()) for ln in lines)  # no wrapped remainder


def test_an_unparsed_sentence_shows_its_words_first_then_what_was_made_of_them(built_kb):
    """000's line 15 (Ukrainian «Всі тузи один за іншим вилучають з розкладки …») sets no rule field:
    on the terminal its words come first, cut to the width, and the finding's message under them."""
    lines = on_a_terminal(["verify", "000-1", "--unparsed", "--db", str(built_kb[0])])
    at = next(i for i, ln in enumerate(lines) if ln.startswith("000:15-15  000-1        unparsed-rule-sentence «Всі тузи"))
    assert lines[at].endswith("…") and 90 <= cell_len(lines[at]) <= 100 and not lines[at][-2].isspace()
    assert lines[at + 1] == "      sentence uses rule words but no rule field was read from it"
