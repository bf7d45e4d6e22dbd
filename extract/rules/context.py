"""The state of reading one text: its tokens and sentences, the claims made so far, specials,
findings — and the pile a cue belongs to (its *anchor*).

A cue that can describe either the foundations or the tableau («в нисходящей последовательности»,
«той же масти») is given to the nearest anchor word of its clause (foundations: «базовый»,
«основание», «основа», «ряд тузов», «на тузах»; tableau: «стопка», «столбец», «расклад», «друг на
друга» …; waste: «резервная стопка», «сброс»), then to the section of the manual it stands in
(«Основание\\t…»), then to the nearest anchor of its sentence, then of the sentence before, then to
the pile the text spoke of last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pasyans.models import Finding

from ..text import MappedText
from .schema import allowed_values
from .tokens import Sent, Tok, sentences, tokens

PILE_KINDS = ("foundations", "tableau", "waste")
_CLAUSE_WORDS = {"или", "либо", "но", "а", "або", "чи", "але"}
_CLAUSE_PUNCT = set(",;:()")


@dataclass
class Claim:
    """A sentence (index ``sent``) says field ``field`` has ``value``; the strongest claims win.
    ``rule`` names the data row (or mechanic) that made it."""

    field: str
    value: Any
    sent: int
    strength: int = 1
    rule: str = ""


_IT = frozenset({"он", "она", "оно", "він", "вона", "воно"})
"""Singular pronouns («на него», «на нього»): after an ace they stand for it (:meth:`Context.anchor`)."""


class Context:
    """One text being read (see module doc). ``lang``: ``"ru"``/``"uk"``; ``source``/``game``
    label the findings."""

    def __init__(self, mt: MappedText, lang: str, source: str | None, game: str | None):
        self.mt, self.lang, self.source, self.game = mt, lang, source, game
        self.toks: list[Tok] = tokens(mt.text, lang)
        self.sents: list[Sent] = sentences(mt, self.toks, lang)
        self.claims: list[Claim] = []
        self.findings: list[Finding] = []
        self.special: list[dict] = []
        self.context: str | None = None         # the pile of the last anchored cue
        self.notes: dict[str, Any] = {}          # what one step leaves for a later one
        self.memo: dict[tuple, Any] = {}         # values computed once a sentence (values.per_sentence)
        self.text_cues = {label for s in self.sents for label in s.cues}

    # -- records -----------------------------------------------------------------------------
    def claim(self, field: str, value: Any, k: int, strength: int = 1, rule: str = "") -> None:
        """Record a claim; a value outside the schema's enum is a bug in the data (``AssertionError``)."""
        enum = allowed_values(field)
        if enum is not None and value not in enum:
            raise AssertionError(f"{rule or '?'}: {field} = {value!r} is not in the schema enum {enum}")
        self.claims.append(Claim(field, value, k, strength, rule))

    def finding(self, k: int, kind: str, message: str, token: str | None = None) -> None:
        s = self.sents[k]
        self.findings.append(Finding(self.source or "?", s.lines, kind, message, token, self.game))

    def add_special(self, name: str, description: str, sent: Sent, params: dict | None = None,
                    once: bool = True, ref: str | None = None) -> dict:
        """Append a special with the sentence's quote and lines (once per name unless ``once=False``);
        returns the entry (the existing one when it was there)."""
        if once:
            old = next((x for x in self.special if x["name"] == name), None)
            if old is not None:
                return old
        item = {"name": name, "description": description, "quote": sent.quote, "lines": list(sent.lines)}
        if params is not None:
            item["params"] = params
        if ref is not None:
            item["ref"] = ref
        self.special.append(item)
        return item

    def joined(self, a: Sent, b: Sent) -> int:
        """A pseudo-sentence quoting ``a`` and ``b`` together (evidence of one rule told over two
        sentences); returns its index for :meth:`claim`."""
        first, last = (a, b) if a.lines[0] <= b.lines[0] else (b, a)
        self.sents.append(Sent(len(self.sents), 0, 0, f"{first.quote} {last.quote}",
                               (min(a.lines[0], b.lines[0]), max(a.lines[1], b.lines[1]))))
        return len(self.sents) - 1

    def best(self, field: str) -> Any:
        """The value the strongest claim so far gives ``field`` (the first of them), or ``None``."""
        cands = [c for c in self.claims if c.field == field]
        if not cands:
            return None
        top = max(c.strength for c in cands)
        return next(c.value for c in cands if c.strength == top)

    # -- tokens --------------------------------------------------------------------------------
    def words(self, sent: Sent) -> list[Tok]:
        return self.toks[sent.start:sent.end]

    def lemmas(self, sent: Sent) -> set[str]:
        return {t.lemma for t in self.toks[sent.start:sent.end]}

    def number_at(self, s: int, e: int) -> int | None:
        """The number spelt by the number tokens of ``[s, e)`` («двадцать восемь» → 28)."""
        vals = [t.num for t in self.toks[s:e] if t.num is not None]
        if not vals:
            return None
        total = vals[0]
        for v in vals[1:]:
            if total % 10 == 0 and v < 10 and total >= 20:
                total += v
            else:
                break
        return total

    def preceded_by(self, i: int, lemmas: set[str], window: int = 2) -> bool:
        return any(t.lemma in lemmas for t in self.toks[max(0, i - window): i])

    def negated(self, s: int) -> bool:
        """A «не» / «нельзя» in the three tokens before token ``s``."""
        return any(t.lemma in ("не", "нельзя", "ні") for t in self.toks[max(0, s - 3): s] if not t.is_punct)

    def contrasted(self, sent: Sent) -> list[tuple[int, int]]:
        """Token ranges a contrast denies: the clause after «а не», «но не», uk «а не», «але не»
        («Переносится вся стопка целиком, а не только верхняя карта», «Стос переноситься лише цілком, а не
        по одній карті»): what follows the «не» up to the clause's end is what the rule is *not*. The
        «не» itself stays outside the range (a cue that starts on it reads the negation)."""
        key = ("contrasted", sent.k)
        if key not in self.memo:
            out = []
            for i in range(sent.start + 1, sent.end - 1):
                if self.toks[i].lemma == "не" and self.toks[i - 1].lemma in ("а", "но", "але", "проте"):
                    out.append((i + 1, self.clause(sent, i + 1)[1]))
            self.memo[key] = out
        return self.memo[key]

    def clause(self, sent: Sent, i: int) -> tuple[int, int]:
        """The clause of token ``i``: between commas, semicolons, brackets or «или»/«но»/«а»."""
        a = i
        while a > sent.start and not self._boundary(self.toks[a - 1]):
            a -= 1
        b = i
        while b < sent.end and not self._boundary(self.toks[b]):
            b += 1
        return a, b

    @staticmethod
    def _boundary(t: Tok) -> bool:
        return t.text in _CLAUSE_PUNCT or t.lemma in _CLAUSE_WORDS

    # -- anchors -------------------------------------------------------------------------------
    def _barred(self, sent: Sent) -> set[int]:
        """Tokens of a prohibition's clause («нельзя класть на короля туза») and of a wrap pair."""
        barred: set[int] = set()
        for i in range(sent.start, sent.end):
            if self.toks[i].lemma == "нельзя":
                barred.update(range(*self.clause(sent, i)))
        barred.update(i for a, b in sent.spans("WRAP_PAIR") for i in range(a, b))
        return barred

    def anchor(self, sent: Sent, s: int, e: int, prev: Sent | None = None) -> str | None:
        """``"foundations"``, ``"tableau"`` or ``"waste"``: the pile the cue ``[s, e)`` speaks of
        (module doc), or ``None`` when the text names none."""
        toks = self.toks
        barred = self._barred(sent)
        f_strong = [x for x in sent.spans("F_ANCHOR") if not (s <= x[0] < e) and x[0] not in barred]
        f_tokens = {i for x in sent.spans("F_ANCHOR") for i in range(*x)}
        # «Карты из расклада собираются … в основаниях»: the pile cards come from is not the one built on
        t_strong = [x for x in sent.spans("T_ANCHOR") if not (s <= x[0] < e) and not any(i in f_tokens for i in range(*x))
                    and not (f_strong and self.preceded_by(x[0], {"из", "с", "з", "із", "от", "від"}, 1))]
        f_weak = [x for x in sent.spans("F_WEAK") if not (s <= x[0] < e) and x[0] not in f_tokens
                  and not self.preceded_by(x[0], {"до", "от", "к", "кроме", "від"})]
        t_weak = [x for x in sent.spans("T_WEAK") if not (s <= x[0] < e)]
        w_strong = [x for x in sent.spans("W_ANCHOR") if not (s <= x[0] < e)]
        w_tokens = {i for x in w_strong for i in range(*x)}
        t_strong = [x for x in t_strong if not any(i in w_tokens for i in range(*x))]
        strong = ([("foundations", x) for x in f_strong] + [("tableau", x) for x in t_strong]
                  + [("waste", x) for x in w_strong])
        # «на них», «на которых», «их покрывали»: the piles named before
        for i in range(sent.start, sent.end - 1):
            on_them = toks[i].lemma == "на" and toks[i + 1].lemma in ("они", "который", "вони", "який")
            them_covered = toks[i].lower == "их" and toks[i + 1].lower.startswith("покр")
            # «Освободившийся туз выставляют …, и на него кладут карты той же масти»: the ace named
            # before is the pile built on (a singular pronoun stands for nothing else here)
            on_it = toks[i].lemma == "на" and toks[i + 1].lemma in _IT and not (s <= i < e) \
                and any(x[1] <= i for x in f_strong + f_weak)
            if on_it:
                strong.append(("foundations", (i, i + 2)))
            elif (on_them or them_covered) and not (s <= i < e):
                before = [kd for kd, x in strong if x[1] <= i]
                last_prev = self.last_anchor(prev) if prev is not None else None
                if any(x[1] <= i for x in f_strong + f_weak) or (not before and last_prev == "foundations"):
                    strong.append(("foundations", (i, i + 2)))
                elif before:
                    strong.append((before[-1], (i, i + 2)))
                elif last_prev == "tableau":
                    strong.append(("tableau", (i, i + 2)))
        weak = [("foundations", x) for x in f_weak] + [("tableau", x) for x in t_weak]
        ca, cb = self.clause(sent, s)

        def nearest(cands, lo: int, hi: int) -> str | None:
            best = None
            for kind, (x0, x1) in cands:
                if x0 < lo or x1 > hi:
                    continue
                # a pile named before the cue is what it most often describes («на карту колонны
                # той же масти, достоинство которой на ступень выше»): one after counts farther
                d = (s - x1 + 0.5) if x1 <= s else (x0 - e + 2) if x0 >= e else 0
                if best is None or d < best[0]:
                    best = (d, kind)
            return best[1] if best else None

        # a cue inside parentheses explains what stands just before them
        opened = None
        for i in range(s - 1, sent.start - 1, -1):
            if toks[i].text == ")":
                break
            if toks[i].text == "(":
                opened = i
                break
        kind = nearest(strong, ca, cb) or nearest(weak, ca, cb)
        if kind:
            return kind
        if sent.section in PILE_KINDS:
            return sent.section
        if opened is not None:
            kind = nearest(strong, sent.start, opened)
            if kind:
                return kind
        return nearest(strong, sent.start, sent.end) or nearest(weak, sent.start, sent.end)

    def last_anchor(self, sent: Sent) -> str | None:
        """The pile word that ends last in ``sent`` (a pronoun in the next sentence stands for it)."""
        spans = [("foundations", x) for x in sent.spans("F_ANCHOR") + sent.spans("F_WEAK")]
        f_tok = {i for _, x in spans for i in range(*x)}
        spans += [("tableau", x) for x in sent.spans("T_ANCHOR") if not any(i in f_tok for i in range(*x))]
        if not spans:
            return sent.section if sent.section in PILE_KINDS else None
        return max(spans, key=lambda kx: kx[1][1])[0]

    def target(self, k: int, s: int, e: int) -> str | None:
        """The pile of a cue at ``[s, e)`` of sentence ``k``: its anchor, the previous sentence's, or
        the pile spoken of last (which it then becomes)."""
        sent = self.sents[k]
        prev = self.sents[k - 1] if k else None
        if self.notes.get(("goal-on-aces", k)):
            self.context = "foundations"    # the goal's piles are the ones spoken of last
            return "foundations"
        kind = self.anchor(sent, s, e, prev)
        if kind is None and self.own_place(sent):
            if self._laid_out_as(sent, k):
                return "tableau"    # «… шестнадцать карт …, так что выходит квадрат. … На карты квадрата можно класть …»
            return None     # «В кресте же кладут …», «В дыру можно положить …»: a pile the reader cannot name
        if kind is None and prev is not None and self.notes.get(("goal-on-aces", k - 1)):
            kind = "foundations"    # the sentence after a goal on the foundations goes on about them
        kind = kind or (prev and self.anchor(prev, prev.end, prev.end)) or self.context
        if kind:
            self.context = kind
        return kind

    def _laid_out_as(self, sent: Sent, k: int) -> bool:
        """The place of the text's own naming that opens ``sent`` is the shape an earlier sentence dealt the
        layout into («Из колоды кладут на стол шестнадцать карт …, так что выходит квадрат»): the tableau."""
        span = next((x for x in sent.spans("OWN_PLACE") if x[0] - sent.start <= 1), None)
        if span is None:
            return False
        names = {t.lemma for t in self.toks[span[0]:span[1]] if t.pos == "NOUN" and "C:CARD" not in t.feats}
        for j in range(k):
            earlier = self.sents[j]
            if any(earlier.has(c) for c in ("PILES", "GRID", "DEALT_INTO", "ROWS_OF_TOTAL", "LAY_N_SINGLE")) \
                    and any(t.lemma in names for t in self.words(earlier)):
                return True
        return False

    def own_place(self, sent: Sent) -> bool:
        """The sentence opens with a place of the text's own naming and names no pile the reader knows
        («В кресте же кладут карту на старшую», «В дыру можно положить …», «На карты квадрата можно класть …»:
        cue ``OWN_PLACE`` among its first two tokens): no pile spoken of before stands for it."""
        return any(a - sent.start <= 1 for a, _ in sent.spans("OWN_PLACE")) and not any(
            sent.has(c) for c in ("F_ANCHOR", "T_ANCHOR", "W_ANCHOR"))

    def goal_led(self, sent: Sent) -> bool:
        """Whether ``sent`` states the goal: «Цель игры — …» at its start or after a colon, or it
        stands in the manual's goal section."""
        if sent.section == "goal":
            return True
        for s, _ in sent.spans("GOAL"):
            if s - sent.start <= 3:
                return True
            if any(t.text in (":", ";") for t in self.toks[max(sent.start, s - 2):s]):
                return True
        return self.success_led(sent)

    def success_led(self, sent: Sent) -> bool:
        """Whether ``sent`` opens with the game's success told as a condition: «Пасьянс сошелся, если
        все карты на тузах», uk «Пасьянс вийшов, якщо …», «Игра выиграна, когда …» (the success word
        among the first three tokens, «если/когда/якщо/коли» at most two tokens after it)."""
        return any(s - sent.start <= 2 and any(0 <= c - e <= 2 for c, _ in sent.spans("CONDITION_WORD"))
                   for s, e in sent.spans("SUCCESS"))
