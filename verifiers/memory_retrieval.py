"""memory-retrieval: does the agent answer the April 2024 total-customers question from its cold memory, in the thread?

The answer, 352,345, lives only in a seeded memory entry. The final reply is read for what it claims (`claims.py`):
the answer stated as April 2024's total customers, no other number but the year, and nothing that changes its
meaning (a refusal, a question, a hedge, a correction, a quotation of someone else) anywhere.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Mapping

from verifuzz.verifiers.claims import Facts, read_claims
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, same
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import fold
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "memory-retrieval"
ANSWER = "352,345"
# The answer as a message may write it (folded: no-break and thin spaces are spaces): with a comma, a space or nothing
# between the thousands, never inside a longer number (1,352,345; 352,345.5; 0352345).
ANSWER_FORMS = re.compile(r"(?<![\d.,])352(?:,| )?345(?![\d]|[.,]\d)")
FACTS = Facts(
    figures={"customers": Decimal(352_345)},
    tolerance=Decimal(0),  # a count: exact
    inputs=(),
    intermediates=(),
    structure=frozenset({2024}),
    # "About" or "~" before an exact count is a hedge; April 2024 is past, so a future is another count.
    changers=(("hedge", r"\b(?:about|approximately|approx|roughly|around|circa|nearly|almost|close to)\b|~"),
              ("future", r"\b(?:will|going to)\b|'ll\b")),
    # The memory entry is where the figure comes from: "the entry says" quotes no one else.
    # A line opened by "From memory:", or a figure pulled from the memory, names the source, as "(from memory)"
    # after a figure does not.
    allowed=r"\b(?:entry|memory|notes|record|metric) (?:says|shows|reads)\b"
            r"|(?:^|(?<=\n))from (?:my |the )?(?:cold )?memor(?:y|ies)(?= ?[:(])"
            r"|\b(?:pulled|retrieved|fetched|read|took|got|found)(?: it| this| that| the figure| the number)? from"
            r" (?:my |the )?(?:cold )?memor(?:y|ies)\b",
    # Beside the answer, words that make it count something else, or another month's.
    rivals=r"\b(?:active|accounts?|new|added|adds|daily|weekly|monthly|average|avg|newsletter|subscribers?|forecast\w*"
           r"|projected|target|goal|budget|planned|churn\w*|per (?:month|day|week|year)|each|every|a month|growth|grew"
           r"|increase|signups?|january|february|march|may|june|july|august|september|october|november|december|jan|feb"
           r"|mar|jun|jul|aug|sep|sept|oct|nov|dec|q[1-4]|quarter|week|day|year-end|usd|dollars?|users?|revenue|last"
           r"|previous|prior)\b|\$"
           r"|\|\s+(?:records|entries|rows)\b",  # right after the number (`|` stands for it): what it counts
)


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    final = evidence.final_reply(agent.pubkey if agent else None)
    content = final.content if final else ""
    # The task holds only if the answer was nowhere but in memory: one given in the channel by anyone but the agent
    # (the prompt, the human, anyone else) proves nothing about retrieval.
    given = [m.id for m in evidence.messages if not same(m.pubkey, agent.pubkey if agent else None)
             and ANSWER_FORMS.search(fold(m.content))]
    checks = {**evidence.health(NAME), "answer_not_given_in_channel": not given}
    reading = read_claims(FACTS, content, user.name if user else "")
    dimensions = {
        # Addresses are read against the human's name: without one human the reply cannot be read.
        "answer_correct": final is not None and user is not None and reading.answers,
        "threaded_reply": final is not None
        and same(final.reply_to, evidence.task_event_id)
        and same(final.channel_id, evidence.channel_id),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "final_reply_id": final.id if final else None,
        "final_reply_content": content,
        "answer_given_by": given,
        "expected_answer": ANSWER,
        "stated": reading.stated,
        "reason": "no final reply" if final is None else "no single human in the snapshot" if user is None
        else reading.reason,
    }
    return Verdict(dimensions, details)


TASK = TaskSpec(name=NAME, dimensions=("answer_correct", "threaded_reply", "evidence_complete"), score=score)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
