"""The printed books' apparatus around a game's rules (session 7): footnotes «*)» / «¹», worked examples
(«Например: …», a «Решение.» paragraph), words broken at a line end. None of them may set a rule field, nor
break the reading of the rule sentence they stand in. Sentences are written for these tests (pre-1918
spelling where the books print it), not taken from a dev sample."""

from __future__ import annotations

from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.rules import extract_rules_with_findings, get_field
from pasyans.extract.rules.interpret import PRE_1918
from pasyans.extract.text import MappedText


def _read(text: str, lang: str = "ru"):
    mt = MappedText.from_lines(text.split("\n"))
    if PRE_1918.search(text):
        mt = modernize_mapped(mt)
    return extract_rules_with_findings(mt, lang)


def test_a_footnote_is_a_variant_not_the_pack():
    spec, _ = _read("Берутъ колоду въ пятьдесятъ двѣ карты*).\nРаскладываютъ девять кучекъ.\n"
                    "*) Въ другихъ мѣстахъ берутъ колоду въ тридцать двѣ карты.")
    pack = get_field(spec, "deck.cards_per_pack")
    assert (pack["value"], pack["lines"]) == (52, [1, 1])
    assert not spec["conflicts"]
    note = next(s for s in spec["special"] if s["name"] == "variant")
    assert note["quote"].startswith("*)") and note["lines"] == [3, 3]


def test_a_footnote_mark_does_not_break_its_sentence():
    spec, _ = _read("Восемь тузовъ кладутъ кругомъ**) и строятъ на нихъ по мастямъ до королей.")
    assert get_field(spec, "foundations.direction")["value"] == "up"
    assert get_field(spec, "foundations.suit")["value"] == "same-suit"
    assert get_field(spec, "tableau.build_direction")["status"] == "unknown"


def test_an_example_naming_cards_sets_no_field_and_makes_no_conflict():
    spec, findings = _read("В колонках карты кладут по убыванию той же масти. "
                           "Например, на десятку бубен можно положить девятку пик, ведь масть тут не важна.")
    assert get_field(spec, "tableau.build_suit")["value"] == "same-suit"
    assert not spec["conflicts"]
    assert any(f.kind == "not-a-rule" and f.token.startswith("Например") for f in findings)


def test_a_solution_paragraph_is_an_example_throughout():
    spec, findings = _read("Въ кучкахъ кладутъ карту на старшую однимъ очкомъ, черную на красную.\n"
                           "Рѣшеніе. Положимъ, открыты семерка трефъ и восьмерка пикъ.\n"
                           "Семерку трефъ кладутъ на восьмерку пикъ, масть тутъ безразлична.")
    assert get_field(spec, "tableau.build_suit")["value"] == "alternate-color"
    assert not spec["conflicts"]
    assert sum(f.kind == "not-a-rule" for f in findings) >= 2


def test_a_rule_told_by_example_is_weaker_than_the_rule():
    spec, _ = _read("Например, шестерка может покрыть любую семерку. В рядах карты кладут по возрастанию.")
    got = get_field(spec, "tableau.build_direction")
    assert (got["value"], got["quote"]) == ("up", "В рядах карты кладут по возрастанию.")


def test_a_word_broken_at_a_line_end_is_read_whole():
    spec, _ = _read("На основанія кладутъ карты той же масти въ по-\nрядкѣ возрастанія.")
    got = get_field(spec, "foundations.direction")
    assert (got["value"], got["lines"]) == ("up", [1, 2])
    assert get_field(spec, "tableau.build_direction")["status"] == "unknown"


def test_a_goal_naming_piles_says_why_they_are_not_the_layout():
    spec, findings = _read("Цель игры — разложить все карты по восьми стопкам по тринадцать карт.")
    assert get_field(spec, "layout.tableau_piles")["status"] == "unknown"
    assert any(f.kind == "reading-choice" and "goal names" in f.message for f in findings)


def test_a_deal_waiting_for_no_space_and_a_group_of_one_suit():
    spec, _ = _read("Когда ходов нет, из колоды сдают по карте на каждую стопку, но лишь если ни одна стопка не пуста.\n"
                    "Группу карт переносят, только если все они одной масти.")
    assert get_field(spec, "stock.deal_when")["value"] == "no-spaces"
    assert get_field(spec, "tableau.space")["status"] == "unknown"
    assert get_field(spec, "tableau.move")["value"] == "same-suit-sequence"
