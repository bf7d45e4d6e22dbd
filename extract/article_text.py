"""Lines, sentences and word patterns shared by the article segmenter's modules
(:mod:`pasyans.extract.articles`, :mod:`~pasyans.extract.article_rules`,
:mod:`~pasyans.extract.article_examples`).

The word patterns are data: ``pasyans/data/segment_cues.json`` (spaCy ``Matcher`` patterns over
pymorphy3 lemmas, each with the sentences it must match). :func:`matches` runs them
(:class:`pasyans.extract.matcher.Matcher`) on a Doc from :func:`doc` (:func:`pasyans.extract.nlp.doc`:
spaCy's tokens, lemmas from :mod:`pasyans.morph`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from pasyans import morph

from .headings import QUOTE_RE, TERMINAL, words
from .matcher import Matcher
from .nlp import doc as shared_doc
from .orthography import modernize_mapped
from .text import MappedText
from .lookalikes import fold

CLOSERS = "»\"“”)’'"
FIG_REF_RE = re.compile(r"\b(?:рис|мал)\.\s*(\d+)", re.I)
CODE_RE = re.compile(r"(?<![\w])[ПЧБТT4](?:10|[2-9АВДКЗб])(?:\d{1,2})?(?![а-яіїєґ])")
MOVE_RE = re.compile(r"(?<![\w])[ПЧБТT4](?:10|[2-9АВДКЗб])\d{0,2}\s*-\s*(?:[ПЧБТT4]?(?:10|[2-9АВДКЗТ])|\")")
ABBREV = {"рис", "т", "д", "е", "п", "вар", "напр", "см", "ин", "ін", "др", "стр", "г", "гг", "тис", "№", "англ", "франц",
          "нем", "фр"}
DISPLAY_END_LEMMAS = {"вид", "таковой", "такой", "так", "следующий", "такий", "наступний"}


@dataclass
class Line:
    """One raw line of a source as the segmenter classifies it.

    ``text``: stripped, in modern spelling; ``kind``: ``prose``, ``heading``, ``group-heading``,
    ``subheading``, ``part`` (the heading of a part of the text), ``doc-title``, ``label``,
    ``after-title``, ``subtitle``, ``byline``, ``title-alias`` (other names in parentheses under a
    title), ``variant-heading``, ``rule``, ``table``, ``caption``, ``furniture`` (a setext underline) or
    ``meta`` (page furniture, :mod:`pasyans.extract.furniture`: its text blanked, ``printed`` the line,
    ``label`` its family); ``parent``: for a heading that names a variant of the game above
    («Паук (одна масть)» under «Паук»), that game's heading line;
    ``name``/``printed`` the title's name and the line as printed; ``aliases`` the other names a
    title line gives (:class:`pasyans.extract.headings.TitleName`); ``mark``/``strength``/``level``
    the heading's marks; ``section`` the Section kind a label opens; ``rest_offset`` where the text
    after an inline heading or label starts (in the stripped line)."""

    n: int
    raw: str
    text: str
    kind: str = "prose"
    name: str | None = None
    printed: str | None = None
    rule: Any = None
    label: str | None = None  # variant letter
    rest_offset: int = 0
    aliases: tuple = ()
    mark: str | None = None
    strength: int = 99
    level: int | None = None
    section: str | None = None
    shape: str | None = None
    parent: Any = None
    names_variant: bool = False  # «Разновидность: «Большая пирамида» — …»: a named variant of the game above
    frame: str | None = None  # the title frame a heading was read with («how to play name», …)
    turn: bool = False  # a turn of a transcript after a speaker label («ВЕДУЩИЙ: …»): a message, never a title
    footnote: str | None = None  # the mark a footnote line opens with («*) …» → "*", «¹ …» → "¹")

    @property
    def blank(self) -> bool:
        return not self.text


def doc(text: str, lang: str):
    """The shared annotated Doc of ``text`` (:func:`pasyans.extract.nlp.doc`): read it, never set attributes."""
    return shared_doc(text, lang)


@lru_cache(maxsize=1)
def cues() -> dict:
    """``segment_cues.json``: ``{"subjects": set, "patterns": [rows], "naming_verbs": {...}}``; a pattern
    token whose LEMMA list names a verb of a ``naming_verbs`` group lists every verb of that group."""
    data = json.loads(resources.files("pasyans").joinpath("data/segment_cues.json").read_text("utf-8"))
    data["subjects"] = set(data["subjects"])
    groups = [frozenset(data["naming_verbs"][k]) for k in ("transitive", "reflexive")]
    for row in data["patterns"]:
        for tok in row["pattern"]:
            listed = tok.get("LEMMA", {}).get("IN") if isinstance(tok.get("LEMMA"), dict) else None
            for group in groups:
                if listed and group & set(listed):
                    tok["LEMMA"]["IN"] = sorted(set(listed) | group)
    return data


def naming_verbs() -> frozenset:
    """Every verb of naming (``naming_verbs`` of ``segment_cues.json``), by lemma: the name after one is in the instrumental."""
    nv = cues()["naming_verbs"]
    return frozenset(nv["transitive"]) | frozenset(nv["reflexive"])


@lru_cache(maxsize=2)
def matcher(lang: str) -> Matcher:
    """A Matcher with every pattern of ``segment_cues.json`` (rows with ``needs_subject`` are
    added under ``NAME?``: the caller checks the subject)."""
    m = Matcher()  # matches() sorts them
    for row in cues()["patterns"]:
        name = row["name"] + ("?" if row.get("needs_subject") else "")
        m.add(name, [row["pattern"]])
    return m


def matches(d, lang: str) -> dict[str, list[tuple[int, int]]]:
    """Pattern name → token spans (start, end) of its matches in ``d``. A ``needs_subject`` match
    counts under its name only when a subject word (``subjects``, as written: «он», «его», «этот
    пасьянс») is one of the two words right before it («его называют», «он называется»; not «его
    мы будем называть», «стадию пасьянса называют»), the word right after it («Назывался он прежде
    …»), or the word before a relative pronoun right before it («пасьянс, который называют …», «пасьянс,
    який називають …»; not «карту, которую называют …»)."""
    out: dict[str, list[tuple[int, int]]] = {}
    subjects = cues()["subjects"]
    relatives = frozenset(cues()["naming_verbs"]["relatives"])
    for name, s, e in matcher(lang)(d):
        if name.endswith("?"):
            if not (any(t.lower_ in subjects for t in d[max(s - 2, 0):s])
                    or (e < len(d) and d[e].lower_ in subjects and d[e].lower_ not in ("пасьянс", "игра", "гра"))
                    or _relative_subject(d, s, subjects, relatives)):
                continue
            name = name[:-1]
        out.setdefault(name, []).append((s, e))
    for v in out.values():
        v.sort()
    return out


def _relative_subject(d, s: int, subjects: set, relatives: frozenset) -> bool:
    """Whether the words before token ``s`` are a subject word, a comma and a relative pronoun («пасьянс, который»)."""
    if s < 2 or d[s - 1].lemma_ not in relatives:
        return False
    before = d[s - 3] if d[s - 2].text == "," and s >= 3 else d[s - 2]
    return before.lower_ in subjects or before.lemma_ in ("пасьянс", "игра", "гра")


INVISIBLE_RE = re.compile("[\u0300\u0301\u00ad\u200b-\u200d\u2060\ufeff]")
"""Stress marks («Косы́нка», as dictionaries and encyclopedias print them), soft hyphens and
zero-width characters: no part of a word; the cleaned text leaves them out."""


BBCODE_RE = re.compile(r"\[/?(?:b|i|u|s|size|color|font|quote|code|center)(?:=[^\]\n]{0,40})?\]", re.I)
"""A forum's BBCode tag («[b]», «[/b]», «[quote="Новичок"]», «[size=1]»): markup, no text."""


def unmarked(text: str) -> str:
    """``text`` without stress marks, soft hyphens and zero-width characters (:data:`INVISIBLE_RE`),
    without BBCode tags (:data:`BBCODE_RE`: «[b]Пасьянс «Пирамида»[/b]»), and with the Latin look-alikes of
    its mixed Cyrillic words as Cyrillic letters (:func:`pasyans.extract.lookalikes.fold`: «Оглавленiе», «Кoсынкa»)."""
    text = INVISIBLE_RE.sub("", text) if INVISIBLE_RE.search(text) else text
    return fold(BBCODE_RE.sub("", text).strip() if "[" in text else text)


def _drop_tags(mt: MappedText) -> MappedText:
    """``mt`` without its BBCode tags (and the spaces they leave at its ends), each character mapped as before."""
    if "[" not in mt.text:
        return mt
    drop = {i for m in BBCODE_RE.finditer(mt.text) for i in range(m.start(), m.end())}
    keep = [i for i in range(len(mt.text)) if i not in drop]
    while keep and mt.text[keep[0]].isspace():
        keep.pop(0)
    while keep and mt.text[keep[-1]].isspace():
        keep.pop()
    if len(keep) == len(mt.text):
        return mt
    where = {i: k for k, i in enumerate(keep)}
    return MappedText("".join(mt.text[i] for i in keep), [mt.line[i] for i in keep], [mt.col[i] for i in keep],
                      {where[i] for i in mt.inserted if i in where})


def _drop_invisible(mt: MappedText) -> MappedText:
    keep = [i for i, c in enumerate(mt.text) if not INVISIBLE_RE.match(c)]
    if len(keep) == len(mt.text):
        return mt
    where = {i: k for k, i in enumerate(keep)}
    return MappedText("".join(mt.text[i] for i in keep), [mt.line[i] for i in keep], [mt.col[i] for i in keep],
                      {where[i] for i in mt.inserted if i in where})


def line_mt(ln: Line, pre: bool, start: int = 0, end: int | None = None) -> MappedText:
    """Line ``ln`` as cleaned (stripped, without stress marks and zero-width characters, Latin
    look-alikes folded; modernized
    if ``pre``) and mapped, ``[start, end)`` of ``ln.text``."""
    raw = ln.raw
    lead = len(raw) - len(raw.lstrip())
    mt = _drop_tags(_drop_invisible(MappedText.from_lines([raw], ln.n).slice(lead, lead + len(raw.strip()))))
    folded = fold(mt.text)  # the same length: each character keeps its raw line and column
    if folded != mt.text:
        mt = MappedText(folded, mt.line, mt.col, mt.inserted)
    if pre:
        mt = modernize_mapped(mt)
    assert mt.text == ln.text
    return mt.slice(start, len(mt.text) if end is None else end)


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of ``text``: a line break ends a sentence (a paragraph, or a title above it);
    so does . ! ? … (with closing quotes) before a capital, digit, quote or suit symbol.

    A full stop after an abbreviation («рис.», «вар.», «т. д.», «англ.») or an initial («И. П.»)
    does not end a sentence.
    """
    out: list[tuple[int, int]] = []
    off = 0
    for para in text.split("\n"):
        out.extend((off + a, off + b) for a, b in para_sentences(para))
        off += len(para) + 1
    return out


def para_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of one paragraph (see :func:`sentences`)."""
    spans = []
    start = 0
    for m in re.finditer(r"[.!?…]+[" + re.escape(CLOSERS) + r"]*(?=\s+[«\"„(\dА-ЯЁІЇЄҐA-Z♠♣♥♦])", text):
        before = text[start:m.start()].split()
        last = before[-1].strip("(«\"") if before else ""
        if m.group().startswith(".") and (last.lower() in ABBREV or (len(last) == 1 and last.isupper())):
            continue
        spans.append((start, m.end()))
        start = m.end()
        while start < len(text) and text[start].isspace():
            start += 1
    if start < len(text):
        spans.append((start, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


_SHOWN_CARD_RE = re.compile(r"[♠♣♥♦♤♧♡♢]\s?(?:10|[2-9ТКДВAKQJT])(?![\w])|(?<![\w])(?:10|[2-9ТКДВAKQJ])\s?[♠♣♥♦♤♧♡♢]")


def is_display_row(s: str) -> bool:
    """Whether a line is a row of a printed layout: three or more cards in suit symbols («♠5 ♥9 ♦К …»)
    or letter codes («П5 Ч9 БК …»), making at least half of its tokens («Ряд 1: ♠5 ♥9 ♦К» is one), and no
    move in notation (a list of moves «Б8-7, Ч6-7, Т4-3 …» is prose, not a display)."""
    if MOVE_RE.search(s) or re.search(r"[♠♣♥♦]\S*\s*[-–—→]\s*\S*[♠♣♥♦]", s):
        return False
    n = len(_SHOWN_CARD_RE.findall(s)) or len(CODE_RE.findall(s))
    return n >= 3 and n * 2 >= len(s.split())


def ends_open(s: str) -> bool:
    """Whether a paragraph ends before a display it announces: a colon, or no final punctuation."""
    s = s.rstrip()
    return bool(s) and (s.endswith(":") or s[-1] not in TERMINAL + CLOSERS + ";,")


def announces_display(s: str, lang: str) -> bool:
    """A colon at the end, or an unpunctuated end on «вид», «такова», «так» (the display is missing)."""
    s = s.rstrip()
    if s.endswith(":"):
        return True
    ws = words(s)
    return ends_open(s) and bool(ws) and morph.lemma(ws[-1], lang) in DISPLAY_END_LEMMAS
