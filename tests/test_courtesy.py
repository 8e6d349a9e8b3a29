"""Courtesy: greetings, headers, adverbials, thanks, offers and a signature say nothing; acknowledgements only open."""
from __future__ import annotations

import re

import pytest

from verifuzz.verifiers.courtesy import ACKNOWLEDGEMENT, ADVERBIAL, CLOSING, GREETING, HEADER, courtesy

HUMAN = "Maya Elise Chen"
EXAMPLES = {
    GREETING: ["hi", "hello there", "hey all", "hiya", "dear", "greetings", "good morning", "good afternoon team",
               "good evening everyone", "good day", "morning", "hi again"],
    HEADER: ["here's the update", "here is the status", "below is the summary", "this is the rundown",
             "as requested here's the report", "as requested, here's your quick recap", "the latest", "today's overview",
             "a quick two-line status update", "2-line update", "current status", "your requested status report",
             "bot status", "final roundup", "full snapshot", "brief breakdown", "short status note", "the status summary",
             "update you asked for", "status you requested", "update below", "status for today", "summary for you",
             "status of both bots", "update on the two bots", "status for your bots", "status on the bots",
             "here's where things stand", "here's where we are right now", "here's where both bots stand today",
             "here's where the bots are now", "here you go", "here it is", "here it's", "here's what you asked for",
             "here's what i found", "as requested", "as you asked", "as asked", "per your request", "in short", "tl;dr",
             "tldr", "to sum up", "bottom line", "heads-up", "quick heads up", "for the record", "to confirm",
             "just to confirm", "confirmed",
             "i checked", "i've just checked the directory", "i have checked the status board", "i checked the channel",
             "just checked", "i checked the bots", "quick note", "fyi", "good news", "all good", "all set", "that's all",
             "that's it for now", "that's everything", "that's the whole picture", "that's the full picture",
             "that's the update", "that's the status", "note", "p.s", "ps", "without further ado", "not much to report",
             "nothing much else to report"],
    ADVERBIAL: ["meanwhile", "also", "currently", "right now", "at the moment", "as of now", "as of today", "as of 14:00 utc",
                "as of 9 am", "as of this morning", "for now", "today",
                "as expected", "as noted", "as before", "as usual", "per your note", "per your request", "to confirm",
                "in summary", "to summarize", "overall", "finally", "lastly", "first", "second", "otherwise",
                "on the other hand", "by contrast", "in contrast", "however", "likewise", "similarly"],
    CLOSING: ["thanks", "thanks again", "thanks so much", "thanks a lot", "thanks for asking", "thanks for your patience",
              "thank you", "thank you so much", "thank you for asking", "cheers", "best", "best regards", "kind regards",
              "warm regards", "regards", "all the best", "talk soon", "take care", "have a great day", "have a good one",
              "have a nice week", "hope this helps", "i hope that helps", "hope this is useful", "hope that is helpful",
              "happy to help", "happy to help further",
              "glad to help", "anytime", "let me know if you need anything else", "let me know if you want something more",
              "let me know if you'd like more detail", "let me know if you would like any context",
              "let me know if you have questions", "let me know if you have any questions",
              "let me know if anything else comes up", "let me know if you'd like me to ping either of them",
              "let me know if there's anything else", "let me know if there's anything else i can do",
              "let me know if you need me to do anything else", "let me know if you need me to check anything",
              "let me know if you want me to check on either bot", "feel free to ask", "feel free to reach out",
              "feel free to ping me if you need anything", "feel free to follow up with any questions",
              "ping me if you need anything else", "just message me if you need more", "anything else you need",
              "anything else", "just ask", "just let me know", "happy to reword this", "i'm glad to rephrase it",
              "i am happy to adjust the wording if you'd like", "happy to tweak the format if needed",
              "happy to expand on the update if that helps", "happy to provide more detail", "glad to share details if needed",
              "buzz", "buzz orchestrator", "anything else?", "is there anything else i can help with?",
              "is there anything else you'd like me to check?", "need anything else?", "any questions?", "any other questions?",
              "want more detail?", "should i ping either bot?", "shall i loop in anyone?",
              "let me know if you'd like this posted anywhere else", "let me know if you want it shared elsewhere",
              "let me know if you would like the update forwarded to anyone else",
              "if that changes, i'll let you know", "if anything changes i will keep you posted", "i'll follow up",
              "i will update you if either changes", "if that changes", "questions", "contact", "reach me at",
              "email us at", "ops@example.com", "buzz-ops@mail.example.co"],
    ACKNOWLEDGEMENT: ["sure", "sure thing", "of course", "certainly", "absolutely", "no problem", "no worries", "got it",
                      "okay", "ok", "alright", "all right", "will do", "understood", "you got it", "gladly", "yes", "yep",
                      "on it", "done", "rest assured", "never fear", "fear not", "good question"],
}


@pytest.mark.parametrize(("form", "example"), [(form, example) for form, found in EXAMPLES.items() for example in found])
def test_each_courtesy_example_is_its_forms(form: str, example: str) -> None:
    """Each example is recognised by its own form, and by the pattern allowed where that form may stand."""
    assert re.fullmatch(form, example) or form == CLOSING and example.endswith("?")
    anywhere, opening = courtesy(HUMAN)  # called in the test, so the mutation gate knows the test reaches it
    assert (opening if form == ACKNOWLEDGEMENT else anywhere).fullmatch(example + "!")


@pytest.mark.parametrize("piece", [
    "hi maya", "hi maya elise chen", "thanks, maya", "here's the update for maya", "update for @maya elise chen",
    "maya", "@maya elise chen", "@maya elise chen here is the update", "@maya, thanks", "good morning, @maya",
])
def test_courtesy_may_name_the_human(piece: str) -> None:
    """The human's full or first name may follow courtesy, stand alone, or open it as an `@` address."""
    assert courtesy(HUMAN)[0].fullmatch(piece)
    assert not courtesy("Olivia Grace Park")[0].fullmatch(piece)


@pytest.mark.parametrize("piece", [
    "hey maya quick status", "quick status for the record", "hi maya here's the update as requested", "thanks maya cheers",
])
def test_courtesies_may_run_together_in_one_piece(piece: str) -> None:
    """Up to three courtesies may follow one another without a mark between them; a fourth, or anything else, may not."""
    anywhere, _ = courtesy(HUMAN)
    assert anywhere.fullmatch(piece)
    assert not anywhere.fullmatch(piece + " maybe") and not anywhere.fullmatch("hi thanks cheers fyi")


def test_acknowledgements_are_their_own_pattern_and_may_name_the_human() -> None:
    """Acknowledgements match only the opening pattern, with or without the human's name."""
    anywhere, opening = courtesy(HUMAN)
    assert opening.fullmatch("sure, maya") and opening.fullmatch("of course!")
    assert not anywhere.fullmatch("sure") and not opening.fullmatch("thanks")


@pytest.mark.parametrize("piece", [
    "lol, sure", "yeah, right", "not really", "just kidding", "said nobody ever", "as if", "i think", "probably",
    "i can't confirm", "i won't post this", "is that right?", "right?", "scratch that", "thanks, olivia", "here's the truth?",
    "let me know if that's wrong", "let me know if you want the real statuses", "hope this is true", "status unknown",
    "that's not it", "anything else wrong?", "done?", "", "bot", "pending", "status unknown", "not confirmed",
    "i'll let you know if it completes", "let me know if you'd like this posted", "not much", "never",
    "ops@example", "@example.com", "questions about the audit",
])
def test_what_casts_doubt_or_refuses_is_no_courtesy(piece: str) -> None:
    """Sarcasm, hedges, refusals, doubts and questions about what was said are neither courtesy nor acknowledgement."""
    anywhere, opening = courtesy(HUMAN)
    assert not anywhere.fullmatch(piece) and not opening.fullmatch(piece)


def test_without_a_human_no_name_is_courtesy() -> None:
    """With no human in the snapshot, no name is an address and a bare greeting still is courtesy."""
    anywhere, opening = courtesy("")
    assert anywhere.fullmatch("hi") and not anywhere.fullmatch("hi xxxx") and not anywhere.fullmatch("@")
    assert opening.fullmatch("sure") and not opening.fullmatch("sure xxxx")
    assert not any(anywhere.fullmatch(piece) for piece in ("hi @", "thanks for ", "@ here's the update", "@, thanks"))
    assert not opening.fullmatch("sure @")


def test_a_title_opening_the_name_may_be_cut_off_at_its_dot() -> None:
    """A human named "Mr. Adam Smith" is addressed as "Mr.", "Mr" or "Adam Smith" too (a reader may cut at the dot);
    a name without a title gets no such forms."""
    anywhere, _ = courtesy("Mr. Adam Smith")
    assert anywhere.fullmatch("good morning, mr.") and anywhere.fullmatch("good morning, mr")
    assert anywhere.fullmatch("hi mr. adam smith") and anywhere.fullmatch("adam smith")
    assert not anywhere.fullmatch("good morning, ms") and not anywhere.fullmatch("adam")
    plain, _ = courtesy("Adam Lee Smith")
    assert not plain.fullmatch("lee smith") and not plain.fullmatch("hi lee smith")


@pytest.mark.parametrize("piece", [
    "want me to pin it in the channel?", "should i share the working steps?", "shall i draft a note for the team wiki?",
    "would you like me to export the figures to a spreadsheet?", "do you want me to split this by month?",
    "happy to pull anything else from memory if you need it", "glad to recap this in the kickoff message",
    "i can also share the numbers as a table, if that helps",
])
def test_an_offer_of_more_work_is_courtesy(piece: str) -> None:
    """An offer that asks or offers, names only work beyond the task's and holds no number, says nothing."""
    assert courtesy(HUMAN)[0].fullmatch(piece)


@pytest.mark.parametrize("piece", [
    "want me to send it?", "should i invite them?", "shall i create the channel?", "want me to tell taylor?",
    "should i notify the release captain?", "want me to post 41 in the thread?", "should i double-check the figure?",
    "want me to correct it?", "should i pin it in the channel or not?", "want me to?", "happy to",
])
def test_an_offer_of_the_tasks_own_work_a_number_or_a_doubt_is_no_courtesy(piece: str) -> None:
    """Offering to send, invite, create or tell would say the work is not done; a number, a doubt, a "not" or an
    offer that names nothing is not courtesy either."""
    assert not courtesy(HUMAN)[0].fullmatch(piece)


@pytest.mark.parametrize("emoji", ["\U0001f39f\ufe0f", "\U0001f4e6", "\U0001f4e3", "\U0001f517", "\U0001f3c1", "\U0001f4a1", "\U0001f91d"])
def test_an_object_emoji_heading_a_line_is_decoration(emoji: str) -> None:
    """A ticket, a parcel, a megaphone, a link, a flag, a bulb or a handshake before a statement reads as nothing."""
    from verifuzz.verifiers.text import TYPOGRAPHY, plain
    assert plain(f"{emoji} 41 tickets remain".translate(TYPOGRAPHY)) == "41 tickets remain"
