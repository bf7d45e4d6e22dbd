"""Shared fixtures: the real corpus, the gold annotations, and one knowledge base built from the
bundled corpus per test session (the build is the thing most tests read)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def corpus():
    from pasyans.corpus import load_corpus

    return {s.id: s for s in load_corpus(ROOT / "corpus")}


@pytest.fixture(scope="session")
def gold_000_003():
    return json.loads((FIXTURES / "gold" / "000_003.json").read_text("utf-8"))


@pytest.fixture(scope="session")
def gold_004():
    return json.loads((FIXTURES / "gold" / "004_part1.json").read_text("utf-8"))


@pytest.fixture(scope="session")
def built_kb(tmp_path_factory):
    """(path, BuildSummary) of a knowledge base built from the bundled corpus."""
    from pasyans.pipeline import build

    db = tmp_path_factory.mktemp("kb") / "pasyans.db"
    summary = build(ROOT / "corpus", db)
    return db, summary


@pytest.fixture(scope="session")
def kb(built_kb):
    import sqlite3

    conn = sqlite3.connect(built_kb[0])
    yield conn
    conn.close()
