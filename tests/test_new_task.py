"""`verifuzz new-task` adds a task by writing only its three places, and the task it writes keeps every promise."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from verifuzz.strategies.tasks import TASKS_DIR
from verifuzz.cli import main

ROOT = TASKS_DIR.parent
PACKAGES = ("verifiers", "strategies", "properties", "verifuzz", "tasks", "tests")
# The tests that look at every task: they must pass on the new one without being edited.
PER_TASK_TESTS = ("tests/test_readmes.py", "tests/test_task_dirs.py", "tests/test_tasks.py", "tests/test_bundle.py",
                  "tests/test_witness_facts.py", "tests/test_seal.py")


def _files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def _verifuzz(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("CI", None)
    return subprocess.run([sys.executable, "-m", "verifuzz.cli", *args], cwd=root, env=env, capture_output=True,
                          text=True, timeout=600)


@pytest.mark.slow
def test_a_new_task_touches_only_its_three_places_and_keeps_every_promise(tmp_path: Path) -> None:
    """In a copy of the project, `new-task` adds only verifiers/<m>.py, strategies/<m>.py and tasks/<name>/, and
    `check` finds every promise held on it, none vacuous, with its witness rewarded; the tests that look at every
    task pass on it unedited."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__", "mutants"))
    for name in ("pyproject.toml", "conftest.py", "README.md"):
        shutil.copy(ROOT / name, tmp_path)
    before = _files(tmp_path)

    made = _verifuzz(tmp_path, "new-task", "demo-answer")
    assert made.returncode == 0, made.stderr
    added = _files(tmp_path) - before
    assert {path.split("/")[0] for path in added} == {"verifiers", "strategies", "tasks"}
    assert {p for p in added if not p.startswith("tasks/")} == {"verifiers/demo_answer.py", "strategies/demo_answer.py"}
    assert {p for p in added if p.startswith("tasks/")} == {
        f"tasks/demo-answer/{name}" for name in ("README.md", "instruction.md", "task.toml", "environment/Dockerfile",
                                                 "tests/test.sh", "tests/verify.py", "tests/SEAL")}
    changed = sorted(p for p in before if (tmp_path / p).read_bytes() != (ROOT / p).read_bytes())
    assert changed == []

    report = tmp_path / "report.json"
    checked = _verifuzz(tmp_path, "check", "tasks/demo-answer", "--profile", "dev", "--report", str(report))
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-3000:]
    results = json.loads(report.read_text())["results"]
    assert {r["status"] for r in results} == {"held"} and len(results) >= 25
    assert next(r for r in results if r["promise"] == "witness_earns_full_reward")["rewarded"] > 0
    assert _verifuzz(tmp_path, "build-tasks", "--check").returncode == 0
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    suite = subprocess.run([sys.executable, "-m", "pytest", "-q", "-m", "not slow", *PER_TASK_TESTS], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=900)
    assert suite.returncode == 0, suite.stdout[-3000:]
    assert "demo-answer" in subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", *PER_TASK_TESTS],
                                           cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300).stdout


@pytest.mark.parametrize(("name", "says"), [
    ("Demo_Task", "not a task name"),
    ("demo", "not a task name"),
    ("narrative-agent-names", "already exists"),
])
def test_a_bad_or_taken_name_is_refused_with_what_to_do(name: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A name that is not lowercase words joined by '-' or that a task already has exits 2 and writes nothing."""
    before = _files(ROOT / "tasks")
    assert main(["new-task", name]) == 2
    assert says in capsys.readouterr().err
    assert _files(ROOT / "tasks") == before
