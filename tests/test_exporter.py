"""The exporter model follows the published exporter's rules, and the verifiers read what it writes."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from verifuzz.strategies import narrative_agent_names as narrative
from verifuzz.strategies import read_named_path_outside_workspace as named_path
from verifuzz.strategies.exporter import NEWER, OLDER, UNKNOWN, export, exported_trial
from verifuzz.strategies.trial import Trial, hex64
from tests.scoring import Scoring
from verifuzz.verifiers.evidence import parse_evidence
from verifuzz.verifiers.narrative_agent_names import TASK as NARRATIVE
from verifuzz.verifiers.read_named_path_outside_workspace import TASK as NAMED_PATH

SCORINGS = {
    "narrative": (narrative.trial, Scoring(NARRATIVE, NARRATIVE.dimensions)),
    "named-path": (named_path.trial, Scoring(NAMED_PATH, NAMED_PATH.dimensions)),
}
TASKS = pytest.mark.parametrize("task", sorted(SCORINGS))
ROOT = Path(__file__).resolve().parent.parent


def exported_with(run: Trial, extra: list[object], version: str = NEWER) -> dict[str, Any]:
    return exported_trial(run, version, [*run.events, *extra])


def test_older_exporter_writes_no_scripted_events_key_and_newer_always_does() -> None:
    """The older exporter omits `scripted_events`; the newer writes it, empty when nothing was injected."""
    run = narrative.trial()
    assert "scripted_events" not in exported_trial(run, OLDER)
    assert exported_trial(run, NEWER)["scripted_events"] == []


def test_an_older_exporter_cannot_export_injected_events() -> None:
    """Asking the older exporter to carry scripted events is refused: it never wrote them."""
    run = narrative.trial()
    run.scripted_events = [{"label": "beta-request", "event_id": run.final()["id"]}]
    with pytest.raises(ValueError, match="older exporter"):
        exported_trial(run, OLDER)
    with pytest.raises(ValueError, match="unknown exporter version"):
        exported_trial(run, "v9")


def test_the_exporter_fills_unreadable_fields_and_drops_odd_tags_and_entries() -> None:
    """Non-objects are dropped; bad id/pubkey/content become "", bad kind/created_at null and last; odd tags go."""
    run = narrative.trial()
    odd = {"id": 7, "pubkey": None, "kind": "9", "created_at": True, "content": ["x"],
           "tags": [["h", run.channel], [], ["p", 1], "h", ["e", "x", "", "reply"]]}
    snapshot = exported_with(run, [None, "NOTICE", odd, 3])
    last = snapshot["messages"][-1]
    assert snapshot["message_count"] == len(run.events) + 1 == len(snapshot["messages"])
    assert last == {"id": "", "kind": None, "created_at": None, "pubkey": "", "author": UNKNOWN, "author_role": UNKNOWN,
                    "content": "", "tags": [["h", run.channel], ["e", "x", "", "reply"]], "channel_id": run.channel,
                    "reply_to_event_id": "x", "mentioned_pubkeys": []}


def test_truncated_means_the_relay_returned_at_least_the_limit() -> None:
    """`truncated` turns true when the relay returned as many events as the transcript limit, not only more."""
    run = narrative.trial()
    common = dict(version=NEWER, task_name=run.task_name, trial=run.trial, identities=run.identities,
                  relay_events=run.events, task_event_id=run.task_event_id)
    assert export(**common, transcript_limit=len(run.events))["truncated"] is True
    assert export(**common, transcript_limit=len(run.events) + 1)["truncated"] is False


@TASKS
@pytest.mark.parametrize("version", [OLDER, NEWER])
def test_a_correct_run_from_either_exporter_is_fully_rewarded(task: str, version: str) -> None:
    """A correct run as either exporter version writes it, with a stranger's earlier message, scores 1.0 everywhere."""
    make, scoring = SCORINGS[task]
    run = make()
    stranger = {"id": hex64("s"), "pubkey": hex64("unknown"), "kind": 9, "created_at": run.events[0]["created_at"] - 5,
                "content": "hi", "tags": [["h", run.channel], ["x", 1]], "sig": "00"}
    snapshot = exported_with(run, [stranger, None], version)
    assert scoring.metrics(run, snapshot) == scoring.passing()


@TASKS
@pytest.mark.parametrize(
    "field_value",
    [("id", 12), ("pubkey", None), ("kind", "9"), ("created_at", 1.5)],
    ids=["id", "pubkey", "kind", "created_at"],
)
def test_an_unreadable_stray_event_fails_only_evidence_complete(task: str, field_value: tuple[str, Any]) -> None:
    """A relay event the exporter could not read fully cannot be the reply, and its presence fails evidence_complete alone."""
    make, scoring = SCORINGS[task]
    run = make()
    field, value = field_value
    stray = {"id": hex64("stray"), "pubkey": hex64("someone"), "kind": 7, "created_at": run.last_time() - 1,
             "content": "", "tags": [], field: value}
    snapshot = exported_with(run, [stray])
    assert scoring.metrics(run, snapshot) == scoring.failing_only("evidence_complete")


@TASKS
def test_an_undated_reply_is_never_the_scored_reply(task: str) -> None:
    """The agent's reply exported with a null created_at (so placed last) is not taken as the reply."""
    make, scoring = SCORINGS[task]
    run = make()
    run.final()["created_at"] = "soon"
    evidence = parse_evidence(exported_trial(run, NEWER))
    assert evidence.messages[-1].created_at is None
    assert evidence.after_task() == ()
    assert scoring.metrics(run, exported_trial(run, NEWER))["reward"] == 0.0


@TASKS
@pytest.mark.parametrize("kind", [1, 5, 7, 1111])
def test_only_a_chat_message_is_a_reply(task: str, kind: int) -> None:
    """The same reply sent as another kind than 9 earns nothing: nobody reads it as a message."""
    make, scoring = SCORINGS[task]
    run = make()
    run.final()["kind"] = kind
    assert scoring.metrics(run)["reward"] == 0.0
    assert parse_evidence(run.snapshot()).after_task() == ()


@TASKS
@pytest.mark.parametrize("version", [OLDER, NEWER])
def test_the_shipped_verify_py_rewards_a_correct_exported_run(task: str, version: str, tmp_path: Path) -> None:
    """The generated tasks/*/tests/verify.py, run as the harness runs it, gives a correct exported run 1.0 everywhere."""
    make, scoring = SCORINGS[task]
    run = make()
    (tmp_path / "evidence.json").write_text(json.dumps(exported_trial(run, version)), encoding="utf-8")
    inputs = []
    for index, (flag, text) in enumerate(run.input_files.items()):
        (tmp_path / f"input-{index}").write_text(text, encoding="utf-8")
        inputs += [flag, str(tmp_path / f"input-{index}")]
    script = ROOT / "tasks" / scoring.spec.name / "tests" / "verify.py"
    done = subprocess.run([sys.executable, "-I", str(script), "--evidence", str(tmp_path / "evidence.json"),
                           "--reward", str(tmp_path / "reward.json"), "--details", str(tmp_path / "details.json"), *inputs],
                          capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "reward.json").read_text()) == scoring.passing()


def test_an_exported_run_keeps_the_breach_of_custody_its_tidy_snapshot_has() -> None:
    """scores_exporter_output_like_its_run judges the exported snapshot beside the tidy one. When the export dropped
    the run's breach of custody, a rewrites_skill_file run scored 1.0 exported (its forged SKILL.md looked sealed)
    and 0 tidy: the promise failed on the shipped verifier, a false alarm of the promise, not a defect."""
    from random import Random

    from verifuzz.properties import profiles
    from verifuzz.properties.engine import applicable, context
    from verifuzz.properties.promises import exported
    from verifuzz.properties.subjects import InProcess
    from verifuzz.strategies.tasks import for_task

    profiles.load("ci")
    try:
        ctx = context(InProcess(for_task(named_path.TASK.verifier.TASK.name).spec))
        [prop] = applicable(ctx, ["scores_exporter_output_like_its_run"])
        derive, witness, rng = exported(ctx), named_path.trial(), Random(0)
        forged = []
        while len(forged) < 8:
            example = derive(rng, witness)
            if example is not None and example.label.startswith("adversary rewrites_skill_file"):
                forged.append(example)
        for example in forged:
            assert example.base is not None and example.custody and example.custody == example.base.custody
            prop.check(ctx, example, ctx.subject.outcome(example))  # raises Violation if the two scores differ
            assert ctx.subject.outcome(example).metrics["named_path_read"] == 0.0
    finally:
        profiles.load()
