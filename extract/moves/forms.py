"""The phrase forms of a clause with a predicate: «X — Y», «X покрывает Y», «Y покрывается X», «X
помещается на Y | в базовый ряд», elliptic «а ♥2 на ♥Т». A mixin of :class:`.reader.Reader`."""

from __future__ import annotations

from pasyans import morph

from .elements import numeral
from .lexicon import (ALT, DASH_ADVERBS, FROM, INTO, LEAD, LIST, ON, PARENTHETICAL, PERSONAL, PLACE_ADVERBS, PLACE_CUES, SIDES,
                      STRONG, UNDER, WITH)
from .phrases import UNNAMED, Group, accusative, has_gram, is_plural, merge_groups, place_at, side_target, where_it_lies


def _carried_along(cl, g: Group) -> bool:
    """Whether «вместе с» / «разом з» (a participle between allowed) comes just before group ``g``:
    «вместе с лежащей на ней ♥9», «разом з ♣Д і ♥В» — cards that go with the mover."""
    for k in range(max(0, g.i - 6), g.i - 1):
        if cl[k].kind == "word" and cl[k].low in ("вместе", "разом") and cl[k + 1].kind == "word" \
                and cl[k + 1].low in ("с", "со", "з", "із", "зі") and not any(
                    e.kind == "card" or e.kind == "word" and (e.cues & _MOVE_VERBS or e.lemma == "карта")
                    for e in cl[k:g.i]) and g.prep not in ON | INTO:
            return True   # («разом із трьома картами на 8♠»: the count goes along, the card after «на» is where)
    return False


def _cards_with(cl) -> bool:
    """Whether a count of cards stands right after «с / з» («с двумя картами», «разом з трьома картами»): the cards
    that go *with* the one moved, not all of them."""
    return any(el.kind == "word" and el.low in ("с", "со", "з", "із", "зі") and k + 2 < len(cl)
               and numeral(cl[k + 1])
               and cl[k + 2].lemma == "карта" for k, el in enumerate(cl))


_MOVE_VERBS = frozenset({"COVER", "COVER_PASS", "PLACE", "FILL", "REMOVE", "PAIR"})


_USE = frozenset({"использовать", "використати", "використовувати"})
"""Verbs of using a card: with no destination named they say the card can be played, not where it goes."""


_ON_TOP = frozenset({"сверху", "зверху", "наверх", "поверх", "нагору"})


def _on_top_after(cl, groups: list[Group]) -> Group | None:
    """«После 7♦ сверху можно положить 8♠», «Після сімки бубон зверху кладуть …»: the card named after
    «после / після» when the clause says «сверху» — the card the mover goes on."""
    if not any(el.kind == "word" and el.low in _ON_TOP for el in cl):
        return None
    return next((g for g in groups if g.prep in ("после", "після", "за")), None)


def _from_between(cl, groups: list[Group], d: int) -> Group | None:
    """«К♥ из колоды — в пустой столбец»: the cards before a place they come from, then the dash
    (only words between, the first of them «из / с / з»)."""
    g = next((g for g in reversed(groups) if g.j < d), None)
    if g is None or not g.prep == "" or g.j >= d:
        return None
    between = cl[g.j:d]
    if between and all(el.kind == "word" for el in between) and between[0].low in FROM - {"под", "от", "від"}:
        return g
    return None


def target_options(cl, on_groups: list[Group]) -> list[tuple[tuple, set]]:
    """The destinations of «на X», each ``((card token, its group), extra flags)``: «на ♠9 или ♠Т»
    and «на даму червей или на бубновую даму», «как на ♦4, так и на ♥4»: alternatives; «на ♥8 …,
    але не на ♣8»: the one after «не» prohibited; otherwise the first card named."""
    first = on_groups[0]
    if len(first.toks) > 1 and first.alt:
        return [((t, first), {"alternative"}) for t in first.toks]
    out = [((first.toks[0], first), set())]
    for prev, g in zip(on_groups, on_groups[1:]):
        between = cl[prev.j:g.i]
        if any("PROHIB" in el.cues for el in between) and any(el.low == "не" for el in between):
            out.append(((g.toks[0], g), {"prohibited"}))
        elif any(el.kind == "word" and (el.low in ALT or "ALT" in el.cues) for el in between) and len(between) <= 4:
            out.append(((g.toks[0], g), {"alternative"}))
        else:
            break
    if any("alternative" in f for _, f in out):
        out[0] = (out[0][0], {"alternative"})
    return out


_SAME_CARD = "«туда же»: onto the card the move before went on"


def _player(pron: tuple, vi: int, cl: list, after: list[Group]) -> bool:
    """Whether a nominative pronoun before the verb is the one who plays, not a card: the verb takes the card
    after it as its object («И вот он кладёт шестёрку бубен на семёрку треф», «она переложила даму червей на
    короля»: a transitive verb, or a card in the accusative after it) — not «она ляжет на ♥8», «он уходит в дом»."""
    if pron[2] == "nomn" and pron[0] < vi and not after and any(
            el.kind == "word" and el.lemma == "карта" for el in cl[vi + 1:vi + 3]):
        return True   # «Она сдвинула карты …»: the one who plays moves cards the text does not name
    if pron[2] != "nomn" or pron[0] > vi or not after:
        return False
    verb = cl[vi]
    if has_gram(verb.tag, "tran") or accusative(after[0].toks[0], verb.lang):
        return True
    # the Ukrainian dictionary gives no transitivity: «Вона поклала туза вина у фундамент» — a verb of moving not
    # reflexive, a card after it that may be its object (animate «туза»: accusative = genitive)
    tok = after[0].toks[0]
    return not has_gram(verb.tag, "intr") and not verb.low.endswith(("ся", "сь")) and bool(verb.cues & _MOVE_VERBS) \
        and tok.notation == "words" and bool(tok.raw) and any(
            "accs" in p.tag.grammemes for p in morph.analyzer(verb.lang).parse(tok.raw.split()[0].lower()))


def _accusative_any(tok, lang) -> bool:
    """Whether some parse of a card's first word is accusative («короля»: genitive or, animate, accusative)."""
    if tok.notation != "words" or not tok.raw:
        return False
    return any("accs" in p.tag.grammemes for p in morph.analyzer(lang if lang in ("ru", "uk") else "ru").parse(
        tok.raw.split()[0].lower()))


def _whose_place(g: Group, groups: list[Group], cl, lang: str) -> bool:
    """Whether the card right after «место» / «місце» is whose place although its form reads accusative:
    an animate card's accusative is its genitive («На место туза кладут короля треф», uk «на місце валета
    кладемо короля»), so when the clause has another card group outside any preposition, that one is the
    card moved and ``g`` is the card whose place it takes. False for a card with no genitive parse
    («на свободное место двойку червей»: the card moved)."""
    if g.toks[0].notation != "words" or not g.toks[0].raw:
        return False
    if not any("gent" in p.tag.grammemes for p in morph.analyzer(lang if lang in ("ru", "uk") else "ru").parse(
            g.toks[0].raw.split()[0].lower())):
        return False
    return any(o is not g and o.prep not in ON | INTO | FROM | WITH | UNDER | {"от", "до", "від", "—"}
               and not (o.i > 0 and "PLACE_NOUN" in cl[o.i - 1].cues) for o in groups)


class Forms:
    """The form handlers; ``self`` is the :class:`~.reader.Reader` (context, ``move``, ``chain`` …)."""

    def _dash_moves(self, cl, groups, prons, dashes, flags, elided) -> bool:
        """«X — Y», «X — на Y», «X — базовую | пробел», «X — на него»; a bare list of cards in the
        clause just before joins the chain: «а также ♣7, ♣8, ♣9, ♣10, а ♣В — ♣6» puts ♣7 on ♣6, ♣8 on
        ♣7 … ♣В on ♣10."""
        done = False
        pending, self.ctx.pending_list = self.ctx.pending_list, []
        for d in dashes:
            if any(el.cues & _MOVE_VERBS for el in cl[d + 1:]):
                continue   # «открыто сімку бубон — її кладуть під …»: the dash joins clauses, the verb moves
            left = next((g for g in groups if g.j == d), None) or _from_between(cl, groups, d)
            tg = next((g for g in groups if g.i == d + 1), None)
            if pending and left is not None and len(left.toks) == 1 and tg is not None and len(tg.toks) == 1 and d == dashes[0]:
                made = self.chain(cl, pending + left.toks, tg.toks[0], flags)
                if made:
                    made[0].notes.append("the list before «а … —» goes onto the same card, one on another")
                for p in made:
                    p.start = min(p.start, pending[0].start)
                done = True
                continue
            r = d + 1
            prep = ""
            while r + 1 < len(cl) and cl[r].kind == "word" and cl[r].low in DASH_ADVERBS:
                r += 1   # «♦Т — сразу в дом»
            while r < len(cl) and cl[r].kind == "word" and (cl[r].low in ON | INTO | UNDER or cl[r].low == "до" and cl[r].lang == "uk"):
                prep = cl[r].low
                r += 1
            if prep in UNDER:
                flags = flags | {"under"}   # «♥4 — под ♥8»
            if r >= len(cl):
                continue
            movers = left
            before = next((g for g in reversed(groups) if left is not None and g.j <= left.i), None)
            if before is not None and _carried_along(cl, left) and not before.alt:
                # «Десятку вместе с девяткой и восьмёркой — на валета»: the cards carried go with the card before
                movers = Group(before.toks + left.toks, before.i, left.j, series=True)
            if left is None:
                pr = next((p for p in prons if p[0] == d - 1), None)
                if pr is not None:
                    toks = self.antecedent(pr, cl)
                    movers = Group(toks, d - 1, d) if toks else None
            if (movers is None or not movers.toks) and d == dashes[0]:
                counted = self.counted(cl[:d])   # «и эта тройка карт — на ♣7»: the cards just named, as one run
                if counted is not None and len(counted[1]) == counted[0] > 1:
                    movers = Group(list(counted[1]), 0, d)
                    movers.series = True
            if movers is None or not movers.toks:
                continue
            right = cl[r]
            if right.kind == "card" and self.ctx.prev_verb == "COVER_PASS" and left is not None and not prep:
                # «♣Т покрывается ♣3, а ♠Т — ♠2»: the passive goes on, ♠2 onto ♠Т
                tg = next(g for g in groups if g.i == r)
                made = self.chain(cl, tg.toks, left.toks[-1], flags)
                if made:
                    made[0].notes.append("«Y — X» after «Y покрывается X»: X onto Y")
                done = True
            elif right.kind == "card" and not prep and len(movers.toks) == 1 and movers.toks[0].card.suit and \
                    next(g for g in groups if g.i == r).toks[0].card == movers.toks[0].card:
                self.carried = True   # «QH — дама червей», «10♠ — десятка пик»: the notation explained, no move
                done = True
            elif right.kind == "card":
                tg = next(g for g in groups if g.i == r)
                if len(tg.toks) > 1 and tg.alt:
                    for t in tg.toks:
                        self.to_group(cl, movers, t, flags | {"alternative"})
                else:
                    self.to_group(cl, movers, tg.toks[0], flags)
                done = True
            elif right.kind == "word" and right.low in PERSONAL:
                # (the card moved is no antecedent of where it goes: «а 6♦ — на неё» is onto the card before)
                ante = self.antecedent(next(p for p in prons if p[0] == r), cl[:movers.i] if movers.i < r else cl)
                if ante:
                    self.to_group(cl, movers, ante[0], flags | {"to_by_pronoun"})
                    done = True
            elif right.kind == "word" and right.low in SIDES and side_target(cl, groups, r) is not None:
                flag, tok, note = side_target(cl, groups, r)
                self.to_group(cl, movers, tok, flags | {flag}, [note])
                done = True
            elif "SAME_PLACE" in right.cues and self.ctx.last_proto is not None and self.ctx.last_proto.place:
                # «♥2 — на основание, ♥3 — туда же»: where the move before went
                self.to_each(cl, movers, None, self.ctx.last_proto.place, flags, ["«туда же»: where the move before went"])
                done = True
            elif "PLACE_NOUN" in right.cues and prep in ON:
                # «а даму пик — на место, освободившееся после короля»: the space a card left
                self.to_each(cl, movers, None, "space", flags)
                done = True
            else:
                pl = place_at(cl, r, min(r + 2, len(cl)))
                side = side_target(cl, groups, r)
                if pl is not None and (prep or pl[1] == r):
                    self.to_each(cl, movers, None, pl[0], flags)
                    done = True
                elif side is not None:   # «♠2 … — в верхний ряд справа от ♠Т»
                    flag, tok, note = side
                    self.to_group(cl, movers, tok, flags | {flag}, [note])
                    done = True
        return done

    def _cover_passive(self, cl, groups, prons, vi, flags, elided):
        """«Y покрывается X», «и покрывается ♥2» (Y: the card of the move before)."""
        before = [g for g in groups if g.j <= vi]
        after = [g for g in groups if g.i > vi]
        if not after:
            return
        pr = [p for p in prons if p[0] < vi]
        if before:
            target = before[-1].toks[-1]
        elif pr:
            target = (self.antecedent(pr[0]) or [None])[0]
        else:
            target = elided[-1] if elided else None
        g = after[0]
        if target is None:
            pl = place_at(cl, 0, vi)
            if pl is not None:
                self.to_each(cl, g, None, pl[0], flags)
            return
        if any("SERIES" in el.cues for el in cl[vi:]) or g.with_:
            self.move(cl, g.toks, target, kind="sequence", flags=flags, card_list=g.cards)
        else:
            self.chain(cl, g.toks, target, flags)

    def _cover(self, cl, groups, prons, vi, flags, elided):
        """«X покрывает Y», «его покрывают ♠2 и ♠3», «ею можно покрыть Y», «покройте Y серией …»."""
        before = [g for g in groups if g.j <= vi]
        after = [g for g in groups if g.i > vi]
        ins = [p for p in prons if p[2] == "ablt"]
        acc = [p for p in prons if p[2] == "accs" and not (p[0] + 1 < len(cl) and "PLACE_NOUN" in cl[p[0] + 1].cues)]
        impersonal = any(el.cues & {"IMPERS"} for el in cl[:vi + 1])
        series = any("SERIES" in el.cues for el in cl)
        series_i = next((i for i, el in enumerate(cl) if i > vi and "SERIES" in el.cues), None)
        if ins:
            movers = self.antecedent(ins[0], cl)
            tgt = after or before
            if movers and tgt:
                self.move(cl, movers[:1], tgt[0].toks[0], flags=flags, notes=["the card moved is named by a pronoun"])
            return
        if acc:
            ante = self.antecedent(acc[0], cl)
            toks = [t for g in groups for t in g.toks]
            if ante and toks:
                if series or any(g.with_ for g in groups):
                    self.move(cl, toks, ante[0], kind="sequence", flags=flags | {"to_by_pronoun"},
                              card_list=[c for g in groups for c in g.cards])
                else:
                    made = self.chain(cl, toks, ante[0], flags)
                    if made:   # (none when the pronoun stands for the mover itself: «♣Т покрывает его»)
                        made[0].flags.add("to_by_pronoun")
            return
        if series_i is not None:
            tg = next((g for g in after if g.i < series_i), None)
            mg = next((g for g in after if g.i > series_i), None)
            if tg and mg:
                self.move(cl, mg.toks, tg.toks[0], kind="sequence", flags=flags, card_list=mg.cards)
                return
        if impersonal and before and after:
            if after[0].with_ and len(after[0].toks) > 1 and not before[-1].with_:
                # «следует ♠6 покрыть ♠5 вместе с ♠7, ♥6 …»: the cards carried go onto the card named first
                self.to_group(cl, after[0], before[-1].toks[-1], flags)
            else:
                # «♠2 можно покрыть ♠Т или ♣Т», «♦10 можно покрыть ♦8»: the book's usage, the card
                # named first goes onto the other (as «♠2 может покрыть ♠Т»)
                tg = after[0]
                if len(tg.toks) > 1 and tg.alt:
                    for t in tg.toks:
                        self.to_group(cl, before[-1], t, flags | {"alternative"})
                else:
                    self.to_group(cl, before[-1], tg.toks[0], flags)
            return
        nom = [p for p in prons if p[0] < vi and p[2] == "nomn"]
        combo = any(el.kind == "word" and el.lemma in ("сочетание", "комбинация") for el in cl[:vi])
        if not before and combo and self.ctx.last_group is not None:
            before = [self.ctx.last_group]   # «это сочетание карт покроет ♣5»: the cards named together before
        if before:
            movers = merge_groups(before) if is_plural(cl[vi]) else before[-1]
        elif nom:
            toks = self.antecedent(nom[0], cl)
            movers = Group(toks, nom[0][0], nom[0][0] + 1) if toks else None
        else:
            movers = Group(elided, 0, 0) if elided else None
        if (movers is None or not movers.toks) and len(after) >= 2 and len(after[0].toks) == 1 \
                and (after[1].alt or after[1].series):
            # «покрыть ♠9 либо ♥10, либо ♥8», «выбор покрытия ♥9 … либо ♥10, либо ♥8»: the card
            # covered first, then what covers it
            tg, mg = after[0].toks[0], after[1]
            if mg.series:
                self.move(cl, mg.toks, tg, kind="sequence", flags=flags, card_list=mg.cards)
            else:
                for t in mg.toks:
                    self.move(cl, [t], tg, flags=flags | {"alternative"})
            return
        if movers is None or not movers.toks:
            if after:
                self.ctx.pending_target = after[0].toks[0]  # «Карты … могут покрывать ♦7 в следующем порядке:»
            return
        if after:
            if series or movers.with_:
                self.move(cl, movers.toks, after[0].toks[0], kind="sequence",
                          flags=flags | ({"range"} if movers.range else set()), card_list=movers.cards)
            elif len(after[0].toks) > 1 and after[0].alt:
                for t in after[0].toks:
                    self.to_group(cl, movers, t, flags | {"alternative"})
            elif len(movers.toks) > 1 and not movers.alt and after[0].toks[0].card.suit is not None:
                self.chain(cl, movers.toks, after[0].toks[0], flags)  # «♣2 и ♣3 покрывают ♣Т»: one on the other
            else:
                self.to_group(cl, movers, after[0].toks[0], flags)
            return
        pl = place_at(cl, vi + 1)
        if pl is not None:
            self.to_each(cl, movers, None, pl[0], flags)

    def _place(self, cl, groups, prons, vi, verb, flags, elided):
        """«X помещается на Y | в базовый ряд», «поместите X …», «пробел заполняется X»,
        «за которой следует X», «ее место занимает X»."""
        def is_mover(g: Group) -> bool:
            if g.prep in ON | INTO | FROM | {"от", "под", "до", "—", "від"} or (verb == "FOLLOW" and g.prep == "за"):
                return False
            if g is _on_top_after(cl, groups):
                return False  # «После 7♦ сверху можно положить 8♠»: the card it goes on
            w = g.i - 1
            while w > 0 and cl[w].kind == "word" and cl[w].tag is not None and cl[w].tag.POS in ("ADJF", "PRTF"):
                w -= 1
            if w >= 0 and w < g.i and "PLACE_NOUN" in cl[w].cues and not (w == g.i - 1 and (
                    accusative(g.toks[0], cl[w].lang) and not _whose_place(g, groups, cl, cl[w].lang) or "SPACE" in cl[w].cues and w >= 1 and "SPACE" in cl[w - 1].cues and _accusative_any(g.toks[0], cl[w].lang))):
                # («на пустое место короля бубен»: an empty place is nobody's, an animate accusative is the card moved)
                return False  # «место ♣В», «на место ушедшего туза»: whose place («место двойку червей»: the card moved)
            k = g.i - 1
            a = k
            while a > 0 and cl[a].kind == "word" and cl[a].tag is not None and cl[a].tag.POS in ("ADJF", "PRTF"):
                a -= 1
            if a < k and cl[a].kind == "word" and cl[a].low in ON | INTO | FROM - {"под"}:
                return False  # «снята с базового туза и помещена на базового короля»: places, not the card moved
            while k > 0 and cl[k].kind == "word" and cl[k].tag is not None and cl[k].tag.POS == "NUMR":
                k -= 1   # «после сброса четырех королей»
            if k >= 0 and cl[k].kind == "word" and cl[k].lemma in ("сброс", "перемещение", "удаление"):
                return False  # «пробел от сброса ♥К», «пробел, оставленный перемещением ♠4»: whose place
            if g.i > 0 and cl[g.i - 1].kind == "word" and cl[g.i - 1].lemma in ("оставить", "оставлять", "открывать"):
                return False
            return True

        if not groups and cl[vi].tag is not None and cl[vi].tag.POS == "GRND":
            return   # «…, заполняя два пробела»: the gerund tells more of the move before
        before = [g for g in groups if g.j <= vi and is_mover(g)]
        after = [g for g in groups if g.i > vi and is_mover(g)]
        obj = [p for p in prons if p[2] in ("accs", "nomn", "")
               and not (verb == "FILL" and p[2] == "accs")   # «заполнить его ♣2»: «его» is the space
               and not (p[0] + 1 < len(cl) and "PLACE_NOUN" in cl[p[0] + 1].cues)
               and not (p[0] > 0 and "PLACE_NOUN" in cl[p[0] - 1].cues)
               and not (p[0] > 0 and cl[p[0] - 1].kind == "word" and cl[p[0] - 1].low in ON | INTO | {"за"})
               and not _player(p, vi, cl, after)]
        movers = None
        if before:
            movers = merge_groups(before) if is_plural(cl[vi]) else before[-1]
        elif obj and (not after or obj[0][0] < after[0].i):
            toks = self.antecedent(obj[0], cl)
            run = self.ctx.run is not None and toks == list(self.ctx.run[0].toks) and len(toks) > 1
            movers = Group(toks, obj[0][0], obj[0][0] + 1, series=run, range=run) if toks else None
        elif after:
            movers = after[0]
        count = None
        if movers is not None and len(movers.cards) == 1 and (any("SERIES" in el.cues for el in cl) or _carried_along(cl, movers)
                                                              or any(el.low in ("с", "со", "з", "із", "зі") for el in cl)):
            counted = self.counted(cl)   # «дев'ятку чирви з усією послідовністю, п'ять карт, перенесли …»: a run of five
            count = counted[0] if counted is not None and counted[0] > 1 and not counted[1] else None
            if count is not None and _cards_with(cl):
                count += 1   # «даму пик с двумя картами»: the two and the queen
        if movers is None and verb != "FOLLOW":
            counted = self.counted(cl)
            together = self.ctx.pending_list if any(el.low in ("вместе", "разом", "целиком", "цілком") for el in cl) else []
            if counted is not None and counted[1] and self.ctx.prev_alt:
                # «♥3 или ♣3, обе из верхнего ряда, могут заполнить пробел»: each of them, not a run
                movers = Group(counted[1], 0, 0, alt=True)
            elif self.ctx.listed and any("SERIES" in el.cues for el in cl) and any(
                    el.kind == "word" and el.lemma in ("этот", "весь", "цей", "увесь", "вся", "такой") for el in cl):
                # «в колонке лежат ♣К, ♥Д и ♠В. Всю эту серию (из трёх карт) можно переложить …»: the cards listed
                movers = Group(self.base_first(self.ctx.listed), 0, 0, series=True)
                count = counted[0] if counted is not None else None
            elif counted is not None and counted[1] or together:
                # «обе карты можно переложить вместе на ♥8», «Ці дві карти …», «семерку и шестерку червей,
                # лежащие одна на другой, переносят вместе на …»: one run, its base first
                toks = self.base_first(counted[1] if counted is not None and counted[1] else together)
                movers = Group(toks, 0, 0, series=True)
                count = counted[0] if counted is not None else None
            elif self._unnamed(cl, verb, flags, counted):
                return
            elif elided:
                movers = Group(elided, 0, 0)
        if movers is None or not movers.toks:
            return
        if verb == "FOLLOW":
            return self._follow(cl, groups, prons, movers, flags)
        carried = [g for g in groups if g is not movers and _carried_along(cl, g)]
        if carried:
            # «♦К переносимо у вільну колонку разом з ♣Д і ♥В», «♠10 … вместе с лежащей на ней ♥9 на ♦В»
            movers = Group(movers.toks + [t for g in carried for t in g.toks if t not in movers.toks], movers.i, movers.j,
                           series=True)   # (a card the mover's group already holds is not carried twice)
        mutual = next((i for i in range(len(cl) - 2) if cl[i].low in ("друг", "один", "одна", "одне")
                       and cl[i + 1].low in ON and cl[i + 2].lemma in ("друг", "другой", "інший", "другий")), None)
        if mutual is not None and len(movers.toks) == 2:
            # «♥Д и ♠Д нельзя класть друг на друга»: each onto the other
            a, b = movers.toks
            self.move(cl, [a], b, flags=flags | {"alternative"})
            self.move(cl, [b], a, flags=flags | {"alternative"})
            return
        first_new = len(self.protos)
        self._destination(cl, groups, prons, vi, verb, flags, movers)
        for p in self.protos[first_new:]:
            p.count = p.count or count

    def _destination(self, cl, groups, prons, vi, verb, flags, movers):
        """Where a «поместить / положить / заполнить» clause puts ``movers``: onto a card, a pronoun's
        card, a place, the same place as the move before («туда же»), beside a card."""
        on_groups = [g for g in groups if g.prep in ON and g is not movers and not _carried_along(cl, g)] or [
            g for g in groups if g.prep in UNDER and g is not movers and g.i > vi] or [
            g for g in [_on_top_after(cl, groups)] if g is not None and g is not movers]
        if on_groups:
            for tok, extra in target_options(cl, on_groups):
                above = {"above"} if tok[1].prep == "над" else {"under"} if tok[1].prep in UNDER else set()
                notes = ["«над»: laid above that card, not on it"] if "above" in above else []   # «♦К помещается над ♦Т»
                self.to_group(cl, movers, tok[0], flags | extra | above, notes)
            return
        on_pron = next((p for p in prons if p[0] > 0 and cl[p[0] - 1].kind == "word"
                        and cl[p[0] - 1].low in ON | UNDER), None)
        if on_pron is not None:
            ante = self.antecedent(on_pron, cl)
            if ante and movers is not None and ante[0] in movers.toks and cl[on_pron[0] - 1].low in ON:
                # «♥В кладемо на неї»: the card moved is not what «на неї» stands for — an earlier one is
                ante = [t for t in self.antecedent(on_pron) if t not in movers.toks]
            if ante:
                under = {"under"} if cl[on_pron[0] - 1].low in UNDER else set()
                self.to_group(cl, movers, ante[0], flags | {"to_by_pronoun"} | under)
                return
        if self._just_emptied() and any(el.kind == "word" and el.low in ("туда", "туди") for el in cl) \
                and not any(el.kind == "word" and el.low == "же" for el in cl) and place_at(cl) is None:
            # «Когда опустела первая стопка, я поставила туда короля бубен», «Освободилась стопка. Кого он туда
            # положит?»: into the pile emptied just before
            self.to_each(cl, movers, None, "space", flags, ["«туда»: the pile the sentence says became empty"])
            return
        said = self.ctx.place_said
        same = next((k for k, el in enumerate(cl) if "SAME_PLACE" in el.cues), None)
        here = next((PLACE_CUES[c] for k in range(1, same or 0) for c in cl[k].cues & set(PLACE_CUES)
                     if cl[k - 1].kind == "word" and cl[k - 1].low in INTO | ON), None)
        if here in ("foundation", "waste", "cell", "reserve"):
            said = (self.ctx.sentence, here, cl[0].start)   # «а туз пік уже на базі, тож двійку несемо туди ж»
        if same is not None and said is not None and said[0] == self.ctx.sentence and (
                self.ctx.last_proto is None or self.ctx.last_proto.end < said[2]) and place_at(cl) is None:
            # uk «Туз пік уже в домі, тож 2♠ кладемо туди ж»: the place named before in the sentence, after any move
            self.to_each(cl, movers, None, said[1], flags, ["«туда же»: the place the sentence named before"])
            return
        if any("SAME_PLACE" in el.cues for el in cl) and self.ctx.last_proto is not None:
            lp = self.ctx.last_proto   # «затем туда же идут ♣7 и ♣8»: where the move before went
            if lp.place is not None:
                self.to_each(cl, movers, None, lp.place, flags, ["«туда же»: where the move before went"])
            elif lp.target is not None:
                made = self.chain(cl, movers.toks, lp.movers[-1] if lp.movers else lp.target, flags, inferred=True)
                if made:
                    made[-1].notes.append(_SAME_CARD)
            return
        pl = place_at(cl)
        if pl is not None:
            # «на базовую — тройку»: the foundation card named after a dash
            tc = next((g.toks[0] for g in groups if g.prep == "—" and g.i > pl[1]), None) if pl[0] == "foundation" else None
            if tc is not None:
                self.to_each(cl, movers, tc, "foundation", flags, ["the foundation card named after the dash"])
            else:
                self.to_each(cl, movers, None, pl[0], flags)
            return
        beneath = next((i for i, el in enumerate(cl) if "PILE" in el.cues and i and cl[i - 1].low in UNDER), None)
        if beneath is not None:
            # «её подкладывают под стопку на месте семи»: beneath a pile, no card named
            self.to_each(cl, movers, None, "under-pile", flags)
            return
        own = next((i for i, el in enumerate(cl) if "PLACE_NOUN" in el.cues and i
                    and cl[i - 1].low in ("свое", "своё", "своє", "свой", "свій")), None)
        if own is not None and verb != "FILL":
            # «кладут на свое место в верхний ряд»: the card's own place, which the text does not name
            self.to_each(cl, movers, None, "own-place", flags)
            return
        if verb == "FILL" or any("PLACE_NOUN" in el.cues for el in cl):
            self.to_each(cl, movers, None, "space", flags)
            return
        side = side_target(cl, groups)
        if side is not None:
            flag, tok, note = side
            self.to_group(cl, movers, tok, flags | {flag}, [note])
            return
        if verb == "PLACE" and cl[vi].lemma in _USE:
            self.carried = True   # «її можна використати», «её можно использовать позже»: usable, not moved (read)
            return
        if verb == "PLACE":
            self.to_each(cl, movers, None, None, flags, ["no destination named"])

    def _just_emptied(self) -> bool:
        """Whether this sentence, or the one before with no move since, told a pile became empty."""
        return self.ctx.emptied == self.ctx.sentence or (
            self.ctx.emptied >= 0 and self.ctx.emptied == self.ctx.sentence - 1 and self.ctx.emptied_made == len(self.protos))

    def _elliptic(self, cl, groups, prons, flags, elided) -> bool:
        """No verb: «а ♥2 на ♥Т», «даму червей на короля пик», «бубнового туза наверх»,
        «или на десятку пик» (the card of the move before)."""
        there = next((i for i, el in enumerate(cl) if el.kind == "word" and el.low in ("туда", "туди")), None)
        if there is not None and self._just_emptied() and place_at(cl) is None and not any(
                el.kind == "word" and el.low in ON | {"же", "ж"} for el in cl):
            # «Освободился столбик. Туда — короля пик», «стовпчик звільнився, туди короля»: the pile just emptied
            movers = next((g for g in groups if g.prep in ("", "туда", "туди")), None)
            if movers is not None:
                self.to_each(cl, movers, None, "space", flags, ["«туда»: the pile the sentence says became empty"])
                return True
        on_i = next((i for i, el in enumerate(cl) if el.kind == "word" and el.low in ON), None)
        up_i = next((i for i, el in enumerate(cl) if el.kind == "word" and el.low in PLACE_ADVERBS), None)
        side = side_target(cl, groups)
        if side is not None and on_i is None and up_i is None and self.ctx.prev_moved and \
                self.ctx.last_proto is not None and ({"right_of", "left_of"} & self.ctx.last_proto.flags):
            # «Поместите ♠5 слева от ♠6, ♣В слева от ♣Д»: the same verb goes on
            flag, tok, note = side
            movers = [g for g in groups if g.j <= cl.index(next(el for el in cl if el.low in SIDES))]
            if movers:
                self.to_group(cl, movers[-1], tok, flags | {flag}, [note])
                return True
        same = next((i for i, el in enumerate(cl) if "SAME_PLACE" in el.cues), None)
        lp = self.ctx.last_proto
        if same is not None and on_i is None and lp is not None and (lp.place or lp.target) and \
                not any(el.kind == "word" and el.low in INTO for el in cl[:same]):
            # «2) Двойку треф туда же», «после чего четверку червей, открывшуюся под девяткой, туда же»
            movers = _movers_before([g for g in groups if g.prep not in UNDER], same, [])
            if (movers is None or not movers.toks) and len(groups) == 1 and groups[0].i > same \
                    and groups[0].prep in ("", "туда", "туди", "же", "ж", "и", "і", "й"):
                movers = groups[0]   # «Туда же ♣2», «туди ж і двійку пік»: the card after it
            if movers is not None and movers.toks:
                if lp.place is not None:
                    self.to_each(cl, movers, None, lp.place, flags, ["«туда же»: where the move before went"])
                else:
                    made = self.chain(cl, movers.toks, lp.movers[-1] if lp.movers else lp.target, flags, inferred=True)
                    if made:
                        made[-1].notes.append(_SAME_CARD)
                return True
        if on_i is None and up_i is None:
            return self._elliptic_into(cl, groups, flags, elided)
        k = on_i if on_i is not None else up_i
        tg = next((g for g in groups if on_i is not None and g.i == on_i + 1), None)
        if on_i is not None and tg is not None and len(groups) == 1 and len(tg.toks) == 1 and lp is not None \
                and lp.place == "foundation" and lp.target is None and self.ctx.prev_made and lp in self.ctx.prev_made \
                and on_i == 0 and tg.j == len(cl):
            # «Из колоды пришла 3♣ — на базу, на двойку треф», «2 | 2♠ | в базу, на туза»: the foundation
            # card it goes on, in apposition — the same move
            lp.target = self.resolve_rank(tg.toks[0], cl)
            lp.end = cl[-1].end
            lp.notes.append("the foundation card named in apposition")
            return True
        if on_i == 0 and tg is not None and len(groups) == 1 and len(tg.toks) == 1 and tg.j == len(cl) and lp is not None \
                and self.ctx.prev_made and lp in self.ctx.prev_made and _SAME_CARD in lp.notes:
            # «И двойку бубен туда же, на туза»: the card named after «туда же» is where it goes
            lp.target = self.resolve_rank(tg.toks[0], cl)
            lp.flags.discard("to_inferred")
            lp.notes.remove(_SAME_CARD)
            lp.end = cl[-1].end
            return True
        if on_i == 0 and not groups and lp is not None and self.ctx.prev_made and lp in self.ctx.prev_made \
                and any("«туда же»" in n for n in lp.notes) and place_at(cl, 1) is not None:
            lp.place = place_at(cl, 1)[0]   # «и она уходит туда же, на базу»: the place named after «туда же»
            lp.end = cl[-1].end
            return True
        movers = _movers_before(groups, k, elided)
        pr = next((p for p in prons if p[0] < k and (p[2] in ("accs", "nomn") or p[2] == "datv" and p[0] + 1 < len(cl)
                                                      and cl[p[0] + 1].lemma in ("место", "місце"))), None)
        if (movers is None or not movers.toks) and pr is not None and not any(g.i < k for g in groups):
            ante = self.antecedent(pr, cl)   # «його теж туди, на даму», «ей место на 8♦»: the card the pronoun stands for
            movers = Group(ante[:1], pr[0], pr[0] + 1) if ante else None
        if movers is None or not movers.toks:
            return False
        if on_i is None or (up_i is not None and up_i < on_i):
            self.to_each(cl, movers, None, "foundation", flags)
            return True
        tg = next((g for g in groups if g.i == on_i + 1), None)
        if tg is not None:
            if len(tg.toks) > 1 and tg.alt:
                for t in tg.toks:
                    self.to_group(cl, movers, t, flags | {"alternative"})
            else:
                self.to_group(cl, movers, tg.toks[0], flags)
            return True
        pr = next((p for p in prons if p[0] == on_i + 1), None)
        if pr is not None:
            ante = self.antecedent(pr, cl)
            if ante:
                self.to_group(cl, movers, ante[0], flags | {"to_by_pronoun"})
                return True
        pl = place_at(cl, on_i + 1)
        if pl is not None:
            self.to_each(cl, movers, None, pl[0], flags)
            return True
        return False

    def _elliptic_into(self, cl, groups, flags, elided) -> bool:
        """No verb, «в/у» and a place: «♦Т в базу», «♣2 в ячейку», uk «♠Т у базу» (a list of moves in an
        example); only a place a move goes to (foundation, cell, reserve, waste, space), never «в колоде»."""
        for i, el in enumerate(cl):
            if el.kind != "word" or el.low not in INTO:
                continue
            pl = place_at(cl, i + 1, min(i + 3, len(cl)))
            if pl is None or pl[0] not in ("foundation", "cell", "reserve", "waste", "space"):
                continue
            movers = _movers_before(groups, i, elided)
            lp = self.ctx.last_proto
            if not groups and i and cl[i - 1].kind == "word" and cl[i - 1].low in ALT and lp is not None \
                    and lp in self.ctx.prev_made and lp.place not in (None, pl[0]) and lp.target is None and lp.movers \
                    and not lp.flags & {"prohibited", "conditional"}:
                # «короля пик можно переложить в пустую стопку или в свободную ячейку»: the same card, the other place
                lp.flags.add("alternative")
                self.to_each(cl, Group(list(lp.movers), 0, 0), None, pl[0], flags | {"alternative"})
                return True
            if movers is None or not movers.toks:
                return False
            self.to_each(cl, movers, None, pl[0], flags)
            return True
        return False

    def _follow(self, cl, groups, prons, movers, flags):
        """«♦В — ♦Д, за которой следует ♦10», «за ними следуют ♠2, ♠3, ♠4 и ♠5», «а слідом за ним —
        трефову двійку», «За семеркой последует ♦6»: the cards go onto the card named (or the card
        just moved), a list one on another. Of several cards just moved («♦Т и ♠Т … за ними»), the
        one of the first follower's suit. A place named in the clause is where they go: «За нею до відбою пішла
        вісімка хрестів», «за ним в дом идёт ♠2» (the follower comes after, into that place)."""
        pl = place_at(cl)
        if pl is not None and pl[0] in ("foundation", "waste", "cell", "reserve", "space"):
            self.to_each(cl, movers, None, pl[0], flags, ["«за …»: after the card before, into the place named"])
            return
        za = next((g for g in groups if g.prep == "за" and g is not movers), None)
        if za is not None:
            ante = [za.toks[-1]]
        elif self.ctx.prev_moved and self.ctx.last_movers:
            ante = list(self.ctx.last_movers)
        else:
            ante = self.antecedent(next((p for p in prons if p[1] == "relative"), (0, "relative", "", None)))
        if not ante:
            return
        first = movers.toks[0].card
        target = next((t for t in ante if t.card.suit is not None and t.card.suit == first.suit), ante[-1] if za else ante[0])
        fl = flags | ({"to_by_pronoun"} if za is None else set())
        if len(movers.toks) > 1 and not (movers.with_ or movers.series or movers.alt):
            self.chain(cl, movers.toks, target, fl)
        else:
            self.to_group(cl, movers, target, fl)

    def _target_first(self, cl, groups, prons, flags) -> bool:
        """No verb, the destination first: «а на нее бубнового валета», «а на нього — пікову даму»,
        «а на даму — валетъ червей», «а слідом за ним — трефову двійку», «а за нимъ двойку и тройку»:
        the cards after go onto the card (or the pronoun's card) before them, a list one on another."""
        k = 0
        while k < len(cl) and (cl[k].kind == "word" and (cl[k].low in LIST | STRONG | LEAD | PARENTHETICAL or "NEXT" in cl[k].cues
                                                         or cl[k].low in ("слідом", "вслед", "потом", "потім"))
                               or cl[k].kind == "punct" and cl[k].text == "," and k and cl[k - 1].low in PARENTHETICAL):
            k += 1   # «Наприклад, на даму бубон — валета бубон»: an aside opens it
        if k + 1 < len(cl) and cl[k].kind == "word" and cl[k].low in INTO | ON and self._place_first(cl, groups, flags, k):
            return True
        if k + 1 >= len(cl) or not (cl[k].kind == "word" and cl[k].low in ON | UNDER | {"за"}):
            return False
        pr = next((p for p in prons if p[0] == k + 1), None)
        tg = next((g for g in groups if g.i == k + 1 and len(g.toks) == 1), None)
        if pr is None and tg is None:
            return False
        rest = [g for g in groups if g.i > k + 1 and g.prep not in FROM | ON | INTO | UNDER]
        if not rest:
            return False
        movers = rest[0]
        if pr is not None:
            ante = self.antecedent(pr, cl)
            if not ante:
                return False
            target, fl = ante[0], flags | {"to_by_pronoun"}
        else:
            target, fl = tg.toks[0], set(flags)
        if cl[k].low in UNDER:
            fl |= {"under"}
        if cl[k].low == "за" and len(movers.toks) > 1 and not (movers.with_ or movers.alt):
            self.chain(cl, movers.toks, target, fl)
        else:
            self.to_group(cl, movers, target, fl)
        return True

    def _place_first(self, cl, groups, flags, k) -> bool:
        """No verb, the place first and the card after a dash: «В пустой столбец — король бубен», «На освободившееся
        место — король бубен», uk «На базу — туз пік»: the cards after the dash go there, one move each."""
        d = next((i for i in range(k + 1, len(cl)) if cl[i].kind == "dash"), None)
        pl = place_at(cl, k + 1, d)
        if d is None or pl is None or any(g.i < d for g in groups) or any(el.kind == "word" and el.tag is not None
                                                                          and el.tag.POS == "VERB" for el in cl) \
                or where_it_lies(cl[pl[1]]):
            return False   # («В четвёртой стопке открываем следующую карту — ♦3»: where, and a verb of its own)
        rest = [g for g in groups if g.i > d and g.prep not in FROM | ON | INTO | UNDER]
        if not rest:
            return False
        self.to_each(cl, rest[0], None, pl[0], flags)
        return True

    def _unnamed(self, cl, verb, flags, counted) -> bool:
        """«пробел заполняется картой из колоды», «а пробел заполняется из колоды», «на их место кладут
        две карты из колоды», «выкладываются шестнадцать карт»: cards the text does not name, dealt
        (kind ``deal``, ``cards`` empty, ``count`` when a number is given). ``True`` when the clause is one."""
        if verb not in ("FILL", "PLACE") or any(el.kind == "card" for el in cl):
            return False
        stock = any("STOCK" in el.cues for el in cl)
        if not (stock or counted is not None and any(el.kind == "word" and el.lemma == "карта" for el in cl)):
            return False   # («заполнить картой во втором ряду»: a card of the layout, not one dealt)
        pl = place_at(cl)
        if verb == "FILL" and any("SPACE" in el.cues for el in cl):
            place = "space"   # «пробел заполняется картой из колоды» (whatever else the clause names)
        else:
            place = pl[0] if pl is not None else ("space" if verb == "FILL" or any("PLACE_NOUN" in el.cues for el in cl)
                                                  else "tableau")
        p = self.move(cl, [UNNAMED], None, place, "deal", flags, ["cards the text does not name"])
        p.count = counted[0] if counted is not None else None
        p.from_place = p.from_place or ("stock" if stock else None)
        return True

    def base_first(self, toks):
        """``toks`` with a card the text showed lying on another of them put after it («бубновая шестерка
        лежит на трефовой семерке»: ♣7 first)."""
        out = list(toks)
        for fact in self.shown:
            code, _, place = fact.partition(" ")
            if not place.startswith("on:"):
                continue
            top = next((t for t in out if t.card.format() == code), None)
            base = next((t for t in out if t.card.format() == place[3:]), None)
            if top is not None and base is not None and out.index(top) < out.index(base):
                out.remove(base)
                out.insert(out.index(top), base)
        return out


def _movers_before(groups, k: int, elided) -> Group | None:
    """The cards a verbless clause moves: the last group ending by token ``k`` not taken «from» somewhere,
    else the cards of the clause before (``elided``), else ``None``."""
    before = [g for g in groups if g.j <= k and g.prep not in FROM]
    return before[-1] if before else (Group(elided, 0, 0) if elided else None)
