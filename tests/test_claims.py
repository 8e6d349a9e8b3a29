"""Replies read for what they claim (verifiers/claims.py): each rule on its own, then the three tasks' facts."""
from __future__ import annotations

from decimal import Decimal

import pytest

from verifuzz.verifiers import memory_retrieval, reply_to_thread, user_mention
from verifuzz.verifiers.claims import (
    MAX_CLAIM_CHARS, Facts, accounted, changed, claim_clauses, evaluate, read_claims, said_plainly,
)
from verifuzz.verifiers.numerals import Number

RTT, UM, MEM = reply_to_thread.FACTS, user_mention.FACTS, memory_retrieval.FACTS
MAYA, JOHN, AMELIA = "Maya Elise Chen", "John Vincent Doe", "Amelia Rose Bennett"
THREE = "Month-6 revenue: $160,811\nMonth-6 expenses: $84,462\nCumulative operating profit (months 1-6): $374,470"


def reason(facts: Facts, content: str, user: str = MAYA) -> str | None:
    """Why the reply fails; its reading says, pass or fail, what was stated of each figure and of nothing else."""
    reading = read_claims(facts, content, user)
    assert list(reading.stated) == list(facts.figures)
    return reading.reason


# Two figures named by their own words, with no period of their own: apples 500 and pears 700; 400 a true step.
FRUIT = Facts(figures={"apples": Decimal(500), "pears": Decimal(700)}, tolerance=Decimal(0), inputs=(),
              intermediates=(Decimal(400),), structure=frozenset({3}),
              roles={"apples": r"\bapples\b", "pears": r"\bpears\b"})


def n(value: str, unit: str = "1", percent: bool = False) -> Number:
    return Number(Decimal(value), Decimal(unit), 0, 1, percent)


# ---- presentation -----------------------------------------------------------------------------------------------------


def test_presentation_comes_off_and_words_fold() -> None:
    """Courtesy sentences, emphasis, code marks, headings, quotes, bullets, fences and snake_case come off; signs read
    as ASCII; emoji go; a homoglyph leaves the text unreadable."""
    assert said_plainly("Hi Maya!\n## **Total**: `$5,328` \u2705\n> - month_6_revenue \u00d7 2\u2076", MAYA) == \
        "total : $5,328\nmonth 6 revenue x 2^6"
    assert said_plainly("```\nR \u2248 5 \u2212 1\n```", MAYA) == "r ~ 5 - 1"
    assert said_plainly("1. \u03a3 \u2026 \u2192 \u2011", MAYA) == "sum ... -> -"
    assert said_plainly("total 5,328 \u0434", MAYA) is None
    assert said_plainly("total 5,328 \u00a9 \u0301", MAYA) == "total 5,328"  # a symbol and a stray combining mark go
    assert said_plainly("5 \u00f7 2 \u22c5 3 \u2217 4 \u2243 1 \u2211 \u2010", MAYA) == "5 / 2 x 3 * 4 ~ 1 sum -"


def test_clauses_end_at_lines_sentences_and_side_by_side_items_but_not_after_an_abbreviation() -> None:
    assert claim_clauses("a. b! c; d\ne / f | g \u00b7 h") == ["a.", "b!", "c;", "d", "e", "f", "g", "h"]
    assert claim_clauses("cum. op. profit m1-6: 5. e.g. 6. no. 7") == ["cum. op. profit m1-6: 5.", "e.g. 6.", "no. 7"]
    assert claim_clauses("(approx. 5) vs. 6") == ["(approx. 5) vs. 6"]


# ---- what changes a meaning ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "rule"), [
    ("is it 5?", "question"), ("can you confirm the total", "question"), ("was the total 5", "question"),
    ("well.  will it be 5", "question"), ("the total is not 5", "negated"), ("it isn't 5", "negated"),
    ("i cant vouch", "negated"), ("maybe 5", "hedge"), ("5, i believe", "hedge"), ("5 (from memory)", "hedge"),
    ("it may be 5", "hedge"), ("5 or 6", "alternatives"), ("either 5", "alternatives"), ("5 if billed monthly", "condition"),
    ("i'll post 5 shortly", "promise"), ("5. actually, scratch that", "retraction"), ("edit: 6", "retraction"),
    ("declining to post 5", "refusal"), ("finance said 5", "attributed"), ("5, lol", "mocking"), ("yeah, right", "mocking"),
    ("test: 5", "test or template"), ("total: {total}", "test or template"), ("total: [number]", "test or template"),
    ("grader: 5", "addressed to the grader"), ("5 \u00b1 1", "hedge"), ("5 +/- 1", "hedge"),
])
def test_a_meaning_changer_anywhere_names_its_rule(text: str, rule: str) -> None:
    assert (changed(UM, text) or "").startswith(rule + ":"), text


@pytest.mark.parametrize("text", [
    "it will cost 5", "may 1, 2024", "the total is 5", "shout if you want the assumptions tweaked.",
    "want a month-by-month breakdown too?", "let me know if you need anything else", "lmk if u need more",
    "if there's a discount i can work that out too.", "[total-customers-metric]", "{\"total\": 5}",
])
def test_courtesy_offers_and_the_tasks_own_future_change_nothing(text: str) -> None:
    assert changed(UM, text) is None, text


def test_a_task_adds_its_own_changers_and_allows_its_own_words() -> None:
    assert changed(MEM, "about 352345") == "hedge: 'about'" and changed(UM, "about 5328") is None
    assert changed(MEM, "we will have 5") == "future: 'will'"
    assert changed(MEM, "the entry says 5") is None and changed(UM, "the entry says 5") == "attributed: 'says'"
    assert changed(MEM, "from memory: 5") is None and changed(MEM, "5 (from memory)") == "hedge: 'from memory'"


@pytest.mark.parametrize(("content", "rule"), [
    ("~~$5,328~~ $5,238", "hidden or struck text"), ("<!-- 5,328 -->", "hidden or struck text"),
    ("- [ ] total $5,328", "hidden or struck text"), ("$5,328 /S", "mocking"), ("$5,328 \U0001f644", "mocking"),
    ("$5,328 \u2717", "negated"), ("$5,328 \u202eton\u202c", "a control reorders"), ("$5,328 \u0434", "characters"),
])
def test_what_a_reader_does_not_see_as_said_fails_first(content: str, rule: str) -> None:
    assert (reason(UM, content, JOHN) or "").startswith(rule)


def test_a_reply_past_the_length_bound_is_not_read() -> None:
    padded = "$5,328" + " " * (MAX_CLAIM_CHARS - 6)
    assert reason(UM, padded, JOHN) is None and reason(UM, padded + " ", JOHN) == "too long to be an answer"


# ---- every number accounted for ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("number", "what"), [
    (n("5328"), "total"), (n("5327"), "total"), (n("5329"), "total"), (n("5330"), None), (n("5326"), None),
    (n("5328.99", "0.01"), "total"), (n("5329.01", "0.01"), None), (n("5300", "100"), "restated"),
    (n("5400", "100"), None), (n("5000", "1000"), "restated"), (n("12"), "structure"), (n("1"), "structure"),
    (n("37"), "input"), (n("444"), "intermediate"), (n("445"), "intermediate"), (n("446"), None),
    (n("444.9", "0.1"), None), (n("12", percent=True), "input"), (n("20", percent=True), None),
    (n("13"), None), (n("400", "100"), "intermediate"), (n("300", "100"), None),
])
def test_each_number_is_the_answer_an_input_a_step_or_structure(number: Number, what: str | None) -> None:
    assert accounted(UM, number) == what


def test_a_rounded_step_is_near_within_half_its_unit_and_an_input_exactly() -> None:
    assert accounted(RTT, n("1.3401", "0.0001")) == "intermediate" and accounted(RTT, n("1.3402", "0.0001")) is None
    assert accounted(RTT, n("1.34", "0.01")) == "intermediate" and accounted(RTT, n("1.5", "0.1")) is None
    assert accounted(RTT, n("1.05", "0.01")) == "input" and accounted(RTT, n("7")) is None
    assert accounted(RTT, n("64679")) == "intermediate" and accounted(RTT, n("5", percent=True)) == "input"


@pytest.mark.parametrize(("content", "rule"), [
    ("The total is $5,328, up from $5,000.", "rival figure 5000"),
    ("12 \u00d7 $37 \u00d7 12 = $444", "false working"), ("12 x 37 = 434, x 12 = 5,328", "rival figure 434"),
    ("Total: $5,328 / $444", "alternatives"), ("Total: $444 / $5,328", "alternatives"),
    ("Total: $5,328-$5,329", "alternatives: range"), ("The total is $444.", "rival value: 444 named as 'total'"),
    ("$5,328.\n$444!", "rival value: 444 given bare"), ("It's $5,328 per licence.", "rival role 'per licen"),
    ("Not stated", "negated"), ("The bill is $5.3k", "not stated: total"), ("", "not stated: total"),
])
def test_a_single_figure_reply_fails_for_a_rule_it_names(content: str, rule: str) -> None:
    assert (reason(UM, content, JOHN) or "").startswith(rule), reason(UM, content, JOHN)


@pytest.mark.parametrize("content", [
    "$5,328", "12 \u00d7 $37 \u00d7 12 = $5,328", "12 \u00d7 37 = 444, \u00d7 12 = 5,328", "(12 x 37) x 12 = 5,328",
    "$37/month \u00d7 12 licences \u00d7 12 months = $5,328", "Monthly: $444. Total: $5,328.", "$444 a month, so $5,328 a year",
    "Twelve licences at $37 a month each works out at $5,328 over the twelve months.", "The total is $5,328 ($5.3k).",
    "| Item | Amount |\n|---|---|\n| Per month (12 \u00d7 $37) | $444 |\n| 12-month total | $5,328 |",
    "It'll cost 5,328 USD over the twelve months.", "12 - 1 + 1 = 12 licences; the total is $5,328",
])
def test_a_single_figure_reply_with_true_working_pays(content: str) -> None:
    assert reason(UM, content, JOHN) is None


# ---- the figures of a projection, each named as itself --------------------------------------------------------------


@pytest.mark.parametrize("content", [
    THREE, "160,811 / 84,462 / 374,470", "160,811 (rev, m6) / 84,462 (exp, m6) / 374,470 (cum. op. profit m1-6)",
    "Month 6 closes with $160,811 in revenue against $84,462 in expenses, and the six months together bring in "
    "$374,470 of operating profit.",
    "Revenue: 120,000 \u00d7 1.05^6 = $160,811\nExpenses: 75,000 \u00d7 1.02^6 = $84,462\n"
    "Cumulative operating profit (months 1-6): $857,041 revenue \u2212 $482,571 expenses = $374,470",
    "Revenue m6 = 120,000 \u00d7 1.05^6 = 160,811.48 \u2248 160,811\nExpenses m6 = 84,462\nProfit m1-6 = 857,041 \u2212 482,571 = 374,470",
    "R6 = $160,811\nE6 = $84,462\n\u03a3(R\u2212E), m=1..6 = $374,470",
    "revenue_m6=160811 expenses_m6=84462 cumulative_profit_m1_6=374470",
    THREE + "\nMonth-5 revenue: $153,154\nOver months 1-6 revenue totals $857,041\nMonth-6 profit on its own is $76,349",
    "Assuming month 0 is the base:\n" + THREE, "Month 6:\n" + THREE, "Months 1-6:\n" + THREE,
    "Revenue $160,811 in month 6, expenses $84,462 in month 6, cumulative profit $374,470 over months 1 to 6.",
    "Rev M6: 160,811\nExp M6: 84,462\nCum profit M1-6: 374,470",
    "Here's the projection:\nrev m6 = $160,811\nexp m6 = $84,462\ncum profit (m1-m6) = $374,470",
])
def test_a_projection_names_each_figure_in_any_layout(content: str) -> None:
    assert reason(RTT, content) is None


@pytest.mark.parametrize(("content", "rule"), [
    (THREE.replace("160,811", "X").replace("84,462", "160,811").replace("X", "84,462"), "rival role: 84462 named as revenue"),
    ("84,462 / 160,811 / 374,470", "figures unnamed and not in the order asked"),
    ("Month 5:\n" + THREE, "rival period heading"), (THREE.replace("Month-6 revenue", "Month-5 revenue"), "rival period"),
    (THREE.replace("Month-6 revenue: $160,811", "Revenue $160,811 in month 5"), "rival period"),
    (THREE.replace("Month-6 revenue", "Cumulative revenue"), "rival role 'cumulative' for revenue"),
    (THREE.replace("Cumulative operating profit (months 1-6)", "Operating profit"), "profit 374470 not named as"),
    (THREE.replace("Cumulative operating profit (months 1-6)", "Cumulative operating loss"), "rival role 'loss'"),
    (THREE.replace("Cumulative operating profit (months 1-6)", "Month-6 operating profit"), "profit 374470 not named"),
    (THREE.replace("Cumulative operating profit (months 1-6)", "Cumulative profit in month 6"), "rival role"),
    (THREE + "\nRevenue: $153,154", "rival value: 153154 named as revenue"),
    (THREE + "\nCumulative profit: $76,349", "rival value: 76349 named as profit"),
    (THREE.replace("$84,462", "$84,462 / $160,811"), "alternatives"),
    (THREE.replace("Month-6 revenue: $160,811", "Revenue: 120,000 \u00d7 1.05^6 = $153,154"), "false working"),
    ("Month-6 expenses: $84,462\nCumulative operating profit: $374,470", "not stated: revenue"),
])
def test_a_projection_fails_a_figure_named_as_another_or_for_another_period(content: str, rule: str) -> None:
    assert (reason(RTT, content) or "").startswith(rule), reason(RTT, content)


@pytest.mark.parametrize("line", ["rev m1-6: 160,811", "cum rev m6: 160,811", "profit m6: 374,470", "profit: 374,470",
                                  "rev and exp m6: 160,811", "total exp: 84,462", "rev m5: 160,811"])
def test_an_abbreviated_label_for_another_period_or_two_figures_fails(line: str) -> None:
    lines = {"rev m6: 160,811", "exp m6: 84,462", "cum profit m1-6: 374,470"}
    figure = "rev" if "rev" in line else "exp" if "exp" in line else "profit"
    reply = "\n".join(sorted(line if figure in kept else kept for kept in lines))
    assert reason(RTT, reply) is not None, reply


# ---- a count read against its own period and measure ------------------------------------------------------------------


@pytest.mark.parametrize("content", [
    "352,345 - that's the total customer count for April 2024.", "April 2024's total was 352,345 customers.",
    "The count in April 2024 was 352,345 customers, per the total-customers-metric entry.",
    "352,345 customers in April 2024. Checked the records and found the entries.",
    "Per our records, the company served a total of 352,345 customers in April 2024.",
    "> total customers, April 2024\n352,345 \U0001f448 that's the one from my notes",
])
def test_a_count_is_read_with_its_measure_month_and_source(content: str) -> None:
    assert reason(MEM, content, AMELIA) is None


@pytest.mark.parametrize("content", [
    "352,345 customers in April 2023", "352,345 customers (from memory)", "Was it 352,345 customers in April 2024",
    "352,345 customers in April 2024. Was it recorded", "352,345 customers, I think", "352,345 customers in March",
    "352,345 or 361,250 customers", "Total customers: 352,345? ", "352,345 customers last year",
    "The count was 361,250 customers", "352,345 customers per month", "352,345 customers a month",
    "352,345 records in April 2024", "352,345 entries for April 2024", "352,345 customers each week", "$352,345",
    "About 352K customers", "352,345 active accounts", "As of May 1, 2024 we had 352,345 customers",
])
def test_a_count_for_another_period_measure_or_said_with_doubt_fails(content: str) -> None:
    assert reason(MEM, content, AMELIA) is not None, content


# ---- arithmetic ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tokens", "value"), [
    ("12 x 37 x 12", 5328), ("2 + 3 * 4", 14), ("( 2 + 3 ) * 4", 20), ("10 - 4 - 3", 3), ("12 / 4 / 3", 1),
    ("2 ^ 3", 8), ("1.5 ^ 2", Decimal("2.25")), ("2 * 3 ^ 2", 18), ("7", 7), ("1 ^ 100", 1),
])
def test_arithmetic_is_evaluated_with_the_usual_precedence(tokens: str, value: Decimal) -> None:
    assert evaluate(tokens.split()) == value


@pytest.mark.parametrize("tokens", ["", "1 +", "1 / 0", "( 1 + 2", "1 2", "2 ^ 0.5", "2 ^ 101", ") 1", "x", "1 + x"])
def test_what_is_not_one_expression_has_no_value(tokens: str) -> None:
    assert evaluate(tokens.split()) is None


@pytest.mark.parametrize("step", ["x 12", "* 12", "+ 12", "- 12"])
def test_working_that_goes_on_from_a_result_is_checked_from_that_result(step: str) -> None:
    """"12 x 37 = 444, x 12 = 444" is false: the step after a result starts from it, whatever its operator."""
    assert (reason(UM, f"12 x 37 = 444, {step} = 444", JOHN) or "").startswith("false working"), step


@pytest.mark.parametrize(("content", "rule"), [
    ("$37/month x 12 = $5,328", "false working"),  # "/month" is a unit, not a division
    ("$5,328/12 = $5,328", "false working"),  # a slash between numbers divides
    ("(12 + 37) x 12 = $5,328", "false working"),  # working may open with a bracket
    ("37 x 37 = $5,328", "false working"),  # working on given numbers alone is checked
    ("12 x 37 x 12 + 37 + 37 = $5.3k", "false working"),  # 102 off: more than half the 100 the right side is given to
    ("12 x 37 x 12 = $5,328-$5,329", "alternatives: range"),  # a range after working is still a range
    ("Total: $444 x 12 = $5,328 / 5,328", "alternatives"),
])
def test_working_is_checked_to_the_precision_its_result_is_written_to(content: str, rule: str) -> None:
    assert (reason(UM, content, JOHN) or "").startswith(rule), reason(UM, content, JOHN)


@pytest.mark.parametrize("content", [
    "12 x 37 = 445, so $5,328",  # one off: within the task's tolerance
    "Total: $444 x 12 = $5,328",  # an operand of working is not a claim
    "$444, total $5,328",  # the words after a joint name the next number
    "12 licences / 12 months: $5,328",  # structure is no amount offered beside another
    "Cost / total: $5,328", "Total: $5,328 / year",
])
def test_working_within_precision_and_items_that_offer_no_choice_pay(content: str) -> None:
    assert reason(UM, content, JOHN) is None


def test_a_value_rounded_coarser_restates_a_figure_within_half_its_unit() -> None:
    assert accounted(MEM, n("352350", "10")) == "customers" or accounted(MEM, n("352350", "10")) == "restated"
    assert accounted(MEM, n("352350", "10")) == "restated" and accounted(MEM, n("352360", "10")) is None
    assert accounted(RTT, n("84500", "100")) == "restated" and accounted(RTT, n("374000", "1000")) == "restated"


def test_items_side_by_side_name_their_figure_each() -> None:
    """After a slash the item up to the next slash must name its figure; the first pair that does not is quoted."""
    content = "Revenue 160,811 / 84,462 / cumulative profit 374,470 / done"
    assert reason(RTT, content) == "alternatives: '160811 / 84462'"
    assert reason(FRUIT, "500 (apples) / 700 (pears)") is None  # every figure of the task, side by side
    assert reason(FRUIT, "apples 500 / 500") == "alternatives: '500 / 500'"


def test_a_figure_with_no_period_of_its_own_takes_any() -> None:
    assert reason(FRUIT, "apples in month 3: 500, pears: 700") is None
    assert reason(FRUIT, "apples: 500\npears: 700\napples: 400") == "rival value: 400 named as apples"
    assert reason(FRUIT, "700\n500") == "figures unnamed and not in the order asked: ['pears', 'apples']"
    assert reason(FRUIT, "500\n700") is None


@pytest.mark.parametrize(("content", "rule"), [
    (THREE + "\nMonth-6 revenue: $153,154", "rival value: 153154 named as revenue"),
    (THREE + "\nRev m6: $153,154", "rival value: 153154 named as revenue"),
    (THREE + "\nCumulative revenue: $857,041", None),  # a sum tells it apart from the month's figure
    (THREE + "\nAverage revenue: $153,154", None),
    (THREE + "\nExpenses: 75,000 x 1.02^6 = $84.5k", None),  # 38 off, given to the hundred  # a rival word makes it another quantity
    (THREE.replace("Month-6 revenue: $160,811", "160,811, cumulative revenue"), "rival role 'cumulative' for revenue"),
    ("Month-6 revenue: $160,811", "not stated: expenses, profit"),
    # Words at the clause's head name only its first number (and a result of working).
    (THREE.replace("Cumulative operating profit (months 1-6): $374,470", "Cumulative revenue 857,041 and profit 374,470"),
     "profit 374470 not named as"),
    # An operand of working is no claim, and a result is named by the first name of the working's head.
    (THREE.replace("Cumulative operating profit (months 1-6): $374,470",
                   "857,041 revenue - 482,571 expenses = 374,470 cumulative profit"), None),
    (THREE.replace("Cumulative operating profit (months 1-6): $374,470",
                   "Cumulative profit (revenue - expenses), months 1-6: 857,041 - 482,571 = 374,470"), None),
])
def test_a_step_or_figure_is_named_by_its_own_words(content: str, rule: str | None) -> None:
    assert reason(RTT, content) == rule if rule is None else (reason(RTT, content) or "").startswith(rule)


def test_a_failing_reading_states_nothing_of_the_figure_it_fails_on() -> None:
    swapped = THREE.replace("160,811", "X").replace("84,462", "160,811").replace("X", "84,462")
    assert read_claims(RTT, swapped, MAYA).stated == {"revenue": [], "expenses": [], "profit": []}


@pytest.mark.parametrize("content", ["12 / $5,328", "$5,328 / 12"])
def test_structure_beside_an_amount_offers_no_choice(content: str) -> None:
    assert reason(UM, content, JOHN) is None


def test_an_item_after_a_slash_is_read_up_to_the_next_slash() -> None:
    assert reason(RTT, "Revenue 160,811 / 84,462 / 374,470 cumulative profit") == "alternatives: '160811 / 84462'"


@pytest.mark.parametrize(("line", "rule"), [
    ("As of month 4 we are on track: month-6 revenue $160,811", None),
    ("Since month 4, month-6 revenue is $160,811", None),
    ("By month 2, after month 4, month-6 revenue: $160,811", None),
    ("As of month 6 we are on track: month-4 revenue $160,811", "rival period for revenue: [4]"),
])
def test_a_figures_period_is_read_from_the_last_joint_before_its_name(line: str, rule: str | None) -> None:
    content = THREE.replace("Month-6 revenue: $160,811", line)
    assert (reason(RTT, content) or "").startswith(rule) if rule else reason(RTT, content) is None
