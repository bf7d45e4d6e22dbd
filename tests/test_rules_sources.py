"""The rule specs of whole sources (:func:`pasyans.extract.rules.spec_for_games`): numbered rules,
same-as links, variants, the book's section labels and standard pack, the fields the engine
needs, and the schema over every spec of the corpus.

The specs are the build's (the session fixtures ``segmented`` and ``specs`` of ``conftest.py``).
"""

from __future__ import annotations


from pasyans.extract.rules import allowed_values, field_paths, get_field, spec_for_games, validate_spec
from pasyans.extract.text import MappedText

field = get_field  # the spec getter of extract.rules


def value(specs, key, path):
    return field(specs[key][0], path)["value"]


# -- every spec of the corpus ---------------------------------------------------------------------


def test_every_game_of_the_corpus_has_a_valid_spec(segmented, specs):
    keys = [g.key for seg in segmented.values() for g in seg.games]
    assert sorted(keys) == sorted(specs) and len(keys) == 131
    for key, (spec, findings) in specs.items():
        validate_spec(spec)
        assert spec["schema_version"] == "0.3"
        for path in field_paths():
            f = field(spec, path)
            enum = allowed_values(path)
            assert enum is None or f["value"] in enum, (key, path, f)
            if f["status"] == "unknown":
                assert f["reason"], (key, path)          # unknown, with a reason
            elif f["status"] == "inherited":
                assert f["ref"], (key, path)
            else:
                assert f["quote"] and f["lines"], (key, path)


def test_stated_evidence_lies_in_the_games_own_lines(segmented, specs):
    for seg in segmented.values():
        for g in seg.games:
            spec = specs[g.key][0]
            first, last = g.lines[0][0], g.lines[-1][1]
            for path in field_paths():
                f = field(spec, path)
                if f["status"] == "stated":
                    a, b = f["lines"]
                    assert first <= a <= b <= last, (g.key, path, f["lines"], g.lines)


# -- 000: numbered rules ---------------------------------------------------------------------------


def test_paganini_takes_rules_1_3_4_by_number_with_refs(specs):
    spec = specs["000-2"][0]          # «Паганіні»: rules 1, 5, 3, 4, 6|7
    packs = field(spec, "deck.packs")
    assert (packs["value"], packs["status"], packs["lines"], packs["ref"]) == (2, "inherited", [6, 6], "000 Правило 1, line 6")
    base = field(spec, "foundations.base")
    assert (base["value"], base["ref"], base["lines"]) == ("A", "000 Правило 3, line 17", [17, 17])
    assert "в масть за відповідними тузами" in base["quote"]
    build = field(spec, "tableau.build_direction")
    assert (build["value"], build["ref"]) == ("up", "000 Правило 4, lines 18–19")
    windows = next(s for s in spec["special"] if s["name"] == "paganini-windows")
    assert windows["lines"] == [18, 18] and windows["ref"] == "000 Правило 4, lines 18–19"
    assert "наступну по старшинству" in windows["quote"]
    # rule 7 («ще раз перемішати») may replace rule 6 («пасьянс не вийшов»)
    assert value(specs, "000-2", "stock.redeals") == 1
    alt = next(s for s in spec["special"] if s["name"] == "alternative-rules")
    assert alt["params"]["rules"] == ["6", "7"] and "stock.redeals" in alt["params"]["fields"]


def test_rule_6_alone_means_no_redeal(specs):
    red = field(specs["000-7"][0], "stock.redeals")     # rules 11, 5, 3, 4, 6
    assert (red["value"], red["status"], red["ref"]) == (0, "inherited", "000 Правило 6, line 26")


def test_a_variant_defined_by_its_rules_inherits_nothing_else(specs):
    spec = specs["000-4"][0]          # only rules 9 and 7 are listed
    packs = field(spec, "deck.packs")
    assert packs["status"] == "unknown" and "(9, 7)" in packs["reason"]
    two = next(s for s in spec["special"] if s["name"] == "paganini-windows-two-sided")
    assert two["params"] == {"left_neighbour": 1, "right_neighbour": -1, "suit": "same-suit"}
    assert value(specs, "000-4", "tableau.build_direction") == "either"


def test_windows_make_the_rows_foundations_and_tableau(specs):
    spec = specs["000-1"][0]          # «килим»: rules 1–4 in its own text
    assert value(specs, "000-1", "tableau.space") == "other"
    assert value(specs, "000-1", "tableau.move") == "one-card"
    suit = field(spec, "foundations.suit")
    assert suit["value"] == "same-suit" and suit["ref"].startswith("paganini-windows: the rows are both")
    assert field(spec, "foundations.wrap")["value"] is False          # «вікно стане глухим»
    assert field(spec, "foundations.wrap")["lines"] == [19, 19]
    assert value(specs, "000-1", "foundations.step") == 1


def test_hard_road_pack_and_two_redeals(specs):
    assert value(specs, "000-3", "deck.packs") == 1          # «з однієї повної колоди карт (52 листа)»
    red = field(specs["000-3"][0], "stock.redeals")           # «Правило 7 - … до двох разів»
    assert (red["value"], red["status"], red["lines"]) == (2, "stated", [31, 31])


# -- same-as links and variants ----------------------------------------------------------------------


def test_second_joker_patience_moves_like_the_first(specs):
    spec = specs["003-10"][0]         # «Перекладывание осуществляется так же, как и в джокер-пасьянсе, описанном выше»
    suit = field(spec, "tableau.build_suit")
    assert (suit["value"], suit["status"], suit["lines"]) == ("alternate-color", "inherited", [117, 117])
    assert suit["ref"].startswith("same as 003-8 «Джокер-пасьянс»")
    # only the moving rules: the first game's aces-first deal is not taken over
    assert field(spec, "foundations.preplaced")["status"] == "unknown"
    assert value(specs, "003-10", "deck.jokers") == 2          # «добавьте 2 джокеров»


def test_joker_klondike_is_played_like_klondike(specs):
    spec = specs["004-024-v1"][0]
    space = field(spec, "tableau.space")
    assert (space["value"], space["lines"]) == ("kings", [2042, 2045])
    assert space["ref"].startswith("same as 004-024 «Клондайк» («Его играют так же, как и основную игру")
    jokers = field(spec, "deck.jokers")
    assert (jokers["value"], jokers["status"], jokers["lines"]) == (1, "stated", [2085, 2087])


def test_star_variant_inherits_from_its_parent(specs):
    spec = specs["003-13"][0]         # «В другой версии этого пасьянса …»
    packs = field(spec, "deck.packs")
    assert packs["status"] == "inherited" and packs["ref"].startswith("variant of 003-12 «Звезда»")


# -- the book: section labels and standard pack ---------------------------------------------------------


def test_book_section_label_gives_the_packs(specs):
    one = field(specs["004-004"][0], "deck.packs")
    assert (one["value"], one["status"], one["lines"], one["quote"]) == (1, "inherited", [508, 523], "ИГРЫ ОДНОЙ КОЛОДОЙ")
    assert one["ref"].startswith("book section label «ИГРЫ ОДНОЙ КОЛОДОЙ»")
    two = field(specs["004-043"][0], "deck.packs")
    assert (two["value"], two["quote"], two["lines"]) == (2, "ИГРЫ ДВУМЯ КОЛОДАМИ", [3543, 3559])


def test_standard_pack_only_where_no_stripping_is_stated(specs):
    std = field(specs["004-004"][0], "deck.cards_per_pack")
    assert (std["value"], std["status"], std["ref"]) == (52, "inherited",
                                                         "book: standard pack (the game's text states no stripped pack)")
    piquet = field(specs["004-083"][0], "deck.cards_per_pack")   # «удаляются карты от шестерок до двоек»
    assert (piquet["value"], piquet["status"], piquet["lines"]) == (32, "stated", [6965, 6970])


def test_without_the_source_the_bundled_book_is_used_only_if_it_matches(corpus, segmented):
    seg = segmented["004"]
    games = seg.games[:4]
    texts = {g.key: seg.game_texts[g.key] for g in games}
    same = spec_for_games(games, texts, "ru", "004")
    assert field(same["004-004"][0], "deck.packs")["value"] == 1
    changed = {k: MappedText(mt.text.upper(), mt.line, mt.col) for k, mt in texts.items()}
    other = spec_for_games(games, changed, "ru", "004")
    packs, findings = field(other["004-004"][0], "deck.packs"), other["004-004"][1]
    assert packs["status"] == "unknown"
    assert any(f.kind == "book-context-unavailable" for f in findings)


# -- fields the engine needs: the four oracle games ------------------------------------------------------


def test_beleaguered_castle(specs):
    spec = specs["004-004"][0]
    pre = field(spec, "foundations.preplaced")
    assert (pre["value"], pre["lines"]) == (True, [529, 531]) and "изымаются четыре туза" in pre["quote"]
    step = field(spec, "foundations.step")
    assert (step["value"], step["lines"]) == (1, [542, 544]) and "вплоть до королей" in step["quote"]
    piles = field(spec, "layout.tableau_piles")               # «всегда имеются в наличии 8 карт, пригодных для игры»
    assert (piles["value"], piles["lines"]) == (8, [554, 556])
    per = field(spec, "layout.cards_per_pile")                 # the whole pack: (52 − 4 aces) / 8
    assert per["value"] == 6 and "пока не иссякнет колода" in per["quote"]
    assert value(specs, "004-004", "tableau.build_suit") == "any-suit"
    assert value(specs, "004-004", "tableau.build_direction") == "down"
    assert value(specs, "004-004", "tableau.space") == "any"
    move = field(spec, "tableau.move")
    assert (move["value"], move["lines"]) == ("one-card", [544, 547])


def test_eight_off(specs):
    spec = specs["004-017"][0]
    cells = field(spec, "layout.cells")
    assert (cells["value"], cells["lines"]) == (8, [1455, 1458]) and "восемь резервных карт" in cells["quote"]
    assert (value(specs, "004-017", "layout.tableau_piles"), value(specs, "004-017", "layout.cards_per_pile")) == (8, 6)
    pre = field(spec, "foundations.preplaced")                # aces go out while the tableau is dealt
    assert (pre["value"], pre["lines"]) == (True, [1439, 1443])
    assert value(specs, "004-017", "tableau.build_suit") == "same-suit"
    assert value(specs, "004-017", "tableau.space") == "kings"
    assert value(specs, "004-017", "tableau.move") == "one-card"


def test_golf_builds_on_the_waste(specs):
    spec = specs["004-021"][0]
    d, s, w = (field(spec, f"waste.{x}") for x in ("build_direction", "build_suit", "wrap"))
    assert (d["value"], s["value"], d["lines"]) == ("either", "any-suit", [1743, 1747])
    assert (w["value"], w["lines"]) == (False, [1747, 1753]) and "нельзя класть на короля туза" in w["quote"]
    assert value(specs, "004-021", "foundations.base") == "none"
    assert value(specs, "004-021", "tableau.build_direction") == "none"
    assert (value(specs, "004-021", "layout.tableau_piles"), value(specs, "004-021", "layout.cards_per_pile")) == (7, 5)
    deal = field(spec, "stock.deal_to")
    assert (deal["value"], deal["lines"]) == ("waste", [1741, 1743])
    assert value(specs, "004-021", "stock.deal") == "1 at a time"
    red = field(spec, "stock.redeals")                         # «… когда иссякнут карты под рукой»
    assert (red["value"], red["lines"]) == (0, [1757, 1760])
    # the competitive variant inherits it all
    assert field(specs["004-021-v1"][0], "waste.wrap")["ref"] == "variant of 004-021 «Гольф»"


def test_simple_simon(specs):
    spec = specs["004-035"][0]
    piles, per = field(spec, "layout.tableau_piles"), field(spec, "layout.cards_per_pile")
    assert (piles["value"], per["value"], per["lines"]) == (10, "8,8,8,7,6,5,4,3,2,1", [2939, 2942])
    move = field(spec, "tableau.move")                         # «только одна карта. Исключение … серии … масти»
    assert (move["value"], move["lines"]) == ("same-suit-sequence", [2950, 2953])
    suit = field(spec, "tableau.build_suit")                   # the goal's suit sequences do not override
    assert (suit["value"], suit["lines"]) == ("any-suit", [2947, 2950])
    space = field(spec, "tableau.space")
    assert (space["value"], space["lines"]) == ("any", [2954, 2958])
    assert value(specs, "004-035", "foundations.base") == "none"     # «в пределах расклада»
    assert [s["name"] for s in spec["special"]] == ["sequences-in-layout"]


# -- other field kinds, real sentences -------------------------------------------------------------------


def test_demon(specs):
    spec = specs["004-014"][0]
    base = field(spec, "foundations.base")
    assert (base["value"], base["quote"]) == ("any-first", "Это первая из четырех базовых карт.")
    assert value(specs, "004-014", "tableau.move") == "whole-pile"          # «покрыть только всей стопкой целиком»
    assert value(specs, "004-014", "tableau.build_direction") == "down"     # «карту более высокого достоинства»
    assert value(specs, "004-014", "tableau.space") == "from-reserve"       # «верхней картой магазина»
    assert value(specs, "004-014", "stock.deal") == "3 at a time"
    # the 13-card heap («стопку из тринадцати карт … поверните верхнюю») is the reserve, not the deal:
    # the tableau's four cards are dealt face up
    assert value(specs, "004-014", "layout.face") == "up"
    assert not any(c["field"] == "layout.face" for c in spec["conflicts"])


def test_calculation_and_no_tableau_building(specs):
    spec = specs["004-008"][0]
    base = field(spec, "foundations.base")
    assert (base["value"], base["lines"]) == ("mixed", [830, 832])
    build = field(spec, "tableau.build_direction")
    assert build["value"] == "none" and build["ref"].startswith("reading: every sentence")
    assert any(f.kind == "not-a-rule" and f.lines == (884, 890) for f in specs["004-008"][1])


def test_games_without_foundations(specs):
    pyramid = field(specs["003-6"][0], "foundations.base")
    assert (pyramid["value"], pyramid["lines"]) == ("none", [93, 93])      # «Цель пасьянса - разобрать …»
    assert any(f.kind == "reading-choice" and f.lines == (93, 93) for f in specs["003-6"][1])
    carpet = field(specs["004-010"][0], "tableau.build_direction")     # «Нельзя собирать карты на «ковер»»
    assert (carpet["value"], carpet["lines"]) == ("none", [993, 993])


def test_accordion_special(specs):
    acc = next(s for s in specs["004-001"][0]["special"] if s["name"] == "accordion")
    assert acc["params"] == {"moves": ["L1", "L3"], "build policies": ["same-suit", "same-rank"]}
    assert acc["lines"] == [313, 322]


def test_klondike_layout_and_stock(specs):
    spec = specs["004-024"][0]
    assert (value(specs, "004-024", "layout.tableau_piles"), value(specs, "004-024", "layout.cards_per_pile")) == \
        (7, "7,6,5,4,3,2,1")
    face = field(spec, "layout.face")                 # «лицевой стороной вниз … Нижние карты столбцов открываются»
    assert (face["value"], face["lines"]) == ("mixed", [2020, 2024])
    pre = field(spec, "foundations.preplaced")      # «По мере появления тузы выкладываются …»: out in play, not before
    assert (pre["value"], pre["lines"][0]) == (False, 2025)
    assert value(specs, "004-024", "stock.redeals") == 0
