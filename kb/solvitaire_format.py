"""Solvitaire's rules-file format as facts: its schema, its presets, the records an export is
made of, and the comparison of an exported file with the same game's preset.

- :func:`schema` — ``pasyans/data/solvitaire.schema.json``: the keys and values Solvitaire's loader
  accepts (written from reading its ``rules_parser.cpp``; no code copied); :func:`validate`.
- :func:`presets` — ``pasyans/data/solvitaire_presets.json``: the presets it ships (each is the
  ``default`` preset with some keys overridden); :func:`effective` reads a file over ``default``.
- :func:`preset_for` — the preset of the game a crosswalk row links, by name (evidence kept).
- :class:`Note`, :class:`Evidence`, :class:`Obstacle`, :class:`NotExpressible`,
  :class:`SolvitaireRules` — what :func:`pasyans.kb.solvitaire.export_game` returns or raises.
- :func:`compare` — every key where an exported file and its preset play differently
  (:class:`Difference`, carrying the note of the export's value).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field as dc_field
from functools import lru_cache
from importlib import resources
from typing import Any

# -- records -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Evidence:
    """One spec field an exported value rests on: its ``path``, value, status (``stated`` or
    ``inherited``), ``quote`` and raw ``lines`` [first, last], ``ref`` (what it is inherited from)."""

    path: str
    value: Any
    status: str
    quote: str | None
    lines: tuple[int, int] | None
    ref: str | None

    def as_dict(self) -> dict:
        return {"field": self.path, "value": self.value, "status": self.status, "quote": self.quote,
                "lines": list(self.lines) if self.lines else None, "ref": self.ref}


@dataclass(frozen=True)
class Note:
    """Where the value of one Solvitaire ``key`` («tableau piles.count») comes from.

    ``basis``: ``book`` (``evidence`` holds the fields and their quotes), ``silence`` (the
    text as read says nothing; ``text`` says how the silence is read), ``preset`` (taken from
    the same game's Solvitaire preset, named in ``text``; not from the book) or ``format``.
    ``text`` is one readable sentence, also when the basis is the book (what was translated how).
    """

    key: str
    value: Any
    basis: str
    text: str
    evidence: tuple[Evidence, ...] = ()

    @property
    def quoted(self) -> bool:
        """Whether the value rests on the book alone, with at least one quote."""
        return self.basis == "book" and any(e.quote for e in self.evidence)

    def as_dict(self) -> dict:
        return {"key": self.key, "value": self.value, "basis": self.basis, "text": self.text,
                "evidence": [e.as_dict() for e in self.evidence]}


@dataclass(frozen=True)
class Obstacle:
    """Why a spec cannot be written as a Solvitaire file: the rule (``fields`` or a special's
    name, its ``quote`` and ``lines``) Solvitaire has no rule for, or the fact it needs that the
    text as read does not give (``quote`` then None). ``text`` is the readable reason."""

    fields: tuple[str, ...]
    text: str
    quote: str | None = None
    lines: tuple[int, int] | None = None

    def as_dict(self) -> dict:
        return {"fields": list(self.fields), "text": self.text, "quote": self.quote,
                "lines": list(self.lines) if self.lines else None}


class NotExpressible(ValueError):
    """The spec cannot be written as a Solvitaire rules file. ``obstacles`` (:class:`Obstacle`)
    say why, one per problem; ``reasons`` are their texts."""

    def __init__(self, obstacles: list[Obstacle]):
        self.obstacles = obstacles
        self.reasons = [o.text for o in obstacles]
        super().__init__("; ".join(self.reasons))


@dataclass(frozen=True)
class Preset:
    """A Solvitaire preset of the same game: its ``name`` («klondike»), the keys it sets
    (``given``, flattened «section.key» → value) and ``evidence``: why it is the same game
    (the crosswalk row and the name that equals the preset's)."""

    name: str
    given: dict
    evidence: str


@dataclass(frozen=True)
class Difference:
    """A key where the export and the same game's Solvitaire preset play differently: ``ours``
    with its :class:`Note`, ``theirs`` (the preset's value, its own or the default's)."""

    key: str
    ours: Any
    theirs: Any
    note: Note

    def as_dict(self) -> dict:
        return {"key": self.key, "ours": self.ours, "theirs": self.theirs, "quoted": self.note.quoted,
                "note": self.note.as_dict()}


@dataclass
class SolvitaireRules:
    """A rule spec written as a Solvitaire rules file: ``rules`` (the file, every key given),
    ``notes`` (one per key, and notes on the spec as a whole under key ``""``), ``preset`` and
    the ``differences`` from it (empty without a preset)."""

    rules: dict
    notes: list[Note]
    preset: Preset | None = None
    differences: list[Difference] = dc_field(default_factory=list)

    def note(self, key: str) -> Note:
        """The note of one key («tableau piles.count»). Raises ``KeyError``."""
        for n in self.notes:
            if n.key == key:
                return n
        raise KeyError(key)

    def as_dict(self) -> dict:
        """The notes file entry of this game: preset, differences and notes as plain JSON."""
        return {"preset": {"name": self.preset.name, "evidence": self.preset.evidence} if self.preset else None,
                "differences": [d.as_dict() for d in self.differences],
                "notes": [n.as_dict() for n in self.notes]}


# -- data ----------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def schema() -> dict:
    """The JSON Schema of a Solvitaire rules file (``pasyans/data/solvitaire.schema.json``)."""
    return json.loads(resources.files("pasyans").joinpath("data/solvitaire.schema.json").read_text("utf-8"))


@lru_cache(maxsize=1)
def presets() -> dict[str, dict]:
    """Solvitaire's presets, name → the keys it sets (``pasyans/data/solvitaire_presets.json``)."""
    data = json.loads(resources.files("pasyans").joinpath("data/solvitaire_presets.json").read_text("utf-8"))
    return data["presets"]


def validate(rules: dict) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``rules`` is a file Solvitaire's loader accepts."""
    import jsonschema

    jsonschema.validate(rules, schema(), cls=jsonschema.Draft202012Validator)


def flatten(rules: dict) -> dict[str, Any]:
    """A rules dict as «section.key» → value («max rank» and «two decks» stay as they are)."""
    out = {}
    for k, v in rules.items():
        if isinstance(v, dict):
            out.update({f"{k}.{sub}": x for sub, x in v.items()})
        else:
            out[k] = v
    return out


def effective(rules: dict) -> dict[str, Any]:
    """The flattened rules Solvitaire plays: the ``default`` preset with ``rules`` over it."""
    return {**flatten(presets()["default"]), **flatten(rules)}


def slug(name: str) -> str:
    """The preset name Solvitaire gives an English game name: lower case, apostrophes and full
    stops dropped, other runs of non-letters a hyphen («Mrs. Mop» → ``mrs-mop``)."""
    t = name.lower().replace("'", "").replace("’", "").replace(".", "")
    return re.sub(r"[^a-z0-9]+", "-", t).strip("-")


def slugs(name: str) -> list[str]:
    """The preset names an English game name may have: :func:`slug`, and, for a name written in
    camel case as the catalogues write some («FreeCell», PySolFC and Aisleriot), the slug of its
    words apart, as Solvitaire names them (``free-cell``)."""
    out = [slug(name)]
    apart = slug(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name))
    return out + [apart] if apart != out[0] else out


def preset_for(row: dict | None) -> Preset | None:
    """The Solvitaire preset of the game a ``crosswalk`` row (a dict of ``kb/crosswalk.tsv``'s
    columns) links: the preset whose name is a :func:`slugs` of the row's English title or of
    its PySolFC, Aisleriot or KPatience name. None without a row, without a match, or when two
    names match different presets (never decided by a guess). Solvitaire's own test presets
    (``-test-…``) and ``default`` are never matched."""
    if not row:
        return None
    found: dict[str, str] = {}
    for col, label in (("english", "English title"), ("pysol_name", "PySolFC name"),
                       ("aisleriot", "Aisleriot name"), ("kpat", "KPatience name")):
        name = row.get(col)
        if not name:
            continue
        for s in slugs(name):
            if s in presets() and s != "default" and not s.startswith("-"):
                found.setdefault(s, f"{label} «{name}»")
    if len(found) != 1:
        return None
    name, why = next(iter(found.items()))
    ev = row.get("english_evidence") or ""
    return Preset(name, flatten(presets()[name]),
                  f"crosswalk {row.get('game')}: {why} (English title from: {ev or 'no evidence listed'}; "
                  f"confidence {row.get('confidence') or '?'}) is Solvitaire's preset «{name}»")


# -- the same game's preset ----------------------------------------------------------------------

def _plays(rules: dict[str, Any]) -> list[str]:
    """The keys of effective (flattened) rules that change how Solvitaire plays: a stock's keys only
    when there is a stock, a reserve's when there is one, and so on."""
    keys = ["two decks", "max rank", "foundations.present", "hole.present", "tableau piles.count",
            "cells.count", "stock.size", "reserve.size", "accordion.size", "sequences.count"]
    if rules["foundations.present"]:
        keys += ["foundations.initial cards", "foundations.base card", "foundations.removable",
                 "foundations.only complete pile moves"]
    if rules["hole.present"]:
        keys += ["hole.base card", "hole.build loops"]
    if rules["tableau piles.count"]:
        keys += ["tableau piles.build policy", "tableau piles.spaces policy", "tableau piles.diagonal deal",
                 "tableau piles.face up cards", "tableau piles.move built group"]
        if rules["tableau piles.move built group"] != "no":
            keys.append("tableau piles.move built group policy")
    if rules["cells.count"]:
        keys.append("cells.pre-filled")
    if rules["stock.size"]:
        keys += ["stock.deal type", "stock.redeal"] + (["stock.deal count"] if rules["stock.deal type"] == "waste" else [])
    if rules["reserve.size"]:
        keys.append("reserve.stacked")
    if rules["accordion.size"]:
        keys += ["accordion.moves", "accordion.build policies"]
    if rules["sequences.count"]:
        keys += ["sequences.direction", "sequences.build policy", "sequences.fixed suit"]
    return keys


def _normal(key: str, value: Any, rules: dict) -> Any:
    """One spelling per meaning: ``same-as-build`` is the build policy; a rank is «A» or a number;
    with no building, a space that takes any card or a king takes none (Solvitaire moves nothing there)."""
    if key == "tableau piles.move built group policy" and value == "same-as-build":
        return rules["tableau piles.build policy"]
    if key == "foundations.base card" and isinstance(value, str):
        return {"1": "A", "a": "A", "j": "J", "11": "J", "q": "Q", "12": "Q", "k": "K", "13": "K"}.get(value, value)
    if (key == "tableau piles.spaces policy" and rules["tableau piles.build policy"] == "no-build"
            and value in ("any", "kings")):
        return "no-build"
    return value


def compare(export: SolvitaireRules) -> list[Difference]:
    """Every key where ``export`` plays differently from its preset (both read over Solvitaire's
    ``default``), with the note of the export's value. Raises ``ValueError`` without a preset."""
    if export.preset is None:
        raise ValueError("no preset to compare with")
    ours = effective(export.rules)
    theirs = {**flatten(presets()["default"]), **export.preset.given}
    keys = list(dict.fromkeys(_plays(ours) + _plays(theirs)))
    out = []
    for k in keys:
        a, b = _normal(k, ours.get(k), ours), _normal(k, theirs.get(k), theirs)
        if a != b:
            try:
                note = export.note(k)
            except KeyError:
                note = Note(k, ours.get(k), "format", "Solvitaire's default (the export does not write this key)")
            out.append(Difference(k, ours.get(k), theirs.get(k), note))
    return out
