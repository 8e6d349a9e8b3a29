"""A clause the grammar does not recognise is skipped, so "has not completed the audit" beside a plain line passes."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [
    ('        if bots is None:\n            return False\n', '        if bots is None:\n            continue\n'),
]
