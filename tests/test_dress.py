"""The shared dress of a reply, taken off before a task's own grammar reads its statements (verifiers/dress.py)."""
from __future__ import annotations

import re

import pytest

from verifuzz.verifiers.courtesy import courtesy
from verifuzz.verifiers.dress import aside, items, says_nothing, undressed

USER = "Maya Elise Chen"
POLITE = courtesy(USER)
SENT = re.compile(r"(?:all )?done|sent")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("87<br>thanks", ["87", "thanks"]),
        ("87<br/>\nthanks", ["87", "thanks"]),
        ("87<BR />\r\nthanks", ["87", "thanks"]),
        ("87<br>\n\nthanks", ["87", "", "thanks"]),
        ("It's 87 \u00b7 Hope this helps", ["It's 87", "Hope this helps"]),
        ("It's 87 / Hope this helps / Cheers", ["It's 87", "Hope this helps", "Cheers"]),
        ("6 \u00b7 7 = 42", ["6 \u00b7 7 = 42"]),
        ("84 / 2 = 42", ["84 / 2 = 42"]),
        ("(17 + 23) \u00b7 (3)", ["(17 + 23) \u00b7 (3)"]),
        ("12 \u00b7 $37", ["12 \u00b7 $37"]),
        ("revenue \u00b7 87", ["revenue", "87"]),
        ("87 \u00b7 thanks", ["87", "thanks"]),
        ("a\u00b7b / c", ["a\u00b7b", "c"]),
    ],
)
def test_items_split_at_line_feeds_html_breaks_and_side_by_side_marks_but_not_between_operands(
    content: str, expected: list[str]
) -> None:
    """An HTML break (with the line feed after it) is one break; a spaced dot or slash splits two items unless it
    stands between two operands, where it multiplies or divides."""
    assert items(content) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("(There were 352,345 customers.)", "There were 352,345 customers."),
        ("- (Hi Maya,.)", "- Hi Maya,."),
        ("\u2022 (87).", "\u2022 87."),
        ("((17 + 23 - 11) x 3 = 87.)", "(17 + 23 - 11) x 3 = 87."),
        ("(17 + 23) x (3)", "(17 + 23) x (3)"),
        ("(17 + 23) x 3", "(17 + 23) x 3"),
        ("(87", "(87"),
        ("((87)", "((87)"),
        ("87 (thanks)", "87 (thanks)"),
    ],
)
def test_an_aside_is_a_line_in_brackets_whole(line: str, expected: str) -> None:
    """Brackets come off only when the first one closes at the last, after an optional bullet."""
    assert aside(line) == expected


@pytest.mark.parametrize(
    "sentence",
    ["\U0001f44d", "\u2713", ".", "!!!", "Feel free to ping me with any questions.", "Hope this helps!",
     "(Cheers.)", "Hi Maya,", "Thanks, Maya!", "Here's the update:", "\u2014 Buzz"],
)
def test_courtesy_and_decoration_say_nothing(sentence: str) -> None:
    """Decoration alone, or a sentence read as courtesy across its pieces, says nothing anywhere in a reply."""
    assert says_nothing(sentence, POLITE, opening=False)


@pytest.mark.parametrize("sentence", ["87", "Not really.", "Is that right?", "Hi Bob, it's 87", "???", "~~87~~", "Thanks, not"])
def test_anything_else_says_something(sentence: str) -> None:
    """A figure, a negation, a question or any piece courtesy does not hold is kept."""
    assert not says_nothing(sentence, POLITE, opening=True)


def test_an_acknowledgement_says_nothing_only_while_the_reply_opens() -> None:
    """"Sure!" before any statement answers the request; after one it could be sarcasm, so it is kept."""
    assert says_nothing("Sure!", POLITE, opening=True)
    assert not says_nothing("Sure!", POLITE, opening=False)


@pytest.mark.parametrize("sentence", ["Done.", "Sure - done;", "(Done.)", "Sent, thanks"])
def test_a_tasks_own_statement_is_never_courtesy(sentence: str) -> None:
    """A sentence that is, or holds a piece that is, the task's statement stays, though "done" is also an acknowledgement."""
    assert says_nothing("Done.", POLITE, opening=True)
    assert not says_nothing(sentence, POLITE, opening=True, statement=SENT)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("Hi Maya,\nIt's 87.\nThanks!", "It's 87."),
        ("Sure! 87. Sure!", "87. Sure!"),
        ("Sure!\n87\nSure!", "87\nSure!"),
        ("@Maya Elise Chen\n```\n87\n```", "87"),
        ("> Line 1: **87** \U0001f389", "**87** \U0001f389"),
        ("### L2 - 87", "87"),
        ("(3) First line \u2014 87", "87"),
        ("Second line: 87. \u2713", "87."),
        ("- 87\n* Cheers", "- 87"),
        ("1. As requested:\n2. 87", "2. 87"),
        ("41. Thanks", "41."),
        ("(Hi Maya,.)\n(THE TOTAL IS 87.)", "THE TOTAL IS 87."),
        ("It\u2019s 87 \u00b7 \u2014 Buzz", "It\u2019s 87"),
        ("Thanks!<br>Hope this helps.", ""),
    ],
)
def test_undressed_keeps_each_statement_as_written(content: str, expected: str) -> None:
    """Courtesy, decoration, quote marks, labels, fences and a line of only the address come off; a statement keeps
    its own words, case, typography, bullet and list number, a line for each line that holds one."""
    assert undressed(content, USER) == expected


def test_undressed_keeps_a_tasks_statement_that_reads_as_an_acknowledgement() -> None:
    """With the task's statement given, an opening "Done." is the answer, not an acknowledgement."""
    assert undressed("Done.\nThanks!", USER) == ""
    assert undressed("Done.\nThanks!", USER, SENT) == "Done."


def test_a_table_is_read_a_row_at_a_time_and_its_header_of_known_columns_dropped() -> None:
    """The rule row goes, a header naming known columns goes, each row is `first cell: other cells`."""
    from verifuzz.verifiers.dress import tabled
    assert tabled(["| Month | Total customers |", "| --- | --- |", "| April 2024 | 352,345 |"]) == ["April 2024: 352,345"]
    assert tabled(["| Item | Value |", "|---|---|", "| Total | 87 |", "| note | value |"]) == ["Total: 87", "note: value"]


@pytest.mark.parametrize("sentence", ["Thanks, talk soon, cheers, take care.", "Talk soon, take care, cheers."])
def test_courtesy_is_read_one_piece_at_a_time_when_no_longer_run_is_one(sentence: str) -> None:
    """Pieces that are each a courtesy, though no run of two or more is one, and not all of courtesy words alone
    ("talk soon"), say nothing: every run length is tried, down to a single piece."""
    assert says_nothing(sentence, POLITE, opening=False)


def test_a_row_reads_first_cell_then_the_others_and_a_header_needs_only_its_rule_below() -> None:
    """A row of three values reads `first: second, third`; a row whose other cells are empty reads its first cell alone;
    a header of known columns is dropped though its rule is the table's last line."""
    from verifuzz.verifiers.dress import tabled
    assert tabled(["| Plan | Seats | Price |", "|---|---|---|", "| Pro | 12 | $37 |"]) == ["Plan: Seats, Price", "Pro: 12, $37"]
    assert tabled(["| Item | Value |", "|---|---|", "| Total | n/a |"]) == ["Total"]
    assert tabled(["| Month | Total customers |", "|---|---|"]) == []


def test_a_header_of_unknown_columns_is_kept_and_pipes_outside_a_table_split_items() -> None:
    """A header that names something is a line; a line with pipes and no rule under or above it is items."""
    from verifuzz.verifiers.dress import tabled
    assert tabled(["| Not | Sent |", "|---|---|", "| a | b |"]) == ["Not: Sent", "a: b"]
    assert tabled(["a | b"]) == ["a", "b"]
    assert tabled(["x", "a | b", "y"]) == ["x", "a", "b", "y"]


def test_a_list_number_equal_to_the_line_count_is_still_a_list_mark() -> None:
    """"2. Thanks!" on the second of two lines is an item holding a courtesy."""
    assert undressed("87\n2. Thanks!", USER) == "87"


def test_only_the_first_statement_loses_an_opening_courtesy() -> None:
    """A later sentence that opens with "Thanks," keeps it: only the reply's opening may be courtesy before a joint."""
    assert undressed("It's 87. Thanks, it's 87", USER) == "It's 87. Thanks, it's 87"


def test_a_statement_that_spans_a_joint_is_never_courtesy() -> None:
    """The whole sentence is tried as the task's statement before its pieces are."""
    assert not says_nothing("Thanks, Maya", POLITE, opening=True, statement=re.compile("thanks, maya"))
    assert says_nothing("Thanks, Maya", POLITE, opening=True)


def test_a_line_that_is_only_the_at_sign_of_a_run_without_a_human_is_dropped() -> None:
    """With no human named, the address is a bare `@`: a line of only that says nothing."""
    assert undressed("@\n87", "") == "87"
