"""The evidence contract: a schema-v1 snapshot read into small read-only views.

Anything the reader cannot make sense of raises `EvidenceError`; derived
fields are recomputed from the signed tags and must agree with them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

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

    # Read from the signed tags when the message is made, never given: tags are the source of truth.
    channel_id: str | None = field(init=False)
    reply_to: str | None = field(init=False)
    mentions: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "channel_id", tag_channel(self.tags))
        object.__setattr__(self, "reply_to", tag_reply(self.tags))
        object.__setattr__(self, "mentions", tag_mentions(self.tags))


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
    root = _Reader(raw, None, "$")
    version = root.member("schema_version")
    if type(version) is not int or version != SCHEMA_VERSION:
        raise EvidenceError(f"$.schema_version: expected {SCHEMA_VERSION}, found {version!r}")
    trial = root.key("trial")
    identities = tuple(_identity(name, node) for name, node in root.key("identities").items())
    messages = tuple(_message(node) for node in root.key("messages").elements())
    evidence = Evidence(
        task_name=root.text("task_name"),
        run_id=trial.text("run_id"),
        trial_id=trial.text("trial_id"),
        channel_id=trial.text("channel_id"),
        task_event_id=root.optional("task_event_id", _Reader.event_id),
        completion_message_id=root.optional("completion_message_id", _Reader.event_id),
        identities=identities,
        directory=tuple(_directory_entry(node) for node in root.key("directory").elements()),
        observed_channels=tuple(_channel(node) for node in root.key("observed_channels").elements()),
        scripted_events=tuple(_scripted(node) for node in root.key("scripted_events").elements()),
        truncated=root.boolean("truncated"),
        messages=messages,
    )
    count = root.integer("message_count")
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
    return Identity(name=name, role=node.text("role"), pubkey=node.pubkey("pubkey"))


def _directory_entry(node: _Reader) -> DirectoryEntry:
    identity_id = node.optional("identity_id", _Reader.text) if node.has("identity_id") else None
    return DirectoryEntry(
        name=node.text("name"),
        role=node.text("role"),
        pubkey=node.pubkey("pubkey"),
        identity_id=identity_id,
    )


def _channel(node: _Reader) -> Channel:
    return Channel(
        channel_id=node.text("channel_id"),
        name=node.text("name"),
        channel_type=node.text("channel_type"),
        visibility=node.text("visibility"),
        archived=node.boolean("archived"),
        ttl_seconds=node.optional("ttl_seconds", _Reader.integer),
        members=tuple(
            Member(pubkey=m.pubkey("pubkey"), role=m.text("role"))
            for m in node.key("members").elements()
        ),
    )


def _scripted(node: _Reader) -> ScriptedEvent:
    return ScriptedEvent(label=node.text("label"), event_id=node.event_id("event_id"))


def _message(node: _Reader) -> Message:
    tags = tuple(tag.strings() for tag in node.key("tags").elements())
    message = Message(
        id=node.event_id("id"),
        kind=node.integer("kind"),
        created_at=node.integer("created_at"),
        pubkey=node.pubkey("pubkey"),
        author=node.optional("author", _Reader.text),
        author_role=node.optional("author_role", _Reader.text),
        content=node.string("content"),
        tags=tags,
    )
    _agrees_with_tags(node, "channel_id", node.optional("channel_id", _Reader.string), message.channel_id)
    _agrees_with_tags(node, "reply_to_event_id", node.optional("reply_to_event_id", _Reader.string), message.reply_to)
    _agrees_with_tags(node, "mentioned_pubkeys", node.key("mentioned_pubkeys").strings(), message.mentions)
    return message


def _agrees_with_tags(node: _Reader, field: str, exported: object, recomputed: object) -> None:
    if exported != recomputed:
        raise EvidenceError(
            f"{node.path}.{field}: {exported!r} disagrees with its tags ({recomputed!r}); tags are the source of truth"
        )


class _Reader:
    """A cursor over decoded JSON that knows its path, for errors a person can act on.

    The path is spelled out only when an error needs it: a cursor holds its parent and the
    step taken from it (`.key`, `[index]` or `['name']`), so reading valid evidence pays nothing for it.
    """

    __slots__ = ("value", "parent", "step")

    def __init__(self, value: Any, parent: _Reader | None, step: str | int | tuple[str]) -> None:
        self.value = value
        self.parent = parent
        self.step = step  # a member key, a list index, an identity name in a 1-tuple; "$" at the root

    @property
    def path(self) -> str:
        step = self.step
        if self.parent is None:
            return str(step)
        if isinstance(step, tuple):
            return f"{self.parent.path}[{step[0]!r}]"
        return f"{self.parent.path}[{step}]" if isinstance(step, int) else f"{self.parent.path}.{step}"

    def _fail(self, expected: str) -> EvidenceError:
        found = type(self.value).__name__ if self.value is not None else "null"
        return EvidenceError(f"{self.path}: expected {expected}, found {found}")

    def _object(self) -> Mapping[str, Any]:
        if not isinstance(self.value, dict):
            raise self._fail("an object")
        return self.value

    def has(self, key: str) -> bool:
        return key in self._object()

    def member(self, key: str) -> Any:
        """The value of member `key` of this object, as decoded."""
        mapping = self._object()
        if key not in mapping:
            raise EvidenceError(f"{self.path}: missing key {key!r}")
        return mapping[key]

    def key(self, key: str) -> _Reader:
        """A cursor on member `key`, for a container; a leaf is read by one of the typed reads below."""
        return _Reader(self.member(key), self, key)

    def items(self) -> Iterator[tuple[str, _Reader]]:
        for key, value in self._object().items():
            yield key, _Reader(value, self, (key,))

    def _list(self) -> list[Any]:
        if not isinstance(self.value, list):
            raise self._fail("a list")
        return self.value

    def elements(self) -> Iterator[_Reader]:
        for index, value in enumerate(self._list()):
            yield _Reader(value, self, index)

    def strings(self) -> tuple[str, ...]:
        """This list, which must hold only strings (a tag, the mentioned pubkeys)."""
        items = self._list()
        for index, item in enumerate(items):
            if not isinstance(item, str):
                raise _Reader(item, self, index)._fail("a string")
        return tuple(items)

    # Typed reads of a leaf member: the value is checked where it sits, and a cursor on
    # it is made only to report what is wrong with it.

    def string(self, key: str) -> str:
        value = self.member(key)
        if not isinstance(value, str):
            raise self.key(key)._fail("a string")
        return value

    def text(self, key: str) -> str:
        """A string that must say something: empty means absent, and absent is not allowed here."""
        value = self.string(key)
        if not value.strip():
            raise EvidenceError(f"{self.key(key).path}: is empty")
        return value

    def pubkey(self, key: str) -> str:
        return self._hex64(key, "a pubkey")

    def event_id(self, key: str) -> str:
        return self._hex64(key, "an event id")

    def _hex64(self, key: str, what: str) -> str:
        value = self.string(key)
        if not _HEX64.fullmatch(value):
            raise EvidenceError(f"{self.key(key).path}: {value[:80]!r} is not {what} (64 lowercase hex digits)")
        return value

    def integer(self, key: str) -> int:
        value = self.member(key)
        if type(value) is not int:
            raise self.key(key)._fail("an integer")
        return value

    def boolean(self, key: str) -> bool:
        value = self.member(key)
        if type(value) is not bool:
            raise self.key(key)._fail("true or false")
        return value

    def optional(self, key: str, read: Callable[[_Reader, str], Any]) -> Any:
        """`read` of member `key`, or None when the member is null."""
        return None if self.member(key) is None else read(self, key)
