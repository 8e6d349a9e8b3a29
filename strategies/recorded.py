"""Witnesses from real runs: an evidence snapshot a harness exported, turned back into a trial to break."""
from __future__ import annotations

from typing import Any

from verifuzz.strategies.trial import Trial

EVENT_KEYS = ("id", "pubkey", "created_at", "kind", "tags", "content")


class NotASnapshot(ValueError):
    """The file does not hold a schema-v1 evidence snapshot a trial can be rebuilt from."""


def trial_from_snapshot(snapshot: Any, input_files: dict[str, str] | None = None) -> Trial:
    """The trial whose export is `snapshot`: its raw events and what the harness recorded beside them.

    The derived fields (`author`, `channel_id`, `mentioned_pubkeys`, ...) are rebuilt from the tags by the
    exporter, so adversaries can change a message and the snapshot stays consistent.
    """
    if not isinstance(snapshot, dict):
        raise NotASnapshot(f"expected a JSON object, found {type(snapshot).__name__}")
    try:
        messages = snapshot["messages"]
        events = [{key: message[key] for key in EVENT_KEYS} for message in messages]
        trial = Trial(
            task_name=snapshot["task_name"],
            trial=dict(snapshot["trial"]),
            identities={name: dict(spec) for name, spec in snapshot["identities"].items()},
            events=[{**event, "tags": [list(tag) for tag in event["tags"]]} for event in events],
            task_event_id=snapshot.get("task_event_id"),
            completion_message_id=snapshot.get("completion_message_id"),
            directory=[dict(entry) for entry in snapshot.get("directory", [])],
            observed_channels=[{**c, "members": [dict(m) for m in c.get("members", [])]}
                               for c in snapshot.get("observed_channels", [])],
            scripted_events=[dict(s) for s in snapshot.get("scripted_events", [])],
            input_files=dict(input_files or {}),
        )
        trial.agent  # the orchestrator must be known for adversaries to find the reply
        trial.channel
    except (KeyError, TypeError, AttributeError, StopIteration) as error:
        raise NotASnapshot(f"not a schema-v1 snapshot with an orchestrator and messages ({type(error).__name__}: "
                           f"{error})") from None
    if not trial.agent_events():
        raise NotASnapshot("the orchestrator posted no message, so this is not a passing run")
    return trial
