"""`verifuzz check`, `audit`, `replay` and `promises`: exit codes, reports and saved counterexamples."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest

import verifiers.narrative_agent_names as narrative
from properties.registry import PROPERTIES, Property, register
from strategies.tasks import TaskStrategies, for_task
from verifuzz.cli import main
from verifuzz.registry import TASKS_DIR

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
    assert payload["summary"] == {"held": 0, "violated": 1, "error": 0}
    suite = ElementTree.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("failures") == "1"
    [folder] = (saved / "narrative-agent-names").iterdir()
    assert (folder / "evidence.json").is_file() and (folder / "counterexample.json").is_file()
    assert f"--evidence {folder / 'evidence.json'} " in out  # runnable from here, no cd into the folder

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


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", NARRATIVE_DIR, READ_PATH_DIR, "--verifier", __file__], "--verifier scores one task"),
        (["check", NARRATIVE_DIR, "--verifier", "/nonexistent/verify.py"], "no such file"),
        (["check", "/nonexistent/task"], "not a task directory"),
        (["check", NARRATIVE_DIR, "--promise", "no_such_promise"], "unknown promise"),
        (["audit", "/nonexistent/verify.py"], "no such file"),
        (["audit", str(TASKS_DIR / "narrative-agent-names" / "task.toml")], "--task-name"),
        (["audit", str(TASKS_DIR / "narrative-agent-names/tests/verify.py"), "--arg", "novalue"], "NAME=VALUE"),
        (["replay", __file__], "cannot read"),
    ],
)
def test_bad_usage_exits_2_with_a_fix(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    """Bad usage exits 2 and the message says what to change."""
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err


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


def test_unknown_adversary_in_dimensions_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A typo in a task's DIMENSIONS table is an error, not a silently dropped promise."""
    module = for_task("narrative-agent-names").module
    monkeypatch.setitem(module.DIMENSIONS, "p_tag_to_bto", "bots_not_mentioned")
    with pytest.raises(ValueError, match="p_tag_to_bto"):
        TaskStrategies("narrative-agent-names", module).check_declarations()


@pytest.mark.slow
def test_check_with_verifier_runs_another_script_through_its_cli(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    """--verifier judges a candidate verify.py: a copy that ignores the channel is caught."""
    candidate = tmp_path / "verify.py"
    source = (TASKS_DIR / "narrative-agent-names/tests/verify.py").read_text()
    planted = source.replace("        and same(final.channel_id, evidence.channel_id),\n", "", 1)
    assert planted != source
    candidate.write_text(planted)
    code, out, _ = run(capsys, "check", NARRATIVE_DIR, "--verifier", str(candidate), "--promise", "rejects_wrong_channel",
                       "--counterexamples", str(tmp_path / "cx"), "--quiet")
    assert code == 1 and "rejects_wrong_channel" in out and str(candidate) in out


@pytest.mark.slow
def test_audit_runs_the_generic_promises_through_the_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`verifuzz audit` needs only the script and its extra inputs, and the shipped verifier passes."""
    script = tmp_path / "read-named-path-outside-workspace" / "tests" / "verify.py"
    script.parent.mkdir(parents=True)
    shutil.copy(TASKS_DIR / "read-named-path-outside-workspace/tests/verify.py", script)
    skill = tmp_path / "SKILL.md"
    skill.write_text("# Context Health Check\n\nCHECK_ID: chc-0123456789abcdef01234567\nACTION: Compact.\n")
    code, out, _ = run(capsys, "audit", str(script), "--arg", f"skill-file={skill}", "--promise", "never_rewards_silence",
                       "--quiet")
    assert code == 0 and "never_rewards_silence" in out and "1 held" in out
