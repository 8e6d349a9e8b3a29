"""Evidence for cross-thread-requests: two top-level requests from the human, each answered in its own thread, and the
ways answers get merged, swapped, leaked across threads or left without a callback."""
from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import Broken, adversary, extra_message, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.lookalikes import named_not_tagged, near_miss_figure
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.replies import Fact, ReplyTask, addressed
from verifuzz.strategies.tasks import Task
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers import cross_thread_requests as verifier

# The task's facts, written here as the task states them (not taken from the verifier, so that a verifier
# expecting anything else is caught).
HUMAN = "Priya Simone Patel"
BETA_LABEL = "beta-request"
PROMPT = ("ALPHA: We received 14 crates of 25 units each, and 4 units arrived damaged. "
          "How many usable units do we have?")
BETA_PROMPT = ("BETA: The sprint plan runs 6 weeks with 7 tickets a week, and 1 ticket was cancelled. "
               "How many tickets remain?")
ALPHA_ANSWER, BETA_ANSWER = "346", "41"
FACTS = Facts(verifier.TASK.name, PROMPT, human=HUMAN)
# How a correct agent answers each request in its own thread; `{first}` is the human's first name.
ALPHA_REPLIES = (
    "ALPHA: 346", "You have 346 usable units.", "14 \u00d7 25 \u2212 4 = 346 usable units", "346",
    "Hi {first}, for ALPHA: 14 x 25 = 350, and 350 - 4 = 346. You have 346 usable units.",
    "**ALPHA answer:** 346 usable units", "@{user} There are 346 usable units.", "That leaves 346 usable units. Thanks!",
)
BETA_REPLIES = (
    "BETA: 41", "41 tickets remain.", "6 \u00d7 7 \u2212 1 = 41 tickets", "41",
    "Hi {first}, for BETA: 6 x 7 = 42, and 42 - 1 = 41. So 41 tickets remain.",
    "**BETA answer:** 41 tickets remaining", "@{user} You have 41 tickets left.", "That leaves 41 tickets. Hope this helps!",
)


def trial(cast: Cast = Cast(user_name=HUMAN), alpha: str | None = None, beta: str | None = None) -> Trial:
    """A correct run: ALPHA is posted, then BETA at the top level; the agent answers ALPHA in its thread, then BETA in
    its own, p-tagging the human each time."""
    root, second = cast.key("task-event"), cast.key("beta-request")
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(second, cast.user, cast.at(1), BETA_PROMPT, [["h", cast.channel]]),
        event(cast.key("alpha-reply"), cast.agent, cast.at(2), ALPHA_REPLIES[0] if alpha is None else alpha,
              reply_tags(cast.channel, root, cast.user)),
        event(cast.key("reply"), cast.agent, cast.at(3), BETA_REPLIES[0] if beta is None else beta,
              reply_tags(cast.channel, second, cast.user)),
    ]
    return Trial(task_name=verifier.TASK.name, trial=cast.trial_info(), identities=cast.identities(), events=events,
                 task_event_id=root, scripted_events=[{"label": BETA_LABEL, "event_id": second}],
                 quotable=[BETA_ANSWER, "BETA", "41 tickets", "How many tickets remain?"])


def beta_event(trial: Trial) -> dict[str, Any]:
    event_id = next(s["event_id"] for s in trial.scripted_events if s["label"] == BETA_LABEL)
    return next(e for e in trial.events if e["id"] == event_id)


def alpha_reply(trial: Trial) -> dict[str, Any]:
    """The agent's reply in ALPHA's thread (the witnesses answer ALPHA first, so it is never the final reply)."""
    return next(e for e in trial.agent_events() if ["e", trial.task_event_id, "", "reply"] in e["tags"])


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs: varied keys, ids and clock; BETA posted before or after ALPHA is answered; both answers in varied
    wording; chatter and harmless tags. ALPHA is answered first, so the final reply is always BETA's."""
    cast = draw(casts(user_name=HUMAN))
    rng = Random(draw(st.integers(0, 2**32 - 1)))  # one draw for every choice below
    fields = {"first": cast.user_name.split(" ")[0], "user": cast.user_name}
    run = trial(cast, rng.choice(ALPHA_REPLIES).format(**fields), rng.choice(BETA_REPLIES).format(**fields))
    first = run.events[0]["created_at"]
    answer, request, final = alpha_reply(run), beta_event(run), run.final()
    answer["created_at"] = first + rng.randint(1, 60)
    request["created_at"] = first + rng.randint(1, 90)  # before or after ALPHA's answer
    final["created_at"] = max(answer["created_at"], request["created_at"]) + rng.randint(1, 60)
    for item in (answer, final):
        item["tags"] += draw(harmless_tags())
    return chatter(draw, run)


# ---- the BETA request ---------------------------------------------------------------------------------------------


@adversary("the export names no BETA request: no scripted events (an older exporter), the label missing or listed "
           "twice, or naming no exported message", zeroes="evidence_complete")
def beta_request_unlisted(rng: Random, trial: Trial) -> Broken:
    change = rng.choice(["none", "relabelled", "twice", "ghost"])
    scripted = trial.scripted_events[0]
    if change == "none":
        trial.scripted_events = []
    elif change == "relabelled":
        scripted["label"] = rng.choice(["beta", "BETA-request", "alpha-request", "warm-up"])
    elif change == "twice":
        trial.scripted_events.append({"label": BETA_LABEL, "event_id": trial.task_event_id or ""})
    else:
        scripted["event_id"] = hex64("ghost-beta", rng.random())
    return trial


@adversary("the labelled BETA request is not the human's top-level message in the trial channel: posted by someone "
           "else, in a thread, elsewhere, or the task event itself", zeroes="evidence_complete")
def beta_request_misplaced(rng: Random, trial: Trial) -> Broken:
    request = beta_event(trial)
    change = rng.choice(["author", "threaded", "channel", "task-event", "kind"])
    if change == "author":
        request["pubkey"] = rng.choice([trial.agent, hex64("stranger", rng.random())])
    elif change == "threaded":
        request["tags"].append(["e", trial.task_event_id or "", "", "reply"])
    elif change == "channel":
        request["tags"] = [["h", hex64("elsewhere", rng.random())]]
    elif change == "kind":
        request["kind"] = rng.choice([1, 7, 1111])
    else:
        trial.scripted_events[0]["event_id"] = trial.task_event_id or ""
    return trial


# ---- the answers --------------------------------------------------------------------------------------------------

WRONG_ALPHA = ("350", "354", "345", "347", "100", "96", "3460", "34.6", "1,346", "41")
WRONG_BETA = ("42", "40", "43", "36", "35", "14", "410", "4.1", "1,041", "346")
WRONG_TEMPLATES = ("{label}: {n}", "{n}", "The answer is {n}.", "{label} answer: {n}")
GAMED_ALPHA = ("ALPHA: 346 or 350", "Probably 346.", "ALPHA: 346?", "ALPHA is not 346.", "I'll work out ALPHA later.",
               "14 x 25 - 4 = 356, so 346", "ALPHA: 350 (346 if the damaged ones are removed)", "346 346", "three hundred forty-seven")
GAMED_BETA = ("BETA: 41 or 42", "Roughly 41.", "BETA: 41?", "BETA is not 41.", "I'll get to BETA soon.",
              "6 x 7 - 1 = 40, so 41", "BETA: 42 (41 after the cancellation)", "41 41", "forty-two")


@adversary("the ALPHA reply gives a wrong figure, several, a hedge, a question or false working", zeroes="alpha_correct")
def alpha_wrong(rng: Random, trial: Trial) -> Broken:
    content = rng.choice(WRONG_TEMPLATES).format(label="ALPHA", n=rng.choice(WRONG_ALPHA)) if rng.random() < 0.5 \
        else rng.choice(GAMED_ALPHA)
    alpha_reply(trial)["content"] = content
    return trial


@adversary("the BETA reply gives a wrong figure, several, a hedge, a question or false working", zeroes="beta_correct")
def beta_wrong(rng: Random, trial: Trial) -> Broken:
    content = rng.choice(WRONG_TEMPLATES).format(label="BETA", n=rng.choice(WRONG_BETA)) if rng.random() < 0.5 \
        else rng.choice(GAMED_BETA)
    trial.final()["content"] = content
    return trial


@adversary("ALPHA's reply is missing, refuses, or went out before the task event", zeroes="alpha_correct")
def alpha_unanswered(rng: Random, trial: Trial) -> Broken:
    reply = alpha_reply(trial)
    change = rng.choice(["gone", "refusal", "early", "impostor"])
    if change == "gone":
        trial.events.remove(reply)
    elif change == "refusal":
        reply["content"] = rng.choice(["I can't answer ALPHA.", "I'm not able to work that out.", "Sorry, no."])
    elif change == "early":
        reply["created_at"] = trial.events[0]["created_at"] - 1
    else:
        reply["pubkey"] = hex64("impostor", rng.random())
    return trial


# ---- the threads --------------------------------------------------------------------------------------------------


@adversary("both answers in one reply, in one thread or at the top level", zeroes="thread_isolation")
def answers_merged(rng: Random, trial: Trial) -> Broken:
    combined = rng.choice(["ALPHA: 346\nBETA: 41", "ALPHA: 346. BETA: 41.", "346 usable units; 41 tickets remain."])
    where = rng.choice(["alpha", "beta", "top"])
    keep = alpha_reply(trial) if where == "alpha" else trial.final()
    trial.events.remove(trial.final() if where == "alpha" else alpha_reply(trial))
    keep["content"] = combined
    if where == "top":
        keep["tags"] = [tag for tag in keep["tags"] if tag[0] != "e"]
    return trial


@adversary("each answer posted in the other request's thread", zeroes="thread_isolation")
def answers_swapped(rng: Random, trial: Trial) -> Broken:
    first, second = alpha_reply(trial), trial.final()
    first["content"], second["content"] = second["content"], first["content"]
    return trial


@adversary("a reply speaks of the other request: its label, its answer, or an e tag for it", zeroes="thread_isolation")
def reply_mentions_other_request(rng: Random, trial: Trial) -> Broken:
    which = rng.choice(["alpha", "beta"])
    reply = alpha_reply(trial) if which == "alpha" else trial.final()
    other = beta_event(trial)["id"] if which == "alpha" else trial.task_event_id or ""
    change = rng.choice(["label", "answer", "tag"])
    if change == "tag":
        reply["tags"].append(["e", other, "", rng.choice(["mention", "root", ""])])
    elif change == "label":
        reply["content"] += rng.choice(["\n(BETA answered in its own thread.)", "\nBETA is answered separately."]
                                       if which == "alpha" else ["\nALPHA is answered separately.", "\nSee the ALPHA thread."])
    else:
        reply["content"] += "\n" + (BETA_ANSWER if which == "alpha" else ALPHA_ANSWER)
    return trial


@adversary("the agent posts a third message: an acknowledgement, a repeated answer, or a note at the top level",
           zeroes="thread_isolation")
def third_reply(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    root = rng.choice([trial.task_event_id or "", beta_event(trial)["id"], None])
    tags = [["h", trial.channel]] if root is None else reply_tags(trial.channel, root)
    extra_message(trial, rng.choice(["On it.", "Working on both requests.", "ALPHA: 346", "BETA: 41", "Done."]), tags, tick=-1)
    final["created_at"] = trial.last_time() + 1
    return trial


# ---- the callbacks ------------------------------------------------------------------------------------------------


@adversary("one reply does not p-tag the human (her name in text at most)", zeroes="user_mentioned_twice")
def reply_without_callback(rng: Random, trial: Trial) -> Broken:
    reply = rng.choice([alpha_reply(trial), trial.final()])
    reply["tags"] = [tag for tag in reply["tags"] if tag[0] != "p"]
    if rng.random() < 0.5:
        reply["content"] = f"@{HUMAN} " + reply["content"]
    return trial


@adversary("a reply also p-tags someone else, or another event of the agent p-tags the human", zeroes="user_mentioned_twice")
def callback_misdirected(rng: Random, trial: Trial) -> Broken:
    if rng.random() < 0.5:
        rng.choice([alpha_reply(trial), trial.final()])["tags"].append(["p", rng.choice([trial.agent, hex64("stranger", rng.random())])])
    else:
        final = trial.final()
        reaction = extra_message(trial, "+", [["e", beta_event(trial)["id"]], ["h", trial.channel], ["p", trial.user]], tick=-1)
        reaction["kind"] = 7
        final["created_at"] = trial.last_time() + 1
    return trial


# ---- labelled replies ----------------------------------------------------------------------------
#
# The labelled generator replaces the final reply, which the witnesses make BETA's; ALPHA's reply is read by the
# same grammar (verifiers/figure_reply.py) and held to its own adversaries above.

REPLY_FACTS = ReplyTask(
    answer=("beta",),
    facts=(
        Fact("beta",
             affirmed=("BETA: 41", "41 tickets remain", "41", "6 \u00d7 7 \u2212 1 = 41", "You have 41 tickets left",
                       "BETA answer: **41**", "For BETA, 41 tickets remain", "6 x 7 = 42, and 42 - 1 = 41",
                       "That leaves 41 tickets", "There are 41 tickets remaining"),
             negated=("BETA is not 41", "It isn't 41 tickets", "41 tickets do not remain"),
             future=("BETA will be 41", "I'll confirm 41 tickets shortly"),
             hedged=("Roughly 41 tickets", "About 41", "41-ish"),
             questioned=("Is BETA 41?", "41, or 42?"),
             corrected=("Correction: 42 tickets remain", "Actually BETA is 40")),
        Fact("no-cancellation", affirmed=("BETA: 42", "42 tickets remain", "6 x 7 = 42 tickets remain")),
        Fact("slip", affirmed=("BETA: 40", "6 \u00d7 7 \u2212 1 = 40", "43 tickets remain")),
        Fact("other-request", affirmed=("ALPHA: 346", "346 usable units", "ALPHA was answered in its own thread")),
        # The right number said of another quantity: the planned tickets, the cancellations, a week's. ("The sprint plan
        # has 41 tickets" is left out: after the cancellation it does.)
        Fact("answer-as-other", affirmed=("41 tickets were planned", "41 tickets a week", "41 tickets were cancelled",
                                          "41 tickets per week", "41 weeks")),
        # True working: the planned count and the cancellation, which a correct reply may show.
        Fact("working", affirmed=("6 \u00d7 7 = 42 planned", "42 tickets were planned", "1 ticket was cancelled"),
             negated=("42 tickets were not planned", "No ticket was cancelled")),
    ),
    consistent=("working",),
    neutral=("@{user}", "For BETA:", "Here's the answer to BETA:", "Here's my calculation:"),
)


replies = addressed(REPLY_FACTS)  # what the final (BETA) reply can state, addressed to the run's own human


# ---- look-alikes ---------------------------------------------------------------------------------------------------

near_miss_alpha = near_miss_figure((int(ALPHA_ANSWER),), 0, alpha_reply, lambda trial, value, wrong: f"ALPHA: {wrong}",
                                   "alpha_correct", name="near_miss_figure")
near_miss_beta = near_miss_figure((int(BETA_ANSWER),), 0, Trial.final, lambda trial, value, wrong: f"BETA: {wrong}",
                                  "beta_correct", name="near_miss_second_figure")
full_name_text_not_tagged = named_not_tagged(Trial.final, "user_mentioned_twice")


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", answer="beta_correct", author="beta_correct",
                 channel="thread_isolation", thread="thread_isolation", reply_before_task="beta_correct",
                 no_reply="beta_correct"),
        beta_request_unlisted,
        beta_request_misplaced,
        alpha_wrong,
        beta_wrong,
        alpha_unanswered,
        answers_merged,
        answers_swapped,
        reply_mentions_other_request,
        third_reply,
        reply_without_callback,
        callback_misdirected,
        near_miss_alpha,
        near_miss_beta,
        full_name_text_not_tagged,
    ),
    replies=replies,
)
