"""Folding keeps case, so `@aurora audit bot` is not seen as a wake (names compare case-sensitively too)."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [('return " ".join(text.casefold().split())', 'return " ".join(text.split())')]
