"""narrative-agent-names: report two bots' status by name without waking either.

Each bot must be bound to its own status in its own clause; a clause that
swaps, merges or negates the statuses fails the report.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifiers.evidence import ORCHESTRATOR, USER, Evidence, Message, same
from verifiers.runner import run
from verifiers.text import fold, wakes
from verifiers.verdict import TaskSpec, Verdict

NAME = "narrative-agent-names"
AURORA = "Aurora Audit Bot"
BEACON = "Beacon Deploy Bot"
COMPLETED = re.compile(r"\b(?:completed|complete|finished)\b")
IDLE = re.compile(r"\bidle\b")
STATUS = {AURORA: COMPLETED, BEACON: IDLE}
FOLDED = {bot: fold(bot) for bot in STATUS}  # how each name reads in a folded clause
# Any negation in a clause that states a status makes the clause untrustworthy: a
# correct-but-hedged phrasing may fail, but a negated status can never pass.
NEGATION = re.compile(r"\b(?:not|never|no longer|yet to|failed to|unable to|without|cannot|\w*n['\u2019]t)\b")
_CLAUSE_MARKS = ".!?;"  # a clause ends at one of these or at a line break


def clauses(content: str) -> list[str]:
    """Split a reply into folded clauses: lines and sentences.

    Each mark becomes a line break and the reply is split at line breaks: str.replace finds
    the marks as fast on a megabyte as on a line, where a regex split took about 10 ms a megabyte.
    """
    for mark in _CLAUSE_MARKS:
        content = content.replace(mark, "\n")
    return [part for part in map(fold, content.split("\n")) if part]


def bound(stated_in: list[str], bot: str) -> bool:
    """`bot` is named with its own status, and no clause gives it the other's status, a shared or a negated one.

    `stated_in` are the reply's folded clauses. A clause that names the bot but states no
    status (such as "neither bot has work") is neutral.
    """
    other = BEACON if bot == AURORA else AURORA
    own, wrong = STATUS[bot], STATUS[other]
    stated = [c for c in stated_in if FOLDED[bot] in c and (own.search(c) or wrong.search(c))]
    misbound = [c for c in stated if FOLDED[other] in c or wrong.search(c) or NEGATION.search(c)]
    return bool(stated) and not misbound


def quiet(message: Message, bot_pubkeys: set[str]) -> bool:
    """Neither bot is notified: no `p` tag for either, and no `@Name` wake of either name."""
    folded = fold(message.content)
    return bot_pubkeys.isdisjoint(message.mentions) and not any(wakes(folded, bot) for bot in STATUS)


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    agent_key = agent.pubkey if agent else None
    final = evidence.final_reply(agent_key)
    sent = evidence.by(agent_key)
    bots = {bot: evidence.named(bot) for bot in STATUS}
    bot_pubkeys = {entry.pubkey for entries in bots.values() for entry in entries}
    bots_known = all(len(entries) == 1 for entries in bots.values())
    content = final.content if final else ""
    stated_in = clauses(content)
    checks = {
        **evidence.health(NAME),
        "both_bots_in_directory": bots_known,
        "final_reply_found": final is not None,
        "one_orchestrator_message": len(sent) == 1,
    }
    dimensions = {
        "status_correct": final is not None and all(bound(stated_in, bot) for bot in STATUS),
        "bots_not_mentioned": bots_known and agent is not None and all(quiet(m, bot_pubkeys) for m in sent),
        # The callback goes to the human; a p tag to anyone but the human or a bot (whose
        # wakes bots_not_mentioned judges) is another false wake.
        "user_mentioned": final is not None
        and user is not None
        and user.pubkey in final.mentions
        and set(final.mentions) <= {user.pubkey, *bot_pubkeys},
        "reply_to_thread": final is not None
        and same(final.reply_to, evidence.task_event_id)
        and same(final.channel_id, evidence.channel_id),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "final_reply_id": final.id if final else None,
        "final_reply_content": content,
        "final_reply_mentions": list(final.mentions) if final else [],
        "orchestrator_messages": len(sent),
    }
    return Verdict(dimensions, details)


TASK = TaskSpec(
    name=NAME,
    dimensions=("status_correct", "bots_not_mentioned", "user_mentioned", "reply_to_thread", "evidence_complete"),
    score=score,
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
