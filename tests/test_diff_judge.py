"""How `verifuzz diff` classifies two outcomes of one example, by the promises' own checks."""
from __future__ import annotations

from verifuzz.properties.example import Example, Outcome
from verifuzz.diff_judge import FIX, NEUTRAL, REGRESSION, Change, Recorded, classify, first_line

ZERO = Outcome({"reward": 0.0, "a": 0.0}, {"reason": "x"})
ONE = Outcome({"reward": 1.0, "a": 1.0}, {})
CRASH = Outcome(None, None, "exit status 1: Traceback (most recent call last):\n  File \"v.py\"\nKeyError: 'kind'")


def test_a_crash_in_the_new_script_is_a_regression() -> None:
    """A new failure to end normally or write the files is a regression, whatever the promises said before."""
    kind, why = classify(ZERO, CRASH, [])
    assert kind == REGRESSION and "exit status 1: KeyError: 'kind'" in why


def test_a_crash_that_goes_away_is_a_fix() -> None:
    """An old failure the new script no longer has is a fix."""
    assert classify(CRASH, ZERO, [])[0] == FIX


def test_a_promise_that_stops_holding_is_a_regression_and_outranks_a_fix() -> None:
    """A verdict from held to violated is a regression, even when another promise was mended in the same example."""
    broken, mended = Change("rejects_x", None, "rewarded a run that must score 0"), Change("rejects_y", "no", None)
    assert classify(ZERO, ONE, [broken]) == (REGRESSION, "rejects_x: rewarded a run that must score 0")
    assert classify(ZERO, ONE, [mended, broken])[0] == REGRESSION
    assert classify(ONE, ZERO, [mended])[0] == FIX


def test_metrics_that_move_without_a_verdict_are_neutral() -> None:
    """Moved metrics with every promise's verdict unchanged are neutral."""
    assert classify(ZERO, Outcome({"reward": 0.0, "a": 1.0}, {}), [])[0] == NEUTRAL


def test_recorded_runs_each_example_once() -> None:
    """A relational check asking for the same example again gets the first outcome without another run."""

    calls = []

    class Inner:
        task, label, keys = "t", "inner", None

        def outcome(self, example: Example) -> Outcome:
            calls.append(example)
            return ONE

        def command(self, evidence: str, inputs: dict[str, str]) -> str:
            return "cmd"

    recorded = Recorded(Inner())  # type: ignore[arg-type]
    example, twin = Example("e", {}), Example("e", {})
    assert recorded.outcome(example) is recorded.outcome(example)
    recorded.outcome(twin)
    assert len(calls) == 2 and calls[0] is example and calls[1] is twin
    recorded.forget()
    recorded.outcome(example)
    assert len(calls) == 3


def test_an_error_reads_in_one_line() -> None:
    """A traceback shrinks to the exit status and the exception line."""
    assert first_line(CRASH.error) == "exit status 1: KeyError: 'kind'"
    assert first_line("reward.json was not written") == "reward.json was not written"
