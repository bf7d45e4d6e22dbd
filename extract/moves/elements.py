"""Text → elements (cards, words with lemmas and cue labels, numbers, punctuation, dashes) → sentences
→ clauses: the token stream the phrase forms of :mod:`.reader` and :mod:`.forms` read."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from pasyans import morph

from ..notation import LETTERS, CardToken, FormalMove
from ..text import MappedText
from .lexicon import ABBREV, ALT, AT_ONCE, FUNCTION, INTO, LIST, ON, PARENTHETICAL, PLACE_ADVERBS, PLACE_CUES, RELATIVE, SIDES, SINGLE, STRONG, VERB_CUES, cue_matcher


@dataclass
class El:
    kind: str  # card | formal | word | num | punct | dash
    start: int
    end: int
    text: str
    lemma: str = ""
    tag: object = None
    tok: CardToken | None = None
    fm: FormalMove | None = None
    cues: set = field(default_factory=set)
    lang: str = "ru"  # the passage's language (``parse_moves``'s ``lang``): the one its words are parsed in

    @property
    def low(self) -> str:
        return self.text.lower().replace("ё", "е")




GAP_RE = re.compile(rf"(?P<word>[{LETTERS}]+(?:['’ʼ][{LETTERS}]+)*(?:-[{LETTERS}]+)*)|(?P<num>\d+)"
                     r"|(?P<dash>\s?(?:->|=>|⇒|⟶|➔|➜|➡)\ufe0f?\s?|\s[-–—→>]\s|[–—→]|(?<=\s)-(?=\S)|(?<=\S)-(?=\s))|(?P<punct>[^\w\s])")
"""A word, a number, a dash standing for the verb (an arrow «♥10 → ♥В», «7♥ -> 8♣», «6♠ ⇒ 7♥», «Д♥ > К♠», «➡️» too), or punctuation."""


def join_hyphenation(mt: MappedText) -> MappedText:
    """Join words broken at a raw line end («помеща- ется» / «помеща-\\nется»): the hyphen and the
    line break are dropped when the characters around them come from different raw lines."""
    text = mt.text
    for m in reversed(list(re.finditer(r"(?<=[^\W\d_])-[ \n]+(?=[^\W\d_])", text))):
        s, e = m.span()
        if mt.line[s] != mt.line[e]:
            mt = mt.edit(s, e, "")
    return mt


def split_glued(word: str, lang: str) -> list[str] | None:
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
            if piece in FUNCTION:
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


def elements(text: str, cards: list[CardToken], formals: list[FormalMove], lang: str) -> list[El]:
    spans = sorted([(f.start, f.end, "formal", f) for f in formals]
                   + [(t.start, t.end, "card", t) for t in cards
                      if not any(f.start <= t.start < f.end for f in formals)],
                   key=lambda x: (x[0], -x[1]))
    els: list[El] = []
    pos = 0

    def gap(a: int, b: int) -> None:
        for m in GAP_RE.finditer(text, a, b):
            s, e = m.span()
            kind = m.lastgroup
            if kind == "word":
                w = m.group()
                pieces = None
                if len(w) >= 5 and not morph.is_known(w, lang) and "-" not in w:
                    pieces = split_glued(w, lang)
                for p in pieces or [w]:
                    ps = text.index(p, s, e)
                    p_ = morph.parse(p, lang)
                    els.append(El("word", ps, ps + len(p), p, morph.lemma(p, lang), p_.tag if p_ else None))
                    s = ps + len(p)
            elif kind == "dash":
                ds = s + (len(m.group()) - len(m.group().lstrip()))
                els.append(El("dash", ds, ds + 1, text[ds], m.group().strip()))   # (lemma: the whole sign, «->» an arrow)
            elif m.group() != "\ufe0f":   # «7♥️»: an emoji suit's variation selector is no element
                els.append(El(kind, s, e, m.group(), m.group().lower()))

    for s, e, kind, obj in spans:
        if s < pos:
            continue
        gap(pos, s)
        if kind == "formal":
            els.append(El("formal", s, e, text[s:e], fm=obj))
        else:
            els.append(El("card", s, e, text[s:e], tok=obj))
        pos = e
    gap(pos, len(text))
    for el in els:
        el.lang = lang
    mark_cues(els, lang)
    return els


_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")


def word_class(el: El) -> str:
    """The ``NORM`` a cue pattern can test (a plain value, no regex): ``"CARD"`` for a card or formal
    move, ``"NOUN-ABLT"`` (part of speech and case, upper case) for a word pymorphy3 parses, else ``""``."""
    if el.kind in ("card", "formal"):
        return "CARD"
    if el.kind != "word" or el.tag is None:
        return ""
    case = next((c for c in _CASES if c in el.tag.grammemes), "")
    return f"{el.tag.POS}-{case}".upper() if case else str(el.tag.POS or "")


def mark_cues(els: list[El], lang: str) -> None:
    """Run the :data:`CUES` matcher over the elements (a card stands as the word «CARD») and put
    each match's label on every element it covers."""
    matcher = cue_matcher(lang)
    if not els:
        return
    from ..textdoc import Doc
    words = [("CARD" if el.kind in ("card", "formal") else el.text.replace("ё", "е").replace("Ё", "Е")) for el in els]
    # a last «¶» stands for the end of the text, so that a pattern may want what follows a word («К♠ в пустую»)
    lemmas = [el.lemma if el.kind == "word" else el.text.lower() for el in els]
    doc = Doc.of_words(words + ["¶"], lemmas, [word_class(el) for el in els], lang)
    for lemma, lower, el in zip(lemmas, doc.column("LOWER"), els):
        el.cues |= SINGLE.get(("LEMMA", lemma), frozenset()) | SINGLE.get(("LOWER", lower), frozenset())
    for label, s, e in matcher(doc):
        for k in range(s, min(e, len(els))):
            els[k].cues.add(label)


# ---------------------------------------------------------------------------------------------
# sentences and clauses
# ---------------------------------------------------------------------------------------------

def sentences(els: list[El]) -> list[list[El]]:
    """Cut at «.», «!», «?», «…» — not after an abbreviation («т. д.», «рис.») or a number («1.») —, and
    after an emoji before a capital or a card (:func:`_emoji_end`)."""
    out, cur = [], []
    for i, el in enumerate(els):
        if not cur and el.kind == "dash" and el.text in "—–" and i + 1 < len(els) and els[i + 1].kind in ("word", "card") \
                and (els[i + 1].text[:1].isupper() or els[i + 1].kind == "card"):
            continue   # «— Валета пик можно снять …»: a dash opening direct speech (or a list item), no verb
        cur.append(el)
        if _emoji_end(els, i):
            out.append(cur)   # «поклала на 7♥️ 😊 Далі …»: an emoji before a capital ends a post's sentence
            cur = []
            continue
        if el.kind == "punct" and el.text in ".!?…":
            prev = els[i - 1] if i else None
            nxt = els[i + 1] if i + 1 < len(els) else None
            if prev is not None and prev.kind == "word" and prev.low in ABBREV:
                if prev.low == "т" or nxt is None or not (nxt.text[:1].isupper() or nxt.kind in ("card", "formal")):
                    continue
            if prev is not None and prev.kind == "num":
                continue
            if el.text == "…" or el.text == "." and (nxt is not None and nxt.text == "." or prev is not None and prev.text == "."):
                after = next((e for e in els[i + 1:] if e.text not in ".…"), None)
                if after is not None and after.kind in ("word", "card") and after.text[:1].islower():
                    continue   # «тянем из колоды... тройка треф»: a pause in speech, the sentence goes on
            if nxt is not None and nxt.kind == "formal" and prev is not None and prev.kind == "card":
                continue  # «Ч7. П84 - П74»: a damaged move number
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


_AND = frozenset({"и", "і", "й", "та"})


def rank_spelled_out(els: list[El]) -> list[El]:
    """A rank named, then the cards of that rank after a colon, to the end of the sentence: «Окно … заполняют
    двойкой: ♠2 либо ♥2», «кладут даму: ♥Д или ♦Д» — the cards stand for the rank word (its case, its place in
    the clause): the rank word and the colon are dropped, the list read where the rank stood. Only when every
    card after the colon names a suit and has that rank, joined by commas, «и», «или / либо»."""
    out = list(els)
    for i in range(len(out) - 3, -1, -1):
        el, colon = out[i], out[i + 1]
        if el.kind != "card" or el.tok is None or el.tok.card.suit is not None or el.tok.card.joker \
                or colon.kind != "punct" or colon.text != ":":
            continue
        j, cards = i + 2, 0
        while j < len(out) and not (out[j].kind == "punct" and out[j].text in ".!?;…"):
            e = out[j]
            if e.kind == "card" and e.tok is not None and e.tok.card.suit is not None and e.tok.card.rank == el.tok.card.rank:
                cards += 1
            elif not (e.kind == "punct" and e.text == "," or e.kind == "word" and (e.low in ALT or e.low in _AND)):
                break
            j += 1
        if cards and (j == len(out) or out[j].kind == "punct" and out[j].text in ".!?;…"):
            del out[i:i + 2]
    return out


def _emoji_end(els: list[El], i: int) -> bool:
    """Whether ``els[i]`` is an emoji (a pictograph, not a suit symbol) followed by a capitalized word or a card."""
    el, nxt = els[i], els[i + 1] if i + 1 < len(els) else None
    if el.kind != "punct" or nxt is None or not (nxt.kind == "card" or nxt.kind == "word" and nxt.text[:1].isupper()):
        return False
    return unicodedata.category(el.text[:1]) == "So" and el.text[:1] not in "♠♣♥♦♤♧♡♢"


_PREDICATES = frozenset(VERB_CUES)
_RANGE_FROM = frozenset({"от", "від"})
"""The preposition opening a run named by its ends («от ♠9 до ♥6», «від 9♠ до 7♣»)."""


def range_end(cl: list[El], i: int) -> bool:
    """Whether ``cl[i]`` is a card closing a range «до короля» that no «от X» opens: a rule's extent
    («на них строят по мастям вверх до короля», «від двійки до короля» is a run only with its first card)
    — never a card moved nor one moved onto."""
    if cl[i].kind != "card" or i == 0 or cl[i - 1].kind != "word" or cl[i - 1].low != "до":
        return False
    opened = i >= 3 and cl[i - 2].kind == "card" and cl[i - 3].kind == "word" and cl[i - 3].low in _RANGE_FROM
    return not opened


def has_predicate(seg: list[El]) -> bool:
    """Whether a stretch of a clause holds a predicate: a dash, a move verb, «на», «наверх»."""
    for n, el in enumerate(seg):
        if el.kind == "dash" and n and seg[n - 1].kind == "word" and seg[n - 1].lemma == "карта":
            continue   # «три карты — восьмерку, семерку и шестерку пик —»: an apposition, not «X — Y»
        if el.kind == "dash" or el.cues & _PREDICATES:
            return True
        if el.kind == "word" and (el.low in ON or el.low in PLACE_ADVERBS or el.low in SIDES):
            return True
    return False


def segment_after(main: list[El], i: int) -> list[El]:
    seg = []
    for el in main[i:]:
        if el.kind == "punct" and el.text in ",;:().!?" or (el.kind == "word" and el.low in STRONG):
            break
        seg.append(el)
    return seg


def _relative_aside(main: list[El], i: int, cur: list[El]) -> int | None:
    """The index of the comma closing a relative clause that opens at the comma ``main[i]`` between a
    card named with no predicate yet and the predicate after the aside («Туза чирв, що звільнився,
    відніс на базу», «Двійку треф, яка лежала в колоді, я теж відправив туди»); ``None`` otherwise."""
    if has_predicate(cur) or not any(e.kind == "card" for e in cur):
        return None
    nxt = main[i + 1] if i + 1 < len(main) else None
    # «четверку червей, открывшуюся под девяткой, туда же»: a participle's aside may name where the card lay
    # («Семерку пик, сняв ее с восьмерки, кладут в основание»: a gerund's aside too)
    participle = nxt is not None and nxt.kind == "word" and nxt.tag is not None and nxt.tag.POS in ("PRTF", "GRND")
    if not (nxt is not None and nxt.kind == "word" and (nxt.low in RELATIVE | {"що", "что"} or participle)):
        return _apposition(main, i)
    k = next((k for k in range(i + 2, len(main)) if main[k].kind == "punct" and main[k].text in ",;:"), None)
    if k is None or (not participle and any(e.kind == "card" for e in main[i + 1:k])):
        return None
    after = segment_after(main, k + 1)
    if not (has_predicate(after) or participle and any("SAME_PLACE" in e.cues for e in after)):
        return None
    return k


def _apposition(main: list[El], i: int) -> int | None:
    """The comma closing an apposition of two to four words, no card or predicate in it, between a card
    and its predicate: «Король червей, вершина пирамиды, уходит с поля последним»; ``None`` otherwise."""
    k = next((k for k in range(i + 1, min(i + 6, len(main))) if main[k].kind == "punct"), None)
    if k is None or main[k].text != "," or not 2 <= k - i - 1 <= 4:
        return None
    aside = main[i + 1:k]
    if any(e.kind != "word" or e.low in LIST | STRONG or e.tag is None or e.tag.POS not in ("NOUN", "ADJF")
           for e in aside) or has_predicate(aside):
        return None
    after = segment_after(main, k + 1)
    if not after or after[0].kind != "word" or not has_predicate(after[:1]):
        return None   # the predicate comes right after the aside
    return k


def _card_next(main: list[El], i: int) -> bool:
    """Whether a card stands at ``main[i]`` or right after one word there («двох королів»)."""
    return any(k < len(main) and main[k].kind == "card" for k in (i, i + 1)) and not (
        i < len(main) and main[i].kind == "punct")


def _has_place(seg: list[El]) -> bool:
    """Whether a stretch names a place a card goes into, verb left out: «туза пик в основание» («в» + a place)."""
    return any(el.kind == "word" and el.low in INTO and n + 1 < len(seg) and set(PLACE_CUES) & seg[n + 1].cues
               for n, el in enumerate(seg))


def _has_goal(seg: list[El]) -> bool:
    """Whether a stretch already says where its card goes: «Д♥ на К♠» («на» + a card), «♦5 — ♣6», «туза в основу»."""
    return _has_place(seg) or any(el.kind == "dash" or el.kind == "word" and el.low in ON and n + 1 < len(seg)
                                  and seg[n + 1].kind == "card" for n, el in enumerate(seg))


def _after_count(cur: list[El]) -> bool:
    """Whether the cards ending ``cur`` list what a word «карты» just before them counts («Переносим 3 карты ♠9, ♥8»)."""
    k = len(cur) - 1
    while k >= 0 and (cur[k].kind == "card" or cur[k].kind == "punct" and cur[k].text in ",(" or cur[k].kind == "word"
                      and cur[k].low in LIST or cur[k].kind == "dash" and _counted_before(cur, k)):
        k -= 1
    while k >= 0 and cur[k].kind == "word" and cur[k].low in AT_ONCE and k + 1 < len(cur) and cur[k + 1].kind == "dash":
        k -= 1   # «Три карти разом — десятку, дев'ятку і вісімку пік — …»: the count, an adverb, then the cards
    return k >= 0 and cur[k].kind == "word" and cur[k].lemma == "карта" and k + 1 < len(cur)


def _counted_before(cur: list[El], k: int) -> bool:
    """Whether the dash ``cur[k]`` follows a word «карта» (an adverb of :data:`AT_ONCE` may come between)."""
    j = k - 1
    while j >= 0 and cur[j].kind == "word" and cur[j].low in AT_ONCE:
        j -= 1
    return j >= 0 and cur[j].kind == "word" and cur[j].lemma == "карта"


def _listing_parens(sent: list[El]) -> set[int]:
    """Indices of the parentheses that list the cards a count just before them names («3 карты (♠9, ♥8, ♣7)»,
    uk «дві карти (8♦ і 7♣)») or a run («последовательность K-Q-J (KD, QC, JH)»): their cards are the clause's
    own, not an aside."""
    out: set[int] = set()
    for i, el in enumerate(sent):
        if not (el.kind == "punct" and el.text == "(" and i and (sent[i - 1].kind == "word" and sent[i - 1].lemma == "карта"
                                                                 or _run_named_before(sent, i))):
            continue
        j = next((k for k in range(i + 1, len(sent)) if sent[k].kind == "punct" and sent[k].text == ")"), None)
        inside = sent[i + 1:j] if j is not None else []
        if inside and sum(e.kind == "card" for e in inside) >= 2 and all(
                e.kind == "card" or e.kind == "punct" and e.text == "," or e.kind == "word" and e.low in LIST for e in inside):
            out |= {i, j}
    for i, el in enumerate(sent):   # «К♥ з усією купкою (п'ять карт) перенесіть …»: the count of the run, in the clause
        if el.kind == "punct" and el.text == "(" and i + 3 < len(sent) and numeral(sent[i + 1]) \
                and sent[i + 2].kind == "word" and sent[i + 2].lemma == "карта" \
                and sent[i + 3].kind == "punct" and sent[i + 3].text == ")":
            out |= {i, i + 3}
    return out


def _run_named_before(sent: list[El], i: int) -> bool:
    """Whether a word of runs («последовательность», «серия») stands just before ``sent[i]``, with at most a
    shorthand of its ranks between («K-Q-J») and no card."""
    for k in range(i - 1, max(i - 7, -1), -1):
        el = sent[k]
        if el.kind == "word" and "SERIES" in el.cues:
            return True
        if el.kind == "card" or el.kind == "word" and el.low.isalpha() and not el.low.isascii():
            return False
    return False


def _said_then_moved(cur: list[El], rest: list[El]) -> bool:
    """Whether a dash joins two clauses rather than standing for a verb: before it a finite verb that moves
    nothing («бачу», «вижу», «лежат») with cards, after it a verb of moving with a card of its own."""
    def finite(el: El) -> bool:   # (uk «три» is first a verb to pymorphy3, «терти»: a number is none)
        return el.kind == "word" and el.tag is not None and el.tag.POS == "VERB" and not numeral(el)
    nxt = []
    for el in rest:   # the clause right after the dash (up to a comma or «а / но»)
        if el.kind == "punct" and el.text == "," or el.kind == "word" and el.low in STRONG:
            break
        nxt.append(el)
    return any(finite(el) and not el.cues & set(VERB_CUES) for el in cur) and any(el.kind == "card" for el in cur) \
        and any(el.kind == "word" and el.cues & set(VERB_CUES) for el in nxt) and any(el.kind == "card" for el in nxt)


def numeral(el: El | None) -> bool:
    """A number of cards: «5», «п'ять», «три»."""
    return el is not None and (el.kind == "num" or el.kind == "word" and any(
        p.tag.POS == "NUMR" for p in morph.parses(el.low, el.lang)))   # (uk «три»: first a verb, «терти»)


def _quoted_name(main: list[El], i: int) -> bool:
    """Whether the quote mark ``main[i]`` opens or closes a short name in the middle of a clause: one to three words
    in «…», no card, no verb of moving, words on both sides («в «Гольфі» нічого не кладуть», «в «Косынке» короля
    кладут …»)."""
    if main[i].text == "«":
        a, b = i, next((n for n in range(i + 1, min(i + 5, len(main))) if main[n].kind == "punct" and main[n].text == "»"), None)
    else:
        a, b = next((n for n in range(i - 1, max(i - 5, -1), -1) if main[n].kind == "punct" and main[n].text == "«"), None), i
    if a is None or b is None or b - a < 2 or a == 0 or b + 1 >= len(main):
        return False
    inside = main[a + 1:b]
    return all(el.kind == "word" and not el.cues & set(VERB_CUES) for el in inside) \
        and main[a - 1].kind == "word" and main[b + 1].kind in ("word", "card")


def clauses(sent: list[El]) -> list[tuple[list[El], bool]]:
    """Clauses of a sentence, each with ``True`` when it stood in parentheses (read alone, after
    the others)."""
    main: list[El] = []
    paren: list[list[El]] = []
    depth = 0
    inline = _listing_parens(sent)
    for n, el in enumerate(sent):
        if n in inline:
            continue   # «Переносим 3 карты (♠9, ♥8, ♣7) на ♦10»: the cards counted, listed in parentheses
        if el.kind == "punct" and el.text == "(":
            depth += 1
            paren.append([])
            continue
        if el.kind == "punct" and el.text == ")" and depth:
            depth -= 1
            continue
        (paren[-1] if depth else main).append(el)
    out: list[tuple[list[El], bool]] = []
    cur: list[El] = []

    def close():
        nonlocal cur
        if cur:
            out.append((cur, False))
        cur = []

    skip_to = -1
    for i, el in enumerate(main):
        if i < skip_to:
            continue
        prev = main[i - 1] if i else None
        nxt = main[i + 1] if i + 1 < len(main) else None
        nxt2 = main[i + 2] if i + 2 < len(main) else None
        if el.kind == "formal":
            close()
            out.append(([el], False))
            continue
        if el.kind == "punct" and el.text in "«»" and _quoted_name(main, i):
            continue   # «На туза в «Гольфі» нічого не кладуть»: a name in quotes inside the clause, the clause goes on
        if el.kind == "punct" and el.text == ":" and nxt is not None and nxt.kind == "word" and nxt.low in ("это", "це") \
                and nxt2 is not None and nxt2.kind == "card":
            cur.append(el)   # «Переворачиваем верхнюю карту запаса: это восьмерка бубен»: the card named after, as with «,»
            continue
        if el.kind == "punct" and el.text in ";:«»\"":
            close()
            continue
        if el.kind == "punct" and el.text in ".!?…":
            continue
        if el.kind == "card" and prev is not None and prev.kind == "card" and i >= 2 and main[i - 2].kind == "dash" \
                and nxt is not None and nxt.kind == "dash":
            close()   # «1. ♣7–♥8 ♠Т–дом»: two moves written one after the other, no comma between
        if el.kind == "num" and nxt is not None and nxt.kind == "punct" and nxt.text in ".)" and nxt2 is not None \
                and nxt2.kind == "card" and any(e.kind == "dash" for e in cur):
            close()   # «♠Т–дом 2. ♠2–дом»: the next numbered move
            continue
        if el.kind == "dash" and _said_then_moved(cur, main[i + 1:]):
            close()   # «бачу дев'ятку пік і десятку пік — кладу дев'ятку на десятку»: what is seen, then the move
            continue
        if el.kind == "punct" and el.text == ",":
            end = _relative_aside(main, i, cur)
            if end is not None:
                skip_to = end + 1   # «Туза чирв, що звільнився, відніс на базу»: the aside left out
                continue
            between_cards = prev is not None and prev.kind == "card" and nxt is not None and (
                nxt.kind == "card" or (nxt.kind == "word" and nxt.low in LIST and nxt2 is not None and nxt2.kind == "card"))
            after = segment_after(main, i + 1)
            two = has_predicate(cur) and has_predicate(after) or _has_goal(cur) and _has_place(after)
            if between_cards and (not two or _after_count(cur)):   # «Д♥ на К♠, Т♠ в основу»: two moves, the 2nd verbless
                cur.append(el)  # a list: «♦3, ♦4, ♦5 — базовую», «серией ♥6, ♥5, ♥4», «3 карты (♠9, ♥8, ♣7) на ♦10»
            elif nxt is not None and nxt.kind == "word" and nxt.low in ("справа", "слева", "праворуч", "ліворуч"):
                cur.append(el)
            elif nxt is not None and nxt.kind == "word" and nxt.low in _RANGE_FROM and nxt2 is not None and nxt2.kind == "card" \
                    and any(e.kind == "word" and e.lemma in ("карта", "стос", "стопка", "серия", "серія", "колонка") for e in cur):
                cur.append(el)   # «стос із трьох карт, від 9♠ до 7♣, на 10♦»: the run named in apposition
            elif prev is not None and prev.kind == "card" and i >= 3 and main[i - 2].kind == "word" and main[i - 2].low == "до" \
                    and any(e.kind == "word" and e.low in _RANGE_FROM for e in cur) and nxt is not None \
                    and nxt.kind == "word" and nxt.low in ON | INTO:
                cur.append(el)   # (its closing comma: where the run goes follows)
            elif nxt is not None and nxt.kind == "word" and nxt.low in ALT and nxt2 is not None and nxt2.kind == "card" \
                    and any(e.kind == "word" and e.low == nxt.low for e in cur) \
                    and not (_has_goal(cur) and _has_goal(segment_after(main, i + 1))):   # («либо X на Y, либо Z на W»: two)
                cur.append(el)   # «покрытия ♠2 либо ♠3 из третьего ряда, либо ♠3 из седьмого ряда»: «либо …, либо …»
            elif numeral(nxt) and nxt2 is not None and nxt2.kind == "word" and nxt2.lemma == "карта" \
                    and i + 3 < len(main) and main[i + 3].kind == "punct" and main[i + 3].text == "," \
                    and any(e.kind == "card" for e in cur) or not has_predicate(cur) and i >= 3 and prev.kind == "word" \
                    and prev.lemma == "карта" and numeral(main[i - 2]) and main[i - 3].kind == "punct" and main[i - 3].text == ",":
                cur.append(el)   # «дев'ятку чирви з усією послідовністю, п'ять карт, перенесли …»: the count in apposition
            elif nxt is not None and nxt.kind == "word" and nxt.low in ("это", "це") and nxt2 is not None and nxt2.kind == "card":
                cur.append(el)   # «перевертаємо верхню карту колоди на відбій, це 4♦»: the card named after
            elif not any(e.kind == "card" for e in cur) and ((
                    nxt is not None and nxt.kind == "word" and nxt.low in PARENTHETICAL and nxt2 is not None
                    and nxt2.kind == "punct" and nxt2.text == "," and _card_next(main, i + 3)) or (
                    prev is not None and prev.kind == "word" and prev.low in PARENTHETICAL and i >= 2
                    and main[i - 2].kind == "punct" and main[i - 2].text == "," and _card_next(main, i + 1))):
                cur.append(el)  # «Я знімаю, скажімо, двох королів …»: an aside between commas, the clause goes on
            elif not has_predicate(cur) and (not any(e.kind == "card" for e in cur) or (
                    nxt is not None and nxt.kind == "word" and nxt.low in PARENTHETICAL)
                    or (cur[-1].kind == "word" and cur[-1].low in PARENTHETICAL)):
                cur.append(el)  # nothing to split off yet: «ее, в свою очередь, покрывает …», «♥8, однако, может …»
            else:
                close()
            continue
        if el.kind == "word" and el.low in STRONG:
            close()
            cur.append(el)
            continue
        if el.kind == "word" and el.low in LIST:
            if prev is not None and prev.kind == "card" and nxt is not None and nxt.kind == "card":
                if has_predicate(cur) and has_predicate(segment_after(main, i + 1)) and not _after_count(cur):
                    close()  # «♣3 — ♣2 и ♣4 — ♣3»
                cur.append(el)
            elif prev is not None and prev.kind == "punct" and nxt is not None and nxt.kind == "card":
                cur.append(el)
            elif nxt is not None and nxt.kind == "card" and prev is not None and prev.kind == "word" \
                    and (has_predicate(cur) or _has_place(cur)) and has_predicate(segment_after(main, i + 1)):
                close()  # «Туза пик кладём в основание и двойку пик на него»: a second move, its verb left out
                cur.append(el)
            elif nxt is not None and nxt.kind != "card" and has_predicate(cur):
                close()  # «…, и его покрывают», «… и переместите …»
                cur.append(el)
            else:
                cur.append(el)
            continue
        cur.append(el)
    close()
    out.extend((p, True) for p in paren if p)
    return out


def has_gram(tag, grammeme: str) -> bool:
    """Whether a pymorphy3 tag (or ``None``) holds ``grammeme`` (no error for a grammeme the
    language's tag set lacks)."""
    return tag is not None and grammeme in tag.grammemes


_TABLE_NUMBER = re.compile(r"\s*\|?\s*\d+\s*[.)]?\s*\|")


_DEST_CELL = re.compile(r"\s*(?:на|в|во|у|до|из|із|з|с)\s", re.I)
"""A table cell that says where a card goes («на ♥8», «в дом», «из ячейки в дом»)."""


def table_rows(text: str, line: list[int]) -> str:
    """A move table read as a numbered list: rows «1 | Т♠ | в базу», «| 2 | 9♣ | на 10♥ |» (the move's
    number, the card, where it goes; a middle column — «из 3-го столбца» — stays in the clause) become
    «1 ) Т♠ — в базу.»: the first bar after the number a «)», the bar before the last cell the dash (before the
    last cell saying where the card goes when a comment follows it, whose bars become «;»), the others spaces,
    the end of the row a sentence end; a header row («Ход | Карта | Куда») and a rule row
    («|---|---|») lose their bars. ``line``: the raw line of each character (:class:`MappedText`); only a
    table of two rows or more with the same number of bars is read so. Returns a text of the same length."""
    spans, a = [], 0
    for i in range(1, len(text) + 1):
        if i == len(text) or line[i] != line[a]:
            spans.append((a, i))
            a = i
    bars = Counter(text.count("|", a, b) for a, b in spans if "|" in text[a:b])
    if not bars or bars.most_common(1)[0][1] < 2:
        return text
    width = bars.most_common(1)[0][0]
    rows = [(a, b) for a, b in spans if text.count("|", a, b) == width]
    out = list(text)
    for a, b in rows:
        bars = [k for k in range(a, b) if text[k] == "|"]
        body = text[a:b].strip()
        if body.endswith("|"):
            out[bars[-1]] = " "
            bars = bars[:-1]
        if body.startswith("|"):
            out[bars[0]] = " "
            bars = bars[1:]
        if not bars:
            continue
        if not re.search(r"[^\s|:\-–—=+]", text[a:b]):   # a rule row «|---|:---|»
            out[a:b] = [" "] * (b - a)
            continue
        numbered = _TABLE_NUMBER.match(text, a) is not None
        # the dash goes before the cell that says where the card goes: the last cell, unless a comment follows
        # it («| 10 | ♥В | на ♣Д | лежала под ♦3 |»: the comment is a clause of its own)
        ends = bars[1:] + [b]
        dest = max((n for n, k in enumerate(bars) if _DEST_CELL.match(text, k + 1, ends[n])), default=len(bars) - 1)
        for n, k in enumerate(bars):
            out[k] = ")" if numbered and n == 0 else "—" if n == dest else ";" if n > dest else " "
        if (a, b) == rows[0] and not any(c in "♠♣♥♦" or c.isdigit() for c in text[a:b]):
            for k in bars:
                out[k] = ","   # a header row: «Ход | Карта | Куда»
        end = b - 1
        while end > a and out[end].isspace():
            end -= 1
        if out[end] not in ".;!?" and b - 1 > end:
            out[b - 1] = "."
    return "".join(out)


_NEW_SENTENCE = re.compile(r"[А-ЯЁІЇЄҐ][а-яёіїєґ'’ʼ]+")
_ITEM_NUMBER = re.compile(r"\d{1,3}[.)]\s")
"""A line opening on the number of a list item («3. 2♥ в дом», «4) …»): the line before it ended a sentence."""
_CARD_AT = re.compile(r"(?:10|[2-9AJQKTАВДКТ])\ufe0f?[♠♣♥♦]|[♠♣♥♦]\ufe0f?(?:10|[2-9AJQKTАВДКТ])")
"""A card in shorthand: a short line opening on one, followed by a line opening on one, is a line of moves
(a reply that is only moves, one a line: «9♠ на 10♥» / «8♥ на 9♠» / «К♠ в пустую»)."""


def line_ends(text: str, line: list[int]) -> str:
    """A line that ends with no punctuation and a next line that opens on a capitalized word, a card or the
    number of a list item («2. 7♣ на 8♦» / «3. 2♥ в дом»; after «)» too) («…
    5♠ из ячейки → 6♥» / «Потом отправил 10♣ на J♦», «9♠ на 10♥» / «8♥ на 9♠»: a post's lines, a list of moves) end a sentence:
    the separator between the lines becomes «.». ``line``: the raw line of each character; returns a
    text of the same length."""
    out = list(text)
    for i in range(len(text) - 1):
        if line[i] == line[i + 1] or not text[i].isspace():
            continue
        j = i + 1
        while j < len(text) and text[j].isspace():
            j += 1
        k = i - 1
        while k >= 0 and text[k].isspace():
            k -= 1
        item = _ITEM_NUMBER.match(text, j) is not None   # «2. 7♣ на 8♦» / «3. 2♥ в дом (…)» / «4. К♠ …»: a record
        if k < 0 or j >= len(text) or not (text[k].isalnum() or text[k] in "♠♣♥♦" or item and text[k] == ")"):
            continue
        if not (_NEW_SENTENCE.match(text, j) or item):
            a = k
            while a > 0 and line[a - 1] == line[k]:
                a -= 1
            while a < k and text[a].isspace():
                a += 1
            cur = text[a:k + 1]
            if not (_CARD_AT.match(text, j) and _CARD_AT.match(text, a) and "," not in cur
                    and len(re.findall(r"[^\W\d_]{2,}", cur)) <= 2):
                continue   # (a book's line broken anywhere, «♦К, а ♦В — ♦Д, за которой следует», goes on)
        out[i] = "."
    return "".join(out)
