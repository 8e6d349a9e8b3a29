"""Example tests for the multiline-message verifier, scored in-process: each dimension passes and fails on examples."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scoring import Scoring
from verifuzz.strategies.multiline_message import BLOCK, BLOCK_LINES, HUMAN, PROMPT, trial
from verifuzz.strategies.tasks import TASKS_DIR
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers.multiline_message import (
    MAX_REPLY_CHARS, TASK, around, block_start, layout_preserved, lines_of, main, real_newlines,
    remark_reason,
)

DIMENSIONS = ("layout_preserved", "real_newlines", "reply_to_thread", "user_mentioned", "evidence_complete")
SCORING = Scoring(TASK, DIMENSIONS)
metrics, passing, failing_only, zeros = SCORING.metrics, SCORING.passing, SCORING.failing_only, SCORING.zeros


def with_reply(content: str) -> Trial:
    """A copy of the correct run whose reply says `content`, its tags unchanged."""
    item = trial().copy()
    item.final()["content"] = content
    return item


def lines(*parts: str) -> str:
    return "\n".join(parts)


def edited(index: int, line: str) -> str:
    """The block with line `index` replaced by `line`."""
    return "\n".join(line if i == index else old for i, old in enumerate(BLOCK_LINES))


# ---- a correct run, and what may surround the block ---------------------------------------------------------------


def test_the_block_alone_scores_one_on_every_key() -> None:
    """The block pasted whole in the task's thread, p-tagging the human, earns 1.0 everywhere."""
    assert metrics(trial()) == passing()


def test_the_lines_around_the_block_are_read_with_the_runs_own_human_addressed() -> None:
    """The human's name in an address is dress: `Hi Dana Sample,` is a greeting, not a remark that the block is a sample."""
    assert metrics(trial(Cast(user_name="Dana Sample"), reply=f"Hi Dana Sample,\n{BLOCK}")) == passing()


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(lines("Here's the release readiness block:", "", BLOCK), id="lead-in"),
        pytest.param(lines(BLOCK, "", "Let me know if anything should change."), id="sign-off"),
        pytest.param(lines(f"@{HUMAN}", BLOCK, "Thanks!"), id="address-and-thanks"),
        pytest.param(lines("Hi Eleanor, here it is, with the line breaks preserved:", BLOCK), id="greeting-joints"),
        pytest.param(lines("Hi Eleanor: here you go", BLOCK), id="colon-joint"),
        pytest.param(lines("Sure! Here you go:", "", "", BLOCK, "", ""), id="two-sentences-and-blank-lines"),
        pytest.param(lines("Done \u2014 here\u2019s the summary:", BLOCK), id="typography"),
        pytest.param(lines("- HOPE THIS HELPS. * QUICK SUMMARY:", BLOCK), id="bullets-and-case"),
        pytest.param(lines("@Eleanor June Brooks here's the block", BLOCK), id="address-opens-a-clause"),
        pytest.param(lines("Hello!", BLOCK, "Cheers"), id="hello-cheers"),
        pytest.param(lines("Dear Eleanor,", BLOCK), id="dear"),
        pytest.param(lines("1. As requested:", BLOCK, "2) All set."), id="numbered-courtesies"),
        pytest.param(lines("Posting it exactly as written:", BLOCK, "Of course."), id="exactly-as-written"),
        pytest.param(lines("Your release readiness note, keeping the layout and blank lines intact:", BLOCK), id="keeping"),
        pytest.param(lines("Copied exactly as you wrote it.", BLOCK, "Hope this helps!"), id="copied"),
        pytest.param(lines("Here is the message you asked for, with its formatting as is:", BLOCK), id="formatting"),
        pytest.param(lines("See below; no problem.", BLOCK, "Got it. Certainly. Thank you. Happy to help."), id="courtesies"),
        pytest.param(lines("Hey there, Eleanor:", BLOCK, "Let me know if you need anything else."), id="hey-there"),
        pytest.param(lines("\u200b", BLOCK), id="invisible-blank-line"),
        pytest.param(lines(BLOCK, "."), id="a-lone-end-mark-says-nothing"),
        pytest.param(lines("> Hi Eleanor!<br>Here you go:", BLOCK, "\u2014 Buzz \U0001f389"), id="shared-dress"),
    ],
)
def test_courtesies_around_the_block_pass(content: str) -> None:
    """Greetings, an address of the human, lead-ins and sign-offs around the block leave a correct reply correct."""
    assert metrics(with_reply(content)) == passing()


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(BLOCK.replace("\n", "\r\n"), id="crlf"),
        pytest.param("\n".join(line + "  " for line in BLOCK_LINES), id="trailing-spaces"),
        pytest.param("\n".join(line + " \t" for line in BLOCK_LINES), id="trailing-tab"),
        pytest.param(lines("```", BLOCK, "```"), id="fenced"),
        pytest.param(lines("```text", BLOCK, "```"), id="fenced-with-info"),
        pytest.param(lines("~~~", BLOCK, "~~~"), id="tilde-fence"),
        pytest.param(lines("Here you go:", "````", BLOCK, "````", "Thanks"), id="long-fence-with-courtesies"),
        pytest.param(f"\n\n{BLOCK}\n\n", id="surrounding-newlines"),
    ],
)
def test_line_endings_trailing_spaces_and_fences_pass(content: str) -> None:
    """CRLF breaks, trailing spaces or tabs, and a code fence closing right around the block keep the layout."""
    assert metrics(with_reply(content)) == passing()


# ---- layout_preserved ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        pytest.param("\n".join(line for line in BLOCK_LINES if line), id="no-blank-lines"),
        pytest.param(BLOCK.replace("\n\nOwner", "\nOwner"), id="second-blank-dropped"),
        pytest.param(BLOCK.replace("readiness\n\n", "readiness\n"), id="first-blank-dropped"),
        pytest.param(BLOCK.replace("\n\n", "\n\n\n", 1), id="blank-doubled"),
        pytest.param(edited(3, "- Database: pending"), id="status-changed"),
        pytest.param(edited(4, "- Rollback: Tested"), id="case-changed"),
        pytest.param(edited(6, "Owner: Platform Operations."), id="trailing-period"),
        pytest.param(edited(6, "Owner: Platform OperationsX"), id="trailing-letter"),
        pytest.param(edited(0, "Release Readiness"), id="title-case"),
        pytest.param(edited(0, "**Release readiness**"), id="bold-title"),
        pytest.param(edited(0, "# Release readiness"), id="heading"),
        pytest.param(edited(2, "* API: ready"), id="star-bullet"),
        pytest.param(edited(2, "\u2022 API: ready"), id="round-bullet"),
        pytest.param(edited(2, "  - API: ready"), id="indented"),
        pytest.param(edited(2, "- API:\u00a0ready"), id="non-breaking-space"),
        pytest.param(edited(2, "- AP\u200bI: ready"), id="zero-width-space"),
        pytest.param(edited(6, "Owner: Platf\u043erm Operations"), id="homoglyph"),
        pytest.param("\ufeff" + BLOCK, id="byte-order-mark"),
        pytest.param("\n".join(BLOCK_LINES[:-2]), id="owner-missing"),
        pytest.param("\n".join(BLOCK_LINES[1:]), id="title-missing"),
        pytest.param(BLOCK.replace("- API: ready\n- Database: ready", "- Database: ready\n- API: ready"), id="swapped"),
        pytest.param(BLOCK.replace("\n", "\r"), id="lone-carriage-returns"),
        pytest.param(BLOCK.replace("\n", "\u2028"), id="line-separators"),
        pytest.param("\n".join(f"> {line}".rstrip() for line in BLOCK_LINES), id="blockquote"),
        pytest.param(lines(BLOCK, "", BLOCK), id="twice"),
        pytest.param(lines("```", BLOCK), id="fence-left-open"),
        pytest.param(lines("```", BLOCK, "~~~"), id="fences-differ"),
        pytest.param(lines("```", "", BLOCK, "```"), id="fence-not-adjacent"),
        pytest.param(lines("```Text", BLOCK, "```"), id="fence-info-not-lowercase"),
        pytest.param(lines("``", BLOCK, "``"), id="two-backticks-are-no-fence"),
        pytest.param(lines("Here you go: Release readiness", *BLOCK_LINES[1:]), id="lead-in-on-the-first-line"),
    ],
)
def test_a_changed_block_fails_only_layout_preserved(content: str) -> None:
    """A blank line dropped or added, a line changed by a character, a look-alike character, another marker or style,
    or a break that is not a line feed: the block is not there exactly."""
    found = metrics(with_reply(content))
    assert found["layout_preserved"] == 0.0 and found["reward"] == 0.0
    assert {k: v for k, v in found.items() if k not in ("layout_preserved", "real_newlines", "reward")} == {
        "reply_to_thread": 1.0, "user_mentioned": 1.0, "evidence_complete": 1.0}


@pytest.mark.parametrize(
    "around_it",
    [
        pytest.param(("I can't post this:", ""), id="refusal-before"),
        pytest.param(("", "I won't post it for real."), id="refusal-after"),
        pytest.param(("Is this the note you meant?", ""), id="question"),
        pytest.param(("Draft only (not sent):", ""), id="draft"),
        pytest.param(("I will post this once the rollback is verified:", ""), id="future"),
        pytest.param(("", "Scratch that."), id="retraction"),
        pytest.param(("", "/s"), id="sarcasm-mark"),
        pytest.param(("", "The database is not ready yet."), id="contradiction"),
        pytest.param(("Not sure all of this is accurate:", ""), id="hedge"),
        pytest.param(("Here's the update, not final:", ""), id="unknown-joint-piece"),
        pytest.param(("", "Thanks \u202eton\u202c"), id="bidi-override"),
        pytest.param(("", "Thanks \u0434"), id="not-plain-ascii"),
        pytest.param(("", "Release readiness"), id="the-title-outside"),
        pytest.param(("", "API: ready"), id="an-item-outside"),
        pytest.param(("", "Copied 2 lines."), id="a-number"),
        pytest.param(("", "Rollback may need re-running."), id="hedge-about-an-item"),
        pytest.param(("", "Note: the database migration failed."), id="contrary-status"),
        pytest.param(("", "I'll post it in the channel later."), id="promise"),
        pytest.param(("", "Is that right?"), id="question-that-offers-nothing"),
        pytest.param(("", "Test message, please ignore."), id="no-real-reply"),
        pytest.param(("", "Still waiting on the rollback test."), id="still-waiting"),
        pytest.param(("<!--", "-->"), id="commented-out"),
        pytest.param(("<details>", "</details>"), id="collapsed"),
        pytest.param(("", BLOCK), id="the-block-twice"),
        pytest.param(("", "Release readiness"), id="a-block-line-outside"),
        pytest.param(("Hello, I am not sure", ""), id="greeting-then-a-doubt"),
    ],
)
def test_anything_but_courtesy_around_the_block_fails_layout_preserved(around_it: tuple[str, str]) -> None:
    """A refusal, a question, a hedge about the block's items, a promise, a retraction, a contrary status, a number, the
    block's own lines again, hidden markup or disguised letters fail."""
    before, after = around_it
    content = lines(*(part for part in (before, BLOCK, after) if part))
    assert metrics(with_reply(content)) == failing_only("layout_preserved")


@pytest.mark.parametrize(
    "remark",
    ["Here you go: honestly", "Hi Maya,", "@Eleanor June Brookshere's the block", "Sure!Here it is", "Good luck with the launch! \U0001f680",
     "As requested, please find the release note reproduced below.", "Kind regards,\nOperations Assistant", "cheeers",
     "Want me to pin it to the channel too?", "Eleanor \u2014 shout if anything looks off.", "Posted with no changes.",
     "I've kept every line break, so it should look the same as in your message:", "Looks like you're good to ship",
     "Happy to post it anywhere else if you'd like, I'll keep the layout."],
)
def test_words_the_reader_does_not_know_are_no_reason_to_fail(remark: str) -> None:
    """A remark no courtesy form holds passes when nothing in it changes what the reply says."""
    assert metrics(with_reply(lines(remark, "", BLOCK))) == passing()
    assert remark_reason(remark.split("\n")[0]) is None


def test_each_remark_that_changes_the_reply_says_why() -> None:
    assert remark_reason("Is that right?") == "question: 'is that right?'"
    assert remark_reason("Thanks \u0434") == "letters a reader may not see as written in 'Thanks \u0434'"
    overridden = "Thanks \u202eton\u202c"
    assert remark_reason(overridden) == f"letters a reader may not see as written in {overridden!r}"
    assert remark_reason("- API: ready.") == "a line of the block outside it: 'api: ready.'"
    assert remark_reason("Copied 2 lines.") == "a number beside the block: 'copied 2 lines.'"
    assert remark_reason("The API is down") == "a status the block does not give: 'the api is down'"
    assert remark_reason("Not sure. Thanks") == "negated: 'not' in 'not sure.'"
    assert remark_reason("Thanks. Scratch that") == "retracted: 'scratch' in 'scratch that'"
    assert remark_reason("Sample only") == "not a real answer: 'sample' in 'sample only'"
    assert remark_reason("Still waiting") == "still waiting: 'waiting' in 'still waiting'"
    assert remark_reason("The database may change") == "hedged: 'may' in 'the database may change'"
    assert remark_reason("I will post it") == "future: 'will' in 'i will post it'"
    assert remark_reason("It may change") == "hedged: 'may' in 'it may change'"
    assert remark_reason("It should look the same") is None and remark_reason("I'll update it if anything changes") is None
    assert remark_reason("Should I send it?") == "question: 'should i send it?'"
    assert remark_reason("Shall I post it elsewhere? I will if you like") is None
    assert remark_reason("Nothing changed. \U0001f44d . -") is None
    assert remark_reason("No worries; no problem.") is None  # a courtesy negates nothing
    assert remark_reason("No problem, but it's not final") == "negated: 'not' in \"no problem, but it's not final\""
    assert remark_reason("No problem/s") == "not a real answer: '/s' in 'no problem/s'"  # the courtesy goes, its mark stays
    assert remark_reason("! Scratch that") == "retracted: 'scratch' in 'scratch that'"  # a sentence of end marks only
    assert remark_reason("- Release readiness") == "a line of the block outside it: 'release readiness'"  # list mark off
    assert remark_reason("Thanks. - Release readiness") == "a line of the block outside it: '- release readiness'"
    assert remark_reason("1. Copying it back verbatim:") is None  # a number that opens a list item ends no sentence
    assert remark_reason(" 2) Scratch that") == "retracted: 'scratch' in 'scratch that'"
    # A symbol outside ASCII is a space between words ("release readiness"); `~` stays a hedge.
    assert remark_reason("Release\U0001f389readiness") == "a line of the block outside it: 'release readiness'"
    assert remark_reason("Release\u2605readiness") == "a line of the block outside it: 'release readiness'"  # a star
    assert remark_reason("The API is ~ready") == "hedged: '~' in 'the api is ~ready'"


def test_a_reply_past_the_length_bound_is_not_read() -> None:
    """A reply longer than MAX_REPLY_CHARS fails, one exactly that long with the block in it is still read."""
    padded = BLOCK + "\n" * (MAX_REPLY_CHARS - len(BLOCK))
    assert len(padded) == MAX_REPLY_CHARS and layout_preserved(padded, HUMAN)
    assert not layout_preserved(padded + "\n", HUMAN)


def test_a_greeting_or_a_courtesy_around_the_block_changes_nothing() -> None:
    """An address of the human and courtesies around the block say nothing about the release: the layout holds."""
    for line in ("@Eleanor June Brooks", "hey @Eleanor", "Hi Eleanor, here it is, with the line breaks preserved:",
                 "Sure! Here's the release readiness block:", "Let me know if anything should change.", "hello there"):
        assert layout_preserved(f"{line}\n{BLOCK}\nThanks!", HUMAN), line


def test_lines_split_only_at_line_feeds_and_lose_trailing_blanks() -> None:
    """A CRLF is one break, a lone CR none; trailing spaces and tabs go, leading ones and other spaces stay."""
    assert lines_of("a \r\n b\t\rc\n\u00a0") == ["a", " b\t\rc", "\u00a0"]


def test_the_block_is_found_at_its_first_line_only_when_whole() -> None:
    """block_start gives the index where all seven lines stand, and None when any is missing or the reply is short."""
    assert block_start(["x", *BLOCK_LINES, "y"]) == 1
    assert block_start(list(BLOCK_LINES)) == 0
    assert block_start(list(BLOCK_LINES[:-1])) is None
    assert block_start([]) is None


def test_a_fence_is_set_aside_only_around_the_block() -> None:
    """The lines around the block lose a fence that opens right above and closes right below it, nothing else."""
    assert around(["a", "```", *BLOCK_LINES, "```", "b"], 2) == ["a", "b"]
    assert around(["```", *BLOCK_LINES], 1) == ["```"]
    assert around([*BLOCK_LINES, "```"], 0) == ["```"]
    assert around(["~~~~", *BLOCK_LINES, "~~~"], 1) == ["~~~~", "~~~"]


# ---- real_newlines ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(BLOCK.replace("\n", "\\n"), id="escaped-lf"),
        pytest.param(BLOCK.replace("\n", "\\r\\n"), id="escaped-crlf"),
        pytest.param(BLOCK.replace("\n", "\\n", 1), id="one-escape"),
        pytest.param(BLOCK.replace("\n", "\\r", 1), id="one-escaped-cr"),
    ],
)
def test_escaped_line_breaks_fail_real_newlines(content: str) -> None:
    """A line break typed as backslash-n (or -r) is an escape that was never decoded, wherever it stands."""
    found = metrics(with_reply(content))
    assert found["real_newlines"] == 0.0 and found["layout_preserved"] == 0.0 and found["reward"] == 0.0


def test_an_escape_beside_a_correct_block_fails_only_real_newlines() -> None:
    """The block is intact and says nothing else, but an escaped break in the reply is still an escape."""
    assert metrics(with_reply(lines(BLOCK, "\\n"))) == failing_only("real_newlines")


def test_real_newlines_counts_the_block_s_six_line_feeds() -> None:
    """Six line feeds are enough, five are not; CRs alone are no line feeds; a backslash before another letter is fine."""
    assert real_newlines("a\n" * 6) and not real_newlines("a\n" * 5)
    assert not real_newlines("\r" * 10)
    assert real_newlines(BLOCK + "\\t") and real_newlines(BLOCK.replace("\n", "\r\n"))


def test_a_flattened_block_fails_real_newlines_too() -> None:
    """The block on one line has no line feed at all."""
    flat = " ".join(line for line in BLOCK_LINES if line)
    assert metrics(with_reply(flat)) == {**failing_only("layout_preserved"), "real_newlines": 0.0}


# ---- reply_to_thread ----------------------------------------------------------------------------------------------


def retagged(tags: list[list[str]]) -> Trial:
    item = trial().copy()
    item.final()["tags"] = tags
    return item


def test_a_top_level_reply_fails_only_reply_to_thread() -> None:
    """Without an `e` tag marked reply the block is not in the task's thread."""
    item = trial()
    assert metrics(retagged([["h", item.channel], ["p", item.user]])) == failing_only("reply_to_thread")


def test_a_reply_to_another_event_fails_only_reply_to_thread() -> None:
    """A reply pointer naming another event is another thread."""
    item = trial()
    tags = [["h", item.channel], ["e", hex64("other"), "", "reply"], ["p", item.user]]
    assert metrics(retagged(tags)) == failing_only("reply_to_thread")


def test_a_reply_in_another_channel_fails_only_reply_to_thread() -> None:
    """The thread pointer is right but the `h` tag names another channel."""
    item = trial()
    tags = [["h", hex64("elsewhere")], ["e", item.task_event_id or "", "", "reply"], ["p", item.user]]
    assert metrics(retagged(tags)) == failing_only("reply_to_thread")


# ---- user_mentioned -----------------------------------------------------------------------------------------------


def test_text_without_a_p_tag_fails_only_user_mentioned() -> None:
    """`@Eleanor June Brooks` in the text notifies no one without the `p` tag."""
    item = with_reply(lines(f"@{HUMAN}", BLOCK))
    item.final()["tags"] = reply_tags(item.channel, item.task_event_id or "")
    assert metrics(item) == failing_only("user_mentioned")


@pytest.mark.parametrize("who", ["stranger", "agent"])
def test_a_p_tag_beside_the_human_s_fails_only_user_mentioned(who: str) -> None:
    """The turn goes back to the human alone: a `p` tag for a stranger or the agent itself is a false wake."""
    item = trial().copy()
    item.final()["tags"].append(["p", hex64("stranger") if who == "stranger" else item.agent])
    assert metrics(item) == failing_only("user_mentioned")


def test_a_repeated_p_tag_of_the_human_passes() -> None:
    """Tagging the human twice still notifies only her."""
    item = trial().copy()
    item.final()["tags"].append(["p", item.user])
    assert metrics(item) == passing()


def test_a_p_tag_on_an_earlier_message_does_not_count() -> None:
    """Only the final reply's tags hand the turn back."""
    item = trial().copy()
    final = item.final()
    final["tags"] = reply_tags(item.channel, item.task_event_id or "")
    final["created_at"] += 5
    item.events.append(event(hex64("early"), item.agent, final["created_at"] - 2, "On it.",
                             reply_tags(item.channel, item.task_event_id or "", item.user)))
    assert metrics(item) == failing_only("user_mentioned")


# ---- evidence_complete and failing closed -------------------------------------------------------------------------


def test_another_task_s_snapshot_fails_only_evidence_complete() -> None:
    """A snapshot exported for another task is not this task's evidence."""
    item = trial().copy()
    item.task_name = "narrative-agent-names"
    assert metrics(item) == failing_only("evidence_complete")


def test_a_truncated_export_fails_only_evidence_complete() -> None:
    """An export that hit its transcript limit may be missing messages."""
    item = trial()
    snapshot = item.snapshot()
    snapshot["truncated"] = True
    assert metrics(item, snapshot) == failing_only("evidence_complete")


def test_two_humans_fail_evidence_complete_and_the_mention() -> None:
    """With two user identities nobody can tell whom to hand the turn back to."""
    item = trial().copy()
    item.identities["Second Human"] = {"role": "user", "pubkey": hex64("second-human")}
    found = metrics(item)
    assert found["evidence_complete"] == 0.0 and found["user_mentioned"] == 0.0 and found["layout_preserved"] == 1.0


def test_two_orchestrators_leave_no_final_reply_and_say_why() -> None:
    """With two orchestrator identities nobody's reply is the agent's: every dimension is 0, and the details name the
    completeness check that failed rather than a fault of the verifier."""
    item = trial().copy()
    item.identities["Shadow Orchestrator"] = {"role": "orchestrator", "pubkey": hex64("shadow")}
    verdict = SCORING.verdict(item)
    assert verdict.metrics() == zeros() and verdict.details["completeness"]["one_orchestrator"] is False


@pytest.mark.parametrize("name", [HUMAN, "Second Human", "XXXX"])
def test_without_one_human_an_address_still_says_nothing_of_the_block(name: str) -> None:
    """With two users nobody can tell whom an `@Name` addresses, but an address changes nothing the block says: whom the
    reply wakes is user_mentioned's to judge, by its tags."""
    for greeting, layout in ((f"@{name}", 1.0), ("Hello there!", 1.0)):
        item = with_reply(lines(greeting, BLOCK))
        item.identities["Second Human"] = {"role": "user", "pubkey": hex64("second-human")}
        assert metrics(item)["layout_preserved"] == layout


def test_no_reply_scores_zero_on_every_reply_dimension() -> None:
    """Without a reply there is no block, no line break, no thread and no mention; the export itself is whole."""
    item = trial().copy()
    item.events = [e for e in item.events if e["pubkey"] != item.agent]
    assert metrics(item) == {**zeros(), "evidence_complete": 1.0}


def test_the_final_reply_is_the_last_one() -> None:
    """An earlier correct reply is not scored when a later message from the agent drops the block."""
    item = trial().copy()
    item.events.append(event(hex64("later"), item.agent, item.last_time() + 1, "Done.",
                             reply_tags(item.channel, item.task_event_id or "", item.user)))
    assert metrics(item) == {**failing_only("layout_preserved"), "real_newlines": 0.0}


def test_malformed_evidence_fails_closed_with_a_reason() -> None:
    """A snapshot that is not schema v1 scores all zeros and says why."""
    snapshot = trial().snapshot()
    snapshot["schema_version"] = 2
    verdict = SCORING.verdict(trial(), snapshot)
    assert verdict.metrics() == zeros() and "schema_version" in verdict.details["reason"]


def test_details_show_the_reply_and_the_block_expected() -> None:
    """details.json names the scored reply, its text and mentions, the completeness checks and the block."""
    item = trial()
    details = SCORING.verdict(item).details
    assert details["final_reply_id"] == item.final()["id"]
    assert details["final_reply_content"] == BLOCK and details["expected_block"] == BLOCK
    assert details["final_reply_mentions"] == [item.user]
    assert details["completeness"] and all(details["completeness"].values())
    assert details["layout_reason"] == ""


@pytest.mark.parametrize(("content", "why"), [
    ("x" * (MAX_REPLY_CHARS + 1), f"longer than {MAX_REPLY_CHARS} characters"),
    (BLOCK.replace("\n\n", "\n", 1), "the block does not stand whole on lines of its own"),
    (lines("```", BLOCK), "a fence that does not wrap the block: '```'"),
    (lines(BLOCK, "```, if I remember right"), "a fence that does not wrap the block: '```, if I remember right'"),
    (lines(BLOCK, "", BLOCK), "the block twice"),
    (lines("~~Old~~", BLOCK), "hidden or unsaid by '~~'"),
    (lines(BLOCK, "Scratch that."), "retracted: 'scratch' in 'scratch that.'"),
])
def test_details_say_why_the_layout_fails(content: str, why: str) -> None:
    assert SCORING.verdict(with_reply(content)).details["layout_reason"] == why


def test_details_without_a_reply_name_none() -> None:
    """With no reply, details say so instead of failing."""
    item = trial().copy()
    item.events = item.events[:1]
    details = SCORING.verdict(item).details
    assert (details["final_reply_id"], details["final_reply_content"], details["final_reply_mentions"]) == (None, "", [])
    assert details["layout_reason"] == "no final reply"


def test_main_scores_the_files_named_on_its_command_line(tmp_path: Path) -> None:
    """The command line reads the evidence and writes reward.json and details.json."""
    evidence = tmp_path / "buzz-evidence.json"
    evidence.write_text(json.dumps(trial().snapshot()), encoding="utf-8")
    reward, details = tmp_path / "reward.json", tmp_path / "details.json"
    assert main(["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text(encoding="utf-8")) == passing()
    assert json.loads(details.read_text(encoding="utf-8"))["expected_block"] == BLOCK


# ---- the task folder ----------------------------------------------------------------------------------------------


def test_the_instruction_is_the_prompt_and_holds_the_block() -> None:
    """instruction.md is the task event's prompt, and it carries the very block the verifier expects."""
    text = (TASKS_DIR / "multiline-message" / "instruction.md").read_text(encoding="utf-8")
    assert text.rstrip("\n") == PROMPT and BLOCK in text
