"""A game's text as the rule reader sees it: tokens with their features, sentences, manual sections.

Tokens and lemmas come from :mod:`pasyans.extract.nlp` (one annotated Doc per text, shared with
segmentation and the move reader); spaces are dropped. Each :class:`Tok` carries the features the
cue matcher looks for (:func:`features`: word classes, lemma, form, part of speech, case, number).
Sentences are :func:`pasyans.extract.nlp.sentences`; a sentence also knows the **section** of the
text it stands in, when the text is laid out as a manual: a heading line («Правила», «Задача»,
«Стратегия», «КАК ИГРАТЬ») or a table row «Label<TAB>text» («Основание\\tЧетыре стопки…»,
«Ігрове поле\\tСім стосів…») names a section kind from ``phrasings/sections.toml`` (``tableau``,
``foundations``, ``stock``, ``waste``, ``reserve``, ``cells``, ``deck``, ``goal``, ``rules``,
``scoring``, ``strategy``, ``options``, ``intro``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .. import nlp
from ..text import MappedText
from .cues import _data, classes_of, find


@dataclass
class Tok:
    """One token: ``i`` its index among the text's tokens, ``idx``/``end`` its characters."""

    i: int
    text: str
    lower: str
    lemma: str
    pos: str
    case: str | None
    num: int | None
    ordinal: int | None
    idx: int
    end: int
    feats: frozenset = frozenset()
    ord_read: bool = False     # an ordinal read as a cardinal («о восьмій … рядів»)

    @property
    def is_punct(self) -> bool:
        return self.pos == "PUNCT"


@dataclass
class Sent:
    """One sentence: tokens ``[start, end)``, its quote (spaces normalised), raw lines, section
    kind (or ``None``), heading text of that section, and its cues (label → spans)."""

    k: int
    start: int
    end: int
    quote: str
    lines: tuple[int, int]
    section: str | None = None
    label: str | None = None
    heading: bool = False       # the sentence is a section heading itself («Правила», «Задача»)
    cues: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    def has(self, label: str) -> bool:
        return bool(self.cues.get(label))

    def spans(self, label: str) -> list[tuple[int, int]]:
        return self.cues.get(label, [])


def features(t: Tok) -> frozenset:
    """The features of a token for the cue matcher (see :mod:`pasyans.extract.rules.cues`); the
    same set object for tokens alike in everything the features read (cached per process)."""
    key = (t.text[:1], t.lower, t.lemma, t.pos, t.case, t.num is None, t.ordinal is None)
    got = _FEATURES.get(key)
    if got is None:
        got = _features(t)
        if len(_FEATURES) < 500_000:
            _FEATURES[key] = got
    return got


_FEATURES: dict[tuple, frozenset] = {}


def _features(t: Tok) -> frozenset:
    fs = {"ANY", "L:" + t.lemma, "W:" + t.lower}
    fs.update("C:" + c for c in classes_of(t.lower, t.lemma))
    if t.pos:
        fs.add(t.pos)
    if t.case:
        fs.add("case:" + t.case)
    if t.num is not None:
        fs.add("NUM")
    if t.ordinal is not None:
        fs.add("ORD")
    if t.text[:1].isalpha():
        fs.add("ALPHA")
        if t.text[:1].isupper():
            fs.add("CAP")
    return frozenset(fs)


CARD_NOUNS = {"дам": ("дама", "NOUN")}
"""Card nouns pymorphy3's best parse reads as another word, by form: «Восемь дам удаляются из колоды»,
«на дам кладут валетов» — the genitive/accusative plural of «дама» (ru and uk), read as the verb «дать»
(«я дам»), which no rule text uses."""


def tokens(text: str, lang: str) -> list[Tok]:
    """The non-space tokens of ``text`` with lemma, part of speech, case and number (see module doc).

    In Ukrainian an ordinal before a plural noun is read as the cardinal (the machine translation
    of 000 renders «в восемь рядов» as «о восьмій … рядів»); ``ord_read`` marks it."""
    forms, idxs, words = nlp.token_table(nlp.doc(text, lang))
    fixes = number_forms().get(lang, {})
    ord_fixes = ordinal_forms().get(lang, {})
    raw = [(forms[i], idxs[i], words[i]) for i in range(len(forms)) if words[i].pos != "SPACE"]
    out: list[Tok] = []
    j = 0
    while j < len(raw):
        form, a, w = raw[j]
        b = a + len(form)
        # «будь-якою», «джокер-пасьянс», «какого-либо»: one word, as a reader reads it
        joined = False
        while (j + 2 < len(raw) and raw[j + 1][0] == "-" and raw[j + 1][1] == b and raw[j + 2][1] == b + 1
               and form[-1:].isalpha() and raw[j + 2][0][:1].isalpha()):
            form = form + "-" + raw[j + 2][0]
            b = raw[j + 2][1] + len(raw[j + 2][0])
            j += 2
            joined = True
        if joined:
            w = nlp.word(form, lang)
        num = w.num if w.num is not None else fixes.get(form.lower())
        ordinal = w.ordinal if w.ordinal is not None else ord_fixes.get(form.lower())
        lemma, pos = CARD_NOUNS.get(form.lower(), (w.lemma, w.pos))
        out.append(Tok(len(out), form, form.lower(), lemma, pos, w.case, num, ordinal, a, b))
        j += 1
    if lang == "uk":
        for t in out:
            if t.ordinal is not None and t.num is None:
                nxt = [x for x in out[t.i + 1: t.i + 4] if x.pos == "NOUN"]
                p = nlp.word(nxt[0].text, lang).parse if nxt else None
                if p is not None and "plur" in str(p.tag):
                    t.num, t.ord_read = t.ordinal, True
    for t in out:
        t.feats = features(t)
        if t.num == 2 and t.i > 0 and (out[t.i - 1].num or 0) >= 20 and out[t.i - 1].num % 10 == 0:
            # «тридцать две карты» is a count, not a pair: the unit word of a compound number keeps
            # its number but not its word («две», «два», «дві»), which pair cues ask for
            t.feats = t.feats - {"L:" + t.lemma, "W:" + t.lower}
    return out


@lru_cache(maxsize=1)
def number_forms() -> dict[str, dict[str, int]]:
    """Number words pymorphy3 misreads, per language (``phrasings/numbers.toml``)."""
    return {lang: dict(forms) for lang, forms in _data("numbers.toml").items() if lang != "ordinals"}


@lru_cache(maxsize=1)
def ordinal_forms() -> dict[str, dict[str, int]]:
    """Ordinal forms pymorphy3's best parse reads as nouns (uk «у першому», «у другому»), per language:
    the ``[ordinals.LANG]`` tables of ``phrasings/numbers.toml``."""
    return {lang: dict(forms) for lang, forms in _data("numbers.toml").get("ordinals", {}).items()}


# --------------------------------------------------------------------------------------------
# Sections of a manual
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def section_words() -> dict[str, str]:
    """Heading or row label (lower case, spaces normalised) → section kind (``phrasings/sections.toml``)."""
    out = {}
    for kind, row in _data("sections.toml").items():
        for w in row["labels"]:
            out[" ".join(w.lower().split())] = kind
    return out


_LABEL = re.compile(r"^\s*([^\t]{1,40}?)\s*\t")


def _section_of_line(line: str) -> tuple[str | None, bool]:
    """(section kind, whether the whole line is a heading) of one raw line, or (None, False)."""
    words = section_words()
    m = _LABEL.match(line)
    if m:
        return words.get(" ".join(m.group(1).lower().split())), False
    s = " ".join(line.strip().strip("#*_ ").rstrip(":.").lower().split())   # «## Правила», «**Цель игры**»
    if s in words and len(s) < 40:
        return words[s], True
    if line.lstrip().startswith("#") or (nlp.is_heading_line(line) and len(line.split()) <= 6):
        return None, True       # a heading of no known kind (a game's title): the sections before end
    return None, False


def sentences(mt: MappedText, toks: list[Tok], lang: str) -> list[Sent]:
    """The sentences of ``mt`` over ``toks``, each with its section kind and its cues."""
    text = mt.text
    starts = [t.idx for t in toks]
    spans = _join_answers(text, _join_broken(text, nlp.sentences(text, lang)))
    # the section each line opens (a heading) or is (a «Label<TAB>» row)
    line_kind: list[tuple[int, str | None, bool]] = []
    pos = 0
    for line in text.split("\n"):
        kind, heading = _section_of_line(line)
        line_kind.append((pos, kind, heading))
        pos += len(line) + 1
    out: list[Sent] = []
    import bisect

    current: str | None = None
    li = 0
    for a, b in spans:
        while li + 1 < len(line_kind) and line_kind[li + 1][0] <= a:
            li += 1
            if line_kind[li][2]:
                current = line_kind[li][1]
        if li == 0 and line_kind[0][2]:
            current = line_kind[0][1]
        row_kind = line_kind[li][1] if not line_kind[li][2] else None
        s = bisect.bisect_left(starts, a)
        e = bisect.bisect_left(starts, b)
        if e <= s:
            continue
        c0, c1 = toks[s].idx, toks[e - 1].end
        quote = " ".join(text[c0:c1].split())
        kind = row_kind if row_kind is not None else current
        label = None
        m = _LABEL.match(text[line_kind[li][0]:])
        if m and row_kind is not None and line_kind[li][0] <= a < line_kind[li][0] + m.end():
            label = m.group(1)
        is_heading = bool(line_kind[li][2]) and " ".join(quote.strip("#*_ ").rstrip(":.").lower().split()) in section_words()
        out.append(Sent(len(out), s, e, quote, mt.lines_of(c0, c1), kind, label, is_heading))
    stops = [0] * len(toks)
    for sent in out:
        for i in range(sent.start, sent.end):
            stops[i] = sent.end
    found = find([t.feats for t in toks], stops)
    terms = _dealt_pile_terms(out, toks, found)
    if terms:
        for t in toks:
            if t.lemma in terms:
                t.feats = t.feats | {"C:PILE", "C:STACK"}
        found = find([t.feats for t in toks], stops)
    for label, spans_ in found.items():
        for s, e in spans_:
            k = _sent_index(out, s)
            if k is not None:
                out[k].cues.setdefault(label, []).append((s, e))
    _quoted_foundation_terms(out, toks)
    return out


_KNOWN_NOUN_CLASSES = frozenset({"C:CARD", "C:PILE", "C:STACK", "C:COLUMN", "C:ROW", "C:KOLODA", "C:STOCK", "C:RESERVE",
                                 "C:CELL", "C:WASTE_PILE", "C:F_WORD", "C:RANK", "C:JOKER", "C:SUIT", "C:LAYOUT",
                                 "C:TIMES_NOUN", "C:GROUP", "C:SERIES", "C:COLOUR", "C:FACE", "C:BACK"})


_NOT_PILE_NOUNS = frozenset({
    "квадрат", "прямоугольник", "треугольник", "круг", "крест", "ромб", "звезда", "фигура", "линия", "пирамида", "подкова",
    "кольцо", "трикутник", "коло", "хрест", "зірка", "фігура", "лінія", "піраміда", "підкова", "кільце", "прямокутник",
    "минута", "секунда", "час", "день", "хвилина", "година", "раз", "ход", "хід", "шаг", "крок", "очко", "штука", "игрок",
    "гравець", "человек", "людина", "процент", "відсоток", "способ", "спосіб", "вариант", "варіант", "сторона", "бік"})
"""Nouns after a number in a deal sentence that are shapes, times, steps or people, never a text's pile word («четырьмя
квадратами по двенадцать карт» is a figure of single places)."""


def _dealt_pile_terms(sents: list[Sent], toks: list[Tok], found: dict) -> set[str]:
    """Nouns a text deals its tableau into under a name of its own: «розклала їх на столі вісьмома доріжками»,
    «сдают карты в семь грядок» — a noun no word class knows, in the instrumental or genitive right after a
    number (its adjectives between), in a sentence with a deal verb and a card or pack word. Such a noun is that
    text's pile word in every sentence (lemmas returned); a second pass of the cue finder reads it as one."""
    deal = {_sent_index(sents, s) for s, _e in found.get("DEAL_VERB", [])}
    terms: set[str] = set()
    for k in deal:
        if k is None:
            continue
        sent = sents[k]
        words = toks[sent.start:sent.end]
        if not any("C:CARD" in t.feats or "C:KOLODA" in t.feats or t.lemma in ("они", "вони") for t in words):
            continue
        for j, t in enumerate(words):
            if t.num is None or t.num < 2 or t.num > 30:
                continue
            n = j + 1
            while n < len(words) and words[n].pos == "ADJ":
                n += 1
            if n >= len(words):
                continue
            noun = words[n]
            if noun.pos != "NOUN" or noun.case not in ("ablt", "gent") or len(noun.lemma) < 4 or noun.feats & _KNOWN_NOUN_CLASSES \
                    or noun.lemma in _NOT_PILE_NOUNS:
                continue
            if any(x.feats & _KNOWN_NOUN_CLASSES for x in words[j + 1:n]):
                continue
            terms.add(noun.lemma)
    return terms


def _quoted_foundation_terms(sents: list[Sent], toks: list[Tok]) -> None:
    """A pile word the text names in quotes as its foundations («переложите их в так называемые
    "колонны"»: an F_ANCHOR span «QUOTE_MARK колонна») is that text's foundation word in every
    sentence, quoted or not («на верхнюю карту колонны той же масти»): its tokens become F_ANCHOR
    spans and stop being T_ANCHOR ones. Elsewhere «колонна» is a tableau pile, as most authors use it."""
    terms = {toks[e - 1].lemma for sent in sents for a, e in sent.spans("F_ANCHOR")
             if e - a == 2 and "C:QUOTE_MARK" in toks[a].feats}
    if not terms:
        return
    for sent in sents:
        f = sent.cues.get("F_ANCHOR", [])
        extra = [(i, i + 1) for i in range(sent.start, sent.end)
                 if toks[i].lemma in terms and not any(a <= i < e for a, e in f)]
        if extra:
            sent.cues["F_ANCHOR"] = sorted(f + extra)
        if sent.cues.get("T_ANCHOR"):
            sent.cues["T_ANCHOR"] = [(a, e) for a, e in sent.cues["T_ANCHOR"]
                                     if not all(toks[j].lemma in terms for j in range(a, e))]


_ITEM = re.compile(r"\s*(?:\d{1,2}(?::\d\d)+\s*[—–-]|\d{1,2}[.)]\s)")
"""A line opening a list item: a timecode («00:35 — раскладка …») or a number («2. », «3) »)."""


def _join_broken(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Re-join a sentence that a line break cut before a number, a card or a bracket («… составляет\n13
    (дамы …», «♥10,\n♠3, ♠7»): the piece before ends in no sentence punctuation and is no heading.
    Lines of a list whose items open alike (timecodes «00:35 — …», «2. …» after «1. …») stay apart."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out:
            pa, pb = out[-1]
            prev = text[pa:pb].rstrip()
            last_line = prev.rsplit("\n", 1)[-1]
            nxt = text[a:a + 1]
            if "\n" in text[pb:a] and (nxt.isdigit() or nxt in "♠♥♦♣(") and prev and prev[-1] not in ".!?…:;" \
                    and "\t" not in last_line and not nlp.is_heading_line(last_line) \
                    and not (_ITEM.match(last_line) and _ITEM.match(text[a:])):
                out[-1] = (pa, b)
                continue
        out.append((a, b))
    return out


_ANSWER = re.compile(r"(?:правильн\w*\s+)?(?:ответ|відповідь|отв\.|відп\.)\s*[:—–-]", re.IGNORECASE)
"""An answer's label («Ответ:», «Відповідь:», «Правильна відповідь:»; the move reader's ANSWER_LABELS)."""


def _join_answers(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A question and the answer right after it are one sentence of rules: «Чим можна заповнити порожній
    стовпчик? Правильна відповідь: будь-якою картою.», «Питання: А порожній стовпчик? / Відповідь: Його може
    зайняти лише король» — the answer says what the question's words are about."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out and text[out[-1][0]:out[-1][1]].rstrip().endswith("?") and _ANSWER.match(text, a):
            out[-1] = (out[-1][0], b)
            continue
        out.append((a, b))
    return out


def _sent_index(sents: list[Sent], i: int) -> int | None:
    lo, hi = 0, len(sents)
    while lo < hi:
        mid = (lo + hi) // 2
        if sents[mid].end <= i:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < len(sents) and sents[lo].start <= i < sents[lo].end else None
