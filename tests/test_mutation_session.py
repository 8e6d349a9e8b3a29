"""The session runner's bookkeeping: kill records, the likeliest-killer order, stats chunks, and what the report reads back."""
from __future__ import annotations

import json
import multiprocessing
from pathlib import Path
from types import SimpleNamespace

from verifuzz.mutation import pytest_session
from verifuzz.mutation.kill_records import KILLS, Tally, function_of, likeliest_first, read_kills, record_kill
from verifuzz.mutation.pytest_session import CHUNK
from verifuzz.mutation.report import show
from verifuzz.mutation.results import read_mutants

from tests.test_mutation_results import CODES, tree

FOLD = "pkg.text.x_fold"


def test_a_mutant_belongs_to_the_function_mutmut_names_in_its_stats() -> None:
    """The function key drops only the `__mutmut_N` suffix, methods included."""
    assert function_of("pkg.text.x_fold__mutmut_12") == FOLD
    assert function_of("pkg.evidence.xǁEvidenceǁsole__mutmut_3") == "pkg.evidence.xǁEvidenceǁsole"


def test_records_read_back_and_a_torn_line_is_skipped(tmp_path: Path) -> None:
    """Each record keeps the killer, the tests that passed and how many ran; a line cut short is left out."""
    kills = tmp_path / "kills.jsonl"
    record_kill(kills, f"{FOLD}__mutmut_1", "tests/a.py::test_a", [4, 7], 9, 0.01)
    record_kill(kills, f"{FOLD}__mutmut_2", None, [1, 2, 3], 3, 0.2)
    with kills.open("a", encoding="utf-8") as stream:
        stream.write('{"mutant": "pkg.text.x_fold__mutmut_3", "kil')
    records = read_kills(kills)
    assert [(r["mutant"], r["killer"], r["passed"], r["ran"], r["of"]) for r in records] == [
        (f"{FOLD}__mutmut_1", "tests/a.py::test_a", [4, 7], 3, 9),
        (f"{FOLD}__mutmut_2", None, [1, 2, 3], 3, 3),
    ]
    assert read_kills(tmp_path / "none.jsonl") == []


def test_the_tally_reads_only_whole_new_lines(tmp_path: Path) -> None:
    """Learning twice counts each record once, and a line still being written waits for its end."""
    kills, names = tmp_path / "kills.jsonl", ["t0", "t1", "t2"]
    tally = Tally()
    record_kill(kills, f"{FOLD}__mutmut_1", "t2", [0, 1], 3, 0.01)
    with kills.open("a", encoding="utf-8") as stream:
        stream.write('{"mutant": "pkg.text.x_fold__mutmut_2", "killer": "t1", ')
    tally.learn(kills, names)
    tally.learn(kills, names)
    assert tally.kills[FOLD] == {"t2": 1} and tally.runs[FOLD] == {"t0": 1, "t1": 1, "t2": 1}
    with kills.open("a", encoding="utf-8") as stream:
        stream.write('"ran": 1, "of": 3, "seconds": 0.0, "passed": []}\n')
    tally.learn(kills, names)
    assert tally.kills[FOLD] == {"t2": 1, "t1": 1} and tally.kills_anywhere == {"t2": 1, "t1": 1}


def _append_many(path: str, worker: int) -> None:
    for number in range(200):
        record_kill(Path(path), f"{FOLD}__mutmut_{worker}{number}", "tests/t.py::test_" + "x" * 300, list(range(400)), 401, 0.0)


def test_parallel_workers_never_tear_each_others_records(tmp_path: Path) -> None:
    """Four processes appending at once leave every record whole."""
    kills = tmp_path / "kills.jsonl"
    workers = [multiprocessing.get_context("fork").Process(target=_append_many, args=(str(kills), n)) for n in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    lines = kills.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 800 and all(json.loads(line)["ran"] == 401 for line in lines)


def test_likeliest_killers_per_second_run_first() -> None:
    """Before any record the order is mutmut's fastest first; then proven killers lead, and a test never tried
    goes before cheaper tests that keep passing for the function, unless it costs far more."""
    seconds = {"fast": 0.001, "slow": 0.5, "killer": 0.2, "quiet": 0.001}
    tests = ["slow", "killer", "fast", "quiet"]
    assert likeliest_first(tests, FOLD, Tally(), seconds) == ["fast", "quiet", "killer", "slow"]
    tally = Tally()
    for number in range(5):  # "quiet" and "fast" passed five times, "killer" killed each mutant
        tally.add({"mutant": f"{FOLD}__mutmut_{number}", "killer": "killer", "passed": [0, 1]}, ["quiet", "fast"])
    assert likeliest_first(tests, FOLD, tally, seconds) == ["killer", "fast", "quiet", "slow"]
    cheaper = {**seconds, "slow": 0.02}
    assert likeliest_first(tests, FOLD, tally, cheaper) == ["slow", "killer", "fast", "quiet"]
    # At equal cost, a kill of another function's mutant moves a test up and a pass there moves it down.
    other = Tally()
    other.add({"mutant": "pkg.text.x_plain__mutmut_1", "killer": "slow", "passed": [0]}, ["fast"])
    assert likeliest_first(tests, FOLD, other, dict.fromkeys(tests, 0.01)) == ["slow", "killer", "quiet", "fast"]
    assert likeliest_first(["b", "a"], FOLD, Tally(), {}) == ["a", "b"]


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
    record_kill(project / "mutants" / KILLS, "toy.verifier.x_passes__mutmut_2", "tests/test_toy.py::test_boundary", [], 1, 0.01)
    record_kill(project / "mutants" / KILLS, "toy.verifier.x_passes__mutmut_1", None, [0], 1, 0.01)
    survivor, killed, method = read_mutants(project, ["toy/verifier.py"])
    assert (killed.killed_by, killed.tests_run, killed.tests_selected) == ("tests/test_toy.py::test_boundary", 1, 1)
    assert (survivor.killed_by, survivor.tests_run) == (None, 1)
    assert (method.killed_by, method.tests_run, method.tests_selected) == (None, None, None)
    report = tmp_path / "mutation.json"
    entry = {"id": killed.id, "outcome": "killed", "mutmut_status": "killed", "path": killed.path, "line": 6,
             "function": "passes", "digest": killed.digest, "tests": 1, "tests_selected": 1, "tests_run": 1,
             "killed_by": killed.killed_by, "diff": killed.diff}
    report.write_text(json.dumps({"mutants": [entry]}), encoding="utf-8")
    status, text = show(report, killed.id)
    assert status == 0 and "killed by tests/test_toy.py::test_boundary (test 1 run of the 1 chosen)" in text
