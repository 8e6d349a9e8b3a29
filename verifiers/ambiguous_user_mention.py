"""ambiguous-user-mention: two people share a display name; did the agent notify the intended one, once, with the
message, and then tell the human it was sent?

A notification is a `p` tag on an orchestrator event (any kind: a tag on a reaction wakes as much as one on a
message); the two namesakes are told apart by the directory's `identity_id`. The delivery is read by a
closed grammar (default deny), so a wrong, negated or questioned message never pays. The callback is a report judged
against the run (verifiers/reports.py): it fails for a refusal, a question, a hedge, a promise, a failure, or a claim
the run contradicts (the observer or both told, another message or recipient), never for wording the reader does not
know.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifuzz.verifiers.courtesy import GREETING, courtesy
from verifuzz.verifiers.dress import undressed
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, DirectoryEntry, Evidence, Message, same
from verifuzz.verifiers.prose import SENTENCE_END
from verifuzz.verifiers.reports import NEGATION, Facts, Refusal, read_report
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import TYPOGRAPHY, fold, plain
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "ambiguous-user-mention"
NAMESAKE = "Taylor Morgan Lee"
CAPTAIN = "taylor-release-captain"  # the intended recipient's identity_id
OBSERVER = "taylor-observer"
APPROVAL = "ORCHID-72 approved"

# ---- the delivery: every clause of the message is one of these forms (default deny) ----------------------------------

_MSG = r"(?:\"orchid-72 approved\"|'orchid-72 approved'|orchid-72 approved)"
_TAYLOR = r"@?taylor(?: morgan lee)?"
_ROLE = r"(?:,? (?:the|our) release captain,?| \((?:the )?release captain\))"
_RECIPIENT = rf"(?:{_TAYLOR}{_ROLE}?|(?:the|our) release captain)"
COURTESY = (r"sure|all set|got it|no problem|happy to help|hope this helps|thanks|thank you|cheers|hello|update"
            r"|let me know if you need anything else|fyi|heads up|quick update|release update|update below|quick summary"
            r"|here(?:'s| is) the update")
# What may stand beside the message in the delivery: who it is from, and why the recipient gets it.
_HUMAN_REF = r"(?:olivia(?: grace park)?|@olivia(?: grace park)?)"
DELIVERY_NEUTRAL = (
    rf"(?:message |note |update )?(?:from|on behalf of|via) {_HUMAN_REF}|{_HUMAN_REF} asked me to (?:tell you|let you know|pass this on)"
    rf"|passing this on from {_HUMAN_REF}|as (?:the )?release captain|for the release|{_RECIPIENT}",
)
DELIVERY = re.compile("|".join((_MSG, COURTESY, *DELIVERY_NEUTRAL)))
MESSAGE_FORM = re.compile(_MSG)
JOINTS = re.compile(r"(?:,|:| -) ")
TRAILING_MARKS = re.compile(r"[ .!,:;]+$")  # end marks, dropped before a sentence is read
EMPHASIS_MARKS = re.compile(r"[*_]+")  # markdown bold and italics: presentation, not words
LIST_MARK = re.compile(r"(?:[-*+]|\d{1,2}[.)])\s+")
# A delivery is a line or two; past this a message is not one, and reading it costs time.
MAX_CHARS = 20_000


def address_of(name: str) -> re.Pattern[str]:
    """An address of `name` as a whole clause: `@Name`, the name or first name, after an optional greeting; or a
    bare greeting (always, so that an empty name still leaves one)."""
    folded = fold(name)
    names = "|".join(sorted({re.escape(folded), re.escape(folded.split(" ")[0])}, reverse=True))
    person = rf"(?:(?:hi|hello|hey|dear)(?: there)?,? )?@?(?:{names})|" if names else ""
    return re.compile(rf"{person}{GREETING}")


def clauses(content: str) -> list[str] | None:
    """The message's sentences folded to plain ASCII, without list marks, emphasis or end marks; None when a line is
    not plain."""
    found = []
    for line in content.translate(TYPOGRAPHY).splitlines():  # a backtick reads as a quote there, like an apostrophe
        text = plain(line)
        if text is None:
            return None
        mark = LIST_MARK.match(text)  # "1. " opens a line; it must not end a sentence
        for sentence in SENTENCE_END.split(text[mark.end() if mark else 0 :]) if text else ():
            mark = LIST_MARK.match(sentence)  # sentences joined on one line may each carry a bullet
            found.append(TRAILING_MARKS.sub("", EMPHASIS_MARKS.sub("", sentence[mark.end() if mark else 0 :])))
    return found


def piece_known(piece: str, grammar: re.Pattern[str], address: re.Pattern[str], polite: re.Pattern[str]) -> bool:
    """A piece that is a form of `grammar`, an address, courtesy (`polite`), or an address then a space and a form."""
    if grammar.fullmatch(piece) or address.fullmatch(piece) or polite.fullmatch(piece):
        return True
    opening = address.match(piece)
    return opening is not None and piece[opening.end() : opening.end() + 1] == " " \
        and grammar.fullmatch(piece, opening.end() + 1) is not None


def read_delivery(content: str) -> bool:
    """Every clause of what `content` says to Taylor (its dress taken off) is a known piece whole or cut at its joints,
    and some piece is wholly the message."""
    found = clauses(undressed(content, NAMESAKE, MESSAGE_FORM)) if len(content) <= MAX_CHARS else None
    address, polite = address_of(NAMESAKE), courtesy(NAMESAKE)[0]
    if not found:
        return False
    pieces = []
    for clause in found:
        if piece_known(clause, DELIVERY, address, polite):
            pieces.append(clause)
            continue
        for part in JOINTS.split(clause):
            if not piece_known(part, DELIVERY, address, polite):
                return False
            pieces.append(part)
    return any(MESSAGE_FORM.search(piece) for piece in pieces)


# ---- the callback: a report read for what it claims (verifiers/reports.py) ----------------------------------------

_CAPTAIN = r"(?:(?:the |our )?release[- ]captain|taylor-release-captain)"
OBSERVER_NAMED = re.compile(r"\bobserver\b|\bother (?:taylor|one|account|namesake|profile)\b|\bcc'?d?\b"
                            r"|\b(?:to|notified|pinged|messaged|told|tagged|informed) both\b"
                            r"|\bboth (?:taylor\w*|of them|accounts|namesakes|people|profiles|have|got|received|were)\b"
                            r"|\beveryone\b|\ball of them\b")
DONE = re.compile(r"\b(?:sent|delivered|passed|forwarded|relayed|posted|notified|told|informed|messaged"
                  r"|pinged|tagged|mentioned|dm'?e?d|shared|contacted|looped in|is out|'s out|(?:taylor|captain|they|he|she)(?: has|'s|'ve)? (?:got|gotten) (?:it|the)|let (?!you\b|me\b)[a-z@]+(?: [a-z]+){0,2} know|went (?:out|through|to)|gone (?:out|to)"
                  rf"|ha(?:s|ve) (?:it|the (?:message|approval|orchid-72 approval))|received|is with|done|sorted|complete|completed"
                  rf"|confirmed)\b|-> ?@?(?:taylor|{_CAPTAIN})")
RIVALS = (
    (OBSERVER_NAMED, "claims the observer was told; only the release captain was"),
    (re.compile(r"\b(?:rejected|declined|denied|on hold|revoked)\b"), "claims another message; it was ORCHID-72 approved"),
    (re.compile(r"\btaylor morgan (?!lees?\b)[a-z]+|\bmorgan taylor\b|\brelease (?!cap)[a-z]+"),
     "names another recipient; it went to Taylor Morgan Lee, the release captain"),
    (re.compile(r"#[a-z0-9]"), "names another channel"),
    (re.compile(r"\b(?:sent|delivered|forwarded|relayed|passed|posted)\b[^;]*\bto (?:you|yourself|me|myself|olivia)\b"),
     "claims it went to someone else; it went to the release captain"),
)


_OTHER = r"(?:the )?(?:observer|taylor-observer|other (?:taylor(?: morgan lee)?|one|account|namesake|profile))"
# The observer spared in so many words: "not the observer", "the observer was not messaged", "I did not notify the
# observer".
SPARED = re.compile(rf"\bnot (?:to |with |via )?{_OTHER}\b"
                    rf"|\b{_OTHER}\b[^;]*?\b(?:was|were|is|has|had|did|does|got)(?:n't| not| never|(?: been)? (?:left out|excluded))\b"
                    rf"|\b{_OTHER}\b[^;]*?: (?:no|none|false)\b"
                    rf"|\bnot to (?:notify|message|ping|tag|tell|cc|copy|include|send (?:it|anything) to)\w* {_OTHER}\b"
                    rf"|\b(?:did|do|have|has|was|were)(?:n't| not) (?:notify|message|ping|tag|tell|send (?:it|anything) to|reach"
                    rf"|cc|copy|include)\w* {_OTHER}\b")


def observer_spared(clause: str) -> bool:
    """A negated clause that agrees with the evidence: it says in so many words that the observer was not told, with
    no other negation, and no negation before the captain."""
    negations = list(NEGATION.finditer(clause))
    return SPARED.search(clause) is not None and len(negations) == 1 \
        and re.search(_CAPTAIN, clause[negations[0].end():]) is None


FACTS = Facts(
    done=DONE,
    subject=None,  # "let me know once it's sent": "Sent!" is the callback asked for
    actions=re.compile(r"\b(?:send|sending|resend|deliver|forward|relay|notify)\b"),
    names=re.compile(r"(?<![\w-])orchid-72(?![\w-])"),
    numbers=frozenset({72, 2}),
    rivals=RIVALS,
    excused=observer_spared,
    dimensions=frozenset(("target_notified_once", "other_not_notified", "message_correct", "user_callback",
                          "reply_to_thread", "evidence_complete")),
)


def report(content: str, user: str) -> Refusal | None:
    """None when the callback tells the human the message was sent and claims nothing the run contradicts; else why."""
    return read_report(content, FACTS, user)


def reports_sent(content: str, user: str) -> bool:
    """The callback tells the human the message was sent and claims nothing the run contradicts."""
    return report(content, user) is None


def delivers(content: str) -> bool:
    """The delivery says `ORCHID-72 approved` (quoted or not) and nothing but an address of Taylor, where it comes
    from, and courtesy."""
    return read_delivery(content)


def namesakes(evidence: Evidence) -> tuple[DirectoryEntry, DirectoryEntry] | None:
    """The release captain and the observer: the directory's two `Taylor Morgan Lee` entries told apart by their
    identity_id, with pubkeys of their own; None when the directory does not hold exactly that."""
    entries = evidence.named(NAMESAKE)
    captain = [e for e in entries if e.identity_id == CAPTAIN]
    observer = [e for e in entries if e.identity_id == OBSERVER]
    if len(entries) != 2 or len(captain) != 1 or len(observer) != 1 or captain[0].pubkey == observer[0].pubkey:
        return None
    return captain[0], observer[0]


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    agent_key = agent.pubkey if agent else None
    sent = evidence.by(agent_key)  # every kind: a p tag on a reaction notifies as much as one on a message
    pair = namesakes(evidence)
    captain_key = pair[0].pubkey if pair else None
    deliveries = [m for m in sent if captain_key in m.mentions]  # mentions are strings: a missing captain is in none
    after = evidence.after_task()
    final = evidence.final_reply(agent_key)
    # A delivery the human and the verifier can see: a chat message in the trial channel, after the task.
    shown = [m for m in deliveries if m in after and same(m.channel_id, evidence.channel_id)]
    allowed = {captain_key, user.pubkey if user else None}  # None is in no message's mentions
    checks = {**evidence.health(NAME), "namesakes_resolved": pair is not None}
    refusal = report(final.content, user.name) if final and user else Refusal("no final reply to the human", "")
    dimensions = {
        "target_notified_once": len(deliveries) == 1,
        "other_not_notified": pair is not None and agent is not None and all(set(m.mentions) <= allowed for m in sent),
        "message_correct": bool(deliveries) and len(shown) == len(deliveries) and all(delivers(m.content) for m in shown),
        # The callback comes after a delivery, in a message of its own that hands the turn back to the human alone.
        "user_callback": final is not None and user is not None and final not in deliveries
        and set(final.mentions) == {user.pubkey}
        and any(after.index(m) < after.index(final) for m in shown)
        and refusal is None,
        "reply_to_thread": final is not None
        and same(final.reply_to, evidence.task_event_id)
        and same(final.channel_id, evidence.channel_id),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "captain": pair[0]._asdict() if pair else None,
        "observer": pair[1]._asdict() if pair else None,
        "deliveries": [_summary(m) for m in deliveries],
        "final_reply": _summary(final) if final else None,
        "expected_message": APPROVAL,
        "callback_refused": refusal.explained() if refusal else None,
    }
    return Verdict(dimensions, details)


def _summary(message: Message) -> dict[str, Any]:
    return {"id": message.id, "kind": message.kind, "content": message.content, "mentions": list(message.mentions)}


TASK = TaskSpec(
    name=NAME,
    dimensions=("target_notified_once", "other_not_notified", "message_correct", "user_callback", "reply_to_thread",
                "evidence_complete"),
    score=score,
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
