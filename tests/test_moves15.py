"""The move reader on issue 13's families, with sentences of the moves15 sample (tests/fixtures/moves15/, tuned
half) and others of the same kinds: a pile named instead of its card («а потом всю стопку — на 10♣»: the card at
the bottom of the pile just made, ``count`` its cards); a card moving «з усією купкою»; a negated verb of placing
in any person and aspect is a refusal (flagged prohibited, still read); «зато / зате на Y» after it is the same card
allowed elsewhere; a rank alone after «на» with the card it names right after it («На тройку двойку пик»); a rank
alone naming one of two cards in view keeps the rank and says so."""

from extract.moves import parse_moves


def _moves(text, lang, notation="symbol"):
    return [([c.format() for c in m.cards], m.to, m.count, sorted(m.flags & {"prohibited", "alternative"}))
            for m in parse_moves(text, "t", notation, lang).moves]


def test_the_pile_just_made_moves_on():
    # moves15_ru_forum_kosynka.txt line 6
    assert _moves("8♠ сначала на 9♥, а потом всю стопку — на 10♣.", "ru") == [
        (["8S"], "9H", None, []), (["9H"], "TC", 2, [])]
    # moves15_ru_video_freecell.txt line 6: «всю пару»
    assert _moves("♠5 сперва на ♦6, а потом всю пару — на ♣7.", "ru")[1] == (["6D"], "7C", 2, [])
    # a verb, not a dash; the pile's bottom card when it grew by two moves
    assert _moves("Я кладу девятку пик на десятку, восьмёрку — на девятку, а потом всю серию переношу на валета пик.",
                  "ru", "words")[2] == (["T"], "JS", 3, [])
    assert _moves("Кладу 9♦ на 10♠, потім усю купку переношу на J♣.", "uk")[1] == (["TS"], "JC", 2, [])


def test_a_card_with_its_pile():
    # moves15_uk_chat_kosynka.txt line 6
    got = _moves("J♣ спершу на Q♥, а потім усю купку — на K♠. А K♠ з усією купкою — на порожнє місце.", "uk")
    assert got == [(["JC"], "QH", None, []), (["QH"], "KS", 2, []), (["KS"], "space", 3, [])]
    # a pile the example did not build: the text's own count stays («(пять карт)»)
    assert _moves("♥К со всей стопкой (пять карт) переносим в пустой столбец.", "ru")[0][2] == 5


def test_a_negated_verb_of_placing_is_a_refusal():
    assert _moves("Видно 3♦. А вот 2♦ на тройку не положишь.", "ru") == [(["2D"], "3D", None, ["prohibited"])]
    assert _moves("K♥ на 10♠ не ляже ніяк.", "uk") == [(["KH"], "TS", None, ["prohibited"])]
    assert _moves("Двойку пик на тройку пик не кладут.", "ru", "words")[0][3] == ["prohibited"]
    # a negated verb that is no verb of moving: the move is made
    assert _moves("Не забудьте положить 5♦ на 6♣.", "ru") == [(["5D"], "6C", None, [])]


def test_zato_the_same_card_elsewhere():
    # moves15_uk_chat_kosynka.txt line 6
    assert _moves("Видно 4♣ і 4♦. 3♣ на четвірку треф не лягає, бо колір той самий, зате на 4♦ — будь ласка.", "uk") == [
        (["3C"], "4C", None, ["prohibited"]), (["3C"], "4D", None, [])]
    assert _moves("3♣ на 4♣ не ложится, зато на 4♦ — пожалуйста.", "ru")[1] == (["3C"], "4D", None, [])


def test_a_rank_alone_after_na_then_the_card_moved():
    # moves15_ru_pre1918_napoleon.txt line 6 (modernized)
    assert _moves("Внизу лежит тройка пик. На тройку двойку пик не кладут.", "ru", "words") == [
        (["2S"], "3S", None, ["prohibited"])]
    assert _moves("Лежить вісімка пік. На вісімку сімку чирв поклала.", "uk", "words") == [(["7H"], "8S", None, [])]


def test_a_rank_alone_of_two_cards_in_view_is_said():
    r = parse_moves("Лежат 8♠ и 8♥. На восьмёрку кладу семёрку бубен.", "t", "symbol", "ru")
    assert [m.to for m in r.moves] == ["8"]
    assert [f.kind for f in r.findings if f.kind == "ambiguous-card"] == ["ambiguous-card"]
    r = parse_moves("Лежат 8♠ и 9♥. На восьмёрку кладу семёрку бубен.", "t", "symbol", "ru")
    assert [m.to for m in r.moves] == ["8S"] and not any(f.kind == "ambiguous-card" for f in r.findings)


def test_then_also_the_next_card_to_the_same_place():
    # «а потом и …», uk «а потім і …»: the particle «и» (also) after «then» — the next card goes where the last went
    assert _moves("Туза пик в дом, а потом и двойку пик.", "ru", "words") == [
        (["AS"], "foundation", None, []), (["2S"], "foundation", None, [])]
    assert _moves("Туза пік на базу, а потім і двійку пік.", "uk", "words")[1] == (["2S"], "foundation", None, [])
    assert _moves("8♠ на 9♥, а потом и 7♦.", "ru")[1] == (["7D"], "8S", None, [])
