"""Realistic trial material from Faker, seeded from Hypothesis draws so examples shrink and replay."""
from __future__ import annotations

from functools import cache

from faker import Faker
from hypothesis import strategies as st

from strategies.cast import Cast
from strategies.trial import Trial, event, hex64

_FAKE = Faker()
_RESERVED = {"Aurora Audit Bot", "Beacon Deploy Bot"}
HARMLESS_TAGS = (["client", "buzz-desktop"], ["t", "status"], ["alt", "reply"], ["expiration", "1900000000"])


def faker_for(seed: int) -> Faker:
    """The shared Faker, reseeded: every value it gives is a function of `seed`."""
    _FAKE.seed_instance(seed)
    return _FAKE


@cache  # one strategy per argument: Hypothesis validates each new strategy object it draws from
@st.composite
def casts(draw: st.DrawFn, user_name: str | None = None) -> Cast:
    """A cast of people, pubkeys, ids and a clock; a different trial each time."""
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    fake = faker_for(seed)
    user = user_name or fake.name()
    agent = f"{fake.first_name()} Orchestrator"
    if user in _RESERVED or user == agent:
        user = f"{user} Jr"
    return Cast(
        seed=str(seed),
        user_name=user,
        agent_name=agent,
        start=draw(st.integers(min_value=1_600_000_000, max_value=1_900_000_000)),
        step=draw(st.integers(min_value=1, max_value=90)),
    )


@st.composite
def chatter(draw: st.DrawFn, trial: Trial, before: int = 3) -> Trial:
    """Add up to `before` unrelated messages from other people ahead of everything else."""
    count = draw(st.integers(min_value=0, max_value=before))
    fake = faker_for(draw(st.integers(min_value=0, max_value=2**32 - 1)))
    first = min(e["created_at"] for e in trial.events)
    for index in range(count):
        pubkey = hex64("chatter", fake.user_name(), index)
        event_id = hex64("chatter-event", trial.channel, fake.uuid4(), index)
        trial.events.append(event(event_id, pubkey, first - (count - index) * 13, fake.sentence(), [["h", trial.channel]]))
    return trial


@cache
def harmless_tags() -> st.SearchStrategy[list[list[str]]]:
    """Extra tags a client may add that say nothing about channel, thread or mentions."""
    return st.lists(st.sampled_from(HARMLESS_TAGS).map(list), max_size=2, unique_by=tuple)
