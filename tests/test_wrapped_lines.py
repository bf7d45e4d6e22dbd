"""A user's text printed with hard line breaks (an e-mail, a scan, a PDF export): a sentence wrapped over
lines is one sentence to the alias reader and to the examples, and a wrapped line's lower-case tail is no
section label; a rules section's label («Ход игры.») is no list of moves (a fresh-clone tester's findings)."""

from __future__ import annotations

from pathlib import Path

from pasyans.corpus import Source
from pasyans.extract import headings as hd
from pasyans.extract.articles import segment_article


def games(text: str, lang: str) -> list:
    src = Source(id="t", file="t.txt", language=lang, orthography="modern", kind="article", title="t",
                 sha256="0", path=Path("t.txt"), text=text, segmenter="headings", notation="words")
    return segment_article(src)


WRAPPED_UK = """ПАСЬЯНС «КОСИНКА»

Цей пасьянс ще називають «Косинкою
для терплячих», англійською
мовою — Klondike.

Розклад. Беруть одну колоду з 52 карт.
Розкладають сім стовпців, від однієї
карти до семи. Верхні карти відкриті.

Наприклад:
1) кладемо туза пік на базу;
2) шістку бубон кладемо на сімку
треф;
3) короля чирв кладемо на вільне місце.
"""


def test_a_quoted_alias_wrapped_over_two_lines_is_one_alias_with_both_lines():
    (g,) = games(WRAPPED_UK, "uk")
    names = {a.name: a.lines for a in g.aliases}
    assert names.get("Косинка для терплячих") == (3, 4)
    assert names.get("Klondike") == (5, 5)


def test_a_wrapped_list_item_stays_in_its_example():
    (g,) = games(WRAPPED_UK, "uk")
    assert [(e.lines, e.marker) for e in g.examples] == [((11, 15), "Наприклад")]
    assert "шістку бубон кладемо на сімку треф;" in g.examples[0].text


def test_a_wrapped_line_tail_in_lower_case_is_no_section_label():
    assert hd.section_label("карти. Верхні карти відкриті.", "uk") is None
    assert hd.section_label("Розклад. Беруть одну колоду.", "uk").kind == "setup"


def test_a_rules_label_naming_moves_opens_no_example():
    text = ("Пасьянс «Лунка»\n\nХод игры. На открытую карту можно положить карту на единицу старше или младше. "
            "На короля ничего не кладут. Когда ходов больше нет, открывают карту из колоды.\n\n"
            "Пример. Кладём восьмёрку червей на семёрку треф.\n")
    (g,) = games(text, "ru")
    assert [e.marker for e in g.examples] == ["Пример"]
    assert ("rules", "Ход игры") in [(s.kind, s.title) for s in g.sections]
