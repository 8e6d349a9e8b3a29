"""Score held-out labelled replies through each task's generated verify.py and compare with the labels.

Each case is one final reply dropped into an otherwise correct run of its task, so only the reply's text
decides the score. The scoring is `verifuzz replies` (verifuzz/labelled.py): each generated verify.py runs through its
command line as `check --verifier` runs a script. Run `python3 -m tests.heldout.runner` for a summary of every
disagreement.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from verifuzz import labelled
from verifuzz.labelled import Case
from verifuzz.properties.subjects import Command
from verifuzz.strategies import narrative_agent_names as narrative
from verifuzz.strategies import read_named_path_outside_workspace as named_path

HERE = Path(__file__).resolve().parent
# The build-time CHECK_ID seeded into SKILL.md for every read-named-path case; `{marker}` in a reply.
MARKER = "chc-3f9a0c5e7b21d4869ae0b1c2"


@dataclass(frozen=True)
class HeldOutTask:
    """Where a task's labelled replies live and which metrics a case's `expected` labels (besides the reward).

    The set's file need not say its task, its answer metrics or its marker (the held-out set H does not): they are
    given here, and win over what a file says."""

    name: str
    data: str
    dimensions: tuple[str, ...]

    @property
    def values(self) -> dict[str, str]:
        return {"marker": MARKER} if self.name == named_path.TASK.name else {}


TASKS = (
    HeldOutTask(name=narrative.TASK.name, data="narrative_replies.toml", dimensions=("status_correct",)),
    HeldOutTask(name=named_path.TASK.name, data="read_named_path_replies.toml",
                dimensions=("named_path_read", "action_reported")),
)
# A second labelled set, written apart from the first: `main` reports both, and the test holds each to its own bounds.
SECOND_SET = tuple(replace(task, data=task.data.replace(".toml", "_b.toml")) for task in TASKS)
# A third, written apart from the verifiers and the others as a red team: mostly replies that must not be paid.
THIRD_STATUS_SET = tuple(replace(task, data=task.data.replace(".toml", "_c.toml")) for task in TASKS)


# A third set, for the eight other tasks, written apart from their verifiers: each reply is dropped into the task's
# correct run, and the dimensions compared are those its text decides.
THIRD_SET = tuple(
    HeldOutTask(name=name, data=name.replace("-", "_") + "_replies.toml", dimensions=dimensions)
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
    return list(_replies(task).cases)


def _replies(task: HeldOutTask) -> labelled.ReplySet:
    return labelled.load(HERE / task.data, task=task.name, answer=task.dimensions, aliases=_ALIASES, values=task.values)


@cache
def _subject(task: str) -> Command:
    """The generated tasks/<task>/tests/verify.py, through its command line (one fork server per task)."""
    return labelled.shipped_subject(task)


def score(task: HeldOutTask, text: str) -> dict[str, float]:
    """reward.json of the generated verifier for a correct run whose final reply is `text`."""
    case = Case(task.name, "score", text, {"reward": True}, "", False, "correct")
    verdict = labelled.judge(case, _subject(task.name), task.values)
    assert verdict.metrics is not None, verdict.reason
    return verdict.metrics


def disagreements(case: Case, metrics: dict[str, Any]) -> dict[str, tuple[bool, bool]]:
    """Each compared metric where the verifier differs from the label: name -> (label, verifier)."""
    return {key: (want, metrics[key] == 1.0) for key, want in case.expected.items() if (metrics[key] == 1.0) != want}


def main() -> int:
    """Print every disagreement, then false passes and false fails per task and set (debatable cases apart)."""
    for task in TASKS + SECOND_SET + THIRD_STATUS_SET + THIRD_SET + FOURTH_SET + FIFTH_SET + SIXTH_SET + SEVENTH_SET:
        print(f"== {task.name} ({task.data})")
        judged, tally = labelled.score_set(_replies(task), _subject(task.name))
        for verdict in judged:
            if verdict.tag is not None:
                print(f"{verdict.tag:10} {verdict.case.id}: {json.dumps(verdict.case.text, ensure_ascii=False)}  "
                      f"{verdict.differences}")
        print(f"-- {tally.counted} counted cases: {tally.false_passes} false passes, {tally.false_fails} false fails\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
