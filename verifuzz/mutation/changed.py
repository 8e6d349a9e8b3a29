"""`--changed-since REV`: the functions whose lines `git diff REV` touches, as mutmut mutant-id patterns.

mutmut names a mutant after the function it lives in (`pkg.mod.x_name__mutmut_3`, methods as
`pkg.mod.xǁClassǁname__mutmut_3`), so a changed function selects all of its mutants and nothing else.
"""
from __future__ import annotations

import ast
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from verifuzz.properties.registry import UsageError

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", re.MULTILINE)
SEPARATOR = "ǁ"  # mutmut's separator between a class and a method name


@dataclass(frozen=True)
class Function:
    """A function mutmut mutates as one unit: its mangled name and the lines it spans (decorators included)."""

    name: str
    mangled: str
    first: int
    last: int


def functions(source: str) -> list[Function]:
    """Top-level functions and the methods of top-level classes, as mutmut names them."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.append(Function(node.name, f"x_{node.name}", _start(node), node.end_lineno or node.lineno))
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found.append(Function(f"{node.name}.{item.name}", f"x{SEPARATOR}{node.name}{SEPARATOR}{item.name}",
                                          _start(item),
                                          item.end_lineno or item.lineno))
    return found


def _start(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    return min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])


def changed_lines(path: Path, rev: str) -> set[int] | None:
    """Lines of the working-tree file that differ from `rev` (a deletion marks the lines on both sides of it).

    None when the file did not exist at `rev`: every line is new.
    """
    folder = path.resolve().parent
    exists = _git(folder, "cat-file", "-e", f"{rev}:./{path.name}")
    if exists.returncode != 0:
        if _git(folder, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").returncode != 0:
            raise UsageError(f"--changed-since {rev}: not a revision of the repository holding {path}; "
                             "name a branch, tag or commit (e.g. origin/main)")
        return None
    done = _git(folder, "diff", "--no-color", "--no-ext-diff", "-U0", rev, "--", path.name)
    if done.returncode != 0:
        raise UsageError(f"--changed-since {rev}: git diff failed for {path}: {done.stderr.strip()[-300:]}")
    lines: set[int] = set()
    for match in _HUNK.finditer(done.stdout):
        start, count = int(match.group(1)), int(match.group(2) or "1")
        lines |= set(range(start, start + count)) if count else {start, start + 1}
    return lines


def _git(folder: Path, *words: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(["git", "-C", str(folder), *words], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise UsageError("--changed-since needs git on PATH") from None


def changed_functions(path: Path, rev: str) -> list[Function]:
    """The functions of the file at `path` that changed since `rev` (all of them for a file new since then)."""
    found = functions(path.read_text(encoding="utf-8"))
    lines = changed_lines(path, rev)
    if lines is None:
        return found
    return [function for function in found if any(function.first <= line <= function.last for line in lines)]


def patterns(module: str, changed: list[Function]) -> list[str]:
    """mutmut id globs choosing every mutant of the changed functions in `module`."""
    return [f"{module}.{function.mangled}__mutmut_*" for function in changed]
