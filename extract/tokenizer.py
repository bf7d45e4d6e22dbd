"""The project's tokenizer: a text cut into tokens exactly as spaCy's blank Russian and Ukrainian
tokenizers cut it, without importing spaCy (≈ 1 s of start-up a build no longer pays).

The rules are spaCy's, kept as data in ``pasyans/data/tokenizer.json`` (written from the installed
spaCy by ``scripts/tokenizer_data.py``; ``tests/test_tokenizer.py`` checks that the data is still
spaCy's and that the tokens are the same over the corpus, the Aisleriot pages and the fixtures). The
algorithm is spaCy's (``Tokenizer.__call__``): the text is cut at whitespace — one space after a
token belongs to it, other whitespace is a token of its own —, and each piece is, unless it is a
special case, stripped of prefixes and suffixes (a special case or a URL stops the stripping), then
split at infixes. A piece's tokens are cached per process (pieces repeat: words, punctuation).

:func:`tokenize` returns ``(form, start)`` pairs: the token's text and its character offset in the
text (spaCy's ``tok.text`` and ``tok.idx``). Raises ``ValueError`` for a language other than
``"ru"``/``"uk"``.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

LANGUAGES = ("ru", "uk")
_RUNS = re.compile(r"(\S+) ?|(\s+)")
"""A run of non-space characters with the one space after it (that space is the token's whitespace,
not a token), or a run of whitespace (``\\s`` is ``str.isspace``, as spaCy splits)."""


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(resources.files("pasyans").joinpath("data/tokenizer.json").read_text("utf-8"))


class _Rules:
    """The compiled rules of one language (see the module doc)."""

    def __init__(self, lang: str):
        data = _data()
        self.prefix = re.compile(data["prefix"]).search
        self.suffix = re.compile(data["suffix"]).search
        self.infix = re.compile(data["infix"]).finditer
        self.url = re.compile(data["url"]).match if data.get("url") else None
        self.specials: dict[str, list[str]] = data["specials"][lang]
        self.cache: dict[str, tuple[str, ...]] = {}
        self.phrases: dict[tuple[str, ...], str] = {}
        """The special cases that prefixes, suffixes, infixes or spaces would cut: their pieces'
        tokens (cut without special cases) → the special case (spaCy's ``_special_matcher``)."""
        for case in self.specials:
            if " " in case or self.prefix(case) or self.suffix(case) or next(self.infix(case), None):
                self.phrases[tuple(form for form, _ in self.tokens(case, specials=False))] = case
        self.firsts: dict[str, tuple[int, ...]] = {}
        """A phrase's first token → the lengths of the phrases it begins."""
        for k in self.phrases:
            self.firsts[k[0]] = tuple(sorted({*self.firsts.get(k[0], ()), len(k)}))

    def piece(self, s: str) -> tuple[str, ...]:
        """The tokens of one piece of text between whitespace (cached)."""
        got = self.cache.get(s)
        if got is None:
            got = self.specials.get(s)
            got = tuple(got) if got is not None else self._split(s, self.specials)
            if len(self.cache) < 200_000:
                self.cache[s] = got
        return got

    def tokens(self, text: str, specials: bool = True) -> list[tuple[str, int]]:
        """``(form, start)`` of the tokens of ``text`` (see the module doc); ``specials=False``: no
        special case applied (how spaCy cuts a special case to find it later in a text)."""
        piece = self.piece if specials else (lambda s: self._split(s, {}))
        out: list[tuple[str, int]] = []
        append = out.append
        for m in _RUNS.finditer(text):  # a run of non-space characters and the one space after it, or whitespace
            s = m.group(1) or m.group(2)
            at = m.start()
            got = piece(s)
            if len(got) == 1:
                append((s, at))
                continue
            for form in got:
                append((form, at))
                at += len(form)
        return self._join_phrases(text, out) if specials and self.phrases else out

    def _join_phrases(self, text: str, toks: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """Special cases that cutting split («см.» after «(», «):») put back as spaCy's
        ``_apply_special_cases`` does: every run of tokens spelling a special case's pieces is a
        candidate; the longest first (then the leftmost) win, a token taken or passed over by a
        longer one is not used again; a run is replaced by the case's tokens when its text (the
        spaces between included) is the case."""
        firsts, phrases = self.firsts, self.phrases
        found: list[tuple[int, int]] = []
        forms = [f for f, _ in toks]
        for i, f in enumerate(forms):
            lengths = firsts.get(f)
            if lengths is not None:
                found.extend((i, i + n) for n in lengths if i + n <= len(forms) and tuple(forms[i:i + n]) in phrases)
        if not found:
            return toks
        found.sort(key=lambda se: (se[0] - se[1], se[0]))  # longest first, then leftmost
        seen: set[int] = set()
        chosen = []
        for a, b in found:
            if seen.isdisjoint(range(a, b)):
                chosen.append((a, b))
            seen.update(range(a, b))
        out: list[tuple[str, int]] = []
        k = 0
        for a, b in sorted(chosen):
            out.extend(toks[k:a])
            start = toks[a][1]
            case = text[start: toks[b - 1][1] + len(toks[b - 1][0])]
            if case in self.specials:
                at = start
                for form in self.specials[case]:
                    out.append((form, at))
                    at += len(form)
            else:
                out.extend(toks[a:b])
            k = b
        out.extend(toks[k:])
        return out

    def _split(self, s: str, specials: dict) -> tuple[str, ...]:
        prefixes: list[str] = []
        suffixes: list[str] = []
        last = -1
        while s and len(s) != last:
            if s in specials:
                break
            last = len(s)
            m = self.prefix(s)
            pre = m.end() - m.start() if m else 0
            if pre:
                prefix, minus_pre = s[:pre], s[pre:]
                if minus_pre and minus_pre in specials:
                    s = minus_pre
                    prefixes.append(prefix)
                    break
            m = self.suffix(s[pre:])
            suf = m.end() - m.start() if m else 0
            if suf:
                suffix, minus_suf = s[-suf:], s[:-suf]
                if minus_suf and minus_suf in specials:
                    s = minus_suf
                    suffixes.append(suffix)
                    break
            if pre and suf and pre + suf <= len(s):
                s = s[pre:-suf]
                prefixes.append(prefix)
                suffixes.append(suffix)
            elif pre:
                s = minus_pre
                prefixes.append(prefix)
            elif suf:
                s = minus_suf
                suffixes.append(suffix)
            if s in specials:
                break
        out = prefixes
        if s:
            if s in specials:
                out.extend(specials[s])
            elif self.url and self.url(s):
                out.append(s)
            else:
                start = 0
                for m in self.infix(s):
                    a, b = m.start(), m.end()
                    if a == 0:
                        continue  # an infix at the very start is no split (spaCy's start_before_infixes)
                    if a != start:
                        out.append(s[start:a])
                    if a != b:
                        out.append(s[a:b])
                    start = b
                if s[start:]:
                    out.append(s[start:])
        out.extend(reversed(suffixes))
        return tuple(out)


@lru_cache(maxsize=2)
def rules(lang: str) -> _Rules:
    """The compiled rules of ``lang`` (one per process). Raises ``ValueError`` for another language."""
    if lang not in LANGUAGES:
        raise ValueError(f"no tokenizer for language {lang!r}")
    return _Rules(lang)


def tokenize(text: str, lang: str = "ru") -> list[tuple[str, int]]:
    """``(form, start)`` of every token of ``text``, in order (see the module doc)."""
    return rules(lang).tokens(text)
