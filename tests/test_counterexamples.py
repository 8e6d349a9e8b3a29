"""Committed counterexamples are regression cases: each once broke a promise and must hold now."""
from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from verifuzz.properties.counterexamples import MANIFEST, load
from verifuzz.properties.engine import HELD, context, recheck
from verifuzz.properties.registry import PROPERTIES
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.recorded import trial_from_snapshot
from verifuzz.strategies.tasks import for_task

FOLDER = Path(__file__).parent / "counterexamples"
CASES = sorted(FOLDER.glob(f"*/*/{MANIFEST}"))


def test_there_are_committed_counterexamples() -> None:
    """The regression folder is not silently empty (a moved folder would skip every replay)."""
    assert CASES, f"no {MANIFEST} under {FOLDER}"


@pytest.mark.parametrize("path", CASES, ids=[p.parent.name for p in CASES])
def test_counterexample_now_holds(path: Path) -> None:
    """The shipped verifier keeps the promise this saved example once broke."""
    manifest, example = load(path)
    ctx = context(InProcess(for_task(manifest["task"]).spec))
    result = recheck(PROPERTIES[manifest["promise"]], ctx, example)
    assert result.status == HELD, str(result.violation)


FALSE_ALARMS = [path for path in CASES if "false_alarm" in load(path)[0]]
# Draws of the adversary per false alarm: under the adversary that raised it, the true reply came about once in 730.
DRAWS = 5000


def test_there_are_committed_false_alarms() -> None:
    """At least one saved false alarm is replayed (a renamed key would skip them all)."""
    assert FALSE_ALARMS


@pytest.mark.parametrize("path", FALSE_ALARMS, ids=[p.parent.name for p in FALSE_ALARMS])
def test_adversary_never_builds_a_false_alarm_again(path: Path) -> None:
    """The adversary that once built this correct run, and called its reward a violation, no longer builds its reply."""
    manifest, example = load(path)
    adversary = next(a for a in for_task(manifest["task"]).adversaries if a.name == manifest["false_alarm"]["adversary"])
    witness = trial_from_snapshot(example.evidence)
    true_reply = witness.final()["content"]
    built = {adversary.apply(Random(draw), witness.copy()).final()["content"] for draw in range(DRAWS)}
    assert true_reply not in built
