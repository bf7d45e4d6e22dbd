"""Reading one game's text into a rule spec: each sentence through the mechanics and the data rows,
then the claims folded into fields (strongest first; two sentences disagreeing make a conflict).

Sentences that are not rules are not read into fields: a sentence about another version of the game
(«В другой версии …», a manual's «Параметры» section) becomes a ``variant`` special, advice to the
player («Лучше …») and scoring a ``not-a-rule`` finding; a tactics/strategy section is read, but
weaker than any rule stated elsewhere. A sentence referring to another game («Его играют так же,
как и основную игру», «Афина — тот же Клондайк», «как «Клондайк», но …») becomes a ``same-as``
special naming that game (``ref``); its own statements after «но» are read as usual and win over
what is inherited. A rule sentence from which nothing is read is an ``unparsed-rule-sentence``
finding — nothing a player needs is dropped silently.
"""

from __future__ import annotations

import re
from ..text import MappedText
from .context import Claim, Context
from .interpret import read_sentence
from .mechanics import MECHANICS, base_directions
from .schema import get_field, set_field, unknown_field, unknown_spec
from .references import PREVIOUS_GAME, unquoted_name
from .unread import unread_fields
from .values import RANKS

_EXAMPLE_INSIDE = re.compile(r"(?<![^\W\d_])(?:напр\.|например|наприклад|к примеру|скажем|скажімо|примеру)(?![^\W\d_])", re.I)
"""An example opened inside a sentence, after its rule («…, напр. на десятку червей девятка червей»)."""
from ..notation import NotationError, find_word_cards

RULE_CUES = ("SUIT_SAME", "SUIT_ANY", "COLOR_ALT", "COLOR_SAME", "DIR_UP", "DIR_DOWN", "SPACE", "REDEAL_ORD",
             "REDEAL_ONE", "REDEAL_TOTAL", "REDEAL_NONE", "REDEAL_COUNT", "PACKS_N", "PACK_IN", "PILES", "MOVE_VERB",
             "BUILD_VERB", "DEAL_VERB", "STOCK_VERB", "DISCARD", "KINGS_BOTTOM", "SWAP", "WAIVE",
             "FACE_UP", "FACE_DOWN", "TURN_UP", "SAME_AS", "REMOVABLE_YES", "REMOVABLE_NO", "SPACE_NOT", "PLAY_ONLY_END",
             "ONE_CARD", "GROUPS_MOVE")
"""A sentence with one of these cues is a rule sentence (when it stands in no scoring, strategy or
options section and is no advice): if nothing is read from it, a finding says so."""

_SUIT_CHARS = frozenset("♠♣♥♦♤♧♡♢")
_GOAL_TO_F = {"tableau.build_direction": "foundations.direction", "tableau.build_suit": "foundations.suit"}
"""What a goal sentence says is built in its four piles (see :meth:`Reader._goal_piles_are_foundations`)."""

NOT_RULE_SECTIONS = ("scoring",)
WEAK_SECTIONS = ("strategy",)

_QUOTED = re.compile(r"«([^»]{2,60})»")
NOTE_MARK = r"(?:\(?\*{1,3}\)?|[¹²³⁴⁵⁶⁷⁸⁹]+\)?)"
"""A footnote mark («*)», «**)», «¹»): opening a footnote (:data:`_FOOTNOTE`), after a word (:func:`.readings.drop_note_marks`)."""
_FOOTNOTE = re.compile(rf"\s*{NOTE_MARK}\s")
"""A footnote of a printed book («*) Въ иныхъ сборникахъ …», «**) Нѣкоторые позволяютъ …», «¹ Въ иныхъ книгахъ …»):
another version or a remark, never the game's rule."""
_EXAMPLE_LABELS = {"решение", "рішення", "розв'язок", "пример", "примеры", "приклад", "приклади"}
"""A paragraph opened by one of these words alone («Рѣшеніе.», «Пример:») is a worked example."""
_SUIT_SYMBOL = re.compile("[♠♣♥♦]")
"""Cards in suit symbols: a sentence naming two is a worked example («♣8 покрывает ♣9, потому что …
требует серии карт в нисходящей последовательности»); what it says is weaker than any rule."""


class Reader(Context):
    """Reads one text (see module doc); :meth:`read`, then :meth:`spec` and :meth:`facts`."""

    def read(self) -> None:
        self.skipped: dict[int, str] = {}     # sentence index → why it was not read as a rule (see .unread)
        for k in range(len(self.sents)):
            sent = self.sents[k]
            found, specials = len(self.findings), len(self.special)
            if self._not_a_rule(k):
                self.skipped[k] = (self.findings[-1].message if len(self.findings) > found else
                                   self.special[-1]["description"] if len(self.special) > specials else
                                   "a heading, a scoring rule or a worked example")
                continue
            before, specials = len(self.claims), len(self.special)
            self._same_as(k)
            self.notes[("goal-on-aces", k)] = self._goal_on_aces(k)
            read = False
            for m in MECHANICS:
                read = m(self, k) or read
            read_sentence(self, k)
            if sent.has("WHOLE_PACK") and sent.has("DEAL_VERB") and "whole-pack" not in self.notes:
                self.notes["whole-pack"] = sent
            if sent.has("NO_STOCK") and not any(t.lemma in ("если", "якщо", "когда", "коли") for t in self.words(sent)):
                self.notes.setdefault("whole-pack", sent)      # «Запаса нет.»: the whole pack is dealt
                read = True
            if self.goal_led(sent) and (sent.section == "goal" or any(s - sent.start <= 3 for s, _ in sent.spans("GOAL"))
                                        or self.success_led(sent)):
                self.claim("goal", sent.quote, k, rule="goal")
                # «Цель игры — разложить все карты по четырём стопкам в углу»: the piles of the end, not the deal
                kept = [c for c in self.claims[before:] if c.field not in ("layout.tableau_piles", "layout.cards_per_pile")]
                if len(kept) < len(self.claims) - before:
                    self.finding(k, "reading-choice", "the piles the goal names are the game's end, not its deal: "
                                 "not read as the layout", sent.quote[:120])
                self.claims[before:] = kept
                if self._goal_piles_are_foundations(sent):
                    # «Цель — разложить все карты по мастям в четыре стопки от туза до короля»: the four piles
                    # of the end are the foundations, and what is built in them is theirs, not the tableau's
                    for c in self.claims[before:]:
                        if c.field in _GOAL_TO_F:
                            c.field = _GOAL_TO_F[c.field]
            if sent.section in WEAK_SECTIONS or len(_SUIT_SYMBOL.findall(sent.quote)) >= 2 \
                    or self.notes.get(("example-weak", k)):
                for c in self.claims[before:]:
                    c.strength -= 2     # tactics, a worked example's move told with its reason, a rule told by example
            if len(self.claims) > before and any(t.ord_read for t in self.words(sent)):
                self.finding(k, "reading-choice", "an ordinal before a plural noun («о восьмій … рядів») was read "
                             "as the cardinal number (machine-translated text)",
                             next(t.text for t in self.words(sent) if t.ord_read))
            if len(self.claims) == before and len(self.special) == specials and not read and self.rule_like(k):
                self.finding(k, "unparsed-rule-sentence", "sentence uses rule words but no rule field was read from it",
                             sent.quote[:120])
        base_directions(self)

    def _goal_piles_are_foundations(self, k_sent) -> bool:
        """A goal sentence naming four or eight piles («в четыре стопки», uk «у вісім стосів») and no pile of
        the layout: the piles the cards end in are the foundations."""
        words = self.words(k_sent)
        if k_sent.has("F_ANCHOR") or not k_sent.has("T_ANCHOR") or any("C:LAYOUT" in t.feats for t in words):
            return False    # «собрать в раскладе восемь колонок …»: runs built in the layout
        return any(t.num in (4, 8) and j + 1 < len(words) and ("C:PILE" in words[j + 1].feats or "C:STACK" in words[j + 1].feats)
                   for j, t in enumerate(words))

    # -- which sentences are rules ------------------------------------------------------------
    def _not_a_rule(self, k: int) -> bool:
        sent = self.sents[k]
        if sent.heading or sent.section in NOT_RULE_SECTIONS:
            return True
        if _FOOTNOTE.match(sent.quote):
            self.notes["worked-example"] = None
            self.add_special("variant", "a footnote of the book (another version or a remark), not read into the fields",
                             sent, once=False)
            return True
        if sent.section == "options":
            self.add_special("variant", "another version of the game (the manual's options), not read into the "
                             "fields", sent, once=False)
            return True
        if k > 0 and sent.has("VARIANT") and sent.spans("VARIANT")[0][0] - sent.start <= 2:
            self.add_special("variant", "another version of the game, not read into the fields", sent, once=False)
            return True
        if sent.has("WORKED_EXAMPLE") and sent.spans("WORKED_EXAMPLE")[0][0] - sent.start <= 2:
            self.notes["worked-example"] = self.notes["example-last"] = k
            return True     # «На примере расклада: ♦5 покрывает ♣6»: the worked example's moves, not a rule
        if self._example_led(k):
            self.notes["worked-example"] = self.notes["example-last"] = k
            if self._word_cards(k) or _SUIT_SYMBOL.search(sent.quote) or self._example_label(k):
                self.finding(k, "not-a-rule", "an example («Например …», «Решение.») showing cards, not read as a rule",
                             sent.quote[:120])
                return True     # «Напримѣръ: шестерку трефъ кладутъ на семерку бубенъ», «Например, на восьмёрку … ведь
                                # масть не важна»: what the example shows is no rule of its own (nor a conflict)
            self.notes[("example-weak", k)] = True   # «Например, шестерка может покрыть любую семерку»: a rule told
                                                     # by example, weaker than any rule stated elsewhere
        if self.notes.get("worked-example") is not None:
            if _SUIT_SYMBOL.search(sent.quote):
                self.notes["worked-example"] = self.notes["example-last"] = k
            elif self._word_cards(k):
                self.notes["worked-example"] = self.notes["example-last"] = k
                self.finding(k, "not-a-rule", "a sentence of a worked example (it names cards), not read as a rule",
                             sent.quote[:120])
                return True     # «Рѣшеніе. Пусть … лежатъ десятка бубенъ и дама пикъ. Валета трефъ кладутъ на даму пикъ …»
            else:
                self.notes["worked-example"] = None
        last = self.notes.get("example-last")
        if last is not None and k - last <= 2 and not _SUIT_SYMBOL.search(sent.quote) \
                and sent.has("WHEN_BLOCKED") and self._closes_text(k):
            return True     # «… ♣Д переворачивается лицом вверх. Когда все ходы исчерпаны, карты могут сдаваться
                            # из колоды.» (also after «Карты, лежащие лицом вниз, переворачиваются.»): the
                            # example's last step, not a rule of the game
        if self._names_a_card(k):
            self.notes["example-last"] = k
            self.finding(k, "not-a-rule", "a move of a card named in words (a worked example), not read as a rule",
                         sent.quote[:120])
            return True     # «Пустое место занимаем королём червей.», «Затем туза бубен кладут в базу»: a move
                            # of a worked example told in words, not a rule of the game
        if sent.has("ADVICE") and not sent.has("GOAL"):
            if self._gives_a_reason(k):
                self.notes[("example-weak", k)] = True   # «…, но, так как карты раскладываются однажды и карту нельзя
                return False                            # перемещать …, лучше всего …»: the reason states rules (weak)
            self.finding(k, "not-a-rule", "advice to the player, not read as a rule", sent.quote[:120])
            return True
        return False

    def _gives_a_reason(self, k: int) -> bool:
        """Advice ``k`` gives its reason in a clause of its own — «так как», «поскольку», «потому что», uk
        «оскільки», «тому що», «бо», «адже» — a clause that states the game's rules («так как карты
        раскладываются однажды и карту нельзя перемещать из одной резервной стопки в другую»)."""
        low = [t.lower for t in self.words(self.sents[k])]
        pairs = set(zip(low, low[1:]))
        return bool({"поскольку", "оскільки", "бо", "адже"} & set(low)) or bool(
            {("так", "как"), ("потому", "что"), ("тому", "що")} & pairs)

    def _example_led(self, k: int) -> bool:
        """Sentence ``k`` opens an example: «Например, …», «Наприклад: …», «Положим, …» as its first word, or it
        is a label alone (:meth:`_example_label`)."""
        sent = self.sents[k]
        return (sent.has("EXAMPLE_OPENER") and sent.spans("EXAMPLE_OPENER")[0][0] - sent.start <= 1) \
            or self._example_label(k)

    def _example_label(self, k: int) -> bool:
        """Sentence ``k`` is a label alone opening a worked example: «Решение.», «Пример:», «Рѣшеніе.»."""
        words = [t for t in self.words(self.sents[k]) if not t.is_punct]
        return len(words) == 1 and words[0].lower in _EXAMPLE_LABELS

    def _word_cards(self, k: int) -> list:
        """The cards sentence ``k`` names with their suit in words, outside «quotes» (``[]`` when none);
        searched once a sentence (``self.memo``: :meth:`_not_a_rule` and :meth:`_names_a_card` both ask)."""
        key = ("word-cards", k)
        if key not in self.memo:
            sent = self.sents[k]
            cards = []
            if any("C:SUIT_STEM" in t.feats for t in self.words(sent)):
                try:
                    cards = [c for c in find_word_cards(_QUOTED.sub(" ", sent.quote), self.lang) if c.card.suit is not None]
                except NotationError:
                    pass
            self.memo[key] = cards
        return self.memo[key]

    def _names_a_card(self, k: int) -> bool:
        """Sentence ``k`` tells a move of a card named with its suit in words («Пустое место занимаем
        королём червей», «Затем туза бубен кладут в базу», uk «даму чирв кладемо …»), outside «quotes» (a
        game's title «Пиковая дама» is no card) and with no «можно/может» (what may be done, shown on
        cards, is a rule): a worked example's move. Only sentences with a suit word (class
        ``SUIT_STEM``) are searched."""
        sent = self.sents[k]
        if any("C:ALLOWED" in t.feats for t in self.words(sent)):
            return False    # «на пиковую тройку можно положить либо пиковую двойку, либо …»: a rule shown on cards
        named = self._word_cards(k)
        text = _QUOTED.sub(" ", sent.quote)
        colon = text.find(":")
        if named and colon > 0 and all(c.start > colon for c in named):
            return False    # «… укладываются по убыванию и только в своей масти: на девятку пик — только
                            # восьмёрка пик»: a rule, then its illustration
        opener = _EXAMPLE_INSIDE.search(text)
        if named and opener and opener.start() > 0 and all(c.start > opener.start() for c in named):
            return False    # «… въ порядкѣ убывающемъ и непремѣнно одной масти, напр. на десятку червей девятка
                            # червей», uk «…, наприклад, на чирвову десятку …»: a rule, then its illustration
        return bool(named)

    def _closes_text(self, k: int) -> bool:
        """Sentence ``k`` is the text's last, or the last before a heading or a game's title."""
        nxt = self.sents[k + 1] if k + 1 < len(self.sents) else None
        return nxt is None or nxt.heading or nxt.quote.startswith("«") or nxt.section != self.sents[k].section

    def rule_like(self, k: int) -> bool:
        """Whether sentence ``k`` reads like a rule (a rule cue, outside an example and a weak section): one that
        sets no field is an ``unparsed-rule-sentence`` finding (:mod:`pasyans.extract.rules.unread` asks too)."""
        sent = self.sents[k]
        if sent.section in WEAK_SECTIONS or sent.has("EXAMPLE") or sent.end - sent.start < 3:
            return False
        if _SUIT_SYMBOL.search(sent.quote) or (sent.has("EXAMPLE_OPENER") and
                                                 sent.spans("EXAMPLE_OPENER")[0][0] - sent.start <= 1):
            return False    # «Например: ♥Д кладут на ♠К»: a worked example, not an unread rule
        cues = [x for x in RULE_CUES if sent.has(x)]
        if sent.has("ALIAS_CUE") and cues == ["SAME_AS"]:
            return False    # «Паук также известен как «Паучок»»: another name (read as an alias), no rule
        return bool(cues)

    def _same_as(self, k: int) -> None:
        """«так же, как и …», «тот же Клондайк», «те саме, що і «Клондайк»», «отличается от «Паука» тем,
        что …», «как «Клондайк», но …» — or a first sentence about a variant: special ``same-as`` with
        the game's name in ``ref`` (the quoted name, or the capitalised word after the cue)."""
        sent = self.sents[k]
        if not (sent.has("SAME_AS") or sent.has("SAME_AS_NAMED") or (k == 0 and sent.has("VARIANT"))) \
                or sent.has("ALIAS_CUE"):
            return      # «Пасьянс відомий також як «Клондайк»»: another name, not the rules of another game
        first = min(sent.spans("SAME_AS")[:1] + sent.spans("SAME_AS_NAMED")[:1], default=None)
        s0, end = first if first else (sent.start, sent.start)
        after = self.toks[end:sent.end]
        names = any(re.search(r"(пасьянс|игр|вариа|варіац|правил|верси|гр[аиу])", t.lower) for t in after)
        quoted = _QUOTED.findall(self.mt.text[self.toks[s0].idx:self.toks[sent.end - 1].end])
        cap = next((t.text for t in self.toks[max(sent.start, s0 - 1):sent.end]
                    if t.text[:1].isupper() and t.i > sent.start and t.i >= s0 - 1 and t.pos in ("NOUN", "X")), None)
        plain = None if quoted else unquoted_name(self.toks, s0, sent.end)
        if cap and not (plain and plain.startswith(cap)):
            plain = None        # «Як Вечірня зоря, але …»: the capitalised name with the words that follow it
        if not (names or quoted or cap or plain or (k == 0 and sent.has("VARIANT"))):
            return
        ref = quoted[0] if quoted else (plain if plain != PREVIOUS_GAME else None) or cap
        cue_text = " ".join(t.lower for t in self.toks[s0:end])
        if ref is None and plain != PREVIOUS_GAME and any(
                w in cue_text for w in ("отлича", "відрізня", "подобно", "подібно", "аналогично", "аналогічно", "как",
                                        "як")) and "так" not in cue_text:
            return      # «отличается от других пасьянсов»: no game is named
        self.add_special("same-as", "the text refers to another game's rules for what it does not state",
                         sent, once=False, ref=ref, **({"params": {"previous": True}} if plain == PREVIOUS_GAME else {}))

    def _goal_on_aces(self, k: int) -> bool:
        """«Цель игры — покрыть тузы сериями карт соответствующей масти …»: the goal's piles are the
        foundations on the aces."""
        sent = self.sents[k]
        f_tok = {i for a, b in sent.spans("F_ANCHOR") for i in range(a, b)}
        t_own = [x for x in sent.spans("T_ANCHOR") if not any(i in f_tok for i in range(*x))]
        if not (sent.has("GOAL") and sent.spans("GOAL")[0][0] - sent.start <= 3) or t_own or sent.has("W_ANCHOR"):
            return False
        if any(not self.preceded_by(a, {"до", "от", "к"}, 1) for a, _ in sent.spans("F_WEAK")):
            return True
        # «♦Д и ♦В … выносятся в базовый ряд. … Цель игры — выстроить на ♦Д серию …, на трех других валетах — …»:
        # the goal builds on the base cards an earlier sentence put out, named by card or rank
        return (not sent.has("IN_LAYOUT") and any(c.field == "foundations.base" for c in self.claims)
                and self._on_named_card(sent))

    def _on_named_card(self, sent) -> bool:
        """«на ♦Д», «на трех других валетах»: «на» followed, within three words, by a card or a rank."""
        toks = self.toks
        for i in range(sent.start, sent.end - 1):
            if toks[i].lemma != "на":
                continue
            for t in toks[i + 1:min(i + 4, sent.end)]:
                if t.text in _SUIT_CHARS or "C:RANK" in t.feats:
                    return True
                if "C:CARD" in t.feats or t.is_punct:
                    break
        return False

    # -- folding into the spec ---------------------------------------------------------------------
    def spec(self) -> dict:
        spec = unknown_spec()
        by_field: dict[str, list[Claim]] = {}
        for c in self.claims:
            by_field.setdefault(c.field, []).append(c)
        for path, claims in by_field.items():
            if path == "foundations.base":
                claims = self._fold_base(claims)
            if path == "foundations.direction":
                claims = self._fold_both(claims)
            if path == "layout.face":
                claims = self._fold_face(claims)
            top = max(c.strength for c in claims)
            claims = [c for c in claims if c.strength == top]
            if path == "stock.redeals" and top == 1 and len(claims) > 1 and all(c.value == 1 for c in claims):
                claims = self._fold_again(claims)
            first = claims[0]
            s = self.sents[first.sent]
            set_field(spec, path, {"value": first.value, "status": "stated", "quote": s.quote,
                                   "lines": list(s.lines), "ref": None, "reason": None})
            seen, quotes, lines = {repr(first.value)}, [s.quote], [list(s.lines)]
            for c in claims[1:]:
                if repr(c.value) in seen:
                    continue
                seen.add(repr(c.value))
                quotes.append(self.sents[c.sent].quote)
                lines.append(list(self.sents[c.sent].lines))
            if len(quotes) > 1 and path != "goal":
                spec["conflicts"].append({"field": path, "quotes": quotes, "lines": lines})
        spec["special"] = self.special
        for key, why in self.notes.items():
            if isinstance(key, str) and key.startswith("reason:"):
                path = key[len("reason:"):]
                if get_field(spec, path)["status"] == "unknown":
                    set_field(spec, path, unknown_field(why))
        return spec

    def _fold_again(self, claims: list[Claim]) -> list[Claim]:
        """«раскладывают снова … можно повторить еще раз»: each sentence telling of one more deal adds
        one redeal (when no sentence gives the count)."""
        sents = sorted({c.sent for c in claims})
        if len(sents) < 2:
            return claims
        quote = " … ".join(self.sents[i].quote for i in sents)
        lines = (min(self.sents[i].lines[0] for i in sents), max(self.sents[i].lines[1] for i in sents))
        from .tokens import Sent

        self.sents.append(Sent(len(self.sents), 0, 0, quote, lines))
        return [Claim("stock.redeals", len(sents), len(self.sents) - 1)]

    def _fold_both(self, claims: list[Claim]) -> list[Claim]:
        """Up on the aces in one sentence and down on the kings in another («выстроить на короле … в
        нисходящей … Надо также выстроить на четырех тузах … в восходящей»): ``both``, when the bases
        are aces and kings."""
        top = max(c.strength for c in claims)
        strong = [c for c in claims if c.strength == top]
        bases = {c.value for c in self.claims if c.field == "foundations.base"}
        if {c.value for c in strong} == {"up", "down"}:
            up = next(c for c in strong if c.value == "up")
            down = next(c for c in strong if c.value == "down")
            on_aces = self.sents[up.sent].has("F_WEAK") and self.sents[down.sent].has("KOROL_CUE")
            if not ("A+K" in bases or {"A", "K"} <= bases or on_aces):
                return claims
            return [Claim("foundations.direction", "both", self.joined(self.sents[up.sent], self.sents[down.sent]), top)]
        if {c.value for c in strong} == {"down"} and ("A+K" in bases or {"A", "K"} <= bases):
            down = strong[0]
            if self.sents[down.sent].has("KOROL_CUE") and not self.sents[down.sent].has("EITHER_DIR"):
                # «Каждый из четырех королей должен нисходить по порядку до туза, тогда как на среднего туза
                # следует наложить …»: the kings go down, the aces (bases too) the other way
                return [Claim("foundations.direction", "both", down.sent, top)]
        return claims

    def _fold_face(self, claims: list[Claim]) -> list[Claim]:
        """«На первую стопку сдаётся одна карта лицом вверх. На остальные стопки кладётся по одной карте
        лицом вниз.»: face up and face down in neighbouring sentences of one deal are ``mixed``."""
        top = max(c.strength for c in claims)
        strong = [c for c in claims if c.strength == top]
        up = next((c for c in strong if c.value == "up"), None)
        down = next((c for c in strong if c.value == "down"), None)
        mixed = next((c for c in strong if c.value == "mixed"), None)
        if mixed is not None and (up is not None or down is not None):
            return [mixed]           # the deal told sentence by sentence, one of them both ways
        if up is None or down is None or abs(up.sent - down.sent) > 2:
            return claims
        return [Claim("layout.face", "mixed", self.joined(self.sents[up.sent], self.sents[down.sent]), top)]

    def _built_on_other_ranks(self) -> int | None:
        """The first sentence building a sequence on a rank other than aces and kings («На двойках
        следует выстроить серию карт …», «На двойках — серию карт …»), or ``None``."""
        for sent in self.sents:
            if sent.end <= sent.start or not (sent.has("SEQUENCE") or sent.has("BUILD_VERB")):
                continue
            words = self.words(sent)
            if any(t.lemma in ("нельзя", "не") for t in words):
                continue
            if any(1 < RANKS.get(t.lemma, 0) < 13 and t.case == "loct" and self.preceded_by(t.i, {"на"}, 1)
                   and t.lower.endswith(("ах", "ях")) for t in words):
                return sent.k
        return None

    def _fold_base(self, claims: list[Claim]) -> list[Claim]:
        """Aces in one sentence and kings in another are one «A+K» claim (quotes joined); aces or kings
        and a sequence built on another rank («… на тузах … На двойках следует выстроить серию …») are
        bases of several ranks (``mixed``)."""
        vals = {c.value for c in claims}
        other = self._built_on_other_ranks() if vals and vals <= {"A", "K", "A+K"} else None
        if other is not None:
            top = max(claims, key=lambda c: c.strength)
            return [Claim("foundations.base", "mixed", self.joined(self.sents[top.sent], self.sents[other]),
                          max(top.strength, 1))]
        if vals <= {"A", "K", "A+K"} and len(vals) > 1 and ("A+K" in vals or {"A", "K"} <= vals):
            a = next(c for c in claims if c.value in ("A", "A+K"))
            kk = next(c for c in claims if c.value in ("K", "A+K"))
            strength = max(a.strength, kk.strength)
            if a is kk or a.sent == kk.sent:
                return [Claim("foundations.base", "A+K", a.sent, strength)] + [
                    c for c in claims if c.value not in ("A", "K", "A+K")]
            return [Claim("foundations.base", "A+K", self.joined(self.sents[a.sent], self.sents[kk.sent]), strength)]
        return claims

    # -- what the whole text shows ----------------------------------------------------------------
    def facts(self) -> dict:
        """``goal``: (quote, lines) of the goal or success sentence, or ``None``; ``whole_pack``: the
        sentence dealing the whole pack; ``foundation_words``: whether any sentence names a foundation
        (words inside a prohibition «нельзя …» not counted); ``only_to_foundations``: two sentences
        that move cards, all to the foundations (none builds on the tableau), or ``None``;
        ``last_pile``: (cards, quote, lines) of «… пока в последней стопке не окажется семь карт»;
        ``pack_out``: (cards, quote, lines) of one rank's cards taken out of the pack when
        the packs were not known (:func:`.values.pack_rank_out`); ``rules_beside_goal``: how many rule sentences the text has besides its goal; ``goal_into_place``: the goal
        gathers all cards into one named place («в чёрную дыру»: a foundation by another name); ``unread``: field path →
        the first sentence speaking of it from which it was not read (:func:`.unread.unread_fields`)."""
        toks = self.toks
        real = [s for s in self.sents if s.end > s.start]
        goal = None
        for sent in real:
            if sent.heading or sent.section in NOT_RULE_SECTIONS + ("options",):
                continue
            if (sent.has("GOAL") and sent.spans("GOAL")[0][0] - sent.start <= 3) or sent.section == "goal":
                goal = sent
                break
            if goal is None and any(not self.preceded_by(s, {"не"}, 1) for s, _ in sent.spans("SUCCESS")):
                goal = sent
        rules = [s for s in real if not s.heading and s.section not in NOT_RULE_SECTIONS + WEAK_SECTIONS + ("options",)]
        words = any(any(x[0] not in self._barred(s) for x in s.spans("F_ANCHOR")) or s.section == "foundations"
                    for s in rules)
        onto_f, onto_t = [], 0
        f_tok = {i for s in real for a, b in s.spans("F_ANCHOR") for i in range(a, b)}
        for sent in real:
            if sent.section in NOT_RULE_SECTIONS + ("options",):
                continue
            covers_f = not sent.has("VARIANT") and any(
                toks[i].lemma in ("покрывать", "покрыть") and i + 1 < sent.end and (
                    i + 1 in f_tok or toks[i + 1].lower.startswith(("базов", "основ")))
                for i in range(sent.start, sent.end))
            each_other = any(toks[i].lemma == "друг" and toks[i + 1].lemma == "друг" for i in range(sent.start, sent.end - 1))
            if not (sent.has("BUILD_VERB") or sent.has("MOVE_VERB")) or sent.has("VARIANT") or any(
                    t.lower.startswith(("выкла", "раскла", "разлож", "выложи", "сда")) for t in self.words(sent)):
                if each_other:
                    onto_t += 1
                elif covers_f:
                    onto_f.append(sent)
                continue
            dests = (["f"] if covers_f else []) + (["t"] if each_other else [])
            for i in range(sent.start, sent.end - 1):
                if toks[i].lemma != "на":
                    continue
                if toks[i + 1].lower.startswith(("базов", "основ", "туз")) or i + 1 in f_tok:
                    dests.append("f")
                    continue
                j = i + 1
                while j < sent.end and toks[j].pos == "ADJ" and toks[j].lower not in {"нем", "ней", "них"}:
                    j += 1
                if j >= sent.end or toks[j].lower in ("нем", "ней", "них", "нему", "нею", "ним", "ними"):
                    continue
                if j in f_tok or toks[j].lower.startswith(("базов", "основ", "туз")):
                    dests.append("f")
                elif toks[j].lemma == "карта" or RANKS.get(toks[j].lemma) or any(
                        j in range(a, b) for a, b in sent.spans("T_ANCHOR")):
                    dests.append("t")
            if "t" in dests:
                onto_t += 1
            elif "f" in dests:
                onto_f.append(sent)
        wp = self.notes.get("whole-pack")
        return {"goal": (goal.quote, goal.lines) if goal is not None else None,
                "goal_into_place": goal is not None and goal.has("GOAL_INTO_PLACE"),
                "rules_beside_goal": sum(1 for s in rules if s is not goal and len(self.words(s)) >= 3
                                         and s.quote != (goal.quote if goal else None)),
                "whole_pack": (wp.quote, wp.lines) if wp is not None else None,
                "pack_out": ((po[0], po[1].quote, po[1].lines) if (po := self.notes.get("pack-out")) else None),
                "foundation_words": words,
                "only_to_foundations": ([(x.quote, x.lines) for x in onto_f[:2]]
                                        if len(onto_f) >= 2 and onto_t == 0 else None),
                "unread": unread_fields(self, getattr(self, "skipped", {}))}


def read_text(text: MappedText, lang: str, source: str | None = None, game: str | None = None
              ) -> tuple[dict, list, dict]:
    """(spec read from ``text`` alone, its findings, the reader's :meth:`Reader.facts`); words broken at a
    line end are joined first (:func:`.readings.join_line_hyphens`)."""
    from .readings import drop_note_marks, join_line_hyphens

    r = Reader(drop_note_marks(join_line_hyphens(text, lang)), lang, source, game)
    r.read()
    return r.spec(), r.findings, r.facts()

