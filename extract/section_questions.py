"""FAQ question headings as section labels: a line of its own that asks how the game goes («Как
раскладывать?», «Куда можно класть карты?», «Коли пасьянс зійшовся?») labels the section its answer
opens, as «Раскладка» or «Правила» would.

Read from the ``questions`` table of ``pasyans/data/section_labels.json``: the words a question opens
with (``openers``), and for each Section kind the lemmas that give it (``kinds``: «раскладывать» →
``setup``, «класть» → ``rules``, «сходиться» → ``end``); a question naming none of them is a ``question``
section; a label row asked as a question («Как играть?», «Что это за игра?») has the row's kind. A line that names a game or a card («Как разложить «Паука»?», «Куда пойдёт ♠7?», «Как играть в
Косынку?»: a capitalised word after the first, a quote, a digit, a suit symbol) or runs long is no label:
it asks about the text, not a part of one game.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pasyans import morph

_WORD_RE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_MARKS_RE = re.compile(r"^(?:#{1,6}\s*|[*_]{1,2}|\d{1,2}[.)]\s+|[-•–—]\s+)+|[*_]{1,2}$")
_NAMING_RE = re.compile(r"[«»\"„“”\d♠♣♥♦♤♧♡♢]")


@lru_cache(maxsize=1)
def table() -> dict:
    """``section_labels.json``'s ``questions``: openers per language, lemma → kind, the examples."""
    from .headings import _load

    data = _load("section_labels.json")["questions"]
    kinds = {}
    for row in data["kinds"]:
        for w in row["lemmas"]:
            kinds.setdefault(w, row["kind"])
    openers = {lang: frozenset(ws) for lang, ws in data["openers"].items()}
    return {"openers": openers, "kinds": kinds, "max_words": data["max_words"], "examples": data["examples"]}


def question_kind(s: str, lang: str) -> str | None:
    """The Section kind of the stripped line ``s`` when it is a question heading (see the module
    docstring), else ``None``."""
    core = _MARKS_RE.sub("", s.strip()).strip()
    core = _MARKS_RE.sub("", core).strip()
    if not core.endswith("?") or "?" in core[:-1].rstrip("?") or _NAMING_RE.search(core):
        return None
    ws = _WORD_RE.findall(core)
    t = table()
    if not ws or len(ws) > t["max_words"] or any(w[:1].isupper() for w in ws[1:]):
        return None
    if ws[0].lower() not in t["openers"].get(lang, frozenset()) | t["openers"].get("uk" if lang == "ru" else "ru", frozenset()):
        return None
    from .headings import _match_label

    row = _match_label(core.rstrip("? "), lang)   # «Как играть?», «Что это за игра?»: a label row asked
    if row is not None:
        return row["kind"]
    for w in ws[1:]:
        for lg in (lang, "uk" if lang == "ru" else "ru"):
            kind = t["kinds"].get(w.lower()) or t["kinds"].get(morph.lemma(w.lower(), lg) or "")
            if kind:
                return kind
    return "question"
