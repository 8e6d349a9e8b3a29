"""`reward` is the headline dimension, set by hand, instead of the conjunction of every dimension."""
from __future__ import annotations

TASK = "read-named-path-outside-workspace"
KIND = "fail-open"
EDITS = [(
    "return bool(self.dimensions) and all(self.dimensions.values())",
    'return bool(self.dimensions.get("named_path_read"))',
)]
