"""The corpus: raw texts listed in ``corpus/manifest.json``, read with line numbers kept.

Line numbers of the raw files are the coordinates used everywhere for provenance:
``Source.lines[0]`` is line 1 of the file.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

MANIFEST = "manifest.json"


class CorpusError(Exception):
    """A corpus file or the manifest cannot be used; the message names the file and says why."""


@dataclass
class Source:
    """One raw text of the corpus.

    ``lines`` holds the file's lines without their line ends, so ``lines[n - 1]`` is raw line ``n``.
    ``language`` is ``"uk"`` or ``"ru"``; ``orthography`` ``"modern"`` or ``"pre-reform"``;
    ``kind`` ``"book"`` or ``"article"``. ``segmenter`` says how the text is cut into games:
    ``"book-toc"`` (table of contents + printed page numbers, the PDF book 004) or ``"headings"``
    (titles, variants and numbered rules in the running text). ``notation`` is the card notation
    its examples use by default: ``"symbol"`` (♠Д, Т = ace), ``"letter"`` (ПА, Т = clubs) or
    ``"words"`` («даму червей»); a passage may override it, and the choice is recorded per move.
    """

    id: str
    file: str
    language: str
    orthography: str
    kind: str
    title: str
    sha256: str
    path: Path
    text: str
    segmenter: str = "headings"
    notation: str = "words"
    changed: bool = False
    """The file's sha256 differs from the one the manifest records (edited since)."""

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def line(self, n: int) -> str:
        """Raw line ``n`` (1-based). Raises ``IndexError`` outside the file."""
        if n < 1:
            raise IndexError(n)
        return self.lines[n - 1]

    def span(self, first: int, last: int) -> str:
        """Raw lines ``first``…``last`` (inclusive), joined with newlines."""
        return "\n".join(self.lines[first - 1 : last])


def default_corpus_dir() -> Path:
    """``./corpus`` when it has a manifest, else the ``corpus/`` folder of the source checkout."""
    here = Path.cwd() / "corpus"
    if (here / MANIFEST).is_file():
        return here
    return Path(__file__).resolve().parent.parent / "corpus"


def read_text(path: Path) -> str:
    """Read a corpus file as UTF-8 text.

    Raises :class:`CorpusError` naming the file when it is missing, empty, binary (has a NUL
    byte) or not UTF-8. A UTF-8 byte-order mark is dropped; CRLF line ends become LF.
    """
    if not path.is_file():
        raise CorpusError(f"{path}: file not found")
    data = path.read_bytes()
    if not data.strip():
        raise CorpusError(f"{path}: file is empty")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise CorpusError(f"{path}: binary file (NUL byte at offset {nul})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CorpusError(f"{path}: not UTF-8 text (bad byte at offset {e.start})") from None
    return text.removeprefix("\ufeff").replace("\r\n", "\n")


LANGUAGES = ("ru", "uk")
SEGMENTERS = ("headings", "book-toc")
NOTATIONS = ("symbol", "letter", "words")


def _entry_error(manifest: Path, i: int, why: str) -> CorpusError:
    return CorpusError(f"{manifest}: source #{i + 1}: {why}")


def _check_entry(manifest: Path, i: int, entry: object, seen: set[str]) -> dict:
    """One manifest entry, checked: a dict with a unique string ``id``, a plain file name inside
    the corpus folder, a known language, segmenter and notation. Raises :class:`CorpusError`."""
    if not isinstance(entry, dict):
        raise _entry_error(manifest, i, f"expected an object, got {type(entry).__name__}")
    for key in ("id", "file", "language"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise _entry_error(manifest, i, f"{key!r} must be a non-empty string")
    name = entry["file"]
    if Path(name).name != name or name in (".", ".."):
        raise _entry_error(manifest, i, f"file {name!r} must be a plain file name inside the corpus folder")
    if entry["id"] in seen:
        raise _entry_error(manifest, i, f"id {entry['id']!r} is listed twice")
    seen.add(entry["id"])
    for key, allowed, default in (("language", LANGUAGES, None), ("segmenter", SEGMENTERS, "headings"),
                                  ("notation", NOTATIONS, "words")):
        value = entry.get(key, default)
        if value not in allowed:
            raise _entry_error(manifest, i, f"{key} {value!r} is not one of {', '.join(allowed)}")
    return entry


def load_corpus(corpus_dir: Path | str | None = None) -> list[Source]:
    """Every source listed in the manifest of ``corpus_dir``, in manifest order.

    Raises :class:`CorpusError` (one line, naming the file) when the manifest is missing,
    malformed or lists nothing, when an entry is malformed (see :func:`_check_entry`), or when a
    listed file is unusable (see :func:`read_text`). A sha256 that differs from the manifest is
    not an error (the corpus may be edited on purpose): the source's ``changed`` is then true,
    the build warns, and the knowledge base records the new digest.
    """
    root = Path(corpus_dir) if corpus_dir is not None else default_corpus_dir()
    manifest = root / MANIFEST
    if not manifest.is_file():
        raise CorpusError(f"{manifest}: manifest not found")
    try:
        entries = json.loads(read_text(manifest))["sources"]
    except (json.JSONDecodeError, KeyError, TypeError) as e:
        raise CorpusError(f"{manifest}: malformed manifest ({type(e).__name__}: {e})") from None
    if not isinstance(entries, list) or not entries:
        raise CorpusError(f"{manifest}: 'sources' must be a non-empty list")
    sources, seen = [], set()
    for i, raw_entry in enumerate(entries):
        entry = _check_entry(manifest, i, raw_entry, seen)
        path = root / entry["file"]
        text = read_text(path)
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        sources.append(
            Source(
                id=entry["id"],
                file=entry["file"],
                language=entry["language"],
                orthography=entry.get("orthography", "modern"),
                kind=entry.get("kind", "article"),
                title=entry.get("title", entry["file"]),
                sha256=digest,
                path=path,
                text=text,
                segmenter=entry.get("segmenter", "headings"),
                notation=entry.get("notation", "words"),
                changed=entry.get("sha256") not in (None, digest),
            )
        )
    return sources
