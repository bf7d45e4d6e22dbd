"""Links across texts (kb/links.py) found by blocking: the same links as comparing every pair of
games, on the corpus and on a library of three copies of it."""

from __future__ import annotations

import copy
from itertools import combinations

import pytest

from pasyans.kb.crosswalk import english_names, load_catalogues, load_crosswalk
from pasyans.kb.links import blocking_keys, candidate_pairs, find_links, name_evidence, translations_of


@pytest.fixture(scope="module")
def library(corpus, read_corpus):
    games = [g for sid in corpus for g in read_corpus[sid].games]
    return games, list(corpus.values())


def _all_pairs_meeting(games, sources, rows):
    """The reference: every pair of named games (all G²/2) whose names meet."""
    cats = load_catalogues()
    lang = {s.id: s.language for s in sources}
    xw = {r.game: r for r in rows}
    named = [g for g in games if g.name and not g.fragment]
    trans = translations_of(named, lang, cats)
    englishes = {r.game: english_names(r, cats) for r in xw.values()}
    out = set()
    for (i, a), (j, b) in combinations(enumerate(named), 2):
        if name_evidence(a, b, lang, xw, trans, englishes, cats)[1]:
            out.add((i, j))
    keys = [blocking_keys(g, lang, xw, trans, englishes) for g in named]
    return named, out, set(candidate_pairs(named, keys))


def test_blocking_misses_no_pair_whose_names_meet(library):
    games, sources = library
    named, meeting, candidates = _all_pairs_meeting(games, sources, load_crosswalk())
    assert meeting <= candidates
    assert len(candidates) < len(named) * (len(named) - 1) // 2 // 10  # a tenth of all pairs at most
    by_key = {g.key: g for g in named}
    pairs = {(named[i].key, named[j].key) for i, j in meeting}
    # «Часы» and «Часы дедушки» meet by a shared word, «Паук»/«Паучок» by a diminutive
    assert any({by_key[a].name, by_key[b].name} == {"Часы", "Часы дедушки"} for a, b in pairs)


def test_three_copies_give_every_link_of_every_pair(library):
    games, sources = library
    lib_games, lib_sources = [], []
    for k in range(3):
        for s in sources:
            s2 = copy.copy(s)
            s2.id = s.id if k == 0 else f"{s.id}c{k}"
            lib_sources.append(s2)
        for g in games:
            g2 = copy.copy(g)
            if k:
                g2.source = f"{g.source}c{k}"
                g2.key = g.key.replace(g.source, g2.source, 1)
                g2.variant_of = g.variant_of.replace(g.source, g2.source, 1) if g.variant_of else None
            lib_games.append(g2)
    rows = load_crosswalk()
    links = find_links(lib_games, lib_sources, rows)
    named, meeting, _ = _all_pairs_meeting(lib_games, lib_sources, rows)
    assert {(link.game_a, link.game_b) for link in links} == {
        (named[i].key, named[j].key) for i, j in meeting if named[i].variant_of != named[j].key
        and named[j].variant_of != named[i].key}
    # each copy of «Осажденная крепость» is the same game as the book's own
    same = {(link.game_a, link.game_b) for link in links if link.relation == "same"}
    assert ("004-004", "004c1-004") in same and ("004c1-004", "004c2-004") in same


def test_a_text_of_many_same_named_entries_costs_linear_pairs(monkeypatch):
    """Issue 15's «20,000 headings»: n entries «Пасьянс» of one text were compared pairwise
    (n²/2 comparisons and links); now each is compared with the next of its run, and every one
    of them with the games of other texts that share a key (counted, not timed)."""
    from pasyans.kb import links as links_mod
    from pasyans.models import GameText

    n = 300
    games = [GameText(f"t-{i}", "t", "Пасьянс", [(2 * i + 1, 2 * i + 2)], printed_name="ПАСЬЯНС")
             for i in range(1, n + 1)]
    games += [GameText("u-1", "u", "Пасьянс", [(1, 2)]), GameText("u-2", "u", "Осада", [(3, 4)])]
    sources = [type("S", (), {"id": sid, "language": "ru"})() for sid in ("t", "u")]
    calls = []
    real = links_mod.name_evidence
    monkeypatch.setattr(links_mod, "name_evidence", lambda *a, **k: calls.append(1) or real(*a, **k))
    found = find_links(games, sources, (), all_facts={})
    assert len(calls) == (n - 1) + n  # the run's chain, and each of its entries with u-1
    pairs = {(link.game_a, link.game_b) for link in found}
    assert ("t-1", "t-2") in pairs and ("t-299", "t-300") in pairs and ("t-1", "t-3") not in pairs
    assert all((f"t-{i}", "u-1") in pairs for i in range(1, n + 1))
    assert not any("u-2" in p for p in pairs)


def test_names_sharing_a_common_word_are_compared_only_when_one_holds_the_other(monkeypatch):
    """Tester T13: a text of a thousand games whose names share words («Замок 1» … «Замок n»)
    was compared pairwise through the first three letters of each word (n²/2 comparisons, no
    link); now a name is compared with the names that hold all its words («Замок» ⊂ «Замок 7»)
    and a one-word name with the words it begins («Паук» → «Паучок») — counted, not timed."""
    from pasyans.kb import links as links_mod
    from pasyans.models import GameText

    n = 300
    games = [GameText(f"t-{i}", "t", f"Замок {i}", [(2 * i + 1, 2 * i + 2)]) for i in range(1, n + 1)]
    games += [GameText("u-1", "u", "Замок", [(1, 2)]), GameText("u-2", "u", "Паук", [(3, 4)]),
              GameText("u-3", "u", "Паучок", [(5, 6)])]
    sources = [type("S", (), {"id": sid, "language": "ru"})() for sid in ("t", "u")]
    calls = []
    real = links_mod.name_evidence
    monkeypatch.setattr(links_mod, "name_evidence", lambda *a, **k: calls.append(1) or real(*a, **k))
    found = find_links(games, sources, (), all_facts={})
    pairs = {(link.game_a, link.game_b) for link in found}
    assert pairs == {(f"t-{i}", "u-1") for i in range(1, n + 1)} | {("u-2", "u-3")}
    assert len(calls) == n + 1   # each «Замок i» with «Замок», «Паук» with «Паучок»: nothing else


def test_entries_of_one_text_sharing_an_alias_are_linked_each_to_the_next(monkeypatch):
    """Tester T13: a text of a thousand entries, every fourth one «называется также «безик»»,
    linked each such entry with every other (n²/2 links «different: both are entries of text …»,
    half the build); now each with the next of its text that has the name, and every one of them
    with each game of another text that has it — counted, not timed. A game the text names as
    related («напоминает «Осаду»») still meets the game of that title in its own text."""
    from pasyans.kb import links as links_mod
    from pasyans.models import Alias, GameText

    n = 300
    games = [GameText(f"t-{i}", "t", f"Замок {i}", [(2 * i + 1, 2 * i + 2)],
                      aliases=[Alias("безик", "ru", (2 * i + 1, 2 * i + 1))]) for i in range(1, n + 1)]
    games += [GameText("t-osada", "t", "Осада", [(900, 901)]),
              GameText("t-like", "t", "Крепость", [(902, 903)],
                       aliases=[Alias("Осада", "ru", (902, 902), "related", "Крепость напоминает «Осаду».")]),
              GameText("u-1", "u", "Безик", [(1, 2)])]
    sources = [type("S", (), {"id": sid, "language": "ru"})() for sid in ("t", "u")]
    calls = []
    real = links_mod.name_evidence
    monkeypatch.setattr(links_mod, "name_evidence", lambda *a, **k: calls.append(1) or real(*a, **k))
    found = {(link.game_a, link.game_b): link for link in find_links(games, sources, (), all_facts={})}
    chain = {(f"t-{i}", f"t-{i + 1}") for i in range(1, n)}
    assert set(found) == chain | {(f"t-{i}", "u-1") for i in range(1, n + 1)} | {("t-osada", "t-like")}
    assert {found[p].relation for p in chain} == {"different"}
    assert all(any("both are entries of text t" in e for e in found[p].evidence) for p in chain)
    assert found[("t-osada", "t-like")].relation == "related"
    assert len(calls) < 3 * n   # was n²/2 + n


def _pair(uk_name: str, agree: int, conflict: bool = False):
    """A ru and a uk game no catalogue knows, with ``agree`` equal facts (and one conflicting)."""
    from pasyans.kb.links import Fact
    from pasyans.models import GameText

    games = [GameText("r-1", "r", "Королевский двор", [(1, 9)]), GameText("u-1", "u", uk_name, [(1, 9)])]
    sources = [type("S", (), {"id": sid, "language": lang})() for sid, lang in (("r", "ru"), ("u", "uk"))]
    values = [("packs", 2, 2), ("tableau_piles", 12, 12), ("foundations.base", "A", "A")][:agree]
    if conflict:
        values.append(("cards_per_pile", 4, 5))
    facts = {g: {f: Fact(g, f, v[i], "rules", (3, 3), "…") for f, *v in values for i in [k]}
             for k, g in enumerate(("r-1", "u-1"))}
    return find_links(games, sources, (), all_facts=facts)


def test_a_uk_translation_of_an_uncatalogued_game_is_linked_when_its_rules_agree():
    [link] = _pair("Королівський двір", agree=3)
    assert (link.relation, "name-translation" in link.names) == ("same", True)
    assert any("Королевский = Королівський" in e and "двор = двір" in e for e in link.evidence)


def test_a_name_translation_alone_or_against_the_rules_links_nothing():
    [alone] = _pair("Королівський двір", agree=1)
    assert alone.relation == "similar-name" and any("kept apart" in e for e in alone.evidence)
    [against] = _pair("Королівський двір", agree=3, conflict=True)
    assert against.relation != "same"
    assert _pair("Королівський палац", agree=3) == []   # «палац» is no translation of «двор»


def _spiders(conflicts: int):
    """The book's «Паук» (ru) and a user's «Павук» (uk), both crosswalked to PySolFC #11 Spider, whose
    rules differ in ``conflicts`` structural facts."""
    from pasyans.kb.crosswalk import CrosswalkRow
    from pasyans.kb.links import Fact
    from pasyans.models import GameText

    games = [GameText("r-1", "r", "Паук", [(1, 9)]), GameText("u-1", "u", "Павук", [(1, 9)])]
    sources = [type("S", (), {"id": sid, "language": lang})() for sid, lang in (("r", "ru"), ("u", "uk"))]
    rows = [CrosswalkRow(g, n, "Spider", ["pysol"], "high", 11, "Spider", "Spider", "Spider", "", "")
            for g, n in (("r-1", "Паук"), ("u-1", "Павук"))]
    values = [("packs", 2, 2), ("cards_per_pile", "4", "6,6,6,6,5,5,5,5,5,5"), ("tableau_piles", 10, 8)][:1 + conflicts]
    facts = {g: {f: Fact(g, f, v[i], "rules", (3, 3), "…") for f, *v in values for i in [k]}
             for k, g in enumerate(("r-1", "u-1"))}
    return find_links(games, sources, rows, all_facts=facts)


def test_one_catalogue_game_told_with_another_deal_is_the_same_game_and_keeps_the_conflict():
    [link] = _spiders(conflicts=1)
    assert link.relation == "same"
    assert any(e.startswith("rules conflict: cards_per_pile") for e in link.evidence)
    [link] = _spiders(conflicts=2)
    assert link.relation == "different"
