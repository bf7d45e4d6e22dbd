"""Each rule of the spec checked once: the one module that says whether a move keeps a game's rules.

Both modes of the position model (:mod:`pasyans.engine.position`: every card known, or only what
the text shows) describe a move to the checks as a :class:`Situation` — the cards that move, where
to, onto which card, from where, and whatever the mode knows of the rest — and get back a
:class:`Ruling`: a list of :class:`pasyans.models.Check` records (``kind`` legal / illegal /
unverifiable, the ``rule`` it rests on, ``what`` was found, the cards, the spec ``evidence``, the
``assumed`` facts) and the rule the move rests on when it is legal. No English is written here:
:mod:`pasyans.engine.reasons` makes the sentence a person reads from the records.

The checks (methods of :class:`Rules`, in the order of the schema):

* :meth:`Rules.build` — ``{tableau,waste}.build_direction``, ``.wrap``, ``.build_suit`` (a card on a card);
* :meth:`Rules.sequence` — ``tableau.move``: several cards as one unit, or a solver's compound
  move through free cells and spaces (:func:`supermove_ok`); :meth:`Rules.whole_run` — a
  ``whole-sequence`` game moves only the whole run from the lowest face-up card of its pile;
* :meth:`Rules.start_foundation`, :meth:`Rules.onto_foundation` — ``foundations.base``,
  ``direction``, ``step``, ``wrap``, ``suit``, ``complete_sequences``; :meth:`Rules.take_back` — ``removable``;
* :meth:`Rules.fill_space` — ``tableau.space``; :meth:`Rules.into_cell` — ``layout.cells``;
* :meth:`Rules.deal`, :meth:`Rules.redeal` — ``stock.deal_to``, ``stock.deal``, ``stock.deal_when``,
  ``stock.redeals``;
* :meth:`Rules.discard` — leaving play (no field: only a mechanic decides it).

Ranks are steps in the pack's building order (:class:`pasyans.cards.Pack`; a 32-card pack runs A,
7, 8, … K). A field the spec does not know makes its check unverifiable and names the field; a
value the schema allows but no check decides (``"mixed"``, ``"other"``) does too, with ``what =
"not-modelled"``. Mechanics outside the fields (``special``) subclass :class:`Rules` and override
only what differs (:mod:`pasyans.engine.variants`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar

from pasyans.cards import Card
from pasyans.models import Assumption, Check, Kind
from pasyans.spec import Field, RuleSpec, Special

LEGAL, ILLEGAL, UNKNOWN = Kind.LEGAL, Kind.ILLEGAL, Kind.UNVERIFIABLE

ANY_SUIT = ("any-suit", "rank-only")
"""Suit policies under which only the rank matters."""

SUIT_POLICIES = ("same-suit", "alternate-color", "same-color")
"""Suit policies that compare the two cards' suits or colours."""

DIRECTIONS = {"down": (-1,), "up": (1,), "either": (1, -1), "both": (1, -1)}
"""Building directions as steps in the pack's order."""

SEQUENCES = ("any-sequence", "whole-sequence", "same-suit-sequence")
"""``tableau.move`` values under which a built sequence moves as one unit."""

SPACE_SOURCES = {"from-stock": ("stock",), "from-waste": ("waste",), "from-reserve": ("reserve",),
                 "from-waste-or-stock": ("waste", "stock"), "from-waste-then-stock": ("waste", "stock")}
"""Space policies that name where the filling card comes from."""

ANY_SPACE = ("any", "any-or-reserve", "any-or-stock")
"""Space policies under which any card (or run) of the layout may fill a space."""


def check(kind: Kind, rule: str, what: str, cards=(), evidence=None, assumed=(), **detail) -> Check:
    """A :class:`~pasyans.models.Check` (``detail`` as keywords)."""
    return Check(kind, rule, what, tuple(cards), evidence, detail, tuple(assumed))


def suit_fits(policy: str, x: Card, y: Card) -> bool | None:
    """Whether ``x`` may go on ``y`` under the suit ``policy`` (``None`` for a policy no check knows);
    a card without a suit fits (the caller records that as an assumption)."""
    if policy in ANY_SUIT:
        return True
    if policy not in SUIT_POLICIES:
        return None
    if x.suit is None or y.suit is None:
        return True
    return {"same-suit": x.suit == y.suit, "alternate-color": x.color != y.color,
            "same-color": x.color == y.color}[policy]


@lru_cache(maxsize=4096)
def supermove_ok(sizes: tuple[int, ...], cells: int, spaces: int) -> bool:
    """Whether units of ``sizes`` cards (bottom unit first; it lands on the target) can be moved
    one unit at a time with ``cells`` free cells (one card each) and ``spaces`` empty piles that take
    any unit. With single cards this is the classic ``(cells + 1) · 2^spaces``."""
    if len(sizes) <= 1:
        return True
    if all(s == 1 for s in sizes[1:]) and len(sizes) - 1 <= cells:
        return True
    if spaces == 0:
        return False
    return any(supermove_ok(sizes[j:], cells, spaces - 1) and supermove_ok(sizes[:j], cells, spaces - 1)
               for j in range(1, len(sizes)))


def full_run(cards: list[Card]) -> bool:
    """Whether ``cards`` (bottom first) are K, Q, …, A of one suit."""
    return len(cards) == 13 and len({c.suit for c in cards}) == 1 and [c.rank for c in cards] == list(range(13, 0, -1))


@dataclass
class Situation:
    """A move as the checks see it. ``None`` marks what the known-facts mode does not know.

    ``cards``: the cards that move, bottom first; ``dst``: ``"tableau"`` (onto ``onto``),
    ``"space"``, ``"foundation"`` (onto ``onto``; ``None``: it starts one), ``"cell"``,
    ``"reserve"``, ``"waste"`` (onto ``onto``), ``"deal"`` (from the stock to ``deal_to``),
    ``"redeal"``, ``"discard"`` (leaves play, with ``partner``); ``src``: the kind of place the cards
    come from; ``whole``: they move as one unit (a book's move) rather than as a solver's compound of
    unit moves; ``room``: free cells and usable spaces for a compound move; ``whole_pile``: whether
    they are a whole pile; ``cells_used``: cells (or single reserve places) in use, other than the
    moving card's; ``started``: the base rank an any-first game has shown; ``bare``: whether ``onto``
    has nothing on it and nothing below (a bare king); ``flags``: the move's flags
    (``right_of``, ``left_of``, …); ``known``: the mode knows every card (full) or not; ``tops``:
    the foundation tops the mode knows; ``under``: the card just under the moving cards in their pile,
    when shown, and ``under_up`` whether it lies face up (``None``: not known); ``carried``: cards lying
    on the moving card that go with it without being named; ``spaces``: empty tableau piles and
    ``others``: whether a move other than a deal is possible (for ``stock.deal_when``; ``None``: not
    known); ``where``: see below."""

    cards: list[Card]
    dst: str
    onto: Card | None = None
    src: str | None = None
    partner: Card | None = None
    whole: bool = True
    room: tuple[int, int] | None = None
    whole_pile: bool | None = None
    cells_used: int | None = None
    started: int | None = None
    bare: bool | None = None
    deal_to: str | None = None
    redeals_used: int = 0
    flags: frozenset = frozenset()
    known: bool = False
    tops: tuple = ()
    under: Card | None = None
    under_up: bool | None = None
    carried: int = 0
    spaces: int | None = None
    others: bool | None = None
    where: str | None = None
    """For ``dst`` ``"place"``: the place the text names in the layout (``Move.to_pile``: ``"left"``,
    ``"right"`` — a row's edge —, ``"middle"``); for ``"shift"``: the direction (``Move.direction``)."""
    colours: tuple = (None, None)
    """``Move.colours``: the colours the text gives a moving card and its target named by rank and colour only."""

    @property
    def card(self) -> Card:
        return self.cards[0]


@dataclass
class Ruling:
    """What the checks of one situation found, and the rule a legal move rests on."""

    checks: list[Check] = field(default_factory=list)
    primary: str | None = None

    def add(self, *checks: Check) -> "Ruling":
        self.checks.extend(checks)
        return self

    def extend(self, checks) -> "Ruling":
        self.checks.extend(checks)
        return self

    @property
    def kind(self) -> Kind:
        kinds = {c.kind for c in self.checks}
        return ILLEGAL if ILLEGAL in kinds else UNKNOWN if UNKNOWN in kinds else LEGAL

    @property
    def assumed(self) -> list[Assumption]:
        return list(dict.fromkeys(a for c in self.checks for a in c.assumed))


class Rules:
    """The checks of one game's rules: its :class:`~pasyans.spec.RuleSpec` and pack.

    Mechanics subclass it (see :mod:`pasyans.engine.variants`), name the ``special`` entries they
    model in :attr:`names`, and override the methods whose rule differs; ``self.special(name)`` is
    the spec's entry for a name.
    """

    names: ClassVar[tuple[str, ...]] = ()

    def __init__(self, spec: RuleSpec | dict | None) -> None:
        self.spec = RuleSpec.from_json(spec)
        self.pack = self.spec.pack
        self._specials = {}
        for s in self.spec.special:
            self._specials.setdefault(s.name, s)

    def special(self, name: str) -> Special | None:
        """The first ``special`` entry called ``name``."""
        return self._specials.get(name)

    def field(self, path: str) -> Field | None:
        """The known field at ``path``, or ``None``."""
        return self.spec.known(path)

    # -- what the position asks of the rules ---------------------------------------------------
    def judge(self, s: Situation) -> Ruling:
        """Every check the situation calls for (dispatch by ``s.dst``)."""
        r = Ruling()
        x = s.card
        if x.joker:
            return r.add(check(UNKNOWN, "deck.jokers", "joker", (x,)))
        if s.dst not in ("discard", "deal", "redeal"):
            r.extend(self.in_pack(*s.cards, *([s.onto] if s.onto is not None else [])))
        if s.src == "foundation" and s.dst not in ("discard",):
            r.extend(self.take_back(x))
        if len(s.cards) > 1 and s.dst in ("tableau", "space"):
            r.extend(self.sequence(s))
        if s.dst in ("tableau", "space") and (s.src == "tableau" or s.src is None and len(s.cards) > 1):
            r.extend(self.whole_run(s))       # (several cards not shown before: they come from the tableau)
        handler = {"tableau": self.onto_tableau, "space": self.fill_space, "foundation": self.to_foundation,
                   "cell": self.into_cell, "reserve": self.to_reserve, "waste": self.onto_waste,
                   "deal": self.deal, "redeal": self.redeal, "discard": self.discard,
                   "place": self.into_place, "shift": self.shift}.get(s.dst)
        if handler is None:
            return r.add(check(UNKNOWN, "to", "unknown-destination", (x,), where=s.dst))
        sub = handler(s)
        r.extend(sub.checks)
        r.primary = sub.primary
        return r

    # -- the pack ------------------------------------------------------------------------------
    def in_pack(self, *cards: Card) -> list[Check]:
        """A card of a rank the pack does not hold (a two in a 32-card pack) breaks ``deck.cards_per_pack``."""
        for c in cards:
            if c is not None and not c.joker and c.rank not in self.pack:
                return [check(ILLEGAL, "deck.cards_per_pack", "not-in-pack", (c,), self.spec.deck.cards_per_pack)]
        return []

    # -- building on a card --------------------------------------------------------------------
    def rank(self, pile: str, x: Card, y: Card) -> list[Check]:
        """``{pile}.build_direction`` and ``{pile}.wrap`` for ``x`` on ``y`` (``pile``: tableau or waste)."""
        path = f"{pile}.build_direction"
        d = self.field(path)
        if d is None:
            return [check(UNKNOWN, path, "unknown", (x, y))]
        if d.value == "none":
            return [check(ILLEGAL, path, "no-building", (x, y), d)]
        if d.value not in DIRECTIONS:
            return [check(UNKNOWN, path, "not-modelled", (x, y), d)]
        return self.follow(path, f"{pile}.wrap", d, DIRECTIONS[d.value], x, y)

    def follow(self, path: str, wrap_path: str, d: Field, deltas, x: Card, y: Card) -> list[Check]:
        """``x`` follows ``y`` by one of ``deltas`` steps of the pack: straight, round the corner
        (``wrap_path`` decides), or not (``want``: the cards that would)."""
        how = self.pack.follows(x.rank, y.rank, tuple(deltas))
        if how == "straight":
            return [check(LEGAL, path, "rank", (x, y), d, step=self.pack.step(x.rank, y.rank))]
        if how == "wrap":
            w = self.field(wrap_path)
            if w is None:
                return [check(UNKNOWN, wrap_path, "unknown", (x, y), corner=True)]
            return [check(LEGAL if w.value else ILLEGAL, wrap_path, "round-the-corner" if w.value else "no-wrap", (x, y), w)]
        want = [Card(r, y.suit) for r in (self.pack.next_rank(y.rank, k) for k in deltas) if r is not None]
        return [check(ILLEGAL, path, "wrong-rank", (x, y), d, want=want)]

    def suit(self, path: str, x: Card, y: Card, colours: tuple = (None, None)) -> list[Check]:
        """The suit policy at ``path`` (``tableau.build_suit``, ``waste.build_suit``, ``foundations.suit``);
        ``colours``: the colours the text gives ``x`` and ``y`` when it names them by rank and colour only
        («чорну дев'ятку на червону десятку»): a colour policy is then checked on the colours."""
        s = self.field(path)
        if s is None:
            return [check(UNKNOWN, path, "unknown", (x, y))]
        policy = s.value
        if policy in ANY_SUIT:
            return [check(LEGAL, path, "any-suit", (x, y), s)]
        if policy == "none":
            return [check(ILLEGAL, path, "no-building", (x, y), s)]
        if policy not in SUIT_POLICIES:
            return [check(UNKNOWN, path, "not-modelled", (x, y), s)]
        cx, cy = x.color or colours[0], y.color or colours[1]
        if (x.suit is None or y.suit is None) and policy != "same-suit" and cx and cy:
            ok = (cx != cy) if policy == "alternate-color" else (cx == cy)
            return [check(LEGAL if ok else ILLEGAL, path, "colour" if ok else "wrong-colour", (x, y), s, colours=(cx, cy))]
        if x.suit is None or y.suit is None:
            vague = x if x.suit is None else y
            return [check(LEGAL, path, "suit", (x, y), s, [Assumption("suit-fits", (vague,), policy)])]
        return [check(LEGAL if suit_fits(policy, x, y) else ILLEGAL, path, "suit" if suit_fits(policy, x, y) else "wrong-suit",
                      (x, y), s)]

    def build(self, x: Card, y: Card, pile: str = "tableau", colours: tuple = (None, None)) -> list[Check]:
        """Rank and suit for ``x`` put on ``y`` in ``pile`` (``tableau`` or ``waste``); ``colours`` as :meth:`suit`."""
        return self.rank(pile, x, y) + self.suit(f"{pile}.build_suit", x, y, colours)

    def onto_tableau(self, s: Situation) -> Ruling:
        """``s.card`` onto the tableau card ``s.onto``."""
        return Ruling(self.build(s.card, s.onto, colours=s.colours), "tableau.build_suit")

    def onto_waste(self, s: Situation) -> Ruling:
        """``s.card`` onto the waste top ``s.onto`` (Golf's «резервная стопка»)."""
        if s.onto is None:
            return Ruling([check(UNKNOWN, "waste.build_direction", "empty-waste", (s.card,))], "waste.build_direction")
        return Ruling(self.build(s.card, s.onto, "waste"), "waste.build_direction")

    # -- several cards at once -----------------------------------------------------------------
    def carry(self, x: Card, above: list[Card]) -> list[Check]:
        """``x`` moves with ``above`` on it (cards put on it earlier): ``tableau.move`` must let a
        built sequence move (the cards were built on it by the rules already), or any face-up card
        with whatever lies on it (``any-face-up``)."""
        unit = self.field("tableau.move")
        cards = (x, *above)
        if unit is None:
            return [check(UNKNOWN, "tableau.move", "unknown", cards, carried=True)]
        if unit.value == "one-card":
            return [check(ILLEGAL, "tableau.move", "one-card", cards, unit, carried=True)]
        if unit.value == "whole-pile":
            return [check(LEGAL, "tableau.move", "whole-pile", cards, unit, [Assumption("whole-pile", (x,))])]
        if unit.value == "any-face-up":
            return [check(LEGAL, "tableau.move", "any-face-up", cards, unit, carried=True)]
        if unit.value not in SEQUENCES:
            return [check(UNKNOWN, "tableau.move", "not-modelled", cards, unit)]
        if unit.value == "same-suit-sequence" and len({c.suit for c in cards if c.suit}) > 1:
            return [check(ILLEGAL, "tableau.move", "mixed-suits", cards, unit)]
        return [check(LEGAL, "tableau.move", "sequence", cards, unit)]

    def sequence(self, s: Situation) -> list[Check]:
        """Several cards moving together (``s.cards``, bottom first). A unit move (``s.whole``) needs
        ``tableau.move`` to allow it and the cards built by the tableau rules; a compound move is
        unit moves through ``s.room`` (free cells, usable spaces). Under ``any-face-up`` the cards
        need not be built (only the bottom one must fit where it goes)."""
        cards = s.cards
        unit = self.field("tableau.move")
        policy = unit.value if unit is not None else None
        if policy == "whole-pile":
            if s.whole_pile is False:
                return [check(ILLEGAL, "tableau.move", "not-whole-pile", cards, unit)]
            assumed = [] if s.whole_pile else [Assumption("whole-pile", (cards[0],))]
            return [check(LEGAL, "tableau.move", "whole-pile", cards, unit, assumed)]
        if policy == "any-face-up":
            return [check(LEGAL, "tableau.move", "any-face-up", cards, unit, n=len(cards))]
        if policy is not None and policy not in ("one-card", *SEQUENCES):
            return [check(UNKNOWN, "tableau.move", "not-modelled", cards, unit)]
        if s.whole and policy is None:
            return [check(UNKNOWN, "tableau.move", "unknown", cards, n=len(cards))]
        if s.whole and policy == "one-card":
            return [check(ILLEGAL, "tableau.move", "one-card", cards, unit, n=len(cards))]
        if s.whole and policy == "same-suit-sequence" and len({c.suit for c in cards if c.suit}) > 1:
            return [check(ILLEGAL, "tableau.move", "mixed-suits", cards, unit)]
        inner = [c for lo, up in zip(cards, cards[1:]) for c in self.build(up, lo)]
        inner = [Check(c.kind, c.rule, c.what, c.cards, c.evidence, {**c.detail, "within": True}, c.assumed) for c in inner]
        if any(c.kind is not LEGAL for c in inner):
            return [c for c in inner if c.kind is not LEGAL]
        if s.whole:
            return inner + [check(LEGAL, "tableau.move", "sequence", cards, unit, n=len(cards))]
        return inner + self._compound(cards, policy, unit, s.room)

    def whole_run(self, s: Situation) -> list[Check]:
        """``tableau.move = whole-sequence``: the cards leaving a tableau pile must be its whole run
        from the lowest face-up card — the card under them (``s.under``) lies face down, or does not
        take them by the building rules. A card built on a face-up card (``s.under_up``) is part of
        a run and may not leave it alone; when the face of that card is not known it is assumed
        down; when it is not shown at all, a move of several cards assumes they are the whole run
        (a single card is taken as a run of its own). Other policies: no check."""
        unit = self.field("tableau.move")
        if unit is None or unit.value != "whole-sequence" or s.whole_pile:
            return []
        x, several = s.card, len(s.cards) > 1 or s.carried > 0
        kinds = {c.kind for c in self.build(x, s.under)} if s.under is not None else {UNKNOWN}
        if ILLEGAL in kinds:
            return [check(LEGAL, "tableau.move", "whole-run", (x, s.under), unit)] if several else []
        if UNKNOWN in kinds:
            return [check(LEGAL, "tableau.move", "whole-run", (x,), unit, [Assumption("run-start", (x,))])] if several else []
        if s.under_up:
            return [check(ILLEGAL, "tableau.move", "part-of-run", (x, s.under), unit)]
        if s.under_up is False:
            return [check(LEGAL, "tableau.move", "whole-run", (x, s.under), unit)]
        return [check(LEGAL, "tableau.move", "whole-run", (x, s.under), unit, [Assumption("face-down", (s.under,))])]

    def _compound(self, cards: list[Card], policy: str | None, unit: Field | None, room) -> list[Check]:
        units = tuple(_units(cards, policy))
        if len(units) == 1:
            return [check(LEGAL, "tableau.move", "sequence", cards, unit, n=len(cards))]
        cells, spaces, cells_known, spaces_known = room if room is not None else (0, 0, True, True)
        if supermove_ok(units, cells, spaces):
            out = [check(LEGAL, "tableau.move", "unit-moves", cards, unit, units=len(units), cells=cells, spaces=spaces)]
            out += [check(LEGAL, r, "used", ()) for r, n in (("layout.cells", cells), ("tableau.space", spaces)) if n]
            return out
        if not (cells_known and spaces_known):
            missing = "layout.cells" if not cells_known else "tableau.space"
            return [check(UNKNOWN, missing, "room-unknown", cards, units=len(units))]
        if policy is None:
            return [check(UNKNOWN, "tableau.move", "unknown", cards, units=len(units), cells=cells, spaces=spaces)]
        return [check(ILLEGAL, "tableau.move", "no-room", cards, unit, units=len(units), cells=cells, spaces=spaces)]

    # -- foundations ---------------------------------------------------------------------------
    def base_ranks(self) -> list[int] | str | None:
        """``foundations.base`` as ranks (``[1]``, ``[1, 13]``), ``"any"``, ``"any-first"``,
        ``"none"``, ``"mixed"``, or ``None`` when unknown."""
        b = self.field("foundations.base")
        return None if b is None else base_ranks(b.value)

    def is_base(self, c: Card, started: int | None = None) -> bool:
        """Whether ``c`` may be a foundation's first card by the rules (a base rank, or the rank an
        any-first game has shown)."""
        ranks = self.base_ranks()
        return (isinstance(ranks, list) and c.rank in ranks) or (ranks == "any-first" and started == c.rank)

    def stays_in_layout(self, move, y: Card) -> bool:
        """Whether a move onto the card ``y`` is judged as a tableau move only (a mechanic that keeps
        the card in the layout: the accordion's piles, a space beside a card)."""
        return False

    def beside_is_space(self, move) -> bool:
        """Whether a card put beside another («справа от ♠5») fills a space there rather than
        starting a foundation."""
        return False

    def preplaced(self, c: Card):
        """The evidence that ``c`` lies on its foundation from the deal (``foundations.preplaced``
        and a base; a mechanic's special naming it), or ``None``."""
        pre = self.field("foundations.preplaced")
        return pre if pre is not None and pre.value and self.is_base(c) else None

    def has_foundations(self) -> bool | None:
        """``False`` when the spec says the game has none; ``None`` when ``foundations.base`` is unknown."""
        ranks = self.base_ranks()
        return None if ranks is None else ranks != "none"

    def to_foundation(self, s: Situation) -> Ruling:
        """``s.cards`` to a foundation: onto ``s.onto``, or starting one when ``s.onto`` is ``None``."""
        x = s.card
        b = self.field("foundations.base")
        if b is not None and b.value == "none" and len(s.cards) == 1:
            return Ruling([check(ILLEGAL, "foundations.base", "no-foundations", (x,), b)], "foundations.base")
        if len(s.cards) > 1:
            checks = self.run_off(s.cards, s.src)
            return Ruling(checks, checks[0].rule)
        cs = self.field("foundations.complete_sequences")
        if cs is not None and cs.value is True:
            ranks = self.base_ranks()
            if isinstance(ranks, list) and any(r != 13 for r in ranks):
                # «Тузы … кладут в базы …» and «Полную последовательность … убирают» in one text: cards go
                # up one by one as well as in finished runs — which way this card goes is not sure (TESTER8)
                return Ruling([check(UNKNOWN, cs.path, "runs-and-bases", (x,), cs)], cs.path)
            return Ruling([check(ILLEGAL, cs.path, "runs-only", (x,), cs)], cs.path)
        if s.onto is None:
            return Ruling(self.start_foundation(x, s.started), "foundations.base")
        return Ruling(self.onto_foundation(x, s.onto), "foundations.direction")

    def start_foundation(self, x: Card, started: int | None = None) -> list[Check]:
        """``x`` starts a foundation (``started``: the base rank an any-first game has shown)."""
        b = self.field("foundations.base")
        if b is None:
            return [check(UNKNOWN, "foundations.base", "unknown", (x,))]
        ranks = base_ranks(b.value)
        if ranks == "none":
            return [check(ILLEGAL, "foundations.base", "no-foundations", (x,), b)]
        if ranks == "any":
            return [check(LEGAL, "foundations.base", "base", (x,), b)]
        if ranks == "any-first":
            if started is None or started == x.rank:
                return [check(LEGAL, "foundations.base", "base" if started else "first-base", (x,), b)]
            return [check(ILLEGAL, "foundations.base", "not-the-base-rank", (x,), b, started=started)]
        if not isinstance(ranks, list):
            return [check(UNKNOWN, "foundations.base", "not-modelled", (x,), b)]
        if x.rank in ranks:
            return [check(LEGAL, "foundations.base", "base", (x,), b)]
        return [check(ILLEGAL, "foundations.base", "not-a-base", (x,), b)]

    def foundation_fields(self) -> tuple[Field | None, Field | None, Field | None]:
        """``foundations.direction``, ``step`` and ``suit`` (each ``None`` when unknown)."""
        return (self.field("foundations.direction"), self.field("foundations.step"), self.field("foundations.suit"))

    def foundation_deltas(self) -> tuple[int, ...] | None:
        """Steps a foundation is built by (``(1,)`` up by one, ``(1, -1)`` both), or ``None``."""
        d, st, _ = self.foundation_fields()
        if d is None or st is None or d.value not in ("up", "down", "both") or not isinstance(st.value, int):
            return None
        return tuple(k * st.value for k in DIRECTIONS[d.value])

    def onto_foundation(self, x: Card, y: Card) -> list[Check]:
        """``x`` onto the foundation topped by ``y``: direction, step, wrap and suit."""
        d, st, su = self.foundation_fields()
        out = []
        if d is None:
            out.append(check(UNKNOWN, "foundations.direction", "unknown", (x, y)))
        if st is None:
            out.append(check(UNKNOWN, "foundations.step", "unknown", (x, y)))
        if d is not None and st is not None:
            if d.value == "none":
                out.append(check(ILLEGAL, "foundations.direction", "no-foundations", (x, y), d))
            elif d.value not in ("up", "down", "both") or not isinstance(st.value, int):
                out.append(check(UNKNOWN, "foundations.direction", "not-modelled", (x, y), d))
            else:
                out += self.follow("foundations.direction", "foundations.wrap", d, self.foundation_deltas(), x, y)
        out += self.suit("foundations.suit", x, y) if su is not None else [check(UNKNOWN, "foundations.suit", "unknown", (x, y))]
        return out

    def predecessors(self, x: Card, s: Situation | None = None) -> list[Card] | None:
        """The cards ``x`` may follow on a foundation of its own suit (one or two, by the direction;
        round the corner when ``foundations.wrap``); ``None`` when the order or the suit rule is
        unknown or the suit rule is not same-suit. ``s``: the situation (its known ``tops``)."""
        deltas = self.foundation_deltas()
        su = self.field("foundations.suit")
        if deltas is None or su is None or su.value != "same-suit" or x.suit is None:
            return None
        w = self.field("foundations.wrap")
        ranks = [self.pack.next_rank(x.rank, -k, wrap=bool(w and w.value)) for k in deltas]
        return [Card(r, x.suit) for r in ranks if r is not None]

    def take_back(self, x: Card) -> list[Check]:
        """``x`` taken back from a foundation: ``foundations.removable``."""
        f = self.field("foundations.removable")
        if f is None:
            return [check(UNKNOWN, "foundations.removable", "unknown", (x,))]
        return [check(LEGAL if f.value else ILLEGAL, "foundations.removable", "taken-back" if f.value else "not-removable", (x,), f)]

    def run_off(self, cards: list[Card], src: str | None) -> list[Check]:
        """Several cards onto a foundation at once: only a finished run K…A of one suit, from the tableau."""
        if src not in (None, "tableau") or not full_run(cards):
            return [check(ILLEGAL, "foundations.complete_sequences", "not-a-run", tuple(cards))]
        cs, b = self.field("foundations.complete_sequences"), self.field("foundations.base")
        if cs is not None and cs.value is True:
            return [check(LEGAL, cs.path, "run-off", (cards[0], cards[-1]), cs)]
        if b is not None and b.value == "none":
            return [check(LEGAL, "goal", "run-finished", (cards[0], cards[-1]), b)]
        if cs is not None:
            return [check(ILLEGAL, cs.path, "singles-only", (cards[0], cards[-1]), cs)]
        return [check(UNKNOWN, "foundations.complete_sequences", "unknown", (cards[0], cards[-1]))]

    # -- places only the layout shows ------------------------------------------------------------
    def into_place(self, s: Situation) -> Ruling:
        """``s.card`` to a place of the layout the text names but no field describes («на правый край
        второго ряда», «в середину колонки»: ``s.where``): only a mechanic can say."""
        return Ruling([check(UNKNOWN, "layout", "place-in-layout", (s.card,), to_pile=s.where)], "layout")

    def shift(self, s: Situation) -> Ruling:
        """``s.card`` moved in a direction, not to a place («♠5 и ♦8 сдвигаются влево»: ``s.where``);
        ``s.spaces``: cards that have left play so far (places emptied). Only a mechanic can say."""
        return Ruling([check(UNKNOWN, "layout", "direction-needs-layout", (s.card,), direction=s.where)], "layout")

    # -- spaces, cells, the reserve -------------------------------------------------------------
    def fill_space(self, s: Situation) -> Ruling:
        """``s.card`` (and any cards on it) into an empty tableau pile: ``tableau.space``.
        ``s.src`` ``None``: where the card comes from is not known; a rule naming the source is then
        taken as kept (an assumption)."""
        x = s.cards[0] if s.cards else None     # None: cards the text deals without naming them
        cards = (x,) if x is not None else ()
        f = self.field("tableau.space")
        if f is None:
            return Ruling([check(UNKNOWN, "tableau.space", "unknown", cards)], "tableau.space")
        v = f.value
        if x is None and v == "kings":
            return Ruling([check(UNKNOWN, "card", "unnamed-king?", (), f)], "tableau.space")
        if v in ANY_SPACE:
            return Ruling([check(LEGAL, "tableau.space", "any", cards, f)], "tableau.space")
        if v == "kings":
            return Ruling([check(LEGAL if x.is_king else ILLEGAL, "tableau.space", "king" if x.is_king else "kings-only", (x,), f)],
                          "tableau.space")
        if v == "not-filled":
            return Ruling([check(ILLEGAL, "tableau.space", "not-filled", cards, f)], "tableau.space")
        if v in SPACE_SOURCES:
            allowed = SPACE_SOURCES[v]
            if s.src is None:
                return Ruling([check(LEGAL, "tableau.space", "from", cards, f, [Assumption("comes-from", cards, allowed[0])])],
                              "tableau.space")
            if s.src in allowed:
                # the waste first, the stock only when the waste is empty (Solvitaire's auto-waste-then-stock)
                then = [Assumption("waste-empty", cards)] if v == "from-waste-then-stock" and s.src == "stock" and not s.known else []
                return Ruling([check(LEGAL, "tableau.space", "from", cards, f, then)], "tableau.space")
            return Ruling([check(ILLEGAL, "tableau.space", "from-elsewhere", cards, f, src=s.src)], "tableau.space")
        return Ruling([check(UNKNOWN, "tableau.space", "not-modelled", cards, f)], "tableau.space")

    def into_cell(self, s: Situation) -> Ruling:
        """``s.card`` into a cell (a single place, ``layout.cells``); ``s.cells_used`` the places in use
        (in the known-facts mode: those the example filled, a lower bound)."""
        x = s.card
        if len(s.cards) > 1:
            return Ruling([check(ILLEGAL, "layout.cells", "one-per-cell", tuple(s.cards))], "layout.cells")
        f = self.field("layout.cells")
        if f is None or not isinstance(f.value, int):
            return Ruling([check(UNKNOWN, "layout.cells", "unknown" if f is None else "not-modelled", (x,), f)], "layout.cells")
        used = s.cells_used or 0
        if used >= f.value:
            return Ruling([check(ILLEGAL, "layout.cells", "cells-full", (x,), f, used=used)], "layout.cells")
        assumed = [] if s.known or (used == 0 and f.value == 1) else [Assumption("free-places", (x,), f.value - used - 1)]
        return Ruling([check(LEGAL, "layout.cells", "cell", (x,), f, assumed, used=used + 1)], "layout.cells")

    def to_reserve(self, s: Situation) -> Ruling:
        """``s.card`` onto the reserve: the cells' rule, or a stock card dealt onto a reserve pile
        (``stock.deal_to = reserve``)."""
        to = self.field("stock.deal_to")
        if self.field("layout.cells") is None and to is not None and to.value == "reserve":
            return Ruling([check(LEGAL, "stock.deal_to", "to-reserve", (s.card,), to)], "stock.deal_to")
        return self.into_cell(s)

    # -- the stock ------------------------------------------------------------------------------
    def deal(self, s: Situation) -> Ruling:
        """Cards from the stock to ``s.deal_to`` (``"waste"``, ``"tableau"`` one card on each pile,
        or ``None``: the text does not say where): ``stock.deal_to`` and ``stock.deal``."""
        to = self.field("stock.deal_to")
        out: list[Check] = []
        if to is None:
            if s.deal_to is not None:
                out.append(check(UNKNOWN, "stock.deal_to", "unknown", tuple(s.cards)))
            else:
                out.append(check(LEGAL, "stock", "dealt", tuple(s.cards)))
        elif to.value not in ("waste", "tableau", "reserve"):
            out.append(check(UNKNOWN, "stock.deal_to", "not-modelled", tuple(s.cards), to))
        elif s.deal_to is not None and s.deal_to != to.value:
            out.append(check(ILLEGAL, "stock.deal_to", "dealt-elsewhere", tuple(s.cards), to, where=s.deal_to))
        else:
            out.append(check(LEGAL, "stock.deal_to", "dealt", tuple(s.cards), to, where=s.deal_to or to.value))
        out += self.deal_when(s)
        if s.known and (s.deal_to or (to.value if to else None)) == "waste":
            n = self.deal_count()
            d = self.field("stock.deal")
            out.append(check(LEGAL, "stock.deal", "deal", tuple(s.cards), d, n=n) if n is not None else
                       check(UNKNOWN, "stock.deal", "unknown" if d is None else "not-modelled", tuple(s.cards), d))
        return Ruling(out, "stock.deal_to" if to is not None else "stock")

    def deal_when(self, s: Situation) -> list[Check]:
        """``stock.deal_when``: ``no-spaces`` (only while no tableau pile is empty: ``s.spaces``),
        ``blocked`` (only when no other move is left: ``s.others``), ``any-time``. Where the position
        does not know, the condition is assumed kept. Not read: no condition is checked (the field
        restricts; the deal itself is judged by ``stock.deal_to``)."""
        w = self.field("stock.deal_when")
        if w is None or w.value == "any-time":
            return []
        cards = tuple(s.cards)
        if w.value == "no-spaces":
            if s.spaces is None:
                return [check(LEGAL, w.path, "no-spaces", cards, w, [Assumption("no-spaces", cards)])]
            return [check(ILLEGAL if s.spaces else LEGAL, w.path, "space-open" if s.spaces else "no-spaces", cards, w,
                          spaces=s.spaces)]
        if w.value == "blocked":
            if s.others is None:
                return [check(LEGAL, w.path, "blocked", cards, w, [Assumption("blocked", cards)])]
            return [check(ILLEGAL if s.others else LEGAL, w.path, "moves-left" if s.others else "blocked", cards, w)]
        return [check(UNKNOWN, w.path, "not-modelled", cards, w)]

    def deal_count(self) -> int | None:
        """Cards per deal from ``stock.deal`` (``"1 at a time"`` → 1, ``"3"`` → 3), or ``None``."""
        m = re.search(r"\d+", str(self.spec.value("stock.deal") or ""))
        return int(m.group()) if m else None

    def redeal(self, s: Situation) -> Ruling:
        """The waste turned over for a new pass (``s.redeals_used`` passes so far): ``stock.redeals``."""
        f = self.field("stock.redeals")
        if f is None:
            return Ruling([check(UNKNOWN, "stock.redeals", "unknown", ())], "stock.redeals")
        if f.value == "unlimited" or (isinstance(f.value, int) and s.redeals_used < f.value):
            return Ruling([check(LEGAL, "stock.redeals", "redeal", (), f, n=s.redeals_used + 1)], "stock.redeals")
        return Ruling([check(ILLEGAL, "stock.redeals", "no-redeal-left", (), f, used=s.redeals_used)], "stock.redeals")

    # -- leaving play ----------------------------------------------------------------------------
    def discard(self, s: Situation) -> Ruling:
        """``s.card`` leaves play (with ``s.partner``): no field says when; a mechanic must."""
        return Ruling([check(UNKNOWN, "special", "no-discard-rule", (s.card,))], "special")


def _units(cards: list[Card], policy: str | None) -> list[int]:
    """Sizes of the units a sequence moves in, bottom first."""
    if policy in ("any-sequence", "whole-sequence", "any-face-up"):
        return [len(cards)]
    if policy == "same-suit-sequence":
        sizes = [1]
        for a, b in zip(cards, cards[1:]):
            if a.suit == b.suit:
                sizes[-1] += 1
            else:
                sizes.append(1)
        return sizes
    return [1] * len(cards)


def base_ranks(value) -> list[int] | str | None:
    """Foundation base ranks from ``foundations.base``: ``"A"`` → ``[1]``, ``"A+K"`` → ``[1, 13]``,
    ``"7"`` → ``[7]``; ``"any"``, ``"any-first"``, ``"none"``, ``"mixed"`` as they are; ``None`` when
    not understood."""
    if isinstance(value, int):
        return [value] if 1 <= value <= 13 else None
    v = str(value).strip().lower()
    if v in ("any", "any-first", "none", "mixed"):
        return v
    out = []
    for part in v.upper().replace(",", "+").split("+"):
        try:
            out.append(Card.parse(part.strip()).rank)
        except ValueError:
            return None
    return out or None
