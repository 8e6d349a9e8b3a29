"""A piece the grammar does not recognise is skipped, so "has not completed the audit" beside a plain line passes."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [
    ('        else:\n            return None\n    return state\n', '        else:\n            spans = spans[1:]\n    return state\n'),
]
