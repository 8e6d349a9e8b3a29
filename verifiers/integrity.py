"""Expected values only from files the agent could not have rewritten: owner, mode and file type checked first.

A seeded input is trusted when it and every folder from it up to a trust root are owned by a trusted
account, are not symlinks and are writable by no group or other account (a folder with the sticky bit
may be, since then nobody can rename or delete what a trusted account owns in it). The walk opens each
folder relative to the one above and reads the very file it checked, so nothing can be swapped in
between the check and the read.
"""
from __future__ import annotations

import errno
import os
import stat

_WRITABLE_BY_OTHERS = stat.S_IWGRP | stat.S_IWOTH
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC  # a FIFO must not block the open


_IRREGULAR = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def file_type(mode: int) -> str:
    """What a non-regular file is, named for a reason a person reads."""
    return next((name for test, name in _IRREGULAR if test(mode)), "of an unknown type")


class UntrustedInput(ValueError):
    """An input file could have been rewritten by someone other than a trusted account, or cannot be read."""


def default_owners() -> frozenset[int]:
    """root and the account running the verifier: the grader, never the agent."""
    return frozenset({0, os.geteuid()})


def read_trusted(path: str, root: str, owners: frozenset[int], limit: int) -> bytes:
    """The bytes of `path` (at most `limit` + 1), after checking that no untrusted account could have written it.

    Raises `UntrustedInput` when one could have, and `OSError` when a file or folder cannot be opened at all.
    """
    target = os.path.abspath(path)
    top = os.path.abspath(root)
    relative = os.path.relpath(target, top)
    if relative == os.curdir or relative.split(os.sep)[0] == os.pardir:
        raise UntrustedInput(f"{path} is not inside the trust root {root}")
    parts = relative.split(os.sep)
    held = _open(top, _FOLDER, None, top)
    try:
        _check_owner_and_mode(held, top, owners)
        shown = top
        for part in parts[:-1]:
            shown = os.path.join(shown, part)
            inner = _open(part, _FOLDER, held, shown)
            os.close(held)
            held = inner
            _check_owner_and_mode(held, shown, owners)
        return _read_file(held, parts[-1], target, owners, limit)
    finally:
        os.close(held)


def _read_file(folder: int, name: str, shown: str, owners: frozenset[int], limit: int) -> bytes:
    handle = _open(name, _FILE, folder, shown)
    try:
        status = os.fstat(handle)
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(shown)
        if not stat.S_ISREG(status.st_mode):
            raise UntrustedInput(f"{shown} is {file_type(status.st_mode)}, not a regular file")
        _check_owner_and_mode(handle, shown, owners)
    except BaseException:
        os.close(handle)
        raise
    with os.fdopen(handle, "rb") as stream:  # the checked handle, now owned (and closed) by the stream
        return stream.read(limit + 1)


def _open(name: str, flags: int, folder: int | None, shown: str) -> int:
    try:
        return os.open(name, flags, dir_fd=folder)
    except OSError as error:
        # O_NOFOLLOW refuses a symlink with ELOOP, or with ENOTDIR when a folder was asked for.
        if error.errno == errno.ELOOP or (error.errno == errno.ENOTDIR and _is_link(name, folder)):
            raise UntrustedInput(f"{shown} is a symbolic link; a trusted input is reached through none") from None
        if error.errno == errno.ENOTDIR:
            raise UntrustedInput(f"{shown} is not a folder") from None
        raise


def _is_link(name: str, folder: int | None) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(name, dir_fd=folder).st_mode)
    except OSError:
        return False


def _check_owner_and_mode(handle: int, shown: str, owners: frozenset[int]) -> None:
    status = os.fstat(handle)
    if status.st_uid not in owners:
        allowed = ", ".join(str(uid) for uid in sorted(owners))
        raise UntrustedInput(f"{shown} is owned by uid {status.st_uid}, not a trusted account ({allowed}), "
                             "so that account could have rewritten it")
    open_to = status.st_mode & _WRITABLE_BY_OTHERS
    if open_to and not (stat.S_ISDIR(status.st_mode) and status.st_mode & stat.S_ISVTX):
        who = "its group and others" if open_to == _WRITABLE_BY_OTHERS else "its group" if open_to & stat.S_IWGRP else "others"
        raise UntrustedInput(f"{shown} is writable by {who} (mode {stat.S_IMODE(status.st_mode):04o}), "
                             "so an untrusted account could have rewritten it")
