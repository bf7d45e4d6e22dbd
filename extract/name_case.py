"""A game's name in the nominative, as a catalogue lists it: «Паука» → «Паук», «называют Паучком» →
«Паучок», «Свободную ячейку» → «Свободная ячейка» (pymorphy3's parses, ru and uk dictionaries via
:mod:`pasyans.morph`); a word it does not know, after a frame that governs a case («называют
«Клондайком»»), by its guess from the ending in that case; compounds with a hyphen part by part.
Moved from :mod:`pasyans.extract.headings`, which re-exports :func:`nominative`."""

from __future__ import annotations

import re

from pasyans import morph

_NAME_POS = ("ADJF", "NOUN")
_AUGMENTATIVE_ABLT = {"uk": (("иськом", "исько"), ("ищем", "ище")), "ru": (("ищем", "ище"), ("ишком", "ишко"))}
"""Instrumental endings of the augmentative and diminutive nouns in -исько / -ище / -ишко (neuter, or
masculine declined alike: uk «вовчисько», ru «домище», «домишко») and their nominative: an unknown word so
ended («Павучиськом») is one of them, never a masculine in -иськ (pymorphy3's guess by its ending)."""
_HYPHENED_RE = re.compile(r"[^\W\d_]{2,}-[^\W\d_]{2,}")
"""A name of two words joined by a hyphen: «Вітряком-одинаком», «Пауком-пауком»."""


def words(s: str) -> list[str]:
    from .headings import words as _words

    return _words(s)


def nominative(name: str, lang: str, case: str | None = None, unknown_case: str | None = None) -> str:
    """A game's name as a catalogue gives it, in the nominative: «Паука» → «Паук», «Косынку» →
    «Косынка», «Паучком» → «Паучок», «Свободную ячейку» → «Свободная ячейка», «Могилой Наполеона»
    → «Могила Наполеона» (the adjectives before the first noun and that noun, when pymorphy3 knows
    them all in one case that is not the nominative; the words after the noun stay as printed). A
    name it cannot read so (an unknown word, a verb, words in different cases) as it stands; but with
    ``unknown_case``, the case the frame governs («называют «Клондайком»», «звуть «Ідлером»»: ``"ablt"``), a
    word the dictionary does not know is put in the nominative by pymorphy3's guess from its ending in
    that case («Клондайком» → «Клондайк», «Ідлером» → «Ідлер»; a guess, so a neuter uk «Павучиськом» comes out
    «Павучиськ»), and kept as written where no guess has that case («Spider»). Two words joined by a hyphen,
    each in one case, are each put in the nominative («Вітряком-одинаком» → «Вітряк-одинак»).
    ``case``: the case the frame governs («Правила «Марии Стюарт»»: ``"gent"``), taken when the
    words can be in it even if they could be nominative too («Марии» is also a plural)."""
    ws = name.split()
    if len(ws) > 1:
        return _nominative_phrase(ws, lang, None if case == "nomn" else case) or name
    return _nominative(name, lang, case, unknown_case)


def _numeral_before_genitive(w: str, nxt: str, lang: str) -> bool:
    """Whether ``w`` can be a numeral (any of pymorphy3's readings, not only its best) and ``nxt`` a
    genitive plural: a number and what it counts («Сорок розбійників», «Сорок разбойников»), which
    is nominative as printed."""
    return (any(p.tag.POS == "NUMR" for p in morph.parses(w.lower(), lang))
            and any(p.tag.case == "gent" and p.tag.number == "plur" for p in morph.parses(nxt.lower(), lang)))


def _nominative_phrase(ws: list[str], lang: str, governed: str | None = None) -> str | None:
    """``ws`` (a name of several words) with its head put in the nominative, or ``None``."""
    head = []
    for i, w in enumerate(ws):
        if not w.isalpha() or not morph.is_known(w.lower(), lang):
            return None
        if i + 1 < len(ws) and _numeral_before_genitive(w, ws[i + 1], lang):
            return None  # uk «Сорок розбійників»: pymorphy3's best reading is the magpies' genitive
        best = morph.parse(w, lang)
        if best is None or best.tag.POS not in _NAME_POS:
            return None  # «Сорок разбойников»: a numeral (not the magpies' genitive)
        ps = [p for p in morph.parses(w.lower(), lang) if p.tag.POS == best.tag.POS]
        head.append(ps)
        if any(p.tag.POS == "NOUN" for p in ps):
            break
    else:
        return None
    cases = set.intersection(*({p.tag.case for p in ps} for ps in head))
    if governed in cases:
        cases = {governed}
    if not cases or "nomn" in cases:
        return None
    case = next((c for c in ("accs", "gent", "ablt", "datv", "loct") if c in cases), None)
    if case is None:
        return None
    out = []
    for w, ps in zip(ws, head):
        p = next(p for p in ps if p.tag.case == case)
        inf = p.inflect({"nomn"})
        if inf is None:
            return None
        out.append(inf.word[:1].upper() + inf.word[1:] if w[:1].isupper() else inf.word)
    return " ".join(out + ws[len(head):])


def _nominative(name: str, lang: str, governed: str | None = None, unknown_case: str | None = None) -> str:
    """«Паука» → «Паук», «Косынку» → «Косынка»; a name of several words, or one pymorphy3 does not
    know as a noun in another case, as it stands. ``governed``: the case the frame puts it in, taken when
    the form can be in it («правила «Косынки»»: gent → «Косынка»); ``"nomn"`` where the frame allows the
    nominative (a name after «называют»): a form that may be a nominative plural is then kept («называют
    «Свадьба» или «Пары»», uk «Пари»: not «Пара»)."""
    if len(words(name)) != 1:
        return name
    if not morph.is_known(name.lower(), lang):
        if _HYPHENED_RE.fullmatch(name):
            return _hyphened(name, lang, governed, unknown_case)
        return _guessed(name, lang, unknown_case) if unknown_case else name
    p = morph.parse(name.lower(), lang)
    if p is not None and p.tag.POS == "ADJF" and unknown_case:
        return _adjective(name, lang, unknown_case)
    if p is None or p.tag.POS != "NOUN" or "nomn" in p.tag.grammemes or p.tag.case is None:
        return name  # uk «Солітер»: the dictionary form carries no case (was read as the plural «Солітери»)
    nouns = [q for q in morph.parses(name.lower(), lang) if q.tag.POS == "NOUN"]
    in_case = [q for q in nouns if governed is not None and q.tag.case == governed]
    if in_case:
        p = in_case[0]
    elif governed == "nomn" and any(q.tag.case == "nomn" for q in nouns):
        return name
    inf = p.inflect({"nomn"}) if "plur" in p.tag.grammemes else p.inflect({"nomn", "sing"})
    word = inf.word if inf is not None else p.normal_form if "plur" not in p.tag.grammemes else None
    # uk «Солітером»: a form with no number inflects to the dictionary form, never to a plural
    return (word[:1].upper() + word[1:]) if word and name[:1].isupper() else name


def _adjective(name: str, lang: str, case: str) -> str:
    """A name that is one adjective alone, after a frame governing ``case`` («называли «Бабушкиным»»:
    ``"ablt"``), in the nominative singular its dictionary gives, masculine where the form may be
    masculine or neuter («Бабушкиным» → «Бабушкин», «Свободной» → «Свободная»);
    as written when it can be a nominative or has no reading in that case."""
    ps = [p for p in morph.parses(name.lower(), lang) if p.tag.POS == "ADJF"]
    if any(p.tag.case == "nomn" for p in ps):
        return name
    p = next((p for p in ps if p.tag.case == case and "masc" in p.tag.grammemes), None) or next(
        (p for p in ps if p.tag.case == case), None)
    inf = (p.inflect({"nomn", "sing"}) or p.inflect({"nomn"})) if p is not None else None   # «Свободной» → «Свободная»: its own gender; uk forms have no number
    if inf is None or inf.word == name.lower():
        return name
    return inf.word[:1].upper() + inf.word[1:] if name[:1].isupper() else inf.word


def _guessed(name: str, lang: str, case: str) -> str:
    """``name`` (one word the dictionary does not know) in the nominative singular by pymorphy3's
    likeliest guess of it as a noun in ``case`` («Ідлером» → «Ідлер», «Канфилдом» → «Канфилд»), or as
    written where no guess is in that case or none is a change («Spider», «Гармонь»)."""
    if case == "ablt":
        for end, nom in _AUGMENTATIVE_ABLT.get(lang, ()):
            if name.lower().endswith(end) and len(name) > len(end) + 1:
                return name[: len(name) - len(end)] + nom   # «Павучиськом» → «Павучисько» (not «Павучиськ»)
    ps = [p for p in morph.parses(name.lower(), lang) if p.tag.POS == "NOUN" and p.tag.case == case]
    if not ps:
        return name
    p = max(ps, key=lambda q: q.score)
    inf = p.inflect({"nomn", "sing"}) if "plur" not in p.tag.grammemes else p.inflect({"nomn"})
    word = inf.word if inf is not None else p.normal_form
    if not word or word == name.lower():
        return name
    return word[:1].upper() + word[1:] if name[:1].isupper() else word


def _hyphened(name: str, lang: str, governed: str | None, unknown_case: str | None) -> str:
    """«Вітряком-одинаком» → «Вітряк-одинак»: each part in the nominative when both parts change (one
    case), else ``name`` as written («Пасьянс-косынка»: a nominative already)."""
    a, b = name.split("-")
    na = _nominative(a, lang, governed, unknown_case)
    nb = _nominative(b[:1].upper() + b[1:], lang, governed, unknown_case)   # a lower-case word stays as written there
    nb = nb if b[:1].isupper() else nb[:1].lower() + nb[1:]
    return f"{na}-{nb}" if na != a and nb != b else name
