"""What `hypothesis fuzz` and pytest run in properties/fuzz_promises.py: every (task × promise) as a plain Hypothesis
test against the verifiers the environment names, all sharing one example database (docs/campaigns.md).

A pytest run takes no options of ours, so the choice is made by environment variables:
$VERIFUZZ_VERIFIER, a verify.py to fuzz instead of the shipped verifiers (a generated one is judged in-process as its
own module, any other through its command line as task $VERIFUZZ_TASK, else the folder above tests/);
$VERIFUZZ_DATABASE, the example database (properties/database.py; default .verifuzz/examples, the one `verifuzz
check` uses under dev and fuzz); $VERIFUZZ_PROFILE, the profile that sets each test case's fan-out (default fuzz).
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Callable

from verifuzz.properties import profiles
from verifuzz.properties.engine import applicable, context, promise_test
from verifuzz.properties.registry import UsageError
from verifuzz.properties.subjects import Command, InProcess, Subject
from verifuzz.strategies.tasks import for_task, task_names

VERIFIER = "VERIFUZZ_VERIFIER"
TASK = "VERIFUZZ_TASK"


def loaded(script: Path) -> ModuleType:
    """A standalone verify.py imported under a name of its own (its dataclasses need it in sys.modules)."""
    name = "verifuzz_fuzzed_" + hashlib.sha256(str(script.resolve()).encode()).hexdigest()[:12]
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, script)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def subject(script: Path) -> Subject:
    """A generated verify.py in-process (its own reader and scoring, thousands of examples a second); any other
    through its command line."""
    if not script.is_file():
        raise UsageError(f"${VERIFIER}={script}: no such file; give the path of a verify.py")
    module = loaded(script)
    if hasattr(module, "TASK") and hasattr(module, "judge_texts") and hasattr(module, "run"):
        return InProcess(module.TASK, script=script.resolve(), runner=module)
    task = os.environ.get(TASK) or (script.resolve().parent.parent.name if script.resolve().parent.name == "tests" else "")
    if not task:
        raise UsageError(f"${VERIFIER}={script}: cannot tell its task; set ${TASK}")
    return Command(script.resolve(), task)


def subjects() -> list[Subject]:
    """The verifier $VERIFUZZ_VERIFIER names, else every shipped one."""
    script = os.environ.get(VERIFIER)
    if script:
        return [subject(Path(script))]
    return [InProcess(for_task(task).spec) for task in task_names()]


# Examples a test case judges when HypoFuzz runs it. HypoFuzz 25.11's hub looks at its workers once a minute and ends
# the whole run, saying "Found a failing input for every test!", when none has reported a target still worth fuzzing;
# a worker reports only after a round of 100 test cases on one target. At the fuzz profile's 64 examples a test case,
# a round on a loaded machine took longer than that minute, and the campaign ended after one round with no failure
# found (bench/README.md, "Bug zoo under HypoFuzz"). At 8 a round costs about a fifth as much (drawing the witness
# costs about 15 examples' worth), and HypoFuzz's coverage guidance sees each witness after 8 examples, not 64.
HYPOFUZZ_FAN_OUT = 8


def in_hypofuzz() -> bool:
    """True inside `hypothesis fuzz` (HypoFuzz's own flag; False when HypoFuzz is not installed)."""
    try:
        from hypofuzz.detection import in_hypofuzz_run
    except ImportError:
        return False
    return in_hypofuzz_run()


def targets() -> dict[str, Callable[[], None]]:
    """One Hypothesis test per applicable (task × promise), named as `database_key` expects, under the profile
    $VERIFUZZ_PROFILE names (default fuzz), whose example database is the one every profile that keeps one shares.
    Under HypoFuzz a test case judges HYPOFUZZ_FAN_OUT examples, else the profile's fan-out."""
    profiles.load(os.environ.get(profiles.PROFILE_VARIABLE) or "fuzz")  # its database: $VERIFUZZ_DATABASE
    batch = HYPOFUZZ_FAN_OUT if in_hypofuzz() else None
    tests = {}
    for chosen in subjects():
        ctx = context(chosen, generic_only=chosen.task not in task_names())
        for prop in applicable(ctx):
            test = promise_test(prop, ctx, batch)
            tests[test.__name__] = test
    return tests
