"""`pasyans serve`: the web knowledge base over real HTTP (a server in a subprocess) and through
Datasette's in-process client — the pages a person reads, the links, and what keeps the server
safe on a network (issue 15 item 1): no tracebacks, SQL off by default and bounded when on,
no download, no paths, only GET, escaping, a rebuilt file served without a restart, and a
bounded load test (outcomes only; timings are in bench/serve_load.py)."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import shutil
import sqlite3
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest
from markupsafe import escape

from pasyans.kb import guard
from pasyans.kb.serve import HIDDEN, TABLES, datasette_app, metadata
from tests.browser_util import Server

ID_RE = re.compile(r"(?<![\w/-])\d{3}-\d+(?:-v\d+)?(?![\w-])")


def _get(url: str, timeout: float = 30) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def _request(base: str, method: str, path: str, timeout: float = 60) -> int:
    u = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=timeout)
    try:
        conn.request(method, path, body=b"a=1" if method == "POST" else None)
        resp = conn.getresponse()
        resp.read()
        return resp.status
    finally:
        conn.close()


@pytest.fixture(scope="module")
def server(built_kb):
    """``pasyans serve`` in a subprocess on a free loopback port."""
    db, _ = built_kb
    with Server(db) as srv:
        yield srv


def _client(db, paths: list[str], **kw) -> list:
    ds = datasette_app(db, **kw)

    async def run():
        await ds.invoke_startup()
        return [await ds.client.get(p) for p in paths]

    return asyncio.run(run())


def q(s: str) -> str:
    return urllib.parse.quote(s, safe="")


# -- the pages a person reads ----------------------------------------------------------------------

def test_game_page_over_http_shows_names_rules_text_and_moves(server, kb):
    status, html = _get(server.base + "/game/004-004")
    assert status == 200
    assert "Осажденная крепость" in html and "Beleaguered Castle" in html
    assert "«Осада» — alias, ru, lines 525–527" in html          # the alias with the lines it is stated on
    assert "PySolFC #34" in html and "lines 524–574" in html
    assert 'id="L529"' in html and "Из колоды изымаются четыре туза и" in html   # the text with raw line numbers
    # the rules as a table: the fact, its value and the sentence with its lines
    assert "<td>tableau piles</td><td><strong>8</strong></td>" in html and "lines 554–556" in html
    # every move with its verdict and reason; cards coloured
    reason, = kb.execute("SELECT reason FROM moves WHERE id = '004-004/ex1/m3'").fetchone()
    assert html.count('class="verdict legal"') >= 18 and str(escape(reason)) in html
    assert '<span class="card red">4♦</span>' in html or '<span class="card red">♦4</span>' in html


def test_landing_page_search_box_and_games_by_source(server):
    status, html = _get(server.base + "/")
    assert status == 200
    assert '<form class="search" action="/find"' in html and 'name="q"' in html
    assert "Games by source" in html and "Двадцать четыре основные пасьянса" in html
    assert "text_map" not in html and "passages" not in html      # internal tables are not on the landing page
    status, html = _get(server.base + "/find?q=" + q("осаждённой крепости"))
    assert status == 200 and "<title>Осажденная крепость (004-004)" in html    # one search: the game's page


def test_any_name_or_alias_opens_its_game(built_kb, kb):
    db, _ = built_kb
    names = [(a, g) for a, g in kb.execute("SELECT name, game FROM aliases WHERE kind IN ('alias', 'title-form')")]
    names += [("Салическій законъ", "002-1"), ("Осада", "004-004"), ("Beleaguered Castle", "004-004")]
    paths = ["/game/" + q(n) for n, _g in names]
    ds = datasette_app(db)

    async def follow(path):
        r = await ds.client.get(path)
        while r.status_code == 302:
            path = r.headers["location"]
            r = await ds.client.get(path)
        return path, r

    async def run():
        await ds.invoke_startup()
        return [await follow(p) for p in paths]

    for (name, gid), (final, r) in zip(names, asyncio.run(run())):
        assert r.status_code == 200, name
        # the game itself, or (a name two games share) the other game's page, which links it
        assert final.startswith(f"/game/{q(gid)}") or f'href="/game/{q(gid)}"' in r.text, (name, final)


def test_unknown_name_shows_the_nearest_matches(built_kb):
    db, _ = built_kb
    (r,) = _client(db, ["/game/" + q("Паганинни крепость")])
    assert r.status_code == 404
    assert "No game is called «Паганинни крепость»" in r.text and 'href="/game/' in r.text


def test_pre_1918_text_is_shown_as_printed_with_the_modern_form_on_hover(built_kb):
    db, _ = built_kb
    (r,) = _client(db, ["/game/002-1"])
    html = r.text
    assert "<h1>Салическій законъ" in html
    assert '<span class="old" title="modern: Основные">Основныя</span>' in html
    assert '<span class="old" title="modern: тузов">тузовъ</span>' in html
    assert "Основные карты восемь" not in html


def test_query_results_link_every_game_id(built_kb, kb):
    db, _ = built_kb
    ids = {r[0] for r in kb.execute("SELECT id FROM games")}
    n = db.stem
    pages = _client(db, [f"/{n}/illegal_moves", f"/{n}/same_game_across_texts", f"/{n}/games_by_packs?packs=2",
                         f"/{n}/moves?_size=50", f"/{n}/links", f"/{n}/moves?game=004-044",
                         f"/{n}/findings?game=004-004&_sort_desc=id"])
    for r in pages:
        assert r.status_code == 200
        text_only = re.sub(r"<a [^>]*>.*?</a>", "", r.text, flags=re.S)
        body = re.sub(r"<(script|style|textarea|title)[^>]*>.*?</\1>", "", text_only, flags=re.S)
        shown = [i for i in ID_RE.findall(re.sub(r"<[^>]+>", " ", body)) if i in ids]
        assert shown == [], (r.url, shown[:5])
    assert 'href="/game/004-016"' in pages[0].text
    # a filtered table says which game it shows, the id a link («3 rows where game = "004-044"»)
    h3 = re.search(r"<h3>(.*?)</h3>", pages[5].text, re.S).group(1)
    assert 'where game = &#34;<a class="game" href="/game/004-044">004-044</a>&#34;' in h3
    assert "sorted by id descending" in pages[6].text


def test_the_cards_toggle_links_the_other_convention(built_kb):
    db, _ = built_kb
    page, = _client(db, ["/game/004-004?cards=ru"])
    toggle = re.search(r'<p class="cards-toggle">.*?<a href="([^"]+)">show as ([^<]+)</a>', page.text, re.S)
    assert toggle.groups() == ("/game/004-004?cards=en", "♥Q")


def test_canned_queries_and_full_text_search(built_kb, kb):
    db, _ = built_kb
    n = db.stem
    illegal, packs, variants, fts, words, byname = _client(db, [
        f"/{n}/illegal_moves.json?_shape=array",
        f"/{n}/games_by_packs.json?packs=2&_shape=array",
        f"/{n}/variants_of.json?game=Клондайк&_shape=array",
        f"/{n}/passages.json?_search=" + q("королями") + "&_shape=array",
        f"/{n}/search_rules.json?words=" + q("короли заполняют пробелы") + "&_shape=array",
        f"/{n}/game_by_name.json?name=Paganini&_shape=array",
    ])
    n_illegal = kb.execute("SELECT count(*) FROM moves WHERE verdict = 'illegal'").fetchone()[0]
    assert illegal.status_code == 200 and len(illegal.json()) == min(n_illegal, 1000)
    two = {r["id"] for r in packs.json()}
    assert {"004-079", "004-099", "000-1"} <= two and "004-024" not in two
    var = {(r["id"], r["relation"]) for r in variants.json()}
    assert ("004-024-v1", "variant") in var and ("003-4", "different") in var
    assert fts.status_code == 200 and any(r["game"] == "004-075" for r in fts.json())
    assert any(r["game"] == "004-075" and r["first_line"] == 6303 for r in words.json())
    rows = byname.json()
    assert {r["game"] for r in rows[:2]} == {"000-2", "004-079"} and "the same game as" in rows[0]["why"]


def test_metadata_describes_every_table_and_hides_the_internal_ones(kb, built_kb):
    db, _ = built_kb
    meta = metadata(db)
    tables = {r[0] for r in kb.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                        "AND name NOT LIKE '%_fts%' AND name NOT LIKE 'sqlite_%'")}
    described = meta["databases"][db.stem]["tables"]
    assert tables <= set(TABLES) | set(described)
    assert all(described[t].get("hidden") for t in HIDDEN)
    (page,) = _client(db, [f"/{db.stem}"])
    assert page.status_code == 200 and ">text_map<" not in page.text and ">games<" in page.text


# -- safe on a network ----------------------------------------------------------------------------

def test_bad_requests_get_clear_answers_and_no_traceback(server, built_kb):
    db, _ = built_kb
    n = db.stem
    assert _request(server.base, "POST", "/") == 405
    assert _request(server.base, "POST", f"/{n}/game_by_name") == 405
    assert _request(server.base, "PUT", "/game/004-004") == 405
    assert _get(server.base + "/no/such/page")[0] == 404
    assert _get(server.base + f"/{n}/no_such_table")[0] == 404
    # arbitrary SQL is off by default; canned queries work
    assert _get(server.base + f"/{n}?sql=" + q("select 1"))[0] == 403
    # the database is not downloadable and its path is not shown
    assert _get(server.base + f"/{n}.db")[0] in (403, 404)
    status, body = _get(server.base + "/-/databases.json")
    assert status == 404 and str(db.parent) not in body
    for path in ("/", f"/{n}", "/game/004-004", "/-/versions.json", "/-/metadata.json", "/-/settings.json"):
        assert str(db.parent) not in _get(server.base + path)[1], path
    # an over-long name is refused with one clear answer, not run
    status, body = _get(server.base + f"/{n}/game_by_name?name=" + q(" ".join(["осада"] * 100)))
    assert status == 400 and "parameter name" in body
    assert _get(server.base + f"/{n}/game_by_name?name=" + q(" ".join(["осада"] * 1400)))[0] == 414
    assert "Traceback" not in server.output() and "locals" not in server.output()


def _raw_get(base: str, parts: list[bytes]) -> bytes:
    """The status line of a GET whose request line is sent as the raw bytes ``parts``, one write each."""
    import socket

    u = urllib.parse.urlsplit(base)
    with socket.create_connection((u.hostname, u.port), timeout=60) as s:
        for p in parts:
            s.sendall(p)
        s.sendall(b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return s.makefile("rb").readline().strip()


def test_raw_utf8_in_a_request_line_is_read_as_a_browser_sends_it(server):
    """«/find?q=Осада» typed raw by a client (curl, a script) was refused with 400 by the HTTP
    parser; its bytes are read as their percent-encoding, as a browser sends them."""
    from pasyans.kb.serve import _utf8_target

    assert _utf8_target("/find?q=Ос a\r\nX: й".encode()) == b"/find?q=%D0%9E%D1%81 a\r\nX: \xd0\xb9"
    assert _raw_get(server.base, [b"GET " + "/find?q=Осада".encode()]) == b"HTTP/1.1 302 Found"
    assert _raw_get(server.base, [b"GET /search?q=", "ту".encode()[:3], "туз".encode()[3:]]) == b"HTTP/1.1 200 OK"
    assert _raw_get(server.base, [b"GET /find?q=\xff\xfe"]).split()[1] in (b"200", b"302", b"404")
    assert "Traceback" not in server.output()


def test_every_value_written_into_a_page_is_escaped(built_kb, tmp_path):
    db, _ = built_kb
    evil = tmp_path / "evil.db"
    shutil.copy(db, evil)
    c = sqlite3.connect(evil)
    bad = 'x"><script>alert(1)</script>'
    c.execute("PRAGMA foreign_keys = OFF")
    c.execute("UPDATE games SET name = ? WHERE id = '004-004'", (bad,))
    c.execute("INSERT INTO games (id, source, name, lines, rules, text) VALUES (?, '004', ?, '[[1, 1]]', '{}', 'x')",
              ('004-"9<', bad))
    c.execute("""UPDATE games SET variant_of = '004-"9<' WHERE id = '004-005'""")
    c.commit()
    c.close()
    game, other, table, missing = _client(evil, ["/game/004-004", "/game/" + q('004-"9<'), "/evil/games",
                                                 "/game/" + q(bad)])
    for r in (game, other, table, missing):
        assert "<script>alert(1)</script>" not in r.text
    assert "&lt;script&gt;" in game.text
    assert 'href="/game/004-%229%3C"' in table.text       # the id with quotes, percent-encoded in the link
    assert "004-&#34;9&lt;" in table.text or "004-&quot;9&lt;" in table.text


def test_sql_when_allowed_is_cut_at_its_limits(built_kb):
    db, _ = built_kb
    n = db.stem
    ok, blob, slow, path = _client(db, [
        f"/{n}.json?sql=" + q("select count(*) from games") + "&_shape=array",
        f"/{n}.json?sql=" + q("select length(randomblob(1000000000)) as n"),
        f"/{n}.json?sql=" + q("with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c"),
        f"/{n}.json?sql=" + q("select * from pragma_database_list()"),
    ], allow_sql=True)
    assert ok.status_code == 200 and ok.json()[0]["count(*)"] > 100
    assert blob.status_code == 400 and "too big" in blob.text           # the value limit, at once
    assert slow.status_code == 400 and "took too long" in slow.text     # the time limit
    assert path.status_code == 400 and str(db.parent) not in path.text  # the pragma that shows the path


def test_sql_functions_refuse_long_input():
    f = guard.bounded(lambda s: s.upper(), "f", max_chars=10, max_words=2)
    assert f("ab cd") == "AB CD"
    with pytest.raises(ValueError, match="longer than 10"):
        f("x" * 11)
    with pytest.raises(ValueError, match="more than 2 words"):
        f("a b c")
    assert guard.too_long(b"name=" + b"a" * (guard.MAX_PARAM_CHARS + 1)).startswith("name")
    assert guard.too_long(b"sql=" + b"a" * 1000) is None


def test_a_rebuilt_knowledge_base_is_served_without_a_restart(built_kb, tmp_path):
    db, _ = built_kb
    live = tmp_path / "live.db"
    shutil.copy(db, live)
    with Server(live) as srv:
        assert "Осажденная крепость" in _get(srv.base + "/game/004-004")[1]
        new = tmp_path / "live.db.new"
        shutil.copy(db, new)
        c = sqlite3.connect(new)
        c.execute("UPDATE games SET name = 'Перестроенная крепость' WHERE id = '004-004'")
        c.commit()
        c.close()
        new.replace(live)                         # as a build does: a new file renamed over the old one
        status, html = _get(srv.base + "/game/004-004")
        assert status == 200 and "Перестроенная крепость" in html
        status, body = _get(srv.base + "/live/games/004-004.json?_shape=array")
        assert json.loads(body)[0]["name"] == "Перестроенная крепость"
        bogus = tmp_path / "bogus"
        bogus.write_text("not a knowledge base")
        bogus.replace(live)                       # not a knowledge base: one clear answer, not a crash
        status, body = _get(srv.base + "/game/004-004")
        assert status == 503 and "not a pasyans knowledge base; rebuild it" in body
        shutil.copy(db, tmp_path / "again.db")
        (tmp_path / "again.db").replace(live)     # a knowledge base again: served again
        assert "Осажденная крепость" in _get(srv.base + "/game/004-004")[1]
        assert "not a pasyans knowledge base" in srv.output() and "Traceback" not in srv.output()


def test_load_of_bad_requests_on_loopback(server, built_kb):
    """8 clients × 10 bad requests at once, with normal pages between: every answer is the one
    expected and nothing is printed but short log lines (bounded: 80 bad requests)."""
    db, _ = built_kb
    n = db.stem
    bad = [("GET", "/game/no-such-game", 404), ("GET", "/no/such/page", 404), ("POST", "/", 405),
           ("GET", f"/{n}?sql=" + q("select 1"), 403),
           ("GET", f"/{n}/game_by_name?name=" + q(" ".join(["осада"] * 60)), 400)]
    got: list[tuple[int, int]] = []
    lock = threading.Lock()

    def client(k: int) -> None:
        for i in range(10):
            method, path, want = bad[(k + i) % len(bad)]
            status = _request(server.base, method, path)
            with lock:
                got.append((want, status))

    threads = [threading.Thread(target=client, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    normal = [_get(server.base + "/game/004-004")[0] for _ in range(5)]
    for t in threads:
        t.join(timeout=300)
    assert normal == [200] * 5
    assert len(got) == 80 and all(want == status for want, status in got), [g for g in got if g[0] != g[1]][:5]
    assert "Traceback" not in server.output()


def test_game_without_a_name_leads_to_the_games_list(built_kb):
    db, _ = built_kb
    r1, r2, r3 = _client(db, ["/game/", "/game", "/game/?cards=en"])
    assert (r1.status_code, r1.headers["location"]) == (302, "/games")
    assert (r2.status_code, r2.headers["location"]) == (302, "/games")
    assert r3.headers["location"] == "/games?cards=en"
    (games,) = _client(db, ["/games"])
    assert games.status_code == 200 and 'href="/game/004-004' in games.text


def test_serve_on_a_port_in_use_is_one_line_before_any_announcement(built_kb):
    import socket
    import subprocess
    import sys

    db, _ = built_kb
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "pasyans.cli", "serve", "--db", str(db), "--port", str(port)],
                           capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    assert r.stdout == ""  # no «serving … at» line
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: port {port} on 127.0.0.1 is in use ("), r.stderr
