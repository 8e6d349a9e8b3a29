"""How a labelled reply's clauses are laid out: sentences, joined clauses, topic headings, tables, labels, quotes.

A layout changes where a statement stands and how it is marked up, never what it says: the clauses keep
their meaning, so the reply's label does not depend on the layout drawn.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from random import Random
from typing import TYPE_CHECKING, Callable, Sequence

if TYPE_CHECKING:
    from verifuzz.strategies.replies import Clause

# A clause about the same subject as the one before, joined onto its line: `{p}` is its predicate.
JOINS = (" and {p}", ", and {p}", "; it {p}", ". It {p}", " ({p})", " (it {p})", " \u2014 {p}", ", and it {p}", " - it {p}",
         " because it {p}", ", so it {p}", " since it {p}")
# A clause whose subject is fronted as a topic before the statement.
FRONTINGS = ("As for {s}, it {p}", "{s}, meanwhile, {p}", "Regarding {s}, it {p}", "Meanwhile, {s} {p}", "And {s} {p}",
             "{s}, on the other hand, {p}")
HEADINGS = ("{s}:", "**{s}**", "{s}", "### {s}", "**{s}:**")
ITEMS = ("- {p}", "* {p}", "  - {p}", "{p}")
RULE_CELLS = ("---", "---", ":---", "---:", "-----")
# A third column a writer may add whose cells give no value.
EMPTY_COLUMNS = ("Notes", "Work", "Pending", "Details", "Queue")
EMPTY_CELLS = ("\u2014", "-", "n/a", "None", "")
LABELS = ("Line {i}: ", "Line {i} \u2014 ", "L{i}: ", "({i}) ", "{o} line \u2014 ", "{o} line: ")
ORDINALS = ("First", "Second", "Third")  # past these a label says "Next line"
QUOTE_MARKS = ("> ", ">", "> ")


@dataclass(frozen=True)
class Line:
    """One line of a reply: prose takes a bullet and an end mark and may share a line with the next prose line."""

    text: str
    prose: bool = True
    prefix: str = ""  # markup that opens the line: a block-quote mark or a line label
    states: bool = False  # the line says something of a fact (so a label numbers it)


Layout = Callable[[Random, Sequence["Clause"], Sequence[tuple[str, str]]], list[Line]]


def lay_out(rng: Random, clauses: Sequence[Clause], headers: Sequence[tuple[str, str]]) -> list[Line]:
    """`clauses` in a layout drawn at random, plain sentences most often; a reply holding a block (a clause
    spanning lines) is always sentences, since a label, a quote mark or a heading would change the block."""
    if any("\n" in clause.text for clause in clauses):
        return sentences(rng, clauses)
    layout: Layout = rng.choice((sentences, sentences, sentences, sentences, sentences, table, topics, labelled, quoted))
    return layout(rng, clauses, headers)


def sentences(rng: Random, clauses: Sequence[Clause], headers: Sequence[tuple[str, str]] = ()) -> list[Line]:
    """One line per clause, except that a clause about the subject just spoken of may join its line, and a
    subject may be fronted as a topic."""
    lines: list[Line] = []
    previous: Clause | None = None
    for clause in clauses:
        joinable = previous and clause.subject == previous.subject and lines and lines[-1].prose
        if joinable and clause.predicate and rng.random() < 0.5:
            joined = lines[-1].text.rstrip(".!") + rng.choice(JOINS).format(p=clause.predicate)
            lines[-1] = replace(lines[-1], text=joined)
        elif clause.predicate and rng.random() < 0.15:
            lines.append(Line(rng.choice(FRONTINGS).format(s=clause.subject, p=clause.predicate), states=True))
        elif rng.random() < 0.05 and "\n" not in clause.text:
            aside = clause.text if clause.text[-1:] in ".!?" else clause.text + "."
            lines.append(Line(f"({aside})", prose=False, states=clause.fact is not None))  # an aside in brackets
        else:
            lines.append(Line(clause.text, states=clause.fact is not None))
        previous = clause
    return lines


def topics(rng: Random, clauses: Sequence[Clause], headers: Sequence[tuple[str, str]] = ()) -> list[Line]:
    """Each run of clauses about one subject under a heading that names it, one predicate per line."""
    heading, item = rng.choice(HEADINGS), rng.choice(ITEMS)
    lines: list[Line] = []
    current = ""
    for clause in clauses:
        if not clause.predicate:
            lines.append(Line(clause.text, states=clause.fact is not None))
            current = ""
            continue
        if clause.subject != current:
            lines.append(Line(heading.format(s=clause.subject), prose=False))
            current = clause.subject
        predicate = clause.predicate[0].upper() + clause.predicate[1:]
        lines.append(Line(item.format(p=predicate) + rng.choice(("", ".")), prose=False, states=True))
    return lines


def table(rng: Random, clauses: Sequence[Clause], headers: Sequence[tuple[str, str]]) -> list[Line]:
    """The clauses that have a table cell as rows under a header, the others as sentences before or after; now and
    then one column per subject instead, the cells in the one row under them."""
    rows = [index for index, clause in enumerate(clauses) if clause.cell]
    if not rows or not headers:
        return sentences(rng, clauses)
    piped, third = rng.random() < 0.8, rng.random() < 0.25
    rule = rng.choice(RULE_CELLS)

    def row(*values: str) -> str:
        return f"| {' | '.join(values)} |" if piped else " | ".join(values)

    before = sentences(rng, clauses[: rows[0]])
    after = sentences(rng, [clause for index, clause in enumerate(clauses) if index > rows[0] and index not in rows])
    if rng.random() < 0.2:  # one column per subject, its cell in the one row below the header; pipes make it a table
        grid = [Line(f"| {' | '.join(clauses[i].subject for i in rows)} |", prose=False),
                Line(f"| {' | '.join(['---'] * len(rows))} |", prose=False),
                Line(f"| {' | '.join(clauses[i].cell for i in rows)} |", prose=False, states=True)]
        return [*before, *grid, *after]
    columns = [*rng.choice(headers), *([rng.choice(EMPTY_COLUMNS)] if third else [])]
    grid = [Line(row(*columns), prose=False), Line(row(*[rule] * len(columns)).replace(" ", "" if rule == "-----" else " "), prose=False)]
    for i in rows:
        values = [clauses[i].subject, clauses[i].cell, *([rng.choice(EMPTY_CELLS)] if third else [])]
        grid.append(Line(row(*values), prose=False, states=True))
    return [*before, *grid, *after]


def labelled(rng: Random, clauses: Sequence[Clause], headers: Sequence[tuple[str, str]] = ()) -> list[Line]:
    """Sentences, each line that states a fact numbered by a label ("Line 1: ")."""
    label = rng.choice(LABELS)
    lines, number = [], 0
    for line in sentences(rng, clauses):
        number += line.states
        ordinal = ORDINALS[number - 1] if 0 < number <= len(ORDINALS) else "Next"
        lines.append(replace(line, prefix=label.format(i=number, o=ordinal)) if line.states else line)
    return lines


def quoted(rng: Random, clauses: Sequence[Clause], headers: Sequence[tuple[str, str]] = ()) -> list[Line]:
    """Sentences set as a block quote or a code block: every line, or only the lines that state a fact."""
    lines = sentences(rng, clauses)
    if rng.random() < 0.3:
        return [Line("```", prose=False), *lines, Line("```", prose=False)]
    mark, every = rng.choice(QUOTE_MARKS), rng.random() < 0.5
    return [replace(line, prefix=mark) if every or line.states else line for line in lines]
