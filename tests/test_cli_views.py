"""The commands as people use them: `list`, `show` (names, the rules table, JSON, text as
printed), `find` with ids, `--json` flags and exit codes, `search` with cards in symbols or
words and snippets cut on word boundaries, and the build's progress with an estimate."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from typer.testing import CliRunner

from pasyans.cli import app
from pasyans.kb.search import query_terms, search, snippet, _terms
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def run(built_kb):
    db, _ = built_kb
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(app, [*args, "--db", str(db)])

    return invoke


def test_list_games_by_source_and_family(run):
    r = run("list", "--source", "000", "--family")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    top = next(i for i, s in enumerate(lines) if "000-2" in s)
    assert "Паганіні" in lines[top] and "Paganini" in lines[top]
    assert "↳ килим" in lines[top + 1] and "000-1" in lines[top + 1]
    r = run("list", "--json")
    data = json.loads(r.output)
    assert len(data) == 131 and {"id": "004-004", "english": "Beleaguered Castle"}.items() <= next(
        d for d in data if d["id"] == "004-004").items()
    r = run("list", "--source", "999")
    assert r.exit_code == 1 and "no source '999'" in r.output


def test_show_prints_english_and_catalogue_names(run):
    r = run("show", "Осада")
    assert r.exit_code == 0, r.output
    assert "English: Beleaguered Castle (high confidence)" in r.output
    assert "catalogues: PySolFC #34 «Beleaguered Castle»; Aisleriot «Beleaguered Castle»" in r.output
    assert "«Осаждённый замок» (PySolFC #34 Beleaguered Castle)" in r.output


def test_show_rules_is_a_readable_table_and_json_on_request(run):
    r = run("show", "004-004", "--rules")
    assert r.exit_code == 0, r.output
    assert len(r.output.splitlines()) < 120 and "rules as the text states them" in r.output
    row = next(s for s in r.output.splitlines() if "tableau piles" in s)
    assert "│ 8 " in row and "lines 554–556" in row
    assert sum("Unknown — not stated in the text" in s for s in r.output.splitlines()) == 1
    assert '"status"' not in r.output
    raw = run("show", "004-004", "--rules", "--json")
    spec = json.loads(raw.output)
    assert spec["layout"]["tableau_piles"]["value"] == 8
    whole = json.loads(run("show", "004-004", "--json").output)
    assert whole["id"] == "004-004" and whole["english"] == ["Beleaguered Castle"]


def test_show_gives_pre_1918_text_and_quotes_as_printed(run):
    r = run("show", "002-1")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("002-1  Салическій законъ  (modern spelling «Салический закон»)")
    assert "II. Основныя карты восемь тузовъ не должны быть выбираемы тотчасъ-же." in r.output
    rules = run("show", "002-2", "--rules")
    assert "«ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.»" in rules.output
    # section labels as printed too (TESTER4/5: «Например» shown for a printed «Напримѣръ»)
    assert "sections: intro ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ 23-23; rules Правила 25-29;" in rules.output
    assert "── intro «ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ», lines 23–23 ──" in run("show", "002-2", "--source").output


def test_find_accepts_ids_and_exits_1_on_no_match_with_or_without_json(run):
    r = run("find", "004-004")
    assert r.exit_code == 0 and r.output.startswith("004-004      Осажденная крепость") and "game id" in r.output
    r = run("find", "004-004", "--json")
    assert json.loads(r.output)[0] == {"id": "004-004", "name": "Осажденная крепость", "matched": "004-004",
                                       "source": "004", "lines": [[524, 574]], "score": 1.0, "why": "game id"}
    for args in (("find", "щщщщщщ"), ("find", "щщщщщщ", "--json"), ("search", "щщщщщщ"),
                 ("search", "щщщщщщ", "--json")):
        r = run(*args)
        assert r.exit_code == 1, args
    assert json.loads(run("find", "щщщщщщ", "--json").output) == []


def test_verify_json(run):
    r = run("verify", "Осада", "--json")
    moves = json.loads(r.output)
    assert r.exit_code == 0 and len(moves) == 18
    assert moves[2] | {"reason": None} == {"game": "004-004", "name": "Осажденная крепость", "source": "004",
                                           "example": "004-004/ex1", "n": 3, "raw": "♦4 — ♦5", "card": "4D",
                                           "to": "5D", "direction": None, "to_pile": None, "from_place": None,
                                           "lines": [558, 558], "verdict": "legal", "reason": None,
                                           "rule": "tableau.build_suit", "what": "any-suit"}


# -- search -----------------------------------------------------------------------------------------

def test_card_words_and_symbols_are_one_term():
    assert query_terms("дама пик") == query_terms("♠Д") == query_terms("QS") == [("cardqs", '"cardqs"')]
    assert query_terms("даму червей") == [("cardqh", '"cardqh"')]
    # TESTER10 T10: Ukrainian card words without a letter only Ukrainian writes (the README's «дами чирв»)
    for uk in ("дами чирв", "дама чирв", "червову даму", "чирвова дама"):
        assert query_terms(uk) == [("cardqh", '"cardqh"')], uk
    (rank,) = _terms("дама")
    assert rank.fts == '("дама" OR "cardq"*)'


@pytest.mark.parametrize("old,modern", [("Салическій законъ", "Салический закон"), ("двѣ колоды", "две колоды"),
                                        ("основанія", "основания"), ("короля пикъ", "короля пик")])
def test_a_query_in_pre1918_spelling_finds_what_its_modern_spelling_finds(kb, old, modern):
    """T9: a query typed as printed («двѣ колоды», «основанія») found nothing, and «і» made any query
    Ukrainian: it is read in modern spelling, as the texts are indexed (a word with «і» both ways)."""
    def articles(q):  # the hits in the texts of sources 000–003 (the book's games are measured apart)
        return [(h.game, tuple(h.lines)) for h in search(kb, q, limit=30) if h.source != "004"]

    hits = articles(old)
    assert hits and hits == articles(modern)
    if modern == "две колоды":
        assert hits[0] == ("002-2", ((23, 23),))  # «ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ» of «Четыре угла»
    assert search(kb, "тузи кладуть", limit=3)  # Ukrainian «і» still Ukrainian


def test_dama_pik_finds_the_queen_of_spades_in_symbols(kb):
    hits = search(kb, "дама пик", limit=10)
    assert hits and all("♠Д" in h.text or "пик" in h.text.lower() for h in hits)
    assert any(h.game == "004-073" and h.lines == [(6169, 6170)] for h in hits)
    h = next(h for h in hits if h.game == "004-073")
    assert h.snippet_text == "[♠Д] помещается на ♠К."


def test_snippets_are_cut_on_word_boundaries_from_the_cleaned_text(kb):
    hits = search(kb, "короли заполняют пробелы", limit=10)
    assert any(h.game == "004-075" and "[Пробелы] [заполняются] только [королями]." in h.snippet_text for h in hits)
    for h in search(kb, "карта", limit=30):
        words = h.snippet_text.replace("[", "").replace("]", "").replace("… ", "").replace(" …", "")
        for piece in words.split(" … "):
            assert piece.strip() and piece.strip() in h.text.replace("\n", " ") or piece.strip() in h.text, piece
        assert len(h.snippet_text) < 400
    keys = [(h.source, tuple(h.lines), h.text) for h in search(kb, "карта", limit=30)]
    assert len(keys) == len(set(keys))                   # each sentence once


def test_long_snippet_starts_and_ends_on_whole_words():
    text = ("Слово " * 60) + "туз " + ("другое " * 60)
    terms = _terms("туз")
    pieces = snippet(text, terms, width=120)
    shown = "".join(t for t, _m in pieces)
    assert shown.startswith("… Слово") and shown.endswith("другое …") and ("туз", True) in pieces


def test_a_section_hit_shows_the_fewest_sentences_that_hold_every_word(kb):
    hits = search(kb, "раскладывают в ряд", limit=50)
    sections = [h for h in hits if "section" in h.why]
    assert sections and all(len(h.lines) <= 3 for h in sections)  # one sentence per word at most
    h = next(h for h in sections if h.game == "004-041")
    # «Вся колода раскладывается … четырьмя рядами …» holds both words but «в»: a second sentence
    assert h.lines == [(3378, 3380), (3417, 3419)]
    assert "… …" not in h.snippet_text and len(h.snippet_text) < 300
    one_sentence = {(h.source, tuple(h.lines)) for h in hits if "sentence" in h.why and "section" not in h.why}
    assert not any((h.source, tuple(h.lines)) in one_sentence for h in sections)  # never a sentence twice


def test_rule_values_new_to_the_words_table_read_as_words():
    from pasyans.kb.present import value_text

    assert value_text("from-waste-then-stock") == "the waste's top card, the stock's when the waste is empty"
    assert value_text("whole-sequence").startswith("a whole run only")
    assert value_text("from-cells-or-reserve") == "from cells or reserve"  # a value added later
    assert value_text("QS") == "QS" and value_text(True) == "yes"


def test_search_marks_a_variant_sentence_once(kb):
    hits = search(kb, "пробелы заполняются", limit=20)
    keys = [(h.source, tuple(h.lines)) for h in hits]
    assert len(keys) == len(set(keys))


# -- the build's progress ---------------------------------------------------------------------------

def _two_sources(tmp_path):
    """A corpus folder under ``tmp_path`` holding the bundled sources 001 and 002 with their manifest entries."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    manifest = json.loads((ROOT / "corpus" / "manifest.json").read_text("utf-8"))
    keep = [s for s in manifest["sources"] if s["id"] in ("001", "002")]
    for s in keep:
        shutil.copy(ROOT / "corpus" / s["file"], corpus / s["file"])
    (corpus / "manifest.json").write_text(json.dumps({"sources": keep}, ensure_ascii=False), "utf-8")
    return corpus

def test_build_prints_its_steps_with_an_estimate(tmp_path):
    corpus = _two_sources(tmp_path)
    r = CliRunner().invoke(app, ["build", "--corpus", str(corpus), "--db", str(tmp_path / "k.db")])
    assert r.exit_code == 0, r.output
    steps = [line for line in r.output.splitlines() if line.startswith("[")]
    assert len(steps) == 3 and {s.split("] ")[1] for s in steps[:2]} == {"001 read", "002 read"}
    assert " s left] " in steps[0] and steps[2].endswith("] knowledge base written")


def test_the_console_script_build_ends_at_once_with_its_summary_and_file(tmp_path):
    # ``pasyans build`` ends without freeing its heap (os._exit after the summary is flushed):
    # the summary, the progress lines and the knowledge base must all be there
    import sqlite3
    import subprocess
    import sys
    from pathlib import Path

    corpus = _two_sources(tmp_path)
    exe = Path(sys.executable).with_name("pasyans")
    db = tmp_path / "k.db"
    r = subprocess.run([str(exe), "build", "--corpus", str(corpus), "--db", str(db), "--jobs", "1"],
                       capture_output=True, text=True, timeout=600, env={**os.environ, "COLUMNS": "120"})
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines()[-1].endswith("] knowledge base written")
    rows = {line.split()[1]: line.split()[3] for line in r.stdout.splitlines() if line.split()[1:2] in (["001"], ["002"])}
    conn = sqlite3.connect(db)
    counts = dict(conn.execute("SELECT source, count(*) FROM games WHERE fragment = 0 AND variant_of IS NULL "
                               "GROUP BY source"))
    conn.close()
    assert rows == {"001": "4", "002": "3"} and counts == {"001": 4, "002": 3}
    findings = r.stdout[r.stdout.index("\nfindings: "):]  # the summary's last line, whole (wrapped)
    assert findings.rstrip().endswith(tuple("0123456789")) and "unparsed-rule-sentence" in findings


def test_the_time_left_follows_the_characters_read_not_the_sources_counted(corpus):
    # a fake clock: the five bundled texts read at 10,000 characters a second, in corpus order
    # (the four articles, then the book). Counted in sources, the estimate after the articles was
    # half the time so far (4 of 6 steps done); the book is most of the text, so most is still to do.
    from io import StringIO

    from rich.console import Console

    from pasyans import pipeline
    from pasyans.progress import BuildProgress as _BuildProgress

    sources = [corpus[s] for s in ("000", "001", "002", "003", "004")]
    total = pipeline.build_work(sources)
    book = len(corpus["004"].text)
    assert book > (total - book)  # the book is more than the articles and the writing together
    now = [1000.0]
    out = StringIO()
    with _BuildProgress(Console(file=out, width=200, color_system=None), quiet=False, clock=lambda: now[0]) as bar:
        now[0] += 7.0  # a wait for another build's lock: not counted
        bar.step("reading 5 sources", 0, total)
        done = 0
        for src in sources:
            now[0] += len(src.text) / 10_000
            done += len(src.text)
            bar.step(f"{src.id} read", done, total)
        now[0] += (total - done) / 10_000
        bar.step("knowledge base written", total, total)
    lines = out.getvalue().splitlines()
    assert [line.split("] ")[1] for line in lines] == ["000 read", "001 read", "002 read", "003 read", "004 read",
                                                       "knowledge base written"]
    articles = sum(len(s.text) for s in sources[:4])
    # after the articles: elapsed = articles / rate, left = (total − articles) / rate, as said
    assert lines[3] == f"[{articles / 10_000:.0f} s, about {(total - articles) / 10_000:.0f} s left] 003 read"
    assert lines[-1] == f"[{total / 10_000:.0f} s] knowledge base written"


def test_a_value_shared_by_two_fields_is_named_by_its_field():
    """``mixed`` is «top cards up» in layout.face (Клондайк, 004-024) and «a rank per foundation» in
    foundations.base; ``both`` in foundations.direction is shown without claiming king bases."""
    from pasyans.kb.present import value_text
    assert value_text("mixed", "layout.face") == "the top cards face up, the others face down"
    assert value_text("mixed", "foundations.base").startswith("a different rank per foundation")
    assert value_text("both", "foundations.direction") == "some foundations up, some down"


def test_the_bar_names_the_time_so_far_and_the_time_left_each_after_its_own_figure():
    # the bar printed «0:00:12 left 0:00:40»: «left» stood after the time so far
    import re
    from io import StringIO

    from rich.console import Console

    from pasyans.progress import BuildProgress

    now = [100.0]
    with BuildProgress(Console(file=StringIO(), force_terminal=True, width=200), quiet=False,
                       clock=lambda: now[0]) as bar:
        bar.step("reading 1 source", 0, 100)
        for _ in range(3):
            now[0] += 4.0
            bar.step("004 read", bar.bar.tasks[0].completed + 10, 100)
        out = StringIO()
        Console(file=out, width=200, color_system=None).print(bar.bar.get_renderable())
    line = out.getvalue().strip()
    assert re.search(r"0:00:12 so far, about 0:00:\d\d left$", line), line
