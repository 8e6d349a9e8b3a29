"""What the strategies know about each task: its witnesses and the adversaries that apply to it."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType

from hypothesis import strategies as st

from strategies.adversaries import GENERIC, REFUSAL, SILENCE, Adversary
from strategies.trial import Trial


class NoStrategies(LookupError):
    """verifuzz has no witnesses for this task, so only the generic promises can run."""


@dataclass(frozen=True)
class TaskStrategies:
    """A task's witnesses plus each applicable adversary and the dimension it must zero."""

    task: str
    module: ModuleType

    def witnesses(self) -> st.SearchStrategy[Trial]:
        return self.module.witnesses()

    @cached_property  # asked for on every judged example
    def adversaries(self) -> tuple[Adversary, ...]:
        """Every adversary that applies to this task, generic ones first."""
        pool = (*GENERIC, *SILENCE, REFUSAL, *self.module.ADVERSARIES)
        return tuple(a for a in pool if a.name in self.module.DIMENSIONS)

    def dimension(self, adversary: Adversary) -> str:
        return self.module.DIMENSIONS[adversary.name]

    def check_declarations(self) -> None:
        """Refuse a DIMENSIONS entry that names no adversary: a typo would silently drop a promise."""
        known = {a.name for a in (*GENERIC, *SILENCE, REFUSAL, *self.module.ADVERSARIES)}
        unknown = sorted(set(self.module.DIMENSIONS) - known)
        if unknown:
            raise ValueError(f"strategies for {self.task} map unknown adversaries: {', '.join(unknown)}")


def known_tasks() -> list[str]:
    """Every task with a strategies module (one declaring witnesses and DIMENSIONS)."""
    import pkgutil

    import strategies

    names = []
    for info in pkgutil.iter_modules(strategies.__path__):
        module = importlib.import_module(f"strategies.{info.name}")
        if hasattr(module, "witnesses") and hasattr(module, "DIMENSIONS"):
            names.append(module.TASK)
    return sorted(names)


def for_task(task: str) -> TaskStrategies:
    """The strategies for `task`; raises `NoStrategies` when verifuzz has none."""
    name = "strategies." + task.replace("-", "_")
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        raise NoStrategies(f"no strategies for task {task!r}") from None
    strategies = TaskStrategies(task, module)
    strategies.check_declarations()
    return strategies
