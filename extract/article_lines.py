"""The lines of a plain text, each with its kind (:mod:`pasyans.extract.articles`, «Titles», «Section
labels»): :func:`classify` reads a :class:`~pasyans.corpus.Source` into one
:class:`~pasyans.extract.article_text.Line` per raw line — furniture, headings (with their names,
marks, printed form and frame), group headings, parts, labels, subtitles, after-titles, title-alias
lines, rules, lettered variant headings, tables, captions, bylines and prose — and then decides
which headings open games (:func:`pasyans.extract.article_structure.structure`)."""

from __future__ import annotations

import re
from dataclasses import replace

from pasyans import morph
from pasyans.corpus import Source

from . import headings as hd
from . import messages
from .footnotes import footnote_mark
from .furniture import furniture
from .article_parts import fold_name as _fold_name
from .article_structure import structure as _structure
from .article_words import (document_genre as _document_genre, genitive_plural as _genitive_plural, is_collection_title as _is_collection_title,
                            is_table_row as _is_table_row, plural_patience as _plural_patience, singular as _singular)
from .article_rules import parse_rule_line
from .article_text import BBCODE_RE, QUOTE_RE, Line, unmarked, words
from .orthography import modernize
from .rule_lists import rule_list_items

__all__ = ["classify"]

_VARIANT_HEAD_RE = re.compile(
    r"^(?P<word>Варіація|Варіант|Вариация|Вариант)\s+(?P<letter>[А-ЯІЇЄҐ])\s*[-–—]\s*"
    r"(?P<name>[^.]+?)\s*\.(?:\s+(?P<rest>.*))?$")
_LABEL_LEMMAS = {"игра", "гра", "правило", "пример", "приклад", "примечание", "примітка"}


def _heading(ln: Line, s: str, mk: hd.Marks, shape: str, lang: str) -> None:
    """Make ``ln`` a heading (or group heading) with its names, marks and printed form."""
    ln.kind, ln.shape = "heading", shape
    ln.mark, ln.level = mk.mark, mk.level
    ln.strength = min(mk.strength, hd.shapes()["shape_strength"].get(shape, 20))
    ln.printed = hd.marks(BBCODE_RE.sub("", ln.raw).strip()).rest.rstrip(".")   # as printed, without «[b]» tags
    names = hd.split_title(mk.rest, lang, caps=shape == "caps")
    ln.name, ln.aliases = names[0].name, tuple(names[1:])
    if _plural_patience(mk.rest, lang) and not QUOTE_RE.search(mk.rest):
        ln.kind = "group-heading"
        ln.name = _singular(ln.name, lang)
        if _genitive_plural(mk.rest, lang):
            ln.kind = "part"  # «Правила трёх пасьянсов для этой колоды»: of several games, none of them
    elif _SEVERAL_RE.search(mk.rest):
        ln.kind = "part"  # «Вечерние пасьянсы: «Солитёр» и «Гробница Наполеона»»: a post's title over two games


def _subject(ln: Line, s: str, lang: str) -> bool:
    """Make an e-mail subject line that names a game («Тема: Re: правила Солитера») its heading."""
    title = messages.subject_title(s)
    framed = hd.title_frame(title, lang) if title else None
    shape = hd.title_shape(framed[1] if framed else title, lang, layout=True) if title else None
    if shape not in ("caps", "plain", "quoted"):
        return False
    _heading(ln, s, hd.Marks("none", 20, None, None, framed[1] if framed else title, 0), shape, lang)
    ln.frame = framed[0] if framed else None
    return True


def _framed_title(lines: list[Line], ln: Line, first: bool, lang: str = "ru") -> tuple[str, str] | None:
    """The title a heading line frames in more words (:func:`~pasyans.extract.headings.title_frame`:
    «Пасьянс «Пирамида»: математика и удача», «Тема: «Косынка» — …», «Как играть: Свободная
    ячейка»), where a heading may stand: a marked line, the first line of the text, or a line
    alone between blank lines (or the text's edges): ``(frame name, title)``; ``None`` elsewhere."""
    mk = hd.marks(ln.text)
    if len(ln.text) > 100:
        return None
    alone = all(n < 1 or n > len(lines) or lines[n - 1].blank for n in (ln.n - 1, ln.n + 1))
    framed = hd.title_frame(mk.rest, lang)
    if framed is not None and hd.frame_row(framed[0]).get("first_only") and not first:
        return None   # «Мой фаворит — «Свободная ячейка»» alone in its paragraph is prose
    if not (mk.mark != "none" or first or alone or ln.text.isupper()):   # «ПАСЬЯНС МІСЯЦЯ: «…»» over its text
        return framed if framed is not None and hd.frame_row(framed[0]).get("layout") else None   # «КОСЫНКА — …»
    return framed


def classify(source: Source) -> list[Line]:
    """One :class:`Line` per raw line, with its kind (see the module doc for the kinds)."""
    lang = source.language
    pre = source.orthography == "pre-reform"
    lines = []
    for i, raw in enumerate(source.lines, 1):
        text = unmarked(raw.strip())  # «Косы́нка»: the stress mark is no part of the word
        lines.append(Line(i, raw, modernize(text) if pre else text))
    for n, family in furniture([ln.text for ln in lines], lang).items():
        ln = lines[n - 1]  # kept out of every game: blank to the segmenter, listed in a finding
        ln.kind, ln.label, ln.printed, ln.text = "meta", family, ln.text, ""
    nonblank = [ln for ln in lines if not ln.blank]
    dotted_counts: dict[str, int] = {}
    for ln in nonblank:
        if hd.title_shape(ln.text, lang) == "dotted":
            dotted_counts[ln.text.lower()] = dotted_counts.get(ln.text.lower(), 0) + 1
    labels = {ln.n: hd.section_label(ln.text, lang) for ln in nonblank}
    numbering: dict[str, int] = {}
    listed = rule_list_items([ln.text for ln in nonblank], lang)  # «1. Играют одной колодой.»: no titles
    prev: Line | None = None
    for k, ln in enumerate(nonblank):
        s = ln.text
        nxt = nonblank[k + 1] if k + 1 < len(nonblank) else None
        label = labels[ln.n]
        if prev is not None and prev.kind == "heading" and ln.kind == "title-alias":
            prev = ln
            continue  # «иначе «Арка».» under «ПАСЬЯНС «ВОРОТА»,»: read with the title line
        if hd.setext_level(s) and prev is not None and prev.n == ln.n - 1 and prev.kind in ("heading", "prose"):
            ln.kind = "furniture"
            mk = hd.marks(prev.text)
            shape = hd.title_shape(prev.text, lang, layout=True)
            if shape:
                _heading(prev, prev.text, mk, shape, lang)
                prev.mark, prev.level = "setext", hd.setext_level(s)
                prev.strength = prev.level
            continue
        if (mark := footnote_mark(s)) is not None:
            ln.footnote, ln.section, ln.name = mark, "notes", "footnote"  # placed by place_footnotes
            prev = ln
            continue
        if label is None and ((messages.speech_start(s) is not None and hd.title_frame(s, lang) is None)
                              or _subject(ln, s, lang)):   # «ПАСЬЯНС МІСЯЦЯ: «…»» is a title, no speaker
            ln.turn = ln.kind == "prose"  # «ВЕДУЩИЙ: …» a turn of speech; «Тема: Re: правила X» a title
            prev = ln
            continue
        rl = parse_rule_line(s)
        vm = _VARIANT_HEAD_RE.match(s)
        if _is_table_row(s):
            ln.kind = "table"
        elif rl is not None:
            ln.kind, ln.rule = "rule", rl
        elif vm:
            ln.kind, ln.label = "variant-heading", vm.group("letter")
            ln.name = vm.group("name").strip()
            raw_s = ln.raw.strip()
            ln.printed = raw_s[: raw_s.index(".", vm.start("name"))].strip()
            ln.rest_offset = vm.start("rest") if vm.group("rest") else len(s)
        elif hd.not_title(s) == "figure caption":
            ln.kind = "caption"
        elif hd.is_byline(s):
            ln.kind = "byline"
        elif (vname := hd.named_variant(s)) is not None:
            _heading(ln, s, hd.Marks("none", 20, None, None, f"«{vname}»", 0), "quoted", lang)
            ln.names_variant = True
            q = QUOTE_RE.search(ln.raw)
            ln.printed = next(g for g in q.groups() if g) if q else vname  # the name as printed
        elif (framed := _framed_title(lines, ln, k == 0, lang)) is not None:
            mk = hd.marks(s)
            frame_name, frame = framed
            _heading(ln, s, hd.Marks(mk.mark, mk.strength, mk.level, mk.num, frame, mk.offset),
                     "quoted" if frame.startswith("«") else "plain", lang)
            ln.frame = frame_name
        elif label is not None and label.rest is None:
            ln.kind, ln.section, ln.name = "label", label.kind, label.label
        elif label is not None:
            ln.section, ln.name = label.kind, label.label  # prose opening a section inline
        else:
            mk = hd.marks(s)
            follows = nxt is not None and ((labels.get(nxt.n) is not None and labels[nxt.n].rest is None)
                                           or hd.is_byline(nxt.text)) \
                and not (prev is not None and prev.kind == "label")  # a label's one-line content is no title
            shape = hd.title_shape(mk.rest, lang, layout=mk.mark != "none" or follows, marked=mk.mark != "none")
            others = hd.title_continuation(nxt.text, lang) if shape is None and s.endswith(",") and nxt is not None \
                and nxt.n == ln.n + 1 else None
            if others:
                # «ПАСЬЯНСЪ «КОСЫНКА»,» / «иначе «Солитеръ».»: a title printed over two lines
                mk = hd.Marks(mk.mark, mk.strength, mk.level, mk.num, mk.rest.rstrip(", "), mk.offset)
                shape = hd.title_shape(mk.rest, lang, layout=True)
                if shape in ("caps", "plain", "quoted"):
                    nxt.kind = "title-alias"
                    nxt.aliases = tuple(hd.TitleName(n, hd.name_language(n, lang), "alias") for n in others)
            if k in listed:
                pass  # an item of a numbered rule list: a line of the game's text
            elif shape == "caps" and prev is not None and prev.kind in ("heading", "group-heading") \
                    and prev.printed and prev.printed.isupper() and prev.n == _prev_nonblank(lines, ln.n) \
                    and not any(lines[j - 1].raw.strip() for j in range(prev.n + 1, ln.n)) \
                    and mk.mark == "none":
                ln.kind = "subtitle"
            elif shape in ("caps", "plain") and mk.mark == "none" and prev is not None and prev.n == ln.n - 1 \
                    and prev.kind in ("heading", "group-heading") and _document_genre(mk.rest, lang):
                ln.kind = "subtitle"  # «Памятка для учащихся 5–7 классов» under «Занятие 9. Пасьянс «…»»: the genre, no game
            elif shape in ("caps", "plain", "quoted") or (shape == "dotted" and mk.mark != "none"):
                if mk.mark in ("numbered", "roman") and not _continues(mk, numbering):
                    mk = hd.Marks("none", 20, None, None, mk.rest, mk.offset)  # a list item, no number of a title
                _heading(ln, s, mk, shape, lang)
                if others:
                    ln.printed = ln.printed.rstrip(", ")
            elif shape == "dotted":
                first = words(s)[0]
                if dotted_counts.get(s.lower(), 0) > 1 or (len(words(s)) == 1 and morph.lemma(first, lang) in _LABEL_LEMMAS):
                    ln.kind = "label"
                elif hd.is_front_matter(s.rstrip("."), lang):
                    ln.kind, ln.name = "part", s.rstrip(".")  # «Оглавленiе.» (a Latin «i» folded): a part's heading
                else:
                    ln.kind = "after-title"
                    ln.printed = ln.raw.strip().rstrip(".")
                    ln.name = s.rstrip(".")
        prev = ln
    if nonblank and nonblank[0].kind == "heading" and _document_genre(hd.marks(nonblank[0].text).rest, lang):
        nonblank[0].kind = "doc-title"   # «Посібник користувача «Пасьянс-Про»»: a manual's title names its program
    framed_one = bool(nonblank) and nonblank[0].frame is not None and not _plural_patience(nonblank[0].name or "", lang)
    if nonblank and nonblank[0].kind in ("heading", "group-heading") and not framed_one and _is_collection_title(
            hd.marks(nonblank[0].text).rest, lang):  # «Как разложить «Ёлочку»: пять простых шагов» names one game
        nonblank[0].kind = "doc-title"
    _bilingual_titles(nonblank, lang, next((lg for _, lg in source.languages if lg != lang), None))
    for a, b in zip(nonblank, nonblank[1:]):
        if a.kind == b.kind == "heading" and _fold_name(a.name) == _fold_name(b.name):
            # «Королівський двір (пасьянс)» / «Королівський двір» (an infobox's caption): the title printed
            # again is no new game, and no text of it (kept out of every game, listed as furniture)
            if a.frame is not None and b.frame is None:
                a.kind = "doc-title"  # «Вільна комірка: приклад гри» over «Вільна комірка (FreeCell)»: the page's title
                continue
            b.kind, b.label, b.printed, b.text = "meta", "title repeated", b.text, ""
    _number_titles(nonblank, lang)
    _hyphenated_titles(nonblank, lang)
    _speaker_lines(nonblank, lang)
    _colon_titles(nonblank, lang)
    _shared_prefixes(nonblank, lang)
    _entries(nonblank, lang)
    _lead_ins(nonblank, lang)
    _parts_and_alias_lines(nonblank, lang)
    _structure(nonblank, lang)
    return lines


def _bilingual_titles(nonblank: list[Line], lang: str, other: str | None) -> None:
    """In place: in a text with parts in ``other`` language (a bilingual insert), the name after « / »
    in a title («ПАСЬЯНС «КОСЫНКА» / ПАСЬЯНС «КОСИНКА»») is in that language."""
    if other is None:
        return
    for ln in nonblank:
        if ln.kind == "heading" and " / " in ln.text:
            right = ln.text.split(" / ", 1)[1].casefold()
            ln.aliases = tuple(replace(a, language=other) if a.language == lang and a.name.casefold() in right else a
                               for a in ln.aliases)


def _number_titles(nonblank: list[Line], lang: str) -> None:
    """In place: a heading that only numbers its game («ПАСЬЯНСЪ № 7.», «ПАСЬЯНСЪ ПЕРВЫЙ.»,
    :func:`~pasyans.extract.headings.number_title`) takes its name from the short line right under it
    («Сорокъ разбойниковъ.», «Наполеонъ на островѣ Св. Елены (Napoleon at St. Helena).»); that line's
    other names (in parentheses, after «или») are the game's aliases on their own line."""
    for ln, nxt in zip(nonblank, nonblank[1:]):
        if ln.kind != "heading" or nxt.n != ln.n + 1 or not hd.number_title(ln.text) or nxt.kind not in (
                "heading", "prose", "after-title") or nxt.section or len(words(nxt.text)) > 10 or len(nxt.text) > 90:
            continue
        s = nxt.text.rstrip(".")
        names = hd.split_title(s, lang, caps=s.isupper())
        if hd.title_shape(names[0].name, lang) not in ("caps", "plain", "quoted", "dotted"):   # «Берут колоду.» is text
            continue
        ln.name, ln.aliases, ln.printed = names[0].name, (), nxt.raw.strip().rstrip(".")
        nxt.kind, nxt.aliases, nxt.name = "title-alias", tuple(names[1:]), None


def _hyphenated_titles(nonblank: list[Line], lang: str) -> None:
    """In place: a title broken with a hyphen inside its quoted name («ПАСЬЯНС «НЕСКІН-» over «ЧЕННИЙ»», a
    scan's line break) is read whole; the line with the name's end is the title's second line (``subtitle``)."""
    for ln, nxt in zip(nonblank, nonblank[1:]):
        t = ln.text
        if ln.kind != "heading" or nxt.n != ln.n + 1 or not re.search(r"[^\W\d_]-$", t) \
                or t.count("«") != t.count("»") + 1 or "»" not in nxt.text or len(nxt.text) > 40:
            continue
        whole = t[:-1] + nxt.text
        names = hd.split_title(hd.marks(whole).rest, lang, caps=whole.isupper())
        ln.name, ln.aliases = names[0].name, tuple(names[1:])
        ln.printed = (ln.raw.strip()[:-1] + nxt.raw.strip()).rstrip(".")
        nxt.kind = "subtitle"


_SPEAKER_ONLY_RE = re.compile(r"^[A-ZА-ЯЁІЇЄҐ][\w'’.-]{0,20}(?:\s[\w'’.-]{1,20})?:$")


def _speaker_lines(nonblank: list[Line], lang: str) -> None:
    """In place: in a chat export whose speakers stand alone on their lines («Вы:», «Ассистент:»; two
    speakers at least, each twice or more, no section label), each such line is furniture (``speaker``)
    and the line under it opens a turn of speech (a message)."""
    who: dict[str, int] = {}
    for ln in nonblank:
        if ln.kind == "prose" and not ln.section and _SPEAKER_ONLY_RE.match(ln.text) and hd.section_label(ln.text, lang) is None:
            who[ln.text] = who.get(ln.text, 0) + 1
    speakers = {w for w, n in who.items() if n >= 2}
    if len(speakers) < 2:
        return
    for ln, nxt in zip(nonblank, nonblank[1:]):
        if ln.kind == "prose" and ln.text in speakers:
            ln.kind, ln.label, ln.printed, ln.text = "meta", "speaker", ln.text, ""
            nxt.turn = nxt.kind == "prose"


_COLON_TITLE_RE = re.compile(r"^[A-ZА-ЯЁІЇЄҐ«][^:.!?;,]{1,40}:$")


def _colon_titles(nonblank: list[Line], lang: str) -> None:
    """In place: notes whose games are names ending in a colon, each right over a bulleted list («Часы:»
    over «- 52 к., 13 кучек × 4 …», «Косынка:» over «- 1 колода, …»; ``colon_titles`` of ``heading_shapes.json``:
    two such lines at least, none a section label nor a list's head like «Плюсы:») — each name is a title (a title
    with no rule text under it heads no game, :func:`~pasyans.extract.article_regions.regions`)."""
    heads = [ln for ln, nxt in zip(nonblank, nonblank[1:])
             if ln.kind == "prose" and not ln.section and not ln.turn and _COLON_TITLE_RE.match(ln.text)
             and len(words(ln.text)) <= 4 and nxt.n == ln.n + 1 and hd.bullet_end(nxt.text) > 0
             and hd.section_label(ln.text, lang) is None and not hd.is_front_matter(ln.text[:-1], lang)
             and ln.text[:-1].casefold() not in hd.shapes()["colon_titles"]["not_names"]]
    if len(heads) < hd.shapes()["colon_titles"]["min"]:
        return
    for ln in heads:
        _heading(ln, ln.text, hd.Marks("none", 20, None, None, ln.text[:-1], 0), "plain", lang)


_PREFIX_RE = re.compile(r"^(?P<prefix>[^\W\d_][\w'’-]*(?:\s+[\w'’-]+){0,2}):\s+(?P<name>\S.{0,60})$")


def _shared_prefixes(nonblank: list[Line], lang: str) -> None:
    """In place: sister headings (the same mark and level) that all open with the same words and a colon
    («## Подробно: Часы», «## Подробно: Косынка») share a frame, no name: each game's name is what
    follows the colon."""
    groups: dict[tuple, list[tuple[Line, str]]] = {}
    for ln in nonblank:
        if ln.kind == "heading" and ln.frame is None and ln.name and (m := _PREFIX_RE.match(ln.name)):
            groups.setdefault((ln.mark, ln.level, m.group("prefix").casefold()), []).append((ln, m.group("name")))
    for rows in groups.values():
        if len(rows) < 2 or len({_fold_name(name) for _, name in rows}) < len(rows) \
                or not all(name[:1].isupper() or name[:1] in "«\"„“" for _, name in rows):
            continue   # «## Паук: одна масть» / «## Паук: две масти»: the game's name, then its variant in small letters
        for ln, name in rows:
            names = hd.split_title(name, lang, caps=name.isupper())
            ln.name, ln.aliases, ln.frame = names[0].name, tuple(names[1:]), "shared prefix"


def _entries(nonblank: list[Line], lang: str) -> None:
    """In place: under a heading that speaks of patiences in the plural («Пасьянсы от А до Я»), or after an
    introduction that does before any heading («Ниже описаны три пасьянса, …»), a run
    of paragraphs each opening with a short name («Тринадцать. Раскладывают …»; at least ``min_run``
    in a row, :func:`~pasyans.extract.headings.entry_lead`) is a list of games: each paragraph is a
    heading line of its game (the whole line stays its text); so is each item of a bulleted list there
    («• «Косынка» (англ. Klondike) — семь стопок …»)."""
    run: list[tuple[Line, str, int]] = []
    under = headed = False
    for ln in nonblank + [None]:
        at = hd.bullet_end(ln.text) if ln is not None else 0   # «• «Гольф» — семь рядов …»: an item of a bulleted list
        lead = hd.entry_lead(ln.text[at:], lang) if ln is not None and under and ln.kind == "prose" else None
        if lead is not None:
            run.append((ln, lead[0], at))
            continue
        if len(run) >= hd.shapes()["entry_leads"]["min_run"]:
            for e, title, at in run:
                _heading(e, e.text, hd.Marks("none", 20, None, None, title, 0), hd.title_shape(title, lang), lang)
                e.frame, e.rest_offset = "entry", at + len(title)  # an entry of a list of games: the list is its evidence
                e.printed = e.raw.strip()[at: at + len(title)] if len(e.raw.strip()) == len(e.text) else title
        run = []
        if ln is not None and ln.kind in ("heading", "group-heading", "doc-title", "part"):
            under, headed = _plural_patience(hd.marks(ln.text).rest, lang), True
        elif ln is not None and not headed and ln.kind == "prose" and not ln.section and _plural_patience(ln.text, lang):
            under = True   # an introduction «Ниже описаны три пасьянса, …» before any heading: the entries after it


def _lead_ins(nonblank: list[Line], lang: str) -> None:
    """In place: a paragraph opening with its game's name as a headword (:func:`~pasyans.extract.headings.lead_in`:
    «ПАУК, пасьянс на две колоды …», «ПАСЬЯНС «ЧЕТЫРЕ ТУЗА». Кладут …»; a name with «пасьянс» in apposition
    only where no game's heading stands above) and going on in rule text is the heading line of that game (the
    whole line stays its text); not under a heading of the same game. A genre headword («ПАСЬЯНС (франц. …),
    карточная игра …») is marked ``genre headword``: the introduction (see :func:`~pasyans.extract.article_regions.regions`)."""
    head: Line | None = None
    for ln in nonblank:
        if ln.kind == "heading":
            head = ln
            continue
        if ln.kind in ("group-heading", "doc-title", "part"):
            head = None
            continue
        if ln.kind != "prose" or ln.section or ln.turn or ln.footnote is not None:
            continue
        lead = hd.lead_in(ln.text, lang)
        if lead is None or (lead.row == "apposition" and head is not None):
            continue
        if lead.genre:
            ln.label = "genre headword"
            continue
        caps = lead.row == "capitals"
        name = hd.split_title(lead.title, lang, caps=caps)[0].name
        if (head is not None and _fold_name(name) == _fold_name(head.name)) \
                or not messages.has_rule_text([ln.text[lead.end:]], lang):
            continue
        _heading(ln, ln.text, hd.Marks("none", 20, None, None, lead.title, 0), "caps" if caps else "plain", lang)
        ln.frame, ln.rest_offset = "lead-in", lead.end
        ln.printed = ln.raw.strip()[:lead.end] if len(ln.raw.strip()) == len(ln.text) else lead.title
        head = ln


_SEVERAL_RE = re.compile(r"»\s*(?:,|\s(?:и|і|та|й)\s)\s*«[^»]+»")
"""Two quoted names joined by «и» / «і» / «та» or a comma (not «или», «або», «/»: aliases)."""

_PAREN_LINE_RE = re.compile(r"^\((?P<names>[^()]{2,120})\)\.?$")


def _deeper(a: Line, b: Line) -> bool:
    """Whether heading ``b`` is of a lower level than heading ``a`` (a deeper Markdown level, or a
    weaker mark or shape)."""
    if a.mark in ("markdown", "setext") and b.mark in ("markdown", "setext"):
        return (b.level or 0) > (a.level or 0)
    return b.strength > a.strength


def _parts_and_alias_lines(nonblank: list[Line], lang: str) -> None:
    """In place: a heading followed at once by a lower-level heading heads a *part* of the text
    («## Пасьянсы одной колодой» above «### Косынка»), not a game, and so does front matter
    («Введение», «Загальні відомості»: :func:`~pasyans.extract.headings.is_front_matter`); a line in parentheses right
    under a title gives the title's other names («(Клондайк, Солитер)», «(Forty Thieves)»)."""
    for k, ln in enumerate(nonblank):
        if ln.kind not in ("heading", "group-heading") or k + 1 >= len(nonblank):
            continue
        nxt = nonblank[k + 1]
        if (nxt.kind in ("heading", "group-heading") and _deeper(ln, nxt)) or hd.is_front_matter(hd.marks(ln.text).rest, lang):
            ln.kind = "part"
            continue
        if k == 0 and ln.kind == "heading" and ln.name and len(words(ln.text)) > len(words(ln.name)) + 1 and any(
                x.kind == "heading" and _fold_name(x.name) == _fold_name(ln.name)
                and (x.mark, x.shape) != (ln.mark, ln.shape) for x in nonblank[k + 1:]):   # sisters: «Пасьянс «Паук» (одна масть)», «… (две масти)»
            # a title that frames the name in more words over a heading of the same game: «ВЕРОЯТНОСТЬ
            # СХОЖДЕНИЯ ПАСЬЯНСА «ЧАСЫ»» over «2. Правила пасьянса «Часы»» (an option «Терраса» stays)
            ln.kind = "doc-title"
            continue
        if k == 0 and nxt.kind == "heading" and (not _deeper(nxt, ln) or nxt.frame) and not QUOTE_RE.search(ln.text) \
                and QUOTE_RE.search(nxt.text):
            # also a channel's or blog's name over a framed title: «Карточный вечер 🃏» over «Пасьянс дня: «Паук»»
            ln.kind = "doc-title"  # «Мой вечерний пасьянс» over «Паук» на одну масть: the post's title heads nothing
            continue
        m = _PAREN_LINE_RE.match(nxt.text)
        if m and nxt.kind == "prose" and not hd.not_title(m.group("names")):
            names = [x.strip(" «»\"") for x in re.split(r",|;|\s+(?:или|або)\s+", m.group("names")) if x.strip()]
            if names and all(n[:1].isupper() and len(hd.words(n)) <= 5 for n in names):
                nxt.kind = "title-alias"
                nxt.aliases = tuple(hd.TitleName(n, hd.name_language(n, lang), "alias") for n in names)


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def _number(num: str) -> int | None:
    """«2» → 2, «IV» → 4, «1.2» → None (a sub-number)."""
    if num.isdigit():
        return int(num)
    if all(c in _ROMAN for c in num):
        vals = [_ROMAN[c] for c in num]
        return sum(-v if i + 1 < len(vals) and v < vals[i + 1] else v for i, v in enumerate(vals))
    return None


def _continues(mk: hd.Marks, numbering: dict[str, int]) -> bool:
    """Whether a numbered title's number starts its numbering (1, I) or follows the last title
    numbered the same way; updates ``numbering``. «2. По три карты» under an unnumbered game is a
    list item, not the second game."""
    n = _number(mk.num or "")
    if n is None:
        return True
    if n == 1 or numbering.get(mk.mark) == n - 1:
        numbering[mk.mark] = n
        return True
    return False


def _prev_nonblank(lines: list[Line], n: int) -> int | None:
    for k in range(n - 2, -1, -1):
        if not lines[k].blank:
            return lines[k].n
    return None
