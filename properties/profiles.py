"""Hypothesis profiles: `dev` is fast, `ci` is deterministic, `fuzz` runs long, `mutation` runs under mutmut."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings
from hypothesis.database import ExampleDatabase

from verifuzz.properties import database

PROFILE_VARIABLE = "VERIFUZZ_PROFILE"
DEFAULT = "dev"

# max_examples counts Hypothesis test cases. A promise that judges a batch per test case
# (see FAN_OUT) runs that many batches; a promise that judges one example per test case
# (a witness, a command line in a subprocess) runs SINGLE_CASES[profile] of them instead.
# dev and fuzz keep Hypothesis' example database in $VERIFUZZ_DATABASE, else .verifuzz/examples: the one `verifuzz
# check` and `hypothesis fuzz` over properties/fuzz_promises.py share (HypoFuzz fuzzes only the tests whose database
# is the default profile's).
KEPT = database.named(database.default("dev"))
settings.register_profile("dev", max_examples=8, deadline=None, database=KEPT)
settings.register_profile("ci", max_examples=5, deadline=None, derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", max_examples=625, deadline=None, database=KEPT)
# Under mutmut the tree is a copy that changes per mutant: never write an example
# database into it, replay the same examples for every mutant, and skip the shrink
# phase since only "did it fail" matters there. Ten test cases: against 40 they killed
# the same mutants (640 compared by digest) while properties/ ran in 7.7 s instead of
# 21.6 s, and every surviving mutant reruns every property that reaches its function.
settings.register_profile(
    "mutation",
    max_examples=10,
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=(HealthCheck.too_slow, HealthCheck.differing_executors, HealthCheck.function_scoped_fixture),
)
PROFILES = ("dev", "ci", "fuzz", "mutation")

# Examples derived from each drawn witness. Drawing a realistic witness and running a
# Hypothesis test case cost about as much as breaking and judging 15 copies of it
# (bench/README.md), so a promise judges a fan-out of examples per test case: 640 per
# promise under ci (5 witnesses of 128), 256 under dev, 40,000 under fuzz, where more
# witnesses are worth their cost. Under mutmut fewer: a survivor reruns every property
# that reaches it.
FAN_OUT = {"dev": 32, "ci": 128, "fuzz": 64, "mutation": 3}
SINGLE_CASES = {"dev": 30, "ci": 75, "fuzz": 5_000, "mutation": 10}
_active = DEFAULT


def active() -> str:
    """The profile loaded last."""
    return _active


def fan_out() -> int:
    """How many examples a promise derives from each witness under the active profile."""
    return FAN_OUT[_active]


def single_cases() -> int:
    """How many test cases a promise that judges one example per test case runs under the active profile."""
    return SINGLE_CASES[_active]


def use_database(database: ExampleDatabase | None) -> None:
    """Keep the active profile, with `database` as its example database (properties/database.py)."""
    settings.register_profile("verifuzz-run", parent=settings.get_profile(_active), database=database)
    settings.load_profile("verifuzz-run")


def load(name: str | None = None) -> str:
    """Activate `name`, else $VERIFUZZ_PROFILE, else `ci` when $CI is set, else `dev`; return it."""
    chosen = name or os.environ.get(PROFILE_VARIABLE) or ("ci" if os.environ.get("CI") else DEFAULT)
    if chosen not in PROFILES:
        raise ValueError(f"unknown Hypothesis profile {chosen!r}; choose one of {', '.join(PROFILES)}")
    settings.load_profile(chosen)
    global _active
    _active = chosen
    return chosen
