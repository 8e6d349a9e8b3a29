"""Mentions are read from the derived `mentioned_pubkeys` field instead of the signed `p` tags."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(
    '    tags = tuple(tag.strings() for tag in node.key("tags").elements())\n',
    '    tags = tuple(tag.strings() for tag in node.key("tags").elements() if tag.strings()[:1] != ("p",))'
    ' + tuple(("p", p) for p in node.key("mentioned_pubkeys").strings())\n',
)]
