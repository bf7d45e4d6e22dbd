"""What ``pasyans show``, ``list`` and ``show --rules`` print: rich tables and lines from the
views of :mod:`pasyans.kb.present` (the same facts the web pages and the exports show).

Pure rendering: each function takes a view (or the game list) and returns rich renderables or
text lines; the CLI prints them.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from .present import lines_text


def names_lines(view: dict) -> list[str]:
    """The English and catalogue names of a game view, one line each (none when it has none):
    ``English: Beleaguered Castle (high confidence)``, ``catalogues: PySolFC #34 …``,
    ``catalogue names: «Осаждённый замок» (PySolFC #34 Beleaguered Castle), …``; the same game told in
    other texts (``links`` of relation ``same``): ``also in: 012-2 «Павук», 004-095 «Паук»``, and
    ``related: …``."""
    out = []
    xw = view.get("crosswalk") or {}
    if view.get("english"):
        conf = f" ({xw['confidence']} confidence)" if xw.get("confidence") else ""
        out.append("English: " + ", ".join(view["english"]) + conf)
    entries = []
    if xw.get("pysol_id"):
        entries.append(f"PySolFC #{xw['pysol_id']} «{xw.get('pysol_name') or ''}»")
    if xw.get("aisleriot"):
        entries.append(f"Aisleriot «{xw['aisleriot']}»")
    if xw.get("kpat"):
        entries.append(f"KPatience «{xw['kpat']}»")
    if entries:
        out.append("catalogues: " + "; ".join(entries))
    if xw.get("conflict"):
        out.append(f"catalogue conflict (kept): {xw['conflict']}")
    cats = [n for n in view.get("catalogue_names") or [] if n.get("kind") != "english"]
    if cats:
        out.append("catalogue names: " + ", ".join(f"«{n['name']}» ({n['source']})" for n in cats))
    for relation, label in (("same", "also in"), ("related", "related")):
        told = [f"{l['other']} «{l['other_name'] or '?'}»" for l in view.get("links") or [] if l["relation"] == relation]
        if told:
            out.append(f"{label}: " + ", ".join(told))
    return out


def rules_table(view: dict) -> list:
    """``show --rules``: the stated and inherited rule facts as a table (part, fact, value, the
    sentence as printed, lines, where an inherited value comes from), then one line for the
    unknown fields, the special rules and the conflicts."""
    facts = view["rules"]
    out: list = []
    if not view.get("has_rules"):
        return ["No rule spec was read for this game."]
    t = Table(title=f"{view['game']['id']} {view['title']}: rules as the text states them", expand=True)
    for col, kw in (("part", {"no_wrap": True}), ("fact", {"ratio": 2}), ("value", {"style": "bold", "ratio": 2}),
                    ("as the text says it", {"ratio": 7}), ("lines", {"no_wrap": True})):
        t.add_column(col, **kw)
    for r in facts["rows"]:
        said = "(the same sentence)" if r["same"] else (f"«{r['quote'].text}»" if r["quote"] else "")
        if r["status"] == "inherited":
            said += ("\n" if said else "") + "inherited" + (f" from {r['ref']}" if r["ref"] else "")
        elif r["ref"]:
            said += ("\n" if said else "") + r["ref"]
        t.add_row(r["section"], r["label"], r["value"], said, lines_text(r["lines"]))
    out.append(t if facts["rows"] else "The text states none of the rule facts.")
    if view.get("unknown"):
        out.append(Text(view["unknown"], style="dim"))
    for s in facts["special"]:
        q = f" — «{s['quote'].text}»" if s["quote"] else ""
        out.append(f"special rule {s['name']}: {s['description']}{q} ({lines_text(s['lines'])})"
                   + (f" [{s['ref']}]" if s["ref"] else ""))
    for c in facts["conflicts"]:
        both = " vs ".join(f"«{q.text if q else ''}» ({lines_text(ln)})" for q, ln in c["quotes"])
        out.append(f"conflict in the text, {c['field']}: {both}")
    return out


def game_list_table(groups: list[dict], family: bool = False) -> Table:
    """``pasyans list``: one row per game (id, name, English, source, lines, examples, moves,
    variant of). ``family`` nests each game's variants under it (indented, in family order);
    otherwise the rows are in source order and say which game a variant belongs to."""
    t = Table(title="games" + (" by family" if family else ""))
    widths = {"id": {"no_wrap": True}, "name": {"min_width": 14, "ratio": 3}, "English": {"min_width": 10, "ratio": 2},
              "lines": {"max_width": 16}}  # a game printed in many pieces wraps its lines, not its name
    for col in ("id", "name", "English", "source", "lines", "examples", "moves") + (() if family else ("variant of",)):
        t.add_column(col, **widths.get(col, {}))
    for grp in groups:
        games = grp["games"] if family else sorted(grp["games"], key=lambda g: g["order"])
        for g in games:
            name = g["name"] or g["printed_name"] or "(untitled)"
            if family and g.get("depth"):
                name = "  " * g["depth"] + "↳ " + name
            spans = ", ".join(f"{a}-{b}" for a, b in g["lines"])
            row = [g["id"], name, g.get("english") or "", grp["source"]["id"], spans,
                   str(g["examples"] or ""), str(g["moves"] or "")]
            if not family:
                row.append(g["variant_of"] or "")
            t.add_row(*row)
    return t
