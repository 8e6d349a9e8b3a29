"""What the shared verifier command line writes: the format of both files, clipped details, atomic writes."""
from __future__ import annotations

import errno
import json
import math
import os
from pathlib import Path
from typing import Any

import pytest

from verifuzz.strategies.narrative_agent_names import trial
from verifuzz.verifiers.runner import FAILED_CLOSED, MAX_DETAIL_CHARS, SCORED, run, write_json_atomic
from verifuzz.verifiers.verdict import TaskSpec, Verdict

DIMENSIONS = ("first", "second")


def probe(details: dict[str, Any]) -> TaskSpec:
    """A task that passes every dimension and reports `details`, whatever the evidence says."""
    return TaskSpec("probe", DIMENSIONS, lambda evidence, inputs: Verdict(dict.fromkeys(DIMENSIONS, True), details))


def call(tmp_path: Path, task: TaskSpec, evidence: bytes | None = None) -> tuple[int, Path, Path]:
    """Run `task` in-process on `evidence` (default: a correct snapshot); return the exit code and both paths."""
    path = tmp_path / "evidence.json"
    path.write_bytes(json.dumps(trial().snapshot()).encode() if evidence is None else evidence)
    reward, details = tmp_path / "out" / "reward.json", tmp_path / "out" / "details.json"
    code = run(task, ["--evidence", str(path), "--reward", str(reward), "--details", str(details)])
    return code, reward, details


def details_of(tmp_path: Path, details: dict[str, Any]) -> dict[str, Any]:
    code, _, path = call(tmp_path, probe(details))
    assert code == 0
    return json.loads(path.read_text())


# ---- the format of reward.json and details.json ---------------------------------------------


def test_reward_file_is_two_space_indented_json_with_a_final_newline(tmp_path: Path) -> None:
    """reward.json's exact text is part of the contract: `reward` first, two-space indent, one trailing newline."""
    _, reward, _ = call(tmp_path, probe({}))
    assert reward.read_text() == '{\n  "reward": 1.0,\n  "first": 1.0,\n  "second": 1.0\n}\n'


def test_failed_closed_reward_file_has_the_same_layout(tmp_path: Path) -> None:
    """A fail-closed reward.json is laid out exactly like a scored one, with every value 0.0."""
    _, reward, _ = call(tmp_path, probe({}), b"{}")
    assert reward.read_text() == '{\n  "reward": 0.0,\n  "first": 0.0,\n  "second": 0.0\n}\n'


def test_details_file_is_plain_ascii(tmp_path: Path) -> None:
    """Non-ASCII text in details.json is written as \\u escapes, so the file is ASCII whatever the locale."""
    _, _, path = call(tmp_path, probe({"quote": "caf\u00e9 \u2014 done \u2713"}))
    raw = path.read_bytes()
    assert raw.isascii() and b'"quote": "caf\\u00e9 \\u2014 done \\u2713"' in raw
    assert raw.startswith(b'{\n  "task": "probe",\n') and raw.endswith(b"\n}\n")
    assert json.loads(raw)["quote"] == "caf\u00e9 \u2014 done \u2713"


def test_details_lead_with_the_summary_then_the_task_details(tmp_path: Path) -> None:
    """details.json starts with task, status, reason, evidence and metrics, then whatever the task reported."""
    details = details_of(tmp_path, {"checked": ["a", "b"], "count": 2})
    assert list(details) == ["task", "status", "reason", "evidence", "metrics", "checked", "count"]
    assert details["status"] == SCORED and details["reason"] is None
    assert details["checked"] == ["a", "b"] and details["count"] == 2


# ---- clipping what details.json quotes ------------------------------------------------------


def test_text_of_exactly_the_limit_is_quoted_whole(tmp_path: Path) -> None:
    """A string of exactly MAX_DETAIL_CHARS characters is not clipped."""
    text = "a" * MAX_DETAIL_CHARS
    assert details_of(tmp_path, {"text": text})["text"] == text


def test_text_past_the_limit_says_exactly_how_much_was_left_out(tmp_path: Path) -> None:
    """A longer string keeps its first MAX_DETAIL_CHARS characters and counts the rest."""
    text = "a" * MAX_DETAIL_CHARS + "b" * 7
    assert details_of(tmp_path, {"text": text})["text"] == "a" * MAX_DETAIL_CHARS + "... [7 more characters]"


def test_clipping_reaches_into_nested_objects_and_lists(tmp_path: Path) -> None:
    """Long strings are clipped at any depth, keys are kept, and tuples are written as lists."""
    long = "x" * (MAX_DETAIL_CHARS + 1)
    clipped = "x" * MAX_DETAIL_CHARS + "... [1 more characters]"
    details = details_of(tmp_path, {"outer": {"inner": long, "list": [long, "short"], "pair": (long, 1)}})
    assert details["outer"] == {"inner": clipped, "list": [clipped, "short"], "pair": [clipped, 1]}


def test_non_string_keys_are_written_as_strings(tmp_path: Path) -> None:
    """Object keys that are not strings are written as their str(), at any depth."""
    details = details_of(tmp_path, {"by_index": {0: "zero", 1: {2: "two"}}})
    assert details["by_index"] == {"0": "zero", "1": {"2": "two"}}


def test_non_finite_numbers_become_null_and_finite_ones_stay(tmp_path: Path) -> None:
    """NaN and infinities, which JSON cannot hold, are written as null; finite floats are kept."""
    details = details_of(tmp_path, {"ratio": 0.25, "bad": math.nan, "nested": [math.inf, -math.inf, 1.5]})
    assert details["ratio"] == 0.25 and details["bad"] is None and details["nested"] == [None, None, 1.5]


def test_a_long_reason_is_stated_in_full(tmp_path: Path) -> None:
    """The reason is never clipped: a person needs all of it to act on it."""
    key = "k" * (MAX_DETAIL_CHARS + 100)
    _, reward, path = call(tmp_path, probe({}), f'{{"{key}": 1, "{key}": 2}}'.encode())
    details = json.loads(path.read_text())
    assert details["status"] == FAILED_CLOSED and json.loads(reward.read_text())["reward"] == 0.0
    assert details["reason"] == f"evidence repeats the key {key!r} in one object; it is ambiguous"


# ---- writing atomically ---------------------------------------------------------------------


def test_missing_result_directories_are_created(tmp_path: Path) -> None:
    """Result paths several directories deep are written, creating every missing directory."""
    evidence = tmp_path / "evidence.json"
    evidence.write_bytes(json.dumps(trial().snapshot()).encode())
    reward, details = tmp_path / "a" / "b" / "reward.json", tmp_path / "c" / "d" / "e" / "details.json"
    assert run(probe({}), ["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text())["reward"] == 1.0 and json.loads(details.read_text())["task"] == "probe"


def test_results_are_renamed_into_place_from_a_hidden_temp_file_beside_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file is written to a hidden `.NAME.*.tmp` file in its own directory, then renamed onto NAME."""
    renames: list[tuple[Path, Path]] = []
    real_replace = os.replace

    def spy(source: str, target: str) -> None:
        renames.append((Path(source), Path(target)))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", spy)
    target = tmp_path / "out" / "reward.json"
    write_json_atomic(str(target), {"reward": 1.0})
    [(source, renamed)] = renames
    assert renamed == target and source.parent == target.parent
    assert source.name.startswith(".reward.json.") and source.name.endswith(".tmp")
    assert [p.name for p in target.parent.iterdir()] == ["reward.json"]


def test_a_failed_rename_is_reported_as_itself_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the rename fails after the temp file vanished, the rename's own error reaches the caller."""

    def vanish_then_fail(source: str, target: str) -> None:
        os.unlink(source)
        raise OSError(errno.EIO, "rename refused")

    monkeypatch.setattr(os, "replace", vanish_then_fail)
    with pytest.raises(OSError, match="rename refused"):
        write_json_atomic(str(tmp_path / "reward.json"), {"reward": 1.0})
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_removes_its_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rename that fails leaves neither the target nor a temp file behind."""

    def refuse(source: str, target: str) -> None:
        raise OSError(errno.EIO, "rename refused")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="rename refused"):
        write_json_atomic(str(tmp_path / "reward.json"), {"reward": 1.0})
    assert list(tmp_path.iterdir()) == []


def test_non_finite_numbers_are_refused_not_written(tmp_path: Path) -> None:
    """write_json_atomic writes strict JSON: NaN or an infinity raises ValueError and nothing is written."""
    for value in (math.nan, math.inf):
        with pytest.raises(ValueError):
            write_json_atomic(str(tmp_path / "reward.json"), {"reward": value})
    assert list(tmp_path.iterdir()) == []
