"""Mechanics outside the spec's fields: ``special`` entries the engine's plug-ins know, each read
by a small registered function from the sentences that state it.

Each mechanic is ``fn(ctx, k) -> bool`` (whether sentence ``k`` was read by it), registered with
:func:`mechanic` in the order they run. They set fields only where the mechanic implies them (a
window takes one card: ``tableau.space`` other, ``tableau.move`` one-card).
"""

from __future__ import annotations

import re
from typing import Callable

from .values import RANK_CODES, RANKS

MECHANICS: list[Callable] = []


def mechanic(fn: Callable) -> Callable:
    MECHANICS.append(fn)
    return fn


def _low(ctx, k) -> list[str]:
    return [t.lower for t in ctx.words(ctx.sents[k])]


def _extend(item: dict, sent) -> None:
    item["quote"] = f"{item['quote']} … {sent.quote}"
    item["lines"] = [min(item["lines"][0], sent.lines[0]), max(item["lines"][1], sent.lines[1])]


# -- the Paganini family's windows, Gaps -------------------------------------------------------

_WINDOW = ("вікн", "вікон", "окн", "окон")


@mechanic
def windows(ctx, k) -> bool:
    """«В вікно можна покласти карту, наступну по старшинству за картою, що лежить зліва від вікна»
    (000 rule 4): special ``paganini-windows``; rule 9 adds «… або на одне очко молодше карти, що
    лежить праворуч від вікна»: ``paganini-windows-two-sided``. «Якщо вікно виявиться праворуч від
    короля, то туди вже нічого не покладеш» (a dead window): no wrap."""
    sent = ctx.sents[k]
    words = _low(ctx, k)
    if not any(w.startswith(_WINDOW) for w in words) and "вільне" not in words:
        return False
    left = any(w in ("зліва", "ліворуч", "слева") for w in words)
    right = any(w in ("праворуч", "справа") for w in words)
    nxt = any(w.startswith(("наступн", "следующ", "старш", "старше")) for w in words)
    lower = any(w.startswith(("молодш", "младш")) for w in words)
    king = any(w.startswith("корол") for w in words)
    dead = any(w in ("нічого", "ничего") for w in words) or any(w.startswith("глух") for w in words)
    if left and nxt and not king:
        two = right and lower
        desc = ("a window (an empty place in a row) takes only the card of the same suit one rank "
                "above the card left of it" + (", or one rank below the card right of it" if two else "")
                + "; the rows are at once the tableau and the foundations (built up from the aces "
                  "at the left); a window right of a king is dead")
        params = {"left_neighbour": 1, **({"right_neighbour": -1} if two else {}), "suit": "same-suit"}
        ctx.add_special("paganini-windows-two-sided" if two else "paganini-windows", desc, sent, params, once=False)
        ctx.claim("tableau.space", "other", k, rule="windows")
        ctx.claim("tableau.move", "one-card", k, rule="windows")
        return True
    if king and dead and right:
        ctx.claim("foundations.wrap", False, k, rule="windows")
        ctx.claim("tableau.wrap", False, k, rule="windows")
        return True
    return False


@mechanic
def gaps(ctx, k) -> bool:
    """«Пробел заполняется лишь той картой, которая выше достоинством предыдущей карты в ряду и той же
    масти», «… или ниже достоинством, чем карта справа от пробела»: special ``gaps``."""
    sent = ctx.sents[k]
    low = _low(ctx, k)
    if not (sent.has("SPACE") and any(w.startswith(("выше", "старше", "высок")) for w in low)
            and any(w.startswith("достоинств") for w in low)):
        return False
    left = any(w.startswith(("предыдущ", "слева")) for w in low)
    right = any(w.startswith("ниже") for w in low) and "справа" in low
    if not left:
        return False
    suit = "same-suit" if sent.has("SUIT_SAME") else None
    params = {"left_neighbour": 1, **({"right_neighbour": -1} if right else {}), "suit": suit}
    ctx.add_special("gaps", "a space takes the card one rank above the card left of it"
                    + (" or one rank below the card right of it" if right else "")
                    + (", of the same suit" if suit else "") + "; the rows are at once the tableau and the foundations",
                    sent, params)
    ctx.claim("tableau.space", "other", k, rule="gaps")
    ctx.claim("tableau.move", "one-card", k, rule="gaps")
    ctx.claim("tableau.build_direction", "either" if right else "up", k, rule="gaps")
    if suit:
        ctx.claim("tableau.build_suit", suit, k, rule="gaps")
    return True


# -- Accordion -----------------------------------------------------------------------------------


@mechanic
def accordion(ctx, k) -> bool:
    """«… карта, соответствующая своей соседке слева по масти или достоинству, … переложить на эту
    карту слева», «… на третьем слева месте»: special ``accordion`` with Solvitaire-style params
    ``moves`` (``L1``, ``L3``) and ``build policies``; the sentences join into one special."""
    sent = ctx.sents[k]
    words = _low(ctx, k)
    if not any(w in ("слева", "ліворуч") for w in words):
        return False
    move = None
    if any(w.startswith(("соседк", "соседн", "одразу", "сразу")) for w in words):
        move = "L1"
    if any(w.startswith(("трет", "три")) for w in words):
        move = "L3" if move is None else move
    if move is None:
        return False
    pol = [p for p, stems in (("same-suit", ("маст",)), ("same-rank", ("достоинств", "ранг")))
           if any(w.startswith(stems) for w in words)]
    both = any(w.startswith(("трет", "три")) for w in words) and move == "L1"
    acc = next((x for x in ctx.special if x["name"] == "accordion"), None)
    if acc is None:
        if not pol:
            return False
        ctx.add_special("accordion", "a card (with its pile) goes onto the card left of it or the third card "
                        "to its left when it matches it in suit or rank; goal: one pile", sent,
                        {"moves": ["L1", "L3"] if both else [move], "build policies": pol})
        return True
    if move not in acc["params"]["moves"]:
        acc["params"]["moves"].append(move)
        _extend(acc, sent)
    return True


# -- cards leaving play ----------------------------------------------------------------------


@mechanic
def neighbours(ctx, k) -> bool:
    """«Если рядом окажутся карты одной масти, то правую карту такой пары следует немедленно изъять …
    Если же карты одной масти оказались лежащими через одну, то надо убрать карту этой масти,
    находящуюся слева» («Ручеек»): special ``same-suit-neighbours``, params ``adjacent`` /
    ``one_apart`` = the side of the card that leaves."""
    sent = ctx.sents[k]
    low = _low(ctx, k)
    lemmas = ctx.lemmas(sent)
    removes = sent.has("DISCARD") or bool(lemmas & {"убрать", "убирать", "отложить"})
    one_suit = sent.has("SUIT_SAME") or any(a == "одной" and b.startswith("мас") for a, b in zip(low, low[1:]))
    if not (removes and one_suit):
        return False
    apart = any(a == "через" and b in ("одну", "один", "карту") for a, b in zip(low, low[1:]))
    beside = "рядом" in low or any(w.startswith(("соседн", "смежн")) for w in low)
    side = ("right" if any(w.startswith(("прав", "справа")) for w in low)
            else "left" if any(w.startswith(("лев", "слева")) for w in low) else None)
    if side is None or apart == beside:
        return False
    key = "one_apart" if apart else "adjacent"
    old = next((x for x in ctx.special if x["name"] == "same-suit-neighbours"), None)
    if old is None:
        old = ctx.add_special("same-suit-neighbours", "", sent, {})
    else:
        _extend(old, sent)
    old["params"][key] = side
    p = old["params"]
    old["description"] = "; ".join(
        f"of two cards of one suit {'side by side' if kk == 'adjacent' else 'one card apart'}, the {p[kk]} one "
        "leaves play" for kk in ("adjacent", "one_apart") if kk in p)
    return True


def _ranks_named(ctx, sent) -> list[int]:
    out = []
    for t in ctx.words(sent):
        r = RANKS.get(t.lemma)
        if r is not None and not ctx.preceded_by(t.i, {"до", "от", "на", "с", "к", "від", "з", "із"}, 1) and r not in out:
            out.append(r)
    return out


@mechanic
def pairs(ctx, k) -> bool:
    """``pairs``: «Короли сбрасываются по одному, но все другие карты — парами, общее число очков
    которых составляет 13», «Любые две карты одинакового достоинства, которые соприкасаются …,
    сбрасываются», «Карты убираются парами, дающими в сумме тринадцать» (params ``total`` or
    ``same_rank``, ``singles``, ``touching``); ``remove-rank``: «Короли изымаются из игры по мере
    высвобождения», «Тузы участия в игре не принимают и удаляются» (params ``ranks``)."""
    sent = ctx.sents[k]
    if not (sent.has("DISCARD") or sent.has("TAKE_OFF")) or sent.has("F_ANCHOR"):
        return False
    toks = ctx.toks
    total = next((ctx.number_at(s, e) for s, e in sent.spans("POINTS") if not ctx.preceded_by(s, {"за"}, 1)), None)
    same = sent.has("SAME_RANK")
    paired = sent.has("PAIR") or total is not None
    singles = []
    if sent.has("ONE_BY_ONE"):
        s0 = sent.spans("ONE_BY_ONE")[0][0]
        singles = [RANKS[t.lemma] for t in toks[max(sent.start, s0 - 4):s0] if t.lemma in RANKS]
    low = _low(ctx, k)
    touching = any(w.startswith(("соприкаса", "смежн", "соседн", "касать", "касаться")) for w in low)
    if paired and (same or (total is not None and 10 <= total <= 15)):
        params = {"same_rank": True} if same else {"total": total}
        params.update({"singles": singles, "touching": touching})
        desc = ("two cards " + ("of one rank" if same else f"whose values add up to {total} "
                "(ace 1, jack 11, queen 12, king 13)") + " leave play together"
                + (f"; {', '.join(map(str, singles))}s leave alone" if singles else "")
                + ("; the two must touch in the layout" if touching else ""))
        ctx.add_special("pairs", desc, sent, params)
        return True
    ranks = _ranks_named(ctx, sent)
    if ranks and not paired and (sent.has("OUT_OF_PLAY") or "участие" in ctx.lemmas(sent)) and len(ranks) == 1:
        ctx.add_special("remove-rank", f"cards of rank {ranks[0]} are taken out of play", sent, {"ranks": ranks})
        return True
    return False


@mechanic
def same_rank_onto(ctx, k) -> bool:
    """«Если в верхнем ряду есть карты того же старшинства, что и средняя карта нижнего ряда, положите
    такие карты на нее»: special ``same-rank-onto``."""
    sent = ctx.sents[k]
    lemmas = ctx.lemmas(sent)
    if sent.has("SAME_RANK") and sent.has("BUILD_VERB") and "на" in lemmas and not sent.has("DISCARD") \
            and lemmas & {"положить", "класть", "положите", "помещать", "поместить"}:
        ctx.add_special("same-rank-onto", "cards of the same rank as the card named go onto it", sent, {})
        return True
    return False


@mechanic
def base_cards(ctx, k) -> bool:
    """«Изъять из колоды ♥2, ♥6 и ♥10, ♠3 … ♣К. … Они будут служить базовыми картами»: special
    ``base-cards`` (params ``cards``; ``wrap`` when the piles are built round a clock face)."""
    sent = ctx.sents[k]
    if not sent.has("PREPLACE_VERB"):
        return False
    from ..notation import find_cards

    cards = list(dict.fromkeys(t.card for t in find_cards(sent.quote, "symbol", ctx.lang, words=False) if t.card.suit))
    later = ctx.sents[k + 1: k + 3]
    if len(cards) < 4 or not any(x.has("F_ANCHOR") for x in later):
        return False
    clock = any(re.search(r"циферблат|часов", x.quote) for x in [sent, *later])
    ctx.add_special("base-cards", "the named cards are laid out as the bases before play and built "
                    "up in suit" + (" round a clock face: a king is followed by the ace" if clock else ""),
                    sent, {"cards": [c.format() for c in cards], "direction": "up", "wrap": clock})
    ctx.claim("foundations.base", "mixed", k, strength=2, rule="base-cards")
    ctx.claim("foundations.preplaced", True, k, rule="base-cards")
    return True


@mechanic
def bare_king(ctx, k) -> bool:
    """«голый король (все выстроенные на нем карты помещены на базовые) приравнивается к пробелу.
    Для его заполнения может быть использована любая карта.»: special ``bare-king-space``."""
    sent = ctx.sents[k]
    lemmas = ctx.lemmas(sent)
    if not ("голый" in lemmas and "король" in lemmas and sent.has("SPACE")):
        return False
    ctx.add_special("bare-king-space", "a king with nothing built on it counts as a space", sent, {})
    nxt = ctx.sents[k + 1] if k + 1 < len(ctx.sents) else None
    if nxt is not None and nxt.has("SPACE_ANY"):
        ctx.claim("tableau.space", "any", ctx.joined(sent, nxt), rule="bare-king")
    return True


_RANK_SIGNS = {"т": 1, "а": 1, "в": 11, "д": 12, "к": 13, **{str(n): n for n in range(2, 11)}}


def _rank_sequences(ctx, sent) -> list[list[int]]:
    """Orders of ranks a base is built in, six or more ranks: «туз, тройка, пятерка, …», «Т, 3, 5, 7,
    9, В, К», «туз — двойкой, тройкой, …» (the rank before the dash is the base, put first)."""
    toks: list[tuple[str, str]] = []
    for t in ctx.words(sent):
        if "," in t.text and not t.is_punct:
            for part in re.split(r"(,)", t.text.rstrip(".")):
                if part:
                    toks.append((part, part.lower()))
        else:
            toks.append((t.text, t.lemma))
    runs: list[list[int]] = []
    cur: list[int] = []
    key = None
    for j, (text, lemma) in enumerate(toks):
        r = RANKS.get(lemma)
        if r is None and (text.isdigit() or (len(text) == 1 and text.isupper())):
            r = _RANK_SIGNS.get(text.lower())
        nxt = toks[j + 1][0] if j + 1 < len(toks) else None
        if r is not None and nxt in ("—", "–") and not cur:
            key = r
            continue
        if r is not None:
            cur.append(r)
            continue
        if text == "," or lemma in ("и", "і") or (text in ("—", "–", "-") and not cur):
            continue
        if len(cur) >= 6:
            runs.append(([key] if key is not None and key not in cur else []) + cur)
        cur, key = [], None
    if len(cur) >= 6:
        runs.append(([key] if key is not None and key not in cur else []) + cur)
    return [r for r in runs if len(set(r)) == len(r)]


@mechanic
def sequences(ctx, k) -> bool:
    """Orders of ranks listed for the bases («Расчет», «Гора Олимп»): special ``sequences``."""
    sent = ctx.sents[k]
    seqs = _rank_sequences(ctx, sent)
    if not seqs:
        return False
    suit = "any-suit" if sent.has("SUIT_ANY") else "same-suit" if sent.has("SUIT_SAME") else None
    old = next((x for x in ctx.special if x["name"] == "sequences"), None)
    if old is None:
        ctx.add_special("sequences", "each base is built on in the order of ranks listed for it"
                        + (" (any suit)" if suit == "any-suit" else " (same suit)" if suit else ""),
                        sent, {"sequences": seqs, "suit": suit})
    else:
        old["params"]["sequences"] += [q for q in seqs if q not in old["params"]["sequences"]]
        _extend(old, sent)
    if suit == "any-suit" and len(seqs) >= 2:
        ctx.claim("foundations.suit", "any-suit", k, rule="sequences")
    return True


@mechanic
def several_reserves(ctx, k) -> bool:
    """«каждая карта должна быть помещена либо на базовую, либо на любую из четырех резервных
    стопок»: several reserve piles take the stock's cards (not one waste pile)."""
    sent = ctx.sents[k]
    toks = ctx.toks
    several = any(t.lemma == "резервный" and t.i > sent.start and (toks[t.i - 1].num or 0) > 1 for t in ctx.words(sent))
    if several and any(t.lemma == "любой" for t in ctx.words(sent)) and sent.has("F_ANCHOR"):
        ctx.claim("stock.deal_to", "reserve", k, rule="several-reserves")
        return True
    return False


@mechanic
def in_layout(ctx, k) -> bool:
    """«Цель игры — выстроить, в пределах расклада, серии карт …», «Базовые карты не выносятся за
    пределы расклада: цель игры — …»: no foundations; special ``sequences-in-layout``."""
    sent = ctx.sents[k]
    if not (sent.has("IN_LAYOUT") and (sent.has("GOAL") or sent.section == "goal")):
        return False
    for f in ("foundations.base", "foundations.direction", "foundations.suit"):
        ctx.claim(f, "none", k, strength=2, rule="in-layout")
    ctx.add_special("sequences-in-layout", "the goal is complete suit sequences built inside the layout (no "
                    "foundations); a solver that removes each complete sequence to a foundation reaches the same end",
                    sent, {"suit": "same-suit" if sent.has("SUIT_SAME") else None})
    return True


# -- bases listed card by card, policies per foundation ------------------------------------------

_POLICY_CUES = (("COLOR_SAME", "same-color"), ("COLOR_ALT", "alternate-color"), ("SUIT_SAME", "same-suit"))


@mechanic
def suit_by_pile(ctx, k) -> bool:
    """«Серии карт одного цвета — на двенадцати первых картах и чередующихся цветов на тринадцатой»
    (after «… на тринадцати картах базового ряда»): each policy holds on some foundations. Special
    ``suit-by-pile``, params ``rules`` = ``[{"suit", "piles"}]``; ``foundations.suit`` stays unknown
    with that reason, and no suit row reads the sentence."""
    sent = ctx.sents[k]
    prev = ctx.sents[k - 1] if k else None
    toks = ctx.toks
    found = sorted((a, b, v) for label, v in _POLICY_CUES for a, b in sent.spans(label))
    if len({v for _, _, v in found}) < 2:
        return False
    if not (sent.has("F_ANCHOR") or (prev is not None and ctx.last_anchor(prev) == "foundations")):
        return False
    rules = []
    for n, (a, b, v) in enumerate(found):
        stop = found[n + 1][0] if n + 1 < len(found) else sent.end
        on = next((i for i in range(b, stop) if toks[i].lemma == "на"), None)
        if on is None:
            return False
        part = [t for t in toks[on + 1:stop] if not t.is_punct and t.lemma not in ("и", "а")]
        if not part or not any(t.num is not None or t.ordinal is not None or t.lower.endswith(("ой", "ей", "ом"))
                               for t in part):
            return False
        rules.append({"suit": v, "piles": "на " + " ".join(t.text for t in part)})
    ctx.notes[("taken", k)] = {"@pile.suit"}
    if not any(x["name"] == "suit-by-pile" and x["quote"] == sent.quote for x in ctx.special):
        ctx.add_special("suit-by-pile", "each foundation policy holds on the piles named: "
                        + "; ".join(f"{r['suit']} {r['piles']}" for r in rules), sent, {"rules": rules}, once=False)
        ctx.notes["reason:foundations.suit"] = ("the text gives the foundations different suit rules "
                                                f"(special suit-by-pile, lines {sent.lines[0]}–{sent.lines[1]})")
    return True


_BASE_LIST_VERB = re.compile(r"^(вынос|выноси|вынес|прибавл|добавл|изыма|изъя)")
_COLOUR_SUITS = {"черн": ["C", "S"], "красн": ["D", "H"]}


def _in_example(ctx, k) -> bool:
    """Whether sentence ``k`` is in or after the worked example («На примере расклада: …»): the
    index of the first sentence opening with «пример» among its first three tokens is found once a
    text (``ctx.memo``), so that asking for every sentence stays linear in the text."""
    first = ctx.memo.get(("first-example",))
    if first is None:
        first = ctx.memo[("first-example",)] = next(
            (j for j, s in enumerate(ctx.sents) if s.end > s.start
             and any(t.lemma == "пример" for t in ctx.toks[s.start:min(s.end, s.start + 3)])), len(ctx.sents))
    return first <= k


def _listed_bases(ctx, sent) -> list[str]:
    """Symbol cards a sentence puts into the foundation row («♦Д и ♦В», «два ♥В»: a number before a
    card repeats it) and «четыре черные десятки» (shared over the colour's two suits), in text order."""
    from .. import nlp
    from ..notation import find_cards

    out: list[str] = []
    for t in find_cards(sent.quote, "symbol", ctx.lang, words=False):
        if not t.card.suit:
            continue
        before = re.findall(r"(\w+)\s*$", sent.quote[:t.start])
        n = (nlp.word(before[0], ctx.lang).num or 1) if before else 1
        out += [t.card.format()] * n
    toks = ctx.toks
    for t in ctx.words(sent):
        rank = RANKS.get(t.lemma)
        if rank is None or t.i < sent.start + 2:
            continue
        num, colour = toks[t.i - 2], toks[t.i - 1]
        suits = next((v for k2, v in _COLOUR_SUITS.items() if colour.lower.startswith(k2)), None)
        if suits and num.num is not None and num.num % len(suits) == 0:
            code = RANK_CODES[rank - 1]
            out += [code + su for su in suits for _ in range(num.num // len(suits))]
    return out


@mechanic
def base_list(ctx, k) -> bool:
    """«♦Д и ♦В изымаются из колоды и выносятся в базовый ряд. После этого к ним прибавляются в
    базовом ряду два ♥В и четыре черные десятки» («Супружество»): ``foundations.base`` mixed;
    special ``base-list`` (params ``cards``, ``preplaced``, ``directions`` — the last from the goal,
    see :func:`base_directions`)."""
    sent = ctx.sents[k]
    if _in_example(ctx, k) or not (sent.has("F_ANCHOR") and any(
            _BASE_LIST_VERB.match(t.lower) and t.lower.endswith(("тся", "ются")) for t in ctx.words(sent))):
        return False
    cards = _listed_bases(ctx, sent)
    if len(cards) < 2:
        return False
    old = next((x for x in ctx.special if x["name"] == "base-list"), None)
    pre = list(cards) if sent.has("PREPLACE_VERB") else []
    if old is None:
        old = ctx.add_special("base-list", "", sent, {"cards": list(cards), "preplaced": pre, "directions": {}})
    else:
        old["params"]["cards"] += cards
        old["params"]["preplaced"] += pre
        old["quote"] = f"{old['quote']} {sent.quote}"
        old["lines"] = [min(old["lines"][0], sent.lines[0]), max(old["lines"][1], sent.lines[1])]
    ranks = {c[0] for c in old["params"]["cards"]}
    old["description"] = ("the foundations are the cards listed: " + ", ".join(old["params"]["cards"])
                          + (f" ({', '.join(old['params']['preplaced'])} laid out before the deal)"
                             if old["params"]["preplaced"] else ""))
    if len(ranks) > 1:
        from .tokens import Sent

        ctx.sents.append(Sent(len(ctx.sents), 0, 0, old["quote"], tuple(old["lines"])))
        ctx.claim("foundations.base", "mixed", len(ctx.sents) - 1, strength=2, rule="base-list")
    if old["params"]["preplaced"]:
        ctx.claim("foundations.preplaced", True, k, rule="base-list")
    ctx.notes[("taken", k)] = {"foundations.base"}
    return True


def base_directions(ctx) -> None:
    """«Цель игры — выстроить на ♦Д серию … в восходящей последовательности до ♦В, на трех других
    валетах — … в нисходящей …, а на четырех же десятках — до валетов»: the direction of each listed
    base, by card («QD») or rank («J», «T»); a part naming none takes the one before."""
    bl = next((x for x in ctx.special if x["name"] == "base-list"), None)
    if bl is None:
        return
    from ..notation import find_cards

    toks = ctx.toks
    for sent in ctx.sents:
        if sent.end <= sent.start or not sent.has("GOAL") or not (sent.has("DIR_UP") or sent.has("DIR_DOWN")):
            continue
        marks = []
        syms = {t.start: t for t in find_cards(sent.quote, "symbol", ctx.lang, words=False)}
        base_off = toks[sent.start].idx
        for i in range(sent.start, sent.end - 1):
            if toks[i].lemma != "на":
                continue
            for j in range(i + 1, min(i + 5, sent.end)):
                off = toks[j].idx - base_off
                sym = next((c for st, c in syms.items() if st <= off < c.end), None)
                if sym is not None and sym.card.suit:
                    marks.append((i, sym.card.format()))
                    break
                r = RANKS.get(toks[j].lemma)
                if r:
                    marks.append((i, RANK_CODES[r - 1]))
                    break
        last = None
        for n, (i, key) in enumerate(marks):
            stop = marks[n + 1][0] if n + 1 < len(marks) else sent.end
            ups = [a for a, _ in sent.spans("DIR_UP") if i < a < stop]
            downs = [a for a, _ in sent.spans("DIR_DOWN") if i < a < stop]
            d = "up" if ups and not downs else "down" if downs and not ups else None if ups or downs else last
            if d is not None:
                bl["params"]["directions"][key] = d
                last = d
        if bl["params"]["directions"]:
            _extend(bl, sent)
            return
