"""Example tests for the interleaved-agent-reports verifier, scored in-process: each dimension passes and fails on examples."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scoring import Scoring
from verifuzz.strategies.interleaved_agent_reports import HUMAN, REPLIES, SCRIPTED, report_event, trial
from verifuzz.strategies.cast import Cast
from verifuzz.strategies.trial import Trial, event, hex64, reply_tags
from verifuzz.verifiers.interleaved_agent_reports import FIGURE, REPORTS, TASK, carries, main
from verifuzz.verifiers.figure_reply import read_answer, states_answer

DIMENSIONS = ("reports_delivered", "inputs_complete", "answer_correct", "single_human_callback",
              "reporters_not_rementioned", "reply_to_thread", "evidence_complete")
SCORING = Scoring(TASK, DIMENSIONS)
metrics, passing, failing_only, zeros = SCORING.metrics, SCORING.passing, SCORING.failing_only, SCORING.zeros


def with_reply(content: str) -> Trial:
    item = trial().copy()
    item.final()["content"] = content
    return item


def reporter_key(item: Trial, name: str) -> str:
    return next(entry["pubkey"] for entry in item.directory if entry["name"] == name)


def acknowledged(item: Trial, content: str, tags: list[list[str]], kind: int = 9) -> Trial:
    """`item` with an orchestrator message stamped between the last report and the final reply."""
    final = item.final()
    final["created_at"] += 10
    ack = event(hex64("ack", content, kind), item.agent, final["created_at"] - 5, content, tags)
    ack["kind"] = kind
    item.events.append(ack)
    return item





# ---- a correct run ------------------------------------------------------------------------------------------------


def test_the_fixed_run_scores_one_on_every_key() -> None:
    """Three reports in the thread, then one reply with the figure p-tagging the human, earns 1.0 everywhere."""
    assert metrics(trial()) == passing()


def test_the_reply_is_read_with_the_runs_own_human_addressed() -> None:
    """The human's name in an address is dress: `Hi Dana Sample,` is read as a greeting, not as a sample reply."""
    greeted = trial(Cast(user_name="Dana Sample"), reply=f"Hi Dana Sample, the final figure is {FIGURE.answer}.")
    assert metrics(greeted) == passing()


@pytest.mark.parametrize("template", REPLIES)
def test_each_natural_wording_of_the_figure_passes(template: str) -> None:
    """Every wording a witness draws is read as the figure."""
    assert metrics(with_reply(template.format(first="Nora", user=HUMAN))) == passing()


def test_reports_in_any_order_at_the_top_level_with_acknowledgements_pass() -> None:
    """Reports may arrive in any order, outside the thread, with the agent acknowledging them quietly."""
    item = trial().copy()
    for report in (report_event(item, label) for label in SCRIPTED):
        report["tags"] = [["h", item.channel]]
    first, second = report_event(item, "operations-report"), report_event(item, "ledger-report")
    first["created_at"], second["created_at"] = second["created_at"], first["created_at"]
    acknowledged(item, "Got the ledger report, thanks Ledger Scout.", reply_tags(item.channel, item.task_event_id))
    assert metrics(item) == passing()


# ---- reports_delivered --------------------------------------------------------------------------------------------


def test_a_snapshot_without_scripted_events_fails_the_reports_with_a_note() -> None:
    """An older exporter's snapshot names no report: reports_delivered and inputs_complete fail, and details say why."""
    item = trial()
    snapshot = item.snapshot()
    del snapshot["scripted_events"]
    verdict = SCORING.verdict(item, snapshot)
    assert verdict.metrics() == {**failing_only("reports_delivered"), "inputs_complete": 0.0}
    assert verdict.details["reports_note"] == (
        "the snapshot lists no scripted events (an older exporter writes none), so the three reports cannot be told "
        "apart from other messages: reports_delivered and inputs_complete fail")
    assert "reason" not in verdict.details


@pytest.mark.parametrize("label", list(SCRIPTED))
def test_each_report_must_be_signed_by_its_own_reporter(label: str) -> None:
    """A report signed by another reporter or by the orchestrator is not delivered."""
    for signer in ("other", "agent"):
        item = trial().copy()
        other = next(name for name, _ in REPORTS.values() if name != REPORTS[label][0])
        report_event(item, label)["pubkey"] = item.agent if signer == "agent" else reporter_key(item, other)
        assert metrics(item) == failing_only("reports_delivered"), signer


@pytest.mark.parametrize("label", list(SCRIPTED))
def test_a_report_without_its_figures_is_not_delivered(label: str) -> None:
    """A report whose text lacks one of its labelled figures, or has another number there, is not delivered."""
    item = trial().copy()
    report = report_event(item, label)
    report["content"] = report["content"].replace("1", "4").replace("3", "5")
    assert metrics(item) == failing_only("reports_delivered")


def test_a_label_listed_twice_or_naming_no_message_is_not_delivered() -> None:
    """Two scripted events of one label, or one naming an id absent from the export, deliver nothing."""
    twice = trial().copy()
    twice.scripted_events.append({"label": "risk-report", "event_id": twice.final()["id"]})
    ghost = trial().copy()
    ghost.scripted_events[0]["event_id"] = hex64("ghost")
    assert metrics(twice) == {**failing_only("reports_delivered"), "inputs_complete": 0.0}
    assert metrics(ghost) == {**failing_only("reports_delivered"), "inputs_complete": 0.0}


def test_a_report_of_another_kind_elsewhere_or_before_the_task_is_not_delivered() -> None:
    """A report that is not chat, sits in another channel, or came before the task event is not delivered."""
    kind, channel, early = trial().copy(), trial().copy(), trial().copy()
    report_event(kind, "risk-report")["kind"] = 1
    report_event(channel, "risk-report")["tags"] = [["h", hex64("elsewhere")]]
    report_event(early, "risk-report")["created_at"] = early.events[0]["created_at"] - 1
    assert metrics(kind) == {**failing_only("reports_delivered"), "inputs_complete": 0.0}
    assert metrics(channel) == failing_only("reports_delivered")
    assert metrics(early) == failing_only("reports_delivered")


def test_other_scripted_events_beside_the_reports_are_ignored() -> None:
    """A harness may script more messages than the reports: labels the task does not name change nothing."""
    item = trial().copy()
    item.scripted_events.append({"label": "warm-up", "event_id": item.task_event_id})
    assert metrics(item) == passing()


def test_a_report_carries_its_figures_after_their_labels() -> None:
    """Figures are read after their labels, within a few words, as whole numbers."""
    assert carries("North 17, South 23.", (("north", 17), ("south", 23)))
    assert carries("Hold a reserve of 11.", (("reserve", 11),))
    assert not carries("North 170, South 23.", (("north", 17), ("south", 23)))
    assert not carries("South 23 and 17 for the north.", (("north", 17),))
    assert not carries("Reserve: nothing this quarter, see line 11.", (("reserve", 11),))


# ---- inputs_complete ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("gap", [0, 1, 30])
def test_a_report_stamped_at_or_after_the_reply_fails_inputs_complete(gap: int) -> None:
    """The reply must come in a later second than every report: the same second cannot prove the order."""
    item = trial().copy()
    report_event(item, "operations-report")["created_at"] = item.final()["created_at"] + gap
    assert metrics(item) == failing_only("inputs_complete")


# ---- answer_correct -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("content", [
    "The final figure is 29.", "87 or 29", "Final figure: 87. Without the multiplier: 29.", "I think it's 87.",
    "The final figure is 87?", "The final figure is not 87.", "The final figure will be 87.", "87.5", "eighty-eight",
    "(17 + 23 - 11) x 3 = 84, so 87.", "North 23 + South 17 - reserve 11 = 29\nFinal figure: 87", "1,087",
"17 + 23 = 40 - 11 = 29 x 3 = 88", "The final figure is 87.\nCorrection: 29.", "~~87~~", "- [ ] 87",
    "I can't post \"87\".", "2 + 2 = 4\nThe final figure is 87.", "23 = 17 + 11\nThe final figure is 87.",
    "Multiplier = 87", "The final figure is 87 (north 23, south 17)", "87 (unconfirmed)", "(17 + 23 - 11) x 3",
    "40 - 11 = 29", "(17 + 23 - 11) x 3 = 174 / 2 = 87",
])
def test_a_reply_whose_meaning_is_not_87_fails_answer_correct(content: str) -> None:
    """Wrong figures, several figures, false working, swapped inputs and any unrecognised clause fail answer_correct."""
    assert metrics(with_reply(content)) == failing_only("answer_correct")


@pytest.mark.parametrize("content", [
    "**87**", "Final figure: `87`", "The result is \"87\".", "Sure! It's 87.", "That gives 87", "87 is the final figure.",
    "(North + South - reserve) x multiplier = 87", "17+23-11=29\n29*3=87", "(17 + 23 \u2212 11) \u00d7 3 = 87",
    "The reserve is 11 and the multiplier 3.\nSo the final figure is 87.", "3 (multiplier)\n87",
    "Thanks!\n\n1. 17 + 23 = 40\n2. 40 - 11 = 29\n3. 29 x 3 = 87", "HI NORA, THE FINAL FIGURE IS 87!",
    "Hello @Nora Isabel Grant: 87 in total", "North 17 + (23 - 11) = 29\nThe overall total comes to 87.",
    "Final figure: 87.0", "Eighty-seven.", "The final figure is eighty-seven (87).", "17 + 23 = 40 - 11 = 29 x 3 = 87",
])
def test_natural_replies_with_the_figure_pass(content: str) -> None:
    """Markdown, quotes, true working, bound inputs, greetings and the formula in words leave the figure correct."""
    assert metrics(with_reply(content)) == passing()


def test_the_figure_reader_refuses_long_replies_and_empty_ones() -> None:
    """A reply past MAX_REPLY_CHARS is not read, and a reply with no sentence states nothing."""
    from verifuzz.verifiers.figure_reply import MAX_REPLY_CHARS
    padded = "87" + " " * (MAX_REPLY_CHARS - 2)
    assert states_answer(padded, FIGURE, HUMAN)
    assert not states_answer(padded + " ", FIGURE, HUMAN)
    assert not states_answer("  \n ", FIGURE, HUMAN)


def test_a_leading_number_is_a_list_mark_only_before_text_and_within_the_line_count() -> None:
    """`1. 87` is a list item holding the figure; `87. - Hello!` and `87. Thanks` give the figure; `29. 87` and
    `29. - 87` give a wrong figure first, since no one-line reply has a 29th item."""
    for right in ("1. 87", "87. - Hello!", "87. Thanks", "Hi Nora\n2. 87"):
        assert states_answer(right, FIGURE, HUMAN), right
    for wrong in ("29. - 87", "29.\n87", "29. 87", "3. 87"):
        assert not states_answer(wrong, FIGURE, HUMAN), wrong


def test_a_sentence_naming_the_figure_must_give_it_not_a_step() -> None:
    """`Final figure:` before working or inputs alone calls them the figure; on its own line, or before 87, it is a heading."""
    for wrong in ("The final figure: 17 + 23 - 11 = 29\n87", "Final figure: North 17\n87", "Total: 40 - 11 = 29 - 87"):
        assert not states_answer(wrong, FIGURE, HUMAN), wrong
    for right in ("Final figure:\n87", "**Final figure:**\n87", "Final figure: 87 - North 17", "Final figure: 29 x 3 = 87"):
        assert states_answer(right, FIGURE, HUMAN), right


def test_the_figure_must_be_in_the_final_reply() -> None:
    """A figure posted earlier does not make a final 'done' correct."""
    item = acknowledged(trial().copy(), "The final figure is 87.", reply_tags(trial().channel, trial().task_event_id))
    item.final()["content"] = "Done."
    assert metrics(item) == failing_only("answer_correct")


# ---- single_human_callback ----------------------------------------------------------------------------------------


def test_an_acknowledgement_that_notifies_the_human_fails_the_single_callback() -> None:
    """A p tag, or an @ wake of her full name, on an earlier message is a second callback."""
    tagged = acknowledged(trial().copy(), "On it.", reply_tags(trial().channel, trial().task_event_id, trial().user))
    woken = acknowledged(trial().copy(), f"@{HUMAN} on it.", reply_tags(trial().channel, trial().task_event_id))
    reaction = acknowledged(trial().copy(), "+", [["e", trial().task_event_id], ["p", trial().user]], kind=7)
    for item in (tagged, woken, reaction):
        assert metrics(item) == failing_only("single_human_callback")


def test_the_final_reply_must_p_tag_the_human_and_no_stranger() -> None:
    """Her name in text without a p tag, or a stranger's p tag beside hers, fails the callback."""
    untagged = with_reply(f"@{HUMAN} the final figure is 87.")
    untagged.final()["tags"] = [tag for tag in untagged.final()["tags"] if tag[0] != "p"]
    stranger = trial().copy()
    stranger.final()["tags"].append(["p", hex64("stranger")])
    assert metrics(untagged) == failing_only("single_human_callback")
    assert metrics(stranger) == failing_only("single_human_callback")


def test_a_first_name_wake_in_an_acknowledgement_is_not_a_callback() -> None:
    """`@Nora` alone matches no full name, so an acknowledgement holding it notifies no one."""
    item = acknowledged(trial().copy(), "@Nora on it.", reply_tags(trial().channel, trial().task_event_id))
    assert metrics(item) == passing()


# ---- reporters_not_rementioned ------------------------------------------------------------------------------------


@pytest.mark.parametrize("reporter", [name for name, _ in REPORTS.values()])
def test_a_reporter_p_tagged_or_woken_fails_reporters_not_rementioned(reporter: str) -> None:
    """A reporter's p tag on the reply or an earlier event, or `@` and its name in any presentation, fails."""
    tagged = trial().copy()
    tagged.final()["tags"].append(["p", reporter_key(tagged, reporter)])
    earlier = acknowledged(trial().copy(), "Thanks.", [["h", trial().channel], ["p", reporter_key(trial(), reporter)]], kind=7)
    woken = acknowledged(trial().copy(), f"\uff20{reporter.upper().replace(' ', chr(0xa0))} thanks.",
                         reply_tags(trial().channel, trial().task_event_id))
    for item in (tagged, earlier, woken):
        assert metrics(item) == failing_only("reporters_not_rementioned")


def test_reporters_named_in_plain_text_are_not_woken() -> None:
    """Naming a reporter without `@` or a p tag notifies nobody."""
    item = acknowledged(trial().copy(), "Thanks Ledger Scout and Risk Sentinel.", reply_tags(trial().channel, trial().task_event_id))
    assert metrics(item) == passing()


# ---- reply_to_thread and evidence_complete ------------------------------------------------------------------------


def test_a_top_level_final_reply_fails_reply_to_thread() -> None:
    """The figure posted at the top level, or in another channel, is not in the human's thread."""
    top = trial().copy()
    top.final()["tags"] = [tag for tag in top.final()["tags"] if tag[0] != "e"]
    elsewhere = trial().copy()
    elsewhere.final()["tags"][0] = ["h", hex64("elsewhere")]
    assert metrics(top) == failing_only("reply_to_thread")
    assert metrics(elsewhere) == failing_only("reply_to_thread")


def test_a_reporter_missing_or_doubled_in_the_directory_fails_evidence_complete() -> None:
    """Without exactly one directory entry per reporter nobody can tell who was woken or who reported."""
    missing = trial().copy()
    missing.directory = missing.directory[1:]
    doubled = trial().copy()
    doubled.directory.append({**doubled.directory[2], "pubkey": hex64("twin")})
    assert metrics(missing) == {**zeros(), "inputs_complete": 1.0, "answer_correct": 1.0, "single_human_callback": 1.0,
                                "reply_to_thread": 1.0}
    assert metrics(doubled) == metrics(missing)


def test_no_reply_fails_everything_the_agent_owes_and_evidence() -> None:
    """Without a final reply nothing the agent owes is met and the evidence holds no reply to judge."""
    item = trial().copy()
    item.events = [e for e in item.events if e["pubkey"] != item.agent]
    assert metrics(item) == {**zeros(), "reports_delivered": 1.0, "reporters_not_rementioned": 1.0}
    details = SCORING.verdict(item).details
    assert (details["final_reply_id"], details["final_reply_content"], details["human_callbacks"]) == (None, "", [])


def test_the_cli_writes_both_files(tmp_path: Path) -> None:
    """The verifier's CLI scores a snapshot file and writes reward.json and details.json."""
    evidence, reward, details = tmp_path / "e.json", tmp_path / "r.json", tmp_path / "d.json"
    evidence.write_text(json.dumps(trial().snapshot()), encoding="utf-8")
    assert main(["--evidence", str(evidence), "--reward", str(reward), "--details", str(details)]) == 0
    assert json.loads(reward.read_text(encoding="utf-8")) == passing()
    assert json.loads(details.read_text(encoding="utf-8"))["reports"]["ledger-report"] == trial().scripted_events[0]["event_id"]


def test_details_name_the_reports_the_reply_and_the_callbacks() -> None:
    """details.json names the completeness checks, each report, the final reply, the callbacks and the figure."""
    item = trial()
    details = dict(SCORING.verdict(item).details)
    checks = details.pop("completeness")
    assert {"reporters_in_directory", "final_reply_found"} <= set(checks) and all(checks.values()) and len(checks) == 8
    final = item.final()
    assert details == {
        "reports": {s["label"]: s["event_id"] for s in item.scripted_events}, "scripted_events_listed": 3,
        "final_reply_id": final["id"], "final_reply_content": final["content"], "human_callbacks": [final["id"]],
        "expected_answer": 87, "answer_reason": "",
    }


def test_no_human_or_no_single_orchestrator_is_scored_not_crashed() -> None:
    """Without one human or one orchestrator the verifier scores zeros itself, without failing on an error; and with
    no human a greeting, bare or to any name, says nothing of the figure."""
    for role in ("user", "orchestrator"):
        item = trial().copy()
        item.identities[f"Second {role}"] = {"role": role, "pubkey": hex64("second", role)}
        verdict = SCORING.verdict(item)
        assert "reason" not in verdict.details and verdict.metrics()["evidence_complete"] == 0.0
    nameless = with_reply("Hi XXXX, the final figure is 87.")
    nameless.identities = {name: spec for name, spec in nameless.identities.items() if spec["role"] != "user"}
    assert metrics(nameless)["answer_correct"] == 1.0
    greeted = with_reply("Hi, the final figure is 87.")
    greeted.identities = dict(nameless.identities)
    assert metrics(greeted)["answer_correct"] == 1.0


def test_the_reply_may_tag_the_human_and_every_reporter_for_the_callback() -> None:
    """Reporters' tags are reporters_not_rementioned's to judge: with all three beside the human the callback holds."""
    item = trial().copy()
    item.final()["tags"] += [["p", entry["pubkey"]] for entry in item.directory]
    assert metrics(item) == failing_only("reporters_not_rementioned")


def test_details_say_why_the_reply_does_not_state_the_figure() -> None:
    assert SCORING.verdict(with_reply("Final figure: 88")).details["answer_reason"] == "rival figure 88 in 'final figure: 88'"
    item = trial().copy()
    item.events = [e for e in item.events if e["pubkey"] != item.agent]
    assert SCORING.verdict(item).details["answer_reason"] == "no final reply"
