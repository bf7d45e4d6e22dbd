"""Findings about the lines of a segmented text (:mod:`pasyans.extract.articles`): what a game's
lines lack or hold unread — a figure or display that is not in the text, a line cut off, numbered
rules that begin past the first, card-shaped tokens no notation reads — and the runs of page
furniture that are no game. Input: the segmenter's classified lines
(:class:`~pasyans.extract.article_text.Line`) and a part of them (``content``, ``heading_line``)."""

from __future__ import annotations

import re

from pasyans.corpus import Source
from pasyans.models import Finding

from .article_text import Line, announces_display, ends_open, is_display_row, sentences
from .headings import starts_item
from .notation import scan

ROMAN_ITEM_RE = re.compile(r"^([IVXLC]+)\.\s+\S")
"""A line numbered with a Roman number («II. Карты сдают …»)."""
ARABIC_ITEM_RE = re.compile(r"^(\d{1,2})\)\s+\S")
"""A line numbered «3) …»."""
_TITLE_KINDS = frozenset({"heading", "group-heading", "subheading", "part", "doc-title", "variant-heading"})
"""Line kinds that head a game or a part: a Roman number on one of them numbers the game, not a rule."""


MOVE_SENTENCE_CHARS = 400
"""The longest last sentence :func:`ends_on_move` reads as a move (a chat's «потом В♣ на Д♦, а 7♠ на 8♥» is
a few dozen characters; a sentence of thousands is prose or a damaged text)."""


def ends_on_move(text: str, notation: str, lang: str) -> bool:
    """Whether the last sentence of a line is a whole move, a card and where it goes («Сначала кладу 8♥ на 9♠»,
    a chat's «потом В♣ на Д♦»): a line a writer ends without a stop, not one cut off."""
    from .article_examples import shows_rank_move

    spans = sentences(text)
    if not spans or spans[-1][1] - spans[-1][0] > MOVE_SENTENCE_CHARS:
        return False  # no move sentence: the move reader is not asked (a 600,000-character line took it hours)
    return shows_rank_move(text[spans[-1][0]:spans[-1][1]], notation, lang)


def part_findings(source: Source, part, key: str, lines: list[Line], lang: str,
                  by_n: dict[int, Line] | None = None) -> list[Finding]:
    """Findings about the part's lines: missing figures and displays, cut-off lines, missing rules,
    card tokens no reading takes. ``by_n``: the source's ``lines`` by number (made once a source
    by the caller: made once a part, 20,000 headings took a quadratic time)."""
    out = []
    content = part.content
    by_n = by_n if by_n is not None else {ln.n: ln for ln in lines}
    for ln in content:
        span = (ln.n, ln.n)
        if ln.kind == "caption":
            out.append(Finding(source.id, span, "missing-figure",
                               f"figure caption «{ln.text}»: the figure is not in the text", game=key))
        if "\ufffd" in ln.raw:
            out.append(Finding(source.id, span, "truncated-line",
                               "the line is cut off (ends in a replacement character); the rest of it is lost",
                               game=key))
        elif ln.kind == "prose" and ends_open(ln.text) and not is_display_row(ln.text):
            nxt = by_n.get(ln.n + 1)
            after = next((lines[j] for j in range(ln.n, len(lines)) if not lines[j].blank), None)
            listed = after is not None and bool(ROMAN_ITEM_RE.match(after.text) or ARABIC_ITEM_RE.match(after.text)
                                                or is_display_row(after.text))  # the display after a blank line
            if after is not None and after.text[:1].islower() and all(
                    lines[j].blank for j in range(ln.n, after.n - 1)):
                continue  # the sentence goes on after a page break (its furniture left out)
            if announces_display(ln.text, lang) and (nxt is None or nxt.blank) and not listed:
                out.append(Finding(source.id, (ln.n, ln.n + 1 if nxt is not None else ln.n), "missing-display",
                                   "the sentence announces a row, layout or notation that is not in the text",
                                   game=key))
            elif not announces_display(ln.text, lang) and not (
                    nxt is not None and (nxt.blank or starts_item(nxt.text) or starts_item(ln.text))) \
                    and not ends_on_move(ln.text, source.notation, lang):
                # a line without a final stop ends there when a blank line or an item of its own follows
                # («8♥ на 9♠» over «[20:43] Ира: …», a chat's last word before a blank), or when it is an item
                # itself («• Крупные карты»): cut off only before the file's end or a line going on as prose
                out.append(Finding(source.id, span, "truncated-line",
                                   "the paragraph stops mid-sentence", game=key))
    out += _unread_cards(source, part, key, lang)
    # a numbered rule is a line of the game's text; a game's number on its title («II. ПАСЬЯНСЪ «ЗВѢЗДА».») is none
    numbered = [ln for ln in content if ROMAN_ITEM_RE.match(ln.text) and ln is not part.heading_line
                and ln.kind not in _TITLE_KINDS]
    if numbered and ROMAN_ITEM_RE.match(numbered[0].text).group(1) != "I":
        first = ROMAN_ITEM_RE.match(numbered[0].text).group(1)
        out.append(Finding(source.id, (numbered[0].n, numbered[0].n), "missing-rule",
                           f"the numbered rules begin at {first}: the rules before it are not in this source",
                           game=key))
    return out


def _unread_cards(source: Source, part, key: str, lang: str) -> list[Finding]:
    """A finding for every card-shaped token of the part's prose that no reading takes («♠Х»,
    «ЧВК»): nothing is dropped silently (tokens of the examples are reported by the move reader)."""
    out = []
    for ln in part.content:
        if ln.kind not in ("prose", "label", "heading", "subheading"):
            continue
        for u in scan(ln.text, source.notation, lang, words=False, latin_t=source.latin_t).unread:
            out.append(Finding(source.id, (ln.n, ln.n), "unparsed-card",
                               f"«{u.raw.strip()}» looks like a card but no notation reads it: {u.reason}",
                               token=u.raw.strip(), game=key))
    return out


def furniture_findings(lines: list[Line]) -> list[Finding]:
    """One ``not-a-game`` finding per run of furniture lines of one family (blank lines between
    them do not break a run): «masthead, not a game: «НАУКА И ДОСУГ» (3 lines)»."""
    out: list[Finding] = []
    run: list[Line] = []

    def flush() -> None:
        if run:
            more = f" ({len(run)} lines)" if len(run) > 1 else ""
            out.append(Finding("", (run[0].n, run[-1].n), "not-a-game",
                               f"{run[0].label}, not a game: «{run[0].printed}»{more}"))
            run.clear()

    for ln in lines:
        if ln.kind == "meta":
            if run and run[-1].label != ln.label:
                flush()
            run.append(ln)
        elif not ln.blank:
            flush()
    flush()
    return out
