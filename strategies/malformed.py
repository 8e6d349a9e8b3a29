"""Malformed evidence: decoded snapshots that break the v1 schema, and files no JSON reader should accept.

Type confusion only ever puts a value of a type the schema forbids at a path,
so every example here is invalid evidence that a verifier must score all zero.
Most breaks sit at one path of the snapshot, so a reader can say where the
snapshot is broken; contradictions between two places, deep nesting and
non-object roots cannot be pinned to one path that way.
"""
from __future__ import annotations

import json
import math
import os
import re
import threading
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from random import Random
from typing import Any, Callable, Iterator

from verifuzz.strategies.trial import plain_copy
from verifuzz.verifiers.schema import (
    BOOLEAN, EVENT_ID, HEX_KINDS, INTEGER, NAMED_RECORDS, PUBKEY, RECORD, RECORDS, SNAPSHOT, STRING, STRINGS, TAGS, TEXT,
    VERSION, Field,
)


NULL, BOOL, INT, FLOAT, STR, LIST, OBJ = "null", "bool", "int", "float", "str", "list", "object"
# The JSON type of each kind of field in the layout (verifiers/schema.py).
JSON_TYPE = {
    VERSION: INT, TEXT: STR, STRING: STR, EVENT_ID: STR, PUBKEY: STR, INTEGER: INT, BOOLEAN: BOOL,
    STRINGS: LIST, TAGS: LIST, RECORD: OBJ, RECORDS: LIST, NAMED_RECORDS: OBJ,
}


def schema_paths(fields: tuple[Field, ...], prefix: str = "") -> Iterator[tuple[str, tuple[str, ...], Field | None]]:
    """Each path pattern under a record of `fields` (`*` any key or index), the JSON types allowed there,
    and the field it is (None for the elements of a list or the values of named records)."""
    for field in fields:
        path = f"{prefix}{field.key}"
        yield path, (JSON_TYPE[field.kind], *((NULL,) if field.nullable else ())), field
        if field.kind == RECORD:
            yield from schema_paths(field.fields, f"{path}.")
        elif field.kind in (RECORDS, NAMED_RECORDS):
            yield f"{path}.*", (OBJ,), None
            yield from schema_paths(field.fields, f"{path}.*.")
        elif field.kind == TAGS:
            yield f"{path}.*", (LIST,), None
            yield f"{path}.*.*", (STR,), None
        elif field.kind == STRINGS:
            yield f"{path}.*", (STR,), None


_FIELDS = {path: field for path, _, field in schema_paths(SNAPSHOT) if field is not None}
# Allowed JSON types per path pattern (`*` any key or index); anything else is invalid.
SCHEMA: dict[str, tuple[str, ...]] = {"": (OBJ,), **{path: types for path, types, _ in schema_paths(SNAPSHOT)}}
# Keys a sound snapshot may lack: older exporters omit `scripted_events`, which means none were scripted.
OPTIONAL_KEYS = {path for path, field in _FIELDS.items() if field.optional}
# Ids and pubkeys: strings that must be 64 lowercase hex digits.
ID_PATHS = {path for path, field in _FIELDS.items() if field.kind in HEX_KINDS}
EMPTY_IDS = {path for path, field in _FIELDS.items() if field.empty_if_unread}
# Strings that must say something: names, roles, labels, the task and trial. Empty or blank means absent.
TEXT_PATHS = {path for path, field in _FIELDS.items() if field.kind == TEXT}
# Objects keyed by names rather than by the layout's keys: the identities.
NAMED_PATHS = frozenset(path for path, field in _FIELDS.items() if field.kind == NAMED_RECORDS)
BLANKS = ("", " ", "\t\n", "\u3000")
# Values of each JSON type; containers are copied before use, so no two examples share one.
SAMPLES: dict[str, tuple[Any, ...]] = {
    NULL: (None,),
    BOOL: (False, True),
    INT: (0, 1, -1, 2**63, 10**30),
    FLOAT: (0.5, 1.0, -0.0, math.nan, math.inf, -math.inf, 1e308),
    STR: ("", "1", "null", "[]", "\u0000", "\ud800", "a" * 300),
    LIST: ([], [None], [[]], ["x"]),
    OBJ: ({}, {"": None}, {"id": []}),
}


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a decoded JSON value, the root included."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, (*prefix, index))


@lru_cache(maxsize=4096)  # the same few dozen paths recur in every snapshot
def pattern(path: tuple[Any, ...]) -> str:
    """The SCHEMA key of a concrete path: list indexes and the names keying named records become `*`."""
    parts: list[str] = []
    for part in path:
        wildcard = isinstance(part, int) or ".".join(parts) in NAMED_PATHS
        parts.append("*" if wildcard else str(part))
    return ".".join(parts)


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


def put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    get(value, path[:-1])[path[-1]] = new
    return value


def pick(rng: Random, found: list[tuple[Any, ...]], *levels: Callable[[tuple[Any, ...]], Any]) -> tuple[Any, ...]:
    """One of the paths `found`, narrowed level by level: one value of each key in `levels` (the schema field
    when none is given) among those present, then one path with it. Keyed by field, the lone `truncated`
    flag is as likely as all the tag values together."""
    for level in levels or (pattern,):
        chosen = rng.choice(sorted({level(p) for p in found}, key=str))
        found = [p for p in found if level(p) == chosen]
    return rng.choice(found)


def type_confused(rng: Random, snapshot: dict) -> Any:
    """The snapshot with one schema-known path holding a value of a forbidden type.

    The path is chosen by what the schema allows there first, so each kind of value a reader checks (object,
    list, string, integer, boolean, each with or without null) is as likely to be tested as any other.
    """
    known = [p for p in paths(snapshot) if pattern(p) in SCHEMA]
    path = pick(rng, known, lambda p: SCHEMA[pattern(p)], pattern)
    allowed = SCHEMA[pattern(path)]
    wrong = rng.choice([t for t in SAMPLES if t not in allowed])
    return put(plain_copy(snapshot), path, plain_copy(rng.choice(SAMPLES[wrong])))


def missing_keys(rng: Random, snapshot: dict) -> Any:
    """The snapshot with one required key removed."""
    known = [p for p in paths(snapshot) if p and isinstance(p[-1], str) and pattern(p) in SCHEMA]
    required = [p for p in known if pattern(p) not in OPTIONAL_KEYS and not pattern(p).endswith("*")]  # a name is no key
    path = pick(rng, required)
    broken = plain_copy(snapshot)
    del get(broken, path[:-1])[path[-1]]
    return broken


def malformed_ids(rng: Random, snapshot: dict) -> Any:
    """An id or pubkey that is a string but not 64 lowercase hex digits (empty, upper case, short, long)."""
    known = [p for p in paths(snapshot) if pattern(p) in ID_PATHS and isinstance(get(snapshot, p), str)]
    path = pick(rng, known)
    value = get(snapshot, path)
    empty_allowed = pattern(path) in EMPTY_IDS  # the exporter writes "" for a message id or pubkey it could not read
    bad = rng.choice([*([] if empty_allowed else [""]), " ", value.upper() if re.search("[a-f]", value) else "G" + value[1:], value[:-1], value + "0"])
    return put(plain_copy(snapshot), path, bad)


def blank_texts(rng: Random, snapshot: dict) -> Any:
    """A name, role, label or trial field that is empty or only whitespace, or an identity keyed by the empty name."""
    known = [p for p in paths(snapshot) if pattern(p) in TEXT_PATHS and isinstance(get(snapshot, p), str)]
    broken = plain_copy(snapshot)
    if rng.randint(0, len(known)) == 0:
        names = list(broken["identities"])
        renamed = rng.choice(names)
        broken["identities"] = {("" if name == renamed else name): spec for name, spec in broken["identities"].items()}
        return broken
    return put(broken, pick(rng, known), rng.choice(BLANKS))


def contradictions(rng: Random, snapshot: dict) -> Any:
    """Parts that contradict each other: a message id used twice, messages out of `created_at` order or a null one
    before a dated one, an author or
    role that is not its pubkey's identity, a `message_count` that miscounts, two identities with one pubkey."""
    broken = plain_copy(snapshot)
    messages = broken["messages"]
    kind = rng.choice(["duplicate id", "out of order", "undated first", "author", "count", "shared pubkey"])
    if kind == "duplicate id":
        later = rng.randint(1, len(messages) - 1)
        messages[later]["id"] = messages[rng.randint(0, later - 1)]["id"]
    elif kind == "out of order":
        later = rng.randint(1, len(messages) - 1)
        messages[later]["created_at"] = messages[later - 1]["created_at"] - rng.randint(1, 3600)
    elif kind == "undated first":  # the exporter puts messages without an integer created_at last
        messages[rng.randint(0, len(messages) - 2)]["created_at"] = None
    elif kind == "author":
        owners = {spec["pubkey"]: (name, spec["role"]) for name, spec in broken["identities"].items()}
        message = rng.choice([m for m in messages if m["pubkey"] in owners])
        name, role = owners[message["pubkey"]]
        others = [(n, r) for n, r in owners.values() if (n, r) != (name, role)]
        message["author"], message["author_role"] = rng.choice(
            [(None, None), (name, None), (None, role), (name + " Jr", role), (name, "bot"), *others]
        )
    elif kind == "count":
        broken["message_count"] += rng.choice([-1, 1, 2])
    else:
        first, second = rng.sample(list(broken["identities"].values()), 2)
        second["pubkey"] = first["pubkey"]
    return broken


def non_object_root(rng: Random) -> Any:
    """A JSON value that is not an object: null, a boolean, a number, a string or a list."""
    return rng.choice([
        None,
        rng.random() < 0.5,
        rng.choice([0, -1, 2**64, rng.randint(-(10**9), 10**9)]),
        rng.choice([0.0, -0.0, math.nan, math.inf, -math.inf, rng.uniform(-1e9, 1e9)]),
        "".join(chr(rng.randint(0, 0xD7FF)) for _ in range(rng.randint(0, 20))),
        [None] * rng.randint(0, 3),
    ])


def deep_nesting(depth: int = 5_000) -> Any:
    """A list nested `depth` levels, far past any sane recursion limit."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def deeply_nested(rng: Random, snapshot: dict) -> Any:
    """A known path replaced by a very deep list."""
    known = [p for p in paths(snapshot) if pattern(p) in SCHEMA and LIST not in SCHEMA[pattern(p)]]
    return put(plain_copy(snapshot), pick(rng, known), deep_nesting(rng.randint(1_100, 3_000)))


def strict_json(value: Any) -> bool:
    """Whether a JSON file can hold `value` as it is: no NaN or infinities, no nesting past the usual recursion limit."""
    try:
        json.dumps(value, allow_nan=False)
    except (ValueError, RecursionError):
        return False
    return True


ONE_PATH = (missing_keys, malformed_ids, blank_texts)  # the breaks besides type confusion that sit at one path


def breaks(rng: Random, snapshot: dict) -> tuple[Any, bool]:
    """A broken copy of `snapshot`, and whether a reader can tell where it broke (see `described_breaks`)."""
    broken, located, _ = described_breaks(rng, snapshot)
    return broken, located


def described_breaks(rng: Random, snapshot: dict) -> tuple[Any, bool, str]:
    """A broken copy of `snapshot`, and whether a reader can tell where it broke.

    That is so when the break sits at one path (a forbidden type, a missing key, a malformed id, a blank
    string) and a JSON file can carry it; `broken_at` finds that path again from the intact snapshot.
    Type confusion, the break any field can suffer, makes half the examples; the other one-path breaks
    a quarter, breaks that sit nowhere in particular the last quarter.
    """
    if rng.random() < 0.5:
        return _located(type_confused(rng, snapshot), "type confusion")
    if rng.random() < 0.5:
        how = rng.choice(ONE_PATH)
        return _located(how(rng, snapshot), KINDS[how.__name__])
    kind = rng.randrange(3)
    if kind == 2:
        return non_object_root(rng), False, "non-object root"
    how = (contradictions, deeply_nested)[kind]
    return how(rng, snapshot), False, KINDS[how.__name__]


KINDS = {"missing_keys": "missing key", "malformed_ids": "malformed id", "blank_texts": "blank text",
         "contradictions": "contradiction", "deeply_nested": "deep nesting"}


def _located(broken: Any, kind: str) -> tuple[Any, bool, str]:
    return broken, strict_json(broken), kind


def json_path(path: tuple[Any, ...]) -> str:
    """`('messages', 2, 'kind')` as `$.messages[2].kind`."""
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" if str(p).isidentifier() else f"[{str(p)!r}]"
                         for p in path)


JSON_TYPES = {"NoneType": "null", "str": "string", "int": "integer", "float": "number", "bool": "boolean",
              "list": "array", "dict": "object"}


def describe(kind: str, intact: Any, broken: Any) -> str:
    """The kind of break and where it sits: `type confusion at $.messages[2].kind (list where str)`."""
    try:
        path = broken_at(intact, broken)
    except RecursionError:
        path = None
    if path is None:
        return kind
    try:
        after = get(broken, path)
    except (KeyError, IndexError, TypeError):
        return f"{kind} at {json_path(path)} (missing)"
    try:
        before = get(intact, path)
    except (KeyError, IndexError, TypeError):
        return f"{kind} at {json_path(path)} (unexpected key)"
    if type(before) is not type(after):
        found, wanted = (JSON_TYPES.get(type(v).__name__, type(v).__name__) for v in (after, before))
        return f"{kind} at {json_path(path)} ({found} where {wanted})"
    return f"{kind} at {json_path(path)}"


def broken_at(intact: Any, broken: Any, path: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The first path where `broken` departs from `intact`: a value of another type or value, a key only one
    of them has (an added key before a removed one), a list of another length; None when they are equal."""
    if type(intact) is not type(broken):
        return path
    if isinstance(intact, dict):
        odd = [k for k in broken if k not in intact] + [k for k in intact if k not in broken]
        if odd:
            return (*path, odd[0])
        children = [(intact[k], broken[k], k) for k in intact]
    elif isinstance(intact, list):
        if len(intact) != len(broken):
            return path
        children = [(a, b, i) for i, (a, b) in enumerate(zip(intact, broken))]
    else:
        return None if intact == broken else path
    for a, b, step in children:
        found = broken_at(a, b, (*path, step))
        if found is not None:
            return found
    return None


# File-level faults for the CLI path: the evidence *file* a harness might leave behind.
FILE_FAULTS: dict[str, bytes | None] = {
    "missing file": None,
    "empty file": b"",
    "whitespace only": b" \n\t",
    "invalid JSON": b'{"schema_version": 1,',
    "invalid UTF-8": b'{"schema_version": 1, "task_name": "\xff\xfe"}',
    "UTF-8 byte-order mark": b'\xef\xbb\xbf{"schema_version": 1}',
    "NaN literal": b'{"schema_version": NaN}',
    "Infinity literal": b'{"schema_version": Infinity}',
    "100k-deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "list root": b"[]",
    "string root": b'"evidence"',
    "number root": b"1",
    "null root": b"null",
    "duplicate keys": b'{"schema_version": 1, "schema_version": 1}',
}
# Faults that are a kind of file rather than bytes in one: the verifier must refuse them unopened.
DIRECTORY = "a directory"
FIFO = "a FIFO (named pipe)"
DEVICE = "a character device"
PLACED = (DIRECTORY, FIFO, DEVICE)
UNBLOCK_AFTER = 10.0  # seconds a verifier may wait on a FIFO before its other end is opened for it


def file_fault(rng: Random) -> str:
    """The name of a file-level fault: a key of FILE_FAULTS, or one of PLACED."""
    return rng.choice([*FILE_FAULTS, *PLACED])


def place(path: Path, fault: str) -> None:
    """Leave at `path` the non-regular file that `fault` (one of PLACED) names."""
    if fault == DIRECTORY:
        path.mkdir(exist_ok=True)
    elif fault == FIFO:
        os.mkfifo(path)
    elif fault == DEVICE:
        path.symlink_to(os.devnull)
    else:
        raise ValueError(f"{fault!r} is not a file-kind fault; expected one of {', '.join(PLACED)}")


@contextmanager
def placed(path: Path, fault: str) -> Iterator[None]:
    """`place` the fault for as long as the block runs. A verifier that blocks reading a FIFO is let go
    after UNBLOCK_AFTER seconds (the far end is opened and closed), so a faulty one cannot hang the suite;
    the tests of the runner catch the wait itself."""
    place(path, fault)
    timer = threading.Timer(UNBLOCK_AFTER, _unblock, (path,)) if fault == FIFO else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    try:
        yield
    finally:
        if timer is not None:
            timer.cancel()


def _unblock(fifo: Path) -> None:
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:  # nobody is reading: nothing to let go
        pass


def garbage_bytes(rng: Random) -> bytes:
    """Arbitrary bytes, sometimes starting like JSON."""
    return rng.choice([b"", b"{", b"[", b'{"schema_version": 1, "messages": ']) + rng.randbytes(rng.randint(0, 200))
