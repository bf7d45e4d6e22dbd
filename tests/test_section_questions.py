"""FAQ question headings label the section their answer opens (extract/section_questions.py, the
``questions`` table of pasyans/data/section_labels.json)."""

from __future__ import annotations

import pytest

from pasyans.extract import headings as hd
from pasyans.extract.section_questions import question_kind, table

EXAMPLES = table()["examples"]


@pytest.mark.parametrize("line, lang, kind", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_every_question_example_is_a_label_of_its_kind(line, lang, kind):
    assert question_kind(line, lang) == kind
    lab = hd.section_label(line, lang)
    assert lab is not None and lab.kind == kind and lab.rest is None


NOT = [tuple(x) for x in hd._load("section_labels.json")["questions"]["not_labels"]]


@pytest.mark.parametrize("line, lang", NOT, ids=[x[0][:30] for x in NOT])
def test_a_question_naming_a_game_or_a_card_is_no_label(line, lang):
    assert question_kind(line, lang) is None


def test_faq_page_sections_are_marked(tmp_path):
    # seg19/ru_app_faq.txt: three question headings under «Паук (Spider)», each a section of the game
    from pathlib import Path

    from pasyans.corpus import Source, read_text
    from pasyans.pipeline import segment

    path = Path(__file__).parent / "fixtures" / "seg19" / "ru_app_faq.txt"
    src = Source(id="t00", file=path.name, language="ru", orthography="modern", kind="article", title=path.name,
                 sha256="0", path=path, text=read_text(path), segmenter="headings", notation="symbol")
    games = [g for g in segment(src).games if not g.fragment]
    assert [g.name for g in games] == ["Паук"]
    secs = {s.lines[0]: (s.kind, s.title) for s in games[0].sections}
    assert secs[7] == ("setup", "Как раскладывать?")
    assert secs[10] == ("rules", "Куда можно класть карты?")
    assert secs[13] == ("end", "Когда пасьянс сходится?")


UNASKED = table()["unasked"]


@pytest.mark.parametrize("line, lang, kind", UNASKED["examples"], ids=[e[0] for e in UNASKED["examples"]])
def test_a_heading_asked_without_its_question_mark_is_a_label(line, lang, kind):
    # seg24/ru_blog_aliases.txt «Как ходить», «Когда пасьянс сошёлся»; uk_magazine_sections.txt «Як грати»
    lab = hd.section_label(line, lang)
    assert lab is not None and lab.kind == kind and lab.rest is None


@pytest.mark.parametrize("line, lang", UNASKED["not_labels"], ids=[x[0][:30] for x in UNASKED["not_labels"]])
def test_a_line_opening_with_an_adverb_that_no_kind_names_is_no_label(line, lang):
    assert question_kind(line, lang) is None
