"""Seeded inputs are read only when no untrusted account could have rewritten them: owner, mode and type, root to file."""
from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from verifuzz.verifiers.integrity import UntrustedInput, default_owners, read_trusted

AGENT = 1000
ROOT_ONLY = frozenset({0})
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="setting file owners needs root")
pytestmark = needs_root


@pytest.fixture
def chain(tmp_path: Path) -> Path:
    """`<tmp>/.claude/skills/check/SKILL.md`, laid out as the image leaves it: root's, 0755 folders and a 0644 file."""
    claude = tmp_path / ".claude"
    skill = claude / "skills" / "check" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("CHECK_ID: chc-x\n", encoding="utf-8")
    for path in (claude, claude / "skills", skill.parent):
        os.chown(path, 0, 0)
        path.chmod(0o755)
    os.chown(skill, 0, 0)
    skill.chmod(0o644)
    return skill


def read(skill: Path, root: Path | None = None, owners: frozenset[int] = ROOT_ONLY, limit: int = 1000) -> bytes:
    return read_trusted(str(skill), str(root or skill.parents[2]), owners, limit)


def refusal(skill: Path, **options) -> str:
    with pytest.raises(UntrustedInput) as raised:
        read(skill, **options)
    return str(raised.value)


def test_a_root_owned_closed_chain_is_read(chain: Path) -> None:
    """File and folders owned by a trusted account and writable by no one else: the bytes come back."""
    assert read(chain) == b"CHECK_ID: chc-x\n"


def test_only_limit_plus_one_bytes_are_read(chain: Path) -> None:
    """The read stops one byte past the limit, so the caller can tell an oversized file without reading it all."""
    chain.write_bytes(b"x" * 50)
    assert read(chain, limit=9) == b"x" * 10
    assert read(chain, limit=49) == b"x" * 50
    assert read(chain, limit=50) == b"x" * 50


def test_an_empty_file_reads_as_nothing(chain: Path) -> None:
    """An empty trusted file is read as no bytes (its parser then refuses it)."""
    chain.write_bytes(b"")
    assert read(chain) == b""


def test_a_relative_path_is_taken_from_the_working_folder(chain: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative paths resolve against the working folder before the chain is walked."""
    monkeypatch.chdir(chain.parents[3])
    assert read_trusted(".claude/skills/check/SKILL.md", ".claude", ROOT_ONLY, 100) == b"CHECK_ID: chc-x\n"


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_anything_owned_by_the_agent_is_refused(chain: Path, level: int) -> None:
    """The file or any folder up to the trust root owned by another account is refused, naming it and its owner."""
    target = [chain, *chain.parents[:3]][level]
    os.chown(target, AGENT, AGENT)
    assert refusal(chain) == (f"{target} is owned by uid {AGENT}, not a trusted account (0), "
                              "so that account could have rewritten it")


def test_the_folder_above_the_trust_root_is_not_checked(chain: Path) -> None:
    """The agent owns its home, the folder holding the trust root; that alone does not refuse the input."""
    os.chown(chain.parents[3], AGENT, AGENT)
    chain.parents[3].chmod(0o777)
    assert read(chain) == b"CHECK_ID: chc-x\n"


def test_the_trusted_owners_are_listed_in_order(chain: Path) -> None:
    """When root is not trusted the refusal lists the accounts that are, in order."""
    assert refusal(chain, owners=frozenset({7, 5})) == (f"{chain.parents[2]} is owned by uid 0, not a trusted account (5, 7), "
                                                        "so that account could have rewritten it")


def test_another_trusted_owner_is_accepted(chain: Path) -> None:
    """Any account in the trusted set may own the chain."""
    for path in (chain, *chain.parents[:3]):
        os.chown(path, 5, 5)
    assert read(chain, owners=frozenset({0, 5})) == b"CHECK_ID: chc-x\n"


@pytest.mark.parametrize(("mode", "who"), [(0o664, "its group"), (0o646, "others"), (0o666, "its group and others"),
                                           (0o1666, "its group and others"), (0o620, "its group")])
def test_a_file_writable_by_others_is_refused(chain: Path, mode: int, who: str) -> None:
    """A file any group or other account may write is refused, naming who and its mode (a sticky bit does not help a file)."""
    chain.chmod(mode)
    assert refusal(chain) == f"{chain} is writable by {who} (mode {mode:04o}), so an untrusted account could have rewritten it"


@pytest.mark.parametrize(("level", "mode", "who"), [(1, 0o775, "its group"), (2, 0o757, "others"), (3, 0o777, "its group and others")])
def test_a_folder_writable_by_others_is_refused(chain: Path, level: int, mode: int, who: str) -> None:
    """A folder in the chain that others may write into (so rename or replace entries in) is refused."""
    folder = chain.parents[level - 1]
    folder.chmod(mode)
    assert refusal(chain) == f"{folder} is writable by {who} (mode {mode:04o}), so an untrusted account could have rewritten it"


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_sticky_folder_writable_by_others_is_accepted(chain: Path, level: int) -> None:
    """With the sticky bit nobody but its owner can rename or delete a trusted entry, so such a folder is accepted."""
    chain.parents[level - 1].chmod(0o1777)
    assert read(chain) == b"CHECK_ID: chc-x\n"


def test_a_read_only_file_is_accepted(chain: Path) -> None:
    """Modes narrower than 0644 are fine: only write access for group or others refuses."""
    chain.chmod(0o400)
    assert read(chain) == b"CHECK_ID: chc-x\n"


def test_a_symlinked_file_is_refused(chain: Path, tmp_path: Path) -> None:
    """A symlink in place of the file is refused even when it points at a trusted file."""
    real = tmp_path / "real.md"
    chain.rename(real)
    chain.symlink_to(real)
    assert refusal(chain) == f"{chain} is a symbolic link; a trusted input is reached through none"


def test_a_symlinked_folder_is_refused(chain: Path, tmp_path: Path) -> None:
    """A folder in the chain replaced by a symlink is refused, naming the folder."""
    folder = chain.parent
    folder.rename(tmp_path / "moved")
    folder.symlink_to(tmp_path / "moved")
    assert refusal(chain) == f"{folder} is a symbolic link; a trusted input is reached through none"


def test_a_symlinked_trust_root_is_refused(chain: Path, tmp_path: Path) -> None:
    """The trust root itself may not be a symlink."""
    root = chain.parents[2]
    root.rename(tmp_path / "claude-real")
    root.symlink_to(tmp_path / "claude-real")
    assert refusal(chain) == f"{root} is a symbolic link; a trusted input is reached through none"


def test_a_file_in_place_of_a_folder_is_refused(chain: Path) -> None:
    """A regular file where the chain needs a folder is refused as not a folder."""
    folder = chain.parents[1]
    shutil.rmtree(folder)
    folder.write_text("", encoding="utf-8")
    assert refusal(chain) == f"{folder} is not a folder"


def test_a_trust_root_below_a_file_is_not_a_folder(tmp_path: Path) -> None:
    """A trust root whose path runs through a regular file is refused as not a folder."""
    (tmp_path / "plain").write_text("", encoding="utf-8")
    root = tmp_path / "plain" / "root"
    with pytest.raises(UntrustedInput) as raised:
        read_trusted(str(root / "f"), str(root), ROOT_ONLY, 10)
    assert str(raised.value) == f"{root} is not a folder"


def test_a_fifo_is_refused_without_blocking(chain: Path) -> None:
    """A FIFO in place of the file is refused as not a regular file, and opening it does not wait for a writer."""
    chain.unlink()
    os.mkfifo(chain, 0o644)
    assert refusal(chain) == f"{chain} is a FIFO (named pipe), not a regular file"


def test_a_folder_in_place_of_the_file_is_a_directory_error(chain: Path) -> None:
    """A folder where the file should be raises IsADirectoryError, which the runner reports as such."""
    chain.unlink()
    chain.mkdir()
    with pytest.raises(IsADirectoryError) as raised:
        read(chain)
    assert str(raised.value) == str(chain)


def test_a_missing_file_is_an_os_error(chain: Path) -> None:
    """A missing file (or folder) raises FileNotFoundError, not a trust refusal."""
    chain.unlink()
    with pytest.raises(FileNotFoundError):
        read(chain)
    with pytest.raises(OSError) as raised:
        read(chain.parent / "gone" / "x")
    assert raised.value.errno == errno.ENOENT


@pytest.mark.parametrize("where", ["outside", "root itself", "parent"])
def test_a_file_outside_the_trust_root_is_refused(chain: Path, tmp_path: Path, where: str) -> None:
    """The input must lie strictly inside the trust root; `..` is resolved before that is decided."""
    root = chain.parents[2]
    path = {"outside": tmp_path / "other.md", "root itself": root, "parent": root / "skills" / ".." / ".." / "x"}[where]
    with pytest.raises(UntrustedInput) as raised:
        read_trusted(str(path), str(root), ROOT_ONLY, 10)
    assert str(raised.value) == f"{path} is not inside the trust root {root}"


def test_a_name_starting_with_two_dots_is_inside(chain: Path) -> None:
    """A folder named `..x` inside the root is an ordinary name, not a way out."""
    odd = chain.parents[2] / "..x"
    odd.mkdir(mode=0o755)
    (odd / "f").write_text("ok", encoding="utf-8")
    (odd / "f").chmod(0o644)
    assert read(odd / "f", root=chain.parents[2]) == b"ok"


def test_the_whole_chain_to_the_filesystem_root_is_checked_by_default(chain: Path) -> None:
    """With `/` as the trust root every folder down to the file is checked (the tmp folders here are root's)."""
    assert read(chain, root=Path("/")) == b"CHECK_ID: chc-x\n"
    chain.parents[3].chmod(0o777)
    assert "is writable by its group and others" in refusal(chain, root=Path("/"))


def test_default_owners_are_root_and_the_grader() -> None:
    """By default root and the account running the verifier are trusted, nobody else."""
    assert default_owners() == frozenset({0, os.geteuid()})
