"""The move reader on sentences of the moves12 sample (tests/fixtures/moves12/, ten authors): a card named
«краля», a card taken up then put, a foundation after a verb of removing, where a card lay, uk «а от», two cards
side by side in other cases, a rule said by ranks and a verbless list of pairs in Pyramid."""

from pathlib import Path

from extract.moves import game_context, parse_moves

FIX = Path(__file__).parent / "fixtures" / "moves12"


def _moves(text, lang, context=None):
    return [([c.format() for c in m.cards], m.to) for m in parse_moves(text, "t", "symbol", lang, context).moves]


def test_uk_video_krala_taken_then_put():
    # moves12_uk_video.txt line 5: «червова краля» is the queen of hearts; «беремо …» then «кладемо» moves it
    assert _moves("Тепер беремо червову кралю і кладемо на короля пік.", "uk") == [(["QH"], "KS")]


def test_uk_video_where_a_card_lay_is_no_move():
    # line 6: «під дев'яткою був туз пік» says where the ace lay; only the next sentence moves it
    assert _moves("А тепер дивіться: під дев'яткою був туз пік! Туза одразу відправляємо на базу.", "uk") == [
        (["AS"], "foundation")]


def test_uk_particle_ot_is_no_source():
    # line 9: «А от вісімку бубон …»: «от» is a particle in Ukrainian, not «from»
    assert _moves("А от вісімку бубон можна покласти на дев'ятку треф, а сімку треф — на неї.", "uk") == [
        (["8D"], "9C"), (["7C"], "8D")]


def test_ru_blog_removed_to_the_foundation_and_moved_with_perestavit():
    # moves12_ru_blog.txt lines 6 and 8
    assert _moves("Первым делом я убираю туза треф в дом — тут думать нечего.", "ru") == [(["AC"], "foundation")]
    assert _moves("Когда освободилась вторая колонка, я переставила на пустое место короля бубен.", "ru") == [
        (["KD"], "space")]


def test_pre1918_card_under_another_is_not_one_list_with_it():
    # moves12_ru_pre1918_book.txt line 6 (modernized): «под дамою» (instrumental) and «девятку пик» (accusative)
    assert _moves("Открывшуюся под дамою девятку пик перекладывают на десятку пик.", "ru") == [(["9S"], "TS")]


def test_pyramid_faq_rule_by_ranks_and_a_list_of_pairs():
    # moves12_ru_faq.txt: line 4 says the rule by ranks (no move); line 10 lists the pairs and a king alone
    text = (FIX / "moves12_ru_faq.txt").read_text("utf-8")
    ctx = game_context(text, "ru")
    assert _moves("Например, десятку убирают с тройкой, а даму — с тузом. Короля снимают один, без пары.", "ru", ctx) == []
    assert _moves("Пожалуйста: 9♠ с 4♦, К♣ один, В♥ с 2♣, Д♦ с Т♠ — и нижний ряд пирамиды чист.", "ru", ctx) == [
        (["9S", "4D"], None), (["KC"], None), (["JH", "2C"], None), (["QD", "AS"], None)]
    # line 7: the rank alone stands for the card named before, in the pair's cards too
    got = _moves("Допустим, внизу открыты восьмёрка треф и король пик, а из колоды пришла пятёрка червей: "
                 "короля пик снимаем одного, а восьмёрку сбрасываем вместе с пятёркой.", "ru", ctx)
    assert got == [(["KS"], None), (["8C", "5H"], None)]


def test_uk_there_too_is_the_place_the_sentence_named():
    # issue 13's open item: «туди ж» after «уже в домі» is the foundation, not a pile emptied (none was)
    assert _moves("Туз пік уже в домі, тож 2♠ кладемо туди ж.", "uk") == [(["2S"], "foundation")]


def test_destination_first_then_the_card_moved():
    # issue 13's open item: the place first, the card after it, both in words, no comma between
    assert _moves("Я поклала на вісімку пік сімку чирв.", "uk") == [(["7H"], "8S")]
    # (a suit said once for two ranks stays one option list: other_moves.json pre-03)
    got = _moves("Семерку бубен нельзя положить на восьмерку бубен, а можно только на восьмерку треф или пик.", "ru")
    assert [m[1] for m in got] == ["8D", "8C", "8S"]


def test_if_you_like_is_no_condition_and_keeps_the_second_option():
    # issue 13's open item: «…, или, если хотите, на ♣10»
    p = parse_moves("♥9 кладём на ♠10, или, если хотите, на ♣10.", "t", "symbol", "ru")
    assert [(m.to, sorted(m.flags)) for m in p.moves] == [("TS", ["alternative"]), ("TC", ["alternative"])]
    assert _moves("Шістку пік кладемо на ♥7, або, якщо хочете, на ♦7.", "uk") == [(["6S"], "7H"), (["6S"], "7D")]


def test_archaic_if_is_a_condition():
    # «ежели» (pre-1918 and folk «если»: seg18/ru_pre1918_album.txt line 10 has it)
    p = parse_moves("Ежели ♣9 открыта, на неё кладут ♣8.", "t", "symbol", "ru")
    assert [(m.to, "conditional" in m.flags) for m in p.moves] == [("9C", True)]
