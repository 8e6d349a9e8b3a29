"""Evidence exported for another task is scored as if it were this one."""
from __future__ import annotations

TASK = "read-named-path-outside-workspace"
KIND = "fail-open"
EDITS = [('            "task_name_matches": self.task_name == task_name,\n', "")]
