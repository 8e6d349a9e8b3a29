"""The labelled reply generator: labels follow from the composition, and surface forms keep the meaning."""
from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from verifuzz.strategies.layouts import Layout, Line, labelled, lay_out, quoted, sentences, table, topics
from verifuzz.strategies.replies import (
    AFFIRMED, ASSERTED, FUTURE, MODALITIES, NEGATED, PRESENT, QUESTIONED, REFUSED, RETRACTED, UNSAID, Clause, Fact, Reply,
    ReplyTask, compose, disguised, modalities, refused, render, surface,
)
from verifuzz.strategies.wordings import CLOSERS, FILLERS, OPENERS

ANSWER = Fact("sum", affirmed=("The total is {n}",), negated=("The total is not {n}",), future=("The total will be {n}",))
WRONG = Fact("off", affirmed=("The total is {m}",))
TASK = ReplyTask(answer=("sum",), facts=(ANSWER, WRONG), fields={"n": "87", "m": "86", "user": "Nora"})


def reply(*clauses: tuple[str | None, str]) -> Reply:
    return Reply("", tuple(Clause(fact, modality, "") for fact, modality in clauses))


@pytest.mark.parametrize(
    ("clauses", "asserted", "present"),
    [
        ([("sum", AFFIRMED)], True, True),
        ([("sum", AFFIRMED), (None, AFFIRMED)], True, True),
        ([], False, False),
        ([("sum", AFFIRMED), ("sum", RETRACTED)], False, True),
        ([("sum", NEGATED)], False, True),
        ([("sum", AFFIRMED), ("off", AFFIRMED)], False, True),
        ([("off", AFFIRMED)], False, False),
        ([("sum", QUESTIONED)], False, True),
    ],
)
def test_the_label_follows_from_the_clauses(clauses: list[tuple[str | None, str]], asserted: bool, present: bool) -> None:
    """`asserted` wants every answer fact affirmed and nothing else said; `present` only wants each answer fact stated."""
    composed = reply(*clauses)
    assert ReplyTask(("sum",), (ANSWER, WRONG), rule=ASSERTED).correct(composed) is asserted
    assert ReplyTask(("sum",), (ANSWER, WRONG), rule=PRESENT).correct(composed) is present


@pytest.mark.parametrize("seed", range(200))
def test_a_natural_reply_is_correct_and_holds_its_answer(seed: int) -> None:
    """A natural composition affirms every answer fact, so it is labelled correct and its text holds the answer."""
    composed = compose(Random(seed), TASK, natural=True)
    assert composed.natural and TASK.correct(composed)
    assert "87" in composed.text and "86" not in composed.text


def test_free_compositions_use_every_modality_and_both_labels() -> None:
    """Over many draws, free compositions say the answer in every modality and are labelled both ways."""
    rng = Random(1)
    drawn = [compose(rng, TASK) for _ in range(2_000)]
    assert {c.modality for r in drawn for c in r.clauses if c.fact == "sum"} == set(MODALITIES)
    assert {TASK.correct(r) for r in drawn} == {True, False}


def test_a_fact_without_its_own_words_is_never_negated_or_put_in_the_future() -> None:
    """Negation and the future need a fact's own forms; the other modalities wrap any affirmed form."""
    assert modalities(WRONG) == (AFFIRMED, QUESTIONED, RETRACTED, "hedged", REFUSED, UNSAID)
    assert modalities(ANSWER) == MODALITIES
    assert FUTURE in modalities(ANSWER) and NEGATED in modalities(ANSWER)


def test_a_retraction_is_the_statement_then_what_takes_it_back() -> None:
    """A retracted fact is two clauses: the affirmed sentence, then a later one, both labelled retracted."""
    first, later = render(Random(3), TASK, ANSWER, RETRACTED)
    assert first == Clause("sum", RETRACTED, "The total is 87")
    assert later.fact == "sum" and later.modality == RETRACTED and "87" not in later.text


def test_surface_never_changes_a_verbatim_token_nor_contracts_inside_a_word() -> None:
    """Casing leaves verbatim tokens alone, and `has not` is contracted only as whole words ("has nothing" stays)."""
    token = "chc-0123456789abcdef01234567"
    for seed in range(300):
        text = surface(Random(seed), [f"ID {token} has nothing", "it is not here"], (token,))
        assert token in text
        assert "has nothing" in text.lower() and "hasn" not in text.lower()


def test_a_verbatim_block_is_pasted_whole_on_lines_of_its_own() -> None:
    """A clause that is a multi-line verbatim token gets no bullet, end mark or case, and never shares a line."""
    block = "Title\n\n- one: it is ready"
    seen = set()
    for seed in range(300):
        text = surface(Random(seed), ["Sure!", block, "Thanks."], (block,))
        lines = text.replace("\r\n", "\n").split("\n")
        start = lines.index("Title")
        assert lines[start : start + 3] == block.split("\n")
        seen.add("SURE" in text)
    assert seen == {True, False}  # the lines around it were still cased


def test_an_unsaid_fact_is_wrapped_or_tagged_by_markup_that_takes_it_back() -> None:
    """An unsaid clause holds the affirmed sentence inside one of the UNSAYINGS, so the label is never correct."""
    (clause,) = render(Random(5), TASK, ANSWER, UNSAID)
    assert clause.modality == UNSAID and "The total is 87" in clause.text and clause.text != "The total is 87"
    assert not TASK.correct(Reply(clause.text, (clause,)))


def test_a_disguised_negation_hides_the_word_from_folding_but_not_from_a_reader() -> None:
    """Each disguise leaves a negation that no longer folds to its ASCII word, or that a reader sees reversed back."""
    for seed in range(20):
        text = disguised(Random(seed), "The total is not 87")
        assert text != "The total is not 87" and text.startswith("The total is ") and text.endswith(" 87")
    assert disguised(Random(1), "The total is 87") == "The total is 87"


TRUE = Fact("aside", affirmed=("Nothing else is pending",), negated=("Something is pending",))
ABOUT = Fact("state", affirmed=("{b} is idle",), negated=("{b} is busy",), subject="{b}", predicates=("is idle",),
             denials=("is busy",), cells=("Idle",))
EXTRA = Fact("quiet", affirmed=("{b} has no work",), subject="{b}", predicates=("has no work",), denials=("has work",))
LAID = ReplyTask(answer=("state",), facts=(ABOUT, EXTRA, TRUE, WRONG), consistent=("quiet", "aside"),
                 fields={"b": "Bot B", "m": "86", "user": "Nora Grant"}, names=("b",))


@pytest.mark.parametrize(
    ("clauses", "correct"),
    [
        ([("state", AFFIRMED), ("aside", AFFIRMED)], True),
        ([("state", AFFIRMED), ("quiet", AFFIRMED), ("aside", AFFIRMED)], True),
        ([("state", AFFIRMED), ("aside", NEGATED)], False),
        ([("state", AFFIRMED), ("quiet", "hedged")], False),
        ([("state", AFFIRMED), ("aside", RETRACTED)], False),
        ([("aside", AFFIRMED)], False),
        ([("state", AFFIRMED), ("off", AFFIRMED)], False),
    ],
)
def test_a_true_extra_fact_keeps_a_reply_correct_only_when_affirmed(clauses: list[tuple[str | None, str]], correct: bool) -> None:
    """A consistent fact may be affirmed beside the answer; negated, hedged or retracted it makes the reply wrong."""
    assert LAID.correct(reply(*clauses)) is correct


def test_a_subject_fact_renders_its_pieces_in_the_modality_asked() -> None:
    """An affirmed clause carries its subject, predicate and cell; a negated one its denial and a negated cell."""
    (said,) = render(Random(1), LAID, ABOUT, AFFIRMED)
    assert (said.subject, said.predicate, said.cell) == ("Bot B", "is idle", "Idle")
    (denied,) = render(Random(1), LAID, ABOUT, NEGATED)
    assert denied.predicate == "is busy" and denied.cell in ("Not idle", "not idle", "idle \u2014 no")
    (hedged,) = render(Random(1), LAID, ABOUT, "hedged")
    assert hedged.predicate == "" and "idle" in hedged.cell.lower()


@pytest.mark.parametrize("layout", [sentences, topics, table, labelled, quoted])
def test_every_layout_keeps_each_statement_of_a_fact(layout: Layout) -> None:
    """Each layout writes every clause's text, or its subject with its predicate or cell, and adds no other fact."""
    rng = Random(4)
    clauses = [*render(rng, LAID, ABOUT, AFFIRMED), *render(rng, LAID, EXTRA, AFFIRMED), Clause(None, AFFIRMED, "Thanks")]
    for seed in range(50):
        text = "\n".join(line.prefix + line.text for line in layout(Random(seed), clauses, (("Bot", "Status"),))).lower()
        assert "thanks" in text and "bot b" in text
        assert ("is idle" in text or "| idle" in text) and "has no work" in text


def test_a_table_puts_rows_under_a_header_and_other_clauses_around_it() -> None:
    """The clauses with a cell become rows after a header and a separator row, or one column each; the rest stay sentences."""
    rng = Random(2)
    clauses = [Clause(None, AFFIRMED, "Hi"), *render(rng, LAID, ABOUT, AFFIRMED), Clause(None, AFFIRMED, "Bye")]
    for seed in range(30):
        lines = [line.text for line in table(Random(seed), clauses, (("Bot", "Status"),))]
        assert "Hi" in lines[0] and "Bye" in lines[-1]
        rows = "Bot | Status" in lines[1] and "---" in lines[2] and "Bot B | Idle" in lines[3]
        assert rows or lines[1:4] == ["| Bot B |", "| --- |", "| Idle |"]  # or one column per subject


def test_a_refusal_block_quotes_every_answer_fact_and_is_never_correct() -> None:
    """A refusal lead followed by the answer's statements labels every clause refused, so the reply is wrong."""
    clauses = refused(Random(3), LAID)
    assert [c.modality for c in clauses] == [REFUSED, REFUSED] and clauses[1].text == "Bot B is idle"
    assert not LAID.correct(Reply("", tuple(clauses)))


def test_natural_replies_hold_true_extras_and_every_layout() -> None:
    """Over many natural draws, extras and each layout's marks appear, and every draw stays correct."""
    rng = Random(7)
    drawn = [compose(rng, LAID, natural=True) for _ in range(600)]
    assert all(r.natural and LAID.correct(r) for r in drawn)
    assert {c.fact for r in drawn for c in r.clauses} >= {"state", "quiet", "aside", None}
    texts = "\n".join(r.text for r in drawn)
    for mark in ("| --- |", "```", "> ", "Line 1", "As for", "**Bot B**", "`Bot B`"):
        assert mark in texts, mark


def test_an_undressed_task_gets_plain_sentences_only() -> None:
    """A task that is not dressed draws no generic opener or closer and no layout: no table, heading, label or quote."""
    plain = replace(LAID, dressed=False)
    for seed in range(300):
        reply = compose(Random(seed), plain, natural=True)
        assert not {c.text for c in reply.clauses} & ({*OPENERS, *CLOSERS} - set(FILLERS))
        assert not any(mark in reply.text for mark in ("| ", "```", "\n>", "Line 1", "L1:", "As for", "(Bot B", "(_Bot B"))
        assert not reply.text.startswith(">")


def test_a_block_is_never_laid_out_in_an_aside_a_label_or_a_quote() -> None:
    """A reply holding a clause that spans lines is always laid out as plain sentences, the block on its own line."""
    block = Clause("sum", AFFIRMED, "Title\n\n- one: ready")
    for seed in range(300):
        lines = lay_out(Random(seed), [Clause(None, AFFIRMED, "Hi"), block, Clause(None, AFFIRMED, "Thanks")], (("A", "B"),))
        assert Line(block.text, states=True) in lines
