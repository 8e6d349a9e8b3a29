"""The labelled reply generator: labels follow from the composition, and surface forms keep the meaning."""
from __future__ import annotations

from random import Random

import pytest

from verifuzz.strategies.replies import (
    AFFIRMED, ASSERTED, FUTURE, MODALITIES, NEGATED, PRESENT, QUESTIONED, REFUSED, RETRACTED, UNSAID, Clause, Fact, Reply,
    ReplyTask, compose, disguised, modalities, render, surface,
)

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
