"""Invisible format characters are kept, so `@Aurora \\u200bAudit Bot` is not seen as a wake."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [('    visible = "".join(ch for ch in plain if unicodedata.category(ch) != "Cf")\n', "    visible = plain\n")]
