"""Lines are joined and sentences split only at `!?;`, so a status is read across sentences and correct reports score 0."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "false zero"
EDITS = [
    ('SENTENCE_END = re.compile(r"(?<=[.!?;])\\s+")', 'SENTENCE_END = re.compile(r"(?<=[!?;])\\s+")'),
    ('    kept = [line for line in LINE_BREAK.sub("\\n", content).splitlines() if',
     '    kept = [line for line in [LINE_BREAK.sub(" ", content).replace("\\n", " ")] if'),
]
