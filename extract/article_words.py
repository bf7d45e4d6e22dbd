"""Words of a plain text's lines that the article segmenter (:mod:`pasyans.extract.articles`) asks
about: a printed layout row, «пасьянс» in the plural (a document title, a group of games), a plural
title put in the singular. Input: a stripped line in modern spelling and its language."""

from __future__ import annotations

import re

from pasyans import morph

from .article_text import QUOTE_RE, words

_TABLE_TOKEN_RE = re.compile(r"^(?:-|(?:[ПЧБТT4](?:10|[2-9АВДКЗСб]))+)$")


def is_table_row(s: str) -> bool:
    """A printed layout row: a row number and mostly card codes or «-» for a space (000, lines 7–14)."""
    toks = s.split()
    if len(toks) < 6 or not toks[0].isdigit():
        return False
    cards = sum(bool(_TABLE_TOKEN_RE.match(t)) for t in toks[1:])
    return cards >= 0.7 * (len(toks) - 1)


def plural_patience(s: str, lang: str) -> bool:
    """Whether ``s`` speaks of patiences in the plural («пасьянсы», «пасьянсів») or counts them: a number
    above one right before the word, in digits or a numeral («три пасьянса», «2 пасьянса», «пять пасьянсов»)."""
    prev = None
    for w in words(s):
        p = morph.parse(w, lang)
        if p is not None and p.normal_form.endswith("пасьянс"):
            if "plur" in p.tag.grammemes or prev == "count":
                return True
        prev = "count" if p is not None and "NUMR" in p.tag.grammemes and p.normal_form not in ("один", "одна") else None
    if re.search(r"(?<![\d.,])(?:[2-9]|\d{2,})\s+пасьянс", s, re.I):
        return True   # «3 пасьянса»: digits are no word of :func:`words`
    return False


def genitive_plural(s: str, lang: str) -> bool:
    """Whether ``s`` has «пасьянс» in the genitive plural only («Правила трёх пасьянсов», «Сборник
    пасьянсов»), none in the nominative plural («Джокер-пасьянсы», «Пасьянсы одной колодой»)."""
    cases = set()
    for w in words(s):
        p = morph.parse(w, lang)
        if p is not None and p.normal_form.endswith("пасьянс") and "plur" in p.tag.grammemes:
            cases.add("gent" if "gent" in p.tag.grammemes else "other")
    return cases == {"gent"}


_GENRE_STATEMENT_RE = re.compile(r"^\W{0,3}(?:[Пп]асьянс[ъ]?|ПАСЬЯНС[Ъ]?)\s+[—–]\s+\S")
"""A line stating what the genre is («Пасьянс — это …», «ПАСЬЯНС — игра терпения»)."""


def document_genre(s: str, lang: str) -> bool:
    """Whether ``s`` opens with a noun naming a kind of document («Руководство пользователя «…»», «Посібник
    користувача …»; ``document_genres`` of ``heading_shapes.json``) and names no game outside quotes (no word of
    the lemma «пасьянс», «игра», «гра»): a manual's title, no game's."""
    from .headings import shapes

    ws = words(QUOTE_RE.sub(" ", s))
    if not ws:
        return False
    row = shapes()["document_genres"]
    if morph.lemma(ws[0], lang) not in row["lemmas"]:
        return False
    return not any(morph.lemma(w, lang) in ("пасьянс", "игра", "гра") for w in ws)


def is_collection_title(s: str, lang: str) -> bool:
    """The first line as a document title: patiences in the plural, or a number word with «пасьянс»
    («Сто пасьянсов»; not a number inside a quoted name: «Пасьянс «Восемь королей»» is a game)."""
    if plural_patience(s, lang) or _GENRE_STATEMENT_RE.match(s) or document_genre(s, lang):
        return True   # «ПАСЬЯНС — ЭТО РАЗГОВОР С САМИМ СОБОЙ»: a headline about the genre, no game's name
    ws = words(QUOTE_RE.sub(" ", s))
    has_num = any(morph.parse(w, lang).tag.POS == "NUMR" for w in ws)
    return has_num and any(morph.lemma(w, lang).endswith("пасьянс") for w in ws)

def singular(phrase: str, lang: str) -> str:
    """The phrase with its plural «…пасьянсы» word put in the nominative singular."""
    out = []
    for w in phrase.split():
        p = morph.parse(w.strip(".,"), lang)
        if p is not None and p.normal_form.endswith("пасьянс") and "plur" in p.tag.grammemes:
            inf = p.inflect({"sing", "nomn"})
            if inf is not None:
                w = inf.word[:1].upper() + inf.word[1:] if w[:1].isupper() else inf.word
        out.append(w)
    return " ".join(out)
