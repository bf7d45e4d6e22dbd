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
* **Titles** (:mod:`pasyans.extract.article_lines`, :mod:`pasyans.extract.headings`, shapes as data in ``heading_shapes.json``): a short
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
* **Game or sub-heading** (:func:`~pasyans.extract.article_structure.structure`): under a game whose text has section labels, a
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

from dataclasses import dataclass

from pasyans.corpus import Source
from pasyans.models import Alias, Example, Finding, GameText

from . import headings as hd
from .clean import dehyphenate
from .footnotes import place_footnotes
from .article_aliases import cross_reference_aliases, dedupe, text_aliases, title_aliases
from .article_examples import examples as find_examples
from .article_findings import furniture_findings, part_findings
from .article_lines import classify as _classify
from .article_regions import regions as _regions
from .article_rules import RuleLine, is_deal_rule, parse_rule_line, rules_used
from .article_sections import sections as _sections
from .article_text import FIG_REF_RE, doc as make_doc, line_mt, matches
from .text import MappedText, language_parts

__all__ = ["ArticleSegmentation", "RuleLine", "SegmentedGame", "parse_rule_line", "segment_article",
           "segment_article_mapped", "segment_source"]


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
