"""A game's rules read from its text into the rule spec of ``pasyans/data/rules.schema.json``.

Every field of the spec is ``{"value", "status", "quote", "lines", "ref"}``: ``stated`` with the
sentence it was read from and that sentence's raw lines, ``inherited`` (see :func:`inherit`) or
``unknown``. The engine refuses to decide what depends on an unknown field, so nothing here
guesses: a field is set only when a sentence of the game's own text says it.

How a text is read:

* spaCy ``blank(lang)`` + ``sentencizer`` gives tokens and sentences; each token gets its lemma
  from :func:`pasyans.morph.lemma` (pre-1918 letters folded first: ``ѣ``/``ђ`` → ``е``,
  ``і`` → ``и``, final ``ъ`` dropped) and a coarse part of speech from pymorphy3.
* spaCy ``Matcher`` patterns on LEMMA (and on LOWER regexes for stems that pymorphy3 misreads,
  e.g. the OCR form «воеходящем») find the cue phrases: numbers of packs and piles, pack sizes,
  suits and colours, directions, space policies, redeal counts, single-card/sequence moves.
* A cue that can describe either the foundations or the tableau («в нисходящей
  последовательности», «той же масти») is given to the nearest *anchor* word of its clause
  (foundation: «базовый», «основание», «ряд тузов», «на тузах»; tableau: «стопка», «столбец»,
  «игровая карта», «друг на друга» …), then of its sentence, then of the sentence before.
* Two sentences that give a field different values make a ``conflict`` (all quotes kept); the
  first value stays. Sentences about other versions of the game («В другом варианте …») do not
  set fields: they go to ``special``.

Everything the reader could not place is returned as a :class:`~pasyans.models.Finding` by
:func:`extract_rules_with_findings`.

Readings of the whole text (each recorded in the field's ``ref`` and a ``reading-choice``
finding): a text that states its goal and never names a foundation has none (and no tableau
building when none is described); a text whose every card-moving sentence sends cards to the
foundations builds nothing on the tableau; when the whole pack is dealt, the cards per pile
follow from the pack and the piles. The rows of the Paganini family (special
``paganini-windows``) are tableau and foundations at once.

:func:`spec_for_games` reads every game of one source and applies what lies outside a game's own
text: numbered rules (000), same-as links, parent games, the book's section labels and its
standard pack. Schema 0.2 (see ``pasyans/data/rules.schema.json``).
"""

from __future__ import annotations

import bisect
import copy
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable

import jsonschema
import spacy
from spacy.matcher import Matcher
from spacy.tokens import Doc, Token

from pasyans import morph
from pasyans.models import Finding

from .nlp import NUMBERS, POS, is_heading_line as _is_heading
from .text import MappedText

SCHEMA_VERSION = "0.2"

# --------------------------------------------------------------------------------------------
# The schema: the only source of field names and enums
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def load_schema() -> dict:
    """The rule spec JSON Schema (draft 2020-12) shipped as ``pasyans/data/rules.schema.json``."""
    text = resources.files("pasyans").joinpath("data/rules.schema.json").read_text("utf-8")
    return json.loads(text)


def _is_field_schema(node: dict) -> bool:
    return node.get("$ref") == "#/$defs/field"


@lru_cache(maxsize=1)
def field_paths() -> tuple[str, ...]:
    """Dotted paths of every field in the schema, in schema order: ``("deck.packs", …, "goal")``."""
    out: list[str] = []
    for name, node in load_schema()["properties"].items():
        if _is_field_schema(node):
            out.append(name)
        elif node.get("type") == "object":
            out.extend(f"{name}.{sub}" for sub, s in node["properties"].items() if _is_field_schema(s))
    return tuple(out)


def _field_schema(path: str) -> dict:
    node = load_schema()
    for part in path.split("."):
        node = node["properties"][part]
    return node


def allowed_values(path: str) -> list | None:
    """The schema's enum for the value of field ``path`` (``None`` included), or ``None`` if it has no enum.

    Raises ``KeyError`` for a path the schema does not have.
    """
    value = _field_schema(path)["properties"]["value"]
    return list(value["enum"]) if "enum" in value else None


def validate_spec(spec: dict) -> None:
    """Check ``spec`` against the schema; raises ``jsonschema.ValidationError`` naming the first error."""
    jsonschema.Draft202012Validator(load_schema()).validate(spec)


def unknown_field(reason: str | None = None) -> dict:
    """A field nobody has read: value, quote, lines and ref all ``None``; ``reason`` says why (or ``None``)."""
    return {"value": None, "status": "unknown", "quote": None, "lines": None, "ref": None, "reason": reason}


def unknown_spec() -> dict:
    """A spec with every field unknown and no specials or conflicts (valid against the schema)."""
    spec: dict[str, Any] = {"schema_version": SCHEMA_VERSION}
    for path in field_paths():
        _set(spec, path, unknown_field())
    spec["special"] = []
    spec["conflicts"] = []
    return spec


def get_field(spec: dict, path: str) -> dict:
    """The field record at dotted ``path`` (``"tableau.build_suit"``) of a rule spec; a path
    missing from the spec (an older 0.1 spec, a partial one) reads as an unknown field."""
    node = spec
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return unknown_field()
        node = node[part]
    return node


def _set(spec: dict, path: str, value: Any) -> None:
    parts = path.split(".")
    node = spec
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value


def inherit(child: dict, parent: dict, ref: str, paths: Iterable[str] | None = None) -> dict:
    """A copy of ``child`` where every unknown field takes ``parent``'s value, marked ``inherited``.

    ``ref`` names where the value comes from («000 Правило 2, line 15», «004-021 Клондайк»); when the
    parent's own field was inherited, its ref is kept after ours (``"ref; parent-ref"``). The parent's
    quote and lines travel with the value. ``paths`` limits the fields taken (default: all of
    :func:`field_paths`). Stated fields of the child, its specials and conflicts are unchanged;
    ``parent`` is not modified. A field missing from an older spec counts as unknown.
    """
    out = copy.deepcopy(child)
    for path in (field_paths() if paths is None else paths):
        mine, theirs = get_field(out, path), get_field(parent, path)
        if mine["status"] == "unknown" and theirs["status"] != "unknown":
            chain = ref if not theirs.get("ref") else f"{ref}; {theirs['ref']}"
            _set(out, path, {"value": copy.deepcopy(theirs["value"]), "status": "inherited",
                             "quote": theirs["quote"], "lines": copy.deepcopy(theirs["lines"]),
                             "ref": chain, "reason": None})
    return out


# --------------------------------------------------------------------------------------------
# Tokens: spaCy blank pipeline + pymorphy3 lemmas
# --------------------------------------------------------------------------------------------

_PRE_REFORM = str.maketrans({"ѣ": "е", "Ѣ": "Е", "ђ": "е", "Ђ": "Е", "і": "и", "І": "И", "ѳ": "ф", "Ѳ": "Ф"})


ORDINALS = {
    "ru": {"первый": 1, "второй": 2, "третий": 3, "четвертый": 4, "пятый": 5, "шестой": 6},
    "uk": {"перший": 1, "другий": 2, "третій": 3, "четвертий": 4, "п'ятий": 5, "шостий": 6,
           "сьомий": 7, "восьмий": 8, "дев'ятий": 9, "десятий": 10},
}

RANK_WORDS = {
    "туз": 1, "двойка": 2, "тройка": 3, "четверка": 4, "пятерка": 5, "шестерка": 6, "семерка": 7,
    "восьмерка": 8, "девятка": 9, "десятка": 10, "валет": 11, "дама": 12, "король": 13,
    "двійка": 2, "трійка": 3, "четвірка": 4, "п'ятірка": 5, "шістка": 6, "сімка": 7,
    "вісімка": 8, "дев'ятка": 9,
}
"""Rank nouns by lemma, rank value as in :class:`pasyans.cards.Card` (ace 1 … king 13)."""

_LOWER_WORDS = {"ниже", "младше", "меньше", "меньшего", "меньшее", "меньшей", "молодше", "нижче", "менше"}
_HIGHER_WORDS = {"выше", "старше", "больше", "большего", "большее", "большей", "вище", "більше"}
"""Comparatives of rank («на ступень выше», «на одне очко старше»)."""

_PRONOUN_FORMS = {"нем", "ней", "них", "нему", "нею", "ним", "ними"}
"""Forms of «он/она/они» after a preposition (pymorphy3 reads «нем» as the short adjective «нем»)."""


def _norm_word(word: str, lang: str) -> str:
    w = word.replace("’", "'").replace("ʼ", "'")
    if lang == "ru":
        w = w.translate(_PRE_REFORM)
        if len(w) > 1 and w[-1] in "ъЪ":
            w = w[:-1]
    return w


@lru_cache(maxsize=4)
def _nlp(lang: str):
    for name, default in (("rules_num", None), ("rules_isnum", False), ("rules_case", None),
                          ("rules_ord", False)):
        if not Token.has_extension(name):
            Token.set_extension(name, default=default)
    nlp = spacy.blank(lang)
    nlp.add_pipe("sentencizer")
    return nlp


def _annotate(doc: Doc, lang: str) -> None:
    """Set lemma_, pos_ and the ``num``/``case`` extensions of every token from pymorphy3."""
    nums, ords = NUMBERS[lang], ORDINALS[lang]
    for tok in doc:
        if tok.is_space or tok.is_punct:
            tok.lemma_ = tok.text
            tok.pos_ = "SPACE" if tok.is_space else "PUNCT"
            continue
        if tok.text.isdigit():
            tok.lemma_ = tok.text
            tok.pos_ = "NUM"
            tok._.rules_num, tok._.rules_isnum = int(tok.text), True
            continue
        w = _norm_word(tok.text, lang)
        p = morph.parse(w, lang)
        tok.lemma_ = morph.lemma(w, lang).replace("’", "'").replace("ʼ", "'")
        tok.pos_ = POS.get(p.tag.POS, "X") if p is not None else "X"
        if tok.lower_.startswith(("полн", "повн")):
            tok.pos_ = "ADJ"  # pymorphy3 (uk) reads «повні» as the noun «повня»
        tok._.rules_case = p.tag.case if p is not None else None
        if tok.lemma_ in nums:
            tok._.rules_num, tok._.rules_isnum = nums[tok.lemma_], True
    if lang == "uk":
        # The machine translation of 000 renders «в восемь рядов» as «о восьмій … рядів»: an
        # ordinal followed by a plural noun is read as the cardinal.
        for tok in doc:
            if tok.lemma_ in ords and not tok._.rules_isnum:
                nxt = [t for t in doc[tok.i + 1: tok.i + 4] if t.pos_ == "NOUN"]
                if nxt and "plur" in str(morph.parse(nxt[0].text, lang).tag):
                    tok._.rules_num, tok._.rules_isnum, tok._.rules_ord = ords[tok.lemma_], True, True


_FOOTNOTE = re.compile(r"\[\d{1,3}\]")


def _doc(text: str, lang: str) -> Doc:
    # Line ends become spaces (same length: offsets keep pointing into the MappedText) so that
    # patterns match across the book's line breaks; paragraph and heading breaks are taken
    # from the original text by _sentence_bounds.
    # Footnote marks («раз[6].») are blanked the same way.
    flat = _FOOTNOTE.sub(lambda m: " " * len(m.group()), text.replace("\n", " "))
    doc = _nlp(lang)(flat)
    _annotate(doc, lang)
    return doc


# --------------------------------------------------------------------------------------------
# Cue patterns (spaCy Matcher on LEMMA / LOWER)
# --------------------------------------------------------------------------------------------


def L(*lemmas: str, op: str | None = None) -> dict:
    """A Matcher token spec: the token's lemma is one of ``lemmas`` (``op``: Matcher quantifier)."""
    d: dict = {"LEMMA": {"IN": list(lemmas)}}
    if op:
        d["OP"] = op
    return d


def R(regex: str, op: str | None = None) -> dict:
    """A Matcher token spec: the lower-cased token matches ``regex`` (for stems pymorphy3 misreads)."""
    d: dict = {"LOWER": {"REGEX": regex}}
    if op:
        d["OP"] = op
    return d


NUM = {"_": {"rules_isnum": True}}
ADJ = {"POS": "ADJ", "OP": "{0,2}"}
ANY = {"IS_SPACE": False, "OP": "{0,3}"}
SP = {"IS_SPACE": True, "OP": "*"}
KOLODA = R(r"^колод")
CARD = L("карта", "лист", "аркуш")
TUZ = R(r"^туз")
KOROL = R(r"^корол")
UP = r"^(восходя|восходит|возрастающ|возрастани|воеходящ|висхідн|зростаюч|зростанн)"
DOWN = r"^(нисходя|нисходит|низходя|убывающ|убывани|спадн|спадаюч|низхідн)"
"""Direction words by stem (pre-1918 «восходятъ» and the OCR «воеходящем» included; not the noun «восход»)."""

PATTERNS: dict[str, list[list[dict]]] = {
    # deck --------------------------------------------------------------------------------
    "PACKS_N": [[NUM, ADJ, KOLODA]],
    "PACK_FULL": [[R(r"^(полн|повн)"), KOLODA]],
    "PACK_IN": [[KOLODA, {"OP": "{0,2}", "IS_ALPHA": True}, L("в"), NUM, ADJ, CARD]],
    "PACK_TOTAL": [[{"ORTH": "("}, NUM, ADJ, CARD], [R(r"^всего$"), NUM, ADJ, CARD]],
    "PACK_RANGE": [[L("от", "від"), TUZ, L("до"), {"LEMMA": {"IN": list(RANK_WORDS)}}]],
    "JOKERS": [[NUM, ADJ, R(r"^джокер")]],
    "JOKER_ADDED": [[R(r"^(прибав|добав)"), L("к", op="?"), KOLODA, R(r"^джокер")]],
    "PACK_REMOVED": [[R(r"^(удаля|удален|изыма|изъят|убира|убрать|вынима)"), CARD, L("от"),
                      {"LEMMA": {"IN": list(RANK_WORDS)}}, L("до"), {"LEMMA": {"IN": list(RANK_WORDS)}}]],
    "ADVICE": [[L("лучше", "ошибочно", "опытный", "тщательно", "рекомендоваться")],
               [R(r"^(следовало|выгодн|полезн|разумн)")]],
    # layout ------------------------------------------------------------------------------
    "PILES": [[NUM, ADJ, L("ряд", "стопка", "столбец", "столбцы", "столбик", "колонка", "группа",
                           "пачка", "веер", "луч", "кучка", "пакет", "комплект", "стовпець",
                           "купка", "стос"),
               {"IS_PUNCT": True, "OP": "?"}, SP,
               L("по"), NUM, ADJ, CARD]],
    "FACE_UP": [[L("лицо", "картинка", "картинкою", "сторона"), L("вверх", "вгору")],
                [R(r"^(открыт|відкрит)"), ADJ, CARD], [L("открыто", "открытый")]],
    "FACE_DOWN": [[L("лицо", "картинка", "сторона", "рубашка"), L("вниз", "донизу")],
                  [R(r"^(закрыт|закрит)"), ADJ, CARD]],
    "ROWS_FROM_TO": [[L("от"), NUM, CARD, L("до"), NUM]],
    "WHOLE_PACK": [[L("пока"), L("не"), R(r"^(иссякн|кончит|исчерпа)"), KOLODA], [L("весь"), CARD, KOLODA],
                   [L("весь"), KOLODA]],
    "STOCK_OUT_END": [[R(r"^(иссякн|кончит|исчерпа|истощит)"), CARD, L("под"), L("рука")],
                      [R(r"^(иссякн|кончит|исчерпа|истощит)"), KOLODA]],
    "TURN_UP": [[R(r"^(нижн|верхн|крайн)"), ADJ, CARD, ADJ, {"OP": "{0,2}", "IS_ALPHA": True}, R(r"^открыва")]],
    "FIRST_ROW": [[L("в", "во"), R(r"^перв"), L("ряд"), NUM, CARD]],
    "LAST_ROW": [[L("до"), L("ряд"), L("в", "из"), NUM, CARD]],
    "ROW_OF": [[L("в"), L("ряд"), NUM, ADJ, CARD]],
    "PILES_COUNT": [[L("иметься", "получиться", "образоваться"), {"OP": "{0,4}", "IS_ALPHA": True}, NUM,
                     L("столбец", "столбцы", "столбик", "колонка")]],
    "PLAYABLE_N": [[NUM, CARD, {"IS_PUNCT": True, "OP": "?"}, R(r"^пригодн"), L("для"), L("игра")]],
    "PLAY_ONLY_END": [[L("играть"), L("только"), CARD]],
    "EXCEPTION": [[R(r"^(исключени|виняток)")]],
    "PREPLACE_VERB": [[R(r"^(изыма|изъя|извлек|извлеч|вынь|выньт|вынима|вынут|вилуча|вийм)")]],
    "AS_THEY_APPEAR": [[L("по"), L("мера"), L("они", op="?"), R(r"^(появлени|поява)")]],
    "CELLS": [[NUM, ADJ, R(r"^(ячейк|клетк|комірк)")],
              # «восемь резервных карт (но не больше)»: cards set aside one by one (free cells)
              [NUM, R(r"^резервн"), CARD]],
    "RESERVE": [[NUM, ADJ, CARD, ANY, L("резерв")]],
    # directions --------------------------------------------------------------------------
    "DIR_UP": [[R(UP)]],
    "DIR_DOWN": [[R(DOWN)]],
    "TO_KING": [[L("до", "к", "къ"), R(r"^(корол|валет)")]],
    "TO_ACE": [[L("до", "к", "къ"), TUZ]],
    "NEXT_UP": [[R(r"^наступн"), L("по"), R(r"^старшинств")]],
    "SKIP_ONE": [[L("через"), L("карта", "один")]],
    # suits and colours -------------------------------------------------------------------
    "SUIT_SAME": [[L("тот", "той"), L("же", "самый", op="*"), R(r"^мас")],
                  [R(r"^(соответствующ|одинаков|відповідн|однаков)"), R(r"^мас")],
                  [L("в"), R(r"^масть$")], [L("по"), R(r"^мастям")],
                  # «сериями нисходящей последовательности карт одной масти»
                  [L("карта"), L("один"), R(r"^масти$")],
                  [R(r"^мас"), L("данный", "этот")],
                  # «собрать масти на тузы», «на тузы будут собираться масти»: suits are built
                  [{"LOWER": {"IN": ["масти", "мастей"]}}, L("на", "в")],
                  [L("собираться", "собирать", "собрать", "уложить"), {"LOWER": {"IN": ["масти", "мастей"]}}],
                  [L("весь", "все"), {"LOWER": {"IN": ["масти", "мастей"]}}]],
    "SUIT_ANY": [[R(r"^(независим|незалежн)"), L("от", "від"), R(r"^мас")],
                 [R(r"^мас"), L("не"), R(r"^(соблюда|учитыва)")],
                 [L("не"), L("по"), R(r"^мастям")]],
    "COLOR_ALT": [[R(r"^(противополож|альтернатив|чередующ|разн|другого|протилежн)"), ADJ,
                   L("по", op="?"), R(r"^(цвет|колір|кольор)")],
                  [R(r"^(цвет|колір)"), R(r"^противополож")],
                  [R(r"^(красн|черн)"), L("на"), R(r"^(черн|красн)")]],
    "COLOR_SAME": [[L("тот", "той", "один", "одинаковый"), L("же", op="?"), R(r"^цвет")],
                   # «серии карт соответствующего цвета» (the colour of the base)
                   [R(r"^соответствующ"), R(r"^цвет")]],
    # moves -------------------------------------------------------------------------------
    "ONE_CARD": [[L("только", "лишь"), L("по", op="?"), L("один"), CARD],
                 [L("только", "лишь"), R(r"^верхн"), CARD],
                 [L("перемещаться", "перекладывать", "перемещать"), L("по"), L("один")],
                 [L("за"), L("раз"), L("перемещаться", "перекладываться"), L("только"), L("один")],
                 [L("карта"), L("перемещаться"), L("только"), L("раз")]],
    "SEQUENCE": [[L("серия")]],
    "WHOLE_PILE": [[L("весь"), L("стопка", "пачка")], [L("стопка", "пачка"), L("целиком")],
                   # «если карта берется не снизу столбца, следует брать вместе с ней все карты столбца ниже ее»
                   [L("вместе"), L("с"), L("она", "он"), L("весь", "все"), CARD]],
    # spaces ------------------------------------------------------------------------------
    "SPACE": [[L("пробел", "пустота")],
              [R(r"^(пуст|свободн|освобод|освобожд|порожн|вільн)"), L("место", "місце", "ряд",
                                                                      "столбец", "колонка", "пространство")],
              [L("он", "она", "его", "ее"), L("место")],
              [L("место"), {"IS_PUNCT": True, "OP": "?"}, R(r"^(освобод|освобожд|опуст|образова)")],
              [R(r"^(опуст|опорожн)")], [R(r"^(исчерпан|разобран)")]],
    "SPACE_NOT": [[L("не"), R(r"^(заполня|замеща|возобновля)")],
                  [L("ничего", "ничто"), L("класть", "положить", "добавлять"), L("в", "на"),
                   L("он", "она", "они", "его", "ее")]],
    "SPACE_KINGS": [[L("только", "лишь"), ADJ, KOROL],
                    [{"LOWER": {"REGEX": r"^корол"}, "_": {"rules_case": {"IN": ["ablt", "accs", "gent"]}}}]],
    "SPACE_WASTE": [[R(r"^(резервн|расходн)"), L("стопка")], [L("из"), L("сброс", "отбой", "талон")]],
    "SPACE_STOCK": [[L("из"), ADJ, KOLODA], [L("в"), L("рука")], [L("под"), L("рука")]],
    "SPACE_REPLACE": [[R(r"^(замен|замещ)"), L("он", "они", "их")]],
    "FILL_WHILE_DEALING": [[R(r"^заполня"), L("попутно")]],
    "SPACE_ANY": [[L("любой"), ADJ, CARD], [L("любой"), R(r"^(игров|свободн|налич)")],
                  [R(r"^игров"), L("карта")]],
    # redeals -----------------------------------------------------------------------------
    "REDEAL_ORD": [[L("в", "во"), {"LEMMA": {"IN": list(ORDINALS["ru"]) + list(ORDINALS["uk"])}},
                    {"IS_PUNCT": True, "OP": "?"}, L("последний", op="?"), L("раз")]],
    "REDEAL_TOTAL": [[R(r"^всего$"), NUM, L("раз")], [L("до"), NUM, R(r"^раз")],
                     [L("сдаваться", "сдавать", "раздаваться"), NUM, L("раз")]],
    "REDEAL_ZERO": [[R(r"^вторичн")], [L("лишь", "только"), L("один"), L("раздача", "сдача")],
                    [L("сдаваться", "сдавать"), L("лишь", "только", op="?"), L("один"), L("раз")]],
    "REDEAL_ONE": [[L("еще", "ще"), L("раз")], [L("повторный"), L("сдача", "раздача")],
                   [L("снова", "вновь", "знову")]],
    # anchors -----------------------------------------------------------------------------
    "F_ANCHOR": [[R(r"^(базов|основан|основн(?!ом$)|основ[аы]?$|фундамент)")], [L("колонна")],
                 [R(r"^(базов|основн(?!ом$))"), {"POS": "ADJ", "OP": "?"}, {"POS": "NOUN"}],
                 [L("ряд"), R(r"^(туз|корол)")],
                 [L("на"), R(r"^корол(ях|ей|и)$")],
                 [L("на", "за", "над"), NUM, ADJ, TUZ], [L("на", "за", "над"), ADJ, TUZ]],
    "T_ANCHOR": [[L("на"), L("другой"), ADJ, CARD], [L("один", "одна"), L("на"), L("другой", "другую")],
                 [L("стопка", "столбец", "столбцы", "столбик", "колонка", "веер", "клумба", "крыло",
                    "ряд", "расклад", "раскладка", "звено", "луч", "группа", "пачка", "лесенка",
                    "косынка", "стовпець", "розкладка", "вікно")],
                 [R(r"^(игров|пристенн)")], [L("друг"), L("на"), L("друг")]],
    "W_ANCHOR": [[R(r"^(резервн|расходн)"), {"LOWER": {"IN": ["стопка", "стопки", "стопку", "стопке", "стопкой"]}}],
                 [L("сброс", "отбой", "талон")]],
    "F_WEAK": [[TUZ]],
    "T_WEAK": [[L("серия")], [R(r"^покр[ыи]")]],
    "BUILD_VERB": [[R(r"^(собира|собер|собра|клас|клад|полож|покр|помещ|помест|переклад|перелож|"
                      r"выстр|стро|наклад|налож|укла|идут|идет|нараст|наращ|присоедин|размещ|поклас|"
                      r"розташ|перемещ|восход|нисход)")]],
    "MOVE_VERB": [[R(r"^(перекла|перемещ|перенос|переложи|перенес|перемест|снят|помещ)")]],
    "DEAL_VERB": [[R(r"^(выкла|выложи|разлож|раскла|уклад|кладут|кладем|клас|викладаю|вылож|укладаю)")]],
    "REDEAL_VERB": [[R(r"^(раскла|разлож|сда|тасу|перетас|просматр|перемеш|перемішат|повтор|переворач)")]],
    "GOAL": [[L("цель", "задача", "мета")]],
    "SCORING": [[R(r"^(засчитыва|засчита|подсчитыва)")], [NUM, L("очко")]],
    "SUCCESS": [[R(r"^(сош[её]л|сошлась|сходится|складыва|сложит|удал[ао]с|вышел|вийшов)")],
                # «рекомендуется стремиться набрать 121 очко (… необходимое для выигрыша)»
                [L("набрать"), NUM, L("очко")]],
    "IN_LAYOUT": [[L("в"), L("предел", "пределы"), R(r"^(расклад|раскладк)")]],
    "NO_BUILD": [[L("нельзя"), L("собирать", "класть", "строить", "укладывать", "помещать"),
                  L("карта", op="?"), L("на")]],
    "WRAP_PAIR": [[L("на"), KOROL, TUZ], [L("на"), TUZ, KOROL]],
    "ANY_FIRST": [[R(r"^перв"), L("из", op="?"), NUM, R(r"^базов")], [R(r"^перв"), R(r"^базов")],
                  [L("другой"), NUM, {"IS_PUNCT": False, "OP": "{0,1}"}, CARD, L("тот"), L("же"), R(r"^достоинств")],
                  [L("другой"), NUM, CARD, L("тот"), L("же"), R(r"^достоинств")],
                  [L("другой"), CARD, L("тот"), L("же"), R(r"^достоинств")]],
    "HIGHER_CARD": [[R(r"^более$"), R(r"^(высок|старш)"), R(r"^достоинств")]],
    "LOWER_CARD": [[R(r"^более$"), R(r"^(низк|младш)"), R(r"^достоинств")]],
    "REDEAL_UNLIMITED": [[L("раз"), L("за"), L("раз")], [L("сколько"), L("угодно")],
                         [R(r"^неограничен"), L("число", "количество", op="?"), L("раз", op="?")]],
    "SPACE_RESERVE": [[R(r"^магазин")], [L("из"), L("резерв")],
                      # «заполняться верхней картой стопки, расположенной … сверху или снизу от нее»
                      [R(r"^верхн"), CARD, L("стопка")],
                      # «Карты из среднего ряда стопок используются только для заполнения пробелов»
                      [L("стопка"), R(r"^использ"), L("только", op="?"), L("для"), R(r"^заполнен")]],
    "DEAL_ONE_BY_ONE": [[R(r"^поочередн")], [L("по"), L("один"), L("карта", op="?")],
                        [L("по"), L("три"), L("карта", op="?")]],
    "HAND": [[L("под"), L("рука")], [R(r"^оста"), KOLODA], [R(r"^колод")]],
    "STOCK_DEAL": [[L("по"), L("один", "три"), CARD, ADJ]],
    "STOCK_VERB": [[R(r"^(сда[её]т|сдава|открыва|просматрива|переворачива)")]],
    "VARIANT": [[L("в", "во"), R(r"^(друг|ин[оы]|некотор)"), R(r"^(вариант|верси)")],
                [L("иногда")], [L("существовать"), L("много"), R(r"^верси")]],
    # mechanics outside the fields (``special``) -------------------------------------------
    "DISCARD_VERB": [[R(r"^(сбрасыва|сброс|сбрось|удаля|удален|удалит|изыма|изъят|скину)")]],
    "PAIR": [[L("пара", "парами")], [R(r"^пар(ами|ой|у|ы|а)?$")], [L("два", "две", "оба"), ADJ, CARD],
             [L("два", "две"), {"OP": "{0,6}", "IS_PUNCT": False}, L("карта")]],
    "POINTS": [[R(r"^составля"), NUM], [L("сумма"), NUM], [NUM, L("очко")]],
    "SAME_RANK": [[R(r"^(одинаков|того|тот|той|тем)$|^одинаков"), L("же", op="?"), R(r"^(достоинств|старшинств)")],
                  [R(r"^(достоинств|старшинств)"), R(r"^одинаков")]],
    "ONE_BY_ONE": [[L("по"), L("один")]],
    "OUT_OF_PLAY": [[L("из"), L("игра")], [L("участие"), L("в"), L("игра")]],
    "CELL_PLACE": [[L("место"), L("для"), NUM, CARD]],
    "REVERSIBLE": [[R(r"^вспять")], [R(r"^(обратим|обращает)")]],
    "SAME_AS": [[L("так", "такой", "такий", "точно"), L("же", "ж"), {"IS_PUNCT": True, "OP": "?"}, L("как", "як")],
                [L("так", "такой"), L("же"), {"IS_PUNCT": True, "OP": "?"}, L("и", op="?"), L("в")],
                [L("играть"), L("так"), L("же")]],
}


@lru_cache(maxsize=4)
def _matcher(lang: str) -> Matcher:
    m = Matcher(_nlp(lang).vocab)
    for label, pats in PATTERNS.items():
        m.add(label, pats)
    return m


# --------------------------------------------------------------------------------------------
# Sentences and their cues
# --------------------------------------------------------------------------------------------


@dataclass
class _Sent:
    start: int          # token index
    end: int            # token index (exclusive)
    quote: str
    lines: tuple[int, int]
    cues: dict[str, list[tuple[int, int]]]

    def has(self, label: str) -> bool:
        return bool(self.cues.get(label))

    def spans(self, label: str) -> list[tuple[int, int]]:
        return self.cues.get(label, [])


def _sentence_bounds(doc: Doc, text: str) -> list[tuple[int, int]]:
    """spaCy's sentences over ``doc`` (whose line ends were made spaces), split again at blank
    lines and after heading lines of the original ``text``, then re-joined where the next piece
    starts in lower case («т. е.», «см. рис.», a sentence broken by a page break)."""
    cut_after: set[int] = set()
    words = [t for t in doc if not t.is_space]
    for t, t1 in zip(words, words[1:]):
        gap = text[t.idx + len(t.text): t1.idx]
        if "\n" not in gap:
            continue
        line_start = text.rfind("\n", 0, t.idx) + 1
        line = text[line_start: t.idx + len(t.text)]
        nxt = t1.text[:1]
        title = (len(line.split()) <= 5 and not re.search(r"[.!?:;,…—-]$", line.strip())
                 and nxt.isalpha() and nxt.isupper())
        if "\n\n" in gap.replace(" ", "") or _is_heading(line) or title:
            cut_after.add(t.i)
    pieces: list[tuple[int, int]] = []
    for sent in doc.sents:
        start = sent.start
        for t in sent:
            if t.i in cut_after and t.i + 1 < sent.end:
                pieces.append((start, t.i + 1))
                start = t.i + 1
        pieces.append((start, sent.end))
    pieces = [(a, b) for a, b in pieces if any(not t.is_space for t in doc[a:b])]
    merged: list[tuple[int, int]] = []
    for a, b in pieces:
        first = next((t for t in doc[a:b] if t.is_alpha), None)
        if merged and first is not None and first.text[0].islower() and not _is_heading(
                text[doc[merged[-1][0]].idx: doc[merged[-1][1] - 1].idx + len(doc[merged[-1][1] - 1])].strip()):
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged


def _sentences(doc: Doc, mt: MappedText, lang: str) -> list[_Sent]:
    matches = sorted(_matcher(lang)(doc), key=lambda m: m[1])
    starts = [m[1] for m in matches]
    vocab = doc.vocab.strings
    out = []
    for a, b in _sentence_bounds(doc, mt.text):
        toks = [t for t in doc[a:b] if not t.is_space]
        if not toks:
            continue
        c0, c1 = toks[0].idx, toks[-1].idx + len(toks[-1].text)
        cues: dict[str, list[tuple[int, int]]] = {}
        for mid, s, e in matches[bisect.bisect_left(starts, a): bisect.bisect_left(starts, b)]:
            if e <= b:
                cues.setdefault(vocab[mid], []).append((s, e))
        for k in cues:
            cues[k] = _longest(cues[k])
        quote = " ".join(mt.text[c0:c1].split())
        out.append(_Sent(a, b, quote, mt.lines_of(c0, c1), cues))
    return out


def _longest(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop spans inside a longer span of the same label (Matcher returns every optional form)."""
    spans = sorted(set(spans), key=lambda x: (x[0], -(x[1] - x[0])))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and s >= out[-1][0] and e <= out[-1][1]:
            continue
        if out and s < out[-1][1]:
            # overlap: keep the longer
            if e - s > out[-1][1] - out[-1][0]:
                out[-1] = (s, e)
            continue
        out.append((s, e))
    return out


# --------------------------------------------------------------------------------------------
# Claims
# --------------------------------------------------------------------------------------------


@dataclass
class _Claim:
    field: str
    value: Any
    sent: int
    strength: int = 1


def _number_at(doc: Doc, s: int, e: int) -> int | None:
    """The number spelt by the number tokens of ``doc[s:e]`` («двадцать восемь» → 28)."""
    vals = [t._.rules_num for t in doc[s:e] if t._.rules_isnum]
    if not vals:
        return None
    total = vals[0]
    for v in vals[1:]:
        if total % 10 == 0 and v < 10:
            total += v
        else:
            break
    return total


def _preceded_by(doc: Doc, i: int, lemmas: set[str], window: int = 2) -> bool:
    for t in doc[max(0, i - window): i]:
        if t.lemma_ in lemmas:
            return True
    return False


_CLAUSE_WORDS = {"или", "либо", "но", "а", "або", "чи"}
_CLAUSE_PUNCT = set(",;:()")


def _clause(doc: Doc, sent: _Sent, i: int) -> tuple[int, int]:
    a = i
    while a > sent.start and not _is_boundary(doc[a - 1]):
        a -= 1
    b = i
    while b < sent.end and not _is_boundary(doc[b]):
        b += 1
    return a, b


def _is_boundary(tok: Token) -> bool:
    return tok.text in _CLAUSE_PUNCT or tok.lemma_ in _CLAUSE_WORDS


class _Reader:
    """Reads one text: sentences, cues, and the claims they make."""

    def __init__(self, mt: MappedText, lang: str, source: str | None, game: str | None):
        if lang not in NUMBERS:
            raise ValueError(f"no rule reader for language {lang!r}")
        self.mt, self.lang, self.source, self.game = mt, lang, source, game
        self.doc = _doc(mt.text, lang)
        self.sents = _sentences(self.doc, mt, lang)
        self.claims: list[_Claim] = []
        self.findings: list[Finding] = []
        self.special: list[dict] = []
        self._context: str | None = None   # "foundations" / "tableau" of the last anchored cue
        self.whole_pack: int | None = None  # sentence saying the whole pack is dealt out
        self.claim_reason: tuple[str, str] | None = None  # (field, why) an unknown field is left unknown

    # -- helpers -------------------------------------------------------------------------
    def claim(self, field: str, value: Any, k: int, strength: int = 1) -> None:
        enum = allowed_values(field)
        if enum is not None and value not in enum:
            raise AssertionError(f"{field}: {value!r} is not in the schema enum {enum}")
        self.claims.append(_Claim(field, value, k, strength))

    def finding(self, k: int, kind: str, message: str, token: str | None = None) -> None:
        s = self.sents[k]
        self.findings.append(Finding(self.source or "?", s.lines, kind, message, token, self.game))

    def _anchor_kind(self, sent: _Sent, s: int, e: int, prev: _Sent | None = None) -> str | None:
        """``"foundations"`` or ``"tableau"``: the nearest anchor of the cue ``[s, e)``."""
        doc = self.doc
        # anchors in a prohibition («нельзя класть на короля туза») say nothing about piles
        barred = set()
        for i in range(sent.start, sent.end):
            if doc[i].lemma_ == "нельзя":
                barred.update(range(*_clause(doc, sent, i)))
        # «на короля туза, а на туза короля» names cards, not piles
        barred.update(i for a, b in sent.spans("WRAP_PAIR") for i in range(a, b))
        f_strong = [x for x in sent.spans("F_ANCHOR") if not (s <= x[0] < e) and x[0] not in barred]
        f_tokens = {i for x in sent.spans("F_ANCHOR") for i in range(*x)}
        t_strong = [x for x in sent.spans("T_ANCHOR")
                    if not (s <= x[0] < e) and not any(i in f_tokens for i in range(*x))]
        f_weak = [x for x in sent.spans("F_WEAK") if not (s <= x[0] < e) and x[0] not in f_tokens
                  and not _preceded_by(doc, x[0], {"до", "от", "к", "кроме"})]
        t_weak = [x for x in sent.spans("T_WEAK") if not (s <= x[0] < e)]
        ca, cb = _clause(doc, sent, s)

        def nearest(cands: list[tuple[str, tuple[int, int]]], lo: int, hi: int):
            best = None
            for kind, (x0, x1) in cands:
                if x0 < lo or x1 > hi:
                    continue
                d = (s - x1 + 0.5) if x1 <= s else (x0 - e + 1) if x0 >= e else 0
                if best is None or d < best[0]:
                    best = (d, kind)
            return best[1] if best else None

        w_strong = [x for x in sent.spans("W_ANCHOR") if not (s <= x[0] < e)]
        w_tokens = {i for x in w_strong for i in range(*x)}
        t_strong = [x for x in t_strong if not any(i in w_tokens for i in range(*x))]
        strong = ([("foundations", x) for x in f_strong] + [("tableau", x) for x in t_strong]
                  + [("waste", x) for x in w_strong])
        # «на них», «на которых»: the piles named before — the foundations if aces or a
        # foundation word came before in the sentence, else the nearest pile word before
        for i in range(sent.start, sent.end - 1):
            on_them = doc[i].lemma_ == "на" and doc[i + 1].lemma_ in ("они", "который")
            # «… с тем, чтобы их покрывали сериями карт»: «их» = the piles named before, covered
            them_covered = doc[i].lower_ == "их" and doc[i + 1].lower_.startswith("покр")
            if (on_them or them_covered) and not (s <= i < e):
                before = [kd for kd, x in strong if x[1] <= i]
                last_prev = self._last_anchor(prev) if prev is not None else None
                if any(x[1] <= i for x in f_strong + f_weak) or (
                        not before and last_prev == "foundations"):
                    strong.append(("foundations", (i, i + 2)))
                elif before:
                    strong.append((before[-1], (i, i + 2)))
                elif last_prev == "tableau":
                    # «Базовые покрывают только карты верхнего и нижнего рядов. На них можно также
                    # собирать серии …»: the pile word nearest before «на них»
                    strong.append(("tableau", (i, i + 2)))
        weak = [("foundations", x) for x in f_weak] + [("tableau", x) for x in t_weak]
        # a cue inside parentheses explains what stands just before them: «переложить в ряд тузов
        # (на карту той же масти и на ступень меньшего достоинства)»
        opened = None
        for i in range(s - 1, sent.start - 1, -1):
            if doc[i].text == ")":
                break
            if doc[i].text == "(":
                opened = i
                break
        paren = [(sent.start, opened)] if opened is not None else []
        for cands, lo, hi in ((strong, ca, cb), (weak, ca, cb), *[(strong, a, b) for a, b in paren],
                              (strong, sent.start, sent.end), (weak, sent.start, sent.end)):
            kind = nearest(cands, lo, hi)
            if kind:
                return kind
        return None

    def _last_anchor(self, sent: _Sent) -> str | None:
        """``"foundations"`` or ``"tableau"``: the pile word that ends last in ``sent`` (a pronoun in
        the next sentence most likely stands for it), or ``None``."""
        spans = [("foundations", x) for x in sent.spans("F_ANCHOR") + sent.spans("F_WEAK")]
        f_tok = {i for _, x in spans for i in range(*x)}
        spans += [("tableau", x) for x in sent.spans("T_ANCHOR") if not any(i in f_tok for i in range(*x))]
        if not spans:
            return None
        return max(spans, key=lambda kx: kx[1][1])[0]

    def _negated(self, s: int) -> bool:
        """A «не» / «не обязательно» right before the cue."""
        doc = self.doc
        before = [t for t in doc[max(0, s - 3): s] if not t.is_punct and not t.is_space]
        return any(t.lemma_ in ("не", "нельзя") for t in before)

    # -- reading ---------------------------------------------------------------------------
    def read(self) -> None:
        for k, sent in enumerate(self.sents):
            if (sent.has("SAME_AS") and self._names_game(sent, sent.spans("SAME_AS")[0][1])) or (
                    k == 0 and sent.has("VARIANT")):
                # «Его играют так же, как и основную игру», «В іншому правила такі ж, як …»: the rest
                # comes from another game, which only the segmentation knows (see inherit()).
                self.special.append({"name": "same-as", "description":
                                     "the text refers to another game's rules for what it does not state",
                                     "quote": sent.quote, "lines": list(sent.lines)})
            if k > 0 and sent.has("VARIANT") and sent.spans("VARIANT")[0][0] - sent.start <= 2:
                self.special.append({"name": "variant", "description":
                                     "another version of the game, not read into the fields",
                                     "quote": sent.quote, "lines": list(sent.lines)})
                continue
            if sent.has("ADVICE") and not sent.has("GOAL"):
                # «Если ходы тщательно продуманы, то …», «Опытные игроки резервируют …»: play advice
                self.finding(k, "not-a-rule", "advice to the player, not read as a rule", sent.quote[:120])
                continue
            before, specials_before = len(self.claims), len(self.special)
            self._deck(k, sent)
            self._layout(k, sent)
            self._targeted(k, sent)
            self._base(k, sent)
            self._base_list(k, sent)
            self._space(k, sent)
            self._move(k, sent)
            self._redeals(k, sent)
            self._stock(k, sent)
            self._windows(k, sent)
            self._accordion(k, sent)
            self._wrap(k, sent)
            self._preplaced(k, sent)
            self._kinds_of_play(k, sent)
            self._mechanics(k, sent)
            if sent.has("GOAL") and sent.spans("GOAL")[0][0] - sent.start <= 3:
                self.claim("goal", sent.quote, k)
            if len(self.claims) > before and any(t._.rules_ord for t in self.doc[sent.start:sent.end]):
                self.finding(k, "reading-choice", "an ordinal before a plural noun («о восьмій … рядів») "
                             "was read as the cardinal number (machine-translated text)",
                             next(t.text for t in self.doc[sent.start:sent.end] if t._.rules_ord))
            if len(self.claims) == before and len(self.special) == specials_before and self._rule_like(sent):
                self.finding(k, "unparsed-rule-sentence",
                             "sentence uses rule words but no rule field was read from it",
                             sent.quote[:120])
        self._base_directions()

    def _columns_text(self) -> bool:
        """Whether the text calls its piles columns («столбцы», «колонки»), so that horizontal rows
        are rows across them (not the piles themselves, as in the Paganini family's rows)."""
        return any(t.lower_.startswith(("столбц", "столбик", "колонк", "стовпц", "стовпч")) for t in self.doc)

    def _row_shapes(self, k: int, sent: _Sent) -> None:
        """Layouts given row by row:

        * «В первом ряду десять карт, во втором — девять и т. д. вплоть до ряда в три карты» (rows
          overlapping into columns): 10 columns holding 8, 8, 8, 7, 6, 5, 4, 3, 2, 1 cards;
        * «Выкладываются в ряд семь открытых карт, за ним следует второй, третий, четвертый и
          пятый ряды внахлест»: 7 columns of 5 cards;
        * «В раскладке имеется, таким образом, 10 столбцов»: 10 piles (stronger than rows × cards);
        * «всегда имеются в наличии 8 карт, пригодных для игры»: 8 piles (weaker than any other cue).
        """
        doc = self.doc
        if sent.has("FIRST_ROW") and sent.has("LAST_ROW"):
            first = _number_at(doc, *sent.spans("FIRST_ROW")[0])
            last = _number_at(doc, *sent.spans("LAST_ROW")[0])
            if first and last and first > last:
                rows = list(range(first, last - 1, -1))
                counts = [sum(1 for r in rows if r >= j) for j in range(1, first + 1)]
                self.claim("layout.tableau_piles", first, k, strength=2)
                self.claim("layout.cards_per_pile", ",".join(map(str, counts)), k, strength=2)
        if sent.has("ROWS_FROM_TO") and any(t.lemma_ == "ряд" for t in doc[sent.start:sent.end]):
            # «Выложите двадцать восемь карт … рядами слегка внахлест от семи карт до одной»
            nums = [t._.rules_num for t in doc[slice(*sent.spans("ROWS_FROM_TO")[0])] if t._.rules_isnum]
            if len(nums) == 2 and nums[0] > nums[1] >= 1:
                rows = list(range(nums[0], nums[1] - 1, -1))
                counts = [sum(1 for r in rows if r >= j) for j in range(1, nums[0] + 1)]
                self.claim("layout.tableau_piles", nums[0], k, strength=2)
                self.claim("layout.cards_per_pile", ",".join(map(str, counts)), k, strength=2)
        if sent.has("ROW_OF") and any(t.lower_.startswith("внахл") for t in doc[sent.start:sent.end]):
            n = _number_at(doc, *sent.spans("ROW_OF")[0])
            ords = [v for t in doc[sent.start:sent.end] for v in [ORDINALS["ru"].get(t.lemma_)] if v]
            if n and ords:
                self.claim("layout.tableau_piles", n, k, strength=2)
                self.claim("layout.cards_per_pile", max(ords), k, strength=2)
        for s, e in sent.spans("PILES_COUNT"):
            n = _number_at(doc, s, e)
            if n and n > 1:
                self.claim("layout.tableau_piles", n, k, strength=3)
        for s, e in sent.spans("PLAYABLE_N"):
            n = _number_at(doc, s, e)
            if n and n > 1:
                self.claim("layout.tableau_piles", n, k, strength=0)

    # windows of the Paganini family (000) -------------------------------------------------
    _WINDOW = ("вікн", "вікон", "окн", "окон")
    _LEFT = ("зліва", "ліворуч", "слева")
    _RIGHT = ("праворуч", "справа")

    def _windows(self, k: int, sent: _Sent) -> None:
        """«В вікно можна покласти карту, наступну по старшинству за картою, що лежить зліва від
        вікна» (000 rule 4): special ``paganini-windows``; rule 9 adds «… або на одне очко молодше
        карти, що лежить праворуч від вікна»: ``paganini-windows-two-sided``. A window is a space
        taking one card (``tableau.space`` other, ``tableau.move`` one-card). «Якщо вікно виявиться
        праворуч від короля, то туди вже нічого не покладеш» (a dead window): no wrap."""
        words = [t.lower_ for t in self.doc[sent.start:sent.end]]
        if not any(w.startswith(self._WINDOW) for w in words) and "вільне" not in words:
            return
        left = any(w in self._LEFT for w in words)
        right = any(w in self._RIGHT for w in words)
        nxt = any(w.startswith(("наступн", "следующ", "старш", "старше")) for w in words)
        lower = any(w.startswith(("молодш", "младш")) for w in words)
        king = any(w.startswith("корол") for w in words)
        dead = any(w in ("нічого", "ничего") for w in words) or any(w.startswith(("глух",)) for w in words)
        if left and nxt and not king:
            two = right and lower
            name = "paganini-windows-two-sided" if two else "paganini-windows"
            desc = ("a window (an empty place in a row) takes only the card of the same suit one rank "
                    "above the card left of it" + (", or one rank below the card right of it" if two else "")
                    + "; the rows are at once the tableau and the foundations (built up from the aces "
                      "at the left); a window right of a king is dead")
            params = {"left_neighbour": 1, **({"right_neighbour": -1} if two else {}), "suit": "same-suit"}
            self.special.append({"name": name, "description": desc, "quote": sent.quote,
                                 "lines": list(sent.lines), "params": params})
            self.claim("tableau.space", "other", k)
            self.claim("tableau.move", "one-card", k)
        elif king and dead and right:
            self.claim("foundations.wrap", False, k)
            self.claim("tableau.wrap", False, k)

    def _accordion(self, k: int, sent: _Sent) -> None:
        """«… карта, соответствующая своей соседке слева по масти или достоинству, … переложить на эту
        карту слева», «… карте, расположенной на третьем слева месте»: special ``accordion`` with
        Solvitaire-style params ``moves`` (``L1``, ``L3``) and ``build policies`` (``same-suit``,
        ``same-rank``); the sentences are joined into one special."""
        words = [t.lower_ for t in self.doc[sent.start:sent.end]]
        if "слева" not in words:
            return
        move = None
        if any(w.startswith(("соседк", "соседн")) for w in words):
            move = "L1"
        elif any(w.startswith(("трет",)) for w in words):
            move = "L3"
        if move is None:
            return
        pol = [p for p, stem in (("same-suit", "маст"), ("same-rank", "достоинств")) if any(w.startswith(stem) for w in words)]
        acc = next((x for x in self.special if x["name"] == "accordion"), None)
        if acc is None:
            if not pol:
                return
            self.special.append({"name": "accordion", "description":
                                 "a card (with its pile) goes onto the card left of it or the third card "
                                 "to its left when it matches it in suit or rank; goal: one pile",
                                 "quote": sent.quote, "lines": list(sent.lines),
                                 "params": {"moves": [move], "build policies": pol}})
            return
        if move not in acc["params"]["moves"]:
            acc["params"]["moves"].append(move)
            acc["quote"] = f"{acc['quote']} … {sent.quote}"
            acc["lines"] = [min(acc["lines"][0], sent.lines[0]), max(acc["lines"][1], sent.lines[1])]

    def _wrap(self, k: int, sent: _Sent) -> None:
        """«нельзя класть на короля туза, а на туза короля» → no wrap for the pile the sentence is
        about (its nearest anchor); «туза на короля» without a prohibition → wrap."""
        if not sent.has("WRAP_PAIR") or sent.has("IN_LAYOUT"):
            return
        s, e = sent.spans("WRAP_PAIR")[0]
        barred = any(t.lemma_ in ("нельзя", "не") for t in self.doc[sent.start:s])
        kind = self._anchor_kind(sent, s, e) or self._context
        field = {"waste": "waste.wrap", "tableau": "tableau.wrap", "foundations": "foundations.wrap"}.get(kind)
        if field:
            self.claim(field, not barred, k)

    def _kinds_of_play(self, k: int, sent: _Sent) -> None:
        """Base chosen by the first card, moves onto a higher card, no building, dealing to the waste,
        play kept inside the layout."""
        doc = self.doc
        if sent.has("ANY_FIRST"):
            # «Это первая из четырех базовых карт», «Другие три карты того же достоинства … помещаются»
            self.claim("foundations.base", "any-first", k, strength=2)
        if sent.has("HIGHER_CARD") or sent.has("LOWER_CARD"):
            # «следующую карту более высокого достоинства … можно покрыть только всей стопкой»
            if any(t.lower_.startswith("покр") for t in doc[sent.start:sent.end]):
                kind = self._anchor_kind(sent, *sent.spans("HIGHER_CARD" if sent.has("HIGHER_CARD")
                                                           else "LOWER_CARD")[0]) or "tableau"
                field = {"tableau": "tableau.build_direction", "waste": "waste.build_direction",
                         "foundations": "foundations.direction"}[kind]
                self.claim(field, "down" if sent.has("HIGHER_CARD") else "up", k)
        if sent.has("NO_BUILD") and not sent.has("F_ANCHOR") and not sent.has("W_ANCHOR"):
            # «Нельзя собирать карты на «ковер»»: nothing is built on the layout
            self.claim("tableau.build_direction", "none", k, strength=2)
            self.claim("tableau.build_suit", "none", k, strength=2)
        if sent.has("IN_LAYOUT") and sent.has("GOAL"):
            # «Цель игры — выстроить, в пределах расклада, серии карт …»: no foundations
            for f in ("foundations.base", "foundations.direction", "foundations.suit"):
                self.claim(f, "none", k, strength=2)
            self.special.append({"name": "sequences-in-layout", "description":
                                 "the goal is complete suit sequences built inside the layout (no foundations); "
                                 "a solver that removes each complete sequence to a foundation reaches the same end",
                                 "quote": sent.quote, "lines": list(sent.lines),
                                 "params": {"suit": "same-suit" if sent.has("SUIT_SAME") else None}})
        if sent.has("W_ANCHOR") and sent.has("DEAL_ONE_BY_ONE") and sent.has("HAND") \
                and not sent.has("SPACE"):
            # «Оставшиеся карты сохраняются под рукой и помещаются поочередно в резервную стопку»
            s, e = sent.spans("DEAL_ONE_BY_ONE")[0]
            n = 3 if any(t.lemma_ == "три" for t in doc[s:e]) else 1
            self.claim("stock.deal_to", "waste", k)
            self.claim("stock.deal", f"{n} at a time", k, strength=2)

    # mechanics the fields cannot hold: ``special`` entries the engine's plug-ins know ---------
    def _special(self, name: str, description: str, sent: _Sent, params: dict) -> None:
        if any(x["name"] == name for x in self.special):
            return
        self.special.append({"name": name, "description": description, "quote": sent.quote,
                             "lines": list(sent.lines), "params": params})

    def _ranks_named(self, sent: _Sent) -> list[int]:
        """Rank nouns of the sentence not governed by «до», «от», «на» (in text order, once each)."""
        out = []
        for t in self.doc[sent.start:sent.end]:
            r = RANK_WORDS.get(t.lemma_)
            if r is not None and not _preceded_by(self.doc, t.i, {"до", "от", "на", "с", "к"}, 1) and r not in out:
                out.append(r)
        return out

    def _mechanics(self, k: int, sent: _Sent) -> None:
        """Sentences that state a mechanic outside the fields (see :mod:`pasyans.engine.plugins`):

        * ``pairs``: «Короли сбрасываются по одному, но все другие карты — парами, общее число очков
          которых составляет 13», «Любые две карты одинакового достоинства, которые соприкасаются …,
          сбрасываются», «… удаляя из расклада любые две карты, которые дают в сумме 14 очков»
          (params ``total`` or ``same_rank``, ``singles``, ``touching``);
        * ``remove-rank``: «Короли изымаются из игры по мере высвобождения», «Тузы участия в игре не
          принимают и удаляются» (params ``ranks``);
        * ``same-rank-onto``: «Если в верхнем ряду есть карты того же старшинства, что и средняя
          карта нижнего ряда, положите такие карты на нее»;
        * ``base-cards``: «Изъять из колоды ♥2, ♥6 и ♥10, ♠3 … ♣К. … Они будут служить базовыми
          картами» (params ``cards``; ``wrap`` when the piles are built round a clock face);
        * ``gaps``: «Пробел заполняется лишь той картой, которая выше достоинством предыдущей карты в
          ряду и той же масти», «… выше достоинством карты слева от пробела или ниже достоинством,
          чем карта справа от пробела» (params ``left_neighbour`` +1, ``right_neighbour`` −1, ``suit``);
        * «Место для одной карты … называется подвалом»: ``layout.cells`` = 1.
        """
        doc = self.doc
        toks = doc[sent.start:sent.end]
        lemmas = {t.lemma_ for t in toks}
        low = [t.lower_ for t in toks]
        if self._neighbours(sent):
            return
        if sent.has("DISCARD_VERB") and not sent.has("F_ANCHOR"):
            # «… составляет 13 (дамы засчитываются за 12 очков …)»: not a value counted «за» a card
            total = next((_number_at(doc, s, e) for s, e in sent.spans("POINTS")
                          if not _preceded_by(doc, s, {"за"}, 1)), None)
            same = sent.has("SAME_RANK")
            paired = sent.has("PAIR") or total is not None
            singles = []
            if sent.has("ONE_BY_ONE"):
                s0 = sent.spans("ONE_BY_ONE")[0][0]
                singles = [RANK_WORDS[t.lemma_] for t in doc[max(sent.start, s0 - 4):s0] if t.lemma_ in RANK_WORDS]
            touching = any(w.startswith(("соприкаса", "смежн", "соседн")) for w in low)
            if paired and (same or (total is not None and 10 <= total <= 15)):
                params = {"same_rank": True} if same else {"total": total}
                params.update({"singles": singles, "touching": touching})
                desc = ("two cards " + ("of one rank" if same else f"whose values add up to {total} "
                        "(ace 1, jack 11, queen 12, king 13)") + " leave play together"
                        + (f"; {', '.join(map(str, singles))}s leave alone" if singles else "")
                        + ("; the two must touch in the layout" if touching else ""))
                self._special("pairs", desc, sent, params)
                return
            ranks = self._ranks_named(sent)
            if ranks and not paired and (sent.has("OUT_OF_PLAY") or "участие" in lemmas) and len(ranks) == 1:
                self._special("remove-rank", f"cards of rank {ranks[0]} are taken out of play", sent,
                              {"ranks": ranks})
                return
        if sent.has("SAME_RANK") and sent.has("BUILD_VERB") and "на" in lemmas and not sent.has("DISCARD_VERB") \
                and any(t.lemma_ in ("положить", "класть", "положите", "помещать", "поместить") for t in toks):
            self._special("same-rank-onto", "cards of the same rank as the card named go onto it", sent, {})
        if sent.has("PREPLACE_VERB"):
            from .notation import find_cards

            cards = list(dict.fromkeys(t.card for t in find_cards(sent.quote, "symbol", self.lang, words=False)
                                       if t.card.suit))
            later = self.sents[k + 1: k + 3]
            if len(cards) >= 4 and any(x.has("F_ANCHOR") for x in later):
                clock = any(re.search(r"циферблат|часов", x.quote) for x in [sent, *later])
                self._special("base-cards", "the named cards are laid out as the bases before play and built "
                              "up in suit" + (" round a clock face: a king is followed by the ace" if clock else ""),
                              sent, {"cards": [c.format() for c in cards], "direction": "up", "wrap": clock})
                self.claim("foundations.base", "mixed", k, strength=2)
                self.claim("foundations.preplaced", True, k)
        if sent.has("SPACE") and any(w.startswith(("выше", "старше", "высок")) for w in low) and any(
                w.startswith("достоинств") for w in low):
            left = any(w.startswith(("предыдущ", "слева")) for w in low)
            right = any(w.startswith("ниже") for w in low) and "справа" in low
            if left:
                suit = "same-suit" if sent.has("SUIT_SAME") else None
                params = {"left_neighbour": 1, **({"right_neighbour": -1} if right else {}), "suit": suit}
                self._special("gaps", "a space takes the card one rank above the card left of it"
                              + (" or one rank below the card right of it" if right else "")
                              + (", of the same suit" if suit else ""), sent, params)
                self.claim("tableau.space", "other", k)
        for s, e in sent.spans("CELL_PLACE"):
            n = _number_at(doc, s, e)
            if n:
                self.claim("layout.cells", n, k)
        if "голый" in lemmas and "король" in lemmas and sent.has("SPACE"):
            # «голый король (все выстроенные на нем карты помещены на базовые) приравнивается к пробелу.
            # Для его заполнения может быть использована любая карта.»
            self._special("bare-king-space", "a king with nothing built on it counts as a space", sent, {})
            nxt = self.sents[k + 1] if k + 1 < len(self.sents) else None
            if nxt is not None and nxt.has("SPACE_ANY"):
                joined = _Sent(0, 0, f"{sent.quote} {nxt.quote}", (sent.lines[0], nxt.lines[1]), {})
                self.sents.append(joined)
                self.claim("tableau.space", "any", len(self.sents) - 1)
        seqs = self._rank_sequences(sent)
        if seqs:
            suit = "any-suit" if sent.has("SUIT_ANY") else "same-suit" if sent.has("SUIT_SAME") else None
            old = next((x for x in self.special if x["name"] == "sequences"), None)
            if old is None:
                self._special("sequences", "each base is built on in the order of ranks listed for it"
                              + (" (any suit)" if suit == "any-suit" else " (same suit)" if suit else ""),
                              sent, {"sequences": seqs, "suit": suit})
            else:
                old["params"]["sequences"] += [q for q in seqs if q not in old["params"]["sequences"]]
                old["quote"] = f"{old['quote']} … {sent.quote}"
                old["lines"] = [min(old["lines"][0], sent.lines[0]), max(old["lines"][1], sent.lines[1])]
            if suit == "any-suit" and len(seqs) >= 2:
                self.claim("foundations.suit", "any-suit", k)
        several = any(t.lemma_ == "резервный" and t.i > sent.start and doc[t.i - 1]._.rules_isnum
                      and (doc[t.i - 1]._.rules_num or 0) > 1 for t in toks)
        if several and any(t.lemma_ == "любой" for t in toks) and sent.has("F_ANCHOR"):
            # «каждая карта должна быть помещена либо на базовую, либо на любую из четырех резервных
            # стопок»: several reserve piles take the stock's cards (not the one waste pile)
            self.claim("stock.deal_to", "reserve", k)

    def _neighbours(self, sent: _Sent) -> bool:
        """«Если рядом окажутся карты одной масти, то правую карту такой пары следует немедленно
        изъять из ряда … Если же карты одной масти оказались лежащими через одну, то надо убрать
        карту этой масти, находящуюся слева» («Ручеек»): special ``same-suit-neighbours``, params
        ``adjacent`` / ``one_apart`` = the side (``"right"``/``"left"``) of the card that leaves
        when two cards of one suit lie side by side / one card apart. Sentences of one text add to
        one special. Returns whether the sentence was read so."""
        low = [t.lower_ for t in self.doc[sent.start:sent.end]]
        lemmas = {t.lemma_ for t in self.doc[sent.start:sent.end]}
        removes = sent.has("DISCARD_VERB") or bool(lemmas & {"убрать", "убирать", "отложить"})
        one_suit = sent.has("SUIT_SAME") or any(a == "одной" and b.startswith("мас") for a, b in zip(low, low[1:]))
        if not (removes and one_suit):
            return False
        apart = any(a == "через" and b in ("одну", "один", "карту") for a, b in zip(low, low[1:]))
        beside = "рядом" in low or any(w.startswith(("соседн", "смежн")) for w in low)
        side = ("right" if any(w.startswith(("прав", "справа")) for w in low)
                else "left" if any(w.startswith(("лев", "слева")) for w in low) else None)
        if side is None or apart == beside:
            return False
        key = "one_apart" if apart else "adjacent"
        old = next((x for x in self.special if x["name"] == "same-suit-neighbours"), None)
        if old is None:
            self._special("same-suit-neighbours", "", sent, {})
            old = self.special[-1]
        else:
            old["quote"] = f"{old['quote']} … {sent.quote}"
            old["lines"] = [min(old["lines"][0], sent.lines[0]), max(old["lines"][1], sent.lines[1])]
        old["params"][key] = side
        p = old["params"]
        old["description"] = "; ".join(
            f"of two cards of one suit {'side by side' if kk == 'adjacent' else 'one card apart'}, the {p[kk]} one "
            "leaves play" for kk in ("adjacent", "one_apart") if kk in p)
        return True

    _RANK_SIGNS = {"т": 1, "а": 1, "в": 11, "д": 12, "к": 13, **{str(n): n for n in range(2, 11)}}

    def _rank_sequences(self, sent: _Sent) -> list[list[int]]:
        """Orders of ranks a base is built in, as lists of six or more ranks: «в последовательности:
        туз, тройка, пятерка, …», «в последовательности Т, 3, 5, 7, 9, В, К», and «туз — двойкой,
        тройкой, …; двойку — четверкой, …» (the rank before the dash is the base, put first)."""
        # (text, lemma) pieces: a token glued at commas («6,8,10,Д.») is split into its parts
        toks: list[tuple[str, str]] = []
        for t in self.doc[sent.start:sent.end]:
            if t.is_space:
                continue
            if "," in t.text and not t.is_punct:
                for part in re.split(r"(,)", t.text.rstrip(".")):
                    if part:
                        toks.append((part, part.lower()))
            else:
                toks.append((t.text, t.lemma_))
        runs: list[list[int]] = []
        cur: list[int] = []
        key = None
        for j, (text, lemma) in enumerate(toks):
            r = RANK_WORDS.get(lemma) or (10 if lemma == "десяток" else None)   # pymorphy3: «десятка» → «десяток»
            if r is None and (text.isdigit() or (len(text) == 1 and text.isupper())):
                r = self._RANK_SIGNS.get(text.lower())
            nxt = toks[j + 1][0] if j + 1 < len(toks) else None
            if r is not None and nxt in ("—", "–") and not cur:
                key = r                      # «туз — двойкой, …»
                continue
            if r is not None:
                cur.append(r)
                continue
            if text == "," or lemma in ("и", "і") or (text in ("—", "–", "-") and not cur):
                continue
            if len(cur) >= 6:
                runs.append(([key] if key is not None and key not in cur else []) + cur)
            cur, key = [], None
        if len(cur) >= 6:
            runs.append(([key] if key is not None and key not in cur else []) + cur)
        return [r for r in runs if len(set(r)) == len(r)]

    def _names_game(self, sent: _Sent, i: int) -> bool:
        """Whether a game, variant or rule is named after token ``i`` («как и основную игру»)."""
        return any(re.search(r"(пасьянс|игр|вариа|варіац|правил|верси)", t.lower_)
                   for t in self.doc[i:sent.end])

    def _rule_like(self, sent: _Sent) -> bool:
        return any(sent.has(x) for x in ("SUIT_SAME", "SUIT_ANY", "COLOR_ALT", "COLOR_SAME", "DIR_UP",
                                          "DIR_DOWN", "SPACE", "REDEAL_ORD", "REDEAL_ONE",
                                          "REDEAL_TOTAL", "PACKS_N", "PACK_IN", "PILES"))

    # deck
    def _deck(self, k: int, sent: _Sent) -> None:
        doc = self.doc
        packs = None
        for s, e in sent.spans("PACKS_N"):
            if s > sent.start and doc[s - 1].lemma_ == "в" and _number_at(doc, s, e) == 1:
                continue    # «соберите … в одну колоду»: gathering cards, not the packs used
            packs = _number_at(doc, s, e)
            break
        per_pack = None
        total_in = [(_number_at(doc, s, e), s) for s, e in sent.spans("PACK_IN")]
        totals = [(_number_at(doc, s, e), s) for s, e in sent.spans("PACK_TOTAL")]
        jokers = None
        for s, e in sent.spans("JOKERS"):
            if e < len(doc) and doc[e].text in "-‐–":
                continue    # «еще один джокер-пасьянс»
            jokers = _number_at(doc, s, e)
        if jokers is None and sent.has("JOKER_ADDED"):
            jokers = 1      # «прибавляют к колоде джокер»
        for s, e in sent.spans("PACK_REMOVED"):
            # «из двух колод удаляются карты от шестерок до двоек»: ranks 2…6 out of each pack
            ranks = [RANK_WORDS[t.lemma_] for t in doc[s:e] if t.lemma_ in RANK_WORDS]
            if len(ranks) == 2:
                per_pack = 52 - 4 * (max(ranks) - min(ranks) + 1)
        for s, e in sent.spans("PACK_RANGE"):
            # «колоды, от тузов до семерок»: a short pack runs from the ace down to 6…9
            low = RANK_WORDS.get(doc[e - 1].lemma_)
            if low in (6, 7, 8, 9) and any(t.lower_.startswith("колод") for t in doc[sent.start:sent.end]):
                per_pack = 4 * (15 - low)  # ranks low..K and the ace
        full = sent.has("PACK_FULL")
        if packs is None and (total_in or full):
            packs = 1  # «колода в 36 листов», «полную колоду»: one pack, named in the singular
        if per_pack is None and total_in:
            n = total_in[0][0]
            per_pack = n - (jokers or 0)
        if per_pack is None and totals and packs:
            n = totals[0][0]
            if n and n % packs == 0:
                per_pack = n // packs - (jokers or 0)
        if per_pack is None and full:
            per_pack = 52
        if packs is not None:
            self.claim("deck.packs", packs, k)
        if per_pack is not None:
            if per_pack in (allowed_values("deck.cards_per_pack") or []):
                self.claim("deck.cards_per_pack", per_pack, k)
            else:
                self.finding(k, "unread-rule-value", f"pack size {per_pack} is not a known pack",
                             sent.quote[:120])
        if jokers is not None:
            self.claim("deck.jokers", jokers, k)
        elif (total_in or totals) and per_pack is not None:
            # The sentence counts the cards of the pack and names no joker (weak: a sentence that
            # adds jokers, «К оставшимся картам добавьте 2 джокеров», wins over it)
            self.claim("deck.jokers", 0, k, strength=0)

    # layout
    def _layout(self, k: int, sent: _Sent) -> None:
        doc = self.doc
        for s, e in sent.spans("PILES"):
            nums = [t for t in doc[s:e] if t._.rules_isnum]
            if doc[e - 1].lemma_ in ("карта", "лист") and len(nums) >= 2:
                first = s
                while first > sent.start and doc[first - 1]._.rules_isnum:
                    first -= 1   # «двадцатью двумя веерами по четыре карты»: the whole number
                piles, per = _number_at(doc, first, nums[0].i + 1), nums[-1]._.rules_num
                more = self._more_piles(sent, e)
                if more is not None and not any(t.lower_.startswith("горизонтальн") for t in doc[s:e]):
                    # «… двадцатью двумя веерами по четыре карты и одним — по три карты»: 22 + 1 piles
                    n2, per2 = more
                    self.claim("layout.tableau_piles", piles + n2, k)
                    self.claim("layout.cards_per_pile", ",".join([str(per)] * piles + [str(per2)] * n2), k)
                    break
                horizontal = any(t.lower_.startswith("горизонтальн") for t in doc[s:e])
                # «сорок карт четырьмя рядами по десять карт внахлест»: rows dealt overlapping
                overlapping = any(t.lemma_ == "ряд" for t in doc[s:e]) and any(
                    t.lower_.startswith("внахл") for t in doc[sent.start:sent.end])
                if (horizontal or overlapping) and self._columns_text():
                    # «5 горизонтальных рядов по 10 карт … 10 столбцов»: rows overlap into columns
                    piles, per = per, piles
                    self.finding(k, "reading-choice", f"{per} {'horizontal' if horizontal else 'overlapping'} "
                                 f"rows of {piles} cards read as {piles} columns of {per} (the text plays "
                                 "columns; its rows lie across them)", doc[s:e].text)
                self.claim("layout.tableau_piles", piles, k)
                self.claim("layout.cards_per_pile", per, k)
                break
        self._row_shapes(k, sent)
        if sent.has("DEAL_VERB") or sent.has("PILES"):
            up, down = sent.has("FACE_UP"), sent.has("FACE_DOWN")
            nxt = self.sents[k + 1] if k + 1 < len(self.sents) else None
            if down and not up and nxt is not None and nxt.has("TURN_UP"):
                # «Выложите … карт лицевой стороной вниз … Нижние карты столбцов открываются»
                self.sents.append(_Sent(0, 0, f"{sent.quote} {nxt.quote}", (sent.lines[0], nxt.lines[1]), {}))
                self.claim("layout.face", "mixed", len(self.sents) - 1)
            elif up or down:
                self.claim("layout.face", "mixed" if up and down else "up" if up else "down", k)
        if sent.has("WHOLE_PACK") and sent.has("DEAL_VERB"):
            self.whole_pack = k
        for s, e in sent.spans("CELLS"):
            self.claim("layout.cells", _number_at(doc, s, e), k)
        for s, e in sent.spans("RESERVE"):
            self.claim("layout.reserve", _number_at(doc, s, e), k)

    def _laid_out(self, sent: _Sent) -> bool:
        """A deal sentence with no building word: «Серия из тринадцати карт … выкладывается
        чередующимися цветами» says how cards are laid out, not how they are built."""
        return sent.has("DEAL_VERB") and not (sent.has("BUILD_VERB") or sent.has("DIR_UP") or sent.has("DIR_DOWN"))

    _POLICY_CUES = (("COLOR_SAME", "same-color"), ("COLOR_ALT", "alternate-color"), ("SUIT_SAME", "same-suit"))

    def _suit_by_pile(self, sent: _Sent, prev: _Sent | None) -> bool:
        """«Серии карт одного цвета — на двенадцати первых картах и чередующихся цветов на
        тринадцатой» (after «… на тринадцати картах базового ряда»): each policy is given to some of
        the foundations. Special ``suit-by-pile``, params ``rules`` = ``[{"suit", "piles"}]`` (piles:
        the words after «на»); ``foundations.suit`` stays unknown with that reason. Returns whether
        the sentence was read so (once per sentence)."""
        doc = self.doc
        cues = sorted((a, b, v) for label, v in self._POLICY_CUES for a, b in sent.spans(label))
        if len({v for _, _, v in cues}) < 2:
            return False
        if not (sent.has("F_ANCHOR") or (prev is not None and self._last_anchor(prev) == "foundations")):
            return False
        rules = []
        for n, (a, b, v) in enumerate(cues):
            stop = cues[n + 1][0] if n + 1 < len(cues) else sent.end
            on = next((i for i in range(b, stop) if doc[i].lemma_ == "на"), None)
            if on is None:
                return False
            words = [t.text for t in doc[on + 1:stop] if not t.is_space and not t.is_punct and t.lemma_ not in ("и", "а")]
            if not words or not any(t._.rules_isnum or t._.rules_ord or t.lower_.endswith(("ой", "ей", "ом"))
                                    for t in doc[on + 1:stop]):
                return False
            rules.append({"suit": v, "piles": "на " + " ".join(words)})
        if not any(x["name"] == "suit-by-pile" and x["quote"] == sent.quote for x in self.special):
            self._special("suit-by-pile", "each foundation policy holds on the piles named: "
                          + "; ".join(f"{r['suit']} {r['piles']}" for r in rules), sent, {"rules": rules})
            self.claim_reason = ("foundations.suit", "the text gives the foundations different suit rules "
                                 f"(special suit-by-pile, lines {sent.lines[0]}–{sent.lines[1]})")
        return True

    def _more_piles(self, sent: _Sent, e: int) -> tuple[int, int] | None:
        """After «N веерами по M карт» at token ``e``: «и одним — по три карты» gives ``(1, 3)``
        (more piles of another size), else ``None``."""
        doc = self.doc
        toks = [t for t in doc[e:sent.end] if not t.is_space and t.text not in ("—", "–", "-", ",")]
        if len(toks) < 5 or toks[0].lemma_ not in ("и", "і", "а"):
            return None
        n2, po, per2, card = toks[1], toks[2], toks[3], toks[4]
        if n2._.rules_isnum and po.lemma_ == "по" and per2._.rules_isnum and card.lemma_ in ("карта", "лист"):
            return n2._.rules_num, per2._.rules_num
        return None

    # cues that belong to the foundations or to the tableau
    def _targeted(self, k: int, sent: _Sent) -> None:
        doc = self.doc
        dirs: dict[str, set[str]] = {"foundations": set(), "tableau": set(), "waste": set()}
        suits: dict[str, list[tuple[int, str]]] = {"foundations": [], "tableau": [], "waste": []}

        prev = self.sents[k - 1] if k else None

        goal_on_aces = (sent.has("GOAL") and sent.spans("GOAL")[0][0] - sent.start <= 3
                        and any(not _preceded_by(doc, a, {"до", "от", "к"}, 1) for a, _ in sent.spans("F_WEAK"))
                        and not sent.has("T_ANCHOR") and not sent.has("W_ANCHOR"))

        def target(s: int, e: int) -> str | None:
            if goal_on_aces:
                # «Цель игры — покрыть тузы сериями карт соответствующей масти …»: the goal's piles
                # are the foundations on the aces
                return "foundations"
            kind = (self._anchor_kind(sent, s, e, prev)
                    or (prev and self._anchor_kind(prev, prev.end, prev.end)) or self._context)
            if kind:
                self._context = kind
            return kind

        # «в восходящей или нисходящей последовательности»: one cue of both directions, for one pile
        ups, downs = sent.spans("DIR_UP"), sent.spans("DIR_DOWN")
        joined: dict[int, int] = {}
        for a in ups + downs:
            for b in ups + downs:
                # «… в восходящей последовательности, а затем сериями в нисходящей …» too
                if a[1] <= b[0] and (a in ups) != (b in ups) and all(
                        t.lemma_ in ("или", "либо", "и", "так", "как", "а", "затем", "потом", "в", "последовательность",
                                     "серия", "порядок") or t.is_punct or t.is_space
                        for t in doc[a[1]:b[0]]) and b[0] - a[1] <= 7:
                    joined[b[0]] = a[0]
        first_kind: dict[int, str | None] = {}
        for label, value in (("DIR_UP", "up"), ("DIR_DOWN", "down")):
            for s, e in sent.spans(label):
                if s in joined:
                    kind = first_kind.get(joined[s]) or target(s, e)
                    if kind is not None:
                        dirs[kind].add(value)
                    continue
                kind = target(s, e)
                first_kind[s] = kind
                if kind is None:
                    self.finding(k, "unassigned-rule-cue", f"direction «{doc[s].text}» has no pile to belong to",
                                 doc[s].text)
                    continue
                dirs[kind].add(value)
        for s, e in sent.spans("TO_KING"):
            if not _preceded_by(doc, s, {"от", "від"}, 3):
                dirs["foundations"].add("up")
        for s, e in sent.spans("TO_ACE"):
            if not _preceded_by(doc, s, {"от", "від"}, 3):
                dirs["foundations"].add("down")
        for s, e in sent.spans("NEXT_UP"):
            kind = target(s, e) or "tableau"
            dirs[kind].add("up")
        for kind, d in self._comparisons(sent):
            dirs[kind].add(d)
        if sent.has("REVERSIBLE"):
            # «… в нисходящей последовательности, которая обращается вспять по усмотрению игрока»
            for kind in dirs:
                if dirs[kind]:
                    dirs[kind] |= {"up", "down"}
        # a suit or colour phrase is a rule only where something is built or moved
        building = sent.has("BUILD_VERB") or sent.has("DIR_UP") or sent.has("DIR_DOWN") or (
            sent.has("SUIT_ANY") and not sent.has("SCORING"))
        if self._suit_by_pile(sent, prev):
            building = False      # read into special ``suit-by-pile``: no one field value
        for label, value in (("SUIT_SAME", "same-suit"), ("SUIT_ANY", "any-suit")):
            for s, e in (sent.spans(label) if building else []):
                if label == "SUIT_SAME" and (self._negated(s) or any(a <= s < b for a, b in sent.spans("SUIT_ANY"))):
                    continue
                kind = target(s, e)
                if kind is None:
                    self.finding(k, "unassigned-rule-cue", f"suit rule «{sent.quote[:60]}» has no pile",
                                 doc[s:e].text)
                    continue
                suits[kind].append((s, value))
        for label, value in (("COLOR_ALT", "alternate-color"), ("COLOR_SAME", "same-color")):
            # alternating colours are a rule even with no building word, but not in a deal sentence, a
            # per-foundation list or what a finished game shows («Если пасьянс складывается, … проявится …»)
            alt_rule = label == "COLOR_ALT" and not (self._laid_out(sent) or self._suit_by_pile(sent, prev)
                                                     or sent.has("SUCCESS"))
            for s, e in (sent.spans(label) if building or alt_rule else []):
                if not self._negated(s):
                    # «соответствующего / того же цвета» belongs to its pile (the foundations of
                    # «Дьявол», «Свои соседи»); alternating colours are the tableau's
                    kind = (target(s, e) or "tableau") if label == "COLOR_SAME" else "tableau"
                    suits[kind].append((s, value))
        for kind, field_dir, field_suit, both in (
                ("foundations", "foundations.direction", "foundations.suit", "both"),
                ("tableau", "tableau.build_direction", "tableau.build_suit", "either"),
                ("waste", "waste.build_direction", "waste.build_suit", "either")):
            # a goal («Цель игры — выстроить … серии карт соответствующей масти») describes the
            # finished piles; a building rule stated elsewhere wins over it on the tableau
            st = 0 if kind == "tableau" and self._goal_led(sent) else 1
            d = dirs[kind]
            if d:
                self.claim(field_dir, both if len(d) > 1 else next(iter(d)), k, strength=st)
            if suits[kind]:
                # a colour rule is more specific than «независимо от масти»
                vals = [v for _, v in sorted(suits[kind])]
                colour = [v for v in vals if v in ("alternate-color", "same-color")]
                self.claim(field_suit, colour[0] if colour else vals[0], k, strength=st)
        skip = False
        for s, e in sent.spans("SKIP_ONE"):
            kind = target(s, e)
            if kind == "foundations":
                self.claim("foundations.step", 2, k)
                skip = True
        if not skip and (dirs["foundations"] or (suits["foundations"] and sent.has("SEQUENCE"))):
            # «по восходящей», «вплоть до королей», «серии … соответствующей масти»: rank by rank.
            # Weaker than a stated step («через карту»), which wins over it.
            self.claim("foundations.step", 1, k, strength=0)

    def _goal_led(self, sent: _Sent) -> bool:
        """Whether ``sent`` states the goal: «Цель игры — …» at its start, or after a colon or
        semicolon («Базовые карты не выносятся за пределы расклада: цель игры — выстроить …»)."""
        doc = self.doc
        for s, _ in sent.spans("GOAL"):
            if s - sent.start <= 3:
                return True
            before = [t for t in doc[max(sent.start, s - 2):s] if not t.is_space]
            if any(t.text in (":", ";") for t in before):
                return True
        return False

    def _comparisons(self, sent: _Sent) -> Iterable[tuple[str, str]]:
        """Build directions from rank words and comparatives.

        * Rank nouns: those after «на» (or the object of «покрыть») are the cards built on, the
          others the cards moved; «шестерка может покрыть любую семерку» → moved 6 < 7 → down.
          «младшую на старшую» the same with relative ranks.
        * Comparatives («на ступень выше», «на одну ступень младше», «на одне очко старше карти»):
          about the card built on when introduced by «которой»/«на карту», about the moved card
          when «которая …» or «… старше карты»; higher built-on card → down.
        """
        doc = self.doc
        toks = [t for t in doc[sent.start:sent.end] if not t.is_space]
        moved, onto = [], []
        rel_moved, rel_onto = [], []
        for j, t in enumerate(toks):
            rank = RANK_WORDS.get(t.lemma_)
            rel = {"младший": "low", "старший": "high"}.get(t.lemma_) if t.pos_ == "ADJ" and t._.rules_case == "accs" else None
            if rank is None and rel is None:
                continue
            prev = [x for x in toks[max(0, j - 3): j]]
            if any(x.lemma_ in ("до", "от", "с", "від", "кроме", "к") for x in prev[-2:]):
                continue
            i = j - 1
            while i >= 0 and toks[i].pos_ == "ADJ":
                i -= 1
            on = i >= 0 and toks[i].lemma_ == "на"       # «на (любую) семерку», «на старшую»
            covered = any(x.lemma_ in ("покрыть", "покрывать") for x in prev[-2:])
            is_onto = on or covered
            if rank is not None:
                (onto if is_onto else moved).append(rank)
            else:
                (rel_onto if is_onto else rel_moved).append(rel)
        anchor = self._anchor_kind(sent, sent.start, sent.start) or self._context or "tableau"
        if moved and onto and 1 not in onto + moved:
            if max(moved) < min(onto):
                yield anchor, "down"
            elif min(moved) > max(onto):
                yield anchor, "up"
            elif min(moved) < min(onto) and max(moved) > max(onto):
                yield anchor, "either"
        if "low" in rel_moved and "high" in rel_onto:
            yield anchor, "down"
        if "high" in rel_moved and "low" in rel_onto:
            yield anchor, "up"
        # comparatives
        for t in doc[sent.start:sent.end]:
            lw = t.lower_
            low, high = lw in _LOWER_WORDS, lw in _HIGHER_WORDS
            if not (low or high) or t.pos_ == "NOUN":
                continue
            window = [x.lemma_ for x in doc[max(sent.start, t.i - 3): t.i]]
            if "ступень" not in window and "очко" not in window:
                continue
            after = [x for x in doc[t.i + 1: t.i + 3] if not x.is_space]
            ca, _ = _clause(doc, sent, t.i)
            which = [x for x in doc[max(ca, t.i - 6): t.i] if x.lemma_ == "который"]
            owner = self._owner_of_rank(sent, t.i)
            if owner is not None:
                about = owner        # «если только игровая карта этой группы имеет … большее достоинство»
            elif any(x.lemma_ == "карта" and x._.rules_case in ("gent", "ablt") for x in after) or any(
                    x.lemma_ == "за" for x in after):
                about = "moved"      # «на одне очко старше карти, що лежить зліва»
            elif which:
                about = "moved" if which[-1]._.rules_case == "nomn" else "onto"
            else:
                about = "onto" if self._on_card(ca, t.i - 2) else "moved"
            kind = self._anchor_kind(sent, t.i, t.i + 1) or self._context or "tableau"
            yield kind, "down" if (about == "onto") == high else "up"

    def _owner_of_rank(self, sent: _Sent, i: int) -> str | None:
        """«… если только игровая карта этой группы имеет ту же масть, что и перекладываемая карта, и на
        ступень большее достоинство»: the comparative at ``i`` is the object of «иметь» whose subject is a
        card of a pile («карта этой группы/стопки/ряда») → ``"onto"``; a moved card («перекладываемая
        карта имеет») → ``"moved"``; else ``None``."""
        doc = self.doc
        verb = next((j for j in range(i - 1, sent.start - 1, -1) if doc[j].lemma_ == "иметь"), None)
        if verb is None:
            return None
        subj = next((j for j in range(verb - 1, max(sent.start, verb - 6) - 1, -1)
                     if doc[j].lemma_ == "карта" and doc[j]._.rules_case == "nomn"), None)
        if subj is None:
            return None
        around = {x.lemma_ for x in doc[max(sent.start, subj - 2): verb]}
        if around & {"группа", "стопка", "ряд", "столбец", "колонка", "пачка"}:
            return "onto"
        if any(x.lower_.startswith(("перекладыва", "перемеща")) for x in doc[max(sent.start, subj - 2): subj]):
            return "moved"
        return None

    def _on_card(self, a: int, b: int) -> bool:
        """Whether ``doc[a:b]`` has «на» + adjectives + «карта» (the card built on)."""
        doc = self.doc
        for i in range(a, b):
            if doc[i].lemma_ != "на":
                continue
            j = i + 1
            while j < b and (doc[j].pos_ == "ADJ" or doc[j].is_space or doc[j].is_punct):
                j += 1
            if j < b and doc[j].lemma_ == "карта":
                return True
        return False

    # foundation base
    def _base(self, k: int, sent: _Sent) -> None:
        doc = self.doc
        if any(t.lemma_ == "нельзя" for t in doc[sent.start:sent.end]):
            return      # «нельзя класть на короля туза»: a prohibition names no base
        f_tokens = {i for x in sent.spans("F_ANCHOR") for i in range(*x)}
        # «… последними картами, помещающимися на базовые»: cards put onto the foundations are not bases
        has_anchor = any(not (s > sent.start and doc[s - 1].lemma_ in ("на", "над")
                              and doc[s].lower_.startswith(("базов", "основ")))
                         for s, e in sent.spans("F_ANCHOR"))
        ace = king = False
        # kings listed among other ranks («восьми дам наверху, восьми валетов …, и восьми королей
        # внизу») describe a final layout, not a base
        others = any(1 < RANK_WORDS.get(t.lemma_, 0) < 13 and not _preceded_by(self.doc, t.i, {"до", "к"})
                     for t in doc[sent.start:sent.end])
        for t in doc[sent.start:sent.end]:
            if not t.lower_.startswith(("туз", "корол")):
                continue
            if _preceded_by(doc, t.i, {"до", "от", "к", "кроме", "від"}):
                continue
            if t.lower_.startswith("туз"):
                ace = ace or t.i in f_tokens or has_anchor or self._ace_then_them(sent, t.i)
            elif not _preceded_by(doc, t.i, {"на", "над", "с", "со", "из"}) and not others:
                # a king is a base where the sentence names the foundations; «на короля» is a build
                king = king or t.i in f_tokens or has_anchor
        mixed = self._rank_list(sent)
        nxt = self.sents[k + 1] if k + 1 < len(self.sents) else None
        if mixed and (has_anchor or (nxt is not None and nxt.has("F_ANCHOR")
                                     and self.doc[nxt.start].lemma_ in ("это", "они", "эти"))):
            # «Туз, двойка, тройка и четверка любой масти выкладываются … в базовый ряд»,
            # «Когда появятся пятерки и шестерки, поместите их … Это — базовые карты»
            self.claim("foundations.base", "mixed", k, strength=2)
            return
        if ace or king:
            self.claim("foundations.base", "A+K" if ace and king else "A" if ace else "K", k)

    _BASE_LIST_VERB = re.compile(r"^(вынос|выноси|вынес|прибавл|добавл|изыма|изъя)")
    _COLOUR_SUITS = {"черн": ["C", "S"], "красн": ["D", "H"]}

    def _listed_bases(self, sent: _Sent) -> list[str]:
        """The cards a sentence puts into the foundation row: symbol cards («♦Д и ♦В», «два ♥В»: a
        number before a card repeats it) and «четыре черные десятки» (the number shared out over the
        two suits of the colour), as card codes in text order."""
        from .notation import find_cards

        doc, nums = self.doc, NUMBERS[self.lang]
        out: list[str] = []
        for t in find_cards(sent.quote, "symbol", self.lang, words=False):
            if not t.card.suit:
                continue
            before = re.findall(r"(\w+)\s*$", sent.quote[:t.start])
            n = nums.get(morph.lemma(before[0], self.lang), 1) if before else 1
            out += [t.card.format()] * n
        for t in doc[sent.start:sent.end]:
            rank = RANK_WORDS.get(t.lemma_) or (10 if t.lemma_ == "десяток" else None)
            if rank is None or t.i < sent.start + 2:
                continue
            num, colour = doc[t.i - 2], doc[t.i - 1]
            suits = next((v for k2, v in self._COLOUR_SUITS.items() if colour.lower_.startswith(k2)), None)
            if suits and num._.rules_isnum and num._.rules_num % len(suits) == 0:
                code = "T" if rank == 10 else "A23456789TJQK"[rank - 1]
                out += [code + su for su in suits for _ in range(num._.rules_num // len(suits))]
        return out

    def _base_list(self, k: int, sent: _Sent) -> None:
        """Bases named card by card over one or two sentences: «♦Д и ♦В изымаются из колоды и
        выносятся в базовый ряд. После этого к ним прибавляются в базовом ряду два ♥В и четыре
        черные десятки» («Супружество»): ``foundations.base`` = mixed; special ``base-list`` with
        params ``cards`` (every base), ``preplaced`` (those taken from the pack before the deal) and
        ``directions`` (filled from the goal, see :meth:`_base_directions`)."""
        # a rule says it in the reflexive present («выносятся», «прибавляются»), not as advice
        # («следует вынести») or a move of the example
        if self._in_example(k) or not (sent.has("F_ANCHOR") and any(
                self._BASE_LIST_VERB.match(t.lower_) and t.lower_.endswith(("тся", "ются"))
                for t in self.doc[sent.start:sent.end])):
            return
        cards = self._listed_bases(sent)
        if len(cards) < 2:
            return
        old = next((x for x in self.special if x["name"] == "base-list"), None)
        pre = list(cards) if sent.has("PREPLACE_VERB") else []
        if old is None:
            self._special("base-list", "", sent, {"cards": list(cards), "preplaced": pre, "directions": {}})
            old = self.special[-1]
        else:
            old["params"]["cards"] += cards
            old["params"]["preplaced"] += pre
            old["quote"] = f"{old['quote']} {sent.quote}"
            old["lines"] = [min(old["lines"][0], sent.lines[0]), max(old["lines"][1], sent.lines[1])]
        ranks = {c[0] for c in old["params"]["cards"]}
        old["description"] = ("the foundations are the cards listed: " + ", ".join(old["params"]["cards"])
                              + (f" ({', '.join(old['params']['preplaced'])} laid out before the deal)"
                                 if old["params"]["preplaced"] else ""))
        if len(ranks) > 1:
            self.sents.append(_Sent(0, 0, old["quote"], tuple(old["lines"]), {}))
            self.claim("foundations.base", "mixed", len(self.sents) - 1, strength=2)
        if old["params"]["preplaced"]:
            self.claim("foundations.preplaced", True, k)

    def _in_example(self, k: int) -> bool:
        """Whether sentence ``k`` is in or after the worked example («На примере расклада: …»)."""
        for j in range(k + 1):
            sj = self.sents[j]
            if sj.end > sj.start and any(t.lemma_ == "пример" for t in self.doc[sj.start:min(sj.end, sj.start + 3)]):
                return True
        return False

    def _base_directions(self) -> None:
        """«Цель игры — выстроить на ♦Д серию … в восходящей последовательности до ♦В, на трех других
        валетах — … в нисходящей последовательности до дам, а на четырех же десятках — до валетов»:
        the direction of each listed base, by card («QD») or rank («J», «T»); a part naming no
        direction takes the one before (``base-list`` params ``directions``)."""
        bl = next((x for x in self.special if x["name"] == "base-list"), None)
        if bl is None:
            return
        from .notation import find_cards

        doc = self.doc
        for sent in self.sents:
            if not sent.has("GOAL") or not (sent.has("DIR_UP") or sent.has("DIR_DOWN")):
                continue
            marks = []    # (token index of «на», key)
            syms = {t.start: t for t in find_cards(sent.quote, "symbol", self.lang, words=False)}
            base_off = doc[sent.start].idx
            for i in range(sent.start, sent.end - 1):
                if doc[i].lemma_ != "на":
                    continue
                for j in range(i + 1, min(i + 5, sent.end)):
                    off = doc[j].idx - base_off
                    sym = next((c for st, c in syms.items() if st <= off < c.end), None)
                    if sym is not None and sym.card.suit:
                        marks.append((i, sym.card.format()))
                        break
                    r = RANK_WORDS.get(doc[j].lemma_) or (10 if doc[j].lemma_ == "десяток" else None)
                    if r:
                        marks.append((i, "T" if r == 10 else "A23456789TJQK"[r - 1]))
                        break
            last = None
            for n, (i, key) in enumerate(marks):
                stop = marks[n + 1][0] if n + 1 < len(marks) else sent.end
                ups = [a for a, _ in sent.spans("DIR_UP") if i < a < stop]
                downs = [a for a, _ in sent.spans("DIR_DOWN") if i < a < stop]
                d = "up" if ups and not downs else "down" if downs and not ups else None if ups or downs else last
                if d is not None:
                    bl["params"]["directions"][key] = d
                    last = d
            if bl["params"]["directions"]:
                bl["quote"] = f"{bl['quote']} … {sent.quote}"
                bl["lines"] = [min(bl["lines"][0], sent.lines[0]), max(bl["lines"][1], sent.lines[1])]
                return

    def _rank_list(self, sent: _Sent) -> list[int]:
        """Ranks named in a list («туз, двойка, тройка и четверка», «пятерки и шестерки») that is the
        subject of the sentence (nominative; not after «до», «от», «на»), when it names two or more
        ranks other than only aces and kings; else ``[]``."""
        doc = self.doc
        best: list[int] = []
        run: list[int] = []
        for t in doc[sent.start:sent.end]:
            r = RANK_WORDS.get(t.lemma_)
            if r is not None and t._.rules_case == "nomn" and not (
                    run == [] and _preceded_by(doc, t.i, {"до", "от", "на", "к", "с", "кроме"}, 1)):
                run.append(r)
            elif t.is_space or t.text == "," or t.lemma_ == "и":
                continue
            else:
                if len(set(run)) > len(set(best)):
                    best = run
                run = []
        if len(set(run)) > len(set(best)):
            best = run
        return best if len(set(best)) >= 2 and not set(best) <= {1, 13} else []

    def _ace_then_them(self, sent: _Sent, i: int) -> bool:
        """«освободить тузы и выложить на них …»: the aces are what is built on."""
        doc = self.doc
        for j in range(i + 1, min(sent.end - 1, i + 6)):
            if doc[j].lemma_ == "на" and doc[j + 1].lemma_ == "они":
                return True
        return False

    # spaces
    def _space(self, k: int, sent: _Sent) -> None:
        if sent.has("SPACE_REPLACE") and sent.has("SPACE_STOCK") and not sent.has("SPACE"):
            # «… ставить ее на основных картах … и заменять их картами, находящимися в руках»: a
            # tableau card played is replaced from the stock
            self.claim("tableau.space", "from-stock", k)
            return
        if not sent.has("SPACE"):
            return
        if sent.has("FILL_WHILE_DEALING") and sent.has("DEAL_VERB"):
            # «выложите вторую дугу из 13 карт, заполняя попутно свободные места в первой дуге»
            self.claim("tableau.space", "from-stock", k)
            return
        doc = self.doc
        # «пробелы от сброса королей»: the kings that left, not the cards that fill
        kings = [s for s, e in sent.spans("SPACE_KINGS")
                 if not _preceded_by(doc, s, {"до", "к", "на", "из", "с", "сброс", "сброса"}) and not doc[s - 1]._.rules_isnum]
        first = {}
        for label in ("SPACE_WASTE", "SPACE_STOCK", "SPACE_RESERVE"):
            spans = [x for x in sent.spans(label) if not self._deals_from(sent, x)]
            if spans:
                first[label] = spans[0][0]
        if sent.has("SPACE_NOT") and (first or any(t.lower_.startswith("колод") for t in doc[sent.start:sent.end])):
            # «Пробелы никогда не заполняются картами колоды»: a source is barred, not every card
            self.finding(k, "unread-rule-value", "a space rule bars one source of cards", sent.quote[:120])
            return
        if sent.has("SPACE_NOT") and any(t.lemma_ in ("следовать", "должный", "надо", "нужно") for t in doc[sent.start:sent.end]) \
                and any(t.lower_.startswith("заполн") and not _preceded_by(doc, t.i, {"не"}, 1) for t in doc[sent.start:sent.end]):
            # «Пробел в подвеске не заполняется: пробел же в столбце следует, однако, заполнить»: two kinds
            # of space; the sentences that say how the column's space is filled decide
            return
        if sent.has("SPACE_NOT"):
            value = "not-filled"
        elif kings:
            value = "kings"
        elif first:
            words = {t.lemma_ for t in doc[sent.start:sent.end]}
            lead = min(first, key=first.get)
            if lead == "SPACE_RESERVE":
                # «пробел должен быть немедленно заполнен верхней картой магазина»
                value = "from-reserve"
            elif {"SPACE_WASTE", "SPACE_STOCK"} <= set(first) and words & {"или", "либо"} \
                    and not ("если" in words and "нет" in words):
                # «из резервной стопки или из оставшейся колоды» (no preference stated)
                value = "from-waste-or-stock"
            else:
                # «… или из оставшейся колоды, если нет резервной стопки»: the waste first
                value = "from-waste" if lead == "SPACE_WASTE" else "from-stock"
        elif sent.has("SPACE_ANY"):
            value = "any"
        else:
            return
        self.claim("tableau.space", value, k)

    def _deals_from(self, sent: _Sent, span: tuple[int, int]) -> bool:
        """Whether the source ``span`` is what a deal takes from («… а все пробелы заполнены, из колоды
        сдается еще десять карт»): a dealing verb right after it, so it says where the next deal comes
        from, not what fills a space."""
        after = [t for t in self.doc[span[1]:min(sent.end, span[1] + 3)] if not t.is_space and not t.is_punct]
        return bool(after) and after[0].lower_.startswith(("сда", "разда", "раздаю", "выкладыва"))

    # moves
    def _move(self, k: int, sent: _Sent) -> None:
        doc = self.doc
        if sent.has("EXCEPTION") and sent.has("SEQUENCE") and k > 0 and any(
                c.field == "tableau.move" and c.value == "one-card" and c.sent == k - 1 for c in self.claims):
            # «За раз может перемещаться только одна карта. Исключение составляет перемещение
            # серии карт соответствующей масти.»: the two sentences are one rule
            same = sent.has("SUIT_SAME") or any(t.lemma_ == "одинаковый" for t in doc[sent.start:sent.end])
            prev = self.sents[k - 1]
            self.sents.append(_Sent(0, 0, f"{prev.quote} {sent.quote}", (prev.lines[0], sent.lines[1]), {}))
            self.claim("tableau.move", "same-suit-sequence" if same else "any-sequence", len(self.sents) - 1,
                       strength=2)
            return
        if not sent.has("SEQUENCE") and self._only_end_card_plays(sent):
            # «Нижняя карта любой колонки игровая», «Можно играть только картами на дальнем … конце
            # ряда»: the card played is one card (weaker than any sentence about moving sequences)
            self.claim("tableau.move", "one-card", k, strength=0)
        if not sent.has("MOVE_VERB") and not sent.has("ONE_CARD") and not sent.has("WHOLE_PILE"):
            return
        if sent.has("WHOLE_PILE") and (sent.has("MOVE_VERB") or any(
                t.lower_.startswith("покр") for t in self.doc[sent.start:sent.end]) or any(
                self.doc[a].lemma_ == "вместе" for a, _ in sent.spans("WHOLE_PILE"))):
            self.claim("tableau.move", "whole-pile", k)
        elif sent.has("ONE_CARD"):
            self.claim("tableau.move", "one-card", k)
        elif sent.has("SEQUENCE") and sent.has("MOVE_VERB") and not sent.has("F_ANCHOR"):
            same = sent.has("SUIT_SAME") or any(t.lemma_ == "одинаковый" for t in self.doc[sent.start:sent.end])
            self.claim("tableau.move", "same-suit-sequence" if same else "any-sequence", k)
        elif sent.has("ONE_CARD"):
            self.claim("tableau.move", "one-card", k)

    def _only_end_card_plays(self, sent: _Sent) -> bool:
        """«Нижняя карта любой колонки игровая», «Нижние карты столбцов считаются игровыми», «Крайние
        правые карты групп считаются игровыми», «Можно играть только картами на … конце ряда»."""
        if sent.has("PLAY_ONLY_END"):
            return True
        toks = [t for t in self.doc[sent.start:sent.end] if not t.is_space and not t.is_punct]
        for j, t in enumerate(toks):
            if t.lower_.startswith(("нижн", "крайн")):
                near = toks[j + 1: j + 4]
                if any(x.lemma_ in ("карта", "ряд") for x in near) and any(
                        x.lower_.startswith(("игров", "пригодн")) for x in toks[j + 1:]):
                    return True
        return False

    def _preplaced(self, k: int, sent: _Sent) -> None:
        """«Из колоды изымаются четыре туза и помещаются колонкой в центре стола, формируя базовый
        ряд», «… помещая тузы по мере их появления в базовый ряд» (while dealing): the base cards
        lie on the foundations before play → ``foundations.preplaced`` true."""
        doc = self.doc
        bases = any(t.lower_.startswith(("туз", "корол")) for t in doc[sent.start:sent.end])
        if not bases or not sent.has("F_ANCHOR") and not any(t.lower_.startswith("центр") for t in doc[sent.start:sent.end]):
            return
        words = {t.lemma_ for t in doc[sent.start:sent.end]}
        if sent.has("PREPLACE_VERB") and any(t.lower_.startswith("колод") for t in doc[sent.start:sent.end]) \
                and not words & {"если", "когда", "при", "некоторый", "иногда"}:
            # taken out of the pack itself (not out of the layout during play, not an optional practice)
            self.claim("foundations.preplaced", True, k)
        elif sent.has("AS_THEY_APPEAR") and sent.has("DEAL_VERB") and (sent.has("PILES") or sent.has("WHOLE_PACK")):
            # the aces go out while the tableau itself is dealt (not «по мере появления» in play)
            self.claim("foundations.preplaced", True, k)

    # redeals
    def _redeals(self, k: int, sent: _Sent) -> None:
        doc = self.doc
        if sent.has("SUCCESS") and any(_preceded_by(doc, a, {"не"}, 1) for a, _ in sent.spans("SUCCESS")) \
                and any(t.lemma_ in ("если", "якщо") for t in doc[sent.start:sent.end]):
            # «Якщо всі вікна виявилися за королями, вважають, що пасьянс не вийшов», «… в противном
            # случае он не вышел»: when play is blocked the game is lost — no further deal (weakest
            # claim: any sentence that allows a redeal wins over it)
            self.claim("stock.redeals", 0, k, strength=0)
        if sent.has("STOCK_OUT_END") and (sent.has("GOAL") or any(
                t.lower_.startswith(("законч", "заканчива", "окончи")) for t in doc[sent.start:sent.end])):
            # «Игра закончится, когда иссякнет колода», «Цель игры … к тому времени, когда иссякнут
            # карты под рукой»: play ends with the stock, which is not dealt again
            self.claim("stock.redeals", 0, k, strength=1)
        if sent.has("REDEAL_UNLIMITED") and any(t.lower_.startswith(("сда", "раскла", "тасу")) for t in
                                                 doc[sent.start:sent.end]):
            # «Оставшаяся колода сдается раз за разом, пока игра не выиграна …»
            self.claim("stock.redeals", "unlimited", k, strength=2)
            return
        ords = {**ORDINALS["ru"], **ORDINALS["uk"]}
        for s, e in sent.spans("REDEAL_ORD"):
            n = next(ords[t.lemma_] for t in doc[s:e] if t.lemma_ in ords)
            if n > 1:   # «в третий, последний раз»: the third deal, two redeals («в первый раз» counts nothing)
                self.claim("stock.redeals", n - 1, k, strength=2)
                return
        for s, e in sent.spans("REDEAL_TOTAL"):
            n = _number_at(doc, s, e)
            if n:
                upto = doc[s].lemma_ == "до"
                self.claim("stock.redeals", n if upto else n - 1, k, strength=2)
                return
        if sent.has("REDEAL_ZERO"):
            s = sent.spans("REDEAL_ZERO")[0][0]
            if doc[s].lower_.startswith("вторичн") and not any(t.lemma_ == "не" for t in doc[sent.start:sent.end]):
                return
            self.claim("stock.redeals", 0, k, strength=2)
            return
        if sent.has("REDEAL_ONE") and sent.has("REDEAL_VERB"):
            self.claim("stock.redeals", 1, k, strength=1)

    def _stock(self, k: int, sent: _Sent) -> None:
        if not (sent.has("STOCK_VERB") and sent.has("STOCK_DEAL")
                and any(t.lower_.startswith(("колод", "запас")) for t in self.doc[sent.start:sent.end])):
            return
        s, e = sent.spans("STOCK_DEAL")[0]
        n = 1 if self.doc[s + 1].lemma_ == "один" else 3
        self.claim("stock.deal", f"{n} at a time", k)

    # -- folding claims into the spec --------------------------------------------------------
    def facts(self) -> dict:
        """What the whole text shows beyond single fields: ``goal`` — the sentence index of a goal
        («Цель игры — …») or success statement («пасьянс сошелся», «Игра складывается, когда …»), or
        ``None``; ``foundation_words`` — whether any sentence names a foundation («базовые»,
        «основание», «ряд тузов», «на тузы»; words inside a prohibition «нельзя …» not counted)."""
        doc = self.doc
        goal = None
        for k, sent in enumerate(self.sents):
            if sent.has("GOAL") and sent.spans("GOAL")[0][0] - sent.start <= 3:
                goal = k
                break
            for s, e in sent.spans("SUCCESS"):
                if not _preceded_by(doc, s, {"не"}, 1) and goal is None:
                    goal = k
        words = False
        for sent in self.sents:
            barred = set()
            for i in range(sent.start, sent.end):
                if doc[i].lemma_ == "нельзя":
                    barred.update(range(*_clause(doc, sent, i)))
            barred.update(i for a, b in sent.spans("WRAP_PAIR") for i in range(a, b))
            if any(x[0] not in barred for x in sent.spans("F_ANCHOR")):
                words = True
        onto_f, onto_t = [], 0
        f_tok = {i for sent in self.sents for a, b in sent.spans("F_ANCHOR") for i in range(a, b)}
        for sent in self.sents:
            # «Нижняя карта столбца игровая и может покрывать базовую»: a card covers a foundation
            covers_f = not sent.has("VARIANT") and any(
                doc[i].lemma_ in ("покрывать", "покрыть") and i + 1 < sent.end and (
                    i + 1 in f_tok or doc[i + 1].lower_.startswith(("базов", "основ")))
                for i in range(sent.start, sent.end))
            each_other = any(doc[i].lemma_ == "друг" and doc[i + 1].lemma_ == "друг"
                             for i in range(sent.start, sent.end - 1))   # «… или друг друга»
            # sentences that put a card onto something («на базовые», «на другую карту»), dealing aside
            if not (sent.has("BUILD_VERB") or sent.has("MOVE_VERB")) or sent.has("VARIANT") or any(
                    t.lower_.startswith(("выкла", "раскла", "разлож", "выложи", "сда")) for t in doc[sent.start:sent.end]):
                if each_other:
                    onto_t += 1
                elif covers_f:
                    onto_f.append(sent)
                continue
            dests = (["f"] if covers_f else []) + (["t"] if each_other else [])
            for i in range(sent.start, sent.end - 1):
                if doc[i].lemma_ != "на":
                    continue
                if doc[i + 1].lower_.startswith(("базов", "основ", "туз")) or i + 1 in f_tok:
                    dests.append("f")
                    continue
                j = i + 1
                while j < sent.end and (doc[j].pos_ == "ADJ" or doc[j].is_space) and doc[j].lower_ not in _PRONOUN_FORMS:
                    j += 1
                if j >= sent.end or doc[j].lower_ in _PRONOUN_FORMS:
                    continue   # «выстроенные на нем карты»: «на нем» (on it), not «на … карты»
                if j in f_tok or doc[j].lower_.startswith(("базов", "основ", "туз")):
                    dests.append("f")
                elif doc[j].lemma_ == "карта" or RANK_WORDS.get(doc[j].lemma_) or any(
                        j in range(a, b) for a, b in sent.spans("T_ANCHOR")):
                    dests.append("t")
            if "t" in dests:
                onto_t += 1
            elif "f" in dests:
                onto_f.append(sent)
        wp = self.sents[self.whole_pack] if self.whole_pack is not None else None
        return {"goal": (self.sents[goal].quote, self.sents[goal].lines) if goal is not None else None,
                "whole_pack": (wp.quote, wp.lines) if wp is not None else None,
                "foundation_words": words,
                "only_to_foundations": ([(x.quote, x.lines) for x in onto_f[:2]]
                                        if len(onto_f) >= 2 and onto_t == 0 else None)}

    def spec(self) -> dict:
        spec = unknown_spec()
        by_field: dict[str, list[_Claim]] = {}
        for c in self.claims:
            by_field.setdefault(c.field, []).append(c)
        for field, claims in by_field.items():
            if field == "foundations.base":
                claims = self._fold_base(claims)
            top = max(c.strength for c in claims)
            claims = [c for c in claims if c.strength == top]
            if field == "stock.redeals" and top == 1 and len(claims) > 1:
                claims = self._fold_again(claims)
            first = claims[0]
            s = self.sents[first.sent]
            _set(spec, field, {"value": first.value, "status": "stated", "quote": s.quote,
                               "lines": list(s.lines), "ref": None, "reason": None})
            seen, quotes, lines = {repr(first.value)}, [s.quote], [list(s.lines)]
            for c in claims[1:]:
                if repr(c.value) in seen:
                    continue
                seen.add(repr(c.value))
                quotes.append(self.sents[c.sent].quote)
                lines.append(list(self.sents[c.sent].lines))
            if len(quotes) > 1 and field != "goal":   # a second goal sentence is more goal, not a contradiction
                spec["conflicts"].append({"field": field, "quotes": quotes, "lines": lines})
        spec["special"] = self.special
        if self.claim_reason is not None and get_field(spec, self.claim_reason[0])["status"] == "unknown":
            _set(spec, self.claim_reason[0], unknown_field(self.claim_reason[1]))
        return spec

    def _fold_again(self, claims: list[_Claim]) -> list[_Claim]:
        """«раскладывают снова … можно повторить еще раз»: each sentence telling of one more deal
        adds one redeal (when no sentence gives the count)."""
        sents = sorted({c.sent for c in claims})
        quote = " … ".join(self.sents[i].quote for i in sents)
        lines = (min(self.sents[i].lines[0] for i in sents), max(self.sents[i].lines[1] for i in sents))
        self.sents.append(_Sent(0, 0, quote, lines, {}))
        return [_Claim("stock.redeals", len(sents), len(self.sents) - 1)]

    def _fold_base(self, claims: list[_Claim]) -> list[_Claim]:
        """Aces in one sentence and kings in another are one «A+K» claim (quotes joined)."""
        vals = {c.value for c in claims}
        if vals <= {"A", "K", "A+K"} and len(vals) > 1 and ("A+K" in vals or {"A", "K"} <= vals):
            a = next(c for c in claims if c.value in ("A", "A+K"))
            kk = next(c for c in claims if c.value in ("K", "A+K"))
            if a is kk or a.sent == kk.sent:
                return [_Claim("foundations.base", "A+K", a.sent)] + [c for c in claims if c.value not in ("A", "K", "A+K")]
            sa, sk = self.sents[a.sent], self.sents[kk.sent]
            if kk.sent < a.sent:
                sa, sk = sk, sa
            joined = _Sent(0, 0, f"{sa.quote} … {sk.quote}",
                           (min(sa.lines[0], sk.lines[0]), max(sa.lines[1], sk.lines[1])), {})
            self.sents.append(joined)
            return [_Claim("foundations.base", "A+K", len(self.sents) - 1)]
        return claims


# --------------------------------------------------------------------------------------------
# Public entry points
# --------------------------------------------------------------------------------------------


def extract_rules_with_findings(text: MappedText, lang: str, source: str | None = None,
                                game: str | None = None) -> tuple[dict, list[Finding]]:
    """The rule spec of one game's text, and the findings of what could not be placed.

    ``text``: the game's cleaned text with its raw-line map (pre-1918 spelling should be
    modernized first; the reader folds only ѣ/і/ъ). ``lang``: ``"ru"`` or ``"uk"`` (``ValueError``
    otherwise). ``source``/``game`` label the findings. Findings: ``unparsed-rule-sentence`` (a
    sentence with rule words from which no field was read), ``unassigned-rule-cue`` (a direction or
    suit phrase with no pile word near it), ``unread-rule-value`` (a value outside the schema).
    """
    spec, findings, facts = _read_text(text, lang, source, game)
    complete_rows(spec)
    infer_no_building(spec, facts, findings, source, game)
    infer_cards_per_pile(spec, facts, findings, source, game)
    return spec, findings


def _read_text(text: MappedText, lang: str, source: str | None, game: str | None) -> tuple[dict, list[Finding], dict]:
    """The spec read from ``text`` alone (no post-processing), its findings and the reader's facts."""
    reader = _Reader(text, lang, source, game)
    reader.read()
    return reader.spec(), reader.findings, reader.facts()


_ROW_PAIRS = (("foundations.direction", "tableau.build_direction"), ("foundations.suit", "tableau.build_suit"))


def complete_rows(spec: dict) -> None:
    """In a game of the Paganini family (special ``paganini-windows``), the rows are the tableau
    and the foundations at once: a build direction or suit known for one is set for the other
    (same evidence, ``ref`` saying why) when the schema allows the value there. In place."""
    names = {s["name"] for s in spec.get("special", [])}
    if not names & {"paganini-windows", "paganini-windows-two-sided"}:
        return
    for a, b in _ROW_PAIRS:
        for src, dst in ((a, b), (b, a)):
            have, want = get_field(spec, src), get_field(spec, dst)
            enum = allowed_values(dst) or []
            if want["status"] == "unknown" and have["status"] != "unknown" and have["value"] in enum:
                why = "paganini-windows: the rows are both tableau and foundations"
                _set(spec, dst, dict(copy.deepcopy(have), ref=f"{why}; {src}" + (f"; {have['ref']}" if have["ref"] else ""),
                                     reason=None))


def infer_cards_per_pile(spec: dict, facts: dict, findings: list[Finding] | None = None,
                         source: str | None = None, game: str | None = None) -> None:
    """«… пока не иссякнет колода», «Выложите на стол все карты колоды …»: the whole pack is dealt to
    the tableau, so each of the N piles holds (cards − bases placed before play) / N cards, when that
    divides evenly and ``layout.cards_per_pile`` is still unknown. Evidence: the deal sentence; the
    arithmetic is in ``ref`` and a ``reading-choice`` finding. In place."""
    if not facts.get("whole_pack") or get_field(spec, "layout.cards_per_pile")["status"] != "unknown":
        return
    piles, packs, per = (get_field(spec, p)["value"] for p in ("layout.tableau_piles", "deck.packs", "deck.cards_per_pack"))
    if not (isinstance(piles, int) and isinstance(packs, int) and isinstance(per, int)):
        return
    bases = 4 * packs if get_field(spec, "foundations.preplaced")["value"] is True and \
        get_field(spec, "foundations.base")["value"] in ("A", "K") else 0
    extra = sum(v for v in (get_field(spec, "layout.reserve")["value"],) if isinstance(v, int))
    cards = packs * per - bases - extra
    if cards <= 0 or cards % piles:
        return
    quote, lines = facts["whole_pack"]
    ref = (f"reading: the whole pack is dealt: ({packs}×{per} cards − {bases} bases"
           + (f" − {extra} reserve" if extra else "") + f") / {piles} piles")
    _set(spec, "layout.cards_per_pile", {"value": cards // piles, "status": "stated", "quote": quote,
                                         "lines": list(lines), "ref": ref, "reason": None})
    if findings is not None:
        findings.append(Finding(source or "?", tuple(lines), "reading-choice",
                                f"layout.cards_per_pile = {cards // piles}: {ref}", quote[:80], game))


def infer_no_building(spec: dict, facts: dict, findings: list[Finding] | None = None,
                      source: str | None = None, game: str | None = None) -> None:
    """A game whose text states its goal and never names a foundation has none: foundations base,
    direction and suit become ``none`` (when still unknown), and so do the tableau's build direction
    and suit when nothing is built there either (pairing and counting games: «Пирамида», «Часы»,
    «Блокирующие 11»). The evidence is the goal sentence; ``ref`` says the value is a reading of the
    whole text, and a ``reading-choice`` finding is added to ``findings``. In place."""
    tab = ("tableau.build_direction", "tableau.build_suit")
    only_f = facts.get("only_to_foundations")
    if only_f and all(get_field(spec, f)["status"] == "unknown" for f in tab) and get_field(
            spec, "foundations.base")["value"] not in (None, "none"):
        # «Эти снятые карты … свободны для укладки на базовые», «… верхние карты которых можно
        # перекладывать на базовые»: every sentence that moves cards sends them to the foundations
        (q1, l1), (q2, l2) = only_f[0], only_f[-1]
        quote, lines = f"{q1} … {q2}", [min(l1[0], l2[0]), max(l1[1], l2[1])]
        ref = ("reading: every sentence of the text that moves cards sends them to the foundations; "
               "none builds on the tableau")
        for f in tab:
            _set(spec, f, {"value": "none", "status": "stated", "quote": quote, "lines": lines,
                           "ref": ref, "reason": None})
        if findings is not None:
            findings.append(Finding(source or "?", tuple(lines), "reading-choice",
                                    f"tableau.build_direction, tableau.build_suit read as none: {ref}", q1[:80], game))
    if not facts.get("goal") or facts.get("foundation_words"):
        return
    fields = ("foundations.base", "foundations.direction", "foundations.suit")
    if any(get_field(spec, f)["status"] != "unknown" for f in fields):
        return
    quote, lines = facts["goal"]
    ref = ("reading: the text states the goal of play and names no foundation anywhere "
           "(no «базовые», «основание», «ряд тузов»)")
    todo = list(fields)
    if all(get_field(spec, f)["status"] == "unknown" for f in tab):
        todo += tab
        ref += "; nothing is built on the tableau either"
    for f in todo:
        _set(spec, f, {"value": "none", "status": "stated", "quote": quote, "lines": list(lines),
                       "ref": ref, "reason": None})
    if findings is not None:
        findings.append(Finding(source or "?", tuple(lines), "reading-choice",
                                f"{', '.join(todo)} read as none: {ref}", quote[:80], game))


def extract_rules(text: MappedText, lang: str) -> dict:
    """The rule spec (schema 0.2) of one game's text; see :func:`extract_rules_with_findings`."""
    return extract_rules_with_findings(text, lang)[0]


_FURNITURE = re.compile(r"^\s*(\d{1,3}|\w)\s*$")
_HYPHEN = re.compile(r"(\w+)-\n(\w+)")


def game_text(lines: list[str], spans: Iterable[tuple[int, int]], lang: str = "ru") -> MappedText:
    """The raw lines ``spans`` (1-based inclusive) of a source as one :class:`MappedText`.

    A minimal cleaning for reading rules when the cleaning stage has not run: lines that are a
    bare page number or a single letter (the book's vertical side labels) are skipped, and a word
    broken at a line end («тринадца-\\nтью») is joined when pymorphy3 knows the joined word (else
    only the line break is dropped: «какого-\\nлибо» → «какого-либо»).
    """
    parts = []
    for a, b in spans:
        for n in range(a, b + 1):
            s = lines[n - 1]
            if _FURNITURE.match(s):
                continue
            parts.append(MappedText.from_lines([s], n))
    mt = MappedText.concat(parts, "\n") if parts else MappedText("", [], [])
    for m in reversed(list(_HYPHEN.finditer(mt.text))):
        left, right = m.group(1), m.group(2)
        if not right[0].islower():
            continue
        hy = m.start(2) - 2
        if morph.is_known(_norm_word(left + right, lang), lang):
            mt = mt.edit(hy, hy + 2, "")
        else:
            mt = mt.edit(hy + 1, hy + 2, "")
    return mt


# --------------------------------------------------------------------------------------------
# The specs of every game of one source: numbered rules, same-as links, variants, book context
# --------------------------------------------------------------------------------------------

_NOT_INHERITED_SPECIALS = {"same-as", "variant", "book-section", "alternative-rules"}
"""Specials that describe the text they were read from, not the rules: never passed on."""


def _span_text(mt: MappedText, first: int, last: int) -> MappedText | None:
    """The characters of ``mt`` whose raw line lies in ``first``…``last`` (one contiguous piece), or ``None``."""
    idx = [i for i, n in enumerate(mt.line) if first <= n <= last]
    if not idx:
        return None
    return mt.slice(idx[0], idx[-1] + 1)


def _lines_ref(lines: tuple[int, int] | list[int]) -> str:
    a, b = lines
    return f"line {a}" if a == b else f"lines {a}–{b}"


def _rule_entry(entry: str) -> tuple[list[str], int]:
    """A ``GameText.rules_used`` entry → (alternative rule numbers, times): ``"6|7"`` → (["6", "7"], 1),
    ``"7x2"`` → (["7"], 2), ``"5"`` → (["5"], 1)."""
    times = 1
    m = re.fullmatch(r"(.+?)x(\d+)", entry)
    if m:
        entry, times = m.group(1), int(m.group(2))
    return [x.strip() for x in entry.split("|") if x.strip()], times


def _inherit_specials(spec: dict, parent: dict, ref: str) -> None:
    """Append ``parent``'s rule specials (not the ones about its text) to ``spec``, with ``ref``; in place."""
    have = {(s["name"], s["quote"]) for s in spec["special"]}
    for s in parent.get("special", []):
        if s["name"] in _NOT_INHERITED_SPECIALS or (s["name"], s["quote"]) in have:
            continue
        item = copy.deepcopy(s)
        item["ref"] = ref if not s.get("ref") else f"{ref}; {s['ref']}"
        spec["special"].append(item)


@dataclass
class _SourceGames:
    """What :func:`spec_for_games` needs to resolve one source's games."""

    games: list
    texts: dict
    lang: str
    source_id: str
    source: Any
    own: dict
    rules: dict           # (game key, rule title) -> (spec, (first, last))
    done: dict
    findings: dict
    facts: dict           # game key -> _Reader.facts() of its own text


def spec_for_games(games: list, texts: dict[str, MappedText], lang: str, source_id: str,
                   source: Any = None) -> dict[str, tuple[dict, list[Finding]]]:
    """The rule spec of every game of one source, with the findings of each.

    ``games``: the source's :class:`~pasyans.models.GameText` list in text order (from
    ``extract/book.py`` ``segment_book(source).games`` or ``extract/articles.py``
    ``segment_source(source).games[i].game``); ``texts``: game key → its cleaned
    :class:`MappedText` (pre-1918 texts already modernized); ``lang``: ``"ru"``/``"uk"``
    (``ValueError`` otherwise); ``source_id``: ``"004"``; ``source``: the
    :class:`~pasyans.corpus.Source` (needed only for a book's side labels; when ``None`` for a
    book, the bundled corpus's source of that id is used if its lines match the texts, else a
    ``book-context-unavailable`` finding is made).

    Each game's own text is read by :func:`extract_rules_with_findings` (fields ``stated``); then,
    for fields still unknown, in this order of precedence:

    1. numbered rules (000): a game with ``rules_used`` (``['1', '5', '3', '4', '6|7']``) takes
       each rule's spec, read from the ``numbered-rule`` section that prints it (in the game itself,
       its parent, or any game of the source), ref «000 Правило 5, line 24». ``"6|7"``: rule 7 may
       replace rule 6 — where they differ the later one is taken and a special
       ``alternative-rules`` says so; ``"7x2"``: the rule applies twice (its redeals doubled).
       A game defined by its rule list inherits nothing else: fields no listed rule gives stay
       unknown, with that reason;
    2. a same-as link («Его играют так же, как и основную игру», «Перекладывание осуществляется
       так же, как и в джокер-пасьянсе, описанном выше», «як і для варіації А»): the game named
       (by «name», by variant letter, «основную» → the parent, else the game before), only the
       tableau fields when the sentence speaks of moving cards («перекладывание»);
    3. the parent game (``GameText.variant_of``), ref «variant of 004-024 «Клондайк»»;
    4. in a book, the section label printed down the page margin («ИГРЫ ОДНОЙ КОЛОДОЙ» → 1
       pack, «ИГРЫ ДВУМЯ КОЛОДАМИ» → 2), ref «book section label …, lines a–b»;
    5. in a book, its standard pack: 52 cards and no jokers where the text states no stripping
       and no jokers, ref «book: standard pack».

    Every field still unknown gets a ``reason``. Every spec validates against the schema
    (checked here; ``jsonschema.ValidationError`` would be a bug). Returns game key → (spec,
    findings); findings: those of :func:`extract_rules_with_findings` plus ``numbered-rule-missing``,
    ``same-as-unresolved``, ``reading-choice``, ``book-context-unavailable``.
    """
    if lang not in NUMBERS:
        raise ValueError(f"no rule reader for language {lang!r}")
    if source is None and games and any(g.page for g in games):
        source = _bundled_source(source_id, texts)
    ctx = _SourceGames(list(games), texts, lang, source_id, source, {}, {}, {}, {}, {})
    for g in ctx.games:
        mt = texts.get(g.key)
        if mt is None or not mt.text.strip():
            spec, found = unknown_spec(), [Finding(source_id, g.lines[0] if g.lines else (1, 1), "no-rule-text",
                                                   "the game has no text to read rules from", game=g.key)]
        else:
            spec, found, facts = _read_text(mt, lang, source_id, g.key)
            ctx.facts[g.key] = facts
        ctx.own[g.key] = spec
        ctx.findings[g.key] = list(found)
        for sec in g.sections:
            if sec.kind != "numbered-rule" or mt is None or (g.key, sec.title) in ctx.rules:
                continue
            part = _span_text(mt, *sec.lines)
            if part is None or not part.text.strip():
                continue
            rspec, _ = extract_rules_with_findings(part, lang, source_id, g.key)
            ctx.rules[(g.key, sec.title)] = (rspec, tuple(sec.lines))
    if games and any(g.page for g in games) and source is None:
        for g in games:
            ctx.findings[g.key].append(Finding(source_id, g.lines[0] if g.lines else (1, 1),
                                               "book-context-unavailable",
                                               "the book's source lines were not given: its section labels and "
                                               "standard pack were not applied", game=g.key))
    out = {}
    for g in ctx.games:
        spec = copy.deepcopy(_resolve(ctx, g, set()))
        _give_reasons(spec, g)
        validate_spec(spec)
        out[g.key] = (spec, ctx.findings[g.key])
    return out


def _bundled_source(source_id: str, texts: dict[str, MappedText]):
    """The bundled corpus's source ``source_id`` when every mapped character of ``texts`` is found at its
    raw (line, col) there — i.e. the texts were cut from that very file; else ``None``."""
    from pasyans.corpus import CorpusError, load_corpus

    try:
        src = next((s for s in load_corpus() if s.id == source_id), None)
    except CorpusError:
        return None
    if src is None:
        return None
    lines = src.lines
    for mt in list(texts.values())[:5]:
        for i in range(0, len(mt.text), max(1, len(mt.text) // 40)):
            if i in mt.inserted or mt.text[i].isspace():
                continue
            n, c = mt.line[i], mt.col[i]
            raw = lines[n - 1] if 0 < n <= len(lines) else ""
            if c >= len(raw) or (raw[c] != mt.text[i] and raw[c] != "-"):
                return None
    return src


def _game_ref(g) -> str:
    name = g.name or g.printed_name
    return f"{g.key} «{name}»" if name else g.key


def _resolve(ctx: _SourceGames, g, seen: set) -> dict:
    """The spec of ``g`` with every inheritance applied (memoised; a cycle stops at the game already open)."""
    if g.key in ctx.done:
        return ctx.done[g.key]
    if g.key in seen:
        return ctx.own[g.key]
    seen = seen | {g.key}
    spec = copy.deepcopy(ctx.own[g.key])
    by_key = {x.key: x for x in ctx.games}
    if g.rules_used:
        spec = _apply_numbered_rules(ctx, g, spec)
    else:
        for sa in [s for s in spec["special"] if s["name"] == "same-as"]:
            target, why = _same_as_target(ctx, g, sa["quote"])
            if target is not None and target.key == g.variant_of and not re.search(
                    r"\b(так|такой|такі|такий|точно)\s+(же|ж)\b", sa["quote"].lower()):
                continue    # «В другой версии этого пасьянса …»: the parent, inherited below as such
                ctx.findings[g.key].append(Finding(ctx.source_id, tuple(sa["lines"]), "same-as-unresolved",
                                                   f"the text refers to another game's rules ({why})",
                                                   sa["quote"][:80], g.key))
                continue
            if why:
                ctx.findings[g.key].append(Finding(ctx.source_id, tuple(sa["lines"]), "reading-choice", why,
                                                   sa["quote"][:80], g.key))
            scope = _same_as_scope(sa["quote"], ctx.lang)
            ref = f"same as {_game_ref(target)} («{sa['quote'][:80]}», {_lines_ref(sa['lines'])})"
            parent = _resolve(ctx, target, seen)
            spec = inherit(spec, parent, ref, scope)
            if scope is None:
                _inherit_specials(spec, parent, ref)
        if g.variant_of and g.variant_of in by_key:
            parent = by_key[g.variant_of]
            pspec = _resolve(ctx, parent, seen)
            ref = f"variant of {_game_ref(parent)}"
            spec = inherit(spec, pspec, ref)
            _inherit_specials(spec, pspec, ref)
    if ctx.source is not None and g.page:
        spec = _book_context(ctx, g, spec)
    complete_rows(spec)
    if not g.rules_used:
        infer_no_building(spec, ctx.facts.get(g.key, {}), ctx.findings[g.key], ctx.source_id, g.key)
    infer_cards_per_pile(spec, ctx.facts.get(g.key, {}), ctx.findings[g.key], ctx.source_id, g.key)
    ctx.done[g.key] = spec
    return spec


def _rule_holder(ctx: _SourceGames, g, title: str):
    """(spec, lines, holder key) of numbered rule ``title`` as printed in ``g``, its parent, or the
    first game of the source that prints it; ``None`` when no game prints it."""
    order = [g.key] + ([g.variant_of] if g.variant_of else []) + [x.key for x in ctx.games]
    for key in order:
        if (key, title) in ctx.rules:
            spec, lines = ctx.rules[(key, title)]
            return spec, lines, key
    return None


def _apply_numbered_rules(ctx: _SourceGames, g, spec: dict) -> dict:
    own_titles = {s.title for s in g.sections if s.kind == "numbered-rule"}
    rule_word = "Правило"
    for entry in g.rules_used:
        alts, times = _rule_entry(entry)
        found = []
        for title in alts:
            held = _rule_holder(ctx, g, title)
            if held is None:
                ctx.findings[g.key].append(Finding(ctx.source_id, g.lines[0] if g.lines else (1, 1),
                                                   "numbered-rule-missing",
                                                   f"the game uses {rule_word} {title}, which no game of the source prints",
                                                   title, g.key))
                continue
            rspec, lines, holder = held
            ref = f"{ctx.source_id} {rule_word} {title}, {_lines_ref(lines)}"
            if times > 1:
                rspec = copy.deepcopy(rspec)
                red = get_field(rspec, "stock.redeals")
                if isinstance(red["value"], int):
                    red["value"] *= times
                ref += f" (applied {times} times)"
            found.append((title, rspec, ref, holder))
        if not found:
            continue
        if len(found) > 1:
            # «Замість правила 6 можна застосувати правило 7»: the later rule may replace the
            # earlier one; where they differ, the later one's value is the one the game allows.
            differ = [p for p in field_paths()
                      if len({repr(get_field(r, p)["value"]) for _, r, _, _ in found if get_field(r, p)["status"] != "unknown"}) > 1]
            names = " or ".join(f"{rule_word} {t}" for t, _, _, _ in found)
            last = found[-1]
            held = [_rule_holder(ctx, g, t) for t, _, _, _ in found]
            first_lines = (min(h[1][0] for h in held), max(h[1][1] for h in held))
            texts = [_span_text(ctx.texts[h[2]], *h[1]) for h in held]
            quote = " … ".join(" ".join(t.text.split())[:160] for t in texts if t is not None) or names
            spec["special"].append({
                "name": "alternative-rules", "description":
                f"the game uses {names}; where they differ ({', '.join(differ) or 'no field'}) the value of "
                f"{rule_word} {last[0]}, which may replace the other, is taken",
                "quote": quote, "lines": list(first_lines), "params": {"rules": [t for t, _, _, _ in found],
                                                                            "fields": differ}})
            for title, rspec, ref, holder in reversed(found):
                spec = inherit(spec, rspec, ref)
                _inherit_specials(spec, rspec, ref)
        else:
            title, rspec, ref, holder = found[0]
            if holder == g.key and title in own_titles:
                _mark_rule_refs(spec, rspec, ref)
                continue
            spec = inherit(spec, rspec, ref)
            _inherit_specials(spec, rspec, ref)
    return spec


def _mark_rule_refs(spec: dict, rspec: dict, ref: str) -> None:
    """Fields the game states from its own numbered rule get that rule as their ``ref`` (in place)."""
    for path in field_paths():
        mine, theirs = get_field(spec, path), get_field(rspec, path)
        if mine["status"] == "stated" and theirs["status"] == "stated" and mine["lines"] == theirs["lines"] \
                and mine["ref"] is None:
            mine["ref"] = ref


_MOVING_WORDS = ("перекладыван", "перекладк", "перекладан", "перемещени", "перекладанн")


def _same_as_scope(quote: str, lang: str) -> list[str] | None:
    """The fields a same-as sentence covers: tableau fields when it speaks of moving cards
    («Перекладывание осуществляется так же …»), else all (``None``)."""
    head = quote.lower().split("так")[0]
    if any(w in head for w in _MOVING_WORDS):
        return [p for p in field_paths() if p.startswith("tableau.")]
    return None


_VARIANT_LETTER = re.compile(r"(?:вариант\w*|варіаці\w*|вар\.)\s+([А-ЯІЇЄҐA-Z])\b")


def _same_as_target(ctx: _SourceGames, g, quote: str):
    """(game, note) that a same-as sentence of ``g`` refers to; note is a reading choice to record
    (or ``""``), or (``None``, why) when nothing fits."""
    earlier = [x for x in ctx.games[: ctx.games.index(g)]]
    low = quote.lower()
    m = _VARIANT_LETTER.search(quote)
    if m:
        letter = m.group(1).upper()
        for x in ctx.games:
            pn = (x.printed_name or "")
            if x is not g and re.search(rf"(?:Варіація|Вариант|Вариация)\s+{letter}\b", pn, re.I):
                return x, ""
    for q in re.findall(r"«([^»]+)»", quote):
        for x in earlier:
            if x.name and x.name.lower() == q.lower():
                return x, ""
    if re.search(r"основн", low):
        if g.variant_of:
            return next(x for x in ctx.games if x.key == g.variant_of), ""
    for x in reversed(earlier):
        if x.name and len(x.name) > 3 and _stem(x.name) in low:
            return x, ""
    if g.variant_of:
        return next(x for x in ctx.games if x.key == g.variant_of), ""
    if earlier:
        prev = next((x for x in reversed(earlier) if not x.variant_of), earlier[-1])
        return prev, (f"the game referred to is not named: read as the game before, {_game_ref(prev)}")
    return None, "no earlier game in the source"


def _stem(name: str) -> str:
    """A crude stem of a game name for finding it inflected in a sentence («джокер-пасьянс» → «джокер-пасья»)."""
    n = name.lower()
    return n[:-2] if len(n) > 5 else n


def _book_context(ctx: _SourceGames, g, spec: dict) -> dict:
    """Apply the book's section label and standard pack to ``g``'s spec (fields still unknown only)."""
    label = _side_label(ctx.source, g.lines[0][0]) if g.lines else None
    if label is not None:
        text, (a, b), heading = label
        mt = MappedText(text, [a + min(i, b - a) for i in range(len(text))], list(range(len(text))))
        lspec = extract_rules(mt, ctx.lang)
        packs = get_field(lspec, "deck.packs")
        if packs["status"] == "stated":
            ref = (f"book section label «{text}» (printed letter by letter down the page margin, "
                   f"{_lines_ref((a, b))}; chapter heading at line {heading})")
            packs = dict(packs, quote=text, lines=[a, b])
            spec = inherit(spec, {"deck": {"packs": packs}}, ref, ["deck.packs"])
    if get_field(spec, "deck.cards_per_pack")["status"] == "unknown":
        _set(spec, "deck.cards_per_pack", {"value": 52, "status": "inherited", "quote": None, "lines": None,
                                           "ref": "book: standard pack (the game's text states no stripped pack)",
                                           "reason": None})
    if get_field(spec, "deck.jokers")["status"] == "unknown":
        _set(spec, "deck.jokers", {"value": 0, "status": "inherited", "quote": None, "lines": None,
                                   "ref": "book: standard pack (the game's text adds no joker)", "reason": None})
    return spec


def _side_label(source, first_line: int) -> tuple[str, tuple[int, int], int] | None:
    """The book's section label printed letter by letter down the margin before ``first_line``:
    (its words as the chapter heading spells them, its raw lines, the heading's line), or ``None``.

    The label is the nearest run of one-letter lines above the game's first line (within 60 lines);
    its letters are matched, spaces ignored, against the all-capitals lines of the source (the table
    of contents prints the chapter headings).
    """
    lines = source.lines
    n = first_line - 1
    while n > 0 and len(lines[n - 1].strip()) != 1:
        n -= 1
        if first_line - n > 60:
            return None
    last = n
    letters = []
    while n > 0 and len(lines[n - 1].strip()) == 1:
        ch = lines[n - 1].strip()
        if "А" <= ch <= "Я" or ch == "Ё":     # diagram letters (A, B, C, D) may stand among them
            letters.append(ch)
        n -= 1
    first = n + 1
    label = "".join(reversed(letters))
    if len(label) < 4:
        return None
    for i, s in enumerate(lines, 1):
        if s.strip().isupper() and s.replace(" ", "") == label:
            return s.strip(), (first, last), i
    return None


def _give_reasons(spec: dict, g) -> None:
    """Set the ``reason`` of every field still unknown (in place)."""
    for path in field_paths():
        f = get_field(spec, path)
        if f["status"] != "unknown" or f.get("reason"):
            continue
        if g.rules_used:
            why = (f"no sentence of the game's text and none of the numbered rules it uses "
                   f"({', '.join(g.rules_used)}) states it")
        elif g.variant_of:
            why = f"neither the variant's text nor its parent {g.variant_of} states it"
        else:
            why = "no sentence of the game's text states it"
        _set(spec, path, dict(f, reason=why))
