"""The corpus: raw texts listed in ``corpus/manifest.json``, read with line numbers kept.

Line numbers of the raw files are the coordinates used everywhere for provenance:
``Source.lines[0]`` is line 1 of the file.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path

from .intake import IntakeError, html_text, is_html

MANIFEST = "manifest.json"


class CorpusError(Exception):
    """A corpus file or the manifest cannot be used; the message names the file and says why."""


class SegmentationError(CorpusError, ValueError):
    """A text cannot be cut into games as its manifest says (``book-toc`` without a table of
    contents or page numbers); the message names the file and what to change."""


@dataclass
class Source:
    """One raw text of the corpus.

    ``lines`` holds the file's lines without their line ends, so ``lines[n - 1]`` is raw line ``n``.
    ``language`` is ``"uk"`` or ``"ru"``; ``orthography`` ``"modern"`` or ``"pre-reform"``;
    ``kind`` ``"book"``, ``"article"`` or ``"manual"``. ``segmenter`` says how the text is cut into games:
    ``"book-toc"`` (table of contents + printed page numbers, the PDF book 004) or ``"headings"``
    (titles, variants and numbered rules in the running text). ``notation`` is the card notation
    its examples use by default: ``"symbol"`` (♠Д, Т = ace), ``"letter"`` (ПА, Т = clubs) or
    ``"words"`` («даму червей»); a passage may override it, and the choice is recorded per move.
    The manifest entry's fields and their allowed values are ``pasyans/data/manifest.schema.json``.
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
    languages: list[tuple[tuple[int, int], str]] = field(default_factory=list)
    """Raw line spans in another language than ``language`` (a mixed text), each with its language."""
    notations: list[str] = field(default_factory=list)
    """Every notation the text uses, as ``pasyans add`` found them (informative)."""
    latin_t: str | None = None
    """What a Latin «T» after a suit symbol means here: ``"ten"``, ``"ace"``, or ``None`` (decide by usage)."""
    decided: dict[str, str] = field(default_factory=dict)
    """What ``pasyans add`` decided for each field and why."""

    def language_at(self, line: int) -> str:
        """The language of raw line ``line``: that of its ``languages`` span, else ``language``."""
        for (a, b), lang in self.languages:
            if a <= line <= b:
                return lang
        return self.language

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


MAX_FILE_BYTES = 4_000_000
"""The largest corpus file read (bytes): about 2,000 pages of Cyrillic text. Larger: split it."""

MAX_TEXT_CHARS = 1_000_000
"""The most characters read from one corpus file (spaCy's limit for one text)."""


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


_REMEDIES = {"corpus": ("corpus files", "split it into several files",
                        "save it as UTF-8 (`pasyans add --encoding cp1251` reads a Windows Cyrillic file)"),
             "solver": ("solver files", "give the solver's board or solution file", "save it as UTF-8 text")}
"""What a problem of :func:`read_text` says for each kind of file: (the files, too large, not UTF-8)."""


def read_text(path: Path, kind: str = "corpus") -> str:
    """Read a corpus file (``kind="solver"``: a solver's board or solution) as UTF-8 text.

    Raises :class:`CorpusError` naming the file (and the line, where one applies) when it is
    missing, unreadable, empty, larger than :data:`MAX_FILE_BYTES` or :data:`MAX_TEXT_CHARS`
    characters, binary (has a NUL byte) or not UTF-8, with what to do for that kind of file. A UTF-8
    byte-order mark is dropped; CRLF line ends become LF, and so do CR line ends in a file that has
    no LF (:func:`cr_only`).
    """
    files, too_large, not_utf8 = _REMEDIES[kind]
    if not path.is_file():
        raise CorpusError(f"{path}: file not found; check the path")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise CorpusError(f"{path}: file is {size / 1e6:.1f} MB; pasyans reads {files} of at most "
                              f"{MAX_FILE_BYTES / 1e6:.0f} MB; {too_large}")
        data = path.read_bytes()
    except OSError as e:
        raise CorpusError(f"{path}: cannot read it ({e.strerror}); check its permissions") from None
    if not data.strip():
        raise CorpusError(f"{path}: file is empty; give a file with text in it")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise CorpusError(f"{path}:{_line_of(data, nul)}: binary file (NUL byte at offset {nul}); give a plain-text file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CorpusError(f"{path}:{_line_of(data, e.start)}: not UTF-8 text (bad byte at offset {e.start}); "
                          f"{not_utf8}") from None
    if len(text) > MAX_TEXT_CHARS:
        raise CorpusError(f"{path}: {len(text):,} characters; pasyans reads at most {MAX_TEXT_CHARS:,} from one "
                          f"file; {too_large}")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    return text.replace("\r", "\n") if cr_only(text) else text


def cr_only(text: str) -> bool:
    """Whether ``text`` ends its lines with CR alone (an old Mac file, some exporters): it has CRs and
    no LF. :func:`read_text` then reads each CR as a line end, as an editor shows the file (else every
    fact would be «line 1»); ``pasyans add`` stores such a file with LF line ends and says so."""
    return "\r" in text and "\n" not in text


def check_inside(root: Path, path: Path) -> None:
    """Raise :class:`CorpusError` when ``path`` (a file the manifest of ``root`` lists) leads out
    of the corpus folder through a symbolic link."""
    try:
        real, home = path.resolve(), root.resolve()
    except (OSError, RuntimeError) as e:  # a loop of links
        raise CorpusError(f"{path}: cannot follow its links ({e}); copy the file into the corpus instead") from None
    if not real.is_relative_to(home):
        raise CorpusError(f"{path}: a symbolic link to {real}, outside the corpus folder {home}; "
                          f"copy the file into the corpus instead")


LANGUAGES = ("ru", "uk")
SEGMENTERS = ("headings", "book-toc")
NOTATIONS = ("symbol", "letter", "words")
SCHEMA = "manifest.schema.json"


@lru_cache(maxsize=1)
def manifest_schema() -> dict:
    """The JSON Schema of ``manifest.json`` (``pasyans/data/manifest.schema.json``)."""
    return json.loads(resources.files("pasyans").joinpath(f"data/{SCHEMA}").read_text("utf-8"))


def _field_name(path) -> str:
    """``["languages", 0, "lines"]`` → ``languages[0].lines``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _say(err) -> str:
    """One schema error of an entry as a person reads it, naming the field."""
    where = _field_name(err.path)
    v, val = err.validator, err.instance
    if v == "required":
        missing = next((k for k in err.validator_value if k not in err.instance), "?")
        return f"{missing!r} is missing (required); add it"
    if v == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        return f"unknown field {extra[0]!r}" + (f" in {where}" if where else "") + \
            "; remove it or correct its name (the fields: pasyans/data/manifest.schema.json)"
    if v == "enum":
        allowed = ", ".join(str(x) for x in err.validator_value)
        return f"{where} {val!r} is not one of {allowed}; give one of them"
    if where == "file" and v in ("pattern", "type", "minLength") and isinstance(val, str) and val:
        return f"file {val!r} is not a plain file name inside the corpus folder; give the file's name alone"
    if v in ("type", "minLength") and err.schema.get("type") == "string":
        return f"{where!r} is not a non-empty string; give it as text"
    if v == "type" and not where:
        return f"expected an object, got {_json_type(val)}; give each source as {{\"id\": …, \"file\": …, \"language\": …}}"
    if v == "pattern":
        form = err.schema.get("x-form") or f"one matching {err.validator_value}"  # the schema's words for the form
        return f"{where} {val!r} does not have the form the schema asks; give {form}"
    return f"{where or 'entry'}: {err.message}; correct it (pasyans/data/manifest.schema.json)"


_REMAKE = ("correct it (pasyans/data/manifest.schema.json), or make the corpus anew with "
           "`pasyans add FILE… --corpus DIR`")
"""What to do about a manifest that is not one."""


def _json_type(value: object) -> str:
    return {str: "a string", int: "a number", float: "a number", list: "a list", bool: "true/false",
            type(None): "null"}.get(type(value), type(value).__name__)


def _entry_error(manifest: Path, i: int, entry: object, why: str) -> CorpusError:
    ident = f" (id {entry['id']!r})" if isinstance(entry, dict) and isinstance(entry.get("id"), str) else ""
    return CorpusError(f"{manifest}: source #{i + 1}{ident}: {why}")


def field_problem(name: str, value: object) -> str | None:
    """What is wrong with ``value`` as the manifest field ``name`` of one source (its enum, pattern
    or type in the JSON Schema), in one line naming the field; ``None`` when it is allowed."""
    from jsonschema import Draft202012Validator

    schema = manifest_schema()
    prop = schema["$defs"]["source"]["properties"].get(name)
    if prop is None:
        return f"unknown field {name!r}"
    err = next(iter(Draft202012Validator({**prop, "$defs": schema["$defs"]}).iter_errors(value)), None)
    if err is None:
        return None
    err.path.appendleft(name)
    return _say(err)


def check_manifest(data: object, manifest: Path | str = MANIFEST) -> list[dict]:
    """The entries of a parsed ``manifest.json``, checked against the JSON Schema.

    Raises :class:`CorpusError` with one line naming the manifest, the entry (number and id) and
    the field for the first problem: a missing or unknown field, a value outside its enum, a file
    name with a folder part, an id listed twice.
    """
    from jsonschema import Draft202012Validator

    manifest = Path(manifest)
    if not isinstance(data, dict):
        raise CorpusError(f"{manifest}: malformed manifest (expected an object with 'sources'); {_REMAKE}")
    entries = data.get("sources")
    if not isinstance(entries, list) or not entries:
        raise CorpusError(f"{manifest}: 'sources' is not a non-empty list; {_REMAKE}")
    schema = manifest_schema()
    entry_validator = Draft202012Validator({**schema["$defs"]["source"], "$defs": schema["$defs"]})
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        errors = sorted(entry_validator.iter_errors(entry), key=lambda e: (len(e.path), list(map(str, e.path))))
        if errors:
            raise _entry_error(manifest, i, entry, _say(errors[0]))
        if entry["id"] in seen:
            raise _entry_error(manifest, i, entry, f"id {entry['id']!r} is listed twice; give each source its own id")
        seen.add(entry["id"])
    top = Draft202012Validator({k: v for k, v in schema.items() if k != "$defs"} | {"properties": {
        "$schema": schema["properties"]["$schema"], "sources": {"type": "array"}}})
    for err in top.iter_errors(data):
        raise CorpusError(f"{manifest}: {_say(err)}")
    return entries


def load_corpus(corpus_dir: Path | str | None = None) -> list[Source]:
    """Every source listed in the manifest of ``corpus_dir``, in manifest order.

    Raises :class:`CorpusError` (one line, naming the file) when the manifest is missing,
    malformed or lists nothing, when an entry breaks the schema (see :func:`check_manifest`), or when a
    listed file is unusable (see :func:`read_text`). A listed HTML page is read as its text with
    its own line numbers (:func:`pasyans.intake.html_text`). A sha256 that differs from the manifest is
    not an error (the corpus may be edited on purpose): the source's ``changed`` is then true,
    the build warns, and the knowledge base records the new digest.
    """
    root = Path(corpus_dir) if corpus_dir is not None else default_corpus_dir()
    manifest = root / MANIFEST
    if root.exists() and not root.is_dir():
        raise CorpusError(f"{root}: is a file, not a corpus folder; give --corpus a folder with {MANIFEST}")
    if not root.exists():
        raise CorpusError(f"{root}: no such corpus folder; make one with `pasyans add FILE --corpus {root}`")
    if not manifest.is_file():
        raise CorpusError(f"{manifest}: manifest not found (a corpus folder holds {MANIFEST}); "
                          f"make one with `pasyans add FILE --corpus {root}`")
    try:
        raw = json.loads(read_text(manifest))
    except json.JSONDecodeError as e:
        raise CorpusError(f"{manifest}: malformed manifest (not JSON: {e}); {_REMAKE}") from None
    if not isinstance(raw, dict) or "sources" not in raw:
        raise CorpusError(f"{manifest}: malformed manifest (expected an object with 'sources'); {_REMAKE}")
    sources = []
    for entry in check_manifest(raw, manifest):
        path = root / entry["file"]
        check_inside(root, path)
        text = read_text(path)
        if is_html(text, path.suffix):  # a hand-listed HTML page: its text, line for line (pasyans.intake)
            try:
                text = html_text(text, path.suffix)
            except IntakeError as e:
                raise CorpusError(f"{path}: {e}") from None
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
                languages=[(tuple(x["lines"]), x["language"]) for x in entry.get("languages", [])],
                notations=list(entry.get("notations", [])),
                latin_t=entry.get("latin_t"),
                decided=dict(entry.get("decided", {})),
            )
        )
    return sources
