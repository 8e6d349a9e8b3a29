"""A clause that negates a status still binds it: "has not completed the audit" passes."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(" or re.search(wrong, c) or re.search(NEGATION, c)]", " or re.search(wrong, c)]")]
