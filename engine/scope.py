"""Where a definite verdict's rule does not reach the move: it becomes ``unverifiable``.

Two cases, both false «illegal» verdicts an editor would have printed (TESTER8 §5):

* **a variant's example** — the move lies in a ``variant`` section of its game («Вариант. … пустой ряд
  занимает любая карта. Например: … ♦6 — в пустой ряд»), but the rule that decides it was read from the
  main game's text (outside that section): the variant may change that very rule, so the main game's
  rule does not judge it (what ``in-variant``);
* **a rule read from the move itself** (legal or illegal) — the deciding rule's quoted sentence is the example's own
  sentence holding the move, or (for an illegal one) another sentence of the example's text («Например: шестёрку пик кладут в базу, на неё семёрку пик» read as the
  foundations' direction, then judging «на неё семёрку пик» by it): the verdict would only repeat the
  reading (what ``rule-from-example``).

:func:`scope_verdicts` is applied to every example's verdicts by :func:`pasyans.engine.verify.verify_example`.
A game that segmentation made a variant of its own (``GameText.variant_of``) has its own spec: nothing to do.
"""

from __future__ import annotations

import re

from pasyans.models import Check, Example, GameText, Kind, Verdict

from .reasons import clause, explain

_SPACES = re.compile(r"\s+")
_VARIANT_KINDS = ("variant", "variants", "option")
"""Section kinds of a variant's text (segmentation: a «Вариант.» paragraph, an option under «Варианты»)."""


def _norm(s: str | None) -> str:
    return _SPACES.sub(" ", (s or "").replace("ё", "е").replace("Ё", "Е")).strip().lower()


def variant_section(game: GameText, example: Example):
    """The ``variant`` section of ``game`` that holds the example's first line, or ``None`` (also for a
    game that is itself a variant: its rules are its own)."""
    if game.variant_of is not None:
        return None
    first = example.lines[0]
    return next((s for s in game.sections if s.kind in _VARIANT_KINDS and s.lines[0] <= first <= s.lines[1]), None)


def _outside(lines, section) -> bool:
    return lines is None or not (section.lines[0] <= lines[0] <= section.lines[1])


def _own_sentence(evidence, move) -> bool:
    """Whether the evidence's quote is the sentence holding ``move`` (its raw text inside the quote), for a
    move of a card the text names («на неё семёрку пик»; a rule-like «Пробелы заполняются из колоды» moves
    no named card and may well restate the game's rule)."""
    if not getattr(move, "cards", None):
        return False
    quote, raw = _norm(getattr(evidence, "quote", None)), _norm(getattr(move, "raw", None))
    return len(raw) >= 8 and raw in quote


def _in_example(evidence, example: Example, move) -> bool:
    """Whether the evidence's quote is a sentence of the example's own text (its moves told there:
    «Допустим, что первою открылась дама червей; ее кладут на …» read as a rule of the tableau), for a move
    of a card the text names."""
    if not getattr(move, "cards", None):
        return False
    quote = _norm(getattr(evidence, "quote", None))
    return len(quote) >= 12 and quote in _norm(example.text)


def scope_verdicts(game: GameText, example: Example, verdicts: list[Verdict]) -> list[Verdict]:
    """``verdicts`` (one per ``example.moves``, same order) with each definite one whose deciding rule
    does not reach its move made ``unverifiable`` (see the module text: a variant's example only when
    ``illegal``; a rule read from the move's own sentence either way); the others unchanged."""
    section = variant_section(game, example)
    out = []
    for move, v in zip(example.moves, verdicts):
        d = v.decisive if v.verdict in ("illegal", "legal") and "prohibited" not in move.flags else None
        # (a move the text forbids, found illegal by the text's own words, is what the text says: kept)
        ev = d.evidence if d is not None else None
        what = None
        if d is not None and v.verdict == "illegal" and section is not None and _outside(getattr(ev, "lines", None), section):
            what = "in-variant"
        elif d is not None and ev is not None and (_own_sentence(ev, move) or v.verdict == "illegal" and _in_example(ev, example, move)):
            what = "rule-from-example"   # legal or illegal: the verdict would only repeat the reading
        if what is None:
            out.append(v)
            continue
        detail = {"said": clause(d), "was": v.verdict, "variant": tuple(section.lines) if section is not None else None,
                  "title": section.title if section is not None else None}
        c = Check(Kind.UNVERIFIABLE, v.rule or d.rule, what, d.cards, ev, detail)
        nv = Verdict("unverifiable", "", v.rule or d.rule, list(v.checked), what, [c] + list(v.checks),
                     list(v.assumed), {**v.context, "was": v.verdict})
        nv.reason = explain(nv)
        out.append(nv)
    return out + verdicts[len(out):]
