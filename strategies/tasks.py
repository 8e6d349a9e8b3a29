"""A task is one registered definition: its verifier, fixed facts, witnesses and adversaries, checked as it loads.

Adding a task means three things: its verifier module `verifiers/<name>.py`, its strategies module
`strategies/<name>.py` ending in `TASK = Task(...)`, and its folder `tasks/<name>/`
(`verifuzz new-task NAME` scaffolds all three; docs/writing-a-task.md).
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from types import ModuleType
from typing import Callable, Optional

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import GENERIC, REFUSAL, SILENCE, Adversary
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.replies import ReplyTask
from verifuzz.strategies.trial import Trial
from verifuzz.verifiers.verdict import TaskSpec


def _tasks_dir() -> Path:
    """The folders a harness consumes, one per task: `tasks/` at the top of the checkout, found from here whether
    this folder sits there or, laid out as installed, under `verifuzz/` (as in the mutation gate's copy)."""
    here = Path(__file__).resolve()
    return next((folder / "tasks" for folder in here.parents[1:] if (folder / "tasks").is_dir()), here.parents[1] / "tasks")


TASKS_DIR = _tasks_dir()


class TaskError(ValueError):
    """A task definition contradicts itself; the message names the task and what to fix."""


class UnknownTask(LookupError):
    """verifuzz has no definition for the named task."""


# verifuzz audits tasks it has no definition for; callers that can go on with the generic promises catch this.
NoStrategies = UnknownTask


@dataclass(frozen=True)
class Task:
    """One benchmark task: the verifier module that scores it, the facts every run shares, the fixed correct run,
    correct runs varied as a harness varies them, and adversaries that each zero a named dimension."""

    verifier: ModuleType  # verifiers/<name>.py; its `TASK` is the spec: name, dimensions, score
    facts: Facts
    trial: Callable[[], Trial]
    witnesses: Callable[[], st.SearchStrategy[Trial]]
    adversaries: tuple[Adversary, ...]
    replies: Optional[Callable[[Trial], ReplyTask]] = None  # labelled replies, for a task with a free-text answer
    # The correct run with a given final reply, for a task whose run holds a fact the reply may name by placeholder
    # (`{marker}`): called with the reply and the placeholder values, it fills them and builds the run around them.
    # Absent: the fixed correct run with the reply in place of its final one (verifuzz/labelled.py).
    reply_run: Optional[Callable[[str, dict[str, str]], Trial]] = None
    # Changes that keep a correct run correct (a reply ending on its working): each must still earn 1.0 everywhere.
    variants: tuple[Adversary, ...] = ()

    def __repr__(self) -> str:
        return f"Task({self.name!r})"

    @property
    def spec(self) -> TaskSpec:
        return self.verifier.TASK

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def dimensions(self) -> tuple[str, ...]:
        return self.spec.dimensions

    @property
    def folder(self) -> Path:
        return TASKS_DIR / self.name

    def dimension(self, adversary: Adversary) -> str:
        """The dimension `adversary` must zero in this task."""
        return self.zeroed[adversary.name]

    @cached_property  # asked for on every judged example
    def zeroed(self) -> dict[str, str]:
        return {a.name: a.zeroes for a in self.adversaries if a.zeroes is not None}

    def check(self, declared_in: ModuleType | None = None) -> None:
        """Refuse a definition whose parts disagree: an adversary zeroing a dimension the verifier does not score
        or zeroing nothing, a dimension no adversary exercises, two adversaries of one name, the facts of another
        task, or an adversary defined in the task's module but left out (it would have no promise)."""
        problems = []
        if self.facts.task != self.name:
            problems.append(f"its facts are those of {self.facts.task!r}")
        names = [a.name for a in self.adversaries]
        problems += [f"adversary {n!r} is listed twice" for n in sorted({n for n in names if names.count(n) > 1})]
        for a in self.adversaries:
            if a.zeroes is None:
                problems.append(f"adversary {a.name!r} does not say which dimension it zeroes "
                                f"(`@adversary(..., zeroes=...)`, or `{a.name}.zeroing(...)` for a generic one)")
            elif a.zeroes not in self.dimensions:
                problems.append(f"adversary {a.name!r} zeroes {a.zeroes!r}, which the verifier does not score "
                                f"(its dimensions: {', '.join(self.dimensions)})")
        idle = [d for d in self.dimensions if d not in self.zeroed.values()]
        problems += [f"no adversary zeroes dimension {d!r}: nothing would notice if it always scored 1" for d in idle]
        if declared_in is not None:
            listed = {id(a.apply) for a in self.adversaries}
            left_out = sorted(v.name for v in vars(declared_in).values()
                              if isinstance(v, Adversary) and v.apply.__module__ == declared_in.__name__ and id(v.apply) not in listed)
            problems += [f"adversary {n!r} is defined in {declared_in.__name__} but not in its TASK: it would have no promise"
                         for n in left_out]
        if problems:
            raise TaskError(f"task {self.name!r}: " + "; ".join(problems))


# The adversaries every task may bind: `GENERIC_POOL` names them for scaffolds and error messages.
GENERIC_POOL: tuple[Adversary, ...] = (*GENERIC, *SILENCE, REFUSAL)


@cache
def registered() -> dict[str, Task]:
    """Every task definition: each `strategies` module with a `TASK` that is a `Task`, checked as it loads."""
    from verifuzz import strategies

    found: dict[str, Task] = {}
    for info in pkgutil.iter_modules(strategies.__path__):
        module = importlib.import_module(f"{strategies.__name__}.{info.name}")
        task = getattr(module, "TASK", None)
        if not isinstance(task, Task):
            continue
        task.check(module)
        if task.name in found:
            raise TaskError(f"task {task.name!r} is defined twice")
        found[task.name] = task
    return dict(sorted(found.items()))


def task_names() -> list[str]:
    """Every task verifuzz defines, by name."""
    return list(registered())


def for_task(name: str) -> Task:
    """The definition of task `name`; raises `UnknownTask` naming the tasks that exist."""
    task = registered().get(name)
    if task is None:
        raise UnknownTask(f"no task named {name!r}; known tasks: {', '.join(registered())}")
    return task
