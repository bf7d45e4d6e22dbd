"""Rules by reference in texts of other authors («как «Паук», но …», «те же правила, что и в …»,
uk «як «Павук», але …»): the named game is kept in the same-as special; the sentences after «но»
override what is inherited; a name that only the catalogues know (PySolFC, Aisleriot, KPatience)
is kept with its catalogue game and said so in the finding, nothing inherited."""

from __future__ import annotations

from pathlib import Path

from pasyans.extract.rules import get_field, spec_for_games
from pasyans.extract.rules.references import resolve_across
from pasyans.extract.text import MappedText
from pasyans.models import GameText

FIXTURES = Path(__file__).parent / "fixtures"


def _read(key: str, text: str, lang: str) -> GameText:
    """One game of a user's text, read as a build reads it (its spec and findings)."""
    lines = text.split("\n")
    g = GameText(key=key, source=key.split("-")[0], name=lines[0], lines=[(1, len(lines))], text=text)
    spec, findings = spec_for_games([g], {key: MappedText.from_lines(lines)}, lang, g.source)[key]
    g.rules, g.findings = spec, findings
    return g


def _same_as(g: GameText) -> dict:
    return next(s for s in g.rules["special"] if s["name"] == "same-as")


def test_a_catalogue_game_not_in_the_kb_is_named_and_nothing_inherited():
    g = _read("u1-1", "Паучок\nИграется как «Паук», но одной колодой.\nКарты сдаются в десять стопок.", "ru")
    resolve_across([g])
    sa = _same_as(g)
    assert sa["ref"] == "Паук"
    assert sa["params"]["catalogue"] == "Spider" and "PySolFC" in sa["params"]["catalogues"]
    assert get_field(g.rules, "deck.packs")["value"] == 1            # after «но»: the text's own rule
    assert get_field(g.rules, "tableau.build_suit")["status"] == "unknown"   # nothing inherited
    (f,) = [f for f in g.findings if f.kind == "same-as-unresolved"]
    assert "Spider" in f.message and "no text of the knowledge base" in f.message and f.lines == (2, 2)


def test_ukrainian_reference_to_a_catalogue_game():
    g = _read("u2-1", "Павучок\nГра як «Павук», але однією колодою.", "uk")
    resolve_across([g])
    sa = _same_as(g)
    assert (sa["ref"], sa["params"]["catalogue"]) == ("Павук", "Spider")
    assert get_field(g.rules, "deck.packs")["value"] == 1


def test_the_named_game_in_the_kb_is_inherited_and_the_sentences_after_no_override():
    spider = _read("u3-1", (FIXTURES / "aisleriot" / "ru" / "spider.txt").read_text("utf-8"), "ru")
    spider.name = "Паук"
    g = _read("u4-1", "Паучок\nИграется как «Паук», но одной колодой.", "ru")
    resolve_across([spider, g])
    assert get_field(spider.rules, "deck.packs")["value"] == 2
    packs = get_field(g.rules, "deck.packs")
    assert (packs["value"], packs["status"]) == (1, "stated")
    suit = get_field(g.rules, "tableau.build_suit")
    assert suit["status"] == "inherited" and suit["value"] == get_field(spider.rules, "tableau.build_suit")["value"]
    assert "u3-1" in suit["ref"] and "Паук" in suit["ref"]
    assert _same_as(g)["ref"] == "Паук"
    assert not [f for f in g.findings if f.kind == "same-as-unresolved"]


def test_reference_phrasings_of_other_authors():
    cases = [("ru", "Косынка по три\nПасьянс отличается от «Косынки» тем, что карты из колоды открывают по три.",
              "Косынки", ("stock.deal", "3 at a time")),
             ("ru", "Две ячейки\nТе же правила, что и в «Свободной ячейке», но свободных ячеек только две.",
              "Свободной ячейке", ("layout.cells", 2)),
             ("uk", "Косинка одна\nПравила ті самі, що й у «Косинці», але колоду можна переглянути лише один раз.",
              "Косинці", ("stock.redeals", 0)),
             ("ru", "Клондайк любой\nИграется как Клондайк, но пустое место можно занять любой картой.",
              "Клондайк", ("tableau.space", "any"))]
    for n, (lang, text, ref, (path, value)) in enumerate(cases):
        g = _read(f"u5-{n}", text, lang)
        assert _same_as(g)["ref"] == ref, text
        assert get_field(g.rules, path)["value"] == value, text
