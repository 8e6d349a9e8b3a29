"""Build a schema-v1 snapshot from raw relay events, the way the harness exports one.

Derived fields are computed here from the tags with the same functions the
reader uses to check them, so a built snapshot is trustworthy by construction.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from verifuzz.verifiers.evidence import SCHEMA_VERSION, tag_channel, tag_mentions, tag_reply


def build_snapshot(
    *,
    task_name: str,
    trial: Mapping[str, str],
    identities: Mapping[str, Mapping[str, str]],
    events: Iterable[Mapping[str, Any]],
    task_event_id: str | None,
    completion_message_id: str | None = None,
    directory: Sequence[Mapping[str, Any]] = (),
    observed_channels: Sequence[Mapping[str, Any]] = (),
    scripted_events: Sequence[Mapping[str, str]] = (),
    transcript_limit: int | None = None,
) -> dict[str, Any]:
    """Turn raw events (`id, pubkey, created_at, kind, tags, content`) into a v1 snapshot.

    Messages are sorted by `created_at` (then id, for a stable order); past
    `transcript_limit` the export stops and the snapshot is marked truncated.
    """
    names = {spec["pubkey"]: (name, spec["role"]) for name, spec in identities.items()}
    ordered = sorted(events, key=lambda event: (event["created_at"], event["id"]))
    truncated = transcript_limit is not None and len(ordered) > transcript_limit
    kept = ordered[:transcript_limit] if truncated else ordered
    messages = [_message(event, names) for event in kept]
    return {
        "schema_version": SCHEMA_VERSION,
        "task_name": task_name,
        "trial": dict(trial),
        "task_event_id": task_event_id,
        "completion_message_id": completion_message_id,
        "identities": {name: dict(spec) for name, spec in identities.items()},
        "directory": [dict(entry) for entry in directory],
        "observed_channels": [dict(channel) for channel in observed_channels],
        "scripted_events": [dict(event) for event in scripted_events],
        "message_count": len(messages),
        "truncated": truncated,
        "messages": messages,
    }


def _message(event: Mapping[str, Any], names: Mapping[str, tuple[str, str]]) -> dict[str, Any]:
    tags = [list(tag) for tag in event["tags"]]
    author, role = names.get(event["pubkey"], (None, None))
    return {
        "id": event["id"],
        "kind": event["kind"],
        "created_at": event["created_at"],
        "pubkey": event["pubkey"],
        "author": author,
        "author_role": role,
        "content": event["content"],
        "tags": tags,
        "channel_id": tag_channel(tags),
        "reply_to_event_id": tag_reply(tags),
        "mentioned_pubkeys": list(tag_mentions(tags)),
    }
