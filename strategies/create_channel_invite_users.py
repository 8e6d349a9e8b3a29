"""Evidence for create-channel-invite-users: the channel as the harness observes it, a 60-identity directory, and
adversaries for each part of the channel (name, shape, lifetime, members, roles) and for its report."""
from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import Broken, adversary, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.replies import Fact, ReplyTask, addressed
from verifuzz.strategies.tasks import Task
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers import create_channel_invite_users as verifier
from verifuzz.verifiers.text import fold

# The task's facts, written here as the task states them (not taken from the verifier, so that a verifier
# expecting anything else is caught).
CHANNEL = "fix-pr-1234"
CHANNEL_TYPE, VISIBILITY, TTL_SECONDS = "stream", "private", 3600
OWNER = "owner"
ROLES = {"benchmark-user-07": "member", "benchmark-user-19": "member", "benchmark-user-42": "member",
         "benchmark-bot-03": "bot", "benchmark-bot-08": "bot"}  # each invitee's role in the channel
INVITEES = tuple(ROLES)
# The harness seeds 50 users and 10 bots; built once, only their pubkeys and order change per run.
DIRECTORY = tuple((f"benchmark-user-{n:02d}", "user") for n in range(1, 51)) + tuple(
    (f"benchmark-bot-{n:02d}", "bot") for n in range(1, 11))
PROMPT = (
    f"Please create a temporary private stream channel named {CHANNEL} with a TTL of 3600 seconds, and invite "
    "benchmark-user-07, benchmark-user-19 and benchmark-user-42 as members and the bots benchmark-bot-03 and "
    "benchmark-bot-08."
)
FACTS = Facts(verifier.TASK.name, PROMPT, directory=DIRECTORY)
# How a correct agent reports the channel it made; `{members}` is the five invitees in a drawn order.
REPORTS = (
    "Created #fix-pr-1234 as a private stream with a 1-hour TTL and invited {members}.",
    "Done: #fix-pr-1234 is set up. It's a private stream that expires in 1 hour.",
    "I've created the private stream #fix-pr-1234.\nMembers:\n{bullets}",
    "Channel created: #fix-pr-1234\nType: stream\nVisibility: private\nTTL: 3600 s\nInvited: {members}",
    "Hi {first},\nI created a new temporary private stream, fix-pr-1234, with a TTL of 3600 seconds.\n"
    "I added {members} to it.",
    "#fix-pr-1234 has been created and is ready, with a 1-hour TTL.\n{members} have been invited.\nLet me know if "
    "you need anything else.",
    "@{user}\nSet up `fix-pr-1234` (private stream, 1h TTL) and added the five members.",
)


def directory_of(cast: Cast) -> list[dict[str, Any]]:
    """The seeded directory with this cast's pubkeys, in the order the harness listed it."""
    return [{"name": name, "role": role, "pubkey": cast.key("directory", name)} for name, role in DIRECTORY]


def pubkey_of(trial: Trial, name: str) -> str:
    return next(entry["pubkey"] for entry in trial.directory if entry["name"] == name)


def members_of(trial: Trial) -> list[dict[str, str]]:
    """The channel's members as the task asks for them: the orchestrator as owner, users as members, bots as bots."""
    return [{"pubkey": trial.agent, "role": OWNER}, *({"pubkey": pubkey_of(trial, name), "role": role} for name, role in ROLES.items())]


def the_channel(trial: Trial) -> dict[str, Any]:
    """The observed record of the channel the task asked for."""
    return next(channel for channel in trial.observed_channels if channel["name"] == CHANNEL)


def report(template: str, user: str, order: list[str]) -> str:
    listed = ", ".join(order[:-1]) + " and " + order[-1]
    bullets = "\n".join(f"- {name}" + (" (bot)" if "bot" in name else "") for name in order)
    first = next((word for word in user.split(" ") if not word.endswith(".")), user)  # "Mr. Ann Lee" is Ann
    return template.format(members=listed, bullets=bullets, user=user, first=first)


def trial(cast: Cast = Cast(), reply: str | None = None) -> Trial:
    """A correct run: the human asks, the orchestrator creates the channel with its five invitees and reports it."""
    root = cast.key("task-event")
    content = report(REPORTS[0], cast.user_name, list(INVITEES)) if reply is None else reply
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(cast.key("reply"), cast.agent, cast.at(1), content, reply_tags(cast.channel, root, cast.user)),
    ]
    run = Trial(task_name=verifier.TASK.name, trial=cast.trial_info(), identities=cast.identities(), events=events,
                task_event_id=root, directory=directory_of(cast),
                quotable=[CHANNEL, f"#{CHANNEL}", "benchmark-user-07", report(REPORTS[0], cast.user_name, list(INVITEES))])
    run.observed_channels = [{
        "channel_id": cast.key("created-channel"), "name": CHANNEL, "channel_type": CHANNEL_TYPE,
        "visibility": VISIBILITY, "archived": False, "ttl_seconds": TTL_SECONDS,
        "members": members_of(run),
    }]
    return run


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs: varied people, keys and clock; the report's wording and member order; the order of the directory,
    of the channel's members and of the observed channels (sometimes the trial channel is watched too); whether the
    directory carries identity ids; chatter and harmless tags."""
    cast = draw(casts())
    rng = Random(draw(st.integers(0, 2**32 - 1)))  # one draw for every choice below: 60 rows cost nothing to vary
    order = rng.sample(INVITEES, len(INVITEES))
    run = trial(cast, report(rng.choice(REPORTS), cast.user_name, order))
    rng.shuffle(run.observed_channels[0]["members"])
    if rng.random() < 0.3:
        trial_record = {"channel_id": cast.channel, "name": f"trial-{cast.key('slug')[:6]}", "channel_type": "stream",
                        "visibility": "open", "archived": False, "ttl_seconds": None,
                        "members": [{"pubkey": cast.agent, "role": "member"}, {"pubkey": cast.user, "role": "owner"}]}
        run.observed_channels.insert(rng.randint(0, 1), trial_record)
    final = run.final()
    final["tags"] += draw(harmless_tags())
    if rng.random() < 0.3:
        final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]  # the report need not notify anyone
    directory, run.directory = run.directory, []  # set after the chatter, which would draw an identity id per row
    chatter(draw, run)
    rng.shuffle(directory)
    style = rng.choice(["absent", "null", "slug"])
    if style != "absent":
        for entry in directory:
            entry["identity_id"] = None if style == "null" else entry["name"]
    run.directory = directory
    return run


# ---- the channel's name and existence ---------------------------------------------------------------------------


@adversary("no channel of the name was created: the observed list is empty or holds other channels", zeroes="channel_created")
def channel_never_created(rng: Random, trial: Trial) -> Broken:
    channel = the_channel(trial)
    trial.observed_channels.remove(channel)
    if rng.random() < 0.5:
        trial.observed_channels.append({**channel, "name": rng.choice(["general", "fix-prs", "pr-review"]),
                                        "channel_id": hex64("other-channel", rng.random())})
    return trial


def near_miss(rng: Random) -> str:
    """A channel name that reads like fix-pr-1234 and is not it."""
    name = list(CHANNEL)
    change = rng.choice(["digit", "swap", "case", "dash", "affix", "drop", "lookalike"])
    if change == "digit":
        index = rng.randrange(7, 11)
        name[index] = rng.choice([d for d in "0123456789" if d != name[index]])
    elif change == "swap":
        index = rng.randrange(7, 10)
        name[index], name[index + 1] = name[index + 1], name[index]
    elif change == "case":
        index = rng.choice([0, 1, 2, 4, 5])
        name[index] = name[index].upper()
    elif change == "dash":
        name[rng.choice([3, 6])] = rng.choice(["_", " ", ".", "\u2010", "\u2013", ""])
    elif change == "affix":
        return rng.choice(["#", " ", "pr-", "x"]) + CHANNEL if rng.random() < 0.5 else CHANNEL + rng.choice(["-2", "5", " ", "-v2", "\u200b"])
    elif change == "drop":
        del name[rng.randrange(len(name))]
    else:
        index = rng.randrange(7, 11)
        name[index] = chr(ord(name[index]) + 0xFEE0)  # a full-width digit
    found = "".join(name)
    return found if found != CHANNEL else "fix-pr-1243"


@adversary("the channel's name is a near miss: a digit off, swapped, cased, another dash, an affix or a look-alike",
           zeroes="channel_created")
def near_miss_name(rng: Random, trial: Trial) -> Broken:
    the_channel(trial)["name"] = near_miss(rng)
    return trial


@adversary("two observed channels carry the name", zeroes="channel_created")
def two_channels_of_the_name(rng: Random, trial: Trial) -> Broken:
    channel = the_channel(trial)
    twin = {**channel, "channel_id": hex64("twin", rng.random()), "members": [dict(m) for m in channel["members"]]}
    change = rng.choice(["same", "archived", "open", "owner only"])
    if change == "archived":
        twin["archived"] = True
    elif change == "open":
        twin["visibility"] = "open"
    elif change == "owner only":
        twin["members"] = [m for m in twin["members"] if m["role"] == OWNER]
    trial.observed_channels.insert(rng.randint(0, len(trial.observed_channels)), twin)
    return trial


@adversary("the agent renamed the trial channel to the asked-for name instead of creating a new one", zeroes="channel_created")
def renamed_trial_channel(rng: Random, trial: Trial) -> Broken:
    the_channel(trial)["channel_id"] = trial.channel
    return trial


# Claims a report must not make, each with what it contradicts: another name, shape or lifetime, other members, or a
# creation not (yet) done. The channel observed is always the right one, so each claim is false of it.
FALSE_CLAIMS = (
    ("Created #{near} as a private stream with a 1-hour TTL.", "it names #{near}, but the channel created is #fix-pr-1234"),
    ("Created the public channel #fix-pr-1234.", "it calls the channel public, but it is private"),
    ("Created #fix-pr-1234 as a private forum.", "it calls the channel a forum, but it is a stream"),
    ("Created #fix-pr-1234 with a 24-hour TTL.", "it gives a 24-hour TTL, but the channel's is 3600 seconds"),
    ("Created #fix-pr-1234 as a permanent channel.", "it calls the channel permanent, but it has a 3600-second TTL"),
    ("Created #fix-pr-1234 and invited {wrong}.", "it names {stranger} among the invited, who is not a member"),
    ("I'll create #fix-pr-1234 and invite {members}.", "it promises the channel instead of reporting it created"),
    ("Should I create #fix-pr-1234?", "it asks whether to create the channel instead of reporting it created"),
    ("I couldn't create #fix-pr-1234.", "it reports that the channel was not created"),
    ("Creating #fix-pr-1234 now.", "it reports the creation as under way, not done"),
    ("#fix-pr-1234 was not created.", "it reports that the channel was not created"),
    ("Created #fix-pr-1234 and archived it.", "it says the channel was archived, but it is not"),
    ("I think I created #fix-pr-1234.", "it hedges the creation instead of reporting it"),
)


def names_another_channel(name: str) -> bool:
    """Whether a report naming `#name` names a channel other than fix-pr-1234. A report is read folded (another case
    or width is the same name), and the marks a writer puts around a name (a `#`, spaces, a zero-width space) are not
    part of it: "Created ##fix-pr-1234" reports the right channel."""
    return fold(name.strip("# \u200b")) != CHANNEL


@adversary("the channel is right but the report claims something else: another name, shape, lifetime or members, or a "
           "creation not done", zeroes="channel_created")
def false_report(rng: Random, trial: Trial) -> Broken:
    order = rng.sample(INVITEES, len(INVITEES))
    wrong = list(order)
    stranger = rng.choice(["benchmark-user-17", "benchmark-user-03", "benchmark-bot-07", "you"])
    wrong[rng.randrange(len(wrong))] = stranger
    near = near_miss(rng)
    while not names_another_channel(near) or not near.isascii():
        near = near_miss(rng)
    claim, why = rng.choice(FALSE_CLAIMS)
    fields = {"near": near, "members": ", ".join(order), "wrong": ", ".join(wrong), "stranger": stranger}
    trial.final()["content"] = claim.format(**fields)
    trial.why = "the report is false: " + why.format(**fields)
    return trial


# ---- shape and lifetime ------------------------------------------------------------------------------------------


@adversary("the channel is not a private stream: another type, or open or public visibility", zeroes="channel_shape")
def not_a_private_stream(rng: Random, trial: Trial) -> Broken:
    channel = the_channel(trial)
    if rng.random() < 0.5:
        channel["channel_type"] = rng.choice(["forum", "thread", "dm", "Stream", "streams", "voice"])
    else:
        channel["visibility"] = rng.choice(["open", "public", "Private", "unlisted", "invite-only"])
    return trial


@adversary("the channel was archived", zeroes="channel_shape")
def archived_channel(rng: Random, trial: Trial) -> Broken:
    the_channel(trial)["archived"] = True
    return trial


@adversary("the channel has no TTL, or another one (a minute, a day, seconds off, milliseconds)", zeroes="temporary_channel")
def wrong_ttl(rng: Random, trial: Trial) -> Broken:
    the_channel(trial)["ttl_seconds"] = rng.choice([None, 0, 60, 360, 3599, 3601, 7200, 36000, 86400, 3_600_000, -3600])
    return trial


# ---- members and roles -------------------------------------------------------------------------------------------


@adversary("one of the six members is left out (an invitee or the orchestrator)", zeroes="exact_membership")
def member_left_out(rng: Random, trial: Trial) -> Broken:
    members = the_channel(trial)["members"]
    del members[rng.randrange(len(members))]
    return trial


@adversary("someone else joins the channel: the requester, another directory identity, a stranger, an invitee twice, "
           "or the whole directory", zeroes="exact_membership")
def extra_member(rng: Random, trial: Trial) -> Broken:
    members = the_channel(trial)["members"]
    others = [entry for entry in trial.directory if entry["name"] not in INVITEES]
    choice = rng.choice(["requester", "directory", "stranger", "twice", "everyone"])
    if choice == "everyone":  # invite all sixty: the five are surely among them
        members += [{"pubkey": e["pubkey"], "role": "bot" if e["role"] == "bot" else "member"} for e in others]
        return trial
    if choice == "requester":
        extra = {"pubkey": trial.user, "role": "member"}
    elif choice == "directory":
        entry = rng.choice(others)
        extra = {"pubkey": entry["pubkey"], "role": "bot" if entry["role"] == "bot" else "member"}
    elif choice == "stranger":
        extra = {"pubkey": hex64("stranger", rng.random()), "role": "member"}
    else:
        extra = dict(rng.choice(members))
    members.insert(rng.randint(0, len(members)), extra)
    return trial


def lookalikes(name: str) -> list[str]:
    """Directory names one slip from `name`, none of them an invitee: a digit changed or moved, or the other kind with
    the same number (two invitees swapping keys would leave the membership right)."""
    kind, number = name.rsplit("-", 1)
    other = "benchmark-bot" if kind == "benchmark-user" else "benchmark-user"
    near = {f"{kind}-{number[::-1]}", f"{other}-{number}",
            *(f"{kind}-{number[:i]}{d}{number[i + 1:]}" for i in range(2) for d in "0123456789")}
    return sorted(n for n in near - set(INVITEES) if n in dict(DIRECTORY))


@adversary("the right number of members with the right roles, but some are the pubkeys of look-alike names "
           "(benchmark-user-17 for -07, benchmark-user-03 for benchmark-bot-03)", zeroes="exact_membership")
def lookalike_members(rng: Random, trial: Trial) -> Broken:
    members = the_channel(trial)["members"]
    for name in rng.sample(INVITEES, rng.randint(1, 3)):
        key = pubkey_of(trial, name)
        member = next(m for m in members if m["pubkey"] == key)
        member["pubkey"] = pubkey_of(trial, rng.choice(lookalikes(name)))
    return trial


@adversary("the members are right but some roles are not: bots as members, users as bots, the owner role moved, "
           "another role name or case", zeroes="expected_roles")
def wrong_roles(rng: Random, trial: Trial) -> Broken:
    members = the_channel(trial)["members"]
    choice = rng.choice(["one", "all-member", "owner-swap"])
    if choice == "all-member":
        for member in members:
            member["role"] = "member"
    elif choice == "owner-swap":
        owner = next(m for m in members if m["role"] == OWNER)
        other = rng.choice([m for m in members if m is not owner])
        owner["role"], other["role"] = other["role"], owner["role"]
    else:
        member = rng.choice(members)
        member["role"] = rng.choice([r for r in ("member", "bot", "owner", "admin", "Member", "moderator", "user")
                                     if r != member["role"]])
    return trial


@adversary("an invitee is missing from the directory, listed twice or with another role, so nobody can tell who it is",
           zeroes="evidence_complete")
def invitee_not_resolvable(rng: Random, trial: Trial) -> Broken:
    name = rng.choice(INVITEES)
    entry = next(e for e in trial.directory if e["name"] == name)
    choice = rng.choice(["missing", "twice", "role"])
    if choice == "missing":
        trial.directory.remove(entry)
    elif choice == "twice":
        trial.directory.append({**entry, "pubkey": hex64("twin-identity", rng.random())})
    else:
        entry["role"] = "bot" if entry["role"] == "user" else "user"
    return trial


# ---- labelled replies ----------------------------------------------------------------------------------------------
#
# The answer is the report that the channel was created, in any of the grammar's forms; the wrong facts are what a
# careless or gaming report says instead: another name, shape, lifetime or members, or a creation not done.

_MEMBERS = "benchmark-user-07, benchmark-user-19, benchmark-user-42, benchmark-bot-03 and benchmark-bot-08"
REPLIES = ReplyTask(
    answer=("created",),
    facts=(
        Fact(
            "created",
            affirmed=(
                "Created #fix-pr-1234", "I've created the private stream #fix-pr-1234",
                "#fix-pr-1234 has been created", "Created #fix-pr-1234 as a private stream with a 1-hour TTL",
                f"Created #fix-pr-1234 and invited {_MEMBERS}", "I set up the temporary private stream fix-pr-1234",
                "Channel created: #fix-pr-1234", "#fix-pr-1234 is created, with a TTL of 3600 seconds",
                "I created `fix-pr-1234`, which expires in 1 hour",
            ),
            negated=("I couldn't create #fix-pr-1234", "#fix-pr-1234 was not created", "I did not create #fix-pr-1234",
                     "I haven't created #fix-pr-1234 yet", "#fix-pr-1234 failed to be created"),
            future=("I'll create #fix-pr-1234", "I will set up #fix-pr-1234 shortly", "I'm going to create #fix-pr-1234",
                    "Creating #fix-pr-1234 now", "#fix-pr-1234 will be created in a minute"),
            hedged=("I think I created #fix-pr-1234", "#fix-pr-1234 should be set up", "#fix-pr-1234 is probably created"),
            questioned=("Should I create #fix-pr-1234?", "Want me to create #fix-pr-1234?", "Create #fix-pr-1234?"),
            corrected=("Actually, creating the channel failed", "Wait, #fix-pr-1234 did not go through"),
        ),
        Fact("other-name", affirmed=("Created #fix-pr-1243", "Created #fix-pr-123", "I've created #fix_pr_1234",
                                     "Created #fix-pr-1234-v2", "Created #fix-pr-1234-private",
                                     # A name that holds the right one and goes on with a word a report may use.
                                     "Created #fix-pr-1234-bots for the two bots", "#fix-pr-1234-channel is created")),
        Fact("public", affirmed=("Created the public channel #fix-pr-1234", "#fix-pr-1234 is created. It's a public stream")),
        Fact("forum", affirmed=("Created #fix-pr-1234 as a private forum",)),
        Fact("no-ttl", affirmed=("Created #fix-pr-1234 as a permanent channel", "Created #fix-pr-1234 with no TTL",
                                 "Created #fix-pr-1234 with a 24-hour TTL")),
        Fact("archived", affirmed=("Created #fix-pr-1234 and archived it",)),
        Fact("wrong-members", affirmed=(
            "Created #fix-pr-1234 and invited benchmark-user-17, benchmark-user-19, benchmark-user-42, benchmark-bot-03 "
            "and benchmark-bot-08",
            "Created #fix-pr-1234 and invited benchmark-user-07, benchmark-user-19 and benchmark-user-42",
            "Created #fix-pr-1234 and invited benchmark-user-07, benchmark-user-19, benchmark-user-42, benchmark-user-03 "
            "and benchmark-user-08",
            f"Created #fix-pr-1234 and invited {_MEMBERS} and you",
            "Created #fix-pr-1234 and invited benchmark-bot-03 (member)",
        )),
    ),
    neutral=("@{user}", "Members:", "It's a private stream", "TTL: 3600 s", "Type: stream", "Visibility: private",
             f"Invited: {_MEMBERS}"),
)


replies = addressed(REPLIES)  # the facts a reply can state, addressed to the run's own human


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", answer="channel_created", author="channel_created",
                 channel="channel_created", missing_task_event_and_reply_pointer="evidence_complete",
                 reply_before_task="channel_created", no_reply="channel_created"),
        channel_never_created,
        near_miss_name,
        two_channels_of_the_name,
        renamed_trial_channel,
        false_report,
        not_a_private_stream,
        archived_channel,
        wrong_ttl,
        member_left_out,
        extra_member,
        lookalike_members,
        wrong_roles,
        invitee_not_resolvable,
    ),
    replies=replies,
)
