"""The figure reader shared by the numeric workflow tasks (verifiers/figure_reply.py), rule by rule: presentation is
taken off, every number is accounted for, the answer is asserted outside any meaning-changer, and each refusal
names its sentence and its rule."""
from __future__ import annotations

from dataclasses import replace

import pytest

from verifuzz.verifiers.cross_thread_requests import ALPHA, BETA
from verifuzz.verifiers.figure_reply import (
    MAX_EQUATION_CHARS, MAX_REPLY_CHARS, Reading, balanced, evaluate, false_equation, meaning_changers, read_answer, words_after, words_before,
    statement_lines, states_answer,
)
from verifuzz.verifiers.interleaved_agent_reports import FIGURE

NORA = "Nora Isabel Grant"
PRIYA = "Priya Simone Patel"


def reason(reply: str, figure=FIGURE, user: str = NORA) -> str:
    reading = read_answer(reply, figure, user)
    assert not reading.states, reply
    return reading.reason


# ---- presentation ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("reply", [
    "87", "**87**", "Final figure: `87`", "The final figure is 87.0", "Eighty-seven.", "Eighty-seven (87).",
    "### Final figure\n87", "> Final figure: 87", "> How many?\n87", "- North + South = 40\n- **Final: 87**",
    "1. 17 + 23 = 40\n2. 40 - 11 = 29\n3. 29 x 3 = 87", "| | Value |\n|---|---|\n| **Final** | **87** |",
    "```\n(north + south - reserve) * mult = 87\n```", "```\ntotal = 29 * 3  # 87\n```", "(17 + 23 \u2212 11) \u00d7 3 = 87",
    "29 * 3 = 87", "all 3 in \U0001f44d final = 87 \U0001f3af", "\u2714 All reports received\n\u27a1 87",
    "See [the final figure](https://calc.local/?q=(1)) \u2014 87", "Hi Nora! The final figure is 87.",
    "Final figure: 87. Want me to post a summary of the three reports as well?",
    "87. If that changes, I'll let you know.", "Final figure: 87.\n\nThanks!", "@Nora Isabel Grant 87",
])
def test_presentation_is_taken_off_before_the_figure_is_read(reply: str) -> None:
    """Markdown, tables, code blocks and comments, links, emoji, typography, number words, a quoted question and
    courtesy leave the figure stated."""
    assert states_answer(reply, FIGURE, NORA), read_answer(reply, FIGURE, NORA).reason


def test_statement_lines_are_plain_and_without_their_dress() -> None:
    """Each line folded, its list mark, emphasis, emoji, code comment and a product's asterisk read; a list number
    greater than the reply's count of lines is no list mark; an image says nothing and a link says its text."""
    assert statement_lines("Hi Nora,\n1. **North** 17 \U0001f3af\n2. 6 * 7 # 42", NORA) == ["north 17", "6 x 7, 42"]
    assert statement_lines("29. 87", NORA) == ["29. 87"]
    assert statement_lines("1. 87", NORA) == ["87"]
    assert statement_lines("- 87", NORA) == ["87"]
    assert statement_lines("![87](x.png) [final](http://a/(b)) 29", NORA) == ["final 29"]
    assert statement_lines("Forty-one \u0036\ufe0f\u20e3 (north) * south", NORA) == ["41 6 (north) x south"]
    assert statement_lines("(1)*(2) 3 * 4 a*b", NORA) == ["(1) x (2) 3 x 4 a*b"]
    assert statement_lines("> Is it done?\n> Still?\n87", NORA) == ["87"]
    assert statement_lines("87\n> Is it done?", NORA) == ["87", "is it done?"]
    assert statement_lines("> 29 x 3 = 87 / Shall I pin it?", NORA) == ["29 x 3 = 87"]
    assert statement_lines("   ", NORA) == []


def test_a_reply_is_read_up_to_its_bound() -> None:
    padded = "87" + " " * (MAX_REPLY_CHARS - 2)
    assert states_answer(padded, FIGURE, NORA)
    assert reason(padded + " ") == f"longer than {MAX_REPLY_CHARS} characters"
    assert reason("  \n ") == "no statement" and reason("Thanks!") == "no statement"


@pytest.mark.parametrize(("reply", "why"), [
    ("The final figure is n\u043et 87", "\u043e"), ("87\u0336", "\u0336"), ("\u202e78\u202c", "\u202e"),
])
def test_letters_a_reader_may_not_see_as_written_fail(reply: str, why: str) -> None:
    """A homoglyph, a combining mark or a control that reorders the text: what is shown is not what is spelled."""
    assert reason(reply) == f"letters a reader may not see as written: {why!r}"


@pytest.mark.parametrize(("reply", "mark"), [
    ("~~87~~ 88", "~~"), ("<del>87</del>", "<del"), ("<details>87</details>", "<details"), ("<!-- 87 -->", "<!--"),
    ("- [ ] 87", "[ ]"), ("87 \u2717", "\u2717"), ("Final figure: {result}", "{result}"), ("<S>87</S>", "<S"),
])
def test_markup_that_unsays_or_hides_fails(reply: str, mark: str) -> None:
    assert reason(reply) == f"unsaid or hidden by {mark!r}"


def test_the_other_requests_matter_fails() -> None:
    assert reason("41 tickets remain for the ALPHA request.", BETA, PRIYA) == "speaks of the other request: 'alpha'"
    assert reason("346 usable units, 41 tickets", ALPHA, PRIYA) == "speaks of the other request: 'tickets'"
    assert states_answer("You have 346 usable units.", ALPHA, PRIYA) and states_answer("41 tickets left", BETA, PRIYA)


# ---- the answer must be asserted -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("reply", "rule"), [
    ("The final figure is not 87", "negated: 'not'"), ("It isnt 87", "negated: 'isnt'"), ("Roughly 87", "hedged: 'roughly'"),
    ("87 if the reserve holds", "conditional: 'if'"), ("87 or 29", "alternatives: 'or'"), ("It will be 87", "future: 'will'"),
    ("Ops says 87", "attributed: 'says'"), ("Actually 87", "retracted: 'actually'"), ("test 87", "not a real answer: 'test'"),
    ("So far 87", "still waiting: 'so far'"), ("87 once the report is in", "conditional: 'once'"),
])
def test_a_meaning_changer_in_a_sentence_with_a_number_fails(reply: str, rule: str) -> None:
    assert reason(reply) == f"{rule} in '{reply.lower()}'"


def test_once_after_the_fact_changes_nothing() -> None:
    assert states_answer("Once all three reports were in, the final figure came to 87.", FIGURE, NORA)
    assert meaning_changers("once it is in") == ["conditional: 'once'"]
    assert meaning_changers("87 is not about 40") == ["negated: 'not'", "hedged: 'about'"]


@pytest.mark.parametrize("reply", ["Is it 87?", "87?", "Is the final figure 87", "Can you confirm 87?"])
def test_a_question_fails(reply: str) -> None:
    assert reason(reply).startswith("question: ")


def test_an_offer_may_ask_and_cite_the_tasks_own_numbers_only() -> None:
    assert states_answer("87. Should I share the 3 reports?", FIGURE, NORA)
    assert reason("87. Should I share the 87 elsewhere?") == "question: 'should i share the 87 elsewhere?'"
    assert reason("87. Should I share the 3% view?") == "question: 'should i share the 3% view?'"
    assert reason("87. Is that right?") == "question: 'is that right?'"


def test_a_remark_without_a_number_changes_nothing_or_fails_the_reply() -> None:
    """What is to come may be said; a negation, a retraction or words the reader does not know fail."""
    assert states_answer("87. If that changes, I'll let you know. Or ask me.", FIGURE, NORA)
    assert reason("87. Not anymore.") == "negated: 'not' in 'not anymore'"
    assert reason("87. It's 8 7 backwards.").startswith("number spray")
    assert reason("87. The line above is fiction.") == "retracted: 'above' in 'the line above is fiction'" or \
        reason("87. The line above is fiction.") == "retracted: 'fiction' in 'the line above is fiction'"
    assert reason("87. Those two are the other way round.") == \
        "retracted: 'other way round' in 'those 2 are the other way round'"
    assert reason("87. Purple elephants dance.") == "unread words ['purple', 'elephants', 'dance'] in 'purple elephants dance'"
    assert states_answer("87. Ledger Scout's report arrived.", FIGURE, NORA)


def test_the_answer_must_be_stated() -> None:
    assert reason("All three reports are in.") == "answer 87 not stated"
    assert reason("North 17, South 23, reserve 11, multiplier 3.") == "answer 87 not stated"


# ---- every number is accounted for ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("reply", "figure"), [
    ("88", "88"), ("87.5", "87.5"), ("870", "870"), ("1,087", "1,087"), ("87%", "87%"), ("87k", "87k"), ("8.7", "8.7"),
])
def test_a_number_the_task_does_not_know_is_a_rival_figure(reply: str, figure: str) -> None:
    assert reason(f"The result: {reply}") == f"rival figure {figure} in 'the result: {reply.lower()}'"


def test_numbers_side_by_side_or_standing_alone_fail() -> None:
    assert reason("87 87") == "number spray '87 87' in '87 87'" and reason("87 3") == "number spray '87 3' in '87 3'"
    assert reason("29.\n87") == "29 standing alone in '29'"
    assert reason("29. 87") == "29 standing alone in '29'"
    assert states_answer("Step 2: 87", FIGURE, NORA) and states_answer("87 (step 2)", FIGURE, NORA)


@pytest.mark.parametrize(("reply", "number"), [
    ("Final figure: 29", "29"), ("The final figure is 40", "40"), ("Final figure: North 17", "17"),
    ("42 tickets remain", "42"), ("Remaining: 42", "42"), ("1 remaining", "1"),
])
def test_a_step_in_the_answers_place_is_given_as_the_answer(reply: str, number: str) -> None:
    figure = BETA if "tick" in reply or "emaining" in reply else FIGURE
    assert reason(reply, figure, PRIYA) == f"{number} given as the answer in '{reply.lower()}'"


def test_a_step_beside_the_answers_name_may_open_working() -> None:
    assert states_answer("Final figure: 29 x 3 = 87", FIGURE, NORA)
    assert states_answer("Remaining = 42 - 1 = 41", BETA, PRIYA)
    assert states_answer("6 x 7 = 42 tickets, 42 - 1 = 41 tickets left", BETA, PRIYA)
    assert reason("Final figure: 17 + 23 - 11 = 29") == "'final figure' given without 87 in 'final figure: 17 + 23 - 11 = 29'"


@pytest.mark.parametrize(("reply", "said"), [
    ("41 tickets were cancelled", "cancelled"), ("41 tickets were planned", "planned"), ("41 tickets a week", "week"), ("41 tickets done, 1 remaining", "done"),
    ("41 weeks", "weeks"), ("41 tickets per developer", "per"), ("Cancelled: 41", "cancelled"),
])
def test_the_answer_said_of_another_quantity_fails(reply: str, said: str) -> None:
    assert reason(reply, BETA, PRIYA) == f"41 said of another quantity ({said}) in '{reply.lower()}'"


def test_the_answer_said_of_an_input_or_per_item_fails() -> None:
    assert reason("87 is the reserve") == "87 said of another quantity (reserve) in '87 is the reserve'"
    assert reason("That works out to 87 each") == "87 said of another quantity (each) in 'that works out to 87 each'"
    assert reason("That works out to 87 a day") == "87 said of another quantity (a, day) in 'that works out to 87 a day'"
    assert states_answer("87 a final figure", FIGURE, NORA) and states_answer("87, a day late", FIGURE, NORA)
    assert states_answer("87 (north 17 + south 23 - reserve 11 = 29, x 3)", FIGURE, NORA)
    assert states_answer("41 remaining out of the 42 planned", BETA, PRIYA)


def test_role_windows_stop_at_a_boundary() -> None:
    assert words_before("so the total is 87 tickets for now", 16) == ["the", "total", "is"]
    assert words_after("so the total is 87 tickets for now and then", 18) == ["tickets", "for", "now"]
    assert words_before("a, b 87", 5) == ["b"] and words_after("87 x y", 2) == []
    assert words_before("cancelled: 87", 11) == ["cancelled"] and words_after("87 a b c d e", 2) == ["a", "b", "c", "d"]


@pytest.mark.parametrize(("reply", "why"), [
    ("North 23, South 17", "north given as 23 (it is 17)"), ("Reserve: 3\n87", "reserve given as 3 (it is 11)"),
    ("The multiplier of 11 gives 87", "multiplier given as 11 (it is 3)"), ("North: 87", "north given as 87 (it is 17)"),
    ("Combined North and South comes to 87", "'north and south comes to 87' (should be 40)"),
])
def test_an_input_or_a_step_bound_to_another_number_fails(reply: str, why: str) -> None:
    assert reason(reply).startswith(why)


@pytest.mark.parametrize("reply", [
    "1. Combined North and South: 40\n2. Less reserve: 29\n3. Times multiplier: 87", "40 combined, minus 11 reserve = 29, times 3 = 87",
    "(North + South - reserve) x multiplier = 87", "North + South = 40; 40 - reserve 11 = 29; 29 x multiplier 3 = 87",
    "with North=17, South=23, reserve=11, multiplier=3: 87",
])
def test_a_label_in_a_formula_or_after_its_number_binds_nothing(reply: str) -> None:
    assert states_answer(reply, FIGURE, NORA), read_answer(reply, FIGURE, NORA).reason


def test_an_equation_must_be_true() -> None:
    assert reason("(17 + 23 - 11) x 3 = 84") == "rival figure 84 in '(17 + 23 - 11) x 3 = 84'"
    assert reason("23 = 17 + 11\n87") == "false equation 23 = 17 + 11 in '23 = 17 + 11'"
    assert reason("40 - reserve 11 = 40\n87") == "false equation 40 - 11 = 40 in '40 - reserve 11 = 40'"
    assert reason("(17 + 23 - 11) x 3 \u2192 29. 87").startswith("false equation (17 + 23 - 11) x 3 = 29")
    assert states_answer("(17 + 23 - 11) x 3 \u2192 87", FIGURE, NORA)
    assert false_equation("17 = 17", FIGURE) is None and false_equation("11 = 29", FIGURE) is None
    assert false_equation("(17 + 23 - 11 = 29, x 3)", FIGURE) is None
    assert false_equation("north 17 + 23 = 41", FIGURE) == "17 + 23 = 41"


def test_equations_are_bounded() -> None:
    long = "(" * 40 + "29" + ")" * 40 + " x 3 = 86"
    assert false_equation(long, FIGURE) == long.replace(" = ", " = ", 1)
    padded = "29 x 3" + " " * MAX_EQUATION_CHARS + "= 86"
    assert false_equation(padded, FIGURE) is None
    assert false_equation("1 + " * MAX_EQUATION_CHARS + "1 = 3", FIGURE) is None


def test_sides_lose_the_brackets_that_open_or_close_outside_them() -> None:
    assert balanced(" (17 + 23 - 11 ") == "17 + 23 - 11" and balanced("29) ") == "29" and balanced("(1 + 2)") == "(1 + 2)"
    assert balanced("((3") == "3" and balanced("3))") == "3" and balanced("87.") == "87"


def test_arithmetic_is_evaluated_exactly_or_not_at_all() -> None:
    assert evaluate("(17 + 23 - 11) x 3") == 87 and evaluate("17+23-11*3") == 7 and evaluate("174/2") == 87
    assert evaluate("7 / 2") * 2 == 7 and evaluate("10 - 2 - 3") == 5 and evaluate("24 / 2 / 3") == 4
    for broken in ("", "8 7", "(87", "87)", "87 +", "x 3", "3 / 0", "3 / (1 - 1)", "a + 1", "()"):
        assert evaluate(broken) is None, broken


def test_the_beta_week_is_a_place_in_the_plan() -> None:
    assert reason("After week 1, 41 tickets remain.", BETA, PRIYA) == \
        "'week 1' (should be 6) in 'after week 1, 41 tickets remain'"
    assert states_answer("By the end of week 6, 41 tickets remain.", BETA, PRIYA)


def test_a_figures_patterns_are_compiled_from_its_facts() -> None:
    compiled = FIGURE.compiled
    assert compiled["named"].pattern == FIGURE.names and compiled["label_words"] == {"north", "south", "reserve", "multiplier"}
    assert [label for label, _, _ in compiled["bindings"]] == ["north", "south", "reserve", "multiplier"]
    assert compiled["slot"].search("the final figure is ") and compiled["slot"].search("final figure: north ")
    assert not compiled["slot"].search("final figure is 3 and ") and compiled["unit"].match(" is the final figure")
    assert [number for _, number in compiled["role_patterns"]] == [40, 29] and len(compiled["unlabelled"]) == 4
    assert BETA.compiled["bindings"] == () and BETA.compiled["label_words"] == frozenset()
    assert BETA.compiled["unlabelled"] == () and BETA.compiled["role_patterns"][0][1] == 6


def test_a_run_on_chain_goes_on_from_the_number_it_reaches() -> None:
    """"17 + 23 = 40 - 11 = 29" reaches 40 and goes on; at the chain's end its working must give the answer."""
    assert false_equation("17 + 23 = 40 - 11 = 29 x 3 = 87", FIGURE) is None
    assert false_equation("7 x 6 = 42 - 1", BETA) is None and states_answer("41 remain (7 x 6 = 42 - 1)", BETA, PRIYA)
    assert false_equation("6 x 7 = 42 - 1 = 41 + 1", BETA) == "42 - 1 = 41 + 1"
    assert false_equation("6 x 7 = 42 + 1", BETA) == "6 x 7 = 42 + 1"
    assert false_equation("6 x 7 = 43 - 2", BETA) == "6 x 7 = 43 - 2" and false_equation("6 x 7 = 43 - 1", BETA) is None


def test_symbols_outside_ascii_are_decoration_and_ascii_ones_are_kept() -> None:
    assert statement_lines("\U0001f4ca 17 + 23 = 40 \u2190 ok", NORA) == ["17 + 23 = 40 = ok"]
    assert states_answer("**87** \u2190 (17 + 23 \u2212 11) \u00d7 3", FIGURE, NORA)
    assert reason("**86** \u2190 (17 + 23 \u2212 11) \u00d7 3").startswith("rival figure 86")


def test_a_step_bound_by_its_words_is_read_whole() -> None:
    assert states_answer("North + South: 17 + 23 = 40\nFinal figure: 87", FIGURE, NORA)
    assert reason("North: 170\n87") == "rival figure 170 in 'north: 170'"
    assert reason("87 is the total before the multiplier").startswith("87 said of another quantity (before)")


@pytest.mark.parametrize(("reply", "why"), [
    ("Final figure: 87 / 29", "87 worked on, not given"), ("41/42 tickets remain", "41 worked on, not given"),
    ("3 x 87", "87 worked on, not given"), ("Final figure: 87 USD", "87 said of another quantity (usd)"),
    ("Over 41 tickets remain", "41 said of another quantity (over)"), ("87 reports received", "87 said of another quantity (reports)"),
    ("41+ tickets remain", "41 bounded or qualified ('+')"), ("41 tickets remaining (per team)", "41 bounded or qualified"),
    ("41 tickets remain out of 41", "41 bounded or qualified ('out of')"), ("$87", "87 bounded or qualified ('$')"),
])
def test_the_answer_worked_on_bounded_or_of_another_kind_is_not_given(reply: str, why: str) -> None:
    figure = BETA if "41" in reply else FIGURE
    assert reason(reply, figure, PRIYA).startswith(why)


@pytest.mark.parametrize("reply", [
    "That's 87 - (17 + 23 - 11) x 3", "Thanks, Nora - 87", "After all three reports: 87",
    "(17 + 23 - 11) x 3 = 87", "Final figure \u2014 87.",
])
def test_a_dash_is_no_minus_and_a_bracket_no_qualifier(reply: str) -> None:
    assert states_answer(reply, FIGURE, NORA), read_answer(reply, FIGURE, NORA).reason


# ---- a figure built anew, and the paths that assert nothing -----------------------------------------------------------


def test_a_figure_built_anew_compiles_each_of_its_rules() -> None:
    """Each pattern a Figure compiles from its facts is read: the answer's name and slot, its unit, the inputs' labels
    (bound, in a slot, after the answer, or set aside inside working) and the steps' roles."""
    fresh = replace(FIGURE)  # __post_init__ runs again
    assert states_answer("The final figure is 87.", fresh, NORA)
    assert reason("Final figure: 29", fresh) == "29 given as the answer in 'final figure: 29'"
    assert reason("29 is the final figure", fresh) == "29 given as the answer in '29 is the final figure'"
    assert reason("Final figure: reserve 11", fresh) == "11 given as the answer in 'final figure: reserve 11'"
    assert reason("Reserve 17, so the final figure is 87.", fresh) \
        == "reserve given as 17 (it is 11) in 'reserve 17, so the final figure is 87'"
    assert reason("North and south make 29, final figure 87", fresh) \
        == "'north and south make 29' (should be 40) in 'north and south make 29, final figure 87'"
    assert reason("87 reserve", fresh) == "87 said of another quantity (reserve) in '87 reserve'"
    assert reason("40 - reserve 11 = 23, final figure 87", fresh) \
        == "false equation 40 - 11 = 23 in '40 - reserve 11 = 23, final figure 87'"


@pytest.mark.parametrize("reply", [
    "Want me to post a summary of the 3 reports?",  # an offer citing the task's own numbers
    "See step 3",  # a place in a list
    "All reports are in.",  # a remark without a number
    "North reported 17.",  # a known number of the working, not in the answer's place
])
def test_a_sentence_that_fails_nothing_still_asserts_nothing(reply: str) -> None:
    assert reason(reply) == "answer 87 not stated"


def test_a_refused_reply_is_read_as_false_with_its_reason() -> None:
    assert read_answer("8" * (MAX_REPLY_CHARS + 1), FIGURE, NORA) == Reading(False, f"longer than {MAX_REPLY_CHARS} characters")
    assert read_answer("\u0421ount: 87", FIGURE, NORA) == Reading(False, "letters a reader may not see as written: '\u0441'")
    assert read_answer("87", FIGURE, NORA) == Reading(True, "")


def test_the_other_request_is_found_at_the_start_of_any_line() -> None:
    assert reason("346\nBeta was 42", ALPHA, PRIYA) == "speaks of the other request: 'beta'"


def test_evaluate_refuses_an_expression_with_anything_else_in_it() -> None:
    assert evaluate("17 + 23 apples") is None and evaluate("17 + 23") == 40


def test_false_equation_reads_every_equation_of_a_sentence() -> None:
    """An equation without working or a true one is passed over, not the end of the search; a run-on chain of three
    sides goes on from the number it reaches."""
    assert false_equation("total = 87, 1 + 1 = 3", FIGURE) == "1 + 1 = 3"
    assert false_equation("1 + 1 = 2, 2 + 2 = 5", FIGURE) == "2 + 2 = 5"
    assert false_equation("17 + 23 = 40 - 11 = 29", FIGURE) is None


def test_false_equation_reads_up_to_its_bounds() -> None:
    """A sentence of up to MAX_EQUATION_CHARS * 4 characters and a side of up to MAX_EQUATION_CHARS are read."""
    wrong = "1 + 1 = 3 "
    assert false_equation(wrong + "a" * (MAX_EQUATION_CHARS * 4 - len(wrong)), FIGURE) == "1 + 1 = 3"
    assert false_equation(wrong + "a" * (MAX_EQUATION_CHARS * 4 - len(wrong) + 1), FIGURE) is None
    body = "1 + " * 49 + "1"
    side = " " * (MAX_EQUATION_CHARS - 1 - len(body)) + body + " "  # the side before `=`, its spaces included
    assert len(side) == MAX_EQUATION_CHARS and false_equation(f"a{side}= 0", FIGURE) == f"{body} = 0"
    assert false_equation(f"a {side}= 0", FIGURE) is None


@pytest.mark.parametrize(("reply", "why"), [
    ("The final figure is 87 per very long week.", "87 said of another quantity (per) in 'the final figure is 87 per very long week'"),
    ("Final figure: 87 a week of work", "87 said of another quantity (a, of, week) in 'final figure: 87 a week of work'"),
    ("Final figure before 87 per week", "87 said of another quantity (before, per, week) in 'final figure before 87 per week'"),
])
def test_the_words_of_another_quantity_are_named_exactly(reply: str, why: str) -> None:
    assert reason(reply) == why


@pytest.mark.parametrize("reply", [
    "\n> How many?\n87",  # the quoted question after a blank first line
    "87\nWorking: https://calc.local/q",  # a link's address says nothing
    "\u2605 29 x 3 = 87",  # a symbol outside ASCII is decoration; = stays an operator
    "Having gone over it: 87",  # a bound is the word right before the number
    "The final figure is 87 from all reports",  # a kind is one of the two words after it
    "Final figure: 87 / 3 = 29",  # the answer in a true equation
])
def test_natural_replies_around_each_rule_state_the_answer(reply: str) -> None:
    assert states_answer(reply, FIGURE, NORA), read_answer(reply, FIGURE, NORA).reason


def test_decoration_never_hides_a_hedge_or_joins_figures() -> None:
    assert reason("\u2605 ~87") == "hedged: '~' in '~87'"
    assert reason("29 \u2605 87") == "number spray '29 87' in '29 87'"


def test_a_remark_names_its_first_three_unread_words() -> None:
    assert reason("Zorp blick frimble quaxx") == "unread words ['zorp', 'blick', 'frimble'] in 'zorp blick frimble quaxx'"
