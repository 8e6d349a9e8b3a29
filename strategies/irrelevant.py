"""Changes a verifier must not care about: each keeps the meaning of an exported snapshot."""
from __future__ import annotations

from random import Random
from typing import Any, Callable

from verifuzz.strategies.builder import message
from verifuzz.strategies.realistic import HARMLESS_TAGS, faker_for
from verifuzz.strategies.trial import event, hex64, plain_copy
from verifuzz.verifiers.schema import NAMED_RECORDS, RECORD, RECORDS, SNAPSHOT, STRINGS, TAGS, Field

Change = Callable[[Random, dict], dict]


def another_order(rng: Random, items: list[Any]) -> list[Any]:
    """A permutation of `items`, never their own order when there is another: keeping it would test nothing."""
    order = rng.sample(items, len(items))
    return order[::-1] if order == items else order


def reorder_identities(rng: Random, snapshot: dict) -> dict:
    """Identities are keyed by name; their order means nothing."""
    order = another_order(rng, list(snapshot["identities"]))
    snapshot["identities"] = {name: snapshot["identities"][name] for name in order}
    return snapshot


def reorder_directory(rng: Random, snapshot: dict) -> dict:
    snapshot["directory"] = another_order(rng, snapshot["directory"])
    return snapshot


def unrelated_earlier_messages(rng: Random, snapshot: dict) -> dict:
    """Strangers chatting in the channel before anything else happened."""
    fake = faker_for(rng.getrandbits(32))
    # An exporter writes `created_at: null` for an event without an integer time (strategies/exporter.py).
    first = min((m["created_at"] for m in snapshot["messages"] if type(m.get("created_at")) is int),
                default=1_700_000_000)
    count = rng.randint(1, 3)
    channel = snapshot["trial"]["channel_id"]
    chatter = [
        message(event(hex64("earlier", channel, first, index, fake.uuid4()), hex64("passer-by", fake.user_name()),
                      first - 60 * (count - index), fake.sentence(), [["h", channel]]), {})
        for index in range(count)
    ]
    snapshot["messages"] = chatter + snapshot["messages"]
    snapshot["message_count"] += count
    return snapshot


def unrelated_tags(rng: Random, snapshot: dict) -> dict:
    """A client tag that says nothing about channel, thread or mentions, added anywhere among some message's tags."""
    if snapshot["messages"]:
        chosen = rng.choice(snapshot["messages"])
        position = rng.randint(0, len(chosen["tags"]))
        chosen["tags"].insert(position, list(rng.choice(HARMLESS_TAGS)))
    return snapshot


def unknown_keys(rng: Random, snapshot: dict) -> dict:
    """Keys a later exporter may add to any object of the snapshot; a v1 reader ignores them."""
    target = rng.choice([snapshot, *records(SNAPSHOT, snapshot)])
    target[rng.choice(["x_exporter", "relay_url", "note"])] = rng.choice([None, "v1.4", 3, ["a"]])
    return snapshot


CHANGES: tuple[Change, ...] = (reorder_identities, reorder_directory, unrelated_earlier_messages, unrelated_tags, unknown_keys)


def irrelevant_change(rng: Random, snapshot: dict) -> tuple[str, dict]:
    """One named irrelevant change applied to a copy of a well-formed snapshot."""
    change = rng.choice(CHANGES)
    return change.__name__, change(rng, plain_copy(snapshot))


def records(fields: tuple[Field, ...], record: dict) -> list[dict]:
    """Every object nested in `record` (a record of `fields`) that the layout describes, depth first."""
    found = []
    for field in fields:
        if field.key not in record or not field.fields:
            continue
        value = record[field.key]
        nested = [value] if field.kind == RECORD else list(value.values()) if field.kind == NAMED_RECORDS else value
        for item in nested:
            found += [item, *records(field.fields, item)]
    return found


def well_formed(snapshot: Any) -> bool:
    """Whether the irrelevant changes can be applied: each object and list the layout describes is one
    (an optional one may be absent), and `message_count` is an integer."""
    return _record_fits(SNAPSHOT, snapshot) and isinstance(snapshot.get("message_count"), int)


def _record_fits(fields: tuple[Field, ...], record: Any) -> bool:
    return isinstance(record, dict) and all(
        _fits(field, record[field.key]) if field.key in record else field.optional or field.kind not in CONTAINERS
        for field in fields
    )


def _fits(field: Field, value: Any) -> bool:
    """Whether `value` is the object or list `field` holds, all the way down; leaves are not looked at."""
    if field.kind == RECORD:
        return _record_fits(field.fields, value)
    if field.kind == RECORDS:
        return isinstance(value, list) and all(_record_fits(field.fields, item) for item in value)
    if field.kind == NAMED_RECORDS:
        return isinstance(value, dict) and all(_record_fits(field.fields, item) for item in value.values())
    if field.kind == TAGS:
        return isinstance(value, list) and all(isinstance(tag, list) for tag in value)
    return field.kind != STRINGS or isinstance(value, list)


CONTAINERS = (RECORD, RECORDS, NAMED_RECORDS, TAGS, STRINGS)
