"""Partial-knowledge checker: verdicts for example moves printed without their layout.

Most worked examples (the book 004, the articles 001 and 003) give moves but not the deal. The
checker keeps only what the text and the earlier moves reveal — which card lies on which, which
cards went to a foundation, the waste, the reserve or the cells, which cards left play — and
judges each move by the game's rules spec (the dict written by ``extract/rules.py``; format in
:class:`RuleSpec`):

* ``legal`` — consistent with every rule that could be checked (``checked`` lists them); the
  reason also lists what had to be *assumed* about cards the text never shows (the deal, moves
  made before the example begins): «assumed: AH lies on its foundation». A move is never legal
  by assumption when a fact of the example contradicts it;
* ``illegal`` — a rule is broken: ``rule`` names the field, the reason quotes its evidence;
* ``unverifiable`` — a rule needed is unknown or the text lacks the fact the rule asks for:
  ``rule`` names the missing field or fact.

How a move «X on Y» is read when the text does not say where Y lies: Y may be a tableau card or
the top of a foundation (or, in the games that build on it, the waste). Each reading the facts
allow is judged; the move is legal if one is (the foundation is preferred for a base card or a
card known to lie there), illegal if every reading breaks a rule, else unverifiable.

Ranks follow the pack: a stripped pack («от тузов до семерок», 32 cards) runs A, 7, 8, … K, so
a seven follows the ace on a foundation (``deck.cards_per_pack``; a pack not said to be
stripped is a full one). Per-game mechanics the spec names in ``special`` (accordion jumps,
pairs removed by sum or rank, named base cards) are judged by :mod:`pasyans.engine.plugins`.

Flags of :class:`pasyans.models.Move`: ``conditional``/``alternative`` moves are checked on a
hypothetical copy of the state (a chain of conditional moves builds on one copy; alternatives
are never played); ``prohibited`` moves must come out illegal — if the rules as read allow one,
the verdict is ``unverifiable`` naming the contradiction; ``restated`` moves repeat the verdict of
the move they restate. Cards a described position places («♥А и ♠К вынесены … в базовый ряд», a
next move's :attr:`pasyans.models.Move.shown`) count as shown there.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from pasyans.cards import Card
from pasyans.models import Move, Verdict

from .outcome import Outcome
from .policy import ANY_SUIT, SUIT_POLICIES, suit_fits

_SYNONYMS = {
    "alternate-colour": "alternate-color", "alternating-color": "alternate-color", "alternating-colour": "alternate-color",
    "same-colour": "same-color", "any": "any", "any-suit": "any-suit", "rank-only": "rank-only",
    "single": "one-card", "one": "one-card", "sequence": "any-sequence", "sequences": "any-sequence",
    "same-suit-sequences": "same-suit-sequence", "pile": "whole-pile",
}

PACK_RANKS = {52: list(range(1, 14)), 36: [1] + list(range(6, 14)), 32: [1] + list(range(7, 14)),
              24: [1] + list(range(9, 14)), 20: [1] + list(range(10, 14))}
"""Ranks of a pack by its size, in building order (the ace first): a 32-card pack («от тузов до
семерок») runs A, 7, 8, … K."""


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
         "layout": {"cells", "reserve", …},
         "foundations": {"base", "direction", "suit", "step", "preplaced"?, "wrap"?},
         "tableau": {"build_direction", "build_suit", "move", "space", "wrap"?},
         "waste": {"build_direction", "build_suit", "wrap"},
         "stock": {"redeals", "deal_to"}, "special": [{"name", "quote", "lines", "params"?}]}

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

    def special_named(self, *names: str) -> dict | None:
        """The first ``special`` entry whose name is one of ``names``, or ``None``."""
        return next((s for s in self.special() if s.get("name") in names), None)

    def ranks(self) -> list[int]:
        """The pack's ranks in building order (:data:`PACK_RANKS`); a full pack when
        ``deck.cards_per_pack`` is unknown or not one of the known sizes."""
        f = self.get("deck.cards_per_pack")
        return PACK_RANKS.get(f.value if f is not None else 52, PACK_RANKS[52])


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

# -- the state ----------------------------------------------------------------------------------

_PLACES = ("foundation", "space", "cell", "reserve", "waste", "tableau")


class PartialState:
    """What the example has revealed so far.

    ``on[X] = Y``: X was put on Y (tableau or waste); ``cover[Y] = X`` the reverse; ``place[X] =
    (where, n)``: where card X went at move ``n`` (``"foundation"``, ``"tableau"``, ``"reserve"``,
    ``"cell"``, ``"waste"``, ``"discard"``); ``tops``: cards known to lie on top of a foundation;
    ``bases``: cards known to be foundation bases; ``base_rank``: the base rank a game of
    ``foundations.base = any-first`` has shown; ``held``: cards put into the cells or the reserve
    in this example, still there. ``blurred`` turns true once a card the text does not name has
    moved (it may have uncovered anything).
    """

    def __init__(self, rules: dict | RuleSpec | None) -> None:
        self.spec = rules if isinstance(rules, RuleSpec) else RuleSpec(rules)
        self.on: dict[Card, Card] = {}
        self.cover: dict[Card, Card] = {}
        self.place: dict[Card, tuple[str, int]] = {}
        self.tops: set[Card] = set()
        self.bases: set[Card] = set()
        self.base_rank: int | None = None
        self.held: dict[str, list[Card]] = {}
        self.blurred = False
        self.how: dict[Card, str] = {}   # how a card shown before the moves came to its foundation
        order = self.spec.ranks()
        self.order = order
        self.pos = {r: i for i, r in enumerate(order)}
        from . import plugins

        self.plugins = plugins.for_spec(self.spec)

    def copy(self) -> "PartialState":
        """An independent copy (for hypothetical moves)."""
        new = copy.copy(self)
        new.on, new.cover, new.place, new.tops = dict(self.on), dict(self.cover), dict(self.place), set(self.tops)
        new.bases = set(self.bases)
        new.how = dict(self.how)
        new.held = {k: list(v) for k, v in self.held.items()}
        return new

    # -- facts ------------------------------------------------------------------------------
    def _single_pack(self) -> bool | None:
        f = self.spec.get("deck.packs")
        return None if f is None else f.value == 1

    def _conflict(self, out: Outcome, rule: str, why: str) -> bool:
        """A fact of the example contradicts the move: illegal for one pack, unverifiable when the
        packs are unknown or an unnamed card moved before; with several packs the other copy of the
        card is taken to be meant (an assumption). Returns ``True`` when the move is decided by it
        (illegal or unverifiable), ``False`` when the checks go on."""
        single = self._single_pack()
        if single and not self.blurred:
            out.fail(rule, why)
        elif single is None:
            out.missing("deck.packs", f"{why} — but deck.packs is unknown, so another copy of the card may be meant")
        elif self.blurred:
            out.missing(rule, f"{why} — but a card the text does not name moved earlier and may have changed that")
        else:
            packs = self.spec.get("deck.packs")
            out.assume(f"the other copy of the card is meant ({why}; {packs.evidence()})")
            return False
        return True

    def where(self, y: Card) -> str | None:
        """Where the example has shown ``y``: ``"foundation"``, ``"tableau"``, ``"waste"``,
        ``"reserve"``, ``"cell"``, ``"discard"`` or ``None`` (not shown; always for a card named
        by its rank only — «десятка» may be any of four)."""
        if y.suit is None:
            return None
        if y in self.tops:
            return "foundation"
        w = self.place.get(y)
        if w is not None:
            return w[0]
        if y in self.cover:
            return "tableau"   # a card was built on it, and it has not moved since
        return None

    def step(self, x: Card, y: Card) -> int | None:
        """Rank steps from ``y`` to ``x`` in the pack's order (+1: ``x`` is the next rank up), or
        ``None`` when a rank is not in the pack."""
        if x.rank not in self.pos or y.rank not in self.pos:
            return None
        return self.pos[x.rank] - self.pos[y.rank]

    def _in_pack(self, out: Outcome, *cards: Card) -> bool:
        per = self.spec.get("deck.cards_per_pack")
        for c in cards:
            if c is not None and not c.joker and c.rank not in self.pos:
                out.fail("deck.cards_per_pack", f"{c} is not in the pack — {per.evidence() if per else 'stripped pack'}")
                return False
        return True

    def _check_source(self, out: Outcome, move: Move) -> None:
        """The moving card (and the cards moving with it) must be free to move."""
        x = move.card
        if x.suit is None:
            return   # a rank only: which card of that rank is not said
        where = self.place.get(x)
        if where and where[0] in ("foundation", "discard"):
            what = "went to a foundation" if where[0] == "foundation" else "left play"
            self._conflict(out, "location", f"{x} {what} at move {where[1]}; a card is not in two places at once")
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

    def _check_sequence(self, out: Outcome, cards: list[Card]) -> None:
        unit = self.spec.get("tableau.move")
        if self.plugins.sequence_ok(self, out, cards):
            return
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
        if unit.value == "same-suit-sequence" and len({c.suit for c in cards if c.suit}) > 1:
            out.fail("tableau.move", f"the sequence {', '.join(map(str, cards))} mixes suits — {unit.evidence()}")
            return
        if unit.value != "whole-pile":
            for lower, upper in zip(cards, cards[1:]):
                self._check_build(out, upper, lower, what="within the sequence")
        out.ok("tableau.move")

    def _check_build(self, out: Outcome, x: Card, y: Card, what: str = "", pile: str = "tableau") -> None:
        """Rank step and suit policy of ``pile`` (``"tableau"`` or ``"waste"``) for ``x`` put on ``y``."""
        d = self.spec.get(f"{pile}.build_direction")
        tag = f" ({what})" if what else ""
        if d is None:
            out.missing(f"{pile}.build_direction", f"{pile}.build_direction unknown: cannot say whether {x} may go on {y}{tag}")
        elif d.value == "none":
            out.fail(f"{pile}.build_direction", f"{x} is built on {y}{tag}, but the {pile} takes no building — {d.evidence()}")
        elif d.value not in ("down", "up", "either"):
            out.missing(f"{pile}.build_direction", f"{pile}.build_direction value {d.value!r} is not one the engine knows")
        elif self._in_pack(out, x, y):
            step = self.step(x, y)
            want = {"down": [-1], "up": [1], "either": [1, -1]}[d.value]
            n = len(self.order)
            ok = step in want
            wrapped = not ok and step % n in [w % n for w in want]
            if ok:
                out.ok(f"{pile}.build_direction")
            elif wrapped:
                self._wrap(out, f"{pile}.wrap", x, y, d)
            else:
                word = {"down": "one rank lower", "up": "one rank higher", "either": "one rank higher or lower"}[d.value]
                out.fail(f"{pile}.build_direction", f"{x} on {y}{tag}: the card must be {word} — {d.evidence()}")
        s = self.spec.get(f"{pile}.build_suit")
        if s is None:
            out.missing(f"{pile}.build_suit", f"{pile}.build_suit unknown: cannot say whether {x} may go on {y}{tag}")
            return
        self._suit_rule(out, s, x, y, tag)

    def _wrap(self, out: Outcome, path: str, x: Card, y: Card, d: RuleField) -> None:
        """``x`` follows ``y`` only round the corner (king–ace): allowed when ``path`` says so."""
        w = self.spec.get(path)
        if w is None:
            out.missing(path, f"{x} on {y} follows only round the corner (king–ace): {path} unknown")
        elif w.value:
            out.ok(path)
        else:
            out.fail(path, f"{x} on {y} would go round the corner (king–ace) — {w.evidence()}; {d.evidence()}")

    def _suit_rule(self, out: Outcome, s: RuleField, x: Card, y: Card, tag: str = "") -> None:
        policy = s.value
        if policy in ANY_SUIT:
            out.ok(s.path)
            return
        if policy not in SUIT_POLICIES:
            out.missing(s.path, f"{s.path} value {policy!r} is not one the engine knows")
            return
        if x.suit is None or y.suit is None:
            # the text names a rank only («девятки бубен на десятку»): a card of that rank in the
            # suit the rule asks for is what the move can mean
            vague = x if x.suit is None else y
            out.ok(s.path)
            out.assume(f"{vague} (no suit given) is of a suit {s.path} = {policy!r} allows")
            return
        if suit_fits(policy, x, y):
            out.ok(s.path)
        else:
            out.fail(s.path, f"{x} on {y}{tag} breaks the suit rule — {s.evidence()}")

    # -- one move ---------------------------------------------------------------------------
    def check(self, move: Move) -> Verdict:
        """The verdict on ``move`` given what is known now (the state is not changed)."""
        return self.outcome(move).verdict()

    def outcome(self, move: Move) -> Outcome:
        """The :class:`Outcome` of the checks of ``move`` (the state is not changed)."""
        x = move.card
        out = Outcome()
        if x is None:
            if move.kind == "deal":
                out.missing("stock", "a deal of cards the text does not name: nothing about them can be checked")
            else:
                out.missing("card", "the move names no card")
            return out
        if x.joker:
            out.missing("deck.jokers", "a joker moves: the spec has no joker rule")
            return out
        dest, target = self._destination(move)
        if dest == "unknown":
            out.missing("to", f"the destination {move.to!r} is not one the engine knows")
            return out
        if dest == "discard":
            self._check_discard(out, move)
            return out
        if dest == "deal":
            self._check_deal(out, move)
            return out
        if dest == "none":
            out.missing("to", "the text names no destination")
            return out
        self._in_pack(out, *move.cards)
        self._check_source(out, move)
        out.primary = {"card": "tableau.build_suit", "foundation": "foundations.direction", "space": "tableau.space"}.get(dest)
        if dest == "card":
            self._check_onto(out, move, x, target)
        elif dest == "foundation":
            beside = self._beside_base(move, x, target) if target is not None else False
            self._check_foundation(out, x, target if beside is False else beside)
        elif dest == "space":
            self._check_space(out, move)
        elif dest in ("reserve", "cell"):
            self._check_hold(out, x, dest)
        elif dest == "waste":
            self._check_deal(out, move)   # a card reaches the waste only from the stock
        elif dest == "tableau":
            out.missing("stock", f"{x} dealt to the tableau: the spec has no dealing rule")
        elif dest == "row":
            out.missing("layout", "a move to the start of a Paganini row needs the full layout")
        return out

    def _destination(self, move: Move) -> tuple[str, Card | None]:
        to = move.to
        if move.kind == "discard":
            return "discard", move.to_card
        if move.kind == "deal" and (to in (None, "waste", "tableau", "stock") and move.to_card is None):
            return "deal", None
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
        return "card", y

    # -- onto a card: tableau, foundation or waste ------------------------------------------
    def _readings(self, x: Card, y: Card) -> list[str]:
        """The piles ``y`` may lie on, given what the example shows: one pile when it is known."""
        w = self.where(y)
        if w in ("foundation", "waste", "reserve", "cell", "discard"):
            return [w]
        if w == "tableau":
            return ["tableau"]
        base = self.spec.get("foundations.base")
        if base is not None and base_ranks(base.value) == "none":
            return ["tableau"]
        return ["tableau", "foundation"]

    def _prefers_foundation(self, x: Card, y: Card) -> bool:
        """Both readings legal: ``y`` is a foundation card when it is a base (a base rank of the
        game, a named base card, or the rank an any-first game has shown)."""
        if y in self.bases or self.plugins.is_base_card(y):
            return True
        seq = self.spec.special_named("sequences")
        if seq is not None and y.rank in [v[0] for v in (seq.get("params") or {}).get("sequences", []) if v]:
            return True
        base = self.spec.get("foundations.base")
        ranks = base_ranks(base.value) if base else None
        if isinstance(ranks, list) and y.rank in ranks:
            return True
        return self.base_rank is not None and y.rank == self.base_rank

    def _beside_base(self, move: Move, x: Card, y: Card) -> Card | None | bool:
        """A card laid *beside* ``y`` («справа от ♦10», «над ♦Т»), not on it, starts a foundation of
        its own when it is a base rank of the game, or of ``y``'s rank in a game whose first base
        sets the rank: returns the target to judge it with (``y`` or ``None``), else ``False``."""
        if not ({"right_of", "left_of", "above"} & set(move.flags or ())):
            return False
        base = self.spec.get("foundations.base")
        ranks = base_ranks(base.value) if base else None
        if isinstance(ranks, list) and x.rank in ranks:
            return None
        if ranks == "any" and x.rank == y.rank:
            return y
        return False

    def _check_onto(self, out: Outcome, move: Move, x: Card, y: Card) -> None:
        if self.plugins.onto(self, out, move, x, y):
            return
        beside = self._beside_base(move, x, y)
        if beside is not False:
            self._check_foundation(out, x, beside)
            if out.status() == "legal":
                out.good.insert(0, f"{x} laid beside {y}, as a base of its own")
            return
        readings = self._readings(x, y)
        if readings == ["discard"]:
            self._conflict(out, "location", f"{y} left play at move {self.place[y][1]}")
            return
        if readings in (["reserve"], ["cell"]):
            out.missing(readings[0], f"{y} lies in the {readings[0]} (move {self.place[y][1]}): nothing is built there")
            return
        results: dict[str, Outcome] = {}
        for r in readings:
            o = Outcome()
            if r == "foundation":
                self._check_foundation(o, x, y)
            elif r == "waste":
                self._check_build(o, x, y, pile="waste")
                o.primary = "waste.build_direction"
            else:
                self._check_onto_tableau(o, x, y)
            results[r] = o
        chosen = self._choose(x, y, results)
        res = results[chosen]
        if len(results) > 1 and res.status() == "unverifiable":
            other = next(r for r in results if r != chosen)
            o = results[other]
            if o.status() != "legal":
                res.unknown.append((res.unknown[0][0], f"read as a {other} move instead: {o.verdict().reason}"))
            elif o.assumed:
                res.unknown.append((res.unknown[0][0], f"read as a {other} move it would be legal only if "
                                                       f"{'; '.join(o.assumed)} — which the text does not show"))
        elif len(results) > 1:
            other = next(r for r in results if r != chosen)
            if chosen == "foundation" and res.status() == "legal":
                res.good.insert(0, f"{y} read as a foundation card" + (
                    f" (as a tableau build: {results[other].verdict().reason})" if results[other].status() != "legal" else ""))
            elif res.status() == "illegal":
                why = results[other].verdict().reason
                res.bad = [(res.bad[0][0], f"{res.bad[0][1]}; nor onto a foundation: {why}")] + res.bad[1:]
        out.checked += res.checked
        out.bad += res.bad
        out.unknown += res.unknown
        out.good += res.good
        for a in res.assumed:
            out.assume(a)
        out.primary = res.primary or {"foundation": "foundations.direction", "waste": "waste.build_direction"}.get(
            chosen, "tableau.build_suit")

    def _choose(self, x: Card, y: Card, results: dict[str, Outcome]) -> str:
        """The reading judged when ``y``'s pile is not known:

        * the foundation when ``y`` is a base card (a base rank of the game, a named base, the rank
          an any-first game has shown) and that reading holds;
        * else the tableau when its rules allow the build, or cannot say (a foundation reading that
          needs unshown cards is no better than the tableau's unknown rule);
        * else — the tableau's rules forbid it — the foundation when that reading holds or cannot
          be decided; else the tableau's failure."""
        tab, fnd = results.get("tableau"), results.get("foundation")
        if tab is None or fnd is None:
            return next(iter(results))
        if self._prefers_foundation(x, y) and fnd.status() == "legal":
            return "foundation"
        if tab.status() in ("legal", "unverifiable"):
            return "tableau"
        if fnd.status() in ("legal", "unverifiable"):
            return "foundation"
        return "tableau"

    def _check_onto_tableau(self, out: Outcome, x: Card, y: Card) -> None:
        top = self.cover.get(y)
        if top is not None and top != x:
            self._conflict(out, "exposed", f"{y} is covered by {top} (move {self.place.get(top, ('', '?'))[1]}); "
                                           f"only an uncovered card can be built on")
        else:
            out.ok("exposed")
        self._check_build(out, x, y)
        out.primary = "tableau.build_suit"
        if not out.bad and not out.unknown:
            out.good.insert(0, f"{x} on {y}")

    # -- foundations --------------------------------------------------------------------------
    def _foundation_rules(self, out: Outcome, x: Card):
        """(deltas, suit field) of the foundations, or ``None`` after recording what is missing."""
        d, st, su = self.spec.get("foundations.direction"), self.spec.get("foundations.step"), self.spec.get("foundations.suit")
        seq = self.spec.special_named("sequences")
        if su is None and seq is not None and (seq.get("params") or {}).get("suit"):
            # the suit rule the text states with its listed orders («серию карт соответствующей масти в
            # последовательности: …») holds for every base of the game
            su = RuleField("foundations.suit", seq["params"]["suit"], "stated", seq.get("quote"),
                           tuple(seq["lines"]) if seq.get("lines") else None)
        for f, name in ((d, "foundations.direction"), (st, "foundations.step"), (su, "foundations.suit")):
            if f is None:
                out.missing(name, f"{name} unknown: cannot say what {x} may go on")
        if d is None or st is None or su is None:
            return None
        if d.value not in ("up", "down", "both") or not isinstance(st.value, int):
            out.missing("foundations.direction", f"foundation order {d.value!r}/{st.value!r} is not one the engine knows")
            return None
        return {"up": [st.value], "down": [-st.value], "both": [st.value, -st.value]}[d.value], su, d, st

    def _check_foundation(self, out: Outcome, x: Card, target: Card | None) -> None:
        if self.plugins.to_foundation(self, out, x, target):
            return
        base = self.spec.get("foundations.base")
        ranks = base_ranks(base.value) if base else None
        if base is not None and ranks == "none":
            out.fail("foundations.base", f"{x} to a foundation, but the game has none — {base.evidence()}")
            return
        if not self._in_pack(out, x, *([target] if target else [])):
            return
        if target is not None and target.rank == x.rank and ranks == "any" and x.suit != target.suit:
            # «другие три десятки помещаются справа от ♦10»: another base of the rank shown
            out.ok("foundations.base", f"{x} starts a foundation beside {target}, a base of the same rank ({base.evidence()})")
            out.primary = "foundations.base"
            return
        if target is None:
            if isinstance(ranks, list) and x.rank in ranks:
                out.ok("foundations.base", f"{x} starts a foundation ({base.evidence()})")
                out.primary = "foundations.base"
                return
            if ranks == "any" and (self.base_rank is None or self.base_rank == x.rank):
                shown = f"the base rank shown is {self.base_rank}" if self.base_rank else "the first base sets the rank"
                out.ok("foundations.base", f"{x} starts a foundation ({base.evidence()}; {shown})")
                out.primary = "foundations.base"
                return
            if base is None:
                out.missing("foundations.base", f"foundations.base unknown: cannot say whether {x} may start a foundation")
            elif ranks is None:
                out.missing("foundations.base", f"foundations.base value {base.value!r} is not one the engine knows")
                return
        rules = self._foundation_rules(out, x)
        if rules is None:
            return
        deltas, su, d, st = rules
        n = len(self.order)
        if target is not None:
            diff = self.step(x, target)
            if diff in deltas:
                out.ok("foundations.direction")
            elif diff % n in [k % n for k in deltas]:
                self._wrap(out, "foundations.wrap", x, target, d)
            else:
                nxt = [self.order[self.pos[target.rank] + k] for k in deltas
                       if target.rank in self.pos and 0 <= self.pos[target.rank] + k < n]
                want = " or ".join(str(Card(r, target.suit)) for r in nxt)
                out.fail("foundations.direction", f"{x} on the foundation card {target}: wrong rank step"
                         + (f" ({target} takes {want} next)" if want else "") + f" — {d.evidence()}, {st.evidence()}")
                return
            self._suit_rule(out, su, x, target, "(foundation)")
            self._foundation_card(out, x, target, ranks)
            return
        preds = self._predecessors(x, deltas, su.value)
        if su.value != "same-suit":
            cands = [t for t in self.tops if self.step(x, t) in deltas and suit_fits(su.value, x, t)]
            if cands:
                out.ok("foundations.suit", f"{x} on {cands[0]}, {self.how_on_foundation(cands[0])}")
            else:
                out.ok("foundations.suit")
                out.assume(f"a foundation card {x} may follow ({su.evidence()}) lies on top of a foundation")
            return
        if x.suit is None:
            out.ok("foundations.suit")
            out.assume(f"{x} (no suit given) follows a card of its suit on a foundation")
            return
        out.ok("foundations.suit")
        out.ok("foundations.direction")
        for p in preds:
            if p in self.tops:
                out.ok("foundations: earlier play", f"{x} on {p}, {self.how_on_foundation(p)}")
                return
        elsewhere = [(p, self.place[p]) for p in preds if p in self.place and self.place[p][0] != "foundation"]
        if elsewhere and len(elsewhere) == len(preds):
            p, (where, k) = elsewhere[0]
            if self._conflict(out, "foundations.direction", f"{x} needs {p} on its foundation, but {p} went to the {where} at move {k}"):
                return
        free = [p for p in preds if p not in self.place]
        self._foundation_card(out, x, free[0] if free else (preds[0] if preds else None), ranks)

    def _predecessors(self, x: Card, deltas: list[int], suit_policy: str) -> list[Card]:
        """The cards ``x`` may follow on a foundation (same suit): one or two ranks away in the pack's order."""
        if x.rank not in self.pos:
            return []
        out = []
        for k in deltas:
            i = self.pos[x.rank] - k
            n = len(self.order)
            if 0 <= i < n:
                out.append(Card(self.order[i], x.suit))
            elif self.spec.get("foundations.wrap") is not None and self.spec.get("foundations.wrap").value:
                out.append(Card(self.order[i % n], x.suit))
        return out

    def _foundation_card(self, out: Outcome, x: Card, p: Card | None, ranks) -> None:
        """``p`` must lie on top of its foundation: shown there, there from the deal, or (not
        contradicted) put there before the example: an assumption."""
        if p is None:
            out.assume(f"a card {x} may follow lies on top of its foundation")
            return
        if p in self.tops:
            out.ok("foundations: earlier play", f"{x} on {p}, {self.how_on_foundation(p)}")
            return
        where = self.where(p)
        preplaced = self.spec.get("foundations.preplaced")
        is_base = (isinstance(ranks, list) and p.rank in ranks) or p in self.bases or self.plugins.is_base_card(p) or (
            self.base_rank is not None and p.rank == self.base_rank)
        if where is not None and where != "foundation" and self._conflict(
                out, "location", f"{x} onto {p} on a foundation, but {p} went to the {where} "
                                 f"at move {self.place.get(p, ('', '?'))[1]}"):
            return
        if preplaced is not None and preplaced.value and is_base:
            out.ok("foundations.preplaced", f"{x} on {p}, which lies on its foundation from the deal")
            out.primary = "foundations.preplaced"
            return
        out.ok("foundations: earlier play", f"{x} on {p}")
        if is_base:
            out.assume(f"{p} (a base) lies on its foundation")
        else:
            out.assume(f"{p} lies on top of its foundation (played before the moves shown)")

    # -- spaces, cells, deals, discards ------------------------------------------------------
    def _check_space(self, out: Outcome, move: Move) -> None:
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
        elif v in ("from-stock", "from-waste", "from-reserve", "from-waste-or-stock", "any-or-reserve"):
            src = {"from-stock": "the stock", "from-waste": "the waste", "from-reserve": "the reserve",
                   "from-waste-or-stock": "the waste or the stock", "any-or-reserve": "anywhere"}[v]
            w = self.where(x)
            if move.kind == "deal" and v in ("from-stock", "from-waste-or-stock"):
                out.ok(sp.path, f"{x} dealt into a space ({sp.evidence()})")
            elif w in ("tableau", "foundation", "discard") and v != "any-or-reserve" and self._conflict(
                    out, sp.path, f"{x} fills a space, which only a card from {src} may — but {x} went to "
                                  f"the {w} at move {self.place.get(x, ('', '?'))[1]} ({sp.evidence()})"):
                pass
            else:
                out.ok(sp.path, f"{x} fills a space ({sp.evidence()})")
                out.assume(f"{x} comes from {src}, as the rule asks (the text does not say where it comes from)")
        elif v == "other" and self.spec.special_named("gaps") is not None:
            gaps = self.spec.special_named("gaps")
            out.missing("layout", f"{x} fills a space, which takes a card by the cards beside it (special gaps: "
                                  f"«{gaps.get('quote', '')[:120]}»); the text does not name them — the layout is "
                                  f"printed only as a figure")
        else:
            out.missing(sp.path, f"tableau.space value {v!r} is not one the engine knows")

    def _capacity(self, dest: str) -> tuple[int | None, RuleField | None]:
        cells = self.spec.get("layout.cells")
        if cells is not None and isinstance(cells.value, int):
            return cells.value, cells
        return None, None

    def _check_hold(self, out: Outcome, x: Card, dest: str) -> None:
        """A card put into the cells or a reserve of single places (``layout.cells``), or a stock
        card put on a reserve pile where the stock is dealt to the reserve (``stock.deal_to``)."""
        cap, f = self._capacity(dest)
        to = self.spec.get("stock.deal_to")
        if cap is None and dest == "reserve" and to is not None and to.value == "reserve":
            w = self.where(x)
            if w is not None and self._conflict(out, "location", f"{x} goes to a reserve pile from the stock, but it "
                                                                 f"went to the {w} at move {self.place.get(x, ('', '?'))[1]}"):
                return
            out.ok(to.path, f"{x}, dealt from the stock, goes onto a reserve pile ({to.evidence()})")
            out.primary = to.path
            return
        if cap is None:
            out.missing("layout.cells", f"{x} to the {dest}: the spec gives no number of places there (layout.cells)")
            return
        held = [c for c in self.held.get("cells", []) if c != x]
        if len(held) >= cap:
            out.fail("layout.cells", f"{x} to the {dest}, but its {cap} place(s) hold {', '.join(map(str, held))} "
                                     f"already — {f.evidence()}")
            return
        out.ok("layout.cells", f"{x} to the {dest}: {len(held) + 1} of its {cap} place(s) used in the example ({f.evidence()})")
        out.primary = "layout.cells"
        if held or cap > 1:
            out.assume(f"the {dest}'s other places hold no more than {cap - len(held) - 1} card(s) from before the example")

    def _check_deal(self, out: Outcome, move: Move) -> None:
        x = move.card
        w = self.where(x)
        if w is not None and self._conflict(out, "location", f"{x} is dealt, but it went to the {w} at move "
                                                             f"{self.place.get(x, ('', '?'))[1]}"):
            return
        to = self.spec.get("stock.deal_to")
        where = move.to or (to.value if to is not None else None)
        if to is not None and move.to in ("waste", "tableau") and to.value != move.to:
            out.missing("stock.deal_to", f"{x} dealt to the {move.to}, but {to.evidence()}")
            return
        out.ok("location")
        out.ok(to.path if to is not None else "stock",
               f"{x} is the next card dealt" + (f" to the {where}" if where else "") + (f" ({to.evidence()})" if to else ""))
        out.primary = to.path if to is not None else "stock"

    def _check_discard(self, out: Outcome, move: Move) -> None:
        x = move.card
        w = self.where(x)
        if w in ("foundation", "discard") and self._conflict(
                out, "location", f"{x} leaves play, but it went to the {w} at move {self.place.get(x, ('', '?'))[1]}"):
            return
        if not self.plugins.discard(self, out, move):
            out.missing("special", f"{x} leaves play («{move.raw}»): the spec names no rule for taking cards out of play")

    # -- playing ------------------------------------------------------------------------------
    def reading(self, move: Move) -> tuple[str, Card | None]:
        """Where ``move`` goes in the state as judged: ``("foundation", y)``, ``("card", y)``
        (tableau), ``("waste", y)``, or the destination of :meth:`_destination`."""
        dest, target = self._destination(move)
        if dest == "foundation" and target is not None and move.card is not None:
            beside = self._beside_base(move, move.card, target)
            return dest, target if beside is False else beside
        if dest != "card" or target is None or move.card is None:
            return dest, target
        if self.plugins.judges_onto(move):
            return "card", target
        beside = self._beside_base(move, move.card, target)
        if beside is not False:
            return "foundation", beside
        readings = self._readings(move.card, target)
        if len(readings) == 1:
            return ("card" if readings[0] == "tableau" else readings[0]), target
        results = {}
        for r in readings:
            o = Outcome()
            (self._check_foundation if r == "foundation" else self._check_onto_tableau)(o, move.card, target)
            results[r] = o
        chosen = self._choose(move.card, target, results)
        return ("foundation" if chosen == "foundation" else "card"), target

    def show(self, facts: list[tuple[Card, str]]) -> None:
        """Record cards a described position of the text puts in a place before the moves
        («♥А и ♠К вынесены … в базовый ряд»: ``[(AH, "foundation"), (KS, "foundation")]``; see
        :attr:`pasyans.models.Move.shown`); move number 0 stands for «before the moves».
        A card the example has already moved is left where the moves put it."""
        for c, place in facts:
            if c in self.place or c in self.tops:
                continue
            if place == "played":
                # «сыграть ♦6»: where to is not said; a foundation that takes it on a card shown there,
                # with nothing assumed, is where it went (else nothing is recorded)
                fits = []
                for t in sorted(self.tops, key=str):
                    m = Move([c], "foundation", "", (0, 0), kind="to_foundation", to_card=t)
                    o = self.outcome(m)
                    if o.status() == "legal" and not o.assumed:
                        fits.append((t, m))
                if len(fits) == 1:
                    t, m = fits[0]
                    self.apply(m, 0)
                    self.how[c] = (f"which the text plays before this move without saying where; the "
                                   f"foundation topped by {t} is the one place shown to take it")
                continue
            if place == "foundation":
                self.tops.add(c)
                self.place[c] = ("foundation", 0)
                self.how[c] = "which the text shows on its foundation before the moves"
            elif place in ("waste", "reserve", "cell"):
                self.place[c] = (place, 0)

    def how_on_foundation(self, c: Card) -> str:
        """Words for how ``c`` (one of ``tops``) came to lie on its foundation, for reasons."""
        return self.how.get(c, "put on its foundation earlier in the example")

    def apply(self, move: Move, n: int) -> None:
        """Record what ``move`` (number ``n``, 1-based) reveals: where its card went and what it covers."""
        x = move.card
        if x is None:
            if move.kind != "deal":
                self.blurred = True
            return
        dest, target = self.reading(move)
        below = self.on.pop(x, None)
        if below is not None and self.cover.get(below) == x:
            del self.cover[below]
        self.tops.discard(x)
        for k in self.held:
            if x in self.held[k]:
                self.held[k].remove(x)
        if dest in ("card", "waste") and target is not None:
            old = self.cover.get(target)
            if old is not None and old != x:
                self.on.pop(old, None)
            self.on[x] = target
            self.cover[target] = x
            under = self.where(target) or "tableau"
            self.place[x] = (under if under in ("waste", "reserve", "cell") else "tableau", n)
            for c in move.cards[1:]:
                self.place[c] = ("tableau", n)
        elif dest == "foundation":
            if target is not None and target.rank == x.rank and x.suit != target.suit:
                self.bases.update({x, target})
                self.base_rank = x.rank
                self.tops.add(target)
            elif target is not None:
                self.tops.discard(target)
            else:
                below_x = [t for t in self.tops if t.suit == x.suit and self.step(x, t) in (1, -1)]
                self.tops.difference_update(below_x[:1])
                base = self.spec.get("foundations.base")
                ranks = base_ranks(base.value) if base else None
                if not below_x and (ranks == "any" and self.base_rank is None):
                    self.base_rank = x.rank
                if not below_x and (ranks == "any" and self.base_rank == x.rank or isinstance(ranks, list) and x.rank in ranks):
                    self.bases.add(x)
            self.tops.add(x)
            self.place[x] = ("foundation", n)
            top = self.cover.pop(x, None)
            if top is not None:
                self.on.pop(top, None)
        elif dest == "waste":
            self.place[x] = ("waste", n)
        elif dest in ("space", "tableau", "deal"):
            self.place[x] = ("tableau" if dest != "deal" or move.to != "waste" else "waste", n)
            for c in move.cards[1:]:
                self.place[c] = ("tableau", n)
        elif dest in ("reserve", "cell"):
            self.place[x] = (dest, n)
            self.held.setdefault("cells", []).append(x)
        elif dest == "discard":
            self.place[x] = ("discard", n)
            top = self.cover.pop(x, None)
            if top is not None:
                self.on.pop(top, None)


def _card_or_none(s: str | None) -> Card | None:
    if not s:
        return None
    try:
        return Card.parse(s)
    except ValueError:
        return None


def _same(a: Move, b: Move) -> bool:
    return a.cards == b.cards and a.to == b.to and a.to_card == b.to_card


def _with_reverse_reading(state: PartialState, m: Move, v: Verdict) -> Verdict:
    """An illegal «X on Y» whose reverse «Y on X» is legal: the reason says so (the book's words
    may be in the wrong order, as «Покройте ♥5 — ♥6» in «Агнесс»); the verdict stays illegal —
    the move as printed is what is judged."""
    if len(m.cards) != 1 or m.to_card is None or m.card is None or m.kind == "discard":
        return v
    rev = Move([m.to_card], m.card.format(), m.raw, m.lines, kind="build", to_card=m.card)
    if state.check(rev).verdict != "legal":
        return v
    return Verdict(v.verdict, f"{v.reason}; the reverse reading ({m.to_card} on {m.card}) would be legal — "
                              f"the words may be in the wrong order", v.rule, v.checked)


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
        for st in {id(x): x for x in (main, state)}.values():
            st.show(m.shown)
        o = state.outcome(m)
        v = o.verdict()
        if "prohibited" in flags:
            if v.verdict == "legal" and o.assumed:
                v = Verdict("unverifiable", f"the text says this move is not allowed; the rules allow it only if "
                                            f"{'; '.join(o.assumed)} — which the text does not show, so the prohibition "
                                            f"cannot be checked ({v.reason})", v.rule, v.checked)
            elif v.verdict == "legal":
                v = Verdict("unverifiable", f"the text says this move is not allowed, but the rules as read allow it "
                                            f"({v.reason}): the rules spec or the move reading is wrong", v.rule, v.checked)
            elif v.verdict == "illegal":
                v = Verdict("illegal", f"not allowed, as the text says: {v.reason}", v.rule, v.checked)
            verdicts.append(v)
            continue
        if v.verdict == "illegal":
            v = _with_reverse_reading(state, m, v)
        if "alternative" not in flags and v.verdict != "illegal":
            state.apply(m, n)
        if hypothetical:
            v.reason = "hypothetical: " + v.reason
        verdicts.append(v)
    return verdicts
