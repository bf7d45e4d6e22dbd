"""The public reading entry points, fuzzed: what each may raise, and text in the genre's styles.

Shared by the property tests (``tests/test_fuzz.py``, a few dozen inputs each) and the fuzzer
(``bench/fuzz.py``, ≥ 10,000 inputs each, printing crashes and slow inputs).

A :class:`Target` calls one entry point on a generated text; an exception is a *crash* unless the
entry point documents it (``allowed``: exception types, each with a message pattern). Inputs
come from :func:`genre_text`: lines of genre words and card shorthand («♦В — ♠Д», «Б53 - Б47»,
«даму червей»), superscripts, circled digits, suit symbols, dashes, zero-width and combining
characters, lone surrogates — and windows of the real corpus with such tokens put in.

:data:`KNOWN` holds reproducers of crashes in modules their owners are rewriting (noted to them
in the coordination notes); the property test of such an entry point runs the reproducer first
and is marked ``xfail(strict=True)``: it turns red the day the fix lands, to remove the mark.
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent

WORDS = ("туз", "тузы", "тузов", "король", "короля", "королей", "дама", "даму", "дамы", "валет", "валета",
         "десятка", "десятку", "семерку", "шестерки", "червей", "пик", "бубен", "треф", "трефъ", "червонную",
         "кладут", "кладется", "перекладывают", "можно", "нельзя", "на", "в", "из", "по", "и", "или", "не",
         "ряд", "ряду", "рядов", "колода", "колоду", "колоды", "пробел", "пробелы", "базу", "база", "карты",
         "карта", "карт", "масти", "масть", "старшинству", "убывающей", "ПАСЬЯНС", "Пасьянс", "Вариант",
         "ВАРИАНТ", "Правило", "Раскладка", "Ход", "Игра", "Пример", "Положим", "гра", "карти", "вікно",
         "тузами", "ряду", "карту", "Салическій", "законъ", "Осада", "Косынка", "Паганини", "сѣмь", "ѳита",
         "двѣ", "шесть", "восемь", "52", "36", "1-му", "5-м", "первый", "второй", "Т", "К", "Д", "В")
TOKENS = ("♦В", "♠Д", "♣Т", "♥10", "♦7", "10♠", "Q♥", "ПА", "ЧД", "Ч10", "ТВ", "Б53", "Б47", "Б8-7", "П2",
          "QH", "TS", "AS", "KS", "Т-2-3-4", "1.", "2)", "I.", "§ 3", "№ 5", "стр. 12", "12", ".....", "…",
          "—", "–", "-", "→", "«", "»", "„", "“", '"', "(", ")", "[6]", "¹", "²", "³", "⁴", "①", "②",
          "⑩", "½", "Ⅻ", "ǅ", "ﬁ", "\u00a0", "\u200b", "\u0301", "\t", "\x0c", "\u2028", "\ufeff", "\r",
          "\ud800", "\udcff", "😀", "ً", "‎", "\x00", "ђ", "ѣ", "і", "ї", "є", "ґ", "'", "’", ":", ";", "?")
SEPARATORS = (" ", " ", " ", "", " — ", " - ", ", ", ". ", "  ", ": ", "\n")


@lru_cache(maxsize=1)
def corpus_lines() -> tuple[str, ...]:
    """Every raw line of the bundled corpus (the fuzzer's real-text windows)."""
    out: list[str] = []
    for p in sorted((ROOT / "corpus").glob("*.txt")):
        out.extend(p.read_text("utf-8").split("\n"))
    return tuple(out)


def _token() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(WORDS), st.sampled_from(TOKENS), st.integers(0, 300).map(str),
                     st.text(st.characters(), min_size=1, max_size=4))


_line = st.lists(st.tuples(_token(), st.sampled_from(SEPARATORS)), max_size=12).map(
    lambda parts: "".join(t + s for t, s in parts))


@st.composite
def _window(draw) -> str:
    lines = corpus_lines()
    start = draw(st.integers(0, len(lines) - 1))
    text = "\n".join(lines[start: start + draw(st.integers(1, 40))])
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 3))
        text = text[:at] + draw(_token()) + text[at + cut:]
    return text


def genre_text() -> st.SearchStrategy[str]:
    """Texts in the genre's styles, with the characters that broke readers before."""
    return st.one_of(st.lists(_line, max_size=12).map("\n".join), _window())


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.sampled_from(WORDS),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                  max_size=4),
                     max_leaves=12)


@st.composite
def manifest_text(draw) -> str:
    """A manifest: a real entry with fields dropped, changed or added, as JSON text (or not JSON)."""
    entry = {"id": "t", "file": "t.txt", "language": "ru", "orthography": "modern", "kind": "article",
             "title": "T", "segmenter": "headings", "notation": "words"}
    for key in draw(st.lists(st.sampled_from(sorted(entry) + ["sha256", "languages", "extra"]), max_size=3)):
        if draw(st.booleans()):
            entry.pop(key, None)
        else:
            entry[key] = draw(_json)
    doc = draw(st.sampled_from(["ok", "list", "bare", "broken"]))
    data = {"sources": [entry]} if doc == "ok" else [entry] if doc == "list" else entry
    text = json.dumps(data, ensure_ascii=False)
    return text[: draw(st.integers(0, len(text)))] if doc == "broken" else text


@st.composite
def spec_text(draw) -> str:
    """A rule spec: a few sections of random fields, as JSON text."""
    sections = ("deck", "layout", "foundations", "tableau", "waste", "stock", "goal", "special", "reserve")
    spec = {s: draw(st.one_of(_json, st.dictionaries(st.text(max_size=10), st.one_of(
        _json, st.fixed_dictionaries({"value": _json, "status": st.sampled_from(["stated", "unknown", "x"])})),
        max_size=4))) for s in draw(st.lists(st.sampled_from(sections), max_size=5, unique=True))}
    return json.dumps(spec, ensure_ascii=False)


@dataclass
class Target:
    """One entry point: ``call(text, ctx)`` runs it; ``allowed`` maps documented exception types
    to a message pattern (``""``: any message). ``owner``: who owns the module (for reports)."""

    name: str
    area: str
    owner: str
    call: Callable[[str, dict], object]
    allowed: dict[type, str] = field(default_factory=dict)
    strategy: Callable[[], st.SearchStrategy[str]] = genre_text
    needs_kb: bool = False

    def is_allowed(self, e: BaseException) -> bool:
        return any(isinstance(e, t) and re.search(pat, str(e)) for t, pat in self.allowed.items())

    def check(self, text: str, ctx: dict | None = None) -> None:
        """Run the entry point on ``text``; an undocumented exception propagates (a crash)."""
        try:
            self.call(text, ctx or {})
        except Exception as e:
            if not self.is_allowed(e):
                raise


def _mapped(text: str):
    from pasyans.extract.text import MappedText

    return MappedText.from_lines(text.split("\n"))


def _source(text: str, segmenter: str = "headings", notation: str = "words", lang: str = "ru"):
    from pasyans.corpus import Source

    return Source("f", "f.txt", lang, "modern", "article", "fuzz", "0" * 64, Path("f.txt"), text,
                  segmenter=segmenter, notation=notation)


def _mapped_ops(text: str, _ctx) -> None:
    from pasyans.extract.text import MappedText

    parts = [MappedText.from_lines(p.split("\n"), 1 + i) for i, p in enumerate(text.split("|"))]
    for sep in ("\n", " ", ""):
        mt = MappedText.concat(parts, sep)
        n = len(mt.text)
        mt.slice(n // 3, n)
        mt.edit(n // 2, n, "…")
        if n:
            mt.lines_of(0, n)


def _clean(text: str, _ctx) -> None:
    from pasyans.extract import clean

    lines = text.split("\n")
    for lang in ("ru", "uk"):
        clean.join_lines(lines, list(range(1, len(lines) + 1)), [1, len(lines) // 2 + 1], lang)
        clean.clean_paragraph(_mapped(text), lang, [])
    clean.card_tokens(text)
    for line in lines:
        clean.is_heading(line), clean.is_toc_entry(line), clean.norm_title(line)
    for word in text.split():
        clean.split_glued(word, "ru")


def _book_lines(text: str, _ctx) -> None:
    from pasyans.extract import clean

    lines = text.split("\n")
    clean.book_pages(clean.classify_book_lines(lines, lines[:3]), lines)


def _orthography(text: str, _ctx) -> None:
    from pasyans.extract import orthography

    orthography.modernize(text)
    orthography.modernize_mapped(_mapped(text))
    orthography.known_word_share(text)


def _parse_card(text: str, _ctx) -> None:
    from pasyans.extract.notation import parse_card

    for tok in text.split()[:6] or [text]:
        for notation in ("symbol", "letter"):
            try:
                parse_card(tok, notation)
            except ValueError as e:
                if type(e).__name__ != "NotationError":
                    raise


def _parse_cells(text: str, _ctx) -> None:
    from pasyans.extract.notation import parse_cells

    for tok in text.split()[:6] or [text]:
        try:
            parse_cells(tok)
        except ValueError as e:
            if type(e).__name__ != "NotationError":
                raise


def _scan(text: str, _ctx) -> None:
    from pasyans.extract import notation

    for nt in ("symbol", "letter", "words"):
        for lang in ("ru", "uk"):
            notation.find_cards(text, nt, lang)
    notation.find_word_cards(text, "ru")


def _card_parse(text: str, _ctx) -> None:
    from pasyans.cards import Card, CardError

    for tok in text.split()[:6] or [text]:
        try:
            Card.parse(tok)
        except CardError:
            pass


def _moves(text: str, _ctx) -> None:
    from pasyans.extract.moves import parse_moves

    for nt, lang in (("symbol", "ru"), ("letter", "uk"), ("words", "ru")):
        parse_moves(text, "f", nt, lang)


def _moves_in_context(text: str, _ctx) -> None:
    """The move reader given the layout facts of the text itself (corners, «под»), and the claims
    matched onto moves read elsewhere (extract/claims.py)."""
    from pasyans.extract.claims import read_claims
    from pasyans.extract.moves import game_context, parse_moves
    from pasyans.models import Example

    for nt, lang in (("symbol", "ru"), ("words", "uk")):
        parsed = parse_moves(text, "f", nt, lang, context=game_context(text, lang))
        read_claims(Example((1, 1), text, moves=parsed.moves), lang, nt)


def _layout(text: str, _ctx) -> None:
    from pasyans.extract.layout import read_ace_placement, read_paganini_layout

    try:
        read_paganini_layout(text.split("\n"), 1)
    except ValueError as e:
        if str(e) != "no layout row found":
            raise
    read_ace_placement(text, "letter", "uk")


def _rules(text: str, _ctx) -> None:
    from pasyans.extract.rules import extract_rules_with_findings

    for lang in ("ru", "uk"):
        extract_rules_with_findings(_mapped(text), lang)


def _rule_refs(text: str, _ctx) -> None:
    """The rules reader's same-as references: a name's lemmas, the fields a sentence covers, two names compared."""
    from pasyans.extract.rules import references

    lines = text.split("\n")
    for line in lines[:6]:
        for lang in ("ru", "uk"):
            references.name_key(line, lang)
            references.matches(line, lines[0], lang)
        references.scope(line)


def _articles(text: str, _ctx) -> None:
    from pasyans.extract.articles import segment_source

    for lang in ("ru", "uk"):
        segment_source(_source(text, lang=lang))


def _book(text: str, _ctx) -> None:
    from pasyans.corpus import SegmentationError
    from pasyans.extract.book import segment_book

    try:
        segment_book(_source(text, "book-toc", "symbol"))
    except SegmentationError:
        pass


def _book_words(text: str, _ctx) -> None:
    from pasyans.extract import book

    book.sentences(text)
    for line in text.split("\n")[:5]:
        book.split_title(line), book.nominative(line), book.transliterate(line)


def _detect(text: str, _ctx) -> None:
    from pasyans.add import detect

    detect("fuzz.txt", text)


def _intake(text: str, _ctx) -> None:
    """What ``pasyans add`` does to a file's bytes (pasyans/intake.py): the text as is and wrapped in
    HTML, read as a page, checked for mojibake, and its bytes decoded in the code pages a user gives."""
    from pasyans import intake

    lines = text.split("\n")
    page = "<html><head><title>t</title></head><body>\n" + "\n".join(
        f"<h2>{line}</h2>" if i % 5 == 0 else f"<p>{line}</p>" for i, line in enumerate(lines)) + "\n</body></html>"
    for t in (text, page):
        if intake.is_html(t, ".html"):
            try:
                intake.mojibake(intake.html_text(t))
            except intake.IntakeError:
                pass
        intake.mojibake(t)
        data = t.encode("utf-8", "surrogatepass")
        for enc in ("utf-8", "cp1251", "koi8-r", "mac-cyrillic"):
            try:
                intake.decode(data, enc)
            except intake.IntakeError:
                pass


def _heading_shapes(text: str, _ctx) -> None:
    from pasyans.extract import headings

    for line in text.split("\n")[:8]:
        for lang in ("ru", "uk"):
            headings.title_shape(line, lang), headings.section_label(line, lang)
            headings.split_title(line, lang)
        headings.not_title(line), headings.setext_level(line), headings.sentence_case(line)


def _rule_lines(text: str, _ctx) -> None:
    from pasyans.extract.articles import parse_rule_line

    for line in text.split("\n"):
        parse_rule_line(line)


def _nlp(text: str, _ctx) -> None:
    from pasyans.extract import nlp

    for lang in ("ru", "uk"):
        nlp.sentences(text, lang)
        for w in text.split()[:8]:
            nlp.word(w, lang)


def _name_keys(text: str, _ctx) -> None:
    from pasyans.kb import names

    f = names.fold(text)
    for w in f.split():
        names.variants(w), names.consonants(w)
    names.name_row("g", text, "title", "ru")


def _find(text: str, ctx) -> None:
    from pasyans.kb.names import find

    find(ctx["db"], text, limit=5)


def _search(text: str, ctx) -> None:
    from pasyans.kb.search import query_terms, search

    query_terms(text)
    search(ctx["db"], text, limit=5)


def _oracles(text: str, _ctx) -> None:
    from pasyans.engine.oracles import OracleFormatError, read_board, read_solution

    for fmt in ("bhs", "fcs"):
        for fn in (read_board, read_solution):
            try:
                fn(text, fmt)
            except OracleFormatError:
                pass


def _manifest(text: str, _ctx) -> None:
    from pasyans.corpus import CorpusError, check_manifest

    try:
        check_manifest(json.loads(text), "manifest.json")
    except (CorpusError, json.JSONDecodeError):
        pass


def _spec(text: str, _ctx) -> None:
    from pasyans.spec import RuleSpec

    spec = RuleSpec.from_json(json.loads(text))
    spec.to_json()
    spec.pack


def _verify(text: str, _ctx) -> None:
    from pasyans.engine.verify import verify_example
    from pasyans.extract.moves import parse_moves
    from pasyans.models import Example, GameText

    parsed = parse_moves(text, "f", "symbol", "ru")
    ex = Example((1, 1), text, moves=parsed.moves)
    game = GameText("f-1", "f", "Игра", [(1, 1)], text)
    verify_example(game, ex, {"tableau": {"build_rank": {"value": "down", "status": "stated"}}})


@lru_cache(maxsize=1)
def _command():
    """The click command of ``pasyans``, made once: typer makes it again from the functions'
    signatures on every ``CliRunner().invoke`` (70 % of a fuzzed command line's time)."""
    from typer.main import get_command

    from pasyans.cli import app

    return get_command(app)


def _cli(text: str, ctx) -> None:
    """``pasyans find/show/search/verify/export`` with the text as the argument (or as an option
    value; two of the seven command lines, chosen by the text): any exit but 0, 1 or 2, or an
    «internal error» line, is a crash."""
    from unittest import mock

    from typer.testing import CliRunner

    from pasyans.cli import app

    db = str(ctx["path"])
    first = (text.split() or [""])[0]
    runs = [["find", text, "--db", db], ["show", text, "--db", db], ["search", text, "--db", db],
            ["verify", text, "--db", db], ["find", "Осада", "--limit", first, "--db", db],
            ["show", "t-1", "--db", text or "-"], ["export", "--format", first, "--db", db]]
    k = zlib.crc32(text.encode("utf-8", "surrogatepass"))
    for args in (runs[k % len(runs)], runs[(k // 7 + 3) % len(runs)]):  # two of them, by the text
        with mock.patch("typer.testing._get_command", lambda _app: _command()):
            r = CliRunner().invoke(app, args)
        if r.exit_code not in (0, 1, 2) or "internal error" in r.output or (
                r.exception is not None and not isinstance(r.exception, SystemExit)):
            raise AssertionError(f"pasyans {args[0]}: exit {r.exit_code}: {r.output[-200:]!r} {r.exception!r}")


TARGETS: list[Target] = [
    Target("mapped_text", "cleaning", "robust", _mapped_ops),
    Target("clean", "cleaning", "texts", _clean),
    Target("book_lines", "cleaning", "texts", _book_lines),
    Target("orthography", "cleaning", "texts", _orthography),
    Target("parse_card", "card grammar", "texts", _parse_card),
    Target("parse_cells", "card grammar", "texts", _parse_cells),
    Target("find_cards", "card grammar", "texts", _scan),
    Target("card_parse", "card grammar", "core", _card_parse),
    Target("parse_moves", "moves", "moves", _moves),
    Target("moves_in_context", "moves", "moves", _moves_in_context),
    Target("layout", "layouts", "core", _layout),
    Target("rules", "rules", "rules", _rules),
    Target("rule_refs", "rules", "rules", _rule_refs),
    Target("segment_article", "segmentation", "texts", _articles),
    Target("segment_book", "segmentation", "texts", _book),
    Target("book_words", "segmentation", "texts", _book_words),
    Target("rule_lines", "segmentation", "texts", _rule_lines),
    Target("headings", "segmentation", "texts", _heading_shapes),
    Target("detect", "corpus", "texts", _detect),
    Target("intake", "corpus", "texts", _intake),
    Target("nlp", "cleaning", "perf", _nlp),
    Target("name_keys", "names", "texts", _name_keys),
    Target("find", "names", "texts", _find, needs_kb=True),
    Target("search", "search", "web", _search, needs_kb=True),
    Target("oracles", "engine", "core", _oracles),
    Target("manifest", "corpus", "texts", _manifest, strategy=manifest_text),
    Target("rule_spec", "engine", "core", _spec, strategy=spec_text),
    Target("verify", "engine", "core", _verify),
    Target("cli", "command line", "robust", _cli, needs_kb=True),
]
"""Every fuzzed entry point, in the order the reports list them."""

BY_NAME = {t.name: t for t in TARGETS}

KNOWN: dict[str, tuple[str, list[str]]] = {
}
"""Target name → (who fixes it, reproducers of crashes in a module its owner is rewriting): see the module docstring."""

FIXED: dict[str, list[str]] = {
    "parse_moves": ["\ud800 ", "Ряд ¹ и ♦В — ♠Д на ² ряд"],  # spaCy hashing a lone surrogate; int("¹")
    "verify": ["\ud800 "],
    "headings": ["", " или "],  # split_title of no names
    "rule_spec": ['{"special": true}', '{"conflicts": 3, "special": "ab"}'],  # a non-list iterated
    "oracles": ["¹ ²", "1¹"],  # «¹».isdigit() then int()
    "rules": ["Сноска ¹ здесь.", "\ud800 "],
    "name_keys": ["\U00017000к"],  # pymorphy3: unicodedata.name() of a letter with no name (Tangut) → ValueError
    # a NUL in --db: open() raised ValueError (embedded null byte) — now a usage error
    "cli": ["00\x00тиметься про цілу групу подібних пасьянсів, один з яких отримав назву Паганіні за те, що великий "
            "музикант Нікколо Паганіні дуже любив розкладати його."],  # the old rules.py: int("¹"), spaCy hashing a lone surrogate
}
"""Target name → inputs that crashed it once (fixed): each property test runs them first."""


def small_kb(folder: Path) -> Path:
    """A knowledge base of three games (title, alias, a rules sentence) for ``find`` and ``search``."""
    import hashlib

    from pasyans.corpus import Source
    from pasyans.kb.store import write_kb
    from pasyans.models import Alias, GameText

    text = "ОСАЖДЕННАЯ КРЕПОСТЬ\nТузы выкладываются в середину стола. Короли заполняют пробелы.\n"
    src = Source("t", "t.txt", "ru", "modern", "article", "fuzz", hashlib.sha256(text.encode()).hexdigest(),
                 folder / "t.txt", text)
    games = [GameText("t-1", "t", "Осажденная крепость", [(1, 2)], text.split("\n")[1],
                      aliases=[Alias("Осада", "ru", (1, 1))]),
             GameText("t-2", "t", "Салическій законъ", [(2, 2)], "Короли заполняют пробелы."),
             GameText("t-3", "t", "Паганини", [(2, 2)], "Тузы.")]
    db = folder / "fuzz.db"
    write_kb(db, [src], games, force=True)
    return db
