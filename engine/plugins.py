"""Per-game mechanics outside the rule spec's fields, for the partial-knowledge checker.

The rule spec names such a mechanic in its ``special`` list (``extract/rules.py`` writes them,
each with the sentence it comes from); only those names get a plug-in here, and a game whose
spec names none is judged by the fields alone:

* ``accordion`` («Аккордеон»): a card (with the pile under it) goes onto the card left of it or
  the third to its left when they match in suit or rank (``params["build policies"]``). The row
  is not printed, so the position is assumed; the match is checked.
* ``pairs`` («Пирамида», «Монте-Карло», «Четырнадцать», «Святой Георгий»): two cards leave
  play together when their values add up to ``params["total"]`` (A = 1 … J = 11, Q = 12,
  K = 13) or, with ``params["same_rank"]``, when they are of one rank; ``params["singles"]``
  lists ranks that leave play alone (the kings of «Пирамида»).
* ``remove-rank`` («Большая Берта»: kings; «Королевское шествие»: aces): cards of
  ``params["ranks"]`` are taken out of play.
* ``same-suit-neighbours`` («Ручеек»): of two cards of one suit side by side the one on the side
  ``params["adjacent"]`` leaves play, of two one card apart the one on ``params["one_apart"]``.
* ``base-list`` («Супружество»): the foundations are the cards ``params["cards"]`` (those in
  ``params["preplaced"]`` laid out before the deal), each built up or down by one in its suit as
  ``params["directions"]`` says by card («QD») or rank («J»), the ace between king and two.
* ``same-rank-onto`` («Узник»): cards go onto a card of the same rank.
* ``base-cards`` («Часы дедушки»): the foundations are the cards ``params["cards"]``, laid out
  before play and built up in suit by one, a king followed by the ace (``params["wrap"]``).

Each hook records its checks on the :class:`~pasyans.engine.outcome.Outcome` and returns
``True`` when it judged the move (the fields are then not consulted for it).
"""

from __future__ import annotations

from pasyans.cards import Card

RANK_VALUE = {r: r for r in range(1, 14)}
"""Card values of the pairing games: ace 1, numbers as printed, jack 11, queen 12, king 13."""


def _quote(sp: dict) -> str:
    q = (sp.get("quote") or "").strip()
    lines = sp.get("lines")
    where = f" (lines {lines[0]}–{lines[1]})" if lines else ""
    return f"special {sp.get('name')}: «{q[:160]}»{where}"


class Plugins:
    """The plug-ins a spec names (see the module text); every hook is a no-op for the others."""

    def __init__(self, specials: list[dict]) -> None:
        self.by_name = {}
        for sp in specials:
            self.by_name.setdefault(sp.get("name"), sp)
        bc = self.by_name.get("base-cards")
        self.base_cards: set[Card] = set()
        if bc is not None:
            for c in (bc.get("params") or {}).get("cards", []):
                try:
                    self.base_cards.add(Card.parse(c))
                except ValueError:
                    continue
        bl = self.by_name.get("base-list")
        self.listed: set[Card] = set()
        self.listed_first: set[Card] = set()
        if bl is not None:
            params = bl.get("params") or {}
            self.listed = {Card.parse(c) for c in params.get("cards", [])}
            self.listed_first = {Card.parse(c) for c in params.get("preplaced", [])}

    # -- queries --------------------------------------------------------------------------
    def is_base_card(self, card: Card) -> bool:
        """Whether ``card`` is one of the named base cards (special ``base-cards``)."""
        return card in self.base_cards or card in self.listed

    def judges_onto(self, move) -> bool:
        """Whether :meth:`onto` decides a move onto a card (the card then stays in the layout)."""
        return ("accordion" in self.by_name or "same-rank-onto" in self.by_name
                or ("bare-king-space" in self.by_name and move.to_card is not None and move.to_card.is_king)
                or ("gaps" in self.by_name and bool({"right_of", "left_of"} & set(move.flags or ()))))

    # -- hooks ----------------------------------------------------------------------------
    def onto(self, state, out, move, x: Card, y: Card) -> bool:
        """``x`` put on the card ``y``."""
        acc = self.by_name.get("accordion")
        if acc is not None:
            self._accordion(state, out, acc, x, y)
            return True
        gaps = self.by_name.get("gaps")
        if gaps is not None and ({"right_of", "left_of"} & set(move.flags or ())):
            self._gaps(state, out, gaps, move, x, y)
            return True
        same = self.by_name.get("same-rank-onto")
        if same is not None:
            for c in move.cards or [x]:
                if c.rank != y.rank:
                    out.fail("special:same-rank-onto", f"{c} on {y}: only a card of the same rank goes there — {_quote(same)}")
                    return True
            out.ok("special:same-rank-onto", f"{', '.join(map(str, move.cards or [x]))} on {y}: the same rank ({_quote(same)})")
            out.primary = "special:same-rank-onto"
            out.assume(f"{y} is the card the rule names as the one to put them on (the layout is not printed)")
            return True
        bare = self.by_name.get("bare-king-space")
        if bare is not None and y.is_king and y not in state.cover and state.where(y) in (None, "tableau"):
            # «голый король … приравнивается к пробелу»: a card put on a bare king fills a space
            sp = state.spec.get("tableau.space")
            if sp is None:
                out.missing("tableau.space", f"{x} on the bare king {y} (a space, {_quote(bare)}): tableau.space unknown")
            elif sp.value == "any":
                out.ok("special:bare-king-space", f"{x} on {y}: a bare king counts as a space, and {sp.evidence()} ({_quote(bare)})")
                out.ok(sp.path)
                out.primary = "special:bare-king-space"
                out.assume(f"nothing is built on {y} any more (its cards went to the foundations)")
            else:
                out.missing("tableau.space", f"{x} on the bare king {y}: {sp.evidence()} is not decided here")
            return True
        if self.base_cards and y in self.base_cards | state.tops:
            return self.to_foundation(state, out, x, y)
        return False

    def to_foundation(self, state, out, x: Card, target: Card | None) -> bool:
        """``x`` put on a foundation (``target``: the card it goes on, when named)."""
        seq = self.by_name.get("sequences")
        if seq is not None and self._sequences(state, out, seq, x, target):
            return True
        bl = self.by_name.get("base-list")
        if bl is not None and self._base_list(state, out, bl, x, target):
            return True
        bc = self.by_name.get("base-cards")
        if bc is None:
            return False
        params = bc.get("params") or {}
        if target is None:
            if x in self.base_cards:
                out.fail("special:base-cards", f"{x} is a base card: it lies on its foundation from the start — {_quote(bc)}")
                return True
            if x.suit is None:
                out.missing("card.suit", f"the text gives no suit for {x}: which foundation it goes on is not said")
                return True
            p = Card((x.rank - 2) % 13 + 1, x.suit)   # the card before it, a king before an ace
            return self.to_foundation(state, out, x, p)
        step = (x.rank - target.rank) % 13
        if x.suit != target.suit:
            out.fail("special:base-cards", f"{x} on the foundation card {target}: a foundation takes its own suit — {_quote(bc)}")
            return True
        if step != 1:
            out.fail("special:base-cards", f"{x} on the foundation card {target}: a foundation goes up by one — {_quote(bc)}")
            return True
        if target.rank == 13 and not params.get("wrap", False):
            out.fail("special:base-cards", f"{x} on {target}: nothing follows a king — {_quote(bc)}")
            return True
        where = "a base card laid out before play" if target in self.base_cards and target not in state.place else (
            state.how_on_foundation(target) if target in state.tops else None)
        out.ok("special:base-cards", f"{x} on {target}" + (f", {where}" if where else "")
               + (" (round the corner: king then ace)" if target.rank == 13 else "") + f" ({_quote(bc)})")
        out.primary = "special:base-cards"
        if where is None:
            out.assume(f"{target} lies on top of its foundation")
        return True

    def sequence_ok(self, state, out, cards: list[Card]) -> bool:
        """Several cards moving together (a pile of the accordion moves whole)."""
        acc = self.by_name.get("accordion")
        if acc is None:
            return False
        out.ok("special:accordion")
        return True

    def discard(self, state, out, move) -> bool:
        """A card taken out of play, with its partner ``move.to_card`` when the text names one."""
        x, partner = move.card, move.to_card
        nb = self.by_name.get("same-suit-neighbours")
        if nb is not None:
            return self._neighbours(out, nb, x, partner)
        rem = self.by_name.get("remove-rank")
        if rem is not None:
            ranks = (rem.get("params") or {}).get("ranks", [])
            if x.rank in ranks:
                out.ok("special:remove-rank", f"{x} leaves play ({_quote(rem)})")
                out.primary = "special:remove-rank"
                return True
        pairs = self.by_name.get("pairs")
        if pairs is None:
            if rem is not None:
                out.fail("special:remove-rank", f"{x} leaves play, but only cards of rank(s) "
                                                f"{(rem.get('params') or {}).get('ranks')} do — {_quote(rem)}")
                return True
            return False
        p = pairs.get("params") or {}
        if partner is None:
            if x.rank in p.get("singles", []):
                out.ok("special:pairs", f"{x} leaves play alone ({_quote(pairs)})")
                out.primary = "special:pairs"
                return True
            out.missing("partner", f"{x} leaves play, but the text names no card it is paired with ({_quote(pairs)})")
            return True
        if p.get("same_rank"):
            if x.rank != partner.rank:
                out.fail("special:pairs", f"{x} and {partner} are not of one rank — {_quote(pairs)}")
                return True
            out.ok("special:pairs", f"{x} and {partner}: a pair of one rank ({_quote(pairs)})")
        else:
            total = p.get("total")
            if not isinstance(total, int):
                out.missing("special:pairs", f"the pairing rule gives no total ({_quote(pairs)})")
                return True
            s = RANK_VALUE[x.rank] + RANK_VALUE[partner.rank]
            if s != total:
                out.fail("special:pairs", f"{x} and {partner} add up to {s}, not {total} — {_quote(pairs)}")
                return True
            out.ok("special:pairs", f"{x} + {partner} = {total} ({_quote(pairs)})")
        out.primary = "special:pairs"
        if p.get("touching"):
            out.assume(f"{x} and {partner} lie next to each other (the layout is not printed)")
        else:
            out.assume(f"{x} and {partner} are both free to play (the layout is not printed)")
        return True

    # -- bases listed card by card, each with its direction («Супружество») ---------------------
    def _base_list(self, state, out, bl: dict, x: Card, target: Card | None) -> bool:
        """``x`` to a foundation of special ``base-list``: a listed card starts one (those laid out
        before the deal are there already); another card goes on a foundation card of its suit one
        rank up or down as that base's direction says (ace between king and two). Returns
        ``False`` (not judged) when the direction of the foundation is not known."""
        dirs = (bl.get("params") or {}).get("directions", {})
        if target is None:
            if x in self.listed_first and x not in state.place:
                out.fail("special:base-list", f"{x} lies in the foundation row from before the deal — {_quote(bl)}")
                return True
            if x in self.listed and x not in state.tops:
                out.ok("special:base-list", f"{x} is one of the bases the text lists ({_quote(bl)})")
                out.primary = "special:base-list"
                return True
            if x.suit is None:
                return False
            fits = [t for t in sorted(state.tops, key=str) if self._listed_step(dirs, t, x)]
            if len(fits) != 1:
                return False
            target = fits[0]
        d = self._listed_step(dirs, target, x)
        if d is None:
            if dirs.get(target.format()) or dirs.get(target.format()[0]):
                out.fail("special:base-list", f"{x} on the foundation card {target}: not the next card of its suit "
                                              f"in that base's direction — {_quote(bl)}")
                return True
            return False
        where = ("laid in the foundation row before the deal" if target in self.listed_first and target not in state.place
                 else state.how_on_foundation(target) if target in state.tops else None)
        out.ok("special:base-list", f"{x} on {target}" + (f", {where}" if where else "")
               + f": that base is built {d} ({_quote(bl)})")
        out.primary = "special:base-list"
        if where is None:
            out.assume(f"{target} lies on top of its foundation")
        return True

    @staticmethod
    def _listed_step(dirs: dict, y: Card, x: Card) -> str | None:
        """The direction (``"up"``/``"down"``) in which ``x`` follows ``y`` on a listed base of
        ``y``'s card or rank, or ``None``; an ace lies between the king and the two."""
        d = dirs.get(y.format()) or dirs.get(y.format()[0])
        if d is None or x.suit != y.suit or x.suit is None:
            return None
        nxt = y.rank % 13 + 1 if d == "up" else (y.rank - 2) % 13 + 1
        return d if x.rank == nxt else None

    @staticmethod
    def _neighbours(out, nb: dict, x: Card, partner: Card | None) -> bool:
        """``x`` leaves the row by the rule of ``same-suit-neighbours`` («Ручеек»): a card of its
        suit lies beside it on the side the rule names. The row is not printed, so where the cards
        lie is assumed; a partner of another suit breaks the rule."""
        p = nb.get("params") or {}
        other = {"right": "left", "left": "right"}
        where = [f"{'next to' if key == 'adjacent' else 'one card apart from'} it on its {other[side]}"
                 for key, side in (("adjacent", p.get("adjacent")), ("one_apart", p.get("one_apart"))) if side in other]
        if not where:
            out.missing("special:same-suit-neighbours", f"{x} leaves play, but the rule names no side ({_quote(nb)})")
            return True
        if partner is not None and x.suit and partner.suit and partner.suit != x.suit:
            out.fail("special:same-suit-neighbours", f"{x} and {partner} are not of one suit — {_quote(nb)}")
            return True
        out.ok("special:same-suit-neighbours", f"{x} leaves play ({_quote(nb)})")
        out.primary = "special:same-suit-neighbours"
        mate = str(partner) if partner is not None else f"a card of suit {x.suit or '?'}"
        out.assume(f"{mate} lies {' or '.join(where)} (the row is not printed)")
        return True

    # -- orders of ranks listed for the bases («Расчет», «Гора Олимп», «Королевский котильон») ----
    def _sequences(self, state, out, sp: dict, x: Card, target: Card | None) -> bool:
        """``x`` on a foundation built in one of the orders the text lists. Returns ``False`` (not
        judged) when the move fits no listed order but the game's foundation fields may still allow
        it (a base not in the lists, as the top row of «Королевское рандеву»)."""
        params = sp.get("params") or {}
        seqs = [list(v) for v in params.get("sequences", [])]
        policy = params.get("suit") or (state.spec.get("foundations.suit").value if state.spec.get("foundations.suit") else None)
        same = policy == "same-suit"
        if target is not None and same and x.suit and target.suit and x.suit != target.suit:
            if not self._fields_may(state):
                out.fail("special:sequences", f"{x} on {target}: a base takes its own suit — {_quote(sp)}")
                return True
            return False
        if target is None:
            starts = [v for v in seqs if v[0] == x.rank]
            inside = [v for v in seqs if x.rank in v[1:]]
            if starts and not inside:
                out.ok("special:sequences", f"{x} starts a base ({_quote(sp)})")
            elif inside:
                out.ok("special:sequences", f"{x} goes on a base whose order has it ({_quote(sp)})")
                out.assume(f"the card before {x} in that order lies on top of its base")
            elif self._fields_may(state):
                return False
            else:
                out.fail("special:sequences", f"{x} has no place in any order of the bases — {_quote(sp)}")
                return True
            out.primary = "special:sequences"
            return True
        fits = [v for v in seqs for i in range(len(v) - 1) if v[i] == target.rank and v[i + 1] == x.rank]
        if not fits:
            if self._fields_may(state):
                return False
            out.fail("special:sequences", f"{x} on {target}: no base is built {target.rank} then {x.rank} — {_quote(sp)}")
            return True
        v = fits[0]
        base = v[0]
        shown = f", {state.how_on_foundation(target)}" if target in state.tops else ""
        out.ok("special:sequences", f"{x} on {target}{shown}: the order {', '.join(map(str, v))} ({_quote(sp)})")
        out.primary = "special:sequences"
        if shown:
            pass   # on top of its foundation, as the example shows
        elif target.rank != base:
            out.assume(f"{target} lies on top of its base")
        elif target not in state.tops:
            out.assume(f"{target} (a base) lies on its foundation with nothing on it yet")
        return True

    @staticmethod
    def _fields_may(state) -> bool:
        """Whether the plain order (up by one from the ace) is also a foundation order of the game
        (``foundations.direction`` up, ``step`` 1: the top row of «Королевское рандеву»), so a move
        the listed orders do not cover is judged by the fields."""
        d, st = state.spec.get("foundations.direction"), state.spec.get("foundations.step")
        return d is not None and st is not None and d.value == "up" and st.value == 1

    # -- gaps ------------------------------------------------------------------------------
    def _gaps(self, state, out, gaps: dict, move, x: Card, y: Card) -> None:
        p = gaps.get("params") or {}
        side = "left_of" if "left_of" in (move.flags or ()) else "right_of"
        want = {"right_of": p.get("left_neighbour"), "left_of": p.get("right_neighbour")}[side]
        where = "right" if side == "right_of" else "left"
        if want is None:
            out.fail("special:gaps", f"{x} put {where} of {y}: a space takes a card by the card on its "
                                     f"{'left' if side == 'right_of' else 'right'} only — {_quote(gaps)}")
            return
        step = state.step(x, y)
        suit_ok = p.get("suit") != "same-suit" or x.suit is None or y.suit is None or x.suit == y.suit
        if step != want or not suit_ok:
            need = f"one rank {'above' if want > 0 else 'below'}" + (" and of its suit" if p.get("suit") == "same-suit" else "")
            out.fail("special:gaps", f"{x} put {where} of {y}: the space there takes only the card {need} {y} — {_quote(gaps)}")
            return
        out.ok("special:gaps", f"{x} into the space {where} of {y} ({_quote(gaps)})")
        out.primary = "special:gaps"
        out.assume(f"the place {where} of {y} is empty (the layout is not printed)")

    # -- the accordion ---------------------------------------------------------------------
    def _accordion(self, state, out, acc: dict, x: Card, y: Card) -> None:
        pol = (acc.get("params") or {}).get("build policies", ["same-suit", "same-rank"])
        moves = (acc.get("params") or {}).get("moves", ["L1", "L3"])
        suit = "same-suit" in pol and (x.suit is None or y.suit is None or x.suit == y.suit)
        rank = "same-rank" in pol and x.rank == y.rank
        if not (suit or rank):
            out.fail("special:accordion", f"{x} on {y}: they match in neither suit nor rank — {_quote(acc)}")
            return
        how = "rank" if rank else "suit"
        out.ok("special:accordion", f"{x} on {y}: same {how} ({_quote(acc)})")
        out.primary = "special:accordion"
        if x.suit is None or y.suit is None:
            out.assume(f"{x if x.suit is None else y} (no suit given) matches")
        where = " or ".join({"L1": "the card just left of it", "L3": "the third card to its left"}.get(m, m) for m in moves)
        out.assume(f"{y} is {where} (the row is not printed)")


def for_spec(spec) -> Plugins:
    """The :class:`Plugins` for a :class:`~pasyans.engine.partial.RuleSpec`."""
    return Plugins(spec.special())
