"""Example tests for the cross-thread-requests verifier, scored in-process: each dimension passes and fails on examples."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scoring import Scoring
from verifuzz.strategies.cross_thread_requests import ALPHA_REPLIES, BETA_REPLIES, HUMAN, alpha_reply, beta_event, trial
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers.cross_thread_requests import ALPHA, BETA, TASK, main
from verifuzz.verifiers.figure_reply import evaluate, read_answer, states_answer

DIMENSIONS = ("alpha_correct", "beta_correct", "thread_isolation", "user_mentioned_twice", "evidence_complete")
SCORING = Scoring(TASK, DIMENSIONS)
metrics, passing, failing_only, zeros = SCORING.metrics, SCORING.passing, SCORING.failing_only, SCORING.zeros
FIELDS = {"first": "Priya", "user": HUMAN}


def answered(alpha: str | None = None, beta: str | None = None) -> Trial:
    return trial(alpha=alpha, beta=beta).copy()


def added(item: Trial, content: str, tags: list[list[str]], kind: int = 9) -> Trial:
    """`item` with one more orchestrator event, stamped after the replies."""
    extra = event(hex64("extra", content, kind), item.agent, item.last_time() + 1, content, tags)
    extra["kind"] = kind
    item.events.append(extra)
    return item





# ---- a correct run ------------------------------------------------------------------------------------------------


def test_the_fixed_run_scores_one_on_every_key() -> None:
    """ALPHA and BETA each answered in their own thread, p-tagging the human, earn 1.0 everywhere."""
    assert metrics(trial()) == passing()


def test_each_reply_is_read_with_the_runs_own_human_addressed() -> None:
    """The human's name in an address is dress: `Hi Dana Sample,` is read as a greeting, not as a sample reply."""
    greeted = trial(Cast(user_name="Dana Sample"), alpha=f"Hi Dana Sample, the answer is {ALPHA.answer}.",
                    beta=f"@Dana Sample\n{BETA.answer}")
    assert metrics(greeted) == passing()


@pytest.mark.parametrize(("alpha", "beta"), list(zip(ALPHA_REPLIES, BETA_REPLIES)))
def test_each_natural_wording_of_both_answers_passes(alpha: str, beta: str) -> None:
    """Every wording a witness draws is read as its request's answer."""
    assert metrics(answered(alpha.format(**FIELDS), beta.format(**FIELDS))) == passing()


def test_beta_may_be_answered_first_and_posted_after_alpha_was_answered() -> None:
    """The order of the two replies, and whether BETA came before ALPHA's answer, change nothing."""
    item = answered()
    first, second = alpha_reply(item), item.final()
    first["created_at"], second["created_at"] = second["created_at"], first["created_at"]
    late = answered()
    beta_event(late)["created_at"] = alpha_reply(late)["created_at"] + 1
    late.final()["created_at"] += 5
    assert metrics(item) == passing() and metrics(late) == passing()


# ---- alpha_correct and beta_correct -------------------------------------------------------------------------------


@pytest.mark.parametrize("content", ["ALPHA: 350", "346 or 350", "ALPHA: 346?", "Probably 346.", "ALPHA is not 346.",
                                     "14 x 25 - 4 = 356, so 346", "346.5", "1,346", "three hundred forty-seven",
                                     "14 x 25 = 350 usable units\n346", "I'll answer ALPHA soon."])
def test_a_wrong_alpha_reply_fails_alpha_correct(content: str) -> None:
    """A wrong figure, several, a question, a hedge, a negation, false working or a unit on a step fail alpha_correct."""
    assert metrics(answered(alpha=content)) == failing_only("alpha_correct")


@pytest.mark.parametrize("content", ["BETA: 42", "41 or 42", "BETA: 41?", "Roughly 41.", "BETA is not 41.",
                                     "6 x 7 - 1 = 40, so 41", "41.5", "forty-two", "6 x 7 = 42 tickets remain\n41",
                                     "41 tickets were planned", "Is BETA 41"])
def test_a_wrong_beta_reply_fails_beta_correct(content: str) -> None:
    """A wrong figure, several, a question, a hedge, a negation, false working, a unit on a step or the planned count
    fail beta_correct."""
    assert metrics(answered(beta=content)) == failing_only("beta_correct")


def test_alpha_unanswered_or_answered_by_an_impostor_fails_alpha_correct() -> None:
    """Without the agent's reply in ALPHA's thread there is no ALPHA answer, and there are not two replies either."""
    gone = answered()
    gone.events.remove(alpha_reply(gone))
    impostor = answered()
    alpha_reply(impostor)["pubkey"] = hex64("impostor")
    expected = {**zeros(), "beta_correct": 1.0, "evidence_complete": 1.0}
    assert metrics(gone) == expected and metrics(impostor) == expected


def test_the_answers_are_read_with_their_own_units_and_steps() -> None:
    """Each request's grammar knows its own units and steps only."""
    assert states_answer("You have 346 usable units.", ALPHA, HUMAN) and states_answer("41 tickets left", BETA, HUMAN)
    assert not states_answer("You have 346 tickets.", ALPHA, HUMAN) and not states_answer("41 usable units", BETA, HUMAN)
    assert states_answer("14 x 25 = 350\n346", ALPHA, HUMAN) and not states_answer("6 x 7 = 42\n346", ALPHA, HUMAN)


def test_arithmetic_is_evaluated_exactly_or_not_at_all() -> None:
    """Brackets, precedence and exact division are honoured; anything else is no expression."""
    assert evaluate("(17 + 23 - 11) x 3") == 87 and evaluate("17+23-11*3") == 7 and evaluate("174/2") == 87
    assert evaluate("7 / 2") * 2 == 7
    for broken in ("", "3 /0", "(3 + 4", "3 + 4)", "3 +", "-3", "3 4", "8 7", "3 % 4", "x 3", "()"):
        assert evaluate(broken) is None, broken


# ---- thread_isolation ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["alpha", "beta", "top"])
def test_both_answers_in_one_reply_fail_thread_isolation(where: str) -> None:
    """One reply answering both requests, wherever it sits, leaves a thread unanswered and mixes the requests."""
    item = answered()
    keep = alpha_reply(item) if where == "alpha" else item.final()
    item.events.remove(item.final() if where == "alpha" else alpha_reply(item))
    keep["content"] = "ALPHA: 346\nBETA: 41"
    if where == "top":
        keep["tags"] = [tag for tag in keep["tags"] if tag[0] != "e"]
    assert metrics(item)["thread_isolation"] == 0.0 and metrics(item)["reward"] == 0.0


@pytest.mark.parametrize("extra", ["\nBETA is answered separately.", "\n41", "\n(41 tickets are in the other thread)"])
def test_the_alpha_reply_speaking_of_beta_fails_thread_isolation(extra: str) -> None:
    """ALPHA's reply naming BETA or its answer mentions the other request, even beside a correct ALPHA."""
    metrics_ = metrics(answered(alpha="ALPHA: 346" + extra))
    assert metrics_["thread_isolation"] == 0.0 and metrics_["beta_correct"] == 1.0


def test_an_e_tag_for_the_other_request_fails_thread_isolation() -> None:
    """An `e` tag naming the other request, with any marker, mentions it."""
    for marker in ("mention", "root", ""):
        item = answered()
        item.final()["tags"].append(["e", item.task_event_id, "", marker])
        assert metrics(item) == failing_only("thread_isolation"), marker
        other = answered()
        alpha_reply(other)["tags"].append(["e", beta_event(other)["id"], "", marker])
        assert metrics(other) == failing_only("thread_isolation"), marker


def test_a_third_orchestrator_message_fails_thread_isolation() -> None:
    """An acknowledgement makes three replies where two were asked for; posted last in a thread, it is that thread's reply."""
    assert metrics(added(answered(), "On it.", [["h", trial().channel]])) == failing_only("thread_isolation")
    early = added(answered(), "On it.", reply_tags(trial().channel, trial().task_event_id))
    early.events[-1]["created_at"] = alpha_reply(early)["created_at"] - 1
    assert metrics(early) == failing_only("thread_isolation")
    late = added(answered(), "On it.", reply_tags(trial().channel, trial().task_event_id))
    assert metrics(late) == {**failing_only("thread_isolation"), "alpha_correct": 0.0, "user_mentioned_twice": 0.0}


def test_an_orchestrator_reaction_is_not_a_reply() -> None:
    """Only chat messages are replies: a reaction without a p tag leaves two replies."""
    item = added(answered(), "+", [["e", trial().task_event_id], ["h", trial().channel]], kind=7)
    assert metrics(item) == passing()


# ---- user_mentioned_twice -----------------------------------------------------------------------------------------


def test_each_reply_must_p_tag_the_human_and_nobody_else() -> None:
    """A reply without her p tag (her name in text is not one), or with a stranger's beside it, fails."""
    for pick in (alpha_reply, Trial.final):
        untagged = answered()
        reply = pick(untagged)
        reply["tags"] = [tag for tag in reply["tags"] if tag[0] != "p"]
        reply["content"] = f"@{HUMAN} " + reply["content"]
        stranger = answered()
        pick(stranger)["tags"].append(["p", hex64("stranger")])
        assert metrics(untagged) == failing_only("user_mentioned_twice")
        assert metrics(stranger) == failing_only("user_mentioned_twice")


def test_a_third_event_tagging_the_human_fails_user_mentioned_twice() -> None:
    """A reaction carrying her p tag is a third callback."""
    item = added(answered(), "+", [["e", trial().task_event_id], ["p", trial().user]], kind=7)
    assert metrics(item) == failing_only("user_mentioned_twice")


# ---- evidence_complete --------------------------------------------------------------------------------------------


def test_a_snapshot_without_scripted_events_cannot_show_beta() -> None:
    """An older exporter's snapshot names no BETA request: BETA, the threads and the evidence fail, with a note."""
    item = trial()
    snapshot = item.snapshot()
    del snapshot["scripted_events"]
    verdict = SCORING.verdict(item, snapshot)
    assert verdict.metrics() == {**zeros(), "alpha_correct": 1.0}
    assert "older exporter" in verdict.details["beta_note"] and "reason" not in verdict.details


@pytest.mark.parametrize("change", ["author", "threaded", "channel", "task-event", "kind", "twice", "label"])
def test_a_beta_request_that_is_not_the_humans_top_level_message_fails_evidence(change: str) -> None:
    """The labelled BETA must be one top-level chat message by the human in the trial channel, not the task event."""
    item = answered()
    request = beta_event(item)
    if change == "author":
        request["pubkey"] = hex64("stranger")
    elif change == "threaded":
        request["tags"].append(["e", item.task_event_id, "", "reply"])
    elif change == "channel":
        request["tags"] = [["h", hex64("elsewhere")]]
    elif change == "kind":
        request["kind"] = 1
    elif change == "twice":
        item.scripted_events.append({"label": "beta-request", "event_id": item.task_event_id})
    elif change == "label":
        item.scripted_events[0]["label"] = "beta"
    else:
        item.scripted_events[0]["event_id"] = item.task_event_id
    found = metrics(item)
    assert found["evidence_complete"] == 0.0 and found["beta_correct"] == 0.0 and found["alpha_correct"] == 1.0


def test_other_scripted_events_are_ignored() -> None:
    """Labels the task does not name change nothing."""
    item = answered()
    item.scripted_events.append({"label": "warm-up", "event_id": item.task_event_id})
    assert metrics(item) == passing()


def test_the_cli_writes_both_files(tmp_path: Path) -> None:
    """The verifier's CLI scores a snapshot file and writes reward.json and details.json."""
    evidence, reward, details = tmp_path / "e.json", tmp_path / "r.json", tmp_path / "d.json"
    evidence.write_text(json.dumps(trial().snapshot()), encoding="utf-8")
    assert main(["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text(encoding="utf-8")) == passing()
    written = json.loads(details.read_text(encoding="utf-8"))
    assert written["beta_request_id"] == trial().scripted_events[0]["event_id"] and written["orchestrator_replies"] == 2


def test_details_name_each_answer_the_callbacks_and_what_was_expected() -> None:
    """details.json names the completeness checks, BETA, both answers, the callbacks and the expected figures."""
    item = trial()
    details = dict(SCORING.verdict(item).details)
    checks = details.pop("completeness")
    assert checks["beta_request_found"] is True and all(checks.values()) and len(checks) == 7
    alpha, beta = alpha_reply(item), item.final()
    assert details == {
        "beta_request_id": beta_event(item)["id"], "scripted_events_listed": 1, "orchestrator_replies": 2,
        "alpha_reply": {"id": alpha["id"], "content": alpha["content"]},
        "beta_reply": {"id": beta["id"], "content": beta["content"]},
        "human_callbacks": [alpha["id"], beta["id"]], "expected_answers": {"alpha": 346, "beta": 41},
        "alpha_reason": "", "beta_reason": "",
    }


def test_details_say_why_beta_is_missing() -> None:
    """Without a BETA request the details carry the note naming the three dimensions that fail, and no reason."""
    item = answered()
    item.scripted_events = []
    details = SCORING.verdict(item).details
    assert details["beta_note"] == (
        "no scripted event labelled beta-request names a top-level chat message by the human in the trial channel "
        "(an older exporter lists no scripted events): beta_correct, thread_isolation and evidence_complete fail")
    assert details["beta_reply"] is None and details["alpha_reply"] is not None and "reason" not in details


def test_no_human_or_no_single_orchestrator_is_scored_not_crashed() -> None:
    """Without one human or one orchestrator the verifier scores zeros itself, without failing on an error; and with
    no human a greeting, bare or to any name, says nothing of the figure."""
    for role in ("user", "orchestrator"):
        item = answered()
        item.identities[f"Second {role}"] = {"role": role, "pubkey": hex64("second", role)}
        verdict = SCORING.verdict(item)
        assert "reason" not in verdict.details and verdict.metrics()["evidence_complete"] == 0.0
    nameless = answered(alpha="Hi XXXX, ALPHA: 346")
    nameless.identities = {name: spec for name, spec in nameless.identities.items() if spec["role"] != "user"}
    assert metrics(nameless)["alpha_correct"] == 1.0
    greeted = answered(alpha="Hi, ALPHA: 346")
    greeted.identities = dict(nameless.identities)
    assert metrics(greeted)["alpha_correct"] == 1.0


def test_short_e_tags_are_read_by_their_id() -> None:
    """An `e` tag of the other request's id alone still mentions it; an `e` tag with no id mentions nothing."""
    two = answered()
    two.final()["tags"].append(["e", two.task_event_id])
    one = answered()
    one.final()["tags"].append(["e"])
    assert metrics(two) == failing_only("thread_isolation")
    assert metrics(one) == passing()


def test_details_say_why_an_answer_does_not_state_its_figure() -> None:
    """Each answer's reason names the sentence and rule that decided it, or that no reply was found in its thread."""
    wrong = SCORING.verdict(answered(alpha="ALPHA: 350", beta="Is it 41?")).details
    assert wrong["alpha_reason"] == "350 given as the answer in 'alpha: 350'" and wrong["beta_reason"] == "question: 'is it 41?'"
    gone = answered()
    gone.events.remove(alpha_reply(gone))
    gone.events.remove(gone.final())
    details = SCORING.verdict(gone).details
    assert details["alpha_reason"] == "no reply in the ALPHA thread" and details["beta_reason"] == "no reply in the BETA thread"
