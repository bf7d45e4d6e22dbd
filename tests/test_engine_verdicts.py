"""Verdicts on the real example moves of the corpus, as the whole path gives them (the knowledge
base built from the bundled corpus): this game, this move, this verdict, this rule, this code
(``what``) and the structure kept beside the reason (``detail``) — never the reason's words."""

from __future__ import annotations

import json

import pytest

from .bench_loader import load_bench



def _verdicts(kb, name: str, raw: str, card: str | None = None) -> list[tuple[str, str, str, dict]]:
    """(verdict, rule, what, detail) of the moves of game ``name`` whose printed words contain ``raw``."""
    rows = kb.execute("SELECT m.verdict, m.rule, m.what, m.detail, m.card FROM moves m JOIN games g ON g.id = m.game "
                      "WHERE g.name = ? AND m.raw LIKE ? ORDER BY m.example, m.n", (name, f"%{raw}%")).fetchall()
    out = [(v, r, w, json.loads(d)) for v, r, w, d, c in rows if card is None or c == card]
    assert out, f"no move «{raw}» in «{name}»"
    return out


def _decisive(detail: dict) -> dict:
    """The check the verdict rests on, from the stored structure."""
    on_rule = [c for c in detail["checks"] if c["rule"] == detail["rule"]]
    return next((c for c in on_rule if c["kind"] == detail["verdict"]), on_rule[0])


def _assumed(detail: dict) -> list[str]:
    return [a["what"] for a in detail["assumed"]]


def _one(kb, name, raw, card=None):
    got = _verdicts(kb, name, raw, card)
    return got[0]


def test_accordion_plug_in(kb):
    """Lines 299–305: «♥3 покрывает ♥8, а стопка с ♣Д наверху покрывает ♣10» — same suit."""
    v, rule, what, d = _one(kb, "Аккордеон", "♥3 покрывает ♥8")
    assert (v, rule, what) == ("legal", "special:accordion", "same-suit") and _assumed(d) == ["neighbour"]
    v, rule, _, _ = _one(kb, "Аккордеон", "может быть помещена на ♠6", "6C")
    assert (v, rule) == ("legal", "special:accordion")


def test_stripped_packs_rank_order(kb):
    """001 line 10, two 32-card packs: «семерки червей и треф на тузы», «семерку и восьмерку бубен на базовую»."""
    assert _one(kb, "Персидский пасьянс", "семерки червей и треф на тузы", "7H")[0] == "legal"
    v, _, _, d = _one(kb, "Персидский пасьянс", "семерку и восьмерку бубен на базовую", "7D")
    shown = [c for c in d["checks"] if c["rule"] == "foundations: earlier play"]
    assert v == "legal" and [(c["what"], c["cards"]) for c in shown] == [("shown", ["7D", "AD"])]


def test_named_base_cards_of_the_clock(kb):
    """«Часы дедушки», lines 1857–1891: the twelve named base cards, built up round the clock."""
    v, rule, what, _ = _one(kb, "Часы дедушки", "♣Т — ♣К")
    assert (v, rule, what) == ("legal", "special:base-cards", "round-the-corner")
    assert _one(kb, "Часы дедушки", "♠Д может покрыть ♠В")[:2] == ("legal", "special:base-cards")
    # ♥К is not a base: ♥Д goes onto it on the tableau, down regardless of suit
    assert _one(kb, "Часы дедушки", "♥Д может покрыть ♥К")[:2] == ("legal", "tableau.build_suit")


def test_moves_onto_foundation_cards_read_as_builds(kb):
    """«Лабиринт», line 2235: nothing is built on the tableau, so ♠2 is a foundation card."""
    v, rule, _, d = _one(kb, "Лабиринт", "♠3 покрывает ♠2")
    assert (v, rule) == ("legal", "foundations.direction") and d["context"]["reading"] == "foundation"
    v, rule, _, d = _one(kb, "Демон", "другие три десятки помещаются справа от ♦10")
    assert (v, rule) == ("legal", "foundations.base") and d["context"]["beside"] == "TD"


def test_pairs_and_removals(kb):
    assert _one(kb, "Пирамида", "♠К сбрасывается")[:2] == ("legal", "special:pairs")
    v, _, what, d = _one(kb, "Пирамида", "Пара из ♣7 и ♣6", "7C")
    assert (v, what) == ("legal", "total") and _decisive(d)["cards"] == ["7C", "6C"] and _decisive(d)["detail"]["total"] == 13
    v, _, what, d = _one(kb, "Четырнадцать", "♠К и ♥А сбрасываются", "KS")
    assert (v, what) == ("legal", "total") and _decisive(d)["cards"] == ["KS", "AH"]
    v, _, what, _ = _one(kb, "Монте-Карло", "♦10 сбрасывается с ♥10")
    assert (v, what) == ("legal", "one-rank")
    assert _one(kb, "Большая Берта", "♥К и ♦К изымаются из игры", "KD")[:2] == ("legal", "special:remove-rank")
    assert _one(kb, "Узник", "обе семерки")[:2] == ("legal", "special:same-rank-onto")


def test_the_shifts_of_fourteen_close_up_the_layout(kb):
    """«Четырнадцать», line 5412: «♠5 и ♦8 сдвигаются влево» after «♥В и ♠3» left play — the rule
    (5401–5404) «те, что остаются на столе, передвигаются ближе к центру креста» is the ``close-up``
    mechanic: legal, assuming the place to the left was emptied and lies toward the centre (the cross
    is only a figure in the book). «Монте-Карло»'s «Затем расклад уплотняется» names it too."""
    v, rule, what, detail = _one(kb, "Четырнадцать", "сдвигаются влево", "5S")
    assert (v, rule, what) == ("legal", "special:close-up", "closes-up")
    assert _assumed(detail) == ["emptied-toward"] and detail["assumed"][0]["detail"] == "left"
    assert _decisive(detail)["evidence"]["lines"] == [5401, 5404]
    assert [_one(kb, "Четырнадцать", raw, c)[0] for raw, c in (("спускаются вниз", "6C"), ("передвигаются вправо", "3C"),
                                                                 ("передвигаются вверх", "9S"))] == ["legal"] * 3
    spec = json.loads(kb.execute("SELECT rules FROM games WHERE name = 'Монте-Карло'").fetchone()[0])
    assert [s["lines"] for s in spec["special"] if s["name"] == "close-up"] == [[2549, 2553]]


def test_gaps_whose_neighbours_the_text_does_not_name(kb):
    """«Путаница» 2444–2446: «Пробел на краю верхнего ряда справа может заполняться либо ♥2, либо ♥4»
    — the neighbours are in the figure only: legal assuming ♥Т left of the space or ♥3 right of it
    (the rule, 2493–2496, takes either side); «Паганини» 6653 «♥Д в пятом ряду заполняет пробел
    слева» (one-sided rule: ♥В left of it). «♥Т … передвинуть на левый край ряда» (6651) starts a
    row: only a base card does, and the text's base is an ace («начиная с туза (слева)», 6608–6611);
    «Пустоты» 3443 «поместив двойку … в пробел» starts a row of twos (3383–3388)."""
    v, rule, what, detail = _one(kb, "Путаница", "либо ♥2, либо ♥4", "4H")
    assert (v, rule, what) == ("legal", "special:gaps", "fills-gap")
    assert detail["assumed"][0]["cards"] == ["3H", "5H"] and detail["assumed"][0]["detail"] == "left_of|right_of"
    v, rule, what, detail = _one(kb, "Паганини", "заполняет пробел слева", "QH")
    assert (v, rule, detail["assumed"][0]["cards"]) == ("legal", "special:gaps", ["JH"])
    assert _one(kb, "Путаница", "на правый край второго ряда", "TS")[:3] == ("legal", "special:gaps", "fills-gap")
    v, rule, what, detail = _one(kb, "Паганини", "на левый край ряда", "AH")
    assert (v, rule, what) == ("legal", "special:gaps", "starts-row") and _decisive(detail)["evidence"]["lines"] == [6608, 6611]
    v, rule, what, detail = _one(kb, "Пустоты", "поместив двойку")
    assert (v, rule, what, _assumed(detail)) == ("legal", "special:gaps", "starts-row", ["row-edge"])


def test_waste_cells_and_reserve_piles(kb):
    v, rule, _, _ = _one(kb, "Гольф", "♠8, ♦9, ♦10", "JC")
    assert (v, rule) == ("legal", "waste.build_direction")            # down after up: either way, any suit
    assert _one(kb, "Гольф", "помещенная в резервную стопку")[:2] == ("legal", "stock.deal_to")
    assert _one(kb, "Восемь резервных", "а ♣5 помещается в резерв")[:2] == ("legal", "layout.cells")
    assert [v for v, _, _, _ in _verdicts(kb, "Мастерский", "подвал")] == ["legal", "legal", "legal"]
    assert _one(kb, "Расчет", "Положим ее на базовую — тройку")[:2] == ("legal", "special:sequences")
    assert _one(kb, "Расчет", "в вакантную резервную стопку")[:2] == ("legal", "stock.deal_to")


def test_gaps_and_bare_kings(kb):
    assert _one(kb, "Пустоты", "♠6 располагается справа от ♠5")[:2] == ("legal", "special:gaps")
    assert _one(kb, "Салический закон", "♦9 помещается на ♥К")[:2] == ("legal", "special:bare-king-space")


def test_carried_cards_and_orders_listed(kb):
    v, rule, _, _ = _one(kb, "Скорпион", "вместе с ней идут")
    assert v == "legal" and rule == "tableau.build_suit"
    v, rule, _, d = _one(kb, "Королевский котильон", "♥3 и ♠3 можно поместить на тузы", "3H")
    assert (v, rule) == ("legal", "special:sequences") and _decisive(d)["detail"]["order"][:4] == [1, 3, 5, 7]


def test_the_book_errors(kb):
    """The errata: «♣Т покрывается ♣3» (line 3960: the bare ace takes the two) and 000's
    «ТД2 - ТВ5» (a misprinted row); the text's own prohibitions are illegal but not errata."""
    v, rule, what, d = _one(kb, "Британская площадь", "♣Т покрывается ♣3")
    assert (v, rule, what) == ("illegal", "foundations.direction", "wrong-rank") and _decisive(d)["detail"]["want"][0] == "2C"
    illegal = kb.execute("SELECT g.name, m.raw, m.flags FROM moves m JOIN games g ON g.id = m.game "
                         "WHERE m.verdict = 'illegal'").fetchall()
    # «Ханойская башня» 3286–3288: the pack is «от туза до девятки … любой из мастей» (unknown: no pack
    # size of the schema) and a card goes «под карту более высокого достоинства» (special
    # onto-any-higher), so its moves are no longer judged out of the pack or one step down; what is
    # left was one «♥2 — под ♥9» (3319) whose target the position model had covered by ♥8; the text
    # left moves out before it («♥7 — под ♥8 и т. д.», 3317: flag and-so-on), so it is unverifiable
    assert not [raw for name, raw, _ in illegal if name == "Ханойская башня"]
    assert "and-so-on" in json.loads(kb.execute(
        "SELECT m.flags FROM moves m JOIN games g ON g.id = m.game WHERE g.name = 'Ханойская башня' "
        "AND m.raw LIKE '%♥7 — под ♥8%'").fetchone()[0])
    assert "unverifiable" in [v for v, *_ in _verdicts(kb, "Ханойская башня", "♥2 — под ♥9")]
    # «Ковер» 985–987 «из резервной стопки или из оставшейся колоды, если нет резервной стопки» is
    # from-waste-then-stock and «Коса» 7075–7081 «либо … верхней картой колоды, либо верхней картой
    # резервной стопки» from-waste-or-stock: their deals from the stock into a space are no errata
    assert not [raw for name, raw, _ in illegal if name in ("Ковер", "Коса")]
    errata = sorted(raw for name, raw, flags in illegal if "prohibited" not in flags and name != "Ханойская башня")
    assert errata == ["ТД2 - ТВ5", "♣Т покрывается ♣3"]
    assert {name for name, _, flags in illegal if "prohibited" in flags} == {"Легкие ходы", "Терраса"}


@pytest.fixture(scope="module")
def bench():
    return load_bench("verdicts")


def test_definite_share_and_gold_agreement(kb, bench, read_corpus):
    """Issue 6's numbers: ≥ 90 % of the example moves get a definite verdict, and every verdict
    agrees with the hand-checked gold (bench/verdicts.py compares the same way)."""
    # over the moves that name a card: a deal of cards the text does not name («пробелы заполняются из
    # колоды», «выкладываются шестнадцать карт», read since the move reader gives counts) has no card to
    # judge yet (moves → core, NOTES 2026-12-01)
    n = dict(kb.execute("SELECT verdict, count(*) FROM moves WHERE card IS NOT NULL GROUP BY verdict").fetchall())
    total = sum(n.values())
    assert (n["legal"] + n["illegal"]) / total >= 0.90
    rows = bench.collect(read_corpus)
    for checks in (bench.gold_000_003(rows), bench.gold_004(rows)):
        compared, agreed, bad = bench.agreement(checks)
        assert compared and agreed == compared, [(w, r["move"].raw, r["verdict"].verdict) for w, r, _ in bad]


def test_described_position_counts_as_shown(kb):
    """004 «Краеугольные камни» 4338–4341: «♥А и ♠К вынесены во время раздачи карт в базовый ряд …
    ♠Д и ♥2 нельзя поместить на базовые»: AH and KS are on their foundations — moves the text
    reports as made (flag ``described``, the move reader), so nothing is assumed about them."""
    v, _, _, _ = _one(kb, "Краеугольные камни", "♥А и ♠К вынесены", "AH")
    assert v == "legal"
    v, _, _, d = _one(kb, "Краеугольные камни", "♠Д и ♥2 нельзя", "2H")
    shown = [c for c in d["checks"] if c["rule"] == "foundations: earlier play"]
    assert v == "unverifiable" and d["context"]["prohibited"] and d["context"]["allowed-by"] == "rules"
    assert shown[0]["what"] == "shown" and shown[0]["detail"]["how"] == "moved" and d["assumed"] == []


def test_brook_removal_by_the_rule_of_line_9(kb):
    """003 «Ручеек» line 11 «надо изъять из ряда червового короля»: the rule of line 9, the row unprinted."""
    v, rule, _, d = _one(kb, "Ручеек", "изъять из ряда червового короля")
    assert (v, rule) == ("legal", "special:same-suit-neighbours") and _assumed(d) == ["same-suit-beside"]


def test_cards_played_before_are_on_their_foundation(kb):
    """004 7395–7397: «Это позволит сыграть ♦6, затем ♦8 с левого фланга … Теперь ♦10 можно покрыть ♦8»:
    ♦6 and ♦8 are played (no place said) on the one foundation that takes each — the one topped by ♦4 (put
    on ♦2 at 7394) — and ♦10 goes on ♦8 there."""
    played = kb.execute("SELECT card, verdict FROM moves WHERE raw LIKE ? ORDER BY id",
                        ("%сыграть ♦6%",)).fetchall() + kb.execute(
        "SELECT card, verdict FROM moves WHERE raw LIKE ? ORDER BY id", ("%затем ♦8 с левого фланга%",)).fetchall()
    assert played == [("6D", "legal"), ("8D", "legal")]
    rows = kb.execute("SELECT verdict, detail FROM moves WHERE raw LIKE ? AND first_line = 7397",
                      ("%♦10 можно покрыть ♦8%",)).fetchall()
    assert len(rows) == 1
    v, d = rows[0][0], json.loads(rows[0][1])
    shown = [c for c in d["checks"] if c["rule"] == "foundations: earlier play"]
    assert v == "legal" and shown[0]["cards"] == ["TD", "8D"] and shown[0]["detail"]["how"] == "moved"


def test_rule_restated_in_an_example_is_not_a_move(kb):
    """004 8412: «В любое время карта может быть снята с базового туза и помещена на базового короля»
    is a rule, not the move «A starts a foundation»."""
    rows = kb.execute("SELECT card, reason FROM moves WHERE first_line = 8412").fetchall()
    assert rows == []
    found = kb.execute("SELECT kind FROM findings WHERE first_line <= 8412 AND last_line >= 8412").fetchall()
    assert ("unparsed-sentence",) in found


def test_marriage_moves_against_the_listed_bases(kb):
    """004 6266 «♥В и ♥10 выносятся во время раскладки карт в базовый ряд»: ♥В is a listed base, ♥10
    follows it down (jacks are built down); 6268 «♦К помещается на ♦Д»: ♦Д is built up."""
    v, rule, what, _ = _one(kb, "Супружество", "♥В и ♥10 выносятся", "JH")
    assert (v, rule, what) == ("legal", "special:base-list", "listed-base")
    v, rule, _, d = _one(kb, "Супружество", "♥В и ♥10 выносятся", "TH")
    assert (v, rule) == ("legal", "special:base-list") and _decisive(d)["cards"] == ["TH", "JH"]
    assert _decisive(d)["detail"]["direction"] == "down"
    v, _, _, d = _one(kb, "Супружество", "♦К помещается на ♦Д")
    assert v == "legal" and _decisive(d)["detail"]["direction"] == "up"
    assert [c["what"] for c in d["checks"] if c["rule"] == "foundations.preplaced"] == ["preplaced"]


def test_two_moves_told_as_alternatives_are_not_judged_one_after_the_other(kb):
    """«Фанданго» 5261–5263 «♥К помещается на ♥Д, а ♥Д — на ♥К» (cards move one at a time, a run either
    way): after the first, KH lies on QH, so the second cannot follow it — unverifiable, not a false erratum."""
    v, rule, what, _ = _one(kb, "Фанданго", "а ♥Д — на ♥К")
    assert (v, rule, what) == ("unverifiable", "to", "onto-own-pile")


def test_aces_named_without_suit_are_the_movers_suit_when_foundations_go_in_suit(kb):
    """004 557 «♥2 и ♠2 могут покрыть базовые тузы» («Осажденная крепость», all four aces dealt to the
    foundations, lines 529–531): each two goes on the ace of its own suit, there from the deal — the
    ♥ ace under ♥2, the ♠ ace under ♠2, no suit assumed."""
    got = _verdicts(kb, "Осажденная крепость", "могут покрыть базовые тузы")
    assert [(v, r, w) for v, r, w, _ in got] == [("legal", "foundations.preplaced", "preplaced")] * 2
    for (_, _, _, d), ace in zip(got, ("AH", "AS")):
        pre = [c for c in d["checks"] if c["rule"] == "foundations.preplaced"]
        assert pre and pre[0]["cards"][1] == ace
        assert "suit-fits" not in _assumed(d)
