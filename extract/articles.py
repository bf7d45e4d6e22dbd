"""Cut plain texts — articles, program manuals, book pages — into games, variants, sections,
aliases and examples (the ``headings`` segmenter; the PDF book 004 has its own, ``book-toc``).

Input is a :class:`~pasyans.corpus.Source`; output is one :class:`~pasyans.models.GameText` per
game or variant, in text order, keyed ``"<id>-1"``, ``"<id>-2"``… (a fragment of a game that began
before the file gets a key too), each with the cleaned text as a
:class:`~pasyans.extract.text.MappedText` so that later stages map any span back to raw lines. A
pre-1918 source is modernized (:mod:`pasyans.extract.orthography`).

How a text is cut (every rule reads the layout or the wording, never a line number or a name):

* **Furniture** (:mod:`pasyans.extract.furniture`, families as data in ``page_furniture.json``):
  mastheads, issue lines, page numbers, running heads, rubric heads, post headers, quoted replies,
  signatures, share lines, comments, contents lists, «See also» and categories are never games nor
  part of one: left out of every game (blank to the segmenter) and listed in ``not-a-game`` findings.
  An untitled reply of a thread that names its game in a sentence («Гольф (его ещё называют …)
  раскладывают …»), or a text without headings that does («пасьянсу «Чотири королі»»), starts that
  game (:func:`~pasyans.extract.headings.inline_title`, finding ``title-in-text``); a headingless text
  cut into messages (questions «Вопрос: …», chat lines «[12:03] Оля: …», posts) starts a game at each
  message that names another one («Как раскладывать пасьянс «Могила Наполеона»?», «а «Косынку» так же?»).
* **Titles** (:mod:`pasyans.extract.headings`, shapes as data in ``heading_shapes.json``): a short
  line without a known verb — Markdown ``### Косынка (Клондайк)``, numbered «2. Павук (Spider)» or
  «II. ПАСЬЯНСЪ «ЧЕТЫРЕ ВРЕМЕНИ ГОДА».», «Розділ 4. Гольф», «§ 3. …», «Пасьянсъ № 7. …» (the
  number is no part of the name; a sub-numbered «4.1. Мета гри» is a section of the game above), **bold**, in capitals («ЧЕТЫРЕ УГЛА.»), «quoted»
  («Пасьянс "Ручеек"»), or plain («Персидский пасьянс», «Бисли»: an unknown word is a name, not a
  verb). A line that names cards, a table row or a «term: value» line is never a title. The
  names in the title — a quoted name, a parenthesised or «или» alias — are read by
  :func:`~pasyans.extract.headings.split_title`. The first line is the *document title* instead
  when it speaks of patiences in the plural or counts them («Пасьянсы», «Двадцать четыре …
  пасьянса»). A heading in the plural («Джокер-пасьянсы») heads a *group*: its games take the
  singular as name. A capitalised line right under a capitals heading is its subtitle («ДВЕ ПОЛНЫХ
  КОЛОДЫ КАРТ.»). A byline («Автор —», «Написано …») belongs to the game above.
* **Section labels** (``section_labels.json``: «Описание», «Цель игры», «Раскладка.», «Розклад»,
  «Подсчёт очков», «Стратегія» …, whole line or opening it: «Цель: собрать …») belong to the game
  above and open its sections; a label is never a game. A short sentence-case line ending in a full
  stop is also a label when it repeats in the source, else an *after-title* («Салическій законъ.»):
  it repeats the current heading, or names the untitled game it ends.
* **Game or sub-heading** (:func:`_structure`): under a game whose text has section labels, a
  heading that is not stronger than the game's title (Markdown level, number, capitals) is a
  *sub-heading* of the current section — an option under «Параметры», a topic under «Правила»
  (sections ``option`` / ``topic``) — unless a label follows it at once or the labels start over
  after it (a label the game already had): then a new game begins. Headings with the same explicit
  mark as the game's title (``###`` and ``###``, «1.» and «2.», capitals and capitals) are sister
  games.
* **Before the first heading**: an after-title makes it a game; talk of patiences in the plural
  (or a document title before it) makes it the introduction (kept as a ``not-a-game``
  :class:`Finding`, never a game, never swallowing the games after it); anything else is the tail
  of a game the file does not hold (``fragment=True``).
* **Lettered variants** («Варіація Б - Паганіні.» at the start of a line) and **numbered rules**
  («Правило 5. …», «Правила 2, 3, 4 і 7.», «Правило 7 (вар. Б).», read with a lark grammar;
  :mod:`pasyans.extract.article_rules`): a variant runs until the next lettered heading, but once
  it is *closed* — by a list of rules («Правила 2, 3, 4 і 7.»), by a single reference after a rule
  of its own («Правило 7 (вар. Б).»), or by a closing remark that gives its other names — the next
  rule line opens an unnamed variant (``name=None``, ``printed_name`` «Варіація (правила 10, 2, 3,
  4, 7)»). The family's parent is the variant the introduction calls the main game («основного
  пасьянсу Паганіні»). ``rules_used`` follows the text: «такі ж, як і для варіації А» copies А's
  list, «правило 2 виключається, замість нього діє правило 5» replaces, «замість правила 6 можна
  застосувати правило 7» gives ``"6|7"``, «Правило 7 - … до двох разів» gives ``"7x2"``, and a new
  deal rule («… по 13 карт …») replaces the inherited deal rule.
* **Variants and sister games inside a section**: a paragraph opening «В другом варианте / В
  другой версии этого пасьянса» starts a variant of the section's game; «А вот еще один
  джокер-пасьянс» starts a sister game of the group.
* **Aliases** (:mod:`pasyans.extract.article_aliases`): in the title line, after a cue («Называется
  также …», «Другое название — …», «его ещё называют …», «відомий також як …»), English glosses
  «(от англ. Spider)».
* **Examples** (:mod:`pasyans.extract.article_examples`): at a printed layout, «Пример», moves,
  «например», «Допустим», «Скажем», «Наприклад» … when the sentence names cards — also inside a
  rules paragraph and on one line.

Words are matched on pymorphy3 lemmas of the shared Doc (:func:`pasyans.extract.nlp.doc`) by
spaCy-style ``Matcher`` patterns (:mod:`pasyans.extract.matcher`; the patterns are data:
``pasyans/data/segment_cues.json``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pasyans import morph
from pasyans.corpus import Source
from pasyans.models import Alias, Example, Finding, GameText

from . import headings as hd
from . import messages
from .clean import dehyphenate
from .footnotes import footnote_mark, place_footnotes
from .furniture import furniture
from .article_aliases import cross_reference_aliases, dedupe, text_aliases, title_aliases
from .article_examples import examples as find_examples
from .article_findings import furniture_findings, part_findings
from .article_parts import (Part as _Part, fold_name as _fold_name, split_told as _split_told,
                            told_finding as _told_finding)
from .article_words import (document_genre as _document_genre, genitive_plural as _genitive_plural, is_collection_title as _is_collection_title,
                            is_table_row as _is_table_row, plural_patience as _plural_patience, singular as _singular)
from .article_rules import RuleLine, is_deal_rule, parse_rule_line, rules_used
from .article_sections import HEADS as _HEADS, framed_section as _framed_section, sections as _sections
from .article_text import BBCODE_RE, FIG_REF_RE, QUOTE_RE, Line, doc as make_doc, line_mt, matches, unmarked, words
from .orthography import modernize
from .rule_lists import rule_list_items
from .text import MappedText, language_parts

__all__ = ["ArticleSegmentation", "RuleLine", "SegmentedGame", "parse_rule_line", "segment_article",
           "segment_article_mapped", "segment_source"]

_VARIANT_HEAD_RE = re.compile(
    r"^(?P<word>Варіація|Варіант|Вариация|Вариант)\s+(?P<letter>[А-ЯІЇЄҐ])\s*[-–—]\s*"
    r"(?P<name>[^.]+?)\s*\.(?:\s+(?P<rest>.*))?$")
_LABEL_LEMMAS = {"игра", "гра", "правило", "пример", "приклад", "примечание", "примітка"}


# --------------------------------------------------------------------------------------------
# Lines
# --------------------------------------------------------------------------------------------


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


def _classify(source: Source) -> list[Line]:
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
    with no rule text under it heads no game, :func:`_regions`)."""
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
    карточная игра …») is marked ``genre headword``: the introduction (see :func:`_regions`)."""
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


def _opens_game(nonblank: list[Line], k: int, seen: set[str]) -> bool:
    """Whether the heading ``nonblank[k]``, under a game whose label lines so far are ``seen``
    (kinds), starts a new game: a label line follows it at once (after a byline), or the first
    label line after it — before the next heading — is one the game already had (the labels start
    over). Labels opening a paragraph inline («Цель — …») are no layout and do not count."""
    for j in range(k + 1, len(nonblank)):
        ln = nonblank[j]
        if ln.kind == "byline":
            continue
        if ln.kind == "label":
            return j == k + 1 or nonblank[j - 1].kind == "byline" or ln.section in seen
        if ln.kind in _HEADS or ln.kind == "doc-title":
            return False
    return False


def _option_line(nonblank: list[Line], k: int) -> bool:
    """An option's name under a variants label: a short line without final punctuation followed by
    a paragraph that has it («Сдавать по три карты» above «Карты сдаются … по три за раз.»)."""
    ln = nonblank[k]
    nxt = nonblank[k + 1] if k + 1 < len(nonblank) else None
    return (ln.kind == "prose" and not ln.section and 0 < len(words(ln.text)) <= 6 and len(ln.text) <= 60
            and ln.text[-1] not in ".!?…:;," and ln.text[:1].isupper() and nxt is not None and nxt.kind == "prose"
            and nxt.text[-1:] in ".!?…" and len(nxt.text) > len(ln.text))


def _structure(nonblank: list[Line], lang: str) -> None:
    """Decide, in place, which headings open games and which are sub-headings of a game's section
    (see the module doc, «Game or sub-heading»)."""
    game: Line | None = None
    seen: set[str] = set()
    under: str | None = None
    for k, ln in enumerate(nonblank):
        if ln.kind == "label" and game is not None and _leaves_numbering(ln, game):
            ln.kind, ln.name, ln.label = "part", ln.text, "next chapter"   # «Розділ 4. …» after «3.2 Гольф»
            game, seen, under = None, set(), None
            continue
        if ln.kind == "label" and ln.section and game is not None:
            seen.add(ln.section)
            under = ln.section
        if game is not None and under == "variants" and _option_line(nonblank, k):
            ln.kind, ln.printed = "subheading", ln.raw.strip()
            continue
        if ln.kind in ("group-heading", "variant-heading", "doc-title", "part"):
            game, seen, under = None, set(), None
            continue
        if ln.kind != "heading":
            continue
        if ln.mark == "step" or (game is not None and game.frame in _ONE_GAME_FRAMES
                                 and ln.mark in ("numbered", "roman") and ln.mark != game.mark):
            # «Шаг 2. Ходы», or «2. Первые ходы» under «Как разложить пасьянс «Ёлочка»»: a step, never a game
            ln.kind = "subheading"
            continue
        if (kind := _framed_section(ln, game)) is not None:   # «Как играть в Паука» under «Паук»: a section
            ln.kind, ln.section, ln.name = "label", kind, hd.marks(ln.text).rest
            continue
        if ln.names_variant and game is not None:
            if _fold_name(ln.name) == _fold_name(game.name):  # «Вариант: «Косынка» по три карты»: a section
                ln.kind, ln.section, ln.name, ln.printed = "prose", "variants", None, None
                continue
            ln.parent = game  # «Разновидность: «Большая пирамида» — …»: a variant of the game above
            continue
        if (parent := _variant_parent(nonblank, k)) is not None:
            ln.parent = parent  # «Вегас» / «Это вариант «Клондайка»: …»: a variant of Клондайк, not a topic of the game above
            continue
        if game is not None and ln.frame is None and not QUOTE_RE.search(ln.text) and len(words(ln.name or "")) > 1 \
                and hd.section_label(words(ln.name)[0], lang) is not None:
            ln.kind = "subheading"  # «Правила из буклета» under «Осада»: a label's word and more, a topic of the game
            continue
        if game is not None and _sub_heading(ln, game, seen, nonblank, k) and not (
                under != "variants" and k + 1 < len(nonblank) and nonblank[k + 1].kind == "prose"
                and hd.states_pack(nonblank[k + 1].text, lang)    # «Осада» / «Берут одну колоду …»: a game,
                and hd.section_label((words(ln.name or "") or [""])[0], lang) is None):   # «Правила из буклета» a topic
            if _names_variant(ln, game):
                ln.parent = game  # «Паук (одна масть)» under «Паук»: a variant of it, not a topic
                continue
            ln.kind = "subheading"
            continue
        game, seen, under = ln, set(), None


def _leaves_numbering(ln: Line, game: Line) -> bool:
    """Whether line ``ln`` carries a chapter number outside the sub-numbering of the game's title («Розділ 4. …»
    after «3.2 Гольф»: the game is a sub-chapter of chapter 3, chapter 4 is none of it)."""
    mk = hd.marks(ln.text)
    if mk.mark != "chapter" or game.mark != "numbered" or (game.level or 1) < 2 or not mk.num or not mk.num.isdigit():
        return False
    gm = hd.marks(game.text)
    return bool(gm.num) and gm.num.split(".")[0] != mk.num


def _variant_parent(nonblank: list[Line], k: int) -> Line | None:
    """The heading of the game that the paragraph right under heading ``nonblank[k]`` says it is a variant
    of («Это вариант «Клондайка»: …», :func:`~pasyans.extract.headings.variant_of`), when a game heading above
    has that name; else ``None``."""
    nxt = nonblank[k + 1] if k + 1 < len(nonblank) else None
    named = hd.variant_of(nxt.text) if nxt is not None and nxt.kind == "prose" else None
    if named is None:
        return None
    return next((h for h in reversed(nonblank[:k]) if h.kind == "heading" and h.parent is None
                 and any(hd.same_words(h.name or "", named, lg) for lg in ("ru", "uk"))), None)


_ONE_GAME_FRAMES = frozenset({"how to play name", "how to play: name", "rules of name", "name and a stock subtitle"})
"""Title frames of an article about one game («Как разложить пасьянс «Ёлочка»», «Паук: правила и
стратегия»): the numbered headings under such a title are its steps or parts."""


def _names_variant(ln: Line, game: Line) -> bool:
    """Whether heading ``ln`` is the name of game ``game`` with more words: «Паук (одна масть)»,
    «Паук: две масти», «Косынка по три карты» under «Паук» / «Косынка»."""
    own, name = _fold_name(game.name).strip(), _fold_name(ln.name).strip()
    return bool(own) and name.startswith(own) and len(name) > len(own) + 2 and not name[len(own)].isalnum()


def _sub_heading(ln: Line, game: Line, seen: set[str], nonblank: list[Line], k: int) -> bool:
    """Whether heading ``ln`` is a sub-heading of the game headed by ``game``."""
    if ln.mark in ("markdown", "setext") and game.mark in ("markdown", "setext"):
        return (ln.level or 0) > (game.level or 0)
    if ln.mark == game.mark == "numbered" and ln.level == game.level:
        return False  # «3.1 Павук» … «3.2 Гольф»: sister games numbered alike
    if ln.mark == "numbered" and (ln.level or 1) > 1:
        return True  # «4.1. Мета гри», «3.1. Простий варіант» under «4. Гольф»: a section of the game above, never a game
    if ln.strength < game.strength:
        return False
    same_mark = ln.mark == game.mark and ln.mark != "none" and ln.level == game.level
    if same_mark or (ln.shape in ("caps", "quoted") and ln.shape == game.shape and ln.mark == game.mark):
        return False  # «Пасьянс «Солитёр»» … «Пасьянс «Тринадцать»»: sister games, as capitals under capitals
    return bool(seen) and not _opens_game(nonblank, k, seen)


# --------------------------------------------------------------------------------------------
# Parts (one game or variant each: :class:`~pasyans.extract.article_parts.Part`)
# --------------------------------------------------------------------------------------------


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


def _regions(lines: list[Line], lang: str) -> tuple[list[_Part], list[Finding], str]:
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


# --------------------------------------------------------------------------------------------
# Building the records
# --------------------------------------------------------------------------------------------


@dataclass
class SegmentedGame:
    """One game with its cleaned text and the cleaned text of each of its examples (same order)."""

    game: GameText
    text: MappedText
    example_texts: list[MappedText]


@dataclass
class ArticleSegmentation:
    """All of one source: its games (text order) and the findings about lines that are no game."""

    source: str
    games: list[SegmentedGame]
    findings: list[Finding]


def segment_source(source: Source) -> ArticleSegmentation:
    """Cut ``source`` (an article or small book, not the PDF book 004) into games.

    Returns the games in text order with their cleaned, mapped texts, and the findings for lines
    that belong to no game (document title, article introduction). Every non-blank line of the
    source is in a game's ``lines`` or in such a finding. Raises ``ValueError`` for a source
    whose manifest ``segmenter`` is not ``"headings"``.
    """
    if getattr(source, "segmenter", "headings") != "headings":
        raise ValueError(f"{source.file}: segmenter {source.segmenter!r} is not 'headings'")
    lang = source.language
    pre = source.orthography == "pre-reform"
    lines = _classify(source)
    parts, src_findings, intro = _regions(lines, lang)
    place_footnotes(parts)
    src_findings += furniture_findings(lines)
    for f in src_findings:
        f.source = source.id

    # family parent: the lettered variant the introduction calls the main game
    lettered = [p for p in parts if p.kind == "lettered"]
    parent = None
    if lettered and intro:
        doc = make_doc(intro, lang)
        for s, e in matches(doc, lang).get("MAIN_GAME", []):
            named = doc[e - 1].text.casefold()
            parent = next((p for p in lettered if (p.name or "").casefold() == named), None)
            if parent:
                break
    last_lettered = None
    for p in parts:
        if p.kind == "lettered":
            last_lettered = p
            if parent is not None and p is not parent:
                p.parent = parent
        elif p.kind == "combo":
            p.parent = parent or last_lettered

    deal_rules = {ln.rule.numbers[0] for ln in lines
                  if ln.rule is not None and ln.rule.kind == "definition" and is_deal_rule(ln.rule.text, lang)}
    rules_used(parts, deal_rules, lang)

    for i, p in enumerate(parts, 1):
        p.key = f"{source.id}-{i}"
    out: list[SegmentedGame] = []
    by_n = {ln.n: ln for ln in lines}
    for p in parts:
        content = p.content
        mts = []
        for ln in content:
            mts.append(line_mt(ln, pre))
        mt = dehyphenate(MappedText.concat(mts, "\n"), lang, spaced=False)  # «Раскла-» / «дываютъ» (a scan's lines)
        exs = find_examples(p, pre, lang, source.notation, source.language_at if source.languages else None)
        examples, ex_mts = [], []
        for ex in exs:
            emt = MappedText.concat(ex.parts, "\n") if ex.parts else MappedText("", [], [])
            layout = (min(ex.layout), max(ex.layout)) if ex.layout else None
            examples.append(Example((min(ex.lines), max(ex.lines)), emt.text, ex.marker, layout_lines=layout))
            ex_mts.append(emt)
        printed = p.printed
        if p.kind == "combo":
            word = "Варіація" if lang == "uk" else "Вариант"
            printed = f"{word} (правила {', '.join(p.rules)})"
        title_line = p.after_title or p.heading_line
        # a paragraph in the other language (a uk column in a ru text) is read with its own words
        said = [a for here, part in language_parts(mt, lang, source) for a in text_aliases(part, here, p.name, source.lines)]
        aliases = dedupe(title_aliases(title_line, lang, content) + said, p.name)
        form = hd.split_title(p.printed, lang, caps=p.printed.isupper())[0].name if pre and p.printed else None
        if form and title_line is not None and p.name and form.casefold().rstrip(".") != p.name.casefold().rstrip("."):
            # the name in the old spelling: «Салическій законъ», «Пять дорогъ» of «ПАСЬЯНСЪ «ПЯТЬ ДОРОГЪ».»
            aliases.insert(0, Alias(form, lang, (title_line.n, title_line.n), "title-form", title_line.raw.strip()))
        findings = [Finding(source.id, f.lines, f.kind, f.message, f.token, p.key) for f in p.findings]
        findings += part_findings(source, p, p.key, lines, lang, by_n)
        for ex, e in zip(examples, exs):
            for m in FIG_REF_RE.finditer(ex.text):
                findings.append(Finding(source.id, ex.lines, "missing-figure",
                                        f"the example refers to figure {m.group(1)}, which is not in the text",
                                        game=p.key))
        game = GameText(
            key=p.key, source=source.id, name=p.name, lines=[(content[0].n, content[-1].n)] if content else [],
            text=mt.text, printed_name=printed, variant_of=p.parent.key if p.parent else None,
            aliases=aliases, sections=_sections(p, exs, lang), examples=examples,
            rules_used=list(p.rules), fragment=p.kind == "fragment", findings=findings,
        )
        out.append(SegmentedGame(game, mt, ex_mts))
    cross_reference_aliases(lines, [g.game for g in out], lang)  # «ПАУЧОК — см. ПАУК.»: another name of Паук
    return ArticleSegmentation(source.id, out, src_findings)


def segment_article(source: Source) -> list[GameText]:
    """The games of ``source`` in text order (see :func:`segment_source`; computed afresh on each call)."""
    return [g.game for g in segment_source(source).games]


def segment_article_mapped(source: Source) -> list[tuple[GameText, MappedText, list[MappedText]]]:
    """Each game with the MappedText of its cleaned text and of each of its examples (same order as ``game.examples``).

    An example's text leaves out a printed layout table (``Example.layout_lines`` gives its raw lines).
    Source-level findings (document title, introduction) are in :func:`segment_source`'s ``findings``.
    """
    return [(g.game, g.text, g.example_texts) for g in segment_source(source).games]
