"""The shared command line checks the grader's seal first and reads input files only from a trusted chain."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from verifuzz.strategies.read_named_path_outside_workspace import SKILL_FLAG, skill_text, trial
from verifuzz.verifiers import runner
from verifuzz.verifiers.read_named_path_outside_workspace import TASK
from verifuzz.verifiers.runner import run
from verifuzz.strategies.tasks import TASKS_DIR

CHECK_ID = "chc-" + "1" * 24
ZEROS = dict.fromkeys(("reward", *TASK.dimensions), 0.0)
ONES = dict.fromkeys(("reward", *TASK.dimensions), 1.0)
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="setting file owners needs root")


@pytest.fixture
def skill(tmp_path: Path) -> Path:
    """A SKILL.md under `<tmp>/claude/skills/`, root's and closed to others, as the image leaves it."""
    path = tmp_path / "claude" / "skills" / "SKILL.md"
    path.parent.mkdir(parents=True)
    path.write_text(skill_text(CHECK_ID), encoding="utf-8")
    return path


def scored(tmp_path: Path, *extra: str, reply_marker: str = CHECK_ID) -> tuple[int, dict[str, Any], dict[str, Any]]:
    evidence = tmp_path / "evidence.json"
    evidence.write_text(json.dumps(trial(check_id=reply_marker).snapshot()), encoding="utf-8")
    code = run(TASK, ["--evidence", str(evidence), "--reward", str(tmp_path / "out" / "reward.json"),
                      "--details", str(tmp_path / "out" / "details.json"), *extra])
    return (code, json.loads((tmp_path / "out" / "reward.json").read_text(encoding="utf-8")),
            json.loads((tmp_path / "out" / "details.json").read_text(encoding="utf-8")))


def test_a_trusted_skill_file_is_scored(tmp_path: Path, skill: Path) -> None:
    """With the default trust root (/) and owners (root and the grader), a file in a closed chain is scored normally."""
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(skill))
    assert (code, reward, details["status"]) == (0, ONES, "scored")
    assert "seal" not in details


@needs_root
def test_the_trusted_owner_flag_replaces_the_defaults(tmp_path: Path, skill: Path) -> None:
    """`--trusted-owner` (repeatable) is the whole set: root's file is refused when only 5 and 7 are trusted."""
    root = skill.parents[1]
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(skill), "--trust-root", str(root),
                                   "--trusted-owner", "7", "--trusted-owner", "5")
    assert (code, reward) == (0, ZEROS)
    assert details["reason"] == (f"untrusted skill-file file: {root} is owned by uid 0, not a trusted account (5, 7), "
                                 "so that account could have rewritten it")


@needs_root
def test_a_skill_file_owned_by_the_agent_fails_closed(tmp_path: Path, skill: Path) -> None:
    """The agent's own SKILL.md, answered from, scores all zeros with the reason naming the file and its owner."""
    os.chown(skill, 1000, 1000)
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(skill), "--trust-root", str(skill.parents[1]),
                                   "--trusted-owner", "0")
    assert (code, reward) == (0, ZEROS)
    assert details["reason"] == (f"untrusted skill-file file: {skill} is owned by uid 1000, not a trusted account (0), "
                                 "so that account could have rewritten it")


def test_a_writable_skill_file_fails_closed(tmp_path: Path, skill: Path) -> None:
    """A SKILL.md others may write scores all zeros, whoever owns it."""
    skill.chmod(0o666)
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(skill))
    assert (code, reward) == (0, ZEROS)
    assert details["reason"] == (f"untrusted skill-file file: {skill} is writable by its group and others (mode 0666), "
                                 "so an untrusted account could have rewritten it")


@pytest.mark.parametrize("owner", ["root", "-1", "1.5", "٣", ""])
def test_a_trusted_owner_that_is_not_a_numeric_id_fails_closed(tmp_path: Path, skill: Path, owner: str) -> None:
    """`--trusted-owner` takes ASCII digits only; anything else is named in the reason, never guessed."""
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(skill), "--trusted-owner", "0", "--trusted-owner", owner)
    assert (code, reward) == (0, ZEROS)
    assert details["reason"] == f"--trusted-owner takes numeric user ids, got 0 {owner}"


def test_an_oversized_skill_file_fails_closed(tmp_path: Path, skill: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An input larger than the byte limit is refused, and one exactly at the limit is read."""
    size = len(skill.read_bytes())
    monkeypatch.setattr(runner, "MAX_EVIDENCE_BYTES", size - 1)
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(skill))
    assert details["reason"] == f"skill-file file {skill} is larger than {size - 1} bytes"
    monkeypatch.setattr(runner, "MAX_EVIDENCE_BYTES", size)
    assert runner.read_trusted_text(str(skill), "skill-file", "/", frozenset({os.geteuid()})) == skill_text(CHECK_ID)


def test_a_skill_file_that_is_a_folder_is_named_as_one(tmp_path: Path) -> None:
    """A folder given as the input keeps the reader's own wording."""
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(tmp_path))
    assert details["reason"] == f"skill-file path {tmp_path} is a directory, not a file"


def test_an_input_outside_the_trust_root_fails_closed(tmp_path: Path, skill: Path) -> None:
    """An input that is not under `--trust-root` is refused, naming both."""
    other = tmp_path / "elsewhere"
    other.mkdir()
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(skill), "--trust-root", str(other))
    assert details["reason"] == f"untrusted skill-file file: {skill} is not inside the trust root {other}"


def sealed_copy(tmp_path: Path) -> Path:
    """A copy of the shipped read-named-path grader with its seal."""
    tests = tmp_path / "grader"
    shutil.copytree(TASKS_DIR / TASK.name / "tests", tests)
    return tests


def test_an_intact_seal_is_recorded_in_the_details(tmp_path: Path, skill: Path) -> None:
    """With `--seal` on an intact grader the run is scored and details.json carries the manifest's digest and count."""
    seal = sealed_copy(tmp_path) / "SEAL"
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(skill), "--seal", str(seal))
    assert (code, reward) == (0, ONES)
    assert details["seal"] == {"manifest": str(seal), "sha256": hashlib.sha256(seal.read_bytes()).hexdigest(),
                               "files": 2, "intact": True}


def test_a_broken_seal_fails_closed_before_anything_is_read(tmp_path: Path) -> None:
    """A grader that differs from its seal scores all zeros naming every difference, without reading the evidence."""
    tests = sealed_copy(tmp_path)
    (tests / "verify.py").write_text("", encoding="utf-8")
    (tests / "extra.py").write_text("", encoding="utf-8")
    code = run(TASK, ["--seal", str(tests / "SEAL"), "--evidence", str(tmp_path / "absent.json"),
                      "--reward", str(tmp_path / "reward.json"), "--details", str(tmp_path / "details.json"),
                      SKILL_FLAG, str(tmp_path / "absent.md")])
    details = json.loads((tmp_path / "details.json").read_text(encoding="utf-8"))
    assert code == 0 and json.loads((tmp_path / "reward.json").read_text(encoding="utf-8")) == ZEROS
    assert details["reason"] == ("grader seal broken: extra.py: extra file, not in the seal; verify.py: changed (sha256 "
                                 f"{hashlib.sha256(b'').hexdigest()[:12]}, 0 bytes; sealed "
                                 f"{_sealed_digest(tests)[:12]}, {_sealed_size(tests)} bytes)")
    assert details["seal"]["intact"] is False and details["seal"]["files"] == 2


def _sealed_line(tests: Path) -> list[str]:
    return next(line for line in (tests / "SEAL").read_text(encoding="utf-8").splitlines() if line.startswith("verify.py,")).split(",")


def _sealed_digest(tests: Path) -> str:
    return _sealed_line(tests)[1].removeprefix("sha256=")


def _sealed_size(tests: Path) -> str:
    return _sealed_line(tests)[2]


def test_a_missing_seal_fails_closed(tmp_path: Path, skill: Path) -> None:
    """`--seal` naming no file scores all zeros: a grader that cannot show its seal is not trusted."""
    code, reward, details = scored(tmp_path, SKILL_FLAG, str(skill), "--seal", str(tmp_path / "SEAL"))
    assert reward == ZEROS
    assert details["reason"] == f"grader seal broken: {tmp_path / 'SEAL'}: cannot read: No such file or directory"
    assert details["seal"] == {"manifest": str(tmp_path / "SEAL"), "sha256": None, "files": 0, "intact": False}
