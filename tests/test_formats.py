"""Exports of the rule spec: Markdown pages (kb/formats.py), from the specs the pipeline reads out
of the real texts. Solvitaire rule files: tests/test_solvitaire.py."""

from __future__ import annotations

import pytest

from pasyans.kb.formats import to_markdown


@pytest.fixture(scope="module")
def book(read_corpus):
    """The book as the build read it, with its specs (game key → (spec, findings))."""
    return read_corpus["004"], read_corpus["004"].specs


def export_entry(seg, specs, key) -> dict:
    """A game as ``kb/export.py`` writes it (the fields to_markdown reads)."""
    g = next(x for x in seg.games if x.key == key)
    return {"id": g.key, "name": g.name, "printed_name": g.printed_name, "source": g.source,
            "lines": [list(x) for x in g.lines], "variant_of": g.variant_of, "page": g.page,
            "fragment": g.fragment, "rules_used": g.rules_used,
            "aliases": [{"name": a.name, "language": a.language, "lines": list(a.lines), "kind": a.kind}
                        for a in g.aliases],
            "rules": specs[key][0],
            "examples": [{"lines": list(e.lines), "moves": [{"verdict": "legal"}, {"verdict": "unverifiable"}]}
                         for e in g.examples]}


# -- Markdown -------------------------------------------------------------------------------------


def test_markdown_page_of_golf(book):
    seg, specs = book
    page = to_markdown(export_entry(seg, specs, "004-021"))
    assert page.startswith("# Гольф (004-021)\n")
    assert "source 004, lines 1730–1781, lines 1800–1802 · page 36" in page
    assert ("- **build direction**: up or down — «Любая из карт в нижнем ряду звеньев пригодна для покрытия "
            "верхней карты резервной стопки в восходящей или нисходящей последовательности, независимо от масти.» "
            "(lines 1743–1747)") in page
    assert "- **build suit**: any suit — same sentence (lines 1743–1747)" in page
    assert "- **packs**: 1 — inherited from book section label «ИГРЫ ОДНОЙ КОЛОДОЙ»" in page
    assert "- **cells**: ? — *unknown* — no sentence of the game's text states it" in page
    assert "### Waste" in page and "### Special rules" in page
    assert "1 example(s), 2 move(s): legal 1, unverifiable 1" in page


def test_markdown_shows_conflicts_and_numbered_rules(book, read_corpus):
    seg, specs = book
    page = to_markdown(export_entry(seg, specs, "004-014"))       # «Демон»: face down and face up
    assert "### Conflicts in the text" in page and "- **layout.face**: «Выложите стопку из тринадцати карт" in page
    seg0 = read_corpus["000"]
    specs0 = seg0.specs
    page0 = to_markdown(export_entry(seg0, specs0, "000-5"))
    assert "numbered rules used: 10, 2, 3, 4, 7" in page0
    assert "- **base card**: A — inherited from 000 Правило 3, line 17: «Мета пасьянсу" in page0
    assert "- **paganini-windows**:" in page0 and "[000 Правило 4, lines 18–19]" in page0


def test_markdown_without_rules():
    page = to_markdown({"id": "001-1", "name": None, "source": "001", "lines": [[1, 1]], "fragment": True, "rules": {}})
    assert page.splitlines()[0] == "# (no title) (001-1)"
    assert "No rule spec was read for this game." in page and "fragment" in page
