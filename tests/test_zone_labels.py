"""Labels of the parts of a layout (section_labels.json ``zone_labels``), credits lines and forum handles
(page_furniture.json), a genre subtitle under a title (heading_shapes.json ``document_genres``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pasyans.extract import headings as hd
from pasyans.extract.article_words import document_genre

ROOT = Path(__file__).resolve().parent.parent
ZONES = json.loads((ROOT / "pasyans" / "data" / "section_labels.json").read_text("utf-8"))["zone_labels"]
GENRES = json.loads((ROOT / "pasyans" / "data" / "heading_shapes.json").read_text("utf-8"))["document_genres"]


def _lang(s: str) -> str:
    return "uk" if any(c in s for c in "ієїґ") else "ru"


@pytest.mark.parametrize("line", ZONES["examples"])
def test_a_part_of_the_layout_before_its_text_is_a_rules_section(line):
    lab = hd.section_label(line, _lang(line))
    assert lab is not None and lab.kind == "rules" and lab.rest is not None


@pytest.mark.parametrize("line", ZONES["not"])
def test_a_sentence_or_a_game_named_after_a_cell_is_no_label(line):
    assert hd.section_label(line, _lang(line)) is None


@pytest.mark.parametrize("line", GENRES["examples"])
def test_a_line_naming_a_kind_of_document_names_no_game(line):
    assert document_genre(line, _lang(line))


def test_a_genre_subtitle_under_the_title_leaves_the_title_to_the_game():
    from pasyans.extract.articles import segment_source
    from pasyans.corpus import Source

    text = "\n".join([
        "Клуб «Ладья» · Дом творчества",
        "Занятие 4. Пасьянс «Часы»",
        "Памятка для учащихся 3–4 классов",
        "",
        "Разложите карты по кругу, как цифры на циферблате: двенадцать стопок по четыре карты и тринадцатая в центре.",
        "Открывайте верхнюю карту центральной стопки и кладите её под стопку своего часа.",
        "",
        "Руководитель кружка: М. П. Орлова",
    ])
    src = Source(id="z01", file="z.txt", language="ru", orthography="modern", kind="article", title="z",
                 sha256="", path=None, text=text, segmenter="headings", notation="words", languages=[])
    seg = segment_source(src)
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Часы", [(2, 6)])]
    assert any(f.lines == (8, 8) and "credits" in f.message for f in seg.findings)
