"""The moves of a worked example, read from its text: :func:`parse_moves`.

Reading, in order:

1. card shorthand and formal moves are cut out first (:func:`pasyans.extract.notation.scan`:
   grammar-checked, with offsets), word-form cards found by lemmas;
2. the rest is split into words and punctuation; a word glued to a function word by a lost
   space («помещаетсяна», «восьмерокина») is split when pymorphy3 does not know it but knows
   the parts; every word gets its pymorphy3 lemma;
3. a spaCy ``Matcher`` on those lemmas marks the cue words and phrases of :data:`CUES`
   (verbs of covering and placing, destinations «базовый ряд», «пробел», «резерв», pronouns,
   «если», «нельзя», «или» …);
4. sentences are cut into clauses (at «;», «:», «, а», «, и его», and between two cards only
   when both sides have a predicate: «♠6 покрывает ♦7, ♣В — ♥Д»), and each clause is matched
   against the phrase forms of the texts:

   * «X — Y», «X — на Y», «X — базовую / пробел», lists «♦3, ♦4, ♦5 — базовую» (one move each);
   * «X покрывает Y», «Y покрывается X», «его покрывают ♠2 и ♠3» (a chain, the first onto the
     pronoun's card), «ею можно покрыть Y», «покройте Y серией X1, X2» (a sequence);
   * «X помещается / кладем / переложим / выносится на Y | в базовый ряд | в пробел | в резерв»,
     «поместите X на Y», «пробел заполняется X», «X заполняет пробел», «ее место занимает X»;
   * elliptic «а ♥2 на ♥Т», «даму червей на короля пик», «бубнового туза наверх»;
   * lists continuing a chain: «… в следующем порядке: ♠8, ♦9», «затем ♥9, ♠8 и ♠7»; a bare list
     before «а X — Y» («а также ♣7, ♣8, ♣9, ♣10, а ♣В — ♣6») goes onto Y one card on another;
   * «изъять / сбрасывается / удаляется» — a card leaves play: kind ``discard``, ``to`` None and the
     card it is paired with as ``to_card`` («♦10 сбрасывается с ♥10», «Пара из ♣7 и ♣6
     сбрасывается», «♦3 … вместе с ♣3, ♠Д, либо вместе с ♣Д, либо с ♦Д»); a card «изъята» and then
     played is a draw from the stock, not a discard;
   * cards carried along: «…, но вместе с ней идут ♠7, ♥6» adds them to the move before (a
     sequence); «это сочетание карт покроет ♣5»: the cards named together before;
   * a place beside a card, not on it: «справа от ♦10» / «слева от ♦6» (flags ``right_of`` /
     ``left_of``), «над ♦Т» (flag ``above``, a base laid in the foundation row);
   * «X можно покрыть Y»: X onto Y, as the book uses it («♠2 можно покрыть ♠Т или ♣Т»), but
     «следует ♠6 покрыть ♠5 вместе с …»: the cards carried go onto the first card;
   * the formal moves of 000 («Б53 - Б47», numbered «1. …») and 003 («Б8-7», «Т2-Т»).

   «резервная стопка» is the waste (the book's word for it, as its rules read it), unless the
   example speaks of several reserve piles («в другую резервную стопку»: «Расчет»).

   Not moves: an aside in parentheses (its cards are mentions), and a bare past participle
   describing the position shown («піковий туз (ПА) покладено в початок 6-го ряду», «Тузы
   вынесены»); «может быть помещена», «должна быть помещена» are moves.

5. a last pass per example: a card put onto an ace, or onto a card already put on a
   foundation in this example, goes to the foundation (``to="foundation"``, ``to_card`` kept);
   a move that repeats the last move of the same card is flagged ``restated``.

Pronoun antecedents, always agreeing in gender (туз, король, валет are masculine; in the
shorthand every card is also «карта», feminine): a relative pronoun («которая») is the last card
named; a personal pronoun («его», «ее», «ею») is the subject of the last clause with a predicate
(a card, or an unnamed «карта»: then the move has no cards), else the card moved just before,
else the last card named. A clause that opens with its predicate («и покрывается ♥2», «или на
десятку пик») takes the subject of the clause before it in the same sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from pasyans import morph
from pasyans.cards import Card
from pasyans.models import Finding, Move

from .notation import LETTERS, NOTATIONS, CardToken, FormalMove, NotationError, parse_card, scan
from .text import MappedText

# ---------------------------------------------------------------------------------------------
# the cue lexicon (spaCy Matcher patterns over pymorphy3 lemmas)
# ---------------------------------------------------------------------------------------------

CUES: dict[str, list[list[dict]]] = {
    "COVER": [[{"LEMMA": {"IN": ["покрывать", "покрыть", "покривати", "покрити"]}}]],
    "COVER_PASS": [[{"LEMMA": {"IN": ["покрываться", "покрыться", "покриватися", "покритися"]}}]],
    "PLACE": [[{"LEMMA": {"IN": [
        "поместить", "помещать", "помещаться", "поместиться", "класть", "положить", "переложить",
        "перекладывать", "перекладываться", "переместить", "перемещать", "перемещаться",
        "переместиться", "вынести", "выносить", "выноситься", "идти", "располагаться",
        "расположить", "перенести", "переносить", "передвинуть", "передвигать", "передвигаться",
        "сдвинуть", "сдвигать", "сдвигаться", "спускаться", "поставить", "ставить", "уложить",
        "укладывать", "укладка", "перекласти", "покласти", "класти", "перекладати",
        "переносити", "ставити"]}}],
        [{"LOWER": {"IN": ["кладуть", "покладено", "перекласти", "покласти", "кладется", "кладутся"]}}],
        [{"LOWER": "положим"}, {"ORTH": {"NOT_IN": [","]}}]],
    "FOLLOW": [[{"LOWER": "за"}, {"LOWER": {"IN": ["которой", "которым", "ней", "ним", "нею"]}},
                {"LEMMA": "следовать"}]],
    "FILL": [[{"LEMMA": {"IN": ["заполнять", "заполнить", "заполняться", "заполниться", "замещать",
                                "замещаться", "заместить", "заповнювати", "заповнити"]}}],
             [{"LEMMA": {"IN": ["занимать", "занять"]}}, {"LEMMA": {"IN": ["место", "місце"]}}],
             [{"LEMMA": {"IN": ["место", "місце"]}}, {"OP": "?"}, {"LEMMA": {"IN": ["занимать", "занять"]}}]],
    "REMOVE": [[{"LEMMA": {"IN": ["изъять", "изымать", "изыматься", "убрать", "убирать", "сбрасывать",
                                  "сбрасываться", "сбросить", "удалять", "удаляться", "удалить",
                                  "отложить", "откладывать"]}}]],
    "NEXT_CARD": [[{"LEMMA": "следующий"}, {"LEMMA": {"IN": ["карта", "добавлять", "добавляемый"]}}],
                  [{"LEMMA": "следующий"}, {"LEMMA": {"IN": ["добавлять", "добавляемый"]}}, {"LEMMA": "карта"}]],
    "COND": [[{"LOWER": {"IN": ["если", "бы", "якщо", "допустим", "предположим", "коли"]}}],
             [{"LOWER": "положим"}, {"ORTH": ","}],
             [{"LEMMA": "мочь"}, {"LOWER": "быть"}]],
    "PROHIB": [[{"LOWER": {"IN": ["нельзя"]}}],
               [{"LOWER": {"IN": ["не"]}}, {"LEMMA": {"IN": ["мочь", "можно", "разрешаться", "допускаться", "могти",
                                                              "можна"]}}],
               [{"LEMMA": "мочь"}, {"LOWER": "не"}]],
    "ALT": [[{"LOWER": {"IN": ["или", "либо", "або", "чи"]}}]],
    "IMPERS": [[{"LOWER": {"IN": ["можно", "нельзя", "можна", "следует", "нужно", "надо", "необходимо", "слід", "треба"]}}]],
    "SERIES": [[{"LEMMA": {"IN": ["серия", "серія", "стопка"]}}]],
    "NEXT": [[{"LOWER": {"IN": ["затем", "далее", "потом", "потім", "далі"]}}]],
    "ORDER": [[{"LEMMA": "следующий"}, {"LEMMA": "порядок"}]],
    "FOUNDATION": [[{"LEMMA": "базовый"}, {"LEMMA": "ряд"}], [{"LEMMA": "ряд"}, {"LOWER": "тузов"}],
                   [{"LEMMA": "базовый"}], [{"LOWER": "наверх"}], [{"LEMMA": "основание"}],
                   [{"LEMMA": "базовий"}]],
    "SPACE": [[{"LEMMA": "пробел"}],
              [{"LEMMA": {"IN": ["свободный", "пустой", "вакантный", "вільний", "порожній"]}},
               {"LEMMA": {"IN": ["место", "місце"]}}]],
    "PLACE_NOUN": [[{"LEMMA": {"IN": ["место", "місце"]}}]],
    "RESERVE": [[{"LEMMA": "резерв"}]],
    # the book calls the waste «резервная стопка» (the pile stock cards are turned onto), as its rules do
    "WASTE": [[{"LEMMA": {"IN": ["сброс", "отбой"]}}],
              [{"LEMMA": {"IN": ["резервный", "резервний"]}}, {"LEMMA": "стопка"}]],
    "CELL": [[{"LEMMA": "подвал"}]],
}
"""Cue words and phrases; the lemma is pymorphy3's best parse (``LOWER`` where it is unreliable)."""

_PERSONAL = {"его": "accs", "ее": "accs", "её": "accs", "их": "accs", "ею": "ablt", "ей": "datv",
             "им": "ablt", "ими": "ablt", "него": "gent", "нее": "gent", "неё": "gent", "ней": "loct",
             "них": "gent", "она": "nomn", "он": "nomn", "они": "nomn",
             "його": "accs", "її": "accs", "їх": "accs", "нього": "gent", "неї": "gent", "нею": "ablt",
             "ним": "ablt", "вона": "nomn", "він": "nomn", "вони": "nomn"}
_RELATIVE = {"которая", "которой", "который", "которую", "которые", "которым", "которого",
             "яка", "якої", "який", "яку", "які"}
_PLAY = {"сыграть", "зіграти"}
"""«сыграть ♦6»: a card is played, the text does not say where (see :data:`SHOWN_NOTE`)."""
_ON = {"на", "над"}
_INTO = {"в", "во", "у"}
_FROM = {"из", "с", "со", "от", "з", "із", "від", "под", "из-под"}
_LIST = {"и", "і", "й", "та", "или", "либо", "або", "чи"}
_ALT = {"или", "либо", "або", "чи"}
_WITH = {"с", "со", "з", "із"}
_STRONG = {"а", "но", "але"}
_PARENTHETICAL = {"однако", "впрочем", "например", "конечно", "скажем", "правда", "наприклад", "втім"}
_LEAD = {"то", "и", "а", "чтобы", "чтоб", "щоб", "затем", "далее", "потом", "тогда", "теперь", "потім", "далі"}
_ABBREV = {"т", "д", "рис", "см", "п", "вар", "им", "ст", "др", "тд", "пр"}
_FUNCTION = ["из", "от", "на", "по", "за", "до", "не", "но", "со", "во", "же", "и", "а", "в", "с", "к", "у", "о"]
_VERB_CUES = ("COVER", "COVER_PASS", "PLACE", "FILL", "REMOVE", "FOLLOW")
_PLACE_CUES = {"FOUNDATION": "foundation", "SPACE": "space", "RESERVE": "reserve", "WASTE": "waste", "CELL": "cell"}


@lru_cache(maxsize=2)
def _matcher(lang: str):
    from spacy.matcher import Matcher

    from .nlp import pipeline

    nlp = pipeline(lang)
    m = Matcher(nlp.vocab)
    for label, patterns in CUES.items():
        m.add(label, patterns)
    return nlp, m


# ---------------------------------------------------------------------------------------------
# records
# ---------------------------------------------------------------------------------------------

@dataclass
class MoveParse:
    """What :func:`parse_moves` read from one example.

    ``moves`` in text order; ``mentions``: cards named in the example that are in no move (in
    order of first mention, each once); ``findings``: card-like tokens not understood, sentences
    with a move verb and cards that gave no move, OCR readings taken; ``tokens``: every card token
    read (offsets into the parsed text).
    """

    moves: list[Move] = field(default_factory=list)
    mentions: list[Card] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    tokens: list[CardToken] = field(default_factory=list)


@dataclass
class _El:
    kind: str  # card | formal | word | num | punct | dash
    start: int
    end: int
    text: str
    lemma: str = ""
    tag: object = None
    tok: CardToken | None = None
    fm: FormalMove | None = None
    cues: set = field(default_factory=set)

    @property
    def low(self) -> str:
        return self.text.lower().replace("ё", "е")


@dataclass
class _Group:
    """Cards joined by commas, «и», «или», «с» inside a clause."""

    toks: list[CardToken]
    i: int  # index of the first element in the clause
    j: int  # index after the last element
    alt: bool = False
    with_: bool = False
    prep: str = ""
    series: bool = False
    rows: dict = field(default_factory=dict)  # id(token) → row it is taken from («Ч10 з 8-го ряду»)

    @property
    def cards(self) -> list[Card]:
        out = []
        for t in self.toks:
            out.extend([t.card] * t.count)
        return out


@dataclass
class _Proto:
    movers: list[CardToken]
    start: int
    end: int
    target: CardToken | None = None
    place: str | None = None
    kind: str | None = None
    flags: set = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    from_row: int | None = None
    to_row: int | None = None
    number: int | None = None
    notation: str | None = None
    card_list: list[Card] | None = None


SHOWN_NOTE = "shown before this move: "
"""Prefix of a :class:`~pasyans.models.Move` note listing cards a described position puts in a
place («♥А и ♠К вынесены … в базовый ряд») or plays without a place («сыграть ♦6»: ``played``), as
``"AH foundation, KS foundation, 6D played"`` — not moves,
but what the engine may take as shown (see :func:`shown_before`)."""


def shown_before(note: str | None) -> list[tuple[Card, str]]:
    """The ``(card, place)`` pairs of a move note written with :data:`SHOWN_NOTE` («AH foundation»);
    ``[]`` when the note has none. Raises nothing: a part that does not read is skipped."""
    out: list[tuple[Card, str]] = []
    for part in (note or "").split("; "):
        if not part.startswith(SHOWN_NOTE):
            continue
        for item in part[len(SHOWN_NOTE):].split(", "):
            code, _, place = item.partition(" ")
            try:
                out.append((Card.parse(code), place))
            except ValueError:
                continue
    return out


UNNAMED = CardToken(0, 0, "", Card(1, None), "words", "a card the text does not name")
"""Stands for a card the text moves without naming it («она помещается в пробел» after «Карта в
магазине …»); a move of it has no cards."""


@dataclass
class _Ctx:
    history: list = field(default_factory=list)  # CardToken or UNNAMED, in text order
    last_movers: list[CardToken] = field(default_factory=list)
    prev_moved: bool = False
    prev_named: list[CardToken] = field(default_factory=list)  # cards of the clause before
    subject: CardToken | None = None  # the card the last clause with a predicate was about
    subject_sentence: int = -1
    sentence: int = 0
    pending_target: CardToken | None = None
    pending_list: list = field(default_factory=list)  # cards of a bare list clause just before (no predicate)
    last_proto: _Proto | None = None
    prev_verb: str | None = None  # the move verb of the clause before, in the same sentence
    last_discard: tuple | None = None  # (cards, partners) of the last discard clause
    last_group: "_Group | None" = None  # the last group of several cards named together («♣4 вместе с ♦9 …»)


# ---------------------------------------------------------------------------------------------
# text → elements
# ---------------------------------------------------------------------------------------------

_GAP_RE = re.compile(rf"(?P<word>[{LETTERS}]+(?:['’ʼ][{LETTERS}]+)*(?:-[{LETTERS}]+)*)|(?P<num>\d+)"
                     r"|(?P<dash>\s[-–—]\s|[–—]|(?<=\s)-(?=\S)|(?<=\S)-(?=\s))|(?P<punct>[^\w\s])")


def _join_hyphenation(mt: MappedText) -> MappedText:
    """Join words broken at a raw line end («помеща- ется» / «помеща-\\nется»): the hyphen and the
    line break are dropped when the characters around them come from different raw lines."""
    text = mt.text
    for m in reversed(list(re.finditer(r"(?<=[^\W\d_])-[ \n]+(?=[^\W\d_])", text))):
        s, e = m.span()
        if mt.line[s] != mt.line[e]:
            mt = mt.edit(s, e, "")
    return mt


def _split_glued(word: str, lang: str) -> list[str] | None:
    """Split a word that lost its spaces into known words: «помещаетсяна» → помещается, на;
    «восьмерокина» → восьмерок, и, на; «изколодыпокрывают» → из, колоды, покрывают.

    Pieces are function words or words pymorphy3 knows; the split with the lowest cost wins (a
    function word or a known word of 5+ letters costs 1, a shorter known word 3), so short
    accidental words («кина») lose. ``None`` when no split exists.
    """
    low = word.lower()
    n = len(low)
    best: list[tuple[int, list[int]] | None] = [None] * (n + 1)
    best[0] = (0, [])
    for i in range(n):
        if best[i] is None:
            continue
        for j in range(i + 1, min(n, i + 20) + 1):
            piece = low[i:j]
            if piece in _FUNCTION:
                cost = 1
            elif len(piece) >= 3 and morph.is_known(piece, lang):
                cost = 1 if len(piece) >= 5 else 3
            else:
                continue
            cand = (best[i][0] + cost, best[i][1] + [j])
            if best[j] is None or cand[0] < best[j][0]:
                best[j] = cand
    if best[n] is None or len(best[n][1]) < 2 or len(best[n][1]) > 4:
        return None
    cuts = [0] + best[n][1]
    return [word[a:b] for a, b in zip(cuts, cuts[1:])]


def _elements(text: str, cards: list[CardToken], formals: list[FormalMove], lang: str) -> list[_El]:
    spans = sorted([(f.start, f.end, "formal", f) for f in formals]
                   + [(t.start, t.end, "card", t) for t in cards
                      if not any(f.start <= t.start < f.end for f in formals)],
                   key=lambda x: (x[0], -x[1]))
    els: list[_El] = []
    pos = 0

    def gap(a: int, b: int) -> None:
        for m in _GAP_RE.finditer(text, a, b):
            s, e = m.span()
            kind = m.lastgroup
            if kind == "word":
                w = m.group()
                pieces = None
                if len(w) >= 5 and not morph.is_known(w, lang) and "-" not in w:
                    pieces = _split_glued(w, lang)
                for p in pieces or [w]:
                    ps = text.index(p, s, e)
                    p_ = morph.parse(p, lang)
                    els.append(_El("word", ps, ps + len(p), p, morph.lemma(p, lang), p_.tag if p_ else None))
                    s = ps + len(p)
            elif kind == "dash":
                ds = s + (len(m.group()) - len(m.group().lstrip()))
                els.append(_El("dash", ds, ds + 1, text[ds]))
            else:
                els.append(_El(kind, s, e, m.group(), m.group().lower()))

    for s, e, kind, obj in spans:
        if s < pos:
            continue
        gap(pos, s)
        if kind == "formal":
            els.append(_El("formal", s, e, text[s:e], fm=obj))
        else:
            els.append(_El("card", s, e, text[s:e], tok=obj))
        pos = e
    gap(pos, len(text))
    _mark_cues(els, lang)
    return els


def _mark_cues(els: list[_El], lang: str) -> None:
    """Run the :data:`CUES` matcher over the elements (a card stands as the word «CARD») and put
    each match's label on every element it covers."""
    from spacy.tokens import Doc

    nlp, matcher = _matcher(lang)
    if not els:
        return
    words = [("CARD" if el.kind in ("card", "formal") else el.text) for el in els]
    doc = Doc(nlp.vocab, words=words)
    for t, el in zip(doc, els):
        t.lemma_ = el.lemma if el.kind == "word" else el.text.lower()
    for match_id, s, e in matcher(doc):
        for k in range(s, e):
            els[k].cues.add(nlp.vocab.strings[match_id])


# ---------------------------------------------------------------------------------------------
# sentences and clauses
# ---------------------------------------------------------------------------------------------

def _sentences(els: list[_El]) -> list[list[_El]]:
    """Cut at «.», «!», «?», «…» — not after an abbreviation («т. д.», «рис.») or a number («1.»)."""
    out, cur = [], []
    for i, el in enumerate(els):
        cur.append(el)
        if el.kind == "punct" and el.text in ".!?…":
            prev = els[i - 1] if i else None
            nxt = els[i + 1] if i + 1 < len(els) else None
            if prev is not None and prev.kind == "word" and prev.low in _ABBREV:
                if prev.low == "т" or nxt is None or not (nxt.text[:1].isupper() or nxt.kind in ("card", "formal")):
                    continue
            if prev is not None and prev.kind == "num":
                continue
            if nxt is not None and nxt.kind == "formal" and prev is not None and prev.kind == "card":
                continue  # «Ч7. П84 - П74»: a damaged move number
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def _has_pred(seg: list[_El]) -> bool:
    """Whether a stretch of a clause holds a predicate: a dash, a move verb, «на», «наверх»."""
    for el in seg:
        if el.kind == "dash" or el.cues & {"COVER", "COVER_PASS", "PLACE", "FILL", "REMOVE", "FOLLOW"}:
            return True
        if el.kind == "word" and (el.low in _ON or el.low == "наверх" or el.low in _SIDES):
            return True
    return False


def _segment_after(main: list[_El], i: int) -> list[_El]:
    seg = []
    for el in main[i:]:
        if el.kind == "punct" and el.text in ",;:().!?" or (el.kind == "word" and el.low in _STRONG):
            break
        seg.append(el)
    return seg


def _clauses(sent: list[_El]) -> list[tuple[list[_El], bool]]:
    """Clauses of a sentence, each with ``True`` when it stood in parentheses (read alone, after
    the others)."""
    main: list[_El] = []
    paren: list[list[_El]] = []
    depth = 0
    for el in sent:
        if el.kind == "punct" and el.text == "(":
            depth += 1
            paren.append([])
            continue
        if el.kind == "punct" and el.text == ")" and depth:
            depth -= 1
            continue
        (paren[-1] if depth else main).append(el)
    out: list[tuple[list[_El], bool]] = []
    cur: list[_El] = []

    def close():
        nonlocal cur
        if cur:
            out.append((cur, False))
        cur = []

    for i, el in enumerate(main):
        prev = main[i - 1] if i else None
        nxt = main[i + 1] if i + 1 < len(main) else None
        nxt2 = main[i + 2] if i + 2 < len(main) else None
        if el.kind == "formal":
            close()
            out.append(([el], False))
            continue
        if el.kind == "punct" and el.text in ";:«»\"":
            close()
            continue
        if el.kind == "punct" and el.text in ".!?…":
            continue
        if el.kind == "punct" and el.text == ",":
            between_cards = prev is not None and prev.kind == "card" and nxt is not None and (
                nxt.kind == "card" or (nxt.kind == "word" and nxt.low in _LIST and nxt2 is not None and nxt2.kind == "card"))
            if between_cards and not (_has_pred(cur) and _has_pred(_segment_after(main, i + 1))):
                cur.append(el)  # a list: «♦3, ♦4, ♦5 — базовую», «серией ♥6, ♥5, ♥4»
            elif nxt is not None and nxt.kind == "word" and nxt.low in ("справа", "слева", "праворуч", "ліворуч"):
                cur.append(el)
            elif not _has_pred(cur) and (not any(e.kind == "card" for e in cur) or (
                    nxt is not None and nxt.kind == "word" and nxt.low in _PARENTHETICAL)
                    or (cur[-1].kind == "word" and cur[-1].low in _PARENTHETICAL)):
                cur.append(el)  # nothing to split off yet: «ее, в свою очередь, покрывает …», «♥8, однако, может …»
            else:
                close()
            continue
        if el.kind == "word" and el.low in _STRONG:
            close()
            cur.append(el)
            continue
        if el.kind == "word" and el.low in _LIST:
            if prev is not None and prev.kind == "card" and nxt is not None and nxt.kind == "card":
                if _has_pred(cur) and _has_pred(_segment_after(main, i + 1)):
                    close()  # «♣3 — ♣2 и ♣4 — ♣3»
                cur.append(el)
            elif prev is not None and prev.kind == "punct" and nxt is not None and nxt.kind == "card":
                cur.append(el)
            elif nxt is not None and nxt.kind != "card" and _has_pred(cur):
                close()  # «…, и его покрывают», «… и переместите …»
                cur.append(el)
            else:
                cur.append(el)
            continue
        cur.append(el)
    close()
    out.extend((p, True) for p in paren if p)
    return out


# ---------------------------------------------------------------------------------------------
# clause → proto-moves
# ---------------------------------------------------------------------------------------------

def _groups(cl: list[_El]) -> list[_Group]:
    """Runs of cards joined by «,», «и», «или», «либо», «с», «вместе с»."""
    out: list[_Group] = []
    i = 0
    connectors = _LIST | _WITH | {"вместе", "разом"}
    while i < len(cl):
        if cl[i].kind != "card":
            i += 1
            continue
        g = _Group([cl[i].tok], i, i + 1)
        k = i - 1
        while k >= 0 and cl[k].kind == "word" and cl[k].low in ("вместе", "обе", "оба", "разом"):
            k -= 1
        if k >= 0 and cl[k].kind == "word":
            g.prep = cl[k].low
            if cl[k].low in _ALT:
                g.alt = True
                if k >= 1 and cl[k - 1].kind == "word" and cl[k - 1].low in (_ON | _INTO):
                    g.prep = cl[k - 1].low
            if "SERIES" in cl[k].cues or (cl[k].low == "из" and k >= 1 and "SERIES" in cl[k - 1].cues):
                g.series = True
        elif k >= 0 and cl[k].kind == "dash":
            g.prep = "—"
        j = i + 1
        if g.prep in ("от", "від") and j + 1 < len(cl) and cl[j].kind == "word" and cl[j].low == "до" \
                and cl[j + 1].kind == "card":
            # «серия карт от ♦В до ♠6»: a range, moved as one
            g.toks.append(cl[j + 1].tok)
            g.series, g.prep = True, (cl[k - 1].low if k >= 1 and cl[k - 1].kind == "word" else "")
            g.j = j = j + 2
        while j < len(cl):
            if cl[j].kind == "card":
                g.toks.append(cl[j].tok)
                j += 1
                g.j = j
                continue
            row = _source_row(cl, j)
            if row is not None:  # «Ч10 з 8-го ряду або Ч10 з 2-го ряду»
                g.rows[id(g.toks[-1])] = row[0]
                j = row[1]
            k = j
            alt = with_ = False
            while k < len(cl) and (cl[k].kind == "punct" and cl[k].text == ","
                                   or cl[k].kind == "word" and cl[k].low in connectors):
                alt |= cl[k].kind == "word" and cl[k].low in _ALT
                with_ |= cl[k].kind == "word" and cl[k].low in _WITH
                k += 1
            if k > j and k < len(cl) and cl[k].kind == "card" and k - j <= 3:
                g.alt |= alt
                g.with_ |= with_
                j = k
                continue
            break
        out.append(g)
        i = g.j
    return out


_MASC = {"его", "него", "он", "ним", "його", "нього", "він"}
_FEMN = {"ее", "её", "нее", "неё", "ней", "она", "ею", "нею", "ей", "її", "неї", "вона"}
_PLUR = {"их", "них", "они", "ими", "їх", "вони"}


def _pronouns(cl: list[_El]) -> list[tuple[int, str, str, str | None]]:
    """``(index, "personal"|"relative", case, gender)`` of the pronouns of a clause; gender is
    ``"masc"``, ``"femn"``, ``"plur"`` or ``None`` (unknown)."""
    out = []
    for i, el in enumerate(cl):
        if el.kind != "word":
            continue
        if el.low in _PERSONAL:
            nxt = cl[i + 1] if i + 1 < len(cl) else None
            if (_PERSONAL[el.low] in ("accs", "gent") and nxt is not None and nxt.kind == "word"
                    and nxt.tag is not None and nxt.tag.POS in ("NOUN", "ADJF")):
                continue  # possessive: «ее место», «на их базовую»
            g = "masc" if el.low in _MASC else "femn" if el.low in _FEMN else "plur" if el.low in _PLUR else None
            out.append((i, "personal", _PERSONAL[el.low], g))
        elif el.low in _RELATIVE:
            tag = el.tag
            case = next((c for c in ("nomn", "gent", "accs", "ablt", "datv", "loct") if _has(tag, c)), "")
            g = next((x for x in ("masc", "femn", "plur") if _has(tag, x)), None)
            out.append((i, "relative", case, g))
    return out


def _agrees(tok: CardToken, gender: str | None) -> bool:
    """Whether a pronoun of ``gender`` can stand for ``tok``: туз, король, валет are masculine;
    every card is also «карта» (feminine) in the symbol and letter notations."""
    if gender is None or gender == "plur":
        return True
    if tok is UNNAMED:
        return gender == "femn"
    masc = tok.card.rank in (1, 11, 13)
    if tok.notation == "words":
        return (gender == "masc") == masc
    return gender == "femn" or masc


def _acceptable_place(cl: list[_El], i: int) -> bool:
    """A destination phrase at ``i`` names where a card goes: after «в/на», or in a form that can
    be accusative («базовую», «пробел»); «♦10 — первая базовая» (nominative) is a description,
    «из резерва» a source."""
    prev = cl[i - 1] if i else None
    if prev is not None and prev.kind == "word" and prev.low in _FROM:
        return False
    if prev is not None and prev.kind == "word" and (prev.low in _INTO | _ON or prev.low in ("свою", "свой", "свої")):
        return True
    el = cl[i]
    if el.low == "наверх" or el.tag is None or not re.fullmatch(r"[а-яё]+", el.low):
        return True
    return any(_has(p.tag, "accs") for p in morph.analyzer("ru").parse(el.low))


def _place_at(cl: list[_El], lo: int = 0, hi: int | None = None) -> tuple[str, int] | None:
    """The first destination place in ``cl[lo:hi]``: ``(place, index)``."""
    hi = len(cl) if hi is None else hi
    for i in range(lo, hi):
        for cue, place in _PLACE_CUES.items():
            if cue in cl[i].cues and _acceptable_place(cl, i):
                if place == "waste" and cl[i].lemma in ("резервный", "резервний") and _one_of_several(cl, i):
                    place = "reserve"
                return place, i
    return None


_SEVERAL = {"вакантный", "другой", "любой", "каждый", "свободный", "пустой", "один", "четыре", "свой"}


def _one_of_several(cl: list[_El], i: int) -> bool:
    """«в вакантную / другую / любую резервную стопку», «в одну из резервных стопок»: one of
    several reserve piles (the four of «Расчет»), not the single waste pile the book also calls
    «резервная стопка»."""
    prev = cl[i - 1] if i else None
    return (prev is not None and prev.kind == "word" and prev.lemma in _SEVERAL) or _has(cl[i].tag, "plur")


_ORD = r"(\d|[А-Яа-яЁёІіЇїЄє'’]+)"
_ROW_FROM = re.compile(r"(?:\bз|\bіз|\bиз|\bс)\s+" + _ORD + r"\s*-?\s*(?:го|й|му|м)?\s+ряд", re.I)
_WINDOW_WORD = re.compile(r"\b(?:вікн[оаі]|окн[оау])\b", re.I)
_RIGHT_OF = re.compile(r"(?:праворуч|справа)\s+(?:від|от)\s+([^\s),.;]+)")
_ROW_TO = re.compile(r"(?:\bв|\bу|\bдо|\bна)\s+(?:вікно\s+|окно\s+|початок\s+|начало\s+)?" + _ORD
                     + r"\s*-?\s*(?:го|й|му|м)?\s+ряд", re.I)
_ORDINALS = {"первый": 1, "второй": 2, "третий": 3, "четвертый": 4, "пятый": 5, "шестой": 6, "седьмой": 7,
             "восьмой": 8, "перший": 1, "другий": 2, "третій": 3, "четвертий": 4, "п'ятий": 5, "шостий": 6,
             "сьомий": 7, "восьмий": 8}


def _row_number(word: str, lang: str) -> int | None:
    """«7» or an ordinal word («четвертого», «шостого») → the row number; ``None`` otherwise."""
    if word.isdigit():
        return int(word)
    return _ORDINALS.get(morph.lemma(word.replace("’", "'"), lang))


def _source_row(cl: list[_El], j: int) -> tuple[int, int] | None:
    """``(row, index after)`` for «з 8-го ряду» / «из 3-го ряда» at ``cl[j]``, else ``None``."""
    if not (j + 2 < len(cl) and cl[j].kind == "word" and cl[j].low in _FROM and cl[j + 1].kind == "num"):
        return None
    k = j + 2
    while k < len(cl) and (cl[k].kind == "dash" or cl[k].text in ("-",) or cl[k].low in ("го", "й", "му", "м")):
        k += 1
    if k < len(cl) and cl[k].kind == "word" and cl[k].lemma == "ряд":
        return int(cl[j + 1].text), k + 1
    return None


_SIDES = {"справа": "right_of", "праворуч": "right_of", "слева": "left_of", "ліворуч": "left_of"}


def _side_target(cl: list[_El], groups: list[_Group], lo: int = 0) -> tuple[str, CardToken, str] | None:
    """«справа от ♦10», «слева от ♦6» (at or after ``cl[lo]``): ``(flag, card, note)`` — the move
    puts its card next to that card, on its right (``right_of``) or left (``left_of``)."""
    for i in range(lo, len(cl)):
        if cl[i].kind == "word" and cl[i].low in _SIDES:
            tg = next((g for g in groups if g.i > i), None)
            if tg is not None and tg.i <= i + 2:
                after = cl[i + 1].text if i + 1 < len(cl) else ""
                return _SIDES[cl[i].low], tg.toks[0], f"«{cl[i].text} {after}»: next to that card"
    return None


def _has(tag, grammeme: str) -> bool:
    """Whether a pymorphy3 tag (or ``None``) holds ``grammeme`` (no error for a grammeme the
    language's tag set lacks)."""
    return tag is not None and grammeme in tag.grammemes


def _state_described(cl: list[_El], verb_i: int) -> bool:
    """Whether the move verb is a bare past short participle («покладено», «вынесены»): the text
    describes the position shown, not a move to make («может быть помещена» still moves)."""
    tag = cl[verb_i].tag
    if not (tag is not None and tag.POS == "PRTS" and _has(tag, "past") or _has(tag, "Impe")):
        return False
    return not any(el.kind == "word" and el.lemma in ("быть", "бути", "мочь", "должный", "могти", "повинний")
                   for el in cl)


def _named(cl: list[_El]) -> list[CardToken]:
    """Pronoun antecedents a clause offers, in text order: its cards (not those after «под», «от»:
    places, not cards spoken of) and a singular «карта» with no card right after it (UNNAMED)."""
    out = []
    for i, el in enumerate(cl):
        if el.kind == "card" and not (i and cl[i - 1].kind == "word" and cl[i - 1].low in ("под", "от", "від")):
            out.append(el.tok)
        elif el.kind == "word" and el.lemma == "карта" and _has(el.tag, "sing") and not any(
                e.kind == "card" for e in cl[i + 1:i + 4]):
            out.append(UNNAMED)
    return out


def _plural(el: _El) -> bool:
    return _has(el.tag, "plur")


def _merge(groups: list[_Group]) -> _Group:
    """Subject groups of a plural verb («♥ Туз из колоды и ♠Т … перемещаются»), as one group."""
    if len(groups) == 1:
        return groups[0]
    g = _Group([t for x in groups for t in x.toks], groups[0].i, groups[-1].j)
    g.alt = any(x.alt for x in groups)
    return g


class _Reader:
    """Reads the clauses of one example in order, keeping the pronoun and chain context."""

    def __init__(self):
        self.ctx = _Ctx()
        self.protos: list[_Proto] = []
        self.carried = False  # the last clause added cards to the move before it
        self.shown: list[str] = []  # «♥А и ♠К вынесены в базовый ряд»: cards a described position places
        self.playing = False  # the clause before played cards («сыграть ♦6, затем ♦8»)

    # -- context --------------------------------------------------------------------------
    def antecedent(self, pron: tuple, cl: list[_El] | None = None) -> list[CardToken]:
        """The card(s) a pronoun stands for (see the module docstring); cards named earlier in the
        same clause (``cl``) come first: «если сдается ♦7, ею можно покрыть ♦8»."""
        idx, kind, _, gender = pron
        if cl is not None:
            for t in reversed(_named(cl[:idx])):
                if _agrees(t, gender) and gender != "plur":
                    return [t]
        _, kind, _, gender = pron
        if gender == "plur":
            if self.ctx.prev_moved and len(self.ctx.last_movers) > 1:
                return list(self.ctx.last_movers)
            named = [t for t in self.ctx.history if t is not UNNAMED]
            return self.ctx.prev_named or named[-1:]
        if kind == "personal":
            subj = self.ctx.subject
            if subj is not None and _agrees(subj, gender):
                return [subj]
            if self.ctx.prev_moved and self.ctx.last_movers and _agrees(self.ctx.last_movers[0], gender):
                return [self.ctx.last_movers[0]]
        for t in reversed(self.ctx.history):
            if _agrees(t, gender):
                return [t]
        return []

    def emit(self, p: _Proto) -> None:
        if self.shown:
            p.notes.insert(0, SHOWN_NOTE + ", ".join(self.shown))
            self.shown = []
        self.protos.append(p)
        self.ctx.last_proto = p

    def move(self, cl, movers, target=None, place=None, kind=None, flags=(), notes=(), card_list=None):
        if target is UNNAMED:
            target, notes = None, list(notes) + ["onto a card the text does not name"]
        p = _Proto([t for t in movers if t is not UNNAMED], cl[0].start, cl[-1].end, target, place, kind,
                   set(flags), list(notes), card_list=card_list)
        if any(t is UNNAMED for t in movers):
            p.notes.append("the card moved is not named")
        self.emit(p)
        return p

    def to_each(self, cl, group: _Group, target=None, place=None, flags=(), notes=()):
        """One move per card of ``group`` (alternatives flagged), all to the same destination; a
        series («серию ♥7, ♥6») or «X с Y» moves as one."""
        fl = set(flags) | ({"alternative"} if group.alt else set())
        if (group.series or group.with_) and len(group.cards) > 1:
            self.move(cl, group.toks, target, place, "sequence", fl, notes, card_list=group.cards)
            return
        for t in group.toks:
            for _ in range(t.count):
                p = self.move(cl, [t], target, place, flags=fl, notes=notes)
                p.from_row = group.rows.get(id(t))

    def to_group(self, cl, group: _Group, target: CardToken, flags=(), notes=()):
        """A group onto one card: alternatives (or a rank-only target: «на тузы») one by one,
        otherwise one sequence move of all the cards («♠10 и ♦9 — на ♥В»)."""
        if group.alt or len(group.cards) == 1 or target.card.suit is None:
            self.to_each(cl, _Group(group.toks, group.i, group.j, group.alt, rows=group.rows), target, None, flags, notes)
        else:
            self.move(cl, group.toks, target, None, "sequence", flags, notes, card_list=group.cards)

    def chain(self, cl, toks: list[CardToken], first_target: CardToken, flags=(), inferred=False):
        """Each card onto the one before it, the first onto ``first_target``."""
        prev = first_target
        for n, t in enumerate(toks):
            fl = set(flags) | ({"to_inferred"} if inferred or n else set())
            self.move(cl, [t], prev, flags=fl)
            prev = t

    # -- one clause -----------------------------------------------------------------------
    def subject_of(self, cl: list[_El], prons) -> CardToken | None:
        """The card a clause is about: the first card (or unnamed «карта», or pronoun) before its
        predicate (a finite verb, a short participle, a dash, «на»), else the first card after a
        finite verb that no preposition governs; ``None`` when the clause has no predicate."""
        pred = next((i for i, el in enumerate(cl) if el.kind == "dash" or el.kind == "word" and (
            el.low in _ON or el.low == "наверх" or el.tag is not None and el.tag.POS in ("VERB", "PRTS"))), None)
        if pred is None and any("IMPERS" in el.cues for el in cl):
            # «Далее ♦Д можно передвинуть …»: the card an impersonal clause speaks of
            pred = next((i for i, el in enumerate(cl) if el.kind == "word" and el.tag is not None
                         and el.tag.POS == "INFN"), None)
        if pred is None:
            return None
        for i, el in enumerate(cl[:pred]):
            if el.kind == "card" and not (i and cl[i - 1].kind == "word" and cl[i - 1].low in _FROM | _ON | _INTO):
                return el.tok
            if el.kind == "word" and el.lemma == "карта" and _has(el.tag, "sing") and _has(el.tag, "nomn"):
                return UNNAMED
            pr = next((p for p in prons if p[0] == i and p[2] == "nomn"), None)
            if pr is not None:
                ante = self.antecedent(pr, cl)
                if ante:
                    return ante[0]
        if cl[pred].kind == "word" and cl[pred].low not in _ON:
            for i in range(pred + 1, len(cl)):
                if cl[i].kind == "card":
                    prev = cl[i - 1]
                    if not (prev.kind == "word" and prev.low in _FROM | _ON | _INTO | {"под", "над"}):
                        return cl[i].tok
                    break
        return None

    def clause(self, cl: list[_El], alone: bool, sent_flags: set, same_sentence: bool) -> list[_Proto]:
        before = {id(p) for p in self.protos}
        groups = _groups(cl)
        prons = _pronouns(cl)
        flags = set(sent_flags)
        if any("PROHIB" in el.cues for el in cl):
            flags.add("prohibited")
        lead = cl[0] if cl[0].kind == "word" else None
        if lead is not None and lead.low in _ALT:
            flags.add("alternative")
        if not same_sentence:
            self.ctx.prev_named = []
            self.ctx.prev_verb = None
        verb = self._read(cl, groups, prons, flags, alone)
        if not alone:
            self.ctx.prev_verb = verb
        made = [p for p in self.protos if id(p) not in before]
        if not alone:
            subj = self.subject_of(cl, prons)
            if subj is not None:
                self.ctx.subject, self.ctx.subject_sentence = subj, self.ctx.sentence
        if made and any(p.movers for p in made):
            self.ctx.last_movers = next(p.movers for p in reversed(made) if p.movers)
            self.ctx.prev_moved = True
        else:
            self.ctx.prev_moved = bool(made)
        named = _named(cl)
        self.ctx.history.extend(named)
        self.ctx.prev_named = [t for t in named if t is not UNNAMED]
        several = [g for g in groups if len(g.toks) > 1 and g.with_]
        if several:
            self.ctx.last_group = several[-1]
        bare = [el.tok for el in cl if el.kind == "card"]
        if not made and not alone and len(bare) >= 2 and not _has_pred(cl) and len(groups) == 1:
            self.ctx.pending_list = bare
        elif made or _has_pred(cl):
            self.ctx.pending_list = []
        return made

    def _read(self, cl, groups, prons, flags, alone) -> str | None:
        """Read one clause; returns its move verb class (``"COVER"``, ``"PLACE"`` …) or ``None``."""
        verb_i = next((i for i, el in enumerate(cl) if el.cues & set(_VERB_CUES) and "PLACE_NOUN" not in el.cues), None)
        verb = None
        if verb_i is not None:
            c = cl[verb_i].cues
            verb = next(v for v in ("REMOVE", "FOLLOW", "FILL", "COVER_PASS", "COVER", "PLACE") if v in c)
            if verb == "COVER" and _has(cl[verb_i].tag, "pssv"):
                verb = "COVER_PASS"
        if alone:
            return None  # an aside in parentheses explains, it does not move: its cards are mentions
        played = next((i for i, el in enumerate(cl) if el.kind == "word" and el.lemma in _PLAY), None)
        if played is None and verb_i is None and self.playing and cl[0].kind == "word" and "NEXT" in cl[0].cues:
            played = 0   # «…, затем ♦8 с левого фланга»: the play goes on
        self.playing = False
        if verb_i is None and played is not None and "prohibited" not in flags and "conditional" not in flags:
            # «Это позволит сыграть ♦6, затем ♦8 с левого фланга»: cards played, where to not said;
            # passed on as shown (played) — not moves, which would need a destination
            cards = [el.tok.card for k, el in enumerate(cl) if k > played and el.kind == "card" and el.tok.card.suit
                     and not (cl[k - 1].kind == "word" and cl[k - 1].low in _ON | _INTO | _FROM)]
            if cards:
                self.shown.extend(f"{c.format()} played" for c in cards)
                self.playing = True
                return None
        if verb_i is not None and _state_described(cl, verb_i):
            # «піковий туз (ПА) покладено в початок 6-го ряду», «Тузы вынесены»: the position, not a
            # move; the cards it puts in a place are passed on as shown (note of the next move)
            at = _place_at(cl, verb_i)
            if at is not None and "prohibited" not in flags and "conditional" not in flags:
                self.shown.extend(f"{el.tok.card.format()} {at[0]}" for el in cl[:verb_i]
                                  if el.kind == "card" and el.tok.card.suit and not el.tok.card.joker)
            return None
        self._forms(cl, groups, prons, flags, alone, verb_i, verb)
        return verb

    def _forms(self, cl, groups, prons, flags, alone, verb_i, verb):
        """Match the clause against the phrase forms, in order (see the module docstring)."""
        elided: list[CardToken] = []
        lead = next((el for el in cl if not (el.kind == "word" and el.low in _LIST | _STRONG | _LEAD)), None)
        if not alone and lead is not None and lead.kind == "word" and lead.tag is not None and lead.tag.POS == "PRTF":
            # «♣10, покрывшая ♣В»: a participle tells about the card named just before it
            named = [t for t in self.ctx.history if t is not UNNAMED]
            elided = named[-1:]
        elif not alone and self._starts_with_predicate(cl, verb_i):
            if self.ctx.subject is not None and self.ctx.subject_sentence == self.ctx.sentence:
                elided = [self.ctx.subject]
            elif self.ctx.prev_moved and self.ctx.last_movers:
                elided = list(self.ctx.last_movers)
        dashes = [i for i, el in enumerate(cl) if el.kind == "dash"]

        if verb == "REMOVE":  # «изъять», «сбрасывается»: the card leaves play
            return self._discard(cl, groups, prons, verb_i, flags, elided)
        if verb is None and self._discard_continued(cl, groups, flags):
            return
        if self._carried(cl, groups, prons):
            return
        if dashes and self._dash_moves(cl, groups, prons, dashes, flags, elided):
            return
        if verb == "COVER_PASS":
            return self._cover_passive(cl, groups, prons, verb_i, flags, elided)
        if verb == "COVER":
            return self._cover(cl, groups, prons, verb_i, flags, elided)
        if verb in ("PLACE", "FILL", "FOLLOW"):
            return self._place(cl, groups, prons, verb_i, verb, flags, elided)
        if any("NEXT_CARD" in el.cues for el in cl) and groups:
            g = groups[0]
            for t in g.toks:
                self.move(cl, [t], kind="deal", flags=flags | ({"alternative"} if g.alt else set()),
                          notes=["the next card dealt"])
            return
        if self._elliptic(cl, groups, prons, flags, elided):
            return
        # «♥2 не может»: the move before, forbidden for this card
        if groups and "prohibited" in flags and self.ctx.last_proto is not None and self.ctx.prev_moved:
            lp = self.ctx.last_proto
            for t in groups[0].toks:
                self.move(cl, [t], lp.target, lp.place, flags=flags, notes=["destination of the move before (ellipsis)"])
            return
        # a list continuing a chain: «в следующем порядке: ♠8, ♦9 …», «затем ♥9, ♠8 и ♠7»
        if len(groups) == 1 and groups[0].i <= 1:
            lead = cl[0]
            if self.ctx.pending_target is not None:
                self.chain(cl, groups[0].toks, self.ctx.pending_target, flags)
                self.ctx.pending_target = None
            elif lead.kind == "word" and "NEXT" in lead.cues and self.ctx.prev_moved \
                    and self.ctx.last_proto is not None and self.ctx.last_proto.movers:
                lp = self.ctx.last_proto
                self.chain(cl, groups[0].toks, lp.movers[-1], flags, inferred=True)

    # -- cards leaving play, cards carried ------------------------------------------------
    _PAIRING = {"сбрасывать", "сбрасываться", "сбросить", "удалять", "удаляться", "удалить"}

    def _discard(self, cl, groups, prons, vi, flags, elided):
        """«♠К сбрасывается», «Пара из ♣7 и ♣6 сбрасывается», «♦10 сбрасывается с ♥10», «♥В …
        удаляется вместе с ♦3», «♥К и ♦К изымаются из игры»: each card leaves play (kind
        ``discard``). The card it leaves play with (its partner) is the move's ``to_card``: the
        card after «с» / «вместе с», or, for two cards discarded by a verb of pairing («сбрасываются»,
        «удаляются», or «пара»), each other; alternatives («вместе с ♣3, либо с ♦Д») one move each."""
        movers: list[CardToken] = []
        partners: list[CardToken] = []
        alt = False
        for g in groups:
            if g.prep in _WITH:
                partners += g.toks
                alt |= g.alt or len(g.toks) > 1
            elif g.prep not in _ON | {"под", "от", "—"}:
                if g.with_ and len(g.toks) > 1:   # «♠4 вместе с ♦4»
                    movers.append(g.toks[0])
                    partners += g.toks[1:]
                else:
                    movers += g.toks
        if not movers:
            movers = next((self.antecedent(p, cl) for p in prons if p[2] in ("nomn", "accs", "")), None) or elided
        pairing = cl[vi].lemma in self._PAIRING or any(el.kind == "word" and el.lemma == "пара" for el in cl)
        notes = ["leaves play («изъять», «сбросить»)"]
        if not partners and pairing and len(movers) == 2:
            a, b = movers
            self.move(cl, [a], b, kind="discard", flags=flags, notes=notes + ["paired with the other card named"])
            self.move(cl, [b], a, kind="discard", flags=flags, notes=notes + ["paired with the other card named"])
            self.ctx.last_discard = ([a, b], [])
            return
        for t in movers:
            if not partners:
                self.move(cl, [t], kind="discard", flags=flags, notes=notes)
            for q in partners:
                self.move(cl, [t], q, kind="discard", flags=flags | ({"alternative"} if alt else set()),
                          notes=notes + [f"with {q.raw}"])
        self.ctx.last_discard = (movers, partners)

    def _discard_continued(self, cl, groups, flags) -> bool:
        """«…, либо вместе с ♣Д, либо с ♦Д» right after a discard: more partners. When the discard
        before listed two partners («вместе с ♣3, ♠Д»), its last one starts a new pair: «♠Д либо с
        ♣Д, либо с ♦Д» (the list «♣3, ♠Д, либо …» reads as ♦3 with ♣3; ♠Д with ♣Д or ♦Д)."""
        last = getattr(self.ctx, "last_discard", None)
        lp = self.ctx.last_proto
        if last is None or lp is None or lp.kind != "discard" or not groups:
            return False
        if len(groups) == 1 and groups[0].with_ and len(groups[0].toks) == 2 and not groups[0].alt \
                and cl[0].kind == "word" and cl[0].low in _STRONG | {"и"}:
            # «…, а ♠4 вместе с ♦4»: another pair leaves play the same way
            a, b = groups[0].toks
            self.move(cl, [a], b, kind="discard", flags=flags, notes=["leaves play (as the pair before)", f"with {b.raw}"])
            self.ctx.last_discard = ([a], [b])
            return True
        k = 0
        while k < len(cl) and cl[k].kind == "word" and (cl[k].low in _ALT or cl[k].low in ("вместе", "разом")):
            k += 1
        if not (k and cl[0].low in _ALT and k < len(cl) and cl[k].kind == "word" and cl[k].low in _WITH):
            return False
        new = [t for g in groups for t in g.toks]
        movers, partners = last
        if len(partners) > 1:
            lone = partners[-1]
            self.protos = [p for p in self.protos if not (p.kind == "discard" and p.target is lone)]
            rest = [p for p in self.protos if p.kind == "discard" and p.target in partners[:-1]]
            if len(rest) == 1:
                rest[0].flags.discard("alternative")
            movers, partners = [lone], []
            self.ctx.last_discard = (movers, partners)
        for t in movers:
            for q in new:
                self.move(cl, [t], q, kind="discard", flags=flags | {"alternative"},
                          notes=["leaves play («изъять», «сбросить»)", f"with {q.raw}"])
        self.ctx.last_discard = (movers, partners + new)
        return True

    def _carried(self, cl, groups, prons) -> bool:
        """«… но вместе с ней идут ♠7, ♥6, ♣Т и ♦10», «вместе с ней должна пойти ♣2»: the cards go
        along with the card of the move before, which becomes a sequence move."""
        lp = self.ctx.last_proto
        if lp is None or not lp.movers or not groups or any(g.prep in _ON for g in groups):
            return False
        for i in range(len(cl) - 2):
            if cl[i].low in ("вместе", "разом") and cl[i + 1].low in _WITH and cl[i + 2].kind == "word" \
                    and cl[i + 2].low in _PERSONAL:
                extra = [t for g in groups if g.i > i for t in g.toks]
                if not extra:
                    return False
                base = lp.card_list if lp.card_list is not None else [t.card for t in lp.movers]
                lp.card_list = base + [t.card for t in extra]
                lp.kind = "sequence"
                lp.end = max(lp.end, cl[-1].end)
                lp.notes.append("with the cards that go along with it («вместе с ней …»)")
                self.carried = True
                return True
        return False

    def _starts_with_predicate(self, cl, verb_i) -> bool:
        """Whether the clause opens with its predicate (its subject left out: «и покрывается ♥2»)."""
        k = 0
        while k < len(cl) and cl[k].kind == "word" and (
                cl[k].low in _LIST | _STRONG | _LEAD or cl[k].cues & {"IMPERS", "PROHIB", "COND"}
                or cl[k].lemma in ("мочь", "быть", "следовать", "должный", "лучше")):
            k += 1
        if k >= len(cl):
            return False
        el = cl[k]
        return (verb_i is not None and k == verb_i) or (el.kind == "word" and el.low in _ON) or el.kind == "dash"

    # -- the forms ------------------------------------------------------------------------
    def _dash_moves(self, cl, groups, prons, dashes, flags, elided) -> bool:
        """«X — Y», «X — на Y», «X — базовую | пробел», «X — на него»; a bare list of cards in the
        clause just before joins the chain: «а также ♣7, ♣8, ♣9, ♣10, а ♣В — ♣6» puts ♣7 on ♣6, ♣8 on
        ♣7 … ♣В on ♣10."""
        done = False
        pending, self.ctx.pending_list = self.ctx.pending_list, []
        for d in dashes:
            left = next((g for g in groups if g.j == d), None)
            tg = next((g for g in groups if g.i == d + 1), None)
            if pending and left is not None and len(left.toks) == 1 and tg is not None and len(tg.toks) == 1 and d == dashes[0]:
                self.chain(cl, pending + left.toks, tg.toks[0], flags)
                self.protos[-len(pending) - 1].notes.append("the list before «а … —» goes onto the same card, one on another")
                for p in self.protos[-len(pending) - 1:]:
                    p.start = min(p.start, pending[0].start)
                done = True
                continue
            r = d + 1
            prep = ""
            while r < len(cl) and cl[r].kind == "word" and cl[r].low in _ON | _INTO:
                prep = cl[r].low
                r += 1
            if r >= len(cl):
                continue
            movers = left
            if left is None:
                pr = next((p for p in prons if p[0] == d - 1), None)
                if pr is not None:
                    toks = self.antecedent(pr, cl)
                    movers = _Group(toks, d - 1, d) if toks else None
            if movers is None or not movers.toks:
                continue
            right = cl[r]
            if right.kind == "card" and self.ctx.prev_verb == "COVER_PASS" and left is not None and not prep:
                # «♣Т покрывается ♣3, а ♠Т — ♠2»: the passive goes on, ♠2 onto ♠Т
                tg = next(g for g in groups if g.i == r)
                self.chain(cl, tg.toks, left.toks[-1], flags)
                self.protos[-len(tg.toks)].notes.append("«Y — X» after «Y покрывается X»: X onto Y")
                done = True
            elif right.kind == "card":
                tg = next(g for g in groups if g.i == r)
                if len(tg.toks) > 1 and tg.alt:
                    for t in tg.toks:
                        self.to_group(cl, movers, t, flags | {"alternative"})
                else:
                    self.to_group(cl, movers, tg.toks[0], flags)
                done = True
            elif right.kind == "word" and right.low in _PERSONAL:
                ante = self.antecedent(next(p for p in prons if p[0] == r), cl)
                if ante:
                    self.to_group(cl, movers, ante[0], flags | {"to_by_pronoun"})
                    done = True
            elif right.kind == "word" and right.low in _SIDES and _side_target(cl, groups, r) is not None:
                flag, tok, note = _side_target(cl, groups, r)
                self.to_group(cl, movers, tok, flags | {flag}, [note])
                done = True
            else:
                pl = _place_at(cl, r, min(r + 2, len(cl)))
                if pl is not None and (prep or pl[1] == r):
                    self.to_each(cl, movers, None, pl[0], flags)
                    done = True
        return done

    def _cover_passive(self, cl, groups, prons, vi, flags, elided):
        """«Y покрывается X», «и покрывается ♥2» (Y: the card of the move before)."""
        before = [g for g in groups if g.j <= vi]
        after = [g for g in groups if g.i > vi]
        if not after:
            return
        pr = [p for p in prons if p[0] < vi]
        if before:
            target = before[-1].toks[-1]
        elif pr:
            target = (self.antecedent(pr[0]) or [None])[0]
        else:
            target = elided[-1] if elided else None
        g = after[0]
        if target is None:
            pl = _place_at(cl, 0, vi)
            if pl is not None:
                self.to_each(cl, g, None, pl[0], flags)
            return
        if any("SERIES" in el.cues for el in cl[vi:]) or g.with_:
            self.move(cl, g.toks, target, kind="sequence", flags=flags, card_list=g.cards)
        else:
            self.chain(cl, g.toks, target, flags)

    def _cover(self, cl, groups, prons, vi, flags, elided):
        """«X покрывает Y», «его покрывают ♠2 и ♠3», «ею можно покрыть Y», «покройте Y серией …»."""
        before = [g for g in groups if g.j <= vi]
        after = [g for g in groups if g.i > vi]
        ins = [p for p in prons if p[2] == "ablt"]
        acc = [p for p in prons if p[2] == "accs" and not (p[0] + 1 < len(cl) and "PLACE_NOUN" in cl[p[0] + 1].cues)]
        impersonal = any(el.cues & {"IMPERS"} for el in cl[:vi + 1])
        series = any("SERIES" in el.cues for el in cl)
        series_i = next((i for i, el in enumerate(cl) if i > vi and "SERIES" in el.cues), None)
        if ins:
            movers = self.antecedent(ins[0], cl)
            tgt = after or before
            if movers and tgt:
                self.move(cl, movers[:1], tgt[0].toks[0], flags=flags, notes=["the card moved is named by a pronoun"])
            return
        if acc:
            ante = self.antecedent(acc[0], cl)
            toks = [t for g in groups for t in g.toks]
            if ante and toks:
                if series or any(g.with_ for g in groups):
                    self.move(cl, toks, ante[0], kind="sequence", flags=flags | {"to_by_pronoun"},
                              card_list=[c for g in groups for c in g.cards])
                else:
                    self.chain(cl, toks, ante[0], flags)
                    self.protos[-len(toks)].flags.add("to_by_pronoun")
            return
        if series_i is not None:
            tg = next((g for g in after if g.i < series_i), None)
            mg = next((g for g in after if g.i > series_i), None)
            if tg and mg:
                self.move(cl, mg.toks, tg.toks[0], kind="sequence", flags=flags, card_list=mg.cards)
                return
        if impersonal and before and after:
            if after[0].with_ and len(after[0].toks) > 1 and not before[-1].with_:
                # «следует ♠6 покрыть ♠5 вместе с ♠7, ♥6 …»: the cards carried go onto the card named first
                self.to_group(cl, after[0], before[-1].toks[-1], flags)
            else:
                # «♠2 можно покрыть ♠Т или ♣Т», «♦10 можно покрыть ♦8»: the book's usage, the card
                # named first goes onto the other (as «♠2 может покрыть ♠Т»)
                tg = after[0]
                if len(tg.toks) > 1 and tg.alt:
                    for t in tg.toks:
                        self.to_group(cl, before[-1], t, flags | {"alternative"})
                else:
                    self.to_group(cl, before[-1], tg.toks[0], flags)
            return
        nom = [p for p in prons if p[0] < vi and p[2] == "nomn"]
        combo = any(el.kind == "word" and el.lemma in ("сочетание", "комбинация") for el in cl[:vi])
        if not before and combo and self.ctx.last_group is not None:
            before = [self.ctx.last_group]   # «это сочетание карт покроет ♣5»: the cards named together before
        if before:
            movers = _merge(before) if _plural(cl[vi]) else before[-1]
        elif nom:
            toks = self.antecedent(nom[0], cl)
            movers = _Group(toks, nom[0][0], nom[0][0] + 1) if toks else None
        else:
            movers = _Group(elided, 0, 0) if elided else None
        if movers is None or not movers.toks:
            if after:
                self.ctx.pending_target = after[0].toks[0]  # «Карты … могут покрывать ♦7 в следующем порядке:»
            return
        if after:
            if series or movers.with_:
                self.move(cl, movers.toks, after[0].toks[0], kind="sequence", flags=flags, card_list=movers.cards)
            elif len(after[0].toks) > 1 and after[0].alt:
                for t in after[0].toks:
                    self.to_group(cl, movers, t, flags | {"alternative"})
            elif len(movers.toks) > 1 and not movers.alt and after[0].toks[0].card.suit is not None:
                self.chain(cl, movers.toks, after[0].toks[0], flags)  # «♣2 и ♣3 покрывают ♣Т»: one on the other
            else:
                self.to_group(cl, movers, after[0].toks[0], flags)
            return
        pl = _place_at(cl, vi + 1)
        if pl is not None:
            self.to_each(cl, movers, None, pl[0], flags)

    def _place(self, cl, groups, prons, vi, verb, flags, elided):
        """«X помещается на Y | в базовый ряд», «поместите X …», «пробел заполняется X»,
        «за которой следует X», «ее место занимает X»."""
        def is_mover(g: _Group) -> bool:
            if g.prep in _ON | _INTO | _FROM | {"от", "под", "до", "—", "від"}:
                return False
            if g.i > 0 and "PLACE_NOUN" in cl[g.i - 1].cues:
                return False  # «место ♣В»: whose place
            k = g.i - 1
            a = k
            while a > 0 and cl[a].kind == "word" and cl[a].tag is not None and cl[a].tag.POS in ("ADJF", "PRTF"):
                a -= 1
            if a < k and cl[a].kind == "word" and cl[a].low in _ON | _INTO | _FROM - {"под"}:
                return False  # «снята с базового туза и помещена на базового короля»: places, not the card moved
            while k > 0 and cl[k].kind == "word" and cl[k].tag is not None and cl[k].tag.POS == "NUMR":
                k -= 1   # «после сброса четырех королей»
            if k >= 0 and cl[k].kind == "word" and cl[k].lemma in ("сброс", "перемещение", "удаление"):
                return False  # «пробел от сброса ♥К», «пробел, оставленный перемещением ♠4»: whose place
            if g.i > 0 and cl[g.i - 1].kind == "word" and cl[g.i - 1].lemma in ("оставить", "оставлять", "открывать"):
                return False
            return True

        before = [g for g in groups if g.j <= vi and is_mover(g)]
        after = [g for g in groups if g.i > vi and is_mover(g)]
        obj = [p for p in prons if p[2] in ("accs", "nomn", "")
               and not (verb == "FILL" and p[2] == "accs")   # «заполнить его ♣2»: «его» is the space
               and not (p[0] + 1 < len(cl) and "PLACE_NOUN" in cl[p[0] + 1].cues)
               and not (p[0] > 0 and "PLACE_NOUN" in cl[p[0] - 1].cues)
               and not (p[0] > 0 and cl[p[0] - 1].kind == "word" and cl[p[0] - 1].low in _ON | _INTO | {"за"})]
        movers = None
        if before:
            movers = _merge(before) if _plural(cl[vi]) else before[-1]
        elif obj and (not after or obj[0][0] < after[0].i):
            toks = self.antecedent(obj[0], cl)
            movers = _Group(toks, obj[0][0], obj[0][0] + 1) if toks else None
        elif after:
            movers = after[0]
        elif verb != "FOLLOW" and elided:
            movers = _Group(elided, 0, 0)
        if movers is None or not movers.toks:
            return
        if verb == "FOLLOW":  # «♦В — ♦Д, за которой следует ♦10»: onto the card just moved
            ante = self.ctx.last_movers[:1] if self.ctx.prev_moved else self.antecedent(
                next((p for p in prons if p[1] == "relative"), (0, "relative", "", None)))
            if ante:
                self.to_group(cl, movers, ante[0], flags | {"to_by_pronoun"})
            return
        on_groups = [g for g in groups if g.prep in _ON and g is not movers]
        if on_groups:
            tg = on_groups[0]
            above = {"above"} if tg.prep == "над" else set()   # «♦К помещается над ♦Т»: above it, not on it
            notes = ["«над»: laid above that card, not on it"] if above else []
            if len(tg.toks) > 1 and tg.alt:
                for t in tg.toks:
                    self.to_group(cl, movers, t, flags | {"alternative"} | above, notes)
            else:
                self.to_group(cl, movers, tg.toks[0], flags | above, notes)
            return
        on_pron = next((p for p in prons if p[0] > 0 and cl[p[0] - 1].kind == "word" and cl[p[0] - 1].low in _ON), None)
        if on_pron is not None:
            ante = self.antecedent(on_pron, cl)
            if ante:
                self.to_group(cl, movers, ante[0], flags | {"to_by_pronoun"})
                return
        pl = _place_at(cl)
        if pl is not None:
            # «на базовую — тройку»: the foundation card named after a dash
            tc = next((g.toks[0] for g in groups if g.prep == "—" and g.i > pl[1]), None) if pl[0] == "foundation" else None
            if tc is not None:
                self.to_each(cl, movers, tc, "foundation", flags, ["the foundation card named after the dash"])
            else:
                self.to_each(cl, movers, None, pl[0], flags)
            return
        if verb == "FILL" or any("PLACE_NOUN" in el.cues for el in cl):
            self.to_each(cl, movers, None, "space", flags)
            return
        side = _side_target(cl, groups)
        if side is not None:
            flag, tok, note = side
            self.to_group(cl, movers, tok, flags | {flag}, [note])
            return
        if verb == "PLACE":
            self.to_each(cl, movers, None, None, flags, ["no destination named"])

    def _elliptic(self, cl, groups, prons, flags, elided) -> bool:
        """No verb: «а ♥2 на ♥Т», «даму червей на короля пик», «бубнового туза наверх»,
        «или на десятку пик» (the card of the move before)."""
        on_i = next((i for i, el in enumerate(cl) if el.kind == "word" and el.low in _ON), None)
        up_i = next((i for i, el in enumerate(cl) if el.kind == "word" and el.low == "наверх"), None)
        side = _side_target(cl, groups)
        if side is not None and on_i is None and up_i is None and self.ctx.prev_moved and \
                self.ctx.last_proto is not None and ({"right_of", "left_of"} & self.ctx.last_proto.flags):
            # «Поместите ♠5 слева от ♠6, ♣В слева от ♣Д»: the same verb goes on
            flag, tok, note = side
            movers = [g for g in groups if g.j <= cl.index(next(el for el in cl if el.low in _SIDES))]
            if movers:
                self.to_group(cl, movers[-1], tok, flags | {flag}, [note])
                return True
        if on_i is None and up_i is None:
            return False
        k = on_i if on_i is not None else up_i
        before = [g for g in groups if g.j <= k and g.prep not in _FROM]
        movers = before[-1] if before else (_Group(elided, 0, 0) if elided else None)
        if movers is None or not movers.toks:
            return False
        if on_i is None or (up_i is not None and up_i < on_i):
            self.to_each(cl, movers, None, "foundation", flags)
            return True
        tg = next((g for g in groups if g.i == on_i + 1), None)
        if tg is not None:
            if len(tg.toks) > 1 and tg.alt:
                for t in tg.toks:
                    self.to_group(cl, movers, t, flags | {"alternative"})
            else:
                self.to_group(cl, movers, tg.toks[0], flags)
            return True
        pr = next((p for p in prons if p[0] == on_i + 1), None)
        if pr is not None:
            ante = self.antecedent(pr, cl)
            if ante:
                self.to_group(cl, movers, ante[0], flags | {"to_by_pronoun"})
                return True
        pl = _place_at(cl, on_i + 1)
        if pl is not None:
            self.to_each(cl, movers, None, pl[0], flags)
            return True
        return False


# ---------------------------------------------------------------------------------------------
# the whole example
# ---------------------------------------------------------------------------------------------

def _formal_protos(sent: list[_El], prev_number: int | None, findings: list, src: str, mt: MappedText):
    """Proto-moves of the formal moves of a sentence, with move numbers («1. Б53 - Б47»); a
    stray letter before a number («Ч7. П84 - П74» after move 6) is read as the number, with a
    finding."""
    out = []
    for i, el in enumerate(sent):
        if el.kind != "formal":
            continue
        fm = el.fm
        number = None
        dot = i >= 2 and sent[i - 1].text == "."
        if dot and sent[i - 2].kind == "num":
            number = int(sent[i - 2].text)
        elif (dot and sent[i - 2].kind == "card" and prev_number is not None and sent[i - 2].tok.notation == "letter"
              and sent[i - 2].tok.card.rank == prev_number + 1 and re.fullmatch(r"\D\d", sent[i - 2].text)):
            number = prev_number + 1
            stray = sent[i - 2]
            findings.append(Finding(src, mt.lines_of(stray.start, stray.end), "ocr-repair",
                                    f"«{stray.text}.» before a move read as the move number {number}: a stray "
                                    f"«{stray.text[0]}» before it (move {prev_number} came before)", token=stray.text))
            stray.kind = "number"
        if number is not None:
            prev_number = number
        notes = [n for n in (fm.card.reading_note, fm.target.reading_note if fm.target else None, fm.note) if n]
        kind = None
        if fm.place == "space":
            kind = "to_space"
        elif fm.target is None:
            kind = "other"
        p = _Proto([fm.card], fm.start, fm.end, fm.target, fm.place, kind, number=number, notes=notes,
                   from_row=fm.from_row, to_row=fm.to_row, notation="letter")
        # «ТД - свободный главный ряд (справа от туза пик)»: the bracket says where
        k = i + 1
        if fm.place and k < len(sent) and sent[k].text == "(":
            close = next((j for j in range(k, len(sent)) if sent[j].text == ")"), None)
            if close is not None:
                p.notes.append("position: " + " ".join(e.text for e in sent[k + 1:close]))
        out.append((el, p))
    return out, prev_number


def parse_moves(text: MappedText | str, source_id: str, notation: str, lang: str) -> MoveParse:
    """The moves of one worked example.

    ``text``: the example's cleaned text with its map to raw lines, or a plain string (its lines
    are then counted from 1). ``notation``: the shorthand in force (``"symbol"`` for 004,
    ``"letter"`` for 000/003, ``"words"`` when the source has none); ``lang``: ``"ru"`` or
    ``"uk"`` (for lemmas). Returns a :class:`MoveParse`; ``Move.lines`` are raw lines through the
    map, ``Move.to`` a standard card («KS») or a place (see :class:`pasyans.models.Move`).
    Raises :class:`~pasyans.extract.notation.NotationError` for an unknown notation or language,
    never for the text itself.
    """
    if notation not in NOTATIONS:
        raise NotationError(f"unknown notation {notation!r}")
    if lang not in ("ru", "uk"):
        raise NotationError(f"unknown language {lang!r}")
    if isinstance(text, str):
        mt = MappedText.from_lines(text.split("\n"), 1)
    elif isinstance(text, MappedText):
        mt = text
    else:
        raise NotationError(f"not a text: {type(text).__name__}")
    out = MoveParse()
    if not mt.text.strip():
        return out
    mt = _join_hyphenation(mt)
    s = mt.text
    sc = scan(s, notation, lang)
    out.tokens = sc.tokens
    for u in sc.unread:
        out.findings.append(Finding(source_id, mt.lines_of(u.start, max(u.end, u.start + 1)), "unparsed-card",
                                    f"«{u.raw}» looks like a card but was not read: {u.reason}", token=u.raw))
    for t in sc.tokens:
        if t.reading_note and ("OCR" in t.reading_note or "Latin" in t.reading_note):
            out.findings.append(Finding(source_id, mt.lines_of(t.start, t.end), "ocr-repair",
                                        f"«{t.raw}» read as {t.card}: {t.reading_note}", token=t.raw))
    els = _elements(s, sc.tokens, sc.moves, lang)
    reader = _Reader()
    prev_number = None
    sentence_of: dict[int, int] = {}
    for n_sent, sent in enumerate(_sentences(els)):
        formals, prev_number = _formal_protos(sent, prev_number, out.findings, source_id, mt)
        formal_at = {id(el): p for el, p in formals}
        sflags = {"conditional"} if any("COND" in el.cues for el in sent) else set()
        reader.ctx.sentence = n_sent
        first = True
        for cl, alone in _clauses(sent):
            if len(cl) == 1 and id(cl[0]) in formal_at:
                p = formal_at[id(cl[0])]
                reader.emit(p)
                reader.ctx.last_movers, reader.ctx.prev_moved = p.movers, True
                reader.ctx.history.extend(t for t in (p.movers[0], p.target) if t)
                sentence_of[id(p)] = n_sent
                continue
            cl = [el for el in cl if el.kind != "number"]
            if not cl:
                continue
            reader.carried = False
            made = reader.clause(cl, alone, sflags, not first)
            first = False
            for p in made:
                sentence_of[id(p)] = n_sent
            if (not made and not reader.carried and reader.ctx.pending_target is None and any(el.kind == "card" for el in cl)
                    and any(el.cues & set(_VERB_CUES) for el in cl)):
                a, b = cl[0].start, cl[-1].end
                out.findings.append(Finding(source_id, mt.lines_of(a, b), "unparsed-sentence",
                                            f"a clause with a move verb and cards gave no move: «{s[a:b].strip()[:160]}»"))
    if reader.shown:
        out.findings.append(Finding(source_id, mt.lines_of(max(0, len(s) - 1), len(s)), "unused-position",
                                    "the example describes a position no later move uses: " + ", ".join(reader.shown)))
    protos = _drop_superseded(reader.protos, sentence_of)
    out.moves = _finish(protos, s, mt, notation, lang)
    used = {c for m in out.moves for c in m.cards + ([m.to_card] if m.to_card else [])}
    mentions: list[Card] = []
    for t in sc.tokens:
        if t.card not in used and t.card not in mentions:
            mentions.append(t.card)
    out.mentions = mentions
    return out


def _drop_superseded(protos: list[_Proto], sentence_of: dict[int, int]) -> list[_Proto]:
    """Drop a draw or deal («изъята десятка», «следующей картой сдается ♣6») or a move with no
    destination («♦К перемещается») when a later move moves the same token, or the same card in
    the same sentence («кладуть його …: ПА6 - 6-й ряд»); the later move keeps the earlier start."""
    out: list[_Proto] = []
    for n, p in enumerate(protos):
        # a card «изъята» / «сбрасывается» with no partner and moved on later is a draw from the stock
        removal = p.kind in ("other", "discard") and p.target is None and p.place is None and p.to_row is None
        weak = p.kind == "deal" or (p.target is None and p.place is None and p.to_row is None)
        if weak and p.movers:
            later = next((q for q in protos[n + 1:] if q.movers and (
                q.movers[0] is p.movers[0] or (not removal and q.movers[0].card == p.movers[0].card
                                               and sentence_of.get(id(q)) == sentence_of.get(id(p))))), None)
            if later is not None and not (later.kind == "deal" or later.target is None and later.place is None
                                          and later.to_row is None):
                if sentence_of.get(id(later)) == sentence_of.get(id(p)) and later.notation != "letter":
                    later.start = min(later.start, p.start)
                continue
        out.append(p)
    return out


def _finish(protos: list[_Proto], s: str, mt: MappedText, notation: str, lang: str) -> list[Move]:
    """Proto-moves → :class:`Move` records: the foundation pass (onto an ace, or onto a card put
    on a foundation earlier in the example → ``to="foundation"``), kinds, the ``restated`` flag,
    rows named in words («з 3-го ряду … в вікно 7-го ряду»), raw text and raw lines."""
    moves: list[Move] = []
    on_foundation: list[Card] = []
    last_dest: dict[Card, tuple] = {}
    # one example uses «резервная стопка» for one kind of pile: when it speaks of several («в
    # другую резервную стопку»), every «резервная стопка» of it is one of the reserve piles
    several = any(p.place == "reserve" and "резервн" in s[p.start:p.end].lower() for p in protos)
    for p in protos:
        if several and p.place == "waste" and "резервн" in s[p.start:p.end].lower():
            p.place = "reserve"
        cards = p.card_list if p.card_list is not None else [t.card for t in p.movers for _ in range(t.count)]
        to_card = p.target.card if p.target else None
        to = p.place or (to_card.format() if to_card and p.kind != "discard" else None)
        notes = list(p.notes)
        on_foundation.extend(c for c, place in shown_before("; ".join(notes)) if place == "foundation")
        for t in p.movers + ([p.target] if p.target else []):
            if t.reading_note and t.reading_note not in notes:
                notes.append(t.reading_note)
        raw = s[p.start:p.end].strip()
        from_row, to_row = p.from_row, p.to_row
        if p.notation is None and "ряд" in raw:
            m_from, m_to = _ROW_FROM.search(raw), _ROW_TO.search(raw)
            from_row = from_row or (_row_number(m_from.group(1), lang) if m_from else None)
            to_row = _row_number(m_to.group(1), lang) if m_to else None
            m_right = _RIGHT_OF.search(raw)
            if to_card is None and to_row is not None and m_right:
                try:  # «у вікно 5-го ряду (праворуч від Ч9)»: the window right of that card
                    to_card = parse_card(m_right.group(1), notation)
                    to = to_card.format()
                    notes.append(f"the window right of {m_right.group(1)} in row {to_row}")
                except NotationError:
                    pass
            if to_card is None and to_row is not None and p.place is None:
                # «у вікно 4-го ряду»: a space (window) of that row; «в початок 6-го ряду»: the row start
                to = "space" if _WINDOW_WORD.search(raw) else f"row:{to_row}"
        beside = p.flags & (set(_SIDES.values()) | {"above"})
        if "above" in beside and to_card is not None:
            to = "foundation"   # «♦К помещается над ♦Т»: a base laid above another, in the foundation row
        if to_card is not None and to_row is None and p.kind != "discard" and not beside:
            if to_card.rank == 1:
                to = "foundation"
                notes.append("onto an ace: a foundation")
            elif to_card in on_foundation:
                to = "foundation"
                notes.append(f"onto {to_card}, put on a foundation earlier in this example")
        kind = p.kind
        if kind is None:
            if to == "foundation":
                kind = "to_foundation"
            elif to == "space":
                kind = "to_space"
            elif to_card is not None:
                kind = "sequence" if len(cards) > 1 else "build"
            else:
                kind = "other"
        flags = set(p.flags)
        key = (to, to_card, to_row, from_row)
        if cards and to is not None and last_dest.get(cards[0]) == key:
            flags.add("restated")
        if cards:
            last_dest[cards[0]] = key
        if to == "foundation":
            on_foundation.extend(cards)
        else:
            for c in cards:
                if c in on_foundation:
                    on_foundation.remove(c)
        lines = mt.lines_of(p.start, p.end) if p.end > p.start else mt.lines_of(p.start, p.start + 1)
        moves.append(Move(cards=cards, to=to, raw=raw, lines=lines, kind=kind, to_card=to_card,
                          from_row=from_row, to_row=to_row, number=p.number, flags=flags,
                          notation=p.notation or (p.movers[0].notation if p.movers else notation),
                          note="; ".join(notes) if notes else None,
                          shown=shown_before("; ".join(notes))))
    return moves
