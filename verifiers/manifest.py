"""The grader seal: a manifest of every file under a task's `tests/`, one line per file, and the check against it.

Each line is `path,sha256=<hex>,size,mode` (like a wheel RECORD) after a `#` header naming the format
and the tool that wrote it. The manifest sits in the folder it seals and never lists itself.
"""
from __future__ import annotations

import csv
import hashlib
import io
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

SEAL_NAME = "SEAL"
SEAL_FORMAT = "1"
_HEX = re.compile(r"[0-9a-f]{64}")
_SIZE = re.compile(r"0|[1-9][0-9]*")
_MODES = ("644", "755")


class SealError(ValueError):
    """A seal manifest cannot be read, or a folder cannot be sealed as it stands."""


@dataclass(frozen=True)
class Entry:
    """One sealed file: its path under the sealed folder, digest, size and mode (as git keeps it: 644 or 755)."""

    path: str
    sha256: str
    size: int
    mode: str


@dataclass(frozen=True)
class Seal:
    """A parsed manifest: the tool that wrote it and its entries by path."""

    tool: str
    entries: dict[str, Entry]


def file_digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, read in chunks."""
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, hashlib.sha256).hexdigest()


def mode_of(st_mode: int) -> str:
    """The mode as git records it, so a checkout under any umask verifies: 755 when the owner may execute, else 644."""
    return "755" if st_mode & stat.S_IXUSR else "644"


def render_seal(entries: list[Entry], tool: str) -> str:
    """The manifest text for `entries`, sorted by path."""
    lines = [
        "# verifuzz grader seal: path,sha256=<hex>,size,mode for every file in this folder but this one",
        f"# format: {SEAL_FORMAT}",
        f"# tool: {tool}",
    ]
    for entry in sorted(entries, key=lambda e: e.path):
        lines.append(_csv_row([entry.path, f"sha256={entry.sha256}", str(entry.size), entry.mode]))
    return "\n".join(lines) + "\n"


def _csv_row(fields: list[str]) -> str:
    line = io.StringIO()
    csv.writer(line, lineterminator="").writerow(fields)
    return line.getvalue()


def parse_seal(text: str) -> Seal:
    """Read a manifest back; refuse anything that is not exactly the format `render_seal` writes."""
    lines = text.split("\n")
    if lines[-1] != "":
        raise SealError("the manifest does not end with a newline")
    lines = lines[:-1]
    if len(lines) < 3 or not lines[0].startswith("# verifuzz grader seal"):
        raise SealError("not a verifuzz grader seal (its first line should start '# verifuzz grader seal')")
    if lines[1] != f"# format: {SEAL_FORMAT}":
        raise SealError(f"line 2 should be '# format: {SEAL_FORMAT}', found {lines[1][:80]!r}")
    if not lines[2].startswith("# tool: "):
        raise SealError(f"line 3 should name the tool ('# tool: ...'), found {lines[2][:80]!r}")
    entries: dict[str, Entry] = {}
    for number, line in enumerate(lines[3:], start=4):
        entry = _entry(line, number)
        if entry.path in entries:
            raise SealError(f"line {number}: {entry.path} is listed twice")
        entries[entry.path] = entry
    return Seal(lines[2][len("# tool: "):], entries)


def _entry(line: str, number: int) -> Entry:
    fields = next(csv.reader([line]))
    if len(fields) != 4 or not fields[1].startswith("sha256="):
        raise SealError(f"line {number}: expected path,sha256=<hex>,size,mode, found {line[:120]!r}")
    path, digest, size, mode = fields[0], fields[1][len("sha256="):], fields[2], fields[3]
    if any(part in ("", ".", "..") for part in path.split("/")):  # also refuses "" and "/absolute"
        raise SealError(f"line {number}: {path!r} is not a plain relative path")
    if path == SEAL_NAME:
        raise SealError(f"line {number}: the manifest lists itself")
    if not _HEX.fullmatch(digest):
        raise SealError(f"line {number}: {path}: sha256 is not 64 lowercase hex digits")
    if not _SIZE.fullmatch(size):
        raise SealError(f"line {number}: {path}: size {size!r} is not a whole number")
    if mode not in _MODES:
        raise SealError(f"line {number}: {path}: mode {mode!r} is not 644 or 755")
    return Entry(path, digest, int(size), mode)


def tree_differences(root: Path, seal: Seal) -> list[str]:
    """Every way the folder `root` differs from `seal`, one line each, naming the file: empty when intact."""
    found: dict[str, os.stat_result] = {}
    problems: list[str] = []
    _walk(root, "", found, problems)
    for path, entry in seal.entries.items():
        status = found.pop(path, None)
        if status is None:
            if not any(p.startswith(f"{path}: ") for p in problems):
                problems.append(f"{path}: missing")
            continue
        problems += _compare(root / path, path, entry, status)
    problems += [f"{path}: extra file, not in the seal" for path in found]
    return sorted(problems)


def _walk(folder: Path, prefix: str, found: dict[str, os.stat_result], problems: list[str]) -> None:
    with os.scandir(folder) as listing:
        items = sorted(listing, key=lambda item: item.name)
    for item in items:
        relative = prefix + item.name
        if relative == SEAL_NAME:
            continue
        status = os.lstat(item.path)
        if stat.S_ISLNK(status.st_mode):
            problems.append(f"{relative}: symlink (a sealed folder holds only regular files)")
        elif stat.S_ISDIR(status.st_mode):
            _walk(Path(item.path), relative + "/", found, problems)
        elif not stat.S_ISREG(status.st_mode):
            problems.append(f"{relative}: not a regular file")
        else:
            found[relative] = status


def _compare(file: Path, path: str, entry: Entry, status: os.stat_result) -> list[str]:
    problems = []
    digest = file_digest(file)
    if digest != entry.sha256 or status.st_size != entry.size:
        problems.append(f"{path}: changed (sha256 {digest[:12]}, {status.st_size} bytes; "
                        f"sealed {entry.sha256[:12]}, {entry.size} bytes)")
    mode = mode_of(status.st_mode)
    if mode != entry.mode:
        problems.append(f"{path}: mode changed ({mode}; sealed {entry.mode})")
    return problems


@dataclass(frozen=True)
class SealCheck:
    """What checking a grader against its seal found: the manifest's digest, how many files it lists, what differs."""

    manifest: str
    sha256: str | None
    files: int
    problems: list[str]

    def summary(self) -> dict[str, object]:
        return {"manifest": self.manifest, "sha256": self.sha256, "files": self.files, "intact": not self.problems}


def check_seal(manifest: str) -> SealCheck:
    """Check the folder holding `manifest` against it; an unreadable or malformed manifest is a problem too."""
    path = Path(manifest)
    try:
        if not stat.S_ISREG(path.lstat().st_mode):
            raise SealError("the manifest is not a regular file")
        data = path.read_bytes()
        seal = parse_seal(data.decode())
        problems = tree_differences(path.parent, seal)
    except (OSError, UnicodeDecodeError, SealError) as error:
        return SealCheck(manifest, None, 0, [f"{manifest}: {_reason(error)}"])
    return SealCheck(manifest, hashlib.sha256(data).hexdigest(), len(seal.entries), problems)


def _reason(error: Exception) -> str:
    if isinstance(error, OSError):
        return f"cannot read: {error.strerror or error}"
    if isinstance(error, UnicodeDecodeError):
        return "not valid UTF-8"
    return str(error)
