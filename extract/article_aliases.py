"""Other names of a game, as its text states them.

* **In the title line** (:func:`pasyans.extract.headings.split_title`): «Косынка (Клондайк)»,
  «Павук (Spider)», «Пасьянс «Марьяж», или «Свадьба»», «Пасьянс «Ручеёк» / Пасьянс «Струмок»».
* **After a cue** (``ALIAS`` rows of ``pasyans/data/segment_cues.json``): «Называется также …»,
  «Другое название — …», «известен также под названием …», «его ещё называют …», «відомий також
  як / під назвою …», and where the game is the subject «в англоязычных программах он называется
  Klondike». Every «quoted» name from the cue to the next cue (or the sentence's end) is an alias;
  with no quoted name, the capitalised or Latin words right after the cue are (after a weaker cue,
  ``ALIAS_CAP``: «в оригинале», «значится как», only capitalised names). The name is stored
  in the nominative («называют Паучком» → «Паучок»; :func:`~pasyans.extract.headings.nominative`),
  the sentence as printed.
* **A names label and its list**: «**Інші назви:** Клондайк, Солітер.», «Другие названия: Клондайк; Солитер».
* **A cued parenthesis after the game's name**: «Мельница (также «Мельничка») — …», «Косынка (иначе
  Клондайк)» (:func:`~pasyans.extract.headings.paren_names`).
* **A gloss**: an English (or French, German) name in parentheses, «(от англ. Spider)», «(англ.
  Klondike)», or a Latin name in parentheses right after the game's own name, «Косынка (Klondike)
  — …» — kind ``gloss``.
* **«или» after the game's own name** in the text: «Марьяж», или «Свадьба»; unquoted «Косынка, или
  Солитер, — …», «Годинник, інакше Куранти, …».

Each :class:`~pasyans.models.Alias` keeps the raw lines and the sentence it was read from; its
language is that of the name (``en`` for a Latin name, :func:`~pasyans.extract.headings.name_language`),
or the one its sentence gives it («а в украинских изданиях его называют «Бабусина скриня»» → uk:
:func:`said_language`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pasyans import morph
from pasyans.models import Alias

from .article_text import QUOTE_RE, cues, doc as make_doc, matches, naming_verbs, sentences
from .furniture import cross_reference
from .headings import name_language, nominative, paren_names, section_label, split_title
from .text import MappedText

_WRAP_RE = re.compile(r"(?<=[^\W\d_]|[,—–-])\n(?=[a-zа-яёіїєґ'’])")
"""A line break inside a wrapped sentence: after a word (or a comma or dash), before a word in lower case. The text's
length is kept (the break becomes a space), so offsets still map to raw lines."""
_GLOSS_RE = re.compile(r"(?:\(|[;,]\s*)(?:от\s+|від\s+)?(?:англ|франц|нем|фр|англійськ\w*|английск\w*)\.?\s+"
                       r"(?P<name>[A-Za-z][A-Za-z'’ .-]{1,40}?)\s*(?=\)|[;,]|\s[—–]\s)")
"""«(англ. Klondike)», and a gloss after another name in one parenthesis or list: «(другое название —
«Свободная ячейка»; англ. FreeCell)», «Косынка, англ. Klondike, — …»."""
_BARE_RE = re.compile(r"\s*(?:(?:этого|этой|данного|цього|цієї|даного)\s+)?(?:(?:пасьянса|пасьянсу|игры|гри)\s*)?"
                      r"(?:(?:он|она|его|её|ее|він|вона|його|її)\s+)?(?:(?:называется|зовётся|зовется|называют|зовут|"
                      r"називається|зветься|називають|звуть)\s+)?"   # «Англійською називається Forty Thieves»
                      r"(?:[—–-]\s*|:\s*|(?:как|як)\s+)?(?P<name>(?:[A-ZА-ЯЁІЇЄҐ][\w'’-]*)"
                      r"(?:\s+(?!(?:а|и|но|или|і|й|та|але|або)\b)[\w'’-]+){0,5})")
_BARE_MORE_RE = re.compile(r"\s*(?:,\s*|\s(?:и|или|або|і|й|та|а также|а також)\s+)(?P<name>[A-ZА-ЯЁІЇЄҐ][\w'’-]*"
                           r"(?:\s+[A-ZА-ЯЁІЇЄҐ][\w'’-]*){0,2})(?=\s*(?:[,.;)]|\s(?:и|или|або|і|й|та)\s|$))")
_LATIN_PAREN_RE = re.compile(r"\((?P<name>[A-Z][A-Za-z'’ .-]{1,40})\)")
_CUED_PAREN_RE = re.compile(r"\((?P<body>[^()]{3,100})\)")
_LIST_ITEM_RE = re.compile(r"(?P<name>[^,;]+?)(?=\s*(?:[,;]|\s(?:или|або|и|і|та)\s|[.]?\s*$))(?:\s*(?:[,;]|\s(?:или|або|и|і|та)\s)\s*)?")
_OR_BARE_RE = re.compile(r"(?P<a>[А-ЯЁІЇЄҐA-Z][\w'’-]*(?:\s+[\w'’-]+){0,3}?),\s+(?:или|або|иначе|інакше)\s+"
                         r"(?P<b>[А-ЯЁІЇЄҐA-Z][\w'’-]*(?:\s+[\w'’-]+){0,3}?)\s*(?=[,—–)(]|\s[—–]\s)")
"""«Косынка, или Солитер, — …», «Годинник, інакше Куранти, розкладають …»: the game's own name, then another."""
_OR_RE = re.compile(r"(?P<a>«[^»]+»|\"[^\"]+\")\s*,?\s+(?:или|або|иначе)\s+(?P<b>«[^»]+»|\"[^\"]+\")")


def _unquote(s: str) -> str:
    q = QUOTE_RE.search(s)
    return next(g for g in q.groups() if g).strip() if q else s.strip()


def _fold(s: str) -> str:
    return " ".join(s.casefold().replace("ё", "е").split())


def title_aliases(title_line, lang: str, content=()) -> list[Alias]:
    """The other names the title line gives (``title_line.aliases``) and a line in parentheses
    right under it gives (a ``title-alias`` line of ``content``), kind ``alias``."""
    if title_line is None:
        return []
    out = []
    for ln in [title_line] + [x for x in content if x.kind == "title-alias"]:
        out += [Alias(t.name, t.language, (ln.n, ln.n), "alias", ln.raw.strip()) for t in ln.aliases]
    return out


def printed_span(mt: MappedText, start: int, end: int, raw_lines: list[str]) -> str:
    """The raw text (as printed: old spelling, stress marks) of the cleaned span ``[start, end)`` of
    ``mt``, its raw lines joined by newlines; ``raw_lines``: the source's lines (1-based numbers)."""
    while start < end and mt.text[start].isspace():
        start += 1
    while end > start and mt.text[end - 1].isspace():
        end -= 1
    if start >= end:
        return ""
    (l1, c1), (l2, c2) = (mt.line[start], mt.col[start]), (mt.line[end - 1], mt.col[end - 1])
    if not (0 < l1 <= l2 <= len(raw_lines)):
        return mt.text[start:end]
    if l1 == l2:
        return raw_lines[l1 - 1][c1:c2 + 1]
    return "\n".join([raw_lines[l1 - 1][c1:].rstrip()] + [x.strip() for x in raw_lines[l1:l2 - 1]]
                     + [raw_lines[l2 - 1][:c2 + 1].lstrip()])


def text_aliases(mt: MappedText, lang: str, name: str | None, raw_lines: list[str] | None = None) -> list[Alias]:
    """The aliases the game's text ``mt`` states after a cue, as glosses, or with «или» after
    the game's ``name`` (see the module docstring). With the source's ``raw_lines`` each alias's
    sentence is given as printed (:func:`printed_span`: «иначе «Солитеръ»», «Паучо́к»)."""
    out: list[Alias] = []
    text = _WRAP_RE.sub(" ", mt.text)   # «називають «Наполеоном» / «на острові Святої Олени»»: one sentence
    d = make_doc(text, lang)

    naming = naming_verbs()
    said_from = [0]  # where the words that may give the next alias's language start

    def add(a: int, b: int, value: str, kind: str, sa: int, sb: int) -> None:
        value = value.strip().strip(".,;:").strip()
        if value:
            quote = printed_span(mt, sa, sb, raw_lines) if raw_lines is not None else text[sa:sb].strip()
            language = name_language(value, lang)
            said = said_language(text[max(sa, said_from[0]):a], lang)
            if language == lang:
                language = said if said in ("ru", "uk") else lang
            elif language == "en" and said in _LATIN_LANGUAGES:
                language = said   # «Французы зовут его «La Belle Lucie»»: fr, not the script's en
            said_from[0] = b
            out.append(Alias(value, language, mt.lines_of(a, b), kind, quote))

    for sa, sb in sentences(text):
        first = len(out)  # the aliases of this sentence start here
        lab = section_label(text[sa:sb].strip(), lang)
        if lab is not None and lab.kind == "names" and lab.rest is not None:
            # «**Інші назви:** Клондайк, Солітер.», «Другие названия: Клондайк; Солитер» — a list of names
            start = sa + (len(text[sa:sb]) - len(text[sa:sb].lstrip())) + lab.rest
            for m in _LIST_ITEM_RE.finditer(text, start, sb):
                raw = m.group("name").strip(" *_.")
                item = raw.strip("«»\"")
                quoted = raw[:1] in "«\"" and raw[-1:] in "»\""
                if item and (quoted or item[:1].isupper() or item[:1].isdigit()) and len(item.split()) <= 5:
                    add(m.start("name"), m.end("name"), item, "alias", sa, sb)
            # the cues after the list are read too: «Другое название — «Калькуляция»; в английских книгах его
            # также называют Broken Intervals» (a name read twice is one alias: dedupe)
        sdoc = d.char_span(sa, sb, alignment_mode="expand")
        cues = []
        found = matches(sdoc, lang)
        weak = {(s, e) for s, e in found.get("ALIAS_CAP", [])}
        for s, e in sorted(found.get("ALIAS", []) + list(weak)):
            if not cues or s >= cues[-1][1]:
                cues.append((s, e))
            elif e > cues[-1][1]:
                cues[-1] = (cues[-1][0], e)
        for k, (s, e) in enumerate(cues):
            cue_end = sdoc[e - 1].idx + len(sdoc[e - 1].text)
            # after a verb of naming the name is in the instrumental: an unknown word is put in the
            # nominative by its ending («звуть «Ідлером»» → «Ідлер»; name_case.py)
            governs = "ablt" if any(t.lemma_ in naming for t in sdoc[s:e]) else None
            stop = sdoc[cues[k + 1][0]].idx if k + 1 < len(cues) else sb
            quoted = list(QUOTE_RE.finditer(text, cue_end, stop))
            if (s, e) in weak:  # «в оригинале правила другие: карты кладут на «базу»» names nothing
                quoted = [q for q in quoted if next(g for g in q.groups() if g)[:1].isupper()]
            # after a verb the name is in the case it governs («его называют Паучком»): the alias is
            # stored in the nominative, as a catalogue lists it; the sentence keeps the printed form
            # a bare name right after the cue comes first: «Англійською його назва Spider, а іноді кажуть «Павучок»»
            m = _BARE_RE.match(text, cue_end, quoted[0].start() if quoted else stop)
            for q in quoted:
                add(q.start(), q.end(), nominative(next(g for g in q.groups() if g).strip(), lang, "nomn", governs), "alias", sa, sb)
            if m and m.group("name") and quoted:
                add(m.start("name"), m.end("name"), nominative(m.group("name").strip(), lang, "nomn", governs), "alias", sa, sb)
            if not quoted:
                if m and m.group("name"):
                    add(m.start("name"), m.end("name"), nominative(m.group("name").strip(), lang, "nomn", governs), "alias", sa, sb)
                    # «известен как Паучок и Тарантул», «… Клондайк, Солитер»: capitalised names listed after it
                    at = m.end("name")
                    while (more := _BARE_MORE_RE.match(text, at, stop)) is not None:
                        add(more.start("name"), more.end("name"), nominative(more.group("name"), lang, "nomn", governs), "alias", sa, sb)
                        at = more.end("name")
        for g in _GLOSS_RE.finditer(text, sa, sb):
            add(g.start("name"), g.end("name"), g.group("name"), "gloss", sa, sb)
        if name:
            # a Latin gloss right after the game's name or after an alias of this sentence:
            # «Он же «Фрисел» (FreeCell)»
            known = [name] + [a.name for a in out[first:]]
            for m in _LATIN_PAREN_RE.finditer(text, sa, sb):
                for n in known:
                    before = _fold(text[max(sa, m.start() - len(n) - 4):m.start()].strip(" «»\"'"))
                    if before.endswith(_fold(n)):
                        add(m.start("name"), m.end("name"), m.group("name"), "gloss", sa, sb)
                        break
            # a cued parenthesis right after the game's name: «Мельница (также «Мельничка») — …»
            for m in _CUED_PAREN_RE.finditer(text, sa, sb):
                before = _fold(text[max(sa, m.start() - len(name) - 8):m.start()].strip(" «»\"'*"))
                if before.endswith(_fold(name)):
                    for n in paren_names(m.group("body")):
                        at = text.find(n, m.start(), m.end())
                        a, b = (at, at + len(n)) if at >= 0 else (m.start(), m.end())
                        add(a, b, nominative(n, lang), "alias", sa, sb)
            for m in _OR_RE.finditer(text, sa, sb):
                if _fold(_unquote(m.group("a"))) == _fold(name):
                    add(m.start("b"), m.end("b"), _unquote(m.group("b")), "alias", sa, sb)
            for m in _OR_BARE_RE.finditer(text, sa, sb):
                if _fold(m.group("a")).endswith(_fold(name)):
                    add(m.start("b"), m.end("b"), m.group("b"), "alias", sa, sb)
    return out


@lru_cache(maxsize=1)
def _language_lemmas() -> dict[str, str]:
    return {w: lg for lg, ws in cues()["alias_languages"]["lemmas"].items() for w in ws}


_LATIN_LANGUAGES = frozenset({"en", "fr", "de"})
"""Languages of Latin script an alias sentence may name («по-французски»): a Latin name takes the one it names."""


def said_language(words_before: str, lang: str) -> str | None:
    """The language the words before an alias give it («… а в украинских изданиях его называют» →
    ``"uk"``; ``alias_languages`` of ``segment_cues.json``), else ``None``."""
    table = _language_lemmas()
    for w in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)?", words_before):
        hit = table.get(w.lower()) or table.get(morph.lemma(w, lang)) or table.get(morph.lemma(w, "uk" if lang == "ru" else "ru"))
        if hit and hit != lang:
            return hit
    return None


def cross_reference_aliases(lines, games, lang: str) -> None:
    """In place: a ``cross-reference`` line of the text («ПАУЧОК — см. ПАУК.»: page furniture, in no game;
    :func:`pasyans.extract.furniture.cross_reference`) whose other name is a game of ``games``
    (:class:`~pasyans.models.GameText`) gives that game an alias, kind ``alias``, its line and the line as
    printed. ``lines``: the segmenter's classified lines (``kind`` ``meta``, ``label`` the family). A
    reference to no game of the text («СОЛИТЁР — то же, что ПАСЬЯНС.») stays a not-a-game line only."""
    for ln in lines:
        ref = cross_reference(ln.printed or "") if ln.kind == "meta" and ln.label == "cross-reference" else None
        if ref is None:
            continue
        name, target = (split_title(x, lang, caps=x.isupper())[0].name for x in ref)
        game = next((g for g in games if g.name and _fold(g.name) == _fold(target)), None)
        if game is not None and _fold(name) != _fold(game.name) and all(_fold(a.name) != _fold(name) for a in game.aliases):
            game.aliases.append(Alias(name, name_language(name, lang), (ln.n, ln.n), "alias", ln.raw.strip()))


def dedupe(aliases: list[Alias], name: str | None) -> list[Alias]:
    """``aliases`` without repeats and without the game's own ``name`` (first occurrence kept)."""
    seen = {_fold(name)} if name else set()
    out = []
    for a in aliases:
        key = _fold(a.name)
        if key in seen and a.kind != "title-form":
            continue
        seen.add(key)
        out.append(a)
    return out
