"""What a promise feeds a verifier (`Example`) and what comes back (`Outcome`)."""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any

from verifuzz.strategies.trial import Trial

DECODED = "decoded"
FILE = "file"


@dataclass(frozen=True)
class Example:
    """One input for a verifier: decoded evidence (in-process or written as JSON) or an exact evidence file.

    `raw` holds the file bytes for file-level faults (None with `fault` set means
    there is no regular file at all); `base` is the example a relational
    promise compares against.
    """

    label: str
    evidence: Any = None
    raw: bytes | None = None
    fault: str | None = None
    input_files: dict[str, str] = field(default_factory=dict)
    base: Example | None = None
    # Input flag -> how its file shows the agent could have rewritten it (strategies/custody.py);
    # such an example always goes through files, where the breach is laid out for real.
    custody: dict[str, str] = field(default_factory=dict)
    # Why this example must not be rewarded, when it was built to be wrong (an adversary's reason): shown in findings,
    # so a reader can judge the example, not just the verdict.
    why: str = ""

    def __repr__(self) -> str:
        """A summary, never the evidence itself: it may be megabytes, or nested deeper than repr() can go."""
        what = f"{len(self.raw)} bytes" if self.raw is not None else self.fault or type(self.evidence).__name__
        return f"Example({self.label!r}, {self.mode}, {what})"

    def __reduce__(self) -> tuple:
        """Pickled with the evidence as JSON bytes: worker processes send examples nested deeper than pickle can go."""
        evidence = dump_json(self.evidence) if self.mode == DECODED else None
        return _revive, (self.label, evidence, self.raw, self.fault, self.input_files, self.base, self.custody, self.why)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The same summary for Hypothesis's printer, which would otherwise walk every field."""
        printer.text(repr(self))

    def to_json(self) -> str:
        """The same summary for Hypothesis's observability (HypoFuzz turns it on, and it turns every drawn value to
        JSON): walking every field overflowed the stack on deeply nested evidence, and the test case failed."""
        return repr(self)

    @property
    def mode(self) -> str:
        return FILE if self.raw is not None or self.fault is not None else DECODED

    def evidence_bytes(self) -> bytes | None:
        """The bytes a harness would have written for this example (None: no regular file)."""
        if self.mode == FILE:
            return self.raw
        return dump_json(self.evidence)

    @classmethod
    def of(cls, trial: Trial | dict, label: str, input_files: dict[str, str] | None = None, why: str = "") -> Example:
        """An example from a trial (exported through the builder) or an already-exported snapshot; a trial's own
        `why` overrides the one given."""
        if isinstance(trial, Trial):
            return cls(label=label, evidence=trial.snapshot(), input_files=dict(trial.input_files),
                       custody=dict(trial.custody), why=trial.why or why)
        return cls(label=label, evidence=trial, input_files=dict(input_files or {}), why=why)


def _revive(label: str, evidence: bytes | None, raw: bytes | None, fault: str | None, input_files: dict[str, str],
            base: Example | None, custody: dict[str, str], why: str = "") -> Example:
    decoded = load_json(evidence) if evidence is not None else None
    return Example(label, decoded, raw, fault, input_files, base, custody, why)


@dataclass(frozen=True)
class Outcome:
    """What a verifier produced: its metrics and details, or the error that stopped it."""

    metrics: dict[str, Any] | None
    details: Any = None
    error: str | None = None
    # How a command line ended, when there was one: kept for reports, left out of comparisons.
    exit_code: int | None = field(default=None, compare=False)
    stdout: str = field(default="", compare=False, repr=False)
    stderr: str = field(default="", compare=False, repr=False)

    @property
    def reward(self) -> Any:
        return None if self.metrics is None else self.metrics.get("reward")


def dump_json(value: Any) -> bytes:
    """JSON bytes for any decoded value, deep nesting and NaN included (as the Python json module writes them)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return json.dumps(value, ensure_ascii=True).encode()
    finally:
        sys.setrecursionlimit(limit)


def load_json(data: bytes) -> Any:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return json.loads(data)
    finally:
        sys.setrecursionlimit(limit)
