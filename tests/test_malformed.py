"""The malformed-evidence strategies know every path of the layout, and each break they make there is one the reader refuses."""
from __future__ import annotations

from typing import Any

import pytest

from verifuzz.strategies import malformed
from tests.test_irrelevant import snapshot
from verifuzz.verifiers.evidence import EvidenceError, parse_evidence

RAW = snapshot()
RAW["completion_message_id"] = RAW["messages"][-1]["id"]
RAW["directory"][0]["identity_id"] = "audit-bot"
PATHS = [path for path in malformed.paths(RAW) if path]


def refusal(raw: Any) -> str:
    with pytest.raises(EvidenceError) as caught:
        parse_evidence(raw)
    return str(caught.value)


def test_every_path_of_a_full_snapshot_has_a_pattern_in_the_schema() -> None:
    """Each key, index and identity name of a snapshot using every field maps to a known pattern, and every pattern is used:
    so the tests below try every path of the layout."""
    assert {malformed.pattern(path) for path in malformed.paths(RAW)} == set(malformed.SCHEMA)
    assert malformed.pattern(("identities", "Ann", "pubkey")) == "identities.*.pubkey"
    assert malformed.pattern(("messages", 3, "tags", 0, 1)) == "messages.*.tags.*.*"
    assert malformed.pattern(("trial", "identities")) == "trial.identities"


@pytest.mark.parametrize("path", [p for p in PATHS if malformed.pattern(p) in malformed.TEXT_PATHS], ids=malformed.json_path)
def test_a_blank_where_text_must_say_something_is_refused_there(path: tuple[Any, ...]) -> None:
    """Every text path, the message author and role included, refuses a blank string, naming the path."""
    broken = malformed.put(malformed.plain_copy(RAW), path, " ")
    assert refusal(broken) == f"{malformed.json_path(path)}: is empty"


@pytest.mark.parametrize("path", [p for p in PATHS if malformed.pattern(p) in malformed.ID_PATHS], ids=malformed.json_path)
def test_an_id_that_is_not_64_hex_is_refused_there(path: tuple[Any, ...]) -> None:
    """Every id and pubkey path refuses one hex digit too many, and only message ids and pubkeys accept the empty string."""
    broken = malformed.put(malformed.plain_copy(RAW), path, malformed.get(RAW, path) + "0")
    assert refusal(broken).startswith(f"{malformed.json_path(path)}: ")
    emptied = malformed.put(malformed.plain_copy(RAW), path, "")
    if malformed.pattern(path) in malformed.EMPTY_IDS:
        parse_evidence(emptied)
    else:
        assert refusal(emptied).startswith(f"{malformed.json_path(path)}: ")


@pytest.mark.parametrize("path", [p for p in PATHS if isinstance(p[-1], str) and malformed.pattern(p) in malformed.SCHEMA],
                         ids=malformed.json_path)
def test_a_key_is_missing_only_where_the_layout_allows_it(path: tuple[Any, ...]) -> None:
    """Removing a key is refused unless the layout says it may be absent; an identity's name is no key of the layout."""
    broken = malformed.plain_copy(RAW)
    del malformed.get(broken, path[:-1])[path[-1]]
    if malformed.pattern(path) in malformed.OPTIONAL_KEYS:
        parse_evidence(broken)
    elif malformed.pattern(path).endswith("*"):
        assert path[0] == "identities"
    else:
        assert "missing key" in refusal(broken)

