"""Other authors' phrasings of foundations and tableau builds (session 9), on the texts of
``tests/fixtures/other_authors7`` read whole as a build reads an added text: each fact with the line
that states it. The phrasings are rows of ``extract/rules/phrasings``; these are their whole-text tests."""

from __future__ import annotations

from pathlib import Path

from pasyans.extract.rules import get_field
from tests.test_rules_references import _read_source

FIXTURES = Path(__file__).parent / "fixtures"


def _rules(path: str, lang: str) -> dict:
    text = (FIXTURES / path).read_text("utf-8").rstrip("\n")
    return _read_source("o7", [text], lang)[0].rules


def _stated(spec: dict, path: str):
    f = get_field(spec, path)
    assert f["status"] == "stated", (path, f)
    return f["value"], f["lines"]


def test_uk_card_laid_on_one_point_higher_builds_down():
    # «Куди класти карти?» (line 6) / «… карту кладуть на одне очко старшу карту тієї ж масті» (line 7): the
    # higher card is the one laid on
    spec = _rules("other_authors7/uk/faq_scorpion.txt", "uk")
    assert _stated(spec, "tableau.build_direction") == ("down", [6, 7])
    assert _stated(spec, "tableau.build_suit") == ("same-suit", [6, 7])


def test_a_run_of_one_suit_into_the_home_is_a_complete_suit_foundation():
    # «зібрана в стовпчику послідовність однієї масті від короля до туза знімається в дім» (line 15)
    spec = _rules("other_authors7/uk/faq_scorpion.txt", "uk")
    assert _stated(spec, "foundations.complete_sequences") == (True, [14, 15])   # with its question «Де ж бази?»
    assert _stated(spec, "foundations.suit")[0] == "same-suit"
    assert _stated(spec, "foundations.direction")[0] == "down"


def test_ranks_laid_on_the_ace_one_after_another_are_no_list_of_bases():
    # «на туза кладутся двойка, тройка и так далее той же масти, вплоть до короля» (line 5)
    spec = _rules("other_authors7/ru/howto_bakers_dozen.txt", "ru")
    assert _stated(spec, "foundations.base") == ("A", [5, 5])
    # «Цвет и масть при этом значения не имеют» (line 6), after the build rule of the same line
    assert _stated(spec, "tableau.build_suit") == ("any-suit", [6, 6])


def test_uk_ranks_laid_on_it_build_the_foundation_up():
    # «Основу закладає туз; далі на нього кладуть двійку, трійку й так далі тієї самої масті» (line 7)
    spec = _rules("other_authors7/uk/lesson_freecell.txt", "uk")
    assert _stated(spec, "foundations.direction") == ("up", [7, 7])


def test_timecoded_lines_are_sentences_of_their_own():
    # a video description's «03:15 — пустую стопку можно занять любой картой …» is its own line's rule
    spec = _rules("other_authors7/ru/video_spider.txt", "ru")
    assert _stated(spec, "tableau.space") == ("any", [9, 9])
    assert _stated(spec, "tableau.move") == ("same-suit-sequence", [8, 8])


def test_uk_suit_to_suit_builds_in_the_same_suit():
    # «На столі карти кладуть масть у масть, як на одну вищу, так і на одну нижчу» (line 5)
    spec = _rules("other_authors7/uk/telegram_alaska.txt", "uk")
    assert _stated(spec, "tableau.build_suit") == ("same-suit", [5, 5])
    assert _stated(spec, "tableau.build_direction") == ("either", [5, 5])


def test_a_question_and_its_answer_are_read_as_one_rule():
    # «Питання: А порожній стовпчик?» (line 10) / «Відповідь: Його може зайняти лише король …» (line 11)
    spec = _rules("other_authors7/uk/faq_scorpion.txt", "uk")
    assert _stated(spec, "tableau.space") == ("kings", [10, 11])
    # a quiz line: «6. Чим можна заповнити порожній стовпчик? Правильна відповідь: будь-якою картою.» (line 9)
    quiz = _rules("other_authors6/uk/quiz_forty_thieves.txt", "uk")
    assert _stated(quiz, "tableau.space") == ("any", [9, 9])
    assert _stated(quiz, "tableau.move") == ("one-card", [8, 8])


def test_pre1918_lowering_order_and_alternating_red_with_black():
    # «На столѣ кладутъ карты въ понижающемся порядкѣ, чередуя красныя съ черными» (line 6), as printed
    spec = _rules("other_authors6/ru/pre1918_duchess.txt", "ru")
    assert _stated(spec, "tableau.build_direction") == ("down", [6, 6])
    assert _stated(spec, "tableau.build_suit") == ("alternate-color", [6, 6])
    # «На основныя карты кладутъ карты той же масти, повышая на одно очко» (line 5)
    assert _stated(spec, "foundations.direction") == ("up", [5, 5])


def test_more_ways_of_telling_rules_by_reference():
    from tests.test_rules_references import _read, _same_as

    cases = [("ru", "Паучок\nОт «Паука» эта игра отличается только тем, что колода одна.", "Паука"),
             ("ru", "Косынка по три\nИграют по правилам «Косынки», но из колоды открывают по три карты.", "Косынки"),
             ("uk", "Павучок\nГрають за правилами «Павука», але колода одна.", "Павука"),
             ("ru", "Паучок\nЭто «Паук» с той разницей, что колода одна.", "Паук")]
    for n, (lang, text, ref) in enumerate(cases):
        g = _read(f"o7r{n}-1", text, lang)
        assert _same_as(g)["ref"] == ref, text
    g = _read("o7r9-1", cases[0][1], "ru")
    assert get_field(g.rules, "deck.packs")["value"] == 1      # the sentence's own rule after «тем, что»


def test_a_run_of_one_suit_that_moves_is_no_build_rule_against_the_builds_any_suit():
    # Aisleriot's Spider (ru), line 7: «Карты в раскладе можно собирать в нисходящем порядке без учёта масти.»
    # then «Последовательности карт одной масти можно перемещать как одно целое.»: the suit is the moved run's
    spec = _rules("aisleriot/ru/spider.txt", "ru")
    assert _stated(spec, "tableau.build_suit")[0] == "any-suit"
    assert _stated(spec, "tableau.move")[0] == "same-suit-sequence"
    assert not [c for c in spec["conflicts"] if c["field"] == "tableau.build_suit"]
