"""Every row of pasyans/data/card_words.json reads its example sentence: suit words (folk names too)
give the suit, colour words no suit (the rank alone)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from pasyans.extract.notation import COLOUR_WORDS, find_word_cards

DATA = json.loads(resources.files("pasyans").joinpath("data/card_words.json").read_text("utf-8"))
ROWS = [(r["lang"], r.get("suit") or r["colour"], r["example"][0], r["example"][1].split())
        for r in DATA["suits"] + DATA["colours"]]


@pytest.mark.parametrize("lang, what, text, cards", ROWS, ids=[r[2][:40] for r in ROWS])
def test_every_card_word_row_reads_its_example(lang, what, text, cards):
    assert [t.card.format() for t in find_word_cards(text, lang)] == cards


def test_colour_words_are_known_by_language():
    assert COLOUR_WORDS["uk"]["чорний"] == "black" and COLOUR_WORDS["ru"]["красный"] == "red"


def test_a_colour_is_no_suit():
    # «червоний» (red) is not «червовий» (hearts): the rank alone
    assert [t.card.format() for t in find_word_cards("Червону вісімку кладемо на чирвову дев'ятку.", "uk")] == ["8", "9H"]


def test_ukrainian_folk_suit_nouns_crosses_and_wine():
    from pasyans.extract.notation import find_word_cards

    got = [(c.card.format(), c.raw) for c in find_word_cards("Сімку хрестів кладемо на вісімку чирв; даму вина — на короля чирв.", "uk")]
    assert got == [("7C", "Сімку хрестів"), ("8H", "вісімку чирв"), ("QS", "даму вина"), ("KH", "короля чирв")]
