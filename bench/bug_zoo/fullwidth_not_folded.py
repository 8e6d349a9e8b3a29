"""No NFKC folding, so a full-width `＠` wake is not seen (non-breaking spaces still match `\\s`)."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [('        text = unicodedata.normalize("NFKC", text)\n', "")]
