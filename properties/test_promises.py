"""Every shipped verifier keeps every promise that applies to it (the suite `verifuzz check` runs)."""
from __future__ import annotations

import pytest

from verifuzz.properties.engine import HELD, applicable, check, context
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.tasks import for_task, task_names

CASES = [
    pytest.param(task, prop.name, id=f"{task}::{prop.name}", marks=[pytest.mark.slow] if prop.via_cli else [])
    for task in task_names()
    for prop in applicable(context(InProcess(for_task(task).spec)))
]


@pytest.mark.parametrize(("task", "name"), CASES)
def test_promise_holds(task: str, name: str) -> None:
    """The shipped verifier for `task` keeps the promise `name` on every generated example."""
    ctx = context(InProcess(for_task(task).spec))
    [prop] = applicable(ctx, [name])
    result = check(prop, ctx)
    if result.status != HELD:
        reason = result.violation or result.error
        pytest.fail(f"{task}: {name} {result.status} after {result.examples} examples\n{reason}\n"
                    f"example: {result.example.label if result.example else '-'}", pytrace=False)
    assert result.examples > 0
