"""Solvitaire rule files from a game's rule spec, every key with where its value comes from.

Solvitaire (Blake & Gent, a solver of perfect-information patience games) reads a game's rules as
one JSON object (its ``--custom-rules`` file). The keys and values its loader accepts are written
down in ``pasyans/data/solvitaire.schema.json``; the presets it ships (the games it plays by
name) are in ``pasyans/data/solvitaire_presets.json``; a key a file leaves out takes the value
of the preset ``default``.

:func:`export_game` turns a rule spec (``pasyans/data/rules.schema.json``, a dict) into such a
file, a :class:`SolvitaireRules` (a dict is read as :class:`pasyans.spec.RuleSpec`):

- every key is written, each with a :class:`Note` saying where its value comes from — ``book``
  (fields the text states or inherits: their quotes and raw lines), ``silence`` (the text as
  read does not say; the note gives how its silence is read, e.g. «no redeal»), ``preset`` (not
  in the text as read: the same game's Solvitaire preset gives it), or ``format`` (the format
  needs a value that no rule of the game decides, e.g. ``max rank`` 13 for a full pack);
- every stated field and every special rule of the spec is used, or named as changing nothing
  in Solvitaire's model, or it stops the export: :class:`NotExpressible` then lists each
  :class:`Obstacle` — the rule (with its quote) Solvitaire has no rule for, or the fact
  Solvitaire needs that the text as read does not give;
- where Solvitaire ships a preset of the same game (:func:`preset_for`, through the crosswalk),
  the file is compared with it key by key (:func:`compare`): each :class:`Difference` carries
  the note of the export's value, so a difference without a book quote shows.

A stated rule is never written as another value: a value Solvitaire has no rule for is an
obstacle, and where Solvitaire's nearest rule differs in a detail the text does not decide
(a space filled at once rather than at will), the note says so.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Iterable

from ..spec import SECTIONS, Field, RuleSpec, Special
from .solvitaire_format import (Evidence, Note, NotExpressible, Obstacle, Preset, SolvitaireRules, compare,
                                effective, preset_for, presets, schema, validate)

__all__ = ["NotExpressible", "Note", "Obstacle", "Preset", "SolvitaireRules", "export_game", "to_solvitaire", "to_solvitaire_with_notes",
           "preset_for", "presets", "schema", "validate", "compare"]

RANKS = "A23456789TJQK"
SOLVITAIRE_RANK = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K", **{r: r for r in "23456789"}}
"""Our rank letters → the ranks Solvitaire's ``base card`` accepts (ten is «10», not «T»)."""

BUILD_POLICY = {"any-suit": "any-suit", "rank-only": "any-suit", "alternate-color": "red-black",
                "same-suit": "same-suit", "none": "no-build"}
"""``tableau.build_suit`` → ``build policy`` (Solvitaire builds the tableau down only)."""

MOVE = {"one-card": ("no", None), "any-sequence": ("yes", None),
        "same-suit-sequence": ("yes", "same-suit"), "whole-pile": ("whole-pile", None),
        "whole-sequence": ("maximal-group", None)}
"""``tableau.move`` → (``move built group``, ``move built group policy`` or None for same-as-build)."""

MOVE_OBSTACLE = {"any-face-up": "Solvitaire moves several cards together only when they are in build order; it "
                              "has no rule for moving a card with everything on it"}

SPACES = {"any": ("any", None), "kings": ("kings", None), "not-filled": ("no-build", None),
          "from-waste-then-stock": ("auto-waste-then-stock",
                                    "Solvitaire fills a space at once with the waste's top card, or the stock's "
                                    "when the waste is empty, as the text does; it does so before any other move")}
"""``tableau.space`` → (``spaces policy``, what the note must add). Other values are obstacles."""

FROM_RESERVE = ("auto-reserve-then-any",
                "Solvitaire fills a space at once with the reserve's top card; once the reserve is gone, the text as "
                "read does not say what fills a space: any card is assumed (Solvitaire's default spaces policy "
                "«any»), not stated")
"""``tableau.space`` = from-reserve → (``spaces policy``, note). Solvitaire's two reserve policies
differ only once the reserve is empty, which the value does not decide; «any» is its default."""

ANY_OR_STOCK = ("any",
                "Solvitaire's «any» takes no card straight from the stock; but the stock is turned one card at a "
                "time onto the waste, so its top card reaches a space by a deal and a move from the waste, leaving "
                "the same position (the waste as it was)")
"""``tableau.space`` = any-or-stock → (``spaces policy``, note): exact only when the stock is dealt one
card at a time onto the waste (``stock.deal_to`` waste, ``stock.deal`` 1 at a time)."""

SPACE_OBSTACLE = {
    "from-waste": "Solvitaire fills a space from the waste only at once, and from the stock when the waste is "
                  "empty (auto-waste-then-stock); it has no rule for «from the waste» alone",
    "from-waste-or-stock": "Solvitaire has no rule letting the player fill a space from the waste or the stock: "
                           "its auto-waste-then-stock takes the waste's card first, at once",
    "from-stock": "Solvitaire has no rule filling a space from the stock",
    "any-or-reserve": "Solvitaire has no rule «any card or the reserve's»",
    "other": "the space rule is a special one (see the game's special rules)",
}

DEAL_WHEN = {"any-time": None,
             "no-spaces": "the stock is dealt only when no pile is empty; Solvitaire deals onto the piles whenever "
                          "the stock has cards",
             "blocked": "the stock is dealt only when no other move is left; Solvitaire deals whenever the "
                        "player chooses"}
"""``stock.deal_when`` → None (Solvitaire's deal) or the obstacle. Another value is an obstacle too."""

SPECIALS: dict[str, str | None] = {
    # families, handled where the family is written
    "accordion": None, "paganini-windows": None, "paganini-windows-two-sided": None, "gaps": None,
    "sequences-in-layout": None,
    # rules that change nothing Solvitaire plays
    "same-as": "",  # the fields it refers to are already inherited into the spec
    "variant": "",  # another version of the game, not this one's rules
    # rules Solvitaire has none for
    "alternative-rules": "the text lets the player choose between two numbered rules",
    "pairs": "pairs of cards leave play together; Solvitaire has no pairing",
    "remove-rank": "cards of one rank are taken out of play; Solvitaire keeps every rank",
    "same-suit-neighbours": "cards leave play by their neighbours' suit; Solvitaire has no such removal",
    "same-rank-onto": "cards go onto a card of the same rank; Solvitaire builds by rank order only",
    "sequences": "the foundations follow rank orders other than one by one; Solvitaire builds by one",
    "base-list": "the foundations start from named cards, some built down; Solvitaire starts every "
                 "foundation from one rank, built up",
    "base-cards": "the foundations start from named cards; Solvitaire starts every foundation from one rank",
    "suit-by-pile": "the suit rule differs from pile to pile; Solvitaire has one build policy",
    "bare-king-space": "a king with nothing on it counts as a space; Solvitaire's spaces are empty piles",
}
"""Special rule name → ``None`` (a family this module writes), ``""`` (changes nothing in
Solvitaire) or the obstacle. A special not listed here is an obstacle too."""

NEUTRAL = (None, False, 0, "none", "any-time")
"""Field values that set no rule (no wrap, no reserve, none): a field stated with one of them
needs no Solvitaire key."""

BASES = ("book", "silence", "preset", "format")


# -- writing -------------------------------------------------------------------------------------

class _Writer:
    """Builds one file: keys with notes, obstacles, and the spec paths read (to find stated
    fields that were not translated)."""

    def __init__(self, spec: RuleSpec, preset: Preset | None):
        self.spec, self.preset = spec, preset
        self.out: dict[str, dict | Any] = {}
        self.notes: list[Note] = []
        self.obstacles: list[Obstacle] = []
        self.read: set[str] = set()

    # reading the spec
    def get(self, path: str) -> Field | None:
        """The field at ``path`` if the text states or inherits it, else None (marks it read)."""
        self.read.add(path)
        return self.spec.known(path)

    def value(self, path: str) -> Any:
        f = self.get(path)
        return f.value if f else None

    def evidence(self, *paths: str) -> tuple[Evidence, ...]:
        out = []
        for p in paths:
            f = self.spec.known(p)
            if f:
                out.append(Evidence(p, f.value, f.status, f.quote, f.lines, f.ref))
        return tuple(out)

    # writing keys
    def put(self, key: str, value: Any, basis: str, text: str, paths: Iterable[str] = ()) -> None:
        self._set(key, value)
        ev = self.evidence(*paths) if basis == "book" else ()
        for p in paths:
            c = self.spec.conflict(p)
            if c and basis == "book":
                others = "; ".join(f"«{q}» ({_span(ln)})" for q, ln in zip(c.quotes[1:], c.lines[1:]))
                text += f" (the text also says, for {p}: {others})"
        self.notes.append(Note(key, value, basis, text, ev))

    def book(self, key: str, value: Any, paths: Iterable[str], text: str | None = None) -> None:
        paths = tuple(paths)
        said = ", ".join(f"{p} = {self._shown(p)}" for p in paths)
        self.put(key, value, "book", text or said, paths)

    def by_special(self, key: str, value: Any, s: Special, text: str) -> None:
        """Write ``key`` from a special rule of the spec (its quote and lines are the evidence)."""
        self._set(key, value)
        ev = Evidence(f"special:{s.name}", s.params.to_json(), "stated", s.quote, s.lines, s.ref)
        self.notes.append(Note(key, value, "book", f"special {s.name}: {text}", (ev,)))

    def _set(self, key: str, value: Any) -> None:
        section, _, sub = key.partition(".")
        if sub:
            self.out.setdefault(section, {})[sub] = value
        else:
            self.out[key] = value

    def _shown(self, path: str) -> str:
        v = self.spec.field(path).value
        return json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v

    def fallback(self, key: str, path: str, silence: tuple[Any, str] | None) -> bool:
        """Write ``key`` for a ``path`` the text as read leaves open: from the same game's
        preset if it sets the key, else by the reading of silence; with neither, an obstacle.
        Returns whether a value was written."""
        if self.preset is not None:
            plays = effective(self.preset_rules())
            v = plays[key]
            own = "gives" if key in self.preset.given else "keeps Solvitaire's default"
            self.put(key, v, "preset", f"{path} is not stated in the text as read: Solvitaire's preset "
                                       f"«{self.preset.name}» of the same game {own} {v!r} (not from the book)")
            return True
        if silence is not None:
            v, meaning = silence
            self.put(key, v, "silence", f"{path} is not stated in the text as read: read as {meaning}")
            return True
        self.missing(path, f"Solvitaire needs «{key}»")
        return False

    def preset_rules(self) -> dict:
        """The preset's own keys as a nested rules dict."""
        out: dict = {}
        for k, v in self.preset.given.items():
            section, _, sub = k.partition(".")
            if sub:
                out.setdefault(section, {})[sub] = v
            else:
                out[k] = v
        return out

    def fmt(self, key: str, value: Any, text: str) -> None:
        self.put(key, value, "format", text)

    # obstacles
    def block(self, paths: Iterable[str], text: str) -> None:
        paths = tuple(paths)
        f = self.spec.known(paths[0]) if paths else None
        quote = f.quote if f else None
        shown = ", ".join(f"{p} = {self._shown(p)}" for p in paths if self.spec.known(p))
        where = f" («{quote}», {_span(f.lines)})" if quote else ""
        self.obstacles.append(Obstacle(paths, f"{shown}{where}: {text}" if shown else text, quote,
                                       f.lines if f else None))

    def missing(self, path: str, need: str) -> None:
        f = self.spec.field(path)
        why = f.reason or "the text does not say"
        self.obstacles.append(Obstacle((path,), f"{path} is not read from the text ({why}): {need}"))

    def special(self, s: Special, text: str) -> None:
        self.obstacles.append(Obstacle((f"special:{s.name}",),
                                       f"special rule {s.name} («{s.quote}», {_span(s.lines)}): {text}",
                                       s.quote, s.lines))


def _span(lines) -> str:
    if not lines:
        return "no lines"
    a, b = lines
    return f"line {a}" if a == b else f"lines {a}–{b}"


def export_game(spec: "dict | RuleSpec", preset: Preset | None = None) -> SolvitaireRules:
    """The Solvitaire rules file of a rule spec, with a note per key, compared with ``preset``
    (the same game's Solvitaire preset, :func:`preset_for`) when given.

    Families: an accordion (special ``accordion``), Gaps rows (specials ``gaps``,
    ``paganini-windows``), a hole (no foundations, a waste built up or down regardless of suit:
    «Гольф»), or foundations (also the Spider type, special ``sequences-in-layout``).
    Raises :class:`NotExpressible` listing every obstacle.
    """
    spec = RuleSpec.from_json(spec)
    w = _Writer(spec, preset)
    specials = {s.name: s for s in spec.special}
    for s in spec.special:
        why = SPECIALS.get(s.name, f"the export has no Solvitaire rule for it ({s.description})")
        if why:
            w.special(s, why)
    total = _deck(w)
    if "accordion" in specials:
        _accordion(w, specials["accordion"], total)
    elif {"gaps", "paganini-windows", "paganini-windows-two-sided"} & set(specials):
        _sequences(w, specials)
    else:
        _piles_game(w, specials, total)
    _solution_keys(w)
    _untranslated(w)
    if w.obstacles:
        raise NotExpressible(w.obstacles)
    result = SolvitaireRules(w.out, w.notes, preset)
    if preset is not None:
        result.differences = compare(result)
    return result


def to_solvitaire(spec: "dict | RuleSpec", preset: Preset | None = None) -> dict:
    """The Solvitaire rules dict of a rule spec (:func:`export_game`'s ``rules``).
    Raises :class:`NotExpressible`."""
    return export_game(spec, preset).rules


def to_solvitaire_with_notes(spec: "dict | RuleSpec", preset: Preset | None = None) -> tuple[dict, list[str]]:
    """(rules dict, the notes' texts) of :func:`export_game`. Raises :class:`NotExpressible`."""
    result = export_game(spec, preset)
    return result.rules, [n.text for n in result.notes]


def _deck(w: _Writer) -> int:
    """``two decks`` and ``max rank``; returns the number of cards (0 when not known)."""
    packs, per_pack = w.value("deck.packs"), w.value("deck.cards_per_pack")
    if packs is None:
        w.missing("deck.packs", "Solvitaire plays one pack or two")
    elif packs in (1, 2):
        w.book("two decks", packs == 2, ["deck.packs"])
    else:
        w.block(["deck.packs"], "Solvitaire plays one pack or two")
    if per_pack is None:  # «Две колоды»: the same game's preset knows its pack; without one the pack is unknown
        if w.preset is None:
            w.missing("deck.cards_per_pack", "Solvitaire needs the pack")
        elif w.fallback("max rank", "deck.cards_per_pack", None):
            per_pack = 4 * w.out["max rank"]
    elif per_pack == 52:
        w.fmt("max rank", 13, "a full pack: ranks ace to king")
    else:
        w.block(["deck.cards_per_pack"], "the pack lacks the low ranks; Solvitaire's «max rank» leaves out "
                                         "high ranks only")
    jokers = w.value("deck.jokers")
    if jokers:
        w.block(["deck.jokers"], "Solvitaire has no jokers")
    elif jokers is None:
        w.notes.append(Note("", None, "silence", "deck.jokers is not stated in the text as read: read as no jokers"))
    return (packs or 0) * (per_pack or 0) + (jokers or 0)


def _accordion(w: _Writer, s: Special, total: int) -> None:
    params = s.params.to_json()
    w.fmt("foundations.present", False, "an accordion: no foundations")
    w.fmt("tableau piles.count", 0, "an accordion: no tableau piles")
    w.put("accordion.size", total, "book", "the whole pack is dealt in one line", ["deck.packs", "deck.cards_per_pack"])
    if not params.get("moves") or not params.get("build policies"):
        w.special(s, "its moves or matching rules were not read")
        return
    for key in ("moves", "build policies"):
        w.by_special(f"accordion.{key}", params[key], s, s.description or "")
    for p in ("foundations.base", "foundations.direction", "foundations.suit", "tableau.build_direction",
              "tableau.build_suit", "layout.face", "tableau.move"):
        w.get(p)  # the accordion's own rules: no foundations, no building, face up, whole piles move


def _sequences(w: _Writer, specials: dict) -> None:
    """Gaps-type rows → Solvitaire ``sequences``: the rows of one full pack, a gap taking the
    card one above its left neighbour (``L``; with one below its right neighbour too: ``LR``)."""
    name = next(n for n in ("gaps", "paganini-windows", "paganini-windows-two-sided") if n in specials)
    s = specials[name]
    params = s.params.to_json()
    rows = w.value("layout.tableau_piles")
    if rows is None:
        w.missing("layout.tableau_piles", "Solvitaire needs the number of rows")
    if w.value("deck.packs") not in (1, None):
        w.block(["deck.packs"], "Solvitaire's Gaps rows hold one pack")
    redeals = w.value("stock.redeals")
    if redeals is None:
        w.missing("stock.redeals", "Gaps-type games are usually re-dealt; Solvitaire's rows never are, so the "
                                   "text must say there is no redeal")
    elif redeals != 0:
        w.block(["stock.redeals"], "the layout is shuffled and dealt again; Solvitaire's Gaps rows are never "
                                   "re-dealt")
    direction = "LR" if params.get("right_neighbour") == -1 else "L"
    suit = params.get("suit")
    if suit not in ("same-suit", "alternate-color", "any-suit"):
        w.special(s, f"the suit rule {suit!r} of a gap is not one of Solvitaire's")
    w.fmt("foundations.present", False, "Gaps rows: no foundations")
    w.fmt("tableau piles.count", 0, "Gaps rows: no tableau piles")
    if rows:
        w.put("sequences.count", rows, "book", "one row per tableau row of the text", ["layout.tableau_piles"])
    w.by_special("sequences.direction", direction, s, s.description or "")
    w.by_special("sequences.build policy", BUILD_POLICY.get(suit or "", "same-suit"), s, f"suit {suit}")
    w.fmt("sequences.fixed suit", False, "the spec has no field for it: each row's suit is set by the card "
                                         "that starts it (the player's choice), as the Gaps texts have it")
    for p in ("foundations.base", "foundations.direction", "foundations.suit", "foundations.step",
              "foundations.wrap", "tableau.build_direction", "tableau.build_suit", "tableau.move", "tableau.space",
              "tableau.wrap", "layout.cards_per_pile", "layout.face"):
        w.get(p)  # the rows' own order and gap rule, which the sequences keys above express


def _piles_game(w: _Writer, specials: dict, total: int) -> None:
    """Foundations (or a hole) with tableau piles, cells, a reserve and a stock."""
    base = w.value("foundations.base")
    hole = (base == "none" and w.value("waste.build_direction") == "either"
            and w.value("waste.build_suit") in ("any-suit", "rank-only"))
    initial = "none"
    if hole:
        _hole(w)
    elif base == "none" and "sequences-in-layout" in specials:
        _complete_sequences(w, specials["sequences-in-layout"])
    elif base == "K" and w.value("foundations.direction") == "down" and w.value("foundations.complete_sequences"):
        _removed_runs(w)
    elif base == "none":
        w.block(["foundations.base"], "a game without foundations that is not a hole (Golf), an accordion or "
                                      "Gaps rows: Solvitaire has no other way to win")
    elif base is None:
        w.missing("foundations.base", "Solvitaire needs the rank that starts a foundation")
        _foundation_order(w)
    else:
        initial = _foundations(w, base)
    piles = _tableau(w)
    stock = _stock_rules(w, hole)
    _stock(w, piles, total, initial, hole, stock)


def _hole(w: _Writer) -> None:
    w.fmt("foundations.present", False, "a hole instead of foundations")
    w.book("hole.present", True, ["foundations.base", "waste.build_direction", "waste.build_suit"],
           "no foundations; every card goes onto one pile, one rank above or below its top card, any suit: "
           "Solvitaire's hole")
    w.book("hole.base card", "random", ["stock.deal_to"],
           "the hole starts with a card of the stock, as the text's pile starts with the first card turned")
    wrap = w.get("waste.wrap")
    if wrap:
        w.book("hole.build loops", bool(wrap.value), ["waste.wrap"])
    else:
        w.fallback("hole.build loops", "waste.wrap", (False, "no king–ace turn on the pile"))
    for p in ("foundations.direction", "foundations.suit", "foundations.step"):
        w.get(p)


def _complete_sequences(w: _Writer, s: Special) -> None:
    w.put("foundations.present", True, "book", "the goal is complete suit sequences (king to ace) built in "
                                               "the layout: Solvitaire's foundations take them",
          ["foundations.base"])
    w.fmt("foundations.initial cards", "none", "no foundation card before play")
    w.fmt("foundations.base card", "A", "a complete sequence runs from the ace")
    w.fmt("foundations.removable", False, "complete sequences stay put")
    w.by_special("foundations.only complete pile moves", True, s,
                 "only complete sequences leave the layout. Solvitaire never reads this key (its loader "
                 "reads «complete piles», which its schema rejects): it plays this game with single cards "
                 "going to the foundations, not as the text does")
    for p in ("foundations.direction", "foundations.suit", "foundations.step", "foundations.complete_sequences"):
        w.get(p)


def _removed_runs(w: _Writer) -> None:
    """Foundations that take only complete runs king to ace, whole («Полную последовательность от
    короля до туза … убирают из игры»: read as foundations from the king built down, complete
    sequences only). A run that goes off whole ends as the same cards on Solvitaire's foundation
    from the ace up, so the file writes that; the suit and the step must be Solvitaire's."""
    for path, ok, why in (("foundations.suit", "same-suit", "Solvitaire builds foundations in suit"),
                          ("foundations.step", 1, "Solvitaire builds foundations by one rank")):
        v = w.value(path)
        if v is not None and v != ok:
            w.block([path], why)
    w.book("foundations.present", True, ["foundations.complete_sequences"],
           "complete runs king to ace leave the tableau whole: Solvitaire's foundations take them")
    w.book("foundations.base card", "A", ["foundations.base", "foundations.direction"],
           "a complete run from the king down to the ace goes off whole: on Solvitaire's foundation built up "
           "from the ace it is the same cards")
    preplaced = w.get("foundations.preplaced")
    if preplaced is not None and preplaced.value:
        w.block(["foundations.preplaced"], "no card starts a foundation of complete runs before play")
    w.fmt("foundations.initial cards", "none", "no foundation card before play: only complete runs go there")
    removable = w.get("foundations.removable")
    if removable is not None and removable.value:
        w.block(["foundations.removable"], "a complete run taken off comes back: Solvitaire has no such rule")
    w.fmt("foundations.removable", False, "complete runs stay off")
    w.book("foundations.only complete pile moves", True, ["foundations.complete_sequences"],
           "only complete sequences leave the tableau. Solvitaire never reads this key (its loader reads "
           "«complete piles», which its schema rejects): it plays single cards to the foundations")
    w.get("foundations.wrap")


def _foundation_order(w: _Writer) -> None:
    """Obstacles unless the foundations are built up, in suit, by one."""
    for path, ok, why in (("foundations.direction", "up", "Solvitaire builds foundations up"),
                          ("foundations.suit", "same-suit", "Solvitaire builds foundations in suit"),
                          ("foundations.step", 1, "Solvitaire builds foundations by one rank")):
        v = w.value(path)
        if v is None:
            w.missing(path, why)
        elif v != ok:
            w.block([path], why)


def _foundations(w: _Writer, base: str) -> str:
    """Foundations built up in suit by one from one rank; returns Solvitaire's ``initial cards``."""
    _foundation_order(w)
    preplaced = w.get("foundations.preplaced")
    initial = "none"
    w.book("foundations.present", True, ["foundations.base"], "the game has foundations")
    if base in SOLVITAIRE_RANK:
        if preplaced is not None:
            initial = "all" if preplaced.value else "none"
            if initial == "all" and base != "A":
                w.block(["foundations.preplaced", "foundations.base"],
                        "Solvitaire places only aces on the foundations before play")
            w.book("foundations.initial cards", initial, ["foundations.preplaced"])
        elif w.fallback("foundations.initial cards", "foundations.preplaced",
                        ("none", "the base cards are not put out before play")):
            initial = w.out["foundations"]["initial cards"]
        text = None if base == "A" else (f"foundations.base = {base}: Solvitaire's foundations run up from it "
                                         f"and on from the ace after the king")
        w.book("foundations.base card", SOLVITAIRE_RANK[base], ["foundations.base"], text)
        wrap = w.get("foundations.wrap")
        if base != "A" and wrap is not None and wrap.value is False:
            w.block(["foundations.wrap", "foundations.base"], "Solvitaire's foundations from another rank than "
                                                              "the ace go on from the ace after the king")
    elif base == "any-first":
        initial = "one"
        w.book("foundations.initial cards", "one", ["foundations.base"],
               "foundations.base = any-first: one card starts the first foundation and its rank every other")
        w.book("foundations.base card", "random", ["foundations.base"])
        w.get("foundations.wrap")
        w.get("foundations.preplaced")
    else:
        w.block(["foundations.base"], "Solvitaire starts every foundation from one rank")
    removable = w.get("foundations.removable")
    if removable:
        w.book("foundations.removable", bool(removable.value), ["foundations.removable"])
    else:
        w.fallback("foundations.removable", "foundations.removable",
                   (False, "cards do not come back from a foundation (a permission the text would state)"))
    whole = w.get("foundations.complete_sequences")
    if whole and whole.value:
        w.book("foundations.only complete pile moves", True, ["foundations.complete_sequences"],
               "only complete sequences leave the tableau. Solvitaire never reads this key (its loader reads "
               "«complete piles», which its schema rejects): it plays single cards to the foundations")
    elif whole:
        w.book("foundations.only complete pile moves", False, ["foundations.complete_sequences"])
    else:
        w.fallback("foundations.only complete pile moves", "foundations.complete_sequences",
                   (False, "single cards go to the foundations"))
    return initial


def _tableau(w: _Writer) -> int | None:
    """The ``tableau piles`` keys; returns the number of piles (None when not known)."""
    piles = w.value("layout.tableau_piles")
    if piles is None:
        w.missing("layout.tableau_piles", "Solvitaire needs the number of tableau piles")
    else:
        w.book("tableau piles.count", piles, ["layout.tableau_piles"])
    direction, suit = w.value("tableau.build_direction"), w.value("tableau.build_suit")
    if direction is None:
        w.missing("tableau.build_direction", "Solvitaire needs the build rule")
    elif direction not in ("down", "none"):
        w.block(["tableau.build_direction"], "Solvitaire builds the tableau down only")
    no_build = direction == "none" or suit == "none"
    if no_build:
        w.book("tableau piles.build policy", "no-build",
               [p for p in ("tableau.build_direction", "tableau.build_suit") if w.get(p)])
    elif suit is None:
        w.missing("tableau.build_suit", "Solvitaire needs the build policy")
    elif suit in BUILD_POLICY:
        w.book("tableau piles.build policy", BUILD_POLICY[suit], ["tableau.build_suit", "tableau.build_direction"])
    else:
        w.block(["tableau.build_suit"], "Solvitaire builds in any suit, alternate colours or the same suit")
    wrap = w.get("tableau.wrap")
    if wrap and wrap.value:
        w.block(["tableau.wrap"], "Solvitaire does not build a king on an ace on the tableau")
    _spaces(w, no_build)
    _moves(w, no_build)
    face = w.get("layout.face")
    if face is None:
        w.fallback("tableau piles.face up cards", "layout.face", ("all", "every card dealt face up"))
    elif face.value in ("down", "alternate"):
        w.block(["layout.face"], "Solvitaire deals every card face up, or only each pile's top card")
    else:
        w.book("tableau piles.face up cards", "top" if face.value == "mixed" else "all", ["layout.face"])
    return piles


def _spaces(w: _Writer, no_build: bool) -> None:
    f = w.get("tableau.space")
    key = "tableau piles.spaces policy"
    if f is None:
        if no_build:
            w.put(key, "no-build", "book", "nothing is built on the tableau and the text names nothing that "
                                           "fills a space", ["tableau.build_direction"])
        else:
            w.fallback(key, "tableau.space", None)
        return
    v = f.value
    if v == "any-or-stock":
        _any_or_stock(w, no_build)
    elif v in SPACES or v == "from-reserve":
        policy, caveat = SPACES.get(v) or FROM_RESERVE
        if no_build and policy in ("any", "kings"):
            w.block(["tableau.space"], "Solvitaire moves no card into a space when nothing may be built "
                                       "(build policy no-build)")
            return
        w.book(key, policy, ["tableau.space"], f"tableau.space = {v}" + (f": {caveat}" if caveat else ""))
    else:
        w.block(["tableau.space"], SPACE_OBSTACLE.get(v, "no Solvitaire spaces policy for it"))


def _any_or_stock(w: _Writer, no_build: bool) -> None:
    """``tableau.space`` = any-or-stock: Solvitaire's «any» when the stock goes one card at a time
    onto the waste (see :data:`ANY_OR_STOCK`); else an obstacle."""
    one_to_waste = w.value("stock.deal_to") == "waste" and w.value("stock.deal") == "1 at a time"
    if no_build or not one_to_waste:
        w.block(["tableau.space"], "Solvitaire's «any» spaces policy takes no card straight from the stock"
                + ("" if no_build else ", and the stock here is not turned one card at a time onto the waste "
                                       "(where a deal and a move from the waste would do the same)"))
        return
    policy, caveat = ANY_OR_STOCK
    w.book("tableau piles.spaces policy", policy, ["tableau.space", "stock.deal_to", "stock.deal"],
           f"tableau.space = any-or-stock: {caveat}")


def _moves(w: _Writer, no_build: bool) -> None:
    key = "tableau piles.move built group"
    f = w.get("tableau.move")
    if no_build:
        w.put(key, "no", "book", "nothing is built on the tableau: no group moves",
              [p for p in ("tableau.build_direction", "tableau.move") if w.get(p)])
        return
    if f is None:
        w.fallback(key, "tableau.move", ("no", "one card at a time (moving several cards is a permission "
                                              "the text would state)"))
        if w.out.get("tableau piles", {}).get("move built group") != "no" and w.preset:
            pol = w.preset.given.get("tableau piles.move built group policy", "same-as-build")
            w.put("tableau piles.move built group policy", pol, "preset",
                  f"tableau.move is not stated: Solvitaire's preset «{w.preset.name}» gives {pol!r} (not from the book)")
        else:
            w.fmt("tableau piles.move built group policy", "same-as-build", "no group moves: the key is not used")
        return
    v = f.value
    if v not in MOVE:
        w.block(["tableau.move"], MOVE_OBSTACLE.get(v, "Solvitaire moves one card, a built group or a whole pile"))
        return
    group, policy = MOVE[v]
    w.book(key, group, ["tableau.move"])
    w.book("tableau piles.move built group policy", policy or "same-as-build", ["tableau.move"])


def _deal_shape(per_pile: Any, piles: int) -> list[int] | None:
    """The pile sizes of ``layout.cards_per_pile`` (a number for every pile, or «8,8,7,…»)."""
    if isinstance(per_pile, int):
        return [per_pile] * piles
    if isinstance(per_pile, str):
        try:
            sizes = [int(x) for x in per_pile.split(",")]
        except ValueError:
            return None
        return sizes if len(sizes) == piles else None
    return None


def _cards(per_pile: Any) -> str:
    """«1 card each», «6 cards each», «9,8,…,1 cards»: a pile size as the notes say it."""
    if isinstance(per_pile, int):
        return f"{per_pile} card each" if per_pile == 1 else f"{per_pile} cards each"
    return f"{per_pile} cards"


def diagonal(piles: int, total: int) -> list[int]:
    """Pile sizes of Solvitaire's diagonal deal of ``total`` cards on ``piles`` piles: row r puts a
    card on each pile from the r-th on, rows left over are full (Klondike: 7 piles, 28 → 1…7)."""
    sizes = [0] * piles
    left, r = total, 0
    while left > 0:
        for i in range(min(r, piles - 1) if r < piles else 0, piles):
            if left == 0:
                break
            sizes[i] += 1
            left -= 1
        r += 1
    return sizes


def even(piles: int, total: int) -> list[int]:
    """Pile sizes of Solvitaire's ordinary deal: ``total`` cards row by row over ``piles`` piles."""
    return [total // piles + (1 if i < total % piles else 0) for i in range(piles)]


def _stock(w: _Writer, piles: int | None, total: int, initial: str, hole: bool, rules: _StockRules) -> None:
    """Cells, reserve, the deal's shape and the stock (its size is what the deal leaves)."""
    cells = w.get("layout.cells")
    if cells:
        w.book("cells.count", cells.value, ["layout.cells"])
    else:
        w.fallback("cells.count", "layout.cells", (0, "no cells"))
    ncells = w.out.get("cells", {}).get("count", 0)
    reserve = w.get("layout.reserve")
    if reserve and not isinstance(reserve.value, int):
        w.block(["layout.reserve"], "not a number of cards")
        reserve = None
    if reserve:
        w.book("reserve.size", reserve.value, ["layout.reserve"])
    else:
        w.fallback("reserve.size", "layout.reserve", (0, "no reserve"))
    nreserve = w.out.get("reserve", {}).get("size", 0) or 0
    if not nreserve and w.out.get("tableau piles", {}).get("spaces policy", "").startswith("auto-reserve"):
        if w.spec.known("layout.reserve") is None:
            w.missing("layout.reserve", "a space is filled from the reserve (tableau.space = from-reserve): "
                                        "Solvitaire needs the reserve's size")
        else:
            w.block(["tableau.space"], "a space is filled from a reserve that the layout as read does not have")
    spread = w.get("layout.reserve_spread")
    if nreserve and spread is not None:
        w.book("reserve.stacked", not spread.value, ["layout.reserve_spread"],
               "every reserve card is in play" if spread.value else "only the reserve's top card is in play")
    elif nreserve:
        w.fallback("reserve.stacked", "layout.reserve_spread", None)
    else:
        w.fmt("reserve.stacked", False, "no reserve: the key is not used")
    per_pile = w.value("layout.cards_per_pile")
    base = 4 * (2 if w.out.get("two decks") else 1) if initial == "all" else (1 if initial == "one" else 0)
    size = None
    if piles and total:
        sizes = _deal_shape(per_pile, piles)
        if sizes is None:
            w.missing("layout.cards_per_pile", "the cards dealt to the piles (and so the stock's size) cannot be "
                                               "worked out")
        else:
            dealt = sum(sizes)
            size = total - dealt - base - nreserve - (1 if hole else 0)
            if size < 0:
                w.block(["layout.cards_per_pile", "layout.tableau_piles"],
                        f"the deal ({dealt} tableau cards, {base} on the foundations, {nreserve} in the reserve) "
                        f"needs more than the {total} cards of the pack(s)")
                size = None
            elif sorted(sizes) == sorted(even(piles, dealt)):
                w.book("tableau piles.diagonal deal", False, ["layout.cards_per_pile"],
                       f"the piles hold {_cards(per_pile)}: Solvitaire's ordinary deal, row by row")
            elif sorted(sizes) == sorted(diagonal(piles, dealt)):
                w.book("tableau piles.diagonal deal", True, ["layout.cards_per_pile"],
                       f"the piles hold {_cards(per_pile)}: Solvitaire's diagonal deal")
            else:
                w.block(["layout.cards_per_pile"], "Solvitaire deals the piles evenly or diagonally")
    stated = w.get("stock.cards")
    if size is not None and stated is not None and stated.value != size:
        w.block(["stock.cards", "layout.cards_per_pile"], f"the text leaves {stated.value} cards in the stock, "
                f"the deal as read {size}")
        size = None
    if size is not None:
        _stock_keys(w, size, hole, rules)
    if not ncells:
        w.fmt("cells.pre-filled", 0, "no cells: the key is not used")
    elif size is not None:
        size_note = next(n for n in w.notes if n.key == "stock.size")
        w.put("cells.pre-filled", 0, size_note.basis, "the deal puts every card on the piles, the foundations, "
              "the reserve or the stock: none in a cell", [e.path for e in size_note.evidence])


@dataclass(frozen=True)
class _StockRules:
    """What the text says of the stock, checked before the deal is known: where it goes
    (``to``: waste, tableau or None), cards at a time (``count``) and redeals."""

    to: str | None
    count: int | None
    redeal: bool | None


def _stock_rules(w: _Writer, hole: bool) -> _StockRules:
    deal_to, deal, redeals = w.get("stock.deal_to"), w.get("stock.deal"), w.get("stock.redeals")
    to = deal_to.value if deal_to else None
    if to not in (None, "waste", "tableau"):
        w.block(["stock.deal_to"], "Solvitaire deals the stock to the waste, to every tableau pile or to a hole")
    count = None
    if deal and isinstance(deal.value, str) and re.match(r"^\d+ at a time$", deal.value):
        count = int(deal.value.split()[0])
        if (to == "tableau" or hole) and count != 1:
            w.block(["stock.deal"], "Solvitaire deals one card at a time onto every tableau pile or the hole")
    elif deal:
        w.block(["stock.deal"], "not a number of cards dealt at a time")
    when = w.get("stock.deal_when")
    if when is not None and (when.value not in DEAL_WHEN or DEAL_WHEN[when.value]):
        w.block(["stock.deal_when"], DEAL_WHEN.get(when.value) or "Solvitaire has no condition on dealing")
    redeal = None
    if redeals is not None:
        v = redeals.value
        if v not in (0, "unlimited"):
            w.block(["stock.redeals"], "the cards are dealt again a set number of times; Solvitaire turns the "
                                       "waste over without limit or not at all")
        redeal = v == "unlimited"
    return _StockRules(to, count, redeal)


def _stock_keys(w: _Writer, size: int, hole: bool, rules: _StockRules) -> None:
    inputs = [n for n in w.notes if n.key in ("reserve.size", "foundations.initial cards", "hole.base card")]
    others = [n for n in inputs if n.basis in ("preset", "silence") and n.value not in (0, "none")]
    paths = [p for p in ("deck.packs", "deck.cards_per_pack", "layout.tableau_piles", "layout.cards_per_pile",
                         "layout.reserve", "foundations.preplaced", "stock.cards") if (w.spec.field(p)).known]
    text = f"the cards the deal leaves: {size}" + "".join(f"; {n.key} = {n.value!r} ({n.basis}: {n.text})"
                                                           for n in others)
    w.put("stock.size", size, "preset" if any(n.basis == "preset" for n in others) else "book", text, paths)
    if size == 0:
        if rules.to:
            w.block(["stock.deal_to", "layout.cards_per_pile"],
                    "the text deals from a stock, but the layout as read leaves no card for one")
        for k, v in (("deal type", "waste"), ("deal count", 1), ("redeal", False)):
            w.fmt(f"stock.{k}", v, "no stock: the key is not used")
        return
    if rules.to is None:
        w.missing("stock.deal_to", f"the deal leaves {size} cards: Solvitaire needs where they go")
        return
    if hole:
        w.book("stock.deal type", "hole", ["stock.deal_to"], "the stock is turned onto the hole one card at a time")
    else:
        w.book("stock.deal type", "waste" if rules.to == "waste" else "tableau piles", ["stock.deal_to"])
    if rules.count is not None:
        w.book("stock.deal count", rules.count, ["stock.deal"])
    elif rules.to == "tableau" or hole:
        w.fmt("stock.deal count", 1, "one card at a time onto each pile" if rules.to == "tableau" else
              "one card at a time onto the hole")
    else:
        w.fallback("stock.deal count", "stock.deal", None)
    if rules.redeal is None:
        w.fallback("stock.redeal", "stock.redeals", (False, "no redeal (a permission the text would state)"))
    else:
        w.book("stock.redeal", rules.redeal, ["stock.redeals"])


def _solution_keys(w: _Writer) -> None:
    """Write the four keys that choose how the game is won where the family left them to
    Solvitaire's defaults, so that a file says it outright (one of them is the game's)."""
    flat = {f"{k}.{sub}" for k, v in w.out.items() if isinstance(v, dict) for sub in v}
    for key, value, text in (("foundations.present", False, "no foundations"), ("hole.present", False, "no hole"),
                             ("accordion.size", 0, "not an accordion"), ("sequences.count", 0, "no Gaps rows")):
        if key not in flat:
            w.fmt(key, value, text)


def _untranslated(w: _Writer) -> None:
    """An obstacle for each field the text states with a rule (not a neutral value) that no key
    above translated — also a field of a newer schema this module does not know: a rule is never
    dropped without a word."""
    for section in SECTIONS:
        sec = getattr(w.spec, section.NAME)
        for name in (*sec.names(), *sec.extra):
            path = f"{section.NAME}.{name}"
            f = w.spec.known(path)
            if path in w.read or f is None or f.value in NEUTRAL:
                continue
            w.block([path], "no key of Solvitaire's format holds this rule for this kind of game")


