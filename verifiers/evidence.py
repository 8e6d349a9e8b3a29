"""The evidence contract: a schema-v1 snapshot, checked against its layout in `schema.py`, read into small read-only views.

Anything the reader cannot make sense of raises `EvidenceError`; derived
fields are recomputed from the signed tags and must agree with them.
"""
from __future__ import annotations

import re
import reprlib
from itertools import product
from operator import itemgetter
from typing import Any, Callable, Iterator, Mapping, NamedTuple, NoReturn, Sequence

from verifuzz.verifiers.schema import BOOLEAN, EVENT_ID, INTEGER, MESSAGE, NAMED_RECORDS, PUBKEY, RECORD, RECORDS, SCHEMA_VERSION, SNAPSHOT, STRING, STRINGS, TAGS, TEXT, VERSION, Field, TagRule

CHAT_KIND = 9  # NIP-29 group chat: the only events a person reads as messages
DELETION_KIND = 5  # NIP-09: a request by an event's author to delete the events its `e` tags name
USER = "user"
ORCHESTRATOR = "orchestrator"

_HEX64 = re.compile(r"[0-9a-f]{64}")


class EvidenceError(ValueError):
    """The snapshot cannot be trusted; the message says where and why."""


Tag = tuple[str, ...]


def tag_value(rule: TagRule, tags: Sequence[Tag]) -> str | None | tuple[str, ...]:
    """What `rule` reads from an event's tags: the first matching tag's value (None when none matches), or
    every matching value in tag order. A tag too short to hold a value, or the marker asked for, never matches."""
    name, every, marker = rule
    size = 2 if marker is None else 4  # an `e` tag's marker is its fourth element (NIP-10)
    if every:
        return tuple(tag[1] for tag in tags if len(tag) >= size and tag[0] == name and (marker is None or tag[3] == marker))
    for tag in tags:
        if len(tag) >= size and tag[0] == name and (marker is None or tag[3] == marker):
            return tag[1]
    return None


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
    return _read_snapshot(_SNAPSHOT, raw)


def _read_snapshot(layout: _Layout, raw: object) -> Evidence:
    """`parse_evidence` with the snapshot's layout given: the tests pass one compiled afresh from the description."""
    root = _Reader(raw, None, "$")
    snapshot = layout.read(root)
    trial = layout.nested["trial"].read(_Reader(snapshot["trial"], root, "trial"))
    identities = _identities(layout.nested["identities"], _Reader(snapshot["identities"], root, "identities"))
    directory = tuple(
        DirectoryEntry(item["name"], item["role"], item["pubkey"], item["identity_id"])
        for item, _ in layout.rows(snapshot, root, "directory")
    )
    observed_channels = tuple(_channel(layout.nested["observed_channels"], item, node)
                              for item, node in layout.rows(snapshot, root, "observed_channels"))
    scripted_events = tuple(ScriptedEvent(item["label"], item["event_id"]) for item, _ in layout.rows(snapshot, root, "scripted_events"))
    messages = tuple(_message(item, node) for item, node in layout.rows(snapshot, root, "messages"))
    if snapshot["message_count"] != len(messages):
        raise EvidenceError(f"$.message_count: says {snapshot['message_count']} but $.messages holds {len(messages)}")
    evidence = Evidence(
        task_name=snapshot["task_name"],
        run_id=trial["run_id"],
        trial_id=trial["trial_id"],
        channel_id=trial["channel_id"],
        task_event_id=snapshot["task_event_id"],
        completion_message_id=snapshot["completion_message_id"],
        identities=identities,
        directory=directory,
        observed_channels=observed_channels,
        scripted_events=scripted_events,
        truncated=snapshot["truncated"],
        messages=messages,
    )
    _check_messages(evidence)
    visible = _undeleted(messages)
    return evidence if visible is messages else evidence._replace(messages=visible)


# What a deletion names: the value of every `e` tag, whatever its marker.
_DELETES = TagRule("e", every=True)


def _undeleted(messages: tuple[Message, ...]) -> tuple[Message, ...]:
    """`messages` without those their own author deleted: a complete kind-5 event deletes each complete event by
    the same pubkey that one of its `e` tags names, so readers no longer see it (NIP-09). A deletion by another
    pubkey deletes nothing, and a deletion is never deleted. An event the exporter could not read whole neither
    deletes nor is deleted: it stays, and the snapshot's health says it is incomplete."""
    named = {(m.pubkey, target) for m in messages if m.kind == DELETION_KIND and m.complete for target in tag_value(_DELETES, m.tags)}
    if not named:
        return messages
    return tuple(m for m in messages if m.kind == DELETION_KIND or not m.complete or (m.pubkey, m.id) not in named)


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


def _identities(layout: _Layout, node: _Reader) -> tuple[Identity, ...]:
    identities = []
    for name, value in node.value.items():  # already known to be an object
        entry = _Reader(value, node, (name,))
        if not name:
            raise EvidenceError(f"{entry.path}: identity name is empty")
        item = layout.read(entry)
        identities.append(Identity(name, item["role"], item["pubkey"]))
    return tuple(identities)


def _channel(layout: _Layout, item: Mapping[str, Any], node: _Reader) -> Channel:
    members = tuple(Member(member["pubkey"], member["role"]) for member, _ in layout.rows(item, node, "members"))
    return Channel(item["channel_id"], item["name"], item["channel_type"], item["visibility"], item["archived"],
                   item["ttl_seconds"], members)


# The message fields the exporter derives from the signed tags, each checked against what the tags say.
_FROM_TAGS = tuple((field.key, field.from_tags) for field in MESSAGE if field.from_tags is not None)


def _message(item: Mapping[str, Any], node: _Reader) -> Message:
    signed = tuple(map(tuple, item["tags"]))
    derived = []
    for key, rule in _FROM_TAGS:
        truth = tag_value(rule, signed)
        given = item[key]
        exported = tuple(given) if type(given) is list else given
        if exported != truth:
            raise EvidenceError(f"{node.path}.{key}: {exported!r} disagrees with its tags ({truth!r}); tags are the source of truth")
        derived.append(truth)
    # A Message holds the description's message fields in its order, the derived ones last (given
    # positionally: keywords cost a third of a microsecond per message).
    return Message(item["id"], item["kind"], item["created_at"], item["pubkey"], item["author"], item["author_role"],
                   item["content"], signed, *derived)


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
# wrong there. Both passes are compiled from the description in verifiers/schema.py, through the
# one table of kinds below.


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


# How each kind of the description (verifiers/schema.py) is read.
_KINDS = {
    VERSION: _Kind(_Reader.version, (int,), _is_schema_version),
    TEXT: _Kind(_Reader.text, (str,), _says_something),
    STRING: _Kind(_Reader.string, (str,)),
    EVENT_ID: _Kind(_Reader.event_id, (str,), _is_hex64),
    PUBKEY: _Kind(_Reader.pubkey, (str,), _is_hex64),
    INTEGER: _Kind(_Reader.integer, (int,)),
    BOOLEAN: _Kind(_Reader.boolean, (bool,)),
    STRINGS: _Kind(_Reader.strings, (list,), _all_strings),
    TAGS: _Kind(_Reader.tags, (list,), _all_tags),
    RECORD: _Kind(_Reader.mapping, (dict,)),
    NAMED_RECORDS: _Kind(_Reader.mapping, (dict,)),
    RECORDS: _Kind(_Reader.array, (list,)),
}
# An id or pubkey the exporter writes as "" when the relay event had none it could read.
_EMPTY_IF_UNREAD = {
    EVENT_ID: _Kind(_Reader.message_id, (str,), _is_hex64_or_empty),
    PUBKEY: _Kind(_Reader.message_pubkey, (str,), _is_hex64_or_empty),
}


def _kind_of(field: Field) -> _Kind:
    kind = (_EMPTY_IF_UNREAD if field.empty_if_unread else _KINDS)[field.kind]
    return _optional(kind) if field.nullable else kind


class _Layout:
    """How one kind of record is read, compiled from its fields in the description (two or more), with
    the layouts of the records nested in it."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.members = tuple((field.key, _kind_of(field)) for field in fields)
        self._take = itemgetter(*(field.key for field in fields))
        self._types = frozenset(product(*(kind.types for _, kind in self.members)))
        self._checks = tuple((index, kind.valid) for index, (_, kind) in enumerate(self.members) if kind.valid is not None)
        # An optional member that is absent means null, or an empty list where a list belongs.
        self._absent = {field.key: None if field.nullable else [] for field in fields if field.optional}
        self.nested = {field.key: _Layout(field.fields) for field in fields if field.fields}

    def read(self, node: _Reader) -> Mapping[str, Any]:
        """The object at `node` with each member checked, absent optional ones filled in; an error names the first thing wrong."""
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
                        return value
        return self._explain(_Reader(value, node.parent, node.step))

    def rows(self, item: Mapping[str, Any], parent: _Reader, key: str) -> Iterator[tuple[Mapping[str, Any], _Reader]]:
        """Each record of the list at member `key` of `item` (read at `parent`), checked, and a cursor on it."""
        layout = self.nested[key]
        node = _Reader(item[key], parent, key)
        for index, value in enumerate(node.value):
            element = _Reader(value, node, index)
            yield layout.read(element), element

    def _explain(self, node: _Reader) -> NoReturn:
        for key, kind in self.members:
            kind.read(node, key)
        raise EvidenceError(f"{node.path}: refused, yet each member reads as valid; the reader's checks disagree")


_SNAPSHOT = _Layout(SNAPSHOT)
