"""A reply read for what it claims about a task's figures: default deny on meaning, not on wording.

Presentation is taken off first (courtesy sentences, markdown, tables, code, emoji, separators, number words:
verifiers/dress.py, verifiers/numerals.py). Then the reply fails when
- it hides or strikes text, or says anything that changes what a figure means: a question, a negation, a hedge, an
  alternative, a condition, a promise to answer later, a retraction, a refusal, words of someone else, a joke, a
  test or a template (`CHANGERS`, with the task's own);
- a number is not accounted for: the answer (within the task's tolerance, or rounded coarser), a given input, a true
  intermediate of the task's computation, or structure (month numbers, the year); any other is a rival figure;
- a figure's value is named as another quantity (a swapped pair, a month's figure as the total, a rival role);
- a figure is never stated.
Words the reader does not know are no reason to fail. Every failure names its rule and the text that decided it.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Mapping

from verifuzz.verifiers.dress import undressed
from verifuzz.verifiers.numerals import Number, numbers_in
from verifuzz.verifiers.text import BIDI_CONTROLS, TYPOGRAPHY, fold

# Text a reader does not see as said: struck through, in an HTML comment, folded away in a details block.
HIDDEN = re.compile(r"~~|\u0336|<!--|<details|<summary|<s>|<del>|<strike>|\[ \]", re.IGNORECASE)  # an unticked box too
# Marks that tell the reader not to take the reply at its word: an eye roll, a sarcasm tag.
MOCKING = re.compile(r"\U0001f644|\U0001f92a|\U0001f61c|(?<!\w)/s\b", re.IGNORECASE)
# Marks that say no: a cross, a prohibition sign.
CROSSED = re.compile("[\u2717\u2718\u274c\u274e\u26d4\U0001f6ab]")
# Signs read as words or ASCII before a reply is folded.
SYMBOLS = str.maketrans({"\u00d7": " x ", "\u2212": " - ", "\u00f7": " / ", "\u22c5": " x ", "\u2217": "*", "\u2248": " ~ ",
                       "\u2243": " ~ ", "\u03a3": " sum ", "\u2211": " sum ", "\u2026": "...", "\u2192": " -> ",
                       "\u2010": "-", "\u2011": "-", **{sup: f"^{digit}" for digit, sup in enumerate("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")}})
# Presentation around words and numbers: emphasis, code marks, heading and quote marks, bullets, fences.
MARKUP = re.compile(r"\*\*|__|`|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|^\s*(?:#{1,6}|>+)\s*|^\s*(?:[-*+]|\d{1,2}[.)])\s+"
                      r"|^\s*(?:```|~~~)\w*\s*$", re.MULTILINE)
SNAKE = re.compile(r"(?<=[a-z0-9])_(?=[a-z0-9])")  # `month_6_revenue`: words joined for code
# Where a clause ends: a line, a sentence, or items set side by side; a point after an abbreviation ends nothing.
CLAUSE_END = re.compile(r"\n|(?<=[.!;])\s+|\s+[/|]\s+|\s+\u00b7\s+")
ABBREVIATION = re.compile(r"(?:^|[\s(])(?:cum|op|approx|avg|mo|rev|exp|est|incl|vs|no|e\.g|i\.e)\.$")
# A sentence that offers more help and states nothing: it may ask or be conditional ("Shout if you want the
# assumptions tweaked", "Want a month-by-month breakdown too?"), but holds no number.
MORE_HELP = re.compile(r"\b(?:let me know|lmk|shout|ping me) if (?:you|there)\b[^.!?\n\d]*[.!?]?|(?:^|(?<=[.!?\n])\s*)(?:shout|lmk|let me know|ping me|happy to|glad to|just ask|want|would you like"
                   r"|should i|shall i|do you want|need|if\b[^.!?\n\d]*\b(?:i can|happy to|let me know))\b[^.!?\n\d]*[.!?]?")
# An operator between two operands: the number after `=` is then the result of the working.
OPERATOR = re.compile(r"[*/+^]| x | - ")
RESULT = re.compile(r"=|~|->")
# What opens a window after a number and belongs to it: its unit ("$37 per licence per month", "$444 a month").
UNIT_LEAD = re.compile(r"^[ $)(]*(?:(?:/ ?|per |a |an |each |every )(?:licen[cs]es?|seats?|users?|months?|mo|year|yr)\b ?"
                       r"|each\b ?)+")
# What arithmetic is made of, a unit after a slash ("$37/month") set apart so it is not read as a division.
EXPRESSION_TOKEN = re.compile(r"/ ?[a-z]+|(?<![\w.])\d+(?:\.\d+)?|(?<![a-z])-(?![a-z])|[+*/^()]|\bx\b")
MONTH_MARK = re.compile(r"\bm(\d{1,2})\b")  # "m6": a month written as one word
# Amounts set side by side, and two amounts joined as a range.
SLASH = re.compile(r"\s/\s")
RANGE_JOINT = re.compile(r"\s*\$?\s*(?:-|to|through)\s*\$?\s*")
# A clause that only names a period, as a heading ("Month 5:", "For months 1-6"): it names the figures' period.
PERIOD_HEADING = re.compile(r"\W*(?:(?:for|in|over) )?(?:the )?(?:months?|m) ?\d+(?: ?(?:-|to|through) ?m?\d+)?\W*")
# Where the words after a figure stop naming it: the next joint.
NEXT_JOINT = re.compile(r",\s|;\s|:\s| and | - ")
MAX_CLAIM_CHARS = 20_000
MAX_TERMS = 40  # the most tokens of arithmetic read before an `=`

# Words and marks that change what a figure means, anywhere in what the reply says (courtesy set aside).
CHANGERS: tuple[tuple[str, str], ...] = (
    ("question", r"\?|\b(?:is it true|can you confirm|could you confirm|would it be right|do we agree|did you mean)\b"
                 r"|(?:^|(?<=[.!:\n]))\s*(?:is|are|was|were|do|does|did|can|could|would|should|shall|has|have|will)"
                 r" (?=[\w$])"),
    ("negated", r"\b(?:not|never|no|none|neither|nor|cannot|nothing|nobody|cant|wont|dont|isnt|wasnt|didnt|doesnt"
                r"|aint|false|untrue|inaccurate)\b|n't\b"),
    ("hedge", r"\b(?:maybe|perhaps|probably|possibly|likely|unlikely|guess|guessing|seems?|appears?|might|may(?! \d)|could"
              r"|should|unsure|uncertain|unverified|verify|verified|double-check|double check|re-check|recheck|estimate"
              r"|estimated|expected|somewhere|ballpark|range|between|give or take|or so|i think|i suspect|i believe|i guess"
              r"|i'd say|as far as i (?:can tell|know)|looks like|unconfirmed|from memory|if i remember|allegedly"
              r"|supposedly|reportedly|apparently|presumably)\b|\+/-|\u00b1"),
    ("alternatives", r"\b(?:or|either|depending|depends|whichever|alternatively|otherwise)\b"),
    ("condition", r"\b(?:if|unless|once|when|until|provided)\b"),
    ("promise", r"\b(?:i'll|i will|we'll|let me|shortly|soon|later|in a minute|in a sec|working on|on it|crunching|pending"
                r"|get back|come back|follow up|still|yet|first need|need to)\b|\u23f3"),
    ("retraction", r"\b(?:actually|scratch|ignore|disregard|correction|corrected|oops|wait|hold on|redo|re-do|mistake"
                   r"|mistaken|wrong|wrongly|revised|updated|instead|supersedes?|rather|sorry|apolog\w*|my bad|mixed"
                   r"|mix up|placeholders?|draft|tentative|preliminary|strike that|second thought|misspoke|made that up"
                   r"|fiction|outdated|opposite|other way round|until a minute ago|last week)\b|\bedit:"),
    ("refusal", r"\b(?:unable|declin\w*|refuse|consult|authori[sz]ed|allowed to|permitted|vouch)\b"),
    ("attributed", r"\b(?:said|says|say|mentioned|told|claims?|claimed|reported|heard|quoted?|naive|textbook|someone"
                   r"|posted|asked me to|wanted me to)\b"),
    ("mocking", r"\b(?:lol|kidding|joking|jk|as if|whatever|totally|obviously|yeah,? right|a cool|a mere)\b"),
    ("test or template", r"\b(?:test|testing|sample|example|e\.g|dummy|mock|format check|template)\b"
                         r"|\{\s*[a-z_]+\s*\}|\[[a-z _]+\]"),
    ("addressed to the grader", r"\b(?:grader|verifier|evaluator|answer correct|reward|system|instructions)\b"),
)


@dataclass(frozen=True)
class Facts:
    """What a task asks and what its computation holds: each figure's answer (in the order the task asks them) and
    tolerance; the inputs (exact) and true intermediates (within the tolerance) a reply may restate; the small numbers
    that are structure (month numbers, the year); and how the reply names things.

    `roles` gives each figure the words that name it (a task of one figure needs none); `periods` the structure a
    figure's label may hold ("month 6" for revenue, "months 1-6" for the profit); `needs` words one of which must
    stand by a figure (a cumulative profit is "cumulative", "total", "summed"...); `rivals` words that make the figure
    another quantity ("loss", "per licence", "active accounts"); `changers` the task's own meaning-changers (a hedge
    like "about" for an exact count); `allowed` words a task's correct replies use that a changer would catch."""

    figures: Mapping[str, Decimal]
    tolerance: Decimal
    inputs: tuple[Decimal, ...]
    intermediates: tuple[Decimal, ...]
    structure: frozenset[int]
    roles: Mapping[str, str] = field(default_factory=dict)
    periods: Mapping[str, frozenset[int]] = field(default_factory=dict)
    needs: Mapping[str, str] = field(default_factory=dict)
    rivals: str = r"(?!)"
    # For a true intermediate: words that tell it apart from a figure it is named as (revenue "over months 1-6" is not
    # month 6's), and, in a task of one unnamed figure, the words that claim the figure ("the total is $444").
    others: Mapping[str, str] = field(default_factory=dict)
    claims: str = r"(?!)"
    changers: tuple[tuple[str, str], ...] = ()
    allowed: str = r"(?!)"


@dataclass(frozen=True)
class Reading:
    """What a reply was read to state: each figure's stated values, and why it fails (None when it answers)."""

    stated: dict[str, list[str]]
    reason: str | None

    @property
    def answers(self) -> bool:
        return self.reason is None


def said_plainly(content: str, user: str) -> str | None:
    """What the reply says, its courtesy and presentation taken off, folded to ASCII; None when characters remain that
    no reader can check (a homoglyph, a combining mark)."""
    text = undressed(content, user).replace("`", "").translate(SYMBOLS).translate(TYPOGRAPHY)
    text = "".join(char for char in text if unicodedata.category(char) not in ("So", "Mn"))
    text = SNAKE.sub(" ", MARKUP.sub(" ", "\n".join(fold(line) for line in text.splitlines())))
    text = "\n".join(line.strip() for line in text.split("\n"))
    return text if text.isascii() else None


def claim_clauses(text: str) -> list[str]:
    """The text's clauses (`CLAUSE_END`), a clause cut after an abbreviation joined again."""
    found: list[str] = []
    for clause in CLAUSE_END.split(text):
        if found and ABBREVIATION.search(found[-1]):
            found[-1] += " " + clause
        else:
            found.append(clause)
    return found


def changed(facts: Facts, text: str) -> str | None:
    """The first meaning-changer the text holds, as `rule: 'words'`; None when it holds none."""
    text = MORE_HELP.sub(" ", re.sub(facts.allowed, " ", text))
    for rule, pattern in (*facts.changers, *CHANGERS):
        found = re.search(pattern, text)
        if found:
            return f"{rule}: {found.group()!r}"
    return None


def _near(number: Number, value: Decimal, tolerance: Decimal) -> bool:
    return abs(number.value - value) <= max(number.unit / 2, tolerance)


def accounted(facts: Facts, number: Number) -> str | None:
    """What the number is: a figure's name when it states one to the unit, "restated" for an answer rounded coarser,
    "structure", "input" or "intermediate" (a true step of the task's computation); None for a rival figure."""
    for figure, value in facts.figures.items():
        if number.unit <= 1 and abs(number.value - value) <= facts.tolerance:
            return figure
        if number.unit > 1 and abs(number.value - value) <= number.unit / 2:
            return "restated"
    if number.percent:
        return "input" if number.value in facts.inputs else None
    if number.unit == 1 and number.value in facts.structure:
        return "structure"
    # An intermediate written to the unit or coarser may be rounded either way within the task's tolerance.
    tolerance = facts.tolerance if number.unit >= 1 else Decimal(0)
    if number.value in facts.inputs:
        return "input"
    if any(_near(number, value, tolerance) for value in facts.intermediates):
        return "intermediate"
    return None


def _roles(facts: Facts, text: str) -> list[tuple[int, str]]:
    """Where each figure is named in `text`, in order."""
    return sorted((found.start(), figure) for figure, pattern in facts.roles.items() for found in re.finditer(pattern, text))


def read_claims(facts: Facts, content: str, user: str) -> Reading:
    """What the reply states of each figure, and the first reason it does not answer (None when it does)."""
    stated: dict[str, list[str]] = {figure: [] for figure in facts.figures}
    if len(content) > MAX_CLAIM_CHARS:
        return Reading(stated, "too long to be an answer")
    if not BIDI_CONTROLS.isdisjoint(content):
        return Reading(stated, "a control reorders what a reader sees")
    for rule, pattern in (("hidden or struck text", HIDDEN), ("mocking", MOCKING), ("negated", CROSSED)):
        found = pattern.search(content)
        if found:
            return Reading(stated, f"{rule}: {found.group()!r}")
    text = said_plainly(content, user)
    if text is None:
        return Reading(stated, "characters no reader can check")
    reason = changed(facts, text) or side_by_side(facts, text)
    if reason:
        return Reading(stated, reason)
    named = bool(_roles(facts, text))
    order: list[str] = []
    for clause in claim_clauses(text):
        clause, numbers = numbers_in(clause)
        values = []
        for number in numbers:
            what = accounted(facts, number)
            if what is None:
                return Reading(stated, f"rival figure {clause[number.start:number.end]} in {clause!r}")
            if what != "structure":
                values.append((number, what))
        reason = headed(facts, clause, numbers) or ranged(clause, values) or worked(facts, clause)
        if reason:
            return Reading(stated, reason)
        for index, (number, what) in enumerate(values):
            written = clause[number.start:number.end]
            if what == "intermediate" and number.unit <= 1:
                reason = posing(facts, naming(facts, clause, values, index), written)
            elif what in facts.figures and number.unit <= 1:
                found = naming(facts, clause, values, index)
                reason = misstated(facts, found, what, written)
                if reason is None and (found.figure or not named):
                    stated[what].append(written)
                    order.append(what)
            if reason:
                return Reading(stated, reason)
    if not named and len(facts.figures) > 1 and order != list(facts.figures):
        return Reading(stated, f"figures unnamed and not in the order asked: {order}")
    missing = [figure for figure, found in stated.items() if not found]
    return Reading(stated, f"not stated: {', '.join(missing)}" if missing else None)


def headed(facts: Facts, clause: str, numbers: list[Number]) -> str | None:
    """Why a clause that only names a period ("Month 5:") names another than the figures'; None when it does not."""
    if facts.periods and PERIOD_HEADING.fullmatch(clause):
        if not {int(number.value) for number in numbers} <= frozenset().union(*facts.periods.values()):
            return f"rival period heading {clause!r}"
    return None


def ranged(clause: str, values: list[tuple[Number, str]]) -> str | None:
    """A range of two amounts ("$5,328-$5,772", "160 to 161"), which offers both: working that goes on to a result
    ("857,041 - 482,571 = 374,470") is no range."""
    for (first, _), (second, _) in zip(values, values[1:]):
        if RANGE_JOINT.fullmatch(clause, first.end, second.start) and not RESULT.search(clause, second.end):
            return f"alternatives: range {clause[first.start:second.end]!r}"
    return None


def side_by_side(facts: Facts, text: str) -> str | None:
    """Amounts set side by side with a slash offer a choice ("$5,328 / $444"), unless they are different figures and,
    in a reply that names its figures, the item after the slash names one ("160,811 (rev) / 84,462 (exp)")."""
    named = bool(_roles(facts, text))
    for line in text.splitlines():
        line, numbers = numbers_in(line)
        values = [(number, accounted(facts, number)) for number in numbers]
        values = [(number, what) for number, what in values if what != "structure"]
        joints = list(SLASH.finditer(line))
        for index, joint in enumerate(joints):
            cut = bisect([number.start for number, _ in values], joint.start())
            if 0 < cut < len(values):
                (left, first), (right, second) = values[cut - 1], values[cut]
                item = line[joint.end() : joints[index + 1].start() if index + 1 < len(joints) else len(line)]
                if first == second or not {first, second} <= set(facts.figures) or (named and not _roles(facts, item)):
                    return f"alternatives: {line[left.start:right.end]!r}"
    return None


def worked(facts: Facts, clause: str) -> str | None:
    """Working that is false: each `=` whose left side ends in arithmetic on a number the task gives or computes
    ("12 x $37 x 12 = $5,328"; in "= $444, x 12 = $5,328" the step opens with the result before it) must reach the
    number on its right, within the task's tolerance or the precision the right side is written to."""
    sides = clause.split("=")
    for left, right in zip(sides, sides[1:]):
        tokens = [token for token in EXPRESSION_TOKEN.findall(left) if not token.startswith("/") or token == "/"]
        value = _trailing(facts, tokens[-MAX_TERMS:])  # a line of working is short; bounding it bounds the time it takes
        reached = numbers_in(right)[1]
        if value is not None and reached and abs(value - reached[0].value) > max(reached[0].unit / 2, facts.tolerance):
            return f"false working: {left.strip()} = {right.strip()}"
    return None


def _trailing(facts: Facts, tokens: list[str]) -> Decimal | None:
    """The value of the longest arithmetic at the end of `tokens` that opens with a number or a bracket, holds an
    operator and a number that is not structure; None when there is none."""
    for start in range(len(tokens)):
        part = tokens[start:]
        if part[0][0].isdigit() or part[0] == "(":
            operands = [Decimal(token) for token in part if token[0].isdigit()]
            if len(operands) > 1 and any(value not in facts.structure for value in operands):
                value = evaluate(part)
                if value is not None:
                    return value
    return None


def evaluate(tokens: list[str]) -> Decimal | None:
    """The value of arithmetic in tokens (numbers, `+ - x * / ^` and brackets, usual precedence); None when the
    tokens are not one expression or divide by zero."""
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> str:
        nonlocal position
        position += 1
        return tokens[position - 1]

    def total() -> Decimal | None:
        value = product()
        while value is not None and peek() in ("+", "-"):
            sign, other = take(), product()
            value = None if other is None else value + other if sign == "+" else value - other
        return value

    def product() -> Decimal | None:
        value = power()
        while value is not None and peek() in ("x", "*", "/"):
            sign, other = take(), power()
            if other is None or (sign == "/" and other == 0):
                return None
            value = value / other if sign == "/" else value * other
        return value

    def power() -> Decimal | None:
        value = atom()
        if value is not None and peek() == "^":
            take()
            exponent = atom()
            return None if exponent is None or exponent != int(exponent) or abs(exponent) > 100 else value ** int(exponent)
        return value

    def atom() -> Decimal | None:
        token = peek()
        if token is None:
            return None
        take()
        if token == "(":
            value = total()
            return value if value is not None and peek() == ")" and take() else None
        return Decimal(token) if token[0].isdigit() else None

    found = total()
    return found if position == len(tokens) else None


@dataclass(frozen=True)
class Named:
    """How a number of a clause is named: the figure its words name (None when they name none), the words before it
    that are its own (`label`), the words that give its period (`window`), every word near it (`around`), and whether
    it is an operand of working or stands in a clause of no words."""

    figure: str | None
    label: str
    window: str = ""  # a number no word names has no period or words to tell it apart
    around: str = ""
    operand: bool = False  # an operator stands beside it: it is worked on, not given as a result
    bare: bool = False  # its clause holds no word at all (read only when no words name the task's figures)
    name: str = ""  # the words that name it, from the joint before its name (or after it, to the next joint)


def naming(facts: Facts, clause: str, values: list[tuple[Number, str]], index: int) -> Named:
    """How the number at `values[index]` is named. Its words are those since the number before it, or, when the
    clause opens with a number, those after it; a result of working is named by the working's head."""
    number = values[index][0]
    start = values[index - 1][0].end if index else 0
    stop = values[index + 1][0].start if index + 1 < len(values) else len(clause)
    before, after = clause[start:number.start], clause[number.end:stop]
    head = clause[: values[0][0].start]
    # A result of working ("120,000 x 1.05^6 = 160,811"; "857,041 - 482,571 = 374,470") is named by the working's head.
    result = index > 0 and RESULT.search(before) is not None and (
        OPERATOR.search(before) is not None or OPERATOR.search(clause, values[index - 2][0].end if index > 1 else 0,
                                                                values[index - 1][0].start) is not None)
    label = head if result else UNIT_LEAD.sub(" ", before) if index else before
    around = f"{before} {after} {head if result else ''}"
    operand = OPERATOR.search(after) is not None or OPERATOR.search(before) is not None
    bare = re.search(r"[a-z]", clause) is None
    if not facts.roles:
        joint = NEXT_JOINT.search(after)
        return Named(None, f"{label} | {after}", f"{label} {after[: joint.start() if joint else len(after)]}",
                     operand=operand, bare=bare)
    own = _roles(facts, label)
    named_after = _roles(facts, after)
    styled_after = not result and not _roles(facts, head)
    if own and not (styled_after and named_after):
        named_at, figure = own[0] if result else own[-1]
        # The words since the last joint before its name ("; " ends a clause, so no clause holds one).
        window = label[max(label.rfind(joint, 0, named_at) for joint in (": ", ", ")) + 1 :]
        # Words after it up to the next joint or name give its period too ("revenue $160,811 in month 5").
        stops = [found.start() for found in (NEXT_JOINT.search(after),) if found] + [place for place, _ in named_after]
        return Named(figure, label, f"{window} {after[: min([*stops, len(after)])]}", around, operand, name=window)
    if named_after:  # the name after it, up to the next name, or to the joint after its name for the words naming it
        joint = NEXT_JOINT.search(after, named_after[0][0])
        return Named(named_after[0][1], label, after[: named_after[1][0] if len(named_after) > 1 else len(after)], around,
                     operand, name=after[: joint.start() if joint else len(after)])
    return Named(None, label)


def misstated(facts: Facts, named: Named, figure: str, written: str) -> str | None:
    """Why a figure's value is not stated as that figure: named as another, with a rival word, another period, or
    without a word it needs; None when it is (or when nothing names it)."""
    rival = re.search(facts.rivals, named.label)
    if rival:
        return f"rival role {rival.group()!r} for {written}"
    if named.figure is None:
        return None
    if named.figure != figure:
        return f"rival role: {written} named as {named.figure}"
    periods = _periods(facts, named.window)
    if not periods <= facts.periods.get(figure, periods):
        return f"rival period for {figure}: {sorted(periods)} in {named.window!r}"
    other = re.search(facts.others.get(figure, r"(?!)"), named.name)
    if other:
        return f"rival role {other.group()!r} for {figure} {written}"
    need = facts.needs.get(figure)
    if need and not re.search(need, named.around):
        return f"{figure} {written} not named as {need!r}"
    return None


def posing(facts: Facts, named: Named, written: str) -> str | None:
    """Why a true intermediate poses as a figure: it is named as one with nothing to tell it apart (no other period,
    no rival word, no word the figure needs lacking, none of its `others`); None when it is told apart, or when it is
    an operand of working."""
    if named.operand:
        return None
    if facts.roles:
        figure = named.figure
        if figure is None or re.search(facts.rivals, named.label) or re.search(facts.others.get(figure, r"(?!)"), named.around):
            return None
        need = facts.needs.get(figure)
        if not _periods(facts, named.window) <= facts.periods.get(figure, frozenset()) or (
                need and not re.search(need, named.around)):
            return None
        return f"rival value: {written} named as {figure}"
    if re.search(facts.rivals, named.window):
        return None
    claim = re.search(facts.claims, named.window)
    if claim:
        return f"rival value: {written} named as {claim.group()!r}"
    return f"rival value: {written} given bare" if named.bare else None


def _periods(facts: Facts, window: str) -> set[int]:
    """The month numbers `window` names, written alone or after an `m` ("m6", "m1-6")."""
    # Every other number beside a figure is a value of its own, so what a window holds is structure.
    found = {int(number.value) for number in numbers_in(window)[1]}
    return found | {int(month) for month in MONTH_MARK.findall(window) if int(month) in facts.structure}
