"""Run mutmut 3 in a throwaway copy of the project, with the generated settings, a progress line and a time budget.

The user's tree never sees `mutants/`, generated config or a Hypothesis database: all of it lives
in a temporary directory that is removed afterwards unless `--keep` asks otherwise.
"""
from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence, TextIO

from verifuzz.mutation.config import SCRATCH_IGNORED, MutationConfig, environment, mutmut_settings, mutmut_table

# `mutmut run` through its click group, imported as a module so it is never executed twice.
MUTMUT_MAIN = "import sys; from mutmut.__main__ import cli; sys.argv[0] = 'mutmut'; cli()"
_DEEP_IGNORED = ("__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache")
_COUNTS = re.compile(r"(\d+)/(\d+)\s+🎉 (\d+) 🫥 (\d+)\s+⏰ (\d+)\s+🤔 (\d+)\s+🙁 (\d+)")
_GENERATED = re.compile(r"done in (\d+)ms \((\d+) files mutated")
# mutmut's spinner titles, in the order it runs them, and what each proves.
PHASES = {
    "Generating mutants": "generating mutants",
    "Running stats": "stats run: recording which tests reach which function",
    "Listing all tests": "listing tests",
    "Running clean tests": "clean run: the suite must pass on unmutated code",
    "Running forced fail test": "forced-failure run: the suite must fail when every mutated function raises",
    "Running mutation testing": "testing mutants",
}
MUTANTS_PHASE = "Running mutation testing"
GRACE_SECONDS = 20.0


@dataclass
class Counts:
    done: int = 0
    total: int = 0
    killed: int = 0
    no_tests: int = 0
    timeout: int = 0
    suspicious: int = 0
    survived: int = 0


@dataclass
class MutmutRun:
    """What happened in the scratch copy; `reached_mutants` means the clean and forced-failure runs passed."""

    project: Path
    returncode: int = 0
    output: str = ""
    elapsed: float = 0.0
    mutation_seconds: float | None = None
    reached_mutants: bool = False
    budget_exceeded: bool = False
    files_mutated: int | None = None
    counts: Counts = field(default_factory=Counts)
    # Seconds from the start of `mutmut run` at which each phase was first seen.
    phases: dict[str, float] = field(default_factory=dict)

    @property
    def log(self) -> Path:
        return self.project.parent / "mutmut-output.log"


class Scratch:
    """A temporary copy of the project that mutmut may fill freely; removed on exit unless `keep`."""

    def __init__(self, config: MutationConfig, keep: bool = False) -> None:
        self.config = config
        self.keep = keep
        self.base = Path(tempfile.mkdtemp(prefix="verifuzz-mutate-"))
        self.project = self.base / "project"
        self.hypothesis = self.base / "hypothesis"

    def __enter__(self) -> Scratch:
        try:
            shutil.copytree(self.config.root, self.project, ignore=self._ignore, symlinks=True)
            settings = mutmut_settings(self.config, sorted(os.listdir(self.project)))
            pyproject = self.project / "pyproject.toml"
            text = pyproject.read_text(encoding="utf-8") if pyproject.is_file() else ""
            pyproject.write_text(text + mutmut_table(settings), encoding="utf-8")
        except BaseException:
            shutil.rmtree(self.base, ignore_errors=True)
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.keep:
            shutil.rmtree(self.base, ignore_errors=True)

    def _ignore(self, directory: str, names: list[str]) -> list[str]:
        top = Path(directory).resolve() == self.config.root.resolve()
        patterns = SCRATCH_IGNORED if top else _DEEP_IGNORED
        return [name for name in names if any(Path(name).match(pattern) for pattern in patterns)]

    def database_leaks(self) -> list[Path]:
        """Hypothesis directories written inside the copy: runs there must leave no example database."""
        return [path for path in (self.project / "mutants").rglob(".hypothesis") if path.is_dir()]


def run_mutmut(
    scratch: Scratch,
    patterns: Sequence[str] = (),
    jobs: int | None = None,
    deadline: float | None = None,
    progress: Progress | None = None,
) -> MutmutRun:
    """`mutmut run` in the scratch copy; past `deadline` (a `time.monotonic()` value) it is interrupted."""
    config = scratch.config
    env = dict(os.environ)
    env.pop("MUTANT_UNDER_TEST", None)
    env.update(environment(config))
    # Hypothesis keeps caches in .hypothesis under the working directory; send them outside the copy.
    env["HYPOTHESIS_STORAGE_DIRECTORY"] = str(scratch.hypothesis)
    command = [sys.executable, "-c", MUTMUT_MAIN, "run", "--max-children", str(jobs or config.worker_count()), *patterns]
    run = MutmutRun(project=scratch.project)
    started = time.monotonic()
    mutation_started: float | None = None
    process = subprocess.Popen(
        command,
        cwd=scratch.project,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    assert process.stdout is not None
    chunks: list[str] = []
    pending = ""
    interrupted_at: float | None = None
    try:
        while True:
            ready, _, _ = select.select([process.stdout], [], [], 0.5)
            if ready:
                data = os.read(process.stdout.fileno(), 65536)
                if not data:
                    break
                text = data.decode("utf-8", errors="replace")
                chunks.append(text)
                pieces = re.split(r"[\r\n]", pending + text)
                pending = pieces.pop()
                for piece in pieces:
                    if MUTANTS_PHASE in piece and mutation_started is None:
                        mutation_started = time.monotonic()
                    _observe(piece, run, progress, time.monotonic() - started)
            now = time.monotonic()
            if deadline is not None and now > deadline and interrupted_at is None:
                run.budget_exceeded = True
                interrupted_at = now
                _signal(process, signal.SIGINT)
            if interrupted_at is not None and now > interrupted_at + GRACE_SECONDS:
                _signal(process, signal.SIGKILL)
    except BaseException:
        _signal(process, signal.SIGKILL)
        process.wait()
        raise
    run.returncode = process.wait()
    if pending:
        _observe(pending, run, progress, time.monotonic() - started)
    run.output = "".join(chunks)
    run.elapsed = time.monotonic() - started
    if mutation_started is not None:
        run.mutation_seconds = time.monotonic() - mutation_started
    run.log.write_text(run.output, encoding="utf-8")
    if progress:
        progress.finish()
    return run


def _signal(process: subprocess.Popen[bytes], which: signal.Signals) -> None:
    try:
        os.killpg(process.pid, which)
    except ProcessLookupError:
        pass


def _observe(line: str, run: MutmutRun, progress: Progress | None, elapsed: float) -> None:
    for title, phase in PHASES.items():
        if title in line:
            run.phases.setdefault(phase, round(elapsed, 2))
            if title == MUTANTS_PHASE:
                run.reached_mutants = True
            if progress:
                progress.phase(phase)
    generated = _GENERATED.search(line)
    if generated:
        run.files_mutated = int(generated.group(2))
    counts = _COUNTS.search(line)
    if counts:
        done, total, killed, no_tests, timeout, suspicious, survived = map(int, counts.groups())
        run.counts = Counts(done, total, killed, no_tests, timeout, suspicious, survived)
        if progress and run.reached_mutants:
            progress.mutants(run.counts)


class Progress:
    """One status line on a terminal; on a log (CI) a line per phase and every tenth of the mutants."""

    def __init__(self, stream: TextIO = sys.stderr, started: float | None = None) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.started = time.monotonic() if started is None else started
        self.current = ""
        self.mutants_started: float | None = None
        self.last_write = 0.0
        self.last_decile = -1
        self.open_line = False

    def phase(self, name: str) -> None:
        if name == self.current:
            return
        self.current = name
        self.finish()
        if name == PHASES[MUTANTS_PHASE]:
            self.mutants_started = time.monotonic()
        self._line(name, force=True)

    def mutants(self, counts: Counts) -> None:
        elapsed = time.monotonic() - (self.mutants_started or self.started)
        rate = counts.done / elapsed if elapsed > 0 else 0.0
        left = (counts.total - counts.done) / rate if rate else 0.0
        text = (
            f"mutants {counts.done}/{counts.total}  killed {counts.killed}  survived {counts.survived}  "
            f"no tests {counts.no_tests}  timeout {counts.timeout}  ({rate:.1f}/s, about {left:.0f}s left)"
        )
        decile = counts.done * 10 // counts.total if counts.total else 0
        if self.tty:
            self._line(text)
        elif decile != self.last_decile:
            self.last_decile = decile
            self._line(text, force=True)

    def _line(self, text: str, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last_write < 0.2:
            return
        self.last_write = now
        stamp = f"[{now - self.started:5.0f}s] {text}"
        if self.tty:
            self.stream.write("\r\033[K" + stamp)
            self.open_line = True
        else:
            self.stream.write(stamp + "\n")
        self.stream.flush()

    def finish(self) -> None:
        if self.open_line:
            self.stream.write("\n")
            self.stream.flush()
            self.open_line = False


# What mutmut says when it stops before testing any mutant, and what the user should do about it.
_STOPS = (
    (
        "Unable to force test failures",
        "the forced-failure run passed: no selected test fails even when every mutated function raises, "
        "so no mutant could ever be killed; make the tests import the mutated modules and check their results",
    ),
    ("Failed to run clean test", "the suite fails on the unmutated code; fix these tests first"),
    (
        "could not find any test case for any mutant",
        "no selected test calls any mutated function; check [tests] paths and markers and [mutate] paths",
    ),
    (
        "none match any mutant key",
        "the tests import the mutated code under another module name; import it by its package path",
    ),
    ("Filtered for specific mutants, but nothing matches", "no mutant id matches --mutant; copy an id from the report"),
    ("Failed to collect list of tests", "pytest cannot collect the selected tests; run them once by hand"),
)
_SUMMARY = re.compile(r"^(FAILED |ERROR |E   |=* ?\d+ (failed|passed|errors?|deselected)|=* ?no tests ran)")


def diagnose(run: MutmutRun) -> str:
    """Why mutmut stopped before testing mutants, with the failing tests' summary when there is one."""
    lines = [line.strip("\r") for line in run.output.replace("\r", "\n").splitlines()]
    reason = next((advice for marker, advice in _STOPS if marker in run.output), None)
    collected = re.search(r"failed to collect stats\. runner returned (\d+)", run.output)
    if reason is None and collected:
        code = int(collected.group(1))
        reason = (
            "the selected tests collect nothing (pytest exit 5); check [tests] paths and markers"
            if code == 5
            else f"the suite fails on the unmutated code (pytest exit {code}); fix these tests first"
        )
    if reason is None:
        reason = f"mutmut stopped (exit {run.returncode}) before testing any mutant"
    summary = [line for line in lines if _SUMMARY.match(line)][-15:]
    if not summary:
        summary = [line for line in lines if line.strip() and not re.match(r"^\W? ?(Generating|Running|Listing)", line)][-12:]
    return "\n".join([reason, *("    " + line for line in summary)])
