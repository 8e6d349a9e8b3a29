"""Example tests for the reply-to-thread verifier, scored in-process: each dimension passes and fails on examples."""
from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest

from tests.scoring import Scoring
from verifuzz.strategies.adversaries import wrong_task_name
from verifuzz.strategies.reply_to_thread import ANSWER, PROMPT, trial
from verifuzz.strategies.tasks import TASKS_DIR
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers.claims import read_claims
from verifuzz.verifiers.reply_to_thread import FACTS, FIGURES, TASK, main

DIMENSIONS = ("answer_correct", "reply_to_thread", "same_channel", "expected_author", "evidence_complete")
SCORING = Scoring(TASK, DIMENSIONS)
metrics, passing, failing_only, zeros = SCORING.metrics, SCORING.passing, SCORING.failing_only, SCORING.zeros
HUMAN = "Maya Elise Chen"  # the default cast's human


def with_reply(content: str) -> Trial:
    """A copy of the correct run whose reply says `content`, its tags unchanged."""
    item = trial().copy()
    item.final()["content"] = content
    return item


def reads(content: str) -> bool:
    return read_claims(FACTS, content, HUMAN).answers


def three(revenue: str = "Month-6 revenue: $160,811", expenses: str = "Month-6 expenses: $84,462",
          profit: str = "Cumulative operating profit: $374,470") -> str:
    return "\n".join((revenue, expenses, profit))


# ---- a correct run ---------------------------------------------------------------------------------------------------


def test_the_three_figures_in_the_thread_score_one_on_every_key() -> None:
    """The figures, in the task's thread and channel, signed by the orchestrator, earn 1.0 everywhere."""
    assert metrics(trial()) == passing()


@pytest.mark.parametrize("content", [
    pytest.param(ANSWER, id="one-a-line"),
    pytest.param("Revenue in month 6 is $160,811; expenses in month 6 are $84,462; cumulative profit over the six months "
                 "is $374,470.", id="one-sentence"),
    pytest.param("Month 6 revenue = 160,811 USD, month 6 expenses = USD 84,462, and six-month cumulative operating profit "
                 "= $374,469.76", id="equals-usd-cents"),
    pytest.param(three("Revenue grows to $160,811.48 by month 6", "Expenses reach $84,462.18 by month 6",
                       "Total operating profit over months 1\u20136: about $374,470"), id="grows-reach-range"),
    pytest.param(three("$160,811 in month-6 revenue", "$84,462 of month-6 costs",
                       "$374,470 (rounded) in cumulative profit"), id="amount-first"),
    pytest.param(three("Revenue (month 6): $160,810", "Operating expenses in month 6: $84,463",
                       "Cumulative operating profit (months 1-6): $374,471"), id="one-off"),
    pytest.param(three("Projected month-6 revenue: 160811", "Month six expenses: 84462",
                       "Total profit across the 6 months: 374470"), id="no-separators"),
    pytest.param(three("Revenue: $160,811", "Expenses: $84,462",
                       "Cumulative operating profit for months 1 to 6 comes to $374,470"), id="bare-labels"),
    pytest.param("Based on revenue of $120,000 growing 5% per month and expenses of $75,000 growing 2% per month, "
                 "compounded monthly:\n" + ANSWER, id="inputs-restated"),
    pytest.param("Starting revenue $120,000 growing 5% a month; operating expenses $75,000, growing 2% monthly.\n" + ANSWER,
                 id="inputs-restated-short"),
    pytest.param("Hi Maya, here's the six-month projection:\n\n" + ANSWER + "\n\nFigures are rounded to the nearest "
                 "dollar. Let me know if you need anything else.", id="courtesies"),
    pytest.param("@Maya Elise Chen Month 6:\n- **Revenue:** `$160,811`\n- **Expenses:** `$84,462`\n"
                 "- **Cumulative operating profit (months 1\u20136):** `$374,470`\n(Rounded to the nearest dollar.)",
                 id="markdown"),
    pytest.param("Here are the figures: revenue $160,811, expenses $84,462, cumulative profit $374,470", id="headed-list"),
    pytest.param(three("Month-6 revenue: $160,811") + "\nMonth-6 revenue: $160,812", id="repeated-within-one"),
    pytest.param(three(profit="The cumulative operating profit in the first six months is $374,470"), id="in-the-first-six"),
    pytest.param(three(revenue="M6 revenue: $160,811", expenses="The sixth month's expenses: $84,462"), id="m6"),
    # Working is checked, not banned: month 6's own profit and a growth factor are true steps of the projection.
    pytest.param(three() + "\nMonth-6 operating profit: $76,349", id="true-intermediate"),
    pytest.param(three() + "\nGrowth factor: 1.3401", id="true-factor"),
    # A projection's future is the task's own; a note the reader does not know changes no figure.
    pytest.param(three(revenue="Month-6 revenue will be $160,811"), id="future"),
    pytest.param(three(revenue="Revenues would be $160,811"), id="would-be"),
    pytest.param(three() + "\n(Rounded to the nearest cent.)", id="unknown-note"),
])
def test_natural_answers_pass(content: str) -> None:
    """The figures in any order, label, spelling or layout, with restated inputs and courtesies, earn 1.0."""
    assert metrics(with_reply(content)) == passing()


# ---- answer_correct --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("content", [
    pytest.param(three(revenue="Month-6 revenue: $156,000"), id="simple-growth"),
    pytest.param(three(revenue="Month-6 revenue: $160,813"), id="two-off"),
    pytest.param(three(expenses="Month-6 expenses: $84,460"), id="expenses-two-off"),
    pytest.param(three(profit="Cumulative operating profit: $419,470"), id="with-month-0"),
    pytest.param(three(profit="Cumulative operating profit: $343,120"), id="months-0-5"),
    pytest.param(three(profit="Cumulative operating profit: $374,472"), id="profit-two-off"),
    pytest.param(three("Month-6 revenue: $84,462", "Month-6 expenses: $160,811"), id="swapped"),
    pytest.param(three(revenue="Month-6 revenue: $161,000"), id="thousands"),
    pytest.param(three(revenue="Month-6 revenue: $160.8k"), id="k-suffix"),
    pytest.param(three(profit="Operating profit: $374,470"), id="profit-unqualified"),
    pytest.param(three(revenue="Month-5 revenue: $160,811"), id="other-month"),
    pytest.param("Month-6 expenses: $84,462\nCumulative operating profit: $374,470", id="revenue-missing"),
    pytest.param(three(revenue="Month-6 revenue: $160,811 or $156,000"), id="candidates"),
    pytest.param(three() + "\nGrowth factor: 1.5", id="false-factor"),
    pytest.param(three() + "\nMonth-6 operating profit: $76,000", id="false-intermediate"),
    pytest.param(three(profit="Cumulative operating loss: $374,470"), id="loss"),
    pytest.param(three(revenue="Month-6 revenue is not $160,811"), id="negated"),
    pytest.param(three(revenue="Month-6 revenue: $160,811?"), id="question"),
    pytest.param(three(revenue="I think month-6 revenue is $160,811"), id="hedge"),
    pytest.param(three() + "\nActually, scratch that.", id="retraction"),
    pytest.param("I can't share the projection.", id="refusal"),
    pytest.param("Based on revenue of $125,000 growing 5% per month:\n" + ANSWER, id="wrong-input-restated"),
    pytest.param("Based on revenue of $120,000 growing 6% per month:\n" + ANSWER, id="wrong-rate-restated"),
    pytest.param("Month 5:\n" + ANSWER, id="other-month-heading"),
])
def test_a_wrong_missing_or_unsaid_figure_fails_only_answer_correct(content: str) -> None:
    """A wrong, swapped or missing figure, a number the projection never computes, an unqualified or rival label, or
    a figure negated, questioned, hedged or retracted fails answer_correct and nothing else."""
    assert metrics(with_reply(content)) == failing_only("answer_correct")


def test_each_figure_is_compared_with_its_own_value() -> None:
    """Each of the three figures is checked against its own value: any one of them two off fails."""
    assert reads(three())
    for figure, label in (("revenue", "Revenue"), ("expenses", "Expenses"), ("profit", "Cumulative profit")):
        for delta, ok in ((1, True), (-1, True), (2, False), (-2, False)):
            line = f"{label}: ${FIGURES[figure] + delta:,}"
            content = three(**{figure: line})
            assert reads(content) is ok, content


@pytest.mark.parametrize("line", [
    "Revenue in month 6: $160,811", "Revenue for month 6: $160,811", "Revenue at month 6: $160,811",
    "Revenue by month 6: $160,811", "Revenue (month 6): $160,811", "Month-6's revenue: $160,811",
    "Revenue is $160,811", "Revenue was $160,811", "Revenue comes to $160,811", "Revenue totals $160,811",
    "Revenue reaches $160,811", "Revenue of $160,811", "Revenue at $160,811", "Revenue is projected at $160,811",
    "Revenue ends at $160,811", "Revenue - $160,811", "Revenue $160,811 in month 6", "Revenue $160,811 for month 6",
    "Revenue $160,811 (rounded to the nearest dollar)", "The projected revenue: $160,811", "Month 6 revenue: $160,811",
    "Month6 revenue: $160,811", "The 6th month revenue: $160,811",
])
def test_revenue_labels_and_verbs(line: str) -> None:
    """Each label and verb form of the grammar names month-6 revenue."""
    assert reads(three(revenue=line)), line


@pytest.mark.parametrize("line", [
    "Cumulative operating profit over months 1-6: $374,470", "Cumulative profit through months 1 through 6: $374,470",
    "Total profit for the six months: $374,470", "Cumulative operating profit in 6 months: $374,470",
    "Cumulative operating profit (months 1-6): $374,470", "6-month total operating profit: $374,470",
    "Cumulative operating profit over six months: $374,470", "Total operating profit were $374,470",
])
def test_profit_labels(line: str) -> None:
    """Each label of the cumulative operating profit names it."""
    assert reads(three(profit=line)), line


@pytest.mark.parametrize("line", [
    "Revenue in month 5: $160,811", "Revenue (month 5): $160,811", "Revenue $160,811 in month 5",
    "Annualised revenue: $160,811", "Expenses: $160,811", "Average revenue: $160,811",
])
def test_other_labels_are_not_revenue(line: str) -> None:
    """Another month, another figure's name or another quantity is not a statement of month-6 revenue."""
    assert not reads(three(revenue=line)), line


@pytest.mark.parametrize("line", [
    "Cumulative operating profit over months 1-5: $374,470", "Cumulative operating profit over months 0-6: $374,470",
    "Cumulative operating profit (months 0-6): $374,470", "Cumulative operating profit over the seven months: $374,470",
    "Cumulative operating profit in month 6: $374,470",
])
def test_other_periods_are_not_the_cumulative_profit(line: str) -> None:
    """The cumulative profit is over months 1-6; a sum over other months is another figure."""
    assert not reads(three(profit=line)), line


@pytest.mark.parametrize("line", [
    "Assuming revenue at $120,000 + 5%/month", "Using month-0 revenue: 120000, rising 5% each month",
    "With initial revenue of $120,000, growing at 5% month over month", "From expenses of $75,000 grows 2% monthly",
    "Growth compounds monthly", "With monthly compounding", "Here's your forecast for month 6",
    "Here is the projection you asked for", "All amounts are rounded to the nearest dollar", "For month 6 figures",
    "Month-0 operating expenses of $75,000 growing 2% per month, compounded monthly",
])
def test_restated_inputs_and_headings_are_neutral(line: str) -> None:
    """The inputs restated exactly, headings and rounding notes say nothing about the figures."""
    assert reads(line + "\n" + three()), line


# ---- reply_to_thread -------------------------------------------------------------------------------------------------


def retagged(tags: list[list[str]]) -> Trial:
    item = trial().copy()
    item.final()["tags"] = tags
    return item


def test_a_top_level_reply_fails_only_reply_to_thread() -> None:
    """Without an `e` tag marked reply the figures are not in the task's thread."""
    assert metrics(retagged([["h", trial().channel]])) == failing_only("reply_to_thread")


@pytest.mark.parametrize("marker", ["root", "mention", ""])
def test_the_task_event_named_without_the_reply_marker_fails(marker: str) -> None:
    """An `e` tag naming the task event must carry the `reply` marker (a root tag alone is not a reply pointer)."""
    item = trial()
    assert metrics(retagged([["h", item.channel], ["e", item.task_event_id or "", "", marker]])) == failing_only("reply_to_thread")


@pytest.mark.parametrize("marker", ["reply", "root"])
def test_another_event_marked_reply_or_root_fails(marker: str) -> None:
    """A second `e` tag marked reply or root that names another event leaves the reply in two threads."""
    item = trial()
    tags = [*reply_tags(item.channel, item.task_event_id or ""), ["e", hex64("other"), "", marker]]
    assert metrics(retagged(tags)) == failing_only("reply_to_thread")


def test_other_e_tags_and_a_root_tag_naming_the_task_event_are_fine() -> None:
    """A root tag naming the task event, a mention of another event and a short `e` tag leave the reply in the thread."""
    item = trial()
    root = item.task_event_id or ""
    tags = [["e", root, "", "root"], *reply_tags(item.channel, root), ["e", hex64("quoted"), "", "mention"],
            ["e", hex64("bare")], ["e", hex64("relay"), "wss://relay"]]
    assert metrics(retagged(tags)) == passing()


def test_a_reply_to_the_agent_s_own_acknowledgement_fails() -> None:
    """Answering under one's own message in the thread names another parent."""
    item = trial().copy()
    root = item.task_event_id or ""
    ack = event(hex64("ack"), item.agent, item.last_time(), "On it.", reply_tags(item.channel, root))
    item.events.insert(1, ack)
    item.final()["created_at"] = item.last_time() + 1
    item.final()["tags"] = [["h", item.channel], ["e", root, "", "root"], ["e", ack["id"], "", "reply"]]
    assert metrics(item) == failing_only("reply_to_thread")


# ---- same_channel and expected_author --------------------------------------------------------------------------------


def test_a_reply_in_another_channel_fails_only_same_channel() -> None:
    """The `h` tag must name the trial channel."""
    item = trial()
    assert metrics(retagged(reply_tags(hex64("elsewhere"), item.task_event_id or ""))) == failing_only("same_channel")


def test_a_reply_without_a_channel_tag_fails_only_same_channel() -> None:
    """No `h` tag is no channel."""
    item = trial()
    assert metrics(retagged([["e", item.task_event_id or "", "", "reply"]])) == failing_only("same_channel")


def test_a_reply_signed_by_someone_else_fails_only_expected_author() -> None:
    """The last message after the task that the human did not write is the reply; an impostor's fails expected_author."""
    item = trial().copy()
    item.events.append(event(hex64("impostor-reply"), hex64("impostor"), item.last_time() + 1, ANSWER,
                             reply_tags(item.channel, item.task_event_id or "")))
    assert metrics(item) == failing_only("expected_author")


def test_the_human_s_later_message_is_not_the_reply() -> None:
    """A thank-you from the human after the answer leaves the agent's reply the one scored."""
    item = trial().copy()
    item.events.append(event(hex64("thanks"), item.user, item.last_time() + 1, "Thanks!",
                             reply_tags(item.channel, item.task_event_id or "")))
    assert metrics(item) == passing()


def test_the_last_reply_counts() -> None:
    """A later message by the agent is the reply: a pointer to the answer above it fails answer_correct."""
    item = trial().copy()
    item.events.append(event(hex64("later"), item.agent, item.last_time() + 1, "See above.",
                             reply_tags(item.channel, item.task_event_id or "")))
    assert metrics(item) == failing_only("answer_correct")


# ---- evidence_complete and failing closed ----------------------------------------------------------------------------


def test_no_reply_scores_zero_on_every_reply_dimension() -> None:
    """Without a reply there is nothing to judge; the export itself is whole."""
    item = trial().copy()
    item.events = item.events[:1]
    assert metrics(item) == {**zeros(), "evidence_complete": 1.0}


def test_two_humans_fail_only_evidence_complete() -> None:
    """With two user identities the snapshot cannot be judged; the agent's reply is still read, without a human."""
    item = trial().copy()
    item.identities["Second Human"] = {"role": "user", "pubkey": hex64("second-human")}
    assert metrics(item) == failing_only("evidence_complete")


@pytest.mark.parametrize("name", ["Maya", "XXXX", "Second Human"])
def test_without_one_human_an_address_changes_no_figure(name: str) -> None:
    """When the snapshot has two users nobody can tell whom a name addresses; the address says nothing about the
    figures either way, so the reply is read as it would be with one human."""
    for opening, answer in ((f"@{name}", 1.0), ("Hello there!", 1.0), (f"@{name} Is this right?", 0.0)):
        item = with_reply(f"{opening}\n{ANSWER}")
        item.identities["Second Human"] = {"role": "user", "pubkey": hex64("second-human")}
        assert metrics(item)["answer_correct"] == answer, (name, opening)


def test_two_orchestrators_leave_no_author() -> None:
    """With two orchestrator identities no reply is the orchestrator's."""
    item = trial().copy()
    item.identities["Shadow Orchestrator"] = {"role": "orchestrator", "pubkey": hex64("shadow")}
    verdict = SCORING.verdict(item)
    assert verdict.metrics() == {**passing(), "reward": 0.0, "expected_author": 0.0, "evidence_complete": 0.0}
    assert verdict.details["completeness"]["one_orchestrator"] is False


def test_a_snapshot_of_another_task_fails_evidence_complete() -> None:
    """A snapshot exported for another task cannot be judged as this one."""
    item = trial().copy()
    item.task_name = "user-mention"
    assert metrics(item) == failing_only("evidence_complete")


def test_the_generic_wrong_task_name_never_picks_the_run_s_own_name() -> None:
    """The shared adversary that renames the task picks another task's name, even for a task named like its examples."""
    for seed in range(40):
        assert wrong_task_name.apply(Random(seed), trial().copy()).task_name != "reply-to-thread"


def test_malformed_evidence_fails_closed_with_a_reason() -> None:
    """A snapshot that is not schema v1 scores all zeros and says why."""
    snapshot = trial().snapshot()
    snapshot["schema_version"] = 2
    verdict = SCORING.verdict(trial(), snapshot)
    assert verdict.metrics() == zeros() and "schema_version" in verdict.details["reason"]


def test_details_show_the_reply_its_amounts_and_the_figures() -> None:
    """details.json names the reply, its text, the amounts read per figure, the checks and the figures expected."""
    item = trial()
    details = SCORING.verdict(item).details
    assert details["reply_id"] == item.final()["id"] and details["reply_content"] == ANSWER
    assert details["stated"] == {"revenue": ["160811"], "expenses": ["84462"], "profit": ["374470"]}
    assert details["reason"] is None
    assert details["expected_figures"] == {"revenue": 160_811, "expenses": 84_462, "profit": 374_470}
    assert details["completeness"] and all(details["completeness"].values())


@pytest.mark.parametrize(("content", "reason"), [
    (three(revenue="Month-6 revenue: $160,811, up from $156,000"), "rival figure 156000"),
    (three(revenue="Month-6 revenue: $160,811 or $156,000"), "alternatives: 'or'"),
    (three(revenue="Month-6 revenue is not $160,811"), "negated: 'not'"),
    (three(revenue="Month-6 revenue: $160,811?"), "question: '?'"),
    (three("Month-6 revenue: $84,462", "Month-6 expenses: $160,811"), "rival role: 84462 named as revenue"),
    ("Month-6 expenses: $84,462\nCumulative operating profit: $374,470", "not stated: revenue"),
])
def test_details_name_the_rule_and_the_text_that_refused(content: str, reason: str) -> None:
    """A refused reply says why in details.json: the rule, and the number or words that decided it."""
    assert SCORING.verdict(with_reply(content)).details["reason"].startswith(reason)


def test_details_without_a_reply_name_none() -> None:
    """With no reply, details say so instead of failing."""
    item = trial().copy()
    item.events = item.events[:1]
    details = SCORING.verdict(item).details
    assert (details["reply_id"], details["reply_content"], details["stated"]) == (None, "", None)
    assert details["reason"] == "no reply after the task event"


def test_main_scores_the_files_named_on_its_command_line(tmp_path: Path) -> None:
    """The command line reads the evidence and writes reward.json and details.json."""
    evidence = tmp_path / "buzz-evidence.json"
    evidence.write_text(json.dumps(trial().snapshot()), encoding="utf-8")
    reward, details = tmp_path / "reward.json", tmp_path / "details.json"
    assert main(["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text(encoding="utf-8")) == passing()
    assert json.loads(details.read_text(encoding="utf-8"))["expected_figures"]["profit"] == 374_470


# ---- the task folder -------------------------------------------------------------------------------------------------


def test_the_instruction_is_the_prompt_and_leaves_the_thread_out() -> None:
    """instruction.md is the task event's prompt; it gives the inputs and says nothing about where to reply."""
    text = (TASKS_DIR / "reply-to-thread" / "instruction.md").read_text(encoding="utf-8")
    assert text.rstrip("\n") == PROMPT
    assert "$120,000" in text and "$75,000" in text and "thread" not in text.lower()
