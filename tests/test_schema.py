"""The snapshot's one layout: well formed as data, matched by the reader's views, and what the reference page says."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest

from verifuzz.verifiers import schema
from verifuzz.verifiers.evidence import Channel, DirectoryEntry, Identity, Member, Message, ScriptedEvent
from verifuzz.verifiers.schema import (
    CHANNEL, DIRECTORY_ENTRY, IDENTITY, MEMBER, MESSAGE, RECORD_KINDS, SCRIPTED_EVENT, SNAPSHOT, TRIAL, Field,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "evidence-v1.md"
KINDS = {value for name, value in vars(schema).items() if name.isupper() and isinstance(value, str)}
RECORDS = {"snapshot": SNAPSHOT, "trial": TRIAL, "identity": IDENTITY, "directory entry": DIRECTORY_ENTRY, "member": MEMBER,
           "channel": CHANNEL, "scripted event": SCRIPTED_EVENT, "message": MESSAGE}


def every_field(fields: tuple[Field, ...] = SNAPSHOT) -> Iterator[Field]:
    for field in fields:
        yield field
        yield from every_field(field.fields)


def test_every_record_has_unique_keys_and_at_least_two_fields() -> None:
    """The reader takes a record's members in one step, which needs two or more, each key once."""
    for fields in RECORDS.values():
        keys = [field.key for field in fields]
        assert len(keys) >= 2 and len(set(keys)) == len(keys)


def test_every_field_has_a_known_kind_and_fields_exactly_when_it_holds_records() -> None:
    """A kind is one of the module's kinds; records, lists of records and named records say what each holds."""
    for field in every_field():
        assert field.kind in KINDS
        assert bool(field.fields) == (field.kind in RECORD_KINDS), field.key


def test_only_message_fields_come_from_tags_or_the_author() -> None:
    """Derivations from the tags or the author's identity are a message's alone."""
    sourced = {field.key for field in every_field() if field.from_tags or field.from_author}
    assert sourced == {"channel_id", "reply_to_event_id", "mentioned_pubkeys", "author", "author_role"}
    assert {field.key: field.from_author for field in MESSAGE if field.from_author} == {"author": "name", "author_role": "role"}


def test_only_scripted_events_and_identity_ids_may_be_absent() -> None:
    """Older exporters omit `scripted_events`, and some tasks' directory rows have no `identity_id`; no other key may be missing."""
    assert [field.key for field in every_field() if field.optional] == ["identity_id", "scripted_events"]


def test_the_readers_views_hold_the_fields_of_the_layout() -> None:
    """Each view the reader builds has its record's fields in order, so the views cannot drift from the layout."""
    keys = {name: tuple(field.key for field in fields) for name, fields in RECORDS.items()}
    assert DirectoryEntry._fields == keys["directory entry"]
    assert Member._fields == keys["member"]
    assert ScriptedEvent._fields == keys["scripted event"]
    assert Channel._fields == keys["channel"]
    assert Identity._fields == ("name", *keys["identity"])
    renamed = {"reply_to_event_id": "reply_to", "mentioned_pubkeys": "mentions"}
    assert Message._fields == tuple(renamed.get(key, key) for key in keys["message"])
    assert [key for key in keys["message"] if key in renamed or key == "channel_id"] == list(keys["message"][-3:])


# ---- the reference page -------------------------------------------------------------------------


def table(heading: str) -> list[list[str]]:
    """The rows of the first table after `heading` in docs/evidence-v1.md, each a list of cells."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    rows = []
    for line in lines[start + 1:]:
        if rows and not line.startswith("|"):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows[2:]  # past the header and its rule


def code_words(cell: str) -> list[str]:
    """The identifiers inside the cell's `code` spans, in order: `{a, b: [{c}]}` gives a, b, c."""
    return [word for span in re.findall(r"`([^`]*)`", cell) for word in re.findall(r"[a-z_]+", span)]


def flat_keys(fields: tuple[Field, ...]) -> list[str]:
    return [word for field in fields for word in (field.key, *flat_keys(field.fields))]


def type_words(field: Field) -> str:
    """How the top-level table names a field's type."""
    words = {schema.VERSION: "integer `1`", schema.TEXT: "non-empty string", schema.EVENT_ID: "event id",
             schema.RECORD: "object", schema.NAMED_RECORDS: "object", schema.RECORDS: "list",
             schema.INTEGER: "integer", schema.BOOLEAN: "boolean"}[field.kind]
    return words + " or null" * field.nullable + ", **optional**" * field.optional


def test_the_reference_pages_top_level_table_is_the_layout() -> None:
    """The page lists every top-level key in the layout's order, with its kind, and each record's fields as the layout has them."""
    rows = table("## Top level")
    assert [code_words(key) for key, _, _ in rows] == [[field.key] for field in SNAPSHOT]
    assert [kind for _, kind, _ in rows] == [type_words(field) for field in SNAPSHOT]
    for (_, _, meaning), field in zip(rows, SNAPSHOT):
        if field.fields is MESSAGE:
            continue  # the messages have a table of their own
        nested = flat_keys(field.fields)
        assert code_words(meaning)[: len(nested)] == nested, field.key


def test_the_reference_pages_message_table_is_the_layout() -> None:
    """The page's message table names every message field in the layout's order."""
    assert [word for key, _ in table("## A message") for word in code_words(key)] == [field.key for field in MESSAGE]


@pytest.mark.parametrize("field", [field for field in MESSAGE if field.from_tags], ids=lambda field: field.key)
def test_the_reference_page_says_which_tag_each_derived_field_is_read_from(field: Field) -> None:
    """A derived field's row names the tag it is read from, and the marker or `every` when its rule has one."""
    meaning = dict((code_words(key)[0], text) for key, text in table("## A message"))[field.key]
    rule = field.from_tags
    assert rule is not None and f"`{rule.name}` tag" in meaning
    assert (rule.marker or "") in meaning and ("every" in meaning) == rule.every
