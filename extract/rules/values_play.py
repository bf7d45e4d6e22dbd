"""Value functions of play (``value = "@name"`` in ``phrasings/rules.toml``): build directions
from compared ranks, foundation bases, space sources, move units, redeal counts, stock deals.
See :mod:`pasyans.extract.rules.values` for the signature."""

from __future__ import annotations

from .values import RANK_CODES, RANKS, Piled, Told, per_sentence, value

_PRONOUN_FORMS = {"нем", "ней", "них", "нему", "нею", "ним", "ними", "ній"}


# -- directions --------------------------------------------------------------------------------


def _on_card(ctx, a: int, b: int) -> bool:
    """«на» + adjectives + «карта» in ``[a, b)`` (the card built on)."""
    toks = ctx.toks
    for i in range(a, b):
        if toks[i].lemma != "на":
            continue
        j = i + 1
        while j < b and (toks[j].pos == "ADJ" or toks[j].is_punct):
            j += 1
        if j < b and toks[j].lemma == "карта":
            return True
    return False


def _owner_of_rank(ctx, sent, i: int) -> str | None:
    """«… игровая карта этой группы имеет … на ступень большее достоинство»: the comparative at ``i``
    is about the card built on (``"onto"``) or the moved card (``"moved"``), or ``None``."""
    toks = ctx.toks
    verb = next((j for j in range(i - 1, sent.start - 1, -1) if toks[j].lemma == "иметь"), None)
    if verb is None:
        return None
    subj = next((j for j in range(verb - 1, max(sent.start, verb - 6) - 1, -1)
                 if toks[j].lemma == "карта" and toks[j].case == "nomn"), None)
    if subj is None:
        return None
    around = {x.lemma for x in toks[max(sent.start, subj - 2): verb]}
    if around & {"группа", "стопка", "ряд", "столбец", "колонка", "пачка"}:
        return "onto"
    if any(x.lower.startswith(("перекладыва", "перемеща")) for x in toks[max(sent.start, subj - 2): subj]):
        return "moved"
    return None


def _onto_a_card(toks) -> bool:
    """«на карту …» (or «на неё», «на нього») opens the sentence's clause of building: the card built on."""
    return any(a.lemma == "на" and (b.lemma == "карта" or b.pos == "PRON") for a, b in zip(toks, toks[1:]))


_THEM = frozenset({"они", "вони", "он", "він", "она", "вона"})


def _onto_them(ctx, words, default=None):
    """The token index of the first pronoun after «на» among ``words`` («на них», «на нього»: cards put onto
    the bases named before), or ``default``."""
    return next((t.i for t in words if t.lemma in _THEM and ctx.preceded_by(t.i, {"на"}, 1)), default)


_UNITS = frozenset({"единица", "одиниця", "очко", "ступень", "сходинка", "степень"})
"""The step of a comparative: «на единицу старше», uk «на одиницю старшу»."""


def _steps_one(toks) -> bool:
    """The sentence gives a step of one: «на единицу», «на одиницю», «на очко», «на одну» (the unit
    left out), «на 1»."""
    return any(a.lemma == "на" and (b.lemma in _UNITS or b.lemma in ("один", "одна") or b.text == "1")
               for a, b in zip(toks, toks[1:]))


_QUALIFIER_NOUNS = frozenset({"масть", "цвет", "колір", "колер"})
"""Nouns of a card's qualifier («той же масти», «другого цвета»), whatever case the analyser gives them
(«масти» is read as a plural nominative as often as a genitive)."""


def _apposed_to(toks, i: int) -> int:
    """For a comparative after the comma at ``i`` («на карту тієї самої масті, старшу на одиницю»):
    the index of the card it is apposed to — back over the comma and the genitive words qualifying
    that card («тієї самої масті», «другого цвета») — when that card follows «на» (then the index of
    «на»'s card, so that the caller sees «на» before it); else ``i`` unchanged."""
    j = i - 1
    while j >= 1 and (toks[j].case == "gent" and toks[j].lemma != "карта" or toks[j].lemma in ("же", "ж")
                      or toks[j].lemma in _QUALIFIER_NOUNS):
        j -= 1
    if j >= 1 and toks[j].lemma == "карта":
        m = j - 1
        while m >= 1 and toks[m].pos in ("ADJ", "PRON") and toks[m].case == "accs":
            m -= 1      # «на будь-яку карту, старшу на одиницю», «на любую открытую карту, …»
        if toks[m].lemma == "на":   # (also «на карту, на одиницю старшу»)
            return m
    return i


_REL_FORMS = {"вищу": "high", "нижчу": "low", "высшую": "high", "низшую": "low", "меньшую": "low", "меншу": "low",
              "большую": "high", "більшу": "high"}
"""Accusative comparatives of a card (feminine, as «карту») the analyser lemmatises wrongly (uk «вищу» as the verb
«вищати») or that compare ranks only when said of a card («на единицу меньшую»): «на будь-яку карту, вищу на одиницю» is a
card built on one rank higher, as «старшу» is."""

_QUANTITY = frozenset({"больше", "більше", "меньше", "менше"})
_COUNTED_ON = frozenset({"следующий", "последующий", "наступний", "каждый", "кожний", "кожен"})


def _counts_cards(ctx, sent, i: int) -> bool:
    """The comparative at ``i`` («больше», uk «більше») counts cards, not ranks: its clause counts from pile to pile
    («в каждой следующей стопке закрытых карт на одну больше», uk «у кожній наступній закритих на одну більше») or
    counts face-up/face-down cards («закритих на одну більше»): a layout, not a build; or limits a number («не больше
    одной карты»)."""
    if ctx.toks[i].lower not in _QUANTITY:
        return False
    if i > sent.start and ctx.toks[i - 1].lemma in ("не", "ни"):
        return True     # «переместить не больше одной карты»: a limit on how many, not a rank
    a, b = ctx.clause(sent, i)
    words = ctx.toks[a:b]
    return any(x.lemma in _COUNTED_ON for x in words) or any(
        "C:OPEN_ADJ" in x.feats or "C:CLOSED_ADJ" in x.feats for x in words)


@value
def compare(ctx, k, span, pile):
    """The build direction from ranks compared in the sentence: rank nouns after «на» (or the object
    of «покрыть») are built on, the others moved («шестерка может покрыть любую семерку» → down);
    «младшую на старшую»; comparatives «на ступень выше», «на одне очко старше карти» (about the
    card built on or the card moved, by the words around). Returns ``Piled(pile, direction)``."""
    sent = ctx.sents[k]
    if ctx.own_place(sent):
        return None     # a pile of the text's own naming («В дыру можно положить …»): whose build it is, unknown
    toks = ctx.words(sent)
    moved, onto, rel_moved, rel_onto = [], [], [], []
    wrap = {i for c in ("WRAP_AFTER_KING", "WRAP_PAIR") for a, b in sent.spans(c) for i in range(a, b)}
    for j, t in enumerate(toks):
        if t.i in wrap:
            continue    # «за королем следует туз»: the wrap, not a card laid on another
        rank = RANKS.get(t.lemma)
        rel = {"младший": "low", "старший": "high", "молодший": "low"}.get(t.lemma) if t.pos == "ADJ" and t.case == "accs" else None
        rel = rel or _REL_FORMS.get(t.lower)
        if rank is None and rel is None:
            continue
        prev = toks[max(0, j - 3): j]
        if any(x.lemma in ("до", "от", "с", "від", "кроме", "к") for x in prev[-2:]):
            continue
        i = j - 1
        while i >= 0 and toks[i].pos == "ADJ":
            i -= 1
        if rel is not None and i >= 1 and toks[i].lemma in _UNITS:
            s = i - 1 - (toks[i - 1].lemma == "один")   # «на одну ступень старшую»: the unit counted
            if s >= 0 and toks[s].lemma == "на":
                card_after = j + 1 < len(toks) and toks[j + 1].lemma == "карта"
                # «на карту на одиницю старшу»: the step stands between the card and its comparative; «кладуть на
                # одне очко старшу карту»: the comparative qualifies the card after it, the one «на» is laid on
                i = s if card_after and not (s >= 1 and toks[s - 1].lemma == "карта") else s - 1
        if rel is not None and i >= 1 and toks[i].lemma == "карта" and toks[i - 1].lemma == "на":
            i -= 1  # «кладуть на карту … старшу»: the comparative is the card built on's
        if rel is not None and i >= 2 and toks[i].text == ",":
            i = _apposed_to(toks, i)    # «на карту тієї самої масті, старшу на одиницю»: the card before the comma
        is_onto = (i >= 0 and toks[i].lemma == "на") or any(x.lemma in ("покрыть", "покрывать") for x in prev[-2:])
        if rank is not None:
            (onto if is_onto else moved).append(rank)
        else:
            (rel_onto if is_onto else rel_moved).append(rel)
    kind = ctx.anchor(sent, sent.start, sent.start) or ctx.context or "tableau"
    if moved and onto and 1 not in onto + moved:
        if max(moved) < min(onto):
            return Piled(kind, "down")
        if min(moved) > max(onto):
            return Piled(kind, "up")
        if min(moved) < min(onto) and max(moved) > max(onto):
            return Piled(kind, "either")
    if "low" in rel_moved and "high" in rel_onto:
        return Piled(kind, "down")
    if "high" in rel_moved and "low" in rel_onto:
        return Piled(kind, "up")
    if len(set(rel_moved)) == 1 and not rel_onto and _onto_a_card(toks):
        # «На карту кладут младшую на единицу», «на карту кладуть молодшу»: the card built on is named first
        return Piled(kind, "down" if rel_moved[0] == "low" else "up")
    if len(set(rel_moved)) == 1 and not rel_onto and not moved and not onto and kind == "foundations" and _steps_one(toks):
        # «На основания кладут карты той же масти, каждый раз старшую на одну»: the card laid on a foundation
        # is the one compared (to the foundation's top card)
        return Piled(kind, "up" if rel_moved[0] == "high" else "down")
    if len(set(rel_onto)) == 1 and not rel_moved and not moved and not onto and _steps_one(toks):
        # «карту кладут на старшую на одну», «кладуть на молодшу на одиницю»: only the card built on is compared
        return Piled(kind, "down" if rel_onto[0] == "high" else "up")
    found: dict[str, set[str]] = {}
    for t in ctx.words(sent):
        high, low = "C:HIGHER" in t.feats, "C:LOWER" in t.feats
        if not (high or low) or t.pos == "NOUN" or _counts_cards(ctx, sent, t.i):
            continue
        # «на очко старше», and «старше на единицу», «на старшу на одиницю»
        window = [x.lemma for x in ctx.toks[max(sent.start, t.i - 3): min(sent.end, t.i + 4)]]
        one_step = t.i - 2 >= sent.start and ctx.toks[t.i - 1].lemma == "один" and ctx.toks[t.i - 2].lemma == "на"
        if not one_step and not set(window) & {"ступень", "очко", "единица", "одиниця", "ступінь", "сходинка", "1"}:
            continue
        after = [x for x in ctx.toks[t.i + 1: t.i + 3]]
        ca, _ = ctx.clause(sent, t.i)
        which = [x for x in ctx.toks[max(ca, t.i - 6): t.i] if x.lemma in ("который", "що", "який")
                 or x.lower in ("яка", "яке", "які")]     # uk «яка» is lemmatised «як»
        owner = _owner_of_rank(ctx, sent, t.i)
        j = t.i - 1
        while j > sent.start and (ctx.toks[j].num is not None or ctx.toks[j].lemma in ("на", "ступень", "очко", "единица",
                                                                                       "одиниця", "ступінь", "сходинка", "один")):
            j -= 1
        if owner is None and j >= sent.start and ctx.toks[j].lemma == "карта" and j < t.i - 1:
            # «кладут карты на единицу меньше»: the comparative tells of the card just named
            i = j - 1
            while i >= sent.start and ctx.toks[i].pos == "ADJ":
                i -= 1
            owner = "onto" if i >= sent.start and ctx.toks[i].lemma == "на" else "moved"
        p1, p2 = ctx.toks[t.i - 1] if t.i > sent.start else None, ctx.toks[t.i - 2] if t.i - 1 > sent.start else None
        p3 = ctx.toks[t.i - 3] if t.i - 2 > sent.start else None
        if p1 is not None and (p1.lemma == "на" or (p1.lemma == "карта" and p2 is not None and p2.lemma == "на")
                               or (p1.pos == "PUNCT" and p2 is not None and p2.lemma in ("другой", "інший")
                                   and p3 is not None and p3.lemma == "на")):
            about = "onto"      # «на старшу на одиницю», «на карту старше на единицу»: the card built on
        elif owner is not None:
            about = owner
        elif any(x.lemma == "карта" and x.case in ("gent", "ablt") for x in after) or any(x.lemma == "за" for x in after):
            about = "moved"
        elif which and _relative_of_target(ctx, sent, which[-1].i):
            about = "onto"      # «на другую карту, которая на единицу старше»: the clause tells of the card built on
        elif which:
            about = "moved" if which[-1].case == "nomn" or which[-1].lower in ("яка", "яке") else "onto"
        else:
            about = "onto" if _on_card(ctx, ca, t.i - 2) else "moved"
        kind = ctx.anchor(sent, t.i, t.i + 1) or ctx.context or "tableau"
        found.setdefault(kind, set()).add("down" if (about == "onto") == high else "up")
    # each pile its direction; a pile given both («на одне очко старше … або на одне очко молодше»): either
    return [Piled(kind, next(iter(d)) if len(d) == 1 else "either") for kind, d in found.items()] or None


def _relative_of_target(ctx, sent, w: int) -> bool:
    """The relative pronoun at token ``w`` («которая», «яка», «що») follows «, » after a card built on: «на
    (другую) карту, которая …», uk «на іншу карту, яка …» (the noun after «на», its adjectives between)."""
    j = w - 1
    if j <= sent.start or ctx.toks[j].pos != "PUNCT":
        return False
    j -= 1
    if ctx.toks[j].lemma not in ("карта", "другой", "інший", "другая") and RANKS.get(ctx.toks[j].lemma) is None:
        return False
    while j > sent.start and (ctx.toks[j - 1].pos == "ADJ" or ctx.toks[j - 1].lemma in ("другой", "інший")):
        j -= 1
    return j > sent.start and ctx.toks[j - 1].lemma == "на"


@value
def end_rank(ctx, k, span, pile):
    """«до королей» → up, «до тузов» → down: on the foundations, unless the clause names a pile of the
    tableau («выстроить на королях расклада … до тузов»)."""
    sent = ctx.sents[k]
    up = any("C:KOROL" in t.feats or "C:JACK" in t.feats for t in ctx.toks[span[0]:span[1]])
    a, b = ctx.clause(sent, span[0])
    clause = ctx.toks[a:b]
    if not up and any("C:UPWARD" in t.feats for t in clause) and not any("C:DOWN" in t.feats or "C:DOWNWARD" in t.feats for t in clause):
        return None     # «строят по масти вверх до туза»: the ace is the top (a 36-card pack), the direction row reads «вверх»
    f_tok = {i for x, y in sent.spans("F_ANCHOR") for i in range(x, y)}
    tableau = any(x >= a and y <= b and not any(i in f_tok for i in range(x, y)) for x, y in sent.spans("T_ANCHOR"))
    return Piled("tableau" if tableau else "foundations", "up" if up else "down")


@value
def from_to(ctx, k, span, pile):
    """«от туза до короля» → up, «от короля до туза» → down: on the foundations unless the clause
    names a pile of the tableau."""
    first = next((t for t in ctx.toks[span[0]:span[1]] if "C:TUZ" in t.feats or "C:KOROL" in t.feats), None)
    got = end_rank(ctx, k, span, pile)
    return Piled(got.pile, "down" if first is not None and "C:KOROL" in first.feats else "up")


@value
def king_base(ctx, k, span, pile):
    """«от короля до туза» of a foundation or a goal: the foundations start from the king (``"K"``) — not when
    the clause builds a pile of the tableau («Цель: собрать все карты в колонках по убыванию от короля до
    туза»: the goal is a layout of runs, no foundation is said to start anywhere)."""
    got = from_to(ctx, k, span, pile)
    return "K" if got is not None and got.pile == "foundations" else None


@value
def higher_lower(ctx, k, span, pile):
    """«следующую карту более высокого достоинства … можно покрыть» → down (more low → up)."""
    sent = ctx.sents[k]
    if not any(t.lower.startswith("покр") for t in ctx.words(sent)):
        return None
    high = sent.has("HIGHER_CARD")
    kind = ctx.anchor(sent, *span) or "tableau"
    return Piled(kind, "down" if high else "up")


@value
def wrap_pair(ctx, k, span, pile):
    """«нельзя класть на короля туза, а на туза короля» → False; without a prohibition → True."""
    sent = ctx.sents[k]
    if sent.has("IN_LAYOUT"):
        return None
    return not any(t.lemma in ("нельзя", "не") for t in ctx.toks[sent.start:span[0]])


# -- foundations -------------------------------------------------------------------------------


def _rank_list(ctx, sent) -> list[int]:
    """Ranks listed as the subject of the sentence («туз, двойка, тройка и четверка», «пятерки и
    шестерки»; nominative, not after «до»/«от»/«на»), or as the object of taking out of the pack
    («Изъять из колоды тузы и двойки», «Выньте туза, двойку, тройку и четвёрку»: accusative with a
    verb of :data:`PREPLACE_VERB`), when two or more besides aces and kings. Ranks after a colon that
    follows «последовательности»/«серию» are the order of a build («в последовательности: туз, двойка,
    тройка, …»), no list of bases."""
    best: list[int] = []
    run: list[int] = []
    cases = ("nomn", "accs", "gent") if sent.has("PREPLACE_VERB") else ("nomn",)   # «двойки»: genitive first
    order = False
    for t in ctx.words(sent):
        if t.text == ":":
            order = any(x.lemma.startswith(("последовательн", "послідовн", "сери", "порядок", "поряд"))
                        for x in ctx.toks[max(sent.start, t.i - 3):t.i])
        r = RANKS.get(t.lemma)
        if r is not None and order:
            continue
        if r is None and run and t.num is not None and 2 <= t.num <= 10 and t.text.isdigit():
            r, t_case = t.num, "nomn"     # «туз, 2, 3 и 4»: ranks in figures continue a list of ranks
        else:
            t_case = t.case
        if r is not None and t_case in cases and not (run == [] and ctx.preceded_by(t.i, {"до", "от", "на", "к", "с", "кроме"}, 1)):
            run.append(r)
        elif t.text == "," or t.lemma in ("и", "і", "й", "та"):
            continue
        else:
            if len(set(run)) > len(set(best)):
                best = run
            run = []
    if len(set(run)) > len(set(best)):
        best = run
    return best if len(set(best)) >= 2 and not set(best) <= {1, 13} else []


@value
@per_sentence
def succession(ctx, k, span, pile):
    """«На туза кладут двойку, тройку и так далее», uk «на нього (the ace) кладуть двійку, трійку», «на туза
    — двійку, на двійку — трійку»: the ranks laid one after the other on an ace build the foundations up
    (``"up"``); on a king, named as a foundation, down. Needs two ranks in succession after the base."""
    sent = ctx.sents[k]
    words = ctx.words(sent)
    named = {RANKS.get(t.lemma) for t in words} & {1, 13}
    first_base = min((t.i for t in words if RANKS.get(t.lemma) in (1, 13)), default=sent.end)
    base_rank, after = None, []
    for a, b in zip(words, words[1:]):
        if base_rank is None and a.lemma == "на" and RANKS.get(b.lemma) in (1, 13):
            base_rank = RANKS[b.lemma]
            continue
        if base_rank is None and a.lemma == "на" and b.lemma in _THEM and len(named) == 1 and first_base < b.i:
            base_rank = next(iter(named))       # «Основу закладає туз; далі на нього кладуть …»: the ace named before
            continue
        if base_rank is not None:
            r = RANKS.get(b.lemma)
            if r is not None and (not after or after[-1] != r):
                after.append(r)
    if base_rank == 13 and not (sent.has("F_ANCHOR") or sent.section == "foundations"):
        return None     # «На короля кладут даму, валета …»: a tableau build as often as a foundation's
    step = 1 if base_rank == 1 else -1
    want = [base_rank + step * (n + 1) for n in range(len(after))] if base_rank else []
    if len(after) >= 2 and after == want:
        return "up" if base_rank == 1 else "down"
    return None


@value
@per_sentence
def base(ctx, k, span, pile):
    """The rank a foundation starts from: aces or kings named with a foundation word («Тузы
    выносятся в базовый ряд», «на тузах … серии», «освободить тузы и выложить на них»), both
    (``A+K``), or a list of other ranks put into the foundation row (``mixed``)."""
    sent = ctx.sents[k]
    toks = ctx.toks
    if any(t.lemma == "нельзя" for t in ctx.words(sent)):
        return None
    anchors = [x for x in sent.spans("F_ANCHOR") if not _run_bottom(toks, x[0], sent.start)]
    f_tokens = {i for x in anchors for i in range(*x)}
    has_anchor = any(not (s > sent.start and toks[s - 1].lemma in ("на", "над", "до")
                          and toks[s].lower.startswith(("базов", "основ")))
                     for s, e in anchors) or sent.section == "foundations"
    built_on = _onto_them(ctx, ctx.words(sent), sent.end)
    # ranks put «на них» (built on the bases: «Основами слугують королі, на них кладуть дам, валетів …») are no other bases
    others = any(1 < RANKS.get(t.lemma, 0) < 13 and not ctx.preceded_by(t.i, {"до", "к"}) and t.i < built_on
                 for t in ctx.words(sent))
    ace = king = False
    space = sent.has("SPACE") and sent.has("SPACE_KINGS")   # a space filled with a king: «стос … заповнювати королем або групою карт із королем в основі»
    wrap = {i for a, b in sent.spans("WRAP_AFTER_KING") for i in range(a, b)}
    for t in ctx.words(sent):
        if not t.lower.startswith(("туз", "корол")) or t.i in wrap:
            continue
        if ctx.preceded_by(t.i, {"до", "от", "к", "кроме", "від", "после", "після"}):
            continue
        if t.lower.startswith("туз"):
            # «Каждый туз, как только покажется, выставляется выше поля, чтобы собрать его масть до короля»: an ace
            # put out as it comes and built to the king is a foundation's base
            as_it_comes = sent.has("TO_KING") and (sent.has("AS_SOON") or sent.has("AS_THEY_APPEAR"))
            ace = ace or t.i in f_tokens or has_anchor or _ace_then_them(ctx, sent, t.i) or as_it_comes
        elif not ctx.preceded_by(t.i, {"на", "над", "с", "со", "из"}) and not others and not space:
            king = king or t.i in f_tokens or has_anchor
    if mixed_bases(ctx, k, span, pile):
        return None       # the bases are listed (row «base-ranks-listed»)
    if ace or king:
        return "A+K" if ace and king else "A" if ace else "K"
    return None


@value
@per_sentence
def mixed_bases(ctx, k, span, pile):
    """«Туз, двойка, тройка и четверка любой масти выкладываются … в базовый ряд», «Когда появятся
    пятерки и шестерки, поместите их … Это — базовые карты»: bases of several ranks (``mixed``)."""
    sent = ctx.sents[k]
    has_anchor = sent.has("F_ANCHOR") or sent.section == "foundations"
    nxt = ctx.sents[k + 1] if k + 1 < len(ctx.sents) else None
    ranks = _rank_list(ctx, sent)
    words = ctx.words(sent)
    onto = {RANKS.get(b.lemma) for a, b in zip(words, words[1:]) if a.lemma in ("на", "поверх")}
    if ranks and ((1 in onto and min(ranks) == 2) or (13 in onto and max(ranks) == 12)):
        return None     # «на туза кладутся двойка, тройка …»: what is built on the base, in order, not bases listed
    if ranks and (has_anchor or (nxt is not None and nxt.has("F_ANCHOR")
                                                 and ctx.toks[nxt.start].lemma in ("это", "они", "эти"))):
        return "mixed"
    return None


def _run_bottom(toks, s: int, start: int) -> bool:
    """«… групою карт із королем в основі», «рядом с королём в основании»: «в основі» after a rank in
    the instrumental is the bottom card of a run, not a foundation (Aisleriot uk, translated texts)."""
    return (s - 2 >= start and toks[s - 1].lemma in ("в", "у") and toks[s].lower.startswith("основ")
            and toks[s - 2].lemma in RANKS and toks[s - 2].case == "ablt")


def _ace_then_them(ctx, sent, i: int) -> bool:
    """«освободить тузы и выложить на них …»: the aces are what is built on."""
    toks = ctx.toks
    return any(toks[j].lemma == "на" and toks[j + 1].lemma in ("они", "вони") for j in range(i + 1, min(sent.end - 1, i + 10)))


@value
def preplaced(ctx, k, span, pile):
    """«Из колоды изымаются четыре туза и помещаются … формируя базовый ряд», «… помещая тузы по
    мере их появления в базовый ряд» while the tableau is dealt, «перед сдачей карт тузы … кладутся
    на основания»: the bases lie on the foundations before play."""
    sent = ctx.sents[k]
    words = ctx.words(sent)
    bases = any(t.lower.startswith(("туз", "корол")) for t in words) or (
        sent.has("AS_THEY_APPEAR") and any(t.lower.startswith(("достоинств", "достоїнств", "базовые", "базові")) for t in words))
    # «Другие карты того же достоинства по мере появления помещаются в базовый ряд»: the bases named by their rank
    f = sent.has("F_ANCHOR") or sent.section == "foundations" or any(t.lower.startswith("центр") for t in words)
    if not bases or not f:
        return None
    lemmas = ctx.lemmas(sent)
    if any(ctx.preceded_by(s, {"не", "ні"}, 2) for s, _ in sent.spans("PREPLACE_VERB")):
        return False        # «Тузы заранее не вынимаем: их кладём в основания по мере того, как они освобождаются»
    if sent.has("BEFORE_DEAL"):
        return True
    if sent.has("PREPLACE_VERB") and any(t.lower.startswith("колод") for t in words) \
            and not lemmas & {"если", "когда", "при", "некоторый", "иногда", "якщо", "коли"}:
        return True
    if sent.has("AS_THEY_APPEAR") and sent.has("DEAL_VERB") and (sent.has("PILES") or sent.has("WHOLE_PACK")):
        return True
    if sent.has("AS_THEY_APPEAR"):
        return False        # «Тузы по мере появления кладут в основания», uk «Тузи, щойно звільняться, кладуть на бази»:
                            # the bases go up in play, as they become free — not before it
    return None


# -- moves -------------------------------------------------------------------------------------


@value
def sequence_move(ctx, k, span, pile):
    """«серия … может перемещаться»: a built sequence moves (of one suit when the sentence says so)."""
    sent = ctx.sents[k]
    if sent.has("F_ANCHOR") or not sent.has("MOVE_VERB"):
        return None
    same = sent.has("SUIT_SAME") or any(t.lemma == "одинаковый" for t in ctx.words(sent))
    return "same-suit-sequence" if same else "any-sequence"


@value
def exception(ctx, k, span, pile):
    """«За раз может перемещаться только одна карта. Исключение составляет перемещение серии карт
    соответствующей масти.»: the two sentences are one rule."""
    sent = ctx.sents[k]
    if not sent.has("SEQUENCE") or k == 0 or not any(
            c.field == "tableau.move" and c.value == "one-card" and c.sent == k - 1 for c in ctx.claims):
        return None
    same = sent.has("SUIT_SAME") or any(t.lemma == "одинаковый" for t in ctx.words(sent))
    return Told(ctx.joined(ctx.sents[k - 1], sent), "same-suit-sequence" if same else "any-sequence")


@value
def end_card(ctx, k, span, pile):
    """«Нижняя карта любой колонки игровая», «Можно играть только картами на дальнем конце ряда»:
    the card played is one card (a weak claim)."""
    sent = ctx.sents[k]
    if sent.has("SEQUENCE"):
        return None
    if sent.has("PLAY_ONLY_END") or sent.has("EDGE_CARD_PLAYS"):
        return None if sent.has("GROUPS_MOVE") else "one-card"
    return None


@value
def whole_pile(ctx, k, span, pile):
    """«… с ней перемещается вся стопка», «покрыть только всей стопкой»."""
    sent = ctx.sents[k]
    if sent.has("MOVE_VERB") or any(t.lower.startswith("покр") for t in ctx.words(sent)):
        return "whole-pile"
    return None


# -- redeals and the stock ------------------------------------------------------------------------


@value
def redeal_count(ctx, k, span, pile):
    """«Две пересдачи» → 2, «Одна пересдача» → 1."""
    n = ctx.number_at(*span)
    if n is None and any("C:ONE" in t.feats for t in ctx.toks[span[0]:span[1]]):
        n = 1
    return n


@value
def redeal_ord(ctx, k, span, pile):
    """«в третий, последний раз»: the third deal — two redeals («в первый раз» counts nothing)."""
    n = next((t.ordinal for t in ctx.toks[span[0]:span[1]] if t.ordinal), None)
    return n - 1 if n and n > 1 else None


@value
def redeal_total(ctx, k, span, pile):
    """«всего четыре раза» → 3 redeals; «до двух разів» (a rule applied up to twice) → 2."""
    n = ctx.number_at(*span)
    if not n:
        return None
    return n if ctx.toks[span[0]].lemma == "до" else n - 1


@value
def redeal_zero(ctx, k, span, pile):
    """«Вторично пасьянс не раскладывается», «лишь одна раздача»: no redeal."""
    sent = ctx.sents[k]
    t = ctx.toks[span[0]]
    if t.lower.startswith("вторичн") and not any(x.lemma == "не" for x in ctx.words(sent)):
        return None
    return 0


@value
def lost_when_blocked(ctx, k, span, pile):
    """«Если … пасьянс не вышел»: the game is lost when play is blocked — no further deal."""
    sent = ctx.sents[k]
    if ctx.lemmas(sent) & {"если", "якщо", "когда", "коли"}:
        return 0
    return None


@value
def ends_with_stock(ctx, k, span, pile):
    """«Игра закончится, когда иссякнет колода»: the stock is not dealt again."""
    sent = ctx.sents[k]
    if sent.has("GOAL") or any(t.lower.startswith(("законч", "заканчива", "окончи", "заверш", "прекраща", "закінч"))
                               for t in ctx.words(sent)):
        return 0
    return None


@value
def unlimited(ctx, k, span, pile):
    """«сдается раз за разом», «сколько угодно», «количество пересдач не ограничено»."""
    words = ctx.words(ctx.sents[k])
    if ctx.sents[k].has("REDEAL_VERB") or any(t.lower.startswith(("сда", "раскла", "тасу", "разда", "перегляд", "перегорт",
                                                                     "переворач", "переверт")) for t in words):
        return "unlimited"
    return None


@value
def redeals_plural(ctx, k, span, pile):
    """«Допускаются и повторные сдачи карт», «Пересдачи допускаются»: more than one redeal, the count
    not said — no value; ``stock.redeals`` stays unknown with this reason (not 1, which the singular
    «повторная сдача» is)."""
    if "reason:stock.redeals" not in ctx.notes:
        ctx.notes["reason:stock.redeals"] = (f"the text allows redeals in the plural without saying how many "
                                             f"({ctx.sents[k].quote[:80]})")
        ctx.finding(k, "unread-rule-value", "redeals in the plural, their number not given", ctx.sents[k].quote[:120])
    return None


@value
def deal_n(ctx, k, span, pile):
    """«по одной (за раз)», «по три», «окремо» → ``"N at a time"``."""
    toks = ctx.toks[span[0]:span[1]]
    if any(t.lemma == "три" or t.lower in ("три", "трём") for t in toks):
        return "3 at a time"
    return "1 at a time"


_LAYOUT_STEMS = ("расклад", "розклад", "ряд", "рядк", "стопк", "столбц", "стовпц", "стос", "веер", "колонк")
_WHEN = {"если", "когда", "коли", "якщо", "как", "чтобы", "щоб", "сначала", "спочатку", "освобождаться", "высвободить", "освободить", "звільнити", "появляться",
         "освободиться", "освободившийся", "освобождающийся", "звільнитися", "звільнятися", "вивільнитися", "звільнений",
         "открыться", "открываться", "открывшийся", "відкритися", "відкриватися", "появиться", "появившийся", "з'явитися",
         "выйти", "вышедший", "выходить"}
# BASE_PUT_VERB without «кладут», «берут», «взять»: those are verbs of play as well as of a deal — alone
# they put a card on a foundation as it comes
_SETUP_PUT_STEMS = ("помеща", "помести", "вынос", "вынес", "выкладыва", "выложи", "располага", "расположи",
                    "изыма", "изъя", "удаля", "розташов", "розміщ", "виклада", "виклас", "вилуча")
_SETUP_PLACE_STEMS = ("стол", "колод", "центр", "заранее", "заздалег", "наперед")


@value
def bases_put_out(ctx, k, span, pile):
    """«Четыре туза помещаются на стол в базовый ряд», «Изъять из колоды тузы», «Восемь королей
    изымаются из колоды и располагаются на столе …»: the base cards put out before play (``True``);
    not when they are put out as they come («когда освобождается туз …»), nor to a space."""
    sent = ctx.sents[k]
    lemmas = ctx.lemmas(sent)
    if lemmas & _WHEN or any(t.lower.startswith(("пробел", "пустот", "пуст", "свобод")) for t in ctx.words(sent)):
        return None
    words = ctx.words(sent)
    if any(a.lemma in ("от", "від", "з", "с") and b.lower.startswith(("туз", "корол")) for a, b in zip(words, words[1:])):
        return None     # «кладуть від туза до короля»: a sequence's ranks, not bases put out
    onto_them = _onto_them(ctx, words)
    verbs = [t.i for t in words if "C:BASE_PUT_VERB" in t.feats]
    if onto_them is not None and verbs and all(i > onto_them for i in verbs):
        return None     # «Основаниями служат короли, на них кладут дам …»: cards put onto the bases, not bases put out
    if lemmas & {"потом", "затем", "потім", "далі", "далее"} and any(1 < RANKS.get(t.lemma, 0) < 13 for t in words):
        return None     # «В дом сначала кладут туза, потом двойку той же масти»: the order of building, not bases put out
    bases = [j for j, t in enumerate(words) if t.lower.startswith(("туз", "корол"))
             and not (j > 0 and words[j - 1].lemma in ("до", "к", "аж", "по", "вплоть"))]
    if bases and all(j > 0 and words[j - 1].lemma in ("на", "над", "поверх") for j in bases):
        return None     # «На туза кладут двойку, на двойку тройку»: cards built on the base, not the base put out
    if any(a.lemma in ("из", "з", "із") and any(b.lower.startswith(_LAYOUT_STEMS) for b in words[j + 1:j + 3])
           for j, a in enumerate(words)):
        return None     # «Всі тузи … вилучають з розкладки», «виймають туза з 6-го ряду»: taken out of the dealt layout
    if _out_of_play(ctx, sent) or lemmas & {"первый", "перший", "следующий", "наступний", "очередной", "черговий"}:
        return None     # «Первые четыре короля, вынимаемые из колод, кладут по углам»: the first to come, as they come
    if not sent.has("BEFORE_DEAL") and not sent.has("PREPLACE_VERB") \
            and not any(t.lower.startswith(_SETUP_PUT_STEMS) for t in words) \
            and not any(t.lower.startswith(_SETUP_PLACE_STEMS) for t in words):
        return None     # «Тузы кладут в базы; на них строят по мастям вверх»: aces go up as they come, in play —
                        # only a deal's words («помещают», «изымают», «на стол», «из колоды») put them out before it
    named_base = sent.has("F_ANCHOR") or any(t.lower.startswith(("базов", "основ")) for t in words)
    if not named_base and not any(t.lower.startswith("туз") for t in words):
        return None     # «Восемь королей изымаются … и выкладываются на столе в ряд» («Королевский путь»): kings laid out are no bases unless named so
    at_base = named_base or sent.has("PREPLACE_VERB") or any(t.lower.startswith("центр") for t in words)
    return True if at_base else None


def _out_of_play(ctx, sent) -> bool:
    """«… восемь королей, поскольку они не потребуются», «(они не принимают в игре участия)»: cards
    taken out of the game, not bases."""
    words = ctx.words(sent)
    return any(t.lemma == "не" and j + 1 < len(words) and words[j + 1].lower.startswith(
        ("потреб", "понадоб", "нужн", "принима", "участв", "використ", "беруть")) for j, t in enumerate(words))


@value
def bases_put_rank(ctx, k, span, pile):
    """The base rank of bases put out before play (:func:`bases_put_out`): «Восемь королей изымаются
    … и располагаются на столе» → ``K``; aces → ``A``; aces and kings → ``A+K``."""
    if bases_put_out(ctx, k, span, pile) is not True:
        return None
    words = ctx.words(ctx.sents[k])
    named = [b for a, b in zip([None] + words, words) if a is None or a.lemma not in ("до", "к", "від", "от")]
    aces = any(t.lower.startswith("туз") for t in named)
    kings = any(t.lower.startswith("корол") for t in named)      # not «… до королей»
    return "A+K" if aces and kings else "A" if aces else "K" if kings else None


@value
def start_rank(ctx, k, span, pile):
    """«Базы начинают с шестёрок» → ``"6"``: the rank named after «с» (its letter, ``T`` for ten)."""
    for t in ctx.toks[span[0]:span[1]]:
        n = RANKS.get(t.lemma.replace("ё", "е"))
        if n is not None:
            return RANK_CODES[n - 1]
    return None


_LETTER_RANKS = {"т": 1, "туз": 1, "a": 1, "в": 11, "j": 11, "д": 12, "q": 12, "к": 13, "k": 13}
"""Rank letters in a printed sequence («Т, 3, 5, 7, 9, В, К»; Latin A J Q K)."""
_SEQ_STEMS = ("последовательн", "послідовн", "порядк", "порядок")


def _printed_step(ctx, k) -> int | None:
    """The rank difference (mod 13), the same each time, between the ranks of a sequence printed after
    «последовательности» in sentence ``k`` when it names a foundation (four ranks or more; words, digits
    or letters), or ``None`` (no such sequence, or the differences vary)."""
    sent = ctx.sents[k]
    if not (sent.has("F_ANCHOR") or sent.has("F_WEAK") or sent.section == "foundations"):
        return None
    toks = ctx.toks
    start = next((t.i for t in ctx.words(sent) if t.lower.startswith(_SEQ_STEMS)), None)
    if start is None:
        return None
    ranks: list[int] = []
    for t in toks[start + 1:sent.end]:
        r = RANKS.get(t.lemma) or _LETTER_RANKS.get(t.lower) or (int(t.text) if t.text.isdigit() and 2 <= int(t.text) <= 10 else None)
        if r is not None:
            ranks.append(r)
        elif not (t.is_punct and t.text in ",:") and t.lower not in ("и", "і", "й"):
            break
    steps = {(b - a) % 13 for a, b in zip(ranks, ranks[1:])}
    return next(iter(steps)) if len(ranks) >= 4 and len(steps) == 1 and 0 not in steps else None


@value
@per_sentence
def listed_step(ctx, k, span, pile):
    """The foundations' step shown by a printed sequence («в последовательности: туз, тройка, пятерка,
    семерка …», «в последовательности Т, 3, 5, 7, 9, В, К»): the rank difference of four or more ranks
    listed one after another, the same each time (counted round the king; down as up); ``None`` when the
    differences vary («туз, двойка, …, шестерка, дама, валет») or the sentence names no foundation."""
    d = _printed_step(ctx, k)
    return None if d is None else min(d, 13 - d)


@value
@per_sentence
def listed_direction(ctx, k, span, pile):
    """The foundations' direction shown by a printed sequence of one step (see :func:`listed_step`):
    ``up`` when each rank is higher (round the king), ``down`` when lower; ``None`` otherwise."""
    d = _printed_step(ctx, k)
    return None if d is None or d == 13 - d else "up" if d < 13 - d else "down"


@value
def bases_as_they_come(ctx, k, span, pile):
    """«Тузы, как только придут, ставят особо», «Тузы по мере освобождения выкладывают в ряд», uk «Тузи,
    щойно звільняться, кладуть в основу»: the bases go out as they come up (``False``: not before play) —
    an ace or king named within four tokens before the cue, or the cue first and the ace right after
    («Как только появится туз, его кладут …»); not when the sentence also says «заранее» / «перед сдачей»."""
    sent = ctx.sents[k]
    s, e = span
    near = ctx.toks[max(sent.start, s - 4):s] + ctx.toks[e:min(sent.end, e + 3)]
    if not any(t.lower.startswith(("туз", "корол")) for t in near) or sent.has("BEFORE_DEAL"):
        return None
    if any(ctx.preceded_by(a, {"не", "ні"}, 2) for a, _ in sent.spans("PREPLACE_VERB")):
        return None     # «Тузы заранее не вынимают …» is read by the row «preplaced»
    return False


_ONE_LEFT = ("лишн", "зайв", "отдельн", "окрем", "особ", "последн", "останн", "оставш", "восемнадцат")


@value
def fans_dealt(ctx, k, span, pile):
    """(piles, cards per pile) of a pack dealt in fans of M cards whose count the sentence gives: «Колоду
    раскладывают веерами по четыре карты; выходит тринадцать вееров» → ``(13, 4)``; with one card left over
    as a pile of its own («… семнадцать вееров, а последняя карта ложится отдельно», «… и одна карта остается
    лишнею») → ``(18, "3,…,3,1")``. ``None`` when the sentence counts no piles (``PILES_COME_OUT``)."""
    sent = ctx.sents[k]
    counted = sent.spans("PILES_COME_OUT")
    m = next((t.num for t in ctx.toks[span[0]:span[1]] if t.num is not None), None)
    if m is None and any(t.lemma in ("один", "одна") for t in ctx.toks[span[0]:span[1]]):
        m = 1
    if not counted or m is None or counted[0][0] < span[0]:
        return None
    n = ctx.number_at(*counted[0])
    if n is None:
        return None
    after = [t.lower for t in ctx.toks[counted[0][1]:sent.end]]
    one_more = any(w.startswith("карт") for w in after) and any(w.startswith(_ONE_LEFT) for w in after)
    if one_more and m > 1:
        return n + 1, ",".join([str(m)] * n + ["1"])
    return n, m


@value
def fans_of_total(ctx, k, span, pile):
    """(piles, cards per pile) of N cards counted before the cue and dealt in fans of M: «Остальные 51 карта
    раскладываются веерами по три карты» → ``(17, 3)``; a remainder is a last, smaller pile («52 карты …
    веерами по три» → ``(18, "3,…,3,1")``). ``None`` when the sentence counts no cards before the cue."""
    sent = ctx.sents[k]
    m = next((t.num for t in ctx.toks[span[0]:span[1]] if t.num is not None), None)
    toks = ctx.toks
    total = None
    for j in range(sent.start, span[0]):
        if toks[j].num is None or (j > sent.start and toks[j - 1].num is not None):
            continue
        e = j
        while e < span[0] and toks[e].num is not None:
            e += 1
        c = e
        while c < span[0] and toks[c].pos == "ADJ":
            c += 1
        if c < span[0] and "C:CARD" in toks[c].feats:
            total = ctx.number_at(j, e)
    if not m or not total or total <= m:
        return None
    n, rest = divmod(total, m)
    if rest:
        return n + 1, ",".join([str(m)] * n + [str(rest)])
    return n, m


from . import values_spaces  # noqa: E402,F401  (registers the value functions of spaces)
