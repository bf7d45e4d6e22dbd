"""Value functions named by ``phrasings/rules.toml`` rows (``value = "@name"``).

Each reads the value of one *family* of phrasings from the cue span and its sentence — a pack
counted in cards, a grid of rows and columns, piles growing one by one, a comparison of ranks, the
source a space is filled from — and returns it, or ``None`` when the sentence does not say it
after all. Signature: ``fn(ctx, k, span, pile) -> value | Told | Piled | None`` (``k`` the
sentence, ``span`` the cue's tokens, ``pile`` the pile of a ``@pile`` row).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pasyans.cards import PACK_SIZES


VALUES: dict[str, Callable] = {}

RANKS = {"туз": 1, "двойка": 2, "тройка": 3, "четверка": 4, "пятерка": 5, "шестерка": 6, "семерка": 7,
         "восьмерка": 8, "девятка": 9, "десятка": 10, "десяток": 10, "валет": 11, "дама": 12, "король": 13,
         "двійка": 2, "трійка": 3, "четвірка": 4, "п'ятірка": 5, "шістка": 6, "сімка": 7, "вісімка": 8,
         "дев'ятка": 9}
"""Rank nouns by lemma (ace 1 … king 13)."""
RANK_CODES = "A23456789TJQK"
"""The rank letters of the schema and of card codes, by rank (``RANK_CODES[rank - 1]``; ``T`` ten)."""

TIMES = {"однажды": 1, "дважды": 2, "трижды": 3, "четырежды": 4, "двічі": 2, "тричі": 3, "раз": 1,
         "двухкратно": 2}
"""Adverbs of how many times («дважды», «тричі»)."""


@dataclass(frozen=True)
class Told:
    """A value stated by two sentences together: ``sent`` is their joined pseudo-sentence."""

    sent: int
    value: Any


@dataclass(frozen=True)
class Piled:
    """A value with the pile it is about, for a ``@pile`` row whose function decides the pile."""

    pile: str
    value: Any


def value(fn: Callable) -> Callable:
    VALUES[fn.__name__] = fn
    return fn


def per_sentence(fn: Callable) -> Callable:
    """A value of ``(ctx, k, span, pile)`` that depends on the sentence ``k`` alone, computed once
    a sentence (in ``ctx.memo``): a sentence naming a cue thousands of times — a 600,000-character
    line of «Тузы» — called it once per cue, each call reading the whole sentence (quadratic:
    never finished)."""

    def once(ctx, k, span, pile):
        key = (fn.__name__, k)
        if key not in ctx.memo:
            ctx.memo[key] = fn(ctx, k, span, pile)
        return ctx.memo[key]

    once.__name__, once.__doc__, once.__wrapped__ = fn.__name__, fn.__doc__, fn
    return once


def _sent_text(ctx, k) -> list[str]:
    return [t.lower for t in ctx.words(ctx.sents[k])]


# -- deck --------------------------------------------------------------------------------------


@value
def packs(ctx, k, span, pile):
    """«две колоды» → 2; not «соберите … в одну колоду» (cards gathered into one pack)."""
    s, e = span
    n = ctx.number_at(s, e)
    if n == 1 and s > 0 and ctx.toks[s - 1].lemma in ("в", "у"):
        return None
    return n


def _deck_numbers(ctx, k):
    sent = ctx.sents[k]
    n_packs = None
    for s, e in sent.spans("PACKS_N"):
        n = packs(ctx, k, (s, e), None)
        if n is not None:
            n_packs = n
            break
    if n_packs is None:
        # «Колода одна, 52 карти», «колод дві, 104 карти»: the count right after the pack word
        n_packs = next((n for s, e in sent.spans("PACKS_AFTER") if (n := ctx.number_at(s, s + 2)) is not None and n <= 4), None)
    jokers = None
    for s, e in sent.spans("JOKERS"):
        jokers = ctx.number_at(s, e)
    if jokers is None and sent.has("JOKER_ADDED"):
        jokers = 1
    return n_packs, jokers


@value
def last_count(ctx, k, span, pile):
    """The last number of the span: «сдают по одной, лицом вверх, в восемь стопок» → 8 (the piles,
    not the cards at a time)."""
    s, e = span
    last = [t.i for t in ctx.toks[s:e] if t.num is not None]
    if not last:
        return None
    i = last[-1]
    while i - 1 >= s and ctx.toks[i - 1].num is not None:
        i -= 1
    return ctx.number_at(i, e)


@value
def label_cards(ctx, k, span, pile):
    """«Карт: 104» (an infobox line, under «Колод: 2» in the same or one of the two sentences
    before): cards in one pack, the total over the packs labelled (one pack when no label says);
    ``None`` when that is no pack size of the schema."""
    n = ctx.number_at(*span)
    if n is None:
        return None
    packs = 1
    for j in range(k, max(-1, k - 3), -1):
        spans = ctx.sents[j].spans("LABEL_PACKS")
        if spans:
            packs = ctx.number_at(*spans[0]) or 1
            break
    per, rest = divmod(n, packs)
    return per if not rest and per in PACK_SIZES else None


@value
def pack_size(ctx, k, span, pile):
    """Cards in one pack from the sentence: «колода в 36 листов», «(104 листа)» over two packs,
    «от тузов до семерок» (32), «удаляются карты от шестерок до двоек» (32), «полная колода» (52);
    jokers counted in the total are taken off. A size that is no known pack is a finding."""
    sent = ctx.sents[k]
    n_packs, jokers = _deck_numbers(ctx, k)
    per, stated = None, False
    for s, e in sent.spans("PACK_REMOVED"):
        ranks = [RANKS[t.lemma] for t in ctx.toks[s:e] if t.lemma in RANKS]
        if len(ranks) == 2:
            per = 52 - 4 * (max(ranks) - min(ranks) + 1)
    for s, e in sent.spans("PACK_RANGE"):
        low_tok = ctx.toks[e - 1]
        low = RANKS.get(low_tok.lemma)
        near = ctx.toks[e:min(sent.end, e + 6)]
        one_suit = any(t.lemma in ("один", "любой", "будь-який") and any("C:SUIT" in x.feats for x in near[j + 1:j + 3])
                       for j, t in enumerate(near))
        if not low_tok.lower.endswith(("ок", "ек", "ів", "ов")) and not one_suit:
            continue      # «(то есть от туза до десятки)»: ranks named, not the pack
        if one_suit:
            # «карты от туза до девятки (включительно) любой из мастей»: the ranks named, of one suit
            # (Ханойская башня: 9 cards); the ace counts low
            top = RANKS.get(ctx.toks[e - 1].lemma)
            if top is not None and 2 <= top <= 13:
                per, stated = top, True
            continue
        if low in (6, 7, 8, 9) and any(t.lower.startswith("колод") for t in ctx.words(sent)):
            per = 4 * (15 - low)
    total_in = [ctx.number_at(*x) for x in sent.spans("PACK_IN")]
    totals = [ctx.number_at(*x) for x in sent.spans("PACK_TOTAL")]
    if per is None and total_in and total_in[0]:
        # «колода в 54 листа (52 … плюс 2 джокера)»: jokers counted in; «колодой в 52 карты с одним
        # джокером»: a pack size already, the joker added; «колода из 40 карт»: the size the text states
        sizes = PACK_SIZES
        per = total_in[0] if total_in[0] in sizes and total_in[0] - (jokers or 0) not in sizes else total_in[0] - (jokers or 0)
        stated = n_packs in (None, 1) and not jokers
    if per is None and totals and totals[0]:
        p = n_packs or (1 if sent.has("PACK_IN") or sent.has("PACK_FULL") else None)
        if p and totals[0] % p == 0:
            per = totals[0] // p - (jokers or 0)
    if per is None and sent.has("PACK_FULL"):
        per = 52
    if per is not None and per not in PACK_SIZES and not (stated and 1 <= per <= 52):
        if ("pack-size", k) not in ctx.notes:
            ctx.notes[("pack-size", k)] = True
            ctx.finding(k, "unread-rule-value", f"pack size {per} is not a known pack", sent.quote[:120])
        return None
    return per


@value
def cards_used(ctx, k, span, pile):
    """«Используются 52 карты», uk «Усі 52 карти …»: the cards of one pack (32, 36, 52); a total of
    two packs (64, 72, 104) when the text has said two packs; else ``None``."""
    n = ctx.number_at(*span)
    if n in (32, 36, 52):
        return n
    if n in (64, 72, 104) and ctx.best("deck.packs") == 2:
        return n // 2
    return None


@value
def no_jokers(ctx, k, span, pile):
    """0 when the sentence counts the pack's cards and names no joker (a weak claim)."""
    _, jokers = _deck_numbers(ctx, k)
    if jokers is not None:
        return None
    return 0 if pack_size(ctx, k, span, pile) is not None else None


@value
def jokers(ctx, k, span, pile):
    """«2 джокера», not «джокер-пасьянс»."""
    s, e = span
    if any("-" in t.text for t in ctx.toks[s:e]):
        return None
    return ctx.number_at(s, e)


# -- layout ------------------------------------------------------------------------------------


_OVERLAP_STEMS = ("внахл", "унахл", "перехл", "перехлёст", "сдвиг", "зсув", "веером", "віялом", "перекрыва",
                  "перекрива", "накладыва", "накладаю", "внакладку", "черепиц")


def _overlap(ctx, k) -> bool:
    """Rows laid over each other: «внахлест», «с перехлёстом», «со сдвигом», in the sentence or the next —
    not said negated («карты не перекрывают друг друга», «без перекрытия»: cue ``SIDE_BY_SIDE``)."""
    for j in (k, k + 1):
        if j >= len(ctx.sents):
            continue
        apart = [range(a, b) for a, b in ctx.sents[j].spans("SIDE_BY_SIDE")]
        if any(t.lower.startswith(_OVERLAP_STEMS) and not any(t.i in r for r in apart) for t in ctx.words(ctx.sents[j])):
            return True
    return False


def _stacked(ctx, k) -> bool:
    """The cards of a column lie on each other: the sentence deals some face down and some face up in it
    («семь колонок по семь карт; в первых четырех колонках по три нижние карты лежат рубашкой вверх»)."""
    sent = ctx.sents[k]
    return sent.has("FACE_DOWN") and sent.has("FACE_UP")


def _columns_text(ctx) -> bool:
    """The text plays columns: it names «столбцы»/«стовпці» (always piles), or plays «колонки» as
    piles (cue ``COLUMN_PLAY``: «нижняя карта колонки», «из одной колонки в другую»). A «колонка»
    that is only a shape («тузы выкладываются колонкой», «в ряду или колонке») is no pile."""
    if "columns" not in ctx.notes:
        ctx.notes["columns"] = "COLUMN_PLAY" in ctx.text_cues or any(
            t.lower.startswith(("столбц", "столбик", "стовпц", "стовпч")) for t in ctx.toks)
    return ctx.notes["columns"]


def _windows_text(ctx) -> bool:
    """The text is of the Gaps/Montana family: its rows are played in place (windows, gaps)."""
    return any(t.lower.startswith(("вікн", "вікон", "окн", "окон")) for t in ctx.toks) or any(
        x["name"] in ("gaps", "paganini-windows", "paganini-windows-two-sided") for x in ctx.special)


def _grid(ctx, k, span):
    """(piles, cards per pile, how read) of «N рядов/стопок по M карт»."""
    s, e = span
    toks = ctx.toks
    nums = [t for t in toks[s:e] if t.num is not None]
    if len(nums) < 2:
        return None
    first = s
    while first > ctx.sents[k].start and toks[first - 1].num is not None:
        first -= 1
    n, m = ctx.number_at(first, nums[-1].i), nums[-1].num
    noun = next((t for t in toks[s:e] if "C:PILE" in t.feats), None)
    if n is None or m is None or noun is None:
        return None
    more = _more_piles(ctx, k, e, n)
    if more is not None:
        n2, m2 = more
        if m2 is None:
            return n + n2, None, "piles"
        return n + n2, ",".join([str(m)] * n + [str(m2)] * n2), "piles"
    side_by_side = any(ctx.sents[j].has("SIDE_BY_SIDE") for j in (k, k + 1) if j < len(ctx.sents))
    built_in = "PILE_BUILT_IN" in ctx.text_cues
    if noun.lower.startswith(("колонк", "колонок")):
        # «двенадцать открытых карт двумя колонками по шесть карт»: single cards in columns, unless
        # they overlap or the text plays its columns as piles («нижняя карта колонки», «в колонках
        # карты кладут …»)
        if side_by_side:
            return n * m, 1, "grid"
        if _overlap(ctx, k) or _columns_text(ctx) or built_in or _stacked(ctx, k):
            return n, m, "piles"
        return n * m, 1, "grid"
    if "C:ROW" not in noun.feats:
        return n, m, "piles"
    sent = ctx.sents[k]
    horizontal = any(t.lower.startswith(("горизонтальн", "горизонтальн")) for t in toks[s:e])
    if side_by_side and not _overlap(ctx, k):
        return n * m, 1, "grid"    # «в четыре ряда по четыре карты, одну подле другой»: single places
    if sent.has("PILES_EACH") or _windows_text(ctx) or "ROW_PLAY" in ctx.text_cues or "ROW_AS_PILE" in ctx.text_cues \
            or built_in:
        if horizontal and _columns_text(ctx):
            return m, n, "rows-across-columns"
        return n, m, "rows"
    if _overlap(ctx, k) or _columns_text(ctx) or horizontal:
        return m, n, "rows-across-columns"
    return n * m, 1, "grid"      # «восемью рядами по восемь карт» with no column played: 64 places


_ADD_WORDS = ("и", "і", "а", "й", "да", "плюс", "ещё", "еще", "ще", "также", "також", "+")


def _more_piles(ctx, k, e, n=None):
    """After «N веерами по M карт», the piles added to them: ``(piles added, their cards or None)``.

    A coordinator or addition word («и», «да», «плюс», uk «і», «й», «ще»; any of them in a row)
    then a count of piles — a cardinal («и одним — по три карты», «і ще один стос з двох карт») or the
    ordinal that follows ``n`` («плюс тринадцатая из оставшихся» after twelve: one more) — then,
    optionally, a pile noun and «по M»/«из M»/«з M» cards. None when the rest of the sentence says
    no such thing («и кладут их открыто»)."""
    while e > ctx.sents[k].start and (ctx.toks[e - 1].lemma in _ADD_WORDS or ctx.toks[e - 1].text == ","):
        e -= 1          # the cue «N кучек по три и» ends on its coordinator
    toks = [t for t in ctx.toks[e:ctx.sents[k].end] if t.text not in ("—", "–", "-", ",")]
    j = 0
    while j < len(toks) and toks[j].lemma in _ADD_WORDS:
        j += 1
    if j == 0 or j >= len(toks):
        return None
    t = toks[j]
    if t.num is not None and t.ordinal is None:
        n2 = ctx.number_at(t.i, t.i + 3) if t.num >= 20 else t.num
    elif t.ordinal is not None and n is not None and t.ordinal == n + 1:
        n2 = 1
    elif t.lower.startswith(("одной", "одна", "одну", "одною", "однієї", "одна-")):
        n2 = 1
    else:
        return None
    rest = toks[j + 1:j + 7]
    if rest and "C:CARD" in rest[0].feats:       # «а девятую карту кладут в сторону»: a card, no pile
        return (1, 1) if n2 == 1 and t.ordinal is None else None      # «… и одной-единственной карты»: one more pile of one card
    while rest and ("C:PILE" in rest[0].feats or rest[0].pos == "ADJ" and rest[0].num is None):
        rest = rest[1:]
    if rest and rest[0].lemma in ("по", "из", "з", "із") and len(rest) > 1 and rest[1].num is not None:
        return n2, rest[1].num
    if rest and rest[0].lemma in ("по", "из", "з", "із"):
        return n2, None         # «плюс тринадцатая из оставшихся»: a pile of the cards left over
    if t.ordinal is not None or len(toks) > j + 1 and "C:PILE" in toks[j + 1].feats:
        return n2, None
    return None


def _note_grid(ctx, k, span, how, n, m):
    key = ("grid", k, span)
    if key in ctx.notes or how == "piles" or how == "rows":
        return
    ctx.notes[key] = True
    text = " ".join(t.text for t in ctx.toks[span[0]:span[1]])
    if how == "grid":
        msg = f"{n} rows of cards side by side read as a grid of {n} single-card places"
    else:
        msg = f"rows read as {n} columns of {m} cards (the rows lie across the columns)"
    ctx.finding(k, "reading-choice", msg, text)


@value
def grid(ctx, k, span, pile):
    """(piles, cards per pile) of «N рядов/стопок/вееров по M карт» (see :func:`_grid`)."""
    g = _grid(ctx, k, span)
    if g is None:
        return None
    _note_grid(ctx, k, span, g[2], g[0], g[1])
    return g[0], g[1]


@value
def grid_total(ctx, k, span, pile):
    """Cards of «N стопок по M карт» (+1 for «плюс одна карта»): a reserve dealt in piles."""
    s, e = span
    nums = [t.num for t in ctx.toks[s:e] if t.num is not None]
    if len(nums) < 2:
        return None
    return nums[0] * nums[-1] + (1 if ctx.sents[k].has("PLUS_ONE") else 0)


@value
def each_side(ctx, k, span, pile):
    """«По пять стопок с каждой стороны основания»: twice five piles."""
    n = ctx.number_at(*span)
    return 2 * n if n else None


@value
def square(ctx, k, span, pile):
    """«Таблица пять на пять ячеек»: a grid of single-card places."""
    nums = [t.num for t in ctx.toks[span[0]:span[1]] if t.num is not None]
    return nums[0] * nums[1] if len(nums) == 2 else None


@value
def shape(ctx, k, span, pile):
    """(columns, cards per column) of rows described one by one (see :func:`_shape`)."""
    return _shape(ctx, k)


def _columns_of_rows(rows: list[int]) -> str:
    """Rows of 10, 9, … 3 cards overlapping: the columns hold how many rows reach them."""
    counts = [sum(1 for r in rows if r >= j) for j in range(1, max(rows) + 1)]
    return ",".join(map(str, counts))


def _shape(ctx, k):
    """«В первом ряду десять карт, во втором — девять … до ряда в три карты», «рядами … от семи карт
    до одной», «в ряд семь карт … второй, третий … ряды внахлест»: (columns, cards per column)."""
    sent = ctx.sents[k]
    if sent.has("FIRST_ROW") and sent.has("LAST_ROW"):
        first = ctx.number_at(*sent.spans("FIRST_ROW")[0])
        last = ctx.number_at(*sent.spans("LAST_ROW")[0])
        if first and last and first > last:
            return first, _columns_of_rows(list(range(first, last - 1, -1)))
    if sent.has("ROWS_COUNTDOWN"):
        # «рядами в девять, восемь, семь и т. д. карт до одной»: the first and the last of the list
        toks = ctx.toks[slice(*sent.spans("ROWS_COUNTDOWN")[0])]
        nums = [t.num for t in toks if t.num is not None] or [None]
        last = nums[-1] if nums[-1] is not None and len(nums) > 1 else (1 if "C:ONE" in toks[-1].feats else None)
        if nums[0] and last and nums[0] > last and (len(nums) < 2 or nums[1] == nums[0] - 1):
            return nums[0], _columns_of_rows(list(range(nums[0], last - 1, -1)))
    if sent.has("ROWS_FROM_TO") and any(t.lemma == "ряд" for t in ctx.words(sent)):
        # «от семи карт до одной»; «в девять, восемь, семь и т. д. карт до одной» (each row one card shorter)
        nums = [t.num for t in ctx.toks[slice(*sent.spans("ROWS_FROM_TO")[0])] if t.num is not None]
        listed = nums[:-1]
        if (len(nums) >= 2 and nums[0] > nums[-1] >= 1
                and listed == list(range(nums[0], nums[0] - len(listed), -1)) and listed[-1] > nums[-1]):
            return nums[0], _columns_of_rows(list(range(nums[0], nums[-1] - 1, -1)))
    if sent.has("ROWS_FROM_TO") and sent.has("STACK_COUNT"):
        # «Семь стопок по порядку от одной карты до семи»: piles of 1, 2, … 7 cards
        nums = [t.num for t in ctx.toks[slice(*sent.spans("ROWS_FROM_TO")[0])] if t.num is not None]
        if len(nums) == 2 and nums[0] == 1 < nums[1]:
            return nums[1], ",".join(str(j) for j in range(1, nums[1] + 1))
    if sent.has("ROW_OF") and _overlap(ctx, k):
        n = ctx.number_at(*sent.spans("ROW_OF")[0])
        ords = [t.ordinal for t in ctx.words(sent) if t.ordinal]
        if n and ords:
            return n, max(ords)
    return None


@value
def rows_of_total(ctx, k, span, pile):
    """«сорок девять карт … семью рядами внахлест»: the rows overlap into total / rows columns of
    rows cards each: (columns, cards per column)."""
    return _rows_total(ctx, k, span)


def _rows_total(ctx, k, span):
    s, e = span
    nums = [t for t in ctx.toks[s:e] if t.num is not None]
    if len(nums) < 2 or not _overlap(ctx, k):
        return None
    total = ctx.number_at(s, nums[-1].i)
    rows = nums[-1].num
    if not total or not rows or total % rows:
        return None
    return total // rows, rows


@value
def growing(ctx, k, span, pile):
    """«в первой стопке одна карта, во второй две и так далее до седьмой стопки», «Девять стопок, в
    первой из которых девять карт, во второй восемь … до последней стопки с одной»: the cards per
    pile, pile by pile."""
    got = _growing(ctx, k)
    return None if got is None else ",".join(map(str, got))


@value
def growing_piles(ctx, k, span, pile):
    got = _growing(ctx, k)
    return None if got is None else len(got)


def _growing(ctx, k):
    sent = ctx.sents[k]
    toks = ctx.words(sent)
    # numbers that follow the first two ordinals («в первой … одна», «во второй две»)
    ords = [i for i, t in enumerate(toks) if t.ordinal is not None and t.num is None]
    if len(ords) < 2:
        return None
    def count_after(i):
        for t in toks[i + 1:i + 5]:
            if t.num is not None and t.ordinal is None:
                return t.num
            if t.lemma in ("один", "одна") or t.lower in ("одна", "одну", "одной"):
                return 1
        return None
    a, b = count_after(ords[0]), count_after(ords[1])
    if a is None or b is None or abs(a - b) != 1 or toks[ords[0]].ordinal != 1:
        return None
    step = b - a
    piles = None
    for s, e in sent.spans("STACK_COUNT"):
        piles = ctx.number_at(s, e)
        break
    last = None
    for s, e in sent.spans("LAST_PILE_HAS"):
        o = [t.ordinal for t in ctx.toks[s:e] if t.ordinal]
        n = [t.num for t in ctx.toks[s:e] if t.num is not None and t.ordinal is None]
        if o and o[0] > 1 and piles is None:
            piles = o[0]
        if n:
            last = n[-1]
    if piles is None and last is not None:
        piles = abs(last - a) + 1
    if piles is None or piles < 2:
        return None
    counts = [a + step * j for j in range(piles)]
    if min(counts) < 1 or (last is not None and counts[-1] != last):
        return None
    return counts


@value
def triangle(ctx, k, span, pile):
    """«… пока в последней стопке не окажется семь карт» after «Семь стопок»: 1, 2, … 7."""
    n = ctx.number_at(*span)
    piles = ctx.best("layout.tableau_piles")
    if n and piles == n and not ctx.sents[k].has("GROWING"):
        return ",".join(str(j) for j in range(1, n + 1))
    return None


@value
def split_rest(ctx, k, span, pile):
    """«10 столбцов, в первых четырёх по 6, в остальных по 5»: the piles from the count in this sentence
    (or read before), the first ones and the rest: (10, «6,6,6,6,5,…»)."""
    nums = [t.num for t in ctx.toks[span[0]:span[1]] if t.num is not None and t.ordinal is None]
    piles = next((ctx.number_at(s, e) for s, e in ctx.sents[k].spans("STACK_COUNT") if s < span[0]), None)
    piles = piles if piles is not None else ctx.best("layout.tableau_piles")
    if len(nums) >= 4 and (not isinstance(piles, int) or nums[0] + nums[2] == piles):
        first, a, rest, b = nums[:4]      # uk «у перші чотири по сім карт, у решту чотири по шість»: the rest counted
        return first + rest, ",".join([str(a)] * first + [str(b)] * rest)
    if len(nums) < 3 or not isinstance(piles, int) or nums[0] >= piles:
        return None
    first, a, b = nums[:3]
    return piles, ",".join([str(a)] * first + [str(b)] * (piles - first))


@value
def split_per(ctx, k, span, pile):
    """«по семь карт на первые четыре стопки и по шесть карт на оставшиеся» (piles known before)."""
    nums = [t.num for t in ctx.toks[span[0]:span[1]] if t.num is not None]
    piles = ctx.best("layout.tableau_piles")
    if len(nums) < 3 or not isinstance(piles, int):
        return None
    a, first, b = nums[0], nums[1], nums[2]
    if first >= piles:
        return None
    return ",".join([str(a)] * first + [str(b)] * (piles - first))


@value
def per_pile(ctx, k, span, pile):
    """«на каждую сдаётся по пять карт» — and «на верхние две стопки кладётся по одной карте» in this
    sentence or the next: 6, 6, 5, … (the piles known before)."""
    toks = ctx.toks[span[0]:span[1]]
    if any(t.lemma == "раз" and ctx.toks[t.i - 1].num is not None for t in ctx.words(ctx.sents[k]) if t.i > 0):
        return None      # «три раза сдаётся по карте», «ещё четыре раза … по одной»: rounds, not the piles' size
    po = next((t.i for t in toks if t.lemma == "по"), span[0])
    n = ctx.number_at(po, span[1])
    if n is None:
        n = 1 if any(t.lemma in ("один", "карта") for t in ctx.toks[po:span[1]]) else None
    if n is None:
        return None
    for j in (k, k + 1):
        if j >= len(ctx.sents):
            break
        s2 = ctx.sents[j]
        for a, b in s2.spans("EXTRA_PILES"):
            if j == k and a < span[1]:
                continue
            extra = ctx.number_at(a, b)
            piles = ctx.best("layout.tableau_piles")
            if extra and isinstance(piles, int) and extra < piles:
                counts = ",".join([str(n + 1)] * extra + [str(n)] * (piles - extra))
                return Told(ctx.joined(ctx.sents[k], s2), counts) if j != k else counts
            return None
    return n


@value
def split_piles(ctx, k, span, pile):
    """«в восемь стопок: в четырёх по семь карт, в четырёх по шесть»: (piles, cards per pile)."""
    toks = ctx.toks[span[0]:span[1]]
    nums = [t.num for t in toks if t.num is not None and t.ordinal is None]   # uk «у три перші ряди»: no count
    if len(nums) < 4:
        return None
    a, x, b, y = nums[:4]
    return a + b, ",".join([str(x)] * a + [str(y)] * b)


@value
def section_piles_times_per(ctx, k, span, pile):
    """In a reserve section, «Семь стопок …, на каждую из которых … сдаётся по карте»: 7 × 1."""
    n = ctx.number_at(*span)
    sent = ctx.sents[k]
    count = _section_count(ctx, k)
    if n is None and any(t.lemma in ("один", "карта") for t in ctx.toks[span[0]:span[1]]):
        n = 1
    return count * n if count and n else None


def _section_count(ctx, k):
    """The number of piles named by «N стопок» in the same manual row as sentence ``k``."""
    sent = ctx.sents[k]
    for j in range(k, -1, -1):
        sj = ctx.sents[j]
        if sj.section != sent.section:
            break
        for s, e in sj.spans("STACK_COUNT"):
            return ctx.number_at(s, e)
        if sj.label is not None:
            break
    return None


@value
def section_count(ctx, k, span, pile):
    """«Четыре стопки … В каждом резерве может лежать только одна карта»: 4 cells."""
    return _section_count(ctx, k)


@value
def turn_up(ctx, k, span, pile):
    """«Выложите … лицевой стороной вниз … Нижние карты столбцов открываются», «Переворачивается
    нижняя карта каждого столбца лицом вверх»: mixed — told with the face-down deal of one of the
    three sentences before, or alone when it turns the top card of each pile («верхняя карта каждой
    стопки переворачивается»)."""
    sent = ctx.sents[k]
    if ctx.lemmas(sent) & {"если", "когда", "якщо", "коли"}:
        return None      # a card turned up during play («если … нижняя карта открывается»), not the deal
    for j in range(k - 1, max(-1, k - 4), -1):
        if any(c.field == "layout.face" and c.value == "down" and c.sent == j for c in ctx.claims):
            return Told(ctx.joined(ctx.sents[j], sent), "mixed")
    if any("C:EACH" in t.feats or "C:OPEN_ADJ" in t.feats for t in ctx.toks[span[0]:span[1] + 2]) or any(
            "C:EACH" in t.feats for t in ctx.words(sent)):
        return "mixed"       # the top card of each pile turned up (or «Верхні карти відкриті»): the rest face down
    return None


@value
def row(ctx, k, span, pile):
    """«выкладываются в ряд восемь открытых карт»: a row of single cards (not overlapping rows):
    (piles, 1)."""
    n = ctx.number_at(*span)
    return None if _overlap(ctx, k) or n is None else (n, 1)


@value
def pack_without(ctx, k, span, pile):
    """«Из колоды убирают двойки, тройки, четвёрки и пятёрки», «колода без двоек, троек, четверок и
    пятерок»: a 52-card pack less the ranks listed (four cards each) — when that is a pack size of the
    schema (36, 32, 24, 20), else ``None``."""
    sent = ctx.sents[k]
    ranks = {RANKS[t.lemma] for t in ctx.toks[span[0]:sent.end] if t.lemma in RANKS}
    per = 52 - 4 * len(ranks)
    return per if len(ranks) >= 2 and per in PACK_SIZES else None


_PLACED = ("C:BUILD_VERB", "C:DEAL_VERB", "C:LAY_VERB", "C:MOVE_VERB", "C:F_ANCHOR")


@value
def pack_rank_out(ctx, k, span, pile):
    """«Восемь дам удаляются из колоды и не принимают участия в игре» (two packs: 48), «Из колоды
    убирают всех тузов» (48), uk «З колоди вилучають чотири двійки»: one rank taken out of play before
    the deal. All of the rank (no number, «все»): 48. A number of cards: ``52 − number / packs`` when the
    sentence or an earlier one gives the packs; else the number is kept (``ctx.notes["pack-out"]``) and
    :func:`.readings.infer_pack_out` counts it once the packs are known (the book's section label).
    ``None`` when the cards taken out are laid somewhere in the same sentence («… изымаются из колоды и
    выкладываются на столе в ряд»), or when two ranks are named (:func:`pack_without` reads those)."""
    sent = ctx.sents[k]
    ranks = {RANKS[t.lemma] for t in ctx.words(sent) if t.lemma in RANKS}
    if len(ranks) != 1 or sent.has("PACK_WITHOUT_RANKS") or any(
            f in t.feats for t in ctx.toks[span[1]:sent.end] for f in _PLACED):
        return None
    r = next(t.i for t in ctx.toks[span[0]:span[1]] if t.lemma in RANKS)
    i = r
    while i > span[0] and ctx.toks[i - 1].num is not None:
        i -= 1
    n = ctx.number_at(i, r)       # the count right before the rank («восемь дам»), not «из двух колод»
    if n is None:
        return 48
    n_packs = _deck_numbers(ctx, k)[0] or ctx.best("deck.packs")
    if n_packs is None:
        if "pack-out" not in ctx.notes:
            ctx.notes["pack-out"] = (n, sent)
            ctx.notes["reason:deck.cards_per_pack"] = (f"{n} cards of one rank are taken out ({sent.quote[:80]}); "
                                                       "the packs are not stated")
        return None
    per, rest = divmod(n, n_packs)
    return 52 - per if not rest and 1 <= per <= 4 else None
