"""Bug zoo: time to detect each deliberately broken verifier.

    python bench/bug_zoo.py [--profile ci] [--all] [--only NAME ...] [--control] [--write DIR] [--jobs N] [--list]

Each file in bench/bug_zoo/ names a shipped task and one (old, new) edit to its
generated tasks/<task>/tests/verify.py; the edit is applied here, at bench time,
so no broken code ever sits in the shipped tree. The patched file is loaded as a
module and judged in-process (its own reader, runner and scoring, not the
shipped ones); the CLI promise runs the patched file in a subprocess.

For each bug the applicable promises run in registry order, in-process ones
first and the subprocess one last, until one is violated (`--all`: every
promise, listing each that caught it). Reported per bug: the promise that
caught it, how many examples it judged up to and including the first failing
one, the seconds to that first failure (Hypothesis start-up included,
shrinking excluded), and the suite's seconds until then counting the promises
that held before it. Seconds are CPU seconds of this process and its CLI
subprocesses, i.e. time on one dedicated core, because the machines are shared;
the wall seconds of the catching promise are shown too. `--control` first runs
the unpatched file the same way: every promise must hold, or the harness itself
is wrong. `--jobs 2` hunts two bugs at a time, one per core.

`--via-cli` then runs each bug's catching promise again through the product's
own command line, as a user would: `verifuzz check tasks/<task> --verifier
<patched file> --promise P`, and `verifuzz audit <patched file> --promise P`
when P is a generic promise (audit knows nothing about the task, so it runs only
those). Every example then starts a Python process, so this takes minutes.
"""
from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import os
import runpy
import subprocess
import sys
import tempfile
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from types import ModuleType

from hypothesis.errors import HypothesisWarning
from hypothesis.reporting import with_reporter

from measure import cpu_now
from verifuzz.properties import profiles
from verifuzz.properties.engine import VIOLATED, Result, applicable, check, context
from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.registry import PROPERTIES, Context, Property, Violation
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.tasks import TASKS_DIR

ZOO = Path(__file__).resolve().parent / "bug_zoo"
BUDGET_SECONDS = 5.0  # the target for each bug
CONTROL = "(control: unpatched)"


class StaleBug(ValueError):
    """A bug's edit no longer matches the generated verify.py exactly once."""


@dataclass(frozen=True)
class Bug:
    name: str
    task: str
    kind: str
    summary: str
    edits: tuple[tuple[str, str], ...]
    expect: str = "caught"  # or "survives": an equivalent mutant kept on purpose

    def source(self) -> str:
        text = (TASKS_DIR / self.task / "tests" / "verify.py").read_text(encoding="utf-8")
        for old, new in self.edits:
            if text.count(old) != 1:
                raise StaleBug(f"{self.name}: edit matches {text.count(old)} times in {self.task}'s verify.py: {old!r}")
            text = text.replace(old, new)
        return text


def load_bugs() -> list[Bug]:
    bugs = []
    for path in sorted(ZOO.glob("*.py")):
        spec = runpy.run_path(str(path))
        summary = (spec.get("__doc__") or "").strip().splitlines()[0]
        bugs.append(Bug(path.stem, spec["TASK"], spec["KIND"], summary, tuple(spec["EDITS"]), spec.get("EXPECT", "caught")))
    return sorted(bugs, key=lambda bug: (bug.task, bug.name))


def load_module(name: str, path: Path) -> ModuleType:
    """Import a standalone verify.py under a unique name (dataclasses need it in sys.modules)."""
    module_name = f"bug_zoo_{name.replace('-', '_').strip('()').replace(' ', '_').replace(':', '')}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


class Variant(InProcess):
    """A patched verify.py judged in-process through its own `judge_texts` and `run`; `script` serves the CLI promise."""

    def __init__(self, module: ModuleType, script: Path) -> None:
        super().__init__(module.TASK, script=script, runner=module)
        self.label = f"{script} (in-process)"


@dataclass
class FirstFailure:
    """When the first example failed a promise, counted from the start of that promise's run."""

    wall: float = 0.0
    cpu: float = 0.0
    judged: int = 0
    examples: int | None = None
    wall_seconds: float | None = None
    cpu_seconds: float | None = None


def timed(prop: Property, first: FirstFailure) -> Property:
    """The same promise, noting when its first violation happened (before Hypothesis shrinks it)."""

    def check_and_note(ctx: Context, example: Example, outcome: Outcome) -> None:
        first.judged += 1
        try:
            prop.check(ctx, example, outcome)
        except Violation:
            if first.examples is None:
                first.examples = first.judged
                first.wall_seconds, first.cpu_seconds = time.perf_counter() - first.wall, cpu_now() - first.cpu
            raise

    return dataclasses.replace(prop, check=check_and_note)


@dataclass
class Catch:
    prop: str
    examples: int
    cpu: float
    wall: float
    title: str


@dataclass
class Report:
    bug: Bug
    catches: list[Catch] = field(default_factory=list)
    suite_seconds: float | None = None  # CPU seconds until the first catch, the held promises before it included
    errors: list[str] = field(default_factory=list)
    ran: int = 0
    stale: str | None = None  # the edit no longer applies to the generated verify.py
    cli: list[str] = field(default_factory=list)  # --via-cli: how check --verifier and audit fared


def hunt(bug: Bug, module: ModuleType, script: Path, run_all: bool) -> Report:
    ctx = context(Variant(module, script))
    report = Report(bug)
    spent = 0.0
    for prop in sorted(applicable(ctx), key=lambda p: p.via_cli):
        first = FirstFailure(wall=time.perf_counter(), cpu=cpu_now())
        result: Result = check(timed(prop, first), ctx)
        report.ran += 1
        if result.status == VIOLATED and first.examples is not None and first.cpu_seconds is not None:
            title = result.violation.title if result.violation else ""
            report.catches.append(Catch(prop.name, first.examples, first.cpu_seconds, first.wall_seconds or 0.0, title))
            if report.suite_seconds is None:
                report.suite_seconds = spent + first.cpu_seconds
            if not run_all:
                break
        elif result.status != "held":
            report.errors.append(f"{prop.name}: {result.status}: {result.error or result.violation}")
        spent += cpu_now() - first.cpu
    return report


SKILL_FILE = "# Context Health Check\n\nCHECK_ID: chc-0123456789abcdef01234567\nACTION: Recommend compaction.\n"


def through_cli(bug: Bug, script: Path, promise: str, profile: str) -> list[str]:
    """Run `promise` against the patched file through `verifuzz check --verifier`, and `verifuzz audit` when it is generic."""
    base = [sys.executable, "-m", "verifuzz.cli"]
    common = ["--promise", promise, "--profile", profile, "--quiet", "--counterexamples", str(script.parent / "counterexamples")]
    runs = [("check --verifier", [*base, "check", str(TASKS_DIR / bug.task), "--verifier", str(script), *common])]
    if PROPERTIES[promise].generic:
        extra: list[str] = []
        if bug.task == "read-named-path-outside-workspace":
            skill = script.parent / "SKILL.md"
            skill.write_text(SKILL_FILE, encoding="utf-8")
            extra = ["--arg", f"skill-file={skill}"]
        runs.append(("audit", [*base, "audit", str(script), "--task-name", bug.task, *extra, *common]))
    cells = []
    for name, argv in runs:
        started = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        verdict = {0: "held", 1: "VIOLATED"}.get(done.returncode, f"exit {done.returncode}")
        cells.append(f"{name}: {verdict} ({time.perf_counter() - started:.0f} s)")
    return cells


def run_one(bug: Bug, out: Path, run_all: bool, via_cli: str | None = None) -> Report:
    """Patch, load and hunt one bug (in a worker process when --jobs > 1); with `via_cli` (a profile), replay the catch through the CLI."""
    script = out / bug.task / f"{bug.name.strip('()').replace(' ', '_').replace(':', '')}.py"
    script.parent.mkdir(parents=True, exist_ok=True)
    try:
        script.write_text(bug.source(), encoding="utf-8")
    except StaleBug as error:  # the verifier changed under the edit: say so, and go on with the others
        return Report(bug, stale=str(error))
    warnings.simplefilter("ignore", HypothesisWarning)  # e.g. the repr of a 100k-deep evidence file
    with with_reporter(lambda *_: None):  # Hypothesis would print every falsifying example
        report = hunt(bug, load_module(f"{bug.task}_{bug.name}", script), script, run_all)
    if via_cli and report.catches:
        report.cli = through_cli(bug, script, report.catches[0].prop, via_cli)
    return report


def row(report: Report) -> str:
    bug = report.bug
    if report.stale:
        return f"| {bug.name} | {bug.task} | {bug.kind} | **STALE**: update its edit | - | - | - | {report.stale} |"
    if not report.catches:
        if bug.name == CONTROL:
            verdict = "all held (as they must)"
        else:
            verdict = "survived (expected: equivalent mutant)" if bug.expect == "survives" else "**NOT CAUGHT**"
        return f"| {bug.name} | {bug.task} | {bug.kind} | {verdict} | - | - | - | ran {report.ran} promises |"
    first = report.catches[0]
    rest = [c.prop for c in report.catches[1:]]
    others = f"; {len(rest)} more caught it: {', '.join(rest)}" if rest else ""
    cli = f" | {'; '.join(report.cli)}" if report.cli else ""
    return (f"| {bug.name} | {bug.task} | {bug.kind} | {first.prop} | {first.examples} | {first.cpu:.2f} ({first.wall:.2f}) | "
            f"{report.suite_seconds:.1f} | {first.title}{others}{cli} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="ci", choices=profiles.PROFILES)
    parser.add_argument("--all", action="store_true", help="run every promise for each bug, not just until the first catch")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="bugs to run (file names in bench/bug_zoo/)")
    parser.add_argument("--control", action="store_true", help="first run the unpatched verify.py of each task")
    parser.add_argument("--write", type=Path, metavar="DIR", help="keep the patched verify.py files here")
    parser.add_argument("--jobs", type=int, default=1, help="bugs hunted at once, one process each")
    parser.add_argument("--list", action="store_true", help="list the bugs and what each breaks, then stop")
    parser.add_argument("--via-cli", action="store_true",
                        help="run each catching promise again through `verifuzz check --verifier` and `verifuzz audit`")
    args = parser.parse_args(argv)
    if args.list:
        for bug in load_bugs():
            print(f"| {bug.name} | {bug.task} | {bug.kind} | {bug.summary} |")
        return 0
    profiles.load(args.profile)
    bugs = [b for b in load_bugs() if not args.only or b.name in args.only]
    if args.control:
        bugs = [Bug(CONTROL, task, "none", "the shipped file", (), "survives") for task in sorted({b.task for b in bugs})] + bugs
    out = args.write or Path(tempfile.mkdtemp(prefix="bug-zoo-"))
    load = os.getloadavg()
    print(f"# bug zoo, profile {args.profile}, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, "
          f"load average {load[0]:.1f} at start, patched files in {out}\n")
    cli_header = (" | through the CLI", " | ---") if args.via_cli else ("", "")
    print(f"| bug | task | kind | caught by (first violation) | examples | CPU s to detect (wall) | suite CPU s | violation{cli_header[0]} |")
    print(f"| --- | --- | --- | --- | ---: | ---: | ---: | ---{cli_header[1]} |")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        via_cli = args.profile if args.via_cli else None
        futures = [pool.submit(run_one, bug, out, args.all, via_cli) for bug in bugs]
        reports = []
        for future in futures:  # in zoo order; the rows of a parallel run arrive when their turn comes
            report = future.result()
            reports.append(report)
            print(row(report), flush=True)
            for error in report.errors:
                print(f"  error: {error}", file=sys.stderr)
    stale = [r for r in reports if r.stale]
    real = [r for r in reports if r.bug.expect == "caught" and not r.stale]
    caught = [r for r in real if r.catches]
    fast = [r for r in caught if r.catches[0].cpu <= BUDGET_SECONDS]
    wrong = [r for r in reports if r.bug.expect == "survives" and r.catches]
    missed_cli = [r for r in caught if args.via_cli and not (r.cli and r.cli[0].startswith("check --verifier: VIOLATED"))]
    print(f"\ncaught {len(caught)}/{len(real)} under the {args.profile} profile; "
          f"{len(fast)}/{len(real)} within {BUDGET_SECONDS:.0f} CPU s of their catching promise's start; "
          f"load average {os.getloadavg()[0]:.1f} at end")
    for report in stale:
        print(f"stale: {report.stale}")
    for report in wrong:
        print(f"unexpected: {report.bug.name} was expected to survive but {report.catches[0].prop} caught it")
    if args.via_cli:
        audits = [cell for r in caught for cell in r.cli if cell.startswith("audit")]
        print(f"through the CLI: check --verifier caught {len(caught) - len(missed_cli)}/{len(caught)}; "
              f"audit caught {sum('VIOLATED' in cell for cell in audits)} of the {len(audits)} caught by a generic promise "
              "(audit judges plausible runs, not correct ones, so a bug seen only on a correct run is beyond it)")
    for report in missed_cli:
        print(f"missed by check --verifier: {report.bug.name}: {'; '.join(report.cli)}")
    failed = wrong or stale or missed_cli or any(r.errors for r in reports)
    return 0 if len(caught) == len(real) and not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
