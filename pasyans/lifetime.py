"""A worker process ends with the process that started it (issue 15: reading workers of a build
stopped by Ctrl-C, SIGTERM or kill -9 were still running 47 min and 1 h 47 min later).

Neither ``concurrent.futures`` nor ``multiprocessing`` ends a worker whose parent is gone: an idle
one waits on its queue for ever, a busy one reads its source to the end and then waits. Call
:func:`end_with_parent` first thing in the worker (a pool's ``initializer``).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
"""``prctl`` option (``<linux/prctl.h>``): the signal the kernel sends this process when the
thread that created it ends."""


def end_with_parent(parent: int, kernel: bool = True, poll_s: float = 0.5) -> str:
    """End this process as soon as the process ``parent`` (its creator's pid, read in the parent:
    ``os.getpid()`` passed as an ``initarg``) is gone; return how: ``"kernel"`` or ``"watchdog"``
    (or ``"gone"`` when the parent had already ended: this process has then exited).

    ``kernel`` (Linux only): the kernel sends SIGKILL the moment the thread that forked this
    process ends (``prctl(PR_SET_PDEATHSIG)`` through ``ctypes``) — also while this process is
    busy in C code. That thread must live as long as the worker is wanted (a pool created and
    shut down by one call); otherwise pass ``kernel=False``. Elsewhere, or with ``kernel=False``,
    a daemon thread checks ``os.getppid()`` every ``poll_s`` seconds and calls ``os._exit(0)``.
    """
    if os.getppid() != parent:
        os._exit(0)
    if kernel and sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0:
                if os.getppid() != parent:  # gone between the check above and prctl
                    os._exit(0)
                return "kernel"
        except (OSError, AttributeError):  # no libc prctl: the watchdog below
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll_s)
        os._exit(0)

    threading.Thread(target=watch, name="pasyans-end-with-parent", daemon=True).start()
    return "watchdog"


def running_in_group(pgid: int) -> list[int]:
    """The process ids of process group ``pgid`` still running — zombies (ended, not yet reaped)
    do not count — read from Linux's ``/proc`` (an empty list where there is none)."""
    from pathlib import Path

    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):  # ended while listed
            continue
        if int(fields[2]) == pgid and fields[0] not in "ZX":
            alive.append(int(stat.parent.name))
    return alive
