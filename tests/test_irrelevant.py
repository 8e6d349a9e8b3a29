"""Irrelevant changes reach every object the snapshot's layout describes, and apply only where it fits."""
from __future__ import annotations

from random import Random
from typing import Any

import pytest

from verifuzz.strategies.builder import build_snapshot
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.irrelevant import records, unknown_keys, unrelated_earlier_messages, well_formed
from verifuzz.strategies.trial import event, plain_copy, reply_tags
from verifuzz.verifiers.evidence import parse_evidence
from verifuzz.verifiers.schema import SNAPSHOT

CAST = Cast()
ROOT = CAST.key("root")


def snapshot() -> dict[str, Any]:
    """One of each record the layout describes."""
    return build_snapshot(
        task_name="contract-task",
        trial=CAST.trial_info(),
        identities=CAST.identities(),
        events=[event(ROOT, CAST.user, CAST.at(0), "Please.", [["h", CAST.channel]]),
                event(CAST.key("reply"), CAST.agent, CAST.at(1), "Done.", reply_tags(CAST.channel, ROOT, CAST.user))],
        task_event_id=ROOT,
        directory=[{"name": "Audit Bot", "role": "bot", "pubkey": CAST.key("bot")}],
        observed_channels=[{"channel_id": CAST.channel, "name": "ops", "channel_type": "stream", "visibility": "private",
                            "archived": False, "ttl_seconds": None, "members": [{"pubkey": CAST.agent, "role": "owner"}]}],
        scripted_events=[{"label": "warm-up", "event_id": ROOT}],
    )


def test_records_are_every_object_below_the_root() -> None:
    """The trial, each identity, directory row, channel, member, scripted event and message, and nothing else."""
    raw = snapshot()
    found = records(SNAPSHOT, raw)
    expected = [raw["trial"], *raw["identities"].values(), *raw["directory"], raw["observed_channels"][0],
                raw["observed_channels"][0]["members"][0], *raw["scripted_events"], *raw["messages"]]
    assert [id(item) for item in found] == [id(item) for item in expected]
    del raw["scripted_events"]
    assert len(records(SNAPSHOT, raw)) == len(expected) - 1


def test_unknown_keys_reach_every_kind_of_object_and_change_no_reading() -> None:
    """Over a few seeds, a key is added to the root and to every kind of record, and the snapshot reads the same."""
    raw = snapshot()
    kinds = {tuple(sorted(raw)): "snapshot", **{tuple(sorted(item)): "record" for item in records(SNAPSHOT, raw)}}
    touched = set()
    for seed in range(200):
        changed = unknown_keys(Random(seed), plain_copy(raw))
        assert parse_evidence(changed) == parse_evidence(raw)
        added = [item for item in [changed, *records(SNAPSHOT, changed)] if tuple(sorted(item)) not in kinds]
        assert len(added) == 1
        touched.add(tuple(sorted(key for key in added[0] if key not in {"x_exporter", "relay_url", "note"})))
    assert touched == set(kinds)


def test_earlier_chatter_is_built_as_strangers_messages() -> None:
    """Chatter before the first message is by pubkeys no identity holds, in the trial channel, and reads."""
    raw = snapshot()
    changed = unrelated_earlier_messages(Random(3), plain_copy(raw))
    added = changed["messages"][: changed["message_count"] - raw["message_count"]]
    assert added and all(m["author"] is None and m["channel_id"] == CAST.channel for m in added)
    assert parse_evidence(changed).messages[len(added):] == parse_evidence(raw).messages


@pytest.mark.parametrize(
    ("change", "fits"),
    [
        (lambda raw: None, True),
        (lambda raw: raw.pop("scripted_events"), True),
        (lambda raw: raw.pop("task_name"), True),
        (lambda raw: raw.pop("directory"), False),
        (lambda raw: raw["observed_channels"][0].update(members={}), False),
        (lambda raw: raw["identities"].update(Nobody="x"), False),
        (lambda raw: raw["messages"][0].update(tags=[["h"], "p"]), False),
        (lambda raw: raw["messages"][0].update(mentioned_pubkeys="p"), False),
        (lambda raw: raw["messages"][0].pop("tags"), False),
        (lambda raw: raw.update(trial=[]), False),
        (lambda raw: raw.update(message_count="2"), False),
    ],
    ids=["intact", "older-export", "no-leaf", "no-directory", "members-object", "identity-string", "tag-string",
         "mentions-string", "no-tags", "trial-list", "count-string"],
)
def test_well_formed_means_every_object_and_list_of_the_layout_is_one(change: Any, fits: bool) -> None:
    """The changes apply only when each described object and list is one (optional ones may be absent) and the count is an integer."""
    raw = snapshot()
    change(raw)
    assert well_formed(raw) is fits
    assert well_formed([]) is False
