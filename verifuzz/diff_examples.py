"""The examples `verifuzz diff` feeds both scripts: every promise's own kind of example, then saved counterexamples.

The kinds come from the promise registry, not from a list here: a promise registered later
(a new adversary, a generator of labelled replies) adds its examples to the stream by itself.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable

from hypothesis import HealthCheck, Phase, given, seed as hypothesis_seed, settings

from verifuzz.properties.counterexamples import MANIFEST, CounterexampleError, load
from verifuzz.properties.engine import applicable
from verifuzz.properties.example import Example
from verifuzz.properties.registry import Context, Property, UsageError


@dataclass(frozen=True)
class Item:
    """One example, where it came from, and the promise it was made for (None: only the any-example promises judge it)."""

    example: Example
    origin: str
    prop: Property | None


def sources(ctx: Context, names: Iterable[str] | None = None) -> list[Property]:
    """The promises whose examples make the stream: every applicable one except those that only mix the others' kinds."""
    try:
        chosen = applicable(ctx, names)
    except KeyError as error:
        raise UsageError(f"{error.args[0]}; list them with `verifuzz promises`") from None
    return [prop for prop in chosen if not prop.any_example]


def universal(ctx: Context) -> list[Property]:
    """The promises whose check applies to any example: every example is judged by them too."""
    return [prop for prop in applicable(ctx) if prop.any_example]


def drawn(prop: Property, ctx: Context, count: int, seed: int) -> list[Item]:
    """The promise's fixed examples, then `count` generated ones, each from its own witness; one seed, one list."""
    run_ctx = replace(ctx, batch=1)
    examples = list(prop.fixed(run_ctx)) if prop.fixed else []

    def collect(batch: list[Example]) -> None:
        examples.extend(batch)

    test = given(prop.examples(run_ctx))(collect)
    # Only generation: no example database, no shrinking, no deadline or health check, since nothing is judged here.
    test = settings(max_examples=count, phases=[Phase.generate], database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))(test)
    hypothesis_seed(_mixed(seed, prop.name))(test)()
    return [Item(example, f"promise {prop.name}", prop) for example in examples]


def _mixed(seed: int, name: str) -> int:
    """A seed per promise, so promises do not all start from the same witness."""
    return int.from_bytes(hashlib.sha256(f"{seed}/{name}".encode()).digest()[:8], "big")


def owners(items: Iterable[Item]) -> dict[str, list[Property]]:
    """Each example label in the stream and the promises whose examples carry it ("witness": witness_earns_full_reward).

    An example derived from another (an irrelevant change of a witness) or saved without an
    applicable promise is judged by the owners of its own and its base's labels too, so a witness
    with an irrelevant change still counts as a witness.
    """
    found: dict[str, list[Property]] = {}
    for item in items:
        if item.prop is not None and item.prop not in found.setdefault(item.example.label, []):
            found[item.example.label].append(item.prop)
    return found


def saved(folders: Iterable[Path], ctx: Context) -> list[Item]:
    """Every saved counterexample of this task under `folders`, judged by the promise it was saved for when that applies."""
    judges = {prop.name: prop for prop in applicable(ctx) if not prop.any_example}
    items = []
    for folder in folders:
        if not folder.is_dir():
            raise UsageError(f"--counterexamples {folder}: no such directory")
        for path in sorted(folder.rglob(MANIFEST)):
            try:
                manifest, example = load(path)
            except (CounterexampleError, KeyError, OSError) as error:
                raise UsageError(f"{path}: not a readable counterexample ({error}); move it away or fix it") from None
            if manifest.get("task") != ctx.task:
                continue
            items.append(Item(example, f"counterexample {path.parent}", judges.get(manifest.get("promise", ""))))
    return items
