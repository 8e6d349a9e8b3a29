"""narrative-agent-names: report two bots' status by name without waking either.

Each bot must be bound to its own status, read by a closed grammar (verifiers/narrative_grammar.py): a reply
holding any piece the grammar does not recognise fails the report (default deny).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Mapping

from verifuzz.verifiers.courtesy import ADVERBIAL, courtesy
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Evidence, Message, same
from verifuzz.verifiers.narrative_grammar import AUDIT, AUDIT_IT, AURORA, BEACON, DONE, DONE_IT, HARMLESS, IDLE, INVERTED, LABEL_MARK, QUIET, SUBJECT, TOPIC
from verifuzz.verifiers.prose import lines, pieces, sentences
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import fold, wakes
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "narrative-agent-names"
BOTS = {fold(AURORA): AURORA, fold(BEACON): BEACON}
NAMED = re.compile("|".join(BOTS))  # the bots a piece names
# A two-line status update is a few hundred characters. Past this length a reply is not one, and reading
# it piece by piece could outlast the verifier's 30 s on a 64 MB snapshot.
MAX_REPLY_CHARS = 20_000
SPAN = 4  # the most pieces one statement is read across
PLACING = re.compile(ADVERBIAL)  # "Beacon Deploy Bot, meanwhile, remains idle": the only courtesy a topic may wait through


@dataclass(frozen=True)
class Reading:
    """What a reply has said so far: the bots whose status it affirmed, and what the next piece may refer to."""

    affirmed: frozenset[str] = frozenset()
    subject: str | None = None  # the bot last spoken of: a pronoun, or a piece without a subject, speaks of it
    topic: bool = False  # the subject was only named ("As for Beacon Deploy Bot,"): the next statement must be about it
    last: str = ""  # the piece read last: when it spoke of the audit, "it" may be the audit
    stated: bool = False  # something other than courtesy was said: an acknowledgement can no longer open the reply


def read(state: Reading, piece: str, polite: tuple[re.Pattern[str], re.Pattern[str]]) -> Reading | None:
    """`state` after `piece`, or None when the grammar does not recognise the piece."""
    anywhere, opening = polite
    # After a topic only its statement, or a word that places it, may follow: "As for Beacon Deploy Bot: all set" is
    # no courtesy.
    if state.topic:
        courteous = PLACING.fullmatch(piece)
    else:
        courteous = anywhere.fullmatch(piece) or (not state.stated and opening.fullmatch(piece))
    after = state if courteous else said(replace(state, stated=True), piece)
    return after and replace(after, last=piece)


def said(state: Reading, piece: str) -> Reading | None:
    """`state` after a piece that is not courtesy: a harmless fact, a status with the name after it, a topic or a statement."""
    if HARMLESS.fullmatch(piece):
        named = {BOTS[name] for name in NAMED.findall(piece)}
        if not named:
            return state
        # A piece naming one bot makes it the subject; naming both, neither. A topic waits for its own statement.
        return None if state.topic else replace(state, subject=named.pop() if len(named) == 1 else None)
    for bot, form in INVERTED.items():
        if form.fullmatch(piece):
            return None if state.topic else replace(state, affirmed=state.affirmed | {bot}, subject=bot)
    topic = TOPIC.fullmatch(piece)
    if topic:
        return None if state.topic else replace(state, subject=BOTS[topic.group(1)], topic=True)
    return statement(state, piece)


def statement(state: Reading, piece: str) -> Reading | None:
    """`piece` read as a predicate of one bot: named at its start, a pronoun for the bot last spoken of, or left out."""
    subject = SUBJECT.match(piece)
    assert subject is not None  # every part of SUBJECT is optional
    rest = piece[subject.end() :]
    about_audit = AUDIT.search(state.last) is not None
    if subject.group("name"):
        if state.topic:
            return None  # a named topic must be followed by its own statement, not another bot's
        bot = BOTS[subject.group("name")]
        mark = LABEL_MARK.match(rest)
        rest = rest[mark.end() :] if mark else rest
    else:
        if subject.group("pronoun") == "it" and about_audit and AUDIT_IT.fullmatch(rest):
            return state  # "it's complete": the audit just spoken of
        bot = state.subject
    if bot is None:
        return None
    state = replace(state, subject=bot, topic=False)
    if DONE.fullmatch(rest) or (about_audit and DONE_IT.fullmatch(rest)):
        return replace(state, affirmed=state.affirmed | {AURORA}) if bot == AURORA else None
    if IDLE.fullmatch(rest):  # Beacon Deploy Bot's status; true of Aurora Audit Bot too, whose work is done
        return replace(state, affirmed=state.affirmed | {BEACON}) if bot == BEACON else state
    return state if QUIET.fullmatch(rest) else None


def sentence(state: Reading, text: str, polite: tuple[re.Pattern[str], re.Pattern[str]]) -> Reading | None:
    """`state` after a sentence, read from the left: each time the longest run of at most SPAN pieces the grammar
    knows ("is done" + "with the audit" is one statement), so a long sentence costs linear time. A run the grammar
    does not know is tried again with the bracket that closes right after it ("The audit is done (Aurora Audit Bot)")."""
    spans = pieces(text)
    while spans:
        for size in range(min(SPAN, len(spans)), 0, -1):
            end = spans[size - 1][1]
            found = read(state, text[spans[0][0] : end], polite)
            if found is None and text[end : end + 1] == ")":
                found = read(state, text[spans[0][0] : end + 1], polite)
            if found is not None:
                state, spans = found, spans[size:]
                break
        else:
            return None
    return state


def status_reported(content: str, user: str) -> bool:
    """Every piece is recognised, each bot's own status is affirmed, and no named topic is left without its statement."""
    if len(content) > MAX_REPLY_CHARS:
        return False
    found = lines(content, "@" + user)
    if not found:
        return False
    polite = courtesy(user)
    state: Reading | None = Reading()
    for line in found:
        for text in sentences(line):
            state = sentence(state, text, polite) if state else None
    return state is not None and state.affirmed == {AURORA, BEACON} and not state.topic


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
