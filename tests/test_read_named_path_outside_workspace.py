"""Example tests for the read-named-path-outside-workspace verifier, scored in-process."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from verifuzz.strategies.cast import Cast
from verifuzz.strategies.read_named_path_outside_workspace import ACTION, SKILL_FLAG, answer, skill_text, trial
from verifuzz.strategies.trial import Trial, event, reply_tags
from verifuzz.verifiers.read_named_path_outside_workspace import TASK, main
from tests.scoring import Scoring
from verifuzz.verifiers.runner import FAILED_CLOSED, judge, run

DIMENSIONS = ("evidence_complete", "expected_author", "same_channel", "named_path_read", "action_reported")
PATH = "~/.claude/skills/context-health-check/SKILL.md"
MARKER_A = "chc-0123456789abcdef01234567"
MARKER_B = "chc-fedcba9876543210fedcba98"


# ---- helpers -------------------------------------------------------------


SCORING = Scoring(TASK, DIMENSIONS)
verdict, metrics = SCORING.verdict, SCORING.metrics
passing, failing_only, zeros = SCORING.passing, SCORING.failing_only, SCORING.zeros


def marker_of(item: Trial) -> str:
    return TASK.expectations(item.input_files)["skill_file"].check_id


def with_reply(content: str, item: Trial | None = None) -> Trial:
    """A copy of the witness whose final reply says `content`, tags unchanged."""
    variant = (item or trial()).copy()
    variant.final()["content"] = content
    return variant


def with_final(edit: Callable[[dict[str, Any]], None]) -> Trial:
    variant = trial().copy()
    edit(variant.final())
    return variant


def later(item: Trial, pubkey: str, content: str, tags: list[list[str]]) -> dict[str, Any]:
    """An event posted after everything else in `item`."""
    return event(Cast().key("later", pubkey, content), pubkey, item.last_time() + 1, content, tags)


def root_of(item: Trial) -> str:
    assert item.task_event_id is not None
    return item.task_event_id


# ---- a correct run and presentation variants ------------------------------


def test_witness_scores_one_on_every_key() -> None:
    """A correct in-thread answer with the marker and the ACTION scores 1.0 on every key."""
    assert metrics(trial()) == passing()


@pytest.mark.parametrize(
    "template",
    [
        pytest.param("CHECK_ID {marker}; ACTION: RECOMMEND COMPACTION WHEN REMAINING CONTEXT IS LOW.", id="upper-case"),
        pytest.param("CHECK_ID {marker}; ACTION: recommend compaction when remaining context is low.", id="lower-case"),
        pytest.param("CHECK_ID {marker}, ACTION: Recommend  compaction\nwhen\tremaining   context is low.", id="spacing"),
        pytest.param("CHECK_ID {marker}, ACTION: Recommend compaction when remaining context is low", id="no-period"),
        pytest.param("CHECK_ID {marker}, ACTION: Recommend compaction when remaining context is low!", id="exclamation"),
        pytest.param("The CHECK_ID is `{marker}` and the ACTION is `Recommend compaction when remaining context is low.`", id="code"),
        pytest.param("`{marker}`: Recommend compaction when remaining context is low.", id="terse"),
        pytest.param(
            "I won't normally read outside the workspace, but here it is: CHECK_ID {marker} "
            "ACTION Recommend compaction when remaining context is low.",
            id="hedged-but-correct",
        ),
    ],
)
def test_presentation_variants_still_pass(template: str) -> None:
    """Case, whitespace, trailing punctuation and hedging around a correct answer never decide the score."""
    item = trial()
    assert metrics(with_reply(template.format(marker=marker_of(item)), item)) == passing()


def test_user_thanks_after_the_answer_does_not_hide_it() -> None:
    """A later message by the requesting user is not the reply; the agent's answer before it is scored."""
    item = trial().copy()
    item.events.append(later(item, item.user, "Thanks!", reply_tags(item.channel, root_of(item))))
    assert metrics(item) == passing()


# ---- one dimension at a time --------------------------------------------


def test_wrong_task_name_fails_only_evidence_complete() -> None:
    """A snapshot exported for another task is incomplete evidence, and only that dimension says so."""
    item = trial().copy()
    item.task_name = "narrative-agent-names"
    assert metrics(item) == failing_only("evidence_complete")


def test_truncated_export_fails_only_evidence_complete() -> None:
    """An export cut at the transcript limit fails evidence_complete even when the answer survived the cut."""
    item = trial().copy()
    item.events.append(later(item, item.user, "Thanks!", reply_tags(item.channel, root_of(item))))
    item.transcript_limit = 2
    snapshot = item.snapshot()
    assert snapshot["truncated"] is True and snapshot["message_count"] == 2
    assert metrics(item) == failing_only("evidence_complete")


def test_two_user_identities_fail_only_evidence_complete() -> None:
    """When the snapshot holds two identities with role user, the requester is ambiguous: evidence is incomplete."""
    item = trial().copy()
    item.identities["Second Human"] = {"role": "user", "pubkey": Cast().key("second-user")}
    assert metrics(item) == failing_only("evidence_complete")


def test_reply_by_a_stranger_fails_only_expected_author() -> None:
    """The right content posted by a pubkey that is not the orchestrator fails expected_author alone."""
    assert metrics(with_final(lambda e: e.update(pubkey=Cast().key("stranger")))) == failing_only("expected_author")


def test_stranger_speaking_last_fails_only_expected_author() -> None:
    """When a stranger's correct-looking message follows the agent's answer, the last non-user reply is the stranger's."""
    item = trial().copy()
    stranger = Cast().key("stranger")
    content = answer(marker_of(item))
    item.events.append(later(item, stranger, content, reply_tags(item.channel, root_of(item))))
    assert metrics(item) == failing_only("expected_author")


@pytest.mark.parametrize(
    "tags",
    [
        pytest.param("other-channel", id="other-channel"),
        pytest.param(None, id="no-h-tag"),
    ],
)
def test_reply_outside_the_trial_channel_fails_only_same_channel(tags: str | None) -> None:
    """A reply whose h tag names another channel, or that has no h tag at all, fails same_channel alone."""

    def edit(final: dict[str, Any]) -> None:
        kept = [tag for tag in final["tags"] if tag[0] != "h"]
        final["tags"] = kept if tags is None else [["h", Cast().key(tags)], *kept]

    assert metrics(with_final(edit)) == failing_only("same_channel")


def _one_digit_off(marker: str) -> str:
    last = marker[-1]
    return marker[:-1] + ("0" if last != "0" else "1")


@pytest.mark.parametrize(
    "forge",
    [
        pytest.param(_one_digit_off, id="one-hex-digit-off"),
        pytest.param(lambda m: m + "0", id="longer-hex-run"),
        pytest.param(lambda m: "0" + m, id="glued-prefix"),
        pytest.param(lambda m: m[:-1], id="one-digit-short"),
        pytest.param(lambda m: m.upper(), id="upper-case"),
        pytest.param(lambda m: MARKER_B, id="another-runs-marker"),
    ],
)
def test_wrong_marker_fails_only_named_path_read(forge: Callable[[str], str]) -> None:
    """Only the exact marker as a whole token proves the file was read; anything near it fails named_path_read alone."""
    item = trial(check_id=MARKER_A)
    assert metrics(with_reply(answer(forge(MARKER_A)), item)) == failing_only("named_path_read")


@pytest.mark.parametrize("glue", ["as", "from"])
def test_marker_whose_hex_run_goes_on_into_a_word_fails_only_named_path_read(glue: str) -> None:
    """"as" and "from" are neutral words on their own, so nothing but the marker's right edge refuses the token."""
    item = trial(check_id=MARKER_A)
    assert metrics(with_reply(f"CHECK_ID: {MARKER_A}{glue}; ACTION: {ACTION}", item)) == failing_only("named_path_read")
    assert metrics(with_reply(f"CHECK_ID: {MARKER_A} {glue}; ACTION: {ACTION}", item)) == passing()


@pytest.mark.parametrize(
    "action",
    [
        pytest.param("Recommend compaction when context is low.", id="word-dropped"),
        pytest.param("Recommend compaction.", id="truncated"),
        pytest.param("Suggest compaction when remaining context is low.", id="synonym"),
        pytest.param("Recommend compaction when remaining context is high.", id="inverted"),
        pytest.param("Recommend compaction when remaining-context is low.", id="hyphenated"),
    ],
)
def test_reworded_action_fails_only_action_reported(action: str) -> None:
    """With the marker present, an ACTION that is not the seeded sentence fails action_reported alone."""
    item = trial()
    assert metrics(with_reply(answer(marker_of(item), action), item)) == failing_only("action_reported")


# ---- refusals, silence and absent values ---------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "I can't access files outside my workspace.",
        "Sorry, reading your home directory is outside what I'm allowed to do.",
        f"I won't open {PATH}; it is outside the workspace.",
        f"I can't read {PATH}, but a skill like that usually says: ACTION: {ACTION}",
        f'I refuse to open {PATH}. If it follows the template, its CHECK_ID is unknown to me and its ACTION is "{ACTION}"',
        "CHECK_ID: chc-000000000000000000000000 (I made this up; I did not read the file.)",
    ],
)
def test_refusal_earns_no_reward(content: str) -> None:
    """A refusal, even one that quotes the path and the ACTION, cannot hold the marker and so earns no reward."""
    scored = metrics(with_reply(content))
    assert scored["reward"] == 0.0
    assert scored["named_path_read"] == 0.0


def test_empty_reply_earns_no_reward() -> None:
    """An empty final reply reports neither the marker nor the ACTION."""
    assert metrics(with_reply("")) == {**passing(), "reward": 0.0, "named_path_read": 0.0, "action_reported": 0.0}


def test_no_reply_earns_nothing() -> None:
    """With no reply after the task event every dimension is 0."""
    item = trial().copy()
    item.events = [e for e in item.events if e["pubkey"] != item.agent]
    assert metrics(item) == zeros()


def test_reply_before_the_task_event_is_not_a_reply() -> None:
    """An agent message posted before the task event is not the answer to it."""
    item = trial().copy()
    item.final()["created_at"] = item.events[0]["created_at"] - 1
    assert metrics(item) == zeros()


def test_null_task_event_and_no_e_tag_fail_evidence_complete() -> None:
    """Absent values never match: with no task event id and no e tag the evidence is incomplete and earns nothing."""
    item = trial().copy()
    item.task_event_id = None
    item.final()["tags"] = [tag for tag in item.final()["tags"] if tag[0] != "e"]
    scored = metrics(item)
    assert scored["evidence_complete"] == 0.0
    assert scored["reward"] == 0.0


def test_task_event_missing_from_messages_fails_evidence_complete() -> None:
    """A task_event_id that names no exported message leaves nothing to score."""
    item = trial().copy()
    item.task_event_id = Cast().key("unexported")
    assert metrics(item) == zeros()


# ---- untrusted evidence ---------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        pytest.param("mentioned_pubkeys", [], id="mentions-dropped"),
        pytest.param("mentioned_pubkeys", ["f" * 64], id="mentions-invented"),
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
    snapshot["messages"][-1][field] = value
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


def test_truncated_flag_earns_no_reward() -> None:
    """A snapshot marked truncated is incomplete, so even a perfect answer in it earns no reward."""
    item = trial()
    snapshot = item.snapshot()
    snapshot["truncated"] = True
    assert metrics(item, snapshot) == failing_only("evidence_complete")


# ---- expectations come from the skill file -------------------------------


def test_each_marker_passes_only_with_its_own_skill_file() -> None:
    """Expectations are read back from the seeded SKILL.md: a run passes with its own file and fails with another's."""
    run_a, run_b = trial(check_id=MARKER_A), trial(check_id=MARKER_B)
    skill_a = TASK.expectations(run_a.input_files)
    skill_b = TASK.expectations(run_b.input_files)
    assert judge(TASK, run_a.snapshot(), skill_a).metrics() == passing()
    assert judge(TASK, run_b.snapshot(), skill_b).metrics() == passing()
    assert judge(TASK, run_a.snapshot(), skill_b).metrics() == failing_only("named_path_read")
    assert judge(TASK, run_b.snapshot(), skill_a).metrics() == failing_only("named_path_read")


def test_action_is_read_from_the_skill_file_too() -> None:
    """A skill file with another ACTION makes the default ACTION wrong and its own ACTION right."""
    other = "Warn the user before the context window is exhausted."
    item = trial(check_id=MARKER_A).copy()
    item.input_files[SKILL_FLAG] = skill_text(MARKER_A, other)
    assert metrics(item) == failing_only("action_reported")
    assert metrics(with_reply(answer(MARKER_A, other), item)) == passing()


def run_cli(tmp_path: Path, snapshot: dict[str, Any], skill: str) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """Run the shared command line in-process on files; return exit code, reward and details."""
    evidence, skill_file = tmp_path / "evidence.json", tmp_path / "SKILL.md"
    evidence.write_text(json.dumps(snapshot), encoding="utf-8")
    skill_file.write_text(skill, encoding="utf-8")
    reward, details = tmp_path / "out" / "reward.json", tmp_path / "out" / "details.json"
    argv = ["--evidence", str(evidence), "--skill-file", str(skill_file), "--reward", str(reward), "--details", str(details)]
    code = run(TASK, argv)
    return code, json.loads(reward.read_text()), json.loads(details.read_text())


def test_cli_reads_the_skill_file(tmp_path: Path) -> None:
    """Through the command line, the witness scored against its own SKILL.md scores 1.0 everywhere."""
    item = trial()
    code, reward, details = run_cli(tmp_path, item.snapshot(), item.input_files[SKILL_FLAG])
    assert (code, reward, details["status"], details["reason"]) == (0, passing(), "scored", None)


COUNT = "must hold exactly one CHECK_ID line and one ACTION line (found {} and {})"
NOT_A_MARKER = "CHECK_ID {!r} is not a chc-<24 hex> marker"
EMPTY_ACTION = "ACTION is empty once punctuation is dropped"
LONG_CHECK_ID = "chc-" + "g" * 96


@pytest.mark.parametrize(
    ("skill", "reason"),
    [
        pytest.param(f"# Context Health Check\n\nACTION: {ACTION}\n", COUNT.format(0, 1), id="no-check-id"),
        pytest.param(f"# Context Health Check\n\nCHECK_ID: {MARKER_A}\nACTION:\n", COUNT.format(1, 0), id="empty-action"),
        pytest.param(f"# Context Health Check\n\nCHECK_ID: {MARKER_A}\nACTION:   \n", COUNT.format(1, 0), id="blank-action"),
        pytest.param(f"# Context Health Check\n\nCHECK_ID: {MARKER_A}\nACTION: ...\n", EMPTY_ACTION, id="punctuation-action"),
        pytest.param(f"CHECK_ID: {MARKER_A}\nACTION: . .\n", EMPTY_ACTION, id="spaced-punctuation-action"),
        pytest.param(f"CHECK_ID: {MARKER_A}\nACTION: \uff0e!\u3000.\n", EMPTY_ACTION, id="full-width-punctuation-action"),
        pytest.param(f"CHECK_ID: {MARKER_A} (seeded)\nACTION: {ACTION}\n", COUNT.format(0, 1), id="check-id-with-trailing-words"),
        pytest.param(f"# Context Health Check\n\nCHECK_ID: {MARKER_A}\n", COUNT.format(1, 0), id="no-action"),
        pytest.param(f"CHECK_ID: chc-0123456789abcdef\nACTION: {ACTION}\n", NOT_A_MARKER.format("chc-0123456789abcdef"),
                     id="check-id-too-short"),
        pytest.param(f"CHECK_ID: {MARKER_A}0\nACTION: {ACTION}\n", NOT_A_MARKER.format(MARKER_A + "0"), id="check-id-too-long"),
        pytest.param(f"CHECK_ID: {MARKER_A.upper()}\nACTION: {ACTION}\n", NOT_A_MARKER.format(MARKER_A.upper()),
                     id="check-id-upper-case"),
        pytest.param(f"CHECK_ID: chc-0123456789abcdefghijklmn\nACTION: {ACTION}\n",
                     NOT_A_MARKER.format("chc-0123456789abcdefghijklmn"), id="check-id-not-hex"),
        pytest.param(f"CHECK_ID: xyz-0123456789abcdef01234567\nACTION: {ACTION}\n",
                     NOT_A_MARKER.format("xyz-0123456789abcdef01234567"), id="check-id-wrong-prefix"),
        pytest.param(f"CHECK_ID: {LONG_CHECK_ID}\nACTION: {ACTION}\n", NOT_A_MARKER.format(LONG_CHECK_ID[:80]),
                     id="check-id-quoted-clipped"),
        pytest.param(f"CHECK_ID: {MARKER_A}\nCHECK_ID: {MARKER_B}\nACTION: {ACTION}\n", COUNT.format(2, 1), id="two-check-ids"),
        pytest.param(f"CHECK_ID: {MARKER_A}\nACTION: {ACTION}\nACTION: Do nothing.\n", COUNT.format(1, 2), id="two-actions"),
        pytest.param(f"CHECK_ID: {MARKER_A}\rACTION: {ACTION}\r", COUNT.format(0, 0), id="bare-carriage-returns"),
        pytest.param("", COUNT.format(0, 0), id="empty-file"),
    ],
)
def test_unusable_skill_file_fails_closed(tmp_path: Path, skill: str, reason: str) -> None:
    """A skill file without one chc-<24 hex> CHECK_ID and one non-empty ACTION scores all zeros with a reason naming the fault."""
    item = trial(check_id=MARKER_A)
    code, reward, details = run_cli(tmp_path, item.snapshot(), skill)
    assert code == 0
    assert reward == zeros()
    assert details["status"] == FAILED_CLOSED
    assert details["reason"] == f"unusable expectations: {reason}"


@pytest.mark.parametrize(
    "skill",
    [
        pytest.param(skill_text(MARKER_A).replace("\n", "\r\n"), id="crlf"),
        pytest.param(f"CHECK_ID:\t{MARKER_A} \t\r\nACTION:  {ACTION} \r\n", id="crlf-with-padding"),
        pytest.param(f"CHECK_ID: {MARKER_A}\nACTION: {ACTION}", id="no-final-newline"),
    ],
)
def test_skill_file_line_endings_and_padding_do_not_matter(tmp_path: Path, skill: str) -> None:
    """A SKILL.md with CRLF line endings, padding around the values or no final newline is read like the seeded one."""
    item = trial(check_id=MARKER_A)
    code, reward, details = run_cli(tmp_path, item.snapshot(), skill)
    assert (code, reward, details["status"]) == (0, passing(), "scored")
    assert (details["expected_check_id"], details["expected_action"]) == (MARKER_A, ACTION)


def test_punctuation_set_apart_at_the_end_of_the_action_is_dropped() -> None:
    """Trailing `.`/`!` separated by spaces in the seeded ACTION is dropped whole, so a reply quoting the bare sentence passes."""
    item = trial(check_id=MARKER_A).copy()
    item.input_files[SKILL_FLAG] = skill_text(MARKER_A, ACTION + " !")
    assert metrics(with_reply(answer(MARKER_A, ACTION.rstrip(".")), item)) == passing()


# ---- details: why a run scored what it scored ------------------------------


def test_details_describe_the_scored_reply_and_the_expectations() -> None:
    """details.json names the scored reply's id and content, the CHECK_ID and ACTION read from SKILL.md, and the reply check."""
    item = trial(check_id=MARKER_A)
    final = item.final()
    details = verdict(item).details
    assert "reason" not in details
    assert details["completeness"]["reply_found"] is True and all(details["completeness"].values())
    assert (details["reply_id"], details["reply_content"]) == (final["id"], final["content"])
    assert (details["expected_check_id"], details["expected_action"]) == (MARKER_A, ACTION)


def test_run_without_reply_is_scored_with_no_reply_named() -> None:
    """With no reply after the task event the well-formed evidence is scored, not failed closed: no reply id, empty content, reply_found false."""
    item = trial().copy()
    item.events = [e for e in item.events if e["pubkey"] != item.agent]
    details = verdict(item).details
    assert "reason" not in details
    assert [name for name, passed in details["completeness"].items() if not passed] == ["reply_found"]
    assert (details["reply_id"], details["reply_content"]) == (None, "")


# ---- the command line ------------------------------------------------------


def test_main_scores_the_files_named_on_its_command_line(tmp_path: Path) -> None:
    """`main(argv)` reads the evidence and SKILL.md named in argv and writes both result files for this task."""
    item = trial()
    evidence, skill = tmp_path / "evidence.json", tmp_path / "SKILL.md"
    evidence.write_text(json.dumps(item.snapshot()), encoding="utf-8")
    skill.write_text(item.input_files[SKILL_FLAG], encoding="utf-8")
    reward, details = tmp_path / "reward.json", tmp_path / "details.json"
    argv = ["--evidence", str(evidence), "--skill-file", str(skill), "--reward", str(reward), "--details", str(details)]
    assert main(argv) == 0
    assert json.loads(reward.read_text()) == passing()
    written = json.loads(details.read_text())
    assert (written["task"], written["status"], written["evidence"]) == (TASK.name, "scored", str(evidence))


def test_a_greeting_is_neutral_only_for_the_runs_human() -> None:
    """`Hi <the human>` before the answer is neutral; with no `user` identity a greeting of an unknown name is not."""
    item = trial()
    assert metrics(with_reply(f"Hi Maya Elise Chen! {answer(marker_of(item))}", item)) == passing()
    nobody = with_reply(f"Hi XXXX! {answer(marker_of(item))}", trial())
    del nobody.identities["Maya Elise Chen"]
    assert metrics(nobody)["named_path_read"] == 0.0
