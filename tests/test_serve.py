"""`pasyans serve`: Datasette on the knowledge base — a real HTTP request to a server in a
subprocess, and the metadata, canned queries, full-text search and game pages."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import pytest

from pasyans.kb.serve import TABLES, datasette_app, metadata


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, timeout: float = 10) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.status, r.read().decode("utf-8")


@pytest.fixture(scope="module")
def server(built_kb):
    """``pasyans serve`` in a subprocess on a free loopback port; (base URL, database name)."""
    db, _ = built_kb
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pasyans.cli", "serve", "--db", str(db), "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    try:
        while True:
            try:
                _get(base + "/-/versions.json", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"server did not start: {proc.stdout.read() if proc.poll() is not None else 'timeout'}")
                time.sleep(0.3)
        yield base, db.stem
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_server_answers_a_real_http_request_with_a_readable_game_page(server):
    base, _name = server
    status, html = _get(base + "/game/004-004")
    assert status == 200
    assert "Осажденная крепость" in html and "Beleaguered Castle" in html
    assert "«Осада»" in html and "line 525" in html       # the alias with the line it is stated on
    assert "PySolFC #34" in html and "lines 524–574" in html


def test_server_table_json_and_canned_query_over_http(server):
    base, name = server
    status, body = _get(f"{base}/{name}/games/004-079.json?_shape=array")
    assert status == 200 and json.loads(body)[0]["name"] == "Паганини"
    q = urllib.parse.urlencode({"name": "Paganini", "_shape": "array"})
    status, body = _get(f"{base}/{name}/game_by_name.json?{q}")
    rows = json.loads(body)
    assert {r["game"] for r in rows[:2]} == {"000-2", "004-079"}
    assert "the same game as" in rows[0]["why"]


def test_metadata_describes_every_table_and_the_canned_queries(kb, built_kb):
    db, _ = built_kb
    meta = metadata(db)
    tables = {r[0] for r in kb.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                        "AND name NOT LIKE '%_fts%' AND name NOT LIKE 'sqlite_%'")}
    assert tables <= set(TABLES)  # every table of the knowledge base has a title and description
    queries = meta["databases"][db.stem]["queries"]
    assert {"game_by_name", "illegal_moves", "games_by_packs", "variants_of", "search_rules"} <= set(queries)
    assert meta["databases"][db.stem]["tables"]["passages"]["fts_table"] == "passages_fts"


def _client_get(db, paths: list[str]) -> list:
    ds = datasette_app(db)

    async def run():
        await ds.invoke_startup()
        return [await ds.client.get(p) for p in paths]

    return asyncio.run(run())


def test_canned_queries_and_full_text_search(built_kb, kb):
    db, _ = built_kb
    n = db.stem
    illegal, packs, variants, fts, words, missing = _client_get(db, [
        f"/{n}/illegal_moves.json?_shape=array",
        f"/{n}/games_by_packs.json?packs=2&_shape=array",
        f"/{n}/variants_of.json?game=Клондайк&_shape=array",
        f"/{n}/passages.json?_search=" + urllib.parse.quote("королями") + "&_shape=array",
        f"/{n}/search_rules.json?words=" + urllib.parse.quote("короли заполняют пробелы") + "&_shape=array",
        "/game/999-999",
    ])
    n_illegal = kb.execute("SELECT count(*) FROM moves WHERE verdict = 'illegal'").fetchone()[0]
    assert illegal.status_code == 200 and len(illegal.json()) == min(n_illegal, 1000)
    two = {r["id"] for r in packs.json()}
    assert {"004-079", "004-099", "000-1"} <= two and "004-024" not in two
    var = {(r["id"], r["relation"]) for r in variants.json()}
    assert ("004-024-v1", "variant") in var and ("003-4", "different") in var
    assert fts.status_code == 200 and any(r["game"] == "004-075" for r in fts.json())
    assert any(r["game"] == "004-075" and r["first_line"] == 6303 for r in words.json())
    assert missing.status_code == 404


def test_game_page_shows_links_and_conflicts(built_kb):
    db, _ = built_kb
    kilim, pyramid = _client_get(db, ["/game/000-1", "/game/003-6"])
    assert kilim.status_code == 200
    assert "different" in kilim.text and "004-010" in kilim.text and "Килим" in kilim.text
    assert "PySolFC #38 Pyramid" in pyramid.text and "cards_per_pack 36" in pyramid.text
