"""Evidence for narrative-agent-names: witnesses, wakes and status adversaries."""
from __future__ import annotations

from dataclasses import replace
from random import Random

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import Broken, adversary, extra_message, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.replies import Fact, ReplyTask
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
    fields={"aurora": AURORA, "beacon": BEACON, "user": HUMAN},
    facts=(
        Fact(
            "aurora-completed",
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
            ),
            negated=(
                f"{_A} has not completed the audit", f"{_A} did not complete the audit", f"{_A} never completed the audit",
                f"{_A} has yet to complete the audit", f"{_A} failed to complete the audit",
                f"No audit was completed by {_A}", f"{_A} completed no audit", f"{_A} has completed none of the audit",
                f"{_A}'s audit is incomplete", f"{_A}: audit unfinished", f"{_A}'s audit remains uncompleted",
                f"Neither {_A} nor anyone else completed the audit", f"{_A} is far from finished",
                f"{_A} has almost completed the audit", f"{_A} has partially completed the audit", f"{_A} completed nothing",
                f"{_A} has not, as of now, completed the audit", f"{_A}: not completed", f"{_A} is not finished",
                f"{_A} is still auditing", f"{_A} is busy with the audit",
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
            affirmed=(
                f"{_B} remains idle", f"{_B} is idle", f"{_B} is still idle", f"{_B}: idle", f"{_B} \u2014 idle",
                f"{_B} is currently idle", f"{_B} stays idle", f"{_B} is sitting idle", f"Idle: {_B}",
                f"{_B} remains idle and doesn't have any work", f"{_B} is idle, with no work queued", f"{_B} is idling",
                f"{_B}'s status: idle", f"{_B} remains idle with nothing to do",
                f"{_B} has nothing to do and is idle", f"{_B} has no work and remains idle", f"{_B} is idle right now",
                f"{_B}: currently idle (no active work)", f"{_B} remains idle \u2014 no tasks assigned",
                f"{_B} has been idle since the last deploy", f"{_B} is idle at the moment",
            ),
            negated=(
                f"{_B} is not idle", f"{_B} is no longer idle", f"{_B} is never idle", f"{_B} is anything but idle",
                f"{_B} is non-idle", f"{_B} is hardly idle", f"{_B}: not idle", f"{_B} is busy", f"{_B} is running a deploy",
                f"{_B} has been idle but is now working", f"{_B} isn't idle", f"{_B} is not-idle",
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
        Fact("aurora-idle", affirmed=(f"{_A} is idle", f"{_A} remains idle", f"{_A}: idle")),
        # Part of the work, or other work, reported in the words of the answer.
        Fact("aurora-partial", affirmed=(
            f"{_A} completed 3 of 10 audit steps", f"{_A} completed the audit setup", f"{_A} has completed 0% of the audit",
            f"{_A} completed the first phase of the audit", f"{_A} completed half the audit",
        )),
        Fact("aurora-other-work", affirmed=(
            f"{_A} completed the deploy", f"{_A} completed the review", f"{_A} finished the audit report draft",
        )),
        Fact("beacon-was-idle", affirmed=(
            f"{_B} was idle until this morning", f"{_B} stopped being idle", f"{_B} was idle yesterday",
            f"{_B} remains idle between deploys", f"{_B} is idle on weekends",
        )),
        Fact("beacon-completed", affirmed=(f"{_B} completed the audit", f"{_B} has finished", f"{_B}: completed")),
        Fact("both-idle", affirmed=("Both bots are idle", "They are both idle", f"{_A} and {_B} are idle")),
    ),
    neutral=(
        "Neither bot has any work to do", f"Neither {_A} nor {_B} has work to do", "No action needed from either bot",
        "Status update:", "Nothing is queued for either bot", "Neither bot is working on anything",
        "Two-line status update, as requested:", "@{user}",
    ),
)


def replies(trial: Trial) -> ReplyTask:
    """The facts a reply can state, addressed to the run's own human."""
    user = next(name for name, spec in trial.identities.items() if spec["role"] == "user")
    return replace(REPLIES, fields={**REPLIES.fields, "user": user})


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
    ),
    replies=replies,
)
