"""`verifuzz mutate --verifier PATH`: the mutation gate for a verify.py verifuzz did not write.

mutmut mutates the script (as `foreign.verify` in a scratch project) in up to three runs, each with
one kind of test: the promises the unmutated script keeps; then, on their survivors only, the
difference check (an example scored differently from the unmutated script); and the user's own
tests when `--tests` names them. A mutant's score in a combination is detected by any of its runs.
"""
from __future__ import annotations

import argparse
import dataclasses
import importlib.metadata
import os
import shutil
import sys
import tempfile
import time
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

from verifuzz import properties
from verifuzz.properties import profiles
from verifuzz.properties.engine import Result
from verifuzz.properties.registry import UsageError
from verifuzz.fuzzing import extra_args, task_of_script
from verifuzz.mutation import changed, trust
from verifuzz.mutation.config import MutationConfig, MutationConfigError, parse
from verifuzz.mutation.foreign import (
    DIFFERENCE_TESTS, PROMISE_TESTS, SCRIPT, USER_TESTS, Prepared, Reach, build, prepare, reach,
)
from verifuzz.mutation.foreign_suite import MODULE
from verifuzz.mutation.outcomes import MEANING
from verifuzz.mutation.progress import Progress
from verifuzz.mutation.report import Timing, gate_report, schema_report, survivors, tables, timing_line, write_json
from verifuzz.mutation.results import Mutant, chosen_by, read_mutants
from verifuzz.mutation.run import Scratch, run_mutmut
from verifuzz.mutation.score import Scorecard, Tally, display_score, score

PASSED, FAILED = 0, 1
DEFAULT_EXAMPLES = 3
DEFAULT_SEED = 0
REPORT = "reports/mutation-verifier.json"
SCHEMA_REPORT = "reports/mutation-verifier-testing-report.json"
# Without --config: the gate's own speed settings (mutation.toml explains each) and its threshold.
DEFAULTS: dict[str, Any] = {
    "tests": {"pytest_args": ["--assert=plain", "-p", "no:unraisableexception"],
              "plugins": ["_hypothesis_pytestplugin"], "hypothesis_profile": "mutation"},
    "gate": {"min_score": 95},
    "budget": {"seconds": 900},
}
# The tables of a project's mutation.toml that apply to a foreign script; the rest describe its own gate.
KEPT = ("gate", "budget", "tests", "equivalent")


def settings(config_path: str | None, project: Path) -> MutationConfig:
    """The gate's settings for the scratch project: thresholds, budget, pytest arguments and reviewed
    equivalents from `--config` (only its `foreign.*` entries), else the defaults."""
    data: dict[str, Any] = {key: dict(value) for key, value in DEFAULTS.items()}
    if config_path is not None:
        file = Path(config_path)
        if not file.is_file():
            raise MutationConfigError("", f"--config {file}: no such file")
        try:
            loaded = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise MutationConfigError("", f"{file} is not valid TOML ({error}); fix the syntax") from None
        data = {key: value for key, value in loaded.items() if key in KEPT}
        tests = data.get("tests", {})
        data["tests"] = {key: tests[key] for key in ("pytest_args", "plugins", "hypothesis_profile") if key in tests}
        gate = dict(data.get("gate", {}))
        gate["modules"] = {k: v for k, v in gate.get("modules", {}).items() if k.startswith("foreign.")}
        data["gate"] = gate
        data["equivalent"] = [e for e in data.get("equivalent", []) if str(e.get("mutant", "")).startswith("foreign.")]
    data["mutate"] = {"paths": [SCRIPT]}
    data["tests"]["paths"] = [PROMISE_TESTS]
    data["report"] = {"json": REPORT, "schema": SCHEMA_REPORT}
    return parse(data, project)


@dataclass
class Run:
    """One mutmut run with one kind of test: the mutants it tested, or the problems that stopped it."""

    name: str
    mutants: dict[str, Mutant]
    problems: list[str]
    seconds: float


def run(args: argparse.Namespace, started: float) -> int:
    """Check the arguments, prepare the scratch project, run mutmut and report; the exit status."""
    script = Path(args.verifier)
    if not script.is_file():
        raise UsageError(f"--verifier {script}: no such file; give the path of the verify.py to mutate")
    task = task_of_script(script, args.task_name)
    extra = extra_args(args.arg)
    tests = [Path(path) for path in args.tests]
    for path in tests:
        if not path.exists():
            raise UsageError(f"--tests {path}: no such file or directory")
    if args.examples < 1:
        raise UsageError(f"--examples {args.examples}: give at least 1 example per promise")
    base = Path(tempfile.mkdtemp(prefix="verifuzz-foreign-"))
    project = base / "project"
    try:
        build(project, script, tests)
        config = settings(args.config, project)
        if args.budget is not None:
            config = dataclasses.replace(config, budget_seconds=args.budget)
        patterns = list(args.mutant)
        focus = ""
        if args.changed_since:
            functions = changed.changed_functions(script, args.changed_since)
            if not functions:
                print(f"verifuzz mutate: no function of {script} changed since {args.changed_since}; nothing to test")
                return PASSED
            patterns += changed.patterns(MODULE, functions)
            focus = (f"only the {len(functions)} functions changed since {args.changed_since}: "
                     + ", ".join(f.name for f in functions))
        return _gate(args, config, script, task, extra, tests, patterns, focus, started)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
        else:
            print(f"scratch project kept at {project}")


def _gate(args: argparse.Namespace, config: MutationConfig, script: Path, task: str, extra: dict[str, str],
          tests: list[Path], patterns: list[str], focus: str, started: float) -> int:
    workers = args.jobs or config.worker_count()
    seen = reach(script.read_text(encoding="utf-8"))
    print(_header(script, task, seen, workers, config, focus), flush=True)
    profiles.load(config.hypothesis_profile)
    prepared = prepare(config.root, task, extra, args.examples, args.seed,
                       progress=None if args.quiet else _progress)
    print(_broken(prepared), flush=True)
    deadline = started + config.budget_seconds
    runs: list[Run] = []
    with _importable():
        promises = None
        if prepared.settings.held:
            promises = _mutmut("promises", config, [PROMISE_TESTS], patterns, workers, deadline, args.keep)
            runs.append(promises)
        survivors_ = _undetected(promises)
        if survivors_ is None or survivors_:
            runs.append(_mutmut("differences", config, [DIFFERENCE_TESTS], survivors_ or patterns, workers,
                                deadline, args.keep))
        if tests:
            # Named one by one, so pytest collects them whatever their file names.
            named = [f"{USER_TESTS}/{path.name}" for path in tests]
            runs.append(_mutmut("your tests", config, named, patterns, workers, deadline, args.keep))
    problems = [f"{r.name}: {problem}" for r in runs for problem in r.problems]
    every = _every_mutant(runs)
    cards = _cards(every, runs, config, bool(tests))
    gate = cards["gate"]
    passed = gate is not None and gate.passed and not problems
    timing = Timing(time.monotonic() - started, config.budget_seconds, None, sum(len(r.mutants) for r in runs), workers)
    seconds = {r.name: round(r.seconds, 1) for r in runs}
    _print(cards, prepared, problems, timing, seconds, passed, bool(tests), focus)
    _write(cards, config, script, task, seen, prepared, timing, seconds, problems, passed, focus, args)
    return PASSED if passed else FAILED


def _progress(index: int, total: int, result: Result) -> None:
    print(f"[{index}/{total}] unmutated script: {result.prop.name} {result.status}", file=sys.stderr, flush=True)


@contextmanager
def _importable() -> Iterator[None]:
    """mutmut's test runs import verifuzz's own packages from here, whatever the current directory holds."""
    root = str(Path(properties.__file__).resolve().parent.parent)
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = root + (os.pathsep + before if before else "")
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = before


def _mutmut(name: str, config: MutationConfig, tests: list[str], patterns: Sequence[str], workers: int,
            deadline: float, keep: bool) -> Run:
    """One mutmut run of the scratch project with `tests`; the chosen mutants with their results."""
    print(f"mutmut run with {name}" + (f" ({len(patterns)} mutant patterns)" if patterns else ""), flush=True)
    chosen = dataclasses.replace(config, test_paths=tuple(tests))
    began = time.monotonic()
    with Scratch(chosen, keep=keep) as scratch:
        mutmut = run_mutmut(scratch, patterns=patterns, jobs=workers, deadline=deadline,
                            progress=Progress(sys.stderr, began))
        problems = trust.problems(mutmut, scratch, patterns)
        mutants: dict[str, Mutant] = {}
        if mutmut.reached_mutants and not mutmut.record.unreadable:
            mutants = {m.id: m for m in read_mutants(scratch.project, chosen.files)
                       if not patterns or chosen_by(m.id, patterns)}
        if keep:
            print(f"mutmut's scratch copy for {name} kept at {scratch.project}")
    return Run(name, mutants, problems, time.monotonic() - began)


def _undetected(promises: Run | None) -> list[str] | None:
    """The ids the promises left alive, for the difference run; None when no promise run happened."""
    if promises is None or not promises.mutants:
        return None
    return [m.id for m in promises.mutants.values() if not MEANING[m.outcome].detected]


def _every_mutant(runs: list[Run]) -> list[Mutant]:
    """Every mutant any run saw, in file and id order, as first seen (the promise run sees them all)."""
    seen: dict[str, Mutant] = {}
    for r in runs:
        for mutant_id, mutant in r.mutants.items():
            seen.setdefault(mutant_id, mutant)
    return list(seen.values())


def _combined(every: list[Mutant], runs: list[Run], names: Sequence[str]) -> list[Mutant]:
    """Each mutant as the named runs together judge it: detected if any of them detected it, else not exercised
    unless one of them ran it."""
    result = []
    chosen = [r for r in runs if r.name in names]
    for mutant in every:
        verdicts = [r.mutants[mutant.id] for r in chosen if mutant.id in r.mutants]
        killer = next((m for m in verdicts if MEANING[m.outcome].detected), None)
        if killer is not None:
            result.append(dataclasses.replace(mutant, status=killer.status, tests=killer.tests))
        elif verdicts:
            result.append(dataclasses.replace(mutant, status=verdicts[0].status, tests=verdicts[0].tests))
        else:
            result.append(dataclasses.replace(mutant, status="no tests", tests=()))
    return result


def _cards(every: list[Mutant], runs: list[Run], config: MutationConfig, with_tests: bool) -> dict[str, Scorecard | None]:
    if not every:
        return {"gate": None, "promises": None, "difference": None, "tests": None}
    cards: dict[str, Scorecard | None] = {
        "promises": score(_combined(every, runs, ["promises"]), config),
        "difference": score(_combined(every, runs, ["promises", "differences"]), config),
        "tests": score(_combined(every, runs, ["your tests"]), config) if with_tests else None,
    }
    cards["gate"] = score(_combined(every, runs, ["promises", "your tests"]), config) if with_tests else cards["promises"]
    return cards


def _tally(card: Scorecard | None) -> Tally | None:
    return card.modules[0].tally if card is not None and card.modules else None


def _figure(card: Scorecard | None) -> str:
    tally = _tally(card)
    if tally is None:
        return "-"
    return f"{tally.detected}/{tally.scored} ({display_score(tally.score)})"


def _header(script: Path, task: str, seen: Reach, workers: int, config: MutationConfig, focus: str) -> str:
    lines = [
        f"verifuzz mutate --verifier {script}: task {task}; mutated as {MODULE}; {workers} workers; "
        f"budget {config.budget_seconds:.0f}s; min score {config.min_score:.0f}%",
        f"{seen.unmutatable} of {seen.code_lines} code lines sit outside any function mutmut mutates "
        f"({seen.outside} at module level or in class bodies, {seen.decorated} in decorated functions); "
        "no mutant can touch them",
    ]
    if focus:
        lines.append(focus)
    return "\n".join(lines)


def _broken(prepared: Prepared) -> str:
    held = len(prepared.settings.held)
    lines = [f"promises on the unmutated script: {held} of {len(prepared.results)} hold; only those run on mutants"]
    for result in prepared.broken:
        why = result.violation.title if result.violation else (result.error or result.status)
        lines.append(f"  broken already, cannot kill a mutant: {result.prop.name}: {why}")
    return "\n".join(lines)


def score_line(cards: dict[str, Scorecard | None], with_tests: bool) -> str:
    """Both scores, and with --tests the three-way comparison on one line."""
    lines = [f"killed by promises: {_figure(cards['promises'])}; "
             f"killed by any observable difference: {_figure(cards['difference'])}"]
    if with_tests:
        lines.append(f"your tests alone {_figure(cards['tests'])} | promises alone {_figure(cards['promises'])} | "
                     f"both together {_figure(cards['gate'])}")
    return "\n".join(lines)


def _print(cards: dict[str, Scorecard | None], prepared: Prepared, problems: list[str], timing: Timing,
           seconds: dict[str, float], passed: bool, with_tests: bool, focus: str) -> None:
    gate = cards["gate"]
    sections = []
    if gate is not None:
        sections += [tables(gate), survivors(gate)]
    sections.append(score_line(cards, with_tests))
    if focus:
        sections.append(focus)
    if problems:
        sections.append("\n".join(f"problem: {problem}" for problem in problems))
    runs = ", ".join(f"{name} {took:.1f}s" for name, took in seconds.items())
    sections.append(timing_line(timing) + (f"; mutmut runs: {runs}" if runs else ""))
    what = "promises and your tests" if with_tests else "promises"
    if passed:
        sections.append(f"mutation gate PASSED (killed by {what})")
    else:
        reasons = [f"{m.module} {display_score(m.tally.score)} < {m.threshold:.1f}%"
                   for m in (gate.modules if gate else ()) if not m.passed]
        reasons += [f"{len(gate.stale)} stale equivalent entries"] if gate and gate.stale else []
        reasons += [f"{len(problems)} problem(s) above"] if problems else []
        sections.append(f"mutation gate FAILED (killed by {what}): " + "; ".join(reasons))
    print("\n\n".join(sections), flush=True)


def _write(cards: dict[str, Scorecard | None], config: MutationConfig, script: Path, task: str, seen: Reach,
           prepared: Prepared, timing: Timing, seconds: dict[str, float], problems: list[str], passed: bool,
           focus: str, args: argparse.Namespace) -> None:
    """verifuzz's report with a `verifier` section, and the open-schema report, under the current directory."""
    gate = cards["gate"]
    report = gate_report(gate, config, timing, problems, passed, importlib.metadata.version("mutmut"))
    report["verifier"] = {
        "script": str(script),
        "task": task,
        "module": MODULE,
        "code_lines": seen.code_lines,
        "unmutatable_lines": {"outside_functions": seen.outside, "decorated_functions": seen.decorated},
        "promises_held": list(prepared.settings.held),
        "promises_broken": [{"promise": r.prop.name, "status": r.status,
                             "why": r.violation.title if r.violation else r.error} for r in prepared.broken],
        "examples_per_promise": prepared.settings.examples,
        "seed": prepared.settings.seed,
        "changed_since": args.changed_since,
        "focus": focus or None,
        "scores": {name: _tally_json(card) for name, card in cards.items() if name != "gate" and card is not None},
        "gate_counts": "promises and your tests" if args.tests else "promises",
        "run_seconds": seconds,
    }
    target = Path(REPORT)
    write_json(target, report)
    written = [str(target)]
    if gate is not None:
        source = (config.root / SCRIPT).read_text(encoding="utf-8")
        write_json(Path(SCHEMA_REPORT), schema_report(gate, config, {SCRIPT: source}))
        written.append(SCHEMA_REPORT)
    print("reports: " + ", ".join(written))


def _tally_json(card: Scorecard) -> dict[str, Any]:
    tally = _tally(card)
    assert tally is not None
    return {"detected": tally.detected, "scored": tally.scored, "total": tally.total,
            "score": round(tally.score, 3) if tally.score is not None else None}

