"""Cut the articles (sources 000–003) into games, variants, sections, aliases and examples.

Input is a :class:`~pasyans.corpus.Source` whose manifest ``segmenter`` is ``"headings"``; output
is one :class:`~pasyans.models.GameText` per game or variant, in text order, keyed ``"<id>-1"``,
``"<id>-2"``… (a fragment of a game that began before the file gets a key too), each with the
cleaned text as a :class:`~pasyans.extract.text.MappedText` so that later stages map any span
back to raw lines. A pre-1918 source is modernized (:mod:`pasyans.extract.orthography`).

How a text is cut (every rule reads the typography or the wording, never a line number or a name):

* **Titles.** A *heading* is a short line without a verb (pymorphy3) that ends without punctuation
  («Персидский пасьянс», «Пасьянс "Ручеек"»), or a line in capitals («ЧЕТЫРЕ УГЛА.»). A name in
  quotes is the game's name. The first line is the *document title* instead when it speaks of
  patiences in the plural or counts them («Пасьянсы», «Двадцать четыре … пасьянса»). A heading
  in the plural («Джокер-пасьянсы») heads a *group*: its games take the singular as name.
  A capitalised line right under a capitals heading is its subtitle («ДВЕ ПОЛНЫХ КОЛОДЫ КАРТ.»).
  A short sentence-case line ending in a full stop is a *section label* when it repeats in the
  source or is a label word («Правила.», «Игра.»), else an *after-title* («Салическій законъ.»):
  it repeats the current heading, or names the untitled game it ends (the book prints some
  titles under the text).
* **Before the first heading**: an after-title makes it a game; talk of patiences in the plural
  (or a document title before it) makes it the article's introduction (kept as a
  ``not-a-game`` :class:`Finding`); anything else is the tail of a game the file does not hold
  (``fragment=True``).
* **Lettered variants** («Варіація Б - Паганіні.» at the start of a line) and **numbered rules**
  («Правило 5. …», «Правила 2, 3, 4 і 7.», «Правило 7 (вар. Б).», read with a lark grammar):
  a variant runs until the next lettered heading, but once it is *closed* — by a list of rules
  («Правила 2, 3, 4 і 7.»), by a single reference after a rule of its own («Правило 7 (вар. Б).»),
  or by a closing remark that gives its other names — the next rule line opens an unnamed
  variant (``name=None``, ``printed_name`` «Варіація (правила 10, 2, 3, 4, 7)»). The family's
  parent is the variant the introduction calls the main game («основного пасьянсу Паганіні»).
  ``rules_used`` follows the text: «такі ж, як і для варіації А» copies А's list, «правило 2
  виключається, замість нього діє правило 5» replaces, «замість правила 6 можна застосувати
  правило 7» gives ``"6|7"``, «Правило 7 - … до двох разів» gives ``"7x2"``, and a new deal rule
  («… по 13 карт …») replaces the inherited deal rule.
* **Variants and sister games inside a section**: a paragraph opening «В другом варианте / В
  другой версии этого пасьянса» starts a variant of the section's game; «А вот еще один
  джокер-пасьянс» starts a sister game of the group.
* **Aliases**: a sentence «Называется также …», «Другое название — …», «известен также под
  названием …», «відомий також під назвами …»; every quoted name after the cue is an alias.
* **Examples** open at a printed layout table, at the noun «пример/приклад» (not «пример
  джокер-пасьянса», an instance of a kind), at «в ситуации» (a figure's position), at moves
  («ходы», move notation «Б53 - Б47»), or at «например/наприклад» when the sentence names
  cards in notation, a numbered row, or ends in a colon before a display. The example then
  takes in: a paragraph continuing a display it left open («… имеет вид» / «…такова:», then
  «(здесь …», «то …», «Здесь …»); paragraphs that refer back to it («в нашем примере», «этот
  пример», «начальная раскладка … такова», moves); and the paragraph right after it when that
  names two or more cards in words. An example's ``text`` leaves out the layout table (see
  ``layout_lines``); its ``lines`` span everything it takes in.

Words are matched on pymorphy3 lemmas through a spaCy blank pipeline and its ``Matcher``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError
from spacy.matcher import Matcher

from pasyans import morph
from pasyans.corpus import Source
from pasyans.models import Alias, Example, Finding, GameText, Section

from .nlp import doc as shared_doc, pipeline
from .orthography import modernize, modernize_mapped
from .text import MappedText

# --------------------------------------------------------------------------------------------
# Words and patterns
# --------------------------------------------------------------------------------------------

_TERMINAL = ".!?…"
_CLOSERS = "»\"“”)’'"
_QUOTE_RE = re.compile(r"«([^»]+)»|\"([^\"]+)\"|„([^“”]+)[“”]|“([^”]+)”")
_CAPTION_RE = re.compile(r"^(?:рис|рисунок|мал|малюнок|табл|таблица)\.?\s*\d+\s*\.?$", re.I)
_FIG_REF_RE = re.compile(r"\b(?:рис|мал)\.\s*(\d+)", re.I)
_ROMAN_RE = re.compile(r"^([IVXLC]+)\.\s+\S")
_ARABIC_ITEM_RE = re.compile(r"^(\d{1,2})\)\s+\S")
_VARIANT_HEAD_RE = re.compile(
    r"^(?P<word>Варіація|Варіант|Вариация|Вариант)\s+(?P<letter>[А-ЯІЇЄҐ])\s*[-–—]\s*"
    r"(?P<name>[^.]+?)\s*\.(?:\s+(?P<rest>.*))?$")
_CODE_RE = re.compile(r"(?<![\w])[ПЧБТT4](?:10|[2-9АВДКЗб])(?:\d{1,2})?(?![а-яіїєґ])")
_MOVE_RE = re.compile(r"(?<![\w])[ПЧБТT4](?:10|[2-9АВДКЗб])\d{0,2}\s*-\s*(?:[ПЧБТT4]?(?:10|[2-9АВДКЗТ])|\")")
_TABLE_TOKEN_RE = re.compile(r"^(?:-|(?:[ПЧБТT4](?:10|[2-9АВДКЗСб]))+)$")
_RULE_NUMS_RE = re.compile(r"[Пп]равил\w*\s+(\d+(?:\s*(?:,|\sі\s|\sи\s|\sта\s|\sй\s)\s*\d+)*)")
_DEAL_RE = re.compile(r"\bпо\s+(\S+)\s+карт")
_TIMES_RE = re.compile(r"\bдо\s+(\S+)\s+раз")
_ABBREV = {"рис", "т", "д", "е", "п", "вар", "напр", "см", "ин", "ін", "др", "стр", "г", "гг", "тис", "№"}

_NUMERALS = {"один": 1, "два": 2, "три": 3, "чотири": 4, "четыре": 4, "п'ять": 5, "пять": 5}

_HEADING_BAD_POS = {"VERB", "INFN", "ADJS", "PRTS", "PRED", "GRND"}
_LABEL_LEMMAS = {"игра", "гра", "правило", "пример", "приклад", "примечание", "примітка"}
_RANK_LEMMAS = {
    "туз", "двойка", "тройка", "четверка", "пятерка", "шестерка", "семерка", "восьмерка",
    "девятка", "десятка", "валет", "дама", "король",
    "двійка", "трійка", "четвірка", "п'ятірка", "шістка", "сімка", "вісімка", "дев'ятка",
}
_SUIT_WORDS = {"червей", "бубен", "пик", "треф", "черв", "бубон", "піки", "треф"}
_SUIT_ADJ_LEMMAS = {"червовый", "бубновый", "пиковый", "трефовый", "червовий", "бубновий", "піковий", "трефовий"}
_DEMONSTRATIVES = {"этот", "это", "цей", "наш", "данный", "даний"}
_DISPLAY_END_LEMMAS = {"вид", "таковой", "такой", "так", "следующий", "такий", "наступний"}


def _nlp(lang: str):
    """The project's spaCy pipeline for ``lang`` (:func:`pasyans.extract.nlp.pipeline`)."""
    return pipeline(lang)


def _doc(text: str, lang: str):
    """The shared annotated Doc of ``text`` (:func:`pasyans.extract.nlp.doc`): read it, never set attributes."""
    return shared_doc(text, lang)


def _lemma_in(*lemmas: str) -> dict:
    return {"LEMMA": {"IN": list(lemmas)}}


@lru_cache(maxsize=2)
def _matcher(lang: str) -> Matcher:
    """The lemma patterns of this module, for ``lang`` (both languages' words are listed)."""
    m = Matcher(_nlp(lang).vocab)
    also = {"LOWER": {"IN": ["также", "тоже", "також"]}}
    m.add("ALIAS", [
        [_lemma_in("называться", "називатися", "зваться"), also],
        [_lemma_in("другой", "інший"), _lemma_in("название", "назва")],
        [_lemma_in("известный", "відомий"), also, {"LOWER": {"IN": ["под", "під"]}},
         _lemma_in("название", "назва")],
        [{"LOWER": {"IN": ["известен", "известна", "відомий", "відома"]}}, also],
    ])
    m.add("VARIANT", [[{"LOWER": {"IN": ["в", "у"]}}, _lemma_in("другой", "друг", "інший"),
                       _lemma_in("вариант", "версия", "варіант", "версія"),
                       _lemma_in("этот", "это", "цей"), _lemma_in("пасьянс")]])
    m.add("INSTANCE", [[{"LOWER": {"IN": ["а", "і", "и"]}, "OP": "?"}, {"LOWER": {"IN": ["вот", "ось"]}},
                        {"LOWER": {"IN": ["еще", "ещё", "ще"]}}, _lemma_in("один"),
                        {"IS_ALPHA": True, "OP": "?"}, {"ORTH": "-", "OP": "?"}, _lemma_in("пасьянс")]])
    m.add("MAIN_GAME", [[_lemma_in("основной", "основний"), _lemma_in("пасьянс"), {"IS_TITLE": True}]])
    m.add("EXAMPLE_NOUN", [[_lemma_in("пример", "приклад")]])
    m.add("FOR_EXAMPLE", [[{"LOWER": {"IN": ["например", "наприклад"]}}]])
    m.add("SITUATION", [[_lemma_in("ситуация", "ситуація")]])
    m.add("MOVES", [[{"LEMMA": {"IN": ["ход", "хід"]}}], [{"LOWER": {"IN": ["ходи", "ходів", "ходы"]}}]])
    m.add("LAYOUT_REF", [[_lemma_in("раскладка", "расклад", "розкладка", "расстановка", "розстановка")]])
    m.add("INHERIT", [[_lemma_in("такой", "такий"), {"LOWER": {"IN": ["ж", "же"]}}]])
    return m


def _matches(doc, lang: str) -> dict[str, list[tuple[int, int]]]:
    """Pattern name → token spans (start, end) of its matches in ``doc``."""
    out: dict[str, list[tuple[int, int]]] = {}
    for mid, s, e in _matcher(lang)(doc):
        out.setdefault(_nlp(lang).vocab.strings[mid], []).append((s, e))
    return out


# --------------------------------------------------------------------------------------------
# Numbered-rule lines («Правило 5. …», «Правила 2, 3, 4 і 7.», «Правило 7 (вар. Б).»)
# --------------------------------------------------------------------------------------------

_RULE_GRAMMAR = r"""
start: RULEWORD _SP nums variant? tail
nums: NUM (_SEP NUM)*
variant: _LPAR _VAR LETTER _RPAR
tail: DOTEND   -> refs
    | DOTTEXT  -> definition
    | DASHTEXT -> modifier
RULEWORD: /[Пп]равил[оаи]/
NUM: /\d+/
_SP: /\s+/
_SEP: /\s*,\s*/ | /\s+(і|и|й|та)\s+/
_LPAR: /\s*\(\s*/
_VAR: /вар\.?\s*/
LETTER: /[А-ЯІЇЄҐ]/
_RPAR: /\s*\)/
DOTEND: /\.\s*$/
DOTTEXT: /\.\s+\S.*/s
DASHTEXT: /\s*[-–—]\s*\S.*/s
"""


@lru_cache(maxsize=1)
def _rule_parser() -> Lark:
    return Lark(_RULE_GRAMMAR, parser="earley", lexer="dynamic")


@dataclass
class RuleLine:
    """A line that states or cites numbered rules.

    ``kind``: ``"definition"`` («Правило 5. Вилучають …»: one number and its text),
    ``"refs"`` (only numbers: «Правила 2, 3, 4 і 7.», «Правило 1 (вар. А).»), or
    ``"modifier"`` («Правило 7 - дозволяється використовувати до двох разів.»).
    """

    kind: str
    numbers: list[str]
    variant: str | None = None
    text: str = ""


def parse_rule_line(line: str) -> RuleLine | None:
    """Read a numbered-rule line with the lark grammar above; ``None`` if the line is not one."""
    s = line.strip()
    if not re.match(r"[Пп]равил[оаи]\s+\d", s):
        return None
    try:
        tree = _rule_parser().parse(s)
    except LarkError:
        return None
    nums: list[str] = []
    variant = None
    kind, text = "refs", ""
    for ch in tree.children:
        if isinstance(ch, Tree) and ch.data == "nums":
            nums = [str(t) for t in ch.children]
        elif isinstance(ch, Tree) and ch.data == "variant":
            variant = str(ch.children[0])
        elif isinstance(ch, Tree):
            kind = str(ch.data)
            tok = ch.children[0]
            text = str(tok).lstrip(" .-–—").strip() if isinstance(tok, Token) else ""
    if kind == "definition" and len(nums) != 1:
        return None
    return RuleLine(kind, nums, variant, text)


# --------------------------------------------------------------------------------------------
# Lines
# --------------------------------------------------------------------------------------------


@dataclass
class _Line:
    n: int
    raw: str
    text: str  # stripped, modern spelling
    kind: str = "prose"
    name: str | None = None
    printed: str | None = None
    rule: RuleLine | None = None
    label: str | None = None  # variant letter
    rest_offset: int = 0  # where the text after an inline heading starts (in the stripped raw line)

    @property
    def blank(self) -> bool:
        return not self.text


def _words(s: str) -> list[str]:
    return re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", s)


def _title_shape(s: str, lang: str) -> str | None:
    """``"caps"``, ``"plain"`` or ``"dotted"`` when ``s`` looks like a title line, else ``None``."""
    if not s or _CAPTION_RE.match(s) or len(s) > 80:
        return None
    words = _words(s)
    if not words or len(words) > 8:
        return None
    letters = [c for c in s if c.isalpha() and c not in "ђѣ"]
    if any(morph.parse(w, lang) is not None and morph.parse(w, lang).tag.POS in _HEADING_BAD_POS for w in words):
        return None
    if len(letters) >= 3 and all(c.isupper() for c in letters):
        return "caps" if s[-1] not in ",;:" else None
    if not (s[0].isupper() or s[0] in "«\"„“"):
        return None
    if s[-1] not in _TERMINAL + ",;:" + "-–—":
        return "plain"
    if s[-1] == "." and not s.endswith("..") and len(words) <= 4:
        return "dotted"
    return None


def _is_table_row(s: str) -> bool:
    """A printed layout row: a row number and mostly card codes or «-» for a space (000, lines 7–14)."""
    toks = s.split()
    if len(toks) < 6 or not toks[0].isdigit():
        return False
    cards = sum(bool(_TABLE_TOKEN_RE.match(t)) for t in toks[1:])
    return cards >= 0.7 * (len(toks) - 1)


def _plural_patience(s: str, lang: str) -> bool:
    """Whether ``s`` speaks of patiences in the plural («пасьянсы», «пасьянсів») or counts them."""
    for w in _words(s):
        p = morph.parse(w, lang)
        if p is None:
            continue
        if p.normal_form.endswith("пасьянс") and "plur" in p.tag.grammemes:
            return True
    return False


def _is_collection_title(s: str, lang: str) -> bool:
    """The first line as a document title: patiences in the plural, or a number word with «пасьянс»."""
    if _plural_patience(s, lang):
        return True
    ws = _words(s)
    has_num = any(morph.parse(w, lang).tag.POS == "NUMR" for w in ws)
    return has_num and any(morph.lemma(w, lang).endswith("пасьянс") for w in ws)


def _sentence_case(s: str) -> str:
    s = s.lower()
    return s[:1].upper() + s[1:]


def _singular(phrase: str, lang: str) -> str:
    """The phrase with its plural «…пасьянсы» word put in the nominative singular."""
    out = []
    for w in phrase.split():
        p = morph.parse(w.strip(".,"), lang)
        if p is not None and p.normal_form.endswith("пасьянс") and "plur" in p.tag.grammemes:
            inf = p.inflect({"sing", "nomn"})
            if inf is not None:
                w = inf.word[:1].upper() + inf.word[1:] if w[:1].isupper() else inf.word
        out.append(w)
    return " ".join(out)


def _classify(source: Source) -> list[_Line]:
    """One :class:`_Line` per raw line, with its kind (see the module doc for the kinds)."""
    lang = source.language
    pre = source.orthography == "pre-reform"
    lines = []
    for i, raw in enumerate(source.lines, 1):
        text = raw.strip()
        lines.append(_Line(i, raw, modernize(text) if pre else text))
    nonblank = [ln for ln in lines if not ln.blank]
    dotted_counts: dict[str, int] = {}
    for ln in nonblank:
        if _title_shape(ln.text, lang) == "dotted":
            dotted_counts[ln.text.lower()] = dotted_counts.get(ln.text.lower(), 0) + 1
    prev: _Line | None = None
    for ln in nonblank:
        s = ln.text
        rl = parse_rule_line(s)
        vm = _VARIANT_HEAD_RE.match(s)
        shape = _title_shape(s, lang)
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
        elif _CAPTION_RE.match(s):
            ln.kind = "caption"
        elif shape == "caps" and prev is not None and prev.kind in ("heading", "group-heading") \
                and prev.printed and prev.printed.isupper() and prev.n == _prev_nonblank(lines, ln.n):
            ln.kind = "subtitle"
        elif shape in ("caps", "plain"):
            ln.kind = "heading"
            raw_s = ln.raw.strip().rstrip(".")
            ln.printed = raw_s
            q = _QUOTE_RE.search(s)
            if q:
                ln.name = next(g for g in q.groups() if g)
            else:
                ln.name = _sentence_case(s.rstrip(".")) if shape == "caps" else s.rstrip(".")
            if _plural_patience(s, lang):
                ln.kind = "group-heading"
                ln.name = _singular(ln.name, lang)
        elif shape == "dotted":
            first = _words(s)[0]
            if dotted_counts.get(s.lower(), 0) > 1 or (len(_words(s)) == 1 and morph.lemma(first, lang) in _LABEL_LEMMAS):
                ln.kind = "label"
            else:
                ln.kind = "after-title"
                ln.printed = ln.raw.strip().rstrip(".")
                ln.name = s.rstrip(".")
        prev = ln
    if nonblank and nonblank[0].kind in ("heading", "group-heading") and _is_collection_title(nonblank[0].text, lang):
        nonblank[0].kind = "doc-title"
    return lines


def _prev_nonblank(lines: list[_Line], n: int) -> int | None:
    for k in range(n - 2, -1, -1):
        if not lines[k].blank:
            return lines[k].n
    return None


# --------------------------------------------------------------------------------------------
# Text helpers
# --------------------------------------------------------------------------------------------


def _line_mt(ln: _Line, pre: bool, start: int = 0) -> MappedText:
    """Line ``ln`` as cleaned (stripped; modernized if ``pre``) and mapped, from offset ``start`` of ``ln.text``."""
    raw = ln.raw
    lead = len(raw) - len(raw.lstrip())
    mt = MappedText.from_lines([raw], ln.n).slice(lead, lead + len(raw.strip()))
    if pre:
        mt = modernize_mapped(mt)
    assert mt.text == ln.text
    return mt.slice(start, len(mt.text))


def _sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of ``text``: a line break ends a sentence (a paragraph, or a title above it);
    so does . ! ? … (with closing quotes) before a capital, digit or quote.

    A full stop after an abbreviation («рис.», «вар.», «т. д.») or an initial («И. П.») does not end a sentence.
    """
    out: list[tuple[int, int]] = []
    off = 0
    for para in text.split("\n"):
        out.extend((off + a, off + b) for a, b in _para_sentences(para))
        off += len(para) + 1
    return out


def _para_sentences(text: str) -> list[tuple[int, int]]:
    spans = []
    start = 0
    for m in re.finditer(r"[.!?…]+[" + re.escape(_CLOSERS) + r"]*(?=\s+[«\"„(\dА-ЯЁІЇЄҐA-Z])", text):
        before = text[start:m.start()].split()
        last = before[-1].strip("(«\"") if before else ""
        if m.group().startswith(".") and (last.lower() in _ABBREV or (len(last) == 1 and last.isupper())):
            continue
        spans.append((start, m.end()))
        start = m.end()
        while start < len(text) and text[start].isspace():
            start += 1
    if start < len(text):
        spans.append((start, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


def _ends_open(s: str) -> bool:
    """Whether a paragraph ends before a display it announces: a colon, or no final punctuation."""
    s = s.rstrip()
    return bool(s) and (s.endswith(":") or s[-1] not in _TERMINAL + _CLOSERS + ";,")


def _announces_display(s: str, lang: str) -> bool:
    """A colon at the end, or an unpunctuated end on «вид», «такова», «так» (the display is missing)."""
    s = s.rstrip()
    if s.endswith(":"):
        return True
    ws = _words(s)
    return _ends_open(s) and bool(ws) and morph.lemma(ws[-1], lang) in _DISPLAY_END_LEMMAS


def _card_words(doc) -> int:
    """How many cards ``doc`` names in words: a rank word next to a suit word («даму червей», «червовой двойки»)."""
    n = 0
    toks = list(doc)
    for i, t in enumerate(toks):
        if t.lemma_ not in _RANK_LEMMAS:
            continue
        near = toks[max(i - 1, 0): i] + toks[i + 1: i + 2]
        if any(x.lemma_ in _SUIT_ADJ_LEMMAS or x.lower_ in _SUIT_WORDS for x in near):
            n += 1
    return n


def _kind_of(doc, end: int) -> bool:
    """Whether the noun «пример» ending at token ``end`` names an instance of a kind of patience
    («пример джокер-пасьянса», «два примера пасьянсов») rather than a worked example."""
    return any(t.lemma_.endswith("пасьянс") for t in doc[end:end + 3])


def _row_ordinal(doc, lang: str) -> bool:
    """«5-го ряду», «четвертого ряду»: a numbered row, i.e. a concrete position."""
    toks = list(doc)
    for i, t in enumerate(toks[1:], 1):
        prev = toks[i - 1]
        if t.lemma_ == "ряд" and prev.is_alpha and "Anum" in morph.parse(prev.text, lang).tag.grammemes:
            return True
    return bool(re.search(r"\d+-(?:го|й|м|му|ого)\s+ряд", doc.text))


# --------------------------------------------------------------------------------------------
# Parts (one game or variant each)
# --------------------------------------------------------------------------------------------


@dataclass
class _Part:
    lines: list[_Line]
    name: str | None
    printed: str | None = None
    kind: str = "game"  # game | lettered | combo | variant | fragment
    label: str | None = None
    parent: "_Part | None" = None
    after_title: _Line | None = None
    key: str = ""
    rules: list[str] = field(default_factory=list)
    closed: bool = False
    heading_line: _Line | None = None
    findings: list[Finding] = field(default_factory=list)

    @property
    def content(self) -> list[_Line]:
        return [ln for ln in self.lines if not ln.blank]


def _alias_sentence(doc, lang: str) -> bool:
    return bool(_matches(doc, lang).get("ALIAS"))


def _split_lettered(region: list[_Line], head: _Line, lang: str) -> list[_Part]:
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
            if ln is not head and _alias_sentence(_doc(ln.text, lang), lang):
                cur.closed = True
            continue
        if r.kind == "definition":
            has_def = True
        elif r.kind == "refs" and (has_def or len(r.numbers) >= 2):
            cur.closed = True
    return parts


def _split_section(region: list[_Line], head: _Line | None, lang: str) -> list[_Part]:
    """A headed section: its game, plus variants («В другом варианте этого пасьянса») and sister games."""
    name = head.name if head else None
    main = _Part([], name, head.printed if head else None, "game", heading_line=head)
    parts = [main]
    cur = main
    for ln in region:
        if not ln.blank and ln is not head and ln.kind == "prose":
            doc = _doc(ln.text, lang)
            ms = _matches(doc, lang)
            if any(s == 0 for s, _ in ms.get("VARIANT", [])):
                phrase = doc[: ms["VARIANT"][0][1]].text
                cur = _Part([], None, f"{main.name} ({phrase[:1].lower() + phrase[1:]})", "variant", parent=main)
                parts.append(cur)
            elif any(s == 0 for s, _ in ms.get("INSTANCE", [])):
                main = cur = _Part([], name, None, "game")
                parts.append(cur)
        cur.lines.append(ln)
    return parts


def _regions(lines: list[_Line], lang: str) -> tuple[list[_Part], list[Finding], str]:
    """Cut the classified lines into parts; also the source-level findings (title, introduction)."""
    src_findings: list[Finding] = []
    heads = [i for i, ln in enumerate(lines) if ln.kind in ("heading", "group-heading", "variant-heading")]
    first = heads[0] if heads else len(lines)
    pre = lines[:first]
    doc_title = next((ln for ln in pre if ln.kind == "doc-title"), None)
    pre_content = [ln for ln in pre if not ln.blank and ln is not doc_title]
    intro_text = ""
    parts: list[_Part] = []
    if doc_title is not None:
        src_findings.append(Finding("", (doc_title.n, doc_title.n), "not-a-game",
                                    f"document title, not a game: «{doc_title.text}»"))
    if pre_content:
        a, b = pre_content[0].n, pre_content[-1].n
        after = next((ln for ln in pre_content if ln.kind == "after-title"), None)
        body = [ln for ln in pre if ln.n >= a]
        if after is not None:
            p = _Part(body, after.name, after.printed, "game", after_title=after)
            p.findings.append(Finding("", (after.n, after.n), "title-after-text",
                                      f"no heading before the text; the title «{after.printed}» is printed "
                                      f"after it (line {after.n}) and is taken as the game's name"))
            parts.append(p)
        elif doc_title is not None or any(_plural_patience(ln.text, lang) for ln in pre_content):
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
        if head.kind == "variant-heading":
            parts.extend(_split_lettered(region, head, lang))
        else:
            parts.extend(_split_section(region, head, lang))
    return parts, src_findings, intro_text


# --------------------------------------------------------------------------------------------
# Rules used by lettered variants
# --------------------------------------------------------------------------------------------


def _covered(rules: list[str], n: str) -> int | None:
    """Index of the entry of ``rules`` that includes rule ``n`` («6|7» includes 6 and 7, «7x2» includes 7)."""
    for i, r in enumerate(rules):
        if n in re.sub(r"x\d+$", "", r).split("|"):
            return i
    return None


def _rule_numbers(s: str) -> list[str]:
    out = []
    for m in _RULE_NUMS_RE.finditer(s):
        out.extend(re.findall(r"\d+", m.group(1)))
    return out


def _numeral(w: str, lang: str) -> int | None:
    if w.isdigit():
        return int(w)
    return _NUMERALS.get(morph.lemma(w, lang))


def _is_deal_rule(text: str, lang: str) -> bool:
    """A rule that deals the layout: «… по 13 карт в кожному ряду», «по дев'ять карт»."""
    return any(_numeral(m.group(1), lang) is not None or morph.parse(m.group(1), lang).tag.POS == "NUMR"
               for m in _DEAL_RE.finditer(text))


def _apply_statement(rules: list[str], sent: str, doc, lang: str, by_label: dict[str, _Part],
                     previous: _Part | None) -> None:
    """Change ``rules`` by one prose sentence of a lettered variant (inherit / replace / alternative)."""
    nums = _rule_numbers(sent)
    low = sent.lower()
    if not nums and _matches(doc, lang).get("INHERIT") and re.search(r"\b(як|как)\s+[іи]\b", low):
        m = re.search(r"(?:варіаці\w*|вариаци\w*|вар\.)\s*([А-ЯІЇЄҐ])\b", sent)
        src = by_label.get(m.group(1)) if m else (previous if re.search(r"тільки що|только что", low) else None)
        if src is not None:
            for r in src.rules:
                if r not in rules:
                    rules.append(r)
        return
    if len(nums) == 2 and re.search(r"\b(замість|вместо)\b", low):
        a, b = nums
        i = _covered(rules, a)
        if re.search(r"виключа|исключа", low):
            if i is None:
                rules.append(b)
            else:
                rules[i] = b
        else:
            alt = f"{a}|{b}"
            if i is None:
                rules.append(alt)
            else:
                rules[i] = alt


def _rules_used(parts: list[_Part], deal_rules: set[str], lang: str) -> None:
    """Fill ``rules`` of lettered variants and combinations in place, in the order the text gives."""
    by_label: dict[str, _Part] = {}
    previous: _Part | None = None
    for p in parts:
        if p.kind not in ("lettered", "combo"):
            continue
        rules: list[str] = []
        for ln in p.content:
            r = ln.rule
            if r is None:
                text = ln.text[ln.rest_offset:] if ln is p.heading_line else ln.text
                doc = _doc(text, lang)
                for a, b in _sentences(text):
                    _apply_statement(rules, text[a:b], doc.char_span(a, b, alignment_mode="expand"), lang,
                                     by_label, previous)
                continue
            if r.kind == "definition":
                n = r.numbers[0]
                if _covered(rules, n) is not None:
                    continue
                deal_at = next((i for i, x in enumerate(rules) if x in deal_rules), None)
                if n in deal_rules and deal_at is not None:
                    rules[deal_at] = n
                else:
                    rules.append(n)
            elif r.kind == "refs":
                rules.extend(n for n in r.numbers if _covered(rules, n) is None)
            else:  # modifier
                m = _TIMES_RE.search(r.text)
                k = _numeral(m.group(1), lang) if m else None
                for n in r.numbers:
                    tag = f"{n}x{k}" if k else n
                    i = _covered(rules, n)
                    if i is None:
                        rules.append(tag)
                    else:
                        rules[i] = tag
        p.rules = rules
        if p.kind == "lettered":
            by_label[p.label] = p
            previous = p


# --------------------------------------------------------------------------------------------
# Examples
# --------------------------------------------------------------------------------------------


@dataclass
class _Ex:
    marker: str
    parts: list[MappedText] = field(default_factory=list)
    lines: set[int] = field(default_factory=set)
    layout: list[int] = field(default_factory=list)
    main: bool = True


def _examples(part: _Part, pre: bool, lang: str) -> list[_Ex]:
    """The worked examples of one part (see the module doc for the cues)."""
    exs: list[_Ex] = []
    main: _Ex | None = None
    last: _Ex | None = None  # example of the paragraph just before
    last_open = False
    for ln in part.content:
        if ln.kind == "table":
            if main is None or not main.layout or main.layout[-1] != ln.n - 1:
                main = _Ex("layout")
                exs.append(main)
            main.layout.append(ln.n)
            main.lines.add(ln.n)
            last, last_open = main, False
            continue
        if ln.kind != "prose" and not (ln.kind == "variant-heading" and ln.rest_offset < len(ln.text)):
            if ln.kind != "caption":
                last, last_open = None, False
            continue
        start = ln.rest_offset if ln.kind == "variant-heading" else 0
        text = ln.text[start:]
        doc = _doc(text, lang)
        ms = _matches(doc, lang)
        sents = _sentences(text)
        target: _Ex | None = None
        at = 0
        # 1. a paragraph continuing a display the previous example paragraph left open
        first_word = (_words(text) or [""])[0]
        if last is not None and last_open and (text[:1].islower() or text[:1] == "(" or
                                                morph.lemma(first_word, lang) in ("здесь", "тут")):
            target = last
        # 2. a paragraph referring back to the open main example
        if target is None and main is not None:
            ref = any(s > 0 and doc[s - 1].lemma_ in _DEMONSTRATIVES and not _kind_of(doc, e)
                      for s, e in ms.get("EXAMPLE_NOUN", []))
            moves = bool(ms.get("MOVES")) or len(_MOVE_RE.findall(text)) >= 2
            layout_ref = any(
                any(t.lemma_ in ("начальный", "початковий", "первісний", "привести", "приведений", "таковой")
                    for t in doc[max(s - 3, 0): e + 4])
                for s, e in ms.get("LAYOUT_REF", []))
            if ref or moves or layout_ref:
                target = main
        # 3. the paragraph right after an example naming two or more cards in words
        if target is None and last is not None and _card_words(doc) >= 2:
            target = last
        if target is None:
            found = None
            for a, b in sents:
                sdoc = doc.char_span(a, b, alignment_mode="expand")
                sm = _matches(sdoc, lang)
                noun = [(s, e) for s, e in sm.get("EXAMPLE_NOUN", []) if not _kind_of(sdoc, e)]
                if noun:
                    found = (a, sdoc[noun[0][0]].text, True)
                elif (sm.get("SITUATION") and (_FIG_REF_RE.search(sdoc.text) or any(
                        t.lemma_ in ("показать", "представить", "показаний", "представлений") for t in sdoc))) \
                        or sm.get("MOVES"):
                    s0, e0 = (sm.get("SITUATION") or sm["MOVES"])[0]
                    found = (a, sdoc[s0:e0].text, True)
                elif len(_MOVE_RE.findall(sdoc.text)) >= 2:
                    found = (a, "moves", True)
                elif sm.get("FOR_EXAMPLE") and (_CODE_RE.search(sdoc.text) or _row_ordinal(sdoc, lang) or
                                                 sdoc.text.rstrip().endswith(":")):
                    found = (a, sdoc[sm["FOR_EXAMPLE"][0][0]].text, False)
                if found:
                    break
            if found:
                at, marker, is_main = found
                target = _Ex(marker, main=is_main)
                exs.append(target)
                if is_main:
                    main = target
        if target is None:
            last, last_open = None, False
            continue
        target.parts.append(_line_mt(ln, pre, start + at))
        target.lines.add(ln.n)
        last, last_open = target, _announces_display(text, lang)
    return exs


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


def _sections(part: _Part, exs: list[_Ex], lang: str) -> list[Section]:
    out: list[Section] = []
    content = part.content
    for k, ln in enumerate(content):
        if ln.kind == "rule" and ln.rule.kind == "definition":
            a = b = ln.n
            if k > 0 and content[k - 1].kind == "prose" and ln.rule.numbers[0] in _rule_numbers(content[k - 1].text) \
                    and content[k - 1] is not part.heading_line:
                a = content[k - 1].n
            for nxt in content[k + 1:]:
                head = _words(nxt.text)[:3]
                illustr = nxt.kind == "prose" and any(
                    morph.lemma(w, lang) in ("приклад", "пример", "наприклад", "например") for w in head)
                if not illustr or len(_MOVE_RE.findall(nxt.text)) >= 2:
                    break
                b = nxt.n
            out.append(Section("numbered-rule", (a, b), ln.rule.numbers[0]))
        elif ln.kind == "prose" and (_ROMAN_RE.match(ln.text) or _ARABIC_ITEM_RE.match(ln.text)):
            m = _ROMAN_RE.match(ln.text) or _ARABIC_ITEM_RE.match(ln.text)
            out.append(Section("numbered-rule", (ln.n, ln.n), m.group(1)))
        elif ln.kind == "subtitle":
            out.append(Section("intro", (ln.n, ln.n), ln.text.rstrip(".")))
        elif ln.kind == "label":
            end = ln.n
            for nxt in content[k + 1:]:
                if nxt.kind in ("label", "after-title", "heading", "group-heading"):
                    break
                end = nxt.n
            out.append(Section("rules", (ln.n, end), ln.text.rstrip(".")))
    for ex in exs:
        out.append(Section("example", (min(ex.lines), max(ex.lines)), ex.marker))
    out.sort(key=lambda s: (s.lines, s.kind))
    return out


def _aliases(part: _Part, mt: MappedText, lang: str) -> list[Alias]:
    out: list[Alias] = []
    doc = _doc(mt.text, lang)
    for a, b in _sentences(mt.text):
        sdoc = doc.char_span(a, b, alignment_mode="expand")
        cues = _matches(sdoc, lang).get("ALIAS")
        if not cues:
            continue
        cue_end = sdoc[cues[0][1] - 1].idx + len(sdoc[cues[0][1] - 1].text)
        for q in _QUOTE_RE.finditer(mt.text, cue_end, b):
            name = next(g for g in q.groups() if g).strip()
            out.append(Alias(name, lang, mt.lines_of(q.start(), q.end()), "alias", mt.text[a:b].strip()))
    return out


def _findings(source: Source, part: _Part, key: str, lines: list[_Line], lang: str) -> list[Finding]:
    out = []
    content = part.content
    by_n = {ln.n: ln for ln in lines}
    for ln in content:
        span = (ln.n, ln.n)
        if ln.kind == "caption":
            out.append(Finding(source.id, span, "missing-figure",
                               f"figure caption «{ln.text}»: the figure is not in the text", game=key))
        if "\ufffd" in ln.raw:
            out.append(Finding(source.id, span, "truncated-line",
                               "the line is cut off (ends in a replacement character); the rest of it is lost",
                               game=key))
        elif ln.kind == "prose" and _ends_open(ln.text):
            nxt = by_n.get(ln.n + 1)
            after = next((x for x in lines[ln.n:] if not x.blank), None)
            listed = after is not None and bool(_ROMAN_RE.match(after.text) or _ARABIC_ITEM_RE.match(after.text))
            if _announces_display(ln.text, lang) and (nxt is None or nxt.blank) and not listed:
                out.append(Finding(source.id, (ln.n, ln.n + 1 if nxt is not None else ln.n), "missing-display",
                                   "the sentence announces a row, layout or notation that is not in the text",
                                   game=key))
            elif not _announces_display(ln.text, lang):
                out.append(Finding(source.id, span, "truncated-line",
                                   "the paragraph stops mid-sentence", game=key))
    numbered = [ln for ln in content if _ROMAN_RE.match(ln.text)]
    if numbered and _ROMAN_RE.match(numbered[0].text).group(1) != "I":
        first = _ROMAN_RE.match(numbered[0].text).group(1)
        out.append(Finding(source.id, (numbered[0].n, numbered[0].n), "missing-rule",
                           f"the numbered rules begin at {first}: the rules before it are not in this source",
                           game=key))
    return out


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
    for f in src_findings:
        f.source = source.id

    # family parent: the lettered variant the introduction calls the main game
    lettered = [p for p in parts if p.kind == "lettered"]
    parent = None
    if lettered and intro:
        doc = _doc(intro, lang)
        for s, e in _matches(doc, lang).get("MAIN_GAME", []):
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
                  if ln.rule is not None and ln.rule.kind == "definition" and _is_deal_rule(ln.rule.text, lang)}
    _rules_used(parts, deal_rules, lang)

    for i, p in enumerate(parts, 1):
        p.key = f"{source.id}-{i}"
    out: list[SegmentedGame] = []
    for p in parts:
        content = p.content
        mts = []
        for ln in content:
            mts.append(_line_mt(ln, pre))
        mt = MappedText.concat(mts, "\n")
        exs = _examples(p, pre, lang)
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
        aliases = _aliases(p, mt, lang)
        title_line = p.after_title or p.heading_line
        if pre and title_line is not None and p.printed and p.name and \
                p.printed.casefold().rstrip(".") != p.name.casefold().rstrip("."):
            aliases.insert(0, Alias(p.printed, lang, (title_line.n, title_line.n), "title-form", title_line.raw.strip()))
        findings = [Finding(source.id, f.lines, f.kind, f.message, f.token, p.key) for f in p.findings]
        findings += _findings(source, p, p.key, lines, lang)
        for ex, e in zip(examples, exs):
            for m in _FIG_REF_RE.finditer(ex.text):
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
