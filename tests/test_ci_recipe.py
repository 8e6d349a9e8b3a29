"""The CI recipe's workflow: valid YAML whose shell steps, run in order in a pull request's clone, gate a changed verifier."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / "examples" / "ci" / "verifiers.yml"
FOREIGN = ROOT / "tests" / "foreign" / "toy_echo" / "verify.py"
SCRIPT = "tasks/toy-echo/tests/verify.py"


def _steps() -> list[dict]:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    [job] = workflow["jobs"].values()
    return job["steps"]


def test_the_workflow_runs_check_diff_and_the_changed_only_gate() -> None:
    """The workflow triggers on verify.py changes, fetches history, and its steps call check, audit, diff and mutate."""
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    # PyYAML reads the bare key `on` as True.
    assert workflow[True]["pull_request"]["paths"] == ["tasks/*/tests/verify.py"]
    steps = _steps()
    assert steps[0]["uses"].startswith("actions/checkout") and steps[0]["with"]["fetch-depth"] == 0
    commands = "\n".join(step.get("run", "") for step in steps)
    for needed in ("verifuzz check", "verifuzz audit", "verifuzz diff --base \"$BASE_REV\"",
                   "verifuzz mutate --verifier \"$script\" --changed-since \"$BASE_REV\"", "--junit", "GITHUB_STEP_SUMMARY"):
        assert needed in commands


def _git(repo: Path, *words: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    subprocess.run(["git", "-C", str(repo), *words], check=True, capture_output=True, env=env)


@pytest.mark.slow
def test_the_workflow_steps_gate_a_pull_request(tmp_path: Path) -> None:
    """In a clone where a pull request stops failing closed on most errors, every shell step runs: the promises fail
    with a JUnit file, diff reports a regression, the gate tests only the changed function, and the summary says it all."""
    repo = tmp_path / "benchmark"
    (repo / "tasks" / "toy-echo" / "tests").mkdir(parents=True)
    _git(repo, "init", "-q", "-b", "main")
    source = FOREIGN.read_text(encoding="utf-8")
    (repo / SCRIPT).write_text(source, encoding="utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "base")
    _git(repo, "checkout", "-q", "-b", "pr")
    (repo / SCRIPT).write_text(source.replace("except Exception as error:", "except KeyError as error:"), encoding="utf-8")
    _git(repo, "commit", "-qam", "fail closed on missing keys only")
    shim = tmp_path / "bin" / "verifuzz"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec {sys.executable} -m verifuzz.cli "$@"\n', encoding="utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IEXEC)
    summary = tmp_path / "summary.md"
    env = {**os.environ, "PATH": f"{shim.parent}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT),
           "BASE_REV": "main", "GITHUB_STEP_SUMMARY": str(summary), "VERIFUZZ_PROFILE": "mutation"}
    codes = {}
    for step in _steps():
        if "run" not in step or step["name"] == "Install verifuzz":  # the shim stands in for the installed command
            continue
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=repo,
                              env=env, capture_output=True, text=True, timeout=900)
        codes[step["name"]] = (done.returncode, done.stdout + done.stderr)
    names = list(codes)
    assert names[0] == "Changed verifiers" and codes[names[0]][0] == 0
    check, diff, gate = (codes[name] for name in names[1:4])
    assert check[0] == 1, check[1]  # the fixture breaks generic promises (it does not fail closed)
    assert diff[0] == 1, diff[1]
    assert gate[0] == 1, gate[1]
    suites = ET.parse(repo / "reports" / "check-toy-echo.xml").getroot()
    assert suites.iter("testcase") and any(case.find("failure") is not None for case in suites.iter("testcase"))
    text = summary.read_text(encoding="utf-8")
    assert "## verifuzz on 1 changed verifier(s)" in text
    assert "- promises, toy-echo: VIOLATED" in text
    assert "### diff, toy-echo" in text and "regression" in text
    assert "only the 1 functions changed since main: main" in text
    assert "killed by promises:" in text and "mutation gate FAILED" in text
    assert (repo / "reports" / "mutation-toy-echo.json").is_file()
