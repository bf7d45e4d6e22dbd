"""A second source, compared: what PySolFC's catalogue and Solvitaire's presets record of a game
the crosswalk links, set against the rules read from the book.

The book is the source, a catalogue is a witness: nothing here changes the rule spec. Each fact a
witness records for a linked game becomes a :class:`WitnessFact` with both sides:

- ``agrees`` — the book states the same;
- ``disagrees`` — the book states something else (the book's quote and lines are kept): a finding
  of kind ``catalogue-disagreement``, never settled either way;
- ``book-silent`` — the book (as read) does not state it: shown as «the catalogue says …»,
  clearly not from the book, and not a disagreement.

Witnesses: PySolFC's ``pysol_games_altnames_ru.tsv`` (packs, redeals, game type of the entry the
crosswalk's ``pysol_id`` names; type codes are named in ``pasyans/data/pysol_game_types.json``) and
Solvitaire's preset of the same game (:func:`pasyans.kb.solvitaire_format.preset_for`), read over
its ``default`` preset: packs, piles, build and space policies, moves, cells, reserve, foundation
start and base, redeals and cards dealt at a time.

:func:`write` fills the knowledge base's ``catalogue_facts`` table and the findings;
:func:`game_facts` reads one game's facts back for ``show`` and the JSON export.
"""

from __future__ import annotations

import csv
import json
from dataclasses import asdict, dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Iterable

from ..spec import RuleSpec
from .crosswalk import CATALOGS
from .solvitaire import BUILD_POLICY, MOVE, SPACES, SOLVITAIRE_RANK
from .solvitaire_format import Preset, flatten, preset_for, presets

KIND = "catalogue-disagreement"
"""The finding kind of a disagreement between the book and a catalogue."""


@dataclass(frozen=True)
class WitnessFact:
    """One fact a catalogue records for a game, beside the book's.

    ``catalogue``: ``PySolFC`` or ``Solvitaire``; ``entry``: its name for the game («#2 Klondike»,
    «klondike»); ``field``: the rule spec's path («stock.redeals»); ``catalogue_value`` in the
    catalogue's terms and ``said``: how it reads in the spec's terms; ``book_value`` with the
    book's ``quote`` and raw ``lines`` (None when the book as read is silent); ``status``:
    ``agrees``, ``disagrees`` or ``book-silent``; ``ref``: where the catalogue says it.
    """

    game: str
    catalogue: str
    entry: str
    field: str
    catalogue_value: Any
    said: str
    book_value: Any
    status: str
    quote: str | None
    lines: tuple[int, int] | None
    ref: str

    def as_record(self) -> dict:
        """The ``catalogue_facts`` record (encoded to a row by :data:`pasyans.kb.schema.TABLES`)."""
        d = asdict(self)
        first, last = self.lines or (None, None)
        del d["lines"]
        return {**d, "first_line": first, "last_line": last}

    def message(self) -> str:
        """One readable line: both sides, the book's quote, where the catalogue says it."""
        book = (f"the book: {json.dumps(self.book_value, ensure_ascii=False)} — «{self.quote}» "
                f"({_span(self.lines)})" if self.quote else
                f"the book: {json.dumps(self.book_value, ensure_ascii=False)}")
        if self.status == "book-silent":
            return f"{self.catalogue} {self.entry} says {self.field} = {self.said} ({self.ref}); not stated in the book"
        verb = "agrees" if self.status == "agrees" else "disagrees"
        return f"{self.catalogue} {self.entry} {verb} on {self.field}: {self.said} ({self.ref}); {book}"


def _span(lines) -> str:
    if not lines:
        return "no lines"
    a, b = lines
    return f"line {a}" if a == b else f"lines {a}–{b}"


# -- PySolFC --------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def pysol_entries() -> dict[int, dict]:
    """PySolFC id → its ``name`` row of ``pysol_games_altnames_ru.tsv`` (english, game_type, decks,
    redeals) with ``ref`` («pysol_games_altnames_ru.tsv:5»)."""
    path = CATALOGS / "pysol_games_altnames_ru.tsv"
    out = {}
    with path.open(encoding="utf-8", newline="") as fh:
        for n, r in enumerate(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE), start=2):
            if r["role"] == "name":
                out[int(r["pysol_id"])] = {**r, "ref": f"{path.name}:{n}"}
    return out


@lru_cache(maxsize=1)
def pysol_types() -> dict[int, str]:
    """PySolFC game type code → its name (``pasyans/data/pysol_game_types.json``)."""
    data = json.loads(resources.files("pasyans").joinpath("data/pysol_game_types.json").read_text("utf-8"))
    return {int(k): v for k, v in data["types"].items()}


Check = Callable[[RuleSpec], "tuple[bool, Any, str | None, tuple[int, int] | None] | None"]


def _field_holds(path: str, test: Callable[[Any], bool]) -> Check:
    """(holds, the book's value, quote, lines) of a known field, None when the book is silent."""
    def check(spec: RuleSpec):
        f = spec.known(path)
        return None if f is None else (bool(test(f.value)), f.value, f.quote, f.lines)
    return check


def _special_holds(*names: str) -> Check:
    """(True, the special's name, quote, lines) when the spec has one of ``names``, else None."""
    def check(spec: RuleSpec):
        s = spec.special_named(*names)
        return None if s is None else (True, s.name, s.quote, s.lines)
    return check


def _first(*checks: Check) -> Check:
    return lambda spec: next((got for got in (c(spec) for c in checks) if got is not None), None)


TYPE_FACTS: dict[int, tuple[str, str, Check]] = {
    6: ("layout.reserve", "a reserve", _field_holds("layout.reserve", lambda v: not isinstance(v, int) or v > 0)),
    10: ("layout.cells", "free cells", _field_holds("layout.cells", lambda v: v > 0)),
    11: ("foundations.base", "one pile built up or down instead of suit foundations",
         _field_holds("foundations.base", lambda v: v == "none")),
    19: ("special", "Gaps rows: a space takes the card following its left neighbour",
         _special_holds("gaps", "paganini-windows", "paganini-windows-two-sided")),
    24: ("special", "cards leave play in pairs", _special_holds("pairs")),
    30: ("special", "only complete suit sequences leave the layout",
         _first(_special_holds("sequences-in-layout"), _field_holds("foundations.complete_sequences", bool))),
}
"""PySolFC game types whose games all share a rule the spec can hold: the book is compared on it.
Other types are shown as what the catalogue says."""


def pysol_facts(game: str, spec: RuleSpec, pysol_id: int | None) -> list[WitnessFact]:
    """PySolFC's packs, redeals and game type for ``pysol_id`` beside the book's spec."""
    e = pysol_entries().get(pysol_id) if pysol_id is not None else None
    if e is None:
        return []
    entry, ref = f"#{pysol_id} {e['english']}", e["ref"]
    out: list[WitnessFact] = []

    def fact(path: str, cat: Any, said: str, book: Any, ok: bool | None, quote=None, lines=None) -> None:
        status = "book-silent" if ok is None else ("agrees" if ok else "disagrees")
        out.append(WitnessFact(game, "PySolFC", entry, path, cat, said, book, status, quote, lines, ref))

    if e["decks"].isdigit():
        n = int(e["decks"])
        f = spec.known("deck.packs")
        fact("deck.packs", n, f"{n} pack(s)", f.value if f else None, None if f is None else f.value == n,
             f.quote if f else None, f.lines if f else None)
    if e["redeals"].lstrip("-").isdigit() and int(e["redeals"]) >= -1:
        n = int(e["redeals"])
        said = "unlimited" if n == -1 else n
        f = spec.known("stock.redeals")
        fact("stock.redeals", n, f"redeals {said}", f.value if f else None,
             None if f is None else f.value == said, f.quote if f else None, f.lines if f else None)
    code = int(e["game_type"]) if e["game_type"].isdigit() else None
    if code is not None:
        name = pysol_types().get(code, f"type {code}")
        if code in TYPE_FACTS:
            path, has, check = TYPE_FACTS[code]
            got = check(spec)
            if got is None:
                fact(path, code, f"a {name}-type game: {has}", None, None)
            else:
                holds, book, quote, lines = got
                fact(path, code, f"a {name}-type game: {has}", book, holds, quote, lines)
        else:
            fact("type", code, f"a {name}-type game", None, None)
    return out


# -- Solvitaire ------------------------------------------------------------------------------------

def _or_none(table: dict) -> Callable[[Any], Any]:
    return lambda v: table.get(v)


PRESET_PAIRS: tuple[tuple[str, str, Callable[[Any], Any], Callable[[dict], bool]], ...] = (
    # (spec path, Solvitaire key, the book's value in Solvitaire's terms (None: no such rule), when it applies)
    ("deck.packs", "two decks", lambda v: {1: False, 2: True}.get(v), lambda r: True),
    ("layout.tableau_piles", "tableau piles.count", lambda v: v, lambda r: r["tableau piles.count"] > 0),
    ("tableau.build_suit", "tableau piles.build policy", _or_none(BUILD_POLICY), lambda r: r["tableau piles.count"] > 0),
    ("tableau.build_direction", "tableau piles.build policy",
     lambda v: {"none": "no-build"}.get(v, "*down*" if v == "down" else None), lambda r: r["tableau piles.count"] > 0),
    ("tableau.space", "tableau piles.spaces policy", lambda v: (SPACES.get(v) or (None,))[0],
     lambda r: r["tableau piles.count"] > 0 and r["tableau piles.build policy"] != "no-build"),
    ("tableau.move", "tableau piles.move built group", lambda v: (MOVE.get(v) or (None,))[0],
     lambda r: r["tableau piles.count"] > 0 and r["tableau piles.build policy"] != "no-build"),
    ("layout.cells", "cells.count", lambda v: v, lambda r: True),
    ("layout.reserve", "reserve.size", lambda v: v if isinstance(v, int) else None, lambda r: True),
    ("foundations.preplaced", "foundations.initial cards", lambda v: "all" if v else "none",
     lambda r: r["foundations.present"] and r["foundations.initial cards"] != "one"),
    ("foundations.base", "foundations.base card",
     lambda v: "random" if v == "any-first" else SOLVITAIRE_RANK.get(v),
     lambda r: r["foundations.present"] and not r["foundations.only complete pile moves"]),
    ("foundations.removable", "foundations.removable", lambda v: v, lambda r: r["foundations.present"]),
    ("stock.redeals", "stock.redeal", lambda v: {0: False, "unlimited": True}.get(v), lambda r: r["stock.size"] > 0),
    ("stock.deal", "stock.deal count", lambda v: int(v.split()[0]) if isinstance(v, str) and v.split()[0].isdigit()
     else None, lambda r: r["stock.size"] > 0 and r["stock.deal type"] == "waste"),
    ("layout.face", "tableau piles.face up cards", lambda v: {"up": "all", "mixed": "top"}.get(v),
     lambda r: r["tableau piles.count"] > 0),
)
"""How a preset's keys read as the spec's fields. ``*down*`` stands for «any build policy but
no-build» (Solvitaire builds down whenever it builds)."""


def preset_facts(game: str, spec: RuleSpec, preset: Preset) -> list[WitnessFact]:
    """The preset's keys beside the book's fields (:data:`PRESET_PAIRS`), read over ``default``."""
    rules = {**flatten(presets()["default"]), **preset.given}
    out = []
    for path, key, as_solvitaire, applies in PRESET_PAIRS:
        if not applies(rules):
            continue
        cat = rules[key]
        own = "" if key in preset.given else " (its default)"
        ref = f"Solvitaire preset «{preset.name}», {key}{own}"
        f = spec.known(path)
        said = f"{key} = {json.dumps(cat, ensure_ascii=False)}"
        if path == "tableau.build_direction":
            cat_dir = "none" if cat == "no-build" else "down"
            said = f"built {cat_dir}" if cat_dir == "down" else "no building"
        if f is None:
            if key in preset.given:   # a default the preset does not set says nothing of this game
                out.append(WitnessFact(game, "Solvitaire", preset.name, path, cat, said, None, "book-silent",
                                       None, None, ref))
            continue
        mine = as_solvitaire(f.value)
        ok = (mine == "*down*" and cat != "no-build") if mine == "*down*" else mine == cat
        out.append(WitnessFact(game, "Solvitaire", preset.name, path, cat, said, f.value,
                               "agrees" if ok else "disagrees", f.quote, f.lines, ref))
    return out


def facts_for(game: str, rules: dict | RuleSpec | None, crosswalk_row: dict | None) -> list[WitnessFact]:
    """Every witness fact of one game: PySolFC's entry and Solvitaire's preset, when the
    crosswalk row links them (none without a row)."""
    if not crosswalk_row:
        return []
    spec = RuleSpec.from_json(rules)
    out = pysol_facts(game, spec, crosswalk_row.get("pysol_id"))
    preset = preset_for(crosswalk_row)
    if preset is not None:
        out += preset_facts(game, spec, preset)
    return out


# -- the knowledge base ------------------------------------------------------------------------------

def write(db, games: Iterable, rows: Iterable) -> list[WitnessFact]:
    """Write ``catalogue_facts`` and one ``catalogue-disagreement`` finding per disagreement into a
    sqlite-utils ``Database`` whose ``games`` and ``findings`` tables exist. ``games``:
    :class:`pasyans.models.GameText` (``key``, ``source``, ``rules``); ``rows``: the crosswalk rows
    used (:class:`pasyans.kb.crosswalk.CrosswalkRow`). Returns the facts."""
    by_game = {r.game: r.as_row() for r in rows}
    facts: list[WitnessFact] = []
    source = {}
    for g in games:
        source[g.key] = g.source
        facts += facts_for(g.key, g.rules, by_game.get(g.key))
    from .schema import TABLES

    TABLES["catalogue_facts"].create(db)  # one row per WitnessFact
    TABLES["catalogue_facts"].insert_all(db, (f.as_record() for f in facts))
    db["catalogue_facts"].create_index(["game"])
    found = [{"source": source[f.game], "game": f.game, "kind": KIND, "message": f.message(), "token": f.field,
              "first_line": f.lines[0] if f.lines else None, "last_line": f.lines[1] if f.lines else None}
             for f in facts if f.status == "disagrees"]
    if found:
        db["findings"].insert_all(found)
    return facts


ORDER = {"disagrees": 0, "book-silent": 1, "agrees": 2}


def all_facts(conn, game_id: str | None = None) -> dict[str, list[dict]]:
    """game id → its ``catalogue_facts`` rows (values decoded, ``lines`` [first, last] or None),
    disagreements first; ``{}`` for a knowledge base built before the table existed."""
    from .query import has_table, records

    if not has_table(conn, "catalogue_facts"):
        return {}
    where, args = ("game = ?", (game_id,)) if game_id is not None else (None, ())
    out: dict[str, list[dict]] = {}
    for d in records(conn, "catalogue_facts", where, args, order_by="rowid"):
        first, last = d.pop("first_line"), d.pop("last_line")
        d["lines"] = [first, last] if first is not None else None
        out.setdefault(d.pop("game"), []).append(d)
    for facts in out.values():
        facts.sort(key=lambda d: ORDER.get(d["status"], 3))
    return out


def game_facts(conn, game_id: str) -> list[dict]:
    """The ``catalogue_facts`` rows of one game (:func:`all_facts`)."""
    return all_facts(conn, game_id).get(game_id, [])


def show_lines(facts: list[dict]) -> list[str]:
    """What ``pasyans show`` prints of a game's :func:`game_facts`: each disagreement with both sides
    and the book's quote, each «the catalogue says» (marked: not from the book), then how many
    facts agree. Empty when the game has no catalogue facts."""
    out = []
    for f in facts:
        book = json.dumps(f["book_value"], ensure_ascii=False)
        where = f" ({_span(f['lines'])})" if f["lines"] else ""
        if f["status"] == "disagrees":
            out.append(f"catalogue disagrees: {f['catalogue']} {f['entry']}: {f['field']}: {f['said']} "
                       f"[{f['ref']}] — the book: {book} «{f['quote']}»{where}")
        elif f["status"] == "book-silent":
            out.append(f"catalogue says (not from the book): {f['catalogue']} {f['entry']}: {f['field']}: "
                       f"{f['said']} [{f['ref']}]")
    by_field: dict[str, list[str]] = {}
    for f in facts:
        if f["status"] == "agrees" and f["catalogue"] not in by_field.setdefault(f["field"], []):
            by_field[f["field"]].append(f["catalogue"])
    if by_field:  # one count per fact, however many catalogues agree on it (their names said)
        fields = ", ".join(k + (f" ({', '.join(sorted(c))})" if len(c) > 1 else "") for k, c in sorted(by_field.items()))
        out.append(f"catalogues agree with the book on {len(by_field)} fact(s): {fields}")
    return out
