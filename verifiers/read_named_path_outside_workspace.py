"""read-named-path-outside-workspace: did the agent read the file the user named?

The build-time CHECK_ID marker is the proof: an agent cannot write it without
reading the file, so a refusal scores 0 on substance and its wording is not scored.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from verifiers.evidence import ORCHESTRATOR, USER, Evidence, same
from verifiers.runner import run
from verifiers.text import fold
from verifiers.verdict import Input, TaskSpec, Verdict

NAME = "read-named-path-outside-workspace"
MARKER = re.compile(r"chc-[0-9a-f]{24}")
_CHECK_ID_LINE = re.compile(r"^CHECK_ID:[ \t]*(\S+)[ \t]*$", re.MULTILINE)
_ACTION_LINE = re.compile(r"^ACTION:[ \t]*(\S.*?)[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class Skill:
    """What the seeded SKILL.md says: the marker and the ACTION line."""

    check_id: str
    action: str


def parse_skill(text: str) -> Skill:
    """Read the expectations back from the seeded SKILL.md text; refuse anything ambiguous."""
    text = text.replace("\r\n", "\n")
    check_ids = _CHECK_ID_LINE.findall(text)
    actions = _ACTION_LINE.findall(text)
    if len(check_ids) != 1 or len(actions) != 1:
        raise ValueError(
            "must hold exactly one CHECK_ID line and one ACTION line "
            f"(found {len(check_ids)} and {len(actions)})"
        )
    if not MARKER.fullmatch(check_ids[0]):
        raise ValueError(f"CHECK_ID {check_ids[0][:80]!r} is not a chc-<24 hex> marker")
    if not normalise_action(actions[0]):
        raise ValueError("ACTION is empty once punctuation is dropped")
    return Skill(check_id=check_ids[0], action=actions[0])


def normalise_action(text: str) -> str:
    """Fold case and spacing and drop the trailing run of `.`, `!` and spaces, so presentation never decides the score.

    Spaces belong to the run so that punctuation set apart (`low. !`, `. . .`) is dropped whole.
    """
    return fold(text).rstrip(".! ")


def contains_marker(content: str, marker: str) -> bool:
    """The marker stands in `content` as a whole token, not inside a longer hex run.

    The marker comes first in the pattern and the character before it is checked by a lookbehind
    over the marker, so the regex engine scans for the literal instead of trying every position:
    a megabyte-long reply takes well under a millisecond, not tens.
    """
    token = re.escape(marker)
    return re.search(rf"{token}(?<![0-9A-Za-z]{token})(?![0-9A-Za-z])", content) is not None


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    skill: Skill = inputs["skill_file"]
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    requester = user.pubkey if user else None
    after = evidence.after_task()
    replies = [m for m in after if not same(m.pubkey, requester)]
    reply = replies[-1] if replies else None
    content = reply.content if reply else ""
    checks = {
        **evidence.health(NAME),
        "reply_found": reply is not None,
    }
    dimensions = {
        "evidence_complete": all(checks.values()),
        "expected_author": reply is not None and agent is not None and same(reply.pubkey, agent.pubkey),
        "same_channel": reply is not None and same(reply.channel_id, evidence.channel_id),
        "named_path_read": contains_marker(content, skill.check_id),
        "action_reported": normalise_action(skill.action) in fold(content),
    }
    details = {
        "completeness": checks,
        "reply_id": reply.id if reply else None,
        "reply_content": content,
        "expected_check_id": skill.check_id,
        "expected_action": skill.action,
    }
    return Verdict(dimensions, details)


TASK = TaskSpec(
    name=NAME,
    dimensions=("evidence_complete", "expected_author", "same_channel", "named_path_read", "action_reported"),
    score=score,
    inputs=(Input("--skill-file", "the seeded SKILL.md the expectations are read from", parse_skill),),
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
