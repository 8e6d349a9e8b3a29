"""How examples are derived from a witness: seeded choices, private copies, noise and located breaks."""
from __future__ import annotations

import dataclasses
import unicodedata
from random import Random
from typing import Any, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verifuzz.properties import profiles
from verifuzz.properties.example import dump_json
from verifuzz.properties.promises import any_example, fanned, irrelevantly_changed, malformed_example, untouched
from verifuzz.properties.engine import context
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies import malformed
from verifuzz.strategies.noise import EXTREMES, NOISY_CATEGORIES, garbled_text, noisy_characters
from verifuzz.strategies.tasks import for_task, task_names
from verifuzz.strategies.trial import Trial, plain_copy

TASKS = task_names()


def evidence_of(examples: list) -> list[str]:
    return [dump_json(e.evidence) if e.mode == "decoded" else repr(e.raw) for e in examples]


@pytest.mark.parametrize("task", TASKS)
def test_a_batch_replays_from_the_witness_and_seed(task: str) -> None:
    """Same witness, same seed: the same examples, in the same order. Another seed: other examples."""
    ctx = context(InProcess(for_task(task).spec))
    witness = for_task(task).trial()
    derive = untouched(any_example(ctx))

    def batch(seed: int) -> list[str]:
        rng = Random(seed)
        return evidence_of([derive(rng, witness) for _ in range(40)])

    assert batch(7) == batch(7)
    assert batch(7) != batch(8)


@pytest.mark.parametrize("task", TASKS)
def test_deriving_never_changes_the_witness(task: str) -> None:
    ctx = context(InProcess(for_task(task).spec))
    witness = for_task(task).trial()
    before = dump_json(witness.snapshot()), dict(witness.input_files)
    rng = Random(3)
    for derive in (any_example(ctx), irrelevantly_changed(ctx), malformed_example):
        for _ in range(60):
            derive(rng, witness)
    assert (dump_json(witness.snapshot()), dict(witness.input_files)) == before


def test_plain_copy_shares_nothing_with_the_original() -> None:
    shared = ["p", "ab"]
    original = {"tags": [shared, shared], "n": 1, "none": None, "text": "\ud800"}
    copied = plain_copy(original)
    assert copied == original
    copied["tags"][0].append("x")
    assert original["tags"] == [["p", "ab"], ["p", "ab"]]
    assert copied["tags"][1] == ["p", "ab"]


def test_a_trial_copy_is_private() -> None:
    witness = for_task("narrative-agent-names").trial()
    copy = witness.copy()
    copy.final()["tags"].append(["p", "f" * 64])
    copy.identities.clear()
    assert ["p", "f" * 64] not in witness.final()["tags"]
    assert witness.identities


def containers(value: Any) -> Iterator[Any]:
    """Every dict and list inside `value`, itself included."""
    if isinstance(value, (dict, list)):
        yield value
        for child in value.values() if isinstance(value, dict) else value:
            yield from containers(child)


@given(st.sampled_from(TASKS).flatmap(lambda task: for_task(task).witnesses()))
def test_a_trial_copy_equals_the_witness_and_shares_no_dict_or_list(witness: Trial) -> None:
    """Whatever shape a witness has, its copy is equal and has not one dict or list of the original in it."""
    copy = witness.copy()
    assert vars(copy) == vars(witness)
    originals = {id(part) for part in containers(vars(witness))}
    assert not [part for part in containers(vars(copy)) if id(part) in originals]


def test_noisy_characters_are_of_the_noisy_categories() -> None:
    pools = noisy_characters()
    assert set(pools) == set(NOISY_CATEGORIES)
    for category, codes in pools.items():
        assert codes, category
        for code in (codes[0], codes[len(codes) // 2], codes[-1]):
            assert unicodedata.category(chr(code)) == category


def test_garbled_text_gives_every_kind_of_noise() -> None:
    rng = Random(11)
    texts = [garbled_text(rng) for _ in range(400)]
    extremes = {t for t in texts if t in EXTREMES}
    astral = [t for t in texts if t and t not in EXTREMES and all(ord(c) >= 0x10000 for c in t)]
    noisy = [t for t in texts if t and t not in EXTREMES and all(unicodedata.category(c) in NOISY_CATEGORIES for c in t)]
    assert extremes == set(EXTREMES)
    assert astral and noisy
    assert "" in texts


@pytest.mark.parametrize("seed", range(60))
def test_a_located_break_is_found_again_from_the_intact_snapshot(seed: int) -> None:
    """When `breaks` says a reader can tell where, `broken_at` finds where, and a JSON file can carry the break."""
    intact = for_task("read-named-path-outside-workspace").trial().snapshot()
    rng = Random(seed)
    for _ in range(10):
        broken, located = malformed.breaks(rng, intact)
        if located:
            path = malformed.broken_at(intact, broken)
            assert path is not None
            assert malformed.strict_json(broken)


def test_breaks_reach_every_kind() -> None:
    """Half type confusion, a quarter other one-path breaks, a quarter breaks that sit nowhere in particular."""
    intact = for_task("narrative-agent-names").trial().snapshot()
    rng = Random(5)
    results = [malformed.breaks(rng, intact) for _ in range(400)]
    roots = [b for b, _ in results if not isinstance(b, dict)]
    located = [b for b, where in results if where]
    assert roots and len(located) > 200
    assert all(malformed.broken_at(intact, b) is not None for b, _ in results)  # `0 == False`: compare types too


_CTX = context(InProcess(for_task("narrative-agent-names").spec))


@settings(max_examples=5)
@given(fanned(dataclasses.replace(_CTX, batch=5), malformed_example), fanned(_CTX, malformed_example))
def test_a_batch_holds_the_fan_out(sized: list, default: list) -> None:
    assert len(sized) == 5
    assert len(default) == profiles.fan_out()
