"""Evidence for interleaved-agent-reports: three scripted reports arriving in any order, the agent's acknowledgements
between them, and one callback with the figure; adversaries for each way the wait, the figure or the wake goes wrong."""
from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import strategies as st

from verifuzz.strategies.adversaries import Broken, adversary, extra_message, generic
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.facts import Facts
from verifuzz.strategies.lookalikes import keyword_questions, named_not_tagged, near_miss_figure
from verifuzz.strategies.realistic import casts, chatter, harmless_tags
from verifuzz.strategies.replies import Fact, ReplyTask, addressed
from verifuzz.strategies.tasks import Task
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers import interleaved_agent_reports as verifier

# The task's facts, written here as the task states them (not taken from the verifier, so that a verifier
# expecting anything else is caught).
HUMAN = "Nora Isabel Grant"
REPORTERS = ("Ledger Scout", "Risk Sentinel", "Ops Forecaster")
DIRECTORY = tuple((name, "bot") for name in REPORTERS)
# What the harness posts under each label, by whom.
SCRIPTED = {
    "ledger-report": ("Ledger Scout", "Ledger report: North 17, South 23."),
    "risk-report": ("Risk Sentinel", "Risk report: hold a reserve of 11."),
    "operations-report": ("Ops Forecaster", "Operations report: apply a multiplier of 3."),
}
ANSWER = "87"
PROMPT = (
    "Ledger Scout, Risk Sentinel and Ops Forecaster will each post a report in this thread. Once all three are in, "
    "work out (North + South \u2212 reserve) \u00d7 multiplier from them and reply here with the final figure."
)
FACTS = Facts(verifier.TASK.name, PROMPT, human=HUMAN, directory=DIRECTORY)
# How a correct agent gives the figure; `{first}` is the human's first name.
REPLIES = (
    "The final figure is 87.",
    "All three reports are in: (17 + 23 \u2212 11) \u00d7 3 = 87.",
    "Hi {first},\nNorth 17 + South 23 \u2212 reserve 11 = 29\n29 \u00d7 3 = 87\nThe final figure is **87**.",
    "@{user} Final figure: 87",
    "87",
    "Based on the three reports, the total comes to 87.",
    "Inputs: North 17, South 23, reserve 11, multiplier 3.\n(North + South \u2212 reserve) \u00d7 multiplier = (17 + 23 \u2212 11) \u00d7 3 = 87.",
    "Here's the calculation:\n- 17 + 23 = 40\n- 40 - 11 = 29\n- 29 x 3 = 87\n\nSo the final figure is 87. Let me know if you need anything else.",
    "Thanks! With all three reports in, the result is 87.",
    "Final figure: `87` (north 17, south 23, reserve 11, multiplier 3)",
)
ACKNOWLEDGEMENTS = (
    "Got the {report}; waiting on the other reports.", "Thanks, {report} received.", "Noted. Waiting for the rest.",
    "{report} is in.", "On it: I'll reply once all three reports are in.",
)


def directory_of(cast: Cast) -> list[dict[str, Any]]:
    return [{"name": name, "role": role, "pubkey": cast.key("directory", name)} for name, role in DIRECTORY]


def first_name(user: str) -> str:
    return user.split(" ")[0]


def trial(cast: Cast = Cast(user_name=HUMAN), reply: str | None = None) -> Trial:
    """A correct run: the human posts the task, the three reports arrive in her thread, and the agent replies there
    once, p-tagging her, with the figure."""
    root = cast.key("task-event")
    events = [event(root, cast.user, cast.at(0), PROMPT, [["h", cast.channel]])]
    scripted = []
    for tick, (label, (reporter, text)) in enumerate(SCRIPTED.items(), 1):
        report = cast.key("report", label)
        events.append(event(report, cast.key("directory", reporter), cast.at(tick), text, reply_tags(cast.channel, root)))
        scripted.append({"label": label, "event_id": report})
    content = REPLIES[0] if reply is None else reply
    events.append(event(cast.key("reply"), cast.agent, cast.at(len(SCRIPTED) + 1), content,
                        reply_tags(cast.channel, root, cast.user)))
    return Trial(task_name=verifier.TASK.name, trial=cast.trial_info(), identities=cast.identities(), events=events,
                 task_event_id=root, directory=directory_of(cast), scripted_events=scripted,
                 quotable=[ANSWER, "the final figure", "(17 + 23 \u2212 11) \u00d7 3", "North 17, South 23"])


def report_event(trial: Trial, label: str) -> dict[str, Any]:
    event_id = next(s["event_id"] for s in trial.scripted_events if s["label"] == label)
    return next(e for e in trial.events if e["id"] == event_id)


@st.composite
def witnesses(draw: st.DrawFn) -> Trial:
    """Correct runs: varied keys, ids and clock; the reports in any order, in the thread or at the top level, with
    the agent's acknowledgements (which notify nobody) between them; the figure in varied wording; the scripted
    events listed in any order; chatter and harmless tags."""
    cast = draw(casts(user_name=HUMAN))
    rng = Random(draw(st.integers(0, 2**32 - 1)))  # one draw for every choice below
    template = rng.choice(REPLIES)
    run = trial(cast, template.format(first=first_name(cast.user_name), user=cast.user_name))
    root = run.task_event_id or ""
    final = run.final()
    order = rng.sample(list(SCRIPTED), len(SCRIPTED))
    clock = run.events[0]["created_at"]
    for label in order:
        clock += rng.randint(1, 40)
        report = report_event(run, label)
        report["created_at"] = clock
        if rng.random() < 0.3:
            report["tags"] = [["h", run.channel]]  # the harness may post a report at the top level
        if rng.random() < 0.3 and label != order[-1]:
            clock += rng.randint(1, 5)
            ack = rng.choice(ACKNOWLEDGEMENTS).format(report=label.replace("-", " "))
            run.events.append(event(hex64("ack", run.channel, label), run.agent, clock, ack, reply_tags(run.channel, root)))
    final["created_at"] = clock + rng.randint(1, 60)
    final["tags"] += draw(harmless_tags())
    rng.shuffle(run.scripted_events)
    return chatter(draw, run)


# ---- the reports ---------------------------------------------------------------------------------------------


@adversary("the export lists no scripted events (an older exporter), or leaves a report's label out",
           zeroes="reports_delivered")
def scripted_events_missing(rng: Random, trial: Trial) -> Broken:
    if rng.random() < 0.5:
        trial.scripted_events = []
    else:
        trial.scripted_events.remove(rng.choice(trial.scripted_events))
    return trial


@adversary("a report's label names no exported message, a message of another kind, or is listed twice",
           zeroes="reports_delivered")
def report_label_unresolved(rng: Random, trial: Trial) -> Broken:
    scripted = rng.choice(trial.scripted_events)
    change = rng.choice(["ghost", "twice", "kind"])
    if change == "ghost":
        scripted["event_id"] = hex64("ghost-report", rng.random())
    elif change == "twice":
        trial.scripted_events.append({"label": scripted["label"], "event_id": trial.final()["id"]})
    else:
        report_event(trial, scripted["label"])["kind"] = rng.choice([1, 7, 1111])
    return trial


@adversary("a report is signed by someone other than its reporter: the orchestrator writing it itself, another "
           "reporter, or a stranger", zeroes="reports_delivered")
def report_by_someone_else(rng: Random, trial: Trial) -> Broken:
    label = rng.choice(list(SCRIPTED))
    others = [entry["pubkey"] for entry in trial.directory if entry["name"] != SCRIPTED[label][0]]
    report_event(trial, label)["pubkey"] = rng.choice([trial.agent, *others, hex64("stranger", rng.random())])
    return trial


@adversary("a report carries other figures than the task's, or none, or sits in another channel",
           zeroes="reports_delivered")
def report_altered(rng: Random, trial: Trial) -> Broken:
    report = report_event(trial, rng.choice(list(SCRIPTED)))
    change = rng.choice(["figure", "empty", "channel"])
    if change == "channel":
        report["tags"] = [["h", hex64("elsewhere", rng.random())], *(t for t in report["tags"] if t[0] != "h")]
    elif change == "empty":
        report["content"] = rng.choice(["Report attached.", "See dashboard.", "(report pending)"])
    else:
        number = next(n for n in ("17", "23", "11", "3") if f" {n}" in report["content"])
        report["content"] = report["content"].replace(f" {number}", f" {int(number) + rng.randint(1, 9)}", 1)
    return trial


@adversary("a reporter is missing from the directory or listed twice", zeroes="evidence_complete")
def reporter_not_in_directory(rng: Random, trial: Trial) -> Broken:
    entry = rng.choice(trial.directory)
    if rng.random() < 0.5:
        trial.directory.remove(entry)
    else:
        trial.directory.append({**entry, "pubkey": hex64("twin", entry["name"])})
    return trial


# ---- waiting for every report ---------------------------------------------------------------------------------


@adversary("the figure went out before the last report arrived (a guess, or a partial sum)", zeroes="inputs_complete")
def answered_before_last_report(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    late = max((report_event(trial, label) for label in SCRIPTED), key=lambda e: e["created_at"])
    late["created_at"] = final["created_at"] + rng.choice([0, 1, 5, 60])  # the same second cannot prove the order
    return trial


# ---- the figure -----------------------------------------------------------------------------------------------

WRONG_FIGURES = (
    "29", "40", "153", "84", "86", "88", "90", "7", "49", "58", "120", "261", "870", "8.7", "87.5", "1,087",
)
WRONG_REPLIES = (
    "The final figure is {n}.", "Final figure: {n}", "{n}", "(17 + 23 \u2212 11) \u00d7 3 = {n}", "The total comes to {n}.",
    "All three reports are in: the result is {n}.",
)
GAMING_REPLIES = (
    "The final figure is 87 or 29.", "87 (or 153 if the reserve is added).", "Final figure: 87. Without the multiplier: 29.",
    "The final figure is 87, maybe 88.", "(17 + 23 \u2212 11) \u00d7 3 = 84, so 87.", "North 17 + South 23 = 41\nFinal figure: 87",
    "North 23, South 17, reserve 11, multiplier 3: the final figure is 87.", "87 87 87", "The final figure is 87?",
    "Final figure: 87 \u2014 once the risk report is confirmed.", "I'd say 87.", "Not 87; it is 29.",
    "The final figure is 87.\nCorrection: 29.", "The answer is 8 7.", "The final figure is eighty-eight.",
    "(North + South \u2212 reserve) \u00d7 multiplier", "17 + 23 = 40, 40 \u2212 11 = 29, 29 \u00d7 3 = 87 \u00d7 1 = 87 + 1",
)


@adversary("the reply gives a wrong figure: the multiplier or reserve forgotten or misapplied, an arithmetic slip, "
           "another format", zeroes="answer_correct")
def wrong_figure(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice(WRONG_REPLIES).format(n=rng.choice(WRONG_FIGURES))
    return trial


@adversary("the reply hedges its bets: several figures, false working, swapped inputs, a question, a condition or "
           "a correction around 87", zeroes="answer_correct")
def figure_gamed(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice(GAMING_REPLIES)
    return trial


@adversary("the figure went out in an earlier message; the final reply only says it was sent", zeroes="answer_correct")
def figure_only_in_earlier_message(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    extra_message(trial, final["content"], reply_tags(trial.channel, trial.task_event_id or ""), tick=-1)
    final["created_at"] = trial.last_time() + 1
    final["content"] = rng.choice(["Done.", "Posted above.", "See my previous message.", "All set."])
    return trial


# ---- the callback ---------------------------------------------------------------------------------------------


@adversary("an acknowledgement before the figure also notifies the human, by a p tag or an @ wake", zeroes="single_human_callback")
def human_called_twice(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    user = next(name for name, spec in trial.identities.items() if spec["role"] == "user")
    tags = reply_tags(trial.channel, trial.task_event_id or "", trial.user)
    text = rng.choice(["Got the ledger report, waiting on the rest.", "On it.", "Two of three reports are in."])
    if rng.random() < 0.4:
        tags, text = tags[:-1], rng.choice([f"@{user} ", f"\uff20{user} ", f"@{user.upper()}\n"]) + text
    extra_message(trial, text, tags, pubkey=None, tick=-1)
    final["created_at"] = trial.last_time() + 1
    return trial


@adversary("the final reply names the human in text but carries no p tag for her", zeroes="single_human_callback")
def human_not_p_tagged(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    user = next(name for name, spec in trial.identities.items() if spec["role"] == "user")
    final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]
    if rng.random() < 0.7:
        final["content"] = rng.choice([f"@{user} ", f"Hi {first_name(user)}, "]) + final["content"]
    return trial


@adversary("the final reply p-tags someone besides the human and the reporters, or the human only in a reaction",
           zeroes="single_human_callback")
def callback_misdirected(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    if rng.random() < 0.5:
        final["tags"].append(["p", rng.choice([hex64("stranger", rng.random()), trial.agent])])
    else:
        final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]
        reaction = extra_message(trial, "+", [["e", trial.task_event_id or ""], ["h", trial.channel], ["p", trial.user]], tick=-1)
        reaction["kind"] = 7
        final["created_at"] = trial.last_time() + 1
    return trial


# ---- the reporters --------------------------------------------------------------------------------------------


@adversary("the orchestrator p-tags a reporter again: a thank-you, a nudge for a late report, or cc on the figure",
           zeroes="reporters_not_rementioned")
def reporter_p_tagged(rng: Random, trial: Trial) -> Broken:
    reporter = rng.choice(trial.directory)
    if rng.random() < 0.5:
        trial.final()["tags"].append(["p", reporter["pubkey"]])
    else:
        final = trial.final()
        text = rng.choice(["Waiting on your report.", "Thanks for the report.", "Could you resend?"])
        extra_message(trial, text, [*reply_tags(trial.channel, trial.task_event_id or ""), ["p", reporter["pubkey"]]], tick=-1)
        final["created_at"] = trial.last_time() + 1
    return trial


@adversary("the orchestrator wakes a reporter by writing @ and its name, in any presentation", zeroes="reporters_not_rementioned")
def reporter_woken_in_text(rng: Random, trial: Trial) -> Broken:
    name = rng.choice(REPORTERS)
    shown = rng.choice([name, name.upper(), name.replace(" ", "\u00a0"), name.replace(" ", "  ")])
    wake = rng.choice(["@", "\uff20", "@ "]) + shown
    final = trial.final()
    if rng.random() < 0.5:
        final["content"] = f"{final['content']}\ncc {wake}"
    else:
        extra_message(trial, f"{wake} are you posting your report?", reply_tags(trial.channel, trial.task_event_id or ""), tick=-1)
        final["created_at"] = trial.last_time() + 1
    return trial


# ---- labelled replies ----------------------------------------------------------------------------

REPLY_FACTS = ReplyTask(
    answer=("figure",),
    facts=(
        Fact("figure",
             affirmed=("The final figure is 87", "Final figure: 87", "87", "(17 + 23 \u2212 11) \u00d7 3 = 87",
                       "The total comes to 87", "All three reports are in: the result is 87", "Final figure: **87**",
                       "North 17 + South 23 \u2212 reserve 11 = 29, and 29 \u00d7 3 = 87", "It's 87",
                       "Based on the three reports, the final figure is 87", "(17 + 23 - 11) x 3 = 87"),
             negated=("The final figure is not 87", "It isn't 87", "The final figure is no longer 87", "87 is not the total"),
             future=("The final figure will be 87", "I'll post 87 once the last report is in", "It should come to 87"),
             hedged=("Roughly 87", "About 87, give or take", "Around 87", "87-ish"),
             questioned=("Is the final figure 87?", "87, or should it be 29?"),
             corrected=("Correction: the final figure is 29", "Actually it's 153", "Update: 84, not 87")),
        Fact("no-multiplier", affirmed=("The final figure is 29", "17 + 23 \u2212 11 = 29, so the total is 29")),
        Fact("reserve-added", affirmed=("The final figure is 153", "(17 + 23 + 11) \u00d7 3 = 153")),
        Fact("partial-sum", affirmed=("The total so far is 40", "The final figure is 40")),
        # True working: a step of the task's own computation, which a correct reply may show.
        Fact("working", affirmed=("North + South = 40", "17 + 23 = 40", "40 \u2212 11 = 29"),
             negated=("North + South is not 40", "17 + 23 isn't 40")),
        Fact("slip", affirmed=("The final figure is 84", "(17 + 23 \u2212 11) \u00d7 3 = 84", "Final figure: 88")),
        Fact("swapped-inputs", affirmed=("North 23, South 17", "Reserve 3, multiplier 11")),
    ),
    consistent=("working",),
    neutral=("@{user}", "All three reports are in.", "Here's the calculation:", "Based on the three reports:",
             "Inputs: North 17, South 23, reserve 11, multiplier 3."),
)


replies = addressed(REPLY_FACTS)  # the facts a reply can state, addressed to the run's own human


# ---- look-alikes ---------------------------------------------------------------------------------------------------

near_miss_total = near_miss_figure((int(ANSWER),), 0, Trial.final, lambda trial, value, wrong: f"The final figure is {wrong}.",
                                   "answer_correct")
full_name_text_not_tagged = named_not_tagged(Trial.final, "single_human_callback")
keyword_question = keyword_questions(
    ("Should I send the final figure now?", "Which report should I wait for before the final figure?",
     "Is the final figure (17 + 23 \u2212 11) \u00d7 3?", "Do you want the reserve subtracted before the multiplier?"),
    ("Should I {word} the final figure?", "Which report should I {word}?"), "answer_correct")


TASK = Task(
    verifier=verifier,
    facts=FACTS,
    trial=trial,
    witnesses=witnesses,
    adversaries=(
        *generic(evidence="evidence_complete", answer="answer_correct", author="answer_correct",
                 channel="reply_to_thread", thread="reply_to_thread", reply_before_task="answer_correct",
                 no_reply="answer_correct"),
        scripted_events_missing,
        report_label_unresolved,
        report_by_someone_else,
        report_altered,
        reporter_not_in_directory,
        answered_before_last_report,
        wrong_figure,
        figure_gamed,
        figure_only_in_earlier_message,
        human_called_twice,
        human_not_p_tagged,
        callback_misdirected,
        reporter_p_tagged,
        reporter_woken_in_text,
        near_miss_total,
        full_name_text_not_tagged,
        keyword_question,
    ),
    replies=replies,
)
