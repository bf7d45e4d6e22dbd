"""What the checks of one move found, and the verdict that follows: shared by the partial
checker (:mod:`pasyans.engine.partial`) and the full-state engine (:mod:`pasyans.engine.state`).

A move is ``illegal`` when a check failed, ``unverifiable`` when a rule or fact it needs is
missing (and none failed), else ``legal`` — with every rule checked listed on the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pasyans.models import Verdict


@dataclass
class Outcome:
    """What the checks of one move found: rules checked, broken, unknown; assumptions made."""

    checked: list[str] = field(default_factory=list)
    bad: list[tuple[str, str]] = field(default_factory=list)       # (rule, reason)
    unknown: list[tuple[str, str]] = field(default_factory=list)   # (rule/fact, what is missing)
    good: list[str] = field(default_factory=list)                  # short reasons for a legal verdict
    assumed: list[str] = field(default_factory=list)               # facts not shown, taken as they must be
    primary: str | None = None                                     # the rule that decides a legal verdict

    def ok(self, rule: str, why: str | None = None) -> None:
        self.checked.append(rule)
        if why:
            self.good.append(why)

    def fail(self, rule: str, why: str) -> None:
        self.checked.append(rule)
        self.bad.append((rule, why))

    def missing(self, rule: str, why: str) -> None:
        self.unknown.append((rule, why))

    def assume(self, what: str) -> None:
        if what not in self.assumed:
            self.assumed.append(what)

    def status(self) -> str:
        return "illegal" if self.bad else "unverifiable" if self.unknown else "legal"

    def verdict(self) -> Verdict:
        checked = list(dict.fromkeys(self.checked))
        if self.bad:
            rule, why = self.bad[0]
            more = "; ".join(w for _, w in self.bad[1:])
            return Verdict("illegal", why + (f"; also: {more}" if more else ""), rule, checked)
        if self.unknown:
            rule, why = self.unknown[0]
            more = "; ".join(w for _, w in self.unknown[1:])
            done = f" (consistent with: {', '.join(checked)})" if checked else ""
            return Verdict("unverifiable", why + (f"; also: {more}" if more else "") + done, rule, checked)
        reason = "; ".join(self.good) or "consistent with " + ", ".join(checked)
        if self.assumed:
            reason += "; assumed (not shown in the text): " + "; ".join(self.assumed)
        return Verdict("legal", reason, self.primary or (checked[-1] if checked else None), checked)
