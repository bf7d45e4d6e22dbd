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
"""

from __future__ import annotations

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

from .text import MappedText

SCHEMA_VERSION = "0.1"

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


def unknown_field() -> dict:
    """A field nobody has read: value, quote, lines and ref all ``None``."""
    return {"value": None, "status": "unknown", "quote": None, "lines": None, "ref": None}


def unknown_spec() -> dict:
    """A spec with every field unknown and no specials or conflicts (valid against the schema)."""
    spec: dict[str, Any] = {"schema_version": SCHEMA_VERSION}
    for path in field_paths():
        _set(spec, path, unknown_field())
    spec["special"] = []
    spec["conflicts"] = []
    return spec


def _get(spec: dict, path: str) -> dict:
    node = spec
    for part in path.split("."):
        node = node[part]
    return node


def _set(spec: dict, path: str, value: Any) -> None:
    parts = path.split(".")
    node = spec
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value


def inherit(child: dict, parent: dict, ref: str) -> dict:
    """A copy of ``child`` where every unknown field takes ``parent``'s value, marked ``inherited``.

    ``ref`` names where the value comes from («000 Правило 2», «004-021 Клондайк»); when the parent's
    own field was inherited, its ref is kept after ours (``"ref; parent-ref"``). The parent's quote
    and lines travel with the value. Stated fields of the child, its specials and conflicts are
    unchanged; ``parent`` is not modified.
    """
    out = copy.deepcopy(child)
    for path in field_paths():
        mine, theirs = _get(out, path), _get(parent, path)
        if mine["status"] == "unknown" and theirs["status"] != "unknown":
            chain = ref if not theirs.get("ref") else f"{ref}; {theirs['ref']}"
            _set(out, path, {"value": copy.deepcopy(theirs["value"]), "status": "inherited",
                             "quote": theirs["quote"], "lines": copy.deepcopy(theirs["lines"]),
                             "ref": chain})
    return out


# --------------------------------------------------------------------------------------------
# Tokens: spaCy blank pipeline + pymorphy3 lemmas
# --------------------------------------------------------------------------------------------

_PRE_REFORM = str.maketrans({"ѣ": "е", "Ѣ": "Е", "ђ": "е", "Ђ": "Е", "і": "и", "І": "И", "ѳ": "ф", "Ѳ": "Ф"})

NUMBERS = {
    "ru": {"один": 1, "два": 2, "оба": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7,
           "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12,
           "тринадцать": 13, "четырнадцать": 14, "пятнадцать": 15, "шестнадцать": 16,
           "семнадцать": 17, "восемнадцать": 18, "девятнадцать": 19, "двадцать": 20,
           "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60, "семьдесят": 70,
           "восемьдесят": 80, "девяносто": 90, "сто": 100},
    "uk": {"один": 1, "два": 2, "обидва": 2, "три": 3, "чотири": 4, "п'ять": 5, "шість": 6, "сім": 7,
           "вісім": 8, "дев'ять": 9, "десять": 10, "одинадцять": 11, "дванадцять": 12,
           "тринадцять": 13, "чотирнадцять": 14, "п'ятнадцять": 15, "шістнадцять": 16,
           "сімнадцять": 17, "вісімнадцять": 18, "дев'ятнадцять": 19, "двадцять": 20,
           "тридцять": 30, "сорок": 40, "п'ятдесят": 50, "шістдесят": 60, "сто": 100},
}
"""Cardinal numbers by lemma (``ё`` folded, Ukrainian apostrophes made ``'``)."""

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

RANK_LETTER = "A23456789TJQK"

_LOWER_WORDS = {"ниже", "младше", "меньше", "меньшего", "меньшее", "меньшей", "молодше", "нижче", "менше"}
_HIGHER_WORDS = {"выше", "старше", "больше", "большего", "большее", "большей", "вище", "більше"}
"""Comparatives of rank («на ступень выше», «на одне очко старше»)."""

_POS = {"ADJF": "ADJ", "ADJS": "ADJ", "PRTF": "ADJ", "PRTS": "ADJ", "COMP": "ADJ", "NUMR": "NUM",
        "NOUN": "NOUN", "VERB": "VERB", "INFN": "VERB", "GRND": "VERB", "NPRO": "PRON",
        "PREP": "ADP", "CONJ": "CCONJ", "PRCL": "PART", "ADVB": "ADV", "PRED": "ADV"}


def _norm_word(word: str, lang: str) -> str:
    w = word.replace("’", "'").replace("ʼ", "'")
    if lang == "ru":
        w = w.translate(_PRE_REFORM)
        if len(w) > 1 and w[-1] in "ъЪ":
            w = w[:-1]
    return w


@lru_cache(maxsize=4)
def _nlp(lang: str):
    if not Token.has_extension("num"):
        Token.set_extension("num", default=None)
        Token.set_extension("isnum", default=False)
        Token.set_extension("case", default=None)
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
            tok._.num, tok._.isnum = int(tok.text), True
            continue
        w = _norm_word(tok.text, lang)
        p = morph.parse(w, lang)
        tok.lemma_ = morph.lemma(w, lang).replace("’", "'").replace("ʼ", "'")
        tok.pos_ = _POS.get(p.tag.POS, "X") if p is not None else "X"
        if tok.lower_.startswith(("полн", "повн")):
            tok.pos_ = "ADJ"  # pymorphy3 (uk) reads «повні» as the noun «повня»
        tok._.case = p.tag.case if p is not None else None
        if tok.lemma_ in nums:
            tok._.num, tok._.isnum = nums[tok.lemma_], True
    if lang == "uk":
        # The machine translation of 000 renders «в восемь рядов» as «о восьмій … рядів»: an
        # ordinal followed by a plural noun is read as the cardinal.
        for tok in doc:
            if tok.lemma_ in ords and not tok._.isnum:
                nxt = [t for t in doc[tok.i + 1: tok.i + 4] if t.pos_ == "NOUN"]
                if nxt and "plur" in str(morph.parse(nxt[0].text, lang).tag):
                    tok._.num, tok._.isnum = ords[tok.lemma_], True


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
    d: dict = {"LEMMA": {"IN": list(lemmas)}}
    if op:
        d["OP"] = op
    return d


def R(regex: str, op: str | None = None) -> dict:
    d: dict = {"LOWER": {"REGEX": regex}}
    if op:
        d["OP"] = op
    return d


NUM = {"_": {"isnum": True}}
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
    "CELLS": [[NUM, ADJ, R(r"^(ячейк|клетк|комірк)")]],
    "RESERVE": [[NUM, ADJ, CARD, ANY, R(r"^резерв")]],
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
                  [R(r"^мас"), L("данный", "этот")],
                  # «собрать масти на тузы», «на тузы будут собираться масти»: suits are built
                  [{"LOWER": {"IN": ["масти", "мастей"]}}, L("на", "в")],
                  [L("собираться", "собирать", "собрать", "уложить"), {"LOWER": {"IN": ["масти", "мастей"]}}],
                  [L("весь"), {"LOWER": {"IN": ["масти", "мастей"]}}]],
    "SUIT_ANY": [[R(r"^(независим|незалежн)"), L("от", "від"), R(r"^мас")],
                 [R(r"^мас"), L("не"), R(r"^(соблюда|учитыва)")],
                 [L("не"), L("по"), R(r"^мастям")]],
    "COLOR_ALT": [[R(r"^(противополож|альтернатив|чередующ|разн|другого|протилежн)"), ADJ,
                   L("по", op="?"), R(r"^(цвет|колір|кольор)")],
                  [R(r"^(цвет|колір)"), R(r"^противополож")],
                  [R(r"^(красн|черн)"), L("на"), R(r"^(черн|красн)")]],
    "COLOR_SAME": [[L("тот", "той", "один", "одинаковый"), L("же", op="?"), R(r"^цвет")]],
    # moves -------------------------------------------------------------------------------
    "ONE_CARD": [[L("только", "лишь"), L("по", op="?"), L("один"), CARD],
                 [L("только", "лишь"), R(r"^верхн"), CARD],
                 [L("перемещаться", "перекладывать", "перемещать"), L("по"), L("один")],
                 [L("за"), L("раз"), L("перемещаться", "перекладываться"), L("только"), L("один")],
                 [L("карта"), L("перемещаться"), L("только"), L("раз")]],
    "SEQUENCE": [[L("серия")]],
    "WHOLE_PILE": [[L("весь"), L("стопка", "пачка")]],
    # spaces ------------------------------------------------------------------------------
    "SPACE": [[L("пробел", "пустота")],
              [R(r"^(пуст|свободн|освобод|освобожд|порожн|вільн)"), L("место", "місце", "ряд",
                                                                      "столбец", "колонка")],
              [L("он", "она", "его", "ее"), L("место")],
              [R(r"^(опуст|опорожн)")], [R(r"^(исчерпан|разобран)")]],
    "SPACE_NOT": [[L("не"), R(r"^(заполня|замеща|возобновля)")],
                  [L("ничего", "ничто"), L("класть", "положить", "добавлять"), L("в", "на"),
                   L("он", "она", "они", "его", "ее")]],
    "SPACE_KINGS": [[L("только", "лишь"), ADJ, KOROL],
                    [{"LOWER": {"REGEX": r"^корол"}, "_": {"case": {"IN": ["ablt", "accs", "gent"]}}}]],
    "SPACE_WASTE": [[R(r"^(резервн|расходн)"), L("стопка")], [L("из"), L("сброс", "отбой", "талон")]],
    "SPACE_STOCK": [[L("из"), ADJ, KOLODA]],
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
    "F_ANCHOR": [[R(r"^(базов|основан|основн|основ[аы]?$|фундамент)")], [L("колонна")],
                 [R(r"^(базов|основн)"), {"POS": "ADJ", "OP": "?"}, {"POS": "NOUN"}],
                 [L("ряд"), R(r"^(туз|корол)")],
                 [L("на"), R(r"^корол(ях|ей|и)$")],
                 [L("на", "за", "над"), NUM, ADJ, TUZ], [L("на", "за", "над"), ADJ, TUZ]],
    "T_ANCHOR": [[L("стопка", "столбец", "столбцы", "столбик", "колонка", "веер", "клумба", "крыло",
                    "ряд", "расклад", "раскладка", "звено", "луч", "группа", "пачка", "лесенка",
                    "косынка", "стовпець", "розкладка", "вікно")],
                 [R(r"^(игров|пристенн)")], [L("друг"), L("на"), L("друг")]],
    "F_WEAK": [[TUZ]],
    "T_WEAK": [[L("серия")], [R(r"^покр[ыи]")]],
    "BUILD_VERB": [[R(r"^(собира|собер|собра|клас|клад|полож|покр|помещ|помест|переклад|перелож|"
                      r"выстр|стро|наклад|налож|укла|идут|идет|нараст|наращ|присоедин|размещ|поклас|"
                      r"розташ|перемещ|восход|нисход)")]],
    "MOVE_VERB": [[R(r"^(перекла|перемещ|перенос|переложи|перенес|перемест|снят|помещ)")]],
    "DEAL_VERB": [[R(r"^(выкла|выложи|разлож|раскла|уклад|кладут|кладем|помест|викладаю|вылож)")]],
    "GOAL": [[L("цель", "задача", "мета")]],
    "STOCK_DEAL": [[L("по"), L("один", "три"), CARD, ADJ]],
    "STOCK_VERB": [[R(r"^(сда[её]т|сдава|открыва|просматрива|переворачива)")]],
    "VARIANT": [[L("в", "во"), R(r"^(друг|ин[оы]|некотор)"), R(r"^(вариант|верси)")],
                [L("иногда")], [L("существовать"), L("много"), R(r"^верси")]],
    "NEG": [[L("не", "нельзя")]],
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
    variant: bool = False

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


def _is_heading(line: str) -> bool:
    """A line that is a heading: all capitals («КАК ИГРАТЬ») or a title in «…» alone."""
    letters = [c for c in line if c.isalpha()]
    if len(letters) < 2:
        return False
    if all(c.isupper() for c in letters):
        return True
    text = line.strip()
    return text.startswith("«") and text.endswith("»")


def _sentences(doc: Doc, mt: MappedText, lang: str) -> list[_Sent]:
    matches = _matcher(lang)(doc)
    vocab = doc.vocab.strings
    out = []
    for a, b in _sentence_bounds(doc, mt.text):
        toks = [t for t in doc[a:b] if not t.is_space]
        if not toks:
            continue
        c0, c1 = toks[0].idx, toks[-1].idx + len(toks[-1].text)
        cues: dict[str, list[tuple[int, int]]] = {}
        for mid, s, e in matches:
            if a <= s and e <= b:
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
    vals = [t._.num for t in doc[s:e] if t._.isnum]
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

        strong = [("foundations", x) for x in f_strong] + [("tableau", x) for x in t_strong]
        # «на них», «на которых»: the piles named before — the foundations if aces or a
        # foundation word came before in the sentence, else the nearest pile word before
        for i in range(sent.start, sent.end - 1):
            if doc[i].lemma_ == "на" and doc[i + 1].lemma_ in ("они", "который") and not (s <= i < e):
                before = [kd for kd, x in strong if x[1] <= i]
                if any(x[1] <= i for x in f_strong + f_weak) or (
                        not before and prev is not None and (prev.has("F_ANCHOR") or prev.has("F_WEAK"))):
                    strong.append(("foundations", (i, i + 2)))
                elif before:
                    strong.append((before[-1], (i, i + 2)))
        weak = [("foundations", x) for x in f_weak] + [("tableau", x) for x in t_weak]
        for cands, lo, hi in ((strong, ca, cb), (weak, ca, cb), (strong, sent.start, sent.end),
                              (weak, sent.start, sent.end)):
            kind = nearest(cands, lo, hi)
            if kind:
                return kind
        return None

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
                sent.variant = True
                self.special.append({"name": "variant", "description":
                                     "another version of the game, not read into the fields",
                                     "quote": sent.quote, "lines": list(sent.lines)})
                continue
            before = len(self.claims)
            self._deck(k, sent)
            self._layout(k, sent)
            self._targeted(k, sent)
            self._base(k, sent)
            self._space(k, sent)
            self._move(k, sent)
            self._redeals(k, sent)
            self._stock(k, sent)
            if sent.has("GOAL") and sent.spans("GOAL")[0][0] - sent.start <= 3:
                self.claim("goal", sent.quote, k)
            if len(self.claims) == before and self._rule_like(sent):
                self.finding(k, "unparsed-rule-sentence",
                             "sentence uses rule words but no rule field was read from it",
                             sent.quote[:120])

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
            # The sentence counts the cards of the pack and names no joker.
            self.claim("deck.jokers", 0, k)

    # layout
    def _layout(self, k: int, sent: _Sent) -> None:
        doc = self.doc
        for s, e in sent.spans("PILES"):
            nums = [t for t in doc[s:e] if t._.isnum]
            if doc[e - 1].lemma_ in ("карта", "лист") and len(nums) >= 2:
                self.claim("layout.tableau_piles", nums[0]._.num, k)
                self.claim("layout.cards_per_pile", nums[-1]._.num, k)
                break
        if sent.has("DEAL_VERB") or sent.has("PILES"):
            up, down = sent.has("FACE_UP"), sent.has("FACE_DOWN")
            if up or down:
                self.claim("layout.face", "mixed" if up and down else "up" if up else "down", k)
        for s, e in sent.spans("CELLS"):
            self.claim("layout.cells", _number_at(doc, s, e), k)
        for s, e in sent.spans("RESERVE"):
            self.claim("layout.reserve", _number_at(doc, s, e), k)

    # cues that belong to the foundations or to the tableau
    def _targeted(self, k: int, sent: _Sent) -> None:
        doc = self.doc
        dirs: dict[str, set[str]] = {"foundations": set(), "tableau": set()}
        suits: dict[str, list[tuple[int, str]]] = {"foundations": [], "tableau": []}

        prev = self.sents[k - 1] if k else None

        def target(s: int, e: int) -> str | None:
            kind = (self._anchor_kind(sent, s, e, prev)
                    or (prev and self._anchor_kind(prev, prev.end, prev.end)) or self._context)
            if kind:
                self._context = kind
            return kind

        for label, value in (("DIR_UP", "up"), ("DIR_DOWN", "down")):
            for s, e in sent.spans(label):
                kind = target(s, e)
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
        # a suit or colour phrase is a rule only where something is built or moved
        building = sent.has("BUILD_VERB") or sent.has("DIR_UP") or sent.has("DIR_DOWN") or sent.has("SUIT_ANY")
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
            for s, e in (sent.spans(label) if building or label == "COLOR_ALT" else []):
                if not self._negated(s):
                    suits["tableau"].append((s, value))
        for kind, field_dir, field_suit, both in (
                ("foundations", "foundations.direction", "foundations.suit", "both"),
                ("tableau", "tableau.build_direction", "tableau.build_suit", "either")):
            d = dirs[kind]
            if d:
                self.claim(field_dir, both if len(d) > 1 else next(iter(d)), k)
            if suits[kind]:
                # a colour rule is more specific than «независимо от масти»
                vals = [v for _, v in sorted(suits[kind])]
                colour = [v for v in vals if v in ("alternate-color", "same-color")]
                self.claim(field_suit, colour[0] if colour else vals[0], k)
        for s, e in sent.spans("SKIP_ONE"):
            kind = target(s, e)
            if kind == "foundations":
                self.claim("foundations.step", 2, k)

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
            rel = {"младший": "low", "старший": "high"}.get(t.lemma_) if t.pos_ == "ADJ" and t._.case == "accs" else None
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
            if any(x.lemma_ == "карта" and x._.case in ("gent", "ablt") for x in after) or any(
                    x.lemma_ == "за" for x in after):
                about = "moved"      # «на одне очко старше карти, що лежить зліва»
            elif which:
                about = "moved" if which[-1]._.case == "nomn" else "onto"
            else:
                about = "onto" if self._on_card(ca, t.i - 2) else "moved"
            kind = self._anchor_kind(sent, t.i, t.i + 1) or self._context or "tableau"
            yield kind, "down" if (about == "onto") == high else "up"

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
        has_anchor = bool(sent.spans("F_ANCHOR"))
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
            elif not _preceded_by(doc, t.i, {"на", "с", "со", "из"}) and not others:
                # a king is a base where the sentence names the foundations; «на короля» is a build
                king = king or t.i in f_tokens or has_anchor
        if ace or king:
            self.claim("foundations.base", "A+K" if ace and king else "A" if ace else "K", k)

    def _ace_then_them(self, sent: _Sent, i: int) -> bool:
        """«освободить тузы и выложить на них …»: the aces are what is built on."""
        doc = self.doc
        for j in range(i + 1, min(sent.end - 1, i + 6)):
            if doc[j].lemma_ == "на" and doc[j + 1].lemma_ == "они":
                return True
        return False

    # spaces
    def _space(self, k: int, sent: _Sent) -> None:
        if not sent.has("SPACE"):
            return
        doc = self.doc
        kings = [s for s, e in sent.spans("SPACE_KINGS")
                 if not _preceded_by(doc, s, {"до", "к", "на", "из", "с"}) and not doc[s - 1]._.isnum]
        first = {}
        for label in ("SPACE_WASTE", "SPACE_STOCK"):
            if sent.spans(label):
                first[label] = sent.spans(label)[0][0]
        if sent.has("SPACE_NOT") and (first or any(t.lower_.startswith("колод") for t in doc[sent.start:sent.end])):
            # «Пробелы никогда не заполняются картами колоды»: a source is barred, not every card
            self.finding(k, "unread-rule-value", "a space rule bars one source of cards", sent.quote[:120])
            return
        if sent.has("SPACE_NOT"):
            value = "not-filled"
        elif kings:
            value = "kings"
        elif first:
            value = "from-waste" if min(first, key=first.get) == "SPACE_WASTE" else "from-stock"
        elif sent.has("SPACE_ANY"):
            value = "any"
        else:
            return
        self.claim("tableau.space", value, k)

    # moves
    def _move(self, k: int, sent: _Sent) -> None:
        if not sent.has("MOVE_VERB") and not sent.has("ONE_CARD"):
            return
        if sent.has("WHOLE_PILE") and sent.has("MOVE_VERB"):
            self.claim("tableau.move", "whole-pile", k)
        elif sent.has("ONE_CARD"):
            self.claim("tableau.move", "one-card", k)
        elif sent.has("SEQUENCE") and sent.has("MOVE_VERB") and not sent.has("F_ANCHOR"):
            same = sent.has("SUIT_SAME") or any(t.lemma_ == "одинаковый" for t in self.doc[sent.start:sent.end])
            self.claim("tableau.move", "same-suit-sequence" if same else "any-sequence", k)
        elif sent.has("ONE_CARD"):
            self.claim("tableau.move", "one-card", k)

    # redeals
    def _redeals(self, k: int, sent: _Sent) -> None:
        doc = self.doc
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
        if sent.has("REDEAL_ONE") and (sent.has("DEAL_VERB") or sent.has("STOCK_VERB")
                                       or any(t.lemma_ in ("перемешать", "перетасовать", "сдача", "раздача",
                                                           "повторить", "перемішати", "тасовать")
                                              for t in doc[sent.start:sent.end])):
            self.claim("stock.redeals", 1, k, strength=1)

    def _stock(self, k: int, sent: _Sent) -> None:
        if not (sent.has("STOCK_VERB") and sent.has("STOCK_DEAL")
                and any(t.lower_.startswith(("колод", "запас")) for t in self.doc[sent.start:sent.end])):
            return
        s, e = sent.spans("STOCK_DEAL")[0]
        n = 1 if self.doc[s + 1].lemma_ == "один" else 3
        self.claim("stock.deal", f"{n} at a time", k)

    # -- folding claims into the spec --------------------------------------------------------
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
                               "lines": list(s.lines), "ref": None})
            seen, quotes, lines = {repr(first.value)}, [s.quote], [list(s.lines)]
            for c in claims[1:]:
                if repr(c.value) in seen:
                    continue
                seen.add(repr(c.value))
                quotes.append(self.sents[c.sent].quote)
                lines.append(list(self.sents[c.sent].lines))
            if len(quotes) > 1:
                spec["conflicts"].append({"field": field, "quotes": quotes, "lines": lines})
        spec["special"] = self.special
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
    reader = _Reader(text, lang, source, game)
    reader.read()
    return reader.spec(), reader.findings


def extract_rules(text: MappedText, lang: str) -> dict:
    """The rule spec (schema 0.1) of one game's text; see :func:`extract_rules_with_findings`."""
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
