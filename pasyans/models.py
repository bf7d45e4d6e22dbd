"""The records that flow through the pipeline: corpus → extract → kb → engine → report.

Every record keeps its provenance: the source id (``"004"``) and 1-based raw line numbers of
that source's file, inclusive (``(first, last)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .cards import Card

LineSpan = tuple[int, int]
"""``(first, last)``: 1-based, inclusive lines of a raw corpus file."""


@dataclass
class Finding:
    """Something the pipeline could not read or decide, kept instead of dropped.

    ``kind`` is a short code (``"unparsed-card"``, ``"unparsed-sentence"``, ``"ocr-repair"``,
    ``"ambiguous-notation"``, ``"unverifiable"``, …); ``message`` says it for a person.
    """

    source: str
    lines: LineSpan
    kind: str
    message: str
    token: str | None = None
    game: str | None = None


@dataclass
class Alias:
    """Another name of a game, as its text states it.

    ``kind``: ``"alias"`` (the text says it is another name), ``"disputed"`` (the text doubts it),
    ``"title-form"`` (another printed form of the title, e.g. modern spelling of a pre-1918 title),
    ``"related"`` (a different game the text links to, «Его вариантом является…»),
    ``"gloss"`` (a translation the text gives in passing, «(швабра — англ.)»).
    """

    name: str
    language: str
    lines: LineSpan
    kind: str = "alias"
    sentence: str | None = None


@dataclass
class Move:
    """One move of a worked example, as read from the text.

    ``cards``: the card moved first, then any further cards of a sequence moved with it
    (may be empty when the text moves an unnamed card). ``to``: a card in standard notation
    (``"KS"``), or one of ``"foundation" "space" "cell" "reserve" "waste" "tableau" "stock"
    "row:N" "pile:N"``, or ``None`` when the text names no destination or names one that cannot be
    resolved (then the parse has a finding ``unresolved-destination``). ``from_row``/``to_row``: 1-based rows
    where the notation names them (000, 003). ``flags``: ``conditional``, ``alternative``,
    ``prohibited``, ``restated``, ``to_by_pronoun``, ``to_inferred``, and where the target is a
    neighbour rather than the card covered: ``right_of``, ``left_of``, ``above``; ``under``
    («♥4 — под ♥8»: onto ♥8, piles growing downward on the page; the note says how the layout was
    decided), ``range`` («серия от ♦В до ♠6»: ``cards`` are the two ends of the run), ``described``
    (a move the text reports as already made, «♠Т, ♣Т и ♦К помещены в базовый ряд»), ``and-so-on``
    (the text follows the move with «и т. д.», «и так далее», «і так далі»: moves are left out after
    it, so later facts of the position may have changed). ``kind``:
    ``build``, ``to_foundation``, ``to_space``, ``sequence``, ``deal``, ``play`` (a card played, the text
    does not say where: «позволит сыграть ♦6»; ``to`` is ``None``), ``discard`` (the cards
    leave play: ``to`` is ``None``; a pair or group leaving together is one move whose ``cards``
    are all of them, ``to_card`` the card paired with the first, if any), ``other``.
    """

    cards: list[Card]
    to: str | None
    raw: str
    lines: LineSpan
    kind: str = "build"
    to_card: Card | None = None
    from_row: int | None = None
    to_row: int | None = None
    number: int | None = None
    flags: set[str] = field(default_factory=set)
    notation: str | None = None
    note: str | None = None
    shown: list[tuple[Card, str]] = field(default_factory=list)
    """Facts the text states about the position before this move, as ``(card, place)`` pairs:
    «♥А и ♠К вынесены в базовый ряд» → ``[(AH, "foundation"), (KS, "foundation")]``; place
    ``"played"`` when the text says a card was played without saying where («сыграть ♦6»)."""
    from_place: str | None = None
    """Where the card is taken from when the text says so: ``"foundation"`` (taken back off a
    foundation: «снять с базового туза», «забирають з бази»), ``"stock"``, ``"waste"``,
    ``"reserve"``, ``"cell"``; ``None`` when it does not say."""
    turns_up: int = 0
    """Face-down cards the move turns up, as the text says («и карта лицевой стороной вниз открывается»)."""
    count: int | None = None
    """How many cards move together when the text gives a number («выкладываются шестнадцать карт»,
    «три карты … одним ходом»); ``cards`` may then be empty (a deal of cards not named)."""
    to_pile: str | None = None
    """The pile the text names when it names one by number or position: ``"3"`` («в третью стопку»;
    ``to`` is then ``"pile:3"``), ``"middle"`` («в середину колонки»; ``to`` ``"tableau"``)."""
    direction: str | None = None
    """Where the text moves the card when it names a direction, not a place: ``"left"``, ``"right"``,
    ``"up"``, ``"down"``, ``"centre"`` («♠5 и ♦8 сдвигаются влево», «♣6 и ♠К спускаются вниз»); ``to`` is
    then ``None`` — where that leads only the layout shows."""
    colours: tuple[str | None, str | None] = (None, None)
    """The colours the text gives where it names a card by rank and colour only: ``(moved card, target
    card)``, each ``"red"``, ``"black"`` or ``None`` («чорну дев'ятку кладіть на червону десятку» →
    ``cards`` ``[9]``, ``to_card`` ``T``, ``("black", "red")``): a check of colours alone can judge it."""
    claims: list[str] = field(default_factory=list)
    """What the text says of the position after this move: ``"stuck"`` (no move is left: «Дальнейшие
    ходы невозможны», «Більше перекладати нічого», «глухі вікна»). Read on the extract side (the move
    reader); the engine checks them."""

    @property
    def card(self) -> Card | None:
        return self.cards[0] if self.cards else None


class Kind(str, Enum):
    """What a verdict (or one check of one rule) says: the move is ``legal``, ``illegal``, or
    ``unverifiable`` (the text or the rules lack what the check needs)."""

    LEGAL = "legal"
    ILLEGAL = "illegal"
    UNVERIFIABLE = "unverifiable"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Assumption:
    """A fact the text does not show, taken as the move needs it (the deal, moves made before the
    example). ``what`` is a code (``"on-foundation"``, ``"base-on-foundation"``, ``"comes-from"``,
    ``"suit-fits"``, ``"other-copy"``, ``"free-places"``, ``"free-to-play"``, ``"beside"``, …),
    ``cards`` the cards it is about, ``detail`` a value the code needs (``"stock"``)."""

    what: str
    cards: tuple[Card, ...] = ()
    detail: Any = None


@dataclass(frozen=True)
class Check:
    """What one rule says about one move: ``kind`` (legal: the rule allows it; illegal: broken;
    unverifiable: the rule or a fact it needs is unknown), ``rule`` the rule it rests on (a spec
    field ``"tableau.build_suit"``, ``"special:pairs"``, or a fact of the position: ``"location"``,
    ``"exposed"``, ``"card"``, ``"to"``, ``"state"``), ``what`` a code for what was found
    (``"builds"``, ``"wrong-suit"``, ``"wrong-rank"``, ``"unknown"``, …), ``cards`` the cards
    concerned (the moving card first), ``evidence`` the spec's :class:`pasyans.spec.Field` or
    :class:`pasyans.spec.Special` with its quote and lines, ``detail`` values the code needs
    (``{"want": "2C"}``, ``{"move": 7}``), ``assumed`` what the check had to take as given."""

    kind: Kind
    rule: str
    what: str
    cards: tuple = ()
    evidence: Any = None
    detail: dict = field(default_factory=dict)
    assumed: tuple[Assumption, ...] = ()

    def to_json(self) -> dict:
        """The check as JSON (cards in standard notation; the field's value, status, quote, lines)."""
        out: dict[str, Any] = {"kind": self.kind.value, "rule": self.rule, "what": self.what,
                               "cards": [None if c is None else str(c) for c in self.cards]}
        f = self.evidence
        if f is not None:
            out["evidence"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in
                               (("value", getattr(f, "value", getattr(f, "name", None))), ("status", getattr(f, "status", None)),
                                ("quote", getattr(f, "quote", None)), ("lines", getattr(f, "lines", None)),
                                ("ref", getattr(f, "ref", None))) if v is not None}
        if self.detail:
            out["detail"] = {k: _jsonable(v) for k, v in self.detail.items()}
        if self.assumed:
            out["assumed"] = [assumption_json(a) for a in self.assumed]
        return out


def _jsonable(v: Any) -> Any:
    if isinstance(v, Card):
        return str(v)
    if isinstance(v, Assumption):
        return assumption_json(v)
    if isinstance(v, Check):
        return v.to_json()
    if isinstance(v, (list, tuple, set, frozenset)):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, Enum):
        return v.value
    return v


def assumption_json(a: Assumption) -> dict:
    """An :class:`Assumption` as JSON."""
    out: dict[str, Any] = {"what": a.what, "cards": [str(c) for c in a.cards]}
    if a.detail is not None:
        out["detail"] = _jsonable(a.detail)
    return out


@dataclass
class Verdict:
    """The engine's judgement of one move: ``legal``, ``illegal`` or ``unverifiable``.

    ``reason`` says why for a person (one sentence, made from the structure by
    :mod:`pasyans.engine.reasons`); ``rule`` names the rule field the verdict rests on
    (``"tableau.build_suit"``), ``what`` the code of the deciding check, ``checked`` every rule
    that was checked; ``checks`` the :class:`Check` records, ``assumed`` every
    :class:`Assumption` made; ``context`` how the move was read (``{"hypothetical": True}``,
    ``{"restates": 3}``, ``{"prohibited": True}``, ``{"reading": "foundation"}``, …).
    """

    verdict: str
    reason: str = ""
    rule: str | None = None
    checked: list[str] = field(default_factory=list)
    what: str | None = None
    checks: list[Check] = field(default_factory=list)
    assumed: list[Assumption] = field(default_factory=list)
    context: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.verdict, Kind):
            self.verdict = self.verdict.value
        if self.verdict not in ("legal", "illegal", "unverifiable"):
            raise ValueError(f"unknown verdict {self.verdict!r}")

    @property
    def kind(self) -> Kind:
        return Kind(self.verdict)

    @property
    def decisive(self) -> "Check | None":
        """The check the verdict rests on: the first of its kind on :attr:`rule`."""
        on_rule = [c for c in self.checks if c.rule == self.rule]
        return next((c for c in on_rule if c.kind.value == self.verdict), on_rule[0] if on_rule else None)

    def detail(self) -> dict:
        """The full structure as JSON (what the knowledge base and the export keep beside the reason)."""
        return {"verdict": self.verdict, "rule": self.rule, "what": self.what,
                "checks": [c.to_json() for c in self.checks],
                "assumed": [assumption_json(a) for a in self.assumed],
                "context": _jsonable(self.context)}


@dataclass
class Example:
    """A worked example of a game: its text, an optional printed layout, its moves.

    ``layout``: rows of cards (``None`` for a space) when the text prints the starting layout.
    """

    lines: LineSpan
    text: str
    marker: str | None = None
    layout: list[list[Card | None]] | None = None
    layout_lines: LineSpan | None = None
    moves: list[Move] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    mentions: list[Card] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    layout_reading: Any = None
    """The layout reader's full result (repairs, undecided cells) when a layout is printed."""
    layout_undecided: list = field(default_factory=list)
    """Cells of ``layout`` still open (several candidate cards); the engine settles them by replay."""


@dataclass
class Section:
    """A part of a game's text: ``intro``, ``rules``, ``example``, ``tactics``, ``variant``, ``numbered-rule``."""

    kind: str
    lines: LineSpan
    title: str | None = None


@dataclass
class GameText:
    """One game (or rule variant) as segmentation finds it in one source.

    ``key`` is unique in the corpus (``"004-021"``, ``"000-A"``); ``variant_of`` is the key of
    the parent game or ``None``; ``lines`` are the raw line spans of the game's text, furniture
    excluded; ``text`` is the cleaned text; ``name`` the title in modern spelling and
    ``printed_name`` as printed. ``rules_used`` lists numbered rules («Правило 5») the variant
    uses, in the order the text gives them. ``page`` is the book's printed page (004 only).
    """

    key: str
    source: str
    name: str | None
    lines: list[LineSpan]
    text: str = ""
    printed_name: str | None = None
    variant_of: str | None = None
    aliases: list[Alias] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    rules_used: list[str] = field(default_factory=list)
    page: int | None = None
    fragment: bool = False
    rules: dict[str, Any] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
