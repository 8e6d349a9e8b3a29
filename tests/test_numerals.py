"""Numbers as replies write them (verifiers/numerals.py): separators, words, magnitudes, cents, signs and percents."""
from __future__ import annotations

from decimal import Decimal

import pytest

from verifuzz.verifiers.numerals import Number, numbers_in, worded


def values(text: str) -> list[Decimal]:
    return [number.value for number in numbers_in(text)[1]]


@pytest.mark.parametrize("text", ["5,328", "5328", "5 328", "5'328", "5{,}328", "$5,328", "usd 5,328", "5,328.00"])
def test_thousands_in_every_common_style_read_as_one_number(text: str) -> None:
    """A comma, an apostrophe, a space or LaTeX's `{,}` between the thousands; cents that are zero."""
    assert values(text) == [Decimal(5328)]


def test_the_separator_is_taken_out_of_the_text() -> None:
    """The text comes back with each number as plain digits, and each number knows where it stands in it."""
    text, numbers = numbers_in("revenue 160,811 and 84 462")
    assert text == "revenue 160811 and 84462"
    assert [(text[n.start:n.end], n.unit) for n in numbers] == [("160811", 1), ("84462", 1)]


@pytest.mark.parametrize(("text", "found"), [
    ("1,23,456", [Decimal(1), Decimal(23), Decimal(456)]),  # groups of two are no thousands
    ("352,3450", [Decimal(352), Decimal(3450)]),  # nor a group of four
    ("5,328 5,328", [Decimal(5328), Decimal(5328)]),
    ("12,345,678", [Decimal(12345678)]),
    ("1,234'567", [Decimal(1), Decimal(234), Decimal(567)]),  # one separator throughout
])
def test_grouping_needs_groups_of_three_with_one_separator(text: str, found: list[Decimal]) -> None:
    assert values(text) == found


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("160,811.48", Decimal("160811.48"), Decimal("0.01")), ("1.3401", Decimal("1.3401"), Decimal("0.0001")),
    ("$160.8k", Decimal(160800), Decimal(100)), ("352k", Decimal(352000), Decimal(1000)),
    ("352 k", Decimal(352000), Decimal(1000)), ("5 thousand", Decimal(5000), Decimal(1000)), ("352,345 thousand", Decimal(352345000), Decimal(1000)),
    ("0.35 million", Decimal(350000), Decimal(10000)), ("2 mn", Decimal(2000000), Decimal(1000000)),
    ("3 bn", Decimal(3000000000), Decimal(1000000000)), ("1 billion", Decimal(1000000000), Decimal(1000000000)),
    ("5,328 cents", Decimal("53.28"), Decimal("0.01")), ("160,811\u00a2", Decimal("1608.11"), Decimal("0.01")),
    ("1 cent", Decimal("0.01"), Decimal("0.01")),
])
def test_a_magnitude_or_cents_after_a_number_scale_it_and_its_unit(text: str, value: Decimal, unit: Decimal) -> None:
    [number] = numbers_in(text)[1]
    assert (number.value, number.unit) == (value, unit)


def test_a_scale_word_must_be_a_word_of_its_own() -> None:
    """"12 kittens" and "5 centimes" are not thousands or cents."""
    assert values("12 kittens") == [Decimal(12)] and values("5 centimes") == [Decimal(5)]


@pytest.mark.parametrize(("text", "found"), [
    ("forty-one", 41), ("eighty seven", 87), ("twelve", 12), ("zero", 0), ("nineteen", 19), ("ninety", 90),
    ("three hundred fifty-two thousand three hundred forty-five", 352345),
    ("three hundred and fifty-two thousand, three hundred and forty-five", 352345), ("a hundred", 100),
    ("hundred", 100), ("one million", 1000000), ("two thousand twenty-four", 2024), ("twenty one", 21),
    ("one million two thousand", 1002000), ("three hundred thousand", 300000), ("a thousand", 1000),
])
def test_number_words_read_as_their_value(text: str, found: int) -> None:
    assert values(text) == [Decimal(found)]


@pytest.mark.parametrize("words", ["one two", "twenty thirty", "twenty eleven", "eleven five", "five six", "twenty ten"])
def test_number_words_that_are_not_one_number_are_left_alone(words: str) -> None:
    assert worded(words) is None
    assert numbers_in(words)[0] == words


def test_one_that_stands_for_a_thing_is_no_number() -> None:
    """"the one from my notes", "that one" name a thing; "one year" and "the one-year total" are a number."""
    for text in ("that's the one from my notes", "that one", "which one", "no one", "any one", "every one", "each one",
                 "some one", "this one"):
        assert values(text) == [], text
    assert values("one year") == [Decimal(1)] and values("one") == [Decimal(1)]


@pytest.mark.parametrize(("text", "found"), [
    ("0352345", []), ("bennett352345", []), ("m6", []), ("3.352", [Decimal("3.352")]), ("0.05", [Decimal("0.05")]),
    ("0", [Decimal(0)]), ("x1.05", []), ("(6)", [Decimal(6)]), ("a.5", []),
])
def test_a_number_stands_alone(text: str, found: list[Decimal]) -> None:
    """Not opened by a zero, not glued after a letter or a point."""
    assert values(text) == found


@pytest.mark.parametrize(("text", "value"), [
    ("-$5,328", Decimal(-5328)), ("bill: -5,328", Decimal(-5328)), ("(-5)", Decimal(-5)),
    ("857,041 - 482,571", Decimal(482571)), ("month-6", Decimal(6)), ("5,328-444", Decimal(444)),
])
def test_a_minus_right_before_a_number_makes_it_negative(text: str, value: Decimal) -> None:
    assert values(text)[-1] == value


def test_a_percent_sign_marks_the_number() -> None:
    assert [n.percent for n in numbers_in("5% of 12")[1]] == [True, False]


def test_a_link_target_is_not_read_and_its_text_is() -> None:
    assert numbers_in("[total 5,328](https://x.local/?t=5328)")[0] == "[total 5328]"


def test_a_number_compares_by_value() -> None:
    assert Number(Decimal(1), Decimal(1), 0, 1) == Number(Decimal(1), Decimal(1), 0, 1, False)
