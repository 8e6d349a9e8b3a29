"""`verifuzz mutate` end to end on a throwaway project: it passes a well-tested verifier and fails a broken one."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

# The gate runs from the toy project's directory, so point Python at this tree's verifuzz.
ROOT = Path(__file__).resolve().parents[1]

VERIFIER = '''"""A toy verifier: a run passes when it scores at least the bar."""


def passes(score: int, bar: int = 3) -> bool:
    return score >= bar


def verdict(score: int) -> dict[str, float]:
    return {"reward": 1.0 if passes(score) else 0.0}
'''

STRONG_TESTS = '''from toyverifiers.toy import passes, verdict


def test_the_bar_is_inclusive():
    assert passes(3) and not passes(2)
    assert passes(5, bar=5) and not passes(4, bar=5)


def test_verdict_rewards_only_a_pass():
    assert verdict(3) == {"reward": 1.0}
    assert verdict(2) == {"reward": 0.0}
'''

WEAK_TESTS = '''from toyverifiers.toy import passes, verdict


def test_a_high_score_passes():
    assert passes(10)
    assert verdict(10)["reward"] == 1.0
    assert verdict(0)["reward"] == 0.0
'''

CONFIG = '''
[mutate]
paths = ["toyverifiers/*.py"]
exclude = ["toyverifiers/__init__.py"]

[tests]
paths = ["tests"]

[gate]
min_score = 95

[budget]
seconds = 240
jobs = 2
'''


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    files = {
        "toyverifiers/__init__.py": "",
        "toyverifiers/toy.py": VERIFIER,
        "tests/test_toy.py": STRONG_TESTS,
        "mutation.toml": CONFIG,
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def gate(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "MUTANT_UNDER_TEST"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "verifuzz.mutation", "--config", str(project / "mutation.toml"), *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def report(project: Path) -> dict:
    return json.loads((project / "reports/mutation.json").read_text(encoding="utf-8"))


def test_a_well_tested_verifier_passes_and_leaves_the_tree_clean(project: Path) -> None:
    """Every mutant is killed, the gate exits 0, and no mutants/, config or Hypothesis data lands in the project."""
    before = sorted(path.relative_to(project) for path in project.rglob("*") if "__pycache__" not in path.parts)
    result = gate(project)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "mutation gate PASSED" in result.stdout
    data = report(project)
    assert data["passed"] and data["modules"][0]["score"] == 100.0
    assert data["modules"][0]["total"] == len(data["mutants"]) > 0
    after = sorted(path.relative_to(project) for path in project.rglob("*") if "__pycache__" not in path.parts)
    added = set(after) - set(before)
    assert added == {Path("reports"), Path("reports/mutation.json"), Path("reports/mutation-testing-report.json")}


def test_weak_tests_fail_the_gate_and_show_each_survivor(project: Path) -> None:
    """With the boundary untested, mutants survive: exit 1, each with its diff and the command that shows it."""
    (project / "tests/test_toy.py").write_text(WEAK_TESTS, encoding="utf-8")
    result = gate(project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "toyverifiers.toy" in result.stdout and "FAIL" in result.stdout
    assert "-    return score >= bar" in result.stdout and "+    return score > bar" in result.stdout
    survivor = next(m for m in report(project)["mutants"] if "score > bar" in m["diff"])
    assert survivor["outcome"] == "survived" and f"verifuzz mutate --show {survivor['id']}" in result.stdout
    shown = gate(project, "--show", survivor["id"])
    assert shown.returncode == 0 and survivor["digest"] in shown.stdout and "+    return score > bar" in shown.stdout


def test_a_mutant_planted_by_hand_fails_the_gate(project: Path) -> None:
    """Flipping the comparison in the verifier itself breaks the suite on unmutated code, and the gate says so."""
    source = project / "toyverifiers/toy.py"
    source.write_text(source.read_text(encoding="utf-8").replace("score >= bar", "score > bar"), encoding="utf-8")
    result = gate(project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "the suite fails on the unmutated code" in result.stdout
    assert "test_the_bar_is_inclusive" in result.stdout


def test_a_stale_equivalent_entry_fails_an_otherwise_perfect_gate(project: Path) -> None:
    """A reviewed equivalent that names no mutant any more turns a 100% run red."""
    entry = '\n[[equivalent]]\nmutant = "toyverifiers.toy.x_passes__mutmut_99"\ndigest = "0123456789ab"\nreason = "gone"\n'
    (project / "mutation.toml").write_text(CONFIG + entry, encoding="utf-8")
    result = gate(project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "stale equivalent toyverifiers.toy.x_passes__mutmut_99: no mutant has this id any more" in result.stdout


def test_a_focused_run_judges_only_the_chosen_mutants(project: Path) -> None:
    """`--mutant` passes when the chosen mutants die, whatever survives elsewhere, and leaves the last report alone."""
    (project / "tests/test_toy.py").write_text(WEAK_TESTS, encoding="utf-8")
    result = gate(project, "--mutant", "toyverifiers.toy.x_verdict__mutmut_*")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "toyverifiers.toy" in result.stdout and "mutation gate PASSED" in result.stdout
    assert not (project / "reports").exists()
    assert gate(project, "--mutant", "toyverifiers.toy.x_passes__mutmut_*").returncode == 1
