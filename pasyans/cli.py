"""The ``pasyans`` command: a thin shell over the library.

``build`` → :func:`pasyans.pipeline.build`; ``find`` → :func:`pasyans.kb.names.find`;
``show`` → :func:`pasyans.kb.query.game_report`; ``verify`` → :func:`pasyans.kb.query.verdict_rows`;
``export`` → :func:`pasyans.kb.export.export_json`. Every command takes ``--db`` (default
``$PASYANS_DB`` or ``./pasyans.db``, the file ``make run`` builds). Errors end in one line
on standard error (:mod:`pasyans.edge`); commands that write refuse to overwrite what they were
not asked to (:mod:`pasyans.files`) unless given ``--force``.
"""

from __future__ import annotations

import inspect
import json
import os
import shutil
import sys
from collections import Counter
from pathlib import Path
from typing import Optional

import typer

from . import started
from .edge import Edge, current_db, interrupted, out_console, say_error
from .progress import BuildProgress
from .shorten import shorten

app = typer.Typer(cls=Edge, add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Patience rule books → a SQLite knowledge base with verified examples.")

def _show_version(given: bool) -> None:
    """``pasyans --version``: the version a knowledge base this pasyans builds records (``kb_meta``'s
    ``tool_version``: the package's version and the fingerprint of its code and data)."""
    if given:
        from .kb.store import tool_version

        typer.echo(f"pasyans {tool_version()}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                       help="Print the version (as a knowledge base it builds records it) and exit.")) -> None:
    """Patience rule books → a SQLite knowledge base with verified examples."""


DEFAULT_DB = Path(os.environ.get("PASYANS_DB", "pasyans.db"))
DbOption = typer.Option(DEFAULT_DB, "--db", help="Knowledge base file.")


def _fail(msg: str) -> None:
    """Print ``error: msg`` (one line, at most 300 characters) and exit with status 1."""
    say_error(msg, 1)


def _bad_argument(msg: str) -> None:
    """Print ``error: msg`` (one line) and exit with status 2, the status of a bad option or argument."""
    say_error(msg, 2)


def _nonempty(query: str) -> None:
    """Refuse a query of only whitespace (it would match nothing, or everything) with status 2."""
    if not query.strip():
        _bad_argument("empty query; give a name or words")


def _connect(db: Path, plain: bool = False):
    """The knowledge base ``db`` opened read-only and checked (:func:`pasyans.kb.query.connect`;
    ``plain``: a bare ``sqlite3`` connection, :func:`pasyans.kb.query.open_checked`, for commands
    that only run SQL and must start fast)."""
    from .kb.query import KBError, connect, open_checked

    current_db.append(db)
    try:
        return open_checked(db) if plain else connect(db)
    except KBError as e:
        _fail(str(e))


def _resolve(conn, game: str) -> str:
    """The id of the game named ``game`` (:func:`pasyans.kb.query.resolve_game`); else one error
    line and exit 1 — for a name several games hold, the line is followed by one line per
    candidate (as ``find`` prints them), so the user can pick an id."""
    from .kb.query import AmbiguousName, KBError, resolve_game

    _nonempty(game)  # an empty name is a bad argument (exit 2), as for find and search

    try:
        return resolve_game(conn, game)
    except AmbiguousName as e:
        for line in e.lines():
            typer.echo(line, err=True)
        raise typer.Exit(1) from None
    except KBError as e:  # no game of that name in the knowledge base read: the file first, as find says it
        _fail(f"{current_db[-1]}: {e}" if current_db else str(e))


def _stop_cleanly_on_signals() -> None:
    """Make SIGTERM and SIGHUP raise ``SystemExit`` so that temporary files and locks are removed
    on the way out (as on Ctrl-C); only kill -9 leaves them, for the next build to remove."""
    import signal

    def stop(signum, _frame):
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)


def _say_stopped(e: BaseException, kept: str) -> None:
    """Say in one line why a writing command stopped and what it left — ``interrupted; KEPT`` for a
    Ctrl-C (exit 130, also when Python wrapped it, e.g. during an import), ``stopped by SIGTERM;
    KEPT`` for a signal :func:`_stop_cleanly_on_signals` turned into ``SystemExit`` (its status) —
    then end; any other exception is raised again."""
    if isinstance(e, SystemExit) and isinstance(e.code, int) and e.code > 128:
        import signal

        try:
            name = signal.Signals(e.code - 128).name
        except ValueError:
            name = "a signal"
        typer.echo(f"stopped by {name}; {kept}", err=True)
        raise e
    if not interrupted(e):
        raise e
    typer.echo(f"interrupted; {kept}", err=True)
    raise typer.Exit(130) from None


@app.command()
def build(corpus: Optional[Path] = typer.Option(None, "--corpus", help="Corpus folder with manifest.json (default: ./corpus when it has one, else the bundled corpus)."),
          db: Path = DbOption,
          quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress lines."),
          force: bool = typer.Option(False, "--force", help="Replace the knowledge base even when this build "
                                     "finds far fewer games than it holds, or a --db file that is no knowledge "
                                     "base (never a corpus file)."),
          wait: bool = typer.Option(True, "--wait/--no-wait", help="When another build of the same file runs: "
                                    "wait for it (default) or stop."),
          jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Processes reading sources at once "
                                             "(default: every core this process may use; 1: no pool).")) -> None:
    """Build the knowledge base from the corpus and print a summary.

    An existing knowledge base is replaced only when the build succeeds (and, when the build finds far fewer games, only
    with --force); another file is never overwritten."""
    from rich.console import Console
    from rich.table import Table

    from .corpus import CorpusError
    from .kb.query import KBError
    from .pipeline import build as run_build

    from .files import through_link

    err = Console(stderr=True)
    _stop_cleanly_on_signals()
    db = through_link(db)  # a link is written through (its target replaced, the link kept)
    existed = db.exists()
    try:
        with BuildProgress(err, quiet) as bar:
            summary = run_build(corpus, db, progress=bar.say, force=force, wait=wait, jobs=jobs, on_step=bar.step)
    except (CorpusError, KBError) as e:
        _fail(str(e))
    except BaseException as e:  # Ctrl-C, SIGTERM, SIGHUP: the build writes a temporary file, so the old one is untouched
        _say_stopped(e, f"{db} kept as it was" if existed else f"{db} not written")
    for w in summary.warnings:
        typer.echo(f"warning: {w}", err=True)
    con = out_console()
    t = Table(title=f"Knowledge base {summary.db}")
    for col in ("source", "games", "variants", "untitled fragments"):
        t.add_column(col)
    sids = set(summary.games_per_source) | set(summary.variants_per_source) | set(summary.fragments_per_source)
    for sid in sorted(sids):
        t.add_row(sid, str(summary.games_per_source.get(sid, 0)), str(summary.variants_per_source.get(sid, 0)),
                  str(summary.fragments_per_source.get(sid, 0)))
    con.print(t)
    v = summary.verdicts
    con.print(f"examples: {summary.examples}   moves: {summary.moves}   "
              f"legal: {v['legal']}   illegal: {v['illegal']}   unverifiable: {v['unverifiable']}")
    if summary.findings:
        con.print("findings: " + ", ".join(f"{k} {n}" for k, n in sorted(summary.findings.items())))
    _end_at_once()


def _end_at_once() -> None:
    """End the ``pasyans`` process now with status 0, its output flushed: called when a build has
    written its file (renamed into place, every connection closed) and printed its summary, so that
    the build's heap — a few hundred thousand objects and the caches of every word form read — is
    not freed object by object at exit (0.65 s of 4.5 s CPU, the median of 5 builds of the bundled
    corpus with --jobs 1 beside 5 without it). Only in the console script (``sys.argv[0]`` is
    ``pasyans``, as :mod:`pasyans` checks): a program or test calling ``app()`` goes on as before.
    A reader gone from the pipe is met at the flush (the edge's quiet end)."""
    if os.path.basename(sys.argv[0] if sys.argv else "") != "pasyans":
        return
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _escaped(path) -> str:
    """``path`` with its control characters written as escapes («na\\nme.txt»), so that it stays on its line."""
    import re

    return re.sub(r"[\x00-\x1f\x7f]", lambda m: m.group().encode("unicode_escape").decode("ascii"), str(path))


def _build_hint(corpus: Path) -> str:
    """The ``build`` command for ``corpus`` that ``add`` suggests: the bundled corpus into the default knowledge
    base (``$PASYANS_DB`` or ``./pasyans.db``), any other into a file beside it named after it (``shelf/`` →
    ``shelf.db``, ``/data/shelf`` → ``/data/shelf.db``), never into the folder ``add`` was run from."""
    import shlex

    if Path(corpus).resolve() == Path("corpus").resolve():
        return f"pasyans build --corpus {shlex.quote(str(corpus))}"
    here = Path(corpus) if Path(corpus).name not in ("", "..") else Path(corpus).resolve()  # «--corpus .»: beside it too
    db = here.parent / f"{here.name}.db"
    return f"pasyans build --corpus {shlex.quote(str(corpus))} --db {shlex.quote(str(db))}"


@app.command()
def add(files: list[Path] = typer.Argument(..., metavar="FILE...", help="Plain-text files (UTF-8, or --encoding) of patience rules."),
        corpus: Path = typer.Option(Path("corpus"), "--corpus", help="Corpus folder (created, with the bundled texts, if missing)."),
        id_: Optional[str] = typer.Option(None, "--id", help="Source id (one file; default the next free number)."),
        language: Optional[str] = typer.Option(None, "--language", help="ru or uk (default: detected per paragraph)."),
        orthography: Optional[str] = typer.Option(None, "--orthography", help="modern or pre-reform (pre-1918 spelling)."),
        kind: Optional[str] = typer.Option(None, "--kind", help="article, book or manual."),
        segmenter: Optional[str] = typer.Option(None, "--segmenter", help="headings (titles in the text) or book-toc (contents with pages)."),
        notation: Optional[str] = typer.Option(None, "--notation", help="symbol (♠Д, ♦Q), letter (ПА, Ч10) or words."),
        latin_t: Optional[str] = typer.Option(None, "--latin-t", help="A Latin T after a suit symbol: ten or ace."),
        title: Optional[str] = typer.Option(None, "--title", help="A title for people."),
        encoding: Optional[str] = typer.Option(None, "--encoding", help="Read the files in this encoding (cp1251, koi8-r) and store UTF-8."),
        replace: bool = typer.Option(False, "--replace", help="Replace the text of an existing --id."),
        as_new: bool = typer.Option(False, "--as-new", help="Add a text like one in the corpus (another edition) "
                                    "as a source of its own."),
        empty: bool = typer.Option(False, "--empty", help="Start a new corpus without the bundled texts.")) -> None:
    """Add texts to a corpus: detects language, spelling, card notation and segmenter, says why."""
    from .add import AddError, AddOptionError, add_texts
    from .corpus import MANIFEST

    _stop_cleanly_on_signals()
    existed = (corpus / MANIFEST).is_file()
    try:
        done = add_texts(files, corpus, replace=replace, empty=empty, encoding=encoding, as_new=as_new, id=id_, language=language,
                         orthography=orthography, kind=kind, segmenter=segmenter, notation=notation,
                         latin_t=latin_t, title=title)
    except AddOptionError as e:
        _bad_argument(str(e))
    except AddError as e:
        _fail(str(e))
    except BaseException as e:  # a new corpus is built aside and renamed at the end; an old one keeps its manifest
        _say_stopped(e, f"nothing added; {corpus} kept as it was" if existed else f"nothing added; {corpus} not made")
    for a in done:
        e, shown = a.entry, _escaped(a.path)  # a line break in a file's name would break its report line
        if a.status == "already":
            typer.echo(f"{shown}: already in {_escaped(corpus)} as source {e['id']} ({e['file']}); nothing changed")
            continue
        typer.echo(f"{shown} → {_escaped(corpus / e['file'])}: source {e['id']} ({a.status})")
        for k in ("language", "orthography", "segmenter", "notation", "latin_t", "kind", "title"):
            if k in e:
                extra = ""
                if k == "language" and e.get("languages"):
                    extra = " + " + ", ".join(f"{x['language']} {x['lines'][0]}-{x['lines'][1]}" for x in e["languages"])
                if k == "notation" and e.get("notations"):
                    extra = f" (uses: {', '.join(e['notations'])})"
                typer.echo(f"  {k:12} {e[k]}{extra} — {a.reasons.get(k, '')}")
        for k in ("line ends", "look-alikes"):
            if k in e.get("decided", {}):
                typer.echo(f"  {k:12} {e['decided'][k]}")
        if a.like:
            typer.echo(f"  like         source {a.like[0]} ({a.like[2]:.0%} of its lines): added as another (--as-new)")
    if any(a.status != "already" for a in done):
        typer.echo(f"next: {_build_hint(corpus)}   (a choice above is wrong? pasyans add FILE --id ID "
                   "--replace --FIELD VALUE)")


@app.command()
def find(name: str = typer.Argument(..., help="A title or alias in any form, language or spelling, or a game id."),
         db: Path = DbOption,
         as_json: bool = typer.Option(False, "--json", help="Print a JSON array, best first."),
         limit: int = typer.Option(10, "--limit", min=1, max=1000, help="At most this many results.")) -> None:
    """Find games by name: title or alias, any case or inflection, ё = е, old spelling, typos, ids.

    Exits 1 when nothing matches (also with --json, which then prints []), and when every answer
    is only a guess (a name spelt alike but not holding the query's words: said on standard
    error; with --json each such answer has "guess": true)."""
    from .kb.names import guess_line
    from .kb.present import catalogue_meanings, find_games

    _nonempty(name)
    conn = _connect(db, plain=True)
    found = find_games(conn, name, limit=limit)
    guessed = bool(found) and all(m.guess for m in found)
    if as_json:
        typer.echo(json.dumps([m.as_json() for m in found], ensure_ascii=False, indent=2))
        if guessed or not found:
            raise typer.Exit(1)
        return
    if not found:
        meanings = catalogue_meanings(conn, name, [], everything=True)
        _fail(f"{db}: no game matches {name!r}" + (f" (in the catalogues: {'; '.join(meanings)})" if meanings else "")
              + "; try part of the name, or see `pasyans list`")
    if guessed:
        typer.echo(guess_line(name), err=True)
    for m in found:
        typer.echo(m.line())
    for said in catalogue_meanings(conn, name, found):
        typer.echo(f"note: {said}", err=True)
    if guessed:
        raise typer.Exit(1)


@app.command()
def show(game: str = typer.Argument(..., help="A game id (004-004) or name."),
         db: Path = DbOption,
         source: bool = typer.Option(False, "--source", help="Print the game's text as printed with raw line numbers and sections."),
         rules: bool = typer.Option(False, "--rules", help="Print the rule facts as a table (with --json: the raw rule spec)."),
         as_json: bool = typer.Option(False, "--json", help="Print the game as the JSON export writes it (with --rules: the rule spec).")) -> None:
    """Print a game: names, source lines, variants, text as printed, examples with verdicts.

    Names include the English and catalogue names; each example move has its verdict and reason."""
    from .kb.query import KBError, game_report

    if source and (rules or as_json):  # the rules table (or the JSON) was shown and --source left out without a word
        _bad_argument(f"--source and {'--rules' if rules else '--json'} show different things; give one of them")
    conn = _connect(db)
    gid = _resolve(conn, game)
    try:
        rep = game_report(conn, gid)
    except KBError as e:
        _fail(str(e))
    if as_json:
        from .kb.export import export_json

        entry = export_json(conn, [gid])["games"][0]
        typer.echo(json.dumps(entry["rules"] if rules else entry, ensure_ascii=False, indent=2))
        return
    from rich.console import Console

    from .kb.console import names_lines, rules_table
    from .kb.present import game_view

    view = game_view(conn, gid)
    g = rep.game
    spans = ", ".join(f"{a}-{b}" for a, b in g["lines"] or [(g["first_line"] or "?", g["last_line"] or "?")])  # a damaged row: «?»
    typer.echo(f"{g['id']}  {view['title']}" + (f"  (printed «{g['printed_name']}»)" if g["printed_name"] and g["printed_name"] != view["title"] else "")
               + (f"  (modern spelling «{g['name']}»)" if view["pre_reform"] and g["name"] and g["name"] != view["title"] else ""))
    typer.echo(f"source: {rep.source['id']} {rep.source['file']}  lines {spans}" + (f"  page {g['page']}" if g["page"] else ""))
    if rep.parent:
        typer.echo(f"variant of: {rep.parent['id']} {rep.parent['name'] or rep.parent['printed_name']}")
    if g["rules_used"]:
        typer.echo("numbered rules used: " + ", ".join(g["rules_used"]))
    for a in rep.aliases:
        typer.echo(f"alias ({a['kind']}, {a['language']}, line {a['first_line']}-{a['last_line']}): {a['name']}")
    for line in names_lines(view):
        typer.echo(line)
    for v in rep.variants:
        typer.echo(f"variant: {v['id']} {v['name'] or v['printed_name']}")
    if rep.sections:
        from .kb.printed import Printed

        pr = Printed(conn, gid)
        typer.echo("sections: " + "; ".join(f"{s['kind']}{' ' + pr.as_printed(s['title'], s['first_line']) if s['title'] else ''} "
                                            f"{s['first_line']}-{s['last_line']}" for s in rep.sections))
    _show_catalogues(conn, gid)
    if rules:
        con = out_console() if sys.stdout.isatty() else out_console(width=120)
        con.print()
        for part in rules_table(view):
            con.print(part)
        return
    if source:
        from .kb.source_view import source_view

        typer.echo("")
        try:
            typer.echo(source_view(conn, gid))  # as printed, raw line numbers, sections marked
        except KBError as e:  # a knowledge base without the text map: the raw lines instead
            typer.echo(f"({e}; showing the raw lines)")
            for n, line in game_report(conn, gid, _source_text(conn, gid)).raw_lines:  # reads the corpus
                typer.echo(f"{n:6} | {line}")
    elif g["text"]:
        from .kb.printed import Printed

        shown = Printed(conn, gid).span()
        typer.echo("\n" + shown.text + ("" if shown.exact else "\n(in modern spelling: this knowledge base "
                                                              "has no raw lines; rebuild it to see the text as printed)"))
    from .engine.reasons import whole
    from .kb.present import Quotes
    from .kb.printed import printed_quotes

    printed = Quotes(conn, gid)  # a pre-1918 move and the sentence its reason quotes as printed, as on the game's page
    tty = sys.stdout.isatty()  # piped: the reason's quote whole, as verify writes it
    for e in rep.examples:
        marker = printed.printed(gid).as_printed(e["marker"], e["first_line"]) if e["marker"] else ""
        typer.echo(f"\nexample {e['n']} (lines {e['first_line']}-{e['last_line']}): {marker}")
        if e["layout"]:
            for row in e["layout"]:
                typer.echo("  " + " ".join(f"{c or '--':>3}" for c in row))
        for m in e["moves"]:
            raw = printed(m["raw"], [m["first_line"], m["last_line"]])
            words = shorten(" ".join(str(raw.text if raw else m["raw"]).split()), 40)  # after a whole word, «…»
            reason = printed_quotes(m["reason"] if tty else whole(m["reason"], m.get("detail")), printed)
            typer.echo(f"  {_or_what(m['n']):>3}. {words:40}  {m['card'] or '?':>3} → {m['to'] or '?':10} "
                       f"{_or_what(m['verdict']):13} {reason}")


def _show_catalogues(conn, gid: str) -> None:
    """The second source (PySolFC, Solvitaire) beside the book's rules: :func:`pasyans.kb.witness.show_lines`."""
    from .kb.present import Quotes
    from .kb.printed import printed_text
    from .kb.witness import game_facts, show_lines

    quotes = Quotes(conn, gid)  # the book's side as printed (a modern source: as it is)
    facts = [{**f, "quote": printed_text(quotes, f.get("quote"), f.get("lines"))} for f in game_facts(conn, gid)]
    for line in show_lines(facts):
        typer.echo(line)


def _fit(text: str, width: int) -> str:
    """``text`` on one line of ``width`` columns (cut with «…»; the whole reason is in the knowledge base)."""
    text = " ".join(text.split()) if "\n" in text else text
    return shorten(text, width)


def _place(r) -> str:
    """Where a ``moves`` record goes, as ``pasyans verify`` shows it: ``to``; a pile the text names
    by position («в середину колонки»: ``pile middle``); a direction when the text names no place
    («сдвигаются влево»: ``(left)``); ``?`` when it names neither."""
    to, pile, d = r["to"], r.get("to_pile"), r.get("direction")
    if to is None and d:
        return f"({d})"
    if pile and (to is None or not to.startswith("pile:")):
        return f"pile {pile}"
    return to or "?"


def _or_what(value) -> str:
    """``value`` as text, ``?`` for a NULL (a knowledge base edited or damaged by hand: shown, not an internal error)."""
    return "?" if value is None else str(value)


def _verdict_line(r, width: int) -> str:
    """One move of ``pasyans verify``: source line, number, the printed words, card → place, verdict."""
    came = f" from {r['from_place']}" if r.get("from_place") else ""
    verdict = _or_what(r["verdict"])
    tail = f" {r['card'] or '?':>3}{came} → {_place(r)[:12]:12} {verdict}"
    head = f"  {r['source']}:{_or_what(r['first_line']):<5} {_or_what(r['n']):>3}. "
    room = max(10, width - len(head) - len(tail) - 1 - (12 - len(verdict)))  # the card column is one for every verdict
    raw = " ".join(str(r["raw"]).split())
    raw = shorten(raw, room)
    return f"{head}{raw:{room}} {tail}"[:width]


def _source_text(conn, gid: str) -> str | None:
    """The raw text of the game's source file from the bundled corpus, when it is there (the
    fallback of ``show --source`` for a knowledge base without a text map)."""
    from .corpus import CorpusError, load_corpus

    try:
        src_file = conn.execute("SELECT s.file FROM games g JOIN sources s ON s.id = g.source WHERE g.id = ?",
                                (gid,)).fetchone()[0]
        return next((s.text for s in load_corpus() if s.file == src_file), None)
    except (CorpusError, OSError, TypeError):  # the bundled corpus may be absent
        return None


@app.command(name="list")
def list_games(db: Path = DbOption,
               source: Optional[str] = typer.Option(None, "--source", help="Only the games of this source id (e.g. 004)."),
               family: bool = typer.Option(False, "--family", help="Each game with its rule variants under it."),
               as_json: bool = typer.Option(False, "--json", help="Print a JSON array.")) -> None:
    """List the games: id, name, English name, source lines, examples and moves."""
    from rich.console import Console

    from .kb.console import game_list_table
    from .kb.present import game_list

    conn = _connect(db)
    known = [r[0] for r in conn.execute("SELECT id FROM sources ORDER BY id")]
    if source is not None and source not in known:
        _fail(f"{db}: no source {source!r}; give one of {', '.join(known)}")
    groups = game_list(conn, source)
    if as_json:
        typer.echo(json.dumps([{"id": g["id"], "name": g["name"], "printed_name": g["printed_name"],
                                "english": g["english"], "source": grp["source"]["id"], "lines": g["lines"],
                                "variant_of": g["variant_of"], "examples": g["examples"], "moves": g["moves"]}
                               for grp in groups for g in (grp["games"] if family else
                                                           sorted(grp["games"], key=lambda x: x["order"]))],
                              ensure_ascii=False, indent=2))
        return
    (out_console() if sys.stdout.isatty() else out_console(width=120)).print(game_list_table(groups, family=family))


def _as_printed(conn, rows: list[dict], fix) -> list[dict]:
    """``rows`` (verdicts or findings, each with ``source``, ``game``, ``first_line``, ``last_line``)
    with ``fix(row, quotes)`` applied to those of a pre-1918 game (``quotes``: the game's
    :class:`~pasyans.kb.present.Quotes`, made once a game): its words as printed, not modernised."""
    from .kb.present import Quotes

    old = {r[0] for r in conn.execute("SELECT id FROM sources WHERE orthography = 'pre-reform'")}
    quotes: dict = {}
    return [fix(r, quotes.setdefault(r["game"], Quotes(conn, r["game"])))
            if r.get("game") and r.get("source") in old else r for r in rows]


def _printed_moves(conn, rows: list[dict]) -> list[dict]:
    """Verdict ``rows`` with each move's words and the sentences its reason quotes as printed
    («даму пикъ кладутъ на короля пикъ»)."""
    from .kb.printed import printed_quotes, printed_text

    return _as_printed(conn, rows, lambda r, q: {**r, "raw": printed_text(q, r["raw"], (r["first_line"], r["last_line"])),
                                                 "reason": printed_quotes(r["reason"], q)})


def _printed_findings(conn, fs: list[dict]) -> list[dict]:
    """Findings ``fs`` with each quoted sentence as printed (a historian greps the source for it)."""
    from .kb.printed import printed_text

    return _as_printed(conn, fs, lambda f, q: {**f, "token": printed_text(q, f["token"], (f["first_line"], f["last_line"]))}
                       if len(f.get("token") or "") > 20 else f)


def _not_read(kind: str) -> bool:
    """A finding ``verify --unparsed`` lists: a sentence or phrase not read (``unparsed-*``), or a card token
    of a worked example that gave no move (``card-in-no-move``, :func:`pasyans.extract.moves` records it)."""
    return kind.startswith("unparsed") or kind == "card-in-no-move"


@app.command()
def verify(game: Optional[str] = typer.Argument(None, help="Only this game (id or name)."),
           db: Path = DbOption,
           unparsed: bool = typer.Option(False, "--unparsed", help="List card tokens and phrases that were not read."),
           errata: bool = typer.Option(False, "--errata", help="Only the moves found illegal: the book's errata sheet."),
           as_json: bool = typer.Option(False, "--json", help="Print the moves (or with --unparsed the findings) as a JSON array.")) -> None:
    """Print every example move with its verdict and reason, then a summary table."""
    from rich.console import Console
    from rich.table import Table

    from .kb.query import findings, verdict_rows

    if unparsed and errata:  # a bad combination of options: status 2, as a bad option
        _bad_argument("--unparsed and --errata list different things; give one of them")
    conn = _connect(db)
    gid = None
    if game:
        gid = _resolve(conn, game)
    # on a terminal every line fits its width, cut with «…»; into a pipe or a file, and with --json, each
    # reason is written whole, the book's quote the knowledge base's reason shortens given whole from its detail
    tty = sys.stdout.isatty()
    width = max(60, shutil.get_terminal_size((100, 24)).columns) if tty else 100

    def fit(line: str) -> str:
        return _fit(line, width) if tty else line

    if unparsed:
        fs = _printed_findings(conn, [f for f in findings(conn, game_id=gid) if _not_read(f["kind"])])
        if as_json:
            typer.echo(json.dumps(fs, ensure_ascii=False, indent=2))
            return
        for f in fs:
            tok = f["token"] or ""
            short = f" «{tok}»" if tok and len(tok) <= 20 else ""
            quote = f" — «{tok}»" if len(tok) > 20 else ""  # piped: whole, as the reasons
            head = f"{f['source']}:{f['first_line']}-{f['last_line']}  {f['game'] or '':12} {f['kind']}"
            if tty:  # what was not read first (cut to the width), then what the reader made of it
                typer.echo(fit(f"{head} «{tok}»" if tok else head))
                typer.echo(fit(f"      {f['message']}"))
            else:
                typer.echo(f"{head}{short}: {f['message']}{quote}")
        typer.echo(f"{len(fs)} unparsed")
        return
    rows = verdict_rows(conn, gid)
    if as_json or not tty:  # the book's quote whole: only a terminal cuts the line to its width
        from .engine.reasons import whole

        rows = [{**r, "reason": whole(r["reason"], r.get("detail"))} for r in rows]
    rows = _printed_moves(conn, rows)
    if errata:  # a move the book itself forbids («нельзя») is illegal as the book says: no erratum
        rows = [r for r in rows if r["verdict"] == "illegal" and "prohibited" not in (r["flags"] or [])]
    if as_json:
        typer.echo(json.dumps([{"game": r["game"], "name": r["game_name"], "source": r["source"], "example": r["example"],
                                "n": r["n"], "raw": r["raw"], "card": r["card"], "to": r["to"],
                                **{k: r.get(k) for k in ("direction", "to_pile", "from_place")},
                                "lines": [r["first_line"], r["last_line"]], "verdict": r["verdict"],
                                "reason": r["reason"], "rule": r["rule"], "what": r.get("what")} for r in rows],
                               ensure_ascii=False, indent=2))
        return
    current = None
    for r in rows:
        if r["example"] != current:
            current = r["example"]
            typer.echo("\n" + fit(f"{r['example']}  {r['game_name'] or ''}"))
        typer.echo(_verdict_line(r, width))
        reason = f"      {r['reason']}"
        typer.echo(fit(reason) if tty else reason.replace("\n", " "))
    counts = Counter(r["verdict"] for r in rows)
    per_source = Counter((r["source"], r["verdict"]) for r in rows)
    t = Table(title="verdicts")
    for col in ("source", "legal", "illegal", "unverifiable", "moves"):
        t.add_column(col)
    for sid in sorted({r["source"] for r in rows}):
        n = [per_source[(sid, k)] for k in ("legal", "illegal", "unverifiable")]
        t.add_row(sid, *map(str, n), str(sum(n)))
    t.add_row("all", str(counts["legal"]), str(counts["illegal"]), str(counts["unverifiable"]), str(len(rows)))
    out_console().print(t)


def _earlier_json_export(path: Path) -> bool:
    """Whether ``path`` starts as ``pasyans export --format json`` writes: ``{"sources": [``."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(64).decode("utf-8", "replace")
    except OSError:
        return False
    return "".join(head.split()).startswith('{"sources":[')


@app.command()
def export(fmt: str = typer.Option("json", "--format", help="json (one file), markdown or html (one page per game) or solvitaire (rule files)."),
           out: Optional[Path] = typer.Option(None, "--out", help="json: a file (default or -: standard output); markdown, html, solvitaire: a folder."),
           cards: str = typer.Option("ru", "--cards", help="Cards on the pages: ru (Д♥) or en (♥Q)."),
           db: Path = DbOption,
           force: bool = typer.Option(False, "--force", help="Overwrite an --out that is not an earlier export "
                                      "(never the knowledge base being read).")) -> None:
    """Export every game with its aliases, rules and verified examples (see README: export format).

    An existing --out is replaced only when it is an earlier export of the same format (or with
    --force); the knowledge base being read is never written over."""
    from .files import WriteError, guard_output, guard_output_folder

    if fmt not in ("json", "markdown", "html", "solvitaire"):
        _bad_argument(f"unknown export format {fmt!r}; give json, markdown, html or solvitaire")
    if cards not in ("ru", "en"):
        _bad_argument(f"--cards {cards!r} is no card convention; give ru (Д♥) or en (♥Q)")
    if out is not None and str(out) == "-":  # the usual name of standard output: never a file called «-»
        if fmt != "json":
            _bad_argument(f"--format {fmt} writes a folder, not standard output; give --out DIR")
        out = None
    if out is not None and fmt == "json":
        from .files import through_link

        out = through_link(out)  # a link is written through (its target replaced, the link kept)
    try:
        if fmt == "json" and out:
            guard_output(out, inputs=[db], force=force, earlier_output=_earlier_json_export, what="JSON export")
        elif fmt != "json":
            if out is None:
                _fail(f"--format {fmt} writes a folder; give --out DIR")
            guard_output_folder(out, inputs=[db], force=force, what=f"{fmt} export", fmt=fmt,
                                marker={"markdown": "index.md", "html": "index.html"}.get(fmt, "not-expressible.json"))
    except WriteError as e:
        _fail(str(e))
    conn = _connect(db)
    _stop_cleanly_on_signals()
    existed = out is not None and out.exists()
    try:
        _export_to(conn, fmt, out, cards)
    except BaseException as e:  # Ctrl-C, SIGTERM: a JSON file is written aside and renamed; a folder's pages one by one
        kept = ("the output stops short" if out is None else
                f"{out} is incomplete: the same command finishes it" if fmt != "json" else
                f"{out} kept as it was" if existed else f"{out} not written")
        _say_stopped(e, kept)


def _export_to(conn, fmt: str, out: Path | None, cards: str) -> None:
    """Write the export of ``fmt`` from ``conn`` to ``out`` (checked by :func:`export`)."""
    from .files import WriteError, atomic_write_text
    from .kb.export import export_html, export_json, export_markdown, export_solvitaire

    if fmt == "json":
        text = json.dumps(export_json(conn), ensure_ascii=False, indent=1)
        if out:
            try:
                atomic_write_text(out, text + "\n")
            except WriteError as e:
                _fail(str(e))
            typer.echo(f"wrote {out}", err=True)
        else:
            sys.stdout.write(text + "\n")
        return
    if fmt in ("markdown", "html"):
        try:
            pages = (export_markdown if fmt == "markdown" else export_html)(conn, out, cards)
        except WriteError as e:
            _fail(str(e))
        typer.echo(f"wrote {len(pages)} pages and index.{'md' if fmt == 'markdown' else 'html'} to {out}", err=True)
    else:
        common: dict = {}
        try:
            written, refused = export_solvitaire(conn, out, with_preset=common)
        except WriteError as e:
            _fail(str(e))
        typer.echo(f"wrote {len(written)} rule files to {out}; {len(refused)} games not expressible "
                   f"(reasons in {out / 'not-expressible.json'})", err=True)
        for gid, (name, preset, obstacles) in sorted(common.items()):
            typer.echo(_blocked_line(gid, name, preset, obstacles), err=True)


def _blocked_line(gid: str, name: str, preset: str, obstacles: list) -> str:
    """One line for a game Solvitaire has a preset of but no file is written for: its first
    obstacle (the blocking field, its value and quote — a quote over 90 characters cut in its middle)."""
    import re

    def cut(m):
        q = m.group(1)
        return f"«{q[:60]} … {q[-25:]}»" if len(q) > 90 else m.group(0)

    first = re.sub(r"«([^«»]*)»", cut, obstacles[0].text)
    more = f" (+{len(obstacles) - 1} more)" if len(obstacles) > 1 else ""
    return f"no file for {gid} «{name}» (Solvitaire preset «{preset}»): {first}{more}"


@app.command()
def replay(game: str = typer.Argument(..., help="The book's game: a name or alias as `find` takes it, or an id."),
           deal: Path = typer.Option(..., "--deal", help="The solver's board file."),
           solution: Path = typer.Option(..., "--solution", help="The solver's solution file."),
           fmt: Optional[str] = typer.Option(None, "--format", help="bhs (black-hole-solver) or fcs (fc-solve); "
                                                                    "default: guessed from the solution."),
           db: Path = DbOption) -> None:
    """Replay a solver's solution under the book's rules for GAME; exit 0 only when every move is legal and the game is won."""
    from .engine.oracles import FORMATS, OracleFormatError, guess_format
    from .engine.replay import replay_solution
    conn = _connect(db)
    gid = _resolve(conn, game)
    from .kb.query import game as game_record

    rec = game_record(conn, gid)
    name, spec = rec["name"], rec["rules"] or {}
    from .corpus import CorpusError, read_text

    texts, problems = {}, []
    for path in (deal, solution):  # the same checks as for corpus files: present, not empty, not binary, UTF-8
        try:
            texts[path] = read_text(path, kind="solver")
        except CorpusError as e:
            problems.append(str(e))
    if problems:  # both files named when both are unusable (the deal's problem was not said); one file given twice once
        _fail("; ".join(dict.fromkeys(problems)))
    deal_text, solution_text = texts[deal], texts[solution]
    fmt = fmt or guess_format(solution_text + "\n" + deal_text)  # «Talon:» marks a black-hole-solver board
    if fmt not in FORMATS:
        _fail(f"unknown format {fmt!r}; give {' or '.join(FORMATS)}")
    try:
        report = replay_solution(spec, deal, solution, fmt)
    except OracleFormatError as e:
        _fail(_oracle_error(str(e), deal, solution, fmt))
    typer.echo(f"{gid} {name or ''}: replay of {solution.name} on {deal.name}")
    for line in report.summary():
        typer.echo(line)
    raise typer.Exit(0 if report.ok else 1)


def _oracle_error(msg: str, deal: Path, solution: Path, fmt: str) -> str:
    """A solver file's problem (:class:`pasyans.engine.oracles.OracleFormatError`: «board line 3: …»,
    «solution line 7: …») as ``FILE:LINE: what; what to do`` — the deal or the solution named, and
    the other format to try, since the files were read as ``fmt``."""
    import re

    m = re.match(r"(board|solution) line (\d+): (.*)", msg)
    if m:
        where, what = f"{deal if m.group(1) == 'board' else solution}:{m.group(2)}", m.group(3)
    else:
        where, what = (deal if msg.startswith("board") else solution), msg
    other = {"bhs": "fcs (fc-solve)", "fcs": "bhs (black-hole-solver)"}.get(fmt, "")
    return f"{where}: {what} (read as {fmt}); give --format {other} if the files are that solver's" if other else \
        f"{where}: {what}; check the file"


@app.command()
def search(query: str = typer.Argument(..., help="Words in any form: «короли заполняют пробелы», «♠Д»."),
           db: Path = DbOption,
           as_json: bool = typer.Option(False, "--json", help="Print a JSON array, best first."),
           limit: int = typer.Option(10, "--limit", min=1, max=1000, help="At most this many results.")) -> None:
    """Full-text search over the games' texts by lemma (SQLite FTS5), with source lines.

    Cards in symbols or words are the same («дама пик» finds «♠Д»). Exits 1 when nothing matches."""
    import sqlite3

    from .kb.search import search as search_text

    _nonempty(query)
    conn = _connect(db)
    try:
        hits = search_text(conn, query, limit=limit)
    except sqlite3.OperationalError as e:
        from .kb.schema import rebuild_hint

        _fail(f"{db}: no full-text index ({e}); {rebuild_hint(db)}")
    if as_json:
        typer.echo(json.dumps([{"id": h.game, "name": h.name, "source": h.source, "section": h.section,
                                "lines": [list(x) for x in h.lines], "text": h.text, "snippet": h.snippet_text,
                                "score": h.score, "matched": h.matched, "why": h.why, "also": h.also}
                               for h in hits], ensure_ascii=False, indent=2))
        if not hits:
            raise typer.Exit(1)
        return
    if not hits:
        _fail(f"{db}: no text matches {query!r}; try other words, or fewer")
    for h in hits:
        spans = ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in h.lines)
        also = f" (also in {', '.join(h.also)})" if h.also else ""
        typer.echo(f"{h.game:12} {h.name}  [{h.source}: lines {spans}, {h.section}]  {h.why}{also}")
        typer.echo(f"             {h.snippet_text}")


@app.command()
def serve(db: Path = DbOption,
          host: str = typer.Option("127.0.0.1", "--host", help="Interface to listen on."),
          port: int = typer.Option(8001, "--port", min=1, max=65535, help="Port to listen on."),
          allow_sql: bool = typer.Option(False, "--allow-sql", help="Let every visitor run arbitrary SQL "
                                         "(each query time- and memory-limited)."),
          show_paths: bool = typer.Option(False, "--show-paths", help="Show the file's path (/-/databases).")) -> None:
    """Browse the knowledge base in a web browser: a search box, a page per game, the tables.

    A rebuilt file is served without a restart. The server runs in a session of its own (its own
    share of the CPU beside what this shell runs); Ctrl-C stops it."""
    from .kb.own_session import serve as serve_in_own_session

    _connect(db)  # fails with one line when the file is missing
    status = serve_in_own_session(db, host=host, port=port, allow_sql=allow_sql, show_paths=show_paths)
    if status:
        raise typer.Exit(status)


def _help_of(doc: str | None) -> str | None:
    """A command's docstring as its --help text: each paragraph one line, so the terminal wraps it
    (the docstring's own line breaks came out as ragged lines)."""
    if not doc:
        return doc
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n"))


for _cmd in app.registered_commands:
    _cmd.help = _cmd.help or _help_of(_cmd.callback.__doc__)


started()  # a Ctrl-C from here on is the edge's «interrupted» (quiet while the modules loaded)

if __name__ == "__main__":  # pragma: no cover
    app(prog_name="pasyans")  # `python -m pasyans.cli` names itself as the console script does
