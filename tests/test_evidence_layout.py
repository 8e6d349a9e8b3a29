"""The reader's one-pass read of a record agrees with its careful member-by-member reads.

`parse_evidence` reads each record (a message, an identity, the snapshot itself) in one pass
while nothing is wrong, and falls back to the careful reads only to say what is wrong. These
tests build layouts afresh and check, on records of every shape, that the two passes accept
exactly the same records and that a refusal always carries the careful read's reason.
"""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, strategies as st

from verifuzz.verifiers.evidence import (
    BOOLEAN, EVENT_ID, INTEGER, LIST, OBJECT, PUBKEY, STRING, STRINGS, TAGS, TEXT, VERSION,
    EvidenceError, _Kind, _Layout, _optional, _Reader,
)

HEX = "0123456789abcdef" * 4
# Values that each kind accepts or refuses: every kind meets every one of them.
VALUES = [
    None, True, False, 0, 1, 7, -3, 1.0, float("nan"), "", " ", "\u3000", "x", "Ann Lee", HEX, HEX.upper(), HEX[:63],
    [], ["a"], ["a", "b"], [1], ["a", None], [["h", "c"]], [["h", "c"], ["p", HEX]], [["h", 1]], [[]], ["h"], [[["h"]]],
    {}, {"a": 1},
]
MEMBERS = ("a", "b", "c", "d", "e", "f", "g", "h", "i")
ABSENT = object()


def fresh_layout() -> _Layout:
    """A layout using every kind, built inside the test: what `_Layout` and `_optional` make is checked, not only the module's tables."""
    return _Layout(
        ("a", VERSION),
        ("b", TEXT),
        ("c", _optional(EVENT_ID)),
        ("d", PUBKEY),
        ("e", _optional(INTEGER)),
        ("f", BOOLEAN),
        ("g", _optional(TEXT)),
        ("h", TAGS),
        ("i", _optional(STRING)),
        absent={"i": None},
    )


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
        assert layout.values(node) == tuple(record.get(key) for key in MEMBERS)
    else:
        with pytest.raises(EvidenceError) as caught:
            layout.values(node)
        assert str(caught.value) == careful


@pytest.mark.parametrize(
    ("record", "values"),
    [
        ({"a": 1, "b": "x", "c": None, "d": HEX, "e": 7, "f": False, "g": None, "h": [], "i": ""},
         (1, "x", None, HEX, 7, False, None, [], "")),
        ({"a": 1, "b": "Ann", "c": HEX, "d": HEX, "e": None, "f": True, "g": "Bo", "h": [["h", "c"]], "extra": 0},
         (1, "Ann", HEX, HEX, None, True, "Bo", [["h", "c"]], None)),
    ],
    ids=["nulls-and-blanks-where-allowed", "values-and-an-absent-optional"],
)
def test_a_valid_record_reads_as_its_members(record: dict[str, Any], values: tuple[Any, ...]) -> None:
    """Optional members may be null, a string may be blank, an absent-is-null member may be missing, unknown keys are ignored."""
    assert fresh_layout().values(_Reader(record, None, "$")) == values


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
    ],
    ids=lambda value: str(value)[:24],
)
def test_a_record_with_one_bad_member_is_refused_naming_it(change: dict[str, Any], reason: str) -> None:
    """One wrong member anywhere in the record is refused with its own path and what it should hold."""
    record = {"a": 1, "b": "x", "c": None, "d": HEX, "e": 7, "f": False, "g": None, "h": [], **change}
    with pytest.raises(EvidenceError) as caught:
        fresh_layout().values(_Reader(record, None, "$"))
    assert str(caught.value) == reason


def test_objects_and_lists_are_checked_by_type() -> None:
    """Container members are checked for their type in one pass too."""
    layout = _Layout(("o", OBJECT), ("l", LIST), ("s", STRINGS))
    assert layout.values(_Reader({"o": {}, "l": [1], "s": ["p"]}, None, "$")) == ({}, [1], ["p"])
    for record, reason in [
        ({"o": [], "l": [], "s": []}, "$.o: expected an object, found list"),
        ({"o": {}, "l": {}, "s": []}, "$.l: expected a list, found dict"),
        ({"o": {}, "l": [], "s": ["p", 2]}, "$.s[1]: expected a string, found int"),
        ({"o": {}, "l": []}, "$: missing key 's'"),
        ([], "$: expected an object, found list"),
    ]:
        with pytest.raises(EvidenceError) as caught:
            layout.values(_Reader(record, None, "$"))
        assert str(caught.value) == reason


def test_a_one_pass_check_stricter_than_its_careful_read_fails_closed() -> None:
    """Should the two passes ever disagree, the record is refused, never read as valid."""
    never = _Kind(_Reader.string, (str,), lambda value: False)
    layout = _Layout(("a", never), ("b", STRING))
    with pytest.raises(EvidenceError) as caught:
        layout.values(_Reader({"a": "x", "b": "y"}, _Reader({}, None, "$"), "trial"))
    assert str(caught.value) == f"$.trial: {DISAGREE}"
