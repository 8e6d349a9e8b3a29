"""The narrative grammar, form by form: each predicate, harmless fact and topic is read as it says, and a near miss is not."""
from __future__ import annotations

import pytest

from verifuzz.strategies.narrative_agent_names import AURORA, BEACON
from verifuzz.verifiers.narrative_agent_names import MAX_REPLY_CHARS, SPAN, Reading, read, sentence, status_reported
from verifuzz.verifiers.courtesy import courtesy
from verifuzz.verifiers.text import plain

USER = "Maya Elise Chen"
DONE, IDLE = f"{AURORA} completed the audit.", f"{BEACON} remains idle."


def reported(content: str, user: str = USER) -> bool:
    return status_reported(content, user)


def said(subject: str, predicate: str) -> str:
    """`predicate` said after `subject`'s name, as a writer joins them (no space before a possessive)."""
    return f"{subject}{'' if predicate.startswith(chr(39)) else ' '}{predicate}"


DONE_PREDICATES = [
    "completed the audit", "has completed the audit", "finished its audit", "has now completed the audit",
    "already finished the audit", "successfully wrapped up the audit", "has officially concluded the audit",
    "closed out the audit run", "finished up the audit review", "'s completed the audit", "completed the full audit",
    "completed the audit you asked about", "completed audit", "has finished", "completed", "is done auditing",
    "finished auditing", "is done with the audit", "'s done with its audit", "is finished with the audit", "done with the audit",
    "is through with the audit", "is all done auditing", "'s audit is complete", "'s audit was completed", "'s audit: done",
    "'s audit has been wrapped up", "audit complete", "audit completed", "the audit is done", "audit is now finished",
    "is complete", "is all done", "'s finished", "done", "was asked for the audit and has completed it",
    "wrapped up the audit and it's complete", "completed the audit earlier today", "completed the audit this morning",
    "finished the audit yesterday", "completed the audit at 9:30 utc", "finished the audit at 10 am",
    "completed the audit about an hour ago", "finished the audit 20 minutes ago", "completed the audit on schedule",
    "completed the audit as requested", "completed the audit cleanly", "completed the audit in full", "completed the audit just now",
    "completed the audit @ 09:00", "finished the audit @9", "got the audit done", "has now got the audit finished",
]
IDLE_PREDICATES = [
    "is idle", "remains idle", "stays idle", "'s idle", "is still idle", "is currently idle", "remains still idle",
    "is sitting idle", "'s just sitting idle", "has been idle", "has stayed idle", "has remained idle", "continues to be idle",
    "is still sitting idle", "is currently sitting idle", "is idle nothing queued", "sits idle", "went idle", "became idle", "has gone idle", "has since gone idle", "has become idle", "is back to being idle",
    "is now idle", "is idling", "is still idling", "idling", "idle", "still idle", "currently idle", "is in an idle state",
    "remains in the idle state", "'s status: idle", "'s current status is idle", "status: idle", "status is idle",
    "is idle right now", "is idle at the moment", "is idle for now", "is idle for the time being", "is idle today",
    "is idle as of now", "is idle as expected", "remains idle as before", "is idle again", "is idle too", "is idle as well",
    "has been idle since the last deploy", "has been idle since this morning", "has been idle all day",
    "is idle awaiting work", "is idle awaiting its next task", "has been idle the whole time", "has been idle all week",
    "remains idle all along", "is idle this whole time", "isn't doing anything", "is not working on anything",
    "'s not doing anything right now", "isnt doing anything at the moment",
]
QUIET_PREDICATES = [
    "has no work", "has no work queued", "has no other tasks", "has zero jobs pending", "has no active deploys or tasks",
    "has no pending work on its plate", "has no work in its queue", "has no requests from you", "has nothing",
    "has nothing to do", "has nothing else queued", "has nothing left to do", "has nothing scheduled right now",
    "doesn't have any work", "doesnt have any work", "does not have anything queued", "didn't have any deploys",
    "hasn't got anything to do", "has not got any work", "isn't deploying anything",
    "'s not running any jobs", "not deploying anything", "isn't busy", "not busy", "is not deploying", "never had a deploy queued",
    "has never had any work assigned", "with no work queued", "with nothing to do", "without any work", "needs nothing from you",
    "doesn't need anything", "is free", "'s available", "is on standby", "is standing by", "is ready for the next deploy",
    "is waiting for its next task", "waiting for instructions", "is waiting", "'s waiting", "is now free", "is currently available",
    "has had nothing to do", "has had no work", "didn't do anything", "hasn't done anything yet", "has not started anything",
    "didn't pick up anything", "hasn't moved", "hasnt budged", "didn't hit any problems", "hasn't run into any issues",
    "did not encounter any errors", "ran into no snags", "reported no failures", "never stalled", "never got stuck",
    "was a clean run", "had a clean run", "ran cleanly", "ran smoothly", "has been all week", "has been so all along",
    "was the whole time", "had been for a while",
]
HARMLESS_PIECES = [
    "No work is assigned to either bot", "There's no outstanding work for either of them", "No action needed",
    "No action is required from either bot", "No pings sent to either bot", "No further updates", "Zero changes",
    "Nothing else is pending", "Nothing queued", "There's nothing queued for either bot", "Nothing is waiting on you",
    "Nothing for you to do", "Nothing to report", "Nothing else to flag", "Neither bot has any work to do right now",
    f"Neither {AURORA} nor {BEACON} has work to do", f"Neither {BEACON} nor {AURORA} has anything pending",
    "Neither needs attention", "Nobody is deploying anything", "No one needs to take any action", "Neither bot is busy",
    "Neither bot is waiting on you", "Neither bot was pinged", "None of them requires input",
    "Both bots have no work", "They both have nothing queued", "The two bots aren't working on anything",
    "The audit is complete", "The audit has been wrapped up", "Audit's done", "No issues found", "With zero findings",
    "Nothing failed", "Without any errors", "I didn't tag either bot", "Not pinging either of them", "Work: none",
    "Pending: n/a", "Audit", "Everything's done", "All the work is wrapped up", f"cc {AURORA} {BEACON}", f"FYI @{BEACON}",
    "No findings need action", "No issues require any attention", "Zero blockers need a follow-up", "Neither bot is blocked",
    "Neither of them is stuck", "Neither bot gets pinged", "No one will be pinged", "Nobody got tagged",
    "No need to ping either bot", f"There's no need to wake {AURORA} or {BEACON}", "No need to @-mention either bot",
    f"I didn't tag {BEACON} and {AURORA}", f"Not pinging {AURORA} nor {BEACON}", "I left both names untagged",
    "Kept the names as plain text", "Both names are plain text", "The bot names are in plain text", "That's fine",
    "That is as expected", "Nothing's been assigned to either bot", "Nothing's queued", "Deploys", "The deployments",
]


@pytest.mark.parametrize("predicate", DONE_PREDICATES)
def test_each_done_predicate_affirms_aurora_audit_bot_and_no_other_bot(predicate: str) -> None:
    """Aurora Audit Bot's status in any DONE form passes beside Beacon's line; alone, or said of Beacon, it does not."""
    assert reported(f"{said(AURORA, predicate)}.\n{IDLE}")
    assert reported(f"{IDLE}\n{AURORA}: {predicate.removeprefix(chr(39) + 's ')}")
    assert not reported(said(AURORA, predicate))
    assert not reported(f"{DONE}\n{IDLE}\n{said(BEACON, predicate)}.")


@pytest.mark.parametrize("predicate", IDLE_PREDICATES)
def test_each_idle_predicate_affirms_beacon_deploy_bot_and_is_true_of_aurora(predicate: str) -> None:
    """Beacon Deploy Bot idle in any IDLE form passes beside Aurora's line; said of Aurora it adds a true fact, no status."""
    assert reported(f"{DONE}\n{said(BEACON, predicate)}.")
    assert not reported(said(BEACON, predicate))
    assert reported(f"{DONE}\n{IDLE}\n{said(AURORA, predicate)}.")
    assert not reported(f"{said(AURORA, predicate)}.\n{IDLE}")
    assert not reported(f"{DONE}\n{said(AURORA, predicate)}.")  # Aurora Audit Bot idle says nothing of Beacon Deploy Bot


@pytest.mark.parametrize("predicate", QUIET_PREDICATES)
def test_each_quiet_predicate_is_a_true_fact_of_either_bot(predicate: str) -> None:
    """A bot without work, in any QUIET form, may be said of either bot beside both statuses, and is no status itself."""
    for bot in (AURORA, BEACON):
        assert reported(f"{DONE}\n{IDLE}\n{said(bot, predicate)}.")
        assert reported(f"{DONE}\n{BEACON} remains idle and {predicate.removeprefix(chr(39) + 's ')}.") or bot == AURORA
    assert not reported(f"{DONE}\n{said(BEACON, predicate)}.")


@pytest.mark.parametrize("piece", HARMLESS_PIECES)
def test_each_harmless_fact_may_stand_beside_a_correct_report(piece: str) -> None:
    """A harmless fact of nobody in particular passes anywhere in a correct report and reports no status alone."""
    assert reported(f"{piece}.\n{DONE}\n{IDLE}")
    assert reported(f"{DONE}\n{IDLE} {piece}.")
    assert not reported(piece)


@pytest.mark.parametrize("line", [
    "Aurora Audit Bot has not completed the audit.", "Aurora Audit Bot hasn't completed the audit.",
    "Aurora Audit Bot didn't finish the audit.", "Aurora Audit Bot never completed the audit.",
    "Aurora Audit Bot's audit is incomplete.", "Aurora Audit Bot: audit unfinished.", "Aurora Audit Bot: not done.",
    "Aurora Audit Bot is not done with the audit.", "Aurora Audit Bot has almost completed the audit.",
    "Aurora Audit Bot completed no audit.", "Aurora Audit Bot completed nothing.", "No audit was completed by Aurora Audit Bot.",
    "Aurora Audit Bot completed the audit setup.", "Aurora Audit Bot completed half the audit.",
    "Aurora Audit Bot completed the audit until it restarted.", "Aurora Audit Bot will complete the audit.",
    "Aurora Audit Bot may have completed the audit.", "Has Aurora Audit Bot completed the audit?",
])
def test_a_negated_partial_or_unsure_completion_fails(line: str) -> None:
    """A negation within two words of the status word, partial work, a future, a hedge or a question is no DONE form."""
    assert not reported(f"{line}\n{IDLE}")


@pytest.mark.parametrize("line", [
    "Beacon Deploy Bot is not idle.", "Beacon Deploy Bot isn't idle.", "Beacon Deploy Bot is no longer idle.",
    "Beacon Deploy Bot is never idle.", "Beacon Deploy Bot is non-idle.", "Beacon Deploy Bot is un-idle.",
    "Beacon Deploy Bot is anything but idle.", "Beacon Deploy Bot is hardly idle.", "Beacon Deploy Bot was idle.",
    "Beacon Deploy Bot was idle until this morning.", "Beacon Deploy Bot stopped being idle.",
    "Beacon Deploy Bot remains idle between deploys.", "Beacon Deploy Bot is idle so far.", "Beacon Deploy Bot: busy.",
    "Beacon Deploy Bot is idle but has a deploy queued.", "Beacon Deploy Bot is idle because it is busy.",
    "Beacon Deploy Bot will be idle.", "Beacon Deploy Bot is probably idle.", "Is Beacon Deploy Bot idle?",
    "Beacon Deploy Bot is idle? No.", "Beacon Deploy Bot is free.", "Neither bot is idle.", "Both bots are idle.",
])
def test_a_negated_past_or_contrary_idleness_fails(line: str) -> None:
    """Not idle, no longer idle, idle in the past or between deploys, a contrary clause, or a merged status is no report."""
    assert not reported(f"{DONE}\n{line}")


@pytest.mark.parametrize("line", [
    "Neither bot has no work.", "Nobody has nothing queued.", "Both bots have work.", "They have a deploy queued.",
    "Nothing is done.", "Nothing.", "No.", "None of it is true.", "Neither is true.", "Not anymore.", "It isn't, though.",
    "Not for long.", "No longer the case.", "Nothing of the sort.", "No audit was done.", "No work was completed.",
    "Neither bot completed anything.", "Nobody is idle.", "It has a deploy queued.", "It's busy.",
])
def test_a_negation_of_no_status_word_that_is_not_a_harmless_fact_fails(line: str) -> None:
    """Double negations, bare negations, negated statements of the report and contrary work are not harmless."""
    assert not reported(f"{DONE}\n{IDLE}\n{line}")


@pytest.mark.parametrize("reply", [
    f"As for {BEACON}, it remains idle.\n{DONE}", f"{BEACON}, meanwhile, remains idle.\n{DONE}",
    f"Regarding {AURORA}: completed the audit.\n{IDLE}", f"{AURORA}:\n- completed the audit\n{BEACON}:\n- idle",
    f"**{AURORA}**\nCompleted the audit.\n**{BEACON}**\nIdle.", f"{DONE} And {BEACON}? Still idle.",
    f"{AURORA}'s status: completed the audit.\n{IDLE}", f"{AURORA} status: completed.\n{IDLE}",
    f"{AURORA} state: completed.\n{IDLE}", f"About {AURORA}: done.\n{IDLE}", f"Re {AURORA}: done.\n{IDLE}",
    f"For {BEACON}: idle.\n{DONE}", f"As to {BEACON}, idle.\n{DONE}",
    f"{AURORA} completed the audit, unlike {BEACON}, which remains idle.", f"As for {BEACON}, right now, it is idle.\n{DONE}",
    f"{BEACON} remains idle, unlike {AURORA}, which has no work and completed the audit.",
])
def test_a_topic_names_the_bot_its_next_statement_speaks_of(reply: str) -> None:
    """A bot named alone (or after as for, regarding, re, about, for, as to, unlike, meanwhile) is the next statement's subject."""
    assert reported(reply)


@pytest.mark.parametrize("reply", [
    f"{DONE}\nAs for {BEACON},", f"{DONE}\n{BEACON}:", f"{AURORA}, {BEACON}: completed the audit, idle.",
    f"{AURORA} and {BEACON} completed the audit and remain idle.", f"{BEACON} and {AURORA}: idle and completed the audit.",
    f"As for {AURORA}, {BEACON} remains idle.\n{DONE}", f"As for {AURORA}, nothing is queued for {BEACON}.\n{DONE}\n{IDLE}",
    f"{DONE}\n{IDLE}\nAs for {BEACON}, As for {AURORA}, idle.", f"{DONE}\n{BEACON}: done, idle.",
    f"{DONE}\nAs for {BEACON}: all set. It remains idle.", f"{DONE}\nAs for {BEACON}, thanks, it remains idle.",
])
def test_a_topic_left_without_its_own_statement_fails(reply: str) -> None:
    """A named topic must be followed by a statement about it, with only words that place it between: at the end,
    before another bot's statement, or before courtesy that could be read as its status, it fails."""
    assert not reported(reply)


@pytest.mark.parametrize("pronoun", ["it", "which", "who", "that", "the bot", "this bot"])
def test_a_pronoun_speaks_of_the_bot_last_named(pronoun: str) -> None:
    """A pronoun stands for the bot last spoken of, so its predicate must fit that bot."""
    assert reported(f"{DONE}\n{BEACON} is up. {pronoun.capitalize()} remains idle.") is False  # "is up" is no form
    assert reported(f"{DONE}\nAs for {BEACON}, {pronoun} remains idle.")
    assert not reported(f"{IDLE}\nAs for {BEACON}, {pronoun} completed the audit.")
    assert not reported(f"{pronoun.capitalize()} remains idle.\n{DONE}")  # no bot spoken of yet


def test_a_harmless_fact_naming_one_bot_makes_it_the_subject_and_naming_both_makes_none() -> None:
    """After a harmless fact about one bot a pronoun speaks of it; after one about both, a pronoun has nothing to speak of."""
    assert reported(f"{DONE}\nNothing is queued for {BEACON}, and it remains idle.")
    assert not reported(f"{DONE}\nAs for {AURORA}, nothing is queued for {BEACON}, and it remains idle.")
    assert not reported(f"{IDLE}\n{AURORA} has no work. Neither {AURORA} nor {BEACON} has work. It completed the audit.")
    assert reported(f"{IDLE}\n{AURORA} has no work. It completed the audit.")
    # Whichever of the two a reader picked, one of these would pass: a pronoun after both names speaks of neither.
    assert not reported(f"{IDLE}\nNeither {AURORA} nor {BEACON} has work. It completed the audit.")
    assert not reported(f"{DONE}\nNeither {AURORA} nor {BEACON} has work. It remains idle.")


def test_a_status_with_the_name_after_it_makes_that_bot_the_subject() -> None:
    """After "Idle: Beacon Deploy Bot" a pronoun speaks of Beacon Deploy Bot; after a topic the name-after form fails."""
    assert reported(f"Idle: {BEACON}. It has nothing queued.\n{DONE}")
    assert not reported(f"As for {AURORA}, idle: {BEACON}. It has no work.\n{DONE}")


def test_it_is_the_audit_even_when_a_bot_was_spoken_of_last() -> None:
    """"It's complete" right after a piece about the audit speaks of the audit, not of the bot last named."""
    assert reported(f"{IDLE}\nThe audit is done, and it's complete.\n{DONE}")
    assert reported(f"{IDLE}\nThe audit is done, and it is complete.\n{DONE}")
    assert not reported(f"{IDLE}\nIt's complete.\n{DONE}")


def test_a_piece_without_a_subject_speaks_of_the_bot_last_named() -> None:
    """A predicate alone after a joint, a line or a sentence is said of the bot last spoken of."""
    assert reported(f"{AURORA} completed the audit and is now idle too; {BEACON} remains idle and never had a deploy queued.")
    assert reported(f"{AURORA}.\nCompleted the audit.\n{BEACON}.\nIdle.")
    assert not reported(f"{BEACON} remains idle and completed the audit.\n{DONE}")
    assert not reported(f"Completed the audit.\n{IDLE}")
    assert not reported(f"Neither {AURORA} nor {BEACON} has work.\nCompleted the audit.\n{IDLE}")


@pytest.mark.parametrize("reply", [
    f"The audit is complete \u2014 {AURORA} finished it.\n{IDLE}", f"The audit is done; {AURORA} completed it.\n{IDLE}",
    f"{AURORA} wrapped up the audit, and it's complete, with no issues.\n{IDLE}",
    f"{AURORA} completed the audit; it is now finished.\n{IDLE}",
])
def test_it_may_be_the_audit_right_after_a_piece_about_the_audit(reply: str) -> None:
    """"Finished it" and "it's complete" speak of the audit when the piece just before did."""
    assert reported(reply)


@pytest.mark.parametrize("reply", [
    f"{AURORA} finished it.\n{IDLE}", f"{IDLE} The audit is complete. {BEACON} finished it.",
    f"The audit is complete. Thanks! {AURORA} finished it.\n{IDLE}", f"{IDLE} It's complete.\n{DONE}",
])
def test_it_is_not_the_audit_when_the_piece_before_was_not_about_it(reply: str) -> None:
    """Without the audit in the piece just before, "finished it" is no status, and "it's complete" is said of a bot."""
    assert not reported(reply)


@pytest.mark.parametrize("reply", [
    f"The audit was completed by {AURORA}.\n{IDLE}", f"Audit finished by @{AURORA}.\n{IDLE}",
    f"The audit has been wrapped up by {AURORA}.\n{IDLE}", f"Completed: {AURORA} (audit)\n{IDLE}",
    f"Done \u2014 {AURORA}\n{IDLE}", f"Audit complete -> {AURORA}\n{IDLE}", f"Idle: {BEACON}\n{DONE}",
    f"Still idle \u2014 {BEACON}\n{DONE}", f"Currently idle -> @ {BEACON}\n{DONE}", f"Completed by {AURORA}.\n{IDLE}",
    f"Audit: completed by {AURORA}.\nDeploys: {IDLE}",
])
def test_a_status_may_come_before_the_name(reply: str) -> None:
    """The passive and label forms with the name after the status affirm that bot's status."""
    assert reported(reply)


@pytest.mark.parametrize("reply", [
    f"Idle: {AURORA}\nCompleted: {BEACON} (audit)", f"The audit was completed by {BEACON}.\n{IDLE}",
    f"As for {AURORA}, completed: {BEACON}.\n{IDLE}", f"Completed by {BEACON}.\n{IDLE}",
])
def test_a_status_before_the_wrong_name_fails(reply: str) -> None:
    """Swapped statuses in the name-after forms are not affirmations."""
    assert not reported(reply)


@pytest.mark.parametrize("lead", ["And", "Also", "But", "So", "While", "Whereas", "Meanwhile", "Plus", "Then", "Now", "Currently",
                                  "Yes", "As requested", "Per your note", "To confirm", "And also", "As"])
def test_lead_words_may_open_a_statement(lead: str) -> None:
    """A closed set of lead words may stand before a statement's subject without a comma."""
    assert reported(f"{lead} {AURORA} completed the audit.\n{IDLE}")


def test_a_statement_is_read_across_at_most_span_pieces() -> None:
    """Pieces cut at joints are read together again when the grammar knows the run, up to SPAN pieces."""
    assert SPAN == 4
    polite = courtesy(USER)
    assert sentence(Reading(), "aurora audit bot is done with the audit", polite) is not None
    assert read(Reading(), "aurora audit bot is done", polite) is not None  # DONE's "is done", then "with the audit" fails
    assert sentence(Reading(), "aurora audit bot - is done with the audit", polite) is not None
    assert sentence(Reading(), "no tasks, jobs and deploys with it", polite) is not None  # one statement of four pieces
    assert sentence(Reading(), "no tasks, jobs and deploys with it with them", polite) is None  # five: not read as one
    long = "nothing queued, " * 40 + "aurora audit bot completed the audit"
    state = sentence(Reading(), long, polite)
    assert state is not None and state.affirmed == {AURORA}


def test_acknowledgements_only_open_a_reply() -> None:
    """"Sure", "of course" and the like may come before any statement, never after one."""
    assert reported(f"Sure thing! Of course.\n{DONE}\n{IDLE}")
    assert reported(f"Hi Maya! Sure.\n{DONE}\n{IDLE}")
    assert not reported(f"{DONE}\nSure.\n{IDLE}")
    assert not reported(f"{DONE}\n{IDLE}\nYes.")


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
    """A homoglyph, a combining mark, a bidirectional control or an unlisted symbol leaves the piece unrecognised."""
    assert not reported(f"{hidden}\n{IDLE}")


def test_invisible_characters_that_change_nothing_a_reader_sees_are_dropped() -> None:
    """A zero-width space or soft hyphen inside a word folds away, so the statement reads as written."""
    assert reported(f"Aurora Au\u200bdit Bot com\u00adpleted the audit.\n{IDLE}")
    assert plain("a\u202eb") is None and plain("a\u2069b") is None and plain("\u00e9") is None and plain("A\u200bb") == "ab"


@pytest.mark.parametrize("greeting", [f"{word}{gap}{name}" for word in ("Hi", "Hello", "Hey") for gap in (" ", ", ", " @")
                                      for name in ("John", "John Vincent Doe")])
def test_each_greeting_names_the_runs_own_human(greeting: str) -> None:
    """Each greeting word and gap before the human's full or first name is courtesy, and only for that human."""
    assert reported(f"{greeting},\n{DONE}\n{IDLE}", "John Vincent Doe")
    assert not reported(f"{greeting},\n{DONE}\n{IDLE}", "Olivia Grace Park")


def test_an_address_of_the_human_may_open_a_line_or_stand_alone() -> None:
    """`@Name` alone on a line is skipped whatever its script, and `@Name` may open a line before a statement."""
    assert reported(f"@Jos\u00e9 N\u00fa\u00f1ez\n{DONE}\n{IDLE}", "Jos\u00e9 N\u00fa\u00f1ez")
    assert not reported(f"Jos\u00e9 N\u00fa\u00f1ez\n{DONE}\n{IDLE}", "Jos\u00e9 N\u00fa\u00f1ez")
    assert reported(f"@{USER} {DONE}\n@{USER}: {IDLE}")
    assert not reported(f"@Olivia Grace Park {DONE}\n{IDLE}")


def test_an_empty_or_courtesy_only_reply_reports_nothing() -> None:
    """A reply of blank lines or only courtesy affirms no status."""
    assert not reported("\n \n")
    assert not reported("Hi Maya! Here's the update. Thanks!")


@pytest.mark.parametrize(("reply", "correct"), [
    (f"{AURORA} remains idle after it completed the audit.\n{IDLE}", True),
    (f"{DONE}\n{BEACON} remains idle, as it has been all week.", True),
    (f"{DONE}\n{BEACON} remains idle after the deploy failed.", False),
    (f"{DONE}\n{BEACON} remains idle, as it was asked.", False),
])
def test_after_and_as_join_a_statement_about_the_bot_just_named(reply: str, correct: bool) -> None:
    """"after" cuts a piece and "as" may lead a pronoun's statement; what follows must still be a known statement."""
    assert reported(reply) is correct


def test_marks_that_hold_a_status_are_read_as_spaces_and_others_make_a_line_unreadable() -> None:
    """A tick, a green or white light, an empty circle and a sleepy face change nothing; a cross is not read away."""
    assert reported(f"{AURORA} \u2713 completed the audit \U0001f7e2\n{BEACON} \u25cb idle \U0001f634 \u26aa")
    assert not reported(f"{DONE} \u274c\n{IDLE}")


@pytest.mark.parametrize("reply", [
    f"<b>{AURORA}</b> completed the audit.<br>{IDLE}", f"First line \u2014 {DONE}\nSecond line \u2014 {IDLE}",
    f"| {AURORA} | {BEACON} |\n|---|---|\n| Completed the audit | Idle |",
])
def test_html_emphasis_line_breaks_ordinal_labels_and_one_column_per_bot_are_presentation(reply: str) -> None:
    """Bold tags, `<br>`, "First line —" labels and a table with a column per bot are read as the plain report."""
    assert reported(reply)


@pytest.mark.parametrize(("reply", "correct"), [
    (f"The audit is done ({AURORA}), and {IDLE}", True), (f"The audit is complete (by @{AURORA}).\n{IDLE}", True),
    (f"The audit is done ({BEACON}), and {IDLE}", False), (f"The audit is done ({AURORA} and {BEACON} are idle).", False),
    (f"The audit is done, {AURORA} and {BEACON} are idle.", False), (f"The audit is done ({AURORA}?).\n{IDLE}", False),
    (f"The audit is done.\n({AURORA})\n{IDLE}", False),
])
def test_the_audits_completion_is_aurora_audit_bots_when_its_name_follows_in_brackets(reply: str, correct: bool) -> None:
    """"The audit is done (Aurora Audit Bot)" affirms its status; another bot, a question or a name outside the
    brackets of the same sentence does not."""
    assert reported(reply) is correct
