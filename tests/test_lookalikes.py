"""The look-alike values are wrong (or right) by construction: near misses lie outside the tolerance, ids differ."""
from __future__ import annotations

from random import Random

import pytest

from verifuzz.strategies.lookalikes import (FOCUS_NUMBERS, lookalike_ids, near_misses, replace_figure,
                                            states_figure)


@pytest.mark.parametrize(("value", "tolerance"), [(5_328, 1), (87, 0), (346, 0), (41, 0), (160_811, 1), (374_470, 1)])
def test_every_near_miss_lies_outside_the_tolerance(value: int, tolerance: int) -> None:
    """No near miss of a figure is within the task's tolerance of it, and the usual kinds are there."""
    found = near_misses(value, tolerance)
    assert found and all(abs(n - value) > tolerance and n > 0 for n in found)
    assert value * 10 in found and value // 10 in found


def test_a_changed_tolerance_adds_near_misses_inside_the_new_window() -> None:
    """With 0.01 taken from a changed comparison, some near misses fall inside 1% of the figure (and still outside $1)."""
    token = FOCUS_NUMBERS.set((0.01,))
    try:
        found = near_misses(5_328, 1)
    finally:
        FOCUS_NUMBERS.reset(token)
    assert any(1 < abs(n - 5_328) <= 53 for n in found)


def test_replace_figure_rewrites_every_spelling_within_the_tolerance() -> None:
    """Each amount within the tolerance is replaced, separators kept, other numbers left alone."""
    text, count = replace_figure("12 x $37 x 12 = $5,328.00, or 5327", 5_328, 1, 5_381)
    assert (text, count) == ("12 x $37 x 12 = $5,381, or 5381", 2)
    assert not states_figure(text, 5_328, 1)


def test_lookalike_ids_always_differ() -> None:
    """A look-alike id is never the id itself, whatever the draw."""
    rng = Random(0)
    for value in ("chc-0123456789abcdef01234567", "ORCHID-72", "aa"):
        assert all(lookalike_ids(value, rng) != value for _ in range(200))
