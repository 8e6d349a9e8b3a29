"""The bug zoo's edits still fit the verifiers they break: a stale edit would drop a bug from the benchmark."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))
import bug_zoo  # noqa: E402 - bench/ is a folder of scripts, not a package

BUGS = bug_zoo.load_bugs()


def test_the_zoo_has_a_dozen_bugs_or_more() -> None:
    assert len(BUGS) >= 12


@pytest.mark.parametrize("bug", BUGS, ids=[bug.name for bug in BUGS])
def test_each_edit_applies_once_and_changes_the_verifier(bug: bug_zoo.Bug) -> None:
    shipped = (bug_zoo.TASKS_DIR / bug.task / "tests" / "verify.py").read_text(encoding="utf-8")
    patched = bug.source()  # raises StaleBug unless every edit matches exactly once
    assert patched != shipped
    compile(patched, f"{bug.name}.py", "exec")
