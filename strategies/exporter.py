"""A model of the published Buzz exporter: what the relay returned in, a schema-v1 snapshot out, by its rules.

`strategies/builder.py` builds the tidy snapshot a witness stands for; this module builds the one a real
harness would write from the same run, with the exporter's own habits (docs/evidence-v1.md), so a
verifier can be held to scoring both alike. Two versions exist: `OLDER` writes no `scripted_events`
key, `NEWER` always does.
"""
from __future__ import annotations

from random import Random
from typing import Any, Mapping, Sequence

from verifuzz.strategies.builder import EVENT, authors, message
from verifuzz.strategies.trial import Trial, hex64
from verifuzz.verifiers.schema import INTEGER, SCHEMA_VERSION, TAGS, Field

OLDER, NEWER = "older", "newer"
VERSIONS = (OLDER, NEWER)
UNKNOWN = "unknown"  # author and author_role of a pubkey no identity holds
TRANSCRIPT_LIMIT = 5_000
REACTION, DELETION = 7, 5


def export(
    *,
    version: str,
    task_name: str,
    trial: Mapping[str, str],
    identities: Mapping[str, Mapping[str, str]],
    relay_events: Sequence[object],
    task_event_id: str | None,
    completion_message_id: str | None = None,
    directory: Sequence[Mapping[str, Any]] = (),
    observed_channels: Sequence[Mapping[str, Any]] = (),
    scripted_events: Sequence[Mapping[str, str]] = (),
    transcript_limit: int = TRANSCRIPT_LIMIT,
) -> dict[str, Any]:
    """The snapshot the exporter of `version` writes for what the relay returned (`relay_events`, in relay order)."""
    if version not in VERSIONS:
        raise ValueError(f"unknown exporter version {version!r}; expected one of {', '.join(VERSIONS)}")
    if version == OLDER and scripted_events:
        raise ValueError("an older exporter writes no scripted_events, so it cannot export a run that injected some")
    names = authors(identities)
    messages = [exported_message(item, names) for item in relay_events if type(item) is dict]
    # Python's sort is stable: ties keep relay order, and messages without an integer time go last.
    messages.sort(key=lambda m: (m["created_at"] is None, m["created_at"] or 0))
    snapshot: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "task_name": task_name,
        "trial": dict(trial),
        "task_event_id": task_event_id,
        "completion_message_id": completion_message_id,
        "identities": {name: {"role": spec["role"], "pubkey": spec["pubkey"]} for name, spec in identities.items()},
        "directory": [dict(entry) for entry in directory],
        "observed_channels": [dict(channel) for channel in observed_channels],
        "message_count": len(messages),
        "truncated": len(relay_events) >= transcript_limit,
        "messages": messages,
    }
    if version == NEWER:
        snapshot["scripted_events"] = [dict(item) for item in scripted_events]
    return snapshot


def exported_message(item: Mapping[str, Any], names: Mapping[str, Mapping[str, str]]) -> dict[str, Any]:
    """One relay event as the exporter writes it: unreadable fields become "" or null, odd tags are dropped."""
    return message({field.key: _readable(field, item.get(field.key)) for field in EVENT}, names, unknown=UNKNOWN)


def _readable(field: Field, value: object) -> object:
    """What the exporter keeps of an event's `field`: only tags that are non-empty lists of strings, an
    integer or null where an integer belongs, else a string or ""."""
    if field.kind == TAGS:
        return [tag for tag in value if _is_tag(tag)] if type(value) is list else []
    if field.kind == INTEGER:
        return value if type(value) is int else None  # JSON true/false are not integers here
    return value if type(value) is str else ""


def _is_tag(tag: object) -> bool:
    return type(tag) is list and bool(tag) and all(type(part) is str for part in tag)


def exported_trial(trial: Trial, version: str, relay_events: Sequence[object] | None = None) -> dict[str, Any]:
    """`trial` as the exporter of `version` writes it (its own events unless `relay_events` says otherwise)."""
    return export(
        version=version,
        task_name=trial.task_name,
        trial=trial.trial,
        identities=trial.identities,
        relay_events=trial.events if relay_events is None else relay_events,
        task_event_id=trial.task_event_id,
        completion_message_id=trial.completion_message_id,
        directory=trial.directory,
        observed_channels=trial.observed_channels,
        scripted_events=trial.scripted_events,
    )


def relay_noise(rng: Random, trial: Trial) -> list[object]:
    """What a relay returns for `trial` besides its messages, none of which changes a score.

    Entries that are not objects, tags that are not non-empty lists of strings, extra event fields,
    an earlier message from a pubkey no identity holds, reactions (kind 7) from anyone, the agent included,
    and deletions (kind 5) by anyone but the author of the event they name, anywhere in time: none of them
    is a reply a person reads, and none deletes one.
    """
    events: list[object] = [{**item, "tags": [list(tag) for tag in item["tags"]]} for item in trial.events]
    first = min(item["created_at"] for item in trial.events)
    last = max(item["created_at"] for item in trial.events)
    for _ in range(rng.randint(1, 4)):
        target = rng.choice([item for item in events if type(item) is dict])
        choice = rng.randrange(5)
        if choice == 0:
            target["tags"].insert(rng.randint(0, len(target["tags"])), rng.choice([[], ["x", 1], [None], "h", {"h": "x"}]))
        elif choice == 1:
            target["sig"] = hex64("sig", target["id"]) * 2
        elif choice == 2:
            events.insert(rng.randint(0, len(events)), rng.choice([None, "NOTICE", 42, ["EVENT"], True]))
        elif choice == 3:
            stranger = hex64("unknown-pubkey", rng.randint(0, 10**6))
            events.append({"id": hex64("stranger-msg", rng.random()), "pubkey": stranger, "kind": 9,
                           "created_at": first - rng.randint(1, 600), "content": "hello", "tags": [["h", trial.channel]]})
        else:
            kind = rng.choice([REACTION, DELETION])
            # A deletion by the target's own author would delete it (strategies/deletions.py): noise deletes nothing.
            who = rng.choice([pubkey for pubkey in (trial.user, trial.agent, hex64("someone", rng.random()))
                              if kind == REACTION or pubkey != target["pubkey"]])
            content = rng.choice(["+", "\U0001f44d", ""]) if kind == REACTION else ""
            events.append({"id": hex64("other-kind", rng.random()), "pubkey": who, "kind": kind,
                           "created_at": rng.randint(first, last + 60), "content": content,
                           "tags": [["e", target["id"]], ["h", trial.channel]]})
    return events
