"""`verifuzz check`, `verifuzz audit` and `verifuzz replay`: run promises, report, save and replay counterexamples."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from properties import profiles
from properties.counterexamples import CounterexampleError, Saved, load, save
from properties.engine import HELD, VIOLATED, Result, applicable, check, context, recheck
from properties.registry import PROPERTIES, Context, UsageError
from properties.subjects import Command, InProcess, Subject
from verifuzz import report
from verifuzz.registry import TASKS_DIR, UnknownTask, task_names, task_spec

DEFAULT_COUNTEREXAMPLES = Path("verifuzz-counterexamples")


def add_common(command: argparse.ArgumentParser) -> None:
    command.add_argument("--profile", choices=profiles.PROFILES, help="Hypothesis profile (default: $VERIFUZZ_PROFILE, "
                         "else ci when $CI is set, else dev)")
    command.add_argument("--seed", type=int, help="seed for a reproducible run")
    command.add_argument("--promise", action="append", metavar="NAME", help="run only this promise (repeatable)")
    command.add_argument("--report", type=Path, metavar="FILE.json", help="write a machine-readable report")
    command.add_argument("--junit", type=Path, metavar="FILE.xml", help="write a JUnit XML report")
    command.add_argument("--counterexamples", type=Path, default=DEFAULT_COUNTEREXAMPLES, metavar="DIR",
                         help=f"where shrunk counterexamples are saved (default: {DEFAULT_COUNTEREXAMPLES})")
    command.add_argument("--quiet", action="store_true", help="no progress lines")


def run_check(args: argparse.Namespace) -> int:
    """Every applicable promise for each task against the shipped verifier or `--verifier`."""
    tasks = [_task_of(Path(d)) for d in args.task_dirs] or task_names()
    if args.verifier is not None:
        if len(tasks) != 1:
            raise UsageError("--verifier scores one task: name its task directory, e.g. "
                             "`verifuzz check tasks/narrative-agent-names --verifier path/to/verify.py`")
        if not args.verifier.is_file():
            raise UsageError(f"--verifier {args.verifier}: no such file")
    contexts = []
    for task in tasks:
        subject: Subject = InProcess(task_spec(task))
        if args.verifier is not None:
            subject = Command(args.verifier.resolve(), task, python=args.python, isolated=False)
        contexts.append(context(subject))
    return _run(args, contexts, {"command": "check", "tasks": tasks,
                                 "verifier": str(args.verifier) if args.verifier else "shipped"})


def run_audit(args: argparse.Namespace) -> int:
    """The generic promises against a verifier verifuzz knows nothing about, through its command line."""
    script: Path = args.script
    if not script.is_file():
        raise UsageError(f"{script}: no such file; give the path of the verifier script to audit")
    task = task_of_script(script, args.task_name)
    extra = extra_args(args.arg)
    subject = Command(script.resolve(), task, python=args.python, extra=extra, isolated=False)
    return _run(args, [context(subject, generic_only=True)], {"command": "audit", "tasks": [task], "verifier": str(script)})


def task_of_script(script: Path, task_name: str | None) -> str:
    """`task_name` when given, else the task folder a `<task>/tests/verify.py` sits in."""
    task = task_name or (script.resolve().parent.parent.name if script.resolve().parent.name == "tests" else None)
    if not task:
        raise UsageError("cannot tell the task name from the path; pass --task-name NAME "
                         "(the task_name the verifier expects in the snapshot)")
    return task


def extra_args(items: Sequence[str]) -> dict[str, str]:
    """`--arg NAME=VALUE` items as the flags they pass to the verifier."""
    extra = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise UsageError(f"--arg {item!r}: expected NAME=VALUE, e.g. --arg skill-file=/path/SKILL.md")
        extra["--" + name.lstrip("-")] = value
    return extra


def run_replay(args: argparse.Namespace) -> int:
    """Re-run one saved counterexample and show the verdict."""
    try:
        manifest, example = load(args.file)
    except CounterexampleError as error:
        raise UsageError(str(error)) from None
    name = manifest["promise"]
    if name not in PROPERTIES:
        raise UsageError(f"{args.file}: promise {name!r} is not registered in this verifuzz")
    task = manifest["task"]
    subject: Subject = (Command(args.verifier.resolve(), task, python=args.python, isolated=False)
                        if args.verifier else InProcess(task_spec(task)))
    ctx = context(subject)
    result = recheck(PROPERTIES[name], ctx, example)
    print(f"{task}: {name} — {PROPERTIES[name].promise}")
    print(f"example: {example.label}")
    print(f"verifier: {subject.label}")
    if result.outcome is not None:
        print(f"metrics: {result.outcome.metrics}")
        reason = result.outcome.details.get("reason") if isinstance(result.outcome.details, dict) else None
        if reason:
            print(f"reason: {reason}")
    print(f"verdict: {report.SYMBOL[result.status]}")
    if result.violation is not None:
        print(str(result.violation))
    return 1 if result.status == VIOLATED else 0


def _run(args: argparse.Namespace, contexts: Sequence[Context], meta: dict) -> int:
    profile = profiles.load(args.profile)
    plan = [(ctx, prop) for ctx in contexts for prop in _chosen(ctx, args.promise)]
    if not plan:
        raise UsageError("no promise applies; check --promise names with `verifuzz promises`")
    results: list[Result] = []
    saved: dict[int, Saved] = {}
    for index, (ctx, prop) in enumerate(plan, start=1):
        result = check(prop, ctx, seed=args.seed)
        results.append(result)
        if result.status == VIOLATED:
            saved[len(results) - 1] = save(result, ctx.subject, args.counterexamples)
        if not args.quiet:
            print(report.progress_line(index, len(plan), result), file=sys.stderr, flush=True)
    print(report.table(results))
    details = report.findings(results, saved)
    if details:
        print("\n" + details)
    counts = report.summary(results)
    print(f"\n{counts[HELD]} held, {counts['violated']} violated, {counts['error']} errors "
          f"(profile {profile}{'' if args.seed is None else f', seed {args.seed}'})")
    meta = {**meta, "profile": profile, "seed": args.seed}
    if args.report:
        report.write_json(args.report, report.to_json(results, saved, meta))
    if args.junit:
        report.write_junit(args.junit, results)
    return 0 if counts[HELD] == len(results) else 1


def _chosen(ctx: Context, names: list[str] | None) -> list:
    try:
        return applicable(ctx, names)
    except KeyError as error:
        raise UsageError(f"{error.args[0]}; list them with `verifuzz promises`") from None


def _task_of(directory: Path) -> str:
    if not directory.is_dir():
        raise UsageError(f"{directory}: not a task directory (expected something like {TASKS_DIR / task_names()[0]})")
    try:
        task_spec(directory.resolve().name)
    except UnknownTask as error:
        raise UsageError(f"{error}; for a verifier of another task use `verifuzz audit PATH/TO/verify.py`") from None
    return directory.resolve().name


def list_promises(args: argparse.Namespace) -> int:
    for prop in PROPERTIES.values():
        scope = "generic" if prop.generic else "task"
        print(f"{prop.name:<45} {scope:<8} {prop.promise}")
    return 0
