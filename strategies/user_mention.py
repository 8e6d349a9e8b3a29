"""Evidence for user-mention: the licensing total in varied wording, handed back to John Vincent Doe with a p tag,
and the ways a mention is only text, wakes someone else, or the sum goes wrong."""
from __future__ import annotations

from random import Random

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import Broken, adversary, extra_message, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.lookalikes import keyword_questions, named_not_tagged, near_miss_figure
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.replies import Fact, ReplyTask, addressed
from verifuzz.strategies.tasks import Task
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers import user_mention as verifier

# The task's facts, written here as the task states them (not taken from the verifier, so that a verifier expecting
# another total or human is caught): 12 licences x $37 a month x 12 months.
HUMAN = "John Vincent Doe"
TOTAL = 12 * 37 * 12  # 5,328
PROMPT = ("We need 12 licences of the design tool at $37 per licence per month. What will the licences cost us in total "
          "for 12 months?")
FACTS = Facts(verifier.TASK.name, PROMPT, human=HUMAN)
# How a correct reply states the total (`{v}` is the amount) and what may surround it.
STATEMENTS = (
    "The total is {v}.", "Total: {v}", "Total cost for 12 months: {v}", "That comes to {v} for the year.",
    "12 licences \u00d7 $37 \u00d7 12 months = {v}", "12 \u00d7 $37/month \u00d7 12 = {v}", "$37 x 12 licenses x 12 months = {v}",
    "It's {v} per year.", "{v} in total.", "The annual licensing cost is {v}.", "The licences cost {v} for 12 months.",
    # Forms that end on another number than the total: a reader that takes only the last number refuses them.
    "{v} for 12 licences over 12 months.", "The 12 licences cost {v} over 12 months.", "It comes to {v} for 12 licences.",
    "The total is {v} for 12 months.",
    "Annual cost: {v}", "{v}",
)
OPENINGS = ("@John Vincent Doe", "Hi John,", "Hi John Vincent Doe,", "@John Vincent Doe,", "Sure!", "Hello!")
BASES = ("At $37 per licence per month for 12 licences over 12 months,", "Here's the math:", "For 12 licences at $37/month each:")
CLOSINGS = ("Let me know if you need anything else.", "Hope this helps!", "Thanks!", "Cheers")


def spellings() -> tuple[str, ...]:
    """The ways a correct reply writes the total: with or without `$`, a comma, cents or `USD`, and one off either way."""
    return (f"${TOTAL:,}", f"{TOTAL:,}", f"${TOTAL}", f"${TOTAL:,}.00", f"{TOTAL:,} USD", f"USD {TOTAL:,}",
            f"**${TOTAL:,}**", f"${TOTAL - 1:,}", f"${TOTAL + 1:,}", f"{TOTAL:,} dollars")


ANSWER = f"@{HUMAN} The total is ${TOTAL:,}."


def trial(cast: Cast = Cast(user_name=HUMAN), reply: str | None = None) -> Trial:
    """A correct run: the human asks for the sum and the agent answers in her thread, p-tagging her."""
    root = cast.key("task-event")
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(cast.key("reply"), cast.agent, cast.at(1), ANSWER if reply is None else reply,
              reply_tags(cast.channel, root, cast.user)),
    ]
    return Trial(task_name=verifier.TASK.name, trial=cast.trial_info(), identities=cast.identities(), events=events,
                 task_event_id=root, quotable=[f"${TOTAL:,}", ANSWER, "the licence total", f"@{HUMAN}"])


def answer(rng: Random) -> str:
    """A correct reply: the total in a drawn form and spelling, with an optional opening, basis and closing."""
    text = rng.choice(STATEMENTS).format(v=rng.choice(spellings()))
    if rng.random() < 0.3:
        text = rng.choice(BASES) + rng.choice([" ", "\n"]) + (text[0].lower() + text[1:] if text[:1] == "T" else text)
    if rng.random() < 0.7:
        text = rng.choice(OPENINGS) + rng.choice([" ", "\n", "\n\n"]) + text
    if rng.random() < 0.3:
        text += (rng.choice([" ", "\n"]) if text[-1] in ".!" else "\n") + rng.choice(CLOSINGS)
    return text


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs: the human with varied keys, ids and clock; the total in varied wording and spelling; the reply
    threaded or top-level (the task does not score threading), its p tag anywhere among its tags; chatter."""
    cast = draw(casts(user_name=HUMAN))
    rng = Random(draw(st.integers(0, 2**32 - 1)))  # one draw for the wording: the choices below cost nothing to shrink
    run = trial(cast, answer(rng))
    final = run.final()
    if rng.random() < 0.2:
        final["tags"] = [tag for tag in final["tags"] if tag[0] != "e"]
    if rng.random() < 0.2:
        final["tags"].append(["p", cast.user])  # a client may repeat the human's tag
    final["tags"] += draw(harmless_tags())
    return chatter(draw, run)


# ---- user_p_tagged ---------------------------------------------------------------------------------------------------


def _without_p(trial: Trial) -> dict:
    final = trial.final()
    final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]
    return final


@adversary("the human is named in the text (`@John Vincent Doe`, a first name, a greeting) but carries no p tag",
           zeroes="user_p_tagged")
def user_named_not_tagged(rng: Random, trial: Trial) -> Broken:
    final = _without_p(trial)
    body = final["content"].replace(f"@{HUMAN}", "").strip() or f"The total is ${TOTAL:,}."
    final["content"] = rng.choice([f"@{HUMAN} ", f"@{HUMAN}\n", "@John ", "Hi John, ", f"Hi {HUMAN}, ", ""]) + body
    return trial


@adversary("the p tag names someone else instead of or beside the human: a stranger, the agent, a namesake",
           zeroes="user_p_tagged")
def p_tag_to_someone_else(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    other = rng.choice([hex64("stranger", rng.random()), trial.agent, hex64("john-doe-namesake", rng.random())])
    if rng.random() < 0.5:
        _without_p(trial)
    final["tags"].insert(rng.randint(0, len(final["tags"])), ["p", other])
    return trial


@adversary("the p tag looks right but is not the human's pubkey as written: upper case, cut short, padded, a name, "
           "or under another tag name", zeroes="user_p_tagged")
def lookalike_p_tag(rng: Random, trial: Trial) -> Broken:
    final = _without_p(trial)
    key = trial.user
    final["tags"].append(rng.choice([["p", key.upper()], ["p", key[:-1]], ["p", f" {key}"], ["p", HUMAN],
                                     ["P", key], ["mention", key], ["p", f"npub-{key}"], ["t", key]]))
    return trial


@adversary("an earlier message p-tags the human; the final reply with the total does not", zeroes="user_p_tagged")
def user_tagged_only_earlier(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    extra_message(trial, rng.choice(["On it.", "Working on it.", "One moment."]),
                  reply_tags(trial.channel, trial.task_event_id or "", trial.user), tick=-1)
    final["created_at"] = trial.last_time() + 1
    _without_p(trial)
    return trial


# ---- three_word_user -------------------------------------------------------------------------------------------------


@adversary("the seeded human does not have a three-word name, so the task tests no multi-word identity",
           zeroes="three_word_user")
def not_a_three_word_user(rng: Random, trial: Trial) -> Broken:
    name = rng.choice(["John", "John Doe", "JohnVincentDoe", "John Vincent Doe Jr", "John-Vincent Doe", "J. V. D. Doe"])
    trial.identities = {(name if spec["role"] == "user" else key): spec for key, spec in trial.identities.items()}
    return trial


# ---- answer_correct --------------------------------------------------------------------------------------------------

# What a careless sum gives: one month, one licence for a year, 11 or 13 months, a digit slip or transposition.
MISTAKES = (444, 4_884, 5_772, 5_382, 5_238, 5_330, 5_326, 53_280, 532, 4_440, 144, 5_000)


@adversary("the total is computed wrongly: a month's cost, a licence's year, 11 or 13 months, a slip or a transposition",
           zeroes="answer_correct")
def wrong_total(rng: Random, trial: Trial) -> Broken:
    wrong = rng.choice([*MISTAKES, TOTAL + rng.choice([-1, 1]) * rng.randint(2, 3000)])
    trial.final()["content"] = f"@{HUMAN} " + rng.choice(STATEMENTS).format(v=rng.choice([f"${wrong:,}", f"{wrong:,}"]))
    return trial


@adversary("the right total with another number beside it: a false monthly cost or share, a step the sum never takes, "
           "an alternative, or the month's cost called the total", zeroes="answer_correct")
def extra_numbers(rng: Random, trial: Trial) -> Broken:
    extra = rng.choice(["That's $454 per month.", "Each licence costs $434 a year.", "(Or $5,772 if billed for 13 months.)",
                        "12 \u00d7 $37 = $434 per month; \u00d7 12 = $5,328.", "Monthly: $448", "That's 144 licence-months.",
                        "The total is $444.", "Annual total: $444"])
    parts = [ANSWER, extra]
    rng.shuffle(parts)
    trial.final()["content"] = rng.choice(["\n", " "]).join(parts)
    return trial


@adversary("several candidate totals, hoping one of them is read", zeroes="answer_correct")
def candidate_totals(rng: Random, trial: Trial) -> Broken:
    pair = rng.sample([f"${TOTAL:,}", f"${rng.choice(MISTAKES):,}"], 2)
    trial.final()["content"] = f"@{HUMAN} The total is " + rng.choice(
        [f"{pair[0]} or {pair[1]}", f"{pair[0]} / {pair[1]}", f"between {pair[0]} and {pair[1]}", f"{pair[0]}-{pair[1]}",
         f"{pair[0]} (maybe {pair[1]})"]) + "."
    return trial


@adversary("the total went out in an earlier message; the final reply only hands the turn back", zeroes="answer_correct")
def total_only_in_earlier_message(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    extra_message(trial, f"The total is ${TOTAL:,}.", [["h", trial.channel]], tick=-1)
    final["created_at"] = trial.last_time() + 1
    final["content"] = rng.choice([f"@{HUMAN} done, see above.", f"@{HUMAN}", f"@{HUMAN} All set.", "Posted above."])
    return trial


near_miss_total = near_miss_figure((TOTAL,), 1, Trial.final, lambda trial, value, wrong: f"@{HUMAN} The total is ${wrong:,}.",
                                   "answer_correct")
full_name_text_not_tagged = named_not_tagged(Trial.final, "user_p_tagged")
keyword_question = keyword_questions(
    ("What total should I quote for the 12 licences?", "Should I total 12 licences at $37 for 12 months?",
     "Do you want the total for 12 months or for one?", "Which licences should I total?"),
    ("Should I {word} the total for the 12 licences?", "Which total should I {word}?"), "answer_correct")


# ---- labelled replies ------------------------------------------------------------------------------------------------
#
# The answer is the total, affirmed in any of its forms and spellings; the wrong facts are what a careless sum gives,
# and the right total with the monthly cost beside it.


def _forms(value: str | None = None) -> tuple[str, ...]:
    amounts = spellings() if value is None else (value,)
    return tuple(statement.format(v=amount).rstrip(".") for statement in STATEMENTS for amount in amounts)


REPLIES = ReplyTask(
    answer=("total",),
    facts=(
        Fact("total", affirmed=_forms(),
             negated=(f"The total is not ${TOTAL:,}", f"The total isn't ${TOTAL:,}", f"It's not ${TOTAL:,}",
                      f"Total: not ${TOTAL:,}"),
             # What the licences will cost is the task's own future: a promise or a condition does not state it.
             future=(f"The total will be ${TOTAL:,} once the vendor confirms", f"I'll confirm the total (${TOTAL:,}) shortly",
                     f"It would be ${TOTAL:,} if the price holds"),
             hedged=(f"The total should be around ${TOTAL:,}, but double-check", f"Roughly ${TOTAL:,}, I think"),
             questioned=(f"Is the total ${TOTAL:,}?", f"${TOTAL:,}?"),
             corrected=("Actually, I counted 13 months.", "Correction: that was per licence.")),
        Fact("one-month", affirmed=_forms("$444")),
        Fact("one-licence", affirmed=_forms("$444") + _forms("$4,440")),
        Fact("other-months", affirmed=_forms("$4,884") + _forms("$5,772")),
        Fact("slip", affirmed=_forms("$5,382") + _forms("$5,330") + _forms("$5,238")),
        Fact("monthly-beside", affirmed=("That's $444 per month", "Monthly: $444", "Each licence costs $444 a year")),
        # The right amount given as another quantity: a licence's share, a month's, each seat's.
        Fact("total-as-share", affirmed=tuple(form.format(v=amount) for amount in spellings() for form in (
            "{v} per licence", "Each licence costs {v}", "{v} a month", "The cost is {v} per seat", "{v} every month",
            "That's {v} for each licence", "{v} per month", "The licence price is {v}", "{v} a licence", "Price: {v}"))),
    ),
    neutral=("@{user}", "Here's the math:", "At $37 per licence per month for 12 licences over 12 months,"),
    consistent=("monthly-beside",),  # a true step of the sum beside the total
)


replies = addressed(REPLIES)  # the facts a reply can state, addressed to the run's own human


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", answer="answer_correct", author="expected_author",
                 channel="same_channel", thread=None, reply_before_task="answer_correct", no_reply="answer_correct"),
        user_named_not_tagged,
        p_tag_to_someone_else,
        lookalike_p_tag,
        user_tagged_only_earlier,
        not_a_three_word_user,
        wrong_total,
        extra_numbers,
        candidate_totals,
        total_only_in_earlier_message,
        near_miss_total,
        full_name_text_not_tagged,
        keyword_question,
    ),
    replies=replies,
)
