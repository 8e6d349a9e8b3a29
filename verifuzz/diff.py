"""`verifuzz diff OLD NEW`: two versions of a verify.py judge the same examples, and every difference is classified.

Exit 1 when the new script regresses on any example (or the run hit an error), 0 otherwise, 2 on bad usage.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from verifuzz.properties.counterexamples import FORMAT, MANIFEST, write_example
from verifuzz.properties.engine import context
from verifuzz.properties.registry import PROPERTIES, Context, Property, UsageError
from verifuzz.properties.subjects import Command, Subject
from verifuzz import diff_report
from verifuzz.diff_examples import Item, drawn, owners, saved, sources, universal
from verifuzz import diff_focus
from verifuzz.diff_changes import Changes, changes
from verifuzz.diff_coverage import Traced
from verifuzz.diff_focus import boundary_values
from verifuzz.diff_judge import REGRESSION, Difference, Recorded, compare
from verifuzz.diff_witnesses import from_old_witnesses, witnesses_of_old
from verifuzz.diff_report import DiffRun, Reported
from verifuzz.fuzzing import extra_args, task_of_script

DEFAULT_EXAMPLES = 3  # per promise: every example starts a process for each script
DEFAULT_SAVE = Path("verifuzz-diff")
DEFAULT_COUNTEREXAMPLES = Path("tests") / "counterexamples"


def add_parser(commands: argparse._SubParsersAction) -> None:
    diff = commands.add_parser(
        "diff", help="two versions of a verify.py judge the same examples; report and classify every difference",
        description="Run OLD and NEW over the same generated examples and saved counterexamples; report every "
                    "example they score differently as a regression, a fix or neutral. Exit 1 on any regression.")
    diff.add_argument("scripts", nargs="*", metavar="SCRIPT",
                      help="OLD NEW: two verify.py paths; with --base, only PATH (the working-tree file)")
    diff.add_argument("--base", metavar="REV", help="OLD is PATH as committed at git revision REV (`git show REV:PATH`)")
    diff.add_argument("--task-name", help="task_name the scripts expect (default: the folder above NEW's tests/)")
    diff.add_argument("--arg", action="append", default=[], metavar="NAME=VALUE",
                      help="extra flag passed to both scripts, e.g. --arg skill-file=/path/SKILL.md")
    diff.add_argument("--python", help="interpreter for both scripts (default: this one)")
    diff.add_argument("--examples", type=int, default=DEFAULT_EXAMPLES, metavar="N",
                      help=f"generated examples per promise (default {DEFAULT_EXAMPLES})")
    diff.add_argument("--focus", type=int, default=diff_focus.DEFAULT_BUDGET, metavar="N",
                      help="examples spent, after the first pass, on the promises whose examples run the changed lines "
                           f"(default {diff_focus.DEFAULT_BUDGET}; 0: none)")
    diff.add_argument("--promise", action="append", metavar="NAME", help="only this promise's examples (repeatable)")
    diff.add_argument("--seed", type=int, help="seed for the examples: the same seed gives the same examples and report")
    diff.add_argument("--counterexamples", action="append", type=Path, metavar="DIR",
                      help=f"saved counterexamples to judge too (repeatable; default {DEFAULT_COUNTEREXAMPLES} "
                           "when it exists)")
    diff.add_argument("--save", type=Path, default=DEFAULT_SAVE, metavar="DIR",
                      help=f"where each differing example is saved for its reproduction (default {DEFAULT_SAVE})")
    diff.add_argument("--json", type=Path, metavar="FILE", help="write the full report as JSON")
    diff.add_argument("--markdown", type=Path, metavar="FILE", help="write a summary for a pull-request comment")
    diff.add_argument("--quiet", action="store_true", help="no progress lines")
    diff.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """`verifuzz diff`: resolve OLD and NEW (a revision's file lives in a temporary folder for the run), then compare."""
    if args.examples < 1:
        raise UsageError(f"--examples {args.examples}: give at least 1 example per promise")
    if args.focus < 0:
        raise UsageError(f"--focus {args.focus}: give 0 (no focused examples) or more")
    with tempfile.TemporaryDirectory(prefix="verifuzz-diff-") as scratch:
        old_path, new_path, old_name = _scripts(args, Path(scratch))
        opened: list[Traced] = []
        try:
            return _diff(args, old_path, new_path, old_name, opened)
        finally:
            for traced in opened:
                traced.close()


def _scripts(args: argparse.Namespace, scratch: Path) -> tuple[Path, Path, str]:
    """OLD's and NEW's paths, and how the report names OLD."""
    if args.base is not None:
        if len(args.scripts) != 1:
            raise UsageError("--base REV takes one PATH, the working-tree verify.py, e.g. "
                             "`verifuzz diff --base main tasks/NAME/tests/verify.py`")
        new = _existing(Path(args.scripts[0]), "PATH")
        old = scratch / "verify.py"
        old.write_bytes(_git_show(args.base, new))
        return old, new, f"{new} at {args.base}"
    if len(args.scripts) != 2:
        raise UsageError("give two scripts, OLD and NEW (`verifuzz diff old/verify.py new/verify.py`), "
                         "or one with a revision (`verifuzz diff --base main tasks/NAME/tests/verify.py`)")
    old, new = (_existing(Path(p), name) for p, name in zip(args.scripts, ("OLD", "NEW")))
    return old, new, str(old)


def _existing(path: Path, role: str) -> Path:
    if not path.is_file():
        raise UsageError(f"{role} {path}: no such file; give the path of a verify.py")
    return path


def _git_show(rev: str, path: Path) -> bytes:
    """The file's bytes at `rev`, from the repository the file sits in."""
    try:
        done = subprocess.run(["git", "-C", str(path.resolve().parent), "show", f"{rev}:./{path.name}"],
                              capture_output=True, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise UsageError("--base needs git on PATH") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise UsageError(f"--base {rev}: git cannot show {path} at {rev} ({said[-1] if said else 'no message'}); "
                         "name a revision where the file exists") from None
    return done.stdout


def _diff(args: argparse.Namespace, old_path: Path, new_path: Path, old_name: str, opened: list[Traced]) -> int:
    """Draw the examples, judge each with both scripts, spend the focused budget where the change runs, save and
    report the differences; the exit status."""
    task = task_of_script(new_path, args.task_name)
    extra = extra_args(args.arg)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    changed = changes(_source(old_path), _source(new_path))
    old = context(Recorded(Command(old_path.resolve(), task, python=args.python, extra=extra, isolated=False)))
    new_subject: Subject = (Traced(new_path.resolve(), task, python=args.python, extra=extra, isolated=False)
                            if not changed.empty and args.focus else
                            Command(new_path.resolve(), task, python=args.python, extra=extra, isolated=False))
    if isinstance(new_subject, Traced):
        opened.append(new_subject)
    new = context(Recorded(new_subject))
    chosen = sources(new, args.promise)
    folders = args.counterexamples or ([DEFAULT_COUNTEREXAMPLES] if DEFAULT_COUNTEREXAMPLES.is_dir() else [])
    replays = saved(folders, new)
    started = time.perf_counter()
    result = DiffRun(task, old_name, str(new_path), seed, 0, 0.0, changes=changed.summary())
    paid = witnesses_of_old(old, seed)
    derived = from_old_witnesses(new, paid) if paid.tried and len(paid.accepted) * 2 < paid.tried else new
    result.witnesses = paid.summary() + (", so examples derive from those" if derived is not new else "")
    with boundary_values(changed):
        steps = _draw(chosen, derived, args.examples, seed, result.errors)
    if replays:
        steps.append(("saved counterexamples", replays))
    differences, reach = _judge(steps, old, new, args.quiet, changed)
    result.examples = sum(len(items) for _, items in steps)
    if args.focus and not changed.empty:
        differences += _focus(chosen, reach, steps, from_old_witnesses(new, paid), old, new, changed, args, seed, result)
    result.seconds = time.perf_counter() - started
    if differences and args.base is not None:  # the revision's script lives in a temporary folder: keep a copy
        old_path = _kept_script(old_path, args.save / task)
    # Reproductions name the scripts as given, so they read (and run) from the current directory.
    old_again, new_again = (Command(p, task, python=args.python, extra=extra, isolated=False) for p in (old_path, new_path))
    everywhere = universal(new)
    fallback = everywhere[0].name if everywhere else None
    result.reported = [_save(d, args.save / task, old_again, new_again, fallback) for d in differences]
    _print(result)
    if args.json:
        diff_report.write_json(args.json, diff_report.to_json(result))
    if args.markdown:
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        args.markdown.write_text(diff_report.markdown(result), encoding="utf-8")
    return 1 if result.count(REGRESSION) or result.errors else 0


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _draw(chosen: list[Property], ctx: Context, count: int, seed: int, errors: list[str]) -> list[tuple[str, list[Item]]]:
    """Every chosen promise's examples, drawn before any is judged so each kind's owner is known (see `owners`)."""
    steps = []
    for prop in chosen:
        try:
            steps.append((prop.name, drawn(prop, ctx, count, seed)))
        except Exception as error:  # noqa: BLE001 - a harness fault is reported and fails the run, never hidden
            errors.append(f"{prop.name}: cannot draw examples: {type(error).__name__}: {error}")
    return steps


def _judge(steps: list[tuple[str, list[Item]]], old: Context, new: Context, quiet: bool,
           changed: Changes) -> tuple[list[Difference], dict[str, tuple[int, int]]]:
    """Run every example through both scripts, a progress line per step; the differences found, and per promise how
    many of its examples ran a changed line of NEW (when NEW is traced) out of how many."""
    kinds = owners(item for _, items in steps for item in items)
    everywhere = universal(new)
    traced = _traced(new)
    differences: list[Difference] = []
    reach: dict[str, tuple[int, int]] = {}
    for index, (name, items) in enumerate(steps, start=1):
        step_started = time.perf_counter()
        found, reached = [], 0
        for item in items:
            difference = compare(item, old, new, everywhere, kinds)
            if difference is not None:
                found.append(difference)
            if traced is not None:
                reached += bool(traced.take() & changed.lines)
        reach[name] = (reached, len(items))
        differences += found
        if not quiet:
            ran = f", {reached} ran a changed line" if traced is not None else ""
            print(f"[{index}/{len(steps)}] {name}: {len(items)} example{'' if len(items) == 1 else 's'}{ran}, "
                  f"{len(found)} differ ({time.perf_counter() - step_started:.1f} s)", file=sys.stderr, flush=True)
    return differences, reach


def _traced(ctx: Context) -> Traced | None:
    inner = getattr(ctx.subject, "inner", None)
    return inner if isinstance(inner, Traced) else None


def _focus(chosen: list[Property], reach: dict[str, tuple[int, int]], steps: list[tuple[str, list[Item]]],
           ctx: Context, old: Context, new: Context, changed: Changes, args: argparse.Namespace, seed: int,
           result: DiffRun) -> list[Difference]:
    """The focused search of every promise that runs the change (diff_focus.py); its rows join the report."""
    focus = diff_focus.chosen(chosen, reach, changed)
    kinds = owners(item for _, items in steps for item in items)
    everywhere = universal(new)
    differences: list[Difference] = []
    with boundary_values(changed):
        for index, (item, count) in enumerate(zip(focus, diff_focus.shares(focus, args.focus)), start=1):
            step_started = time.perf_counter()
            try:
                differences += diff_focus.search(item, count, ctx, old, new, everywhere, kinds, changed, seed)
            except Exception as error:  # noqa: BLE001 - a harness fault is reported and fails the run, never hidden
                result.errors.append(f"{item.prop.name}: focused search failed: {type(error).__name__}: {error}")
            if not args.quiet:
                print(f"[focus {index}/{len(focus)}] {item.prop.name}: {item.examples} examples, {item.found} differ "
                      f"({time.perf_counter() - step_started:.1f} s)", file=sys.stderr, flush=True)
    result.focus = focus
    result.examples += sum(item.examples for item in focus)
    return differences


def _kept_script(old_path: Path, folder: Path) -> Path:
    """A copy of the revision's script beside the saved examples, so their reproduction commands still run."""
    data = old_path.read_bytes()
    kept = folder / f"base-{hashlib.sha256(data).hexdigest()[:12]}-verify.py"
    kept.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(old_path, kept)
    return kept


def _save(difference: Difference, root: Path, old: Subject, new: Subject, fallback: str | None) -> Reported:
    """Save the example like a counterexample (replayable with `verifuzz replay`) and build both reproductions."""
    item: Item = difference.item
    example = item.example
    digest = hashlib.sha256(repr((item.origin, example.label, example.evidence_bytes(), example.fault)).encode())
    folder = root / f"{difference.kind}-{digest.hexdigest()[:10]}"
    folder.mkdir(parents=True, exist_ok=True)
    described = write_example(example, folder, "evidence.json")
    evidence = str(folder / (described["evidence"] or "missing.json"))
    inputs = {flag: str(folder / name) for flag, name in described["inputs"].items()}
    reproduce_old, reproduce_new = old.command(evidence, inputs), new.command(evidence, inputs)
    promise = item.prop.name if item.prop else (difference.changes[0].promise if difference.changes else fallback)
    keys = diff_report.moved_keys(difference.old, difference.new)
    manifest = {
        "format": FORMAT,
        "task": new.task,
        "promise": promise,
        "promise_text": PROPERTIES[promise].promise if promise in PROPERTIES else None,
        "title": f"{difference.kind}: {difference.why}",
        "received": diff_report.outcome_text(difference.new, keys),
        "expected": diff_report.outcome_text(difference.old, keys),
        "verifier": new.label,
        "example": described,
        "base": write_example(example.base, folder, "base-evidence.json") if example.base else None,
        "reproduce": reproduce_new,
        "diff": {"kind": difference.kind, "origin": item.origin, "old_verifier": old.label,
                 "reproduce_old": reproduce_old},
    }
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return Reported(difference, folder, reproduce_old, reproduce_new)


def _print(result: DiffRun) -> None:
    """The table, each difference in full, and the counts."""
    print(f"verifuzz diff {result.task}: old {result.old}, new {result.new}")
    if result.changes or result.witnesses:
        print(diff_report.focus_text(result))
    if result.reported:
        print(diff_report.table(result))
        print("\n" + diff_report.findings(result))
    else:
        print("no example scored differently")
    for error in result.errors:
        print(f"error: {error}")
    print("\n" + diff_report.summary(result))
