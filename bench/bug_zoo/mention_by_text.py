"""`@Name` in the text counts as mentioning the human, though only a `p` tag notifies anyone."""
from __future__ import annotations

TASK = "narrative-agent-names"
KIND = "fail-open"
EDITS = [(
    "        and user.pubkey in final.mentions\n",
    "        and (user.pubkey in final.mentions or fold(user.name) in fold(content))\n",
)]
