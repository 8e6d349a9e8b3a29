"""`verifuzz new-task NAME`: the three places a task lives, written so that every promise holds from the start.

The scaffold is a working task, not a stub: its verifier pays a reply in the task's thread that holds an answer
token, its witnesses earn 1.0 and each dimension has an adversary. Its author then replaces the answer check,
the facts and the adversaries with the task's own (docs/writing-a-task.md).
"""
from __future__ import annotations

import argparse
import importlib
import re
from pathlib import Path

from verifuzz.properties.registry import UsageError
from verifuzz.strategies.tasks import TASKS_DIR, registered, task_names
from verifuzz import seal
from verifuzz.bundle import build_all

_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
DIMENSIONS = ("answer_correct", "reply_to_thread", "evidence_complete")

VERIFIER = '''"""{name}: does the agent's reply in the task's thread hold the answer?

Scaffolded by `verifuzz new-task`. Replace `ANSWER` and `answered` with what the task really asks
(docs/writing-a-task.md); keep the module standard-library only: it ships inside tests/verify.py.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifuzz.verifiers.evidence import ORCHESTRATOR, Evidence, same
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "{name}"
ANSWER = "{answer}"
_ANSWER = re.compile(rf"(?<![\\w-]){{re.escape(ANSWER)}}(?![\\w-])")


def answered(content: str) -> bool:
    """The reply holds the answer as a whole token, not inside a longer one."""
    return _ANSWER.search(content) is not None


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    agent = evidence.sole(ORCHESTRATOR)
    final = evidence.final_reply(agent.pubkey if agent else None)
    checks = {{**evidence.health(NAME), "final_reply_found": final is not None}}
    dimensions = {{
        "answer_correct": final is not None and answered(final.content),
        "reply_to_thread": final is not None
        and same(final.reply_to, evidence.task_event_id)
        and same(final.channel_id, evidence.channel_id),
        "evidence_complete": all(checks.values()),
    }}
    details = {{"completeness": checks, "final_reply_id": final.id if final else None}}
    return Verdict(dimensions, details)


TASK = TaskSpec(name=NAME, dimensions={dimensions!r}, score=score)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
'''

STRATEGIES = '''"""Evidence for {name}: correct runs inside the task's input space, and the adversaries that target it."""
from __future__ import annotations

from random import Random

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import Broken, adversary, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.tasks import Task
from verifuzz.strategies.trial import Trial, event, reply_tags
from verifuzz.verifiers import {module} as verifier

HUMAN = "{human}"
PROMPT = "{prompt}"
ANSWER = verifier.ANSWER
# Only what a real run varies: the wording around the answer (ids, keys, clock and order vary in every cast).
REPLIES = (ANSWER, f"The answer is {{ANSWER}}.", f"Here it is: {{ANSWER}}", f"{{ANSWER}} \\u2014 as requested.")
FACTS = Facts(verifier.TASK.name, PROMPT, human=HUMAN)


def trial(cast: Cast = Cast(user_name=HUMAN), reply: str | None = None) -> Trial:
    """A correct run: the human posts the task and the agent answers in its thread."""
    root = cast.key("task-event")
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(cast.key("reply"), cast.agent, cast.at(1), REPLIES[0] if reply is None else reply,
              reply_tags(cast.channel, root)),
    ]
    # `quotable` lists what a refusal may quote back. It stays empty while the verifier only looks for a token:
    # add the answer once the verifier reads what the reply means (docs/labelled-replies.md).
    return Trial(task_name=verifier.TASK.name, trial=cast.trial_info(), identities=cast.identities(),
                 events=events, task_event_id=root, quotable=[])


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs: the task's human with varied keys, ids and clock, varied wording, chatter and harmless tags."""
    run = trial(draw(casts(user_name=HUMAN)), draw(st.sampled_from(REPLIES)))
    run.final()["tags"] += draw(harmless_tags())
    return chatter(draw, run)


@adversary("the reply leaves the answer out, or gives it inside a longer token", zeroes="answer_correct")
def answer_missing(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice(["Done.", "I looked into it.", f"x{{ANSWER}}", f"{{ANSWER}}-draft"])
    return trial


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", author="evidence_complete", channel="reply_to_thread",
                 thread="reply_to_thread", answer="answer_correct"),
        answer_missing,
    ),
)
'''

README = '''# {name}

{prompt}

Scaffolded by `verifuzz new-task`; describe here what the task guards against and how the contract was read
where it leaves room.

| Dimension | Measures |
| --- | --- |
| `answer_correct` | The orchestrator's final chat reply holds `{answer}` as a whole token. |
| `reply_to_thread` | That reply's thread pointer and `h` tag name the task event and the trial channel. |
| `evidence_complete` | The snapshot is whole, for this task, and holds the orchestrator's final reply. |

`reward` is 1.0 only when every dimension is 1.0.
'''

TASK_TOML = '''version = "1.0"

[metadata]
evaluation_layer = "regression"
difficulty = "easy"
category = "scaffold"
tags = ["buzz-native"]

[verifier]
timeout_sec = 30.0

[agent]
timeout_sec = 300.0

[environment]
network_mode = "public"
cpus = 1
memory_mb = 1024
storage_mb = 1024
'''

DOCKERFILE = '''FROM python:3.12-slim-bookworm

# Nothing to seed yet: the verifier needs only the standard library.
'''

TEST_SH = '''#!/bin/sh
# Score the exported evidence. verify.py first checks this folder against its seal (SEAL). It runs
# isolated (-I), from /, with an allow-listed environment, well inside the task's 30 s verifier limit.
set -eu

mkdir -p /logs/verifier
rm -f /logs/verifier/reward.json /logs/verifier/details.json
cd /
status=0
timeout --kill-after=2 25 env -i PATH=/usr/local/bin:/usr/bin:/bin LC_ALL=C.UTF-8 \\
    python3 -I /tests/verify.py \\
    --seal /tests/SEAL \\
    --evidence /logs/artifacts/buzz-evidence.json \\
    --reward /logs/verifier/reward.json \\
    --details /logs/verifier/details.json || status=$?

# A verifier that could not finish still leaves a zero score and the reason, never an empty folder.
if [ ! -s /logs/verifier/reward.json ] || [ ! -s /logs/verifier/details.json ]; then
    printf '%s\\n' '{zeros}' \\
        > /logs/verifier/reward.json
    printf '{{"task": "{name}", "status": "failed_closed", "reason": "verify.py ended with status %s before writing its results"}}\\n' \\
        "$status" > /logs/verifier/details.json
fi
'''


def places(name: str) -> dict[Path, str]:
    """Every file `new-task NAME` writes, with its text (the generated verify.py and SEAL come after)."""
    module = name.replace("-", "_")
    answer = f"{name.upper()}-OK"
    human = "Ada Quinn Example"
    prompt = f"Please reply in this thread with the {name} answer token ({answer})."
    zeros = "{" + ", ".join(f'"{key}": 0.0' for key in ("reward", *DIMENSIONS)) + "}"
    root = TASKS_DIR.parent
    folder = TASKS_DIR / name
    return {
        root / "verifiers" / f"{module}.py": VERIFIER.format(name=name, answer=answer, dimensions=DIMENSIONS),
        root / "strategies" / f"{module}.py": STRATEGIES.format(name=name, module=module, human=human, prompt=prompt),
        folder / "README.md": README.format(name=name, prompt=prompt, answer=answer),
        folder / "instruction.md": prompt + "\n",
        folder / "task.toml": TASK_TOML,
        folder / "environment" / "Dockerfile": DOCKERFILE,
        folder / "tests" / "test.sh": TEST_SH.format(name=name, zeros=zeros),
    }


def new_task(name: str) -> list[Path]:
    """Write the scaffold of task `name`, then its generated verify.py and seal; refuse a bad or taken name."""
    if not _NAME.fullmatch(name):
        raise UsageError(f"{name!r} is not a task name: use lowercase words joined by '-', e.g. reply-to-thread")
    if name in task_names():
        raise UsageError(f"task {name!r} already exists; pick another name")
    files = places(name)
    taken = [path for path in files if path.exists()] + [TASKS_DIR / name] * (TASKS_DIR / name).exists()
    if taken:
        raise UsageError(f"{taken[0]} already exists; remove it or pick another name")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (TASKS_DIR / name / "tests" / "test.sh").chmod(0o755)
    importlib.invalidate_caches()
    registered.cache_clear()  # the new definition loads, and is checked, with the others
    return [*files, *(target.path for target in build_all()), *seal.reseal_stale()]


def _run(args: argparse.Namespace) -> int:
    for path in new_task(args.name):
        print(f"wrote {path}")
    print(f"next: `verifuzz check tasks/{args.name}`, then make it the task's own (docs/writing-a-task.md)")
    return 0


def add_parser(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("new-task", help="scaffold a task: its verifier, its strategies and its folder")
    parser.add_argument("name", metavar="NAME", help="the task's folder name, lowercase words joined by '-'")
    parser.set_defaults(handler=_run)
