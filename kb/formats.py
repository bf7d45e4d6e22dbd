"""Exports of one game's rules: a readable Markdown page, and Solvitaire's rule JSON.

* :func:`to_markdown` — one page per game (an entry of ``export_json()["games"]``): names,
  source lines, every field of the rule spec in the spec's terms with its evidence (quote and
  raw lines, the inherited-from reference, or why it is unknown), special rules, conflicts,
  and a count of the example moves by verdict.
* :func:`to_solvitaire` — the rule JSON of the solver Solvitaire (Blake & Gent; the rules-file
  format its ``--rules`` option reads: ``tableau piles`` {count, build policy, spaces policy,
  move built group, move built group policy, diagonal deal, face up cards}, ``foundations``
  {present, initial cards, base card, removable, only complete pile moves}, ``hole``
  {present, base card, build loops}, ``cells`` {count, pre-filled}, ``stock`` {size, deal type,
  deal count, redeal}, ``reserve`` {size, stacked}, ``accordion`` {size, moves, build
  policies}, ``sequences`` {count, direction, build policy, fixed suit}, ``max rank``,
  ``two decks``). A spec Solvitaire cannot express — a value outside its rules, or an unknown
  field it would need — raises :class:`NotExpressible` listing every reason.

Solvitaire fills keys missing from a rules file with its defaults. This export never relies on
that for a rule the text leaves open: every key it writes is written explicitly, and where the
text's silence is read as «no such rule» (no jokers, no cells, no reserve, foundations not
playable back, base cards not pre-placed, cards dealt face up), :func:`to_solvitaire_with_notes`
says so in its notes.
"""

from __future__ import annotations

from typing import Any

from ..spec import get_field

SOLVITAIRE_BUILD = {"any-suit": "any-suit", "alternate-color": "red-black", "same-suit": "same-suit",
                    "none": "no-build"}
"""Our ``tableau.build_suit`` → Solvitaire's ``build policy`` (it always builds down)."""

SOLVITAIRE_SPACES = {"any": "any", "kings": "kings", "not-filled": "no-build"}
"""Our ``tableau.space`` → Solvitaire's ``spaces policy``."""

SOLVITAIRE_MOVE = {"one-card": ("no", None), "any-sequence": ("yes", None),
                   "same-suit-sequence": ("yes", "same-suit"), "whole-pile": ("whole-pile", None)}
"""Our ``tableau.move`` → Solvitaire's (``move built group``, ``move built group policy``)."""

RANK_LETTERS = "A23456789TJQK"


class NotExpressible(ValueError):
    """The spec cannot be written as a Solvitaire rules file; ``reasons`` says why (one per problem)."""

    def __init__(self, reasons: list[str]):
        super().__init__("; ".join(reasons))
        self.reasons = reasons


# -- reading the spec --------------------------------------------------------------------------

def _value(spec: dict, path: str) -> Any:
    return get_field(spec, path).get("value")


def _lines_text(lines) -> str:
    if not lines:
        return ""
    a, b = lines
    return f"line {a}" if a == b else f"lines {a}–{b}"


# -- Markdown ------------------------------------------------------------------------------------

SECTIONS = [
    ("Deck", "deck", {"packs": "packs", "cards_per_pack": "cards per pack", "jokers": "jokers"}),
    ("Layout", "layout", {"tableau_piles": "tableau piles", "cards_per_pile": "cards per pile",
                          "face": "cards face", "reserve": "reserve", "cells": "cells"}),
    ("Foundations", "foundations", {"base": "base card", "direction": "direction", "suit": "suit",
                                    "step": "rank step", "wrap": "king–ace wrap",
                                    "preplaced": "bases placed before play",
                                    "removable": "cards may leave a foundation",
                                    "complete_sequences": "only complete sequences leave the tableau"}),
    ("Tableau", "tableau", {"build_direction": "build direction", "build_suit": "build suit",
                            "move": "what moves", "space": "a space is filled with", "wrap": "king–ace wrap"}),
    ("Waste", "waste", {"build_direction": "build direction", "build_suit": "build suit", "wrap": "king–ace wrap"}),
    ("Stock", "stock", {"deal": "deal", "deal_to": "dealt to", "redeals": "redeals"}),
]

_WORDS = {"alternate-color": "alternate colour", "same-color": "same colour", "any-suit": "any suit",
          "same-suit": "same suit", "rank-only": "rank only", "one-card": "one card at a time",
          "any-sequence": "any built sequence", "same-suit-sequence": "a same-suit sequence",
          "whole-pile": "the whole pile", "kings": "kings only", "not-filled": "not filled",
          "from-stock": "a stock card", "from-waste": "the waste's top card",
          "from-reserve": "the reserve's top card", "from-waste-or-stock": "the waste or the stock",
          "any-or-reserve": "any card or the reserve", "any": "any card", "any-first": "the rank of the first card played",
          "mixed": "a different rank per foundation (see special rules)", "A+K": "aces and kings",
          "none": "none", "other": "see special rules", "either": "up or down", "both": "aces up, kings down"}


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and value in _WORDS:
        return _WORDS[value]
    return str(value)


def _evidence(f: dict) -> str:
    status = f.get("status")
    if status == "unknown":
        why = f.get("reason") or "the text does not say"
        return f"*unknown* — {why}"
    quote = f.get("quote")
    where = _lines_text(f.get("lines"))
    text = f"«{quote}» ({where})" if quote else ""
    if status == "inherited":
        ref = f.get("ref") or "another text"
        return f"inherited from {ref}" + (f": {text}" if text else "")
    note = f" [{f['ref']}]" if f.get("ref") else ""
    return f"{text}{note}"


def to_markdown(game_export: dict) -> str:
    """One Markdown page for one game of the export (an item of ``export_json(conn)["games"]``).

    Shape: a title with the name and key; source, raw lines, printed page, parent, numbered rules
    used and other names; then each section of the rule spec (Deck, Layout, Foundations,
    Tableau, Waste, Stock, Goal) as «field: value — evidence», special rules and conflicts
    with their quotes and raw lines; then the examples' move verdict counts. A game without a
    rule spec (``rules`` empty) says so. Pure function: no I/O; raises nothing for missing keys.
    """
    g = game_export
    name = g.get("name") or g.get("printed_name") or "(no title)"
    out = [f"# {name} ({g.get('id', '?')})", ""]
    lines = ", ".join(_lines_text(s) for s in g.get("lines") or [])
    facts = [f"source {g.get('source', '?')}, {lines}" if lines else f"source {g.get('source', '?')}"]
    if g.get("page"):
        facts.append(f"page {g['page']}")
    if g.get("printed_name") and g.get("printed_name") != name:
        facts.append(f"printed as «{g['printed_name']}»")
    if g.get("variant_of"):
        facts.append(f"variant of {g['variant_of']}")
    if g.get("rules_used"):
        facts.append("numbered rules used: " + ", ".join(g["rules_used"]))
    if g.get("fragment"):
        facts.append("fragment")
    out.append(" · ".join(facts))
    aliases = [a for a in g.get("aliases") or [] if a.get("name")]
    if aliases:
        out.append("")
        out.append("Other names: " + ", ".join(f"«{a['name']}» ({_lines_text(a.get('lines'))})" for a in aliases))
    spec = g.get("rules") or {}
    out.append("")
    out.append("## Rules")
    if not spec:
        out.append("")
        out.append("No rule spec was read for this game.")
    else:
        if spec.get("schema_version"):
            out.append(f"(rule spec {spec['schema_version']})")
        last = None
        for title, key, fields in SECTIONS:
            if key not in spec:
                continue
            out.append("")
            out.append(f"### {title}")
            for fk, label in fields.items():
                f = get_field(spec, f"{key}.{fk}")
                value = _show(f["value"]) if f.get("status") != "unknown" else "?"
                said = (f.get("status"), f.get("quote"), tuple(f.get("lines") or ()), f.get("ref"))
                if f.get("quote") and said == last:
                    out.append(f"- **{label}**: {value} — same sentence ({_lines_text(f.get('lines'))})")
                else:
                    out.append(f"- **{label}**: {value} — {_evidence(f)}")
                last = said if f.get("quote") else None
        goal = get_field(spec, "goal")
        out.append("")
        out.append("### Goal")
        out.append(f"- {_evidence(goal)}" if goal.get("status") == "unknown" else
                   f"- {goal['value']} ({_lines_text(goal.get('lines'))})")
        specials = spec.get("special") or []
        if specials:
            out.append("")
            out.append("### Special rules")
            for s in specials:
                ref = f" [{s['ref']}]" if s.get("ref") else ""
                out.append(f"- **{s['name']}**: {s['description']} — «{s['quote']}» ({_lines_text(s['lines'])}){ref}")
        conflicts = spec.get("conflicts") or []
        if conflicts:
            out.append("")
            out.append("### Conflicts in the text")
            for c in conflicts:
                both = " vs ".join(f"«{q}» ({_lines_text(ln)})" for q, ln in zip(c["quotes"], c["lines"]))
                out.append(f"- **{c['field']}**: {both}")
    examples = g.get("examples") or []
    if examples:
        counts: dict[str, int] = {}
        for ex in examples:
            for m in ex.get("moves") or []:
                counts[m.get("verdict", "?")] = counts.get(m.get("verdict", "?"), 0) + 1
        out.append("")
        out.append("## Examples")
        moves = sum(counts.values())
        summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        out.append(f"{len(examples)} example(s), {moves} move(s)" + (f": {summary}" if summary else ""))
        for ex in examples:
            out.append(f"- {_lines_text(ex.get('lines'))}: {len(ex.get('moves') or [])} move(s)")
    return "\n".join(out) + "\n"


# -- Solvitaire ----------------------------------------------------------------------------------

def _cards_per_pile(value: Any, piles: int) -> list[int] | None:
    if isinstance(value, int):
        return [value] * piles
    if isinstance(value, str):
        try:
            counts = [int(x) for x in value.split(",")]
        except ValueError:
            return None
        return counts if len(counts) == piles else None
    return None


def _diagonal(piles: int, total: int) -> list[int]:
    """Pile sizes of a diagonal (Klondike-shaped) deal of ``total`` cards on ``piles`` piles:
    row r puts one card on each of the piles r … piles−1 until the cards run out."""
    counts = [0] * piles
    left, r = total, 0
    while left > 0:
        start = min(r, piles - 1) if r < piles else 0
        for i in range(start, piles):
            if left == 0:
                break
            counts[i] += 1
            left -= 1
        r += 1
    return counts


def to_solvitaire(spec: dict) -> dict:
    """The Solvitaire rules JSON (a dict) for a rule spec; see :func:`to_solvitaire_with_notes`.

    Raises :class:`NotExpressible` (with ``reasons``) when the spec cannot be expressed.
    """
    return to_solvitaire_with_notes(spec)[0]


def to_solvitaire_with_notes(spec: dict) -> tuple[dict, list[str]]:
    """(Solvitaire rules dict, notes) for a rule spec of ``pasyans/data/rules.schema.json``.

    Expressible: one or two 52-card packs without jokers; tableau built down by suit policy
    (any suit, alternate colour, same suit) or not at all; spaces any/kings/not filled; one card,
    sequences, same-suit sequences or whole piles moving; foundations from one rank (or the
    first card's rank: ``base card`` random, one dealt) built up by one in suit, or none with a
    hole (a waste built up or down regardless of suit, «Гольф»), an accordion or Gaps-type rows
    (special ``paganini-windows`` with one pack and no redeal); cells; a stock dealt to the waste
    or the tableau with no redeal or unlimited redeals. The stock size is what the deal leaves.

    Raises :class:`NotExpressible` listing every field that is unknown but needed, or whose
    value Solvitaire has no rule for (e.g. 36-card packs: its ``max rank`` strips high ranks,
    the texts strip low ones; a finite number of redeals; foundations built down).
    Notes list the fields whose silence was read as «no such rule».
    """
    reasons: list[str] = []
    notes: list[str] = []
    out: dict[str, Any] = {}

    def need(path: str) -> Any:
        f = get_field(spec, path)
        if f.get("status") == "unknown" or f.get("value") is None:
            reasons.append(f"{path} is unknown ({f.get('reason') or 'the text does not say'})")
            return None
        return f["value"]

    def absent(path: str, default: Any, meaning: str) -> Any:
        f = get_field(spec, path)
        if f.get("status") == "unknown" or f.get("value") is None:
            notes.append(f"{path} not stated: read as {meaning}")
            return default
        return f["value"]

    specials = {s["name"]: s for s in spec.get("special") or []}
    packs, per_pack = need("deck.packs"), need("deck.cards_per_pack")
    jokers = absent("deck.jokers", 0, "no jokers")
    if packs is not None and packs not in (1, 2):
        reasons.append(f"deck.packs = {packs}: Solvitaire plays one or two packs")
    if per_pack is not None and per_pack != 52:
        reasons.append(f"deck.cards_per_pack = {per_pack}: the text strips low ranks; Solvitaire's «max rank» "
                       f"strips high ones")
    if jokers:
        reasons.append(f"deck.jokers = {jokers}: Solvitaire has no jokers")
    out["two decks"] = packs == 2
    out["max rank"] = 13
    total = (packs or 0) * (per_pack or 0)

    # solution type: foundations, hole, accordion, sequences (Gaps)
    base = _value(spec, "foundations.base")
    hole = (base == "none" and _value(spec, "waste.build_direction") == "either"
            and _value(spec, "waste.build_suit") in ("any-suit", "rank-only"))
    windows = specials.get("paganini-windows")
    accordion = specials.get("accordion")
    if windows is not None or "paganini-windows-two-sided" in specials:
        _gaps(spec, specials, out, reasons, packs)
        return _done(out, notes, reasons)
    if accordion is not None:
        params = accordion.get("params") or {}
        out["foundations"] = {"present": False}
        out["tableau piles"] = {"count": 0}
        out["accordion"] = {"size": total or 52, "moves": params.get("moves", []),
                            "build policies": params.get("build policies", [])}
        if not params.get("moves") or not params.get("build policies"):
            reasons.append("special accordion: its moves or matching policies were not read")
        return _done(out, notes, reasons)

    foundations: dict[str, Any] = {}
    if hole:
        wrap = absent("waste.wrap", False, "no king–ace wrap on the waste")
        out["foundations"] = {"present": False}
        out["hole"] = {"present": True, "base card": "random", "build loops": bool(wrap)}
        notes.append("hole: Solvitaire starts the hole with one stock card (the text's first card under the hand)")
    else:
        base = need("foundations.base")
        if base == "none" and "sequences-in-layout" in specials:
            # the book keeps the finished sequences in the layout; Solvitaire removes each complete
            # sequence to a foundation («only complete pile moves»): the same deals are won
            out["foundations"] = {"present": True, "initial cards": "none", "base card": "A",
                                  "removable": False, "only complete pile moves": True}
            notes.append("sequences-in-layout: Solvitaire removes each complete king-to-ace sequence to a "
                         "foundation; the text leaves it in the layout (the same deals are won)")
        elif base == "none":
            reasons.append("foundations.base = none and no hole, accordion or Gaps rows: Solvitaire needs one of them")
        elif base is not None:
            direction, suit, step = need("foundations.direction"), need("foundations.suit"), need("foundations.step")
            if direction is not None and direction != "up":
                reasons.append(f"foundations.direction = {direction}: Solvitaire builds foundations up")
            if suit is not None and suit != "same-suit":
                reasons.append(f"foundations.suit = {suit}: Solvitaire builds foundations in suit")
            if step is not None and step != 1:
                reasons.append(f"foundations.step = {step}: Solvitaire builds by one")
            if absent("foundations.wrap", False, "no king–ace wrap on the foundations"):
                reasons.append("foundations.wrap = true: Solvitaire has no wrap on foundations")
            preplaced = absent("foundations.preplaced", False, "base cards not placed before play")
            if base in RANK_LETTERS and len(base) == 1:
                foundations = {"present": True, "initial cards": "all" if preplaced else "none", "base card": base}
            elif base == "any-first":
                foundations = {"present": True, "initial cards": "one", "base card": "random"}
            else:
                reasons.append(f"foundations.base = {base}: Solvitaire starts every foundation with one rank")
            foundations["removable"] = bool(absent("foundations.removable", False, "cards do not leave a foundation"))
            foundations["only complete pile moves"] = bool(
                absent("foundations.complete_sequences", False, "single cards go to the foundations"))
            out["foundations"] = foundations
        out["hole"] = {"present": False}

    # tableau
    piles = need("layout.tableau_piles")
    tableau: dict[str, Any] = {"count": piles or 0}
    build_dir, build_suit = need("tableau.build_direction"), need("tableau.build_suit")
    no_build = build_dir == "none" or build_suit == "none"
    if build_dir is not None and build_dir not in ("down", "none"):
        reasons.append(f"tableau.build_direction = {build_dir}: Solvitaire builds the tableau down")
    if build_suit is not None:
        policy = "no-build" if no_build else SOLVITAIRE_BUILD.get(build_suit)
        if policy is None:
            reasons.append(f"tableau.build_suit = {build_suit}: no Solvitaire build policy")
        tableau["build policy"] = policy
    if absent("tableau.wrap", False, "no king–ace wrap on the tableau"):
        reasons.append("tableau.wrap = true: Solvitaire has no wrap on the tableau")
    if not no_build:
        space = need("tableau.space")
        if space is not None:
            if space not in SOLVITAIRE_SPACES:
                reasons.append(f"tableau.space = {space}: no Solvitaire spaces policy for it")
            tableau["spaces policy"] = SOLVITAIRE_SPACES.get(space)
        move = need("tableau.move")
        if move is not None:
            group, policy = SOLVITAIRE_MOVE.get(move, (None, None))
            tableau["move built group"] = group
            tableau["move built group policy"] = policy or "same-as-build"
    else:
        space = _value(spec, "tableau.space")
        if space is None:
            notes.append("tableau.space not stated: nothing is built on the tableau, so a space takes nothing "
                         "(spaces policy no-build)")
        tableau["spaces policy"] = SOLVITAIRE_SPACES.get(space, "no-build") if space else "no-build"
        tableau["move built group"] = "no"
    face = absent("layout.face", "up", "cards dealt face up")
    if face == "down":
        reasons.append("layout.face = down: Solvitaire deals the top cards face up")
    tableau["face up cards"] = "top" if face == "mixed" else "all"

    # what the deal holds
    cells = absent("layout.cells", 0, "no cells")
    reserve = absent("layout.reserve", 0, "no reserve")
    if not isinstance(reserve, int):
        reasons.append(f"layout.reserve = {reserve!r}: not a number of cards")
        reserve = 0
    out["cells"] = {"count": cells or 0, "pre-filled": 0}
    out["reserve"] = {"size": reserve, "stacked": False}
    if reserve:
        reasons.append("layout.reserve: whether only its top card plays (Solvitaire «stacked») is not read")
    per_pile = _cards_per_pile(_value(spec, "layout.cards_per_pile"), piles) if piles else None
    tableau["diagonal deal"] = False
    stock_size = None
    if piles and per_pile is None:
        reasons.append("layout.cards_per_pile is unknown or not one number per pile: the stock size cannot be worked out")
    elif piles and per_pile:
        dealt = sum(per_pile)
        if len(set(per_pile)) > 1:
            if sorted(per_pile) == sorted(_diagonal(piles, dealt)):
                tableau["diagonal deal"] = True
            else:
                reasons.append(f"layout.cards_per_pile = {_value(spec, 'layout.cards_per_pile')}: "
                               f"neither an even nor a diagonal deal")
        preplaced = 4 * (packs or 1) if foundations.get("initial cards") == "all" else (
            1 if foundations.get("initial cards") == "one" else 0)
        stock_size = total - dealt - preplaced - reserve - (1 if hole else 0)
        if stock_size < 0:
            reasons.append(f"the deal ({dealt} tableau cards, {preplaced} bases, {reserve} reserve) exceeds "
                           f"the {total} cards of the pack(s)")
            stock_size = None
    out["tableau piles"] = tableau
    stock: dict[str, Any] = {"size": stock_size or 0}
    if stock_size:
        deal_to = need("stock.deal_to")
        stock["deal type"] = "hole" if hole else {"waste": "waste", "tableau": "tableau piles"}.get(deal_to)
        if deal_to == "reserve":
            reasons.append("stock.deal_to = reserve: Solvitaire deals to the waste, the tableau or the hole")
        deal = _value(spec, "stock.deal")
        count = 1
        if isinstance(deal, str) and deal.split()[0].isdigit():
            count = int(deal.split()[0])
        elif deal is None and deal_to == "waste":
            reasons.append("stock.deal is unknown: how many cards go to the waste at a time")
        stock["deal count"] = count
        redeals = need("stock.redeals")
        if redeals is not None and redeals not in (0, "unlimited"):
            reasons.append(f"stock.redeals = {redeals}: Solvitaire allows no redeal or unlimited redeals")
        stock["redeal"] = redeals == "unlimited"
    out["stock"] = stock
    return _done(out, notes, reasons)


def _gaps(spec: dict, specials: dict, out: dict, reasons: list[str], packs: Any) -> None:
    """Gaps-type rows (000 «Паганіні» family) → Solvitaire ``sequences``."""
    if "paganini-windows-two-sided" in specials:
        reasons.append("special paganini-windows-two-sided: a window taking a card one below its right "
                       "neighbour has no Solvitaire rule")
    rows = get_field(spec, "layout.tableau_piles").get("value")
    if rows is None:
        reasons.append("layout.tableau_piles (the rows) is unknown")
    if packs != 1:
        reasons.append(f"deck.packs = {packs}: Solvitaire's Gaps rows hold one pack")
    redeals = get_field(spec, "stock.redeals").get("value")
    if redeals not in (0,):
        reasons.append(f"stock.redeals = {redeals}: Solvitaire's Gaps has no reshuffle")
    out["foundations"] = {"present": False}
    out["tableau piles"] = {"count": 0}
    out["sequences"] = {"count": rows or 0, "direction": "L", "build policy": "same-suit", "fixed suit": False}


def _done(out: dict, notes: list[str], reasons: list[str]) -> tuple[dict, list[str]]:
    if reasons:
        raise NotExpressible(reasons)
    return out, notes
