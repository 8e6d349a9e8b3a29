"""The generated `tasks/<name>/tests/verify.py` files, run as the task container runs them."""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

from verifuzz.strategies import narrative_agent_names, read_named_path_outside_workspace
from verifuzz.strategies.trial import Trial
from verifuzz.strategies.tasks import TASKS_DIR

# Every test here starts an interpreter; together they take more than ten seconds.
pytestmark = pytest.mark.slow

PYTHON_312 = Path.home() / ".pyenv" / "versions" / "3.12.1" / "bin" / "python3"


@dataclass(frozen=True)
class Task:
    """A shipped task: its name, the exact reward.json keys and a correct run."""

    name: str
    keys: tuple[str, ...]
    witness: Callable[[], Trial]

    @property
    def script(self) -> Path:
        return TASKS_DIR / self.name / "tests" / "verify.py"


READ_NAMED = Task(
    "read-named-path-outside-workspace",
    ("reward", "evidence_complete", "expected_author", "same_channel", "named_path_read", "action_reported"),
    read_named_path_outside_workspace.trial,
)
NARRATIVE = Task(
    "narrative-agent-names",
    ("reward", "status_correct", "bots_not_mentioned", "user_mentioned", "reply_to_thread", "evidence_complete"),
    narrative_agent_names.trial,
)
TASKS = [pytest.param(READ_NAMED, id=READ_NAMED.name), pytest.param(NARRATIVE, id=NARRATIVE.name)]


@dataclass(frozen=True)
class Outcome:
    code: int
    stderr: str
    out: Path

    @property
    def reward(self) -> dict[str, Any]:
        return json.loads((self.out / "reward.json").read_text(encoding="utf-8"))

    @property
    def details(self) -> dict[str, Any]:
        return json.loads((self.out / "details.json").read_text(encoding="utf-8"))


def verify(
    task: Task,
    tmp_path: Path,
    args: list[str],
    *,
    python: str | Path = sys.executable,
    out: Path | None = None,
    outputs: bool = True,
) -> Outcome:
    """Run the generated verifier in an isolated interpreter without site-packages."""
    out = out or tmp_path / "out"
    result_args = ["--reward", str(out / "reward.json"), "--details", str(out / "details.json")] if outputs else []
    completed = subprocess.run(
        [str(python), "-I", "-S", str(task.script), *args, *result_args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    return Outcome(completed.returncode, completed.stderr, out)


def inputs(task: Task, tmp_path: Path, evidence: bytes | None = None) -> list[str]:
    """Write the witness's input files (and `evidence`, default the witness snapshot); return their flags."""
    item = task.witness()
    path = tmp_path / "buzz-evidence.json"
    path.write_bytes(json.dumps(item.snapshot()).encode() if evidence is None else evidence)
    args = ["--evidence", str(path)]
    for flag, text in item.input_files.items():
        file = tmp_path / (flag.strip("-") + ".txt")
        file.write_text(text, encoding="utf-8")
        args += [flag, str(file)]
    return args


def snapshot_text(task: Task) -> str:
    return json.dumps(task.witness().snapshot())


def assert_failed_closed(task: Task, outcome: Outcome) -> str:
    """Exit 0, no traceback, the exact key set all 0.0, status failed_closed with a reason; return the reason."""
    assert outcome.code == 0, outcome.stderr
    assert "Traceback" not in outcome.stderr
    reward = outcome.reward
    assert list(reward) == list(task.keys)
    assert set(reward.values()) == {0.0}
    assert all(type(value) is float for value in reward.values())
    details = outcome.details
    assert details["status"] == "failed_closed"
    assert isinstance(details["reason"], str) and details["reason"].strip()
    return details["reason"]


# ---- a correct run --------------------------------------------------------


@pytest.mark.parametrize("task", TASKS)
def test_correct_snapshot_scores_one_everywhere(task: Task, tmp_path: Path) -> None:
    """The witness snapshot scores 1.0 on every key, both files are written, and the exit code is 0."""
    outcome = verify(task, tmp_path, inputs(task, tmp_path))
    assert outcome.code == 0, outcome.stderr
    assert outcome.stderr == ""
    assert outcome.reward == dict.fromkeys(task.keys, 1.0)
    details = outcome.details
    assert (details["task"], details["status"], details["reason"]) == (task.name, "scored", None)
    assert details["metrics"] == outcome.reward


@pytest.mark.parametrize("task", TASKS)
def test_only_the_two_result_files_are_left(task: Task, tmp_path: Path) -> None:
    """Results are written atomically: the output directory holds exactly the two files, no temporaries."""
    verify(task, tmp_path, inputs(task, tmp_path))
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["details.json", "reward.json"]


@pytest.mark.parametrize("task", TASKS)
def test_missing_output_directories_are_created(task: Task, tmp_path: Path) -> None:
    """Results written into a directory that does not exist yet create it."""
    out = tmp_path / "not" / "yet" / "there"
    outcome = verify(task, tmp_path, inputs(task, tmp_path), out=out)
    assert outcome.code == 0, outcome.stderr
    assert outcome.reward == dict.fromkeys(task.keys, 1.0)
    assert outcome.details["status"] == "scored"


@pytest.mark.parametrize("task", TASKS)
def test_existing_results_are_replaced(task: Task, tmp_path: Path) -> None:
    """Stale result files from an earlier run are overwritten, not appended to or kept."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "reward.json").write_text('{"reward": 1.0, "stale": 1.0}', encoding="utf-8")
    (out / "details.json").write_text("not json", encoding="utf-8")
    outcome = verify(task, tmp_path, inputs(task, tmp_path, b"[]"))
    assert_failed_closed(task, outcome)


def test_correct_snapshot_under_python_312(tmp_path: Path) -> None:
    """The task container's Python 3.12 runs the generated verifier with the standard library alone."""
    if not PYTHON_312.is_file():
        pytest.skip(f"no Python 3.12 interpreter at {PYTHON_312} (the task image uses python:3.12-slim-bookworm)")
    for task in (READ_NAMED, NARRATIVE):
        work = tmp_path / task.name
        work.mkdir()
        outcome = verify(task, work, inputs(task, work), python=PYTHON_312)
        assert outcome.code == 0, outcome.stderr
        assert outcome.stderr == ""
        assert outcome.reward == dict.fromkeys(task.keys, 1.0)


# ---- file-level faults ----------------------------------------------------


def _with_replaced(old: str, new: str) -> Callable[[Task], bytes]:
    def make(task: Task) -> bytes:
        text = snapshot_text(task)
        assert old in text
        return text.replace(old, new, 1).encode()

    return make


FAULTS: dict[str, Callable[[Task], bytes]] = {
    "empty": lambda task: b"",
    "whitespace-only": lambda task: b" \n\t\n",
    "invalid-json": lambda task: snapshot_text(task)[:-1].encode(),
    "trailing-garbage": lambda task: snapshot_text(task).encode() + b" x",
    "invalid-utf8": lambda task: snapshot_text(task).replace("Maya", "M\udcffya", 1).encode("utf-8", "surrogateescape"),
    "utf8-bom": lambda task: b"\xef\xbb\xbf" + snapshot_text(task).encode(),
    "utf16": lambda task: snapshot_text(task).encode("utf-16"),
    "nan": _with_replaced('"schema_version": 1', '"schema_version": NaN'),
    "infinity": _with_replaced('"schema_version": 1', '"schema_version": Infinity'),
    "minus-infinity": _with_replaced('"schema_version": 1', '"schema_version": -Infinity'),
    "deep-list": lambda task: b"[" * 100_000 + b"]" * 100_000,
    "deep-object": lambda task: b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "huge-integer": _with_replaced('"schema_version": 1', '"schema_version": ' + "1" * 5000),
    "root-list": lambda task: f"[{snapshot_text(task)}]".encode(),
    "root-string": lambda task: b'"buzz-evidence"',
    "root-number": lambda task: b"1",
    "root-null": lambda task: b"null",
    "root-true": lambda task: b"true",
    "duplicate-key": lambda task: ('{"schema_version": 2, ' + snapshot_text(task)[1:]).encode(),
    "duplicate-key-nested": _with_replaced('"trial": {', '"trial": {"run_id": "run-shadow", '),
}


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("task", TASKS)
def test_malformed_evidence_fails_closed(task: Task, fault: str, tmp_path: Path) -> None:
    """Whatever the evidence bytes, the verifier exits 0 without a traceback and writes all-zero results with a reason."""
    outcome = verify(task, tmp_path, inputs(task, tmp_path, FAULTS[fault](task)))
    assert_failed_closed(task, outcome)


@pytest.mark.parametrize("task", TASKS)
def test_missing_evidence_file_fails_closed(task: Task, tmp_path: Path) -> None:
    """A path to a file that does not exist fails closed with a reason naming the problem."""
    args = inputs(task, tmp_path)
    (tmp_path / "buzz-evidence.json").unlink()
    assert "cannot read" in assert_failed_closed(task, verify(task, tmp_path, args))


@pytest.mark.parametrize("task", TASKS)
def test_evidence_directory_fails_closed(task: Task, tmp_path: Path) -> None:
    """A directory where the evidence file should be fails closed."""
    args = inputs(task, tmp_path)
    path = tmp_path / "buzz-evidence.json"
    path.unlink()
    path.mkdir()
    assert "directory" in assert_failed_closed(task, verify(task, tmp_path, args))


@pytest.mark.parametrize("task", TASKS)
def test_missing_evidence_flag_fails_closed(task: Task, tmp_path: Path) -> None:
    """Without --evidence there is nothing to score: all zeros with a reason."""
    args = inputs(task, tmp_path)
    index = args.index("--evidence")
    del args[index : index + 2]
    assert "--evidence" in assert_failed_closed(task, verify(task, tmp_path, args))


# ---- arguments --------------------------------------------------------------


@pytest.mark.parametrize("task", TASKS)
@pytest.mark.parametrize("missing", ["--reward", "--details"])
def test_missing_result_path_exits_2(task: Task, missing: str, tmp_path: Path) -> None:
    """Without a place to write results the verifier exits 2 with usage on stderr, no traceback and no files."""
    out = tmp_path / "out"
    kept = "--details" if missing == "--reward" else "--reward"
    args = [*inputs(task, tmp_path), kept, str(out / f"{kept.strip('-')}.json")]
    outcome = verify(task, tmp_path, args, outputs=False)
    assert outcome.code == 2
    assert "Traceback" not in outcome.stderr
    assert "--reward and --details are required" in outcome.stderr
    assert not out.exists()


@pytest.mark.parametrize("task", TASKS)
@pytest.mark.parametrize(
    "extra",
    [
        pytest.param(["--verbose"], id="unknown-flag"),
        pytest.param(["--evid", "x.json"], id="abbreviation"),
        pytest.param(["stray"], id="positional"),
    ],
)
def test_unknown_argument_fails_closed(task: Task, extra: list[str], tmp_path: Path) -> None:
    """An argument the verifier does not know is never ignored: all zeros with a reason naming it."""
    reason = assert_failed_closed(task, verify(task, tmp_path, [*inputs(task, tmp_path), *extra]))
    assert extra[0] in reason


def test_skill_file_given_to_narrative_fails_closed(tmp_path: Path) -> None:
    """The narrative verifier takes no --skill-file; passing one is an unknown argument."""
    skill = tmp_path / "SKILL.md"
    skill.write_text("CHECK_ID: chc-0123456789abcdef01234567\n", encoding="utf-8")
    args = [*inputs(NARRATIVE, tmp_path), "--skill-file", str(skill)]
    assert "--skill-file" in assert_failed_closed(NARRATIVE, verify(NARRATIVE, tmp_path, args))


def test_help_flag_still_writes_results(tmp_path: Path) -> None:
    """Fail closed whatever the arguments: even --help alongside the result paths leaves both files behind."""
    outcome = verify(NARRATIVE, tmp_path, [*inputs(NARRATIVE, tmp_path), "--help"])
    assert_failed_closed(NARRATIVE, outcome)


def test_flag_without_value_fails_closed(tmp_path: Path) -> None:
    """A flag missing its value is a usage error that still writes all-zero results."""
    args = [*inputs(NARRATIVE, tmp_path), "--evidence"]
    assert "bad arguments" in assert_failed_closed(NARRATIVE, verify(NARRATIVE, tmp_path, args))


# ---- --skill-file -----------------------------------------------------------


def _skill_args(tmp_path: Path) -> tuple[list[str], Path]:
    args = inputs(READ_NAMED, tmp_path)
    return args, Path(args[args.index("--skill-file") + 1])


def test_missing_skill_flag_fails_closed(tmp_path: Path) -> None:
    """Without --skill-file the expectations are unknown: all zeros with a reason."""
    args, _ = _skill_args(tmp_path)
    index = args.index("--skill-file")
    del args[index : index + 2]
    assert "--skill-file" in assert_failed_closed(READ_NAMED, verify(READ_NAMED, tmp_path, args))


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda path: path.unlink(), id="missing"),
        pytest.param(lambda path: (path.unlink(), path.mkdir()), id="directory"),
        pytest.param(lambda path: path.write_bytes(b"CHECK_ID: chc-\xff\xfe\nACTION: x\n"), id="invalid-utf8"),
    ],
)
def test_unreadable_skill_file_fails_closed(damage: Callable[[Path], Any], tmp_path: Path) -> None:
    """A skill file that is missing, a directory or not UTF-8 scores all zeros with a reason naming it."""
    args, skill = _skill_args(tmp_path)
    damage(skill)
    assert "skill" in assert_failed_closed(READ_NAMED, verify(READ_NAMED, tmp_path, args))
