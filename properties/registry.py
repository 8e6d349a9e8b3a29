"""Promises are registered once, by name; a violation is data with a title, what was received and what was expected."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from hypothesis import strategies as st

from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.subjects import Subject
from verifuzz.strategies.tasks import Task


class VerifuzzError(Exception):
    """Root of everything verifuzz raises."""


class UsageError(VerifuzzError, ValueError):
    """The command or configuration is wrong; the message says how to fix it."""


class Violation(VerifuzzError, AssertionError):
    """A verifier broke a promise."""

    def __reduce__(self) -> tuple:
        return Violation, (self.title, self.received, self.expected)

    def __init__(self, title: str, received: str, expected: str) -> None:
        super().__init__(f"{title}\nReceived: {received}\nExpected: {expected}")
        self.title = title
        self.received = received
        self.expected = expected


@dataclass
class Context:
    """What a promise knows while it runs: the subject, and the task's strategies when verifuzz has them."""

    subject: Subject
    strategies: Task | None  # the task's definition; None when verifuzz has none (audit)
    keys: tuple[str, ...] | None = None
    batch: int | None = None  # examples derived from each witness; None: the profile's fan-out
    # How strict the malformed-evidence promises are: "schema", any break of the snapshot must fail
    # closed (our contract); "read", only a break the verdict notices must (docs/auditing.md).
    strictness: tuple[str, ...] = ("schema",)
    witnesses: tuple = ()  # correct runs given for this run (`audit --witness`, `diff`), used before any others
    reply_seeds: tuple = ()  # correct runs whose final reply is a labelled correct reply (`--replies`): reworded seeds

    @property
    def task(self) -> str:
        return self.subject.task


@dataclass(frozen=True)
class Property:
    """One promise: how to make examples for it and how to judge an outcome."""

    name: str
    promise: str
    examples: Callable[[Context], st.SearchStrategy[list[Example]]]  # batches: see promises.fanned
    check: Callable[[Context, Example, Outcome], None]
    generic: bool = False  # needs no task knowledge, so `verifuzz audit` can run it
    via_cli: bool = False  # must go through a real command line in a subprocess
    applies: Callable[[Context], bool] = lambda ctx: ctx.strategies is not None
    # Examples judged before any random ones, in order: cases few enough to try every time.
    fixed: Callable[[Context], list[Example]] | None = None
    batched: bool = True  # judges a fan-out of examples per test case; else one, in profiles.SINGLE_CASES test cases
    # Its examples mix every other promise's kinds, and its check applies to any example: `verifuzz diff`
    # judges every example with it instead of drawing from it.
    any_example: bool = False
    # A promise that something must not be rewarded holds only vacuously when no witness earned reward.
    must_not_reward: bool = False

    def __repr__(self) -> str:
        return f"Property({self.name!r})"

    def __reduce__(self) -> tuple:
        """Sent to and from worker processes by name: they hold the same registry."""
        return registered, (self.name,)


PROPERTIES: dict[str, Property] = {}


def registered(name: str) -> Property:
    """The promise registered under `name`."""
    return PROPERTIES[name]


def register(prop: Property) -> Property:
    """Add a promise to the registry; a second promise with the same name is refused."""
    if prop.name in PROPERTIES:
        raise ValueError(f"a property named {prop.name!r} is already registered")
    PROPERTIES[prop.name] = prop
    return prop


Check = Callable[[Context, Example, Outcome], None]


def promise(says: str, examples: Callable[[Context], st.SearchStrategy[list[Example]]], **options: Any) -> Callable[[Check], Check]:
    """Register the decorated check as the promise named after it, saying `says`; `options` are `Property`'s.

    A generic promise (one `verifuzz audit` can run without task knowledge) applies to every context unless
    it says otherwise."""
    if options.get("generic") and "applies" not in options:
        options["applies"] = lambda ctx: True

    def wrap(check: Check) -> Check:
        register(Property(check.__name__, says, examples, check, **options))
        return check

    return wrap
