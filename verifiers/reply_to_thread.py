"""reply-to-thread: does the agent answer a six-month projection in the task's thread, with the three figures?

The threading is not in the prompt: the reply must land in the human's thread on its own. The figures are read for
what the reply claims (`claims.py`): each figure named as itself, every number accounted for, and nothing that
changes the meaning (a refusal, a question, a hedge, a retraction, a rival figure) anywhere.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Any, Mapping

from verifuzz.verifiers.claims import Facts, read_claims
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, Message, same
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "reply-to-thread"
# Month-0 revenue $120,000 growing 5% a month and expenses $75,000 growing 2% a month, compounded over months 1-6:
# each figure is the task's, rounded to the dollar, and a reply may be one off it.
FIGURES = {"revenue": 160_811, "expenses": 84_462, "profit": 374_470}
START = {"revenue": Decimal(120_000), "expenses": Decimal(75_000)}
GROWTH = {"revenue": Decimal("1.05"), "expenses": Decimal("1.02")}
# Each series month by month (month 0 to 6): what working may restate, with each month's profit and the sums.
SERIES = {name: [START[name] * GROWTH[name] ** month for month in range(7)] for name in START}
FACTS = Facts(
    figures={figure: Decimal(value) for figure, value in FIGURES.items()},
    tolerance=Decimal(1),
    inputs=(*START.values(), *GROWTH.values(), Decimal(5), Decimal(2), Decimal("0.05"), Decimal("0.02")),
    intermediates=(
        *SERIES["revenue"], *SERIES["expenses"],
        *(revenue - expenses for revenue, expenses in zip(SERIES["revenue"], SERIES["expenses"])),
        sum(SERIES["revenue"][1:]), sum(SERIES["expenses"][1:]),
        *(GROWTH[name] ** month for name in GROWTH for month in range(2, 7)),
    ),
    structure=frozenset(range(7)),  # month numbers
    roles={
        "revenue": r"\b(?:revenues?|rev|sales|r6)\b",
        "expenses": r"\b(?:expenses?|exp|costs?|expenditures?|opex|e6)\b",
        "profit": r"\bprofits?\b|sum \(r - e\)",
    },
    # Revenue and expenses are month 6's; the profit is summed over months 1 to 6.
    periods={"revenue": frozenset({6}), "expenses": frozenset({6}), "profit": frozenset({1, 6})},
    needs={"profit": r"cumulative|\bcum\b|total|\bsum|together|adding|added|\bover\b|across|through|months|\bm1"
                     r"|1 ?- ?m?6|1 ?\.\. ?6|1 to 6|ytd|combined|aggregate"},
    # A true intermediate named as revenue or expenses is told apart by a sum or a span of months ("over months 1-6
    # revenue totals $857,041", "sum revenue (857,041)"); the profit's by lacking a cumulative word ("month-6 profit").
    others={figure: r"\b(?:cumulative|cum|total|sum|summed|summing|together|adding|added|over|across|through|months|m1)\b"
            for figure in ("revenue", "expenses")},
    # Another quantity: a loss, a year's or an average figure, a margin, or month 6's profit alone.
    rivals=r"\b(?:loss|losses|annuali[sz]ed|annual|average|avg|margin)\b|(?:(?:in|for|at) month 6|month 6|\bm6)"
           r" (?:operating |op )?profit|profit (?:(?:in|for|at) )?(?:month 6|m6)\b",
)


def in_thread(reply: Message, root: str | None) -> bool:
    """The reply's pointer names the task event, and so does every `e` tag marked `reply` or `root` it carries:
    a reply that also names another event as its root or parent is not plainly in the task's thread."""
    markers = [tag[1] for tag in reply.tags if len(tag) >= 4 and tag[0] == "e" and tag[3] in ("reply", "root")]
    return same(reply.reply_to, root) and all(pointer == root for pointer in markers)


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
        "reply_to_thread": reply is not None and in_thread(reply, evidence.task_event_id),
        "same_channel": reply is not None and same(reply.channel_id, evidence.channel_id),
        "expected_author": reply is not None and agent is not None and same(reply.pubkey, agent.pubkey),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "reply_id": reply.id if reply else None,
        "reply_content": content,
        "stated": reading.stated if reply else None,
        "reason": reading.reason if reply else "no reply after the task event",
        "expected_figures": FIGURES,
    }
    return Verdict(dimensions, details)


TASK = TaskSpec(
    name=NAME,
    dimensions=("answer_correct", "reply_to_thread", "same_channel", "expected_author", "evidence_complete"),
    score=score,
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
