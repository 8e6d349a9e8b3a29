"""Whether to trust a mutmut run is decided from its data files and exit code; its screen text is only shown."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from verifuzz.mutation.config import MutationConfig
from verifuzz.mutation.results import read_record
from verifuzz.mutation.run import MutmutRun, Scratch
from verifuzz.mutation.trust import last_words, problems

FILES = ("toy/verifier.py",)
IDS = ("toy.verifier.x_passes__mutmut_1", "toy.verifier.x_passes__mutmut_2")
# What mutmut 3.8 prints once it tests mutants, including its counts line: claims the files must back.
CHEERFUL_SCREEN = "⠋ Running mutation testing\r⠙ 2/2  🎉 2 🫥 0  ⏰ 0  🤔 0  🙁 0  🔇 0  🧙 0\n9.00 mutations/second\n"
CLEAN_RUN_FAILED = (
    "⠋ Running clean tests\nFAILED tests/test_toy.py::test_the_bar - assert False\n"
    "======= 1 failed, 3 passed in 0.12s =======\nFailed to run clean test\n"
)


@pytest.fixture()
def scratch(tmp_path: Path) -> Iterator[Scratch]:
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy/verifier.py").write_text("def passes(score):\n    return score >= 3\n", encoding="utf-8")
    config = MutationConfig(root=tmp_path, files=FILES, test_paths=("tests",), budget_seconds=60.0)
    with Scratch(config) as copy:
        yield copy


def ran(
    scratch: Scratch,
    codes: dict[str, int | None] | None,
    stats: dict[str, list[str]] | None,
    returncode: int,
    screen: str = "",
    budget: bool = False,
    patterns: tuple[str, ...] = (),
) -> MutmutRun:
    """A finished run whose `mutants/` holds these results, as mutmut 3 lays them out."""
    mutants = scratch.project / "mutants"
    mutants.mkdir()
    if codes is not None:
        (mutants / "toy").mkdir()
        meta = {"exit_code_by_key": codes, "durations_by_key": {}, "estimated_durations_by_key": {}}
        (mutants / "toy/verifier.py.meta").write_text(json.dumps(meta), encoding="utf-8")
    if stats is not None:
        (mutants / "mutmut-stats.json").write_text(json.dumps({"tests_by_mangled_function_name": stats}), encoding="utf-8")
    run = MutmutRun(project=scratch.project, returncode=returncode, budget_exceeded=budget)
    run.log.write_text(screen, encoding="utf-8")
    run.record = read_record(scratch.project, FILES, patterns)
    return run


REACHED = {"toy.verifier.x_passes": ["tests/test_toy.py::test_the_bar"]}


def test_screen_claims_without_a_recorded_result_are_not_trusted(scratch: Scratch) -> None:
    """mutmut's screen may announce mutation testing, but with no exit code in its files the run is untrusted."""
    run = ran(scratch, dict.fromkeys(IDS), REACHED, returncode=1, screen=CHEERFUL_SCREEN)
    found = problems(run, scratch)
    assert not run.reached_mutants and len(found) == 1
    assert found[0].startswith("mutmut stopped (exit 1) after its stats run, before any mutant's result")


def test_recorded_results_are_trusted_whatever_the_screen_says(scratch: Scratch) -> None:
    """Exit 0 and recorded exit codes make a trusted run even when the screen shows a failure message."""
    run = ran(scratch, {IDS[0]: 1, IDS[1]: 0}, REACHED, returncode=0, screen=CLEAN_RUN_FAILED)
    assert run.reached_mutants and problems(run, scratch) == []


def test_a_crash_while_testing_mutants_is_a_problem(scratch: Scratch) -> None:
    """Results recorded, then a non-zero exit without a budget stop: the scores are not trusted."""
    run = ran(scratch, {IDS[0]: 1, IDS[1]: None}, REACHED, returncode=-9)
    assert problems(run, scratch) == ["mutmut exited -9 while testing mutants; rerun with --keep and read its log"]


@pytest.mark.parametrize(
    ("codes", "stats", "returncode", "patterns", "expected"),
    [
        (None, None, 1, (), "mutmut stopped (exit 1) while generating mutants: it wrote no results file for toy/verifier.py"),
        (dict.fromkeys(IDS), None, 1, (), "either the suite fails on the unmutated code (fix these tests first), or it collects"),
        (dict.fromkeys(IDS), REACHED, 1, ("toy.verifier.x_other*",), "no mutant id matches --mutant"),
        (dict.fromkeys(IDS), {"verifier.x_passes": ["t"]}, 1, (), "import the mutated code under another module name"),
        (dict.fromkeys(IDS), REACHED, 0, (), "mutmut exited 0 but recorded no mutant's result"),
        (dict.fromkeys(IDS), REACHED, 1, (), "either its clean run failed (the suite fails on the unmutated code"),
    ],
)
def test_where_mutmut_stopped_is_read_from_its_files(
    scratch: Scratch,
    codes: dict[str, int | None] | None,
    stats: dict[str, list[str]] | None,
    returncode: int,
    patterns: tuple[str, ...],
    expected: str,
) -> None:
    """Missing `.meta` files, a missing stats file, unmatched ids or functions and the exit code each name the stop."""
    run = ran(scratch, codes, stats, returncode, screen=CHEERFUL_SCREEN, patterns=patterns)
    (reason,) = problems(run, scratch, patterns)
    assert expected in reason.splitlines()[0]


def test_the_budget_reports_how_far_the_files_got(scratch: Scratch) -> None:
    """A budget stop after some results says how many of the chosen mutants have one."""
    partial = ran(scratch, {IDS[0]: 1, IDS[1]: None}, REACHED, returncode=0, budget=True)
    assert problems(partial, scratch) == [
        "time budget of 60s ran out (1/2 mutants); speed up the slowest properties or raise budget.seconds"
    ]


def test_a_budget_stop_before_any_result_blames_the_budget(scratch: Scratch) -> None:
    """Stopped by the budget during the stats run, the gate says so instead of suspecting the suite."""
    run = ran(scratch, dict.fromkeys(IDS), None, returncode=1, budget=True)
    stopped, budget = problems(run, scratch)
    assert stopped.startswith("the time budget stopped mutmut during its stats run")
    assert "ran out (before testing mutants)" in budget


def test_last_words_show_the_failing_tests_and_mutmut_s_final_line() -> None:
    """People see pytest's summary and mutmut's own last line, with spinner redraws collapsed."""
    assert last_words(CLEAN_RUN_FAILED) == [
        "FAILED tests/test_toy.py::test_the_bar - assert False",
        "======= 1 failed, 3 passed in 0.12s =======",
        "Failed to run clean test",
    ]
    assert last_words("⠋ Running forced fail test\r⠙ Running forced fail test\nFAILED: Unable to force test failures\n") == [
        "⠙ Running forced fail test",
        "FAILED: Unable to force test failures",
    ]


def test_the_stop_reason_quotes_the_screen_for_people(scratch: Scratch) -> None:
    """The reason decided from files is followed by mutmut's last words, indented."""
    run = ran(scratch, dict.fromkeys(IDS), REACHED, returncode=1, screen=CLEAN_RUN_FAILED)
    (reason,) = problems(run, scratch)
    assert reason.splitlines()[1:] == ["    " + line for line in last_words(CLEAN_RUN_FAILED)]
