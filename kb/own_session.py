"""``pasyans serve`` in a session of its own, so that it gets a session's share of the CPU (issue 15:
a normal page under load).

Measured with ``bench/serve_load.py`` and CPU burners beside it: when a normal page waited a second,
the server's event loop was runnable but not running. Its wake-ups came 0.2–2.5 s late, and the
kernel's run-queue delay of the loop thread (``/proc/<pid>/task/<tid>/schedstat``) made up nearly all
of it, while the loop itself had used 10–25 ms of CPU; the page's own work (its SQL in a page thread,
its template) took 15 ms of CPU, and the page thread never queued more than 0.15 s. Not the interpreter
lock, not the SQL threads, not logging: the CPU share. Linux (``sched_autogroup``) shares the CPU
between sessions first, then between the threads of a session; a server started from a shell shares
that shell's one share with every CPU-bound job started from it — burners, a build, the load clients —
one thread each. With 13 burners in its session the loop thread got 2–6 % of a core (30 burners: the
server did not finish starting in 200 s); with the same burners in a session of their own, at load
13–41, the page's maximum was 0.14–0.30 s.

So ``pasyans serve`` starts the server in a new session (``setsid``), as a service manager would start
it. The command's own process stays in the shell's session as a supervisor: it forwards SIGINT
(Ctrl-C), SIGTERM, SIGHUP and SIGQUIT to the server and exits with the server's status. The server
ends with it (kill -9 of the supervisor too: :func:`pasyans.lifetime.end_with_parent`). The signals
are blocked from before the server starts until its handlers are in place, so a Ctrl-C in its first
moments is never a traceback. A process that already leads its session (started by ``setsid`` or a
service manager), or a system without sessions, serves in place.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

FORWARDED = tuple(getattr(signal, s) for s in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, s))
"""The signals the supervisor passes on to the server."""


def in_own_session() -> bool:
    """Whether this process already leads a session of its own (or sessions do not exist here)."""
    if not hasattr(os, "setsid") or not hasattr(signal, "pthread_sigmask"):
        return True
    return os.getsid(0) == os.getpid()


def serve(db_path: Path | str, host: str, port: int, allow_sql: bool = False, show_paths: bool = False) -> int:
    """Serve ``db_path`` (:func:`pasyans.kb.serve.run`) in a session of its own until a forwarded
    signal stops it; the exit status: 128 + N when signal N stopped it (130 after a Ctrl-C, as
    before), 1 when the port cannot be used (the server said why in one line). In place when
    :func:`in_own_session`. The command's process never imports the server (datasette, uvicorn):
    only the process that serves does."""
    if in_own_session():
        return _serve_here(db_path, host, port, allow_sql, show_paths)
    cmd = [sys.executable, "-m", __name__, str(os.getpid()), str(db_path), host, str(port),
           *(["--allow-sql"] if allow_sql else []), *(["--show-paths"] if show_paths else [])]
    signal.pthread_sigmask(signal.SIG_BLOCK, FORWARDED)  # inherited: the server unblocks them when ready
    try:
        child = subprocess.Popen(cmd, start_new_session=True)
    except BaseException:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, FORWARDED)
        raise

    def forward(signum, _frame):
        try:
            child.send_signal(signum)
        except OSError:  # already gone
            pass

    old = {s: signal.signal(s, forward) for s in FORWARDED}
    signal.pthread_sigmask(signal.SIG_UNBLOCK, FORWARDED)
    try:
        status = child.wait()
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
    return 128 - status if status < 0 else status


def _quit(signum, _frame):
    raise SystemExit(128 + signum)


def main(argv: list[str]) -> int:
    """The server's side: ``PARENT DB HOST PORT [--allow-sql] [--show-paths]``."""
    parent, db, host, port, *flags = argv
    for s in FORWARDED:  # a quiet exit, never a KeyboardInterrupt traceback (uvicorn raises them again)
        signal.signal(s, _quit)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, FORWARDED)
    from ..lifetime import end_with_parent

    end_with_parent(int(parent))
    return _serve_here(db, host, int(port), "--allow-sql" in flags, "--show-paths" in flags)


def _serve_here(db_path: Path | str, host: str, port: int, allow_sql: bool, show_paths: bool) -> int:
    """Serve in this process (:func:`pasyans.kb.serve.run`); a port that cannot be used is one line
    ``error: …`` and status 1 (:func:`pasyans.edge.say_error` raises ``typer.Exit``)."""
    from ..edge import say_error
    from .serve import PortError, run

    for s in FORWARDED:  # uvicorn raises a signal again once it stopped: an exit, not a death by the signal
        if s != signal.SIGINT and signal.getsignal(s) == signal.SIG_DFL:  # (which left the workers' semaphores)
            signal.signal(s, _quit)
    try:
        run(db_path, host=host, port=port, allow_sql=allow_sql, show_paths=show_paths)
    except PortError as e:
        say_error(str(e))
    return 0


if __name__ == "__main__":
    import typer

    try:
        raise SystemExit(main(sys.argv[1:]))
    except typer.Exit as e:
        raise SystemExit(e.exit_code) from None
