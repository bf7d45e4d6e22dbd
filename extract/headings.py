"""What a line of plain text is by its layout: a heading (with its marks and level), a section
label, a byline, or neither — read from two data tables, not from code branches.

* ``pasyans/data/heading_shapes.json``: the marks a title may carry (Markdown ``###``, ``**bold**``,
  Roman and Arabic numbers «II.», «2.»), setext underlines, bylines («Автор —», «Написано …»),
  and the lines that are never titles (table rows with a TAB, «term: value» lines, lines naming
  cards). :func:`marks` strips the marks; :func:`title_shape` says whether what remains looks like
  a title: ``"caps"``, ``"quoted"``, ``"plain"`` or ``"dotted"`` (see its docstring).
* ``pasyans/data/section_labels.json``: section labels («Описание», «Цель игры», «Розклад»,
  «Подсчёт очков», …) with their Section kind. :func:`section_label` reads a whole line as a label,
  or the label that opens it («Цель игры: собрать …»).

:func:`split_title` takes the names out of a title line: «Косынка (Клондайк)», «Павук (Spider)»,
«Пасьянс «Марьяж», или «Свадьба»», «Пасьянс «Ручеёк» / Пасьянс «Струмок»».

Words are compared by pymorphy3 lemmas (:mod:`pasyans.morph`); ``lang`` is ``"ru"`` or ``"uk"``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from pasyans import morph

from .name_case import _nominative, nominative  # noqa: F401  (part of this module's API: «Паука» → «Паук»)
from .section_questions import question_kind

_DATA = "data"
TERMINAL = ".!?…"
QUOTE_RE = re.compile(r"«([^»]+)»|\"([^\"]+)\"|„([^“”]+)[“”]|“([^”]+)”")
_CAPTION_RE = re.compile(r"^(?:рис|рисунок|мал|малюнок|табл|таблица)\.?\s*\d+\s*\.?$", re.I)
_WORD_RE = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_LATIN_RE = re.compile(r"^[A-Za-z][A-Za-z'’ .-]*$")
_HEADING_BAD_POS = {"VERB", "INFN", "ADJS", "PRTS", "PRED", "GRND"}
_GENERIC_RE = re.compile(r"(?i)\b(?:пасьянс\w*|или|або|чи)\b|[\s,/—–-]")


def _load(name: str) -> dict:
    return json.loads(resources.files("pasyans").joinpath(f"{_DATA}/{name}").read_text("utf-8"))


@lru_cache(maxsize=1)
def shapes() -> dict:
    """``heading_shapes.json`` with its patterns compiled (``marks[i]["re"]``, ``not_titles[i]["re"]``)."""
    data = _load("heading_shapes.json")
    for m in data["marks"]:
        m["re"] = re.compile(m["pattern"])
    for m in data["not_titles"]:
        m["re"] = re.compile(m["pattern"])
    for m in data["title_frames"]:
        m["re"] = re.compile(m["pattern"])
    for m in data["inline_titles"] + data["back_titles"]["rows"]:
        m["re"] = re.compile(m["pattern"])
    data["setext_re"] = re.compile(data["setext"]["pattern"])
    data["named_variants"]["re"] = re.compile(data["named_variants"]["pattern"])
    data["title_continuations"]["re"] = re.compile(data["title_continuations"]["pattern"])
    data["entry_leads"]["re"] = re.compile(data["entry_leads"]["pattern"])
    data["variant_of"]["re"] = re.compile(data["variant_of"]["pattern"])
    data["paragraph_titles"]["re"] = re.compile(data["paragraph_titles"]["pattern"])
    data["number_titles"]["re"] = re.compile(data["number_titles"]["pattern"])
    data["pack_remarks"]["re"] = re.compile(data["pack_remarks"]["pattern"], re.I)
    data["answer_titles"]["re"] = re.compile(data["answer_titles"]["pattern"])
    for m in data["lead_ins"]["rows"]:
        m["re"] = re.compile(m["pattern"])
    for m in data["item_starts"]["rows"]:
        m["re"] = re.compile(m["pattern"])
    data["byline_re"] = re.compile(r"^(?:" + "|".join(re.escape(b) for b in data["bylines"]) + r")\b")
    return data


def starts_item(s: str) -> str | None:
    """The ``item_starts`` row of ``heading_shapes.json`` whose shape opens the line ``s`` («2. 7♣ на 8♦»:
    ``"number"``; «[20:43] Ира: …»: ``"time of a message"``), else ``None``: a line opening an item of its own."""
    return next((m["name"] for m in shapes()["item_starts"]["rows"] if m["re"].search(s)), None)


def words(s: str) -> list[str]:
    """The words of ``s`` (letters, inner apostrophes and hyphens)."""
    return _WORD_RE.findall(s)


# -- marks ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Marks:
    """The marks of a heading line: ``mark`` (``"markdown"``, ``"bold"``, ``"roman"``,
    ``"numbered"`` or ``"none"``), its ``strength`` (smaller = higher level), ``level`` (Markdown
    ``#`` count or the numbering depth «1.2» → 2), ``num`` as printed, and ``rest``: the line
    without the marks, starting at ``offset`` of the stripped line."""

    mark: str
    strength: int
    level: int | None
    num: str | None
    rest: str
    offset: int


def marks(s: str) -> Marks:
    """The marks of the stripped line ``s`` (the first row of ``heading_shapes.json`` that matches)."""
    for m in shapes()["marks"]:
        hit = m["re"].match(s)
        if not hit:
            continue
        groups = hit.groupdict()
        level = None
        if groups.get("level"):
            level = len(groups["level"])
        elif groups.get("num") and m["name"] == "numbered":
            level = groups["num"].count(".") + 1
        elif groups.get("num"):
            level = 1
        rest, offset = hit.group("rest").strip(), hit.start("rest")
        if m["name"] not in ("none", "bold") and (em := _EMPHASIS_RE.match(rest)):
            rest, offset = em.group("inner").strip(), offset + em.start("inner")   # «## **Паук**», «3. *Часы*»
        return Marks(m["name"], m["strength"], level, groups.get("num"), rest, offset)
    return Marks("none", 20, None, None, s, 0)  # pragma: no cover - the last row matches anything


_EMPHASIS_RE = re.compile(r"^(?P<em>\*\*|__|\*|_)(?P<inner>[^*_]+?)(?P=em)$")
"""The rest of a marked heading wrapped whole in Markdown emphasis (bold or italic): the emphasis is no part of
the title; the heading's mark stays the outer one (a Markdown level, a number, a chapter)."""


def not_title(s: str) -> str | None:
    """The name of the ``not_titles`` row ``s`` matches (a table row, a «term: value» line, a line
    naming cards, a figure caption), else ``None``."""
    if _CAPTION_RE.match(s):
        return "figure caption"
    return next((m["name"] for m in shapes()["not_titles"] if m["re"].search(s)), None)


def title_frame(s: str, lang: str = "ru") -> tuple[str, str] | None:
    """``(frame name, title)`` when the marks-stripped line ``s`` frames a game's name in more words
    (``title_frames`` of ``heading_shapes.json``): «Пасьянс «Пирамида»: математика и удача» →
    «Пирамида» (quotes kept), «Тема: «Косынка» — можно ли …?», «Форум › … › Пасьянс «Павук»: …»,
    «Как играть: Свободная ячейка», «Как играть в Свободную ячейку» → «Свободная ячейка» (a row
    marked ``nominative`` gives the name in the nominative, :func:`nominative`), «Паук: правила и
    стратегия»; else ``None``. A name that is a section label or front matter («Правила: как
    играть», «Стратегия — советы») frames nothing. Where a heading may stand is the caller's to say."""
    for m in shapes()["title_frames"]:
        hit = m["re"].match(s)
        if not hit:
            continue
        name = hit.group("name").strip()
        bare = _unquote(name)
        if section_label(bare, lang) is not None or is_front_matter(bare, lang):
            return None
        if _genre_word(bare, lang):
            return None  # «ПРАВИЛА ПАСЬЯНСОВ», «Правила игры»: the genre, no game's name
        if m.get("noun_name") and not _noun_in_nominative(bare, lang):
            continue  # «Кто прав — я или программа?», «Короля — в пустую стопку?»: no game's name before the dash
        if m.get("nominative"):
            nom = nominative(bare, lang, m.get("case"))
            name = name.replace(bare, nom) if nom != bare else name
        return m["name"], name
    return _last_crumb(s, lang)


def frame_row(name: str) -> dict:
    """The ``title_frames`` row of ``heading_shapes.json`` named ``name``."""
    return next((m for m in shapes()["title_frames"] if m["name"] == name), {})


def _genre_word(name: str, lang: str) -> bool:
    """Whether ``name`` is one word naming the genre (``genre_names`` of ``heading_shapes.json``)."""
    w = words(name)
    return len(w) == 1 and any(morph.lemma(w[0].lower(), lg) in shapes()["genre_names"]["lemmas"] for lg in ("ru", "uk"))


def _noun_in_nominative(name: str, lang: str) -> bool:
    """Whether the last word of ``name`` reads as a noun in the nominative (in ``lang`` or the other of ru/uk)."""
    w = words(name)
    if not w:
        return False
    for lg in (lang, "uk" if lang == "ru" else "ru"):
        if any(p.tag.POS == "NOUN" and "nomn" in p.tag and p.score >= 0.05 for p in morph.parses(w[-1], lg)):
            return True
    return False


_CRUMB_SPLIT = re.compile(r"\s[›>]\s")
_CRUMB_NAME_RE = re.compile(r"^(?P<name>[A-ZА-ЯЁІЇЄҐ][\w'’-]*(?:\s+[\w'’-]+){0,2})\s*(?::|—|–)\s+\S.{0,80}$")


def _last_crumb(s: str, lang: str) -> tuple[str, str] | None:
    """A forum's or a site's breadcrumbs whose last crumb names the game: «Форум «Карточный домик» ›
    Пасьянсы › Правила «Марии Стюарт»» (a title frame of its own) or «… › Косинка: як я розклала …»
    (a short name before a colon); ``("breadcrumbs", name)``, else ``None``."""
    crumbs = _CRUMB_SPLIT.split(s)
    if len(crumbs) < 2 or any(not c.strip() or len(c) > 60 for c in crumbs[:-1]):
        return None
    last = crumbs[-1].strip()
    inner = title_frame(last, lang)
    if inner is not None:
        return "breadcrumbs", inner[1]
    q = QUOTE_RE.search(last)
    if q is not None:   # «Тема: «Пирамида» никак не сходится»: the quoted name
        return "breadcrumbs", q.group(0)
    m = _CRUMB_NAME_RE.match(last)
    if m is None:
        return None
    name = m.group("name")
    if section_label(name, lang) is not None or is_front_matter(name, lang) or "пасьянс" in name.casefold() \
            or title_shape(name, lang) not in ("plain", "caps"):
        return None
    return "breadcrumbs", name


def named_variant(s: str) -> str | None:
    """The «quoted» name of a variant a line opens with after a variant label (``named_variants`` of
    ``heading_shapes.json``): «Разновидность: «Большая пирамида» — её складывают …» → «Большая
    пирамида», «Варіант — «Подвійний годинник»: …»; else ``None``. That it is a variant of the game
    above (not a game) is the caller's to decide."""
    hit = shapes()["named_variants"]["re"].match(s)
    return _unquote(hit.group("name")) if hit else None


def variant_of(s: str) -> str | None:
    """The name, as printed (in its case, without quotes), of the game a paragraph says it is a variant of
    (``variant_of`` of ``heading_shapes.json``): «Это вариант «Клондайка»: …» → «Клондайка»; else ``None``."""
    hit = shapes()["variant_of"]["re"].match(s)
    return _unquote(hit.group("name")) if hit else None


def paragraph_title(s: str) -> str | None:
    """The name a paragraph opens with as its subject, «Пасьянс «X»» (``paragraph_titles`` of
    ``heading_shapes.json``: «А пасьянс «Пирамида» складывают …» → «Пирамида»); else ``None``."""
    hit = shapes()["paragraph_titles"]["re"].match(s)
    return _unquote(hit.group("name")) if hit else None


_OPENING_QUOTE_RE = re.compile(r"^(?P<lead>[А-ЯЁІЇЄҐ][^\W\d_]*(?:\s+[^\W\d_]+){0,3})(?:\s+[—–])?\s+(?P<name>«[А-ЯЁІЇЄҐ][^»]{1,39}»)\s*(?=[:—–,.]|-\s)")
_LEAD_POS_STOP = frozenset({"VERB", "INFN", "GRND", "PREP", "CONJ", "PRCL"})


def opening_name(s: str, lang: str) -> str | None:
    """The name a paragraph's first clause gives as its subject after a few words that describe it, with no
    verb («Простіший за неї «Квітник»: шість віял …», «Самый долгий пасьянс — «Солитер».», «Трохи складніший
    пасьянс «Криниця», який …»): up to four words, then a capitalised quoted name and a colon, dash, comma or
    full stop; none of the words a verb, the last none a preposition, conjunction or particle (so «Как и в
    «Косынке», …», «Карты кладут в «Дом».», «Бабушка любила «Косынку».» name no game this way). In the
    nominative; else ``None``. That ``s`` opens a paragraph of a text without headings is the caller's to check."""
    hit = _OPENING_QUOTE_RE.match(s)
    if hit is None:
        return None
    ws = words(hit.group("lead"))
    poses = [morph.parse(w, lang) for w in ws]
    if any(p is None or p.tag.POS in _LEAD_POS_STOP for p in poses[-1:]) \
            or any(p is not None and p.tag.POS in ("VERB", "INFN", "GRND") for p in poses):
        return None
    return nominative(_unquote(hit.group("name")), lang)


def pack_remark(s: str) -> bool:
    """Whether a parenthesis after a name states the pack («2 колоды», «1 колода, сдача по 3»:
    ``pack_remarks`` of ``heading_shapes.json``): a remark, no name."""
    return shapes()["pack_remarks"]["re"].match(s.strip()) is not None


def number_title(s: str) -> bool:
    """Whether the heading ``s`` numbers its game and names none («ПАСЬЯНСЪ № 7.», «ПАСЬЯНСЪ
    ПЕРВЫЙ.»: ``number_titles`` of ``heading_shapes.json``); its name is on the line under it."""
    return shapes()["number_titles"]["re"].match(s.strip()) is not None


def states_pack(s: str, lang: str) -> bool:
    """Whether the first sentence of ``s`` states the pack a game is played with (``game_openers`` of
    ``heading_shapes.json``): «Берут одну колоду в 52 карты.» — a word for the pack and a count."""
    first = re.split(r"(?<=[.!?…])\s+", s.strip(), maxsplit=1)[0]
    go = shapes()["game_openers"]
    lemmas = [morph.lemma(w, lang) for w in words(first)]
    # the count before the pack («одну колоду», «две колоды»), or a number of cards after it («колоду в 52 карты»)
    for i, lem in enumerate(lemmas):
        if lem in go["pack_lemmas"]:
            before = lemmas[max(0, i - 2):i]
            return any(x in go["count_lemmas"] for x in before) or bool(re.search(r"\b\d{2}\b", first))
    return False


def answer_title(s: str) -> str | None:
    """The game's name a message gives as an answer («Це «Косинка»!»: ``answer_titles`` of
    ``heading_shapes.json``), in its case as printed; else ``None``."""
    hit = shapes()["answer_titles"]["re"].match(s)
    return _unquote(hit.group("name")) if hit else None


def same_words(a: str, b: str, lang: str) -> bool:
    """Whether two names are the same words up to case, ё and inflection: word by word the same lemma, or
    one word the other with an ending of up to two letters (a name the dictionary does not know: «Клондайка»
    and «Клондайк»)."""
    ka, kb = _key(a, lang), _key(b, lang)
    if not ka or len(ka) != len(kb):
        return False
    pairs = zip((_fold(w) for w in words(a)), (_fold(w) for w in words(b)))
    return ka == kb or all(x == y or (len(min(x, y, key=len)) >= 4 and max(x, y, key=len).startswith(min(x, y, key=len))
                                      and len(max(x, y, key=len)) - len(min(x, y, key=len)) <= 2) for x, y in pairs)


def title_continuation(s: str, lang: str = "ru") -> list[str] | None:
    """The other names a title's second line gives (``title_continuations`` of ``heading_shapes.json``):
    «иначе «Арка».» → [«Арка»], «інакше «Куранти» або «Зозуля».» → both; or a lower-case line opening
    with an alias cue of ``segment_cues.json`` in its first five words, its quoted names in the
    nominative («называемый также «Календарем».» → [«Календарь»], «відомий також як «Млин».»); else
    ``None``. That the line above is a title ending in a comma is the caller's to check."""
    hit = shapes()["title_continuations"]["re"].match(s)
    if hit:
        return [_unquote(q.group(0)) for q in QUOTE_RE.finditer(hit.group("names"))]
    t = s.strip()
    if not t[:1].islower() or not QUOTE_RE.search(t):
        return None
    from .article_text import doc, matches, naming_verbs

    d = doc(t, lang)
    cue = next(((a, b) for a, b in matches(d, lang).get("ALIAS", []) if a <= 4 and "«" not in d[:a].text), None)
    if cue is None:
        return None   # «раскладывается «Косынкой» …»: rule text, no other name
    end = d[cue[1] - 1].idx + len(d[cue[1] - 1].text)
    governs = "ablt" if any(tok.lemma_ in naming_verbs() for tok in d[cue[0]:cue[1]]) else None
    names = [nominative(_unquote(q.group(0)), lang, "nomn", governs) for q in QUOTE_RE.finditer(t, end)]
    return names or None


def entry_lead(s: str, lang: str) -> tuple[str, int] | None:
    """``(title, end)`` when the paragraph ``s`` opens with a short name, as an entry of a list of games
    does (``entry_leads`` of ``heading_shapes.json``): «Тринадцать. Раскладывают …» → («Тринадцать», 10);
    «Королівський марьяж (він же «Марьяж») — гра …» keeps its parenthesis in the title (its aliases);
    ``end``: where the title ends in ``s``. The name is a title (:func:`title_shape`, at most four words),
    no section label; else ``None``. Whether the text is such a list is the caller's to say."""
    hit = shapes()["entry_leads"]["re"].match(s)
    if not hit:
        return None
    name = hit.group("name").strip()
    ws = words(name)
    if not ws or len(ws) > 4 or title_shape(name, lang) not in ("plain", "quoted", "caps") \
            or section_label(name, lang) is not None or is_front_matter(name, lang) \
            or morph.lemma(ws[0], lang) in _entry_stop(lang) or greets(name, lang):
        return None
    end = hit.end("paren") if hit.group("paren") else hit.end("name")
    return s[:end].strip(), end


def greets(name: str, lang: str) -> bool:
    """Whether ``name`` holds a greeting or thanks (``greeting_lemmas`` of ``entry_leads``): a reply's «Ирина,
    здравствуйте.», «Дякую, Олено.» opens a message, it names no game; so do two words of ``greeting_pairs``
    («Добрый вечер», «Доброго дня»)."""
    lemmas = [morph.lemma(w, lang) for w in words(name)]
    if any(m in _greetings(lang) for m in lemmas):
        return True
    pairs = shapes()["entry_leads"]["greeting_pairs"]   # «Добрый вечер», «Доброго дня»: two words, a greeting together
    forms = [{p.normal_form for p in morph.parses(w, lang)} | {m} for w, m in zip(words(name), lemmas)]  # every parse: uk «ранку» is also «ранка»
    return any(a & set(pairs["first"]) and b & set(pairs["second"]) for a, b in zip(forms, forms[1:]))


@lru_cache(maxsize=2)
def _greetings(lang: str) -> frozenset:
    return frozenset(morph.lemma(w, lang) for w in shapes()["entry_leads"]["greeting_lemmas"])


@dataclass(frozen=True)
class LeadIn:
    """A paragraph's opening words that name its game (:func:`lead_in`): ``title`` as printed (with its
    parenthesis), ``end`` where it ends in the paragraph, the ``row`` of ``lead_ins`` that read it, and
    ``genre``: the headword is the genre's own word («ПАСЬЯНС (франц. patience …), …»), no game."""

    title: str
    end: int
    row: str
    genre: bool = False


def lead_in(s: str, lang: str) -> LeadIn | None:
    """The name a paragraph ``s`` opens with as a headword (``lead_ins`` of ``heading_shapes.json``):
    «ПАУК, пасьянс на две колоды …» → «ПАУК» (row ``capitals``), «ПАСЬЯНС «ЧЕТЫРЕ ТУЗА». Кладут …»,
    «Гольф (англ. Golf) — пасьянс для однієї колоди.» → «Гольф (англ. Golf)» (row ``apposition``); a
    section label, front matter or a card or place word («ТУЗЫ. …») is none: ``None``. Whether the words
    after it are rule text, and whether a heading above already names the game, is the caller's to check."""
    for row in shapes()["lead_ins"]["rows"]:
        hit = row["re"].match(s)
        if not hit:
            continue
        name = hit.group("name").strip()
        ws = words(name)
        if not ws or len(ws) > 5 or sum(c.isalpha() for c in name) < 3 or re.fullmatch(r"[IVXLC]+", name) \
                or section_label(name, lang) is not None or is_front_matter(name, lang) or greets(name, lang):
            continue  # «II. Основныя карты …»: a numbered rule, no headword; «Привет всем. …»: a greeting
        end = hit.end("paren") if hit.group("paren") else hit.end("name")
        if _genre_word(name, lang):
            return LeadIn(s[:end].strip(), end, row["name"], genre=True)
        if any(morph.lemma(w, lang) in _lead_stop(lang) for w in ws[:1]) and len(ws) <= 2:
            continue  # «ВНИМАНИЕ. …», «ОТВЕТ. …»: a rubric word, no name
        if len(ws) == 1 and morph.lemma(ws[0], lang) in _entry_stop(lang):
            continue  # «ТУЗЫ. Их откладывают …» (one word naming a card or a place); «ТУЗЫ НАВЕРХ — …» is a name
        return LeadIn(s[:end].strip(), end, row["name"])
    return None


@lru_cache(maxsize=2)
def _lead_stop(lang: str) -> frozenset:
    """Lemmas that open no lead-in (``not_lemmas`` of ``lead_ins``: «ВНИМАНИЕ», «ОТВЕТ»), in ``lang``'s lemma forms."""
    return frozenset(morph.lemma(w, lang) for w in shapes()["lead_ins"]["not_lemmas"])


@lru_cache(maxsize=2)
def _entry_stop(lang: str) -> frozenset:
    """Lemmas that open no entry of a list of games (cards, places, «пасьянс»), in ``lang``'s lemma forms."""
    return frozenset(morph.lemma(w, lang) for w in shapes()["entry_leads"]["not_first_lemmas"])


def names_cards_or_places(name: str, lang: str) -> bool:
    """Whether any word of ``name`` is a card, a pile, a deck or a generic word (``not_first_lemmas`` of
    ``entry_leads``: «Две колоды», «Четыре туза»): in a message, such a run-in is no game's name."""
    return any(morph.lemma(w, lang) in _entry_stop(lang) for w in words(name))


def inline_title(s: str, lang: str = "ru", units: bool = False) -> str | None:
    """The game's name a sentence of ``s`` gives where no heading does (``inline_titles`` of
    ``heading_shapes.json``): «Бабуся навчила мене пасьянсу «Чотири королі»» → «Чотири королі»,
    «Похож. Гольф (его ещё называют «Косынка-гольф») раскладывают …» → «Гольф»; else ``None``.
    Where a text may have such a title is the caller's to say (an untitled post, a text without
    headings). ``units``: the text is cut into messages (posts, questions, chat lines), where a quoted
    name asked about («а как раскладывать «Паука»?») names the game too (rows ``units_only``). A
    one-word name in another case is given in the nominative («Паука» → «Паук»)."""
    for m in shapes()["inline_titles"]:
        if m.get("units_only") and not units:
            continue
        hit = m["re"].search(s)
        if hit:
            return nominative(_unquote(hit.group("name")), lang)
    return None


def back_title(s: str, lang: str = "ru") -> str | None:
    """The game's name a sentence of ``s`` gives to the rules told before it (``back_titles`` of
    ``heading_shapes.json``): «Так раскладывается пасьянс, который бабушка звала «Узелок».» → «Узелок»,
    «У бабушки этот пасьянс назывался «Десяточка».» → «Десяточка»; an alias («называют также …») is none: ``None``."""
    for m in shapes()["back_titles"]["rows"]:
        hit = m["re"].search(s)
        if hit and not re.search(r"(?<!\w)(?:также|тоже|ещё|еще|ще|також|теж|иначе|інакше)(?!\w)", s[hit.start():hit.start("name")]):
            return nominative(_unquote(hit.group("name")), lang)
    return None


def is_front_matter(title: str, lang: str) -> bool:
    """Whether ``title`` (marks stripped) heads a part that is no game: «Введение», «Загальні
    відомості», «ОБЩИЕ ПРАВИЛА» (``front_matter`` of ``heading_shapes.json``, by lemmas)."""
    key = _key(title.strip(" .:"), lang)
    return bool(key) and key in _front_matter_keys(lang)


@lru_cache(maxsize=2)
def _front_matter_keys(lang: str) -> frozenset:
    return frozenset(_key(t, lg) for t in shapes()["front_matter"] for lg in (lang,))


def is_byline(s: str) -> bool:
    """Whether ``s`` names the author («Автор — Rosanna Yuen», «Написано Джонатаном Блендфордом»)."""
    return bool(shapes()["byline_re"].match(s))


def setext_level(s: str) -> int | None:
    """1 or 2 when ``s`` is a setext underline («=====», «-----») of the line above, else ``None``."""
    if not shapes()["setext_re"].match(s) or len(s.strip()) < 3:
        return None
    return shapes()["setext"]["levels"][s.strip()[0]]


# -- the title itself ----------------------------------------------------------------------------

def _is_verbal(w: str, lang: str) -> bool:
    """Whether a *known* word reads as a verb form in most of its parses' weight (an unknown word — «Бисли»,
    «Вегас» — is a name: pymorphy3 only guesses its part of speech from its ending)."""
    if not morph.is_known(w, lang):
        return False
    ps = morph.parses(w, lang)
    # most of the parses' weight, not the best parse: «ДАМ» (дать 0.42, дама 0.58) is the ladies' word in «ВОСЕМЬ ДАМ»
    return bool(ps) and sum(p.score for p in ps if p.tag.POS in _HEADING_BAD_POS) > 0.5 * sum(p.score for p in ps)


_LIST_ITEM_RE = re.compile(r"^[•▪◦‣∙●○■□◆◇►▸✓✔]\s*\S|^[-*+]\s+\S")
"""A line of a bulleted list (a slide's points, a Markdown list): «• Одна колода, 52 карты», «- Тузы на базу»."""

def bullet_end(s: str) -> int:
    """Where the text of a bulleted line starts after its bullet («• «Гольф» — …» → 2); 0 for a line without one."""
    m = re.match(r"^(?:[•▪◦‣∙●○■□◆◇►▸✓✔]|[-*+](?=\s))\s*", s)
    return m.end() if m else 0


_REMARK_PAREN_RE = re.compile(r"\s*\((?=[\d\W]|[a-zа-яёіїєґ])[^()]{2,100}\)\s*$")
"""A final parenthesis that opens with a digit, a sign or a small letter: a remark after a quoted name, no part of the title's length."""


_NAME_COLON_SUBTITLE_RE = re.compile(r"^[A-ZА-ЯЁІЇЄҐ][\w'’-]*(?:\s+[\w'’-]+){0,2}:\s+[a-zа-яёіїєґ][\w'’-]*(?:\s+[\w'’-]+){0,3}$")
"""«Паук: одна масть», «Косынка: по три карты»: a capitalised name, a colon and a few small-letter words, no digit or card."""


def title_shape(s: str, lang: str, layout: bool = False, marked: bool = False) -> str | None:
    """``"caps"``, ``"quoted"``, ``"plain"`` or ``"dotted"`` when ``s`` (marks stripped) looks like
    a title, else ``None``.

    A title is at most 8 words and 80 characters, names no card, is no table row or «term: value»
    line, and has no known verb form (unknown words are names). ``caps``: all letters capitals;
    ``quoted``: the line is a «quoted» name, possibly after «Пасьянс»; ``plain``: capitalised,
    without final punctuation; ``dotted``: up to 4 words and one full stop («Салическій законъ.»).
    With ``layout`` (the line carries a heading mark, or a section label or byline follows it) a
    verb-like word does not reject it: the layout says it is a title.
    With ``marked`` (the line carries a heading mark) a name, a colon and a few small-letter words
    («Паук: одна масть») is a title, no «term: value» line.
    """
    if s and _LIST_ITEM_RE.match(s):
        return None  # «• На пустое место — только король»: an item of a bulleted list, never a title
    if s and not_title(s) in ("markdown table row", "table row"):
        return None  # «| Рівень | Мастей |»: its pipes are no ornament to strip
    s = title_core(undecorated(s))[0] if s else s
    if s and QUOTE_RE.search(s) and (rm := _REMARK_PAREN_RE.search(s)) and rm.start() > QUOTE_RE.search(s).end() - 1:
        s = s[: rm.start()]  # «Набор для пасьянса «Гробница Наполеона» (2 колоды по 52 листа + буклет)»: a remark
    if not s or len(s) > 80 or (not_title(s) and not (marked and _NAME_COLON_SUBTITLE_RE.match(s))):
        return None   # under a heading mark (``marked``) «Паук: одна масть» is a name and its subtitle, no «term: value»
    ws = words(s)
    if not ws or len(ws) > 8:
        return None
    if not layout and any(_is_verbal(w, lang) for w in words(QUOTE_RE.sub(" ", s))):
        return None  # a verb outside the quotes («Раскладываем …»); a quoted name's words are a name
    if len(ws) <= 4 and greets(QUOTE_RE.sub(" ", s), lang):
        return None  # «Всем привет», «Доброго дня» on a line of their own: a post's greeting, never a title
    letters = [c for c in s if c.isalpha() and c not in "ђѣ"]
    if len(letters) >= 3 and all(c.isupper() for c in letters):
        return "caps" if s[-1] not in ",;:" else None
    if not (s[0].isupper() or s[0] in "«\"„“"):
        return None
    core = s.rstrip(".:")
    if QUOTE_RE.search(core) and not _GENERIC_RE.sub("", QUOTE_RE.sub(" ", core)):
        return "quoted"
    if s[-1] not in TERMINAL + ",;:" + "-–—":
        return "plain"
    if s[-1] == "." and not s.endswith("..") and len(ws) <= 4:
        return "dotted"
    return None


def sentence_case(s: str) -> str:
    """«ЧЕТЫРЕ УГЛА» → «Четыре угла»."""
    s = s.lower()
    return s[:1].upper() + s[1:]


@dataclass(frozen=True)
class TitleName:
    """A name a title line gives: ``name``, its ``language`` (``"ru"``, ``"uk"``, ``"en"`` for a
    Latin name) and ``kind``: ``"title"`` (the game's name) or ``"alias"``."""

    name: str
    language: str
    kind: str


def name_language(name: str, lang: str) -> str:
    """``"en"`` for a Latin name; ``"uk"`` for a name with a letter only Ukrainian has (і ї є ґ)
    in a Russian text, ``"ru"`` for one with a letter only Russian has (ы э ъ ё) in a Ukrainian
    text; else the text's ``lang`` (a dictionary cannot tell the language of a proper name)."""
    if _LATIN_RE.match(name):
        return "en"
    low = name.lower()
    if lang == "ru" and any(c in low for c in "іїєґ"):
        return "uk"
    if lang == "uk" and any(c in low for c in "ыэъё"):
        return "ru"
    return lang


_ALT_SPLIT = re.compile(r"\s*,?\s+(?:или|або|чи|иначе|інакше|ИЛИ|АБО|ЧИ|ИНАЧЕ|ІНАКШЕ)\s+|\s+/\s+"
                        r"|\s*,\s+(?:он|она|оно|він|вона|воно)\s+(?:же|ж)\s+")
"""Between a title's names: «Марьяж», или «Свадьба»; in a capitals title too («ПАСЬЯНС «МАРЬЯЖ», ИЛИ «СВАДЬБА»»);
«Паук, он же Spider»."""
_PAREN_RE = re.compile(r"\s*\((?:(?:от\s+|від\s+)?(?:англ|франц|нем|фр)\.\s*)?([^()]+)\)\s*$")


_PAREN_LIST_SPLIT = re.compile(r"\s*[,;/]\s*|\s+(?:или|або|or)\s+")
"""Between the names listed in a title's parenthesis: «(Куранты, Кукушка)», «(Павук; Spider)»."""


_ALIAS_PAREN_RE = re.compile(r"\s*\((?P<body>[^()]{2,100})\)\s*\.?$")
_PAREN_CUE_RE = re.compile(
    r"^(?:(?:(?:также|тоже|ещё|еще|також|ще)\s+)?(?:известн|відом)[^\W\d_]*\s+(?:(?:также|також|ещё|ще)\s+)?"
    r"(?:как|як|под\s+(?:названием|именем)|під\s+(?:назвою|ім'ям))"
    r"|(?:другое|иное|другая|інша|ещё\s+одно|ще\s+одна|старое|стара|народное|народна|английское|англійська"
    r"|оригинальное|оригінальна|французское|французька)\s+(?:название|назва|имя|ім'я)"
    r"|(?:она|он|оно|они|вона|він|воно|вони)\s+(?:же|ж)|иначе|інакше|также|також|тоже|или|або|чи"
    r"|(?:в|у|во)\s+[^\W\d_]+\s+(?:источниках|джерелах|программах|програмах|версиях|версіях|странах|країнах"
    r"|книгах|книжках|изданиях|виданнях|сборниках|збірках|руководствах|посібниках|словарях|словниках)"
    r"|(?:в|у)\s+(?:народе|народі|оригинале|оригіналі)"
    r"|по-[^\W\d_]+|англ\.?|(?:англ|англійською|по-английски)\s*:?)\s*(?:[—–-]|:)?\s*")
"""The cue opening a parenthesis of other names: «(она же …)», «(иначе …)», «(другое название — …)», «(інша
назва — …)», «(также известна как …)», «(в старых книгах — …)», «(в народе — …)», «(англ. …)»."""
_DISAMBIGUATORS = frozenset({"пасьянс", "игра", "гра", "карточный", "картковий", "карта", "солитер", "солітер"})


_EDIT_LINK_RE = re.compile(r"\s*\[(?:править|правка|ред\.|редагувати|edit)[^\]]{0,30}\]\s*$")
_DECOR_RE = re.compile(r"^[^\w\s«\"„“(\[#*_♠♣♥♦♤♧♡♢]{1,4}\s*|\s*[^\w\s»\"“”)\].!?…:;,♠♣♥♦♤♧♡♢]{1,4}$")
"""Emoji and ornaments around a title («🃏 Пасьянс дня», «Косынка ✨»); never a suit symbol (a card)."""


_NUMBER_EMOJI_RE = re.compile("^(?:\\d{1,2}\ufe0f?\u20e3|[\u2460-\u2473\u2776-\u2793])\\s*")
"""A number as an emoji or a dingbat before a title («1️⃣ Косынка», «➋ Паук», «③ Гольф»)."""


def undecorated(s: str) -> str:
    """``s`` without the emoji or ornaments around it (a keycap or dingbat number too: «1️⃣ Косынка»)
    and without a wiki's edit link («Історія[ред. | ред. код]» → «Історія»)."""
    s = _NUMBER_EMOJI_RE.sub("", _EDIT_LINK_RE.sub("", s))
    prev = None
    while prev != s:
        prev, s = s, _DECOR_RE.sub("", s).strip()
    return s


def title_core(s: str) -> tuple[str, tuple[str, ...]]:
    """A title without a final parenthesis that only disambiguates or gives other names: ``(the
    title, the names the parenthesis gives)``. «Павук (пасьянс)» → («Павук», ()); «СВОБОДНАЯ ЯЧЕЙКА
    (она же «Солитёр-ячейка»; в англоязычных источниках — FreeCell)» → («СВОБОДНАЯ ЯЧЕЙКА»,
    («Солитёр-ячейка», «FreeCell»)); «КОСЫНКА (иначе «Солитёр»)». Any other parenthesis stays."""
    m = _ALIAS_PAREN_RE.search(s)
    if not m or m.start() == 0:
        return s, ()
    body = m.group("body").strip()
    if {morph.lemma(w, "ru").replace("ё", "е") for w in words(body)} <= _DISAMBIGUATORS and words(body) \
            and not (body.lstrip("«\"„“")[:1].isupper() and morph.lemma(words(body)[0], "ru").replace("ё", "е") in ("солитер", "солітер")):
        # «Павук (пасьянс)», «Косынка (солитёр)» disambiguate; «Косынка (Солитер)» names another name
        return s[: m.start()].rstrip(), ()
    names = paren_names(body)
    if not names:
        return s, ()
    return s[: m.start()].rstrip(), tuple(names)


def paren_names(body: str) -> list[str]:
    """The other names a parenthesis gives when it opens with a cue: «она же «Солитёр-ячейка»; в
    англоязычных источниках — FreeCell» → [«Солитёр-ячейка», «FreeCell»], «также «Мельничка»»,
    «иначе Клондайк»; ``[]`` for a parenthesis without a cue («одна масть», «см. рис. 2») or one
    that names nothing capitalised."""
    names, cued = [], False
    for piece in re.split(r"\s*[;,]\s*|\s+(?:или|або|чи)\s+", body):   # «(он же Klondike или Солитер)»: two
        c = _PAREN_CUE_RE.match(piece)
        cued = cued or bool(c and c.end())
        name = _unquote(piece[c.end():] if c else piece).strip(" .'*")
        if name and (name[:1].isupper() or name[:1].isdigit()):
            names.append(name)
    return names if cued else []


_LATIN_AFTER_RE = re.compile(r"^(?P<own>.+?)\s*(?:\s[—–•·|]\s|:\s)\s*(?P<latin>[A-Z][A-Za-z'’ .-]{1,40})$")
"""A title that gives its English name after a dash or a colon: «Косынка — Klondike»."""


def split_title(title: str, lang: str, caps: bool = False) -> list[TitleName]:
    """The names in a title (marks already stripped), the game's own name first.

    «Косынка (Клондайк)» → Косынка, alias Клондайк; «Павук (Spider)» → alias Spider (``en``);
    a parenthesis that starts in lower case is part of the name («Паук (одна масть)»); one listing
    names gives each («Часы (Куранты, Кукушка)» → aliases Куранты, Кукушка). «Пасьянс
    «Марьяж», или «Свадьба»» / «Марьяж, или Свадьба» → Марьяж, alias Свадьба; «Косынка — Klondike» →
    Косынка, alias Klondike (``en``); «Пасьянс «Ручеёк» /
    Пасьянс «Струмок»» → Ручеёк, alias Струмок (``uk``). A quoted name is the name («Пасьянс
    "Ручеек"» → Ручеек); ``caps`` titles come back in sentence case («ЧАСЫ» → Часы).
    """
    s, cued = title_core(undecorated(title.strip()).rstrip(".:").strip())
    aliases: list[str] = list(cued)
    latin = _LATIN_AFTER_RE.match(s)
    if latin and re.search("[а-яёіїєґА-ЯЁІЇЄҐ]", latin.group("own")):
        s = latin.group("own")   # «Косынка — Klondike», «Павук: Spider Solitaire»: the English name after a dash
        aliases.append(latin.group("latin").strip())
    m = _PAREN_RE.search(s)
    if m and m.start() > 0 and pack_remark(m.group(1)):
        s, m = s[: m.start()].strip(), None   # «Паук (2 колоды)»: the pack, a remark
    if m and (m.group(1)[:1].isupper() or m.group(1)[:1] in "«\"") and m.start() > 0:
        listed = [x.strip() for x in _PAREN_LIST_SPLIT.split(m.group(1)) if x.strip()]
        # «(Куранты, Кукушка)» names two; «(Клондайк, одна колода)» is one name and a remark
        aliases += listed if all(x[:1].isupper() or x[:1] in "«\"" for x in listed) else [m.group(1).strip()]
        s = s[: m.start()].strip()
    parts = [p for p in _ALT_SPLIT.split(s) if p.strip()]
    names = []
    for p in parts:
        q = QUOTE_RE.search(p)
        n = next(g for g in q.groups() if g) if q else p
        n = n.strip().rstrip(".,").strip()
        if caps or (n.isupper() and len(n) > 2):
            n = sentence_case(n)
        names.append(n if q else _without_generic(n, lang))
    names = names or [s]  # nothing but separators (or nothing): the title as it stands
    out = [TitleName(names[0], name_language(names[0], lang), "title")]
    for n in names[1:] + [_unquote(a) for a in aliases]:
        n = sentence_case(n) if (caps or n.isupper()) and len(n) > 2 and n.isupper() else n   # «(KLONDIKE)» → Klondike
        if n and n.casefold() != out[0].name.casefold():
            out.append(TitleName(n, name_language(n, lang), "alias"))
    return out


_GENERIC_HEAD_RE = re.compile(r"^(?:[Пп]асьянс[ъ]?|Гра|Игра)\s+(?=[A-ZА-ЯЁІЇЄҐ])")


def _without_generic(name: str, lang: str) -> str:
    """An unquoted title without the word «Пасьянс» before a name in apposition: «Пасьянс Косынка»
    → «Косынка», «Пасьянс Паук» → «Паук»; «Пасьянс Наполеона», «Пасьянс Медичи» (a genitive, a
    person's name, an unknown word: the word is part of the name) as they stand."""
    m = _GENERIC_HEAD_RE.match(name)
    if not m:
        return name
    rest = name[m.end():]
    first = words(rest)[:1]
    if not first or not morph.is_known(first[0].lower(), lang):
        return name
    p = morph.parse(first[0], lang)
    if p is None or p.tag.POS not in ("NOUN", "ADJF") or "nomn" not in p.tag.grammemes \
            or p.tag.grammemes & {"Surn", "Name", "Patr", "Geox"}:
        return name  # «Пасьянс Медичи», «Пасьянс Наполеон»: a person's name stays with the word
    return rest


def _unquote(s: str) -> str:
    q = QUOTE_RE.search(s)
    return next(g for g in q.groups() if g).strip() if q else s.strip()


# -- section labels ------------------------------------------------------------------------------

def _fold(w: str) -> str:
    return w.lower().replace("ё", "е")


def _key(phrase: str, lang: str) -> tuple[str, ...]:
    return tuple(_fold(morph.lemma(w, lang) or w) for w in words(phrase))


@lru_cache(maxsize=1)
def labels() -> dict:
    """``section_labels.json`` with every label's lemma key: ``{"rows": [...], "keys": {(lang, key): row},
    "suffixes": {lang: keys}, "one_sentence": kinds whose inline label's section ends with its sentence}``."""
    data = _load("section_labels.json")
    keys: dict[tuple[str, tuple[str, ...]], dict] = {}
    suffixes = {lang: {_key(w, lang) for w in ws} for lang, ws in data["suffixes"].items()}
    for row in data["labels"]:
        for lang in ("ru", "uk"):
            keys.setdefault((lang, _key(row["label"], lang)), row)
    for row in data["labels"]:
        for lang in ("ru", "uk"):
            # «Суть игры» is also «Суть пасьянса»: a row's key without its trailing suffix words
            key = _key(row["label"], lang)
            while len(key) > 1 and key[-1:] in suffixes.get(lang, set()):
                key = key[:-1]
                last = morph.parse(key[-1], lang)
                if last is not None and last.tag.POS == "NOUN" and key[-1] not in _LABEL_FUNCTION_WORDS:
                    # never «Основные», «О», «Про», «Что это за» alone
                    keys.setdefault((lang, key), row)
    zones = data["zone_labels"]
    zone_words = {lang: (frozenset(_key(" ".join(zones["nouns"]), lang)), frozenset(_key(" ".join(zones["adjectives"]), lang)))
                  for lang in ("ru", "uk")}
    return {"rows": data["labels"], "keys": keys, "suffixes": suffixes,
            "one_sentence": frozenset(data.get("one_sentence", {}).get("kinds", ())),
            "frames": data["frames"]["kinds"], "zones": zone_words, "zone_kind": zones["kind"],
            "zone_games": frozenset(_key(n, lg) for n in zones["game_names"] for lg in ("ru", "uk"))}


def _zone_label(phrase: str, key: tuple[str, ...], lang: str, t: dict) -> dict | None:
    """The label row of a phrase naming a part of the layout («Фундаменти», «Порожній стовпчик»;
    ``zone_labels`` of ``section_labels.json``) before the text it heads on its line, else ``None`` (a
    game's name made of such words, ``game_names``: «Свободная ячейка»)."""
    for lg in (lang, "uk" if lang == "ru" else "ru"):
        nouns, adjectives = t["zones"][lg]
        if key in t["zone_games"]:
            return None   # «Свободная ячейка. Этот пасьянс …»: FreeCell's name, no part of a layout
        if (len(key) == 1 and key[0] in nouns) or (len(key) == 2 and key[0] in adjectives and key[1] in nouns):
            return {"kind": t["zone_kind"], "language": lg, "label": phrase, "example": phrase, "zone": True}
    return None


@dataclass(frozen=True)
class Label:
    """A section label found on a line: its Section ``kind``, the ``label`` as printed, and
    ``rest``: the offset (in the stripped line) of the text after an inline label, or ``None``
    when the whole line is the label."""

    kind: str
    label: str
    rest: int | None = None


_LABEL_PUNCT = " .:!—–-*_#"
_NUMBER_MARKS = ("numbered", "roman", "chapter", "paragraph", "step")
"""Marks that number a section as well as a game: «2.1. Розклад», «4.1. Мета гри», «Шаг 1. Раздача» are labels."""


_LABEL_NUMBER_RE = re.compile(r"\s+(?:№|N|No\.?)?\s*\d{1,4}$")
"""The number after a whole-line label: «ЗАДАЧА № 5», «Задача 2»."""


_LEAD_DECOR_RE = re.compile(r"^[^\w\s«\"„“(\[#*_♠♣♥♦♤♧♡♢—–-]{1,4}\s*")
"""An emoji or ornament before a label: «🎯 Цель: собрать …», «📌 Раскладка»."""
_REMARK_RE = re.compile(r"\s*\((?=[a-zа-яёіїєґ]|[A-Za-z][A-Za-z ,'’-]*\))[^()]{1,40}\)\s*[.:]?$")
"""A remark in parentheses after a whole-line label: «Подсчёт очков (необязательно)», «Варианты (для опытных)»,
and a translation's English gloss: «Раскладка (Layout)», «Цель игры (Object of the game)»."""
_BBCODE_RE = re.compile(r"\[/?(?:b|i|u|s|size|color|font)(?:=[^\]]{0,20})?\]", re.I)
"""A forum's BBCode tags around a label: «[b]Мета гри:[/b] …»."""


_ABBREVIATED_LABEL_RE = re.compile(r"^[*_]{0,2}((?:[^\W\d_]{2,10}\.\s?){1,2}[^\W\d_]{2,10}\.)[*_]{0,2}\s*(?=\S)")
"""An abbreviated label opening a paragraph, its words ending in full stops: «Прим. ред. …», «Прим. пер. …»."""


_LABEL_FUNCTION_WORDS = frozenset({"о", "об", "про", "до", "к", "в", "у", "за", "для", "по", "при", "на", "з", "с"})
"""Words a label row's key never ends in once its suffix words are stripped («Подготовка к игре» is no «Подготовка к»)."""


_COMPOUND_SPLIT = re.compile(r"\s+(?:и|і|й|та|&)\s+|\s*[,/]\s*", re.I)
"""Between the labels of a compound label: «Цель и правила», «Стратегия и советы», «Розклад та хід гри»."""


def _match_label(phrase: str, lang: str) -> dict | None:
    """The label row of ``phrase``: its lemmas, less trailing suffix words («Правила игры в пасьянс»,
    «Советы по игре» — ``suffixes``), or each part of a compound of labels («Раскладка и ход игры»: the
    first part's row)."""
    t = labels()
    key = _key(phrase, lang)
    if not key or len(key) > 7:
        return None
    for lg in (lang, "uk" if lang == "ru" else "ru"):
        k = key
        row = t["keys"].get((lg, k)) if len(k) <= 5 else None
        while row is None and len(k) > 1 and k[-1:] in t["suffixes"].get(lg, set()):
            k = k[:-1]
            row = t["keys"].get((lg, k)) if len(k) <= 5 else None
        if row is not None:
            return row
    if (zone := _zone_label(phrase, key, lang, t)) is not None:
        return zone
    parts = [x for x in _COMPOUND_SPLIT.split(phrase) if x.strip()]
    if len(parts) > 1:
        rows = [_match_label(x, lang) for x in parts]
        if all(rows):
            return rows[0]
    return None


def section_label(s: str, lang: str) -> Label | None:
    """The section label of the stripped line ``s``: the whole line («Цель игры», «#### Правила»,
    «Раскладка.», «**Подсчёт очков:**»), or its start before a colon, a full stop or a dash and
    more text («Цель игры: собрать все карты», «Пример: ♠8 — ♣9.»). ``None`` otherwise."""
    if "[" in s and _BBCODE_RE.search(s):
        # «[b]Мета гри:[/b] зібрати …»: the tags as spaces, so the offset of the text after the label stays
        plain = _BBCODE_RE.sub(lambda m: " " * len(m.group()), s)
        lead = len(plain) - len(plain.lstrip())
        lab = section_label(plain.strip(), lang) if plain.strip() else None
        return lab if lab is None or lab.rest is None else Label(lab.kind, lab.label, lab.rest + lead)
    mk = marks(s)
    core = mk.rest if s.startswith(("#", "*", "_")) or mk.mark in _NUMBER_MARKS else s
    core = core[len(lead.group()):] if (lead := _LEAD_DECOR_RE.match(core)) else core   # «🎯 Цель: …»
    bare = (undecorated(core) or core).strip(_LABEL_PUNCT)
    whole = _LABEL_NUMBER_RE.sub("", _REMARK_RE.sub("", bare)).strip(_LABEL_PUNCT)
    if whole and len(whole) <= 40 and re.fullmatch(r"[^\W\d_]+(?:[\s'’-]+[^\W\d_]+|\.\s?[^\W\d_]+)*", whole):
        row = _match_label(whole, lang)
        if row is not None and not row.get("zone"):   # «Свободная ячейка» alone on its line: a game's title
            return Label(row.get("numbered_kind", row["kind"]) if whole != bare else row["kind"], whole)
    ab = _ABBREVIATED_LABEL_RE.match(core)   # «Прим. ред. В позднейших изданиях …»: the label's own full stops
    if ab and (row := _match_label(ab.group(1), lang)) is not None:
        return Label(row["kind"], ab.group(1), (len(s) - len(core)) + ab.end())
    m = re.match(r"^[*_]{0,2}([^\W\d_][^:.—–]{0,38}?)[*_]{0,2}\s*(?::|\.|\s[—–-])\s*[*_]{0,2}\s*(?=\S)", core)
    if m and m.group(1)[0].isupper():   # a label opens a sentence: «карту. З прикупу …» is a wrapped line's tail
        phrase = _LABEL_NUMBER_RE.sub("", m.group(1).strip())
        row = _match_label(phrase, lang)
        if row is not None:
            kind = row.get("numbered_kind", row["kind"]) if phrase != m.group(1).strip() else row["kind"]
            return Label(kind, m.group(1).strip(), (len(s) - len(core)) + m.end())
    asked = question_kind(s, lang)   # «Как раскладывать?»: an FAQ question heading (section_questions.py)
    return Label(asked, s.strip(" *_#")) if asked is not None else None
