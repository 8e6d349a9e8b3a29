"""The reader's one-pass read of a record agrees with its careful member-by-member reads.

`parse_evidence` reads each record (a message, an identity, the snapshot itself) in one pass
while nothing is wrong, and falls back to the careful reads only to say what is wrong. These
tests compile layouts afresh from fields of the description's kinds and check, on records of
every shape, that the two passes accept exactly the same records and that a refusal always
carries the careful read's reason.
"""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, strategies as st

from verifuzz.verifiers import evidence
from verifuzz.verifiers.evidence import EvidenceError, _Kind, _Layout, _Reader
from verifuzz.verifiers.schema import (
    BOOLEAN, EVENT_ID, INTEGER, NAMED_RECORDS, PUBKEY, RECORD, RECORDS, STRING, STRINGS, TAGS, TEXT, VERSION, Field,
)

HEX = "0123456789abcdef" * 4
# Values that each kind accepts or refuses: every kind meets every one of them.
VALUES = [
    None, True, False, 0, 1, 7, -3, 1.0, float("nan"), "", " ", "\u3000", "x", "Ann Lee", HEX, HEX.upper(), HEX[:63],
    [], ["a"], ["a", "b"], [1], ["a", None], [["h", "c"]], [["h", "c"], ["p", HEX]], [["h", 1]], [[]], ["h"], [[["h"]]],
    {}, {"a": 1},
]
MEMBERS = ("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")
ABSENT = object()


def fresh_layout() -> _Layout:
    """A layout using every leaf kind, compiled inside the test: what `_Layout` makes of fields is checked, not only the module's tables."""
    return _Layout((
        Field("a", VERSION),
        Field("b", TEXT),
        Field("c", EVENT_ID, nullable=True),
        Field("d", PUBKEY),
        Field("e", INTEGER, nullable=True),
        Field("f", BOOLEAN),
        Field("g", TEXT, nullable=True),
        Field("h", TAGS),
        Field("i", STRING, nullable=True, optional=True),
        Field("j", PUBKEY, empty_if_unread=True),
    ))


def records() -> st.SearchStrategy[Any]:
    members = st.fixed_dictionaries({key: st.sampled_from([*VALUES, ABSENT]) for key in MEMBERS})
    objects = members.map(lambda drawn: {key: value for key, value in drawn.items() if value is not ABSENT})
    return st.one_of(objects, st.sampled_from(VALUES))


def careful_reason(layout: _Layout, node: _Reader) -> str:
    with pytest.raises(EvidenceError) as caught:
        layout._explain(node)
    return str(caught.value)


DISAGREE = "refused, yet each member reads as valid; the reader's checks disagree"


@given(records())
def test_one_pass_accepts_exactly_what_the_careful_reads_accept(record: Any) -> None:
    """A record the careful reads accept reads in one pass as its members' values; any other is refused with the careful reason."""
    layout = fresh_layout()
    node = _Reader(record, None, "$")
    careful = careful_reason(layout, node)
    if careful == f"$: {DISAGREE}":  # every careful read passed
        read = layout.read(node)
        assert {key: read[key] for key in MEMBERS} == {key: record.get(key) for key in MEMBERS}
    else:
        with pytest.raises(EvidenceError) as caught:
            layout.read(node)
        assert str(caught.value) == careful


@pytest.mark.parametrize(
    ("record", "values"),
    [
        ({"a": 1, "b": "x", "c": None, "d": HEX, "e": 7, "f": False, "g": None, "h": [], "i": "", "j": ""},
         (1, "x", None, HEX, 7, False, None, [], "", "")),
        ({"a": 1, "b": "Ann", "c": HEX, "d": HEX, "e": None, "f": True, "g": "Bo", "h": [["h", "c"]], "j": HEX, "extra": 0},
         (1, "Ann", HEX, HEX, None, True, "Bo", [["h", "c"]], None, HEX)),
    ],
    ids=["nulls-and-blanks-where-allowed", "values-and-an-absent-optional"],
)
def test_a_valid_record_reads_as_its_members(record: dict[str, Any], values: tuple[Any, ...]) -> None:
    """Nullable members may be null, a string may be blank, an optional member may be missing (read as null), unknown keys are ignored."""
    read = fresh_layout().read(_Reader(record, None, "$"))
    assert tuple(read[key] for key in MEMBERS) == values


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"a": True}, "$.a: expected 1, found True"),
        ({"b": " "}, "$.b: is empty"),
        ({"c": HEX.upper()}, f"$.c: {HEX.upper()!r} is not an event id (64 lowercase hex digits)"),
        ({"d": None}, "$.d: expected a string, found null"),
        ({"e": 1.0}, "$.e: expected an integer, found float"),
        ({"f": 0}, "$.f: expected true or false, found int"),
        ({"g": ""}, "$.g: is empty"),
        ({"h": [["h", 1]]}, "$.h[0][1]: expected a string, found int"),
        ({"h": ["h"]}, "$.h[0]: expected a list, found str"),
        ({"i": 5}, "$.i: expected a string, found int"),
        ({"j": "ZZ"}, "$.j: 'ZZ' is not a pubkey (64 lowercase hex digits)"),
        ({"j": None}, "$.j: expected a string, found null"),
        ({"d": ""}, "$.d: '' is not a pubkey (64 lowercase hex digits)"),
    ],
    ids=lambda value: str(value)[:24],
)
def test_a_record_with_one_bad_member_is_refused_naming_it(change: dict[str, Any], reason: str) -> None:
    """One wrong member anywhere in the record is refused with its own path and what it should hold."""
    record = {"a": 1, "b": "x", "c": None, "d": HEX, "e": 7, "f": False, "g": None, "h": [], "j": "", **change}
    with pytest.raises(EvidenceError) as caught:
        fresh_layout().read(_Reader(record, None, "$"))
    assert str(caught.value) == reason


def test_records_and_lists_are_checked_by_type() -> None:
    """Members holding records, lists of records, named records and strings are checked for their type in one pass too."""
    inner = (Field("x", TEXT), Field("y", TEXT))
    layout = _Layout((Field("o", RECORD, fields=inner), Field("n", NAMED_RECORDS, fields=inner),
                      Field("l", RECORDS, fields=inner, optional=True), Field("s", STRINGS)))
    assert layout.nested.keys() == {"o", "n", "l"}
    valid = {"o": {}, "n": {}, "l": [1], "s": ["p"]}
    assert layout.read(_Reader(valid, None, "$")) == valid
    assert layout.read(_Reader({"o": {}, "n": {}, "s": []}, None, "$")) == {"o": {}, "n": {}, "s": [], "l": []}
    for record, reason in [
        ({"o": [], "n": {}, "l": [], "s": []}, "$.o: expected an object, found list"),
        ({"o": {}, "n": [], "l": [], "s": []}, "$.n: expected an object, found list"),
        ({"o": {}, "n": {}, "l": {}, "s": []}, "$.l: expected a list, found dict"),
        ({"o": {}, "n": {}, "l": None, "s": []}, "$.l: expected a list, found null"),
        ({"o": {}, "n": {}, "l": [], "s": ["p", 2]}, "$.s[1]: expected a string, found int"),
        ({"o": {}, "n": {}, "l": []}, "$: missing key 's'"),
        ([], "$: expected an object, found list"),
    ]:
        with pytest.raises(EvidenceError) as caught:
            layout.read(_Reader(record, None, "$"))
        assert str(caught.value) == reason


def test_the_records_of_a_list_are_read_with_the_nested_layout() -> None:
    """`rows` reads each element of a list of records by its own layout, with a cursor that names its place."""
    layout = _Layout((Field("v", VERSION), Field("l", RECORDS, fields=(Field("x", TEXT), Field("y", INTEGER)))))
    item = {"v": 1, "l": [{"x": "a", "y": 1}, {"x": "b", "y": 2, "z": 0}]}
    root = _Reader(item, None, "$")
    assert [(row, node.path) for row, node in layout.rows(item, root, "l")] == [
        ({"x": "a", "y": 1}, "$.l[0]"), ({"x": "b", "y": 2, "z": 0}, "$.l[1]"),
    ]
    item["l"].append({"x": " ", "y": 3})
    with pytest.raises(EvidenceError) as caught:
        list(layout.rows(item, root, "l"))
    assert str(caught.value) == "$.l[2].x: is empty"


def test_a_one_pass_check_stricter_than_its_careful_read_fails_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the two passes ever disagree, the record is refused, never read as valid."""
    monkeypatch.setitem(evidence._KINDS, TEXT, _Kind(_Reader.string, (str,), lambda value: False))
    layout = _Layout((Field("a", TEXT), Field("b", STRING)))
    with pytest.raises(EvidenceError) as caught:
        layout.read(_Reader({"a": "x", "b": "y"}, _Reader({}, None, "$"), "trial"))
    assert str(caught.value) == f"$.trial: {DISAGREE}"
