"""`verifuzz check`, `audit`, `replay` and `promises`: exit codes, reports and saved counterexamples."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest

import verifuzz.verifiers.narrative_agent_names as narrative
from verifuzz.properties.registry import PROPERTIES, Property, register
from verifuzz.strategies.tasks import TASKS_DIR
from verifuzz.cli import main

NARRATIVE_DIR = str(TASKS_DIR / "narrative-agent-names")
READ_PATH_DIR = str(TASKS_DIR / "read-named-path-outside-workspace")


@pytest.fixture
def wakes_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant a fail-open bug in the shipped narrative verifier: it never notices a wake."""
    monkeypatch.setattr(narrative, "quiet", lambda message, bot_pubkeys: True)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_passes_a_sound_verifier(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A verifier that keeps the chosen promises exits 0 and prints a held row for each."""
    code, out, err = run(capsys, "check", NARRATIVE_DIR, "--promise", "rejects_p_tag_to_bot",
                         "--promise", "witness_earns_full_reward", "--counterexamples", str(tmp_path))
    assert code == 0
    assert out.count(" held ") == 2 and "2 held, 0 violated" in out
    assert "[1/2]" in err and "[2/2]" in err
    assert not any(tmp_path.iterdir())


def test_check_finds_a_planted_bug_and_saves_a_replayable_counterexample(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, wakes_ignored: None
) -> None:
    """A verifier that ignores p tags to bots is caught, reported in JSON and JUnit, and saved for replay."""
    report, junit, saved = tmp_path / "report.json", tmp_path / "junit.xml", tmp_path / "cx"
    code, out, _ = run(capsys, "check", NARRATIVE_DIR, "--promise", "rejects_p_tag_to_bot", "--seed", "3",
                       "--report", str(report), "--junit", str(junit), "--counterexamples", str(saved))
    assert code == 1
    assert "VIOLATED" in out and "Reproduce with:" in out
    payload = json.loads(report.read_text())
    [row] = payload["results"]
    assert row["status"] == "violated" and row["violation"]["title"] == "rewarded a run that must score 0"
    assert payload["summary"] == {"held": 0, "violated": 1, "error": 0, "vacuous": 0}
    suite = ElementTree.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("failures") == "1"
    [folder] = (saved / "narrative-agent-names").iterdir()
    assert (folder / "logs/artifacts/buzz-evidence.json").is_file() and (folder / "counterexample.json").is_file()
    assert f"--evidence {(folder / 'logs/artifacts/buzz-evidence.json').resolve()} " in out

    code, out, _ = run(capsys, "replay", str(folder))
    assert code == 1 and "verdict: VIOLATED" in out


def test_replay_holds_once_the_bug_is_fixed(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The same saved counterexample replays as held against the sound verifier."""
    with monkeypatch.context() as patch:
        patch.setattr(narrative, "quiet", lambda message, bot_pubkeys: True)
        assert run(capsys, "check", NARRATIVE_DIR, "--promise", "rejects_p_tag_to_bot",
                   "--counterexamples", str(tmp_path))[0] == 1
    [folder] = (tmp_path / "narrative-agent-names").iterdir()
    code, out, _ = run(capsys, "replay", str(folder / "counterexample.json"))
    assert code == 0 and "verdict: held" in out


NARRATIVE_SCRIPT = str(TASKS_DIR / "narrative-agent-names/tests/verify.py")
READ_PATH_SCRIPT = str(TASKS_DIR / "read-named-path-outside-workspace/tests/verify.py")


@pytest.fixture
def odd_inputs(tmp_path: Path) -> dict[str, str]:
    """Files and folders a new user might pass by mistake."""
    (tmp_path / "notes.txt").write_text("these are notes, not Python: {[\n")
    (tmp_path / "data.json").write_text('[1, 2, 3]')
    (tmp_path / "empty").mkdir()
    (tmp_path / "loose.py").write_text("print('hello')\n")
    return {"dir": str(tmp_path / "empty"), "notes": str(tmp_path / "notes.txt"), "json": str(tmp_path / "data.json"),
            "loose": str(tmp_path / "loose.py"), "tmp": str(tmp_path)}


BAD_USAGE = [
    (["check", NARRATIVE_DIR, READ_PATH_DIR, "--verifier", NARRATIVE_SCRIPT], "--verifier scores one task"),
    (["check", NARRATIVE_DIR, "--verifier", "/nonexistent/verify.py"], "no such file"),
    (["check", NARRATIVE_DIR, "--verifier", "{dir}"], "is a directory"),
    (["check", NARRATIVE_DIR, "--verifier", "{notes}"], "is not a Python script"),
    (["check", NARRATIVE_DIR, "--verifier", NARRATIVE_SCRIPT, "--python", "no-such-python3"], "no such interpreter"),
    (["check", NARRATIVE_DIR, "--verifier", NARRATIVE_SCRIPT, "--command", "{python} {script} {evidence} {nope}"],
     "unknown placeholder(s) {nope}"),
    (["check", NARRATIVE_DIR, "--verifier", NARRATIVE_SCRIPT, "--command", "{python} {script} --reward {reward}"],
     "never passes {evidence}"),
    (["check", NARRATIVE_DIR, "--command", "{python} {script} {evidence}"], "needs --verifier"),
    (["check", "/nonexistent/task"], "not a task directory"),
    (["check", NARRATIVE_DIR, "--promise", "no_such_promise"], "unknown promise"),
    (["check", NARRATIVE_DIR, "--jobs", "-1"], "--jobs -1"),
    (["check", NARRATIVE_DIR, "--counterexamples", "{notes}"], "a file is in the way"),
    (["check", NARRATIVE_DIR, "--report", "{dir}"], "is a directory"),
    (["audit", "/nonexistent/verify.py"], "no such file"),
    (["audit", TASKS_DIR / "narrative-agent-names"], "did you mean"),
    (["audit", "{dir}"], "is a directory"),
    (["audit", str(TASKS_DIR / "narrative-agent-names" / "task.toml")], "is not a Python script"),
    (["audit", "{loose}"], "--task-name"),
    (["audit", NARRATIVE_SCRIPT, "--arg", "novalue"], "NAME=VALUE"),
    (["audit", NARRATIVE_SCRIPT, "--witness", "/nonexistent/buzz-evidence.json"], "--witness"),
    (["audit", NARRATIVE_SCRIPT, "--witness", "{json}"], "give the evidence snapshot of a run the verifier passes"),
    (["audit", NARRATIVE_SCRIPT, "--witness", "{notes}"], "give the evidence snapshot"),
    (["audit", NARRATIVE_SCRIPT, "--witness", "{dir}"], "is a directory"),
    (["replay", __file__], "give a counterexample folder"),
    (["replay", "{dir}"], "not a counterexample folder"),
    (["replay", "{json}"], "not a verifuzz counterexample"),
    (["replay", "/nonexistent/folder"], "cannot read"),
]


@pytest.mark.parametrize(("argv", "message"), BAD_USAGE, ids=[" ".join(map(str, a))[-60:] for a, _ in BAD_USAGE])
def test_bad_usage_exits_2_with_a_fix(capsys: pytest.CaptureFixture[str], odd_inputs: dict[str, str],
                                      argv: list[str], message: str) -> None:
    """Bad usage exits 2, with no traceback, and the message says what to change."""
    code, _, err = run(capsys, *(str(word).format(**odd_inputs) if "{" in str(word) and "{python}" not in str(word)
                                 else str(word) for word in argv))
    assert code == 2, err
    assert message in err
    assert "Traceback" not in err


def test_an_unknown_profile_in_the_environment_exits_2(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """VERIFUZZ_PROFILE=fast is bad usage: exit 2 naming the variable and the profiles to choose from."""
    monkeypatch.setenv("VERIFUZZ_PROFILE", "fast")
    code, _, err = run(capsys, "check", NARRATIVE_DIR, "--promise", "never_rewards_silence")
    assert code == 2
    assert "VERIFUZZ_PROFILE" in err and "dev, ci, fuzz, mutation" in err


def test_replay_of_a_gone_verifier_says_to_pass_one(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    wakes_ignored: None) -> None:
    """A counterexample whose recorded verifier was deleted asks for --verifier instead of failing."""
    script = tmp_path / "tests" / "verify.py"
    script.parent.mkdir()
    shutil.copy(NARRATIVE_SCRIPT, script)
    assert run(capsys, "check", NARRATIVE_DIR, "--verifier", str(script), "--promise", "cli_always_writes_both_files",
               "--counterexamples", str(tmp_path / "cx"), "--command", "{python} {script} --evidence {evidence}")[0] == 1
    [folder] = (tmp_path / "cx" / "narrative-agent-names").iterdir()
    script.unlink()
    code, _, err = run(capsys, "replay", str(folder))
    assert code == 2 and "--verifier PATH" in err


def test_unknown_task_directory_points_at_audit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A task directory verifuzz has no verifier for suggests `verifuzz audit`."""
    (tmp_path / "some-other-task").mkdir()
    code, _, err = run(capsys, "check", str(tmp_path / "some-other-task"))
    assert code == 2 and "verifuzz audit" in err


def test_promises_lists_every_registered_promise(capsys: pytest.CaptureFixture[str]) -> None:
    """`verifuzz promises` prints one line per registered promise."""
    code, out, _ = run(capsys, "promises")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(PROPERTIES)


def test_registry_refuses_a_duplicate_name() -> None:
    """Two promises cannot share a name: the second registration is refused."""
    existing = PROPERTIES["never_rewards_silence"]
    with pytest.raises(ValueError, match="already registered"):
        register(Property(existing.name, "again", existing.examples, existing.check))


@pytest.mark.slow
def test_check_with_verifier_runs_another_script_through_its_cli(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    """--verifier judges a candidate verify.py: a copy that ignores the channel is caught."""
    candidate = tmp_path / "verify.py"
    source = (TASKS_DIR / "narrative-agent-names/tests/verify.py").read_text()
    planted = source.replace("        and same(final.reply_to, evidence.task_event_id)\n        and same(final.channel_id, evidence.channel_id),\n",
                             "        and same(final.reply_to, evidence.task_event_id),\n", 1)
    assert planted != source
    candidate.write_text(planted)
    code, out, _ = run(capsys, "check", NARRATIVE_DIR, "--verifier", str(candidate), "--promise", "rejects_wrong_channel",
                       "--counterexamples", str(tmp_path / "cx"), "--quiet")
    assert code == 1 and "rejects_wrong_channel" in out and str(candidate) in out


@pytest.mark.slow
def test_audit_without_a_rewarded_witness_is_vacuous(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Without a run the verifier rewards, "never rewards silence" is reported vacuous and audit exits 3, not 0."""
    script = tmp_path / "read-named-path-outside-workspace" / "tests" / "verify.py"
    script.parent.mkdir(parents=True)
    shutil.copy(TASKS_DIR / "read-named-path-outside-workspace/tests/verify.py", script)
    skill = tmp_path / "SKILL.md"
    skill.write_text("# Context Health Check\n\nCHECK_ID: chc-0123456789abcdef01234567\nACTION: Compact.\n")
    code, out, _ = run(capsys, "audit", str(script), "--arg", f"skill-file={skill}", "--promise", "never_rewards_silence",
                       "--quiet", "--counterexamples", str(tmp_path / "cx"))
    assert code == 3
    assert "never_rewards_silence" in out and "0 held" in out and "1 vacuous" in out and "--witness" in out


@pytest.mark.slow
def test_audit_with_a_witness_holds_for_the_shipped_verifier(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`audit --witness` breaks a real passing run: the shipped verifier rewards it and holds every generic promise."""
    from verifuzz.strategies import read_named_path_outside_workspace as read_path
    from verifuzz.properties.example import dump_json

    run_ = read_path.trial()
    witness = tmp_path / "buzz-evidence.json"
    witness.write_bytes(dump_json(run_.snapshot()))
    skill = tmp_path / "SKILL.md"
    skill.write_text(run_.input_files["--skill-file"])
    code, out, _ = run(capsys, "audit", READ_PATH_SCRIPT, "--arg", f"skill-file={skill}", "--witness", str(witness),
                       "--promise", "never_rewards_silence", "--promise", "never_rewards_a_refusal", "--quiet",
                       "--counterexamples", str(tmp_path / "cx"))
    assert code == 0, out
    assert "2 held, 0 violated, 0 errors, 0 vacuous" in out


def test_jobs_give_the_next_promise_to_whichever_worker_is_free(monkeypatch: pytest.MonkeyPatch) -> None:
    """With --jobs 2, a worker held up by a slow first promise runs none of the others: the free worker takes each
    next promise in turn, and results still come back in plan order."""
    import os
    import time

    from verifuzz import fuzzing

    def fake_check(prop: int, ctx: object, seed: int | None = None) -> tuple[int, int]:
        if prop == 0:
            time.sleep(1.5)
        return prop, os.getpid()

    monkeypatch.setattr(fuzzing, "check", fake_check)
    finished: list[int] = []
    results = fuzzing._results([(None, n) for n in range(5)], None, 2, lambda index, result: finished.append(index))
    assert [prop for prop, _ in results] == [0, 1, 2, 3, 4]
    slow = results[0][1]
    assert all(pid != slow for _, pid in results[1:]), results
    assert finished[-1] == 0 and sorted(finished) == [0, 1, 2, 3, 4]
