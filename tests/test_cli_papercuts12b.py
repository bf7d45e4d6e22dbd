"""Papercuts of session 12, second batch (the fresh-clone tester's findings of 13:00), each with the real value."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pasyans.add import detect
from pasyans.cli import app
from pasyans.extract.name_case import nominative


@pytest.mark.parametrize("name, lang, shown", [
    ("Сорок розбійників", "uk", "Сорок розбійників"),  # was «Сороки розбійників»: pymorphy3 uk's best «Сорок» is сорока
    ("Сорок разбойников", "ru", "Сорок разбойников"),
    ("Могилой Наполеона", "ru", "Могила Наполеона"),   # a noun's oblique case is still put in the nominative
    ("Свободную ячейку", "ru", "Свободная ячейка"),
])
def test_a_numeral_before_a_genitive_plural_stays_as_printed(name, lang, shown):
    assert nominative(name, lang) == shown


def test_a_long_query_is_no_guess_of_a_short_name_it_contains(built_kb):
    """«Гольф'; drop table games;--» was «a guess: only a similar spelling (90%)» of «Гольф» (WRatio's
    partial ratio rewards containment); whole names are compared whole."""
    r = CliRunner().invoke(app, ["find", "Гольф'; drop table games;--", "--db", str(built_kb[0])])
    assert r.exit_code == 1
    assert "Гольф  [" not in r.stdout


def test_add_usage_names_its_files_as_the_readme_does():
    r = CliRunner().invoke(app, ["add", "--help"])
    assert " add [OPTIONS] {FILE...}" in r.stdout  # was {files}...


def test_a_title_after_blank_lines_is_said_to_be_on_its_line(tmp_path):
    f = tmp_path / "t.txt"
    f.write_text("\n\nПасьянс «Гольф»\n\nРаскладывают одну колоду в семь рядов по пять карт.\n", encoding="utf-8")
    d = detect(f)
    assert (d.entry["title"], d.reasons["title"]) == ("Пасьянс «Гольф»", "its first line of text (line 3)")


def test_the_time_left_counts_the_sources_still_being_read():
    """Two workers, the book (181,405 characters) and four short texts: when a worker finishes the
    short ones, the book has been read as long, at the same rate (at most 90 % of it)."""
    from pasyans.pipeline import InFlight

    now = [0.0]
    lengths = [5267, 4342, 5492, 26787, 181405]
    f = InFlight(lengths, [4, 3, 2, 0, 1], 2, clock=lambda: now[0])
    now[0] = 16.0
    assert f.finished(3) == 16.0                          # 26,787 characters in 16 s; 002 starts
    assert f.work(16.0) == pytest.approx(26787)           # the book, read for 16 s at that rate
    now[0] = 31.0
    for i in (2, 0, 1):
        f.finished(i)
    assert f.work(31.0) == pytest.approx(41888 / 31 * 31)  # only the book is still being read
    assert f.work(500.0) == pytest.approx(0.9 * 181405)
