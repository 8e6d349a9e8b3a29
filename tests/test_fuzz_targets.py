"""properties/fuzz_promises.py: every (task × promise) as a plain Hypothesis test for pytest and `hypothesis fuzz`."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import Phase, settings
from hypothesis.database import DirectoryBasedExampleDatabase

from verifuzz.properties import campaign, profiles
from verifuzz.properties.engine import VIOLATED, applicable, check, context, database_key
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.tasks import for_task, task_names

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import bug_zoo  # noqa: E402 - bench/ is a folder of scripts, not a package

TARGETS = "properties/fuzz_promises.py"


@pytest.fixture(autouse=True)
def suite_profile() -> Iterator[None]:
    """These tests load other profiles (fuzz runs 625 test cases a promise): the tests after them get the suite's back."""
    yield
    profiles.load()


def pytest_run(*argv: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:xdist", "-q", TARGETS, *argv],
                          cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_every_task_and_promise_is_a_test_keyed_like_checks_database_entries(tmp_path: Path) -> None:
    """Collected from the checkout's root, the targets are one per applicable (task × promise), and each node id
    is the database key `verifuzz check` files that promise's examples under, the key HypoFuzz gives it too."""
    done = pytest_run("--collect-only", env={"VERIFUZZ_DATABASE": str(tmp_path / "db")})
    assert done.returncode == 0, done.stdout + done.stderr
    collected = {line for line in done.stdout.splitlines() if line.startswith(TARGETS + "::")}
    profiles.load("fuzz")
    expected = {database_key(task, prop).decode() for task in task_names()
                for prop in applicable(context(InProcess(for_task(task).spec)))}
    assert collected == expected and len(expected) > 100


@pytest.mark.slow
def test_the_targets_fuzz_the_verifier_the_environment_names(tmp_path: Path) -> None:
    """With $VERIFUZZ_VERIFIER naming a bug-zoo verifier the promise that catches it fails, its failure lands in the
    shared database, and `check`'s engine replays it from there first; the shipped verifier keeps the promise."""
    [bug] = [bug for bug in bug_zoo.load_bugs() if bug.name == "channel_ignored"]
    script = tmp_path / "narrative-agent-names" / "tests" / "verify.py"
    script.parent.mkdir(parents=True)
    script.write_text(bug.source(), encoding="utf-8")
    db = tmp_path / "examples"
    env = {"VERIFUZZ_PROFILE": "dev", "VERIFUZZ_DATABASE": str(db), "VERIFUZZ_VERIFIER": str(script)}
    name = "narrative_agent_names__rejects_wrong_channel"
    broken = pytest_run("-k", name, env=env)
    assert broken.returncode == 1 and "1 failed" in broken.stdout, broken.stdout[-3000:]
    assert "reply_to_thread" in broken.stdout  # the dimension the bug leaves at 1.0

    profiles.load("dev")
    ctx = context(campaign.subject(script))
    [prop] = applicable(ctx, ["rejects_wrong_channel"])
    replayed = check(prop, ctx, settings=settings(database=DirectoryBasedExampleDatabase(db), phases=[Phase.reuse]))
    assert replayed.status == VIOLATED

    sound = pytest_run("-k", name, env={**env, "VERIFUZZ_VERIFIER": ""})
    assert sound.returncode == 0 and "1 passed" in sound.stdout, sound.stdout[-3000:]


def judged_by_one_target(monkeypatch: pytest.MonkeyPatch, name: str) -> int:
    """Examples the fuzz target `name` judged over one run of the dev profile's 8 test cases (the shipped narrative
    verifier's targets only)."""
    monkeypatch.setenv("VERIFUZZ_PROFILE", "dev")
    monkeypatch.setenv(campaign.VERIFIER, str(for_task("narrative-agent-names").folder / "tests" / "verify.py"))
    test = campaign.targets()[name]
    judged = []
    outcome = InProcess.outcome
    monkeypatch.setattr(InProcess, "outcome", lambda self, example: judged.append(1) or outcome(self, example))
    test()
    return len(judged)


def test_under_hypofuzz_a_test_case_judges_a_small_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    """HypoFuzz 25.11's hub ends the whole run at its once-a-minute look when no worker has finished a round of 100
    test cases: at 64 examples a test case a round took longer than that on a loaded machine. Under HypoFuzz a test
    case judges HYPOFUZZ_FAN_OUT examples; anywhere else the profile's fan-out (32 under dev)."""
    name = "test_narrative_agent_names__reward_is_the_conjunction"
    monkeypatch.setattr(campaign, "in_hypofuzz", lambda: False)
    assert judged_by_one_target(monkeypatch, name) > 8 * campaign.HYPOFUZZ_FAN_OUT
    monkeypatch.setattr(campaign, "in_hypofuzz", lambda: True)
    assert campaign.HYPOFUZZ_FAN_OUT <= judged_by_one_target(monkeypatch, name) <= 8 * campaign.HYPOFUZZ_FAN_OUT


def test_hypofuzz_is_told_by_its_own_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    detection = pytest.importorskip("hypofuzz.detection", reason="HypoFuzz: pip install -e '.[campaigns]'")
    assert not campaign.in_hypofuzz()
    monkeypatch.setattr(detection, "_in_hypofuzz_run", True)
    assert campaign.in_hypofuzz()


def test_the_hypofuzz_bench_fuzzes_each_bugs_catcher_and_every_catcher_of_a_task_on_its_control() -> None:
    import hypofuzz_zoo

    bugs = [bug for bug in bug_zoo.load_bugs() if bug.name in ("channel_ignored", "negation_ignored", "marker_substring")]
    controls = [bug_zoo.Bug(f"control-{task}", task, "none", "", ()) for task in ("narrative-agent-names",
                                                                                   "read-named-path-outside-workspace")]
    caught = {"channel_ignored": "rejects_wrong_channel", "negation_ignored": "rejects_merged_statuses",
              "marker_substring": "rejects_marker_inside_longer_token", "not_in_this_run": "rejects_wrong_task_name"}
    assert hypofuzz_zoo.selection([*controls, *bugs], caught) == {
        "control-narrative-agent-names": ["rejects_merged_statuses", "rejects_wrong_channel"],
        "control-read-named-path-outside-workspace": ["rejects_marker_inside_longer_token"],
        "channel_ignored": ["rejects_wrong_channel"], "negation_ignored": ["rejects_merged_statuses"],
        "marker_substring": ["rejects_marker_inside_longer_token"],
    }
