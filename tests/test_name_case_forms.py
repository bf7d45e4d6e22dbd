"""Aliases in an oblique case return to the nominative by the name's own morphology (issue 11, family 6,
extract/name_case.py): uk augmentatives in -исько unknown to the dictionary, and a name that is one
adjective alone (a possessive «Бабушкин»), after a verb of naming that governs the instrumental."""

from __future__ import annotations

import pytest

from pasyans.extract.article_aliases import text_aliases
from pasyans.extract.name_case import nominative
from pasyans.extract.text import MappedText


@pytest.mark.parametrize("printed, lang, nominal", [
    ("Павучиськом", "uk", "Павучисько"),   # unknown word: was «Павучиськ» (a guessed masculine)
    ("Ведмедиськом", "uk", "Ведмедисько"),
    ("Бабушкиным", "ru", "Бабушкин"),       # a possessive adjective: was as printed
    ("Бабусиним", "uk", "Бабусин"),
    ("Свободной", "ru", "Свободная"),       # an adjective keeps its own gender
    ("Клондайком", "ru", "Клондайк"),
    ("Spider", "uk", "Spider"),
])
def test_an_instrumental_name_goes_back_to_the_nominative(printed, lang, nominal):
    assert nominative(printed, lang, "nomn", unknown_case="ablt") == nominal


@pytest.mark.parametrize("sentence, lang, alias", [
    ("Дід цей пасьянс звав «Павучиськом», бо він довгий. Беруть дві колоди.", "uk", "Павучисько"),
    ("В деревне этот пасьянс называли «Бабушкиным». Берут одну колоду.", "ru", "Бабушкин"),
])
def test_an_alias_after_a_verb_of_naming_is_stored_in_the_nominative(sentence, lang, alias):
    got = [a.name for a in text_aliases(MappedText.from_lines([sentence], 1), lang, "Паук")]
    assert got == [alias]
