"""Write the knowledge base: pipeline records → SQLite tables, with sqlite-utils.

Tables (every row keeps its source and raw lines; the columns and their row↔record mapping
are :data:`pasyans.kb.schema.TABLES`):

- ``kb_meta``: ``schema_version``, ``tool_version``, ``built_at`` and counts (:mod:`pasyans.kb.schema`).
- ``sources``: one row per corpus file (id, file, language, orthography, kind, title, sha256).
- ``games``: one row per game or rule variant (``variant_of`` → games.id), its raw line spans,
  cleaned text, rule spec (JSON) and the numbered rules it uses.
- ``aliases``: other names the texts state, with the sentence and lines.
- ``names``: every searchable name form of a game (title, printed title, aliases) with its
  folded forms — what ``pasyans find`` reads (see :mod:`pasyans.kb.names`).
- ``examples``: worked examples (text, printed layout), ``moves``: each move with its verdict.
- ``findings``: everything the pipeline could not read or decide, with its lines.

Nothing is lost: a build holds a lock on its target (:func:`build_target`), so two builds of
one file run one after the other; the database is written in one transaction (bulk
``insert_all``) to a temporary file beside the target and renamed over it at the end, so a
failed or killed build never damages an existing knowledge base; the temporary files of killed
builds are removed by the next build.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .. import files
from ..corpus import Source
from ..models import Example, Finding, GameText, Move, Verdict
from . import names as name_index
from .query import import_sqlite_utils
from .schema import META, SCHEMA_VERSION, TABLES, KBError

sqlite_utils = import_sqlite_utils()  # without numpy (0.1–0.2 s of a build's start-up; see there)

FEWER_GAMES = 0.5
"""A build whose game count is below this share of the knowledge base it replaces needs ``force``."""

SPACE_PER_CORPUS_BYTE = 16
"""Bytes of knowledge base per byte of corpus text, about (the bundled corpus: 12.4), for the space check."""


def _span(lines: tuple[int, int] | None) -> tuple[int | None, int | None]:
    return (lines[0], lines[1]) if lines else (None, None)


# -- records: pipeline models → table records (encoded to rows by schema.TABLES) -----------------

def source_record(s: Source) -> dict:
    """The ``sources`` record of a corpus file."""
    return {"id": s.id, "file": s.file, "language": s.language, "orthography": s.orthography,
            "kind": s.kind, "title": s.title, "sha256": s.sha256, "lines": len(s.lines),
            "notation": s.notation}


def game_record(g: GameText) -> dict:
    """The ``games`` record of a game or rule variant."""
    return {"id": g.key, "source": g.source, "name": g.name, "printed_name": g.printed_name,
            "variant_of": g.variant_of, "page": g.page, "fragment": bool(g.fragment),
            "first_line": min(a for a, _ in g.lines) if g.lines else None,
            "last_line": max(b for _, b in g.lines) if g.lines else None,
            "lines": [list(s) for s in g.lines], "rules_used": list(g.rules_used),
            "rules": g.rules, "text": g.text}


def example_record(g: GameText, i: int, ex: Example) -> dict:
    """The ``examples`` record of the ``i``-th (1-based) example of ``g``."""
    lf, ll = _span(ex.layout_lines)
    return {"id": f"{g.key}/ex{i}", "game": g.key, "n": i, "first_line": ex.lines[0],
            "last_line": ex.lines[1], "marker": ex.marker, "text": ex.text,
            "layout": [[c.format() if c else None for c in row] for row in ex.layout] if ex.layout else None,
            "layout_first_line": lf, "layout_last_line": ll,
            "mentions": [c.format() for c in ex.mentions]}


def move_record(ex_id: str, game: str, j: int, m: Move, v: Verdict) -> dict:
    """The ``moves`` record of the ``j``-th (1-based) move of example ``ex_id``, with its verdict."""
    return {"id": f"{ex_id}/m{j}", "example": ex_id, "game": game, "n": j, "number": m.number,
            "card": m.card.format() if m.card else None, "cards": [c.format() for c in m.cards],
            "to": m.to, "to_card": m.to_card.format() if m.to_card else None, "raw": m.raw,
            "first_line": m.lines[0], "last_line": m.lines[1], "kind": m.kind, "flags": sorted(m.flags),
            "from_row": m.from_row, "to_row": m.to_row, "notation": m.notation,
            "direction": m.direction, "to_pile": m.to_pile, "from_place": m.from_place,
            "verdict": v.verdict, "reason": v.reason, "rule": v.rule, "checked": list(v.checked),
            "what": v.what, "detail": v.detail()}


def finding_record(f: Finding) -> dict:
    """The ``findings`` record of a finding."""
    first, last = _span(f.lines)
    return {"source": f.source, "game": f.game, "kind": f.kind, "message": f.message,
            "token": f.token, "first_line": first, "last_line": last}


def tool_version() -> str:
    """The pasyans that builds: its package version and a fingerprint of its code and data
    (:func:`code_fingerprint`), as a PEP 440 local version — ``"0.1.0+code.3fa9c2e1d0"``. The version
    alone (0.1.0 for every build, TESTER8) could not tell a knowledge base built by an older reader;
    the fingerprint changes with any change of a reader, a phrasing row or a catalogue."""
    from importlib import metadata

    try:
        version = metadata.version("pasyans")
    except metadata.PackageNotFoundError:
        version = "unknown"
    return f"{version}+code.{code_fingerprint()}"


CODE_PARTS = ("pasyans", "extract", "kb", "engine", "grammar")
"""The folders of a checkout whose files make a build what it is (readers, phrasing rows, catalogues,
engine); installed, they are all inside the one ``pasyans`` package folder, read whole."""


@lru_cache(maxsize=4)
def code_fingerprint(root: Path | None = None) -> str:
    """The first 10 hex digits of the sha256 of every ``.py``, ``.json``, ``.toml``, ``.lark`` and
    ``.tsv`` file under :data:`CODE_PARTS` of ``root`` (default: this checkout or installation — an
    installed package has no ``pasyans`` folder inside and is read whole, its top-level modules
    included; path and bytes, in path order); ``"none"`` when none is found."""
    root = Path(__file__).resolve().parent.parent if root is None else Path(root)
    h = hashlib.sha256()
    parts = CODE_PARTS if (root / "pasyans").is_dir() else (".",)
    files = sorted(p for part in parts if (root / part).is_dir() for p in (root / part).rglob("*")
                   if p.suffix in (".py", ".json", ".toml", ".lark", ".tsv") and "__pycache__" not in p.parts
                   and p.is_file())
    for p in files:
        h.update(str(p.relative_to(root)).encode("utf-8") + b"\0")
        try:
            h.update(p.read_bytes())
        except OSError:
            h.update(b"?")
    return h.hexdigest()[:10] if files else "none"


# -- the target: checks, lock, stale files, space -----------------------------------------------

def _inputs(corpus_dir: Path | str | None) -> list[Path]:
    """The corpus files a build reads: the manifest and every file in its folder."""
    from ..corpus import MANIFEST, default_corpus_dir

    root = Path(corpus_dir) if corpus_dir is not None else default_corpus_dir()
    try:
        return [p for p in root.iterdir() if p.is_file()] if (root / MANIFEST).is_file() else []
    except OSError:
        return []


def check_target(db_path: Path | str, corpus_dir: Path | str | None = None, force: bool = False) -> None:
    """Raise :class:`KBError` unless ``db_path`` can take a new knowledge base: it must not be a
    folder, a file of the corpus the build reads or a text of any corpus folder (not even with
    ``force``), nor — unless
    ``force`` — a read-only file or an existing file that is not a pasyans knowledge base (one
    whose header is damaged, or another file); its folder must exist (it is never created). Called
    before the build runs."""
    from .query import is_knowledge_base

    p = Path(db_path)
    if p.is_dir():
        raise KBError(f"{p}: is a folder; give a file name for the knowledge base")
    never = files.never_written(p)
    if never == "special":
        raise KBError(f"{p}: is not a regular file (a device or a pipe); give a file name for the knowledge base")
    for src in _inputs(corpus_dir):
        if files.same_file(p, src):
            raise KBError(f"{p}: is a file of the corpus this build reads; give another --db")
    if never == "corpus":
        raise KBError(f"{p}: is a file of a corpus folder (it has manifest.json); never replaced, "
                      f"not even with --force; give another --db")
    if p.exists() and not force and not is_knowledge_base(p):
        raise KBError(f"{p}: exists and is not a pasyans knowledge base; not overwriting it; "
                      f"give another --db, or --force to replace it")
    if p.exists() and not force and not p.stat().st_mode & 0o222:
        raise KBError(f"{p}: is read-only; not replacing it; make it writable, give another --db, or --force")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():  # a typo in --db must not make folders (as `export --out` does not)
        what = "not a folder" if folder.exists() else "no such folder"
        raise KBError(f"{folder}: {what}; create it first, or give another --db")


def _corpus_bytes(corpus_dir: Path | str | None) -> int:
    total = 0
    for f in _inputs(corpus_dir):
        try:
            total += f.stat().st_size
        except OSError:
            pass
    return total


@contextlib.contextmanager
def build_target(db_path: Path | str, corpus_dir: Path | str | None = None, *, wait: bool = True,
                 say: Callable[[str], None] | None = None, force: bool = False) -> Iterator[Path]:
    """Hold ``db_path`` for one build: checks it (:func:`check_target`), takes its lock
    (:class:`pasyans.files.Lock`; another build of the same file waits, saying so), removes the
    temporary files killed builds left, and checks the folder has room for the knowledge base —
    all before the pipeline runs. Raises :class:`KBError` (one line) when the build cannot go on."""
    p = Path(db_path)
    check_target(p, corpus_dir, force)
    try:
        with files.Lock(p, wait=wait, say=say):
            stale = files.remove_stale(p)
            if stale and say:
                say(f"removed {stale} temporary file(s) an interrupted build of {p} left")
            check_target(p, corpus_dir, force)  # again: another build may have written it meanwhile
            need = SPACE_PER_CORPUS_BYTE * _corpus_bytes(corpus_dir) + 4_000_000
            files.check_free_space(p.parent, need, "the knowledge base")
            yield p
    except files.WriteError as e:
        raise KBError(str(e)) from None
    except OSError as e:
        raise KBError(f"{files.describe_os_error(e, p)}; {files.os_remedy(e)}") from None


def _game_count(db_path: Path) -> int | None:
    """Games in the existing knowledge base at ``db_path`` (``None``: none there, or unreadable)."""
    from .query import is_knowledge_base

    if not db_path.is_file() or not is_knowledge_base(db_path):
        return None
    try:
        conn = sqlite3.connect(db_path.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            return conn.execute("SELECT count(*) FROM games").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return None


def check_shrink(db_path: Path | str, games: list[GameText], force: bool = False) -> None:
    """Raise :class:`KBError` when the build found far fewer games (below :data:`FEWER_GAMES`)
    than the knowledge base at ``db_path`` it would replace, unless ``force``."""
    old = _game_count(Path(db_path))
    if force or not old or len(games) >= FEWER_GAMES * old:
        return
    raise KBError(f"{db_path}: this build found {len(games)} games, the knowledge base it would replace "
                  f"has {old} (kept the old one); check the corpus, or give --force to replace it")


def write_kb(db_path: Path | str, sources: list[Source], games: list[GameText],
             findings: Iterable[Finding] = (), *, game_texts: dict | None = None,
             terms: Iterable | None = None, force: bool = False, passages: Iterable | None = None,
             prepared: PreparedRows | None = None, changed: Iterable[str] = ()) -> Path:
    """Write a fresh knowledge base at ``db_path`` from the pipeline's records; return the path.

    ``game_texts`` (game key → :class:`~pasyans.extract.text.MappedText` of its cleaned text)
    and ``terms`` (glossary :class:`~pasyans.extract.book.Term` records) fill the ``text_map``
    and ``terms`` tables (:mod:`pasyans.kb.source_view`). ``passages``: the games' full-text
    passages (:class:`~pasyans.kb.search.Passage`) when the caller computed them already
    (:func:`pasyans.pipeline.read_passages`); else they are computed here. ``prepared``: the
    games' and sources' rows made already, as each source was read (:class:`PreparedRows`;
    ``passages`` is then not read); ``changed``: keys of games whose rules changed since.

    Refuses (:class:`KBError`) to replace a knowledge base with one of far fewer games unless
    ``force`` (:func:`check_shrink`). The file is built in one transaction as
    ``<db_path>.tmp-…`` in the same folder and atomically renamed (``os.replace``) when
    complete; on any error the temporary file is removed and the existing ``db_path`` is left
    untouched. A full disk or an unwritable folder raises :class:`KBError`; anything else the
    writing raised is raised as it was.
    """
    db_path = Path(db_path)
    check_shrink(db_path, games, force)
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise KBError(f"{files.describe_os_error(e, db_path.parent)}; {files.os_remedy(e)}") from None
    tmp = files.temp_path(db_path)
    try:
        with files.removing_on_failure([tmp]):
            db = sqlite_utils.Database(tmp, execute_plugins=False)  # no entry-point scan: no plugin's SQL is used
            try:
                with db.atomic():
                    _write(db, sources, games, list(findings), game_texts, terms, passages, prepared,
                           frozenset(changed))
                    _write_meta(db)
            finally:
                db.close()
            os.replace(tmp, db_path)
    except sqlite3.OperationalError as e:
        if "full" in str(e) or "disk I/O" in str(e) or "readonly" in str(e):
            raise KBError(f"{db_path.parent}: {e} while writing the knowledge base ({db_path} is unchanged); "
                          f"free some space, or give another --db") from None
        raise
    except OSError as e:
        raise KBError(files.describe_os_error(e, db_path, name_path=True) + f" ({db_path} is unchanged); "
                      f"{files.os_remedy(e)}") from None
    files.fsync_folder(db_path.parent)
    return db_path


def _write_meta(db: sqlite_utils.Database) -> None:
    counts = {t: db[t].count for t in ("sources", "games", "examples", "moves", "findings")}
    TABLES[META].create(db)
    TABLES[META].insert_all(db, [
        {"key": "schema_version", "value": str(SCHEMA_VERSION)},
        {"key": "tool_version", "value": tool_version()},
        {"key": "built_at", "value": datetime.now(timezone.utc).isoformat(timespec="seconds")},
        *({"key": t, "value": str(n)} for t, n in counts.items()),
    ])


class PreparedRows:
    """The stored rows of the tables that hold one game's records (``games``, ``aliases``,
    ``sections``, ``names``, ``examples``, ``moves``, ``text_map`` with its findings,
    ``passages``) and of each source's ``source_lines``, made by :meth:`add` as each source is
    read (the pipeline calls it while other sources are still being read) and written by
    :func:`write_kb` in the order of its ``games`` and ``sources`` — the rows, and their order,
    it would make itself. Rows are :meth:`pasyans.kb.schema.Table.prepare` lists.

    ``games`` and ``moves`` hold a game's rule spec and verdicts: for a game whose rules changed
    after :meth:`add` (rules by reference across sources), :meth:`take` makes them again.
    """

    PER_GAME = ("games", "aliases", "sections", "names", "examples", "moves", "text_map", "text_map_findings",
                "passages")

    def __init__(self) -> None:
        self.rows: dict[str, dict[str, list]] = {t: {} for t in self.PER_GAME}
        self.source_lines: dict[str, list] = {}
        self.form_keys: dict[str, tuple] = {}
        """The names' ``forms`` values → :func:`pasyans.kb.names.form_keys`, worked out by :meth:`add`."""

    def merge(self, other: "PreparedRows") -> None:
        """Take the rows ``other`` made (in a worker process: other sources, other games) into these;
        the names' form keys it worked out join this process's cache."""
        for table, by_game in other.rows.items():
            self.rows[table].update(by_game)
        self.source_lines.update(other.source_lines)
        self.form_keys.update(other.form_keys)
        name_index.remember_form_keys(other.form_keys)

    def add(self, sources: Iterable[Source], games: Iterable[GameText], game_texts: dict | None,
            passages: Iterable | None, source_language: dict[str, str]) -> None:
        """Make the rows of ``games`` (their full-text ``passages``, computed when ``None``) and of
        ``sources``; ``source_language``: source id → language (for the names' forms)."""
        from . import search, source_view

        games = list(games)
        for src in sources:
            self.source_lines[src.id] = TABLES["source_lines"].prepare(source_view.source_line_records([src]))
        if passages is None:
            passages = search.passages(games, list(sources), game_texts)
        by_game: dict[str, list] = {}
        for p in passages:
            by_game.setdefault(p.game, []).append(p)
        for g in games:
            put = self._putter(g.key)
            put("games", [game_record(g)])
            put("aliases", _alias_records([g]))
            put("sections", _section_records([g]))
            names = list(name_index.rows_for([g], source_language))
            for rec in names:
                # worked out now, while other sources are read
                self.form_keys[rec["forms"]] = name_index.form_keys(rec["forms"])
            put("names", names)
            put("examples", (rec for rec, _ in _example_records(g)))
            put("moves", _move_records(g))
            text_map, problems = source_view.text_map_records([g], game_texts or {})
            put("text_map", text_map)
            self.rows["text_map_findings"][g.key] = problems
            put("passages", search.passage_records(by_game.get(g.key, [])))

    def _putter(self, key: str):
        def put(table: str, records: Iterable[dict]) -> None:
            self.rows[table][key] = TABLES[table].prepare(records)
        return put

    def take(self, table: str, games: Iterable[GameText], changed: frozenset[str] = frozenset()) -> list:
        """The rows of ``table`` for ``games``, in order (``text_map_findings``: finding records);
        ``games`` and ``moves`` made again for the games in ``changed``. Raises ``KeyError`` for a
        game not added."""
        out: list = []
        for g in games:
            if table in ("games", "moves") and g.key in changed:
                records = [game_record(g)] if table == "games" else _move_records(g)
                out.extend(TABLES[table].prepare(records))
            else:
                out.extend(self.rows[table][g.key])
        return out

    def lines(self, sources: Iterable[Source]) -> list:
        """The ``source_lines`` rows of ``sources``, in order."""
        return [row for s in sources for row in self.source_lines[s.id]]


def _alias_records(games: Iterable[GameText]) -> Iterator[dict]:
    return ({"game": g.key, "name": a.name, "language": a.language, "kind": a.kind,
             "first_line": a.lines[0], "last_line": a.lines[1], "sentence": a.sentence}
            for g in games for a in g.aliases)


def _section_records(games: Iterable[GameText]) -> Iterator[dict]:
    return ({"game": g.key, "kind": s.kind, "title": s.title, "first_line": s.lines[0], "last_line": s.lines[1]}
            for g in games for s in g.sections)


def _example_records(g: GameText) -> list[tuple[dict, Example]]:
    return [(example_record(g, i, ex), ex) for i, ex in enumerate(g.examples, 1)]


def _move_records(g: GameText) -> list[dict]:
    """The ``moves`` records of every example of ``g``. Raises ``ValueError`` for an example
    whose verdicts do not match its moves one to one."""
    out = []
    for rec, ex in _example_records(g):
        if len(ex.verdicts) != len(ex.moves):
            raise ValueError(f"{rec['id']}: {len(ex.moves)} moves but {len(ex.verdicts)} verdicts")
        out.extend(move_record(rec["id"], g.key, j, m, v) for j, (m, v) in enumerate(zip(ex.moves, ex.verdicts), 1))
    return out


def _write(db: sqlite_utils.Database, sources: list[Source], games: list[GameText],
           findings: list[Finding], game_texts: dict | None = None, terms: Iterable | None = None,
           passages: Iterable | None = None, prepared: PreparedRows | None = None,
           changed: frozenset[str] = frozenset()) -> None:
    for table in ("sources", "games", "aliases", "sections", "names", "examples", "moves", "findings"):
        TABLES[table].create(db)
    TABLES["sources"].insert_all(db, (source_record(s) for s in sources))
    if prepared is None:
        prepared = PreparedRows()
        prepared.add(sources, games, game_texts, passages, {s.id: s.language for s in sources})
    TABLES["games"].insert_prepared(db, prepared.take("games", games, changed))
    TABLES["aliases"].insert_prepared(db, prepared.take("aliases", games))
    TABLES["sections"].insert_prepared(db, prepared.take("sections", games))
    TABLES["names"].insert_prepared(db, prepared.take("names", games))
    db["names"].create_index(["folded"])
    TABLES["examples"].insert_prepared(db, prepared.take("examples", games))
    TABLES["moves"].insert_prepared(db, prepared.take("moves", games, changed))
    for g in games:
        for ex in g.examples:
            findings.extend(ex.findings)
        findings.extend(g.findings)
    TABLES["findings"].insert_all(db, (finding_record(f) for f in findings))
    db["games"].enable_fts(["name", "printed_name", "text"], tokenize="unicode61")
    # Names across texts and catalogues (kb/crosswalk.py), links between games (kb/links.py),
    # the name lookup table (kb/names.py) and the lemma full-text index (kb/search.py).
    from . import crosswalk, links, search as text_search

    crosswalk_rows = crosswalk.write(db, sources, games)
    from . import witness

    witness.write(db, games, crosswalk_rows)  # catalogue_facts: PySolFC and Solvitaire beside the book
    links.write(db, sources, games, crosswalk_rows)
    for t in ("game_facts", "links"):  # written only when there are rows: every file has every table
        if not db[t].exists():
            TABLES[t].create(db)
    name_index.write_forms(db)
    text_search.create(db, (), prepared=prepared.take("passages", games))
    from . import source_view

    source_view.write(db, games, game_texts, terms, sources=sources,  # text_map, terms, source_lines
                      prepared={"text_map": (prepared.take("text_map", games), prepared.take("text_map_findings", games)),
                                "source_lines": prepared.lines(sources)})
