"""mutmut's test runner on one pytest session: the tests are collected once and every run forks from there.

mutmut 3 starts pytest afresh for each mutant (`pytest.main` with the node ids of the tests that
reach its function): parsing options and resolving hundreds of node ids cost more than the test that
kills the mutant. Here mutmut's process collects the selected tests once; the stats run (split over
the workers), the forced-failure run and every mutant run those items in a forked child, and a
mutant runs only the tests that executed the statement it changes (statements.py), likeliest killer
first as judged from the earlier mutants' kill records (kill_records.py).

The gate loads this file by its path inside the scratch copy, never as `verifuzz.mutation...`:
importing the verifuzz package there would bind the unmutated code before mutmut puts the mutants
first on `sys.path`. So it imports only the standard library, pytest and mutmut.
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import pickle
import struct
import sys
import time
import traceback
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterator, Sequence

import pytest
from mutmut.runners.harness import PytestRunner
from mutmut.state import state

if __package__:  # imported as verifuzz.mutation.pytest_session (the report, the tests)
    from verifuzz.mutation import kill_records, statements
else:  # loaded by path in mutmut's process: its siblings too, for the reason above

    def _sibling(name: str) -> Any:
        spec = importlib.util.spec_from_file_location(f"verifuzz_{name}", Path(__file__).with_name(f"{name}.py"))
        assert spec is not None and spec.loader is not None
        module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    kill_records, statements = _sibling("kill_records"), _sibling("statements")

# Which tests a mutant runs: "statement", those that ran the statement it changes (statements.py);
# "function", every test that called its function, as mutmut chooses them.
SELECT_VARIABLE = "VERIFUZZ_SESSION_SELECT"
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


class SessionRunner(PytestRunner):
    """mutmut's test runner over one collected pytest session; its argument handling and test listing stay mutmut's."""

    def __init__(self, workers: int = 1) -> None:
        super().__init__()
        self.workers = max(1, workers)
        self.root = Path.cwd()
        self.kills = self.root / "mutants" / kill_records.KILLS
        self._tally = kill_records.Tally()
        self._names: list[str] = []
        self._sink = _Sink()
        self._config: Any = None
        self._session: Any = None
        self._items: dict[str, Any] = {}
        self._positions: dict[str, int] = {}
        self._collection_hits: set[str] = set()
        self._stats_passed = False
        self.by_statement = os.environ.get(SELECT_VARIABLE, "statement") == "statement"
        # Mutant id -> positions of the tests that ran its changed statement; absent or None: its function's tests.
        self._selected: dict[str, set[int] | None] = {}

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
            function = kill_records.function_of(mutant_name)
            tests = self._narrowed(mutant_name, list(tests))
            order = kill_records.likeliest_first(tests, function, self._tally, state().duration_by_test)
            items = [self._items[test] for test in order]
        except Exception:  # a fault here is ours, not the mutant's: never count it as a kill
            return RUNNER_FAULT
        started = time.perf_counter()
        code, killer, passed = self._run_items(items)
        with contextlib.suppress(OSError):
            positions = [self._positions[item.nodeid] for item in passed]
            kill_records.record_kill(self.kills, mutant_name, killer, positions, len(items), time.perf_counter() - started)
        with contextlib.suppress(Exception):
            self._session._setupstate.teardown_exact(None)
        return code

    def _narrowed(self, mutant_name: str, tests: list[str]) -> list[str]:
        """Of the function's tests, those that ran the changed statement; all of them when that leaves none."""
        chosen = self._selected.get(mutant_name)
        if chosen is None:
            return tests
        # When no test executed the statement, keep mutmut's list rather than give the mutant up: it costs
        # time only for mutants that survive anyway, unless another test's leftover state reaches them.
        return [test for test in tests if self._positions.get(test) in chosen] or tests

    def learn(self) -> None:
        """Count the kill records written since the last call; mutmut's process calls it before each fork."""
        if self._names:
            self._tally.learn(self.kills, self._names)

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
        self._names = [item.nodeid for item in session.items]
        self._positions = {name: position for position, name in enumerate(self._names)}
        return 0

    def _run_items(self, items: Sequence[Any]) -> tuple[int, str | None, list[Any]]:
        """Run `items` as pytest's own loop does, stopping at the first failure: (exit code, failing test, tests passed)."""
        session = self._session
        passed: list[Any] = []
        try:
            with _working_directory(self.root / "mutants"):
                for index, item in enumerate(items):
                    following = items[index + 1] if index + 1 < len(items) else None
                    item.config.hook.pytest_runtest_protocol(item=item, nextitem=following)
                    if session.testsfailed:
                        return int(pytest.ExitCode.TESTS_FAILED), item.nodeid, passed
                    passed.append(item)
                    if session.shouldstop:
                        return int(pytest.ExitCode.INTERRUPTED), None, passed
        except (KeyboardInterrupt, pytest.exit.Exception):
            return int(pytest.ExitCode.INTERRUPTED), None, passed
        except BaseException:  # pytest.main reports an escaped exception as an internal error too
            return int(pytest.ExitCode.INTERNAL_ERROR), None, passed
        return int(pytest.ExitCode.OK if items else pytest.ExitCode.NO_TESTS_COLLECTED), None, passed

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
        spans = self._mutant_spans() if self.by_statement else {}  # meanwhile, here in the parent
        lines: dict[str, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
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
            for module, by_line in result.get("lines", {}).items():
                for line, positions in by_line.items():
                    lines[module][line].update(positions)
        self._selected = {
            mutant: None if owned is None else statements.selected_tests(owned, lines.get(mutant.rpartition(".")[0], {}))
            for mutant, owned in spans.items()
        }
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
        files = self._generated_files() if self.by_statement else {}
        coverage = _line_coverage(list(files)) if files else None
        self._config.pluginmanager.register(_StatsCollector(coverage), "verifuzz-stats")
        code = int(pytest.ExitCode.OK)
        if coverage is not None:
            coverage.start()
        try:
            while code == 0:
                index = os.read(queue, 4)
                if len(index) < 4:
                    break
                code, _, _ = self._run_items(chunks[struct.unpack("!I", index)[0]])
        finally:
            if coverage is not None:
                coverage.stop()
        self._finish(code)
        return {
            "exit": code,
            "output": output.getvalue(),
            "tests": {key: sorted(value) for key, value in state().tests_by_mangled_function_name.items()},
            "durations": dict(state().duration_by_test),
            "callers": {key: sorted(value) for key, value in state().function_dependencies.items()},
            "lines": self._lines_by_module(coverage, files) if coverage is not None else {},
        }

    def _generated_files(self) -> dict[str, str]:
        """mutmut's generated file of each mutated module, by absolute path: {path: module name}."""
        from mutmut.utils.file_utils import walk_mutatable_files

        found = {}
        for path in walk_mutatable_files():
            module = str(path.with_suffix("")).replace(os.sep, ".").removeprefix("src.").removesuffix(".__init__")
            found[str((self.root / "mutants" / path).resolve())] = module
        return found

    def _mutant_spans(self) -> dict[str, list[tuple[int, int]] | None]:
        """Mutant id -> the statement spans it changes, for every generated file."""
        spans: dict[str, list[tuple[int, int]] | None] = {}
        for path, module in self._generated_files().items():
            try:
                found = statements.mutant_spans(Path(path).read_text(encoding="utf-8"))
            except (OSError, SyntaxError, ValueError):
                continue  # its mutants keep their function's tests
            spans.update({f"{module}.{name}": owned for name, owned in found.items()})
        return spans

    def _lines_by_module(self, coverage: Any, files: dict[str, str]) -> dict[str, dict[int, list[int]]]:
        """module -> line -> positions of the tests that executed it, from coverage's per-test contexts."""
        data = coverage.get_data()
        found: dict[str, dict[int, list[int]]] = {}
        for measured in data.measured_files():
            module = files.get(str(Path(measured).resolve()))
            if module is None:
                continue
            by_line = {}
            for line, contexts in data.contexts_by_lineno(measured).items():
                positions = [self._positions[name] for name in contexts if name in self._positions]
                if positions:
                    by_line[line] = positions
            found[module] = by_line
        return found

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


def _line_coverage(files: list[str]) -> Any:
    """coverage.py measuring only the generated files, lines credited to the running test (its dynamic context)."""
    import coverage

    return coverage.Coverage(data_file=None, include=files, config_file=False, branch=False)


class _StatsCollector:
    """mutmut's stats hooks (a test's duration, every mutated function it reached), and the test's name for coverage."""

    def __init__(self, coverage: Any = None) -> None:
        self.coverage = coverage

    def pytest_runtest_logstart(self, nodeid: str, location: Any) -> None:
        state().duration_by_test[nodeid] = 0
        if self.coverage is not None:
            self.coverage.switch_context(nodeid)

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

    class LearningForkRunner(isolation.ForkRunner):  # type: ignore[misc, valid-type]
        """mutmut's fork-per-mutant runner, reading the kill records before each fork so the child inherits them."""

        def submit(self, mutant_name: str, tests: list[str], cpu_time_limit: int, estimated_time: float) -> None:
            self.test_runner.learn()
            super().submit(mutant_name, tests, cpu_time_limit, estimated_time)

    def get_mutant_runner(max_workers: int = 1) -> Any:
        runner = SessionRunner(max_workers)
        return LearningForkRunner(max_workers=max_workers, test_runner=runner, debug=config().debug)

    mutmut_main.get_mutant_runner = get_mutant_runner
