"""One way a text is cut to fit (:func:`pasyans.shorten.shorten`): after a whole word, with «…» — the
book's quote in a verdict's reason, the move column of `pasyans show` (it was cut inside a word:
«… червовой двойки н»), a terminal line of `verify`, an error line."""

from __future__ import annotations

from typer.testing import CliRunner

from pasyans.cli import app
from pasyans.edge import one_line
from pasyans.shorten import shorten

RULE4 = "В вікно можна покласти карту, наступну по старшинству за картою, що лежить зліва від вікна."
"""Text 000, line 18 (the bundled corpus), after «Правило 4.»."""


def test_a_quote_is_cut_after_a_whole_word():
    assert shorten(RULE4, 60) == "В вікно можна покласти карту, наступну по старшинству за…"
    assert shorten(RULE4, 30) == "В вікно можна покласти карту…"  # the comma before the cut left off
    assert shorten(RULE4, len(RULE4)) == RULE4
    assert all(len(shorten(RULE4, n)) <= n for n in range(0, 100))


def test_one_long_word_is_cut_inside_it():
    assert shorten("Т-2-3-4-5-6-7-8-9-10-В-Д-К", 8) == "Т-2-3-4…"
    assert shorten("на Т-2-3-4-5-6-7-8-9-10-В-Д-К", 12) == "на Т-2-3-4…"  # no space in the second half


def test_show_cuts_the_move_column_after_a_whole_word(built_kb):
    """001-4, line 26: «Можно начать с укладки червовой двойки на туза» (46 characters) in the 40-column
    move column of `show`; the card and the place stay in their columns."""
    r = CliRunner().invoke(app, ["show", "001-4", "--db", str(built_kb[0])])
    assert r.exit_code == 0
    line = next(ln for ln in r.output.splitlines() if ln.startswith("    1. Можно"))
    assert line.startswith("    1. Можно начать с укладки червовой двойки…    2H → foundation legal ")


def test_an_error_line_too_long_is_cut_after_a_word():
    msg = "no game matches " + " ".join(["Осажденная крепость"] * 30)
    assert one_line(msg, 100) == "no game matches " + " ".join(["Осажденная крепость"] * 4) + "…"


def test_verify_keeps_the_card_column_whatever_the_verdict(built_kb):
    """The words of a move were given more room before a short verdict («legal») than before
    «unverifiable», so the card column moved from line to line."""
    r = CliRunner().invoke(app, ["verify", "004-002", "--db", str(built_kb[0])])  # «Агнесс», lines 411–418
    moves = [ln for ln in r.output.splitlines() if ln.startswith("  004:")]
    assert {ln.split()[-1] for ln in moves} >= {"legal", "unverifiable"}
    assert len({ln.index(" → ") for ln in moves}) == 1


def test_a_findings_quote_of_a_paragraph_ends_after_a_whole_word(kb):
    """«Сэр Томми» (004-036): the paragraph that goes on with the example was quoted «… картой из колоды буд…»."""
    (message,) = kb.execute("SELECT message FROM findings WHERE kind = 'example-continued' AND game = '004-036'").fetchone()
    assert message.startswith("the paragraph «Допустим, следующей картой из колоды…» goes on with the example")
