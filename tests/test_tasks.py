"""A task definition is checked as it loads: its parts must agree, or loading says what to fix."""
from __future__ import annotations

import dataclasses
import types
from random import Random

import pytest

from verifuzz.strategies import narrative_agent_names as narrative
from verifuzz.strategies.adversaries import GENERIC, REFUSAL, SILENCE, Adversary, adversary, generic, wrong_channel
from verifuzz.strategies.tasks import TASKS_DIR, Task, TaskError, UnknownTask, for_task, registered, task_names
from verifuzz.strategies.trial import Trial

DEFINITION = narrative.TASK


def _with(**changes: object) -> Task:
    return dataclasses.replace(DEFINITION, **changes)


def test_every_bundled_task_is_registered_with_its_folder_and_verifier() -> None:
    """Each registered task has its folder under tasks/ and a verifier whose spec carries the task's name."""
    assert {"narrative-agent-names", "read-named-path-outside-workspace"} <= set(task_names())
    for task in registered().values():
        assert task.folder == TASKS_DIR / task.name and (task.folder / "task.toml").is_file()
        assert task.verifier.TASK.name == task.name


def test_the_shipped_definitions_check_clean() -> None:
    """Both shipped definitions pass their own load-time check, module scan included."""
    for task in registered().values():
        task.check(__import__(f"verifuzz.strategies.{task.name.replace('-', '_')}", fromlist=["TASK"]))


def test_an_unknown_task_names_the_known_ones() -> None:
    """Asking for a task verifuzz does not define says which tasks it does define."""
    with pytest.raises(UnknownTask, match="known tasks: " + ", ".join(task_names())):
        for_task("reply-to-thred")


def test_a_misspelt_dimension_is_refused() -> None:
    """An adversary zeroing a dimension the verifier does not score fails the load, naming the real dimensions."""
    task = _with(adversaries=(*DEFINITION.adversaries[:-1], DEFINITION.adversaries[-1].zeroing("evidence_compelte")))
    with pytest.raises(TaskError, match="zeroes 'evidence_compelte', which the verifier does not score"):
        task.check()


def test_a_dimension_nothing_exercises_is_refused() -> None:
    """Dropping every adversary of a dimension fails the load: nothing would notice that dimension always scoring 1."""
    kept = tuple(a for a in DEFINITION.adversaries if a.zeroes != "user_mentioned")
    with pytest.raises(TaskError, match="no adversary zeroes dimension 'user_mentioned'"):
        _with(adversaries=kept).check()


def test_a_generic_adversary_must_say_what_it_zeroes() -> None:
    """A generic adversary listed without `.zeroing(...)` fails the load with the way to declare it."""
    with pytest.raises(TaskError, match=r"'wrong_channel' does not say which dimension it zeroes"):
        _with(adversaries=(*DEFINITION.adversaries, wrong_channel)).check()


def test_an_adversary_left_out_of_the_definition_is_refused() -> None:
    """An adversary defined in the task's module but not listed in TASK would have no promise: the load fails."""
    module = types.ModuleType("verifuzz.strategies.scratch_task")

    def forgotten(rng: Random, trial: Trial) -> Trial:
        return trial

    forgotten.__module__ = module.__name__
    module.forgotten = adversary("a break nobody listed", zeroes="status_correct")(forgotten)
    with pytest.raises(TaskError, match="'forgotten' is defined in verifuzz.strategies.scratch_task but not in its TASK"):
        DEFINITION.check(module)


def test_an_adversary_listed_twice_is_refused() -> None:
    """Two entries of one name would run one promise with two dimensions: the load fails."""
    twice = (*DEFINITION.adversaries, DEFINITION.adversaries[0])
    with pytest.raises(TaskError, match="listed twice"):
        _with(adversaries=twice).check()


def test_facts_of_another_task_are_refused() -> None:
    """A definition carrying another task's facts fails the load."""
    with pytest.raises(TaskError, match="its facts are those of 'reply-to-thread'"):
        _with(facts=dataclasses.replace(DEFINITION.facts, task="reply-to-thread")).check()


def test_the_dimension_an_adversary_zeroes_is_the_one_it_declares() -> None:
    """A task answers each adversary's dimension from that adversary's own declaration."""
    by_name = {a.name: a for a in DEFINITION.adversaries}
    assert DEFINITION.dimension(by_name["at_wake"]) == "bots_not_mentioned"
    assert DEFINITION.dimension(by_name["wrong_channel"]) == "reply_to_thread"
    assert for_task("read-named-path-outside-workspace").dimension(wrong_channel) == "same_channel"
    assert isinstance(by_name["at_wake"], Adversary) and by_name["at_wake"].zeroes == "bots_not_mentioned"


def test_generic_binds_every_role_and_leaves_out_a_role_given_none() -> None:
    """Each generic adversary is bound to its role's dimension, in pool order; a role of None drops its members."""
    every = generic(evidence="e", answer="a", author="au", channel="c", thread="t")
    assert [a.name for a in every] == [a.name for a in (*GENERIC, *SILENCE, REFUSAL)]
    assert {a.name: a.zeroes for a in every}["wrong_channel"] == "c"
    threadless = generic(evidence="e", answer="a", author="au", channel="c", missing_task_event_and_reply_pointer="e")
    assert "top_level_reply" not in {a.name for a in threadless}
    assert {a.name: a.zeroes for a in threadless}["missing_task_event_and_reply_pointer"] == "e"


def test_generic_refuses_a_name_it_does_not_have() -> None:
    """Rebinding a generic adversary that does not exist is an error naming it, not a silent no-op."""
    with pytest.raises(ValueError, match="no generic adversary named wrong_chanel"):
        generic(evidence="e", answer="a", wrong_chanel="c")
