"""Worked examples of the articles and other plain texts: where they open and what they take in.

An example opens (cues of ``pasyans/data/segment_cues.json``):

* at a printed layout table (000, lines 7–14);
* at the noun «пример/приклад» (not «пример джокер-пасьянса», an instance of a kind) — also on
  one line («Пример: ♠8 — ♣9.») and after «В нашем примере» when no example is open; the
  paragraph under a label line «Пример» / «Приклад» is an example;
* at «в ситуации» with a figure, at moves («ходы», move notation «Б53 - Б47») — when the
  paragraph names a card or announces a display (not «Когда ходов больше нет, …»);
* at a sentence naming two cards or more in notation with their suit, whatever its cue (a game told
  with its cards: «Я переложил ♦Д на ♣К, потом ♠В с колоды на ♦Д») — the rest of the paragraph;
* at «например/наприклад», «к примеру» when the sentence names cards in notation, a numbered
  row, or ends in a colon before a display — the whole line from the cue (the articles' layout);
* at «например», «Допустим», «Скажем», «Положим», «Скажімо», «Припустимо» … inside a rules
  paragraph, when the sentence shows a worked case (:func:`opens_with_cards`: a formal move, two
  cards, or after a supposition one card with its suit): the example is that sentence and the
  sentences right after it that also name a card with its suit or open on what it showed («Всю эту
  цепочку …», «Її …») — not the rules around it.

The example then takes in: a paragraph continuing a display it left open («… имеет вид» /
«…такова:», then «(здесь …», «то …», «Здесь …»); paragraphs that refer back to the open main
example («в нашем примере», «этот пример», «начальная раскладка … такова», moves); and the
paragraph right after it when that names a card with its suit (in words or in notation); the next items
of a list («- …», «2) …») whose item it took in; a row of a move table («3 | 9♣ | на 10♥») opens one,
and the rows after it with as many bars belong to it. An example's ``text``
leaves out the layout table (see ``layout_lines``); its ``lines`` span everything it takes in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pasyans import morph

from .article_text import (CODE_RE, MOVE_RE, announces_display, doc as make_doc, is_display_row, line_mt, matches,
                           sentences, words)
from .headings import section_label
from .moves.answers import ANSWER_LABELS
from .notation import scan, suit_words
from .text import MappedText

_RANK_LEMMAS = {
    "туз", "двойка", "тройка", "четверка", "пятерка", "шестерка", "семерка", "восьмерка",
    "девятка", "десятка", "валет", "дама", "король",
    "двійка", "трійка", "четвірка", "п'ятірка", "шістка", "сімка", "вісімка", "дев'ятка",
}
_SUIT_WORDS = suit_words()
"""Suit words of ``card_words.json`` (adjectives and nouns, every language: «червей», «пиковый», uk folk «вина»,
«хрестів», «жирів»): a rank word next to one names a card (:func:`card_words`)."""
_DEMONSTRATIVES = {"этот", "это", "цей", "наш", "данный", "даний"}
_BACK_REF = re.compile(r"\s*(?:всю\s+эту|всю|эту|эти|усю\s+цю|усю|всю\s+цю|цю|ці|её|ее|их|її|їх|його|его)\s", re.I)
"""A sentence opening on what the sentence before showed: «Всю эту цепочку можно перенести …», «Її кладуть …»."""
_CARD_LINE = re.compile(r"\s*(?:(?:10|[2-9AJQKTАВДКТ])\ufe0f?[♠♣♥♦]|[♠♣♥♦]\ufe0f?(?:10|[2-9AJQKTАВДКТ]))")
"""A line opening on a card in shorthand («К♠ в пустую», «♠3–дом»)."""
_LIST_ITEM = re.compile(r"\s*(?:[-*•–—]|\d{1,2}[.)])\s+\S")
"""A list item: «- …», «* …», «• …», «1. …», «2) …»."""
_NUMBERED_EXAMPLE = re.compile(r"\s*(?:[Пп]рим[еѣ]р[ъ]?|[Пп]риклад|ПРИМ[ЕѢ]Р[Ъ]?|ПРИКЛАД)\s*(?:№\s*)?\d{1,2}\s*[.:)—–-]")
"""A paragraph opening on a numbered example («Пример 2.», «Приклад 3:», «Примѣръ 2.»): a new example, never the
one before going on."""
_NO_MORE = {"нет", "нету", "немає", "нема", "немае", "никаких", "жодних"}
"""Words that, next to «ходы/ходів», say there are no moves (the cue then lists none)."""
_SENTENCE_END = (".", "!", "?", "…", ":", "»", ")")
"""How a line ending its sentence ends (a line ending otherwise, then a line in lower case: one sentence)."""
_LAYOUT_WORDS = ("начальный", "початковий", "первісний", "привести", "приведений", "таковой")


RANKS = "ranks"
"""The marker of an example opened by a position shown in ranks alone (:func:`shown_ranks`)."""


@dataclass
class Ex:
    """An example being collected: its marker, its text parts, raw lines, layout-table lines, and
    whether it is a *main* example that later paragraphs may refer back to."""

    marker: str
    parts: list[MappedText] = field(default_factory=list)
    lines: set[int] = field(default_factory=set)
    layout: list[int] = field(default_factory=list)
    main: bool = True


def card_words(d) -> int:
    """How many cards ``d`` names in words: a rank word next to a suit word («даму червей», «червовой двойки»)."""
    n = 0
    toks = list(d)
    for i, t in enumerate(toks):
        if t.lemma_ not in _RANK_LEMMAS:
            continue
        near = toks[max(i - 1, 0): i] + toks[i + 1: i + 2]
        if any(x.lemma_ in _SUIT_WORDS or x.lower_ in _SUIT_WORDS for x in near):
            n += 1
    return n


_RANK_ORDER = {"туз": 1, "двойка": 2, "двійка": 2, "тройка": 3, "трійка": 3, "четверка": 4, "четвірка": 4,
               "пятерка": 5, "п'ятірка": 5, "шестерка": 6, "шістка": 6, "семерка": 7, "сімка": 7, "восьмерка": 8,
               "вісімка": 8, "девятка": 9, "дев'ятка": 9, "десятка": 10, "валет": 11, "дама": 12, "король": 13}
_LIST_JOINS = {",", "и", "і", "й", "та"}


def shown_ranks(d) -> int:
    """How many cards the longest list of ``d`` names by rank alone, when that list is a position shown and
    not an order of ranks: «у меня открыты: король, дама, девятка, восьмёрка, …», «в стопках сверху лежат
    десятка, семёрка, валет, восьмёрка …» (a one-suit game's cards; four ranks or more, not all in a row
    without gaps as «туз, двойка, тройка, …» or «король, дама, валет, десятка» are); 0 for any other."""
    best: list[int] = []
    run: list[int] = []
    toks = list(d)
    for i, t in enumerate(toks):
        rank = _RANK_ORDER.get(t.lemma_)
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        suited = nxt is not None and (nxt.lemma_ in _SUIT_WORDS or nxt.lower_ in _SUIT_WORDS)
        if rank is not None and not suited and (not run or toks[i - 1].lower_ in _LIST_JOINS):
            run.append(rank)
            continue
        if t.lower_ in _LIST_JOINS and run:
            continue
        best = max(best, run, key=len)
        run = [rank] if rank is not None and not suited else []
    best = max(best, run, key=len)
    if len(best) < 4:
        return 0
    steps = {b - a for a, b in zip(best, best[1:])}
    return 0 if steps in ({1}, {-1}) else len(best)


def told_by_someone(d, lang: str) -> bool:
    """Whether a verb of ``d`` tells what a person does or did: past tense, first or second person, imperative
    («поставила», «кладу», «кладёшь», «неси») — a game told, not a rule («кладут», «кладётся», «можно класть»)."""
    for t in d:
        if not t.is_alpha:
            continue
        tag = morph.parse(t.text, lang).tag
        if tag.POS == "VERB" and ({"past", "1per", "2per", "impr"} & set(tag.grammemes)):
            return True
    return False


def shows_rank_move(text: str, notation: str, lang: str) -> bool:
    """Whether ``text`` moves a card the move reader reads (with its suit or by rank alone) to a destination:
    «Берём восьмёрку и кладём на девятку», «Девятку переносим на десятку» — the moves of a one-suit game."""
    from .moves import parse_moves

    return any(m.cards and (m.to or m.to_card) for m in parse_moves(text, "example-cue", notation, lang).moves)


def cards_named(text: str, notation: str, lang: str) -> tuple[int, int, bool]:
    """``(cards with their suit, cards in all, formal moves?)`` that ``text`` names (symbols,
    letter codes, words; «обе семерки» counts two)."""
    sc = scan(text, notation, lang)
    suited = sum(t.count for t in sc.tokens if t.card.suit)
    return suited, sum(t.count for t in sc.tokens), bool(sc.moves)


def notation_cards(text: str, notation: str, lang: str) -> int:
    """How many cards ``text`` names with their suit in notation (symbols «♦Д», «10♦», letters «ЧВ»),
    not in words: two of them in one sentence are a worked case whatever cue word there is or not
    (a rule says «дама», «король другого цвета»; a forum post «♦Д на ♣К»)."""
    return sum(t.count for t in scan(text, notation, lang).tokens if t.card.suit and t.notation != "words")


def shows_move(text: str, notation: str, lang: str) -> bool:
    """Whether ``text`` (a sentence or a paragraph) tells a move of a card named with its suit to a
    destination, as the move reader (:func:`pasyans.extract.moves.parse_moves`) reads it: «Например, короля
    пик можно переложить в пустую стопку», «Начала с того, что положила четвёрку бубен в свободную ячейку»,
    «1. Т♥ в дом» — not a rule's illustration whose card is where others go («напр. на туза червей идет вся
    его масть»: no card of it moves) nor a card only shown («открылась десятка бубен»)."""
    from .moves import parse_moves

    return any(m.cards and m.cards[0].suit is not None and (m.to or m.to_card)
               for m in parse_moves(text, "example-cue", notation, lang).moves)


def opens_with_cards(text: str, notation: str, lang: str, supposed: bool) -> bool:
    """Whether a sentence after «например» (or, ``supposed``, after «Допустим», «Скажем») shows a
    worked case: a formal move, two cards or more («♦Q на ♣K», «валета или короля»), — after a
    supposition — one card with its suit («Допустим, открыта семёрка пик»), or one card with its suit that
    the sentence moves somewhere (:func:`shows_move`: «Например, короля пик можно переложить в пустую
    стопку»). One card after «например» that moves nowhere is an illustration of a rule («напр. на туза
    червей идет вся его масть»)."""
    suited, total, moves = cards_named(text, notation, lang)
    return moves or total >= 2 or (supposed and suited >= 1) or (suited == 1 and shows_move(text, notation, lang))


def _reach_back(text: str, sents: list[tuple[int, int]], k: int, notation: str, lang: str) -> int:
    """Where an example that a sentence ``k`` of the paragraph opens by its cards starts: at the first sentence
    before it naming a card with its suit, when a sentence before it moves one somewhere (:func:`shows_move`:
    «Ирина, сначала ♥Т в дом, это всегда первым. Потом ♣8 на ♥9 …», «Начала с того, что положила четвёрку
    бубен в свободную ячейку. Затем восьмёрку пик — на девятку червей.»); else at sentence ``k``."""
    before = [(a, b) for a, b in sents[:k] if cards_named(text[a:b], notation, lang)[0]]
    if before and any(shows_move(text[a:b], notation, lang) for a, b in before):
        return before[0][0]
    return sents[k][0]


def kind_of(d, end: int) -> bool:
    """Whether the noun «пример» ending at token ``end`` names an instance of a kind of patience
    («пример джокер-пасьянса», «два примера пасьянсов») rather than a worked example."""
    return any(t.lemma_.endswith("пасьянс") for t in d[end:end + 3])


def row_ordinal(d, lang: str) -> bool:
    """«5-го ряду», «четвертого ряду»: a numbered row, i.e. a concrete position."""
    toks = list(d)
    for i, t in enumerate(toks[1:], 1):
        prev = toks[i - 1]
        if t.lemma_ == "ряд" and prev.is_alpha and "Anum" in morph.parse(prev.text, lang).tag.grammemes:
            return True
    return bool(re.search(r"\d+-(?:го|й|м|му|ого)\s+ряд", d.text))


def _label_end(text: str, lang: str) -> int:
    """The character offset in ``text`` where a section label opening it ends, when the label is not one of an
    example («Ход игры. …» → 10; the whole text when the label is the whole paragraph); 0 when none opens it."""
    lab = section_label(text.strip(), lang)
    if lab is None or lab.kind == "example":
        return 0
    return len(text) if lab.rest is None else (len(text) - len(text.lstrip())) + lab.rest


def _opening(text: str, d, lang: str, notation: str) -> tuple[int, int | None, str, bool] | None:
    """Where an example opens in the paragraph ``text``: ``(start, end, marker, main)`` with
    ``end`` ``None`` for the rest of the line, or ``None`` when no cue opens one."""
    sents = sentences(text)
    label_end = _label_end(text, lang)
    for k, (a, b) in enumerate(sents):
        sdoc = d.char_span(a, b, alignment_mode="expand")
        sm = matches(sdoc, lang)
        if sm.get("MOVES") and label_end:   # «Ход игры. На верхнюю карту …»: the label of a rules section, no moves
            sm["MOVES"] = [(s0, e0) for s0, e0 in sm["MOVES"] if sdoc[s0].idx >= label_end]
        noun = [(s, e) for s, e in sm.get("EXAMPLE_NOUN", []) if not kind_of(sdoc, e)]
        if noun:
            return a, None, sdoc[noun[0][0]].text, True
        if sm.get("MOVES"):  # «Когда ходов нет, …», uk «Коли ходів немає, …»: a rule about no moves, not a list of them
            sm["MOVES"] = [(s0, e0) for s0, e0 in sm["MOVES"]
                           if not any(t.lower_ in _NO_MORE for t in sdoc[max(s0 - 1, 0):e0 + 3])]
        if ((sm.get("SITUATION") and (re.search(r"\b(?:рис|мал)\.\s*\d", sdoc.text) or any(
                t.lemma_ in ("показать", "представить", "показаний", "представлений") for t in sdoc)))
                or sm.get("MOVES")) and (text.rstrip().endswith(":") or any(cards_named(text, notation, lang))):
            s0, e0 = (sm.get("SITUATION") or sm["MOVES"])[0]
            return a, None, sdoc[s0:e0].text, True
        if len(MOVE_RE.findall(sdoc.text)) >= 2:
            return _reach_back(text, sents, k, notation, lang), None, "moves", True
        cue = sm.get("FOR_EXAMPLE") or sm.get("SUPPOSE")
        marker = sdoc[cue[0][0]:cue[0][1]].text if cue else "cards"
        if cue and sm.get("FOR_EXAMPLE") and (CODE_RE.search(sdoc.text) or row_ordinal(sdoc, lang)
                                              or sdoc.text.rstrip().endswith(":")):
            return a, None, marker, False
        if cue:
            end = b
            for a2, b2 in sents[k + 1:]:
                if not cards_named(text[a2:b2], notation, lang)[0] and not _BACK_REF.match(text[a2:b2]):
                    break
                end = b2
            # «Наприклад, відкрили ♦5 — кладемо її під стос «5 годин». Там ♣Q: …»: one card a sentence, a case told
            if opens_with_cards(text[a:b], notation, lang, supposed=not sm.get("FOR_EXAMPLE")) or (
                    cards_named(text[a:b], notation, lang)[0] == 1 and cards_named(text[a:end], notation, lang)[0] >= 2):
                return a, end, marker, False
        if notation_cards(sdoc.text, notation, lang) >= 2 or cards_named(sdoc.text, notation, lang)[0] >= 2:
            # «Я переложил ♦Д на ♣К, потом ♠В …», «Спочатку я переклав десятку бубон на валета пік»: a game
            # told with its cards, in notation or in words with their suits (a rule names ranks and colours);
            # the one-card moves before it in the paragraph are its start
            return _reach_back(text, sents, k, notation, lang), None, marker, False
        if cards_named(sdoc.text, notation, lang)[1] in (1, 2) and told_by_someone(sdoc, lang) \
                and shows_move(sdoc.text, notation, lang):
            # «Я б ще радив: коли відкриється туз ♠️, одразу неси його на базу», «Я поставила короля треф у порожній
            # стовпчик»: one card with its suit that a person moves (past, first or second person, imperative)
            first = next((a0 for a0, b0 in sents[:k] if cards_named(text[a0:b0], notation, lang)[0]), a)
            return first, None, "cards", False   # (from the first card the story names: «… увидела туза треф. Я положила его в дом.»)
        if shown_ranks(sdoc):
            # «Итак, у меня открыты: король, дама, девятка, …», «в стопках сверху лежат десятка, семёрка, …»: the
            # position of a one-suit game shown by ranks; its moves name ranks only (kept when a move follows)
            return a, None, RANKS, True
    return None


_ANSWER = re.compile(r"\s*(?:" + "|".join(sorted(ANSWER_LABELS, key=len, reverse=True)) + r")\.?\s*[:—–-]", re.I)
"""A line opening on an answer's label («Ответ:», «Відповідь —»)."""
_FIGURE = re.compile(r"\s*(?:Рис\.|Рисунок|Мал\.|Малюнок|Скриншот|Скрин|Скрін|Фото)\s*\d*\s*[.:—–-]")
"""A figure's caption line («Рис. 3 — …», uk «Мал. 2. …», «Скриншот 4: …»)."""
_STEP = re.compile(r"(?:Шаг|ШАГ|Крок|КРОК|Этап|ЭТАП|Етап|ЕТАП)\s+\d{1,2}[.:)]?\s+(?=\S)")


def _step_with_moves(ln, notation: str, lang: str) -> int | None:
    """Where the text of a how-to's step line starts when that text names a card with its suit («Шаг 3. 2♠ из
    шестого столбца кладём в дом на туз.»: the step is a section heading, its text a move of the example);
    ``None`` for any other line."""
    if ln.kind != "subheading" or ln.mark != "step":
        return None
    m = _STEP.match(ln.text)
    if m is None:
        return None
    rest = ln.text[m.end():]
    return m.end() if notation_cards(rest, notation, lang) or card_words(make_doc(rest, lang)) else None


def _line_before(free, ln, lead: str, pre: bool, notation: str, lang: str) -> MappedText | None:
    """The prose line right before the line ``ln`` that opens an example (``lead``: the text of ``ln`` before
    the example's start, which names no card with its suit), from its first sentence naming a card with its
    suit, when no example took it in and it moves a card (:func:`shows_move`): the one-card moves a story or a
    commentary starts with («Я положила его в дом. Под ним открылась двойка треф, и я тут же отправила ее
    следом на туза.», a record's «1. Т♥ в дом» before «2. 7♣ на 8♦»), or whole when it is the question the
    line answers («Звільнився стовпчик. Яку карту туди можна перекласти?» / «Відповідь: …»); ``None``
    otherwise. ``free``:
    ``(line, start)`` of that line or ``None``."""
    if free is None or free[0].n != ln.n - 1 or cards_named(lead, notation, lang)[0]:
        return None
    prev, start = free
    text = prev.text[start:]
    if text.rstrip().endswith("?") and _ANSWER.match(ln.text):
        return line_mt(prev, pre, start)   # «Яку карту туди можна перекласти?» / «Відповідь: лише короля, …»
    if not shows_move(text, notation, lang):
        return None
    first = next((a for a, b in sentences(text) if cards_named(text[a:b], notation, lang)[0]), 0)
    return line_mt(prev, pre, start + first)


def examples(part, pre: bool, lang: str, notation: str = "words", lang_at=None) -> list[Ex]:
    """The worked examples of one part (``part.content``: its classified lines), in text order.

    ``pre``: the source is in pre-1918 spelling (lines are read modernized); ``notation``: the
    source's card notation; ``lang_at``: raw line → language, for a text that mixes Russian and
    Ukrainian (:meth:`pasyans.corpus.Source.language_at`; default ``lang`` throughout). See the
    module docstring for the cues.
    """
    exs: list[Ex] = []
    main: Ex | None = None
    last: Ex | None = None  # example of the paragraph just before
    last_open = False
    label = None  # a label line «Пример» just before
    last_item = False  # the paragraph the last example took in was a list item
    last_bars = 0  # the bars «|» of the row of a move table the last example took in
    free = None  # (line, start) of the prose line just before that no example took in
    last_whole = ""  # the text of the line just before when the last example took it in to its end
    for ln in part.content:
        if ln.kind == "table":
            if main is None or not main.layout or main.layout[-1] != ln.n - 1:
                main = Ex("layout")
                exs.append(main)
            main.layout.append(ln.n)
            main.lines.add(ln.n)
            last, last_open, last_whole = main, False, ""
            continue
        lg = lang_at(ln.n) if lang_at else lang
        step = _step_with_moves(ln, notation, lg)
        inline = ln.kind == "variant-heading" or (ln.kind == "heading" and ln.frame in ("entry", "lead-in"))
        if ln.kind != "prose" and not (inline and ln.rest_offset < len(ln.text)) and step is None:
            if ln.kind != "caption":
                last, last_open, last_whole = None, False, ""
            label = ln if ln.kind == "label" and ln.section == "example" else None
            continue
        start = ln.rest_offset if inline else step if step is not None else 0  # after «ПАУК,» of «ПАУК, пасьянс …»
        text = ln.text[start:]
        d = make_doc(text, lg)
        ms = matches(d, lg)
        target: Ex | None = None
        at, end = 0, None
        if _NUMBERED_EXAMPLE.match(text):
            last, last_open, main = None, False, None   # «Пример 2.» right after «Пример 1. …»: the next example
        # 0. a wrapped line's tail: the line the last example took in whole stops mid-sentence and this one goes on
        #    in lower case («3) вісімку бубон кладемо на дев'ятку» / «бубон;»): one line of the example
        wrapped = last is not None and bool(last_whole) and text[:1].islower() and not last_whole.endswith(_SENTENCE_END)
        # 1. a paragraph continuing a display the previous example paragraph left open
        first_word = (words(text) or [""])[0]
        if wrapped:
            target = last
        if target is None and last is not None and last_open and (text[:1].islower() or text[:1] == "(" or is_display_row(text) or
                                                morph.lemma(first_word, lg) in ("здесь", "тут")):
            target = last  # … or a row of the display itself («например так:» / «Ряд 1: ♠5 ♥9 ♦К …»)
        # 2. a paragraph referring back to the open main example
        if target is None and main is not None:
            ref = any(s > 0 and d[s - 1].lemma_ in _DEMONSTRATIVES and not kind_of(d, e)
                      for s, e in ms.get("EXAMPLE_NOUN", []))
            moves = bool(ms.get("MOVES")) or len(MOVE_RE.findall(text)) >= 2
            layout_ref = any(any(t.lemma_ in _LAYOUT_WORDS for t in d[max(s - 3, 0): e + 4])
                             for s, e in ms.get("LAYOUT_REF", []))
            if ref or moves or layout_ref:
                target = main
        # 3. the paragraph right after an example naming a card with its suit, in words or in notation: the game
        #    goes on («Пусть на поле открыты: KS, 7D, …», a transcript «[00:58] Туз бубен сразу наверх, в дом.»,
        #    a post's next line); or a short line opening on a card in shorthand, a reply's next move («9♠ на 10♥»
        #    / «8♥ на 9♠» / «К♠ в пустую»)
        if target is None and last is not None and (card_words(d) or notation_cards(text, notation, lg)
                                                     or _CARD_LINE.match(text) and len(words(text)) <= 4):
            target = last
        # 3a. a paragraph right after a position shown in ranks alone that moves a card by rank («Берём восьмёрку и
        #     кладём на девятку»): the one-suit game goes on
        if target is None and last is not None and last.marker == RANKS and shows_rank_move(text, notation, lg):
            target = last
        # 3b. a row of a move table («3 | 9♣ | на 10♥»): with the rows before it, one example
        bars = text.count("|")
        if target is None and bars and cards_named(text, notation, lg)[0]:
            if last is not None and last_bars == bars:
                target = last
            elif last is None:
                target = Ex("table", main=False)
                exs.append(target)
        # 3c. the answer to a question the example ends with («Куди він піде?» / «Відповідь: звісно, на базу.»)
        if target is None and last is not None and last.parts and last.parts[-1].text.rstrip().endswith("?"):
            target = last
        # 4. the next item of a list whose items an example took in («- Переносимо …», «2. A♥ идёт на базу …»)
        if target is None and last is not None and last_item and _LIST_ITEM.match(text):
            target = last
        if target is None and label is not None:  # the paragraph under a label «Пример»
            target = main = Ex(label.name or label.text, main=True)
            target.lines.add(label.n)
            exs.append(target)
        label = None
        if target is None:
            found = _opening(text, d, lg, notation)
            if found:
                at, end, marker, is_main = found
                target = Ex(marker, main=is_main)
                exs.append(target)
                if is_main:
                    main = target
                back = _line_before(free, ln, text[:at], pre, notation, lang_at(free[0].n) if free and lang_at else lg)
                if back is not None:
                    target.parts.append(back)
                    target.lines.add(free[0].n)
        if target is None:
            if last is not None and _FIGURE.match(text):
                continue   # «Рис. 3 — первый туз в доме»: a figure's caption between the steps, the example goes on
            last, last_open, last_whole = None, False, ""
            free = (ln, start)
            continue
        free = None
        piece = line_mt(ln, pre, start + at, None if end is None else start + end)
        if wrapped and target.parts:
            target.parts[-1] = MappedText.concat([target.parts[-1], piece], " ")
        else:
            target.parts.append(piece)
        target.lines.add(ln.n)
        last_whole = text.rstrip() if end is None else ""
        last_bars = bars
        last, last_open = target, announces_display(text, lg) or (last_open and is_display_row(text))
        # an example opened inside a numbered rule («4. Карту кладут …. Например, …») ends with that rule: the
        # next items are rules; only an example that is the whole item («2. A♥ идёт на базу …») takes the next in
        last_item = bool(_LIST_ITEM.match(text)) and at == 0
    return [e for e in exs if e.marker != RANKS or any(shows_rank_move(p.text, notation, lang) for p in e.parts)]
