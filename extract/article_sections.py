"""The sections of one game or variant cut from a plain text (:mod:`pasyans.extract.articles`): numbered
rules, subtitles, labelled sections, sub-headings and examples, each a :class:`~pasyans.models.Section`
with its raw lines. Input: a part (its ``content``: the classified :class:`~pasyans.extract.article_text.Line`
objects, its ``heading_line``) and its examples (:class:`~pasyans.extract.article_examples.Ex`)."""

from __future__ import annotations

import re

from pasyans import morph
from pasyans.models import Section

from . import headings as hd
from .article_findings import ARABIC_ITEM_RE, ROMAN_ITEM_RE
from .article_parts import fold_name
from .article_rules import rule_numbers
from .article_text import MOVE_RE, Line, words

def framed_section(ln: Line, game: Line | None) -> str | None:
    """The Section kind of the heading ``ln`` under the heading of ``game`` when its title frame names that
    game itself («Правила пасьянса Паук», «Как играть в Паука» under «Паук»: a section of it, not a game
    again): the ``frames`` table of ``section_labels.json``; else ``None``."""
    if game is None or ln.frame is None or not ln.name or not game.name:
        return None
    kind = hd.labels()["frames"].get(ln.frame)
    return kind if kind is not None and fold_name(ln.name) == fold_name(game.name) else None


HEADS = ("heading", "group-heading", "variant-heading", "part")
"""Line kinds that start a part of the text (a game, a variant, a part that is no game)."""
_HEADS = HEADS

_SENTENCE_END_RE = re.compile(r"[.!?…»)]\s*$")


def _opens_inline(ln: Line) -> bool:
    """A paragraph that opens a new section inline («Цель: …»); «Пример: …» stays inside its section."""
    return ln.kind == "prose" and bool(ln.section) and ln.section != "example"


def sections(part, exs: list, lang: str) -> list[Section]:
    """The sections of a part: numbered rules, subtitles, labelled sections (kind from the label
    table; a label's section runs to the next label or heading and holds its sub-headings),
    sub-headings (``option`` under a variants label, else ``topic``) and examples."""
    out: list[Section] = []
    content = part.content
    under = None  # the kind of the label section we are in
    for k, ln in enumerate(content):
        if ln.kind == "rule" and ln.rule.kind == "definition":
            a = b = ln.n
            if k > 0 and content[k - 1].kind == "prose" and ln.rule.numbers[0] in rule_numbers(content[k - 1].text) \
                    and content[k - 1] is not part.heading_line:
                a = content[k - 1].n
            for nxt in content[k + 1:]:
                head = words(nxt.text)[:3]
                illustr = nxt.kind == "prose" and any(
                    morph.lemma(w, lang) in ("приклад", "пример", "наприклад", "например") for w in head)
                if not illustr or len(MOVE_RE.findall(nxt.text)) >= 2:
                    break
                b = nxt.n
            out.append(Section("numbered-rule", (a, b), ln.rule.numbers[0]))
        elif ln.kind == "prose" and (ROMAN_ITEM_RE.match(ln.text) or ARABIC_ITEM_RE.match(ln.text)) and not ln.section:
            m = ROMAN_ITEM_RE.match(ln.text) or ARABIC_ITEM_RE.match(ln.text)
            out.append(Section("numbered-rule", (ln.n, ln.n), m.group(1)))
        elif ln.kind == "subtitle":
            out.append(Section("intro", (ln.n, ln.n), ln.text.rstrip(".")))
        elif ln.kind == "label" or (ln.kind == "prose" and ln.section):
            under = ln.section
            if ln.kind == "prose" and ln.section == "example":
                continue  # «Пример: ♠8 — ♣9.» is an example; its section comes with the example
            end, last = ln.n, ln
            one_sentence = ln.kind == "prose" and ln.section in hd.labels()["one_sentence"]
            for nxt in content[k + 1:]:
                if nxt.kind in ("label", "after-title") + _HEADS or _opens_inline(nxt):
                    break
                if one_sentence and (nxt.n > end + 1 or _SENTENCE_END_RE.search(last.text)):
                    break  # «Цель игры — собрать все карты.» said one thing: the lines after it are not the goal
                end, last = nxt.n, nxt
            out.append(Section(ln.section or "rules", (ln.n, end), (ln.name or ln.text).rstrip(".:")))
        elif ln.kind == "subheading":
            end = ln.n
            for nxt in content[k + 1:]:
                if nxt.kind in ("label", "subheading", "after-title") + _HEADS or _opens_inline(nxt):
                    break
                end = nxt.n
            out.append(Section("option" if under == "variants" else "topic", (ln.n, end), ln.printed or ln.text))
    for ex in exs:
        out.append(Section("example", (min(ex.lines), max(ex.lines)), ex.marker))
    out.sort(key=lambda s: (s.lines, s.kind))
    return out
