"""Pre-1918 spelling → modern, on the words of source 002 (pre-reform; ѣ printed as «ђ»)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pasyans.extract.orthography import (
    known_word_share,
    modernize,
    modernize_mapped,
    modernize_word,
)
from pasyans.extract.text import MappedText


@pytest.mark.parametrize(
    "old, new",
    [
        ("Салическій законъ.", "Салический закон."),  # line 17: і → и, final ъ before a full stop
        ("двђ колоды", "две колоды"),  # line 7: ђ (= ѣ) → е
        ("основныя карты", "основные карты"),  # line 9: -ыя → -ые (adjective plural)
        ("въ восходящемъ порядкђ", "в восходящем порядке"),  # line 9
        ("ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "ДВЕ ПОЛНЫХ КОЛОДЫ КАРТ."),  # line 23: capitals kept around a small ђ
        ("На этого перваго короля", "На этого первого короля"),  # line 7: -аго → -ого
        ("на послђдняго короля", "на последнего короля"),  # line 7: -яго → -его
        ("начиная съ верхняго угла", "начиная с верхнего угла"),  # line 33
        ("на средняго туза", "на среднего туза"),  # line 59
        ("нижнія карты освобождаются", "нижние карты освобождаются"),  # line 27: -ія → -ие
        ("подходящія карты", "подходящие карты"),  # line 39
        ("чрезъ снятіе тђхъ картъ", "через снятие тех карт"),  # line 27: чрезъ → через
        ("въ томъ видђ какъ онђ выходятъ", "в том виде как они выходят"),  # line 39: онѣ → они
        ("тотчасъ-же", "тотчас-же"),  # line 3: ъ before a hyphen is final
    ],
)
def test_modernize_real_phrases_of_002(old, new):
    assert modernize(old) == new


def test_nouns_in_ija_keep_their_ending():
    # line 11 «въ линію»: a noun, «линие» is no word; line 27 «окончанія» (genitive of окончание)
    assert modernize("положить въ линію") == "положить в линию"
    assert modernize("До окончанія пасьянса") == "До окончания пасьянса"
    assert modernize_word("основанія") == "основания"


def test_prefixes_before_voiceless_consonants_stay_as_written():
    # line 41 «разсматривать»: the reform wrote рассматривать, but we do not over-correct
    assert modernize("тщательно разсматривать содержаніе") == "тщательно разсматривать содержание"


def test_inner_hard_sign_and_non_words_untouched():
    assert modernize_word("объявить") == "объявить"
    assert modernize("[4]. II. 12") == "[4]. II. 12"


def test_mapped_text_keeps_raw_positions(corpus):
    src = corpus["002"]
    mt = MappedText.from_lines(src.lines)
    out = modernize_mapped(mt)
    assert out.text == modernize(src.text)
    # every final ъ/Ъ is dropped with its map entry; «чрезъ» → «через» inserts one letter
    final_hard = len(re.findall(r"[ъЪ](?![А-Яа-яЁёіђѣ])", src.text))
    assert final_hard == 238
    (ins,) = out.inserted
    assert out.text[ins - 1: ins + 4] == "через" and out.line[ins] == 27
    assert len(mt.text) - len(out.text) == final_hard - len(out.inserted)
    # every character maps to the raw character it comes from (old letters to their new form)
    trans = str.maketrans("ђѣіѳѵЂѢІѲѴ", "ееифиЕЕИФИ")
    for i, ch in enumerate(out.text):
        if i in out.inserted or ch == "\n":  # a line break maps to the end of its line
            continue
        raw = src.line(out.line[i])[out.col[i]]
        endings = raw.lower() in "ая" and ch.lower() in "ое"  # -аго/-яго → -ого/-его, -ыя → -ые
        oni = out.text[i - 2: i + 1] == "они"  # «онђ» → «они»
        assert raw.translate(trans).lower() == ch.lower() or endings or oni, (i, ch, raw)
    # «Салическій законъ.» stays on raw line 17, and its full stop keeps its column
    k = out.text.index("Салический закон.")
    assert out.lines_of(k, k + len("Салический закон.")) == (17, 17)
    assert out.col[k + len("Салический закон")] == src.line(17).index(".")


def test_known_word_share_rises_on_002(corpus):
    """Quality figure: words of 002 known to pymorphy3's dictionary, before and after modernizing."""
    src = corpus["002"]
    k0, n0 = known_word_share(src.text)
    k1, n1 = known_word_share(modernize(src.text))
    assert n0 == n1 == 783
    print(f"002 known words: before {k0}/{n0} = {k0 / n0:.1%}, after {k1}/{n1} = {k1 / n1:.1%}")
    assert k0 / n0 < 0.60
    assert k1 / n1 > 0.98


_OLD = st.text(alphabet="абвгдезиклмнопрстуыяъђѣіѳѵ .,-АБВЪЂ", max_size=40)


@settings(max_examples=60, deadline=None)
@given(_OLD)
def test_mapped_equals_plain_and_map_is_consistent(s):
    mt = MappedText.from_lines(s.split("\n"))
    out = modernize_mapped(mt)
    assert out.text == modernize(s)
    assert len(out.text) == len(out.line) == len(out.col)
    assert all(0 <= c < len(s) for c in out.col)
