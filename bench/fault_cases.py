"""Families of bad inputs for ``bench/faults.py --families``: bad corpora and bad command lines.

A *bad corpus* is a folder (manifest and text) that is wrong in one way: the manifest not JSON,
of another shape, a field missing, of the wrong type or outside its enum, a file that is missing,
a folder, linked out of the corpus, or a text that is empty, binary, of another encoding, huge,
of one endless line, of headings only, of lone card tokens … Some are valid texts in an odd form
(CRLF, a BOM, zero-width characters): those may build. :func:`bad_corpora` gives
``(name, files, manifest)``: ``files`` maps a file name to its bytes (or to ``"<dir>"``,
``"<link:target>"``); ``manifest`` is the manifest's bytes (``None``: no manifest).

A *bad command line* is one ``pasyans`` invocation wrong in one way: a ``--db`` that is no
knowledge base (missing, a folder, empty, text, JSON, damaged, older, lacking a column), a game
name that is empty, huge, not UTF-8, a pattern, an option value of the wrong type or out of
range, a file argument that is missing, a folder or binary, an output onto something that must
not be written. :func:`bad_command_lines` gives ``(name, argv, guarded)``: ``guarded`` lists the
paths the command must leave byte-for-byte unchanged.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

ENTRY = {"id": "t", "file": "t.txt", "language": "ru"}
GAME = "ПАСЬЯНС «ПРОБА»\n\nТузы кладут на базу. Короли заполняют пробелы.\n"


def _manifest(*entries: dict, raw: object = None) -> bytes:
    return json.dumps(raw if raw is not None else {"sources": list(entries)}, ensure_ascii=False).encode()


def bad_corpora() -> list[tuple[str, dict[str, bytes | str], bytes | None]]:
    """The bad corpora (see the module docstring), about sixty."""
    good = GAME.encode()
    cases: list[tuple[str, dict, bytes | None]] = []

    def add(name: str, manifest: bytes | None, files: dict | None = None) -> None:
        cases.append((name, {"t.txt": good} if files is None else files, manifest))

    # -- the manifest itself
    add("no manifest", None)
    add("manifest empty", b"")
    add("manifest not JSON", b"{sources: [")
    add("manifest cut in the middle", _manifest(ENTRY)[:20])
    add("manifest not UTF-8", b'{"sources": [{"id": "t", "file": "\xff.txt", "language": "ru"}]}')
    add("manifest with a BOM", b"\xef\xbb\xbf" + _manifest(ENTRY))
    add("manifest a JSON list", _manifest(raw=[ENTRY]))
    add("manifest JSON null", b"null")
    add("manifest a number", b"5")
    add("manifest sources an object", _manifest(raw={"sources": ENTRY}))
    add("manifest sources empty", _manifest(raw={"sources": []}))
    add("manifest sources null", _manifest(raw={"sources": None}))
    add("manifest an unknown top field", _manifest(raw={"sources": [ENTRY], "extra": 1}))
    add("manifest a folder", None, {"t.txt": good, "manifest.json": "<dir>"})
    add("manifest a source not an object", _manifest(raw={"sources": ["t.txt"]}))
    # -- one field missing, of the wrong type, outside its enum
    for key in ("id", "file", "language"):
        add(f"source without {key}", _manifest({k: v for k, v in ENTRY.items() if k != key}))
    for key, values in {"id": (5, None, "", "a-b", "../x", "я", "x" * 40),
                        "file": (5, None, "", "../t.txt", "/etc/hostname", "sub/t.txt", "."),
                        "language": ("en", "RU", 1, None),
                        "orthography": ("old", 1), "kind": ("x", ["book"]), "title": (5, None),
                        "segmenter": ("nosuch",), "notation": ("cards", 3), "sha256": ("0" * 63, "Z" * 64),
                        "languages": ("uk", [{"lines": [0, 1], "language": "uk"}],
                                      [{"lines": [2, 1, 3], "language": "uk"}])}.items():
        for v in values:
            add(f"source {key} = {json.dumps(v, ensure_ascii=False)[:24]}", _manifest({**ENTRY, key: v}))
    add("source an unknown field", _manifest({**ENTRY, "colour": "red"}))
    add("two sources of one id", _manifest(ENTRY, dict(ENTRY)))
    add("sha256 of another file", _manifest({**ENTRY, "sha256": "a" * 64}))
    # -- the file
    add("file missing", _manifest(ENTRY), {})
    add("file a folder", _manifest(ENTRY), {"t.txt": "<dir>"})
    add("file linked out of the corpus", _manifest(ENTRY), {"t.txt": "<link:/etc/hostname>"})
    add("file a dangling link", _manifest(ENTRY), {"t.txt": "<link:/nonexistent/x.txt>"})
    # -- the text
    for name, data in {
        "text empty": b"", "text of spaces": b"   \n\t\n  \n", "text NUL bytes": b"\x00" * 1000,
        "text binary": bytes(range(256)) * 40, "text UTF-16": GAME.encode("utf-16"),
        "text cp1251": GAME.encode("cp1251"), "text latin-1 bytes inside": good + b"\xe9t\xe9\n",
        "text with a BOM": b"\xef\xbb\xbf" + good, "text CRLF": GAME.replace("\n", "\r\n").encode(),
        "text CR only": GAME.replace("\n", "\r").encode(), "text one 600,000-char line": ("Тузы " * 120_000).encode(),
        "text over 4 MB": ("Тузы кладут на базу.\n" * 120_000).encode(),
        "text 20,000 headings": ("ПАСЬЯНС\n" * 20_000).encode(), "text only card tokens": ("♦В ♠Д ♣Т " * 3000).encode(),
        "text zero-width everywhere": "\u200b".join(GAME).encode(), "text right-to-left marks": "\u200f".join(GAME).encode(),
        "text superscripts and circled digits": ("ПАСЬЯНС\n\nСноска ¹ ² ③ ⑩ здесь. Тузы ① кладут.\n").encode(),
        "text a 100,000-letter word": ("ПАСЬЯНС\n\n" + "а" * 100_000 + "\n").encode(),
        "text lone surrogates (surrogateescape bytes)": good + b"\xed\xa0\x80\n",
        "text form feeds and vertical tabs": GAME.replace("\n", "\x0c\x0b\n").encode(),
    }.items():
        add(name, _manifest(ENTRY), {"t.txt": data})
    add("book-toc text without a TOC", _manifest({**ENTRY, "segmenter": "book-toc"}))
    add("book-toc text with a TOC and no pages", _manifest({**ENTRY, "segmenter": "book-toc", "kind": "book"}),
        {"t.txt": ("ОГЛАВЛЕНИЕ\nПроба ..... 3\nОсада ..... 5\n\nПАСЬЯНС\nТузы.\n").encode()})
    add("pre-reform text read as modern", _manifest(ENTRY), {"t.txt": "ПАСЬЯНСЪ\n\nТузы кладутся на базу, ѣ і ѳ.\n".encode()})
    return cases


def make_corpus(folder: Path, files: dict, manifest: bytes | None) -> Path:
    """Write one bad corpus into ``folder`` (created); return it."""
    folder.mkdir(parents=True)
    for name, data in files.items():
        p = folder / name
        if data == "<dir>":
            p.mkdir()
        elif isinstance(data, str) and data.startswith("<link:"):
            p.symlink_to(data[6:-1])
        else:
            p.write_bytes(data)
    if manifest is not None and not (folder / "manifest.json").exists():
        (folder / "manifest.json").write_bytes(manifest)
    return folder


def bad_dbs(base: Path, w: Path) -> dict[str, Path]:
    """Files that are no readable knowledge base, made from the good one ``base`` in folder ``w``."""
    out = {"a missing file": w / "none.db", "a folder": w / "dir.db", "an empty file": w / "empty.db",
           "a text file": w / "text.db", "a JSON file": w / "export.json", "/dev/null": Path("/dev/null")}
    out["a folder"].mkdir(exist_ok=True)
    out["an empty file"].write_bytes(b"")
    out["a text file"].write_text("Тузы кладут на базу.\n", "utf-8")
    out["a JSON file"].write_text('{"games": []}', "utf-8")
    damaged = w / "damaged.db"
    data = bytearray(base.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for p in range(2, len(data) // page, 5):
        data[p * page + 8: p * page + 120] = b"\x00\xff" * 56
    damaged.write_bytes(bytes(data))
    out["a damaged file"] = damaged
    cut = w / "cut.db"
    cut.write_bytes(base.read_bytes()[: len(data) // 3])
    out["a file cut short"] = cut
    for name, sql in (("an older schema", "DROP TABLE kb_meta"), ("a missing column", "ALTER TABLE moves DROP COLUMN verdict"),
                      ("a missing table", "DROP TABLE links"), ("a newer schema",
                                                                "UPDATE kb_meta SET value = '99' WHERE key = 'schema_version'")):
        p = w / f"{name.replace(' ', '_')}.db"
        p.write_bytes(base.read_bytes())
        conn = sqlite3.connect(p)
        conn.execute(sql)
        conn.commit()
        conn.close()
        out[name] = p
    return out


def _free_port() -> int:
    """A TCP port on 127.0.0.1 free now (``--port 0`` is refused by ``serve`` itself: a case with it tested the
    port's error line, never the bad knowledge base's)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def bad_command_lines(base: Path, corpus: Path, w: Path) -> list[tuple[str, list[str], list[Path]]]:
    """The bad command lines (see the module docstring), about two hundred. ``base``: a good
    knowledge base; ``corpus``: a copy of the bundled corpus; ``w``: a scratch folder."""
    text = corpus / json.loads((corpus / "manifest.json").read_text("utf-8"))["sources"][-1]["file"]
    # a text of the corpus (the book 004 in the bundled one): «004.txt» is no file of it, so a build
    # given it as --db read the whole corpus and wrote a knowledge base there, and no error was met
    guarded = [base, corpus / "manifest.json", text]
    db = str(base)
    cases: list[tuple[str, list[str], list[Path]]] = []

    def add(name: str, *argv: str | Path) -> None:
        cases.append((name, [str(a) for a in argv], guarded))

    readers = {"find": ["find", "Осада"], "show": ["show", "004-004"], "list": ["list"], "verify": ["verify", "004-004"],
               "export": ["export", "--out", str(w / "out.json")], "search": ["search", "тузы"],
               "replay": ["replay", "004-004", "--deal", str(w / "deal.txt"), "--solution", str(w / "sol.txt")],
               "serve": ["serve", "--port", str(_free_port())]}  # a port it could bind: the bad database must stop it
    (w / "deal.txt").write_text("KS QH\n", "utf-8")
    (w / "sol.txt").write_text("1 2\n", "utf-8")
    for label, path in bad_dbs(base, w).items():
        for cmd, argv in readers.items():
            add(f"{cmd} --db {label}", *argv, "--db", path)
    not_utf8 = b"\xff\xfe".decode("utf-8", "surrogateescape")
    names = {"an empty name": "", "a blank name": "   ", "a 60,000-char name": "Осада" * 12_000,
             "a non-UTF-8 name": not_utf8, "an SQL-looking name": "'; DROP TABLE games; --",
             "a LIKE pattern": "%", "a glob": "*", "an FTS query": 'NEAR("тузы" OR) AND', "an unknown id": "004-999",
             "a lone combining mark": "\u0301", "a right-to-left name": "\u200fОсада\u200e"}
    for label, name in names.items():
        for cmd in ("show", "verify", "find", "search"):
            add(f"{cmd} {label}", cmd, name, "--db", db)
        add(f"replay {label}", "replay", name, "--deal", w / "deal.txt", "--solution", w / "sol.txt", "--db", db)
    for v in ("-1", "0", "abc", "1e9", "99999999999999999999", ""):
        for cmd, arg in (("find", "Осада"), ("search", "тузы")):
            add(f"{cmd} --limit {v!r}", cmd, arg, "--limit", v, "--db", db)
    for v in ("-1", "99999", "abc", "", "1.5"):
        add(f"serve --port {v!r}", "serve", "--port", v, "--db", db)
    for v in ("nosuch.invalid", "256.1.1.1", "::zz"):
        add(f"serve --host {v!r}", "serve", "--host", v, "--port", str(_free_port()), "--db", db)
    for v in ("nosuch", "", "JSON", "markdown;rm"):
        add(f"export --format {v!r}", "export", "--format", v, "--out", w / "x.out", "--db", db)
        add(f"replay --format {v!r}", "replay", "004-004", "--deal", w / "deal.txt", "--solution", w / "sol.txt",
            "--format", v, "--db", db)
    for v in ("nosuch", "", "EN"):
        add(f"export --cards {v!r}", "export", "--cards", v, "--out", w / "y.json", "--db", db)
    for v in ("nosuch", "", "004;"):
        add(f"list --source {v!r}", "list", "--source", v, "--db", db)
    for label, out in {"the KB it reads": base, "the corpus manifest": corpus / "manifest.json",
                       "a corpus text": text,
                       "a missing folder": Path("/nonexistent/x.json"), "/proc": Path("/proc/version"),
                       "a folder": w, "/dev/full": Path("/dev/full"), "an empty name": Path("")}.items():
        add(f"export --out {label}", "export", "--out", out, "--db", db)
        add(f"export --force --out {label}", "export", "--force", "--out", out, "--db", db)
    add("export markdown into the corpus", "export", "--format", "markdown", "--out", corpus, "--db", db)
    bins = {"a missing file": w / "none.txt", "a folder": w, "an empty file": w / "empty.txt",
            "a binary file": w / "bin.txt", "a non-UTF-8 file": w / "latin.txt", "garbage text": w / "garbage.txt"}
    (w / "empty.txt").write_bytes(b"")
    (w / "bin.txt").write_bytes(bytes(range(256)) * 8)
    (w / "latin.txt").write_bytes(b"K\xe9 Q\xe9\n")
    (w / "garbage.txt").write_text("Тузы кладут на базу ♦В — ♠Д\n" * 20, "utf-8")
    def add_to(name: str, *argv: str | Path) -> None:  # `pasyans add` into a small corpus of its own
        c = make_corpus(w / f"add-{len(cases)}", {"t.txt": GAME.encode()}, _manifest(ENTRY))
        cases.append((name, ["add", *map(str, argv), "--corpus", str(c)], [base, c / "t.txt"]))

    for label, p in bins.items():
        add(f"replay --deal {label}", "replay", "004-004", "--deal", p, "--solution", w / "sol.txt", "--db", db)
        add(f"replay --solution {label}", "replay", "004-004", "--deal", w / "deal.txt", "--solution", p, "--db", db)
        if label != "garbage text":
            add_to(f"add {label}", p)
    add_to("add the corpus's own text", "t.txt")
    for opt, v in (("--language", "en"), ("--language", ""), ("--orthography", "old"), ("--kind", "x"),
                   ("--segmenter", "nosuch"), ("--notation", "cards"), ("--encoding", "nosuch"),
                   ("--encoding", "utf-16"), ("--id", "../x"), ("--id", "a-b"), ("--id", "t")):
        add_to(f"add {opt} {v!r}", w / "garbage.txt", opt, v)
    (w / "emptydir").mkdir(exist_ok=True)
    for label, c in {"a missing folder": w / "nocorpus", "a file": corpus / "manifest.json", "an empty folder": w / "emptydir",
                     "a folder without a manifest": w}.items():
        add(f"build --corpus {label}", "build", "--corpus", c, "--db", w / "new.db", "-q")
        add(f"add --corpus {label}", "add", w / "garbage.txt", "--corpus", c)
    for label, d in {"the corpus manifest": corpus / "manifest.json", "a corpus text": text,
                     "a missing folder": Path("/nonexistent/k.db"), "a folder": w, "/proc": Path("/proc/k.db"),
                     "/dev/full": Path("/dev/full"), "an empty name": Path("")}.items():
        add(f"build --db {label}", "build", "--corpus", corpus, "--db", d, "-q")
    for v in ("0", "-3", "abc", ""):
        add(f"build --jobs {v!r}", "build", "--corpus", corpus, "--db", w / "jobs.db", "--jobs", v, "-q")
    for argv in (["nosuch"], ["show"], ["find"], ["replay", "004-004"], ["show", "004-004", "--nosuch"],
                 ["--nosuch"], ["export", "--out"], ["find", "Осада", "--limit"], ["build", "--db"],
                 ["show", "004-004", "--db"], ["verify", "--json", "--db"], ["list", "extra", "args"]):
        add("usage: " + " ".join(argv), *argv)
    return cases
