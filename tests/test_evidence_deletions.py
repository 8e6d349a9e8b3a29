"""Rule by rule, what `parse_evidence` does with deletions (NIP-09): a complete kind-5 event deletes each complete
event by its own pubkey that one of its `e` tags names; nothing else deletes anything."""
from __future__ import annotations

from typing import Any

from verifuzz.strategies.deletions import deletion
from verifuzz.strategies.trial import event
from verifuzz.verifiers.evidence import DELETION_KIND, parse_evidence
from tests.test_evidence import AGENT, CAST, EARLIER, REPLY, ROOT, STRANGER, TASK, USER, snapshot

SECOND = CAST.key("second-reply")


def later_reply(content: str = "Actually, no.") -> dict[str, Any]:
    """A second reply by the agent in the same thread, after the first."""
    return event(SECOND, CAST.agent, CAST.at(2), content, [["h", CAST.channel], ["e", ROOT, "", "reply"]])


def ids(raw: dict[str, Any]) -> list[str]:
    return [m.id for m in parse_evidence(raw).messages]


def kept(raw: dict[str, Any]) -> list[str]:
    """The ids the reader keeps of `raw`, deletions left out."""
    return [m.id for m in parse_evidence(raw).messages if m.kind != DELETION_KIND]


def test_the_kind_of_a_deletion_is_five() -> None:
    assert DELETION_KIND == 5


def test_an_authors_deletion_removes_the_event_it_names() -> None:
    """The agent deleted its later reply: the reader sees the run as if it was never sent, the first reply final."""
    gone = deletion(CAST.agent, CAST.at(3), CAST.channel, SECOND)
    evidence = parse_evidence(snapshot(later_reply(), gone))
    assert [m.id for m in evidence.messages] == [EARLIER, ROOT, REPLY, gone["id"]]
    assert evidence.final_reply(CAST.agent).id == REPLY
    assert evidence.after_task() == (evidence.message(REPLY),)


def test_a_deletion_names_its_events_in_every_e_tag_whatever_the_marker() -> None:
    gone = deletion(CAST.agent, CAST.at(3), CAST.channel, CAST.key("never-served"), SECOND)
    gone["tags"].insert(0, ["e", REPLY, "", "reply"])
    assert kept(snapshot(later_reply(), gone)) == [EARLIER, ROOT]


def test_a_deletion_by_anyone_else_deletes_nothing() -> None:
    for by in (CAST.user, STRANGER):
        assert kept(snapshot(later_reply(), deletion(by, CAST.at(3), CAST.channel, SECOND, REPLY))) == [EARLIER, ROOT, REPLY, SECOND]
    # the agent cannot delete the human's task event either
    assert kept(snapshot(deletion(CAST.agent, CAST.at(3), CAST.channel, ROOT))) == [EARLIER, ROOT, REPLY]


def test_only_a_kind_five_event_deletes() -> None:
    """A chat message or a reaction whose `e` tag names the author's own message deletes nothing."""
    for kind in (9, 7, None):
        item = deletion(CAST.agent, CAST.at(3), CAST.channel, SECOND)
        item["kind"] = kind
        raw = snapshot(later_reply(), item)
        assert SECOND in ids(raw)


def test_a_deletion_is_never_deleted() -> None:
    """A deletion naming another deletion by the same author leaves both, and the first still deletes."""
    first = deletion(CAST.agent, CAST.at(3), CAST.channel, SECOND)
    second = deletion(CAST.agent, CAST.at(4), CAST.channel, first["id"])
    assert ids(snapshot(later_reply(), first, second)) == [EARLIER, ROOT, REPLY, first["id"], second["id"]]


def test_a_deletion_the_exporter_could_not_read_whole_deletes_nothing() -> None:
    """Without its time a deletion cannot be placed; it stays, deletes nothing, and the snapshot is incomplete."""
    gone = deletion(CAST.agent, CAST.at(3), CAST.channel, SECOND)
    raw = snapshot(later_reply(), gone)
    raw["messages"][-1]["created_at"] = None
    evidence = parse_evidence(raw)
    assert [m.id for m in evidence.messages] == [EARLIER, ROOT, REPLY, SECOND, gone["id"]]
    assert evidence.health(TASK)["messages_complete"] is False


def test_an_event_the_exporter_could_not_read_whole_is_never_deleted() -> None:
    """A reply without an id cannot be named; a deletion naming "" must not hide the gap from the health check."""
    raw = snapshot(later_reply(), deletion(CAST.agent, CAST.at(3), CAST.channel, ""))
    second = next(m for m in raw["messages"] if m["id"] == SECOND)
    second["id"] = ""
    evidence = parse_evidence(raw)
    assert "" in [m.id for m in evidence.messages]
    assert evidence.health(TASK)["messages_complete"] is False


def test_an_event_without_a_kind_is_never_deleted() -> None:
    raw = snapshot(later_reply(), deletion(CAST.agent, CAST.at(3), CAST.channel, SECOND))
    next(m for m in raw["messages"] if m["id"] == SECOND)["kind"] = None
    evidence = parse_evidence(raw)
    assert SECOND in [m.id for m in evidence.messages]
    assert evidence.health(TASK)["messages_complete"] is False


def test_a_short_e_tag_names_nothing() -> None:
    gone = deletion(CAST.agent, CAST.at(3), CAST.channel)
    gone["tags"].insert(0, ["e"])
    assert kept(snapshot(later_reply(), gone)) == [EARLIER, ROOT, REPLY, SECOND]


def test_a_snapshot_is_checked_whole_before_anything_is_deleted() -> None:
    """The exported count and each message's fields are checked on every exported message, deleted ones included."""
    raw = snapshot(later_reply(), deletion(CAST.agent, CAST.at(3), CAST.channel, SECOND))
    assert raw["message_count"] == 5
    parse_evidence(raw)
    next(m for m in raw["messages"] if m["id"] == SECOND)["author"] = USER
    try:
        parse_evidence(raw)
    except ValueError as error:
        assert "disagrees with identity" in str(error) and AGENT in str(error)
    else:
        raise AssertionError("a deleted message whose author contradicts its pubkey was read")


def test_without_a_deletion_the_messages_are_read_as_exported() -> None:
    raw = snapshot(later_reply())
    evidence = parse_evidence(raw)
    assert [m.id for m in evidence.messages] == [EARLIER, ROOT, REPLY, SECOND]
