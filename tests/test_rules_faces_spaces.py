"""Reader rows core added in session 4 for the Solvitaire export's reading errors: a deal whose cards
lie face down and face up in turn (``layout.face`` alternate), a space any card fills, the stock's
too (``tableau.space`` any-or-stock), and a worked example's closing «Когда все ходы исчерпаны, сдается
первая карта колоды» after a sentence without a card (no deal condition). Values from the book 004."""

from __future__ import annotations

from .test_rules import assert_stated, field, spec_of


def test_odd_rows_face_up_the_others_down_alternate(corpus):
    """«Чередование» 004: «карты первого, третьего, пятого и седьмого рядов помещаются лицевой
    стороной вверх, другие — лицом вниз» (3677–3679): not «mixed» (top cards up), but alternate."""
    spec = spec_of(corpus, "004", (3676, 3695), (3716, 3733))
    f = field(spec, "layout.face")
    assert (f["value"], f["status"]) == ("alternate", "stated"), f
    assert "первого, третьего, пятого" in f["quote"]


def test_first_and_third_cards_face_down_alternate(corpus):
    """«Марта» 004: «Первая и третья карты каждого столбца помещаются лицевой стороной вниз, вторая и
    четвертая — лицевой стороной вверх.»"""
    spec = spec_of(corpus, "004", (2359, 2376), (2395, 2412))
    f = field(spec, "layout.face")
    assert (f["value"], f["status"]) == ("alternate", "stated"), f
    assert "Первая и третья карты" in f["quote"]


def test_example_closing_after_a_sentence_without_cards_is_no_deal_condition(corpus):
    """«Чередование» 004: «… ♦6 покрывает ♠7. Карты, лежащие лицом вниз, переворачиваются. Когда все
    ходы исчерпаны, сдается первая карта колоды.» (3731–3733): the example's last step, not when the
    stock is dealt; the stock's own rules are read."""
    spec = spec_of(corpus, "004", (3676, 3695), (3716, 3733))
    assert field(spec, "stock.deal_when")["status"] == "unknown"
    assert field(spec, "stock.deal")["value"] == "1 at a time"
    assert field(spec, "stock.redeals")["value"] == 0


def test_a_space_filled_by_a_layout_run_or_a_stock_card_is_any_or_stock(corpus):
    """«Каре Наполеона» 004: «… может заполняться отдельной картой или серией карт из другой стопки,
    картой из колоды или верхней картой резервной стопки» (6564–6569); «Каменная стена»: «… либо
    игровой картой, либо серией карт, либо картой из колоды» (3149–3152)."""
    napoleon = spec_of(corpus, "004", (6548, 6583))
    assert_stated(napoleon, "tableau.space", "any-or-stock", (6564, 6569), "серией карт из другой стопки")
    wall = spec_of(corpus, "004", (3118, 3169))
    assert_stated(wall, "tableau.space", "any-or-stock", (3149, 3152), "либо картой из колоды")


def test_one_card_at_a_time_until_a_same_suit_run_moves_same_suit_runs(corpus):
    """«Миссис Моп» 004: «Перемещение происходит по одной карте, пока две или более карты составят
    серию соответствующей масти. В этом случае карты могут перемещаться сообща.» (6513–6516): runs of
    one suit move, not any run (the sentence before, «помещаться одна на другую в сериях …», builds)."""
    spec = spec_of(corpus, "004", (6473, 6493), (6513, 6528))
    f = field(spec, "tableau.move")
    assert (f["value"], f["status"]) == ("same-suit-sequence", "stated"), f
    assert "пока две или более карты" in f["quote"] and f["lines"][0] >= 6513


def test_cards_cover_the_aces_or_each_other_builds_the_tableau(corpus):
    """«Мисс Миллиган» 004: «Оставшиеся карты покрывают тузы или друг друга в нисходящей
    последовательности картами альтернативного цвета» (6300–6303): «или друг друга» names the
    tableau's cards (as «друг на друга» does); the aces are built up (the goal, 6298–6300)."""
    spec = spec_of(corpus, "004", (6293, 6325), (6345, 6378))
    assert field(spec, "tableau.build_direction")["value"] == "down"
    assert field(spec, "tableau.build_suit")["value"] == "alternate-color"
    assert "или друг друга" in field(spec, "tableau.build_suit")["quote"]
    assert field(spec, "foundations.direction")["value"] == "up"
