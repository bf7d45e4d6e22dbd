"""`pasyans add`: a user's text into a corpus with a manifest entry it detects and explains;
then `pasyans build` on it — one command each, no hand-written manifest (issue 11)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from pasyans.add import AddError, add_texts, detect
from pasyans.cli import app
from pasyans.corpus import load_corpus

from .conftest import FIXTURES, ROOT

TEXTS = FIXTURES / "texts"


@pytest.mark.parametrize("name, fields", [
    ("ru_manual_md.txt", {"language": "ru", "orthography": "modern", "segmenter": "headings", "notation": "symbol",
                          "latin_t": "ten", "kind": "manual"}),
    ("uk_manual.txt", {"language": "uk", "notation": "symbol", "kind": "manual", "title": "Пасьянси: довідник"}),
    ("ru_pre1918.txt", {"language": "ru", "orthography": "pre-reform", "notation": "words"}),
    ("mixed_ru_uk.txt", {"language": "ru", "languages": [{"lines": [6, 7], "language": "uk"}]}),
])
def test_detection_of_the_development_texts(name, fields):
    d = detect(TEXTS / name)
    assert {k: d.entry.get(k) for k in fields} == fields
    assert all(d.reasons[k] for k in fields if k != "languages")


def test_detection_of_the_bundled_texts_agrees_with_their_manifest(corpus):
    for s in corpus.values():
        e = detect(s.path, s.text).entry
        assert (e["language"], e["orthography"], e["segmenter"], e["notation"]) == (
            s.language, s.orthography, s.segmenter, s.notation), s.id


def test_add_copies_the_text_and_writes_a_valid_entry(tmp_path):
    corpus = tmp_path / "corpus"
    (done,) = add_texts([TEXTS / "uk_manual.txt"], corpus, empty=True)
    assert done.status == "added" and done.entry["id"] == "000" and done.entry["file"] == "000_uk_manual.txt"
    assert (corpus / "000_uk_manual.txt").read_bytes() == (TEXTS / "uk_manual.txt").read_bytes()
    (src,) = load_corpus(corpus)
    assert (src.language, src.notation, src.segmenter) == ("uk", "symbol", "headings") and not src.changed
    assert "Ukrainian" in src.decided["language"] and src.decided["file"].startswith("copied from ")


def test_a_corpus_add_writes_is_as_readable_as_the_umask_says(tmp_path):
    """A fresh user's finding: a new corpus was 0700 and every text and manifest add wrote 0600
    (tempfile's modes), so a web server's user or a colleague could not read it; now the umask decides."""
    import os
    import stat

    old = os.umask(0o022)
    try:
        corpus = tmp_path / "c"
        add_texts([TEXTS / "ru_caps.txt"], corpus, empty=True)          # a new corpus (built beside, renamed)
        add_texts([TEXTS / "uk_manual.txt"], corpus)                    # an existing one (temp files renamed)
    finally:
        os.umask(old)
    assert stat.S_IMODE(corpus.stat().st_mode) == 0o755
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in corpus.iterdir()} == {
        "000_ru_caps.txt": 0o644, "001_uk_manual.txt": 0o644, "manifest.json": 0o644}


def test_a_new_corpus_starts_from_the_bundled_texts(tmp_path):
    corpus = tmp_path / "c"
    (done,) = add_texts([TEXTS / "ru_caps.txt"], corpus)
    assert done.entry["id"] == "005"
    assert [s.id for s in load_corpus(corpus)] == ["000", "001", "002", "003", "004", "005"]


def test_every_choice_can_be_overridden_and_a_bad_value_is_one_line(tmp_path):
    corpus = tmp_path / "c"
    (done,) = add_texts([TEXTS / "ru_caps.txt"], corpus, empty=True, id="caps", notation="words", kind="article")
    assert (done.entry["id"], done.entry["notation"], done.reasons["notation"]) == ("caps", "words", "given")
    with pytest.raises(AddError, match="language 'en' is not one of ru, uk") as e:
        add_texts([TEXTS / "uk_manual.txt"], corpus, language="en")
    assert "\n" not in str(e.value)
    assert [s.id for s in load_corpus(corpus)] == ["caps"]  # nothing written


def test_add_never_overwrites_what_it_was_not_asked_to(tmp_path):
    corpus = tmp_path / "c"
    add_texts([TEXTS / "ru_caps.txt"], corpus, empty=True)
    (again,) = add_texts([TEXTS / "ru_caps.txt"], corpus)
    assert again.status == "already"
    with pytest.raises(AddError, match="id '000' is already source"):
        add_texts([TEXTS / "uk_manual.txt"], corpus, id="000")
    (corpus / "001_uk_manual.txt").write_text("чужой файл", "utf-8")  # not in the manifest
    with pytest.raises(AddError, match="not listed"):
        add_texts([TEXTS / "uk_manual.txt"], corpus)
    assert (corpus / "001_uk_manual.txt").read_text("utf-8") == "чужой файл"
    edited = tmp_path / "ru_caps.txt"
    edited.write_text((TEXTS / "ru_caps.txt").read_text("utf-8"), "utf-8")
    with pytest.raises(AddError, match=r"the same text is already source 000 \(000_ru_caps.txt\); give --as-new"):
        add_texts([edited], corpus, id="002")  # TESTER8: the same file under a second --id was added twice
    add_texts([edited], corpus, id="002", as_new=True)
    edited.write_text(edited.read_text("utf-8") + "\nЕщё строка.", "utf-8")
    with pytest.raises(AddError, match="give --id 002 --replace"):
        add_texts([edited], corpus)
    (upd,) = add_texts([edited], corpus, id="002", replace=True)
    assert upd.status == "replaced" and (corpus / "002_ru_caps.txt").read_text("utf-8").endswith("Ещё строка.")


def test_a_windows_cyrillic_file(tmp_path):
    f = tmp_path / "cp.txt"
    f.write_bytes((TEXTS / "ru_caps.txt").read_text("utf-8").encode("cp1251", errors="replace"))
    with pytest.raises(AddError, match="not UTF-8.*--encoding cp1251"):
        add_texts([f], tmp_path / "c", empty=True)
    (done,) = add_texts([f], tmp_path / "c", empty=True, encoding="cp1251")
    assert (tmp_path / "c" / done.entry["file"]).read_text("utf-8").startswith("О ПАСЬЯНСАХ")


def test_add_then_build_one_command_each(tmp_path):
    runner = CliRunner()
    corpus, db = tmp_path / "corpus", tmp_path / "corpus.db"
    r = runner.invoke(app, ["add", str(TEXTS / "ru_manual_md.txt"), "--corpus", str(corpus), "--empty"])
    assert r.exit_code == 0, r.output
    # beside the corpus, not the bundled ./pasyans.db nor a file in the folder `add` was run from
    assert f"next: pasyans build --corpus {corpus} --db {db} " in r.output
    assert "language     ru — Russian" in r.output and "latin_t      ten — the text writes Latin ranks" in r.output
    r = runner.invoke(app, ["build", "--corpus", str(corpus), "--db", str(db), "-q"])
    assert r.exit_code == 0, r.output
    conn = sqlite3.connect(db)
    names = [n for (n,) in conn.execute("SELECT name FROM games WHERE source = '000' ORDER BY first_line")]
    assert names == ["Косынка", "Паук", "Свободная ячейка", "Бисли", "Вегас", "Пирамида"]
    row = conn.execute("SELECT english, confidence, pysol_id, english_evidence FROM crosswalk WHERE game = '000-1'").fetchone()
    assert row[:3] == ("Klondike", "high", 2) and row[3].startswith("auto;")
    assert json.loads(conn.execute("SELECT value FROM kb_meta WHERE key = 'schema_version'").fetchone()[0]) \
        if conn.execute("SELECT name FROM sqlite_master WHERE name = 'kb_meta'").fetchone() else True


def test_show_prints_a_pre1918_move_as_printed(tmp_path):
    """«ПАУКЪ» of ru_pre1918.txt: ``show`` prints its example move in the text's own spelling
    («трефъ», with the hard sign), as the game's page does, not in the modernised form the reader used."""
    runner = CliRunner()
    corpus, db = tmp_path / "corpus", tmp_path / "kb.db"
    assert runner.invoke(app, ["add", str(TEXTS / "ru_pre1918.txt"), "--corpus", str(corpus), "--empty"]).exit_code == 0
    assert runner.invoke(app, ["build", "--corpus", str(corpus), "--db", str(db), "-q"]).exit_code == 0
    conn = sqlite3.connect(db)
    gid, raw = conn.execute("SELECT m.game, m.raw FROM moves m JOIN games g ON g.id = m.game "
                            "WHERE g.name = 'Паук' ORDER BY m.n DESC LIMIT 1").fetchone()
    assert "треф" in raw and "трефъ" not in raw  # the knowledge base keeps the modernised words it read
    r = runner.invoke(app, ["show", gid, "--db", str(db)])
    assert r.exit_code == 0, r.output
    moves = [line for line in r.output.splitlines() if line.startswith("  ") and "→" in line]
    assert any("трефъ" in line for line in moves), moves
    # the example's label as printed too (TESTER4–6: «Например» shown for «Напримѣръ»)
    heads = [line for line in r.output.splitlines() if line.startswith("example ")]
    assert heads and all(line.endswith(": Напримѣръ") for line in heads), heads


def test_an_edited_copy_under_another_name_asks_for_replace_or_as_new(tmp_path):
    """TESTER5: a text edited and saved under another name was added as a second source (every game
    twice in the knowledge base). A text most of whose lines (≥ 80 %) a source holds is refused with
    the way to update that source; ``as_new`` adds it as another (a second edition)."""
    corpus = tmp_path / "c"
    add_texts([TEXTS / "ru_caps.txt"], corpus, empty=True)
    edited = tmp_path / "ru_caps_edited.txt"
    edited.write_text((TEXTS / "ru_caps.txt").read_text("utf-8") + "\nЕщё строка.\n", "utf-8")
    with pytest.raises(AddError, match=r"of its lines are in source 000 \(000_ru_caps.txt\): an edited copy\? "
                                       r"give --id 000 --replace to update that source, or --as-new"):
        add_texts([edited], corpus)
    (again,) = add_texts([edited], corpus, as_new=True)
    assert again.status == "added" and again.entry["id"] == "001" and again.like[0] == "000"
    (other,) = add_texts([TEXTS / "uk_manual.txt"], corpus)
    assert other.status == "added" and other.like is None


def test_the_translation_bench_reads_pre1918_spelling_as_add_decides_it(monkeypatch):
    """One pre-1918 test (session 8, papercuts 4): bench/translations.py modernizes a page exactly when
    `pasyans add` would enter it as pre-reform (it had a regex of its own beside add's). The project's
    own pairs: siege.txt and royal_court.txt in ru_old/ are pre-1918, their ru/ twins modern."""
    from pasyans.add import is_pre_reform

    from .bench_loader import load_bench

    bench = load_bench("translations")
    modernized = []
    real = bench.modernize_mapped
    monkeypatch.setattr(bench, "modernize_mapped", lambda mt: modernized.append(mt) or real(mt))
    pages = sorted((FIXTURES / "translations" / side / name.name, side)
                   for side in ("ru", "ru_old") for name in (FIXTURES / "translations" / "ru_old").glob("*.txt"))
    decided = {}
    for path, side in pages:
        before = len(modernized)
        bench._page(path, "ru")
        decided[(side, path.name)] = (len(modernized) > before, detect(path).entry["orthography"],
                                      is_pre_reform(path.read_text("utf-8")))
    assert decided == {("ru", "royal_court.txt"): (False, "modern", False), ("ru", "siege.txt"): (False, "modern", False),
                       ("ru_old", "royal_court.txt"): (True, "pre-reform", True),
                       ("ru_old", "siege.txt"): (True, "pre-reform", True)}


def test_the_next_hint_names_a_knowledge_base_beside_the_corpus(tmp_path, monkeypatch):
    """`add`'s «next:» hint said `--db shelf.db` whatever folder the corpus was in: run from elsewhere, the
    build it suggested wrote into the folder `add` was run from. It names the file beside the corpus, quoted
    for the shell when the path has a space; `--corpus .` gets the file beside that folder, not inside it."""
    shelf = tmp_path / "my books" / "shelf"
    r = CliRunner().invoke(app, ["add", str(TEXTS / "ru_caps.txt"), "--corpus", str(shelf), "--empty"])
    assert r.exit_code == 0, r.output
    assert f"next: pasyans build --corpus '{shelf}' --db '{tmp_path}/my books/shelf.db'   (" in r.output
    monkeypatch.chdir(shelf)
    r = CliRunner().invoke(app, ["add", str(TEXTS / "ru_manual_md.txt"), "--corpus", "."])
    assert r.exit_code == 0, r.output
    assert f"next: pasyans build --corpus . --db '{tmp_path}/my books/shelf.db'   (" in r.output


def test_a_line_break_in_a_files_name_stays_on_its_report_line(tmp_path):
    """A file named «na↵me.txt» broke the report's first line in two; its name is shown escaped and the
    text is stored under a name without it."""
    f = tmp_path / "na\nme.txt"
    f.write_text((TEXTS / "ru_caps.txt").read_text("utf-8"), "utf-8")
    shelf = tmp_path / "shelf"
    r = CliRunner().invoke(app, ["add", str(f), "--corpus", str(shelf), "--empty"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == f"{tmp_path}/na\\nme.txt → {shelf}/000_na_me.txt: source 000 (added)"


def test_a_short_text_edited_under_its_own_name_asks_for_replace_and_the_hints_fit_the_case(tmp_path):
    """Fresh user, session 9: a 4-line text with one line changed (75 % of its lines kept, under
    EDITED_COPY), from another folder under the same file name, was added as a second source; then
    ``--id 005 --replace`` was refused with «… or --as-new to add it again as 005» (005 exists), and the
    same bytes under a new --id were called «an earlier version»."""
    corpus = tmp_path / "c"
    first = tmp_path / "my" / "ru_chetyre.txt"
    first.parent.mkdir()
    first.write_text("Четыре угла\n\nБерут одну колоду.\nТузы кладут на базу.\nНа короля кладут даму.\n", "utf-8")
    (a,) = add_texts([first], corpus, empty=True)
    edited = tmp_path / "brk" / "ru_chetyre.txt"
    edited.parent.mkdir()
    edited.write_text("Четыре угла\n\nБерут две колоды.\nТузы кладут на базу.\nНа короля кладут даму.\n", "utf-8")
    with pytest.raises(AddError, match=r"75% of its lines are in source 000 \(000_ru_chetyre.txt\): an edited copy\? "
                                       r"give --id 000 --replace"):
        add_texts([edited], corpus)
    (b,) = add_texts([edited], corpus, as_new=True)
    assert (a.entry["id"], b.entry["id"]) == ("000", "001")
    with pytest.raises(AddError, match=r"this text, the same bytes, is already source 001 \(001_ru_chetyre.txt\); give "
                                       r"--id 001 --replace to update it, or give --as-new as well to replace source "
                                       r"000 with it all the same$"):
        add_texts([edited], corpus, id="000", replace=True)
    with pytest.raises(AddError, match=r"this text, the same bytes, is already source 000 \(000_ru_chetyre.txt\)"):
        add_texts([first], corpus, id="007")


def test_a_corpus_that_cannot_be_written_is_named_not_the_temporary_file(tmp_path, monkeypatch):
    """Fresh user, session 9: adding to a read-only corpus said «ro_shelf/007_cp1251.txt.tmp-23821-8ce6244e:
    the file system is read-only», a file that never existed. The line names the corpus, and it is unchanged."""
    import errno

    from pasyans import add as add_module
    from pasyans.files import WriteError

    corpus = tmp_path / "c"
    add_texts([TEXTS / "ru_caps.txt"], corpus, empty=True)
    before = sorted((p.name, p.read_bytes()) for p in corpus.iterdir())

    def read_only(path):
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(add_module, "_create", read_only)
    with pytest.raises(WriteError) as e:
        add_texts([TEXTS / "uk_manual.txt"], corpus)
    assert str(e.value) == (f"{corpus}: the file system is read-only; nothing added, the corpus is as it was; "
                            "write elsewhere, or check the permissions")
    assert sorted((p.name, p.read_bytes()) for p in corpus.iterdir()) == before
