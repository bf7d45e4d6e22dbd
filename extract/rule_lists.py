"""Numbered rule lists (issue 11): the short numbered rules of an application's help or a forum post
(«1. Играют одной колодой.», «2) Тузы кладут в основания.») are lines of one game's text, never titles
of games of their own. A list is a run of numbered lines, each the next non-blank line after the one
before and numbered one more, at least ``min_rule_items`` of them rule text
(:func:`~pasyans.extract.messages.is_rule_text`); the row ``rule_lists`` of ``heading_shapes.json``
holds the example lists (tests/test_rule_lists.py reads them)."""

from __future__ import annotations

from . import headings as hd
from . import messages


def _item(s: str) -> tuple[int, str] | None:
    """The number and the text of a numbered line «3. …» / «3) …» (one level deep), else ``None``."""
    mk = hd.marks(s)
    if mk.mark != "numbered" or (mk.level or 1) > 1 or not (mk.num or "").isdigit():
        return None
    return int(mk.num), mk.rest


def rule_list_items(texts: list[str], lang: str) -> set[int]:
    """The indices of ``texts`` (the stripped non-blank lines of a text, in order) that are items of a
    numbered rule list (see the module doc)."""
    need = hd.shapes()["rule_lists"]["min_rule_items"]
    out: set[int] = set()
    run: list[tuple[int, str]] = []

    def flush() -> None:
        if len(run) >= 2 and sum(messages.is_rule_text(rest, lang) for _, rest in run) >= min(need, len(run)):
            out.update(k for k, _ in run)

    last = None
    for k, s in enumerate(texts):
        it = _item(s)
        if it is not None and run and last is not None and it[0] == last + 1:
            run.append((k, it[1]))
        else:
            flush()
            run = [(k, it[1])] if it is not None else []
        last = it[0] if it is not None else None
    flush()
    return out
