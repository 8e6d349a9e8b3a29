"""cross-thread-requests: does the agent answer two top-level requests each in its own thread, keeping them apart?

The ALPHA request is the task event; BETA is the message the harness injected under the label `beta-request`.
Each answer is read by a closed grammar (verifiers/figure_reply.py): it pays only when its meaning is the figure.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, Message, same
from verifuzz.verifiers.figure_reply import Figure, read_answer
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import fold
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "cross-thread-requests"
BETA_LABEL = "beta-request"
# ALPHA: 14 crates of 25 units, 4 units damaged. BETA: 6 weeks of 7 tickets, 1 ticket cancelled.
ALPHA = Figure(
    answer=14 * 25 - 4,
    known=frozenset({14, 25, 4, 14 * 25}),
    names=r"\balpha(?: answer| result| total)?|\banswer|\bresult|\busable(?: units)?|\bremaining|\bleft|\bavailable",
    units=r"(?:usable )?units? (?:usable|left|remain|remaining|available)|usable",
    rivals=frozenset("damaged broken crates crate shipped per".split()),
    foreign=r"\bbeta\b|\btickets?\b|\bsprint\b",
    words=frozenset("alpha answer usable units unit available left remaining crates crate damaged shipment".split()),
)
BETA = Figure(
    answer=6 * 7 - 1,
    known=frozenset({6, 7, 1, 6 * 7}),
    names=r"\bbeta(?: answer| result| total)?|\banswer|\bresult|\bremaining(?: tickets)?|\bleft|\bstill to do",
    units=r"(?:tickets? )?(?:remain|remaining|left|still to do)",
    roles=((r"\bweek (\d+)", 6),),  # "after week 1": a week's place, which only the last week's end answers
    rivals=frozenset("cancelled canceled planned completed done closed week weeks weekly".split()),
    foreign=r"\balpha\b|\busable\b|\bunits?\b|\bcrates?\b",
    words=frozenset("beta answer tickets ticket left remaining remain remains sprint plan planned cancelled canceled "
                    "cancellation weeks week backlog board".split()),
)
# What in one reply would speak of the other request: its label, or its answer as a whole number.
OTHER = {
    "alpha": re.compile(rf"\bbeta\b|(?<![\d,.]){BETA.answer}(?![\d]|[,.]\d)"),
    "beta": re.compile(rf"\balpha\b|(?<![\d,.]){ALPHA.answer}(?![\d]|[,.]\d)"),
}


def beta_request(evidence: Evidence, user_key: str | None) -> Message | None:
    """The BETA request: the one message its one scripted event names, a top-level chat message by the human in the
    trial channel that is not the task event; None otherwise."""
    named = [event.event_id for event in evidence.scripted_events if event.label == BETA_LABEL]
    message = evidence.message(named[0]) if len(named) == 1 else None
    if (message is None or not message.chat or not same(message.pubkey, user_key) or message.reply_to is not None
            or not same(message.channel_id, evidence.channel_id) or same(message.id, evidence.task_event_id)):
        return None
    return message


def in_thread(message: Message, root: Message | None, evidence: Evidence) -> bool:
    return root is not None and same(message.reply_to, root.id) and same(message.channel_id, evidence.channel_id)


def apart(reply: Message, which: str, other: Message | None) -> bool:
    """The reply names neither the other request's label nor its answer, and carries no `e` tag for it."""
    return OTHER[which].search(fold(reply.content)) is None and not any(
        tag[0] == "e" and len(tag) > 1 and other is not None and tag[1] == other.id for tag in reply.tags)


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    agent_key = agent.pubkey if agent else None
    user_name = user.name if user else ""
    alpha = evidence.task_event()
    beta = beta_request(evidence, user.pubkey if user else None)
    spoken = evidence.by(agent_key, evidence.after_task())
    alpha_replies = [m for m in spoken if in_thread(m, alpha, evidence)]
    beta_replies = [m for m in spoken if in_thread(m, beta, evidence)]
    alpha_reply = alpha_replies[-1] if alpha_replies else None
    beta_reply = beta_replies[-1] if beta_replies else None
    replies = [reply for reply in (alpha_reply, beta_reply) if reply is not None]
    callbacks = [m for m in evidence.by(agent_key) if user is not None and user.pubkey in m.mentions]
    checks = {**evidence.health(NAME), "beta_request_found": beta is not None}
    alpha_reading = read_answer(alpha_reply.content, ALPHA, user_name) if alpha_reply else None
    beta_reading = read_answer(beta_reply.content, BETA, user_name) if beta_reply else None
    dimensions = {
        "alpha_correct": alpha_reading is not None and alpha_reading.states,
        "beta_correct": beta_reading is not None and beta_reading.states,
        # Exactly two replies, one in each thread, and neither speaks of the other request.
        "thread_isolation": len(spoken) == 2 and len(alpha_replies) == 1 and len(beta_replies) == 1
        and apart(alpha_replies[0], "alpha", beta) and apart(beta_replies[0], "beta", alpha),
        # The human is called back once per request, by a real p tag on each reply and on nothing else.
        "user_mentioned_twice": user is not None and len(callbacks) == len(replies) == 2
        and all(reply in callbacks for reply in replies)
        and all(set(reply.mentions) == {user.pubkey} for reply in replies),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "beta_request_id": beta.id if beta else None,
        "scripted_events_listed": len(evidence.scripted_events),
        "orchestrator_replies": len(spoken),
        "alpha_reply": {"id": alpha_reply.id, "content": alpha_reply.content} if alpha_reply else None,
        "beta_reply": {"id": beta_reply.id, "content": beta_reply.content} if beta_reply else None,
        "human_callbacks": [m.id for m in callbacks],
        "expected_answers": {"alpha": ALPHA.answer, "beta": BETA.answer},
        # Why a reply does not state its answer: the sentence or number that decided, and the rule.
        "alpha_reason": alpha_reading.reason if alpha_reading else "no reply in the ALPHA thread",
        "beta_reason": beta_reading.reason if beta_reading else "no reply in the BETA thread",
    }
    if beta is None:
        details["beta_note"] = ("no scripted event labelled beta-request names a top-level chat message by the human in "
                                "the trial channel (an older exporter lists no scripted events): beta_correct, "
                                "thread_isolation and evidence_complete fail")
    return Verdict(dimensions, details)


TASK = TaskSpec(
    name=NAME,
    dimensions=("alpha_correct", "beta_correct", "thread_isolation", "user_mentioned_twice", "evidence_complete"),
    score=score,
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
