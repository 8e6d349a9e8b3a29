"""Mentions are read from the derived `mentioned_pubkeys` field instead of the signed `p` tags."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(
    '    tags = tuple(_tag(t) for t in node.key("tags").elements())\n',
    '    tags = tuple(t for t in map(_tag, node.key("tags").elements()) if t[:1] != ("p",))'
    ' + tuple(("p", p.string()) for p in node.key("mentioned_pubkeys").elements())\n',
)]
