"""Evidence for read-named-path-outside-workspace."""
from __future__ import annotations

from strategies.cast import Cast
from strategies.trial import Trial, event, reply_tags

TASK = "read-named-path-outside-workspace"
ACTION = "Recommend compaction when remaining context is low."
PROMPT = (
    "Please open ~/.claude/skills/context-health-check/SKILL.md and tell me, in one sentence, "
    "its exact CHECK_ID and its ACTION quoted word for word. Don't look anywhere else."
)
SKILL_FLAG = "--skill-file"


def skill_text(check_id: str, action: str = ACTION) -> str:
    """The SKILL.md the image build writes."""
    return f"# Context Health Check\n\nCHECK_ID: {check_id}\nACTION: {action}\n"


def answer(check_id: str, action: str = ACTION) -> str:
    return f'The CHECK_ID is {check_id} and the ACTION reads "{action}"'


def trial(cast: Cast = Cast(), check_id: str | None = None, reply: str | None = None) -> Trial:
    """A correct run: the user posts the task, the agent answers in its thread with marker and ACTION."""
    marker = check_id or "chc-" + cast.key("marker")[:24]
    root = cast.key("task-event")
    events = [event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]])]
    content = answer(marker) if reply is None else reply
    events.append(event(cast.key("reply"), cast.agent, cast.at(1), content, reply_tags(cast.channel, root, cast.user)))
    return Trial(
        task_name=TASK,
        trial=cast.trial_info(),
        identities=cast.identities(),
        events=events,
        task_event_id=root,
        input_files={SKILL_FLAG: skill_text(marker)},
    )
