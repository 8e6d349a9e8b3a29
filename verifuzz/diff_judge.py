"""How `verifuzz diff` classifies one example's two outcomes, by the promises' own checks.

A regression is an example where the new script breaks a promise the old one kept (it rewards what
a promise forbids, fails a witness, crashes or stops writing its files); a fix is the reverse; a
neutral difference moved a metric without changing any promise's verdict.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.registry import Context, Property, Violation
from verifuzz.properties.subjects import Subject
from verifuzz.diff_examples import Item

REGRESSION, FIX, NEUTRAL = "regression", "fix", "neutral"
KINDS = (REGRESSION, FIX, NEUTRAL)  # report order


class Recorded(Subject):
    """A subject that runs each example once: a check that asks again (a relational promise) gets the first outcome.

    `verifuzz diff` judges each example with several promises; without this each re-run would
    start another process. Determinism is `verifuzz check`'s business, not a difference's.
    """

    def __init__(self, inner: Subject) -> None:
        self.inner = inner
        self.task = inner.task
        self.label = inner.label
        self.keys = inner.keys
        self._seen: list[tuple[Example, Outcome]] = []

    def outcome(self, example: Example) -> Outcome:
        for seen, outcome in self._seen:
            if seen is example:
                return outcome
        outcome = self.inner.outcome(example)
        self._seen.append((example, outcome))
        return outcome

    def forget(self) -> None:
        self._seen.clear()

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        return self.inner.command(evidence, inputs)


@dataclass(frozen=True)
class Change:
    """A promise whose verdict on the example differs: None is held, else the violation's title."""

    promise: str
    old: str | None
    new: str | None

    @property
    def kind(self) -> str:
        return REGRESSION if self.old is None else FIX


@dataclass
class Difference:
    """One example the two scripts judged differently, and what that difference is."""

    kind: str
    item: Item
    old: Outcome
    new: Outcome
    changes: list[Change] = field(default_factory=list)
    why: str = ""


def verdict(prop: Property, ctx: Context, example: Example, outcome: Outcome) -> str | None:
    """None when `prop` holds for this outcome, else what broke."""
    try:
        prop.check(ctx, example, outcome)
    except Violation as violation:
        return violation.title
    return None


def judges(item: Item, universal: list[Property], owners: dict[str, list[Property]]) -> list[Property]:
    """The promises that speak of this example: the one it was made for, the owners of its and its base's label, the universal ones."""
    labels = [item.example.label, *([item.example.base.label] if item.example.base else [])]
    chosen = [*([item.prop] if item.prop else []), *(p for label in labels for p in owners.get(label, [])), *universal]
    return list(dict.fromkeys(chosen))


def compare(item: Item, old: Context, new: Context, universal: list[Property],
            owners: dict[str, list[Property]] | None = None) -> Difference | None:
    """Run the example through both scripts; the classified difference, or None when nothing a reader sees moved."""
    example = item.example
    before, after = old.subject.outcome(example), new.subject.outcome(example)
    changes = []
    for prop in judges(item, universal, owners or {}):
        held_before, held_after = verdict(prop, old, example, before), verdict(prop, new, example, after)
        if (held_before is None) != (held_after is None):
            changes.append(Change(prop.name, held_before, held_after))
    for ctx in (old, new):
        if isinstance(ctx.subject, Recorded):
            ctx.subject.forget()
    moved = before.metrics != after.metrics or (before.error is None) != (after.error is None)
    if not moved and not changes:
        return None
    kind, why = classify(before, after, changes)
    return Difference(kind, item, before, after, changes, why)


def classify(before: Outcome, after: Outcome, changes: list[Change]) -> tuple[str, str]:
    """The kind of a difference and a one-line reason; a regression outranks a fix in the same example."""
    if after.error is not None and before.error is None:
        return REGRESSION, f"the new script failed: {first_line(after.error)}"
    broken = [c for c in changes if c.kind == REGRESSION]
    if broken:
        return REGRESSION, "; ".join(f"{c.promise}: {c.new}" for c in broken)
    if before.error is not None and after.error is None:
        return FIX, f"the old script failed: {first_line(before.error)}"
    mended = [c for c in changes if c.kind == FIX]
    if mended:
        return FIX, "; ".join(f"{c.promise} now holds (was: {c.old})" for c in mended)
    return NEUTRAL, "metrics moved; every promise's verdict is unchanged"


def first_line(text: str) -> str:
    """An error in one line: a traceback's last line (the exception) after what precedes it (the exit status)."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if not lines:
        return ""
    head = lines[0]
    if "Traceback (most recent call last)" in head and len(lines) > 1:
        prefix = head.split("Traceback")[0].rstrip(": ")
        head = f"{prefix}: {lines[-1]}" if prefix else lines[-1]
    return head[:160]
