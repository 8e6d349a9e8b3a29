"""Statement selection: which lines own a mutant's change, and which tests ran them."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import coverage

from verifuzz.mutation.statements import changed_lines, header_span, mutant_spans, selected_tests, statement_spans

# The shape mutmut generates: the original copy and numbered mutants, functions and methods.
GENERATED = '''\
def x_label__mutmut_orig(ok, strict=True):
    """Name a verdict."""
    names = (
        "pass",
        "fail",
    )
    if ok and strict:
        return names[0]
    return names[1]


def x_label__mutmut_1(ok, strict=True):
    """Name a verdict."""
    names = (
        "pass",
        "XXfailXX",
    )
    if ok and strict:
        return names[0]
    return names[1]


def x_label__mutmut_2(ok, strict=False):
    """Name a verdict."""
    names = (
        "pass",
        "fail",
    )
    if ok and strict:
        return names[0]
    return names[1]


def x_label__mutmut_3(ok, strict=True):
    """Name a verdict."""
    names = (
        "pass",
        "fail",
    )
    if ok or strict:
        return names[0]
    return names[1]


class Box:
    def xǁBoxǁopen__mutmut_orig(self, items):
        for item in items:
            try:
                yield item.strip()
            except AttributeError:
                continue

    def xǁBoxǁopen__mutmut_1(self, items):
        for item in items:
            try:
                yield item.strip()
            except AttributeError:
                break
'''


def test_simple_statements_are_whole_and_compound_ones_stop_at_their_block() -> None:
    """A multi-line assignment owns all its lines; an `if` owns its condition, a `for` its header, `except` its line."""
    function = ast.parse(GENERATED).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert header_span(function) == (1, 1)
    assert sorted(statement_spans(function)) == [(2, 2), (3, 6), (7, 7), (8, 8), (9, 9)]
    method = ast.parse(GENERATED).body[4].body[0]  # type: ignore[attr-defined]
    assert sorted(statement_spans(method)) == [(47, 47), (48, 48), (49, 49), (50, 50), (51, 51)]


def test_each_mutant_is_owned_by_the_statement_it_changes() -> None:
    """A changed continuation line maps to its whole statement, a changed default to the whole function."""
    spans = mutant_spans(GENERATED)
    assert spans["x_label__mutmut_1"] == [(3, 6)]
    assert spans["x_label__mutmut_2"] is None
    assert spans["x_label__mutmut_3"] == [(7, 7)]
    assert spans["xǁBoxǁopen__mutmut_1"] == [(51, 51)]
    assert "x_label__mutmut_orig" not in spans and "xǁBoxǁopen__mutmut_orig" not in spans


def test_an_insertion_belongs_to_the_lines_around_it() -> None:
    """Lines only added by a mutant are owned by the original lines on both sides."""
    assert changed_lines(["a", "b", "c"], ["a", "b", "new", "c"], 10) == {11, 12}
    assert changed_lines(["a", "b"], ["a", "B"], 1) == {2}
    assert changed_lines(["a"], ["a"], 1) == set()


def test_a_folded_constant_reports_its_statement_not_its_own_line(tmp_path: Path) -> None:
    """Python never reports the line of "fail" in a folded tuple; the statement's span still finds the test."""
    source = tmp_path / "folded.py"
    source.write_text(GENERATED, encoding="utf-8")
    measured = coverage.Coverage(data_file=None, include=[str(source)], config_file=False)
    sys.path.insert(0, str(tmp_path))
    try:
        measured.start()
        import folded

        measured.switch_context("test_fail")
        folded.x_label__mutmut_orig(False)
        measured.switch_context("test_pass")
        folded.x_label__mutmut_orig(True)
        measured.stop()
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("folded", None)
    contexts = measured.get_data().contexts_by_lineno(str(source))
    assert 5 not in contexts  # the line of "fail" itself
    positions = {"test_fail": 0, "test_pass": 1}
    by_line = {line: [positions[name] for name in names if name in positions] for line, names in contexts.items()}
    assert selected_tests(mutant_spans(GENERATED)["x_label__mutmut_1"], by_line) == {0, 1}
    assert selected_tests([(8, 8)], by_line) == {1}
