"""Rules by reference: the game a same-as sentence names, found by its name in the same source, in
the games already read (the knowledge base being built) or through a catalogue name.

«как «Клондайк», но …», «отличается от «Паука» тем, что …», «те же правила, что и в «Клондайке»»,
«Афина — тот же Клондайк»: the reader keeps the named game in the ``same-as`` special's ``ref``
(:mod:`.reader`). Names are compared as lemma sequences (:func:`name_key`: «Клондайке» and
«Клондайк», «Часам» and «Часы», «Салическій законъ» and «Салический закон» meet), ignoring quotes
and case. The sentence's scope decides what is inherited (:func:`scope`): the layout only when it
speaks of laying cards out («раскладывается подобно «Часам»»), the tableau only when it speaks of
moving them («Перекладывание осуществляется так же, как …»), else every field. The game's own
statements always win over what it inherits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .. import nlp
from .schema import field_paths

_WORD = re.compile(r"[\w'’ʼ-]+")


def name_key(name: str, lang: str = "ru") -> tuple[str, ...]:
    """A game name as its words' lemmas («Клондайке» → ``("клондайк",)``, «Часам» → ``("часы",)``)."""
    out = []
    for w in _WORD.findall(name or ""):
        lem = nlp.lemma(w, lang) or w.lower()
        out.append(lem.replace("ё", "е"))
    return tuple(out)


def _keys(name: str, lang: str) -> set[tuple[str, ...]]:
    keys = {name_key(name, lang)}
    low = tuple(w.lower().replace("ё", "е") for w in _WORD.findall(name or ""))
    keys.add(low)
    # pymorphy3 may give a plural noun its plural lemma («Часы» → «часы», «Часам» → «час»)
    keys.add(tuple(w[:-2] if len(w) > 5 else w[:4] for w in low))
    return {k for k in keys if k}


_MOVING = ("перекладыван", "перекладк", "перекладан", "перемещени", "перекладанн")
_LAYING = ("раскладыва", "раскладк", "раскладывается", "выкладыва", "розкладк", "розклад", "сдаются", "расклад")


def scope(quote: str) -> list[str] | None:
    """The fields a same-as sentence covers: tableau fields when it speaks of moving cards, layout
    fields when it speaks of laying them out, else all (``None``)."""
    head = quote.lower()
    for cut in ("так", "подобно", "как", "як", "тот же", "те саме", "аналогично"):
        if cut in head:
            head = head.split(cut)[0]
            break
    if any(w in head for w in _MOVING):
        return [p for p in field_paths() if p.startswith("tableau.")]
    if any(w in head for w in _LAYING):
        return [p for p in field_paths() if p.startswith("layout.")]
    return None


@dataclass
class Library:
    """Games already read that a same-as sentence may name: their keys, names and specs, and the
    catalogue names (Russian or Ukrainian → English) with the English names of the games crosswalked
    to them. :meth:`find` answers a name with ``(key, display name, spec)`` or ``None``."""

    lang: str = "ru"
    games: list[tuple[str, str, dict]] = field(default_factory=list)
    catalogue: dict[tuple[str, ...], str] = field(default_factory=dict)
    english: dict[str, str] = field(default_factory=dict)          # game key -> English name

    def add(self, key: str, names: Iterable[str], spec: dict, english: str | None = None) -> None:
        for n in names:
            if n:
                self.games.append((key, n, spec))
        if english:
            self.english[key] = english

    def add_catalogue(self, rows: Iterable[tuple[str, str]]) -> None:
        """Catalogue rows (English name, Russian or Ukrainian name)."""
        for en, local in rows:
            for k in _keys(local, self.lang):
                self.catalogue.setdefault(k, en)

    def find(self, name: str) -> tuple[str, str, dict, str] | None:
        """(game key, its name, its spec, how found) for the game called ``name``, or ``None``."""
        want = _keys(name, self.lang)
        for key, n, spec in self.games:
            if _keys(n, self.lang) & want:
                return key, n, spec, "by name"
        for k in want:
            en = self.catalogue.get(k)
            if en is None:
                continue
            for key, n, spec in self.games:
                if self.english.get(key, "").lower() == en.lower():
                    return key, n, spec, f"through the catalogue name «{name}» = {en}"
        return None


def matches(name: str, candidate: str, lang: str = "ru") -> bool:
    """Whether game name ``candidate`` is the game ``name`` refers to (lemmas or stems agree)."""
    return bool(_keys(name, lang) & _keys(candidate, lang))


Finder = Callable[[str], "tuple[str, str, dict, str] | None"]
