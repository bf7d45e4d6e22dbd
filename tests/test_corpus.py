"""The corpus loader: the five real texts, and bad input that stops the build with one line."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3

import pytest
from typer.testing import CliRunner

from pasyans.cli import app
from pasyans.corpus import CorpusError, load_corpus
from pasyans.kb.query import KB_TABLES

from .conftest import ROOT


def test_manifest_lists_the_five_seed_texts_with_their_digests(corpus):
    assert sorted(corpus) == ["000", "001", "002", "003", "004"]
    assert corpus["000"].language == "uk" and corpus["002"].orthography == "pre-reform"
    assert corpus["004"].kind == "book" and corpus["004"].segmenter == "book-toc"
    for s in corpus.values():
        assert s.sha256 == hashlib.sha256(s.path.read_bytes()).hexdigest()


def test_raw_line_numbers_are_the_coordinates(corpus):
    assert corpus["000"].line(5) == "Варіація А - килим."
    assert corpus["004"].line(557).startswith("На примере расклада: ♥2 и ♠2 мо-")
    assert len(corpus["004"].lines) == 8579


def _corpus_with(tmp_path, name: str, data: bytes):
    d = tmp_path / "corpus"
    d.mkdir()
    (d / name).write_bytes(data)
    (d / "manifest.json").write_text(json.dumps({"sources": [
        {"id": "900", "file": name, "language": "ru"}]}), "utf-8")
    return d


@pytest.mark.parametrize("data, says", [
    (b"", "file is empty"),
    (b"\xff\xfe\xd0\x00\x00binary", "binary file"),
    ("Пасьянс".encode("cp1251"), "not UTF-8"),
])
def test_bad_corpus_file_is_named_in_one_line(tmp_path, data, says):
    d = _corpus_with(tmp_path, "bad.txt", data)
    with pytest.raises(CorpusError, match=says) as e:
        load_corpus(d)
    assert "bad.txt" in str(e.value) and "\n" not in str(e.value)


def test_missing_corpus_file(tmp_path):
    d = _corpus_with(tmp_path, "present.txt", "текст".encode())
    (d / "present.txt").unlink()
    with pytest.raises(CorpusError, match="present.txt: file not found"):
        load_corpus(d)


def test_failed_build_leaves_the_existing_knowledge_base_untouched(tmp_path):
    d = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", d)
    (d / "003_1c1d43197fa11ea1.txt").write_bytes("Пасьянс".encode("cp1251"))
    db = tmp_path / "kb.db"
    conn = sqlite3.connect(db)  # an existing knowledge base (its tables, empty)
    for table in KB_TABLES:
        conn.execute(f"CREATE TABLE {table} (id TEXT)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    result = CliRunner().invoke(app, ["build", "--corpus", str(d), "--db", str(db), "-q"])
    assert result.exit_code == 1
    err = result.output.strip().splitlines()
    assert len(err) == 1 and "003_1c1d43197fa11ea1.txt" in err[0] and "not UTF-8" in err[0]
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "kb.db"]


@pytest.mark.parametrize("manifest, says", [
    ({"sources": 5}, "'sources' is not a non-empty list; correct it"),
    ({"sources": []}, "'sources' is not a non-empty list; correct it"),
    ({"sources": ["x"]}, "source #1: expected an object"),
    ({"sources": [{"id": "9", "file": None, "language": "ru"}]}, "'file' is not a non-empty string; give it as text"),
    ({"sources": [{"id": "9", "file": "../../etc/passwd", "language": "ru"}]}, "plain file name"),
    ({"sources": [{"id": "9", "file": "a.txt", "language": "xx"}]}, "language 'xx' is not one of ru, uk"),
    ({"sources": [{"id": "9", "file": "a.txt", "language": "ru", "segmenter": "zzz"}]}, "segmenter 'zzz'"),
    ({"sources": [{"id": "9", "file": "a.txt", "language": "ru"}, {"id": "9", "file": "a.txt", "language": "ru"}]},
     "id '9' is listed twice"),
    ({"sources": [{"id": "9", "file": "a.txt", "language": "ru", "segmentor": "headings"}]},
     r"source #1 \(id '9'\): unknown field 'segmentor'"),
    ({"sources": [{"id": "9", "file": "a.txt", "language": "ru", "notation": "latin"}]},
     r"source #1 \(id '9'\): notation 'latin' is not one of symbol, letter, words"),
    ({"sources": [{"id": "9", "file": "a.txt", "language": "ru", "orthography": "pre-1918"}]},
     "orthography 'pre-1918' is not one of modern, pre-reform"),
    ({"sources": [{"id": "9", "file": "a.txt", "language": "ru", "languages": [{"lines": [3], "language": "uk"}]}]},
     r"languages\[0\]\.lines"),
    ({"sources": [{"id": "9", "file": "a.txt", "language": "ru", "languages": [{"lines": [3, 4], "language": "en"}]}]},
     r"languages\[0\]\.language 'en' is not one of ru, uk"),
    ({"sources": [{"id": "9-1", "file": "a.txt", "language": "ru"}]}, "id '9-1' does not have the form"),
    ({"sources": [{"file": "a.txt", "language": "ru"}]}, "source #1: 'id' is missing"),
    ({"sources": [{"id": "9", "file": "a.txt", "language": "ru"}], "extra": 1}, "unknown field 'extra'"),
])
def test_malformed_manifest_entries_are_named_in_one_line(tmp_path, manifest, says):
    (tmp_path / "a.txt").write_text("Пасьянс «Ручеек»", "utf-8")
    (tmp_path / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    with pytest.raises(CorpusError, match=says) as e:
        load_corpus(tmp_path)
    assert "manifest.json" in str(e.value) and "\n" not in str(e.value)


def test_the_bundled_manifest_follows_its_schema():
    import jsonschema

    from pasyans.corpus import manifest_schema

    jsonschema.validate(json.loads((ROOT / "corpus" / "manifest.json").read_text("utf-8")), manifest_schema())


def test_mixed_language_spans_are_read(tmp_path):
    (tmp_path / "a.txt").write_text("Пасьянс «Ручеек»\nОпис\nГра", "utf-8")
    (tmp_path / "manifest.json").write_text(json.dumps({"sources": [
        {"id": "9", "file": "a.txt", "language": "ru", "languages": [{"lines": [2, 3], "language": "uk"}],
         "latin_t": "ten", "decided": {"language": "ru: most paragraphs"}}]}), "utf-8")
    src = load_corpus(tmp_path)[0]
    assert [src.language_at(n) for n in (1, 2, 3)] == ["ru", "uk", "uk"]
    assert src.latin_t == "ten" and src.decided == {"language": "ru: most paragraphs"}


def test_edited_file_is_flagged_as_changed(tmp_path):
    d = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", d)
    with open(d / "001_094e95e13155281e.txt", "a", encoding="utf-8") as f:
        f.write("\nЛишняя строка.")
    changed = [s.id for s in load_corpus(d) if s.changed]
    assert changed == ["001"]


@pytest.mark.parametrize("content, says", [
    (b"plain text, not SQLite", "not a pasyans knowledge base"),
    (None, "is a folder"),
])
def test_commands_refuse_a_file_that_is_no_knowledge_base(tmp_path, content, says):
    db = tmp_path / "x.db"
    if content is None:
        db.mkdir()
    else:
        db.write_bytes(content)
    runner = CliRunner()
    for args in (["find", "Осада"], ["verify"], ["show", "004-004"], ["export"]):
        r = runner.invoke(app, [*args, "--db", str(db)])
        assert r.exit_code == 1 and says in r.output and "Traceback" not in r.output
    r = runner.invoke(app, ["build", "--db", str(db), "-q"])
    assert r.exit_code == 1 and len(r.output.strip().splitlines()) == 1
    if content is not None:
        assert db.read_bytes() == content  # never overwritten
