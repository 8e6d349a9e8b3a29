"""What changes the meaning of a sentence, and what asks (verifiers/meaning.py)."""
from __future__ import annotations

import re

import pytest

from verifuzz.verifiers.meaning import (
    CHANGERS, TRIGGER_OPENINGS, TRIGGER_PHRASES, TRIGGER_REST, TRIGGER_WORDS, alternatives, asks, meaning_changers, offers,
)


@pytest.mark.parametrize(("sentence", "found"), [
    ("it isn't 41", ["negated: 'n't'"]), ("it isnt 41", ["negated: 'isnt'"]), ("roughly 41", ["hedged: 'roughly'"]),
    ("41, if i remember right", ["hedged: 'if i remember'", "conditional: 'if'"]), ("41 or 42", ["alternatives: 'or'"]),
    ("it will be 41", ["future: 'will'"]), ("ops says 41", ["attributed: 'says'"]), ("scratch that", ["retracted: 'scratch'"]),
    ("41 /s", ["not a real answer: '/s'"]), ("still waiting on ops", ["still waiting: 'waiting'"]),
    ("had the reserve been 10, 84", ["conditional: 'had'"]), ("41, had it been", ["conditional: ', had'"]),
    ("once the report is in, 87", ["conditional: 'once'"]), ("once all were in, 87", []), ("the plan had 42 tickets", []),
    ("once the reports came in, 87", []), ("87 once it lands", ["conditional: 'once'"]),
    ("41 tickets remain", []), ("we expect 41", ["future: 'expect'"]),
])
def test_each_rule_names_the_words_that_meet_it(sentence: str, found: list[str]) -> None:
    assert meaning_changers(sentence) == found


def test_a_question_by_its_mark_or_its_opening_verb() -> None:
    assert asks("is it 41", "is it 41") and asks("it is 41", "it is 41?") and not asks("it is 41", "it is 41")
    assert not asks("", "") and not asks("41 is it", "41 is it") and asks("can you confirm", "can you confirm")


@pytest.mark.parametrize(("sentence", "offered"), [
    ("want me to pin it in the channel", True), ("should i post it in #releases too", True), ("anything else", True),
    ("should i send it", False), ("want me to post the final figure now", False), ("shall i share this", False),
    ("is it right", False), ("would you like me to confirm the answer elsewhere", True),
])
def test_an_offer_is_more_work_than_the_tasks_own(sentence: str, offered: bool) -> None:
    assert offers(sentence) is offered


def test_alternatives_split_only_at_the_top_level() -> None:
    assert alternatives(r"a|b(?:c|d)|\(|e") == ["a", "b(?:c|d)", r"\(", "e"]
    assert alternatives("abc") == ["abc"] and alternatives("") == [""]


def test_the_first_look_never_hides_a_rule_that_a_full_search_finds() -> None:
    """The quick look at words, openings and phrases finds every sentence that a search rule by rule finds."""
    sentences = [
        "i think 41", "41, i'd say", "isn't it", "41 - or so", "not yet", "probably", "it seems so", "hmm", "41 /s",
        "update: 42", "e.g. 41", "answer_correct 1", "if i'm right", "once it lands", "made it up", "yeah right",
        "41 tickets remain", "the final figure is 87", "42 planned, 1 cancelled", "double-check it", "41-ish", "~41",
        "could be", "correction: 42", "had it been", "that'll be 41", "i refuse", "declined", "approximately 41",
    ]
    for sentence in sentences:
        full = [rule for rule, pattern in CHANGERS if re.search(pattern, sentence)]
        assert [found.split(":")[0] for found in meaning_changers(sentence)] == full, sentence
    assert "think" not in TRIGGER_WORDS and " i think " in TRIGGER_PHRASES and "probabl" in TRIGGER_OPENINGS
    assert "not" in TRIGGER_WORDS and TRIGGER_REST.search("isn't") and not TRIGGER_REST.search("41 tickets remain")


@pytest.mark.parametrize(("sentence", "rule"), [
    ("at least 41", "hedged: 'at least'"), ("87 (please verify)", "hedged: 'please verify'"), ("it'd be 87", "conditional: ''d be'"),
    ("87, subject to review", "hedged: 'subject to'"), ("87 jk", "hedged: 'jk'"), ("87 or thereabouts", "hedged: 'thereabouts'"),
])
def test_bounds_requests_to_verify_and_contracted_conditions_change_the_meaning(sentence: str, rule: str) -> None:
    assert rule in meaning_changers(sentence)
