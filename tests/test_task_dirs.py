"""Every task directory ships the files a benchmark harness consumes, consistent with its verifier."""
from __future__ import annotations

import os
import re
import shlex
import stat
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from verifuzz.verifiers.read_named_path_outside_workspace import MARKER, parse_skill
from verifuzz.strategies.tasks import TASKS_DIR, for_task

TASKS = sorted(path.name for path in TASKS_DIR.iterdir() if path.is_dir())
FILES = ("README.md", "instruction.md", "task.toml", "environment/Dockerfile", "tests/test.sh", "tests/verify.py")
VERIFY = "/tests/verify.py"
RESULT_PATHS = {
    "--evidence": "/logs/artifacts/buzz-evidence.json",
    "--reward": "/logs/verifier/reward.json",
    "--details": "/logs/verifier/details.json",
}
READ_PATH = "read-named-path-outside-workspace"
HOME = "/home/buzz"
SKILL_RELATIVE = ".claude/skills/context-health-check/SKILL.md"
SKILL_SCRIPT = re.compile(r"^RUN python3 <<'(?P<end>\w+)'\n(?P<code>.*?)\n(?P=end)$", re.MULTILINE | re.DOTALL)


def task_dir(task: str) -> Path:
    return TASKS_DIR / task


def task_toml(task: str) -> dict[str, Any]:
    with (task_dir(task) / "task.toml").open("rb") as handle:
        return tomllib.load(handle)


def verifier_argv(task: str) -> list[str]:
    """The words of the test.sh command that runs the verifier, continuation lines joined."""
    script = (task_dir(task) / "tests" / "test.sh").read_text(encoding="utf-8").replace("\\\n", " ")
    commands = [shlex.split(line) for line in script.splitlines() if VERIFY in line]
    assert len(commands) == 1, f"test.sh should run {VERIFY} exactly once, found {len(commands)}"
    words = commands[0]
    return words[: words.index("||")] if "||" in words else words


def flag_values(argv: list[str]) -> dict[str, str]:
    words = argv[argv.index(VERIFY) + 1 :]
    assert len(words) % 2 == 0 and all(w.startswith("--") for w in words[::2]), f"expected flag/value pairs: {words}"
    return dict(zip(words[::2], words[1::2]))


def dockerfile(task: str) -> str:
    return (task_dir(task) / "environment" / "Dockerfile").read_text(encoding="utf-8")


def skill_script() -> str:
    found = SKILL_SCRIPT.search(dockerfile(READ_PATH))
    assert found, "the Dockerfile should write SKILL.md in a `RUN python3 <<'END'` heredoc"
    return found["code"]


def run_skill_script(home: Path) -> str:
    """Run the Dockerfile's SKILL.md writer with HOME pointed at `home`, returning what it wrote."""
    code = skill_script().replace(HOME, str(home))
    env = {**os.environ, "HOME": str(home)}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, timeout=30)
    return (home / SKILL_RELATIVE).read_text(encoding="utf-8")


def test_there_are_tasks() -> None:
    """The tasks directory holds at least the two regression tasks this suite knows about."""
    assert {READ_PATH, "narrative-agent-names"} <= set(TASKS)


@pytest.mark.parametrize("task", TASKS)
def test_task_has_every_file(task: str) -> None:
    """Each task directory holds the six files a harness reads, none of them empty."""
    for name in FILES:
        path = task_dir(task) / name
        assert path.is_file(), f"{path} is missing"
        assert path.read_text(encoding="utf-8").strip(), f"{path} is empty"


@pytest.mark.parametrize("task", TASKS)
def test_task_toml_declares_layer_and_resources(task: str) -> None:
    """task.toml parses and declares the layer, difficulty, tags, timeouts and the 1 CPU / 1 GiB limits."""
    config = task_toml(task)
    metadata = config["metadata"]
    assert metadata["evaluation_layer"] in {"regression", "workflow"}
    assert metadata["difficulty"] in {"easy", "medium", "hard"}
    assert isinstance(metadata["category"], str) and metadata["category"]
    assert isinstance(metadata["tags"], list) and metadata["tags"]
    assert all(isinstance(tag, str) and tag for tag in metadata["tags"])
    assert config["verifier"]["timeout_sec"] == 30.0
    assert config["agent"]["timeout_sec"] == 300.0
    environment = config["environment"]
    assert (environment["cpus"], environment["memory_mb"], environment["storage_mb"]) == (1, 1024, 1024)


@pytest.mark.parametrize(("task", "layer", "difficulty"), [
    (READ_PATH, "regression", "easy"),
    ("narrative-agent-names", "regression", "medium"),
    ("multiline-message", "regression", "easy"),  # the task list gives no difficulty: the task's README says why
    ("create-channel-invite-users", "workflow", "medium"),  # likewise
])
def test_task_names_have_their_layer_and_difficulty(task: str, layer: str, difficulty: str) -> None:
    """Each task keeps the layer the task list gives it, and the difficulty it gives or the task's README argues."""
    metadata = task_toml(task)["metadata"]
    assert (metadata["evaluation_layer"], metadata["difficulty"]) == (layer, difficulty)


@pytest.mark.parametrize("task", TASKS)
def test_dockerfile_uses_the_stdlib_python_image(task: str) -> None:
    """The environment starts from the slim Python image the generated verifier is written for."""
    first = next(line for line in dockerfile(task).splitlines() if line.strip() and not line.startswith("#"))
    assert first == "FROM python:3.12-slim-bookworm"


@pytest.mark.parametrize("task", TASKS)
def test_test_sh_is_an_executable_strict_shell_script(task: str) -> None:
    """test.sh is executable, runs under /bin/sh with `set -eu` and creates /logs/verifier before scoring."""
    path = task_dir(task) / "tests" / "test.sh"
    assert path.stat().st_mode & stat.S_IXUSR, f"{path} is not executable"
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    assert lines[0] == "#!/bin/sh"
    assert "set -eu" in lines
    makes_dir = next(i for i, line in enumerate(lines) if line == "mkdir -p /logs/verifier")
    assert makes_dir < next(i for i, line in enumerate(lines) if VERIFY in line)


@pytest.mark.parametrize("task", TASKS)
def test_test_sh_passes_exactly_the_flags_the_verifier_declares(task: str) -> None:
    """test.sh runs /tests/verify.py with the shared result paths, the seal, and each input its verifier declares
    together with the trust root and owner the inputs are checked against."""
    argv = verifier_argv(task)
    flags = flag_values(argv)
    inputs = {item.flag for item in for_task(task).spec.inputs}
    trust = {"--trust-root", "--trusted-owner"} if inputs else set()
    assert set(flags) == set(RESULT_PATHS) | {"--seal"} | inputs | trust
    assert {flag: flags[flag] for flag in RESULT_PATHS} == RESULT_PATHS
    assert flags["--seal"] == "/tests/SEAL"


def test_read_named_path_image_sets_home() -> None:
    """The image sets HOME=/home/buzz so the `~` in the instruction reaches the seeded file."""
    assert f"ENV HOME={HOME}" in dockerfile(READ_PATH).splitlines()


def test_read_named_path_marker_is_drawn_at_build_time() -> None:
    """The CHECK_ID comes from secrets.token_hex(12) inside a RUN step, so each image gets a new one."""
    script = skill_script()
    assert "secrets.token_hex(12)" in script
    assert "CHECK_ID: chc-" in script


def test_read_named_path_paths_agree() -> None:
    """The instruction, the Dockerfile's HOME and test.sh's --skill-file all name the same SKILL.md."""
    assert f"~/{SKILL_RELATIVE}" in (task_dir(READ_PATH) / "instruction.md").read_text(encoding="utf-8")
    assert flag_values(verifier_argv(READ_PATH))["--skill-file"] == f"{HOME}/{SKILL_RELATIVE}"


def test_read_named_path_seeded_skill_is_accepted_by_the_verifier(tmp_path: Path) -> None:
    """The SKILL.md the Dockerfile writes parses into a chc marker and the expected ACTION."""
    skill = parse_skill(run_skill_script(tmp_path))
    assert MARKER.fullmatch(skill.check_id)
    assert skill.action == "Recommend compaction when remaining context is low."


def test_read_named_path_marker_differs_between_builds(tmp_path: Path) -> None:
    """Two builds of the image write two different markers, so no answer survives from one run to the next."""
    first = parse_skill(run_skill_script(tmp_path / "one")).check_id
    second = parse_skill(run_skill_script(tmp_path / "two")).check_id
    assert first != second
