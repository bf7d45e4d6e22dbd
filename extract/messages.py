"""Texts cut into turns and messages, and the rule text a game's title needs.

* :func:`subject_title`: an e-mail's subject line read as a title — «Тема: Re: правила Солитера»
  → «Правила Солитера» (the caller reads the title frame: «Солитер»).
* :func:`speech_start`: where the speech starts after a speaker label of a transcript
  («ВЕДУЩИЙ: …», «Гість: …»); such a line is a turn, never a title.
* :func:`has_rule_text`: whether lines hold rule text (a rule verb, or two different card or pile
  nouns in one line) — a title with no rule text under it names no game.

The patterns and word lists are data: ``pasyans/data/messages.json`` (each with examples that
``tests/test_messages.py`` checks). Input lines are stripped, in modern spelling.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from pasyans import morph

from . import headings as hd
from .article_text import QUOTE_RE, doc as make_doc, matches, sentences
from .headings import words


@lru_cache(maxsize=1)
def table() -> dict:
    """``messages.json`` with its patterns compiled and word lists as sets."""
    data = json.loads(resources.files("pasyans").joinpath("data/messages.json").read_text("utf-8"))
    data["subject"]["re"] = re.compile(data["subject"]["pattern"])
    data["speakers"]["re"] = re.compile(data["speakers"]["pattern"])
    data["dated_entries"]["re"] = re.compile(data["dated_entries"]["pattern"])
    data["rule_text"]["verb_set"] = frozenset(data["rule_text"]["verbs"])
    data["rule_text"]["noun_set"] = frozenset(data["rule_text"]["nouns"])
    data["rule_text"]["game_words"] = frozenset(data["rule_text"]["game_words"])
    data["rule_text"]["same_as"]["re"] = re.compile(data["rule_text"]["same_as"]["pattern"])
    return data


def subject_title(s: str) -> str | None:
    """The title an e-mail subject line gives, first letter capitalised («Тема: Re: правила
    Солитера» → «Правила Солитера»), else ``None``."""
    m = table()["subject"]["re"].match(s)
    if not m:
        return None
    rest = m.group("rest").strip()
    return rest[:1].upper() + rest[1:]


def speech_start(s: str) -> int | None:
    """The offset of the speech after a speaker label opening ``s`` («ДИКТОР: А теперь …» → 8),
    else ``None``. Whether the label is rather a section label («Правила: …») is the caller's to check."""
    m = table()["speakers"]["re"].match(s)
    if m and any(morph.lemma(w.lower().removesuffix("ъ"), lg) in hd.shapes()["genre_names"]["lemmas"]
                 for w in words(m.group("who")) for lg in ("ru", "uk")):
        return None   # «ПАСЬЯНСЪ: «МАРІЯ».»: the genre word before a colon names a game, no speaker
    return m.end() if m else None


def dated_entry(s: str) -> bool:
    """Whether the paragraph ``s`` opens an entry of a diary or a chronicle with its date («5 января. …»;
    ``dated_entries`` of ``messages.json``)."""
    return bool(table()["dated_entries"]["re"].match(s))


def _lemmas(s: str, lang: str) -> set[str]:
    """Every normal form any parse gives a word of ``s`` («столбцов»: «столбец» and «столбцы»)."""
    out = set()
    for w in words(s):
        out.add(w.lower().replace("ё", "е"))
        out.update(p.normal_form.replace("ё", "е") for p in morph.parses(w, lang)[:4])
    return out


def is_rule_text(s: str, lang: str) -> bool:
    """Whether the line ``s`` reads as rule text: a rule verb, or two different card/pile nouns
    (lemmas in ``lang``, then in the other of ru/uk: a Russian sentence in a Ukrainian text)."""
    t = table()["rule_text"]
    if t["same_as"]["re"].search(s):
        return True  # «Какъ предыдущій, но съ одной колодой»
    for lg in (lang, "uk" if lang == "ru" else "ru"):
        ls = _lemmas(s, lg)
        game = any(w.lower() in t["game_words"] for w in words(s))  # «пасьянс на одну колоду»
        if ls & t["verb_set"] or len(ls & t["noun_set"]) + game >= 2:
            return True
    return False


def has_rule_text(lines, lang: str) -> bool:
    """Whether any of the stripped ``lines`` is rule text (:func:`is_rule_text`)."""
    return any(s and is_rule_text(s, lang) for s in lines)


_SENTENCE_RE = re.compile(r"[^.!?…]+(?:[.!?…]+[»\")]*|$)")


def untold(lines: list[str], names, lang: str = "ru") -> list[str]:
    """``lines`` with the sentence of the first line that names a game (``names(sentence)`` is not
    ``None``) stripped of its rule verbs: the naming is no rule text by its verb («А я всю жизнь
    раскладываю «Косынку».»), only by what it says of cards and piles («Разложим Паука: две колоды,
    десять колонок.»)."""
    verbs = table()["rule_text"]["verb_set"]
    for k, s in enumerate(lines):
        parts = [m.group(0) for m in _SENTENCE_RE.finditer(s) if m.group(0).strip()]
        if any(names(p) for p in parts):
            kept = " ".join(" ".join(w for w in words(p) if _lemmas(w, lang).isdisjoint(verbs)) if names(p) else p.strip()
                            for p in parts)
            return lines[:k] + [kept] + lines[k + 1:]
    return lines


def _fold(s: str | None) -> str:
    return (s or "").casefold().replace("ё", "е")


def compares(text: str, lang: str) -> bool:
    """A message with a sentence naming two games that is no alias sentence («Чем «Паук» отличается от
    «Косынки»?»): it tells neither. Two names in two sentences («… раскладывать «Клондайк» … . Это та самая
    «Косынка» …») compare nothing."""
    for a, b in sentences(text):
        sent = text[a:b]
        names = {_fold(hd.nominative(q.group(0).strip("«»\"„“”"), lang)) for q in QUOTE_RE.finditer(sent)}
        if len(names) >= 2 and not matches(make_doc(sent, lang), lang).get("ALIAS"):
            return True
    return False


def told_span(body: list, bounds: list[int], tolds: list[str | None], i: int, lang: str) -> list[str]:
    """The prose of message ``i`` and of the messages after it up to the next one naming another game
    (the sentence that names it without its rule verbs: :func:`untold`), read in the text's ``lang``."""
    j = next((j for j in range(i + 1, len(tolds)) if tolds[j] and _fold(tolds[j]) != _fold(tolds[i])),
             len(tolds))
    return untold([ln.text for ln in body[bounds[i]:bounds[j]] if ln.kind == "prose"],
                  lambda t: hd.inline_title(t, lang, units=True), lang)
