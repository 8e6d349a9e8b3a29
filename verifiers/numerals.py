"""Numbers as replies write them, read as values: thousands separators of every common style, number words, a
magnitude after a number ("160.8k", "352,345 thousand"), cents, and the markup that only presents a figure.

`numbers_in` returns the text with each number written as plain digits (and a point) and the numbers found, each with the
value it stands for and how finely it is given: "$160.8k" is 160,800 to the nearest hundred, "160,811" is exact to the
unit. Nothing here decides what a number means; a reader of a task's facts does (verifiers/claims.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

# Markup that only presents a number: LaTeX's `{,}` separator, and the target of a link (its text stays).
LATEX_SEPARATOR = re.compile(r"\{,\}")
LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
# A run of digits grouped by threes, with one separator used throughout: a comma, an apostrophe, or a space of any
# width (a thin or no-break space is folded to a space before this reads it). A point is a decimal point.
GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?P<sep>[,' ])\d{3}(?:(?P=sep)\d{3})*(?![\d]|[,']\d)")
# A number stands alone: not glued after a letter ("bennett352", an id) and not opened by a zero ("0352345").
DIGITS = re.compile(r"(?<![\w.])(?:0|[1-9]\d*)(?:\.\d+)?(?!\d)")
# A minus sign set right before a number, not between two ("-$5,328", but not "857,041 - 482,571" or "month-6").
NEGATIVE = re.compile(r"(?:^|(?<=[\s(:]))-\$?$")
# What may follow a number and scales it: thousands or millions; cents divide it.
SCALES = {"k": 1000, "thousand": 1000, "mn": 1_000_000, "million": 1_000_000, "bn": 1_000_000_000, "billion": 1_000_000_000}
SCALE = re.compile(r" ?(?P<scale>k|thousand|mn|million|bn|billion)\b| ?(?P<cents>\u00a2|cents?\b)")
UNITS = {word: value for value, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen"
    " eighteen nineteen".split())}
TENS = {word: 10 * (index + 2) for index, word in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
MULTIPLIERS = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
NUMBER_WORDS = {**UNITS, **TENS}
_WORD = "|".join(sorted((*UNITS, *TENS, *MULTIPLIERS), key=lambda word: (-len(word), word)))
# A run of number words: "forty-one", "three hundred and fifty-two thousand three hundred forty-five".
WORDED = re.compile(rf"\b({_WORD})(?:(?:[ -]|,? and |, )(?:{_WORD}))*\b")  # group 1: its first word


@dataclass(frozen=True)
class Number:
    """A number of the text: what it stands for, to how fine a unit it is given, and where it is in `numbers_in`'s text."""

    value: Decimal
    unit: Decimal
    start: int
    end: int
    percent: bool = False


def worded(words: str) -> int | None:
    """The value a run of number words stands for; None when the run is not one number ("one two")."""
    parts = re.split(r",? and |[ ,-]+", words)
    for before, word in zip(parts, parts[1:]):
        if word not in MULTIPLIERS and (before in UNITS or before in TENS and NUMBER_WORDS[word] >= 10):
            return None  # "one two", "twenty thirty", "twenty eleven": not one number
    total = current = 0
    for word in parts:
        if word not in MULTIPLIERS:
            current += NUMBER_WORDS[word]
        elif word == "hundred":
            current = (current or 1) * 100
        else:
            total += (current or 1) * MULTIPLIERS[word]
            current = 0
    return total + current


# "one" that stands for a thing already named is no number: "the one from my notes", "that one".
AFTER_DIGITS = re.compile(r"\d ?$")
PRONOUN_ONE = re.compile(r"(?:the|that|this|which|any|every|each|no|some)\s$")


def _words(found: re.Match[str]) -> str:
    if found.group() == "one" and PRONOUN_ONE.search(found.string, 0, found.start()):
        return found.group()
    if found.group(1) in MULTIPLIERS and AFTER_DIGITS.search(found.string, 0, found.start()):
        return found.group()  # "352,345 thousand": the scale of the number before it (SCALE)
    value = worded(found.group())
    return found.group() if value is None else str(value)


def numbers_in(text: str) -> tuple[str, list[Number]]:
    """`text` (folded) with every number written as digits, and the numbers it holds, in order."""
    text = LINK_TARGET.sub("]", LATEX_SEPARATOR.sub(",", text))
    text = WORDED.sub(_words, text)
    text = GROUPED.sub(lambda found: found.group().replace(found.group("sep"), ""), text)
    numbers = []
    for found in DIGITS.finditer(text):
        value = Decimal(found.group())
        unit = Decimal(1).scaleb(value.as_tuple().exponent)
        scale = SCALE.match(text, found.end())
        if scale and scale.group("scale"):
            factor = SCALES[scale.group("scale")]
            value, unit = value * factor, unit * factor
        elif scale:
            value, unit = value / 100, unit / 100
        if NEGATIVE.search(text, 0, found.start()):
            value = -value
        numbers.append(Number(value, unit, found.start(), found.end(), text.startswith("%", found.end())))
    return text, numbers
