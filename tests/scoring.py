"""Scoring helpers shared by the per-verifier example tests."""
from __future__ import annotations

from typing import Any

from verifuzz.strategies.trial import Trial
from verifuzz.verifiers.runner import judge
from verifuzz.verifiers.verdict import TaskSpec, Verdict


class Scoring:
    """Score trials in-process with one task's verifier, and spell out the metrics a test expects."""

    def __init__(self, spec: TaskSpec, dimensions: tuple[str, ...]) -> None:
        self.spec = spec
        self.keys = ("reward", *dimensions)

    def verdict(self, item: Trial, snapshot: dict[str, Any] | None = None) -> Verdict:
        """Score `item` (or an edited snapshot of it) against its own input files."""
        raw = item.snapshot() if snapshot is None else snapshot
        return judge(self.spec, raw, self.spec.expectations(item.input_files))

    def metrics(self, item: Trial, snapshot: dict[str, Any] | None = None) -> dict[str, float]:
        return self.verdict(item, snapshot).metrics()

    def passing(self) -> dict[str, float]:
        return dict.fromkeys(self.keys, 1.0)

    def failing_only(self, dimension: str) -> dict[str, float]:
        """The metrics of a run that fails `dimension` and nothing else."""
        return {**self.passing(), "reward": 0.0, dimension: 0.0}

    def zeros(self) -> dict[str, float]:
        return dict.fromkeys(self.keys, 0.0)
