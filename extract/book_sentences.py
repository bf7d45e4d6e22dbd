"""The sentences of one game text of the book 004, read once for the example finder
(:mod:`pasyans.extract.book_examples`) and the alias finder (:mod:`pasyans.extract.book_aliases`).

:func:`read` takes the shared annotated ``Doc`` of the text (:func:`pasyans.extract.nlp.doc`:
tokenised and lemmatised once, whoever asks first), runs the book's cue patterns over it once
(:func:`matcher`: spaCy ``Matcher`` patterns on lemmas, lower-case forms and punctuation, matched by
:class:`pasyans.extract.matcher.Matcher`) and gives each sentence (the project's one splitter,
:func:`pasyans.extract.nlp.sentences`) as a span of that ``Doc`` with the matches inside it. Nothing is copied per sentence (no ``Span.as_doc()``) and nothing is re-tokenised.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from .matcher import Matcher
from .nlp import doc as shared_doc, sentences

if TYPE_CHECKING:
    from .textdoc import Span


@lru_cache(maxsize=1)
def matcher():
    """The Matcher of the book's cue patterns: ``EXAMPLE`` («На примере», «Пример», «На раскладе:»),
    ``NAMING`` («называют», «другое название», «известная также как»), ``GLOSS`` («(швабра — англ.)»)."""
    m = Matcher()
    m.add("EXAMPLE", [
        [{"LOWER": {"IN": ["на", "в"]}}, {"LEMMA": "пример"}],
        [{"LEMMA": "пример"}],
        [{"LOWER": {"IN": ["на", "в"]}}, {"LEMMA": "расклад"}, {"ORTH": ":"}],
    ])
    m.add("NAMING", [
        [{"LEMMA": {"IN": ["называть", "назвать", "называться", "именовать"]}}],
        [{"LEMMA": "другой"}, {"LEMMA": "название"}],
        [{"LOWER": "под"}, {"LEMMA": "название"}],
        [{"LEMMA": "известный"}, {"LOWER": "также"}, {"LOWER": {"IN": ["как", "под"]}}],
    ])
    # and every alias cue the plain-text reader knows (segment_cues.json ALIAS / ALIAS_CAP rows: «также
    # известен как», «иначе», «носит название», «его прозвали» …); a quoted, capitalised name after it is taken
    from .article_text import cues

    m.add("NAMING", [row["pattern"] for row in cues()["patterns"] if row["name"] in ("ALIAS", "ALIAS_CAP")])
    m.add("GLOSS", [[{"ORTH": "("}, {"IS_ALPHA": True, "OP": "+"}, {"ORTH": "—"}, {"LOWER": "англ"}]])
    return m


@dataclass
class Sentence:
    """One sentence of a game text: characters ``[start, end)`` of the text; ``span`` its tokens
    in the shared ``Doc`` (``None`` when no token boundary fits, which the finders skip); ``matches``
    the cue matches inside it, ``(label, first token, end token)`` counted from the span's start.
    The span is the shared ``Doc``'s: token ``i`` and ``idx`` count from the whole text (use
    ``tok.i - span.start`` and ``tok.idx - span.start_char`` within the sentence)."""

    start: int
    end: int
    span: "Span | None"
    matches: list[tuple[str, int, int]]


def read(text: str) -> list[Sentence]:
    """Every sentence of the cleaned game ``text`` (:func:`pasyans.extract.nlp.sentences`), in order, with its span of
    the shared ``Doc`` and its cue matches (one ``Matcher`` run over the whole text)."""
    d = shared_doc(text, "ru")
    found = matcher()(d)  # the Matcher's order, kept per sentence
    out: list[Sentence] = []
    for a, b in sentences(text):
        span = d.char_span(a, b, alignment_mode="expand")
        inside = [] if span is None else [(label, s - span.start, e - span.start) for label, s, e in found
                                          if s >= span.start and e <= span.end]
        out.append(Sentence(a, b, span, inside))
    return out
