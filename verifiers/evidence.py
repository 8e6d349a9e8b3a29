"""The evidence contract: a schema-v1 snapshot read into small read-only views.

Anything the reader cannot make sense of raises `EvidenceError`; derived
fields are recomputed from the signed tags and must agree with them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

SCHEMA_VERSION = 1
USER = "user"
ORCHESTRATOR = "orchestrator"

_HEX64 = re.compile(r"[0-9a-f]{64}")


class EvidenceError(ValueError):
    """The snapshot cannot be trusted; the message says where and why."""


Tag = tuple[str, ...]


def tag_channel(tags: Sequence[Tag]) -> str | None:
    """The channel an event was posted in: the first `h` tag's value."""
    for tag in tags:
        if len(tag) >= 2 and tag[0] == "h":
            return tag[1]
    return None


def tag_reply(tags: Sequence[Tag]) -> str | None:
    """The event this one replies to: the first `e` tag marked `reply`."""
    for tag in tags:
        if len(tag) >= 4 and tag[0] == "e" and tag[3] == "reply":
            return tag[1]
    return None


def tag_mentions(tags: Sequence[Tag]) -> tuple[str, ...]:
    """Every pubkey the event notifies: the value of each `p` tag."""
    return tuple(tag[1] for tag in tags if len(tag) >= 2 and tag[0] == "p")


def same(left: object, right: object) -> bool:
    """Equality that never lets two absent values match each other."""
    return left is not None and right is not None and left == right


@dataclass(frozen=True)
class Identity:
    name: str
    role: str
    pubkey: str


@dataclass(frozen=True)
class DirectoryEntry:
    name: str
    role: str
    pubkey: str
    identity_id: str | None


@dataclass(frozen=True)
class Member:
    pubkey: str
    role: str


@dataclass(frozen=True)
class Channel:
    channel_id: str
    name: str
    channel_type: str
    visibility: str
    archived: bool
    ttl_seconds: int | None
    members: tuple[Member, ...]


@dataclass(frozen=True)
class ScriptedEvent:
    label: str
    event_id: str


@dataclass(frozen=True)
class Message:
    id: str
    kind: int
    created_at: int
    pubkey: str
    author: str | None
    author_role: str | None
    content: str
    tags: tuple[Tag, ...]

    @property
    def channel_id(self) -> str | None:
        return tag_channel(self.tags)

    @property
    def reply_to(self) -> str | None:
        return tag_reply(self.tags)

    @property
    def mentions(self) -> tuple[str, ...]:
        return tag_mentions(self.tags)


@dataclass(frozen=True)
class Evidence:
    task_name: str
    run_id: str
    trial_id: str
    channel_id: str
    task_event_id: str | None
    completion_message_id: str | None
    identities: tuple[Identity, ...]
    directory: tuple[DirectoryEntry, ...]
    observed_channels: tuple[Channel, ...]
    scripted_events: tuple[ScriptedEvent, ...]
    truncated: bool
    messages: tuple[Message, ...]

    def with_role(self, role: str) -> tuple[Identity, ...]:
        return tuple(i for i in self.identities if i.role == role)

    def sole(self, role: str) -> Identity | None:
        """The one identity holding `role`, or None when there is not exactly one."""
        found = self.with_role(role)
        return found[0] if len(found) == 1 else None

    def named(self, name: str) -> tuple[DirectoryEntry, ...]:
        return tuple(d for d in self.directory if d.name == name)

    def message(self, event_id: str | None) -> Message | None:
        return next((m for m in self.messages if same(m.id, event_id)), None)

    def task_event(self) -> Message | None:
        return self.message(self.task_event_id)

    def after_task(self) -> tuple[Message, ...]:
        """Messages that come after the task event; none when it cannot be found.

        Relay timestamps are whole seconds, so a message stamped in the same second
        as the task event counts as after it whichever way the export ordered the tie.
        """
        task = self.task_event()
        if task is None:
            return ()
        index = self.messages.index(task)
        return tuple(
            m for i, m in enumerate(self.messages) if i > index or (i < index and m.created_at == task.created_at)
        )

    def by(self, pubkey: str | None, messages: Sequence[Message] | None = None) -> tuple[Message, ...]:
        pool = self.messages if messages is None else messages
        return tuple(m for m in pool if same(m.pubkey, pubkey))

    def health(self, task_name: str) -> dict[str, bool]:
        """The completeness checks every task shares: right task, whole export, a task event, one human, one agent."""
        return {
            "task_name_matches": self.task_name == task_name,
            "not_truncated": not self.truncated,
            "task_event_found": self.task_event() is not None,
            "one_user": self.sole(USER) is not None,
            "one_orchestrator": self.sole(ORCHESTRATOR) is not None,
        }

    def final_reply(self, pubkey: str | None) -> Message | None:
        """The last message by `pubkey` after the task event."""
        replies = self.by(pubkey, self.after_task())
        return replies[-1] if replies else None


def parse_evidence(raw: object) -> Evidence:
    """Read a decoded JSON snapshot; raise `EvidenceError` if it is not a trustworthy v1 snapshot."""
    root = _Reader(raw, "$")
    version = root.key("schema_version").value
    if type(version) is not int or version != SCHEMA_VERSION:
        raise EvidenceError(f"$.schema_version: expected {SCHEMA_VERSION}, found {version!r}")
    trial = root.key("trial")
    identities = tuple(_identity(name, node) for name, node in root.key("identities").items())
    messages = tuple(_message(node) for node in root.key("messages").elements())
    evidence = Evidence(
        task_name=root.key("task_name").text(),
        run_id=trial.key("run_id").text(),
        trial_id=trial.key("trial_id").text(),
        channel_id=trial.key("channel_id").text(),
        task_event_id=root.key("task_event_id").optional(_Reader.event_id),
        completion_message_id=root.key("completion_message_id").optional(_Reader.event_id),
        identities=identities,
        directory=tuple(_directory_entry(node) for node in root.key("directory").elements()),
        observed_channels=tuple(_channel(node) for node in root.key("observed_channels").elements()),
        scripted_events=tuple(_scripted(node) for node in root.key("scripted_events").elements()),
        truncated=root.key("truncated").boolean(),
        messages=messages,
    )
    count = root.key("message_count").integer()
    if count != len(messages):
        raise EvidenceError(f"$.message_count: says {count} but $.messages holds {len(messages)}")
    _check_messages(evidence)
    return evidence


def _check_messages(evidence: Evidence) -> None:
    seen: set[str] = set()
    previous = None
    known = {i.pubkey: i for i in evidence.identities}
    for index, message in enumerate(evidence.messages):
        where = f"$.messages[{index}]"
        if message.id in seen:
            raise EvidenceError(f"{where}.id: {message.id} appears more than once")
        seen.add(message.id)
        if previous is not None and message.created_at < previous:
            raise EvidenceError(f"{where}.created_at: messages are not sorted by created_at")
        previous = message.created_at
        identity = known.get(message.pubkey)
        if identity is not None and (message.author, message.author_role) != (identity.name, identity.role):
            raise EvidenceError(
                f"{where}: author {message.author!r}/{message.author_role!r} disagrees with "
                f"identity {identity.name!r}/{identity.role!r} of its pubkey"
            )
    if len({i.pubkey for i in evidence.identities}) != len(evidence.identities):
        raise EvidenceError("$.identities: two identities share a pubkey")


def _identity(name: str, node: _Reader) -> Identity:
    if not name:
        raise EvidenceError(f"{node.path}: identity name is empty")
    return Identity(name=name, role=node.key("role").text(), pubkey=node.key("pubkey").pubkey())


def _directory_entry(node: _Reader) -> DirectoryEntry:
    identity_id = node.key("identity_id").optional(_Reader.text) if node.has("identity_id") else None
    return DirectoryEntry(
        name=node.key("name").text(),
        role=node.key("role").text(),
        pubkey=node.key("pubkey").pubkey(),
        identity_id=identity_id,
    )


def _channel(node: _Reader) -> Channel:
    return Channel(
        channel_id=node.key("channel_id").text(),
        name=node.key("name").text(),
        channel_type=node.key("channel_type").text(),
        visibility=node.key("visibility").text(),
        archived=node.key("archived").boolean(),
        ttl_seconds=node.key("ttl_seconds").optional(_Reader.integer),
        members=tuple(
            Member(pubkey=m.key("pubkey").pubkey(), role=m.key("role").text())
            for m in node.key("members").elements()
        ),
    )


def _scripted(node: _Reader) -> ScriptedEvent:
    return ScriptedEvent(label=node.key("label").text(), event_id=node.key("event_id").event_id())


def _message(node: _Reader) -> Message:
    tags = tuple(_tag(t) for t in node.key("tags").elements())
    message = Message(
        id=node.key("id").event_id(),
        kind=node.key("kind").integer(),
        created_at=node.key("created_at").integer(),
        pubkey=node.key("pubkey").pubkey(),
        author=node.key("author").optional(_Reader.text),
        author_role=node.key("author_role").optional(_Reader.text),
        content=node.key("content").string(),
        tags=tags,
    )
    derived = {
        "channel_id": node.key("channel_id").optional(_Reader.string),
        "reply_to_event_id": node.key("reply_to_event_id").optional(_Reader.string),
        "mentioned_pubkeys": tuple(p.string() for p in node.key("mentioned_pubkeys").elements()),
    }
    recomputed = {
        "channel_id": message.channel_id,
        "reply_to_event_id": message.reply_to,
        "mentioned_pubkeys": message.mentions,
    }
    for field, value in derived.items():
        if value != recomputed[field]:
            raise EvidenceError(
                f"{node.path}.{field}: {value!r} disagrees with its tags ({recomputed[field]!r}); "
                "tags are the source of truth"
            )
    return message


def _tag(node: _Reader) -> Tag:
    return tuple(part.string() for part in node.elements())


class _Reader:
    """A cursor over decoded JSON that knows its path, for errors a person can act on."""

    __slots__ = ("value", "path")

    def __init__(self, value: Any, path: str) -> None:
        self.value = value
        self.path = path

    def _fail(self, expected: str) -> EvidenceError:
        found = type(self.value).__name__ if self.value is not None else "null"
        return EvidenceError(f"{self.path}: expected {expected}, found {found}")

    def _object(self) -> Mapping[str, Any]:
        if not isinstance(self.value, dict):
            raise self._fail("an object")
        return self.value

    def has(self, key: str) -> bool:
        return key in self._object()

    def key(self, key: str) -> _Reader:
        mapping = self._object()
        if key not in mapping:
            raise EvidenceError(f"{self.path}: missing key {key!r}")
        return _Reader(mapping[key], f"{self.path}.{key}")

    def items(self) -> Iterator[tuple[str, _Reader]]:
        for key, value in self._object().items():
            yield key, _Reader(value, f"{self.path}[{key!r}]")

    def elements(self) -> Iterator[_Reader]:
        if not isinstance(self.value, list):
            raise self._fail("a list")
        for index, value in enumerate(self.value):
            yield _Reader(value, f"{self.path}[{index}]")

    def string(self) -> str:
        if not isinstance(self.value, str):
            raise self._fail("a string")
        return self.value

    def text(self) -> str:
        """A string that must say something: empty means absent, and absent is not allowed here."""
        value = self.string()
        if not value.strip():
            raise EvidenceError(f"{self.path}: is empty")
        return value

    def pubkey(self) -> str:
        return self._hex64("a pubkey")

    def event_id(self) -> str:
        return self._hex64("an event id")

    def _hex64(self, what: str) -> str:
        value = self.string()
        if not _HEX64.fullmatch(value):
            raise EvidenceError(f"{self.path}: {value[:80]!r} is not {what} (64 lowercase hex digits)")
        return value

    def integer(self) -> int:
        if type(self.value) is not int:
            raise self._fail("an integer")
        return self.value

    def boolean(self) -> bool:
        if type(self.value) is not bool:
            raise self._fail("true or false")
        return self.value

    def optional(self, read: Any) -> Any:
        return None if self.value is None else read(self)
