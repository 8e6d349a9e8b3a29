"""The session runner's bookkeeping: kill records, killers-first order, stats chunks, and what the report reads back."""
from __future__ import annotations

import json
import multiprocessing
from pathlib import Path
from types import SimpleNamespace

from verifuzz.mutation import pytest_session
from verifuzz.mutation.pytest_session import CHUNK, function_of, killers_first, read_kills, record_kill
from verifuzz.mutation.report import show
from verifuzz.mutation.results import read_mutants

from tests.test_mutation_results import CODES, tree

FOLD = "pkg.text.x_fold"


def test_a_mutant_belongs_to_the_function_mutmut_names_in_its_stats() -> None:
    """The function key drops only the `__mutmut_N` suffix, methods included."""
    assert function_of("pkg.text.x_fold__mutmut_12") == FOLD
    assert function_of("pkg.evidence.xǁEvidenceǁsole__mutmut_3") == "pkg.evidence.xǁEvidenceǁsole"


def test_records_read_back_per_function_and_a_torn_line_is_skipped(tmp_path: Path) -> None:
    """Only the asked function's records come back, not a function whose name merely contains it."""
    kills = tmp_path / "kills.jsonl"
    record_kill(kills, f"{FOLD}__mutmut_1", "tests/a.py::test_a", 3, 9, 0.01)
    record_kill(kills, "pkg.text.x_fold_all__mutmut_1", "tests/b.py::test_b", 1, 2, 0.01)
    record_kill(kills, "other.pkg.text.x_fold__mutmut_1", "tests/c.py::test_c", 1, 2, 0.01)
    record_kill(kills, f"{FOLD}__mutmut_2", None, 9, 9, 0.2)
    with kills.open("a", encoding="utf-8") as stream:
        stream.write('{"mutant": "pkg.text.x_fold__mutmut_3", "kil')
    mine = read_kills(kills, FOLD)
    assert [(r["mutant"], r["killer"], r["ran"], r["of"]) for r in mine] == [
        (f"{FOLD}__mutmut_1", "tests/a.py::test_a", 3, 9),
        (f"{FOLD}__mutmut_2", None, 9, 9),
    ]
    assert len(read_kills(kills)) == 4 and read_kills(tmp_path / "none.jsonl") == []


def _append_many(path: str, worker: int) -> None:
    for number in range(200):
        record_kill(Path(path), f"{FOLD}__mutmut_{worker}{number}", "tests/t.py::test_" + "x" * 300, 1, 1, 0.0)


def test_parallel_workers_never_tear_each_others_records(tmp_path: Path) -> None:
    """Four processes appending at once leave every record whole."""
    kills = tmp_path / "kills.jsonl"
    workers = [multiprocessing.get_context("fork").Process(target=_append_many, args=(str(kills), n)) for n in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    lines = kills.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 800 and all(json.loads(line)["ran"] == 1 for line in lines)


def test_the_tests_that_killed_siblings_run_first_then_the_fastest() -> None:
    """Killers come first by how many siblings they killed; the rest keep mutmut's fastest-first order."""
    seconds = {"slow": 2.0, "fast": 0.01, "middle": 0.5, "killer": 1.5, "top": 3.0}
    kills = [{"killer": "killer"}, {"killer": "top"}, {"killer": "top"}, {"killer": None}]
    order = killers_first(["slow", "fast", "middle", "killer", "top", "unknown"], kills, seconds)
    assert order == ["top", "killer", "unknown", "fast", "middle", "slow"]
    assert killers_first(["b", "a"], [], {}) == ["a", "b"]


def test_stats_chunks_keep_a_file_together_and_stay_small() -> None:
    """Chunks hold consecutive tests of one file, at most CHUNK of them, and cover every test once in order."""
    items = [SimpleNamespace(nodeid=f"tests/test_a.py::test_{n}") for n in range(CHUNK + 3)]
    items += [SimpleNamespace(nodeid="tests/test_b.py::test_only")]
    items += [SimpleNamespace(nodeid=f"tests/test_c.py::test_{n}") for n in range(2)]
    chunks = pytest_session._chunks(items)
    assert [len(chunk) for chunk in chunks] == [CHUNK, 3, 1, 2]
    assert [item for chunk in chunks for item in chunk] == items
    assert all(len({item.nodeid.partition("::")[0] for item in chunk}) == 1 for chunk in chunks)


def test_the_report_names_the_killer_and_how_many_tests_ran(tmp_path: Path) -> None:
    """Kill records reach each mutant and `--show`; without a record the fields stay empty."""
    project = tree(tmp_path, CODES)
    record_kill(project / "mutants" / pytest_session.KILLS, "toy.verifier.x_passes__mutmut_2",
                "tests/test_toy.py::test_boundary", 1, 1, 0.01)
    record_kill(project / "mutants" / pytest_session.KILLS, "toy.verifier.x_passes__mutmut_1", None, 1, 1, 0.01)
    survivor, killed, method = read_mutants(project, ["toy/verifier.py"])
    assert (killed.killed_by, killed.tests_run) == ("tests/test_toy.py::test_boundary", 1)
    assert (survivor.killed_by, survivor.tests_run) == (None, 1)
    assert (method.killed_by, method.tests_run) == (None, None)
    report = tmp_path / "mutation.json"
    entry = {"id": killed.id, "outcome": "killed", "mutmut_status": "killed", "path": killed.path, "line": 6,
             "function": "passes", "digest": killed.digest, "tests": 1, "tests_run": 1,
             "killed_by": killed.killed_by, "diff": killed.diff}
    report.write_text(json.dumps({"mutants": [entry]}), encoding="utf-8")
    status, text = show(report, killed.id)
    assert status == 0 and "killed by tests/test_toy.py::test_boundary (test 1 of 1 run)" in text
