"""The reader's object check only refuses null, so a number or boolean where an object belongs crashes it."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "crash"
EDITS = [(
    '        return self._typed(dict, "an object")\n',
    '        if self.value is None:\n            raise self._fail("an object")\n        return self.value\n',
)]
