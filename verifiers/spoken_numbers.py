"""Numbers written in words ("forty-one", "eighty seven", "three hundred fifty-two thousand") and keycap emoji ("6️⃣"),
read as the digits a reader of figures compares.

A lone "one" stays a word: it is as often a pronoun ("the cancelled one") as a count, and a count of one changes no
figure a reader checks. Every other number word, alone or in a run, becomes its digits.
"""
from __future__ import annotations

import re

NUMBER_UNITS = {
    word: value for value, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
        " seventeen eighteen nineteen".split())
}
NUMBER_TENS = {word: 10 * (index + 2) for index, word in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
NUMBER_SCALES = {"thousand": 1_000, "million": 1_000_000}
NUMBER_WORDS = {**NUMBER_UNITS, **NUMBER_TENS, "hundred": 100, **NUMBER_SCALES}
_NUMBER_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
# A run of number words joined by spaces, hyphens or "and" ("three hundred and fifty-two"), whole words only.
NUMBER_RUN = re.compile(rf"\b(?:{_NUMBER_WORD})(?:(?:[ -]|-?and-? | and )(?:{_NUMBER_WORD}))*\b", re.IGNORECASE)
LETTERS = re.compile(r"[a-z]+")
AND = re.compile(r"(\s+and\s+)", re.IGNORECASE)
# A keycap emoji: a digit, an optional variation selector, the enclosing keycap.
KEYCAP_DIGIT = re.compile("([0-9])\ufe0f?\u20e3")


def spoken_value(run: str) -> int | None:
    """The number a run of number words says, or None when the words do not make one number ("forty fifty")."""
    total, current, last = 0, 0, None
    for word in re.split(r"[ -]+", run.lower()):
        if word == "and":
            continue
        number = NUMBER_WORDS[word]
        if word == "hundred":
            if current == 0 or current >= 100:
                return None
            current *= 100
        elif word in NUMBER_SCALES:
            if current == 0:
                return None
            total, current = total + current * number, 0
        elif (number < 10 and current % 10 == 0 and last not in NUMBER_UNITS) or (number >= 10 and current % 100 == 0):
            current += number  # "twenty" + "one", "three hundred" + "fifty"
        else:
            return None  # "four five", "twenty thirty", "forty one two": two numbers side by side, not one
        last = word
    return total + current


def numerals(text: str) -> str:
    """`text` with keycaps as digits and every run of number words that makes one number as its digits; a lone "one"
    and a run that makes no single number are left as words."""
    text = KEYCAP_DIGIT.sub(r"\1", text) if "\u20e3" in text else text
    if NUMBER_WORDS.keys().isdisjoint(LETTERS.findall(text.lower())):
        return text  # no number word in it: most lines, read without the long pattern

    def digits(found: re.Match[str]) -> str:
        run = found.group()
        if run.lower() == "one":
            return run
        number = spoken_value(run)
        if number is not None:
            return str(number)
        parts = AND.split(run)  # "forty-one and one": two numbers joined by "and", each read alone
        return run if len(parts) == 1 else "".join(NUMBER_RUN.sub(digits, part) for part in parts)

    return NUMBER_RUN.sub(digits, text)
