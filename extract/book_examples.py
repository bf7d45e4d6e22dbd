"""Worked examples of a game text of the book 004 (see :func:`examples`): a marker sentence
(«На примере расклада:»), a hypothetical walk-through («Положим, изъята десятка…») and the
paragraphs that go on stating moves, each sentence read once from the shared ``Doc``
(:mod:`pasyans.extract.book_sentences`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from pasyans.models import Example, LineSpan
from pasyans.shorten import shorten

from .book_sentences import Sentence, read
from .clean import card_tokens
from .text import MappedText

if TYPE_CHECKING:
    from .textdoc import Span

_NOT_EXAMPLE_BEFORE = frozenset({"показать", "изобразить", "изображенный", "см", "видно", "показанный"})
_HYPOTHESIS = frozenset({"допустить", "положим", "предположим", "положить", "предположить"})
"""Lemmas of the words that open a hypothetical walk-through: «Допустим, …», «Положим, изъята десятка»."""
_MOVE_VERBS = frozenset({
    "помещать", "помещаться", "поместить", "покрывать", "покрываться", "покрыть", "класть",
    "положить", "положим", "выносить", "выноситься", "вынести", "перекладывать", "переложить",
    "перемещать", "перемещаться", "переместить", "сходить", "ходить", "заполнять", "заполняться",
    "заполнить", "сбрасывать", "сбрасываться", "сбросить", "удалять", "удаляться", "удалить",
    "занимать", "занять", "изымать", "изыматься", "изъять", "выкладывать", "выкладываться",
    "брать", "браться", "взять", "уходить", "уйти",
})
"""Lemmas of the verbs a move is stated with («♦5 помещается на ♦6», «Поместите ♠5 слева от ♠6»)."""
_CARD_DASH = re.compile(r"[♠♥♦♣]\s?(?:10|[2-9]|[ТВДКАA])\s*—\s*(?:на\s+)?[♠♥♦♣]")
"""The book's move shorthand «♦4 — ♦5» (♦4 onto ♦5), «♠9 — на ♥10»."""


@dataclass
class _Sent:
    """One sentence of a game's cleaned text, with what example finding needs to know of it."""

    start: int
    end: int
    para: int
    first: bool  # first sentence of its paragraph
    marker: str | None = None  # the example marker it opens with («На примере расклада:»)
    opener: str | None = None  # a hypothetical opener («Положим», «Допустим»)
    move: bool = False  # states a move: a card and a move verb (not negated), or «♦4 — ♦5»
    closes: bool = False  # says play goes on to the end: «Игра продолжается, … пока не …»
    text: str = ""  # the sentence
    lang: str = "ru"

    @cached_property
    def cards(self) -> int:
        """Card tokens named (symbol notation and words; read only when a rule asks: the few
        sentences next to a marker or an opener)."""
        from .notation import find_cards

        return len(find_cards(self.text, "symbol", self.lang))


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """``[start, end)`` of each paragraph (the text between newlines)."""
    out, a = [], 0
    for m in re.finditer("\n", text):
        out.append((a, m.start()))
        a = m.end()
    out.append((a, len(text)))
    return out


def _marker_of(st: Sentence, text: str) -> str | None:
    """The example marker the sentence ``st`` opens with: «На примере…», «Пример…», «В примере…»,
    «На раскладе:» within its first eight words, not after «показано», «см.» or «(»; the marker
    runs over «расклада», a number and a colon."""
    sent, a = st.span, st.start
    for label, s, e in st.matches:
        if label != "EXAMPLE" or s > 8:
            continue
        if (e - s == 1 or sent[e - 1].lemma_ == "расклад") and s != 0:
            continue  # a bare «Пример…» and «На раскладе:» count only as the first words
        before = sent[:s]
        if any(t.lemma_ in _NOT_EXAMPLE_BEFORE for t in before) or any(t.text == "(" for t in before):
            continue
        k = e
        while k < len(sent) and k < e + 3 and (sent[k].lower_ == "расклада" or sent[k].like_num or sent[k].text == ":"):
            k += 1
            if sent[k - 1].text == ":":
                break
        return text[a: a + sent[k - 1].idx - sent.start_char + len(sent[k - 1].text)].strip()
    return None


def _opener_of(sent: "Span") -> str | None:
    """«Допустим, …», «Положим, …», «Предположим, что …» (after an optional «Итак,»): the word, else ``None``."""
    toks = [t for t in sent if not t.is_space]
    i = 2 if len(toks) > 2 and toks[0].lower_ == "итак" and toks[1].text == "," else 0
    if i + 1 < len(toks) and toks[i].lemma_ in _HYPOTHESIS and toks[i].text[:1].isupper() and (
            toks[i + 1].text == "," or toks[i + 1].lower_ == "что"):
        return toks[i].text
    return None


def _states_move(sent: "Span", text: str) -> bool:
    """Whether the sentence states a move: the shorthand «♦4 — ♦5», or a card token with a move
    verb that no «не» negates within the three words before it."""
    if _CARD_DASH.search(text):
        return True
    if not card_tokens(text):
        return False
    for t in sent:
        i = t.i - sent.start
        if t.lemma_ in _MOVE_VERBS and not any(x.lower_ == "не" for x in sent[max(0, i - 3): i]):
            return True
    return False


def _sentence_info(mt: MappedText, sents: list[Sentence], lang: str = "ru") -> list[_Sent]:
    """Every sentence of the game text (``sents``: :func:`pasyans.extract.book_sentences.read` of
    ``mt.text``) with its paragraph, marker, opener, cards and move."""
    text = mt.text
    paras = _paragraphs(text)
    out: list[_Sent] = []
    pi = 0
    for sn in sents:
        a, b, sent = sn.start, sn.end, sn.span
        while pi + 1 < len(paras) and a >= paras[pi][1] + 1:
            pi += 1
        if sent is None:
            continue
        st = _Sent(a, b, pi, not out or out[-1].para != pi, text=text[a:b], lang=lang)
        st.marker = _marker_of(sn, text)
        st.opener = _opener_of(sent)
        st.move = _states_move(sent, text[a:b])
        st.closes = any(t.lemma_ == "продолжаться" for t in sent) and any(t.lower_ in ("пока", "до") for t in sent)
        out.append(st)
    return out


def _continues(ss: list[_Sent]) -> bool:
    """Whether a paragraph (its sentences) goes on with the worked example before it: it opens
    with a hypothetical («Допустим, следующей картой будет ♥Т»), or at least two of its sentences,
    and at least half, state moves («Поместите ♦5 в верхний ряд слева от ♦6…»)."""
    if not ss or ss[0].marker:
        return False
    if ss[0].opener and (ss[0].cards or (len(ss) > 1 and ss[1].cards)):
        return True
    moves = sum(s.move for s in ss)
    return moves >= 2 and 2 * moves >= len(ss)


def examples(mt: MappedText, sents: list[Sentence] | None = None) -> tuple[
        list[tuple[Example, MappedText, list[tuple[str, str]]]], list[tuple[str, str, LineSpan]]]:
    """Worked examples of a game's cleaned text, each with notes for findings (``(kind, message)``),
    and notes about marker sentences that open no example (``(kind, message, lines)``).
    ``sents``: :func:`pasyans.extract.book_sentences.read` of ``mt.text`` when the caller has it.

    * A marker sentence (:func:`_marker_of`) that starts its paragraph (or a raw line) opens an
      example that runs to the paragraph's end.
    * A marker sentence inside a paragraph (a rules paragraph: «Карта … игровая. На примере
      такими картами являются ♠6 и ♦2 …») opens an example that takes the sentences after it
      that name cards or open a hypothetical; the rule text after them stays out. When it names
      no card and a sentence naming none follows («На примере расклада выложено восемь рядов.
      Любая карта, которую нельзя поместить…»), it only describes the figure: a
      ``figure-reference`` note, no example.
    * A hypothetical walk-through without a marker (:func:`_opener_of` — «Положим, изъята
      десятка.» — naming a card in it or the next sentence) opens an example that runs to its
      paragraph's end; the paragraph's first sentence comes with it when the opener is the
      second («Итак, из колоды изымаются по очереди карты. Положим, …»), and a sentence saying
      that play goes on to the end («Игра продолжается, таким образом, пока не …») closes it
      within its paragraph. An ``example-walkthrough`` note records it.
    * An example that ends its paragraph takes in the paragraphs after it that go on with it
      (:func:`_continues`), each recorded by an ``example-continued`` note.
    """
    text = mt.text
    info = _sentence_info(mt, read(text) if sents is None else sents)
    paras = _paragraphs(text)
    by_para: dict[int, list[_Sent]] = {}
    for st in info:
        by_para.setdefault(st.para, []).append(st)
    found: list[list] = []  # [start, end, marker, notes, last paragraph]
    extra: list[tuple[str, str, LineSpan]] = []  # notes about no example: (kind, message, lines)

    def at_line_start(i: int) -> bool:
        """A sentence starting a raw line after a finished one starts a paragraph the column
        layout hid (the line before it was full)."""
        return i < len(text) and mt.col[i] == 0 and i not in mt.inserted

    for p in sorted(by_para):
        ss = by_para[p]
        k = 0
        while k < len(ss):
            st = ss[k]
            if st.marker and (st.first or k == 0 or at_line_start(st.start)):
                found.append([st.start, paras[p][1], st.marker, [], p])
                break
            if st.marker and not st.cards and k + 1 < len(ss) and not (ss[k + 1].cards or ss[k + 1].opener):
                extra.append(("figure-reference",
                              f"«{text[st.start:st.end]}» describes the figure inside a rules paragraph and names "
                              "no card; the rule text after it is not an example", mt.lines_of(st.start, st.end)))
                k += 1
                continue
            if st.marker:
                j = k + 1
                while j < len(ss) and (ss[j].cards or ss[j].opener) and not ss[j].marker:
                    j += 1
                notes = [("example-inside-rules",
                          f"example marker «{st.marker}» inside a paragraph: the example is the marker sentence "
                          f"and what follows it naming cards ({j - k} sentence(s)); the rule text around it stays "
                          "in the rules")]
                found.append([st.start, ss[j - 1].end, st.marker, notes, p if j == len(ss) else None])
                k = j
                continue
            if st.opener and (st.cards or (k + 1 < len(ss) and ss[k + 1].cards)):
                if found and found[-1][4] == p - 1 and k == 0:
                    break  # a paragraph going on with the example before it: see below
                a = ss[0].start if k == 1 else st.start
                j = next((j for j in range(k, len(ss) - 1) if ss[j].closes), len(ss) - 1)
                notes = [("example-walkthrough",
                          f"worked example without a marker: a hypothetical walk-through opening «{st.opener}, …» "
                          "that names cards" + (f"; it ends with «{text[ss[j].start:ss[j].end]}»"
                                                if j < len(ss) - 1 else ""))]
                found.append([a, ss[j].end, st.opener, notes, p if j == len(ss) - 1 else None])
                break
            k += 1
    # paragraphs that go on with an example ending at its paragraph's end
    for ex in found:
        p = ex[4]
        while p is not None and p + 1 in by_para and not any(f[0] >= paras[p + 1][0] and f[0] < paras[p + 1][1] for f in found):
            if not _continues(by_para[p + 1]):
                break
            p += 1
            ex[1] = paras[p][1]
            ex[3].append(("example-continued",
                          f"the paragraph «{shorten(' '.join(text[paras[p][0]:paras[p][1]].split()), 41)}» goes on with the example "
                          f"«{ex[2]}» (it opens a hypothetical or states moves)"))
    out = []
    for a, end, marker, notes, _ in found:
        emt = mt.slice(a, end)
        runs: list[list[int]] = []  # contiguous raw-line runs in reading order
        for n in emt.line:
            if runs and runs[-1][1] <= n <= runs[-1][1] + 1:
                runs[-1][1] = n
            elif not runs or n != runs[-1][1]:
                runs.append([n, n])
        merged = [runs[0]]
        for r in runs[1:]:
            if r[0] >= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], r[1])  # a page break: same flow, later lines
            else:
                merged.append(r)
        first, last = merged[0]
        if len(merged) > 1:
            rest = ", ".join(f"{x}–{y}" for x, y in merged[1:])
            notes.append(("example-split",
                          f"example printed in {len(merged)} pieces: {first}–{last}, then {rest} (reading order)"))
        ex = Example(lines=(first, last), text=emt.text, marker=marker)
        out.append((ex, emt, notes))
    return out, extra
