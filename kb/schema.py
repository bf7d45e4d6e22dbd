"""The knowledge base's tables and schema version: one row↔record mapping per table.

A *record* is what the library reads and writes (a dict whose JSON columns hold Python values:
``games.lines`` a list of ``[first, last]`` spans, ``games.rules`` the rule spec dict); a *row*
is what SQLite stores (JSON columns as text). :class:`Table` converts one to the other —
``encode`` for :mod:`pasyans.kb.store` (writing), ``decode`` for :mod:`pasyans.kb.query`
(reading) — so no other module calls ``json.loads`` on a column.

The version scheme (see ``kb_meta``):

- every knowledge base holds ``kb_meta(key, value)`` with ``schema_version`` (an int, this
  module's :data:`SCHEMA_VERSION`), ``tool_version`` (the pasyans that built it), ``built_at``
  (UTC, ISO 8601) and counts; a file without it was built before versions (schema 0);
- adding a table or a column: list it in :data:`TABLES` (the columns readers rely on) — no
  version bump; a file that lacks it is refused with "rebuild";
- renaming or removing a column, or changing what a value means: bump :data:`SCHEMA_VERSION`.

Opening (:func:`pasyans.kb.query.connect`) checks ``PRAGMA quick_check``, the version and every
table and column listed here; :func:`problem` says in one line what is wrong and what to do.
"""

from __future__ import annotations

import itertools
import json
import re
import sqlite3
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping, Sequence

SCHEMA_VERSION = 1
"""The schema this pasyans writes and reads (0: files built before ``kb_meta`` existed)."""

META = "kb_meta"

JSON = object
"""Column type of a JSON value of any shape (``list`` and ``dict`` columns hold JSON too)."""
_JSON_TYPES = (list, dict, JSON)


class KBError(Exception):
    """The knowledge base is missing, damaged, of another version, or a game cannot be
    resolved; the message (one line) names the file and says what to do."""


class DamagedValue(Exception):
    """A value of the knowledge base that cannot be read (a JSON column that does not hold JSON): the
    message says which («moves.detail of 004-004/ex1/m3 holds '{not json'»); the command that reads the
    file puts its name and what to do around it (:func:`pasyans.edge.describe`). No :class:`KBError`, so
    that no caller takes it for a name it does not hold."""


@dataclass(frozen=True)
class Table:
    """One table: ``columns`` (name → Python type as sqlite-utils creates it; ``list``, ``dict``
    and :data:`JSON` columns hold JSON, ``bool`` columns 0/1), its primary key and foreign keys.

    ``required`` (default: every column) are the columns readers rely on; a file without one of
    them is refused on open. ``owner`` names the module that writes the table.
    """

    name: str
    columns: dict[str, type]
    pk: str | tuple[str, ...] | None = None
    foreign_keys: tuple[tuple[str, str, str], ...] = ()
    owner: str = "kb/store.py"
    optional: frozenset[str] = field(default_factory=frozenset)

    @property
    def json_columns(self) -> tuple[str, ...]:
        return tuple(c for c, t in self.columns.items() if t in _JSON_TYPES)

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(c for c in self.columns if c not in self.optional)

    def encode(self, record: Mapping[str, Any]) -> dict:
        """The row for ``record``: JSON columns dumped (``ensure_ascii=False``), bools as 0/1.
        Raises ``KeyError`` for a key that is not a column of the table."""
        row = {}
        for k, v in record.items():
            t = self.columns[k]
            if v is not None and t in _JSON_TYPES:
                v = json.dumps(v, ensure_ascii=False)
            elif v is not None and t is bool:
                v = int(bool(v))
            row[k] = v
        return row

    def decode(self, row: Mapping[str, Any]) -> dict:
        """The record for ``row``: JSON columns loaded, bools as ``True``/``False``; NULL stays
        ``None``. Raises :class:`KBError` when a JSON column does not hold JSON (a damaged file)."""
        rec = dict(row)
        for c, t in self.columns.items():
            v = rec.get(c)
            if v is None:
                continue
            if t in _JSON_TYPES:
                try:
                    rec[c] = json.loads(v)
                except (TypeError, ValueError):
                    key = rec.get(self.pk) if isinstance(self.pk, str) else None
                    raise DamagedValue(f"{self.name}.{c}{f' of {key}' if key is not None else ''} holds "
                                       f"{str(v)[:40]!r}, not JSON") from None
            elif t is bool:
                rec[c] = bool(v)
        return rec

    def create(self, db, if_not_exists: bool = False) -> None:
        """Create the table in the sqlite-utils ``Database`` ``db`` (its columns, key and foreign keys)."""
        db[self.name].create({c: (str if t is JSON else t) for c, t in self.columns.items()}, pk=self.pk,
                             foreign_keys=list(self.foreign_keys) or None, if_not_exists=if_not_exists)

    def prepare(self, records: Iterable[Mapping[str, Any]]) -> list[list]:
        """The stored rows of ``records``: one list of values per record, in the order of
        :attr:`columns` (an absent key ``None``), converted as :meth:`encode` and then sqlite-utils
        convert them — what :meth:`insert_prepared` writes. Raises ``KeyError`` for a key that is
        not a column of the table."""
        names = tuple(self.columns)
        known = frozenset(names)
        pairs = [(c, _converter(self.columns[c])) for c in names]
        out = []
        for r in records:
            if not known.issuperset(r.keys()):
                self.encode(r)  # names the key that is no column: KeyError
            out.append([f(r.get(c)) for c, f in pairs])
        return out

    def insert_prepared(self, db, rows: Iterable[Sequence], batch_size: int = 1000) -> None:
        """Insert rows of :meth:`prepare` into this (existing) table of the sqlite-utils
        ``Database`` ``db`` by ``executemany``, in order, ``batch_size`` rows a statement, each
        chunk in a transaction (a savepoint inside an open one) as sqlite-utils writes them."""
        sql = (f"INSERT INTO [{self.name}] ({', '.join(f'[{c}]' for c in self.columns)}) "
               f"VALUES ({', '.join('?' for _ in self.columns)})")
        chunk: list[list] = []
        for row in rows:
            chunk.append(row)
            if len(chunk) >= batch_size:
                with db.atomic():
                    db.conn.executemany(sql, chunk)
                chunk = []
        if chunk:
            with db.atomic():
                db.conn.executemany(sql, chunk)

    def insert_all(self, db, records: Iterable[Mapping[str, Any]], **kw) -> None:
        """Insert ``records`` (encoded, see :meth:`encode`) in the sqlite-utils ``Database`` ``db``.

        Into an existing table that has every column listed here, with plain inserts (no
        keyword but ``batch_size``): :meth:`prepare` then :meth:`insert_prepared`, a chunk of
        records at a time — the rows sqlite-utils' ``insert_all`` writes (its value conversion,
        an absent column NULL), in order, at a fraction of its CPU (it builds each chunk's
        statement in Python). Otherwise (a table created from its first rows, an upsert,
        ``replace``, ``ignore``) sqlite-utils' ``insert_all``. Raises ``KeyError`` for a key
        that is not a column of the table.
        """
        table = db[self.name]
        if set(kw) - {"batch_size"} or not table.exists() or not set(self.columns) <= set(table.columns_dict):
            table.insert_all((self.encode(r) for r in records), **kw)
            return
        size = kw.get("batch_size") or 1000
        it = iter(records)
        while chunk := list(itertools.islice(it, size)):
            self.insert_prepared(db, self.prepare(chunk), size)

    def rows(self, db, where: str | None = None, args: Iterable | None = None,
             order_by: str | None = None, select: str = "*") -> Iterator[dict]:
        """Decoded records of the table in the sqlite-utils ``Database`` ``db``."""
        for row in db[self.name].rows_where(where, list(args) if args is not None else None,
                                            order_by=order_by, select=select):
            yield self.decode(row)


def _converter(kind: type | None):
    """The function turning a record's value into the value stored for a column of ``kind``
    (as :meth:`Table.encode` and then sqlite-utils' ``jsonify_if_needed`` would)."""
    from sqlite_utils.db import jsonify_if_needed

    plain = (str, int, float, type(None), bytes)
    if kind in _JSON_TYPES:
        return lambda v: None if v is None else json.dumps(v, ensure_ascii=False)
    if kind is bool:
        return lambda v: None if v is None else int(bool(v))
    return lambda v: v if type(v) in plain else jsonify_if_needed(v)


def _t(name: str, columns: dict[str, type], pk: str | tuple[str, ...] | None = None, fks=(), owner: str = "kb/store.py",
       optional=()) -> Table:
    return Table(name, columns, pk, tuple(fks), owner, frozenset(optional))


_GAME = ("game", "games", "id")

TABLES: dict[str, Table] = {t.name: t for t in (
    _t(META, {"key": str, "value": str}, "key"),
    _t("sources", {"id": str, "file": str, "language": str, "orthography": str, "kind": str, "title": str,
                   "sha256": str, "lines": int, "notation": str}, "id"),
    _t("games", {"id": str, "source": str, "name": str, "printed_name": str, "variant_of": str, "page": int,
                 "fragment": bool, "first_line": int, "last_line": int, "lines": list, "rules_used": list,
                 "rules": dict, "text": str}, "id", [("source", "sources", "id"), ("variant_of", "games", "id")]),
    _t("aliases", {"id": int, "game": str, "name": str, "language": str, "kind": str, "first_line": int,
                   "last_line": int, "sentence": str}, "id", [_GAME]),
    _t("sections", {"id": int, "game": str, "kind": str, "title": str, "first_line": int, "last_line": int},
       "id", [_GAME]),
    _t("names", {"id": int, "game": str, "name": str, "kind": str, "language": str, "folded": str,
                 "forms": str, "source": str}, "id", [_GAME], optional=("source",)),
    _t("examples", {"id": str, "game": str, "n": int, "first_line": int, "last_line": int, "marker": str,
                    "text": str, "layout": list, "layout_first_line": int, "layout_last_line": int,
                    "mentions": list}, "id", [_GAME]),
    _t("moves", {"id": str, "example": str, "game": str, "n": int, "number": int, "card": str, "cards": list,
                 "to": str, "to_card": str, "raw": str, "first_line": int, "last_line": int, "kind": str,
                 "flags": list, "from_row": int, "to_row": int, "notation": str, "verdict": str,
                 "reason": str, "rule": str, "checked": list, "what": str, "detail": dict,
                 "direction": str, "to_pile": str, "from_place": str}, "id",
       [("example", "examples", "id"), _GAME], optional=("direction", "to_pile", "from_place")),
    _t("findings", {"id": int, "source": str, "game": str, "kind": str, "message": str, "token": str,
                    "first_line": int, "last_line": int}, "id", [("source", "sources", "id")]),
    # written by other modules; listed so that readers may rely on them and old files are refused
    _t("name_forms", {"form": str, "name": int, "word": int, "how": str}, None, [("name", "names", "id")],
       owner="kb/names.py"),
    _t("links", {"id": int, "game_a": str, "game_b": str, "relation": str, "names": str, "evidence": list,
                 "summary": str}, "id", [("game_a", "games", "id"), ("game_b", "games", "id")], owner="kb/links.py"),
    _t("game_facts", {"game": str, "field": str, "value": JSON, "source": str, "first_line": int,
                      "last_line": int, "quote": str}, owner="kb/links.py"),
    _t("crosswalk", {"game": str, "name": str, "english": str, "english_evidence": str, "confidence": str,
                     "pysol_id": int, "pysol_name": str, "aisleriot": str, "kpat": str, "conflict": str,
                     "note": str}, "game", [_GAME], owner="kb/crosswalk.py",
       optional=("english_evidence", "confidence", "conflict", "note")),
    _t("catalogue_matches", {"game": str, "corpus_name": str, "corpus_kind": str, "catalogue": str,
                             "language": str, "catalogue_name": str, "english": str, "pysol_id": int, "ref": str,
                             "status": str}, None, [_GAME], owner="kb/crosswalk.py",
       optional=("corpus_kind", "language", "english", "pysol_id", "ref")),
    _t("catalogue_facts", {"game": str, "catalogue": str, "entry": str, "field": str, "catalogue_value": JSON,
                           "said": str, "book_value": JSON, "status": str, "quote": str, "first_line": int,
                           "last_line": int, "ref": str}, None, [_GAME], owner="kb/witness.py"),
    _t("passages", {"id": int, "game": str, "source": str, "section": str, "first_line": int,
                    "last_line": int, "text": str, "lemmas": str, "start": int, "end": int}, "id", [_GAME],
       owner="kb/search.py"),
    _t("text_map", {"id": int, "game": str, "start": int, "end": int, "line": int, "first_col": int,
                    "last_col": int}, "id", [_GAME], owner="kb/source_view.py"),
    _t("source_lines", {"source": str, "line": int, "text": str}, ("source", "line"), [("source", "sources", "id")],
       owner="kb/source_view.py"),
    _t("terms", {"id": int, "term": str, "definition": str, "kind": str, "source": str, "first_line": int,
                 "last_line": int, "printed": str}, "id", owner="kb/source_view.py"),
)}
"""Every table a knowledge base of :data:`SCHEMA_VERSION` has (virtual FTS tables aside)."""

CORE = ("sources", "games", "aliases", "names", "examples", "moves", "findings")
"""Tables that make a file a pasyans knowledge base of any version (older ones included)."""


def rebuild_hint(path) -> str:
    return f"rebuild it with `pasyans build --db {path}`"


def _this_version() -> str:
    """The version of the running pasyans, as a knowledge base it builds records it (``kb_meta``'s
    ``tool_version``, :func:`pasyans.kb.store.tool_version`)."""
    from .store import tool_version

    return tool_version()


def _release(version: str | None) -> tuple[int, ...] | None:
    """The release numbers of a ``tool_version`` («0.9.0+code.3fa9c2e1d0» → (0, 9, 0)); ``None`` for
    none or one that does not start with them («unknown»). The code fingerprint after «+» changes with
    every edit of a reader and is not compared."""
    m = re.match(r"(\d+(?:\.\d+)*)", version or "")
    return tuple(int(x) for x in m.group(1).split(".")) if m else None


def problem(conn: sqlite3.Connection, path) -> str | None:
    """One line saying why the open SQLite file ``path`` cannot be read as a knowledge base of
    this version (and what to do), or ``None`` when it can. Runs ``PRAGMA quick_check`` first.
    Raises ``sqlite3.DatabaseError`` only when SQLite cannot read the file at all."""
    check = [r[0] for r in conn.execute("PRAGMA quick_check(3)")]
    if check != ["ok"]:
        pages = sorted({int(m) for m in re.findall(r"\bPage (\d+)", " ".join(check))})
        where = f", page {', '.join(map(str, pages[:3]))}" if pages else ""
        return (f"{path}: the knowledge base is damaged (SQLite's integrity check fails{where}); "
                f"{rebuild_hint(path)}")
    have: dict[str, set[str]] = {}
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        have[name] = set()
    if META not in have:
        if set(CORE) <= set(have):
            return (f"{path}: a knowledge base from an older pasyans (schema 0; this one reads schema "
                    f"{SCHEMA_VERSION}); {rebuild_hint(path)}")
        return f"{path}: not a pasyans knowledge base; build one with `pasyans build --db FILE`"
    meta = dict(conn.execute(f"SELECT key, value FROM {META}"))
    try:
        version = int(meta.get("schema_version", ""))
    except ValueError:
        return f"{path}: the knowledge base has no readable schema version (damaged?); {rebuild_hint(path)}"
    built = f" (built by pasyans {meta['tool_version']}; this is pasyans {_this_version()})" if meta.get("tool_version") else ""
    if version < SCHEMA_VERSION:
        return (f"{path}: a knowledge base of schema {version}{built}; this pasyans reads schema "
                f"{SCHEMA_VERSION}; {rebuild_hint(path)}")
    if version > SCHEMA_VERSION:
        return (f"{path}: a knowledge base of schema {version}{built}, newer than this pasyans reads "
                f"({SCHEMA_VERSION}); upgrade pasyans, or {rebuild_hint(path)}")
    release = _release(meta.get("tool_version")), _release(_this_version())
    if None not in release and release[0] != release[1]:  # same schema, another release: read as it was not written
        newer = release[0] > release[1]
        return (f"{path}: a knowledge base built by a{' newer' if newer else 'n older'} pasyans "
                f"({meta['tool_version']}; this is pasyans {_this_version()}); "
                + (f"upgrade pasyans, or {rebuild_hint(path)}" if newer else rebuild_hint(path)))
    for t in TABLES.values():
        if t.name not in have:
            return f"{path}: the knowledge base lacks the table {t.name!r}{built}; {rebuild_hint(path)}"
        cols = {r[1] for r in conn.execute(f'PRAGMA table_info("{t.name}")')}
        missing = [c for c in t.required if c not in cols]
        if missing:
            return (f"{path}: the knowledge base lacks the column {t.name}.{missing[0]}{built}; "
                    f"{rebuild_hint(path)}")
    return None
