"""A clause that negates a status still binds it: "has not completed the audit" passes."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(" or wrong.search(c) or NEGATION.search(c)]", " or wrong.search(c)]")]
