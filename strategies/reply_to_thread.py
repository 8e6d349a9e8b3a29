"""Evidence for reply-to-thread: the three projection figures in varied wording and spelling, and the ways a reply
leaves the thread or gets a figure wrong."""
from __future__ import annotations

from random import Random

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import Broken, adversary, extra_message, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.lookalikes import near_miss_figure
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.replies import Fact, ReplyTask, addressed
from verifuzz.strategies.tasks import Task
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers import reply_to_thread as verifier

# The task's facts, written here as the task states them (not taken from the verifier, so that a verifier expecting
# other figures is caught): month-0 revenue $120,000 growing 5% a month, expenses $75,000 growing 2% a month,
# compounded over months 1-6. The human is not fixed by the task.
PROMPT = (
    "Quick projection, please. Month-0 revenue is $120,000 and grows 5% per month; expenses start at $75,000 and "
    "grow 2% per month. Compounding monthly over months 1-6, what are month-6 revenue, month-6 expenses, and the "
    "cumulative operating profit for months 1-6?"
)
FACTS = Facts(verifier.TASK.name, PROMPT)
# Each figure exactly, then as the task rounds it.
EXACT = {"revenue": 120_000 * 1.05**6, "expenses": 75_000 * 1.02**6,
         "profit": sum(120_000 * 1.05**m - 75_000 * 1.02**m for m in range(1, 7))}
ROUNDED = {figure: round(value) for figure, value in EXACT.items()}  # 160,811 / 84,462 / 374,470
# How a correct reply names each figure (all forms a person writes; `{v}` is the amount).
LABELS = {
    "revenue": ("Month-6 revenue: {v}", "Revenue in month 6 is {v}", "Revenue (month 6): {v}", "Month 6 revenue = {v}",
                "Projected month-6 revenue: {v}", "Revenue: {v}", "Revenue grows to {v} by month 6",
                "{v} in month-6 revenue", "Month six revenue comes to {v}"),
    "expenses": ("Month-6 expenses: {v}", "Expenses in month 6 are {v}", "Expenses (month 6): {v}",
                 "Month 6 expenses = {v}", "Operating expenses in month 6: {v}", "Expenses: {v}",
                 "Expenses reach {v} by month 6", "Month-6 costs: {v}"),
    "profit": ("Cumulative operating profit (months 1-6): {v}", "Cumulative operating profit: {v}",
               "Total operating profit over months 1\u20136: {v}", "Cumulative profit over the six months is {v}",
               "Six-month cumulative operating profit = {v}", "Cumulative operating profit for months 1 to 6 comes to {v}",
               "Total profit across the 6 months: {v}"),
}
BASES = (
    "Based on revenue of $120,000 growing 5% per month and expenses of $75,000 growing 2% per month, compounded monthly:",
    "Starting revenue $120,000 growing 5% a month; expenses $75,000 growing 2% a month.",
    "Here's the six-month projection:", "Month 6:", "Here are the figures:",
)
NOTES = ("Figures are rounded to the nearest dollar.", "(Rounded to the nearest dollar.)", "Let me know if you need anything else.",
         "Hope this helps!", "Cheers")


def spellings(figure: str) -> tuple[str, ...]:
    """The ways a correct reply writes `figure`: with or without `$`, commas, cents or `USD`, and one off either way."""
    whole, cents = ROUNDED[figure], f"{EXACT[figure]:,.2f}"
    return (f"${whole:,}", f"{whole:,}", f"${cents}", f"{whole:,} USD", f"USD {whole:,}", f"${whole}", f"${whole - 1:,}",
            f"${whole + 1:,}", f"about ${whole:,}", f"**${whole:,}**", f"`{whole:,}`")


PREFERRED = {figure: f"${value:,}" for figure, value in ROUNDED.items()}
ANSWER = "\n".join(LABELS[figure][0].format(v=PREFERRED[figure]) for figure in ("revenue", "expenses", "profit"))


def trial(cast: Cast = Cast(), reply: str | None = None) -> Trial:
    """A correct run: the human asks for the projection and the agent answers with the three figures in her thread."""
    root = cast.key("task-event")
    events = [
        event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]]),
        event(cast.key("reply"), cast.agent, cast.at(1), ANSWER if reply is None else reply, reply_tags(cast.channel, root)),
    ]
    return Trial(task_name=verifier.TASK.name, trial=cast.trial_info(), identities=cast.identities(), events=events,
                 task_event_id=root, quotable=[PREFERRED["revenue"], ANSWER, "the six-month projection", "$120,000"])


def answer(rng: Random, user: str) -> str:
    """A correct reply: the three figures in a drawn order, each labelled and spelled its own way, one a line or
    joined in a sentence, with an optional greeting, restated basis and note."""
    order = rng.sample(("revenue", "expenses", "profit"), 3)
    parts = [rng.choice(LABELS[figure]).format(v=rng.choice(spellings(figure))) for figure in order]
    bullet = rng.choice(["", "", "- ", "* ", "\u2022 ", "1. "])
    if rng.random() < 0.3:
        body = rng.choice(["; ", ", "]).join(parts[:2]) + rng.choice([", and ", " and ", "; "]) + parts[2] + "."
    else:
        body = "\n".join(bullet + part for part in parts)
    lines = [body]
    if rng.random() < 0.4:
        lines.insert(0, rng.choice(BASES))
    if rng.random() < 0.3:
        lines.insert(0, rng.choice([f"Hi {user.split()[0]},", f"@{user}", "Sure!", "Hello!"]))
    if rng.random() < 0.3:
        lines.append(rng.choice(NOTES))
    return rng.choice(["\n", "\n\n"]).join(lines)


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs: varied people, keys and clock; the figures in varied order, labels and spellings; the human
    p-tagged or not; chatter and harmless tags."""
    cast = draw(casts())
    rng = Random(draw(st.integers(0, 2**32 - 1)))  # one draw for the wording: the choices below cost nothing to shrink
    run = trial(cast, answer(rng, cast.user_name))
    final = run.final()
    if rng.random() < 0.5:
        final["tags"].append(["p", cast.user])  # the task does not ask for a mention; some agents add one
    if rng.random() < 0.3:
        final["tags"].insert(1, ["e", run.task_event_id or "", "", "root"])  # NIP-10: the root marker beside the reply one
    final["tags"] += draw(harmless_tags())
    return chatter(draw, run)


# ---- answer_correct ------------------------------------------------------------------------------------------------

# What a careless computation gives instead of each figure: simple growth, month 5, month 6's own profit, the
# cumulative sum with month 0 or over months 0-5, two figures swapped, a slip of a few dollars, rounding to thousands.
MISTAKES = {
    "revenue": (156_000, round(120_000 * 1.05**5), 84_462, 161_000, 160_800, 160_813, 160_809, 166_000, 168_852),
    "expenses": (84_000, round(75_000 * 1.02**5), 160_811, 84_000, 84_500, 84_464, 84_460, 86_151),
    "profit": (round(EXACT["revenue"] - EXACT["expenses"]), 419_470, 343_120, 374_000, 374_472, 374_468, 331_000, 74_470),
}


def _with_figures(trial: Trial, values: dict[str, str]) -> Trial:
    """The run's reply restated as one labelled line per figure, with `values` (figure -> amount as written)."""
    trial.final()["content"] = "\n".join(LABELS[figure][0].format(v=value) for figure, value in values.items())
    return trial


@adversary("a figure is computed wrongly: simple growth, the wrong month, the cumulative sum over other months, "
           "two figures swapped, a slip of two dollars or more, or rounded to the thousand", zeroes="answer_correct")
def wrong_figure(rng: Random, trial: Trial) -> Broken:
    values = dict(PREFERRED)
    for figure in rng.sample(list(values), rng.randint(1, 3)):
        values[figure] = rng.choice([f"${v:,}" for v in MISTAKES[figure]] + [f"${ROUNDED[figure] + rng.choice([-1, 1]) * rng.randint(2, 5000):,}"])
    return _with_figures(trial, values)


@adversary("a figure is left out, or stated without saying which it is", zeroes="answer_correct")
def figure_missing(rng: Random, trial: Trial) -> Broken:
    values = dict(PREFERRED)
    dropped = rng.choice(list(values))
    bare = values.pop(dropped)
    _with_figures(trial, values)
    if rng.random() < 0.5:
        trial.final()["content"] += rng.choice(["\n", "\nAnd ", "\nOther: "]) + bare
    return trial


@adversary("the right figures with numbers beside them the projection never computes: another growth rate's month, "
           "a false intermediate or factor, an alternative answer, or a true month's figure named as a figure",
           zeroes="answer_correct")
def extra_numbers(rng: Random, trial: Trial) -> Broken:
    _with_figures(trial, dict(PREFERRED))
    month = rng.randint(1, 5)
    extra = rng.choice([
        f"Month-{month} revenue: ${round(120_000 * 1.04**month):,}",
        f"Month {month}: revenue ${round(120_000 * (1 + 0.05 * month)):,}, expenses ${round(75_000 * 1.03**month):,}",
        f"Month-6 operating profit: ${ROUNDED['revenue'] - ROUNDED['expenses'] + 1_000:,}",
        "(With simple growth, revenue would be $156,000.)",
        f"Growth factor: {1.05**7:.4f}",
        "Revenue: $156,000",
        f"Revenue: ${round(120_000 * 1.05**month):,}",
    ])
    content = trial.final()["content"].split("\n")
    content.insert(rng.randint(0, len(content)), extra)
    trial.final()["content"] = "\n".join(content)
    return trial


@adversary("several candidate values for a figure, hoping one of them is read", zeroes="answer_correct")
def candidate_values(rng: Random, trial: Trial) -> Broken:
    values = dict(PREFERRED)
    figure = rng.choice(list(values))
    other = f"${rng.choice(MISTAKES[figure]):,}"
    pair = rng.sample([values[figure], other], 2)
    values[figure] = rng.choice([f"{pair[0]} or {pair[1]}", f"{pair[0]} / {pair[1]}", f"between {pair[0]} and {pair[1]}",
                                 f"{pair[0]} (maybe {pair[1]})", f"{pair[0]}-{pair[1]}"])
    return _with_figures(trial, values)


@adversary("the figures went out in an earlier message; the final reply only points at them", zeroes="answer_correct")
def figures_only_in_earlier_message(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    extra_message(trial, final["content"], [list(tag) for tag in final["tags"]], tick=-1)
    final["created_at"] = trial.last_time() + 1
    final["content"] = rng.choice(["Done \u2014 see above.", "Posted the projection above.", "All set.", "Here you go."])
    return trial


# ---- reply_to_thread -----------------------------------------------------------------------------------------------


@adversary("the reply names the task event, but another e tag marks a different event as its parent or root",
           zeroes="reply_to_thread")
def second_thread_pointer(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    other = rng.choice([hex64("elsewhere-root", rng.random()), next(e["id"] for e in trial.events if e["pubkey"] != trial.user)])
    final["tags"].append(["e", other, "", rng.choice(["reply", "root"])])
    return trial


@adversary("the agent acknowledges in the thread, then answers as a reply to its own acknowledgement", zeroes="reply_to_thread")
def reply_to_own_message(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    root = trial.task_event_id or ""
    ack = extra_message(trial, rng.choice(["On it.", "Working on the projection.", "One moment."]),
                        reply_tags(trial.channel, root), tick=-1)
    final["created_at"] = trial.last_time() + 1
    final["tags"] = [["h", trial.channel], ["e", root, "", "root"], ["e", ack["id"], "", "reply"]]
    return trial


@adversary("the agent answers in the thread, then posts the figures again as a new top-level message", zeroes="reply_to_thread")
def answer_repeated_top_level(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    extra_message(trial, final["content"], [["h", trial.channel]])
    return trial


# ---- labelled replies ----------------------------------------------------------------------------------------------
#
# The answer is the three figures, each affirmed in any of its labels and spellings; the wrong facts are the figures
# a careless computation gives, and a figure given under another's label.


def _forms(figure: str, value: str | None = None) -> tuple[str, ...]:
    """`figure`'s labels, each with the right amount in each spelling, or with `value`."""
    amounts = spellings(figure) if value is None else (value,)
    return tuple(label.format(v=amount) for label in LABELS[figure] for amount in amounts)


def _fact(figure: str, name: str) -> Fact:
    value = PREFERRED[figure]
    return Fact(figure, affirmed=_forms(figure),
                negated=(f"{name} is not {value}", f"{name} isn't {value}", f"{name}: not {value}", f"{name} is no longer {value}"),
                # A projection's own future ("will be") states it; a promise or a condition does not.
                future=(f"I'll confirm {name.lower()} ({value}) shortly", f"{name} will be {value} if growth holds",
                        f"{name} would be {value} once the rates are confirmed"),
                hedged=(f"{name} is probably {value}", f"{name} should be around {value}, but I'm not certain"),
                questioned=(f"Is {name.lower()} {value}?", f"{name}: {value}?"),
                corrected=("Actually, I used simple growth, so these are off.", f"Correction: {name.lower()} is different."))


REPLIES = ReplyTask(
    answer=("revenue", "expenses", "profit"),
    facts=(
        _fact("revenue", "Month-6 revenue"),
        _fact("expenses", "Month-6 expenses"),
        _fact("profit", "Cumulative operating profit"),
        Fact("simple-growth", affirmed=_forms("revenue", "$156,000") + _forms("expenses", "$84,000")),
        Fact("month-5", affirmed=_forms("revenue", "$153,154") + _forms("expenses", "$82,806")),
        Fact("profit-other-months", affirmed=_forms("profit", "$419,470") + _forms("profit", "$343,120")
             + _forms("profit", "$76,349")),
        Fact("swapped", affirmed=_forms("revenue", "$84,462") + _forms("expenses", "$160,811")),
        Fact("off-by-two", affirmed=_forms("revenue", "$160,813") + _forms("expenses", "$84,460") + _forms("profit", "$374,472")),
        Fact("thousands", affirmed=_forms("revenue", "$161,000") + _forms("profit", "$374,000")),
        Fact("intermediate", affirmed=("Month-5 revenue: $153,154", "Growth factor: 1.3401", "Month-6 operating profit: $76,349")),
    ),
    neutral=("@{user}", *BASES, "Figures are rounded to the nearest dollar."),
    consistent=("intermediate",),  # true steps of the projection beside its figures
)


replies = addressed(REPLIES)  # the facts a reply can state, addressed to the run's own human


# ---- look-alikes ---------------------------------------------------------------------------------------------------


def _near_miss_fallback(trial: Trial, value: int, wrong: int) -> str:
    figures = {figure: PREFERRED[figure] for figure in ("revenue", "expenses", "profit")}
    figures[next(f for f, v in ROUNDED.items() if v == value)] = f"${wrong:,}"
    return "\n".join(LABELS[figure][0].format(v=amount) for figure, amount in figures.items())


near_miss_total = near_miss_figure(tuple(ROUNDED.values()), 1, Trial.final, _near_miss_fallback, "answer_correct")


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", answer="answer_correct", author="expected_author",
                 channel="same_channel", thread="reply_to_thread", reply_before_task="answer_correct",
                 no_reply="answer_correct"),
        wrong_figure,
        figure_missing,
        extra_numbers,
        candidate_values,
        figures_only_in_earlier_message,
        second_thread_pointer,
        reply_to_own_message,
        answer_repeated_top_level,
        near_miss_total,
    ),
    replies=replies,
)
