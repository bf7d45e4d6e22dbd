"""Bench: the same game told in two languages must read the same — an oracle that needs no annotation.

Each pair is one game's rules told twice: a Russian and a Ukrainian text (or a modern and a pre-1918
one). Both sides are read as a build reads them, and their rule specs are compared field by field
(every field of the schema, then the specials by name and the conflicts by field):

* **agree** — both sides read the same value;
* **one-sided** — one side reads a value, the other leaves the field unknown;
* **differ** — both read a value and the values differ.

Neither kind of disagreement says which side is wrong — only that the two readings of one set of rules
part, which is a lead to a phrasing read in one language and not in the other (or read wrongly in one).

Pairs:

* ``aisleriot`` — the GNOME Aisleriot help pages translated into both languages
  (``tests/fixtures/aisleriot/{ru,uk}/GAME.txt``, the same GAME), each read whole as one game, as
  ``bench/rules.py`` reads them;
* ``own`` — pairs written for this project (``tests/fixtures/translations/{ru,uk,ru_old}/NAME.txt``, the
  same NAME in two of the folders: see that folder's README), each read whole as one game (a pre-1918
  text modernized first, as a build reads it);
* ``parallel`` — a file holding both languages, a paragraph of one after a paragraph of the other
  (``tests/fixtures/translations/parallel/*.txt``; a translator's working copy): entered as
  ``pasyans add`` enters it (its languages detected per paragraph), segmented and read as a build reads
  it, once with the lines of each language alone (the other language's lines left blank, line numbers
  kept) — the two readings must agree.

Run: ``python bench/translations.py [--set aisleriot|own|parallel] [-q]`` from the repository root: every
disagreement with both sides' values and quotes, then a total line per set and over all (pairs, fields
agreeing, one-sided, differing); ``-q`` only the totals.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pasyans.add import is_pre_reform
from pasyans.extract.orthography import modernize_mapped
from pasyans.extract.rules import extract_rules, field_paths, get_field
from pasyans.extract.text import MappedText

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
OWN = FIXTURES / "translations"
FREE_TEXT = ("goal",)
"""Fields whose value is the sentence itself (the goal told in words): both sides reading one is agreement."""
SIDES = ("ru", "uk", "ru_old")
"""The folders of :data:`OWN` a pair's two sides come from (``ru_old``: a pre-1918 Russian text)."""


def _page(path: Path, lang: str) -> dict:
    """The spec of one whole page read as one game (pre-1918 spelling, decided as ``pasyans add``
    decides it, modernized first)."""
    lines = path.read_text("utf-8").splitlines()
    mt = MappedText.from_lines(lines)
    if lang == "ru" and is_pre_reform("\n".join(lines)):
        mt = modernize_mapped(mt)
    return extract_rules(mt, lang)


def aisleriot_pairs() -> list[tuple[str, Path, str, Path, str]]:
    """``(label, ru path, "ru", uk path, "uk")`` for every Aisleriot game with a page in both languages."""
    base = FIXTURES / "aisleriot"
    return [(f"aisleriot/{p.stem}", base / "ru" / p.name, "ru", p, "uk")
            for p in sorted((base / "uk").glob("*.txt")) if (base / "ru" / p.name).exists()]


def own_pairs() -> list[tuple[str, Path, str, Path, str]]:
    """Every NAME of :data:`OWN` found in two of its :data:`SIDES` folders: (label, a, lang, b, lang)."""
    out = []
    names = sorted({p.name for side in SIDES for p in (OWN / side).glob("*.txt")})
    for name in names:
        have = [side for side in SIDES if (OWN / side / name).exists()]
        for i, a in enumerate(have):
            for b in have[i + 1:]:
                out.append((f"{a}/{b}:{Path(name).stem}", OWN / a / name, a[:2], OWN / b / name, b[:2]))
    return out


def parallel_specs(path: Path) -> list[tuple[str, dict, str, dict]]:
    """``[(label, spec of the main language's lines, label, spec of the other's)]`` for a parallel file:
    entered as ``pasyans add`` enters it, then read twice as a build reads a text — once with only the
    lines of the main language, once with only those of the other (blank lines in place of the rest).
    Each reading has one game (the first game of each reading is compared)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from segmentation import annotated_source

    from pasyans.pipeline import read_rules, segment

    src, _how = annotated_source({"file": str(path.relative_to(FIXTURES))}, "p00")
    lines = src.text.split("\n")
    other_lines = {n for (a, b), _lang in src.languages for n in range(a, b + 1)}
    if not other_lines:
        return []
    other = src.languages[0][1]
    first_other = min(other_lines)
    specs = {}
    for lang, keep in ((src.language, lambda n: n not in other_lines or n < first_other),
                       (other, lambda n: n in other_lines or n < first_other)):
        # the lines before the first paragraph in the other language (the title) stay on both sides
        text = "\n".join(t if keep(n) else "" for n, t in enumerate(lines, 1))
        half = type(src)(**{**src.__dict__, "text": text})
        seg = segment(half)
        read_rules(seg)
        specs[lang] = seg.games[0].rules if seg.games else None
    return [(src.language, specs[src.language], other, specs[other])]


def _val(f: dict):
    return f["value"] if f["status"] != "unknown" else None


def compare(a: dict, b: dict) -> dict:
    """``{"agree": n, "one": [(field, va, qa, vb, qb)], "differ": [...]}`` of specs ``a`` and ``b``: every
    schema field, then ``special:NAME`` (present on one side only is one-sided) and ``conflict:FIELD``."""
    out = {"agree": 0, "one": [], "differ": []}
    for path in field_paths():
        fa, fb = get_field(a, path), get_field(b, path)
        va, vb = _val(fa), _val(fb)
        if va is None and vb is None:
            continue
        row = (path, va, fa.get("quote"), vb, fb.get("quote"))
        if va is None or vb is None:
            out["one"].append(row)
        elif va == vb or path in FREE_TEXT:
            out["agree"] += 1
        else:
            out["differ"].append(row)
    for kind, key in (("special", "name"), ("conflicts", "field")):
        sa = {x[key]: x for x in a.get(kind, [])}
        sb = {x[key]: x for x in b.get(kind, [])}
        for name in sorted(set(sa) | set(sb)):
            xa, xb = sa.get(name), sb.get(name)
            label = f"{kind.rstrip('s')}:{name}"
            qa = xa and (xa.get("quote") or " | ".join(xa.get("quotes") or []))
            qb = xb and (xb.get("quote") or " | ".join(xb.get("quotes") or []))
            if xa is None or xb is None:
                out["one"].append((label, "yes" if xa else None, qa, "yes" if xb else None, qb))
            else:
                out["agree"] += 1
    return out


def _q(q) -> str:
    return "«" + " ".join(str(q).split())[:100] + "»" if q else ""


def print_pair(label: str, la: str, lb: str, res: dict) -> None:
    if not res["one"] and not res["differ"]:
        print(f"{label}: {res['agree']} agree")
        return
    print(f"{label}: {res['agree']} agree, {len(res['one'])} one-sided, {len(res['differ'])} differ")
    for kind, rows in (("one-sided", res["one"]), ("differ", res["differ"])):
        for path, va, qa, vb, qb in rows:
            print(f"  {kind:9} {path:28} {la}={va!r} {_q(qa)}")
            print(f"  {'':9} {'':28} {lb}={vb!r} {_q(qb)}")


def run(name: str, quiet: bool) -> list[int]:
    """Print set ``name``'s disagreements (unless ``quiet``) and return ``[pairs, agree, one-sided, differ]``."""
    tot = [0, 0, 0, 0]
    results = []
    if name == "parallel":
        for path in sorted((OWN / "parallel").glob("*.txt")):
            for la, sa, lb, sb in parallel_specs(path):
                if sa is None or sb is None:
                    print(f"parallel/{path.stem}: a side has no game ({la}: {sa is not None}, {lb}: {sb is not None})")
                    continue
                results.append((f"parallel/{path.stem}", la, lb, compare(sa, sb)))
    else:
        pairs = aisleriot_pairs() if name == "aisleriot" else own_pairs()
        for label, pa, la, pb, lb in pairs:
            results.append((label, la, lb, compare(_page(pa, la), _page(pb, lb))))
    for label, la, lb, res in results:
        if not quiet:
            print_pair(label, la, lb, res)
        tot = [tot[0] + 1, tot[1] + res["agree"], tot[2] + len(res["one"]), tot[3] + len(res["differ"])]
    return tot


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", choices=["aisleriot", "own", "parallel"], action="append", help="one set (default: all)")
    ap.add_argument("-q", action="store_true", help="only the totals")
    args = ap.parse_args()
    t0 = time.time()
    grand = [0, 0, 0, 0]
    lines = []
    for name in args.set or ["aisleriot", "own", "parallel"]:
        if not args.q:
            print(f"\n== {name}")
        tot = run(name, args.q)
        grand = [g + t for g, t in zip(grand, tot)]
        lines.append(f"{name:10} pairs {tot[0]:3}  fields agreeing {tot[1]:4}  one-sided {tot[2]:3}  differing {tot[3]:3}")
    print("\n" + "\n".join(lines))
    print(f"{'total':10} pairs {grand[0]:3}  fields agreeing {grand[1]:4}  one-sided {grand[2]:3}  differing {grand[3]:3}"
          f"   ({time.time() - t0:.1f} s)")


if __name__ == "__main__":
    main()
