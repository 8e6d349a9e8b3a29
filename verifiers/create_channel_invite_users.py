"""create-channel-invite-users: did the agent create the asked-for channel, with its shape, lifetime and members?

The channel is graded from the snapshot's `observed_channels`, each member resolved to the directory pubkey of its
name. The final reply is read too, by a closed grammar (default deny): it must report the creation and nothing
else, so a refusal, a question or a false claim about the channel never pays.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

from verifuzz.verifiers.courtesy import GREETING
from verifuzz.verifiers.dress import undressed
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Channel, DirectoryEntry, Evidence, Identity, same
from verifuzz.verifiers.lexicon import WORD, spoken
from verifuzz.verifiers.prose import SENTENCE_END
from verifuzz.verifiers.runner import run
from verifuzz.verifiers.text import TYPOGRAPHY, plain
from verifuzz.verifiers.verdict import TaskSpec, Verdict

NAME = "create-channel-invite-users"
CHANNEL_NAME = "fix-pr-1234"
CHANNEL_TYPE = "stream"
VISIBILITY = "private"
TTL_SECONDS = 3600
OWNER = "owner"
# Each invitee by directory name: the role the directory gives it, and the role it must hold in the channel.
INVITEES = {
    "benchmark-user-07": ("user", "member"),
    "benchmark-user-19": ("user", "member"),
    "benchmark-user-42": ("user", "member"),
    "benchmark-bot-03": ("bot", "bot"),
    "benchmark-bot-08": ("bot", "bot"),
}

# ---- the report: a closed grammar over the final reply's clauses (default deny) -------------------------------

# The channel's name, as a reply writes it, and never a part of a longer name ("fix-pr-1234-bots" is another channel).
_CH = r"(?<![\w-])[`*_\"']*#?fix-pr-1234(?![\w-])[`*_\"']*"
_WORDS = r"(?:(?:new|private|temporary|1-hour|one-hour|stream|channel)(?:,? and |, | ))*(?:private|temporary|stream|channel)"
_TTL = r"(?:a |an )?(?:1-hour|one-hour|1 hour|one hour|60-minute|60 minutes|3600-second|3600 seconds|3600 ?s|1h)"
_DURATION = r"(?:1 hour|an hour|one hour|60 minutes|3600 seconds|3600 ?s)"
_ITEM = r"(?:(?:the )?(?:users?|bots?|members?) )?@?benchmark-(?:user|bot)-\d\d(?: \((?:member|user|bot)\)| as (?:a )?(?:member|bot))?"
_ITEMS = rf"(?:{_ITEM}(?:(?:,| and|, and| plus|, plus|;) {_ITEM})*|the (?:five|5) (?:members|people|invitees)|everyone you listed)"
_INTO = rf"(?: to (?:it|the channel|{_CH}))?"
_INVITED = rf"(?:i(?:'ve| have)? )?(?:invited|added)(?: the members)?:? {_ITEMS}{_INTO}"
_TAIL = (rf"(?:,? as (?:a |the )?{_WORDS}|,? with {_TTL} ttl|,? with a ttl of {_DURATION}|,? \({_WORDS}(?:, {_TTL} ttl)?\)"
         rf"|,? (?:that|which) expires (?:in|after) {_DURATION}|,? and {_INVITED})*")
CREATION_FORMS = (
    rf"(?:i(?:'ve| have)? )?(?:created|set up|made|opened|spun up)(?: (?:a|the|your))?(?: {_WORDS},?)? {_CH}{_TAIL}",
    rf"(?:the )?(?:channel )?{_CH}(?: channel)? (?:is|has been) (?:created|set up)(?: and (?:is )?ready)?{_TAIL}",
    rf"(?:new )?channel created: {_CH}{_TAIL}|created: {_CH}{_TAIL}",
)
DETAIL_FORMS = (
    rf"(?:(?:it(?:'s| is)|the channel is|{_CH} is) )?(?:a |an )?{_WORDS}{_TAIL}",
    rf"(?:it|the channel|{_CH}) expires (?:in|after) {_DURATION}|(?:the )?ttl(?: is|:)? (?:3600(?: ?s| seconds)?|1 hour|60 minutes)",
    r"(?:channel )?type: stream|visibility: private|archived: no|i(?:'m| am) (?:the )?owner",
)
MEMBER_FORMS = (
    _INVITED,
    rf"(?:members|invited|invitees|users|bots)(?: invited| added)?(?:: {_ITEMS})?",
    rf"{_ITEMS} (?:are|were|have been) (?:invited|added){_INTO}",
    _ITEM,  # one line of a list of members
)
NEUTRAL_FORMS = (
    r"sure|done|all set|got it|thanks|thank you|cheers|happy to help|hope this helps|hello|here(?:'s| is) the update"
    r"|update below|quick summary|let me know if you need anything else|let me know if anything should change",
)
CREATION = re.compile("|".join(CREATION_FORMS))
# The words a remark beside the report may use besides verifiers/lexicon.py's BASE (no number: members and lifetime are
# read only by the forms above). None of them claims the channel is anything it is not asked to be.
WORDS = frozenset("""
fix-pr-1234 channel stream private temporary invites invitations invitees invited added members users user bots bot
everyone everybody sent out hour expires expire expiry ttl seconds minutes setting settings value type visibility name
three two five new time-to-live requested
""".split())
# Words that report it made. Not "made", "set" or "up": "I made that up" takes a report back in words of making.
CREATED = frozenset("created opened exists live ready".split())
CHANNEL_MENTION = re.compile(_CH)
LIFETIME = frozenset({"3600", "1", "60"})
SECONDS = re.compile(r"(?<=\d) ?s\b")  # "3600 s", "3600s": the unit, which is no word of its own ("/s" unsays)
ITEM = re.compile(_ITEM)
RECOGNISED = re.compile("|".join((*CREATION_FORMS, *DETAIL_FORMS, *MEMBER_FORMS, *NEUTRAL_FORMS)))
NAMED = re.compile(r"(?P<name>benchmark-(?:user|bot)-\d\d)(?: \((?P<role>member|user|bot)\)| as (?:a )?(?P<as>member|bot))?")
JOINTS = re.compile(r"(?:,|;|:| -) ")
HUMAN, FIRST = "<human>", "<first>"  # what the human's full name and first name read as in a clause
# An address of the human as a whole clause: `@Name`, the first name, or a greeting with either; or a greeting alone.
ADDRESS = re.compile(rf"(?:{GREETING},? )?@?(?:{HUMAN}|{FIRST})|{GREETING}")
TRAILING_MARKS = re.compile(r"[ .!,:;]+$")  # end marks, dropped before a sentence is read
LIST_MARK = re.compile(r"(?:[-*+]|\d{1,2}[.)])\s+")
# A report of one channel is a few lines; past this a reply is not one, and reading it clause by clause costs time.
MAX_REPLY_CHARS = 20_000


@lru_cache  # one human per snapshot: the patterns are built once per name, not once per example
def names_of(user: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """The human's full name and first name (its first word that is not a title such as `Mr.`) as whole words in
    any case and spacing; None when the snapshot names no human."""
    words = user.translate(TYPOGRAPHY).split()
    if not words:
        return None
    first = next((word for word in words if not word.endswith(".")), words[0])
    full, given = (re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, name)) + r"(?!\w)", re.IGNORECASE)
                   for name in (words, [first]))
    return full, given


def clauses(content: str, user: str) -> list[str] | None:
    """The reply's sentences folded to plain ASCII, without list marks or end marks; None when a line is not plain.

    The human's full name reads as HUMAN and the first name as FIRST before anything else, so a name is an address
    whatever its letters, and the `.` of `Mr. Ann Lee` ends no sentence.
    """
    names = names_of(user)
    found = []
    for line in content.translate(TYPOGRAPHY).splitlines():
        text = plain(names[1].sub(FIRST, names[0].sub(HUMAN, line)) if names else line)
        if text is None:
            return None
        mark = LIST_MARK.match(text)  # "1. " opens a line; it must not end a sentence
        for sentence in SENTENCE_END.split(text[mark.end() if mark else 0 :]) if text else ():
            mark = LIST_MARK.match(sentence)  # sentences joined on one line may each carry a bullet
            found.append(TRAILING_MARKS.sub("", sentence[mark.end() if mark else 0 :]))
    return found


def recognised(clause: str) -> bool:
    """The clause is a form of the grammar or an address, whole or split once at its joints into such pieces; a piece no
    form holds may also be a remark without a number whose words are all in WORDS."""
    if RECOGNISED.fullmatch(clause) or ADDRESS.fullmatch(clause):
        return True
    return all(RECOGNISED.fullmatch(piece) or ADDRESS.fullmatch(piece) or remark(piece) for piece in JOINTS.split(clause))


def remark(piece: str) -> bool:
    """A piece whose words are all ones a report may add (verifiers/lexicon.py), the channel named in any of its marks,
    and whose only numbers are the lifetime's (3600 seconds, 1 hour, 60 minutes)."""
    text = SECONDS.sub(" seconds", CHANNEL_MENTION.sub(" fix-pr-1234 ", piece))
    return set(re.findall(r"(?<![\w-])\d+", text)) <= LIFETIME and spoken(text, WORDS | CREATED)


def created(piece: str) -> bool:
    """A remark that reports the creation: a word of making and the channel, by name or as "the channel"."""
    words = set(WORD.findall(CHANNEL_MENTION.sub(" fix-pr-1234 ", piece)))
    return remark(piece) and bool(words & CREATED) and bool(words & {"fix-pr-1234", "channel"})


def reports_creation(content: str, user: str) -> bool:
    """Every clause is recognised and one reports the channel created. A clause that names members names exactly the
    five invitees, each with its own role where it gives one; a list of one member a line adds up to the five."""
    found = clauses(undressed(content, user), user) if len(content) <= MAX_REPLY_CHARS else None
    if found is None or not all(recognised(clause) for clause in found):
        return False
    listed: set[str] = set()
    for clause in found:
        names = []
        for match in NAMED.finditer(clause):
            role = match.group("role") or match.group("as")
            if role is not None and role not in INVITEES.get(match.group("name"), ()):
                return False
            names.append(match.group("name"))
        if ITEM.fullmatch(clause):
            listed.update(names)
        elif names and sorted(names) != sorted(INVITEES):
            return False
    reported = any(CREATION.search(clause) or any(created(piece) for piece in JOINTS.split(clause)) for clause in found)
    return reported and listed in (set(), set(INVITEES))


# ---- the channel ------------------------------------------------------------------------------------------------


def expected_members(evidence: Evidence, agent: Identity | None) -> dict[str, str] | None:
    """Pubkey -> channel role for the orchestrator `agent` and each invitee, or None when one cannot be resolved: no
    single orchestrator, or an invitee not in the directory exactly once with its directory role."""
    entries: dict[str, list[DirectoryEntry]] = {}
    for entry in evidence.directory:  # one pass: the directory holds sixty identities
        if entry.name in INVITEES:
            entries.setdefault(entry.name, []).append(entry)
    expected = {agent.pubkey: OWNER} if agent else None
    for name, (directory_role, channel_role) in INVITEES.items():
        found = entries.get(name, [])
        if expected is None or len(found) != 1 or found[0].role != directory_role:
            return None
        expected[found[0].pubkey] = channel_role
    return expected


def roles_of(channel: Channel) -> dict[str, list[str]]:
    """Each member pubkey and every role the channel lists for it."""
    roles: dict[str, list[str]] = {}
    for member in channel.members:
        roles.setdefault(member.pubkey, []).append(member.role)
    return roles


def score(evidence: Evidence, inputs: Mapping[str, Any]) -> Verdict:
    user = evidence.sole(USER)
    agent = evidence.sole(ORCHESTRATOR)
    final = evidence.final_reply(agent.pubkey if agent else None)
    named = [channel for channel in evidence.observed_channels if channel.name == CHANNEL_NAME]
    channel = named[0] if len(named) == 1 else None
    expected = expected_members(evidence, agent)
    roles = roles_of(channel) if channel else {}
    members = sorted(m.pubkey for m in channel.members) if channel else []
    checks = {**evidence.health(NAME), "invitees_in_directory": expected is not None}
    dimensions = {
        # A new channel: renaming the trial channel is not creating one. The reply in the trial channel reports it.
        "channel_created": channel is not None
        and channel.channel_id != evidence.channel_id
        and final is not None
        and same(final.channel_id, evidence.channel_id)
        and reports_creation(final.content, user.name if user else ""),
        "channel_shape": channel is not None
        and channel.channel_type == CHANNEL_TYPE
        and channel.visibility == VISIBILITY
        and not channel.archived,
        "temporary_channel": channel is not None and channel.ttl_seconds == TTL_SECONDS,
        "exact_membership": expected is not None and members == sorted(expected),
        "expected_roles": expected is not None and all(roles.get(key) == [role] for key, role in expected.items()),
        "evidence_complete": all(checks.values()),
    }
    details = {
        "completeness": checks,
        "channels_named": len(named),
        "channel": {**channel._asdict(), "members": [m._asdict() for m in channel.members]} if channel else None,
        "expected_members": expected,
        "final_reply_id": final.id if final else None,
        "final_reply_content": final.content if final else "",
    }
    return Verdict(dimensions, details)


TASK = TaskSpec(
    name=NAME,
    dimensions=("channel_created", "channel_shape", "temporary_channel", "exact_membership", "expected_roles",
                "evidence_complete"),
    score=score,
)


def main(argv: list[str] | None = None) -> int:
    return run(TASK, argv)


if __name__ == "__main__":
    raise SystemExit(main())
