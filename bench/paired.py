"""Paired throughput: this tree's suite against another commit's, taking turns in one run.

    python bench/paired.py REV [--rounds 3] [--profile ci]

This machine's speed drifts by a quarter within minutes, so two throughput figures taken
at different times say little about a change. Here REV is checked out in a temporary git
worktree, and the suite row of throughput.py (every in-process promise of both tasks) runs
for REV and for this tree in turn, each run in a fresh process. Each round prints both
rates; the last line gives the ratio of the medians, which is the figure to quote.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# Run in a fresh interpreter with the tree under test first on sys.path.
_SUITE = """
import json, sys
tree = sys.argv[1]
sys.path[:0] = [tree, tree + "/bench"]
from verifuzz.properties import profiles
profiles.load(sys.argv[2])
import throughput
lap = throughput.run_suite(throughput.contexts())
print(json.dumps({"examples": lap.count, "cpu": lap.cpu, "rate": lap.per_cpu_second}))
"""


def suite_rate(tree: Path, profile: str) -> dict:
    """One suite run of `tree`'s code, in its own process."""
    done = subprocess.run([sys.executable, "-c", _SUITE, str(tree), profile], capture_output=True, text=True,
                          cwd=tree, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the suite failed in {tree}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the commit to compare against, e.g. HEAD~3 or a hash")
    parser.add_argument("--rounds", type=int, default=3, help="turns each (default 3)")
    parser.add_argument("--profile", default="ci")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="verifuzz-paired-") as scratch:
        other = Path(scratch) / "tree"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet", str(other), args.rev], check=True)
        try:
            rates: dict[str, list[float]] = {args.rev: [], "this tree": []}
            for round_number in range(1, args.rounds + 1):
                for label, tree in ((args.rev, other), ("this tree", HERE)):
                    run = suite_rate(tree, args.profile)
                    rates[label].append(run["rate"])
                    print(f"round {round_number}: {label:>12}  {run['examples']:,} examples  {run['cpu']:.1f} CPU s  "
                          f"{run['rate']:,.0f} per CPU-second", flush=True)
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(other)], check=False)
    before, after = (statistics.median(rates[label]) for label in (args.rev, "this tree"))
    print(f"\nmedians: {args.rev} {before:,.0f}, this tree {after:,.0f} examples per CPU-second; "
          f"this tree / {args.rev} = {after / before:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
