"""A reply read as a person reads it: lines without the markup that only presents them, then sentences, then pieces.

Markup that presents (emphasis, code spans and fences, block quotes, headings, bullets, line labels, table
pipes) is dropped; markup that changes what is said (strikethrough, an unticked box, quotation marks, `?`)
is kept, so a grammar that reads the pieces never recognises it.
"""
from __future__ import annotations

import re

from verifuzz.verifiers.text import TYPOGRAPHY, fold, plain

FENCE = re.compile(r"(?:```|~~~)[a-z]*")
# A backtick at a word's edge opens or closes a code span; between two letters, or before a contraction's
# ending, it is an apostrophe ("isn`t", "**Bot**`s").
CODE_MARK = re.compile(r"(?<![A-Za-z])`(?!(?:s|t|ll|re|ve|d|m)\b)|`(?![A-Za-z])", re.IGNORECASE)
# The run of marks that may open a line or a sentence: block-quote marks, heading marks, a bullet, a number or a
# ticked box (an unticked one stays: it says the item is not done), and a label such as "Line 1:".
OPENING = re.compile(r"(?:>\s?|#{1,6}\s|(?:[-*+]\s\[x\]|[-*+]|\d{1,2}[.)]|\(\d{1,2}\))\s+"
                     r"|(?:(?:line|l)\s?\d{1,2}|(?:first|second|third|next|last) line)(?:\s?[:.)]|\s-)\s*)+")
# Emphasis: doubled marks anywhere, a single mark only at a word's edge (never inside a word), and the HTML tags
# that only present (bold, italics, underline, code); <del> and <s> strike out, so they stay.
EMPHASIS = re.compile(r"\*\*|__|(?<![a-z0-9])[*_]|[*_](?![a-z0-9])|</?(?:b|strong|i|em|u|code)>")
LINE_BREAK = re.compile(r"<br\s?/?>", re.IGNORECASE)  # an HTML line break is a line break
EMPTY_CELLS = frozenset({"", "-", "--", "n/a", "none", "nothing"})  # a table cell that gives no value
# The names a table's header row may give its columns: a header of only these says nothing and is dropped.
COLUMNS = frozenset({
    "bot", "bots", "agent", "agents", "name", "who", "status", "state", "current status", "work", "tasks", "queue", "pending",
    "notes", "note", "details", "field", "key", "value", "line", "item", "activity", "last update", "updated",
    # Columns of a table of figures or settings.
    "metric", "amount", "input", "setting", "result", "figure", "total", "month", "count", "tickets", "customers",
    "total customers", "cost",
})
TABLE_RULE = re.compile(r"\|? ?:?-{3,}:? ?(?:\| ?:?-{3,}:? ?)*\|?")
SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
END_MARKS = re.compile(r"[ .!;:,-]+$")  # what may close a sentence without saying anything (a "?" asks)
ASIDE = re.compile(r"\((.*)\)")  # a line or a sentence set aside in brackets, whole
OUTER_PIPES = re.compile(r"^\|\s*|\s*\|$")
# Where one piece of a sentence ends and the next begins: a run of brackets, commas, dashes and arrows between
# spaces, colons and the conjunctions that join two statements or give a reason ("so", but not in "remains so").
# `with`/`without` open a piece and keep their word.
JOINT = re.compile(
    r"(?:\s*(?:[()]|,|(?<=\s)(?:-+>?|/)(?=\s)|:(?=\s)|(?<=\s)(?:and|but|(?<!remains )(?<!stays )so|while|whereas|because|since"
    r"|now that|after)(?=\s))\s*)+"
    r"|\s+(?=with(?:out)?\s)"
)


def presented(line: str) -> str:
    """`line` as a reader sees it: typography read as ASCII, folded, without code-span marks, without the marks
    that open it (see `OPENING`) and without emphasis; a code fence is an empty line."""
    if FENCE.fullmatch(fold(line)):
        return ""
    text = fold(CODE_MARK.sub("", line).translate(TYPOGRAPHY))
    opening = OPENING.match(text)
    return EMPHASIS.sub("", text[opening.end() if opening else 0 :]).strip()


def cells(text: str) -> list[str] | None:
    """The cells of a table row (`presented` text); an empty list for a rule row, None for a line of no table."""
    if "|" not in text:
        return None
    return [] if TABLE_RULE.fullmatch(text) else [cell.strip() for cell in OUTER_PIPES.sub("", text).split("|")]


def lines(content: str, address: str) -> list[str] | None:
    """The reply's lines as `tables` reads them; None when a line does not fold to plain ASCII (see `text.plain`).
    A line that is only `address` (folded) is dropped, whatever its script, and an `address` opening a line is
    dropped from it."""
    at = fold(address)
    kept = [line for line in LINE_BREAK.sub("\n", content).splitlines() if fold(line) != at]
    if any(plain(line.translate(TYPOGRAPHY)) is None for line in kept):
        return None
    texts = [presented(line) for line in kept]
    if at:  # "@Maya Elise Chen: Aurora Audit Bot completed ..."
        opening = re.compile("^" + re.escape(at) + r"[,:]?(?: -| /)? ")
        texts = [opening.sub("", text) for text in texts]
    return tables(texts)


def tables(texts: list[str]) -> list[str]:
    """`texts` (presented lines) without empty lines and with tables read: a header row (one a rule row follows)
    of known column names (COLUMNS) is dropped, any other kept as a line; a rule row is dropped; a row becomes
    `first cell: second cell`, and each further cell with a value a line `its column's header: cell`. A header
    naming no known column names what each column is about, so each cell of a row under it is `header: cell`."""
    found: list[str] = []
    header: list[str] = []
    for index, text in enumerate(texts):
        row = cells(text)
        if row is None:
            found += [text] if text else []
        elif row and index + 1 < len(texts) and cells(texts[index + 1]) == []:
            header = row
            found += [] if COLUMNS.issuperset(row) or COLUMNS.isdisjoint(row) else [": ".join(row)]
        elif row and len(header) == len(row) and COLUMNS.isdisjoint(header):
            found += [f"{column}: {cell}" for column, cell in zip(header, row) if cell not in EMPTY_CELLS]
        elif row:
            extra = list(zip(header[2:], row[2:])) if len(header) == len(row) else []
            said = [f"{column}: {cell}" for column, cell in extra if cell not in EMPTY_CELLS]
            found += [": ".join(row[:2] if extra else row), *said]
    return found


def sentences(line: str) -> list[str]:
    """`line` split after `.`, `!`, `?` or `;` and a space, each sentence without the marks that open it or its
    final `.`, `!`, `;`, `:`, `,` or dash (a `?` stays: a question is not a statement), and out of the brackets
    that wrap it, or the whole line, whole."""
    found = []
    aside = ASIDE.fullmatch(END_MARKS.sub("", line))
    for sentence in SENTENCE_END.split(aside.group(1) if aside else line):
        opening = OPENING.match(sentence)  # sentences joined on one line may each carry a bullet
        sentence = END_MARKS.sub("", sentence[opening.end() if opening else 0 :])
        aside = ASIDE.fullmatch(sentence)  # "(Neither has pending work.)"
        sentence = END_MARKS.sub("", aside.group(1)) if aside else sentence
        if sentence:
            found.append(sentence)
    return found


def pieces(sentence: str) -> list[tuple[int, int]]:
    """Where each piece of `sentence` starts and ends, cut at every joint (see `JOINT`), in order. A joint takes the
    spaces and commas around it, so a piece never starts or ends with one."""
    bounds = [0, *(i for joint in JOINT.finditer(sentence) for i in joint.span()), len(sentence)]
    return [(start, end) for start, end in zip(bounds[::2], bounds[1::2]) if end > start]
