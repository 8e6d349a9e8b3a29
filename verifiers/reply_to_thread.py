"""reply-to-thread: does the agent answer a six-month projection in the task's thread, with the three figures?

The threading is not in the prompt: the reply must land in the human's thread on its own. The figures are read
by a closed grammar (default deny, `figures.py`), so a refusal, a question, a hedge or a wrong or extra number
around the right figures never pays.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, Message, same
from verifuzz.verifiers.figures import SLOT, Grammar, answers, stated
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "reply-to-thread"
# Month-0 revenue $120,000 growing 5% a month and expenses $75,000 growing 2% a month, compounded over months 1-6:
# each figure is the task's, rounded to the dollar, and a reply may be one off it.
FIGURES = {"revenue": 160_811, "expenses": 84_462, "profit": 374_470}

# ---- the reply's grammar ----------------------------------------------------------------------------------------
_M6 = r"(?:month[- ]?6|month six|the sixth month|the 6th month|m6)"
_MONTHS = r"months 1(?: ?- ?| to | through )6"
_PERIOD = rf"(?:(?:over|across|for|in|through) (?:{_MONTHS}|the (?:first )?(?:six|6) months|(?:six|6) months)|\({_MONTHS}\))"
_LABELS = {
    "revenue": rf"(?:the )?(?:projected )?(?:{_M6}(?:'s)? )?revenue(?: (?:in|for|at|by) {_M6}| \({_M6}\))?",
    "expenses": rf"(?:the )?(?:projected )?(?:{_M6}(?:'s)? )?(?:operating )?(?:expenses|costs)(?: (?:in|for|at|by) {_M6}| \({_M6}\))?",
    "profit": rf"(?:the )?(?:(?:six|6)-month )?(?:cumulative|total)(?: operating)? profit(?: {_PERIOD})?",
}
_VERB = r"(?::| =| -| is| was| are| were| comes to| totals| reaches| reach| grows to| grow to| of| at| is projected at| ends at)?"
_ROUNDED = r"(?: \(rounded(?: to the nearest dollar)?\))?"
_TAILS = {"revenue": rf"(?: (?:in|by|for|at) {_M6})?", "expenses": rf"(?: (?:in|by|for|at) {_M6})?", "profit": rf"(?: {_PERIOD})?"}
STATEMENTS = {
    figure: (re.compile(rf"{label}{_VERB} {SLOT}{_TAILS[figure]}{_ROUNDED}"), re.compile(rf"{SLOT}{_ROUNDED} (?:in |of )?{label}"))
    for figure, label in _LABELS.items()
}


# How a reply restates one input series: its month-0 amount and its monthly growth, exactly the task's.
_BASES = tuple(
    rf"(?:(?:based on|assuming|using|with|from) )?(?:(?:starting|initial|month-0|month 0) )?{label}(?: of| at|:)? "
    rf"\$?{start},? (?:growing|grows|growing at|rising|at|\+) {rate}(?: per month| a month| monthly|/month"
    r"| month over month| each month)?(?:,? compounded(?: monthly)?)?"
    for label, start, rate in (("revenue", r"(?:120,000|120000)", "5%"), ("(?:operating )?expenses", r"(?:75,000|75000)", "2%"))
)


NEUTRAL = re.compile("|".join((
    r"(?:here(?:'s| is| are) )?(?:the |your )?(?:six-month |6-month )?(?:projection|forecast|figures|numbers|results)"
    r"(?: for month 6| below| you asked for)?",
    rf"(?:(?:in|by|at|for) )?{_M6}(?: figures| results)?",
    r"(?:all )?(?:figures|amounts|numbers) (?:are )?rounded to the nearest dollar|\(?rounded to the nearest dollar\.?\)?",
    r"(?:growth )?compounded monthly|growth compounds monthly|with monthly compounding",
    *_BASES,
)))
GRAMMAR = Grammar(
    STATEMENTS, NEUTRAL,
    # Read by words where no form holds a piece: an amount is bound to the one figure its piece names, and the period
    # decides which (read first as one word each): month 6 for revenue and expenses, months 1-6 for the profit.
    names={"revenue": frozenset({"revenue", "rev"}), "expenses": frozenset({"expenses", "expense", "costs", "exp"}),
           "profit": frozenset({"profit"})},
    markers=(
        (re.compile(rf"\(?(?:{_MONTHS}|m1 ?- ?m?6|1 ?- ?6|(?:the )?(?:first )?(?:six|6) months)\)?"), "months-1-6"),
        (re.compile(rf"\(?{_M6}\)?"), "month-6"),
    ),
    requires={"profit": frozenset({"cumulative", "cum", "total", "combined", "overall", "months-1-6"})},
    forbids={
        "revenue": frozenset({"months-1-6", "cumulative", "cum", "total", "combined", "overall"}),
        "expenses": frozenset({"months-1-6", "cumulative", "cum", "total", "combined", "overall"}),
        "profit": frozenset({"month-6"}),
    },
    vocabulary=frozenset("""
        month-6 months-1-6 period projected projection forecast operating op usd dollars dollar rounded nearest figures
        numbers results compounded compounding monthly growth cumulative cum
    """.split()),
    inputs=re.compile(r"(?:120,000|120000|75,000|75000)|[52]%"),  # the starting amounts and growth rates, restated
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
    dimensions = {
        "answer_correct": reply is not None and answers(GRAMMAR, FIGURES, content, name),
        "reply_to_thread": reply is not None and in_thread(reply, evidence.task_event_id),
        "same_channel": reply is not None and same(reply.channel_id, evidence.channel_id),
        "expected_author": reply is not None and agent is not None and same(reply.pubkey, agent.pubkey),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "reply_id": reply.id if reply else None,
        "reply_content": content,
        "stated": stated(GRAMMAR, content, name) if reply else None,
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
