"""Names after a verb of naming (``naming_verbs`` of pasyans/data/segment_cues.json): every verb of the
group in every frame written for one, a relative or inverted subject, and the instrumental of an unknown
word put in the nominative (extract/name_case.py)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from pasyans.corpus import Source
from pasyans.extract.article_text import cues
from pasyans.extract.headings import nominative
from pasyans.pipeline import segment

NV = cues()["naming_verbs"]


def _aliases(sentence: str, lang: str) -> list[str]:
    title = "Верблюд" if lang == "ru" else "Вітряк"
    text = f"Пасьянс «{title}»\n{sentence} Карты кладут на старшую карту по одной, от короля до туза.\n"
    src = Source(id="t00", file="p.txt", language=lang, orthography="modern", kind="article", title="p",
                 sha256=hashlib.sha256(text.encode()).hexdigest(), path=Path("p.txt"), text=text,
                 segmenter="headings", notation="words")
    return [a.name for g in segment(src).games if not g.fragment for a in g.aliases]


@pytest.mark.parametrize("sentence, lang, alias", NV["examples"], ids=[e[0][:40] for e in NV["examples"]])
def test_a_name_after_a_verb_of_naming_is_an_alias_in_the_nominative(sentence, lang, alias):
    assert alias in _aliases(sentence, lang)


@pytest.mark.parametrize("sentence, lang", NV["not_aliases"], ids=[e[0][:40] for e in NV["not_aliases"]])
def test_a_name_given_to_a_card_or_denied_is_no_alias(sentence, lang):
    assert _aliases(sentence, lang) == []


@pytest.mark.parametrize("printed, lang, want", [
    ("Клондайком", "ru", "Клондайк"),   # unknown to the dictionary: its instrumental ending read
    ("Ідлером", "uk", "Ідлер"),
    ("Spider", "ru", "Spider"),          # no guess in the instrumental: as written
    ("Вітряком-одинаком", "uk", "Вітряк-одинак"),
    ("Пасьянс-косынка", "ru", "Пасьянс-косынка"),
])
def test_an_unknown_word_after_a_verb_of_naming_is_put_in_the_nominative_by_its_ending(printed, lang, want):
    assert nominative(printed, lang, "nomn", "ablt") == want


def test_without_the_governed_case_an_unknown_word_stays_as_written():
    assert nominative("Клондайком", "ru", "nomn") == "Клондайком"
