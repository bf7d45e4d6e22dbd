"""Write the knowledge base: pipeline records → SQLite tables, with sqlite-utils.

Tables (every row keeps its source and raw lines):

- ``sources``: one row per corpus file (id, file, language, orthography, kind, title, sha256).
- ``games``: one row per game or rule variant (``variant_of`` → games.id), its raw line spans,
  cleaned text, rule spec (JSON) and the numbered rules it uses.
- ``aliases``: other names the texts state, with the sentence and lines.
- ``names``: every searchable name form of a game (title, printed title, aliases) with its
  folded forms — what ``pasyans find`` reads (see :mod:`pasyans.kb.names`).
- ``examples``: worked examples (text, printed layout), ``moves``: each move with its verdict.
- ``findings``: everything the pipeline could not read or decide, with its lines.

The database is written to a temporary file beside the target and renamed over it at the
end, so a failed build never damages an existing knowledge base.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Iterable

import sqlite_utils

from ..corpus import Source
from ..models import Finding, GameText
from . import names as name_index


def _span(lines: tuple[int, int] | None) -> tuple[int | None, int | None]:
    return (lines[0], lines[1]) if lines else (None, None)


def _finding_row(f: Finding) -> dict:
    first, last = _span(f.lines)
    return {
        "source": f.source, "game": f.game, "kind": f.kind, "message": f.message,
        "token": f.token, "first_line": first, "last_line": last,
    }


def check_target(db_path: Path | str) -> None:
    """Raise :class:`pasyans.kb.query.KBError` unless ``db_path`` can take a new knowledge base:
    its folder must exist or be creatable, it must not be a folder, and an existing file must be
    a pasyans knowledge base (another file is never overwritten). Called before the build runs."""
    from .query import KBError, is_knowledge_base

    p = Path(db_path)
    if p.is_dir():
        raise KBError(f"{p}: is a folder; give a file name for the knowledge base")
    if p.exists() and not is_knowledge_base(p):
        raise KBError(f"{p}: exists and is not a pasyans knowledge base; not overwriting it")
    if p.parent.exists() and not p.parent.is_dir():
        raise KBError(f"{p.parent}: not a folder")


def write_kb(db_path: Path | str, sources: list[Source], games: list[GameText],
             findings: Iterable[Finding] = (), *, game_texts: dict | None = None,
             terms: Iterable | None = None) -> Path:
    """Write a fresh knowledge base at ``db_path`` from the pipeline's records; return the path.

    ``game_texts`` (game key → :class:`~pasyans.extract.text.MappedText` of its cleaned text)
    and ``terms`` (glossary :class:`~pasyans.extract.book.Term` records) fill the ``text_map``
    and ``terms`` tables (:mod:`pasyans.kb.source_view`).

    The file is built as ``<db_path>.tmp-XXXX`` in the same folder and atomically renamed
    (``os.replace``) when complete; on any error the temporary file is removed and the
    existing ``db_path`` is left untouched. Raises whatever the writing raised.
    """
    db_path = Path(db_path)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=db_path.name + ".tmp-", dir=db_path.parent)
    os.close(fd)
    os.unlink(tmp)
    try:
        db = sqlite_utils.Database(tmp)
        _write(db, sources, games, list(findings), game_texts, terms)
        db.close()
        os.replace(tmp, db_path)
    except BaseException:
        for leftover in (tmp, tmp + "-journal", tmp + "-wal"):
            if os.path.exists(leftover):
                os.unlink(leftover)
        raise
    return db_path


def _write(db: sqlite_utils.Database, sources: list[Source], games: list[GameText],
           findings: list[Finding], game_texts: dict | None = None, terms: Iterable | None = None) -> None:
    db["sources"].insert_all(
        ({"id": s.id, "file": s.file, "language": s.language, "orthography": s.orthography,
          "kind": s.kind, "title": s.title, "sha256": s.sha256, "lines": len(s.lines)}
         for s in sources),
        pk="id",
    )
    lang = {s.id: s.language for s in sources}
    db["games"].create(
        {"id": str, "source": str, "name": str, "printed_name": str, "variant_of": str,
         "page": int, "fragment": int, "first_line": int, "last_line": int, "lines": str,
         "rules_used": str, "rules": str, "text": str},
        pk="id", foreign_keys=[("source", "sources", "id")],
    )
    db["games"].insert_all(
        {"id": g.key, "source": g.source, "name": g.name, "printed_name": g.printed_name,
         "variant_of": g.variant_of, "page": g.page, "fragment": int(g.fragment),
         "first_line": min(a for a, _ in g.lines) if g.lines else None,
         "last_line": max(b for _, b in g.lines) if g.lines else None,
         "lines": json.dumps([list(s) for s in g.lines]),
         "rules_used": json.dumps(g.rules_used, ensure_ascii=False),
         "rules": json.dumps(g.rules, ensure_ascii=False),
         "text": g.text}
        for g in games
    )
    db["games"].add_foreign_key("variant_of", "games", "id")
    db["aliases"].create(
        {"id": int, "game": str, "name": str, "language": str, "kind": str,
         "first_line": int, "last_line": int, "sentence": str},
        pk="id", foreign_keys=[("game", "games", "id")],
    )
    db["aliases"].insert_all(
        {"game": g.key, "name": a.name, "language": a.language, "kind": a.kind,
         "first_line": a.lines[0], "last_line": a.lines[1], "sentence": a.sentence}
        for g in games for a in g.aliases
    )
    db["sections"].create(
        {"id": int, "game": str, "kind": str, "title": str, "first_line": int, "last_line": int},
        pk="id", foreign_keys=[("game", "games", "id")],
    )
    db["sections"].insert_all(
        {"game": g.key, "kind": s.kind, "title": s.title, "first_line": s.lines[0], "last_line": s.lines[1]}
        for g in games for s in g.sections
    )
    db["names"].create(
        {"id": int, "game": str, "name": str, "kind": str, "language": str, "folded": str,
         "forms": str},
        pk="id", foreign_keys=[("game", "games", "id")],
    )
    db["names"].insert_all(name_index.rows_for(games, lang))
    db["names"].create_index(["folded"])
    db["examples"].create(
        {"id": str, "game": str, "n": int, "first_line": int, "last_line": int, "marker": str,
         "text": str, "layout": str, "layout_first_line": int, "layout_last_line": int,
         "mentions": str},
        pk="id", foreign_keys=[("game", "games", "id")],
    )
    db["moves"].create(
        {"id": str, "example": str, "game": str, "n": int, "number": int, "card": str,
         "cards": str, "to": str, "to_card": str, "raw": str, "first_line": int, "last_line": int, "kind": str,
         "flags": str, "from_row": int, "to_row": int, "notation": str, "verdict": str,
         "reason": str, "rule": str, "checked": str},
        pk="id", foreign_keys=[("example", "examples", "id"), ("game", "games", "id")],
    )
    for g in games:
        for i, ex in enumerate(g.examples, 1):
            ex_id = f"{g.key}/ex{i}"
            lf, ll = _span(ex.layout_lines)
            db["examples"].insert(
                {"id": ex_id, "game": g.key, "n": i, "first_line": ex.lines[0],
                 "last_line": ex.lines[1], "marker": ex.marker, "text": ex.text,
                 "layout": json.dumps([[c.format() if c else None for c in row] for row in ex.layout])
                 if ex.layout else None,
                 "layout_first_line": lf, "layout_last_line": ll,
                 "mentions": json.dumps([c.format() for c in ex.mentions])}
            )
            if len(ex.verdicts) != len(ex.moves):
                raise ValueError(f"{ex_id}: {len(ex.moves)} moves but {len(ex.verdicts)} verdicts")
            db["moves"].insert_all(
                {"id": f"{ex_id}/m{j}", "example": ex_id, "game": g.key, "n": j,
                 "number": m.number,
                 "card": m.card.format() if m.card else None,
                 "cards": json.dumps([c.format() for c in m.cards]),
                 "to": m.to, "to_card": m.to_card.format() if m.to_card else None, "raw": m.raw, "first_line": m.lines[0], "last_line": m.lines[1],
                 "kind": m.kind, "flags": json.dumps(sorted(m.flags)),
                 "from_row": m.from_row, "to_row": m.to_row, "notation": m.notation,
                 "verdict": v.verdict, "reason": v.reason, "rule": v.rule,
                 "checked": json.dumps(v.checked)}
                for j, (m, v) in enumerate(zip(ex.moves, ex.verdicts), 1)
            )
            findings.extend(ex.findings)
        findings.extend(g.findings)
    db["findings"].create(
        {"id": int, "source": str, "game": str, "kind": str, "message": str, "token": str,
         "first_line": int, "last_line": int},
        pk="id", foreign_keys=[("source", "sources", "id")],
    )
    db["findings"].insert_all(_finding_row(f) for f in findings)
    db["games"].enable_fts(["name", "printed_name", "text"], tokenize="unicode61")
    # Names across texts and catalogues (kb/crosswalk.py), links between games (kb/links.py),
    # the name lookup table (kb/names.py) and the lemma full-text index (kb/search.py).
    from . import crosswalk, links, search as text_search

    crosswalk_rows = crosswalk.write(db, sources, games)
    from . import witness

    witness.write(db, games, crosswalk_rows)  # catalogue_facts: PySolFC and Solvitaire beside the book
    links.write(db, sources, games, crosswalk_rows)
    name_index.write_forms(db)
    text_search.create(db, text_search.passages(games, sources))
    from . import source_view

    source_view.write(db, games, game_texts, terms)  # text_map (cleaned text → raw lines), terms
