"""Reading a reply whose answer is one whole number, by what it means rather than how it is worded.

Presentation is taken off first (courtesy, markdown, tables, code blocks, links, emoji, typography, number words).
Then every number must be accounted for: the answer, an input or a true step of the task's own working, or the
structure of the reply (a list's numbering); any other number is a rival figure. The answer must be asserted in a
sentence that no meaning-changer touches (a negation, a question, a hedge, a condition, alternatives, a future, a
retraction, words put in someone else's mouth), and never said of another quantity ("41 tickets were cancelled").
A sentence without a number must be made of words the reader knows and change nothing ("Not anymore.", "Is that
right?" fail the reply). Each refusal names its sentence and its rule (`Reading.reason`).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from verifuzz.verifiers.dress import COURTESY_WORDS, undressed
from verifuzz.verifiers.lexicon import BASE
from verifuzz.verifiers.meaning import asks, meaning_changers, offers
from verifuzz.verifiers.prose import CODE_MARK, EMPHASIS
from verifuzz.verifiers.spoken_numbers import numerals
from verifuzz.verifiers.text import TYPOGRAPHY, fold

# A figure and its working are a few lines; past this a reply is not an answer, and reading it costs time.
MAX_REPLY_CHARS = 20_000
# An equation longer than this is not a line of working; bounding it bounds the parser's recursion.
MAX_EQUATION_CHARS = 200
# Operators as replies write them, read as ASCII.
ARITHMETIC = str.maketrans({"\u00d7": " x ", "\u2212": "-", "\u00f7": "/", "\u22c5": " x ", "\u2217": "*",
                            "\u2190": " = "})  # "87 \u2190 (17 + 23 - 11) x 3": the arrow points at what the working gives

# Markup that unsays or hides what it holds: strikethrough, struck letters, an unticked box, a collapsed or commented
# block, a cross mark, a template's placeholder.
UNSAYING = re.compile(r"~~|<(?:del|s|strike|details|summary)\b|<!--|[\u0335\u0336\u0337\u0338]|\[ \]|\u2717|\u274c|\{\w*\}",
                      re.IGNORECASE)
# A letter or mark outside ASCII once folded (a homoglyph "\u043e" for "o", a combining mark), or a control that reorders
# what a reader sees: what the reply shows is not what it spells. Emoji and other symbols are decoration, not letters.
DISGUISE = re.compile(r"[^\x00-\x7f\W\d_]|[\u0300-\u036f]")
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
VARIATION = frozenset("\ufe0e\ufe0f\u200d\u20e3")
QUOTED_QUESTION = re.compile(r"^\s*>.*\?\s*$")  # the human's question quoted back: not the reply's own words
IMAGE = re.compile(r"!\[[^\]]*\]\((?:[^()\s]|\([^()\s]*\))*\)")  # an image's alt text is not said
LINK = re.compile(r"\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))*\)")  # a link says its text, never its address
URL = re.compile(r"\bhttps?://\S+|\bwww\.\S+")
LIST_MARK = re.compile(r"^(?:[-*+]|(?P<n>\d{1,2})[.)])\s+")
PRODUCT = re.compile(r"(?<=[\w)]) \* (?=[\w(])|(?<=[\d)])\*(?=[\d(])")  # "6 * 7", "(north + south) * mult": a product
CODE_COMMENT = re.compile(r"\s#\s")  # "remaining = 42 - 1  # 41": a comment gives the line's value
SENTENCE_STOP = re.compile(r"(?<=[.!?;])\s+")
# A number as written: digits, thousands grouped by commas or thin spaces, decimals; letters or `%` fixed to it.
NUMBER = re.compile(r"(?<![a-z0-9_.,])(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?P<d>\.\d+)?(?P<s>%|[a-z]+(?![-'\w]))?")
# What ends the span a number's role is read in: punctuation, brackets, operators, arrows, another number.
BOUNDARY = re.compile(r"[,;:()=+*/\[\]|]|\s-+>?\s|\s-\s|\sx\s|\d| and | but | so | with ")
A_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
SPRAY = re.compile(r"\b\d+\s+\d+\b")  # two numbers with nothing between them
SLOT = r"\s?(?:is|was|are|=|:|of|comes to|equals)?\s?"  # between an answer's name and the number it gives
OPERATOR_AFTER = re.compile(r"\s?[-+x*/]")  # "final figure: 29 x 3": the number opens working, it is not given
OPERATOR_BEFORE = re.compile(r"[-+x*/]\s?$")
# Where a label names its own number ("reserve 11", "north: 17", "multiplier of 3"), and where it names no number: in
# a formula ("x multiplier = 87", "less reserve: 29"), after a number ("11 reserve = 29") or before more working.
UNBOUND = r"(?<!x )(?<!times )(?<!less )(?<!minus )(?<!plus )(?<!\+ )(?<!- )(?<!by )(?<!and )(?<!& )(?<!\d )"
BINDING = r"(?: figure| value)?\s?(?:is |was |of |= ?|: ?)?(\d+)(?!\d)(?!\s?[-+x*/]\s?\d)"
STRUCTURE = re.compile(r"(?:step|item|no\.|#)\s?$")  # "step 2", "#3": a place in a list, not a figure

# A sentence without a number may speak of what is to come ("If that changes, I'll let you know") or offer more.
HARMLESS_WITHOUT_NUMBER = frozenset({"conditional", "future", "alternatives"})
# Words a sentence without a number may be made of besides the task's own (BASE, COURTESY_WORDS): reporting words
# that state no figure and change nothing.
PLAIN_WORDS = frozenset("""
okay ok right everyone everybody reported received arrived came landed reports report in out up calculation
calculate calculated working work math formula figures figure inputs input numbers number result answer sources source
having now them they them their using used based combining combined conclusion summary breakdown below above easy
one request asked ask how many much what question remaining remain here let me know update count more get i'll or
step steps value values item items metric quantity
""".split())


@dataclass(frozen=True)
class Figure:
    """What a task's answer is and how its replies may speak of it.

    `known`: the inputs and the true steps of the task's own working, which a reply may cite. `names`: a regex of what
    the answer is called ("final figure", "remaining"); a known number right after it is given as the answer. `units`:
    a regex of what follows the answer's number ("tickets remain"); a known number before it is likewise given as the
    answer. `inputs`: labels bound to their inputs ("reserve" 11); a label given another number binds it wrongly.
    `roles`: regexes whose one group is a number that must be the value given ("north and south make (40)").
    `rivals`: words that, beside the answer's number, say it counts something else ("cancelled", "per").
    `foreign`: a regex of another request's matter, which the reply must not speak of. `words`: what else a sentence
    without a number may say.
    """

    answer: int
    known: frozenset[int]
    names: str
    units: str
    inputs: tuple[tuple[str, int], ...] = ()
    roles: tuple[tuple[str, int], ...] = ()
    rivals: frozenset[str] = frozenset()
    foreign: str = r"(?!)"
    words: frozenset[str] = frozenset()
    kinds: frozenset[str] = frozenset()  # nouns that, right after the answer, say it counts something else ("87 reports")

    def __post_init__(self) -> None:
        """The figure's patterns, compiled once: a task's facts are fixed, and a reply is read sentence by sentence."""
        labels = "|".join(re.escape(label) for label, _ in self.inputs) or "(?!)"
        compiled = {
            "named": re.compile(self.names),
            "slot": re.compile(rf"(?:{self.names}){SLOT}(?:(?:{labels})\s?)?$"),
            "unit": re.compile(rf"\s?(?:{self.units})\b"),
            "bindings": tuple((label, number, re.compile(rf"{UNBOUND}\b{re.escape(label)}\b{BINDING}"))
                              for label, number in self.inputs),
            "role_patterns": tuple((re.compile(pattern), number) for pattern, number in self.roles),
            "label_words": frozenset(word for label, _ in self.inputs for word in label.split()),
            "unlabelled": tuple(re.compile(rf"\b{re.escape(label)}\b\s?(?:of |=\s?)?(?=\d)") for label, _ in self.inputs),
        }
        object.__setattr__(self, "compiled", compiled)


@dataclass(frozen=True)
class Reading:
    """Whether the reply states the answer, and when it does not, the sentence and the rule that decided it."""

    states: bool
    reason: str


# Words beside a number that always give it another role: a rate, a share, a count of something else.
RATE = frozenset("per each a an every percent".split())
# A unit of money or a multiplier after a count, a bound or a share before it: "87 usd", "87 k", "over 41", "out of 41".
CURRENCY = frozenset("usd eur gbp dollars euros pounds k m bn percent".split())
BOUNDS = frozenset("over under above below than least most".split())
# The number opens an expression the sentence never equates; a spaced dash after it is a dash, not a minus.
ANSWER_OPERATED = re.compile(r"\s?[+x*/]\s?\(?\d|-\(?\d")
ANSWER_OPERAND = re.compile(r"[\d)]\s?[-+x*/]\s?$")  # "42 - 41", "3 x 87"; "priya - 41" is a dash
BOUNDED = re.compile(r"\+(?!\s?\(?\d)|\s?(?:\w+\s){0,3}\(\s?(?:per|each|every|a|an)\s")  # "41+", "41 tickets (per team)"
BOUND_BEFORE = re.compile(r"(?:\bout of|\bup to|\$)\s?$")  # "out of 41", "up to 41", "$87" for a count
RATE_NOUNS = frozenset("week weeks day days month months year years hour hours person developer reporter head".split())


def statement_lines(content: str, user: str) -> list[str]:
    """The reply's statements, a line each, as plain folded ASCII with its presentation off: quoted lines, images and
    link addresses dropped, courtesy and dress taken off (verifiers/dress.py), emphasis, code marks, list marks,
    typography and number words read."""
    rest = content.lstrip().splitlines()
    while len(rest) > 1 and QUOTED_QUESTION.match(rest[0]):  # the human's question quoted before the answer
        rest = rest[1:]
    kept = "\n".join(rest)
    kept = URL.sub(" ", LINK.sub(r"\1", IMAGE.sub(" ", kept)))
    found = []
    count = len(content.splitlines())
    for line in undressed(kept, user).splitlines():
        text = fold(numerals(CODE_MARK.sub("", line).translate(ARITHMETIC).translate(TYPOGRAPHY)))
        text = "".join(" " if char in VARIATION or (char > "\x7f" and unicodedata.category(char)[0] in "SZ") else char
                       for char in text)  # decoration: emoji and other symbols
        mark = LIST_MARK.match(text)  # "2. 87" is an item of a list; "29. 87" in a reply of one line gives 29 first
        if mark and (mark.group("n") is None or int(mark.group("n")) <= count):
            text = text[mark.end() :].strip()
        text = " ".join(CODE_COMMENT.sub(", ", EMPHASIS.sub("", PRODUCT.sub(" x ", text))).split())
        if text:
            found.append(text)
    return found


def split_sentences(text: str) -> list[str]:
    return [s for s in (part.strip(" .!") for part in SENTENCE_STOP.split(text)) if s]


def evaluate(expression: str) -> Fraction | None:
    """The value of an arithmetic expression of whole numbers, `+ - x * /` and brackets; None when it is not one."""
    terms = re.findall(r"\d+|[-+x*/()]", expression)
    if not terms or "".join(terms) != expression.replace(" ", ""):
        return None
    position = 0

    def sum_() -> Fraction | None:
        nonlocal position
        value = product()
        for _ in terms:  # each pass takes a term, so no more passes than terms
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
        for _ in terms:
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


EXPRESSION_TAIL = re.compile(r"[\d\s+\-x*/().]*$")
LEADING_NUMBER = re.compile(r"\d+(?!\d)")
EXPRESSION_HEAD = re.compile(r"^[\d\s+\-x*/()]*")


def balanced(side: str) -> str:
    """`side` without the brackets that open or close outside it ("(17 + 23 - 11" of "(17 + 23 - 11 = 29, x 3)")."""
    side = side.strip().rstrip(".").strip()
    while side.count("(") > side.count(")") and side.startswith("("):
        side = side[1:].strip()
    while side.count(")") > side.count("(") and side.endswith(")"):
        side = side[:-1].strip()
    return side


def false_equation(sentence: str, figure: Figure) -> str | None:
    """The first equation of the sentence whose sides both read as arithmetic, one with an operator, and differ."""
    text = sentence.replace(" -> ", " = ")
    for unlabelled in figure.compiled["unlabelled"]:  # "40 - reserve 11 = 29": a label names its number, read without it
        text = unlabelled.sub("", text)
    parts = text.split("=")
    if len(text) > MAX_EQUATION_CHARS * 4:
        return None
    for index, (left, right) in enumerate(zip(parts, parts[1:])):
        tail = EXPRESSION_TAIL.search(left).group()  # both match at least the empty string
        lhs, rhs = balanced(tail), balanced(EXPRESSION_HEAD.match(right).group())
        if len(tail) > MAX_EQUATION_CHARS or not re.search(r"[-+x*/]", lhs + rhs):
            continue
        a, b = evaluate(lhs), evaluate(rhs)  # an empty side is no expression: None
        if a is None or b is None or a == b:
            continue
        # A run-on chain ("17 + 23 = 40 - 11 = 29"): the side reaches the first number of the next, whose working goes
        # on to the next `=`, or, at the chain's end, to the answer itself ("7 x 6 = 42 - 1").
        leading = LEADING_NUMBER.match(rhs)
        if leading and a == int(leading.group()) and (index + 2 < len(parts) or b == figure.answer):
            continue
        return f"{lhs} = {rhs}"
    return None


def words_before(text: str, at: int) -> list[str]:
    """The last three words before `at`, back to the first boundary; a colon is none ("cancelled: 41" labels 41)."""
    cut = [m.end() for m in BOUNDARY.finditer(text[:at]) if m.group() != ":"]
    return A_WORD.findall(text[cut[-1] if cut else 0 : at])[-3:]


def words_after(text: str, at: int) -> list[str]:
    """The first four words after `at`, up to the first boundary."""
    stop = BOUNDARY.search(text, at)
    return A_WORD.findall(text[at : stop.start() if stop else len(text)])[:4]


class Refusal(Exception):
    """Why the reply fails, raised by the sentence or number that decides it: its sentence and its rule."""


def read_sentence(sentence: str, raw: str, figure: Figure) -> bool:
    """Whether the sentence asserts the answer; raises Refusal when it fails the reply. `raw` is the sentence as shown."""
    numbers = list(NUMBER.finditer(sentence))
    if asks(sentence, raw):
        if offers(sentence) and all(not number.group("s") and value_of(number) in figure.known for number in numbers):
            return False  # an offer of more work, citing only the task's own numbers ("a summary of the 3 reports?")
        raise Refusal(f"question: '{raw}'")
    changes = meaning_changers(sentence)
    if not numbers:
        reason = remark_reason(sentence, raw, changes, figure)
        if reason:
            raise Refusal(reason)
        return False
    if changes:
        raise Refusal(f"{changes[0]} in '{raw}'")
    spray = SPRAY.search(sentence)
    if spray:  # "41 41", "87 29": figures side by side, with nothing saying what each is
        raise Refusal(f"number spray '{spray.group()}' in '{raw}'")
    if NUMBER.fullmatch(sentence) and value_of(numbers[0]) != figure.answer:  # "29." on its own gives 29
        raise Refusal(f"{sentence} standing alone in '{raw}'")
    try:
        asserted = [number_reading(sentence, number, figure) for number in numbers]
        reason = binding_reason(sentence, figure)
    except Refusal as refusal:
        raise Refusal(f"{refusal} in '{raw}'") from None
    if reason:
        raise Refusal(f"{reason} in '{raw}'")
    wrong = false_equation(sentence, figure)
    if wrong:
        raise Refusal(f"false equation {wrong} in '{raw}'")
    named = figure.compiled["named"].search(sentence)
    if named and not any(asserted):  # "Final figure: 17 + 23 - 11 = 29": the answer's name over a step
        raise Refusal(f"'{named.group()}' given without {figure.answer} in '{raw}'")
    return any(asserted)


def remark_reason(sentence: str, raw: str, changes: list[str], figure: Figure) -> str | None:
    """Why a sentence without a number fails the reply: a meaning-changer that is not about what is to come, or a
    word the reader does not know; None for a remark that changes nothing."""
    for change in changes:
        if change.split(":")[0] not in HARMLESS_WITHOUT_NUMBER:
            return f"{change} in '{raw}'"
    vocabulary = BASE | COURTESY_WORDS | PLAIN_WORDS | figure.words
    unknown = [word for word in A_WORD.findall(sentence.replace("'s", "")) if word not in vocabulary]
    return f"unread words {unknown[:3]} in '{raw}'" if unknown else None


def value_of(number: re.Match[str]) -> Fraction:
    return Fraction(number.group("n").replace(",", "") + (number.group("d") or ""))


def number_reading(sentence: str, number: re.Match[str], figure: Figure) -> bool:
    """Whether the number asserts the answer (raising Refusal when it fails the reply): the answer in its own role; a known
    number of the working, never in the answer's place; structure ("step 2"); anything else a rival figure."""
    shown, value = number.group(), value_of(number)
    if STRUCTURE.search(sentence, 0, number.start()):
        return False
    if number.group("s") or (value not in figure.known and value != figure.answer):
        raise Refusal(f"rival figure {shown}")
    head, tail = sentence[: number.start()], sentence[number.end() :]
    if value != figure.answer:
        slot = figure.compiled["slot"].search(head) and not OPERATOR_AFTER.match(tail)
        if slot or (figure.compiled["unit"].match(tail) and not OPERATOR_BEFORE.search(head)):
            raise Refusal(f"{shown} given as the answer")
        return False
    before, after = words_before(sentence, number.start()), words_after(sentence, number.end())
    labels = figure.compiled["label_words"]
    rival = ((set(before) | set(after)) & figure.rivals) | (set(after) & (labels | {"per", "each"}))
    if set(after[:1]) & RATE and set(after[1:3]) & RATE_NOUNS:
        rival |= set(after[:3])
    rival |= set(after[:1]) & CURRENCY | set(before[-1:]) & BOUNDS | set(after[:2]) & figure.kinds
    if rival:
        raise Refusal(f"{shown} said of another quantity ({', '.join(sorted(rival))})")
    if "=" not in tail and (ANSWER_OPERATED.match(tail) or (ANSWER_OPERAND.search(head) and "=" not in head)):
        raise Refusal(f"{shown} worked on, not given")  # "87 / 29", "41/42", "x 87"
    bound = BOUNDED.match(tail) or BOUND_BEFORE.search(head)
    if bound:
        raise Refusal(f"{shown} bounded or qualified ('{bound.group().strip()}')")
    return True


def binding_reason(sentence: str, figure: Figure) -> str | None:
    """An input's label given another number than its own ("reserve 12"), or a step's words given another value
    than the step's ("north and south make 41")."""
    for label, number, binding in figure.compiled["bindings"]:
        for bound in binding.finditer(sentence):
            if int(bound.group(1)) != number:
                return f"{label} given as {bound.group(1)} (it is {number})"
    for pattern, number in figure.compiled["role_patterns"]:
        for bound in pattern.finditer(sentence):
            if int(bound.group(1)) != number:
                return f"{bound.group(0)!r} (should be {number})"
    return None


def read_answer(content: str, figure: Figure, user: str) -> Reading:
    """Whether the reply asserts the figure, and why not."""
    if len(content) > MAX_REPLY_CHARS:
        return Reading(False, f"longer than {MAX_REPLY_CHARS} characters")
    disguised = DISGUISE.search(fold(content.translate(TYPOGRAPHY))) or BIDI.search(content)
    if disguised:
        return Reading(False, f"letters a reader may not see as written: {disguised.group()!r}")
    hidden = UNSAYING.search(content)
    if hidden:
        return Reading(False, f"unsaid or hidden by {hidden.group()!r}")
    found = statement_lines(content, user)
    if not found:
        return Reading(False, "no statement")
    foreign = re.search(figure.foreign, " ".join(found))
    if foreign:
        return Reading(False, f"speaks of the other request: '{foreign.group()}'")
    try:
        stated = [read_sentence(sentence.replace("?", " ").strip(), sentence, figure)
                  for line in found for sentence in split_sentences(line)]
    except Refusal as refusal:
        return Reading(False, str(refusal))
    return Reading(True, "") if any(stated) else Reading(False, f"answer {figure.answer} not stated")


def states_answer(content: str, figure: Figure, user: str) -> bool:
    return read_answer(content, figure, user).states

