"""The verifier under test: a shipped one called in-process, or any `verify.py` through its command line."""
from __future__ import annotations

import atexit
import os
import shlex
import shutil
import sys
import tempfile
import traceback
from abc import ABC, abstractmethod
from pathlib import Path
from types import ModuleType
from typing import Any

from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.layout import ENVIRONMENT, INPUTS, JSON, OUTPUT_DIR, TEXT, WORK, Layout, Template, input_name
from verifuzz.properties.runners import FORK, TIMEOUT, ForkServer, Fresh, Ran
from verifuzz.verifiers import runner as shipped_runner
from verifuzz.verifiers.verdict import TaskSpec

CLI_TIMEOUT = TIMEOUT  # the task's verifier timeout


class Subject(ABC):
    """Something that turns an example into an outcome."""

    task: str
    label: str
    keys: tuple[str, ...] | None = None  # the metric keys, when the subject declares them
    writes_details = True  # False for a verifier whose only output is reward.txt

    @abstractmethod
    def outcome(self, example: Example) -> Outcome: ...

    @abstractmethod
    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        """The one-line shell command that reproduces an example with this verifier."""

    def reproduce(self, folder: Path) -> str:
        """The shell command that reruns a counterexample saved in `folder` in the layout of the failing run."""
        return self.command(str(folder / "evidence.json"), {})

    def record(self) -> dict[str, Any]:
        """What a saved counterexample needs to rebuild this subject."""
        return {"kind": "shipped", "task": self.task}


_ROOTS: list[tuple[int, Path]] = []


def cleanup() -> None:
    """Remove the layout folders this process made (a forked worker ends without running atexit)."""
    for pid, root in list(_ROOTS):
        if pid == os.getpid():
            shutil.rmtree(root, ignore_errors=True)
            _ROOTS.remove((pid, root))


atexit.register(cleanup)


class _Scratch:
    """A layout folder per process, made on first use and removed when that process exits."""

    def __init__(self) -> None:
        self._layouts: dict[tuple[str, tuple[str, ...], int], Layout] = {}

    def layout(self, output: str, inputs: tuple[str, ...]) -> Layout:
        key = (output, inputs, os.getpid())  # a forked worker must not share its parent's folder
        if key not in self._layouts:
            root = Path(tempfile.mkdtemp(prefix="verifuzz-"))
            _ROOTS.append((os.getpid(), root))
            self._layouts[key] = Layout(root, output, inputs)
        return self._layouts[key]


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
        self._scratch = _Scratch()

    def outcome(self, example: Example) -> Outcome:
        if example.mode != "decoded" or example.custody:
            return self._through_files(example)
        try:
            verdict = self.runner.judge_texts(self.spec, example.evidence, example.input_files)
        except Exception:  # noqa: BLE001 - a crash is an outcome the promises judge
            return Outcome(None, None, traceback.format_exc(limit=6))
        return Outcome(verdict.metrics(), dict(verdict.details))

    def _through_files(self, example: Example) -> Outcome:
        """The example laid out as a harness would, then the command line's own entry point, in this process."""
        inputs = {input_name(flag): text for flag, text in example.input_files.items()}
        layout = self._scratch.layout(JSON, tuple(inputs))
        moved = layout.place(example, inputs)
        argv = Template.default(inputs).words({**layout.values("python3", "verify.py", {}), **moved})[2:]
        try:
            code = self.runner.run(self.spec, argv)
            error = None if code == 0 else f"exit status {code}"
        except BaseException:  # noqa: BLE001 - SystemExit included: the CLI must return, not exit
            error = traceback.format_exc(limit=6)
        metrics, details, problem = layout.read()
        return Outcome(metrics, details, error or problem)

    def script_path(self) -> Path:
        from verifuzz.strategies.tasks import TASKS_DIR

        return self.script or TASKS_DIR / self.spec.name / "tests" / "verify.py"

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        return _command_line(["python3", str(self.script_path())], evidence, inputs)

    def reproduce(self, folder: Path) -> str:
        names = [input_name(flag) for flag in _saved_inputs(folder)]
        return reproduction(folder, "python3", str(self.script_path().resolve()), Template.default(names), {}, JSON)


class Command(Subject):
    """Any verifier script, run through its command line in the layout a harness gives it (properties/layout.py).

    `args` are the extra inputs by name (`skill-file`): a value naming a file is copied into the layout
    as an input file, any other value is passed as it is. `template` is the command line with placeholders;
    `output` is `json` (reward.json and details.json) or `reward.txt` (a single number). `mode` is `fork`
    (a fork server, when the template starts `{python} {script}`) or `fresh` (a new interpreter per example).
    """

    def __init__(self, script: Path, task: str, *, python: str | None = None, args: dict[str, str] | None = None,
                 extra: dict[str, str] | None = None, template: str | None = None, output: str = JSON,
                 mode: str = FORK, keys: tuple[str, ...] | None = None, isolated: bool = False,
                 timeout: float = TIMEOUT) -> None:
        self.script = Path(script)
        self.task = task
        self.python = python or sys.executable
        self.args = {input_name(k): v for k, v in {**(extra or {}), **(args or {})}.items()}
        self.files = {name: Path(value).read_text(encoding="utf-8") for name, value in self.args.items()
                      if Path(value).is_file()}
        self.literal = {name: value for name, value in self.args.items() if name not in self.files}
        self.template_text = template
        self.output = output
        self.isolated = isolated
        self.keys = ("reward",) if output == TEXT and keys is None else keys
        self.writes_details = output == JSON
        self.label = str(script)
        self.flags = ["-I", "-S"] if isolated else []
        flags = self._template([]).fork_flags() if mode == FORK else None
        self.runner: ForkServer | Fresh = (ForkServer(self.python, self.script, ENVIRONMENT, timeout, flags=flags)
                                           if flags is not None else Fresh(timeout))
        self.mode = self.runner.mode
        self._scratch = _Scratch()

    def _template(self, names: list[str]) -> Template:
        if self.template_text is not None:
            return Template(self.template_text)
        prefix = "{python} " + "".join(f"{flag} " for flag in self.flags) + "{script}"
        default = Template.default([*names, *(n for n in self.args if n not in names)])
        return Template(default.text.replace("{python} {script}", prefix, 1))

    def validate(self, inputs: list[str]) -> None:
        """Refuse a template that names a placeholder nothing fills (raises TemplateError)."""
        self._template(inputs).validate([*inputs, *self.args])

    def outcome(self, example: Example) -> Outcome:
        inputs = {**self.files, **{input_name(flag): text for flag, text in example.input_files.items()}}
        layout = self._scratch.layout(self.output, tuple(sorted(inputs)))
        moved = layout.place(example, inputs)
        words = self._template(sorted(inputs)).words({**layout.values(self.python, str(self.script), self.literal),
                                                      **moved})
        ran = self.runner.run(words, layout.work, ENVIRONMENT, layout.root)
        metrics, details, problem = layout.read()
        scrub = str(layout.root)
        stderr = ran.stderr.replace(scrub, "<scratch>")
        return Outcome(metrics, details, _trouble(ran, stderr, self.runner.timeout) or problem, ran.exit_code,
                       ran.stdout.replace(scrub, "<scratch>"), stderr)

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        names = [input_name(flag) for flag in inputs]
        values = {"python": "python3", "script": str(self.script), "evidence": evidence, "output_dir": ".",
                  "reward": "reward.txt" if self.output == TEXT else "reward.json", "details": "details.json",
                  **self.literal, **{name: str(value) for name, value in self.args.items() if name in self.files},
                  **{input_name(flag): path for flag, path in inputs.items()}}
        return shlex.join(self._template(names).words(values))

    def reproduce(self, folder: Path) -> str:
        # An input given by `--arg NAME=FILE` (audit's generic examples carry none of their own) was laid out
        # beside the evidence on every run: it is saved there too, so the folder holds all the run read.
        for name, text in self.files.items():
            saved = folder / INPUTS / name
            if not saved.exists():
                saved.parent.mkdir(exist_ok=True)
                saved.write_text(text, encoding="utf-8")
        names = sorted({*self.files, *(input_name(flag) for flag in _saved_inputs(folder))})
        return reproduction(folder, self.python, str(self.script), self._template(names), self.literal, self.output)

    def record(self) -> dict[str, Any]:
        return {"kind": "command", "task": self.task, "script": str(self.script), "python": self.python,
                "template": self._template(sorted(self.files)).text if self.template_text is None else self.template_text,
                "custom_template": self.template_text is not None, "args": self.args, "output": self.output,
                "isolated": self.isolated}

    def close(self) -> None:
        self.runner.close()


def _trouble(ran: Ran, stderr: str, timeout: float) -> str | None:
    if ran.timed_out:
        return f"timed out after {timeout:g} s"
    if ran.exit_code != 0:
        return f"exit status {ran.exit_code}: {stderr[-2000:]}"
    if "Traceback (most recent call last)" in stderr:
        return f"printed a traceback: {stderr[-2000:]}"
    return None


def _saved_inputs(folder: Path) -> list[str]:
    inputs = folder / "inputs"
    return sorted(path.name for path in inputs.iterdir()) if inputs.is_dir() else []


def reproduction(folder: Path, python: str, script: str, template: Template, literal: dict[str, str],
                 output: str) -> str:
    """`cd` into the saved layout's working directory, with the run's environment, and run the same command line.

    Runnable from the current directory: the folder is named as given, the verifier sees absolute paths.
    """
    root = folder.resolve()
    names = _saved_inputs(folder)
    layout = Layout(root, output, tuple(names))
    words = template.words(layout.values(python, script, literal))
    env = " ".join(f"{key}={shlex.quote(value)}" for key, value in ENVIRONMENT.items())
    here = shlex.quote(str(folder))
    return (f"(cd {here} && rm -rf {OUTPUT_DIR} {WORK} && mkdir -p {OUTPUT_DIR} {WORK} && cd {WORK} && "
            f"env -i {env} {shlex.join(words)})")


def _command_line(prefix: list[str], evidence: str, inputs: dict[str, str]) -> str:
    words = [*prefix, "--evidence", evidence, "--reward", "reward.json", "--details", "details.json"]
    for flag, path in inputs.items():
        words += [flag, path]
    return shlex.join(words)
