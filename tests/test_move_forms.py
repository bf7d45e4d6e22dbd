"""Every phrase form of the move grammar gives the moves its example sentences say
(``pasyans/data/move_forms.json``: one row per example sentence)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from pasyans.cards import Card
from pasyans.extract.moves import parse_moves
from pasyans.extract.text import MappedText

FORMS = json.loads(resources.files("pasyans").joinpath("data/move_forms.json").read_text("utf-8"))["forms"]
ROWS = [(f["form"], n, ex) for f in FORMS for n, ex in enumerate(f["examples"], 1)]
PLACES = {"foundation", "space", "cell", "reserve", "waste", "tableau", "stock"}
_MOVE = re.compile(r"(?P<cards>[^>\s]+)>(?P<to>[^\s@\[#<^]+)(?:@(?P<on>\S+))?(?:\s*\[(?P<flags>[^\]]*)\])?"
                   r"(?:\s*#(?P<count>\d+))?(?:\s*<(?P<src>\w+))?(?:\s*\^(?P<up>\d+))?(?:\s*~(?P<dir>\w+))?$")


def _card(s: str) -> Card:
    if re.fullmatch(r"10|[2-9]|[AJQK]", s):
        return Card({"A": 1, "J": 11, "Q": 12, "K": 13}.get(s) or int(s), None)
    return Card.parse(s)


def expected(spec: str) -> list[dict]:
    """The moves of a row, from its compact notation (see the file's «about»)."""
    out = []
    for part in [p.strip() for p in spec.split(";") if p.strip()]:
        if part == "?":
            out.append({})
            continue
        m = _MOVE.match(part)
        assert m, f"bad expected move {part!r}"
        d = {"cards": None if m["cards"] == "?" else [_card(c) for c in m["cards"].split("+")]}
        to = m["to"]
        if to == "out":
            d["kind"] = "discard"
        elif to != "?":
            d["to"] = to if to in PLACES or to.startswith("pile:") else _card(to).format()
        if m["on"]:
            d["to_card"] = _card(m["on"])
        d["flags"] = {f.strip() for f in (m["flags"] or "").split(",") if f.strip()}
        if m["count"]:
            d["count"] = int(m["count"])
        if m["src"]:
            d["from_place"] = m["src"]
        if m["up"]:
            d["turns_up"] = int(m["up"])
        if m["dir"]:
            d["direction"], d["to"] = m["dir"], None
        out.append(d)
    return out


@pytest.mark.parametrize("form,n,ex", ROWS, ids=[f"{f}-{n}" for f, n, _ in ROWS])
def test_phrase_form(form, n, ex):
    res = parse_moves(MappedText.from_lines(ex["text"].split("\n"), 1, sep=" "), "forms", ex["notation"], ex["lang"])
    want = expected(ex["moves"])
    got = res.moves
    assert len(got) == len(want), f"{form} #{n}: {[(m.cards, m.to, sorted(m.flags)) for m in got]}"
    for m, w in zip(got, want):
        if "cards" in w:
            assert (w["cards"] or []) == m.cards, m.raw
        for key in ("to", "to_card", "kind", "count", "from_place", "turns_up", "direction"):
            if key in w:
                assert getattr(m, key) == w[key], f"{key} of «{m.raw}»"
        assert w.get("flags", set()) <= m.flags, f"flags of «{m.raw}»: {sorted(m.flags)}"


def test_every_form_has_examples():
    assert len(FORMS) >= 30 and all(f["examples"] for f in FORMS)
    assert len({f["form"] for f in FORMS}) == len(FORMS)


@pytest.mark.parametrize("text, lang, why", [
    ("Если бы ♣В был открыт, его можно было бы положить на ♦Д.", "ru", "a move not made"),
    ("Можна було б перекласти 6♣ на 7♥, але тоді закриється туз.", "uk", "a move not made"),
])
def test_a_move_not_made_is_a_finding_with_its_line(text, lang, why):
    """A counterfactual gives no move but is never dropped silently: a «not-a-move» finding quotes it."""
    res = parse_moves(MappedText.from_lines([text], 7, sep=" "), "forms", "symbol", lang)
    assert res.moves == []
    found = [f for f in res.findings if f.kind == "not-a-move"]
    assert len(found) == 1 and why in found[0].message and found[0].lines[0] == 7, res.findings
