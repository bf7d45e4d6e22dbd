"""Value functions of a space's filler (``value = "@space"``, ``"@space_fallback"`` in
``phrasings/rules.toml``): what fills an emptied pile of the tableau — kings, the stock, the waste, the
reserve, any card, a choice the schema has no name for (``other``) or nothing. Moved out of
:mod:`.values_play` (session 12); see :mod:`pasyans.extract.rules.values` for the signature."""

from __future__ import annotations

from .values import value


# -- spaces ------------------------------------------------------------------------------------


def _deals_from(ctx, sent, span) -> bool:
    """A source followed by a dealing verb («… из колоды сдается еще десять карт») says where the next
    deal comes from, not what fills a space."""
    after = [t for t in ctx.toks[span[1]:min(sent.end, span[1] + 3)] if not t.is_punct]
    return bool(after) and after[0].lower.startswith(("сда", "разда", "раздаю", "выкладыва"))


@value
def space(ctx, k, span, pile):
    """What fills a space, from the sentence that speaks of one: none («не заполняется»), kings
    («только королями»), the reserve, the waste, the stock, both («из сброса или колоды»: no
    preference), any card; a choice of the stock or waste and a card of the layout («либо из колоды,
    либо с низа любого ряда»): ``other``."""
    sent = ctx.sents[k]
    toks = ctx.toks
    words = ctx.words(sent)
    # a reserve's own spaces («пустые резервные стопки»): not the tableau's
    near = toks[max(sent.start, span[0] - 2): min(sent.end, span[1] + 2)]
    if any(t.lower.startswith("резервн") for t in near) and not any(t.lower.startswith(("расклад", "розклад")) for t in near):
        return None
    if _cases(ctx, sent):
        return "other"
    kings = [s for s, e in sent.spans("SPACE_KINGS")
             if not ctx.preceded_by(s, {"до", "к", "на", "из", "с", "сброс", "від", "от", "после", "після", "за", "над"})
             and toks[s - 1].num is None]
    first = {}
    for label in ("SPACE_WASTE", "SPACE_STOCK", "SPACE_RESERVE"):
        spans = [x for x in sent.spans(label) if not _deals_from(ctx, sent, x)]
        if spans:
            first[label] = spans[0][0]
    if any(s > span[0] for s in first.values()) and _emptied_before(ctx, sent, span):
        # «Когда все карты резервной стопки разыграны, пробел заполняется картой из колоды»: the pile
        # named before the space word is the one emptied, the filler comes after it
        first = {label: s for label, s in first.items() if s > span[0]}
    lemmas = {t.lemma for t in words}
    if sent.has("SPACE_NOT") and (first or any(t.lower.startswith("колод") for t in words)):
        if ("space-source", k) not in ctx.notes:
            ctx.notes[("space-source", k)] = True
            ctx.finding(k, "unread-rule-value", "a space rule bars one source of cards", sent.quote[:120])
        return None
    if sent.has("SPACE_NOT") and lemmas & {"следовать", "должный", "надо", "нужно"} and any(
            t.lower.startswith("заполн") and not ctx.preceded_by(t.i, {"не"}, 1) for t in words):
        return None
    if sent.has("SPACE_NOT"):
        return "not-filled"
    if kings:
        return "kings"
    if first and sent.has("SPACE_ANY") and sent.has("SPACE_FROM_LAYOUT") and "SPACE_RESERVE" not in first:
        # «любую карту из отбоя или с раскладки»: the layout's cards too, so any card (the stock's top too)
        return "any-or-stock" if "SPACE_STOCK" in first else "any"
    if first and sent.has("SPACE_FROM_LAYOUT") and "SPACE_RESERVE" not in first and (
            lemmas & {"или", "либо", "або", "чи", "выбор", "вибір"}):
        # «картой либо из колоды, либо с низа любого ряда», «на выбор: из прикупа или нижней картой другой
        # стопки»: a pile's card or one of the layout's, the player's choice — no value of the schema names it
        return "other"
    if first:
        lead = min(first, key=first.get)
        if lead == "SPACE_RESERVE":
            return "from-reserve"
        if {"SPACE_WASTE", "SPACE_STOCK"} <= set(first) and lemmas & {"или", "либо", "або", "чи"}:
            return "from-waste-or-stock"   # the player's choice; a fallback («если нет …») is space_fallback
        return "from-waste" if lead == "SPACE_WASTE" else "from-stock"
    if sent.has("SPACE_ANY"):
        return "any"
    return None


@value
def space_fallback(ctx, k, span, pile):
    """«… из резервной стопки или из оставшейся колоды, если нет резервной стопки», «из сброса, а когда
    сброс пуст — из колоды»: the waste first, the stock only when there is no waste card
    (``from-waste-then-stock``); the stock named first has no value of the schema (None: the
    sentence's other rows decide)."""
    sent = ctx.sents[k]
    waste = [s for s, _ in sent.spans("SPACE_WASTE") if s < span[0]]
    stock = [s for s, _ in sent.spans("SPACE_STOCK") if s < span[0] or s > span[1]]
    if waste and stock and (min(waste) < min(stock)):
        return "from-waste-then-stock"
    return None


def _emptied_before(ctx, sent, span) -> bool:
    """A «когда …» clause before the space word says which pile was emptied («Когда все карты резервной
    стопки разыграны, пробел …»)."""
    return any(t.lemma in ("когда", "коли", "если", "якщо") for t in ctx.toks[sent.start:span[0]])


# the words that pick one space among others («первого ряда», «в нижньому», «крайняя», «інше»)
_WHICH = ("перв", "перш", "втор", "треть", "трет", "друг", "інш", "иной", "иная", "иное", "верхн", "нижн", "крайн",
          "средн", "середн", "кутов", "углов", "последн", "останн", "наружн", "зовнішн", "внутрен",
          "внутрішн", "лев", "прав", "лів")
_FILLERS = ("SPACE_KINGS", "SPACE_WASTE", "SPACE_STOCK", "SPACE_RESERVE", "SPACE_ANY", "SPACE_FROM_LAYOUT",
            "SPACE_NOT")
_IF = ("если", "якщо", "коли", "когда")


def _cases(ctx, sent) -> bool:
    """Two clauses that fill a space differently by which space it is («Если освободилось место первого
    ряда, его занимают картой из колоды или из отбоя; если другого — только картой из колоды», «Пустое
    место в первом ряду заполняют только королём, а во втором — любой картой»): no one value of the
    schema holds, so the caller gives ``other``. Clauses part at «;», at «, а / , але» and at a second
    «если / якщо / коли» (never inside brackets); each names its space, before its filler, by a word that
    picks one («первого», «нижньому», «крайняя», «інше»), not by the state of a source («если колода
    кончилась» is a fallback)."""
    toks = ctx.toks
    cuts = [sent.start]
    conds = depth = 0
    for t in toks[sent.start:sent.end]:
        low = t.lower
        depth += (low == "(") - (low == ")")
        if depth > 0:
            continue                    # an aside in brackets («(если эта карта не составляет пару)»)
        if low == ";" or (low in ("а", "але") and t.i > sent.start and toks[t.i - 1].lower == ","):
            cuts.append(t.i)
        elif low in _IF:
            conds += 1
            if conds > 1 and cuts[-1] < t.i - 1:
                cuts.append(t.i)
    cuts.append(sent.end)
    parts = []
    for a, b in zip(cuts, cuts[1:]):
        if b <= a:
            continue
        fills = frozenset(label for label in _FILLERS
                          if any(a <= s < b for s, _ in sent.spans(label)))
        # the word that picks the space comes before the clause's filler («если другого — только картой
        # из колоды»); one after it picks the filling card («нижней картой любого другого столбца»)
        first = min((s for label in fills for s, _ in sent.spans(label) if a <= s < b), default=b)
        which = any(t.lower.startswith(_WHICH) for t in toks[a:first])
        if fills and which:
            parts.append(fills)
    return len(parts) >= 2 and len(set(parts)) >= 2
