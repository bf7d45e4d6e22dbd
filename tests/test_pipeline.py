"""The build's reading of sources in parallel (pasyans.pipeline.read_sources): the same records as
reading them one by one, errors raised where the build can report them."""

from __future__ import annotations

import multiprocessing
import signal

import pytest

from pasyans import pipeline
from pasyans.corpus import CorpusError

SMALL = ("000", "001", "002")  # the three short articles: a pool of two workers, a few seconds


def _records(seg):
    return [(g.key, g.name, g.lines, g.rules, [[(v.verdict, v.reason) for v in ex.verdicts] for ex in g.examples])
            for g in seg.games]


def test_two_workers_read_what_one_process_reads(corpus, read_corpus):
    steps = []
    segs = pipeline.read_sources([corpus[s] for s in SMALL], jobs=2, on_step=lambda *a: steps.append(a))
    assert [s.source.id for s in segs] == list(SMALL)  # corpus order, whichever finished first
    for sid, seg in zip(SMALL, segs):
        assert _records(seg) == _records(read_corpus[sid])
    # work in characters: a first step at 0, then the characters of the sources read so far (and of those
    # still being read, as far as they likely are: pipeline.InFlight)
    chars = [len(corpus[s].text) for s in SMALL]
    dones = [done for _label, done, _total in steps]
    assert steps[0][:2] == ("reading 3 sources", 0) and dones == sorted(dones) and dones[-1] == sum(chars)
    assert len(dones) == len(SMALL) + 1 and dones[1] >= min(chars)  # a step per source; the sources in flight count too
    assert {t for *_x, t in steps} == {pipeline.build_work([corpus[s] for s in SMALL])} and sum(chars) < steps[0][2]
    assert any(g.key == "000-2" and g.rules["stock"]["redeals"]["value"] == 1 for g in segs[0].games)


def test_an_error_in_a_worker_reaches_the_build(corpus, segmented, monkeypatch):
    # a game longer than the limit stops the build with one line naming the file (workers are
    # forked, so they see the lowered limit): only 002 has a game longer than 001's longest
    limit = max(len(g.text) for g in segmented["001"].games)
    assert max(len(g.text) for g in segmented["002"].games) > limit
    monkeypatch.setattr(pipeline, "MAX_GAME_CHARS", limit)
    before = set(multiprocessing.active_children())
    with pytest.raises(CorpusError, match=r"002_9294169c5fd42537\.txt:\d+-\d+: the game «.+» is [\d,]+ characters long"):
        pipeline.read_sources([corpus["001"], corpus["002"]], jobs=2)
    assert set(multiprocessing.active_children()) <= before  # the other worker stopped, not left reading


def test_an_interrupt_while_reading_ends_the_workers_at_once(corpus, monkeypatch):
    # a Ctrl-C Python wrapped in another error (during an import) left the workers reading on,
    # then waiting for ever (orphans seen 47 min and 1 h 47 min after a test build)
    import concurrent.futures

    before = set(multiprocessing.active_children())
    workers = []

    def interrupted(_futures, timeout=None):
        workers.extend(set(multiprocessing.active_children()) - before)
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as ki:
            raise RuntimeError("Error calling __set_name__") from ki
        yield

    monkeypatch.setattr(concurrent.futures, "as_completed", interrupted)
    with pytest.raises(RuntimeError, match="__set_name__"):
        pipeline.read_sources([corpus[s] for s in SMALL], jobs=2)
    assert len(workers) == 2 and set(multiprocessing.active_children()) <= before
    assert [w.exitcode for w in workers] == [-signal.SIGKILL] * 2  # stopped, not waited for (exit 0)


def test_jobs_must_be_positive(corpus):
    with pytest.raises(ValueError, match="jobs must be at least 1"):
        pipeline.read_sources([corpus["001"]], jobs=0)


def test_sources_read_on_a_dask_cluster_as_in_this_process(corpus, read_corpus, tmp_path):
    # beyond one machine: the per-source step is a pure function of the source, so a distributed
    # engine can map it (README: «A library too big for one machine»); here a local cluster of one
    # worker process, which pickles the sources and the records both ways
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        sources = [corpus["001"], corpus["002"]]
        segs = client.gather(client.map(pipeline.read_source, sources))
    assert [_records(s) for s in segs] == [_records(read_corpus["001"]), _records(read_corpus["002"])]
    summary = pipeline.write(tmp_path / "shelf.db", sources, segs)
    assert summary.games_per_source == {"001": 4, "002": 3}


def test_a_build_collects_garbage_less_often_and_puts_the_thresholds_back(monkeypatch, tmp_path):
    import gc

    from pasyans import pipeline

    seen = []
    monkeypatch.setattr(pipeline, "_build", lambda *a, **k: seen.append(gc.get_threshold()) or "built")
    with pipeline.fewer_collections((900, 9, 9)):  # whatever the caller had
        assert pipeline.build(None, tmp_path / "kb.db") == "built"
        assert seen == [pipeline.GC_THRESHOLD] and gc.get_threshold() == (900, 9, 9)
        with pytest.raises(KeyError), pipeline.fewer_collections((1000, 5, 5)):
            assert gc.get_threshold() == (1000, 5, 5)
            raise KeyError("a failed build")
        assert gc.get_threshold() == (900, 9, 9)


def _dies_on_002(src, languages):
    """A reading worker that dies without a word (os._exit: as the OOM killer or SIGKILL would) on 002."""
    import os

    if src.id == "002":
        os._exit(1)
    return _READ(src, languages)


def _hangs_on_002(src, languages):
    """A reading worker that never finishes 002 (a lock copied by fork, a loop)."""
    import time

    if src.id == "002":
        time.sleep(3600)
    return _READ(src, languages)


_READ = pipeline.read_source_rows


@pytest.mark.parametrize("worker", [_dies_on_002, _hangs_on_002])
def test_a_dead_or_hung_worker_is_an_error_and_poisons_no_later_build(corpus, read_corpus, monkeypatch, worker):
    from concurrent.futures.process import BrokenProcessPool

    before = set(multiprocessing.active_children())
    with monkeypatch.context() as m:
        m.setattr(pipeline, "read_source_rows", worker)
        expected = BrokenProcessPool if worker is _dies_on_002 else TimeoutError
        with pytest.raises(expected):
            pipeline.read_sources([corpus["001"], corpus["002"]], jobs=2, timeout=20)
    assert set(multiprocessing.active_children()) <= before  # every worker ended, none left waiting
    segs = pipeline.read_sources([corpus["001"], corpus["002"]], jobs=2)  # a new pool reads as before
    assert [_records(s) for s in segs] == [_records(read_corpus["001"]), _records(read_corpus["002"])]
