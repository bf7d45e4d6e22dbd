"""The build's progress on standard error (``pasyans build``): a bar on a terminal, else one line per step.

:class:`BuildProgress` takes the steps :func:`pasyans.pipeline.read_sources` reports; :func:`time_left`
is its estimate. Moved out of :mod:`pasyans.cli` (one job per module).
"""

from __future__ import annotations


class BuildProgress:
    """The build's progress on standard error: a rich bar on a terminal (``004 read ━━━╸ 30% 0:00:12
    so far, about 0:00:28 left``: the time so far, then the time left, each named), else one line per
    step with the estimate (``[12 s, about 40 s left] 004 read``).

    Steps come from :func:`pasyans.pipeline.read_sources` as ``(label, done, total)`` in units of
    work (characters of the sources read, see :func:`pasyans.pipeline.build_work`); the first,
    ``done`` 0, starts the clock (after any wait for another build) and prints nothing. The time
    left is the time so far at the rate so far: ``elapsed × (total − done) / done``.
    ``clock``: seconds, monotonic (``time.monotonic``; a test gives its own)."""

    def __init__(self, console, quiet: bool, clock=None):
        import time

        self.console, self.quiet = console, quiet
        self.clock = clock or time.monotonic
        self.bar = self.task = None
        self.t0 = 0.0
        self.stepped = False

    def __enter__(self):
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

        self.t0 = self.clock()
        if not self.quiet and self.console.is_terminal:
            self.bar = Progress(TextColumn("{task.description:<40}"), BarColumn(), TaskProgressColumn(),
                                TimeElapsedColumn(), TextColumn("so far, about"), TimeRemainingColumn(),
                                TextColumn("left"), console=self.console, transient=True, get_time=self.clock)
            self.bar.__enter__()
        return self

    def say(self, message: str) -> None:
        """A message of the build: on a terminal the bar's label; else printed when it comes
        before the steps (the lock, stale temporary files) — the steps' lines say the rest."""
        if self.quiet:
            return
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, description=message)
        elif self.bar is None and not self.stepped:
            self.console.print(message, style="dim", markup=False, highlight=False)

    def step(self, label: str, done: float, total: float) -> None:
        if not self.stepped:  # the time left counts from the first step, not from a wait for another build
            self.t0 = self.clock()
        self.stepped = True
        if self.quiet:
            return
        if self.bar is not None:
            if self.task is None:
                self.task = self.bar.add_task(label, total=total)
            self.bar.update(self.task, completed=done, description=label)
            return
        if done <= 0:
            return
        elapsed = self.clock() - self.t0
        left = f", about {time_left(elapsed, done, total):.0f} s left" if done < total else ""
        self.console.print(f"[dim][{elapsed:.0f} s{left}] {label}[/dim]", highlight=False)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False


def time_left(elapsed: float, done: float, total: float) -> float:
    """Seconds left of work ``total`` when ``done`` (> 0) of it took ``elapsed`` seconds, at the
    same rate."""
    return elapsed * (total - done) / done
