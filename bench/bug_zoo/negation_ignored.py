"""A negated status still counts: "has not completed the audit" passes."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(
    '    return NEGATION.search(scope) is not None or NEGATION.search(" ".join(after)) is not None',
    "    return False",
)]
