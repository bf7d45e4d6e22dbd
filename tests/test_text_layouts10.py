"""Layouts of the seg22 sample (issue 11, session 10): a Markdown heading whose title is wrapped in emphasis
(«## **Паук**»), run-in titles after an introduction that counts its games («Ниже описаны три пасьянса»), a
chat whose bot gives the rules under a run-in title after its speaker, bot commands («/hint»), a phpBB post
header with «від» and a date («Повідомлення від Тарас_К » 12 березня 2015»). Each on a whole text of
``tests/fixtures/seg22/`` by the titles, lines and sections it gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from pasyans.corpus import Source, read_text
from pasyans.extract import headings as hd
from pasyans.extract.article_words import plural_patience
from pasyans.extract.furniture import furniture

FIXTURES = Path(__file__).parent / "fixtures"


def segmented(path: str, lang: str = "ru", pre: bool = False):
    from pasyans.extract.articles import segment_source

    p = FIXTURES / path
    src = Source(id="t", file=p.name, language=lang, orthography="pre-reform" if pre else "modern", kind="article",
                 title=p.name, sha256="0", path=p, text=read_text(p), segmenter="headings", notation="symbol")
    return segment_source(src)


@pytest.mark.parametrize("line, rest", [("## **Паук**", "Паук"), ("### __Косынка (Клондайк)__", "Косынка (Клондайк)"),
                                        ("3. *Часы*", "Часы"), ("**Паук**", "Паук")])
def test_emphasis_inside_a_heading_mark_is_no_part_of_the_title(line, rest):
    assert hd.marks(line).rest == rest


def test_a_markdown_heading_in_bold_heads_its_game_with_its_sections():
    games = [(g.game.name, g.game.lines, [s.title for s in g.game.sections]) for g in segmented("seg22/ru_md_emphasis.md").games]
    assert games[0] == ("Паук", [(5, 23)], ["Описание", "Цель игры", "Раскладка", "Правила", "Пример"])
    assert games[1] == ("Султан", [(25, 37)], ["Описание", "Правила", "Стратегия"])


@pytest.mark.parametrize("s, counts", [("Ниже описаны три пасьянса, которые мы раскладываем.", True),
                                       ("Вот 3 пасьянса на вечер", True), ("Один пасьянс на вечер", False),
                                       ("Пасьянс «Косынка» на 2 колоды", False)])
def test_counting_patiences_speaks_of_them_in_the_plural(s, counts):
    assert plural_patience(s, "ru") is counts


def test_run_in_titles_after_an_introduction_that_counts_the_games():
    seg = segmented("seg22/ru_runin.txt")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Паук", [(3, 3)]), ("Косынка", [(5, 5)]), ("Сорока", [(7, 7)])]


def test_a_bot_gives_the_rules_under_a_run_in_title_and_its_commands_are_furniture():
    seg = segmented("seg22/ru_chat.txt")
    assert [(g.game.name, g.game.lines[0][0]) for g in seg.games] == [("Пирамида", 8)]
    lines = read_text(FIXTURES / "seg22/ru_chat.txt").splitlines()
    fam = furniture([ln.strip() for ln in lines], "ru")
    assert fam[5] == fam[7] == fam[11] == "bot command"   # «/hint пирамида», «Оля: /rules пирамида», «/hint»
    assert 8 not in fam


def test_a_quoted_name_in_a_message_comes_before_a_run_in_guess():
    # «ВЕДУЧА: Друге питання — складніше. Пасьянс «Годинник» знають усі бабусі. …»
    names = [g.game.name for g in segmented("seg14/uk_radio_quiz.txt", "uk").games]
    assert "Годинник" in names and "Друге питання" not in names


def test_a_forum_post_header_with_from_and_a_date_is_furniture():
    seg = segmented("seg22/uk_forum.txt", "uk")
    [g] = seg.games
    assert g.game.name == "Косинка" and [s.title for s in g.game.sections][:3] == ["Мета", "Розкладка", "Хід гри"]
    headers = [f.lines for f in seg.findings if f.kind == "not-a-game" and "post header" in f.message]
    assert headers == [(3, 3), (11, 11)]


@pytest.mark.parametrize("line", ["| Рівень | Мастей |", "| Легкий | 1      |"])
def test_a_markdown_table_row_is_no_title(line):
    assert hd.title_shape(line, "uk", layout=True) is None


def test_a_manuals_title_numbered_sister_games_and_the_next_chapter():
    # «Посібник користувача «Пасьянс-Про»» is the document's title; «3.1 Павук» and «3.2 Гольф» are sisters;
    # «Розділ 4. Налаштування» is none of «Гольф»
    seg = segmented("seg22/uk_app_manual.txt", "uk")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Павук", [(5, 14)]), ("Гольф", [(16, 20)])]
    assert [s.title for s in seg.games[1].game.sections] == ["Мета", "Розкладка", "Правила"]


@pytest.mark.parametrize("line, num, rest", [("Глава шестая. Пасьянс на двоих", "шестая", "Пасьянс на двоих"),
                                             ("Розділ п'ятий. Пасьянс «Ялинка»", "п'ятий", "Пасьянс «Ялинка»")])
def test_a_chapter_numbered_by_an_ordinal_word(line, num, rest):
    mk = hd.marks(line)
    assert (mk.mark, mk.num, mk.rest) == ("chapter", num, rest)


def test_a_chapter_about_a_game_told_as_no_patience_is_no_game():
    seg = segmented("seg22/ru_childrens_book.txt")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Колесо", [(1, 3)])]


@pytest.mark.parametrize("s, name", [ex for row in hd.shapes()["back_titles"]["rows"] for ex in row["examples"]])
def test_a_sentence_naming_the_game_told_before_it(s, name):
    assert hd.back_title(s, "uk" if "і" in s else "ru") == name


@pytest.mark.parametrize("s", hd.shapes()["back_titles"]["not"])
def test_another_name_or_a_rule_is_no_back_title(s):
    assert hd.back_title(s, "uk" if "і" in s else "ru") is None


def test_games_named_after_their_rules():
    seg = segmented("seg22/ru_grandma_blog.txt")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Узелок", [(3, 5)]), ("Десяточка", [(7, 8)])]


def test_games_named_in_their_first_sentence_before_a_paragraph_opening_with_its_name():
    # «В пасьянс «Квадрат» играют …», ««Стрелки» — так называют пасьянс, …» before «Пасьянс «Звезда» раскладывают …»
    seg = segmented("seg22/ru_first_sentence2.txt")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Квадрат", [(1, 1)]), ("Стрелки", [(3, 3)]),
                                                                ("Звезда", [(5, 5)])]


def test_a_chats_masthead_names_the_chat_and_a_deck_count_is_no_run_in_title():
    # «Чат «Картёжный клуб»» is the chat's name; «Вера: Две колоды. Четыре туза …» answers «… «Могилу Наполеона»?»
    seg = segmented("seg22/ru_chat2.txt")
    assert [(g.game.name, g.game.lines[0][0]) for g in seg.games] == [("Могила Наполеона", 4)]
    assert any(f.kind == "not-a-game" and f.lines == (1, 2) for f in seg.findings)


def test_an_alias_after_a_language_and_a_verb_of_naming():
    [g] = segmented("seg22/uk_wiki2.txt", "uk").games   # «Англійською називається Forty Thieves.»
    assert [(a.name, a.language, a.lines) for a in g.game.aliases] == [("Forty Thieves", "en", (3, 3))]


def test_a_riddles_answer_names_the_game_told_before_it():
    # «Упізнали? Це «Гольф», …» after its rules; «Друге завдання: …» / «Відповідь: це «Годинник».»
    seg = segmented("seg22/uk_quiz_column.txt", "uk")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Гольф", [(3, 5)]), ("Годинник", [(7, 8)])]


def test_a_column_heading_over_games_named_after_their_rules_is_no_game():
    # «Загадки старого картёжника» over «… Узнали? Конечно, это «Монтана».» and «… звали «Считалочка».»
    seg = segmented("seg22/ru_riddles_column.txt")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [("Монтана", [(3, 4)]), ("Считалочка", [(6, 7)])]


def test_back_matter_under_a_heading_mark_is_furniture():
    # «## Див. також», «## Примітки», «## Посилання» of a Markdown wiki export: no sections of the game
    [g] = segmented("seg22/uk_md_wiki.md", "uk").games
    assert (g.game.name, g.game.lines, [s.title for s in g.game.sections]) == ("Годинник", [(1, 7)], ["Правила"])


def test_sister_headings_of_one_game_keep_their_qualifiers():
    # «## Паук: одна масть» / «## Паук: две масти»: names with a subtitle under a heading mark, no «term: value»
    seg = segmented("seg22/ru_md_variants.md")
    assert [(g.game.name, g.game.lines) for g in seg.games] == [
        ("Паук: одна масть", [(3, 5)]), ("Паук: две масти", [(7, 9)]), ("Паук: четыре масти", [(11, 13)])]
    assert hd.title_shape("Паук: одна масть", "ru") is None   # without a mark it is a «term: value» line
