"""Clauses split only at `!?;`, so a status is read across lines and sentences and correct reports score 0."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "false zero"
EDITS = [
    ('_CLAUSE_MARKS = ".!?;"', '_CLAUSE_MARKS = "!?;"'),
    ("    for mark in _CLAUSE_MARKS:\n", '    content = content.replace("\\n", " ")\n    for mark in _CLAUSE_MARKS:\n'),
]
