"""A reply read as a person reads it: lines without the markup that only presents them, then sentences, then pieces.

Markup that presents (emphasis, code spans and fences, block quotes, headings, bullets, line labels, table
pipes) is dropped; markup that changes what is said (strikethrough, an unticked box, quotation marks, `?`)
is kept, so a grammar that reads the pieces never recognises it.
"""
from __future__ import annotations

import re

from verifiers.text import TYPOGRAPHY, fold, plain

FENCE = re.compile(r"(?:```|~~~)[a-z]*")
# A backtick at a word's edge opens or closes a code span; between two letters, or before a contraction's
# ending, it is an apostrophe ("isn`t", "**Bot**`s").
CODE_MARK = re.compile(r"(?<![A-Za-z])`(?!(?:s|t|ll|re|ve|d|m)\b)|`(?![A-Za-z])", re.IGNORECASE)
# The run of marks that may open a line or a sentence: block-quote marks, heading marks, a bullet, a number or a
# ticked box (an unticked one stays: it says the item is not done), and a label such as "Line 1:".
OPENING = re.compile(r"(?:>\s?|#{1,6}\s|(?:[-*+]\s\[x\]|[-*+]|\d{1,2}[.)]|\(\d{1,2}\))\s+|(?:line|l)\s?\d{1,2}(?:\s?[:.)]|\s-)\s*)+")
# Emphasis and code spans: doubled marks anywhere, a single mark only at a word's edge (never inside a word).
EMPHASIS = re.compile(r"\*\*|__|(?<![a-z0-9])[*_]|[*_](?![a-z0-9])")
TABLE_RULE = re.compile(r"\|? ?:?-{3,}:? ?(?:\| ?:?-{3,}:? ?)*\|?")
SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
# Where one piece of a sentence ends and the next begins: a run of brackets, commas, dashes and arrows between
# spaces, colons and the conjunctions that join two statements or give a reason. `with`/`without` open a piece
# and keep their word.
JOINT = re.compile(
    r"(?:\s*(?:[()]|,|(?<=\s)-+>?(?=\s)|:(?=\s)|(?<=\s)(?:and|but|so|while|whereas|because|since|now that)(?=\s))\s*)+"
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
    return [] if TABLE_RULE.fullmatch(text) else [cell.strip() for cell in text.strip("| ").split("|")]


def flat(line: str) -> str:
    """`line` presented, a table row's cells joined by `: ` (a rule row is empty)."""
    text = presented(line)
    row = cells(text)
    return text if row is None else ": ".join(row)


def lines(content: str, address: str = "") -> list[str] | None:
    """The reply's non-empty lines, `presented`; None when a line does not fold to plain ASCII (see `text.plain`).
    A line that is only `address` (folded) is dropped, whatever its script. A table row becomes `first cell:
    second cell`, each further cell a line `its column's header: cell`; the header row is a line of its cells."""
    found: list[str] = []
    last: list[str] = []  # the last table row's cells: the header, once a rule row follows them
    header: list[str] = []
    for line in content.splitlines():
        if fold(line) in ("", fold(address)):
            continue
        if plain(CODE_MARK.sub("", line).translate(TYPOGRAPHY)) is None:
            return None
        text = presented(line)
        if address and text.startswith(fold(address)) and text[len(fold(address)) :][:1] in (" ", ",", ":"):
            text = text[len(fold(address)) :].lstrip(" ,:-")  # "@Maya Elise Chen: Aurora Audit Bot completed ..."
        row = cells(text)
        if row is None:
            found += [text] if text else []
        elif not row:
            header = last
        else:
            last = row
            extra = list(zip(header[2:], row[2:])) if len(header) == len(row) else []
            found += [": ".join(row[:2] if extra else row), *(f"{column}: {cell}" for column, cell in extra)]
    return found


def sentences(line: str) -> list[str]:
    """`line` split after `.`, `!`, `?` or `;` and a space, each sentence without a list mark or its final
    `.`, `!`, `;`, `:`, `,` or dash (a `?` stays: a question is not a statement)."""
    found = []
    for sentence in SENTENCE_END.split(line):
        opening = OPENING.match(sentence)  # sentences joined on one line may each carry a bullet
        sentence = sentence[opening.end() if opening else 0 :].rstrip(" .!;:,-")
        if sentence:
            found.append(sentence)
    return found


def pieces(sentence: str) -> list[tuple[int, int]]:
    """Where each piece of `sentence` starts and ends, cut at every joint (see `JOINT`), in order; a piece of only
    spaces and commas is dropped, and any piece's own edges may hold them (strip `sentence[start:end]`)."""
    bounds = [0, *(i for joint in JOINT.finditer(sentence) for i in joint.span()), len(sentence)]
    return [(start, end) for start, end in zip(bounds[::2], bounds[1::2]) if sentence[start:end].strip(" ,")]
