"""create-channel-invite-users: did the agent create the asked-for channel, with its shape, lifetime and members?

The channel is graded from the snapshot's `observed_channels`, each member resolved to the directory pubkey of its
name. The final reply is read too, as a report judged against the channel (verifiers/reports.py): it must report the
creation, and fails for a refusal, a question, a hedge, a promise or a claim the channel contradicts (another name,
TTL, type, visibility, member or role), never for wording the reader does not know.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from verifuzz.verifiers.evidence import ORCHESTRATOR, USER, Channel, DirectoryEntry, Evidence, Identity, same
from verifuzz.verifiers.reports import Facts, Refusal, read_report
from verifuzz.verifiers.runner import run
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

# ---- the report: read for what it claims (verifiers/reports.py) --------------------------------------------------

_ID = r"(?:user[-_ ]?(?:07|19|42)|bot[-_ ]?0[38])"
_UNIT = r"(?:milliseconds?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|hr|h|days?|d|weeks?|w)"
# The words with digits a true report may write: the channel, the invitees, the lifetime's forms ("pr-1234" alone is
# another channel's name; the PR is "PR 1234" or "PR #1234").
NAMES = re.compile(rf"(?<![\w-])#?fix-pr-1234(?![\w-])|(?<![\w-])@?(?:benchmark-)?{_ID}(?![\w-])"
                   rf"|\b(?:u(?:07|19|42)|b0[38])\b|\b\d+-?{_UNIT}\b")
# Every number a true report may give: the PR, the lifetime (3600 s, 1 hour, 60 minutes, 3,600,000 ms), the invitees'
# numbers, and how many there are (3 users, 2 bots, 5 invitees, 6 members with the owner).
NUMBERS = frozenset({1234, 3600, 3_600_000, 1, 60, 7, 19, 42, 3, 8, 2, 5, 6})
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "both": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "sixty": 60}
SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800}  # a unit by its first letter, but for milliseconds
DURATION = re.compile(rf"\b(\d+|one|two|three|five|ten|sixty)[ -]?({_UNIT})\b|\b(an?) (hour|minute|second|day|week)s?\b")
COUNTS = {"user": {3}, "human": {3}, "bot": {2}, "member": {3, 5, 6}, "people": {3, 5}}  # else 5 (invitees, accounts)
COUNT = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|both) (?:more )?(?:of the )?"
                   r"(users?|members?|people|ppl|folks|humans?|accounts|invitees|invites|invitations|bots?)\b")
# An invitee's number standing alone or in an id; a bare count ("3 users") is no invitee.
INVITEE_NUMBER = re.compile(r"(?<![\d.])(0?7|19|42|0?3|0?8)(?!\d|\.\d| ?(?:users?|members?|people|ppl|folks|humans?"
                            r"|accounts|invitees|invites|invitations|bots?|[-]?" + _UNIT + r")\b)")
INVITEE_NUMBERS = frozenset({7, 19, 42, 3, 8})
MADE_AND_INVITED = re.compile(r"\b(?:created|set up|made|opened|spun up)\b.*\b(?:invited|added)\b")
ROLE = re.compile(r"\b(user|bot)s?[-_ ]?\d\d(?:(?:,|/|,? and|,? &) ?-?\d\d)*,? ?(?:\(|as (?:an? )?)(member|user|bot)s?\b")
DONE = re.compile(r"\b(?:created|made|set up|opened|spun up|is up|are up|up and running|live|ready|exists|done|all set"
                  r"|in place|good to go|launched|built|sorted|new channel|available|provisioned|established|stood up|complete|completed"
                  r"|here(?:'s| is) (?:your|the) (?:new )?channel)\b")
RIVALS = (
    (re.compile(r"\bpublic\b|\bopen to (?:all|everyone|anyone)\b|\bvisibility(?:\s*[:=;]\s*|\s+is\s+)(?!private\b)[a-z]"),
     "claims another visibility; the channel is private"),
    (re.compile(r"\b(?:forum|voice|group chat|group dm|dm|direct message|announcements?|broadcast)\b"
                r"|\btype(?:\s*[:=;]\s*|\s+is\s+)(?!stream\b)[a-z]"),
     "claims another type; the channel is a stream"),
    (re.compile(r"\b(?:permanent|permanently|forever)\b"), "claims no lifetime; the channel's TTL is 3600 s"),
    (re.compile(r"\barchived?\b(?!\W+(?:no|false)\b)"), "claims archived; the channel is not"),
    (re.compile(r"\b(?:admins?|administrators?|moderators?|mods?|guests?|viewers?|read-only)\b"),
     "claims a role the channel gives nobody"),
    (re.compile(r"^(?!.*\b(?:i|me|my|i'm|myself)\b).*\bowners?\b"), "claims another owner; the agent owns the channel"),
    (re.compile(r"\b(?:invited|added|and|plus|with) you\b(?! (?:asked|listed|named|wanted|requested|mentioned|gave|specified))"),
     "claims the human as a member"),
    (re.compile(r"#(?!fix-pr-1234(?![\w-]))[a-z]"), "names another channel"),
    (re.compile(r"\brenamed?\b"), "claims a renamed channel, not a new one"),
)


def not_archived(clause: str) -> bool:
    """A negated clause that agrees with the channel: it is not archived ("Archived: no")."""
    return re.search(r"\barchived\W+(?:no|false)\b|\bnot archived\b", clause) is not None


def lifetimes(text: str) -> Refusal | None:
    """Every lifetime the report gives with its unit is the channel's 3600 seconds."""
    for match in DURATION.finditer(text):
        number, unit = match.group(1) or match.group(3), match.group(2) or match.group(4)
        value = NUMBER_WORDS[number] if number in NUMBER_WORDS else int(number)
        if value * (0.001 if unit.startswith(("ms", "milli")) else SECONDS[unit[0]]) != TTL_SECONDS:
            return Refusal(f"claims TTL {match.group()}; the channel has {TTL_SECONDS} s", match.group())
    return None


def counts(text: str) -> Refusal | None:
    """Every count of invitees the report gives is theirs: 3 users, 2 bots, 5 in all."""
    for match in COUNT.finditer(text):
        number, noun = match.groups()
        value = NUMBER_WORDS[number] if number in NUMBER_WORDS else int(number)
        allowed = next((v for k, v in COUNTS.items() if noun.startswith(k)), {5})
        if value not in allowed:
            return Refusal("claims another count of members", match.group())
    return None


def listed(text: str) -> Refusal | None:
    """`text` names no invitee by number, or all five."""
    found = list(INVITEE_NUMBER.finditer(text))
    named = {int(match.group(1)) for match in found}
    if any(len(match.group(1)) == 2 for match in found) and named != INVITEE_NUMBERS:
        return Refusal("names other members than the five invited", ", ".join(sorted(match.group() for match in found)))
    return None


def invitees(text: str) -> Refusal | None:
    """A report that names the invitees by number names all five, each in its own role; a sentence that reports the
    channel made and its invitations in one names them all there ("created it and invited 07, 19 and 42" leaves two
    out, whatever another line says)."""
    for sentence in (text, *(line for line in text.splitlines() if MADE_AND_INVITED.search(line))):
        refusal = listed(sentence)
        if refusal:
            return refusal
    for match in ROLE.finditer(text):
        kind, role = match.groups()
        if (kind == "bot") != (role == "bot"):
            return Refusal("claims another role for an invitee", match.group())
    return None


FACTS = Facts(
    done=DONE,
    subject=re.compile(r"fix-pr-1234|\bchannel\b"),
    actions=re.compile(r"\b(?:create|creating|invite|inviting|set (?:it )?up|make it)\b"),
    names=NAMES,
    numbers=NUMBERS,
    rivals=RIVALS,
    excused=not_archived,
    lasting=re.compile(r"\b(?:expires?|disappears?|self-destructs?|auto-[a-z]+|vanish|be gone|go away|close|shut down|end"
                       r"|be (?:removed|deleted|archived|closed|cleaned up)|clean (?:itself )?up|time out|last|live for|stay (?:up|open|around)"
                       r"|be around|exist for)\b"
                       r"|\byou'll (?:find|see)\b"),
    checks=(lifetimes, counts, invitees),
    dimensions=frozenset(("channel_created", "channel_shape", "temporary_channel", "exact_membership", "expected_roles",
                          "evidence_complete")),
)


def report(content: str, user: str) -> Refusal | None:
    """None when the final reply reports the channel made and claims nothing the channel contradicts; else why not."""
    return read_report(content, FACTS, user)


def reports_creation(content: str, user: str) -> bool:
    """The final reply reports the channel made and claims nothing the channel contradicts."""
    return report(content, user) is None


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
    refusal = report(final.content, user.name if user else "") if final else Refusal("no final reply", "")
    dimensions = {
        # A new channel: renaming the trial channel is not creating one. The reply in the trial channel reports it.
        "channel_created": channel is not None
        and channel.channel_id != evidence.channel_id
        and final is not None
        and same(final.channel_id, evidence.channel_id)
        and refusal is None,
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
        "report_refused": refusal.explained() if refusal else None,
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
