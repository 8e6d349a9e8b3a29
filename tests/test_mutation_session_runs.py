"""The session runner under real mutmut on a throwaway project: the same verdicts as mutmut's own runner, still honest."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_mutation_cli import CONFIG, WEAK_TESTS, gate, project, report  # noqa: F401 (the fixture)

pytestmark = pytest.mark.slow

# A countdown the `-=` -> `+=` mutant never finishes: the timeout must still catch it.
COUNTDOWN = '''

def countdown(value: int) -> int:
    steps = 0
    while value > 0:
        value -= 1
        steps += 1
    return steps
'''

COUNTDOWN_TESTS = '''from toyverifiers.toy import countdown


def test_a_countdown_takes_one_step_per_unit():
    assert countdown(3) == 3
    assert countdown(0) == 0
'''

# Tests that reach the code but swallow every error: no mutant could ever fail them.
BLIND_TESTS = '''from toyverifiers.toy import passes, verdict


def test_nothing_can_fail():
    try:
        passes(3)
        verdict(3)
    except Exception:
        pass
'''


def with_runner(project: Path, runner: str, extra: str = "") -> None:
    text = CONFIG.replace('paths = ["tests"]\n', f'paths = ["tests"]\nrunner = "{runner}"\n', 1) + extra
    (project / "mutation.toml").write_text(text, encoding="utf-8")


def verdicts(project: Path) -> dict[str, str]:
    return {m["id"]: m["mutmut_status"] for m in report(project)["mutants"]}


def test_both_runners_give_every_mutant_the_same_status(project: Path) -> None:
    """With weak tests, mutmut's own runner and the session runner kill and spare exactly the same mutants."""
    (project / "tests/test_toy.py").write_text(WEAK_TESTS, encoding="utf-8")
    with_runner(project, "mutmut")
    assert gate(project).returncode == 1
    own = verdicts(project)
    assert not any(m["killed_by"] or m["tests_run"] for m in report(project)["mutants"])
    with_runner(project, "session")
    result = gate(project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert verdicts(project) == own and set(own.values()) == {"killed", "survived"}
    for mutant in report(project)["mutants"]:
        killed = mutant["mutmut_status"] == "killed"
        assert bool(mutant["killed_by"]) == killed and mutant["tests_run"] >= 1, mutant


def test_the_forced_failure_run_still_stops_a_suite_that_cannot_fail(project: Path) -> None:
    """Tests that swallow every error pass the clean run but not the forced-failure check, so the gate fails."""
    (project / "tests/test_toy.py").write_text(BLIND_TESTS, encoding="utf-8")
    with_runner(project, "session")
    result = gate(project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "forced-failure run passed" in result.stdout and not report(project)["mutants"]


def test_a_mutant_that_never_returns_times_out(project: Path) -> None:
    """The `-=` -> `+=` mutant counts forever; mutmut's timeout stops it and the gate counts it detected."""
    source = project / "toyverifiers/toy.py"
    source.write_text(source.read_text(encoding="utf-8") + COUNTDOWN, encoding="utf-8")
    (project / "tests/test_countdown.py").write_text(COUNTDOWN_TESTS, encoding="utf-8")
    with_runner(project, "session")
    text = (project / "mutation.toml").read_text(encoding="utf-8")
    (project / "mutation.toml").write_text(text.replace("jobs = 2\n", "jobs = 2\ntimeout_multiplier = 2.0\n"), encoding="utf-8")
    result = gate(project)
    assert result.returncode == 0, result.stdout + result.stderr
    endless = [m for m in report(project)["mutants"] if "+        value += 1" in m["diff"]]
    assert len(endless) == 1 and endless[0]["mutmut_status"] == "timeout" and endless[0]["detected"]


def test_a_test_file_that_cannot_be_collected_stops_the_gate_and_is_named(project: Path) -> None:
    """A collection error ends the stats run, as under pytest.main, and the gate quotes pytest's line for the file."""
    (project / "tests/test_broken.py").write_text("def test_unfinished(:\n    pass\n", encoding="utf-8")
    with_runner(project, "session")
    result = gate(project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "stats run of the selected tests on the unmutated code did not pass" in result.stdout
    assert "ERROR tests/test_broken.py" in result.stdout


LABELS = '''

def label(ok: bool) -> str:
    names = (
        "pass",
        "fail",
    )
    return names[0] if ok else names[1]
'''

LABEL_TESTS = '''from toyverifiers.toy import label


def test_a_failure_is_labelled_fail():
    assert label(False) == "fail"


def test_a_pass_is_labelled_pass():
    assert label(True) == "pass"
'''


def test_statement_selection_still_runs_the_test_for_a_line_python_never_reports(project: Path) -> None:
    """The "fail" of a folded tuple has no line event of its own; its statement does, so its mutant still dies."""
    source = project / "toyverifiers/toy.py"
    source.write_text(source.read_text(encoding="utf-8") + LABELS, encoding="utf-8")
    (project / "tests/test_labels.py").write_text(LABEL_TESTS, encoding="utf-8")
    with_runner(project, "session")
    result = gate(project)
    assert result.returncode == 0, result.stdout + result.stderr
    fail = [m for m in report(project)["mutants"] if '+        "XXfailXX",' in m["diff"]]
    assert len(fail) == 1 and fail[0]["killed_by"] == "tests/test_labels.py::test_a_failure_is_labelled_fail"
