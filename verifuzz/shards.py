"""`--shard K/N`: a deterministic, cost-balanced share of a run's (task × promise) plan for job K of N.

Every job builds the same plan (the same tasks, promises and profile), weighs each item by what it is expected to
cost, and deals the items out heaviest first, each to the lightest share so far (ties to the lower job number).
So the N shares cover the plan exactly once whichever job computes them, and `verifuzz merge` joins their reports.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from hypothesis import settings

from verifuzz.properties import profiles
from verifuzz.properties.registry import Context, Property, UsageError
from verifuzz.properties.subjects import Command

# Costs in examples judged in-process within a batch. Medians over the 408 promises of `check --profile ci` on
# this machine: 0.7 ms an example in a batch, 7.5 ms a promise's single test case (a witness drawn for each),
# 78 ms an example through a real command line (the CLI promise's fork server).
PER_TEST_CASE = 10
THROUGH_A_PROCESS = 100
_SPEC = re.compile(r"^(\d+)/(\d+)$")


@dataclass(frozen=True)
class Shard:
    """Job `index` (1-based) of `count`."""

    index: int
    count: int

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def parse(text: str) -> Shard:
    """`K/N` with 1 <= K <= N, or a UsageError that says what to give."""
    match = _SPEC.match(text.strip())
    if not match or not 1 <= int(match.group(1)) <= int(match.group(2)):
        raise UsageError(f"--shard {text}: give K/N with 1 <= K <= N, e.g. --shard 2/3 for the second of three jobs")
    return Shard(int(match.group(1)), int(match.group(2)))


def cost(ctx: Context, prop: Property) -> float:
    """Examples the promise judges under the active profile, weighted by what judging one costs."""
    if prop.via_cli or isinstance(ctx.subject, Command):
        examples = settings.default.max_examples * (ctx.batch or profiles.fan_out()) if prop.batched else profiles.single_cases()
        return examples * THROUGH_A_PROCESS
    if prop.batched:
        return settings.default.max_examples * (ctx.batch or profiles.fan_out())
    return profiles.single_cases() * PER_TEST_CASE


def share(costs: Sequence[float], shard: Shard) -> list[int]:
    """The indexes (in plan order) of the items job `shard` runs, given every item's cost."""
    loads = [0.0] * shard.count
    owner = [0] * len(costs)
    for index in sorted(range(len(costs)), key=lambda i: (-costs[i], i)):
        lightest = min(range(shard.count), key=lambda job: (loads[job], job))
        owner[index] = lightest
        loads[lightest] += costs[index]
    return [index for index in range(len(costs)) if owner[index] == shard.index - 1]
