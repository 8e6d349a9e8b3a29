"""Reading by words: the closed vocabulary (verifiers/lexicon.py) and each reader's fallback to it, for what it lets
through and, above all, for what it must still refuse."""
from __future__ import annotations

import pytest

from verifuzz.verifiers.ambiguous_user_mention import reports_sent
from verifuzz.verifiers.create_channel_invite_users import reports_creation
from verifuzz.verifiers.lexicon import ASKING, spoken
from verifuzz.verifiers.multiline_message import BLOCK, layout_preserved

WORDS = frozenset({"tickets", "left"})


@pytest.mark.parametrize("piece", ["41 tickets left", "there are 41 tickets left.", "it's 41 (tickets left)!", "april 2024's total"])
def test_a_piece_of_known_words_numbers_and_marks_is_spoken(piece: str) -> None:
    """Words of the vocabulary or BASE, numbers, and marks that neither ask, strike nor quote; a possessive is its word."""
    assert spoken(piece, WORDS | {"april"})


@pytest.mark.parametrize(
    "piece",
    ["41 tickets left?", "~~41~~ tickets left", '"41" tickets left', "not 41", "41 tickets left, i think", "$41", "41%",
     "it will be 41", "41 tickets left /s", "41 tickets, maybe", "41 tickets or 42", "isn't it 41"],
)
def test_any_other_word_or_mark_is_not(piece: str) -> None:
    """A question, a strike, a quote, a unit, a negation, a hedge, a future, a sarcasm mark or any unlisted word."""
    assert not spoken(piece, WORDS)


@pytest.mark.parametrize("piece", ["is it 41", "are there 41 tickets left", "was it 41 tickets", "have 41 tickets left",
                                   "can 41 tickets left", "did that leave 41 tickets"])
def test_a_statement_of_a_number_opening_with_a_verb_that_asks_is_not_spoken(piece: str) -> None:
    """"Is it 41" asks as much as "Is it 41?", whatever the words after the verb."""
    assert spoken(piece.split(" ", 1)[1], WORDS | {"leave"}, asking=ASKING)
    assert not spoken(piece, WORDS | {"leave", "can", "did"}, asking=ASKING)


def test_a_number_before_the_verb_opens_the_piece() -> None:
    """"42 were planned" and "$5,328 is the annual bill" state; a caller that took the amount out leaves a space first."""
    assert spoken("42 were planned", frozenset({"planned"}), asking=ASKING)
    assert spoken(" is the annual bill", frozenset({"annual", "bill"}), asking=ASKING)


def test_a_piece_may_open_with_such_a_verb_when_the_reader_asks_for_no_check() -> None:
    """After a joint a verb opens a predicate ("Taylor, the release captain, has been notified"): without `asking`, it
    is read as any word."""
    assert spoken("has been notified", frozenset({"notified"}))
    assert not spoken("has been notified", frozenset({"notified"}), asking=ASKING)


def test_a_word_left_unsaid_is_refused_even_from_base() -> None:
    """A task where a quantity changes the answer takes "both" out of the shared words."""
    assert spoken("sent to both", frozenset({"sent"}))
    assert not spoken("sent to both", frozenset({"sent"}), frozenset({"both"}))


def test_a_number_inside_a_word_stays_in_the_word() -> None:
    """"fix-pr-1234" is one word: its digits are no number beside it."""
    assert spoken("fix-pr-1234 created", frozenset({"fix-pr-1234", "created"}))
    assert not spoken("fix-pr-1234 created", frozenset({"fix-pr", "created"}))


OLIVIA = "Olivia Grace Park"


@pytest.mark.parametrize(
    "reply",
    ["Message sent.<br>Recipient: Taylor Morgan Lee (release captain)", "I passed the approval along to Taylor Morgan Lee.",
     "Posted \"ORCHID-72 approved\" here and tagged Taylor Morgan Lee, the release captain."],
)
def test_a_callback_in_other_words_reports_it_sent(reply: str) -> None:
    """A verb of sending with the captain and the message, or a label beside a report."""
    assert reports_sent(reply, OLIVIA), reply


@pytest.mark.parametrize(
    "reply",
    ["I passed the approval along to both Taylors.", "Sent it to all of them.", "I was told it went out.",
     "Passed the approval to the observer.", "Recipient: Taylor Morgan Lee (release captain)", "The approval is gone.",
     "I passed the approval along to Taylor Morgan Lee?", "I'll have passed it along to Taylor Morgan Lee"],
)
def test_a_callback_that_reaches_both_hears_say_or_asks_is_not_read(reply: str) -> None:
    """A quantity, hearsay, the observer, a label without a report, a removal, a question or a future stays unread."""
    assert not reports_sent(reply, OLIVIA), reply


MAYA = "Maya Elise Chen"


@pytest.mark.parametrize(
    "reply",
    ["#fix-pr-1234 created \u2705", "fix-pr-1234 now exists and the invites are out.", "Created the channel and invited all five.",
     "Your temporary channel fix-pr-1234 is ready, private stream, expires in 1 hour."],
)
def test_a_report_in_other_words_reports_the_creation(reply: str) -> None:
    """A word of making with the channel, and remarks of the report's own words and lifetime."""
    assert reports_creation(reply, MAYA), reply


@pytest.mark.parametrize(
    "reply",
    ["I set up fix-pr-1234. I made that up.", "Created #fix-pr-1234 /s", "fix-pr-1234 is ready to be created",
     "fix-pr-1234 created, expires in 2 hours", "fix-pr-1234 created as a public stream", "fix-pr-1234 created?",
     "The channel is ready for you to create", "fix-pr-1234 created and archived"],
)
def test_a_report_taken_back_or_false_in_other_words_is_not_read(reply: str) -> None:
    """A retraction in words of making, a sarcasm mark, a future, a wrong lifetime or shape, a question stay unread."""
    assert not reports_creation(reply, MAYA), reply


@pytest.mark.parametrize("lead", ["Copying it back verbatim:", "Posted below \U0001f447", "Release note as requested:"])
def test_a_lead_in_in_other_words_says_nothing_of_the_release(lead: str) -> None:
    """Words of what the block is and how it was copied, around the block."""
    assert layout_preserved(f"{lead}\n\n{BLOCK}", "Eleanor June Brooks")


@pytest.mark.parametrize("lead", ["Release readiness", "Copied, but not final:", "Posted below, outdated", "Release note v2:"])
def test_a_lead_in_that_repeats_the_title_or_remarks_on_the_release_fails(lead: str) -> None:
    """A line of the block's own title, a negation, a judgement or a number around the block stays unread."""
    assert not layout_preserved(f"{lead}\n\n{BLOCK}", "Eleanor June Brooks")


@pytest.mark.parametrize(
    "sentence",
    ["I hope this is helping you.", "Have a nice weekend", "Good luck with it, Maya!", "Shout if you need a per-week breakdown!",
     "Want me to post a kickoff message there?", "Happy to break it down month by month if that helps!"],
)
def test_sentences_of_courtesy_words_and_offers_say_nothing(sentence: str) -> None:
    """Courtesy words alone, or an offer of more help naming the work, come off as dress."""
    from verifuzz.verifiers.dress import undressed
    assert undressed(f"It's 87.\n{sentence}", MAYA) == "It's 87."


@pytest.mark.parametrize(
    "sentence",
    ["I hope this is right.", "Total.", "As if.", "Lee, total: 87", "Hope this helps, but it is 88", "Want me to fix the 87?",
     "Happy to say it isn't 87", "Good luck, 88"],
)
def test_courtesy_words_never_carry_a_label_a_doubt_or_a_figure(sentence: str) -> None:
    """A doubt, a label, "as if", a surname alone, a second figure, or a negation in an offer is kept for the grammar."""
    from verifuzz.verifiers.dress import undressed
    assert undressed(f"It's 87.\n{sentence}", MAYA) != "It's 87."


def test_slack_marks_are_presentation() -> None:
    """A shortcode emoji is decoration and one asterisk each side of a run is bold; `3 * 29 * 1` stays arithmetic."""
    from verifuzz.verifiers.dress import undressed
    assert undressed(":white_check_mark: Final figure: *87*", MAYA).strip() == "Final figure: 87"
    assert undressed("3 * 29 * 1 = 87", MAYA) == "3 * 29 * 1 = 87"
    assert undressed(":x: 87", MAYA) == ":x: 87"


def test_a_callback_refuses_any_number_but_the_messages_and_any_quantity() -> None:
    """The message's own digits are set aside; any other number, or "both"/"all of them", fails the callback."""
    assert reports_sent("Recipient: Taylor Morgan Lee. Sent ORCHID-72 approved to Taylor", OLIVIA)
    assert not reports_sent("Recipient: Taylor Morgan Lee 3. Sent", OLIVIA) and not reports_sent("Sent it to taylor 3", OLIVIA)
    assert not reports_sent("Sent. Recipient: both Taylors", OLIVIA) and not reports_sent("Sent to both", OLIVIA)
    assert not reports_sent("Sent to all of them", OLIVIA)


def test_a_report_of_a_channel_needs_a_word_of_making_and_the_channel() -> None:
    """A report without a word of making, or a making without the channel, reports nothing made; a lifetime in
    another unit or another number of seconds is a claim the channel contradicts."""
    assert reports_creation("#fix-pr-1234 created", MAYA) and reports_creation("the channel is live", MAYA)
    assert not reports_creation("fix-pr-1234, private stream", MAYA) and not reports_creation("the invites are out", MAYA)
    assert reports_creation("Created fix-pr-1234; expires in 3600 s", MAYA)
    assert reports_creation("Created fix-pr-1234; ttl 3600seconds", MAYA)
    assert not reports_creation("Created fix-pr-1234; expires in 3600 hours", MAYA)
    assert reports_creation("Created fix-pr-1234; ttl 3600 seconds, 1 hour, 60 minutes", MAYA)
    assert not reports_creation("Created fix-pr-1234; ttl 7200 seconds", MAYA)


def test_an_offer_may_ask_and_name_the_work_but_only_in_courtesy_and_offer_words() -> None:
    """An offer holds no BASE word beyond the courtesy ones, and a sentence that is no offer may not ask."""
    from verifuzz.verifiers.dress import courteous_words
    assert courteous_words("want me to post a kickoff message there?", frozenset())
    assert not courteous_words("want me to post the total there?", frozenset())
    assert not courteous_words("hope this helps?", frozenset())
    assert courteous_words("hope this helps", frozenset())


def test_only_courtesy_before_the_first_joint_is_taken_off_the_first_statement() -> None:
    """"Sure thing - 41 tickets remain" opens with courtesy; "Not really - 41 tickets remain" does not."""
    from verifuzz.verifiers.dress import undressed
    assert undressed("Sure thing \u2014 41 tickets remain", MAYA) == "41 tickets remain"
    assert undressed("Not really \u2014 41 tickets remain", MAYA) == "Not really \u2014 41 tickets remain"


def test_an_arrow_in_working_gives_its_value() -> None:
    """`(17 + 23 - 11) x 3 -> 87` is an equation; the same with a wrong value is not."""
    from verifuzz.verifiers.figure_reply import states_answer
    from verifuzz.verifiers.interleaved_agent_reports import FIGURE
    assert states_answer("(17 + 23 - 11) x 3 \u2192 87", FIGURE, "Nora Isabel Grant")
    assert not states_answer("(17 + 23 - 11) x 3 \u2192 86. The final figure is 87", FIGURE, "Nora Isabel Grant")


def test_working_read_by_words_takes_only_known_numbers_and_never_the_answers_name() -> None:
    """"42 planned" is working; "43 planned", "final 42" and a remark that names the answer beside working are not."""
    from verifuzz.verifiers.cross_thread_requests import BETA
    from verifuzz.verifiers.figure_reply import states_answer
    from verifuzz.verifiers.interleaved_agent_reports import FIGURE
    user = "Priya Simone Patel"
    assert states_answer("41 tickets remain, 42 planned", BETA, user)
    assert not states_answer("41 tickets remain, 43 planned", BETA, user)
    assert not states_answer("41 tickets remain, answer 42", BETA, user)
    assert states_answer("Thanks to all three reports: 17 + 23 = 40. The final figure is 87.", FIGURE, "Nora Isabel Grant")
    assert not states_answer("The final figure is in: 17 + 23 = 40. That's 87.", FIGURE, "Nora Isabel Grant")


def test_a_numbered_lead_in_around_the_block_reads_without_its_number() -> None:
    """"1. Copying it back verbatim:" is a lead-in in a list; a number inside the words is not."""
    assert layout_preserved(f"1. Copying it back verbatim:\n{BLOCK}", "Eleanor June Brooks")
    assert not layout_preserved(f"Copying it back 2 times:\n{BLOCK}", "Eleanor June Brooks")


def test_a_delivery_reads_each_sentence_without_its_bullet() -> None:
    """Two sentences on a line, the second with a bullet, still say only the message."""
    from verifuzz.verifiers.ambiguous_user_mention import delivers
    assert delivers("ORCHID-72 approved. - ORCHID-72 approved.")


def test_a_lead_in_after_a_bullet_in_the_same_line_is_read_without_it() -> None:
    """"Copied. - See below" holds two sentences; the second's bullet comes off before its form is read."""
    assert layout_preserved(f"Copied. - See below\n{BLOCK}", "Eleanor June Brooks")


def test_a_callback_piece_may_be_any_shared_courtesy() -> None:
    """"Have a great day" is no callback form but a courtesy every reply may hold."""
    assert reports_sent("Sent, have a great day", OLIVIA)


def test_a_form_after_a_spaced_dash_is_read_whole() -> None:
    """"answering beta" is one neutral form: the piece after ` - ` is read whole, not word by word."""
    from verifuzz.verifiers.cross_thread_requests import BETA
    from verifuzz.verifiers.figure_reply import states_answer
    assert states_answer("41 tickets remain - answering beta", BETA, "Priya Simone Patel")


def test_a_lead_in_with_a_number_is_not_read_by_words() -> None:
    """Every word of "Copied 2 lines below" is allowed; its number is not."""
    assert layout_preserved(f"Copied lines below:\n{BLOCK}", "Eleanor June Brooks")
    assert not layout_preserved(f"Copied 2 lines below:\n{BLOCK}", "Eleanor June Brooks")


def test_the_courtesy_opening_a_statement_may_name_the_human_but_is_never_the_tasks_statement() -> None:
    """"Hope this helps you Nora - it's 87" opens with courtesy naming her; "Done - thanks" opens with the report."""
    from verifuzz.verifiers.figure_reply import states_answer
    from verifuzz.verifiers.interleaved_agent_reports import FIGURE
    assert states_answer("Hope this helps you Nora \u2014 it's 87", FIGURE, "Nora Isabel Grant")
    assert reports_sent("Done \u2014 thanks!", OLIVIA)
