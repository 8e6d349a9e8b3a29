"""The evidence contract: a schema-v1 snapshot read into small read-only views.

Anything the reader cannot make sense of raises `EvidenceError`; derived
fields are recomputed from the signed tags and must agree with them.
"""
from __future__ import annotations

import re
import reprlib
from itertools import product
from operator import itemgetter
from typing import Any, Callable, Iterator, Mapping, NamedTuple, NoReturn, Sequence

SCHEMA_VERSION = 1
CHAT_KIND = 9  # NIP-29 group chat: the only events a person reads as messages
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


class Identity(NamedTuple):
    name: str
    role: str
    pubkey: str


class DirectoryEntry(NamedTuple):
    name: str
    role: str
    pubkey: str
    identity_id: str | None


class Member(NamedTuple):
    pubkey: str
    role: str


class Channel(NamedTuple):
    channel_id: str
    name: str
    channel_type: str
    visibility: str
    archived: bool
    ttl_seconds: int | None
    members: tuple[Member, ...]


class ScriptedEvent(NamedTuple):
    label: str
    event_id: str


class Message(NamedTuple):
    """A relay event as exported. `channel_id`, `reply_to` and `mentions` are read from its signed tags
    by the reader, which refuses a snapshot whose exported fields say otherwise: tags are the source of truth."""

    id: str  # "" when the relay event had none the exporter could read
    kind: int | None  # None when the relay event's kind was not an integer
    created_at: int | None  # None likewise; the exporter puts these messages last
    pubkey: str  # "" like id
    author: str | None
    author_role: str | None
    content: str
    tags: tuple[Tag, ...]
    channel_id: str | None
    reply_to: str | None
    mentions: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """The exporter could read what places and signs an event: its id, pubkey, kind and time."""
        return self.id != "" and self.pubkey != "" and self.kind is not None and self.created_at is not None

    @property
    def chat(self) -> bool:
        """A complete kind-9 message: something a person reads in the channel, so the only kind that is a reply."""
        return self.kind == CHAT_KIND and self.complete


class Evidence(NamedTuple):
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
        """Chat messages that come after the task event; none when it cannot be found.

        Only a complete kind-9 message can be a reply (see `Message.chat`). Relay timestamps are whole seconds, so a message stamped in the same second
        as the task event counts as after it whichever way the export ordered the tie.
        """
        task = self.task_event()
        if task is None:
            return ()
        index = self.messages.index(task)
        return tuple(
            m for i, m in enumerate(self.messages)
            if m.chat and (i > index or (i < index and m.created_at == task.created_at))
        )

    def by(self, pubkey: str | None, messages: Sequence[Message] | None = None) -> tuple[Message, ...]:
        pool = self.messages if messages is None else messages
        return tuple(m for m in pool if same(m.pubkey, pubkey))

    @staticmethod
    def chat(messages: Sequence[Message]) -> tuple[Message, ...]:
        """The messages of `messages` that a person reads: complete kind-9 events."""
        return tuple(m for m in messages if m.chat)

    def health(self, task_name: str) -> dict[str, bool]:
        """The completeness checks every task shares: right task, whole export, every message readable,
        a task event, one human, one agent.

        A message the exporter could not read fully (no id, pubkey, kind or time) cannot be placed or
        attributed, so nobody can tell whether it was the reply: that is a harness fault, not the agent's.
        """
        return {
            "task_name_matches": self.task_name == task_name,
            "not_truncated": not self.truncated,
            "messages_complete": all(m.complete for m in self.messages),
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
    (_, trial, identities, messages, task_name, task_event_id, completion_message_id,
     directory, observed_channels, scripted_events, truncated, count) = _SNAPSHOT.values(root)
    run_id, trial_id, channel_id = _TRIAL.values(_Reader(trial, root, "trial"))
    evidence = Evidence(
        task_name=task_name,
        run_id=run_id,
        trial_id=trial_id,
        channel_id=channel_id,
        task_event_id=task_event_id,
        completion_message_id=completion_message_id,
        identities=_identities(_Reader(identities, root, "identities")),
        directory=tuple(DirectoryEntry(*row) for row, _ in _rows(_DIRECTORY_ENTRY, directory, root, "directory")),
        observed_channels=tuple(_channel(*read) for read in _rows(_CHANNEL, observed_channels, root, "observed_channels")),
        scripted_events=tuple(ScriptedEvent(*row) for row, _ in _rows(_SCRIPTED_EVENT, scripted_events, root, "scripted_events")),
        truncated=truncated,
        messages=tuple(_message(*read) for read in _rows(_MESSAGE, messages, root, "messages")),
    )
    if count != len(evidence.messages):
        raise EvidenceError(f"$.message_count: says {count} but $.messages holds {len(evidence.messages)}")
    _check_messages(evidence)
    return evidence


def _rows(layout: _Layout, items: list[Any], parent: _Reader, key: str) -> Iterator[tuple[tuple[Any, ...], _Reader]]:
    """Each record of `items`, the list at member `key` of `parent`: its checked values and a cursor on it."""
    node = _Reader(items, parent, key)
    for index, value in enumerate(node.value):
        element = _Reader(value, node, index)
        yield layout.values(element), element


def _check_messages(evidence: Evidence) -> None:
    seen: set[str] = set()
    previous: int | None = None
    undated: int | None = None  # the first message without an integer created_at: the exporter puts those last
    known = {i.pubkey: i for i in evidence.identities}
    for index, message in enumerate(evidence.messages):
        if message.id in seen:
            raise EvidenceError(f"$.messages[{index}].id: {message.id} appears more than once")
        if message.id:  # "" stands for an id the exporter could not read; several may lack one
            seen.add(message.id)
        if message.created_at is None:
            undated = index if undated is None else undated
        elif undated is not None:
            raise EvidenceError(f"$.messages[{index}].created_at: follows $.messages[{undated}], whose created_at is null; "
                                "the exporter puts those last")
        elif previous is not None and message.created_at < previous:
            raise EvidenceError(f"$.messages[{index}].created_at: messages are not sorted by created_at")
        else:
            previous = message.created_at
        identity = known.get(message.pubkey)
        if identity is not None and (message.author, message.author_role) != (identity.name, identity.role):
            raise EvidenceError(
                f"$.messages[{index}]: author {message.author!r}/{message.author_role!r} disagrees with "
                f"identity {identity.name!r}/{identity.role!r} of its pubkey"
            )
    if len(known) != len(evidence.identities):
        raise EvidenceError("$.identities: two identities share a pubkey")


def _identities(node: _Reader) -> tuple[Identity, ...]:
    identities = []
    for name, value in node.value.items():  # already known to be an object
        entry = _Reader(value, node, (name,))
        if not name:
            raise EvidenceError(f"{entry.path}: identity name is empty")
        identities.append(Identity(name, *_IDENTITY.values(entry)))
    return tuple(identities)


def _channel(row: tuple[Any, ...], node: _Reader) -> Channel:
    members = tuple(Member(*member) for member, _ in _rows(_MEMBER, row[-1], node, "members"))
    return Channel(*row[:-1], members)


def _message(row: tuple[Any, ...], node: _Reader) -> Message:
    *fields, tags, channel_id, reply_to, mentions = row
    signed = tuple(map(tuple, tags))
    message = Message(*fields, signed, tag_channel(signed), tag_reply(signed), tag_mentions(signed))
    exported = (channel_id, reply_to, tuple(mentions))
    if exported != message[-3:]:
        _disagrees_with_tags(node, exported, message[-3:])
    return message


def _disagrees_with_tags(node: _Reader, exported: tuple[Any, ...], recomputed: tuple[Any, ...]) -> NoReturn:
    """Refuse a message whose derived fields are not what its tags say, naming the first that differs."""
    fields = ("channel_id", "reply_to_event_id", "mentioned_pubkeys")
    field, given, truth = next(found for found in zip(fields, exported, recomputed) if found[1] != found[2])
    raise EvidenceError(f"{node.path}.{field}: {given!r} disagrees with its tags ({truth!r}); tags are the source of truth")


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

    def _typed(self, kind: type, expected: str) -> Any:
        """This value, which must be exactly of type `kind` (`expected` says so in words)."""
        if type(self.value) is not kind:
            raise self._fail(expected)
        return self.value

    def _object(self) -> Mapping[str, Any]:
        return self._typed(dict, "an object")

    def _list(self) -> list[Any]:
        return self._typed(list, "a list")

    def member(self, key: str) -> Any:
        """The value of member `key` of this object, as decoded."""
        mapping = self._object()
        if key not in mapping:
            raise EvidenceError(f"{self.path}: missing key {key!r}")
        return mapping[key]

    def key(self, key: str) -> _Reader:
        """A cursor on member `key`."""
        return _Reader(self.member(key), self, key)

    def elements(self) -> Iterator[_Reader]:
        for index, value in enumerate(self._list()):
            yield _Reader(value, self, index)

    # The careful reads of a member: each checks the value where it sits, and names the path and
    # what is wrong when it is not what the member must hold. They run only for a record the
    # one-pass read refused, so a cursor per member costs nothing worth saving.

    def _strings(self) -> tuple[str, ...]:
        for element in self.elements():
            if type(element.value) is not str:
                raise element._fail("a string")
        return tuple(self.value)

    def mapping(self, key: str) -> Mapping[str, Any]:
        return self.key(key)._object()

    def array(self, key: str) -> list[Any]:
        return self.key(key)._list()

    def strings(self, key: str) -> tuple[str, ...]:
        """A list that must hold only strings (the mentioned pubkeys)."""
        return self.key(key)._strings()

    def tags(self, key: str) -> tuple[Tag, ...]:
        """A list of tags, each a list of strings."""
        return tuple(tag._strings() for tag in self.key(key).elements())

    def version(self, key: str) -> int:
        value = self.member(key)
        if type(value) is not int or not _is_schema_version(value):
            # reprlib bounds the nesting it shows: a full repr of a deep list raises or not with the caller's stack depth.
            raise EvidenceError(f"{self.key(key).path}: expected {SCHEMA_VERSION}, found {reprlib.repr(value)}")
        return value

    def string(self, key: str) -> str:
        return self.key(key)._typed(str, "a string")

    def text(self, key: str) -> str:
        """A string that must say something: empty means absent, and absent is not allowed here."""
        value = self.string(key)
        if not _says_something(value):
            raise EvidenceError(f"{self.key(key).path}: is empty")
        return value

    def pubkey(self, key: str) -> str:
        return self._hex64(key, "a pubkey")

    def event_id(self, key: str) -> str:
        return self._hex64(key, "an event id")

    # A message's id and pubkey may also be "": the exporter writes that when the relay event had none.

    def message_id(self, key: str) -> str:
        return self._hex64(key, "an event id", _is_hex64_or_empty)

    def message_pubkey(self, key: str) -> str:
        return self._hex64(key, "a pubkey", _is_hex64_or_empty)

    def _hex64(self, key: str, what: str, valid: Callable[[str], bool] | None = None) -> str:
        value = self.string(key)
        if not (valid or _is_hex64)(value):
            raise EvidenceError(f"{self.key(key).path}: {value[:80]!r} is not {what} (64 lowercase hex digits)")
        return value

    def integer(self, key: str) -> int:
        return self.key(key)._typed(int, "an integer")

    def boolean(self, key: str) -> bool:
        return self.key(key)._typed(bool, "true or false")

    def optional(self, key: str, read: Callable[[_Reader, str], Any]) -> Any:
        """`read` of member `key`, or None when the member is null."""
        return None if self.member(key) is None else read(self, key)


# ---- what each record holds --------------------------------------------------------------------
#
# A record's members are read in one pass while nothing is wrong: every member is taken at once,
# their types are checked together against every allowed combination, and only the members that
# need more than a type are checked one by one. When that pass refuses a record, its members are
# read again one at a time by the careful reads of `_Reader`, which name the path and what is
# wrong there. Both passes are made from the one table of kinds below.


def _says_something(value: str) -> bool:
    return value.strip() != ""


def _is_hex64(value: str) -> bool:
    return _HEX64.fullmatch(value) is not None


def _is_hex64_or_empty(value: str) -> bool:
    return value == "" or _is_hex64(value)


def _all_strings(values: list[Any]) -> bool:
    return all(type(value) is str for value in values)


def _all_tags(values: list[Any]) -> bool:
    return all(type(tag) is list and _all_strings(tag) for tag in values)


def _is_schema_version(value: int) -> bool:
    return value == SCHEMA_VERSION


class _Kind(NamedTuple):
    """What a member may hold. `read` is the careful read, which raises naming the path and what is
    wrong; `types` and `valid` say the same for the one-pass read of a whole record."""

    read: Callable[[_Reader, str], object]
    types: tuple[type, ...]
    valid: Callable[[Any], bool] | None = None


def _optional(kind: _Kind) -> _Kind:
    """`kind`, or null."""

    def read(node: _Reader, key: str) -> object:
        return node.optional(key, kind.read)

    return _Kind(read, (*kind.types, type(None)), kind.valid)  # the one-pass read checks no null further


VERSION = _Kind(_Reader.version, (int,), _is_schema_version)
STRING = _Kind(_Reader.string, (str,))
TEXT = _Kind(_Reader.text, (str,), _says_something)
EVENT_ID = _Kind(_Reader.event_id, (str,), _is_hex64)
PUBKEY = _Kind(_Reader.pubkey, (str,), _is_hex64)
MESSAGE_ID = _Kind(_Reader.message_id, (str,), _is_hex64_or_empty)
MESSAGE_PUBKEY = _Kind(_Reader.message_pubkey, (str,), _is_hex64_or_empty)
INTEGER = _Kind(_Reader.integer, (int,))
BOOLEAN = _Kind(_Reader.boolean, (bool,))
OBJECT = _Kind(_Reader.mapping, (dict,))
LIST = _Kind(_Reader.array, (list,))
STRINGS = _Kind(_Reader.strings, (list,), _all_strings)
TAGS = _Kind(_Reader.tags, (list,), _all_tags)


class _Layout:
    """The members of one kind of record, in the order a record's values are given back (two or more)."""

    def __init__(self, *members: tuple[str, _Kind], absent: Mapping[str, Any] | None = None) -> None:
        self.members = members
        self._take = itemgetter(*(key for key, _ in members))
        self._types = frozenset(product(*(kind.types for _, kind in members)))
        self._checks = tuple((index, kind.valid) for index, (_, kind) in enumerate(members) if kind.valid is not None)
        self._absent = dict(absent or {})  # optional members: what an absent one means

    def values(self, node: _Reader) -> tuple[Any, ...]:
        """The members' values of the object at `node`, each checked; an error names the first thing wrong."""
        value = node.value
        if type(value) is dict:
            for key, meaning in self._absent.items():
                if key not in value:
                    value = {**value, key: meaning}
            try:
                row = self._take(value)
            except KeyError:
                pass
            else:
                if tuple(map(type, row)) in self._types:
                    for index, valid in self._checks:
                        member = row[index]
                        if member is not None and not valid(member):  # a null got here only where allowed
                            break
                    else:
                        return row
        return self._explain(_Reader(value, node.parent, node.step))

    def _explain(self, node: _Reader) -> NoReturn:
        for key, kind in self.members:
            kind.read(node, key)
        raise EvidenceError(f"{node.path}: refused, yet each member reads as valid; the reader's checks disagree")


_SNAPSHOT = _Layout(
    ("schema_version", VERSION),
    ("trial", OBJECT),
    ("identities", OBJECT),
    ("messages", LIST),
    ("task_name", TEXT),
    ("task_event_id", _optional(EVENT_ID)),
    ("completion_message_id", _optional(EVENT_ID)),
    ("directory", LIST),
    ("observed_channels", LIST),
    ("scripted_events", LIST),
    ("truncated", BOOLEAN),
    ("message_count", INTEGER),
    absent={"scripted_events": []},  # older exporters never write it: they injected no events
)
_TRIAL = _Layout(("run_id", TEXT), ("trial_id", TEXT), ("channel_id", TEXT))
_IDENTITY = _Layout(("role", TEXT), ("pubkey", PUBKEY))
_DIRECTORY_ENTRY = _Layout(
    ("name", TEXT), ("role", TEXT), ("pubkey", PUBKEY), ("identity_id", _optional(TEXT)), absent={"identity_id": None}
)
_CHANNEL = _Layout(
    ("channel_id", TEXT),
    ("name", TEXT),
    ("channel_type", TEXT),
    ("visibility", TEXT),
    ("archived", BOOLEAN),
    ("ttl_seconds", _optional(INTEGER)),
    ("members", LIST),
)
_MEMBER = _Layout(("pubkey", PUBKEY), ("role", TEXT))
_SCRIPTED_EVENT = _Layout(("label", TEXT), ("event_id", EVENT_ID))
_MESSAGE = _Layout(
    ("id", MESSAGE_ID),
    ("kind", _optional(INTEGER)),
    ("created_at", _optional(INTEGER)),
    ("pubkey", MESSAGE_PUBKEY),
    ("author", _optional(TEXT)),
    ("author_role", _optional(TEXT)),
    ("content", STRING),
    ("tags", TAGS),
    ("channel_id", _optional(STRING)),
    ("reply_to_event_id", _optional(STRING)),
    ("mentioned_pubkeys", STRINGS),
)
