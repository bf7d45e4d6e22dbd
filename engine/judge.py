"""A move read from the text, judged on a :class:`~pasyans.engine.position.Position`.

Most worked examples (the book 004, the articles 001 and 003) give moves but not the deal: their
position is in the known-facts mode, and :func:`check_moves` builds it move by move from what the
text shows. A move «X on Y» whose Y the text does not place may mean Y on the tableau or Y on top
of a foundation (or, in the games that build on it, the waste): each reading the facts allow is
judged by the same rule checks (:mod:`pasyans.engine.rules`); the move is legal if one is (the
foundation preferred for a base card or a card known to lie there), illegal if every reading breaks
a rule, else unverifiable. What a reading needs that the text does not show — «AH lies on its
foundation» — is an :class:`~pasyans.models.Assumption` on the verdict; never when a fact of the
example contradicts it. A fact contradicted (a card moved that went to a foundation, a card built on
that is covered) is illegal with one pack; with several packs the other copy is taken to be meant;
with the packs unknown, or after a card the text does not name has moved, it is unverifiable.

Flags of :class:`pasyans.models.Move`: ``conditional``/``alternative`` moves are judged on a
hypothetical copy (a chain of conditional moves builds on one copy; alternatives are never played);
``and-so-on`` («♥7 — под ♥8 и т. д.»): unnamed moves follow it, so later facts may have changed
(a contradiction after it is unverifiable, as after an unnamed card moved);
``prohibited`` moves must come out illegal — if the rules as read allow one, the verdict is
unverifiable naming the contradiction; ``restated`` moves repeat the verdict of the move they
restate. Facts a move carries about the position before it (:attr:`pasyans.models.Move.shown`) are
recorded first.
"""

from __future__ import annotations

from pasyans.cards import Card
from pasyans.models import Assumption, Move, Verdict

from .position import Position, verdict_of
from .rules import ILLEGAL, LEGAL, UNKNOWN, Ruling, Situation, check

PLACES = ("foundation", "space", "cell", "reserve", "waste", "tableau")
BESIDE = frozenset({"right_of", "left_of", "above"})


def card_or_none(s: str | None) -> Card | None:
    """A card in standard notation, or ``None``."""
    if not s:
        return None
    try:
        return Card.parse(s)
    except ValueError:
        return None


def destination(move: Move) -> tuple[str, Card | None]:
    """Where ``move`` goes: ``("card", y)``, ``("foundation", y or None)``, ``("space"|"cell"|
    "reserve"|"waste"|"tableau", y)``, ``("discard", partner)``, ``("deal", None)``, ``("row", None)``
    (a Paganini row start), ``("none", None)`` (no destination named) or ``("unknown", None)``."""
    to = move.to
    if move.kind == "discard":
        return "discard", move.to_card
    if move.kind == "deal" and to in (None, "waste", "tableau", "stock") and move.to_card is None:
        return "deal", None
    if move.kind == "to_foundation" or to == "foundation":
        return "foundation", move.to_card or card_or_none(to)
    if to is None:
        return ("card", move.to_card) if move.to_card is not None else ("none", None)
    if to in PLACES:
        return to, move.to_card
    if to.startswith("row:"):
        return "row", None
    y = move.to_card or card_or_none(to)
    return ("unknown", None) if y is None else ("card", y)


class Judge:
    """Judges moves on one known-facts position (see the module text)."""

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.rules = pos.rules
        self._beside: Card | None = None

    # -- facts against the move --------------------------------------------------------------
    def conflict(self, rule: str, what: str, cards, **detail) -> list:
        """A fact of the example contradicts the move (see the module text): the checks it gives;
        a legal check carrying the ``other-copy`` assumption when several packs let it pass."""
        packs = self.pos.spec.known("deck.packs")
        single = None if packs is None else packs.value == 1
        if single and not self.pos.blurred:
            return [check(ILLEGAL, rule, what, cards, **detail)]
        if single is None:
            return [check(UNKNOWN, "deck.packs", what, cards, fact=rule, **detail)]
        if self.pos.blurred:
            return [check(UNKNOWN, rule, what, cards, blurred=True, **detail)]
        return [check(LEGAL, rule, "other-copy", cards, packs, [Assumption("other-copy", tuple(cards[:1]), what)], **detail)]

    def at(self, c: Card):
        """The move at which ``c`` went where it lies (0: shown before the moves)."""
        return self.pos.at.get(c, "?")

    def source(self, move: Move) -> tuple[list, str | None, list[Card]]:
        """Checks of where the moving card comes from, the kind of place it lies in (``None``: not
        shown), and the cards lying on it that the move carries."""
        x = move.card
        out: list = []
        if x.suit is None:
            return out, None, []
        where = self.pos.where(x)
        if getattr(move, "from_place", None) == "foundation":
            return out, "foundation", []          # taken back off a foundation, as the text says
        if where == "foundation":
            rem = self.rules.field("foundations.removable")
            if not (rem is not None and rem.value and not self.pos.above(x)):
                out += self.conflict("location", "on-foundation", (x,), move=self.at(x))
                where = None       # (with several packs) the other copy, wherever it lies
        elif where == "discard":
            out += self.conflict("location", "left-play", (x,), move=self.at(x))
            where = None
        above = self.pos.above(x) if where in ("tableau", "waste") else []
        carried = set(move.cards[1:])
        extra = [c for c in above if c not in carried]
        if extra:
            if len(move.cards) > 1 or move.kind == "sequence":
                out += self.conflict("exposed", "covered", (x, extra[0]), move=self.at(extra[0]))
            else:
                out += self.rules.carry(x, above)
        return out, where, above

    # -- one move ----------------------------------------------------------------------------
    def ruling(self, move: Move) -> tuple[Ruling, dict]:
        """The checks of ``move`` on the position (unchanged) and how it was read."""
        x = move.card
        if x is None:
            if move.kind == "deal":
                return self.unnamed_deal(move), {}
            return Ruling([check(UNKNOWN, "card", "no-card", ())]), {}
        if x.joker:
            return Ruling([check(UNKNOWN, "deck.jokers", "joker", (x,))]), {}
        dest, y = destination(move)
        if dest == "unknown":
            return Ruling([check(UNKNOWN, "to", "unknown-destination", (x,), to=move.to)]), {}
        if dest == "none":
            if not move.direction:      # «♠5 и ♦8 сдвигаются влево»: a direction, not a place
                return Ruling([check(UNKNOWN, "to", "no-destination", (x,))]), {}
            dest = "shift"
        if dest == "row":
            return Ruling([check(UNKNOWN, "layout", "row-needs-layout", (x,))]), {}
        if dest == "discard":
            return self.discard(move), {}
        if dest in ("deal", "waste"):
            return self.deal(move), {}
        r = Ruling()
        src_checks, src, above = self.source(move)
        if dest == "card" and y is not None and y in above:
            # «♥К помещается на ♥Д, а ♥Д — на ♥К»: the target lies on the moving card — two alternatives
            # told side by side, not one move after the other
            return Ruling([check(UNKNOWN, "to", "onto-own-pile", (x, y))]), {}
        r.extend(src_checks)
        context: dict = {}
        if dest == "card":
            sub, context = self.onto(move, x, y, src)
        elif dest == "foundation":
            beside = self.beside_base(move, x, y) if y is not None else False
            self._beside = None
            sub = self.foundation(move, x, y if beside is False else beside, src)
            if beside is not False or self._beside is not None:
                context = {"beside": y}
        elif dest == "space":
            sub = self.space(move, x, src)
        elif dest in ("tableau", "shift"):   # «на правый край второго ряда», «сдвигаются влево»: the layout's places
            s = self.situation(move, x, "place" if dest == "tableau" else dest, None, src)
            s.where = move.to_pile if dest == "tableau" else move.direction
            s.spaces = len(self.pos.discard)
            sub = self.rules.judge(s)
        else:   # cell, reserve
            s = self.situation(move, x, dest, None, src)
            s.cells_used = len([c for c in self.pos.cells if c != x])
            sub = self.rules.judge(s)
        r.extend(sub.checks)
        r.primary = sub.primary
        return r, context

    def check(self, move: Move) -> Verdict:
        """The verdict on ``move`` given what is known now (the position is not changed)."""
        ruling, context = self.ruling(move)
        return verdict_of(ruling, **context)

    def situation(self, move: Move, x: Card, dst: str, onto: Card | None, src: str | None) -> Situation:
        """The :class:`Situation` of ``move`` for one reading of its destination."""
        bare = None
        if onto is not None and dst == "tableau":
            w = self.pos.where(onto)
            bare = False if self.pos.above(onto) else (None if w in (None, "tableau") else False)
        ranged = "range" in (move.flags or ())
        cards = [x] if ranged else [x, *move.cards[1:]]   # «от ♦В до ♠6»: the ends only
        s = Situation(cards, dst, onto, src, whole=True, started=self.pos.started(),
                      bare=bare, flags=frozenset(move.flags or ()), tops=tuple(self.pos.tops()),
                      colours=tuple(getattr(move, "colours", (None, None))))
        if src == "tableau":
            s.carried = len(self.pos.above(x)) + (len(move.cards) - 1 if ranged else 0)
            s.under, s.under_up, bottom = self.under(x)
            s.whole_pile = True if bottom else None
        return s

    def under(self, x: Card) -> tuple[Card | None, bool | None, bool | None]:
        """The card shown just under ``x`` in its tableau pile, whether it lies face up (``True``
        when ``x`` or it came there by a move of the example; else not known), and whether ``x``
        is known to be the pile's bottom card."""
        spot = self.pos.locate(x)
        if spot is None or spot[0][0] != "tableau":
            return None, None, None
        pile = self.pos.pile(spot[0])
        i = len(pile) - 1 - spot[1]
        if i == 0:
            return None, None, True if self.pos.floors.get(spot[0]) else None
        y = pile[i - 1]
        played = any(isinstance(self.pos.at.get(c), int) and self.pos.at[c] > 0 for c in (x, y))
        return y, True if played else None, False

    # -- onto a card: the tableau, a foundation or the waste ----------------------------------
    def readings(self, y: Card) -> list[str]:
        """The piles ``y`` may lie on, given what the example shows: one when it is known."""
        w = self.pos.where(y)
        if w is not None:
            return [w]
        waste = ["waste"] if self.builds_on_waste() else []
        if self.rules.has_foundations() is False:
            return ["tableau", *waste]
        return ["tableau", "foundation", *waste]

    def builds_on_waste(self) -> bool:
        """Whether the spec builds on the waste (``waste.build_direction`` read, not ``none``):
        then a card the text does not place may be the waste's top (Golf, «Королевский путь»)."""
        f = self.rules.field("waste.build_direction")
        return f is not None and f.value != "none"

    def beside_base(self, move: Move, x: Card, y: Card):
        """A card laid *beside* ``y`` («справа от ♦10», «над ♦Т»), not on it, starts a foundation of
        its own when it is a base by the rules, or of ``y``'s rank in a game whose first base sets the
        rank: returns the target to judge it with (``None``: starts a foundation), else ``False``."""
        if not (BESIDE & set(move.flags or ())) or self.rules.beside_is_space(move):
            return False
        ranks = self.rules.base_ranks()
        if isinstance(ranks, list) and x.rank in ranks:
            return None
        if ranks in ("any", "any-first") and x.rank == y.rank:
            return None
        return False

    def onto(self, move: Move, x: Card, y: Card, src: str | None) -> tuple[Ruling, dict]:
        """``x`` onto the card ``y``: every reading the facts allow, judged; the one chosen."""
        if self.rules.stays_in_layout(move, y):
            return self.on_tableau(move, x, y, src), {}
        beside = self.beside_base(move, x, y)
        if beside is not False:
            return self.foundation(move, x, beside, src), {"beside": y}
        readings = self.readings(y)
        if readings == ["discard"]:
            return Ruling(self.conflict("location", "target-left-play", (x, y), move=self.at(y))), {}
        if readings[0] in ("reserve", "cell", "stock"):
            return Ruling([check(UNKNOWN, readings[0], "nothing-built-there", (x, y), move=self.at(y))]), {}
        results = {r: self.reading(r, move, x, y, src) for r in readings}
        chosen = self.choose(x, y, results)
        context: dict = {"reading": chosen} if len(results) > 1 else {}
        if len(results) > 1:
            other = next(r for r in results if r != chosen)
            o = results[other]
            context["other"] = {"reading": other, "verdict": o.kind.value,
                                "rule": next((c.rule for c in o.checks if c.kind is o.kind), o.primary),
                                "assumed": o.assumed}
        return results[chosen], context

    def reading(self, where: str, move: Move, x: Card, y: Card, src: str | None) -> Ruling:
        if where == "foundation":
            return self.foundation(move, x, y, src)
        if where == "waste":
            return self.rules.judge(self.situation(move, x, "waste", y, src))
        return self.on_tableau(move, x, y, src)

    def on_tableau(self, move: Move, x: Card, y: Card, src: str | None) -> Ruling:
        r = Ruling()
        top = self.pos.above(y)
        if top and top[-1] != x and top[0] != x:
            r.extend(self.conflict("exposed", "target-covered", (y, top[0]), move=self.at(top[0])))
        else:
            r.add(check(LEGAL, "exposed", "uncovered", (y,)))
        if "range" in (move.flags or ()) and len(move.cards) > 1:
            r.extend(self.rules.carry(x, list(move.cards[1:])))   # a run given by its ends moves as built
        sub = self.rules.judge(self.situation(move, x, "tableau", y, src))
        r.extend(sub.checks)
        r.primary = sub.primary
        return r

    def choose(self, x: Card, y: Card, results: dict) -> str:
        """The reading judged when ``y``'s pile is not known: the foundation when ``y`` is a base
        card and that reading holds; else the tableau when its rules allow the build or cannot say (a
        foundation reading that needs unshown cards is no better than the tableau's unknown rule);
        else the foundation when that reading holds or cannot be decided; else the tableau. In a game
        that builds on the waste, the waste reading is chosen when it holds and the tableau's does
        not (nor a preferred foundation's), or when it alone is not broken."""
        tab, fnd, wst = results.get("tableau"), results.get("foundation"), results.get("waste")
        if wst is not None and tab is not None:
            base_ok = fnd is not None and fnd.kind is LEGAL and self.prefers_foundation(y)
            if wst.kind is LEGAL and tab.kind is not LEGAL and not base_ok:
                return "waste"
            if wst.kind is not ILLEGAL and tab.kind is ILLEGAL and (fnd is None or fnd.kind is ILLEGAL):
                return "waste"
            results = {k: v for k, v in results.items() if k != "waste"}
        if tab is None or fnd is None:
            return next(iter(results))
        if self.prefers_foundation(y) and fnd.kind is LEGAL:
            return "foundation"
        if tab.kind is not ILLEGAL:
            return "tableau"
        if fnd.kind is not ILLEGAL:
            return "foundation"
        return "tableau"

    def prefers_foundation(self, y: Card) -> bool:
        return y in self.bases() or self.rules.is_base(y, self.pos.started())

    def bases(self) -> set[Card]:
        """Cards known to lie at the bottom of a foundation."""
        return {p[0] for i, p in enumerate(self.pos.foundations) if p and self.pos.floors.get(("foundation", i))}

    # -- foundations ---------------------------------------------------------------------------
    def foundation(self, move: Move, x: Card, target: Card | None, src: str | None) -> Ruling:
        """``x`` to a foundation: onto ``target``, or (``None``) wherever the rules let it go —
        starting one, or onto a card of the foundation order, shown or assumed there."""
        if target is not None and target.rank == x.rank and target.suit != x.suit and \
                self.rules.base_ranks() in ("any", "any-first"):
            s = self.situation(move, x, "foundation", None, src)   # «справа от ♦10»: another base of that rank
            s.started = target.rank
            r = self.rules.judge(s)
            self._beside = target
            return r
        if target is not None and target.suit is None and x.suit is not None:
            # «♥2 и ♠2 могут покрыть базовые тузы»: the ace under ♥2 is the ♥ ace when the
            # foundations are built in suit — one predecessor of that rank, no suit to assume
            same = [p for p in self.rules.predecessors(x) or () if p.rank == target.rank]
            if len(same) == 1:
                target = same[0]
        if target is not None:
            r = self.rules.judge(self.situation(move, x, "foundation", target, src))
            return r.extend(self.on_foundation(x, target)) if r.kind is not ILLEGAL else r
        s = self.situation(move, x, "foundation", None, src)
        start = self.rules.judge(s)
        if start.kind is LEGAL or x.suit is None and start.kind is not ILLEGAL:
            return start
        preds = self.rules.predecessors(x, s)
        if preds is None:
            return self.unnamed_foundation(move, x, src, start)
        tops = self.pos.tops()
        for p in preds:
            if p in tops:
                r = self.rules.judge(self.situation(move, x, "foundation", p, src))
                return r.extend(self.on_foundation(x, p)) if r.kind is not ILLEGAL else r
        elsewhere = [p for p in preds if self.pos.where(p) not in (None, "foundation")]
        if preds and len(elsewhere) == len(preds):
            p = elsewhere[0]
            checks = self.conflict("foundations.direction", "predecessor-elsewhere", (x, p), where=self.pos.where(p),
                                   move=self.at(p))
            if checks[0].kind is not LEGAL:
                return Ruling(checks, "foundations.direction")
        free = [p for p in preds if self.pos.where(p) is None] or preds
        if not free:
            return start
        r = self.rules.judge(self.situation(move, x, "foundation", free[0], src))
        return r.extend(self.on_foundation(x, free[0])) if r.kind is not ILLEGAL else r

    def unnamed_foundation(self, move: Move, x: Card, src: str | None, start: Ruling) -> Ruling:
        """``x`` to a foundation whose top the rules do not single out (a suit rule other than
        same-suit, or an order unknown): the fields are checked against a top that fits, shown or assumed."""
        probe = self.rules.judge(self.situation(move, x, "foundation", Card(x.rank, x.suit), src))
        unknown = [c for c in probe.checks if c.kind is UNKNOWN and c.rule.startswith("foundations.")]
        if unknown:
            return Ruling([c for c in start.checks if c.kind is not ILLEGAL] + unknown, "foundations.direction")
        for t in sorted(self.pos.tops(), key=str):
            r = self.rules.judge(self.situation(move, x, "foundation", t, src))
            if r.kind is LEGAL:
                return r
        su = self.rules.field("foundations.suit")
        return Ruling([check(LEGAL, "foundations.suit", "follows", (x,), su, [Assumption("fitting-top", (x,))])],
                      "foundations.suit")

    def on_foundation(self, x: Card, p: Card) -> list:
        """``p`` must lie on top of its foundation: shown there, there from the deal, or (not
        contradicted) put there before the example — an assumption."""
        if p in self.pos.tops():
            return [check(LEGAL, "foundations: earlier play", "shown", (x, p), how=self.pos.how.get(p, "moved"),
                          move=self.at(p))]
        where = self.pos.where(p)
        if where is not None and where != "foundation":
            checks = self.conflict("location", "target-elsewhere", (x, p), where=where, move=self.at(p))
            if checks[0].kind is not LEGAL:
                return checks
        is_base = p in self.bases() or self.rules.is_base(p, self.pos.started())
        pre = self.rules.preplaced(p)
        if pre is not None and where is None:
            return [check(LEGAL, "foundations.preplaced", "preplaced", (x, p), pre)]
        if where == "foundation":
            return []
        return [check(LEGAL, "foundations: earlier play", "assumed", (x, p),
                      assumed=[Assumption("base-on-foundation" if is_base else "on-foundation", (p,))])]

    # -- spaces, the stock, leaving play ----------------------------------------------------------
    def space(self, move: Move, x: Card, src: str | None) -> Ruling:
        """``x`` into a space; where it comes from is what the example shows (a card seen on the
        tableau or a foundation does not come from the stock)."""
        r = self.rules.judge(self.situation(move, x, "space", None, src if src not in ("tableau", "foundation") else src))
        if src in ("tableau", "foundation") and r.kind is ILLEGAL and any(c.what == "from-elsewhere" for c in r.checks):
            checks = self.conflict("tableau.space", "from-elsewhere", (x,), src=src, move=self.at(x))
            if checks[0].kind is LEGAL:
                r = self.rules.judge(self.situation(move, x, "space", None, None))
                r.checks[:0] = checks
            else:
                r = Ruling(checks, "tableau.space")
        return r

    def unnamed_deal(self, move: Move) -> Ruling:
        """Cards the text deals without naming them («Пробелы заполняются из колоды», «выкладываются
        шестнадцать карт»): what the rules say of a deal there, whatever the cards."""
        n = getattr(move, "count", None)
        if move.to == "space":
            return self.rules.fill_space(Situation([], "space", src="stock", flags=frozenset(move.flags or ())))
        if move.to in ("tableau", "waste"):
            r = self.rules.deal(Situation([], "deal", src="stock", deal_to=move.to))
            r.checks = [c if c.kind is not LEGAL else check(c.kind, c.rule, c.what, c.cards, c.evidence, c.assumed,
                                                             **{**c.detail, "unnamed": n or True}) for c in r.checks]
            return r
        return Ruling([check(UNKNOWN, "stock", "unnamed-deal", ())], "stock")

    def deal(self, move: Move) -> Ruling:
        x = move.card
        w = self.pos.where(x)
        if w is not None:
            checks = self.conflict("location", "dealt-but-seen", (x,), where=w, move=self.at(x))
            if checks[0].kind is not LEGAL:
                return Ruling(checks, "location")
        to = move.to if move.to in ("waste", "tableau") else None
        r = self.rules.judge(Situation([x], "deal", src="stock", deal_to=to))
        r.checks.insert(0, check(LEGAL, "location", "not-seen", (x,)))
        return r

    def discard(self, move: Move) -> Ruling:
        x = move.card
        w = self.pos.where(x)
        if w in ("foundation", "discard"):
            checks = self.conflict("location", "left-play" if w == "discard" else "on-foundation", (x,), move=self.at(x))
            if checks[0].kind is not LEGAL:
                return Ruling(checks, "location")
        cards = [c for c in move.cards if c is not None]
        partner = move.to_card if move.to_card is not None else (cards[1] if len(cards) == 2 else None)
        group = cards if move.to_card is not None or len(cards) != 2 else cards[:1]
        return self.rules.judge(Situation(group, "discard", src=w, partner=partner, flags=frozenset(move.flags or ())))

    # -- recording what a move shows ---------------------------------------------------------------
    def chosen(self, move: Move) -> tuple[str, Card | None]:
        """Where ``move`` goes in the position as judged: ``("foundation", y)`` (``y`` ``None``: it
        starts one, or goes on a top found by the rules), ``("card", y)``, ``("waste", y)``, or the
        destination of :func:`destination`."""
        dest, y = destination(move)
        x = move.card
        if x is None:
            return dest, y
        if dest == "foundation" and y is not None:
            beside = self.beside_base(move, x, y)
            return dest, y if beside is False else beside
        if dest != "card" or y is None:
            return dest, y
        if self.rules.stays_in_layout(move, y):
            return "card", y
        beside = self.beside_base(move, x, y)
        if beside is not False:
            return "foundation", beside
        readings = self.readings(y)
        if len(readings) == 1:
            return ("card" if readings[0] == "tableau" else readings[0]), y
        results = {r: self.reading(r, move, x, y, None) for r in readings}
        chosen = self.choose(x, y, results)
        return (chosen if chosen in ("foundation", "waste") else "card"), y

    def play(self, move: Move, n: int) -> None:
        """Record what ``move`` (number ``n``, 1-based) shows: where its cards went."""
        x = move.card
        pos = self.pos
        if x is None:
            if move.kind != "deal" or move.to == "tableau":
                pos.blurred = True     # an unnamed card moved, or was dealt onto the piles: what lay on top may be covered
            return
        dest, y = self.chosen(move)
        if y is not None and y.suit is None:
            y = None          # «на туза»: which card of that rank is not said; nothing is recorded of it
            dest = "foundation" if dest == "foundation" else "tableau"
        if dest == "foundation" and y is None:
            preds = self.rules.predecessors(x, self.situation(move, x, "foundation", None, None)) or []
            y = next((p for p in preds if p in pos.tops()), None)
        base = dest == "foundation" and (y is None and (self.rules.is_base(x, pos.started())
                                                        or self.rules.base_ranks() in ("any", "any-first"))
                                         or (y is not None and y.rank == x.rank and y.suit != x.suit))
        moved = pos.lift(x)
        if move.kind == "sequence" or len(move.cards) > 1:
            moved = list(dict.fromkeys([*moved, *move.cards[1:]]))
        head, rest = moved[0], moved[1:]
        if dest == "foundation":
            if y is not None and not base:
                if pos.where(y) is None:
                    pos.put(y, "foundation", floor=self.rules.is_base(y, pos.started()))
                    pos.at.pop(y, None)
                pos.put(head, "foundation", y, n)
            else:
                if y is not None and pos.where(y) is None:
                    pos.put(y, "foundation", floor=True)
                    pos.at.pop(y, None)
                pos.put(head, "foundation", None, n, floor=base)
            rest = []          # cards on it stay behind (a foundation takes one card)
        elif dest in ("card", "waste") and y is not None:
            kind = pos.where(y) or ("waste" if dest == "waste" else "tableau")
            pos.put(head, kind if kind in ("tableau", "waste", "foundation", "reserve") else "tableau", y, n)
        elif dest in ("space", "tableau"):
            pos.put(head, "tableau", None, n, floor=dest == "space")
        elif dest == "deal" or dest == "waste":
            pos.put(head, "waste" if move.to == "waste" or dest == "waste" else "tableau", None, n, floor=False)
        elif dest in ("reserve", "cell"):
            pos.put(head, "cell", None, n)
            rest = []
        elif dest == "discard":
            pos.put(head, "discard", None, n)
            rest = []
        else:
            return
        spot = pos.locate(head)
        if rest and spot is not None and spot[0][0] in ("tableau", "waste", "reserve"):
            pos.pile(spot[0]).extend(rest)
            for c in rest:
                pos.at[c] = n

    def show(self, facts: list[tuple[Card, str]]) -> None:
        """Record cards a described position of the text puts in a place before the moves («♥А и ♠К
        вынесены … в базовый ряд»: ``[(AH, "foundation"), (KS, "foundation")]``; see
        :attr:`pasyans.models.Move.shown`). A card the example has already moved stays where the moves
        put it. «played» (said to be played, not where): the one foundation that takes it on a card
        shown there with nothing assumed, if there is one."""
        pos = self.pos
        for c, place in facts:
            if pos.where(c) is not None:
                continue
            if place == "played":
                fit = self.played(c)
                if fit is not None:
                    self.play(fit, 0)
                    pos.how[c] = "played"
                continue
            if place == "foundation":
                pos.put(c, "foundation", None, 0, floor=self.rules.is_base(c, pos.started()))
                pos.how[c] = "shown"
            elif place in ("waste", "reserve", "cell"):
                pos.put(c, "cell" if place != "waste" else "waste", None, 0)


    def played(self, c: Card, move: Move | None = None) -> Move | None:
        """The move onto the one foundation that takes ``c`` on a card shown there with nothing assumed
        (a card said to be played, the text not saying where: «позволит сыграть ♦6»), or ``None`` when
        none or several do. ``move``: the play move it stands for (its raw words and lines are kept)."""
        fits = []
        for t in sorted(self.pos.tops(), key=str):
            m = Move([c], "foundation", move.raw if move else "", move.lines if move else (0, 0),
                     kind="to_foundation", to_card=t, flags=set(move.flags or ()) if move else set())
            v = self.check(m)
            if v.verdict == "legal" and not v.assumed:
                fits.append(m)
        return fits[0] if len(fits) == 1 else None


def _same(a: Move, b: Move) -> bool:
    return a.cards == b.cards and a.to == b.to and a.to_card == b.to_card


def _reverse(judge: Judge, m: Move, v: Verdict) -> Verdict:
    """An illegal «X on Y» whose reverse «Y on X» is legal: said in the context (the book's words may
    be in the wrong order, as «Покройте ♥5 — ♥6» in «Агнесс»); the verdict stays illegal."""
    if len(m.cards) != 1 or m.to_card is None or m.card is None or m.kind == "discard":
        return v
    rev = Move([m.to_card], m.card.format(), m.raw, m.lines, kind="build", to_card=m.card)
    if judge.check(rev).verdict != "legal":
        return v
    v.context["reverse"] = (m.to_card, m.card)
    return _redo(v)


def _redo(v: Verdict) -> Verdict:
    from . import reasons

    v.reason = reasons.explain(v)
    return v


def instead_of(alt: Move, prev: Move) -> bool:
    """``alt`` (flagged alternative) offers another way of doing ``prev``, the move just played, so it
    is judged on the position before ``prev``: the same card to another place, another card onto the
    same card, or the same two cards the other way round («а ♣2 — ♣3 или, если угодно, ♣3 покрывает
    ♣2», 004 «Каприз»). Not a card put onto the card ``prev`` moved («♠9 помещается на ♦10. … покрыть
    ♠9 либо ♥10, либо ♥8»): that builds on ``prev``."""
    if alt.card is None or prev.card is None or alt.kind == "discard" or prev.kind == "discard":
        return False
    if alt.card == prev.to_card and alt.to_card == prev.card:
        return True                       # the same two cards the other way round
    if alt.to_card is not None and alt.to_card == prev.card:
        return False                      # onto the card just moved: builds on it
    return alt.card == prev.card or (alt.to_card is not None and alt.to_card == prev.to_card)


def check_moves(moves: list[Move], spec, position: Position | None = None) -> list[Verdict]:
    """One verdict per move (same order), recording what each move shows (see the module text).
    ``position``: the known-facts position to start from (default: nothing shown)."""
    main = Judge(position if position is not None else Position.known(spec))
    hypo: Judge | None = None
    verdicts: list[Verdict] = []
    before: tuple[int, Move, Position] | None = None   # the last move played, and the position before it
    for i, m in enumerate(moves):
        n = i + 1
        flags = set(m.flags or ())
        if "restated" in flags:
            j = next((j for j in range(i - 1, -1, -1) if _same(moves[j], m)), None)
            if j is not None:
                v = verdicts[j]
                verdicts.append(_redo(Verdict(v.verdict, "", v.rule, list(v.checked), v.what, list(v.checks),
                                              list(v.assumed), {**v.context, "restates": j + 1})))
                continue
        hypothetical = bool(flags & {"conditional", "alternative", "prohibited"})
        if hypothetical:
            if hypo is None:
                hypo = Judge(main.pos.copy())
            judge = hypo
        else:
            hypo = None
            judge = main
        if "alternative" in flags and before is not None and instead_of(m, before[1]):
            judge = Judge(before[2].copy())      # «а ♣2 — ♣3 или, если угодно, ♣3 покрывает ♣2»: instead of it
        for j_ in {id(x): x for x in (main, judge)}.values():
            j_.show(m.shown)
        if m.kind == "play" and m.to is None and m.card is not None:
            # «позволит сыграть ♦6»: played, the text not saying where — the one foundation that takes it
            m = judge.played(m.card, m) or m
        v = judge.check(m)
        if judge is not main and judge is not hypo:
            v.context["instead-of"] = before[0]
        if "prohibited" in flags:
            v.context["prohibited"] = True
            if v.verdict == "legal":
                v.verdict = "unverifiable"
                v.context["allowed-by"] = "assumptions" if v.assumed else "rules"
            verdicts.append(_redo(v))
            continue
        if v.verdict == "illegal":
            v = _reverse(judge, m, v)
        if "alternative" not in flags and v.verdict != "illegal":
            nxt = moves[i + 1] if i + 1 < len(moves) else None
            before = (n, m, judge.pos.copy()) if nxt is not None and "alternative" in (nxt.flags or ()) else None
            judge.play(m, n)
        elif "alternative" not in flags:
            before = None
        if "and-so-on" in flags and "alternative" not in flags:
            judge.pos.blurred = True      # «… и т. д.»: moves the text does not give follow
        if hypothetical:
            v.context["hypothetical"] = True
            v = _redo(v)
        verdicts.append(v)
    return verdicts
