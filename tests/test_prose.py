"""Reading a reply's layout: presentation is dropped, marks that change what is said are kept, joints cut pieces."""
from __future__ import annotations

import pytest

from verifuzz.verifiers.prose import cells, lines, pieces, presented, sentences, tables


@pytest.mark.parametrize(("line", "seen"), [
    ("> Aurora", "aurora"), (">> > Aurora", "aurora"), (">Aurora", "aurora"), ("## Aurora", "aurora"), ("- Aurora", "aurora"),
    ("* Aurora", "aurora"), ("+ Aurora", "aurora"), ("1. Aurora", "aurora"), ("2) Aurora", "aurora"), ("(3) Aurora", "aurora"),
    ("- [x] Aurora", "aurora"), ("Line 1: Aurora", "aurora"), ("line 2 - Aurora", "aurora"), ("L1: Aurora", "aurora"),
    ("Line 12. Aurora", "aurora"), ("L3) Aurora", "aurora"), ("> - Line 1: * Aurora", "aurora"), ("\u2022 Aurora", "aurora"),
    ("\u25e6 Aurora", "aurora"), ("**Aurora** idle", "aurora idle"), ("__Aurora__ idle", "aurora idle"),
    ("*Aurora* idle", "aurora idle"), ("_Aurora_ idle", "aurora idle"), ("`Aurora` idle", "aurora idle"),
    ("it isn`t idle", "it isn't idle"), ("**Bot**`s idle", "bot's idle"), ("`BOT``S IDLE", "bot's idle"),
    ("check_id x", "check_id x"), ("```", ""), ("```text", ""), ("~~~", ""), ("Idle \u2192 Beacon", "idle -> beacon"),
    ("Idle \u279c Beacon", "idle -> beacon"), ("A \u2014 B", "a - b"), ("First line \u2014 Aurora", "aurora"),
    ("second line: Aurora", "aurora"), ("Third line. Aurora", "aurora"), ("Next line) Aurora", "aurora"),
    ("last line - Aurora", "aurora"), ("<b>Aurora</b> idle", "aurora idle"), ("A \u00b7 B", "a - b"),
    ("<STRONG>a</strong> <em>b</em> <i>c</i> <u>d</u> <code>e</code>", "a b c d e"),
])
def test_presentation_is_dropped_from_a_line(line: str, seen: str) -> None:
    """Quote, heading, list and label marks that open a line, emphasis, code-span marks and fences are presentation."""
    assert presented(line) == seen


@pytest.mark.parametrize(("line", "seen"), [
    ("~~Aurora idle~~", "~~aurora idle~~"), ("- [ ] Aurora idle", "[ ] aurora idle"), ('"Aurora idle"', '"aurora idle"'),
    ("<del>Aurora</del>", "<del>aurora</del>"), ("<s>Aurora</s>", "<s>aurora</s>"), ("<bold>a</bold>", "<bold>a</bold>"), ("Aurora idle?", "aurora idle?"), ("a*b_c", "a*b_c"),
])
def test_marks_that_change_what_is_said_stay(line: str, seen: str) -> None:
    """Strikethrough, an unticked box, quotation marks, HTML, a question mark and marks inside a word are kept."""
    assert presented(line) == seen


def test_a_table_row_becomes_a_statement_of_its_first_cell() -> None:
    """A row's cells are joined by `: `; a rule row has no cells; further cells with a value are said under their
    column's header; a header of known column names says nothing, any other header is read."""
    assert cells("| a | b |") == ["a", "b"] and cells("a | b") == ["a", "b"] and cells("plain") is None
    assert cells("|---|---|") == [] and cells("| :--- | ---: |") == [] and cells("--- | ---") == []
    assert lines("| Bot | Status | Work |\n|---|---|---|\n| A | idle | none |\n| B | done | 0 |\n| C | x | \u2014 |", "") == [
        "a: idle", "b: done", "work: 0", "c: x",
    ]
    assert lines("| Who | Not really |\n|---|---|\n| A | idle |", "") == ["who: not really", "a: idle"]
    assert lines("| A | idle | none |", "") == ["a: idle: none"]  # without a header, every cell stays on the row
    assert tables(["| bot | status |", "| a | b |"]) == ["bot: status", "a: b"]  # no rule row: no header
    assert tables(["", "x", "|---|"]) == ["x"]
    assert lines("| Bot | Status |\n|---|---|", "") == []  # a header is known by the rule row after it, even last
    assert lines("| Bot | Status | Work |\n|---|---|---|\n| a | b | c | d |", "") == ["a: b: c: d"]  # a row of another width


def test_a_header_naming_no_known_column_says_what_each_cell_is_about() -> None:
    """Under a header of no known column names, each cell with a value is said of its column's header; a row of
    another width is read as any row."""
    assert lines("| Aurora | Beacon |\n|---|---|\n| done | idle |", "") == ["aurora: done", "beacon: idle"]
    assert lines("| A | B | C |\n|---|---|---|\n| done | - | n/a |", "") == ["a: done"]
    assert lines("| A | B |\n|---|---|\n| x | y | z |", "") == ["x: y: z"]
    assert lines("| A |\n|---|\n| x |", "") == ["a: x"]
    assert lines("Hi\n| A | B |\n|---|---|\n| x | y |", "") == ["hi", "a: x", "b: y"]  # the lines before it stay


def test_an_html_line_break_breaks_the_line() -> None:
    """`<br>`, `<br/>` and `<br />`, in any case, end a line as a line feed does."""
    assert lines("a<br>b<BR/>c<br />d<br>\ne", "") == ["a", "b", "c", "d", "e"]
    assert lines("a <brr> b", "") == ["a <brr> b"]


def test_lines_skip_blanks_and_the_address_and_fail_on_what_does_not_fold() -> None:
    """Blank lines and a line that only addresses the human are dropped; an address opening a line is too; a line
    that does not fold to plain ASCII makes the whole reply unreadable."""
    assert lines("\n  \n@Jos\u00e9\nHi\n@jos\u00e9, done", "@Jos\u00e9") is None  # "done" line keeps a non-ASCII name
    assert lines("\n  \n@Maya\nHi\n@maya, done\n@Maya: idle\n@Maya - x\n@Maya y\n@Mayan z", "@Maya") == [
        "hi", "done", "idle", "x", "y", "@mayan z",
    ]
    assert lines("it\u2019s idle\n\n", "") == ["it's idle"]
    assert lines("hi @Maya, bye\n@maya", "@Maya") == ["hi @maya, bye"]  # an address only opens a line
    assert lines("@Maya / x\n@Maya /x", "@Maya") == ["x", "/x"]
    assert lines("caf\u00e9", "") is None and lines("a \u202eb", "") is None
    assert lines("```\nAurora\n```", "") == ["aurora"]


@pytest.mark.parametrize(("line", "found"), [
    ("a. b! c? d; e", ["a", "b", "c?", "d", "e"]), ("- a. - b", ["a", "b"]), ("a.b", ["a.b"]), ("a -", ["a"]),
    ("a, b:", ["a, b"]), ("## a. # b", ["a", "b"]), ("a ...", ["a"]), ("...", []), ("(a. b.)", ["a", "b"]),
    ("(a.) (b)", ["a.) (b"]), ("a (b.)", ["a (b.)"]), ("(a).", ["a"]), ("(a. b.).", ["a", "b"]),
    ("a. (b.); c", ["a", "b", "c"]), ("a. (bc)", ["a", "bc"]), ("a. (bc.) !", ["a", "bc"]),
])
def test_sentences_split_after_end_marks_and_keep_a_question_mark(line: str, found: list[str]) -> None:
    """A line splits after `.`, `!`, `?` or `;` and a space; each sentence loses its opening marks and final marks but `?`."""
    assert sentences(line) == found


@pytest.mark.parametrize(("sentence", "found"), [
    ("a, b", ["a", "b"]), ("a (b) c", ["a", "b", "c"]), ("a - b", ["a", "b"]), ("a -- b", ["a", "b"]), ("a -> b", ["a", "b"]),
    ("a: b", ["a", "b"]), ("a and b", ["a", "b"]), ("a, and b", ["a", "b"]), ("a but b", ["a", "b"]), ("a so b", ["a", "b"]),
    ("a while b", ["a", "b"]), ("a whereas b", ["a", "b"]), ("a because b", ["a", "b"]), ("a since b", ["a", "b"]),
    ("a now that b", ["a", "b"]), ("a after b", ["a", "b"]), ("dafter b", ["dafter b"]),
    ("a / b", ["a", "b"]), ("a/b", ["a/b"]), ("a /b", ["a /b"]), ("a remains so - b", ["a remains so", "b"]), ("a stays so, b", ["a stays so", "b"]), ("a with b", ["a", "with b"]), ("a, without b", ["a", "without b"]),
    ("a) - and (b", ["a", "b"]), ("two-line a:b", ["two-line a:b"]), ("sand band", ["sand band"]), ("a as b", ["a as b"]),
])
def test_pieces_are_cut_at_every_joint(sentence: str, found: list[str]) -> None:
    """Brackets, commas, spaced dashes and arrows, `: ` and joining conjunctions cut pieces; `with` keeps its word."""
    assert [sentence[start:end].strip(" ,") for start, end in pieces(sentence)] == found
