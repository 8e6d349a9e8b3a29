"""The layout of an evidence snapshot, schema version 1, written down once as plain data.

The reader in `evidence.py` checks a snapshot against it; the fixtures build, copy and break snapshots
from it. docs/evidence-v1.md says the same in words.
"""
from __future__ import annotations

from typing import NamedTuple

SCHEMA_VERSION = 1

# What a field holds: its JSON type, and for some kinds more than a type.
VERSION = "version"  # the integer SCHEMA_VERSION: not 1.0, not true, not "1"
TEXT = "text"  # a string that says something (a name, role, label or trial id): empty or blank is refused
STRING = "string"  # any string, the empty one included: free text, or a value read from a tag
EVENT_ID = "event id"  # 64 lowercase hex digits
PUBKEY = "pubkey"  # 64 lowercase hex digits
INTEGER = "integer"  # a JSON integer; true and false are not integers here
BOOLEAN = "boolean"
STRINGS = "strings"  # a list of strings
TAGS = "tags"  # a list of tags, each a list of strings
RECORD = "record"  # an object holding the field's `fields`
RECORDS = "records"  # a list of such objects
NAMED_RECORDS = "named records"  # an object keyed by non-empty names, each value such an object

HEX_KINDS = (EVENT_ID, PUBKEY)
RECORD_KINDS = (RECORD, RECORDS, NAMED_RECORDS)


class TagRule(NamedTuple):
    """How a message field is read from the event's signed tags: the value (second element) of the first
    tag named `name`, or of every such tag when `every`; with a `marker`, only tags whose fourth element it is."""

    name: str
    every: bool = False
    marker: str | None = None


class Field(NamedTuple):
    """One member of a record: its key, what it holds, what else the exporter may write there, and where
    a message's field comes from when it is not the relay event's own."""

    key: str
    kind: str
    nullable: bool = False  # null is allowed
    optional: bool = False  # the key may be missing, which means null, or an empty list for a list
    empty_if_unread: bool = False  # "" is allowed: the exporter writes it for a relay value it could not read
    fields: tuple[Field, ...] = ()  # what each record holds, for the record kinds
    from_tags: TagRule | None = None  # derived from the message's tags, which are the source of truth
    from_author: str | None = None  # "name" or "role" of the identity holding the message's pubkey


TRIAL = (Field("run_id", TEXT), Field("trial_id", TEXT), Field("channel_id", TEXT))
IDENTITY = (Field("role", TEXT), Field("pubkey", PUBKEY))  # keyed by the identity's display name
DIRECTORY_ENTRY = (
    Field("name", TEXT),
    Field("role", TEXT),
    Field("pubkey", PUBKEY),
    Field("identity_id", TEXT, nullable=True, optional=True),  # only some tasks write it
)
MEMBER = (Field("pubkey", PUBKEY), Field("role", TEXT))
CHANNEL = (
    Field("channel_id", TEXT),
    Field("name", TEXT),
    Field("channel_type", TEXT),
    Field("visibility", TEXT),
    Field("archived", BOOLEAN),
    Field("ttl_seconds", INTEGER, nullable=True),
    Field("members", RECORDS, fields=MEMBER),
)
SCRIPTED_EVENT = (Field("label", TEXT), Field("event_id", EVENT_ID))
MESSAGE = (
    Field("id", EVENT_ID, empty_if_unread=True),
    Field("kind", INTEGER, nullable=True),  # null when the relay event's kind was not an integer
    Field("created_at", INTEGER, nullable=True),  # likewise; the exporter puts these messages last
    Field("pubkey", PUBKEY, empty_if_unread=True),
    Field("author", TEXT, nullable=True, from_author="name"),
    Field("author_role", TEXT, nullable=True, from_author="role"),
    Field("content", STRING),
    Field("tags", TAGS),
    Field("channel_id", STRING, nullable=True, from_tags=TagRule("h")),
    Field("reply_to_event_id", STRING, nullable=True, from_tags=TagRule("e", marker="reply")),
    Field("mentioned_pubkeys", STRINGS, from_tags=TagRule("p", every=True)),
)
SNAPSHOT = (
    Field("schema_version", VERSION),
    Field("task_name", TEXT),
    Field("trial", RECORD, fields=TRIAL),
    Field("task_event_id", EVENT_ID, nullable=True),  # the thread root; null when the harness could not tell
    Field("completion_message_id", EVENT_ID, nullable=True),
    Field("identities", NAMED_RECORDS, fields=IDENTITY),
    Field("directory", RECORDS, fields=DIRECTORY_ENTRY),
    Field("observed_channels", RECORDS, fields=CHANNEL),
    Field("scripted_events", RECORDS, fields=SCRIPTED_EVENT, optional=True),  # older exporters never write it
    Field("message_count", INTEGER),  # the reader also checks it counts the messages
    Field("truncated", BOOLEAN),
    Field("messages", RECORDS, fields=MESSAGE),  # the reader also checks their order, ids and authors
)
