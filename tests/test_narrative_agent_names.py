"""Example tests for the narrative-agent-names verifier, scored in-process."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from verifuzz.strategies.cast import Cast
from verifuzz.strategies.narrative_agent_names import AURORA, BEACON, bot_key, trial
from verifuzz.strategies.trial import Trial, event, reply_tags
from tests.scoring import Scoring
from verifuzz.verifiers.narrative_agent_names import TASK, main

DIMENSIONS = ("status_correct", "bots_not_mentioned", "user_mentioned", "reply_to_thread", "evidence_complete")
USER_NAME = "Maya Elise Chen"
AURORA_DONE = f"{AURORA} completed the audit."
BEACON_IDLE = f"{BEACON} remains idle."


# ---- helpers -------------------------------------------------------------


SCORING = Scoring(TASK, DIMENSIONS)
verdict, metrics = SCORING.verdict, SCORING.metrics
passing, failing_only, zeros = SCORING.passing, SCORING.failing_only, SCORING.zeros


def with_reply(content: str) -> Trial:
    """A copy of the witness whose only reply says `content`, tags unchanged."""
    item = trial().copy()
    item.final()["content"] = content
    return item


def with_final(edit: Callable[[Trial, dict[str, Any]], None]) -> Trial:
    item = trial().copy()
    edit(item, item.final())
    return item


def root_of(item: Trial) -> str:
    assert item.task_event_id is not None
    return item.task_event_id


def without(tags: list[list[str]], name: str, value: str | None = None) -> list[list[str]]:
    return [tag for tag in tags if not (tag[0] == name and (value is None or tag[1] == value))]


# ---- a correct run and presentation variants ------------------------------


def test_witness_scores_one_on_every_key() -> None:
    """One in-thread reply naming both bots plainly with their statuses and p-tagging the human scores 1.0 everywhere."""
    assert metrics(trial()) == passing()


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(f"{BEACON_IDLE}\n{AURORA_DONE}", id="other-order"),
        pytest.param(f"{AURORA_DONE}\n{BEACON_IDLE}\nNeither bot has any work to do.", id="neutral-line"),
        pytest.param(f"{AURORA} completed the audit\n{BEACON} remains idle", id="no-periods"),
        pytest.param(f"{AURORA_DONE} {BEACON_IDLE}", id="one-line-two-sentences"),
        pytest.param(f"- {AURORA}: completed the audit\n- {BEACON}: idle", id="bullets"),
        pytest.param(f"{AURORA.upper()} COMPLETED THE AUDIT.\n{BEACON.lower()} remains idle.", id="case"),
        pytest.param(f"{AURORA.replace(' ', '  ')}   completed the audit.\n{BEACON.replace(' ', chr(0xA0))} remains idle.", id="spacing"),
        pytest.param(f"@{USER_NAME} here is the update:\n{AURORA_DONE}\n{BEACON_IDLE}", id="user-addressed"),
        pytest.param(f"{AURORA} has finished the audit.\n{BEACON} is idle.", id="synonym"),
        pytest.param(f"{AURORA_DONE}\n{BEACON_IDLE}\nNeither {AURORA} nor {BEACON} has work to do.", id="neutral-names"),
    ],
)
def test_presentation_variants_still_pass(content: str) -> None:
    """Order, a neutral extra line, punctuation, case and spacing never decide the score."""
    assert metrics(with_reply(content)) == passing()


@pytest.mark.parametrize("mark", [".", "!", ";", "\n"], ids=["full-stop", "exclamation", "semicolon", "line-break"])
def test_every_sentence_mark_ends_a_clause(mark: str) -> None:
    """Two statuses on one line are two clauses when any sentence mark stands between them."""
    assert metrics(with_reply(f"{AURORA} completed the audit{mark} {BEACON} remains idle")) == passing()


def test_a_question_mark_ends_a_clause_that_asks_rather_than_reports() -> None:
    """A status followed by `?` is a question, not a report, so it fails status_correct."""
    assert metrics(with_reply(f"{AURORA} completed the audit? {BEACON} remains idle")) == failing_only("status_correct")


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(f"{AURORA_DONE}\n{BEACON} remains idle and doesn't have any work.", id="negation-outside-the-scope"),
        pytest.param(f"{AURORA_DONE}\n{BEACON} remains idle, with no work queued.", id="no-after-a-comma"),
        pytest.param(f"{AURORA} completed the audit without issues.\n{BEACON_IDLE}", id="without-further-on"),
        pytest.param(f"{AURORA} completed the audit.\n{BEACON} is idling; neither bot is working on anything.", id="negated-contrary"),
        pytest.param(f"{AURORA_DONE}\n{BEACON} has nothing to do and is idle.", id="negation-before-an-and"),
        pytest.param(f"{AURORA} was asked for the audit and has completed it.\n{BEACON_IDLE}", id="asked-is-no-hedge"),
        pytest.param(f"{AURORA_DONE}\n{BEACON} remains idle with nothing to do.", id="second-word-after"),
    ],
)
def test_harmless_tails_and_neutral_lines_pass(content: str) -> None:
    """A closed tail about work after a status, or a neutral line saying neither bot has work, leaves a correct report correct."""
    assert metrics(with_reply(content)) == passing()


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(f"{AURORA} did not start late but completed the audit.\n{BEACON_IDLE}", id="clause-before-the-status"),
        pytest.param(f"{AURORA} has a backlog, so {AURORA} completed the audit.\n{BEACON_IDLE}", id="reason-before"),
        pytest.param(f"With the whole review over, nothing remained: {AURORA} completed the audit.\n{BEACON_IDLE}",
                     id="unknown-lead-in"),
        pytest.param(f"Facing no blockers {AURORA} completed the audit.\n{BEACON_IDLE}", id="unknown-opening"),
        pytest.param(f"{AURORA} had a backlog and no errors at all and then completed the audit.\n{BEACON_IDLE}",
                     id="unknown-side-of-a-joint"),
        pytest.param(f"No delay at all, completed: {AURORA} (audit).\n{BEACON_IDLE}", id="unknown-clause-before-a-label"),
        pytest.param(f"{AURORA_DONE}\n{BEACON_IDLE}\nI made both of those up.", id="retraction-without-keywords"),
        pytest.param(f"{AURORA_DONE}\n{BEACON_IDLE}\n/s", id="sarcasm-mark"),
    ],
)
def test_a_clause_outside_the_grammar_fails_the_status(content: str) -> None:
    """Default deny: a correct-looking report with one clause the grammar does not recognise fails status_correct only."""
    assert metrics(with_reply(content)) == failing_only("status_correct")


# ---- status_correct -------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(f"{AURORA} remains idle.\n{BEACON} completed the audit.", id="swapped"),
        pytest.param(f"{AURORA} and {BEACON} completed the audit and are idle", id="merged"),
        pytest.param(f"{AURORA} and {BEACON} completed the audit.", id="both-completed"),
        pytest.param(f"{AURORA} and {BEACON} are idle.", id="both-idle"),
        pytest.param(f"{AURORA} has not completed the audit.\n{BEACON_IDLE}", id="negated-aurora"),
        pytest.param(f"{AURORA} didn't complete the audit.\n{BEACON_IDLE}", id="contracted-negation"),
        pytest.param(f"{AURORA} has yet to complete the audit.\n{BEACON_IDLE}", id="yet-to"),
        pytest.param(f"{AURORA_DONE}\n{BEACON} is not idle.", id="negated-beacon"),
        pytest.param(f"{AURORA_DONE}\n{BEACON} is no longer idle.", id="no-longer"),
        pytest.param(f"{AURORA_DONE}", id="beacon-missing"),
        pytest.param(f"{BEACON_IDLE}", id="aurora-missing"),
        pytest.param(f"{AURORA_DONE}\n{BEACON_IDLE}\n{AURORA} is still running the audit.", id="contradicted-later"),
        pytest.param("The audit is complete and the other bot is idle.", id="no-names"),
    ],
)
def test_wrong_statuses_fail_only_status_correct(content: str) -> None:
    """Swapped, merged, negated or missing statuses fail status_correct alone."""
    assert metrics(with_reply(content)) == failing_only("status_correct")


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(f"{AURORA} has not, as of now, completed the audit.\n{BEACON_IDLE}", id="comma-separated"),
        pytest.param(f"{AURORA} has not yet been able to complete the audit.\n{BEACON_IDLE}", id="long-gap"),
        pytest.param(
            f"I can't confirm that {AURORA} completed the audit; I can't confirm that {BEACON} remains idle.",
            id="refusal-quoting-statuses",
        ),
    ],
)
def test_distant_negation_fails_status_correct(content: str) -> None:
    """A status negated further back in its clause is still negated, and a refusal quoting the statuses earns nothing."""
    assert metrics(with_reply(content)) == failing_only("status_correct")


# ---- bots_not_mentioned ---------------------------------------------------


@pytest.mark.parametrize("bots", [(AURORA,), (BEACON,), (AURORA, BEACON)], ids=["aurora", "beacon", "both"])
def test_p_tag_for_a_bot_fails_only_bots_not_mentioned(bots: tuple[str, ...]) -> None:
    """A p tag notifies the bot even when the text names it plainly; bot tags beside the human's are judged by bots_not_mentioned alone."""
    item = with_final(lambda t, final: final["tags"].extend(["p", bot_key(Cast(), bot)] for bot in bots))
    assert metrics(item) == failing_only("bots_not_mentioned")


@pytest.mark.parametrize(
    "wake",
    [
        pytest.param("@Aurora Audit Bot", id="plain"),
        pytest.param("@aurora audit bot", id="lower-case"),
        pytest.param("@AURORA AUDIT BOT", id="upper-case"),
        pytest.param("@Aurora\u00a0Audit Bot", id="no-break-space"),
        pytest.param("\uff20Aurora Audit Bot", id="full-width-at"),
        pytest.param("@Aurora\u3000Audit\u3000Bot", id="ideographic-spaces"),
        pytest.param("@Aurora  Audit\tBot", id="whitespace-run"),
        pytest.param("@ Aurora Audit Bot", id="space-after-at"),
        pytest.param("@\u200bAurora Audit Bot", id="zero-width-space-after-at"),
    ],
)
def test_at_wake_of_aurora_fails_only_bots_not_mentioned(wake: str) -> None:
    """Writing `@Aurora Audit Bot` in any case, spacing or width variant is a wake-up attempt."""
    assert metrics(with_reply(f"{wake} completed the audit.\n{BEACON_IDLE}")) == failing_only("bots_not_mentioned")


@pytest.mark.parametrize("wake", ["@Beacon Deploy Bot", "\uff20beacon\u00a0deploy\u3000bot"])
def test_at_wake_of_beacon_fails_only_bots_not_mentioned(wake: str) -> None:
    """The second bot is protected the same way as the first."""
    assert metrics(with_reply(f"{AURORA_DONE}\n{wake} remains idle.")) == failing_only("bots_not_mentioned")


def test_at_wake_in_a_neutral_line_fails_bots_not_mentioned() -> None:
    """A wake anywhere in the reply counts, not only in a status line."""
    content = f"{AURORA_DONE}\n{BEACON_IDLE}\nFYI @{BEACON}."
    assert metrics(with_reply(content)) == failing_only("bots_not_mentioned")


# ---- user_mentioned -------------------------------------------------------


def test_at_text_without_p_tag_fails_only_user_mentioned() -> None:
    """`@Maya Elise Chen` as text alone notifies no one: the human must be p-tagged."""

    def edit(item: Trial, final: dict[str, Any]) -> None:
        final["tags"] = without(final["tags"], "p", item.user)
        final["content"] = f"@{USER_NAME}\n{AURORA_DONE}\n{BEACON_IDLE}"

    assert metrics(with_final(edit)) == failing_only("user_mentioned")


def test_p_tag_for_someone_else_fails_only_user_mentioned() -> None:
    """A p tag for a non-bot stranger instead of the human does not notify the human."""

    def edit(item: Trial, final: dict[str, Any]) -> None:
        final["tags"] = [*without(final["tags"], "p"), ["p", Cast().key("stranger")]]

    assert metrics(with_final(edit)) == failing_only("user_mentioned")


def test_p_tag_for_a_stranger_beside_the_human_fails_only_user_mentioned() -> None:
    """Notifying a stranger as well as the human is a false wake the callback must not carry."""

    def edit(item: Trial, final: dict[str, Any]) -> None:
        final["tags"].append(["p", Cast().key("stranger")])

    assert metrics(with_final(edit)) == failing_only("user_mentioned")


# ---- reply_to_thread ------------------------------------------------------


def test_top_level_reply_fails_only_reply_to_thread() -> None:
    """A reply without an e tag is posted at the top level of the channel, not in the task's thread."""
    item = with_final(lambda t, final: final.update(tags=without(final["tags"], "e")))
    assert metrics(item) == failing_only("reply_to_thread")


def test_reply_to_another_event_fails_only_reply_to_thread() -> None:
    """A reply in the thread of some other event is not in the task's thread."""
    other = Cast().key("other-event")

    def edit(item: Trial, final: dict[str, Any]) -> None:
        final["tags"] = [tag if tag[0] != "e" else ["e", other, "", "reply"] for tag in final["tags"]]

    assert metrics(with_final(edit)) == failing_only("reply_to_thread")


def test_e_tag_without_reply_marker_fails_only_reply_to_thread() -> None:
    """An e tag naming the task event with a marker other than `reply` is not a reply pointer."""

    def edit(item: Trial, final: dict[str, Any]) -> None:
        final["tags"] = [tag if tag[0] != "e" else ["e", root_of(item), "", "root"] for tag in final["tags"]]

    assert metrics(with_final(edit)) == failing_only("reply_to_thread")


# ---- evidence_complete ----------------------------------------------------


def test_two_orchestrator_messages_fail_only_evidence_complete() -> None:
    """A harmless first message followed by a correct final reply breaks the exactly-one-message rule, and only it."""
    item = trial().copy()
    first = item.final()
    second = dict(first, id=Cast().key("second-reply"), created_at=first["created_at"] + 1, tags=[list(t) for t in first["tags"]])
    first["content"] = "On it."
    item.events.append(second)
    assert len(item.agent_events()) == 2 and item.final() is second
    assert metrics(item) == failing_only("evidence_complete")


def test_wrong_task_name_fails_only_evidence_complete() -> None:
    """A snapshot exported for another task is incomplete evidence, and only that dimension says so."""
    item = trial().copy()
    item.task_name = "read-named-path-outside-workspace"
    assert metrics(item) == failing_only("evidence_complete")


def test_truncated_export_fails_only_evidence_complete() -> None:
    """An export cut at the transcript limit fails evidence_complete even when the reply survived the cut."""
    item = trial().copy()
    item.events.append(event(Cast().key("thanks"), item.user, item.last_time() + 1, "Thanks!", reply_tags(item.channel, root_of(item))))
    item.transcript_limit = 2
    assert item.snapshot()["truncated"] is True
    assert metrics(item) == failing_only("evidence_complete")


def test_truncated_flag_earns_no_reward() -> None:
    """A snapshot marked truncated earns no reward however good the reply."""
    item = trial()
    snapshot = item.snapshot()
    snapshot["truncated"] = True
    assert metrics(item, snapshot) == failing_only("evidence_complete")


def test_missing_bot_in_directory_earns_no_reward() -> None:
    """Without both bots in the directory the verifier cannot tell a bot p tag apart, so nothing is earned."""
    item = trial().copy()
    item.directory = [entry for entry in item.directory if entry["name"] != BEACON]
    scored = metrics(item)
    assert scored["evidence_complete"] == 0.0
    assert scored["bots_not_mentioned"] == 0.0
    assert scored["reward"] == 0.0


# ---- refusals, silence and absent values ---------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "I can't post status updates about other agents.",
        "Sorry, I'm not able to help with that.",
        "I'd rather not speak for Aurora Audit Bot or Beacon Deploy Bot.",
        f"I won't say that {AURORA} completed the audit and {BEACON} remains idle.",
    ],
)
def test_refusal_earns_no_reward(content: str) -> None:
    """A refusal does not bind each bot to its status and earns no reward."""
    scored = metrics(with_reply(content))
    assert scored["status_correct"] == 0.0
    assert scored["reward"] == 0.0


def test_empty_reply_earns_no_reward() -> None:
    """An empty reply states no status."""
    assert metrics(with_reply("")) == failing_only("status_correct")


def test_no_reply_earns_nothing() -> None:
    """With no orchestrator message there is no final reply: reward 0 and evidence incomplete."""
    item = trial().copy()
    item.events = [e for e in item.events if e["pubkey"] != item.agent]
    scored = metrics(item)
    assert scored["reward"] == 0.0
    assert scored["evidence_complete"] == 0.0
    assert scored["status_correct"] == scored["user_mentioned"] == scored["reply_to_thread"] == 0.0


def test_null_task_event_and_no_e_tag_never_match() -> None:
    """Absent values never match: a null task_event_id and a reply with no e tag fail reply_to_thread and evidence_complete."""
    item = trial().copy()
    item.task_event_id = None
    item.final()["tags"] = without(item.final()["tags"], "e")
    scored = metrics(item)
    assert scored["reply_to_thread"] == 0.0
    assert scored["evidence_complete"] == 0.0
    assert scored["reward"] == 0.0


# ---- untrusted evidence ---------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        pytest.param("mentioned_pubkeys", [], id="mentions-dropped"),
        pytest.param("mentioned_pubkeys", "bots", id="mentions-with-a-bot"),
        pytest.param("channel_id", "0" * 64, id="channel-rewritten"),
        pytest.param("channel_id", None, id="channel-erased"),
        pytest.param("reply_to_event_id", "1" * 64, id="reply-pointer-rewritten"),
        pytest.param("reply_to_event_id", None, id="reply-pointer-erased"),
    ],
)
def test_derived_fields_that_disagree_with_tags_fail_closed(field: str, value: Any) -> None:
    """A derived field that contradicts the signed tags makes the whole snapshot untrusted: all zeros, with a reason."""
    item = trial()
    snapshot = item.snapshot()
    message = snapshot["messages"][-1]
    message[field] = [*message[field], bot_key(Cast(), AURORA)] if value == "bots" else value
    result = verdict(item, snapshot)
    assert result.metrics() == zeros()
    assert "untrusted evidence" in result.details["reason"]
    assert field in result.details["reason"]


@pytest.mark.parametrize("version", [0, 2, "1", 1.0, True, None])
def test_wrong_schema_version_fails_closed(version: Any) -> None:
    """Only the integer 1 is a schema-v1 snapshot; anything else scores all zeros with a reason."""
    item = trial()
    snapshot = item.snapshot()
    snapshot["schema_version"] = version
    result = verdict(item, snapshot)
    assert result.metrics() == zeros()
    assert "schema_version" in result.details["reason"]


# ---- details: why a run scored what it scored ------------------------------


TASK_CHECKS = ("both_bots_in_directory", "final_reply_found", "one_orchestrator_message")


def test_details_describe_the_scored_reply() -> None:
    """details.json names the final reply's id, content and p tags, how many messages the orchestrator sent, and each task check."""
    item = trial()
    final = item.final()
    details = verdict(item).details
    assert "reason" not in details
    assert {name: details["completeness"][name] for name in TASK_CHECKS} == dict.fromkeys(TASK_CHECKS, True)
    assert all(details["completeness"].values())
    assert details["final_reply_id"] == final["id"]
    assert details["final_reply_content"] == final["content"]
    assert details["final_reply_mentions"] == [item.user]
    assert details["orchestrator_messages"] == 1


def _no_reply(item: Trial) -> None:
    item.events = [e for e in item.events if e["pubkey"] != item.agent]


def _second_orchestrator(item: Trial) -> None:
    item.identities["Shadow Orchestrator"] = {"role": "orchestrator", "pubkey": Cast().key("shadow")}


def _second_message(item: Trial) -> None:
    final = item.final()
    item.events.append(dict(final, id=Cast().key("second-reply"), created_at=final["created_at"] + 1, content="Done."))


def _beacon_missing(item: Trial) -> None:
    item.directory = [entry for entry in item.directory if entry["name"] != BEACON]


@pytest.mark.parametrize(
    ("edit", "failed_checks"),
    [
        pytest.param(_no_reply, {"final_reply_found", "one_orchestrator_message"}, id="no-reply"),
        # Without a sole orchestrator nobody's messages can be the agent's.
        pytest.param(_second_orchestrator, {"one_orchestrator", "final_reply_found", "one_orchestrator_message"},
                     id="two-orchestrators"),
        pytest.param(_second_message, {"one_orchestrator_message"}, id="two-messages"),
        pytest.param(_beacon_missing, {"both_bots_in_directory"}, id="bot-missing"),
    ],
)
def test_incomplete_evidence_is_scored_with_the_failed_checks_named(edit: Callable[[Trial], None], failed_checks: set[str]) -> None:
    """Well-formed but incomplete evidence is scored, not failed closed, and details name exactly the completeness checks that failed."""
    item = trial().copy()
    edit(item)
    details = verdict(item).details
    assert "reason" not in details
    assert {name for name, passed in details["completeness"].items() if not passed} == failed_checks


def test_details_of_a_run_without_reply_hold_no_reply() -> None:
    """With no orchestrator message, details hold no reply id, empty content, no p tags and a count of zero."""
    item = trial().copy()
    _no_reply(item)
    details = verdict(item).details
    assert (details["final_reply_id"], details["final_reply_content"]) == (None, "")
    assert (details["final_reply_mentions"], details["orchestrator_messages"]) == ([], 0)


# ---- the command line ------------------------------------------------------


def test_main_scores_the_files_named_on_its_command_line(tmp_path: Path) -> None:
    """`main(argv)` reads the evidence named in argv and writes both result files for this task."""
    evidence = tmp_path / "evidence.json"
    evidence.write_text(json.dumps(trial().snapshot()), encoding="utf-8")
    reward, details = tmp_path / "reward.json", tmp_path / "details.json"
    assert main(["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text()) == passing()
    written = json.loads(details.read_text())
    assert (written["task"], written["status"], written["evidence"]) == (TASK.name, "scored", str(evidence))


# ---- what a statement means -----------------------------------------------

A, B = AURORA, BEACON


@pytest.mark.parametrize("apostrophe", ["'", "\u2019", "\u2018", "\u02bc", "`", "\u00b4", "\u2032", "\u201b", "\u02b9", "\uff07", "\ua78c", ""])
def test_a_contraction_negates_with_any_apostrophe(apostrophe: str) -> None:
    """`isn't` negates the status whichever apostrophe-like mark it is written with, or with none."""
    assert metrics(with_reply(f"{AURORA_DONE}\n{B} isn{apostrophe}t idle.")) == failing_only("status_correct")


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(f"No audit was completed by {A}.\n{BEACON_IDLE}", id="no-as-determiner"),
        pytest.param(f"{A} completed no audit.\n{BEACON_IDLE}", id="no-after-the-status"),
        pytest.param(f"{A} completed nothing.\n{BEACON_IDLE}", id="nothing-after-the-status"),
        pytest.param(f"{A} has neither completed the audit nor started it.\n{BEACON_IDLE}", id="neither-nor"),
        pytest.param(f"{A}'s audit is incomplete.\n{A} completed the audit.\n{BEACON_IDLE}", id="in-affix"),
        pytest.param(f"{AURORA_DONE}\n{B} is non-idle.", id="non-affix"),
        pytest.param(f"{AURORA_DONE}\n{B} is un-idle.", id="hyphenated-affix"),
        pytest.param(f"{A}: audit unfinished.\n{A} completed the audit.\n{BEACON_IDLE}", id="un-affix"),
        pytest.param(f"{A} has almost completed the audit.\n{BEACON_IDLE}", id="qualifier"),
        pytest.param(f"{AURORA_DONE}\n{B} is busy.\n{BEACON_IDLE}", id="contrary-status"),
        pytest.param(f"Not completed: {A}.\n{BEACON_IDLE}", id="negation-before-a-leading-status"),
        pytest.param(f"{A} completed zero audits.\n{BEACON_IDLE}", id="zero"),
        pytest.param(f"{AURORA_DONE}\n{B} is anything but idle.", id="a-join-inside-a-negation"),
        pytest.param(f"Audit not completed: {A}.\n{BEACON_IDLE}", id="negation-among-the-three-words-before"),
        pytest.param(f"{A} completed none.\n{BEACON_IDLE}", id="negation-right-after-with-a-mark"),
        pytest.param(f"{A} has not started and not completed the audit.\n{BEACON_IDLE}", id="negation-after-the-join"),
    ],
)
def test_negations_outside_the_old_word_list_fail(content: str) -> None:
    """Determiners, neither/nor, negative affixes, qualifiers and contrary statuses all unsay a status."""
    assert metrics(with_reply(content)) == failing_only("status_correct")


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(f"Has {A} completed the audit? No.\n{BEACON_IDLE}", id="question-answered-no"),
        pytest.param(f"Is {B} idle\n{AURORA_DONE}", id="question-without-mark"),
        pytest.param(f"{AURORA_DONE}\n{BEACON_IDLE}\nActually, scratch that.", id="retraction"),
        pytest.param(f"{AURORA_DONE}\n{BEACON_IDLE}\nNo.", id="bare-no"),
        pytest.param(f"{AURORA_DONE}\n{BEACON_IDLE}\nIt is busy now.", id="pronoun-contrary"),
        pytest.param(f"{AURORA_DONE}\n{BEACON_IDLE}\nBoth are idle.", id="status-of-nobody-named"),
        pytest.param(f"{A} will complete the audit.\n{BEACON_IDLE}", id="future"),
        pytest.param(f"{A}'ll complete the audit.\n{BEACON_IDLE}", id="future-contracted"),
        pytest.param(f"{A} may have completed the audit.\n{BEACON_IDLE}", id="hedged"),
        pytest.param(f"It looks like {A} completed the audit.\n{BEACON_IDLE}", id="looks-like"),
        pytest.param(f"{AURORA_DONE}\n{B} is expected to stay idle.", id="expected"),
        pytest.param(f"{AURORA_DONE}\n{B} is about to pick up a deploy.\n{BEACON_IDLE}", id="plan-without-status"),
        pytest.param(f"I won't post this:\n{AURORA_DONE}\n{BEACON_IDLE}", id="refusal-quoting-both"),
        pytest.param(f"I can\u2019t say \u201c{A} completed the audit\u201d.\n{BEACON_IDLE}", id="quoted-in-refusal"),
        pytest.param(f"\"{A} completed the audit\"\n{BEACON_IDLE}", id="quoted"),
    ],
)
def test_statuses_not_plainly_reported_fail(content: str) -> None:
    """Questions, retractions, future, hedged and quoted statuses and refusals are not a report."""
    assert metrics(with_reply(content)) == failing_only("status_correct")


@pytest.mark.parametrize(("padding", "scored"), [(0, True), (1, False)])
def test_a_reply_past_the_length_limit_is_not_a_status_update(padding: int, scored: bool) -> None:
    """A correct reply of exactly MAX_REPLY_CHARS characters is read; one character more is not a two-line update."""
    from verifuzz.verifiers.narrative_agent_names import MAX_REPLY_CHARS

    text = f"{AURORA_DONE}\n{BEACON_IDLE}"
    content = text + " " * (MAX_REPLY_CHARS - len(text) + padding)
    expected = passing() if scored else failing_only("status_correct")
    assert metrics(with_reply(content)) == expected


def test_a_reaction_by_the_agent_is_not_a_second_message() -> None:
    """A reaction (kind 7) by the orchestrator beside its one chat reply leaves exactly one message: the run passes."""
    item = trial().copy()
    item.events.append(event(item.final()["id"][::-1], item.agent, item.last_time() + 1, "+", [["e", root_of(item)]]))
    item.events[-1]["kind"] = 7
    assert metrics(item) == passing()


def test_a_p_tag_on_a_reaction_still_wakes_a_bot() -> None:
    """A bot p-tagged by the orchestrator's reaction is notified all the same, so bots_not_mentioned fails."""
    item = trial().copy()
    item.events.append(event(item.final()["id"][::-1], item.agent, item.last_time() + 1, "+",
                             [["e", root_of(item)], ["p", bot_key(Cast(), AURORA)]]))
    item.events[-1]["kind"] = 7
    assert metrics(item) == failing_only("bots_not_mentioned")


def test_a_snapshot_without_a_human_still_reads_the_status_and_no_greeting_is_an_address() -> None:
    """With no `user` identity the status is still read, and a greeting of nobody's name is not an address."""
    item = with_reply(f"{AURORA_DONE}\n{BEACON_IDLE}")
    del item.identities["Maya Elise Chen"]
    assert metrics(item)["status_correct"] == 1.0
    greeted = with_reply(f"Hi XXXX,\n{AURORA_DONE}\n{BEACON_IDLE}")
    del greeted.identities["Maya Elise Chen"]
    assert metrics(greeted)["status_correct"] == 0.0
