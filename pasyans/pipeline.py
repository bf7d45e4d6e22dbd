"""The whole path, one direction: corpus → clean & segment → moves & rules → engine → knowledge base.

:func:`build` is what ``pasyans build`` runs. Each step is one call into the module that owns it:

1. :func:`pasyans.corpus.load_corpus` — raw texts, manifest checked;
2. segmentation — :func:`pasyans.extract.book.segment_book` for the PDF book (table of contents
   and printed pages), :func:`pasyans.extract.articles.segment_source` for the articles;
3. per example, :func:`pasyans.extract.moves.parse_moves` in the notation the source uses
   (and :func:`pasyans.extract.layout.read_paganini_layout` where a layout is printed);
4. per source, :func:`pasyans.extract.rules.spec_for_games` — each game's rule spec, variants
   and numbered-rule combinations inheriting with the reference kept;
5. :func:`pasyans.engine.verify.verify_example` — a verdict for every move;
6. :func:`pasyans.kb.store.write_kb` — the SQLite file, written atomically.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .corpus import Source, load_corpus
from .extract.nlp import forget
from .extract.text import MappedText
from .lifetime import end_with_parent
from .models import Finding, GameText


@dataclass
class Segmented:
    """One source cut into games, with the cleaned, mapped text of each game and example."""

    source: Source
    games: list[GameText]
    game_texts: dict[str, MappedText]
    example_texts: dict[tuple[str, int], MappedText]
    findings: list[Finding] = field(default_factory=list)
    terms: list = field(default_factory=list)
    detail: object = None
    """The segmenter's own result (:class:`~pasyans.extract.book.BookSegmentation` or
    :class:`~pasyans.extract.articles.ArticleSegmentation`): table of contents, parts, glossary."""
    specs: dict = field(default_factory=dict)
    """After :func:`read_rules`: game key → ``(spec, findings)`` as
    :func:`pasyans.extract.rules.spec_for_games` returned them."""
    passages: list | None = None
    """After :func:`read_passages`: the :class:`~pasyans.kb.search.Passage` rows of the source's
    games (sentences with lemmas and card keys), in game order; ``None`` before."""
    rows: object = None
    """The knowledge base's rows of the source (:class:`~pasyans.kb.store.PreparedRows`) when the
    worker process that read it made them (:func:`read_source_rows`); :func:`prepare_rows` takes
    them (and sets this back to ``None``). ``None``: not made yet."""

    def reading_copy(self) -> "Segmented":
        """A copy that :func:`read` may fill in without changing this one: the games (with their
        examples, findings, aliases) are deep copies; the source, the mapped texts and
        :attr:`detail` are shared (nothing downstream changes them)."""
        import copy

        return Segmented(self.source, copy.deepcopy(self.games), self.game_texts, self.example_texts,
                         list(self.findings), list(self.terms), self.detail, {})


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
    fragments_per_source: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def segment(source: Source) -> Segmented:
    """Cut one source into games by its manifest's ``segmenter``. Raises ``ValueError`` for an unknown one."""
    if source.segmenter == "book-toc":
        from .extract.book import segment_book

        seg = segment_book(source)
        return Segmented(source, seg.games, seg.game_texts, seg.example_texts, list(seg.findings), seg.glossary(),
                         detail=seg)
    if source.segmenter == "headings":
        from .extract.articles import segment_source

        art = segment_source(source)
        seg = Segmented(source, [], {}, {}, list(art.findings), detail=art)
        for sg in art.games:
            seg.games.append(sg.game)
            seg.game_texts[sg.game.key] = sg.text
            for i, emt in enumerate(sg.example_texts):
                seg.example_texts[(sg.game.key, i)] = emt
        return seg
    raise ValueError(f"{source.file}: unknown segmenter {source.segmenter!r} in the manifest")


MAX_GAME_CHARS = 1_000_000
"""The longest game text read (characters): spaCy's limit for one text."""


def check_lengths(seg: Segmented) -> None:
    """Raise :class:`pasyans.corpus.CorpusError` naming the file and lines of a game whose text
    is longer than :data:`MAX_GAME_CHARS` (a text cut into games wrongly, most likely)."""
    from .corpus import CorpusError

    for g in seg.games:
        if len(g.text) > MAX_GAME_CHARS:
            first, last = min(a for a, _ in g.lines), max(b for _, b in g.lines)
            raise CorpusError(f"{seg.source.path}:{first}-{last}: the game «{g.name or g.key}» is {len(g.text):,} "
                              f"characters long, more than pasyans reads as one game ({MAX_GAME_CHARS:,}); "
                              f"check how the text is cut into games (segmenter in the manifest)")


def read_examples(seg: Segmented) -> None:
    """Parse every example's moves in place, in the source's notation; then read the printed
    layouts (see :func:`read_layouts`)."""
    from .extract.moves import game_context, parse_moves

    src = seg.source
    for g in seg.games:
        for i, ex in enumerate(g.examples):
            lang = src.language_at(ex.lines[0])  # a mixed text: the example's own language
            parsed = parse_moves(_example_text(seg, g, i), src.id, src.notation, lang,
                                 context=game_context(g.text, lang))
            ex.moves = parsed.moves
            ex.mentions = parsed.mentions
            for f in parsed.findings:
                f.game = f.game or g.key
            ex.findings.extend(parsed.findings)
    read_layouts(seg)


def _example_text(seg: Segmented, game: GameText, i: int) -> MappedText:
    mt = seg.example_texts.get((game.key, i))
    if mt is None:
        a, b = game.examples[i].lines
        mt = MappedText.from_lines(seg.source.lines[a - 1 : b], a, sep=" ")
    return mt


def read_layouts(seg: Segmented) -> None:
    """The starting layouts of the source's examples, in place: read where printed, derived where
    the text implies one (:func:`pasyans.extract.layout.read_layouts`)."""
    from .extract.layout import read_layouts as read

    read(seg.source, seg.games, lambda g, i: _example_text(seg, g, i), lambda g: _family(seg, g))


def _family(seg: Segmented, game: GameText) -> str:
    """The key of the game's root ancestor (``variant_of`` followed up) within the source."""
    parents = {g.key: g.variant_of for g in seg.games}
    key, seen = game.key, set()
    while parents.get(key) and key not in seen:
        seen.add(key)
        key = parents[key]
    return key


def read_rules(seg: Segmented) -> None:
    """Extract each game's rule spec in place (:func:`pasyans.extract.rules.spec_for_games`):
    its own text first, then the numbered rules it uses, «same as» links, its parent game and
    the book's section label — every field with its evidence or its reason for being unknown."""
    from .extract.rules import spec_for_games

    specs = spec_for_games(seg.games, seg.game_texts, seg.source.language, seg.source.id, seg.source)
    seg.specs = specs
    for g in seg.games:
        g.rules, found = specs[g.key]
        g.findings.extend(found)


def verify(seg: Segmented) -> None:
    """A verdict for every move of every example, in place (see :mod:`pasyans.engine.verify`)."""
    from .engine.verify import verify_example

    for g in seg.games:
        for ex in g.examples:
            ex.verdicts = verify_example(g, ex, g.rules)


def link_references(segs: list[Segmented]) -> set[str]:
    """Rules by reference across sources: a game whose text says it is played like a game its own
    source does not have («Афина — тот же Клондайк») inherits from that game when another source has
    it (:func:`pasyans.extract.rules.references.resolve_across`); its verdicts are computed again.
    Returns the keys of the games whose rules changed."""
    from .engine.verify import verify_example
    from .extract.rules.references import resolve_across

    changed = {g.key for g in resolve_across([g for seg in segs for g in seg.games])}
    for seg in segs:
        for g in seg.games:
            if g.key in changed:
                seg.specs[g.key] = (g.rules, seg.specs[g.key][1])
                for ex in g.examples:
                    ex.verdicts = verify_example(g, ex, g.rules)
    return changed


def read_passages(seg: Segmented) -> None:
    """The full-text passages of the source's games, in place (:func:`pasyans.kb.search.passages`):
    computed here, with the source, so that the word forms its reading analysed are still cached
    (and, under ``--jobs``, in the worker that read it), not again while the file is written."""
    from .kb.search import passages

    seg.passages = list(passages(seg.games, [seg.source], seg.game_texts))


def read(seg: Segmented) -> Segmented:
    """Read one segmented source in place: examples (moves, layouts), rules, verdicts, full-text
    passages; returns ``seg``."""
    read_examples(seg)
    read_rules(seg)
    verify(seg)
    read_passages(seg)
    return seg


def read_source(source: Source, progress: Callable[[str], None] | None = None) -> Segmented:
    """Everything one source gives on its own: :func:`segment` (its game lengths checked, see
    :func:`check_lengths`) then :func:`read`. A function of the source alone (no other source is
    looked at), so sources can be read in any order or in parallel; only :func:`write` (names,
    links across texts, the file) sees them all."""
    say = progress or (lambda _msg: None)
    say(f"{source.id}: segmenting {source.file}")
    seg = segment(source)
    check_lengths(seg)
    say(f"{source.id}: {len(seg.games)} games; reading examples and rules")
    read(seg)
    forget()  # the source's annotated docs are not needed again (word forms stay cached)
    return seg


def read_source_rows(source: Source, source_language: dict[str, str]) -> Segmented:
    """:func:`read_source`, and the source's rows of the knowledge base made too, into
    :attr:`Segmented.rows` (what a worker process of :func:`read_sources` runs: the rows are made
    in parallel, not by the build's own process once the source is back). ``source_language``:
    source id → language of every source of the build."""
    from .kb.store import PreparedRows

    seg = read_source(source)
    rows = PreparedRows()
    rows.add([seg.source], seg.games, seg.game_texts, seg.passages, source_language)
    seg.rows = rows
    return seg


def build(corpus_dir: Path | str | None, db_path: Path | str,
          progress: Callable[[str], None] | None = None, *, force: bool = False, wait: bool = True,
          **options) -> BuildSummary:
    """Build the knowledge base at ``db_path`` from the corpus at ``corpus_dir`` (default: the
    bundled ``corpus/``). Raises :class:`pasyans.corpus.CorpusError` for an unusable corpus file
    and :class:`pasyans.kb.query.KBError` for an unusable ``db_path`` (checked, locked and its
    free space measured by :func:`pasyans.kb.store.build_target` before the pipeline runs; a
    second build of the same file waits unless ``wait`` is false); the existing knowledge base
    is replaced only on success, and by one with far fewer games (or a file that is no knowledge
    base replaced at all) only when ``force``. ``options``: ``jobs`` (processes reading sources at
    once) and ``on_step(label, done, total)``, see :func:`read_sources`."""
    from .kb.store import build_target

    with build_target(db_path, corpus_dir, wait=wait, say=progress, force=force), fewer_collections():
        return _build(corpus_dir, db_path, progress, force=force, **options)


GC_THRESHOLD = (50_000, 20, 100)
"""The cyclic garbage collector's thresholds while a build runs (Python's default: 700, 10, 10).

A build makes millions of small objects that live as long as their source (tokens, words, parses,
records) and almost no reference cycles: with the default thresholds the collector walks the
growing heap again and again (≈ 900 young and 6 full collections on the five bundled texts, a
fifth of the build's CPU); with these, ≈ 25 young ones and no full one, and the same peak memory.
Only when garbage is collected changes, never what the build makes."""


@contextlib.contextmanager
def fewer_collections(threshold: tuple[int, int, int] = GC_THRESHOLD):
    """Run the block with the garbage collector's thresholds at ``threshold`` (see
    :data:`GC_THRESHOLD`), then put the previous ones back. Worker processes forked inside inherit
    them (spawned ones set them in :func:`_worker_start`)."""
    import gc

    old = gc.get_threshold()
    gc.set_threshold(*threshold)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _build(corpus_dir: Path | str | None, db_path: Path | str,
           progress: Callable[[str], None] | None = None, *, force: bool = False, jobs: int | None = None,
           on_step: Callable[[str, int, int], None] | None = None) -> BuildSummary:
    from .kb.store import PreparedRows

    sources = load_corpus(corpus_dir)
    prepared = PreparedRows()
    segs = read_sources(sources, jobs=jobs, progress=progress, on_step=on_step,
                        on_read=lambda seg: prepare_rows(prepared, seg, sources))
    summary = write(db_path, sources, segs, progress, force=force, prepared=prepared)
    if on_step:
        total = build_work(sources)
        on_step("knowledge base written", total, total)
    return summary


WRITE_SHARE = 0.15
"""The writing of the knowledge base (names, links across texts, the file) as a share of the
reading of the sources, in the units of :func:`build_work`: ≈ 0.55 s of ≈ 3.6 s CPU on the five
bundled texts (``bench/build.py``, stage shares at N = 1), ≈ 0.1–0.2 at N = 1 … 16."""


def build_work(sources: list[Source]) -> int:
    """The work of a build in the units of ``on_step`` (see :func:`read_sources`): the characters
    of every source (reading costs about the same per character, whatever the text), plus
    :data:`WRITE_SHARE` of them for the writing."""
    chars = sum(len(s.text) for s in sources)
    return chars + round(WRITE_SHARE * chars)


def prepare_rows(prepared, seg: Segmented, sources: list[Source]) -> None:
    """Make the rows the knowledge base will hold of one read source (its games' records, text
    map, passages, raw lines) into ``prepared`` (:class:`pasyans.kb.store.PreparedRows`): called
    as each source is read, while the others are still being read, so that :func:`write` has
    less to do once they all are."""
    if seg.rows is not None:  # made by the worker that read it
        prepared.merge(seg.rows)
        seg.rows = None
        return
    if seg.passages is None:
        read_passages(seg)
    prepared.add([seg.source], seg.games, seg.game_texts, seg.passages, {s.id: s.language for s in sources})


def default_jobs() -> int:
    """The processors this process may run on (``os.sched_getaffinity``; ``os.cpu_count`` where
    that is missing)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def read_sources(sources: list[Source], jobs: int | None = None, progress: Callable[[str], None] | None = None,
                 on_step: Callable[[str, int, int], None] | None = None,
                 on_read: Callable[[Segmented], None] | None = None,
                 timeout: float | None = None) -> list[Segmented]:
    """:func:`read_source` of every source, returned in corpus order.

    ``timeout``: seconds the workers may take in all (default :data:`READ_TIMEOUT_S`, or the
    environment's ``PASYANS_READ_TIMEOUT_S``); past it the workers are killed and ``TimeoutError``
    is raised — a worker that hangs never hangs the build. A worker that dies (``os._exit``,
    SIGKILL, the OOM killer) raises ``BrokenProcessPool``; either way every worker is ended before
    the error leaves, and the next call starts a new pool. Workers are forked only from a process
    with one thread (a fork copies the locks other threads hold: the child may wait on one for
    ever); otherwise spawned.

    ``jobs``: how many processes read sources at once (default :func:`default_jobs`; 1 reads
    them in this process). The sources are independent until :func:`write`, so each goes whole
    to one worker of a process pool, the longest texts first; workers are forked where the system
    can (the modules already loaded are shared), spawned elsewhere. ``progress`` lines and
    ``on_step(label, done, total)`` (work done and in all, see below) come from this
    process as each source is done. An error reading a source is raised here as it was raised
    there. ``on_read(seg)`` is called in this process with each source as it is read (in the
    order they are done), before its ``on_step``. A worker makes the source's rows of the
    knowledge base too (:func:`read_source_rows`: :attr:`Segmented.rows`, which
    :func:`prepare_rows` takes). Raises ``ValueError`` for ``jobs`` < 1.

    ``done`` and ``total`` of ``on_step`` are work in characters (:func:`build_work`: a source
    counts its characters, the writing :data:`WRITE_SHARE` of them), so that ``done / total``
    is the share of the build's time spent, whatever the sizes of the sources (counted in
    sources, the bundled book, 60 % of the text, was one step of six); a first step
    ``("reading N sources", 0, total)`` says the reading starts (a clock of the time left
    starts there, not after the first source).
    """
    n = default_jobs() if jobs is None else jobs
    if n < 1:
        raise ValueError(f"jobs must be at least 1, not {n}")
    say = progress or (lambda _msg: None)
    total = build_work(sources)
    done = 0
    if n == 1 or len(sources) < 2:
        out = []
        if on_step:  # the readers load before the clock starts, not as part of the first source (its rate)
            _preload()
            on_step(f"reading {len(sources)} sources", 0, total)
        for src in sources:
            out.append(read_source(src, progress))
            done += len(src.text)
            if on_read:
                on_read(out[-1])
            if on_step:
                on_step(f"{src.id} read", done, total)
        return out
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    import threading

    _preload()
    forkable = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    method = "fork" if forkable else "spawn"
    bound = timeout if timeout is not None else float(os.environ.get("PASYANS_READ_TIMEOUT_S") or READ_TIMEOUT_S)
    segs: list[Segmented | None] = [None] * len(sources)
    order = sorted(range(len(sources)), key=lambda i: -len(sources[i].text))
    say(f"reading {len(sources)} sources in {min(n, len(sources))} processes")
    if on_step:
        on_step(f"reading {len(sources)} sources", 0, total)
    with ProcessPoolExecutor(min(n, len(sources)), mp_context=multiprocessing.get_context(method),
                             initializer=_worker_start, initargs=(os.getpid(),)) as pool:
        try:
            with _no_ctrl_c_while_forking():
                languages = {s.id: s.language for s in sources}
                running = {pool.submit(read_source_rows, sources[i], languages): i for i in order}
            clock = InFlight([len(s.text) for s in sources], order, min(n, len(sources)))
            shown = 0
            for fut in as_completed(running, timeout=bound):
                i = running[fut]
                segs[i] = fut.result()
                done += len(sources[i].text)
                now = clock.finished(i)
                say(f"{sources[i].id}: {len(segs[i].games)} games read")
                if on_read:
                    on_read(segs[i])
                if on_step:  # the sources the workers are still reading count as far as they likely are
                    shown = max(shown, min(total, done + round(clock.work(now))))
                    on_step(f"{sources[i].id} read", shown, total)
        except TimeoutError:
            _stop(pool)
            raise TimeoutError(f"reading {len(sources)} sources took over {bound:g} s; the workers were stopped "
                               "(PASYANS_READ_TIMEOUT_S sets the bound)") from None
        except BaseException:  # Ctrl-C (the workers ignore it; also wrapped in another error), an error
            _stop(pool)        # reading a source: stop the workers, not wait for the other sources
            raise
    return segs


READ_TIMEOUT_S = 6 * 3600.0
"""The bound on the parallel reading of a build, in seconds (:func:`read_sources`): far above any
real build (the bundled corpus reads in ≈ 10 s of CPU; N = 16 copies in minutes), so that it only
turns a hung worker into an error."""


class InFlight:
    """How far the workers of :func:`read_sources` likely are in the sources they are still reading,
    in characters: each has been read for the time since a worker took it (the pool hands the next
    source, in ``order``, to the first worker free) at the rate the finished sources were read
    (characters per second of a worker), at most 90 % of its length. Without it the time left of a
    build with ``--jobs 2`` counted only the finished sources while one worker read the book (81 %
    of the bundled text): «about 164 s left» at 28 s of a 66 s build, then «about 9 s left».

    ``lengths``: characters of every source; ``order``: the order they were given to the pool;
    ``workers``: the pool's size; ``clock``: seconds, monotonic (a test gives its own)."""

    def __init__(self, lengths: list[int], order: list[int], workers: int, clock=None):
        import time

        self.clock = clock or time.monotonic
        self.lengths = lengths
        now = self.clock()
        self.started = {i: now for i in order[:workers]}
        self.waiting = list(order[workers:])
        self.read_chars, self.read_time = 0, 0.0

    def finished(self, i: int) -> float:
        """Source ``i`` is read: its worker takes the next source; returns the time now."""
        now = self.clock()
        self.read_chars += self.lengths[i]
        self.read_time += now - self.started.pop(i, now)
        if self.waiting:
            self.started[self.waiting.pop(0)] = now
        return now

    def work(self, now: float) -> float:
        """Characters of the sources still being read that are likely read by ``now``."""
        if self.read_time <= 0:
            return 0.0
        rate = self.read_chars / self.read_time
        return sum(min(0.9 * self.lengths[j], (now - t) * rate) for j, t in self.started.items())


def _stop(pool) -> None:
    """Cancel what ``pool`` (a ``ProcessPoolExecutor``) has not started and end its processes now
    (SIGKILL: a reading worker holds nothing to save, and one still in its initializer would
    print a traceback for SIGTERM)."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):  # no public list of them
        proc.kill()
    # then wait for the pool's own thread to see them gone and close its pipes (left running, it
    # raced the interpreter's exit: «OSError: Bad file descriptor» printed at exit)
    pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _no_ctrl_c_while_forking():
    """Hold Ctrl-C back while the pool starts its processes (a SIGINT inside fork's handlers is
    swallowed, and a worker not yet ignoring it prints a traceback); it is delivered on leaving."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _worker_start(parent: int) -> None:
    """A reading process ignores Ctrl-C: the terminal sends it to the whole process group, and the
    main process alone stops the build (and says so once), with no traceback from each worker.
    It ends with the build's process ``parent`` (:func:`pasyans.lifetime.end_with_parent`: the
    kernel kills it when the build ends by kill -9, SIGTERM or an interrupt that missed the
    clean-up). SIGTERM ends it as the system does by default, not through the command line's
    handler (which raises ``SystemExit``: a traceback from each worker). It collects garbage as
    the build does (:data:`GC_THRESHOLD`)."""
    import gc

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    end_with_parent(parent)
    gc.set_threshold(*GC_THRESHOLD)  # as the build's process (a forked worker has them already)


def _preload() -> None:
    """Load what reading needs before workers are forked, so that each does not load it again:
    the modules, the NLP set-up (:func:`pasyans.extract.nlp.warm`: pymorphy3's dictionaries, the
    tokenizer's rules), the card grammar, the rule rows, the spec validator, the section labels and
    the cue matchers of segmentation, the book and the move reader (≈ 2 s CPU that every worker
    would otherwise spend on its own)."""
    import rapidfuzz.fuzz  # noqa: F401  (book aliases, names)

    from .engine import verify  # noqa: F401
    from .extract import articles, book, layout, moves, rules  # noqa: F401
    from .extract import article_text, book_sentences, headings, nlp, notation
    from .extract.moves import lexicon
    from .extract.rules import interpret
    from .kb import search  # noqa: F401  (the passages, read with each source)
    from .spec import validator

    nlp.warm()
    notation.grammar()
    interpret.rows()
    validator()
    headings.labels()
    book_sentences.matcher()
    for lang in nlp.LANGUAGES:
        article_text.matcher(lang)
        lexicon.cue_matcher(lang)


def write(db_path: Path | str, sources: list[Source], segs: list[Segmented],
          progress: Callable[[str], None] | None = None, *, force: bool = False, prepared=None) -> BuildSummary:
    """Write the knowledge base at ``db_path`` (atomically; see :func:`pasyans.kb.store.write_kb`,
    ``force`` included) from the sources read by :func:`read_source`, in corpus order; returns
    the :class:`BuildSummary`. Same-as references across the sources are linked first
    (:func:`link_references`). ``prepared``: the rows of every source made by
    :func:`prepare_rows` (:class:`pasyans.kb.store.PreparedRows`), else made here."""
    from .kb.store import write_kb

    say = progress or (lambda _msg: None)
    changed = link_references(segs)
    warnings = [f"{src.path}: sha256 differs from the manifest (edited?); the knowledge base records the new digest"
                for src in sources if src.changed]
    all_games: list[GameText] = []
    findings: list[Finding] = []
    game_texts: dict[str, MappedText] = {}
    terms: list = []
    passages: list = []
    for seg in segs:
        all_games.extend(seg.games)
        findings.extend(seg.findings)
        game_texts.update(seg.game_texts)
        terms.extend(seg.terms)
        if seg.passages is None:  # read by hand, not by read()
            read_passages(seg)
        passages.extend(seg.passages)
    say("writing the knowledge base")
    db = write_kb(db_path, sources, all_games, findings, game_texts=game_texts, terms=terms, force=force,
                  passages=passages, prepared=prepared, changed=changed)
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
        fragments_per_source=dict(Counter(g.source for g in all_games if g.fragment)),
        warnings=warnings,
    )
