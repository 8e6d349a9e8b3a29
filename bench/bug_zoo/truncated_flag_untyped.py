"""The reader's boolean check only refuses null, so `"truncated": 0` or `""` reads as not truncated."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [("        if type(value) is not bool:\n", "        if value is None:\n")]
