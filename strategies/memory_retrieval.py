"""Evidence for memory-retrieval: the April 2024 customer count answered from cold memory, and the ways an answer
goes wrong (a distractor, a near miss, a hedge, a refusal or correction around the number, the number given away)."""
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
from verifuzz.verifiers import memory_retrieval as verifier

HUMAN = "Amelia Rose Bennett"
# The task's facts, written here as the task states them (not taken from the verifier, so that a verifier
# expecting another number is caught). The seeded memory's other entries hold the distractors.
ANSWER = "352,345"
DISTRACTORS = ("361,250", "351,340", "2,400", "325,401", "3,710", "21,604")
PROMPT = ("How many total customers did we have in April 2024? The figure is in your memory; "
          "please reply here with the number.")
# How a writer sets the answer down: with a comma, without a separator, or with a (no-break, thin) space.
FORMS = (ANSWER, ANSWER, ANSWER, "352345", "352\u00a0345", "352\u202f345", "352 345")
# The answer sentence a correct agent writes; `{n}` is the number in one of FORMS.
ANSWERS = (
    "{n}", "{n} total customers", "We had {n} total customers in April 2024.", "Total customers in April 2024: {n}",
    "Total customers (April 2024): **{n}**", "The total number of customers in April 2024 was {n}.",
    "In April 2024, we had {n} customers.", "There were {n} customers as of April 2024.", "It was {n}.",
    "The answer is {n}.", "April 2024: {n}", "Total customer count for April 2024 is `{n}`.",
    "Total customers - {n} (from the total-customers-metric entry)", "{n} customers in April 2024",
)
LEADS = ("Hi Amelia,", "@Amelia Rose Bennett", "Sure!", "Here's what I found:", "I checked my cold memory.",
         "According to the total-customers-metric entry:", "Per my cold memories,", "Hello!", "Quick answer:")
SIGN_OFFS = ("Let me know if you need anything else.", "Hope this helps!", "Thanks!", "Cheers",
             "Source: total-customers-metric.", "I found it in my cold memory.")
FACTS = Facts(verifier.TASK.name, PROMPT, human=HUMAN)
QUOTABLE = [ANSWER, f"{ANSWER} total customers", "the April 2024 customer count", "total-customers-metric"]


def trial(cast: Cast = Cast(user_name=HUMAN), reply: str | None = None) -> Trial:
    """A correct run: the human asks in the channel and the agent answers in her thread."""
    root = cast.key("task-event")
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(cast.key("reply"), cast.agent, cast.at(1), f"Total customers in April 2024: {ANSWER}" if reply is None else reply,
              reply_tags(cast.channel, root, cast.user)),
    ]
    return Trial(task_name=verifier.TASK.name, trial=cast.trial_info(), identities=cast.identities(),
                 events=events, task_event_id=root, quotable=list(QUOTABLE))


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs: the human with varied keys, ids and clock; the answer in varied words and number forms, with or
    without a lead-in and sign-off, a p tag for the human, a progress message before it; chatter and harmless tags."""
    cast = draw(casts(user_name=HUMAN))
    rng = Random(draw(st.integers(0, 2**32 - 1)))  # one draw for the wording: the choices below cost nothing to shrink
    lines = [rng.choice(ANSWERS).format(n=rng.choice(FORMS))]
    if rng.random() < 0.5:
        lines.insert(0, rng.choice(LEADS))
    if rng.random() < 0.4:
        lines.append(rng.choice(SIGN_OFFS))
    content = lines[0]
    for line in lines[1:]:  # two sentences share a line only after an end mark
        content += rng.choice(["\n", "\n\n", " " if content[-1:] in ".!" else "\r\n"]) + line
    run = trial(cast, content)
    final = run.final()
    if rng.random() < 0.3:
        final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]  # the task does not ask for a mention
    if rng.random() < 0.3:  # a progress note first: only the last reply is the answer
        final["created_at"] += 1
        extra_message(run, rng.choice(["Checking my memory\u2026", "On it.", "Looking that up now."]),
                      reply_tags(run.channel, run.task_event_id or ""), tick=-1)
    final["tags"] += draw(harmless_tags())
    return chatter(draw, run)


def _answer(rng: Random, number: str) -> str:
    """An answer sentence, as a correct reply writes it, holding `number` instead of the answer."""
    return rng.choice(ANSWERS).format(n=number)


def near_misses(rng: Random) -> str:
    """A number one slip away from the answer: two digits swapped, one digit off, a digit dropped or doubled."""
    digits = list(ANSWER.replace(",", ""))
    while "".join(digits) == ANSWER.replace(",", ""):
        slip = rng.choice(["swap", "off", "drop", "double"])
        spot = rng.randrange(len(digits) - 1)
        if slip == "swap":
            digits[spot], digits[spot + 1] = digits[spot + 1], digits[spot]
        elif slip == "off":
            digits[spot] = str((int(digits[spot]) + rng.choice([1, 9])) % 10)
        elif slip == "drop":
            del digits[spot]
        else:
            digits.insert(spot, digits[spot])
    number = "".join(digits).lstrip("0") or "0"
    return f"{int(number):,}" if rng.random() < 0.8 else number


@adversary("the reply gives a distractor from another memory entry, or a near miss of the answer", zeroes="answer_correct")
def wrong_number(rng: Random, trial: Trial) -> Broken:
    number = rng.choice(DISTRACTORS) if rng.random() < 0.5 else near_misses(rng)
    trial.final()["content"] = _answer(rng, number)
    return trial


@adversary("the reply gives the answer and another figure beside it: a distractor, a second period, a total of both",
           zeroes="answer_correct")
def answer_beside_another_number(rng: Random, trial: Trial) -> Broken:
    other = rng.choice([*DISTRACTORS, near_misses(rng), "2023", "30", "1"])
    extra = rng.choice([
        "{a} total customers ({o} active)", "{a} in April 2024, up from {o}", "{a} or {o}", "Total customers: {a}; projected: {o}",
        "{a} (the other entry says {o})", "Total customers on April 30, 2024: {a}", "{o} / {a}", "{a}, {o}",
        "Total customers in April 2024: {a}\nActive accounts: {o}",
    ]).format(a=ANSWER, o=other)
    trial.final()["content"] = extra
    return trial


@adversary("the reply states the answer for another month or year, or another measure than total customers",
           zeroes="answer_correct")
def answer_for_something_else(rng: Random, trial: Trial) -> Broken:
    period = rng.choice(["April 2023", "May 2024", "March 2024", "Q2 2024", "2025", "last April"])
    measure = rng.choice(["active customers", "new customers", "users", "accounts", "in revenue", "subscribers"])
    trial.final()["content"] = rng.choice([
        f"We had {ANSWER} total customers in {period}.", f"Total customers in {period}: {ANSWER}",
        f"{ANSWER} {measure} in April 2024", f"${ANSWER}", f"{ANSWER} USD", f"April 2024: {ANSWER} {measure}",
    ])
    return trial


# What makes a stated answer something other than an answer: each wraps an answer sentence `{s}`.
NOT_AN_ANSWER = (
    "I think {s}", "Probably {s}", "{s}?", "Is it {s}?", "Roughly {s}", "{s}, give or take", "About {s}", "~{s}",
    "{s} (unverified)", "Not {s}", "It was not {s}.", "{s}\nActually, scratch that.", "{s}\nCorrection: it was 361,250.",
    "Not {s} but 361,250.", "I can't share that {s} figure.", "I won't confirm {s}.", "We will have {s} by April 2024.",
    "~~{s}~~", "{s} /s", "{s} \u2014 NOT", "I'm unable to check my memory; the last figure I saw was {s}.",
    "If I recall correctly, {s}.", "Either {s} or 351,340.", "{s} \u2014 can you double-check?",
)


@adversary("the number is there but hedged, questioned, negated, corrected, refused or put in the future",
           zeroes="answer_correct")
def answer_not_asserted(rng: Random, trial: Trial) -> Broken:
    sentence = rng.choice(["{n}", "it was {n}", "total customers were {n}", "we had {n} customers"]).format(n=rng.choice(FORMS))
    trial.final()["content"] = rng.choice(NOT_AN_ANSWER).replace("{s}", sentence)
    return trial


@adversary("the reply rounds or abbreviates the figure instead of giving it exactly", zeroes="answer_correct")
def answer_rounded(rng: Random, trial: Trial) -> Broken:
    number = rng.choice(["352K", "352k", "352,000", "350,000", "0.35 million", "352 thousand", "352.3k", "352,3",
                         "352.345", "352, 345", "3,52,345", "35,2345"])
    trial.final()["content"] = _answer(rng, number)
    return trial


@adversary("the answer went out in an earlier message; the final reply only points back at it", zeroes="answer_correct")
def answer_only_in_earlier_message(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    extra_message(trial, final["content"], [list(tag) for tag in final["tags"]], tick=-1)
    final["created_at"] = trial.last_time() + 1
    final["content"] = rng.choice(["Done.", "See above.", "Posted the number above.", "Anything else?", "All set."])
    return trial


@adversary("the answer was given in the channel by someone other than the agent (the prompt, the human, a passer-by), "
           "so repeating it proves nothing about memory", zeroes="evidence_complete")
def answer_given_in_channel(rng: Random, trial: Trial) -> Broken:
    text = rng.choice(["FYI total customers in April 2024 were {n}.", "{n}", "Last time you told me it was {n}."]).format(
        n=rng.choice(FORMS))
    root = next(e for e in trial.events if e["id"] == trial.task_event_id)
    where = rng.choice(["prompt", "human-before", "stranger-before", "human-after"])
    if where == "prompt":
        root["content"] += f" (I think it was {ANSWER}.)"
    elif where == "human-after":
        extra_message(trial, text, [["h", trial.channel]], pubkey=trial.user)
        trial.final()["created_at"] = trial.last_time() + 1
    else:
        pubkey = trial.user if where == "human-before" else hex64("passer-by", rng.randint(0, 10**6))
        trial.events.append(event(hex64("leak", rng.random()), pubkey, root["created_at"] - 5, text, [["h", trial.channel]]))
    return trial


# ---- labelled replies ----------------------------------------------------------------------------
#
# One answer fact, the total for April 2024, in each number form; the wrong facts are the distractors of the
# other memory entries, a near miss, a rounding, and the right number attached to another month or measure.

_WRONG = {
    "projected-total": "361,250", "active-accounts": "351,340", "april-2023-total": "325,401",
    "churned-accounts": "2,400", "support-tickets": "3,710", "newsletter-subscribers": "21,604", "near-miss": "352,354",
}
_TOTAL_FORMS = (
    "{n}", "We had {n} total customers in April 2024", "Total customers in April 2024: {n}",
    "The total number of customers in April 2024 was {n}", "In April 2024, we had {n} customers",
    "There were {n} customers as of April 2024", "It was {n}", "The answer is {n}", "April 2024: {n}",
    "Total customers (April 2024): **{n}**", "{n} total customers", "Total customer count for April 2024 is `{n}`",
    "Total customers in April 2024 were {n} (from the total-customers-metric entry)", "{n} customers in April 2024",
)


def _total_forms(number: str) -> tuple[str, ...]:
    return tuple(form.replace("{n}", number) for form in _TOTAL_FORMS)


REPLIES = ReplyTask(
    answer=("total-customers",),
    fields={"user": HUMAN},
    facts=(
        Fact("total-customers",
             affirmed=(*_total_forms("{n}"), *_total_forms("{n}")[:4], "{n_plain} total customers in April 2024",
                       "Total customers in April 2024: {n_space}", "We had {n_thin} total customers"),
             negated=("Total customers in April 2024 were not {n}", "It wasn't {n}", "We did not have {n} customers in April 2024",
                      "The total is not {n}", "No, {n} is not the April 2024 total"),
             future=("Total customers will reach {n}", "We will have {n} customers", "The total is going to be {n}"),
             hedged=("Total customers were roughly {n}", "About {n} customers", "Around {n} customers in April 2024",
                     "Total customers in April 2024: ~{n}"),
             questioned=("Was it {n}?", "Total customers in April 2024: {n}?"),
             corrected=("Actually it was 361,250.", "Correction: the figure is 351,340.", "Sorry, that is the May figure.")),
        *(Fact(name, affirmed=_total_forms(number)[:6]) for name, number in _WRONG.items()),
        Fact("rounded", affirmed=("We had about 352K customers in April 2024", "Total customers in April 2024: 352,000",
                                  "Roughly 0.35 million customers")),
        Fact("other-period", affirmed=("We had {n} total customers in April 2023", "Total customers in May 2024: {n}",
                                       "{n} customers in Q2 2024")),
        Fact("other-measure", affirmed=("{n} active customers in April 2024", "April 2024 revenue: ${n}",
                                        "We had {n} new customers in April 2024", "{n} customers per month",
                                        "{n} records in April 2024", "The memory holds {n} entries",
                                        "{n} customers a month")),
    ),
    neutral=("@{user}", "I checked my cold memory.", "According to the total-customers-metric entry:",
             "Here's what I found:", "Source: total-customers-metric", "Quick answer:"),
)


def replies(trial: Trial) -> ReplyTask:
    """The facts a reply can state, addressed to the run's own human."""
    user = next(name for name, spec in trial.identities.items() if spec["role"] == "user")
    return replace(REPLIES, fields={"user": user, "n": ANSWER, "n_plain": "352345", "n_space": "352 345",
                                    "n_thin": "352\u202f345"})


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", answer="answer_correct", author="answer_correct",
                 channel="threaded_reply", thread="threaded_reply", reply_before_task="answer_correct",
                 no_reply="answer_correct"),
        wrong_number,
        answer_beside_another_number,
        answer_for_something_else,
        answer_not_asserted,
        answer_rounded,
        answer_only_in_earlier_message,
        answer_given_in_channel,
    ),
    replies=replies,
)
