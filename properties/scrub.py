"""A run's own names taken out of what a verifier wrote, so that two runs of one example compare equal.

A verifier may name the files of its run in its details: the harness's folder (`"error": str(error)` about the
evidence file), its own folder (`__file__`), or a temporary file it made (tempfile's random names). Those differ
from run to run and say nothing about the verdict, so a difference made only of them is not a difference.
"""
from __future__ import annotations

import json
import re

SCRATCH = "<scratch>"
SCRIPT = "<script>"
# tempfile's names: "tmp" and eight of its random characters (tempfile._RandomNameSequence), any suffix after.
_TEMPORARY = re.compile(r"(?<![A-Za-z0-9_])tmp[a-z0-9_]{8}(?![a-z0-9_])")
TEMPORARY = "tmp<random>"


def escaped(path: str) -> str:
    """`path` as it appears inside a JSON string."""
    return json.dumps(path)[1:-1]


def scrub(text: str, scratch: str, script_folder: str | None = None) -> str:
    """`text` (JSON text a verifier wrote) with the run's folder, the script's folder and tempfile's names replaced;
    the folders are given as they appear in JSON (`escaped`)."""
    text = text.replace(scratch, SCRATCH)
    if script_folder:
        text = text.replace(script_folder, SCRIPT)
    return _TEMPORARY.sub(TEMPORARY, text)
