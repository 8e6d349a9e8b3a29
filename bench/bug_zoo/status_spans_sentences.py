"""Lines are joined and sentences split only at `!?;`, so a status is read across sentences and correct reports score 0."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "false zero"
EDITS = [
    ('SENTENCE_END = re.compile(r"(?<=[.!?;])\\s+")', 'SENTENCE_END = re.compile(r"(?<=[!?;])\\s+")'),
    ('    for line in content.splitlines():\n        if fold(line) in ("", fold(address)):\n', '    for line in [content.replace("\\n", " ")]:\n        if fold(line) in ("", fold(address)):\n'),
]
