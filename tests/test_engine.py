"""The engine behind `verifuzz check`: how one promise's run ends."""
from __future__ import annotations

import gc

from verifuzz.properties.engine import COLLECT_EVERY, VIOLATED, applicable, check, context
from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.subjects import Subject

KEYS = ("reward", "status_correct")


class TwoBugs(Subject):
    """A narrative verifier with two unrelated bugs: it crashes on adversarial runs and scores witnesses 0.5."""

    task = "narrative-agent-names"
    label = "two bugs"
    keys = KEYS

    def outcome(self, example: Example) -> Outcome:
        if example.label.startswith("adversary"):
            return Outcome(None, None, "Traceback: boom")
        return Outcome({"reward": 0.5, "status_correct": 0.5}, {})

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        return "true"


def test_two_distinct_failures_of_one_promise_report_one_violation() -> None:
    """Two bugs that break one promise in different ways are a violation with one counterexample, not a harness error."""
    ctx = context(TwoBugs())
    [prop] = applicable(ctx, ["metrics_are_binary_with_stable_keys"])
    result = check(prop, ctx, seed=1)
    assert result.status == VIOLATED, result.error
    assert result.violation is not None and result.example is not None
    assert result.violation.title in {"verifier did not end normally", "metric is not 0.0 or 1.0"}


class Recording(TwoBugs):
    """Records the collector's threshold while it judges."""

    def __init__(self) -> None:
        self.thresholds: set[tuple[int, int, int]] = set()

    def outcome(self, example: Example) -> Outcome:
        self.thresholds.add(gc.get_threshold())
        return super().outcome(example)


def test_the_collector_runs_less_often_during_a_promise_and_as_before_after() -> None:
    """While a promise runs the youngest generation is collected every COLLECT_EVERY allocations; afterwards as before."""
    before = gc.get_threshold()
    subject = Recording()
    ctx = context(subject)
    [prop] = applicable(ctx, ["metrics_are_binary_with_stable_keys"])
    check(prop, ctx, seed=1)
    assert subject.thresholds == {(COLLECT_EVERY, *before[1:])}
    assert gc.get_threshold() == before
