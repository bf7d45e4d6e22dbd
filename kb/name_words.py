"""Word-for-word translations of game names between Russian and Ukrainian (``pasyans/data/name_words.json``).

«Королевский двор» and «Королівський двір», «Вечерняя звезда» and «Вечірня зоря», «Мельник» and
«Мірошник» are one name in two languages when no catalogue says so: :func:`translation` finds the
word pairs. That is a lead, never a link by itself — :mod:`pasyans.kb.links` links such games only
when their rules agree. Words are compared as :func:`~pasyans.kb.crosswalk.name_key` compares them
(lemma, spelling skeleton), so inflection and ё/е do not matter.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from .crosswalk import fold, name_key


@lru_cache(maxsize=1)
def table() -> tuple[list[dict], dict[tuple[str, str], int]]:
    """(the rows, (language, word key) → row index)."""
    rows = json.loads(resources.files("pasyans").joinpath("data/name_words.json").read_text("utf-8"))["rows"]
    index: dict[tuple[str, str], int] = {}
    for i, row in enumerate(rows):
        for lang in ("ru", "uk"):
            for form in row[lang]:
                index.setdefault((lang, name_key(form, lang)), i)
                index.setdefault((lang, fold(form)), i)
    return rows, index


def _words(name: str, lang: str) -> list[tuple[str, str]]:
    """(word as printed, its key) for each word of ``name`` (the generic «пасьянс» left out)."""
    out = []
    for w in name.replace("-", " ").split():
        w = w.strip("«»\"'.,:;()!?")
        k = name_key(w, lang) if w else ""
        if k and k not in ("пасьянс", "игра", "гра"):
            out.append((w, k))
    return out


def _row(lang: str, word: str, k: str) -> int | None:
    """The table row of a word of a name in ``lang``: by its key ``k``, else by its folded spelling."""
    index = table()[1]
    row = index.get((lang, k))
    return row if row is not None else index.get((lang, fold(word)))


def key(name: str, lang: str) -> tuple[str, ...] | None:
    """The translation key of a Russian or Ukrainian name: its word keys with each table word replaced
    by its row («Королевский двор» and «Королівський двір» → the same key), sorted; ``None`` for
    another language or a name no table word is in (its own name key already says all)."""
    if lang not in ("ru", "uk"):
        return None
    out, hit = [], False
    for w, k in _words(name, lang):
        row = _row(lang, w, k)
        hit = hit or row is not None
        out.append(f"#{row}" if row is not None else k)
    return tuple(sorted(out)) if hit and out else None


def translation(a: str, la: str, b: str, lb: str) -> list[str] | None:
    """The word pairs («двор = двір») when ``a`` (in ``la``) and ``b`` (in ``lb``, the other of ru/uk)
    are word-for-word translations by the table; else ``None``."""
    if {la, lb} != {"ru", "uk"}:
        return None
    ka, kb = key(a, la), key(b, lb)
    if ka is None or ka != kb:
        return None
    wa = {_row(la, w, k): w for w, k in _words(a, la)}
    wb = {_row(lb, w, k): w for w, k in _words(b, lb)}
    return [f"{wa[r]} = {wb[r]}" for r in wa if r is not None and r in wb]
