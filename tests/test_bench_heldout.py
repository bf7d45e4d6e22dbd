"""The kept-back-set bench (``bench/heldout.py``) and the ``--annotations FILE --texts DIR`` options it
runs, on a folder made of two existing fixtures: the Yukon help page of ``other_authors2`` (its rule
facts) and the commented-game column of ``moves5`` (its titles, aliases, examples, moves)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from .bench_loader import load_bench

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
ANNOTATIONS = FIXTURES / "annotations"


def _heldout():
    return load_bench("heldout")


def _kept_back(tmp_path: Path) -> Path:
    """A set folder as the keeper writes one: texts/, others_rules.json, segments.json (no book files)."""
    (tmp_path / "texts").mkdir()
    shutil.copy(FIXTURES / "other_authors2" / "ru" / "help_yukon.txt", tmp_path / "texts")
    shutil.copy(FIXTURES / "texts" / "moves5_ru_chess.txt", tmp_path / "texts")
    rules = [dict(g, source="texts/help_yukon.txt")
             for g in json.loads((ANNOTATIONS / "other_authors2_rules.json").read_text("utf-8"))
             if g["source"].endswith("/help_yukon.txt")]
    texts = [dict(t, file="texts/moves5_ru_chess.txt")
             for t in json.loads((ANNOTATIONS / "moves5_segments.json").read_text("utf-8"))["texts"]
             if t["file"].endswith("/moves5_ru_chess.txt")]
    (tmp_path / "others_rules.json").write_text(json.dumps(rules, ensure_ascii=False), "utf-8")
    (tmp_path / "segments.json").write_text(json.dumps({"texts": texts}, ensure_ascii=False), "utf-8")
    return tmp_path


def test_heldout_folder_figures_without_misses(tmp_path, capsys):
    folder = _kept_back(tmp_path)
    heldout = _heldout()
    assert heldout.main([str(folder)]) == 0
    out = capsys.readouterr().out
    assert "(no book_rules.json: skipped)" in out and "(no book_moves.json: skipped)" in out
    # the Yukon page read as an added text: its one annotated game matched, its 14 stated facts counted
    assert "== others_rules.json: 1 games (0 not matched: their facts count as unknown)" in out
    assert [ln.split()[3] for ln in out.splitlines() if ln.startswith("all stated facts")] == ["14"]
    # the column: one game of 14 non-blank lines, 2 sections, 1 alias, 1 example of 9 moves
    def denominator(label):
        return out.split(label)[1].split(" ")[0].split("/")[1]
    assert [denominator(x) for x in ("game lines attributed ", "sections marked ", "aliases stated found ",
                                     "examples found ", "example moves found ")] == ["14", "2", "1", "1", "9"]
    assert "held-out gold    9 " in out
    assert "misses:" not in out and "not read" not in out and "want=" not in out  # the set stays unseen


def test_rules_texts_option_matches_game_of_its_text(tmp_path):
    """``bench/rules.py --annotations FILE --texts DIR``: the annotated game is matched to the game the
    added text gives (named from the text), and each stated fact is right, wrong or unknown."""
    folder = _kept_back(tmp_path)
    heldout = _heldout()
    rules = heldout._bench("rules")
    res = rules.run("others_rules.json", folder / "others_rules.json", folder)
    assert res["games"] == 1 and res["unmatched"] == 0
    tally = res["parts"]["held-out"]
    assert sum(ok + wrong + unk for ok, wrong, unk, _, _ in tally.values()) == 14
    assert all(m.startswith("help_yukon.txt:") and "Юкон" in m for m in res["misses"].get("held-out", []))


def test_lost_game_moves_stay_in_the_denominator():
    """A gold game the segmentation did not find: its examples and moves count as missed
    (``bench/segmentation.py`` once left them out, so «N moves» shrank when a game was lost)."""
    from types import SimpleNamespace

    seg_bench = load_bench("segmentation")
    entry = next(t for t in json.loads((ANNOTATIONS / "moves5_segments.json").read_text("utf-8"))["texts"]
                 if t["file"].endswith("/moves5_ru_chess.txt"))
    text = (FIXTURES / "texts" / "moves5_ru_chess.txt").read_text("utf-8")
    lost = SimpleNamespace(games=[], source=SimpleNamespace(lines=text.splitlines()))
    sc = seg_bench.score_text(entry, lost)
    assert (sc.games, sc.right_title, sc.examples, sc.examples_found, sc.moves, sc.moves_found) == (1, 0, 1, 0, 9, 0)
    assert (sc.lost_examples, sc.lost_moves) == (1, 9)
    report = seg_bench.report_annotated({("x.json", "held_out"): sc}, misses="none")
    assert "example moves found 0/9 = 0.0 %" in report
    assert "1 examples, 9 moves of games not found are counted missed" in report


def test_two_games_read_as_one_count_once():
    """Two gold games read as one predicted game: the game keeps the gold game with most lines in it
    (Гольф, lines 4–15); the other (Трикутник) is lost — its lines unattributed, its alias and section
    missed — and the miss says which game it was read into (one gold game per predicted game)."""
    from types import SimpleNamespace

    seg_bench = load_bench("segmentation")
    entry = next(t for t in json.loads((ANNOTATIONS / "moves5_segments.json").read_text("utf-8"))["texts"]
                 if t["file"].endswith("/moves5_uk_manual.txt"))
    text = (FIXTURES / "texts" / "moves5_uk_manual.txt").read_text("utf-8")
    one = SimpleNamespace(key="000-1", name="Гольф", printed_name=None, lines=[(1, len(text.splitlines()))],
                          sections=[], aliases=[], examples=[], variant_of=None, fragment=False)
    sc = seg_bench.score_text(entry, SimpleNamespace(games=[one], source=SimpleNamespace(lines=text.splitlines())))
    assert (sc.games, sc.right_title, sc.aliases, sc.aliases_found, sc.sections) == (2, 1, 2, 0, 4)
    assert sc.lines_right == len([n for n in range(4, 16) if text.splitlines()[n - 1].strip()])
    assert any("«Трикутник»" in m and "read into the game of «Гольф»" in m for m in sc.misses)
