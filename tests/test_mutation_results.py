"""Reading mutmut's results: statuses from `.meta`, diffs and locations from the generated file, stable digests."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from verifuzz.mutation.outcomes import Outcome
from verifuzz.mutation.results import UnreadableResults, read_meta, read_mutants, read_record

ORIGINAL = '''"""A toy verifier."""


def passes(score: int) -> bool:
    # the boundary is inclusive
    return score >= 3


class Box:
    def label(self, ok: bool) -> str:
        return "pass" if ok else "fail"
'''

# The shape mutmut 3 generates: an `__mutmut_orig` copy and numbered mutants per function.
GENERATED = '''"""A toy verifier."""
from mutmut.mutation.trampoline import wrap_in_trampoline as _mutmut_mutated, MutantDict


def x_passes__mutmut_orig(score: int) -> bool:
    # the boundary is inclusive
    return score >= 3


def x_passes__mutmut_1(score: int) -> bool:
    # the boundary is inclusive
    return score > 3


def x_passes__mutmut_2(score: int) -> bool:
    # the boundary is inclusive
    return score >= 4


class Box:
    def xǁBoxǁlabel__mutmut_orig(self, ok: bool) -> str:
        return "pass" if ok else "fail"

    def xǁBoxǁlabel__mutmut_1(self, ok: bool) -> str:
        return "XXpassXX" if ok else "fail"
'''


def tree(tmp_path: Path, codes: dict[str, int | None]) -> Path:
    (tmp_path / "toy").mkdir(parents=True)
    (tmp_path / "toy/verifier.py").write_text(ORIGINAL, encoding="utf-8")
    (tmp_path / "mutants/toy").mkdir(parents=True)
    (tmp_path / "mutants/toy/verifier.py").write_text(GENERATED, encoding="utf-8")
    meta = {
        "exit_code_by_key": codes,
        "hash_by_function_name": {},
        "type_check_error_by_key": {},
        "durations_by_key": {key: 0.5 for key in codes},
        "estimated_durations_by_key": {},
    }
    (tmp_path / "mutants/toy/verifier.py.meta").write_text(json.dumps(meta), encoding="utf-8")
    stats = {"tests_by_mangled_function_name": {"toy.verifier.x_passes": ["tests/test_toy.py::test_boundary"]}}
    (tmp_path / "mutants/mutmut-stats.json").write_text(json.dumps(stats), encoding="utf-8")
    return tmp_path


CODES = {
    "toy.verifier.x_passes__mutmut_2": 1,
    "toy.verifier.x_passes__mutmut_1": 0,
    "toy.verifier.xǁBoxǁlabel__mutmut_1": 33,
}


def test_statuses_tests_and_order_come_from_mutmut_files(tmp_path: Path) -> None:
    """Each mutant gets mutmut's status for its exit code and the tests its stats run recorded."""
    first, second, method = read_mutants(tree(tmp_path, CODES), ["toy/verifier.py"])
    assert [m.id.rsplit(".", 1)[1] for m in (first, second, method)] == [
        "x_passes__mutmut_1", "x_passes__mutmut_2", "xǁBoxǁlabel__mutmut_1"
    ]
    assert [m.status for m in (first, second, method)] == ["survived", "killed", "no tests"]
    assert first.tests == ("tests/test_toy.py::test_boundary",) and method.tests == ()
    assert first.module == "toy.verifier" and method.function == "Box.label"


def test_diffs_use_the_original_names_and_line_numbers(tmp_path: Path) -> None:
    """The diff shows the function under its own name, at its line in the original file."""
    survivor = read_mutants(tree(tmp_path, CODES), ["toy/verifier.py"])[0]
    assert survivor.diff.splitlines() == [
        "--- toy/verifier.py",
        "+++ toy/verifier.py",
        "@@ -4,3 +4,3 @@",
        " def passes(score: int) -> bool:",
        "     # the boundary is inclusive",
        "-    return score >= 3",
        "+    return score > 3",
    ]


def test_locations_point_at_the_changed_token(tmp_path: Path) -> None:
    """Locations are 1-based, end-exclusive and cover whole tokens, for report viewers."""
    operator, number, string = read_mutants(tree(tmp_path, CODES), ["toy/verifier.py"])
    assert operator.location is not None and number.location is not None and string.location is not None
    assert (operator.location.start_line, operator.location.start_column, operator.location.end_column) == (6, 18, 20)
    assert (operator.location.original, operator.location.replacement) == (">=", ">")
    assert ORIGINAL.splitlines()[5][17:19] == ">="
    assert (number.location.original, number.location.replacement) == ("3", "4")
    assert string.location.start_line == 11 and string.location.replacement == "XXpassXX"
    assert [m.kind for m in (operator, number, string)] == ["EqualityOperator", "NumberLiteral", "StringLiteral"]


def test_digests_name_the_change_not_the_number(tmp_path: Path) -> None:
    """Renumbering keeps a digest; a different change gets a different one."""
    before = read_mutants(tree(tmp_path / "a", CODES), ["toy/verifier.py"])
    renumbered = {key.replace("mutmut_1", "mutmut_9"): code for key, code in CODES.items()}
    generated = GENERATED.replace("x_passes__mutmut_1", "x_passes__mutmut_9")
    after_root = tree(tmp_path / "b", renumbered)
    (after_root / "mutants/toy/verifier.py").write_text(generated.replace("ǁlabel__mutmut_1", "ǁlabel__mutmut_9"), encoding="utf-8")
    after = read_mutants(after_root, ["toy/verifier.py"])
    assert {m.digest for m in before} == {m.digest for m in after}
    assert len({m.digest for m in before}) == 3


def test_a_file_without_meta_has_no_mutants(tmp_path: Path) -> None:
    """A file mutmut never reached contributes nothing rather than failing the read."""
    assert read_mutants(tmp_path, ["toy/verifier.py"]) == []


FILES = ["toy/verifier.py"]


def test_a_record_follows_the_files_mutmut_has_written(tmp_path: Path) -> None:
    """Before `mutants/` nothing has started; `.meta` files mean mutants exist; the stats file means its stats run passed."""
    assert not read_record(tmp_path, FILES).started
    project = tree(tmp_path, dict.fromkeys(CODES))
    (project / "mutants/mutmut-stats.json").unlink()
    generated = read_record(project, FILES)
    assert generated.started and generated.generated == tuple(FILES) and not generated.stats_recorded
    assert (generated.counts.total, generated.counts.done, generated.reached_mutants) == (3, 0, False)
    (project / "mutants/mutmut-stats.json").write_text("{}", encoding="utf-8")
    assert read_record(project, FILES).stats_recorded and not read_record(project, FILES).reached_mutants


def test_one_recorded_exit_code_is_what_reaching_the_mutants_means(tmp_path: Path) -> None:
    """A single exit code in a `.meta` file marks the mutant phase, and counts tally each code's outcome."""
    project = tree(tmp_path, {**dict.fromkeys(CODES), "toy.verifier.x_passes__mutmut_2": 1})
    record = read_record(project, FILES)
    assert record.reached_mutants and record.recorded == 1
    assert (record.counts.total, record.counts.done, record.counts.count(Outcome.KILLED)) == (3, 1, 1)
    full = read_record(tree(tmp_path / "full", CODES), FILES).counts
    assert (full.done, full.count(Outcome.SURVIVED), full.count(Outcome.NOT_EXERCISED)) == (3, 1, 1)


def test_mutant_patterns_narrow_the_counts_not_the_record(tmp_path: Path) -> None:
    """A focused run counts only its chosen mutants, while every id and result stays in the record."""
    record = read_record(tree(tmp_path, CODES), FILES, ["toy.verifier.x_passes__*"])
    assert (record.counts.total, record.counts.done, record.recorded, len(record.ids)) == (2, 2, 3, 3)


def test_a_meta_file_cut_short_is_unreadable_not_empty(tmp_path: Path) -> None:
    """A `.meta` mutmut is halfway through writing is reported as unreadable rather than read as no mutants."""
    project = tree(tmp_path, CODES)
    meta = project / "mutants/toy/verifier.py.meta"
    meta.write_text(meta.read_text(encoding="utf-8")[:40], encoding="utf-8")
    record = read_record(project, FILES)
    assert record.unreadable and "verifier.py.meta" in record.unreadable[0]
    assert not record.generated and not record.reached_mutants
    with pytest.raises(UnreadableResults):
        read_meta(meta)


def test_a_meta_file_without_exit_codes_is_refused(tmp_path: Path) -> None:
    """JSON that lacks mutmut's exit-code table is not taken for a file with no mutants."""
    meta = tmp_path / "x.py.meta"
    meta.write_text(json.dumps({"exit_code_by_key": {"m.x_f__mutmut_1": "killed"}}), encoding="utf-8")
    with pytest.raises(UnreadableResults, match="exit_code_by_key"):
        read_meta(meta)
    assert read_meta(tmp_path / "missing.meta") is None
