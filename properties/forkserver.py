"""A fork server for one verifier script: load its imports once, then fork a child per example.

Run as a file under the verifier's own interpreter (`python3 forkserver.py SCRIPT`), it imports only the
standard library. Each request is one JSON line on stdin (argv, working directory, environment, files for
stdout and stderr, timeout, output cap); the child runs the script's code as `__main__` with the real argv,
as `python3 SCRIPT ARGV...` would, and the server answers one JSON line with the exit code.
"""
from __future__ import annotations

import ast
import atexit
import builtins
import gc
import importlib
import json
import os
import select
import signal
import sys
import time
import traceback
import types

try:
    import resource
except ImportError:  # not on every platform; without it there is no cap on output size
    pass


def imported_names(source: str) -> list[str]:
    """Every absolute module name the script imports, anywhere in its code."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def preimport(script: str, source: str) -> None:
    """Import what the script imports, but nothing from its own folder: a sibling module's import-time
    code must run in the child, in the example's working directory, as it would in a fresh interpreter."""
    folder = os.path.dirname(os.path.abspath(script))
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != folder and p != ""]
    try:
        for name in imported_names(source):
            try:
                importlib.import_module(name)
                if name in WARM:
                    WARM.pop(name)()
            except BaseException:  # noqa: BLE001 - a module that fails here fails again, visibly, in the child
                pass
    finally:
        sys.path[:] = saved


# Names whose use at module level depends on the run (argv, environment, files, clock, output): a script that
# uses any of them before its main guard is run whole in every child, never loaded ahead of time.
RUN_DEPENDENT = {"argv", "environ", "getenv", "stdin", "stdout", "stderr", "cwd", "getcwd", "open", "print", "input",
                 "exit", "time", "random", "urandom", "listdir", "scandir", "read_text", "read_bytes", "exists",
                 "is_file", "is_dir", "glob", "iterdir", "walk", "now", "today", "home", "expanduser", "chdir"}
DEFINITIONS = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign,
               ast.AnnAssign, ast.Expr, ast.Pass, ast.Try)


def main_guard(node: ast.stmt) -> bool:
    """`if __name__ == "__main__":`, in either order, with no else."""
    if not isinstance(node, ast.If) or node.orelse or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    sides = [test.left, *test.comparators]
    names = {s.id for s in sides if isinstance(s, ast.Name)}
    values = {s.value for s in sides if isinstance(s, ast.Constant)}
    return len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq) and names == {"__name__"} and values == {"__main__"}


def _evaluated(node: ast.AST):
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


def split(script: str, source: bytes) -> tuple[types.CodeType, types.CodeType] | None:
    """The script as definitions to load once and the main guard to run per example, when loading its
    definitions ahead of time cannot be observed: only definitions before one final main guard, none of them
    touching argv, the environment, files, the clock or output, and no import from the script's own folder."""
    try:
        tree = ast.parse(source, script)
    except (SyntaxError, ValueError):
        return None
    if not tree.body or not main_guard(tree.body[-1]):
        return None
    prefix = tree.body[:-1]
    if any(not isinstance(node, DEFINITIONS) or main_guard(node) for node in prefix):
        return None
    folder = os.path.dirname(os.path.abspath(script))
    for node in prefix:
        for part in _evaluated(node):
            if isinstance(part, ast.Name) and part.id in RUN_DEPENDENT or \
                    isinstance(part, ast.Attribute) and part.attr in RUN_DEPENDENT:
                return None
            if isinstance(part, (ast.Import, ast.ImportFrom)):
                modules = [a.name for a in part.names] if isinstance(part, ast.Import) else [part.module or ""]
                if getattr(part, "level", 0) or any(_sibling(folder, m) for m in modules):
                    return None
    head = ast.Module(body=prefix, type_ignores=[])
    guard = ast.Module(body=[tree.body[-1]], type_ignores=[])
    return compile(head, script, "exec"), compile(guard, script, "exec")


def _sibling(folder: str, module: str) -> bool:
    top = module.split(".")[0]
    return os.path.exists(os.path.join(folder, top + ".py")) or os.path.isdir(os.path.join(folder, top))


def fresh_main(script: str) -> types.ModuleType:
    main = types.ModuleType("__main__")
    main.__file__ = script
    main.__builtins__ = builtins
    sys.modules["__main__"] = main
    return main


def warm_argparse() -> None:
    """Build and use a parser once, so the regular expressions argparse compiles for every parser are in `re`'s
    cache before the fork: compiling them took most of a child's time. The cache is not observable."""
    import argparse

    parser = argparse.ArgumentParser(prog="warm", description="warm")
    parser.add_argument("--flag", required=True, help="a flag")
    parser.add_argument("positional", nargs="?")
    parser.parse_known_args(["--flag", "1", "value"])
    parser.format_help()


WARM = {"argparse": warm_argparse}  # stdlib modules whose first use in a process costs more than the script's work


def child(script: str, code: types.CodeType | None, error: BaseException | None, request: dict,
          loaded: types.ModuleType | None = None) -> None:
    """Become `python3 SCRIPT ARGV...` in the request's folder, run the script (or, when its definitions are
    `loaded`, its main guard), and exit with its status."""
    os.chdir(request["cwd"])
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    for fd, key in ((1, "stdout"), (2, "stderr")):
        target = os.open(request[key], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(target, fd)
        os.close(target)
    try:
        resource.setrlimit(resource.RLIMIT_FSIZE, (request["cap"], request["cap"]))
    except (NameError, ValueError, OSError):
        pass
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = [script, *request["argv"]]
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    main = loaded or fresh_main(script)
    status = 0
    try:
        if error is not None:
            raise error
        exec(code, main.__dict__)
    except SystemExit as stop:
        status = exit_status(stop.code)
    except BaseException as uncaught:  # noqa: BLE001 - printed as the interpreter prints an uncaught exception
        frames = uncaught.__traceback__
        while frames is not None and frames.tb_frame.f_code.co_filename == __file__:
            frames = frames.tb_next  # this server's own frame is not part of the script's traceback
        traceback.print_exception(type(uncaught), uncaught, frames)
        status = 1
    try:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - a failed flush is what a fresh interpreter would also hit at exit
        status = status or 120
    os._exit(status)


def exit_status(code: object) -> int:
    """The status `sys.exit(code)` ends an interpreter with."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def wait(pid: int, timeout: float) -> tuple[int, bool]:
    """The child's exit code (negative: killed by that signal), and whether it ran out of time."""
    deadline = time.monotonic() + timeout
    handle = os.pidfd_open(pid) if hasattr(os, "pidfd_open") else None
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return os.waitstatus_to_exitcode(status), False
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                _, status = os.waitpid(pid, 0)
                return os.waitstatus_to_exitcode(status), True
            if handle is not None:
                select.select([handle], [], [], left)
            else:
                time.sleep(min(left, 0.001))
    finally:
        if handle is not None:
            os.close(handle)


def load(script: str, source: bytes) -> tuple[types.CodeType | None, BaseException | None, types.ModuleType | None]:
    """What each child runs: the main guard over definitions loaded here once, else the whole script."""
    parts = split(script, source)
    if parts is not None:
        head, guard = parts
        main = fresh_main(script)
        saved = sys.argv
        sys.argv = [script]
        try:
            exec(head, main.__dict__)
            return guard, None, main
        except BaseException:  # noqa: BLE001 - then every child runs the script whole, and fails as it would
            pass
        finally:
            sys.argv = saved
    try:
        return compile(source, script, "exec"), None, None
    except (SyntaxError, ValueError) as problem:
        return None, problem, None  # raised in each child, where a fresh interpreter would report it


def serve(script: str) -> None:
    # This file's own folder must not stand where the script's will: the script imports from its own folder.
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    with open(script, "rb") as handle:
        source = handle.read()
    preimport(script, source.decode("utf-8", "replace"))
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    # Stray output of an imported module must not land in the reply channel.
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    code, error, loaded = load(script, source)
    # What the server holds goes to the permanent generation: a child's collections never walk it, so they
    # never write to (and copy) the pages it sits on.
    gc.collect()
    gc.freeze()
    replies.write(json.dumps({"ready": True, "loaded": loaded is not None}).encode() + b"\n")
    replies.flush()
    for line in requests:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            child(script, code, error, request, loaded)
        status, timed_out = wait(pid, request["timeout"])
        replies.write(json.dumps({"exit": status, "timed_out": timed_out}).encode() + b"\n")
        replies.flush()


if __name__ == "__main__":
    serve(sys.argv[1])
