"""The generated task verifiers stay in step with verifiers/ and stay standard-library only."""
from __future__ import annotations

import ast
import shutil
import sys
from pathlib import Path

import pytest

from verifuzz.strategies import tasks
from verifuzz import bundle

STDLIB = frozenset(sys.stdlib_module_names)
VERIFIER_SOURCES = sorted(bundle.VERIFIERS_DIR.glob("*.py"))
GENERATED = sorted(tasks.TASKS_DIR.glob("*/tests/verify.py"))


def imported_modules(path: Path) -> set[str]:
    """Top-level names of every absolute import in `path`; relative imports are reported as '.'."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.add("." if node.level else (node.module or "").split(".")[0])
    return found


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of verifiers/ and tasks/ that the bundler and the task definitions read instead of the repository."""
    root = tmp_path / "repo"
    shutil.copytree(bundle.VERIFIERS_DIR, root / "verifiers")
    shutil.copytree(tasks.TASKS_DIR, root / "tasks")
    for module in (bundle, tasks):
        monkeypatch.setattr(module, "TASKS_DIR", root / "tasks")
    monkeypatch.setattr(bundle, "VERIFIERS_DIR", root / "verifiers")
    return root


def test_generated_verifiers_are_up_to_date() -> None:
    """Every tasks/<name>/tests/verify.py is exactly what verifiers/ generates."""
    stale = bundle.stale_files()
    assert stale == [], f"stale generated verifiers {[str(p) for p in stale]}: run `verifuzz build-tasks`"


def test_every_task_folder_is_a_registered_task_and_bundled() -> None:
    """Each folder under tasks/ has a definition and a generated verify.py, so the staleness check above covers it."""
    assert {"narrative-agent-names", "read-named-path-outside-workspace"} <= set(tasks.task_names())
    assert [path.parent.parent.name for path in GENERATED] == tasks.task_names()
    assert sorted(path.name for path in tasks.TASKS_DIR.iterdir() if path.is_dir()) == tasks.task_names()


def test_editing_a_task_module_makes_only_its_verifier_stale(tree: Path) -> None:
    """A change to one task's module makes that task's generated file stale and no other."""
    assert bundle.stale_files() == []
    module = tree / "verifiers" / "narrative_agent_names.py"
    module.write_text(module.read_text(encoding="utf-8") + "\nEXTRA = 1\n", encoding="utf-8")
    assert bundle.stale_files() == [Path("tasks/narrative-agent-names/tests/verify.py")]


@pytest.mark.parametrize(("name", "old", "new"), [("evidence.py", "CHAT_KIND = 9", "CHAT_KIND = 10"),
                                                 ("schema.py", "SCHEMA_VERSION = 1", "SCHEMA_VERSION = 2")])
def test_editing_a_shared_module_makes_every_verifier_stale(tree: Path, name: str, old: str, new: str) -> None:
    """A change to the shared evidence contract, or to the layout it reads by, reaches every generated file."""
    module = tree / "verifiers" / name
    text = module.read_text(encoding="utf-8")
    assert text.count(old) == 1
    module.write_text(text.replace(old, new), encoding="utf-8")
    assert bundle.stale_files() == [Path(f"tasks/{task}/tests/verify.py") for task in tasks.task_names()]


def test_rebuilding_clears_staleness(tree: Path) -> None:
    """`build_all` rewrites exactly the stale files, after which nothing is stale and the edit is in the output."""
    module = tree / "verifiers" / "read_named_path_outside_workspace.py"
    module.write_text(module.read_text(encoding="utf-8") + "\nEXTRA = 1\n", encoding="utf-8")
    written = bundle.build_all()
    assert [target.path for target in written] == [tree / "tasks/read-named-path-outside-workspace/tests/verify.py"]
    assert bundle.stale_files() == []
    assert "\nEXTRA = 1\n" in written[0].path.read_text(encoding="utf-8")


def test_deleted_generated_file_is_stale(tree: Path) -> None:
    """A task whose verify.py is missing is reported stale."""
    (tree / "tasks/read-named-path-outside-workspace/tests/verify.py").unlink()
    assert bundle.stale_files() == [Path("tasks/read-named-path-outside-workspace/tests/verify.py")]


@pytest.mark.parametrize("path", VERIFIER_SOURCES, ids=lambda p: p.name)
def test_verifier_modules_import_only_the_standard_library(path: Path) -> None:
    """verifiers/ modules import the standard library and each other (as `verifuzz.verifiers.x`), nothing else,
    and never relatively."""
    foreign = imported_modules(path) - STDLIB - {"verifuzz"}
    ours = [node.module for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("verifuzz")]
    assert all(module.startswith("verifuzz.verifiers.") for module in ours), ours
    assert foreign == set(), f"{path.name} imports {sorted(foreign)}"


@pytest.mark.parametrize("path", GENERATED, ids=lambda p: p.parent.parent.name)
def test_generated_verifiers_import_only_the_standard_library(path: Path) -> None:
    """A generated verify.py is self-contained: it imports the standard library and no verifiers module."""
    foreign = imported_modules(path) - STDLIB
    assert foreign == set(), f"{path} imports {sorted(foreign)}"


def test_stdlib_check_would_catch_a_third_party_import(tmp_path: Path) -> None:
    """The import scan sees imports nested in functions and relative imports, so the checks above can fail."""
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nfrom . import sibling\n\ndef f():\n    import hypothesis.strategies\n", encoding="utf-8")
    assert imported_modules(sample) - STDLIB - {"verifiers"} == {".", "hypothesis"}
