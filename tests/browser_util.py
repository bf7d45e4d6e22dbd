"""Helpers for the browser and server tests, ``scripts/screenshots.py`` and the web benches:
``pasyans serve`` in a subprocess on a free loopback port, Debian's chromium driven headless
through selenium (chromium-driver), and a knowledge base to run on.

:func:`chrome` raises :class:`BrowserMissing` with the reason when selenium, chromium or its
driver is not installed, so tests can skip with that message.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


@contextlib.contextmanager
def knowledge_base(db: Path | None):
    """``db`` itself, or (``None``) a knowledge base built from the bundled corpus into a
    temporary folder that is removed afterwards."""
    if db is not None:
        yield Path(db)
        return
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(tmp) / "pasyans.db"
        subprocess.run([sys.executable, "-m", "pasyans.cli", "build", "--db", str(built), "--quiet"], check=True,
                       stdout=subprocess.DEVNULL)
        yield built


class BrowserMissing(RuntimeError):
    """No headless browser can be started here; the message says what is missing."""


def free_port() -> int:
    """A TCP port free on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``pasyans serve --db DB`` (plus ``args``) in a subprocess; use as a context manager.

    ``base`` is the URL (``http://127.0.0.1:PORT``); :meth:`output` is what the server printed.
    ``own_session``: start the command as the leader of a session of its own (as a service manager or
    ``setsid`` does): it then serves in place, without a child."""

    def __init__(self, db: Path, *args: str, timeout: float | None = None, own_session: bool = False):
        self.db, self.args, self.timeout, self.own_session = Path(db), args, timeout, own_session
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self._log = tempfile.TemporaryFile(mode="w+")
        self.proc = None

    def __enter__(self) -> "Server":
        self.proc = subprocess.Popen([sys.executable, "-m", "pasyans.cli", "serve", "--db", str(self.db),
                                      "--port", str(self.port), *self.args],
                                     stdout=self._log, stderr=subprocess.STDOUT, text=True,
                                     start_new_session=self.own_session)  # own_session: it serves in place
        # No clock: wait while the server process lives (a loaded machine may take long to start it);
        # a caller outside the suite (bench/) may give a timeout in seconds, counted in polls.
        polls_left = None if self.timeout is None else max(1, int(self.timeout / 0.3))
        while True:
            try:
                with urllib.request.urlopen(self.base + "/-/versions.json", timeout=5):
                    return self
            except OSError:
                if polls_left is not None:
                    polls_left -= 1
                if self.proc.poll() is not None or polls_left == 0:
                    self.__exit__(None, None, None)
                    raise RuntimeError(f"server did not start: {self.output()[-2000:]}")
                time.sleep(0.3)

    @property
    def server_pid(self) -> int:
        """The process id of the process that serves: ``pasyans serve`` runs its server in a session
        of its own, a child of the command's process (see ``pasyans/kb/own_session.py``); the
        command's own when it serves in place."""
        try:
            with open(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children") as fh:
                children = [int(x) for x in fh.read().split()]
        except OSError:
            return self.proc.pid
        for pid in children:
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as fh:
                    if b"own_session" in fh.read():
                        return pid
            except OSError:
                continue
        return self.proc.pid

    def output(self) -> str:
        self._log.flush()
        self._log.seek(0)
        return self._log.read()

    def __exit__(self, *exc) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


def chrome(width: int = 1280, height: int = 1000):
    """A headless chromium (selenium webdriver) with a ``width`` × ``height`` window.

    Raises :class:`BrowserMissing` when selenium, ``chromium`` or ``chromedriver`` is missing or
    the browser does not start."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as e:
        raise BrowserMissing(f"selenium is not installed ({e}); pip install selenium") from e
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        raise BrowserMissing("no chromium/chromedriver on PATH (Debian: apt-get install chromium chromium-driver)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--lang=ru-RU", "--no-first-run"):
        opts.add_argument(arg)
    try:
        return webdriver.Chrome(service=Service(driver), options=opts)
    except Exception as e:  # selenium's errors vary by version; say why in one line
        raise BrowserMissing(f"chromium did not start: {str(e).splitlines()[0] if str(e) else type(e).__name__}") from e


def full_page_screenshot(drv, path: Path, max_height: int = 8000) -> Path:
    """Save the whole page (up to ``max_height`` pixels tall) as a PNG at ``path``."""
    height = min(max_height, int(drv.execute_script("return document.documentElement.scrollHeight")))
    width = int(drv.execute_script("return window.innerWidth"))
    drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        drv.save_screenshot(str(path))
    finally:
        drv.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return path
