"""The parts a plain text is cut into (one game or variant each) and the cutting of a text
without headings into messages — posts, questions, chat lines, dated entries, paragraphs opening
«Пасьянс «X» …» — each message naming another game starting it (:func:`split_told`). Used by
:mod:`pasyans.extract.articles`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pasyans.models import Finding

from . import headings as hd
from . import messages
from .article_text import Line


@dataclass
class Part:
    lines: list[Line]
    name: str | None
    printed: str | None = None
    kind: str = "game"  # game | lettered | combo | variant | fragment
    label: str | None = None
    parent: "Part | None" = None
    after_title: Line | None = None
    key: str = ""
    rules: list[str] = field(default_factory=list)
    closed: bool = False
    heading_line: Line | None = None
    findings: list[Finding] = field(default_factory=list)

    @property
    def content(self) -> list[Line]:
        return [ln for ln in self.lines if not ln.blank]


def fold_name(s: str | None) -> str:
    return (s or "").casefold().replace("ё", "е")


def told_finding(ln: Line, name: str) -> Finding:
    return Finding("", (ln.n, ln.n), "title-in-text",
                   f"no heading names this game; its name «{name}» is read from the sentence on line {ln.n}")


CHAT_RE = re.compile(r"^\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s+[^:\s][^:]{0,30}:\s")
QUESTION_LABELS = {"вопрос", "питання", "question"}


DASH_TURN_RE = re.compile(r"^[—–]\s+\S")
"""A turn of an interview printed with a dash («— Вера Ильинична, с какого пасьянса всё началось?»)."""


def dialogue(body: list[Line]) -> bool:
    """Whether ``body`` is an interview in dash turns: two questions at least open with a dash."""
    return sum(1 for ln in body if ln.kind == "prose" and DASH_TURN_RE.match(ln.text) and ln.text.rstrip().endswith("?")) >= 2


def opens_unit(ln: Line, prev: Line | None, turns: bool = False, lang: str | None = None, paragraph: bool = False) -> bool:
    """Whether ``ln`` starts a message of a text cut into messages: the line after a post header or
    a separator («* * *» between a column's items),
    a question («Вопрос: …», «Питання: …»), a chat line («[12:03] Оля: …»), a diary's dated entry («5 января. …»),
    a paragraph opening «Пасьянс «X» …» (:func:`~pasyans.extract.headings.paragraph_title`), and with
    ``turns`` a dash turn of an interview; with ``lang``, a ``paragraph``'s first line whose first clause
    names its game after a few words that describe it (:func:`~pasyans.extract.headings.opening_name`:
    «Простіший за неї «Квітник»: …»)."""
    if ln.blank:
        return False
    if ln.turn or (prev is not None and prev.kind == "meta" and prev.label in ("post header", "separator")):
        return True   # the first line of a post, or of an item after «* * *»
    if turns and ln.kind == "prose" and DASH_TURN_RE.match(ln.text):
        return True   # ``turns``: the text is an interview (:func:`dialogue`), each dash turn a message
    return (ln.section == "intro" and fold_name(ln.name) in QUESTION_LABELS) or bool(CHAT_RE.match(ln.text)) \
        or messages.dated_entry(ln.text) or (ln.kind == "prose" and hd.paragraph_title(ln.text) is not None) \
        or (paragraph and lang is not None and ln.kind == "prose" and hd.opening_name(ln.text, lang) is not None)


def run_in_title(ln: Line, lang: str) -> str | None:
    """The name a message opens with as a run-in title, after its speaker («[19:04] Бот: Пирамида. Двадцать
    восемь карт кладут …» → «Пирамида»; :func:`~pasyans.extract.headings.entry_lead`), when rule text
    follows it in the line; else ``None``. ``ln`` is the first line of a message."""
    if ln.kind != "prose" or ln.blank:
        return None
    m = CHAT_RE.match(ln.text)
    at = m.end() if m else (messages.speech_start(ln.text) or 0)
    lead = hd.entry_lead(ln.text[at:], lang)
    if lead is None or not messages.has_rule_text([ln.text[at + lead[1]:]], lang) \
            or hd.names_cards_or_places(lead[0], lang):
        return None   # «Вера: Две колоды. Четыре туза …»: a deck count opening a reply, no run-in title
    return hd.split_title(lead[0], lang)[0].name


def named_after(body: list[Line], lang: str) -> tuple[list[Line], list[Part]]:
    """A text without headings whose games are named after their rules (:func:`~pasyans.extract.headings.back_title`:
    «Так раскладывается пасьянс, который бабушка звала «Узелок».»): cut into paragraphs; a paragraph with such a
    sentence closes a game made of it and the run of rule paragraphs right before it; a paragraph naming its game
    ahead (:func:`~pasyans.extract.headings.inline_title`) opens one. ``(the lines before the first, the games)``."""
    paras: list[list[Line]] = [[]]
    for ln in body:
        if ln.blank and paras[-1] and not paras[-1][-1].blank:
            paras.append([])
        paras[-1].append(ln)
    rules = lambda lines: messages.has_rule_text([x.text for x in lines if x.kind == "prose"], lang)  # noqa: E731
    intro: list[Line] = []
    parts: list[Part] = []
    pending: list[list[Line]] = []
    ahead = False   # the last game was named ahead of its rules: paragraphs after it are its own
    for para in paras:
        prose = [ln for ln in para if ln.kind == "prose"]
        back = next((t for ln in prose if (t := hd.back_title(ln.text, lang))), None)
        fwd = None if back else next((t for ln in prose if (t := hd.inline_title(ln.text, lang))), None)
        if back and not ahead:
            k = len(pending)
            while k > 0 and rules(pending[k - 1]):
                k -= 1
            lines = [ln for p_ in pending[k:] for ln in p_] + para
            if rules(lines):
                (parts[-1].lines if parts else intro).extend(ln for p_ in pending[:k] for ln in p_)
                part = Part(lines, back, None, "game")
                part.findings.append(told_finding(next(ln for ln in prose if hd.back_title(ln.text, lang)), back))
                parts.append(part)
                pending = []
                continue
        if fwd and rules(para):
            (parts[-1].lines if parts else intro).extend(ln for p_ in pending for ln in p_)
            part = Part(list(para), fwd, None, "game")
            part.findings.append(told_finding(next(ln for ln in prose if hd.inline_title(ln.text, lang)), fwd))
            parts.append(part)
            pending, ahead = [], True
            continue
        if ahead and parts:
            parts[-1].lines += para
        else:
            pending.append(para)
    (parts[-1].lines if parts else intro).extend(ln for p_ in pending for ln in p_)
    return intro, parts


def split_told(body: list[Line], lang: str) -> tuple[list[Line], list[Part]]:
    """A text without headings that names its games in sentences
    (:func:`~pasyans.extract.headings.inline_title`): ``(the lines before the first, the games)``.
    Cut into messages (posts, questions, chat lines: :func:`opens_unit`), each message naming
    another game starts it — from the message's first line; else from the sentence that names it."""
    turns = dialogue(body)
    starts = [k for k, ln in enumerate(body)
              if opens_unit(ln, prev_meta(body, k), turns, lang, paragraph=k == 0 or body[k - 1].blank)]
    if not starts and any(ln.kind == "prose" and hd.back_title(ln.text, lang) for ln in body):
        return named_after(body, lang)
    if not starts:
        for k, ln in enumerate(body):
            told = hd.inline_title(ln.text, lang) if ln.kind == "prose" else None
            if told and messages.has_rule_text(messages.untold([x.text for x in body[k:] if x.kind == "prose"],
                                                               lambda t: hd.inline_title(t, lang), lang), lang):
                p = Part(body[k:], told, None, "game")
                p.findings.append(told_finding(ln, told))
                return body[:k], [p]
        return body, []
    bounds = starts + [len(body)]
    intro, parts = body[:starts[0]], []
    if any(ln.kind == "prose" and hd.inline_title(ln.text, lang) for ln in intro):
        intro, parts = named_after(intro, lang)   # «В пасьянс «Квадрат» играют …» before the first «Пасьянс «Звезда» …»
    tolds = [(hd.nominative(t, lang) if body[a].kind == "prose" and (t := hd.paragraph_title(body[a].text)) else None)
             or (hd.opening_name(body[a].text, lang) if body[a].kind == "prose" and (a == 0 or body[a - 1].blank) else None)
             or next((t for ln in body[a:b] if ln.kind == "prose" and not messages.compares(ln.text, lang)
                      and (t := hd.inline_title(ln.text, lang, units=True))), None)
             or run_in_title(body[a], lang)   # a quoted name first: «Друге питання — … Пасьянс «Годинник» …»
             for a, b in zip(bounds, bounds[1:])]   # «А пасьянс «Пирамида» …; как и в «Часах», …» tells Пирамида
    answers = [answer(body[a:b], lang) for a, b in zip(bounds, bounds[1:])]
    tolds = [t or answers[i] for i, t in enumerate(tolds)]
    for i, (a, b) in enumerate(zip(bounds, bounds[1:])):
        unit = body[a:b]
        told = tolds[i]
        if told and not messages.has_rule_text(messages.told_span(body, bounds, tolds, i, lang), lang):
            told = None  # «А я всю жизнь раскладываю «Косынку»» with no rule text after it: named, not told
        if told and (not parts or fold_name(told) != fold_name(parts[-1].name)):
            before = body[bounds[i - 1]:a] if i > 0 and answers[i] and tolds[i - 1] is None else []
            if before and messages.has_rule_text([ln.text for ln in before if ln.kind == "prose"], lang):
                # «ВЕДУЧА: Цей пасьянс розкладають …» / «СЛУХАЧ: Це «Косинка»!»: the game told, then named
                held = parts[-1].lines if parts else intro
                del held[len(held) - len(before):]
                unit = before + unit
            p = Part(list(unit), told, None, "game")
            p.findings.append(told_finding(next(ln for ln in body[a:b] if not ln.blank), told))
            parts.append(p)
        elif parts:
            parts[-1].lines += unit
        else:
            intro += unit
    return intro, parts


def answer(unit: list[Line], lang: str) -> str | None:
    """The game's name a message gives as its answer («СЛУХАЧ: Це «Косинка»!»), in the nominative."""
    for ln in unit:
        if ln.kind == "prose":
            at = messages.speech_start(ln.text) or 0
            if (name := hd.answer_title(ln.text[at:])) is not None:
                return hd.nominative(name, lang)
    return None


def prev_meta(body: list[Line], k: int) -> Line | None:
    """The line before ``body[k]`` skipping blank ones (furniture lines are blank but keep their kind)."""
    for j in range(k - 1, -1, -1):
        if body[j].kind == "meta" or not body[j].blank:
            return body[j]
    return None
