"""Where a worked example of a plain text opens when it moves one card at a time
(``pasyans.extract.article_examples``): a one-card «Например, …» line, one-card moves before the sentence
that opens the example, the line right before it, a record's first item."""

from __future__ import annotations

from pathlib import Path

from pasyans.corpus import Source
from pasyans.extract.article_examples import opens_with_cards, shows_move
from pasyans.extract.articles import segment_article


def _source(lines: list[str], lang: str = "ru", notation: str = "words") -> Source:
    return Source(id="900", file="900.txt", language=lang, orthography="modern", kind="article", title="t",
                  sha256="", path=Path("900.txt"), text="\n".join(lines), notation=notation)


def _examples(lines, lang="ru", notation="words"):
    return [e.lines for g in segment_article(_source(lines, lang, notation)) for e in g.examples]


def test_one_card_moved_somewhere_after_for_example_is_a_worked_case():
    # a diary's rule note and an app's help: one card, a move verb and where it goes
    assert opens_with_cards("Например, семёрку пик можно положить в пустой столбец.", "words", "ru", False)
    assert opens_with_cards("Например, короля пик можно переложить в пустую стопку.", "words", "ru", False)
    assert opens_with_cards("Наприклад, даму бубон можна перекласти на короля треф.", "words", "uk", False)
    # a rule's illustration: the card named is where the others go, none of it moves
    assert not opens_with_cards("напр. на туза червей идет вся его масть.", "words", "ru", False)
    assert not shows_move("Под валетом открылась десятка бубен.", "words", "ru")


def test_one_card_example_on_its_own_line_is_found():
    lines = ["Пасьянс «Свободная ячейка»",
             "Пустой столбец можно занять любой картой.",
             "Например, девятку треф можно положить в пустой столбец.",
             "Ячеек всего четыре."]
    assert _examples(lines) == [(3, 3)]


def test_one_card_moves_before_the_opening_sentence_are_its_start():
    lines = ["Пасьянс «Косынка»",
             "Семь стопок, карты кладут по убыванию, чередуя цвет.",
             "Сегодня вечер. Сначала ♦Т в дом, он лежал сверху. Потом ♠9 на ♥10, а ♥8 на ♠9."]
    seg = segment_article(_source(lines, notation="symbol"))
    (ex,) = [e for g in seg for e in g.examples]
    assert ex.lines == (3, 3) and ex.text.startswith("Сначала ♦Т в дом")


def test_line_before_that_moves_one_card_joins_the_example_after_it():
    lines = ["Пасьянс «Косынка»",
             "Семь стопок, карты кладут по убыванию, чередуя цвет.",
             "Вчера я открыла туза пик. Я отправила его в дом.",
             "Потом я переложила даму бубен на короля треф, а валета треф — на даму бубен."]
    (ex,) = [e for g in segment_article(_source(lines)) for e in g.examples]
    assert ex.lines == (3, 4) and ex.text.startswith("Вчера я открыла туза пик")


def test_first_item_of_a_record_with_one_card_is_in_the_example():
    lines = ["Пасьянс «Косынка»",
             "Семь стопок, карты кладут по убыванию, чередуя цвет.",
             "Запись партии:",
             "1. Т♣ в дом",
             "2. 9♦ на 10♠",
             "3. 2♣ в дом"]
    assert _examples(lines, notation="symbol") == [(4, 6)]


def test_question_and_answer_lines_are_one_example():
    # a quiz: the question names the card, the answer only where it goes; the next question names none
    lines = ["Вікторина «Косинка»",
             "Сім стовпчиків, карти кладуть за спаданням, чергуючи колір.",
             "Питання 1. Відкриті 9♣ і 10♥. Куди піде дев'ятка треф?",
             "Відповідь: на десятку чирв.",
             "Питання 2. Звільнився стовпчик. Яку карту туди можна покласти?",
             "Відповідь: лише короля, наприклад короля бубон."]
    seg = segment_article(_source(lines, "uk", "symbol"))
    exs = [e for g in seg for e in g.examples]
    assert [e.lines for e in exs] == [(3, 4), (5, 6)]
    from pasyans.extract.moves import parse_moves
    moves = [(m.cards[0].format(), m.to) for e in exs for m in parse_moves(e.text, "q", "symbol", "uk").moves]
    assert moves == [("9C", "TH"), ("KD", "space")]


def test_a_position_shown_by_ranks_opens_a_one_suit_example():
    # one-suit Spider: the open cards listed by rank, then moves by rank only, line after line
    lines = ["Пасьянс «Паук» одной мастью",
             "Все карты одной масти. Карту кладут на старшую на единицу.",
             "Сейчас открыты: валет, семёрка, король, девятка, восьмёрка и тройка.",
             "Восьмёрку кладём на девятку, а семёрку — на восьмёрку.",
             "Валета переносим на короля? Нет, на даму, когда она откроется.",
             "Партия долгая."]
    assert _examples(lines) == [(3, 5)]


def test_a_rank_order_or_a_list_without_moves_opens_no_example():
    lines = ["Пасьянс «Паук» одной мастью",
             "Старшинство карт: король, дама, валет, десятка, девятка, восьмёрка.",
             "На столе открыты: валет, семёрка, король, девятка и тройка.",
             "Игра требует терпения."]
    assert _examples(lines) == []


def test_a_card_named_with_a_folk_suit_word_continues_the_example():
    lines = ["«Сорок розбійників»",
             "Спершу туза вина виносимо у фундамент, а за ним двійку вина.",
             "Трійку вина з колоди — одразу у фундамент.",
             "Пишіть нам."]
    assert _examples(lines, "uk") == [(2, 3)]


def test_a_numbered_example_opens_a_new_one():
    # «Пример 2.» right after «Пример 1. …» (and «Примѣръ 2.» in pre-1918 spelling) is the next example
    lines = ["Пирамида",
             "Снимают пары карт, дающие в сумме 13 очков; король снимается один.",
             "Пример 1. Открыты 8♦ и 5♣. Снимаем 8♦ вместе с 5♣.",
             "Пример 2. Открыт К♠. Снимаем К♠ один.",
             "Примѣръ 3. Открыты Д♥ и Т♠. Снимаемъ Д♥ съ Т♠.",
             "Пасьянс сходится редко."]
    assert _examples(lines, notation="symbol") == [(3, 3), (4, 4), (5, 5)]


def test_one_card_a_person_moves_is_a_worked_case():
    # a story or a piece of advice moving one card with its suit (past, first or second person, imperative);
    # a rule naming one card («Дама пик кладётся в резерв») is none
    lines = ["Косинка",
             "Сім стовпчиків, карти кладуть за спаданням, чергуючи колір. Дама пік кладеться в резерв.",
             "",
             "Учора стовпчик звільнився, і я поставила короля треф у порожній стовпчик.",
             "",
             "Порада: коли відкриється туз ♥, одразу неси його на базу."]
    assert _examples(lines, "uk", "symbol") == [(4, 4), (6, 6)]
