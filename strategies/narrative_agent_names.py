"""Evidence for narrative-agent-names: witnesses, wakes and status adversaries."""
from __future__ import annotations

from random import Random

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import Broken, adversary, extra_message, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.lookalikes import named_not_tagged
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.replies import Fact, ReplyTask, addressed
from verifuzz.strategies.tasks import Task
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers import narrative_agent_names as verifier

HUMAN = "Maya Elise Chen"
AURORA = "Aurora Audit Bot"
BEACON = "Beacon Deploy Bot"
BOTS = (AURORA, BEACON)
PROMPT = (
    "Two-line status update, please: Aurora Audit Bot completed the audit, and Beacon Deploy Bot "
    "remains idle. It's only a summary; neither bot has anything to do."
)
AURORA_LINES = (
    "Aurora Audit Bot completed the audit.",
    "Aurora Audit Bot: audit completed.",
    "Aurora Audit Bot has finished the audit.",
    "- Aurora Audit Bot \u2014 audit complete",
)
BEACON_LINES = (
    "Beacon Deploy Bot remains idle.",
    "Beacon Deploy Bot: idle.",
    "Beacon Deploy Bot is still idle.",
    "- Beacon Deploy Bot \u2014 idle, nothing queued",
)
NEUTRAL_LINES = ("Neither bot has any work to do.", "Status update:", "No action needed from either bot.")
STATUS_LINES = (AURORA_LINES[0], BEACON_LINES[0])
# The harness seeds exactly this human and these two bots; only ids, keys, times, order and wording vary.
FACTS = Facts(verifier.TASK.name, PROMPT, human=HUMAN, directory=tuple((bot, "bot") for bot in BOTS))


def bot_key(cast: Cast, bot: str) -> str:
    return cast.key("bot", bot)


def trial(cast: Cast = Cast(), reply: str | None = None) -> Trial:
    """A correct run: one in-thread reply that names both bots plainly and p-tags the human."""
    root = cast.key("task-event")
    content = "\n".join(STATUS_LINES) if reply is None else reply
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(cast.key("reply"), cast.agent, cast.at(1), content, reply_tags(cast.channel, root, cast.user)),
    ]
    return Trial(
        task_name=verifier.TASK.name,
        trial=cast.trial_info(),
        identities=cast.identities(),
        events=events,
        task_event_id=root,
        directory=[{"name": bot, "role": "bot", "pubkey": bot_key(cast, bot)} for bot in BOTS],
        quotable=[AURORA, BEACON, *STATUS_LINES, "two-line status update"],
    )


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs inside the task's input space (FACTS): the seeded human and bots with varied keys, ids and
    clock; varied wording and line order, neutral lines, chatter, harmless tags, directory order."""
    cast = draw(casts(user_name=HUMAN))
    lines = [draw(st.sampled_from(AURORA_LINES)), draw(st.sampled_from(BEACON_LINES))]
    if draw(st.booleans()):
        lines.reverse()
    if draw(st.booleans()):
        lines.insert(draw(st.integers(0, 2)), draw(st.sampled_from(NEUTRAL_LINES)))
    if draw(st.booleans()):
        lines.append(f"@{cast.user_name}")
    run = trial(cast, "\n".join(lines))
    final = run.final()
    final["tags"] += draw(harmless_tags())
    if draw(st.booleans()):
        run.directory.reverse()
    return chatter(draw, run)


def _bot_pubkey(trial: Trial, bot: str) -> str:
    return next(entry["pubkey"] for entry in trial.directory if entry["name"] == bot)


def wake_text(rng: Random, bot: str) -> str:
    """`@bot` as people and clients write it: any case, odd spacing, non-breaking or full-width forms."""
    at = rng.choice(["@", "\uff20", "@ "])
    space = rng.choice([" ", "  ", "\u00a0", "\u3000", "\u2009", " \u200b"])
    case = rng.choice([str, str.lower, str.upper, str.title])
    return at + space.join(case(bot).split(" "))


@adversary("the reply p-tags one of the bots it only had to name", zeroes="bots_not_mentioned")
def p_tag_to_bot(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["tags"].append(["p", _bot_pubkey(trial, rng.choice(BOTS))])
    return trial


@adversary("the reply also p-tags someone who is neither the human nor a bot", zeroes="user_mentioned")
def p_tag_to_stranger(rng: Random, trial: Trial) -> Broken:
    trial.final()["tags"].append(["p", hex64("stranger", rng.randint(0, 10**6))])
    return trial


@adversary("an earlier orchestrator message p-tags a bot, then the correct reply follows", zeroes="bots_not_mentioned")
def earlier_p_tag_to_bot(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["created_at"] += 2
    bot = rng.choice(BOTS)
    extra_message(trial, f"Checking in on {bot}.", [*reply_tags(trial.channel, trial.task_event_id or ""), ["p", _bot_pubkey(trial, bot)]], tick=-1)
    return trial


@adversary("the reply writes an @-wake for a bot, in some case, spacing or width variant", zeroes="bots_not_mentioned")
def at_wake(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    bot = rng.choice(BOTS)
    final["content"] = final["content"].replace(bot, wake_text(rng, bot), 1)
    return trial


@adversary("the reply gives each bot the other's status", zeroes="status_correct")
def swapped_statuses(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice([
        "Aurora Audit Bot remains idle.\nBeacon Deploy Bot completed the audit.",
        "Beacon Deploy Bot completed the audit.\nAurora Audit Bot is idle.",
        "Aurora Audit Bot: idle\nBeacon Deploy Bot: completed",
    ])
    return trial


@adversary("the reply merges both bots into one status sentence", zeroes="status_correct")
def merged_statuses(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice([
        "Aurora Audit Bot and Beacon Deploy Bot completed the audit and remain idle.",
        "Aurora Audit Bot, Beacon Deploy Bot: completed, idle",
        "Both Aurora Audit Bot and Beacon Deploy Bot are idle; Aurora Audit Bot completed the audit.",
    ])
    return trial


@adversary("the reply negates one of the statuses", zeroes="status_correct")
def negated_status(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice([
        "Aurora Audit Bot has not completed the audit.\nBeacon Deploy Bot remains idle.",
        "Aurora Audit Bot completed the audit.\nBeacon Deploy Bot is no longer idle.",
        "Aurora Audit Bot hasn't completed the audit.\nBeacon Deploy Bot remains idle.",
        "Aurora Audit Bot failed to complete the audit.\nBeacon Deploy Bot remains idle.",
        "Aurora Audit Bot completed the audit.\nBeacon Deploy Bot isn\u2019t idle.",
        "Aurora Audit Bot has not, as of now, completed the audit.\nBeacon Deploy Bot remains idle.",
        "Aurora Audit Bot has not yet been able to complete the audit.\nBeacon Deploy Bot remains idle.",
        "I can't confirm that Aurora Audit Bot completed the audit; I can't confirm that Beacon Deploy Bot remains idle.",
    ])
    return trial


@adversary("the reply reports only one of the two bots", zeroes="status_correct")
def one_status_missing(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice(STATUS_LINES)
    return trial


@adversary("the reply names the human in text but does not p-tag them", zeroes="user_mentioned")
def user_not_p_tagged(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]
    final["content"] += f"\n@{next(name for name, spec in trial.identities.items() if spec['role'] == 'user')}"
    return trial


@adversary("the orchestrator posts twice; the last message is correct", zeroes="evidence_complete")
def two_orchestrator_messages(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["created_at"] += 2
    extra_message(trial, "On it.", reply_tags(trial.channel, trial.task_event_id or ""), tick=-1)
    return trial


@adversary("a bot is missing from the directory, so nobody can tell whether it was woken", zeroes="evidence_complete")
def bot_missing_from_directory(rng: Random, trial: Trial) -> Broken:
    bot = rng.choice(BOTS)
    trial.directory = [entry for entry in trial.directory if entry["name"] != bot]
    return trial




# ---- labelled replies ----------------------------------------------------------------------------

_A, _B = "{aurora}", "{beacon}"
REPLIES = ReplyTask(
    answer=("aurora-completed", "beacon-idle"),
    # True but not asked for: the prompt says neither bot has work, so Aurora Audit Bot is idle once the audit is done.
    consistent=("beacon-no-work", "aurora-no-work", "aurora-idle", "nothing-pending", "audit-done", "not-pinged"),
    fields={"aurora": AURORA, "beacon": BEACON, "user": HUMAN},
    names=("aurora", "beacon"),
    headers=(("Bot", "Status"), ("Agent", "State"), ("Name", "Status"), ("Bot", "Current status")),
    facts=(
        Fact(
            "aurora-completed",
            subject=_A,
            affirmed=(
                f"{_A} completed the audit", f"{_A} has completed the audit", f"{_A} finished the audit",
                f"{_A} has finished the audit", f"{_A}: audit completed", f"{_A} \u2014 audit complete",
                f"The audit was completed by {_A}", f"{_A} is finished with the audit", f"{_A}'s audit is complete",
                f"Completed: {_A} (audit)", f"{_A} completed its audit", f"{_A}: completed the audit",
                f"{_A} completed the audit without issues", f"{_A} has now completed the audit",
                f"{_A} successfully completed the audit", f"{_A} already completed the audit",
                f"{_A} completed the audit earlier today", f"{_A} wrapped up the audit and it is complete",
                f"{_A} was asked for the audit and has completed it", f"{_A} has completed the audit \u2705",
                f"Per your note, {_A} completed the audit", f"{_A} finished its audit",
                f"The audit is complete \u2014 {_A} finished it", f"{_A} is done with the audit",
                f"{_A} completed the audit and is now idle too", f"As requested: {_A} has finished the audit",
                f"{_A} wrapped up its audit this morning", f"The audit is done; {_A} completed it",
                f"{_A} is done auditing", f"{_A} has completed the full audit", f"{_A} completed the audit you asked about",
                f"{_A} finished the audit about an hour ago", f"{_A} finished the audit at 9:30 UTC", f"{_A} status: completed",
                f"Audit finished by {_A}", f"{_A} \u279c audit complete", f"Completed \u2014 {_A} (audit)",
                f"{_A} has finished the audit (status: complete)", f"{_A} is done \u2014 audit complete",
                f"{_A} has finished its work on the audit",
                f"{_A} got the audit done", f"{_A} completed the audit @ 09:00", f"Audit: completed by {_A}",
                f"{_A} remains idle after it completed the audit", f"The audit is done ({_A})",
                f"The audit is complete (by {_A})",
            ),
            predicates=(
                "completed the audit", "has finished the audit", "finished its audit", "wrapped up the audit",
                "is done with the audit", "has completed the audit", "completed the audit earlier today",
                "successfully completed the audit", "has already finished the audit", "is done auditing",
                "has completed the full audit", "finished the audit about an hour ago",
                "got the audit done", "completed the audit @ 9:30",
            ),
            denials=(
                "has not completed the audit", "didn't finish the audit", "is still running the audit",
                "never completed the audit", "has yet to finish the audit",
            ),
            cells=("Completed the audit", "Audit completed", "Audit complete", "Completed", "Done \u2014 audit complete",
                   "Finished the audit", "\u2705 Audit completed"),
            negated=(
                f"{_A} has not completed the audit", f"{_A} did not complete the audit", f"{_A} never completed the audit",
                f"{_A} has yet to complete the audit", f"{_A} failed to complete the audit",
                f"No audit was completed by {_A}", f"{_A} completed no audit", f"{_A} has completed none of the audit",
                f"{_A}'s audit is incomplete", f"{_A}: audit unfinished", f"{_A}'s audit remains uncompleted",
                f"Neither {_A} nor anyone else completed the audit", f"{_A} is far from finished",
                f"{_A} has almost completed the audit", f"{_A} has partially completed the audit", f"{_A} completed nothing",
                f"{_A} has not, as of now, completed the audit", f"{_A}: not completed", f"{_A} is not finished",
                f"{_A} is still auditing", f"{_A} is busy with the audit", f"As for {_A}, it hasn't finished the audit",
                f"The audit is not complete \u2014 {_A} is still on it",
            ),
            future=(
                f"{_A} will complete the audit", f"{_A}'ll complete the audit", f"{_A} is going to complete the audit",
                f"{_A} is about to finish the audit", f"{_A} should complete the audit soon",
                f"{_A} is expected to complete the audit", f"{_A} is scheduled to finish the audit",
                f"{_A} will have completed the audit by tomorrow",
            ),
            hedged=(
                f"{_A} may have completed the audit", f"{_A} might have finished the audit",
                f"{_A} probably completed the audit", f"{_A} seems to have completed the audit",
                f"{_A} apparently finished the audit", f"{_A} has most likely completed the audit",
            ),
            questioned=(f"Has {_A} completed the audit?", f"Did {_A} finish the audit?", f"{_A} completed the audit?"),
            corrected=(f"Actually {_A} is still running the audit", f"{_A} is busy again", f"The audit by {_A} is incomplete"),
        ),
        Fact(
            "beacon-idle",
            subject=_B,
            affirmed=(
                f"{_B} remains idle", f"{_B} is idle", f"{_B} is still idle", f"{_B}: idle", f"{_B} \u2014 idle",
                f"{_B} is currently idle", f"{_B} stays idle", f"{_B} is sitting idle", f"Idle: {_B}",
                f"{_B} remains idle and doesn't have any work", f"{_B} is idle, with no work queued", f"{_B} is idling",
                f"{_B}'s status: idle", f"{_B} remains idle with nothing to do",
                f"{_B} has nothing to do and is idle", f"{_B} has no work and remains idle", f"{_B} is idle right now",
                f"{_B}: currently idle (no active work)", f"{_B} remains idle \u2014 no tasks assigned",
                f"{_B} has been idle since the last deploy", f"{_B} is idle at the moment",
                f"As for {_B}, it remains idle", f"{_B} remains idle, not deploying anything",
                f"{_B} is still idle for now", f"{_B} remains idle, as before", f"{_B} status: idle", f"Idle \u2014 {_B}",
                f"{_B} \u279c idle", f"{_B} is idle and ready for the next deploy",
                f"{_B} hasn't got anything to do, so it's idle", f"{_B} remains idle because it has nothing queued",
                f"{_B}'s been idle", f"{_B} is idle with an empty queue", f"{_B} is idle \u2014 waiting on the next deploy request",
                f"{_B} is currently idle and not assigned any work", f"{_B}: standing by (idle)",
                f"{_B} remains idle and is awaiting further instructions", f"{_B} has been idle and remains so",
                f"{_B} has been idle the whole time", f"{_B} is idle and waiting", f"{_B} remains idle, as it has been all week",
                f"{_B} hasn't moved: it remains idle", f"{_B} didn't do anything; it remains idle",
                f"{_B}, on the other hand, remains idle", f"Deploys: {_B} is idle",
                f"{_B} isn't doing anything at the moment", f"{_B} is not working on anything",
                f"{_B} is sitting idle\u2014there's nothing queued for it", f"{_B} hasn't had anything to do, so it's idle",
            ),
            predicates=("remains idle", "is idle", "is still idle", "is currently idle", "stays idle", "is sitting idle",
                        "is idle right now", "remains idle for now", "isn't doing anything right now"),
            denials=("is not idle", "isn't idle anymore", "is no longer idle", "is busy", "is running a deploy"),
            cells=("Idle", "Remains idle", "Idle (no work)", "Still idle", "Currently idle"),
            negated=(
                f"{_B} is not idle", f"{_B} is no longer idle", f"{_B} is never idle", f"{_B} is anything but idle",
                f"{_B} is non-idle", f"{_B} is hardly idle", f"{_B}: not idle", f"{_B} is busy", f"{_B} is running a deploy",
                f"{_B} has been idle but is now working", f"{_B} isn't idle", f"{_B} is not-idle",
                f"As for {_B}, it is not idle", f"{_B}, meanwhile, is anything but idle",
            ),
            future=(
                f"{_B} will be idle", f"{_B} will remain idle", f"{_B} is expected to stay idle",
                f"{_B} should be idle after the deploy", f"{_B} is going to be idle", f"{_B}'ll be idle soon",
            ),
            hedged=(
                f"{_B} appears to be idle", f"{_B} is likely idle", f"{_B} is probably idle", f"{_B} is presumably idle",
                f"{_B} may be idle", f"{_B} seems idle",
            ),
            questioned=(f"Is {_B} idle?", f"Is {_B} still idle?", f"{_B} remains idle?"),
            corrected=(f"{_B} is deploying now", f"Wait, {_B} picked up a deploy", f"{_B} is actually busy"),
        ),
        # True extras: harmless negations of work, Aurora Audit Bot idle once done, the audit itself, no pings.
        Fact(
            "beacon-no-work",
            subject=_B,
            affirmed=(f"{_B} has no work queued", f"{_B} never had a deploy queued", f"{_B} isn't deploying anything",
                      f"{_B} has nothing scheduled", f"Nothing is queued for {_B}", f"{_B} has no deploys pending"),
            predicates=("has no work queued", "never had a deploy queued", "isn't deploying anything", "has nothing pending",
                        "is not busy", "has no deploys scheduled", "doesn't have any work", "has nothing to do",
                        "hasn't got anything to do", "has no active deploys or tasks", "is ready for the next deploy",
                        "is available", "is standing by", "is waiting", "hasn't moved", "didn't do anything",
                        "has had nothing to do", "is now free", "has been all week"),
            negated=(f"{_B} has a deploy queued", f"{_B} is deploying now", f"Something is queued for {_B}",
                     f"{_B} has work waiting", f"{_B} is in the middle of a deploy"),
            denials=("has a deploy queued", "is deploying now", "is busy", "has work pending", "just picked up a deploy"),
        ),
        Fact(
            "aurora-no-work",
            subject=_A,
            affirmed=(f"{_A} has no further work", f"{_A} has nothing else pending", f"{_A} has nothing left to do"),
            predicates=("has no further work", "has nothing else queued", "has nothing left to do",
                        "isn't working on anything now", "has no other tasks", "didn't hit any problems", "never stalled",
                        "had a clean run", "ran cleanly", "is now free", "ran into no issues"),
            negated=(f"{_A} still has audit work pending", f"{_A} has more work queued"),
            denials=("still has work pending", "is working on another audit", "has a follow-up queued"),
        ),
        Fact(
            "aurora-idle",
            subject=_A,
            affirmed=(f"{_A} is now idle too", f"{_A} is idle now as well", f"{_A} has since gone idle", f"{_A} is idle",
                      f"{_A} remains idle", f"{_A}: idle"),
            predicates=("is now idle too", "is idle as well now", "has gone idle", "is also idle now", "is idle"),
            negated=(f"{_A} is still busy", f"{_A} is not idle yet"),
            denials=("is still busy", "is not idle yet"),
        ),
        Fact(
            "nothing-pending",
            affirmed=(
                "Nothing else is pending", "No deploys are scheduled", "Neither bot needs anything from you",
                "No action is needed on your end", "There's nothing queued for either bot", "Nothing is waiting on you",
                "No follow-ups needed", "Neither bot has any work to do", f"Neither {_A} nor {_B} has work to do",
                "Both bots have no work", "No action needed from either bot", "Neither bot is working on anything",
                "Nothing for you to do", "Neither needs attention", "No further updates", "Everything's done",
                "No one needs to take any action", "Neither bot has been assigned anything", "Both bots are free right now",
                "Nothing is needed from you", "No action required", "Neither bot currently has any work",
                "Neither has pending work", "No action needed on either", "Both bots are accounted for",
                "No deploys are running", "Neither bot is running anything",
                "No findings need action", "Neither bot is blocked", "That's fine", "Nothing's been assigned to either bot",
                "Neither bot will be pinged",
            ),
            negated=("Something is still pending", "A deploy is scheduled for tonight", "Both bots need something from you",
                     "There's a queue of work for both bots", "Neither bot is free"),
        ),
        Fact(
            "audit-done",
            affirmed=("The audit is complete", "The audit is done", "The audit has been wrapped up"),
            negated=("The audit is not complete", "The audit is still open", "The audit isn't finished"),
        ),
        Fact("not-pinged", affirmed=("I didn't tag either bot", "Neither bot was pinged", "No pings sent to either bot",
                                     f"No need to wake {_A} or {_B}", "No need to @-mention either bot",
                                     "I left both names untagged", "Both names are plain text, so no one was pinged",
                                     "Note: I didn't ping either bot")),
        # Wrong: a status for the wrong bot, part of the work, other work, a past or contrary state, both merged.
        Fact("aurora-partial", subject=_A, affirmed=(
            f"{_A} completed 3 of 10 audit steps", f"{_A} completed the audit setup", f"{_A} has completed 0% of the audit",
            f"{_A} completed the first phase of the audit", f"{_A} completed half the audit",
        ), predicates=("completed 3 of 10 audit steps", "completed the audit setup", "completed half the audit"),
            cells=("Partially complete", "3/10 steps")),
        Fact("aurora-other-work", subject=_A, affirmed=(
            f"{_A} completed the deploy", f"{_A} completed the review", f"{_A} finished the audit report draft",
        ), predicates=("completed the deploy", "finished the audit report draft"), cells=("Deploy completed",)),
        Fact("aurora-still-auditing", subject=_A, affirmed=(f"{_A} is still running the audit", f"{_A} reopened the audit"),
             predicates=("is still running the audit", "reopened the audit", "is working on the audit again"),
             cells=("In progress", "Auditing")),
        Fact("beacon-was-idle", subject=_B, affirmed=(
            f"{_B} was idle until this morning", f"{_B} stopped being idle", f"{_B} was idle yesterday",
            f"{_B} remains idle between deploys", f"{_B} is idle on weekends",
        ), predicates=("was idle until this morning", "stopped being idle", "remains idle between deploys"),
            cells=("Idle until this morning", "Was idle")),
        Fact("beacon-busy", subject=_B, affirmed=(f"{_B} is deploying now", f"{_B} picked up a deploy", f"{_B} has a deploy queued"),
             predicates=("is deploying now", "picked up a deploy this morning", "has a deploy queued", "is busy with a rollback"),
             cells=("Deploying", "Busy")),
        Fact("beacon-completed", subject=_B, affirmed=(f"{_B} completed the audit", f"{_B} has finished", f"{_B}: completed",
                                                        f"{_B}: done", f"{_B} is all done"),
             predicates=("completed the audit", "has finished"), cells=("Completed the audit", "Done")),
        Fact("both-idle", affirmed=("Both bots are idle", "They are both idle", f"{_A} and {_B} are idle")),
    ),
    neutral=("Status update:", "Two-line status update, as requested:", "@{user}", "P.S. Not much else to report.",
             "Questions: buzz-ops@example.com"),
    openers=(
        "Sure thing \u2014 here's where things stand:", "Here's the two-line update you asked for:", "Quick status update:",
        "Here's where both bots stand:", "## Status update", "**Status update**", "Update for {first}:",
        "Here's the current status of both bots:", "I checked the directory:", "Dear {first},", "Hey {first} \U0001f44b",
        "Just checked \u2014 here's the status:", "As you asked:", "Quick heads-up:", f"Update on {_A} and {_B}:",
        "As of 14:00 UTC:", "Just to confirm:", "Confirmed \u2014", "Here's your two-line update:",
        "Hey {first} \U0001f44b quick status:", "Quick status for the record \U0001f4dd", "Without further ado:",
        "Rest assured:",
    ),
)


replies = addressed(REPLIES)  # the facts a reply can state, addressed to the run's own human


full_name_text_not_tagged = named_not_tagged(Trial.final, "user_mentioned")


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", author="evidence_complete", channel="reply_to_thread",
                 thread="reply_to_thread", answer="status_correct"),
        p_tag_to_bot,
        p_tag_to_stranger,
        earlier_p_tag_to_bot,
        at_wake,
        swapped_statuses,
        merged_statuses,
        negated_status,
        one_status_missing,
        user_not_p_tagged,
        two_orchestrator_messages,
        bot_missing_from_directory,
        full_name_text_not_tagged,
    ),
    replies=replies,
)
