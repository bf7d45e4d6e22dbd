"""The records that flow through the pipeline: corpus → extract → kb → engine → report.

Every record keeps its provenance: the source id (``"004"``) and 1-based raw line numbers of
that source's file, inclusive (``(first, last)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
    (``"KS"``), or one of ``"foundation" "space" "cell" "reserve" "waste" "tableau" "row:N"``,
    or ``None`` when the text names no destination. ``from_row``/``to_row``: 1-based rows
    where the notation names them (000, 003). ``flags``: ``conditional``, ``alternative``,
    ``prohibited``, ``restated``, ``to_by_pronoun``, ``to_inferred``, and where the target is a
    neighbour rather than the card covered: ``right_of``, ``left_of``, ``above``. ``kind``:
    ``build``, ``to_foundation``, ``to_space``, ``sequence``, ``deal``, ``discard`` (the card
    leaves play: ``to`` is ``None`` and ``to_card`` the card it pairs with, if any), ``other``.
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

    @property
    def card(self) -> Card | None:
        return self.cards[0] if self.cards else None


@dataclass
class Verdict:
    """The engine's judgement of one move: ``legal``, ``illegal`` or ``unverifiable``.

    ``reason`` says why for a person; ``rule`` names the rule field checked or missing
    (``"tableau.build_suit"``), ``checked`` lists every rule that was checked.
    """

    verdict: str
    reason: str
    rule: str | None = None
    checked: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.verdict not in ("legal", "illegal", "unverifiable"):
            raise ValueError(f"unknown verdict {self.verdict!r}")


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
