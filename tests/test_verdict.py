"""What a verdict holds and how a task spec turns text inputs and faults into verdicts."""
from __future__ import annotations

from verifuzz.verifiers.verdict import Input, TaskSpec, Verdict

DIMENSIONS = ("first", "second", "third")


def _never_scores(evidence: object, inputs: object) -> Verdict:
    raise AssertionError("a failed verdict must not score")


SPEC = TaskSpec(name="example-task", dimensions=DIMENSIONS, score=_never_scores,
                inputs=(Input("--some-file", "a text input", str.upper),))


def test_failed_verdict_holds_false_for_every_declared_dimension() -> None:
    """The fail-closed verdict holds the boolean False for each declared dimension, in declared order, plus the reason."""
    verdict = SPEC.failed("nothing to score")
    assert list(verdict.dimensions) == list(DIMENSIONS)
    assert all(passed is False for passed in verdict.dimensions.values())
    assert dict(verdict.details) == {"reason": "nothing to score"}
    assert verdict.reward is False
    assert verdict.metrics() == {"reward": 0.0, "first": 0.0, "second": 0.0, "third": 0.0}


def test_reward_is_the_conjunction_and_never_true_without_dimensions() -> None:
    """reward is true only when there is at least one dimension and every dimension passed."""
    assert Verdict({"first": True, "second": True}).reward is True
    assert Verdict({"first": True, "second": False}).reward is False
    assert Verdict({}).reward is False


def test_metrics_put_reward_first_then_each_dimension_as_a_float() -> None:
    """metrics() is `reward` followed by one 0.0/1.0 float per dimension, in the verdict's order."""
    metrics = Verdict({"second": True, "first": False}).metrics()
    assert list(metrics.items()) == [("reward", 0.0), ("second", 1.0), ("first", 0.0)]
    assert all(type(value) is float for value in metrics.values())


def test_expectations_parse_each_input_under_its_destination() -> None:
    """Each input's text, keyed by its flag, is parsed and handed to `score` under the flag's attribute name."""
    assert SPEC.inputs[0].dest == "some_file"
    assert SPEC.expectations({"--some-file": "seeded text"}) == {"some_file": "SEEDED TEXT"}
