"""Footnotes of a printed page («*) Въ иныхъ изданіяхъ — по пяти картъ.», «¹ Въ старинныхъ книгахъ —
полная колода.»): the apparatus of old books, where a deck change or a variant is often put.

A footnote line opens with its mark (``*)``, ``**)``, ``(*)``, a superscript digit); the game whose
text carries the same mark («… по четыре карты*)», «… въ 36 картъ¹») owns it. The segmenter
(:mod:`pasyans.extract.articles`) keeps a footnote in its game when the mark is there (a ``notes``
section and a ``footnote`` finding that names the marked line), and takes it out of a later game
it was printed under (a page's foot after the next title) into a finding of the marked game —
never glued silently to the last game. Input lines are stripped, in modern spelling.
"""

from __future__ import annotations

import re

from pasyans.models import Finding

_FOOTNOTE_RE = re.compile(r"^(?P<mark>\*{1,3}\)|\(\*{1,3}\)|[¹²³⁴⁵⁶⁷⁸⁹]\)?)\s*(?P<text>[^\W\d_].*)$")


def footnote_mark(s: str) -> str | None:
    """The mark a footnote line opens with, without its brackets («*) Безъ шестерокъ.» → ``"*"``,
    «¹ Въ иныхъ книгахъ …» → ``"¹"``), else ``None``."""
    m = _FOOTNOTE_RE.match(s)
    return m.group("mark").strip("()") if m else None


def carries(s: str, mark: str) -> bool:
    """Whether the text line ``s`` carries the footnote ``mark`` after a word («карты*),», «картъ¹»;
    «*)» and «**)» are told apart)."""
    if mark.startswith("*"):
        return re.search(r"[^\W\d_»)\]]\s?\(?" + re.escape(mark) + r"\)", s) is not None
    return re.search(r"[^\W\d_»)\].,;:]" + re.escape(mark) + r"(?![¹²³⁴⁵⁶⁷⁸⁹])", s) is not None


def place_footnotes(parts: list) -> None:
    """In place, over the segmenter's parts (each with ``lines``, :class:`~pasyans.extract.article_text.Line`,
    and ``findings``): each footnote line (:mod:`pasyans.extract.footnotes`) is recorded in the game whose
    text carries its mark — kept where it stands when that is its own game, else taken out of the
    game it was printed under (a page's foot after the next title)."""
    for k, p in enumerate(parts):
        for ln in [x for x in p.lines if x.footnote and not x.blank]:
            earlier = [p] + (parts[k - 1::-1] if k else [])   # its own game first, then back to the text's start
            owner = next(((q, m) for q in earlier for m in reversed(q.lines)
                          if m.n < ln.n and not m.footnote and not m.blank and carries(m.text, ln.footnote)), None)
            if owner is None:
                p.findings.append(Finding("", (ln.n, ln.n), "footnote",
                                          f"a footnote whose mark «{ln.footnote}» no line before it carries: «{ln.raw.strip()}»"))
                continue
            q, m = owner
            q.findings.append(Finding("", (ln.n, ln.n), "footnote", f"footnote to line {m.n} (mark «{ln.footnote}»), "
                                      f"kept as the game's note: «{ln.raw.strip()}»"))
            if q is not p:
                ln.kind, ln.label, ln.printed, ln.text = "meta", "footnote", ln.text, ""
