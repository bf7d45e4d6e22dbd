"""Screenshots of the web knowledge base, for a person to look at.

    .venv/bin/python scripts/screenshots.py [--db FILE] [--out DIR]

Starts ``pasyans serve`` on a free loopback port, drives headless chromium (selenium and
chromium-driver; Debian: ``apt-get install chromium chromium-driver``) through what a new user
does — the landing page, the search box with «осаждённой крепости», a game page with its moves
and verdicts, a pre-1918 game shown as printed, a canned query whose game ids are links, an
unknown name with the nearest matches, the full-text search, the cards in English, a name two
texts share — and writes one full-page PNG per
step into ``--out`` (default ``screenshots/``). Without ``--db`` a knowledge base is built into
a temporary folder. Prints the files written.
"""

from __future__ import annotations

import argparse
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_util import BrowserMissing, Server, chrome, full_page_screenshot, knowledge_base  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path)
    ap.add_argument("--out", type=Path, default=Path("screenshots"))
    args = ap.parse_args()
    with knowledge_base(args.db) as db:
        return shoot(db, args.out)


def shoot(db: Path, out: Path) -> int:
    """Drive the browser through the pages of the module docstring; the exit status."""
    try:
        drv = chrome()
    except BrowserMissing as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    written = []
    try:
        with Server(db) as srv:
            def shot(name: str) -> None:
                written.append(full_page_screenshot(drv, out / f"{name}.png"))

            drv.get(srv.base + "/")
            shot("01-landing")
            box = drv.find_element(By.ID, "q")
            box.send_keys("осаждённой крепости", Keys.ENTER)
            shot("02-search-osazhdyonnoy-kreposti")
            drv.get(srv.base + "/game/000-2")
            shot("03-game-paganini-layout-and-moves")
            drv.get(srv.base + "/game/002-1")
            shot("04-game-pre-1918-as-printed")
            drv.get(srv.base + f"/{db.stem}/illegal_moves")
            shot("05-query-illegal-moves-ids-linked")
            drv.get(srv.base + "/game/" + urllib.parse.quote("Лунная крепость"))
            shot("06-unknown-name-nearest")
            drv.get(srv.base + "/search?q=" + urllib.parse.quote("дама пик"))
            shot("07-text-search-dama-pik")
            drv.get(srv.base + "/game/004-004?cards=en")
            shot("08-game-cards-english")
            drv.get(srv.base + "/game/" + urllib.parse.quote("Паганини"))
            shot("09-a-name-two-texts-share")
    finally:
        drv.quit()
    for p in written:
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
