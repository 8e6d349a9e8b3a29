"""Deletion requests (NIP-09) as a Buzz client publishes them: a kind-5 event whose `e` tags name the events to delete.

Only a deletion by an event's own author deletes it; readers then no longer see that event, so it was never a
reply. A deletion by anyone else deletes nothing. These build both kinds into a run, as the relay would return them.
"""
from __future__ import annotations

from random import Random
from typing import Any

from verifuzz.strategies.trial import Trial, hex64
from verifuzz.verifiers.evidence import DELETION_KIND


def deletion(by: str, created_at: int, channel: str, *targets: str) -> dict[str, Any]:
    """The kind-5 event `by` publishes to delete `targets`, with the channel's `h` tag and the deleted kind (`k`)."""
    return {"id": hex64("deletion", by, created_at, *targets), "pubkey": by, "created_at": created_at,
            "kind": DELETION_KIND, "tags": [["e", target] for target in targets] + [["k", "9"], ["h", channel]],
            "content": ""}


def delete_own(rng: Random, trial: Trial, target: dict[str, Any]) -> dict[str, Any]:
    """Add to `trial` its author's deletion of `target` (one of its events), some time after it; return the deletion."""
    return _add(trial, deletion(target["pubkey"], _after(rng, trial, target), trial.channel, *_named(rng, trial, target)))


def delete_by_another(rng: Random, trial: Trial, target: dict[str, Any]) -> dict[str, Any]:
    """Add to `trial` a deletion of `target` by a pubkey that did not write it: the human, the agent, another
    identity, a directory entry or a stranger. It deletes nothing. Return the deletion."""
    pubkeys = [spec["pubkey"] for spec in trial.identities.values()]
    pubkeys += [entry["pubkey"] for entry in trial.directory]
    pubkeys.append(hex64("stranger-deleting", rng.random()))
    by = rng.choice([pubkey for pubkey in pubkeys if pubkey != target["pubkey"]])
    return _add(trial, deletion(by, _after(rng, trial, target), trial.channel, *_named(rng, trial, target)))


def _named(rng: Random, trial: Trial, target: dict[str, Any]) -> list[str]:
    """What a deletion of `target` names: `target` alone, or beside an id the relay never served."""
    ids = [target["id"]]
    if rng.random() < 0.3:
        ids.insert(rng.randint(0, 1), hex64("never-served", rng.random()))
    return ids


def _after(rng: Random, trial: Trial, target: dict[str, Any]) -> int:
    return rng.randint(target["created_at"], trial.last_time() + 600)


def _add(trial: Trial, item: dict[str, Any]) -> dict[str, Any]:
    trial.events.append(item)
    return item
