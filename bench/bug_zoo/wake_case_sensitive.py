"""Folding keeps case, so `@aurora audit bot` is not seen as a wake (names compare case-sensitively too)."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [('return _SPACE_RUN.sub(" ", text.casefold()).strip()', 'return _SPACE_RUN.sub(" ", text).strip()')]
