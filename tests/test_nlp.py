"""The shared NLP set-up (pasyans.extract.nlp): lemmas, numbers, sentences and the cached Doc, on
sentences of the corpus."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pasyans.extract import nlp


def test_pre_reform_words_fold_to_modern_lemmas():
    # 002 line 23: «ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.»; line 11: «основныя карты восемь тузовъ … тотчасъ-же»
    assert [nlp.lemma(w) for w in ["ДВђ", "ПОЛНЫХЪ", "КОЛОДЫ", "КАРТЪ"]] == ["два", "полный", "колода", "карта"]
    assert nlp.lemma("тузовъ") == "туз" and nlp.lemma("основныя") == "основной"
    assert nlp.lemma("перваго") == "первый"
    assert nlp.fold("Салическій законъ") == "Салический закон"


def test_numbers_and_ordinals_by_lemma():
    assert nlp.word("восемь").num == 8 and nlp.word("восемь").tag == "NUM"
    assert nlp.word("104").num == 104 and nlp.word("104").pos == "NUM"
    assert nlp.word("обидва", "uk").num == 2
    assert nlp.word("п’ять", "uk").num == 5  # the apostrophe of 000 is ’
    assert nlp.word("восьмій", "uk").ordinal == 8 and nlp.word("восьмій", "uk").num is None
    assert nlp.word("рядов").lemma == "ряд" and nlp.word("рядов").case == "gent"
    assert nlp.word("повні", "uk").pos == "ADJ"  # pymorphy3 reads it as the noun «повня»


def test_sentences_of_003_keep_abbreviations_inside():
    # 003 line 37: «… перед первым перемещением, т. е. с самого начала. В любой момент …»
    text = ("Избранный порядок должен быть установлен перед первым перемещением, т. е. с самого начала. "
            "В любой момент любая свободная карта или карта из \"подвала\" может быть переложена в ряд тузов.")
    spans = nlp.sentences(text)
    assert [text[a:b] for a, b in spans] == [
        "Избранный порядок должен быть установлен перед первым перемещением, т. е. с самого начала.",
        "В любой момент любая свободная карта или карта из \"подвала\" может быть переложена в ряд тузов."]


def test_sentences_cut_at_paragraphs_and_headings_and_join_broken_lines():
    text = ("Игра.\n\nБерутъ изъ пачки въ двђ колоды короля и кладутъ его\nдля начала ряда. "
            "Этот пасьянс раскладывается подобно «Часам» (см. с. 23), но он совсем другой.\nКАК ИГРАТЬ\nКарты кладут.")
    got = [text[a:b] for a, b in nlp.sentences(text)]
    assert got == ["Игра.", "Берутъ изъ пачки въ двђ колоды короля и кладутъ его\nдля начала ряда.",
                   "Этот пасьянс раскладывается подобно «Часам» (см. с. 23), но он совсем другой.",
                   "КАК ИГРАТЬ", "Карты кладут."]
    # a card before the full stop is no initial: «♦Т.» ends the sentence
    assert len(nlp.sentences("Положим, изъят ♦Т. Следующей картой будет ♥Т.")) == 2


def test_doc_is_shared_and_annotated(corpus):
    src = corpus["000"]
    line = src.lines[5]  # «Правило 1. Дві повні колоди карт (104 листа) … о восьмій горизонтальних рядів …»
    assert line.startswith("Правило 1. Дві повні колоди карт (104 листа)")
    d = nlp.doc(line, "uk")
    assert nlp.doc(line, "uk") is d
    toks = {t.text: t for t in d}
    assert toks["104"]._.num == 104 and toks["104"].tag_ == "NUM"
    assert toks["колоди"].lemma_ == "колода" and toks["колоди"].pos_ == "NOUN"
    assert toks["восьмій"]._.ordinal == 8
    assert toks["повні"].pos_ == "ADJ"


def test_doc_reads_line_ends_as_spaces_and_blanks_footnote_marks():
    text = "образуютъ собою\nталонъ[7]. Затђмъ берутъ"
    d = nlp.doc(text, "ru")
    words = [t for t in d if not t.is_space]
    assert [t.lemma_ for t in words] == ["образовать", "себя", "талон", ".", "затем", "брать"]
    # offsets index the text as given
    assert all(text[t.idx: t.idx + len(t.text)] == t.text for t in words)
    assert [text[s.start_char: s.end_char] for s in nlp.sents(d)] == [
        "образуютъ собою\nталонъ[7].", "Затђмъ берутъ"]


def test_forget_drops_docs_not_words():
    d = nlp.doc("Карты кладут.", "ru")
    nlp.forget()
    assert nlp.doc("Карты кладут.", "ru") is not d
    assert nlp.word("кладут") is nlp.word("кладут")


def test_a_source_of_a_thousand_games_keeps_every_doc_until_forgotten():
    """Tester T13: segmentation annotates every game of a source, then the rules read them in the
    same order; with the cache bounded at 512 docs a source of a thousand games had each one's doc
    dropped before the rules came to it (annotated twice). Bounded by characters now: none is."""
    nlp.forget()
    texts = [f"Пасьянс номер {i}. Тузы кладут на базу, короли в ряд." for i in range(1200)]
    first = [nlp.doc(t, "ru") for t in texts]
    assert all(nlp.doc(t, "ru") is d for t, d in zip(texts, first))
    nlp.forget()
    assert nlp.doc(texts[0], "ru") is not first[0]


def test_reading_imports_no_spacy():
    code = ("import sys\n"
            "from pasyans.extract import nlp, book_sentences, article_text\n"
            "from pasyans.extract.moves import parse_moves\n"
            "d = nlp.doc('Туз кладут на короля. На примере: даму кладут на короля.', 'ru')\n"
            "assert [t.lemma_ for t in d][:5] == ['туз', 'класть', 'на', 'король', '.']\n"
            "assert book_sentences.matcher()(d) == [('EXAMPLE', 5, 7), ('EXAMPLE', 6, 7)]\n"
            "article_text.matches(d, 'ru')\n"
            "parse_moves('даму червей на короля пик', 't', 'words', 'ru')\n"
            "assert not [m for m in sys.modules if m.split('.')[0] in ('spacy', 'thinc')]\n")
    subprocess.run([sys.executable, "-c", code], check=True)


_VOCABS: dict = {}


def _spacy_doc(d):
    """spaCy's Doc of the same tokens, lemmas and norms as our Doc ``d``."""
    import spacy
    from spacy.tokens import Doc

    vocab = _VOCABS.get(d.lang) or _VOCABS.setdefault(d.lang, spacy.blank(d.lang).vocab)
    sd = Doc(vocab, words=d.forms, spaces=[bool(t.whitespace_) for t in d])
    for t, lemma, norm in zip(sd, d.column("LEMMA"), d.column("NORM")):
        t.lemma_, t.norm_ = lemma, norm
    return sd


def _theirs(patterns: dict, d) -> list[tuple[str, int, int]]:
    from spacy.matcher import Matcher as SpacyMatcher

    sd = _spacy_doc(d)
    kept, m = _MATCHERS.get((id(patterns), d.lang), (None, None))
    if kept is not patterns:
        m = SpacyMatcher(sd.vocab)
        for label, pats in patterns.items():
            m.add(label, pats)
        _MATCHERS[(id(patterns), d.lang)] = (patterns, m)
    return [(sd.vocab.strings[k], s, e) for k, s, e in m(sd)]


_MATCHERS: dict = {}  # (id of a patterns dict, language) → (the dict, kept alive; spaCy's Matcher of it)


def _ours(patterns: dict):
    m = nlp.new_matcher()
    for label, pats in patterns.items():
        m.add(label, pats)
    return m


def test_matcher_finds_what_spacys_matcher_finds(corpus):
    from pasyans.extract import article_text, book_sentences
    from pasyans.extract.moves import lexicon

    cues = {}
    for row in article_text.cues()["patterns"]:
        cues.setdefault(row["name"], []).append(row["pattern"])
    extra = {"TEN": [[{"LOWER": "Десять"}], [{"ORTH": "карт", "OP": "+"}, {"LEMMA": "колода"}]],
             "ANY": [[{"IS_ALPHA": True}, {"LOWER": {"IN": ["туза", "короля"]}, "OP": "?"}]],
             "TITLE": [[{"IS_TITLE": True, "OP": "+"}, {"ORTH": {"NOT_IN": [",", "."]}}]]}
    book = book_sentences.matcher()
    texts = corpus["003"].lines[:300] + ["Десять карт карт колоды.", "ДЕСЯТЬ", ""]
    found = 0
    for line in texts:
        d = nlp.doc(line, "ru")
        for patterns in (cues, extra):
            theirs = _theirs(patterns, d)
            assert sorted(_ours(patterns)(d)) == sorted(theirs), line
            found += len(theirs)
    assert found > 300
    # the book's patterns have no optional element: the same matches in the same order
    d = nlp.doc(corpus["004"].text[:30000], "ru")
    ours = book(d)
    assert {label for label, _, _ in ours} >= {"EXAMPLE", "NAMING"}
    assert ours == _theirs(_book_patterns(), d)
    # the move cues: on a Doc of given words, lemmas and norms («¶» ends the text)
    from pasyans.extract.textdoc import Doc

    words = ["кладем", "CARD", "на", "CARD", ",", "в", "пустую", "¶"]
    md = Doc.of_words(words, ["класть", "card", "на", "card", ",", "в", "пустой"], ["VERB", "CARD", "PREP", "CARD", "", "PREP", "ADJF-ACCS"])
    multi = dict(lexicon._MULTI)
    assert sorted(lexicon.cue_matcher("ru")(md)) == sorted(_theirs(multi, md))
    assert _theirs(multi, md)


def _book_patterns() -> dict:
    from pasyans.extract import book_sentences

    return {label: [list(map(_element, els)) for els in pats] for label, pats in _patterns_of(book_sentences.matcher()).items()}


def _patterns_of(m) -> dict:
    out: dict = {}
    for label, els in m._patterns:
        out.setdefault(label, []).append(els)
    return out


def _element(el) -> dict:
    d = {}
    for attr, kind, value in el.tests:
        d[attr] = value if kind in ("eq", "flag") else {kind.upper(): sorted(value)}
    if el.op != "1":
        d["OP"] = el.op
    return d


def test_matcher_counts_a_span_from_its_start_and_refuses_unknown_attributes():
    d = nlp.doc("Карты кладут на короля. На примере видно.", "ru")
    m = _ours({"EX": [[{"LOWER": "на"}, {"LEMMA": "пример"}]]})
    assert m(d) == [("EX", 5, 7)]
    assert m(d[5:9]) == [("EX", 0, 2)]
    with pytest.raises(ValueError, match="SHAPE"):
        nlp.new_matcher().add("X", [[{"SHAPE": "xxx"}]])


def test_token_table_gives_what_reading_the_tokens_gives(corpus):
    text = corpus["003"].text[:6000] + "\n«Салическій законъ» — будь-якою картою, [6] 104 листа."
    for lang in ("ru", "uk"):
        d = nlp.doc(text, lang)
        forms, starts, words = nlp.token_table(d)
        assert forms == [t.text for t in d] and starts == [t.idx for t in d]
        assert [w.lemma for w in words] == [t.lemma_ for t in d]
        assert [w.pos == "SPACE" for w in words] == [t.is_space for t in d]
    assert nlp.token_table(nlp.doc("", "ru")) == ([], [], [])


def test_like_num_is_spacys_own():
    import spacy.lang.ru.lex_attrs as ru
    import spacy.lang.uk.lex_attrs as uk

    from pasyans.extract.textdoc import like_num

    for lang, mod in (("ru", ru), ("uk", uk)):
        forms = list(mod._num_words) + [w.title() for w in mod._num_words] + [
            "+5", "12%", "1/2", "1/x", "1,5", "~3", "карты", "Три", "XIV", "x", ""]
        assert [like_num(w, lang) for w in forms] == [mod.like_num(w) for w in forms]
    assert nlp.doc("Двадцать карт", "ru")[0].like_num and not nlp.doc("Двадцать карт", "ru")[1].like_num
