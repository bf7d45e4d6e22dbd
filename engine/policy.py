"""The rule spec's suit policies as one relation between two cards, shared by the partial checker
(:mod:`pasyans.engine.partial`) and the full-state engine (:mod:`pasyans.engine.state`)."""

from __future__ import annotations

from pasyans.cards import Card

ANY_SUIT = ("any-suit", "any", "rank-only")
"""Policies under which any card may go on any other (only the rank matters)."""

SUIT_POLICIES = ("same-suit", "alternate-color", "same-color")
"""Policies that compare the two cards' suits or colours."""


def suit_fits(policy: str, x: Card, y: Card) -> bool | None:
    """Whether ``x`` may go on ``y`` under the suit ``policy`` of the rule spec
    (``tableau.build_suit``, ``foundations.suit``, ``waste.build_suit``).

    ``None`` for a policy the engine does not know; a card with no suit («на десятку») fits any
    policy (the caller records that assumption). Follows the schema's enum in
    ``pasyans/data/rules.schema.json``.
    """
    if policy in ANY_SUIT:
        return True
    if policy not in SUIT_POLICIES:
        return None
    if x.suit is None or y.suit is None:
        return True
    return {"same-suit": x.suit == y.suit, "alternate-color": x.color != y.color,
            "same-color": x.color == y.color}[policy]
