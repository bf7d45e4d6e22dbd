"""Shared fixtures: the real corpus, the gold annotations, and the corpus segmented, read and
written to one knowledge base once per test session (:mod:`tests.corpus_session`): the build is
the thing most tests read. Session fixtures are shared: read them, never change them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from . import corpus_session

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def pytest_configure(config):
    """The suite collects garbage as a build does (:data:`pasyans.pipeline.GC_THRESHOLD`): its
    session fixtures hold the whole corpus read, a heap that Python's default thresholds walk over
    and over (≈ a fifth of the suite's CPU); only when cyclic garbage is freed changes."""
    import gc

    from pasyans.pipeline import GC_THRESHOLD

    gc.set_threshold(*GC_THRESHOLD)


@pytest.fixture(scope="session")
def corpus():
    """source id → Source of the bundled corpus."""
    return corpus_session.corpus()


@pytest.fixture(scope="session")
def segmented():
    """source id → pipeline.Segmented as segmentation left it (``.detail``: the segmenter's result)."""
    return corpus_session.segmented()


@pytest.fixture(scope="session")
def book_seg(segmented):
    """The book 004's BookSegmentation (table of contents, parts, games, glossary)."""
    return segmented["004"].detail


@pytest.fixture(scope="session")
def read_corpus():
    """source id → pipeline.Segmented read as the build reads it (moves, specs, verdicts)."""
    return corpus_session.read_corpus()


@pytest.fixture(scope="session")
def specs(read_corpus):
    """game key → (spec, findings) for every game of the corpus, as the build read them."""
    return corpus_session.specs()


@pytest.fixture(scope="session")
def gold_000_003():
    return json.loads((FIXTURES / "gold" / "000_003.json").read_text("utf-8"))


@pytest.fixture(scope="session")
def gold_004():
    return json.loads((FIXTURES / "gold" / "004_part1.json").read_text("utf-8"))


@pytest.fixture(scope="session")
def built_kb(tmp_path_factory, read_corpus):
    """(path, BuildSummary) of a knowledge base built from the bundled corpus (the session's
    reading of it, written by :func:`pasyans.pipeline.write` as ``pasyans build`` writes it)."""
    db = tmp_path_factory.mktemp("kb") / "pasyans.db"
    return db, corpus_session.write_kb(db)


@pytest.fixture(scope="session")
def kb(built_kb):
    import sqlite3

    conn = sqlite3.connect(built_kb[0])
    yield conn
    conn.close()
