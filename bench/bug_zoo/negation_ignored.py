"""A negated status still counts: "has not completed the audit" passes."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [("    return in_scope or near or after\n", "    return False\n")]
