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


def test_the_glued_marker_promise_catches_marker_substring_and_holds_on_the_shipped_verifier(tmp_path: Path) -> None:
    """The default-deny reader refuses a glued digit as a stray piece whether or not it checks the marker's edges, so
    marker_substring is seen only by a run whose hex goes on into a word ("<marker>as"); its promise must draw those."""
    from hypothesis import Phase, settings

    from verifuzz.properties import profiles
    from verifuzz.properties.engine import HELD, VIOLATED, applicable, check, context

    [bug] = [bug for bug in BUGS if bug.name == "marker_substring"]
    script = tmp_path / "verify.py"
    script.write_text(bug.source(), encoding="utf-8")
    profiles.load("ci")
    try:
        patched = context(bug_zoo.Variant(bug_zoo.load_module("glued-marker", script), script))
        [prop] = applicable(patched, ["rejects_marker_inside_longer_token"])
        unshrunk = settings(settings.default, phases=(Phase.explicit, Phase.generate))  # ci's examples, not shrunk
        assert check(prop, patched, settings=unshrunk).status == VIOLATED
        shipped_script = bug_zoo.TASKS_DIR / bug.task / "tests" / "verify.py"
        shipped = context(bug_zoo.Variant(bug_zoo.load_module("glued-marker-shipped", shipped_script), shipped_script))
        assert check(prop, shipped, settings=unshrunk).status == HELD
    finally:
        profiles.load()
