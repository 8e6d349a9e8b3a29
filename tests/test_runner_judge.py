"""`judge` fails closed on a bug in the verifier itself: a score function that raises or returns the wrong shape."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

import pytest

from verifuzz.strategies.narrative_agent_names import trial
from verifuzz.verifiers.runner import FAILED_CLOSED, judge, run
from verifuzz.verifiers.verdict import TaskSpec, Verdict

DIMENSIONS = ("first", "second", "third")
ZEROS = {"reward": 0.0, "first": 0.0, "second": 0.0, "third": 0.0}


def task(score: Any) -> TaskSpec:
    return TaskSpec("probe", DIMENSIONS, score)


def returning(dimensions: Mapping[str, Any]) -> TaskSpec:
    """A task whose score function returns `dimensions` for any evidence."""
    return task(lambda evidence, inputs: Verdict(dimensions, {"note": "scored"}))


def raising(error: Exception) -> TaskSpec:
    def score(evidence: Any, inputs: Any) -> Verdict:
        raise error

    return task(score)


def snapshot() -> dict[str, Any]:
    return trial().snapshot()


def test_a_well_formed_verdict_is_returned_as_is() -> None:
    """A verdict with exactly the declared boolean dimensions, in order, is what judge returns."""
    verdict = judge(returning({"first": True, "second": False, "third": True}), snapshot(), {})
    assert verdict.metrics() == {"reward": 0.0, "first": 1.0, "second": 0.0, "third": 1.0}
    assert verdict.details == {"note": "scored"}


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (RuntimeError("boom"), "verifier error: RuntimeError: boom"),
        (KeyError("messages"), "verifier error: KeyError: 'messages'"),
        (ZeroDivisionError("division by zero"), "verifier error: ZeroDivisionError: division by zero"),
    ],
)
def test_a_score_function_that_raises_fails_closed_naming_the_error(error: Exception, reason: str) -> None:
    """Any exception from the score function becomes all zeros and a reason naming its type and message."""
    verdict = judge(raising(error), snapshot(), {})
    assert verdict.metrics() == ZEROS
    assert verdict.details == {"reason": reason}


@pytest.mark.parametrize(
    ("dimensions", "scored"),
    [
        ({"first": True, "second": True}, "['first', 'second']"),
        ({"first": True, "second": True, "third": True, "fourth": True}, "['first', 'fourth', 'second', 'third']"),
        ({"third": True, "second": True, "first": True}, "['first', 'second', 'third']"),
        ({"first": True, "second": True, "other": True}, "['first', 'other', 'second']"),
    ],
)
def test_dimensions_other_than_declared_fail_closed(dimensions: dict[str, bool], scored: str) -> None:
    """Missing, extra, renamed or reordered dimensions are a verifier bug: all zeros, naming both lists."""
    verdict = judge(returning(dimensions), snapshot(), {})
    assert verdict.metrics() == ZEROS
    assert verdict.details == {"reason": f"verifier error: scored {scored}, declared ['first', 'second', 'third']"}


@pytest.mark.parametrize("value", [1, 0, 1.0, None, "yes", [True]])
def test_a_dimension_that_is_not_a_boolean_fails_closed(value: Any) -> None:
    """Every dimension must be exactly True or False; anything else, even 1 or 0, is a verifier bug."""
    verdict = judge(returning({"first": True, "second": value, "third": True}), snapshot(), {})
    assert verdict.metrics() == ZEROS
    assert verdict.details == {"reason": "verifier error: a dimension is not a boolean"}


def test_evidence_too_deep_to_quote_whole_fails_closed() -> None:
    """Decoded evidence nested far past the recursion limit is untrusted, not a crash, and quoted only a few levels deep."""
    deep: Any = 1
    for _ in range(20_000):
        deep = [deep]
    verdict = judge(returning(dict.fromkeys(DIMENSIONS, True)), {"schema_version": deep}, {})
    assert verdict.metrics() == ZEROS
    assert verdict.details == {"reason": "untrusted evidence: $.schema_version: expected 1, found [[[[[[[...]]]]]]]"}


def test_a_reader_that_runs_out_of_stack_fails_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should reading the evidence ever recurse too deep, the run is untrusted, with that reason, not a crash."""
    def recursing(raw: Any) -> Any:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr("verifuzz.verifiers.runner.parse_evidence", recursing)
    verdict = judge(returning(dict.fromkeys(DIMENSIONS, True)), snapshot(), {})
    assert verdict.metrics() == ZEROS
    assert verdict.details == {"reason": "untrusted evidence: nests too deeply"}


def test_a_score_function_bug_still_writes_both_files(tmp_path: Path) -> None:
    """On the command line a raising score function exits 0, writes all zeros and states the reason."""
    evidence = tmp_path / "evidence.json"
    evidence.write_text(json.dumps(snapshot()))
    code = run(raising(RuntimeError("boom")), ["--evidence", str(evidence), "--reward", str(tmp_path / "reward.json"),
                                               "--details", str(tmp_path / "details.json")])
    assert code == 0
    assert json.loads((tmp_path / "reward.json").read_text()) == ZEROS
    details = json.loads((tmp_path / "details.json").read_text())
    assert details["status"] == FAILED_CLOSED and details["reason"] == "verifier error: RuntimeError: boom"
