"""Evidence for narrative-agent-names."""
from __future__ import annotations

from strategies.cast import Cast
from strategies.trial import Trial, event, reply_tags

TASK = "narrative-agent-names"
AURORA = "Aurora Audit Bot"
BEACON = "Beacon Deploy Bot"
PROMPT = (
    "Two-line status update, please: Aurora Audit Bot completed the audit, and Beacon Deploy Bot "
    "remains idle. It's only a summary; neither bot has anything to do."
)
STATUS_LINES = (f"{AURORA} completed the audit.", f"{BEACON} remains idle.")


def bot_key(cast: Cast, bot: str) -> str:
    return cast.key("bot", bot)


def trial(cast: Cast = Cast(), reply: str | None = None) -> Trial:
    """A correct run: one in-thread reply that names both bots plainly and p-tags the human."""
    root = cast.key("task-event")
    content = "\n".join(STATUS_LINES) if reply is None else reply
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(cast.key("reply"), cast.agent, cast.at(1), content, reply_tags(cast.channel, root, cast.user)),
    ]
    return Trial(
        task_name=TASK,
        trial=cast.trial_info(),
        identities=cast.identities(),
        events=events,
        task_event_id=root,
        directory=[{"name": bot, "role": "bot", "pubkey": bot_key(cast, bot)} for bot in (AURORA, BEACON)],
    )
