"""Bug zoo under HypoFuzz: time to the first failure `hypothesis fuzz` finds for each deliberately broken verifier.

    python bench/hypofuzz_zoo.py [--budget SECONDS] [--only NAME ...] [--processes N]

For each bug in bench/bug_zoo/ the patched verify.py is written as `<tmp>/<bug>/<task>/tests/verify.py`, and
`hypothesis fuzz -n N --no-dashboard -- properties/fuzz_promises.py` runs from the checkout's root with
$VERIFUZZ_VERIFIER naming it (so every fuzz target judges the patched file in-process, as bug_zoo.py does) and a
fresh example database. The database is polled once a second for a failure under any promise's key, saved
shrunk or not yet shrunk (HypoFuzz saves the first failing input at once, under `<key>.secondary`). Reported:
the promise, wall seconds from launch (HypoFuzz's collection included) and from the moment it started fuzzing,
and the CPU seconds of HypoFuzz's processes by then; or "not found" when the budget ran out. Then HypoFuzz is
stopped. Compare with `bug_zoo.py --profile fuzz`, which runs the promises in `verifuzz check`'s order.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import psutil
from hypothesis.database import DirectoryBasedExampleDatabase
from hypothesis.internal.reflection import function_digest

from bug_zoo import Bug, StaleBug, load_bugs
from verifuzz.properties import campaign, profiles
from verifuzz.properties.engine import applicable, context, promise_test, target_name
from verifuzz.properties.registry import PROPERTIES

ROOT = Path(__file__).resolve().parent.parent
FUZZ = [sys.executable, "-c", "import sys; from hypothesis.extra.cli import main; sys.argv[0] = 'hypothesis'; main()",
        "fuzz"]


def keys(script: Path) -> dict[bytes, str]:
    """Each promise's database key for this verifier, as Hypothesis and HypoFuzz file it."""
    ctx = context(campaign.subject(script))
    return {function_digest(promise_test(prop, ctx).hypothesis.inner_test): prop.name for prop in applicable(ctx)}


def reached(script: Path, folder: Path) -> tuple[int, int]:
    """How many of the verifier's fuzz targets HypoFuzz had reported on in `folder`'s database, of how many."""
    from hypofuzz.database import HypofuzzDatabase

    db = HypofuzzDatabase(DirectoryBasedExampleDatabase(folder))
    watched = keys(script)
    return sum(bool(list(db.reports.fetch(key))) for key in watched), len(watched)


def cpu(process: psutil.Process) -> float:
    total = 0.0
    for each in [process, *process.children(recursive=True)]:
        try:
            times = each.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def catchers(table: Path) -> dict[str, str]:
    """bug -> the promise that caught it, from the markdown table `bug_zoo.py` prints."""
    found = {}
    for line in table.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("| ") and len(cells) > 4 and cells[3] in PROPERTIES:
            found[cells[0]] = cells[3]
    return found


def selection(bugs: list[Bug], caught: dict[str, str]) -> dict[str, list[str]]:
    """The promises `-k` selects for each bug: the one that caught it; for a control, every catcher of its task's bugs
    at once (a catcher that fails on the unpatched file says nothing of the bug it caught)."""
    chosen = {bug.name: [caught[bug.name]] for bug in bugs if bug.name in caught}
    for bug in bugs:
        if bug.name.startswith("control-"):
            chosen[bug.name] = sorted({caught[b.name] for b in bugs if b.task == bug.task and b.name in caught})
    return chosen


def hunt(bug: Bug, root: Path, budget: float, processes: int, only: list[str] | None = None) -> str:
    script = root / bug.name / bug.task / "tests" / "verify.py"
    script.parent.mkdir(parents=True)
    try:
        script.write_text(bug.source(), encoding="utf-8")
    except StaleBug as error:
        return f"| {bug.name} | {bug.task} | **STALE** | - | - | - | {error} |"
    folder = root / bug.name / "examples"
    env = {**os.environ, "VERIFUZZ_VERIFIER": str(script), "VERIFUZZ_DATABASE": str(folder), "VERIFUZZ_PROFILE": "fuzz"}
    watched = keys(script)
    select = [] if not only else ["-k", " or ".join(target_name(bug.task, PROPERTIES[name]) for name in only)]
    db = DirectoryBasedExampleDatabase(folder)
    log = root / bug.name / "hypofuzz.log"
    started = time.monotonic()
    with log.open("w") as out:
        child = subprocess.Popen([*FUZZ, "-n", str(processes), "--no-dashboard", "--", "properties/fuzz_promises.py",
                                  "-p", "no:randomly", *select], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                 start_new_session=True)
    process = psutil.Process(child.pid)
    fuzzing_from = None
    found = None
    try:
        while time.monotonic() - started < budget and child.poll() is None:
            time.sleep(1.0)
            if fuzzing_from is None and "to fuzz" in log.read_text(errors="replace"):
                fuzzing_from = time.monotonic()
            for key, name in watched.items():
                if any(True for _ in db.fetch(key)) or any(True for _ in db.fetch(key + b".secondary")):
                    found = (name, time.monotonic() - started, cpu(process))
                    break
            if found:
                break
    finally:
        ended = None if child.poll() is None else time.monotonic() - started  # HypoFuzz stopped on its own
        try:
            os.killpg(child.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        child.wait(timeout=30)
    collected = "" if fuzzing_from is None else f"{fuzzing_from - started:.0f}"
    if found is None:
        done, total = reached(script, folder)
        # HypoFuzz's hub ends the run when no worker has reported a target worth fuzzing at its once-a-minute look
        # (properties/campaign.py, HYPOFUZZ_FAN_OUT): a run that ended so searched for less than the budget.
        early = "" if ended is None else f"; HypoFuzz ended on its own after {ended:.0f} s, no failure saved"
        return (f"| {bug.name} | {bug.task} | not found in {budget:.0f} s | - | - | - | started fuzzing after "
                f"{collected or '?'} s; had run {done} of its {total} tests{early} |")
    name, wall, seconds = found
    after = "-" if fuzzing_from is None else f"{wall - (fuzzing_from - started):.0f}"
    return f"| {bug.name} | {bug.task} | {name} | {wall:.0f} | {after} | {seconds:.0f} | started fuzzing after {collected} s |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=120.0, help="wall seconds per bug before giving up")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="bugs to run (file names in bench/bug_zoo/)")
    parser.add_argument("--processes", type=int, default=1, help="HypoFuzz worker processes (-n)")
    parser.add_argument("--control", action="store_true", help="first fuzz the unpatched verify.py of each task: "
                        "nothing may fail, or a failure found under a bug says nothing of the bug (with --only-catcher, "
                        "the catching promises of that task's bugs)")
    parser.add_argument("--only-catcher", type=Path, metavar="TABLE.md",
                        help="fuzz only the promise that caught each bug in this output of bug_zoo.py (pytest -k)")
    parser.add_argument("--reached", type=Path, metavar="DIR",
                        help="instead of fuzzing, say how many tests HypoFuzz had run for each bug of an earlier run's "
                             "folder (printed in its header)")
    args = parser.parse_args(argv)
    profiles.load("fuzz")
    if args.reached:
        for folder in sorted(path for path in args.reached.iterdir() if path.is_dir()):
            for script in folder.glob("*/tests/verify.py"):
                done, total = reached(script, folder / "examples")
                print(f"{folder.name} ({script.parent.parent.name}): HypoFuzz had run {done} of its {total} tests")
        return 0
    bugs = [b for b in load_bugs() if b.expect == "caught" and (not args.only or b.name in args.only)]
    if args.control:
        bugs = [Bug(f"control-{task}", task, "none", "the shipped file", ()) for task in sorted({b.task for b in bugs})] + bugs
    chosen: dict[str, list[str]] = {}
    if args.only_catcher:
        chosen = selection(bugs, catchers(args.only_catcher))
        bugs = [bug for bug in bugs if chosen.get(bug.name)]
    root = Path(tempfile.mkdtemp(prefix="hypofuzz-zoo-"))
    print(f"# bug zoo under HypoFuzz, {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, budget {args.budget:.0f} s a bug, "
          f"-n {args.processes}{', only the promise that caught it in ' + str(args.only_catcher) if chosen else ''}, load average {os.getloadavg()[0]:.1f} at start, files in {root}\n")
    print("| bug | task | first failure under | wall s from launch | wall s fuzzing | CPU s | note |")
    print("| --- | --- | --- | ---: | ---: | ---: | --- |")
    rows = []
    for bug in bugs:
        rows.append(hunt(bug, root, args.budget, args.processes, chosen.get(bug.name)))
        print(rows[-1], flush=True)
    hit = [" not found " not in row and "STALE" not in row for row in rows]
    real = [found for bug, found in zip(bugs, hit) if not bug.name.startswith("control-")]
    controls = [bug.name for bug, found in zip(bugs, hit) if bug.name.startswith("control-") and found]
    print(f"\nfound {sum(real)}/{len(real)} bugs within {args.budget:.0f} s each; "
          f"{len(controls)} failure(s) on an unpatched verifier; load average {os.getloadavg()[0]:.1f} at end")
    return 1 if controls else 0


if __name__ == "__main__":
    raise SystemExit(main())
