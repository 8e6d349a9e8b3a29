"""The examples `verifuzz diff` feeds both scripts come from the promise registry and replay from a seed."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import strategies as st

from verifuzz.properties.engine import applicable, context
from verifuzz.properties.example import Example, dump_json
from verifuzz.properties.registry import PROPERTIES, Context, Property
from verifuzz.properties.subjects import InProcess
from verifuzz.diff_examples import drawn, owners, saved, sources, universal
from verifuzz.strategies.tasks import for_task

SAVED = Path(__file__).parent / "counterexamples"


@pytest.fixture(scope="module")
def narrative() -> Context:
    return context(InProcess(for_task("narrative-agent-names").spec))


def test_every_promise_but_the_mixing_ones_is_a_source(narrative: Context) -> None:
    """The stream draws from every applicable promise except those whose examples only mix the others' kinds."""
    names = {p.name for p in sources(narrative)}
    mixing = {p.name for p in universal(narrative)}
    assert mixing == {"reward_is_the_conjunction", "metrics_are_binary_with_stable_keys", "deterministic_and_pure"}
    assert names == {p.name for p in applicable(narrative)} - mixing


def test_the_stream_holds_every_kind_of_example(narrative: Context) -> None:
    """Witnesses, adversaries, refusals, silence, malformed evidence and every file fault are all drawn."""
    labels = [item.example.label for prop in sources(narrative) for item in drawn(prop, narrative, 1, seed=3)]
    assert "witness" in labels and any(label.startswith("malformed evidence: ") for label in labels)
    assert {"adversary refusal", "adversary wrong_channel", "adversary swapped_statuses"} <= set(labels)
    assert {"adversary empty_reply", "adversary no_reply"} & set(labels)
    assert sum(label.startswith("file fault: ") for label in labels) >= 10
    assert any(" + " in label for label in labels)  # an irrelevant change, with its base


def test_a_promise_registered_later_joins_the_stream(narrative: Context) -> None:
    """A newly registered promise (a generator of labelled replies, say) adds its examples without any change here."""
    marked = Property("earns_nothing_for_a_planted_reply", "a planted promise",
                      lambda ctx: st.just([Example("planted reply", {"planted": True})]), lambda ctx, e, o: None)
    PROPERTIES[marked.name] = marked
    try:
        chosen = sources(narrative)
        assert marked in chosen
        [item] = drawn(marked, narrative, 1, seed=0)
        assert item.example.label == "planted reply" and item.prop is marked
    finally:
        del PROPERTIES[marked.name]


def test_one_seed_draws_the_same_examples(narrative: Context) -> None:
    """Drawing twice with one seed gives byte-identical examples; another seed gives others."""
    prop = PROPERTIES["rejects_wrong_channel"]

    def evidence(seed: int) -> list[bytes | None]:
        return [item.example.evidence_bytes() for item in drawn(prop, narrative, 4, seed)]

    assert evidence(11) == evidence(11)
    assert evidence(11) != evidence(12)


def test_saved_counterexamples_of_the_task_are_read_with_their_promise(narrative: Context) -> None:
    """Committed counterexamples of this task join the stream, each judged by the promise it was saved for."""
    items = saved([SAVED], narrative)
    assert {item.prop.name for item in items if item.prop} == {"rejects_negated_status", "rejects_wrong_channel"}
    assert all(item.origin.startswith("counterexample ") for item in items)
    assert dump_json(items[0].example.evidence)


def test_each_label_is_owned_by_the_promises_whose_examples_carry_it(narrative: Context) -> None:
    """The stream says which promise a label belongs to: witnesses to witness_earns_full_reward, an adversary to its own."""
    chosen = [PROPERTIES[name] for name in ("witness_earns_full_reward", "rejects_wrong_channel", "never_rewards_a_refusal")]
    found = owners(item for prop in chosen for item in drawn(prop, narrative, 2, seed=5))
    assert found == {
        "witness": [PROPERTIES["witness_earns_full_reward"]],
        "adversary wrong_channel": [PROPERTIES["rejects_wrong_channel"]],
        "adversary refusal": [PROPERTIES["never_rewards_a_refusal"]],
    }
