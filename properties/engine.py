"""Run promises against a subject with Hypothesis and collect what happened, shrunk counterexample included."""
from __future__ import annotations

import dataclasses
import gc
import time
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from hypothesis import given, seed as hypothesis_seed, settings as hypothesis_settings
from hypothesis.errors import HypothesisException, NonInteractiveExampleWarning

import verifuzz.properties.promises  # noqa: F401 - registers the promises
from verifuzz.properties import profiles
from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.registry import PROPERTIES, Context, Property, Violation
from verifuzz.properties.subjects import Command, InProcess, Subject
from verifuzz.strategies.tasks import Task, UnknownTask, for_task

HELD, VIOLATED, ERROR, VACUOUS = "held", "violated", "error", "vacuous"
# A promise builds and drops tens of thousands of small dicts and lists a second, nearly all of
# them freed by reference counting the moment they are dropped. At Python's default the cyclic
# collector ran every 700 allocations, and a full collection every 100 of those, spending about
# a tenth of the suite's CPU walking objects that were not garbage (bench/README.md).
COLLECT_EVERY = 50_000  # allocations between collections of the youngest generation


@dataclass
class Result:
    """How one promise fared for one subject."""

    task: str
    prop: Property
    status: str
    examples: int
    seconds: float
    violation: Violation | None = None
    example: Example | None = None
    outcome: Outcome | None = None
    error: str | None = None
    rewarded: int = 0  # examples that earned a non-zero reward
    witnesses: int = 0  # witnesses judged beside a must-not-reward promise's examples
    witnesses_rewarded: int = 0  # of those, how many earned reward


def context(subject: Subject, generic_only: bool = False, *, strictness: tuple[str, ...] = ("schema",),
            witnesses: tuple = ()) -> Context:
    """The context for `subject`, learning its metric keys from one correct (or plausible) run if it does not declare them."""
    strategies: Task | None = None
    if not generic_only:
        try:
            strategies = for_task(subject.task)
        except UnknownTask:
            strategies = None
    ctx = Context(subject, strategies, subject.keys, strictness=strictness, witnesses=witnesses)
    if ctx.keys is None:
        ctx.keys = _learn_keys(ctx)
    return ctx


_CLI_SUBJECTS: dict[int, Command] = {}


def cli_subject(subject: Subject) -> Subject:
    """The subject as a real command line: a shipped verifier runs as its generated `verify.py`, isolated from
    site-packages as the task container has none (one per subject, so its fork server starts once)."""
    if isinstance(subject, InProcess):
        if id(subject) not in _CLI_SUBJECTS:
            script = subject.script or for_task(subject.task).folder / "tests" / "verify.py"
            _CLI_SUBJECTS[id(subject)] = Command(script, subject.task, keys=subject.keys, isolated=True)
        return _CLI_SUBJECTS[id(subject)]
    return subject


def subject_for(prop: Property, ctx: Context) -> Subject:
    """Promises about the command line run through a real one; the rest use the context's subject."""
    return cli_subject(ctx.subject) if prop.via_cli else ctx.subject


def _learn_keys(ctx: Context) -> tuple[str, ...] | None:
    from verifuzz.properties.promises import as_witness, fanned

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NonInteractiveExampleWarning)
        [example] = fanned(dataclasses.replace(ctx, batch=1), as_witness).example()
    outcome = ctx.subject.outcome(example)
    return tuple(outcome.metrics) if isinstance(outcome.metrics, dict) else None


def applicable(ctx: Context, names: Iterable[str] | None = None, cli: bool = True) -> list[Property]:
    """The promises that apply to this context, in registry order; unknown names are refused."""
    wanted = list(PROPERTIES) if names is None else list(names)
    unknown = [name for name in wanted if name not in PROPERTIES]
    if unknown:
        raise KeyError(f"unknown promise(s): {', '.join(unknown)}")
    chosen = [PROPERTIES[name] for name in wanted]
    if ctx.strategies is None:
        chosen = [p for p in chosen if p.generic]
    return [p for p in chosen if p.applies(ctx) and (cli or not p.via_cli)]


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the cyclic garbage collector less often (see COLLECT_EVERY), and as before afterwards."""
    before = gc.get_threshold()
    gc.set_threshold(COLLECT_EVERY, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def check(prop: Property, ctx: Context, subject: Subject | None = None, *, seed: int | None = None,
          settings: hypothesis_settings | None = None) -> Result:
    """Run one promise; return held, or violated with the shrunk counterexample, or error.

    The promise's fixed examples come first; then each Hypothesis test case is a batch of
    examples derived from one witness. Every example is judged and checked, and
    `Result.examples` counts examples, not batches.
    """
    with fewer_collections():
        return _check(prop, ctx, subject, seed, settings)


@dataclass
class _Tally:
    """What one promise's run judged so far, and the last example that broke it."""

    tried: int = 0
    rewarded: int = 0
    witnesses: int = 0
    witnesses_rewarded: int = 0
    last: tuple[Example, Outcome, Violation] | None = None

    def counts(self) -> dict[str, int]:
        return {"rewarded": self.rewarded, "witnesses": self.witnesses, "witnesses_rewarded": self.witnesses_rewarded}


# The key Hypothesis files a promise's test cases under in the example database (profiles that keep one): the node
# id `hypothesis fuzz` (HypoFuzz) gives the same promise's test in FUZZ_TARGETS when run from the checkout's root,
# so a failure either finds replays first in the other (docs/campaigns.md).
FUZZ_TARGETS = "properties/fuzz_promises.py"


def target_name(task: str, prop: Property) -> str:
    """The name of the pytest test for `prop` against `task`'s verifier in FUZZ_TARGETS."""
    return f"test_{task.replace('-', '_')}__{prop.name}"


def database_key(task: str, prop: Property) -> bytes:
    return f"{FUZZ_TARGETS}::{target_name(task, prop)}".encode()


def _judging(prop: Property, ctx: Context, target: Subject, tally: _Tally) -> Callable[[list[Example]], None]:
    """The body of the promise's Hypothesis test: judge a batch, raise the first Violation."""
    run_ctx = dataclasses.replace(ctx, subject=target, batch=None if prop.batched else 1)

    def attempt(batch: list[Example]) -> None:
        witness = getattr(batch, "witness", None)
        # Until one witness earns reward, judge each batch's witness too: a must-not-reward promise
        # that held while no witness was rewarded held vacuously.
        if prop.must_not_reward and witness is not None and not tally.witnesses_rewarded:
            tally.witnesses += 1
            tally.witnesses_rewarded += _earned(target.outcome(Example.of(witness, "witness")))
        for example in batch:
            tally.tried += 1
            outcome = target.outcome(example)
            tally.rewarded += _earned(outcome)
            try:
                prop.check(run_ctx, example, outcome)
            except Violation as violation:
                tally.last = (example, outcome, violation)
                raise

    # A derandomized profile (ci, mutation) keeps no database and draws its examples from this digest: it keeps the
    # one it always had, so it judges the same examples as before.
    derandomized = hypothesis_settings.default.derandomize
    attempt._hypothesis_internal_add_digest = (  # type: ignore[attr-defined]
        f"{ctx.task}/{prop.name}".encode() if derandomized else database_key(ctx.task, prop))
    return attempt


def _given(prop: Property, ctx: Context, target: Subject, attempt: Callable[[list[Example]], None],
           settings: hypothesis_settings | None, batch: int | None = None) -> Callable[[], None]:
    run_ctx = dataclasses.replace(ctx, subject=target, batch=batch if prop.batched else 1)
    test: Callable[[], None] = given(prop.examples(run_ctx))(attempt)
    if settings is None and not prop.batched:
        settings = hypothesis_settings(max_examples=profiles.single_cases())
    # One counterexample a promise: with two distinct failures Hypothesis would otherwise raise
    # them together, and a violated promise would be reported as a harness error.
    return hypothesis_settings(settings, report_multiple_bugs=False)(test)


def promise_test(prop: Property, ctx: Context, batch: int | None = None) -> Callable[[], None]:
    """The promise as a plain Hypothesis test, for pytest and `hypothesis fuzz`: each test case judges a batch (of
    `batch` examples, else the profile's fan-out), and a broken promise raises its Violation (fixed examples are judged
    by `check`, not here)."""
    target = subject_for(prop, ctx)
    test = _given(prop, ctx, target, _judging(prop, ctx, target, _Tally()), None, batch)
    test.__name__ = test.__qualname__ = target_name(ctx.task, prop)
    test.__doc__ = f"{ctx.task}: {prop.promise}"
    return test


def _check(prop: Property, ctx: Context, subject: Subject | None, seed: int | None,
           settings: hypothesis_settings | None) -> Result:
    target = subject or subject_for(prop, ctx)
    tally = _Tally()
    attempt = _judging(prop, ctx, target, tally)

    def violated() -> Result:
        assert tally.last is not None
        example, outcome, violation = tally.last
        return Result(ctx.task, prop, VIOLATED, tally.tried, time.perf_counter() - started, violation, example,
                      outcome, **tally.counts())

    started = time.perf_counter()
    run_ctx = dataclasses.replace(ctx, subject=target, batch=None if prop.batched else 1)
    for example in prop.fixed(run_ctx) if prop.fixed else []:
        try:
            attempt([example])
        except Violation:
            return violated()

    test = _given(prop, ctx, target, attempt, settings)
    if seed is not None:
        test = hypothesis_seed(seed)(test)
    try:
        test()
    except Violation:
        return violated()
    except (HypothesisException, Exception) as error:  # noqa: BLE001 - a harness fault is reported, not hidden
        return Result(ctx.task, prop, ERROR, tally.tried, time.perf_counter() - started,
                      error=f"{type(error).__name__}: {error}", **tally.counts())
    status = VACUOUS if prop.must_not_reward and tally.witnesses and not tally.witnesses_rewarded else HELD
    return Result(ctx.task, prop, status, tally.tried, time.perf_counter() - started, **tally.counts())


def _earned(outcome: Outcome) -> int:
    """1 when the outcome carries a non-zero numeric reward."""
    reward = outcome.reward
    return int(isinstance(reward, (int, float)) and not isinstance(reward, bool) and reward != 0)


def recheck(prop: Property, ctx: Context, example: Example) -> Result:
    """Judge one saved example again, without Hypothesis: the replay of a counterexample."""
    target = subject_for(prop, ctx)
    run_ctx = dataclasses.replace(ctx, subject=target, batch=None)
    started = time.perf_counter()
    outcome = target.outcome(example)
    try:
        prop.check(run_ctx, example, outcome)
    except Violation as violation:
        return Result(ctx.task, prop, VIOLATED, 1, time.perf_counter() - started, violation, example, outcome)
    return Result(ctx.task, prop, HELD, 1, time.perf_counter() - started, example=example, outcome=outcome)
