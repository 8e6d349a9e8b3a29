"""Scores from a table of mutmut statuses: what counts as a kill, reviewed equivalents, stale entries, thresholds."""
from __future__ import annotations

from pathlib import Path

import pytest

from verifuzz.mutation.config import Equivalent, MutationConfig
from verifuzz.mutation.outcomes import MEANING, OUTCOME_BY_STATUS, Outcome, outcome_of, status_of
from verifuzz.mutation.results import Mutant
from verifuzz.mutation.score import display_score, import_graph, score

FILES = ("pkg/shared.py", "pkg/task.py")


def mutant(number: int, status: str, path: str = "pkg/task.py", digest: str | None = None) -> Mutant:
    module = path.removesuffix(".py").replace("/", ".")
    return Mutant(
        id=f"{module}.x_check__mutmut_{number}",
        path=path,
        module=module,
        function="check",
        status=status,
        duration=0.1,
        diff="",
        digest=digest or f"{number:012x}",
        location=None,
    )


def config(*equivalents: Equivalent, min_score: float = 95.0, overrides: dict[str, float] | None = None) -> MutationConfig:
    return MutationConfig(
        root=Path("."),
        files=FILES,
        test_paths=("tests",),
        min_score=min_score,
        module_scores=overrides or {},
        equivalents=equivalents,
    )


def test_every_mutmut_status_has_a_meaning() -> None:
    """Each status mutmut can record maps to an outcome, and only kills, timeouts and crashes count as detected."""
    from mutmut.stats import status_by_exit_code

    assert set(status_by_exit_code.values()) <= set(OUTCOME_BY_STATUS)
    detected = {status for status, outcome in OUTCOME_BY_STATUS.items() if MEANING[outcome].detected}
    assert detected == {"killed", "caught by type check", "timeout", "segfault"}


def test_exit_codes_are_read_through_mutmut() -> None:
    """The gate names exit codes the way mutmut does: 1 killed, 0 survived, 33 no tests, None not checked."""
    assert [status_of(code) for code in (1, 0, 33, 36, None)] == ["killed", "survived", "no tests", "timeout", "not checked"]


def test_an_unknown_status_fails_closed() -> None:
    """A status this version does not know counts against the score rather than for it."""
    assert outcome_of("brand new status") is Outcome.SUSPICIOUS
    assert not MEANING[Outcome.SUSPICIOUS].detected


@pytest.mark.parametrize(
    ("statuses", "expected"),
    [
        (["killed"] * 19 + ["survived"], 95.0),
        (["killed"] * 18 + ["timeout", "segfault"], 100.0),
        (["killed"] * 18 + ["no tests", "survived"], 90.0),
        (["killed"] * 19 + ["suspicious"], 95.0),
        (["killed"] * 19 + ["not checked"], 95.0),
        (["killed"] * 19 + ["check was interrupted by user"], 95.0),
    ],
)
def test_score_is_detected_over_all_mutants(statuses: list[str], expected: float) -> None:
    """Killed, timed-out and crashed mutants are detected; never-executed, odd and unrun mutants are not."""
    card = score([mutant(n, s) for n, s in enumerate(statuses, 1)], config())
    task = card.modules[1]
    assert task.module == "pkg.task" and task.tally.score == pytest.approx(expected)


def test_threshold_is_inclusive_and_rounding_never_flatters() -> None:
    """95% exactly passes; 94.96% fails and shows as 94.9%."""
    passing = score([mutant(n, "killed") for n in range(19)] + [mutant(99, "survived")], config())
    assert passing.modules[1].passed and passing.passed
    statuses = ["killed"] * 1899 + ["survived"] * 101
    failing = score([mutant(n, s) for n, s in enumerate(statuses)], config())
    assert not failing.modules[1].passed and not failing.passed
    assert display_score(failing.modules[1].tally.score) == "94.9%"
    assert display_score(None) == "-"


def test_per_module_overrides_apply_to_their_module_only() -> None:
    """An override changes one module's bar; the others keep the global minimum."""
    mutants = [mutant(n, "killed", "pkg/shared.py") for n in range(9)] + [mutant(9, "survived", "pkg/shared.py")]
    mutants += [mutant(n, "killed") for n in range(10, 19)] + [mutant(19, "survived")]
    card = score(mutants, config(overrides={"pkg.shared": 90.0}))
    shared, task = card.modules
    assert shared.passed and shared.threshold == 90.0
    assert not task.passed and task.threshold == 95.0


def test_reviewed_equivalents_leave_the_denominator() -> None:
    """killed / (total - equivalents): a reviewed survivor no longer counts against the module."""
    survivor = mutant(20, "survived", digest="aaaaaaaaaaaa")
    entry = Equivalent(survivor.id, "aaaaaaaaaaaa", "no input tells them apart")
    card = score([mutant(n, "killed") for n in range(1, 19)] + [survivor], config(entry))
    task = card.modules[1].tally
    assert (task.total, task.equivalent, task.scored, task.detected) == (19, 1, 18, 18)
    assert task.score == 100.0 and card.passed
    assert card.outcome(survivor) is Outcome.EQUIVALENT and card.reasons[survivor.id] == "no input tells them apart"
    assert card.undetected() == []


def test_an_entry_whose_mutant_is_gone_is_stale_and_fails_the_gate() -> None:
    """An equivalent entry naming no mutant fails the gate even at 100%."""
    entry = Equivalent("pkg.task.x_check__mutmut_77", "bbbbbbbbbbbb", "was equivalent once")
    card = score([mutant(1, "killed")], config(entry))
    assert not card.passed
    assert [s.problem for s in card.stale] == ["no mutant has this id any more"]


def test_an_entry_whose_mutant_changed_is_stale() -> None:
    """Same id, different change (the function was edited): the review no longer applies."""
    entry = Equivalent("pkg.task.x_check__mutmut_1", "cccccccccccc", "reviewed another change")
    card = score([mutant(1, "survived", digest="dddddddddddd")], config(entry))
    assert not card.passed and "different change" in card.stale[0].problem
    assert card.outcome(card.mutants[0]) is Outcome.SURVIVED


def test_a_renumbered_entry_points_at_the_new_id() -> None:
    """When the reviewed change now has another id, the fix names that id."""
    entry = Equivalent("pkg.task.x_check__mutmut_1", "eeeeeeeeeeee", "equivalent")
    moved = mutant(2, "survived", digest="eeeeeeeeeeee")
    card = score([mutant(1, "killed"), moved], config(entry))
    assert not card.passed and card.stale[0].fix == f"set mutant = {moved.id!r}"


def test_a_killed_equivalent_counts_as_killed_and_is_reported() -> None:
    """A test that kills a listed mutant proves it was not equivalent: it counts as killed, with a note."""
    killed = mutant(1, "killed", digest="ffffffffffff")
    card = score([killed], config(Equivalent(killed.id, "ffffffffffff", "thought equivalent")))
    assert card.passed and card.outcome(killed) is Outcome.KILLED
    assert [e.mutant for e in card.killed_equivalents] == [killed.id]


def test_a_module_without_mutants_passes() -> None:
    """Nothing to detect is not a failure: the score is absent, not zero."""
    card = score([mutant(1, "killed")], config())
    shared = card.modules[0]
    assert shared.tally.total == 0 and shared.tally.score is None and shared.passed


def test_verifiers_roll_up_the_modules_they_import(tmp_path: Path) -> None:
    """A module nobody imports is a shipped verifier; its row adds every mutated module it pulls in."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg/shared.py").write_text("import json\n", encoding="utf-8")
    (tmp_path / "pkg/task.py").write_text("from pkg.shared import x\nfrom . import shared\n", encoding="utf-8")
    graph = import_graph(tmp_path, FILES)
    assert graph == {"pkg.shared": set(), "pkg.task": {"pkg.shared"}}
    mutants = [mutant(1, "killed", "pkg/shared.py"), mutant(2, "survived", "pkg/shared.py"), mutant(3, "killed")]
    (verifier,) = score(mutants, config(), graph).verifiers
    assert verifier.module == "pkg.task" and verifier.modules == ("pkg.task", "pkg.shared")
    assert (verifier.tally.total, verifier.tally.detected) == (3, 2)
