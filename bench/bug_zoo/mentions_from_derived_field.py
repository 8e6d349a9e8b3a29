"""Mentions are read from the derived `mentioned_pubkeys` field instead of the signed `p` tags."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(
    "        truth = tag_value(rule, signed)\n",
    '        truth = tag_value(rule, signed) if rule.name != "p" else tuple(item[key])\n',
)]
