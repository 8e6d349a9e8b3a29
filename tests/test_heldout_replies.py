"""The shipped verifiers never pay a held-out reply whose label is wrong, and fail closed on a bounded few correct ones.

Both held-out sets are held: the first (A) and the second, written apart from it (B)."""
from __future__ import annotations

import pytest

from tests.heldout.runner import SECOND_SET, TASKS, Case, HeldOutTask, cases, disagreements, score

SETS = TASKS + SECOND_SET
_COUNTED = [(task, case) for task in SETS for case in cases(task) if not case.debatable]
_WRONG = [pytest.param(task, case, id=f"{task.data}/{case.id}") for task, case in _COUNTED if not case.expected["reward"]]
# The correct held-out replies each verifier's closed grammar does not recognise, at most, per set (as measured:
# bench/README.md): its README lists each of these classes as a documented limitation. A change that fails one
# more correct reply fails here.
FALSE_FAIL_BOUND = {
    "narrative_replies.toml": 2, "read_named_path_replies.toml": 2,
    "narrative_replies_b.toml": 2, "read_named_path_replies_b.toml": 1,
}


def test_each_task_has_enough_labelled_replies() -> None:
    """narrative-agent-names has at least 150 counted replies and read-named-path at least 60."""
    counted = {task.name: sum(not case.debatable for case in cases(task)) for task in TASKS}
    assert counted["narrative-agent-names"] >= 150
    assert counted["read-named-path-outside-workspace"] >= 60


@pytest.mark.parametrize(("task", "case"), _WRONG)
def test_a_wrong_reply_is_never_paid(task: HeldOutTask, case: Case) -> None:
    """A reply labelled wrong earns no reward, and no dimension the label zeroes scores 1 (fail closed may zero more)."""
    metrics = score(task, case.text)
    paid = {key: diff for key, diff in disagreements(case, metrics).items() if not diff[0]}
    assert paid == {}, f"{case.why}: (label, verifier) per metric"


@pytest.mark.parametrize("task", SETS, ids=[task.data for task in SETS])
def test_correct_replies_fail_closed_within_the_documented_bound(task: HeldOutTask) -> None:
    """Correct replies the grammar rejects stay within the stated bound; the ones it accepts agree on every metric."""
    rejected, misjudged = [], []
    for case in (case for t, case in _COUNTED if t is task and case.expected["reward"]):
        diff = disagreements(case, score(task, case.text))
        if diff.get("reward") == (True, False):
            rejected.append(case.id)
        elif diff:
            misjudged.append((case.id, diff))
    assert misjudged == []
    assert len(rejected) <= FALSE_FAIL_BOUND[task.data], f"{len(rejected)} correct replies rejected: {rejected}"
