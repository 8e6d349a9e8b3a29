"""Threading checks the reply pointer only, so a reply posted in another channel counts as in the thread."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [("\n        and same(final.channel_id, evidence.channel_id),", ",")]
