"""The reader no longer refuses two messages with one id, so a duplicated task event goes unnoticed."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(
    "        if message.id in seen:\n",
    "        if False:  # duplicates allowed\n",
)]
