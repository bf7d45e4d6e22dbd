"""The rule spec's schema (``pasyans/data/rules.schema.json``): field names, enums, records.

The schema is the only source of field names and enum values. Every field of a spec is a record
``{"value", "status", "quote", "lines", "ref", "reason"}``: ``stated`` (read from the game's own
text: the sentence and its raw lines), ``inherited`` (``ref`` says from where) or ``unknown``
(value ``None``; ``reason`` says why). Schema 0.3.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, Iterable

from pasyans.spec import is_valid, load_schema, validator

SCHEMA_VERSION = "0.3"

__all__ = ["SCHEMA_VERSION", "load_schema", "field_paths", "allowed_values", "validate_spec", "unknown_field",
           "unknown_spec", "get_field", "set_field", "inherit"]


def _is_field_schema(node: dict) -> bool:
    return node.get("$ref") == "#/$defs/field"


@lru_cache(maxsize=1)
def field_paths() -> tuple[str, ...]:
    """Dotted paths of every field in the schema, in schema order: ``("deck.packs", …, "goal")``."""
    out: list[str] = []
    for name, node in load_schema()["properties"].items():
        if _is_field_schema(node):
            out.append(name)
        elif node.get("type") == "object":
            out.extend(f"{name}.{sub}" for sub, s in node["properties"].items() if _is_field_schema(s))
    return tuple(out)


def _field_schema(path: str) -> dict:
    node = load_schema()
    for part in path.split("."):
        node = node["properties"][part]
    return node


@lru_cache(maxsize=None)
def _enum(path: str) -> tuple | None:
    value = _field_schema(path)["properties"]["value"]
    return tuple(value["enum"]) if "enum" in value else None


def allowed_values(path: str) -> list | None:
    """The schema's enum for the value of field ``path`` (``None`` included), or ``None`` if it has no
    enum. Raises ``KeyError`` for a path the schema does not have."""
    e = _enum(path)
    return list(e) if e is not None else None


def validate_spec(spec: dict) -> None:
    """Check ``spec`` against the schema (:func:`pasyans.spec.is_valid`; when it fails, the one
    compiled validator, :func:`pasyans.spec.validator`, says why); raises
    ``jsonschema.ValidationError`` naming the first error."""
    if not is_valid(spec):
        validator().validate(spec)


def unknown_field(reason: str | None = None) -> dict:
    """A field nobody has read: value, quote, lines and ref all ``None``; ``reason`` says why (or ``None``)."""
    return {"value": None, "status": "unknown", "quote": None, "lines": None, "ref": None, "reason": reason}


def unknown_spec() -> dict:
    """A spec with every field unknown and no specials or conflicts (valid against the schema)."""
    spec: dict[str, Any] = {"schema_version": SCHEMA_VERSION}
    for path in field_paths():
        set_field(spec, path, unknown_field())
    spec["special"] = []
    spec["conflicts"] = []
    return spec


def get_field(spec: dict, path: str) -> dict:
    """The field record at dotted ``path`` (``"tableau.build_suit"``) of a rule spec; a path missing
    from the spec (an older spec, a partial one) reads as an unknown field."""
    node = spec
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return unknown_field()
        node = node[part]
    return node


def set_field(spec: dict, path: str, value: Any) -> None:
    """Put record ``value`` at dotted ``path`` of ``spec`` (sections created as needed); in place."""
    parts = path.split(".")
    node = spec
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value


PACK_BOUND = ("layout.tableau_piles", "layout.cards_per_pile", "layout.reserve")
"""Counts of a layout that depend on the pack dealt: never inherited from a game with another pack."""


def inherit(child: dict, parent: dict, ref: str, paths: Iterable[str] | None = None) -> dict:
    """A copy of ``child`` where every unknown field takes ``parent``'s value, marked ``inherited``.

    ``ref`` names where the value comes from («000 Правило 2, line 15», «004-021 Клондайк»); when the
    parent's own field was inherited, its ref is kept after ours (``"ref; parent-ref"``). The parent's
    quote and lines travel with the value. ``paths`` limits the fields taken (default: all of
    :func:`field_paths`). Stated fields of the child, its specials and conflicts are unchanged;
    ``parent`` is not modified. A field missing from an older spec counts as unknown.

    A child that states another pack than the parent's («то же, но двумя колодами») takes none of the
    parent's pile counts (:data:`PACK_BOUND`): they stay unknown, their ``reason`` saying so.
    """
    out = copy.deepcopy(child)
    differs = [p for p in ("deck.packs", "deck.cards_per_pack") if get_field(child, p)["status"] == "stated"
               and get_field(parent, p)["status"] != "unknown" and get_field(child, p)["value"] != get_field(parent, p)["value"]]
    for path in (field_paths() if paths is None else paths):
        mine, theirs = get_field(out, path), get_field(parent, path)
        if differs and path in PACK_BOUND and mine["status"] == "unknown" and theirs["status"] != "unknown":
            set_field(out, path, unknown_field(f"not taken from {ref}: the game's own pack ({differs[0]} = "
                                                f"{get_field(child, differs[0])['value']}) is not the one counted there"))
            continue
        if mine["status"] == "unknown" and theirs["status"] != "unknown":
            chain = ref if not theirs.get("ref") else f"{ref}; {theirs['ref']}"
            set_field(out, path, {"value": copy.deepcopy(theirs["value"]), "status": "inherited",
                                  "quote": theirs["quote"], "lines": copy.deepcopy(theirs["lines"]),
                                  "ref": chain, "reason": None})
    return out
