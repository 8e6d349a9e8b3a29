"""Witnesses a strict verifier accepts: when a subject rewards none of the task's witnesses, search the reworded
correct replies for ones it does reward, and run every promise from those.

A verifier that wants "Final: 87" and nothing else pays no witness, so every promise about what must not be rewarded
holds only vacuously: no example derived from a witness could earn reward whether or not the verifier notices the
break. The search rewords the witnesses' final replies (and the labelled correct replies given) with the
meaning-keeping rewrites of strategies/rewrites.py; the replies the subject pays in full become the run's witnesses,
and the share it paid is its measured false-fail rate's complement on correct rewordings. Only when it pays none is a
promise reported vacuous.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from random import Random

from verifuzz.diff_witnesses import _drawn
from verifuzz.properties.example import Example
from verifuzz.properties.registry import Context
from verifuzz.strategies.reword_facts import facts_for
from verifuzz.strategies.rewrites import PRESERVING, family, reword
from verifuzz.strategies.trial import Trial

TRIES = 256  # reworded replies judged at most
ENOUGH = 8  # stop once this many are paid
PLAIN = 32  # the task's own witnesses judged first


@dataclass(frozen=True)
class Search:
    """What the search did: the plain witnesses judged and paid, the reworded replies judged and paid."""

    plain: int
    plain_paid: int
    tried: int = 0
    accepted: tuple[Trial, ...] = ()
    rewrites: tuple[str, ...] = ()  # the rewrites of each accepted reply, joined by '+'
    paid_plain: tuple[Trial, ...] = ()  # the plain witnesses paid in full

    @property
    def searched(self) -> bool:
        return self.tried > 0

    def summary(self) -> str:
        if not self.searched:
            return ""
        if not self.accepted:
            return (f"witness search: the verifier paid none of {self.plain} witnesses and none of {self.tried} reworded "
                    f"correct replies; promises about what must not be rewarded can hold only vacuously")
        share = len(self.accepted) / self.tried
        kinds = ", ".join(sorted(set(self.rewrites)))
        return (f"witness search: the verifier paid none of {self.plain} witnesses, so the {len(self.accepted)} reworded "
                f"correct replies it paid in full ({share:.0%} of {self.tried} tried: a measured false-fail rate of "
                f"{1 - share:.0%} on correct rewordings) are this run's witnesses (rewrites: {kinds})")

    def as_json(self) -> dict:
        return {"plain": self.plain, "plain_paid": self.plain_paid, "tried": self.tried, "accepted": len(self.accepted),
                "accepted_share": len(self.accepted) / self.tried if self.tried else None,
                "false_fail_rate": 1 - len(self.accepted) / self.tried if self.tried else None,
                "rewrites": list(self.rewrites)}


def paid(ctx: Context, trial: Trial) -> bool:
    outcome = ctx.subject.outcome(Example.of(trial, "witness", dict(trial.input_files)))
    metrics = outcome.metrics if outcome.error is None and isinstance(outcome.metrics, dict) else {}
    return bool(metrics) and all(value == 1.0 for value in metrics.values())


def plain_witnesses(ctx: Context, seed: int) -> list[Trial]:
    """The correct runs given for this run, else a round of the task's own witnesses (none when verifuzz has none)."""
    if ctx.witnesses:
        return list(ctx.witnesses)
    return _drawn(ctx, seed, 0)[:PLAIN] if ctx.strategies is not None else []


def search(ctx: Context, seed: int, tries: int = TRIES, enough: int = ENOUGH) -> Search:
    """Judge the witnesses; when none is paid, reword them and the labelled correct replies until `enough` are paid
    or `tries` were judged."""
    plain = plain_witnesses(ctx, seed)
    paid_plain = tuple(trial for trial in plain if paid(ctx, trial))
    seeds = [*plain, *ctx.reply_seeds]
    if paid_plain or not seeds:
        return Search(len(plain), len(paid_plain), paid_plain=paid_plain)
    facts = facts_for(ctx.task)
    names = [r.name for kind in PRESERVING for r in family(kind)]
    rng = Random(int.from_bytes(hashlib.sha256(f"{seed}/witness-search".encode()).digest()[:8], "big"))
    accepted: list[Trial] = []
    rewrites: list[str] = []
    tried = 0
    seen: set[str] = set()
    for _ in range(tries * 4):  # a composition that changes nothing, or repeats a reply, is not judged
        if tried >= tries or len(accepted) >= enough:
            break
        run = rng.choice(seeds).copy()
        reply = run.final()
        result = reword(rng, str(reply.get("content") or ""), facts, rng.sample(names, rng.randint(1, 3)))
        if not result.applied or result.text in seen:
            continue
        seen.add(result.text)
        reply["content"] = result.text
        tried += 1
        if paid(ctx, run):
            accepted.append(run)
            rewrites.append("+".join(result.applied))
    return Search(len(plain), 0, tried, tuple(accepted), tuple(rewrites))


def with_found_witnesses(ctx: Context, found: Search) -> Context:
    """`ctx` whose examples derive from the reworded replies the subject paid (unchanged when it paid none, or
    needed no search); the plain witnesses it paid join the reworded-reply promises' seeds, so that their draws
    favour seeds whose rewordings say something."""
    if found.accepted:
        return replace(ctx, witnesses=found.accepted)
    if found.paid_plain and len(found.paid_plain) < found.plain:
        return replace(ctx, reply_seeds=(*found.paid_plain, *ctx.reply_seeds))
    return ctx

