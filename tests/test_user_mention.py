"""Example tests for the user-mention verifier, scored in-process: each dimension passes and fails on examples."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scoring import Scoring
from verifuzz.strategies.tasks import TASKS_DIR
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.strategies.user_mention import ANSWER, HUMAN, PROMPT, trial
from verifuzz.verifiers.claims import read_claims
from verifuzz.verifiers.user_mention import FACTS, FIGURES, TASK, main

DIMENSIONS = ("answer_correct", "user_p_tagged", "three_word_user", "same_channel", "expected_author", "evidence_complete")
SCORING = Scoring(TASK, DIMENSIONS)
metrics, passing, failing_only, zeros = SCORING.metrics, SCORING.passing, SCORING.failing_only, SCORING.zeros


def with_reply(content: str) -> Trial:
    """A copy of the correct run whose reply says `content`, its tags unchanged."""
    item = trial().copy()
    item.final()["content"] = content
    return item


def reads(content: str) -> bool:
    return read_claims(FACTS, content, HUMAN).answers


def retagged(tags: list[list[str]]) -> Trial:
    item = trial().copy()
    item.final()["tags"] = tags
    return item


# ---- a correct run ---------------------------------------------------------------------------------------------------


def test_the_total_with_the_human_p_tagged_scores_one_on_every_key() -> None:
    """The total, p-tagging the three-word human, in the trial channel and signed by the agent, earns 1.0 everywhere."""
    assert metrics(trial()) == passing()


@pytest.mark.parametrize("content", [
    "$5,328", "5328", "The total is $5,328.", "Total: 5,328 USD", "Total cost for 12 months: $5,328.00",
    "That comes to $5,328 for the year.", "It's $5,327 per year.", "$5,329 in total", "The annual licensing cost is $5,328.",
    "The licences cost $5,328 for 12 months.", "The 12 licenses come to $5,328", "Annual cost: USD 5,328",
    "12 licences \u00d7 $37 \u00d7 12 months = $5,328", "12 \u00d7 $37/month \u00d7 12 = $5,328",
    "$37 x 12 licenses x 12 months = $5,328", "12 months * 12 seats * $37 per licence per month equals $5,328",
    "12 users times $37 a month each times 12 comes to $5,328", "The answer is $5,328 per annum",
    "You're looking at $5,328 annually", "The total works out to $5,328", "The sum is about $5,328",
    "Total licensing bill for all 12 licences for the year: $5,328", "The yearly total equals $5,328",
    "At $37 per licence per month for 12 licences over 12 months, the total is $5,328.",
    "Based on 12 seats at $37/month each across a year: $5,328", "Here's the math: 12 \u00d7 $37 \u00d7 12 = $5,328",
    "@John Vincent Doe The total is $5,328.", "@John Vincent Doe\nTotal: $5,328\nHope this helps!",
    "Hi John, the total is **$5,328**.", "Hi John Vincent Doe, that's `5,328` dollars.", "hey @john: $5,328",
    "It is $5,328 for 12 licences over 12 months", "That is $5,328 for 12 months", "This comes to $5,328 over 12 months",
    "The licence cost is $5,328", "Total annual cost - $5,328", "The total was $5,328", "The total totals $5,328",
    # Working is checked, not banned: $444 is the twelve licences' month, a true step of the sum.
    "The total is $5,328.\nThat's $444 per month.", "12 \u00d7 $37 = $444 per month; \u00d7 12 = $5,328.",
    # The question is what the licences will cost: the future is the task's own.
    "The total will be $5,328.", "The licences will cost $5,328.",
    # An address the reader does not know changes nothing the reply says about the total.
    "Hi Jane, the total is $5,328.", "@Vincent The total is $5,328.",
])
def test_natural_answers_pass(content: str) -> None:
    """The total in any of its forms and spellings, with the working or the inputs restated and the human addressed,
    earns 1.0."""
    assert metrics(with_reply(content)) == passing(), content


# ---- answer_correct --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("content", [
    "$444", "The total is $5,330.", "The total is $5,326.", "The total is $5,382.", "Total: $53,280", "Total: 5.3k",
    "The total is $5,328 or $5,772.", "13 licences \u00d7 $37 \u00d7 12 months = $5,328",
    "12 licences \u00d7 $38 \u00d7 12 months = $5,328", "12 licences \u00d7 $37 \u00d7 11 months = $5,328",
    "At $38 per licence per month, the total is $5,328.", "For 13 licences: $5,328", "The total is not $5,328.",
    "Is the total $5,328?", "I think the total is $5,328.", "If it's monthly, the total is $5,328.",
    "The total is $5,328.\nScratch that.", "I can't work out the total.", "The total is $5,328 \u2014 not really.",
    "The total is $5,328 per licence.", "Each licence costs $5,328.", "That's $5,328 a month.", "",
])
def test_a_wrong_extra_or_unsaid_total_fails_only_answer_correct(content: str) -> None:
    """A wrong or extra number, restated inputs that are not the task's, a total given as a licence's or a month's,
    or a total negated, made conditional, questioned, hedged, retracted or refused fails answer_correct and nothing
    else."""
    assert metrics(with_reply(content)) == failing_only("answer_correct"), content


@pytest.mark.parametrize(("amount", "ok"), [("5,327", True), ("5,329", True), ("5,328.99", True), ("5,326", False),
                                            ("5,330", False), ("5,329.01", False)])
def test_the_total_may_be_one_off(amount: str, ok: bool) -> None:
    """The tolerance is one dollar either way, inclusive."""
    assert reads(f"The total is ${amount}.") is ok


# ---- user_p_tagged ---------------------------------------------------------------------------------------------------


def test_the_name_in_text_without_a_p_tag_fails_only_user_p_tagged() -> None:
    """`@John Vincent Doe` typed as text notifies no one: the tag is what counts."""
    item = trial()
    assert metrics(retagged(reply_tags(item.channel, item.task_event_id or ""))) == failing_only("user_p_tagged")


@pytest.mark.parametrize("value", ["UPPER", "short", "padded", "name"])
def test_a_p_tag_that_is_not_the_pubkey_as_written_fails(value: str) -> None:
    """The tag's value must be the human's pubkey exactly."""
    item = trial()
    key = {"UPPER": item.user.upper(), "short": item.user[:-1], "padded": f" {item.user}", "name": HUMAN}[value]
    assert metrics(retagged([*reply_tags(item.channel, item.task_event_id or ""), ["p", key]])) == failing_only("user_p_tagged")


@pytest.mark.parametrize("name", ["P", "mention", "t"])
def test_the_pubkey_under_another_tag_name_fails(name: str) -> None:
    """Only a `p` tag notifies."""
    item = trial()
    tags = [*reply_tags(item.channel, item.task_event_id or ""), [name, item.user]]
    assert metrics(retagged(tags)) == failing_only("user_p_tagged")


@pytest.mark.parametrize("other", ["stranger", "agent"])
def test_a_p_tag_for_someone_else_beside_the_human_fails(other: str) -> None:
    """A p tag waking anyone but the human is a false wake, even beside the human's own."""
    item = trial()
    key = hex64("stranger") if other == "stranger" else item.agent
    assert metrics(retagged([*reply_tags(item.channel, item.task_event_id or "", item.user), ["p", key]])) \
        == failing_only("user_p_tagged")


def test_a_repeated_p_tag_of_the_human_is_fine() -> None:
    """Two tags naming the human still name only the human."""
    item = trial()
    assert metrics(retagged([*reply_tags(item.channel, item.task_event_id or "", item.user), ["p", item.user]])) == passing()


def test_a_p_tag_only_on_an_earlier_message_fails() -> None:
    """The reply's own tags count, not an earlier acknowledgement's."""
    item = trial().copy()
    item.events.insert(1, event(hex64("ack"), item.agent, item.last_time(), "On it.",
                                reply_tags(item.channel, item.task_event_id or "", item.user)))
    item.final()["created_at"] = item.last_time() + 1
    item.final()["tags"] = reply_tags(item.channel, item.task_event_id or "")
    assert metrics(item) == failing_only("user_p_tagged")


# ---- three_word_user -------------------------------------------------------------------------------------------------


def renamed(name: str) -> Trial:
    item = trial().copy()
    item.identities = {(name if spec["role"] == "user" else key): spec for key, spec in item.identities.items()}
    item.final()["content"] = "The total is $5,328."
    return item


@pytest.mark.parametrize("name", ["John", "John Doe", "John Vincent Doe Jr", "John-Vincent Doe", "JohnVincentDoe"])
def test_a_human_whose_name_is_not_three_words_fails_only_three_word_user(name: str) -> None:
    """The fixture must seed a multi-word identity of three words, or the task tests nothing it claims."""
    assert metrics(renamed(name)) == failing_only("three_word_user")


@pytest.mark.parametrize("name", ["Ada Quinn Lovelace", "John  Vincent Doe", "John\u00a0Vincent Doe"])
def test_any_three_word_name_passes_three_word_user(name: str) -> None:
    """The self-check counts words split at whitespace; it does not insist on the name."""
    assert metrics(renamed(name)) == passing()


def test_two_humans_fail_three_word_user_and_evidence_complete() -> None:
    """With two user identities there is no one human to check."""
    item = trial().copy()
    item.identities["Jane Ann Roe"] = {"role": "user", "pubkey": hex64("second-human")}
    found = metrics(item)
    assert found["three_word_user"] == 0.0 and found["evidence_complete"] == 0.0 and found["user_p_tagged"] == 0.0


# ---- same_channel and expected_author --------------------------------------------------------------------------------


def test_a_reply_in_another_channel_fails_only_same_channel() -> None:
    """The `h` tag must name the trial channel."""
    item = trial()
    assert metrics(retagged(reply_tags(hex64("elsewhere"), item.task_event_id or "", item.user))) == failing_only("same_channel")


def test_a_top_level_reply_in_the_channel_is_fine() -> None:
    """Threading is not scored here: a top-level reply in the trial channel that p-tags the human passes."""
    item = trial()
    assert metrics(retagged([["h", item.channel], ["p", item.user]])) == passing()


def test_a_reply_signed_by_someone_else_fails_only_expected_author() -> None:
    """The last message after the task that the human did not write is the reply; an impostor's fails expected_author."""
    item = trial().copy()
    item.events.append(event(hex64("impostor-reply"), hex64("impostor"), item.last_time() + 1, ANSWER,
                             reply_tags(item.channel, item.task_event_id or "", item.user)))
    assert metrics(item) == failing_only("expected_author")


def test_the_human_s_later_message_is_not_the_reply() -> None:
    """A thank-you from the human after the answer leaves the agent's reply the one scored."""
    item = trial().copy()
    item.events.append(event(hex64("thanks"), item.user, item.last_time() + 1, "Thanks!", [["h", item.channel]]))
    assert metrics(item) == passing()


# ---- evidence_complete and failing closed ----------------------------------------------------------------------------


def test_no_reply_scores_zero_on_every_reply_dimension() -> None:
    """Without a reply there is nothing to judge; the human and the export are still checked."""
    item = trial().copy()
    item.events = item.events[:1]
    assert metrics(item) == {**zeros(), "three_word_user": 1.0, "evidence_complete": 1.0}


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
    item.task_name = "reply-to-thread"
    assert metrics(item) == failing_only("evidence_complete")


def test_malformed_evidence_fails_closed_with_a_reason() -> None:
    """A snapshot that is not schema v1 scores all zeros and says why."""
    snapshot = trial().snapshot()
    snapshot["schema_version"] = 2
    verdict = SCORING.verdict(trial(), snapshot)
    assert verdict.metrics() == zeros() and "schema_version" in verdict.details["reason"]


def test_details_show_the_reply_its_mentions_and_the_total() -> None:
    """details.json names the human, the reply, its text and p tags, the amounts read and the total expected."""
    item = trial()
    details = SCORING.verdict(item).details
    assert details["user"] == HUMAN and details["reply_id"] == item.final()["id"] and details["reply_content"] == ANSWER
    assert details["reply_mentions"] == [item.user] and details["reason"] is None
    assert details["stated"] == {"total": ["5328"]} and details["expected_figures"] == {"total": 5_328}
    assert details["completeness"] and all(details["completeness"].values())


def test_details_without_a_reply_name_none() -> None:
    """With no reply, details say so instead of failing."""
    item = trial().copy()
    item.events = item.events[:1]
    details = SCORING.verdict(item).details
    assert (details["reply_id"], details["reply_content"], details["reply_mentions"], details["stated"]) == (None, "", [], None)
    assert details["reason"] == "no reply after the task event"


def test_details_without_one_human_name_none() -> None:
    """With two users, details name no human."""
    item = trial().copy()
    item.identities["Jane Ann Roe"] = {"role": "user", "pubkey": hex64("second-human")}
    assert SCORING.verdict(item).details["user"] is None


def test_main_scores_the_files_named_on_its_command_line(tmp_path: Path) -> None:
    """The command line reads the evidence and writes reward.json and details.json."""
    evidence = tmp_path / "buzz-evidence.json"
    evidence.write_text(json.dumps(trial().snapshot()), encoding="utf-8")
    reward, details = tmp_path / "reward.json", tmp_path / "details.json"
    assert main(["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text(encoding="utf-8")) == passing()
    assert json.loads(details.read_text(encoding="utf-8"))["expected_figures"] == {"total": 5_328}


# ---- the task folder -------------------------------------------------------------------------------------------------


def test_the_instruction_is_the_prompt_and_leaves_the_mention_out() -> None:
    """instruction.md is the task event's prompt; it gives the inputs and says nothing about mentioning anyone."""
    text = (TASKS_DIR / "user-mention" / "instruction.md").read_text(encoding="utf-8")
    assert text.rstrip("\n") == PROMPT
    assert "12 licences" in text and "$37" in text and "mention" not in text.lower() and "@" not in text
