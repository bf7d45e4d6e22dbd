"""The moves of a worked example, read from its text: :func:`parse_moves`.

Reading, in order:

1. card shorthand and formal moves are cut out first (:func:`pasyans.extract.notation.scan`:
   grammar-checked, with offsets), word-form cards found by lemmas;
2. the rest is split into words and punctuation; a word glued to a function word by a lost
   space («помещаетсяна», «восьмерокина») is split when pymorphy3 does not know it but knows
   the parts; every word gets its pymorphy3 lemma;
3. a ``Matcher`` (:mod:`pasyans.extract.matcher`, spaCy's pattern format) on those lemmas marks the cue words and phrases of :data:`CUES`
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
   вынесены»); «может быть помещена», «должна быть помещена» are moves. A move asked about
   («Куди піде сімка пік?») is none either: the answer in the next sentence completes it
   (:mod:`.answers`: «Відповідь: на вісімку чирв.», «Короля пик!», «Ні.»).

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

from pasyans.cards import Card
from pasyans.models import Finding, Move

from ..notation import NOTATIONS, CardToken, NotationError, scan
from ..text import MappedText, tokenizable
from .answers import answer_of, asked, asks, compose, ends_asking, yes_no
from .continued import mark_and_so_on
from .elements import clauses, elements, join_hyphenation, line_ends, range_end, rank_spelled_out, sentences, table_rows
from .clause_words import without_lead_dash
from .destinations import GameContext, game_context
from .facts import SHOWN_NOTE, note_turned_up, shown_before
from .positions import nothing_put
from .discards import pair_by_numbers
from .finish import drop_superseded, finish_moves, formal_protos, named_before
from .lexicon import ALT, VERB_CUES
from .phrases import UNNAMED, distribute_suits, elliptic_suits, range_cards, restated_in_parentheses, symbol_after_rank
from .reader import Reader

__all__ = ["GameContext", "MoveParse", "game_context", "parse_moves", "shown_before", "SHOWN_NOTE", "UNNAMED"]


_BULLET = re.compile(r"(?m)^([ \t]*)([-*•–—])(?=[ \t]+\S)")
"""A list item's bullet at the start of a line (numbered items keep their numbers: formal moves use them)."""


_IF = frozenset({"если", "якщо", "коли", "ежели"})
_LIKE = frozenset({"хотите", "хочешь", "хочете", "хочеш", "угодно", "завгодно", "нравится", "подобається", "хочется",
                   "хочеться", "желаете", "бажаєте", "удобнее", "зручніше"})


def _without_if_you_like(els: list) -> list:
    """«…, или, если хотите, на ♣10», uk «або, якщо хочете, на ♣10»: «if you like» set off by commas leaves the
    reader's choice to the reader — no condition of the move; the two words and the comma after them are dropped
    (the option after «или» then reads as one)."""
    out, n = [], 0
    while n < len(els):
        el = els[n]
        if el.kind == "word" and el.low in _IF and n + 1 < len(els) and els[n + 1].kind == "word" \
                and els[n + 1].low in _LIKE and n and els[n - 1].kind == "punct" and els[n - 1].text == "," \
                and n + 2 < len(els) and els[n + 2].kind == "punct" and els[n + 2].text in (",", "—", "–"):
            if out and out[-1].kind == "punct" and out[-1].text == "," and len(out) > 1 and out[-2].kind == "word" \
                    and out[-2].low in ALT:
                out.pop()   # «или, если хотите, на ♣10» → «или на ♣10»
            n += 3
            continue
        out.append(el)
        n += 1
    return out


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



_WOULD = frozenset({"бы", "б", "би"})
_WOULD_IF = frozenset({"якби", "якбы", "еслибы"})
_WAS = frozenset({"было", "було"})
_SPEAKER = frozenset({"я", "мы", "ми", "мне", "нам"})


def counterfactual(cl: list) -> bool:
    """Whether a clause speaks of a move that was not made: «бы» / «б» with «было» («её можно было бы
    переложить на ♥7», «лучше было бы положить ♣9», uk «можна було б»), or with the speaker as the one who
    would have moved («если бы мы начали с 8♣», «я б поклав», uk «якби я …»), or with a move verb in the past
    («Если бы на 5-м ходу король пик пошёл в ячейку, партия бы застряла») — not a move of the example.
    A hypothetical about what the deal brings stays a conditional move («Если бы следующей картой выпадала
    ♣3 …, то они были бы сведены …», «Его следовало бы поместить в резервную стопку»: the book's gold)."""
    words = [el for el in cl if el.kind == "word"]
    would = any(el.low in _WOULD for el in words) or any(el.low in _WOULD_IF for el in words)
    moved = any(el.cues & set(VERB_CUES) and el.tag is not None and el.tag.POS == "VERB" and "past" in el.tag.grammemes
                for el in words)   # «Если бы на 5-м ходу король пик пошёл в ячейку»: a move in the past with «бы»
    return would and (moved or any(el.low in _WAS or el.low in _SPEAKER for el in words))


_WHEN = frozenset({"коли", "щойно", "когда"})


def _told_when(sent, k: int) -> bool:
    """Whether the condition word ``sent[k]`` is a «when» of a story, not a condition: «Коли один стовпчик
    спорожнів, його зайняв король» — its clause's verb is in the past tense (a condition or a rule has a present
    or future one: «Коли звільниться стовпчик, туди кладуть короля»)."""
    if sent[k].kind != "word" or sent[k].low not in _WHEN:
        return False
    for el in sent[k + 1:]:
        if el.kind == "punct" and el.text in ",;:.":
            return False
        if el.kind == "word" and el.tag is not None and el.tag.POS == "VERB":
            return "past" in el.tag.grammemes
    return False


def parse_moves(text: MappedText | str, source_id: str, notation: str, lang: str,
                context: GameContext | None = None) -> MoveParse:
    """The moves of one worked example.

    ``text``: the example's cleaned text with its map to raw lines, or a plain string (its lines
    are then counted from 1). ``notation``: the shorthand in force (``"symbol"`` for 004,
    ``"letter"`` for 000/003, ``"words"`` when the source has none); ``lang``: ``"ru"`` or
    ``"uk"`` (for lemmas). Returns a :class:`MoveParse`; ``Move.lines`` are raw lines through the
    map, ``Move.to`` a standard card («KS») or a place (see :class:`pasyans.models.Move`).
    ``context``: what the game's own text says of its layout (:func:`game_context`: what lies in
    the corners, whether «под X» is onto X); without it those are assumed or left unresolved.
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
    mt = join_hyphenation(mt)
    s = tokenizable(mt.text)  # a lone surrogate (only from a caller, never a file) → U+FFFD, same offsets
    s = _BULLET.sub(lambda m: m.group(1) + " " * len(m.group(2)), s)  # «- Переносимо …»: a list item, no dash
    printed, s = s, line_ends(table_rows(s, mt.line), mt.line)  # «1 | Т♠ | в базу»: a move table, read as a numbered list
    sc = scan(s, notation, lang)
    extra = [t for t in range_cards(s, getattr(sc, "ranges", []), lang)
             if not any(u.start < t.end and t.start < u.end for u in sc.tokens)]
    sc.tokens = restated_in_parentheses(s, elliptic_suits(s, symbol_after_rank(
        s, distribute_suits(s, sorted(sc.tokens + extra, key=lambda t: t.start), lang)), lang))
    out.tokens = sc.tokens
    for u in sc.unread:
        if any(t.start <= u.start < t.end for t in sc.tokens):
            continue   # a symbol a rank word took («туза ♦️»)
        out.findings.append(Finding(source_id, mt.lines_of(u.start, max(u.end, u.start + 1)), "unparsed-card",
                                    f"«{u.raw}» looks like a card but was not read: {u.reason}", token=u.raw))
    for t in sc.tokens:
        if t.reading_note and ("OCR" in t.reading_note or "Latin" in t.reading_note):
            out.findings.append(Finding(source_id, mt.lines_of(t.start, t.end), "ocr-repair",
                                        f"«{t.raw}» read as {t.card}: {t.reading_note}", token=t.raw))
    els = pair_by_numbers(elements(s, sc.tokens, sc.moves, lang))   # «пара 8 и 5»: the ranks a pair is named by
    els = [el for n, el in enumerate(els) if not (   # «или же на ♣10», uk «або ж»: the particle after «or» says nothing
        el.kind == "word" and el.low in ("же", "ж") and n and els[n - 1].kind == "word" and els[n - 1].low in ALT)]
    els = rank_spelled_out(_without_if_you_like(els))   # «заполняют двойкой: ♠2 либо ♥2»: the cards for the rank
    reader = Reader(context)
    prev_number = None
    sentence_of: dict[int, int] = {}
    supposed = False
    pending = None  # (sentence, [(clause, asked, moves asked about, finding)], flags) of a question just read
    for n_sent, sent in enumerate(sentences(els)):
        formals, prev_number = formal_protos(sent, prev_number, out.findings, source_id, mt)
        formal_at = {id(el): p for el, p in formals}
        sflags = {"conditional"} if supposed or any("COND" in el.cues and not _told_when(sent, k)
                                                    for k, el in enumerate(sent)) else set()
        # «Допустим, ♠Т лежит …. Сначала ♣9 перекладываем …»: what follows a supposition about the cards
        # is as hypothetical as it; a supposition naming no card («Допустим, расклад вышел таким, как на
        # примере») is the example itself
        supposed = supposed or (any("SUPPOSE" in el.cues for el in sent) and any(el.kind == "card" for el in sent))
        reader.ctx.sentence = n_sent
        question = asks(sent)
        if pending is not None and pending[0] == n_sent - 1 and not question \
                and _answered(pending, answer_of(sent), sflags, reader, out.findings, sentence_of, n_sent):
            pending = None
            continue   # «Куди піде сімка пік? Відповідь: на вісімку чирв.»: the answer completed the move asked about
        pending = (n_sent, [], sflags) if question or ends_asking(sent) else None
        first = True
        cf_before = False
        for cl, alone in clauses(sent):
            if len(cl) == 1 and id(cl[0]) in formal_at:
                p = formal_at[id(cl[0])]
                reader.emit(p)
                reader.ctx.last_movers, reader.ctx.prev_moved = p.movers, True
                reader.ctx.history.extend(t for t in (p.movers[0], p.target) if t)
                sentence_of[id(p)] = n_sent
                continue
            cl = [el for el in cl if el.kind != "number"]
            cl = [el for i, el in enumerate(cl) if not range_end(cl, i)]   # «… вверх до короля»: a rule's extent
            cl = without_lead_dash(cl)   # «…, потім — на неї дев'ятку треф»: the dash after «потім» stands for the verb
            if not cl:
                continue
            reader.carried = False
            if nothing_put(cl):
                a, b = cl[0].start, cl[-1].end   # «на короля ничего не кладут»: a rule, read, no move
                out.findings.append(Finding(source_id, mt.lines_of(a, b), "not-a-move",
                                            f"a rule (nothing goes there), not a move of the example: «{s[a:b].strip()[:160]}»"))
                first = False
                continue
            if any("STUCK" in el.cues for el in cl) and reader.protos and "stuck" not in reader.protos[-1].claims:
                reader.protos[-1].claims.append("stuck")   # «Дальнейшие ходы невозможны»: after the move before
            made = reader.clause(cl, alone, sflags, not first)
            first = False
            cf = counterfactual(cl) or cf_before and not any(el.cues & set(VERB_CUES) for el in cl)
            cf_before = cf   # «… можно было бы положить | и на восьмерку треф»: the ellipsis goes with it
            asks_of = asked(cl) if question and not alone else None
            finding = None
            if made and (cf or question):
                # «её можно было бы переложить на ♥7», «Куда положить ♠7?»: what did not happen, or is asked
                reader.protos = [p for p in reader.protos if p not in made]
                a, b = cl[0].start, cl[-1].end
                why = "a move not made (would have been)" if cf else "a move asked about"
                finding = Finding(source_id, mt.lines_of(a, b), "not-a-move",
                                  f"{why}, not a move of the example: «{s[a:b].strip()[:160]}»")
                out.findings.append(finding)
            if asks_of is not None and not cf:
                pending[1].append((cl, asks_of, made, finding))   # what the next sentence may answer
            elif pending is not None and not question and made and not alone:
                pending[1].append((cl, ("kept", 0, 0), made, None))   # «♠3 на ♥4 нельзя?» / «Можно: …»
            if made and (cf or question):
                made, reader.carried = [], True
            for p in made:
                sentence_of[id(p)] = n_sent
            if not alone:
                note_turned_up(cl, made, lambda: [p for p in reader.protos if sentence_of.get(id(p)) == n_sent],
                               reader.protos)
            if (not made and not reader.carried and reader.ctx.pending_target is None and any(el.kind == "card" for el in cl)
                    and any(el.cues & (set(VERB_CUES) - {"TAKE"}) for el in cl)):
                a, b = cl[0].start, cl[-1].end
                out.findings.append(Finding(source_id, mt.lines_of(a, b), "unparsed-sentence",
                                            f"a clause with a move verb and cards gave no move: «{s[a:b].strip()[:160]}»"))
    unused_shown = {item.split()[0] for item in reader.shown}   # the cards of the «unused-position» finding
    if reader.shown:
        out.findings.append(Finding(source_id, mt.lines_of(max(0, len(s) - 1), len(s)), "unused-position",
                                    "the example describes a position no later move uses: " + ", ".join(reader.shown)))
    for p, n_sent in reader.taken_not_put():
        sentence_of[id(p)] = n_sent
    protos = drop_superseded(reader.protos, sentence_of)
    mark_and_so_on(protos, s, [t.start for t in sc.tokens])
    out.moves = finish_moves(protos, s, mt, notation, lang, context, out.findings, source_id,
                             printed=printed if printed != s else None)
    named_before(protos, out.moves, sc.tokens, s)
    for t, cards in _ambiguous_ranks(reader.ambiguous, protos):
        out.findings.append(Finding(source_id, mt.lines_of(t.start, t.end), "ambiguous-card",
                                    f"«{t.raw}» may be any of {', '.join(c.format() for c in cards)} named before: "
                                    "the move keeps the rank alone", token=t.raw))
    used = {c for m in out.moves for c in m.cards + ([m.to_card] if m.to_card else [])}
    mentions: list[Card] = []
    for t in sc.tokens:
        if t.card not in used and t.card not in mentions:
            mentions.append(t.card)
    out.mentions = mentions
    out.findings.extend(unmoved_cards(sc.tokens, used, out.findings, mt, source_id, unused_shown))
    return out


def _ambiguous_ranks(found: list, protos: list) -> list:
    """The ``(token, cards)`` of :attr:`Reader.ambiguous` whose token a kept move names (as its card or the card it
    goes onto), each token once, in text order."""
    used = {id(t) for p in protos for t in list(p.movers) + [p.target] if t is not None}
    out, seen = [], set()
    for t, cards in found:
        if id(t) in used and id(t) not in seen:
            seen.add(id(t))
            out.append((t, cards))
    return sorted(out, key=lambda x: x[0].start)


def _answered(pending, answer: list, sflags: set, reader: Reader, findings: list[Finding], sentence_of: dict,
              n_sent: int) -> bool:
    """Complete the moves the question ``pending`` asked about by the answer sentence ``answer`` (its label
    read past: :func:`.answers.answer_of`): a yes makes them, a no forbids them, a destination or a card
    stands for the question words and the question's clause is read again (:func:`.answers.compose`; in the
    question's sentence, so «Звільнився стовпчик. Яку карту туди …?» keeps its «туди»). ``True`` when the
    sentence was such an answer (it is then read no further)."""
    q_sent, items, q_flags = pending
    done = False
    for cl, (what, i, j), protos, finding in items:
        if what == "kept":
            # «♠3 на ♥4 нельзя? Можно: …»: a move asked about with no question word, kept; the answer decides
            # whether it is forbidden, and is read on (it may give moves of its own)
            yes = yes_no(answer)
            for p in protos if yes is not None else ():
                (p.flags.discard if yes else p.flags.add)("prohibited")
                p.notes.append("the answer after the question: " + ("yes" if yes else "no"))
            continue
        if what == "yes-no":
            yes = yes_no(answer)
            if yes is None or not protos:
                continue
            for p in protos:
                if not yes:
                    p.flags.add("prohibited")
                if cl[0].kind == "word" and cl[0].low == "чи":
                    p.flags.discard("alternative")   # «Чи можна …?»: uk «чи» opening a question asks, it is no «or»
                p.notes.append("the answer after the question: " + ("yes" if yes else "no"))
                reader.emit(p)
                sentence_of[id(p)] = n_sent
            if finding in findings:
                findings.remove(finding)
            done = True
            continue
        composed = compose(cl, what, i, j, answer)
        if composed is None:
            continue
        reader.ctx.sentence = q_sent
        made = reader.clause(composed, False, q_flags | sflags, False)
        reader.ctx.sentence = n_sent
        for p in made:
            p.start, p.end = min(el.start for el in composed), max(el.end for el in composed)
            p.notes.append("the question's move, completed by the answer after it")
            sentence_of[id(p)] = n_sent
        if made and finding in findings:
            findings.remove(finding)
        done = done or bool(made)
    return done


def unmoved_cards(tokens, used: set, findings: list[Finding], mt: MappedText, source_id: str,
                  reported_cards: set[str] = frozenset()) -> list[Finding]:
    """One ``card-in-no-move`` finding per raw line for the card tokens of an example that give no move
    (neither moved nor a destination: a position stated, a rule's card, or a move the reader missed), so
    that none is dropped silently — except those of a line another finding of this reading already
    reports (``not-a-move``, ``unparsed-*``) and the cards ``reported_cards`` (standard codes) the
    ``unused-position`` finding names. A rank alone whose rank a move uses counts as used."""
    reported = {n for f in findings if f.kind in ("not-a-move", "unparsed-sentence", "unparsed-card")
                for n in range(f.lines[0], f.lines[1] + 1)}
    ranks = {c.rank for c in used}
    by_line: dict[int, list[str]] = {}
    for t in tokens:
        if t.card in used or (t.card.suit is None and t.card.rank in ranks) or t.card.format() in reported_cards:
            continue
        line = mt.lines_of(t.start, t.end)[0]
        if line not in reported and t.raw not in by_line.setdefault(line, []):
            by_line[line].append(t.raw)
    return [Finding(source_id, (n, n), "card-in-no-move",
                    "named in the example but in no move: " + ", ".join(f"«{r}»" for r in raws[:8])
                    + (" …" if len(raws) > 8 else "") + " (a position or a rule stated, or a move not read)")
            for n, raws in sorted(by_line.items()) if raws]
