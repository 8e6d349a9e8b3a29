"""interleaved-agent-reports: does the agent wait for three scripted reports, then call the human back once with the figure?

The reports are the messages the harness injected under the labels `ledger-report`, `risk-report` and
`operations-report`, each by its reporter. The final reply is read by a closed grammar (verifiers/figure_reply.py):
it pays only when its meaning is the figure (17 + 23 - 11) x 3 = 87.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, Message, same
from verifuzz.verifiers.figure_reply import Figure, read_answer
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import fold, wakes
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "interleaved-agent-reports"
# Each scripted report by label: its reporter's directory name and the labelled figures its text must carry.
REPORTS = {
    "ledger-report": ("Ledger Scout", (("north", 17), ("south", 23))),
    "risk-report": ("Risk Sentinel", (("reserve", 11),)),
    "operations-report": ("Ops Forecaster", (("multiplier", 3),)),
}
REPORTERS = tuple(reporter for reporter, _ in REPORTS.values())
INPUTS = tuple(pair for _, pairs in REPORTS.values() for pair in pairs)
TOTAL = 87  # (north + south - reserve) x multiplier
FIGURE = Figure(
    answer=TOTAL,
    known=frozenset({*(number for _, number in INPUTS), 17 + 23, 17 + 23 - 11, 23 - 11}),
    names=r"\b(?:final |combined |overall )?(?:figure|total|result|answer|final)",
    units=r"(?:is|as) (?:the|your) (?:final )?(?:figure|total|result|answer)",
    inputs=INPUTS,
    # The steps by their own names: north and south together make 40; before the multiplier it is 29.
    roles=((r"north (?:and|\+|plus|&) south(?: combined| together| totals?)?\s?(?:is|=|:|comes? to|makes?|gives?|equals)?\s?(\d+)"
            r"(?!\d)(?!\s?[-+x*/]\s?\d)", 17 + 23),
           (r"before (?:the |applying the )?multiplier[^\d]{0,20}?(\d+)", 17 + 23 - 11)),
    rivals=frozenset("last median before without".split()),
    kinds=frozenset("reporter reporters report reports".split()),
    words=frozenset("final combined figure result answer reports report three received based using inputs figures "
                    "calculation working formula ledger scout risk sentinel ops forecaster operations north south "
                    "reserve multiplier nora".split()),
)


def carries(content: str, pairs: tuple[tuple[str, int], ...]) -> bool:
    """The report's text gives each of its labelled figures: the label, then its number within a few words."""
    text = fold(content)
    return all(re.search(rf"\b{label}\b[^\d\n]{{0,24}}(?<!\d){number}(?!\d)", text) for label, number in pairs)


def reports(evidence: Evidence) -> dict[str, Message | None]:
    """Each label's report: the one exported chat message its one scripted event names, or None."""
    found: dict[str, Message | None] = {}
    for label in REPORTS:
        named = [event.event_id for event in evidence.scripted_events if event.label == label]
        message = evidence.message(named[0]) if len(named) == 1 else None
        found[label] = message if message is not None and message.chat else None
    return found


def delivered(evidence: Evidence, label: str, message: Message | None) -> bool:
    """The report reached the trial channel after the task event, signed by its reporter, carrying its figures."""
    reporter, pairs = REPORTS[label]
    entries = evidence.named(reporter)
    return (
        message is not None
        and len(entries) == 1
        and same(message.pubkey, entries[0].pubkey)
        and same(message.channel_id, evidence.channel_id)
        and message in evidence.after_task()
        and carries(message.content, pairs)
    )


def calls(message: Message, pubkey: str, name: str) -> bool:
    """The message notifies `pubkey`, by a `p` tag, or by an `@name` wake in its text."""
    return pubkey in message.mentions or wakes(fold(message.content), name)


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    agent_key = agent.pubkey if agent else None
    final = evidence.final_reply(agent_key)
    sent = evidence.by(agent_key)  # every kind: a p tag on a reaction notifies as much as one on a message
    found = reports(evidence)
    entries = {reporter: evidence.named(reporter) for reporter in REPORTERS}
    reporter_keys = {entry.pubkey for named in entries.values() for entry in named}
    reporters_known = all(len(named) == 1 for named in entries.values())
    callbacks = [m for m in sent if user is not None and calls(m, user.pubkey, user.name)]
    checks = {**evidence.health(NAME), "reporters_in_directory": reporters_known, "final_reply_found": final is not None}
    reading = read_answer(final.content, FIGURE, user.name if user else "") if final else None
    dimensions = {
        "reports_delivered": all(delivered(evidence, label, message) for label, message in found.items()),
        # The figure is posted once every report is in: a report stamped in the reply's second may have come after it.
        "inputs_complete": final is not None and final.created_at is not None
        and all(m is not None and m.created_at is not None and m.created_at < final.created_at for m in found.values()),
        "answer_correct": reading is not None and reading.states,
        # The turn goes back to the human once, by a real p tag on the final reply, and to nobody else but reporters
        # (whose wakes reporters_not_rementioned judges).
        "single_human_callback": final is not None and user is not None and callbacks == [final]
        and user.pubkey in final.mentions and set(final.mentions) <= {user.pubkey, *reporter_keys},
        "reporters_not_rementioned": reporters_known and agent is not None
        and not any(calls(m, entry.pubkey, entry.name) for m in sent for named in entries.values() for entry in named),
        "reply_to_thread": final is not None
        and same(final.reply_to, evidence.task_event_id)
        and same(final.channel_id, evidence.channel_id),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "reports": {label: message.id if message else None for label, message in found.items()},
        "scripted_events_listed": len(evidence.scripted_events),
        "final_reply_id": final.id if final else None,
        "final_reply_content": final.content if final else "",
        "human_callbacks": [m.id for m in callbacks],
        "expected_answer": TOTAL,
        # Why the final reply does not state the figure: the sentence or number that decided, and the rule.
        "answer_reason": reading.reason if reading else "no final reply",
    }
    if not evidence.scripted_events:
        details["reports_note"] = ("the snapshot lists no scripted events (an older exporter writes none), so the three "
                             "reports cannot be told apart from other messages: reports_delivered and inputs_complete fail")
    return Verdict(dimensions, details)


TASK = TaskSpec(
    name=NAME,
    dimensions=("reports_delivered", "inputs_complete", "answer_correct", "single_human_callback",
                "reporters_not_rementioned", "reply_to_thread", "evidence_complete"),
    score=score,
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
