"""The rule spec: schema, extraction from the real texts, inheritance.

Each extraction test reads a game's raw lines from the corpus and checks the value, the status
and the raw lines of the sentence it came from.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.rules import (
    allowed_values,
    extract_rules,
    extract_rules_with_findings,
    field_paths,
    game_text,
    get_field,
    inherit,
    load_schema,
    unknown_spec,
    validate_spec,
)

GOLD_RULES = Path(__file__).resolve().parent / "fixtures" / "gold" / "rules_000_003_and_004_part1.json"


def spec_of(corpus, sid: str, *spans: tuple[int, int]) -> dict:
    src = corpus[sid]
    mt = game_text(src.lines, list(spans), src.language)
    if src.orthography == "pre-reform":
        mt = modernize_mapped(mt)
    spec = extract_rules(mt, src.language)
    validate_spec(spec)
    return spec


field = get_field  # the spec getter of extract.rules


def assert_stated(spec, path, value, lines, words=None):
    f = field(spec, path)
    assert f["status"] == "stated", (path, f)
    assert f["value"] == value, (path, f)
    assert f["lines"] == list(lines), (path, f)
    if words:
        assert words in f["quote"], (path, f["quote"])


@pytest.fixture(scope="module")
def besieged(corpus):
    """004 «Осажденная крепость» (Beleaguered Castle), raw lines 524–574."""
    return spec_of(corpus, "004", (524, 574))


@pytest.fixture(scope="module")
def bakers_dozen(corpus):
    """004 «Дюжина пекаря», two page parts (the side label and page number between are skipped)."""
    return spec_of(corpus, "004", (438, 461), (480, 505))


@pytest.fixture(scope="module")
def persian(corpus):
    """001 «Персидский пасьянс» (Bezique), lines 2–10."""
    return spec_of(corpus, "001", (2, 10))


# -- schema ------------------------------------------------------------------------------------


def test_schema_is_draft_2020_12_and_versioned():
    schema = load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"].endswith("/2020-12/schema")
    assert "/0.3/" in schema["$id"]
    assert schema["properties"]["schema_version"]["enum"] == ["0.1", "0.2", "0.3"]
    assert unknown_spec()["schema_version"] == "0.3"


def test_field_paths_are_the_spec_fields():
    assert field_paths() == (
        "deck.packs", "deck.cards_per_pack", "deck.jokers",
        "layout.tableau_piles", "layout.cards_per_pile", "layout.face", "layout.reserve", "layout.cells",
        "foundations.base", "foundations.direction", "foundations.suit", "foundations.step", "foundations.wrap",
        "foundations.preplaced", "foundations.removable", "foundations.complete_sequences",
        "tableau.build_direction", "tableau.build_suit", "tableau.move", "tableau.space", "tableau.wrap",
        "waste.build_direction", "waste.build_suit", "waste.wrap",
        "stock.deal", "stock.redeals", "stock.deal_to", "stock.deal_when", "stock.cards", "goal",
    )
    assert {"none", "any-first", "mixed"} <= set(allowed_values("foundations.base"))
    assert "from-reserve" in allowed_values("tableau.space")
    assert "alternate-color" in allowed_values("tableau.build_suit")
    assert allowed_values("deck.packs") is None


def test_unknown_spec_validates_and_bad_specs_do_not():
    spec = unknown_spec()
    validate_spec(spec)
    bad = copy.deepcopy(spec)
    bad["tableau"]["build_suit"] = {"value": "alternate-colour", "status": "stated", "quote": "x",
                                    "lines": [1, 1], "ref": None}
    with pytest.raises(jsonschema.ValidationError):
        validate_spec(bad)
    no_evidence = copy.deepcopy(spec)
    no_evidence["deck"]["packs"] = {"value": 2, "status": "stated", "quote": None, "lines": None, "ref": None}
    with pytest.raises(jsonschema.ValidationError):
        validate_spec(no_evidence)
    inherited_without_ref = copy.deepcopy(spec)
    inherited_without_ref["deck"]["packs"] = {"value": 2, "status": "inherited", "quote": None,
                                              "lines": None, "ref": None}
    with pytest.raises(jsonschema.ValidationError):
        validate_spec(inherited_without_ref)


def test_every_gold_game_gives_a_valid_spec_with_schema_values(corpus):
    """All 56 gold games: every spec validates, every enum value is the schema's, evidence lies
    inside the game's own raw lines."""
    games = json.loads(GOLD_RULES.read_text("utf-8"))
    stated = 0
    for game in games:
        ranges = [tuple(r) for r in game["line_ranges"]]
        spec = spec_of(corpus, game["source"][:3], *ranges)
        for path in field_paths():
            f = field(spec, path)
            enum = allowed_values(path)
            if enum is not None:
                assert f["value"] in enum, (game["name"], path, f)
            if f["status"] == "stated":
                stated += 1
                a, b = f["lines"]
                assert ranges[0][0] <= a <= b <= ranges[-1][1], (game["name"], path, f["lines"], ranges)
    assert stated > 300


# -- 004 «Осажденная крепость» -----------------------------------------------------------------


def test_besieged_build_any_suit_down(besieged):
    assert_stated(besieged, "tableau.build_suit", "any-suit", (547, 550), "независимо от масти")
    assert_stated(besieged, "tableau.build_direction", "down", (550, 552),
                  "шестерка может покрыть любую семерку")


def test_besieged_space_and_foundations(besieged):
    assert_stated(besieged, "tableau.space", "any", (552, 554), "заполнить любой игровой картой")
    assert_stated(besieged, "foundations.base", "A", (529, 531), "формируя базовый ряд")
    assert_stated(besieged, "foundations.direction", "up", (542, 544), "вплоть до королей")
    assert_stated(besieged, "foundations.suit", "same-suit", (542, 544), "соответствующей масти")
    assert besieged["conflicts"] == []


# -- 004 «Дюжина пекаря» ------------------------------------------------------------------------


def test_bakers_dozen(bakers_dozen):
    assert_stated(bakers_dozen, "tableau.space", "not-filled", (482, 483), "пробел не заполняется")
    # the sentence runs over the page break: line 461, then 480 after the side label
    assert_stated(bakers_dozen, "tableau.build_direction", "down", (459, 481), "в нисходящей последовательности")
    assert_stated(bakers_dozen, "tableau.build_suit", "any-suit", (459, 481), "независимо от масти и цвета")
    assert_stated(bakers_dozen, "tableau.move", "one-card", (459, 481), "Только верхняя карта")
    assert_stated(bakers_dozen, "deck.packs", 1, (448, 450), "полную колоду тринадцатью стопками")
    assert_stated(bakers_dozen, "deck.cards_per_pack", 52, (448, 450))
    assert_stated(bakers_dozen, "layout.tableau_piles", 13, (448, 450))
    assert_stated(bakers_dozen, "layout.cards_per_pile", 4, (448, 450))
    assert_stated(bakers_dozen, "foundations.base", "A", (454, 458))
    assert field(bakers_dozen, "stock.redeals")["status"] == "unknown"


def test_a_sentence_about_two_cards_of_one_suit_is_not_a_build_rule(bakers_dozen):
    # «Обратите особое внимание на две карты одинаковой масти …» (lines 495-…) sets nothing
    assert all(c["field"] != "tableau.build_suit" for c in bakers_dozen["conflicts"])


# -- 001 «Персидский пасьянс» --------------------------------------------------------------------


def test_persian_pack(persian):
    assert_stated(persian, "deck.packs", 2, (3, 3), "две преферансные колоды")
    assert_stated(persian, "deck.cards_per_pack", 32, (3, 3), "от тузов до семерок")
    assert_stated(persian, "deck.jokers", 0, (3, 3), "всего 64 карты")
    assert_stated(persian, "layout.tableau_piles", 8, (4, 4), "восемь рядов по восемь карт")


def test_persian_build_and_redeals(persian):
    assert_stated(persian, "tableau.build_suit", "alternate-color", (6, 6), "в противоположных цветах")
    assert_stated(persian, "tableau.build_direction", "down", (6, 6), "младшую на очко на старшую")
    assert_stated(persian, "stock.redeals", 2, (9, 9), "в третий, последний раз")
    assert_stated(persian, "foundations.direction", "up", (5, 5), "по восходящей")
    assert_stated(persian, "foundations.base", "A", (5, 5))
    assert_stated(persian, "tableau.space", "any", (7, 7), "любую свободную")


def test_big_patience_four_passes_are_three_redeals(corpus):
    spec = spec_of(corpus, "001", (19, 26))
    assert_stated(spec, "stock.redeals", 3, (24, 24), "всего четыре раза")
    assert_stated(spec, "tableau.space", "from-stock", (23, 23), "карту из колоды")
    assert_stated(spec, "tableau.build_suit", "same-suit", (22, 22), "той же масти")


# -- 000 (Ukrainian) ---------------------------------------------------------------------------


def test_kylym_ukrainian_deck_and_layout(corpus):
    spec = spec_of(corpus, "000", (5, 21))
    assert_stated(spec, "deck.packs", 2, (6, 6), "Дві повні колоди")
    assert_stated(spec, "deck.cards_per_pack", 52, (6, 6), "(104 листа)")
    assert_stated(spec, "layout.tableau_piles", 8, (6, 6), "горизонтальних рядів по 13 карт")
    assert_stated(spec, "layout.cards_per_pile", 13, (6, 6))
    assert_stated(spec, "layout.face", "up", (6, 6), "картинкою вгору")
    assert_stated(spec, "tableau.build_direction", "up", (18, 18), "наступну по старшинству")


def test_rule_9_either_direction(corpus):
    # «на одне очко старше карти … або на одне очко молодше карти» (line 33)
    spec = spec_of(corpus, "000", (33, 35))
    assert_stated(spec, "tableau.build_direction", "either", (33, 33), "молодше")


def test_ukrainian_36_card_pack(corpus):
    spec = spec_of(corpus, "000", (36, 37))
    assert_stated(spec, "deck.packs", 1, (36, 36), "Колоду карт в 36 аркушів")
    assert_stated(spec, "deck.cards_per_pack", 36, (36, 36))
    assert_stated(spec, "layout.tableau_piles", 4, (36, 36))
    assert_stated(spec, "layout.cards_per_pile", 9, (36, 36))


# -- 003 -----------------------------------------------------------------------------------------


def test_kosynka_kings_and_alternate_colours(corpus):
    spec = spec_of(corpus, "003", (53, 73))
    assert_stated(spec, "deck.packs", 2, (57, 57), "две колоды в 52 листа каждую")
    # the numbered rule «1) разрешается перекладывать …» is one sentence of its own (line 67)
    assert_stated(spec, "tableau.build_direction", "down", (67, 67), "старшинство которой на ступень выше")
    assert_stated(spec, "tableau.build_suit", "alternate-color", (67, 67), "цвет противоположен")
    assert_stated(spec, "tableau.space", "kings", (73, 73), "открытого короля")
    assert_stated(spec, "layout.face", "mixed", (57, 57), "лицом вниз")
    assert_stated(spec, "tableau.move", "any-sequence", (67, 67), "можно перекладывать серии")


def test_ladder_moved_card_one_step_lower(corpus):
    # «… игровую карту, которая на одну ступень младше»: the moved card is lower → down
    spec = spec_of(corpus, "003", (97, 109))
    assert_stated(spec, "tableau.build_direction", "down", (101, 101), "которая на одну ступень младше")
    assert_stated(spec, "tableau.build_suit", "alternate-color", (101, 101), "противоположную по цвету")
    assert_stated(spec, "foundations.direction", "up", (99, 99), "в восходящем порядке")


def test_joker_pack_counts(corpus):
    spec = spec_of(corpus, "003", (111, 121))
    assert_stated(spec, "deck.cards_per_pack", 52, (115, 115), "54 листа (52 обычных листа плюс 2 джокера)")
    assert_stated(spec, "deck.jokers", 2, (115, 115))
    # one sentence, two piles: «в ряд тузов на карту … на ступень ниже» / «на … карту … на ступень выше»
    assert_stated(spec, "foundations.direction", "up", (117, 117))
    assert_stated(spec, "tableau.build_direction", "down", (117, 117))
    variant = spec_of(corpus, "003", (123, 123))
    assert_stated(variant, "deck.cards_per_pack", 32, (123, 123), "34 листа (из них 2 джокера)")
    assert [s["name"] for s in variant["special"]] == ["same-as"]


def test_star_other_version_is_not_read_into_fields(corpus):
    # line 151: «В другой версии этого пасьянса масти собираются на тузы в нисходящем порядке …»
    spec = spec_of(corpus, "003", (141, 151))
    assert_stated(spec, "foundations.direction", "up", (147, 147), "в восходящем порядке")
    assert [(s["name"], s["lines"]) for s in spec["special"]] == [("variant", [151, 151])]
    assert "нисходящем" in spec["special"][0]["quote"]
    assert all(c["field"] != "foundations.direction" for c in spec["conflicts"])


# -- 002 (pre-1918 spelling, modernized) ---------------------------------------------------------


def test_four_corners_pre_reform(corpus):
    spec = spec_of(corpus, "002", (21, 45))
    assert_stated(spec, "deck.packs", 2, (23, 23), "ДВЕ ПОЛНЫХ КОЛОДЫ")
    assert_stated(spec, "deck.cards_per_pack", 52, (23, 23))
    assert_stated(spec, "foundations.base", "A+K", (29, 29), "4 туза и 4 короля")
    assert_stated(spec, "foundations.direction", "both", (35, 35), "тузы восходят")
    # «раскладывают пасьянс снова …» + «можно повторить еще раз[6]»: two more deals
    assert_stated(spec, "stock.redeals", 2, (45, 45))


def test_salic_law_no_redeal_any_suit(corpus):
    spec = spec_of(corpus, "002", (3, 19))
    assert_stated(spec, "stock.redeals", 0, (19, 19), "Вторично пасьянс не раскладывается")
    assert_stated(spec, "foundations.suit", "any-suit", (3, 3), "Масти не соблюдаются")
    assert_stated(spec, "foundations.base", "A", (3, 3))


def test_truncated_sentence_becomes_a_finding(corpus):
    src = corpus["002"]
    mt = modernize_mapped(game_text(src.lines, [(47, 61)]))
    spec, findings = extract_rules_with_findings(mt, "ru", "002", "002-МЕЛЬНИЦА")
    unparsed = [f for f in findings if f.kind == "unparsed-rule-sentence"]
    truncated = [f for f in unparsed if f.lines == (61, 61)]
    assert [f.token for f in truncated] == ["Пустые места в крыльях следует"]
    assert truncated[0].source == "002" and truncated[0].game == "002-МЕЛЬНИЦА"
    # every rule sentence that sets nothing is a finding (here also the kings put in the corners)
    assert any("короля" in f.token for f in unparsed)
    assert field(spec, "foundations.suit")["value"] == "any-suit"


# -- conflicts, inheritance, text helper -----------------------------------------------------------


def test_conflict_keeps_first_value_and_both_quotes(corpus):
    # «Мастерский»: a main row emptied takes any card, an auxiliary row takes none
    spec = spec_of(corpus, "003", (27, 51))
    assert field(spec, "tableau.space")["value"] == "any"
    conflict = next(c for c in spec["conflicts"] if c["field"] == "tableau.space")
    assert len(conflict["quotes"]) == 2 and "ничего класть в него уже нельзя" in conflict["quotes"][1]
    assert conflict["lines"] == [[35, 35], [35, 35]]


def test_inherit_fills_unknown_fields_only(corpus):
    parent = spec_of(corpus, "004", (2014, 2049), (2068, 2081))        # «Клондайк»
    child = spec_of(corpus, "004", (2082, 2102))                       # «Джокерный Клондайк»
    assert field(child, "tableau.space")["status"] == "unknown"
    merged = inherit(child, parent, "004 «Клондайк»")
    validate_spec(merged)
    space = field(merged, "tableau.space")
    assert space == {"value": "kings", "status": "inherited", "quote": field(parent, "tableau.space")["quote"],
                     "lines": [2042, 2045], "ref": "004 «Клондайк»", "reason": None}
    assert field(merged, "tableau.build_suit")["value"] == "alternate-color"
    for path in field_paths():   # the child's own statements stay
        if field(child, path)["status"] == "stated":
            assert field(merged, path) == field(child, path)
    assert field(child, "tableau.space")["status"] == "unknown"       # not modified in place
    chained = inherit(unknown_spec(), merged, "004-joker")
    assert field(chained, "tableau.space")["ref"] == "004-joker; 004 «Клондайк»"


def test_game_text_skips_side_labels_and_joins_broken_words(corpus):
    src = corpus["004"]
    mt = game_text(src.lines, [(446, 450)])
    assert "тринадцатью стопками" in mt.text
    start = mt.text.index("тринадцатью")
    assert mt.lines_of(start, start + len("тринадцатью")) == (448, 449)
    mt2 = game_text(src.lines, [(459, 461), (480, 481)])
    assert "другой\nстопки" in mt2.text and "\n11" not in mt2.text and "\nИ\n" not in mt2.text


def test_unknown_language_is_refused():
    from pasyans.extract.text import MappedText
    with pytest.raises(ValueError):
        extract_rules(MappedText.from_lines(["Две колоды."]), "de")


def test_ordinal_read_as_cardinal_is_recorded(corpus):
    src = corpus["000"]
    spec, findings = extract_rules_with_findings(game_text(src.lines, [(6, 6)]), "uk", "000")
    assert field(spec, "layout.tableau_piles")["value"] == 8
    choice = [f for f in findings if f.kind == "reading-choice"]
    assert [(f.lines, f.token) for f in choice] == [((6, 6), "восьмій")]


@pytest.mark.parametrize("line,suit", [
    ("Въ рядахъ карты кладутся въ убывающемъ порядкѣ; масть не имѣетъ значенія.", "any-suit"),
    ("Въ рядахъ карты кладутся въ убывающемъ порядкѣ: на красную карту кладется черная, на черную — красная.",
     "alternate-color")])
def test_pre_1918_build_rule_is_read_after_modernising(line, suit):
    """Pre-1918 build phrasings are read once the text is modernised, as the pipeline does."""
    from pasyans.extract.text import MappedText
    spec = extract_rules(modernize_mapped(MappedText.from_lines([line])), "ru")
    assert field(spec, "tableau.build_direction")["value"] == "down"
    got = field(spec, "tableau.build_suit")
    assert (got["value"], got["status"], got["lines"]) == (suit, "stated", [1, 1])


# -- session 3: the book's space rules and its worked examples -----------------------------------


def test_a_king_put_in_a_space_nominative_is_the_kings_rule(corpus):
    """«Скорпион» 004: «… а когда перемещается весь столбец, на его место помещается король вместе с
    любыми картами под ним» — kings (the «любыми картами» are those on the king, not any card)."""
    spec = spec_of(corpus, "004", (2832, 2867), (2886, 2917))
    assert_stated(spec, "tableau.space", "kings", (2861, 2866), "помещается король")


def test_the_last_step_of_a_worked_example_is_no_deal_condition(corpus):
    """«Вестклиф» 004: the worked example ends «… ♣Д переворачивается лицом вверх. Когда все ходы
    исчерпаны, карты могут сдаваться из колоды.» (3538–3540): the order the example plays in, not a
    rule of when the stock is dealt; the stock's own rule (3514–3518) is read."""
    spec = spec_of(corpus, "004", (3469, 3493), (3512, 3540))
    assert field(spec, "stock.deal_when")["status"] == "unknown"
    assert_stated(spec, "stock.deal", "1 at a time", (3514, 3518))
    alone = extract_rules(modernize_mapped(game_text(corpus["004"].lines, [(3538, 3540)], "ru")), "ru")
    assert field(alone, "stock.deal_when")["value"] == "blocked"     # the same sentence as a rule of its own


def test_redeals_in_the_plural_are_not_one_redeal(corpus):
    """«Каприз» 004: «Допускаются и повторные сдачи карт» — more than one redeal, how many not said:
    unknown with that reason (the singular «Допускается повторная сдача карт» is one)."""
    spec = spec_of(corpus, "004", (4026, 4068), (4089, 4102))
    f = field(spec, "stock.redeals")
    assert f["status"] == "unknown" and "plural" in f["reason"], f
    one = extract_rules(game_text(["Допускается повторная сдача карт."], [(1, 1)], "ru"), "ru")
    assert field(one, "stock.redeals")["value"] == 1


def test_rows_told_as_a_falling_list_are_columns(corpus):
    """«Король Альберт» 004 1941–1943: «сорок пять открытых карт рядами в девять, восемь, семь и т. д.
    карт до одной» — nine columns of 9 … 1 cards (the gold's nine piles)."""
    spec = spec_of(corpus, "004", (1933, 1954), (1974, 1995))
    assert_stated(spec, "layout.tableau_piles", 9, (1941, 1943), "рядами в девять, восемь")
    assert field(spec, "layout.cards_per_pile")["value"] == "9,8,7,6,5,4,3,2,1"


def test_privileged_cards_are_no_swap(corpus):
    """«Ограниченный» 004 6144–6145: «Его составляют так называемые «привилегированные карты»» names a
    row of cards dealt from the waste (special privileged-row), not the privilege of swapping two («Кромвель»: «пользуется привилегией — он может
    поменять один раз за игру положение любых двух карт» stays a swap)."""
    limited = spec_of(corpus, "004", (6075, 6116), (6136, 6180))
    names = {s["name"] for s in limited["special"]}
    assert "swap" not in names and "privileged-row" in names, names     # its own mechanic, with its quote
    cromwell = spec_of(corpus, "004", (4396, 4458))
    assert "swap" in {s["name"] for s in cromwell["special"]}


def test_a_colour_rule_anchored_on_the_waste_is_the_wastes(corpus):
    """«Королевский путь» 004: «Их можно перекладывать на верхнюю карту резервной стопки серией карт
    чередующегося цвета» — the waste (where the game builds) takes alternate colours."""
    spec = spec_of(corpus, "004", (5771, 5801), (5822, 5851))
    f = field(spec, "waste.build_suit")
    assert f["value"] == "alternate-color" and "чередующегося цвета" in f["quote"], f


def test_a_value_of_the_sentence_is_read_once_a_sentence_not_once_a_cue():
    """«Тузы » × 120,000 on one line (the faults bench): the foundation base was read again for each
    of its cues, each time over the whole sentence — quadratic, the build never finished."""
    from pasyans.extract.rules import values_play
    from pasyans.extract.rules.values import per_sentence

    calls = []

    @per_sentence
    def whole(ctx, k, span, pile):
        calls.append(k)
        return k * 10

    class Ctx:
        memo: dict = {}

    ctx = Ctx()
    ks = (0, 0, 1, 0, 1)
    assert [whole(ctx, k, (i, i + 1), None) for k in ks for i in range(3)] == [k * 10 for k in ks for _ in range(3)]
    assert calls == [0, 1] and whole.__name__ == "whole"
    assert values_play.base.__wrapped__ and values_play.mixed_bases.__wrapped__  # the sentence-level values


def test_one_long_line_of_cues_reads_the_same_once_a_sentence():
    from pasyans.extract.rules import extract_rules_with_findings
    from pasyans.extract.text import MappedText

    text = "Тузы " * 300 + "выкладываются в базовый ряд."
    spec, _findings = extract_rules_with_findings(MappedText.from_lines([text], 1), "ru")
    assert spec["foundations"]["base"]["value"] == "A"
