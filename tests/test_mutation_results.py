"""Reading mutmut's results: statuses from `.meta`, diffs and locations from the generated file, stable digests."""
from __future__ import annotations

import json
from pathlib import Path

from verifuzz.mutation.results import mutator_name, read_mutants, split_id

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


def test_ids_split_into_generated_and_display_names() -> None:
    """Functions and methods keep mutmut's mangled names apart from what a person reads."""
    assert split_id("pkg.mod.x_fold__mutmut_3") == ("x_fold__mutmut_orig", "fold", "fold")
    assert split_id("pkg.mod.xǁEvidenceǁsole__mutmut_2") == ("xǁEvidenceǁsole__mutmut_orig", "Evidence.sole", "sole")


def test_mutator_names_without_a_location_are_generic() -> None:
    """A mutant whose change could not be located still gets a category."""
    assert mutator_name(None) == "Mutation"
