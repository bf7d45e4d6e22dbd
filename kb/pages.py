"""Render the readable views of :mod:`pasyans.kb.present` with the Jinja templates of
``kb/templates``: a game page as HTML (the web page's body, or a standalone printable file) and
as Markdown, and the exports of every game (``pasyans export --format markdown|html``).

The same templates serve the web (:mod:`pasyans.kb.serve` adds them to Datasette's template
path and calls :func:`install_filters` on its environment) and the exports here. A template
gets ``v`` (the view), ``game_url(id)`` (a link to a game: ``/game/<id>`` on the web,
``<id>.html`` / ``<id>.md`` in an export), ``card_html(code)`` and ``card_words(value)`` in the
reader's card convention, and the filter ``link_ids`` (text with every known game id a link).
"""

from __future__ import annotations

import re
import sqlite3
import urllib.parse
from functools import lru_cache
from pathlib import Path
from typing import Callable

import jinja2
from markupsafe import Markup, escape

from .present import card_color, card_text, game_list, game_view

TEMPLATES = Path(__file__).resolve().parent / "templates"
"""The folder of the page templates (``pasyans_*.html``, ``pasyans_game.md``, ``pasyans.css``)."""

GAME_ID = re.compile(r"(?<![\w/-])\d{3}-\d+(?:-v\d+)?(?![\w-])")
"""A game id as the knowledge base writes it (``000-2``, ``004-004``, ``004-024-v1``)."""


def web_game_url(base: str = "/") -> Callable[[str], str]:
    """``game_url`` for the web: ``/game/<id>`` under ``base``, the id percent-encoded."""
    return lambda gid: f"{base}game/{urllib.parse.quote(str(gid), safe='')}"


def card_html(code: str | None, convention: str = "ru") -> Markup:
    """A card as HTML in the reader's convention, coloured: ``<span class="card red">Д♥</span>``;
    a place (``foundation``) in words."""
    color = card_color(code)
    text = escape(card_text(code, convention))
    return Markup(f'<span class="card {color}">{text}</span>') if color else Markup(text)


@jinja2.pass_context
def _link_ids(ctx, text) -> Markup:
    """``text`` escaped, with every game id the knowledge base knows made a link."""
    if text is None:
        return Markup("")
    known = ctx.get("known_ids") or set()
    url = ctx.get("game_url")
    out, pos = [], 0
    s = str(text)
    for m in GAME_ID.finditer(s):
        if m.group() not in known or url is None:
            continue
        out.append(escape(s[pos:m.start()]))
        out.append(Markup('<a class="game" href="{}">{}</a>').format(url(m.group()), m.group()))
        pos = m.end()
    out.append(escape(s[pos:]))
    return Markup("").join(out)


@jinja2.pass_context
def _card_plain(ctx, code) -> str:
    return card_text(code, ctx.get("convention", "ru"))


def install_filters(env: jinja2.Environment) -> None:
    """Add the filters the page templates use (``link_ids``, ``card_plain``) to ``env``."""
    env.filters["link_ids"] = _link_ids
    env.filters["card_plain"] = _card_plain


@lru_cache(maxsize=2)
def environment(markdown: bool = False) -> jinja2.Environment:
    """The Jinja environment of the exports: HTML autoescaped, Markdown not."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             autoescape=not markdown, keep_trailing_newline=True,
                             trim_blocks=False)
    install_filters(env)
    return env


def known_ids(conn: sqlite3.Connection) -> set[str]:
    """Every game id of the knowledge base."""
    return {r[0] for r in conn.execute("SELECT id FROM games")}


def context(conn: sqlite3.Connection, game_url: Callable[[str], str], convention: str = "ru",
            ids: set[str] | None = None) -> dict:
    """The helpers every template gets (see the module docstring)."""
    return {"game_url": game_url, "convention": convention,
            "card_html": lambda c: card_html(c, convention),
            "card_words": lambda c: card_text(c, convention),
            "known_ids": ids if ids is not None else known_ids(conn)}


def css() -> str:
    """The pages' style sheet (inlined into every page, so a page stands alone)."""
    return (TEMPLATES / "pasyans.css").read_text("utf-8")


# -- Markdown -------------------------------------------------------------------------------------

_MD_CELL = str.maketrans({"|": "\\|", "\n": " ", "\r": " ", "*": "\\*"})
"""A table cell's text in Markdown: a «|» ends no cell, a footnote mark «звѣздою**)» starts no bold (TESTER8)."""


def _md(text) -> str:
    return "" if text is None else str(text).translate(_MD_CELL)


def _md_span(sp) -> str:
    """A printed span in Markdown: the printed text (the modern form is for the HTML's hover)."""
    return "" if sp is None else sp.text


def _lines(l) -> str:
    from .present import lines_text

    return lines_text(l)


def game_markdown(conn: sqlite3.Connection, game_id: str, convention: str = "ru",
                  game_url: Callable[[str], str] | None = None, ids: set[str] | None = None) -> str:
    """The Markdown page of ``game_id`` (template ``pasyans_game.md``). Raises ``KeyError`` for an
    unknown id."""
    v = game_view(conn, game_id)
    if v is None:
        raise KeyError(game_id)
    ctx = context(conn, game_url or (lambda gid: f"{gid}.md"), convention, ids)
    ctx.update(v=v, md=_md, span=_md_span, lines=_lines, card=lambda c: card_text(c, convention))
    text = environment(markdown=True).get_template("pasyans_game.md").render(ctx)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


# -- HTML -----------------------------------------------------------------------------------------

def game_html(conn: sqlite3.Connection, game_id: str, convention: str = "ru",
              game_url: Callable[[str], str] | None = None, ids: set[str] | None = None) -> str:
    """A standalone, printable HTML page of ``game_id`` (the web page's body, the style inlined).
    Raises ``KeyError`` for an unknown id."""
    v = game_view(conn, game_id)
    if v is None:
        raise KeyError(game_id)
    ctx = context(conn, game_url or (lambda gid: f"{gid}.html"), convention, ids)
    ctx.update(v=v, css=css(), index_url="index.html")
    return environment().get_template("pasyans_export_game.html").render(ctx)


def index_html(conn: sqlite3.Connection, game_url: Callable[[str], str], convention: str = "ru") -> str:
    """The standalone index page of an HTML export: the games by source and family."""
    ctx = context(conn, game_url, convention)
    ctx.update(groups=game_list(conn), css=css())
    return environment().get_template("pasyans_export_index.html").render(ctx)


def index_markdown(conn: sqlite3.Connection, game_url: Callable[[str], str]) -> str:
    """``index.md`` of a Markdown export: the games by source and family, with links."""
    out = ["# Games", ""]
    for grp in game_list(conn):
        s = grp["source"]
        out += [f"## {s['id']}: {s.get('title') or s['file']}", ""]
        for g in grp["games"]:
            name = g["name"] or g["printed_name"] or "(untitled)"
            eng = f" — {g['english']}" if g.get("english") else ""
            moves = f", {g['moves']} moves" if g["moves"] else ""
            out.append(f"{'  ' * g['depth']}- [{name}]({game_url(g['id'])}) ({g['id']}){eng}{moves}")
        out.append("")
    return "\n".join(out)


def export_pages(conn: sqlite3.Connection, out_dir, fmt: str = "markdown", convention: str = "ru") -> list[str]:
    """Write one page per game (``<id>.md`` or ``<id>.html``) and ``index.md``/``index.html`` into
    ``out_dir``, as an :class:`pasyans.files.ExportFolder` (marked as this export's; a stopped
    export is finished by the next, the pages of games gone from the knowledge base removed);
    return the game pages' file names. ``fmt`` is ``markdown`` or ``html``; raises ``ValueError``
    for another, :class:`pasyans.files.WriteError` for a folder that cannot be written."""
    from ..files import ExportFolder

    if fmt not in ("markdown", "html"):
        raise ValueError(f"unknown page format {fmt!r}")
    ext = "md" if fmt == "markdown" else "html"
    ids = known_ids(conn)

    def url(gid: str) -> str:
        return urllib.parse.quote(f"{gid}.{ext}")

    written = []
    with ExportFolder(Path(out_dir), fmt) as folder:
        for (gid,) in conn.execute("SELECT id FROM games ORDER BY source, rowid").fetchall():
            folder.write(f"{gid}.{ext}", (game_markdown if fmt == "markdown" else game_html)(conn, gid, convention, url, ids))
            written.append(f"{gid}.{ext}")
        folder.write(f"index.{ext}", index_markdown(conn, url) if fmt == "markdown" else index_html(conn, url, convention))
    return written
