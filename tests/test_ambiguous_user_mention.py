"""Example tests for the ambiguous-user-mention verifier, scored in-process: each dimension passes and fails on examples."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.scoring import Scoring
from verifuzz.strategies.ambiguous_user_mention import (
    CALLBACKS, CAPTAIN, DELIVERIES, HUMAN, OBSERVER, PROMPT, delivery_of, pubkey_of, trial,
)
from verifuzz.strategies.tasks import TASKS_DIR
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers.ambiguous_user_mention import (
    APPROVAL, MAX_CHARS, TASK, address_of, clauses, delivers, main, observer_spared, report, reports_sent,
)

DIMENSIONS = ("target_notified_once", "other_not_notified", "message_correct", "user_callback", "reply_to_thread",
              "evidence_complete")
SCORING = Scoring(TASK, DIMENSIONS)
metrics, passing, failing_only, zeros = SCORING.metrics, SCORING.passing, SCORING.failing_only, SCORING.zeros


def run() -> Trial:
    """A private copy of the fixed correct run."""
    return trial().copy()


def failing(*dimensions: str) -> dict[str, float]:
    return {**passing(), "reward": 0.0, **dict.fromkeys(dimensions, 0.0)}


def extra(item: Trial, content: str, tags: list[list[str]], at: int, kind: int = 9, pubkey: str | None = None) -> dict[str, Any]:
    """An event by the agent (unless `pubkey` says otherwise) at time `at`."""
    made = event(hex64("extra", len(item.events), content), pubkey or item.agent, at, content, tags)
    made["kind"] = kind
    item.events.append(made)
    return made


# ---- a correct run ------------------------------------------------------------------------------------------------


def test_the_fixed_run_scores_one_on_every_key() -> None:
    """A delivery p-tagging the captain, then a callback to the human in her thread, earns 1.0 everywhere."""
    assert metrics(trial()) == passing()


@pytest.mark.parametrize("delivery", DELIVERIES)
@pytest.mark.parametrize("callback", CALLBACKS[:4])
def test_every_listed_wording_pays(delivery: str, callback: str) -> None:
    """Each delivery and callback wording the witnesses use earns 1.0."""
    assert metrics(trial(delivery=delivery, callback=callback)) == passing()


def test_a_top_level_delivery_copying_the_human_pays() -> None:
    """The delivery may stand outside the thread and may copy the human in."""
    item = run()
    delivery = delivery_of(item)
    delivery["tags"] = [tag for tag in delivery["tags"] if tag[0] != "e"] + [["p", item.user], ["p", pubkey_of(item, CAPTAIN)]]
    assert metrics(item) == passing()


def test_the_namesakes_may_be_listed_in_either_order() -> None:
    """The captain is found by identity_id, wherever the directory lists it."""
    item = run()
    item.directory.reverse()
    assert metrics(item) == passing()


# ---- target_notified_once -----------------------------------------------------------------------------------------


def test_the_observer_instead_of_the_captain_fails() -> None:
    """A delivery tagging the observer notifies the wrong namesake: no captain notified, another one woken."""
    item = run()
    delivery = delivery_of(item)
    delivery["tags"] = [["p", pubkey_of(item, OBSERVER)] if tag == ["p", pubkey_of(item, CAPTAIN)] else tag for tag in delivery["tags"]]
    assert metrics(item) == failing("target_notified_once", "other_not_notified", "message_correct", "user_callback")


@pytest.mark.parametrize("kind", [9, 7])
def test_the_captain_notified_twice_fails_target_notified_once(kind: int) -> None:
    """A second event of any kind tagging the captain, even with the right message, is a second notification."""
    item = run()
    delivery = delivery_of(item)
    extra(item, APPROVAL, reply_tags(item.channel, item.task_event_id or "", pubkey_of(item, CAPTAIN)), delivery["created_at"], kind)
    item.final()["created_at"] += 1
    # A reaction is also a delivery nobody reads as the message.
    assert metrics(item) == failing("target_notified_once", *(["message_correct"] if kind == 7 else []))


def test_two_captain_tags_on_one_event_are_one_notification() -> None:
    """One delivery tagging the captain twice still notifies once."""
    item = run()
    delivery_of(item)["tags"].append(["p", pubkey_of(item, CAPTAIN)])
    assert metrics(item) == passing()


def test_a_text_mention_without_a_tag_notifies_nobody() -> None:
    """`@Taylor Morgan Lee` in the text with no p tag is no notification: nothing was delivered."""
    item = run()
    delivery = delivery_of(item)
    delivery["tags"] = [tag for tag in delivery["tags"] if tag[0] != "p"]
    assert metrics(item) == failing("target_notified_once", "message_correct", "user_callback")


# ---- other_not_notified -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["observer", "stranger", "agent"])
@pytest.mark.parametrize("where", ["delivery", "callback", "reaction"])
def test_anyone_else_tagged_anywhere_fails_other_not_notified(who: str, where: str) -> None:
    """A p tag for the observer, a stranger or the agent itself, on the delivery, on another event or on the callback,
    wakes someone who was not asked for."""
    item = run()
    other = {"observer": pubkey_of(item, OBSERVER), "stranger": hex64("stranger"), "agent": item.agent}[who]
    if where == "reaction":
        extra(item, "+", [["h", item.channel], ["p", other]], item.events[0]["created_at"] + 1, kind=7)
        expected = failing_only("other_not_notified")
    else:
        (delivery_of(item) if where == "delivery" else item.final())["tags"].append(["p", other])
        expected = failing_only("other_not_notified") if where == "delivery" else failing("other_not_notified", "user_callback")
    assert metrics(item) == expected


# ---- message_correct ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "ORCHID-72 approved", "orchid-72 APPROVED", "\"ORCHID-72 approved\"", "'ORCHID-72 approved'", "`ORCHID-72 approved`",
        "**ORCHID-72 approved**", "- ORCHID-72 approved", "@Taylor Morgan Lee ORCHID-72 approved", "Hi Taylor, ORCHID-72 approved.",
        "@Taylor Morgan Lee (release captain): ORCHID-72 approved", "Taylor Morgan Lee, the release captain: ORCHID-72 approved",
        "Taylor, our release captain: ORCHID-72 approved", "Message from Olivia: ORCHID-72 approved",
        "Note on behalf of Olivia Grace Park: ORCHID-72 approved", "Update via @Olivia: ORCHID-72 approved",
        "Olivia asked me to tell you: ORCHID-72 approved", "Olivia asked me to pass this on: ORCHID-72 approved",
        "Passing this on from Olivia - ORCHID-72 approved", "As release captain, FYI: ORCHID-72 approved",
        "For the release: ORCHID-72 approved. Thanks!", "Heads up \u2014 ORCHID-72 approved \u2705",
        "Hello there, Taylor:\nORCHID-72 approved\nCheers", "Dear Taylor, ORCHID-72 approved", "Release update: ORCHID-72 approved",
        "Hey Taylor Morgan Lee, quick update: ORCHID-72 approved. Let me know if you need anything else.",
        "1. ORCHID-72 approved", "Hi Taylor, ORCHID-72 approved. Thanks, cheers",
    ],
)
def test_the_message_with_courtesies_pays(content: str) -> None:
    """The message, bare, quoted, styled or with an address, a source or a courtesy around it, is delivered."""
    assert delivers(content), content
    item = run()
    delivery_of(item)["content"] = content
    assert metrics(item) == passing()


@pytest.mark.parametrize(
    "content",
    [
        "ORCHID-72 is approved", "ORCHID-27 approved", "ORCHID-720 approved", "ORCHID 72 approved", "ORCHID72 approved",
        "ORCHID-72 rejected", "ORCHID-72 not approved", "ORCHID-72 approved?", "Is ORCHID-72 approved?",
        "I think ORCHID-72 approved", "ORCHID-72 approved\nActually, scratch that.", "ORCHID-72 approved - not yet",
        "~~ORCHID-72 approved~~", "ORCHID-72 approved /s", "@Taylor Morgan Lee", "Hi Taylor", "", "Thanks!",
        "Olivia has an update for you.", "ORCHID-72 approved \u0434", "ORCHID-72 approved \u202eton\u202c",
        "Hi Maya, ORCHID-72 approved", "@Taylor Morgan LeeORCHID-72 approved", "Sent: ORCHID-72 approved",
        "xORCHID-72 approved", "ORCHID-72 approvedx",
    ],
)
def test_a_wrong_or_unsaid_message_fails_message_correct(content: str) -> None:
    """Another id or verdict, a paraphrase, a negation, question, hedge or retraction, a bare ping, or any piece the
    delivery grammar does not know, fails message_correct only."""
    assert not delivers(content), content
    item = run()
    delivery_of(item)["content"] = content
    assert metrics(item) == failing_only("message_correct")


@pytest.mark.parametrize("how", ["reaction", "other-channel", "before-the-task"])
def test_a_delivery_out_of_sight_fails_message_correct(how: str) -> None:
    """A delivery that is not a chat message in the trial channel after the request was not seen delivered, and the
    callback then reports nothing that can be checked."""
    item = run()
    delivery = delivery_of(item)
    if how == "reaction":
        delivery["kind"] = 7
    elif how == "other-channel":
        delivery["tags"] = [["h", hex64("elsewhere")] if tag[0] == "h" else tag for tag in delivery["tags"]]
    else:
        delivery["created_at"] = item.events[0]["created_at"] - 1
    assert metrics(item) == failing("message_correct", "user_callback")


def test_one_wrong_delivery_among_two_fails_message_correct() -> None:
    """Every delivery must carry the message: a right one and a wrong one is not a correct message."""
    item = run()
    extra(item, "ORCHID-72 rejected", reply_tags(item.channel, item.task_event_id or "", pubkey_of(item, CAPTAIN)),
          delivery_of(item)["created_at"])
    item.final()["created_at"] += 1
    assert metrics(item) == failing("target_notified_once", "message_correct")


# ---- user_callback --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        "Sent", "Done.", "All done.", "sent!", "I sent it.", "I've sent the message to Taylor.", "I have delivered it.",
        "I sent ORCHID-72 approved to Taylor Morgan Lee (release captain).", "Passed on the approval to the release captain.",
        "Forwarded the update to @Taylor Morgan Lee.", "Relayed \"ORCHID-72 approved\" message to Taylor, only.",
        "The message has been sent to the release captain.", "It was delivered.", "The approval is posted.",
        "Taylor Morgan Lee, the release captain, has been notified.", "The release captain was told about it.",
        "I notified the release captain about the approval, not the observer.", "I've let Taylor know.",
        "I pinged Taylor Morgan Lee (the release captain) of the update, and not the observer.", "Informed Taylor.",
        "Message sent to Taylor.", "Approval delivered.", "Taylor now has the message.", "Taylor has it.",
        "The release captain got the approval.", "Sent: ORCHID-72 approved", "@Olivia Grace Park sent.",
        "Hi Olivia, I've let Taylor know. Thanks!", "Hello! Sent. Hope this helps.", "Sure - done; cheers",
    ],
)
def test_a_report_that_it_was_sent_pays(content: str) -> None:
    """Any form of `sent`, `delivered`, `notified` or `done`, with the message, an address of the human or courtesy."""
    assert reports_sent(content, HUMAN), content
    item = run()
    item.final()["content"] = content
    assert metrics(item) == passing()


@pytest.mark.parametrize(
    "content",
    [
        "I'll send it shortly.", "Sending it now.", "Should I send it?", "Which Taylor do you mean?", "Not sent yet.",
        "I think it went through.", "Sent? Not sure.", "I can't send messages for you.", "Sent!\nActually, scratch that.",
        "Sent to the observer.", "I sent it to both Taylor Morgan Lees.", "Message failed to send.", "Thanks!",
        "ORCHID-72 approved", "", "Sent \u0434", "Hi Maya, sent.", "@Olivia Grace Parksent", "I sent ORCHID-27 approved to Taylor.",
        "Sent to Taylor Morgan Lee, the observer.",
    ],
)
def test_a_callback_that_does_not_report_the_sending_fails_user_callback(content: str) -> None:
    """A promise, question, hedge, refusal, failure, wrong recipient or message, or no report at all fails user_callback."""
    assert not reports_sent(content, HUMAN), content
    item = run()
    item.final()["content"] = content
    assert metrics(item) == failing_only("user_callback")


@pytest.mark.parametrize(
    "content",
    [
        "I passed the approval along to Taylor.", "\u2705 ORCHID-72 approved \u2192 Taylor Morgan Lee (release captain)",
        "Taylor's got it.", "The captain has gotten the approval.", "I DMed Taylor.", "I dm'd the release captain.",
        "Shared the approval with Taylor.", "Contacted the release captain.", "The release captain is looped in.",
        "It's out to Taylor.", "The approval is out.", "Mentioned Taylor with the approval.", "Let Taylor Morgan Lee know.",
        "Taylor has the message.", "The release captain has received it.", "The approval is with Taylor.", "Sorted.",
        "Confirmed: ORCHID-72 approved went to the captain.", "Tagged Taylor (release-captain).",
        "Sent to Taylor Morgan Lee (release captain); the other one (observer) was left out.",
        "Sent. I made sure not to ping the observer.", "Sent. Observer notified: no",
        "Sent to Taylor, not the observer.", "The other Taylor Morgan Lee, the observer, was not messaged. Sent.",
        "Sent. I did not notify the observer.",
        "Sent at 14:02 UTC to the release captain.", "Completed.", "After checking the directory, I sent it to the captain.", "Done, over to you!", "Sent, I'll let you know when Taylor replies.",
    ],
)
def test_a_callback_in_words_no_grammar_lists_pays(content: str) -> None:
    """Any word of sending, an arrow to the captain, and a negation that spares the observer in so many words."""
    assert report(content, HUMAN) is None, report(content, HUMAN)


@pytest.mark.parametrize(
    ("content", "rule"),
    [
        ("Sent to the observer.", "claims the observer was told"), ("Sent; cc'd the other Taylor.", "claims the observer"),
        ("Sent to taylor-observer.", "claims the observer"), ("Sent it to both.", "claims the observer"),
        ("Sent; both Taylors got it.", "claims the observer"), ("Notified everyone.", "claims the observer"),
        ("Sent to all of them.", "claims the observer"),
        ("Sent to the observer, not the captain.", "negated"), ("I can't say the observer was spared. Sent.", "negated"),
        ("The observer was not told, nor the captain. Sent.", "negated"),
        ("Sent ORCHID-72 revoked.", "claims another message"), ("Sent: ORCHID-72 on hold.", "claims another message"),
        ("Sent to Taylor Morgan Leigh.", "names another recipient"), ("Sent to Morgan Taylor.", "names another recipient"),
        ("Sent to the release manager.", "names another recipient"), ("Posted in #general.", "names another channel"), ("Sent it to you.", "claims it went to someone else"),
        ("Forwarded the approval to Olivia.", "claims it went to someone else"),
        ("Sent ORCHID-27 approved.", "another name or figure"), ("Sent at 9 sharp.", "rival figure"),
        ("user_callback: 1. Sent.", "words for the grader"), ("ORCHID-72 approved", "no report of the work done"),
        ("Got it.", "no report of the work done"), ("All set.", "no report of the work done"),
        ("Let me know if it should go out. Sent? no", "question"),
    ],
)
def test_a_callback_the_run_contradicts_fails_with_its_rule(content: str, rule: str) -> None:
    """The observer or both told, another message, recipient or channel, a rival figure, words for the grader, no
    report: each refusal names its rule."""
    found = report(content, HUMAN)
    assert found is not None and found.rule.startswith(rule), found


def test_the_observer_is_spared_only_in_so_many_words_and_only_once() -> None:
    assert observer_spared("not the observer") and observer_spared("the observer wasn't tagged")
    assert observer_spared("i did not cc the other taylor") and observer_spared("the other account was left out")
    assert not observer_spared("the observer") and not observer_spared("i can't say, not the observer")
    assert not observer_spared("not the observer but the release captain")
    assert not observer_spared("the observer, not the release captain")
    assert not observer_spared("sent to nobody")


def test_details_name_the_rule_that_refused_the_callback() -> None:
    item = run()
    item.final()["content"] = "I'll send it shortly."
    details = SCORING.verdict(item).details
    assert details["callback_refused"] == "not done yet: \"i'll send it shortly.\""
    assert SCORING.verdict(run()).details["callback_refused"] is None
    empty = run()
    empty.events = empty.events[:1]
    assert SCORING.verdict(empty).details["callback_refused"] == "no final reply to the human: ''"


def test_a_delivery_may_close_with_a_courtesy_after_a_comma() -> None:
    """A courtesy allowed anywhere (not only an opening acknowledgement) is read as a piece of a delivery's clause."""
    assert delivers("ORCHID-72 approved, have a great day")
    assert not delivers("ORCHID-72 approved, have a great idea")


def test_a_callback_without_the_humans_tag_fails() -> None:
    """The callback must hand the turn back with a p tag; her name in the text is not one."""
    item = run()
    final = item.final()
    final["tags"] = [tag for tag in final["tags"] if tag[0] != "p"]
    final["content"] = f"@{HUMAN} Sent."
    assert metrics(item) == failing_only("user_callback")


def test_a_callback_before_the_delivery_fails() -> None:
    """A callback that comes before the delivery reports what had not happened; the delivery is then the final reply."""
    item = run()
    delivery = delivery_of(item)
    delivery["created_at"] = item.final()["created_at"] + 1
    found = metrics(item)
    assert found["user_callback"] == 0.0 and found["reward"] == 0.0


def test_a_callback_without_any_delivery_fails() -> None:
    """A callback saying it was sent when nothing was delivered fails, along with the delivery's own dimensions."""
    item = run()
    item.events.remove(delivery_of(item))
    assert metrics(item) == failing("target_notified_once", "message_correct", "user_callback")


def test_a_delivery_that_is_also_the_callback_fails_user_callback() -> None:
    """One message tagging the captain and the human is a delivery without a callback after it."""
    item = run()
    item.events.remove(delivery_of(item))
    final = item.final()
    final["content"] = "ORCHID-72 approved"
    final["tags"].append(["p", pubkey_of(item, CAPTAIN)])
    assert metrics(item) == failing_only("user_callback")


def test_a_callback_with_the_human_tagged_twice_pays() -> None:
    """A repeated tag of the human is still a callback to her alone."""
    item = run()
    item.final()["tags"].append(["p", item.user])
    assert metrics(item) == passing()


# ---- reply_to_thread -------------------------------------------------------------------------------------------------


def test_a_top_level_callback_fails_reply_to_thread() -> None:
    """The callback outside the human's thread fails only reply_to_thread."""
    item = run()
    item.final()["tags"] = [tag for tag in item.final()["tags"] if tag[0] != "e"]
    assert metrics(item) == failing_only("reply_to_thread")


def test_a_callback_in_the_thread_from_another_channel_fails() -> None:
    """A reply pointer to the request from another channel is not a reply in the trial's thread."""
    item = run()
    item.final()["tags"] = [["h", hex64("elsewhere")] if tag[0] == "h" else tag for tag in item.final()["tags"]]
    assert metrics(item) == failing_only("reply_to_thread")


# ---- evidence_complete ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["missing", "null", "duplicate", "unknown", "third", "shared-key", "one-gone", "renamed"])
def test_unresolvable_namesakes_fail_evidence_complete(how: str) -> None:
    """Without exactly one captain and one observer named Taylor Morgan Lee, with their own pubkeys, nothing can be
    judged: evidence_complete 0, and the notification dimensions fail with it."""
    item = run()
    entries = item.directory
    if how == "missing":
        del entries[1]["identity_id"]
    elif how == "null":
        entries[1]["identity_id"] = None
    elif how == "duplicate":
        entries[1]["identity_id"] = CAPTAIN
    elif how == "unknown":
        entries[1]["identity_id"] = "taylor"
    elif how == "third":
        entries.append({"name": "Taylor Morgan Lee", "role": "user", "pubkey": hex64("third"), "identity_id": "taylor-guest"})
    elif how == "shared-key":
        entries[1]["pubkey"] = entries[0]["pubkey"]
    elif how == "one-gone":
        del entries[1]
    else:
        entries[1]["name"] = "Taylor M. Lee"
    verdict = SCORING.verdict(item)
    assert verdict.metrics()["evidence_complete"] == 0.0 and verdict.metrics()["reward"] == 0.0
    assert verdict.metrics()["target_notified_once"] == 0.0 and verdict.metrics()["other_not_notified"] == 0.0
    assert verdict.details["completeness"]["namesakes_resolved"] is False and verdict.details["captain"] is None


def test_without_a_single_human_the_callback_fails() -> None:
    """With two users nobody is the human: the callback has no one to hand back to, its tag for her is then
    anyone's, and the evidence is incomplete; the delivery itself is still judged for diagnosis."""
    item = run()
    item.identities["Second Human"] = {"role": "user", "pubkey": hex64("second")}
    assert metrics(item) == {**zeros(), "target_notified_once": 1.0, "message_correct": 1.0, "reply_to_thread": 1.0}


def test_without_a_single_orchestrator_nothing_is_judged_as_sent() -> None:
    """With two orchestrators nobody is the agent: no delivery, no callback, and no claim that nobody else was woken."""
    item = run()
    item.identities["Shadow"] = {"role": "orchestrator", "pubkey": hex64("shadow")}
    verdict = SCORING.verdict(item)
    assert verdict.metrics() == zeros()
    assert verdict.details["completeness"]["one_orchestrator"] is False and verdict.details["deliveries"] == []


def test_no_reply_at_all_is_the_agents_fault() -> None:
    """No orchestrator message scores 0 everywhere but evidence_complete, and other_not_notified (nobody woken)."""
    item = run()
    item.events = item.events[:1]
    assert metrics(item) == {**zeros(), "other_not_notified": 1.0, "evidence_complete": 1.0}


# ---- reading ------------------------------------------------------------------------------------------------------------


def test_clauses_fold_split_and_drop_marks() -> None:
    """Sentences come out folded, backticks read as quotes, list marks, emphasis and end marks gone."""
    assert clauses("- **Hi** Taylor: `ORCHID-72 approved`!\n\n2) Thanks. Cheers;") == [
        "hi taylor: 'orchid-72 approved'", "thanks", "cheers"]
    assert clauses("a\nb \u0434") is None and clauses("") == []


def test_messages_past_the_length_bound_are_not_read() -> None:
    """A delivery or callback longer than MAX_CHARS fails; one exactly that long is still read."""
    padded = APPROVAL + "\n" * (MAX_CHARS - len(APPROVAL))
    assert len(padded) == MAX_CHARS and delivers(padded) and not delivers(padded + "\n")
    sent = "Sent" + "\n" * (MAX_CHARS - 4)
    assert reports_sent(sent, HUMAN) and not reports_sent(sent + "\n", HUMAN)


def test_addresses_are_of_the_named_person_or_a_bare_greeting() -> None:
    """An address is the person's full or first name, with `@` or a greeting; with no name, only a greeting."""
    address = address_of(HUMAN)
    for text in ("@olivia grace park", "olivia", "hi olivia", "hey there, @olivia grace park", "dear olivia", "hello"):
        assert address.fullmatch(text), text
    for text in ("grace", "park", "olivia park", "hi taylor"):
        assert not address.fullmatch(text), text
    assert address_of("").fullmatch("hi there") and not address_of("").fullmatch("@")


def test_details_name_the_namesakes_deliveries_and_reply() -> None:
    """details.json holds the completeness checks, both namesakes, each delivery and the final reply."""
    item = trial()
    details = SCORING.verdict(item).details
    assert details["captain"]["identity_id"] == CAPTAIN and details["observer"]["identity_id"] == OBSERVER
    assert [d["id"] for d in details["deliveries"]] == [delivery_of(item)["id"]]
    assert details["deliveries"][0]["mentions"] == [pubkey_of(item, CAPTAIN)] and details["deliveries"][0]["kind"] == 9
    assert details["final_reply"]["id"] == item.final()["id"] and details["final_reply"]["content"] == item.final()["content"]
    assert details["expected_message"] == APPROVAL and all(details["completeness"].values())
    empty = item.copy()
    empty.events = empty.events[:1]
    assert SCORING.verdict(empty).details["final_reply"] is None


def test_main_scores_the_files_named_on_its_command_line(tmp_path: Path) -> None:
    """The command line reads the evidence and writes reward.json and details.json."""
    evidence = tmp_path / "buzz-evidence.json"
    evidence.write_text(json.dumps(trial().snapshot()), encoding="utf-8")
    reward, details = tmp_path / "reward.json", tmp_path / "details.json"
    assert main(["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text(encoding="utf-8")) == passing()
    assert json.loads(details.read_text(encoding="utf-8"))["expected_message"] == APPROVAL


def test_the_instruction_is_the_prompt() -> None:
    """instruction.md is the task event's prompt, naming the message and the release captain."""
    text = (TASKS_DIR / "ambiguous-user-mention" / "instruction.md").read_text(encoding="utf-8")
    assert text.rstrip("\n") == PROMPT and APPROVAL in text and "release captain" in text
