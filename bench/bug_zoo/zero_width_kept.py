"""Invisible format characters are kept, so `@Aurora \\u200bAudit Bot` is not seen as a wake."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [("        if invisible:\n            text = text.translate(invisible)\n", "")]
