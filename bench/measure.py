"""Shared by the benchmarks: a stopwatch that reads both clocks, and a cProfile breakdown by cost centre.

The machines are shared (2 cores, other jobs running), so every rate is given
per CPU-second of this process as well as per wall-second: the process is single
threaded, so examples per CPU-second is examples per second per core.
"""
from __future__ import annotations

import cProfile
import os
import pstats
import time
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator


@dataclass
class Lap:
    """What one measured run did: how many examples, in how much CPU and wall time."""

    label: str
    count: int = 0
    cpu: float = 0.0
    wall: float = 0.0

    @property
    def per_cpu_second(self) -> float:
        return self.count / self.cpu if self.cpu else 0.0

    @property
    def per_wall_second(self) -> float:
        return self.count / self.wall if self.wall else 0.0


@contextmanager
def stopwatch(lap: Lap) -> Iterator[Lap]:
    """Add the CPU and wall time spent inside the block to `lap` (the count is the caller's to set)."""
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        yield lap
    finally:
        lap.cpu += time.process_time() - cpu
        lap.wall += time.perf_counter() - wall


def cpu_now() -> float:
    """CPU seconds used so far by this process and the children it has waited for (the CLI's subprocesses)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


# Where self time is spent, by source file; the first match wins, so the specific ones come first.
# Built-ins (isinstance, regex search, sha256...) are charged to whoever called them.
CENTRES: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("snapshot building (strategies/builder.py)", lambda f: f.endswith("/strategies/builder.py")),
    ("judge (verifiers/)", lambda f: "/verifiers/" in f),
    ("Faker (+ its random)", lambda f: "/faker/" in f or f.endswith("/random.py")),
    ("Hypothesis engine and strategies", lambda f: "/hypothesis/" in f),
    ("source inspection for strategy labels", lambda f: f.endswith(("/inspect.py", "/tokenize.py", "/linecache.py"))),
    ("copy.deepcopy", lambda f: f.endswith("/copy.py")),
    ("json", lambda f: "/json/" in f),
    ("our strategies (strategies/)", lambda f: "/strategies/" in f),
    ("our promises and engine (properties/)", lambda f: "/properties/" in f),
)
OTHER = "other stdlib"


def centre(filename: str) -> str:
    return next((label for label, match in CENTRES if match(filename)), OTHER)


def profile(run: Callable[[], None]) -> tuple[dict[str, float], float]:
    """Run `run` under cProfile; return self time per cost centre and the total."""
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        run()
    finally:
        profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    centres: dict[str, float] = defaultdict(float)
    for (filename, _line, _name), (_cc, _nc, self_time, _cum, callers) in stats.items():
        if filename != "~":
            centres[centre(filename)] += self_time
            continue
        for (caller_file, _l, _n), timing in callers.items():  # a built-in: split by caller
            centres[centre(caller_file) if caller_file != "~" else OTHER] += timing[2]
    return dict(centres), sum(centres.values())
