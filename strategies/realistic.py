"""Realistic trial material from Faker, seeded from Hypothesis draws so examples shrink and replay."""
from __future__ import annotations

from functools import cache
from random import Random

from faker import Faker
from hypothesis import strategies as st

from verifuzz.strategies.cast import Cast
from verifuzz.strategies.trial import Trial, event, hex64
from verifuzz.verifiers.evidence import ORCHESTRATOR

_FAKE = Faker()
_RESERVED = {"Aurora Audit Bot", "Beacon Deploy Bot"}
HARMLESS_TAGS = (["client", "buzz-desktop"], ["t", "status"], ["alt", "reply"], ["expiration", "1900000000"])
CHANNEL_TYPES = ("stream", "forum")
VISIBILITIES = ("private", "open")
TTLS = (None, 3600, 86_400)


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


def chatter(draw: st.DrawFn, trial: Trial, before: int = 3) -> Trial:
    """Surround a run with what a real export holds besides it, none of which the task grades.

    Up to `before` unrelated messages from other people come ahead of everything else; the
    harness adds its own records (`add_harness_records`); and every message's tags are written
    in an order some client might use (`client_tag_order`). A function of the caller's draw,
    not a strategy: a strategy made per trial would be validated by Hypothesis on every draw.
    """
    count = draw(st.integers(min_value=0, max_value=before))
    fake = faker_for(draw(st.integers(min_value=0, max_value=2**32 - 1)))
    first = min(e["created_at"] for e in trial.events)
    posted = []
    for index in range(count):
        pubkey = hex64("chatter", fake.user_name(), index)
        event_id = hex64("chatter-event", trial.channel, fake.uuid4(), index)
        trial.events.append(event(event_id, pubkey, first - (count - index) * 13, fake.sentence(), [["h", trial.channel]]))
        posted.append(event_id)
    add_harness_records(draw, trial, fake, posted)
    client_tag_order(draw, trial)
    return trial


def add_harness_records(draw: st.DrawFn, trial: Trial, fake: Faker, injected: list[str]) -> None:
    """Sometimes the records a harness keeps beside the messages: a channel it watched, labels for the
    messages it injected (`injected`), the completion message, directory identity ids.

    A task that grades one of these sets it itself, and it is left alone.
    """
    if not trial.observed_channels and draw(st.booleans()):
        trial.observed_channels = [observed_channel(draw, trial, fake)]
    if not trial.scripted_events and injected and draw(st.booleans()):
        trial.scripted_events = [{"label": f"{fake.slug()}-{index}", "event_id": event_id} for index, event_id in enumerate(injected)]
    if trial.completion_message_id is None and trial.agent_events() and draw(st.booleans()):
        trial.completion_message_id = trial.final()["id"]
    for entry in trial.directory:
        if "identity_id" not in entry and draw(st.booleans()):
            entry["identity_id"] = "-".join(entry["name"].lower().split()) if draw(st.booleans()) else None


def observed_channel(draw: st.DrawFn, trial: Trial, fake: Faker) -> dict:
    """A channel as the harness records it: the trial channel or another, with the run's people as members."""
    members = [{"pubkey": spec["pubkey"], "role": "owner" if spec["role"] == ORCHESTRATOR else "member"}
               for spec in trial.identities.values()]
    members += [{"pubkey": entry["pubkey"], "role": entry["role"]} for entry in trial.directory]
    return {
        "channel_id": trial.channel if draw(st.booleans()) else hex64("observed", fake.uuid4()),
        "name": fake.slug(),
        "channel_type": draw(st.sampled_from(CHANNEL_TYPES)),
        "visibility": draw(st.sampled_from(VISIBILITIES)),
        "archived": draw(st.booleans()),
        "ttl_seconds": draw(st.sampled_from(TTLS)),
        "members": members,
    }


def client_tag_order(draw: st.DrawFn, trial: Trial) -> None:
    """Reorder each message's tags as a client may, keeping the order among tags of one name.

    What tags mean depends only on that order (the first `h`, the first `e` marked `reply`,
    every `p`), so the `h` tag need not come first. One draw seeds the shuffles of every
    message; it shrinks to 0, which keeps the order the tags were written in.
    """
    seed = draw(TAG_ORDER_SEEDS)
    if seed == 0:
        return
    rng = Random(seed)
    for item in trial.events:
        names = [tag[0] if tag else "" for tag in item["tags"]]
        if len(set(names)) < 2:
            continue
        queues: dict[str, list[list[str]]] = {}
        for name, tag in zip(names, item["tags"]):
            queues.setdefault(name, []).append(tag)
        rng.shuffle(names)
        item["tags"] = [queues[name].pop(0) for name in names]


TAG_ORDER_SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@cache
def harmless_tags() -> st.SearchStrategy[list[list[str]]]:
    """Extra tags a client may add that say nothing about channel, thread or mentions."""
    return st.lists(st.sampled_from(HARMLESS_TAGS).map(list), max_size=2, unique_by=tuple)
