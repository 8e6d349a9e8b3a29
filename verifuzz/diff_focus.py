"""Change-aware examples: after the even first pass, `verifuzz diff` spends more examples on the promises whose
examples run the changed lines, steered by Hypothesis `target()` toward OLD and NEW disagreeing.

A promise is focused when one of its first-pass examples executed a changed line of NEW, or when it makes the
look-alikes of a changed comparison (near-miss figures for a changed number, keyword questions for a changed word,
cased or swapped ids and right-by-construction variants for a changed case fold). The budget is shared among them,
twice the share for those look-alikes.
"""
from __future__ import annotations

import hashlib
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Iterator

from hypothesis import HealthCheck, Phase, given, seed as hypothesis_seed, settings, target

from verifuzz.diff_changes import Changes
from verifuzz.diff_coverage import Traced
from verifuzz.diff_examples import Item
from verifuzz.diff_judge import REGRESSION, Difference, compare
from verifuzz.properties.registry import Context, Property
from verifuzz.strategies.lookalikes import FOCUS_NUMBERS, FOCUS_WORDS

DEFAULT_BUDGET = 240  # focused examples in all
NUMBER_PROMISES = ("rejects_near_miss",)
WORD_PROMISES = ("rejects_keyword_question",)
CASE_PROMISES = ("rejects_marker_lookalike", "rejects_message_id_swapped", "pays_", "rejects_full_name_text_not_tagged")


@dataclass
class Focus:
    """One focused promise: why, what the first pass saw, and what the focused search found."""

    prop: Property
    reached: int  # first-pass examples that ran a changed line
    drawn: int  # first-pass examples
    boundary: bool  # it makes the look-alikes of a changed comparison
    examples: int = 0  # focused examples judged
    found: int = 0  # differences among them

    def why(self) -> str:
        parts = []
        if self.reached:
            parts.append(f"{self.reached}/{self.drawn} examples ran a changed line")
        if self.boundary:
            parts.append("look-alikes of a changed comparison")
        return "; ".join(parts)


@contextmanager
def boundary_values(changes: Changes) -> Iterator[None]:
    """The changed comparison's numbers and words, for the look-alike adversaries to use while examples are drawn."""
    numbers, words = FOCUS_NUMBERS.set(changes.numbers), FOCUS_WORDS.set(changes.words)
    try:
        yield
    finally:
        FOCUS_NUMBERS.reset(numbers)
        FOCUS_WORDS.reset(words)


def is_boundary(prop: Property, changes: Changes) -> bool:
    """Whether `prop` makes look-alikes of a comparison this change moved."""
    prefixes = ((NUMBER_PROMISES if changes.numbers else ()) + (WORD_PROMISES if changes.words else ())
                + (CASE_PROMISES if changes.case_fold else ()))
    return any(prop.name.startswith(prefix) for prefix in prefixes)


def chosen(candidates: list[Property], reach: dict[str, tuple[int, int]], changes: Changes) -> list[Focus]:
    """The focused promises, those with look-alikes of the change first, then by the share of examples that ran it."""
    focus = [Focus(prop, *reach.get(prop.name, (0, 0)), is_boundary(prop, changes)) for prop in candidates]
    focus = [f for f in focus if f.reached or f.boundary]
    return sorted(focus, key=lambda f: (not f.boundary, -(f.reached / f.drawn if f.drawn else 0)))


def shares(focus: list[Focus], budget: int) -> list[int]:
    """Each focused promise's number of examples: `budget` split by weight (2 for look-alikes of the change), at least 2."""
    weights = [2 if f.boundary else 1 for f in focus]
    total = sum(weights) or 1
    return [max(2, budget * w // total) for w in weights]


def search(focus: Focus, count: int, ctx: Context, old: Context, new: Context, universal: list[Property],
           kinds: dict[str, list[Property]], changes: Changes, seed: int) -> list[Difference]:
    """Up to `count` examples of the promise, each judged by both scripts; Hypothesis targets the changed lines reached
    plus ten per metric that moved, and the search stops at its first regression."""
    traced = new.subject.inner if isinstance(getattr(new.subject, "inner", None), Traced) else None
    run_ctx = replace(ctx, batch=1)
    found: list[Difference] = []
    stop = False

    def attempt(batch: list) -> None:
        nonlocal stop
        if stop:
            return
        for example in batch:
            focus.examples += 1
            difference = compare(Item(example, f"focus {focus.prop.name}", focus.prop), old, new, universal, kinds)
            reached = len(traced.take() & changes.lines) if traced else 0
            moved = 0
            if difference is not None:
                found.append(difference)
                before, after = difference.old.metrics or {}, difference.new.metrics or {}
                moved = sum(before.get(k) != after.get(k) for k in {*before, *after}) or 1
                stop = difference.kind == REGRESSION
            target(float(reached + 10 * moved), label="changed lines run, metrics moved")

    test = given(focus.prop.examples(run_ctx))(attempt)
    test = settings(max_examples=count, phases=[Phase.generate, Phase.target], database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))(test)
    mixed = int.from_bytes(hashlib.sha256(f"{seed}/focus/{focus.prop.name}".encode()).digest()[:8], "big")
    hypothesis_seed(mixed)(test)()
    focus.found = len(found)
    return found
