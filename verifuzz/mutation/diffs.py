"""What each mutant changed: its diff at the original line numbers, a digest of the change and where it sits.

Read from mutmut's generated file (the `__mutmut_orig` copy against the mutant) and the original
source, parsed with `ast` only, so no mutmut internals are needed.
"""
from __future__ import annotations

import ast
import difflib
import hashlib
from dataclasses import dataclass
from typing import Iterable, Sequence

CLASS_SEPARATOR = "ǁ"
_COMPARISONS = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"}
_ARITHMETIC = {"+", "-", "*", "/", "//", "%", "**", "+=", "-=", "*=", "/="}


@dataclass(frozen=True)
class Location:
    """Where a mutation sits in the original file, 1-based lines and columns, end exclusive."""

    start_line: int
    start_column: int
    end_line: int
    end_column: int
    original: str
    replacement: str


@dataclass(frozen=True)
class Change:
    """One mutant's function, diff, digest and location."""

    function: str
    diff: str
    digest: str
    location: Location | None


class Source:
    """A Python file's lines and where each top-level function and method starts and ends."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.splitlines()
        self.functions: dict[str, tuple[int, int, int]] = {}
        for node in ast.parse(text).body:
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    self._add(item, f"{node.name}.")
            self._add(node, "")

    def _add(self, node: ast.stmt, prefix: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
            self.functions.setdefault(prefix + node.name, (node.lineno, node.end_lineno, node.col_offset))
            self.functions.setdefault(node.name, (node.lineno, node.end_lineno, node.col_offset))

    def body(self, name: str) -> tuple[int, list[str]] | None:
        """The def line and the lines of function `name` (method names mangled by mutmut are unique)."""
        span = self.functions.get(name)
        if span is None:
            return None
        start, end, _ = span
        return start, self.lines[start - 1 : end]


def split_id(mutant_id: str) -> tuple[str, str, str]:
    """(`generated name of the original copy`, `display name`, `bare function name`) for a mutant id."""
    generated = mutant_id.rsplit(".", 1)[-1]
    base = generated.partition("__mutmut_")[0]
    if CLASS_SEPARATOR in base:
        _, owner, name = base.split(CLASS_SEPARATOR, 2)
        return base + "__mutmut_orig", f"{owner}.{name}", name
    name = base.removeprefix("x_")
    return base + "__mutmut_orig", name, name


def describe(mutant_id: str, path: str, generated: Source, original: Source) -> Change:
    """Diff, digest and location of one mutant, from the generated file and the original source."""
    orig_name, display, bare = split_id(mutant_id)
    mutant_name = mutant_id.rsplit(".", 1)[-1]
    before, after = generated.body(orig_name), generated.body(mutant_name)
    if before is None or after is None:
        return Change(display, f"(mutmut's generated code for {mutant_id} was not found)", _digest(path, display, [], []), None)
    old = _rename(before[1], orig_name, bare)
    new = _rename(after[1], mutant_name, bare)
    source = original.body(display) or original.body(bare)
    first_line = source[0] if source and source[1] == old[: len(source[1])] else None
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    removed = [line for tag, i1, i2, _, _ in matcher.get_opcodes() if tag != "equal" for line in old[i1:i2]]
    added = [line for tag, _, _, j1, j2 in matcher.get_opcodes() if tag != "equal" for line in new[j1:j2]]
    return Change(
        function=display,
        diff=unified(old, new, path, first_line or 1),
        digest=_digest(path, display, removed, added),
        location=_location(matcher, old, new, first_line) if first_line else None,
    )


def unified(old: Sequence[str], new: Sequence[str], path: str, first_line: int) -> str:
    """A unified diff whose line numbers are those of the original file."""
    lines = [f"--- {path}", f"+++ {path}"]
    for group in difflib.SequenceMatcher(None, old, new, autojunk=False).get_grouped_opcodes(2):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        lines.append(f"@@ -{first_line + i1},{i2 - i1} +{first_line + j1},{j2 - j1} @@")
        for tag, a1, a2, b1, b2 in group:
            if tag == "equal":
                lines += [" " + line for line in old[a1:a2]]
                continue
            lines += ["-" + line for line in old[a1:a2]]
            lines += ["+" + line for line in new[b1:b2]]
    return "\n".join(lines)


def mutator_name(location: Location | None) -> str:
    """A rough category for report viewers, guessed from the changed text."""
    if location is None:
        return "Mutation"
    old, new = location.original.strip(), location.replacement.strip()
    if old in {"True", "False"} or new in {"True", "False"}:
        return "BooleanLiteral"
    if new == "None":
        return "NoneValue"
    if "XX" in new or (old != new and old.lower() == new.lower()) or old[:1] in "\"'" or new[:1] in "\"'":
        return "StringLiteral"
    if old.replace(".", "", 1).isdigit() and new.replace(".", "", 1).isdigit():
        return "NumberLiteral"
    if old in _COMPARISONS and new in _COMPARISONS:
        return "EqualityOperator"
    if {old, new} <= {"and", "or"}:
        return "LogicalOperator"
    if old in _ARITHMETIC and new in _ARITHMETIC:
        return "ArithmeticOperator"
    if old in {"break", "continue"} or new in {"break", "continue"}:
        return "LoopControl"
    return "Mutation"


def _rename(lines: Sequence[str], generated: str, bare: str) -> list[str]:
    renamed = list(lines)
    if renamed:
        renamed[0] = renamed[0].replace(generated, bare, 1)
    return renamed


def _digest(path: str, function: str, removed: Iterable[str], added: Iterable[str]) -> str:
    text = "\n".join([f"{path}:{function}", *("-" + line.strip() for line in removed), *("+" + line.strip() for line in added)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _location(matcher: difflib.SequenceMatcher[str], old: Sequence[str], new: Sequence[str], first_line: int) -> Location | None:
    changes = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    if not changes:
        return None
    _, i1, i2, j1, j2 = changes[0]
    if i2 - i1 == 1 and j2 - j1 == 1:
        before, after = old[i1], new[j1]
        start, end_old, end_new = _changed_span(before, after)
        return Location(first_line + i1, start + 1, first_line + i1, end_old + 1, before[start:end_old], after[start:end_new])
    last = max(i2 - 1, i1)
    end_text = old[last] if last < len(old) else ""
    return Location(
        first_line + i1,
        1,
        first_line + last,
        len(end_text) + 1,
        "\n".join(old[i1:i2]),
        "\n".join(new[j1:j2]),
    )


def _changed_span(before: str, after: str) -> tuple[int, int, int]:
    """Start, end in `before` and end in `after` of the differing middle, widened to whole tokens.

    Widening makes `<` -> `<=` read as two operators and `True` -> `False` as two words.
    """
    prefix = 0
    while prefix < min(len(before), len(after)) and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(before), len(after)) - prefix and before[-1 - suffix] == after[-1 - suffix]:
        suffix += 1
    start, end_old, end_new = prefix, len(before) - suffix, len(after) - suffix
    while start > 0 and _kind(before[start - 1]) in _edge(before, after, start, start, end_old, end_new, start):
        start -= 1
    while end_old < len(before) and _kind(before[end_old]) in _edge(
        before, after, end_old - 1, end_new - 1, end_old, end_new, start
    ):
        end_old += 1
        end_new += 1
    return start, end_old, end_new


def _kind(char: str) -> str | None:
    if char.isalnum() or char == "_":
        return "word"
    return "operator" if char in "<>=!+-*/%&|^~@" else None


def _edge(before: str, after: str, at_old: int, at_new: int, end_old: int, end_new: int, start: int) -> set[str]:
    """Token kinds of the changed text at one edge, in either version."""
    kinds = {_kind(before[at_old])} if start <= at_old < end_old else set()
    if start <= at_new < end_new:
        kinds.add(_kind(after[at_new]))
    return {kind for kind in kinds if kind}

