"""Changes a verifier must not care about: each keeps the meaning of an exported snapshot."""
from __future__ import annotations

import copy
from typing import Any, Callable

from hypothesis import strategies as st

from strategies.realistic import HARMLESS_TAGS, faker_for
from strategies.trial import MESSAGE_KIND, hex64

Change = Callable[[st.DrawFn, dict], dict]


def another_order(draw: st.DrawFn, items: list[Any]) -> list[Any]:
    """A permutation of `items`, never their own order when there is another: keeping it would test nothing."""
    order = draw(st.permutations(items))
    return order[::-1] if order == items else order


def reorder_identities(draw: st.DrawFn, snapshot: dict) -> dict:
    """Identities are keyed by name; their order means nothing."""
    order = another_order(draw, list(snapshot["identities"]))
    snapshot["identities"] = {name: snapshot["identities"][name] for name in order}
    return snapshot


def reorder_directory(draw: st.DrawFn, snapshot: dict) -> dict:
    snapshot["directory"] = another_order(draw, snapshot["directory"])
    return snapshot


def unrelated_earlier_messages(draw: st.DrawFn, snapshot: dict) -> dict:
    """Strangers chatting in the channel before anything else happened."""
    fake = faker_for(draw(st.integers(0, 2**32 - 1)))
    first = min((m["created_at"] for m in snapshot["messages"]), default=1_700_000_000)
    count = draw(st.integers(1, 3))
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


def unrelated_tags(draw: st.DrawFn, snapshot: dict) -> dict:
    """A client tag that says nothing about channel, thread or mentions, added anywhere among some message's tags."""
    if snapshot["messages"]:
        message = draw(st.sampled_from(snapshot["messages"]))
        position = draw(st.integers(0, len(message["tags"])))
        message["tags"].insert(position, list(draw(st.sampled_from(HARMLESS_TAGS))))
    return snapshot


def unknown_keys(draw: st.DrawFn, snapshot: dict) -> dict:
    """Keys a later exporter may add; a v1 reader ignores them."""
    targets = [snapshot, snapshot["trial"], *snapshot["messages"], *snapshot["identities"].values()]
    target = draw(st.sampled_from(targets))
    target[draw(st.sampled_from(["x_exporter", "relay_url", "note"]))] = draw(st.sampled_from([None, "v1.4", 3, ["a"]]))
    return snapshot


CHANGES: tuple[Change, ...] = (reorder_identities, reorder_directory, unrelated_earlier_messages, unrelated_tags, unknown_keys)


@st.composite
def irrelevant_change(draw: st.DrawFn, snapshot: dict) -> tuple[str, dict]:
    """One named irrelevant change applied to a copy of a well-formed snapshot."""
    change = draw(st.sampled_from(CHANGES))
    return change.__name__, change(draw, copy.deepcopy(snapshot))


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
