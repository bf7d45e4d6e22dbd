"""Readings of a whole text beyond its single sentences, and the public entry points for one text.

* :func:`complete_rows` — in the Paganini family the rows are tableau and foundations at once;
* :func:`infer_no_building` — a text that states its goal and names no foundation has none (and no
  tableau building when none is described); a text whose every card-moving sentence sends cards
  to the foundations builds nothing on the tableau;
* :func:`infer_pack_out` — one rank's cards taken out of the pack, counted once the packs are known;
* :func:`infer_cards_per_pile` — when the whole pack is dealt, the cards per pile follow from the
  pack and the piles.

Each such value is ``stated`` with the evidence sentence, its ``ref`` saying it is a reading, and a
``reading-choice`` finding. :func:`extract_rules_with_findings` reads one text; :func:`game_text`
cuts raw lines into a text when the cleaning stage has not run.
"""

from __future__ import annotations

import copy
import re
from typing import Iterable

from pasyans import morph
from pasyans.models import Finding

from .. import nlp
from ..text import MappedText
from .reader import NOTE_MARK, read_text
from .schema import allowed_values, get_field, set_field

_ROW_PAIRS = (("foundations.direction", "tableau.build_direction"), ("foundations.suit", "tableau.build_suit"))


def complete_rows(spec: dict) -> None:
    """In a game of the Paganini or Gaps family (special ``paganini-windows``, ``gaps``), the rows are the tableau
    and the foundations at once: a build direction or suit known for one is set for the other
    (same evidence, ``ref`` saying why) when the schema allows the value there. In place."""
    names = {s["name"] for s in spec.get("special", [])}
    if not names & {"paganini-windows", "paganini-windows-two-sided", "gaps"}:
        return
    for a, b in _ROW_PAIRS:
        for src, dst in ((a, b), (b, a)):
            have, want = get_field(spec, src), get_field(spec, dst)
            enum = allowed_values(dst) or []
            if want["status"] == "unknown" and have["status"] != "unknown" and have["value"] in enum:
                why = "paganini-windows: the rows are both tableau and foundations"
                set_field(spec, dst, dict(copy.deepcopy(have), ref=f"{why}; {src}" + (f"; {have['ref']}" if have["ref"] else ""),
                                     reason=None))


def infer_cards_per_pile(spec: dict, facts: dict, findings: list[Finding] | None = None,
                         source: str | None = None, game: str | None = None) -> None:
    """«… пока не иссякнет колода», «Выложите на стол все карты колоды …»: the whole pack is dealt to
    the tableau, so each of the N piles holds (cards − bases placed before play) / N cards, when that
    divides evenly and ``layout.cards_per_pile`` is still unknown. Evidence: the deal sentence; the
    arithmetic is in ``ref`` and a ``reading-choice`` finding. In place."""
    if not facts.get("whole_pack") or get_field(spec, "layout.cards_per_pile")["status"] != "unknown":
        return
    piles, packs, per = (get_field(spec, p)["value"] for p in ("layout.tableau_piles", "deck.packs", "deck.cards_per_pack"))
    if not (isinstance(piles, int) and isinstance(packs, int) and isinstance(per, int)):
        return
    bases = 4 * packs if get_field(spec, "foundations.preplaced")["value"] is True and \
        get_field(spec, "foundations.base")["value"] in ("A", "K") else 0
    extra = sum(v for v in (get_field(spec, "layout.reserve")["value"],) if isinstance(v, int))
    cards = packs * per - bases - extra
    if cards <= 0 or cards % piles:
        return
    quote, lines = facts["whole_pack"]
    ref = (f"reading: the whole pack is dealt: ({packs}×{per} cards − {bases} bases"
           + (f" − {extra} reserve" if extra else "") + f") / {piles} piles")
    set_field(spec, "layout.cards_per_pile", {"value": cards // piles, "status": "stated", "quote": quote,
                                         "lines": list(lines), "ref": ref, "reason": None})
    if findings is not None:
        findings.append(Finding(source or "?", tuple(lines), "reading-choice",
                                f"layout.cards_per_pile = {cards // piles}: {ref}", quote[:80], game))


def infer_pack_out(spec: dict, facts: dict, findings: list[Finding] | None = None,
                   source: str | None = None, game: str | None = None) -> None:
    """«Восемь дам удаляются из колоды …» read before the packs were known (``facts["pack_out"]``):
    once ``deck.packs`` is known (the text, a reference, the book's section label), the pack holds
    ``52 − cards / packs`` (eight queens of two packs: 48), ``stated`` with the removal sentence, the
    arithmetic in ``ref`` and a ``reading-choice`` finding. Nothing when the packs stay unknown, the
    count does not divide, or the pack size is known already. In place."""
    out = facts.get("pack_out")
    if not out or get_field(spec, "deck.cards_per_pack")["value"] is not None:
        return
    n, quote, lines = out
    packs = get_field(spec, "deck.packs")["value"]
    if not isinstance(packs, int) or packs < 1 or n % packs or not 1 <= n // packs <= 4:
        return
    per = 52 - n // packs
    ref = f"reading: {n} cards of one rank taken out of {packs} pack(s): 52 − {n}/{packs} a pack"
    set_field(spec, "deck.cards_per_pack", {"value": per, "status": "stated", "quote": quote, "lines": list(lines),
                                       "ref": ref, "reason": None})
    if findings is not None:
        findings.append(Finding(source or "?", tuple(lines), "reading-choice",
                                f"deck.cards_per_pack = {per}: {ref}", quote[:80], game))


def infer_no_building(spec: dict, facts: dict, findings: list[Finding] | None = None,
                      source: str | None = None, game: str | None = None) -> None:
    """A game whose text states its goal and never names a foundation has none: foundations base,
    direction and suit become ``none`` (when still unknown), and so do the tableau's build direction
    and suit when nothing is built there either (pairing and counting games: «Пирамида», «Часы»,
    «Блокирующие 11»). The evidence is the goal sentence; ``ref`` says the value is a reading of the
    whole text, and a ``reading-choice`` finding is added to ``findings``. In place."""
    tab = ("tableau.build_direction", "tableau.build_suit")
    only_f = facts.get("only_to_foundations")
    if only_f and all(get_field(spec, f)["status"] == "unknown" for f in tab) and get_field(
            spec, "foundations.base")["value"] not in (None, "none"):
        # «Эти снятые карты … свободны для укладки на базовые», «… верхние карты которых можно
        # перекладывать на базовые»: every sentence that moves cards sends them to the foundations
        (q1, l1), (q2, l2) = only_f[0], only_f[-1]
        quote, lines = f"{q1} … {q2}", [min(l1[0], l2[0]), max(l1[1], l2[1])]
        ref = ("reading: every sentence of the text that moves cards sends them to the foundations; "
               "none builds on the tableau")
        for f in tab:
            set_field(spec, f, {"value": "none", "status": "stated", "quote": quote, "lines": lines,
                           "ref": ref, "reason": None})
        if findings is not None:
            findings.append(Finding(source or "?", tuple(lines), "reading-choice",
                                    f"tableau.build_direction, tableau.build_suit read as none: {ref}", q1[:80], game))
    if not facts.get("goal") or facts.get("foundation_words") or facts.get("goal_into_place"):
        return      # «Переместить все карты в чёрную дыру»: the place the cards end in is a foundation by another name
    if {x["name"] for x in spec.get("special", [])} & {"gaps", "paganini-windows", "paganini-windows-two-sided"}:
        return      # the rows are the foundations (complete_rows)
    fields = ("foundations.base", "foundations.direction", "foundations.suit")
    quote, lines = facts["goal"]
    if not facts.get("rules_beside_goal", 1):
        return      # «Паук. Цель игры: убрать со стола все карты.» and nothing else: a goal names no
                    # structure — absence is read from a text that tells its play, never from a goal alone
    runs_in_layout = _goal_runs_in_layout(spec, fields, tab, quote)
    if not runs_in_layout and any(get_field(spec, f)["status"] != "unknown" for f in fields):
        return
    ref = ("reading: the text states the goal of play and names no foundation anywhere "
           "(no «базовые», «основание», «ряд тузов»)")
    todo = list(fields)
    if runs_in_layout:
        ref += "; the runs of the goal are built in the layout (its build is the tableau's)"
    elif all(get_field(spec, f)["status"] == "unknown" for f in tab):
        todo += tab
        ref += "; nothing is built on the tableau either"
    for f in todo:
        set_field(spec, f, {"value": "none", "status": "stated", "quote": quote, "lines": list(lines),
                       "ref": ref, "reason": None})
    if findings is not None:
        findings.append(Finding(source or "?", tuple(lines), "reading-choice",
                                f"{', '.join(todo)} read as none: {ref}", quote[:80], game))


def _goal_runs_in_layout(spec: dict, fields: tuple, tab: tuple, goal_quote: str) -> bool:
    """«Цель игры — выстроить серии карт одинаковой масти в нисходящей последовательности … от короля
    до туза» in a text naming no foundation: the foundation fields were read from the goal sentence
    alone, and so was the tableau's build — the runs are built in the layout, not on foundations."""
    stated = [get_field(spec, f) for f in fields if get_field(spec, f)["status"] == "stated"]
    build = get_field(spec, tab[0])
    return bool(stated) and all(x["quote"] == goal_quote and not x.get("ref") for x in stated) and \
        build["status"] == "stated" and build["quote"] == goal_quote


def extract_rules_with_findings(text: MappedText, lang: str, source: str | None = None,
                                game: str | None = None) -> tuple[dict, list[Finding]]:
    """The rule spec of one game's text, and the findings of what could not be placed.

    ``text``: the game's cleaned text with its raw-line map; ``lang``: ``"ru"`` or ``"uk"``
    (``ValueError`` otherwise). ``source``/``game`` label the findings. Findings:
    ``unparsed-rule-sentence`` (a rule sentence from which no field was read), ``unassigned-rule-cue``
    (a direction or suit phrase with no pile word near it), ``unread-rule-value`` (a value outside
    the schema), ``not-a-rule`` (advice), ``reading-choice`` (a reading of the whole text).
    """
    if lang not in nlp.LANGUAGES:
        raise ValueError(f"no rule reader for language {lang!r}")
    spec, findings, facts = read_text(text, lang, source, game)
    complete_rows(spec)
    infer_pack_out(spec, facts, findings, source, game)
    infer_no_building(spec, facts, findings, source, game)
    infer_cards_per_pile(spec, facts, findings, source, game)
    return spec, findings


def extract_rules(text: MappedText, lang: str) -> dict:
    """The rule spec (schema 0.3) of one game's text; see :func:`extract_rules_with_findings`."""
    return extract_rules_with_findings(text, lang)[0]


_FURNITURE = re.compile(r"^\s*(\d{1,3}|\w)\s*$")
_HYPHEN = re.compile(r"(\w+)-[ \n]+(\w+)")


def game_text(lines: list[str], spans: Iterable[tuple[int, int]], lang: str = "ru") -> MappedText:
    """The raw lines ``spans`` (1-based inclusive) of a source as one :class:`MappedText`.

    A minimal cleaning for reading rules when the cleaning stage has not run: lines that are a
    bare page number or a single letter (the book's vertical side labels) are skipped, and a word
    broken at a line end («тринадца-\\nтью») is joined when pymorphy3 knows the joined word (else
    only the line break is dropped: «какого-\\nлибо» → «какого-либо»).
    """
    parts = []
    for a, b in spans:
        for n in range(a, b + 1):
            s = lines[n - 1]
            if _FURNITURE.match(s):
                continue
            parts.append(MappedText.from_lines([s], n))
    mt = MappedText.concat(parts, "\n") if parts else MappedText("", [], [])
    return join_line_hyphens(mt, lang)


_NOTE_MARK = re.compile(rf"(?<=[^\W\d_]){NOTE_MARK}(?=[\s.,;:!?»)]|$)")


def drop_note_marks(mt: MappedText) -> MappedText:
    """Footnote marks after a word («колодой*).», «звѣздою**)», «масти¹») removed, so that the mark's
    bracket breaks no clause and no word (the footnote itself is read as a variant: reader._FOOTNOTE)."""
    for m in reversed(list(_NOTE_MARK.finditer(mt.text))):
        mt = mt.edit(m.start(), m.end(), "")
    return mt


def join_line_hyphens(mt: MappedText, lang: str = "ru") -> MappedText:
    """A word broken at a raw line end — «тринадца-\\nтью», or «по- рядке» when the lines were joined
    with a space (an added text's paragraph) — joined when pymorphy3 knows the joined word; else only
    the break is dropped («какого-\\nлибо» → «какого-либо»). Only where the two halves come from
    different raw lines and the right half starts in lower case (a printed hyphen inside one line stays)."""
    for m in reversed(list(_HYPHEN.finditer(mt.text))):
        left, right = m.group(1), m.group(2)
        if not right[0].islower() or mt.line[m.start(1)] == mt.line[m.start(2)]:
            continue
        hy = m.end(1)
        if morph.is_known(nlp.fold(left + right, lang), lang):
            mt = mt.edit(hy, m.start(2), "")
        else:
            mt = mt.edit(hy + 1, m.start(2), "")
    return mt


