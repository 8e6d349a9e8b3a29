"""The lines of a script each example executes, measured in the run that judges it.

NEW runs through a small launcher that sets a line tracer (`sys.settrace`, standard library only, so any interpreter
a verifier runs under can load it) for the script's own file, runs the script as `__main__` exactly as `python3
SCRIPT` would, and appends the lines it executed to a file after each run. The outcome is the script's own; only
the launcher's frames are added to a traceback.
"""
from __future__ import annotations

import ast
import shutil
import tempfile
from pathlib import Path

from verifuzz.properties.example import Example, Outcome
from verifuzz.properties.subjects import Command, Subject

LAUNCHER = '''\
{imports}
import runpy, sys
TARGET = {target!r}
LINES = {lines!r}
seen = set()


def local(frame, event, arg):
    if event == "line":
        seen.add(frame.f_lineno)
    return local


def tracer(frame, event, arg):
    if frame.f_code.co_filename != TARGET:
        return None
    seen.add(frame.f_lineno)
    return local


sys.argv[0] = TARGET
sys.settrace(tracer)
try:
    runpy.run_path(TARGET, run_name="__main__")
finally:
    sys.settrace(None)
    with open(LINES, "a", encoding="ascii") as out:
        out.write(" ".join(map(str, sorted(seen))) + "\\n")
'''


class Traced(Subject):
    """A command-line script run through the tracing launcher; `take()` returns the lines run since the last call."""

    def __init__(self, script: Path, task: str, **options: object) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="verifuzz-trace-"))
        self.lines_file = self.folder / "lines.txt"
        self.lines_file.write_text("", encoding="ascii")
        launcher = self.folder / "traced.py"
        target = str(Path(script).resolve())
        launcher.write_text(LAUNCHER.format(imports=_imports(Path(script)), target=target, lines=str(self.lines_file)),
                            encoding="utf-8")
        self.inner = Command(launcher, task, **options)  # type: ignore[arg-type]
        self.plain = Command(Path(script), task, **options)  # names the script in reproductions
        self.task = task
        self.label = str(script)
        self.keys = self.inner.keys
        self.writes_details = self.inner.writes_details

    def outcome(self, example: Example) -> Outcome:
        return self.inner.outcome(example)

    def take(self) -> set[int]:
        """Every line the script executed since the last call (over all the runs in between)."""
        text = self.lines_file.read_text(encoding="ascii")
        self.lines_file.write_text("", encoding="ascii")
        return {int(n) for n in text.split()}

    def command(self, evidence: str, inputs: dict[str, str]) -> str:
        return self.plain.command(evidence, inputs)

    def close(self) -> None:
        """Stop both scripts' fork servers and remove the launcher's folder."""
        for command in (self.inner, self.plain):
            command.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def _imports(script: Path) -> str:
    """The script's own top-level imports, so the fork server imports them once, as it does for the script itself."""
    try:
        tree = ast.parse(script.read_text(encoding="utf-8", errors="replace"))
    except SyntaxError:
        return ""
    found = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom)) and
             not (isinstance(node, ast.ImportFrom) and (node.module == "__future__" or node.level))]
    return "\n".join(f"try:\n    {ast.unparse(node)}\nexcept Exception:\n    pass" for node in found)
