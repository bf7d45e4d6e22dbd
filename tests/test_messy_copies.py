"""A messy copy of a text reads as the clean one (TESTER8 §10, TOP 10 #9): CR-only line ends (an old
Mac file) — every fact and move was «line 1» — and OCR's Latin look-alikes inside Cyrillic words
(«Кoсынкa», «пикoвый») — 0 facts, 0 moves and not a word from `add`. Both are said by `add`; the
look-alikes are folded for reading by one function (:mod:`pasyans.extract.lookalikes`)."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from typer.testing import CliRunner

from pasyans.cli import app
from pasyans.extract.lookalikes import fold, mixed_words
from pasyans.pipeline import build

from .conftest import FIXTURES

CLEAN = FIXTURES / "texts" / "ru_caps.txt"


def _ocr(text: str) -> str:
    """Every other word of four letters or more with an «о» or «а» gets a Latin o / a for its first one."""
    n = 0

    def one(m):
        nonlocal n
        w = m.group()
        if len(w) < 4 or not re.search("[оа]", w):
            return w
        n += 1
        return re.sub("[оа]", lambda c: {"о": "o", "а": "a"}[c.group()], w, count=1) if n % 2 else w

    return re.sub(r"[А-Яа-яЁё]+", one, text)


def _read(tmp, name: str, data: bytes):
    """(add's output, {game name: (rules' stated values and lines, moves)}) of a corpus of one text."""
    src = tmp / name
    src.write_bytes(data)
    r = CliRunner().invoke(app, ["add", str(src), "--corpus", str(tmp / f"c_{name}"), "--empty"])
    assert r.exit_code == 0, r.output
    build(tmp / f"c_{name}", tmp / f"{name}.db", jobs=1)
    conn = sqlite3.connect(tmp / f"{name}.db")
    games = {}
    for gid, gname, rules in conn.execute("SELECT id, name, rules FROM games ORDER BY id"):
        spec = json.loads(rules or "{}")
        stated = sorted((f"{s}.{k}", json.dumps(f["value"], ensure_ascii=False), tuple(f["lines"] or ()))
                        for s, v in spec.items() if isinstance(v, dict)
                        for k, f in v.items() if isinstance(f, dict) and f.get("status") == "stated")
        moves = [tuple(m) for m in conn.execute(
            "SELECT m.card, m.\"to\", m.first_line, m.verdict FROM moves m JOIN examples e ON e.id = m.example "
            "WHERE e.game = ? ORDER BY m.rowid", (gid,))]
        games[gname] = (stated, moves)
    conn.close()
    return r.output, games


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    return _read(tmp_path_factory.mktemp("clean"), "clean.txt", CLEAN.read_bytes())[1]


def test_cr_only_line_ends_are_converted_and_said(tmp_path, clean):
    data = CLEAN.read_bytes().replace(b"\n", b"\r")
    out, games = _read(tmp_path, "mac.txt", data)
    assert re.search(r"line ends\s+CR only \(an old Mac file\): stored with LF line ends, so its 3[23] lines", out), out
    assert (tmp_path / "c_mac.txt" / "000_mac.txt").read_bytes() == CLEAN.read_bytes()
    assert games == clean and any(m[2] > 1 for _s, moves in games.values() for m in moves)


def test_latin_look_alikes_are_folded_for_reading_and_said(tmp_path, clean):
    text = _ocr(CLEAN.read_text("utf-8"))
    assert len(mixed_words(text)) > 40 and fold(text) == CLEAN.read_text("utf-8")
    out, games = _read(tmp_path, "ocr.txt", text.encode("utf-8"))
    assert re.search(r"look-alikes\s+\d+ words mix Latin and Cyrillic letters \(«[^»]+» line \d+", out), out
    assert (tmp_path / "c_ocr.txt" / "000_ocr.txt").read_text("utf-8") == text   # stored as it is
    assert games == clean and sum(len(s) for s, _m in games.values()) >= 10


def test_fold_leaves_latin_words_cards_and_roman_numerals():
    assert fold("Spider, QH → KS, T♠, PySolFC") == "Spider, QH → KS, T♠, PySolFC"
    assert fold("ХIХ век") == "ХIХ век" and fold("Windowsа") == "Windowsа"
    assert fold("ОГЛАВЛЕНiЕ. Какъ предыдущiй") == "ОГЛАВЛЕНіЕ. Какъ предыдущій"
