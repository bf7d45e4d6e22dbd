"""The command line's edge: every error ends in one line on standard error, never a traceback.

:class:`Edge` is the ``click`` group class of the ``pasyans`` command (``typer.Typer(cls=Edge)``).
It turns

- a usage error (an unknown option, ``--limit -1``) into ``error: <what> (see pasyans CMD --help)``,
  exit status 2;
- an argument that is not valid UTF-8 text (the shell passed bytes) into one line, exit 2;
- a library error that names its file (:class:`~pasyans.kb.schema.KBError`,
  :class:`~pasyans.corpus.CorpusError`, :class:`~pasyans.files.WriteError`, an ``OSError``,
  SQLite's ``DatabaseError`` on a damaged knowledge base) into that line, exit status 1;
- anything else — a bug — into ``error: internal error in FILE:LINE (Type: message) …``,
  exit status 3; ``PASYANS_DEBUG=1`` shows the traceback instead.

A broken pipe (``pasyans verify | head``) ends quietly with status 0 (the reader had what it wanted);
Ctrl-C ends quietly as click does.
"""

from __future__ import annotations

import errno
import os
import re
import shlex
import sqlite3
import sys
import traceback
from pathlib import Path

import typer
from typer.core import TyperGroup

from .shorten import shorten

try:  # typer ≥ 0.2x carries its own copy of click
    from typer import _click as _ck
except ImportError:  # pragma: no cover - older typer uses click itself
    import click as _ck

UsageError = _ck.exceptions.UsageError
ClickException = _ck.exceptions.ClickException
NoArgsIsHelpError = getattr(_ck.exceptions, "NoArgsIsHelpError", ())
QUIET = tuple({typer.Exit, typer.Abort, getattr(_ck.exceptions, "Exit", typer.Exit), getattr(_ck.exceptions, "Abort", typer.Abort)})
"""What click uses to stop on purpose (``--help``, an exit status): passed on as it is."""

ROOT = Path(__file__).resolve().parent.parent

current_db: list[Path] = []
"""The knowledge base the running command opened (for the line a damaged file gets)."""


WORD_LIMIT = 100
"""Characters a word (a run without spaces) of an error line keeps: a value echoed in it (a
5,000-letter name, a path of thousands of letters) is cut in its middle, so the rest still reads."""

LINE_LIMIT = 300
"""Characters an error line may have, ``error: `` included (two paths and the command to rebuild
with one of them fit whole)."""


def _cut_word(w: str, n: int) -> str:
    return w if len(w) <= n else w[: n // 2] + "…" + w[len(w) - (n - n // 2 - 1):]


def one_line(msg: str, limit: int = LINE_LIMIT - len("error: ")) -> str:
    """``msg`` on one line (whitespace runs made one space), at most ``limit`` characters: words
    over :data:`WORD_LIMIT` characters cut in their middle («жжж…жжж'»; a path keeps its start
    and its file name), then, while the line is too long, the longest words cut shorter (down to
    20), and last the line's end cut with «…»."""
    words = str(msg).split()
    n = WORD_LIMIT
    while True:
        words = [_cut_word(w, n) for w in words]
        line = " ".join(words)
        if len(line) <= limit or n <= 20:
            break
        n -= 10
    return shorten(line, limit)


def say_error(msg: str, status: int = 1) -> None:
    """Print ``error: msg`` (one line) on standard error and exit with ``status``."""
    typer.echo(f"error: {one_line(msg)}", err=True)
    raise typer.Exit(status)


def where(e: BaseException, skip: tuple[str, ...] = ()) -> str:
    """``file:line`` of the innermost frame of ``e``'s traceback inside this project (not in its
    virtual environment, nor under a top folder of ``skip``); else the innermost frame's file name."""
    frames = traceback.extract_tb(e.__traceback__)
    for frame in reversed(frames):
        try:
            rel = Path(frame.filename).resolve().relative_to(ROOT)
        except ValueError:
            continue
        if ".venv" not in rel.parts and rel.parts[0] not in skip:
            return f"{rel}:{frame.lineno}"
    return f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"


def interrupted(e: BaseException) -> bool:
    """Whether ``e`` is a Ctrl-C, or an error Python raised because of one: a KeyboardInterrupt
    in its cause or context chain (a Ctrl-C during a class definition comes out as
    ``RuntimeError: Error calling __set_name__``)."""
    seen: set[int] = set()
    while e is not None and id(e) not in seen:
        if isinstance(e, KeyboardInterrupt):
            return True
        seen.add(id(e))
        e = e.__cause__ or e.__context__
    return False


def describe(e: Exception) -> tuple[str, int]:
    """The line a user reads for the exception ``e`` and the exit status (130 for a Ctrl-C
    wrapped in another error, as a shell reports an interrupted command)."""
    from .corpus import CorpusError
    from .files import WriteError, describe_os_error, os_remedy
    from .kb.schema import DamagedValue, KBError, rebuild_hint

    if isinstance(e, DamagedValue):  # a value read mid-command: the file it is in, and what to do
        db = current_db[-1] if current_db else "the knowledge base"
        return f"{db}: the knowledge base is damaged ({e}); {rebuild_hint(db)}", 1
    if isinstance(e, (KBError, CorpusError, WriteError)):
        return str(e), 1
    if interrupted(e):
        return "interrupted", 130
    if isinstance(e, sqlite3.DatabaseError) and not isinstance(e, sqlite3.ProgrammingError):
        db = current_db[-1] if current_db else "the knowledge base"
        if "full" in str(e):
            return f"{db}: {e}; free some space", 1
        return f"{db}: the knowledge base is damaged or unreadable ({e}); {rebuild_hint(db)}", 1
    if isinstance(e, MemoryError):
        return "out of memory (the input is too large for this machine); split the input, or use a larger machine", 1
    if isinstance(e, OSError):
        return f"{describe_os_error(e)}; {os_remedy(e)}", 1
    return (f"internal error in {where(e)} ({type(e).__name__}: {one_line(str(e), 120)}); please report it "
            f"with the command you ran (PASYANS_DEBUG=1 shows the traceback)"), 3


def _said(e) -> str:
    """Click's message of a usage error without its closing full stop (the line goes on with what to do)."""
    return e.format_message().strip().removesuffix(".")


def _is_text(arg: str) -> bool:
    try:
        arg.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def out_console(**kw):
    """A rich ``Console`` on standard output whose closed reader (``| head``) ends the command as
    :func:`_reader_gone` does (status 0); rich's own handling exits with status 1, silently."""
    from rich.console import Console

    class _Out(Console):
        def on_broken_pipe(self) -> None:
            _reader_gone()

    return _Out(**kw)


def _reader_gone() -> None:
    """The reader of standard output closed it (``pasyans show X | head``): the reader had what it
    wanted, so stop quietly with status 0 — nothing more is written (the rest of the output goes
    to the null device, so that the flush at exit cannot fail again)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # not a real file (a test runner's buffer)
        pass
    raise typer.Exit(0)


def tolerant_streams() -> None:
    """Standard output and error in an encoding that cannot write every character (a KOI8-R or Latin-1
    terminal: no «», ♥, і or ѣ) show such a character as «?» instead of stopping the command with an
    internal error."""
    for stream in (sys.stdout, sys.stderr):
        enc = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
        if enc not in ("utf-8", "utf8") and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")


_OPTION_LIKE = re.compile(r"-[A-Za-z]|--[A-Za-z][A-Za-z0-9_-]*(=.*)?", re.S)
"""A word that reads as an option (``-q``, ``--limt``, ``--db=x``): a misspelt option, no hint."""


def text_hint(e, given: list[str], cmd: str) -> str:
    """For click's «No such option» of a command that takes an argument, where the word was text
    that starts with «-» (``pasyans find -Осада``, ``search -5``): ``; write `pasyans find -- -Осада`
    if «-Осада» is text, not an option`` (the word after ``--``, shell-quoted when it must be); else ``""``."""
    name = getattr(e, "option_name", None)
    params = getattr(getattr(e, "ctx", None), "command", None)
    if not name or params is None or not any(getattr(p, "param_type_name", "") == "argument" for p in params.params):
        return ""
    word = next((a for a in given if a.startswith(name) and not _OPTION_LIKE.fullmatch(a)), None)
    if word is None:
        return ""
    shown = word if re.fullmatch(r"[\w@%+=:,./-]+", word) else shlex.quote(word)  # «-Осада» needs no quotes
    return f"; write `{cmd} -- {shown}` if «{word}» is text, not an option"


def quote_hint(e, given: list[str], cmd: str) -> str:
    """For click's «Got unexpected extra argument(s)» of a command that takes one text (``pasyans
    verify Сорок розбійників``: the shell made two words of the name): ``; put a name of several
    words in quotes: `pasyans verify "Сорок розбійників"``` (the command's words that are not options
    or their values); else ``""``."""
    command = getattr(getattr(e, "ctx", None), "command", None)
    if command is None or "unexpected extra argument" not in str(getattr(e, "message", "")):
        return ""
    if not any(getattr(p, "param_type_name", "") == "argument" and getattr(p, "nargs", 1) == 1 for p in command.params):
        return ""  # no text to give (export), or one of many words already (add FILE…)
    valued = {name for p in command.params if getattr(p, "param_type_name", "") == "option" and not p.is_flag
              for name in p.opts}
    words, skip = [], False
    for a in given[1:]:  # given[0] is the command's name
        if skip:
            skip = False
        elif a.startswith("-") and len(a) > 1:
            skip = a in valued
        else:
            words.append(a)
    if len(words) < 2:
        return ""
    text = " ".join(words).replace('"', '\\"')
    return f'; put a name of several words in quotes: `{cmd} "{text}"`'


class Edge(TyperGroup):
    """The ``pasyans`` group: errors become one line (see the module docstring)."""

    given: list[str] = []
    """The words of the command line being run (for :func:`text_hint`)."""

    def make_context(self, info_name, args, parent=None, **extra):
        tolerant_streams()
        self.given = list(args)
        for a in args:
            if "\x00" in a:  # no file name, option or text of the CLI may hold a NUL (open() refuses it)
                shown = a.replace("\x00", "\\0")
                say_error(f"argument {shown!r} holds a NUL character; give it without", 2)
            if not _is_text(a):
                try:  # bytes the shell passed (os.fsdecode made them \udc80…\udcff): show them as U+FFFD
                    shown = a.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                except UnicodeEncodeError:  # another lone surrogate (a caller's string): show its code
                    shown = a.encode("utf-8", "backslashreplace").decode("utf-8")
                say_error(f"argument {shown!r} is not valid UTF-8 text; check the terminal's encoding", 2)
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except QUIET:
            raise
        except UsageError as e:
            if NoArgsIsHelpError and isinstance(e, NoArgsIsHelpError):
                raise
            say_error(f"{_said(e)}; see `pasyans --help`", 2)

    def invoke(self, ctx):
        try:
            rv = super().invoke(ctx)
            sys.stdout.flush()  # a reader that went away (`| head`) is met here, not at exit
            return rv
        except QUIET:
            raise
        except UsageError as e:
            if NoArgsIsHelpError and isinstance(e, NoArgsIsHelpError):
                raise
            cmd = " ".join(["pasyans", *e.ctx.command_path.split()[1:]]) if e.ctx is not None else "pasyans"
            hint = (text_hint(e, self.given, cmd) if isinstance(e, _ck.exceptions.NoSuchOption)
                    else quote_hint(e, self.given, cmd))
            say_error(f"{_said(e)}{hint or f'; see `{cmd} --help`'}", 2)
        except ClickException as e:
            say_error(e.format_message(), e.exit_code)
        except KeyboardInterrupt:  # a read-only command stopped by Ctrl-C: said, as a build says it (typer was silent)
            say_error("interrupted", 130)
        except Exception as e:
            if isinstance(e, OSError) and e.errno == errno.EPIPE:
                _reader_gone()
            if os.environ.get("PASYANS_DEBUG"):
                raise
            msg, status = describe(e)
            say_error(msg, status)
