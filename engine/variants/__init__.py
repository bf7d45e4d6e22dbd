"""Game mechanics outside the rule spec's fields, as registered variants of :class:`~pasyans.engine.rules.Rules`.

The rule spec names a mechanic in its ``special`` list (the rules reader writes each with the
sentence it comes from). Each mechanic is one small class in this package that subclasses
:class:`~pasyans.engine.rules.Rules`, lists the special names it models in ``names``, is
registered with :func:`register`, and overrides only the checks that differ — as python-chess's
variant boards do. A game naming several mechanics gets a class composed of all of them
(:func:`rules_for`; the first named first in the method order). Parameters are typed per mechanic:
a :class:`pasyans.spec.Params` subclass registered with :func:`pasyans.spec.register_params`.

Adding a mechanic is one file here (its class and its parameters) plus its detector in the rules
reader; this package imports every module in it.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from ..rules import Rules

VARIANTS: dict[str, type[Rules]] = {}
"""``special`` name → the :class:`Rules` subclass that models it."""


def cards_of(tokens) -> set:
    """The cards of a special's parameter list in standard notation (``["QD", "JH"]``); a token
    that is no card is left out (the rules reader writes only cards there)."""
    from pasyans.cards import Card

    out = set()
    for t in tokens or ():
        try:
            out.add(Card.parse(t))
        except ValueError:
            continue
    return out


def register(cls: type[Rules]) -> type[Rules]:
    """Class decorator: the mechanic answers to every name in ``cls.names``."""
    for n in cls.names:
        if n in VARIANTS and VARIANTS[n] is not cls:
            raise ValueError(f"mechanic {n!r} registered twice ({VARIANTS[n].__name__}, {cls.__name__})")
        VARIANTS[n] = cls
    return cls


@lru_cache(maxsize=None)
def compose(classes: tuple[type[Rules], ...]) -> type[Rules]:
    """One class of the mechanics ``classes`` (in that method order) over :class:`Rules`."""
    if not classes:
        return Rules
    if len(classes) == 1:
        return classes[0]
    return type("Rules[" + "+".join(c.__name__ for c in classes) + "]", classes, {})


def rules_for(spec) -> Rules:
    """The rules of ``spec`` (a :class:`pasyans.spec.RuleSpec` or its JSON) with the mechanics its
    ``special`` names; a name no mechanic models is left to the fields."""
    from pasyans.spec import RuleSpec

    spec = RuleSpec.from_json(spec)
    classes = tuple(dict.fromkeys(VARIANTS[s.name] for s in spec.special if s.name in VARIANTS))
    return compose(classes)(spec)


for _m in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_m.name}")
