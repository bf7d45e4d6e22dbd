"""Reading grows linearly with a text, whatever its shape (issue 16, TESTER8 #9): one short sentence
a line (an OCR or PDF dump) and one long paragraph. Work is counted, not timed: the Python function
calls (``sys.setprofile`` «call» events, generator resumptions included) of reading one source of
N and of 2N sentences. A step that rescans the text before each sentence (the worked-example check
of ``base_list`` did: 3 million calls at 1,200 lines, 176 thousand now) makes the count grow ×4 a
doubling; a linear reading, ×2. Timings are in ``bench/shapes.py``."""

from __future__ import annotations

import hashlib
import sys

import pytest

from pasyans.corpus import Source
from pasyans.pipeline import read_source

SHAPES = {
    "lines": lambda n: "Косынка\n\n" + "Кладут.\n" * n,
    "paragraph": lambda n: "Косынка\n\n" + " ".join(["Кладут карты."] * n) + "\n",
}


def _source(folder, text: str) -> Source:
    folder.mkdir()
    path = folder / "t.txt"
    path.write_text(text, "utf-8")
    return Source("t", "t.txt", "ru", "modern", "article", "test", hashlib.sha256(text.encode()).hexdigest(),
                  path, text)


def _calls(src: Source) -> int:
    n = 0

    def count(_frame, event, _arg):
        nonlocal n
        if event == "call":
            n += 1

    sys.setprofile(count)
    try:
        seg = read_source(src)
    finally:
        sys.setprofile(None)
    assert [g.name for g in seg.games] == ["Косынка"]
    return n


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_reading_a_text_twice_as_long_takes_twice_the_work(tmp_path, shape):
    small, large = (_source(tmp_path / str(n), SHAPES[shape](n)) for n in (200, 400))
    read_source(small)  # word forms, rows and matchers loaded: counted below is the reading alone
    a, b = _calls(small), _calls(large)
    assert b / a < 2.3, f"{shape}: {a} calls for 200 sentences, {b} for 400 (×{b / a:.2f})"
