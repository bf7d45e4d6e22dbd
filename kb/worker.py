"""One worker process a server hands CPU-heavy work to (issue 15: the server's pages under load).

A thread of the server shares the interpreter lock with the event loop and the page threads:
Python work in it (visitor SQL's functions, a name search) makes every page wait its turn for the
lock, and a thread run at a lower CPU priority that is preempted while it holds the lock stalls
every page (2.2 s under 8 clients of visitor SQL; 1.0 s under 8 clients of made-up names on
/find). In a process of its own, at a lower priority, the work only takes CPU time.

:class:`WorkerProcess` is one such process (``ProcessPoolExecutor`` of one, spawned: the server
has threads, so no fork), started on the first call or by :meth:`~WorkerProcess.start`, killed
and started again by :meth:`~WorkerProcess.restart`, and ended with its server
(:func:`pasyans.lifetime.end_with_parent`). Used by :mod:`pasyans.kb.sql_worker` and by the
name searches of :mod:`pasyans.kb.web` (:mod:`pasyans.kb.search_worker`).
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ProcessPoolExecutor


def _start(nice: int, parent: int, then, args: tuple) -> None:
    """Worker initializer: lower the process's CPU priority by ``nice``, end it when the server
    ``parent`` is gone (killed, or stopped by SIGTERM, the server cannot stop its worker), then
    ``then(*args)`` when given."""
    from ..lifetime import end_with_parent

    try:
        os.nice(nice)
    except OSError:
        pass
    # the server's thread that started this worker may end before the server does: no PDEATHSIG
    end_with_parent(parent, kernel=False)
    if then is not None:
        then(*args)


def ping() -> int:
    """In the worker: its process id (a server starts its worker at once with it)."""
    return os.getpid()


class WorkerProcess:
    """A server's worker process (see the module docstring): ``nice`` lower in CPU priority;
    ``initializer(*initargs)`` runs in it once it started (a module-level function)."""

    def __init__(self, nice: int, initializer=None, initargs: tuple = ()):
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._ready: ProcessPoolExecutor | None = None  # the pool whose worker has started
        self._initargs = (nice, os.getpid(), initializer, initargs)

    def pool(self) -> ProcessPoolExecutor:
        """The executor of the worker (a new one after :meth:`restart`)."""
        with self._lock:
            if self._pool is None:
                import multiprocessing

                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_start, initargs=self._initargs)
            return self._pool

    def start(self) -> int:
        """Start the worker now (not on the first call), wait until its initializer has run, and
        return its process id. Raises ``BrokenProcessPool`` when it could not start."""
        pool = self.pool()
        pid = pool.submit(ping).result()
        self._ready = pool
        return pid

    async def ready(self) -> None:
        """:meth:`start` (in a thread) unless the worker has started: a time limit on a call
        awaited after this counts the call alone, not the worker's start-up (a spawn and its
        imports took over 6 s on a loaded machine: a query of 1 ms was «interrupted»)."""
        if self._ready is None or self._ready is not self._pool:
            import asyncio

            await asyncio.get_running_loop().run_in_executor(None, self.start)

    def restart(self) -> None:
        """Kill the worker (work that does not stop) and let the next call start a new one."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            _kill(pool)
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the worker (the server is stopping): killed, then its executor's threads joined.
        Not ``shutdown(wait=False)``: at the interpreter's exit Python 3.11–3.12 would still wake the
        executor's thread through a pipe that thread may be closing meanwhile (a race in
        ``concurrent.futures.process``), and print «Exception ignored … OSError: [Errno 9] Bad file
        descriptor» with a traceback: seen once in 12 Ctrl-C'd servers (tests/test_own_session.py)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            _kill(pool)
            pool.shutdown(wait=True, cancel_futures=True)


def _kill(pool: ProcessPoolExecutor) -> None:
    """Kill the worker processes of ``pool`` (there is no public way to stop a busy worker)."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        proc.kill()
