"""The move reader on issue 13's families, with sentences of the moves17 sample (tests/fixtures/moves17/, tuned
half) and others of the same kinds written for these tests: the space as the subject of a verb of filling in any
voice, person and aspect, the card after the verb filling it («Окно справа от ♣7 может быть занято только ♣8»,
pre-1918 «Освободившееся мѣсто занято валетомъ бубенъ»); a rank named, then its cards after a colon («заполняют
двойкой: ♠2 либо ♥2»)."""

from extract.moves import parse_moves
from extract.orthography import modernize_mapped
from extract.text import MappedText


def _moves(text, lang, notation="symbol", old=False):
    mt = MappedText.from_lines([text], 1)
    if old:
        mt = modernize_mapped(mt)
    return [([c.format() for c in m.cards], m.to, sorted(m.flags & {"prohibited", "alternative"}))
            for m in parse_moves(mt, "t", notation, lang).moves]


def test_the_space_as_subject_the_card_after_the_verb():
    # moves17_ru_book_windows.txt line 5: a passive with «может быть», the card after it
    assert _moves("Окно справа от ♣7 может быть занято только ♣8.", "ru") == [(["8C"], "space", [])]
    # moves17_ru_pre1918_fortress.txt line 7: a bare short form, the card in the instrumental; where it comes from
    assert _moves("Освободившееся мѣсто занято валетомъ бубенъ изъ шестого ряда.", "ru", "words", old=True) == [
        (["JD"], "space", [])]
    # an active verb, the card its subject; a reflexive passive; a perfect passive participle
    assert _moves("Пробел после ♦2 тут же получает ♦3.", "ru") == [(["3D"], "space", [])]
    assert _moves("Пробел заполнен ♣8.", "ru") == [(["8C"], "space", [])]
    assert _moves("Пустое место занимает ♣8.", "ru") == [(["8C"], "space", [])]
    # uk: an impersonal «-но» form, a verb in the 3rd person
    assert _moves("Порожнє місце зайнято королем пік.", "uk", "words") == [(["KS"], "space", [])]
    assert _moves("Вікно після 5♥ займає 6♥.", "uk") == [(["6H"], "space", [])]
    # the cards that say which space it is move nowhere; alternatives after «либо … либо»
    assert _moves("Пробел, оставленный ♥В, можно заполнить либо ♣4, либо ♠2.", "ru") == [
        (["4C"], "space", ["alternative"]), (["2S"], "space", ["alternative"])]


def test_the_space_named_in_a_clause_before_its_predicate():
    # moves17_ru_book_windows.txt line 7
    assert _moves("Окно, освободившееся от ♣8, можно занять ♥6.", "ru") == [(["6H"], "space", [])]
    # a clause of another sentence does not lend its space
    assert _moves("Окно освободилось. Потом ♥6 можно положить на ♥7.", "ru") == [(["6H"], "7H", [])]


def test_a_space_noun_that_names_a_cell():
    assert _moves("Наприклад, вільну клітинку займає бубнова сімка; пізніше її повертають у розклад на пікову "
                  "вісімку.", "uk", "words") == [(["7D"], "cell", []), (["7D"], "8S", [])]


def test_an_attributive_participle_is_no_predicate():
    assert _moves("Занятое место освободилось, ♣8 ушла на ♦9.", "ru")[-1] == (["8C"], "9D", [])


def test_a_rank_then_its_cards_after_a_colon():
    # moves17_ru_book_windows.txt line 6
    assert _moves("Окно в начале второго ряда заполняют двойкой: ♠2 либо ♥2.", "ru") == [
        (["2S"], "space", ["alternative"]), (["2H"], "space", ["alternative"])]
    # a list of another rank is no apposition
    assert _moves("Пробел заполняют двойкой: ♠3 лежит рядом.", "ru") == []
