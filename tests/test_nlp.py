"""The shared NLP set-up (pasyans.extract.nlp): lemmas, numbers, sentences and the cached Doc, on
sentences of the corpus."""

from __future__ import annotations

import subprocess
import sys

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


def test_spacy_loads_without_its_command_line_which_still_imports_later():
    code = ("import sys\n"
            "from pasyans.extract import nlp\n"
            "d = nlp.doc('Туз кладут на короля.', 'ru')\n"
            "assert 'spacy.cli' not in sys.modules and 'spacy.cli.info' not in sys.modules\n"
            "assert [t.lemma_ for t in d] == ['туз', 'класть', 'на', 'король', '.']\n"
            "import spacy.cli\n"
            "from spacy.cli.info import info\n"
            "assert spacy.cli.info is info and callable(spacy.info)\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_matcher_finds_what_spacys_matcher_finds_and_skips_texts_no_pattern_can_match(corpus):
    from spacy.matcher import Matcher as SpacyMatcher

    from pasyans.extract import article_text, book_sentences

    patterns = {"CUE": [row["pattern"] for row in article_text.cues()["patterns"]],
                "TEN": [[{"LOWER": "Десять"}], [{"ORTH": "карт", "OP": "+"}, {"LEMMA": "колода"}]],
                "ANY": [[{"IS_ALPHA": True}, {"LOWER": {"IN": ["туза", "короля"]}, "OP": "?"}]]}
    for name, pats in patterns.items():
        ours, theirs = nlp.new_matcher("ru"), SpacyMatcher(nlp.pipeline("ru").vocab)
        unordered = nlp.new_matcher("ru", any_order=True)
        for m in (ours, theirs, unordered):
            m.add(name, pats)
            m.add(name + "2", pats[:1])
        skipped = 0
        for line in corpus["003"].lines[:400] + ["Десять карт колоды.", "ДЕСЯТЬ", ""]:
            d = nlp.doc(line, "ru")
            assert ours(d) == theirs(d), (name, line)
            assert sorted(unordered(d)) == sorted(theirs(d)), (name, line)
            skipped += not ours.can_match(d)
        assert (skipped > 100) == (name != "ANY"), name   # a pattern asking nothing of a word always runs
    _nlp, book = book_sentences.matcher()
    d = nlp.doc(corpus["004"].text[:20000], "ru")
    assert book(d) and book(d) == book._matcher(d)


def test_token_table_gives_what_reading_the_tokens_gives(corpus):
    text = corpus["003"].text[:6000] + "\n«Салическій законъ» — будь-якою картою, [6] 104 листа."
    for lang in ("ru", "uk"):
        d = nlp.doc(text, lang)
        forms, starts, words = nlp.token_table(d)
        assert forms == [t.text for t in d] and starts == [t.idx for t in d]
        assert [w.lemma for w in words] == [t.lemma_ for t in d]
        assert [w.pos == "SPACE" for w in words] == [t.is_space for t in d]
    assert nlp.token_table(nlp.doc("", "ru")) == ([], [], [])


def test_like_num_is_spacys_own_with_its_words_in_a_set():
    import spacy.lang.ru.lex_attrs as ru
    import spacy.lang.uk.lex_attrs as uk
    from spacy.attrs import LIKE_NUM

    for lang, mod in (("ru", ru), ("uk", uk)):
        ours = nlp.pipeline(lang).vocab.lex_attr_getters[LIKE_NUM]
        assert ours is not mod.like_num and isinstance(ours.__globals__["_num_words"], frozenset)
        forms = list(mod._num_words) + [w.title() for w in mod._num_words] + [
            "+5", "12%", "1/2", "1/x", "1,5", "~3", "карты", "Три", "XIV", "x", ""]
        assert [ours(w) for w in forms] == [mod.like_num(w) for w in forms]
    assert nlp.doc("Двадцать карт", "ru")[0].like_num and not nlp.doc("Двадцать карт", "ru")[1].like_num
