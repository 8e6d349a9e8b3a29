"""Run mutmut 3 in a throwaway copy of the project, with the generated settings, progress and a time budget.

The user's tree never sees `mutants/`, generated config or a Hypothesis database: all of it lives
in a temporary directory that is removed afterwards unless `--keep` asks otherwise. While mutmut
runs, its data files are polled for how far it got; its screen output only goes to a log for people.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from verifuzz.mutation.config import (
    NAMESPACED, SCRATCH_IGNORED, MutationConfig, environment, mutmut_settings, mutmut_table,
)
from verifuzz.mutation.progress import Progress
from verifuzz.mutation.results import Counts, Record, read_record

# `mutmut run` through its click group, imported as a module so it is never executed twice.
MUTMUT_MAIN = "import sys; from mutmut.__main__ import cli; sys.argv[0] = 'mutmut'; cli()"
_DEEP_IGNORED = ("__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache")
GRACE_SECONDS = 20.0
POLL_SECONDS = 0.5

# mutmut's phases as its data files reveal them, in order. Nothing is written between the stats
# file and the first result, so the clean and forced-failure runs share one phase.
GENERATING = "generating mutants"
STATS_RUN = "stats run: recording which tests reach which function"
CHECK_RUNS = "clean and forced-failure runs: the suite must pass on unmutated code and fail when every mutated function raises"
TESTING = "testing mutants"


def phases_reached(record: Record, files: Sequence[str]) -> list[str]:
    """The phases mutmut has started, judged from its files: `mutants/`, every `.meta`, the stats file, a result."""
    steps = [
        (GENERATING, record.started),
        (STATS_RUN, len(record.generated) == len(files)),
        (CHECK_RUNS, record.stats_recorded),
        (TESTING, record.reached_mutants),
    ]
    # A later file proves every earlier phase, even if no poll caught the file that marks it.
    seen = [index for index, (_, present) in enumerate(steps) if present]
    return [phase for phase, _ in steps[: seen[-1] + 1]] if seen else []


@dataclass
class MutmutRun:
    """What happened in the scratch copy: mutmut's exit code, the record its files hold, and timings."""

    project: Path
    returncode: int = 0
    elapsed: float = 0.0
    mutation_seconds: float | None = None
    budget_exceeded: bool = False
    record: Record = field(default_factory=Record)
    # Seconds from the start of `mutmut run` at which each phase was first seen in the files.
    phases: dict[str, float] = field(default_factory=dict)

    @property
    def reached_mutants(self) -> bool:
        return self.record.reached_mutants

    @property
    def counts(self) -> Counts:
        return self.record.counts

    @property
    def log(self) -> Path:
        return self.project.parent / "mutmut-output.log"

    @property
    def output(self) -> str:
        """mutmut's screen output, kept only to show people; nothing is decided from it."""
        try:
            return self.log.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""


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
            for name in NAMESPACED:  # laid out as installed, so mutmut's module names are the imported ones
                if (self.project / name).is_dir() and (self.project / "verifuzz").is_dir():
                    (self.project / name).rename(self.project / "verifuzz" / name)
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
    # Results left from an earlier run would read as this run's, so mutmut must start from no tree.
    shutil.rmtree(scratch.project / "mutants", ignore_errors=True)
    started = time.monotonic()
    interrupted_at: float | None = None
    with run.log.open("wb") as log:
        process = subprocess.Popen(
            command,
            cwd=scratch.project,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            while True:
                try:
                    process.wait(timeout=POLL_SECONDS)
                    break
                except subprocess.TimeoutExpired:
                    pass
                now = time.monotonic()
                _observe(read_record(scratch.project, config.files, patterns), config.files, run, progress, started, now)
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
    ended = time.monotonic()
    run.returncode = process.returncode
    run.record = read_record(scratch.project, config.files, patterns)
    _observe(run.record, config.files, run, progress, started, ended)
    run.elapsed = ended - started
    if TESTING in run.phases:
        run.mutation_seconds = run.elapsed - run.phases[TESTING]
    if progress:
        progress.finish()
    return run


def _observe(
    record: Record, files: Sequence[str], run: MutmutRun, progress: Progress | None, started: float, now: float
) -> None:
    """Note newly started phases and show the counts; a file cut short mid-write is read again next time."""
    if record.unreadable:
        return
    for phase in phases_reached(record, files):
        if phase not in run.phases:
            run.phases[phase] = round(now - started, 2)
            if progress:
                progress.phase(phase, mutants=phase == TESTING)
    if progress and record.reached_mutants:
        progress.mutants(record.counts)


def _signal(process: subprocess.Popen[bytes], which: signal.Signals) -> None:
    try:
        os.killpg(process.pid, which)
    except ProcessLookupError:
        pass
