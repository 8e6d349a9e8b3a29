"""`verifuzz seal`: sealing a task's grader, refusing what cannot be sealed, and verifying a grader against its seal."""
from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest

from verifuzz.verifiers.manifest import SealCheck, parse_seal
from verifuzz.strategies import tasks
from verifuzz import __version__, bundle, seal
from verifuzz.cli import main


@pytest.fixture
def task(tmp_path: Path) -> Path:
    """A task folder with a two-file grader, not yet sealed."""
    folder = tmp_path / "demo-task"
    (folder / "tests" / "lib").mkdir(parents=True)
    (folder / "tests" / "test.sh").write_text("#!/bin/sh\n", encoding="utf-8")
    (folder / "tests" / "test.sh").chmod(0o755)
    (folder / "tests" / "lib" / "data.txt").write_text("data\n", encoding="utf-8")
    (folder / "tests" / "lib" / "data.txt").chmod(0o644)
    return folder


def test_seal_writes_one_line_per_grader_file(task: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`verifuzz seal TASK_DIR` writes tests/SEAL with the tool version and each file's digest, size and mode."""
    assert main(["seal", str(task)]) == 0
    manifest = task / "tests" / "SEAL"
    assert capsys.readouterr().out == f"sealed {manifest}\n"
    parsed = parse_seal(manifest.read_text(encoding="utf-8"))
    assert parsed.tool == f"verifuzz {__version__}"
    assert {path: (e.sha256, e.size, e.mode) for path, e in parsed.entries.items()} == {
        "lib/data.txt": (hashlib.sha256(b"data\n").hexdigest(), 5, "644"),
        "test.sh": (hashlib.sha256(b"#!/bin/sh\n").hexdigest(), 10, "755"),
    }
    assert manifest.stat().st_mode & 0o777 == 0o644


def test_sealing_again_never_lists_the_seal(task: Path) -> None:
    """Resealing a sealed grader gives the same manifest: it does not list itself."""
    first = seal.write_seal(task).read_text(encoding="utf-8")
    assert seal.write_seal(task).read_text(encoding="utf-8") == first
    assert "SEAL," not in first


@pytest.mark.parametrize("kind", ["file", "folder"])
def test_a_symlink_is_refused_by_name(task: Path, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A symlink anywhere in the grader stops sealing with exit 2 and a message naming the link; nothing is written."""
    link = task / "tests" / "lib" / "link"
    link.symlink_to(task / "tests" / ("test.sh" if kind == "file" else "lib"))
    assert main(["seal", str(task)]) == 2
    err = capsys.readouterr().err
    assert err == (f"verifuzz seal: {link} is a symlink; a sealed grader holds only regular files (replace it by a copy)\n")
    assert not (task / "tests" / "SEAL").exists()


def test_a_fifo_is_refused(task: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A FIFO or other special file in the grader cannot be sealed."""
    os.mkfifo(task / "tests" / "pipe")
    assert main(["seal", str(task)]) == 2
    assert capsys.readouterr().err == f"verifuzz seal: {task / 'tests' / 'pipe'} is not a regular file\n"


def test_a_control_character_in_a_name_is_refused(task: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file name with a newline or other control character cannot be written on one manifest line, so it is refused."""
    (task / "tests" / "bad\nname").write_text("", encoding="utf-8")
    assert main(["seal", str(task)]) == 2
    assert "a control character in a file name cannot be sealed" in capsys.readouterr().err


def test_a_folder_without_tests_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Sealing a folder with no tests/ exits 2 and says what it expects."""
    assert main(["seal", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (f"verifuzz seal: {tmp_path / 'tests'} is not a folder; "
                                       "`verifuzz seal` takes a task folder holding tests/\n")


def test_an_unreadable_subfolder_is_refused(task: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder that cannot be listed stops sealing instead of being skipped silently."""
    real = os.scandir

    def refuse(path: object = ".") -> object:
        if str(path).endswith("lib"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", refuse)
    assert main(["seal", str(task)]) == 2
    assert capsys.readouterr().err == f"verifuzz seal: cannot read {task / 'tests' / 'lib'}: Permission denied\n"


def test_a_seal_that_does_not_read_back_is_an_error(task: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After writing, the seal is read back and the grader checked against it; a disagreement is an error."""
    monkeypatch.setattr(seal, "check_seal", lambda path: SealCheck(path, None, 0, ["test.sh: changed"]))
    with pytest.raises(seal.SealError, match="did not read back as written: test.sh: changed"):
        seal.write_seal(task)


@pytest.mark.parametrize("target", ["task", "tests", "SEAL"])
def test_verify_accepts_a_task_a_grader_folder_or_the_seal(task: Path, target: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`seal --verify` on an intact grader exits 0 and prints the digest, whichever of the three paths it is given."""
    manifest = seal.write_seal(task)
    path = {"task": task, "tests": task / "tests", "SEAL": manifest}[target]
    assert main(["seal", "--verify", str(path)]) == 0
    digest = hashlib.sha256(manifest.read_bytes()).hexdigest()
    assert capsys.readouterr().out == f"{manifest}: intact (2 files, sha256 {digest})\n"


def test_verify_names_every_difference(task: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A changed, a missing, an extra and a re-moded file are each named, and the exit status is 1."""
    manifest = seal.write_seal(task)
    (task / "tests" / "test.sh").chmod(0o644)
    (task / "tests" / "lib" / "data.txt").unlink()
    (task / "tests" / "new.py").write_text("", encoding="utf-8")
    (task / "tests" / "lib" / "link").symlink_to("/etc/passwd")
    assert main(["seal", "--verify", str(task)]) == 1
    assert capsys.readouterr().out == (
        f"{manifest}: 4 difference(s)\n"
        "  lib/data.txt: missing\n"
        "  lib/link: symlink (a sealed folder holds only regular files)\n"
        "  new.py: extra file, not in the seal\n"
        "  test.sh: mode changed (644; sealed 755)\n"
    )


def test_verify_without_a_seal_is_a_usage_error(task: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Verifying a grader that was never sealed exits 2 and says how to seal it."""
    assert main(["seal", "--verify", str(task)]) == 2
    assert capsys.readouterr().err == (f"verifuzz seal: no seal at {task / 'tests' / 'SEAL'} "
                                       f"(run `verifuzz seal {task}` first)\n")


def test_verify_goes_on_after_a_broken_grader(task: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With two graders, a broken first one is reported and the second is still checked; the status is 1."""
    other = tmp_path / "other"
    shutil.copytree(task, other)
    seal.write_seal(task)
    seal.write_seal(other)
    (task / "tests" / "test.sh").write_text("", encoding="utf-8")
    assert main(["seal", "--verify", str(task), str(other)]) == 1
    assert f"{other / 'tests' / 'SEAL'}: intact" in capsys.readouterr().out


def test_the_shipped_graders_are_sealed_and_intact(capsys: pytest.CaptureFixture[str]) -> None:
    """Every bundled task ships tests/SEAL, fresh, and `seal --verify` with no path checks them all, exit 0."""
    assert seal.stale_seals() == []
    assert main(["seal", "--verify"]) == 0
    assert capsys.readouterr().out.count(": intact (") == len(tasks.task_names())


@pytest.fixture
def tasks_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of tasks/ that the seal commands read instead of the repository's."""
    root = tmp_path / "repo"
    shutil.copytree(tasks.TASKS_DIR, root / "tasks")
    shutil.copytree(bundle.VERIFIERS_DIR, root / "verifiers")
    monkeypatch.setattr(seal, "ROOT", root)
    for module in (seal, tasks, bundle):
        monkeypatch.setattr(module, "TASKS_DIR", root / "tasks")
    monkeypatch.setattr(bundle, "VERIFIERS_DIR", root / "verifiers")
    return root


def test_a_changed_grader_makes_its_seal_stale_and_reseal_fixes_it(tasks_copy: Path) -> None:
    """Editing one task's test.sh makes only that seal stale; `reseal_stale` rewrites just it."""
    (tasks_copy / "tasks" / "narrative-agent-names" / "tests" / "test.sh").write_text("#!/bin/sh\n", encoding="utf-8")
    assert seal.stale_seals() == [Path("tasks/narrative-agent-names/tests/SEAL")]
    assert seal.reseal_stale() == [tasks_copy / "tasks" / "narrative-agent-names" / "tests" / "SEAL"]
    assert seal.stale_seals() == []


def test_a_missing_seal_is_stale(tasks_copy: Path) -> None:
    """A task whose tests/SEAL is gone is stale."""
    (tasks_copy / "tasks" / "read-named-path-outside-workspace" / "tests" / "SEAL").unlink()
    assert seal.stale_seals() == [Path("tasks/read-named-path-outside-workspace/tests/SEAL")]


def test_build_tasks_check_reports_a_stale_seal(tasks_copy: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """`build-tasks --check` lists a stale seal beside stale verifiers and exits 1."""
    monkeypatch.setattr("verifuzz.cli.stale_files", lambda: [])
    (tasks_copy / "tasks" / "narrative-agent-names" / "tests" / "SEAL").write_text("", encoding="utf-8")
    assert main(["build-tasks", "--check"]) == 1
    assert capsys.readouterr().out == "stale: tasks/narrative-agent-names/tests/SEAL (run `verifuzz build-tasks`)\n"


def test_build_tasks_reseals_after_writing_verifiers(tasks_copy: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`build-tasks` reseals any grader whose seal no longer matches, and says so."""
    monkeypatch.setattr("verifuzz.cli.build_all", lambda: [])
    (tasks_copy / "tasks" / "read-named-path-outside-workspace" / "tests" / "test.sh").write_text("#!/bin/sh\n", encoding="utf-8")
    assert main(["build-tasks"]) == 0
    assert capsys.readouterr().out == f"sealed {tasks_copy / 'tasks/read-named-path-outside-workspace/tests/SEAL'}\n"
    assert seal.stale_seals() == []


def test_build_tasks_stops_on_a_grader_that_cannot_be_sealed(tasks_copy: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A symlink in a grader makes `build-tasks` exit 2 with the message, rather than write a seal."""
    monkeypatch.setattr("verifuzz.cli.build_all", lambda: [])
    link = tasks_copy / "tasks" / "narrative-agent-names" / "tests" / "link"
    link.symlink_to("verify.py")
    assert main(["build-tasks"]) == 2
    assert f"{link} is a symlink" in capsys.readouterr().err
