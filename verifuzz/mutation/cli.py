"""`verifuzz mutate`: the mutation gate. Exit 0 when it passes, 1 when it fails, 2 when mutation.toml is wrong.

The gate runs mutmut 3 in a scratch copy, trusts the result only when mutmut's data files show that
its clean and forced-failure runs passed, and scores mutants from mutmut's per-mutant results itself.
"""
from __future__ import annotations

import argparse
import dataclasses
import importlib.metadata
import sys
import time
from pathlib import Path
from typing import Any

from verifuzz.properties.registry import UsageError

from verifuzz.mutation import changed, foreign_gate, trust
from verifuzz.mutation.config import (
    CONFIG_NAME, NAMESPACED, MutationConfig, MutationConfigError, installed_path, load, module_name,
    refuse_competing_settings,
)
from verifuzz.mutation.outcomes import Outcome
from verifuzz.mutation.report import (
    Timing,
    gate_report,
    notes,
    plural,
    schema_report,
    show,
    survivors,
    tables,
    timing_line,
    write_json,
)
from verifuzz.mutation.progress import Progress
from verifuzz.mutation.results import chosen_by, read_mutants
from verifuzz.mutation.run import Scratch, run_mutmut
from verifuzz.mutation.score import Scorecard, display_score, import_graph, score


PASSED, FAILED, CONFIG_ERROR = 0, 1, 2


def add_parser(commands: Any) -> None:
    """Register `mutate` on the `verifuzz` subcommand parser."""
    command = commands.add_parser(
        "mutate",
        help="run the mutation gate configured in mutation.toml",
        description="Run mutmut 3 over the configured verifiers in a scratch copy and gate on the scores. "
        "Exit 0 when the gate passes, 1 when it fails, 2 when mutation.toml needs fixing.",
    )
    command.add_argument("--config", help=f"the gate's settings (default: ./{CONFIG_NAME}; with --verifier, "
                         "only its [gate], [budget], [tests] speed settings and foreign.* equivalents apply, "
                         "and without it the defaults do)")
    command.add_argument(
        "--mutant",
        action="append",
        default=[],
        metavar="ID",
        help="test only this mutant (id or glob; repeatable); passes only if each one is killed",
    )
    command.add_argument("--show", metavar="ID", help="print one mutant's diff from the last report, then exit")
    command.add_argument("--jobs", type=int, help="workers, overriding budget.jobs")
    command.add_argument("--budget", type=float, metavar="SECONDS", help="time budget, overriding budget.seconds")
    command.add_argument(
        "--keep", action="store_true", help="keep the scratch copy (path printed) for `mutmut show` or `mutmut browse`"
    )
    foreign = command.add_argument_group(
        "a verifier verifuzz did not write (docs/mutation-gate.md, 'Any verifier')")
    foreign.add_argument("--verifier", metavar="PATH", help="mutate this verify.py instead of the configured verifiers")
    foreign.add_argument("--task-name", help="task_name the script expects (default: the folder above its tests/)")
    foreign.add_argument("--arg", action="append", default=[], metavar="NAME=VALUE",
                         help="extra flag passed to the script, e.g. --arg skill-file=/path/SKILL.md")
    foreign.add_argument("--tests", action="append", default=[], metavar="PATH",
                         help="your own tests of the script (file or folder, repeatable); scored alone and with the promises")
    foreign.add_argument("--examples", type=int, default=3, metavar="N",
                         help="examples per promise in the difference check, as in `verifuzz diff` (default 3)")
    foreign.add_argument("--seed", type=int, default=0, help="seed of the difference check's examples (default 0)")
    foreign.add_argument("--quiet", action="store_true", help="no progress line per promise on the unmutated script")
    command.add_argument("--changed-since", metavar="REV",
                         help="test only the mutants of functions changed since git revision REV (a pull request's base)")
    command.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    started = time.monotonic()
    if args.mutant and args.changed_since:
        raise UsageError("--mutant and --changed-since each choose the mutants to test; give one of them")
    if args.verifier is not None:
        return _foreign(args, started)
    # `verifiers.text.*` as people write it from the folder names; mutmut's ids carry the installed name.
    args.mutant = [f"verifuzz.{m}" if m.split(".", 1)[0] in NAMESPACED else m for m in args.mutant]
    if args.tests or args.arg or args.task_name:
        raise UsageError("--tests, --arg and --task-name describe a script given with --verifier PATH")
    try:
        config = load(args.config or CONFIG_NAME)
        refuse_competing_settings(config.root)
        if args.jobs is not None and args.jobs < 1:
            raise MutationConfigError("", f"--jobs must be at least 1, not {args.jobs}")
        if args.budget is not None:
            if args.budget <= 0:
                raise MutationConfigError("", f"--budget must be a positive number of seconds, not {args.budget}")
            config = dataclasses.replace(config, budget_seconds=args.budget)
    except MutationConfigError as error:
        print(f"verifuzz mutate: {error}", file=sys.stderr)
        return CONFIG_ERROR
    if args.show:
        status, text = show(config.root / config.report_json, args.show)
        print(text, file=sys.stdout if status == 0 else sys.stderr)
        return status
    changed_only: list[str] = []
    if args.changed_since:
        changed_only = _changed_patterns(config, args.changed_since)
        if not changed_only:
            print(f"verifuzz mutate: no mutated function changed since {args.changed_since}; nothing to test")
            return PASSED
    workers = args.jobs or config.worker_count()
    print(_header(config, workers, args.mutant), flush=True)
    if changed_only:
        print(f"only the mutants of {plural(len(changed_only), 'function')} changed since {args.changed_since}: "
              + ", ".join(pattern.removesuffix("__mutmut_*") for pattern in changed_only), flush=True)
    try:
        return _gate(args, config, workers, started, changed_only)
    except KeyboardInterrupt:
        print("\nverifuzz mutate: interrupted; mutmut and its workers were stopped", file=sys.stderr)
        return 130


def _foreign(args: argparse.Namespace, started: float) -> int:
    """The gate for a script given with --verifier (verifuzz/mutation/foreign_gate.py)."""
    if args.show:
        status, text = show(Path(foreign_gate.REPORT), args.show)
        print(text, file=sys.stdout if status == 0 else sys.stderr)
        return status
    try:
        if args.jobs is not None and args.jobs < 1:
            raise MutationConfigError("", f"--jobs must be at least 1, not {args.jobs}")
        if args.budget is not None and args.budget <= 0:
            raise MutationConfigError("", f"--budget must be a positive number of seconds, not {args.budget}")
        return foreign_gate.run(args, started)
    except MutationConfigError as error:
        print(f"verifuzz mutate: {error}", file=sys.stderr)
        return CONFIG_ERROR
    except KeyboardInterrupt:
        print("\nverifuzz mutate: interrupted; mutmut and its workers were stopped", file=sys.stderr)
        return 130


def _changed_patterns(config: MutationConfig, rev: str) -> list[str]:
    """mutmut id globs for every function of the mutated files that changed since `rev`."""
    found: list[str] = []
    for path in config.files:
        found += changed.patterns(module_name(path), changed.changed_functions(config.root / path, rev))
    return found


def _gate(args: argparse.Namespace, config: MutationConfig, workers: int, started: float,
          changed_only: list[str] | None = None) -> int:
    patterns = [*args.mutant, *(changed_only or [])]
    with Scratch(config, keep=args.keep) as scratch:
        mutmut = run_mutmut(
            scratch,
            patterns=patterns,
            jobs=workers,
            deadline=started + config.budget_seconds,
            progress=Progress(sys.stderr, started),
        )
        problems = trust.problems(mutmut, scratch, patterns)
        card = None
        sources = {path: (scratch.project / installed_path(path)).read_text(encoding="utf-8") for path in config.files}
        if mutmut.reached_mutants and not mutmut.record.unreadable:
            mutants = read_mutants(scratch.project, config.files)
            scoring = config
            if args.mutant:
                # A focused run passes only if every chosen mutant dies; reviews of others are not its business.
                mutants = [m for m in mutants if chosen_by(m.id, args.mutant)]
                equivalents = tuple(e for e in config.equivalents if chosen_by(e.mutant, args.mutant))
                scoring = dataclasses.replace(config, min_score=100.0, module_scores={}, equivalents=equivalents)
            elif changed_only:
                # The changed functions' mutants, at the usual thresholds; reviews of unchanged ones stay out.
                mutants = [m for m in mutants if chosen_by(m.id, changed_only)]
                equivalents = tuple(e for e in config.equivalents if chosen_by(e.mutant, changed_only))
                scoring = dataclasses.replace(config, equivalents=equivalents)
            card = score(mutants, scoring, import_graph(scratch.project, config.files))
        if args.keep:
            print(f"scratch copy kept at {scratch.project} (mutmut output: {mutmut.log})")
    passed = card is not None and card.passed and not problems
    timing = Timing(
        wall_seconds=time.monotonic() - started,
        budget_seconds=config.budget_seconds,
        mutation_seconds=mutmut.mutation_seconds,
        mutants_tested=_tested(card),
        workers=workers,
        phases=mutmut.phases,
    )
    _print_results(card, problems, timing, passed)
    if changed_only:
        print(f"(only functions changed since {args.changed_since}: {plural(len(changed_only), 'function')})")
    _write_reports(card, config, sources, timing, problems, passed, partial=bool(args.mutant),
                   changed_since=args.changed_since if changed_only else None)
    return PASSED if passed else FAILED


def _header(config: MutationConfig, workers: int, patterns: list[str]) -> str:
    selection = " ".join(config.test_paths) + (f" -m {config.markers!r}" if config.markers else "")
    focus = f", only mutants matching {' '.join(patterns)}" if patterns else ""
    return (
        f"verifuzz mutate: {plural(len(config.files), 'file')} from {config.root / CONFIG_NAME}; tests: {selection}; "
        f"{workers} workers; budget {config.budget_seconds:.0f}s{focus}"
    )


def _tested(card: Scorecard | None) -> int:
    if card is None:
        return 0
    idle = {Outcome.NOT_EXERCISED, Outcome.NOT_RUN}
    return sum(1 for mutant in card.mutants if mutant.outcome not in idle)


def _print_results(card: Scorecard | None, problems: list[str], timing: Timing, passed: bool) -> None:
    sections = []
    if card is not None:
        sections += [tables(card), survivors(card)]
        if notes(card):
            sections.append(notes(card))
    if problems:
        sections.append("\n".join(f"problem: {problem}" for problem in problems))
    sections.append(timing_line(timing))
    if passed:
        sections.append("mutation gate PASSED")
    else:
        reasons = []
        if card is not None:
            reasons += [f"{m.module} {display_score(m.tally.score)} < {m.threshold:.1f}%" for m in card.modules if not m.passed]
            reasons += [f"{len(card.stale)} stale equivalent entries"] if card.stale else []
        reasons += [f"{len(problems)} problem(s) above"] if problems else []
        sections.append("mutation gate FAILED: " + "; ".join(reasons))
    print("\n\n".join(sections), flush=True)


def _write_reports(
    card: Scorecard | None,
    config: MutationConfig,
    sources: dict[str, str],
    timing: Timing,
    problems: list[str],
    passed: bool,
    partial: bool,
    changed_since: str | None = None,
) -> None:
    """Write both reports; a focused run (--mutant) writes none, so the full run's report stays for --show."""
    if partial:
        return
    version = importlib.metadata.version("mutmut")
    target = config.root / config.report_json
    report = gate_report(card, config, timing, problems, passed, version)
    if changed_since:
        report["changed_since"] = changed_since  # the scores cover only the functions changed since this revision
    write_json(target, report)
    written = [target]
    if card is not None and config.report_schema:
        schema_target = config.root / config.report_schema
        write_json(schema_target, schema_report(card, config, sources))
        written.append(schema_target)
    print("reports: " + ", ".join(str(path.relative_to(config.root)) for path in written))


def main(argv: list[str] | None = None) -> int:
    """Run the gate as `python -m verifuzz.mutation`, the same as `verifuzz mutate`."""
    parser = argparse.ArgumentParser(prog="verifuzz")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["mutate", *(sys.argv[1:] if argv is None else argv)])
    return int(args.handler(args))


if __name__ == "__main__":
    raise SystemExit(main())
