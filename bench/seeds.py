"""Many seeds: `verifuzz check` on every shipped verifier under seed after seed, counting examples and violations.

A promise that fails only under some seeds is either a defect of the verifier the other seeds missed, or a false
alarm of an adversary that is not wrong by construction; either way a fresh user meets it with their own seed. Each
unit of work is one task under one seed, run through the real command line
(`python3 -m verifuzz.cli check TASK --profile P --seed S --report ...`); the tasks take turns, so a budget too short
for every task under every seed still covers them all, each under seeds of its own.

    nice -n 10 python3 bench/seeds.py [--profile fuzz] [--first-seed 1] [--budget MINUTES] [--json FILE]

Prints one line per unit as it ends, then the totals: units, seeds, examples, CPU-seconds spent in the checks, and
every violation with its promise, example, why the example was built to be wrong, and where it was saved. Exits 1
when anything was violated or errored.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verifuzz.strategies.tasks import task_names  # noqa: E402


@dataclass
class Unit:
    """One task's check under one seed, as its report saw it."""

    task: str
    seed: int
    exit_code: int
    examples: int = 0
    promises: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    violations: list[dict[str, str | None]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_unit(task: str, seed: int, profile: str, saved: Path) -> Unit:
    """`verifuzz check` on one task under one seed, through the command line; its report read back."""
    with tempfile.TemporaryDirectory() as tmp:
        report_path = Path(tmp) / "report.json"
        command = [sys.executable, "-m", "verifuzz.cli", "check", str(ROOT / "tasks" / task), "--profile", profile,
                   "--seed", str(seed), "--quiet", "--report", str(report_path), "--counterexamples", str(saved)]
        started, cpu = time.monotonic(), _children_cpu()
        done = subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        unit = Unit(task, seed, done.returncode, seconds=time.monotonic() - started, cpu_seconds=_children_cpu() - cpu)
        if not report_path.is_file():
            unit.errors.append(f"no report (exit {done.returncode}): {done.stderr.strip()[-400:]}")
            return unit
        report = json.loads(report_path.read_text(encoding="utf-8"))
    for result in report["results"]:
        unit.promises += 1
        unit.examples += result["examples"]
        if result["status"] == "violated":
            violation = result["violation"] or {}
            unit.violations.append({"promise": result["promise"], "example": violation.get("example"),
                                    "why": violation.get("why"), "received": violation.get("received"),
                                    "counterexample": result["counterexample"]})
        elif result["status"] == "error":
            unit.errors.append(f"{result['promise']}: {str(result['error'])[-400:]}")
    return unit


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="fuzz", choices=("dev", "ci", "fuzz"), help="Hypothesis profile")
    parser.add_argument("--first-seed", type=int, default=1, help="the first seed; each unit takes the next one")
    parser.add_argument("--budget", type=float, default=30.0, help="minutes of wall time; the unit running then ends")
    parser.add_argument("--units", type=int, default=0, help="stop after this many units (0: only the budget)")
    parser.add_argument("--saved", type=Path, default=Path("verifuzz-counterexamples-seeds"),
                        help="where violations are saved")
    parser.add_argument("--json", type=Path, help="write every unit as JSON")
    args = parser.parse_args(argv)
    tasks = task_names()
    units: list[Unit] = []
    deadline = time.monotonic() + args.budget * 60
    seed = args.first_seed
    while time.monotonic() < deadline and (not args.units or len(units) < args.units):
        task = tasks[len(units) % len(tasks)]
        unit = run_unit(task, seed, args.profile, args.saved)
        units.append(unit)
        print(f"seed {seed:>4}  {task:<36} {unit.promises:>3} promises {unit.examples:>9,} examples "
              f"{unit.cpu_seconds:>7.1f} CPU-s  {len(unit.violations)} violated  {len(unit.errors)} errors", flush=True)
        for violation in unit.violations:
            print(f"    VIOLATED {violation['promise']} on {violation['example']}: {violation['why']}\n"
                  f"      {violation['received']}\n      saved: {violation['counterexample']}", flush=True)
        for error in unit.errors:
            print(f"    ERROR {error}", flush=True)
        seed += 1
    examples = sum(u.examples for u in units)
    cpu = sum(u.cpu_seconds for u in units)
    wall = sum(u.seconds for u in units)
    violations = sum(len(u.violations) for u in units)
    errors = sum(len(u.errors) for u in units)
    covered = sorted({u.task for u in units})
    print(f"\nprofile {args.profile}: {len(units)} units, seeds {args.first_seed}-{seed - 1}, {len(covered)} of "
          f"{len(tasks)} tasks, {examples:,} examples in {cpu / 60:.1f} CPU-minutes ({wall / 60:.1f} minutes wall); "
          f"{violations} violations, {errors} errors")
    if args.json:
        args.json.write_text(json.dumps({"profile": args.profile, "units": [asdict(u) for u in units]}, indent=1),
                             encoding="utf-8")
    return 1 if violations or errors else 0


if __name__ == "__main__":
    sys.exit(main())
