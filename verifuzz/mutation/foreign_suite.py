"""The tests `verifuzz mutate --verifier` runs under mutmut: the promises the script kept, and no observable difference.

The scratch project's generated test files are a few lines that call `Suite`; everything they do lives
here. The script is imported as `foreign.verify` from mutmut's tree, so its functions are mutmut's
trampolines and every call runs the mutant under test.
"""
from __future__ import annotations

import hashlib
import json
import pickle
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from verifuzz.properties.engine import HELD, check, context
from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.imported import ImportedScript
from verifuzz.properties.registry import PROPERTIES, Context
from verifuzz.properties.subjects import Subject
from verifuzz.diff_examples import Item, drawn, sources, universal
from verifuzz.diff_judge import Recorded, compare

MODULE = "foreign.verify"
SETTINGS = "verifuzz-foreign.json"
# The examples the baseline was recorded on, as they were drawn: the tests judge these very examples, since drawing
# them again in mutmut's process (under pytest, after other tests) did not always give the same ones.
EXAMPLES = "verifuzz-foreign-examples.pickle"


def write_examples(path: Path, steps: dict[str, list[Item]]) -> None:
    path.write_bytes(pickle.dumps(steps))


def read_examples(path: Path) -> dict[str, list[Item]]:
    return pickle.loads(path.read_bytes())  # noqa: S301 - written by this process's parent, for this run only


def digest(example: Example) -> str:
    """One example's identity across processes: its label, evidence bytes, file fault and input files."""
    parts = (example.label, example.evidence_bytes(), example.fault, sorted(example.input_files.items()))
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {"metrics": outcome.metrics, "details": outcome.details, "error": outcome.error}


class Baseline(Subject):
    """The unmutated script's outcomes, recorded before mutmut ran, looked up by example."""

    def __init__(self, task: str, keys: tuple[str, ...] | None, outcomes: dict[str, dict[str, Any]]) -> None:
        self.task = task
        self.keys = keys
        self.label = "the unmutated script (recorded)"
        self.outcomes = outcomes

    def outcome(self, example: Example) -> Outcome:
        recorded = self.outcomes.get(digest(example))
        if recorded is None:
            raise LookupError(f"{example!r} was not generated when the baseline was recorded: example generation "
                              "is not deterministic here, so no difference can be judged")
        return Outcome(recorded["metrics"], recorded["details"], recorded["error"])

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        return "(the unmutated script)"


@dataclass(frozen=True)
class Settings:
    """What the parent process decided: the task, flags, metric keys, promises that held, and the example stream."""

    task: str
    extra: dict[str, str]
    keys: tuple[str, ...] | None
    held: tuple[str, ...]
    seed: int
    examples: int
    steps: tuple[str, ...]
    owners: dict[str, list[str]]
    baseline: dict[str, dict[str, Any]]

    @classmethod
    def read(cls, path: Path) -> Settings:
        data = json.loads(path.read_text(encoding="utf-8"))
        keys = tuple(data["keys"]) if data["keys"] is not None else None
        return cls(data["task"], data["extra"], keys, tuple(data["held"]), data["seed"], data["examples"],
                   tuple(data["steps"]), data["owners"], data["baseline"])

    def write(self, path: Path) -> None:
        data = {"task": self.task, "extra": self.extra, "keys": self.keys, "held": self.held, "seed": self.seed,
                "examples": self.examples, "steps": self.steps, "owners": self.owners, "baseline": self.baseline}
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def stream(ctx: Context, steps: tuple[str, ...] | None, count: int, seed: int) -> dict[str, list]:
    """`verifuzz diff`'s example stream for this context, by the promise that made each step's examples."""
    chosen = sources(ctx) if steps is None else [PROPERTIES[name] for name in steps]
    return {prop.name: drawn(prop, ctx, count, seed) for prop in chosen}


class Suite:
    """The generated tests' one entry: built lazily, once per test process, from the settings file."""

    def __init__(self, settings: Path) -> None:
        self.path = settings
        self._settings: Settings | None = None
        self._ctx: Context | None = None
        self._examples: dict[str, list[Item]] | None = None

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = Settings.read(self.path)
        return self._settings

    @property
    def held(self) -> tuple[str, ...]:
        return self.settings.held

    @property
    def steps(self) -> tuple[str, ...]:
        return self.settings.steps

    def ctx(self) -> Context:
        if self._ctx is None:
            settings = self.settings
            subject = ImportedScript(MODULE, settings.task, extra=settings.extra, keys=settings.keys)
            self._ctx = context(subject)
        return self._ctx

    def promise_holds(self, name: str) -> None:
        """Fail unless the promise `name` holds for the script as it is now (mutated or not)."""
        result = check(PROPERTIES[name], self.ctx())
        if result.status != HELD:
            raise AssertionError(f"{name} {result.status}: {result.violation or result.error}")

    def no_difference(self, step: str) -> None:
        """Fail on the first example of `step` the script scores differently from the unmutated one."""
        settings = self.settings
        new = self.ctx()
        old = replace(new, subject=Baseline(settings.task, settings.keys, settings.baseline))
        recorded = replace(new, subject=Recorded(new.subject))
        if self._examples is None:
            self._examples = read_examples(self.path.with_name(EXAMPLES))
        items = self._examples[step]
        everywhere = universal(new)
        # Owners over the whole stream, as `verifuzz diff` judges them, though only this step's examples run here.
        kinds = {label: [PROPERTIES[name] for name in names] for label, names in settings.owners.items()}
        for item in items:
            found = compare(item, old, recorded, everywhere, kinds)
            if found is not None:
                raise AssertionError(f"{item.example!r} scored differently ({found.kind}): {found.why}; "
                                     f"before {found.old.metrics}, now {found.new.metrics}")
