"""narrative-agent-names: report two bots' status by name without waking either.

Each bot must be bound to its own status in its own plain statement, read by a closed grammar: a
reply holding any clause the grammar does not recognise fails the report (default deny).
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, Message, same
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import TYPOGRAPHY, fold, plain, wakes
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "narrative-agent-names"
AURORA = "Aurora Audit Bot"
BEACON = "Beacon Deploy Bot"
# The reply's clauses are read by a closed grammar (default deny): a clause that no form below
# recognises fails status_correct, so a false pass needs a reply that matches an affirmation.
_NAME = {
    bot: "@? ?(?:" + "|".join(m + re.escape(fold(bot)) + m for m in ("", r"\*\*", "__", r"\*", "_")) + ")"
    for bot in (AURORA, BEACON)
}
_SEP = r"(?:\s*(?::|=|->|--?)\s*|\s+)"  # between a name and its status: a space, or a label mark
_A, _B = _NAME[AURORA], _NAME[BEACON]
# Harmless tails after a status: what it adds about work is the prompt's "neither bot has work".
_NO_WORK = r"(?:,? (?:with no work|with nothing to do)(?: queued| assigned| pending| left)?" \
    r"| and (?:has no|doesn't have any|does not have any|doesnt have any) work(?: assigned| pending| to do)?)"
_AURORA_TAIL = r"(?:" + _NO_WORK + r"| without (?:any )?(?:issues|problems)| with (?:no|zero) (?:issues|findings|problems)" \
    r"| - no issues found| earlier today| yesterday| today)?(?:, maya)?"
_BEACON_TAIL = r"(?:" + _NO_WORK + r"| right now| at the moment| for now| today| since the last deploy" \
    r"| \(no (?:active )?work\)| - no tasks assigned|,? nothing queued| - nothing queued| - nothing to deploy)?(?:, maya)?"
_DONE = r"(?:completed|finished)"
# Each form of a clause the grammar recognises; the task README gives one example per form, in this order.
AURORA_FORMS = (
    _A + r"(?:'s)?" + _SEP + r"(?:(?:has|already|now|successfully|has (?:now|already|successfully)) )?"
    + _DONE + r" (?:the|its) audit",
    _A + _SEP + r"(?:audit (?:completed|complete|finished)|completed)",
    _A + r" is (?:finished|done) with the audit",
    _A + r"'s audit is (?:complete|completed|finished)",
    r"the audit was completed by " + _A,
    r"completed(?: the audit)?" + _SEP + _A + r"(?: \(audit\))?",
    _A + r" wrapped up the audit(?: and it(?: is|'s) complete)?",
    _A + r" was asked for the audit and has completed it",
)
BEACON_FORMS = (
    _B + r"(?:'s)?" + _SEP + r"(?:(?:is|remains|stays)(?: still| currently)? |is (?:still )?sitting |has been )?"
    + r"(?:still |currently )?idle",
    _B + r" is idling",
    r"idle" + _SEP + _B,
    _B + r"'s status" + _SEP + "idle",
    _B + r" has (?:nothing to do|no work) and (?:is|remains) idle",
)
# Clauses that say nothing about either status: greetings, headers, the prompt's "no work", closings.
NEUTRAL_FORMS = (
    r"(?:hi|hello|hey)(?: there)?(?:,? @?maya(?: elise chen)?)?",
    r"(?:#+ )?(?:here's the update|here is the update|update below|quick summary|quick update|status update|status"
    r"|update|two-line status update(?:, as requested)?|here's where things stand)",
    r"neither bot has (?:any )?work(?: to do)?(?: right now| assigned)?",
    r"neither " + _A + " nor " + _B + r" has (?:any )?work(?: to do)?",
    r"no work is assigned to either bot|both bots have no work|nothing is queued for either bot",
    r"no action (?:is )?needed(?: from either bot)?|neither bot is working on anything",
    r"thanks|thank you|let me know if you need anything else|hope this helps|happy to help|cheers|all set|sure",
    r"update for maya|in short|quick status|nothing (?:else )?(?:is )?queued|(?:- )?buzz(?: orchestrator)?",
    r"(?:cc|fyi)(?: " + _A + "| " + _B + ")+",  # a wake is bots_not_mentioned's to judge; it states no status
)
AFFIRMATIONS = {
    AURORA: re.compile("(?:per your note, )?(?:" + "|".join(AURORA_FORMS) + ")" + _AURORA_TAIL),
    BEACON: re.compile("(?:" + "|".join(BEACON_FORMS) + ")" + _BEACON_TAIL),
}
NEUTRAL = re.compile("(?:" + "|".join(NEUTRAL_FORMS) + r")[:,]?")
# One line may hold both affirmations: each side of one of these joints must then be recognised on its own.
JOINTS = re.compile(r",? and |; |, while |: ")
LIST_MARK = re.compile(r"(?:[-*+] \[x\]|[-*+]|\d{1,2}[.)])\s+")  # a bullet, a number, a ticked box
SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
# A two-line status update is a few hundred characters. Past this length a reply is not one, and reading
# it clause by clause could outlast the verifier's 30 s on a 64 MB snapshot.
MAX_REPLY_CHARS = 20_000


def clauses(content: str, user: str) -> list[str] | None:
    """The reply's sentences, folded to plain ASCII without list marks or end marks; None when one cannot be.

    A line that is only `@` and the human's name is dropped: it addresses the human and says nothing else.
    """
    found: list[str] = []
    for line in content.translate(TYPOGRAPHY).splitlines():
        if fold(line) in ("", fold("@" + user)):
            continue
        text = plain(line)
        if text is None:
            return None
        mark = LIST_MARK.match(text)  # "1. " opens a line; it must not end a sentence
        for sentence in SENTENCE_END.split(text[mark.end() if mark else 0 :]):
            mark = LIST_MARK.match(sentence)  # clauses joined on one line may each carry a bullet
            found.append(sentence[mark.end() if mark else 0:].rstrip(" .!;"))
    return found


def addressed(user: str) -> frozenset[str]:
    """The clauses that only address the human: `@Name`, or a greeting with the name or first name."""
    human = fold(user)
    names = {human, human.split(" ")[0]} - {""}
    greetings = {f"{word}{gap}{name}" for word in ("hi", "hello", "hey") for gap in (" ", ", ", " @") for name in names}
    return frozenset({"@" + human, *greetings})


def recognised(clause: str, address: frozenset[str]) -> set[str] | None:
    """The bots `clause` affirms (empty for a neutral clause), or None when the grammar does not know it.

    `address` holds the clauses that only address the human (see `addressed`); one may also open a clause.
    """
    bots = {bot for bot, form in AFFIRMATIONS.items() if form.fullmatch(clause)}
    if bots or NEUTRAL.fullmatch(clause) or clause.rstrip(",:!") in address:
        return bots
    for opening in address:
        if clause.startswith(opening + " "):  # "@Name here is the update": the address says nothing of a status
            return recognised(clause[len(opening) + 1 :], frozenset())  # one address, so no deep recursion
    sides = JOINTS.split(clause)
    if len(sides) == 1:
        return None
    parts = [recognised(side, address) for side in sides]
    return None if None in parts else set().union(*parts)


def status_reported(content: str, user: str) -> bool:
    """Every clause is recognised and each bot's own status is affirmed in at least one of them."""
    if len(content) > MAX_REPLY_CHARS:
        return False
    affirmed: set[str] = set()
    address = addressed(user)
    for clause in clauses(content, user) or [None]:
        bots = recognised(clause, address) if clause else None
        if bots is None:
            return False
        affirmed |= bots
    return affirmed == {AURORA, BEACON}


def quiet(message: Message, bot_pubkeys: set[str]) -> bool:
    """Neither bot is notified: no `p` tag for either, and no `@Name` wake of either name."""
    folded = fold(message.content)
    return bot_pubkeys.isdisjoint(message.mentions) and not any(wakes(folded, bot) for bot in (AURORA, BEACON))


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    agent_key = agent.pubkey if agent else None
    final = evidence.final_reply(agent_key)
    sent = evidence.by(agent_key)  # every kind: a p tag on a reaction notifies as much as one on a message
    spoken = Evidence.chat(sent)  # what a person reads
    bots = {bot: evidence.named(bot) for bot in (AURORA, BEACON)}
    bot_pubkeys = {entry.pubkey for entries in bots.values() for entry in entries}
    bots_known = all(len(entries) == 1 for entries in bots.values())
    content = final.content if final else ""
    checks = {
        **evidence.health(NAME),
        "both_bots_in_directory": bots_known,
        "final_reply_found": final is not None,
        "one_orchestrator_message": len(spoken) == 1,
    }
    dimensions = {
        "status_correct": final is not None and status_reported(content, user.name if user else ""),
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
        "orchestrator_messages": len(spoken),
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
