"""The typed rule spec: the one seam between reading a game's rules and judging its moves.

The rule extractor writes a game's rules as JSON (``pasyans/data/rules.schema.json``); that JSON is
the on-disk format (the knowledge base's ``games.rules``, the export). Everything that *uses* the
rules — the engine, the exports — converts once, here::

    spec = RuleSpec.from_json(game.rules)          # tolerant: synonyms normalised, gaps unknown
    spec.tableau.build_suit.value                  # "alternate-color"
    spec.tableau.build_suit.lines                  # (550, 552)
    spec.field("foundations.base")                 # the same by dotted path (unknown Field if absent)
    spec.known("foundations.base")                 # the Field, or None when unknown
    spec.pack                                      # pasyans.cards.Pack of deck.cards_per_pack
    spec.special_named("pairs").params.total       # typed parameters of a mechanic
    spec.to_json(); spec.validate()                # back to the schema's JSON; checked against it

Every fact is a :class:`Field` (value, status, quote, lines, ref, reason, and its dotted ``path``).
``status`` is ``"stated"`` (read from the game's own text: ``quote`` and ``lines`` say where),
``"inherited"`` (``ref`` says from where) or ``"unknown"`` (``value`` ``None``; ``reason`` may say why).

Adding a field: the rules reader adds it to the schema (additively); here it is one line in its
section class, e.g. ``deal_to: Field[str] = _f()`` in :class:`Stock`. A key this module does not
declare is kept in the section's ``extra`` and written back by :meth:`RuleSpec.to_json`, so no data
is lost in between. Synonyms the readers or hand-written specs use («alternate-colour», «single»,
«sequence») are mapped to the schema's enum values in one table, :data:`SYNONYMS`.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, ClassVar, Generic, Iterator, Mapping, TypeVar

from .cards import Pack

T = TypeVar("T")

STATUSES = ("stated", "inherited", "unknown")


class SpecError(ValueError):
    """A rule spec that does not follow ``rules.schema.json``; the message names the path."""


# -- the schema ------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def load_schema() -> dict:
    """The rule spec JSON Schema (draft 2020-12) shipped as ``pasyans/data/rules.schema.json``."""
    return json.loads(resources.files("pasyans").joinpath("data/rules.schema.json").read_text("utf-8"))


@lru_cache(maxsize=1)
def validator():
    """The compiled schema validator (built once per process). The bundled schema itself is checked
    against its metaschema by the tests (``tests/test_rules.py``), not on every start: that check
    cost each build ≈ 0.06 s."""
    import jsonschema

    schema = load_schema()
    return jsonschema.validators.validator_for(schema)(schema)


_FIELD = "#/$defs/field"


@lru_cache(maxsize=1)
def _split_validators():
    """``(frame, field, paths)`` or ``None``: the schema with every field record's ``$ref`` taken out
    (its sibling keywords kept), the schema of one field record (``$defs/field``, refs resolved
    in the whole schema), and the property paths where the records sit (``("deck", "packs")``,
    ``("goal",)``). ``None`` when a field ref sits anywhere but under ``properties`` from the
    root: then only the whole schema is used."""
    import copy

    import jsonschema

    schema = copy.deepcopy(load_schema())
    paths: list[tuple[str, ...]] = []

    def walk(node: dict, at: tuple[str, ...]) -> None:
        for name, sub in node.get("properties", {}).items():
            if isinstance(sub, dict) and sub.get("$ref") == _FIELD:
                del sub["$ref"]
                paths.append((*at, name))
            elif isinstance(sub, dict):
                walk(sub, (*at, name))

    walk(schema, ())
    if _FIELD in json.dumps(schema):  # a field ref elsewhere (in an array, a condition): not split
        return None
    cls = jsonschema.validators.validator_for(schema)
    field_schema = {"$schema": schema.get("$schema"), "$defs": schema["$defs"], "$ref": _FIELD}
    return cls(schema), cls(field_schema), tuple(paths)


_FIELD_OK: dict[str, bool] = {}
"""``repr`` of a field record → whether it follows ``$defs/field`` (at most 8,192, then emptied)."""


def _field_ok(record: Any) -> bool:
    key = repr(record)
    ok = _FIELD_OK.get(key)
    if ok is None:
        ok = _split_validators()[1].is_valid(record)
        if len(_FIELD_OK) >= 8192:
            _FIELD_OK.clear()
        _FIELD_OK[key] = ok
    return ok


def is_valid(data: Any) -> bool:
    """Whether ``data`` follows the schema, as :func:`validator` says, sooner: the frame of the
    spec is checked once, and each field record (most are alike: the same unknown record with
    the same reason) against ``$defs/field`` once per distinct ``repr`` (remembered, 8,192)."""
    split = _split_validators()
    if split is None:
        return validator().is_valid(data)
    frame, _field, paths = split
    if not frame.is_valid(data):
        return False
    for path in paths:
        node = data
        for part in path:
            if not isinstance(node, dict) or part not in node:
                break
            node = node[part]
        else:
            if not _field_ok(node):
                return False
    return True


def schema_errors(data: Any) -> list[str]:
    """Every way ``data`` breaks the schema, one line each (``"tableau.space: 'x' is not one of …"``)."""
    if is_valid(data):
        return []
    out = []
    for e in sorted(validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        where = ".".join(map(str, e.absolute_path)) or "(top)"
        out.append(f"{where}: {e.message}")
    return out


def validate_json(data: Any) -> None:
    """Raise :class:`SpecError` (first error, one line) unless ``data`` follows the schema."""
    errors = schema_errors(data)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise SpecError(errors[0] + more)


@lru_cache(maxsize=1)
def schema_version() -> str:
    """The newest ``schema_version`` the schema accepts (``"0.2"``)."""
    versions = load_schema()["properties"]["schema_version"]["enum"]
    return max(versions, key=lambda v: tuple(int(x) for x in v.split(".")))


@lru_cache(maxsize=None)
def allowed(path: str) -> tuple | None:
    """The schema's enum for the value of field ``path`` (``None`` included), or ``None`` when the
    value has no enum or the schema does not have the path."""
    node = load_schema()
    for part in path.split("."):
        node = node.get("properties", {}).get(part)
        if node is None:
            return None
    value = node.get("properties", {}).get("value", {})
    return tuple(value["enum"]) if "enum" in value else None


SYNONYMS = {
    "alternate-colour": "alternate-color", "alternating-color": "alternate-color",
    "alternating-colour": "alternate-color", "alternate": "alternate-color",
    "same-colour": "same-color", "any-colour": "any-suit", "any": "any-suit", "anysuit": "any-suit",
    "single": "one-card", "one": "one-card", "single-card": "one-card",
    "sequence": "any-sequence", "sequences": "any-sequence",
    "same-suit-sequences": "same-suit-sequence", "pile": "whole-pile", "king": "kings",
    "ascending": "up", "descending": "down", "both-ways": "either",
    "ace": "A", "king-and-ace": "A+K", "ace+king": "A+K", "10": "T",
}
"""Other spellings → the schema's enum value. Applied only where the value is not already in the
field's enum and the mapped value is (so ``"any"`` stays ``"any"`` for ``foundations.base`` and
``tableau.space``, and becomes ``"any-suit"`` for a suit rule)."""


def normalise(path: str, value: Any) -> Any:
    """``value`` of field ``path`` with a synonym replaced by the schema's enum value (strings are
    stripped and lower-cased first, except rank letters)."""
    enum = allowed(path)
    if enum is None or not isinstance(value, str) or value in enum:
        return value
    v = value.strip()
    for cand in (v, v.lower(), v.upper(), SYNONYMS.get(v.lower()), SYNONYMS.get(v)):
        if cand is not None and cand in enum:
            return cand
    return value


# -- one fact --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Field(Generic[T]):
    """One fact of the rules with its evidence (the schema's ``$defs/field``).

    ``lines``: ``(first, last)`` raw lines of the source file, inclusive; ``path``: where the field
    sits (``"tableau.build_suit"``), set by the section that holds it.
    """

    value: T | None = None
    status: str = "unknown"
    quote: str | None = None
    lines: tuple[int, int] | None = None
    ref: str | None = None
    reason: str | None = None
    path: str = field(default="", compare=False)

    @property
    def known(self) -> bool:
        """Whether the value is known (stated or inherited, not ``None``)."""
        return self.status != "unknown" and self.value is not None

    @classmethod
    def from_json(cls, raw: Any, path: str = "") -> "Field":
        """A field from its JSON record; a bare value counts as stated, ``None`` as unknown.
        Synonyms are normalised (:func:`normalise`)."""
        if raw is None:
            return cls(path=path)
        if not isinstance(raw, Mapping) or "value" not in raw:
            return cls(normalise(path, raw), "stated", path=path) if path else cls(raw, "stated")
        value = raw.get("value")
        status = raw.get("status") or ("stated" if value is not None else "unknown")
        lines = raw.get("lines")
        return cls(normalise(path, value) if path else value, status, raw.get("quote"),
                   tuple(lines) if lines else None, raw.get("ref"), raw.get("reason"), path)

    def to_json(self) -> dict:
        """The schema's record: ``value status quote lines ref reason``."""
        return {"value": self.value, "status": self.status, "quote": self.quote,
                "lines": list(self.lines) if self.lines else None, "ref": self.ref, "reason": self.reason}

    def at(self, path: str) -> "Field":
        """This field placed at ``path``."""
        return self if self.path == path else dataclasses.replace(self, path=path)

    def cite(self) -> str:
        """Where the fact comes from, for a person: ``"lines 550–552"``, ``"inherited from 000
        Правило 2"``, ``"unknown"``."""
        if not self.known:
            return "unknown"
        if self.status == "inherited" and self.ref:
            where = f"lines {self.lines[0]}–{self.lines[1]}, " if self.lines else ""
            return f"{where}inherited from {self.ref}"
        if self.lines:
            return f"lines {self.lines[0]}–{self.lines[1]}" if self.lines[0] != self.lines[1] else f"line {self.lines[0]}"
        return self.status


def stated(value: Any, quote: str | None = None, lines: tuple[int, int] | None = None, path: str = "") -> Field:
    """A stated :class:`Field` (for tests and hand-written specs)."""
    return Field(value, "stated", quote, tuple(lines) if lines else None, None, None, path)


def _f() -> Any:
    return field(default_factory=Field)


# -- sections --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Section:
    """A group of fields of the spec (``deck``, ``layout``, …). ``extra``: fields of a newer schema
    this module does not declare yet, kept as JSON and written back."""

    NAME: ClassVar[str] = ""
    extra: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name in self.names():
            f = getattr(self, name)
            if not isinstance(f, Field):
                f = Field.from_json(f, f"{self.NAME}.{name}")
            object.__setattr__(self, name, f.at(f"{self.NAME}.{name}"))

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The declared field names, in order."""
        return tuple(f.name for f in dataclasses.fields(cls) if f.name != "extra")

    def fields(self) -> Iterator[Field]:
        """The declared fields, in order."""
        return (getattr(self, n) for n in self.names())

    @classmethod
    def from_json(cls, raw: Mapping | None) -> "Section":
        raw = raw if isinstance(raw, Mapping) else {}
        names = cls.names()
        kwargs = {n: Field.from_json(raw.get(n), f"{cls.NAME}.{n}") for n in names}
        extra = {k: v for k, v in raw.items() if k not in names}
        return cls(extra=extra, **kwargs)

    def to_json(self) -> dict:
        out = {n: getattr(self, n).to_json() for n in self.names()}
        out.update(self.extra)
        return out


@dataclass(frozen=True)
class Deck(Section):
    """``deck``: the packs shuffled together."""

    NAME: ClassVar[str] = "deck"
    packs: Field[int] = _f()
    cards_per_pack: Field[int] = _f()
    jokers: Field[int] = _f()


@dataclass(frozen=True)
class Layout(Section):
    """``layout``: what is dealt where."""

    NAME: ClassVar[str] = "layout"
    tableau_piles: Field[int] = _f()
    cards_per_pile: Field[int | str] = _f()
    face: Field[str] = _f()
    reserve: Field[int | str] = _f()
    cells: Field[int] = _f()


@dataclass(frozen=True)
class Foundations(Section):
    """``foundations``: where the suits are built up (or down) to win."""

    NAME: ClassVar[str] = "foundations"
    base: Field[str] = _f()
    direction: Field[str] = _f()
    suit: Field[str] = _f()
    step: Field[int] = _f()
    wrap: Field[bool] = _f()
    preplaced: Field[bool] = _f()
    removable: Field[bool] = _f()
    complete_sequences: Field[bool] = _f()


@dataclass(frozen=True)
class Tableau(Section):
    """``tableau``: building on the piles of the layout, moving cards and filling spaces."""

    NAME: ClassVar[str] = "tableau"
    build_direction: Field[str] = _f()
    build_suit: Field[str] = _f()
    move: Field[str] = _f()
    space: Field[str] = _f()
    wrap: Field[bool] = _f()


@dataclass(frozen=True)
class Waste(Section):
    """``waste``: building on the waste pile (Golf's «резервная стопка»)."""

    NAME: ClassVar[str] = "waste"
    build_direction: Field[str] = _f()
    build_suit: Field[str] = _f()
    wrap: Field[bool] = _f()


@dataclass(frozen=True)
class Stock(Section):
    """``stock``: dealing the cards not laid out."""

    NAME: ClassVar[str] = "stock"
    deal: Field[str] = _f()
    redeals: Field[int | str] = _f()
    deal_to: Field[str] = _f()
    deal_when: Field[str] = _f()
    cards: Field[int] = _f()


Goal = Field
"""``goal`` is one field (a sentence), not a section."""

SECTIONS: tuple[type[Section], ...] = (Deck, Layout, Foundations, Tableau, Waste, Stock)


# -- mechanics outside the fields -----------------------------------------------------------------

@dataclass(frozen=True, repr=False)
class Params(Mapping):
    """Parameters of a ``special`` entry. Subclasses (registered with :func:`register_params` by the
    engine's mechanic for that name) declare typed fields; a JSON key that is not a Python name is
    given in the field's metadata (``field(metadata={"key": "build policies"})``). Keys a class does
    not declare stay in ``extra``. Reads like the JSON dict too: ``params.get("total")``."""

    extra: dict = field(default_factory=dict, compare=False, repr=False)
    given: tuple = field(default=(), compare=False, repr=False)

    @classmethod
    def _keys(cls) -> dict[str, str]:
        return {f.metadata.get("key", f.name): f.name for f in dataclasses.fields(cls) if f.name not in ("extra", "given")}

    @classmethod
    def from_json(cls, raw: Mapping | None) -> "Params":
        raw = dict(raw or {})
        keys = cls._keys()
        kwargs = {keys[k]: v for k, v in raw.items() if k in keys}
        return cls(extra={k: v for k, v in raw.items() if k not in keys}, given=tuple(raw), **kwargs)

    def to_json(self) -> dict:
        """The parameters as JSON: the keys read (in their order), then declared fields set otherwise."""
        defaults = {f.name: f.default if f.default is not dataclasses.MISSING else
                    (f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
                    for f in dataclasses.fields(self)}
        out: dict[str, Any] = {}
        for k in self.given:
            name = self._keys().get(k)
            out[k] = _json_value(getattr(self, name)) if name else self.extra.get(k)
        for k, name in self._keys().items():
            if k not in out and getattr(self, name) != defaults[name]:
                out[k] = _json_value(getattr(self, name))
        for k, v in self.extra.items():
            out.setdefault(k, v)
        return out

    def __getitem__(self, key: str) -> Any:
        return self.to_json()[key]

    def __iter__(self):
        return iter(self.to_json())

    def __len__(self) -> int:
        return len(self.to_json())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_json()!r})"

    def __getattr__(self, name: str) -> Any:
        extra = self.__dict__.get("extra", {})
        for k in (name, name.replace("_", " "), name.replace("_", "-")):
            if k in extra:
                return extra[k]
        raise AttributeError(name)


def _json_value(v: Any) -> Any:
    if hasattr(v, "format") and hasattr(v, "rank") and hasattr(v, "suit"):
        return v.format()   # a Card
    if isinstance(v, (list, tuple)):
        return [_json_value(x) for x in v]
    if isinstance(v, dict):
        return {k: _json_value(x) for k, x in v.items()}
    return v


PARAMS: dict[str, type[Params]] = {}
"""``special`` name → its typed :class:`Params` class (filled by :func:`register_params`)."""

MECHANICS_MODULE = "pasyans.engine.variants"
"""Where the mechanics and their parameter classes are registered (imported once, lazily)."""


def _items(value: Any) -> tuple | list:
    """``value`` when it is a JSON list, else no items (tolerant reading: a ``"special": true``
    is no list of specials)."""
    return value if isinstance(value, (list, tuple)) else ()


def register_params(*names: str):
    """Class decorator: ``names`` of ``special`` entries take their parameters as this class."""
    def deco(cls: type[Params]) -> type[Params]:
        for n in names:
            PARAMS[n] = cls
        return cls
    return deco


@lru_cache(maxsize=1)
def _load_mechanics() -> None:
    try:
        importlib.import_module(MECHANICS_MODULE)
    except ModuleNotFoundError as e:   # the mechanics package is optional for reading a spec
        if e.name != MECHANICS_MODULE:
            raise


@dataclass(frozen=True)
class Special:
    """A mechanic outside the fields (``special`` of the schema): ``name`` (``"pairs"``,
    ``"paganini-windows"``, …), what it means, the sentence and lines it comes from, its typed
    :class:`Params`, and ``ref`` when it was inherited."""

    name: str
    description: str = ""
    quote: str = ""
    lines: tuple[int, int] | None = None
    params: Params = field(default_factory=Params)
    ref: str | None = None
    keys: tuple[str, ...] = field(default=("name", "description", "quote", "lines", "params"), compare=False, repr=False)

    @classmethod
    def from_json(cls, raw: Mapping) -> "Special":
        _load_mechanics()
        name = str(raw.get("name", ""))
        ptype = PARAMS.get(name, Params)
        lines = raw.get("lines")
        return cls(name, raw.get("description", ""), raw.get("quote", ""), tuple(lines) if lines else None,
                   ptype.from_json(raw.get("params")), raw.get("ref"), tuple(raw.keys()))

    def to_json(self) -> dict:
        out = {"name": self.name, "description": self.description, "quote": self.quote,
               "lines": list(self.lines) if self.lines else None}
        if "params" in self.keys or len(self.params):
            out["params"] = self.params.to_json()
        if "ref" in self.keys or self.ref is not None:
            out["ref"] = self.ref
        return out

    def cite(self) -> str:
        """``"lines 2430–2432"`` (or ``"inherited from …"``) for a person."""
        if self.lines:
            a, b = self.lines
            where = f"lines {a}–{b}" if a != b else f"line {a}"
            return f"{where}, inherited from {self.ref}" if self.ref else where
        return f"inherited from {self.ref}" if self.ref else "the rules"


@dataclass(frozen=True)
class Conflict:
    """Two or more sentences that give field ``field`` different values (the first value is kept)."""

    field: str
    quotes: tuple[str, ...]
    lines: tuple[tuple[int, int], ...]
    values: tuple | None = None

    @classmethod
    def from_json(cls, raw: Mapping) -> "Conflict":
        values = raw.get("values")
        return cls(str(raw.get("field", "")), tuple(raw.get("quotes") or ()),
                   tuple(tuple(x) for x in raw.get("lines") or ()), tuple(values) if values is not None else None)

    def to_json(self) -> dict:
        out = {"field": self.field, "quotes": list(self.quotes), "lines": [list(x) for x in self.lines]}
        if self.values is not None:
            out["values"] = list(self.values)
        return out


# -- the spec --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RuleSpec:
    """One game's rules (see the module text). Immutable: :meth:`with_field` gives a changed copy."""

    schema_version: str = field(default_factory=schema_version)
    deck: Deck = field(default_factory=Deck)
    layout: Layout = field(default_factory=Layout)
    foundations: Foundations = field(default_factory=Foundations)
    tableau: Tableau = field(default_factory=Tableau)
    waste: Waste = field(default_factory=Waste)
    stock: Stock = field(default_factory=Stock)
    goal: Field[str] = _f()
    special: tuple[Special, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    extra: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "goal", (self.goal if isinstance(self.goal, Field) else Field.from_json(self.goal, "goal")).at("goal"))

    # -- conversion ----------------------------------------------------------------------------
    @classmethod
    def from_json(cls, data: "Mapping | RuleSpec | None") -> "RuleSpec":
        """A spec from its JSON (a 0.1 or 0.2 dict, a partial dict, ``None`` = all unknown), or
        ``data`` itself when it is a spec already. Tolerant: a missing section or field is
        unknown; use :meth:`validate` (or :func:`validate_json` on the dict) to hold it to the schema."""
        if isinstance(data, RuleSpec):
            return data
        data = data if isinstance(data, Mapping) else {}
        secs = {s.NAME: s.from_json(data.get(s.NAME)) for s in SECTIONS}
        known = {"schema_version", "goal", "special", "conflicts", *secs}
        return cls(str(data.get("schema_version") or schema_version()), goal=Field.from_json(data.get("goal"), "goal"),
                   special=tuple(Special.from_json(s) for s in _items(data.get("special")) if isinstance(s, Mapping)),
                   conflicts=tuple(Conflict.from_json(c) for c in _items(data.get("conflicts")) if isinstance(c, Mapping)),
                   extra={k: v for k, v in data.items() if k not in known}, **secs)

    def to_json(self) -> dict:
        """The spec as the schema's JSON (what the knowledge base and the export hold)."""
        out: dict[str, Any] = {"schema_version": self.schema_version}
        for s in SECTIONS:
            out[s.NAME] = getattr(self, s.NAME).to_json()
        out["goal"] = self.goal.to_json()
        out["special"] = [s.to_json() for s in self.special]
        out["conflicts"] = [c.to_json() for c in self.conflicts]
        out.update(self.extra)
        return out

    def validate(self) -> "RuleSpec":
        """``self`` when :meth:`to_json` follows the schema; raises :class:`SpecError` naming the path."""
        validate_json(self.to_json())
        return self

    # -- reading -------------------------------------------------------------------------------
    @classmethod
    def paths(cls) -> tuple[str, ...]:
        """Dotted paths of every declared field, in order: ``("deck.packs", …, "stock.deal_to", "goal")``."""
        return tuple(f"{s.NAME}.{n}" for s in SECTIONS for n in s.names()) + ("goal",)

    def fields(self) -> Iterator[Field]:
        """Every declared field, in :meth:`paths` order."""
        for s in SECTIONS:
            yield from getattr(self, s.NAME).fields()
        yield self.goal

    def field(self, path: str) -> Field:
        """The field at dotted ``path``; an unknown :class:`Field` for a path the spec does not hold
        (a field of a newer schema kept in ``extra`` is read from there)."""
        if path == "goal":
            return self.goal
        section, _, name = path.partition(".")
        sec = getattr(self, section, None)
        if not isinstance(sec, Section):
            return Field(path=path)
        if name in sec.names():
            return getattr(sec, name)
        return Field.from_json(sec.extra.get(name), path)

    def known(self, path: str) -> Field | None:
        """The field at ``path`` when its value is known, else ``None``."""
        f = self.field(path)
        return f if f.known else None

    def value(self, path: str) -> Any:
        """The known value at ``path``, or ``None``."""
        f = self.field(path)
        return f.value if f.known else None

    @property
    def pack(self) -> Pack:
        """The pack's rank order (:class:`pasyans.cards.Pack`) from ``deck.cards_per_pack``; a full
        pack when that is unknown."""
        n = self.value("deck.cards_per_pack")
        try:
            return Pack.of(n if isinstance(n, int) else None)
        except ValueError:
            return Pack.of(None)

    def specials(self, *names: str) -> list[Special]:
        """The ``special`` entries named ``names`` (all when none are given), in order."""
        return [s for s in self.special if not names or s.name in names]

    def special_named(self, *names: str) -> Special | None:
        """The first ``special`` entry whose name is one of ``names``, or ``None``."""
        return next((s for s in self.special if s.name in names), None)

    def conflict(self, path: str) -> Conflict | None:
        """The conflict recorded for field ``path``, or ``None``."""
        return next((c for c in self.conflicts if c.field == path), None)

    # -- changing ------------------------------------------------------------------------------
    def with_field(self, path: str, value: Any, status: str = "stated", quote: str | None = None,
                   lines: tuple[int, int] | None = None, ref: str | None = None) -> "RuleSpec":
        """A copy with field ``path`` set (``value`` ``None`` makes it unknown; a :class:`Field`
        is taken as it is). Raises ``KeyError`` for a path no section declares."""
        if isinstance(value, Field):
            f = value
        elif value is None:
            f = Field()
        else:
            f = Field(normalise(path, value), status, quote, tuple(lines) if lines else None, ref)
        if path == "goal":
            return dataclasses.replace(self, goal=f.at("goal"))
        section, _, name = path.partition(".")
        sec = getattr(self, section, None)
        if not isinstance(sec, Section) or name not in sec.names():
            raise KeyError(path)
        return dataclasses.replace(self, **{section: dataclasses.replace(sec, **{name: f.at(path)})})

    def with_special(self, *specials: "Special | Mapping") -> "RuleSpec":
        """A copy with ``specials`` added (records or their JSON)."""
        new = tuple(s if isinstance(s, Special) else Special.from_json(s) for s in specials)
        return dataclasses.replace(self, special=self.special + new)


def get_field(data: "Mapping | RuleSpec | None", path: str) -> dict:
    """The JSON record of field ``path`` in a spec dict (an unknown record when absent), for code
    that holds the JSON: ``get_field(game.rules, "tableau.space")["value"]``."""
    return RuleSpec.from_json(data).field(path).to_json()
