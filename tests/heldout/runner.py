"""Score held-out labelled replies through each task's generated verify.py and compare with the labels.

Each case is one final reply dropped into an otherwise correct run of its task, so only the reply's text
decides the score. Run `python3 -m tests.heldout.runner` for a summary of every disagreement.
"""
from __future__ import annotations

import json
import runpy
import sys
import tempfile
import tomllib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Callable

from verifuzz.strategies import narrative_agent_names as narrative
from verifuzz.strategies import read_named_path_outside_workspace as named_path
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.tasks import for_task
from verifuzz.strategies.trial import Trial

HERE = Path(__file__).resolve().parent
TASKS_DIR = HERE.parent.parent / "tasks"
# The build-time CHECK_ID seeded into SKILL.md for every read-named-path case; `{marker}` in a reply.
MARKER = "chc-3f9a0c5e7b21d4869ae0b1c2"


@dataclass(frozen=True)
class Case:
    """One labelled reply: the metrics a careful human grader expects, keyed by metric name."""

    task: str
    id: str
    text: str
    expected: dict[str, bool]
    why: str
    debatable: bool

    def __repr__(self) -> str:
        return f"Case({self.task}/{self.id})"


@dataclass(frozen=True)
class HeldOutTask:
    """Where a task's labelled replies live, how to build a correct run around one, and what to compare."""

    name: str
    data: str
    dimensions: tuple[str, ...]
    build: Callable[[str], Trial]
    skill_flag: str | None = None


TASKS = (
    HeldOutTask(
        name=narrative.TASK.name,
        data="narrative_replies.toml",
        dimensions=("status_correct",),
        build=lambda text: narrative.trial(Cast(), text),
    ),
    HeldOutTask(
        name=named_path.TASK.name,
        data="read_named_path_replies.toml",
        dimensions=("named_path_read", "action_reported"),
        build=lambda text: named_path.trial(Cast(), check_id=MARKER, reply=text.replace("{marker}", MARKER)),
        skill_flag=named_path.SKILL_FLAG,
    ),
)
# A second labelled set, written apart from the first: `main` reports both, and the test holds each to its own bounds.
SECOND_SET = tuple(replace(task, data=task.data.replace(".toml", "_b.toml")) for task in TASKS)
# A third, written apart from the verifiers and the others as a red team: mostly replies that must not be paid.
THIRD_STATUS_SET = tuple(replace(task, data=task.data.replace(".toml", "_c.toml")) for task in TASKS)


def with_final(task: str, text: str) -> Trial:
    """The task's correct run (its first witness) with `text` as the final reply."""
    run = for_task(task).trial().copy()
    run.final()["content"] = text
    return run


# A third set, for the eight other tasks, written apart from their verifiers: each reply is dropped into the task's
# correct run, and the dimensions compared are those its text decides.
THIRD_SET = tuple(
    HeldOutTask(name=name, data=name.replace("-", "_") + "_replies.toml", dimensions=dimensions,
                build=lambda text, name=name: with_final(name, text))
    for name, dimensions in (
        ("memory-retrieval", ("answer_correct",)),
        ("reply-to-thread", ("answer_correct",)),
        ("user-mention", ("answer_correct",)),
        ("ambiguous-user-mention", ("user_callback",)),
        ("create-channel-invite-users", ("channel_created",)),
        ("multiline-message", ("layout_preserved", "real_newlines")),
        ("interleaved-agent-reports", ("answer_correct",)),
        ("cross-thread-requests", ("beta_correct",)),
    )
)
# A case may label a dimension apart from the reward; narrative's `status` is its `status_correct`.
_ALIASES = {"status": "status_correct"}


# A fourth and a fifth set for the same eight tasks, each written apart from the verifiers and from the others. The
# fourth was scored once the word readers were first done, then read to widen them; the fifth was kept for measuring
# and scored once, after that (bench/README.md).
FOURTH_SET = tuple(replace(task, data=task.data.replace(".toml", "_d.toml")) for task in THIRD_SET)
FIFTH_SET = tuple(replace(task, data=task.data.replace(".toml", "_e.toml")) for task in THIRD_SET)
# A sixth set, written apart from the verifiers and the others once the word readers stood, and scored once on the
# readers as they were and once after offers and object emoji were read as courtesy (bench/README.md).
SIXTH_SET = tuple(replace(task, data=task.data.replace(".toml", "_f.toml")) for task in THIRD_SET)
# A seventh, written apart from the verifiers and the others as a red team: mostly replies that must not be paid
# (the right value said of another thing, inside a plan, a quote or a failure, taken back, hidden by markup).
SEVENTH_SET = tuple(replace(task, data=task.data.replace(".toml", "_g.toml")) for task in THIRD_SET)


def cases(task: HeldOutTask) -> list[Case]:
    """Every labelled reply of `task`, debatable ones included."""
    raw = tomllib.loads((HERE / task.data).read_text(encoding="utf-8"))["case"]
    loaded = []
    for entry in raw:
        overrides = {_ALIASES.get(key, key): value for key, value in entry.items() if _ALIASES.get(key, key) in task.dimensions}
        expected = {"reward": entry["expected"], **{dim: overrides.get(dim, entry["expected"]) for dim in task.dimensions}}
        loaded.append(Case(task.name, entry["id"], entry["text"], expected, entry["why"], entry.get("debatable", False)))
    return loaded


@cache
def _verifier_main(task: str) -> Callable[[list[str]], int]:
    """The `main` of the generated tasks/<task>/tests/verify.py, loaded once without running it."""
    return runpy.run_path(str(TASKS_DIR / task / "tests" / "verify.py"), run_name="heldout_verify")["main"]


def score(task: HeldOutTask, text: str) -> dict[str, float]:
    """reward.json of the generated verifier for a correct run whose final reply is `text`."""
    run = task.build(text)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "evidence.json").write_text(json.dumps(run.snapshot()), encoding="utf-8")
        argv = ["--evidence", str(folder / "evidence.json"), "--reward", str(folder / "reward.json"), "--details", str(folder / "details.json")]
        if task.skill_flag is not None:
            (folder / "SKILL.md").write_text(run.input_files[task.skill_flag], encoding="utf-8")
            argv += [task.skill_flag, str(folder / "SKILL.md")]
        assert _verifier_main(task.name)(argv) == 0
        return json.loads((folder / "reward.json").read_text(encoding="utf-8"))


def disagreements(case: Case, metrics: dict[str, Any]) -> dict[str, tuple[bool, bool]]:
    """Each compared metric where the verifier differs from the label: name -> (label, verifier)."""
    return {key: (want, metrics[key] == 1.0) for key, want in case.expected.items() if (metrics[key] == 1.0) != want}


def main() -> int:
    """Print every disagreement, then false passes and false fails per task and set (debatable cases apart)."""
    for task in TASKS + SECOND_SET + THIRD_STATUS_SET + THIRD_SET + FOURTH_SET + FIFTH_SET + SIXTH_SET + SEVENTH_SET:
        false_pass = false_fail = counted = 0
        print(f"== {task.name} ({task.data})")
        for case in cases(task):
            diff = disagreements(case, score(task, case.text))
            counted += not case.debatable
            if diff:
                tag = "debatable" if case.debatable else ("FALSE PASS" if not case.expected["reward"] and diff.get("reward") else "FALSE FAIL" if case.expected["reward"] else "dimension")
                if not case.debatable:
                    false_pass += tag == "FALSE PASS"
                    false_fail += tag == "FALSE FAIL"
                print(f"{tag:10} {case.id}: {json.dumps(case.text, ensure_ascii=False)}  {diff}")
        print(f"-- {counted} counted cases: {false_pass} false passes, {false_fail} false fails\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
