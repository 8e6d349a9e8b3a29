"""Only the final reply is checked for wakes, so an earlier orchestrator message may p-tag a bot."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(
    "all(quiet(m, bot_pubkeys) for m in sent)",
    "final is not None and quiet(final, bot_pubkeys)",
)]
