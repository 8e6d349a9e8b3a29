"""Clauses split only at `!?;`, so a status is read across lines and sentences and correct reports score 0."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "false zero"
EDITS = [(
    '_CLAUSE_ENDS = str.maketrans(dict.fromkeys(".!?;", "\\n"))',
    '_CLAUSE_ENDS = str.maketrans({"\\n": " ", **dict.fromkeys("!?;", "\\n")})',
)]
