"""`check --verifier NEW --baseline OLD`: only the findings that are new in NEW, judged example by example.

A promise OLD already broke still hides a new defect when NEW breaks it on other examples (an old fail-open on
wrong-channel replies, a new one on near-miss figures). So a promise's verdict is compared on the very example that
broke it: a violation counts only when OLD keeps the promise on that same example, and Hypothesis goes on searching
(and shrinks) among those.
"""
from __future__ import annotations

from dataclasses import replace

from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.registry import Context, Property, Violation
from verifuzz.properties.subjects import Subject

NEW_MARK = " (new: the baseline keeps this promise on this example)"


def against(prop: Property, baseline: Subject) -> Property:
    """`prop` whose check reports a violation only when `baseline` does not break the promise on the same example."""

    def check(ctx: Context, example: Example, outcome: Outcome) -> None:
        try:
            prop.check(ctx, example, outcome)
        except Violation as violation:
            before = replace(ctx, subject=baseline)
            try:
                prop.check(before, example, baseline.outcome(example))
            except Violation:
                return  # the baseline breaks it on this very example: an old finding, not a new one
            raise Violation(violation.title + NEW_MARK, violation.received, violation.expected) from None

    check.__name__ = prop.name
    return replace(prop, check=check)
