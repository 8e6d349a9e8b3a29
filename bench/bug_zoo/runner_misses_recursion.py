"""The CLI's JSON reader does not catch RecursionError, so a deeply nested evidence file crashes the verifier."""
from __future__ import annotations

TASK = "read-named-path-outside-workspace"
KIND = "crash"
EDITS = [(
    '    except RecursionError:\n        raise InputError(f"{what} file {path} nests too deeply to be a snapshot") from None\n',
    "",
)]
