"""What changes the meaning of a sentence, and what asks (verifiers/meaning.py)."""
from __future__ import annotations

import pytest

from verifuzz.verifiers.meaning import asks, meaning_changers, offers


@pytest.mark.parametrize(("sentence", "found"), [
    ("it isn't 41", ["negated: 'n't'"]), ("it isnt 41", ["negated: 'isnt'"]), ("roughly 41", ["hedged: 'roughly'"]),
    ("41, if i remember right", ["hedged: 'if i remember'", "conditional: 'if'"]), ("41 or 42", ["alternatives: 'or'"]),
    ("it will be 41", ["future: 'will'"]), ("ops says 41", ["attributed: 'says'"]), ("scratch that", ["retracted: 'scratch'"]),
    ("41 /s", ["not a real answer: '/s'"]), ("still waiting on ops", ["still waiting: 'waiting'"]),
    ("had the reserve been 10, 84", ["conditional: 'had'"]), ("41, had it been", ["conditional: ', had'"]),
    ("once the report is in, 87", ["conditional: 'once'"]), ("once all were in, 87", []), ("the plan had 42 tickets", []),
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
