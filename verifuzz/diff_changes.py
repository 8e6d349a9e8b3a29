"""What differs between OLD and NEW: the changed lines and functions, and the values of any changed comparison.

Lines are matched with difflib and functions found with ast, as the mutation gate does for `--changed-since`
(verifuzz/mutation/changed.py). The constants, words and case folds on the changed lines are the boundary values
`verifuzz diff` steers its look-alike examples toward (strategies/lookalikes.py).
"""
from __future__ import annotations

import ast
import difflib
import re
from dataclasses import dataclass, field

from verifuzz.mutation.changed import Function, functions

# Calls and flags that fold case: adding or removing one changes which look-alikes a comparison lets through.
CASE_FOLDS = {"lower", "upper", "casefold", "title", "capitalize", "swapcase", "I", "IGNORECASE"}
WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")


@dataclass
class Changes:
    """The lines of NEW that differ from OLD (a deletion marks the NEW lines on both sides of it), the functions of
    either version holding a change, and the comparison values that differ."""

    lines: set[int] = field(default_factory=set)
    functions: list[str] = field(default_factory=list)
    numbers: tuple[float, ...] = ()
    words: tuple[str, ...] = ()
    case_fold: bool = False

    @property
    def empty(self) -> bool:
        return not self.lines

    def summary(self) -> str:
        """The change in one line, e.g. `2 lines in read_answer; numbers 1, 0.01; words send; a case fold`."""
        if self.empty:
            return "no line differs"
        parts = [f"{len(self.lines)} line{'s' if len(self.lines) != 1 else ''}"
                 + (f" in {', '.join(self.functions)}" if self.functions else " at module level")]
        if self.numbers:
            parts.append("numbers " + ", ".join(f"{n:g}" for n in self.numbers))
        if self.words:
            parts.append("words " + ", ".join(self.words))
        if self.case_fold:
            parts.append("a case fold")
        return "; ".join(parts)


def changes(old: str, new: str) -> Changes:
    """Compare two sources line by line (ignoring trailing whitespace) and read the changed lines of both with ast."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    matcher = difflib.SequenceMatcher(None, [l.rstrip() for l in old_lines], [l.rstrip() for l in new_lines],
                                      autojunk=False)
    in_old: set[int] = set()
    in_new: set[int] = set()
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        in_old |= set(range(i1 + 1, i2 + 1))
        in_new |= set(range(j1 + 1, j2 + 1)) if j2 > j1 else {j1, j1 + 1}
    found = Changes(lines={n for n in in_new if 1 <= n <= max(len(new_lines), 1)})
    if not in_old and not in_new:
        return Changes()
    names = [f.name for f in _touched(new, in_new)] + [f.name for f in _touched(old, in_old)]
    found.functions = list(dict.fromkeys(names))
    old_values, new_values = _values(old, in_old), _values(new, in_new)
    moved = old_values ^ new_values
    found.numbers = tuple(sorted({abs(v) for kind, v in moved if kind == "number" and v}))
    found.words = tuple(sorted({w for kind, v in moved if kind == "word" for w in WORD.findall(str(v))}))
    found.case_fold = any(kind == "fold" for kind, _ in moved)
    return found


def _touched(source: str, lines: set[int]) -> list[Function]:
    try:
        return [f for f in functions(source) if any(f.first <= n <= f.last for n in lines)]
    except SyntaxError:
        return []


def _values(source: str, lines: set[int]) -> set[tuple[str, object]]:
    """The constants, and the case-folding names, of the AST nodes that start on `lines`."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    found: set[tuple[str, object]] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) not in lines:
            continue
        if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
            if isinstance(node.value, (int, float)):
                found.add(("number", float(node.value)))
            elif isinstance(node.value, str):
                found.add(("word", node.value))
        elif isinstance(node, ast.Attribute) and node.attr in CASE_FOLDS:
            found.add(("fold", node.attr))
        elif isinstance(node, ast.Name) and node.id in CASE_FOLDS:
            found.add(("fold", node.id))
        elif isinstance(node, ast.keyword) and node.arg == "flags":
            found.add(("fold", ast.dump(node.value)))
    return found
