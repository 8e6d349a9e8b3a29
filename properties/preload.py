"""What a fork server may load before any example runs: the modules a script imports and, when nothing could
tell, the definitions ahead of its main guard.

Worked out here, in the parent, so the server itself never imports `ast`: every module the server holds is one
a fresh interpreter running the script would not have, and one more namespace the persistent worker must watch.
"""
from __future__ import annotations

import ast
import os
import re
from pathlib import Path
from typing import Any, Iterator

# Names whose use at module level depends on the run (argv, environment, files, clock, output): a script that
# uses any of them before its main guard is run whole in every child, never loaded ahead of time.
RUN_DEPENDENT = {"argv", "environ", "getenv", "stdin", "stdout", "stderr", "cwd", "getcwd", "open", "print", "input",
                 "exit", "time", "random", "urandom", "listdir", "scandir", "read_text", "read_bytes", "exists",
                 "is_file", "is_dir", "glob", "iterdir", "walk", "now", "today", "home", "expanduser", "chdir"}
DEFINITIONS = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign,
               ast.AnnAssign, ast.Expr, ast.Pass, ast.Try)
_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=]")  # PEP 263: the server splits the text, so it must be plain UTF-8


def plan(script: Path) -> dict[str, Any]:
    """The modules to import ahead (`imports`) and the line of the final main guard when the definitions before it
    can be loaded once (`split`, else None)."""
    try:
        source = script.read_bytes()
    except OSError:
        return {"imports": [], "split": None}  # the server reports the missing file as a fresh interpreter would
    return {"imports": imported_names(source), "split": split_line(str(script), source)}


def imported_names(source: bytes | str) -> list[str]:
    """Every absolute module name the script imports, anywhere in its code."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def main_guard(node: ast.stmt) -> bool:
    """`if __name__ == "__main__":`, in either order, with no else."""
    if not isinstance(node, ast.If) or node.orelse or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    sides = [test.left, *test.comparators]
    names = {s.id for s in sides if isinstance(s, ast.Name)}
    values = {s.value for s in sides if isinstance(s, ast.Constant)}
    return len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq) and names == {"__name__"} and values == {"__main__"}


def _evaluated(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a top-level statement that run when the module loads (not the bodies of functions)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        for part in (*node.decorator_list, *node.args.defaults, *node.args.kw_defaults):
            if part is not None:
                yield from _evaluated(part)
        return
    if isinstance(node, ast.Lambda):
        return
    yield node
    for child in ast.iter_child_nodes(node):
        yield from _evaluated(child)


def split_line(script: str, source: bytes) -> int | None:
    """The line of the script's final main guard, when loading the definitions before it ahead of time cannot be
    observed: only definitions before one final main guard, none of them touching argv, the environment, files, the
    clock or output, and no import from the script's own folder. None: run the script whole."""
    try:
        source.decode("utf-8")
        tree = ast.parse(source, script)
    except (SyntaxError, ValueError):
        return None
    if any(_CODING.match(line) for line in source.splitlines()[:2]):
        return None
    if not tree.body or not main_guard(tree.body[-1]):
        return None
    prefix = tree.body[:-1]
    if any(not isinstance(node, DEFINITIONS) or main_guard(node) for node in prefix):
        return None
    folder = os.path.dirname(os.path.realpath(script))
    for node in prefix:
        for part in _evaluated(node):
            if isinstance(part, ast.Name) and part.id in RUN_DEPENDENT or \
                    isinstance(part, ast.Attribute) and part.attr in RUN_DEPENDENT:
                return None
            if isinstance(part, (ast.Import, ast.ImportFrom)):
                modules = [a.name for a in part.names] if isinstance(part, ast.Import) else [part.module or ""]
                if getattr(part, "level", 0) or any(_sibling(folder, m) for m in modules):
                    return None
    return tree.body[-1].lineno


def _sibling(folder: str, module: str) -> bool:
    top = module.split(".")[0]
    return os.path.exists(os.path.join(folder, top + ".py")) or os.path.isdir(os.path.join(folder, top))
