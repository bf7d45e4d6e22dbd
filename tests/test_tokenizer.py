"""The project's tokenizer (pasyans.extract.tokenizer) cuts texts exactly as spaCy's blank ru/uk
tokenizers do: the rules it keeps as data are spaCy's, and the tokens are the same over the corpus,
the Aisleriot pages and every fixture text, and on the shapes card texts are written in."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pasyans.extract.tokenizer import _data, tokenize

from .conftest import FIXTURES, ROOT

sys.path.insert(0, str(ROOT / "scripts"))


def _spacy(text: str, lang: str) -> list[tuple[str, int]]:
    return [(t.text, t.idx) for t in _blank(lang).make_doc(text)]


_BLANKS: dict = {}


def _blank(lang: str):
    import spacy

    if lang not in _BLANKS:
        _BLANKS[lang] = spacy.blank(lang)
    return _BLANKS[lang]


def test_the_rules_kept_are_those_of_the_installed_spacy():
    from tokenizer_data import rules  # scripts/tokenizer_data.py writes the data file from spaCy

    assert _data() == json.loads(json.dumps(rules()))


def _texts() -> list[tuple[Path, str]]:
    files = sorted((ROOT / "corpus").glob("*.txt")) + sorted(
        p for p in FIXTURES.rglob("*") if p.is_file() and p.suffix in (".txt", ".md", ".html"))
    return [(p, "uk" if "/uk/" in str(p) or "_uk_" in p.name or p.name.startswith("uk_") else "ru") for p in files]


def test_the_same_tokens_as_spacy_over_the_corpus_aisleriot_and_fixtures():
    texts = _texts()
    assert len(texts) > 250
    tokens = 0
    for path, lang in texts:
        text = path.read_text("utf-8", errors="replace")
        flat = text.replace("\n", " ")  # as the shared Doc reads a text
        for t in (text, flat):
            ours = tokenize(t, lang)
            assert ours == _spacy(t, lang), path.name
            tokens += len(ours)
    assert tokens > 300_000


@pytest.mark.parametrize("text, lang, expected", [
    ("Карты по-\nложить", "ru", ["Карты", "по-", "\n", "ложить"]),
    ("Карты по- ложить", "ru", ["Карты", "по-", "ложить"]),
    ("♦В—♠Д", "ru", ["♦", "В—", "♠", "Д"]),  # the move reader reads cards on characters, not tokens
    ("♦В — ♠Д.", "ru", ["♦", "В", "—", "♠", "Д."]),
    ("кладут 10♠ на В♥,", "ru", ["кладут", "10", "♠", "на", "В", "♥", ","]),
    ("т.е. туз", "ru", ["т.е.", "туз"]),
    ("т. е. туз", "ru", ["т", ".", "е", ".", "туз"]),
    ("ГЛАВА XII.", "ru", ["ГЛАВА", "XII", "."]),
    ("Б53-Б47 и Ч10 - П3", "ru", ["Б53-Б47", "и", "Ч10", "-", "П3"]),
    ("(см. с. 27)", "ru", ["(", "см.", "с.", "27", ")"]),
    ("«(см. рис. 3)»:", "ru", ["«", "(", "см.", "рис", ".", "3", ")", "»", ":"]),  # «см.» put back
    ("(JH): перенесите", "ru", ["(", "JH", "):", "перенесите"]),
    ("п’ять карт, дев'ять", "uk", ["п’ять", "карт", ",", "дев'ять"]),
    ("  два  пробела\t", "ru", ["  ", "два", " ", "пробела", "\t"]),
    ("", "ru", []),
])
def test_tricky_cases_cut_as_spacy_cuts_them(text, lang, expected):
    ours = tokenize(text, lang)
    assert [form for form, _ in ours] == expected
    assert ours == _spacy(text, lang)
    assert all(text[a: a + len(form)] == form for form, a in ours)


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="fr"):
        tokenize("Cartes", "fr")


_PIECES = ["карт", "Туз", "ПОЛНЫХЪ", "т", "е", "см", "рис", "п’ять", "дев'ять", "JH", "XII", "10", "Б53", "♠", "♦",
           "♥", "♣", "В", "Д", ".", ",", ":", ";", "(", ")", "«", "»", "\"", "'", "-", "—", "–", "/", "!", "?", "…",
           "[6]", "*", "%", "+", "=", "°C", "\u00a0", " ", " ", "  ", "\n", "\t", "http://a.ru/x", "a@b.ru", ":-)",
           "\u0301", "\u00ad", "№", "§", "½", "'s", "n't", "¶"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES), max_size=30), st.sampled_from(["ru", "uk"]))
def test_any_mix_of_words_cards_and_punctuation_cuts_as_spacy_cuts_it(pieces, lang):
    text = "".join(pieces)
    assert tokenize(text, lang) == _spacy(text, lang)
