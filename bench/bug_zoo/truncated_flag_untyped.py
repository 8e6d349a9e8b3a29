"""The reader's boolean check only refuses null, so `"truncated": 0` or `""` reads as not truncated."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
# Both of the reader's passes: the one-pass types and the careful read behind them.
EDITS = [("    BOOLEAN: _Kind(_Reader.boolean, (bool,)),\n", "    BOOLEAN: _Kind(_Reader.member, (bool, int, float, str, list, dict)),\n")]
