"""Plausible runs for a task verifuzz knows nothing about: a question, and an in-thread reply to it."""
from __future__ import annotations

from hypothesis import strategies as st

from verifuzz.strategies.realistic import casts, chatter, faker_for
from verifuzz.strategies.trial import Trial, event, reply_tags


@st.composite
def plausible_trials(draw: st.DrawFn, task_name: str) -> Trial:
    """A run that looks like any Buzz task: the human asks, the orchestrator answers in the thread and p-tags them."""
    cast = draw(casts())
    fake = faker_for(int(cast.seed))
    root = cast.key("task-event")
    events = [
        event(root, cast.user, cast.at(0), fake.sentence() + " " + fake.sentence(), [["h", cast.channel]]),
        event(cast.key("reply"), cast.agent, cast.at(1), fake.paragraph(), reply_tags(cast.channel, root, cast.user)),
    ]
    trial = Trial(task_name=task_name, trial=cast.trial_info(), identities=cast.identities(), events=events,
                  task_event_id=root, quotable=[fake.word()])
    return chatter(draw, trial)
