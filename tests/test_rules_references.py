"""Rules by reference in texts of other authors («как «Паук», но …», «те же правила, что и в …»,
uk «як «Павук», але …»): the named game is kept in the same-as special; the sentences after «но»
override what is inherited; a name that only the catalogues know (PySolFC, Aisleriot, KPatience)
is kept with its catalogue game and said so in the finding, nothing inherited."""

from __future__ import annotations

from pathlib import Path

from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.rules import get_field, spec_for_games
from pasyans.extract.rules.interpret import PRE_1918
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


def _read_source(sid: str, games: list[str], lang: str) -> list[GameText]:
    """Several games of one source (each a title line and its text), read as a build reads them."""
    out, texts, n = [], {}, 1
    for i, text in enumerate(games):
        lines = text.split("\n")
        g = GameText(key=f"{sid}-{i + 1}", source=sid, name=lines[0], lines=[(n, n + len(lines) - 1)], text=text)
        mt = MappedText.from_lines(lines)
        texts[g.key] = modernize_mapped(mt) if PRE_1918.search(text) else mt     # as a build reads pre-1918 text
        out.append(g)
        n += len(lines)
    specs = spec_for_games(out, texts, lang, sid)
    for g in out:
        g.rules, g.findings = specs[g.key]
    return out


def test_unquoted_lower_case_and_inflected_names_are_kept_and_inherited():
    siege = _read("u6-1", "Осада\nВсе карты сдают открытыми в восемь рядов по шесть карт.\n"
                          "Пустой ряд можно занять любой картой.", "ru")
    cases = [("ru", "Крепость\nКрепость раскладывается почти как осада, но с двумя отличиями.", "осада"),
             ("ru", "Крепость\nТе же правила, что и в осаде, только тузы не вынимают заранее.", "осаде"),
             ("ru", "Крепость\nОтличается от осады тем, что тузы не вынимают заранее.", "осады")]
    for n, (lang, text, ref) in enumerate(cases):
        g = _read(f"u7-{n}", text, lang)
        resolve_across([siege, g])
        assert _same_as(g)["ref"] == ref, text
        space = get_field(g.rules, "tableau.space")
        assert (space["value"], space["status"]) == ("any", "inherited"), text
        assert "u6-1" in space["ref"] and "Осада" in space["ref"], text


def test_ukrainian_unquoted_reference_and_an_english_catalogue_name():
    g = _read("u8-1", "Павучок\nЯк у павуку, але мастей дві.", "uk")
    resolve_across([g])
    assert (_same_as(g)["ref"], _same_as(g)["params"]["catalogue"]) == ("павуку", "Spider")
    g = _read("u9-1", "Две ячейки\nКак FreeCell, только свободных ячеек две.", "ru")
    resolve_across([g])
    sa = _same_as(g)
    assert sa["ref"] == "FreeCell" and sa["params"]["catalogue"].lower() == "freecell"
    assert get_field(g.rules, "layout.cells")["value"] == 2


def test_a_name_found_nowhere_is_a_finding_not_silence():
    g = _read("u10-1", "Бастион\nИграется почти как цитадель, но пустое место занимают только королём.", "ru")
    resolve_across([g])
    assert _same_as(g)["ref"] == "цитадель"
    (f,) = [f for f in g.findings if f.kind == "same-as-unresolved"]
    assert "«цитадель»" in f.message and f.lines == (2, 2)
    assert get_field(g.rules, "tableau.space")["value"] == "kings"      # the text's own rule stands


def test_the_previous_game_is_the_one_referred_to():
    for lang, second in [("ru", "Паучок\nКак предыдущий, но карты сдают по три."),
                         ("ru", "Паучок\nПравила как в предыдущем пасьянсе, но карты сдают по три."),
                         ("uk", "Павучок\nТак само, як у попередньому пасьянсі, але карти здають по три.")]:
        first, g = _read_source("s11", ["Паук\nВсе карты сдают открытыми в восемь рядов по шесть карт.\n"
                                        "Пустой ряд можно занять любой картой." if lang == "ru" else
                                        "Павук\nУсі карти роздають відкритими у вісім рядів по шість карт.\n"
                                        "Порожній ряд можна зайняти будь-якою картою.", second], lang)
        sa = _same_as(g)
        assert sa.get("ref") is None and sa["params"]["previous"] is True, second
        space = get_field(g.rules, "tableau.space")
        assert (space["value"], space["status"]) == ("any", "inherited") and first.key in space["ref"], second


def test_words_that_name_no_game_make_no_reference():
    for text in ["Карты кладут так же, как в первом ряду.", "Как обычно, туз старше короля.",
                 "Как и в других пасьянсах, пустое место заполняется любой картой.",
                 "Бубны идут как черви, но в обратном порядке.", "Карты кладут как попало, но масти чередуются."]:
        g = _read("u12-1", "Игра\n" + text, "ru")
        assert not [s for s in g.rules["special"] if s["name"] == "same-as"], text


def test_an_example_sentence_is_no_unparsed_rule():
    for lang, text in [("uk", "Наприклад: ♦7 кладемо на ♦8; король треф займає порожній стовпчик."),
                       ("ru", "Например: ♦7 кладут на ♦8; король треф занимает пустой ряд.")]:
        g = _read("u13-1", "Гра\n" + text, lang)
        assert not [f for f in g.findings if f.kind == "unparsed-rule-sentence"], text


def test_only_the_layout_differs_inherits_all_but_the_layout():
    """«… тот же X, различие лишь в раскладе» / «те саме, що й X, інша лише роздача»: the other game's rules,
    never its layout (its piles and cards per pile are not this game's)."""
    klon = _read("u9-1", (FIXTURES / "aisleriot" / "ru" / "klondike.txt").read_text("utf-8"), "ru")
    klon.name = "Клондайк"
    g = _read("u9-2", "Новая Косынка\nПо сути это тот же «Клондайк»; отличается он только раскладом.", "ru")
    resolve_across([klon, g])
    assert get_field(g.rules, "tableau.build_suit")["status"] == "inherited"
    assert get_field(klon.rules, "layout.cards_per_pile")["value"] is not None
    assert get_field(g.rules, "layout.cards_per_pile")["status"] == "unknown"
    assert get_field(g.rules, "layout.tableau_piles")["status"] == "unknown"
    from pasyans.extract.rules.references import scope
    assert not any(p.startswith("layout.") for p in scope("Гра та сама, що й «Косинка», відмінна лише роздача карт."))
    assert scope("Гра та сама, що й «Косинка».") is None
