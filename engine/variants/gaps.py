"""Spaces filled by the cards beside them («Пустоты», «Монтана»-like games: special ``gaps``): a
space takes the card one rank above the card on its left (``left_neighbour`` = +1) — or, with
``right_neighbour`` = −1, one rank below the card on its right — of the same suit when ``suit`` is
``same-suit``. The same rule fills the windows of the Paganini family
(:mod:`pasyans.engine.variants.paganini`), whose parameters have the same shape.

The deal is not printed: a card put into a space whose neighbours the text does not name («♥Д …
заполняет пробел слева», «Пробел на краю верхнего ряда справа может заполняться либо ♥2, либо ♥4») is
legal assuming the card it follows lies beside that space (an assumption on the verdict); a card at
a row's left edge («♥Т … передвинуть на левый край ряда») starts the row, which only a base card does
(the rows are the foundations: ``foundations.base``)."""

from __future__ import annotations

from dataclasses import dataclass

from pasyans.cards import Card, Pack
from pasyans.models import Assumption
from pasyans.spec import Params, register_params

from ..reasons import card, register_phrases
from ..rules import ILLEGAL, LEGAL, UNKNOWN, Rules, Ruling, check
from . import register

SIDES = frozenset({"right_of", "left_of"})


@register_params("gaps", "paganini-windows", "paganini-windows-two-sided")
@dataclass(frozen=True, repr=False)
class WindowParams(Params):
    left_neighbour: int | None = None
    right_neighbour: int | None = None
    suit: str | None = None


def window_fits(p: WindowParams, pack: Pack, x: Card, neighbour: Card, side: str) -> str | None:
    """Why ``x`` may not go into the space on the ``side`` (``"right_of"``/``"left_of"``) of
    ``neighbour`` (a code), or ``None`` when it may: the space right of a card takes the card
    ``left_neighbour`` ranks above it; left of a card, ``right_neighbour`` (−1: one below)."""
    want = p.left_neighbour if side == "right_of" else p.right_neighbour
    if want is None:
        return "one-side-only"
    if p.suit == "same-suit" and x.suit and neighbour.suit and x.suit != neighbour.suit:
        return "wrong-suit"
    if pack.step(x.rank, neighbour.rank) != want:
        return "wrong-rank"
    return None


@register
class Gaps(Rules):
    names = ("gaps",)
    RULE = "special:gaps"

    def stays_in_layout(self, move, y) -> bool:
        return bool(SIDES & set(move.flags or ())) or super().stays_in_layout(move, y)

    def beside_is_space(self, move) -> bool:
        return bool(SIDES & set(move.flags or ()))

    def onto_tableau(self, s) -> Ruling:
        side = next((f for f in ("left_of", "right_of") if f in s.flags), None)
        if side is None:
            return super().onto_tableau(s)
        sp = self.special("gaps")
        why = window_fits(sp.params, self.pack, s.card, s.onto, side)
        if why:
            return Ruling([check(ILLEGAL, self.RULE, why, (s.card, s.onto), sp, side=side)], self.RULE)
        return Ruling([check(LEGAL, self.RULE, "fills-gap", (s.card, s.onto), sp, [Assumption("empty-beside", (s.onto,), side)],
                             side=side)], self.RULE)

    def fill_space(self, s) -> Ruling:
        f = self.field("tableau.space")
        if f is not None and f.value != "other":
            return super().fill_space(s)
        return self.unnamed_gap(s)

    def into_place(self, s) -> Ruling:
        """A row's edge the text names («на левый край ряда», «на правый край второго ряда»): the left
        edge starts a row — its first card is the rows' base (``foundations.base``: the rows are the
        foundations) —, the right edge is a space whose neighbours the text does not name."""
        if s.where == "left":
            return self.row_start(s.card)
        if s.where == "right":
            return self.unnamed_gap(s)
        return super().into_place(s)

    def row_start(self, x: Card, assumed=()) -> Ruling:
        """``x`` at a row's left edge (no card left of it): legal for a base card."""
        c = self.start_foundation(x)[0]
        if c.kind is not LEGAL:
            return Ruling([c], "foundations.base")
        return Ruling([check(LEGAL, self.RULE, "starts-row", (x,), c.evidence, assumed)], self.RULE)

    def unnamed_gap(self, s) -> Ruling:
        """``x`` into a space whose neighbours the text does not name: legal assuming the card it
        follows lies beside the space (left of it, ``left_neighbour`` ranks below it; or right of it,
        by ``right_neighbour``), unless ``x`` is a base (the rows' first rank: «двойка должна находиться
        с левого края») or no such card is in the pack — then only a row's left edge takes ``x``
        (:meth:`row_start`). A card without a suit («двойку выбранной масти») is assumed of the
        neighbour's suit."""
        x = s.card
        sp = self.special("gaps")
        p: WindowParams = sp.params
        if self.is_base(x):
            return self.row_start(x, [Assumption("row-edge", (x,))])
        wrap = self.field("tableau.wrap")
        beside = []
        for side, k in (("left_of", p.left_neighbour), ("right_of", p.right_neighbour)):
            r = self.pack.next_rank(x.rank, -k, wrap=bool(wrap and wrap.value)) if k else None
            if r is not None:
                beside.append((side, Card(r, x.suit)))
        if not beside:
            if p.left_neighbour is None and p.right_neighbour is None:
                return Ruling([check(UNKNOWN, "layout", "gaps-need-layout", (x,), sp)], "layout")
            return self.row_start(x, [Assumption("row-edge", (x,))])
        return Ruling([check(LEGAL, self.RULE, "fills-gap", (x,), sp,
                             [Assumption("beside-gap", tuple(c for _, c in beside), "|".join(side for side, _ in beside))])],
                      self.RULE)


register_phrases({
    ("special:gaps", "fills-gap"): lambda c: "a space takes the card beside it by rank and suit",
    ("special:gaps", "wrong-rank"): lambda c: "the space there takes another rank",
    ("special:gaps", "wrong-suit"): lambda c: "the space there takes its neighbour's suit",
    ("special:gaps", "one-side-only"): lambda c: "a space takes a card by its other neighbour only",
    ("layout", "gaps-need-layout"): lambda c: "a space takes a card by its neighbours, which the text does not name",
    ("special:gaps", "starts-row"): lambda c: "a row starts with a base card at its left edge",
}, {"empty-beside": lambda a: f"the place {'right' if a.detail == 'right_of' else 'left'} of {card(a.cards[0])} is empty",
    "beside-gap": lambda a: " or ".join(f"{card(c)} lies {'left' if side == 'left_of' else 'right'} of the space"
                                        for c, side in zip(a.cards, a.detail.split("|"))),
    "row-edge": lambda a: f"the space {card(a.cards[0])} fills is at a row's left edge"})
