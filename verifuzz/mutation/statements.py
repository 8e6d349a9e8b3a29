"""The statement each mutant changes, as line spans of mutmut's generated file, and the tests that ran it.

A mutant differs from the original only in one statement of one function. A test that never executed
that statement in the stats run takes the same path through the mutant as through the original, so it
cannot tell them apart; only the tests that did need to run. Spans are whole statements (a compound
statement's header), not single lines, because Python may report a statement's line events on any of
its lines (a folded constant tuple reports only its first). A change to the function's own signature
(defaults are evaluated when it is defined), or to a line no statement owns, selects every test that
called the function, as mutmut does. Only the standard library: the runner loads this file by path.
"""
from __future__ import annotations

import ast
import difflib
from typing import Iterable, Mapping, Sequence

CLASS_SEPARATOR = "ǁ"
Span = tuple[int, int]
# The blocks a compound statement's header comes before.
_BLOCKS = ("body", "handlers", "orelse", "finalbody", "cases")


def statement_spans(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[Span]:
    """Line spans of every statement inside `function`: simple ones whole, compound ones up to their first block."""
    spans = []
    for node in ast.walk(function):
        if node is function or not isinstance(node, (ast.stmt, ast.ExceptHandler)) or node.end_lineno is None:
            continue
        decorators = [item.lineno for item in getattr(node, "decorator_list", ())]
        start = min([node.lineno, *decorators])
        inner = _first_inner_line(node)
        end = node.end_lineno if inner is None else max(start, inner - 1)
        spans.append((start, end))
    return spans


def header_span(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Span:
    """The lines of a function's decorators and signature, up to its first statement."""
    start = min([function.lineno, *(item.lineno for item in function.decorator_list)])
    return start, max(start, function.body[0].lineno - 1)


def changed_lines(original: Sequence[str], mutant: Sequence[str], first_line: int) -> set[int]:
    """Lines of the original copy (numbered from `first_line`) that the mutant's copy changes or inserts beside."""
    matcher = difflib.SequenceMatcher(None, list(original), list(mutant), autojunk=False)
    lines: set[int] = set()
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag == "equal":
            continue
        # An insertion changes no old line: the lines on both sides of it own the new text.
        touched = range(i1, i2) if i2 > i1 else (i1 - 1, i1)
        lines.update(first_line + index for index in touched if 0 <= index < len(original))
    return lines


def mutant_spans(source: str) -> dict[str, list[Span] | None]:
    """For each mutant function in a generated file, the spans of the statements it changes (None: the whole function).

    Keys are mutmut's generated names (`x_fold__mutmut_3`, `xǁEvidenceǁsole__mutmut_2`); the spans
    are lines of the `__mutmut_orig` copy, where the stats run executed the original code.
    """
    lines = source.splitlines()
    functions = dict(_functions(ast.parse(source)))
    found: dict[str, list[Span] | None] = {}
    for name, node in functions.items():
        base, _, number = name.rpartition("__mutmut_")
        if not base or number == "orig" or not number.isdigit():
            continue
        original = functions.get(f"{base}__mutmut_orig")
        if original is None or original.end_lineno is None or node.end_lineno is None:
            found[name] = None
            continue
        old = _renamed(lines[original.lineno - 1 : original.end_lineno], f"{base}__mutmut_orig")
        new = _renamed(lines[node.lineno - 1 : node.end_lineno], name)
        changed = changed_lines(old, new, original.lineno)
        found[name] = _owning_spans(original, changed)
    return found


def selected_tests(spans: Iterable[Span], tests_by_line: Mapping[int, Iterable[int]]) -> set[int]:
    """The tests (by position) that executed any line of any span."""
    chosen: set[int] = set()
    for start, end in spans:
        for line in range(start, end + 1):
            chosen.update(tests_by_line.get(line, ()))
    return chosen


def _owning_spans(function: ast.FunctionDef | ast.AsyncFunctionDef, changed: set[int]) -> list[Span] | None:
    start, end = header_span(function)
    if not changed or any(start <= line <= end for line in changed):
        return None
    spans = statement_spans(function)
    owning = [span for span in spans if any(span[0] <= line <= span[1] for line in changed)]
    covered = {line for line in changed if any(s <= line <= e for s, e in owning)}
    return owning if covered == changed else None


def _first_inner_line(node: ast.AST) -> int | None:
    lines = []
    for block in _BLOCKS:
        for child in getattr(node, block, None) or ():
            line = getattr(child, "lineno", None) or getattr(getattr(child, "pattern", None), "lineno", None)
            if line is not None:
                lines.append(line)
    return min(lines) if lines else None


def _functions(tree: ast.Module) -> Iterable[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield item.name, item


def _renamed(lines: Sequence[str], name: str) -> list[str]:
    renamed = list(lines)
    for index, line in enumerate(renamed):
        if f"def {name}" in line:
            renamed[index] = line.replace(f"def {name}", "def _", 1)
            break
    return renamed
