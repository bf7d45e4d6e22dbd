"""The whole path, one direction: corpus → clean & segment → moves & rules → engine → knowledge base.

:func:`build` is what ``pasyans build`` runs. Each step is one call into the module that owns it:

1. :func:`pasyans.corpus.load_corpus` — raw texts, manifest checked;
2. segmentation — :func:`pasyans.extract.book.segment_book` for the PDF book (table of contents
   and printed pages), :func:`pasyans.extract.articles.segment_source` for the articles;
3. per example, :func:`pasyans.extract.moves.parse_moves` in the notation the source uses
   (and :func:`pasyans.extract.layout.read_paganini_layout` where a layout is printed);
4. per game, :func:`pasyans.extract.rules.extract_rules`, variants inheriting from their parent;
5. :func:`pasyans.engine.verify.verify_example` — a verdict for every move;
6. :func:`pasyans.kb.store.write_kb` — the SQLite file, written atomically.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .corpus import Source, load_corpus
from .extract.text import MappedText
from .models import Finding, GameText


@dataclass
class Segmented:
    """One source cut into games, with the cleaned, mapped text of each game and example."""

    source: Source
    games: list[GameText]
    game_texts: dict[str, MappedText]
    example_texts: dict[tuple[str, int], MappedText]
    findings: list[Finding] = field(default_factory=list)


@dataclass
class BuildSummary:
    """What a build produced: counts per source and verdict counts; ``db`` is the file written."""

    db: Path
    games_per_source: dict[str, int]
    variants_per_source: dict[str, int]
    examples: int
    moves: int
    verdicts: dict[str, int]
    findings: dict[str, int]


def segment(source: Source) -> Segmented:
    """Cut one source into games by its manifest's ``segmenter``. Raises ``ValueError`` for an unknown one."""
    if source.segmenter == "book-toc":
        from .extract.book import segment_book

        seg = segment_book(source)
        return Segmented(source, seg.games, seg.game_texts, seg.example_texts, list(seg.findings))
    if source.segmenter == "headings":
        from .extract.articles import segment_source

        art = segment_source(source)
        seg = Segmented(source, [], {}, {}, list(art.findings))
        for sg in art.games:
            seg.games.append(sg.game)
            seg.game_texts[sg.game.key] = sg.text
            for i, emt in enumerate(sg.example_texts):
                seg.example_texts[(sg.game.key, i)] = emt
        return seg
    raise ValueError(f"{source.file}: unknown segmenter {source.segmenter!r} in the manifest")


def read_examples(seg: Segmented) -> None:
    """Parse every example's moves (and printed layout) in place, in the source's notation."""
    from .extract.layout import read_paganini_layout
    from .extract.moves import parse_moves

    src = seg.source
    for g in seg.games:
        for i, ex in enumerate(g.examples):
            mt = seg.example_texts.get((g.key, i))
            if mt is None:
                mt = MappedText.from_lines(src.lines[ex.lines[0] - 1 : ex.lines[1]], ex.lines[0], sep=" ")
            parsed = parse_moves(mt, src.id, src.notation, src.language)
            ex.moves = parsed.moves
            ex.mentions = parsed.mentions
            for f in parsed.findings:
                f.game = f.game or g.key
            ex.findings.extend(parsed.findings)
            if ex.layout_lines and ex.layout is None:
                a, b = ex.layout_lines
                reading = read_paganini_layout(src.lines[a - 1 : b], a)
                ex.layout = reading.rows
                ex.layout_reading = reading  # kept for the engine to settle undecided cells
                for r in reading.repairs:
                    ex.findings.append(Finding(src.id, (a + r.row - 1, a + r.row - 1), "ocr-repair",
                                               f"{r.original!r} read as {r.repaired!r}: {r.reason}",
                                               token=r.original, game=g.key))


def read_rules(seg: Segmented, parents: dict[str, dict]) -> None:
    """Extract each game's rule spec in place; variants inherit unknown fields from their parent."""
    from .extract.rules import extract_rules, inherit

    for g in seg.games:
        mt = seg.game_texts.get(g.key)
        g.rules = extract_rules(mt, seg.source.language) if mt is not None and mt.text else {}
    specs = {g.key: g.rules for g in seg.games} | parents
    for g in seg.games:
        if g.variant_of and g.variant_of in specs:
            g.rules = inherit(g.rules, specs[g.variant_of], ref=f"variant of {g.variant_of}")
    parents.update({g.key: g.rules for g in seg.games})


def verify(seg: Segmented) -> None:
    """A verdict for every move of every example, in place (see :mod:`pasyans.engine.verify`)."""
    from .engine.verify import verify_example

    for g in seg.games:
        for ex in g.examples:
            ex.verdicts = verify_example(g, ex, g.rules)


def build(corpus_dir: Path | str | None, db_path: Path | str,
          progress: Callable[[str], None] | None = None) -> BuildSummary:
    """Build the knowledge base at ``db_path`` from the corpus at ``corpus_dir`` (default: the
    bundled ``corpus/``). Raises :class:`pasyans.corpus.CorpusError` for an unusable corpus file
    before anything is written; the existing knowledge base is replaced only on success."""
    from .kb.store import write_kb

    say = progress or (lambda _msg: None)
    sources = load_corpus(corpus_dir)
    all_games: list[GameText] = []
    findings: list[Finding] = []
    parents: dict[str, dict] = {}
    for src in sources:
        say(f"{src.id}: segmenting {src.file}")
        seg = segment(src)
        say(f"{src.id}: {len(seg.games)} games; reading examples and rules")
        read_examples(seg)
        read_rules(seg, parents)
        verify(seg)
        all_games.extend(seg.games)
        findings.extend(seg.findings)
    say("writing the knowledge base")
    db = write_kb(db_path, sources, all_games, findings)
    verdicts = Counter(v.verdict for g in all_games for ex in g.examples for v in ex.verdicts)
    kinds = Counter(f.kind for f in findings)
    kinds.update(f.kind for g in all_games for f in g.findings)
    kinds.update(f.kind for g in all_games for ex in g.examples for f in ex.findings)
    return BuildSummary(
        db=db,
        games_per_source=dict(Counter(g.source for g in all_games if not g.fragment and not g.variant_of)),
        variants_per_source=dict(Counter(g.source for g in all_games if g.variant_of)),
        examples=sum(len(g.examples) for g in all_games),
        moves=sum(len(ex.moves) for g in all_games for ex in g.examples),
        verdicts={k: verdicts.get(k, 0) for k in ("legal", "illegal", "unverifiable")},
        findings=dict(kinds),
    )
