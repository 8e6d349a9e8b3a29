"""Driving mutmut: phases, progress and results come from the files it writes, whatever it prints."""
from __future__ import annotations

import io
import time
from pathlib import Path
from typing import Iterator

import pytest

from verifuzz.mutation import run as mutmut_run
from verifuzz.mutation.config import MutationConfig
from verifuzz.mutation.outcomes import Outcome
from verifuzz.mutation.progress import Progress
from verifuzz.mutation.results import Counts, Record
from verifuzz.mutation.run import CHECK_RUNS, GENERATING, STATS_RUN, TESTING, Scratch, phases_reached, run_mutmut

# A stand-in for `mutmut run`: it writes mutmut 3's files step by step and prints a misleading screen.
FAKE_MUTMUT = '''
import json, os, sys, time
from pathlib import Path
ids = ["toy.verifier.x_passes__mutmut_1", "toy.verifier.x_passes__mutmut_2"]
def meta(codes):
    Path("mutants/toy/verifier.py.meta").write_text(json.dumps({"exit_code_by_key": codes, "durations_by_key": {}}))
print("Running mutation testing", flush=True)
print("2/2  🎉 2 🫥 0  ⏰ 0  🤔 0  🙁 0", flush=True)
os.makedirs("mutants/toy")
meta(dict.fromkeys(ids))
time.sleep(0.6)
Path("mutants/mutmut-stats.json").write_text(json.dumps({"tests_by_mangled_function_name": {}}))
time.sleep(float(os.environ.get("FAKE_PAUSE", "0.6")))
if os.environ.get("FAKE_RESULTS") == "1":
    meta({ids[0]: 1, ids[1]: None})
    time.sleep(0.6)
    meta({ids[0]: 1, ids[1]: 0})
sys.exit(int(os.environ.get("FAKE_EXIT", "0")))
'''


@pytest.fixture()
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Scratch]:
    monkeypatch.setattr(mutmut_run, "MUTMUT_MAIN", FAKE_MUTMUT)
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy/verifier.py").write_text("def passes(score):\n    return score >= 3\n", encoding="utf-8")
    config = MutationConfig(root=tmp_path, files=("toy/verifier.py",), test_paths=("tests",))
    with Scratch(config) as copy:
        yield copy


def test_phases_and_progress_follow_the_files(scratch: Scratch, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each phase is noted as its file appears, progress counts come from `.meta`, and the screen is only logged."""
    monkeypatch.setenv("FAKE_RESULTS", "1")
    shown = io.StringIO()
    run = run_mutmut(scratch, jobs=1, progress=Progress(shown))
    assert run.returncode == 0 and run.reached_mutants
    assert list(run.phases) == [GENERATING, STATS_RUN, CHECK_RUNS, TESTING]
    assert list(run.phases.values()) == sorted(run.phases.values())
    assert run.mutation_seconds is not None and 0 < run.mutation_seconds < run.elapsed
    assert (run.counts.total, run.counts.done) == (2, 2)
    assert "testing mutants" in shown.getvalue() and "mutants 2/2  killed 1  survived 1" in shown.getvalue()
    assert "🎉 2" in run.output


def test_a_screen_that_claims_mutation_testing_proves_nothing(scratch: Scratch, monkeypatch: pytest.MonkeyPatch) -> None:
    """mutmut printing its mutant phase without writing a result leaves the run short of the mutants."""
    monkeypatch.setenv("FAKE_EXIT", "1")
    run = run_mutmut(scratch, jobs=1)
    assert run.returncode == 1 and not run.reached_mutants
    assert TESTING not in run.phases and CHECK_RUNS in run.phases
    assert run.mutation_seconds is None


def test_the_budget_interrupts_mutmut(scratch: Scratch, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the deadline mutmut is interrupted, and what its files hold by then is the record."""
    monkeypatch.setenv("FAKE_PAUSE", "30")
    started = time.monotonic()
    run = run_mutmut(scratch, jobs=1, deadline=started + 1.5)
    assert run.budget_exceeded and run.returncode != 0 and time.monotonic() - started < 10
    assert run.record.stats_recorded and not run.reached_mutants


def test_a_later_file_proves_the_phases_before_it() -> None:
    """A result seen before any poll caught the stats file still marks every earlier phase."""
    assert phases_reached(Record(), ["a.py"]) == []
    assert phases_reached(Record(started=True), ["a.py"]) == [GENERATING]
    assert phases_reached(Record(recorded=1), ["a.py"]) == [GENERATING, STATS_RUN, CHECK_RUNS, TESTING]


def test_progress_gives_no_rate_before_a_second_of_mutants() -> None:
    """The first counts carry no rate, since a few instant results would promise thousands a second."""
    shown = io.StringIO()
    progress = Progress(shown)
    progress.phase(TESTING, mutants=True)
    progress.mutants(Counts(total=10, done=2, outcomes={Outcome.KILLED: 2}))
    assert shown.getvalue().splitlines()[-1].endswith("] mutants 2/10  killed 2  survived 0  no tests 0  timeout 0")


@pytest.mark.parametrize(("runner", "select"), [("session", "statement"), ("session", "function"), ("mutmut", "statement")])
def test_mutmut_loads_the_session_runner_only_when_configured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: str, select: str
) -> None:
    """Under `runner = "session"` mutmut's process is given pytest_session.py and the selection; under "mutmut" neither."""
    seen = tmp_path / "seen.txt"
    monkeypatch.setattr(mutmut_run, "MUTMUT_MAIN", f"import os; open({str(seen)!r}, 'w').write("
                        "os.environ.get('VERIFUZZ_SESSION_RUNNER', '') + '|' + os.environ.get('VERIFUZZ_SESSION_SELECT', ''))")
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy/verifier.py").write_text("def passes(score):\n    return score >= 3\n", encoding="utf-8")
    config = MutationConfig(root=tmp_path, files=("toy/verifier.py",), test_paths=("tests",), runner=runner, select=select)
    with Scratch(config) as copy:
        run_mutmut(copy, jobs=1)
    given, chosen = seen.read_text(encoding="utf-8").split("|")
    if runner == "session":
        assert Path(given) == mutmut_run.SESSION_RUNNER and Path(given).is_file() and chosen == select
    else:
        assert (given, chosen) == ("", "")
