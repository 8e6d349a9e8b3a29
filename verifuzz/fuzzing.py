"""`verifuzz check`, `verifuzz audit` and `verifuzz replay`: run promises, report, save and replay counterexamples."""
from __future__ import annotations

import argparse
import dataclasses
import tomllib
import multiprocessing
import multiprocessing.connection
import os
import shutil
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from verifuzz.properties import database, profiles
from verifuzz.properties.counterexamples import CounterexampleError, Saved, load, save
from verifuzz.properties.engine import ERROR, HELD, VACUOUS, VIOLATED, Result, applicable, check, context, recheck, subject_for
from verifuzz.properties.example import load_json
from verifuzz.properties.layout import JSON, OUTPUTS, TemplateError
from verifuzz.properties.registry import PROPERTIES, Context, UsageError
from verifuzz.properties.runners import MODES, RunnerError
from verifuzz.properties.subjects import Command, InProcess, Subject, cleanup
from verifuzz.strategies.recorded import trial_from_snapshot
from verifuzz import findings, report, shards
from verifuzz.baseline import against
from verifuzz.strategies.tasks import TASKS_DIR, UnknownTask, for_task, task_names

DEFAULT_COUNTEREXAMPLES = Path("verifuzz-counterexamples")
STRICTNESS = {"schema": ("schema",), "read": ("read",), "both": ("schema", "read")}


def add_common(command: argparse.ArgumentParser) -> None:
    command.add_argument("--profile", choices=profiles.PROFILES, help="Hypothesis profile (default: $VERIFUZZ_PROFILE, "
                         "else ci when $CI is set, else dev)")
    command.add_argument("--seed", type=int, help="seed for a reproducible run")
    command.add_argument("--promise", action="append", metavar="NAME", help="run only this promise (repeatable)")
    command.add_argument("--report", type=Path, metavar="FILE.json", help="write a machine-readable report")
    command.add_argument("--junit", type=Path, metavar="FILE.xml", help="write a JUnit XML report")
    command.add_argument("--counterexamples", type=Path, default=DEFAULT_COUNTEREXAMPLES, metavar="DIR",
                         help=f"where shrunk counterexamples are saved (default: {DEFAULT_COUNTEREXAMPLES})")
    command.add_argument("--jobs", type=int, default=1, metavar="N",
                         help="run promises in N worker processes (default 1; 0: one per core)")
    command.add_argument("--quiet", action="store_true", help="no progress lines")
    command.add_argument("--database", metavar="WHERE",
                         help=f"Hypothesis' example database, replayed first and added to: {database.SPECS}; "
                              "the ci and mutation profiles are deterministic and keep none, nor does a run with --seed")
    command.add_argument("--shard", type=shards.parse, metavar="K/N",
                         help="run only job K's share of N: a deterministic, cost-balanced share of (task × promise), "
                              "so N jobs cover each exactly once; join their --report files with `verifuzz merge`")


def add_foreign(command: argparse.ArgumentParser, python_help: str, strictness: bool = True) -> None:
    """Options for a verifier run through its command line (docs/auditing.md); `strictness` for the commands that run
    the malformed-evidence promises."""
    command.add_argument("--python", help=python_help)
    command.add_argument("--arg", action="append", default=[], metavar="NAME=VALUE",
                         help="extra input passed to the verifier as --NAME VALUE (a file is copied into the run's "
                              "layout), e.g. --arg skill-file=/path/SKILL.md; in --command it is {NAME}")
    command.add_argument("--command", dest="template", metavar="TEMPLATE",
                         help="the verifier's command line with placeholders {python} {script} {evidence} {reward} "
                              "{details} {output_dir} and {NAME} per --arg (default: "
                              "'{python} {script} --evidence {evidence} --reward {reward} --details {details}')")
    command.add_argument("--output", choices=OUTPUTS, default=JSON,
                         help="what the verifier writes: json (reward.json + details.json, the default) or reward.txt "
                              "(a single number)")
    command.add_argument("--runner", choices=MODES, default=MODES[0],
                         help="persistent: a fork server loads the script once and a long-lived worker runs example "
                              "after example, each as a fresh interpreter would (default); fork: a child forked from "
                              "that server per example; fresh: a new interpreter per example (docs/runners.md)")
    if not strictness:
        return
    command.add_argument("--strictness", choices=tuple(STRICTNESS), default="both",
                         help="malformed evidence: schema (any break must fail closed), read (only a break the verdict "
                              "notices must), or both, reported as separate promises (default: both)")


def add_replies(command: argparse.ArgumentParser) -> None:
    """`--replies FILE.toml`: labelled correct replies to reword (docs/replies.md), and to search for witnesses."""
    command.add_argument("--replies", action="append", default=[], type=Path, metavar="FILE.toml",
                         help="labelled replies (docs/replies.md): the correct ones are reworded by the reworded-reply "
                              "promises beside the witnesses, and searched for witnesses the verifier pays (repeatable)")


def reply_seeds(paths: Sequence[Path], task: str) -> tuple:
    """The task's correct run with each correct, undisputed labelled reply of `paths` as its final reply."""
    from verifuzz import labelled

    runs = []
    for path in paths:
        replies = labelled.load(path, task)
        declared = tomllib.loads(path.read_text(encoding="utf-8")).get("task")
        if declared not in (None, task):
            raise UsageError(f"--replies {path}: its replies answer {declared!r}, not {task!r}")
        runs += [labelled.run_for(task, case.text, replies.values) for case in replies.cases
                 if case.expected.get("reward") and not case.debatable]
    return tuple(runs)


def with_witness_search(ctx: Context, args: argparse.Namespace, meta: dict) -> Context:
    """`ctx` with the reworded replies the verifier pays as its witnesses when it pays none of its own
    (verifuzz/witness_search.py); the search is told in the report."""
    from verifuzz import witness_search

    found = witness_search.search(ctx, args.seed or 0)
    if found.searched:
        meta["witness_search"] = {**found.as_json(), "summary": found.summary()}
    return witness_search.with_found_witnesses(ctx, found)


def run_check(args: argparse.Namespace) -> int:
    """Every applicable promise for each task against the shipped verifier or `--verifier`."""
    _validate_common(args)
    tasks = [_task_of(Path(d)) for d in args.task_dirs] or task_names()
    if args.verifier is None:
        if args.baseline is not None:
            raise UsageError("--baseline OLD compares with --verifier NEW: give both, e.g. "
                             "`verifuzz check tasks/NAME --verifier new/verify.py --baseline old/verify.py`")
        for option in ("template", "python"):
            if getattr(args, option):
                raise UsageError(f"--{'command' if option == 'template' else option} needs --verifier PATH")
        contexts = [context(InProcess(for_task(task).spec)) for task in tasks]
        return _run(args, contexts, {"command": "check", "tasks": tasks, "verifier": "shipped"})
    if len(tasks) != 1:
        raise UsageError("--verifier scores one task: name its task directory, e.g. "
                         "`verifuzz check tasks/narrative-agent-names --verifier path/to/verify.py`")
    subject = command_subject(args, args.verifier, tasks[0], task_inputs(tasks[0]))
    ctx = _foreign_context(subject, args, generic_only=False)
    ctx = dataclasses.replace(ctx, reply_seeds=reply_seeds(args.replies, tasks[0]))
    meta = {"command": "check", "tasks": tasks, "verifier": str(args.verifier), **_foreign_meta(args)}
    ctx = with_witness_search(ctx, args, meta)
    if args.baseline is not None:
        old = command_subject(args, args.baseline, tasks[0], task_inputs(tasks[0]))
        meta["baseline"] = str(args.baseline)
        return _run(args, [ctx], meta, baseline=old)
    return _run(args, [ctx], meta)


def run_audit(args: argparse.Namespace) -> int:
    """The generic promises against a verifier verifuzz knows nothing about, through its command line."""
    _validate_common(args)
    _script(args.script, args.template)
    witnesses = tuple(_witness(path, args) for path in args.witness)
    task = args.task_name or (witnesses[0].task_name if witnesses else None) or _task_from_path(args.script)
    if not task:
        raise UsageError("cannot tell the task name from the path; pass --task-name NAME "
                         "(the task_name the verifier expects in the snapshot), or --witness FILE from a passing run")
    subject = command_subject(args, args.script, task, [])
    ctx = _foreign_context(subject, args, generic_only=True, witnesses=witnesses)
    ctx = dataclasses.replace(ctx, reply_seeds=reply_seeds(args.replies, task))
    meta = {"command": "audit", "tasks": [task], "verifier": str(args.script),
            "witnesses": [str(p) for p in args.witness], **_foreign_meta(args)}
    return _run(args, [with_witness_search(ctx, args, meta)], meta)


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
    """Re-run one saved counterexample against the verifier it recorded; exit 1 while the failure still occurs."""
    if args.file.is_file() and args.file.name != "counterexample.json" and args.file.suffix != ".json":
        raise UsageError(f"{args.file}: give a counterexample folder (printed after `Saved:`) or its counterexample.json")
    try:
        manifest, example = load(args.file)
    except CounterexampleError as error:
        raise UsageError(str(error)) from None
    names = manifest.get("promises") or [manifest["promise"]]
    unknown = [name for name in names if name not in PROPERTIES]
    if unknown:
        raise UsageError(f"{args.file}: promise {unknown[0]!r} is not registered in this verifuzz")
    task = manifest["task"]
    subject = _recorded_subject(manifest, args)
    ctx = _start(lambda: context(subject, generic_only=subject.task not in task_names(),
                                 strictness=STRICTNESS["both"]))
    if manifest.get("keys"):
        ctx.keys = tuple(manifest["keys"])
    print(f"example: {example.label}")
    print(f"verifier: {subject.label}")
    still = False
    for name in names:
        result = recheck(PROPERTIES[name], ctx, example)
        print(f"{task}: {name} — {PROPERTIES[name].promise}")
        if result.outcome is not None:
            print(f"metrics: {result.outcome.metrics}")
            reason = result.outcome.details.get("reason") if isinstance(result.outcome.details, dict) else None
            if reason:
                print(f"reason: {reason}")
            if result.outcome.error:
                print(f"error: {result.outcome.error[-600:]}")
        print(f"verdict: {report.SYMBOL[result.status]}")
        if result.violation is not None:
            print(str(result.violation))
        still = still or result.status == VIOLATED
    return 1 if still else 0


# ---- building subjects and contexts --------------------------------------------------------------

def _validate_common(args: argparse.Namespace) -> None:
    try:
        args.profile = profiles.load(args.profile)
    except ValueError as error:
        raise UsageError(f"{error} (from --profile or ${profiles.PROFILE_VARIABLE})") from None
    if args.database not in (None, database.NONE) and args.profile not in database.KEEPING:
        raise UsageError(f"--database {args.database}: the {args.profile} profile is deterministic (derandomized) and "
                         f"keeps no example database; use --profile {' or '.join(database.KEEPING)}")
    if args.seed is not None and args.database not in (None, database.NONE):
        raise UsageError(f"--database {args.database} with --seed: a seeded run replays exactly the same examples, and "
                         "Hypothesis then neither reads nor saves a database; drop one of the two")
    args.database = args.database or (database.NONE if args.seed is not None else database.default(args.profile))
    profiles.use_database(database.named(args.database))
    if args.jobs < 0:
        raise UsageError(f"--jobs {args.jobs}: give a number of worker processes, 1 or more (0: one per core)")
    args.jobs = args.jobs or os.cpu_count() or 1
    if args.counterexamples.exists() and not args.counterexamples.is_dir():
        raise UsageError(f"--counterexamples {args.counterexamples}: a file is in the way; give a folder")
    for option in ("report", "junit"):
        path = getattr(args, option)
        if path is not None and path.is_dir():
            raise UsageError(f"--{option} {path}: is a directory; give a file name, e.g. {path / ('report.json' if option == 'report' else 'junit.xml')}")


def _script(path: Path, template: str | None) -> Path:
    """The verifier script, refused with a fix when it cannot be one."""
    if path.is_dir():
        inside = path / "tests" / "verify.py" if (path / "tests" / "verify.py").is_file() else path / "verify.py"
        hint = f"; did you mean {inside}?" if inside.is_file() else ""
        raise UsageError(f"{path} is a directory: give the path of the verifier script (e.g. {path}/tests/verify.py){hint}")
    if not path.is_file():
        raise UsageError(f"{path}: no such file; give the path of the verifier script")
    if template is None or "{python}" in template:
        head = path.read_bytes()[:200].split(b"\n", 1)[0]
        if path.suffix != ".py" and not (head.startswith(b"#!") and b"python" in head):
            raise UsageError(f"{path} is not a Python script (neither a .py file nor a python shebang); give the "
                             "verify.py itself, or --command with the way to run it")
        try:
            source = path.read_bytes()
            text = source.decode("utf-8")
            compile(text, str(path), "exec")
        except (UnicodeDecodeError, SyntaxError, ValueError) as error:
            raise UsageError(f"{path} is not a Python script ({type(error).__name__}: {error}); give the verify.py "
                             "itself, or --command with the way to run it") from None
    return path.resolve()


def _python(name: str | None) -> str | None:
    if name is None:
        return None
    found = shutil.which(name)
    if found is None:
        raise UsageError(f"--python {name}: no such interpreter on PATH; give its name or full path")
    return found


def _args(items: list[str]) -> dict[str, str]:
    extra = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip("-"):
            raise UsageError(f"--arg {item!r}: expected NAME=VALUE, e.g. --arg skill-file=/path/SKILL.md")
        extra[name.lstrip("-")] = value
    return extra


def command_subject(args: argparse.Namespace, path: Path, task: str, inputs: list[str]) -> Command:
    """The verifier at `path` run through its command line as the options say (`add_foreign`), for `task`'s examples
    that carry `inputs`; bad options are a UsageError."""
    script = _script(path, args.template)
    extra = _args(args.arg)
    try:
        subject = Command(script, task, python=_python(args.python), args=extra, template=args.template,
                          output=args.output, mode=args.runner)
        subject.validate(inputs)
    except TemplateError as error:
        raise UsageError(f"--command: {error}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"--arg: cannot read an input file ({error})") from None
    return subject


def _foreign_context(subject: Command, args: argparse.Namespace, *, generic_only: bool,
                     witnesses: tuple = ()) -> Context:
    return _start(lambda: context(subject, generic_only, strictness=STRICTNESS[args.strictness], witnesses=witnesses))


def _start(make: Callable[[], Context]) -> Context:
    """The context, or a message when the verifier's runner cannot start at all."""
    try:
        return make()
    except RunnerError as error:
        raise UsageError(f"{error}; check --python and the script") from None


def _foreign_meta(args: argparse.Namespace) -> dict[str, Any]:
    return {"runner": args.runner, "output": args.output, "template": args.template, "args": _args(args.arg),
            "strictness": args.strictness}


def task_inputs(task: str) -> list[str]:
    """The extra inputs a known task's examples carry (read-named-path: skill-file)."""
    try:
        definition = for_task(task)
    except UnknownTask:
        return []
    return [flag.lstrip("-") for flag in definition.trial().input_files]


def _task_from_path(script: Path) -> str | None:
    resolved = script.resolve()
    return resolved.parent.parent.name if resolved.parent.name == "tests" else None


def _witness(path: Path, args: argparse.Namespace) -> Any:
    if path.is_dir():
        raise UsageError(f"--witness {path} is a directory; give an evidence file (buzz-evidence.json) of a passing run")
    try:
        snapshot = load_json(path.read_bytes())
        return trial_from_snapshot(snapshot)
    except OSError as error:
        raise UsageError(f"--witness {path}: cannot read it ({error.strerror or error})") from None
    except (ValueError, RecursionError) as error:
        raise UsageError(f"--witness {path}: {error}; give the evidence snapshot of a run the verifier passes") from None


def _recorded_subject(manifest: dict[str, Any], args: argparse.Namespace) -> Subject:
    """The verifier the counterexample recorded, or `--verifier` in its place."""
    record = manifest.get("subject") or {"kind": "shipped"}
    task = manifest["task"]
    if record.get("kind") == "command" or args.verifier is not None:
        script = args.verifier or Path(record.get("script", ""))
        if args.verifier is None and not script.is_file():
            raise UsageError(f"the recorded verifier {script} is gone; replay against another with --verifier PATH")
        script = _script(script, record.get("template") if record.get("custom_template") else None)
        try:
            return Command(script, task, python=_python(args.python) or record.get("python"),
                           args=record.get("args") or {}, template=record.get("template") if record.get("custom_template") else None,
                           output=record.get("output", JSON), isolated=bool(record.get("isolated")))
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"{args.file}: a recorded input file cannot be read ({error})") from None
    try:
        return InProcess(for_task(task).spec)
    except UnknownTask as error:
        raise UsageError(f"{error}; replay against the verifier with --verifier PATH") from None


# ---- running a plan ---------------------------------------------------------------------------------

def _worker(plan: list[tuple[Context, Any]], taken: Any, seed: int | None, channel: Any) -> None:
    """In this forked process, take the next promise nobody has taken (`taken`: a counter shared by the workers)
    until none is left, and send each result back as it finishes."""
    try:
        while True:
            with taken.get_lock():
                index = taken.value
                taken.value += 1
            if index >= len(plan):
                return
            ctx, prop = plan[index]
            channel.send((index, check(prop, ctx, seed=seed)))
    finally:
        channel.close()
        cleanup()


def _results(plan: list[tuple[Context, Any]], seed: int | None, jobs: int,
             done: Callable[[int, Result], None]) -> list[Result]:
    """Every promise of the plan, in `jobs` worker processes when more than one; results in plan order.

    Each worker is forked with the plan in memory and takes the next promise in plan order whenever it is free, so
    a slow promise holds up one worker and not a fixed share of the plan; a promise's result depends only on the
    promise, its context and the seed, never on which worker ran it. Results come back through a pipe each,
    pickled (a promise and an example pickle by name and as JSON).
    """
    results: list[Result | None] = [None] * len(plan)
    if jobs <= 1 or len(plan) <= 1:
        for index, (ctx, prop) in enumerate(plan):
            results[index] = check(prop, ctx, seed=seed)
            done(index, results[index])
        return results  # type: ignore[return-value]
    forking = multiprocessing.get_context("fork")
    workers, channels = [], []
    taken = forking.Value("q", 0)
    for _ in range(min(jobs, len(plan))):
        receive, send = forking.Pipe(duplex=False)
        worker = forking.Process(target=_worker, args=(plan, taken, seed, send))
        worker.start()
        send.close()
        workers.append(worker)
        channels.append(receive)
    try:
        while channels:
            for channel in multiprocessing.connection.wait(channels):
                try:
                    index, result = channel.recv()
                except EOFError:
                    channels.remove(channel)
                    continue
                results[index] = result
                done(index, result)
    finally:
        for worker in workers:
            worker.join()
    missing = [plan[i][1].name for i, r in enumerate(results) if r is None]
    if missing:
        raise RuntimeError(f"a worker process ended before running {', '.join(missing)}")
    return results  # type: ignore[return-value]


def _run(args: argparse.Namespace, contexts: Sequence[Context], meta: dict, baseline: Subject | None = None) -> int:
    """Run the plan, report and save; with a `baseline`, a violation counts only where the baseline keeps the promise
    on the same example (verifuzz/baseline.py)."""
    profile = args.profile
    plan = [(ctx, prop if baseline is None else against(prop, baseline))
            for ctx in contexts for prop in _chosen(ctx, args.promise)]
    if not plan:
        raise UsageError("no promise applies; check --promise names with `verifuzz promises`")
    if args.shard is not None:
        meta = {**meta, "shard": {"index": args.shard.index, "count": args.shard.count},
                "plan": [[ctx.task, prop.name] for ctx, prop in plan]}
        plan = [plan[i] for i in shards.share([shards.cost(ctx, prop) for ctx, prop in plan], args.shard)]
    finished = 0

    def done(index: int, result: Result) -> None:
        nonlocal finished
        finished += 1
        if not args.quiet:
            print(report.progress_line(finished, len(plan), result), file=sys.stderr, flush=True)

    results = _results(plan, args.seed, args.jobs, done)
    groups = findings.group(results)
    saved: dict[int, Saved] = {}
    for finding in groups:
        lead = finding.indexes[0]
        ctx = plan[lead][0]
        saved[lead] = _save(results[lead], ctx, args.counterexamples, [results[i] for i in finding.indexes[1:]])
    meta = {**meta, "profile": profile, "seed": args.seed, "jobs": args.jobs, "database": args.database}
    report.show(results, saved, groups, meta)
    if args.report:
        report.write_json(args.report, report.to_json(results, saved, meta, groups))
    if args.junit:
        report.write_junit(args.junit, results)
    return report.exit_code(results)


def _save(result: Result, ctx: Context, root: Path, also: list[Result]) -> Saved:
    """Save with the subject that ran the promise (a shipped verifier's CLI promise ran its verify.py)."""
    return save(result, subject_for(result.prop, ctx), root, also, keys=ctx.keys)


def _chosen(ctx: Context, names: list[str] | None) -> list:
    try:
        return applicable(ctx, names)
    except KeyError as error:
        raise UsageError(f"{error.args[0]}; list them with `verifuzz promises`") from None


def _task_of(directory: Path) -> str:
    if not directory.is_dir():
        raise UsageError(f"{directory}: not a task directory (expected something like {TASKS_DIR / task_names()[0]})")
    try:
        for_task(directory.resolve().name).spec
    except UnknownTask as error:
        raise UsageError(f"{error}; for a verifier of another task use `verifuzz audit PATH/TO/verify.py`") from None
    return directory.resolve().name


def list_promises(args: argparse.Namespace) -> int:
    for prop in PROPERTIES.values():
        scope = "generic" if prop.generic else "task"
        print(f"{prop.name:<45} {scope:<8} {prop.promise}")
    return 0
