"""Benchmark of the web knowledge base (issue 14): can a person click their way to every game?

    python bench/web.py [--db FILE] [--browser] [--verbose]

Runs the server in-process (Datasette's test client, no network), or with ``--browser`` starts
``pasyans serve`` on a loopback port and reads every page in headless chromium (selenium and
chromium-driver: the page as rendered, the search typed into the box and submitted with Enter,
the ids a person sees checked on the rendered text), and prints:

- games reachable from the landing page in ≤ 2 clicks (following the links a page shows), and
  games reached by one search (the landing page's search box, its ``action`` and field name read
  from the page, with the game's title typed in);
- game ids shown without a link, over the landing page, the games list, every game page, every
  canned query and the main tables, and the pages their links lead to (one link further, at most
  :data:`CRAWL_PAGES` more; an id is ``000-2``, ``004-004``, ``004-024-v1``);
- ``/game/<name>`` for every stated alias and title: lands on that game's page (after redirects),
  or on a page that links it among the candidates, or neither;
- pre-1918 spelling on the game pages: of the old-spelling words of a pre-1918 game's raw lines
  and of its rule quotes, the share shown on its page (the quotes' in its rules section).

With ``--browser`` and no browser installed it says so in one line and exits 2.

Exits 1 when a target is missed (every game in ≤ 2 clicks or one search; 0 ids without a link;
every alias resolves). Without ``--db`` a knowledge base is built into a temporary folder.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sqlite3
import sys
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.browser_util import knowledge_base  # noqa: E402

ID = re.compile(r"(?<![\w/-])\d{3}-\d+(?:-v\d+)?(?![\w-])")
"""A game id as the knowledge base writes it."""


class Page(HTMLParser):
    """Links, forms and game ids written outside a link, of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.forms: list[dict] = []
        self.unlinked: list[str] = []
        self._in_a = 0
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a":
            self._in_a += 1
            if a.get("href"):
                self.links.append(a["href"])
        elif tag in ("script", "style", "textarea", "title"):
            self._skip += 1
        elif tag == "form":
            self.forms.append({"action": a.get("action") or "", "method": (a.get("method") or "get").lower(),
                               "fields": []})
        elif tag == "input" and self.forms and a.get("name") and a.get("type", "text") in ("text", "search"):
            self.forms[-1]["fields"].append(a["name"])

    def handle_endtag(self, tag):
        if tag == "a":
            self._in_a = max(0, self._in_a - 1)
        elif tag in ("script", "style", "textarea", "title"):
            self._skip = max(0, self._skip - 1)

    def handle_data(self, data):
        if not self._in_a and not self._skip:
            self.unlinked.extend(ID.findall(data))


def parse(html: str) -> Page:
    p = Page()
    p.feed(html)
    return p


class Client:
    """GET through Datasette's in-process client, following redirects (at most 5)."""

    def close(self) -> None:
        self.loop.close()

    def unlinked(self, body: str, ids) -> list[str]:
        """The game ids of ``ids`` written outside a link on the page ``body``."""
        return [i for i in parse(body).unlinked if i in ids]

    def search(self, form: dict, text: str) -> tuple[int, str]:
        """Submit the landing page's search ``form`` with ``text``: (status, final path)."""
        q = urllib.parse.urlencode({form["fields"][0]: text})
        s, final, _b = self.get((local(form["action"] or "/", "/") or "/").split("?")[0] + "?" + q)
        return s, final

    def __init__(self, db: Path):
        from pasyans.kb.serve import datasette_app

        self.ds = datasette_app(db)
        self.loop = asyncio.new_event_loop()
        self.loop.run_until_complete(self.ds.invoke_startup())

    def get(self, path: str) -> tuple[int, str, str]:
        """(status, final path, body)."""
        for _ in range(6):
            r = self.loop.run_until_complete(self.ds.client.get(path))
            if r.status_code in (301, 302, 303, 307, 308) and r.headers.get("location"):
                path = urllib.parse.urljoin(path, r.headers["location"])
                continue
            return r.status_code, path, r.text
        return 0, path, ""


class BrowserClient:
    """The same questions asked of headless chromium against ``pasyans serve`` on a loopback
    port: ``get`` loads the page (status from the Navigation Timing entry, the final path from
    the address bar, the DOM as rendered); ``unlinked`` reads the text a person sees."""

    def __init__(self, db: Path):
        from tests.browser_util import Server, chrome
        from tests.test_browser import UNLINKED_IDS_JS

        self.js = UNLINKED_IDS_JS
        self.drv = chrome()
        self.drv.set_page_load_timeout(120)
        self.server = Server(db).__enter__()

    def close(self) -> None:
        self.drv.quit()
        self.server.__exit__(None, None, None)

    def _here(self) -> tuple[int, str]:
        status = self.drv.execute_script(
            "const e = performance.getEntriesByType('navigation')[0]; return e ? e.responseStatus : 0;")
        u = urllib.parse.urlsplit(self.drv.current_url)
        return int(status or 0), u.path + (("?" + u.query) if u.query else "")

    def get(self, path: str) -> tuple[int, str, str]:
        self.drv.get(self.server.base + path)
        status, final = self._here()
        return status, final, self.drv.page_source

    def unlinked(self, body: str, ids) -> list[str]:
        return list(self.drv.execute_script(self.js, sorted(ids)))

    def search(self, form: dict, text: str) -> tuple[int, str]:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        from selenium.webdriver.support import expected_conditions
        from selenium.webdriver.support.ui import WebDriverWait

        self.drv.get(self.server.base + "/")
        box = self.drv.find_element(By.NAME, form["fields"][0])
        box.send_keys(text, Keys.ENTER)
        wait = WebDriverWait(self.drv, 60)
        wait.until(expected_conditions.staleness_of(box))  # the landing page has gone
        wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
        return self._here()


CRAWL_DEPTH = 2
"""How many links deep the crawl for unlinked ids goes from the landing page (the named pages
count as one)."""

CRAWL_PAGES = 400
"""At most this many pages crawled beyond the named ones."""


def crawlable(path: str) -> bool:
    """A page worth crawling: HTML of this server, not a sort/facet/paging variant of a table
    already read (parameters starting with ``_``), not Datasette's own ``/-/`` pages."""
    u = urllib.parse.urlsplit(path)
    if re.search(r"\.(json|csv|db|css|js|png)$", u.path) or u.path.startswith("/-/") or "/-/" in u.path:
        return False
    return not any(k.startswith("_") for k, _v in urllib.parse.parse_qsl(u.query, keep_blank_values=True))


def game_of(path: str) -> str | None:
    m = re.match(r"^/game/([^/?#]+)$", urllib.parse.urlsplit(path).path)
    return urllib.parse.unquote(m.group(1)) if m else None


def local(href: str, base: str) -> str | None:
    u = urllib.parse.urlsplit(urllib.parse.urljoin(base, href))
    if u.scheme in ("http", "https") and u.netloc not in ("", "localhost"):
        return None
    return u.path + (("?" + u.query) if u.query else "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path)
    ap.add_argument("--browser", action="store_true", help="Read the pages in headless chromium.")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    if args.browser:
        from tests.browser_util import BrowserMissing, chrome

        try:
            chrome().quit()
        except BrowserMissing as e:
            print(f"no headless browser here: {e}", file=sys.stderr)
            return 2
    with knowledge_base(args.db) as db:
        client = BrowserClient(db) if args.browser else Client(db)
        try:
            return measure(db, client, args.verbose)
        finally:
            client.close()


def measure(db: Path, client, verbose: bool) -> int:
    """The figures of the module docstring for the knowledge base ``db``, asked of ``client``
    (:class:`Client` or :class:`BrowserClient`); the exit status."""
    conn = sqlite3.connect(db)
    games = {gid: (name or printed or gid) for gid, name, printed in
             conn.execute("SELECT id, name, printed_name FROM games")}
    ok = True

    # 1. clicks from the landing page
    status, _p, html = client.get("/")
    landing = parse(html)
    reached: dict[str, int] = {}
    second: list[str] = []
    for href in landing.links:
        path = local(href, "/")
        if not path:
            continue
        g = game_of(path)
        if g:
            reached.setdefault(g, 1)
        else:
            second.append(path)
    for path in dict.fromkeys(second):
        s, final, body = client.get(path)
        if s != 200:
            continue
        for href in parse(body).links:
            p = local(href, final)
            g = game_of(p) if p else None
            if g:
                reached.setdefault(g, 2)
    in_two = {g for g in games if g in reached}
    search_ok = set()
    form = next((f for f in landing.forms if f["method"] == "get" and f["fields"]), None)
    if form:
        for gid, name in games.items():
            s, final = client.search(form, name)
            if s == 200 and game_of(final) == gid:
                search_ok.add(gid)
    either = in_two | search_ok
    print(f"landing page: status {status}; games in ≤ 2 clicks: {len(in_two)}/{len(games)}; "
          f"by one search of the title: {len(search_ok)}/{len(games)}; either: {len(either)}/{len(games)}"
          + ("" if form else " (no search box on the landing page)"))
    ok &= len(either) == len(games)

    # 2. game ids shown without a link
    dbname = db.stem
    pages = ["/", "/games", f"/{dbname}"] + [f"/game/{urllib.parse.quote(g)}" for g in games]
    pages += [f"/{dbname}/{t}" for t in ("games", "moves", "aliases", "links", "examples", "findings", "crosswalk")]
    pages += [f"/{dbname}/game_by_name?name=" + urllib.parse.quote("Осада"),
              f"/{dbname}/illegal_moves", f"/{dbname}/games_by_packs?packs=2", f"/{dbname}/packs_summary",
              f"/{dbname}/variants_of?game=004-024", f"/{dbname}/same_game_across_texts",
              f"/{dbname}/catalogue_conflicts", f"/{dbname}/search_rules?words=" + urllib.parse.quote("короли")]
    named = len(pages)
    queue = list(dict.fromkeys(pages))
    seen = set(queue)
    depth = {p: (0 if p == "/" else 1) for p in queue}  # the named pages: a click from the landing page
    unlinked_total, shown, crawled = 0, 0, 0
    while queue:
        path = queue.pop(0)
        s, final, body = client.get(path)
        if s != 200:
            if verbose:
                print(f"  {path}: status {s}")
            continue
        shown += 1
        bad = client.unlinked(body, games)
        unlinked_total += len(bad)
        if bad and verbose:
            print(f"  {path}: {len(bad)} ids without a link, e.g. {bad[:5]}")
        d = depth[path]
        if d >= CRAWL_DEPTH:
            continue
        for href in parse(body).links:
            p = local(href, final)
            if p and p not in seen and crawlable(p) and crawled < CRAWL_PAGES:
                seen.add(p)
                depth[p] = d + 1
                queue.append(p)
                crawled += 1
    print(f"game ids shown without a link: {unlinked_total} over {shown} pages "
          f"({named} named, {crawled} more found by following their links)")
    ok &= unlinked_total == 0

    # 3. /game/<alias or title>
    names = [(a, g) for a, g in conn.execute("SELECT name, game FROM aliases WHERE kind != 'related'")]
    names += [(n, gid) for gid, n in conn.execute("SELECT id, name FROM games WHERE name IS NOT NULL")]
    names += [(n, gid) for gid, n in conn.execute("SELECT id, printed_name FROM games WHERE printed_name IS NOT NULL")]
    direct = listed = 0
    misses = []
    for name, gid in names:
        s, final, body = client.get("/game/" + urllib.parse.quote(name))
        if s == 200 and game_of(final) == gid:
            direct += 1
        elif s in (200, 300, 404) and any(game_of(local(h, final) or "") == gid for h in parse(body).links):
            listed += 1
        else:
            misses.append(f"{name!r} → {gid} (status {s}, at {final})")
    print(f"/game/<name> for {len(names)} stated names (aliases and titles): {direct} open the game, "
          f"{listed} list it among the candidates, {len(misses)} neither")
    if verbose:
        for m in misses[:20]:
            print("  " + m)
    ok &= not misses

    # 4. pre-1918 spelling on the game pages
    from bench.export import OLD_WORD, html_rules_part, old_spelling_quotes, strip_tags, words_of
    from pasyans.corpus import load_corpus

    import json

    sources = {s.id: s for s in load_corpus(Path(__file__).resolve().parent.parent / "corpus")}
    quotes = old_spelling_quotes(conn)
    text_words, quote_words = [0, 0], [0, 0]
    for gid, sid, lines in conn.execute("SELECT g.id, g.source, g.lines FROM games g JOIN sources s "
                                        "ON s.id = g.source WHERE s.orthography = 'pre-reform'"):
        raw = sources[sid].lines if sid in sources else []
        words = [w for a, b in json.loads(lines) for n in range(a, b + 1) if n <= len(raw)
                 for w in OLD_WORD.findall(raw[n - 1])]
        qwords = [w for q in quotes.get(gid, []) for w in OLD_WORD.findall(q.text)]
        s, _f, body = client.get(f"/game/{urllib.parse.quote(gid)}")
        have = words_of(strip_tags(body)) if s == 200 else set()
        in_rules = words_of(strip_tags(html_rules_part(body))) if s == 200 else set()
        for got, want, shown in ((text_words, words, have), (quote_words, qwords, in_rules)):
            got[0] += sum(w in shown for w in want)
            got[1] += len(want)
    print(f"game pages of pre-1918 games: old-spelling words of the text shown as printed "
          f"{text_words[0]}/{text_words[1]}, of the rule quotes (in the rules section) {quote_words[0]}/{quote_words[1]}")
    ok &= text_words[0] == text_words[1] and quote_words[0] == quote_words[1]
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
