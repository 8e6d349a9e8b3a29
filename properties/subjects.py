"""The verifier under test: a shipped one called in-process, or any `verify.py` through its command line."""
from __future__ import annotations

import json
import shlex
import subprocess
import sys
import tempfile
import traceback
from abc import ABC, abstractmethod
from pathlib import Path
from types import ModuleType
from typing import Any

from properties.example import Example, Outcome
from strategies.custody import place_inputs
from strategies.malformed import PLACED, placed
from verifiers import runner as shipped_runner
from verifiers.verdict import TaskSpec

CLI_TIMEOUT = 30.0  # the task's verifier timeout


class Subject(ABC):
    """Something that turns an example into an outcome."""

    task: str
    label: str
    keys: tuple[str, ...] | None = None  # the metric keys, when the subject declares them

    @abstractmethod
    def outcome(self, example: Example) -> Outcome: ...

    @abstractmethod
    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        """The one-line shell command that reproduces an example with this verifier."""


class InProcess(Subject):
    """A shipped verifier, called as a function: fast enough for thousands of examples a second.

    `runner` is the module whose `judge_texts` and `run` it calls: the shipped `verifiers.runner`,
    or a generated verify.py loaded as a module (which holds both).
    """

    def __init__(self, spec: TaskSpec, script: Path | None = None, runner: ModuleType = shipped_runner) -> None:
        self.spec = spec
        self.runner = runner
        self.task = spec.name
        self.label = f"verifiers ({spec.name}, in-process)"
        self.keys = ("reward", *spec.dimensions)
        self.script = script

    def outcome(self, example: Example) -> Outcome:
        if example.mode != "decoded" or example.custody:
            return _through_files(self._run_cli, example)
        try:
            verdict = self.runner.judge_texts(self.spec, example.evidence, example.input_files)
        except Exception:  # noqa: BLE001 - a crash is an outcome the promises judge
            return Outcome(None, None, traceback.format_exc(limit=6))
        return Outcome(verdict.metrics(), dict(verdict.details))

    def _run_cli(self, argv: list[str]) -> str | None:
        try:
            code = self.runner.run(self.spec, argv)
        except BaseException:  # noqa: BLE001 - SystemExit included: the CLI must return, not exit
            return traceback.format_exc(limit=6)
        return None if code == 0 else f"exit status {code}"

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        script = self.script or Path("tasks") / self.spec.name / "tests" / "verify.py"
        return _command_line(["python3", str(script)], evidence, inputs)


class Command(Subject):
    """Any verifier script, run through its command-line contract in a subprocess."""

    def __init__(self, script: Path, task: str, *, python: str | None = None, extra: dict[str, str] | None = None,
                 isolated: bool = True, keys: tuple[str, ...] | None = None) -> None:
        self.script = script
        self.task = task
        self.python = python or sys.executable
        self.extra = dict(extra or {})
        self.isolated = isolated
        self.keys = keys
        self.label = str(script)

    def prefix(self) -> list[str]:
        return [self.python, *(["-I", "-S"] if self.isolated else []), str(self.script)]

    def outcome(self, example: Example) -> Outcome:
        return _through_files(self._run, example)

    def _run(self, argv: list[str]) -> str | None:
        extra = [part for flag, value in self.extra.items() for part in (flag, value)]
        try:
            done = subprocess.run([*self.prefix(), *argv, *extra], capture_output=True, timeout=CLI_TIMEOUT,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return f"timed out after {CLI_TIMEOUT:.0f} s"
        stderr = done.stderr.decode("utf-8", "replace")
        if done.returncode != 0:
            return f"exit status {done.returncode}: {stderr[-2000:]}"
        if "Traceback (most recent call last)" in stderr:
            return f"printed a traceback: {stderr[-2000:]}"
        return None

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        extra = {**inputs, **self.extra}
        return _command_line(["python3", str(self.script)], evidence, extra)


def _command_line(prefix: list[str], evidence: str, inputs: dict[str, str]) -> str:
    words = [*prefix, "--evidence", evidence, "--reward", "reward.json", "--details", "details.json"]
    for flag, path in inputs.items():
        words += [flag, path]
    return shlex.join(words)


def _through_files(run: Any, example: Example) -> Outcome:
    """Write the example where a harness would, run the verifier, read back both files."""
    with tempfile.TemporaryDirectory(prefix="verifuzz-") as scratch:
        root = Path(scratch)
        evidence = root / "buzz-evidence.json"
        data = example.evidence_bytes()
        if data is not None:
            evidence.write_bytes(data)
        argv = ["--evidence", str(evidence), "--reward", str(root / "out" / "reward.json"),
                "--details", str(root / "out" / "details.json")]
        argv += place_inputs(root, example.input_files, example.custody)
        if example.fault in PLACED:
            with placed(evidence, example.fault):
                error = run(argv)
        else:
            error = run(argv)
        metrics, metrics_error = _read(root / "out" / "reward.json", scratch)
        details, details_error = _read(root / "out" / "details.json", scratch)
        problem = error or metrics_error or details_error
        return Outcome(metrics if isinstance(metrics, dict) or metrics is None else {"<not an object>": metrics},
                       details, problem)


def _read(path: Path, scratch: str) -> tuple[Any, str | None]:
    """Read an output file, with the per-run scratch folder replaced so two runs compare equal."""
    if not path.is_file():
        return None, f"{path.name} was not written"
    try:
        text = path.read_text(encoding="utf-8")
        return json.loads(text.replace(json.dumps(scratch)[1:-1], "<scratch>")), None
    except (ValueError, UnicodeDecodeError) as error:
        return None, f"{path.name} is not valid JSON: {error}"
