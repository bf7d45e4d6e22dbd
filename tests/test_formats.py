"""Exports of the rule spec: Markdown pages and Solvitaire rule files (kb/formats.py), from the
specs the pipeline reads out of the real texts."""

from __future__ import annotations

import pytest

from pasyans.extract.rules import spec_for_games
from pasyans.kb.formats import NotExpressible, to_markdown, to_solvitaire, to_solvitaire_with_notes
from pasyans.pipeline import segment

# Solvitaire's rules-file keys and the values its parser accepts (its rules schema, newest format)
SOLVITAIRE_KEYS = {
    "tableau piles": {"count": int, "build policy": {"any-suit", "red-black", "same-suit", "no-build"},
                      "spaces policy": {"any", "no-build", "kings", "auto-reserve-then-waste", "auto-waste-then-stock"},
                      "diagonal deal": bool,
                      "move built group": {"yes", "no", "whole-pile", "maximal-group", "partial-if-card-above-buildable"},
                      "move built group policy": {"same-as-build", "any-suit", "red-black", "same-suit", "no-build"},
                      "face up cards": {"all", "top"}},
    "foundations": {"present": bool, "initial cards": {"none", "one", "all"}, "base card": str,
                    "removable": bool, "only complete pile moves": bool},
    "hole": {"present": bool, "base card": str, "build loops": bool},
    "cells": {"count": int, "pre-filled": int},
    "stock": {"size": int, "deal type": {"waste", "tableau piles", "hole"}, "deal count": int, "redeal": bool},
    "reserve": {"size": int, "stacked": bool},
    "accordion": {"size": int, "moves": list, "build policies": list},
    "sequences": {"count": int, "direction": {"L", "R", "LR"}, "build policy": {"any-suit", "red-black", "same-suit"},
                  "fixed suit": bool},
    "max rank": int, "two decks": bool,
}


def check_solvitaire(rules: dict) -> None:
    for key, val in rules.items():
        assert key in SOLVITAIRE_KEYS, key
        kind = SOLVITAIRE_KEYS[key]
        if isinstance(kind, dict):
            for sub, v in val.items():
                allowed = kind[sub]
                assert (v in allowed) if isinstance(allowed, set) else isinstance(v, allowed), (key, sub, v)
        else:
            assert isinstance(val, kind), (key, val)
    solutions = [rules.get("foundations", {}).get("present", True), rules.get("hole", {}).get("present", False),
                 rules.get("accordion", {}).get("size", 0) > 0, rules.get("sequences", {}).get("count", 0) > 0]
    assert sum(map(bool, solutions)) == 1, rules      # exactly one way to win


@pytest.fixture(scope="module")
def book(corpus):
    seg = segment(corpus["004"])
    specs = spec_for_games(seg.games, seg.game_texts, "ru", "004", corpus["004"])
    return seg, specs


@pytest.fixture(scope="module")
def articles(corpus):
    out = {}
    for sid in ("000", "003"):
        seg = segment(corpus[sid])
        out.update(spec_for_games(seg.games, seg.game_texts, corpus[sid].language, sid, corpus[sid]))
    return out


def export_entry(seg, specs, key) -> dict:
    """A game as ``kb/export.py`` writes it (the fields to_markdown reads)."""
    g = next(x for x in seg.games if x.key == key)
    return {"id": g.key, "name": g.name, "printed_name": g.printed_name, "source": g.source,
            "lines": [list(x) for x in g.lines], "variant_of": g.variant_of, "page": g.page,
            "fragment": g.fragment, "rules_used": g.rules_used,
            "aliases": [{"name": a.name, "language": a.language, "lines": list(a.lines), "kind": a.kind}
                        for a in g.aliases],
            "rules": specs[key][0],
            "examples": [{"lines": list(e.lines), "moves": [{"verdict": "legal"}, {"verdict": "unverifiable"}]}
                         for e in g.examples]}


# -- Solvitaire -----------------------------------------------------------------------------------


def test_golf_is_a_hole_game(book):
    rules, notes = to_solvitaire_with_notes(book[1]["004-021"][0])
    check_solvitaire(rules)
    assert rules["tableau piles"] == {"count": 7, "build policy": "no-build", "spaces policy": "no-build",
                                      "move built group": "no", "face up cards": "all", "diagonal deal": False}
    assert rules["foundations"] == {"present": False}
    assert rules["hole"] == {"present": True, "base card": "random", "build loops": False}
    assert rules["stock"] == {"size": 16, "deal type": "hole", "deal count": 1, "redeal": False}   # 52 − 35 − 1
    assert any(n.startswith("hole:") for n in notes)


def test_beleaguered_castle_and_eight_off(book):
    castle = to_solvitaire(book[1]["004-004"][0])
    check_solvitaire(castle)
    assert castle["tableau piles"]["count"] == 8 and castle["tableau piles"]["build policy"] == "any-suit"
    assert castle["tableau piles"]["spaces policy"] == "any"
    assert castle["foundations"]["initial cards"] == "all" and castle["stock"] == {"size": 0}
    eight, notes = to_solvitaire_with_notes(book[1]["004-017"][0])
    check_solvitaire(eight)
    assert eight["cells"] == {"count": 8, "pre-filled": 0}
    assert (eight["tableau piles"]["build policy"], eight["tableau piles"]["spaces policy"]) == ("same-suit", "kings")
    assert "layout.reserve not stated: read as no reserve" in notes


def test_simple_simon_and_klondike_deals(book):
    simon, notes = to_solvitaire_with_notes(book[1]["004-035"][0])
    check_solvitaire(simon)
    tab = simon["tableau piles"]
    assert (tab["count"], tab["diagonal deal"], tab["move built group"], tab["move built group policy"]) == \
        (10, True, "yes", "same-suit")
    assert simon["foundations"]["only complete pile moves"] is True
    assert any(n.startswith("sequences-in-layout") for n in notes)
    klondike = to_solvitaire(book[1]["004-024"][0])
    check_solvitaire(klondike)
    assert klondike["tableau piles"]["face up cards"] == "top" and klondike["tableau piles"]["diagonal deal"]
    assert klondike["stock"] == {"size": 24, "deal type": "waste", "deal count": 1, "redeal": False}
    assert klondike["foundations"]["initial cards"] == "none"


def test_accordion(book):
    rules = to_solvitaire(book[1]["004-001"][0])
    check_solvitaire(rules)
    assert rules["accordion"] == {"size": 52, "moves": ["L1", "L3"], "build policies": ["same-suit", "same-rank"]}


def test_what_solvitaire_cannot_express_says_why(book, articles):
    with pytest.raises(NotExpressible) as e:
        to_solvitaire(articles["000-3"][0])          # Gaps rows, but rule 7 reshuffles twice
    assert "stock.redeals = 2: Solvitaire's Gaps has no reshuffle" in e.value.reasons
    with pytest.raises(NotExpressible) as e:
        to_solvitaire(articles["003-2"][0])          # «Узник»: a 36-card pack
    assert any(r.startswith("deck.cards_per_pack = 36") for r in e.value.reasons)
    with pytest.raises(NotExpressible) as e:
        to_solvitaire(book[1]["004-014"][0])         # «Демон»: foundations both ways, reserve filling spaces
    assert "foundations.direction = both: Solvitaire builds foundations up" in e.value.reasons
    assert "tableau.space = from-reserve: no Solvitaire spaces policy for it" in e.value.reasons


def test_every_book_game_exports_or_gives_reasons(book):
    exported = 0
    for key, (spec, _) in book[1].items():
        try:
            check_solvitaire(to_solvitaire(spec))
            exported += 1
        except NotExpressible as e:
            assert e.reasons and all(isinstance(r, str) and r for r in e.reasons), key
    assert exported >= 8


# -- Markdown -------------------------------------------------------------------------------------


def test_markdown_page_of_golf(book):
    seg, specs = book
    page = to_markdown(export_entry(seg, specs, "004-021"))
    assert page.startswith("# Гольф (004-021)\n")
    assert "source 004, lines 1730–1781, lines 1800–1802 · page 36" in page
    assert ("- **build direction**: up or down — «Любая из карт в нижнем ряду звеньев пригодна для покрытия "
            "верхней карты резервной стопки в восходящей или нисходящей последовательности, независимо от масти.» "
            "(lines 1743–1747)") in page
    assert "- **build suit**: any suit — same sentence (lines 1743–1747)" in page
    assert "- **packs**: 1 — inherited from book section label «ИГРЫ ОДНОЙ КОЛОДОЙ»" in page
    assert "- **cells**: ? — *unknown* — no sentence of the game's text states it" in page
    assert "### Waste" in page and "### Special rules" in page
    assert "1 example(s), 2 move(s): legal 1, unverifiable 1" in page


def test_markdown_shows_conflicts_and_numbered_rules(book, corpus):
    seg, specs = book
    page = to_markdown(export_entry(seg, specs, "004-014"))       # «Демон»: face down and face up
    assert "### Conflicts in the text" in page and "- **layout.face**: «Выложите стопку из тринадцати карт" in page
    seg0 = segment(corpus["000"])
    specs0 = spec_for_games(seg0.games, seg0.game_texts, "uk", "000", corpus["000"])
    page0 = to_markdown(export_entry(seg0, specs0, "000-5"))
    assert "numbered rules used: 10, 2, 3, 4, 7" in page0
    assert "- **base card**: A — inherited from 000 Правило 3, line 17: «Мета пасьянсу" in page0
    assert "- **paganini-windows**:" in page0 and "[000 Правило 4, lines 18–19]" in page0


def test_markdown_without_rules():
    page = to_markdown({"id": "001-1", "name": None, "source": "001", "lines": [[1, 1]], "fragment": True, "rules": {}})
    assert page.splitlines()[0] == "# (no title) (001-1)"
    assert "No rule spec was read for this game." in page and "fragment" in page
