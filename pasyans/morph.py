"""Morphology: pymorphy3's best parse, cached, for Russian (``"ru"``) and Ukrainian (``"uk"``).

spaCy's blank pipelines leave ambiguous words unlemmatized, so lemmas come from here
(pymorphy3 ``MorphAnalyzer(lang=...).parse(word)[0]``). ``ё`` is folded to ``е`` in lemmas.
"""

from __future__ import annotations

from functools import lru_cache

import pymorphy3


def analyzer(lang: str = "ru") -> pymorphy3.MorphAnalyzer:
    """The pymorphy3 analyzer for ``"ru"`` or ``"uk"`` (loaded once a process, however it is asked
    for: ``analyzer()``, ``analyzer("ru")`` and ``analyzer(lang="ru")`` are one; ~0.1–0.3 s).
    Raises ``ValueError`` for another language."""
    return _analyzer(lang)


@lru_cache(maxsize=None)
def _analyzer(lang: str) -> pymorphy3.MorphAnalyzer:
    if lang not in ("ru", "uk"):
        raise ValueError(f"no morphology for language {lang!r}")
    return pymorphy3.MorphAnalyzer(path=_dictionary_path(lang), lang=lang)


def _dictionary_path(lang: str) -> str | None:
    """The directory of the installed ``pymorphy3-dicts-LANG`` package, or ``None`` (pymorphy3 then
    looks for it itself: its environment variable, then every installed package's entry points,
    which costs ≈ 0.03 s a language)."""
    import importlib
    import os

    if pymorphy3.MorphAnalyzer.DICT_PATH_ENV_VARIABLE in os.environ:
        return None
    try:
        return importlib.import_module(f"pymorphy3_dicts_{lang}").get_path()
    except ImportError:
        return None


@lru_cache(maxsize=200_000)
def parse(word: str, lang: str = "ru"):
    """pymorphy3's best parse of ``word`` (lower-cased), or ``None`` for an empty string or a
    word pymorphy3 cannot analyse (it raises ``ValueError`` on characters with no Unicode name,
    ``UnicodeEncodeError`` — a ``ValueError`` too — on a lone surrogate)."""
    found = parses(word.lower(), lang)
    return found[0] if found else None


@lru_cache(maxsize=200_000)
def parses(word: str, lang: str = "ru") -> tuple:
    """Every pymorphy3 parse of ``word`` (lower-cased), best first, analysed once per process for
    :func:`parse` and for the readers that weigh all of them; ``()`` where :func:`parse` gives ``None``."""
    w = word.lower()
    if not w:
        return ()
    try:
        return tuple(analyzer(lang).parse(w))
    except ValueError:  # pymorphy3 fails on characters without a Unicode name, and on lone surrogates
        return ()


@lru_cache(maxsize=200_000)
def lemma(word: str, lang: str = "ru") -> str:
    """The normal form of ``word`` by pymorphy3's best parse, lower case, ``ё`` → ``е``.

    Words pymorphy3 does not analyse (digits, symbols) come back lower-cased unchanged.
    """
    p = parse(word, lang)
    if p is None:
        return ""
    return p.normal_form.replace("ё", "е")


def is_known(word: str, lang: str = "ru") -> bool:
    """Whether pymorphy3's dictionary knows ``word`` (not only guessed from its ending); a word
    it cannot encode (a lone surrogate) is not known."""
    try:
        return analyzer(lang).word_is_known(word.lower().replace("ё", "е")) or analyzer(lang).word_is_known(word.lower())
    except UnicodeEncodeError:
        return False
