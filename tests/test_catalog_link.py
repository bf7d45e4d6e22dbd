"""A new game linked to the catalogue names with its evidence and a confidence; a name that means
different games in different languages is shown as such, never merged (issue 11, item 5)."""

from __future__ import annotations

from pasyans.kb.catalog_link import propose
from pasyans.kb.crosswalk import load_catalogues
from pasyans.kb.links import decide, meanings_differ, name_evidence, translations_of
from pasyans.models import Alias, GameText


def _game(key, name, aliases=(), source="900"):
    return GameText(key, source, name, [(1, 2)], aliases=[Alias(n, lang, (1, 1), kind) for n, lang, kind in aliases])


def test_a_russian_klondike_is_linked_with_its_evidence():
    g = _game("900-1", "Косынка", [("Клондайк", "ru", "alias"), ("Klondike", "en", "alias")])
    (row,) = propose([g], {"900": "ru"}, [], load_catalogues())
    assert (row.english, row.pysol_id, row.aisleriot, row.kpat, row.confidence) == ("Klondike", 2, "Klondike", "Klondike", "high")
    assert row.evidence[0] == "auto" and "english-alias:Klondike" in row.evidence
    assert "KPatience uk name of «Freecell»" in row.conflict  # the other meaning is shown, not merged


def test_the_ukrainian_kosynka_of_kpatience_is_a_rival_not_a_link():
    g = _game("901-1", "Косинка", [("Клондайк", "uk", "alias")], source="901")
    (row,) = propose([g], {"901": "uk"}, [], load_catalogues())
    assert row.english == "Klondike" and row.confidence == "medium"  # its own-language name says Freecell
    assert "«Freecell»" in row.conflict


def test_no_catalogue_name_no_row():
    assert propose([_game("902-1", "Пасьянс моей бабушки")], {"902": "ru"}, [], load_catalogues()) == []


def test_names_spelt_alike_across_languages_are_no_evidence_of_one_game():
    cats = load_catalogues()
    why = meanings_differ("Косинка", "uk", "Косынка", "ru", cats)
    assert "Freecell" in why and "Klondike" in why
    a, b = _game("901-1", "Косинка", source="901"), _game("900-1", "Косынка", source="900")
    lang = {"900": "ru", "901": "uk"}
    ev, kinds = name_evidence(a, b, lang, {}, translations_of([a, b], lang, cats), {}, cats)
    assert "ambiguous-name" in kinds and "same-name" not in kinds
    assert decide(a, b, kinds, [], []) == "ambiguous-name"


def test_the_same_game_in_two_languages_is_one_game_by_its_catalogue_names():
    from types import SimpleNamespace

    from pasyans.kb.links import find_links

    uk = _game("901-1", "Павук", [("Spider", "en", "gloss"), ("Павучок", "uk", "alias")], source="901")
    ru = _game("900-1", "Паук", source="900")
    sources = [SimpleNamespace(id="900", language="ru", segmenter="headings"),
               SimpleNamespace(id="901", language="uk", segmenter="headings")]
    rows = propose([ru, uk], {"900": "ru", "901": "uk"}, [], load_catalogues())
    (link,) = find_links([ru, uk], sources, rows, all_facts={})
    assert (link.game_a, link.game_b, link.relation) == ("900-1", "901-1", "same")


def test_a_row_of_piles_told_from_the_other_end_is_the_same_layout():
    from pasyans.kb.links import Fact, compare_facts

    a = {"cards_per_pile": Fact("004-024", "cards_per_pile", "7,6,5,4,3,2,1", "rules", (2020, 2022))}
    b = {"cards_per_pile": Fact("007-1", "cards_per_pile", "1,2,3,4,5,6,7", "rules", (8, 8))}
    c = {"cards_per_pile": Fact("006-1", "cards_per_pile", "6,6,6,6,5,5,5,5,5,5", "rules", (14, 14))}
    agree, conflict, _ = compare_facts(a, b)
    assert agree and not conflict
    assert compare_facts(a, c)[1]  # a different layout still tells two games apart


def test_show_says_where_else_the_game_is_told(built_kb):
    from typer.testing import CliRunner

    from pasyans.cli import app

    out = CliRunner().invoke(app, ["show", "002-1", "--db", str(built_kb[0])]).output
    assert "also in: 004-092 «Салический закон»" in out.splitlines()
