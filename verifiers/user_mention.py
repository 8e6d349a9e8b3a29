"""user-mention: does the agent answer a licensing sum and hand the turn back to the human with a real `p` tag?

The mention is not in the prompt, and the human has a three-word name, so the agent must resolve a multi-word
identity to its pubkey: `@John Vincent Doe` typed as text notifies no one. The sum is read by a closed grammar
(default deny, `figures.py`), so a refusal, a question, a hedge or a wrong or extra number never pays.
"""
from __future__ import annotations

import re
from itertools import permutations
from typing import Any, Mapping

from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, same
from verifuzz.verifiers.figures import SLOT, Grammar, answers, stated
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "user-mention"
# 12 licences at $37 a month for 12 months; a reply may be one off.
FIGURES = {"total": 5_328}
NAME_WORDS = 3  # the fixture seeds a human with a three-word display name

# ---- the reply's grammar ----------------------------------------------------------------------------------------
_LICENCES = r"licen[cs]es"
_FOR = rf"(?: for (?:the year|12 months|one year|a year|(?:all )?12 {_LICENCES}(?: for (?:the year|12 months|a year))?))?"
_LABEL = (r"(?:the )?(?:(?:total|annual|yearly) )?(?:total|cost|licen[cs](?:e|ing) (?:cost|total|bill|sum)|annual total"
          rf"|total (?:annual|yearly) cost|annual cost|yearly cost|sum){_FOR}")
_VERB = r"(?::| =| -| is| was| comes to| totals| works out to| equals)?"
_TAIL = (r"(?: (?:per year|a year|for the year|annually|per annum|in total|total|for 12 months|over 12 months"
         rf"|for (?:all )?12 {_LICENCES}(?: (?:for|over) 12 months)?))?")
_SEATS = rf"12(?: (?:{_LICENCES}|seats|users))?"
_PRICE = (rf"\$?37(?: ?(?:/|per |a )(?:month|mo|licen[cs]e(?:/month| per month| a month)?|seat(?:/month| per month)?"
          r"|user(?:/month| per month)?))?(?: each)?")
_MONTHS = r"12(?: months|mo)?"
# The working restated: the three inputs multiplied in any order, nothing else.
_WORK = "|".join(r"(?: x | \* | times )".join(order) for order in permutations((_SEATS, _PRICE, _MONTHS)))
STATEMENTS = {"total": tuple(re.compile(form) for form in (
    rf"{_LABEL}{_VERB} {SLOT}{_TAIL}",
    rf"{SLOT}{_TAIL}",
    rf"(?:it's|it is|that's|that is|that comes to|it comes to|this comes to|the answer is|you're looking at) {SLOT}{_TAIL}",
    rf"(?:the )?(?:12 )?{_LICENCES} (?:cost|come to) {SLOT}{_TAIL}",
    rf"(?:{_WORK}) (?:=|is|comes to|equals) {SLOT}{_TAIL}",
))}
_ITEM = (rf"(?:12 (?:{_LICENCES}|seats|users)|\$37 (?:per licen[cs]e per month|per month|a month)(?: each)?|\$37/month"
         r"(?: each| per licen[cs]e)?|\$37 each per month|12 months|a year|one year|the year|a full year)")
NEUTRAL = re.compile("|".join((
    rf"(?:(?:at|with|for|over|based on) )?{_ITEM}(?:(?: for| over| at| and| x| across|,) {_ITEM})*",
    r"(?:here(?:'s| is) )?(?:the |your )?(?:licen[cs]ing )?(?:cost|total|calculation|math|sum)(?: below)?",
)))
GRAMMAR = Grammar(
    STATEMENTS, NEUTRAL,
    vocabulary=frozenset("""
        cost costs total annual annually yearly year yr month months licence licences license licenses licensing seats
        users user bill billed usd dollars dollar sum answer
    """.split()),  # not "price": a price is $37 a licence a month
    inputs=re.compile(rf"{_ITEM}|12-month|\b12\b|\$?37\b"),  # the task's own numbers: 12 licences, $37 a month, 12 months
    # Read by its words, the total is never a share or a month's: "$5,328 per licence", "each licence costs $5,328",
    # "$5,328 a licence" and "$5,328 a month" give the year's total as another figure (the forms above read "per year"
    # and "a year"; "licences" and "seats" count all twelve).
    forbids={"total": frozenset({"per", "each", "every", "month", "licence", "license", "seat", "user"})},
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
    dimensions = {
        "answer_correct": reply is not None and answers(GRAMMAR, FIGURES, content, name),
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
        "stated": stated(GRAMMAR, content, name) if reply else None,
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
