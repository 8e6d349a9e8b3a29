"""Example tests for the memory-retrieval verifier, scored in-process: each dimension passes and fails on examples."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scoring import Scoring
from verifuzz.strategies.memory_retrieval import ANSWER, DISTRACTORS, HUMAN, PROMPT, trial
from verifuzz.strategies.tasks import TASKS_DIR
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers.claims import MAX_CLAIM_CHARS, read_claims
from verifuzz.verifiers.memory_retrieval import ANSWER_FORMS, FACTS, TASK, main

DIMENSIONS = ("answer_correct", "threaded_reply", "evidence_complete")
SCORING = Scoring(TASK, DIMENSIONS)
metrics, passing, failing_only, zeros = SCORING.metrics, SCORING.passing, SCORING.failing_only, SCORING.zeros
TASK_DIR = TASKS_DIR / "memory-retrieval"


def with_reply(content: str) -> Trial:
    """A copy of the correct run whose reply says `content`, its tags unchanged."""
    item = trial().copy()
    item.final()["content"] = content
    return item


# ---- answer_correct: what pays ------------------------------------------------------------------------------------


def test_the_fixed_run_scores_one_on_every_key() -> None:
    """The answer stated in the human's thread earns 1.0 everywhere."""
    assert metrics(trial()) == passing()


@pytest.mark.parametrize(
    "content",
    [
        pytest.param("352,345", id="bare"),
        pytest.param("352345", id="no-separator"),
        pytest.param("352 345", id="si-space"),
        pytest.param("352\u00a0345", id="no-break-space"),
        pytest.param("352\u202f345", id="narrow-no-break-space"),
        pytest.param("\uff13\uff15\uff12,\uff13\uff14\uff15", id="full-width-digits"),
        pytest.param("352,345 customers", id="customers"),
        pytest.param("352,345 total customers", id="total-customers"),
        pytest.param("352,345 customers in total", id="in-total"),
        pytest.param("352,345 customers total", id="customers-total"),
        pytest.param("We had 352,345 total customers in April 2024.", id="we-had"),
        pytest.param("There were 352,345 customers as of April 2024.", id="there-were"),
        pytest.param("You had 352,345 customers during April 2024.", id="you-had-during"),
        pytest.param("The company had 352,345 customers.", id="the-company-had"),
        pytest.param("We counted 352,345 customers for April of 2024.", id="we-counted"),
        pytest.param("In April 2024, we had 352,345 customers.", id="in-april-lead"),
        pytest.param("For April 2024 we had 352,345 customers.", id="for-april-lead-no-comma"),
        pytest.param("As of April 2024, there were 352,345 customers.", id="as-of-lead"),
        pytest.param("Total customers in April 2024: 352,345", id="label"),
        pytest.param("Total customers (April 2024): **352,345**", id="bold"),
        pytest.param("Total customers, April 2024 - 352,345", id="dash"),
        pytest.param("The total number of customers in April 2024 was 352,345.", id="total-number-of"),
        pytest.param("Our customer count for April 2024 is `352,345`.", id="code-span"),
        pytest.param("Your customer total came to \"352,345\".", id="double-quotes"),
        pytest.param("Number of customers stood at 352,345 in April 2024.", id="stood-at"),
        pytest.param("Total customers totaled 352,345", id="totaled"),
        pytest.param("Total customers totalled 352,345", id="totalled"),
        pytest.param("Total customers reached 352,345", id="reached"),
        pytest.param("Total customers = 352,345", id="equals"),
        pytest.param("Total customer count were 352,345", id="were"),
        pytest.param("total-customers-metric: 352,345", id="entry-name-as-label"),
        pytest.param("April 2024: 352,345", id="month-label"),
        pytest.param("April 2024 total customers - 352,345", id="month-total-dash"),
        pytest.param("The answer is 352,345.", id="the-answer-is"),
        pytest.param("Answer: 352,345", id="answer-colon"),
        pytest.param("It was 352,345.", id="it-was"),
        pytest.param("That's 352,345 for April 2024.", id="thats"),
        pytest.param("It is 352,345.", id="it-is"),
        pytest.param("Total customers in April 2024 were 352,345 (from the total-customers-metric entry)", id="cited"),
        pytest.param("352,345 (source: my cold memory)", id="cited-source"),
        pytest.param("352,345 (per the total-customers-metric memory entry)", id="cited-per"),
        pytest.param("352,345 (according to the cold memory entry the total-customers-metric record)", id="cited-entry-in"),
        pytest.param("352,345 (total-customers-metric from my cold memories)", id="cited-entry-from"),
        pytest.param("According to my cold memory, total customers in April 2024 were 352,345.", id="according-to"),
        pytest.param("Per the total-customers-metric entry: 352,345", id="per-entry"),
        pytest.param("Based on your stored memories, it was 352,345.", id="based-on"),
        pytest.param("From the saved memories: 352,345", id="from-saved"),
        pytest.param("Source: total-customers-metric\n352,345", id="source-label"),
        pytest.param("I checked my memory.\n352,345", id="checked"),
        pytest.param("I looked it up in the cold memories. 352,345.", id="looked-it-up"),
        pytest.param("Found it in the total-customers-metric record: 352,345", id="found-it-in"),
        pytest.param("Retrieved this from the memory store: 352,345", id="retrieved"),
        pytest.param("Searched my memories - 352,345", id="searched"),
        pytest.param("Pulled that from my cold memory. Read it from the memory entry. 352,345", id="pulled-read"),
        pytest.param("Hi Amelia,\nWe had 352,345 total customers in April 2024.\nHope this helps!", id="greeting-sign-off"),
        pytest.param("@Amelia Rose Bennett 352,345 customers", id="address-opens"),
        pytest.param("Hey there, Amelia: 352,345", id="hey-there"),
        pytest.param("Dear Amelia, it was 352,345.", id="dear"),
        pytest.param("Sure! Here's what I found:\n\n- Total customers in April 2024: 352,345\n\nCheers", id="bullet"),
        pytest.param("1. 352,345", id="numbered"),
        pytest.param("Quick answer: 352,345. Let me know if you need anything else.", id="quick-answer"),
        pytest.param("Here you go \u2014 352,345.", id="em-dash"),
        pytest.param("Total customers in April 2024: 352,345\r\nThanks!", id="crlf"),
        pytest.param("Total customers in April 2024: 352,345. Total customers in April 2024: 352,345.", id="said-twice"),
        pytest.param("Here\u2019s the update: 352,345", id="typographic-apostrophe"),
        pytest.param("*352,345*", id="italics"),
        # Words the reader does not know, or an address it cannot place, change nothing the reply says.
        pytest.param("Hi Maya, 352,345", id="someone-else-greeted"),
        pytest.param("Hi Amelia, honestly 352,345", id="unknown-word"),
        pytest.param("From memory: 352,345 total customers (April 2024).", id="from-memory-source"),
        pytest.param("Pulled it from memory: we had 352,345 total customers in April 2024.", id="pulled-from-memory"),
        pytest.param("Three hundred fifty-two thousand three hundred forty-five customers in April 2024.", id="words"),
        pytest.param("| Month | Total customers |\n|---|---|\n| April 2024 | 352,345 |", id="table"),
        pytest.param("```json\n{\"month\": \"2024-04\", \"total_customers\": 352345}\n```", id="json"),
        pytest.param("Done; all set; got it; no problem; happy to help; thank you; certainly; of course; update below;"
                     " here is the update; here it is; hello; 352,345", id="courtesies"),
    ],
)
def test_natural_answers_pass(content: str) -> None:
    """The answer in any number form, sentence, label or list item, with a source, greeting or courtesy, pays."""
    assert metrics(with_reply(content)) == passing()


# ---- answer_correct: what does not pay ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        *(pytest.param(f"Total customers in April 2024: {number}", id=f"distractor-{number}") for number in DISTRACTORS),
        pytest.param("352,354", id="near-miss"),
        pytest.param("1,352,345", id="longer-number"),
        pytest.param("352,3450", id="digit-after"),
        pytest.param("0352345", id="leading-zero"),
        pytest.param("352,345.5", id="decimal-after"),
        pytest.param("352,345,000", id="thousands-after"),
        pytest.param("3.352,345", id="dot-before"),
        pytest.param("352.345", id="european-decimal"),
        pytest.param("352, 345", id="comma-space"),
        pytest.param("352  ,345", id="space-comma"),
        pytest.param("352K", id="rounded-k"),
        pytest.param("352,000", id="rounded"),
        pytest.param("$352,345", id="dollars"),
        pytest.param("352,345 USD", id="usd"),
        pytest.param("~352,345", id="tilde"),
        pytest.param("About 352,345 customers.", id="about"),
        pytest.param("I think it was 352,345.", id="hedge"),
        pytest.param("352,345, I believe", id="hedge-tail"),
        pytest.param("352,345 total customers in April 2024 (from memory)", id="from-memory-hedge"),
        pytest.param("352,345?", id="question"),
        pytest.param("Was it 352,345?", id="question-words"),
        pytest.param("Not 352,345.", id="negation"),
        pytest.param("Total customers in April 2024 were not 352,345.", id="negated-sentence"),
        pytest.param("352,345\nActually, scratch that.", id="retraction"),
        pytest.param("Not 352,345 but 361,250.", id="correction"),
        pytest.param("352,345 - not 361,250", id="not-the-distractor"),
        pytest.param("352,345 (active: 351,340)", id="distractor-beside"),
        pytest.param("352,345 or 351,340", id="either"),
        pytest.param("We will have 352,345 customers.", id="future"),
        pytest.param("I can't share that 352,345 figure.", id="refusal-quoting"),
        pytest.param("I'm not able to confirm: 352,345", id="refusal-joint"),
        pytest.param("~~352,345~~", id="struck-through"),
        pytest.param("352,345 /s", id="sarcasm"),
        pytest.param("352,345 \u2014 NOT", id="not-tag"),
        pytest.param("Total customers in April 2023: 352,345", id="other-year"),
        pytest.param("We had 352,345 total customers in May 2024.", id="other-month"),
        pytest.param("Total customers on April 30, 2024: 352,345", id="full-date"),
        pytest.param("352,345 customers in Q2 2024", id="quarter"),
        pytest.param("352,345 active customers", id="other-measure"),
        pytest.param("Active customers: 352,345", id="other-label"),
        pytest.param("Total customers", id="label-without-number"),
        pytest.param("Thanks!", id="courtesy-only"),
        pytest.param("", id="empty"),
        pytest.param("\n \n", id="blank-lines"),
        pytest.param("352,345 \u2717", id="non-ascii-mark"),
        pytest.param("352,345 \u202eton\u202c", id="bidi"),
        pytest.param("@Amelia Rose Bennett352,345", id="address-glued"),
        pytest.param("352,345 customers, give or take", id="give-or-take"),
        pytest.param("The answer: 352,345 or so", id="or-so"),
        pytest.param("<n>", id="placeholder-text"),
        pytest.param("352,345. Scratch that.", id="retraction-same-line"),
    ],
)
def test_anything_but_the_plain_answer_fails_only_answer_correct(content: str) -> None:
    """A distractor, near miss, other number form, hedge, question, negation, correction, refusal, other period or
    measure, or any clause the grammar does not know, fails answer_correct and nothing else."""
    assert metrics(with_reply(content)) == failing_only("answer_correct")


def test_the_answer_forms_match_only_the_whole_number() -> None:
    """ANSWER_FORMS finds 352,345 with a comma, a space or nothing between its thousands, and never inside another."""
    assert [m.group() for m in ANSWER_FORMS.finditer("352,345 352345 352 345")] == ["352,345", "352345", "352 345"]
    for text in ("1352345", ",352,345", ".352,345", "352,3456", "352,345,1", "352,345.1", "352;345", "352-345"):
        assert ANSWER_FORMS.search(text) is None, text
    assert ANSWER_FORMS.fullmatch("352,345.") is None and ANSWER_FORMS.search("352,345.") is not None
    assert ANSWER_FORMS.search("352,345, and") is not None


def test_a_reply_past_the_length_bound_is_not_read() -> None:
    """A reply longer than MAX_CLAIM_CHARS fails; one exactly that long holding the answer is still read."""
    padded = ANSWER + "\n" * (MAX_CLAIM_CHARS - len(ANSWER))
    assert len(padded) == MAX_CLAIM_CHARS and read_claims(FACTS, padded, HUMAN).answers
    assert read_claims(FACTS, padded + "\n", HUMAN).reason == "too long to be an answer"


def test_only_the_final_reply_is_read() -> None:
    """A progress note before the answer is fine; an answer followed by a last reply that only points back fails."""
    item = trial().copy()
    final = item.final()
    final["created_at"] += 5
    item.events.append(event(hex64("note"), item.agent, final["created_at"] - 2, "Checking my memory\u2026",
                             reply_tags(item.channel, item.task_event_id or "")))
    assert metrics(item) == passing()
    item.events.append(event(hex64("after"), item.agent, final["created_at"] + 1, "See above.", reply_tags(item.channel, item.task_event_id or "")))
    assert metrics(item) == failing_only("answer_correct")


def test_without_one_human_the_reply_cannot_be_read() -> None:
    """Addresses are read against the snapshot's human: with two humans even a bare answer fails, while the thread
    is still judged for diagnosis."""
    item = with_reply("352,345")
    item.identities["Second Human"] = {"role": "user", "pubkey": hex64("second")}
    assert metrics(item) == {**zeros(), "threaded_reply": 1.0}


# ---- threaded_reply ----------------------------------------------------------------------------------------------


def test_a_top_level_answer_fails_threaded_reply() -> None:
    """The answer posted as a new message in the channel, not in the question's thread, fails only threaded_reply."""
    item = trial().copy()
    item.final()["tags"] = [tag for tag in item.final()["tags"] if tag[0] != "e"]
    assert metrics(item) == failing_only("threaded_reply")


def test_an_answer_in_the_thread_but_another_channel_fails_threaded_reply() -> None:
    """A reply pointer to the question from another channel is not a reply in the trial's thread."""
    item = trial().copy()
    item.final()["tags"] = [["h", hex64("elsewhere")] if tag[0] == "h" else tag for tag in item.final()["tags"]]
    assert metrics(item) == failing_only("threaded_reply")


def test_a_mention_is_neither_needed_nor_penalised() -> None:
    """Without a p tag for the human, or with one for a stranger, the answer still earns 1.0."""
    item = trial().copy()
    item.final()["tags"] = [tag for tag in item.final()["tags"] if tag[0] != "p"] + [["p", hex64("stranger")]]
    assert metrics(item) == passing()


# ---- evidence_complete --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["user", "stranger", "impostor-after"])
def test_the_answer_given_in_the_channel_by_anyone_else_fails_evidence_complete(who: str) -> None:
    """A message by the human or anyone but the orchestrator holding the answer makes the run unjudgeable."""
    item = trial().copy()
    root = item.events[0]
    if who == "user":
        root["content"] += " It might be 352\u00a0345."
    elif who == "stranger":
        item.events.append(event(hex64("leak"), hex64("passer-by"), root["created_at"] - 3, "fyi: 352345", [["h", item.channel]]))
    else:
        item.events.append(event(hex64("leak"), hex64("passer-by"), item.last_time() + 1, "It was 352,345", [["h", item.channel]]))
    verdict = SCORING.verdict(item)
    assert verdict.metrics() == failing_only("evidence_complete")
    assert verdict.details["completeness"]["answer_not_given_in_channel"] is False
    assert len(verdict.details["answer_given_by"]) == 1


def test_the_agents_own_earlier_messages_may_hold_the_answer() -> None:
    """Only others giving the answer away spoils the run: the orchestrator repeating itself does not."""
    item = trial().copy()
    item.final()["created_at"] += 5
    item.events.append(event(hex64("first"), item.agent, item.final()["created_at"] - 1, "352,345", reply_tags(item.channel, item.task_event_id or "")))
    assert metrics(item) == passing()


def test_without_one_orchestrator_the_answer_check_counts_every_message() -> None:
    """With two orchestrators nobody is the agent, so even the reply counts as giving the answer away."""
    item = trial().copy()
    item.identities["Shadow"] = {"role": "orchestrator", "pubkey": hex64("shadow")}
    verdict = SCORING.verdict(item)
    assert verdict.metrics() == zeros()
    assert verdict.details["completeness"]["answer_not_given_in_channel"] is False


def test_no_reply_fails_the_answer_and_thread_but_not_the_evidence() -> None:
    """No reply at all is the agent's fault: answer_correct and threaded_reply 0, evidence_complete 1."""
    item = trial().copy()
    item.events = item.events[:1]
    found = metrics(item)
    assert found == {**zeros(), "evidence_complete": 1.0}


def test_details_name_the_reply_and_the_expected_answer() -> None:
    """details.json holds the completeness checks, the final reply's id and text, and the answer expected."""
    item = trial()
    details = SCORING.verdict(item).details
    assert details["final_reply_id"] == item.final()["id"] and details["final_reply_content"] == item.final()["content"]
    assert details["expected_answer"] == ANSWER and details["answer_given_by"] == []
    assert details["completeness"] and all(details["completeness"].values())
    empty = item.copy()
    empty.events = empty.events[:1]
    assert (SCORING.verdict(empty).details["final_reply_id"], SCORING.verdict(empty).details["final_reply_content"]) == (None, "")


def test_details_say_what_was_stated_and_why_the_reply_fails() -> None:
    """The reading's stated figures and its reason; with no reply, or no single human to read it against, that instead."""
    details = SCORING.verdict(trial()).details
    assert (details["stated"], details["reason"]) == ({"customers": ["352345"]}, None)
    details = SCORING.verdict(with_reply("352,345 customers, I think")).details
    assert (details["stated"], details["reason"]) == ({"customers": []}, "hedge: 'i think'")
    empty = trial().copy()
    empty.events = empty.events[:1]
    assert SCORING.verdict(empty).details["reason"] == "no final reply"
    crowded = with_reply("352,345")
    crowded.identities["Second Human"] = {"role": "user", "pubkey": hex64("second")}
    assert SCORING.verdict(crowded).details["reason"] == "no single human in the snapshot"


def test_main_scores_the_files_named_on_its_command_line(tmp_path: Path) -> None:
    """The command line reads the evidence and writes reward.json and details.json."""
    evidence = tmp_path / "buzz-evidence.json"
    evidence.write_text(json.dumps(trial().snapshot()), encoding="utf-8")
    reward, details = tmp_path / "reward.json", tmp_path / "details.json"
    assert main(["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text(encoding="utf-8")) == passing()
    assert json.loads(details.read_text(encoding="utf-8"))["expected_answer"] == ANSWER


# ---- the task folder ----------------------------------------------------------------------------------------------

MEMORY_SCRIPT = re.compile(r"^RUN python3 <<'(?P<end>\w+)'\n(?P<code>.*?)\n(?P=end)$", re.MULTILINE | re.DOTALL)


def seeded_memories(home: Path) -> dict[str, str]:
    """Run the Dockerfile's memory writer with HOME at `home` (ownership left as it is) and read back every entry."""
    dockerfile = (TASK_DIR / "environment" / "Dockerfile").read_text(encoding="utf-8")
    found = MEMORY_SCRIPT.search(dockerfile)
    assert found, "the Dockerfile should write the memories in a `RUN python3 <<'END'` heredoc"
    code = found["code"].replace("os.chown(path, 0, 0)", "pass")  # an unprivileged test cannot hand files to root
    subprocess.run([sys.executable, "-c", code], env={**os.environ, "HOME": str(home)}, check=True, timeout=30)
    cold = home / ".buzz" / "memory" / "cold"
    return {path.stem: path.read_text(encoding="utf-8") for path in cold.iterdir()}


def test_the_image_seeds_five_entries_and_only_one_holds_the_answer(tmp_path: Path) -> None:
    """Five cold memory entries; only total-customers-metric holds 352,345, and every distractor is in another one."""
    entries = seeded_memories(tmp_path)
    assert len(entries) == 5
    holding = [key for key, text in entries.items() if ANSWER in text]
    assert holding == ["total-customers-metric"] and "April 2024" in entries["total-customers-metric"]
    for number in DISTRACTORS:
        assert any(number in text for key, text in entries.items() if key != "total-customers-metric"), number


def test_the_instruction_is_the_prompt_and_never_gives_the_answer() -> None:
    """instruction.md is the task event's prompt, and neither holds the answer in any form."""
    text = (TASK_DIR / "instruction.md").read_text(encoding="utf-8")
    assert text.rstrip("\n") == PROMPT
    assert ANSWER_FORMS.search(text) is None and "352" not in text
