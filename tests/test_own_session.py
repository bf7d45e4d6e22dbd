"""`pasyans serve` runs its server in a session of its own (pasyans/kb/own_session.py): the kernel
then shares the CPU between it and the shell that started it, not thread by thread with every
CPU-bound job of that shell (issue 15: a normal page under load). The command's process forwards
the signals and ends with the server; the server ends with it."""

from __future__ import annotations

import os
import signal
import time

import pytest

from tests.browser_util import Server

pytestmark = pytest.mark.skipif(not hasattr(os, "setsid") or not os.path.exists("/proc/self/task"),
                                reason="sessions and /proc are Linux's")


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as fh:
            return "zombie" in fh.read().lower()
    except OSError:
        return True


def test_the_server_leads_a_session_of_its_own_and_ctrl_c_stops_both(built_kb):
    with Server(built_kb[0]) as srv:
        server = srv.server_pid
        assert server != srv.proc.pid                          # a child of the command …
        assert os.getsid(server) == server                    # … leading its own session
        assert os.getsid(srv.proc.pid) == os.getsid(0)        # the command stays in the shell's
        srv.proc.send_signal(signal.SIGINT)                   # Ctrl-C reaches the command only
        assert srv.proc.wait() == 128 + signal.SIGINT         # as before; no clock: only the suite's timeout
        assert _gone(server)
        assert "Traceback" not in srv.output() and "KeyboardInterrupt" not in srv.output()


def test_the_server_ends_with_a_command_killed_by_sigkill(built_kb):
    with Server(built_kb[0]) as srv:
        server = srv.server_pid
        srv.proc.kill()
        srv.proc.wait()
        while not _gone(server):
            time.sleep(0.2)  # no clock: the test fails only by hanging, never by a timing


def test_sigterm_is_passed_on(built_kb):
    with Server(built_kb[0]) as srv:
        server = srv.server_pid
        srv.proc.terminate()
        assert srv.proc.wait() == 128 + signal.SIGTERM
        while not _gone(server):
            time.sleep(0.2)


def test_sigterm_of_a_server_serving_in_place_exits_cleanly(built_kb):
    """TESTER8: `serve` stopped by SIGTERM printed «resource_tracker: There appear to be 5 leaked semaphore
    objects» (its workers' pools were never closed: uvicorn raised the signal again and the process died
    of it, status -15). Serving in place (the command leads its own session) it now exits 143, quietly."""
    with Server(built_kb[0], own_session=True) as srv:
        assert srv.server_pid == srv.proc.pid                 # in place: no child
        srv.proc.terminate()
        assert srv.proc.wait() == 128 + signal.SIGTERM
        assert "leaked semaphore" not in srv.output() and "Traceback" not in srv.output(), srv.output()
