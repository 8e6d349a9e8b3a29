"""Build a schema-v1 snapshot from raw relay events, the way the harness exports one, by the layout in `verifiers/schema.py`.

Derived fields are computed here from the tags with the same function the
reader uses to check them, so a built snapshot is trustworthy by construction.
The copies of a snapshot's parts are made by the same layout.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, Iterable, Mapping, Sequence

from verifuzz.verifiers.evidence import tag_value
from verifuzz.verifiers.schema import MESSAGE, NAMED_RECORDS, RECORD, RECORDS, SCHEMA_VERSION, SNAPSHOT, STRINGS, TAGS, Field

Copy = Callable[[Any], Any]

# The fields of a message that are the relay event's own: neither read from its tags nor from its author.
EVENT = tuple(field for field in MESSAGE if field.from_tags is None and field.from_author is None)
# Where each field of a message comes from, looked up once: `message` runs for every event.
_MESSAGE_KEYS = tuple(field.key for field in MESSAGE)
_OWN_KEYS = tuple(field.key for field in EVENT)
_take_own = itemgetter(*_OWN_KEYS)
_TAGS_KEY = next(field.key for field in EVENT if field.kind == TAGS)
_FROM_AUTHOR = tuple((field.key, field.from_author) for field in MESSAGE if field.from_author is not None)
_FROM_TAGS = tuple((field.key, field.from_tags) for field in MESSAGE if field.from_tags is not None)


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
    names = authors(identities)
    ordered = sorted(events, key=lambda event: (event["created_at"], event["id"]))
    truncated = transcript_limit is not None and len(ordered) > transcript_limit
    kept = ordered[:transcript_limit] if truncated else ordered
    messages = [message(event, names) for event in kept]
    values = {
        "schema_version": SCHEMA_VERSION,
        "task_name": task_name,
        "trial": trial,
        "task_event_id": task_event_id,
        "completion_message_id": completion_message_id,
        "identities": identities,
        "directory": directory,
        "observed_channels": observed_channels,
        "scripted_events": scripted_events,
        "message_count": len(messages),
        "truncated": truncated,
        "messages": messages,
    }
    # In the layout's order; what the caller gave is copied, so the snapshot shares no object with it.
    return {key: values[key] if copy is None or key == "messages" else copy(values[key]) for key, copy in SNAPSHOT_COPIES}


def authors(identities: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    """Each identity's pubkey -> its `name` and `role`, what a message by that pubkey carries as author."""
    return {spec["pubkey"]: {"name": name, "role": spec["role"]} for name, spec in identities.items()}


def message(event: Mapping[str, Any], names: Mapping[str, Mapping[str, str]], unknown: str | None = None) -> dict[str, Any]:
    """The exported message of a relay event: the event's own fields, its author's name and role (`unknown`
    when no identity holds its pubkey) and what its tags say, in the layout's order."""
    built: dict[str, Any] = dict.fromkeys(_MESSAGE_KEYS)  # sets the order; every value is filled in below
    built.update(zip(_OWN_KEYS, _take_own(event)))
    tags = built[_TAGS_KEY] = _copy_tags(event[_TAGS_KEY])
    author = names.get(event["pubkey"])
    for key, part in _FROM_AUTHOR:
        built[key] = unknown if author is None else author[part]
    for key, rule in _FROM_TAGS:
        value = tag_value(rule, tags)
        built[key] = list(value) if rule.every else value
    return built


def _copy_tags(tags: Iterable[Sequence[str]]) -> list[list[str]]:
    return [list(tag) for tag in tags]


def copier(field: Field) -> Copy | None:
    """A function copying a value of `field`: every object and list in it new; the strings and numbers,
    which nothing can change, shared. None for a field that holds no object or list: nothing to copy."""
    if field.kind == TAGS:
        return _copy_tags
    if field.kind == STRINGS:
        return list
    if field.kind not in (RECORD, RECORDS, NAMED_RECORDS):
        return None
    record = record_copier(field.fields)
    if field.kind == RECORDS:
        return lambda items: [record(item) for item in items]
    if field.kind == NAMED_RECORDS:
        return lambda named: {name: record(item) for name, item in named.items()}
    return record


def record_copier(fields: Sequence[Field]) -> Copy:
    """A function copying a record of `fields` (unknown keys included), its lists and objects too."""
    copies = ((field.key, copier(field)) for field in fields)
    nested = tuple((key, copy) for key, copy in copies if copy is not None)
    if not nested:
        return dict

    def copy(record: Mapping[str, Any]) -> dict[str, Any]:
        new = dict(record)
        for key, copy_member in nested:
            if key in new:  # an optional member may be absent
                new[key] = copy_member(new[key])
        return new

    return copy


SNAPSHOT_COPIES = tuple((field.key, copier(field)) for field in SNAPSHOT)
copy_events: Copy = copier(Field("events", RECORDS, fields=EVENT))  # type: ignore[assignment]
