"""Partial-knowledge checker: verdicts for example moves printed without their layout.

Most worked examples (the book 004, the articles 001 and 003) give moves but not the deal. The
checker keeps only what the text and the earlier moves reveal — which card lies on which, which
cards went to a foundation, the reserve or the waste — and judges each move by the game's rules
spec (the dict written by ``extract/rules.py``; format in :class:`RuleSpec`):

* ``legal`` — consistent with every rule that could be checked (``checked`` lists them);
* ``illegal`` — a rule is broken: ``rule`` names the field, the reason quotes its evidence;
* ``unverifiable`` — something needed is unknown: ``rule`` names the missing field or fact.

Flags of :class:`pasyans.models.Move`: ``conditional``/``alternative`` moves are checked on a
hypothetical copy of the state (a chain of conditional moves builds on one copy; alternatives
are never played); ``prohibited`` moves must come out illegal — if the rules as read allow one,
the verdict is ``unverifiable`` naming the contradiction; ``restated`` moves repeat the verdict of
the move they restate.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from pasyans.cards import Card
from pasyans.models import Move, Verdict

_SYNONYMS = {
    "alternate-colour": "alternate-color", "alternating-color": "alternate-color", "alternating-colour": "alternate-color",
    "same-colour": "same-color", "any": "any", "any-suit": "any-suit", "rank-only": "rank-only",
    "single": "one-card", "one": "one-card", "sequence": "any-sequence", "sequences": "any-sequence",
    "same-suit-sequences": "same-suit-sequence", "pile": "whole-pile",
}


@dataclass(frozen=True)
class RuleField:
    """One known field of the rules spec: its value and the evidence for it."""

    path: str
    value: Any
    status: str = "stated"
    quote: str | None = None
    lines: tuple[int, int] | None = None

    def evidence(self) -> str:
        """``path = value («quote», lines a–b)`` for a person."""
        s = f"{self.path} = {self.value!r}"
        if self.status == "inherited":
            s += " (inherited)"
        if self.quote:
            s += f": «{self.quote}»"
        if self.lines:
            s += f" (lines {self.lines[0]}–{self.lines[1]})"
        return s


class RuleSpec:
    """Read access to a rules spec dict.

    Format (each field F is ``{"value", "status": "stated"|"inherited"|"unknown", "quote", "lines"}``;
    a missing key or ``status="unknown"`` or ``value=None`` means unknown)::

        {"deck": {"packs", "cards_per_pack", "jokers"},
         "foundations": {"base", "direction", "suit", "step", "preplaced"?, "wrap"?},
         "tableau": {"build_direction", "build_suit", "move", "space", "wrap"?},
         "stock": {"redeals"}, "special": [{"name", "quote", "lines"}]}

    ``foundations.preplaced`` (optional, bool): the base cards lie on the foundations before play
    («Из колоды изымаются четыре туза и помещаются колонкой…»). ``foundations.wrap`` /
    ``tableau.wrap`` (optional, bool): a king and an ace follow each other («…туз на короля»). Values are normalised (British
    spellings, ``single`` → ``one-card``, ``sequence`` → ``any-sequence``). A bare value in place
    of F is accepted as stated.
    """

    def __init__(self, rules: dict | None) -> None:
        self.rules = rules or {}

    def get(self, path: str) -> RuleField | None:
        """The field at ``"section.key"``, or ``None`` when unknown."""
        section, _, key = path.partition(".")
        raw = (self.rules.get(section) or {}).get(key) if isinstance(self.rules.get(section), dict) else None
        if raw is None:
            return None
        if isinstance(raw, dict) and "value" in raw:
            if raw.get("status") == "unknown" or raw.get("value") is None:
                return None
            value = raw["value"]
            lines = tuple(raw["lines"]) if raw.get("lines") else None
            f = RuleField(path, value, raw.get("status", "stated"), raw.get("quote"), lines)
        else:
            f = RuleField(path, raw)
        if isinstance(f.value, str) and path != "foundations.base":
            v = f.value.strip().lower()
            f = RuleField(path, _SYNONYMS.get(v, v), f.status, f.quote, f.lines)
        return f

    def special(self) -> list[dict]:
        """The ``special`` entries (each with ``name``, ``quote``, ``lines``)."""
        sp = self.rules.get("special") or []
        return [s for s in sp if isinstance(s, dict)]


def base_ranks(value: Any) -> list[int] | str | None:
    """Foundation base ranks from ``foundations.base``: ``"A"`` → ``[1]``, ``"A+K"`` → ``[1, 13]``,
    ``"7"`` → ``[7]``; ``"any"`` / ``"any-first"`` → ``"any"``; ``"none"`` → ``"none"``; ``None`` when not understood."""
    if isinstance(value, (list, tuple)):
        out: list[int] = []
        for v in value:
            r = base_ranks(v)
            if not isinstance(r, list):
                return None
            out += r
        return out
    if isinstance(value, int):
        return [value] if 1 <= value <= 13 else None
    v = str(value).strip().upper()
    if v in ("ANY", "ANY-FIRST", "ANY FIRST"):
        return "any"
    if v == "NONE":
        return "none"
    out = []
    for part in v.replace(",", "+").split("+"):
        part = part.strip()
        try:
            out.append(Card.parse(part).rank)
        except ValueError:
            return None
    return out or None


# -- outcomes of single checks ------------------------------------------------------------------

@dataclass
class _Outcome:
    checked: list[str] = field(default_factory=list)
    bad: list[tuple[str, str]] = field(default_factory=list)       # (rule, reason)
    unknown: list[tuple[str, str]] = field(default_factory=list)   # (rule/fact, what is missing)
    good: list[str] = field(default_factory=list)                  # short reasons for a legal verdict
    primary: str | None = None                                     # the rule that decides a legal verdict

    def ok(self, rule: str, why: str | None = None) -> None:
        self.checked.append(rule)
        if why:
            self.good.append(why)

    def fail(self, rule: str, why: str) -> None:
        self.checked.append(rule)
        self.bad.append((rule, why))

    def missing(self, rule: str, why: str) -> None:
        self.unknown.append((rule, why))

    def verdict(self) -> Verdict:
        checked = list(dict.fromkeys(self.checked))
        if self.bad:
            rule, why = self.bad[0]
            more = "; ".join(w for _, w in self.bad[1:])
            return Verdict("illegal", why + (f"; also: {more}" if more else ""), rule, checked)
        if self.unknown:
            rule, why = self.unknown[0]
            more = "; ".join(w for _, w in self.unknown[1:])
            done = f" (consistent with: {', '.join(checked)})" if checked else ""
            return Verdict("unverifiable", why + (f"; also: {more}" if more else "") + done, rule, checked)
        return Verdict("legal", "; ".join(self.good) or "consistent with " + ", ".join(checked),
                       self.primary or (checked[-1] if checked else None), checked)


# -- the state ----------------------------------------------------------------------------------

_PLACES = ("foundation", "space", "cell", "reserve", "waste", "tableau")


class PartialState:
    """What the example has revealed so far.

    ``on[X] = Y``: X was put on Y in the tableau; ``cover[Y] = X`` the reverse; ``place[X] =
    (where, n)``: where card X went at move ``n`` (``"foundation"``, ``"tableau"``, ``"reserve"``,
    ``"cell"``, ``"waste"``); ``tops``: cards known to lie on top of a foundation. ``blurred``
    turns true once a card the text does not name has moved (it may have uncovered anything).
    """

    def __init__(self, rules: dict | RuleSpec | None) -> None:
        self.spec = rules if isinstance(rules, RuleSpec) else RuleSpec(rules)
        self.on: dict[Card, Card] = {}
        self.cover: dict[Card, Card] = {}
        self.place: dict[Card, tuple[str, int]] = {}
        self.tops: set[Card] = set()
        self.blurred = False

    def copy(self) -> "PartialState":
        """An independent copy (for hypothetical moves)."""
        new = copy.copy(self)
        new.on, new.cover, new.place, new.tops = dict(self.on), dict(self.cover), dict(self.place), set(self.tops)
        return new

    # -- facts ------------------------------------------------------------------------------
    def _single_pack(self) -> bool | None:
        f = self.spec.get("deck.packs")
        return None if f is None else f.value == 1

    def _conflict(self, out: _Outcome, rule: str, why: str) -> None:
        """A fact of the example contradicts the move: illegal for one pack, else unverifiable."""
        single = self._single_pack()
        if single and not self.blurred:
            out.fail(rule, why)
        elif single is None:
            out.missing("deck.packs", f"{why} — but deck.packs is unknown, so another copy of the card may be meant")
        elif self.blurred:
            out.missing(rule, f"{why} — but a card the text does not name moved earlier and may have changed that")
        # two or more packs: the other copy may be meant; nothing concluded

    def _check_source(self, out: _Outcome, move: Move) -> None:
        """The moving card (and the cards moving with it) must be free to move."""
        x = move.card
        where = self.place.get(x)
        if where and where[0] == "foundation":
            self._conflict(out, "location", f"{x} went to a foundation at move {where[1]}; a card is not in two places at once")
        top = self.cover.get(x)
        carried = set(move.cards[1:])
        if top is not None and top not in carried:
            if len(move.cards) > 1 or move.kind == "sequence":
                self._conflict(out, "exposed", f"{x} is covered by {top} (move {self.place.get(top, ('', '?'))[1]}), "
                                               f"which the move does not carry")
            else:
                unit = self.spec.get("tableau.move")
                if unit is None:
                    out.missing("tableau.move", f"{x} carries {top} (put on it at move {self.place.get(top, ('', '?'))[1]}): "
                                                f"tableau.move unknown")
                elif unit.value == "one-card":
                    self._conflict(out, "tableau.move", f"{x} is covered by {top} (move {self.place.get(top, ('', '?'))[1]}) "
                                                        f"and only one card moves at a time — {unit.evidence()}")
                else:
                    out.ok("tableau.move", f"{x} moves with {top} on it ({unit.evidence()})")
        if len(move.cards) > 1:
            self._check_sequence(out, move.cards)

    def _check_sequence(self, out: _Outcome, cards: list[Card]) -> None:
        unit = self.spec.get("tableau.move")
        if unit is None:
            out.missing("tableau.move", f"a sequence of {len(cards)} cards moves: tableau.move unknown")
            return
        if unit.value == "one-card":
            out.fail("tableau.move", f"{len(cards)} cards ({', '.join(map(str, cards))}) move together, but only one card "
                                     f"moves at a time — {unit.evidence()}")
            return
        if unit.value not in ("any-sequence", "same-suit-sequence", "whole-pile"):
            out.missing("tableau.move", f"tableau.move value {unit.value!r} is not one the engine knows")
            return
        if unit.value == "same-suit-sequence" and len({c.suit for c in cards}) > 1:
            out.fail("tableau.move", f"the sequence {', '.join(map(str, cards))} mixes suits — {unit.evidence()}")
            return
        if unit.value != "whole-pile":
            for lower, upper in zip(cards, cards[1:]):
                self._check_build(out, upper, lower, what="within the sequence")
        out.ok("tableau.move")

    def _check_build(self, out: _Outcome, x: Card, y: Card, what: str = "") -> None:
        """Rank step and suit policy of the tableau for ``x`` put on ``y``."""
        d = self.spec.get("tableau.build_direction")
        tag = f" ({what})" if what else ""
        if d is None:
            out.missing("tableau.build_direction", f"tableau.build_direction unknown: cannot say whether {x} may go on {y}{tag}")
        elif d.value == "none":
            out.fail("tableau.build_direction", f"{x} is built on {y}{tag}, but the tableau takes no building — {d.evidence()}")
        elif d.value not in ("down", "up", "either"):
            out.missing("tableau.build_direction", f"tableau.build_direction value {d.value!r} is not one the engine knows")
        else:
            step = x.rank - y.rank
            want = {"down": [-1], "up": [1], "either": [1, -1]}[d.value]
            ok = step in want
            wrapped = not ok and step % 13 in [w % 13 for w in want]
            if ok:
                out.ok("tableau.build_direction")
            elif wrapped:
                self._wrap(out, "tableau.wrap", x, y, d)
            else:
                word = {"down": "one rank lower", "up": "one rank higher", "either": "one rank higher or lower"}[d.value]
                out.fail("tableau.build_direction", f"{x} on {y}{tag}: the card must be {word} — {d.evidence()}")
        s = self.spec.get("tableau.build_suit")
        if s is None:
            out.missing("tableau.build_suit", f"tableau.build_suit unknown: cannot say whether {x} may go on {y}{tag}")
            return
        self._suit_rule(out, s, x, y, tag)

    def _wrap(self, out: _Outcome, path: str, x: Card, y: Card, d: RuleField) -> None:
        """``x`` follows ``y`` only round the corner (king–ace): allowed when ``path`` says so."""
        w = self.spec.get(path)
        if w is None:
            out.missing(path, f"{x} on {y} follows only round the corner (king–ace): {path} unknown")
        elif w.value:
            out.ok(path)
        else:
            out.fail(path, f"{x} on {y} would go round the corner (king–ace) — {w.evidence()}; {d.evidence()}")

    def _suit_rule(self, out: _Outcome, s: RuleField, x: Card, y: Card, tag: str = "") -> None:
        policy = s.value
        if policy in ("any-suit", "rank-only", "any"):
            out.ok(s.path)
            return
        if policy not in ("same-suit", "alternate-color", "same-color"):
            out.missing(s.path, f"{s.path} value {policy!r} is not one the engine knows")
            return
        if x.suit is None or y.suit is None:
            out.missing("card.suit", f"the text gives no suit for {x if x.suit is None else y}, so {s.path} cannot be checked")
            return
        ok = {"same-suit": x.suit == y.suit, "alternate-color": x.color != y.color, "same-color": x.color == y.color}[policy]
        if ok:
            out.ok(s.path)
        else:
            out.fail(s.path, f"{x} on {y}{tag} breaks the suit rule — {s.evidence()}")

    # -- one move ---------------------------------------------------------------------------
    def check(self, move: Move) -> Verdict:
        """The verdict on ``move`` given what is known now (the state is not changed)."""
        x = move.card
        if x is None:
            if move.kind == "deal":
                return Verdict("unverifiable", "a deal of cards the text does not name: the spec has no dealing rule to check",
                               "stock", [])
            return Verdict("unverifiable", "the move names no card", "card", [])
        if x.joker:
            return Verdict("unverifiable", "a joker moves: the spec has no joker rule", "deck.jokers", [])
        out = _Outcome()
        dest, target = self._destination(move)
        if dest == "unknown":
            return Verdict("unverifiable", f"the destination {move.to!r} is not one the engine knows", "to", [])
        if dest == "none":
            return Verdict("unverifiable", "the text names no destination", "to", [])
        self._check_source(out, move)
        out.primary = {"card": "tableau.build_suit", "foundation": "foundations.direction", "space": "tableau.space"}.get(dest)
        if dest == "card":
            self._check_onto_card(out, x, target)
        elif dest == "foundation":
            self._check_foundation(out, x, target)
        elif dest == "space":
            self._check_space(out, move)
        elif dest in ("reserve", "cell"):
            out.missing(dest, f"{x} to the {dest}: the spec has no {dest} rules (capacity, what may go there)")
        elif dest == "waste":
            out.missing("stock", f"{x} turned to the waste: the spec has no rule for dealing from the stock")
        elif dest == "tableau":
            out.missing("stock", f"{x} dealt to the tableau: the spec has no dealing rule")
        elif dest == "row":
            out.missing("layout", "a move to the start of a Paganini row needs the full layout")
        return out.verdict()

    def _destination(self, move: Move) -> tuple[str, Card | None]:
        to = move.to
        if move.kind == "to_foundation" or to == "foundation":
            return "foundation", move.to_card or _card_or_none(to)
        if to is None:
            return ("card", move.to_card) if move.to_card is not None else ("none", None)
        if to in _PLACES:
            return to, move.to_card
        if to.startswith("row:"):
            return "row", None
        y = move.to_card or _card_or_none(to)
        if y is None:
            return "unknown", None
        where = self.place.get(y)
        if where and where[0] == "foundation" and y in self.tops:
            return "foundation", y
        if (where is None or where[0] == "foundation") and self._base_in_order(move.card, y):
            return "foundation", y   # «♦2 кладем на ♦Т»: onto a base card, in foundation order
        return "card", y

    def _base_in_order(self, x: Card | None, y: Card) -> bool:
        """``y`` is a foundation base rank and ``x`` the same-suit card that follows it on a foundation."""
        base, d, st = self.spec.get("foundations.base"), self.spec.get("foundations.direction"), self.spec.get("foundations.step")
        ranks = base_ranks(base.value) if base else None
        if x is None or not isinstance(ranks, list) or y.rank not in ranks or d is None or st is None:
            return False
        if x.suit is None or x.suit != y.suit or not isinstance(st.value, int):
            return False
        deltas = {"up": [st.value], "down": [-st.value], "both": [st.value, -st.value]}.get(d.value, [])
        return x.rank - y.rank in deltas

    def _check_onto_card(self, out: _Outcome, x: Card, y: Card) -> None:
        where = self.place.get(y)
        if where and where[0] in ("waste", "reserve", "cell"):
            out.missing(where[0], f"{y} lies in the {where[0]} (move {where[1]}): the spec has no rule for building there")
            return
        if where and where[0] == "foundation":
            self._conflict(out, "location", f"{y} went to a foundation at move {where[1]} and is covered there")
        top = self.cover.get(y)
        if top is not None and top != x:
            self._conflict(out, "exposed", f"{y} is covered by {top} (move {self.place.get(top, ('', '?'))[1]}); "
                                           f"only an uncovered card can be built on")
        else:
            out.ok("exposed")
        self._check_build(out, x, y)
        if not out.bad and not out.unknown:
            out.good.insert(0, f"{x} on {y}")

    def _check_foundation(self, out: _Outcome, x: Card, target: Card | None) -> None:
        base = self.spec.get("foundations.base")
        ranks = base_ranks(base.value) if base else None
        if base is not None and ranks == "none":
            out.fail("foundations.base", f"{x} to a foundation, but the game has none — {base.evidence()}")
            return
        preplaced = self.spec.get("foundations.preplaced")
        preplaced = bool(preplaced and preplaced.value)
        if target is None and isinstance(ranks, list) and x.rank in ranks:
            out.ok("foundations.base", f"{x} starts a foundation ({base.evidence()})")
            out.primary = "foundations.base"
            return
        if target is None and base is None:
            out.missing("foundations.base", f"foundations.base unknown: cannot say whether {x} may start a foundation")
        elif target is None and ranks == "any":
            out.missing("foundations.base", f"{base.evidence()}: the base rank is chosen in play and the example does not show it")
            return
        elif target is None and ranks is None:
            out.missing("foundations.base", f"foundations.base value {base.value!r} is not one the engine knows")
            return
        d, st, su = self.spec.get("foundations.direction"), self.spec.get("foundations.step"), self.spec.get("foundations.suit")
        for f, name in ((d, "foundations.direction"), (st, "foundations.step"), (su, "foundations.suit")):
            if f is None:
                out.missing(name, f"{name} unknown: cannot say what {x} may go on")
        if d is None or st is None or su is None:
            return
        if d.value not in ("up", "down", "both") or not isinstance(st.value, int):
            out.missing("foundations.direction", f"foundation order {d.value!r}/{st.value!r} is not one the engine knows")
            return
        deltas = {"up": [st.value], "down": [-st.value], "both": [st.value, -st.value]}[d.value]
        if target is not None:
            diff = x.rank - target.rank
            if diff in deltas:
                out.ok("foundations.direction")
            elif diff % 13 in [k % 13 for k in deltas]:
                self._wrap(out, "foundations.wrap", x, target, d)
            else:
                out.fail("foundations.direction", f"{x} on the foundation card {target}: wrong rank step — {d.evidence()}, {st.evidence()}")
                return
            self._suit_rule(out, su, x, target, "(foundation)")
            known = target in self.tops
            base_there = preplaced and isinstance(ranks, list) and target.rank in ranks
            if known:
                out.ok("foundations: earlier play", f"{x} on {target}, put on its foundation earlier in the example")
            elif base_there:
                out.ok("foundations.preplaced", f"{x} on {target}, which lies on its foundation from the deal")
                out.primary = "foundations.preplaced"
            else:
                self._pred_unknown(out, x, [target])
            return
        preds = [Card(x.rank - k, x.suit) for k in deltas if 1 <= x.rank - k <= 13] if su.value == "same-suit" else []
        if su.value != "same-suit":
            cands = [t for t in self.tops if t.rank in [x.rank - k for k in deltas]]
            cands = [t for t in cands if _suit_ok(su.value, x, t)]
            if cands:
                out.ok("foundations.suit", f"{x} on {cands[0]}, on its foundation since earlier in the example")
            else:
                out.missing("foundations: earlier play", f"no foundation card that {x} may go on is shown earlier in the example")
            return
        if x.suit is None:
            out.missing("card.suit", f"the text gives no suit for {x}; foundations.suit = same-suit cannot be checked")
            return
        out.ok("foundations.suit")
        out.ok("foundations.direction")
        for p in preds:
            if p in self.tops:
                out.ok("foundations: earlier play", f"{x} on {p}, put on its foundation earlier in the example")
                return
            if preplaced and isinstance(ranks, list) and p.rank in ranks:
                out.ok("foundations.preplaced", f"{x} on {p}, which lies on its foundation from the deal")
                out.primary = "foundations.preplaced"
                return
        elsewhere = [(p, self.place[p]) for p in preds if p in self.place and self.place[p][0] != "foundation"]
        if elsewhere and len(elsewhere) == len(preds):
            p, (where, n) = elsewhere[0]
            self._conflict(out, "foundations.direction", f"{x} needs {p} on its foundation, but {p} went to the {where} at move {n}")
            return
        self._pred_unknown(out, x, preds)

    def _pred_unknown(self, out: _Outcome, x: Card, preds: list[Card]) -> None:
        names = " or ".join(map(str, preds)) or "its predecessor"
        out.missing("foundations: earlier play",
                    f"{x} needs {names} on a foundation; the example does not show it going there "
                    f"(it may have gone earlier, off the page)")

    def _check_space(self, out: _Outcome, move: Move) -> None:
        x = move.card
        sp = self.spec.get("tableau.space")
        if sp is None:
            out.missing("tableau.space", f"tableau.space unknown: cannot say whether {x} may fill a space")
            return
        v = sp.value
        if v == "any":
            out.ok(sp.path, f"{x} fills a space ({sp.evidence()})")
        elif v == "kings":
            if x.rank == 13:
                out.ok(sp.path, f"{x} fills a space ({sp.evidence()})")
            else:
                out.fail(sp.path, f"{x} fills a space, but only a king may — {sp.evidence()}")
        elif v == "not-filled":
            out.fail(sp.path, f"{x} fills a space, but spaces stay empty — {sp.evidence()}")
        elif v in ("from-stock", "from-waste"):
            if move.kind == "deal" and v == "from-stock":
                out.ok(sp.path, f"{x} dealt into a space ({sp.evidence()})")
            else:
                out.missing("move.source", f"{sp.evidence()}: the move does not say where {x} comes from")
        else:
            out.missing(sp.path, f"tableau.space value {v!r} is not one the engine knows")

    # -- playing ------------------------------------------------------------------------------
    def apply(self, move: Move, n: int) -> None:
        """Record what ``move`` (number ``n``, 1-based) reveals: where its card went and what it covers."""
        x = move.card
        if x is None:
            if move.kind != "deal":
                self.blurred = True
            return
        dest, target = self._destination(move)
        below = self.on.pop(x, None)
        if below is not None and self.cover.get(below) == x:
            del self.cover[below]
        if x in self.tops:
            self.tops.discard(x)
        if dest == "card" and target is not None:
            old = self.cover.get(target)
            if old is not None and old != x:
                self.on.pop(old, None)
            self.on[x] = target
            self.cover[target] = x
            under = self.place.get(target, ("tableau", n))[0]
            self.place[x] = (under if under in ("waste", "reserve", "cell") else "tableau", n)
        elif dest == "foundation":
            if target is not None:
                self.tops.discard(target)
            else:  # x covers the same-suit card one step away, if it is known to be on top
                st = self.spec.get("foundations.step")
                k = st.value if st is not None and isinstance(st.value, int) else 1
                below_x = [t for t in self.tops if t.suit == x.suit and abs(t.rank - x.rank) == k]
                self.tops.difference_update(below_x[:1])
            self.tops.add(x)
            self.place[x] = ("foundation", n)
            top = self.cover.pop(x, None)
            if top is not None:
                self.on.pop(top, None)
        elif dest in ("space", "tableau"):
            self.place[x] = ("tableau", n)
        elif dest in ("reserve", "cell", "waste"):
            self.place[x] = (dest, n)


def _card_or_none(s: str | None) -> Card | None:
    if not s:
        return None
    try:
        return Card.parse(s)
    except ValueError:
        return None


def _suit_ok(policy: str, x: Card, y: Card) -> bool:
    if policy in ("any-suit", "any", "rank-only"):
        return True
    if x.suit is None or y.suit is None:
        return False
    return {"same-suit": x.suit == y.suit, "alternate-color": x.color != y.color,
            "same-color": x.color == y.color}.get(policy, False)


def _same(a: Move, b: Move) -> bool:
    return a.cards == b.cards and a.to == b.to and a.to_card == b.to_card


def check_moves(moves: list[Move], rules: dict | RuleSpec | None) -> list[Verdict]:
    """One verdict per move (same order), replaying what each move reveals.

    Conditional moves are played on a hypothetical copy that lasts while the moves stay
    conditional; alternatives are checked, never played; prohibited moves are never played and
    must be illegal (else ``unverifiable`` with the contradiction); restated moves take the
    verdict of the earlier move they repeat. Illegal moves are not played.
    """
    main = PartialState(rules)
    hypo: PartialState | None = None
    verdicts: list[Verdict] = []
    for i, m in enumerate(moves):
        n = i + 1
        flags = set(m.flags or ())
        if "restated" in flags:
            j = next((j for j in range(i - 1, -1, -1) if _same(moves[j], m)), None)
            if j is not None:
                v = verdicts[j]
                verdicts.append(Verdict(v.verdict, f"restates move {j + 1}: {v.reason}", v.rule, list(v.checked)))
                continue
        hypothetical = bool(flags & {"conditional", "alternative", "prohibited"})
        if hypothetical:
            if hypo is None:
                hypo = main.copy()
            state = hypo
        else:
            hypo = None
            state = main
        v = state.check(m)
        if "prohibited" in flags:
            if v.verdict == "legal":
                v = Verdict("unverifiable", f"the text says this move is not allowed, but the rules as read allow it "
                                            f"({v.reason}): the rules spec or the move reading is wrong", v.rule, v.checked)
            elif v.verdict == "illegal":
                v = Verdict("illegal", f"not allowed, as the text says: {v.reason}", v.rule, v.checked)
            verdicts.append(v)
            continue
        if "alternative" not in flags and v.verdict != "illegal":
            state.apply(m, n)
        if hypothetical:
            v.reason = "hypothetical: " + v.reason
        verdicts.append(v)
    return verdicts
