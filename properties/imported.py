"""A verify.py imported as a module and run in this process through its own `__main__` block.

The mutation gate needs this: mutmut maps tests to functions and switches mutants inside the test
process, so a script run in a subprocess would be neither mapped nor mutated. Each example is laid
out as a harness would (evidence file, an output folder, input files) and the script's command line
runs with that argv; only `Subject.outcome` is promised to callers.
"""
from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import io
import json
import shlex
import sys
import tempfile
import traceback
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.registry import UsageError
from verifuzz.properties.scrub import escaped, scrub
from verifuzz.properties.subjects import Subject
from verifuzz.strategies.malformed import DIRECTORY



def load_script(path: Path, name: str) -> ModuleType:
    """Import the file at `path` as module `name` (registered in sys.modules, so its functions know their module)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise UsageError(f"{path}: cannot be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as error:  # noqa: BLE001 - any failure at import is the user's script
        del sys.modules[name]
        raise UsageError(f"{path}: importing it as a module failed ({type(error).__name__}: {error}); "
                         "its module-level code must run without command-line arguments") from None
    return module


def entry_point(module: ModuleType) -> CodeType:
    """The body of the script's `if __name__ == "__main__":` block, compiled to run in the module's namespace.

    Without such a block, a `main()` function is the entry point; with neither there is nothing to call.
    """
    path = Path(module.__file__ or "<script>")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = [statement for node in tree.body if _is_main_guard(node) for statement in node.body]
    if not body:
        if callable(getattr(module, "main", None)):
            body = ast.parse("main()").body
        else:
            raise UsageError(f"{path}: no `if __name__ == \"__main__\":` block and no main() function, so it "
                             "cannot be run in-process; put the command line's entry point in one of them")
    return compile(ast.Module(body=body, type_ignores=[]), str(path), "exec")


def _is_main_guard(node: ast.stmt) -> bool:
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    sides = [node.test.left, *node.test.comparators]
    names = {side.id for side in sides if isinstance(side, ast.Name)}
    texts = {side.value for side in sides if isinstance(side, ast.Constant)}
    return names == {"__name__"} and texts == {"__main__"} and isinstance(node.test.ops[0], ast.Eq)


class ImportedScript(Subject):
    """A verify.py loaded once as module `module_name` and run per example with the argv a harness passes.

    `extra` holds further flags (`--skill-file` -> path) added to every command line. Outputs are read
    back from the files the script wrote; the scratch folder, the script's folder and tempfile's names are replaced
    in them (properties/scrub.py), so outcomes from two processes compare equal.
    """

    def __init__(self, module_name: str, task: str, *, script: Path | None = None,
                 extra: dict[str, str] | None = None, keys: tuple[str, ...] | None = None) -> None:
        self.module_name = module_name
        self.task = task
        self.extra = dict(extra or {})
        self.keys = keys
        self.module = importlib.import_module(module_name) if script is None else load_script(script, module_name)
        self.script = Path(self.module.__file__ or module_name)
        self.label = f"{self.script} (imported as {module_name}, in-process)"
        self._main = entry_point(self.module)

    def outcome(self, example: Example) -> Outcome:
        # A folder per example: mutmut forks its workers from one process, so a folder made once would be shared.
        with tempfile.TemporaryDirectory(prefix="verifuzz-imported-") as scratch:
            return self._outcome(example, Path(scratch))

    def _outcome(self, example: Example, root: Path) -> Outcome:
        evidence = root / "artifacts" / "buzz-evidence.json"
        evidence.parent.mkdir()
        data = example.evidence_bytes()
        if example.fault == DIRECTORY:
            evidence.mkdir()
        elif data is not None:
            evidence.write_bytes(data)
        output = root / "verifier"
        output.mkdir()
        argv = ["--evidence", str(evidence), "--reward", str(output / "reward.json"),
                "--details", str(output / "details.json")]
        for index, (flag, text) in enumerate(example.input_files.items()):
            path = root / f"input-{index}"
            path.write_text(text, encoding="utf-8")
            argv += [flag, str(path)]
        for flag, value in self.extra.items():
            argv += [flag, value]
        error = self._run(argv)
        folder = escaped(str(self.script.resolve().parent))
        metrics, metrics_error = _read(output / "reward.json", root, folder)
        details, details_error = _read(output / "details.json", root, folder)
        if metrics is not None and not isinstance(metrics, dict):
            metrics = {"<not an object>": metrics}
        return Outcome(metrics, details, error or metrics_error or details_error)

    def _run(self, argv: list[str]) -> str | None:
        """The entry point with `argv`, its printing captured; None when it ended normally with status 0."""
        saved = sys.argv
        sys.argv = [str(self.script), *argv]
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                exec(self._main, self.module.__dict__)  # noqa: S102 - the script's own entry point
        except SystemExit as stop:
            if stop.code not in (None, 0):
                return f"exit status {stop.code}: {printed.getvalue()[-2000:]}"
        except BaseException:  # noqa: BLE001 - a crash is an outcome the promises judge
            return traceback.format_exc(limit=6)
        finally:
            sys.argv = saved
        return None

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        words = ["python3", str(self.script), "--evidence", evidence, "--reward", "reward.json",
                 "--details", "details.json"]
        for flag, path in {**inputs, **self.extra}.items():
            words += [flag, path]
        return shlex.join(words)


def _read(path: Path, root: Path, script_folder: str) -> tuple[Any, str | None]:
    if not path.is_file():
        return None, f"{path.name} was not written"
    try:
        text = path.read_text(encoding="utf-8")
        return json.loads(scrub(text, escaped(str(root)), script_folder)), None
    except (ValueError, UnicodeDecodeError) as error:
        return None, f"{path.name} is not valid JSON: {error}"
