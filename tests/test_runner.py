"""The shared verifier command line, called in-process: what it writes for every kind of input."""
from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path
from typing import Callable

import pytest

from verifuzz.strategies.narrative_agent_names import trial
from verifuzz.verifiers.narrative_agent_names import TASK
from verifuzz.verifiers.runner import FAILED_CLOSED, MAX_DETAIL_CHARS, SCORED, run

ZEROS = dict.fromkeys(("reward", *TASK.dimensions), 0.0)


def call(tmp_path: Path, evidence: bytes | None, *extra: str) -> tuple[int, dict, dict]:
    """Write `evidence` (None: no file), run the verifier in-process, read both results."""
    path = tmp_path / "evidence.json"
    if evidence is not None:
        path.write_bytes(evidence)
    out = tmp_path / "out"
    code = run(TASK, ["--evidence", str(path), "--reward", str(out / "reward.json"),
                      "--details", str(out / "details.json"), *extra])
    return code, json.loads((out / "reward.json").read_text()), json.loads((out / "details.json").read_text())


def witness_bytes() -> bytes:
    return json.dumps(trial().snapshot()).encode()


def test_correct_run_is_scored_with_details(tmp_path: Path) -> None:
    """A correct snapshot scores 1.0 everywhere and details say `scored`, with no reason."""
    code, reward, details = call(tmp_path, witness_bytes())
    assert code == 0
    assert reward == dict.fromkeys(("reward", *TASK.dimensions), 1.0)
    assert list(reward) == ["reward", *TASK.dimensions]
    assert details["status"] == SCORED and details["reason"] is None and details["task"] == TASK.name
    assert details["metrics"] == reward and details["evidence"].endswith("evidence.json")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["details.json", "reward.json"]


@pytest.mark.parametrize(
    ("evidence", "reason"),
    [
        (None, "cannot read evidence file"),
        (b"", "is empty"),
        (b"  \n", "is empty"),
        (b"\xef\xbb\xbf{}", "byte-order mark"),
        (b'{"a": "\xff"}', "not valid UTF-8 (byte 7)"),
        (b'{"a": 1,', "not valid JSON"),
        (b'{"a": NaN}', "non-JSON number NaN"),
        (b'{"a": -Infinity}', "non-JSON number -Infinity"),
        (b'{"a": 1, "a": 1}', "repeats the key 'a'"),
        (b"[" * 100_000 + b"]" * 100_000, "nests too deeply"),
        (b'{"a": ' + b"1" * 5_000 + b"}", "cannot be decoded"),
        (b"[]", "expected an object, found list"),
        (b'{"schema_version": 2}', "schema_version: expected 1, found 2"),
        (b'{"schema_version": true}', "schema_version: expected 1, found True"),
    ],
)
def test_unusable_evidence_fails_closed_with_its_reason(tmp_path: Path, evidence: bytes | None, reason: str) -> None:
    """Each file-level fault writes all zeros, status failed_closed and a reason naming the fault."""
    code, reward, details = call(tmp_path, evidence)
    assert code == 0
    assert reward == ZEROS and list(reward) == list(ZEROS)
    assert details["status"] == FAILED_CLOSED
    assert reason in details["reason"]


def test_directory_instead_of_file_fails_closed(tmp_path: Path) -> None:
    """An evidence path that is a directory is named as such."""
    (tmp_path / "evidence.json").mkdir()
    _, reward, details = call(tmp_path, None)
    assert reward == ZEROS and "is a directory" in details["reason"]


def test_oversized_file_fails_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file past the size limit is refused before it is decoded."""
    monkeypatch.setattr("verifuzz.verifiers.runner.MAX_EVIDENCE_BYTES", 10)
    _, reward, details = call(tmp_path, b'{"schema_version": 1}')
    assert reward == ZEROS and "larger than 10 bytes" in details["reason"]


@pytest.mark.parametrize(("slack", "scored"), [(0, True), (-1, False)])
def test_size_limit_is_inclusive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, slack: int, scored: bool) -> None:
    """A file of exactly MAX_EVIDENCE_BYTES is scored; one byte more is refused, naming the limit."""
    evidence = witness_bytes()
    limit = len(evidence) + slack
    monkeypatch.setattr("verifuzz.verifiers.runner.MAX_EVIDENCE_BYTES", limit)
    _, reward, details = call(tmp_path, evidence)
    if scored:
        assert reward == dict.fromkeys(ZEROS, 1.0) and details["status"] == SCORED
    else:
        assert reward == ZEROS
        assert details["reason"] == f"evidence file {tmp_path / 'evidence.json'} is larger than {limit} bytes"


def guarded(fifo: Path, call_verifier: Callable[[], tuple[int, dict, dict]]) -> tuple[int, dict, dict]:
    """Call the verifier; should it block on `fifo` for 3 s, open the pipe's other end so the suite never hangs, and fail."""
    gave_up = threading.Event()

    def give_up() -> None:
        gave_up.set()
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # a reader is waiting, so this open succeeds

    timer = threading.Timer(3.0, give_up)
    timer.start()
    try:
        result = call_verifier()
    finally:
        timer.cancel()
        timer.join()
    assert not gave_up.is_set(), "the verifier blocked on a FIFO"
    return result


def stat_of(mode: int, size: int) -> os.stat_result:
    """What `os.stat` would say of a file with this type, permissions and size."""
    return os.stat_result((mode, 0, 0, 1, 0, 0, size, 0, 0, 0))


def test_a_fifo_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    """Evidence that is a FIFO with no writer fails closed at once, naming what the path is, and writes both files."""
    fifo = tmp_path / "evidence.json"
    os.mkfifo(fifo)
    code, reward, details = guarded(fifo, lambda: call(tmp_path, None))
    assert code == 0 and reward == ZEROS
    assert details["reason"] == f"evidence path {fifo} is a FIFO (named pipe), not a regular file; nothing was read from it"


@pytest.mark.parametrize(("target", "found"), [("/dev/null", "a character device"), ("/dev/zero", "a character device")])
def test_a_device_is_refused_before_it_is_opened(tmp_path: Path, target: str, found: str) -> None:
    """Evidence linked to a device fails closed naming the kind of file, instead of reading it."""
    (tmp_path / "evidence.json").symlink_to(target)
    _, reward, details = call(tmp_path, None)
    assert reward == ZEROS
    assert details["reason"] == f"evidence path {tmp_path / 'evidence.json'} is {found}, not a regular file; nothing was read from it"


def test_a_path_that_becomes_a_fifo_after_the_check_still_never_blocks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the evidence path turn into a FIFO between the type check and the open, the open does not block: it reads nothing."""
    fifo = tmp_path / "evidence.json"
    os.mkfifo(fifo)
    monkeypatch.setattr("verifuzz.verifiers.runner._stat", lambda path: stat_of(stat.S_IFREG | 0o644, 0))
    _, reward, details = guarded(fifo, lambda: call(tmp_path, None))
    assert reward == ZEROS and details["reason"] == f"evidence file {fifo} is empty"


@pytest.mark.parametrize(
    ("mode", "found"),
    [(stat.S_IFDIR, "a directory"), (stat.S_IFIFO, "a FIFO (named pipe)"), (stat.S_IFCHR, "a character device"),
     (stat.S_IFBLK, "a block device"), (stat.S_IFSOCK, "a socket"), (0, "of an unknown type")],
)
def test_each_kind_of_non_regular_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: int, found: str) -> None:
    """The reason says which kind of file the path is, for every kind that is not a regular file."""
    monkeypatch.setattr("verifuzz.verifiers.runner._stat", lambda path: stat_of(mode | 0o644, 10))
    _, reward, details = call(tmp_path, witness_bytes())
    assert reward == ZEROS
    assert details["reason"] == f"evidence path {tmp_path / 'evidence.json'} is {found}, not a regular file; nothing was read from it"


def test_missing_file_reason_is_the_system_message(tmp_path: Path) -> None:
    """A file that does not exist is named, with the operating system's plain explanation."""
    _, reward, details = call(tmp_path, None)
    assert reward == ZEROS
    assert details["reason"] == f"cannot read evidence file {tmp_path / 'evidence.json'}: No such file or directory"


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        (["--bogus", "1"], "unrecognised arguments: --bogus 1"),
        (["--help"], "unrecognised arguments: --help"),
        (["--evidence"], "bad arguments"),
    ],
)
def test_odd_arguments_still_write_zeros(tmp_path: Path, extra: list[str], reason: str) -> None:
    """Unknown flags, --help among real arguments and a flag missing its value all fail closed."""
    code, reward, details = call(tmp_path, witness_bytes(), *extra)
    assert code == 0 and reward == ZEROS and reason in details["reason"]


def test_results_found_by_hand_when_argparse_gives_up(tmp_path: Path) -> None:
    """`--reward=PATH` forms are found even when the arguments cannot be parsed."""
    code = run(TASK, [f"--reward={tmp_path / 'r.json'}", "--details", str(tmp_path / "d.json"), "--evidence"])
    assert code == 0
    assert json.loads((tmp_path / "r.json").read_text()) == ZEROS
    assert "bad arguments" in json.loads((tmp_path / "d.json").read_text())["reason"]


def test_missing_evidence_flag_fails_closed(tmp_path: Path) -> None:
    """Without --evidence there is nothing to score, and the reason says which flag is missing."""
    code = run(TASK, ["--reward", str(tmp_path / "r.json"), "--details", str(tmp_path / "d.json")])
    assert code == 0
    assert json.loads((tmp_path / "d.json").read_text())["reason"] == "missing required arguments: --evidence"


def test_nowhere_to_write_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --reward and --details the verifier exits 2 and says so."""
    assert run(TASK, ["--evidence", str(tmp_path / "e.json")]) == 2
    assert "--reward and --details are required" in capsys.readouterr().err


def test_plain_help_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    """`--help` alone prints the usage and exits 0."""
    assert run(TASK, ["--help"]) == 0
    assert "--evidence" in capsys.readouterr().out


def test_unwritable_results_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """When the result path cannot be written the verifier says so and exits 1, leaving no temp file."""
    blocked = tmp_path / "reward.json"
    blocked.mkdir()
    (tmp_path / "e.json").write_bytes(witness_bytes())
    code = run(TASK, ["--evidence", str(tmp_path / "e.json"), "--reward", str(blocked), "--details", str(tmp_path / "d.json")])
    assert code == 1
    assert "cannot write results" in capsys.readouterr().err
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_long_reply_is_clipped_in_details(tmp_path: Path) -> None:
    """details.json quotes at most MAX_DETAIL_CHARS of a reply and says how much was left out."""
    run_ = trial()
    run_.final()["content"] += "x" * (MAX_DETAIL_CHARS + 50)
    _, _, details = call(tmp_path, json.dumps(run_.snapshot()).encode())
    quoted = details["final_reply_content"]
    assert quoted.startswith("Aurora Audit Bot") and len(quoted) < MAX_DETAIL_CHARS + 40
    assert quoted.endswith("more characters]")


def test_a_fifo_given_as_an_input_file_is_refused_and_both_files_written(tmp_path: Path) -> None:
    """A task input (read-named-path's --skill-file) that is a FIFO fails closed at once, naming the input."""
    from verifuzz.strategies.read_named_path_outside_workspace import trial as named_path_trial
    from verifuzz.verifiers.read_named_path_outside_workspace import TASK as NAMED_PATH

    evidence = tmp_path / "evidence.json"
    evidence.write_text(json.dumps(named_path_trial().snapshot()))
    skill = tmp_path / "SKILL.md"
    os.mkfifo(skill)
    out = tmp_path / "out"
    argv = ["--evidence", str(evidence), "--skill-file", str(skill), "--reward", str(out / "reward.json"),
            "--details", str(out / "details.json")]
    code = guarded(skill, lambda: (run(NAMED_PATH, argv), {}, {}))[0]
    reward = json.loads((out / "reward.json").read_text())
    details = json.loads((out / "details.json").read_text())
    assert code == 0 and set(reward.values()) == {0.0}
    assert details["reason"] == f"untrusted skill-file file: {skill} is a FIFO (named pipe), not a regular file"
