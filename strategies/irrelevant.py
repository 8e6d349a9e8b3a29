"""Changes a verifier must not care about: each keeps the meaning of an exported snapshot."""
from __future__ import annotations

from random import Random
from typing import Any, Callable

from verifuzz.strategies.realistic import HARMLESS_TAGS, faker_for
from verifuzz.strategies.trial import MESSAGE_KIND, hex64, plain_copy

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
        {
            "id": hex64("earlier", channel, first, index, fake.uuid4()),
            "kind": MESSAGE_KIND,
            "created_at": first - 60 * (count - index),
            "pubkey": hex64("passer-by", fake.user_name()),
            "author": None,
            "author_role": None,
            "content": fake.sentence(),
            "tags": [["h", channel]],
            "channel_id": channel,
            "reply_to_event_id": None,
            "mentioned_pubkeys": [],
        }
        for index in range(count)
    ]
    snapshot["messages"] = chatter + snapshot["messages"]
    snapshot["message_count"] += count
    return snapshot


def unrelated_tags(rng: Random, snapshot: dict) -> dict:
    """A client tag that says nothing about channel, thread or mentions, added anywhere among some message's tags."""
    if snapshot["messages"]:
        message = rng.choice(snapshot["messages"])
        position = rng.randint(0, len(message["tags"]))
        message["tags"].insert(position, list(rng.choice(HARMLESS_TAGS)))
    return snapshot


def unknown_keys(rng: Random, snapshot: dict) -> dict:
    """Keys a later exporter may add; a v1 reader ignores them."""
    targets = [snapshot, snapshot["trial"], *snapshot["messages"], *snapshot["identities"].values()]
    target = rng.choice(targets)
    target[rng.choice(["x_exporter", "relay_url", "note"])] = rng.choice([None, "v1.4", 3, ["a"]])
    return snapshot


CHANGES: tuple[Change, ...] = (reorder_identities, reorder_directory, unrelated_earlier_messages, unrelated_tags, unknown_keys)


def irrelevant_change(rng: Random, snapshot: dict) -> tuple[str, dict]:
    """One named irrelevant change applied to a copy of a well-formed snapshot."""
    change = rng.choice(CHANGES)
    return change.__name__, change(rng, plain_copy(snapshot))


def well_formed(snapshot: Any) -> bool:
    """Whether the irrelevant changes can be applied (the snapshot has the v1 containers)."""
    return (
        isinstance(snapshot, dict)
        and isinstance(snapshot.get("identities"), dict)
        and all(isinstance(v, dict) for v in snapshot["identities"].values())
        and isinstance(snapshot.get("directory"), list)
        and isinstance(snapshot.get("messages"), list)
        and all(isinstance(m, dict) and isinstance(m.get("tags"), list) for m in snapshot["messages"])
        and isinstance(snapshot.get("trial"), dict)
        and isinstance(snapshot.get("message_count"), int)
    )
