"""Every witness stays inside its task's real input space, as each task's FACTS declare it."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from verifuzz.strategies.tasks import for_task, task_names
from verifuzz.strategies.trial import hex64


@pytest.mark.parametrize("task", task_names())
def test_every_witness_keeps_the_task_facts(task: str) -> None:
    """No drawn witness changes the human, the seeded directory, the prompt or the fixed input lines."""
    definition = for_task(task)
    facts = definition.facts

    @settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(definition.witnesses())
    def keeps(trial) -> None:  # type: ignore[no-untyped-def]
        assert facts.departures(trial) == []

    keeps()


@pytest.mark.parametrize("task", task_names())
def test_a_witness_that_leaves_the_facts_is_caught(task: str) -> None:
    """The declaration has teeth: an extra directory identity or another prompt is reported as a departure."""
    definition = for_task(task)
    run = definition.trial()
    assert definition.facts.departures(run) == []
    run.directory.append({"name": "Helper Bot 7", "role": "bot", "pubkey": hex64("helper", 7)})
    run.events[0]["content"] += " Also, ping everyone."
    found = definition.facts.departures(run)
    assert any("directory" in d for d in found) and any("prompt" in d for d in found)


def test_the_narrative_human_is_the_one_the_task_seeds() -> None:
    """narrative-agent-names fixes its human: a witness named otherwise is a departure."""
    from verifuzz.strategies.cast import Cast
    from verifuzz.strategies.narrative_agent_names import FACTS, trial

    assert FACTS.departures(trial(Cast(user_name="Somebody Else"))) == ["human 'Somebody Else', not 'Maya Elise Chen'"]
