"""Reading a reply whose answer is one whole number: a closed grammar of answers, working, inputs and courtesies.

Every clause of the reply must be recognised (default deny) and one must affirm the answer. A clause that gives
another figure as the answer, an equation that is false or reaches a figure the task never computes, an input
bound to the wrong number, and any clause the grammar does not hold (a refusal, a question, a hedge, a negation,
a correction, a future) fail the whole reply.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from verifuzz.verifiers.courtesy import GREETING, courtesy
from verifuzz.verifiers.dress import items, undressed
from verifuzz.verifiers.lexicon import ASKING, spoken
from verifuzz.verifiers.prose import CODE_MARK, SENTENCE_END
from verifuzz.verifiers.text import TYPOGRAPHY, fold, plain

# Operators as replies write them, read as ASCII before the reply is folded.
ARITHMETIC = str.maketrans({"\u00d7": " x ", "\u2212": "-", "\u00f7": "/", "\u22c5": " x ", "\u00b7": " x ", "\u2217": "*"})
# Stands before an input the reply bound to its own label ("north 17"): not ASCII, so no reply can type it.
BOUND = "\u00a7"
NUMBER = r"\d+(?![\d,.]\d)"  # a whole number, not the start of `1,087` or `8.7`
BOLD = re.compile(r"\*\*|__")  # markdown around a figure ("**87**"); a lone `*` is a product
QUOTED = re.compile(r"(['\"])(\d+)\1")  # a figure as inline code or in quotes; a backtick reads as `'` by then
# A bullet, or a number that opens a list item (see `list_mark`).
LIST_MARK = re.compile(r"(?:[-*+]|(?P<n>\d{1,2})[.)](?=\s+[^\s*+-]))\s+")
TRAILING_MARKS = re.compile(r"[ .!,:;]+$")
JOINTS = re.compile(r"(?:,|;|:) ")
# What may stand around an answer: greetings, lead-ins and sign-offs that say nothing about any figure.
COURTESY = (
    r"sure|of course|certainly|done|all set|got it|no problem|happy to help|hope (?:this|that) helps|thanks|thank you"
    r"|cheers|here(?:'s| is) the update|update below|quick summary|here(?:'s| is) (?:the|my) (?:answer|calculation|result)"
    r"|here (?:it is|you go)|let me know if you need anything else|let me know if anything should change"
    r"|(?:the )?(?:calculation|working|math)(?: below)?"
)
TERM = re.compile(r"\d+|[-+x*/()]")
FIGURES = re.compile(r"\d(?:[\d,.]*\d)?")  # a number as written, separators and decimals included
SIGN = re.compile(r"[=+*/]|(?<![a-z]) ?[x-] ?(?=\d)")  # an operator, or a minus or times before a number
# An equation longer than this is not a line of working; bounding it bounds the parser's recursion.
MAX_EQUATION_CHARS = 200
# A figure and its working are a few lines; past this a reply is not an answer, and reading it costs time.
MAX_REPLY_CHARS = 20_000


@dataclass(frozen=True)
class Figure:
    """What a task's answer is and how replies may speak of it.

    `names` is a regex for what the answer is called ("final figure"), `units` for nouns that may follow it,
    `inputs` binds each label a reply may give an input to its number, `operands` are the other numbers working
    may use, `steps` the values it may reach on the way, `formula` a regex of the task's formula in words (a side of
    an equation, or a clause of its own), and `neutral` a regex of clauses particular to the task that state no figure.
    """

    answer: int
    names: str
    units: str = ""
    inputs: tuple[tuple[str, int], ...] = ()
    operands: frozenset[int] = frozenset()
    steps: frozenset[int] = frozenset()
    formula: str = ""
    neutral: str = ""
    words: frozenset[str] = frozenset()  # what a statement of the answer may say besides it (verifiers/lexicon.py)
    remarks: frozenset[str] = frozenset()  # what else a piece without a number may say (reporters, inputs, sources)


class _Grammar:
    """The patterns of one `Figure`, compiled once."""

    def __init__(self, figure: Figure) -> None:
        self.figure = figure
        unit = rf"(?: (?:{figure.units}))?" if figure.units else ""
        recap = rf"{BOUND}\d+(?:(?:,| and|, and|;|/) {BOUND}\d+)*"  # inputs each bound to its own label
        tail = rf"(?: in total| total| overall)?(?: \({recap}\))?"
        verb = r"(?::| (?:is|was|comes to|comes out to|works out to|equals|=|-))?"
        self.answer = re.compile(
            r"(?:(?:so|then|therefore|thus|which means),? )?(?:(?:the|your|our) )?"
            rf"(?:(?:{figure.names}){verb} |(?:it|that)(?:'s| is) |(?:(?:that|which|this) )?(?:gives|makes|comes to|leaves) "
            r"|(?:you|we) (?:have|get|end up with) |there are )?"
            rf"(?P<n>{NUMBER}){unit}{tail}|(?P<m>{NUMBER}){unit} is (?:the|your) (?:{figure.names})"
        )
        labels = "|".join(re.escape(label) for label, _ in figure.inputs) or r"(?!)"
        # No `=` between a label and a number: `multiplier = 87` is a formula's result, not the multiplier.
        self.labelled = re.compile(
            rf"(?:the )?(?P<l>{labels})(?: figure| value| region| total)?(?: is| was| of|:)? (?P<n>{NUMBER})"
            rf"|(?P<m>{NUMBER}) \((?P<k>{labels})\)"
        )
        self.recap = re.compile(rf"(?:(?:inputs|figures|reports|from the reports)(?::| -)? )?{recap}")
        self.formula = re.compile(figure.formula or r"(?!)")
        self.unit = re.compile(rf" (?:{figure.units})$" if figure.units else r"(?!)")  # closing a line of working
        self.names = re.compile(figure.names)
        self.neutral = re.compile("|".join(filter(None, (COURTESY, figure.formula, figure.neutral))))
        self.bound = dict(figure.inputs)
        # An input's label beside the answer would call the answer that input ("87 is the reserve"): never a word of it.
        labels = {word for label, _ in figure.inputs for word in label.split()}
        self.answer_words = figure.words - labels
        self.remark_words = figure.words | figure.remarks | labels
        self.known = frozenset({*self.bound.values(), *figure.operands, *figure.steps, figure.answer})
        self.reached = frozenset({*figure.steps, figure.answer})  # what an equation of the working may come to


@lru_cache  # one task per verifier: compiled once, not per reply
def grammar(figure: Figure) -> _Grammar:
    return _Grammar(figure)


@lru_cache  # one human per snapshot
def addressed(user: str) -> re.Pattern[str]:
    """An address of the human as a whole clause: `@Name`, the name or first name after an optional greeting, or a
    greeting alone (only a greeting when the snapshot names no human); or a courtesy."""
    human = fold(user)
    polite = courtesy(user)[0].pattern  # the courtesies every reply may hold (verifiers/courtesy.py)
    if not human:
        return re.compile(rf"{GREETING}|{polite}")
    names = "|".join(sorted({re.escape(human), re.escape(human.split(" ")[0])}, reverse=True))
    return re.compile(rf"(?:(?:hi|hello|hey|dear)(?: there)?,? )?@?(?:{names})|{GREETING}|{polite}")


def evaluate(expression: str) -> Fraction | None:
    """The value of an arithmetic expression of whole numbers, `+ - x * /` and brackets; None when it is not one."""
    terms = TERM.findall(expression)  # read with its spaces: `8 7` is two numbers, never 87
    if not terms or "".join(terms) != expression.replace(" ", ""):
        return None
    position = 0

    def sum_() -> Fraction | None:
        nonlocal position
        value = product()
        for _ in terms:  # each pass takes a term, so no more passes than terms: a slip can never loop for ever
            if value is None or position >= len(terms) or terms[position] not in "+-":
                break
            operator = terms[position]
            position += 1
            right = product()
            value = None if right is None else value + right if operator == "+" else value - right
        return value

    def product() -> Fraction | None:
        nonlocal position
        value = factor()
        for _ in terms:  # bounded like sum_
            if value is None or position >= len(terms) or terms[position] not in ("x", "*", "/"):
                break
            operator = terms[position]
            position += 1
            right = factor()
            if right is None or (operator == "/" and right == 0):
                return None
            value = value / right if operator == "/" else value * right
        return value

    def factor() -> Fraction | None:
        nonlocal position
        if position >= len(terms):
            return None
        term = terms[position]
        position += 1
        if term.isdigit():
            return Fraction(int(term))
        if term != "(":
            return None
        value = sum_()
        if value is None or position >= len(terms) or terms[position] != ")":
            return None
        position += 1
        return value

    value = sum_()
    return value if position == len(terms) else None


def equation(piece: str, rules: _Grammar) -> int | None:
    """The value a true equation of the task's working reaches, or None: every side must be equal, every number
    an input, a step or the answer, and the value a step or the answer."""
    text = re.sub(r"^(?:so|then|and|which gives|that gives),? ", "", piece).replace(" -> ", " = ")  # an arrow gives
    counted = rules.unit.search(text)  # "= 346 usable units": a unit names what the answer counts, never a step
    text = text[: counted.start()] if counted else text
    if "=" not in text or len(text) > MAX_EQUATION_CHARS:
        return None
    numbers = {int(n) for n in re.findall(r"\d+", text)}
    if not numbers <= rules.known:
        return None
    sides = [side.strip() for side in text.split("=")]
    values = {evaluate(side.replace(BOUND, "")) for side in sides if not rules.formula.fullmatch(side)}
    value = values.pop() if len(values) == 1 else None  # no side, or sides that disagree, reach nothing
    if value is None or value not in rules.reached or (counted and value != rules.figure.answer):
        return None
    return int(value)


# What a piece of a sentence says: the answer; nothing about any figure; the answer's name alone ("final figure");
# inputs or a step of the working, which are true but are not the answer.
ANSWER, NEUTRAL, NAMED, WORKING = "answer", "neutral", "named", "working"


def reading(piece: str, rules: _Grammar, address: re.Pattern[str]) -> str | None:
    """What a piece of a sentence says (ANSWER, NEUTRAL, NAMED or WORKING), or None when the grammar does not hold
    it or it gives another figure as the answer."""
    if rules.names.fullmatch(piece):
        return NAMED
    if rules.neutral.fullmatch(piece) or address.fullmatch(piece):
        return NEUTRAL
    if rules.recap.fullmatch(piece):
        return WORKING
    found = rules.answer.fullmatch(piece)
    if found:
        return ANSWER if int(found.group("n") or found.group("m")) == rules.figure.answer else None
    value = equation(piece, rules)
    if value is not None:
        return ANSWER if value == rules.figure.answer else WORKING
    opening = address.match(piece)  # "@Nora the final figure is 87": the address says nothing of a figure
    if opening and opening.end() < len(piece) and piece[opening.end()] == " ":
        return reading(piece[opening.end() + 1 :], rules, re.compile(r"(?!)"))
    return worded(piece, rules)


def worded(piece: str, rules: _Grammar) -> str | None:
    """A piece no form holds, read by its words (verifiers/lexicon.py): without a number, a remark (NAMED when it
    names the answer); with numbers, a statement of the answer when its one number is the answer, written whole, and
    every word is one a statement of it may use. Any other number needs a form of the grammar (an equation, a bound input)."""
    if SIGN.search(piece):
        return None  # working is read only as an equation of the grammar
    numbers = FIGURES.findall(piece)
    if not numbers:
        if not spoken(piece, rules.remark_words, asking=ASKING):
            return None
        return NAMED if rules.names.search(piece) else NEUTRAL
    if BOUND in piece:
        return None
    if numbers == [str(rules.figure.answer)]:  # once: "87 87 87" is spam, not a statement
        return ANSWER if spoken(piece, rules.answer_words, asking=ASKING) else None
    # Numbers of the working ("42 planned", "cancelled: 1") beside words that never state the answer.
    known = all(number.isdigit() and int(number) in rules.known - {rules.figure.answer} for number in numbers)
    plain_words = rules.remark_words - rules.answer_words
    return WORKING if known and not rules.names.search(piece) and spoken(piece, plain_words, asking=ASKING) else None


def bind_inputs(sentence: str, rules: _Grammar) -> str | None:
    """The sentence with each labelled input ("north 17", "17 (north)") read as a bound number, or None when a
    label is bound to another number than its own."""
    wrong = False

    def bind(found: re.Match[str]) -> str:
        nonlocal wrong
        label, number = (found.group("l"), found.group("n")) if found.group("l") else (found.group("k"), found.group("m"))
        wrong = wrong or rules.bound[label] != int(number)
        return BOUND + number

    bound = rules.labelled.sub(bind, sentence)
    return None if wrong else bound


def sentence_reading(sentence: str, rules: _Grammar, address: re.Pattern[str]) -> set[str] | None:
    """The readings of a sentence: whole, or cut at `, `, `; ` and `: ` (and a piece at ` - `) into pieces. A sentence
    that names the answer and gives only working ("Final figure: 40 - 11 = 29") calls a step the answer: None."""
    bound = bind_inputs(sentence, rules)
    if bound is None:
        return None
    whole = reading(bound, rules, address)
    if whole is not None:
        return {whole}
    found: set[str | None] = set()
    for piece in JOINTS.split(bound):
        said = reading(piece, rules, address)
        if said is None and " - " in piece:
            found.update(reading(part, rules, address) for part in piece.split(" - "))
        else:
            found.add(said)
    if None in found or (NAMED in found and WORKING in found and ANSWER not in found):
        return None
    return found  # type: ignore[return-value]  # None is not in it


def list_mark(text: str, lines: int) -> int:
    """Where `text` starts once a list mark is set aside. A number opens a list item only when text follows it and it
    is no greater than the reply's count of lines: `1. 87` is an item holding the figure, `41. Thanks` the figure."""
    mark = LIST_MARK.match(text)
    return mark.end() if mark and (mark.group("n") is None or int(mark.group("n")) <= lines) else 0


def reply_sentences(content: str, count: int) -> list[str] | None:
    """The sentences of `content` (what is left of a reply of `count` lines once its dress is off), read as plain
    folded ASCII without list marks, emphasis or end marks; None when a line is not plain text."""
    found = []
    # A code span's backticks only present ("`(17 + 23 - 11) x 3`"); one between letters is an apostrophe.
    for line in CODE_MARK.sub("", content).translate(ARITHMETIC).translate(TYPOGRAPHY).splitlines():
        text = plain(line)
        if text is None:
            return None
        text = QUOTED.sub(r"\2", BOLD.sub("", text))
        # "1. " opens a line; it must not end a sentence.
        for sentence in SENTENCE_END.split(text[list_mark(text, count) :]) if text else ():
            sentence = TRAILING_MARKS.sub("", sentence[list_mark(sentence, count) :])
            if sentence:
                found.append(sentence)
    return found


def states_answer(content: str, figure: Figure, user: str) -> bool:
    """Every sentence of the reply is recognised, none gives another figure, and one affirms the answer."""
    if len(content) > MAX_REPLY_CHARS:
        return False
    found = reply_sentences(undressed(content, user), len(items(content)))
    if not found:
        return False
    rules, address = grammar(figure), addressed(user)
    said: set[str] = set()
    for sentence in found:
        reading_ = sentence_reading(sentence, rules, address)
        if reading_ is None:
            return False
        said |= reading_
    return ANSWER in said
