"""Values one small step from the right one: near-miss figures, ids with their case, width or a character changed,
a human named in text without a tag, a question built from the task's own keywords, a correct reply ending on its
working. The task modules bind them as adversaries (wrong by construction) or as variants (right by construction).

A change to a verifier's comparison (a tolerance, a case fold, a keyword list) moves exactly these values across the
line, so `verifuzz diff` spends its budget on them when such a comparison changed (docs/diff.md).
"""
from __future__ import annotations

import re
from contextvars import ContextVar
from random import Random
from typing import Callable

from verifuzz.strategies.adversaries import Adversary, Broken, adversary
from verifuzz.strategies.trial import Trial

# Words taken from a changed comparison (`verifuzz diff` sets them while it draws): the keyword questions use them
# too, so a keyword list widened with "send" meets a question that contains "send".
FOCUS_WORDS: ContextVar[tuple[str, ...]] = ContextVar("FOCUS_WORDS", default=())
# Numbers taken from a changed comparison: each is tried as an absolute and as a relative step from the figure.
FOCUS_NUMBERS: ContextVar[tuple[float, ...]] = ContextVar("FOCUS_NUMBERS", default=())

RELATIVE_STEPS = (0.001, 0.01, 0.1)  # 0.1%, 1%, 10%


def near_misses(value: int, tolerance: int = 0) -> list[int]:
    """Figures a careless or lenient reading lets through for `value`, every one more than `tolerance` away from it:
    off by 0.1%, 1% or 10% either way, one digit changed, an order of magnitude, rounded to the hundred or thousand,
    and steps of the focus numbers (a changed tolerance)."""
    found: list[int] = []
    for step in RELATIVE_STEPS:
        found += [round(value * (1 + step)), round(value * (1 - step))]
        found += [value + max(1, round(value * step)), value - max(1, round(value * step))]
    digits = str(value)
    for index, digit in enumerate(digits):
        changed = str((int(digit) + 1) % 10) if index else str(int(digit) % 9 + 1)
        found.append(int(digits[:index] + changed + digits[index + 1:]))
    found += [value * 10, value // 10, round(value, -2), round(value, -3), value + tolerance + 1, value - tolerance - 1]
    for number in FOCUS_NUMBERS.get():
        if number <= 0:
            continue
        for step in (number, number * value, number * value / 2, number * 2):
            for sign in (1, -1):
                found += [round(value + sign * step), round(value + sign * (step + 1))]
    return [n for n in dict.fromkeys(found) if n > 0 and abs(n - value) > tolerance]


_AMOUNT = re.compile(r"(?<![\w.])(?<!\d,)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?!\w|[.,]\d)")  # a whole amount


def replace_figure(text: str, value: int, tolerance: int, wrong: int) -> tuple[str, int]:
    """`text` with every amount within `tolerance` of `value` written as `wrong` (with thousands separators when the
    amount had them, cents dropped); how many were replaced."""
    replaced = 0

    def swap(match: re.Match[str]) -> str:
        nonlocal replaced
        amount = float(match.group(1).replace(",", "") + (match.group(2) or ""))
        if abs(amount - value) > tolerance:
            return match.group(0)
        replaced += 1
        return f"{wrong:,}" if "," in match.group(1) else str(wrong)

    return _AMOUNT.sub(swap, text), replaced


def states_figure(text: str, value: int, tolerance: int) -> bool:
    """Whether any amount in `text` lies within `tolerance` of `value`."""
    return replace_figure(text, value, tolerance, value)[1] > 0


def near_miss_figure(figures: tuple[int, ...], tolerance: int, message: Callable[[Trial], dict],
                     fallback: Callable[[Trial, int, int], str], zeroes: str, *, name: str = "near_miss_figure") -> Adversary:
    """An adversary that writes a near miss of one of `figures` wherever the chosen message states it; when the message
    states it in no form the replacement reads, the message becomes `fallback(trial, figure, wrong)`, so the result
    is always wrong: off by 0.1%, 1%, 10%, one digit, an order of magnitude, or rounded."""

    def apply(rng: Random, trial: Trial) -> Broken:
        item = message(trial)
        value = rng.choice(figures)
        wrong = rng.choice(near_misses(value, tolerance))
        text, replaced = replace_figure(item["content"], value, tolerance, wrong)
        item["content"] = text if replaced and not states_figure(text, value, tolerance) else fallback(trial, value, wrong)
        return trial

    apply.__name__ = name
    return adversary("a figure of the answer is a near miss: off by 0.1%, 1% or 10%, one digit changed, an order of "
                     "magnitude, or rounded to the hundred or thousand", zeroes=zeroes)(apply)


FULL_WIDTH = {chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)}


def lookalike_ids(value: str, rng: Random) -> str:
    """`value` with its case changed, in full-width characters, or with two neighbouring characters swapped (never
    `value` itself)."""
    kinds = [kind for kind in ("upper", "lower", "title", "width", "swap") if _lookalike(value, kind, 0) != value]
    kind = rng.choice(kinds)
    return _lookalike(value, kind, rng.randrange(max(1, len(value) - 1)))


def _lookalike(value: str, kind: str, at: int) -> str:
    if kind == "upper":
        return value.upper()
    if kind == "lower":
        return value.lower()
    if kind == "title":
        return value.title()
    if kind == "width":
        return "".join(FULL_WIDTH.get(c, c) for c in value)
    for offset in range(len(value) - 1):  # the first neighbouring pair from `at` that differs
        i = (at + offset) % (len(value) - 1)
        if value[i] != value[i + 1]:
            return value[:i] + value[i + 1] + value[i] + value[i + 2:]
    return value


def named_not_tagged(message: Callable[[Trial], dict], zeroes: str) -> Adversary:
    """An adversary that drops the human's p tag from the message that must carry it and writes `@Full Name` in its
    text instead: a mention a reader sees, which notifies no one."""

    def apply(rng: Random, trial: Trial) -> Broken:
        item = message(trial)
        name = next(key for key, spec in trial.identities.items() if spec["role"] == "user")
        item["tags"] = [tag for tag in item["tags"] if tag[:2] != ["p", trial.user]]
        content = item["content"].replace(f"@{name}", "").lstrip(" ,\n")
        item["content"] = f"@{name}{rng.choice([' ', ', ', chr(10)])}{content}"
        return trial

    apply.__name__ = "full_name_text_not_tagged"
    return adversary("the human is written as `@Full Name` text in the reply that must notify her, with no p tag",
                     zeroes=zeroes)(apply)


def keyword_questions(questions: tuple[str, ...], templates: tuple[str, ...], zeroes: str,
                      message: Callable[[Trial], dict] = Trial.final) -> Adversary:
    """An adversary that replaces the message with a question built from the task's own keywords (and from the
    focus words, through `templates` with a `{word}` slot): it asks, so it reports nothing."""

    def apply(rng: Random, trial: Trial) -> Broken:
        extra = tuple(t.format(word=w) for w in FOCUS_WORDS.get() for t in templates)
        pool = questions + extra
        message(trial)["content"] = rng.choice(pool if not extra or rng.random() < 0.3 else extra)
        return trial

    apply.__name__ = "keyword_question"
    return adversary("the reply is a question made of the task's own keywords (\"Which Taylor should I send it to?\")",
                     zeroes=zeroes)(apply)


def ending_on_working(endings: tuple[str, ...], message: Callable[[Trial], dict] = Trial.final) -> Adversary:
    """A variant that makes the message a correct statement ending on its working or a parenthesis
    ("$5,328 (12 × $37 × 12)"): right by construction, so a reader that takes only the last number refuses it."""

    def apply(rng: Random, trial: Trial) -> Broken:
        message(trial)["content"] = rng.choice(endings)
        return trial

    apply.__name__ = "reply_ending_on_working"
    return Adversary("reply_ending_on_working", "keeps a correct answer, ending on its working or a parenthesis", apply)
