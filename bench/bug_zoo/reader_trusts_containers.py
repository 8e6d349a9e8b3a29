"""The reader's object check only refuses null, so a number or boolean where an object belongs crashes it."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "crash"
EDITS = [("        if type(self.value) is not dict:\n", "        if self.value is None:\n")]
