"""Property tests: every public reading entry point survives text in the genre's styles.

Each entry point of :data:`tests.fuzz_targets.TARGETS` gets a few dozen generated inputs
(derandomized: the same inputs each run, so a loaded machine cannot make it flaky); it may raise
only what it documents. ``bench/fuzz.py`` runs ≥ 10,000 inputs per entry point and reports.
Inputs that crashed an entry point once (:data:`FIXED`) run first. An entry point with a crash
its owner is fixing runs the reproducer of :data:`KNOWN` first and is ``xfail(strict=True)``:
the day the fix lands it fails, asking to drop the mark.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings

from .bench_loader import load_bench
from .fuzz_targets import FIXED, KNOWN, TARGETS, Target, small_kb

SETTINGS = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def ctx(tmp_path_factory):
    from pasyans.kb.query import connect

    path = small_kb(tmp_path_factory.mktemp("fuzz"))
    return {"db": connect(path), "path": path}


def _property(target: Target):
    @SETTINGS
    @given(text=target.strategy())
    def test(ctx, text):
        target.check(text, ctx)

    for reproducer in FIXED.get(target.name, ()):
        test = example(text=reproducer)(test)
    if target.name in KNOWN:
        to, reproducers = KNOWN[target.name]
        for reproducer in reproducers:
            test = example(text=reproducer)(test)
        test = pytest.mark.xfail(strict=True, reason=f"known crash, reproducer noted to {to} (NOTES.md)")(test)
    test.__name__ = f"test_{target.name}_never_crashes"
    test.__doc__ = f"{target.name} ({target.area}, {target.owner}) raises only what it documents."
    return test


for _t in TARGETS:
    globals()[f"test_{_t.name}_never_crashes"] = _property(_t)


def test_every_known_crash_names_a_target():
    assert set(KNOWN) | set(FIXED) <= {t.name for t in TARGETS}


def test_the_fuzzer_draws_the_shared_inputs_once(tmp_path):
    """bench/fuzz.py: the genre-text entry points run one list of inputs, drawn once (seeded) and
    read back from its file — the same inputs hypothesis gives an entry point with that seed."""
    from pathlib import Path

    from .fuzz_targets import genre_text

    fuzz = load_bench("fuzz")
    path = tmp_path / "inputs.json"
    drawn = fuzz.shared_inputs(str(path), 12, 3)
    assert drawn == fuzz.generated(genre_text(), 12, 3) and len(drawn) == 12
    seen = []
    fuzz._given(lambda text: seen.append(text), genre_text(), 12, 3)
    assert seen == drawn
    path.write_text('{"n": 12, "seed": 3, "inputs": ["\\ud800"]}', "ascii")
    assert fuzz.shared_inputs(str(path), 12, 3) == ["\ud800"]  # read back, not drawn again
    assert fuzz.shared_inputs(str(path), 12, 4) == fuzz.generated(genre_text(), 12, 4)  # another seed: drawn
    report = fuzz.fuzz_one("headings", 12, 1.0, 3, None, 0, str(path))
    assert (report["inputs"], report["crashes"]) == (12, 0)
