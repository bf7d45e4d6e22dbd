"""``pasyans add``: put a user's own texts into a corpus, with a manifest entry each — detected,
explained, and every choice overridable.

:func:`detect` reads one text and decides each field of its manifest entry
(``pasyans/data/manifest.schema.json``) with the reason for a person:

* ``language`` — ``ru`` or ``uk`` per paragraph (a line): letters only one language has (Ukrainian
  і ї є ґ ʼ, Russian ы э ъ ё), and words only one language's dictionary knows (pymorphy3). The
  text's language is that of most words; runs of paragraphs in the other one go to ``languages``.
* ``orthography`` — ``pre-reform`` when the text writes pre-1918 letters: a word-final hard sign
  after a consonant («пасьянсъ»), ѣ (also printed «ђ»), ѳ, ѵ; else ``modern``.
* ``segmenter`` — ``book-toc`` when the text prints a table of contents with page numbers and its
  pages carry printed numbers (the book segmenter's own tests, :func:`pasyans.extract.book.parse_toc`
  and :func:`~pasyans.extract.book.book_pages`); else ``headings``.
* ``notation`` — the card shorthand its examples use: ``symbol`` (suit symbols), ``letter`` (suit
  letter then rank: ПА, Ч10), else ``words``; ``notations`` lists every notation found (``latin``:
  Latin ranks with the symbols, ``rank-rows``: «Т-2-3-…-К»); ``latin_t`` what a Latin «T» after a
  suit means, by the text's usage (:func:`pasyans.extract.notation.latin_t_usage`).
* ``kind`` — ``book`` with a table of contents, ``manual`` when section labels repeat from game to
  game (a program's help pages), else ``article``; ``title`` — the first heading, else the file name.

:func:`add_texts` copies each file into the corpus folder as ``<id>_<name>.txt`` (bytes unchanged:
raw line numbers stay the coordinates) and appends its entry to ``manifest.json`` (written to a
temporary file and renamed); a declared ``encoding`` that gives mojibake is refused and an HTML
page is stored as its text with its own line numbers (:mod:`pasyans.intake`). It never overwrites
a corpus file it was not asked to: a text already in the corpus (same sha256) is reported and
skipped, an existing id is refused unless ``replace`` is given. A new corpus folder starts from the
bundled corpus (the five texts) unless ``empty``. Errors are :class:`AddError` (one line, naming the file).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .corpus import MANIFEST, CorpusError, check_manifest, cr_only, field_problem, read_text
from .extract.lookalikes import said
from .extract.orthography import PRE_REFORM_SIGN as _PRE_REFORM_RE
from .files import WriteError, describe_os_error, os_remedy, temp_path
from .intake import IntakeError, decode, encoding_hint, html_text, is_html, other_format

OVERRIDABLE = ("id", "language", "orthography", "kind", "title", "segmenter", "notation", "latin_t")
"""Fields :func:`add_texts` takes from the caller instead of detecting them."""


class AddError(Exception):
    """A text cannot be added; the message (one line) names the file and says why."""


class AddOptionError(AddError):
    """A value given for a field or the encoding is not one the corpus allows (``--language fr``):
    a bad option, found before anything is read or written; the message names the option."""


@dataclass
class Detection:
    """What :func:`detect` decided for one text: the manifest ``entry`` (without ``id``/``file``/
    ``sha256``) and, per field, the ``reasons`` in words."""

    entry: dict
    reasons: dict[str, str] = field(default_factory=dict)


_WORD_RE = re.compile(r"[^\W\d_]+(?:['’ʼ][^\W\d_]+)*")
_UK_LETTERS = set("іїєґ")
_RU_LETTERS = set("ыэъё")
_LETTER_CODE_RE = re.compile(r"(?<![\w])[ПЧБТ](?:10|[2-9АВДК])(?![\w])")
_SUIT_RE = re.compile(r"[♠♣♥♦♤♧♡♢]")
_LATIN_NEAR_RE = re.compile(r"[♠♣♥♦♤♧♡♢] ?[AKQJT](?![\w])|(?<![\w])(?:[AKQJT]|10)[♠♣♥♦♤♧♡♢]")


def _line_language(line: str, pre: bool) -> tuple[str | None, int]:
    """``(language or None, words)`` of one paragraph: letters one language alone has, then words
    one dictionary alone knows. Pre-1918 Russian writes «і», so it counts as no Ukrainian sign."""
    from .morph import is_known

    words = [w.lower() for w in _WORD_RE.findall(line) if not w.isascii()]
    if not words:
        return None, 0
    letters = set("".join(words))
    uk = 0 if pre else 3 * len(letters & _UK_LETTERS)
    ru = 3 * len(letters & _RU_LETTERS) + (3 if pre else 0)
    for w in words:
        if len(w) < 3:
            continue
        in_ru, in_uk = is_known(w, "ru"), is_known(w, "uk")
        ru += in_ru and not in_uk
        uk += in_uk and not in_ru
    hi, lo = max(ru, uk), min(ru, uk)
    if hi - lo < 3 or hi < 2 * lo:  # a proper name one dictionary happens to know is no evidence
        return None, len(words)
    return ("uk" if uk > ru else "ru"), len(words)


def _languages(lines: list[str], pre: bool) -> tuple[str, list[dict], str]:
    """The main language, the spans in the other one (``[{"lines": [a, b], "language": l}]``) and why."""
    per = [(n, *_line_language(t, pre)) for n, t in enumerate(lines, 1) if t.strip()]
    words = Counter()
    for _n, lang, k in per:
        if lang:
            words[lang] += k
    if not words:
        return "ru", [], "no Cyrillic words to tell by: Russian assumed"
    main = words.most_common(1)[0][0]
    other = "uk" if main == "ru" else "ru"
    spans: list[list[int]] = []
    last_lang = main
    for n, lang, _k in per:
        lang = lang or last_lang
        if lang == other:
            if spans and last_lang == other:
                spans[-1][1] = n
            else:
                spans.append([n, n])
        last_lang = lang
    share = 100.0 * words[main] / sum(words.values())
    name = {"ru": "Russian", "uk": "Ukrainian"}
    why = f"{name[main]}: {share:.0f} % of the words of the paragraphs that tell ({sum(words.values())} words)"
    if spans:
        why += "; " + ", ".join(f"lines {a}-{b}" if a != b else f"line {a}" for a, b in spans) + f" in {name[other]}"
    return main, [{"lines": s, "language": other} for s in spans], why


def _table_of_contents(lines: list[str]) -> int:
    """How many games the book segmenter's table-of-contents reader finds (0 without page numbers)."""
    from .extract.book import book_pages, classify_book_lines, parse_toc

    try:
        toc = parse_toc(lines, classify_book_lines(lines))
        if not toc:
            return 0
        classes = classify_book_lines(lines, [e.title for e in toc])
        return sum(e.is_game for e in toc) if book_pages(classes, lines) else 0
    except (ValueError, IndexError):
        return 0


def pre_reform_signs(text: str) -> tuple[int, int]:
    """``(signs, words)`` of ``text``: how many pre-1918 spellings it has (a word-final «ъ» after a
    consonant, «ѣ», «ѳ», «ѵ», «ђ» inside a word) and how many words (at least 1)."""
    return len(_PRE_REFORM_RE.findall(text)), max(1, len(_WORD_RE.findall(text)))


def _pre_reform(signs: int, words: int) -> bool:
    return signs >= 3 and signs >= 0.005 * words


def is_pre_reform(text: str) -> bool:
    """Whether ``text`` is in pre-1918 spelling, as ``pasyans add`` decides a text's orthography: at
    least 3 signs (:func:`pre_reform_signs`) and at least one in 200 words (a stray «ѣ» or a quoted
    old title in a modern text is not enough)."""
    return _pre_reform(*pre_reform_signs(text))


def detect(path: Path | str, text: str | None = None) -> Detection:
    """Decide the manifest entry of the text at ``path`` (see the module docstring); ``text`` is
    its content when already read. Raises :class:`~pasyans.corpus.CorpusError` for an unusable file."""
    from .extract import headings as hd
    from .extract.notation import find_rank_rows, find_word_cards, latin_t_usage

    path = Path(path)
    text = read_text(path) if text is None else text
    lines = text.split("\n")
    d = Detection({})
    pre_hits, n_words = pre_reform_signs(text)
    pre = _pre_reform(pre_hits, n_words)
    d.entry["orthography"] = "pre-reform" if pre else "modern"
    d.reasons["orthography"] = (f"pre-1918 spelling: {pre_hits} word-final «ъ» after a consonant or ѣ/ѳ/ѵ"
                                if pre else f"modern spelling ({pre_hits} pre-1918 letters in {n_words} words)")
    lang, spans, why = _languages(lines, pre)
    d.entry["language"], d.reasons["language"] = lang, why
    if spans:
        d.entry["languages"] = spans
    toc = _table_of_contents(lines)
    d.entry["segmenter"] = "book-toc" if toc >= 5 else "headings"
    d.reasons["segmenter"] = (f"a table of contents with page numbers ({toc} games) and printed page numbers"
                              if toc >= 5 else "no table of contents with page numbers: games are cut at their titles")
    symbols, codes = len(_SUIT_RE.findall(text)), len(_LETTER_CODE_RE.findall(text))
    word_cards = len(find_word_cards(text, lang))
    rows = len(find_rank_rows(text, lang))
    latin = len(_LATIN_NEAR_RE.findall(text))
    if symbols >= 2:
        notation, nwhy = "symbol", f"{symbols} suit symbols (♠♣♥♦)"
    elif codes >= 5:
        notation, nwhy = "letter", f"{codes} suit-letter codes (ПА, Ч10, ТВ)"
    else:
        notation, nwhy = "words", "no card shorthand: cards are named in words"
    d.entry["notation"] = notation
    used = [n for n, c in (("symbol", symbols), ("letter", codes if codes >= 5 else 0), ("words", word_cards),
                           ("latin", latin), ("rank-rows", rows)) if c]
    d.entry["notations"] = used
    d.reasons["notation"] = f"{nwhy}; also found: " + (", ".join(
        f"{n} ({c})" for n, c in (("cards in words", word_cards), ("Latin ranks", latin), ("rank rows", rows)) if c)
        or "nothing else")
    if symbols and re.search(r"[♠♣♥♦♤♧♡♢] ?T(?![\w])|(?<![\w])T[♠♣♥♦♤♧♡♢]", text):
        d.entry["latin_t"], d.reasons["latin_t"] = latin_t_usage(text)
    labels = Counter(lab.kind for t in lines if (lab := hd.section_label(t.strip(), lang)) and lab.rest is None)
    repeats = sum(c > 1 for c in labels.values())
    d.entry["kind"] = "book" if toc >= 5 else "manual" if repeats >= 2 else "article"
    d.reasons["kind"] = ("a table of contents" if toc >= 5 else
                         f"section labels repeat from game to game ({', '.join(sorted(k for k, c in labels.items() if c > 1))})"
                         if repeats >= 2 else "running text with titles")
    from .extract.furniture import furniture

    # a site's menu, breadcrumbs or page furniture names no text (a masthead without menu separators may)
    chrome = {n for n, fam in furniture([t.strip() for t in lines[:60]], lang).items()
              if fam != "masthead" or re.search(r"\s[|›>·•]\s", lines[n - 1])}
    numbered = [(n, t.strip()) for n, t in enumerate(lines[:60], 1) if t.strip() and n not in chrome]
    top = [t for _n, t in numbered]
    first = top[0] if top else ""
    if first and len(first) <= 80 and (":" in first or hd.title_shape(hd.marks(first).rest, lang, layout=True)):
        n = numbered[0][0]
        title, twhy = hd.marks(first).rest.strip(" ."), "its first line" if n == 1 else f"its first line of text (line {n})"
    else:
        title = next((hd.marks(t).rest.strip(" .") for t in top[:40]
                      if hd.title_shape(hd.marks(t).rest, lang, layout=True)), None)
        twhy = "its first title line"
    d.entry["title"] = title or path.name
    d.reasons["title"] = twhy if title else "the file name (no title line at the top)"
    return d


@dataclass
class Added:
    """One text handled by :func:`add_texts`: its manifest ``entry``, the ``reasons`` for the
    detected fields (a field given by the caller says so), and ``status``: ``added``, ``replaced``
    or ``already`` (the same text is in the corpus: ``entry`` is the existing one)."""

    path: Path
    entry: dict
    reasons: dict[str, str]
    status: str
    like: tuple[str, str, float] | None = None
    """For a text added as new with ``as_new``: ``(id, file, share)`` of the corpus source that holds
    most of its lines (``share`` ≥ :data:`EDITED_COPY` of the new text's non-blank lines)."""


EDITED_COPY = 0.8
"""The share of a new text's non-blank lines found in one source that makes it look like an edited
copy of that source."""

EDITED_SAME_NAME = 0.5
"""The same share for a source whose file has the new text's name: a short text under its own name, edited."""


def _lines_of(data: bytes) -> set[str]:
    return {ln.strip() for ln in data.decode("utf-8", "replace").splitlines() if ln.strip()}


def most_like(data: bytes, sources: dict[str, tuple[str, set[str]]], name: str | None = None
              ) -> tuple[str, str, float] | None:
    """``(id, file, share)`` of the source in ``sources`` (id → (file, its non-blank lines)) that holds
    the largest share of the non-blank lines of ``data``, when that share is at least
    :data:`EDITED_COPY`, or :data:`EDITED_SAME_NAME` for a source whose file has the same ``name`` after its
    «NNN_» (a short text edited in one sentence of four keeps 75 % of its lines); else ``None``."""
    mine = _lines_of(data)
    if not mine:
        return None

    def least(f: str) -> float:
        return EDITED_SAME_NAME if name is not None and f.split("_", 1)[-1] == name else EDITED_COPY

    like = [(sid, f, len(mine & ls) / len(mine)) for sid, (f, ls) in sources.items()]
    best = max((x for x in like if x[2] >= least(x[1])), key=lambda x: x[2], default=None)
    return best


def _bundled() -> Path:
    return Path(__file__).resolve().parent.parent / "corpus"


def _load_manifest(corpus: Path, empty: bool) -> tuple[list[dict], list[Path]]:
    """The entries of the corpus's manifest and the files to copy in with them: for a new (missing or
    empty) folder the bundled texts (none with ``empty``); nothing is made here (:func:`_commit`)."""
    manifest = corpus / MANIFEST
    if manifest.is_file():
        try:
            data = json.loads(read_text(manifest))
        except json.JSONDecodeError as e:
            raise AddError(f"{manifest}: malformed manifest (not JSON: {e}); correct it, or give another --corpus") from None
        except CorpusError as e:
            raise AddError(str(e)) from None
        try:
            return list(check_manifest(data, manifest)), []
        except CorpusError as e:
            raise AddError(str(e)) from None
    if corpus.exists() and any(corpus.iterdir()):
        raise AddError(f"{corpus}: folder exists without {MANIFEST}; give an empty or new folder")
    if empty or not (_bundled() / MANIFEST).is_file():
        return [], []
    entries = json.loads((_bundled() / MANIFEST).read_text("utf-8"))["sources"]
    return entries, [_bundled() / e["file"] for e in entries]


WORK_PREFIX = ".adding-"
"""The name a new corpus folder is built under (``.adding-<name>-<pid>-…`` beside it) before it is
renamed into place: an interrupted ``add`` leaves no half-made corpus."""


def _stale_work(parent: Path, name: str) -> None:
    """Remove the work folders of earlier ``add`` runs into ``parent/name`` whose process is gone
    (killed with kill -9: the only way one is left)."""
    for d in parent.glob(f"{WORK_PREFIX}{name}-*"):
        try:
            pid = int(d.name[len(WORK_PREFIX) + len(name) + 1:].split("-", 1)[0])
            os.kill(pid, 0)
        except ProcessLookupError:
            shutil.rmtree(d, ignore_errors=True)
        except (ValueError, PermissionError, OSError):
            continue


def _commit(corpus: Path, entries: list[dict], bundled: list[Path],
            writes: list[tuple[Path, bytes, str | None]]) -> None:
    """Write the texts and the manifest so that an interruption at any moment (Ctrl-C, SIGTERM, a
    full disk) leaves the corpus as it was or complete. A new corpus is built in a work folder
    beside it (:data:`WORK_PREFIX`) and renamed into place at the end; in an existing one the texts
    go to temporary files renamed just before the manifest, and are removed again when the manifest
    was not written. ``writes``: (target, bytes, a replaced file of another name to remove)."""
    new = not (corpus / MANIFEST).is_file()
    if new:
        corpus.parent.mkdir(parents=True, exist_ok=True)
        _stale_work(corpus.parent, corpus.name)
        # made with os.mkdir, not tempfile.mkdtemp: the corpus keeps the user's umask (mkdtemp is 0700)
        work = corpus.parent / f"{WORK_PREFIX}{corpus.name}-{os.getpid()}-{secrets.token_hex(4)}"
        work.mkdir()
        try:
            for f in bundled:
                shutil.copyfile(f, work / f.name)
            for target, data, _stale in writes:
                (work / target.name).write_bytes(data)
            _write_manifest(work, entries)
            if corpus.is_dir():
                corpus.rmdir()  # an empty folder given as the corpus (checked empty before)
            os.rename(work, corpus)
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        return
    temps: list[tuple[Path, Path]] = []
    made: list[Path] = []
    done = False
    try:
        for target, data, _stale in writes:
            tmp = temp_path(target)
            temps.append((tmp, target))
            with os.fdopen(_create(tmp), "wb") as fh:
                fh.write(data)
        for tmp, target in temps:
            existed = target.exists()
            os.replace(tmp, target)
            if not existed:
                made.append(target)
        _write_manifest(corpus, entries)
        done = True
    finally:
        if not done:
            for tmp, _t in temps:
                tmp.unlink(missing_ok=True)
            for target in made:  # not listed: the manifest is the old one
                target.unlink(missing_ok=True)
    for _target, _data, stale in writes:
        if stale and (corpus / stale).is_file():
            (corpus / stale).unlink()


def _next_id(entries: list[dict]) -> str:
    nums = [int(e["id"]) for e in entries if e["id"].isdigit()]
    return f"{(max(nums) + 1) if nums else 0:03d}"


def _safe_name(path: Path) -> str:
    stem = re.sub(r"[^\w.-]+", "_", path.stem).strip("._") or "text"
    return f"{stem[:40]}.txt"


def _create(path: Path) -> int:
    """A new file's descriptor, opened for writing with the mode the user's umask gives (0644 under
    0022), as :func:`open` would: not :func:`tempfile.mkstemp`'s 0600, which the renamed corpus file kept.
    Raises ``FileExistsError`` when ``path`` exists."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)


def _write_manifest(corpus: Path, entries: list[dict]) -> None:
    check_manifest({"sources": entries}, corpus / MANIFEST)
    tmp = temp_path(corpus / MANIFEST)
    try:
        with os.fdopen(_create(tmp), "w", encoding="utf-8") as fh:
            json.dump({"sources": entries}, fh, ensure_ascii=False, indent=2)
            fh.write("\n")
        os.replace(tmp, corpus / MANIFEST)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def add_texts(files: list[Path | str], corpus_dir: Path | str | None = None, *, replace: bool = False,
              empty: bool = False, encoding: str | None = None, as_new: bool = False, **given: str) -> list[Added]:
    """Add ``files`` to the corpus at ``corpus_dir`` (default ``./corpus``); returns what was done
    for each, in order. ``given`` fields (:data:`OVERRIDABLE`) replace what :func:`detect` decides
    (``id`` only with one file). ``encoding`` reads a file that is not UTF-8 («cp1251») and stores
    it as UTF-8 (refused when the file is UTF-8 or the text comes out as mojibake); an HTML page
    is stored as its text, line for line (:func:`pasyans.intake.html_text`). Raises
    :class:`AddError` before anything is written when a file is unusable, a field value is not allowed, or an id is taken (unless ``replace``), or ``replace`` names no
    source (it would add the text again under a new id), or a text looks like an edited copy of a
    source (:func:`most_like`; ``as_new`` adds it as a source of its own, another edition)."""
    corpus = Path(corpus_dir) if corpus_dir is not None else Path.cwd() / "corpus"
    if corpus.exists() and not corpus.is_dir():
        raise AddError(f"{corpus}: is a file, not a corpus folder; give --corpus a folder, new or with manifest.json")
    unknown = set(given) - set(OVERRIDABLE)
    if unknown:
        raise AddError(f"cannot set {', '.join(sorted(unknown))}; give one of the fields {', '.join(OVERRIDABLE)}")
    given = {k: v for k, v in given.items() if v is not None}
    for k, v in given.items():
        problem = field_problem(k, v) or ("is empty; give a value" if isinstance(v, str) and not v.strip() else None)
        if problem:
            raise AddOptionError(f"--{k.replace('_', '-')}: {problem}")
    if encoding is not None:
        try:
            decode(b"", encoding)  # an encoding Python does not know, before anything is made
        except IntakeError as e:
            raise AddOptionError(f"--encoding: {e}") from None
    if "id" in given and len(files) != 1:
        raise AddError("--id names one text; give one file")
    prepared = []
    for f in files:
        path = Path(f)
        if path.is_dir():
            raise AddError(f"{path}: is a folder; give the text files in it")
        if not path.is_file():
            raise AddError(f"{path}: file not found; check the path")
        data = path.read_bytes()
        notes: dict[str, str] = {}
        try:
            if encoding:
                data = decode(data, encoding)
                notes["encoding"] = f"read as {encoding}, stored as UTF-8"
        except IntakeError as e:
            raise AddError(f"{path}: {e}") from None
        fd, tmp = tempfile.mkstemp(suffix=".txt")
        os.close(fd)
        try:
            Path(tmp).write_bytes(data)
            try:
                text = read_text(Path(tmp))
            except CorpusError as e:
                msg = str(e).replace(tmp, str(path), 1)  # the user's file, its line kept
                if "UTF-8" in msg:  # what to do, for this command
                    msg = msg.rsplit("; ", 1)[0] + "; " + encoding_hint(data)  # the code page it reads in, named
                raise AddError(msg) from None
            if (why := other_format(text)) is not None:
                raise AddError(f"{path}: {why}")
            if cr_only(data.decode("utf-8", "replace")):  # stored with LF: line numbers as any tool counts them
                data = data.replace(b"\r", b"\n")
                notes["line ends"] = (f"CR only (an old Mac file): stored with LF line ends, so its {text.count(chr(10)) + 1} "
                                      "lines are numbered as an editor shows them")
            try:
                if is_html(text, path.suffix):
                    text = html_text(text, path.suffix)
                    data = text.encode("utf-8")
                    notes["html"] = "an HTML page: stored as its text, tags removed, each line where the page has it"
            except IntakeError as e:
                raise AddError(f"{path}: {e}") from None
            det = detect(path, text)
            if (mixed := said(text)) is not None:
                notes["look-alikes"] = mixed
        finally:
            os.unlink(tmp)
        prepared.append((path, data, det, notes))
    entries, bundled = _load_manifest(corpus, empty)
    by_sha, lines_of = {}, {}
    for e in entries:
        p = corpus / e["file"]
        if p.is_file():
            raw = p.read_bytes()
            by_sha[hashlib.sha256(raw).hexdigest()] = e
            lines_of[e["id"]] = (e["file"], _lines_of(raw))
    out: list[Added] = []
    writes: list[tuple[Path, bytes, str | None]] = []  # (target, data, old file to remove)
    for path, data, det, notes in prepared:
        digest = hashlib.sha256(data).hexdigest()
        if digest in by_sha and "id" not in given:
            out.append(Added(path, by_sha[digest], {"file": f"the same text is already source {by_sha[digest]['id']}"},
                             "already"))
            continue
        entry = dict(det.entry)
        reasons = dict(det.reasons)
        for k, v in given.items():
            entry[k] = v
            reasons[k] = "given"
        if "languages" in entry and "language" in given:
            entry["languages"] = [x for x in entry["languages"] if x["language"] != given["language"]]
        origin = f"copied from {path.resolve()}"
        same_origin = next((e for e in entries if e.get("decided", {}).get("file") == origin), None)
        sid = entry.pop("id", None) or _next_id(entries)
        old = next((e for e in entries if e["id"] == sid), None)
        if old is not None and not replace:
            raise AddError(f"{path}: id {sid!r} is already source {old['file']}; give another --id or --replace")
        if old is None and replace:  # --replace of nothing would add the text a second time
            have = ", ".join(e["id"] for e in entries) or "none"
            raise AddError(f"{path}: --replace: there is no source {sid!r} to replace (sources: {have}); "
                           "give the id of the source to replace, or leave out --replace to add a new one")
        if same_origin is not None and same_origin["id"] != sid and not as_new:
            told = ("this text, the same bytes, is already source" if by_sha.get(digest) is same_origin
                    else "an earlier version was added as source")
            other = (f", or give --as-new as well to replace source {sid} with it all the same" if replace
                     else f", or --as-new to add it again as {sid}" if "id" in given else "")
            raise AddError(f"{path}: {told} {same_origin['id']} ({same_origin['file']}); "
                           f"give --id {same_origin['id']} --replace to update it" + other)
        twin = by_sha.get(digest)
        if twin is not None and twin["id"] != sid and not as_new:  # the same bytes under another --id
            raise AddError(f"{path}: the same text is already source {twin['id']} ({twin['file']}); "
                           f"give --as-new to add it again as source {sid}")
        name = f"{sid}_{_safe_name(path)}"
        target = corpus / name
        if target.exists() and (old is None or old["file"] != name) and not replace:
            raise AddError(f"{target}: a file of that name is in the corpus and not listed as {sid}; "
                           "remove it or give --replace")
        full = {"id": sid, "file": name, **entry, "sha256": digest,
                "decided": {"file": origin, **notes, **{k: v for k, v in reasons.items() if k in entry}}}
        try:
            check_manifest({"sources": [full]}, corpus / MANIFEST)
        except CorpusError as e:
            raise AddError(f"{path}: {str(e).split(': ', 2)[-1]}") from None
        writes.append((target, data, old["file"] if old is not None and old["file"] != name else None))
        entries = [e for e in entries if e["id"] != sid] + [full]
        by_sha[digest] = full
        like = (most_like(data, {k: v for k, v in lines_of.items() if k != sid}, _safe_name(path))
                if old is None and "id" not in given else None)  # a new --id given is the caller's choice
        if like is not None and not as_new:
            raise AddError(f"{path}: {like[2]:.0%} of its lines are in source {like[0]} ({like[1]}): an edited copy? "
                           f"give --id {like[0]} --replace to update that source, or --as-new to add it as another")
        out.append(Added(path, full, reasons, "replaced" if old is not None else "added", like))
        lines_of[sid] = (name, _lines_of(data))
    if writes or (bundled and not (corpus / MANIFEST).is_file()):
        try:
            _commit(corpus, entries, bundled, writes)
        except OSError as e:  # its temporary files are gone by now: name the corpus, not one of them
            raise WriteError(f"{describe_os_error(e, corpus, name_path=True)}; nothing added, the corpus is as it was; "
                             f"{os_remedy(e)}") from None
    return out
