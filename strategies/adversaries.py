"""Adversaries: each takes a correct run and breaks exactly one thing about it.

An adversary's `apply` gets a `random.Random` and a private copy of a witness
`Trial`; it returns the broken trial, or a snapshot dict when the break lives in
the export itself (truncation, schema, derived fields). Its choices come from the
random generator, not from Hypothesis draws: each batch's generator is seeded by one
Hypothesis draw, so examples still replay and shrink with the witness and seed,
and breaking a copy costs microseconds instead of a draw per choice.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from random import Random
from typing import Any, Callable, Union

from verifuzz.strategies.noise import garbled_text
from verifuzz.strategies.refusals import refusal_text
from verifuzz.strategies.trial import Trial, event, hex64

Broken = Union[Trial, dict]


@dataclass(frozen=True)
class Adversary:
    """A named way to break a run; `breaks` says what a verifier must notice, `zeroes` the dimension that must
    score 0 for it (set by the task that uses it: the generic adversaries below zero different dimensions in
    different tasks)."""

    name: str
    breaks: str
    apply: Callable[[Random, Trial], Broken]
    zeroes: str | None = None

    def __repr__(self) -> str:
        return f"Adversary({self.name!r})" if self.zeroes is None else f"Adversary({self.name!r}, zeroes={self.zeroes!r})"

    def zeroing(self, dimension: str) -> Adversary:
        """This adversary as a task uses it: `dimension` must score 0."""
        return replace(self, zeroes=dimension)


def adversary(breaks: str, *, zeroes: str | None = None) -> Callable[[Callable[[Random, Trial], Broken]], Adversary]:
    """Declare a function as an adversary named after it; a task's own adversary names the dimension it zeroes."""

    def wrap(apply: Callable[[Random, Trial], Broken]) -> Adversary:
        return Adversary(apply.__name__, breaks, apply, zeroes)

    return wrap


def set_tag(tags: list[list[str]], name: str, value: list[str] | None) -> list[list[str]]:
    """Replace the first `name` tag by `value` (None drops it), keeping every other tag."""
    kept = [tag for tag in tags if not (tag and tag[0] == name)]
    return kept if value is None else [value, *kept]


@adversary("the scored reply is signed by someone who is not the orchestrator")
def wrong_author(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["pubkey"] = hex64("impostor", rng.randint(0, 10**6))
    return trial


@adversary("the reply is posted in another channel")
def wrong_channel(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["tags"] = set_tag(final["tags"], "h", ["h", hex64("elsewhere", rng.randint(0, 10**6))])
    return trial


@adversary("the reply carries no channel tag at all")
def no_channel_tag(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["tags"] = set_tag(final["tags"], "h", None)
    return trial


@adversary("the reply is a new top-level message instead of a reply in the task's thread")
def top_level_reply(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    final["tags"] = set_tag(final["tags"], "e", None)
    return trial


@adversary("the reply is threaded under some other event")
def reply_to_other_event(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    other = hex64("other-root", rng.randint(0, 10**6))
    final["tags"] = set_tag(final["tags"], "e", ["e", other, "", "reply"])
    return trial


@adversary("the e tag names the task event but is marked root or mention, not reply")
def unmarked_thread_tag(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    marker = rng.choice(["root", "mention", ""])
    final["tags"] = set_tag(final["tags"], "e", ["e", trial.task_event_id or "", "", marker])
    return trial


@adversary("the task event appears twice in the export")
def duplicated_task_event(rng: Random, trial: Trial) -> Broken:
    snapshot = trial.snapshot()
    root = next(m for m in snapshot["messages"] if m["id"] == trial.task_event_id)
    snapshot["messages"].insert(snapshot["messages"].index(root) + 1, dict(root))
    snapshot["message_count"] += 1
    return snapshot


@adversary("the task event id is missing and so is the reply's thread pointer")
def missing_task_event_and_reply_pointer(rng: Random, trial: Trial) -> Broken:
    trial.task_event_id = None
    for item in trial.agent_events():
        item["tags"] = set_tag(item["tags"], "e", None)
    return trial


@adversary("the task event id names no exported message")
def unknown_task_event(rng: Random, trial: Trial) -> Broken:
    trial.task_event_id = hex64("ghost", rng.randint(0, 10**6))
    return trial


@adversary("a second identity claims the orchestrator role")
def two_orchestrators(rng: Random, trial: Trial) -> Broken:
    trial.identities["Shadow Orchestrator"] = {"role": "orchestrator", "pubkey": hex64("shadow", trial.channel)}
    return trial


@adversary("the snapshot was exported for another task")
def wrong_task_name(rng: Random, trial: Trial) -> Broken:
    trial.task_name = rng.choice(["reply-to-thread", "user-mention", trial.task_name + "-v2", ""])
    return trial


@adversary("the snapshot claims a schema version other than 1")
def wrong_schema_version(rng: Random, trial: Trial) -> Broken:
    snapshot = trial.snapshot()
    snapshot["schema_version"] = rng.choice([0, 2, "1", 1.0, True, None])
    return snapshot


@adversary("the export hit its transcript limit, so the snapshot is incomplete")
def truncated_snapshot(rng: Random, trial: Trial) -> Broken:
    trial.transcript_limit = rng.randint(len(trial.events), len(trial.events) + 3)
    snapshot = trial.snapshot()
    snapshot["truncated"] = True
    return snapshot


@adversary("a derived field of the reply disagrees with its signed tags")
def derived_fields_disagree(rng: Random, trial: Trial) -> Broken:
    snapshot = trial.snapshot()
    final_id = trial.final()["id"]
    message = next(m for m in snapshot["messages"] if m["id"] == final_id)
    field = rng.choice(["channel_id", "reply_to_event_id", "mentioned_pubkeys", "mentioned_pubkeys"])
    if field != "mentioned_pubkeys":
        message[field] = hex64("forged", field)
    elif message[field] and rng.random() < 0.5:
        message[field] = []
    else:
        message[field] = [*message[field], hex64("forged")]
    return snapshot


@adversary("a refusal in place of the answer")
def refusal(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = refusal_text(rng, trial.quotable)
    return trial


@adversary("the agent's reply is empty or only whitespace")
def empty_reply(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = rng.choice(["", " ", "\n", "\t \n", "\u3000", "\u200b"])
    return trial


@adversary("the reply is unicode noise or a huge string instead of an answer")
def garbled_reply(rng: Random, trial: Trial) -> Broken:
    trial.final()["content"] = garbled_text(rng)
    return trial


@adversary("the agent never replied")
def no_reply(rng: Random, trial: Trial) -> Broken:
    trial.events = [e for e in trial.events if e["pubkey"] != trial.agent]
    return trial


@adversary("the agent replied only before the task was posted")
def reply_before_task(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    root = next(e for e in trial.events if e["id"] == trial.task_event_id)
    final["created_at"] = root["created_at"] - 1
    return trial


# Kinds a relay carries besides chat (NIP-29 kind 9): a note, a deletion, a reaction, a group reply or comment,
# a zap receipt, a long-form article. None of them is a message a person reads in the channel.
OTHER_KINDS = (1, 5, 7, 10, 11, 12, 16, 1111, 9735, 30023)


@adversary("the only reply carrying the right content and tags is not a chat message (a deletion, reaction or other kind)")
def reply_of_another_kind(rng: Random, trial: Trial) -> Broken:
    trial.final()["kind"] = rng.choice(OTHER_KINDS)
    return trial


@adversary("the chat reply refuses; the right content and tags come after it only in an event of another kind")
def right_answer_only_in_another_kind(rng: Random, trial: Trial) -> Broken:
    final = trial.final()
    answer = extra_message(trial, final["content"], [list(tag) for tag in final["tags"]])
    answer["kind"] = rng.choice(OTHER_KINDS)
    final["content"] = refusal_text(rng, trial.quotable)
    return trial


@adversary("the reply reached the export without an id, pubkey, integer kind or integer created_at")
def unreadable_reply(rng: Random, trial: Trial) -> Broken:
    snapshot = trial.snapshot()
    final_id = trial.final()["id"]
    message = next(m for m in snapshot["messages"] if m["id"] == final_id)
    field = rng.choice(["id", "pubkey", "kind", "created_at"])
    if field in ("id", "pubkey"):
        message[field] = ""
        if field == "pubkey":
            message["author"] = message["author_role"] = "unknown"
    else:
        message[field] = None
        snapshot["messages"].remove(message)
        snapshot["messages"].append(message)  # the exporter puts it last, where the reply already was
    return snapshot


GENERIC = (
    wrong_author,
    wrong_channel,
    no_channel_tag,
    top_level_reply,
    reply_to_other_event,
    unmarked_thread_tag,
    duplicated_task_event,
    missing_task_event_and_reply_pointer,
    unknown_task_event,
    two_orchestrators,
    wrong_task_name,
    wrong_schema_version,
    truncated_snapshot,
    derived_fields_disagree,
    reply_before_task,
    garbled_reply,
    reply_of_another_kind,
    right_answer_only_in_another_kind,
    unreadable_reply,
)
SILENCE = (empty_reply, no_reply)
REFUSAL = refusal

# What each generic adversary breaks. A task names the dimension each role zeroes in it (`generic`).
ROLES: dict[str, tuple[Adversary, ...]] = {
    "author": (wrong_author,),
    "channel": (wrong_channel, no_channel_tag),
    "thread": (top_level_reply, reply_to_other_event, unmarked_thread_tag, missing_task_event_and_reply_pointer),
    "evidence": (duplicated_task_event, unknown_task_event, two_orchestrators, wrong_task_name, wrong_schema_version,
                 truncated_snapshot, derived_fields_disagree, reply_before_task, unreadable_reply, no_reply),
    "answer": (garbled_reply, reply_of_another_kind, right_answer_only_in_another_kind, empty_reply, refusal),
}


def generic(*, evidence: str, answer: str, author: str | None = None, channel: str | None = None,
            thread: str | None = None, **single: str) -> tuple[Adversary, ...]:
    """The generic adversaries as a task uses them: each role bound to the dimension it zeroes there (a role
    given None does not apply: the task does not score it), `single` rebinding one adversary by name."""
    dimension = {"evidence": evidence, "answer": answer, "author": author, "channel": channel, "thread": thread}
    by_role = {a.name: role for role, members in ROLES.items() for a in members}
    unknown = sorted(set(single) - set(by_role))
    if unknown:
        raise ValueError(f"no generic adversary named {', '.join(unknown)}")
    bound = []
    for a in (*GENERIC, *SILENCE, REFUSAL):
        zeroes = single.get(a.name, dimension[by_role[a.name]])
        if zeroes is not None:
            bound.append(a.zeroing(zeroes))
    return tuple(bound)


def extra_message(trial: Trial, content: str, tags: list[list[str]], pubkey: str | None = None, tick: int = 1) -> dict[str, Any]:
    """Append a message `tick` seconds after the last one (by the agent unless `pubkey` says otherwise)."""
    item = event(hex64("extra", trial.channel, len(trial.events), content), pubkey or trial.agent, trial.last_time() + tick, content, tags)
    trial.events.append(item)
    return item
