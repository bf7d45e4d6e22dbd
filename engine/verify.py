"""Entry point of the engine: a verdict for every move of a worked example.

:func:`verify_example` chooses the checker:

* **full replay** (:mod:`pasyans.engine.paganini`) when the example prints its layout
  (``example.layout``) and the game is of the Paganini family. The family is recognised by the
  rules spec — a ``special`` entry whose name starts with ``"paganini"`` (``"paganini-windows"``)
  — or, when the spec does not say, by the source: every game of source ``000`` (the article on
  the Paganini family) is one of its variants.
* a Paganini-family example without a layout: every move ``unverifiable`` (rule ``"layout"``),
  since its moves name rows and windows;
* otherwise the **partial-knowledge checker** (:mod:`pasyans.engine.partial`), with the
  per-game plug-ins the spec's ``special`` list names (:mod:`pasyans.engine.plugins`: accordion,
  pairs, cards taken out of play, named base cards, orders listed for the bases, gaps).

The Paganini variant is read from the game and the layout: rule 5 (``"5"`` in
``game.rules_used``, or a move «ПА6 - 6-й ряд» to a row start, or an empty ace column with aces
in the rows) means aces come in one at a time (variant Б); an ace column full of aces is rule 2
(variant А); ``"9"`` in ``rules_used`` adds rule 9 (a window also takes the card one below its right
neighbour). The text's statements after a move that nothing more can be moved («Більше
перекладати нічого», «Знову утворилися глухі вікна») are found with a spaCy Matcher on
pymorphy3 lemmas and checked by the replay.

No verdict is ever missing: an exception inside a check turns every move of the example into an
``unverifiable`` verdict carrying the error text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from pasyans.models import Example, Finding, GameText, Move, Verdict

from . import paganini as pg
from pasyans.spec import RuleSpec

from .judge import check_moves

PAGANINI_SOURCE = "000"
"""The source whose games are all of the Paganini family (the article «Паганіні»)."""


@dataclass
class Verification:
    """The verdicts of one example (one per move, in order), the findings of the check, and the
    full replay when one was made."""

    verdicts: list[Verdict]
    findings: list[Finding] = field(default_factory=list)
    replay: pg.ReplayResult | None = None
    checker: str = "partial"


def is_paganini(game: GameText, rules: dict | None) -> bool:
    """Whether ``game`` is of the Paganini family: a ``special`` rule named ``paganini…`` in its
    spec, else its source is :data:`PAGANINI_SOURCE`."""
    for sp in RuleSpec.from_json(rules).special:
        if sp.name.lower().startswith("paganini"):
            return True
    return game.source == PAGANINI_SOURCE


def paganini_variant(game: GameText, example: Example, rules: dict | None) -> pg.Variant:
    """The :class:`~pasyans.engine.paganini.Variant` for ``example`` (see the module text).

    Raises ``ValueError`` when the layout's rows fit no known row length (13 or 9 slots, with or
    without the ace column).
    """
    layout = example.layout or []
    lengths = {len(r) for r in layout}
    if len(lengths) != 1:
        raise ValueError(f"layout rows differ in length: {sorted(lengths)}")
    n = lengths.pop()
    spec = RuleSpec.from_json(rules)
    per_pack = spec.known("deck.cards_per_pack")
    wanted = 9 if per_pack is not None and per_pack.value == 36 else 13 if per_pack is not None else None
    heads = [r[0] for r in layout]
    head_ok = all(h is None or h.is_ace for h in heads)
    if wanted is not None and n in (wanted, wanted + 1):
        slots = wanted
    elif n in (14, 10) and head_ok:
        slots = n - 1
    elif n in (13, 9):
        slots = n
    else:
        raise ValueError(f"layout rows of {n} cells fit no Paganini row length")
    has_column = n == slots + 1
    used = {str(r).strip() for r in (game.rules_used or [])}
    rule5 = ("5" in used or any(m.to and m.to.startswith("row:") for m in example.moves)
             or (has_column and all(h is None for h in heads)) or not has_column)
    if "2" in used and "5" not in used:
        rule5 = False
    fill = "left-up-or-right-down" if "9" in used else "left-up"
    packs_f = spec.known("deck.packs")
    if packs_f is not None and isinstance(packs_f.value, int):
        packs = packs_f.value
    else:
        cards = sum(1 for r in layout for c in r if c is not None)
        packs = max(1, round(cards / (4 * slots)))
    name = "Б" if rule5 else "А"
    return pg.Variant(name, aces_in_layout=rule5, fill=fill, slots=slots, packs=packs)


# -- the text's claims about the state -------------------------------------------------------------

_STUCK_PATTERNS = {
    "uk": [[{"LEMMA": "більше"}, {"LEMMA": "перекладати"}, {"LEMMA": "ніщо"}],
           [{"LEMMA": "глухий"}, {"LEMMA": "вікно"}]],
    "ru": [[{"LEMMA": {"IN": ["больше", "большой"]}}, {"LEMMA": "перекладывать"}, {"LEMMA": "нечего"}],
           [{"LEMMA": "глухой"}, {"LEMMA": "окно"}]],
}


@lru_cache(maxsize=2)
def _matcher(lang: str):
    import spacy
    from spacy.matcher import Matcher

    nlp = spacy.blank(lang)
    m = Matcher(nlp.vocab)
    m.add("STUCK", _STUCK_PATTERNS[lang])
    return nlp, m


def _says_stuck(text: str, lang: str) -> bool:
    from pasyans.morph import lemma

    if lang not in _STUCK_PATTERNS or not text.strip():
        return False
    nlp, matcher = _matcher(lang)
    doc = nlp(text)
    for t in doc:
        t.lemma_ = lemma(t.text, lang) if t.is_alpha else t.text
    return bool(matcher(doc))


def _raw_pattern(raw: str) -> re.Pattern:
    parts = [re.escape(ch) for ch in raw if not ch.isspace()]
    return re.compile(r"\s*".join(parts))


def _language(text: str) -> str:
    """``"uk"`` when the text has Ukrainian letters (і ї є ґ) and none of ы э ъ, else ``"ru"``
    (pre-reform Russian also writes і, but keeps ы and ъ)."""
    low = text.lower()
    if any(ch in low for ch in "ыэъ"):
        return "ru"
    return "uk" if any(ch in low for ch in "іїєґ") else "ru"


def stuck_claims(example: Example, lang: str = "uk") -> dict[int, str]:
    """0-based move index → ``"stuck"`` where the example's text, between that move and the next,
    says no window can be filled («Більше перекладати нічого», «глухі вікна»; Russian «больше
    перекладывать нечего», «глухие окна»). Moves whose printed text is not found are skipped."""
    text = example.text or ""
    spans: list[tuple[int, int] | None] = []
    pos = 0
    for m in example.moves:
        hit = _raw_pattern(m.raw).search(text, pos) if m.raw else None
        spans.append((hit.start(), hit.end()) if hit else None)
        if hit:
            pos = hit.end()
    claims: dict[int, str] = {}
    for i, sp in enumerate(spans):
        if sp is None:
            continue
        nxt = next((s[0] for s in spans[i + 1:] if s is not None), len(text))
        if _says_stuck(text[sp[1]:nxt], lang):
            claims[i] = "stuck"
    return claims


def _undecided_of(example: Example):
    """Undecided layout cells the layout reader left with the example (``example.layout_reading``
    with an ``undecided`` list of cells having ``row``, ``col`` (0 = ace column) and ``candidates``),
    or ``example.layout_undecided`` (anything :func:`~pasyans.engine.paganini.as_undecided` takes)."""
    direct = getattr(example, "layout_undecided", None)
    if direct:
        return pg.as_undecided(direct)
    reading = getattr(example, "layout_reading", None)
    for name in ("undecided", "uncertain", "ambiguous"):
        items = getattr(reading, name, None) if reading is not None else None
        if items:
            return pg.as_undecided(items)
    return []


# -- the entry point -------------------------------------------------------------------------------

def verify_example_full(game: GameText, example: Example, rules: dict | None) -> Verification:
    """Verdicts and findings for ``example`` (see the module text). Never raises for a bad example:
    an exception becomes ``unverifiable`` verdicts with the error text and an ``"engine-error"`` finding."""
    moves = list(example.moves)
    try:
        if is_paganini(game, rules):
            if example.layout:
                return _full(game, example, rules, moves)
            why = ("a Paganini move names rows and windows: it needs the example's layout, which is not set "
                   "(for variant Б it is the variant-А table with the windows filled by the aces the text names)")
            return Verification([Verdict("unverifiable", why, "layout", []) for _ in moves], checker="paganini-no-layout")
        return Verification(check_moves(moves, rules), checker="partial")
    except Exception as e:  # noqa: BLE001 — any failure must still give one verdict per move
        msg = f"engine error: {type(e).__name__}: {e}"
        f = Finding(game.source, example.lines, "engine-error", msg, game=game.key)
        return Verification([Verdict("unverifiable", msg, "engine", []) for _ in moves], [f], checker="error")


def verify_example(game: GameText, example: Example, rules: dict | None) -> list[Verdict]:
    """One :class:`~pasyans.models.Verdict` per ``example.moves`` (same order).

    The findings of the check (layout cells settled by replay, proposed readings of impossible
    moves, claims of the text that fail, engine errors) are appended to ``example.findings``
    (each at most once, so calling twice adds nothing).
    """
    result = verify_example_full(game, example, rules)
    for f in result.findings:
        if f not in example.findings:
            example.findings.append(f)
    return result.verdicts


def _full(game: GameText, example: Example, rules: dict | None, moves: list[Move]) -> Verification:
    variant = paganini_variant(game, example, rules)
    lang = _language(example.text or "")
    claims = stuck_claims(example, lang)
    res = pg.replay_full(example.layout, moves, variant, undecided=_undecided_of(example), claims=claims)
    src, key = game.source, game.key
    layout_lines = example.layout_lines or example.lines
    findings: list[Finding] = []
    for r in res.resolutions:
        first = layout_lines[0] + r.cells[0][0] - 1 if example.layout_lines else layout_lines[0]
        findings.append(Finding(src, (first, first), "ocr-resolved" if r.decided else "ocr-undecided", r.reason,
                                token=r.printed, game=key))
    for c in res.corrections:
        findings.append(Finding(src, moves[c.index].lines, "move-correction", f"{c.printed}: {c.reason}",
                                token=c.printed, game=key))
    for ch in res.claim_checks:
        if not ch.holds:
            findings.append(Finding(src, moves[ch.index].lines, "claim-contradicted",
                                    f"after move {ch.index + 1} ({moves[ch.index].raw!r}) the text says no window can be "
                                    f"filled, but as printed {ch.detail}", game=key))
    for text in res.choices:
        findings.append(Finding(src, example.lines, "ambiguous-notation", text, game=key))
    for note in res.layout_notes:
        findings.append(Finding(src, layout_lines, "layout-count", note, game=key))
    return Verification(res.verdicts, findings, res, checker=f"paganini-{variant.name}")
