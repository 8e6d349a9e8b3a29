"""The shared verifier command line's arguments: help, usage errors, odd flags and task input files."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from verifuzz.strategies.narrative_agent_names import trial
from verifuzz.verifiers import narrative_agent_names, read_named_path_outside_workspace
from verifuzz.verifiers.runner import SCORED, run
from verifuzz.verifiers.verdict import Input, TaskSpec, Verdict

TASK = narrative_agent_names.TASK
ZEROS = dict.fromkeys(("reward", *TASK.dimensions), 0.0)
TRUST_HELP = {
    "--trust-root": "top folder of the checked chain: from it down to each input file, every folder and the file "
                    "must be owned by a trusted account and writable by no one else (default /)",
    "--trusted-owner": "numeric user id trusted to own input files; repeatable (default: root and the account "
                       "running the verifier)",
}
COMMON_FLAGS = {
    "--evidence": "buzz-evidence.json written by the harness",
    "--reward": "where to write reward.json",
    "--details": "where to write details.json",
}


def evidence_file(tmp_path: Path) -> Path:
    path = tmp_path / "evidence.json"
    path.write_text(json.dumps(trial().snapshot()))
    return path


def results(tmp_path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    return json.loads((tmp_path / "reward.json").read_text()), json.loads((tmp_path / "details.json").read_text())


def described(help_text: str) -> dict[str, str]:
    """Each option in argparse's help and its description (on the option's line, or the next when it is long)."""
    lines = help_text.split("options:\n", 1)[1].splitlines()
    options = {}
    for index, line in enumerate(lines):
        if line.startswith("  -"):
            flag, _, rest = line.strip().partition(" ")
            words = rest.split(None, 1)  # the metavar, then the description if it fits
            options[flag] = words[1] if len(words) == 2 else lines[index + 1].strip()
    return options


# ---- help and usage -------------------------------------------------------------------------


@pytest.mark.parametrize("task", [TASK, read_named_path_outside_workspace.TASK], ids=lambda task: task.name)
@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_help_alone_describes_every_flag(
    task: TaskSpec, flag: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-h` or `--help` alone exits 0 and prints the task's name, what it does, and each flag with its help."""
    monkeypatch.setenv("COLUMNS", "1000")  # keep argparse from wrapping lines
    assert run(task, [flag]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(f"usage: verify.py ({task.name}) ")
    assert f"Score a Buzz evidence snapshot for {task.name}; always writes both result files." in out
    options = described(out)
    trust = {"--trust-root", "--trusted-owner"} if task.inputs else set()
    assert set(options) == {*COMMON_FLAGS, "--seal", *(item.flag for item in task.inputs), *trust}
    assert {flag: options[flag] for flag in COMMON_FLAGS} == COMMON_FLAGS
    assert all(options[item.flag] == item.help for item in task.inputs)
    assert options["--seal"] == "the grader's seal manifest (tests/SEAL), checked before anything is scored"
    assert {flag: options[flag] for flag in trust} == {flag: TRUST_HELP[flag] for flag in trust}


@pytest.mark.parametrize("given", ["--reward", "--details"])
def test_one_result_path_alone_is_a_usage_error(
    tmp_path: Path, given: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """With only one of --reward and --details nothing is scored or written; usage goes to stderr, exit 2."""
    code = run(TASK, ["--evidence", str(evidence_file(tmp_path)), given, str(tmp_path / "result.json")])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"usage: verify.py ({TASK.name}) ")
    assert f"verify.py ({TASK.name}): --reward and --details are required; nothing was scored" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evidence.json"]


def test_arguments_are_read_from_the_process_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without an explicit argv, run() reads sys.argv after the program name."""
    monkeypatch.setattr(sys, "argv", ["verify.py", "--evidence", str(evidence_file(tmp_path)),
                                      "--reward", str(tmp_path / "reward.json"), "--details", str(tmp_path / "details.json")])
    assert run(TASK) == 0
    reward, details = results(tmp_path)
    assert reward == dict.fromkeys(ZEROS, 1.0) and details["status"] == SCORED


def test_abbreviated_flags_are_not_accepted(tmp_path: Path) -> None:
    """`--evid` is not taken for `--evidence`: an abbreviation is an unrecognised argument and fails closed."""
    evidence = evidence_file(tmp_path)
    code = run(TASK, ["--evid", str(evidence), "--reward", str(tmp_path / "reward.json"),
                      "--details", str(tmp_path / "details.json")])
    reward, details = results(tmp_path)
    assert code == 0 and reward == ZEROS
    assert details["reason"] == f"unrecognised arguments: --evid {evidence}"


# ---- finding the result paths when argparse gives up ----------------------------------------


def test_result_paths_containing_equals_signs_are_kept_whole(tmp_path: Path) -> None:
    """In `--reward=PATH`, only the first `=` separates flag from path."""
    folder = tmp_path / "a=b" / "c=d"
    code = run(TASK, [f"--reward={folder / 'reward.json'}", f"--details={folder / 'details.json'}", "--evidence"])
    reward, details = results(folder)
    assert code == 0 and reward == ZEROS
    assert details["reason"] == "bad arguments: argument --evidence: expected one argument"


def test_a_result_path_given_last_is_found(tmp_path: Path) -> None:
    """A `--reward PATH` pair at the very end of the arguments is found."""
    code = run(TASK, ["--evidence", "--details", str(tmp_path / "details.json"), "--reward", str(tmp_path / "reward.json")])
    reward, details = results(tmp_path)
    assert code == 0 and reward == ZEROS
    assert details["reason"] == "bad arguments: argument --evidence: expected one argument"


def test_a_result_flag_with_nothing_after_it_is_a_usage_error(tmp_path: Path) -> None:
    """`--reward` as the last word has no path, so nothing is written and the exit code is 2."""
    assert run(TASK, ["--details", str(tmp_path / "details.json"), "--evidence", "--reward"]) == 2
    assert list(tmp_path.iterdir()) == []


def test_a_flag_is_never_taken_for_a_result_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In `--reward --details D`, `--details` is not a path to write reward.json to: exit 2, nothing written."""
    monkeypatch.chdir(tmp_path)
    assert run(TASK, ["--reward", "--details", str(tmp_path / "details.json"), "--evidence"]) == 2
    assert list(tmp_path.iterdir()) == []


# ---- task input files -----------------------------------------------------------------------


def probe(*inputs: Input) -> TaskSpec:
    """A task reading `inputs` that passes its one dimension and reports what it parsed."""
    return TaskSpec("probe", ("ok",), lambda evidence, parsed: Verdict({"ok": True}, {"parsed": parsed}), inputs)


def run_with(tmp_path: Path, task: TaskSpec, *extra: str) -> tuple[int, dict[str, Any], dict[str, Any]]:
    code = run(task, ["--evidence", str(evidence_file(tmp_path)), "--reward", str(tmp_path / "reward.json"),
                      "--details", str(tmp_path / "details.json"), *extra])
    return (code, *results(tmp_path))


def test_input_files_are_parsed_and_passed_to_the_score_function(tmp_path: Path) -> None:
    """Each input file's text is parsed by its Input and reaches the score function under its dest name."""
    (tmp_path / "notes.txt").write_text("hello")
    task = probe(Input("--notes-file", "notes", str.upper))
    code, reward, details = run_with(tmp_path, task, "--notes-file", str(tmp_path / "notes.txt"))
    assert code == 0 and reward == {"reward": 1.0, "ok": 1.0}
    assert details["parsed"] == {"notes_file": "HELLO"}


def test_every_missing_flag_is_named(tmp_path: Path) -> None:
    """When several required flags are missing, the reason lists each one, separated by spaces."""
    task = probe(Input("--notes", "notes", str), Input("--rules", "rules", str))
    code = run(task, ["--reward", str(tmp_path / "reward.json"), "--details", str(tmp_path / "details.json")])
    reward, details = results(tmp_path)
    assert code == 0 and reward == {"reward": 0.0, "ok": 0.0}
    assert details["reason"] == "missing required arguments: --evidence --notes --rules"


@pytest.mark.parametrize(("flag", "name"), [("--skill-file", "skill-file"), ("--X-ray", "X-ray")])
def test_an_unreadable_input_file_is_named_by_its_flag(tmp_path: Path, flag: str, name: str) -> None:
    """A missing input file fails closed; the reason names the input as its flag without the leading dashes."""
    missing = tmp_path / "absent.txt"
    code, reward, details = run_with(tmp_path, probe(Input(flag, "an input", str)), flag, str(missing))
    assert code == 0 and reward == {"reward": 0.0, "ok": 0.0}
    assert details["reason"] == f"cannot read {name} file {missing}: No such file or directory"


def test_an_input_file_that_is_not_utf8_fails_closed(tmp_path: Path) -> None:
    """An input file with invalid UTF-8 fails closed, naming the input and the offending byte."""
    bad = tmp_path / "notes.txt"
    bad.write_bytes(b"ok \xff")
    code, reward, details = run_with(tmp_path, probe(Input("--notes", "notes", str)), "--notes", str(bad))
    assert code == 0 and reward == {"reward": 0.0, "ok": 0.0}
    assert details["reason"] == f"notes file {bad} is not valid UTF-8 (byte 3)"


@pytest.mark.parametrize(("error", "reason"), [
    (ValueError("no CHECK_ID line"), "unusable expectations: no CHECK_ID line"),
    (LookupError("no section 'rules'"), "verifier error: LookupError: no section 'rules'"),
], ids=["rejected", "parser-bug"])
def test_an_input_parser_that_raises_fails_closed(tmp_path: Path, error: Exception, reason: str) -> None:
    """A ValueError from an input's parser means unusable expectations; any other exception is a verifier error."""

    def parse(text: str) -> str:
        raise error

    (tmp_path / "notes.txt").write_text("hello")
    code, reward, details = run_with(tmp_path, probe(Input("--notes", "notes", parse)), "--notes", str(tmp_path / "notes.txt"))
    assert code == 0 and reward == {"reward": 0.0, "ok": 0.0}
    assert details["reason"] == reason
