"""Pre-1918 spelling reaches the same phrasing rows as modern spelling, family by family: each case is
a sentence as an old book prints it (ѣ, і, ъ, -аго / -ыя endings, «одною», «картою») and its modern
twin; the old one is read as a build reads a pre-1918 source (modernized first), and both must give
the same fields — the value the row family stands for."""

from __future__ import annotations

import pytest

from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.rules import extract_rules, get_field
from pasyans.extract.text import MappedText

CASES = {
    "deck": [("Для сего пасьянса берутъ двѣ полныя колоды.", "Для этого пасьянса берут две полные колоды.",
              {"deck.packs": 2, "deck.cards_per_pack": 52}),
             ("Пасьянсъ раскладывается изъ колоды въ тридцать шесть картъ.", "Пасьянс раскладывается из колоды в тридцать шесть карт.",
              {"deck.packs": 1, "deck.cards_per_pack": 36}),
             ("Колода въ пятьдесятъ двѣ карты безъ джокеровъ.", "Колода в пятьдесят две карты без джокеров.",
              {"deck.cards_per_pack": 52, "deck.jokers": 0})],
    "layout": [("Карты раскладываютъ восемью рядами по шести картъ въ каждомъ.", "Карты раскладывают восемью рядами по шесть карт в каждом.",
                {"layout.tableau_piles": 8, "layout.cards_per_pile": 6}),
               ("Верхнія карты кладутся лицомъ вверхъ, а остальныя — рубашкою вверхъ.", "Верхние карты кладутся лицом вверх, а остальные — рубашкой вверх.",
                {"layout.face": "mixed"}),
               ("Карты сдаютъ въ восемь рядовъ: въ четыре первыхъ ряда по семи картъ, въ остальные четыре по шести.",
                "Карты сдают в восемь рядов: в четыре первых ряда по семь карт, в остальные четыре по шесть.",
                {"layout.tableau_piles": 8, "layout.cards_per_pile": "7,7,7,7,6,6,6,6"}),
               ("Тринадцать картъ откладываютъ въ запасъ.", "Тринадцать карт откладывают в запас.", {"layout.reserve": 13}),
               ("Четыре свободныя клѣтки служатъ для того, чтобы класть въ нихъ по одной картѣ.",
                "Четыре свободные клетки служат для того, чтобы класть в них по одной карте.", {"layout.cells": 4})],
    "foundations": [("Прежде всего вынимаютъ изъ колоды всѣхъ четырехъ тузовъ и кладутъ ихъ въ рядъ.",
                     "Прежде всего вынимают из колоды всех четырех тузов и кладут их в ряд.",
                     {"foundations.base": "A", "foundations.preplaced": True}),
                    ("На тузы кладутъ двойки той же масти, потомъ тройки и т. д. до королей.",
                     "На тузы кладут двойки той же масти, потом тройки и т. д. до королей.",
                     {"foundations.direction": "up", "foundations.suit": "same-suit", "foundations.step": 1}),
                    ("Основанія строятся отъ короля внизъ по мастямъ.", "Основания строятся от короля вниз по мастям.",
                     {"foundations.base": "K", "foundations.direction": "down", "foundations.suit": "same-suit"}),
                    ("Карты съ основаній обратно не берутся.", "Карты с оснований обратно не берутся.",
                     {"foundations.removable": False})],
    "tableau": [("Въ рядахъ карты кладутся въ нисходящемъ порядкѣ, красная на черную и черная на красную.",
                 "В рядах карты кладутся в нисходящем порядке, красная на черную и черная на красную.",
                 {"tableau.build_direction": "down", "tableau.build_suit": "alternate-color"}),
                ("Въ рядахъ карты кладутся одна на другую въ нисходящемъ порядкѣ, не обращая вниманія на масть.",
                 "В рядах карты кладутся одна на другую в нисходящем порядке, не обращая внимания на масть.",
                 {"tableau.build_direction": "down", "tableau.build_suit": "any-suit"}),
                ("Въ рядахъ кладутъ меньшую карту на большую, хотя бы и другой масти.",
                 "В рядах кладут меньшую карту на большую, хотя бы и другой масти.",
                 {"tableau.build_direction": "down", "tableau.build_suit": "any-suit"})],
    "moves": [("Перекладывать можно только по одной картѣ.", "Перекладывать можно только по одной карте.",
               {"tableau.move": "one-card"}),
              ("Перекладывается только одна верхняя карта каждаго ряда.", "Перекладывается только одна верхняя карта каждого ряда.",
               {"tableau.move": "one-card"})],
    "spaces": [("Пустое мѣсто можетъ быть занято только королемъ.", "Пустое место может быть занято только королем.",
                {"tableau.space": "kings"}),
               ("Пустое мѣсто замѣщается любою картою.", "Пустое место замещается любой картой.", {"tableau.space": "any"})],
    "stock": [("Оставшіяся карты открываютъ по одной и кладутъ въ отбой.", "Оставшиеся карты открывают по одной и кладут в отбой.",
               {"stock.deal": "1 at a time", "stock.deal_to": "waste"}),
              ("Когда ходовъ болѣе нѣтъ, изъ колоды кладутъ по одной картѣ на каждый рядъ.",
               "Когда ходов более нет, из колоды кладут по одной карте на каждый ряд.",
               {"stock.deal_to": "tableau", "stock.deal_when": "blocked"})],
    "redeals": [("Пересдачи не полагается.", "Пересдачи не полагается.", {"stock.redeals": 0}),
                ("Колоду можно пересдать дважды.", "Колоду можно пересдать дважды.", {"stock.redeals": 2}),
                ("Талонъ можно переложить два раза.", "Талон можно переложить два раза.", {"stock.redeals": 2}),
                ("Когда ходовъ нѣтъ, кучки собираютъ, тасуютъ и снова раскладываютъ; такъ поступаютъ дважды.",
                 "Когда ходов нет, кучки собирают, тасуют и снова раскладывают; так поступают дважды.", {"stock.redeals": 2})],
}


def _fields(text: str, old: bool) -> dict:
    mt = MappedText.from_lines([text])
    if old:
        mt = modernize_mapped(mt)      # as a build reads a pre-1918 source
    return extract_rules(mt, "ru")


CASE_LIST = [(family, old, new, want) for family, cases in CASES.items() for old, new, want in cases]


@pytest.mark.parametrize("family,old,new,want", CASE_LIST, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASE_LIST)])
def test_old_spelling_reaches_the_same_rows(family, old, new, want):
    old_spec, new_spec = _fields(old, True), _fields(new, False)
    for path, value in want.items():
        got_old, got_new = get_field(old_spec, path), get_field(new_spec, path)
        assert (got_old["value"], got_old["status"]) == (value, "stated"), (family, old, path, got_old)
        assert got_new["value"] == got_old["value"], (family, new, path, got_new)


def test_every_family_has_a_case():
    assert set(CASES) == {"deck", "layout", "foundations", "tableau", "moves", "spaces", "stock", "redeals"}


def test_a_reference_to_the_game_before_in_old_spelling():
    from pasyans.extract.rules import extract_rules_with_findings

    mt = modernize_mapped(MappedText.from_lines(["Какъ предыдущій, но пустой рядъ можно занять всякою картою."]))
    spec, _ = extract_rules_with_findings(mt, "ru")
    (sa,) = [s for s in spec["special"] if s["name"] == "same-as"]
    assert sa.get("ref") is None and sa["params"]["previous"] is True
    assert get_field(spec, "tableau.space")["value"] == "any"      # the text's own rule after «но»
