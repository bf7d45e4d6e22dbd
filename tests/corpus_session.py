"""The bundled corpus read once per test session: loaded, segmented, read (examples, rules,
verdicts) and written to one knowledge base, each step once, shared by every test.

The fixtures of ``conftest.py`` (``corpus``, ``segmented``, ``read_corpus``, ``specs``,
``built_kb``) return these; helper modules of the tests that are not fixtures (the oracle specs)
call them directly. Everything returned is shared: **read it, never change it** — a test that
needs to change games takes ``seg.reading_copy()`` (or its own ``copy.deepcopy``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=1)
def corpus() -> dict:
    """source id → :class:`pasyans.corpus.Source` of the bundled corpus."""
    from pasyans.corpus import load_corpus

    return {s.id: s for s in load_corpus(ROOT / "corpus")}


@lru_cache(maxsize=1)
def segmented() -> dict:
    """source id → :class:`pasyans.pipeline.Segmented` as segmentation left it (nothing read yet);
    ``.detail`` is the segmenter's own result (the book's ``BookSegmentation``, an article's
    ``ArticleSegmentation``)."""
    from pasyans.pipeline import segment

    return {sid: segment(src) for sid, src in corpus().items()}


@lru_cache(maxsize=1)
def read_corpus() -> dict:
    """source id → :class:`pasyans.pipeline.Segmented` read as ``pasyans build`` reads it
    (:func:`pasyans.pipeline.read` on a copy of :func:`segmented`): moves, layouts, rule specs
    (``.specs``), verdicts."""
    from pasyans.pipeline import read

    return {sid: read(seg.reading_copy()) for sid, seg in segmented().items()}


def specs() -> dict:
    """game key → ``(spec, findings)`` of every game of the corpus, as the build read them."""
    return {k: v for seg in read_corpus().values() for k, v in seg.specs.items()}


def write_kb(db):
    """Write the knowledge base of :func:`read_corpus` at ``db``; returns the ``BuildSummary``."""
    from pasyans.pipeline import write

    src = corpus()
    return write(db, list(src.values()), [read_corpus()[sid] for sid in src])
