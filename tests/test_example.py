"""How examples print: a summary, whatever the evidence holds."""
from __future__ import annotations

from hypothesis.vendor.pretty import pretty

from verifuzz.properties.example import Example
from verifuzz.strategies.malformed import deep_nesting


def test_an_example_nested_deeper_than_repr_can_go_still_prints() -> None:
    """Hypothesis prints a failing batch of examples; evidence 50,000 levels deep must not crash that."""
    deep = Example("malformed evidence", deep_nesting(50_000))
    assert pretty([deep]) == "[Example('malformed evidence', decoded, list)]"
    assert repr(deep) == "Example('malformed evidence', decoded, list)"


def test_a_file_example_prints_its_size_or_its_fault() -> None:
    """A file example shows how many bytes it writes, or the fault that leaves no file."""
    assert repr(Example("garbage bytes", raw=b"\xff\xfe{")) == "Example('garbage bytes', file, 3 bytes)"
    assert repr(Example("file fault", fault="missing file")) == "Example('file fault', file, missing file)"
