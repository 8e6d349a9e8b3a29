"""How examples print (a summary, whatever the evidence holds) and what survives sending one to another process."""
from __future__ import annotations

import pickle

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


def test_an_example_sent_between_processes_keeps_its_breach_of_custody() -> None:
    """A worker sends its counterexample back pickled; the input's breach must survive, or the saved one cannot replay it."""
    base = Example("witness", {"a": 1}, input_files={"--skill-file": "text"})
    example = Example("input --skill-file file_is_symlink", {"a": 1}, input_files={"--skill-file": "text"}, base=base,
                      custody={"--skill-file": "file_is_symlink"})
    revived = pickle.loads(pickle.dumps(example))
    assert revived.custody == {"--skill-file": "file_is_symlink"}
    assert (revived.label, revived.evidence, revived.input_files, revived.base.label) == (
        example.label, example.evidence, example.input_files, "witness")


def test_a_drawn_example_nested_too_deep_to_walk_passes_hypothesis_observability() -> None:
    """HypoFuzz turns Hypothesis's observability on, which turns every drawn value to JSON: walking a deeply nested
    example field by field overflowed the stack, and each promise test that drew one failed under HypoFuzz alone."""
    from hypothesis import given, settings, strategies as st
    from hypothesis.internal.observability import with_observability_callback

    deep = Example("malformed: deep nesting", {"messages": deep_nesting(3_000)})
    drawn: list[list[Example]] = []
    observed: list[object] = []

    @settings(database=None, max_examples=1)
    @given(st.just([deep]))
    def promise(batch: list[Example]) -> None:
        drawn.append(batch)

    with with_observability_callback(observed.append):
        promise()
    assert drawn == [[deep]] and observed
