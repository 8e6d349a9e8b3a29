"""`==` instead of `same()` for the reply pointer against the task event id, so two absent values would match.

Masked today: with no task event id there is no "after the task", so there is no
final reply to compare. Kept as the zoo's one expected survivor (an equivalent mutant).
"""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "masked"
EXPECT = "survives"
EDITS = [(
    "        and same(final.reply_to, evidence.task_event_id)\n",
    "        and final.reply_to == evidence.task_event_id\n",
)]
