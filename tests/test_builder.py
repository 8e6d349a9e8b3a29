"""The builder of tidy snapshots writes the layout of verifiers/schema.py, and copies by it."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from verifuzz.strategies.builder import EVENT, SNAPSHOT_COPIES, authors, build_snapshot, copier, message, record_copier
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.tasks import for_task
from verifuzz.strategies.trial import Trial, event, reply_tags
from verifuzz.verifiers.evidence import parse_evidence
from verifuzz.verifiers.schema import MESSAGE, SNAPSHOT, STRING, STRINGS, TAGS, TEXT, Field

CAST = Cast()
ROOT, REPLY = CAST.key("root"), CAST.key("reply")
CHANNEL = {"channel_id": CAST.channel, "name": "ops", "channel_type": "stream", "visibility": "private", "archived": False,
           "ttl_seconds": None, "members": [{"pubkey": CAST.agent, "role": "owner"}]}


def containers(value: Any) -> Iterator[Any]:
    """Every dict and list inside `value`, itself included."""
    if isinstance(value, (dict, list)):
        yield value
        for child in value.values() if isinstance(value, dict) else value:
            yield from containers(child)


def inputs() -> dict[str, Any]:
    """What a snapshot is built from: every part of the layout filled in, the events out of order."""
    return {
        "task_name": "contract-task",
        "trial": CAST.trial_info(),
        "identities": CAST.identities(),
        "events": [event(REPLY, CAST.agent, CAST.at(1), "Done.", reply_tags(CAST.channel, ROOT, CAST.user)),
                   event(ROOT, CAST.user, CAST.at(0), "Please.", [["h", CAST.channel]])],
        "task_event_id": ROOT,
        "directory": [{"name": "Audit Bot", "role": "bot", "pubkey": CAST.key("bot")}],
        "observed_channels": [CHANNEL],
        "scripted_events": [{"label": "warm-up", "event_id": ROOT}],
    }


def built(**given: Any) -> dict[str, Any]:
    return build_snapshot(**{**inputs(), **given})


def test_a_snapshot_has_every_field_of_the_layout_in_its_order() -> None:
    """The snapshot and each of its messages hold exactly the layout's keys, in the layout's order, and read back."""
    snapshot = built()
    assert list(snapshot) == [field.key for field in SNAPSHOT]
    assert [list(item) for item in snapshot["messages"]] == [[field.key for field in MESSAGE]] * 2
    assert parse_evidence(snapshot).task_name == "contract-task"


def test_a_snapshot_shares_no_dict_or_list_with_what_it_was_built_from() -> None:
    """Nested parts, a watched channel's members included, are copied: changing the snapshot leaves the inputs alone."""
    given = inputs()
    snapshot = build_snapshot(**given)
    assert snapshot["observed_channels"] == [CHANNEL]
    originals = {id(part) for part in containers(given)}
    assert not [part for part in containers(snapshot) if id(part) in originals]


def test_a_message_takes_its_own_fields_its_authors_and_what_its_tags_say() -> None:
    """Own fields come from the event, author and role from the identity holding its pubkey (else `unknown`), the rest from the tags."""
    tags = [["client", "x"], *reply_tags(CAST.channel, ROOT, CAST.user, CAST.agent)]
    raw = {**event(REPLY, CAST.agent, CAST.at(1), "Done.", tags), "sig": "ignored"}
    names = authors(CAST.identities())
    assert message(raw, names) == {
        "id": REPLY, "kind": 9, "created_at": CAST.at(1), "pubkey": CAST.agent, "author": CAST.agent_name,
        "author_role": "orchestrator", "content": "Done.", "tags": tags, "channel_id": CAST.channel,
        "reply_to_event_id": ROOT, "mentioned_pubkeys": [CAST.user, CAST.agent],
    }
    stranger = message({**raw, "pubkey": CAST.key("stranger"), "tags": []}, names, unknown="unknown")
    assert (stranger["author"], stranger["author_role"], stranger["channel_id"], stranger["mentioned_pubkeys"]) == (
        "unknown", "unknown", None, [])
    assert message(raw, names)["tags"] is not tags and message(raw, names)["tags"][0] is not tags[0]


def test_an_event_is_a_messages_own_fields() -> None:
    """A relay event carries what a message does not derive: id, kind, time, pubkey, content and tags."""
    assert [field.key for field in EVENT] == ["id", "kind", "created_at", "pubkey", "content", "tags"]


def test_the_transcript_limit_keeps_the_earliest_messages_and_marks_the_snapshot() -> None:
    """Past the limit the export stops: the earliest messages are kept, counted, and the snapshot says it is truncated."""
    snapshot = built(transcript_limit=1)
    assert (snapshot["truncated"], snapshot["message_count"], [m["id"] for m in snapshot["messages"]]) == (True, 1, [ROOT])
    assert built(transcript_limit=2)["truncated"] is False


@pytest.mark.parametrize(
    ("field", "value"),
    [
        (Field("t", TAGS), [["h", "c"], ["p", "k"]]),
        (Field("s", STRINGS), ["a", "b"]),
        (Field("r", "record", fields=(Field("a", TEXT), Field("l", STRINGS))), {"a": "x", "l": ["y"], "extra": [1]}),
        (Field("n", "named records", fields=(Field("a", TEXT), Field("t", TAGS))), {"Ann": {"a": "x", "t": [["h"]]}}),
        (Field("m", "records", fields=(Field("a", TEXT), Field("o", TAGS, optional=True))), [{"a": "x"}, {"a": "y", "o": [["e"]]}]),
    ],
    ids=lambda value: getattr(value, "kind", ""),
)
def test_a_copy_is_equal_and_new_down_to_the_layouts_last_list(field: Field, value: Any) -> None:
    """Every object and list the layout describes is copied, an absent optional one skipped."""
    copy = copier(field)
    assert copy is not None
    copied = copy(value)
    assert copied == value
    described = [part for part in containers(copied) if part != [1]]
    assert not [part for part in described if id(part) in {id(p) for p in containers(value)}]


def test_leaves_need_no_copy_and_a_flat_record_is_copied_by_dict() -> None:
    """Strings and numbers are shared, so a field holding one has no copier, and a record of them is copied in one step."""
    assert copier(Field("s", STRING)) is None and copier(Field("t", TEXT, nullable=True)) is None
    assert record_copier((Field("a", TEXT), Field("b", STRING))) is dict


def test_the_snapshot_copies_follow_the_layout() -> None:
    """There is one copier per top-level field, in the layout's order, and only the objects and lists have one."""
    assert [key for key, _ in SNAPSHOT_COPIES] == [field.key for field in SNAPSHOT]
    assert {key for key, copy in SNAPSHOT_COPIES if copy is not None} == {
        "trial", "identities", "directory", "observed_channels", "scripted_events", "messages"}


def test_a_trial_copy_covers_every_dict_and_list_of_a_trial() -> None:
    """A witness's copy shares no dict or list with it, for every part a Trial holds, so a part added later cannot be missed."""
    witness: Trial = for_task("narrative-agent-names").trial()
    witness.observed_channels = [CHANNEL]
    witness.scripted_events = [{"label": "warm-up", "event_id": ROOT}]
    witness.input_files = {"--notes": "notes"}
    witness.quotable = ["a phrase"]
    witness.custody = {"--notes": "read"}
    copy = witness.copy()
    assert vars(copy) == vars(witness)
    for name, part in vars(witness).items():
        if isinstance(part, (dict, list)):
            assert part, name  # every container is exercised
            originals = {id(item) for item in containers(part)}
            assert not [item for item in containers(getattr(copy, name)) if id(item) in originals], name
