"""Bench: every figure of a kept-back set in one run — rule facts, titles/aliases/invented games, moves.

A kept-back set is a folder (the lead's, kept from the developers) holding:

* ``texts/`` — whole texts of other authors (``*.txt``), entered as ``pasyans add`` enters them;
* ``segments.json`` — their games (titles, aliases, sections, examples with moves), the format of
  ``tests/fixtures/annotations/moves5_segments.json``, ``file`` paths under the folder («texts/NAME.txt»);
* ``others_rules.json`` — their stated rule facts, the format of ``other_authors2_rules.json``, ``source``
  paths under the folder;
* ``book_rules.json`` — stated rule facts of games of the bundled book, the format of
  ``book_rules_sample3.json``;
* ``book_moves.json`` — worked examples of the bundled book, the format of ``book_moves_sample.json``.

A missing file is skipped (said so). Only figures are printed, never a miss: the set stays unseen.
The same figures one at a time (misses with ``--held-out``)::

    python bench/rules.py --annotations DIR/book_rules.json
    python bench/rules.py --annotations DIR/others_rules.json --texts DIR
    python bench/segmentation.py --annotations DIR/segments.json --texts DIR
    python bench/grammar.py --annotations DIR/segments.json --texts DIR
    python bench/grammar.py --annotations DIR/book_moves.json

Run: ``python bench/heldout.py DIR`` from the repository root.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent


_MODULES: dict = {}


def _bench(name: str):
    """The bench module ``bench/NAME.py`` (the benches are scripts, not a package), loaded once."""
    if name in _MODULES:
        return _MODULES[name]
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses look their module up there
    spec.loader.exec_module(module)
    _MODULES[name] = module
    return module


def rules_figures(path: Path, texts: Path | None) -> str:
    """The rule-facts table of ``path`` (over the bundled book, or over the texts under ``texts``), no misses."""
    rules = _bench("rules")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rules.print_set(path.name, rules.run(path.name, path, texts), verbose=False, held_out=False)
    return out.getvalue().strip("\n")


def segment_figures(path: Path, texts: Path) -> str:
    """Titles, invented games, sections, aliases, examples and moves found in the whole texts, no misses."""
    seg = _bench("segmentation")
    scores = seg.score_annotated((str(path),), texts)
    report = seg.report_annotated({(path.name, split): sc for (_, split), sc in scores.items()}, misses="none")
    return "\n".join(line for line in report.splitlines() if not line.startswith("    "))


def move_figures(path: Path, texts: Path | None) -> str:
    """Move cards recall/precision, order, destinations, flags of ``path`` (whole texts or the book's examples)."""
    grammar = _bench("grammar")
    lines = []
    for name, c in grammar.measure_file(path, texts).items():
        found = f"  examples found {c['examples_found']}/{c['examples']}" if "examples" in c else ""
        lines.append(f"{name:18s} {grammar._fmt(c)}{found}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir", type=Path, help="the kept-back set's folder (texts/, *.json)")
    args = ap.parse_args(argv)
    root = args.dir.resolve()
    if not root.is_dir():
        print(f"error: {args.dir} is not a folder", file=sys.stderr)
        return 2
    steps = [
        ("book rule facts (book_rules.json over the bundled book)", "book_rules.json",
         lambda p: rules_figures(p, None)),
        ("rule facts of the texts (others_rules.json over texts/)", "others_rules.json",
         lambda p: rules_figures(p, root)),
        ("whole texts: titles, invented games, sections, aliases, examples (segments.json)", "segments.json",
         lambda p: segment_figures(p, root)),
        ("whole texts: example moves found (segments.json)", "segments.json", lambda p: move_figures(p, root)),
        ("book worked examples: moves (book_moves.json)", "book_moves.json", lambda p: move_figures(p, None)),
    ]
    print(f"kept-back set {root}")
    for title, name, figures in steps:
        print(f"\n#### {title}")
        path = root / name
        print(figures(path) if path.is_file() else f"(no {name}: skipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
