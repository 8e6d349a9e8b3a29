"""What a reply wears around its statements, taken off: HTML breaks, items set side by side, quote marks, line labels,
code fences, decoration and whole sentences of courtesy (verifiers/courtesy.py).

A task whose grammar reads statements in their own words (figures, a number, a callback) reads what `undressed`
leaves, line by line and unfolded, so the shared dress is read in one place and each grammar keeps its own forms.
Only what says nothing is taken off: a sentence with any piece that is not courtesy is kept whole.
"""
from __future__ import annotations

import re

from verifuzz.verifiers.courtesy import OFFER_LEAD, OFFER_WORDS, courtesy
from verifuzz.verifiers.lexicon import spoken
from verifuzz.verifiers.prose import COLUMNS, EMPTY_CELLS, END_MARKS, FENCE, OUTER_PIPES, SENTENCE_END, TABLE_RULE, pieces, presented
from verifuzz.verifiers.text import fold

# An HTML line break, with the line feed a writer may put after it: one break either way.
BREAK = re.compile(r"<br\s?/?>(?:\r?\n)?", re.IGNORECASE)
# A middle dot or a slash between spaces sets two items side by side, except between two operands, where it is a
# product or a quotient ("6 · 7 = 42", "84 / 2"): a digit or a closing bracket before it, a digit, `(` or `$` after.
SIDE_BY_SIDE = re.compile(r" [\u00b7/] ")
OPERAND_BEFORE = re.compile(r"[\d)]$")
OPERAND_AFTER = re.compile(r"[\d($]")
# What opens a line to present it: block-quote marks, heading marks, a line label ("Line 1:", "L2 -", "(3)", "First
# line:"). Bullets and list numbers stay: a grammar reads them itself, and "41." may be an answer, not an item.
DASH = r"[-\u2014\u2013]"
PRESENTING = re.compile(
    rf"(?:>\s?|#{{1,6}}\s|(?:(?:line|l)\s?\d{{1,2}}|(?:first|second|third|next|last) line)(?:\s?[:.)]|\s{DASH})\s*"
    r"|\(\d{1,2}\)\s+)+",
    re.IGNORECASE,
)
# A bullet or a list number opening a line. A number is a list mark only when it is no greater than the reply's count
# of lines: "1. As requested:" is an item, "87. Let me know if you need anything else" an answer and a courtesy.
LIST_ITEM = re.compile(r"\s*(?:[-*+\u2022]|(?P<n>\d{1,2})[.)])\s+")
FIRST_JOINT = re.compile(r"[,:;]\s+|\s+[-\u2014\u2013]+\s+|(?<=[a-z])[\u2014\u2013]+")  # the first joint of a sentence
# Words a sentence of courtesy may be made of when no closed form holds it, and nothing else (not verifiers/lexicon.py's
# BASE, whose "total" or "as" would let a label or "as if" through): greetings, thanks, sign-offs, wishes and offers
# of more help, with the pronouns and articles they need. None states, negates, doubts or takes back anything.
COURTESY_WORDS = frozenset("""
hi hello hey dear greetings good morning afternoon evening day night everyone team thanks thank thx cheers regards best
kind warm sincerely hope hoping helps help helping helped helpful useful glad happy pleased let know if need want like
would be anything else more further questions question feel free reach ping shout ask nice great lovely wonderful weekend
week luck enjoy assistant please find following requested asked below i i'm me you your we us our this that it it's is
was a an the to for with of have
""".split())
# An offer of more help ("Shout if you need a per-week breakdown", "Want me to post a kickoff message there?"): it
# proposes, and asserts nothing, so it may ask and may name the work (OFFER_WORDS, verifiers/courtesy.py).
OFFER = re.compile(rf"(?:let me know if|shout if|ping me if|if you(?:'d| would)? like,? i can|{OFFER_LEAD})\b")
# Slack and Discord shortcodes for decoration: read as the emoji they stand for, which say nothing.
SHORTCODES = re.compile(r":(?:white_check_mark|heavy_check_mark|tada|moneybag|rocket|wave|smile|slightly_smiling_face|memo"
                        r"|chart_with_upwards_trend|bar_chart|point_down|ticket|dart|calendar|raised_hands|clipboard"
                        r"|thumbsup|\+1|sparkles):")
# Slack's bold, one asterisk each side of a run with no space inside its edges ("*87*"); never between two operands.
SLACK_BOLD = re.compile(r"(?<![\w*])\*(?![\s*])([^*\n]*?[^\s*])\*(?![\w*])")
SPAN = 4  # the most pieces one courtesy is read across
BRACKETS = re.compile(r"^\(|\)$")  # the brackets that set a sentence aside
# A line set aside in brackets whole, after an optional bullet: "(There were 352,345 customers.)", "- (Hi Ann,.)".
ASIDE_LINE = re.compile(r"(?P<bullet>\s*(?:[-*+\u2022]\s+)?)\((?P<said>.*)\)(?P<end>[.!]?)\s*")


def tabled(lines: list[str]) -> list[str]:
    """`lines` with tables read: the rule row dropped, the header row (the one above the rule) dropped when it names
    only known columns (`COLUMNS`) and kept as a line otherwise, each row under the rule `first cell: other cells`
    (cells that give no value left out). Pipes on a line of no table set items side by side."""
    found: list[str] = []
    in_table = False
    for index, line in enumerate(lines):
        rule = TABLE_RULE.fullmatch(line.strip()) is not None
        header = "|" in line and not rule and index + 1 < len(lines) and TABLE_RULE.fullmatch(lines[index + 1].strip())
        in_table = rule or (in_table and "|" in line)
        if rule or "|" not in line:
            found += [] if rule else [line]
            continue
        cells = [cell.strip() for cell in OUTER_PIPES.sub("", line.strip()).split("|")]
        if header and all(presented(cell) in COLUMNS or not presented(cell) for cell in cells):
            continue
        if header or in_table:
            said = [cell for cell in cells if fold(cell) not in EMPTY_CELLS]
            first, others = said[:1], said[1:]
            found.append(": ".join(first + [", ".join(others)] if others else first))
        else:
            found += [cell for cell in cells if cell]
    return found


def items(content: str) -> list[str]:
    """`content` split at line feeds and HTML breaks, tables read (`tabled`), each item set side by side on a line of
    its own."""
    found = []
    content = SLACK_BOLD.sub(r"\1", SHORTCODES.sub(" ", content))
    for line in tabled(BREAK.sub("\n", content).splitlines()):
        joints = [joint for joint in SIDE_BY_SIDE.finditer(line)
                  if not (OPERAND_BEFORE.search(line, 0, joint.start()) and OPERAND_AFTER.match(line, joint.end()))]
        starts, ends = [0, *(joint.end() for joint in joints)], [*(joint.start() for joint in joints), len(line)]
        found += [line[start:end] for start, end in zip(starts, ends)]
    return found


def aside(line: str) -> str:
    """`line` out of the brackets that wrap it whole (the first bracket closes at the last), its bullet kept."""
    found = ASIDE_LINE.fullmatch(line)
    if found is None:
        return line
    depth = 0
    for char in found.group("said"):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return line  # "(17 + 23) x (3)": the first bracket closes before the last
    return found.group("bullet") + found.group("said") + found.group("end") if depth == 0 else line


def says_nothing(sentence: str, polite: tuple[re.Pattern[str], re.Pattern[str]], opening: bool,
                 statement: re.Pattern[str] | None = None, names: frozenset[str] = frozenset()) -> bool:
    """The sentence is empty once presented (a tick, a light, a face), or read from the left it is courtesy: each
    time the longest run of at most SPAN pieces that is one courtesy ("feel free to ping me" + "with any
    questions"); failing that, it holds no number and no question and its words are all courtesy words
    (COURTESY_WORDS, the human's `names`: "I hope this is helping you"). An acknowledgement counts only while the
    reply is `opening`; a sentence that is, or holds a piece that is, wholly a task's `statement` ("Done." when the
    task is to send something) is never courtesy."""
    text = END_MARKS.sub("", BRACKETS.sub("", END_MARKS.sub("", presented(sentence))))
    spans = pieces(text)
    if statement is not None and any(statement.fullmatch(text, start, end) for start, end in [(0, len(text)), *spans]):
        return False
    anywhere, acknowledgement = polite
    while spans:
        for size in range(min(SPAN, len(spans)), 0, -1):
            piece = text[spans[0][0] : spans[size - 1][1]]
            if anywhere.fullmatch(piece) or (opening and acknowledgement.fullmatch(piece)):
                spans = spans[size:]
                break
        else:
            return courteous_words(text, names)
    return True


def courteous_words(text: str, names: frozenset[str]) -> bool:
    """`text` (presented) holds no number and is made of courtesy words only (COURTESY_WORDS, the human's first name):
    with no question, or, when it opens as an offer of more help (OFFER), of the words an offer may use as well."""
    if re.search(r"\d", text):
        return False
    if OFFER.match(text):
        return spoken(text.replace("?", " "), COURTESY_WORDS | OFFER_WORDS | names, base=frozenset())
    return spoken(text, COURTESY_WORDS | names, base=frozenset())  # a question mark is no mark spoken() allows


def opened(sentence: str, polite: tuple[re.Pattern[str], re.Pattern[str]], statement: re.Pattern[str] | None,
           names: frozenset[str] = frozenset()) -> str:
    """The reply's first statement without the courtesy that opens it before its first joint ("Sure thing - 41
    tickets remain", "Hi Nora, it's 87"); the sentence whole when what comes before that joint is not courtesy."""
    joint = FIRST_JOINT.search(sentence)
    if joint and joint.start() and says_nothing(sentence[: joint.start()], polite, True, statement, names):
        return sentence[joint.end() :]
    return sentence


def undressed(content: str, user: str, statement: re.Pattern[str] | None = None) -> str:
    """The reply's statements as written, a line for each line that holds one; every sentence that says nothing
    (`says_nothing`, which keeps a sentence that is wholly a `statement`), every line that is only `@user`, a code
    fence, and the marks that present a line taken off."""
    polite = courtesy(user)
    names = frozenset(fold(user).split()[:1])  # the first name: a middle or last name alone may be someone else's
    address = fold("@" + user)
    kept: list[str] = []
    lines = items(content)
    for line in lines:
        if FENCE.fullmatch(fold(line)) or fold(line) == address:
            continue
        marks = PRESENTING.match(line)
        line = aside(line[marks.end() if marks else 0 :])
        item = LIST_ITEM.match(line)  # "1. As requested:" is one sentence, not "1." and another
        if item and item.group("n") and int(item.group("n")) > len(lines):
            item = None
        sentences = SENTENCE_END.split(line[item.end() if item else 0 :])
        sentences[0] = line[: item.end() if item else 0] + sentences[0]
        said: list[str] = []
        for sentence in sentences:
            if not says_nothing(sentence, polite, not (kept or said), statement, names):
                said.append(sentence if kept or said else opened(sentence, polite, statement, names))
        if said:
            kept.append(" ".join(said))
    return "\n".join(kept)
