"""Why a field is unknown, truthfully: the sentences that speak of it but from which it was not read.

A field's words are the cues of the rows of ``phrasings/rules.toml`` that set it (``SPACE`` →
``tableau.space``, ``REDEAL_ONE`` → ``stock.redeals``, ``DIR_UP`` → ``foundations.direction`` and
``tableau.build_direction`` …): the map is derived from the rows, never written apart. A sentence
has an unread cue when it has that cue and none of the fields the cue's rows set got a claim from
it: it was not read as a rule (a variant, advice, an example: :meth:`.reader.Reader._not_a_rule`),
was read into a ``special`` only, or gave other fields and not these. :func:`unread_fields` gives,
for each field, the first such sentence; :func:`reason` the sentence of the field's ``reason``
(«line 7 has words for it («по мастям вверх») that were not read: «Осн. собирают …»»).
"""

from __future__ import annotations

from functools import lru_cache

from pasyans.shorten import shorten

from .interpret import PILE_FIELDS, has_cue, rows

NOT_WORDS = frozenset({"RANK_CUE"})
"""Cues that alone speak of no field: a rank named («короля», «туза») is in most sentences of a rule text."""
QUOTE_CHARS = 100
"""How much of the unread sentence the reason quotes."""


@lru_cache(maxsize=1)
def cue_rows() -> dict[str, tuple]:
    """Cue label → ``(row, the field paths it sets)`` of every row with that cue (a pile's field: its
    foundations' and tableau's; the waste's is no field of the bench or of a reason)."""
    out: dict[str, list] = {}
    for row in rows():
        paths = set()
        for path, _ in row.sets:
            paths.update([path] if not path.startswith("@pile.") else
                         [p for pile, p in PILE_FIELDS[path[6:]].items() if pile != "waste"])
        for cue in row.cues:
            out.setdefault(cue, []).append((row, frozenset(paths)))
    return {c: tuple(v) for c, v in out.items()}


@lru_cache(maxsize=1)
def _rows_by_id() -> dict:
    return {row.id: row for row in rows()}


def _fields_spoken(ctx, sent, cue: str) -> frozenset:
    """The fields a row with ``cue`` would set from ``sent``: the rows whose cue conditions (``with``,
    ``with_all``, ``without``) the sentence meets — a value the row's function did not find is the only
    thing missing."""
    out: set = set()
    for row, paths in cue_rows().get(cue, ()):
        if row.with_any and not any(has_cue(ctx, sent, c) for c in row.with_any):
            continue
        if any(not has_cue(ctx, sent, c) for c in row.with_all) or any(has_cue(ctx, sent, c) for c in row.without):
            continue
        out |= paths
    return frozenset(out)


def unread_fields(ctx, skipped: dict[int, str]) -> dict[str, dict]:
    """Field path → ``{"lines", "quote", "words", "how"}`` of the first sentence of ``ctx`` (a read
    :class:`.reader.Reader`) with a cue of that field from which no field of that cue was read.
    ``skipped``: sentence index → why it was not read as a rule. ``how``: what became of the
    sentence («was not read as a rule: advice to the player», «was read as the special «swap»», «gave
    other fields only»)."""
    claimed: dict[int, set] = {}
    by_id = _rows_by_id()
    used: dict[int, list] = {}      # sentence → the token spans of the cues whose rows made its claims
    for c in ctx.claims:
        claimed.setdefault(c.sent, set()).add(c.field)
        row = by_id.get(c.rule)
        if row is not None:
            used.setdefault(c.sent, []).extend(x for cue in row.cues for x in ctx.sents[c.sent].spans(cue))
    out: dict[str, dict] = {}
    for sent in ctx.sents:
        if sent.heading or sent.end <= sent.start:
            continue
        got = claimed.get(sent.k, set())
        special = next((x["name"] for x in ctx.special if x.get("quote") == sent.quote), None)
        if not got and sent.k not in skipped and special is None and not ctx.rule_like(sent.k):
            continue    # a title, a short or example line: no rule sentence left unread
        for cue, spans in sent.cues.items():
            if not spans or cue not in cue_rows() or cue in NOT_WORDS:
                continue
            fields = _fields_spoken(ctx, sent, cue)
            if not fields or fields & got or {p.split(".")[0] for p in fields} <= {p.split(".")[0] for p in got}:
                continue    # read, or read for the same part of the game (its layout, its stock …)
            fresh = [p for p in sorted(fields) if p not in out]
            if not fresh:
                continue
            a, b = spans[0]
            if any(x < b and a < y for x, y in used.get(sent.k, ())):
                continue    # the same words were read, as another field («по одной карте на каждую стопку»)
            words = " ".join(t.text for t in ctx.toks[a:b])
            if sent.k in skipped:
                how = f"was not read as a rule ({skipped[sent.k]})"
            else:
                how = (f"was read as the special «{special}» only" if special else
                       "gave other fields only" if got else "was not read")
            for p in fresh:
                out[p] = {"lines": list(sent.lines), "quote": sent.quote, "words": words, "how": how}
    return out


def reason(hit: dict) -> str:
    """The reason of a field left unknown though ``hit`` (an entry of :func:`unread_fields`) speaks of it."""
    a, b = hit["lines"]
    where = f"line {a} has" if a == b else f"lines {a}–{b} have"
    quote = shorten(" ".join(hit["quote"].split()), QUOTE_CHARS)
    return f"{where} words for it («{hit['words']}») but {hit['how']}: «{quote}»"


def cue_fields_of(cue: str) -> frozenset:
    """The fields the rows of ``cue`` set (empty for a cue of :data:`NOT_WORDS` or one no row reads)."""
    if cue in NOT_WORDS:
        return frozenset()
    return frozenset().union(*(paths for _, paths in cue_rows().get(cue, ())))
