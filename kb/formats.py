"""Exports of one game's rules: a readable Markdown page.

* :func:`to_markdown` — one page per game (an entry of ``export_json()["games"]``): names,
  source lines, every field of the rule spec in the spec's terms with its evidence (quote and
  raw lines, the inherited-from reference, or why it is unknown), special rules, conflicts,
  and a count of the example moves by verdict.
* Solvitaire's rule files are written by :mod:`pasyans.kb.solvitaire` (``to_solvitaire``,
  ``to_solvitaire_with_notes`` and ``NotExpressible`` are importable from here too).
"""

from __future__ import annotations

from typing import Any

from ..spec import get_field

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
# Written by pasyans.kb.solvitaire; these names stay importable from here.

from .solvitaire import NotExpressible, export_game, to_solvitaire, to_solvitaire_with_notes  # noqa: E402,F401
