"""Committed counterexamples are regression cases: each once broke a promise and must hold now."""
from __future__ import annotations

from pathlib import Path

import pytest

from verifuzz.properties.counterexamples import MANIFEST, load
from verifuzz.properties.engine import HELD, context, recheck
from verifuzz.properties.registry import PROPERTIES
from verifuzz.properties.subjects import InProcess
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
