"""What each mutant's run left behind (which test killed it, which tests passed) and the order it suggests for the next.

The session runner (pytest_session.py) appends one JSON line per mutant to `mutants/verifuzz-kills.jsonl`;
mutmut's process reads the new lines before each fork, and the report reads them all at the end. Only
the standard library: the runner loads this file by path inside mutmut's process.
"""
from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

KILLS = "verifuzz-kills.jsonl"
# What a test costs beyond its own run time (its protocol, fixtures, reports), in seconds.
PER_TEST_SECONDS = 0.005
# A test nobody has run yet counts as killing one mutant in PRIOR_RUNS: one in three, so that a test
# mutmut's fastest-first order never reached is tried before fast tests that keep passing.
PRIOR_KILLS, PRIOR_RUNS = 1.0, 3.0


def function_of(mutant_name: str) -> str:
    """The function a mutant belongs to, as mutmut's stats name it: `pkg.mod.x_name__mutmut_3` -> `pkg.mod.x_name`."""
    return mutant_name.partition("__mutmut_")[0]


def record_kill(path: Path, mutant: str, killer: str | None, passed: Sequence[int], of: int, seconds: float) -> None:
    """Append one mutant's record in a single write, so records from parallel workers never interleave.

    `passed` holds the positions, in the collected session, of the tests that ran and passed before
    `killer` failed (all of them when nothing failed): positions keep a survivor's record short.
    """
    ran = len(passed) + (killer is not None)
    record = {"mutant": mutant, "killer": killer, "ran": ran, "of": of, "seconds": round(seconds, 4), "passed": list(passed)}
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(descriptor, (json.dumps(record) + "\n").encode("utf-8"))
    finally:
        os.close(descriptor)


def read_kills(path: Path) -> list[dict[str, Any]]:
    """Every record written so far; a line cut short (a worker killed mid-write) is skipped."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    records = []
    for line in lines:
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict):
            records.append(record)
    return records


@dataclass
class Tally:
    """Per test, how many mutants it killed and how many runs it took part in: per function and anywhere."""

    kills: defaultdict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    runs: defaultdict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    kills_anywhere: Counter[str] = field(default_factory=Counter)
    runs_anywhere: Counter[str] = field(default_factory=Counter)
    offset: int = 0

    def add(self, record: Mapping[str, Any], names: Sequence[str]) -> None:
        """Count one record; `names` maps the positions in `passed` to node ids."""
        function = function_of(str(record.get("mutant")))
        ran = [names[index] for index in record.get("passed", ()) if isinstance(index, int) and 0 <= index < len(names)]
        killer = record.get("killer")
        if isinstance(killer, str):
            ran.append(killer)
            self.kills[function][killer] += 1
            self.kills_anywhere[killer] += 1
        self.runs[function].update(ran)
        self.runs_anywhere.update(ran)

    def learn(self, path: Path, names: Sequence[str]) -> None:
        """Count the whole lines appended to `path` since the last call."""
        try:
            with path.open("rb") as stream:
                stream.seek(self.offset)
                data = stream.read()
        except FileNotFoundError:
            return
        whole = data[: data.rfind(b"\n") + 1]
        self.offset += len(whole)
        for line in whole.splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict):
                self.add(record, names)


def likeliest_first(tests: Sequence[str], function: str, tally: Tally, seconds: Mapping[str, float]) -> list[str]:
    """The order to run a mutant's tests in: by estimated chance to kill it per second of running, highest first.

    The chance is the test's kills among the function's mutants it ran for, with its record on every
    function as one extra run's worth of evidence; for the first mutants, mutmut's fastest-first order.
    Order only decides how soon a mutant dies, never whether: the tests are the same.
    """

    def chance(test: str) -> float:
        prior = (tally.kills_anywhere[test] + PRIOR_KILLS) / (tally.runs_anywhere[test] + PRIOR_RUNS)
        return (tally.kills[function][test] + prior) / (tally.runs[function][test] + 1)

    def key(test: str) -> tuple[float, float, str]:
        cost = seconds.get(test, 0.0)
        return -chance(test) / (cost + PER_TEST_SECONDS), cost, test

    return sorted(tests, key=key)
