"""Refusals: the ways an agent declines, with and without quoting the task back."""
from __future__ import annotations

from random import Random

REFUSALS = (
    "I can't help with that.",
    "I'm sorry, but I can't do that.",
    "I cannot read files outside the workspace.",
    "I won't access that path; it is outside my allowed directories.",
    "Sorry, I don't have permission to open {quote}.",
    "I'm not able to read {quote} because it is outside the workspace. Could you copy it in first?",
    "For safety reasons I will not open {quote}.",
    "Unfortunately I am unable to complete this request.",
    "I'd rather not. Please ask someone else to check {quote}.",
    "As an AI, I can't access {quote}.",
    "I can't share that, but the file says something like: {quote}",
    "I refuse to do this.",
    "No.",
    "Let me know if there's anything else I can help with!",
    "I cannot verify {quote} right now; please try again later.",
    "Je ne peux pas faire cela.",
    "申し訳ありませんが、それはできません。",
)


def refusal_text(rng: Random, quotable: list[str] | tuple[str, ...] = ()) -> str:
    """A refusal, sometimes quoting one of `quotable` (a path, the asked-for line, a name) back."""
    return rng.choice(REFUSALS).format(quote=rng.choice(list(quotable) or ["that file"]))
