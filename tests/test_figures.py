"""Tests of the figure reader shared by the tasks with a numeric answer: amounts, the closed grammar, the tolerance."""
from __future__ import annotations

import re
from decimal import Decimal

import pytest

from verifuzz.verifiers.figures import (
    MAX_REPLY_CHARS, SLOT, Grammar, amount_of, answers, clauses, names_of, stated, within_one,
)

# A grammar of one figure, `total`, so the engine is pinned apart from any task's forms.
GRAMMAR = Grammar({"total": (re.compile(rf"(?:the )?total(?::| is)? {SLOT}"), re.compile(rf"{SLOT} in total"))},
                  re.compile(r"twelve seats at thirty-seven a month"))
USER = "Ada Quinn Lovelace"


def says(content: str, user: str = USER) -> dict[str, list[str]] | None:
    return stated(GRAMMAR, content, user)


@pytest.mark.parametrize(("text", "amount", "value"), [
    ("$5,328", "$5,328", "5328"), ("$ 5,328", "$ 5,328", "5328"), ("usd 5,328", "usd 5,328", "5328"),
    ("usd5328", "usd5328", "5328"), ("5328", "5328", "5328"), ("5,328.40", "5,328.40", "5328.40"),
    ("5,328 usd", "5,328 usd", "5328"), ("5,328usd", "5,328usd", "5328"), ("5,328 dollars", "5,328 dollars", "5328"),
    ("1,234,567", "1,234,567", "1234567"), ("about $5,328", "$5,328", "5328"), ("approximately 5,328", "5,328", "5328"),
    ("roughly 5,328", "5,328", "5328"), ("around 5,328", "5,328", "5328"),
])
def test_amounts_as_people_write_them_are_read(text: str, amount: str, value: str) -> None:
    """`$`, `USD` before or after, `dollars`, thousands commas or none, cents and a word of rounding all read as one amount."""
    assert says(f"total: {text}") == {"total": [amount]}
    assert amount_of(amount) == Decimal(value)


@pytest.mark.parametrize("text", ["53,28", "5328,5", "1,23,4567", "5.328k", "$$5,328", "5,328 usd usd", "5 328",
                                  "usd$5,328", "-5,328", "about about 5,328", "nearly 5,328", "5,328 euros"])
def test_other_spellings_are_no_amount(text: str) -> None:
    """Misplaced commas, a thousands suffix, a space for a separator, doubled marks, signs or other currencies are not read."""
    assert says(f"total: {text}") is None
    assert says(f"{text} in total") is None


def test_a_trailing_end_mark_is_no_part_of_the_amount() -> None:
    """`5,328.` is the amount and an end mark."""
    assert says("Total: 5,328.") == {"total": ["5,328"]}


@pytest.mark.parametrize(("text", "ok"), [
    ("5,327", True), ("5,329", True), ("5,328.99", True), ("5,327.00", True), ("5,329.00", True),
    ("5,326.99", False), ("5,329.01", False), ("5,330", False), ("5,326", False), ("0", False),
])
def test_within_one_is_inclusive_and_exact(text: str, ok: bool) -> None:
    """An amount one off either way passes, a cent more does not."""
    assert within_one(text, 5328) is ok


def test_answers_needs_every_figure_and_every_statement_right() -> None:
    """The figure must be stated; each time it is stated it must be within one; a missing or wrong restatement fails."""
    figures = {"total": 5328}
    assert answers(GRAMMAR, figures, "Total: $5,328", USER)
    assert answers(GRAMMAR, figures, "Total: $5,328\nTotal is 5,329", USER)
    assert not answers(GRAMMAR, figures, "Total: $5,328\nTotal is 5,330", USER)
    assert not answers(GRAMMAR, figures, "Twelve seats at thirty-seven a month", USER)
    assert not answers(GRAMMAR, figures, "Total: $5,328\nWhat else?", USER)


def test_a_grammar_of_two_figures_needs_both() -> None:
    """Each figure of the grammar is looked for: one stated and one not fails."""
    two = Grammar({"a": (re.compile(rf"a {SLOT}"),), "b": (re.compile(rf"b {SLOT}"),)}, re.compile("x"))
    assert answers(two, {"a": 1, "b": 2}, "a 1, b 2", USER)
    assert stated(two, "a 1; b 2 and b 3", USER) == {"a": ["1"], "b": ["2", "3"]}
    assert not answers(two, {"a": 1, "b": 2}, "a 1", USER)


@pytest.mark.parametrize("content", [
    "Hi Ada, total: $5,328. Thanks!", "@Ada Quinn Lovelace total is 5,328", "Hello there!\nTotal: $5,328",
    "hey ada\n- $5,328 in total\n* thanks", "1. Total: $5,328\n2) Hope this helps.", "Sure; total: 5,328; cheers",
    "Ada: total: 5,328", "Twelve seats at thirty-seven a month, and total is 5,328.",
    "**Total:** `$5,328`", "__Total__ is `5,328`", "Total: `5,328`", "Here`s the answer: total is $5,328",
    "HERE\u2019S THE ANSWER \u2014 TOTAL: $5,328!", "Total:\u00a0$5,328", "Total: $5,328 .",
    "Got it. Total: $5,328\r\nAll set", "Ada Quinn Lovelace, total: 5,328", "hi @Ada, total: 5,328",
    "Total: 5,328\n\n\nDone", "Total: 5,328 - thanks",
])
def test_courtesies_addresses_and_markup_around_a_figure_are_neutral(content: str) -> None:
    """Greetings, the human's name, list marks, end marks, bold and backticks, typography and courtesies leave the
    statement readable."""
    found = says(content)
    assert found is not None and found["total"] and all(within_one(amount, 5328) for amount in found["total"]), content


@pytest.mark.parametrize("content", [
    "Total: $5,328?", "Total is not $5,328", "I think the total is $5,328", "Total: $5,328 (unconfirmed)",
    "Total: $5,328\nScratch that.", "~~Total: $5,328~~", "- [ ] Total: $5,328", "Total: $5,328 \u2014 NOT",
    "Total: $5,328... as if", "I can't say the total is $5,328", "Total: $5,328 /s", "Hi Bob, total: 5,328",
    "Total: 5,328 and 12", "Total: 5,328\n12", "Total: $5,328 \u2717", "Total \u0456s $5,328", "Total: $5,328 \u202eton\u202c",
    "Quinn, total: 5,328", "Lovelace: total: 5,328", "Adamant total: 5,328", "hi, total: 5,328, honestly",
    "Total: 5,328!Thanks", "Total:5,328", "total: 5,328: more", "Let me know if you have any questions",
])
def test_anything_else_in_the_reply_is_no_answer(content: str) -> None:
    """Default deny: a question, negation, hedge, retraction, markup or tag that unsays, a refusal, someone else's name,
    an extra number, a homoglyph or a reordering control fails the whole reply."""
    assert not answers(GRAMMAR, {"total": 5328}, content, USER), content


def test_a_colon_cut_is_tried_only_after_the_whole_clause() -> None:
    """`total: 5,328` is one form; `ada: total: 5,328` is an address and a form once cut at `: `."""
    assert says("total: 5,328") == {"total": ["5,328"]}
    assert says("Ada: total: 5,328") == {"total": ["5,328"]}
    assert says("total: 5,328: total: 5,328") is None


def test_both_sides_of_a_colon_cut_are_kept() -> None:
    """A statement before the first `: ` and a courtesy after it: the statement still counts."""
    assert says("$5,328 in total: thanks") == {"total": ["$5,328"]}
    assert answers(GRAMMAR, {"total": 5328}, "$5,328 in total: thanks", USER)


def test_a_failed_reading_leaves_nothing_behind() -> None:
    """A sentence read whole and then cut states only what its successful reading found, once."""
    assert says("Total is 5,328, and 5,328 in total; thanks") == {"total": ["5,328", "5,328"]}


def test_a_dash_between_numbers_is_a_range_not_a_joint() -> None:
    """`1 – 6` reads as `1-6`, so a range inside a form is not cut apart; a dash between words still joins clauses."""
    assert clauses("Months 1 \u2013 6", USER) == ["months 1-6"]
    assert clauses("Done \u2014 thanks", USER) == ["done - thanks"]


def test_a_multiplication_sign_reads_as_x() -> None:
    """`×`, `⋅` and a middle dot become `x` before typography is read (where a middle dot is a dash), so a
    restated working stays plain ASCII and keeps its sign."""
    assert clauses("12 \u00d7 37 \u22c5 12", USER) == ["12 x 37 x 12"]
    assert clauses("12 \u00b7 37 \u00b7 12", USER) == ["12 x 37 x 12"]


def test_clauses_fold_cut_and_name_the_human() -> None:
    """Lines are folded and cut into sentences; list and end marks go; the human's names become placeholders."""
    assert clauses("- Hi Ada Quinn Lovelace! Total: 5,328.\n\n2. ADA rocks;", USER) == [
        "hi <human>", "total: 5,328", "<first> rocks"]
    assert clauses("caf\u00e9", USER) is None


def test_names_are_whole_words_in_any_case_and_spacing() -> None:
    """The full and first name match as whole words whatever their case and spacing; no name gives no patterns."""
    names = names_of("Ada  Quinn Lovelace")
    assert names is not None
    full, first = names
    assert full.fullmatch("ada quinn\tlovelace") and first.fullmatch("ADA")
    assert not first.search("adamant") and not first.search("sada")
    assert names_of("  ") is None and names_of("") is None


def test_without_a_human_only_a_greeting_is_an_address() -> None:
    """With no human named, `hello` is a courtesy and a name is not."""
    assert says("Hello! Total: 5,328", "") == {"total": ["5,328"]}
    assert says("Ada, total: 5,328", "") is None


def test_one_address_may_open_a_sentence() -> None:
    """`@Name` or a greeting with the name may open a statement; a second address after it is not read as one."""
    assert says("@Ada Quinn Lovelace total is 5,328") == {"total": ["5,328"]}
    assert says("hi @ada total is 5,328") == {"total": ["5,328"]}
    assert says("@Ada @Ada total is 5,328") is None


def test_a_sentence_of_addresses_is_refused_without_running_out_of_stack() -> None:
    """Thousands of addresses in one sentence are refused in one pass, not read one recursion per address."""
    assert says("@Ada " * 3000 + "total is 5,328") is None


def test_a_reply_past_the_length_bound_is_not_read() -> None:
    """A reply of MAX_REPLY_CHARS is read; one character more is not."""
    base = "Total: 5,328"
    padded = base + " " * (MAX_REPLY_CHARS - len(base))
    assert says(padded) == {"total": ["5,328"]}
    assert says(padded + " ") is None


def test_an_empty_reply_states_nothing() -> None:
    """No clause states no figure, which answers nothing."""
    assert says("") == {"total": []}
    assert not answers(GRAMMAR, {"total": 5328}, "", USER)
