"""Writing files without losing any: locks, temporary files, guarded and atomic writes.

Every command that writes goes through here:

- :func:`guard_output` refuses to write onto an input of the command (never, even with
  ``force``), over a SQLite database, a corpus file or any file that is not an earlier output of
  the same kind (unless ``force``);
- :func:`atomic_write_text` writes ``<name>.tmp-<random>`` beside the target, flushes it to
  disk and renames it over the target: the old file stays whole until the new one is;
- :class:`Lock` is an exclusive ``flock`` on ``<name>.build-lock`` beside the target, so two
  builds of one file run one after the other; :func:`remove_stale` removes the temporary files
  and locks that killed processes left (call it while holding the lock);
- :func:`check_free_space` refuses to start a write the folder has no room for.

Errors are :class:`WriteError`: one line naming the file and saying what to do.
Temporary files and locks match ``*.tmp-*`` and ``*.build-lock`` (ignored by git).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import time
from pathlib import Path
from typing import Callable, Iterable, Iterator

TEMP_MARK = ".tmp-"
LOCK_SUFFIX = ".build-lock"
SQLITE_HEADER = b"SQLite format 3\x00"


class WriteError(Exception):
    """A file cannot or must not be written; the message (one line) names it and says why."""


def describe_os_error(e: OSError, path: Path | str | None = None, *, name_path: bool = False) -> str:
    """``"<file>: <what went wrong>"`` for an ``OSError``, in words a person reads; the file is the
    error's own unless ``name_path`` (say ``path``, e.g. the target rather than its temporary file)."""
    where = path if name_path or e.filename is None else e.filename
    what = {errno.ENOSPC: "no space left on the device", errno.EDQUOT: "disk quota exceeded",
            errno.EROFS: "the file system is read-only", errno.EACCES: "permission denied",
            errno.EPERM: "operation not permitted"}.get(e.errno, e.strerror or str(e))
    return f"{where}: {what}" if where is not None else what


def os_remedy(e: OSError) -> str:
    """What to do about the ``OSError`` ``e`` (the end of its error line): free space on a full disk,
    write elsewhere where the folder is read-only or not the user's, check the path of a missing file."""
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        return "free some space, or write elsewhere"
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "write elsewhere, or check the permissions"
    if e.errno in (errno.ENOENT, errno.ENOTDIR):
        return "check the path"
    return "check the file, or write elsewhere"


def temp_path(target: Path) -> Path:
    """A fresh name ``<target>.tmp-<pid>-<random>`` in the target's folder (not created)."""
    return target.with_name(f"{target.name}{TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}")


def temp_files(target: Path) -> list[Path]:
    """The temporary files of ``target`` that exist now (SQLite's ``-journal``/``-wal`` included)."""
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        return []
    prefix = target.name + TEMP_MARK
    return sorted(p for p in folder.iterdir() if p.name.startswith(prefix))


def remove_quietly(paths: Iterable[Path | str]) -> int:
    """Remove each path that exists; return how many were removed. Never raises."""
    n = 0
    for p in paths:
        try:
            os.unlink(p)
            n += 1
        except OSError:
            pass
    return n


def remove_stale(target: Path) -> int:
    """Remove the temporary files earlier, killed writers of ``target`` left; return how many.
    Only call it while holding ``target``'s :class:`Lock` (no live writer then)."""
    return remove_quietly(temp_files(target))


def fsync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename in it) to disk; ignored where the system cannot."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(target: Path, text: str, sync: bool = True) -> None:
    """Write ``text`` (UTF-8) to ``target`` through a temporary file renamed over it.

    On any error the temporary file is removed and an existing ``target`` is left as it was;
    an ``OSError`` becomes :class:`WriteError` naming the file (a full disk, a read-only folder).
    ``sync=False`` skips the flushes to disk (a page of a folder export: a stopped process leaves
    no half-written page, a crash of the machine may).
    """
    target = Path(target)
    tmp = temp_path(target)
    try:
        with open(tmp, "x", encoding="utf-8") as fh:
            fh.write(text)
            if sync:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as e:
        remove_quietly([tmp])
        raise WriteError(describe_os_error(e, target, name_path=True) + f" (nothing written; the file is as it was); "
                         f"{os_remedy(e)}") from None
    except BaseException:
        remove_quietly([tmp])
        raise
    if sync:
        fsync_folder(target.parent)


def is_sqlite(path: Path) -> bool:
    """Whether ``path`` is a file that starts with SQLite's header."""
    try:
        with open(path, "rb") as fh:
            return fh.read(16) == SQLITE_HEADER
    except OSError:
        return False


def corpus_folder_of(path: Path) -> Path | None:
    """The corpus folder ``path`` lies in (a folder holding ``manifest.json``), or ``None``."""
    folder = path if path.is_dir() else path.parent
    return folder if (folder / "manifest.json").is_file() else None


def through_link(path: Path) -> Path:
    """The file a write onto ``path`` lands in: a symbolic link's final target (a link --out or --db
    is written through, the link kept, as an editor saves a linked file), else ``path`` itself."""
    path = Path(path)
    if not path.is_symlink() or (path.exists() and not path.is_file()):
        return path  # not a link; or a link to a device, pipe or folder: judged as what it leads to
    return Path(os.path.realpath(path))


def never_written(path: Path) -> str | None:
    """Why ``path`` may never be written, not even with ``--force``: ``"special"`` (an existing
    device or pipe: a file renamed over it would replace it, a write would wait on it), ``"corpus"``
    (a text or the manifest of a corpus folder; a knowledge base kept there is not one), else ``None``.
    A symbolic link is judged by the file it leads to (:func:`through_link`)."""
    path = through_link(path)
    if not path.exists() or path.is_dir():
        return None
    if not path.is_file():
        return "special"
    if corpus_folder_of(path) is not None and not is_sqlite(path):
        return "corpus"
    return None


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are the same existing file (through links and ``..`` alike)."""
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def guard_output(out: Path, *, inputs: Iterable[Path] = (), force: bool = False,
                 earlier_output: Callable[[Path], bool] | None = None, what: str = "output") -> None:
    """Raise :class:`WriteError` unless the file ``out`` may be written.

    Never onto one of ``inputs`` (the files the command reads), nor onto a text or the manifest of
    a corpus folder (even with ``force``). Without ``force``, not over a SQLite database (a
    knowledge base), a read-only file, or an
    existing file that ``earlier_output`` does not recognise as an earlier ``what``.
    """
    out = Path(out)
    for src in inputs:
        if same_file(out, Path(src)):
            raise WriteError(f"{out}: is {src}, which this command reads; give another file")
    if out.is_dir():
        raise WriteError(f"{out}: is a folder; give a file name")
    never = never_written(out)
    if never == "special":
        raise WriteError(f"{out}: is not a regular file (a device or a pipe); give a file name")
    if not out.parent.is_dir():
        raise WriteError(f"{out.parent}: no such folder; create it first, or give another --out")
    if not out.exists():
        return
    if never == "corpus":
        raise WriteError(f"{out}: is in a corpus folder (it has manifest.json); a text or manifest is never "
                         f"overwritten, not even with --force; write elsewhere")
    if force:
        return
    if is_sqlite(out):
        raise WriteError(f"{out}: is a SQLite database (a knowledge base?); not overwriting it; "
                         f"give another --out, or --force to replace it")
    if not out.stat().st_mode & 0o222:
        raise WriteError(f"{out}: is read-only; not overwriting it; give another --out, or --force to replace it")
    if earlier_output is None or not earlier_output(out):
        raise WriteError(f"{out}: exists and is not an earlier pasyans {what}; not overwriting it; "
                         f"give another --out, or --force to replace it")


def guard_output_folder(out: Path, *, inputs: Iterable[Path] = (), force: bool = False,
                        marker: str, fmt: str | None = None, what: str = "export") -> None:
    """Raise :class:`WriteError` unless files may be written into the folder ``out``.

    Never when an input of the command lies in it under a name an export could take
    (``*.md``, ``*.json``). Without ``force``, not into a corpus folder nor into a folder that
    holds files but neither the :class:`ExportFolder` mark of an export of ``fmt`` (finished or
    stopped: the same command resumes it) nor ``marker`` (the file an earlier ``what`` of this
    kind leaves at its end, ``index.md``, from before the mark).
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise WriteError(f"{out}: exists and is not a folder (this export writes a folder); give a folder's name")
    if not out.exists():
        return
    for src in inputs:
        src = Path(src)
        if src.suffix.lower() in (".md", ".json") and same_file(src.parent, out):
            raise WriteError(f"{out}: holds {src.name}, which this command reads; give another folder")
    if force:
        return
    if corpus_folder_of(out) is not None:
        raise WriteError(f"{out}: is a corpus folder (it has manifest.json); not writing into it; "
                         f"give another folder, or --force to write there")
    if fmt is not None and ExportFolder.mark_of(out, fmt).is_file():
        return
    if any(out.iterdir()) and not (out / marker).is_file():
        raise WriteError(f"{out}: is not empty and holds no earlier {what} ({marker}); not writing into it; "
                         f"give another folder, or --force to write there")


class ExportFolder:
    """The files one export (of format ``fmt``) writes into the folder ``out``, marked as its own.

    ``with ExportFolder(out, "markdown") as folder: folder.write("004-004.md", text)``: on entry
    it takes ``out``'s lock (:class:`Lock` on the mark: one export of a folder at a time), removes
    the temporary files a killed export left, and writes the mark ``.pasyans-FMT-export.json``
    (``{"format", "state": "unfinished", "files": [...]}``) before any page; each page is written
    whole (:func:`atomic_write_text`, renamed into place). On success the files the earlier export
    of the same format listed and this one did not write (the pages of games no longer in the
    knowledge base) are removed and the mark says ``"complete"`` with the files written; when the
    block stops (Ctrl-C, SIGTERM, an error) the mark stays ``"unfinished"`` and lists every file of
    either run, so the same command run again recognises the folder as its own and finishes it
    (:func:`guard_output_folder`). Files the mark does not list are never removed. Raises
    :class:`WriteError` (a folder that cannot be written).
    """

    def __init__(self, out: Path, fmt: str) -> None:
        self.out, self.fmt = Path(out), fmt
        self.mark = self.mark_of(self.out, fmt)
        self.earlier: set[str] = set()
        self.written: list[str] = []
        self._lock: Lock | None = None

    @staticmethod
    def mark_of(out: Path, fmt: str) -> Path:
        """The mark an export of ``fmt`` leaves in ``out``."""
        return Path(out) / f".pasyans-{fmt}-export.json"

    def _save(self, state: str, files: Iterable[str]) -> None:
        import json

        atomic_write_text(self.mark, json.dumps({"format": self.fmt, "state": state, "files": sorted(set(files))},
                                                ensure_ascii=False, indent=1) + "\n", sync=False)

    def __enter__(self) -> "ExportFolder":
        import json
        import re

        try:
            self.out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise WriteError(describe_os_error(e, self.out, name_path=True) + ": cannot create the folder; "
                             f"{os_remedy(e)}") from None
        self._lock = Lock(self.mark, wait=False, what=f"{self.fmt} export")
        self._lock.__enter__()
        try:
            try:
                earlier = json.loads(self.mark.read_text("utf-8"))
                self.earlier = {f for f in earlier.get("files", []) if isinstance(f, str) and "/" not in f}
            except (OSError, ValueError, AttributeError):
                self.earlier = set()
            stale = re.compile(r".+" + re.escape(TEMP_MARK) + r"\d+-[0-9a-f]{8}")  # temp_path's names
            remove_quietly(p for p in self.out.iterdir() if stale.fullmatch(p.name))
            self._save("unfinished", self.earlier)
        except BaseException:
            self._lock.__exit__(None, None, None)
            raise
        return self

    def write(self, name: str, text: str) -> None:
        """Write the file ``name`` of the export (whole or not at all).

        ``name`` is listed as the export's own before it is renamed into place, so a Ctrl-C that lands
        just after the rename never leaves a page the mark does not list (a listed page that was never
        written is only a name: the retry writes it or removes nothing that is there)."""
        self.written.append(name)
        atomic_write_text(self.out / name, text, sync=False)

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is None:
                remove_quietly(self.out / f for f in self.earlier - set(self.written))
                self._save("complete", self.written)
            else:
                self._save("unfinished", self.earlier | set(self.written))
        except WriteError:
            if exc_type is None:
                raise
        finally:
            self._lock.__exit__(None, None, None)


def check_free_space(folder: Path, need: int, what: str) -> None:
    """Raise :class:`WriteError` when ``folder`` has less than ``need`` bytes free."""
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return  # a system that cannot say: the write itself reports a full disk
    if free < need:
        raise WriteError(f"{folder}: {free / 1e6:.1f} MB free, {what} needs about {need / 1e6:.0f} MB; "
                         f"free some space or write elsewhere")


class Lock:
    """An exclusive lock for writing ``target``: ``flock`` on ``<target>.build-lock``.

    ``with Lock(target, wait=True, say=print):`` waits (saying so once) while another process
    holds it; with ``wait=False`` it raises :class:`WriteError` instead. The lock file holds the
    holder's pid and is removed on release; one left by a killed process is reused (the kernel
    dropped its lock). Raises :class:`WriteError` when the folder cannot be written.
    """

    def __init__(self, target: Path, wait: bool = True, say: Callable[[str], None] | None = None,
                 poll: float = 0.2, what: str = "build") -> None:
        self.target = Path(target)
        self.what = what
        self.path = self.target.with_name(self.target.name + LOCK_SUFFIX)
        self.wait, self.say, self.poll = wait, say, poll
        self.fd: int | None = None

    def _holder(self) -> str:
        try:
            return self.path.read_text("ascii").strip() or "?"
        except (OSError, UnicodeDecodeError):
            return "?"

    def __enter__(self) -> "Lock":
        import fcntl

        told = False
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as e:
                raise WriteError(f"{self.target}: cannot write in {self.path.parent} ({describe_os_error(e, self.path)}); "
                                 "write elsewhere") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                if not self.wait:
                    raise WriteError(f"{self.target}: another {self.what} (pid {self._holder()}) is writing it; "
                                     f"wait for it to finish") from None
                if not told and self.say:
                    self.say(f"waiting for another build of {self.target} (pid {self._holder()}) to finish")
                    told = True
                time.sleep(self.poll)
                continue
            try:  # the holder before us may have removed the file we locked: lock the one there now
                same = os.path.samestat(os.fstat(fd), os.stat(self.path))
            except FileNotFoundError:
                same = False
            if not same:
                os.close(fd)
                continue
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
            self.fd = fd
            return self

    def __exit__(self, *exc) -> None:
        if self.fd is not None:
            remove_quietly([self.path])  # while still holding it: see __enter__
            os.close(self.fd)
            self.fd = None


@contextlib.contextmanager
def removing_on_failure(paths: list[Path]) -> Iterator[None]:
    """Remove ``paths`` (and SQLite's ``-journal``/``-wal`` beside them) if the block raises."""
    try:
        yield
    except BaseException:
        remove_quietly([q for p in paths for q in (p, Path(f"{p}-journal"), Path(f"{p}-wal"), Path(f"{p}-shm"))])
        raise
