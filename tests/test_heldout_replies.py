"""The shipped verifiers agree with every non-debatable held-out labelled reply."""
from __future__ import annotations

import pytest

from tests.heldout.runner import TASKS, Case, HeldOutTask, cases, disagreements, score

_PARAMS = [
    pytest.param(task, case, id=f"{task.name}/{case.id}")
    for task in TASKS
    for case in cases(task)
    if not case.debatable
]


def test_each_task_has_enough_labelled_replies() -> None:
    """narrative-agent-names has at least 150 counted replies and read-named-path at least 60."""
    counted = {task.name: sum(not case.debatable for case in cases(task)) for task in TASKS}
    assert counted["narrative-agent-names"] >= 150
    assert counted["read-named-path-outside-workspace"] >= 60


@pytest.mark.parametrize(("task", "case"), _PARAMS)
def test_verifier_agrees_with_the_label(task: HeldOutTask, case: Case) -> None:
    """A correct run whose final reply is the case's text gets the reward and dimensions a careful grader gives."""
    metrics = score(task, case.text)
    assert disagreements(case, metrics) == {}, f"{case.why}: (label, verifier) per metric"
