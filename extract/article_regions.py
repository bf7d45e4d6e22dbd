"""The classified lines of a plain text cut into parts, one game or variant each
(:class:`~pasyans.extract.article_parts.Part`; :mod:`pasyans.extract.articles`, «Before the first
heading», «Lettered variants», «Variants and sister games inside a section»): :func:`regions` gives
the parts in text order, the source-level findings (document title, introduction, headings of parts,
titles with no rule text) and the introduction's text."""

from __future__ import annotations

import re

from pasyans.models import Finding

from . import headings as hd
from . import messages
from .article_parts import (Part as _Part, fold_name as _fold_name, split_told as _split_told,
                            told_finding as _told_finding)
from .article_words import plural_patience as _plural_patience
from .article_text import QUOTE_RE, Line, doc as make_doc, matches

__all__ = ["regions"]


def _alias_sentence(text: str, lang: str) -> bool:
    return bool(matches(make_doc(text, lang), lang).get("ALIAS"))


def _split_lettered(region: list[Line], head: Line, lang: str) -> list[_Part]:
    """A lettered variant and the unnamed rule combinations printed after it (see the module doc)."""
    cur = _Part([], head.name, head.printed, "lettered", head.label, heading_line=head)
    parts = [cur]
    has_def = False
    for ln in region:
        if ln.blank:
            cur.lines.append(ln)
            continue
        r = ln.rule
        if r is not None and cur.closed:
            cur = _Part([], None, None, "combo")
            parts.append(cur)
            has_def = False
        cur.lines.append(ln)
        if r is None:
            if ln is not head and _alias_sentence(ln.text, lang):
                cur.closed = True
            continue
        if r.kind == "definition":
            has_def = True
        elif r.kind == "refs" and (has_def or len(r.numbers) >= 2):
            cur.closed = True
    return parts


_NOT_PATIENCE_RE = re.compile(r"(?i)(?:^|[\s,—–-])(?:это|то|це|то\s+вже|это\s+уже|це\s+вже)\s+(?:уже\s+|вже\s+)?не\s+(?:є\s+)?пасьянс")
"""A sentence saying that what the section tells is no patience («это уже не пасьянс», «це вже не пасьянс»)."""


def _has_rules(region: list[Line], head: Line, after: list[Line], lang: str) -> bool:
    """Whether a heading's region holds rule text (:func:`~pasyans.extract.messages.has_rule_text`), or
    the next heading is a variant of it (a game told only through its variants), or it is an entry of a
    list of games (three or more in a row: the list is the evidence)."""
    if head.frame == "entry" or (after and (after[0].parent is head or after[0].names_variant)):
        return True
    rest = head.text.replace(head.printed, "", 1) if head.printed and head.printed in head.text else ""
    texts = [rest] + [ln.text for ln in region if ln is not head and not ln.blank]
    if any(_NOT_PATIENCE_RE.search(t) for t in texts):
        return False   # «… играть в «Пьяницу» — но это уже не пасьянс, а игра на двоих»: told as no patience
    # «Этотъ пасьянсъ называютъ также «…»»: a sentence giving the game another name speaks of a game too
    return messages.has_rule_text(texts, lang) or any(
        t and matches(make_doc(t, lang), lang).keys() & {"ALIAS", "ALIAS_CAP"} for t in texts)


def _split_section(region: list[Line], head: Line | None, lang: str) -> list[_Part]:
    """A headed section: its game, plus variants («В другом варианте этого пасьянса») and sister games."""
    name = head.name if head else None
    main = _Part([], name, head.printed if head else None, "game", heading_line=head)
    parts = [main]
    cur = main
    new_post = False
    for ln in region:
        if ln.kind == "meta" and ln.label == "post header":
            new_post = True
        if not ln.blank and new_post:
            new_post = False
            told = hd.inline_title(ln.text, lang, units=True) if ln.kind == "prose" else None
            if told and _fold_name(told) != _fold_name(main.name):
                main = cur = _Part([], told, None, "game")  # a reply that tells another game, untitled
                main.findings.append(_told_finding(ln, told))
                parts.append(cur)
        if not ln.blank and ln is not head and ln.kind == "prose":
            doc = make_doc(ln.text, lang)
            ms = matches(doc, lang)
            if any(s == 0 for s, _ in ms.get("VARIANT", [])):
                phrase = doc[: ms["VARIANT"][0][1]].text
                cur = _Part([], None, f"{main.name} ({phrase[:1].lower() + phrase[1:]})", "variant", parent=main)
                parts.append(cur)
            elif any(s == 0 for s, _ in ms.get("INSTANCE", [])):
                main = cur = _Part([], name, None, "game")
                parts.append(cur)
        cur.lines.append(ln)
    return parts


def _column_head(region: list[Line], head: Line) -> bool:
    """Whether ``head`` is a column's rubric over items parted by separators («СМѢСЬ.» over items
    between «* * *») or over games named after their rules, no game's title: its text is cut into items, and the items that name a game
    in a sentence start those games (:func:`~pasyans.extract.article_parts.split_told`)."""
    if head.kind != "heading" or head.frame is not None or QUOTE_RE.search(head.text):
        return False
    # a separator between items, or two games and more named after their rules («Загадки старого картёжника»
    # over «… Узнали? Конечно, это «Монтана».» and «… звали «Считалочка».»)
    return any(ln.kind == "meta" and ln.label == "separator" for ln in region) or len(
        {t for ln in region if ln.kind == "prose" and (t := hd.back_title(ln.text))} - {head.name}) >= 2


def _opens_instance(text: str, lang: str) -> bool:
    """Whether a paragraph opens with another game of a group («А вот еще один джокер-пасьянс …»)."""
    return any(s == 0 for s, _ in matches(make_doc(text, lang), lang).get("INSTANCE", []))


def regions(lines: list[Line], lang: str) -> tuple[list[_Part], list[Finding], str]:
    """Cut the classified lines into parts; also the source-level findings (title, introduction)."""
    src_findings: list[Finding] = []
    heads = [i for i, ln in enumerate(lines) if ln.kind in ("heading", "group-heading", "variant-heading")
             or (ln.kind == "part" and ln.label == "next chapter")]   # «Розділ 4. …» ends the games of chapter 3
    first = heads[0] if heads else len(lines)
    pre = lines[:first]
    doc_title = next((ln for ln in pre if ln.kind == "doc-title"), None)
    pre_content = [ln for ln in pre if not ln.blank and ln is not doc_title]
    for ln in [ln for ln in pre_content if ln.kind == "part" or (ln.kind == "label" and len(pre_content) == 1)]:
        # «СОДЕРЖАНІЕ.» over a contents list, a page's «Правила игры» over the title: heads no game, no fragment
        if all(x.blank for x in pre if x.n > ln.n):
            src_findings.append(Finding("", (ln.n, ln.n), "not-a-game", f"heading of a part of the text, not a game: «{ln.text}»"))
            pre_content.remove(ln)
    intro_text = ""
    parts: list[_Part] = []
    if doc_title is not None:
        src_findings.append(Finding("", (doc_title.n, doc_title.n), "not-a-game",
                                    f"document title, not a game: «{doc_title.text}»"))
    if pre_content:
        a, b = pre_content[0].n, pre_content[-1].n
        after = next((ln for ln in pre_content if ln.kind == "after-title"), None)
        body = [ln for ln in pre if ln.n >= a]
        # the post header over the first message is where that message starts
        a0 = max((ln.n for ln in pre if ln.n < a and ln.kind == "meta" and ln.label == "post header"), default=a)
        told_intro, told = _split_told([ln for ln in pre if ln.n >= a0], lang) if not heads else (body, [])
        if after is None and told:
            intro = [ln for ln in told_intro if not ln.blank and ln is not doc_title]
            if intro:
                intro_text = " ".join(ln.text for ln in intro)
                src_findings.append(Finding("", (intro[0].n, intro[-1].n), "not-a-game",
                                            "introduction of the text (before the first game it names), not a game"))
            parts.extend(told)
        elif after is not None:
            p = _Part(body, after.name, after.printed, "game", after_title=after)
            p.findings.append(Finding("", (after.n, after.n), "title-after-text",
                                      f"no heading before the text; the title «{after.printed}» is printed "
                                      f"after it (line {after.n}) and is taken as the game's name"))
            parts.append(p)
        elif doc_title is not None or any(_plural_patience(ln.text, lang) or ln.label == "genre headword"
                                          for ln in pre_content) \
                or any(ln.kind == "meta" and ln.label == "post header" for ln in pre):
            # a thread's opening post before the first titled game is no tail of a game
            intro_text = " ".join(ln.text for ln in pre_content)
            src_findings.append(Finding("", (a, b), "not-a-game",
                                        "introduction of the article (speaks of patiences in general), not a game"))
        else:
            p = _Part(body, None, None, "fragment")
            p.findings.append(Finding("", (a, b), "fragment",
                                      "the text begins inside a game whose title and start are not in this source"))
            parts.append(p)
    for k, i in enumerate(heads):
        end = heads[k + 1] if k + 1 < len(heads) else len(lines)
        region = lines[i:end]
        while region and region[-1].blank:
            region.pop()
        head = lines[i]
        if head.kind == "part":
            body = [ln for ln in region if not ln.blank]
            src_findings.append(Finding("", (body[0].n, body[-1].n), "not-a-game",
                                        f"heading of a part of the text, not a game: «{head.text}»"))
        elif head.kind == "variant-heading":
            parts.extend(_split_lettered(region, head, lang))
        elif head.kind in ("heading", "group-heading") and not head.names_variant and not _has_rules(
                region, head, lines[end:end + 1], lang) and not (head.kind == "group-heading" and _split_told(region[1:], lang)[1]):
            last = max((ln.n for ln in region if not ln.blank), default=head.n)
            src_findings.append(Finding("", (head.n, last), "not-a-game",
                                        f"a title with no rule text under it, not a game: «{head.text}»"))
        elif (head.kind == "group-heading" or _column_head(region, head)) and (told := _split_told(region[1:], lang)[1]):
            # «Глава третья. Бабушкины пасьянсы» over a story that names its game in a sentence
            src_findings.append(Finding("", (head.n, told[0].lines[0].n - 1 if told[0].lines[0].n > head.n else head.n),
                                        "not-a-game", f"heading of a part of the text, not a game: «{head.text}»"))
            parts.extend(told)
        elif head.kind == "group-heading" and any(x.kind == "heading" for x in lines[end:]) \
                and not any(ln.kind == "prose" and _opens_instance(ln.text, lang) for ln in region):
            # «Тема: пасьянсы как задачи перебора» over a definition, then «Часы:», «Косынка:»: the part's introduction
            last = max((ln.n for ln in region if not ln.blank), default=head.n)
            src_findings.append(Finding("", (head.n, last), "not-a-game",
                                        f"heading of a part of the text and its introduction, not a game: «{head.text}»"))
        else:
            section = _split_section(region, head, lang)
            if head.parent is not None:
                section[0].parent = next((p for p in reversed(parts) if p.heading_line is head.parent), None)
            parts.extend(section)
    return parts, src_findings, intro_text
