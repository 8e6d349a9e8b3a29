"""`verifuzz seal`: snapshot a task's grader (`tests/`) into `tests/SEAL`, or check a grader against its seal."""
from __future__ import annotations

import argparse
import os
import stat
import sys
import tempfile
from pathlib import Path

from verifuzz.verifiers.manifest import SEAL_NAME, Entry, SealError, check_seal, file_digest, mode_of, render_seal
from verifuzz import __version__
from verifuzz.strategies.tasks import TASKS_DIR, task_names

ROOT = TASKS_DIR.parent

TOOL = f"verifuzz {__version__}"


def grader(task_dir: Path) -> Path:
    """The folder a task's seal covers: its `tests/`."""
    return task_dir / "tests"


def seal_path(task_dir: Path) -> Path:
    return grader(task_dir) / SEAL_NAME


def entries(folder: Path) -> list[Entry]:
    """One entry per file under `folder` but the seal itself; a symlink or any other non-regular file is refused."""
    found: list[Entry] = []
    for current, folders, files in os.walk(folder, onerror=_unreadable, followlinks=False):
        folders.sort()
        for name in sorted(folders + files):
            path = Path(current, name)
            relative = path.relative_to(folder).as_posix()
            if relative == SEAL_NAME:
                continue
            if any(ord(char) < 32 or char == "\x7f" for char in relative):
                raise SealError(f"{path}: a control character in a file name cannot be sealed")
            status = path.lstat()
            if stat.S_ISLNK(status.st_mode):
                raise SealError(f"{path} is a symlink; a sealed grader holds only regular files (replace it by a copy)")
            if stat.S_ISDIR(status.st_mode):
                continue
            if not stat.S_ISREG(status.st_mode):
                raise SealError(f"{path} is not a regular file")
            found.append(Entry(relative, file_digest(path), status.st_size, mode_of(status.st_mode)))
    return found


def _unreadable(error: OSError) -> None:
    raise SealError(f"cannot read {error.filename}: {error.strerror or error}")


def seal_text(task_dir: Path) -> str:
    """The manifest `verifuzz seal` would write for `task_dir` as it stands."""
    folder = grader(task_dir)
    if not folder.is_dir() or folder.is_symlink():
        raise SealError(f"{folder} is not a folder; `verifuzz seal` takes a task folder holding tests/")
    return render_seal(entries(folder), TOOL)


def write_seal(task_dir: Path) -> Path:
    """Write `tests/SEAL` atomically, then read it back and check the whole grader against it."""
    text = seal_text(task_dir)
    target = seal_path(task_dir)
    handle, temporary = tempfile.mkstemp(prefix=f".{SEAL_NAME}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    check = check_seal(str(target))
    if check.problems or target.read_text(encoding="utf-8") != text:
        raise SealError(f"{target} did not read back as written: " + "; ".join(check.problems or ["content differs"]))
    return target


def stale_seals() -> list[Path]:
    """Bundled tasks whose `tests/SEAL` is missing or is not what sealing them now would write."""
    stale = []
    for task in task_names():
        target = seal_path(TASKS_DIR / task)
        if not target.is_file() or target.read_text(encoding="utf-8") != seal_text(TASKS_DIR / task):
            stale.append(target.relative_to(ROOT))
    return stale


def reseal_stale() -> list[Path]:
    """Rewrite every stale seal of the bundled tasks; return the seals written."""
    stale = set(stale_seals())
    return [write_seal(TASKS_DIR / task) for task in task_names() if seal_path(TASKS_DIR / task).relative_to(ROOT) in stale]


def manifest_for(path: Path) -> Path:
    """The manifest to check for PATH: a SEAL file itself, a grader folder holding one, or a task folder."""
    if path.name == SEAL_NAME and not path.is_dir():
        return path
    if (path / SEAL_NAME).exists() or (path / SEAL_NAME).is_symlink():
        return path / SEAL_NAME
    return seal_path(path)


def run_seal(args: argparse.Namespace) -> int:
    targets = args.paths or [TASKS_DIR / task for task in task_names()]
    if args.verify:
        return _verify(targets)
    for task_dir in targets:
        try:
            written = write_seal(task_dir)
        except (SealError, OSError) as error:
            print(f"verifuzz seal: {error}", file=sys.stderr)
            return 2
        print(f"sealed {written}")
    return 0


def _verify(targets: list[Path]) -> int:
    broken = False
    for target in targets:
        manifest = manifest_for(target)
        if not manifest.exists() and not manifest.is_symlink():
            print(f"verifuzz seal: no seal at {manifest} (run `verifuzz seal {target}` first)", file=sys.stderr)
            return 2
        check = check_seal(str(manifest))
        if check.problems:
            broken = True
            print(f"{manifest}: {len(check.problems)} difference(s)")
            for problem in check.problems:
                print(f"  {problem}")
        else:
            print(f"{manifest}: intact ({check.files} files, sha256 {check.sha256})")
    return 1 if broken else 0


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser("seal", help="seal a task's grader (tests/) into tests/SEAL, or --verify it")
    command.add_argument("paths", nargs="*", type=Path, metavar="TASK_DIR",
                         help="task folders (default: every bundled task); with --verify also a tests/ folder or a SEAL")
    command.add_argument("--verify", action="store_true",
                         help="check each grader against its seal; exit 1 naming every file that differs")
    command.set_defaults(handler=run_seal)
