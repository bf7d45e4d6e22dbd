"""The book's rule phrasings read in session 10, each on the book's own lines (corpus/004): pack sizes
outside the stripped packs (eight queens taken out of two packs, ace to nine of one suit), and the
other open items of issue 12."""

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


def test_salic_law_plays_two_packs_without_their_queens(specs):
    # «Восемь дам удаляются из колоды и не принимают участия в игре» (lines 7763–7764) under the label
    # «ИГРЫ ДВУМЯ КОЛОДАМИ»: 104 − 8 = 96 cards, 48 a pack
    spec = specs["004-092"][0]
    assert get_field(spec, "deck.packs")["value"] == 2
    per = get_field(spec, "deck.cards_per_pack")
    assert (per["value"], per["status"], per["lines"]) == (48, "stated", [7763, 7764])
    assert "52 − 8/2" in per["ref"]


def test_salic_law_alone_keeps_the_eight_queens_as_a_reason(corpus):
    # read without its section label the packs are unknown: the pack size stays unknown, saying why
    spec = _spec(corpus, (7762, 7826))
    per = get_field(spec, "deck.cards_per_pack")
    assert per["status"] == "unknown" and per["reason"].startswith("8 cards of one rank are taken out")


def test_kings_taken_out_to_be_laid_are_no_stripped_pack(corpus):
    # Королевский путь: «Восемь королей изымаются из колоды и выкладываются на столе в ряд» (5778–5779):
    # the kings are laid out, still in play — no pack size read, no reason left (the book's 52 stands)
    spec = _spec(corpus, (5771, 5801), (5822, 5851))
    per = get_field(spec, "deck.cards_per_pack")
    assert per["status"] == "unknown" and per["reason"] is None


def test_tower_of_hanoi_plays_ace_to_nine_of_one_suit(corpus):
    # «Выбрать из колоды карты от туза до девятки (включительно) любой из мастей» (3286–3288)
    spec = _spec(corpus, (3285, 3335))
    assert _stated(spec, "deck.cards_per_pack") == (9, [3286, 3288])


def test_matrimony_newly_dealt_cards_are_no_redeal(corpus):
    # «Когда ходы исчерпаны вновь сданными картами, тогда подбирается следующая стопка …» (6257–6259):
    # «вновь» before a participle names the cards just dealt; the text states no redeal
    spec = _spec(corpus, (6200, 6223), (6245, 6273))
    assert get_field(spec, "stock.redeals")["status"] == "unknown"


def test_big_bertha_space_filled_by_an_open_card_says_nothing_of_the_deal(corpus):
    # «Пробел … может заполняться серией или открытой картой» (3886–3888) is a space rule; the face is
    # the deal's own «девяносто карт лицом вверх» (3841–3843), with no second claim from the space rule
    spec = _spec(corpus, (3840, 3861), (3882, 3900))
    assert _stated(spec, "layout.face") == ("up", [3841, 3843])
    alone = _spec(corpus, (3886, 3888))
    assert _stated(alone, "tableau.space") == ("any", [3886, 3888])
    assert get_field(alone, "layout.face")["status"] == "unknown"


def test_top_card_of_each_column_open_is_a_mixed_deal(corpus):
    # «Сдайте десять столбцов … Открыта только верхняя карта каждого столбца.» (an app FAQ of another
    # author, tests/fixtures/seg19/ru_app_faq.txt line 8), and said without «только»
    from pasyans.extract.rules import extract_rules_with_findings
    from pasyans.extract.text import MappedText

    for text in ("Сдайте десять столбцов: в первые четыре по шесть карт, в остальные по пять. "
                 "Открыта только верхняя карта каждого столбца.",
                 "Сдайте десять столбцов: в первые четыре по шесть карт, в остальные по пять. "
                 "Верхняя карта каждого столбца открыта."):
        spec, _ = extract_rules_with_findings(MappedText.from_lines([text], 8), "ru")
        assert get_field(spec, "layout.face")["value"] == "mixed", text


def test_sir_tommy_advice_gives_its_reason_in_rules(corpus):
    # ТАКТИКА: «…, но, так как карты раскладываются однажды и карту нельзя перемещать из одной резервной
    # стопки в другую, лучше всего зарезервировать одну резервную стопку …» (3029–3037): the advice is no
    # rule, its reason is — read, weaker than a rule stated elsewhere
    spec = _spec(corpus, (3009, 3041))
    assert _stated(spec, "stock.redeals") == (0, [3029, 3037])
    assert _stated(spec, "tableau.build_direction") == ("none", [3029, 3037])


def test_advice_without_a_reason_is_still_no_rule():
    from pasyans.extract.rules import extract_rules_with_findings
    from pasyans.extract.text import MappedText

    spec, findings = extract_rules_with_findings(MappedText.from_lines(
        ["Лучше всего сначала освобождать столбцы, где лежат тузы."], 1), "ru")
    assert any(f.kind == "not-a-rule" for f in findings)
    spec, findings = extract_rules_with_findings(MappedText.from_lines(
        ["Намагайтеся не поспішати, бо колоду проходять лише раз."], 1), "uk")
    assert get_field(spec, "stock.redeals")["value"] == 0
