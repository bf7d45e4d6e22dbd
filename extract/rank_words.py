"""Rank nouns of cards named in words, by lemma: ``_word_rank("осьмерку", "ru")`` → 8,
``_word_rank("хлопа", "uk")`` → 11, ``None`` for a word that names no rank. The table holds the plain
lemmas of each language; old, folk and diminutive forms are derived from them (:func:`_rank_bases`), so
any inflection pymorphy3 lemmatizes is read. Used by :mod:`extract.notation` (cards in words)."""

from __future__ import annotations

from functools import lru_cache

from pasyans import morph

_RANK_LEMMAS = {
    "ru": {"туз": 1, "двойка": 2, "тройка": 3, "четверка": 4, "пятерка": 5, "шестерка": 6,
           "семерка": 7, "восьмерка": 8, "девятка": 9, "десятка": 10, "валет": 11, "дама": 12,
           "король": 13, "краля": 12},
    "uk": {"туз": 1, "двійка": 2, "трійка": 3, "четвірка": 4, "п'ятірка": 5, "шістка": 6,
           "сімка": 7, "сімця": 7, "вісімка": 8, "дев'ятка": 9, "десятка": 10, "валет": 11,
           "дама": 12, "король": 13, "кароль": 13, "краля": 12, "хлоп": 11},
}
"""Rank nouns by lemma. «краля» is the colloquial queen of both languages (dictionary sense «дама в картах»:
«червова краля», «бубновая краля»); uk folk «хлоп» is the jack (as the Polish «chłop», Galician card names).
Old, folk and diminutive forms are derived from these by :func:`_rank_bases`."""


@lru_cache(maxsize=100_000)
def _lemmas(word: str, lang: str) -> frozenset[str]:
    """Normal forms of every pymorphy3 parse of ``word`` (lower case, ё → е, ’ → ')."""
    w = word.lower().replace("’", "'").replace("ʼ", "'")
    forms = {p.normal_form.replace("ё", "е") for p in morph.parses(w, lang)}
    forms.add(w.replace("ё", "е"))
    return frozenset(forms)


def _rank_bases(lemma: str) -> tuple[str, ...]:
    """The plain rank lemmas an old, folk or diminutive one is made from, by derivation (no word list):
    a diminutive «-очка» of «-ка» («шестерочка», «семерочка», uk «сімочка» → «-ка»), «-ечка»/«-єчка» after a
    vowel of «-йка» («двоечка», «троечка», uk «двієчка» → «двойка», «тройка», «двійка»), and the old and folk
    «ось-»/«ос-» of «вось-» (pre-1918 «осьмерка», «осмерка», as «осьмой», «осьмнадцать») — each also with both."""
    out = [lemma]
    if lemma.startswith(("осьм", "осм")):
        out.append("восьм" + lemma[4 if lemma[2] == "ь" else 3:])
    for w in list(out):
        if w.endswith("очка") and len(w) > 6:
            out.append(w[:-4] + "ка")
        elif w.endswith(("ечка", "єчка")) and len(w) > 5 and w[-5] in "оиі":
            out.append(w[:-4] + "йка")
    return tuple(out[1:])


def _word_rank(word: str, lang: str) -> int | None:
    table = _RANK_LEMMAS.get(lang, _RANK_LEMMAS["ru"])
    forms = _lemmas(word, lang)
    for f in forms:
        if f in table:
            return table[f]
    for f in forms:
        for b in _rank_bases(f):
            if b in table:
                return table[b]
    return None
