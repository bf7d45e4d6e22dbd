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
    unasked = data["unasked"]
    return {"openers": openers, "kinds": kinds, "max_words": data["max_words"], "examples": data["examples"],
            "unasked": {"openers": {lang: frozenset(ws) for lang, ws in unasked["openers"].items()},
                        "max_words": unasked["max_words"], "examples": unasked["examples"],
                        "not_labels": unasked["not_labels"]}}


def _either(table_: dict, lang: str) -> frozenset:
    return table_.get(lang, frozenset()) | table_.get("uk" if lang == "ru" else "ru", frozenset())


def question_kind(s: str, lang: str) -> str | None:
    """The Section kind of the stripped line ``s`` when it is a question heading (see the module
    docstring), or one asked without its «?» (``unasked``: «Как ходить», «Когда пасьянс сошёлся»,
    «Як грати»: a few words opening with a capitalised adverb of ``unasked.openers``, whose kind a
    label row or a ``kinds`` lemma gives), else ``None``."""
    core = _MARKS_RE.sub("", s.strip()).strip()
    core = _MARKS_RE.sub("", core).strip()
    if not core.endswith("?"):
        return _unasked_kind(core, lang)
    if "?" in core[:-1].rstrip("?") or _NAMING_RE.search(core):
        return None
    ws = _WORD_RE.findall(core)
    t = table()
    if not ws or len(ws) > t["max_words"] or any(w[:1].isupper() for w in ws[1:]):
        return None
    if ws[0].lower() not in _either(t["openers"], lang):
        return None
    return _kind_of(core, ws, lang)


def _unasked_kind(core: str, lang: str) -> str | None:
    """The kind of a heading asked without «?» (``core``: the line less its marks), else ``None``:
    no more than ``unasked.max_words`` words, nothing after a colon or full stop, no comma."""
    u = table()["unasked"]
    core = core.rstrip(" :.")
    if not core[:1].isupper() or any(c in core for c in ",;:.!?") or _NAMING_RE.search(core):
        return None
    ws = _WORD_RE.findall(core)
    if not 2 <= len(ws) <= u["max_words"] or any(w[:1].isupper() for w in ws[1:]):
        return None
    if ws[0].lower() not in _either(u["openers"], lang):
        return None
    kind = _kind_of(core, ws, lang)
    return None if kind == "question" else kind


def _kind_of(core: str, ws: list[str], lang: str) -> str:
    """The kind of a question heading's words ``ws``: a label row's, else the first ``kinds`` lemma's, else ``question``."""
    from .headings import _match_label

    t = table()
    row = _match_label(core.rstrip("? "), lang)   # «Как играть?», «Что это за игра?»: a label row asked
    if row is not None:
        return row["kind"]
    for w in ws[1:]:
        for lg in (lang, "uk" if lang == "ru" else "ru"):
            kind = t["kinds"].get(w.lower()) or t["kinds"].get(morph.lemma(w.lower(), lg) or "")
            if kind:
                return kind
    return "question"
