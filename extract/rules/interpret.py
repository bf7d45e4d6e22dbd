"""The generic interpreter of ``phrasings/rules.toml``: which cue sets which field to what.

A row (``[[rule]]``) names a cue and what it means::

    [[rule]]
    id = "build-alternate-colour"
    cue = "COLOR_ALT"                 # or cues = [...]: any of them
    set = "@pile.suit"                # a field path, or @pile.direction / @pile.suit / @pile.wrap:
                                      # that field of the pile the cue belongs to (its anchor)
    value = "alternate-color"         # a literal; "$n" (the number in the cue), "$n-1", "$times",
                                      # "$times-1", "$times+1" (a repeat «ещё раз» of a deal told); or "@name" (a value function of values.py;
                                      # "@name#1": the second part of the pair it returns)
    pile = "tableau"                  # for @pile: the pile when no anchor is near ("near": none)
    piles = ["foundations"]           # for @pile: the only piles the row speaks of
    strength = 1                      # the strongest claims of a field win (ties: the first)
    with = ["BUILD_VERB", "DIR_UP"]   # the sentence has one of these cues …
    with_all = [...]                  # … all of these …
    without = ["VARIANT"]             # … none of these
    sections = ["tableau"]            # the manual section the sentence stands in ("none": outside any)
    not_sections = ["reserve"]
    not_after = ["от"]                # the cue does not follow these lemmas (two tokens)
    not_negated = true                # no «не»/«нельзя» right before the cue
    not_inside = ["EITHER_DIR"]       # the cue lies inside none of these cues' spans
    once = true                       # one claim per sentence (not one per cue span)
    special = {name = "swap", description = "…"}   # also record this special
    examples = [{text = "…", expect = {"tableau.build_suit" = "alternate-color"}}]

``sets = {"deck.packs" = 1, "deck.cards_per_pack" = 52}`` sets several fields at once.
``when_claimed = ["foundations.direction"]`` makes a row that fires when another row of the same
sentence claimed that field (``sets`` then says what follows).

After a sentence's rows have run, its claims are folded once: two directions for one pile («в
восходящей или нисходящей», or a «вспять» in the sentence) are ``either`` (foundations:
``both``); of several suit rules for one pile a colour rule wins; face up and face down in one
deal are ``mixed``. A tableau claim of a sentence stating the goal is weaker than one of a rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .context import Context
from .cues import PhrasingError, _data, cues
from .schema import allowed_values, field_paths
from . import values_play  # noqa: F401  (registers the value functions of play)
from .values import TIMES, VALUES, Piled, Told

PILE_FIELDS = {
    "direction": {"foundations": "foundations.direction", "tableau": "tableau.build_direction",
                  "waste": "waste.build_direction"},
    "suit": {"foundations": "foundations.suit", "tableau": "tableau.build_suit", "waste": "waste.build_suit"},
    "wrap": {"foundations": "foundations.wrap", "tableau": "tableau.wrap", "waste": "waste.wrap"},
}
_KEYS = {"id", "cue", "cues", "set", "value", "sets", "pile", "piles", "strength", "with", "with_all", "without",
         "sections", "not_sections", "not_after", "not_negated", "not_inside", "once", "special", "examples",
         "note", "when_claimed"}


@dataclass(frozen=True)
class Row:
    """One row of ``rules.toml`` (see module doc)."""

    id: str
    cues: tuple[str, ...]
    sets: tuple[tuple[str, Any], ...]
    strength: int = 1
    pile: str = "near"
    piles: tuple[str, ...] = ()
    with_any: tuple[str, ...] = ()
    with_all: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()
    not_sections: tuple[str, ...] = ()
    not_after: frozenset = frozenset()
    not_negated: bool = False
    not_inside: tuple[str, ...] = ()
    once: bool = False
    special: tuple[tuple[str, str], ...] = ()
    when_claimed: tuple[str, ...] = ()
    examples: tuple = field(default=(), compare=False)


def _check_value(rid: str, path: str, value: Any) -> None:
    if isinstance(value, str) and (value.startswith("@") or value.startswith("$")):
        name = value.split("-")[0].split("+")[0] if value.startswith("$") else value
        if value.startswith("@") and value[1:].partition("#")[0] not in VALUES:
            raise PhrasingError(f"phrasings/rules.toml [{rid}]: no value function {value!r}")
        if value.startswith("$") and name not in ("$n", "$times"):
            raise PhrasingError(f"phrasings/rules.toml [{rid}]: bad value {value!r}")
        return
    paths = [path] if not path.startswith("@pile.") else list(PILE_FIELDS[path[6:]].values())
    for p in paths:
        enum = allowed_values(p)
        if enum is not None and value not in enum and not (path == "@pile.direction" and value in ("either", "both")):
            raise PhrasingError(f"phrasings/rules.toml [{rid}]: {p} = {value!r} is not in the schema")


@lru_cache(maxsize=1)
def rows() -> tuple[Row, ...]:
    """Every row of ``phrasings/rules.toml``, checked against the cues, the schema and the value
    functions (``PhrasingError`` naming the row otherwise)."""
    table = cues()
    out = []
    seen = set()
    for r in _data("rules.toml").get("rule", []):
        rid = r.get("id", "?")
        bad = set(r) - _KEYS
        if bad or rid in seen or "id" not in r:
            raise PhrasingError(f"phrasings/rules.toml [{rid}]: unknown keys {sorted(bad)} or missing/duplicate id")
        seen.add(rid)
        names = tuple(r.get("cues", [])) + ((r["cue"],) if "cue" in r else ())
        for c in names + tuple(r.get("with", [])) + tuple(r.get("with_all", [])) + tuple(r.get("without", [])) \
                + tuple(r.get("not_inside", [])):
            if c.lstrip("^") not in table and not c.startswith("§"):
                raise PhrasingError(f"phrasings/rules.toml [{rid}]: unknown cue {c!r}")
        sets = dict(r.get("sets", {}))
        if "set" in r:
            sets[r["set"]] = r.get("value")
        if not sets and not r.get("special"):
            raise PhrasingError(f"phrasings/rules.toml [{rid}]: sets nothing")
        for path, value in sets.items():
            if not path.startswith("@pile.") and path not in field_paths():
                raise PhrasingError(f"phrasings/rules.toml [{rid}]: unknown field {path!r}")
            if path.startswith("@pile.") and path[6:] not in PILE_FIELDS:
                raise PhrasingError(f"phrasings/rules.toml [{rid}]: unknown pile field {path!r}")
            _check_value(rid, path, value)
        if not names and not r.get("when_claimed"):
            raise PhrasingError(f"phrasings/rules.toml [{rid}]: no cue")
        sp = r.get("special")
        out.append(Row(rid, names, tuple(sets.items()), r.get("strength", 1), r.get("pile", "near"),
                       tuple(r.get("piles", [])), tuple(r.get("with", [])), tuple(r.get("with_all", [])),
                       tuple(r.get("without", [])), tuple(r.get("sections", [])), tuple(r.get("not_sections", [])),
                       frozenset(r.get("not_after", [])), bool(r.get("not_negated", False)),
                       tuple(r.get("not_inside", [])), bool(r.get("once", False)),
                       ((sp["name"], sp.get("description", "")),) if sp else (), tuple(r.get("when_claimed", [])),
                       tuple(r.get("examples", []))))
    return tuple(out)


NOT_FROM = {"layout.face": ("SET_ASIDE", "STOCK_OUT_WHEN", "REDEAL_DURING", "PILES_NAMED_RESERVE"),
            "tableau.space": ("NOT_UNTIL", "ONLY_UNTIL")}
"""Fields no row reads from a sentence with one of these cues, whatever the row: the face of cards set
aside («Две карты помещаются в стороне лицом вниз», «в стопу лицом вниз») or of a pile turned when the
stock is out («Когда колода иссякнет, стопку … переворачивают») or at a redeal («во время последней
пересдачи все карты выкладываются лицом вверх») is not the first layout's; spaces «не замещаются, пока не …» or
filled «из колоды до тех пор, пока …» are filled by a rule that changes during play (no one policy: left unknown) (cues.toml)."""


NOT_FROM_WHY = {"SET_ASIDE": "speaks of cards set aside, not of the layout",
                "STOCK_OUT_WHEN": "speaks of cards after the stock is out, not of the layout",
                "REDEAL_DURING": "speaks of cards at a redeal, not of the layout",
                "PILES_NAMED_RESERVE": "speaks of the reserve's piles, not of the tableau's",
                "NOT_UNTIL": "forbids it only until something happens in play: no one rule for spaces",
                "ONLY_UNTIL": "allows it only until something happens in play: no one rule for spaces"}
"""How the reason of a field left unknown names the cue of :data:`NOT_FROM` that barred it."""


def has_cue(ctx: Context, sent, c: str) -> bool:
    """Whether ``sent`` has cue ``c``; ``^C``: the sentence before has it; ``§KIND`` asks for the manual section instead, and
    ``§laid-out`` for a deal sentence with no building word («Серия … выкладывается чередующимися
    цветами» lays cards out, builds nothing)."""
    if c.startswith("^"):
        k = sent.k
        return k > 0 and ctx.sents[k - 1].has(c[1:])
    if c == "§laid-out":
        return sent.has("DEAL_VERB") and not (sent.has("BUILD_VERB") or sent.has("DIR_UP") or sent.has("DIR_DOWN"))
    if c.startswith("§"):
        return sent.section == c[1:]
    return sent.has(c)


def _section_ok(row: Row, section: str | None) -> bool:
    s = section or "none"
    if row.sections and s not in row.sections:
        return False
    return s not in row.not_sections


def _value(ctx: Context, row: Row, spec: Any, k: int, span: tuple[int, int], pile: str | None):
    if not isinstance(spec, str):
        return spec
    if spec.startswith("@"):
        name, _, part = spec[1:].partition("#")
        got = VALUES[name](ctx, k, span, pile)
        if part and got is not None:
            got = got[int(part)]
        return got
    if spec.startswith("$n"):
        n = ctx.number_at(*span)
        if n is None:
            return None
        return n - 1 if spec == "$n-1" else n
    if spec.startswith("$times"):
        n = next((TIMES[t.lower] for t in ctx.toks[span[0]:span[1]] if t.lower in TIMES), None)
        if n is None:
            n = ctx.number_at(*span)
        if n is None:
            return None
        return n - 1 if spec == "$times-1" else n + 1 if spec == "$times+1" else n
    return spec


def _fire(ctx: Context, row: Row, k: int, span: tuple[int, int]) -> bool:
    made = False
    for path, spec in row.sets:
        pile = None
        if path.startswith("@pile."):
            pile = ctx.target(k, *span)
            if pile is None and row.pile in ("tableau", "foundations", "waste") and not ctx.own_place(ctx.sents[k]):
                pile = row.pile     # (not for a pile of the text's own naming: Context.own_place)
            if pile is None and isinstance(spec, str) and spec.startswith("@"):
                got = _value(ctx, row, spec, k, span, None)       # the function decides the pile(s)
                got = [got] if isinstance(got, Piled) else got
                if isinstance(got, list) and got and all(isinstance(x, Piled) for x in got):
                    for x in got:
                        ctx.claim(PILE_FIELDS[path[6:]][x.pile], _both(path, x.pile, x.value), k, row.strength, row.id)
                    made = True
                    continue
            if pile is None:
                if path in ("@pile.direction", "@pile.suit"):
                    t = ctx.toks[span[0]]
                    ctx.finding(k, "unassigned-rule-cue", f"«{t.text}» ({row.id}) has no pile to belong to", t.text)
                continue
            if row.piles and pile not in row.piles:
                continue
        value = _value(ctx, row, spec, k, span, pile)
        if value is None:
            continue
        target_k = k
        if isinstance(value, Told):
            target_k, value = value.sent, value.value    # a rule told over two sentences
        if isinstance(value, list):                      # several piles, each its value
            for x in value:
                ctx.claim(PILE_FIELDS[path[6:]][x.pile], _both(path, x.pile, x.value), target_k, row.strength, row.id)
            made = True
            continue
        if isinstance(value, Piled):
            pile, value = value.pile, value.value
        field_path = PILE_FIELDS[path[6:]][pile] if path.startswith("@pile.") else path
        barred = next((c for c in NOT_FROM.get(field_path, ()) if has_cue(ctx, ctx.sents[target_k], c)), None)
        if barred is not None:
            ctx.notes.setdefault(f"reason:{field_path}", f"«{ctx.sents[target_k].quote[:80]}» {NOT_FROM_WHY[barred]}")
            continue
        value = _both(path, pile, value)
        strength = row.strength
        if field_path.startswith("tableau.") and ctx.goal_led(ctx.sents[k]) and strength >= 1:
            strength = 0          # the goal describes the finished piles; a rule elsewhere wins
        ctx.claim(field_path, value, target_k, strength, row.id)
        made = True
    for name, desc in row.special:
        ctx.add_special(name, desc, ctx.sents[k])
        made = True
    return made


def _rows_by_cue(table: tuple[Row, ...]) -> dict[str, tuple[int, ...]]:
    """Cue label → indices in ``table`` (:func:`rows`) of the rows it starts (``when_claimed``
    rows left out: they follow other rows' claims); made once per table."""
    if _BY_CUE and _BY_CUE[0] is table:
        return _BY_CUE[1]
    out: dict[str, list[int]] = {}
    for i, row in enumerate(table):
        if not row.when_claimed:
            for c in dict.fromkeys(row.cues):
                out.setdefault(c, []).append(i)
    _BY_CUE[:] = [table, {c: tuple(ix) for c, ix in out.items()}]
    return _BY_CUE[1]


_BY_CUE: list = []


def _both(path: str, pile: str | None, value: Any) -> Any:
    """«either» on the tableau and the waste is «both» on the foundations (the schema's words)."""
    if path == "@pile.direction" and value in ("either", "both"):
        return "both" if pile == "foundations" else "either"
    return value


def read_sentence(ctx: Context, k: int) -> None:
    """Run every row on sentence ``k`` (module doc), then fold its claims."""
    sent = ctx.sents[k]
    before = len(ctx.claims)
    taken = ctx.notes.get(("taken", k), set())
    table = rows()
    by_cue = _rows_by_cue(table)
    found: set[int] = set()
    for label, spans in sent.cues.items():
        if spans:
            found.update(by_cue.get(label, ()))
    for row in (table[i] for i in sorted(found)):  # the rows a cue of the sentence starts, in order
        if taken and any(path in taken for path, _ in row.sets):
            continue
        if row.with_any and not any(has_cue(ctx, sent, c) for c in row.with_any):
            continue
        if row.with_all and not all(has_cue(ctx, sent, c) for c in row.with_all):
            continue
        if any(has_cue(ctx, sent, c) for c in row.without) or not _section_ok(row, sent.section):
            continue
        inside = [x for c in row.not_inside for x in sent.spans(c)]
        denied = ctx.contrasted(sent)
        for c in row.cues:
            for span in sent.spans(c):
                s, e = span
                if any(a <= s < b for a, b in denied):
                    continue        # «…, а не только верхняя карта»: the clause a contrast denies
                if row.not_after and ctx.preceded_by(s, set(row.not_after)):
                    continue
                if row.not_negated and ctx.negated(s):
                    continue
                if any(a <= s and e <= b and (a, b) != span for a, b in inside):
                    continue
                if _fire(ctx, row, k, span) and row.once:
                    break
            else:
                continue
            if row.once:
                break
    mine = ctx.claims[before:]
    claimed = {c.field for c in mine}
    for row in rows():
        if row.when_claimed and any(f in claimed for f in row.when_claimed) and _section_ok(row, sent.section) \
                and not any(has_cue(ctx, sent, c) for c in row.without) \
                and (not row.with_any or any(has_cue(ctx, sent, c) for c in row.with_any)):
            for path, spec in row.sets:
                if path not in claimed:
                    ctx.claim(path, spec, k, row.strength, row.id)
                    claimed.add(path)
    _fold_sentence(ctx, k, before)


def _fold_sentence(ctx: Context, k: int, before: int) -> None:
    mine = ctx.claims[before:]
    if not mine:
        return
    sent = ctx.sents[k]
    out = []
    by_field: dict[str, list] = {}
    for c in mine:
        by_field.setdefault(c.field, []).append(c)
    for path, cs in by_field.items():
        vals = [c.value for c in cs]
        kind = path.split(".")[-1]
        if path == "foundations.direction" and any(c.rule in END_RANK_ROWS for c in cs) and not sent.has("EITHER_DIR"):
            # «на тузах … в нисходящей последовательности до королей»: the end rank says the direction
            cs = [c for c in cs if c.rule in END_RANK_ROWS]
            vals = [c.value for c in cs]
        if kind in ("direction", "build_direction"):
            dirs = set(vals)
            if sent.has("REVERSIBLE") or len(dirs & {"up", "down"}) == 2 or (dirs & {"either", "both"} and len(dirs) > 1):
                both = "both" if path.startswith("foundations") else "either"
                top = max(cs, key=lambda c: c.strength)
                out.append(type(top)(path, both, top.sent, top.strength, top.rule))
                continue
        if kind in ("suit", "build_suit") and len(set(vals)) > 1:
            colour = [c for c in cs if c.value in ("alternate-color", "same-color")]
            out.append(colour[0] if colour else cs[0])
            continue
        if path == "layout.face" and "alternate" in vals:
            out.append(next(c for c in cs if c.value == "alternate"))   # «первая и третья … вниз, вторая … вверх»
            continue
        if path == "layout.face" and {"up", "down"} <= set(vals):
            top = cs[0]
            out.append(type(top)(path, "mixed", top.sent, top.strength, top.rule))
            continue
        seen = set()
        for c in cs:
            key = (repr(c.value), c.sent, c.strength)
            if key not in seen:
                seen.add(key)
                out.append(c)
    ctx.claims[before:] = out


END_RANK_ROWS = ("to-kings", "to-aces", "ace-to-king", "king-to-ace")
"""Rows reading a foundation's direction from its end rank («до королей», «от туза до короля»)."""


PRE_1918 = re.compile(r"[ѣѢѳѲѵѴ]|[бвгджзклмнпрстфхцчшщБВГДЖЗКЛМНПРСТФХЦЧШЩ]ъ\b")
"""Pre-1918 Russian spelling (ѣ, ѳ, ѵ, a hard sign ending a word): Ukrainian has none of them."""


def example_language(text: str) -> str:
    """The language of a data row's example: Ukrainian when it has a letter only Ukrainian uses
    («і» in a pre-1918 Russian text is Russian: see :data:`PRE_1918`)."""
    if PRE_1918.search(text):
        return "ru"
    return "uk" if re.search(r"[іїєґІЇЄҐ']", text) else "ru"
