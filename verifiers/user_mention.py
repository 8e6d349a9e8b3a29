"""user-mention: does the agent answer a licensing sum and hand the turn back to the human with a real `p` tag?

The mention is not in the prompt, and the human has a three-word name, so the agent must resolve a multi-word
identity to its pubkey: `@John Vincent Doe` typed as text notifies no one. The sum is read for what the reply claims
(`claims.py`), so a refusal, a question, a hedge, a retraction or a wrong or extra number never pays.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any, Mapping

from verifuzz.verifiers.claims import Facts, read_claims
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, same
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "user-mention"
# 12 licences at $37 a month for 12 months; a reply may be one off.
FIGURES = {"total": 5_328}
NAME_WORDS = 3  # the fixture seeds a human with a three-word display name
FACTS = Facts(
    figures={"total": Decimal(5_328)},
    tolerance=Decimal(1),
    inputs=(Decimal(12), Decimal(37)),
    intermediates=(Decimal(444),),  # a month's cost of the twelve licences, or a year's of one
    structure=frozenset({1, 12}),  # one year, twelve licences, twelve months
    # Words that claim a number is the year's total: $444 (a month's, or a licence's year) must not be called so.
    claims=r"\b(?:total|sum|in all|altogether|overall|annual|annually|yearly|per year|a year|per annum|for the year"
           r"|12 months|answer|comes? to|costs?|for (?:the |all )?12 licen[cs]es|the licen[cs]es)\b",
    # The year's total given as another quantity: a month's, a licence's, a quarter's, a saving, cents, a count.
    rivals=r"\b(?:per month|a month|monthly|/ ?mo(?:nth)?|each|every|per licen[cs]e|per seat|per user|a licen[cs]e|a seat"
           r"|quarter|quarterly|sav(?:e|es|ed|ing|ings)|licen[cs]e-months|seat-months|cents?|discount|refund|invoiced|week"
           r"|weekly|daily|day|owe|price)\b",
)


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    requester = user.pubkey if user else None
    # The reply is the last chat message after the task event by anyone but the human: whether the orchestrator
    # signed it is what expected_author measures.
    replies = [m for m in evidence.after_task() if not same(m.pubkey, requester)]
    reply = replies[-1] if replies else None
    content = reply.content if reply else ""
    name = user.name if user else ""
    checks = evidence.health(NAME)
    reading = read_claims(FACTS, content, name)
    dimensions = {
        "answer_correct": reply is not None and reading.answers,
        # The turn goes back to the human alone: her p tag, and no p tag waking anyone else.
        "user_p_tagged": reply is not None and user is not None and user.pubkey in reply.mentions
        and set(reply.mentions) == {user.pubkey},
        # A self-check of the fixture: the task means to test a multi-word identity.
        "three_word_user": user is not None and len(user.name.split()) == NAME_WORDS,
        "same_channel": reply is not None and same(reply.channel_id, evidence.channel_id),
        "expected_author": reply is not None and agent is not None and same(reply.pubkey, agent.pubkey),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "user": name or None,
        "reply_id": reply.id if reply else None,
        "reply_content": content,
        "reply_mentions": list(reply.mentions) if reply else [],
        "stated": reading.stated if reply else None,
        "reason": reading.reason if reply else "no reply after the task event",
        "expected_figures": FIGURES,
    }
    return Verdict(dimensions, details)


TASK = TaskSpec(
    name=NAME,
    dimensions=("answer_correct", "user_p_tagged", "three_word_user", "same_channel", "expected_author",
                "evidence_complete"),
    score=score,
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
