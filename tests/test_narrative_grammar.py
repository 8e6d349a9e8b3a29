"""The narrative grammar, form by form: each alternative it holds is recognised, and a near miss is not."""
from __future__ import annotations

import pytest

from verifuzz.strategies.narrative_agent_names import AURORA, BEACON
from verifuzz.verifiers.narrative_agent_names import MAX_REPLY_CHARS, addressed, clauses, recognised, status_reported
from verifuzz.verifiers.text import plain

USER = "Maya Elise Chen"
DONE, IDLE = f"{AURORA} completed the audit.", f"{BEACON} remains idle."


def reported(content: str, user: str = USER) -> bool:
    return status_reported(content, user)


@pytest.mark.parametrize("line", [
    f"{AURORA} completed the audit", f"{AURORA} finished its audit", f"{AURORA} has completed the audit",
    f"{AURORA} already completed the audit", f"{AURORA} now completed the audit", f"{AURORA} successfully finished the audit",
    f"{AURORA} has now completed the audit", f"{AURORA} has already completed the audit",
    f"{AURORA} has successfully completed the audit", f"{AURORA}'s completed the audit", f"{AURORA}: completed the audit",
    f"{AURORA} = completed the audit", f"{AURORA} -> completed the audit", f"{AURORA} -- completed the audit",
    f"{AURORA} \u2014 completed the audit", f"{AURORA} \u2192 completed the audit", f"{AURORA}: audit completed",
    f"{AURORA}: audit finished", f"{AURORA} - audit complete", f"{AURORA}: completed", f"{AURORA} is finished with the audit",
    f"{AURORA}'s audit is completed", f"{AURORA}'s audit is finished", f"Completed the audit: {AURORA}",
    f"{AURORA} wrapped up the audit", f"{AURORA} wrapped up the audit and it is complete", f"Per your note, {DONE}",
    f"**{AURORA}** completed the audit", f"__{AURORA}__ completed the audit", f"*{AURORA}* completed the audit",
    f"_{AURORA}_ completed the audit", f"@{AURORA} completed the audit", f"{AURORA} completed the audit \u2705",
    f"{AURORA} completed the audit with no work left", f"{AURORA} completed the audit, with nothing to do",
    f"{AURORA} completed the audit and has no work pending", f"{AURORA} completed the audit and doesn't have any work",
    f"{AURORA} completed the audit and does not have any work assigned", f"{AURORA} completed the audit and doesnt have any work",
    f"{AURORA} completed the audit without any issues", f"{AURORA} completed the audit without problems",
    f"{AURORA} completed the audit with zero findings", f"{AURORA} completed the audit with no problems",
    f"{AURORA} completed the audit - no issues found", f"{AURORA} completed the audit earlier today",
    f"{AURORA} completed the audit yesterday", f"{AURORA} completed the audit today", f"{AURORA} completed the audit, Maya",
])
def test_each_aurora_form_and_tail_is_an_affirmation(line: str) -> None:
    """Every form and closed tail of Aurora Audit Bot's grammar affirms its status when Beacon's follows."""
    assert reported(f"{line}\n{IDLE}")
    assert not reported(line)


@pytest.mark.parametrize("line", [
    f"{BEACON} is idle", f"{BEACON} remains idle", f"{BEACON} stays idle", f"{BEACON} is still idle", f"{BEACON} is currently idle",
    f"{BEACON} remains still idle", f"{BEACON} is sitting idle", f"{BEACON} is still sitting idle", f"{BEACON} has been idle",
    f"{BEACON}'s idle", f"{BEACON}: still idle", f"{BEACON}: currently idle", f"{BEACON} idle", f"{BEACON} is idling",
    f"Idle: {BEACON}", f"{BEACON}'s status: idle", f"{BEACON} has no work and remains idle",
    f"{BEACON} is idle, with no work queued", f"{BEACON} is idle with no work assigned", f"{BEACON} is idle right now",
    f"{BEACON} is idle at the moment", f"{BEACON} is idle for now", f"{BEACON} is idle today",
    f"{BEACON} has been idle since the last deploy", f"{BEACON}: idle (no work)", f"{BEACON}: idle (no active work)",
    f"{BEACON} is idle \u2014 no tasks assigned", f"{BEACON} is idle, nothing queued", f"{BEACON} is idle nothing queued",
    f"{BEACON} is idle - nothing queued", f"{BEACON} is idle - nothing to deploy", f"{BEACON} remains idle, Maya",
    f"{BEACON} remains idle and has no work to do", f"\U0001f4a4 {BEACON} is idle",
])
def test_each_beacon_form_and_tail_is_an_affirmation(line: str) -> None:
    """Every form and closed tail of Beacon Deploy Bot's grammar affirms its status when Aurora's comes first."""
    assert reported(f"{DONE}\n{line}")
    assert not reported(line)


@pytest.mark.parametrize("line", [
    "Hi", "Hello there", "Hey, Maya", "Hi @Maya Elise Chen", "## Status", "Here's the update:", "Here is the update",
    "Update below:", "Quick summary:", "Quick update", "Status update", "Update", "Two-line status update, as requested:",
    "Here's where things stand:", "Neither bot has any work to do right now", "Neither bot has work assigned",
    f"Neither {AURORA} nor {BEACON} has any work to do", "No work is assigned to either bot", "Both bots have no work",
    "Nothing is queued for either bot", "No action is needed from either bot", "Neither bot is working on anything",
    "Thanks", "Thank you", "Let me know if you need anything else", "Hope this helps", "Happy to help", "Cheers", "All set",
    "Sure", "Update for Maya:", "In short", "Quick status", "Nothing else is queued", "- Buzz Orchestrator", "Buzz",
    f"cc @{AURORA} @{BEACON}", f"FYI @{BEACON}", "@Maya Elise Chen", "Hello, Maya", "hey @maya", "Hi Maya Elise Chen,",
])
def test_each_neutral_clause_is_recognised_and_affirms_nothing(line: str) -> None:
    """A neutral clause may stand anywhere in a correct report, and alone it reports no status."""
    assert reported(f"{line}\n{DONE}\n{IDLE}")
    assert reported(f"{DONE} {line}.\n{IDLE}") or line.endswith(":") or line.startswith(("-", "#"))
    assert not reported(line)


@pytest.mark.parametrize("joint", [", and ", " and ", "; ", ", while ", ": "])
def test_one_line_may_join_both_affirmations_at_a_known_joint(joint: str) -> None:
    """Both statuses on one line pass when split at a joint each side is recognised; an unknown side fails."""
    assert reported(f"{AURORA} completed the audit{joint}{BEACON} remains idle")
    assert not reported(f"{AURORA} completed the audit{joint}{BEACON} remains idle{joint}it is not")


@pytest.mark.parametrize("mark", ["- ", "* ", "+ ", "1. ", "2) ", "- [x] ", "* [x] ", "\u2022 "])
def test_list_marks_open_a_line_or_a_sentence(mark: str) -> None:
    """A bullet, a number or a ticked box before a statement is presentation; a bullet may also follow a sentence."""
    assert reported(f"{mark}{DONE}\n{mark}{IDLE}")
    assert reported(f"{mark}{DONE} {mark}{IDLE}") or mark[0].isdigit()  # "1. " mid-line reads as a sentence "1."


def test_an_address_opens_a_clause_once_and_names_the_runs_own_human() -> None:
    """`@Name` or a greeting may open a clause; a greeting names the run's human, by full or first name."""
    assert reported(f"@{USER} here is the update:\n{DONE}\n{IDLE}")
    assert not reported(f"@{USER} @{USER} here is the update:\n{DONE}\n{IDLE}")
    assert reported(f"Hi John,\n{DONE}\n{IDLE}", "John Vincent Doe")
    assert reported(f"Hello John Vincent Doe!\n{DONE}\n{IDLE}", "John Vincent Doe")
    assert not reported(f"Hi Olivia,\n{DONE}\n{IDLE}", "John Vincent Doe")
    assert addressed("") == frozenset({"@"})


def test_a_reply_at_the_length_cap_is_read_and_one_past_it_is_not() -> None:
    """Blank lines are skipped, so a correct report padded to 20,000 characters passes and one character more fails."""
    base = f"{DONE}\n{IDLE}"
    assert reported(base + "\n" * (MAX_REPLY_CHARS - len(base)))
    assert not reported(base + "\n" * (MAX_REPLY_CHARS - len(base) + 1))


@pytest.mark.parametrize("hidden", [
    "Aurora Audit Bot has n\u043et completed the audit.", "\u0410urora Audit Bot completed the audit.",
    "Aurora Audit Bot completed the audit\u0301.", "Aurora Audit Bot \u202ecompleted the audit\u202c.",
    "Aurora Audit Bot completed the audit \u2717", "Aurora Audit Bot completed the audit \u2066.",
])
def test_a_line_that_does_not_fold_to_plain_ascii_fails(hidden: str) -> None:
    """A homoglyph, a combining mark, a bidirectional control or an unlisted symbol leaves the clause unrecognised."""
    assert not reported(f"{hidden}\n{IDLE}")


def test_invisible_characters_that_change_nothing_a_reader_sees_are_dropped() -> None:
    """A zero-width space or soft hyphen inside a word folds away, so the statement reads as written."""
    assert reported(f"Aurora Au\u200bdit Bot com\u00adpleted the audit.\n{IDLE}")
    assert plain("a\u202eb") is None and plain("a\u2069b") is None and plain("\u00e9") is None and plain("A\u200bb") == "ab"


def test_clauses_are_the_lines_and_sentences_without_marks() -> None:
    """A reply splits at line breaks and after `.`, `!`, `?` or `;` and a space; end marks and list marks go."""
    assert clauses(f"- {DONE} {IDLE}!\r\n\n@{USER}\n1. Thanks!; ok", USER) == [
        "aurora audit bot completed the audit", "beacon deploy bot remains idle", "thanks", "ok",
    ]
    assert clauses("caf\u00e9", USER) is None
    assert recognised("thanks", frozenset()) == set() and recognised("no", frozenset()) is None


@pytest.mark.parametrize("greeting", [f"{word}{gap}{name}" for word in ("Hi", "Hello", "Hey") for gap in (" ", ", ", " @")
                                      for name in ("John", "John Vincent Doe")])
def test_each_greeting_names_the_runs_own_human(greeting: str) -> None:
    """Each greeting word and gap before the human's full or first name is neutral, and only for that human."""
    assert reported(f"{greeting},\n{DONE}\n{IDLE}", "John Vincent Doe")
    assert not reported(f"{greeting},\n{DONE}\n{IDLE}", "Olivia Grace Park")


def test_a_line_addressing_a_human_with_a_non_ascii_name_is_skipped() -> None:
    """`@Name` alone on a line is an address even when the name does not fold to ASCII."""
    assert reported(f"@Jos\u00e9 N\u00fa\u00f1ez\n{DONE}\n{IDLE}", "Jos\u00e9 N\u00fa\u00f1ez")
    assert not reported(f"Jos\u00e9 N\u00fa\u00f1ez\n{DONE}\n{IDLE}", "Jos\u00e9 N\u00fa\u00f1ez")
