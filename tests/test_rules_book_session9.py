"""The book's rule phrasings read in session 9, each on the book's own lines (corpus/004, the games of the
``book7`` dev sample): alternating colours named by their colours, spaces filled from another column,
a second deal allowed, the ace between king and two, a goal built on base cards named by card or rank."""

from __future__ import annotations

from pasyans.extract.rules import extract_rules, game_text, get_field, validate_spec


def _spec(corpus, *spans):
    src = corpus["004"]
    spec = extract_rules(game_text(src.lines, list(spans), src.language), src.language)
    validate_spec(spec)
    return spec


def _stated(spec, path):
    f = get_field(spec, path)
    assert f["status"] == "stated", (path, f)
    return f["value"], f["lines"]


def test_terrace_alternates_colours_on_the_foundations_and_in_the_working_zone(corpus):
    spec = _spec(corpus, (8245, 8322), (8342, 8362))
    assert _stated(spec, "foundations.suit") == ("alternate-color", [8250, 8253])
    assert _stated(spec, "tableau.build_suit") == ("alternate-color", [8258, 8261])


def test_tower_of_hanoi_space_takes_the_bottom_card_of_another_column(corpus):
    spec = _spec(corpus, (3285, 3335))
    assert _stated(spec, "tableau.space") == ("any", [3303, 3306])


def test_limited_space_any_playable_card_and_one_more_deal(corpus):
    spec = _spec(corpus, (6075, 6116), (6136, 6180))
    assert _stated(spec, "tableau.space") == ("any", [6102, 6107])
    assert _stated(spec, "stock.redeals") == (1, [6139, 6141])


def test_matrimony_goal_builds_on_the_named_base_cards(corpus):
    spec = _spec(corpus, (6200, 6223), (6245, 6273))
    assert _stated(spec, "foundations.suit") == ("same-suit", [6210, 6216])
    assert _stated(spec, "foundations.wrap") == (True, [6217, 6218])
    assert get_field(spec, "tableau.build_suit")["status"] == "unknown"
    assert get_field(spec, "tableau.build_direction")["status"] == "unknown"


def test_salic_law_piles_face_and_a_variant_kept_apart(corpus):
    spec = _spec(corpus, (7762, 7826))
    assert _stated(spec, "layout.tableau_piles") == (8, [7774, 7776])
    assert _stated(spec, "layout.face") == ("up", [7767, 7770])
    # «Однако некоторые игроки выносят изъятых дам в ряд над тузами …» is a variant, not the bases
    assert _stated(spec, "foundations.base") == ("A", [7779, 7780])
    assert any(s["name"] == "variant" and s["quote"].startswith("Однако некоторые игроки") for s in spec["special"])


def test_dog_thirteen_piles_in_the_instrumental(corpus):
    spec = _spec(corpus, (4928, 4963), (4983, 4999), (5002, 5018))
    assert _stated(spec, "layout.tableau_piles") == (13, [4937, 4938])


def test_a_place_named_by_the_layouts_shape_is_the_tableau():
    from pasyans.extract.rules import extract_rules_with_findings
    from pasyans.extract.text import MappedText

    text = ("Из колоды кладут на стол шестнадцать карт лицом вверх, в четыре ряда по четыре карты, одну подле другой, "
            "так что выходит квадрат.\nНа карты квадрата можно класть карты понижающимся порядком, не смотря на масть.")
    spec, _ = extract_rules_with_findings(MappedText.from_lines(text.split("\n")), "ru")
    assert get_field(spec, "tableau.build_direction")["value"] == "down"
    assert get_field(spec, "tableau.build_suit")["value"] == "any-suit"
    assert get_field(spec, "tableau.build_suit")["lines"] == [2, 2]
    # a place no sentence laid out stays unnamed: «В кресте же кладут карту на старшую» alone sets no pile's field
    spec, _ = extract_rules_with_findings(MappedText.from_lines(["В кресте же кладут карту на старшую."]), "ru")
    assert get_field(spec, "tableau.build_direction")["status"] == "unknown"
