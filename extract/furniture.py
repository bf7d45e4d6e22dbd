"""The furniture of the medium a plain rule text is printed in — never a game, never part of one.

A magazine page has a masthead, an issue line, page numbers, a running foot and «continued on
p. 48»; a book page has running heads («— 24 —», «СБОРНИКЪ ПАСЬЯНСОВЪ.»); a forum thread has post
headers, quoted replies and signatures; a blog post has a share line, tags and comments; an
encyclopedia article has a contents list, «See also» and categories. The families are rows of
``pasyans/data/page_furniture.json`` (each with example lines); :func:`furniture` reads a whole
text's lines and says which are furniture and of which family. A block runs to its paragraph's end,
but a quoted reply under its header («Lena писал(а):») only while its lines repeat earlier lines of
the text (the first new line is the reply), and a contents list only over its entries.

Input: the stripped lines of a source in modern spelling (``""`` for a blank line), and its
language. Output: ``{line number (1-based): family name}``. The segmenter
(:mod:`pasyans.extract.articles`) keeps these lines out of every game and lists them in a
``not-a-game`` finding, so that nothing is lost.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from pasyans import morph

from .headings import QUOTE_RE, marks, title_frame, title_shape, undecorated, words

MAX_LINE = 160
"""A furniture line is at most this long (a paragraph of prose never is furniture)."""


@lru_cache(maxsize=1)
def table() -> dict:
    """``page_furniture.json`` with its patterns compiled (``row["re"]``) and lemma sets."""
    data = json.loads(resources.files("pasyans").joinpath("data/page_furniture.json").read_text("utf-8"))
    for key in ("lines", "blocks", "back_matter", "separators"):
        for row in data[key]:
            row["re"] = re.compile(row["pattern"])
    data["masthead"] = frozenset(data["masthead_lemmas"])
    data["rubric"] = frozenset(data["rubric_lemmas"])
    data["affiliation"] = frozenset(data["affiliation_lemmas"])
    return data


def line_family(s: str) -> str | None:
    """The ``lines`` family of the stripped line ``s`` («— 24 —» → ``"page number"``), else ``None``."""
    if not s or len(s) > MAX_LINE:
        return None
    return next((row["name"] for row in table()["lines"] if row["re"].search(s)), None)


def cross_reference(s: str) -> tuple[str, str] | None:
    """``(name, the name it sends to)`` of a ``cross-reference`` line («ПАУЧОК — см. ПАУК.» → («ПАУЧОК»,
    «ПАУК»), «СОЛИТЁР — то же, что ПАСЬЯНС.»), as printed; else ``None``."""
    row = next((r for r in table()["lines"] if r["name"] == "cross-reference"), None)
    hit = row["re"].match(s) if row is not None and s and len(s) <= MAX_LINE else None
    return (hit.group("name").strip(), hit.group("target").strip()) if hit else None


def _row(key: str, s: str) -> str | None:
    if not s or len(s) > MAX_LINE:
        return None
    return next((row["name"] for row in table()[key] if row["re"].search(s)), None)


def _lemmas(s: str, lang: str) -> set[str]:
    return {(morph.lemma(w, lang) or w.lower()).replace("ё", "е") for w in words(s)} | {w.lower() for w in words(s)}


def is_rubric(s: str, lang: str) -> bool:
    """Whether ``s`` heads a rubric or a collection page: a rubric word with «пасьянс» in the
    genitive plural and no quoted name («УГОЛОК ЛЮБИТЕЛЯ ПАСЬЯНСОВ», «Отдел пасьянсов.»)."""
    if not s or len(s) > 80 or "пасьянс" not in s.casefold() or QUOTE_RE.search(s):
        return False
    ws = words(s)
    if len(ws) > 6 or not _lemmas(s, lang) & table()["rubric"]:
        return False
    for w in ws:
        p = morph.parse(w, lang)
        if p is not None and p.normal_form.endswith("пасьянс") and {"plur", "gent"} <= set(p.tag.grammemes):
            return True
    return False


def _names_medium(s: str, lang: str) -> bool:
    """Whether the line's first word names the medium (a masthead lemma: «Чат «Картёжный клуб»», «Журнал
    «Досуг»»): the quoted name is the chat's or the periodical's, no game's."""
    m = re.match(r"^([^\W\d_]+)\s+«[^»]{2,40}»(?:,\s*[^«»]{1,30})?$", s.strip())   # the medium's word and its name only
    return m is not None and bool(_lemmas(m.group(1), lang) & table()["masthead"])


def _masthead(para: list[tuple[int, str]], lang: str) -> bool:
    """Whether the text's first paragraph is a masthead (see ``masthead_lemmas``)."""
    if not para or len(para) > 5 or any(len(s) > 120 or (title_frame(marks(s).rest) and not _names_medium(s, lang))
                                        for _, s in para):
        return False
    if any(marks(s).mark == "markdown" for _, s in para):
        return False
    if len(para) <= 3 and any(line_family(s) == "issue line" for _, s in para):
        return True  # «ДОСУГЪ И ДѢЛО.» over «№ 5. … 1912 г.»
    # «Матеріал з Вікіпедії» under an article's title is page meta: the title above it is no masthead
    return any(_lemmas(s, lang) & table()["masthead"] for _, s in para if line_family(s) != "page meta")


def is_affiliation(s: str, lang: str) -> bool:
    """A short line naming a university, an institute or a chair («Тверской государственный
    университет»): an author's affiliation (``affiliation_lemmas``)."""
    ws = words(s)
    if not ws or len(ws) > 8 or s[-1:] in ".!?:;," or "пасьянс" in s.casefold():
        return False
    return bool(_lemmas(s, lang) & table()["affiliation"])


def _back_row(s: str) -> str | None:
    """The ``back_matter`` row the line opens, as printed or under its heading mark («## Див. також», «**Примітки**»)."""
    return _row("back_matter", undecorated(s)) or _row("back_matter", undecorated(marks(s).rest))


def furniture(lines: list[str], lang: str) -> dict[int, str]:
    """``{line number: family}`` for the furniture lines of a text (``lines``: stripped, modern
    spelling, ``""`` for blank; numbers are 1-based). See the module doc and the data file."""
    out: dict[int, str] = {}
    paras: list[list[tuple[int, str]]] = []
    cur: list[tuple[int, str]] = []
    for n, s in enumerate(lines, 1):
        if s:
            cur.append((n, s))
        elif cur:
            paras.append(cur)
            cur = []
    if cur:
        paras.append(cur)
    if paras and _masthead(paras[0], lang):
        out.update((n, "masthead") for n, _ in paras[0])
    back = None
    earlier: list[str] = []   # the text's lines so far, folded: a quote repeats them
    for para in paras:
        block = None
        marked = False   # the block is a quote whose lines are marked «>»
        for n, s in para:
            if block == "quoted reply" and marked and not s.startswith(">"):
                block, marked = None, False   # «> quoted line», then the reply's own line with no blank between
            if back is not None and marks(s).mark != "none" and not _back_row(s) \
                    and title_shape(marks(s).rest, lang, layout=True) in ("caps", "plain", "quoted"):
                back = None  # a heading ends the back matter; a numbered reference «1. Иванов И. И. …», «1. Опис … 1982 року.» does not
            opener = _row("blocks", s)
            if block == "quoted reply" and opener is None and not _quotes(s, earlier):
                block = None  # «Lena писал(а):» / the quoted line / the reply: the quote ends where repeating does
            elif block == "contents" and opener is None and not _ENTRY_RE.match(s) and line_family(s) != "contents":
                block = None  # «Зміст» / «1 Правила» / «2 Варіанти» / «Правила»: the first unnumbered line is the text
            block = block or opener
            marked = marked or (block == "quoted reply" and s.startswith(">"))   # (e-mail, forums)
            earlier.append(_folded(s))
            if block is None:     # «3 Примечания» in a contents list names a section; it starts no back matter
                back = _back_row(s) or back   # «Примечания[править | править код]», «## Див. також»
            fam = back or block or line_family(s) or ("rubric" if is_rubric(s, lang) else None) \
                or ("affiliation" if is_affiliation(s, lang) else None)
            if fam is not None:
                out.setdefault(n, fam)
    for n, s in enumerate(lines, 1):
        if s and (n == 1 or not lines[n - 2] or not set(s.strip()) - set("─━═ ")) and _row("separators", s):
            # «* * *» between posts; «-----» right under a title is its underline; a box-drawing rule «────» never is
            out.setdefault(n, "separator")
    _running_heads(lines, out)
    return out


_ENTRY_RE = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVXLC]{1,6}\.)\s+\S|^\S.{0,80}\s\d{1,4}$")
"""An entry of a contents list: numbered («2.1 Розклад», «IV. Часы») or ending in its page number."""


def _folded(s: str) -> str:
    return " ".join(s.lstrip("> ").casefold().split())


def _quotes(s: str, earlier: list[str]) -> bool:
    """Whether the line ``s`` under a quote header repeats (a part of) an earlier line of the text."""
    k = _folded(s)
    return len(k) >= 8 and any(k in e for e in earlier)


def _running_heads(lines: list[str], out: dict[int, str]) -> None:
    """In place: a line printed two or more times, each time next to a page number, is a running head."""
    nonblank = [n for n, s in enumerate(lines, 1) if s]
    pos = {n: k for k, n in enumerate(nonblank)}
    seen: dict[str, list[int]] = {}
    for n in nonblank:
        if len(lines[n - 1]) <= 80:
            seen.setdefault(lines[n - 1].casefold(), []).append(n)

    def by_page_number(n: int) -> bool:
        k = pos[n]
        near = nonblank[max(0, k - 1):k] + nonblank[k + 1:k + 2]
        return any(out.get(m) == "page number" for m in near)

    for ns in seen.values():
        if len(ns) >= 2 and all(by_page_number(n) for n in ns):
            for n in ns:
                out.setdefault(n, "running head")
