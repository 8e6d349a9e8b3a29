"""Whether a mutmut run got far enough to trust its scores, decided from its data files and exit code only.

mutmut starts every exit code at None and records the first one only after its clean run passed
and its forced-failure run failed, so a recorded result is the proof. When there is none, the files
show where it stopped. Its screen output is quoted for people and never read for a decision.
"""
from __future__ import annotations

import re
from typing import Sequence

from verifuzz.mutation.config import MutationConfig
from verifuzz.mutation.results import chosen_by, covering_tests
from verifuzz.mutation.run import MutmutRun, Scratch

# pytest's own summary lines (failed tests, errors, the totals line), picked out only to show them.
_SUMMARY = re.compile(r"^(FAILED |ERROR |E   |=* ?\d+ (failed|passed|errors?|deselected)|=* ?no tests ran)")


def problems(run: MutmutRun, scratch: Scratch, patterns: Sequence[str] = ()) -> list[str]:
    """Everything that makes the run untrustworthy, however good the scores look."""
    config = scratch.config
    found = []
    for unreadable in run.record.unreadable:
        found.append(f"mutmut's results file {unreadable} cannot be read; rerun the gate, with --keep to look at it")
    if not run.reached_mutants:
        found.append(why_stopped(run, config, patterns))
    elif run.returncode != 0 and not run.budget_exceeded:
        found.append(f"mutmut exited {run.returncode} while testing mutants; rerun with --keep and read its log")
    if run.budget_exceeded:
        counts = run.counts
        done = f"{counts.done}/{counts.total} mutants" if run.reached_mutants else "before testing mutants"
        found.append(
            f"time budget of {config.budget_seconds:.0f}s ran out ({done}); speed up the slowest properties "
            "or raise budget.seconds"
        )
    for leak in scratch.database_leaks():
        found.append(
            f"Hypothesis wrote {leak.relative_to(scratch.project)} into the mutant tree; "
            "the mutation profile must set database=None"
        )
    return found


def why_stopped(run: MutmutRun, config: MutationConfig, patterns: Sequence[str] = ()) -> str:
    """Why mutmut recorded no mutant's result, from how far its files got, with its last words for people."""
    record = run.record
    code = f"exit {run.returncode}"
    missing = [path for path in config.files if path not in record.generated]
    if run.budget_exceeded:
        where = "after its stats run" if record.stats_recorded else "during its stats run"
        where = "while generating mutants" if missing else where
        reason = f"the time budget stopped mutmut {where}, before it recorded any mutant's result"
    elif missing:
        reason = (
            f"mutmut stopped ({code}) while generating mutants: it wrote no results file for {', '.join(missing[:3])}; "
            "rerun with --keep and read its log"
        )
    elif not record.stats_recorded:
        reason = (
            f"mutmut's stats run of the selected tests on the unmutated code did not pass ({code}): either the suite "
            "fails on the unmutated code (fix these tests first), or it collects no test or calls no mutated function "
            "(check [tests] paths and markers and [mutate] paths)"
        )
    elif patterns and not any(chosen_by(mutant_id, patterns) for mutant_id in record.ids):
        reason = "no mutant id matches --mutant; copy an id from the report"
    elif not _tests_reach_mutants(run, record.ids):
        reason = "the tests import the mutated code under another module name; import it by its package path"
    elif run.returncode == 0:
        reason = "mutmut exited 0 but recorded no mutant's result; rerun with --keep and read its log"
    else:
        reason = (
            f"mutmut stopped ({code}) after its stats run, before any mutant's result: either its clean run failed "
            "(the suite fails on the unmutated code; fix these tests first) or its forced-failure run passed (no "
            "selected test fails even when every mutated function raises, so no mutant could ever be killed; make "
            "the tests import the mutated modules and check their results)"
        )
    return "\n".join([reason, *("    " + line for line in last_words(run.output))])


def last_words(output: str) -> list[str]:
    """The failing tests' summary and mutmut's final line from its screen output, only to show people."""
    # Keep what a terminal would finally show on each line: the text after the last carriage return.
    lines = [line.rsplit("\r", 1)[-1].rstrip() for line in output.split("\n")]
    lines = [line for line in lines if line.strip()]
    summary = [line for line in lines if _SUMMARY.match(line)][-15:]
    if not summary:
        return lines[-12:]
    return summary + [line for line in lines[-1:] if line not in summary]


def _tests_reach_mutants(run: MutmutRun, ids: Sequence[str]) -> bool:
    """Whether the stats run's functions match any mutant's function (mutmut stops when none does)."""
    reached = set(covering_tests(run.project))
    functions = {mutant_id.partition("__mutmut_")[0] for mutant_id in ids}
    return not reached or not functions or bool(reached & functions)
