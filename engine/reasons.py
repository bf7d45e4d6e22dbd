"""The sentence a person reads for a verdict, made from its structure (and nothing else).

:func:`explain` turns a :class:`~pasyans.models.Verdict` — its checks, each with a rule, a code
(``what``), the cards and the spec's evidence, and the assumptions made — into one short English
sentence that names the rule in words, where it is written, what was assumed, and last the book's
words in the original (the move itself — card and destination — is shown beside every reason)::

    a queen goes on a king of the other colour (lines 550–552) — «…разного цвета…»
    a three does not go on a seven (7S takes 6S) — the tableau builds down by one (lines 550–552) — «…»
    a two goes on the ace of its suit (lines 542–544); assumed: AH (a base) lies on its foundation — «…»

A reason is at most :data:`LIMIT` characters (the quote is shortened first). The phrases live in
:data:`PHRASES` (keyed by ``(rule, what)``, ``rule`` may be ``"*"``); a mechanic adds its own with
:func:`register_phrases` in its module. Tests compare verdict kinds, rules and codes, never these words.
"""

from __future__ import annotations

from pasyans.cards import Card
from pasyans.models import Assumption, Check, Kind, Verdict
from pasyans.shorten import shorten

LIMIT = 240
"""The longest reason written (characters)."""

QUOTE = 60
"""The longest quote kept in a reason before it is cut with «…»."""

RANKS = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
         10: "ten", 11: "jack", 12: "queen", 13: "king"}

SUITS = {"same-suit": "of its suit", "alternate-color": "of the other colour", "same-color": "of the same colour",
         "any-suit": "of any suit", "rank-only": "of any suit"}

DIRECTION_WORDS = {"left": "left", "right": "right", "up": "up", "down": "down", "centre": "towards the centre"}
"""``Move.direction`` values in words."""

PILES = {"tableau": "the tableau", "waste": "the waste", "foundations": "a foundation"}


def rank(c: Card | None, article: bool = True) -> str:
    """«a queen», «an ace», «an eight» (``article=False``: «queen»)."""
    if c is None:
        return "a card"
    w = RANKS.get(c.rank, "card") if not c.joker else "joker"
    return (("an " if w[0] in "aeio" else "a ") + w) if article else w


def card(c: Card | None) -> str:
    return "?" if c is None else str(c)


def _direction(value) -> str:
    return {"down": "down by one", "up": "up by one", "either": "up or down by one", "both": "up or down",
            "none": "no building"}.get(str(value), str(value))


# Phrases by (rule kind, what); each a function (check) → clause. rule kind: the check's rule with
# the pile left out («tableau.build_suit» → «build_suit»), or "*" for any.
def _rank_ok(c: Check) -> str:
    x, y = c.cards[:2]
    return f"{rank(x)} goes on {rank(y)}"


def _wrong_rank(c: Check) -> str:
    x, y = c.cards[:2]
    want = c.detail.get("want") or []
    pile = c.rule.split(".")[0]
    takes = f" ({card(y)} takes {' or '.join(map(card, want))})" if want else ""
    return f"{rank(x)} does not go on {rank(y)}{takes} — {PILES.get(pile, pile)} builds {_direction(_value(c))}"


def _the(c: Card) -> str:
    """«the ace» (a foundation card: its suit follows from the suit rule)."""
    return "the " + rank(c, article=False)


def _value(c: Check):
    return getattr(c.evidence, "value", None)


PHRASES: dict[tuple[str, str], object] = {
    ("build_direction", "rank"): _rank_ok,
    ("build_direction", "wrong-rank"): _wrong_rank,
    ("build_direction", "no-building"): lambda c: f"nothing is built on {PILES.get(c.rule.split('.')[0], 'it')}",
    ("direction", "rank"): lambda c: f"{rank(c.cards[0])} goes on {_the(c.cards[1])}",
    ("direction", "wrong-rank"): _wrong_rank,
    ("direction", "no-foundations"): lambda c: "the game has no foundations",
    ("wrap", "round-the-corner"): lambda c: f"{rank(c.cards[0])} follows {rank(c.cards[1])} round the corner",
    ("wrap", "no-wrap"): lambda c: f"{rank(c.cards[0])} may not follow {rank(c.cards[1])} round the corner",
    ("build_suit", "suit"): lambda c: SUITS.get(str(_value(c)), ""),
    ("build_suit", "any-suit"): lambda c: "of any suit",
    ("build_suit", "wrong-suit"): lambda c: f"{card(c.cards[0])} is not {SUITS.get(str(_value(c)), 'of the suit asked')} "
                                            f"to {card(c.cards[1])}",
    ("build_suit", "no-building"): lambda c: "nothing is built there",
    ("build_suit", "colour"): lambda c: f"{SUITS.get(str(_value(c)), '')} (the text gives colours: "
                                        f"{c.detail['colours'][0]} on {c.detail['colours'][1]})",
    ("build_suit", "wrong-colour"): lambda c: f"a {c.detail['colours'][0]} {rank(c.cards[0], article=False)} is not "
                                              f"{SUITS.get(str(_value(c)), 'of the colour asked')} to a "
                                              f"{c.detail['colours'][1]} {rank(c.cards[1], article=False)}",
    ("suit", "suit"): lambda c: SUITS.get(str(_value(c)), ""),
    ("suit", "any-suit"): lambda c: "of any suit",
    ("suit", "wrong-suit"): lambda c: f"a foundation takes cards {SUITS.get(str(_value(c)), 'of the suit asked')}, "
                                      f"not {card(c.cards[0])} on {card(c.cards[1])}",
    ("base", "base"): lambda c: f"{rank(c.cards[0])} starts a foundation",
    ("base", "first-base"): lambda c: f"{rank(c.cards[0])} starts the first foundation (it sets the base rank)",
    ("base", "not-a-base"): lambda c: f"{rank(c.cards[0])} does not start a foundation (bases: {_value(c)})",
    ("base", "not-the-base-rank"): lambda c: f"the bases are {RANKS.get(c.detail.get('started'), '?')}s, as the first one shown",
    ("base", "no-foundations"): lambda c: "the game has no foundations",
    ("base", "held"): lambda c: "that pile is empty only because a finished run was set aside: under the book it lies there",
    ("preplaced", "preplaced"): lambda c: f"{card(c.cards[1])} lies there from the deal",
    ("foundations: earlier play", "shown"): lambda c: f"{card(c.cards[1])} {_how(c)}",
    ("foundations: earlier play", "assumed"): lambda c: "",
    ("space", "any"): lambda c: "any card fills a space",
    ("space", "king"): lambda c: "a king fills a space",
    ("space", "kings-only"): lambda c: "only a king fills a space",
    ("space", "not-filled"): lambda c: "spaces are not filled",
    ("space", "from"): lambda c: f"a space takes a card from {_from(_value(c))}",
    ("space", "from-elsewhere"): lambda c: f"a space takes a card from {_from(_value(c))}, and "
                                           f"{card(c.cards[0]) if c.cards else 'this one'} comes from the {c.detail.get('src')}",
    ("move", "one-card"): lambda c: f"only one card moves at a time, and {card(c.cards[0])} carries "
                                    f"{', '.join(map(card, c.cards[1:]))}",
    ("move", "sequence"): lambda c: "built sequences move together",
    ("move", "whole-pile"): lambda c: "whole piles move",
    ("move", "not-whole-pile"): lambda c: "only whole piles move",
    ("move", "mixed-suits"): lambda c: "only a sequence of one suit moves together",
    ("move", "any-face-up"): lambda c: "any face-up card moves with the cards on it, built or not",
    ("move", "whole-run"): lambda c: "a run moves only whole, and this one is",
    ("move", "part-of-run"): lambda c: f"a run moves only whole, and {card(c.cards[0])} lies on {card(c.cards[1])} "
                                       "of the same run",
    ("move", "unit-moves"): lambda c: f"{len(c.cards)} cards go as {c.detail.get('units')} unit moves through "
                                      f"{c.detail.get('cells')} free cells and {c.detail.get('spaces')} spaces",
    ("move", "no-room"): lambda c: f"{len(c.cards)} cards cannot go as unit moves with {c.detail.get('cells')} free "
                                   f"cells and {c.detail.get('spaces')} spaces",
    ("cells", "cell"): lambda c: f"a cell takes one card ({_value(c)} cell{'s' if _value(c) != 1 else ''})",
    ("cells", "cells-full"): lambda c: f"all {_value(c)} cells are taken",
    ("cells", "one-per-cell"): lambda c: "a cell holds one card",
    ("deal_to", "dealt"): lambda c: f"the stock is dealt to the {c.detail.get('where')}",
    ("deal_to", "to-reserve"): lambda c: "stock cards go onto the reserve piles",
    ("deal_to", "dealt-elsewhere"): lambda c: f"the stock is dealt to the {_value(c)}, not the {c.detail.get('where')}",
    ("deal", "deal"): lambda c: f"the stock is dealt {c.detail.get('n')} at a time",
    ("deal_when", "no-spaces"): lambda c: "the stock is dealt only while no pile is empty",
    ("deal_when", "space-open"): lambda c: f"the stock is dealt only while no pile is empty, and {c.detail.get('spaces')} "
                                           "pile(s) are",
    ("deal_when", "blocked"): lambda c: "the stock is dealt only when no other move is left",
    ("deal_when", "moves-left"): lambda c: "the stock is dealt only when no other move is left, and one is",
    ("redeals", "redeal"): lambda c: f"redeal {c.detail.get('n')} is allowed",
    ("redeals", "no-redeal-left"): lambda c: "no redeal is left",
    ("removable", "taken-back"): lambda c: "cards may be taken back from a foundation",
    ("removable", "not-removable"): lambda c: "cards may not be taken back from a foundation",
    ("complete_sequences", "run-off"): lambda c: "a finished run K…A leaves the tableau",
    ("complete_sequences", "runs-only"): lambda c: "only finished runs K…A leave the tableau",
    ("complete_sequences", "runs-and-bases"): lambda c: "the text has finished runs K…A leave the tableau and also "
                                                        "foundations built card by card: which way this card goes is not sure",
    ("complete_sequences", "singles-only"): lambda c: "only single cards go to the foundations",
    ("complete_sequences", "not-a-run"): lambda c: "several cards at once are not a finished run K…A",
    ("goal", "run-finished"): lambda c: "the run is finished: the goal for its suit (the game has no foundations)",
    ("cards_per_pack", "not-in-pack"): lambda c: f"the pack holds no {RANKS.get(c.cards[0].rank)}s",
    ("location", "left-play"): lambda c: f"{card(c.cards[0])} left play at move {c.detail.get('move')}",
    ("location", "on-foundation"): lambda c: f"{card(c.cards[0])} went to a foundation at move {c.detail.get('move')}",
    ("location", "target-left-play"): lambda c: f"{card(c.cards[1])} left play at move {c.detail.get('move')}",
    ("location", "target-elsewhere"): lambda c: f"{card(c.cards[1])} went to the {c.detail.get('where')} at move "
                                                f"{c.detail.get('move')}",
    ("location", "dealt-but-seen"): lambda c: f"{card(c.cards[0])} is dealt, but it went to the {c.detail.get('where')} "
                                              f"at move {c.detail.get('move')}",
    ("location", "other-copy"): lambda c: "",
    ("location", "not-seen"): lambda c: "",
    ("exposed", "covered"): lambda c: f"{card(c.cards[0])} is covered by {card(c.cards[1])} (move {c.detail.get('move')}), "
                                      "which the move does not carry",
    ("exposed", "target-covered"): lambda c: f"{card(c.cards[0])} is covered by {card(c.cards[1])} "
                                             f"(move {c.detail.get('move')})",
    ("exposed", "uncovered"): lambda c: "",
    ("direction", "predecessor-elsewhere"): lambda c: f"{card(c.cards[0])} needs {card(c.cards[1])} on its foundation, but "
                                                      f"{card(c.cards[1])} went to the {c.detail.get('where')} at move "
                                                      f"{c.detail.get('move')}",
    ("*", "unknown"): lambda c: f"not read from the text: {c.rule}",
    ("*", "not-modelled"): lambda c: f"{c.rule} = {_value(c)!r} is not one the checks decide",
    ("*", "room-unknown"): lambda c: f"whether the cards can go as unit moves depends on {c.rule}, not known",
    ("*", "other-copy"): lambda c: "",
    ("*", "used"): lambda c: "",
    ("packs", "*"): lambda c: f"{_fact(c)} — unless another copy is meant, and deck.packs is not known",
    ("stock", "dealt"): lambda c: "the next card of the stock is dealt",
    ("stock", "unnamed-deal"): lambda c: "the text does not name the cards dealt",
    ("stock", "deal-to-tableau"): lambda c: "the text deals it to the tableau: no dealing rule is read",
    ("card", "no-card"): lambda c: "the text names no card",
    ("card", "unnamed-king?"): lambda c: "only a king fills a space, and the text does not name the cards",
    ("layout", "place-in-layout"): lambda c: "the text names a place in the layout (an edge, the middle of a pile) "
                                             "that only the layout shows",
    ("to", "no-destination"): lambda c: "the text names no destination",
    ("*", "in-variant"): lambda c: (f"the example is of the variant{_titled(c)} (lines {_span(c.detail.get('variant'))}); "
                                    f"only the main game's rule would make it illegal: {c.detail.get('said')}"),
    ("*", "rule-from-example"): lambda c: (f"the rule that would make it {c.detail.get('was', 'illegal')} was read from "
                                           f"this very example: {c.detail.get('said')}"),
    ("to", "onto-own-pile"): lambda c: (f"{card(c.cards[1])} lies on {card(c.cards[0])} after the moves before: "
                                        "the text gives the two moves as alternatives, not one after the other"),
    ("layout", "direction-needs-layout"): lambda c: f"the text moves it {_toward(c.detail.get('direction'))}: "
                                                    "where that leads only the layout shows",
    ("to", "unknown-destination"): lambda c: f"the destination {c.detail.get('to')!r} is not one the engine knows",
    ("layout", "row-needs-layout"): lambda c: "a move to a row start needs the whole layout",
    ("jokers", "joker"): lambda c: "a joker moves: no joker rule is read",
    ("special", "no-discard-rule"): lambda c: "no rule read says when a card leaves play",
    ("waste", "nothing-built-there"): lambda c: f"{card(c.cards[1])} lies on the waste",
    ("reserve", "nothing-built-there"): lambda c: f"{card(c.cards[1])} lies in the reserve (move {c.detail.get('move')}), "
                                                  "where nothing is built",
    ("cell", "nothing-built-there"): lambda c: f"{card(c.cards[1])} lies in a cell (move {c.detail.get('move')})",
    ("build_direction", "empty-waste"): lambda c: "no rule says what starts an empty waste",
    ("state", "*"): lambda c: _state(c),
    ("engine", "engine-error"): lambda c: f"engine error: {c.detail.get('error')}",
}

ASSUMED = {
    "on-foundation": lambda a: f"{card(a.cards[0])} lies on top of its foundation",
    "base-on-foundation": lambda a: f"{card(a.cards[0])} (a base) lies on its foundation",
    "comes-from": lambda a: f"{card(a.cards[0])} comes from the {a.detail}",
    "suit-fits": lambda a: f"the {card(a.cards[0])} (no suit given) is of a suit the rule allows",
    "other-copy": lambda a: f"the other copy of {card(a.cards[0])} is meant",
    "free-places": lambda a: f"the other places hold at most {a.detail} card(s) from before",
    "free-to-play": lambda a: f"{' and '.join(map(card, a.cards))} are both free to play",
    "adjacent": lambda a: f"{' and '.join(map(card, a.cards))} lie next to each other",
    "whole-pile": lambda a: f"{card(a.cards[0])} heads a whole pile",
    "fitting-top": lambda a: f"a card {card(a.cards[0])} may follow tops a foundation",
    "waste-empty": lambda a: "the waste is empty, so the stock fills it",
    "run-start": lambda a: f"{card(a.cards[0])} is the lowest face-up card of its pile",
    "face-down": lambda a: f"{card(a.cards[0])} under it lies face down",
    "no-spaces": lambda a: "no pile is empty",
    "blocked": lambda a: "no other move is left",
}


def register_phrases(phrases: dict | None = None, assumed: dict | None = None) -> None:
    """Add a mechanic's phrases (``(rule, what)`` → clause function) and assumption phrases."""
    PHRASES.update(phrases or {})
    ASSUMED.update(assumed or {})


def _toward(direction) -> str:
    return DIRECTION_WORDS.get(direction, str(direction))


def _how(c: Check) -> str:
    how = c.detail.get("how")
    if how == "shown":
        return "is shown there before the moves"
    if how == "played":
        return "was played before this move"
    m = c.detail.get("move")
    return f"went there at move {m}" if m not in (None, "?", 0) else "lies there"


def _from(value) -> str:
    return {"from-stock": "the stock", "from-waste": "the waste", "from-reserve": "the reserve",
            "from-waste-or-stock": "the waste or the stock",
            "from-waste-then-stock": "the waste (the stock when it is empty)"}.get(str(value), str(value))


def _fact(c: Check) -> str:
    sub = Check(c.kind, c.detail.get("fact", "location"), c.what, c.cards, c.evidence, c.detail)
    return clause(sub) or c.what


def _state(c: Check) -> str:
    return {"nothing-to-move": "nothing there to move", "no-such-pile": "no such pile", "no-such-cell": "no such cell",
            "same-place": "a move onto the same place", "cell-taken": f"the cell holds {card(c.cards[1]) if len(c.cards) > 1 else '?'}",
            "stock-not-empty": "the waste is turned over only when the stock is empty",
            "not-to-stock": "cards do not go back to the stock", "one-at-a-time": "one card at a time from there",
            "foundation-not-empty": "the foundation is not empty"}.get(c.what, c.what)


def _key(rule: str) -> str:
    if rule.startswith("special:"):
        return rule
    return rule.split(".", 1)[1] if rule.count(".") == 1 else rule


def _titled(c: Check) -> str:
    t = c.detail.get("title")
    return f" «{t}»" if t else ""


def _span(lines) -> str:
    if not lines:
        return "?"
    a, b = lines
    return f"{a}" if a == b else f"{a}–{b}"


def clause(c: Check) -> str:
    """The words for one check (empty for a check that needs none)."""
    key = _key(c.rule)
    for k in ((key, c.what), (c.rule, c.what), (key, "*"), ("*", c.what)):
        f = PHRASES.get(k)
        if f is not None:
            return f(c)
    if c.rule.startswith("special:"):
        return f"{c.what.replace('-', ' ')} ({c.rule[8:]})"
    return f"{c.rule}: {c.what.replace('-', ' ')}"


def assumption(a: Assumption) -> str:
    f = ASSUMED.get(a.what)
    return f(a) if f else f"{a.what.replace('-', ' ')} ({', '.join(map(card, a.cards))})"


def cite(evidence, quote: int = QUOTE) -> str:
    """«lines 550–552 «…quote…»» for a field or special (empty when it has no lines)."""
    if evidence is None:
        return ""
    lines = getattr(evidence, "lines", None)
    q = (getattr(evidence, "quote", None) or "").strip()
    ref = getattr(evidence, "ref", None) if getattr(evidence, "status", "") == "inherited" else None
    where = ""
    if lines:
        where = f"lines {lines[0]}–{lines[1]}" if lines[0] != lines[1] else f"line {lines[0]}"
    elif ref:
        where = f"from {ref}"
    if q and quote > 0:
        q = shorten(q, quote)
        where = f"{where} «{q}»" if where else f"«{q}»"
    return where


def _cites(evidence: list, q: int) -> str:
    """«lines 550–552 «quote», 529–531»: the first source quoted, the others by lines."""
    out, seen = [], set()
    for e in evidence:
        key = getattr(e, "lines", None) or id(e)
        if key in seen or len(out) >= 2:
            continue
        seen.add(key)
        c = cite(e, q if not out else 0)
        if out and c.startswith("line"):
            c = c.split(" ", 1)[1]
        if c:
            out.append(c)
    return ", ".join(out)


def head(checks: list[Check]) -> str:
    """«QH on KS», «2D on AD (foundation)», «7C and 6C»: the cards of the first check (the move
    itself is shown beside every reason, so reasons leave this out)."""
    c = next((c for c in checks if c.cards and c.rule not in ("location", "exposed")), checks[0] if checks else None)
    if c is None or not c.cards:
        return ""
    x = c.cards[0]
    y = c.cards[1] if len(c.cards) > 1 else None
    if c.rule.startswith("foundations.") or c.rule.startswith("special:base") or c.rule == "special:sequences":
        return f"{card(x)} on {card(y)} (foundation)" if y is not None else f"{card(x)} to a foundation"
    if y is not None and c.rule not in ("special:pairs", "special:same-suit-neighbours"):
        return f"{card(x)} on {card(y)}"
    if y is not None:
        return f"{card(x)} and {card(y)}"
    return card(x)


def _join(parts: list[str]) -> str:
    out: list[str] = []
    for p in parts:
        if p and p not in out:
            out.append(p)
    return " ".join(out)


def explain(v: Verdict, limit: int = LIMIT) -> str:
    """One sentence for ``v`` (see the module text), at most ``limit`` characters."""
    for q in (QUOTE, 30, 0):
        s = _explain(v, q)
        if len(s) <= limit:
            return s
    return shorten(s, limit)


def _quotes(detail) -> list[str]:
    """Every evidence quote ``detail`` (:meth:`~pasyans.models.Verdict.detail`) records, spaces joined."""
    if isinstance(detail, dict):
        q = detail.get("quote")
        own = [" ".join(q.split())] if isinstance(q, str) and q.strip() else []
        return own + [x for k, v in detail.items() if k != "quote" for x in _quotes(v)]
    if isinstance(detail, list):
        return [x for v in detail for x in _quotes(v)]
    return []


def whole(reason: str | None, detail) -> str | None:
    """``reason`` with the book's quote :func:`explain` cut to fit («— «В ряды кладут карту на…»»)
    given whole, from the evidence ``detail`` records (what a piped ``verify`` and ``--json`` write;
    a terminal cuts the line to its width instead). A reason whose quote is whole, or whose detail
    does not hold the quote, is returned as it is."""
    if not reason or not reason.endswith("…»"):
        return reason
    quotes = list(dict.fromkeys(_quotes(detail)))
    at = reason.rfind(" — «")
    while at >= 0:  # the quote is the reason's end; it may itself hold « — «»
        said = reason[at + 4:-2]
        full = next((q for q in quotes if len(q) > len(said) and q.startswith(said)), None)
        if full:
            return f"{reason[:at]} — «{full}»"
        at = reason.rfind(" — «", 0, at)
    return reason


def _explain(v: Verdict, q: int) -> str:
    kind = Kind(v.verdict)
    checks = list(v.checks)
    ctx = v.context or {}
    if kind is Kind.LEGAL or (ctx.get("prohibited") and not [c for c in checks if c.kind is not Kind.LEGAL]):
        shown = [c for c in checks if c.kind is Kind.LEGAL and not c.detail.get("within")]
    else:
        shown = [c for c in checks if c.kind is kind] or checks
    words = [clause(c) for c in shown]
    if kind is Kind.LEGAL or ctx.get("prohibited") and ctx.get("allowed-by"):
        rank_words = [w for c, w in zip(shown, words) if c.what in ("rank",) and w]
        suit_words = [w for c, w in zip(shown, words) if c.rule.endswith("suit") and c.what in ("suit", "any-suit") and w]
        other = [w for c, w in zip(shown, words) if w and w not in rank_words and w not in suit_words]
        body = "; ".join(filter(None, [_join(rank_words + suit_words), *other]))
    else:
        unknown = [c.rule for c in shown if c.what == "unknown"]
        rest = [w for c, w in zip(shown, words) if w and c.what != "unknown"]
        if unknown:
            rest.insert(0, "not read from the text: " + ", ".join(dict.fromkeys(unknown)))
        body = "; ".join(dict.fromkeys(rest))
    s = body or v.verdict
    evidence = [c.evidence for c in shown if c.evidence is not None]
    where = _cites(evidence, 0)
    if where:
        s += f" ({where})"
    if ctx.get("beside") is not None:
        s += f", laid beside {card(ctx['beside'])} as a base of its own"
    if ctx.get("reading") in ("foundation", "waste") and kind is Kind.LEGAL:
        s += f" (read as a {ctx['reading']} move)"
    other = ctx.get("other")
    if other and kind is not Kind.LEGAL:
        s += f"; as a {other['reading']} move: {other['verdict']}" + (f" ({other['rule']})" if other.get("rule") else "")
    assumed = v.assumed or []
    if assumed:
        s += "; assumed: " + "; ".join(assumption(a) for a in assumed[:3])
    if ctx.get("proposed"):
        s += f"; proposed reading {ctx['proposed']}"
    if ctx.get("steps"):
        s += f"; the text fits {len(ctx['steps'])} steps: chosen by the later moves"
    if ctx.get("alternative"):
        s += "; one of alternatives, not played"
    if ctx.get("instead-of"):
        s += f"; another way of move {ctx['instead-of']}: judged on the position before it"
    if ctx.get("reverse"):
        a, b = ctx["reverse"]
        s += f"; the other way round ({card(a)} on {card(b)}) it would be legal"
    quote = next((getattr(e, "quote", None) for e in evidence if getattr(e, "quote", None)), None)
    if quote and q > 0:
        quote = " ".join(quote.split())
        s += f" — «{shorten(quote, q)}»"
    if ctx.get("prohibited"):
        if v.verdict == "illegal":
            s = "Forbidden, as the text says: " + s
        elif ctx.get("allowed-by") == "assumptions":
            s = "Forbidden by the text; allowed only if the assumptions hold: " + s
        elif ctx.get("allowed-by"):
            s = "Forbidden by the text, yet the rules as read allow it: " + s
        else:
            s = "Forbidden by the text: " + s
    if ctx.get("restates"):
        s = f"As move {ctx['restates']}: " + s
    if ctx.get("hypothetical"):
        s = "If played: " + s
    return s
