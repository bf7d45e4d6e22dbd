"""The rule specs of every game of one source: numbered rules, same-as links, variants, the book's
section labels and standard pack (see :func:`spec_for_games`)."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from pasyans.models import Finding

from .. import nlp
from ..text import MappedText, language_parts  # noqa: F401  (language_parts: read here, defined with MappedText)
from .reader import read_text
from .readings import (complete_rows, extract_rules, extract_rules_with_findings, infer_cards_per_pile, infer_no_building,
                       infer_pack_out)
from .references import Library, matches, scope
from .schema import field_paths, get_field, inherit, set_field, unknown_spec, validate_spec
from .unread import reason as unread_reason

_NOT_INHERITED_SPECIALS = {"same-as", "variant", "book-section", "alternative-rules"}
"""Specials that describe the text they were read from, not the rules: never passed on."""


def _span_text(mt: MappedText, first: int, last: int) -> MappedText | None:
    """The characters of ``mt`` whose raw line lies in ``first``…``last`` (one contiguous piece), or ``None``."""
    idx = [i for i, n in enumerate(mt.line) if first <= n <= last]
    if not idx:
        return None
    return mt.slice(idx[0], idx[-1] + 1)


def read_in_its_languages(mt: MappedText, lang: str, source: Any, source_id: str, key: str) -> tuple[dict, list, dict]:
    """A game's own text read as :func:`read_text` reads it, each language's sentences with that language's
    words and morphology (:func:`language_parts`): the language with the most text gives the spec; a field it
    leaves unknown is taken from the other language's reading (its own quote and lines), and so are the
    specials it lacks and the other's conflicts. Two readings that disagree keep the main one and a
    ``reading-choice`` finding says what the other language's text read. Returns ``(spec, findings, facts)``."""
    parts = [(here, part) for here, part in language_parts(mt, lang, source) if here in nlp.LANGUAGES]
    if len(parts) <= 1:
        return read_text(parts[0][1] if parts else mt, parts[0][0] if parts else lang, source_id, key)
    (main_lang, main), others = parts[0], parts[1:]
    spec, found, facts = read_text(main, main_lang, source_id, key)
    found = list(found)
    for here, part in others:
        ospec, ofound, ofacts = read_text(part, here, source_id, key)
        found.extend(ofound)
        for path in field_paths():
            mine, theirs = get_field(spec, path), get_field(ospec, path)
            if theirs["status"] == "unknown":
                continue
            if mine["status"] == "unknown":
                set_field(spec, path, copy.deepcopy(theirs))
            elif mine["value"] != theirs["value"] and path != "goal":
                found.append(Finding(source_id, tuple(theirs["lines"] or (1, 1)), "reading-choice",
                                     f"{path} = {mine['value']!r} as the {main_lang} text reads it; the {here} text "
                                     f"of the same game reads {theirs['value']!r}", str(theirs["quote"])[:80], key))
        have = {x["name"] for x in spec["special"]}
        spec["special"].extend(copy.deepcopy(x) for x in ospec["special"] if x["name"] not in have)
        spec["conflicts"].extend(copy.deepcopy(ospec["conflicts"]))
        for name, value in ofacts.items():
            if not facts.get(name) and value:
                facts[name] = value
    return spec, found, facts


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
    facts: dict           # game key -> Reader.facts() of its own text
    library: Library | None = None
    by_key: dict | None = None   # games by key, made once (made once a game: quadratic in 20,000 headings)


def spec_for_games(games: list, texts: dict[str, MappedText], lang: str, source_id: str,
                   source: Any = None, library: Library | None = None) -> dict[str, tuple[dict, list[Finding]]]:
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
       (by «name» in this source, or — ``library`` — among the games read before and through
       catalogue names; by variant letter; «основную» → the parent; else the game before), only
       the tableau fields when the sentence speaks of moving cards («перекладывание»), only the
       layout when it speaks of laying them out («раскладывается подобно «Часам»»);
    3. the parent game (``GameText.variant_of``), ref «variant of 004-024 «Клондайк»»;
    4. in a book, the section label printed down the page margin («ИГРЫ ОДНОЙ КОЛОДОЙ» → 1
       pack, «ИГРЫ ДВУМЯ КОЛОДАМИ» → 2), ref «book section label …, lines a–b»;
    5. in a book, its standard pack: 52 cards and no jokers where the text states no stripping
       and no jokers, ref «book: standard pack».

    Every field still unknown gets a ``reason``. Every spec is valid against the schema by
    construction (each claim is checked against the schema's enum as it is made; the test suite
    validates every spec of the corpus and of every phrasing example). Returns game key → (spec,
    findings); findings: those of :func:`extract_rules_with_findings` plus ``numbered-rule-missing``,
    ``same-as-unresolved``, ``reading-choice``, ``book-context-unavailable``.
    """
    if lang not in nlp.LANGUAGES:
        raise ValueError(f"no rule reader for language {lang!r}")
    if source is None and games and any(g.page for g in games):
        source = _bundled_source(source_id, texts)
    ctx = _SourceGames(list(games), texts, lang, source_id, source, {}, {}, {}, {}, {}, library)
    for g in ctx.games:
        mt = texts.get(g.key)
        if mt is None or not mt.text.strip():
            spec, found = unknown_spec(), [Finding(source_id, g.lines[0] if g.lines else (1, 1), "no-rule-text",
                                                   "the game has no text to read rules from", game=g.key)]
        else:
            spec, found, facts = read_in_its_languages(mt, lang, source, source_id, g.key)
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
        _give_reasons(spec, g, ctx.facts.get(g.key))
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
    if ctx.by_key is None:
        ctx.by_key = {x.key: x for x in ctx.games}
    by_key = ctx.by_key
    if g.rules_used:
        spec = _apply_numbered_rules(ctx, g, spec)
    else:
        for sa in [s for s in spec["special"] if s["name"] == "same-as"]:
            target, why = _same_as_target(ctx, g, sa)
            if target is None:
                ctx.findings[g.key].append(Finding(ctx.source_id, tuple(sa["lines"]), "same-as-unresolved",
                                                   f"the text refers to another game's rules ({why})",
                                                   sa["quote"][:80], g.key))
                continue
            if not isinstance(target, tuple) and target.key == g.variant_of and not re.search(
                    r"\b(так|такой|такі|такий|точно)\s+(же|ж)\b", sa["quote"].lower()):
                continue    # «В другой версии этого пасьянса …»: the parent, inherited below as such
            if why:
                ctx.findings[g.key].append(Finding(ctx.source_id, tuple(sa["lines"]), "reading-choice", why,
                                                   sa["quote"][:80], g.key))
            fields = scope(sa["quote"])
            if isinstance(target, tuple):         # a game of another source, or found through a catalogue
                key, name, parent, how = target
                ref = f"same as {key} «{name}» ({how}; «{sa['quote'][:80]}», {_lines_ref(sa['lines'])})"
            else:
                ref = f"same as {_game_ref(target)} («{sa['quote'][:80]}», {_lines_ref(sa['lines'])})"
                parent = _resolve(ctx, target, seen)
            spec = inherit(spec, parent, ref, fields)
            if fields is None:
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
    infer_pack_out(spec, ctx.facts.get(g.key, {}), ctx.findings[g.key], ctx.source_id, g.key)
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


_VARIANT_LETTER = re.compile(r"(?:вариант\w*|варіаці\w*|вар\.)\s+([А-ЯІЇЄҐA-Z])\b")


def _same_as_target(ctx: _SourceGames, g, sa: dict):
    """(game, note) that a same-as special of ``g`` refers to; note is a reading choice to record (or
    ``""``). The game named in the special's ``ref`` is looked for in this source, then in
    ``ctx.library`` (games already read, catalogue names) — then the target is the tuple
    ``(key, name, spec, how)``. (``None``, why) when nothing fits."""
    quote = sa["quote"]
    named = sa.get("ref")
    earlier = [x for x in ctx.games[: ctx.games.index(g)]]
    low = quote.lower()
    m = _VARIANT_LETTER.search(quote)
    if m:
        letter = m.group(1).upper()
        for x in ctx.games:
            pn = (x.printed_name or "")
            if x is not g and re.search(rf"(?:Варіація|Вариант|Вариация)\s+{letter}\b", pn, re.I):
                return x, ""
    for q in ([named] if named else []) + re.findall(r"«([^»]+)»", quote):
        for x in ctx.games:
            if x is not g and any(n and matches(q, n, ctx.lang) for n in (x.name, x.printed_name)):
                return x, ""
    if named:
        if ctx.library is not None:
            found = ctx.library.find(named)
            if found is not None:
                return found, ""
        if not re.search(r"основн", low):
            return None, (f"the game named «{named}» is neither in this source nor among the games read before"
                          + ("" if ctx.library is not None else " (no knowledge base given)"))
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
    if get_field(spec, "deck.cards_per_pack")["status"] == "unknown" and not get_field(spec, "deck.cards_per_pack").get("reason"):
        set_field(spec, "deck.cards_per_pack", {"value": 52, "status": "inherited", "quote": None, "lines": None,
                                           "ref": "book: standard pack (the game's text states no stripped pack)",
                                           "reason": None})
    if get_field(spec, "deck.jokers")["status"] == "unknown":
        set_field(spec, "deck.jokers", {"value": 0, "status": "inherited", "quote": None, "lines": None,
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


def _give_reasons(spec: dict, g, facts: dict | None = None) -> None:
    """Set the ``reason`` of every field still unknown (in place): the line of the game's text that speaks
    of it but was not read (``facts["unread"]``, :mod:`.unread`), else that no sentence states it."""
    unread = (facts or {}).get("unread") or {}
    for path in field_paths():
        f = get_field(spec, path)
        if f["status"] != "unknown" or f.get("reason"):
            continue
        if path in unread:
            why = unread_reason(unread[path])
        elif g.rules_used:
            why = (f"no sentence of the game's text and none of the numbered rules it uses "
                   f"({', '.join(g.rules_used)}) states it")
        elif g.variant_of:
            why = f"neither the variant's text nor its parent {g.variant_of} states it"
        else:
            why = "no sentence of the game's text states it"
        set_field(spec, path, dict(f, reason=why))
