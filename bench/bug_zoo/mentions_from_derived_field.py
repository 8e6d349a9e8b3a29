"""Mentions are read from the derived `mentioned_pubkeys` field instead of the signed `p` tags."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(
    "    message = Message(*fields, signed, tag_channel(signed), tag_reply(signed), tag_mentions(signed))\n",
    "    message = Message(*fields, signed, tag_channel(signed), tag_reply(signed), tuple(mentions))\n",
)]
