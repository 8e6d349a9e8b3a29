"""Witnesses first: the correct runs the OLD script rewards, so both versions are compared on runs that can earn reward.

A verifier that pays none of a task's usual witnesses (it wants "ALPHA: 346" and nothing else) scores every example 0
before and after a change, so no difference can show. `witnesses_of_old` is the one place `verifuzz diff` asks for
such runs: it draws the task's own witnesses and keeps those OLD pays in full, and when OLD pays none, takes the
reworded correct replies it pays (verifuzz/witness_search.py, docs/reworded.md).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from hypothesis import HealthCheck, Phase, given, seed as hypothesis_seed, settings

from verifuzz.properties.example import Example
from verifuzz.properties.registry import Context
from verifuzz.strategies.trial import Trial

DRAWS = 256  # witnesses drawn at most
ROUND = 32  # drawn at a time, until enough are paid
ENOUGH = 8  # stop drawing once this many are paid


@dataclass(frozen=True)
class OldWitnesses:
    """The witnesses OLD pays in full, and how many were tried to find them."""

    accepted: tuple[Trial, ...]
    tried: int

    def summary(self) -> str:
        return f"OLD pays {len(self.accepted)} of {self.tried} witness wordings tried"


def witnesses_of_old(old: Context, seed: int, draws: int = DRAWS, enough: int = ENOUGH) -> OldWitnesses:
    """Up to `enough` correct runs of the task that OLD rewards with 1.0 on every metric, from at most `draws` of the
    task's witnesses (none when verifuzz has no witnesses for the task). They are drawn in rounds of `ROUND`, and OLD
    judges one witness per wording of the agent's messages: a verifier that pays one wording in eight needs a few
    hundred draws (Hypothesis draws wordings unevenly) but only a few dozen runs.

    When OLD pays none of them, the reworded correct replies it pays (verifuzz/witness_search.py) stand in.
    """
    if old.strategies is None:
        return OldWitnesses((), 0)
    accepted: list[Trial] = []
    seen: set[tuple[str, ...]] = set()
    tried = 0
    for round_ in range(-(-draws // ROUND)):
        for trial in _drawn(old, seed, round_):
            wording = tuple(str(event.get("content")) for event in trial.agent_events())
            if wording in seen:
                continue
            seen.add(wording)
            tried += 1
            outcome = old.subject.outcome(Example.of(trial, "witness", dict(trial.input_files)))
            metrics = outcome.metrics if outcome.error is None and isinstance(outcome.metrics, dict) else {}
            if metrics and all(value == 1.0 for value in metrics.values()):
                accepted.append(trial)
                if len(accepted) >= enough:
                    return OldWitnesses(tuple(accepted), tried)
    if not accepted:  # OLD pays none: the reworded correct replies it pays instead (verifuzz/witness_search.py)
        from verifuzz import witness_search

        found = witness_search.search(old, seed, enough=enough)
        return OldWitnesses(found.accepted, tried + found.tried)
    return OldWitnesses(tuple(accepted), tried)


def _drawn(old: Context, seed: int, round_: int) -> list[Trial]:
    """`ROUND` of the task's witnesses, the same for the same seed and round."""
    assert old.strategies is not None
    drawn: list[Trial] = []

    def collect(trial: Trial) -> None:
        drawn.append(trial)

    test = given(old.strategies.witnesses())(collect)
    test = settings(max_examples=ROUND, phases=[Phase.generate], database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))(test)
    hypothesis_seed(int.from_bytes(hashlib.sha256(f"{seed}/witnesses/{round_}".encode()).digest()[:8], "big"))(test)()
    return drawn


def from_old_witnesses(ctx: Context, found: OldWitnesses) -> Context:
    """`ctx` whose examples derive from the witnesses OLD pays (unchanged when it pays none)."""
    return replace(ctx, witnesses=found.accepted) if found.accepted else ctx
