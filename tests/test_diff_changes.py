"""What `verifuzz diff` reads from two sources: changed lines and functions, and the values of a changed comparison."""
from __future__ import annotations

from verifuzz.diff_changes import changes

OLD = '''WORDS = ["sent", "delivered"]


def within(n, total):
    return abs(n - total) <= 1


def reported(text):
    return any(word in text.lower() for word in WORDS)
'''


def test_a_widened_tolerance_names_its_function_and_numbers() -> None:
    """A tolerance changed from 1 to 1% marks one line of `within`, with both constants as boundary numbers."""
    found = changes(OLD, OLD.replace("<= 1", "<= total * 0.01"))
    assert found.lines == {5}
    assert found.functions == ["within"]
    assert found.numbers == (0.01, 1.0) and not found.words and not found.case_fold


def test_a_widened_keyword_list_gives_the_new_word() -> None:
    """A keyword added to a list at module level is a boundary word."""
    found = changes(OLD, OLD.replace('"sent", ', '"sent", "send", '))
    assert found.words == ("send",) and found.functions == []


def test_a_dropped_case_fold_is_a_case_fold_change() -> None:
    """Removing `.lower()` is seen as a change of case folding."""
    found = changes(OLD, OLD.replace("text.lower()", "text"))
    assert found.case_fold and found.functions == ["reported"]


def test_identical_sources_change_nothing() -> None:
    """The same text (trailing spaces aside) has no changed line."""
    assert changes(OLD, OLD.replace("WORDS)\n", "WORDS)  \n")).empty
