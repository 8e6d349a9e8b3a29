"""mutmut's test runner on one pytest session: the tests are collected once and every run forks from there.

mutmut 3 starts pytest afresh for each mutant (`pytest.main` with the node ids of the tests that
reach its function): parsing options and resolving hundreds of node ids cost more than the test that
kills the mutant. Here mutmut's process collects the selected tests once; the stats run (split over
the workers), the forced-failure run and every mutant run those items in a forked child, and a
mutant's tests start with the ones that killed earlier mutants of the same function (of any function,
for the first mutant of each).

The gate loads this file by its path inside the scratch copy, never as `verifuzz.mutation...`:
importing the verifuzz package there would bind the unmutated code before mutmut puts the mutants
first on `sys.path`. So it imports only the standard library, pytest and mutmut.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import struct
import sys
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterator, Sequence

import pytest
from mutmut.runners.harness import PytestRunner
from mutmut.state import state

# Appended by every mutant's run: which test killed it (None when every test passed) after how many.
KILLS = "verifuzz-kills.jsonl"
# Per-test temporary folders of every run go under one base made before any fork, so parallel
# children never clean up each other's numbered base folders as separate pytest runs would.
BASETEMP = "pytest-tmp"
# Consecutive tests of one file handed to a stats worker at a time: small, so one slow file does not
# leave a worker idle, yet more than one, so a module-scoped fixture is not rebuilt for every test.
CHUNK = 8
# An exit code mutmut counts as "suspicious": a fault of this runner must never read as a kill.
RUNNER_FAULT = 35


class _Sink(io.TextIOBase):
    """The stream pytest's terminal reporter writes to; each run points it at a buffer or at nothing."""

    def __init__(self) -> None:
        self.target: Any = None

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.target is not None:
            self.target.write(text)
        return len(text)

    def isatty(self) -> bool:
        return False


def function_of(mutant_name: str) -> str:
    """The function a mutant belongs to, as mutmut's stats name it: `pkg.mod.x_name__mutmut_3` -> `pkg.mod.x_name`."""
    return mutant_name.partition("__mutmut_")[0]


def read_kills(path: Path, function: str | None = None) -> list[dict[str, Any]]:
    """The kill records written so far, optionally only those of one function's mutants; torn lines are skipped."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    needle = None if function is None else json.dumps(function + "__mutmut_")[1:-1]
    records = []
    for line in text.splitlines():
        if needle is not None and needle not in line:
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and (function is None or function_of(str(record.get("mutant"))) == function):
            records.append(record)
    return records


def killers_first(tests: Sequence[str], kills: Sequence[dict[str, Any]], seconds: dict[str, float]) -> list[str]:
    """The order to run a mutant's tests in: the tests that killed most of the mutants in `kills` first, then fastest first."""
    counts = Counter(record.get("killer") for record in kills)
    return sorted(tests, key=lambda test: (-counts[test], seconds.get(test, 0.0), test))


def record_kill(path: Path, mutant: str, killer: str | None, ran: int, of: int, seconds: float) -> None:
    """Append one mutant's record in a single write, so records from parallel workers never interleave."""
    line = json.dumps({"mutant": mutant, "killer": killer, "ran": ran, "of": of, "seconds": round(seconds, 4)})
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(descriptor, (line + "\n").encode("utf-8"))
    finally:
        os.close(descriptor)


class SessionRunner(PytestRunner):
    """mutmut's test runner over one collected pytest session; its argument handling and test listing stay mutmut's."""

    def __init__(self, workers: int = 1) -> None:
        super().__init__()
        self.workers = max(1, workers)
        self.root = Path.cwd()
        self.kills = self.root / "mutants" / KILLS
        self._sink = _Sink()
        self._config: Any = None
        self._session: Any = None
        self._items: dict[str, Any] = {}
        self._collection_hits: set[str] = set()
        self._stats_passed = False

    # mutmut's TestRunner interface ---------------------------------------------------------------

    def run_stats(self, *, tests: Any) -> int:
        """Record which tests reach which function, the collected tests split over the workers in forked children."""
        opened = self._open()
        if opened:
            return opened
        wanted = set(tests or ())
        items = [item for item in self._session.items if not wanted or item.nodeid in wanted]
        code = self._stats_in_children(items)
        self._stats_passed = code == 0 and not wanted
        return code

    def run_tests(self, *, mutant_name: str | None, tests: Any) -> int:
        """A mutant's tests in this (already forked) process; without a mutant, mutmut's clean run."""
        if mutant_name is None:
            return self._clean_run(list(tests or ()))
        if self._open():
            return RUNNER_FAULT
        try:
            # Its function's mutants killed so far, or, for the first of them, every mutant's: a test
            # that kills elsewhere asserts on what reaches it (text.*: 305 tests run instead of 555).
            kills = read_kills(self.kills, function_of(mutant_name)) or read_kills(self.kills)
            order = killers_first(list(tests), kills, dict(state().duration_by_test))
            items = [self._items[test] for test in order]
        except Exception:  # a fault here is ours, not the mutant's: never count it as a kill
            return RUNNER_FAULT
        started = time.perf_counter()
        code, killer, ran = self._run_items(items)
        with contextlib.suppress(OSError):
            record_kill(self.kills, mutant_name, killer, ran, len(items), time.perf_counter() - started)
        with contextlib.suppress(Exception):
            self._session._setupstate.teardown_exact(None)
        return code

    def run_forced_fail(self) -> int:
        """Every collected test with every mutated function raising, in a forked child; it must fail."""
        opened = self._open()
        if opened:
            return opened
        return self._in_child(list(self._session.items))

    # the session ---------------------------------------------------------------------------------

    def _open(self) -> int:
        """Collect the selected tests once, in mutmut's process; 0, or pytest's exit code when that fails."""
        if self._session is not None:
            return 0
        args = [
            "--rootdir=.", "--tb=native", "-x", "-q", "-p", "no:randomly", "-p", "no:random-order",
            f"--basetemp={self.root / BASETEMP}", *self._pytest_add_cli_args_test_selection, *self._pytest_add_cli_args,
        ]
        output = io.StringIO()
        self._sink.target = output
        os.environ["PYTEST_VERSION"] = pytest.__version__
        with _working_directory(self.root / "mutants"), _stdout(self._sink):
            code, config, session = _collect(args, output)
        self._sink.target = None
        if code:
            sys.stdout.write(output.getvalue())  # pytest's report, for the gate to quote
            return code
        # mutmut credits calls made while the test modules import (module-level code) to the first
        # test of its stats run; keep that, since the stats children never see those calls.
        self._collection_hits = set(state()._stats)
        state()._stats.clear()
        self._config, self._session = config, session
        self._items = {item.nodeid: item for item in session.items}
        return 0

    def _run_items(self, items: Sequence[Any]) -> tuple[int, str | None, int]:
        """Run `items` as pytest's own loop does, stopping at the first failure: (exit code, failing test, tests run)."""
        session = self._session
        ran = 0
        try:
            with _working_directory(self.root / "mutants"):
                for index, item in enumerate(items):
                    following = items[index + 1] if index + 1 < len(items) else None
                    item.config.hook.pytest_runtest_protocol(item=item, nextitem=following)
                    ran += 1
                    if session.testsfailed:
                        return int(pytest.ExitCode.TESTS_FAILED), item.nodeid, ran
                    if session.shouldstop:
                        return int(pytest.ExitCode.INTERRUPTED), None, ran
        except (KeyboardInterrupt, pytest.exit.Exception):
            return int(pytest.ExitCode.INTERRUPTED), None, ran
        except BaseException:  # pytest.main reports an escaped exception as an internal error too
            return int(pytest.ExitCode.INTERNAL_ERROR), None, ran
        return int(pytest.ExitCode.OK if items else pytest.ExitCode.NO_TESTS_COLLECTED), None, ran

    def _clean_run(self, tests: list[str]) -> int:
        """The stats run already ran every collected test on the unmutated code and passed: that answers it."""
        if self._open():
            return RUNNER_FAULT
        unknown = [test for test in tests if test not in self._items]
        if self._stats_passed and not unknown:
            count = len(tests) or len(self._items)
            print(f"clean run: the stats run passed these {count} tests on the unmutated code in this session")
            return 0
        return self._in_child([self._items[test] for test in tests if test in self._items] or list(self._session.items))

    def _in_child(self, items: list[Any]) -> int:
        """Run `items` in a forked child with pytest's report captured; print the report here and return the exit code."""
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            code = RUNNER_FAULT
            output = io.StringIO()
            try:
                self._sink.target = output
                code, _, _ = self._run_items(items)
                self._finish(code)
            finally:
                _send(write_end, {"exit": code, "output": output.getvalue()})
                os._exit(0)
        os.close(write_end)
        result = _receive(read_end)
        os.waitpid(pid, 0)
        if result is None:
            return RUNNER_FAULT
        sys.stdout.write(result["output"])
        return int(result["exit"])

    def _stats_in_children(self, items: list[Any]) -> int:
        """Run the stats in `workers` children pulling chunks of tests; merge what they recorded into mutmut's state."""
        chunks = _chunks(items)
        queue_read, queue_write = os.pipe()
        os.write(queue_write, b"".join(struct.pack("!I", index) for index in range(len(chunks))))
        os.close(queue_write)
        children = []
        for _ in range(min(self.workers, len(chunks)) or 1):
            read_end, write_end = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(read_end)
                result: dict[str, Any] = {"exit": RUNNER_FAULT, "output": ""}
                try:
                    result = self._stats_child(chunks, queue_read)
                finally:
                    _send(write_end, result)
                    os._exit(0)
            os.close(write_end)
            children.append((pid, read_end))
        os.close(queue_read)
        codes = []
        for pid, read_end in children:
            result = _receive(read_end)
            os.waitpid(pid, 0)
            if result is None:
                codes.append(RUNNER_FAULT)
                continue
            sys.stdout.write(result["output"])
            codes.append(int(result["exit"]))
            for function, names in result.get("tests", {}).items():
                state().tests_by_mangled_function_name[function] |= set(names)
            state().duration_by_test.update(result.get("durations", {}))
            for function, callers in result.get("callers", {}).items():
                state().function_dependencies[function] |= set(callers)
        if items and self._collection_hits:
            for function in self._collection_hits:
                state().tests_by_mangled_function_name[function].add(items[0].nodeid)
        failed = [code for code in codes if code != 0]
        return failed[0] if failed else 0

    def _stats_child(self, chunks: list[list[Any]], queue: int) -> dict[str, Any]:
        """One stats worker: run chunks until the queue is empty, recording mutmut's per-test hits and durations."""
        state().tests_by_mangled_function_name = defaultdict(set)
        state().duration_by_test = defaultdict(float)
        state().function_dependencies = defaultdict(set)
        state()._stats.clear()
        output = io.StringIO()
        self._sink.target = output
        self._config.pluginmanager.register(_StatsCollector(), "verifuzz-stats")
        code = int(pytest.ExitCode.OK)
        while code == 0:
            index = os.read(queue, 4)
            if len(index) < 4:
                break
            code, _, _ = self._run_items(chunks[struct.unpack("!I", index)[0]])
        self._finish(code)
        return {
            "exit": code,
            "output": output.getvalue(),
            "tests": {key: sorted(value) for key, value in state().tests_by_mangled_function_name.items()},
            "durations": dict(state().duration_by_test),
            "callers": {key: sorted(value) for key, value in state().function_dependencies.items()},
        }

    def _finish(self, code: int) -> None:
        """Tear down fixtures and print pytest's summary (failures first), as the end of a pytest run does."""
        with contextlib.suppress(Exception):
            self._config.hook.pytest_sessionfinish(session=self._session, exitstatus=code)


def _collect(args: list[str], output: io.StringIO) -> tuple[int, Any, Any]:
    """What pytest.main does up to collection, with its exit codes: (0 or the code, config, session)."""
    from _pytest.config import _prepareconfig

    try:
        config = _prepareconfig(args)
    except pytest.UsageError as error:
        output.write(f"pytest: {error}\n")
        return int(pytest.ExitCode.USAGE_ERROR), None, None
    except Exception:  # a conftest.py that fails to import, as pytest.main reports it
        output.write(traceback.format_exc())
        return int(pytest.ExitCode.USAGE_ERROR), None, None
    session = pytest.Session.from_config(config)
    code, started = 0, False
    try:
        config._do_configure()
        config.hook.pytest_sessionstart(session=session)
        started = True
        config.hook.pytest_collection(session=session)
        if session.testsfailed:  # errors during collection
            code = int(pytest.ExitCode.INTERRUPTED)
    except pytest.Session.Failed:  # -x stops collection at the first error
        code = int(pytest.ExitCode.TESTS_FAILED)
    except (KeyboardInterrupt, pytest.exit.Exception):
        code = int(pytest.ExitCode.INTERRUPTED)
    except Exception:
        output.write(traceback.format_exc())
        code = int(pytest.ExitCode.INTERNAL_ERROR)
    if code and started:
        with contextlib.suppress(Exception):
            config.hook.pytest_sessionfinish(session=session, exitstatus=code)  # prints the errors
    if not code:
        factory = getattr(config, "_tmp_path_factory", None)
        if factory is not None:
            factory.getbasetemp()
    return code, config, session


class _StatsCollector:
    """mutmut's stats hooks: a test's duration, and every mutated function it reached (recorded by the trampolines)."""

    def pytest_runtest_logstart(self, nodeid: str, location: Any) -> None:
        state().duration_by_test[nodeid] = 0

    def pytest_runtest_teardown(self, item: Any, nextitem: Any) -> None:
        for function in state()._stats:
            state().tests_by_mangled_function_name[function].add(item.nodeid)
        state()._stats.clear()

    def pytest_runtest_makereport(self, item: Any, call: Any) -> None:
        if call.when == "call":
            state().duration_by_test[item.nodeid] += call.duration


def _chunks(items: Sequence[Any]) -> list[list[Any]]:
    """Consecutive tests of one file, at most CHUNK at a time, in collection order."""
    chunks: list[list[Any]] = []
    for item in items:
        path = item.nodeid.partition("::")[0]
        last = chunks[-1] if chunks else None
        if last and len(last) < CHUNK and last[0].nodeid.partition("::")[0] == path:
            last.append(item)
        else:
            chunks.append([item])
    return chunks


def _send(descriptor: int, payload: dict[str, Any]) -> None:
    with os.fdopen(descriptor, "wb") as stream:
        pickle.dump(payload, stream)


def _receive(descriptor: int) -> dict[str, Any] | None:
    with os.fdopen(descriptor, "rb") as stream:
        try:
            return pickle.load(stream)
        except Exception:
            return None


@contextlib.contextmanager
def _working_directory(path: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


@contextlib.contextmanager
def _stdout(stream: Any) -> Iterator[None]:
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = stream
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def install() -> None:
    """Make `mutmut run` test mutants through one session: mutmut's loop, timeouts and result files stay its own."""
    import _pytest.config
    import mutmut.__main__ as mutmut_main
    from mutmut.configuration import config
    from mutmut.workers import isolation

    if not (hasattr(isolation, "ForkRunner") and hasattr(mutmut_main, "get_mutant_runner")
            and hasattr(_pytest.config, "_prepareconfig")):
        raise SystemExit(
            "verifuzz: the session runner needs mutmut 3.8's runner API and pytest's _prepareconfig, which this "
            'installation lacks; set runner = "mutmut" under [tests] in mutation.toml'
        )

    def get_mutant_runner(max_workers: int = 1) -> Any:
        runner = SessionRunner(max_workers)
        return isolation.ForkRunner(max_workers=max_workers, test_runner=runner, debug=config().debug)

    mutmut_main.get_mutant_runner = get_mutant_runner
