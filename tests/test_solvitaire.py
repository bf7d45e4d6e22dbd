"""Solvitaire rule files (kb/solvitaire.py, kb/solvitaire_format.py) from the specs the pipeline reads
out of the real texts: the files Solvitaire's loader accepts, each key with its book quote, and the
differences from Solvitaire's own preset of the same game."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from .bench_loader import load_bench
from pasyans.kb.export import export_solvitaire
from pasyans.kb.solvitaire import NotExpressible, export_game
from pasyans.kb.solvitaire_format import effective, flatten, preset_for, presets, schema, slug, validate

ROOT = Path(__file__).resolve().parent.parent

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "solvitaire" / "presets.json"


@pytest.fixture(scope="module")
def kb_games(built_kb):
    conn = sqlite3.connect(built_kb[0])
    conn.row_factory = sqlite3.Row
    cross = {r["game"]: dict(r) for r in conn.execute("SELECT * FROM crosswalk")}
    games = {r["id"]: {"name": r["name"], "rules": json.loads(r["rules"] or "{}"), "crosswalk": cross.get(r["id"])}
             for r in conn.execute("SELECT id, name, rules FROM games")}
    conn.close()
    return games


@pytest.fixture(scope="module")
def exported(built_kb, tmp_path_factory):
    """(folder, files written, {game: reasons}) of `pasyans export --format solvitaire`."""
    out = tmp_path_factory.mktemp("solvitaire")
    conn = sqlite3.connect(built_kb[0])
    written, refused = export_solvitaire(conn, out)
    conn.close()
    return out, written, refused


def export_of(kb_games, gid):
    g = kb_games[gid]
    return export_game(g["rules"], preset_for(g["crosswalk"]))


def refusal(kb_games, gid) -> NotExpressible:
    with pytest.raises(NotExpressible) as e:
        export_of(kb_games, gid)
    return e.value


# -- the format as facts -----------------------------------------------------------------------

def test_presets_are_the_fixture_and_valid_files():
    assert presets() == json.loads(FIXTURE.read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema())
    for name, preset in presets().items():
        validate(preset)                       # every preset Solvitaire ships passes the schema
    assert effective({})["foundations.present"] is True and effective({})["hole.build loops"] is True


@pytest.mark.parametrize("bad, why", [
    ({"foundations": {"complete piles": True}}, "the key the loader reads is rejected by its schema"),
    ({"foundations": {"base card": "T"}}, "ten is 10"),
    ({"hole": {"present": True}}, "foundations stay present by default: two ways to win"),
    ({"foundations": {"present": False}}, "no way to win"),
    ({"stock": {"deal type": "stock"}}, "not a deal type"),
    ({"tableau piles": {"spaces policy": "from-waste"}}, "not a spaces policy"),
    ({"max rank": 14}, "ranks run to 13"),
])
def test_schema_rejects_what_the_loader_rejects(bad, why):
    with pytest.raises(jsonschema.ValidationError):
        validate(bad)


def test_schema_accepts_what_the_loader_accepts():
    validate({"foundations": {"base card": "10", "only complete pile moves": True}})
    validate({"foundations": {"present": False}, "hole": {"present": True, "base card": "10S"}})


def test_preset_names_come_from_the_crosswalk(kb_games):
    assert slug("Mrs. Mop") == "mrs-mop" and slug("Fortune's Favor") == "fortunes-favor"
    klondike = preset_for(kb_games["004-024"]["crosswalk"])
    assert klondike.name == "klondike" and "English title «Klondike»" in klondike.evidence
    demon = preset_for(kb_games["004-014"]["crosswalk"])         # «Демон»: PySolFC #105 Canfield
    assert demon.name == "canfield" and "PySolFC name «Canfield»" in demon.evidence
    assert preset_for(kb_games["004-020"]["crosswalk"]) is None  # «Фортуна» is Fortune, not Fortune's Favor
    assert preset_for(None) is None
    # TESTER10 T16: the catalogues write «FreeCell» in camel case, Solvitaire names it «free-cell»
    freecell = preset_for({"game": "009-1", "english": "FreeCell", "pysol_name": "FreeCell", "confidence": "high"})
    assert freecell.name == "free-cell" and "English title «FreeCell»" in freecell.evidence


# -- the exports ---------------------------------------------------------------------------------

def test_every_file_is_valid_and_every_key_has_a_note(exported, kb_games):
    out, written, refused = exported
    notes = json.loads((out / "notes.json").read_text("utf-8"))
    assert len(written) + len(refused) == len(kb_games)
    assert len(written) >= 9
    for name in written:
        rules = json.loads((out / name).read_text("utf-8"))
        validate(rules)
        gid = name.removesuffix(".json")
        noted = {n["key"] for n in notes[gid]["notes"]}
        assert set(flatten(rules)) <= noted, gid
        for n in notes[gid]["notes"]:
            assert n["basis"] in ("book", "silence", "preset", "format")
            if n["basis"] == "book":
                assert n["evidence"], (gid, n["key"])
    for gid, reasons in refused.items():
        assert reasons and all(isinstance(r, str) and r for r in reasons), gid


def test_golf_is_a_hole_game(kb_games):
    golf = export_of(kb_games, "004-021")
    assert golf.rules["tableau piles"] == {"count": 7, "build policy": "no-build", "spaces policy": "no-build",
                                           "move built group": "no", "face up cards": "all", "diagonal deal": False}
    assert golf.rules["foundations"] == {"present": False}
    assert golf.rules["hole"] == {"present": True, "base card": "random", "build loops": False}
    assert golf.rules["stock"] == {"size": 16, "deal type": "hole", "deal count": 1, "redeal": False}  # 52 − 35 − 1
    piles = golf.note("tableau piles.count").evidence[0]
    assert piles.lines == (1734, 1739) and piles.quote.startswith("Выкладываются в ряд семь открытых карт")
    assert golf.preset.name == "golf" and golf.differences == []


def test_klondike_differs_from_its_preset_only_by_quoted_rules(kb_games):
    k = export_of(kb_games, "004-024")
    assert k.rules["stock"] == {"size": 24, "deal type": "waste", "deal count": 1, "redeal": False}
    assert k.rules["tableau piles"]["diagonal deal"] and k.rules["tableau piles"]["face up cards"] == "top"
    diffs = {d.key: d for d in k.differences}
    assert set(diffs) == {"tableau piles.move built group", "stock.redeal", "stock.deal count"}
    assert (diffs["stock.redeal"].ours, diffs["stock.redeal"].theirs) == (False, True)
    redeal = diffs["stock.redeal"].note.evidence[0]
    assert redeal.quote == "Допускается лишь одна раздача карт в расклад." and redeal.lines == (2068, 2069)
    assert (diffs["stock.deal count"].ours, diffs["stock.deal count"].theirs) == (1, 3)
    assert all(d.note.quoted for d in k.differences)
    # the book says nothing of playing back from a foundation: the preset's value, marked as such
    removable = k.note("foundations.removable")
    assert (removable.value, removable.basis) == (True, "preset") and "not from the book" in removable.text


def test_eight_off_deals_its_aces_out(kb_games):
    e = export_of(kb_games, "004-017")
    assert e.rules["cells"] == {"count": 8, "pre-filled": 0} and e.rules["foundations"]["initial cards"] == "all"
    diffs = {d.key: d for d in e.differences}
    assert set(diffs) == {"foundations.initial cards", "cells.pre-filled"}     # the preset deals 4 to the cells
    aces = diffs["foundations.initial cards"].note.evidence[0]
    assert aces.quote.endswith("помещая тузы по мере их появления в базовый ряд.") and aces.lines == (1439, 1443)
    assert diffs["cells.pre-filled"].note.quoted


def test_every_difference_from_a_preset_is_a_quoted_book_rule(exported):
    out, written, _ = exported
    notes = json.loads((out / "notes.json").read_text("utf-8"))
    compared = [g for g in notes.values() if g["preset"]]
    assert len(compared) >= 6
    for g in compared:
        for d in g["differences"]:
            assert d["quoted"], (g["name"], d)


def test_complete_sequences_say_solvitaire_ignores_them(kb_games):
    simon = export_of(kb_games, "004-035")
    assert simon.rules["foundations"]["only complete pile moves"] is True
    note = simon.note("foundations.only complete pile moves")
    assert "never reads this key" in note.text and note.evidence[0].path == "special:sequences-in-layout"
    assert (simon.rules["tableau piles"]["move built group"], simon.rules["tableau piles"]["move built group policy"]) \
        == ("yes", "same-suit")


def test_accordion(kb_games):
    a = export_of(kb_games, "004-001")
    assert a.rules["accordion"] == {"size": 52, "moves": ["L1", "L3"], "build policies": ["same-suit", "same-rank"]}
    assert a.preset.name == "accordion" and a.differences == []


def test_mrs_mop_thirteen_piles_of_eight(kb_games):
    # «восемью рядами из тринадцати карт внахлест» (6474–6477): rows are layers, 13 piles of 8; «карты
    # переместились из одного столбца в другой» (6489–6492) counts no columns
    mop = export_of(kb_games, "004-077")
    assert mop.rules["tableau piles"]["count"] == 13 and mop.rules["stock"]["size"] == 0
    assert mop.note("tableau piles.count").evidence[0].lines == (6474, 6477)
    assert mop.preset.name == "mrs-mop" and all(d.note.quoted for d in mop.differences)


def test_king_albert_plays_as_its_preset(kb_games):
    # «рядами в девять, восемь, семь и т. д. карт до одной» (1940–1942): 9 piles of 9 … 1, Solvitaire's
    # diagonal deal; the reserve of 7; no key differs from Solvitaire's «king-albert»
    albert = export_of(kb_games, "004-023")
    assert albert.rules["tableau piles"]["count"] == 9 and albert.rules["tableau piles"]["diagonal deal"] is True
    assert albert.rules["reserve"]["size"] == 7 and albert.rules["stock"]["size"] == 0
    assert albert.preset.name == "king-albert" and albert.differences == []


def test_a_redeal_until_the_game_is_won_or_lost_is_unlimited(kb_games):
    # «Подвеска» 6905–6907: «Пересдача продолжается до тех пор, пока пасьянс не сложится или игра не будет
    # проиграна» — not a set number of redeals (the game is refused for its other rules)
    spec = kb_games["004-082"]["rules"]
    assert spec["stock"]["redeals"]["value"] == "unlimited"
    assert not [o for o in refusal(kb_games, "004-082").obstacles if o.fields == ("stock.redeals",)]


def _with_space(kb_games, gid, value):
    spec = json.loads(json.dumps(kb_games[gid]["rules"]))
    spec["tableau"]["space"] = {"value": value, "status": "stated", "quote": "Пробел заполняется картой из резерва.",
                                "lines": [1, 1], "ref": None, "reason": None}
    return spec


def test_a_space_filled_from_the_reserve(kb_games):
    # «Цветник» has a reserve of 16 (its preset's): from-reserve is Solvitaire's auto-reserve-then-any, the «then any» assumed
    e = export_game(_with_space(kb_games, "004-019", "from-reserve"), preset_for(kb_games["004-019"]["crosswalk"]))
    assert e.rules["tableau piles"]["spaces policy"] == "auto-reserve-then-any"
    note = e.note("tableau piles.spaces policy")
    assert note.basis == "book" and "assumed" in note.text and note.evidence[0].path == "tableau.space"
    # «Осажденная крепость» reads no reserve: refused for the reserve's size, a fact not read
    with pytest.raises(NotExpressible) as x:
        export_game(_with_space(kb_games, "004-004", "from-reserve"))
    [o] = x.value.obstacles
    assert o.fields == ("layout.reserve",) and "is not read from the text" in o.text
    spec = _with_space(kb_games, "004-004", "from-reserve")
    spec["layout"]["reserve"] = {"value": 0, "status": "stated", "quote": "Резерва нет.", "lines": [1, 1],
                                 "ref": None, "reason": None}
    with pytest.raises(NotExpressible) as x:                 # a layout stated without one: the space rule
        export_game(spec)
    assert [o.fields for o in x.value.obstacles] == [("tableau.space",)]


# -- refusals name the rule ----------------------------------------------------------------------

def test_carpet_fills_a_space_from_the_waste_then_the_stock(kb_games):
    # «пустоты заполняются из резервной стопки или из оставшейся колоды, если нет резервной стопки»
    # (989–992) is read from-waste-then-stock: Solvitaire's auto-waste-then-stock, with its note
    try:
        e = export_of(kb_games, "004-010")
    except NotExpressible as x:
        raise AssertionError([(o.fields, o.text) for o in x.obstacles])
    assert e.rules["tableau piles"]["spaces policy"] == "auto-waste-then-stock"
    space = e.note("tableau piles.spaces policy").evidence[0]
    assert space.lines == (989, 992) and space.quote.startswith("Образующиеся при перекладке пустоты")


def test_fortune_and_cadran_spaces_as_their_texts_say(kb_games):
    # «Фортуна» 1701–1705: the waste's top card, the stock's «если резервной стопки не имеется»
    fortune = export_of(kb_games, "004-020")
    assert fortune.rules["tableau piles"]["spaces policy"] == "auto-waste-then-stock"
    # «Кадран» 5979–5982: «либо игровой картой из расклада, либо верхней картой резервной стопки» = any card
    cadran = export_of(kb_games, "004-071")
    note = next(n for n in cadran.notes if n.key == "tableau piles.spaces policy")
    assert note.value == "any" and note.evidence[0].lines == (5979, 5982)


def test_ladder_refused_for_its_one_redeal(kb_games):
    # «Лесенка» (003): the waste «использовать как новую колоду» once; Solvitaire redeals without limit or not at all
    [o] = [o for o in refusal(kb_games, "003-7").obstacles if o.fields == ("stock.redeals",)]
    assert "set number of times" in o.text and "как новую колоду" in o.quote


def test_gaps_rows_refused_for_their_reshuffles(kb_games):
    e = refusal(kb_games, "000-3")                 # «важкий шлях»: rule 7 may be used twice
    [o] = [o for o in e.obstacles if o.fields == ("stock.redeals",)]
    assert o.quote == "Правило 7 - дозволяється використовувати до двох разів." and "re-dealt" in o.text


def test_stripped_pack_and_jokers(kb_games):
    assert any(o.fields == ("deck.cards_per_pack",) and "low ranks" in o.text
               for o in refusal(kb_games, "003-11").obstacles)          # «Триада»: 36 cards
    assert any(o.fields == ("deck.jokers",) for o in refusal(kb_games, "004-024-v1").obstacles)


def test_spider_dealing_only_when_no_pile_is_empty(kb_games):
    spec = json.loads(json.dumps(kb_games["004-095"]["rules"]))
    quote = ("После того как все возможные ходы сделаны, а все пробелы заполнены, из колоды сдается еще десять "
             "карт лицом вверх, по одной карте внизу каждой колонки внахлест.")
    for key, value in (("deal_to", "tableau"), ("deal_when", "no-spaces")):     # as the reader is to give them
        spec["stock"][key] = {"value": value, "status": "stated", "quote": quote, "lines": [8093, 8097],
                              "ref": None, "reason": None}
    with pytest.raises(NotExpressible) as e:
        export_game(spec, preset_for(kb_games["004-095"]["crosswalk"]))
    [o] = e.value.obstacles
    assert o.fields == ("stock.deal_when",) and "only when no pile is empty" in o.text and o.lines == (8093, 8097)


def test_scorpion_moving_a_card_with_everything_on_it(kb_games):
    spec = json.loads(json.dumps(kb_games["004-034"]["rules"]))
    spec["tableau"]["move"]["value"] = "any-face-up"
    with pytest.raises(NotExpressible) as e:
        export_game(spec)
    [o] = [o for o in e.value.obstacles if o.fields == ("tableau.move",)]
    assert "everything on it" in o.text and o.quote.startswith("Для этого карты могут быть взяты из любого места")


def test_a_stated_field_no_key_translates_blocks(kb_games):
    spec = json.loads(json.dumps(kb_games["004-024"]["rules"]))
    spec["layout"]["deal_rows"] = {"value": 3, "status": "stated", "quote": "в три ряда", "lines": [1, 1],
                                   "ref": None, "reason": None}       # a field of a newer schema
    with pytest.raises(NotExpressible) as e:
        export_game(spec)
    assert [o.fields for o in e.value.obstacles] == [("layout.deal_rows",)]


def test_exports_import_no_reader():
    code = ("import sys, json; from pasyans.kb.solvitaire import export_game, NotExpressible\n"
            "import pasyans.kb.export\n"
            "assert not [m for m in sys.modules if m.startswith(('spacy', 'pasyans.extract'))], sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_hand_checked_games(kb_games):
    """The hand check (tests/fixtures/annotations/solvitaire_expressible.json): a game Solvitaire cannot
    express as its text states it is never exported; bench/solvitaire.py prints the rest."""
    hand = json.loads((Path(__file__).resolve().parent / "fixtures" / "annotations" /
                       "solvitaire_expressible.json").read_text("utf-8"))["games"]
    assert len(hand) >= 30
    for h in hand:
        if h["expressible"]:
            continue
        with pytest.raises(NotExpressible):
            export_of(kb_games, h["game"])
    exported = [h["game"] for h in hand if h["expressible"] and h["game"] in kb_games]
    ok = 0
    for gid in exported:
        try:
            validate(export_of(kb_games, gid).rules)
            ok += 1
        except NotExpressible:
            pass
    assert ok >= 6


def test_every_refusal_is_judged_by_its_first_obstacle(kb_games):
    """tests/fixtures/annotations/solvitaire_obstacles.json judges each refused game by the class of its
    first obstacle (bench/solvitaire.py prints the table): a refusal of a class nobody judged fails, so
    the table cannot go stale; «Каре Наполеона» (any-or-stock, stock one card at a time onto the waste)
    is exported as Solvitaire's «any»; «Чередование» stops at its face-down rows between face-up ones."""
    bench = load_bench("solvitaire")
    judged = json.loads(bench.JUDGED.read_text("utf-8"))
    unjudged = []
    for gid, g in kb_games.items():
        try:
            export_of(kb_games, gid)
        except NotExpressible as e:
            cls = bench.first_obstacle(g["rules"], e.obstacles)
            if gid not in judged["games"] and cls not in judged["classes"]:
                unjudged.append((gid, cls))
    assert unjudged == []
    napoleon = export_of(kb_games, "004-078")
    assert napoleon.rules["tableau piles"]["spaces policy"] == "any"
    assert bench.first_obstacle(kb_games["004-045"]["rules"], refusal(kb_games, "004-045").obstacles) == \
        "layout.face = alternate"
