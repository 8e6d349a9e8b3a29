"""The one table from mutmut's per-mutant status to what the gate counts; every report reads it.

mutmut turns exit codes into statuses (`mutmut.stats.status_by_exit_code`); this table decides
which of those statuses a gate may count as a kill. Anything unrecognised fails closed.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Outcome(str, Enum):
    """What one mutant means for the gate."""

    KILLED = "killed"
    TIMEOUT = "timeout"
    CRASHED = "crashed"
    SURVIVED = "survived"
    NOT_EXERCISED = "not exercised"
    SUSPICIOUS = "suspicious"
    NOT_RUN = "not run"
    EQUIVALENT = "equivalent"


@dataclass(frozen=True)
class Meaning:
    """How an outcome counts, and how the open mutation-testing report schema names it."""

    detected: bool
    schema_status: str
    note: str


MEANING: dict[Outcome, Meaning] = {
    Outcome.KILLED: Meaning(True, "Killed", "a test failed"),
    # A mutant that makes the tests run 15x longer would blow the verifier's own 30 s
    # timeout in production, which fails the trial loudly instead of awarding reward.
    Outcome.TIMEOUT: Meaning(True, "Timeout", "the tests ran past the time limit"),
    # The test process died on a signal (the CPU-limit kill or a crash): the run failed.
    Outcome.CRASHED: Meaning(True, "Killed", "the test process died on a signal"),
    Outcome.SURVIVED: Meaning(False, "Survived", "every test passed"),
    # No selected test even calls the function: the weakest kind of survivor, never a pass.
    Outcome.NOT_EXERCISED: Meaning(False, "NoCoverage", "no selected test calls this function"),
    # An exit code nobody expected proves nothing, so it counts against the score (fail closed).
    Outcome.SUSPICIOUS: Meaning(False, "Survived", "the tests ended with an unexpected exit code"),
    Outcome.NOT_RUN: Meaning(False, "Pending", "the run stopped before this mutant was tested"),
    Outcome.EQUIVALENT: Meaning(False, "Ignored", "reviewed as equivalent in mutation.toml"),
}

# mutmut status (the values of mutmut.stats.status_by_exit_code) -> gate outcome.
OUTCOME_BY_STATUS: dict[str, Outcome] = {
    "killed": Outcome.KILLED,
    "caught by type check": Outcome.KILLED,
    "timeout": Outcome.TIMEOUT,
    "segfault": Outcome.CRASHED,
    "survived": Outcome.SURVIVED,
    "no tests": Outcome.NOT_EXERCISED,
    "suspicious": Outcome.SUSPICIOUS,
    "skipped": Outcome.NOT_RUN,
    "check was interrupted by user": Outcome.NOT_RUN,
    "not checked": Outcome.NOT_RUN,
}


def outcome_of(status: str) -> Outcome:
    """The gate outcome for a mutmut status; a status this table does not know is suspicious."""
    return OUTCOME_BY_STATUS.get(status, Outcome.SUSPICIOUS)


def status_of(exit_code: int | None) -> str:
    """mutmut's own name for a recorded exit code, read from mutmut so the two never disagree."""
    from mutmut.stats import status_by_exit_code

    return status_by_exit_code[exit_code]
