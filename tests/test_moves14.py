"""The move reader on sentences of the moves14 sample (tests/fixtures/moves14/, tuned half): old, folk and
diminutive rank nouns read by derivation from the plain lemma (pre-1918 «осьмерку», «двоечку», uk folk «хлопа»);
a count with «разом» before the cards it lists; a dash after «потім»/«далі» standing for the verb; a pronoun before
a verb that is also a noun (uk «Її кладу»); the card turned up named after a colon («: это восьмерка бубен»)."""

from extract.moves import parse_moves
from extract.rank_words import _word_rank


def _moves(text, lang, context=None):
    return [([c.format() for c in m.cards], m.to) for m in parse_moves(text, "t", "words", lang, context).moves]


def test_old_and_diminutive_rank_nouns_in_any_case():
    assert [_word_rank(w, "ru") for w in ("осьмерку", "осмерка", "осьмёркой", "двоечку", "троечкой",
                                           "шестерочку", "семерочка")] == [8, 8, 8, 2, 3, 6, 7]
    assert [_word_rank(w, "uk") for w in ("хлопа", "хлопом", "вісімку", "двієчку", "сімочку")] == [11, 11, 8, 2, 7]
    # no rank: an eighth of a pound, a dot, a daughter
    assert [_word_rank(w, "ru") for w in ("осьмушку", "точку", "дочку", "печку")] == [None] * 4


def test_pre1918_osmerka_and_dvoechka():
    # moves14_ru_pre1918_klondike.txt line 5 (as normalised): «осьмерку», «на осьмерку — семерку», «Двоечку»
    assert _moves("Например: осьмерку бубен кладут на девятку пик, а на осьмерку — семерку треф.", "ru") == [
        (["8D"], "9S"), (["7C"], "8D")]
    assert _moves("Двоечку бубен, вышедшую из колоды, кладут на туза бубен.", "ru") == [(["2D"], "foundation")]


def test_uk_folk_khlop_is_the_jack():
    # moves14_uk_spider_blog.txt line 5: «а на кралю — хлопа чирв»
    assert _moves("Кралю треф перекладаю на короля пік, а на кралю — хлопа чирв.", "uk") == [
        (["QC"], "KS"), (["JH"], "QC")]


def _counted(text, lang):
    return [([c.format() for c in m.cards], m.to, m.count) for m in parse_moves(text, "t", "words", lang).moves]


def test_a_count_then_an_adverb_of_moving_as_one_then_the_cards_in_apposition():
    # moves14_uk_spider_blog.txt line 6: «Три карти разом — десятку, дев'ятку і вісімку пік — переношу …»
    assert _counted("Три карти разом — десятку, дев'ятку і вісімку пік — переношу на валета бубон.", "uk") == [
        (["TS", "9S", "8S"], "JD", 3)]
    assert _counted("Три карты разом — десятку, девятку и восьмерку пик — переношу на валета бубен.", "ru") == [
        (["TS", "9S", "8S"], "JD", 3)]
    assert _counted("Дві карти одразу — десятку і дев'ятку пік — переношу на валета бубон.", "uk") == [
        (["TS", "9S"], "JD", 2)]
    # uk «три» (pymorphy3's first reading: the verb «терти») is a number, not a verb that says what is seen
    assert _counted("Три карти — десятку, дев'ятку і вісімку пік — переношу на валета бубон.", "uk") == [
        (["TS", "9S", "8S"], "JD", 3)]


def test_a_dash_after_then_stands_for_the_verb():
    # moves14_uk_freecell.txt line 5, moves14_uk_spider_blog.txt line 5: «потім — на неї …», «далі — на неї …»
    assert _moves("Десятку бубон перекладаю на валета пік, потім — на неї дев'ятку треф.", "uk") == [
        (["TD"], "JS"), (["9C"], "TD")]
    assert _moves("Потім переношу вісімку пік на дев'ятку бубон, далі — на неї сімку бубон.", "uk") == [
        (["8S"], "9D"), (["7D"], "8S")]
    # ru «а потом ещё — на …»: the same card goes on, as with no dash
    assert _moves("Девятку червей кладём на десятку пик, а потом ещё — на валета бубен.", "ru") == _moves(
        "Девятку червей кладём на десятку пик, потом на валета бубен.", "ru")


def test_a_pronoun_before_a_verb_that_is_also_a_noun_is_its_object():
    # uk «кладу» is first the noun «клад» to pymorphy3: «Її кладу» is no «her treasure»
    assert _moves("Відкриваю з колоди вісімку бубон. Її кладу на дев'ятку пік.", "uk") == [(["8D"], "9S")]
    assert _moves("Её место занимает король пик.", "ru") == [(["KS"], "space")]


def test_the_card_turned_up_named_after_a_colon():
    # «Переворачиваем верхнюю карту запаса: это восьмерка бубен» as with a comma («…, это восьмерка бубен»)
    assert _moves("Переворачиваю верхнюю карту колоды: это восьмерка бубен. Её кладу на девятку пик.", "ru") == [
        (["8D"], "waste"), (["8D"], "9S")]
    assert _moves("В колонке лежит карта: это восьмерка бубен.", "ru") == []
