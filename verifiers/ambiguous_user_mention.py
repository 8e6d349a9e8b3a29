"""ambiguous-user-mention: two people share a display name; did the agent notify the intended one, once, with the
message, and then tell the human it was sent?

A notification is a `p` tag on an orchestrator event (any kind: a tag on a reaction wakes as much as one on a
message); the two namesakes are told apart by the directory's `identity_id`. The delivery and the callback are read
by closed grammars (default deny), so a wrong, negated or questioned message, or a callback that refuses or only
promises, never pays.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifuzz.verifiers.courtesy import GREETING, courtesy
from verifuzz.verifiers.dress import undressed
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, DirectoryEntry, Evidence, Message, same
from verifuzz.verifiers.lexicon import WORD, spoken
from verifuzz.verifiers.prose import SENTENCE_END
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import TYPOGRAPHY, fold, plain
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "ambiguous-user-mention"
NAMESAKE = "Taylor Morgan Lee"
CAPTAIN = "taylor-release-captain"  # the intended recipient's identity_id
OBSERVER = "taylor-observer"
APPROVAL = "ORCHID-72 approved"

# ---- the grammars: every clause of a message is one of these forms (default deny) ---------------------------------

_MSG = r"(?:\"orchid-72 approved\"|'orchid-72 approved'|orchid-72 approved)"
_TAYLOR = r"@?taylor(?: morgan lee)?"
_ROLE = r"(?:,? (?:the|our) release captain,?| \((?:the )?release captain\))"
_RECIPIENT = rf"(?:{_TAYLOR}{_ROLE}?|(?:the|our) release captain)"
_WHAT = rf"(?:it|the message|the approval|the update|the orchid-72 approval|{_MSG}(?: message)?)"
_VERB = r"(?:sent|delivered|passed on|passed along|forwarded|relayed|posted)"
_TOLD = r"(?:notified|told|informed|messaged|pinged)"
_ONLY = r"(?:,? (?:only|and not the observer|not the observer))?"
SENT_FORMS = (
    rf"(?:i(?:'ve| have)? )?{_VERB}(?: {_WHAT})?(?: to {_RECIPIENT})?{_ONLY}",
    rf"{_WHAT} (?:has been|was|is) {_VERB}(?: to {_RECIPIENT})?{_ONLY}",
    rf"{_RECIPIENT} (?:has been|was) {_TOLD}(?: (?:about|of) {_WHAT})?{_ONLY}",
    rf"(?:i(?:'ve| have)? )?(?:{_TOLD}|let) {_RECIPIENT}(?: know)?(?: (?:about|of) {_WHAT})?{_ONLY}",
    rf"(?:message|approval) (?:sent|delivered)(?: to {_RECIPIENT})?{_ONLY}",
    rf"{_RECIPIENT} (?:has|now has|got) (?:it|the message|the approval){_ONLY}",
    r"(?:all )?done",
)
COURTESY = (r"sure|all set|got it|no problem|happy to help|hope this helps|thanks|thank you|cheers|hello|update"
            r"|let me know if you need anything else|fyi|heads up|quick update|release update|update below|quick summary"
            r"|here(?:'s| is) the update")
# What may stand beside the message in the delivery: who it is from, and why the recipient gets it.
_HUMAN_REF = r"(?:olivia(?: grace park)?|@olivia(?: grace park)?)"
DELIVERY_NEUTRAL = (
    rf"(?:message |note |update )?(?:from|on behalf of|via) {_HUMAN_REF}|{_HUMAN_REF} asked me to (?:tell you|let you know|pass this on)"
    rf"|passing this on from {_HUMAN_REF}|as (?:the )?release captain|for the release|{_RECIPIENT}",
)
SENT = re.compile("|".join(SENT_FORMS))
# A callback in other words (verifiers/lexicon.py): the verbs that report it sent, and the words that may stand beside
# them; "observer" is none of them, and the quantities are taken out of the shared words.
# Not "told" or "informed": "I was told it went out" is hearsay, which only the forms above tell apart.
WORDS_SENT = frozenset("sent delivered forwarded passed relayed posted notified messaged pinged tagged went received".split())
WORDS = frozenset("""
taylor morgan lee taylor-release-captain release captain approval message update orchid-72 along out it done already
above here channel thread mention mentioned recipient status only
""".split())
QUANTITIES = frozenset("both all each every".split())
CALLBACK = re.compile("|".join((*SENT_FORMS, _MSG, COURTESY)))
DELIVERY = re.compile("|".join((_MSG, COURTESY, *DELIVERY_NEUTRAL)))
MESSAGE_FORM = re.compile(_MSG)
JOINTS = re.compile(r"(?:,|:| -) ")
TRAILING_MARKS = re.compile(r"[ .!,:;]+$")  # end marks, dropped before a sentence is read
EMPHASIS_MARKS = re.compile(r"[*_]+")  # markdown bold and italics: presentation, not words
LIST_MARK = re.compile(r"(?:[-*+]|\d{1,2}[.)])\s+")
# A delivery and a callback are a line or two; past this a message is not one, and reading it costs time.
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


def remark(piece: str) -> bool:
    """A piece of a callback no form holds whose words are all ones a callback may use (a label such as "Recipient:",
    the captain named), without a number but the message's own and without a word of quantity."""
    text = MESSAGE_FORM.sub(" ", piece)
    return not re.search(r"\d", text) and spoken(text, WORDS, QUANTITIES)


def reported(piece: str) -> bool:
    """A piece no form holds that reports the message sent in other words: a verb of sending or telling (WORDS_SENT),
    and every other word one a callback may use (verifiers/lexicon.py), without a number but the message's own and
    without a word of quantity ("both", "all"), which would reach the observer too."""
    words = set(WORD.findall(piece))
    return bool(words & WORDS_SENT) and not re.search(r"\d", MESSAGE_FORM.sub(" ", piece)) \
        and spoken(MESSAGE_FORM.sub(" ", piece), WORDS | WORDS_SENT, QUANTITIES)


def read(content: str, grammar: re.Pattern[str], name: str, needed: re.Pattern[str]) -> bool:
    """Every clause of what `content` says to `name` (its dress taken off) is a known piece whole or cut at its joints,
    and some piece is wholly a `needed` form."""
    found = clauses(undressed(content, name, needed)) if len(content) <= MAX_CHARS else None
    address, polite = address_of(name), courtesy(name)[0]
    if not found:
        return False
    pieces, worded = [], []
    for clause in found:
        if piece_known(clause, grammar, address, polite):
            pieces.append(clause)
            continue
        parts = JOINTS.split(clause)
        for part in parts:
            if piece_known(part, grammar, address, polite):
                pieces.append(part)
            elif needed is SENT and reported(part):
                worded.append(part)  # a callback's report in other words
            elif not (needed is SENT and remark(part)):
                return False
    return bool(worded) or any(needed.search(piece) for piece in pieces)


def delivers(content: str) -> bool:
    """The delivery says `ORCHID-72 approved` (quoted or not) and nothing but an address of Taylor, where it comes
    from, and courtesy."""
    return read(content, DELIVERY, NAMESAKE, MESSAGE_FORM)


def reports_sent(content: str, user: str) -> bool:
    """The callback tells the human the message was sent, and says nothing but that, the message, and courtesy."""
    return read(content, CALLBACK, user, SENT)


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
    dimensions = {
        "target_notified_once": len(deliveries) == 1,
        "other_not_notified": pair is not None and agent is not None and all(set(m.mentions) <= allowed for m in sent),
        "message_correct": bool(deliveries) and len(shown) == len(deliveries) and all(delivers(m.content) for m in shown),
        # The callback comes after a delivery, in a message of its own that hands the turn back to the human alone.
        "user_callback": final is not None and user is not None and final not in deliveries
        and set(final.mentions) == {user.pubkey}
        and any(after.index(m) < after.index(final) for m in shown)
        and reports_sent(final.content, user.name),
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
