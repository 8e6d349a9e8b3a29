"""The figure grammar shared by the numeric tasks: each form it holds passes, and each near miss fails."""
from __future__ import annotations

import pytest

from verifuzz.verifiers.cross_thread_requests import ALPHA, BETA
from verifuzz.verifiers.figure_reply import MAX_EQUATION_CHARS, Figure, addressed, equation, grammar, reply_sentences, states_answer
from verifuzz.verifiers.interleaved_agent_reports import FIGURE

HUMAN = "Nora Isabel Grant"


@pytest.fixture(autouse=True)
def fresh_grammar() -> None:
    """Each test builds the grammar itself, so the mutation gate maps it to the code that builds it."""
    for cached in (grammar, addressed):
        getattr(cached, "cache_clear", lambda: None)()


@pytest.mark.parametrize("reply", [
    "So the final figure is 87", "Then, the total was 87", "Therefore the result comes to 87", "Thus our total comes out to 87",
    "Which means the answer works out to 87", "Your combined figure equals 87", "The overall number = 87", "Final figure - 87",
    "It's 87", "That is 87", "That gives 87", "This makes 87", "Which comes to 87", "That leaves 87", "We get 87",
    "We end up with 87", "There are 87", "87 in total", "87 total", "87 overall", "87 is your final figure",
    "87 is the answer", "Final figure: 87 (north 17, south 23, reserve 11, multiplier 3)",
    "Final figure: 87 (north 17 and south 23, reserve 11, multiplier 3)", "From the reports north 17\n87", "Figures: North 17, South 23\n87",
    "Reports - north 17\n87", "From the reports: reserve 11\n87", "North figure 17\nSouth value 23\n87",
    "North region is 17, south total was 23\n87", "Reserve of 11\n87", "Inputs: north: 17\n87", "17 (north)\n87",
    "(17 + 23 - 11) \u00d7 3 = 87", "(17 + 23 - 11) \u22c5 3 = 87", "(17 + 23 - 11) \u00b7 3 = 87", "(17 + 23 - 11) \u2217 3 = 87",
    "87 x 3 \u00f7 3 = 87", "Then 29 x 3 = 87", "And 29 x 3 = 87", "Which gives 29 x 3 = 87",
    "That gives, 29 x 3 = 87", "__87__", "'87'", "\"87\"", "87 .", "Sure, of course, certainly: 87", "Done. All set. Got it. 87",
    "No problem. Happy to help. 87. Hope that helps", "Thank you! Cheers. 87", "Here is the update: 87",
    "Update below: 87", "Quick summary: 87", "Here's my answer: 87", "Here is the result: 87", "Here it is: 87",
    "Here you go: 87", "87. Let me know if you need anything else", "87. Let me know if anything should change",
    "The calculation below: 29 x 3 = 87", "Working: 29 x 3 = 87", "The math: 29 x 3 = 87", "Hello there, Nora: 87",
    "Dear Nora, 87", "Hey, Nora Isabel Grant, 87", "@Nora Isabel Grant 87", "Hi there: 87",
    "(North + South - reserve) * multiplier = 87", "North + South - reserve x multiplier = 87",
])
def test_each_form_of_the_grammar_states_the_figure(reply: str) -> None:
    """Every lead, verb, tail, input binding, operator, courtesy and address the grammar holds leaves 87 stated."""
    assert states_answer(reply, FIGURE, HUMAN), reply


@pytest.mark.parametrize("reply", [
    "So the final figure is 86", "It's 870", "8.7", "87.5", "1,087", "87,000", "87 tickets", "87 (north 23)", "87 (unconfirmed)",
    "Final figure: 87 (17)", "North 23\n87", "23 (north)\n87", "Multiplier = 3\n87", "Reserve -11\n87", "17 + 23 = 41\n87",
    "2 x 3 = 6\n87", "(17 + 23 - 11) x 3 = 87 = 88", "(17 + 23 - 11 x 3 = 87", "17 + + 23 = 40\n87", "87 / 0 = 87",
    "Hi Maya, 87", "@Nora Grant 87", "Nora Isabel Grant: 29", "87 is the reserve", "The reserve is 87", "87 planned",
    "42 tickets", "3 reports", "Final figure: 87.0", "87 or so", "Maybe 87", "87, I think", "It will be 87", "Not 29 but 87",
    "87?", "87!?", "- [ ] 87", "~~87~~", "87 \u2014 not", "87 \u2717", "\u202e78\u202c", "\u0aed\u0aee",
    "Inputs: North 17 South 23\n87", "Total: North 17\n87", "1. 29\n2. 87", "Is the final figure 87", "Was it 87 in total",
    "Is 29 x 3 87",
])
def test_near_misses_of_the_grammar_do_not_state_the_figure(reply: str) -> None:
    """Other figures, decimals, separators, wrong bindings, false or foreign working, stray words, hidden marks and
    questions without their mark fail."""
    assert not states_answer(reply, FIGURE, HUMAN), reply


def test_a_remark_or_working_that_opens_with_a_verb_that_asks_is_a_question_without_its_mark() -> None:
    """"Were three reports received" asks; "Three reports received" says. Working likewise ("Were 42 planned")."""
    assert states_answer("Three reports received\n87", FIGURE, HUMAN)
    assert not states_answer("Were three reports received\n87", FIGURE, HUMAN)
    assert states_answer("42 were planned\n41 tickets remain", BETA, HUMAN)
    assert not states_answer("Were 42 planned\n41 tickets remain", BETA, HUMAN)


def test_equations_are_bounded_and_need_two_sides() -> None:
    """An equation past MAX_EQUATION_CHARS is not read, a side may be the formula, and one side alone is no equation."""
    rules = grammar(FIGURE)
    long = "(" * 40 + "29" + ")" * 40 + " x 3 = 87"
    assert len(long) <= MAX_EQUATION_CHARS and equation(long, rules) == 87
    padded = "29 x 3" + " " * (MAX_EQUATION_CHARS - 9) + "= 87"
    assert len(padded) == MAX_EQUATION_CHARS + 1 and equation(padded, rules) is None
    assert equation("29 x 3 87", rules) is None and equation("= 87", rules) is None
    assert equation("(north + south - reserve) x multiplier = 87", rules) == 87
    assert equation("(north + south - reserve) x multiplier", rules) is None


def test_units_close_only_the_line_that_reaches_the_answer() -> None:
    """`= 346 usable units` is the answer; `= 350 usable units` calls a step the answer."""
    assert states_answer("14 x 25 - 4 = 346 usable units", ALPHA, HUMAN)
    assert states_answer("14 x 25 = 350\n346 units", ALPHA, HUMAN)
    assert not states_answer("14 x 25 = 350 usable units\n346", ALPHA, HUMAN)
    assert not states_answer("346 crates", ALPHA, HUMAN)


def test_sentences_fold_marks_and_refuse_what_is_not_plain() -> None:
    """Lines become folded sentences without bullets, emphasis or end marks; a line that is not plain ASCII stops the read."""
    assert reply_sentences("- **Final figure:** `87`.\n\n* Thanks!", 3) == ["final figure: 87", "thanks"]
    assert reply_sentences("\u2022 87 \u2014 ok; 3. fine", 1) == ["87 - ok", "3", "fine"]
    assert reply_sentences("87\n\u0430", 2) is None
    assert not states_answer("", FIGURE, HUMAN)


def test_a_task_without_units_inputs_formula_or_neutral_clauses_still_reads_its_figure() -> None:
    """The optional parts of a Figure may be left out: the answer, its names and courtesies remain."""
    bare = Figure(answer=5, names="answer")
    assert states_answer("The answer is 5. Thanks!", bare, HUMAN) and states_answer("5", bare, "")
    assert not states_answer("2 + 3 = 5", bare, "")
    assert not states_answer("5 units", bare, HUMAN) and not states_answer("Hi Nora, 5", bare, "")
    assert states_answer("Hi, 5", bare, "")


def test_a_stray_space_before_a_joint_is_read_as_nothing() -> None:
    """Pieces are cut at `, `: a space left on a piece is no word, so the word reader still reads it; an equation's
    sides are read without their spaces."""
    assert states_answer("87 , thanks", FIGURE, HUMAN) and states_answer("87, thanks", FIGURE, HUMAN)
    assert states_answer("17 + 23 = 40 , then 87", FIGURE, HUMAN)


@pytest.mark.parametrize("reply", [
    "so, so the final figure is 87", "The the final figure is 87", "Final: 87", "All three reports are in. The final figure is 87",
    "Thanks to Ledger Scout, Risk Sentinel and Ops Forecaster for the reports. The final figure is 87.",
    "The combined result is now 87", "87 in total", "✅ All reports received. Final figure: 87",
])
def test_a_piece_no_form_holds_is_read_by_its_words(reply: str) -> None:
    """A remark of the task's words, or a statement of 87 in words a statement may use, reads whatever its order."""
    assert states_answer(reply, FIGURE, HUMAN), reply


def test_an_equation_of_exactly_the_bound_is_read_and_may_use_every_known_number() -> None:
    """MAX_EQUATION_CHARS itself is allowed; an equation may use every input, step and the answer at once."""
    rules = grammar(FIGURE)
    exact = "29 x 3" + " " * (MAX_EQUATION_CHARS - 10) + "= 87"
    assert len(exact) == MAX_EQUATION_CHARS and equation(exact, rules) == 87
    every = "17 + 23 - 40 + 11 - 11 + 3 - 3 + 29 - 29 + 12 - 12 + 87 = 87"
    assert equation(every, rules) == 87
    assert states_answer("14 x 25 - 4 + 350 - 350 = 346", ALPHA, HUMAN)


def test_a_numbered_item_after_a_sentence_on_one_line_is_still_a_list_item() -> None:
    """`Thanks. 1) 87`: the `1)` opening the second sentence is a list mark, as at the start of a line."""
    assert states_answer("Thanks. 1) 87", FIGURE, HUMAN)
    assert not states_answer("Thanks. 29) 87", FIGURE, HUMAN)
