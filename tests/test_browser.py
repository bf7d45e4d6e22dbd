"""The web knowledge base in a real browser: Debian's chromium, headless, driven through
selenium and chromium-driver, against ``pasyans serve`` on a loopback port. The assertions are
about what a person sees and does: typing in the search box, clicking links, reading the moves
and verdicts, the pre-1918 spelling, the card colours.

Skipped, with the reason, only where no browser can be started (``.ci/run`` installs chromium
and chromium-driver with apt-get; selenium comes with the test extra)."""

from __future__ import annotations

import re
import urllib.parse

import pytest

from tests.browser_util import BrowserMissing, Server, chrome

UNLINKED_IDS_JS = r"""
const ids = new Set(arguments[0]);
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const found = [];
const re = /(^|[^\w\/-])(\d{3}-\d+(?:-v\d+)?)(?![\w-])/g;
while (walker.nextNode()) {
  const node = walker.currentNode;
  if (node.parentElement.closest('a, script, style, textarea, title')) continue;
  if (!node.parentElement.offsetParent && node.parentElement.tagName !== 'BODY') continue;
  let m;
  while ((m = re.exec(node.textContent)) !== null) { if (ids.has(m[2])) found.push(m[2]); }
}
return found;
"""
"""The game ids a person sees on the page outside any link."""


@pytest.fixture(scope="module")
def browser():
    try:
        drv = chrome()
    except BrowserMissing as e:
        pytest.skip(f"no headless browser here: {e}")
    drv.set_page_load_timeout(120)
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def site(built_kb):
    db, _ = built_kb
    with Server(db) as srv:
        yield srv


@pytest.fixture(scope="module")
def game_ids(kb):
    return [r[0] for r in kb.execute("SELECT id FROM games")]


def _by(kind):
    from selenium.webdriver.common.by import By

    return getattr(By, kind)


def _h1(drv) -> str:
    return drv.find_element(_by("TAG_NAME"), "h1").text


def _leave_page(drv, act) -> None:
    """Do ``act`` (Enter in the search box, a click on a link) and wait until the browser has left the page
    and loaded the next one: its old ``<html>`` element gone stale, the new document complete. Selenium does
    not wait for a navigation a key press or a click starts, so the next ``find_element`` could read the old
    page (the search box test once read the landing page's ``<h1>``)."""
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    old = drv.find_element(_by("TAG_NAME"), "html")
    act()
    wait = WebDriverWait(drv, 120)  # as the page load timeout: a loaded machine may be slow, never a figure
    wait.until(EC.staleness_of(old))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def test_the_search_box_finds_a_game_by_an_inflected_name(browser, site, kb):
    from selenium.webdriver.common.keys import Keys

    browser.get(site.base + "/")
    box = browser.find_element(_by("ID"), "q")
    _leave_page(browser, lambda: box.send_keys("осаждённой крепости", Keys.ENTER))
    assert _h1(browser).startswith("Осажденная крепость")
    # the game page shows its moves with their verdicts and reasons
    rows = browser.find_elements(_by("CSS_SELECTOR"), "table.moves tbody tr")
    assert len(rows) == 18
    first = rows[0].text
    assert "♥2 и ♠2 могут покрыть базовые тузы" in first and "legal" in first
    reason, = kb.execute("SELECT reason FROM moves WHERE id = '004-004/ex1/m3'").fetchone()
    assert " ".join(reason.split()) in " ".join(browser.find_element(_by("ID"), "ex1-m3").text.split())


def test_every_game_is_one_click_from_the_landing_page(browser, site, game_ids):
    browser.get(site.base + "/")
    hrefs = {a.get_attribute("href") for a in browser.find_elements(_by("CSS_SELECTOR"), "a.game")}
    linked = {urllib.parse.unquote(urllib.parse.urlsplit(h).path[len("/game/"):]) for h in hrefs
              if urllib.parse.urlsplit(h).path.startswith("/game/")}
    assert set(game_ids) <= linked
    _leave_page(browser, browser.find_element(_by("LINK_TEXT"), "Гольф").click)
    assert _h1(browser).startswith("Гольф") and "004-021" in _h1(browser)


def test_a_link_in_a_query_result_opens_the_game_page(browser, site, built_kb, game_ids):
    db, _ = built_kb
    browser.get(site.base + f"/{db.stem}/illegal_moves")
    assert browser.execute_script(UNLINKED_IDS_JS, game_ids) == []      # no id shown without a link
    link = browser.find_element(_by("CSS_SELECTOR"), "table.rows-and-columns a.game")
    gid = link.text
    _leave_page(browser, link.click)
    assert re.search(r"\b" + re.escape(gid) + r"\b", _h1(browser))
    assert browser.find_elements(_by("CSS_SELECTOR"), "table.moves .verdict.illegal")


def test_no_game_id_without_a_link_on_the_pages_a_person_reads(browser, site, game_ids):
    for path in ("/", "/games", "/game/000-2", "/game/004-024", "/find?q=" + urllib.parse.quote("пасьянс"),
                 "/search?q=" + urllib.parse.quote("короли заполняют пробелы")):
        browser.get(site.base + path)
        assert browser.execute_script(UNLINKED_IDS_JS, game_ids) == [], path


def test_a_name_in_the_address_opens_its_game(browser, site):
    browser.get(site.base + "/game/" + urllib.parse.quote("Осада"))
    assert urllib.parse.urlsplit(browser.current_url).path == "/game/004-004"
    browser.get(site.base + "/game/" + urllib.parse.quote("Осадая крепостьь"))
    assert "No such game" in _h1(browser) or _h1(browser).startswith("Осажденная крепость")


def test_pre_1918_text_is_printed_and_the_modern_form_is_on_hover(browser, site):
    browser.get(site.base + "/game/002-1")
    assert _h1(browser).startswith("Салическій законъ")
    text = browser.find_element(_by("CSS_SELECTOR"), "div.text").text
    assert "Основныя карты восемь тузовъ" in text and "Основные карты" not in text
    old = browser.find_element(_by("XPATH"), "//span[@class='old' and text()='тузовъ']")
    assert old.get_attribute("title") == "modern: тузов"


def test_cards_in_the_readers_convention_with_colour(browser, site):
    browser.get(site.base + "/game/004-004?cards=ru")
    red = browser.find_element(_by("CSS_SELECTOR"), "#ex1-m3 .card.red")
    assert red.text == "4♦" and red.value_of_css_property("color") in ("rgba(204, 0, 0, 1)", "rgb(204, 0, 0)")
    browser.get(site.base + "/game/004-004?cards=en")
    assert browser.find_element(_by("CSS_SELECTOR"), "#ex1-m12 .card").text == "♣Q"
    browser.get(site.base + "/game/004-004")   # the choice is kept
    assert browser.find_element(_by("CSS_SELECTOR"), "#ex1-m12 .card").text == "♣Q"
