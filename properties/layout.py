"""The folders, files and command line a harness gives a verifier (docs/auditing.md describes them)."""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from verifuzz.properties.example import Example
from verifuzz.properties.scrub import scrub
from verifuzz.strategies import custody
from verifuzz.strategies.malformed import PLACED, place

EVIDENCE = "logs/artifacts/buzz-evidence.json"  # the harness's file name for the snapshot
OUTPUT_DIR = "logs/verifier"  # created before the verifier runs, as a harness does
INPUTS = "inputs"  # one file per extra input, named by its flag without dashes
WORK = "work"  # the verifier's own working directory, empty at the start of every run
STDOUT, STDERR = "stdout.txt", "stderr.txt"
JSON, TEXT = "json", "reward.txt"
OUTPUTS = (JSON, TEXT)
# The same environment for every run, and the same hash seed, so a run repeats exactly
# (in a fork server and in a fresh interpreter alike) and a saved one reproduces.
ENVIRONMENT = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONHASHSEED": "0"}
DEFAULT_TEMPLATE = "{python} {script} --evidence {evidence} --reward {reward} --details {details}"
FIXED_PLACEHOLDERS = ("python", "script", "evidence", "reward", "details", "output_dir")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_-]*)\}")


class TemplateError(ValueError):
    """A command template names a placeholder nothing fills, or leaves out the evidence."""


def input_name(flag: str) -> str:
    """The placeholder and file name of an extra input: its flag without dashes (`--skill-file` -> `skill-file`)."""
    return flag.lstrip("-")


@dataclass(frozen=True)
class Template:
    """A verifier's command line with placeholders: `{python} {script} {evidence} {reward} {details} {output_dir}`
    and one per extra input, named by its flag without dashes (`{skill-file}`)."""

    text: str

    @classmethod
    def default(cls, inputs: Iterable[str]) -> Template:
        """Our verifier contract's flags, then `--NAME {NAME}` for each extra input."""
        return cls(DEFAULT_TEMPLATE + "".join(f" --{name} {{{name}}}" for name in inputs))

    def names(self) -> set[str]:
        return set(_PLACEHOLDER.findall(self.text))

    def validate(self, inputs: Iterable[str]) -> None:
        known = {*FIXED_PLACEHOLDERS, *inputs}
        unknown = sorted(self.names() - known)
        if unknown:
            raise TemplateError(f"command template: unknown placeholder(s) {', '.join('{' + n + '}' for n in unknown)}; "
                                f"known: {', '.join('{' + n + '}' for n in sorted(known))} (an extra input is named "
                                "by --arg NAME=VALUE)")
        if "evidence" not in self.names():
            raise TemplateError("command template: it never passes {evidence}, so the verifier cannot read the snapshot")
        try:
            shlex.split(self.text)
        except ValueError as error:
            raise TemplateError(f"command template: {error}") from None

    def words(self, values: dict[str, str]) -> list[str]:
        return [_PLACEHOLDER.sub(lambda m: values[m.group(1)], word) for word in shlex.split(self.text)]

    def fork_flags(self) -> list[str] | None:
        """The interpreter flags of a command shaped `{python} [FLAGS] {script} ...`, the shape a fork server can
        run (None: another shape, which needs a fresh process per example)."""
        words = shlex.split(self.text)
        if not words or words[0] != "{python}" or "{script}" not in words:
            return None
        at = words.index("{script}")
        flags = words[1:at]
        rest = words[at + 1:]
        if any(not flag.startswith("-") or "{" in flag for flag in flags) or any("{python}" in w or "{script}" in w for w in rest):
            return None
        return flags


@dataclass
class Layout:
    """One run's folder: the evidence under the harness's name, an existing output folder, the inputs, a working
    directory. Built once per subject and emptied between examples, so the verifier sees the same argv every time."""

    root: Path
    output: str = JSON
    inputs: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        # Plain strings, made once: a layout is filled and read back for every example, thousands a minute.
        self._root = str(self.root)
        self._evidence = os.path.join(self._root, EVIDENCE)
        self._output_dir = os.path.join(self._root, OUTPUT_DIR)
        self._work = os.path.join(self._root, WORK)
        self._inputs = os.path.join(self._root, INPUTS)
        self._scrub = json.dumps(self._root)[1:-1]
        self._work_path = self.root / WORK

    @property
    def evidence(self) -> Path:
        return self.root / EVIDENCE

    @property
    def output_dir(self) -> Path:
        return self.root / OUTPUT_DIR

    @property
    def work(self) -> Path:
        return self._work_path

    def input_path(self, name: str) -> Path:
        return self.root / INPUTS / name

    def values(self, python: str, script: str, args: dict[str, str]) -> dict[str, str]:
        """What each placeholder stands for in this layout."""
        reward = os.path.join(self._output_dir, "reward.txt" if self.output == TEXT else "reward.json")
        values = {"python": python, "script": script, "evidence": self._evidence, "reward": reward,
                  "details": os.path.join(self._output_dir, "details.json"), "output_dir": self._output_dir}
        values.update(args)
        values.update({name: os.path.join(self._inputs, name) for name in self.inputs})
        return values

    def place(self, example: Example, inputs: dict[str, str]) -> dict[str, str]:
        """Empty the folder and lay out `example` with its input files (`inputs`: name -> text).

        Returns the input paths that differ from `input_path`: an example with a breach of custody
        (strategies/custody.py) keeps its inputs in a seeded tree under `custody/`, breached as it says.
        """
        for folder in (self._output_dir, self._work):
            if not _empty(folder):  # the first run, or the verifier removed it
                os.makedirs(folder, exist_ok=True)
        try:
            kind = os.lstat(self._evidence).st_mode
        except FileNotFoundError:
            pass
        else:
            if stat.S_ISDIR(kind):
                shutil.rmtree(self._evidence)
            else:
                os.unlink(self._evidence)
        data = example.evidence_bytes()
        if example.fault in PLACED:
            os.makedirs(os.path.dirname(self._evidence), exist_ok=True)
            place(self.evidence, example.fault)
        elif data is not None:
            _write(self._evidence, data)
        for name, text in inputs.items():
            _write(os.path.join(self._inputs, name), text.encode("utf-8"))
        return self._place_custody(example)

    def _place_custody(self, example: Example) -> dict[str, str]:
        tree = os.path.join(self._root, "custody")
        if os.path.lexists(tree):
            shutil.rmtree(tree)
        if not example.custody:
            return {}
        os.mkdir(tree)
        words = custody.place_inputs(Path(tree), dict(example.input_files), dict(example.custody))
        return {input_name(flag): path for flag, path in zip(words[::2], words[1::2]) if not flag.startswith("--trusted")}

    def read(self) -> tuple[Any, Any, str | None]:
        """The metrics and details the verifier wrote, and what was wrong with them (None: nothing)."""
        if self.output == TEXT:
            metrics, problem = self._reward_text()
            details, _ = self._json("details.json")  # reward.txt's convention needs no details.json
            return metrics, details, problem
        metrics, metrics_problem = self._json("reward.json")
        details, details_problem = self._json("details.json")
        if metrics is not None and not isinstance(metrics, dict):
            metrics = {"<not an object>": metrics}
        return metrics, details, metrics_problem or details_problem

    def _out(self, name: str) -> str:
        return os.path.join(self._output_dir, name)

    def _json(self, name: str) -> tuple[Any, str | None]:
        data = _read_regular(self._out(name))
        if data is None:
            return None, f"{name} was not written"
        try:
            return json.loads(self._scrub_text(data)), None
        except (ValueError, UnicodeDecodeError, RecursionError) as error:
            return None, f"{name} is not valid JSON: {error}"

    def _reward_text(self) -> tuple[dict[str, float] | None, str | None]:
        data = _read_regular(self._out("reward.txt"))
        if data is None:
            return None, "reward.txt was not written"
        try:
            return {"reward": float(data.decode("utf-8").strip())}, None
        except (ValueError, UnicodeDecodeError):
            return None, f"reward.txt does not hold a single number: {data[:80]!r}"

    def _scrub_text(self, data: bytes) -> str:
        """A file's text as `open(path, encoding="utf-8").read()` gives it (newlines made "\\n"), with this layout's
        folder and tempfile's names replaced (properties/scrub.py), so runs in two layouts compare equal."""
        text = data.decode("utf-8")
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        return scrub(text, self._scrub)


# Files are written and read back through os.open: open() adds an fstat, an isatty ioctl and an lseek to each,
# and an example writes two files and reads two.
def _read_regular(path: str) -> bytes | None:
    """The bytes of the regular file at `path`, following symbolic links as os.path.isfile does (None: no such file,
    or something else stands there, a folder or a pipe)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)  # a pipe must not hold the read
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _write(path: str, data: bytes) -> None:
    """Write a file whose folder the verifier may have removed during the last run."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC
    try:
        fd = os.open(path, flags, 0o666)
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(path, flags, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _empty(folder: str) -> bool:
    """Remove what a run left in `folder` (False: there is no such folder); listing an empty folder costs
    microseconds, rmtree and mkdir milliseconds."""
    try:
        entries = os.scandir(folder)
    except (FileNotFoundError, NotADirectoryError):
        if os.path.lexists(folder):  # the verifier left a file where the folder was
            os.unlink(folder)
        return False
    with entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
    return True
