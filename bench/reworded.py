"""Reworded replies against the shipped verifiers: which meaning-keeping rewrites each refuses, and what the reworded
promises cost next to the others.

    python bench/reworded.py [--seeds 32] [--profile ci] [--tasks user-mention ...] [--no-cost] [--no-refusals]

refusals: each task's shipped verifier, called in-process, judges its own witnesses (the paid ones are the seeds)
and each seed reworded by one meaning-keeping rewrite at a time; a row lists the rewrites that lost reward on any
seed, with how many of the reworded seeds lost it.
cost: under the profile, every in-process promise of each task as `verifuzz check` runs it, with the reworded
promises switched on for the shipped verifiers (properties/reworded.py, SHIPPED_VERIFIERS_KEEP_REWORDED): examples
per CPU-second of the reworded promises against the other promises, measured in the same run.
"""
from __future__ import annotations

import argparse
import time
from random import Random

from verifuzz.diff_witnesses import _drawn
from verifuzz.properties import profiles, reworded
from verifuzz.properties.engine import applicable, check, context
from verifuzz.properties.example import Example
from verifuzz.properties.subjects import InProcess
from verifuzz.strategies.reword_facts import facts_for
from verifuzz.strategies.rewrites import PRESERVING, family, reword
from verifuzz.strategies.tasks import for_task, task_names


def paid(ctx, trial) -> bool:
    metrics = ctx.subject.outcome(Example.of(trial, "seed", dict(trial.input_files))).metrics or {}
    return bool(metrics) and all(value == 1.0 for value in metrics.values())


def refusals(task: str, seeds: int) -> tuple[int, dict[str, tuple[int, int]]]:
    """(seeds paid, {rewrite: (reworded seeds refused, reworded seeds)}) for the task's shipped verifier."""
    ctx = context(InProcess(for_task(task).spec))
    runs = [run for round_ in range(-(-seeds // 32)) for run in _drawn(ctx, 0, round_)][:seeds]
    runs = [run for run in runs if paid(ctx, run)]
    facts, rng, table = facts_for(task), Random(0), {}
    for kind in PRESERVING:
        for rewrite in family(kind):
            refused = applied = 0
            for run in runs:
                for _ in range(3):  # three draws of the rewrite's own choices per seed
                    copy = run.copy()
                    result = reword(rng, str(copy.final()["content"]), facts, [rewrite.name])
                    if not result.applied:
                        continue
                    copy.final()["content"] = result.text
                    applied += 1
                    refused += not paid(ctx, copy)
            if applied:
                table[rewrite.name] = (refused, applied)
    return len(runs), table


def cost(tasks: list[str]) -> dict[str, list[float]]:
    """[examples, CPU seconds] of the reworded promises and of the others, over `tasks`."""
    reworded.SHIPPED_VERIFIERS_KEEP_REWORDED = True
    totals = {"reworded": [0, 0.0], "others": [0, 0.0]}
    for task in tasks:
        ctx = context(InProcess(for_task(task).spec))
        for prop in applicable(ctx, cli=False):
            started = time.process_time()
            result = check(prop, ctx, seed=0)
            row = totals["reworded" if prop.name.startswith("reworded_") else "others"]
            row[0] += result.examples
            row[1] += time.process_time() - started
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=32)
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--tasks", nargs="*", default=None)
    parser.add_argument("--no-cost", action="store_true")
    parser.add_argument("--no-refusals", action="store_true")
    args = parser.parse_args()
    tasks = args.tasks or task_names()
    profiles.load(args.profile)
    if not args.no_refusals:
        print("task | seeds paid | rewrites refused (refused/reworded) | rewrites kept")
        print("--- | --- | --- | ---")
    for task in tasks if not args.no_refusals else ():
        seeds, table = refusals(task, args.seeds)
        refused = ", ".join(f"{name} {r}/{a}" for name, (r, a) in table.items() if r)
        kept = ", ".join(name for name, (r, a) in table.items() if not r)
        print(f"{task} | {seeds} | {refused or 'none'} | {kept or 'none'}", flush=True)
    if args.no_cost:
        return
    totals = cost(tasks)
    for name, (examples, seconds) in totals.items():
        print(f"{name}: {examples} examples in {seconds:.1f} CPU s = {examples / seconds:.0f} examples per CPU-second")


if __name__ == "__main__":
    main()
