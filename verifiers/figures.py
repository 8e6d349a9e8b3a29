"""Figures in a free-text reply: amounts as people write them, read by a closed grammar of clauses (default deny).

A task gives each figure its statement forms (each with one `amount` slot) and the clauses that say nothing about
any figure. A reply states the answer when every clause is recognised, each figure is stated, and every value
stated for a figure is within one of it; any other number, a negation, a question or a remark fails the reply.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Mapping

from verifuzz.verifiers.courtesy import GREETING
from verifuzz.verifiers.dress import undressed
from verifuzz.verifiers.lexicon import ASKING, NUMERAL, WORD, spoken
from verifuzz.verifiers.prose import SENTENCE_END
from verifuzz.verifiers.text import TYPOGRAPHY, plain

# An amount: an optional `$` or `USD`, digits in groups of three with commas or none, optional cents, and an
# optional `USD` or `dollars` after it.
AMOUNT = r"(?:\$ ?|usd ?)?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?: ?(?:usd|dollars))?"
# An amount standing alone in a text (not a part of a longer number or word).
AMOUNT_IN_TEXT = re.compile(rf"(?<![^\s(]){AMOUNT}(?![\w]|[.,]\d)")  # after a space, a bracket or nothing
# A figure rounded to the dollar may say so; the one-dollar tolerance covers the rounding.
APPROXIMATELY = r"(?:(?:about|approximately|roughly|around) )?"
SLOT = rf"{APPROXIMATELY}(?P<amount>{AMOUNT})"
# Emphasis that changes how a figure looks, not what it says: bold marks anywhere, backticks around an amount (a
# backtick elsewhere may stand for an apostrophe).
AMOUNT_EMPHASIS = re.compile(r"\*\*|__|`(?=[$\d])|(?<=\d)`")
# A dash between two numbers is a range (`months 1–6`), not a joint between clauses.
RANGE = re.compile(r"(?<=\d) - (?=\d)")
# A multiplication sign reads as `x`, so a restated working (`12 × $37 × 12`) stays plain ASCII.
SIGNS = str.maketrans({"\u00d7": " x ", "\u22c5": " x ", "\u00b7": " x "})
COURTESIES = (
    r"sure|of course|certainly|done|all set|got it|no problem|happy to help|hope this helps|thanks|thank you|cheers"
    r"|here(?:'s| is) the (?:update|answer|breakdown|summary)|here you go|here it is|update below|quick summary"
    r"|let me know if you need anything else|let me know if you have any questions"
)
HUMAN, FIRST = "<human>", "<first>"  # what the human's full name and first name read as in a clause
# An address of the human as a whole clause: `@Name`, the first name, or a greeting with either; or a greeting alone.
ADDRESS = rf"(?:{GREETING},? )?@?(?:{HUMAN}|{FIRST})|{GREETING}"
ADDRESS_OPENING = re.compile(rf"(?:{ADDRESS}) ")  # an address opening a sentence, a space after it
TRAILING_MARKS = re.compile(r"[ .!,:;]+$")  # end marks, dropped before a sentence is read
LIST_MARK = re.compile(r"(?:[-*+]|\d{1,2}[.)])\s+")
# Where a sentence is cut into clauses when it is not one form whole; a clause may then be cut once more at `: `.
JOINTS = re.compile(r"(?:,? and|[,;]| -) ")
LABEL_JOINT = re.compile(r": ")
# An answer of a few figures is a few hundred characters; past this a reply is not one, and reading it costs time.
MAX_REPLY_CHARS = 20_000


@dataclass(frozen=True)
class Grammar:
    """What a task's replies may say: each figure's statement forms (one `amount` slot each), and forms that say
    nothing about any figure (the inputs restated, a heading); courtesies and addresses of the human are added."""

    statements: Mapping[str, tuple[re.Pattern[str], ...]]
    neutral: re.Pattern[str]
    # A piece no form holds is read by its words (verifiers/lexicon.py): `names` gives the words that name each figure
    # (a piece with one amount and the words of exactly one figure states it; with one figure, naming is optional),
    # `vocabulary` the other words a statement or a remark may use, and `inputs` the task's own numbers that are not
    # amounts ("month 6", "12 licences"), read as nothing.
    names: Mapping[str, frozenset[str]] = field(default_factory=dict)
    vocabulary: frozenset[str] = frozenset()
    inputs: re.Pattern[str] = re.compile(r"(?!)")
    # Where an amount's meaning depends on its period, each period form is read as one word first (`markers`: pattern,
    # word), and a figure may need one of some words beside it (`requires`) and refuse others (`forbids`): the
    # cumulative profit needs its period, month-6 revenue must not stand with it.
    markers: tuple[tuple[re.Pattern[str], str], ...] = ()
    requires: Mapping[str, frozenset[str]] = field(default_factory=dict)
    forbids: Mapping[str, frozenset[str]] = field(default_factory=dict)


def amount_of(text: str) -> Decimal:
    """The value an amount written as the grammar's AMOUNT stands for."""
    digits = re.sub(r"[^0-9.]", "", text)
    return Decimal(digits)


def within_one(text: str, figure: int) -> bool:
    """The amount `text` is the figure, give or take one (a figure rounded either way, cents included)."""
    return abs(amount_of(text) - figure) <= 1


@lru_cache  # one human per snapshot: the patterns are built once per name, not once per example
def names_of(user: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """The human's full name and first name as whole words in any case and spacing; None when there is no human."""
    words = user.translate(TYPOGRAPHY).split()
    if not words:
        return None
    full, first = (re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, name)) + r"(?!\w)", re.IGNORECASE)
                   for name in (words, words[:1]))
    return full, first


def clauses(content: str, user: str) -> list[str] | None:
    """The reply's sentences folded to plain ASCII, without emphasis, list marks or end marks; None when a line is
    not plain. The human's names read as HUMAN and FIRST first, so a name is an address whatever its letters."""
    names = names_of(user)
    found = []
    for line in content.splitlines():
        # Emphasis goes before typography, which would read a backtick as an apostrophe.
        line = AMOUNT_EMPHASIS.sub("", line).translate(SIGNS).translate(TYPOGRAPHY)
        text = plain(names[1].sub(FIRST, names[0].sub(HUMAN, line)) if names else line)
        if text is None:
            return None
        text = RANGE.sub("-", text)
        mark = LIST_MARK.match(text)  # "1. " opens a line; it must not end a sentence
        for sentence in SENTENCE_END.split(text[mark.end() if mark else 0 :]) if text else ():
            mark = LIST_MARK.match(sentence)  # sentences joined on one line may each carry a bullet
            found.append(TRAILING_MARKS.sub("", sentence[mark.end() if mark else 0 :]))
    return found


@lru_cache
def _other(neutral: re.Pattern[str]) -> re.Pattern[str]:
    """The task's neutral forms with the courtesies and addresses every reply may hold."""
    return re.compile(f"{neutral.pattern}|{COURTESIES}|{ADDRESS}")


Said = list[tuple[str, str]]  # (figure, amount) for each statement a clause makes


def _piece(grammar: Grammar, piece: str) -> Said | None:
    """What `piece` states when it is one form whole (a neutral form states nothing); None when it is no form."""
    for figure, forms in grammar.statements.items():
        for form in forms:
            found = form.fullmatch(piece)
            if found:
                return [(figure, found.group("amount"))]
    return [] if _other(grammar.neutral).fullmatch(piece) else _worded(grammar, piece)


def _worded(grammar: Grammar, piece: str) -> Said | None:
    """What `piece` states read by its words, the task's inputs set aside: nothing when it holds no amount, one figure
    when it holds one amount and names that figure alone (or the task has one figure and the piece names none); None
    when a word is not in the vocabulary or the amount is not bound to exactly one figure."""
    text = grammar.inputs.sub(" ", piece)
    for pattern, word in grammar.markers:
        text = pattern.sub(f" {word} ", text)
    amounts = AMOUNT_IN_TEXT.findall(text)
    rest = AMOUNT_IN_TEXT.sub(" ", text)
    if NUMERAL.search(rest) or not spoken(rest, grammar.vocabulary.union(*grammar.names.values()), asking=ASKING):
        return None  # a number that is no amount, or a word the task does not allow
    if not amounts:
        return []
    words = set(WORD.findall(rest))
    named = [figure for figure, names in grammar.names.items() if words & names]
    if len(amounts) > 1:
        return None
    if len(named) == 1:
        figure = named[0]
    elif len(grammar.statements) == 1 and not named:
        figure = next(iter(grammar.statements))
    else:
        return None
    required, forbidden = grammar.requires.get(figure), grammar.forbids.get(figure, frozenset())
    return [(figure, amounts[0])] if (required is None or words & required) and not words & forbidden else None


def _parts(grammar: Grammar, parts: list[str]) -> Said | None:
    """What the parts state together, or None when one of them is no form."""
    said: Said = []
    for part in parts:
        found = _piece(grammar, part)
        if found is None:
            return None
        said += found
    return said


def _clause(grammar: Grammar, clause: str) -> Said | None:
    """What `clause` states as one form whole, or cut at its first `: ` into two (a heading, then a form)."""
    whole = _piece(grammar, clause)
    return whole if whole is not None else _parts(grammar, LABEL_JOINT.split(clause, maxsplit=1))


def _joined(grammar: Grammar, text: str) -> Said | None:
    """What `text` states as one clause, or cut at its joints into clauses."""
    whole = _clause(grammar, text)
    if whole is not None:
        return whole
    said: Said = []
    for clause in JOINTS.split(text):
        found = _clause(grammar, clause)
        if found is None:
            return None
        said += found
    return said


def _sentence(grammar: Grammar, sentence: str) -> Said | None:
    """What `sentence` states, read whole or at its joints, or else as one address of the human opening it and the
    rest so read (`@Name the total is ...`, as a client writes a mention). One address only: the rest is not read
    for another, so a sentence of addresses costs one pass, not one per address."""
    found = _joined(grammar, sentence)
    opening = ADDRESS_OPENING.match(sentence) if found is None else None
    return _joined(grammar, sentence[opening.end() :]) if opening else found


def stated(grammar: Grammar, content: str, user: str) -> dict[str, list[str]] | None:
    """Every amount the reply states, by figure; None when a clause is not recognised (default deny)."""
    found = clauses(undressed(content, user), user) if len(content) <= MAX_REPLY_CHARS else None
    if found is None:
        return None
    amounts: dict[str, list[str]] = {figure: [] for figure in grammar.statements}
    for sentence in found:
        said = _sentence(grammar, sentence)
        if said is None:
            return None
        for figure, amount in said:
            amounts[figure].append(amount)
    return amounts


def answers(grammar: Grammar, figures: Mapping[str, int], content: str, user: str) -> bool:
    """The reply states each figure, and every amount it states for one is within one of it."""
    amounts = stated(grammar, content, user)
    return amounts is not None and all(
        amounts[figure] and all(within_one(text, value) for text in amounts[figure]) for figure, value in figures.items()
    )
