"""Which verifier scores which bundled task: `tasks/<name>/` is scored by `verifiers.<name with underscores>`."""
from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from verifiers.verdict import TaskSpec

ROOT = Path(__file__).resolve().parent.parent
TASKS_DIR = ROOT / "tasks"
VERIFIERS_DIR = ROOT / "verifiers"


class UnknownTask(LookupError):
    """No shipped verifier scores the named task."""


def module_name(task: str) -> str:
    return "verifiers." + task.replace("-", "_")


def verifier_module(task: str) -> ModuleType:
    """The module scoring `task`; raises `UnknownTask` naming the tasks that do exist."""
    if task not in task_names():
        raise UnknownTask(f"no verifier for task {task!r}; known tasks: {', '.join(task_names())}")
    return importlib.import_module(module_name(task))


def task_spec(task: str) -> TaskSpec:
    return verifier_module(task).TASK


def task_names() -> list[str]:
    """Every bundled task: a directory under tasks/ whose verifier module exists."""
    return sorted(
        path.name
        for path in TASKS_DIR.iterdir()
        if path.is_dir() and (VERIFIERS_DIR / (path.name.replace("-", "_") + ".py")).is_file()
    )
