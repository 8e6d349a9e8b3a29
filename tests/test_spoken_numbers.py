"""Numbers written in words and keycap emoji, read as digits (verifiers/spoken_numbers.py)."""
from __future__ import annotations

import pytest

from verifuzz.verifiers.spoken_numbers import numerals, spoken_value


@pytest.mark.parametrize(("words", "digits"), [
    ("Forty-one tickets remain.", "41 tickets remain."), ("eighty seven", "87"), ("EIGHTY-SEVEN", "87"),
    ("three hundred fifty-two thousand three hundred forty-five", "352345"), ("one hundred and one", "101"),
    ("twenty one", "21"), ("six weeks", "6 weeks"), ("all three", "all 3"), ("zero", "0"), ("ten", "10"),
    ("nineteen", "19"), ("one thousand", "1000"), ("two million", "2000000"), ("three hundred", "300"),
    ("a hundred ten", "a hundred ten"), ("twelve hundred", "1200"), ("five thousand and six", "5006"),
    ("one million two hundred thousand", "1200000"), ("forty-one and six", "41 and 6"),
    ("forty-one AND one", "41 AND one"), ("four five and six", "four five and 6"),
])
def test_a_run_of_number_words_becomes_its_digits(words: str, digits: str) -> None:
    assert numerals(words) == digits


@pytest.mark.parametrize("words", [
    "the cancelled one", "one", "four five", "twenty thirty", "forty one two", "ten five", "thousand", "hundred",
    "three hundred two hundred", "someone", "often", "tone", "nineteenth", "twenty ten",
])
def test_words_that_make_no_single_number_stay_words(words: str) -> None:
    """A lone "one" (a pronoun as often as a count), numbers side by side, a scale with nothing to scale, and number
    words inside other words."""
    assert numerals(words) == words


def test_keycaps_are_digits() -> None:
    assert numerals("6\ufe0f\u20e3 weeks \u00d7 7\u20e3") == "6 weeks \u00d7 7"


def test_the_value_of_a_run() -> None:
    assert spoken_value("forty-one") == 41 and spoken_value("one hundred and one") == 101
    assert spoken_value("two thousand three hundred") == 2300 and spoken_value("nine") == 9
    assert spoken_value("hundred") is None and spoken_value("thousand") is None
    assert spoken_value("one hundred hundred") is None and spoken_value("ninety one") == 91
    assert spoken_value("one two") is None and spoken_value("twenty twenty") is None and spoken_value("twenty ten") is None
