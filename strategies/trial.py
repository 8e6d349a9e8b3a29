"""A recorded agent run before it is exported: raw events plus what the harness knows.

Witnesses build a `Trial`; adversaries change one thing in a copy of it; the
builder turns it into the snapshot a verifier reads.
"""
from __future__ import annotations

import hashlib
import marshal
from dataclasses import dataclass, field, fields
from typing import Any

from verifuzz.strategies.builder import SNAPSHOT_COPIES, build_snapshot, copy_events
from verifuzz.verifiers.evidence import ORCHESTRATOR, USER

MESSAGE_KIND = 9


def hex64(*parts: object) -> str:
    """A stable 64-hex id or pubkey derived from `parts`."""
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()


def event(event_id: str, pubkey: str, created_at: int, content: str, tags: list[list[str]]) -> dict[str, Any]:
    return {"id": event_id, "pubkey": pubkey, "created_at": created_at, "kind": MESSAGE_KIND, "tags": tags, "content": content}


def reply_tags(channel: str, root: str, *mentions: str) -> list[list[str]]:
    """The tags a Buzz client puts on an in-thread reply that notifies `mentions`."""
    return [["h", channel], ["e", root, "", "reply"], *(["p", pubkey] for pubkey in mentions)]


def plain_copy(value: Any) -> Any:
    """A deep copy of nested dicts and lists of plain leaves, nothing shared with the original.

    A marshal round trip does it in C, over twice as fast as a recursive copy in Python;
    format version 2 writes no back-references, so no two parts of the copy share an object.
    """
    return marshal.loads(marshal.dumps(value, 2))


@dataclass
class Trial:
    task_name: str
    trial: dict[str, str]
    identities: dict[str, dict[str, str]]
    events: list[dict[str, Any]]
    task_event_id: str | None
    completion_message_id: str | None = None
    directory: list[dict[str, Any]] = field(default_factory=list)
    observed_channels: list[dict[str, Any]] = field(default_factory=list)
    scripted_events: list[dict[str, str]] = field(default_factory=list)
    transcript_limit: int | None = None
    input_files: dict[str, str] = field(default_factory=dict)
    quotable: list[str] = field(default_factory=list)  # phrases a refusal may quote back
    custody: dict[str, str] = field(default_factory=dict)  # input flag -> breach (strategies/custody.py)
    # Why an adversary's break makes this run wrong, said of this very run when the break was drawn (the claim a
    # report makes against what was observed); None: its `breaks` text says it.
    why: str | None = None

    def copy(self) -> Trial:
        """A private copy for an adversary to break: every dict and list is new; the strings and numbers
        in them, which nothing can change, are shared. Copying by the snapshot's layout takes a few
        microseconds where a marshal round trip took 25 to 40: it remade every string as well."""
        values = dict(self.__dict__)
        for name, copy in _COPIES:
            values[name] = copy(values[name])
        return Trial(**values)

    def snapshot(self) -> dict[str, Any]:
        return build_snapshot(
            task_name=self.task_name,
            trial=self.trial,
            identities=self.identities,
            events=self.events,
            task_event_id=self.task_event_id,
            completion_message_id=self.completion_message_id,
            directory=self.directory,
            observed_channels=self.observed_channels,
            scripted_events=self.scripted_events,
            transcript_limit=self.transcript_limit,
        )

    @property
    def channel(self) -> str:
        return self.trial["channel_id"]

    def pubkey(self, role: str) -> str:
        return next(spec["pubkey"] for spec in self.identities.values() if spec["role"] == role)

    @property
    def user(self) -> str:
        return self.pubkey(USER)

    @property
    def agent(self) -> str:
        return self.pubkey(ORCHESTRATOR)

    def agent_events(self) -> list[dict[str, Any]]:
        agent = self.agent
        return [e for e in self.events if e["pubkey"] == agent]

    def final(self) -> dict[str, Any]:
        """The agent's last event: the reply a verifier scores."""
        return max(self.agent_events(), key=lambda e: (e["created_at"], e["id"]))

    def last_time(self) -> int:
        return max(e["created_at"] for e in self.events)


# How each part of a trial is copied: the parts a snapshot holds by the snapshot's layout, the raw events
# by the fields a message takes from its event, the rest as the plain dicts and lists they are.
_PARTS = {item.name for item in fields(Trial)}
_COPIES = (
    *((name, copy) for name, copy in SNAPSHOT_COPIES if copy is not None and name in _PARTS),
    ("events", copy_events),
    ("input_files", dict),
    ("quotable", list),
    ("custody", dict),
)
